// What outlives the page: the URL hash names the puzzle (so a link reopens it) and
// localStorage keeps the game in progress (so a reload resumes it).
//
// Hash forms:
//   #p=<one-line puzzle>                        a puzzle, givens only ('.' for empty)
//   #size=9&seed=42&symmetry=rot180[&empty=0.6] a generated puzzle, made again from its seed
//   #size=16                                    a blank grid

import { boxSide, fromLine } from './grid.js';

const GAME_KEY = 'sudoku64.game';
const THEME_KEY = 'sudoku64.theme';
const SYMMETRIES = ['none', 'rot180', 'rot90', 'mirror', 'diagonal'];

/**
 * Reads a hash. Returns {puzzle: {size, values}}, {generate: {size, seed, symmetry, empty?}},
 * {blank: size}, or null when it names nothing this app understands.
 */
export function parseHash(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  if (params.has('p')) {
    const puzzle = fromLine(params.get('p'));
    return puzzle ? { puzzle } : null;
  }
  const size = Number(params.get('size'));
  if (!boxSide(size)) return null;
  const seed = params.get('seed');
  if (seed === null) return { blank: size };
  if (!/^\d{1,20}$/.test(seed)) return null;
  const symmetry = SYMMETRIES.includes(params.get('symmetry')) ? params.get('symmetry') : 'none';
  const generate = { size, seed: seedValue(seed), symmetry };
  const empty = Number(params.get('empty'));
  if (params.has('empty') && empty > 0 && empty < 1) generate.empty = empty;
  return { generate };
}

/** A seed as the engine takes it: a number when exact, else a BigInt. */
function seedValue(text) {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

export function puzzleHash(line) {
  return `#${new URLSearchParams({ p: line })}`;
}

export function generatedHash({ size, seed, symmetry, empty }) {
  const params = new URLSearchParams({ size, seed: String(seed), symmetry });
  if (empty !== undefined) params.set('empty', String(empty));
  return `#${params}`;
}

export function blankHash(size) {
  return `#size=${size}`;
}

/** Replaces the hash without adding a history entry or firing hashchange. */
export function showHash(hash) {
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the app still works, it only forgets on reload
  }
}

/** The saved game: {hash, game (Game.toJSON() data), selected}, or null. */
export function loadSaved() {
  try {
    const data = JSON.parse(storage()?.getItem(GAME_KEY) ?? 'null');
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

export function save(data) {
  try {
    storage()?.setItem(GAME_KEY, JSON.stringify(data));
  } catch {
    // Quota exceeded or storage disabled: keeping the game is a convenience, not a duty.
  }
}

/** The theme the player chose ('light' or 'dark'), or null to follow the system. */
export function loadTheme() {
  const theme = storage()?.getItem(THEME_KEY);
  return theme === 'light' || theme === 'dark' ? theme : null;
}

export function saveTheme(theme) {
  try {
    if (theme) storage()?.setItem(THEME_KEY, theme);
    else storage()?.removeItem(THEME_KEY);
  } catch {
    // as above
  }
}
