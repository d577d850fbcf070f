// The print view (print.html, www/internal/print.js, www/internal/sheet.js): the page geometry as plain
// numbers in Node, then whole sets printed to PDF by Chromium and read back with poppler
// (pdfinfo, pdftotext -bbox, pdftoppm): the page count and paper size, and every symbol on
// paper in the cell where the engine put it, for the seeds the captions name.
//
// The PDFs are kept in target/print-test/ to look at (pdftoppm -png -r 60 FILE.pdf out).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, ROOT, withBrowser } from './harness.mjs';
import {
  PAPERS, escapeXml, gridSvg, keysPerPage, pageLayout, pageSvg, perPageChoices, planPages,
} from '../../www/internal/sheet.js';

const env = withBrowser();
const OUT = join(ROOT, 'target', 'print-test');
const PT_PER_MM = 72 / 25.4;

/** Fails with what to install when poppler's tools are missing. */
function requirePoppler() {
  const missing = ['pdfinfo', 'pdftotext', 'pdftoppm'].filter((cmd) => spawnSync(cmd, ['-v']).error);
  if (missing.length) {
    throw new Error(`the print tests need ${missing.join(', ')} from Debian's poppler-utils: `
      + 'run `bash scripts/setup.sh --test` as root, or `apt-get install poppler-utils`');
  }
}

// ---------------------------------------------------------------------------------------
// Geometry, in Node

test('per-page choices shrink with the grid, and answer pages are never sparser', () => {
  assert.deepEqual(perPageChoices(9), [1, 2, 4, 6]);
  assert.deepEqual(perPageChoices(4), [1, 2, 4, 6]);
  assert.ok(perPageChoices(16).at(-1) < 6);
  for (const n of [36, 49, 64]) assert.deepEqual(perPageChoices(n), [1], `${n}×${n}`);
  // Sides between the square ones take the room of the next square size up.
  for (const n of [6, 8]) assert.deepEqual(perPageChoices(n), perPageChoices(9), `${n}×${n}`);
  for (const n of [10, 12, 14, 15]) assert.deepEqual(perPageChoices(n), perPageChoices(16), `${n}×${n}`);
  for (const n of [18, 20, 24]) assert.deepEqual(perPageChoices(n), perPageChoices(25), `${n}×${n}`);
  for (const n of [27, 30, 40, 60]) assert.deepEqual(perPageChoices(n), [1], `${n}×${n}`);
  for (const n of [4, 6, 8, 9, 10, 12, 16, 20, 25, 30, 36, 49, 64]) {
    for (const per of perPageChoices(n)) assert.ok(keysPerPage(n, per) >= per);
  }
});

test('planPages: puzzle pages, then answer pages, numbered through', () => {
  const pages = planPages({ count: 7, perPage: 6, keysPerPage: 12, answers: true });
  assert.deepEqual(pages.map((p) => [p.kind, p.items.length]), [['puzzles', 6], ['puzzles', 1], ['answers', 7]]);
  assert.deepEqual(pages.map((p) => `${p.number}/${p.total}`), ['1/3', '2/3', '3/3']);
  assert.deepEqual(pages.flatMap((p) => (p.kind === 'puzzles' ? p.items : [])), [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(planPages({ count: 7, perPage: 6, answers: false }).length, 2);
  assert.equal(planPages({ count: 1, perPage: 1, keysPerPage: 1 }).length, 2);
});

test('pageLayout: square grids inside the margins, apart from each other and the header', () => {
  for (const paper of Object.keys(PAPERS)) {
    for (const per of [1, 2, 4, 6, 12]) {
      const l = pageLayout(paper, per);
      assert.ok(l.slots.length >= per);
      const boxes = l.slots.map((s) => ({ ...s.grid, bottom: s.caption.y }));
      for (const [i, b] of boxes.entries()) {
        assert.ok(b.x >= l.margin - 1e-9 && b.x + b.side <= l.width - l.margin + 1e-9, `${paper} ${per} x`);
        assert.ok(b.y > l.header.y && b.bottom < l.footer.y - 3, `${paper} ${per} y`);
        for (const o of boxes.slice(i + 1)) {
          const apart = o.x >= b.x + b.side || b.x >= o.x + o.side || o.y >= b.bottom || b.y >= o.bottom;
          assert.ok(apart, `${paper} ${per}: grids overlap`);
        }
      }
    }
  }
  // A 64×64 on A4 gets cells of nearly 3 mm.
  assert.ok(pageLayout('a4', 1).slots[0].grid.side / 64 > 2.9);
});

test('gridSvg writes each symbol once; titles are escaped', () => {
  const line = '1.3.' + '..21' + '3...' + '.1.3';
  const svg = gridSvg(line, { x: 0, y: 0, side: 40 });
  const symbols = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
  assert.equal(symbols, line.replaceAll('.', ''));
  const page = planPages({ count: 1, perPage: 1 })[0];
  const puzzle = { size: 4, seed: 1, symmetry: 'none', puzzle: line, solution: '1234341221434321' };
  const out = pageSvg(page, [puzzle], { title: '<Tom & "Jerry">' });
  assert.ok(out.includes(escapeXml('<Tom & "Jerry">')) && !out.includes('<Tom'));
});

// ---------------------------------------------------------------------------------------
// Printed to PDF in Chromium

/** Fills the print form, makes the set and prints it to PDF; returns {page, file, pages}. */
async function printSet(name, { size, box, count, perPage, paper, seed, title }) {
  const page = await openPage(env.browser, `${env.server.origin}/print.html`);
  await page.selectOption('#size', String(size));
  if (box) await page.selectOption('#box', box);
  await page.fill('#count', String(count));
  if (!(await page.isDisabled('#per-page'))) await page.selectOption('#per-page', String(perPage));
  assert.equal(await page.inputValue('#per-page'), String(perPage));
  await page.selectOption('#paper', paper);
  await page.selectOption('#symmetry', 'rot180');
  await page.fill('#seed', String(seed));
  await page.fill('#title', title);
  await page.click('#make');
  await page.waitForFunction(() => document.getElementById('sheets').dataset.pages, null, { timeout: 300_000 });
  const pages = Number(await page.getAttribute('#sheets', 'data-pages'));
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${name}.pdf`);
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true }));
  return { page, file, pages };
}

/** The engine's puzzles for these seeds (and boxes), each made on its own in a fresh engine. */
async function enginePuzzles(size, seeds, box = '') {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const made = await page.evaluate(async ({ size, seeds, box }) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const out = [];
    for (const seed of seeds) out.push(await engine.generate({ size, box, seed, symmetry: 'rot180' }));
    return out;
  }, { size, seeds, box });
  await page.close();
  return made;
}

/** pdftotext -bbox: for each page, {width, height (points), words: [{text, xMin, yMin, xMax, yMax}]}. */
function pdfWords(file) {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return html.split('<page ').slice(1).map((chunk) => ({
    width: Number(chunk.match(/width="([\d.]+)"/)[1]),
    height: Number(chunk.match(/height="([\d.]+)"/)[1]),
    words: [...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
      .map((m) => ({ xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: unescape(m[5]) })),
  }));
}

/**
 * The grids of one printed page read back as one-line texts: each glyph goes to the cell
 * under its centre in the slot geometry of www/internal/sheet.js ('.' where no glyph landed).
 */
function gridsOnPage(pdfPage, paper, perPage, size, slots) {
  const layout = pageLayout(paper, perPage);
  const grids = layout.slots.slice(0, slots).map((s) => ({ ...s.grid, cells: Array(size * size).fill('.') }));
  for (const w of pdfPage.words) {
    const chars = [...w.text];
    const step = (w.xMax - w.xMin) / chars.length;
    chars.forEach((ch, i) => {
      const x = (w.xMin + (i + 0.5) * step) / PT_PER_MM;
      const y = (w.yMin + w.yMax) / 2 / PT_PER_MM;
      const g = grids.find((g) => x > g.x && x < g.x + g.side && y > g.y && y < g.y + g.side);
      if (!g) return;
      const cell = g.side / size;
      const at = Math.floor((y - g.y) / cell) * size + Math.floor((x - g.x) / cell);
      assert.equal(g.cells[at], '.', `two glyphs in one cell (${ch})`);
      g.cells[at] = ch;
    });
  }
  return grids.map((g) => g.cells.join(''));
}

/** Page text outside the grids, for captions and headers. */
const pageText = (file, n) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });

/** Grey levels of a page rendered by pdftoppm at `dpi`: {width, height, pixels}. */
function renderGray(file, n, dpi) {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(n), '-l', String(n), file], { maxBuffer: 1 << 26 });
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  return { width: +header[1], height: +header[2], pixels: pgm.subarray(header[0].length) };
}

/** Dark pixels in a rectangle given in millimetres. */
function ink(img, dpi, x0, y0, x1, y1) {
  const px = (v) => Math.round((v / 25.4) * dpi);
  let dark = 0;
  for (let y = Math.max(0, px(y0)); y < Math.min(img.height, px(y1)); y++) {
    for (let x = Math.max(0, px(x0)); x < Math.min(img.width, px(x1)); x++) {
      if (img.pixels[y * img.width + x] < 160) dark++;
    }
  }
  return dark;
}

/**
 * Checks a printed set page by page against the engine's puzzles. `box` ('2x3'), for boxes
 * that are not square, is named in every caption.
 */
async function checkPrinted({ file, pages }, { size, box = '', count, perPage, paper, seed, title }, expectedPages) {
  requirePoppler();
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  assert.equal(Number(info.match(/^Pages:\s+(\d+)/m)[1]), expectedPages, info);
  assert.equal(pages, expectedPages, 'the page reports the pages it printed');
  const [w, h] = info.match(/^Page size:\s+([\d.]+) x ([\d.]+) pts/m).slice(1).map(Number);
  assert.ok(Math.abs(w - PAPERS[paper].width * PT_PER_MM) < 2 && Math.abs(h - PAPERS[paper].height * PT_PER_MM) < 2,
    `page size ${w} × ${h} pt is not ${paper}`);

  const seeds = Array.from({ length: count }, (_, i) => seed + i);
  const made = await enginePuzzles(size, seeds, box);
  const plan = planPages({ count, perPage, keysPerPage: keysPerPage(size, perPage), answers: true });
  assert.equal(plan.length, expectedPages);
  const pdf = pdfWords(file);
  assert.equal(pdf.length, expectedPages);
  for (const p of plan) {
    const read = gridsOnPage(pdf[p.number - 1], paper, p.perPage, size, p.items.length);
    const text = pageText(file, p.number);
    assert.ok(text.includes(title), `page ${p.number} has the title line`);
    assert.ok(!/Make the sheets|Cancel|Back to the app/.test(text), `page ${p.number} shows the app's controls`);
    p.items.forEach((index, slot) => {
      const want = p.kind === 'puzzles' ? made[index].puzzle : made[index].solution;
      assert.equal(read[slot], want, `page ${p.number}, ${p.kind} ${index + 1} (seed ${seeds[index]})`);
      const label = `${p.kind === 'puzzles' ? 'Puzzle' : 'Answer'} ${index + 1}`;
      const boxes = box ? `\\s*·\\s*${box.replace('x', '×')} boxes` : '';
      const caption = new RegExp(`${label}\\s*·\\s*${size}×${size}${boxes}\\s*·\\s*seed ${seeds[index]}\\s*·\\s*rot180`);
      assert.match(text, caption);
    });
  }
  // Nothing is printed in the margins: no app chrome, and the sheet sits at the paper's corner.
  const dpi = 30;
  const img = renderGray(file, 1, dpi);
  const { width: W, height: H } = PAPERS[paper];
  const edge = 6;
  const margins = ink(img, dpi, 0, 0, W, edge) + ink(img, dpi, 0, H - edge, W, H)
    + ink(img, dpi, 0, 0, edge, H) + ink(img, dpi, W - edge, 0, W, H);
  assert.equal(margins, 0, 'ink in the page margins');
  const g = pageLayout(paper, perPage).slots[0].grid;
  assert.ok(ink(img, dpi, g.x, g.y, g.x + g.side, g.y + g.side) > 0, 'the first grid is drawn');
}

/**
 * The box borders of every grid on the sheets, read from the SVG: the column and row
 * boundaries (from 1 to n - 1) drawn with the thickest stroke of the grid's paths.
 */
function svgBoxLines(page) {
  return page.$$eval('#sheets svg.sheet g.grid', (grids) => grids.map((g) => {
    const frame = g.querySelector('rect');
    const [x0, y0, side] = ['x', 'y', 'width'].map((name) => Number(frame.getAttribute(name)));
    const n = Number(g.dataset.size);
    const paths = [...g.querySelectorAll('path')].map((p) => ({ width: Number(p.getAttribute('stroke-width')), d: p.getAttribute('d') }));
    const thickest = Math.max(...paths.map((p) => p.width));
    const columns = [];
    const rows = [];
    for (const { d } of paths.filter((p) => p.width === thickest)) {
      for (const [, x, y, dir] of d.matchAll(/M([\d.]+) ([\d.]+)([vh])/g)) {
        if (dir === 'v') columns.push(Math.round(((Number(x) - x0) / side) * n));
        else rows.push(Math.round(((Number(y) - y0) / side) * n));
      }
    }
    return { size: n, columns: columns.sort((a, b) => a - b), rows: rows.sort((a, b) => a - b) };
  }));
}

/**
 * The column and row boundaries of a printed grid that carry a thick line, from the ink in a
 * narrow band along each boundary of the page rendered at `dpi`.
 */
function printedBoxLines(img, dpi, grid, n) {
  const cell = grid.side / n;
  const band = 0.45; // mm either side: a thick line (0.7 mm at most) lies inside
  const along = (i, vertical) => {
    const at = (vertical ? grid.x : grid.y) + i * cell;
    return vertical ? ink(img, dpi, at - band, grid.y + 1, at + band, grid.y + grid.side - 1)
      : ink(img, dpi, grid.x + 1, at - band, grid.x + grid.side - 1, at + band);
  };
  const thick = (vertical) => {
    const inks = Array.from({ length: n - 1 }, (_, i) => along(i + 1, vertical));
    const middle = (Math.min(...inks) + Math.max(...inks)) / 2;
    return inks.flatMap((v, i) => (v > middle ? [i + 1] : []));
  };
  return { columns: thick(true), rows: thick(false) };
}

/** Every multiple of `step` below n. */
const every = (step, n) => Array.from({ length: Math.ceil(n / step) - 1 }, (_, i) => (i + 1) * step);

test('a 6×6 set prints 2×3 boxes: thick lines every 3 columns and every 2 rows, the captions name them', { timeout: 300_000 }, async () => {
  requirePoppler();
  const options = { size: 6, count: 3, perPage: 6, paper: 'a4', seed: 40, title: 'Six by six' };
  const printed = await printSet('six', options);
  const { page } = printed;
  // One shape of box: no Boxes field; no quarter turn or diagonal for boxes that are not square.
  assert.equal(await page.isHidden('#box-field'), true);
  assert.equal(await page.inputValue('#box'), '2x3');
  assert.deepEqual(await page.$$eval('#symmetry option:disabled', (o) => o.map((x) => x.value)), ['rot90', 'diagonal']);
  // Three puzzles on one page, their answers on another; every symbol where the engine put it.
  await checkPrinted(printed, { ...options, box: '2x3' }, 2);
  const lines = await svgBoxLines(page);
  assert.equal(lines.length, 6, 'three puzzles and three answers');
  for (const grid of lines) assert.deepEqual(grid, { size: 6, columns: [3], rows: [2, 4] });
  // On paper too.
  const dpi = 200;
  const img = renderGray(printed.file, 1, dpi);
  for (const slot of pageLayout('a4', 6).slots.slice(0, 3)) {
    assert.deepEqual(printedBoxLines(img, dpi, slot.grid, 6), { columns: [3], rows: [2, 4] });
  }
  assert.match(await page.textContent('#status'), /3 6×6 puzzles with 2×3 boxes/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a 12×12 set with 2×6 boxes: the Boxes choice, the symmetries it allows, the address, the printed lines', { timeout: 300_000 }, async () => {
  requirePoppler();
  // The form: a side with two shapes shows them, the usual first; a quarter turn chosen for
  // square boxes waits while the boxes are not square, and comes back with square ones.
  const form = await openPage(env.browser, `${env.server.origin}/print.html`);
  assert.equal(await form.isHidden('#box-field'), true, '9×9 has one shape of box');
  await form.selectOption('#symmetry', 'rot90');
  await form.selectOption('#size', '12');
  assert.equal(await form.isVisible('#box'), true);
  assert.deepEqual(await form.$$eval('#box option', (o) => o.map((x) => [x.value, x.textContent])), [['3x4', '3×4'], ['2x6', '2×6']]);
  assert.equal(await form.inputValue('#symmetry'), 'rot180');
  await form.selectOption('#size', '16');
  assert.deepEqual(await form.$$eval('#box option', (o) => o.map((x) => x.value)), ['4x4', '2x8']);
  assert.equal(await form.inputValue('#symmetry'), 'rot90', 'square boxes: the quarter turn is back');
  await form.selectOption('#box', '2x8');
  assert.equal(await form.inputValue('#symmetry'), 'rot180');
  // Every side is offered, the square boxes first, the sides with no boxes (jigsaws) last.
  const sides = await form.$$eval('#size option', (o) => o.map((x) => Number(x.value)));
  assert.deepEqual(sides.slice(0, 7), [4, 9, 16, 25, 36, 49, 64]);
  assert.deepEqual(sides.slice(7, 12), [6, 8, 10, 12, 14]);
  assert.ok(sides.includes(63));
  const primes = Array.from({ length: 60 }, (_, i) => i + 5).filter((n) => ![...Array(n).keys()].slice(2).some((d) => n % d === 0));
  assert.deepEqual(sides.slice(-primes.length), primes);
  assert.deepEqual(await form.$eval('#size-jigsaw', (g) => g.label), 'Jigsaw only: no boxes');
  await form.close();

  const options = { size: 12, box: '2x6', count: 2, perPage: 2, paper: 'a4', seed: 9, title: 'Wide boxes' };
  const printed = await printSet('twelve-wide', options);
  const { page } = printed;
  // Two puzzles on one page, both answers on another.
  await checkPrinted(printed, options, 2);
  const lines = await svgBoxLines(page);
  assert.equal(lines.length, 4);
  for (const grid of lines) assert.deepEqual(grid, { size: 12, columns: [6], rows: every(2, 12) });
  const dpi = 200;
  const img = renderGray(printed.file, 1, dpi);
  for (const slot of pageLayout('a4', 2).slots) {
    assert.deepEqual(printedBoxLines(img, dpi, slot.grid, 12), { columns: [6], rows: every(2, 12) });
  }
  // The address keeps the boxes, and opens the same form.
  assert.match(page.url(), /[?&]box=2x6(&|$)/);
  const again = await openPage(env.browser, page.url());
  assert.equal(await again.inputValue('#size'), '12');
  assert.equal(await again.inputValue('#box'), '2x6');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(again.errors, []);
  await again.close();
  await page.close();
});

test('print.html?puzzle=…&box=2x6 reads the puzzle with 2×6 boxes; a box that does not fit is refused', { timeout: 120_000 }, async () => {
  const [made] = await enginePuzzles(12, [3], '2x6');
  const url = (box) => `${env.server.origin}/print.html?puzzle=${made.puzzle}&box=${box}`;
  const page = await openPage(env.browser, url('2x6'));
  await page.waitForFunction(() => document.getElementById('sheets').dataset.pages);
  assert.equal(await page.getAttribute('#sheets', 'data-pages'), '2', 'the puzzle and its answer key');
  assert.match(await page.textContent('#status'), /Your 12×12 puzzle with 2×6 boxes and its answer/);
  const captions = await page.$$eval('#sheets svg.sheet text', (t) => t.map((x) => x.textContent).join('\n'));
  assert.match(captions, /Puzzle 1 · 12×12 · 2×6 boxes/);
  assert.match(captions, /Answer 1 · 12×12 · 2×6 boxes/);
  for (const grid of await svgBoxLines(page)) assert.deepEqual(grid, { size: 12, columns: [6], rows: every(2, 12) });
  // The answer key holds the engine's solution, cell by cell.
  const answer = await page.$$eval('#sheets svg.sheet[data-kind="answers"] g.grid text', (texts) => texts.map((t) => ({
    y: Number(t.getAttribute('y')), xs: t.getAttribute('x').split(' ').map(Number), chars: t.textContent,
  })));
  const cells = answer.flatMap(({ y, xs, chars }) => xs.map((x, i) => ({ y, x, ch: chars[i] })))
    .sort((a, b) => a.y - b.y || a.x - b.x).map((c) => c.ch).join('');
  assert.equal(cells, made.solution);
  assert.match(page.url(), /[?&]box=2x6(&|$)/, 'the address keeps the boxes');
  assert.deepEqual(page.errors, []);
  await page.close();

  const refused = await openPage(env.browser, url('2x5'));
  await refused.waitForFunction(() => document.getElementById('status').dataset.tone === 'error');
  assert.match(await refused.textContent('#status'), /“2x5”, do not fit a 12×12 grid: its boxes can be 2×6 or 3×4/);
  assert.equal(await refused.$$eval('#sheets > *', (s) => s.length), 0);
  assert.deepEqual(refused.errors, []);
  await refused.close();
});

test('six 9×9 per Letter page with answer keys: the pages and every symbol match the engine', { timeout: 300_000 }, async () => {
  requirePoppler();
  const options = { size: 9, count: 7, perPage: 6, paper: 'letter', seed: 100, title: 'Club night' };
  const printed = await printSet('nine-six-per-page', options);
  // 7 puzzles: two puzzle pages (6 + 1), one page of answers (12 fit).
  await checkPrinted(printed, options, 3);
  assert.deepEqual(printed.page.errors, []);
  await printed.page.close();
});

test('a 64×64 on A4: one page of puzzle, one of answers, every symbol legible as text', { timeout: 600_000 }, async () => {
  requirePoppler();
  const options = { size: 64, count: 1, perPage: 1, paper: 'a4', seed: 7, title: 'The big one' };
  const printed = await printSet('sixty-four', options);
  await checkPrinted(printed, options, 2);
  assert.deepEqual(printed.page.errors, []);
  await printed.page.close();
});

test('Cancel stops a set at once and leaves no sheets; the next set is made', { timeout: 300_000 }, async () => {
  const page = await openPage(env.browser, `${env.server.origin}/print.html?size=64&count=5&seed=1`);
  await page.click('#make');
  await page.waitForFunction(() => document.body.dataset.busy === 'generate');
  await page.click('#cancel');
  await page.waitForFunction(() => document.body.dataset.busy === '');
  assert.match(await page.textContent('#status'), /Cancelled after \d of 5 puzzles; no new sheets/);
  assert.equal(await page.$$eval('#sheets > *', (s) => s.length), 0);
  assert.equal(await page.isDisabled('#print'), true);
  // The query string opened the form; the per-page choice follows the size.
  assert.deepEqual(await page.$$eval('#per-page option', (o) => o.map((x) => x.value)), ['1']);
  await page.selectOption('#size', '9');
  assert.deepEqual(await page.$$eval('#per-page option', (o) => o.map((x) => x.value)), ['1', '2', '4', '6']);
  assert.equal(await page.inputValue('#per-page'), '6', 'a size with more room gets the preferred choice back');
  await page.fill('#count', '3');
  await page.selectOption('#difficulty', 'easy');
  await page.click('#make');
  await page.waitForFunction(() => document.getElementById('sheets').dataset.pages);
  assert.equal(await page.$$eval('#sheets svg.sheet', (s) => s.length), 2); // 3 on one page, answers on another
  assert.equal(await page.isDisabled('#print'), false);
  // Each grid (puzzle and answer) is labelled with the level the engine graded it at.
  const captions = await page.$$eval('#sheets svg.sheet text', (t) => t.map((x) => x.textContent).join('\n'));
  const status = await page.textContent('#status');
  assert.equal((captions.match(/· easy ·/g) ?? []).length, 6, `${status}\n${captions}`);
  assert.doesNotMatch(status, /closest level/, 'easy 9×9 puzzles turn up at once');
  assert.match(page.url(), /[?&]difficulty=easy(&|$)/, 'the form is kept in the address');
  // The Print button opens the browser's own print dialog.
  await page.evaluate(() => { window.print = () => { document.body.dataset.printed = 'yes'; }; });
  await page.click('#print');
  assert.equal(await page.getAttribute('body', 'data-printed'), 'yes');
  assert.deepEqual(page.errors, []);
  await page.close();
});
