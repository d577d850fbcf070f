// The reading keys' sentences (Alt+R, Alt+C, Alt+B, with Shift, and Alt+N; input.js):
// a row, column or box read aloud in order, its empty cells and missing symbols, and how
// many of each symbol are placed. Apart from www/internal/speech.js so that <sudoku-widget> loads
// them only when a reading key is first pressed; the app imports them at once. The words
// come from the catalog (i18n.js).

import { cellName, unitName, units, unitsOf } from './grid.js';
import { list, t } from './i18n.js';
import { spokenSymbol } from './speech.js';

/** The kinds of unit the reading keys name: the cell's row, column, and box (or region). */
export const READ_UNITS = Object.freeze(['row', 'column', 'box']);

/** The kind of character a symbol is (digit, capital, small letter, sign): ranges keep to one. */
const symbolKind = (v) => (v <= 9 ? 0 : v <= 35 ? 1 : v <= 61 ? 2 : 3);

/**
 * Whole numbers in increasing order as a list, runs of three or more said as a range,
 * each number written by `say`: [1, 2, 3, 4, 7] gives '1 to 4 and 7'. `kind`, when
 * given, ends a run where it changes.
 * @param {number[]} numbers
 * @param {(value: number, ...rest: any[]) => string} [say]
 * @param {(value: number) => number} [kind]
 */
function runs(numbers, say = String, kind = () => 0) {
  const items = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1 && kind(numbers[j + 1]) === kind(numbers[i])) j++;
    if (j - i >= 2) items.push(t('reading.range', { from: say(numbers[i]), to: say(numbers[j]) }));
    else for (let k = i; k <= j; k++) items.push(say(numbers[k]));
    i = j + 1;
  }
  return list(items);
}

/** The first letter in upper case. */
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * The unit of `kind` ('row', 'column' or 'box', the region on a jigsaw) holding `cell`:
 * {name ('row 2', 'region 4'), cells in reading order}.
 */
export function unitOf(cell, kind, layout) {
  // A cell's first three units are its row, column and box (grid.js's units()).
  const u = unitsOf(cell, layout)[READ_UNITS.indexOf(kind)];
  return { name: unitName(u, layout), cells: units(layout)[u] };
}

/**
 * A unit read aloud in order, runs of empty cells counted: 'Row 2: 5, 3, 2 blanks, 7,
 * blank, 1, 3 blanks.'
 */
export function readUnitWords(game, cell, kind) {
  const { name, cells } = unitOf(cell, kind, game.layout);
  const parts = [];
  let blanks = 0;
  const flush = () => {
    if (blanks) parts.push(blanks === 1 ? t('reading.blank') : t('reading.blanks', { count: blanks }));
    blanks = 0;
  };
  for (const c of cells) {
    const v = game.values[c];
    if (!v) blanks++;
    else {
      flush();
      parts.push(spokenSymbol(v));
    }
  }
  flush();
  return t('reading.unit', { unit: capital(name), parts: parts.join(', ') });
}

/**
 * The empty cells of a unit and the symbols it still lacks, runs of three or more as a
 * range: 'Row 2: 5 empty, columns 3 and 6 to 9; missing 2 and 4 to 7.' A box names its cells
 * ('r1c3 and r2c1'); a full unit says so.
 */
export function emptyCellsWords(game, cell, kind) {
  const { layout } = game;
  const n = layout.size;
  const { name, cells } = unitOf(cell, kind, layout);
  const empty = cells.filter((c) => !game.values[c]);
  if (!empty.length) return t('reading.full', { unit: capital(name) });
  const where = kind === 'row' ? t('reading.columns', { count: empty.length, numbers: runs(empty.map((c) => (c % n) + 1)) })
    : kind === 'column' ? t('reading.rows', { count: empty.length, numbers: runs(empty.map((c) => Math.floor(c / n) + 1)) })
      : list(empty.map((c) => cellName(c, n)));
  const present = new Set(cells.map((c) => game.values[c]));
  const missing = [];
  for (let v = 1; v <= n; v++) if (!present.has(v)) missing.push(v);
  return t('reading.empty', { unit: capital(name), count: empty.length, where, missing: runs(missing, spokenSymbol, symbolKind) });
}

/** How many of each symbol the grid holds: 'Placed, of 9 each: 1: 5; 2: all; 3: 4; …' */
export function symbolCountWords(game) {
  const n = game.size;
  const counts = new Uint16Array(n + 1);
  for (const v of game.values) counts[v]++;
  const parts = [];
  for (let v = 1; v <= n; v++) parts.push(t('reading.count', { symbol: spokenSymbol(v), count: counts[v] === n ? t('reading.all') : counts[v] }));
  return t('reading.counts', { n, counts: parts.join(t('reading.counts-join')) });
}

/**
 * What a reading key asks for (input.js's {read} actions), as a sentence about the
 * selected cell's units or the whole grid: 'row', 'column', 'box' read a unit; 'empty-row',
 * 'empty-column', 'empty-box' list its empty cells; 'counts' counts the symbols placed.
 */
export function readingWords(game, cell, what) {
  if (what === 'counts') return symbolCountWords(game);
  if (cell < 0) return t('reading.no-cell');
  const [, empty, kind] = /^(empty-)?(row|column|box)$/.exec(what) ?? [];
  if (!kind) return '';
  return empty ? emptyCellsWords(game, cell, kind) : readUnitWords(game, cell, kind);
}
