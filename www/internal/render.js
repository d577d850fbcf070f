// Draws a Sudoku grid on a canvas from plain data: no DOM, no engine, no state of its own,
// so the app, a print view and an embedded widget can share it, and tests can call it.
//
//   const layout = layoutFor(size, cssWidth, cssHeight, { dpr: devicePixelRatio });
//   canvas.width = layout.width; canvas.height = layout.height;          // device pixels
//   canvas.style.width = `${layout.cssWidth}px`; ...
//   drawGrid(canvas.getContext('2d'), state, layout);
//
// Geometry, in device pixels so every line lands on whole pixels (crisp at any
// devicePixelRatio). Along each axis, for boxes g cells long on that axis (g = c columns
// across, r rows down, for the r×c boxes of the grid's layout) of cells `cell` wide:
//
//   ┃ cell │ cell │ cell ┃ cell │ ...      ┃ thick line (box border), │ thin line
//   ^thick ^thin          ^thick
//
//   start(i) = (⌊i/g⌋ + 1)·thick + (i − ⌊i/g⌋)·thin + i·cell
//   total    = (n/g + 1)·thick + (n − n/g)·thin + n·cell
//
// Pencil marks sit on a raster of the side's usual box shape inside a cell, whatever the
// grid's own boxes (3×3 at 9×9, 3 across by 2 down at 6×6, 4 by 3 at 12×12 even with 2×6
// boxes, the most legible; for a prime jigsaw's side, which has none, the squarest raster
// that holds n: 3×3 at 7×7, 4 by 3 at 11×11), in square places of cell / max(across, down).
//
// Lines are not stroked: the canvas is filled with the box-border colour, each box with
// the cell-border colour, then each cell with its background, so lines are the gaps.
// Jigsaw regions are no grid of boxes: every inner line is thin (g = n above), and the
// region borders are painted over the lines between neighbours of different regions.
// The layout's other units are drawn too: X's diagonals as lines under the symbols,
// windoku's windows as a tint of their cells. A killer's cages are dashed outlines inset
// from the cell borders (cages.js traces them), each sum small in the top-left corner of
// its cage's first cell, the outline broken round it; there the pencil marks sit on a
// smaller raster below the sums' band, and symbols from 10 up are numbers.
//
// The player's notes: centre marks on that raster (the "candidate grid", the default) or
// as one centred line of small symbols (always so in a cell with corner marks); corner marks in the cell's corners and then the
// middles of its edges, in the order entered; colours as the cell's background, several
// as wedges about its centre. Several selected cells are framed together, and a clash is
// hatched as well as red, so that it shows without colour vision.

import { asLayout, boxOf, cageCells, hasCages, markShape, peers, symbolText, units } from './grid.js';
import { cageOutlines } from './cages.js';

/** Colour sets for the two themes; any object with the same keys works as `state.theme`. */
export const THEMES = {
  light: {
    boxLine: '#23252b',
    cellLine: '#80868f', // 3:1 or more against cells, givens and peers
    cell: '#ffffff',
    given: '#eef0f4',
    peer: '#eef3fd',
    sameSymbol: '#d6e2fd',
    selected: '#bfd2fc', // every text colour reaches 4.5:1 on it
    clash: '#fbdada',
    givenText: '#15171c',
    entryText: '#1f4ab0',
    solvedText: '#096446',
    clashText: '#b01818',
    markText: '#555a68',
    markHighlight: '#2454c7',
    window: '#e2efd9', // windoku's windows: every text colour keeps 4.5:1 on it
    windowGiven: '#d6e5cc',
    diagonal: 'rgba(36, 84, 199, 0.32)', // X's diagonals, under the symbols
    cage: '#2f333c', // killer cages' dashed outlines and sums: 4.5:1 or more on every cell tint
    cageSum: '#15171c',
    hint: '#fff0b0',
    possible: '#fde7c8', // where the pad's digit filter says a symbol can still go
    hintTarget: '#ffd95c',
    eliminated: '#d01b1b',
    link: '#6a1fc9', // chain links: 4.5:1 or more on cells, hint tints and givens
    linkHalo: '#ffffff',
    region: '#c98a00', // the frame round the unit a hint says to look at
    error: '#d01b1b',
    marked: '#d98a00',
    focus: '#2454c7',
  },
  dark: {
    boxLine: '#b8bfcc',
    cellLine: '#757c8d', // 3:1 or more against cells, givens and peers
    cell: '#1b1e25',
    given: '#252a33',
    peer: '#212a3a',
    sameSymbol: '#2c3f66',
    selected: '#233a6e', // every text colour reaches 4.5:1 on it
    clash: '#5a2227',
    givenText: '#eef0f5',
    entryText: '#8fb3ff',
    solvedText: '#5fd3a4',
    clashText: '#ff8a8a',
    markText: '#a3a9b8',
    markHighlight: '#8fb3ff',
    window: '#1f3026',
    windowGiven: '#273a2e',
    diagonal: 'rgba(143, 179, 255, 0.34)',
    cage: '#c9cfdb',
    cageSum: '#eef0f5',
    hint: '#3d3920',
    possible: '#4a3621',
    hintTarget: '#4f430f',
    eliminated: '#ff7070',
    link: '#cfb0ff',
    linkHalo: '#1b1e25',
    region: '#e0b84a',
    error: '#ff5b5b',
    marked: '#ffb020',
    focus: '#8fb3ff',
  },
};

/**
 * The cell colours a player can give (1..9): Paul Tol's "light" scheme, made for cells
 * with text on them and told apart under the common colour-vision deficiencies. Each
 * theme draws them mixed with its cell colour (CELL_COLOUR_STRENGTH) so every text colour
 * stays readable on them.
 */
export const CELL_COLOURS = ['#77aadd', '#ee8866', '#eedd88', '#ffaabb', '#99ddff', '#44bb99', '#bbcc33', '#aaaa00', '#dddddd'];

/**
 * How much of a cell colour shows over each theme's cell colour (the rest is the cell's):
 * every text colour keeps 4.4:1 on the light tints and 3:1 on the dark ones.
 */
const CELL_COLOUR_STRENGTH = { light: 0.5, dark: 0.3 };

/** `hex` mixed with `base` (both #rrggbb): t of the first, 1 − t of the second. */
function mix(hex, base, t) {
  const channel = (h, i) => parseInt(h.slice(1 + 2 * i, 3 + 2 * i), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(hex, i) * t + channel(base, i) * (1 - t)));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The relative luminance of #rrggbb (WCAG). */
function luminance(hex) {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The fill of colour k (1..9) in a theme. */
export function cellColour(theme, k) {
  const base = theme.cell ?? '#ffffff';
  const dark = luminance(base) < 0.3;
  return mix(CELL_COLOURS[k - 1], base, CELL_COLOUR_STRENGTH[dark ? 'dark' : 'light']);
}

const FONT_WIDE = 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", sans-serif';
const FONT_NARROW = '"Roboto Condensed", "Arial Narrow", "DejaVu Sans Condensed", "Liberation Sans Narrow", sans-serif';
/**
 * From 36×36 up the alphabet has lower-case letters, and at 11 px a sans-serif draws I, l
 * and 1 as the same bar: a monospace font gives I its serifs, l its tail and 1 its flag
 * (as the print view does).
 */
const FONT_DISTINCT = 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

/** Pencil marks are drawn only when their share of a cell is at least this many CSS pixels. */
export const MIN_MARK_CSS_PX = 7;

/**
 * The geometry of a grid fitted into cssWidth × cssHeight CSS pixels: `grid` is its layout
 * (grid.js: {size, box, regions}) or its side, for the side's usual boxes.
 * Cells are never smaller than `minCell` nor larger than `maxCell` CSS pixels before
 * `zoom` is applied; a grid larger than the box it was fitted to is meant to scroll.
 * Returns plain numbers: device-pixel `cell`, `thin`, `thick`, `width`, `height`, and the
 * matching `cssWidth`, `cssHeight` for the canvas's style; `rows` and `columns` of a box,
 * `regions`, the pencil-mark raster `markColumns` by `markRows`, and `box`, the larger of
 * the two (a mark's place is `cell / box` wide).
 */
export function layoutFor(grid, cssWidth, cssHeight, { dpr = 1, zoom = 1, minCell = 11, maxCell = 80 } = {}) {
  const gridLayout = asLayout(grid);
  if (!gridLayout?.regions) throw new RangeError(`no grid has side ${grid?.size ?? grid}`);
  const size = gridLayout.size;
  // Jigsaw regions: one "box" of the whole grid, its region borders painted over.
  const shape = boxOf(gridLayout) ?? { rows: size, columns: size };
  const { rows, columns } = shape;
  const thin = Math.max(1, Math.round(dpr));
  // The axis with more box borders (the bands, n / rows, for boxes wider than tall) sets
  // the cell size that fits both.
  const lines = Math.max(size / columns, size / rows);
  const linesWith = (thick) => (lines + 1) * thick + (size - lines) * thin;
  const fit = (thick) => Math.floor((Math.floor(Math.min(cssWidth, cssHeight) * dpr) - linesWith(thick)) / size);
  let thick = Math.max(2, Math.round(2 * dpr));
  let fitted = fit(thick);
  if (fitted >= 40 * dpr) {
    thick = Math.max(3, Math.round(3 * dpr));
    fitted = fit(thick);
  }
  const clamped = Math.min(Math.max(fitted, Math.round(minCell * dpr)), Math.round(maxCell * dpr));
  const cell = Math.max(1, Math.round(clamped * zoom));
  const span = (group) => (size / group + 1) * thick + (size - size / group) * thin + size * cell;
  const width = span(columns);
  const height = span(rows);
  const raster = markShape(size);
  return {
    size, rows, columns, regions: gridLayout.regions, grid: gridLayout, jigsaw: !boxOf(gridLayout), dpr, zoom, cell, thin, thick,
    markColumns: raster.columns, markRows: raster.rows, box: Math.max(raster.rows, raster.columns),
    width, height, cssWidth: width / dpr, cssHeight: height / dpr,
    killer: hasCages(gridLayout) ? cageStyle(cell, dpr) : null,
  };
}

/**
 * How a killer's cages are drawn in cells `cell` device pixels wide: the outline's inset
 * from the cell's edge, its width and dash, and the sums' font size (never under 7 CSS
 * pixels), all in device pixels; `band` is the height the sums take at the top of a cell,
 * which the pencil marks stay below.
 */
export function cageStyle(cell, dpr = 1) {
  const inset = Math.max(Math.round(2 * dpr), Math.round(cell * 0.08));
  const width = Math.max(dpr, Math.round(cell * 0.028 * 2) / 2);
  const sumPx = Math.max(Math.round(7 * dpr), Math.round(cell * 0.24));
  return { inset, width, dash: [Math.max(2 * width, cell * 0.07), Math.max(1.5 * width, cell * 0.05)], sumPx, band: inset / 2 + sumPx * 1.05 };
}

/**
 * Device-pixel offset of the left edge of column `i` (axis 'x'), or the top edge of row `i`
 * (axis 'y').
 */
export function cellStart(layout, i, axis = 'x') {
  const group = axis === 'y' ? layout.rows : layout.columns;
  const boxes = Math.floor(i / group);
  return (boxes + 1) * layout.thick + (i - boxes) * layout.thin + i * layout.cell;
}

/** The device-pixel rectangle of a cell's interior. */
export function cellRect(layout, cell) {
  const n = layout.size;
  return { x: cellStart(layout, cell % n, 'x'), y: cellStart(layout, Math.floor(cell / n), 'y'), w: layout.cell, h: layout.cell };
}

/**
 * The size of a pencil mark's square place, and the raster's offset inside a cell: the
 * whole cell, or in a killer the part inside the cage outline and below the sums' band.
 */
function markRaster(layout) {
  const k = layout.killer;
  if (!k) {
    const sub = layout.cell / layout.box;
    return { sub, dx: (layout.cell - layout.markColumns * sub) / 2, dy: (layout.cell - layout.markRows * sub) / 2 };
  }
  const edge = k.inset + k.width;
  const w = layout.cell - 2 * edge;
  const h = layout.cell - k.band - edge;
  const sub = Math.min(w / layout.markColumns, h / layout.markRows);
  return { sub, dx: (layout.cell - layout.markColumns * sub) / 2, dy: k.band + (h - layout.markRows * sub) / 2 };
}

/** The cell under a device-pixel point, or -1 outside the grid. Points on a line go to the nearest cell. */
export function cellAt(layout, x, y) {
  const index = (p, axis) => {
    if (p < 0 || p >= (axis === 'y' ? layout.height : layout.width)) return -1;
    let i = Math.min(layout.size - 1, Math.floor(p / (layout.cell + layout.thin)));
    while (i > 0 && cellStart(layout, i, axis) > p) i--;
    while (i < layout.size - 1 && cellStart(layout, i + 1, axis) - layout.thin <= p) i++;
    return i;
  };
  const column = index(x, 'x');
  const row = index(y, 'y');
  return column < 0 || row < 0 ? -1 : row * layout.size + column;
}

/** Font size in device pixels for the symbols of a grid of side n. */
function symbolFontSize(n, cell) {
  // From 36×36 up (the monospace font) a 10-pixel cell takes a 10-pixel font: the glyphs of
  // an 11-pixel cell, so that a 64×64 fits a 768-pixel window as legibly (see drawGrid).
  const share = n <= 16 ? 0.6 : n < 36 ? 0.68 : cell < 11 ? 1 : 0.9;
  return Math.max(6, Math.round(cell * share));
}

/** Sets `ctx.font` and returns the baseline offset that centres capitals in a cell. */
function useFont(ctx, weight, px, family) {
  ctx.font = `${weight} ${px}px ${family}`;
  const m = ctx.measureText('8');
  return (m.actualBoundingBoxAscent || px * 0.7) / 2;
}

/**
 * The part of drawGrid's `state` that a game and its view give: a game with `size`,
 * `values`, `givens`, `solved`, `pencil` and `clashes()`, and a view with `selected`,
 * `errors`, `marked`, `hint`, `focused` and `pencilMode`. Callers add `theme` (and
 * `font`), and may override any field.
 */
export function gridState(game, view) {
  return {
    size: game.size,
    values: game.values,
    givens: game.givens,
    solved: game.solved,
    pencil: game.pencil,
    corner: game.corner,
    colours: game.colours,
    centreAsGrid: view.centreAsGrid ?? true,
    selected: view.selected,
    selection: view.selection,
    highlight: view.filter || (view.selected >= 0 ? game.values[view.selected] : 0),
    possible: view.filter ? possibleCells(game, view.filter) : [],
    clashes: game.clashes(),
    errors: view.errors,
    marked: view.marked,
    hint: view.hint,
    focused: view.focused,
    pencilMode: view.pencilMode,
  };
}

/** possibleCells' last answer: {game, revision, v, cells}. */
let possibleMemo = null;

/**
 * The empty cells where symbol v can still go: no unit of theirs holds it. Each unit is
 * looked at once (O(cells)), and the answer kept until the game's values change.
 */
export function possibleCells(game, v) {
  const memo = possibleMemo;
  if (memo && memo.game === game && memo.revision === game.valueRevision && memo.v === v) return memo.cells;
  // Units, and a killer's cages: a symbol goes once in each.
  const cellUnits = [...units(game.layout), ...cageCells(game.layout)];
  const held = cellUnits.map((cells) => cells.some((c) => game.values[c] === v));
  const blocked = new Uint8Array(game.values.length);
  cellUnits.forEach((cells, u) => {
    if (held[u]) for (const c of cells) blocked[c] = 1;
  });
  const cells = [];
  for (let i = 0; i < game.values.length; i++) if (!game.values[i] && !blocked[i]) cells.push(i);
  possibleMemo = { game, revision: game.valueRevision, v, cells };
  return cells;
}

/**
 * Draws the grid. `ctx` is a 2D context whose canvas is layout.width × layout.height
 * device pixels, with the identity transform. `state` is plain data:
 *   size        side n
 *   values      n² cell values, 0 for empty (array or typed array)
 *   givens      n² truthy for the puzzle's givens
 *   solved      optional n² truthy for values filled in by the solver
 *   pencil      optional n² per cell: an iterable of marked symbols (array or Set), or null:
 *               the centre marks
 *   corner      optional n² per cell: the corner marks in the order entered, or null
 *   colours     optional n² per cell: colours 1..9 (CELL_COLOURS), or null
 *   centreAsGrid  false draws centre marks as one centred line (default: the raster)
 *   selected    the selected cell (the cursor), or -1
 *   selection   optional: every selected cell; when more than one, all are tinted and
 *               framed together
 *   highlight   a symbol whose every copy (and pencil mark) is highlighted, or 0
 *   possible    optional cells tinted as where the highlighted symbol can still go (the
 *               pad's digit filter)
 *   clashes     cells drawn in red (symbols repeated in a unit)
 *   errors      cells outlined in red (where the engine rejected the input)
 *   marked      cells outlined in amber (e.g. where two solutions differ)
 *   hint        optional {regions, cells, target, eliminations: [{cell, value}], links}:
 *               the units to look at framed ([{kind: 'row' | 'column' | 'box' | 'region' |
 *               'diagonal' | 'window', index}]),
 *               a logic step's cells tinted, the cell it fills tinted stronger, the
 *               pencil marks it removes struck through, and its chain's links between
 *               candidates ([{from: {cells, symbol}, to: {cells, symbol}, strong}], see
 *               drawLinks)
 *   focused     whether the grid has keyboard focus (draws a ring round the selected cell)
 *   pencilMode  draws that ring dashed
 *   theme       a colour set like THEMES.light
 *   font        optional font family for the symbols (default: a system sans-serif,
 *               a condensed one from 25×25 up, a monospace one from 36×36 up)
 */
export function drawGrid(ctx, state, layout) {
  const n = layout.size;
  const { cell } = layout;
  const theme = state.theme ?? THEMES.light;
  const values = state.values;
  const givens = state.givens ?? [];
  const solved = state.solved ?? [];
  const selected = state.selected ?? -1;
  const highlight = state.highlight ?? 0;
  const clashes = new Set(state.clashes ?? []);
  const possible = new Set(state.possible ?? []);
  const hintCells = new Set(state.hint?.cells ?? []);
  const hintTarget = state.hint?.target ?? -1;
  const { rows: r, columns: c, regions } = layout;

  // Lines as gaps: box-border colour everywhere, cell-border colour inside each box.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.boxLine;
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.fillStyle = theme.cellLine;
  for (let top = 0; top < n; top += r) {
    for (let left = 0; left < n; left += c) {
      const x = cellStart(layout, left, 'x');
      const y = cellStart(layout, top, 'y');
      const w = cellStart(layout, left + c - 1, 'x') + cell - x;
      const h = cellStart(layout, top + r - 1, 'y') + cell - y;
      ctx.fillRect(x, y, w, h);
    }
  }

  // Cell backgrounds, strongest reason first.
  const sel = selected >= 0 && selected < n * n ? selected : -1;
  const chosen = new Set((state.selection ?? []).filter((i) => i >= 0 && i < n * n));
  if (sel >= 0) chosen.add(sel);
  const many = chosen.size > 1;
  // Peers in every unit of the layout: row, column, box or region, diagonals, window
  // (of one selected cell: with several, the frame says enough).
  const peerCells = new Set(sel >= 0 && !many ? peers(sel, layout.grid ?? { size: n, regions }) : []);
  const windows = layout.grid?.windows;
  for (let i = 0; i < n * n; i++) {
    const row = Math.floor(i / n);
    const column = i % n;
    let fill;
    if (chosen.has(i)) fill = theme.selected;
    else if (clashes.has(i)) fill = theme.clash;
    else if (i === hintTarget) fill = theme.hintTarget ?? theme.selected;
    else if (hintCells.has(i)) fill = theme.hint ?? theme.peer;
    else if (highlight && values[i] === highlight) fill = theme.sameSymbol;
    else if (possible.has(i)) fill = theme.possible ?? theme.hint;
    else if (peerCells.has(i)) fill = theme.peer;
    else if (windows?.[i]) fill = givens[i] ? theme.windowGiven ?? theme.given : theme.window ?? theme.cell;
    else fill = givens[i] ? theme.given : theme.cell;
    ctx.fillStyle = fill;
    ctx.fillRect(cellStart(layout, column, 'x'), cellStart(layout, row, 'y'), cell, cell);
  }
  if (state.colours) drawColours(ctx, state, layout, theme, chosen);
  if (clashes.size) drawHatching(ctx, layout, clashes, theme);
  // A jigsaw's regions still being made (grid.js's pendingLayout) have no borders yet.
  if (layout.jigsaw && !layout.grid?.pending) drawRegionBorders(ctx, layout, theme);
  if (layout.grid?.diagonals) drawDiagonals(ctx, layout, theme);
  if (layout.killer) drawCages(ctx, layout, theme, state.font || FONT_WIDE);

  // Symbols: givens bold, entries in the entry colour, solver values in the solved colour.
  const family = state.font || (n >= 36 ? FONT_DISTINCT : n >= 25 ? FONT_NARROW : FONT_WIDE);
  // A killer's symbols sit a little lower, clear of the sums, and two-digit ones narrower.
  const px = layout.killer && n > 9 ? Math.round(cell * 0.46) : symbolFontSize(n, cell);
  const drop = layout.killer ? Math.round(cell * 0.06) : 0;
  const grid = layout.grid ?? n;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  // Small symbols need weight to keep their serifs and flags.
  const light = n >= 36 ? 600 : 500;
  const passes = [
    { weight: 700, test: (i) => givens[i], color: theme.givenText },
    { weight: light, test: (i) => !givens[i] && !solved[i], color: theme.entryText },
    { weight: light, test: (i) => !givens[i] && solved[i], color: theme.solvedText },
  ];
  for (const pass of passes) {
    const lift = useFont(ctx, pass.weight, px, family);
    for (let i = 0; i < n * n; i++) {
      const v = values[i];
      if (!v || !pass.test(i)) continue;
      ctx.fillStyle = clashes.has(i) ? theme.clashText : pass.color;
      const x = cellStart(layout, i % n);
      const y = cellStart(layout, Math.floor(i / n), 'y');
      // An even cell's centre falls between pixels: the monospace stems (I, l, 1) then
      // straddle two pixels and blur together; half a pixel right keeps them whole.
      ctx.fillText(symbolText(v, grid), x + cell / 2 + (n >= 36 && cell % 2 === 0 ? 0.5 : 0), y + cell / 2 + lift + drop);
    }
  }

  if (state.pencil) {
    drawCentreLines(ctx, state, layout, theme, family);
    drawPencil(ctx, state, layout, theme, family);
  }
  if (state.corner) drawCorners(ctx, state, layout, theme, family);
  if (state.hint?.eliminations?.length) drawEliminations(ctx, state, layout, theme);
  if (state.hint?.links?.length) drawLinks(ctx, state, layout, theme, family);

  // Outlines: engine errors, marked cells, then the selection ring.
  const ring = Math.max(2, Math.round(layout.dpr * (cell >= 24 * layout.dpr ? 2.5 : 1.5)));
  const outline = (i, color, dash) => {
    const x = cellStart(layout, i % n);
    const y = cellStart(layout, Math.floor(i / n), 'y');
    ctx.strokeStyle = color;
    ctx.lineWidth = ring;
    ctx.setLineDash(dash ? [ring * 2, ring * 1.5] : []);
    ctx.strokeRect(x + ring / 2, y + ring / 2, cell - ring, cell - ring);
  };
  for (const region of state.hint?.regions ?? []) frameUnit(ctx, layout, region, theme.region ?? theme.marked, ring);
  for (const i of state.marked ?? []) outline(i, theme.marked, false);
  for (const i of state.errors ?? []) outline(i, theme.error, false);
  if (many) frameCells(ctx, layout, chosen, theme.focus, Math.max(2, Math.round(ring * 0.8)));
  if (sel >= 0 && state.focused) outline(sel, theme.focus, state.pencilMode);
  ctx.setLineDash([]);
}

/**
 * Paints the thick borders between neighbouring cells of different regions, over the thin
 * lines (a jigsaw's: its boxes are no grid, so layoutFor made every inner line thin). Each
 * bar runs half a thick line past the cell at both ends, so corners join.
 */
function drawRegionBorders(ctx, layout, theme) {
  const n = layout.size;
  const { regions, cell, thick, thin } = layout;
  ctx.fillStyle = theme.boxLine;
  for (let row = 0; row < n; row++) {
    for (let column = 0; column < n; column++) {
      const i = row * n + column;
      const x = cellStart(layout, column, 'x');
      const y = cellStart(layout, row, 'y');
      if (column + 1 < n && regions[i] !== regions[i + 1]) {
        const mid = x + cell + thin / 2;
        ctx.fillRect(mid - thick / 2, y - thick / 2, thick, cell + thick);
      }
      if (row + 1 < n && regions[i] !== regions[i + n]) {
        const mid = y + cell + thin / 2;
        ctx.fillRect(x - thick / 2, mid - thick / 2, cell + thick, thick);
      }
    }
  }
}

/**
 * Draws a killer's cages: each a dashed outline `inset` inside the cells it encloses,
 * running through the lines between cells of one cage, and its sum (when it has one) in
 * the top-left corner of its first cell, the outline left open round the sum.
 */
function drawCages(ctx, layout, theme, family) {
  const k = layout.killer;
  const outlines = cageOutlines(layout.grid);
  const { cell } = layout;
  const at = (i, inside, axis) => (inside > 0 ? cellStart(layout, i, axis) + k.inset : cellStart(layout, i - 1, axis) + cell - k.inset);
  ctx.save();
  ctx.font = `600 ${k.sumPx}px ${family}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const ascent = ctx.measureText('8').actualBoundingBoxAscent || k.sumPx * 0.72;
  const pad = Math.max(2, k.width * 2);
  ctx.strokeStyle = theme.cage ?? theme.boxLine;
  ctx.lineWidth = k.width;
  ctx.lineJoin = 'miter';
  ctx.setLineDash(k.dash);
  ctx.beginPath();
  const labels = [];
  for (const { first, sum, loops } of outlines) {
    loops.forEach((loop, index) => {
      const points = loop.map((c) => [at(c.i, c.xIn, 'x'), at(c.j, c.yIn, 'y')]);
      if (index > 0 || !sum) {
        points.forEach(([x, y], p) => (p ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        ctx.closePath();
        return;
      }
      // The outer loop starts just right of the sum and ends just below it, so the dashes
      // start whole after the sum and no piece of one sits beside it.
      const x = cellStart(layout, first % layout.size, 'x') + Math.max(1, k.inset * 0.45);
      const top = cellStart(layout, Math.floor(first / layout.size), 'y') + Math.max(1, k.inset * 0.45);
      const text = String(sum);
      labels.push({ text, x, y: top + ascent });
      const [x0, y0] = points[0];
      const right = Math.min(x + ctx.measureText(text).width + pad, points[1][0]);
      const below = Math.min(top + ascent + pad, points.at(-1)[1]);
      ctx.moveTo(Math.max(right, x0), y0);
      for (const [px, py] of points.slice(1)) ctx.lineTo(px, py);
      ctx.lineTo(x0, Math.max(below, y0));
    });
  }
  ctx.stroke();
  ctx.fillStyle = theme.cageSum ?? theme.givenText;
  for (const label of labels) ctx.fillText(label.text, label.x, label.y);
  ctx.restore();
}

/**
 * Draws X's two main diagonals, corner to corner through their cells' centres (boxes
 * that are not square make the grid a little wider than tall), under the symbols.
 */
function drawDiagonals(ctx, layout, theme) {
  const { size: n, width, height, dpr, cell } = layout;
  const centre = (i, axis) => cellStart(layout, i, axis) + cell / 2;
  ctx.save();
  ctx.strokeStyle = theme.diagonal ?? theme.cellLine;
  ctx.lineWidth = Math.max(1.5 * dpr, Math.min(3 * dpr, cell * 0.05));
  ctx.lineJoin = 'round';
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  for (let i = 0; i < n; i++) ctx.lineTo(centre(i, 'x'), centre(i, 'y'));
  ctx.lineTo(width, height);
  ctx.moveTo(width, 0);
  for (let i = 0; i < n; i++) ctx.lineTo(centre(n - 1 - i, 'x'), centre(i, 'y'));
  ctx.lineTo(0, height);
  ctx.stroke();
  ctx.restore();
}

/** The cells of a unit {kind, index} ('row', 'column', 'box', 'region', 'diagonal', 'window', a killer's 'cage'), or []. */
function unitCells(layout, { kind, index }) {
  const n = layout.size;
  if (!Number.isInteger(index) || index < 0) return [];
  const all = Array.from({ length: n }, (_, i) => i);
  if (kind === 'row') return index < n ? all.map((c) => index * n + c) : [];
  if (kind === 'column') return index < n ? all.map((r) => r * n + index) : [];
  if (kind === 'diagonal') {
    if (!layout.grid?.diagonals || index > 1) return [];
    return all.map((i) => i * n + (index === 0 ? i : n - 1 - i));
  }
  const cells = [];
  const of = kind === 'window' ? layout.grid?.windows : kind === 'cage' ? layout.grid?.cages
    : kind === 'box' || kind === 'region' ? layout.regions : null;
  const want = kind === 'window' || kind === 'cage' ? index + 1 : index;
  of?.forEach((u, c) => { if (u === want) cells.push(c); });
  return cells;
}

/**
 * Frames a unit ({kind, index} from 0) just inside its border: a bar along every side of
 * its cells that no other of its cells shares, so a jigsaw region or a diagonal is framed
 * as truly as a box.
 */
function frameUnit(ctx, layout, unit, color, width) {
  frameCells(ctx, layout, new Set(unitCells(layout, unit)), color, width);
}

/** Frames a set of cells just inside the border of the shape they make (see frameUnit). */
function frameCells(ctx, layout, cells, color, width) {
  const n = layout.size;
  if (!cells.size) return;
  const { cell } = layout;
  ctx.fillStyle = color;
  for (const i of cells) {
    const row = Math.floor(i / n);
    const column = i % n;
    const x = cellStart(layout, column, 'x');
    const y = cellStart(layout, row, 'y');
    // The line after this cell, thin or thick.
    const gapX = column < n - 1 ? cellStart(layout, column + 1, 'x') - x - cell : 0;
    const gapY = row < n - 1 ? cellStart(layout, row + 1, 'y') - y - cell : 0;
    // Sides shared with the unit's next cell are left open, and the gap between them filled.
    const up = row > 0 && cells.has(i - n);
    const down = row < n - 1 && cells.has(i + n);
    const left = column > 0 && cells.has(i - 1);
    const right = column < n - 1 && cells.has(i + 1);
    if (!up) ctx.fillRect(x, y, cell, width);
    if (!down) ctx.fillRect(x, y + cell - width, cell, width);
    if (!left) ctx.fillRect(x, y, width, cell);
    if (!right) ctx.fillRect(x + cell - width, y, width, cell);
    if (right && !up) ctx.fillRect(x + cell, y, gapX, width);
    if (right && !down) ctx.fillRect(x + cell, y + cell - width, gapX, width);
    if (down && !left) ctx.fillRect(x, y + cell, width, gapY);
    if (down && !right) ctx.fillRect(x + cell - width, y + cell, width, gapY);
  }
}

/** Strikes through the pencil marks a hint removes (where the cell shows them). */
function drawEliminations(ctx, state, layout, theme) {
  const n = layout.size;
  const { sub, dx, dy } = markRaster(layout);
  const across = layout.markColumns;
  if (sub < MIN_MARK_CSS_PX * layout.dpr) return;
  ctx.strokeStyle = theme.eliminated ?? theme.error;
  ctx.lineWidth = Math.max(1, Math.round(layout.dpr * 1.5));
  ctx.setLineDash([]);
  for (const { cell: i, value: v } of state.hint.eliminations) {
    const marks = state.pencil?.[i];
    if (!marks || state.values[i] || !includes(marks, v) || !onRaster(state, i)) continue;
    const x = cellStart(layout, i % n, 'x') + dx + ((v - 1) % across) * sub;
    const y = cellStart(layout, Math.floor(i / n), 'y') + dy + Math.floor((v - 1) / across) * sub;
    ctx.beginPath();
    ctx.moveTo(x + sub * 0.15, y + sub * 0.85);
    ctx.lineTo(x + sub * 0.85, y + sub * 0.15);
    ctx.stroke();
  }
}

/**
 * The device-pixel centre of symbol v's pencil-mark place in a cell: marks sit on a raster
 * of a box's shape (c across, r down) inside the cell, symbol 1 top left, reading order.
 */
export function candidateCentre(layout, cell, v) {
  const n = layout.size;
  const { sub, dx, dy } = markRaster(layout);
  const across = layout.markColumns;
  return {
    x: cellStart(layout, cell % n, 'x') + dx + (((v - 1) % across) + 0.5) * sub,
    y: cellStart(layout, Math.floor(cell / n), 'y') + dy + (Math.floor((v - 1) / across) + 0.5) * sub,
  };
}

/**
 * Draws a chain's links between candidates: each node ({cells, symbol}; several cells make
 * a grouped node) ringed at its pencil-mark place, a grouped node's places framed
 * together, and each link a slightly bowed line between two nodes with an arrowhead at
 * its `to` end (the order a chain is read in), solid for a strong link (if one end is
 * false the other is true) and dashed for a weak one (they cannot both be true). A halo in the cell colour keeps the lines readable over symbols and
 * grid lines. Where a node's cell shows no pencil mark for its symbol, the ring holds
 * the symbol itself when it is large enough to read.
 */
function drawLinks(ctx, state, layout, theme, family) {
  const n = layout.size;
  const { sub } = markRaster(layout);
  const dpr = layout.dpr;
  const color = theme.link ?? theme.focus;
  const halo = theme.linkHalo ?? theme.cell;
  const width = Math.max(2 * dpr, Math.min(3 * dpr, sub * 0.12));
  const radius = Math.max(3.5 * dpr, sub * 0.46);
  const valid = (node) => node && Number.isInteger(node.symbol) && node.symbol >= 1 && node.symbol <= n
    && Array.isArray(node.cells) && node.cells.length > 0 && node.cells.every((c) => Number.isInteger(c) && c >= 0 && c < n * n);
  const centreOf = (node) => {
    const points = node.cells.map((c) => candidateCentre(layout, c, node.symbol));
    return {
      x: points.reduce((s, p) => s + p.x, 0) / points.length,
      y: points.reduce((s, p) => s + p.y, 0) / points.length,
      points,
    };
  };
  const links = state.hint.links.filter((link) => valid(link?.from) && valid(link?.to));
  const readable = sub >= MIN_MARK_CSS_PX * dpr;
  ctx.save();
  ctx.lineCap = 'round';

  // The links, under their nodes' rings.
  for (const pass of ['halo', 'line']) {
    for (const link of links) {
      const a = centreOf(link.from);
      const b = centreOf(link.to);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const length = Math.hypot(dx, dy);
      if (length < radius * 2) continue;
      const ux = dx / length;
      const uy = dy / length;
      // Bow the line a little to one side, so links along a row pass beside the marks between.
      const bow = Math.min(length * 0.12, layout.cell * 0.6);
      const cx = (a.x + b.x) / 2 - uy * bow;
      const cy = (a.y + b.y) / 2 + ux * bow;
      const trim = (from, toward) => {
        const ex = toward.x - from.x;
        const ey = toward.y - from.y;
        const d = Math.hypot(ex, ey) || 1;
        const r = from.points.length > 1 ? radius * 1.3 : radius;
        return { x: from.x + (ex / d) * r, y: from.y + (ey / d) * r };
      };
      const control = { x: cx, y: cy };
      const start = trim(a, control);
      const end = trim(b, control);
      ctx.beginPath();
      ctx.moveTo(start.x, start.y);
      ctx.quadraticCurveTo(cx, cy, end.x, end.y);
      const dash = link.strong ? [] : [width * 2.6, width * 2.2];
      ctx.setLineDash(dash);
      ctx.strokeStyle = pass === 'halo' ? halo : color;
      ctx.lineWidth = pass === 'halo' ? width + 2 * dpr : width;
      ctx.stroke();
      // An arrowhead at `to`: a chain is read from one end to the other.
      const tx = end.x - cx;
      const ty = end.y - cy;
      const t = Math.hypot(tx, ty) || 1;
      const head = width * 3.2;
      const [bx, by] = [end.x - (tx / t) * head, end.y - (ty / t) * head];
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(end.x, end.y);
      ctx.lineTo(bx - (ty / t) * head * 0.55, by + (tx / t) * head * 0.55);
      ctx.lineTo(bx + (ty / t) * head * 0.55, by - (tx / t) * head * 0.55);
      ctx.closePath();
      if (pass === 'halo') ctx.stroke();
      ctx.fillStyle = pass === 'halo' ? halo : color;
      ctx.fill();
    }
  }
  ctx.setLineDash([]);

  // The nodes: a ring round each candidate, a frame round each group.
  const px = Math.max(5, Math.round(sub * 0.78));
  const lift = readable ? useFont(ctx, 700, px, family) : 0;
  ctx.textAlign = 'center';
  const drawn = new Set();
  for (const link of links) {
    for (const node of [link.from, link.to]) {
      const key = `${node.symbol}:${node.cells.join(',')}`;
      if (drawn.has(key)) continue;
      drawn.add(key);
      const { points } = centreOf(node);
      for (const p of points) {
        ctx.lineWidth = Math.max(1, width * 0.8);
        ctx.strokeStyle = color;
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
        // Marks too small to read: a filled dot marks the candidate's place instead of a ring.
        if (readable) ctx.stroke();
        else ctx.fill();
      }
      if (points.length > 1) {
        const xs = points.map((p) => p.x);
        const ys = points.map((p) => p.y);
        const pad = radius * 1.3;
        ctx.setLineDash([width, width * 1.5]);
        ctx.strokeRect(Math.min(...xs) - pad, Math.min(...ys) - pad,
          Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad);
        ctx.setLineDash([]);
      }
      if (!readable) continue;
      for (const [i, p] of points.entries()) {
        const c = node.cells[i];
        const marks = state.pencil?.[c];
        if (state.values[c] || (marks && includes(marks, node.symbol))) continue;
        ctx.fillStyle = color;
        ctx.fillText(symbolText(node.symbol, layout.grid ?? n), p.x, p.y + lift);
      }
    }
  }
  ctx.restore();
}

/**
 * Whether a cell's centre marks are drawn on the candidate raster: unless the player chose
 * lines (`centreAsGrid` false; a hint shown keeps the raster, which its strikes and links
 * point at), or the cell has corner marks, whose places the raster would cover.
 */
function onRaster(state, i) {
  if (state.centreAsGrid === false && !state.hint) return false;
  return !state.corner?.[i]?.length;
}

function includes(marks, v) {
  if (typeof marks.has === 'function') return marks.has(v);
  for (const m of marks) if (m === v) return true;
  return false;
}

function drawPencil(ctx, state, layout, theme, family) {
  const n = layout.size;
  const { cell } = layout;
  const { sub, dx, dy } = markRaster(layout);
  const across = layout.markColumns;
  const readable = sub >= MIN_MARK_CSS_PX * layout.dpr;
  // A killer's marks from 10 up are two digits: a smaller font keeps them in their place.
  const px = Math.max(5, Math.round(sub * (layout.killer && n > 9 ? 0.6 : 0.78)));
  const lift = readable ? useFont(ctx, 500, px, family) : 0;
  const grid = layout.grid ?? n;
  for (let i = 0; i < n * n; i++) {
    const marks = state.pencil[i];
    if (!marks || state.values[i] || !onRaster(state, i)) continue;
    const x = cellStart(layout, i % n, 'x');
    const y = cellStart(layout, Math.floor(i / n), 'y');
    if (!readable) {
      // Too small to read: a dot says the cell holds marks; zooming in shows them.
      let any = false;
      for (const _ of marks) { any = true; break; }
      if (!any) continue;
      const r = Math.max(1, cell * 0.1);
      ctx.fillStyle = theme.markText;
      ctx.beginPath();
      ctx.arc(x + cell - r * 2, y + r * 2, r, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    for (const v of marks) {
      if (v < 1 || v > n) continue;
      const row = Math.floor((v - 1) / across);
      const column = (v - 1) % across;
      ctx.fillStyle = v === state.highlight ? theme.markHighlight : theme.markText;
      ctx.fillText(symbolText(v, grid), x + dx + (column + 0.5) * sub, y + dy + (row + 0.5) * sub + lift);
    }
  }
}

/**
 * Paints the player's colours over the cells' backgrounds: one colour fills the cell,
 * several share it as wedges about its centre, the first from the top. A selected cell
 * keeps a band of the selection tint round its colours, so the selection still shows.
 */
function drawColours(ctx, state, layout, theme, chosen) {
  const n = layout.size;
  const { cell } = layout;
  const band = Math.max(2, Math.round(cell * 0.12));
  ctx.save();
  for (let i = 0; i < n * n; i++) {
    const list = state.colours[i];
    if (!list?.length) continue;
    let x = cellStart(layout, i % n, 'x');
    let y = cellStart(layout, Math.floor(i / n), 'y');
    let w = cell;
    if (chosen.has(i)) {
      x += band;
      y += band;
      w -= 2 * band;
    }
    if (list.length === 1) {
      ctx.fillStyle = cellColour(theme, list[0]);
      ctx.fillRect(x, y, w, w);
      continue;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, w);
    ctx.clip();
    const step = (Math.PI * 2) / list.length;
    list.forEach((k, j) => {
      ctx.fillStyle = cellColour(theme, k);
      ctx.beginPath();
      ctx.moveTo(x + w / 2, y + w / 2);
      ctx.arc(x + w / 2, y + w / 2, w, -Math.PI / 2 + j * step, -Math.PI / 2 + (j + 1) * step);
      ctx.closePath();
      ctx.fill();
    });
    ctx.restore();
  }
  ctx.restore();
}

/** Hatches clashing cells with thin diagonal lines: a cue for a clash that is not colour alone. */
function drawHatching(ctx, layout, cells, theme) {
  const n = layout.size;
  const { cell } = layout;
  const gap = Math.max(4, Math.round(cell / 6));
  ctx.save();
  ctx.strokeStyle = theme.clashText;
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = Math.max(1, Math.round(layout.dpr));
  for (const i of cells) {
    const x = cellStart(layout, i % n, 'x');
    const y = cellStart(layout, Math.floor(i / n), 'y');
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, cell, cell);
    ctx.clip();
    ctx.beginPath();
    for (let d = gap / 2; d < 2 * cell; d += gap) {
      ctx.moveTo(x + d, y);
      ctx.lineTo(x + d - cell, y + cell);
    }
    ctx.stroke();
    ctx.restore();
  }
  ctx.restore();
}

/**
 * The places of a cell's corner marks, as fractions of the cell: the four corners, then
 * the middles of the top, bottom, left and right edges; past eight, two rows (top and
 * bottom) share them evenly.
 */
export function cornerPlaces(count) {
  const lo = 0.2;
  const hi = 0.8;
  const eight = [[lo, lo], [hi, lo], [lo, hi], [hi, hi], [0.5, lo], [0.5, hi], [lo, 0.5], [hi, 0.5]];
  if (count <= 8) return eight.slice(0, count);
  const top = Math.ceil(count / 2);
  const row = (k, total, y) => Array.from({ length: k }, (_, j) => [total === 1 ? 0.5 : 0.14 + (0.72 * j) / (total - 1), y]);
  return [...row(top, top, 0.17), ...row(count - top, count - top, 0.83)];
}

/** Draws the corner marks of the empty cells, small, in their places (cornerPlaces). */
function drawCorners(ctx, state, layout, theme, family) {
  const n = layout.size;
  const { cell } = layout;
  const grid = layout.grid ?? n;
  const base = Math.round(cell * (n > 9 ? 0.2 : 0.24));
  if (base < MIN_MARK_CSS_PX * layout.dpr) return;
  ctx.save();
  ctx.textAlign = 'center';
  for (let i = 0; i < n * n; i++) {
    const marks = state.corner[i];
    if (!marks?.length || state.values[i]) continue;
    const x = cellStart(layout, i % n, 'x');
    const y = cellStart(layout, Math.floor(i / n), 'y');
    const px = marks.length > 8 ? Math.max(Math.round(MIN_MARK_CSS_PX * layout.dpr), Math.round(base * 0.8)) : base;
    const lift = useFont(ctx, 600, px, family);
    cornerPlaces(marks.length).forEach(([fx, fy], j) => {
      const v = marks[j];
      ctx.fillStyle = v === state.highlight ? theme.markHighlight : theme.cornerText ?? theme.markText;
      ctx.fillText(symbolText(v, grid), x + fx * cell, y + fy * cell + lift);
    });
  }
  ctx.restore();
}

/**
 * Draws the centre marks as one line of small symbols in symbol order, centred in the cell
 * (two lines when one would be too small to read), as SudokuPad shows them.
 */
function drawCentreLines(ctx, state, layout, theme, family) {
  const n = layout.size;
  const { cell } = layout;
  const grid = layout.grid ?? n;
  const least = MIN_MARK_CSS_PX * layout.dpr;
  ctx.save();
  ctx.textAlign = 'center';
  for (let i = 0; i < n * n; i++) {
    const marks = state.pencil[i];
    if (!marks || state.values[i] || onRaster(state, i)) continue;
    const list = [...marks].filter((v) => v >= 1 && v <= n).sort((a, b) => a - b);
    if (!list.length) continue;
    const texts = list.map((v) => symbolText(v, grid));
    const x = cellStart(layout, i % n, 'x') + cell / 2;
    const y = cellStart(layout, Math.floor(i / n), 'y') + cell / 2;
    let px = Math.round(cell * 0.3);
    useFont(ctx, 500, px, family);
    const width = ctx.measureText(texts.join('')).width;
    let lines = [texts];
    if (width > cell * 0.86) {
      px = Math.max(least, Math.floor((px * cell * 0.86) / width));
      if (px < cell * 0.2 && texts.length > 2) {
        const half = Math.ceil(texts.length / 2);
        lines = [texts.slice(0, half), texts.slice(half)];
        px = Math.round(cell * 0.24);
        useFont(ctx, 500, px, family);
        const wider = Math.max(...lines.map((l) => ctx.measureText(l.join('')).width));
        if (wider > cell * 0.86) px = Math.max(least, Math.floor((px * cell * 0.86) / wider));
      }
    }
    if (px < least) continue;
    const lift = useFont(ctx, 500, px, family);
    lines.forEach((line, j) => {
      const dy = (j - (lines.length - 1) / 2) * px * 1.1;
      ctx.fillStyle = line.length === 1 && list.length === 1 && list[0] === state.highlight ? theme.markHighlight : theme.markText;
      ctx.fillText(line.join(''), x, y + dy + lift);
    });
  }
  ctx.restore();
}
