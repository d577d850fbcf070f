// Hints, grades and generation by difficulty, through every layer (page -> engine.js ->
// worker -> wasm logic solver) and in the app (Hint, Apply, Candidates). Answers are
// checked against the engine's own solution and the rules, never hard-coded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import { fromLine, peers } from '../../www/internal/grid.js';
import { shortcutAction } from '../../www/internal/input.js';

// magictour top1465 #1: one solution, and hard enough to need more than singles.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
// From the Sudoku players' forum's hardest list: its first hint needs forcing chains.
const HARDEST = '........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.';
// The 25th of magictour's top1465 after its first three placements: the next hint goes
// through an AIC with a group of two cells.
const GROUPED = '....4...1.3.6.....8........1.9.75.........87....2......7....26.5..394......7..3..';
const MULTIPLE = `123456789${'.'.repeat(72)}`;
const NONE = '12345678.........9' + '.'.repeat(63);
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme', 'diabolical'];

test('Candidates marks each empty cell with the symbols no peer holds, in one undo', () => {
  const game = Game.fromPuzzle(4, fromLine('12..............').values);
  game.fillCandidates();
  for (let cell = 0; cell < 16; cell++) {
    if (game.values[cell]) {
      assert.equal(game.pencil[cell], null);
      continue;
    }
    const taken = new Set(peers(cell, 4).map((p) => game.values[p]));
    assert.deepEqual(game.pencil[cell], [1, 2, 3, 4].filter((v) => !taken.has(v)), `cell ${cell}`);
  }
  game.undo();
  assert.ok(game.pencil.every((m) => m === null));
});

test('applying steps removes their candidates and places their symbols, in one undo', () => {
  const game = Game.fromPuzzle(4, fromLine('12..............').values);
  game.fillCandidates();
  const before = game.pencil.map((m) => m && [...m]);
  game.applySteps([
    { eliminations: [{ cell: 4, value: 4 }], placements: [] },
    { eliminations: [], placements: [{ cell: 2, value: 3 }] },
  ]);
  assert.equal(game.values[2], 3);
  assert.ok(!game.pencil[4]?.includes(4), 'the eliminated mark is gone');
  for (const peer of peers(2, 4)) assert.ok(!game.pencil[peer]?.includes(3), `peer ${peer} lost its 3`);
  assert.equal(game.applySteps([{ placements: [{ cell: 0, value: 4 }] }]), null, 'a given never changes');
  game.undo();
  assert.equal(game.values[2], 0);
  assert.deepEqual(game.pencil, before);
  assert.equal(shortcutAction({ key: '˙', code: 'KeyH', altKey: true }), 'hint');
  assert.equal(shortcutAction({ key: 'å', code: 'KeyA', altKey: true }), 'apply');
});

const env = withBrowser();

async function enginePage() {
  return openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
}

test('engine.hint explains a sound step, and says none / multiple / invalid', async () => {
  const page = await enginePage();
  const r = await page.evaluate(async ({ UNIQUE, HARDEST, GROUPED, MULTIPLE, NONE }) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    return {
      solved: await engine.solve(UNIQUE),
      hint: await engine.hint(UNIQUE),
      hardest: await engine.hint(HARDEST),
      grouped: await engine.hint(GROUPED),
      multiple: await engine.hint(MULTIPLE),
      none: await engine.hint(NONE),
      invalid: await engine.hint('12345'),
      clash: await engine.hint(`5...5${'.'.repeat(76)}`),
    };
  }, { UNIQUE, HARDEST, GROUPED, MULTIPLE, NONE });
  const solution = fromLine(r.solved.solution).values;
  assert.equal(r.hint.status, 'ok');
  const steps = r.hint.steps;
  assert.ok(steps.length >= 1);
  const last = steps.at(-1);
  assert.ok(last.placements.length >= 1, 'the last step places a symbol');
  for (const step of steps) {
    assert.ok(step.text.length > 10 && step.name && step.technique, JSON.stringify(step));
    for (const { cell, value } of step.placements) assert.equal(value, solution[cell], step.text);
    for (const { cell, value } of step.eliminations) assert.notEqual(value, solution[cell], step.text);
    if (step !== last) assert.equal(step.placements.length, 0);
  }
  assert.equal(r.multiple.status, 'multiple');
  assert.equal(r.multiple.error.kind, 'multiple-solutions');
  // The first hint of one of the forum's hardest needs forcing chains: they carry links.
  assert.equal(r.hardest.status, 'ok');
  const chains = r.hardest.steps.filter((s) => s.links.length > 0);
  assert.ok(chains.length > 0, 'a step with links');
  for (const step of [...steps, ...r.hardest.steps]) {
    assert.ok(step.focus.startsWith('Look at '), step.focus);
    assert.ok(Array.isArray(step.links), step.text);
    for (const link of step.links) {
      assert.equal(typeof link.strong, 'boolean');
      for (const node of [link.from, link.to]) {
        assert.ok(node.symbol >= 1 && node.symbol <= 9, JSON.stringify(link));
        assert.ok(node.cells.length >= 1 && node.cells.every((c) => c >= 0 && c < 81), JSON.stringify(link));
      }
    }
  }
  // A chain through a group of cells crosses the worker as one node of several cells.
  assert.equal(r.grouped.status, 'ok');
  const aic = r.grouped.steps.find((s) => s.technique === 'aic');
  assert.ok(aic, 'an AIC step');
  assert.ok(aic.links.some((l) => l.to.cells.length > 1), JSON.stringify(aic.links));
  for (let i = 1; i < aic.links.length; i++) {
    assert.deepEqual(aic.links[i].from, aic.links[i - 1].to, 'the links follow on');
    assert.notEqual(aic.links[i].strong, aic.links[i - 1].strong, 'strong and weak in turn');
  }
  assert.ok(chains.every((s) => ['forcing-chain', 'forcing-net', 'x-chain', 'xy-chain', 'aic', 'simple-colouring'].includes(s.technique)));
  assert.equal(r.none.status, 'none');
  assert.equal(r.invalid.status, 'invalid');
  assert.equal(r.clash.status, 'invalid');
  assert.deepEqual(r.clash.error.cells, [0, 4]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('engine.rate grades, and generate({difficulty}) finds that level with a seed that regenerates it', async () => {
  const page = await enginePage();
  const r = await page.evaluate(async ({ UNIQUE }) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const made = await engine.generate({ size: 9, seed: 11, difficulty: 'medium' });
    return {
      rate: await engine.rate(UNIQUE),
      made,
      regraded: await engine.rate(made.puzzle),
      again: await engine.generate({ size: 9, seed: made.seed }),
      plain: await engine.generate({ size: 9, seed: 11 }),
      bad: await engine.generate({ size: 9, difficulty: 'impossible' }).then(() => 'resolved', (e) => e.kind),
    };
  }, { UNIQUE });
  assert.equal(r.rate.status, 'ok');
  assert.ok(LEVELS.includes(r.rate.level), r.rate.level);
  assert.notEqual(r.rate.level, 'easy', 'top1465 #1 needs more than singles');
  assert.ok(r.rate.score > 0 && r.rate.steps > 0);
  assert.equal(r.made.level, 'medium');
  assert.equal(r.made.difficultyReached, true);
  assert.equal(r.regraded.level, 'medium');
  assert.equal(r.regraded.score, r.made.score);
  assert.equal(r.again.puzzle, r.made.puzzle, 'the reported seed regenerates the puzzle');
  assert.equal(r.plain.level, undefined, 'no grade unless asked');
  assert.equal(r.bad, 'bad-option');
  await page.close();
});

test('engine.hint and engine.rate can leave out the techniques that assume one solution', async () => {
  const page = await enginePage();
  const r = await page.evaluate(async ({ UNIQUE }) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    // Hint after hint to the solution, placing what each hint places.
    const walk = async (options) => {
      let line = UNIQUE;
      const used = new Set();
      for (let i = 0; i < 100 && line.includes('.'); i++) {
        const h = await engine.hint(line, options);
        if (h.status !== 'ok') return { status: h.status };
        const cells = line.split('');
        for (const step of h.steps) {
          used.add(step.technique);
          for (const { cell, value } of step.placements) cells[cell] = String(value);
        }
        line = cells.join('');
      }
      return { used: [...used], solved: !line.includes('.') };
    };
    return {
      with: await walk({}),
      without: await walk({ uniqueness: false }),
      rated: await engine.rate(UNIQUE, { uniqueness: false }),
      bad: await engine.rate(UNIQUE, { uniqueness: 'no' }),
      nullOptions: [(await engine.hint(UNIQUE, null)).status, (await engine.rate(UNIQUE, null)).status],
    };
  }, { UNIQUE });
  const assumes = (ids) => ids.filter((id) => id.startsWith('unique-rectangle') || id === 'bug-plus-one');
  assert.ok(assumes(r.with.used).length > 0, `top1465 #1 uses them by default: ${r.with.used}`);
  assert.equal(r.without.solved, true);
  assert.deepEqual(assumes(r.without.used), [], 'none without them');
  assert.equal(r.rated.status, 'ok');
  assert.equal(r.bad.status, 'invalid');
  assert.equal(r.bad.error.kind, 'invalid-option');
  assert.equal(r.bad.error.option, 'uniqueness');
  assert.deepEqual(r.nullOptions, ['ok', 'ok'], 'null options are no options');
  await page.close();
});

test('the app: Hint highlights and explains, Apply fills the cell, Undo takes it back, wrong entries are named', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.fill('#puzzle-text', UNIQUE);
  await page.click('#load');
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  const solution = await page.evaluate(async (p) => {
    const { createEngine } = await import('/www/engine.js');
    return (await createEngine().solve(p)).solution;
  }, UNIQUE);
  assert.equal(await page.isDisabled('#apply'), true, 'nothing to apply yet');

  await page.click('#candidates');
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('grid').dataset.hintTarget);
  const target = Number(await page.$eval('#grid', (c) => c.dataset.hintTarget));
  const text = await page.textContent('#hint-text');
  assert.ok(text.length > 10, text);
  assert.ok((await page.$eval('#grid', (c) => c.dataset.hint)).split(' ').map(Number).includes(target));

  await page.click('#apply');
  const grid = await page.$eval('#grid', (c) => c.dataset.grid);
  assert.equal(grid[target], solution[target], 'Apply placed the solution\'s symbol');
  assert.equal(await page.$eval('#grid', (c) => c.dataset.hint), '', 'the hint is gone once applied');
  await page.keyboard.press('Control+z');
  assert.equal((await page.$eval('#grid', (c) => c.dataset.grid))[target], '.');

  // A wrong entry: the hint names it instead of giving a step.
  const empty = [...UNIQUE].findIndex((ch, i) => ch === '.' && i !== target);
  const givens = new Set([...UNIQUE].map((ch, i) => (ch !== '.' ? i : -1)));
  // Pick a wrong symbol that does not clash with a peer, so only the solver can tell.
  const peerValues = new Set(peers(empty, 9).map((p) => UNIQUE[p]));
  const symbol = [...'123456789'].find((s) => s !== solution[empty] && !peerValues.has(s));
  assert.ok(symbol, 'some wrong symbol does not clash');
  await page.click('#grid', { position: { x: 5, y: 5 } });
  await page.evaluate(() => document.getElementById('grid').focus());
  // Move the selection to the empty cell with the arrow keys from r1c1.
  for (let i = 0; i < Math.floor(empty / 9); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < empty % 9; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press(symbol);
  assert.ok(!givens.has(empty));
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('status').dataset.tone === 'error');
  assert.match(await page.textContent('#status'), /wrong/);
  assert.deepEqual((await page.$eval('#grid', (c) => c.dataset.errors)).split(' ').map(Number), [empty]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the app: Hint then Apply, again and again, solves a generated puzzle', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/#size=4&seed=3`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  for (let i = 0; i < 16; i++) {
    const line = await page.$eval('#grid', (c) => c.dataset.grid);
    if (!line.includes('.')) break;
    await page.keyboard.press('Alt+KeyH');
    // Should no hint come, the failure says what the page said instead.
    await page.waitForFunction(() => document.getElementById('grid').dataset.hintTarget).catch(async (err) => {
      const said = await page.evaluate(() => [document.getElementById('status').textContent, document.body.dataset.busy,
        document.activeElement?.id, document.getElementById('grid').dataset.grid]);
      throw new Error(`no hint after Alt+H (step ${i}): ${JSON.stringify(said)}`, { cause: err });
    });
    await page.keyboard.press('Alt+KeyA');
  }
  const line = await page.$eval('#grid', (c) => c.dataset.grid);
  assert.ok(!line.includes('.'), line);
  assert.match(await page.textContent('#status'), /^Solved: every/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the app: a hint that arrives after the grid was replaced is dropped', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.fill('#puzzle-text', UNIQUE);
  await page.click('#load');
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  // Ask for a hint, and start a blank grid before the answer comes back.
  await page.evaluate(() => {
    document.getElementById('hint').click();
    document.getElementById('blank').click();
  });
  await page.waitForFunction(() => !document.body.dataset.busy);
  assert.equal(await page.$eval('#grid', (c) => c.dataset.hint), '');
  assert.equal(await page.isDisabled('#apply'), true);
  assert.ok(!(await page.$eval('#grid', (c) => c.dataset.grid)).replace(/\./g, ''), 'the blank grid stays blank');
  assert.deepEqual(page.errors, []);
  await page.close();
});
