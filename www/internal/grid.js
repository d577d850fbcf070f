// Grids as plain data, shared by the app, the renderer and the tests: the symbol alphabet,
// the one-line text form, grid layouts, and the clash check among the cells already filled.
//
// A grid of side n is n² cells numbered row-major from 0, cell = row * n + column. A cell
// holds 0 when empty, else a symbol 1..n. Its layout says which cells form units besides
// rows and columns:
//
//   {size: n, box: 'RxC' ('' for jigsaw regions), variant: ['jigsaw', 'x', 'windoku',
//    'killer' as it has them], regions: Uint8Array (box or region of each cell), diagonals:
//    true when both main diagonals are units, windows: Uint8Array (windoku window of each
//    cell + 1, 0 outside), and a killer's cages: cages: Uint16Array (the cage of each cell
//    + 1, cages numbered from 1 in reading order of their first cell, 0 in no cage), sums:
//    Uint16Array (sums[k − 1] is cage k's sum, 0 for a cage without one)}
//
// A cage is no unit (units() never lists it: the engine numbers units without cages), but
// its cells hold different symbols, so cage mates are peers and a repeat in a cage is a
// clash.
//
// The engine hands every result's layout (engine.js's `layout` field); views draw, find
// peers and check clashes from these fields alone, never from a box formula. boxLayout()
// below is the one place on this side that makes a layout without the engine, for a
// blank grid or a saved game before the engine has answered (boxes, and X's and
// windoku's units on them; never jigsaw regions): the e2e tests check it against the
// engine's for every side. Nothing here solves: that is the engine's job. The few words
// here (cell and unit names, variant and box words) come from the catalog (i18n.js).

import { list, t } from './i18n.js';

/**
 * A layout, as described above: what the engine hands (engine.js) and what boxLayout()
 * and layoutFromData() make. `pending` marks pendingLayout()'s stand-in rows.
 * @typedef {object} LayoutData
 * @property {number} size
 * @property {string} box 'RxC', '' for jigsaw regions
 * @property {readonly string[]} variant
 * @property {Uint8Array} regions
 * @property {boolean} diagonals
 * @property {Uint8Array} windows
 * @property {Uint16Array} [cages]
 * @property {Uint16Array} [sums]
 * @property {boolean} [pending]
 */

/** A layout, or a side for that side's usual boxes. @typedef {LayoutData | number} LayoutOrSize */

/** The symbols in order: symbol s is ALPHABET[s - 1]; a grid of side n uses the first n. */
export const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*';

/** The character of an empty cell in the one-line form. */
export const EMPTY = '.';

/**
 * The box shapes of side n, as 'RxC' (R rows by C columns), from the widest boxes to the
 * squarest, boxes never taller than wide: 12 gives ['2x6', '3x4']; 1 gives ['1x1']; 2, 3,
 * primes and sides over 64 give [].
 */
export function boxShapes(n) {
  if (n === 1) return ['1x1'];
  const shapes = [];
  if (!Number.isInteger(n) || n > 64) return shapes;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) shapes.push(`${r}x${n / r}`);
  return shapes;
}

/** The usual box shape of side n (the squarest, wide side horizontal), or '' for none. */
export function usualBox(n) {
  return boxShapes(n).at(-1) ?? '';
}

/** Whether n is a grid side: 1, or 4 to 64 with a box shape. */
export function isSide(n) {
  return usualBox(n) !== '';
}

/**
 * Whether n is a jigsaw's side: 4 to 64, primes included (a jigsaw has regions, not boxes,
 * so the sides with no box shape have jigsaws too).
 */
export function isJigsawSide(n) {
  return Number.isInteger(n) && n >= 4 && n <= 64;
}

/** Every grid side, smallest first: 1, 4, 6, 8, 9, 10, 12, ... 64. */
export const SIDES = Object.freeze(Array.from({ length: 64 }, (_, i) => i + 1).filter(isSide));

/**
 * The sides that make only jigsaws, having no box shape: the primes from 5 to 61. A grid
 * of such a side always comes with its regions.
 */
export const JIGSAW_ONLY_SIDES = Object.freeze(Array.from({ length: 64 }, (_, i) => i + 1)
  .filter((n) => isJigsawSide(n) && !isSide(n)));

/**
 * The raster pencil marks sit on in a cell of a grid of side n, {rows, columns}: the
 * side's usual box shape, or for a side with none (a prime jigsaw's) the squarest raster
 * with room for n marks, wider than tall (7: 3×3; 11: 3 rows of 4; 13: 4×4).
 */
export function markShape(n) {
  const box = readBox(usualBox(n));
  if (box) return box;
  const columns = Math.ceil(Math.sqrt(n));
  return { rows: Math.ceil(n / columns), columns };
}

/** Reads 'RxC' as {rows, columns}, or null. */
export function readBox(box) {
  const m = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(String(box ?? ''));
  return m ? { rows: Number(m[1]), columns: Number(m[2]) } : null;
}

const layoutCache = new Map();

/** The variant names the engine knows, in the order layouts list them. */
export const VARIANTS = Object.freeze(['jigsaw', 'x', 'windoku', 'killer']);

/** A variant list (an array, or names in a string separated by commas or spaces) as names, in order. */
export function variantNames(variant) {
  const asked = (Array.isArray(variant) ? variant : String(variant ?? '').split(/[\s,]+/))
    .map((v) => String(v).trim().toLowerCase());
  return VARIANTS.filter((v) => asked.includes(v));
}

/**
 * Whether puzzles of these variants (as variantNames() reads them) are made without a
 * symmetry: a jigsaw's random regions have none, so neither have its givens. A killer has
 * no givens, and its cages, only drawn on the grid, can follow any symmetry on any layout.
 */
export function madeWithoutSymmetry(variant) {
  const names = variantNames(variant);
  return names.includes('jigsaw') && !names.includes('killer');
}

/**
 * The windoku window of each cell plus 1 (0 outside every window) for k×k boxes: the
 * (k−1)² k×k squares one cell in from the boxes, as the engine places them.
 */
function windowsOf(n, k) {
  const place = (x) => (x % (k + 1) === 0 ? -1 : Math.floor(x / (k + 1)));
  return Uint8Array.from({ length: n * n }, (_, cell) => {
    const wr = place(Math.floor(cell / n));
    const wc = place(cell % n);
    return wr < 0 || wc < 0 ? 0 : wr * (k - 1) + wc + 1;
  });
}

/**
 * The layout of side n with boxes `box` ('RxC'; '' or absent for the usual shape) and the
 * variants x and windoku (a list as variantNames() reads it), or null when the box does
 * not tile the side, a variant does not fit it (x below 4×4, windoku without square
 * boxes), or jigsaw or killer is asked for (regions and cages come only from the engine).
 * Layouts are shared and frozen (their byte arrays are not to be written).
 */
export function boxLayout(n, box = '', variant = []) {
  const name = box || usualBox(n);
  const names = variantNames(variant);
  const key = `${n}/${name}/${names}`;
  if (layoutCache.has(key)) return layoutCache.get(key);
  const shape = readBox(name);
  const fits = shape && isSide(n) && shape.rows * shape.columns === n
    && (n === 1 || (shape.rows >= 2 && shape.columns >= 2));
  if (!fits || names.includes('jigsaw') || names.includes('killer')) return null;
  const { rows, columns } = shape;
  const diagonals = names.includes('x');
  const windoku = names.includes('windoku');
  if ((diagonals && n < 4) || (windoku && (rows !== columns || n < 4))) return null;
  const stacks = n / columns;
  const regions = Uint8Array.from({ length: n * n }, (_, cell) => {
    const row = Math.floor(cell / n);
    return Math.floor(row / rows) * stacks + Math.floor((cell % n) / columns);
  });
  const windows = windoku ? windowsOf(n, rows) : new Uint8Array(n * n);
  const layout = Object.freeze({
    size: n, box: `${rows}x${columns}`, variant: Object.freeze(names), regions, diagonals, windows,
  });
  layoutCache.set(key, layout);
  return layout;
}

/**
 * The layout to show while the engine makes a puzzle of side n (a link's, made again from
 * its seed): boxLayout's with the variants, else its boxes alone (a jigsaw's regions come
 * only with the puzzle); for a side with no boxes, each row a region of its own, so that
 * until the regions come only rows, columns (and X's diagonals) constrain what is typed,
 * marked `pending: true` so that no region borders are drawn. Null when n is no side.
 */
export function pendingLayout(n, box = '', variant = []) {
  const boxed = boxLayout(n, box, variant) ?? boxLayout(n, box);
  if (boxed || !JIGSAW_ONLY_SIDES.includes(n)) return boxed;
  const regions = Uint8Array.from({ length: n * n }, (_, cell) => Math.floor(cell / n));
  const rows = layoutFromData({ size: n, box: '', variant: ['jigsaw', ...variantNames(variant)], regions });
  return Object.freeze({ ...rows, pending: true });
}

/** Whether two byte lists (arrays or typed arrays) hold the same values. */
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A killer's cages from layout data, checked: {cages, sums} as Uint16Arrays, or null when
 * `cages` is not n² numbers, names a cage past `sums`, or leaves a cage of `sums` empty;
 * {cages: undefined} when the data has no cage (absent, or all 0).
 */
function cagesFromData(data, n) {
  if (!data?.cages) return data?.sums?.length ? null : { cages: undefined };
  if (data.cages.length !== n * n) return null;
  const cages = Uint16Array.from(data.cages, Number);
  if (!cages.some(Boolean)) return data.sums?.length ? null : { cages: undefined };
  const sums = Uint16Array.from(data.sums ?? [], Number);
  const used = new Uint8Array(sums.length + 1);
  for (let i = 0; i < cages.length; i++) {
    if (cages[i] > sums.length || Number(data.cages[i]) !== cages[i]) return null;
    used[cages[i]] = 1;
  }
  if (used.subarray(1).some((u) => !u) || sums.some((s, k) => s !== Number(data.sums[k]))) return null;
  return { cages, sums };
}

/**
 * A layout from the engine's data ({size, box, variant, regions, diagonals, windows,
 * cages, sums}; diagonals and windows may be missing in data saved before variants,
 * cages and sums in any grid that is no killer), shared with boxLayout's when they
 * agree. Null when the data does not hold together: regions that are not n groups of n
 * cells, windows of the wrong length, cages not one per cell or numbered past `sums`.
 */
export function layoutFromData(data) {
  const n = Number(data?.size);
  const names = variantNames(data?.variant);
  const side = names.includes('jigsaw') ? isJigsawSide(n) : isSide(n);
  if (!side || !data?.regions || data.regions.length !== n * n) return null;
  const regions = Uint8Array.from(data.regions, Number);
  const counts = new Uint16Array(n);
  for (const r of regions) {
    if (!(r < n)) return null;
    counts[r] += 1;
  }
  if (counts.some((c) => c !== n)) return null;
  const windows = data.windows ? Uint8Array.from(data.windows, Number) : new Uint8Array(n * n);
  if (windows.length !== n * n) return null;
  const killer = cagesFromData(data, n);
  if (!killer) return null;
  if (killer.cages) {
    const plain = layoutFromData({ ...data, cages: undefined, sums: undefined, variant: names.filter((v) => v !== 'killer') });
    if (!plain) return null;
    return Object.freeze({ ...plain, variant: Object.freeze([...plain.variant, 'killer']), cages: killer.cages, sums: killer.sums });
  }
  if (!names.includes('jigsaw')) {
    const known = boxLayout(n, data.box ?? '', names);
    if (known && sameBytes(known.regions, regions) && sameBytes(known.windows, windows)) return known;
  }
  return Object.freeze({
    size: n,
    box: names.includes('jigsaw') ? '' : String(data.box ?? ''),
    variant: Object.freeze(names.filter((v) => v !== 'killer')),
    regions,
    diagonals: names.includes('x') || data.diagonals === true,
    windows,
  });
}

/** Whether a layout has cages (a killer's). */
export function hasCages(layoutOrSize) {
  const cages = asLayout(layoutOrSize)?.cages;
  return Boolean(cages?.some?.(Boolean));
}

/**
 * The symbol of value v as a grid of this layout shows it: a killer's digits are numbers
 * (10, 11 …, whose sums are numbers too), any other grid's the ALPHABET's symbols.
 */
export function symbolText(v, layoutOrSize) {
  return hasCages(layoutOrSize) ? String(v) : ALPHABET[v - 1];
}

/** A layout, given one or a side (for the side's usual boxes). */
export function asLayout(layoutOrSize) {
  return typeof layoutOrSize === 'number' ? boxLayout(layoutOrSize) : layoutOrSize;
}

/** Whether a layout's boxes are jigsaw regions (no box grid: borders follow `regions`). */
export function isJigsaw(layoutOrSize) {
  return !boxOf(layoutOrSize);
}

/**
 * Words for a layout's variants, as captions and labels say them: 'jigsaw', 'X',
 * 'windoku', joined ('jigsaw X'); '' for a plain grid.
 */
export function variantWords(layoutOrSize) {
  const names = asLayout(layoutOrSize)?.variant ?? [];
  // A killer is named first, as puzzle books do: 'killer jigsaw X'.
  const ordered = names.includes('killer') ? ['killer', ...names.filter((v) => v !== 'killer')] : names;
  return ordered.map((v) => t(`variant.${v}`)).join(' ');
}

/**
 * The kinds of unit every cell of a layout is in, as a sentence lists them: 'row, column
 * and box'; 'row, column and region' for a jigsaw; 'row, column, box and diagonal' with X
 * (where a cell off the diagonals is in fewer), and windoku's 'window' likewise. With
 * `type` 'disjunction', as alternatives: 'row, column or box'.
 * @param {object | number} layoutOrSize
 * @param {'conjunction' | 'disjunction'} [type]
 */
export function unitKindWords(layoutOrSize, type = 'conjunction') {
  const layout = asLayout(layoutOrSize);
  const kinds = ['row', 'column', isJigsaw(layout) ? 'region' : 'box'];
  if (layout?.diagonals) kinds.push('diagonal');
  if (layout?.variant?.includes('windoku')) kinds.push('window');
  return list(kinds.map((kind) => t(`kind.${kind}`)), type);
}

/** A box shape as players write it: '2x6' → '2×6'. */
export function boxName(box) {
  return String(box).replace('x', '×');
}

/**
 * Words for boxes that are not square, as captions and labels say them ('2×6 boxes'), else
 * '': of a layout, a side (its usual boxes) or a box shape ('2x6').
 */
export function boxWords(layoutOrBox) {
  const shape = typeof layoutOrBox === 'string' ? readBox(layoutOrBox) : boxOf(layoutOrBox);
  return shape && shape.rows !== shape.columns ? t('box.shape', { rows: shape.rows, columns: shape.columns }) : '';
}

/** The box shape of a layout as {rows, columns}, or null when its regions are no boxes. */
export function boxOf(layoutOrSize) {
  // A side's usual boxes, without making its layout (the size list asks this of every side).
  return readBox(typeof layoutOrSize === 'number' ? usualBox(layoutOrSize) : layoutOrSize?.box);
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
 * format is left to the engine's reader. Only sides with boxes are read, unless `jigsaw`
 * is set: then the sides of JIGSAW_ONLY_SIDES too, for a line whose regions come with it
 * (a link's, a saved game's, the engine's).
 */
export function fromLine(text, { jigsaw = false } = {}) {
  const line = String(text).replace(/\s+/g, '');
  const n = Math.round(Math.sqrt(line.length));
  if (line.length === 0 || n * n !== line.length || !(isSide(n) || (jigsaw && isJigsawSide(n)))) return null;
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
  if (!isSide(n) || chars.length !== n * n) return null;
  return { size: n, values: Uint8Array.from(chars, (c) => symbolValue(c, n)), cells: places };
}

/** The cell read from a line and column of the text, or -1. */
export function cellAtTextPlace(read, line, column) {
  return read?.cells.findIndex((p) => p.line === line && p.column === column) ?? -1;
}

/** Row, column and region (box) of a cell, in a layout or a side's usual one. */
export function cellPlace(cell, layoutOrSize) {
  const layout = asLayout(layoutOrSize);
  const n = layout.size;
  return { row: Math.floor(cell / n), column: cell % n, box: layout.regions[cell] };
}

const unitCache = new WeakMap();

/**
 * The cells of every unit, numbered as the engine numbers them: n rows, n columns, n
 * boxes or regions, then the two diagonals (main, anti) when the layout has them, then
 * the windows. Each is an array of cell indices.
 */
export function units(layoutOrSize) {
  return unitTables(asLayout(layoutOrSize)).all;
}

/** The units of a layout, and the units of each cell, built once per layout. */
function unitTables(layout) {
  if (unitCache.has(layout)) return unitCache.get(layout);
  const n = layout.size;
  const all = [];
  for (let r = 0; r < n; r++) all.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) all.push(Array.from({ length: n }, (_, r) => r * n + c));
  const regions = Array.from({ length: n }, () => []);
  layout.regions.forEach((region, cell) => regions[region].push(cell));
  all.push(...regions);
  if (layout.diagonals) {
    all.push(Array.from({ length: n }, (_, i) => i * n + i));
    all.push(Array.from({ length: n }, (_, i) => i * n + (n - 1 - i)));
  }
  const windows = [];
  (layout.windows ?? []).forEach((w, cell) => {
    if (!w) return;
    (windows[w - 1] ??= []).push(cell);
  });
  all.push(...windows.filter(Boolean));
  const ofCell = Array.from({ length: n * n }, () => []);
  all.forEach((unit, u) => { for (const cell of unit) ofCell[cell].push(u); });
  // A killer's cages: no units, but all-different groups (peers, clashes).
  const cages = [];
  (layout.cages ?? []).forEach((k, cell) => {
    if (k) (cages[k - 1] ??= []).push(cell);
  });
  const tables = { all, ofCell, cages: cages.filter(Boolean) };
  unitCache.set(layout, tables);
  return tables;
}

/** The units a cell lies in (row, column, box or region, then any diagonals and window), by number. */
export function unitsOf(cell, layoutOrSize) {
  return unitTables(asLayout(layoutOrSize)).ofCell[cell];
}

/**
 * The cells of each cage of a layout, by cage number from 1 (cages[k − 1]), each in cell
 * order; [] without cages.
 */
export function cageCells(layoutOrSize) {
  return unitTables(asLayout(layoutOrSize)).cages;
}

/**
 * The other cells that may not hold `cell`'s symbol: those sharing a unit with it (its
 * row, column, box or region, diagonals and window) and its killer cage's.
 */
export function peers(cell, layoutOrSize) {
  const layout = asLayout(layoutOrSize);
  const { all, ofCell, cages } = unitTables(layout);
  const set = new Set();
  for (const u of ofCell[cell]) for (const other of all[u]) set.add(other);
  const cage = layout.cages?.[cell];
  if (cage) for (const other of cages[cage - 1]) set.add(other);
  set.delete(cell);
  return [...set];
}

/** The filled cells whose symbol appears again in one of their units or their cage, in cell order. */
export function findClashes(values, layoutOrSize) {
  const layout = asLayout(layoutOrSize);
  const n = layout.size;
  const clash = new Uint8Array(n * n);
  const seen = new Int32Array(n + 1);
  for (const unit of [...units(layout), ...cageCells(layout)]) {
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
  return t('cell.name', { row: Math.floor(cell / n) + 1, column: (cell % n) + 1 });
}

/**
 * What the engine needs to read a plain grid of this layout again (a one-line form
 * carries no layout): {box, variant, regions (a jigsaw's only)}, to spread into a call's
 * options. A killer's cages cannot go with a line: it goes as its Solo ID (cages.js's
 * engineText), which names its whole layout, so its options are none.
 */
export function layoutOptions(layoutOrSize) {
  const layout = asLayout(layoutOrSize);
  if (hasCages(layout)) return {};
  const variant = (layout.variant ?? []).filter((v) => v !== 'jigsaw');
  if (isJigsaw(layout)) return { box: '', variant, regions: layout.regions };
  return { box: layout.box, variant };
}

/**
 * A unit by number (as units() numbers them) in words, counting from 1: 'row 3',
 * 'column 2', 'box 4', 'region 4' (a jigsaw's), 'the main diagonal', 'the anti-diagonal',
 * 'window 2'.
 */
export function unitName(u, layoutOrSize) {
  const { kind, n } = unitKind(u, layoutOrSize);
  return t(`unit.${kind}`, { n });
}

/**
 * What unit `u` is, for a sentence whose grammar depends on it (a French article, a
 * German preposition; a catalog's `{kind, select, …}`): {kind: 'row' | 'column' | 'box'
 * | 'region' | 'main-diagonal' | 'anti-diagonal' | 'window', n (its number from 1)}.
 */
export function unitKind(u, layoutOrSize) {
  const layout = asLayout(layoutOrSize);
  const n = layout.size;
  if (u < 3 * n) return { kind: ['row', 'column', isJigsaw(layout) ? 'region' : 'box'][Math.floor(u / n)], n: (u % n) + 1 };
  const extra = u - 3 * n;
  if (layout.diagonals && extra < 2) return { kind: extra === 0 ? 'main-diagonal' : 'anti-diagonal', n: 1 };
  return { kind: 'window', n: extra - (layout.diagonals ? 2 : 0) + 1 };
}

/** The first unit two cells share, by number, or -1. */
export function sharedUnit(a, b, layoutOrSize) {
  const of = unitsOf(b, layoutOrSize);
  return unitsOf(a, layoutOrSize).find((u) => of.includes(u)) ?? -1;
}
