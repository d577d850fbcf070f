// What a screen reader says about the grid, shared by the app and <sudoku-widget>: the
// sentences made from a game and its layout (a cell, a clash, an edit, an undo), the
// off-screen ARIA grid that follows the canvas, and the one live region every event is
// announced through. The reading keys' sentences (a unit read aloud, its empty cells,
// the symbol counts) are in www/internal/reading.js. Plain functions of the game: no engine, no
// drawing.
//
// The canvas is the grid (role=grid, the one Tab stop); inside it, as fallback content the
// browser does not draw, only the selected cell's row is built, so a 64×64 grid costs 64
// elements (rewritten only when the row or its cells' words change), and the focus stays on
// the canvas while aria-activedescendant names the cell.

import { cageCells, cellName, hasCages, symbolChar, unitName, units, unitsOf } from './grid.js';
import { cageName, cageWords } from './cages.js';

/**
 * A symbol as it is said: from 36×36 up both cases are symbols, so a lower-case letter is
 * 'small a' (a screen reader says 'a' and 'A' alike).
 */
export function spokenSymbol(value, layout) {
  if (hasCages(layout)) return String(value);
  return value > 35 && value < 62 ? `small ${symbolChar(value)}` : symbolChar(value);
}

/** The colours' names (render.js's CELL_COLOURS), as a screen reader says them. */
export const COLOUR_WORDS = ['blue', 'orange', 'yellow', 'pink', 'cyan', 'mint', 'pear', 'olive', 'grey'];

/**
 * A cell's content in words, the value first (heard first when moving fast): '5, given',
 * '5' (an entry), '5, from the solver', 'empty', 'empty, marks 1 2 6 9', then its corner
 * marks and colours: 'empty, marks 1 2, corner marks 7, colour orange'.
 */
function cellValueWords(game, cell) {
  const v = game.values[cell];
  const say = (s) => spokenSymbol(s, game.layout);
  const colours = game.colours?.[cell];
  const tinted = colours?.length ? `, ${colours.length === 1 ? 'colour' : 'colours'} ${colours.map((k) => COLOUR_WORDS[k - 1]).join(' ')}` : '';
  if (v) return `${say(v)}${game.givens[cell] ? ', given' : game.solved[cell] ? ', from the solver' : ''}${tinted}`;
  const marks = game.pencil[cell];
  const corner = game.corner?.[cell];
  return `${marks?.length ? `empty, marks ${marks.map(say).join(' ')}` : 'empty'}`
    + `${corner?.length ? `, corner marks ${corner.map(say).join(' ')}` : ''}${tinted}`;
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
  return `${cellValueWords(game, cell)}; ${cellPlaceWords(cell, game.layout)}`;
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
  const found = new Map(); // other cell -> the first unit it shares with `cell`
  for (const u of unitsOf(cell, layout)) {
    const name = unitName(u, layout);
    for (const other of units(layout)[u]) {
      if (other !== cell && game.values[other] === v && !found.has(other)) found.set(other, name);
    }
  }
  const cage = layout.cages?.[cell];
  if (cage) {
    const name = cageName(cage, layout);
    for (const other of cageCells(layout)[cage - 1]) {
      if (other !== cell && game.values[other] === v && !found.has(other)) found.set(other, name);
    }
  }
  if (!found.size) return '';
  return `${spokenSymbol(v, layout)} is already ${[...found].map(([other, name]) => `in ${name} at ${cellName(other, n)}`).join(' and ')}`;
}

/**
 * What an edit of `cell` announces, one sentence with what it caused: 'r2c3: 5.',
 * 'r2c3: 5. 5 is already in row 3 at r3c7.', 'r2c3: marks 1 5, corner marks 2.',
 * 'r2c3: cleared.', '4 cells: colour 2 given.' `reason` is board.js's: 'entry', 'mark',
 * 'colour' or 'clear'; `cells` the cells edited together, `value` the symbol or colour.
 */
export function editWords(game, cell, reason, { cells = [cell], value = 0 } = {}) {
  const name = cells.length > 1 ? `${cells.length} cells` : cellName(cell, game.size);
  const list = (marks) => marks.map((m) => spokenSymbol(m, game.layout)).join(' ');
  if (reason === 'colour') {
    const on = cells.every((c) => game.colours[c]?.includes(value));
    return `${name}: colour ${value} ${on ? 'given' : 'taken off'}.`;
  }
  if (reason === 'mark' && cells.length > 1) return `${name}: marks changed.`;
  if (reason === 'mark') {
    const marks = game.pencil[cell];
    const corner = game.corner[cell];
    const centre = marks?.length ? `marks ${list(marks)}` : 'no marks';
    return `${name}: ${centre}${corner?.length ? `, corner marks ${list(corner)}` : ''}.`;
  }
  if (cells.length > 1) return reason === 'clear' ? `${name}: cleared.` : `${name}: ${spokenSymbol(value, game.layout)}.`;
  if (reason === 'clear' || !game.values[cell]) return `${name}: cleared.`;
  const clash = clashWords(game, cell);
  return `${name}: ${spokenSymbol(game.values[cell], game.layout)}.${clash ? ` ${clash}.` : ''}`;
}

/**
 * What Undo or Redo did (`command` is game.js's undo() or redo() result), as it now
 * stands: 'Undone: r2c3 empty.', 'Redone: r2c3 5.', 'Undone: 12 cells.'
 */
export function historyWords(game, command, verb) {
  const cells = [...new Set((command?.changes ?? []).map((change) => change.cell))];
  if (cells.length !== 1) return `${verb}: ${cells.length} cells.`;
  return `${verb}: ${cellName(cells[0], game.size)} ${cellValueWords(game, cells[0])}.`;
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
