// X, windoku and jigsaw through every layer: engine.js's {variant, regions} options and the
// layout every result carries, the app's Variant field, links and saved games, the widget's
// variant attribute, and the print view. Puzzles come from Simon Tatham's Solo
// (tests/data/solo-ids.txt) or are checked against the rules, worked out here from the
// text alone: nothing below trusts the engine's or the page's idea of a unit.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp as openAppAt, openPage, ROOT, withBrowser } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import {
  JIGSAW_ONLY_SIDES, boxLayout, findClashes, fromLine, isSide, layoutFromData, markShape, peers, pendingLayout, unitKindWords,
} from '../../www/internal/grid.js';
import { generatedHash, parseHash, puzzleHash } from '../../www/internal/persist.js';

const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*';

const env = withBrowser();

/** Solo's fixtures whose params start with `prefix` ('3x3x:', '9j:'): {id, solution}. */
function soloFixtures(prefix) {
  return readFileSync(`${ROOT}/tests/data/solo-ids.txt`, 'utf8').split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => {
      const [id, solution] = line.trim().split(/\s+/);
      return { id, solution };
    });
}

/**
 * A Solo description of a plain grid ('b2d9…': a letter skips that many cells, a number is
 * a given, '_' separates two numbers) as a one-line grid: decoded here, by Solo's rules.
 */
function soloLine(description, n) {
  let line = '';
  for (const [token] of description.matchAll(/[a-z]|\d+|_/g)) {
    if (token === '_') continue;
    line += /[a-z]/.test(token) ? '.'.repeat(token.charCodeAt(0) - 96) : ALPHABET[Number(token) - 1];
  }
  assert.equal(line.length, n * n, 'the description covers the grid');
  return line;
}

/**
 * The units of a grid of side n, from the rules: rows, columns, the regions (`regions`
 * per cell, else r×c boxes), both diagonals with `x`, and with `windoku` the (k−1)² k×k
 * windows one cell in from the k×k boxes (rows and columns 1..k, k+2..2k+1, …).
 */
function rulesUnits(n, { rows = Math.sqrt(n), columns = Math.sqrt(n), regions = null, x = false, windoku = false } = {}) {
  const units = [];
  const all = Array.from({ length: n }, (_, i) => i);
  for (const i of all) {
    units.push([`row ${i + 1}`, all.map((j) => i * n + j)]);
    units.push([`column ${i + 1}`, all.map((j) => j * n + i)]);
  }
  if (regions) {
    for (const r of new Set(regions)) units.push([`region ${r}`, [...regions.keys()].filter((c) => regions[c] === r)]);
  } else {
    for (const b of all) {
      const top = Math.floor(b / (n / columns)) * rows;
      const left = (b % (n / columns)) * columns;
      units.push([`box ${b + 1}`, all.map((j) => (top + Math.floor(j / columns)) * n + left + (j % columns))]);
    }
  }
  if (x) {
    units.push(['main diagonal', all.map((i) => i * n + i)]);
    units.push(['anti-diagonal', all.map((i) => i * n + n - 1 - i)]);
  }
  if (windoku) {
    const k = Math.sqrt(n);
    for (let wr = 0; wr < k - 1; wr++) {
      for (let wc = 0; wc < k - 1; wc++) {
        const cells = [];
        for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) cells.push((1 + wr * (k + 1) + i) * n + 1 + wc * (k + 1) + j);
        units.push([`window ${wr * (k - 1) + wc + 1}`, cells]);
      }
    }
  }
  return units;
}

/** Throws unless `solution` fills every unit once and keeps the givens of `puzzle`. */
function assertSolves(puzzle, solution, units) {
  const n = Math.round(Math.sqrt(puzzle.length));
  assert.equal(solution.length, n * n, 'solution length');
  [...puzzle].forEach((c, i) => { if (c !== '.') assert.equal(solution[i], c, `the given at cell ${i} is kept`); });
  for (const [name, cells] of units) {
    assert.equal(new Set(cells.map((c) => solution[c])).size, n, `${name} repeats a symbol in ${solution}`);
    assert.ok(cells.every((c) => ALPHABET.indexOf(solution[c]) >= 0 && ALPHABET.indexOf(solution[c]) < n), `${name} is filled`);
  }
}

/**
 * The 9×9 boxes with r1c3 and r2c4 swapped between boxes 1 and 2: a jigsaw of nine regions
 * of nine (columns 1 to 3 then hold region 1 but r2c4, and r1c3: those two cells must hold
 * the same symbol, which they can, sharing no unit).
 */
const SWAPPED = Array.from({ length: 81 }, (_, c) => {
  if (c === 2) return 1;
  if (c === 12) return 0;
  return Math.floor(Math.floor(c / 9) / 3) * 3 + Math.floor((c % 9) / 3);
});

/** Runs `body(engine)` in a blank page with a fresh engine; returns what it returns (plain data). */
async function withEngine(body, arg) {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  try {
    return await page.evaluate(async ({ source, arg }) => {
      const { createEngine } = await import('/www/engine.js');
      const engine = createEngine();
      const run = new Function('engine', 'arg', `return (${source})(engine, arg);`);
      const out = await run(engine, arg);
      engine.terminate();
      return out;
    }, { source: body.toString(), arg });
  } finally {
    assert.deepEqual(page.errors, []);
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------
// engine.js

test('engine: X puzzles from Solo solve with {variant: ["x"]}, and every result carries its layout and ID', async () => {
  const fixtures = soloFixtures('3x3x:').map(({ id, solution }) => ({ line: soloLine(id.split(':')[1], 9), solution }));
  assert.ok(fixtures.length >= 3);
  const results = await withEngine(async (engine, cases) => {
    const plain = (l) => l && { ...l, regions: Array.from(l.regions), windows: Array.from(l.windows), typed: l.regions instanceof Uint8Array && l.windows instanceof Uint8Array };
    const out = [];
    for (const { line } of cases) {
      const solved = await engine.solve(line, { variant: ['x'] });
      const counted = await engine.count(line, 2, { variant: 'x' });
      const read = await engine.read(line, { variant: 'x' });
      out.push({
        status: solved.status, solution: solved.solution, id: solved.id, layout: plain(solved.layout),
        count: counted.count, countLayout: plain(counted.layout), readId: read.id,
      });
    }
    return out;
  }, fixtures);
  results.forEach((r, i) => {
    assert.equal(r.status, 'unique', `Solo's X puzzle ${i + 1} has one solution`);
    assert.equal(r.solution, fixtures[i].solution, "the engine's solution is Solo's");
    assertSolves(fixtures[i].line, r.solution, rulesUnits(9, { x: true }));
    assert.equal(r.count, 1);
    assert.deepEqual(r.layout.variant, ['x']);
    assert.equal(r.layout.diagonals, true);
    assert.equal(r.layout.box, '3x3');
    assert.equal(r.layout.typed, true, 'regions and windows are Uint8Arrays');
    assert.equal(r.layout.regions.length, 81);
    assert.ok(r.layout.windows.every((w) => w === 0), 'no windows in an X grid');
    assert.deepEqual(r.countLayout.variant, ['x']);
    assert.equal(typeof r.id, 'string');
    assert.ok(r.id.length > 0, 'a Solo ID comes with the result');
    assert.equal(r.readId, r.id);
  });
});

test('engine: hint() and rate() take the variant, and name diagonals and windows as units', async () => {
  const [{ id }] = soloFixtures('3x3x:');
  const line = soloLine(id.split(':')[1], 9);
  const r = await withEngine(async (engine, puzzle) => {
    const hint = await engine.hint(puzzle, { variant: 'x' });
    const rated = await engine.rate(puzzle, { variant: 'x' });
    const windoku = await engine.hint('.'.repeat(81), { variant: 'windoku' });
    return {
      hint: hint.status, units: hint.steps?.flatMap((s) => s.units), diagonals: hint.layout?.diagonals,
      rated: rated.status, level: rated.level, variant: rated.layout?.variant, windoku: windoku.status,
    };
  }, line);
  assert.equal(r.hint, 'ok');
  assert.equal(r.diagonals, true);
  for (const u of r.units) assert.ok(['row', 'column', 'box', 'diagonal'].includes(u.kind), `unit kind ${u.kind}`);
  assert.equal(r.rated, 'ok');
  assert.equal(typeof r.level, 'string');
  assert.deepEqual(r.variant, ['x']);
  assert.equal(r.windoku, 'multiple', 'an empty windoku has many solutions');
});

test('engine: windoku and X + windoku grids are filled obeying every window and diagonal', async () => {
  const results = await withEngine(async (engine) => {
    const empty = '.'.repeat(81);
    const out = {};
    for (const variant of [['windoku'], ['x', 'windoku']]) {
      const r = await engine.count(empty, 1, { size: 9, variant });
      out[variant.join('+')] = {
        status: r.status, solution: r.solution, variant: r.layout.variant, diagonals: r.layout.diagonals,
        windows: Array.from(r.layout.windows),
      };
    }
    // 16×16 windoku: nine 4×4 windows.
    const big = await engine.count('.'.repeat(256), 1, { size: 16, variant: 'windoku' });
    out.big = { status: big.status, solution: big.solution, windows: Array.from(big.layout.windows) };
    return out;
  });
  const windoku = results.windoku;
  assert.equal(windoku.status, 'solvable');
  assert.deepEqual(windoku.variant, ['windoku']);
  assert.equal(windoku.diagonals, false);
  assertSolves('.'.repeat(81), windoku.solution, rulesUnits(9, { windoku: true }));
  // The windows the engine hands the page are the ones the rules place.
  for (const [name, cells] of rulesUnits(9, { windoku: true }).filter(([name]) => name.startsWith('window'))) {
    const number = Number(name.split(' ')[1]);
    assert.deepEqual(cells.map((c) => windoku.windows[c]), cells.map(() => number), `${name}'s cells`);
  }
  assert.equal(windoku.windows.filter(Boolean).length, 36, 'four windows of nine cells');
  const both = results['x+windoku'];
  assert.deepEqual(both.variant, ['x', 'windoku']);
  assertSolves('.'.repeat(81), both.solution, rulesUnits(9, { x: true, windoku: true }));
  assert.equal(results.big.status, 'solvable');
  assertSolves('.'.repeat(256), results.big.solution, rulesUnits(16, { windoku: true }));
  assert.equal(results.big.windows.filter(Boolean).length, 9 * 16);
});

test('engine: {regions} makes a plain grid a jigsaw; clashes in a region and bad regions are named', async () => {
  const results = await withEngine(async (engine, regions) => {
    const empty = '.'.repeat(81);
    const filled = await engine.count(empty, 1, { size: 9, regions });
    // r1c3 and r3c1 share box 1 but, with r1c3 moved to region 2, no unit: no clash.
    const moved = `..1${'.'.repeat(15)}1${'.'.repeat(62)}`;
    const apart = await engine.count(moved, 1, { size: 9, regions });
    const boxed = await engine.count(moved, 1, { size: 9 });
    // r1c3 and r2c5 share region 2 now (not a box, row or column).
    const together = await engine.solve(`..1${'.'.repeat(10)}1${'.'.repeat(67)}`, { size: 9, regions });
    const short = await engine.solve(empty, { size: 9, regions: regions.slice(0, 80) });
    const uneven = await engine.solve(empty, { size: 9, regions: [1, ...regions.slice(1)] });
    const refused = await engine.solve(empty, { size: 9, regions: 'abc' });
    return {
      filled: { status: filled.status, solution: filled.solution, layout: { ...filled.layout, regions: Array.from(filled.layout.regions) } },
      apart: apart.status, boxed: boxed.error?.kind,
      together: { status: together.status, kind: together.error?.kind, cells: together.error?.cells },
      short: short.error?.kind, uneven: { kind: uneven.error?.kind, row: uneven.error?.row, column: uneven.error?.column },
      refused: refused.error,
    };
  }, SWAPPED);
  assert.equal(results.filled.status, 'solvable');
  assert.deepEqual(results.filled.layout.variant, ['jigsaw']);
  assert.equal(results.filled.layout.box, '', 'a jigsaw has no box shape');
  assert.equal(new Set(results.filled.layout.regions).size, 9);
  assertSolves('.'.repeat(81), results.filled.solution, rulesUnits(9, { regions: SWAPPED }));
  assert.ok(['none', 'solvable'].includes(results.apart), `no clash: ${results.apart}`);
  assert.equal(results.boxed, 'clash', 'in plain boxes the two 1s clash');
  assert.equal(results.together.status, 'invalid');
  assert.equal(results.together.kind, 'clash');
  assert.deepEqual(results.together.cells, [2, 13]);
  assert.equal(results.short, 'cell-count');
  assert.equal(results.uneven.kind, 'bad-regions');
  assert.ok(results.uneven.row >= 1 && results.uneven.column >= 1, 'bad regions name a cell');
  assert.equal(results.refused.kind, 'invalid-option');
  assert.equal(results.refused.option, 'regions');
});

test('engine: variants that do not fit are refused by kind; the page-side layout mirror agrees with the engine', async () => {
  const { SIDES, boxShapes } = await import('../../www/internal/grid.js');
  const results = await withEngine(async (engine, sides) => {
    const { boxLayout, boxShapes: shapes } = await import('/www/internal/grid.js');
    const differ = [];
    let checked = 0;
    for (const n of sides) {
      for (const box of shapes(n)) {
        const square = box.split('x')[0] === box.split('x')[1];
        for (const variant of [['x'], ...(square && n >= 4 ? [['windoku'], ['x', 'windoku']] : [])]) {
          if (n < 4) continue;
          const answer = await engine.layout({ size: n, box, variant });
          const mine = boxLayout(n, box, variant);
          checked += 1;
          const same = answer.status === 'ok' && mine && answer.layout.box === mine.box
            && answer.layout.diagonals === mine.diagonals && answer.layout.variant.join() === mine.variant.join()
            && answer.layout.regions.every((r, i) => r === mine.regions[i])
            && answer.layout.windows.every((w, i) => w === mine.windows[i]);
          if (!same) differ.push(`${n} ${box} ${variant}`);
        }
      }
    }
    const windokuOnRectangles = await engine.layout({ size: 6, variant: ['windoku'] });
    const jigsawAlone = await engine.layout({ size: 9, variant: 'jigsaw' });
    const solveWindoku6 = await engine.solve('.'.repeat(36), { variant: 'windoku' });
    const unknown = await engine.solve('.'.repeat(81), { variant: 'spiral' });
    const typed = await engine.solve('.'.repeat(81), { variant: 7 });
    const jigsawLine = await engine.solve('.'.repeat(81), { variant: ['jigsaw'] });
    const generated = await engine.generate({ size: 6, variant: ['windoku'] }).then(() => 'made', (e) => e.kind);
    const x1 = await engine.generate({ size: 1, variant: ['x'] }).then(() => 'made', (e) => e.kind);
    return {
      checked, differ, windokuOnRectangles: windokuOnRectangles.error?.kind, jigsawAlone: jigsawAlone.error?.kind,
      solveWindoku6: solveWindoku6.error?.kind, unknown: [unknown.status, unknown.error?.kind, unknown.error?.option],
      typed: [typed.error?.kind, typed.error?.option], jigsawLine: jigsawLine.error?.kind, generated, x1,
    };
  }, SIDES);
  assert.ok(results.checked > SIDES.length, `${results.checked} layouts compared`);
  assert.deepEqual(results.differ, []);
  assert.equal(results.windokuOnRectangles, 'bad-variant');
  assert.equal(results.jigsawAlone, 'bad-variant', 'jigsaw regions come only with a puzzle');
  assert.equal(results.solveWindoku6, 'bad-variant');
  assert.deepEqual(results.unknown, ['invalid', 'bad-option', 'variant']);
  assert.deepEqual(results.typed, ['invalid-option', 'variant']);
  assert.equal(results.jigsawLine, 'bad-variant');
  assert.equal(results.generated, 'bad-variant');
  assert.equal(results.x1, 'bad-variant');
  assert.ok(boxShapes(9).length === 1);
});

test('engine: generate() makes X and windoku puzzles with one solution under their units', async () => {
  const made = await withEngine(async (engine) => {
    const out = [];
    for (const [size, variant] of [[9, ['x']], [9, ['windoku']], [9, ['x', 'windoku']], [6, ['x']]]) {
      const g = await engine.generate({ size, variant, seed: 7 });
      const count = await engine.count(g.puzzle, 2, { size, variant });
      out.push({
        size, variant, puzzle: g.puzzle, solution: g.solution, id: g.id, layout: g.layout.variant,
        diagonals: g.layout.diagonals, windows: Array.from(g.layout.windows).filter(Boolean).length, count: count.count,
      });
    }
    return out;
  });
  for (const m of made) {
    const what = `${m.size}×${m.size} ${m.variant}`;
    assert.deepEqual(m.layout, m.variant, `${what}: the layout names its variants`);
    assert.equal(m.diagonals, m.variant.includes('x'));
    assert.equal(m.windows > 0, m.variant.includes('windoku'));
    assert.equal(m.count, 1, `${what}: one solution`);
    assert.equal(typeof m.id, 'string');
    const box = m.size === 6 ? { rows: 2, columns: 3 } : {};
    assertSolves(m.puzzle, m.solution, rulesUnits(m.size, { ...box, x: m.variant.includes('x'), windoku: m.variant.includes('windoku') }));
  }
});

test('engine: generate() makes jigsaw puzzles with new regions', async () => {
  const made = await withEngine(async (engine) => {
    try {
      const g = await engine.generate({ size: 9, variant: ['jigsaw', 'x'], seed: 3 });
      const count = await engine.count(g.puzzle, 2, { size: 9, variant: ['x'], regions: g.layout.regions });
      return { puzzle: g.puzzle, solution: g.solution, layout: { ...g.layout, regions: Array.from(g.layout.regions) }, count: count.count };
    } catch (err) {
      return { error: { kind: err.kind, message: err.message } };
    }
  });
  assert.equal(made.error, undefined, JSON.stringify(made.error));
  assert.deepEqual(made.layout.variant, ['jigsaw', 'x']);
  assert.equal(made.layout.box, '');
  assert.equal(made.count, 1);
  assertSolves(made.puzzle, made.solution, rulesUnits(9, { regions: made.layout.regions, x: true }));
});

test('engine: a jigsaw on a prime side, which has no boxes, is generated, read back with its regions and solved', async () => {
  const made = await withEngine(async (engine) => {
    const g = await engine.generate({ size: 7, variant: 'jigsaw', seed: 5 });
    const options = { size: 7, regions: g.layout.regions };
    const [count, solved, read] = await Promise.all([
      engine.count(g.puzzle, 2, options), engine.solve(g.puzzle, options), engine.read(g.puzzle, { regions: g.layout.regions }),
    ]);
    const plain = await engine.solve(g.puzzle).catch((err) => ({ error: { kind: err.kind } }));
    // The side alone asks for a jigsaw's game ID of that side; plain cells are counted.
    const byId = await engine.solve(read.id, { size: 7 });
    const sideOnly = await engine.solve(g.puzzle, { size: 7 }).catch((err) => ({ error: { kind: err.kind } }));
    const boxed = await engine.generate({ size: 7 }).catch((err) => ({ error: { kind: err.kind, option: err.option } }));
    return {
      puzzle: g.puzzle, solution: g.solution, layout: { ...g.layout, regions: Array.from(g.layout.regions) },
      count: count.count, solved: solved.solution, read: { size: read.layout.size, id: read.id },
      plain: plain.error?.kind ?? plain.status, boxed: boxed.error, byId: byId.solution, sideOnly: sideOnly.error?.kind ?? 'solved',
    };
  });
  assert.equal(made.layout.size, 7);
  assert.deepEqual(made.layout.variant, ['jigsaw']);
  assert.equal(made.count, 1);
  assert.equal(made.solved, made.solution);
  assertSolves(made.puzzle, made.solution, rulesUnits(7, { regions: made.layout.regions }));
  assert.equal(made.read.size, 7, 'the side comes from the regions');
  assert.match(made.read.id, /^7j:/);
  assert.notEqual(made.plain, 'ok', 'without its regions a 7×7 line is no grid');
  assert.deepEqual(made.boxed, { kind: 'invalid-option', option: 'size' }, 'a 7×7 with boxes is refused by name');
  assert.equal(made.byId, made.solution, 'size 7 reads a 7×7 jigsaw\'s game ID');
  assert.equal(made.sideOnly, 'cell-count', 'size 7 with plain cells asks for the regions');
});

// ---------------------------------------------------------------------------------------
// The page's own modules, in Node

test('peers, clashes, saved games and links use every unit of the layout', () => {
  const x = boxLayout(9, '', ['x']);
  assert.equal(x.diagonals, true);
  assert.ok(peers(0, x).includes(80), 'r1c1 sees r9c9 along the main diagonal');
  assert.ok(!peers(0, boxLayout(9)).includes(80));
  const windoku = boxLayout(9, '', 'windoku');
  assert.ok(peers(10, windoku).includes(30), 'r2c2 sees r4c4 in window 1');
  assert.equal(boxLayout(6, '', ['windoku']), null, 'no windows between 2×3 boxes');
  // Two 5s on the anti-diagonal: a clash in X, none in a plain grid.
  const values = new Uint8Array(81);
  values[8] = 5;
  values[72] = 5;
  assert.deepEqual(findClashes(values, x), [8, 72]);
  assert.deepEqual(findClashes(values, boxLayout(9)), []);

  const jigsaw = layoutFromData({ size: 9, box: '', variant: ['jigsaw'], regions: SWAPPED });
  assert.ok(jigsaw);
  assert.ok(peers(2, jigsaw).includes(13), 'r1c3 sees r2c5 in its region');
  assert.ok(!peers(2, jigsaw).includes(18), 'r1c3 no longer sees r3c1');
  assert.equal(layoutFromData({ size: 9, variant: ['jigsaw'], regions: [1, ...SWAPPED.slice(1)] }), null);

  const game = Game.fromPuzzle(9, fromLine(`..1${'.'.repeat(78)}`).values, jigsaw);
  game.enter(13, 1);
  assert.deepEqual(game.clashes(), [2, 13], 'a clash in a region');
  const copy = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.deepEqual(copy.layout.variant, ['jigsaw']);
  assert.deepEqual(Array.from(copy.layout.regions), SWAPPED, 'a saved jigsaw keeps its regions');
  assert.deepEqual(Game.fromJSON(JSON.parse(JSON.stringify(Game.fromPuzzle(9, values, x).toJSON()))).layout, x);

  const hash = puzzleHash(game.givensLine(), jigsaw);
  assert.match(hash, /variant=jigsaw/);
  assert.deepEqual(Array.from(parseHash(hash).puzzle.layout.regions), SWAPPED, 'a link carries the regions');
  assert.equal(parseHash(puzzleHash('.'.repeat(81), x)).puzzle.layout, x);
  assert.deepEqual(parseHash('#size=9&seed=4&symmetry=none&variant=x,windoku').generate.variant, ['x', 'windoku']);
  assert.equal(parseHash('#size=6&seed=4&symmetry=none&variant=windoku'), null, 'no windoku on 2×3 boxes');
  // A level search's seed makes its puzzle again only with the level: the link keeps it.
  const easy = generatedHash({ size: 9, variant: ['x'], seed: 5, symmetry: 'none', difficulty: 'easy' });
  assert.equal(parseHash(easy).generate.difficulty, 'easy');
  assert.equal(parseHash(generatedHash({ size: 9, seed: 5, symmetry: 'none', difficulty: 'hardest' })).generate.difficulty, undefined);

  // What "complete" and a clash say names the layout's units.
  assert.equal(unitKindWords(boxLayout(9)), 'row, column and box');
  assert.equal(unitKindWords(x), 'row, column, box and diagonal');
  assert.equal(unitKindWords(windoku), 'row, column, box and window');
  assert.equal(unitKindWords(jigsaw), 'row, column and region');
});

test('a jigsaw of a side with no boxes reads, saves and links with its regions, and only with them', () => {
  // The sides with no boxes, worked out here: the primes from 5 to 61.
  const primes = [];
  for (let n = 5; n <= 64; n++) if (![...Array(n).keys()].slice(2).some((d) => n % d === 0)) primes.push(n);
  assert.deepEqual(JIGSAW_ONLY_SIDES, primes);
  assert.ok(primes.every((n) => !isSide(n)));

  // A 7×7 of bands: region r holds row r's first four cells and the next row's last three
  // (the last region wraps to the top), so rows and regions differ.
  const n = 7;
  const regions = Array.from({ length: n * n }, (_, c) => (Math.floor(c / n) + (c % n >= 4 ? n - 1 : 0)) % n);
  const line = `1${'.'.repeat(n * n - 1)}`;
  assert.equal(fromLine(line), null, 'a plain 49-cell line is no grid with boxes');
  assert.equal(fromLine(line, { jigsaw: true }).size, 7);
  const layout = layoutFromData({ size: n, variant: ['jigsaw'], regions });
  assert.ok(layout, 'seven regions of seven cells');
  const game = Game.fromPuzzle(n, fromLine(line, { jigsaw: true }).values, layout);
  game.enter(n + 6, 1); // r2c7: in region 0 with r1c1 (rows 1 and 2 share it), another row and column
  assert.deepEqual(game.clashes(), [0, n + 6], 'a clash in a region');
  game.enter(n + 6, 0);
  game.enter(2 * n + 6, 1); // r3c7: region 1, another row and column than r1c1
  assert.deepEqual(game.clashes(), []);
  const copy = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.equal(copy?.size, 7, 'a saved 7×7 jigsaw reads back');
  assert.deepEqual(Array.from(copy.layout.regions), regions);
  const withoutRegions = { ...JSON.parse(JSON.stringify(game.toJSON())), regions: undefined };
  assert.equal(Game.fromJSON(withoutRegions), null, 'without its regions a 7×7 save is no game');

  const hash = puzzleHash(game.givensLine(), layout);
  assert.deepEqual(Array.from(parseHash(hash).puzzle.layout.regions), regions, 'a link keeps the regions');
  assert.equal(parseHash(`#p=${line}`), null, 'a 7×7 link without regions names nothing');
  const made = parseHash(generatedHash({ size: 7, variant: ['jigsaw', 'x'], seed: 9, symmetry: 'none' }));
  assert.deepEqual(made.generate, { size: 7, box: '', seed: 9, symmetry: 'none', variant: ['jigsaw', 'x'] });
  assert.equal(parseHash('#size=7&seed=9&symmetry=none'), null, 'a 7×7 is made only as a jigsaw');
  assert.equal(parseHash('#size=7&seed=9&symmetry=none&variant=jigsaw,windoku'), null, 'no windows without boxes');
  assert.equal(parseHash('#size=7&variant=jigsaw'), null, 'no blank jigsaw: its regions come with a puzzle');

  // Marks need a raster with room for every symbol, however the side factors.
  for (let side = 4; side <= 64; side++) {
    const { rows, columns } = markShape(side);
    assert.ok(rows * columns >= side && columns >= rows && rows * columns < side + columns, `${side}: ${rows}×${columns}`);
  }
  // While a link's 11×11 jigsaw is made, the board stands in with rows for regions.
  const pending = pendingLayout(11, '', ['jigsaw', 'x']);
  assert.deepEqual(pending.variant, ['jigsaw', 'x']);
  assert.equal(pending.diagonals, true);
  assert.deepEqual(peers(0, pending).filter((c) => c < 11), [...Array(10).keys()].map((i) => i + 1));
  assert.equal(pending.pending, true, 'drawn without region borders');
});

// ---------------------------------------------------------------------------------------
// The app

const openApp = (hash = '') => openAppAt(env, hash);
const gridText = (page) => page.$eval('#grid', (c) => c.dataset.grid);
const givensText = (page) => page.$eval('#grid', (c) => c.dataset.givens);
const statusText = (page) => page.textContent('#status');
const idle = (page) => page.waitForFunction(() => !document.body.dataset.busy);

/** Picks the generate form's fields ({select id: value}, in order) and seed, and generates. */
async function generateInApp(page, fields, seed) {
  for (const [id, value] of Object.entries(fields)) await page.selectOption(`#${id}`, value);
  await page.fill('#seed', String(seed));
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
}

/** A new page at a generated puzzle's link, once it has made the puzzle again. */
async function reopenGenerated(url) {
  const again = await openPage(env.browser, url);
  await again.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  return again;
}

for (const [variant, label, units] of [['x', 'X', { x: true }], ['windoku', 'Windoku', { windoku: true }]]) {
  test(`app: a ${label} puzzle from the form solves under its ${variant === 'x' ? 'diagonals' : 'windows'}, and its link makes it again`, async () => {
    const page = await openApp();
    await generateInApp(page, { size: '9', variant }, 21);
    assert.match(await statusText(page), new RegExp(`Generated 9×9 ${variant === 'x' ? 'X' : 'windoku'},`), 'the summary names the variant');
    assert.match(page.url(), new RegExp(`variant=${variant}`));
    const puzzle = await givensText(page);
    await page.click('#solve');
    await idle(page);
    assert.match(await statusText(page), /exactly one solution/);
    assertSolves(puzzle, await gridText(page), rulesUnits(9, units));
    const url = page.url();
    assert.deepEqual(page.errors, []);
    await page.close();
    const again = await reopenGenerated(url);
    assert.equal(await givensText(again), puzzle);
    assert.equal(await again.inputValue('#variant'), variant);
    await again.close();
  });
}

test('app: an Easy X puzzle is made at once, and its link, which keeps the level, makes it again', async () => {
  const page = await openApp();
  await generateInApp(page, { size: '9', variant: 'x', difficulty: 'easy' }, 12);
  assert.match(await statusText(page), /Generated 9×9 X,.*Easy/);
  assert.match(page.url(), /difficulty=easy/);
  const puzzle = await givensText(page);
  const url = page.url();
  assert.deepEqual(page.errors, []);
  await page.close();
  const again = await reopenGenerated(url);
  assert.equal(await givensText(again), puzzle);
  assert.equal(await again.inputValue('#difficulty'), 'easy');
  await again.close();
});

test('app: a Jigsaw puzzle from the form has one solution, and its link makes the same regions again', async () => {
  const page = await openApp();
  await generateInApp(page, { size: '9', variant: 'jigsaw' }, 8);
  assert.match(await statusText(page), /Generated 9×9 jigsaw,/, 'the summary names the variant');
  assert.match(page.url(), /variant=jigsaw/);
  const puzzle = await givensText(page);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  const solution = await gridText(page);
  assert.equal(solution.length, 81);
  assert.ok(!solution.includes('.'));
  const url = page.url();
  assert.deepEqual(page.errors, []);
  await page.close();
  const again = await reopenGenerated(url);
  assert.equal(await givensText(again), puzzle);
  await again.click('#solve');
  await idle(again);
  assert.equal(await gridText(again), solution, 'the same regions give the same solution');
  await again.close();
});

test('app: the Variant field offers only what the size and boxes admit', async () => {
  const page = await openApp();
  const offered = () => page.$$eval('#variant option', (o) => o.map((x) => x.value));
  const killers = ['killer', 'x,killer', 'jigsaw,killer', 'jigsaw,x,killer'];
  await page.selectOption('#size', '9');
  assert.deepEqual(await offered(), ['', 'x', 'windoku', 'jigsaw', 'x,windoku', 'jigsaw,x', ...killers]);
  await page.selectOption('#size', '6');
  assert.deepEqual(await offered(), ['', 'x', 'jigsaw', 'jigsaw,x', ...killers], 'no windows between 2×3 boxes');
  await page.selectOption('#size', '12');
  assert.deepEqual(await offered(), ['', 'x', 'jigsaw', 'jigsaw,x'], 'killers only up to 9×9, and 16×16');
  await page.selectOption('#size', '25');
  assert.deepEqual(await offered(), ['', 'x', 'windoku', 'jigsaw', 'x,windoku', 'jigsaw,x']);
  await page.selectOption('#variant', 'x,windoku');
  await page.selectOption('#size', '36');
  assert.deepEqual(await offered(), ['', 'x', 'windoku', 'jigsaw', 'jigsaw,x'], 'X + windoku only up to 25×25');
  assert.equal(await page.$eval('#variant', (s) => s.value), '', 'a choice that no longer fits becomes Classic');
  // Minimal stands for 36×36, but not for a windoku (its proof takes minutes there).
  const minimalOff = () => page.$eval('#minimal', (m) => m.disabled);
  assert.equal(await minimalOff(), false);
  await page.selectOption('#variant', 'windoku');
  assert.equal(await minimalOff(), true, 'no minimal 36×36 windoku');
  await page.selectOption('#size', '25');
  assert.equal(await minimalOff(), false, 'a minimal 25×25 windoku');
  // A symmetry a jigsaw turned off comes back with a variant that allows it.
  const symmetry = () => page.$eval('#symmetry', (s) => s.value);
  await page.selectOption('#size', '9');
  await page.selectOption('#symmetry', 'rot90');
  await page.selectOption('#variant', 'jigsaw');
  assert.equal(await symmetry(), 'none', 'a random jigsaw has no symmetry');
  await page.selectOption('#variant', 'x');
  assert.equal(await symmetry(), 'rot90', 'the symmetry chosen before comes back');
  await page.selectOption('#variant', 'jigsaw');
  await page.selectOption('#size', '6');
  await page.selectOption('#variant', '');
  assert.equal(await symmetry(), 'rot180', 'a quarter turn does not fit 2×3 boxes');
  await page.selectOption('#symmetry', 'mirror');
  await page.selectOption('#size', '9');
  assert.equal(await symmetry(), 'mirror', 'a choice made since stays');
  await page.selectOption('#size', '1');
  assert.deepEqual(await offered(), ['']);
  await page.close();
});

test('app: a typed clash on a diagonal is named by its unit', async () => {
  const page = await openApp('#size=9&variant=x');
  await page.waitForFunction(() => document.getElementById('grid').dataset.grid?.length === 81);
  await page.focus('#grid');
  await page.keyboard.press('Control+Home'); // selects r1c1
  await page.keyboard.type('5');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('5');
  await page.waitForFunction(() => /already in the main diagonal/.test(document.getElementById('status').textContent));
  await page.close();
});

test('app: a pasted Solo jigsaw ID opens with its regions and is solved', async () => {
  const [{ id, solution }] = soloFixtures('9j:');
  const page = await openApp();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.evaluate((text) => navigator.clipboard.writeText(text), id);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => /Loaded|not a valid puzzle/.test(document.getElementById('status').textContent));
  const said = await statusText(page);
  assert.match(said, /Loaded a 9×9/);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  assert.equal(await gridText(page), solution, "the engine's solution is Solo's");
  assert.match(page.url(), /variant=jigsaw.*regions=/);
  await page.close();
});

/** The regions of the game the app saved last, from its recent games in localStorage. */
async function savedRegions(page) {
  const text = await page.evaluate(() => JSON.parse(localStorage.getItem('sudoku64.games'))[0].game.regions);
  return Array.from(text, (c) => ALPHABET.indexOf(c));
}

/**
 * The symbols an SVG grid draws, in cell order: its <text> runs ({x: 'x1 x2 …', y, text},
 * one x per glyph) put in order by y, then x.
 */
function svgGrid(runs) {
  const glyphs = runs.flatMap(({ x, y, text }) => x.trim().split(/\s+/).map((at, i) => ({ x: Number(at), y: Number(y), c: text[i] })));
  return glyphs.sort((a, b) => a.y - b.y || a.x - b.x).map((g) => g.c).join('');
}

/** Reads a download's bytes. */
async function downloadText(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

test('app: a 7×7 jigsaw from the form has one solution; its link, a puzzle link, Print and the exports keep its regions', async () => {
  const page = await openApp();
  const offered = () => page.$$eval('#variant option', (o) => o.map((x) => x.value));
  await page.selectOption('#size', '9');
  await page.selectOption('#variant', 'x');
  await page.selectOption('#size', '7');
  assert.deepEqual(await offered(), ['jigsaw', 'jigsaw,x', 'jigsaw,killer', 'jigsaw,x,killer'], 'a side with no boxes is a jigsaw or nothing');
  assert.equal(await page.inputValue('#variant'), 'jigsaw,x', 'X becomes Jigsaw + X');
  assert.ok(await page.$eval('#box-field', (f) => f.hidden), 'no boxes to choose');
  await page.click('#blank');
  assert.match(await statusText(page), /7×7 grid has no boxes, so it is a jigsaw/);
  assert.equal((await gridText(page)).length, 81, 'the 9×9 stays');

  await generateInApp(page, { size: '7', variant: 'jigsaw' }, 4);
  assert.match(await statusText(page), /Generated 7×7 jigsaw,/);
  assert.match(page.url(), /size=7&.*variant=jigsaw/);
  const puzzle = await givensText(page);
  assert.equal(puzzle.length, 49);
  const regions = await savedRegions(page);
  assert.equal(regions.length, 49);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  const solution = await gridText(page);
  assertSolves(puzzle, solution, rulesUnits(7, { regions }));

  // Print this puzzle: the sheet and its answer, with the regions' borders.
  const [print] = await Promise.all([page.waitForEvent('popup'), page.click('#print-this')]);
  const printErrors = [];
  print.on('pageerror', (err) => printErrors.push(err));
  await print.waitForFunction(() => document.getElementById('sheets').dataset.pages);
  assert.match(await print.textContent('#status'), /Your 7×7 jigsaw puzzle and its answer/);
  assert.deepEqual(await print.$$eval('#sheets svg', (svgs) => svgs.map((x) => x.dataset.kind)), ['puzzles', 'answers']);
  const answer = await print.$$eval('#sheets svg[data-kind="answers"] .grid text',
    (texts) => texts.map((t) => ({ x: t.getAttribute('x'), y: t.getAttribute('y'), text: t.textContent })));
  assert.equal(svgGrid(answer), solution, 'the answer key is the solution');
  assert.equal(await print.inputValue('#size'), '7');
  assert.equal(await print.inputValue('#variant'), 'jigsaw');
  assert.deepEqual(printErrors, []);
  await print.close();
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#save-png')]);
  assert.match(png.suggestedFilename(), /^sudoku64-7x7.*\.png$/);
  assert.deepEqual([...(await downloadText(png)).subarray(1, 4)], [...Buffer.from('PNG')]);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg')]);
  const svgText = (await downloadText(svg)).toString('utf8');
  const runs = [...svgText.matchAll(/<text x="([^"]*)" y="([^"]*)"[^>]*>([^<]+)<\/text>/g)]
    .map(([, x, y, text]) => ({ x, y, text }));
  assert.equal(svgGrid(runs), solution, 'every cell of the solved 7×7 is drawn in its place');
  const url = page.url();
  // A reload reopens the saved game, solved as it was, on its regions.
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await gridText(page), solution);
  assert.equal(await givensText(page), puzzle);
  assert.deepEqual(await savedRegions(page), regions);
  assert.deepEqual(page.errors, []);
  await page.close();

  // The generated link makes the same puzzle, on the same regions, again.
  const again = await reopenGenerated(url);
  assert.equal(await givensText(again), puzzle);
  assert.equal(await again.inputValue('#size'), '7');
  assert.equal(await again.inputValue('#variant'), 'jigsaw');
  assert.deepEqual(await savedRegions(again), regions);
  await again.close();

  // A puzzle link (as a game played a while has) carries the regions itself.
  const link = puzzleHash(puzzle, layoutFromData({ size: 7, variant: ['jigsaw'], regions }));
  const opened = await openApp(link);
  await opened.waitForFunction(() => /Opened a 7×7/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(opened), puzzle);
  await opened.click('#solve');
  await idle(opened);
  assert.equal(await gridText(opened), solution);
  assert.deepEqual(opened.errors, []);
  await opened.close();
});

test('app: a pasted f-puzzles link of a 7×7 jigsaw X opens, solves, and Copy writes its Solo ID', async () => {
  // tests/data/links.txt: `ok LINK ID SOLUTION`, the ID and solution as the generator printed them.
  const [link, id, solution] = readFileSync(`${ROOT}/tests/data/links.txt`, 'utf8').split('\n')
    .map((line) => line.split(' ')).find(([kind, , soloId]) => kind === 'ok' && soloId?.startsWith('7jx:')).slice(1);
  const page = await openApp();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.fill('#puzzle-text', link);
  await page.click('#load');
  await page.waitForFunction(() => /Loaded|not a valid puzzle/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /Loaded a 7×7 puzzle/);
  assert.match(page.url(), /variant=jigsaw(,|%2C)x&regions=/);
  assert.equal(await page.inputValue('#size'), '7');
  assert.equal(await page.inputValue('#variant'), 'jigsaw,x');
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  assert.equal(await gridText(page), solution);
  // Copy keeps the layout: the solved grid as a 7jx game ID, which reads back to it.
  await page.click('#copy');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /Solo game ID/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^7jx:/);
  assert.equal(copied.split(',')[1], id.split(',')[1], 'the same regions as the fixture');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('app: a plain 49-cell line says it needs regions; a 61×61 jigsaw shows progress and can be cancelled', async () => {
  const page = await openApp();
  await page.fill('#puzzle-text', `1${'.'.repeat(48)}`);
  await page.click('#load');
  await page.waitForFunction(() => /not a valid puzzle/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /49 cells make a 7×7 grid, which needs jigsaw regions/);
  assert.equal((await gridText(page)).length, 81, 'the 9×9 stays');

  await page.selectOption('#size', '61');
  assert.equal(await page.inputValue('#variant'), 'jigsaw');
  await page.click('#generate');
  await page.waitForFunction(() => !document.getElementById('progress-row').hidden);
  assert.match(await statusText(page), /Generating a 61×61 jigsaw puzzle/);
  await page.click('#cancel');
  await page.waitForFunction(() => /Cancelled/.test(document.getElementById('status').textContent));
  await idle(page);
  assert.ok(await page.$eval('#progress-row', (r) => r.hidden));
  assert.equal((await gridText(page)).length, 81, 'the game being played stays');
  // The engine answers again at once.
  await generateInApp(page, { size: '5', variant: 'jigsaw' }, 2);
  assert.match(await statusText(page), /Generated 5×5 jigsaw/);
  assert.deepEqual(page.errors, []);
  await page.close();

  // A link's 61×61 cancelled: no grid of that side exists without its regions, so a 9×9 comes instead.
  const linked = await openApp('#size=61&seed=1&symmetry=none&variant=jigsaw');
  await linked.waitForFunction(() => !document.getElementById('progress-row').hidden);
  assert.equal((await gridText(linked)).length, 61 * 61, 'a blank 61×61 stands in while it is made');
  await linked.click('#cancel');
  await linked.waitForFunction(() => /Cancelled/.test(document.getElementById('status').textContent));
  assert.match(await statusText(linked), /61×61 jigsaw was not made.*blank 9×9/);
  assert.equal((await gridText(linked)).length, 81);
  assert.match(linked.url(), /#size=9$/);
  assert.deepEqual(linked.errors, []);
  await linked.close();
});

// ---------------------------------------------------------------------------------------
// The widget

test('widget: variant="x" and variant="windoku" generate, solve under their units, and report the variant', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const results = await page.evaluate(async () => {
    await import('/www/widget.js');
    const out = [];
    for (const variant of ['x', 'windoku', 'x windoku']) {
      const widget = document.createElement('sudoku-widget');
      widget.setAttribute('variant', variant);
      widget.setAttribute('seed', '5');
      document.body.append(widget);
      await widget.whenLoaded();
      const puzzle = widget.value;
      const solved = await widget.solve();
      out.push({ variant, reported: widget.variant, puzzle, status: solved.status, value: widget.value, layout: solved.layout.variant });
    }
    return out;
  });
  for (const r of results) {
    assert.equal(r.reported, r.variant);
    assert.deepEqual(r.layout, r.variant.split(' '));
    assert.equal(r.status, 'unique');
    assertSolves(r.puzzle, r.value, rulesUnits(9, { x: r.variant.includes('x'), windoku: r.variant.includes('windoku') }));
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('widget: its puzzle attribute reads an X grid with variant, and a bad variant names the attribute', async () => {
  const [{ id, solution }] = soloFixtures('3x3x:');
  const line = soloLine(id.split(':')[1], 9);
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async (puzzle) => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('variant', 'x');
    widget.setAttribute('puzzle', puzzle);
    document.body.append(widget);
    await widget.whenLoaded();
    const solved = await widget.solve();
    const bad = document.createElement('sudoku-widget');
    const error = new Promise((resolve) => bad.addEventListener('error', (e) => resolve(e.detail)));
    bad.setAttribute('variant', 'spiral');
    document.body.append(bad);
    const windoku = document.createElement('sudoku-widget');
    const refused = new Promise((resolve) => windoku.addEventListener('error', (e) => resolve(e.detail)));
    windoku.setAttribute('size', '6');
    windoku.setAttribute('variant', 'windoku');
    document.body.append(windoku);
    return { status: solved.status, value: widget.value, variant: widget.variant, error: await error, refused: await refused };
  }, line);
  assert.equal(result.status, 'unique');
  assert.equal(result.value, solution);
  assert.equal(result.variant, 'x');
  assert.equal(result.error.attribute, 'variant');
  assert.equal(result.refused.kind, 'bad-variant');
  assert.equal(result.refused.attribute, 'variant');
  await page.close();
});

test('widget: size="7" variant="jigsaw" makes a 7×7 jigsaw, its ID shows it again, and size="7" alone is refused', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async () => {
    await import('/www/widget.js');
    const made = document.createElement('sudoku-widget');
    made.setAttribute('size', '7');
    made.setAttribute('variant', 'jigsaw');
    made.setAttribute('seed', '3');
    document.body.append(made);
    await made.whenLoaded();
    const puzzle = made.value;
    const solved = await made.solve();
    const shown = document.createElement('sudoku-widget');
    shown.setAttribute('puzzle', solved.id);
    document.body.append(shown);
    await shown.whenLoaded();
    const bad = document.createElement('sudoku-widget');
    const refused = new Promise((resolve) => bad.addEventListener('error', (e) => resolve(e.detail)));
    bad.setAttribute('size', '7');
    document.body.append(bad);
    return {
      puzzle, status: solved.status, value: made.value, id: solved.id, layout: { ...solved.layout, regions: Array.from(solved.layout.regions) },
      shown: shown.value, refused: await refused, canvas: made.shadowRoot.querySelector('canvas')?.width ?? 0,
    };
  });
  assert.equal(result.puzzle.length, 49);
  assert.equal(result.status, 'unique');
  assert.match(result.id, /^7j:/);
  assert.deepEqual(result.layout.variant, ['jigsaw']);
  assertSolves(result.puzzle, result.value, rulesUnits(7, { regions: result.layout.regions }));
  assert.equal(result.shown, result.puzzle, 'puzzle="7j:…" shows the same givens');
  assert.ok(result.canvas > 0, 'the grid is drawn');
  assert.equal(result.refused.attribute, 'size');
  assert.match(result.refused.message, /no boxes.*variant="jigsaw"/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---------------------------------------------------------------------------------------
// Print

test('print: the app sends the layout, and the sheet draws diagonals, windows and region borders', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const svg = await page.evaluate(async (regions) => {
    const { gridSvg } = await import('/www/internal/sheet.js');
    const { boxLayout, layoutFromData } = await import('/www/internal/grid.js');
    const line = '.'.repeat(81);
    const at = { x: 0, y: 0, side: 90 };
    return {
      plain: gridSvg(line, at),
      x: gridSvg(line, { ...at, layout: boxLayout(9, '', ['x']) }),
      windoku: gridSvg(line, { ...at, layout: boxLayout(9, '', ['windoku']) }),
      jigsaw: gridSvg(line, { ...at, layout: layoutFromData({ size: 9, variant: ['jigsaw'], regions }) }),
    };
  }, SWAPPED);
  assert.ok(!/diagonals|windows/.test(svg.plain));
  assert.match(svg.x, /class="diagonals"/);
  assert.match(svg.windoku, /class="windows"/);
  // The jigsaw's first row: thick after r1c2 (region 1 | region 2) where the boxes had it after r1c3.
  const thick = svg.jigsaw.match(/<path d="([^"]*)" stroke="#000"/)[1];
  assert.ok(thick.includes('M20 0v10'), `a thick line after r1c2: ${thick.slice(0, 80)}`);
  await page.close();

  const print = await openPage(env.browser, `${env.server.origin}/print.html?puzzle=${'.'.repeat(80)}1&variant=x`);
  await print.waitForFunction(() => document.getElementById('sheets')?.dataset.pages);
  assert.ok(await print.$('#sheets .diagonals'), 'the printed sheet draws the diagonals');
  assert.equal(await print.inputValue('#variant'), 'x');
  await print.close();
});

test('print: a set of 7×7 jigsaws is offered and made, each grid with its region borders, and keeps its form in the address', async () => {
  const print = await openPage(env.browser, `${env.server.origin}/print.html`);
  await print.selectOption('#size', '11');
  assert.deepEqual(await print.$$eval('#variant option', (o) => o.map((x) => x.value)), ['jigsaw', 'jigsaw,x']);
  assert.equal(await print.inputValue('#symmetry'), 'none', 'random regions have no symmetry');
  await print.selectOption('#size', '7');
  await print.fill('#count', '2');
  await print.fill('#seed', '3');
  await print.click('#make');
  await print.waitForFunction(() => document.getElementById('sheets')?.dataset.pages);
  assert.match(await print.textContent('#status'), /^2 7×7 jigsaw puzzles from first seed 3/);
  const captions = await print.$$eval('#sheets svg[data-kind="puzzles"] text', (t) => t.map((x) => x.textContent).join(' '));
  assert.match(captions, /7×7 jigsaw/);
  // Each grid draws region borders inside its frame: thick strokes beyond the frame's four sides.
  const thick = await print.$$eval('#sheets svg[data-kind="puzzles"] .grid path[stroke="#000"]', (p) => p.map((x) => x.getAttribute('d')));
  assert.equal(thick.length, 2);
  for (const d of thick) assert.ok(d.split('M').length - 1 > 4, `region borders are drawn: ${d.slice(0, 80)}`);
  const query = new URL(print.url()).searchParams;
  assert.equal(query.get('size'), '7');
  assert.equal(query.get('variant'), 'jigsaw');
  assert.equal(query.has('box'), false);
  assert.deepEqual(print.errors, []);
  await print.close();
});
