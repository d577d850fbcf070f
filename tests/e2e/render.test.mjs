// www/internal/render.js: the geometry as plain numbers (run here in Node, no DOM), then the
// drawing itself on a real canvas in Chromium, checked pixel by pixel at known places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser } from './harness.mjs';
import { layoutFor, cellAt, cellRect, cellStart } from '../../www/internal/render.js';

test('layoutFor: whole device pixels, heavier box borders, and the size formula', () => {
  for (const n of [1, 4, 9, 16, 25, 36, 49, 64]) {
    for (const dpr of [1, 1.5, 2, 3]) {
      const l = layoutFor(n, 900, 760, { dpr });
      const k = Math.sqrt(n);
      assert.ok(Number.isInteger(l.cell) && Number.isInteger(l.thin) && Number.isInteger(l.thick));
      assert.ok(l.thick > l.thin, `box borders heavier (n=${n}, dpr=${dpr})`);
      assert.equal(l.width, (k + 1) * l.thick + (n - k) * l.thin + n * l.cell);
      assert.equal(l.cssWidth * dpr, l.width);
      assert.ok(l.cssWidth <= 760 || l.cell === Math.round(11 * dpr), 'fits, unless cells hit their minimum');
      assert.equal(cellStart(l, n - 1) + l.cell + l.thick, l.width, 'the last border closes the grid');
    }
  }
});

test('a 64×64 fits the board of a 1280×800 window with cells of 11 CSS pixels or more', () => {
  // The board is what the side panel leaves: about 880 × 784 CSS pixels.
  const l = layoutFor(64, 880, 784, { dpr: 1 });
  assert.ok(l.cssHeight <= 784, `height ${l.cssHeight}`);
  assert.ok(l.cell >= 11, `cell ${l.cell}`);
  const zoomed = layoutFor(64, 880, 784, { dpr: 1, zoom: 2 });
  assert.ok(zoomed.cell >= 2 * l.cell - 1, 'zoom scales cells');
});

test('cellAt inverts cellRect everywhere, and points on lines go to a neighbour', () => {
  for (const [n, dpr] of [[9, 1], [16, 2], [64, 1], [64, 1.25]]) {
    const l = layoutFor(n, 700, 700, { dpr });
    for (let cell = 0; cell < n * n; cell += n === 64 ? 37 : 1) {
      const r = cellRect(l, cell);
      assert.equal(cellAt(l, r.x, r.y), cell);
      assert.equal(cellAt(l, r.x + r.w - 1, r.y + r.h - 1), cell);
      const between = cellAt(l, r.x - 1, r.y + 1);
      assert.ok(between === cell || between === cell - 1 || (cell % n === 0 && between === cell));
    }
    assert.equal(cellAt(l, -1, 5), -1);
    assert.equal(cellAt(l, l.width, 5), -1);
  }
});

const env = withBrowser();

/** Draws a state on a fresh canvas in the page and returns the RGB of the asked points. */
async function drawAndSample(page, size, state, points, options = {}) {
  return page.evaluate(async ({ size, state, points, options }) => {
    const { drawGrid, layoutFor, cellRect, THEMES } = await import('/www/internal/render.js');
    const layout = layoutFor(size, 600, 600, options);
    const canvas = document.createElement('canvas');
    canvas.width = layout.width;
    canvas.height = layout.height;
    document.body.append(canvas);
    const ctx = canvas.getContext('2d');
    const pencil = state.pencil ? state.pencil.map((m) => m && new Set(m)) : undefined;
    drawGrid(ctx, { ...state, size, pencil, theme: THEMES[state.themeName ?? 'light'] }, layout);
    const rgb = ([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
    const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const at = (p) => {
      if (p.cell === undefined) return rgb([p.x, p.y]);
      const r = cellRect(layout, p.cell);
      return rgb([Math.floor(r.x + r.w * p.fx), Math.floor(r.y + r.h * p.fy)]);
    };
    const inkIn = (cell) => {
      // How many pixels of a cell differ from its corner (its background): the drawn symbol.
      const r = cellRect(layout, cell);
      const data = ctx.getImageData(r.x, r.y, r.w, r.h).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 60) ink++;
      }
      return ink;
    };
    const theme = THEMES[state.themeName ?? 'light'];
    return {
      layout,
      colours: Object.fromEntries(Object.entries(theme).map(([k, v]) => [k, hex(v)])),
      samples: points.map((p) => (p.ink !== undefined ? inkIn(p.ink) : at(p))),
    };
  }, { size, state, points, options });
}

const close = (a, b, slack = 8) => a.every((v, i) => Math.abs(v - b[i]) <= slack);

test('drawGrid: borders, givens, selection, same-symbol highlight, clashes and errors', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const values = new Array(81).fill(0);
  values[0] = 5; // given
  values[4] = 5; // entry clashing with it in row 1
  values[40] = 7; // selected entry
  values[80] = 7; // another 7: highlighted
  const givens = new Array(81).fill(0);
  givens[0] = 1;
  const state = {
    values, givens, selected: 40, highlight: 7, clashes: [0, 4], errors: [20], focused: false,
  };
  const { layout, colours, samples } = await drawAndSample(page, 9, state, [
    { x: 1, y: 100 }, // outer border
    { cell: 1, fx: 0, fy: 0.5 }, // r1c2's left edge, next to the thin line: a cell pixel
    { cell: 60, fx: 0.05, fy: 0.1 }, // a plain empty cell
    { cell: 40, fx: 0.05, fy: 0.05 }, // the selected cell
    { cell: 80, fx: 0.05, fy: 0.05 }, // another copy of the selected symbol
    { cell: 4, fx: 0.05, fy: 0.05 }, // a clashing cell
    { cell: 20, fx: 0.02, fy: 0.5 }, // the error cell's outline
    { cell: 36, fx: 0.05, fy: 0.05 }, // same row as the selection: a peer
    { ink: 0 }, { ink: 40 }, { ink: 60 },
  ]);
  const [border, nearThin, plain, selected, same, clash, error, peer, inkGiven, inkEntry, inkEmpty] = samples;
  assert.ok(close(border, colours.boxLine), `outer border ${border}`);
  assert.ok(close(nearThin, colours.clash) || close(nearThin, colours.cell), 'cells own their pixels up to the line');
  assert.ok(close(plain, colours.cell), `plain cell ${plain}`);
  assert.ok(close(selected, colours.selected), `selected ${selected}`);
  assert.ok(close(same, colours.sameSymbol), `same symbol ${same}`);
  assert.ok(close(clash, colours.clash), `clash ${clash}`);
  assert.ok(close(error, colours.error), `error outline ${error}`);
  assert.ok(close(peer, colours.peer), `peer ${peer}`);
  assert.ok(inkGiven > 20 && inkEntry > 20, 'symbols are drawn');
  assert.equal(inkEmpty, 0, 'an empty cell has no ink');

  // The line between boxes (after column 3) is thicker than the line between cells.
  const lineWidth = await page.evaluate(({ layout }) => {
    const canvas = document.querySelector('canvas');
    const ctx = canvas.getContext('2d');
    const y = Math.floor(layout.height * 0.6);
    const row = ctx.getImageData(0, y, canvas.width, 1).data;
    const dark = (x) => row[x * 4] < 100;
    const runs = [];
    for (let x = 0, run = 0; x <= canvas.width; x++) {
      if (x < canvas.width && dark(x)) run++;
      else if (run) { runs.push(run); run = 0; }
    }
    return runs;
  }, { layout });
  assert.deepEqual(lineWidth, [layout.thick, layout.thick, layout.thick, layout.thick]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('drawGrid: pencil marks are drawn small up to 16×16, as a dot when too small to read', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const pencil16 = new Array(256).fill(null);
  pencil16[17] = [1, 16];
  const { samples: [marked, unmarked] } = await drawAndSample(page, 16,
    { values: new Array(256).fill(0), pencil: pencil16 }, [{ ink: 17 }, { ink: 18 }]);
  assert.ok(marked > 4, `marks drawn at 16×16: ${marked} pixels`);
  assert.equal(unmarked, 0);

  const pencil64 = new Array(4096).fill(null);
  pencil64[65] = [1, 2, 3];
  const small = await drawAndSample(page, 64, { values: new Array(4096).fill(0), pencil: pencil64 }, [{ ink: 65 }]);
  assert.ok(small.samples[0] > 0, 'a 64×64 cell with marks shows a dot');
  await page.close();
});

test('drawGrid: the dark theme paints dark cells and light symbols', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const values = new Array(81).fill(0);
  values[0] = 8;
  const { colours, samples: [cell] } = await drawAndSample(page, 9,
    { values, givens: values, themeName: 'dark' }, [{ cell: 30, fx: 0.5, fy: 0.5 }]);
  assert.ok(close(cell, colours.cell));
  assert.ok(cell.every((c) => c < 60), `dark cell ${cell}`);
  await page.close();
});

/**
 * Draws one link between two candidates on an empty grid and reports, along the straight
 * line between the two candidate places, how many sample points are in the link colour and
 * how many runs they form (a dashed line breaks into several), and the colour on each
 * node's ring.
 */
async function drawLink(page, size, link, themeName = 'light') {
  return page.evaluate(async ({ size, link, themeName }) => {
    const { drawGrid, layoutFor, candidateCentre, THEMES } = await import('/www/internal/render.js');
    const layout = layoutFor(size, 700, 700);
    const canvas = document.createElement('canvas');
    canvas.width = layout.width;
    canvas.height = layout.height;
    const ctx = canvas.getContext('2d');
    const theme = THEMES[themeName];
    const state = { size, values: new Array(size * size).fill(0), theme };
    drawGrid(ctx, { ...state, hint: link ? { cells: [], target: -1, eliminations: [], links: [link] } : null }, layout);
    const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const want = hex(theme.link);
    const isLink = (x, y) => {
      const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
      return Math.abs(d[0] - want[0]) + Math.abs(d[1] - want[1]) + Math.abs(d[2] - want[2]) < 60;
    };
    const from = link ?? { from: { cells: [0], symbol: 1 }, to: { cells: [size - 1], symbol: 1 } };
    const a = candidateCentre(layout, from.from.cells[0], from.from.symbol);
    const b = candidateCentre(layout, from.to.cells[0], from.to.symbol);
    // Links bow to one side: scan across the bow at each step along the chord.
    const steps = 200;
    const bow = Math.min(Math.hypot(b.x - a.x, b.y - a.y) * 0.12, layout.cell * 0.6);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    let hits = 0;
    let runs = 0;
    let previous = false;
    for (let i = 20; i <= steps - 20; i++) {
      const t = i / steps;
      const off = bow * 4 * t * (1 - t) * 0.5; // a quadratic curve's offset at t, from its control point's
      const x = a.x + (b.x - a.x) * t - uy * off;
      const y = a.y + (b.y - a.y) * t + ux * off;
      let hit = false;
      for (let s = -3; s <= 3 && !hit; s++) hit = isLink(x - uy * s, y + ux * s);
      if (hit) hits++;
      if (hit && !previous) runs++;
      previous = hit;
    }
    const radius = Math.max(3.5, layout.cell / layout.box * 0.46);
    const ring = (p) => [-1, 0, 1].some((d) => isLink(p.x + radius + d, p.y) || isLink(p.x - radius + d, p.y));
    return { hits, runs, samples: steps - 39, rings: [ring(a), ring(b)] };
  }, { size, link, themeName });
}

test('drawGrid: chain links are drawn between candidates, strong solid and weak dashed', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  for (const [size, themeName] of [[9, 'light'], [9, 'dark'], [16, 'light'], [25, 'dark']]) {
    const along = { from: { cells: [size + 1], symbol: 2 }, to: { cells: [size * 5 + 1], symbol: 2 } };
    const strong = await drawLink(page, size, { ...along, strong: true }, themeName);
    const weak = await drawLink(page, size, { ...along, strong: false }, themeName);
    const none = await drawLink(page, size, null, themeName);
    const label = `${size}×${size} ${themeName}`;
    assert.equal(none.hits, 0, `${label}: no links, no link colour`);
    assert.ok(strong.hits >= strong.samples * 0.9, `${label}: a strong link is one solid line (${strong.hits}/${strong.samples})`);
    assert.equal(strong.runs, 1, `${label}: solid`);
    assert.ok(weak.runs >= 3, `${label}: a weak link is dashed (${weak.runs} dashes)`);
    assert.ok(weak.hits < strong.hits * 0.85, `${label}: dashes leave gaps (${weak.hits} vs ${strong.hits})`);
    assert.deepEqual(strong.rings, [true, true], `${label}: both candidates are ringed at their pencil-mark places`);
  }
  // The unit a hint names is framed: box 5's corner cell shows the frame, its centre does not.
  const framed = await drawAndSample(page, 9, {
    values: new Array(81).fill(0), hint: { regions: [{ kind: 'box', index: 4 }], cells: [], eliminations: [], links: [] },
  }, [{ cell: 30, fx: 0.02, fy: 0.02 }, { cell: 40, fx: 0.5, fy: 0.5 }, { cell: 29, fx: 0.5, fy: 0.02 }]);
  const [corner, centre, outside] = framed.samples;
  assert.ok(close(corner, framed.colours.region), `frame ${corner}`);
  assert.ok(close(centre, framed.colours.cell) && close(outside, framed.colours.cell), 'only the border is framed');
  // A grouped node (several cells) and links with cells off the grid are drawn or skipped, never thrown.
  const grouped = await drawLink(page, 9, { from: { cells: [10], symbol: 5 }, to: { cells: [45, 46], symbol: 5 }, strong: true });
  assert.ok(grouped.hits > 0);
  const bad = await drawLink(page, 9, { from: { cells: [81], symbol: 5 }, to: { cells: [1], symbol: 0 }, strong: true });
  assert.equal(bad.hits, 0, 'a link naming no real candidate is not drawn');
  assert.deepEqual(page.errors, []);
  await page.close();
});
