// Grids as plain data, shared by the app, the renderer and the tests: the symbol alphabet,
// the one-line text form, and the clash check among the cells already filled.
//
// A grid of side n = k² (k×k boxes, k = 1..8) is n² cells numbered row-major from 0,
// cell = row * n + column. A cell holds 0 when empty, else a symbol 1..n. Nothing here
// solves: finding solutions is the engine's job, in its worker.

/** The symbols in order: symbol s is ALPHABET[s - 1]; a grid of side n uses the first n. */
export const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*';

/** The character of an empty cell in the one-line form. */
export const EMPTY = '.';

/** Box side k of a grid of side n = k², or 0 when n is no such side. */
export function boxSide(n) {
  const k = Math.round(Math.sqrt(n));
  return k >= 1 && k <= 8 && k * k === n ? k : 0;
}

/** The character for a cell value (0 is EMPTY). */
export function symbolChar(value) {
  return value === 0 ? EMPTY : ALPHABET[value - 1];
}

/**
 * The value of a typed or pasted character in a grid of side n, or 0 when it is none.
 * Up to 35 symbols the alphabet has no lower-case letters, so 'a' reads as 'A' there.
 */
export function symbolValue(char, n) {
  let i = ALPHABET.indexOf(char);
  if (i < 0 || i >= n) i = n <= 35 ? ALPHABET.indexOf(char.toUpperCase()) : -1;
  return i >= 0 && i < n ? i + 1 : 0;
}

/** The one-line text form: n² characters, EMPTY for empty cells. */
export function toLine(values) {
  let line = '';
  for (const v of values) line += symbolChar(v);
  return line;
}

/**
 * Reads the one-line form this app writes (and its `0`-for-empty variant), ignoring white
 * space. Returns {size, values} or null when the text is not such a line; every other
 * format is left to the engine's reader.
 */
export function fromLine(text) {
  const line = String(text).replace(/\s+/g, '');
  const n = Math.round(Math.sqrt(line.length));
  if (line.length === 0 || n * n !== line.length || !boxSide(n)) return null;
  const values = new Uint8Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === EMPTY || c === '0') continue;
    const v = ALPHABET.indexOf(c) + 1;
    if (v < 1 || v > n) return null;
    values[i] = v;
  }
  return { size: n, values };
}

/** A line drawn only to frame a grid: `+---+---+`, `|---+---|`, `=====`, box-drawing rules. */
const FRAME_LINE = /^[\s+\-=|*:─━│┃┼╋├┤┌┐└┘┬┴═║╬╠╣╔╗╚╝╦╩]*[-=─━═][\s+\-=|*:─━│┃┼╋├┤┌┐└┘┬┴═║╬╠╣╔╗╚╝╦╩]*$/;

/**
 * Reads one character per cell without judging the characters: frame lines, `|` and white
 * space are skipped, anything that is not a symbol of the grid reads as empty. Meant to
 * show a grid the engine rejected, and to find the cell at a line and column of the text
 * (`cells[i]` is {line, column} of cell i, from 1). Null when the count fits no grid (or
 * not side `size` when it is given).
 */
export function readLeniently(text, size) {
  const places = [];
  const chars = [];
  String(text).split(/\r\n|\n|\r/).forEach((lineText, l) => {
    if (FRAME_LINE.test(lineText)) return;
    [...lineText].forEach((c, i) => {
      if (/\s/.test(c) || c === '|' || c === '│' || c === '┃' || c === '║') return;
      chars.push(c);
      places.push({ line: l + 1, column: i + 1 });
    });
  });
  const n = size ?? Math.round(Math.sqrt(chars.length));
  if (!boxSide(n) || chars.length !== n * n) return null;
  return { size: n, values: Uint8Array.from(chars, (c) => symbolValue(c, n)), cells: places };
}

/** The cell read from a line and column of the text, or -1. */
export function cellAtTextPlace(read, line, column) {
  return read?.cells.findIndex((p) => p.line === line && p.column === column) ?? -1;
}

/** Row, column and box of a cell. */
export function cellPlace(cell, n) {
  const k = boxSide(n);
  const row = Math.floor(cell / n);
  const column = cell % n;
  return { row, column, box: Math.floor(row / k) * k + Math.floor(column / k) };
}

/** The cells of every row, column and box: 3n arrays of n cell indices. */
export function units(n) {
  const k = boxSide(n);
  const all = [];
  for (let r = 0; r < n; r++) all.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) all.push(Array.from({ length: n }, (_, r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const top = Math.floor(b / k) * k;
    const left = (b % k) * k;
    all.push(Array.from({ length: n }, (_, i) => (top + Math.floor(i / k)) * n + left + (i % k)));
  }
  return all;
}

const unitCache = new Map();
function cachedUnits(n) {
  if (!unitCache.has(n)) unitCache.set(n, units(n));
  return unitCache.get(n);
}

/** The other cells sharing a row, column or box with `cell`. */
export function peers(cell, n) {
  const { row, column, box } = cellPlace(cell, n);
  const u = cachedUnits(n);
  const set = new Set([...u[row], ...u[n + column], ...u[2 * n + box]]);
  set.delete(cell);
  return [...set];
}

/** The filled cells whose symbol appears again in one of their units, in cell order. */
export function findClashes(values, n) {
  const clash = new Uint8Array(n * n);
  const seen = new Int32Array(n + 1);
  for (const unit of cachedUnits(n)) {
    seen.fill(-1);
    for (const cell of unit) {
      const v = values[cell];
      if (v === 0) continue;
      if (seen[v] >= 0) {
        clash[cell] = 1;
        clash[seen[v]] = 1;
      } else {
        seen[v] = cell;
      }
    }
  }
  const cells = [];
  for (let i = 0; i < clash.length; i++) if (clash[i]) cells.push(i);
  return cells;
}

/** Names a cell the way players do, counting from 1: r3c7. */
export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}
