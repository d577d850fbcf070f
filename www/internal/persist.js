// What outlives the page: the URL hash names the puzzle (so a link reopens it) and
// localStorage keeps the recent games (so a reload resumes the last one, and a link to a
// puzzle played before reopens it as it was left).
//
// A recent game is a record {id, hash, saved (ms since 1970), selected, elapsed (ms on the
// timer), level?, game (Game.toJSON(): cells, marks and undo history)}; the list holds the
// most recently saved first, at most RECENT_LIMIT of them.
//
// Hash forms:
//   #p=<one-line puzzle>                        a puzzle, givens only ('.' for empty)
//   #size=9&seed=42&symmetry=rot180[&empty=0.6 | &minimal=1]
//                                               a generated puzzle, made again from its seed
//   #daily=2026-11-27&size=9&difficulty=hard    today's puzzle (daily.js), made from its date
//   #size=16                                    a blank grid
// each with `&box=RxC` when the boxes are not the side's usual ones, and `&variant=x,windoku`
// for a grid with variants; a jigsaw puzzle's link carries its regions,
// `&variant=jigsaw&regions=<one symbol per cell naming its region, 1 for the first>`, and a
// generated jigsaw only `&variant=jigsaw` (its seed draws the regions again). A side with
// no boxes (5, 7, 11, ... 61) is a jigsaw's only: its links always say `variant=jigsaw`,
// and there is no blank grid of it (`#size=7` names nothing). A killer puzzle's link
// carries its cages, `&variant=killer&cages=<the cage of each cell, from 1, separated by
// hyphens>&sums=<each cage's sum, 0 for none>`; a generated killer only `&variant=killer`
// (its seed makes the cages again); a blank grid has no cages, so no killer.

import {
  ALPHABET, JIGSAW_ONLY_SIDES, boxLayout, fromLine, isJigsaw, isSide, layoutFromData, usualBox, variantNames,
} from './grid.js';
import { seedDigits, seedValue } from './seed.js';
import { cageParams, killerFromParams } from './cages.js';
import { DAILY_LEVEL, DAILY_SIZES, dailyDateError, dailySeed, localDay } from './daily.js';
import { t } from './app-messages.js';

const GAME_KEY = 'sudoku64.game'; // one game, as saved before there was a list
const GAMES_KEY = 'sudoku64.games';
/** The localStorage key of the recent games (for `storage` events from other tabs). */
export const GAMES_STORAGE_KEY = GAMES_KEY;
/** How many recent games are kept. */
export const RECENT_LIMIT = 12;
const THEME_KEY = 'sudoku64.theme';
const SYMMETRIES = ['none', 'rot180', 'rot90', 'mirror', 'diagonal'];

/**
 * A grade as the app keeps it (gradeNamed()).
 * @typedef {{level: string, name: string, score: number | null}} Grade
 */

/**
 * A puzzle a hash asks to generate (parseHash()).
 * @typedef {object} GenerateTarget
 * @property {number} size
 * @property {string} box '' for the side's usual boxes
 * @property {number | bigint} seed
 * @property {string} symmetry
 * @property {string[]} [variant]
 * @property {number} [empty]
 * @property {boolean} [minimal]
 * @property {string} [difficulty]
 * @property {string} [daily] a daily puzzle's date
 */

/**
 * What a hash names (parseHash()): one of a puzzle, a puzzle to generate, a blank grid
 * (`blank`, its side, with `box` and `variant`), or an error.
 * @typedef {object} HashTarget
 * @property {{size: number, values: Uint8Array, layout: import('./grid.js').LayoutData}} [puzzle]
 * @property {GenerateTarget} [generate]
 * @property {number} [blank]
 * @property {string} [box]
 * @property {string[]} [variant]
 * @property {string} [error]
 */

/**
 * A recent game as stored (checkedRecord()): its game (Game.toJSON()) and where it was.
 * @typedef {object} GameRecord
 * @property {string} id
 * @property {string} hash
 * @property {any} game
 * @property {number} saved
 * @property {number} elapsed
 * @property {number | null} selected
 * @property {Grade | null} level
 * @property {number} [hints]
 */

/**
 * Reads a hash. Returns {puzzle: {size, values, layout}}, {generate: {size, box, seed,
 * symmetry, empty?, minimal?, difficulty?, daily?}}, {blank: size, box}, {error} (a
 * daily puzzle's link whose date, side or level makes none: see daily.js; `today` is the
 * local date), or null when it names nothing this app understands. `box` is '' for the side's usual boxes, else 'RxC' (the `box` parameter);
 * a box that does not tile the side makes the hash name nothing. `minimal` is kept only
 * where the form offers it (`minimalOffered`).
 * @param {string} hash
 * @param {string} [today]
 * @returns {HashTarget | null}
 */
export function parseHash(hash, today = localDay()) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  if (params.has('daily')) return parseDaily(params, today);
  const box = params.get('box') ?? '';
  const variant = variantNames(params.get('variant') ?? '');
  const jigsaw = variant.includes('jigsaw');
  const killer = variant.includes('killer');
  const units = variant.filter((v) => v !== 'killer');
  if (params.has('p')) {
    const puzzle = fromLine(params.get('p'), { jigsaw });
    const plain = puzzle && (jigsaw ? jigsawLayout(puzzle.size, params.get('regions'), units)
      : boxLayout(puzzle.size, box, units));
    const layout = plain && killer ? killerFromParams(plain, params.get('cages'), params.get('sums')) : plain;
    return layout ? { puzzle: { ...puzzle, layout } } : null;
  }
  const size = Number(params.get('size'));
  const plain = units.filter((v) => v !== 'jigsaw');
  // A side with no boxes (5, 7, 11, ...) is made only as a jigsaw, with X at most.
  const fits = JIGSAW_ONLY_SIDES.includes(size) ? jigsaw && !box && plain.every((v) => v === 'x')
    : isSide(size) && boxLayout(size, box, plain);
  if (!fits) return null;
  const shape = box === usualBox(size) ? '' : box;
  const seed = params.get('seed');
  if (seed === null) return jigsaw ? null : { blank: size, box: shape, ...(units.length ? { variant: units } : {}) };
  const value = seedDigits(seed);
  if (value === null) return null;
  const symmetry = SYMMETRIES.includes(params.get('symmetry')) ? params.get('symmetry') : 'none';
  /** @type {GenerateTarget} */
  const generate = { size, box: shape, seed: seedValue(value), symmetry };
  if (variant.length) generate.variant = variant;
  const empty = Number(params.get('empty'));
  if (params.get('minimal') === '1' && minimalOffered(size, variant)) generate.minimal = true;
  else if (params.has('empty') && empty > 0 && empty < 1) generate.empty = empty;
  if (LEVELS.includes(params.get('difficulty'))) generate.difficulty = params.get('difficulty');
  return { generate };
}

/**
 * A daily puzzle's link (daily.js): {generate: {size, symmetry, difficulty, seed, daily
 * (its date)}}, or {error} (a sentence) when its date, side or level makes none.
 * @param {URLSearchParams} params
 * @param {string} today
 * @returns {HashTarget}
 */
function parseDaily(params, today) {
  const date = params.get('daily');
  const error = dailyDateError(date, today);
  if (error) return { error };
  const size = Number(params.get('size') ?? DAILY_SIZES[0]);
  if (!DAILY_SIZES.includes(size)) {
    return { error: t('app.daily.size', { sizes: DAILY_SIZES.map((n) => `${n}×${n}`), size: params.get('size') }) };
  }
  const level = params.get('difficulty') ?? DAILY_LEVEL;
  if (!LEVELS.includes(level)) return { error: t('app.daily.level', { level, levels: LEVELS.join(', ') }) };
  return { generate: { size, box: '', symmetry: 'rot180', difficulty: level, seed: dailySeed(date, size, level), daily: date } };
}

/**
 * Whether a minimal puzzle is offered at this size, for these variants (an array of
 * names, or the form's 'x,windoku'): 16×16, 25×25 and 36×36 (below, every puzzle is
 * minimal anyway; above, the proof would take minutes), windoku up to 25×25 (a minimal
 * 36×36 windoku took the engine over ten minutes).
 * @param {number} size
 * @param {string | string[]} [variant]
 */
export function minimalOffered(size, variant = '') {
  return size >= 16 && size <= (String(variant).includes('windoku') ? 25 : 36);
}

/** The box parameter a link needs for boxes of shape `box` at side `size`: none for the usual ones. */
function boxParam(size, box) {
  return box && box !== usualBox(size) ? box : '';
}

/**
 * A jigsaw's layout from a link's regions (one ALPHABET symbol per cell), checked by
 * layoutFromData; null when they make no jigsaw of this side.
 */
function jigsawLayout(size, text, variant) {
  if (typeof text !== 'string' || text.length !== size * size) return null;
  const regions = Array.from(text, (c) => ALPHABET.indexOf(c));
  if (regions.some((r) => r < 0)) return null;
  return layoutFromData({ size, box: '', variant, regions });
}

/**
 * A link to a puzzle (its one-line form), with its layout: `box` a box shape ('RxC', or ''),
 * or a layout (grid.js), whose box shape, variants and a jigsaw's regions the link keeps.
 */
export function puzzleHash(line, box = '') {
  const params = new URLSearchParams({ p: line });
  const size = Math.round(Math.sqrt(line.length));
  const layout = typeof box === 'object' && box ? box : null;
  const boxName = layout ? layout.box : box;
  if (boxParam(size, boxName) && !(layout && isJigsaw(layout))) params.set('box', boxName);
  if (layout?.variant?.length) params.set('variant', layout.variant.join(','));
  if (layout && isJigsaw(layout)) params.set('regions', Array.from(layout.regions, (r) => ALPHABET[r]).join(''));
  const killer = cageParams(layout);
  if (killer) {
    params.set('cages', killer.cages);
    params.set('sums', killer.sums);
  }
  return `#${params}`;
}

/**
 * A link that makes a generated puzzle again from its seed: the size, layout, symmetry and
 * target, and the difficulty it was searched for, which the seed needs (an Easy search
 * digs only as far as singles go; from 25×25 up a level changes the default target).
 */
export function generatedHash({ size, box = '', variant = [], seed, symmetry, empty, minimal, difficulty }) {
  const params = new URLSearchParams({ size, seed: String(seed), symmetry });
  if (boxParam(size, box)) params.set('box', box);
  if (variant.length) params.set('variant', variant.join(','));
  if (minimal) params.set('minimal', '1');
  else if (empty !== undefined) params.set('empty', String(empty));
  if (LEVELS.includes(difficulty)) params.set('difficulty', difficulty);
  return `#${params}`;
}

export function blankHash(size, box = '', variant = []) {
  const plain = variant.filter((v) => v !== 'jigsaw' && v !== 'killer');
  return `#size=${size}${boxParam(size, box) ? `&box=${box}` : ''}${plain.length ? `&variant=${plain.join(',')}` : ''}`;
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

/**
 * The stored list as this page last read or wrote it, and what loadGames made of it: a
 * page saves after every change and reads the list again first (another tab may have
 * saved), so an unchanged list is not parsed and checked again.
 */
let lastStored = { raw: null, readable: null, result: null };

/** True when an unreadable stored list could not be kept aside: nothing is saved over it. */
let frozen = false;

/** Where a stored list that cannot be read is kept aside, so that saving never destroys it. */
const UNREADABLE_KEY = 'sudoku64.games.unreadable';

/**
 * A stored record with every field checked (anything may have written it: an older
 * version, an extension, a person at the console), or null when it is no game record.
 * `readable(game)` says whether its game data holds together. Fields that are merely odd
 * fall back to defaults: a hash that names nothing, a selection off the grid, a level
 * that is no level, a time that is no time.
 */
export function checkedRecord(r, readable) {
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || r.id.length > 100) return null;
  if (!r.game || typeof r.game !== 'object' || !readable(r.game)) return null;
  const size = Number(r.game.size);
  const cells = size * size;
  const hash = typeof r.hash === 'string' && r.hash.length < 20_000 && parseHash(r.hash) ? r.hash : blankHash(size);
  const count = (v) => (Number.isFinite(v) && v >= 0 ? v : 0);
  return {
    ...r,
    hash,
    saved: count(r.saved),
    elapsed: count(r.elapsed),
    selected: Number.isInteger(r.selected) && r.selected >= 0 && r.selected < cells ? r.selected : null,
    level: checkedLevel(r.level),
  };
}

/** A grade as the app keeps it: {level ('easy' ...), name ('Easy' ...), score or null}. */
export function gradeNamed(level, score = null) {
  return { level, name: level[0].toUpperCase() + level.slice(1), score };
}

/** A saved grade {level, name, score (or null)}, checked; null when it is none. */
function checkedLevel(grade) {
  if (!grade || typeof grade !== 'object' || !LEVELS.includes(grade.level)) return null;
  return gradeNamed(grade.level, Number.isSafeInteger(grade.score) && grade.score >= 0 ? grade.score : null);
}

/**
 * The recent games, most recent first: {games, ignored, keptAside}. `ignored` counts the
 * stored records that could not be read (they are left out; the others stay);
 * `keptAside` is true when the stored list as a whole was unreadable: it is then copied
 * aside (see UNREADABLE_KEY) before anything is saved over it, and `frozen` when even that
 * failed (then nothing is saved over it). `readable(game)` checks a record's game data
 * (Game.fromJSON in the app).
 */
export function loadGames(readable = () => true) {
  const store = storage();
  let raw;
  try {
    raw = store?.getItem(GAMES_KEY) ?? null;
  } catch {
    return { games: [], ignored: 0, keptAside: false };
  }
  if (raw !== null && raw === lastStored.raw && readable === lastStored.readable) return lastStored.result;
  let list;
  try {
    list = JSON.parse(raw ?? 'null');
  } catch {
    list = undefined;
  }
  if (raw !== null && !Array.isArray(list)) {
    try {
      store.setItem(UNREADABLE_KEY, raw);
      store.removeItem(GAMES_KEY);
    } catch {
      // No room to keep it aside: leave it where it is, and save nothing over it.
      frozen = true;
      return { games: [], ignored: 0, keptAside: false, frozen };
    }
    return { games: [], ignored: 0, keptAside: true };
  }
  if (Array.isArray(list)) {
    const games = list.map((r) => checkedRecord(r, readable)).filter(Boolean);
    const result = { games, ignored: list.length - games.length, keptAside: false };
    lastStored = { raw, readable, result };
    return result;
  }
  // The single game an earlier version kept becomes the first of the list.
  try {
    const old = JSON.parse(store?.getItem(GAME_KEY) ?? 'null');
    const record = old?.game && checkedRecord({ id: newGameId(), hash: old.hash, saved: Date.now(), selected: old.selected, game: old.game }, readable);
    return { games: record ? [record] : [], ignored: old && !record ? 1 : 0, keptAside: false };
  } catch {
    return { games: [], ignored: 1, keptAside: false };
  }
}

/**
 * The recent games of this page (`mine`) and of the store (`stored`, which other tabs may
 * have saved since this page read it), as one list: for each id the record saved last,
 * most recent first. Saving this instead of `mine` alone keeps another tab's games.
 */
export function mergedGames(mine, stored) {
  const byId = new Map();
  for (const record of [...mine, ...stored]) {
    const have = byId.get(record.id);
    if (!have || (record.saved ?? 0) > (have.saved ?? 0)) byId.set(record.id, record);
  }
  return [...byId.values()].sort((a, b) => (b.saved ?? 0) - (a.saved ?? 0));
}

/**
 * The list with `record` saved: it replaces the record of the same id and goes first; the
 * oldest beyond `limit` are dropped, and so are games the player never touched
 * (`keep(record)` false), unless it is the one being saved.
 * @param {GameRecord[]} list
 * @param {GameRecord} record
 * @param {{limit?: number, keep?: (record: GameRecord) => boolean}} [options]
 */
export function withGame(list, record, { limit = RECENT_LIMIT, keep = () => true } = {}) {
  const rest = list.filter((r) => r.id !== record.id && keep(r));
  return [record, ...rest].slice(0, limit);
}

/** The stored list's size aimed at, in characters: well inside the usual 5 MB quota. */
const GAMES_BUDGET = 3_000_000;

/** Each record's JSON, made once per record object (the list is saved after every change). */
const jsonOf = new WeakMap();
function recordJson(record) {
  if (!jsonOf.has(record)) jsonOf.set(record, JSON.stringify(record));
  return jsonOf.get(record);
}

/** A record without its undo history, or with the newer half of it (`half`). */
function lighter(record, half) {
  const history = record.game.history;
  const keep = (steps) => steps.slice(Math.ceil(steps.length / 2));
  return { ...record, game: { ...record.game, history: half ? { done: keep(history.done), undone: keep(history.undone) } : undefined } };
}

const steps = (record) => (record.game.history ? record.game.history.done.length + record.game.history.undone.length : 0);

/**
 * Stores the list within a budget (smaller each time the browser still refuses it): older
 * games lose their undo history first, then the oldest games go, and last the first game's
 * history is halved until it fits; its cells and marks are the last thing to go.
 */
export function saveGames(list) {
  const store = storage();
  if (!store || frozen) return;
  for (let budget = GAMES_BUDGET; budget >= 1_000; budget = Math.floor(budget / 2)) {
    const records = [...list];
    const size = () => records.reduce((sum, r) => sum + recordJson(r).length + 1, 2);
    for (let i = records.length - 1; i > 0 && size() > budget; i--) {
      if (records[i].game.history) records[i] = lighter(records[i], false);
    }
    while (records.length > 1 && size() > budget) records.pop();
    while (size() > budget && steps(records[0]) > 1) records[0] = lighter(records[0], true);
    if (size() > budget && records[0].game.history) records[0] = lighter(records[0], false);
    try {
      const text = `[${records.map(recordJson).join(',')}]`;
      store.setItem(GAMES_KEY, text);
      store.removeItem(GAME_KEY);
      // What was written needs no checking when it is read back.
      lastStored = { raw: text, readable: lastStored.readable, result: { games: records, ignored: 0, keptAside: false } };
      return;
    } catch {
      // Over the quota (other data shares it): try again within a smaller budget.
    }
  }
  // Still refused, or storage disabled: keeping games is a convenience, not a duty.
}

let idCount = 0;
/** A new id for a game record: unique enough among one browser's recent games. */
export function newGameId() {
  idCount++;
  return `${Date.now().toString(36)}-${idCount.toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * What a hash names, for finding a recent game by its link: the hash without the fields
 * that describe rather than name the puzzle (the level).
 */
export function hashKey(hash) {
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  params.delete('level');
  // A shared player's progress (progress.js) opens on the same game.
  params.delete('progress');
  params.sort();
  return params.toString();
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

const LANGUAGE_KEY = 'sudoku64.lang';

/** The language the player chose (a BCP 47 tag as saved, such as 'fr'), or null to follow the browser. */
export function loadLanguage() {
  try {
    return storage()?.getItem(LANGUAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Remembers the player's language (null forgets it, to follow the browser again). */
export function saveLanguage(lang) {
  try {
    if (lang) storage()?.setItem(LANGUAGE_KEY, lang);
    else storage()?.removeItem(LANGUAGE_KEY);
  } catch {
    // as above
  }
}

const PREFERENCE_PREFIX = 'sudoku64.';

/** A player's on/off setting (the timer shown, mistakes shown): `fallback` when never set. */
export function loadSetting(name, fallback) {
  try {
    const value = storage()?.getItem(PREFERENCE_PREFIX + name);
    return value === 'on' ? true : value === 'off' ? false : fallback;
  } catch {
    return fallback;
  }
}

export function saveSetting(name, on) {
  try {
    storage()?.setItem(PREFERENCE_PREFIX + name, on ? 'on' : 'off');
  } catch {
    // as above
  }
}

/** A hash with the puzzle's level added (or replaced), for links that say how hard it is. */
export function withLevel(hash, level) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  params.delete('level');
  if (level) params.set('level', level);
  return `#${params}`;
}

/** The level a hash names ('easy' ... 'diabolical'), or null. */
export function levelOf(hash) {
  const level = new URLSearchParams(String(hash).replace(/^#/, '')).get('level');
  return LEVELS.includes(level) ? level : null;
}

/** The engine's levels, easiest first. */
export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme', 'diabolical'];
