// A killer's cages for the views, as plain functions of a layout (grid.js: `cages`, one cage
// number per cell from 1, 0 outside; `sums`, one per cage, 0 for none): the outline each
// view draws round a cage, the words a screen reader says about it, and the digit sets
// that can still make its sum (the combinations line under the grid). No DOM, no engine.
//
// An outline is traced on the lattice of grid corners, clockwise (the cage on the right
// hand), and comes back as corners, each where the outline turns:
//
//     i = 0   1   2          corner {i, j, xIn, yIn}: on column line i and row line j;
//   j=0 ┌───────┐             xIn = +1 when the cage lies right of that column line, −1
//       │ ┌ ─ ┐ │             left of it (so the inset line runs just inside the cell on
//   j=1 │ └ ┐ │ │             that side), yIn likewise below (+1) or above (−1) the row
//   j=2     └─┘               line. A view puts the corner at (x, y) with x = the start of
//                              column i plus the inset when xIn = +1, the end of column
// i − 1 minus the inset when xIn = −1 (and y alike): with thin and thick lines of any width
// between the cells, the dashed line stays the same distance inside every cell it passes,
// and runs through the gaps between cells of one cage, never along them.

import { ALPHABET, cellName, hasCages, isJigsaw, layoutFromData } from './grid.js';
import { t } from './i18n.js';

/**
 * A killer as a Solo game ID, the only form in which the engine takes cages with a grid
 * (a one-line grid carries none): `PARAMS:CELLS[,REGIONS],CAGES,SUMS`, written as
 * src/solo.rs writes it, so the engine reads back this layout. PARAMS is the box shape
 * ('3x3') or a jigsaw's side and `j`, then `x` (diagonals), `w` (windows) and `k`; CELLS
 * the values of `line` (one ALPHABET symbol per cell, '.' empty), runs of empty cells as
 * `a`..`z`, values in decimal, `_` between two values; REGIONS (a jigsaw's) and CAGES the
 * edges between groups of cells (see edgesText); SUMS each cage's sum on its first cell,
 * written as CELLS. A cell in no cage is a cage of its own without a sum, as in Solo.
 */
export function killerId(layout, line) {
  const n = layout.size;
  const flags = `${layout.diagonals ? 'x' : ''}${layout.windows?.some?.(Boolean) ? 'w' : ''}k`;
  const params = `${isJigsaw(layout) ? `${n}j` : layout.box}${flags}`;
  const values = Array.from(line, (c) => ALPHABET.indexOf(c) + 1);
  const labels = Array.from(layout.cages, (k, cell) => (k ? k : n * n + cell));
  const sums = new Array(n * n).fill(0);
  layout.sums.forEach((sum, k) => { sums[layout.cages.indexOf(k + 1)] = sum; });
  const sections = [cellsText(values)];
  if (isJigsaw(layout)) sections.push(edgesText(n, layout.regions));
  sections.push(edgesText(n, labels), cellsText(sums));
  return `${params}:${sections.join(',')}`;
}

/**
 * The text the engine reads a grid of this layout from: the one-line form `line`, or
 * for a killer its Solo ID (killerId), with grid.js's layoutOptions() (nothing for a
 * killer, whose ID names its whole layout).
 */
export function engineText(line, layout) {
  return hasCages(layout) ? killerId(layout, line) : line;
}

/** Cells in a Solo description: runs of 0 as `a`..`z` (1 to 26), values in decimal, `_` between two values. */
function cellsText(cells) {
  let out = '';
  let run = 0;
  let afterValue = false;
  const flush = () => {
    for (; run > 0; run -= Math.min(run, 26)) out += String.fromCharCode(96 + Math.min(run, 26));
  };
  for (const v of cells) {
    if (!v) {
      run += 1;
      afterValue = false;
      continue;
    }
    flush();
    out += `${afterValue ? '_' : ''}${v}`;
    afterValue = true;
  }
  flush();
  return out;
}

/**
 * The borders between groups of cells (`labels`, one per cell) as Solo writes them: the
 * n(n−1) places between left and right neighbours row by row, then the n(n−1) between
 * upper and lower neighbours column by column, each run of places that are no border
 * then the border after it as one character (`_` none, `a`..`y` 1 to 25; `z` is 26 with
 * no border after), and a border that closes the list.
 */
function edgesText(n, labels) {
  const inner = n * (n - 1);
  let out = '';
  let run = 0;
  for (let pos = 0; pos <= 2 * inner; pos++) {
    let border = pos === 2 * inner;
    if (!border) {
      const [a, b] = pos < inner
        ? [Math.floor(pos / (n - 1)) * n + (pos % (n - 1)), Math.floor(pos / (n - 1)) * n + (pos % (n - 1)) + 1]
        : [((pos - inner) % (n - 1)) * n + Math.floor((pos - inner) / (n - 1)), ((pos - inner) % (n - 1) + 1) * n + Math.floor((pos - inner) / (n - 1))];
      border = labels[a] !== labels[b];
    }
    if (!border) {
      run += 1;
      if (run === 26) {
        out += 'z';
        run = 0;
      }
      continue;
    }
    out += run === 0 ? '_' : String.fromCharCode(96 + run);
    run = 0;
  }
  return out;
}

/**
 * A killer's cages and sums as the parameters of a link or an address: the numbers
 * separated by hyphens (commas would be percent-encoded), {cages: '1-1-2-…', sums:
 * '12-7-…'}; null for a layout without cages.
 */
export function cageParams(layout) {
  if (!layout?.cages?.some?.(Boolean)) return null;
  return { cages: Array.from(layout.cages).join('-'), sums: Array.from(layout.sums).join('-') };
}

/**
 * The killer layout of cageParams()' texts on a layout of the same grid without cages
 * (its boxes or a jigsaw's regions, X, windoku), checked by layoutFromData; null when
 * they make no killer of it.
 */
export function killerFromParams(plain, cages, sums) {
  const numbers = (text) => (typeof text === 'string' && /^\d+(-\d+)*$/.test(text) ? text.split('-').map(Number) : null);
  const data = { ...plain, variant: [...(plain?.variant ?? []), 'killer'], cages: numbers(cages), sums: numbers(sums) };
  if (!plain || !data.cages || !data.sums) return null;
  const layout = layoutFromData(data);
  return layout?.cages ? layout : null;
}

/**
 * The outlines of every cage of a layout: [{cage (from 1), cells (in cell order), first
 * (the cell its sum is written in: the first in reading order), sum, loops: [[corner …]]}],
 * one loop for a cage without holes; the first loop starts at the top-left corner of the
 * first cell and runs clockwise (east along its top first). [] for a layout without cages.
 */
export function cageOutlines(layout) {
  const n = layout?.size;
  const cages = layout?.cages;
  if (!cages?.some?.(Boolean)) return [];
  // Layouts are frozen, so their outlines are traced once (the board redraws often).
  if (outlineCache.has(layout)) return outlineCache.get(layout);
  const members = [];
  cages.forEach((k, cell) => { if (k) (members[k - 1] ??= []).push(cell); });
  const inCage = (k, row, column) => row >= 0 && column >= 0 && row < n && column < n && cages[row * n + column] === k;
  const out = [];
  members.forEach((cells, index) => {
    if (!cells) return;
    const k = index + 1;
    // Directed boundary edges, the cage on their right: from lattice point (i, j) one step.
    const edges = new Map(); // "i,j" -> [{to: [i, j], dir}]
    const add = (from, to, dir) => {
      const key = `${from[0]},${from[1]}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push({ from, to, dir });
    };
    for (const cell of cells) {
      const r = Math.floor(cell / n);
      const c = cell % n;
      if (!inCage(k, r - 1, c)) add([c, r], [c + 1, r], 'E');
      if (!inCage(k, r, c + 1)) add([c + 1, r], [c + 1, r + 1], 'S');
      if (!inCage(k, r + 1, c)) add([c + 1, r + 1], [c, r + 1], 'W');
      if (!inCage(k, r, c - 1)) add([c, r + 1], [c, r], 'N');
    }
    const loops = [];
    const RIGHT_TURN = { E: 'S', S: 'W', W: 'N', N: 'E' };
    const LEFT_TURN = { E: 'N', N: 'W', W: 'S', S: 'E' };
    const take = (key, dir) => {
      const list = edges.get(key);
      if (!list?.length) return null;
      // Where two edges leave one point (cells touching at a corner only), turn right:
      // each loop then keeps to its own cells.
      const order = dir ? [RIGHT_TURN[dir], dir, LEFT_TURN[dir]] : [];
      let at = order.map((d) => list.findIndex((e) => e.dir === d)).find((i) => i >= 0);
      if (at === undefined) at = 0;
      const [edge] = list.splice(at, 1);
      if (!list.length) edges.delete(key);
      return edge;
    };
    while (edges.size) {
      const startKey = edges.keys().next().value;
      const path = [];
      let edge = take(startKey, null);
      while (edge) {
        path.push(edge);
        edge = take(`${edge.to[0]},${edge.to[1]}`, edge.dir);
      }
      const corners = [];
      path.forEach((e, i) => {
        const next = path[(i + 1) % path.length];
        if (next.dir === e.dir) return;
        const [horizontal, vertical] = e.dir === 'E' || e.dir === 'W' ? [e, next] : [next, e];
        corners.push({
          i: e.to[0],
          j: e.to[1],
          xIn: vertical.dir === 'N' ? 1 : -1,
          yIn: horizontal.dir === 'E' ? 1 : -1,
        });
      });
      loops.push(corners);
    }
    // The outer loop first, starting at the first cell's top-left corner, where the sum
    // is written: a view starts the outline just after the sum and ends it just below.
    const top = { i: cells[0] % n, j: Math.floor(cells[0] / n) };
    const at = loops.findIndex((loop) => loop.some((c) => c.i === top.i && c.j === top.j && c.xIn > 0 && c.yIn > 0));
    const [outer] = loops.splice(at, 1);
    const start = outer.findIndex((c) => c.i === top.i && c.j === top.j && c.xIn > 0 && c.yIn > 0);
    loops.unshift([...outer.slice(start), ...outer.slice(0, start)]);
    out.push({ cage: k, cells, first: cells[0], sum: layout.sums?.[index] ?? 0, loops });
  });
  if (Object.isFrozen(layout)) outlineCache.set(layout, out);
  return out;
}

const outlineCache = new WeakMap();

/**
 * The digit sets that can fill a cage of `count` cells of a grid of side n (digits 1..n,
 * all different) to make `sum`, keeping the digits in `placed` (those already in the
 * cage) and using none of `excluded`: each set an ascending array, the sets in
 * lexicographic order. A sum of 0 (a cage without one) asks for every set of `count`
 * digits. At most `limit` sets are listed; `total` counts them all, and `always` and
 * `never` are the digits in every set and in none (over all of them).
 */
export function cageCombinations(sum, count, n, { placed = [], excluded = [], limit = Infinity } = {}) {
  const must = [...new Set(placed)].filter((d) => d >= 1 && d <= n).sort((a, b) => a - b);
  const out = { sets: [], total: 0, always: [], never: [] };
  if (must.length !== placed.length || must.length > count || count > n || count < 1) return finish(out, n);
  const banned = new Set(excluded.filter((d) => !must.includes(d)));
  const mustSet = new Set(must);
  const inEvery = new Uint32Array(n + 1);
  const chosen = [];
  const search = (from, left, remaining) => {
    if (left === 0) {
      if (sum && remaining !== 0) return;
      if (!must.every((d) => chosen.includes(d))) return;
      out.total += 1;
      for (const d of chosen) inEvery[d] += 1;
      if (out.sets.length < limit) out.sets.push([...chosen]);
      return;
    }
    for (let d = from; d <= n - left + 1; d++) {
      if (banned.has(d)) continue;
      // A digit that must be in the set may not be skipped.
      if (sum) {
        // Bounds: the smallest and largest sums of `left` digits from d on.
        const least = left * d + (left * (left - 1)) / 2;
        const most = left * n - (left * (left - 1)) / 2;
        if (least > remaining) break;
        if (most < remaining) return;
      }
      chosen.push(d);
      search(d + 1, left - 1, remaining - d);
      chosen.pop();
      if (mustSet.has(d)) break;
    }
  };
  search(1, count, sum);
  for (let d = 1; d <= n; d++) {
    if (out.total && inEvery[d] === out.total) out.always.push(d);
    if (!inEvery[d]) out.never.push(d);
  }
  return out;
}

function finish(out, n) {
  for (let d = 1; d <= n; d++) out.never.push(d);
  return out;
}

/** A cage in a few words, as a cell's description ends: 'cage of 3 cells, sum 17' ('cage of 2 cells' without a sum). */
export function cageWords(count, sum) {
  return sum ? t('cage.words-sum', { count, sum }) : t('cage.words', { count });
}

/** A cage by the cell its sum is written in, as clash sentences name units: 'cage of r1c1'. */
export function cageName(cage, layout) {
  return t('cage.name', { cell: cellName(layout.cages.indexOf(cage), layout.size) });
}

/**
 * The combinations line for the cage of `cell`, or '' for a cell in no cage: its sum and
 * size, the digit sets that remain with the digits placed in it (`values`, the grid's
 * cells), and the digits every set has: '17 in 3 cells: 1+7+9, 2+6+9, 3+5+9, 4+5+8,
 * 4+6+7 — 9 in every one'; with digits placed: '17 in 3 cells, 9 placed: 1+7+9, 2+6+9,
 * 3+5+9'. At most `limit` sets are listed, then '… (N in all)'.
 */
export function combinationsLine(layout, values, cell, { limit = 12 } = {}) {
  const cage = layout?.cages?.[cell];
  if (!cage) return '';
  const n = layout.size;
  const cells = [];
  layout.cages.forEach((k, c) => { if (k === cage) cells.push(c); });
  const sum = layout.sums?.[cage - 1] ?? 0;
  const placed = cells.map((c) => values[c]).filter(Boolean);
  const head = t(sum ? 'cage.head' : 'cage.head-no-sum', { sum, count: cells.length })
    + `${placed.length ? `, ${t('cage.placed', { digits: [...placed].sort((a, b) => a - b) })}` : ''}`;
  const line = (rest) => t('cage.line', { head, rest });
  if (new Set(placed).size !== placed.length) return line(t('cage.repeat'));
  if (!sum) return line(t('cage.no-sum'));
  const found = cageCombinations(sum, cells.length, n, { placed, limit });
  if (!found.total) return line(t('cage.none', { sum }));
  const sets = found.sets.map((set) => set.join('+')).join(', ');
  const more = found.total > found.sets.length ? `, ${t('cage.more', { count: found.total })}` : '';
  const open = found.always.filter((d) => !placed.includes(d));
  const every = open.length && found.total > 1 ? ` — ${t('cage.every', { digits: open })}` : '';
  return line(`${sets}${more}${every}`);
}
