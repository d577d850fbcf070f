// f-puzzles and SudokuPad links in the browser: read for the puzzle and the layout they
// carry, and written for a grid ("Open in SudokuPad"). engine.js imports this module only
// when a text is such a link (a dynamic import), and the app when it writes one, so
// nothing here loads with the widget until it is needed.
//
//   https://www.f-puzzles.com/?load=DATA      DATA: LZString's compressToBase64 of
//   https://sudokupad.app/fpuzzlesDATA        f-puzzles' JSON:
//
//   {"size": 9,
//    "grid": [[{"value": 5, "given": true, "region": 0}, {}, ...], ...],   rows of cells
//    "diagonal+": true, "diagonal-": true,                                 X-Sudoku
//    "extraregion": [{"cells": ["R2C2", ...]}, ...],                       windoku's windows
//    "killercage": [{"cells": ["R1C1", ...], "value": "17"}, ...]}         killer cages
//
// This module checks the transport only (the base64 and LZString, the JSON, its size, rows,
// values, region numbers and keys, and regions in one piece each, which a Solo ID needs)
// and says what is wrong and where; the engine checks the rest of the layout (n regions
// of n cells, variants and windows that fit) when engine.js hands it the
// givens with {variant, regions} (engineArgs() makes what it sends, recognising the
// engine's box shapes through engine.layout()); a killer goes as its Solo game ID
// (cages.js's killerId), the one text that carries cages, once this module has checked
// what that ID cannot say (cages that overlap or are in pieces). The native reader (src/link/) reads the same links
// with the same rules and messages; the wasm leaves them to this module, which costs the
// widget nothing until a link is pasted (the browser has JSON.parse already).

import { boxShapes, readBox, toLine } from './grid.js';
import { killerId } from './cages.js';

/** The most characters of JSON a link may expand to, as in src/link/: a hostile link stops here. */
export const MAX_DECODED_CHARS = 1 << 20;

/** Keys of f-puzzles' JSON that say nothing of the grid's rules (src/link/'s list). */
const IGNORED_KEYS = new Set(['size', 'activeConstraints', 'grid', 'title', 'author', 'ruleset', 'solution',
  'disabledlogic', 'truecandidatesoptions']);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * An error of a link: kind 'bad-link', its message as data in `words` (the engine's own
 * sentences: `engine.link-*` and `engine.json-*` of the hints catalogs, as src/link/
 * gives them), which engine.js words, English `message` included; `message` here is the
 * sentence's key.
 */
export class LinkError extends Error {
  /** @param {{key: string, args: object}} words */
  constructor(words) {
    super(words.key);
    this.name = 'LinkError';
    this.kind = 'bad-link';
    this.words = words;
  }
}

/**
 * A sentence as data, as the engine gives one (src/logic/words.rs): words('json-grid',
 * {size: 9}) is {key: 'json-grid', args: {size: {number: 9}}}. A number is a number, a
 * string text, a sentence ({key, args}) a sentence inside this one; another object is a
 * slot as it is ({cell: 12}).
 * @param {string} key
 * @param {Record<string, number | string | object>} [args]
 */
export function words(key, args = {}) {
  const slots = Object.entries(args).map(([name, value]) => {
    if (typeof value === 'number') return [name, { number: value }];
    if (typeof value === 'string') return [name, { text: value }];
    return [name, 'key' in value ? { words: value } : value];
  });
  return { key, args: Object.fromEntries(slots) };
}

/**
 * An error about the JSON in a link, as src/link/ gives it: what is wrong, a sentence
 * (`engine.json-*`), inside 'the f-puzzles puzzle in this link: …' (with `size` beside it,
 * for the cells it names).
 */
function badJson(problem) {
  const args = { problem, ...(problem.args.size ? { size: problem.args.size.number } : {}) };
  return new LinkError(words('link-json', args));
}

/**
 * LZString's base64 form decompressed (as its decompressFromBase64 reads it), or null when
 * it is no whole LZString stream or would pass `limit` characters. The stream: LZW codes,
 * each written low bit first in a width that starts at 3 bits and grows by one when the
 * dictionary reaches a power of two, packed six bits to a base64 character, most
 * significant first. Code 0: an 8-bit character follows; 1: a 16-bit one; 2: the end;
 * 3 and up: a dictionary entry.
 * @param {string} data
 * @param {number} [limit]
 * @returns {string | null}
 */
export function decompressFromBase64(data, limit = MAX_DECODED_CHARS) {
  const values = [];
  for (const ch of data.replace(/=+$/, '')) {
    const value = BASE64.indexOf(ch);
    if (value < 0) return null;
    values.push(value);
  }
  let at = 0;
  const read = (bits) => {
    if (at + bits > values.length * 6) return null;
    let value = 0;
    for (let i = 0; i < bits; i++, at++) value |= ((values[Math.floor(at / 6)] >> (5 - (at % 6))) & 1) << i;
    return value >>> 0;
  };
  const dictionary = ['', '', ''];
  let width = 3;
  let enlargeIn = 4;
  const kind = read(2);
  if (kind === 2) return '';
  if (kind !== 0 && kind !== 1) return null;
  const first = read(kind === 0 ? 8 : 16);
  if (first === null) return null;
  let w = String.fromCharCode(first);
  dictionary.push(w);
  const out = [w];
  let length = 1;
  for (;;) {
    if (width > 24) return null;
    let code = read(width);
    if (code === null) return null;
    if (code === 0 || code === 1) {
      const c = read(code === 0 ? 8 : 16);
      if (c === null) return null;
      dictionary.push(String.fromCharCode(c));
      code = dictionary.length - 1;
      enlargeIn--;
    } else if (code === 2) {
      return out.join('');
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width++;
    }
    let entry;
    if (code < dictionary.length) entry = dictionary[code];
    else if (code === dictionary.length) entry = w + w[0];
    else return null;
    out.push(entry);
    length += entry.length;
    if (length > limit) return null;
    dictionary.push(w + entry[0]);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width++;
    }
  }
}

/**
 * A text compressed as LZString's compressToBase64 writes it (padded with '='): the
 * stream decompressFromBase64 reads, the same characters lz-string and src/link/ write.
 * @param {string} text
 * @returns {string}
 */
export function compressToBase64(text) {
  let out = '';
  let value = 0;
  let filled = 0;
  const push = (bit) => {
    value = (value << 1) | bit;
    if (++filled === 6) {
      out += BASE64[value];
      value = 0;
      filled = 0;
    }
  };
  const write = (bits, number) => {
    for (let i = 0; i < bits; i++) push((number >> i) & 1);
  };
  const dictionary = new Map(); // phrase -> code
  const unwritten = new Set(); // characters in the dictionary whose code 0/1 is not written yet
  let size = 3;
  let width = 2;
  let enlargeIn = 2;
  const grow = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width++;
    }
  };
  const emit = (phrase) => {
    if (unwritten.has(phrase)) {
      const c = phrase.charCodeAt(0);
      write(width, c < 256 ? 0 : 1);
      write(c < 256 ? 8 : 16, c);
      unwritten.delete(phrase);
      grow();
    } else {
      write(width, dictionary.get(phrase));
    }
    grow();
  };
  let w = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (!dictionary.has(c)) {
      dictionary.set(c, size++);
      unwritten.add(c);
    }
    if (dictionary.has(w + c)) {
      w += c;
      continue;
    }
    emit(w);
    dictionary.set(w + c, size++);
    w = c;
  }
  if (w !== '') emit(w);
  write(width, 2);
  // Always one more bit, then the last character filled out with zeros, as LZString does.
  do push(0); while (filled !== 0);
  while (out.length % 4) out += '=';
  return out;
}

/** The value of `name=` in an address's query, if any. */
function queryValue(address, name) {
  const query = address.split('?').slice(1).join('?').split('#')[0];
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).toLowerCase() === name) return pair.slice(at + 1);
  }
  return null;
}

/** `%2B`, `%2F`, `%3D` and other ASCII escapes of a link's data, decoded (others kept). */
function percentDecoded(data) {
  return data.replace(/%([0-7][0-9a-f])/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The compressed data of a link, or a LinkError saying why it holds none. */
function linkData(address) {
  const lower = address.toLowerCase();
  if (lower.includes('f-puzzles.com/')) {
    const load = queryValue(address, 'load');
    if (load !== null) return load;
    if (queryValue(address, 'id') !== null) {
      throw new LinkError(words('link-fpuzzles-server'));
    }
    throw new LinkError(words('link-fpuzzles-empty'));
  }
  // Past the host, the data runs from `fpuzzles` to the end of the path.
  const host = lower.indexOf('sudokupad.app/');
  const at = lower.indexOf('fpuzzles', host);
  if (at < 0) {
    throw new LinkError(words('link-sudokupad-format'));
  }
  return address.slice(at + 'fpuzzles'.length).split(/[?&#]/)[0];
}

/**
 * SudokuPad's region of each cell when f-puzzles gives none: the squarest boxes, the wide
 * side horizontal (one row each on a prime side). This is the format's default, which a
 * reader must know to read a cell without a region; the engine's layouts are the engine's.
 * @param {number} n the side
 * @returns {number[]}
 */
export function defaultRegions(n) {
  let rows = Math.floor(Math.sqrt(n));
  while (rows > 1 && n % rows !== 0) rows--;
  const columns = n / rows;
  return Array.from({ length: n * n }, (_, cell) => Math.floor(Math.floor(cell / n) / rows) * rows + Math.floor((cell % n) / columns));
}

/** Whether a JSON value says nothing: null, false, '', [] or {}. */
function isEmpty(value) {
  if (value === null || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** An integer from a JSON number or a string of digits, or null. */
function integer(value) {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value)) return Number(value);
  return null;
}

/** The error of a link whose extra regions are not windoku's windows. */
function notWindows() {
  return badJson(words('json-not-windows'));
}

/**
 * Whether a link's extra regions (lists of cells) are exactly the windows of a layout
 * (`windows`: the window of each cell + 1, 0 outside, as the engine gives it): each
 * region one whole window, and each window one region.
 * @param {number[][]} regions
 * @param {ArrayLike<number>} windows
 */
export function areWindows(regions, windows) {
  const count = Math.max(0, ...Array.from(windows));
  const named = new Set();
  for (const cells of regions) {
    const window = windows[cells[0]];
    if (!window || named.has(window) || !cells.every((cell) => windows[cell] === window)) return false;
    named.add(window);
  }
  return named.size === count && regions.every((cells) => cells.length === Array.from(windows).filter((w) => w === windows[cells[0]]).length);
}

/** The cell of 'R3C7' in a side-n grid, or -1. */
function cellOf(name, n) {
  const match = typeof name === 'string' ? /^R(\d+)C(\d+)$/.exec(name) : null;
  if (!match) return -1;
  const [row, column] = [Number(match[1]), Number(match[2])];
  return row >= 1 && row <= n && column >= 1 && column <= n ? (row - 1) * n + column - 1 : -1;
}

/**
 * The puzzle an f-puzzles JSON value holds, its transport checked:
 * {size, givens: Uint8Array (0 empty), regions: Uint8Array (SudokuPad's default where a
 * cell names none), diagonals: boolean, windows: array of cell lists (extraregion; empty
 * for none)}. Throws a LinkError naming the key or the cell (r3c7).
 * @param {any} value the parsed JSON, anything
 */
export function readFpuzzles(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badJson(words('json-not-object'));
  const n = integer(value.size);
  if (n === null || n < 1 || n > 64) throw badJson(words('json-size', { most: 64 }));
  const rows = value.grid;
  const shape = () => badJson(words('json-grid', { size: n }));
  if (!Array.isArray(rows) || rows.length !== n) throw shape();
  const defaults = defaultRegions(n);
  const givens = new Uint8Array(n * n);
  const regions = new Uint8Array(n * n);
  rows.forEach((row, r) => {
    if (!Array.isArray(row) || row.length !== n) throw shape();
    row.forEach((fields, c) => {
      const cell = r * n + c;
      const at = fields !== null && typeof fields === 'object' ? fields : {};
      const given = at.given === true;
      const number = integer(at.value);
      const valueOk = number !== null && number >= 1 && number <= n;
      // A region from 0 to n - 1; a null one puts the cell in none, which is not read.
      const region = 'region' in at ? integer(at.region) : defaults[cell];
      if (region === null || region < 0 || region >= n || (given && !valueOk)) {
        throw badJson(words('json-cell', { cell: { cell }, size: n, last: n - 1 }));
      }
      regions[cell] = region;
      givens[cell] = given ? number : 0;
    });
  });
  const x = [false, false];
  let windows = [];
  let cages = [];
  for (const [key, field] of Object.entries(value)) {
    if (IGNORED_KEYS.has(key) || isEmpty(field)) continue;
    if (key === 'diagonal+') x[1] = field === true;
    else if (key === 'diagonal-') x[0] = field === true;
    else if (key === 'extraregion' && Array.isArray(field)) windows = field;
    else if (key === 'killercage' && Array.isArray(field)) cages = killerCages(n, field);
    else throw badJson(words('json-constraint', { key }));
  }
  if (x[0] !== x[1]) throw badJson(words('json-one-diagonal'));
  const seen = new Set();
  const windowCells = windows.map((region) => {
    const list = region?.cells;
    if (!Array.isArray(list) || list.length !== n) throw notWindows();
    return list.map((name) => {
      const cell = cellOf(name, n);
      if (cell < 0 || seen.has(cell)) throw notWindows();
      seen.add(cell);
      return cell;
    });
  });
  return { size: n, givens, regions, diagonals: x[0], windows: windowCells, cages };
}

/**
 * The cages of f-puzzles' `killercage` list as [{cells (as listed), sum (null for none)}],
 * the cell names and sums checked as src/link/'s killer_cages checks them; the rest
 * (sizes, sums that no digits make, cages in pieces or overlapping) is checkCages'.
 * @param {number} n the side
 * @param {any[]} list from the parsed JSON: anything
 */
function killerCages(n, list) {
  return list.map((cage, i) => {
    const names = Array.isArray(cage?.cells) ? cage.cells.map((name) => (typeof name === 'string' ? name : '?')) : [];
    if (!names.length) throw badJson(words('json-cage-empty', { number: i + 1 }));
    const cells = names.map((name) => {
      const cell = cellOf(name, n);
      if (cell < 0) throw badJson(words('json-cage-cell', { cage: names.join(', '), name, size: n }));
      return cell;
    });
    const value = cage.value;
    let sum = null;
    if (value !== undefined && !isEmpty(value)) {
      const number = integer(value);
      if (number === null || number < 0 || number > 0xffffffff) {
        throw badJson(words('json-cage-sum', { cage: names.join(', ') }));
      }
      sum = number || null;
    }
    return { cells, sum };
  });
}

/**
 * A link's cages checked one by one as the engine's Cages::new checks them (src/cages.rs),
 * in the same order and words: too many cells, a sum no digits make, cells that do not
 * join, a cell in two cages. Returns {cages: the cell lists in reading order, sums}, or
 * {error} (kind 'bad-cage', naming the cage by its cells). The sums' total the engine
 * checks when it reads the ID.
 * @param {number} n the side
 * @param {{cells: number[], sum: number | null}[]} cages
 */
function checkCages(n, cages) {
  const owner = new Int32Array(n * n).fill(-1);
  const sorted = cages.map(({ cells, sum }) => ({ cells: [...new Set(cells)].sort((a, b) => a - b), sum }));
  for (const [k, { cells, sum }] of sorted.entries()) {
    const count = cells.length;
    // The message as the engine gives it (src/error/rule.rs, BadCage), as data: the cage named
    // by its cells (the first three and how many more of a long one), its sum, the problem.
    const cage = count > 4 ? words('cage-long', { cells: { cells: cells.slice(0, 3) }, more: count - 3 })
      : words('cage', { cells: { cellList: cells } });
    const bad = (key, args = {}) => {
      const problem = words(key, { size: n, cage, count, ...(sum ? { sum: words('cage-sum', { sum }) } : {}), ...args });
      return { error: { kind: 'bad-cage', cells, message: key, words: problem } };
    };
    if (count > n) return bad('cage-too-big');
    const [least, most] = [(count * (count + 1)) / 2, (count * (2 * n - count + 1)) / 2];
    if (sum && (sum < least || sum > most)) return bad('cage-no-digits', { least, most, wanted: sum });
    const inCage = new Set(cells);
    const reached = new Set([cells[0]]);
    const stack = [cells[0]];
    while (stack.length) {
      const c = stack.pop();
      const near = [c - n, c + n, c % n > 0 ? c - 1 : -1, c % n < n - 1 ? c + 1 : -1];
      for (const o of near) {
        if (inCage.has(o) && !reached.has(o)) {
          reached.add(o);
          stack.push(o);
        }
      }
    }
    if (reached.size !== count) return bad('cage-not-connected');
    const taken = cells.find((c) => owner[c] >= 0);
    if (taken !== undefined) return bad('cage-overlap', { at: { cell: taken } });
    for (const c of cells) owner[c] = k;
  }
  return { cages: sorted.sort((a, b) => a.cells[0] - b.cells[0]) };
}

/**
 * Reads an f-puzzles (`?load=`) or SudokuPad (`sudokupad.app/fpuzzles…`) link: the puzzle
 * as readFpuzzles() gives it. Throws a LinkError saying what is wrong: a link with no data
 * (an f-puzzles `id=` link, a SudokuPad short name), data that is not LZString base64 or
 * expands past MAX_DECODED_CHARS, JSON that does not parse, or a puzzle it cannot hold.
 * @param {string} text
 */
export function readLink(text) {
  const address = String(text).trim();
  const data = percentDecoded(linkData(address));
  const json = decompressFromBase64(data);
  if (json === null) {
    throw new LinkError(words('link-not-lzstring'));
  }
  let value;
  try {
    value = JSON.parse(json);
  } catch (err) {
    // Where it stops, counted in bytes from 1 as src/link/ counts: the browser says the
    // character (from 0), or that the text ended; some messages say neither.
    const message = String(err?.message);
    const at = /at position (\d+)/.exec(message)?.[1];
    const bytes = (chars) => new TextEncoder().encode(json.slice(0, chars)).length + 1;
    if (at !== undefined) throw badJson(words('json-stops', { at: bytes(Number(at)) }));
    if (/end of JSON/i.test(message)) throw badJson(words('json-stops', { at: bytes(json.length) }));
    throw badJson(words('json-unreadable'));
  }
  return readFpuzzles(value);
}

/**
 * f-puzzles' JSON for a grid, as src/link/'s fpuzzles_json writes it: its size, givens,
 * each cell's region where the regions are not SudokuPad's default boxes, the diagonals,
 * windoku's windows and a killer's cages (`killercage`, each with its sum as `value`).
 * @param {{size: number, givens: ArrayLike<number>, regions: ArrayLike<number>, diagonals?: boolean,
 *   windows?: ArrayLike<number>, cages?: ArrayLike<number>, sums?: ArrayLike<number>}} puzzle
 *   `regions` the region of each cell (from 0), `windows` as a layout has them (the window
 *   of each cell + 1, 0 outside), `cages` and `sums` too (the cage of each cell from 1, 0
 *   in none; each cage's sum, 0 for none)
 * @returns {string}
 */
export function fpuzzlesJson({ size: n, givens, regions, diagonals = false, windows, cages, sums }) {
  const first = ({ cells }) => cellOf(JSON.parse(cells[0]), n);
  const defaults = defaultRegions(n);
  const withRegions = defaults.some((region, cell) => region !== regions[cell]);
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const fields = [];
      if (givens[cell]) fields.push(`"value":${givens[cell]},"given":true`);
      if (withRegions) fields.push(`"region":${regions[cell]}`);
      row.push(`{${fields.join(',')}}`);
    }
    rows.push(`[${row.join(',')}]`);
  }
  let json = `{"size":${n},"grid":[${rows.join(',')}]`;
  if (diagonals) json += ',"diagonal+":true,"diagonal-":true';
  const count = windows ? Math.max(0, ...Array.from(windows)) : 0;
  if (count > 0) {
    const lists = Array.from({ length: count }, () => []);
    Array.from(windows).forEach((w, cell) => {
      if (w) lists[w - 1].push(`"R${Math.floor(cell / n) + 1}C${(cell % n) + 1}"`);
    });
    json += `,"extraregion":[${lists.map((cells) => `{"cells":[${cells.join(',')}]}`).join(',')}]`;
  }
  const cageCount = cages ? Math.max(0, ...Array.from(cages)) : 0;
  if (cageCount > 0) {
    // Cages in reading order of their first cell, as src/link/ writes them.
    const lists = Array.from({ length: cageCount }, (_, k) => ({ sum: sums?.[k] ?? 0, cells: [] }));
    Array.from(cages).forEach((k, cell) => {
      if (k) lists[k - 1].cells.push(`"R${Math.floor(cell / n) + 1}C${(cell % n) + 1}"`);
    });
    const written = lists.filter(({ cells }) => cells.length).sort((a, b) => first(a) - first(b));
    json += `,"killercage":[${written.map(({ cells, sum }) => `{"cells":[${cells.join(',')}]${sum ? `,"value":"${sum}"` : ''}}`).join(',')}]`;
  }
  return `${json}}`;
}

/**
 * A link that opens the grid in SudokuPad (`https://sudokupad.app/fpuzzles…`), its layout
 * included: what src/link/'s sudokupad_link writes for the same grid. Takes what
 * fpuzzlesJson() takes.
 * @returns {string}
 */
export function sudokupadLink(puzzle) {
  return `https://sudokupad.app/fpuzzles${compressToBase64(fpuzzlesJson(puzzle))}`;
}

/**
 * The first cell of a region that is not in one piece (src/link/'s region_in_pieces:
 * the first cell, in reading order, that starts a second piece of its region), or -1.
 * @param {number} n the side
 * @param {ArrayLike<number>} regions the region of each cell
 */
function regionInPieces(n, regions) {
  const seen = new Uint8Array(n * n);
  const started = new Set();
  for (let start = 0; start < n * n; start++) {
    if (seen[start]) continue;
    const region = regions[start];
    if (started.has(region)) return start;
    started.add(region);
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const cell = stack.pop();
      const [r, c] = [Math.floor(cell / n), cell % n];
      /** @type {(number | false)[]} */
      const near = [r > 0 && cell - n, r + 1 < n && cell + n, c > 0 && cell - 1, c + 1 < n && cell + 1];
      for (const next of near) {
        if (next !== false && !seen[next] && regions[next] === region) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
  }
  return -1;
}

/** Whether two region lists (one per cell) cut the grid into the same regions, whatever their numbers. */
function samePartition(a, b) {
  if (a.length !== b.length) return false;
  const ab = new Map();
  const ba = new Map();
  for (let i = 0; i < a.length; i++) {
    if ((ab.get(a[i]) ?? b[i]) !== b[i] || (ba.get(b[i]) ?? a[i]) !== a[i]) return false;
    ab.set(a[i], b[i]);
    ba.set(b[i], a[i]);
  }
  return true;
}


/**
 * What engine.js sends the engine for a link: {line (the givens, one line), options
 * ({size, hex, box, variant, regions}: the boxes whose regions the link's are, else the
 * link's regions as a jigsaw's, and its variants)}, or {error} ({kind, message, option})
 * for a link that cannot be read (kind 'bad-link'), options asked for that contradict it (a
 * side, boxes, variants or regions other than its own: kind 'invalid-option', naming the
 * option), or extra regions that are not the engine's windows.
 * @param {string} text the link
 * @param {{size: number, box: string, variant: string, regions?: Uint8Array}} asked the
 *   call's options, checked (variant: names separated by commas)
 * @param {(options: {size: number, box: string, variant: string}) => Promise<object>} layoutOf
 *   engine.layout()'s answer for a side, box and variants
 */
export async function engineArgs(text, asked, layoutOf) {
  let link;
  try {
    link = readLink(text);
  } catch (err) {
    if (err?.kind !== 'bad-link') throw err;
    return { error: { kind: 'bad-link', message: err.message, words: err.words } };
  }
  const n = link.size;
  // Errors as data (`words`), which engine.js words; `message` is the sentence's key.
  const fail = (kind, problem, fields = {}) => ({ error: { kind, message: problem.key, words: problem, ...fields } });
  const refuse = (option, problem) => fail('invalid-option', problem, { option });
  if (asked.size && asked.size !== n) return refuse('size', words('link-size-asked', { asked: asked.size, size: n }));
  // The engine's boxes whose regions the link's are (the side's usual ones first), else a jigsaw.
  let box = null;
  const shapes = boxShapes(n).flatMap((s) => {
    const { rows, columns } = readBox(s);
    return rows === columns ? [s] : [s, `${columns}x${rows}`];
  });
  for (const shape of ['', ...shapes]) {
    const made = await layoutOf({ size: n, box: shape, variant: '' });
    if (made.status === 'ok' && samePartition(made.layout.regions, link.regions)) {
      box = made.layout.box;
      break;
    }
  }
  const broken = box === null ? regionInPieces(n, link.regions) : -1;
  if (broken >= 0) {
    // As natively: the puzzle's Solo ID, which every result carries, draws regions by their borders.
    return fail('bad-link', words('link-region-pieces', { cell: { cell: broken }, size: n }));
  }
  const variant = [...(box === null ? ['jigsaw'] : []), ...(link.diagonals ? ['x'] : []), ...(link.windows.length ? ['windoku'] : []),
    ...(link.cages.length ? ['killer'] : [])];
  const boxAsked = readBox(asked.box);
  if (boxAsked && `${boxAsked.rows}x${boxAsked.columns}` !== box) {
    return refuse('box', words(box ? 'link-box-asked' : 'link-box-asked-jigsaw', { asked: String(asked.box), size: n, box: box ?? '' }));
  }
  const missing = String(asked.variant ?? '').split(',').filter((v) => v && !variant.includes(v));
  if (missing.length) {
    const has = variant.join(' ');
    return refuse('variant', words(has ? 'link-variant-asked' : 'link-variant-asked-classic', { missing: missing.join(', '), has }));
  }
  if (asked.regions && !samePartition(Array.from(asked.regions), Array.from(link.regions))) {
    return refuse('regions', words('link-regions-asked'));
  }
  if (link.windows.length && box !== null) {
    // The extra regions must be windoku's windows, as the engine places them.
    const made = await layoutOf({ size: n, box, variant: 'windoku' });
    if (made.status !== 'ok') return fail(made.error.kind, words('link-part', { part: 'extraregion', problem: made.error.words }));
    if (!areWindows(link.windows, made.layout.windows)) return fail('bad-link', notWindows().words);
  }
  if (link.cages.length) {
    // A killer travels as its Solo ID, which names its whole layout; the engine checks the sums.
    const checked = checkCages(n, link.cages);
    if (checked.error) return checked;
    const cages = new Array(n * n).fill(0);
    checked.cages.forEach(({ cells }, k) => cells.forEach((c) => { cages[c] = k + 1; }));
    const layout = {
      size: n, box: box ?? '', regions: link.regions, diagonals: link.diagonals,
      windows: link.windows.length ? [1] : [], cages, sums: checked.cages.map(({ sum }) => sum ?? 0),
    };
    return { line: killerId(layout, toLine(link.givens)), options: { size: n, hex: false, box: '', variant: '' } };
  }
  const options = {
    size: n, hex: false, box: box ?? '', variant: variant.filter((v) => v !== 'jigsaw').join(','),
    regions: box === null ? link.regions : undefined,
  };
  return { line: toLine(link.givens), options };
}
