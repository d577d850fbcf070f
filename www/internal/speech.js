// What a screen reader says about the grid, shared by the app and <sudoku-widget>: the
// sentences made from a game and its layout (a cell, a clash, an edit, an undo), the
// off-screen ARIA grid that follows the canvas, and the one live region every event is
// announced through. The reading keys' sentences (a unit read aloud, its empty cells,
// the symbol counts) are in www/internal/reading.js. Plain functions of the game: no engine, no
// drawing. The words come from the catalog (i18n.js), in the language in use.
//
// The canvas is the grid (role=grid, the one Tab stop); inside it, as fallback content the
// browser does not draw, only the selected cell's row is built, so a 64×64 grid costs 64
// elements (rewritten only when the row or its cells' words change), and the focus stays on
// the canvas while aria-activedescendant names the cell.

import { cageCells, cellName, hasCages, symbolChar, unitKind, unitName, units, unitsOf } from './grid.js';
import { cageName, cageWords } from './cages.js';
import { t } from './i18n.js';

/**
 * A symbol as it is said: from 36×36 up both cases are symbols, so a lower-case letter is
 * 'small a' (a screen reader says 'a' and 'A' alike).
 */
export function spokenSymbol(value, layout) {
  if (hasCages(layout)) return String(value);
  return value > 35 && value < 62 ? t('speech.small', { symbol: symbolChar(value) }) : symbolChar(value);
}

/**
 * The colours' names (render.js's CELL_COLOURS), as a screen reader says them, in the
 * language in use: COLOUR_WORDS[0] is 'blue' ('bleu', 'Blau' …), read afresh each time.
 * @type {readonly string[]}
 */
export const COLOUR_WORDS = new Proxy(Array.from({ length: 9 }, (_, i) => `colour.${i + 1}`), {
  get: (keys, property) => (typeof property === 'string' && /^\d+$/.test(property) && property in keys
    ? t(keys[Number(property)]) : Reflect.get(keys, property)),
});

/**
 * A cell's content in words, the value first (heard first when moving fast): '5, given',
 * '5' (an entry), '5, from the solver', 'empty', 'empty, marks 1 2 6 9', then its corner
 * marks and colours: 'empty, marks 1 2, corner marks 7, colour orange'.
 */
function cellValueWords(game, cell) {
  const v = game.values[cell];
  const say = (s) => spokenSymbol(s, game.layout);
  const colours = game.colours?.[cell];
  const tinted = colours?.length
    ? `, ${t('speech.colours', { count: colours.length, names: colours.map((k) => COLOUR_WORDS[k - 1]).join(' ') })}` : '';
  if (v) {
    const from = game.givens[cell] ? 'speech.given' : game.solved[cell] ? 'speech.solver' : '';
    return `${from ? t(from, { symbol: say(v) }) : say(v)}${tinted}`;
  }
  const marks = game.pencil[cell];
  const corner = game.corner?.[cell];
  return `${marks?.length ? t('speech.empty-marks', { marks: marks.map(say).join(' ') }) : t('speech.empty')}`
    + `${corner?.length ? `, ${t('speech.corner-marks', { marks: corner.map(say).join(' ') })}` : ''}${tinted}`;
}

/**
 * Where a cell is: 'row 2, column 3, box 1' ('region 4' on a jigsaw), then a diagonal or
 * window it lies on in an X or windoku layout: 'row 1, column 1, box 1, main diagonal',
 * then a killer's cage: '…, box 1, cage of 3 cells, sum 17'.
 */
function cellPlaceWords(cell, layout) {
  const places = unitsOf(cell, layout).map((u) => unitName(u, layout).replace(/^the /, ''));
  const cage = layout.cages?.[cell];
  if (cage) places.push(cageWords(cageCells(layout)[cage - 1].length, layout.sums[cage - 1]));
  return places.join(', ');
}

/** What a cell announces when it is reached: its content, then where it is. */
export function cellLabel(game, cell) {
  return t('speech.cell', { value: cellValueWords(game, cell), place: cellPlaceWords(cell, game.layout) });
}

/**
 * Where the symbol in `cell` repeats, naming each other cell and the unit they share:
 * '5 is already in row 3 at r3c7 and in box 2 at r2c8', or '' when it does not.
 */
export function clashWords(game, cell) {
  const { layout } = game;
  const v = game.values[cell];
  if (!v) return '';
  const n = layout.size;
  const found = new Map(); // other cell -> the first unit it shares with `cell`, {kind, unit (its name)}
  for (const u of unitsOf(cell, layout)) {
    const place = { kind: unitKind(u, layout).kind, unit: unitName(u, layout) };
    for (const other of units(layout)[u]) {
      if (other !== cell && game.values[other] === v && !found.has(other)) found.set(other, place);
    }
  }
  const cage = layout.cages?.[cell];
  if (cage) {
    const place = { kind: 'cage', unit: cageName(cage, layout) };
    for (const other of cageCells(layout)[cage - 1]) {
      if (other !== cell && game.values[other] === v && !found.has(other)) found.set(other, place);
    }
  }
  if (!found.size) return '';
  const places = [...found].map(([other, place]) => t('speech.clash-place', { ...place, cell: cellName(other, n) }));
  return t('speech.clash', { symbol: spokenSymbol(v, layout), places });
}

/**
 * What an edit of `cell` announces, one sentence with what it caused: 'r2c3: 5.',
 * 'r2c3: 5. 5 is already in row 3 at r3c7.', 'r2c3: marks 1 5, corner marks 2.',
 * 'r2c3: cleared.', '4 cells: colour 2 given.' `reason` is board.js's: 'entry', 'mark',
 * 'colour' or 'clear'; `cells` the cells edited together, `value` the symbol or colour.
 */
export function editWords(game, cell, reason, { cells = [cell], value = 0 } = {}) {
  const name = cells.length > 1 ? t('speech.cells', { count: cells.length }) : cellName(cell, game.size);
  const spoken = (marks) => marks.map((m) => spokenSymbol(m, game.layout)).join(' ');
  const edit = (what) => t('speech.edit', { name, what });
  if (reason === 'colour') {
    const on = cells.every((c) => game.colours[c]?.includes(value));
    return edit(t(on ? 'speech.colour-on' : 'speech.colour-off', { colour: value }));
  }
  if (reason === 'mark' && cells.length > 1) return edit(t('speech.marks-changed'));
  if (reason === 'mark') {
    const marks = game.pencil[cell];
    const corner = game.corner[cell];
    // "no marks" only when the cell has none of either kind.
    const said = [
      marks?.length ? t('speech.marks', { marks: spoken(marks) }) : '',
      corner?.length ? t('speech.corner-marks', { marks: spoken(corner) }) : '',
    ].filter(Boolean);
    return edit(said.length ? said.join(', ') : t('speech.no-marks'));
  }
  if (cells.length > 1) return edit(reason === 'clear' ? t('speech.cleared') : spokenSymbol(value, game.layout));
  if (reason === 'clear' || !game.values[cell]) return edit(t('speech.cleared'));
  const clash = clashWords(game, cell);
  return `${edit(spokenSymbol(game.values[cell], game.layout))}${clash ? ` ${clash}.` : ''}`;
}

/**
 * What Undo or Redo did (`command` is game.js's undo() or redo() result; `verb` 'undo' or
 * 'redo'), as it now stands: 'Undone: r2c3 empty.', 'Redone: r2c3 5.', 'Undone: 12 cells.' ('Undone' and
 * 'Redone' are taken for 'undo' and 'redo'.)
 */
export function historyWords(game, command, verb) {
  const cells = [...new Set((command?.changes ?? []).map((change) => change.cell))];
  const key = /^redo/i.test(verb) ? 'speech.redone' : 'speech.undone';
  if (cells.length !== 1) return t(key, { what: t('speech.cells', { count: cells.length }) });
  return t(key, { what: `${cellName(cells[0], game.size)} ${cellValueWords(game, cells[0])}` });
}

/**
 * Says `text` through a live region (nothing for an empty one): the one region of a page
 * or widget that every event speaks through (role=status, so polite and atomic). The same
 * words twice in a row are still announced: a no-break space is added or taken off.
 */
export function announce(region, text) {
  if (text) region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/**
 * The ARIA grid inside a canvas: role=grid with the grid's row and column counts, the
 * selected cell's row (role=row, aria-rowindex) of gridcells (aria-colindex, a label from
 * cellLabel()), and aria-activedescendant on the canvas naming the selected cell. Only that
 * row is built, and only rebuilt when the row or the game changes.
 */
export class GridMirror {
  /**
   * @param {HTMLCanvasElement} canvas the focusable canvas the grid is drawn on
   * @param {string} prefix unique among the ids of the canvas's document or shadow root
   */
  constructor(canvas, prefix) {
    this.canvas = canvas;
    this.prefix = prefix;
    this.row = document.createElement('div');
    this.row.setAttribute('role', 'row');
    canvas.setAttribute('role', 'grid');
    canvas.replaceChildren(this.row);
    this.key = '';
  }

  /** Follows the game and the selection (-1 for none); cheap when neither changed. */
  update(game, selected) {
    const n = game.size;
    const { canvas, row, prefix } = this;
    const r = selected >= 0 ? Math.floor(selected / n) : 0;
    const labels = Array.from({ length: n }, (_, c) => cellLabel(game, r * n + c));
    const key = `${r}/${labels.join('|')}`;
    if (key !== this.key) {
      this.key = key;
      canvas.setAttribute('aria-rowcount', String(n));
      canvas.setAttribute('aria-colcount', String(n));
      row.setAttribute('aria-rowindex', String(r + 1));
      if (row.children.length !== n) {
        row.replaceChildren(...labels.map(() => document.createElement('div')));
      }
      // In place: the cell the focus is on keeps its element, only its words change.
      [...row.children].forEach((cell, c) => {
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        cell.id = `${prefix}r${r + 1}c${c + 1}`;
        if (cell.textContent !== labels[c]) cell.textContent = labels[c];
      });
    }
    if (selected >= 0) canvas.setAttribute('aria-activedescendant', `${prefix}${cellName(selected, n)}`);
    else canvas.removeAttribute('aria-activedescendant');
  }
}
