// What a screen reader says about the grid, shared by the app and <sudoku-widget>: the
// sentences made from a game and its layout (a cell, a row, column or box read in order,
// the empty cells of a unit, how many of each symbol are placed, a clash, an edit), the
// off-screen ARIA grid that follows the canvas, and the one live region every event is
// announced through. Plain functions of the game: no engine, no drawing.
//
// The canvas is the grid (role=grid, the one Tab stop); inside it, as fallback content the
// browser does not draw, only the selected cell's row is built, so a 64×64 grid costs 64
// elements, and the focus stays on the canvas while aria-activedescendant names the cell.

import { cellName, isJigsaw, symbolChar, unitName, unitsOf } from './grid.js';

/** The kinds of unit the reading keys name: the cell's row, column, and box (or region). */
export const READ_UNITS = Object.freeze(['row', 'column', 'box']);

/** A list in words: 'a', 'a and b', 'a, b and c'. */
function list(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The first letter in upper case. */
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * A cell's content in words, the value first (heard first when moving fast): '5, given',
 * '5' (an entry), '5, from the solver', 'empty', 'empty, marks 1 2 6 9'.
 */
export function cellValueWords(game, cell) {
  const v = game.values[cell];
  if (v) return game.givens[cell] ? `${symbolChar(v)}, given` : game.solved[cell] ? `${symbolChar(v)}, from the solver` : symbolChar(v);
  const marks = game.pencil[cell];
  return marks?.length ? `empty, marks ${marks.map(symbolChar).join(' ')}` : 'empty';
}

/**
 * Where a cell is: 'row 2, column 3, box 1' ('region 4' on a jigsaw), then a diagonal or
 * window it lies on in an X or windoku layout: 'row 1, column 1, box 1, main diagonal'.
 */
export function cellPlaceWords(cell, layout) {
  const n = layout.size;
  const words = [`row ${Math.floor(cell / n) + 1}`, `column ${(cell % n) + 1}`,
    `${isJigsaw(layout) ? 'region' : 'box'} ${layout.regions[cell] + 1}`];
  for (const u of unitsOf(cell, layout)) if (u >= 3 * n) words.push(unitName(u, layout).replace(/^the /, ''));
  return words.join(', ');
}

/** What a cell announces when it is reached: its content, then where it is. */
export function cellLabel(game, cell) {
  return `${cellValueWords(game, cell)}; ${cellPlaceWords(cell, game.layout)}`;
}

/**
 * The unit of `kind` ('row', 'column' or 'box', the region on a jigsaw) holding `cell`:
 * {name ('row 2', 'region 4'), cells in reading order}.
 */
export function unitOf(cell, kind, layout) {
  const n = layout.size;
  const row = Math.floor(cell / n);
  const column = cell % n;
  if (kind === 'row') return { name: `row ${row + 1}`, cells: Array.from({ length: n }, (_, c) => row * n + c) };
  if (kind === 'column') return { name: `column ${column + 1}`, cells: Array.from({ length: n }, (_, r) => r * n + column) };
  const region = layout.regions[cell];
  const cells = [];
  for (let i = 0; i < n * n; i++) if (layout.regions[i] === region) cells.push(i);
  return { name: `${isJigsaw(layout) ? 'region' : 'box'} ${region + 1}`, cells };
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
    if (blanks) parts.push(blanks === 1 ? 'blank' : `${blanks} blanks`);
    blanks = 0;
  };
  for (const c of cells) {
    const v = game.values[c];
    if (!v) blanks++;
    else {
      flush();
      parts.push(symbolChar(v));
    }
  }
  flush();
  return `${capital(name)}: ${parts.join(', ')}.`;
}

/**
 * The empty cells of a unit and the symbols it still lacks: 'Row 2: 3 empty, columns 3, 6
 * and 9; missing 2, 4 and 8.' A box names its cells ('r1c3 and r2c1'); a full unit says so.
 */
export function emptyCellsWords(game, cell, kind) {
  const { layout } = game;
  const n = layout.size;
  const { name, cells } = unitOf(cell, kind, layout);
  const empty = cells.filter((c) => !game.values[c]);
  if (!empty.length) return `${capital(name)} is full.`;
  const where = kind === 'row' ? `column${empty.length > 1 ? 's' : ''} ${list(empty.map((c) => String((c % n) + 1)))}`
    : kind === 'column' ? `row${empty.length > 1 ? 's' : ''} ${list(empty.map((c) => String(Math.floor(c / n) + 1)))}`
      : list(empty.map((c) => cellName(c, n)));
  const present = new Set(cells.map((c) => game.values[c]));
  const missing = [];
  for (let v = 1; v <= n; v++) if (!present.has(v)) missing.push(symbolChar(v));
  return `${capital(name)}: ${empty.length} empty, ${where}; missing ${list(missing)}.`;
}

/** How many of each symbol the grid holds: 'Placed, of 9 each: 1: 5; 2: all; 3: 4; …' */
export function symbolCountWords(game) {
  const n = game.size;
  const counts = new Uint16Array(n + 1);
  for (const v of game.values) counts[v]++;
  const parts = [];
  for (let v = 1; v <= n; v++) parts.push(`${symbolChar(v)}: ${counts[v] === n ? 'all' : counts[v]}`);
  return `Placed, of ${n} each: ${parts.join('; ')}.`;
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
    for (const other of unitCells(u, layout)) {
      if (other !== cell && game.values[other] === v && !found.has(other)) found.set(other, name);
    }
  }
  if (!found.size) return '';
  return `${symbolChar(v)} is already ${[...found].map(([other, name]) => `in ${name} at ${cellName(other, n)}`).join(' and ')}`;
}

/** The cells of unit `u` (numbered as grid.js's units() numbers them). */
function unitCells(u, layout) {
  const n = layout.size;
  if (u < n) return unitOf(u * n, 'row', layout).cells;
  if (u < 2 * n) return unitOf(u - n, 'column', layout).cells;
  if (u < 3 * n) return unitOf(layout.regions.indexOf(u - 2 * n), 'box', layout).cells;
  const extra = u - 3 * n;
  if (layout.diagonals && extra < 2) return Array.from({ length: n }, (_, i) => i * n + (extra === 0 ? i : n - 1 - i));
  const w = extra - (layout.diagonals ? 2 : 0) + 1;
  const cells = [];
  (layout.windows ?? []).forEach((x, c) => { if (x === w) cells.push(c); });
  return cells;
}

/**
 * What an edit of `cell` announces, one sentence with what it caused: 'r2c3: 5.',
 * 'r2c3: 5. 5 is already in row 3 at r3c7.', 'r2c3: marks 1 5.', 'r2c3: cleared.'
 * `reason` is board.js's: 'entry', 'mark' or 'clear'.
 */
export function editWords(game, cell, reason) {
  const name = cellName(cell, game.size);
  if (reason === 'mark') {
    const marks = game.pencil[cell];
    return `${name}: ${marks?.length ? `marks ${marks.map(symbolChar).join(' ')}` : 'no marks'}.`;
  }
  if (reason === 'clear' || !game.values[cell]) return `${name}: cleared.`;
  const clash = clashWords(game, cell);
  return `${name}: ${symbolChar(game.values[cell])}.${clash ? ` ${capital(clash)}.` : ''}`;
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
 * What a reading key asks for (input.js's {read} actions), as a sentence about the
 * selected cell's units or the whole grid: 'row', 'column', 'box' read a unit; 'empty-row',
 * 'empty-column', 'empty-box' list its empty cells; 'counts' counts the symbols placed.
 */
export function readingWords(game, cell, what) {
  if (what === 'counts') return symbolCountWords(game);
  if (cell < 0) return 'No cell selected: move to a cell first.';
  const [, empty, kind] = /^(empty-)?(row|column|box)$/.exec(what) ?? [];
  if (!kind) return '';
  return empty ? emptyCellsWords(game, cell, kind) : readUnitWords(game, cell, kind);
}

/**
 * The one live region of a page or widget: each event says one message through it. The
 * same words twice in a row are still announced (a space is added or taken off).
 */
export class Announcer {
  /** @param {HTMLElement} element a visually hidden element, made polite and atomic here */
  constructor(element) {
    this.element = element;
    element.setAttribute('aria-live', 'polite');
    element.setAttribute('aria-atomic', 'true');
  }

  /** Announces `text` (nothing for an empty one). */
  say(text) {
    if (!text) return;
    const current = this.element.textContent;
    this.element.textContent = current === text ? `${text}\u00a0` : text;
  }

  /** The last message announced. */
  get text() {
    return this.element.textContent.replace(/\u00a0$/, '');
  }
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
    canvas.removeAttribute('aria-roledescription');
    canvas.replaceChildren(this.row);
    this.key = '';
  }

  /** Follows the game and the selection (-1 for none); cheap when neither changed. */
  update(game, selected) {
    const n = game.size;
    const { canvas, row } = this;
    canvas.setAttribute('aria-rowcount', String(n));
    canvas.setAttribute('aria-colcount', String(n));
    const r = selected >= 0 ? Math.floor(selected / n) : 0;
    const labels = [];
    for (let c = 0; c < n; c++) labels.push(cellLabel(game, r * n + c));
    const key = `${n}/${r}/${labels.join('|')}`;
    if (key !== this.key) {
      this.key = key;
      row.setAttribute('aria-rowindex', String(r + 1));
      if (row.children.length !== n) {
        row.replaceChildren(...Array.from({ length: n }, (_, c) => {
          const cell = document.createElement('div');
          cell.setAttribute('role', 'gridcell');
          cell.setAttribute('aria-colindex', String(c + 1));
          return cell;
        }));
      }
      [...row.children].forEach((cell, c) => {
        cell.id = `${this.prefix}r${r + 1}c${c + 1}`;
        cell.textContent = labels[c];
      });
    }
    [...row.children].forEach((cell, c) => {
      const on = r * n + c === selected;
      if (on) cell.setAttribute('aria-selected', 'true');
      else cell.removeAttribute('aria-selected');
    });
    if (selected >= 0) canvas.setAttribute('aria-activedescendant', `${this.prefix}r${r + 1}c${(selected % n) + 1}`);
    else canvas.removeAttribute('aria-activedescendant');
  }
}
