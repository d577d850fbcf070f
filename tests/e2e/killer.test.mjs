// Killer Sudoku in the views: cages in the layout data (grid.js), cage mates as peers and
// clashes, the combinations of a cage (cages.js, against a brute force), the outlines
// traced round cages, and their drawing on the canvas (pixels) and on paper (SVG).
// Layouts are made here from a known solution, cages grown at random with a fixed seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser } from './harness.mjs';
import {
  boxLayout, cageCells, findClashes, hasCages, layoutFromData, layoutOptions, peers, symbolText, units, variantWords,
} from '../../www/internal/grid.js';
import { cageCombinations, cageOutlines, combinationsLine, killerId } from '../../www/internal/cages.js';
import { clashWords, cellLabel } from '../../www/internal/speech.js';
import { gridStyle, gridSvg, pageLayout, pageSvg, planPages } from '../../www/internal/sheet.js';
import { Game } from '../../www/internal/game.js';
import { blankHash, generatedHash, parseHash, puzzleHash } from '../../www/internal/persist.js';

/** A solution of side n = k² with k×k boxes, by the pattern every shifted row keeps. */
function patternSolution(n) {
  const k = Math.round(Math.sqrt(n));
  return Array.from({ length: n * n }, (_, cell) => {
    const r = Math.floor(cell / n);
    const c = cell % n;
    return ((r * k + Math.floor(r / k) + c) % n) + 1;
  });
}

/**
 * Cage data over `values` (a solution): cages grown from each free cell in reading order
 * to 1..4 cells (a seeded generator), never repeating a digit, numbered in reading order
 * of their first cell; sums from the solution, with every `unsummed`-th cage left without.
 */
function growCages(n, values, seed = 7, unsummed = 0) {
  let s = seed;
  const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  const cages = new Uint16Array(n * n);
  let k = 0;
  for (let cell = 0; cell < n * n; cell++) {
    if (cages[cell]) continue;
    cages[cell] = ++k;
    const members = [cell];
    const want = 1 + Math.floor(random() * 4);
    for (let tries = 0; tries < 20 && members.length < want; tries++) {
      const from = members[Math.floor(random() * members.length)];
      const r = Math.floor(from / n);
      const c = from % n;
      const next = [[r, c + 1], [r + 1, c], [r, c - 1]]
        .filter(([a, b]) => a < n && b >= 0 && b < n && !cages[a * n + b] && !members.some((m) => values[m] === values[a * n + b]));
      if (!next.length) continue;
      const [a, b] = next[Math.floor(random() * next.length)];
      cages[a * n + b] = k;
      members.push(a * n + b);
    }
  }
  const order = new Map();
  const numbered = Uint16Array.from(cages, (c) => {
    if (!order.has(c)) order.set(c, order.size + 1);
    return order.get(c);
  });
  const sums = new Uint16Array(order.size);
  numbered.forEach((c, cell) => { sums[c - 1] += values[cell]; });
  if (unsummed) sums.forEach((_, i) => { if (i % unsummed === unsummed - 1) sums[i] = 0; });
  return { cages: numbered, sums };
}

function killerLayout(n, seed, unsummed = 0) {
  const values = patternSolution(n);
  return { layout: layoutFromData({ ...boxLayout(n), variant: ['killer'], ...growCages(n, values, seed, unsummed) }), values };
}

test('layoutFromData takes cages and sums, and refuses those that do not hold together', () => {
  const base = boxLayout(9);
  const { cages, sums } = growCages(9, patternSolution(9), 3);
  const killer = layoutFromData({ ...base, variant: ['killer'], cages, sums });
  assert.ok(killer, 'a killer layout');
  assert.ok(hasCages(killer) && !hasCages(base));
  assert.deepEqual([...killer.variant], ['killer']);
  assert.deepEqual([...killer.cages], [...cages]);
  assert.deepEqual([...killer.sums], [...sums]);
  assert.deepEqual([...killer.regions], [...base.regions], 'the boxes stay');
  assert.equal(variantWords(killer), 'killer');
  // From plain arrays too (saved games), and with X: named first.
  const x = layoutFromData({ ...boxLayout(9, '', ['x']), variant: ['x', 'killer'], cages: [...cages], sums: [...sums] });
  assert.ok(x?.diagonals && hasCages(x));
  assert.equal(variantWords(x), 'killer X');

  const refused = {
    'cages too short': { cages: cages.slice(1), sums },
    'cages too long': { cages: [...cages, 1], sums },
    'a cage past the sums': { cages, sums: sums.slice(0, -1) },
    'a cage number that is no whole number': { cages: Array.from(cages, (c, i) => (i === 5 ? 1.5 : c)), sums },
    'a negative cage number': { cages: Array.from(cages, (c, i) => (i === 5 ? -1 : c)), sums },
    'a sum of a cage without cells': { cages, sums: [...sums, 10] },
    'sums without cages': { cages: undefined, sums },
  };
  for (const [what, data] of Object.entries(refused)) {
    assert.equal(layoutFromData({ ...base, variant: ['killer'], ...data }), null, what);
  }
  // No cages, or all 0: the plain layout, shared with boxLayout's.
  assert.equal(layoutFromData({ ...base, cages: new Uint16Array(81), sums: [] }), base);
  assert.equal(layoutFromData({ ...base }), base);
  // boxLayout never makes cages.
  assert.equal(boxLayout(9, '', ['killer']), null);
  // A jigsaw killer keeps its regions.
  const regions = Uint8Array.from({ length: 36 }, (_, cell) => Math.floor(cell / 6));
  const jigsaw = layoutFromData({ size: 6, box: '', variant: ['jigsaw', 'killer'], regions, ...growCages(6, patternSolution(9).slice(0, 36), 5) });
  assert.ok(jigsaw && hasCages(jigsaw) && jigsaw.variant.includes('jigsaw') && jigsaw.box === '');
  // A killer goes to the engine as its Solo ID, which names its whole layout: no options.
  assert.deepEqual(layoutOptions(killer), {});
  assert.deepEqual(layoutOptions(base), { box: '3x3', variant: [] });
});

test('cage mates are peers, a repeat inside a cage is a clash named by its cage, and units stay the engine\'s', () => {
  const { layout } = killerLayout(9, 11);
  const base = boxLayout(9);
  assert.equal(units(layout).length, units(base).length, 'cages are no units');
  const groups = cageCells(layout);
  assert.equal(groups.length, layout.sums.length);
  for (let cell = 0; cell < 81; cell++) {
    const cage = groups[layout.cages[cell] - 1];
    const expected = new Set([...peers(cell, base), ...cage]);
    expected.delete(cell);
    assert.deepEqual(new Set(peers(cell, layout)), expected, `peers of cell ${cell}`);
  }
  // Two cells of one cage in neither a row, a column nor a box: the same digit clashes only in the killer.
  const values = new Uint8Array(81);
  const pair = groups.map((cells) => {
    for (const a of cells) for (const b of cells) if (a < b && !peers(a, base).includes(b)) return [a, b];
    return null;
  }).find(Boolean);
  assert.ok(pair, 'a cage with two cells that share no unit');
  values[pair[0]] = 4;
  values[pair[1]] = 4;
  assert.deepEqual(findClashes(values, base), []);
  assert.deepEqual(findClashes(values, layout), pair);
  const game = new Game(9, { values, layout });
  const first = layout.cages.indexOf(layout.cages[pair[0]]);
  const firstName = `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`;
  assert.equal(clashWords(game, pair[1]), `4 is already in cage of ${firstName} at r${Math.floor(pair[0] / 9) + 1}c${(pair[0] % 9) + 1}`);
  // A cell's description names its cage.
  const size = groups[layout.cages[pair[0]] - 1].length;
  const sum = layout.sums[layout.cages[pair[0]] - 1];
  assert.match(cellLabel(game, pair[0]), new RegExp(`^4; row \\d, column \\d, box \\d, cage of ${size} cells, sum ${sum}$`));
  // A saved game keeps its cages.
  const back = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.deepEqual([...back.layout.cages], [...layout.cages]);
  assert.deepEqual([...back.layout.sums], [...layout.sums]);
});

test('links: a killer puzzle\'s link carries its cages and sums, a generated one its variant, a blank grid none', () => {
  const { layout } = killerLayout(9, 5);
  const line = '.'.repeat(40) + '5' + '.'.repeat(40);
  const read = parseHash(puzzleHash(line, layout));
  assert.deepEqual([...read.puzzle.layout.cages], [...layout.cages]);
  assert.deepEqual([...read.puzzle.layout.sums], [...layout.sums]);
  assert.equal(read.puzzle.values[40], 5);
  // Cages that do not hold together name nothing.
  const broken = puzzleHash(line, layout).replace(/sums=[\d-]+/, 'sums=3-4');
  assert.equal(parseHash(broken), null);
  assert.equal(parseHash(`#p=${line}&variant=killer`), null, 'a killer puzzle without its cages');
  const generated = parseHash(generatedHash({ size: 9, variant: ['x', 'killer'], seed: 4, symmetry: 'none' }));
  assert.deepEqual(generated.generate.variant, ['x', 'killer']);
  assert.equal(blankHash(9, '', ['x', 'killer']), '#size=9&variant=x');
});

test('a killer\'s digits from 10 up are numbers; other grids keep their letters', () => {
  const { layout } = killerLayout(16, 2);
  assert.equal(symbolText(10, layout), '10');
  assert.equal(symbolText(16, layout), '16');
  assert.equal(symbolText(10, boxLayout(16)), 'A');
  assert.equal(symbolText(9, layout), '9');
});

/** Every set of `count` distinct digits of 1..n making `sum` (any sum when it is 0), by counting through bit masks. */
function bruteForce(n, count, sum, placed = []) {
  const sets = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    const digits = [];
    for (let d = 1; d <= n; d++) if (mask & (1 << (d - 1))) digits.push(d);
    if (digits.length !== count) continue;
    if (sum && digits.reduce((a, b) => a + b, 0) !== sum) continue;
    if (!placed.every((d) => digits.includes(d))) continue;
    sets.push(digits);
  }
  // In lexicographic order, as a player lists them.
  return sets.sort((a, b) => { const i = a.findIndex((d, j) => d !== b[j]); return i < 0 ? 0 : a[i] - b[i]; });
}

test('cage combinations are exactly the digit sets a brute force finds, with what is placed kept', () => {
  let s = 99;
  const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  for (const n of [4, 6, 9, 12]) {
    for (let count = 1; count <= Math.min(n, 6); count++) {
      const most = (count * (2 * n - count + 1)) / 2;
      for (let sum = 0; sum <= most + 1; sum++) {
        if (n === 12 && sum % 3) continue;
        const placed = random() < 0.5 ? [] : [1 + Math.floor(random() * n)];
        const expected = bruteForce(n, count, sum, placed);
        const found = cageCombinations(sum, count, n, { placed });
        assert.deepEqual(found.sets, expected, `${sum} in ${count} of 1..${n}, ${placed} placed`);
        assert.equal(found.total, expected.length);
        for (let d = 1; d <= n; d++) {
          assert.equal(found.always.includes(d), expected.length > 0 && expected.every((set) => set.includes(d)), `always ${d}`);
          assert.equal(found.never.includes(d), expected.every((set) => !set.includes(d)), `never ${d}`);
        }
      }
    }
  }
  // A limit lists the first sets and still counts them all.
  const limited = cageCombinations(20, 4, 9, { limit: 3 });
  assert.deepEqual(limited.sets, bruteForce(9, 4, 20).slice(0, 3));
  assert.equal(limited.total, bruteForce(9, 4, 20).length);
  // Placed digits that repeat, or more placed than cells: nothing.
  assert.equal(cageCombinations(10, 2, 9, { placed: [5, 5] }).total, 0);
  assert.equal(cageCombinations(10, 1, 9, { placed: [4, 6] }).total, 0);
});

test('the combinations line of a cell\'s cage follows its sum and its placed digits', () => {
  const base = boxLayout(9);
  // One cage r1c1 r1c2 r1c3 of 17, one cage r2c1 r2c2 without a sum, the rest in no cage.
  const cages = new Uint16Array(81);
  cages[0] = cages[1] = cages[2] = 1;
  cages[9] = cages[10] = 2;
  const layout = layoutFromData({ ...base, variant: ['killer'], cages, sums: [17, 0] });
  const values = new Uint8Array(81);
  const sets = bruteForce(9, 3, 17).map((set) => set.join('+'));
  assert.equal(combinationsLine(layout, values, 1), `17 in 3 cells: ${sets.join(', ')}`);
  values[2] = 9;
  const withNine = bruteForce(9, 3, 17, [9]).map((set) => set.join('+'));
  assert.equal(combinationsLine(layout, values, 0), `17 in 3 cells, 9 placed: ${withNine.join(', ')}`);
  values[0] = 1;
  assert.equal(combinationsLine(layout, values, 0), '17 in 3 cells, 1 and 9 placed: 1+7+9');
  values[1] = 9;
  assert.match(combinationsLine(layout, values, 0), /a digit repeats in this cage/);
  assert.match(combinationsLine(layout, values, 9), /^No sum, 2 cells: no sum, only no repeats$/);
  assert.equal(combinationsLine(layout, values, 40), '');
  // Digits in every set are named (when there is more than one set).
  const sets22 = bruteForce(9, 3, 22);
  const every = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => sets22.every((set) => set.includes(d)));
  assert.ok(sets22.length > 1 && every.length === 1);
  assert.equal(combinationsLine(layoutFromData({ ...base, variant: ['killer'], cages, sums: [22, 0] }), new Uint8Array(81), 0),
    `22 in 3 cells: ${sets22.map((set) => set.join('+')).join(', ')} — ${every[0]} in every one`);
});

test('cage outlines: closed loops that turn at every corner and run the length of each cage\'s border', () => {
  for (const [n, seed] of [[4, 1], [6, 4], [9, 11], [9, 12], [16, 3]]) {
    const { layout } = n === 6
      ? { layout: layoutFromData({ ...boxLayout(6), variant: ['killer'], ...growCages(6, patternSolution(9).slice(0, 36), seed) }) }
      : killerLayout(n, seed);
    const outlines = cageOutlines(layout);
    assert.equal(outlines.length, layout.sums.length);
    for (const { cage, cells, first, loops } of outlines) {
      assert.equal(first, layout.cages.indexOf(cage));
      const inside = (r, c) => r >= 0 && c >= 0 && r < n && c < n && layout.cages[r * n + c] === cage;
      let border = 0;
      for (const cell of cells) {
        const r = Math.floor(cell / n);
        const c = cell % n;
        border += [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([a, b]) => !inside(a, b)).length;
      }
      let length = 0;
      for (const loop of loops) {
        assert.ok(loop.length >= 4 && loop.length % 2 === 0, 'a rectilinear loop');
        loop.forEach((corner, i) => {
          const next = loop[(i + 1) % loop.length];
          // Consecutive corners share a line: one coordinate changes, the other stays.
          assert.ok((corner.i === next.i) !== (corner.j === next.j), 'each side along one line');
          length += Math.abs(corner.i - next.i) + Math.abs(corner.j - next.j);
          // The cage lies on the side the corner says: the cell diagonally inside it is the cage's.
          const r = corner.yIn > 0 ? corner.j : corner.j - 1;
          const c = corner.xIn > 0 ? corner.i : corner.i - 1;
          assert.ok(inside(r, c), `corner ${corner.i},${corner.j} of cage ${cage} points into it`);
        });
      }
      assert.equal(length, border, `cage ${cage} of ${n}×${n}: the loops run its whole border`);
    }
  }
});

test('print and SVG: cages dashed, every sum in its first cell, a killer\'s 10 to 16 as numbers', () => {
  const { layout, values } = killerLayout(16, 3);
  const line = values.map((v) => '123456789ABCDEFG'[v - 1]).join('');
  const svg = gridSvg(line, { x: 0, y: 0, side: 160, layout });
  const path = /<path class="cages" d="([^"]+)"[^>]*stroke-dasharray="[\d.]+ [\d.]+"/.exec(svg);
  assert.ok(path, 'one dashed path of cages');
  const loops = cageOutlines(layout).reduce((a, o) => a + o.loops.length, 0);
  assert.equal(path[1].split('M').length - 1, loops, 'a sub-path per loop');
  const summed = layout.sums.filter(Boolean).length;
  assert.equal(path[1].split('z').length - 1, loops - summed, 'closed, but where a sum leaves it open');
  const sumGroup = /<g class="sums"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
  const sums = [...sumGroup.matchAll(/<text x="([\d.]+)" y="([\d.]+)" fill="#000">(\d+)<\/text>/g)];
  const cell = 10;
  assert.equal(sums.length, layout.sums.length);
  for (const [, x, y, text] of sums) {
    const at = Math.floor(Number(y) / cell) * 16 + Math.floor(Number(x) / cell);
    const k = layout.cages[at];
    assert.equal(layout.cages.indexOf(k), at, 'in the first cell of its cage');
    assert.equal(Number(text), layout.sums[k - 1]);
  }
  const texts = [...svg.matchAll(/>(\w+)<\/text>/g)].map((m) => m[1]);
  assert.ok(texts.includes('16') && texts.includes('10'), 'two-digit numbers printed');
  assert.ok(!texts.some((t) => /[A-G]/.test(t)), 'no letters');
  // A plain 16×16 still prints letters, and no cages.
  const plain = gridSvg(line, { x: 0, y: 0, side: 160, layout: boxLayout(16) });
  assert.ok(!plain.includes('class="cages"') && /[A-G]/.test(plain));
});

test('print: at 4 killers to an A4 page the sums are in 2.2 mm type or more, the outlines 0.12 mm wide and clear of the thick lines', () => {
  const puzzles = [1, 2, 3, 4].map((seed) => {
    const { layout, values } = killerLayout(9, seed);
    return { size: 9, layout, puzzle: '.'.repeat(81), solution: values.join(''), seed };
  });
  const [page] = planPages({ count: 4, perPage: 4, answers: false });
  const svg = pageSvg(page, puzzles, { paper: 'a4' });
  const sums = [...svg.matchAll(/<g class="sums"[^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.equal(sums.length, 4);
  for (const size of sums) assert.ok(size * 0.72 >= 1.7 && size >= 2.2, `sums of ${size} mm type (capitals ${(size * 0.72).toFixed(2)} mm)`);
  const widths = [...svg.matchAll(/<path class="cages"[^>]*stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.equal(widths.length, 4);
  for (const w of widths) assert.ok(w >= 0.12, `outline ${w} mm`);
  // Every corner of an outline lies inside its cell by more than half a thick line (and a
  // gap), on both axes; the open ends beside a sum on the one axis they run along.
  const slots = pageLayout('a4', 4).slots;
  const paths = [...svg.matchAll(/<path class="cages" d="([^"]+)"/g)].map((m) => m[1]);
  paths.forEach((d, index) => {
    const { x, y, side } = slots[index].grid;
    const style = gridStyle(9, side);
    const clear = (v, origin) => {
      const offset = (v - origin) / style.cell;
      return Math.abs(offset - Math.round(offset)) * style.cell - style.thick / 2;
    };
    for (const sub of d.split('M').filter(Boolean)) {
      const closed = sub.endsWith('z');
      const points = sub.replace('z', '').split('L').map((p) => p.split(' ').map(Number));
      points.forEach(([px, py], i) => {
        const end = !closed && (i === 0 || i === points.length - 1);
        if (!end || i === 0) assert.ok(clear(py, y) > 0.15, `y ${py} of outline ${index + 1} clear of the lines`);
        if (!end || i > 0) assert.ok(clear(px, x) > 0.15, `x ${px} of outline ${index + 1} clear of the lines`);
      });
    }
  });
});

const env = withBrowser();

test('the canvas draws a dashed outline inside a cage\'s border, none between two cells of one cage, and the sum', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  for (const themeName of ['light', 'dark']) {
    const { layout } = killerLayout(9, 11);
    const result = await page.evaluate(async ({ data, themeName }) => {
      const { layoutFromData } = await import('/www/internal/grid.js');
      const { drawGrid, layoutFor, cellRect, THEMES } = await import('/www/internal/render.js');
      const grid = layoutFromData(data);
      const l = layoutFor(grid, 600, 600, { dpr: 1 });
      const canvas = document.createElement('canvas');
      canvas.width = l.width;
      canvas.height = l.height;
      const ctx = canvas.getContext('2d');
      const theme = THEMES[themeName];
      drawGrid(ctx, { size: 9, values: new Uint8Array(81), theme, selected: -1 }, l);
      const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
      const line = hex(theme.cage);
      const near = (p, c) => Math.abs(p[0] - c[0]) + Math.abs(p[1] - c[1]) + Math.abs(p[2] - c[2]) < 90;
      // Along a vertical or horizontal run of pixels: how many are the cage colour.
      const run = (x0, y0, x1, y1) => {
        const w = Math.max(1, x1 - x0);
        const h = Math.max(1, y1 - y0);
        const data = ctx.getImageData(x0, y0, w, h).data;
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) if (near([data[i], data[i + 1], data[i + 2]], line)) ink++;
        return { ink, all: data.length / 4 };
      };
      const { inset, band } = l.killer;
      const n = 9;
      const sameCage = (a, b) => grid.cages[a] === grid.cages[b];
      const out = { outer: [], inner: [], sums: [] };
      for (let cell = 0; cell < n * n; cell++) {
        const r = cellRect(l, cell);
        const c = cell % n;
        // The right side: an outline just inside it where the next cell is another cage's, none where it is the same cage's.
        if (c < n - 1) {
          const x = Math.round(r.x + r.w - inset - 0.5);
          const span = run(x, Math.round(r.y + band + 2), x + 1, Math.round(r.y + r.h - inset - 3));
          (sameCage(cell, cell + 1) ? out.inner : out.outer).push(span);
        }
        if (grid.cages.indexOf(grid.cages[cell]) === cell) {
          // The sum: ink of the sum colour in the top-left corner.
          const sumInk = hex(theme.cageSum);
          const data = ctx.getImageData(r.x + 1, r.y + 1, Math.round(r.w * 0.45), Math.round(band)).data;
          let ink = 0;
          for (let i = 0; i < data.length; i += 4) if (near([data[i], data[i + 1], data[i + 2]], sumInk)) ink++;
          out.sums.push(ink);
        }
      }
      return out;
    }, { data: { ...layout, cages: [...layout.cages], sums: [...layout.sums], regions: [...layout.regions], windows: [...layout.windows] }, themeName });
    assert.ok(result.outer.length > 10 && result.inner.length > 5, 'both kinds of neighbours occur');
    for (const { ink, all } of result.outer) {
      assert.ok(ink > all * 0.25, `an outline inside a cage border (${ink} of ${all}, ${themeName})`);
      assert.ok(ink < all * 0.9, `dashed, with gaps (${ink} of ${all}, ${themeName})`);
    }
    for (const { ink } of result.inner) assert.equal(ink, 0, `no outline between two cells of one cage (${themeName})`);
    assert.ok(result.sums.every((ink) => ink > 4), `every sum drawn (${themeName})`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('app: a killer link opens with its cages; the combinations line, a cage clash, the cell\'s words and a reload keep to them', async () => {
  // Givens from the pattern solution at every 7th cell; cages grown over it.
  const { layout, values } = killerLayout(9, 21);
  const line = values.map((v, i) => (i % 7 === 0 ? String(v) : '.')).join('');
  const page = await openPage(env.browser, `${env.server.origin}/${puzzleHash(line, layout)}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.waitForFunction(() => /killer puzzle with \d+ cages/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), new RegExp(`9×9 killer puzzle with ${layout.sums.length} cages and 12 givens`));
  await page.focus('#grid');
  await page.keyboard.press('Control+Home'); // r1c1
  const game = Game.fromPuzzle(9, Uint8Array.from(line, (c) => (c === '.' ? 0 : Number(c))), layout);
  assert.equal(await page.textContent('#cage-combinations'), `Cage: ${combinationsLine(layout, game.values, 0)}`);
  assert.equal(await page.getAttribute('#cage-combinations', 'hidden'), null);
  // The cell's words end with its cage.
  const label = await page.evaluate(() => document.getElementById(document.getElementById('grid').getAttribute('aria-activedescendant')).textContent);
  assert.equal(label, cellLabel(game, 0));
  assert.match(label, /cage of \d cells?, sum \d+$/);
  // A cell of a cage with another empty cell that shares no unit with it: the same digit there clashes in the cage.
  const groups = cageCells(layout);
  const base = boxLayout(9);
  const pair = groups.map((cells) => {
    for (const a of cells) for (const b of cells) if (a !== b && !line[a].match(/\d/) && !line[b].match(/\d/) && !peers(a, base).includes(b)) return [a, b];
    return null;
  }).find(Boolean);
  assert.ok(pair, 'two empty cells of a cage in no common unit');
  const go = async (cell) => {
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < Math.floor(cell / 9); i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < cell % 9; i++) await page.keyboard.press('ArrowRight');
  };
  // A digit that no peer of either cell holds.
  const digit = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => ![...peers(pair[0], layout), ...peers(pair[1], layout)]
    .some((c) => line[c] === String(d)));
  await go(pair[0]);
  await page.keyboard.type(String(digit));
  await go(pair[1]);
  await page.keyboard.type(String(digit));
  await page.waitForFunction(() => /already in cage of/.test(document.getElementById('status').textContent));
  const clashes = (await page.getAttribute('#grid', 'data-clashes')).split(' ').map(Number);
  assert.deepEqual(clashes, [...pair].sort((a, b) => a - b));
  assert.match(await page.textContent('#cage-combinations'), /a digit repeats in this cage/);
  // A reload resumes the same killer, cages and entries.
  await page.waitForTimeout(400); // the save is debounced by 250 ms
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.waitForFunction((n) => document.getElementById('grid').dataset.clashes?.split(' ').length === n, 2);
  await page.focus('#grid');
  await go(pair[0]);
  assert.match(await page.textContent('#cage-combinations'), /a digit repeats in this cage/);
  // A classic grid hides the line.
  await page.goto(`${env.server.origin}/#size=9`);
  await page.waitForFunction(() => document.getElementById('cage-combinations').hidden);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---------------------------------------------------------------------------------------
// With the engine: generated killers, a pasted Solo killer ID, the widget

/** Whether `solution` (a one-line grid) keeps a layout's cages: no repeat in a cage, and each sum made. */
function keepsCages(solution, layout) {
  const values = Array.from(solution, (c) => parseInt(c, 36));
  return cageCells(layout).every((cells, k) => {
    const digits = cells.map((c) => values[c]);
    const sum = digits.reduce((a, b) => a + b, 0);
    return new Set(digits).size === digits.length && (!layout.sums[k] || sum === layout.sums[k]);
  });
}

test('engine: a generated killer has cages in its layout, a Solo killer ID, and a solution that keeps them', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const made = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const out = [];
    for (const [size, variant] of [[9, ['killer']], [6, ['killer']], [9, ['x', 'killer']], [7, ['jigsaw', 'killer']], [4, ['killer']]]) {
      const r = await engine.generate({ size, variant, seed: 5 });
      out.push({ size, id: r.id, puzzle: r.puzzle, solution: r.solution, layout: { ...r.layout, cages: Array.from(r.layout.cages ?? []), sums: Array.from(r.layout.sums ?? []), regions: Array.from(r.layout.regions), windows: Array.from(r.layout.windows ?? []) } });
    }
    engine.terminate?.();
    return out;
  });
  for (const r of made) {
    const layout = layoutFromData(r.layout);
    assert.ok(layout && hasCages(layout), `${r.size}×${r.size}: a killer layout`);
    assert.match(r.id, /^(\d+x\d+|\d+j)[a-z]*k[a-z]*:/, 'a Solo killer ID');
    // The page writes the ID it sends the engine (a line carries no cages) as the engine does.
    assert.equal(killerId(layout, r.puzzle), r.id, `${r.size}×${r.size} ${r.layout.variant}: the same ID`);
    assert.ok(keepsCages(r.solution, layout), 'the solution keeps every cage');
    assert.equal(findClashes(Array.from(r.solution, (c) => parseInt(c, 36)), layout).length, 0);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('app: Killer from the form generates a killer; its cages show, Hint and Apply place the solution\'s digit, Solve completes it', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.selectOption('#size', '6');
  await page.selectOption('#variant', 'killer');
  // Cages follow any symmetry, even a quarter turn on 2×3 boxes, which givens could not.
  assert.deepEqual(await page.$$eval('#symmetry option', (os) => os.filter((o) => o.disabled).map((o) => o.value)), []);
  await page.selectOption('#size', '9');
  await page.selectOption('#variant', 'killer');
  assert.equal(await page.inputValue('#symmetry'), 'rot180');
  await page.fill('#seed', '7');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
  assert.match(page.url(), /variant=killer/);
  assert.match(page.url(), /symmetry=rot180/);
  assert.match(await page.textContent('#status'), /180° symmetry/);
  // The same puzzle from the engine directly, for its solution and cages.
  const made = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const r = await createEngine().generate({ size: 9, symmetry: document.getElementById('symmetry').value, variant: ['killer'], seed: 7 });
    return { puzzle: r.puzzle, solution: r.solution, cages: Array.from(r.layout.cages), sums: Array.from(r.layout.sums) };
  });
  assert.equal(await page.$eval('#grid', (c) => c.dataset.givens), made.puzzle);
  // The half turn takes each cage onto a cage: cells share a cage exactly when their images do.
  const image = new Map();
  made.cages.forEach((k, cell) => {
    const there = made.cages[80 - cell];
    assert.equal(image.get(k) ?? there, there, `cage ${k} turned half round is one cage`);
    image.set(k, there);
  });
  assert.equal(new Set(image.values()).size, image.size);
  const layout = layoutFromData({ ...boxLayout(9), variant: ['killer'], cages: made.cages, sums: made.sums });
  await page.focus('#grid');
  await page.keyboard.press('Control+Home');
  assert.equal(await page.textContent('#cage-combinations'),
    `Cage: ${combinationsLine(layout, Uint8Array.from(made.puzzle, (c) => (c === '.' ? 0 : Number(c))), 0)}`);
  // Hint, then Apply: the solution's digit.
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('grid').dataset.hintTarget || document.getElementById('status').dataset.tone === 'error',
    null, { timeout: 20000 });
  const target = Number(await page.$eval('#grid', (c) => c.dataset.hintTarget));
  assert.ok(Number.isInteger(target) && target >= 0, await page.textContent('#status'));
  assert.ok((await page.textContent('#hint-text')).length > 10);
  await page.click('#apply');
  assert.equal((await page.$eval('#grid', (c) => c.dataset.grid))[target], made.solution[target]);
  // Play: the solution's digit in another empty cell, no clash.
  const empty = [...made.puzzle].findIndex((c, i) => c === '.' && i !== target);
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < Math.floor(empty / 9); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < empty % 9; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type(made.solution[empty]);
  assert.equal(await page.$eval('#grid', (c) => c.dataset.clashes), '');
  await page.click('#solve');
  await page.waitForFunction((s) => document.getElementById('grid').dataset.grid === s, made.solution, { timeout: 20000 });
  assert.ok(keepsCages(made.solution, layout));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('app: a pasted Solo killer ID opens with its cages and is solved', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  const made = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const r = await createEngine().generate({ size: 9, variant: ['killer'], seed: 11 });
    return { id: r.id, puzzle: r.puzzle, solution: r.solution, sums: Array.from(r.layout.sums) };
  });
  assert.match(made.id, /^3x3[a-z]*k[a-z]*:/);
  await page.fill('#puzzle-text', made.id);
  await page.click('#load');
  await page.waitForFunction(() => /killer puzzle with \d+ cages/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), new RegExp(`with ${made.sums.length} cages`));
  await page.focus('#grid');
  await page.keyboard.press('Control+Home');
  assert.match(await page.textContent('#cage-combinations'), /^Cage: \d+ in \d cells?/);
  // Copy writes it back as the same Solo killer ID: a line of cells would lose the cages.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.click('#copy');
  await page.waitForFunction(() => /^Copied/.test(document.getElementById('status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), made.id);
  await page.click('#solve');
  await page.waitForFunction((s) => document.getElementById('grid').dataset.grid === s, made.solution, { timeout: 20000 });
  assert.match(await page.textContent('#status'), /unique|one solution/i);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('widget: variant="killer" generates a killer, names its cages to a screen reader, solves it under them, and its ID shows it again', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async () => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('variant', 'killer');
    widget.setAttribute('seed', '5');
    document.body.append(widget);
    await widget.whenLoaded();
    const puzzle = widget.value;
    const solved = await widget.solve();
    const label = widget.shadowRoot.querySelector('[role=gridcell]')?.textContent ?? '';
    // Its Solo killer ID as another widget's puzzle: the same killer.
    const shown = document.createElement('sudoku-widget');
    shown.setAttribute('puzzle', solved.id);
    document.body.append(shown);
    await shown.whenLoaded();
    const again = await shown.solve();
    return {
      shown: { variant: shown.variant, status: again.status, value: shown.value, cages: Array.from(again.layout.cages ?? []) },
      puzzle, status: solved.status, value: widget.value, variant: widget.variant, label,
      layout: { ...solved.layout, regions: Array.from(solved.layout.regions), windows: Array.from(solved.layout.windows ?? []),
        cages: Array.from(solved.layout.cages ?? []), sums: Array.from(solved.layout.sums ?? []) },
    };
  });
  assert.equal(result.variant, 'killer');
  assert.equal(result.status, 'unique');
  const layout = layoutFromData(result.layout);
  assert.ok(hasCages(layout));
  assert.ok(keepsCages(result.value, layout));
  assert.match(result.label, /cage of \d+ cells?(, sum \d+)?$/);
  assert.equal(result.shown.variant, 'killer');
  assert.equal(result.shown.status, 'unique');
  assert.equal(result.shown.value, result.value, 'puzzle="3x3k:…" is the same killer');
  assert.deepEqual(result.shown.cages, result.layout.cages);
  assert.deepEqual(page.errors, []);
  await page.close();
});
