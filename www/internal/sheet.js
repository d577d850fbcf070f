// Printable sheets as SVG, built from plain data: no DOM, no engine, so the print view
// draws with it and tests can import it in Node and find every cell on a printed page.
//
//   const pages = planPages({ count: 7, perPage: 6, keysPerPage: 12, answers: true });
//   const svgs = pages.map((page) => pageSvg(page, puzzles, { paper: 'a4', title: 'Club night' }));
//
// Each page is one SVG the size of the paper, in millimetres (viewBox 0 0 W H): printed with
// `@page { margin: 0 }`, a point of the SVG lands at the same place on paper, so text read
// back from a PDF maps to cells with the numbers of `pageLayout` alone.
//
//   ┌──────────── paper ─────────────┐
//   │ margin                         │
//   │  Title                 Puzzles │ header band
//   │  ┌──────┐  gap  ┌──────┐       │ cols × rows slots, each a square grid centred in
//   │  │ grid │       │ grid │       │ its column with its caption below; rows start at
//   │  └──────┘       └──────┘       │ the top, spare height widening the gaps between
//   │  caption        caption        │ them a little and the rest left at the foot
//   │  sudoku64        page 1 of 3   │ footer band
//   └────────────────────────────────┘
//
// Cells are all the same width (side / n); lines are drawn on the cell boundaries, over the
// cells, so cell c of row r spans [x + c·cell, x + (c+1)·cell). A line is thick where the
// cells either side lie in different regions (boxes or a jigsaw's), so any layout prints
// from its `regions`; windoku's windows are tinted grey and X's diagonals drawn in grey
// under the symbols, both legible in black-and-white print. A killer's cages are dashed
// outlines inset from the cell borders (as render.js draws them), each sum small in the
// top-left corner of its cage's first cell with the outline left open round it, and its
// symbols from 10 up are numbers.

import { ALPHABET, boxLayout, boxWords, hasCages, symbolText, variantWords } from './grid.js';
import { cageOutlines } from './cages.js';
import { LEVELS } from './persist.js';
import { t } from './app-messages.js';
import { CELL_COLOURS, cornerPlaces } from './render.js';

/** Paper sizes in millimetres, portrait. */
export const PAPERS = {
  a4: { name: 'A4', width: 210, height: 297 },
  letter: { name: 'Letter', width: 215.9, height: 279.4 },
};

/** Puzzles per page that still leave every grid comfortable to solve on paper, by grid side. */
export function perPageChoices(size) {
  if (size <= 9) return [1, 2, 4, 6];
  if (size <= 16) return [1, 2, 4];
  if (size <= 25) return [1, 2];
  return [1];
}

/** How many answer grids share a page: never fewer than puzzles per page. */
export function keysPerPage(size, perPage) {
  const dense = size <= 9 ? 12 : size <= 16 ? 6 : size <= 25 ? 4 : size <= 36 ? 2 : 1;
  return Math.max(dense, perPage);
}

/** Columns × rows for each number of slots a page can hold. */
const ARRANGEMENTS = { 1: [1, 1], 2: [1, 2], 4: [2, 2], 6: [2, 3], 12: [3, 4] };

/** The number of slots a page has for `n` grids per page (the next arrangement that fits). */
function arrangement(n) {
  const fit = Object.keys(ARRANGEMENTS).map(Number).find((slots) => slots >= n);
  if (!fit) throw new RangeError(`no page layout holds ${n} grids`);
  return ARRANGEMENTS[fit];
}

/**
 * The pages of a set: puzzle pages first, then answer pages.
 * Returns [{kind: 'puzzles'|'answers', perPage, items: [puzzle index, ...], number, total}].
 */
export function planPages({ count, perPage, keysPerPage: keys = perPage, answers = true }) {
  const pages = [];
  const chunk = (kind, per) => {
    for (let first = 0; first < count; first += per) {
      const items = [];
      for (let i = first; i < Math.min(count, first + per); i++) items.push(i);
      pages.push({ kind, perPage: per, items });
    }
  };
  chunk('puzzles', perPage);
  if (answers) chunk('answers', keys);
  pages.forEach((page, i) => Object.assign(page, { number: i + 1, total: pages.length }));
  return pages;
}

const MARGIN = 10;
const HEADER = 9;
const FOOTER = 6;

/**
 * Where things go on a page of `paper` with room for `perPage` grids, in millimetres:
 * {width, height, margin, header: {y}, footer: {y} (text baselines),
 * slots: [{grid: {x, y, side}, caption: {x, y, fontSize}}]}. Slots run left to right, then down.
 */
export function pageLayout(paperName, perPage) {
  const paper = PAPERS[paperName];
  if (!paper) throw new RangeError(`unknown paper "${paperName}"`);
  const [cols, rows] = arrangement(perPage);
  const gapX = 8;
  const gapY = 6;
  const top = MARGIN + HEADER;
  const width = paper.width - 2 * MARGIN;
  const height = paper.height - 2 * MARGIN - HEADER - FOOTER;
  const slotWidth = (width - (cols - 1) * gapX) / cols;
  const slotHeight = (height - (rows - 1) * gapY) / rows;
  const fontSize = Math.min(3.6, Math.max(2.6, slotWidth * 0.032));
  const captionHeight = fontSize * 1.9;
  const side = Math.min(slotWidth, slotHeight - captionHeight);
  const block = side + captionHeight;
  const rowGap = rows > 1 ? Math.min(gapY * 2, (height - rows * block) / (rows - 1)) : 0;
  const slots = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const gx = MARGIN + c * (slotWidth + gapX) + (slotWidth - side) / 2;
      const gy = top + r * (block + rowGap);
      slots.push({
        grid: { x: gx, y: gy, side },
        caption: { x: gx, y: gy + side + fontSize * 1.45, fontSize },
      });
    }
  }
  return {
    width: paper.width, height: paper.height, margin: MARGIN,
    header: { y: MARGIN + 5 }, footer: { y: paper.height - MARGIN },
    slots,
  };
}

/** Line widths and symbol size for a grid of side `size` drawn `side` millimetres wide. */
export function gridStyle(size, side) {
  const cell = side / size;
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  const large = size >= 36; // lower-case symbols: a font that tells I, l and 1 apart
  return {
    cell,
    thin: clamp(cell * 0.035, 0.08, 0.25),
    thick: clamp(cell * 0.1, 0.3, 0.7),
    fontSize: cell * (large ? 0.78 : 0.62),
    font: large ? FONT_MONO : FONT_SANS,
  };
}

/** System fonts only: what the reader's machine has is what prints. */
export const FONT_SANS = 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, "DejaVu Sans", sans-serif';
export const FONT_MONO = 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** A length in millimetres, short but exact enough (1/1000 mm). */
const mm = (v) => String(Math.round(v * 1000) / 1000);

/** Digit-and-letter fonts rise about this much of the font size above the baseline. */
const CAP_HEIGHT = 0.72;

/**
 * One grid as an SVG group: cell `line` (n² characters, '.' empty) at (x, y), `side` mm
 * wide, in `layout` (grid.js; by default the side's usual boxes): box borders thick. With
 * `given` (the puzzle's line), it is an answer key: given symbols in bold black, the
 * solved ones lighter. Symbols of a row are one <text> with a centred x per glyph.
 * With `notes` ({entries, centre, corner, colours}, each a Map from cell to a symbol or a
 * list, as progress.js decodes them), the grid is a game in progress: the colours tint
 * their cells (light, several as stripes), the entries are dark blue, and the centre and
 * corner marks are small, as on the board.
 */
export function gridSvg(line, { x, y, side, given = null, attrs = '', layout = null, notes = null }) {
  const n = Math.round(Math.sqrt(line.length));
  const grid = layout ?? boxLayout(n);
  if (!grid?.regions || n * n !== line.length || grid.size !== n) {
    throw new RangeError(`a grid line of ${line.length} characters`);
  }
  const { regions } = grid;
  const s = gridStyle(n, side);
  const thin = [];
  const thick = [];
  // Each inner line in runs of one kind: thick between regions, thin inside one.
  for (let i = 1; i < n; i++) {
    const at = i * s.cell;
    for (const across of [false, true]) {
      let from = 0;
      for (let j = 1; j <= n; j++) {
        const kind = (k) => {
          const [a, b] = across ? [(i - 1) * n + k, i * n + k] : [k * n + i - 1, k * n + i];
          return regions[a] !== regions[b];
        };
        if (j < n && kind(j) === kind(from)) continue;
        const run = mm((j - from) * s.cell);
        const start = from * s.cell;
        (kind(from) ? thick : thin).push(across ? `M${mm(x + start)} ${mm(y + at)}h${run}`
          : `M${mm(x + at)} ${mm(y + start)}v${run}`);
        from = j;
      }
    }
  }
  const parts = [`<g class="grid"${attrs}>`];
  const windows = grid.windows ?? [];
  const tinted = [];
  windows.forEach((w, cell) => {
    if (w) tinted.push(`M${mm(x + (cell % n) * s.cell)} ${mm(y + Math.floor(cell / n) * s.cell)}h${mm(s.cell)}v${mm(s.cell)}h${mm(-s.cell)}z`);
  });
  if (tinted.length) parts.push(`<path class="windows" d="${tinted.join('')}" fill="#dcdcdc" stroke="none"/>`);
  if (notes?.colours?.size) parts.push(coloursSvg(notes.colours, n, x, y, s.cell));
  if (grid.diagonals) {
    parts.push(`<path class="diagonals" d="M${mm(x)} ${mm(y)}l${mm(side)} ${mm(side)}M${mm(x + side)} ${mm(y)}l${mm(-side)} ${mm(side)}" `
      + `stroke="#8c8c8c" stroke-width="${mm(s.thin * 1.5)}" fill="none"/>`);
  }
  // A killer's cages under the lines: the lines stay whole where they meet.
  const killer = hasCages(grid);
  const cages = killer ? cagesSvg(grid, x, y, s) : null;
  if (cages) parts.push(cages.under);
  if (thin.length) parts.push(`<path d="${thin.join('')}" stroke="#555" stroke-width="${mm(s.thin)}" fill="none"/>`);
  if (thick.length) parts.push(`<path d="${thick.join('')}" stroke="#000" stroke-width="${mm(s.thick)}" fill="none"/>`);
  const border = s.thick * 1.3;
  parts.push(`<rect x="${mm(x)}" y="${mm(y)}" width="${mm(side)}" height="${mm(side)}" stroke="#000" `
    + `stroke-width="${mm(border)}" fill="none" stroke-linejoin="miter"/>`);
  if (cages) parts.push(cages.sums);
  // A killer's symbols sit a little lower, clear of the sums, and its numbers from 10 up narrower.
  const fontSize = killer && n > 9 ? s.cell * 0.46 : s.fontSize;
  const drop = killer ? s.cell * 0.06 : 0;
  parts.push(`<g font-family="${escapeXml(s.font)}" font-size="${mm(fontSize)}" text-anchor="middle">`);
  for (let r = 0; r < n; r++) {
    const baseline = y + (r + 0.5) * s.cell + (fontSize * CAP_HEIGHT) / 2 + drop;
    const runs = given ? { given: [[], []], solved: [[], []] } : { given: [[], []] };
    for (let c = 0; c < n; c++) {
      const ch = line[r * n + c];
      if (ch === '.' || ch === '0') continue;
      if (notes?.entries?.has(r * n + c)) continue; // drawn below, in the entries' colour
      const run = !given || given[r * n + c] !== '.' ? runs.given : runs.solved;
      run[0].push(mm(x + (c + 0.5) * s.cell));
      run[1].push(killer ? symbolText(ALPHABET.indexOf(ch) + 1, grid) : ch);
    }
    for (const [kind, [xs, chars]] of Object.entries(runs)) {
      if (!chars.length) continue;
      const style = !given ? 'fill="#000"' : kind === 'given' ? 'fill="#000" font-weight="bold"' : 'fill="#5a5a5a"';
      if (chars.every((t) => t.length === 1)) {
        parts.push(`<text x="${xs.join(' ')}" y="${mm(baseline)}" ${style}>${escapeXml(chars.join(''))}</text>`);
      } else {
        // Numbers of two digits: one <text> each (a list of x places one per glyph would split them).
        chars.forEach((t, i) => parts.push(`<text x="${xs[i]}" y="${mm(baseline)}" ${style}>${escapeXml(t)}</text>`));
      }
    }
  }
  parts.push('</g>');
  if (notes) parts.push(notesSvg(notes, grid, x, y, s, fontSize, drop));
  parts.push('</g>');
  return parts.join('');
}

/** The player's colours as SVG: each cell's colours as vertical stripes of Tol's light scheme, lightened. */
function coloursSvg(colours, n, x, y, cell) {
  const out = [];
  for (const [i, list] of colours) {
    const w = cell / list.length;
    list.forEach((k, j) => {
      const fill = CELL_COLOURS[k - 1];
      if (!fill) return;
      out.push(`<rect x="${mm(x + (i % n) * cell + j * w)}" y="${mm(y + Math.floor(i / n) * cell)}" width="${mm(w)}" `
        + `height="${mm(cell)}" fill="${fill}" fill-opacity="0.55"/>`);
    });
  }
  return `<g class="colours">${out.join('')}</g>`;
}

/** The player's entries (dark blue) and marks (small: centre ones in a line, corner ones at the corners) as SVG. */
function notesSvg(notes, grid, x, y, s, fontSize, drop) {
  const n = grid.size;
  const text = (v) => symbolText(v, grid);
  const at = (i) => ({ left: x + (i % n) * s.cell, top: y + Math.floor(i / n) * s.cell });
  const out = [`<g class="entries" font-family="${escapeXml(s.font)}" font-size="${mm(fontSize)}" text-anchor="middle" fill="#1f4ab0">`];
  for (const [i, v] of notes.entries ?? []) {
    const { left, top } = at(i);
    out.push(`<text x="${mm(left + s.cell / 2)}" y="${mm(top + s.cell / 2 + (fontSize * CAP_HEIGHT) / 2 + drop)}">${escapeXml(text(v))}</text>`);
  }
  out.push('</g>');
  const small = s.cell * (n > 9 ? 0.2 : 0.24);
  out.push(`<g class="marks" font-family="${escapeXml(s.font)}" font-size="${mm(small)}" text-anchor="middle" fill="#444">`);
  for (const [i, list] of notes.centre ?? []) {
    if (notes.entries?.has(i)) continue;
    const line = [...list].sort((a, b) => a - b).map(text).join('');
    const size = Math.min(small, (s.cell * 0.86) / Math.max(1, line.length * 0.6));
    const { left, top } = at(i);
    out.push(`<text x="${mm(left + s.cell / 2)}" y="${mm(top + s.cell / 2 + (size * CAP_HEIGHT) / 2)}" font-size="${mm(size)}">${escapeXml(line)}</text>`);
  }
  for (const [i, list] of notes.corner ?? []) {
    if (notes.entries?.has(i)) continue;
    const { left, top } = at(i);
    cornerPlaces(list.length).forEach(([fx, fy], j) => {
      out.push(`<text x="${mm(left + fx * s.cell)}" y="${mm(top + fy * s.cell + (small * CAP_HEIGHT) / 2)}" font-weight="bold">${escapeXml(text(list[j]))}</text>`);
    });
  }
  out.push('</g>');
  return out.join('');
}

/**
 * A killer's cages as SVG, {under, sums}: under the grid lines, every outline as one
 * dashed path inset from the cell borders (clear of the thick lines' half width), the
 * outer loop of a cage with a sum left open round it (it starts just right of the sum and
 * ends just below); over them, each sum in its cage's first cell. `s` is gridStyle's.
 */
function cagesSvg(grid, x, y, s) {
  const n = grid.size;
  const inset = Math.max(s.cell * 0.11, s.thick / 2 + s.cell * 0.06);
  const width = Math.min(0.3, Math.max(0.12, s.cell * 0.022));
  const sumSize = Math.max(1.5, s.cell * 0.24);
  const at = (i, inside) => i * s.cell + (inside > 0 ? inset : -inset);
  const d = [];
  const parts = [`<g class="sums" font-family="${escapeXml(FONT_SANS)}" font-size="${mm(sumSize)}" font-weight="600">`];
  const point = (px, py, first) => `${first ? 'M' : 'L'}${mm(px)} ${mm(py)}`;
  for (const { first, sum, loops } of cageOutlines(grid)) {
    loops.forEach((loop, index) => {
      const points = loop.map((c) => [x + at(c.i, c.xIn), y + at(c.j, c.yIn)]);
      if (index > 0 || !sum) {
        d.push(`${points.map(([px, py], p) => point(px, py, p === 0)).join('')}z`);
        return;
      }
      const left = x + (first % n) * s.cell + Math.max(inset * 0.45, s.thick / 2 + s.cell * 0.02);
      const top = y + Math.floor(first / n) * s.cell + Math.max(inset * 0.45, s.thick / 2 + s.cell * 0.02);
      const text = String(sum);
      const pad = width * 2;
      const [x0, y0] = points[0];
      const right = Math.min(left + text.length * sumSize * AVERAGE_ADVANCE * 1.1 + pad, points[1][0]);
      const below = Math.min(top + sumSize * CAP_HEIGHT + pad, points.at(-1)[1]);
      d.push(`${point(Math.max(right, x0), y0, true)}${points.slice(1).map(([px, py]) => point(px, py)).join('')}`
        + `${point(x0, Math.max(below, y0))}`);
      parts.push(`<text x="${mm(left)}" y="${mm(top + sumSize * CAP_HEIGHT)}" fill="#000">${text}</text>`);
    });
  }
  parts.push('</g>');
  const under = `<path class="cages" d="${d.join('')}" stroke="#000" stroke-width="${mm(width)}" `
    + `stroke-dasharray="${mm(s.cell * 0.07)} ${mm(s.cell * 0.05)}" fill="none"/>`;
  return { under, sums: parts.join('') };
}

/**
 * The caption under a grid: "Puzzle 3 · 9×9 · hard · seed 4711 · rot180". `puzzle` is an
 * engine result ({size, seed, symmetry, level?}) with its place in the set (`index`, from 0).
 */
export function caption(puzzle, index, kind = 'puzzles') {
  const words = [`${puzzle.size}×${puzzle.size}${variantWords(puzzle.layout ?? puzzle.size) ? ` ${variantWords(puzzle.layout ?? puzzle.size)}` : ''}`];
  const boxes = boxWords(puzzle.layout ?? puzzle.size);
  if (boxes) words.push(boxes);
  if (puzzle.level) words.push(LEVELS.includes(puzzle.level) ? t(`app.print.level.${puzzle.level}`) : String(puzzle.level));
  if (puzzle.seed !== undefined && puzzle.seed !== null && puzzle.seed !== '') words.push(t('app.sheet.seed', { seed: String(puzzle.seed) }));
  if (puzzle.symmetry && puzzle.symmetry !== 'none') words.push(String(puzzle.symmetry));
  return { label: t(kind === 'answers' ? 'app.sheet.answer' : 'app.sheet.puzzle', { n: index + 1 }), rest: words.join(' · ') };
}

/** Roughly how wide a line of sans-serif text is, as a share of its font size per character. */
const AVERAGE_ADVANCE = 0.56;

/** A line of text no wider than `room` mm: the font shrinks to fit (down to half). */
function fittedSize(chars, fontSize, room) {
  const wanted = chars * AVERAGE_ADVANCE * fontSize;
  return wanted <= room ? fontSize : Math.max(fontSize / 2, room / (chars * AVERAGE_ADVANCE));
}

/**
 * One page as an SVG document string, `paper` sized. `puzzles[i]` are engine results
 * ({size, seed, symmetry, puzzle, solution, level?}); `page` comes from planPages.
 */
export function pageSvg(page, puzzles, { paper = 'a4', title = '' } = {}) {
  const layout = pageLayout(paper, page.perPage);
  const { width: W, height: H } = layout;
  const first = page.items[0] + 1;
  const last = page.items.at(-1) + 1;
  const what = first === last ? t(`app.sheet.page.${page.kind}.one`, { n: first }) : t(`app.sheet.page.${page.kind}.range`, { first, last });
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="sheet" data-kind="${page.kind}" data-page="${page.number}" `
      + `data-paper="${paper}" width="${mm(W)}mm" height="${mm(H)}mm" viewBox="0 0 ${mm(W)} ${mm(H)}" `
      + `role="img" aria-label="${escapeXml(t('app.sheet.page.label', { page: page.number, pages: page.total, what }))}">`,
    `<rect width="${mm(W)}" height="${mm(H)}" fill="#fff"/>`,
    `<g font-family="${escapeXml(FONT_SANS)}" fill="#000">`,
  ];
  const right = escapeXml(t(page.kind === 'answers' ? 'app.sheet.answers' : 'app.sheet.puzzles'));
  const room = W - 2 * layout.margin;
  const titleText = String(title).trim();
  if (titleText) {
    const size = fittedSize(titleText.length, 5, room - 30);
    out.push(`<text x="${mm(layout.margin)}" y="${mm(layout.header.y)}" font-size="${mm(size)}" `
      + `font-weight="bold">${escapeXml(titleText)}</text>`);
  }
  out.push(`<text x="${mm(W - layout.margin)}" y="${mm(layout.header.y)}" font-size="3.6" fill="#444" `
    + `text-anchor="end">${right}</text>`);
  out.push(`<text x="${mm(layout.margin)}" y="${mm(layout.footer.y)}" font-size="2.6" fill="#666">sudoku64</text>`);
  out.push(`<text x="${mm(W - layout.margin)}" y="${mm(layout.footer.y)}" font-size="2.6" fill="#666" `
    + `text-anchor="end">${escapeXml(t('app.sheet.page', { page: page.number, pages: page.total }))}</text>`);
  out.push('</g>');
  page.items.forEach((index, i) => {
    const slot = layout.slots[i];
    const p = puzzles[index];
    const answers = page.kind === 'answers';
    const line = answers ? p.solution : p.puzzle;
    const attrs = ` data-index="${index}" data-seed="${escapeXml(p.seed ?? '')}" data-size="${p.size}"`;
    out.push(gridSvg(line, { ...slot.grid, given: answers ? p.puzzle : null, attrs, layout: p.layout ?? null, notes: answers ? null : p.notes ?? null }));
    const { label, rest } = caption(p, index, page.kind);
    const size = fittedSize(label.length + rest.length + 3, slot.caption.fontSize, slot.grid.side);
    out.push(`<text x="${mm(slot.caption.x)}" y="${mm(slot.caption.y)}" font-family="${escapeXml(FONT_SANS)}" `
      + `font-size="${mm(size)}" fill="#000"><tspan font-weight="bold">${escapeXml(label)}</tspan>`
      + `<tspan fill="#444"> · ${escapeXml(rest)}</tspan></text>`);
  });
  out.push('</svg>');
  return out.join('');
}
