// The app as a player meets it: the keyboard after toolbar buttons, one tab stop for the
// grid, verdicts that hold, games that are never lost, and the status box. Each test is
// the reproduction of one defect or feature of the app, checked through the page as a
// player (or a screen reader) sees it: the canvas's data-* text, the live regions, focus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser, openApp as openAppAt } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import { fromLine } from '../../www/internal/grid.js';
import { hashKey, withGame } from '../../www/internal/persist.js';
import { ago, recordSummary, worthKeeping } from '../../www/internal/recent.js';
import { advanceHint, hintDrawing, hintFor, hintWords, stepFocus } from '../../www/internal/board.js';
import { loadParts } from '../../www/internal/i18n.js';
import { TECHNIQUES, technique } from '../../www/internal/techniques.js';
import { TECHNIQUE_HELP } from '../../www/internal/techniques-help.js';

// The hint sentences and technique names load with the first hint, as on a page.
await loadParts(['hints']);

// magictour top1465 #1: one solution.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

test('a saved game keeps its undo history; the recent list keeps the newest games', () => {
  const game = Game.fromPuzzle(9, fromLine(UNIQUE).values);
  game.enter(1, 2);
  game.toggleMark(2, 5);
  game.fillCandidates();
  game.undo();
  const copy = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.equal(copy.line(), game.line());
  assert.ok(copy.history.canRedo, 'what can be redone is kept');
  copy.redo();
  assert.ok(copy.pencil[3]?.length, 'redo fills the candidates again');
  copy.undo();
  copy.undo();
  copy.undo();
  assert.equal(copy.line(), UNIQUE, 'undo goes back to the puzzle');
  assert.equal(copy.pencil[2], null);
  assert.equal(copy.hasProgress(), true, 'there is something to redo');

  let list = [];
  for (let i = 0; i < 14; i++) list = withGame(list, { id: String(i), game: {} }, { limit: 12 });
  assert.deepEqual(list.map((r) => r.id), ['13', '12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2']);
  list = withGame(list, { id: '5', game: {} });
  assert.equal(list[0].id, '5', 'saving a game again moves it first');
  assert.equal(list.length, 12);
  assert.equal(hashKey('#size=9&seed=4&symmetry=none&level=hard'), hashKey('#symmetry=none&seed=4&size=9'));

  // The list's words for a game, and which games it keeps.
  const record = { id: 'a', level: { name: 'Hard' }, game: copy.toJSON() };
  assert.equal(recordSummary(record), '9×9 · Hard · 18 givens · 0 entries');
  copy.enter(1, 6);
  assert.equal(recordSummary({ id: 'a', game: copy.toJSON() }), '9×9 · 18 givens · 1 entry');
  assert.equal(recordSummary({ id: 'b', game: new Game(16).toJSON() }), '16×16 · blank');
  // The layout, when it is not the side's usual boxes.
  const jigsawX = { ...copy.toJSON(), box: '', variant: 'jigsaw,x' };
  assert.equal(recordSummary({ id: 'c', game: jigsawX }), '9×9 jigsaw X · 18 givens · 1 entry');
  const wide = { ...new Game(12).toJSON(), box: '2x6' };
  assert.equal(recordSummary({ id: 'd', game: wide }), '12×12 (2×6 boxes) · blank');
  assert.equal(recordSummary({ id: 'e', game: { ...new Game(12).toJSON(), box: '3x4' } }), '12×12 · blank');
  assert.equal(worthKeeping({ game: new Game(16).toJSON() }), false, 'an untouched blank grid is not kept');
  assert.equal(ago(0, 30_000), 'just now');
  assert.equal(ago(0, 5 * 60_000), '5 min ago');
  assert.equal(ago(0, 49 * 3_600_000), '2 days ago');
});

test("the solver's fill is not the player's entries, so no verdict blames it", () => {
  const game = Game.fromPuzzle(9, fromLine(EASY).values);
  assert.equal(game.hasEntries(), false, 'givens alone');
  game.fillSolution(Array.from({ length: 81 }, (_, i) => (i % 9) + 1));
  assert.equal(game.hasSolverValues(), true);
  assert.equal(game.hasEntries(), false, 'what Solve filled in is not an entry');
  const played = Game.fromPuzzle(9, fromLine(EASY).values);
  played.enter(2, 4);
  assert.equal(played.hasEntries(), true, 'a typed symbol is');
});

test('a hint draws one chain: that of the first step that has links, from the stage that speaks of it', () => {
  const game = Game.fromPuzzle(9, fromLine(UNIQUE).values);
  const link = (a, b) => ({ from: { cells: [a], symbol: 1 }, to: { cells: [b], symbol: 1 }, strong: true });
  const steps = [
    { technique: 'naked-pair', name: 'Naked pair', cells: [1], placements: [], eliminations: [] },
    { technique: 'x-chain', name: 'X-chain', cells: [2], links: [link(2, 3)], placements: [], eliminations: [] },
    { technique: 'aic', name: 'AIC', cells: [4], links: [link(4, 5), link(5, 6)], placements: [{ cell: 6, value: 1 }], eliminations: [] },
  ];
  assert.deepEqual(hintFor(game, steps).links, [link(2, 3)]);
  assert.deepEqual(hintFor(game, steps.slice(0, 1)).links, []);

  // Stage 2 speaks of the first step alone: a later step's chain waits for stage 3, which
  // says whose chain it is.
  const later = hintFor(game, steps);
  advanceHint(later);
  assert.deepEqual(hintDrawing(later).links, [], 'stage 2 draws no chain of step 2');
  assert.equal(hintWords(later, 9).links, false);
  assert.doesNotMatch(hintWords(later, 9).shown, /chain/);
  advanceHint(later);
  assert.deepEqual(hintDrawing(later).links, [link(2, 3)]);
  assert.match(hintWords(later, 9).shown, /the chain of step 2 is drawn/);
  const own = hintFor(game, steps.slice(1));
  advanceHint(own);
  assert.deepEqual(hintDrawing(own).links, [link(2, 3)], 'the first step\'s chain from stage 2');
  assert.match(hintWords(own, 9).shown, /and the chain is drawn/);
  advanceHint(own);
  assert.match(hintWords(own, 9).shown, /the chain of step 1 is drawn/);
});

test('hint stages: stage one names the region and the technique, the grid shows more at each press', () => {
  const game = Game.fromPuzzle(9, fromLine(UNIQUE).values);
  const single = { technique: 'hidden-single', name: 'Hidden single', text: 'Hidden single: 7 can only go in r9c3 within box 7',
    cells: [54, 55, 56, 63, 64, 65, 72, 73, 74], placements: [{ cell: 74, value: 7 }], eliminations: [] };
  const pair = { technique: 'naked-pair', name: 'Naked pair', text: 'Naked pair 1/2 in r3c1, r3c5: remove 1 from r3c9',
    cells: [18, 22], placements: [], eliminations: [{ cell: 26, value: 1 }] };
  assert.equal(stepFocus(single, 9), 'Look at box 7: a hidden single');
  assert.equal(stepFocus(pair, 9), 'Look at row 3 for 1: a naked pair');
  assert.equal(stepFocus({ ...pair, cells: [1, 28] }, 9), 'Look at column 2 for 1: a naked pair');
  assert.equal(stepFocus({ ...pair, cells: [0, 10] }, 9), 'Look at box 1 for 1: a naked pair', 'a box first');
  assert.equal(stepFocus({ technique: 'naked-single', name: 'Naked single', cells: [10] }, 9), 'Look at box 1: a naked single');
  const wing = { technique: 'x-wing', name: 'X-Wing', cells: [1, 7, 37, 43], eliminations: [{ cell: 19, value: 4 }] };
  assert.equal(stepFocus(wing, 9), 'Look at rows 1 and 5 for 4: an X-Wing');
  assert.equal(stepFocus({ technique: 'xy-chain', name: 'XY-chain', cells: [0, 13, 26, 39, 52], eliminations: [] }, 9),
    'Look at the grid: an XY-chain');
  assert.equal(stepFocus({ ...single, focus: 'Look at box 4: a hidden single.' }, 9), 'Look at box 4: a hidden single.',
    'the engine\'s own focus sentence wins');

  const hint = hintFor(game, [pair, single]);
  assert.deepEqual(hint.cells, [18, 22, 54, 55, 56, 63, 64, 65, 72, 73, 74], 'every step\'s cells, not the last one\'s alone');
  const drawn = [];
  const said = [];
  do {
    drawn.push(hintDrawing(hint));
    said.push(hintWords(hint, 9));
  } while (advanceHint(hint));
  assert.equal(drawn.length, 3);
  assert.deepEqual(drawn[0].cells, [], 'stage 1 tints nothing');
  assert.deepEqual(drawn[0].regions, [{ kind: 'row', index: 2 }], 'but frames the row it names');
  assert.deepEqual(hintFor(game, [wing]).regions, [{ kind: 'row', index: 0 }, { kind: 'row', index: 4 }],
    'a focus on several lines frames each');
  assert.deepEqual(hintFor(game, [{ ...single, units: [{ kind: 'box', index: 3 }] }]).regions, [{ kind: 'box', index: 3 }],
    'the engine\'s units win');
  assert.deepEqual(drawn[1].cells, hint.cells);
  assert.equal(drawn[1].target, -1, 'stage 2 does not give the answer away');
  assert.equal(drawn[2].target, 74);
  assert.deepEqual(drawn[2].eliminations, [{ cell: 26, value: 1 }]);
  assert.match(said[0].focus, /^Look at row 3 for 1: a naked pair\. It is the first of 2 steps; the last places a symbol with a hidden single\.$/);
  assert.equal(said[0].plain, technique('naked-pair').plain);
  assert.doesNotMatch(said[0].announce + said[1].announce, /r3c9|r9c3/, 'the first stages name no answer');
  assert.deepEqual(said[2].steps, [`${pair.text}.`, `${single.text}.`]);
  assert.equal(advanceHint(hint), false, 'the last stage stays');

  // Every id the engine names has a name, a sentence and a help entry of its own.
  const ids = TECHNIQUES.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ['naked-single', 'hidden-single', 'x-wing', 'xy-chain', 'unique-rectangle-4', 'als-xz', 'aic', 'forcing-net', 'guess']) {
    const t = technique(id);
    assert.ok(t.known && t.name && /\.$/.test(t.plain) && TECHNIQUE_HELP.get(id).split('. ').length >= 2, id);
  }
  assert.match(technique('new-trick', 'New trick').phrase, /New trick/, 'an unknown id still reads');
  assert.equal(technique('', '').plain, 'The engine found a step.', 'no id and no name still reads');
});

const env = withBrowser();

/** Opens the app (a fresh browser context, so fresh localStorage) and waits for the engine. */
const openApp = (hash = '') => openAppAt(env, hash);

const grid = (page) => page.$eval('#grid', (c) => c.dataset.grid);
const givens = (page) => page.$eval('#grid', (c) => c.dataset.givens);
const status = (page) => page.textContent('#status');
const idle = (page) => page.waitForFunction(() => !document.body.dataset.busy);
/** Clicks the middle of a cell of the canvas. */
async function clickCell(page, cell) {
  const { n, w } = await page.$eval('#grid', (c) => ({ n: Number(c.dataset.size), w: c.getBoundingClientRect().width }));
  const pitch = w / n;
  await page.click('#grid', { position: { x: ((cell % n) + 0.5) * pitch, y: (Math.floor(cell / n) + 0.5) * pitch } });
}
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? '');

test('after any toolbar button, typing goes to the grid again', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await clickCell(page, 1); // r1c2, empty
  const cell = await page.$eval('#cell-info', (p) => p.textContent);
  assert.match(cell, /^r1c2/);
  await page.click('#pencil');
  assert.equal(await focused(page), 'grid', 'the focus is back on the grid');
  await page.keyboard.type('12');
  assert.match(await page.textContent('#cell-info'), /marks 1 2/);
  await page.click('#pencil');
  await page.click('#candidates');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#cell-info'), /^r1c3/, 'arrows move after Candidates');
  await page.click('#undo');
  await page.keyboard.type('7');
  assert.equal((await grid(page))[2], '7', 'typing after Undo enters the symbol');
  await page.click('#hint');
  await idle(page);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), 'grid');
  // A button reached with Tab and pressed with Enter keeps the focus, and symbols typed
  // on it go to the grid.
  await page.focus('#check');
  await page.keyboard.press('Enter');
  await idle(page);
  await page.keyboard.type('5');
  assert.equal(await focused(page), 'grid');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the grid is one tab stop: Tab leaves it in one press at 9×9 and at 64×64', async () => {
  for (const hash of [`#p=${UNIQUE}`, '#size=64']) {
    const page = await openApp(hash);
    await page.focus('#grid');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    assert.notEqual(await focused(page), 'grid', `${hash}: Tab leaves the grid`);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'grid', 'Shift+Tab comes back');
    await page.keyboard.press('Shift+Tab');
    assert.notEqual(await focused(page), 'grid');
    await page.close();
  }
});

test('Enter in the paste box loads the puzzle; Shift+Enter adds a line', async () => {
  const page = await openApp();
  await page.focus('#puzzle-text');
  await page.keyboard.type(EASY.slice(0, 40));
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(EASY.slice(40));
  assert.equal(await page.inputValue('#puzzle-text'), `${EASY.slice(0, 40)}\n${EASY.slice(40)}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, EASY);
  assert.doesNotMatch(await page.inputValue('#puzzle-text'), /\n\n|\n$/, 'Enter added no newline');
  await page.close();
});

test('Solve pressed twice gives the same verdict, and keeps the outlines', async () => {
  const page = await openApp('#size=9');
  const verdict = async () => {
    await page.click('#solve');
    await idle(page);
    return { status: await status(page), marked: await page.$eval('#grid', (c) => c.dataset.marked) };
  };
  const first = await verdict();
  assert.match(first.status, /more than one solution/);
  assert.ok(first.marked.split(' ').length >= 2, 'the cells where two solutions differ are outlined');
  const second = await verdict();
  assert.match(second.status, /more than one solution/);
  assert.equal(second.marked, first.marked);
  // A rejected paste leaves the grid, and the verdict stays.
  await page.fill('#puzzle-text', 'not a puzzle at all');
  await page.click('#load');
  await idle(page);
  assert.match(await status(page), /not a valid puzzle/);
  const third = await verdict();
  assert.match(third.status, /more than one solution/);
  // Check judges the same grid: the givens and entries, not the solver's fill.
  await page.click('#check');
  await idle(page);
  assert.match(await status(page), /at least 2 solutions/);
  await page.close();
});

test('the status box keeps its height, and figures go to the details line', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  // Where Solve sits in the panel (which may scroll).
  const solveTop = () => page.$eval('#solve', (b) => {
    const panel = b.closest('.panel');
    return b.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop;
  });
  const top = await solveTop();
  await page.click('#solve');
  await idle(page);
  assert.equal(await solveTop(), top);
  assert.match(await status(page), /^Solved: this puzzle has exactly one solution\.$/, 'no figures in the message');
  assert.match(await page.textContent('#status-details'), /^Took [\d.]+ m?s; /);
  // A long message (four clashing pairs) and a job's progress row leave the buttons where they are.
  await page.fill('#puzzle-text', `1111${'.'.repeat(5)}2222${'.'.repeat(68)}`);
  await page.click('#load');
  await page.waitForFunction(() => /clash/.test(document.getElementById('status').textContent));
  assert.equal(await page.textContent('#status-details'), '', 'a new message clears the details');
  assert.equal(await solveTop(), top);
  await page.fill('#seed', '5');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  const details = await page.textContent('#status-details');
  assert.match(details, /^Took [\d.]+ m?s[;.]/);
  assert.doesNotMatch(`${await status(page)} ${details}`, /proved necessary|exact check|fill restart/, 'no jargon');
  await page.selectOption('#size', '64');
  await page.click('#generate');
  await page.waitForFunction(() => document.body.dataset.busy === 'generate');
  assert.equal(await solveTop(), top);
  // Cancel, pressed in the page only if the run is still on (on a busy machine it may
  // have ended, and a click would wait for a button that is gone).
  await page.evaluate(() => { if (document.body.dataset.busy) document.getElementById('cancel').click(); });
  await idle(page);
  assert.equal(await solveTop(), top);
  await page.close();
});

test('a replaced game comes back with Undo, and the recent games reopen each as it was left', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await clickCell(page, 1);
  await page.keyboard.type('2');
  await page.click('#candidates');
  const played = await grid(page);
  // Generate replaces it; one Undo brings it back, with its own history.
  await page.fill('#seed', '77');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  assert.match(await status(page), /Undo goes back/);
  assert.equal(await page.isDisabled('#undo'), false);
  const generated = await givens(page);
  await page.click('#undo');
  assert.equal(await grid(page), played);
  assert.equal(await givens(page), UNIQUE);
  await page.click('#undo'); // the candidates
  await page.click('#undo'); // the 2
  assert.equal(await grid(page), UNIQUE);
  await page.click('#redo');
  await page.click('#redo');
  await page.click('#redo');
  assert.equal(await givens(page), generated, 'Redo goes forward to the generated game');
  // Blank grid and a paste replace it too, and Undo brings the generated one back.
  await page.click('#blank');
  await page.click('#undo');
  assert.equal(await givens(page), generated);
  await clickCell(page, await page.$eval('#grid', (c) => c.dataset.grid.indexOf('.')));
  await page.keyboard.type('1');
  const withEntry = await grid(page);
  await page.fill('#puzzle-text', EASY);
  await page.press('#puzzle-text', 'Enter');
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, EASY);
  assert.match(await status(page), /Undo goes back/);
  await page.click('#undo');
  assert.equal(await grid(page), withEntry, 'the pasted puzzle gave way to the game with its entry');

  // A second puzzle link, then the first again: the first keeps its entry.
  await page.goto(`${env.server.origin}/#p=${EASY}`);
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, EASY);
  await clickCell(page, 2);
  await page.keyboard.type('4');
  await page.goto(`${env.server.origin}/#p=${UNIQUE}`);
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  assert.equal(await grid(page), played, 'the first puzzle is as it was left');
  // The list reopens the second, and its undo history came with it.
  const items = await page.$$eval('#recent button', (bs) => bs.map((b) => b.textContent));
  assert.ok(items.length >= 3, `the recent games: ${items}`);
  await page.click('#recent button:has-text("30 givens")');
  assert.equal(await givens(page), EASY);
  assert.equal((await grid(page))[2], '4');
  await page.focus('#grid');
  await page.keyboard.press('Control+Z');
  assert.equal(await grid(page), EASY, 'its undo history was kept');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('entries typed while a 64×64 is generated are kept, and Undo brings them back', async () => {
  // The page notes whether the run was still on as it handles the key: on a busy machine
  // the run may end before a key typed after it started arrives, and is then made again
  // in a new page (three tries).
  let page;
  let typedDuring = false;
  for (let attempt = 1; attempt <= 3 && !typedDuring; attempt++) {
    await page?.close();
    page = await openApp();
    await page.evaluate(() => {
      document.addEventListener('keydown', (event) => {
        if (event.key === '7') window.busyAtKey = document.body.dataset.busy;
      }, true);
    });
    await page.selectOption('#size', '64');
    await page.click('#generate');
    await page.waitForFunction(() => document.body.dataset.busy === 'generate');
    await page.focus('#grid');
    await page.keyboard.type('7');
    typedDuring = await page.evaluate(() => window.busyAtKey === 'generate');
  }
  assert.ok(typedDuring, 'the key was typed while the 64×64 was being made');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
  assert.match(await status(page), /What you typed while it was being made stays/);
  await page.click('#undo');
  assert.equal((await grid(page))[0], '7', 'the entry is back');
  assert.equal(await page.$eval('#grid', (c) => c.dataset.size), '9');
  await page.close();
});

test('thin lines and selected entries meet contrast minimums; a clash typed is announced', async () => {
  const { THEMES } = await import('../../www/internal/render.js');
  const luminance = (hex) => {
    const [r, g, b] = hex.match(/\w\w/g).map((h) => parseInt(h, 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  for (const [name, t] of Object.entries(THEMES)) {
    for (const back of ['cell', 'given', 'peer']) {
      assert.ok(ratio(t.cellLine, t[back]) >= 3, `${name}: thin lines on ${back} ${ratio(t.cellLine, t[back]).toFixed(2)}:1`);
    }
    for (const text of ['givenText', 'entryText', 'solvedText', 'clashText']) {
      assert.ok(ratio(t[text], t.selected) >= 4.5, `${name}: ${text} on the selected cell ${ratio(t[text], t.selected).toFixed(2)}:1`);
    }
  }
  // A clash the player types is said in the live region, not only drawn in red.
  const page = await openPage(env.browser, 'about:blank');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${env.server.origin}/#p=${UNIQUE}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await clickCell(page, 1);
  await page.keyboard.type('4'); // r1c1 holds a given 4
  assert.equal(await page.$eval('#grid', (c) => c.dataset.clashes), '0 1');
  assert.equal(await page.getAttribute('#announcer', 'aria-live'), 'polite');
  assert.match(await status(page), /r1c2: 4 is already in row 1 at r1c1/);
  assert.match(await page.textContent('#announcer'), /r1c2: 4\. 4 is already in row 1 at r1c1/);
  await page.close();
});

test('I, l and 1 are drawn differently in 11- and 10-pixel cells of a 64×64', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const distances = await page.evaluate(async () => {
    const { THEMES, cellRect, drawGrid, layoutFor } = await import('/www/internal/render.js');
    const { ALPHABET } = await import('/www/internal/grid.js');
    const out = {};
    for (const [kind, given, minCell] of [['given', 1, 11], ['entry', 0, 11], ['given at 10 px', 1, 10], ['entry at 10 px', 0, 10]]) {
      const layout = layoutFor(64, 600, 600, { dpr: 1, minCell });
      const canvas = Object.assign(document.createElement('canvas'), { width: layout.width, height: layout.height });
      const ctx = canvas.getContext('2d');
      const chars = ['I', 'l', '1'];
      const values = new Uint8Array(64 * 64);
      chars.forEach((c, i) => { values[i * 2] = ALPHABET.indexOf(c) + 1; });
      drawGrid(ctx, { size: 64, values, givens: values.map((v) => (v ? given : 0)), theme: THEMES.light }, layout);
      // Each glyph as ink (1) or paper (0), pixel by pixel.
      const ink = chars.map((_, i) => {
        const r = cellRect(layout, i * 2);
        const d = ctx.getImageData(r.x, r.y, r.w, r.h).data;
        const bits = [];
        for (let p = 0; p < d.length; p += 4) bits.push(d[p] + d[p + 1] + d[p + 2] < 500 ? 1 : 0);
        return bits;
      });
      const apart = (a, b) => a.reduce((sum, v, i) => sum + (v !== b[i] ? 1 : 0), 0);
      out[kind] = { cell: layout.cell, Il: apart(ink[0], ink[1]), I1: apart(ink[0], ink[2]), l1: apart(ink[1], ink[2]) };
    }
    return out;
  });
  for (const [kind, d] of Object.entries(distances)) {
    assert.equal(d.cell, kind.includes('10 px') ? 10 : 11);
    for (const pair of ['Il', 'I1', 'l1']) assert.ok(d[pair] >= 4, `${kind}: ${pair} differ in ${d[pair]} pixels only`);
  }
  await page.close();
});

test('from 25×25 up the selected cell\'s pencil marks are shown large beside it, and the page says how to zoom', async () => {
  const page = await openPage(env.browser, 'about:blank');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${env.server.origin}/#size=25`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await clickCell(page, 30);
  await page.click('#pencil');
  await page.keyboard.type('7K');
  assert.match(await page.textContent('#cell-info'), /marks 7 K .*\+ zooms in/);
  await page.waitForFunction(() => !document.getElementById('magnifier').hidden); // drawn on the next frame
  assert.equal(await page.$eval('#grid', (c) => c.dataset.magnified), '30');
  const shown = await page.$$eval('#magnifier span', (spans) => spans.map((s) => s.textContent).filter(Boolean));
  assert.deepEqual(shown, ['7', 'K']);
  // Legible: at least 12 CSS pixels of type, inside the window.
  const box = await page.$eval('#magnifier', (m) => {
    const r = m.getBoundingClientRect();
    return { font: parseFloat(getComputedStyle(m).fontSize), right: r.right, bottom: r.bottom };
  });
  assert.ok(box.font >= 12, `font ${box.font}px`);
  assert.ok(box.right <= 1280 && box.bottom <= 800);
  await page.click('#candidates');
  assert.match(await status(page), /\+ \(or Zoom\) shows them all/);
  // Zoomed in far enough, the grid draws the marks itself and the magnifier goes.
  for (let i = 0; i < 3; i++) await page.click('#zoom-in');
  await page.waitForFunction(() => document.getElementById('magnifier').hidden);
  await page.click('#zoom-out');
  await page.click('#zoom-out');
  await page.click('#zoom-out');
  await page.waitForFunction(() => !document.getElementById('magnifier').hidden);
  await page.close();
});

test('Rate grades the puzzle on the board; #level keeps it, the link carries it, generated puzzles get one', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  assert.equal(await page.$eval('#level', (l) => l.dataset.level), '');
  await page.click('#rate');
  await idle(page);
  const level = await page.$eval('#level', (l) => l.dataset.level);
  assert.ok(['easy', 'medium', 'hard', 'expert', 'extreme', 'diabolical'].includes(level), level);
  assert.match(await page.textContent('#level'), /^Level: \w+ · score [\d,]+$/);
  assert.match(await status(page), /This puzzle is \w+ \(score [\d,]+\)/);
  await page.waitForFunction((l) => location.hash.includes(`level=${l}`), level);
  // The level stays while the game lasts: after entries and a reload.
  await clickCell(page, 1);
  await page.keyboard.type('6');
  // Saved a moment after the entry: a reload that came first could miss it.
  await page.waitForFunction(() => /"values":"[^"]6/.test(localStorage.getItem('sudoku64.games') ?? ''));
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await page.$eval('#level', (l) => l.dataset.level), level);
  // A generated puzzle is graded as it arrives.
  await page.fill('#seed', '4242');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  await idle(page);
  const generated = await page.$eval('#level', (l) => l.dataset.level);
  assert.notEqual(generated, '');
  assert.match(page.url(), new RegExp(`seed=4242.*level=${generated}`));
  // A blank grid has nothing to grade, and says so.
  await page.click('#blank');
  await page.click('#rate');
  assert.match(await status(page), /no puzzle to grade/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the timer counts play time, pauses while the tab is hidden and once solved, is saved, and can be hidden', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`${env.server.origin}/#p=${UNIQUE}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  // Time stands still from here, except when the test moves it: the start-up took some
  // real time, so the readings below count from a baseline.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const visibility = (hidden) => page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  const timer = () => page.textContent('#timer');
  // The timer redraws once a second, so what it shows may be up to a second old (more on
  // a busy machine, where the start-up's ticks came late): a visibilitychange to visible
  // redraws it at the clock's time, and every reading below that needs the running clock's
  // exact time is taken after one.
  const timerNow = async () => {
    await visibility(false);
    return timer();
  };
  assert.match(await timerNow(), /^\d\d:\d\d$/);
  const base = (await timer()).split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const reads = (seconds) => {
    const t = base + seconds;
    const mmss = `${String(Math.floor(t / 60) % 60).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    return t >= 3600 ? `${Math.floor(t / 3600)}:${mmss}` : mmss;
  };
  await page.clock.fastForward('01:05');
  assert.match(await timer(), new RegExp(`^(${reads(64)}|${reads(65)})$`), 'it redraws itself as it runs');
  assert.equal(await timerNow(), reads(65));
  // Hidden tab: the clock stops.
  await visibility(true);
  assert.equal(await page.$eval('#timer', (t) => t.dataset.running), 'false');
  await page.clock.fastForward('10:00');
  assert.equal(await timer(), reads(65));
  await visibility(false);
  await page.clock.fastForward('00:10');
  assert.equal(await timerNow(), reads(75));
  // Past the hour: h:mm:ss.
  await page.clock.fastForward('01:00:00');
  assert.equal(await timerNow(), reads(3675));
  assert.match(await timer(), /^1:01:\d\d$/);
  // Saved with the game.
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await timer(), reads(3675));
  // Hidden on request, and the choice is kept.
  await page.click('#timer-toggle');
  assert.equal(await page.isVisible('#timer'), false);
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await page.isVisible('#timer'), false);
  await page.click('#timer-toggle');
  // Solved: the clock stops.
  await page.click('#solve');
  await idle(page);
  assert.equal(await page.$eval('#timer', (t) => t.dataset.running), 'false');
  const solvedAt = await timer();
  await page.clock.fastForward('05:00');
  assert.equal(await timer(), solvedAt);
  await context.close();
});

test('show mistakes marks a wrong entry as it is typed; Check names and outlines wrong entries', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  // r1c2 is 6 in the solution; 2 clashes with nothing there.
  await clickCell(page, 1);
  await page.keyboard.type('2');
  await page.click('#check');
  await idle(page);
  assert.match(await status(page), /one entry is wrong: r1c2 \(outlined in red\)/);
  assert.equal(await page.$eval('#grid', (c) => c.dataset.errors), '1');
  await page.keyboard.press('Backspace');
  await page.check('#show-mistakes');
  await page.waitForFunction(() => /Mistakes are shown/.test(document.getElementById('status').textContent));
  assert.equal(await focused(page), 'grid', 'the toggle hands the keys back to the grid');
  await page.keyboard.type('2');
  await page.waitForFunction(() => document.getElementById('grid').dataset.mistakes === '1');
  assert.match(await status(page), /r1c2: 2 is a mistake/);
  await page.keyboard.type('6');
  await page.waitForFunction(() => document.getElementById('grid').dataset.mistakes === '');
  await page.uncheck('#show-mistakes');
  await page.focus('#grid');
  await page.keyboard.type('2');
  assert.equal(await page.$eval('#grid', (c) => c.dataset.mistakes), '', 'not shown when the toggle is off');
  await page.close();
});

test('Print this puzzle opens the print view with it and its answer; the board saves as PNG and SVG', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await clickCell(page, 1);
  await page.keyboard.type('6');
  await clickCell(page, 2);
  await page.keyboard.press('Shift+Digit7'); // a corner mark
  await page.keyboard.press('v');
  await page.keyboard.type('2'); // and a colour
  await page.keyboard.press('z');
  const [print] = await Promise.all([page.waitForEvent('popup'), page.click('#print-this')]);
  await print.waitForFunction(() => document.getElementById('sheets').dataset.pages);
  assert.match(print.url(), /print\.html\?puzzle=/);
  const sheets = await print.$$eval('#sheets svg', (svgs) => svgs.map((s) => s.dataset.kind));
  assert.deepEqual(sheets, ['puzzles', 'answers']);
  // The givens in black; the player's entry apart, in the entries' group, which a box leaves out.
  const printed = () => print.$eval('#sheets svg[data-kind="puzzles"] .grid', (g) => {
    const bare = g.cloneNode(true);
    const entries = [...bare.querySelectorAll('.entries text')].map((t) => t.textContent);
    for (const notes of bare.querySelectorAll('.entries, .marks, .colours')) notes.remove();
    return { givens: bare.textContent.replace(/\s/g, ''), entries };
  });
  assert.deepEqual(await printed(), { givens: UNIQUE.replaceAll('.', ''), entries: ['6'] });
  assert.deepEqual(await print.$$eval('#sheets svg[data-kind="puzzles"] .marks text', (ts) => ts.map((t) => t.textContent)), ['7']);
  assert.equal(await print.$$eval('#sheets svg[data-kind="puzzles"] .colours rect', (rs) => rs.length), 1);
  await print.uncheck('#with-progress');
  assert.deepEqual(await printed(), { givens: UNIQUE.replaceAll('.', ''), entries: [] }, 'the bare puzzle, on request');
  await print.close();

  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#save-png')]);
  assert.match(png.suggestedFilename(), /^sudoku64-9x9.*\.png$/);
  const pngBytes = await streamBytes(await png.createReadStream());
  assert.deepEqual([...pngBytes.subarray(1, 4)], [...Buffer.from('PNG')]);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg')]);
  assert.match(svg.suggestedFilename(), /^sudoku64-9x9.*\.svg$/);
  const svgText = (await streamBytes(await svg.createReadStream())).toString('utf8');
  assert.match(svgText, /^<\?xml[^]*<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svgText.match(/>([^<]+)<\/text>/g) ?? []).map((t) => t.slice(1, -7)).join('').length, 18 + 1,
    'every given and the entry are drawn');
  await page.close();
});

async function streamBytes(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

test('on a phone a 64×64 fits the screen; a tap zooms to cells a finger can pick, pinch zooms, a drag pans', async () => {
  const context = await env.browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => assert.fail(err));
  await page.goto(`${env.server.origin}/#size=64`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  const geometry = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const board = document.getElementById('board');
    const rect = document.getElementById('grid').getBoundingClientRect();
    resolve({
      pitch: rect.width / 64, left: rect.left, top: rect.top, width: rect.width,
      board: board.getBoundingClientRect().toJSON(), scrollLeft: board.scrollLeft, scrollTop: board.scrollTop,
      zoom: document.getElementById('zoom-level').textContent,
    });
  })));
  const fit = await geometry();
  assert.ok(fit.width <= fit.board.width, `the whole grid is on the screen: ${fit.width} of ${fit.board.width}`);
  // A tap on a tiny cell zooms in about it; the next tap selects.
  const at = { x: fit.left + 40.5 * fit.pitch, y: fit.top + 20.5 * fit.pitch }; // r21c41
  await page.touchscreen.tap(at.x, at.y);
  const zoomed = await geometry();
  assert.ok(zoomed.pitch >= 24, `tap targets of ${zoomed.pitch} CSS px`);
  assert.equal(await page.textContent('#cell-info'), 'No cell selected');
  await page.touchscreen.tap(at.x, at.y);
  assert.match(await page.textContent('#cell-info'), /^r21c41/, 'the cell under the finger, kept there by the zoom');
  // A one-finger drag pans the board.
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  const cx = zoomed.board.x + zoomed.board.width / 2;
  const cy = zoomed.board.y + zoomed.board.height / 2;
  await touch('touchStart', [{ x: cx, y: cy, id: 1 }]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: cx - i * 20, y: cy - i * 10, id: 1 }]);
  await touch('touchEnd', []);
  const panned = await geometry();
  assert.ok(panned.scrollLeft > zoomed.scrollLeft + 50, `panned right: ${zoomed.scrollLeft} → ${panned.scrollLeft}`);
  assert.ok(panned.scrollTop > zoomed.scrollTop + 20, `panned down: ${zoomed.scrollTop} → ${panned.scrollTop}`);
  assert.match(await page.textContent('#cell-info'), /^r21c41/, 'a drag selects nothing');
  // Two fingers moving apart zoom in; together, out.
  const pinch = async (from, to) => {
    await touch('touchStart', [{ x: cx - from, y: cy, id: 1 }, { x: cx + from, y: cy, id: 2 }]);
    for (let i = 1; i <= 5; i++) {
      const d = from + ((to - from) * i) / 5;
      await touch('touchMove', [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }]);
    }
    await touch('touchEnd', []);
  };
  await pinch(40, 100);
  const bigger = await geometry();
  assert.ok(bigger.pitch > panned.pitch * 1.5, `pinched out: ${panned.pitch} → ${bigger.pitch}`);
  await pinch(100, 30);
  const smaller = await geometry();
  assert.ok(smaller.pitch < bigger.pitch, `pinched in: ${bigger.pitch} → ${smaller.pitch}`);
  await context.close();
});

test('the play clock: counts only while running, keeps what it counted, shows mm:ss then h:mm:ss', async () => {
  const { PlayClock, clockText } = await import('../../www/internal/clock.js');
  let now = 1000;
  const clock = new PlayClock(() => now);
  clock.run(true);
  now += 65_000;
  assert.equal(clockText(clock.read()), '01:05');
  clock.run(false);
  now += 600_000;
  assert.equal(clock.read(), 65_000, 'stopped, it does not count');
  clock.run(true);
  now += 3_600_000;
  assert.equal(clockText(clock.read()), '1:01:05');
  clock.reset(5_000);
  assert.equal(clock.running, false);
  assert.equal(clockText(clock.read()), '00:05');
});

test('when storage is full, older games and old undo steps go first, the game in play last', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const kept = await page.evaluate(async () => {
    const { saveGames } = await import('/www/internal/persist.js');
    const { Game } = await import('/www/internal/game.js');
    const game = new Game(9);
    for (let i = 0; i < 60; i++) game.enter(i, (i % 9) + 1);
    const record = (id) => ({ id, hash: '#size=9', saved: 0, game: game.toJSON() });
    // A store that takes at most 2,000 characters.
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function limited(key, value) {
      if (String(value).length > 2000) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
    saveGames([record('now'), record('older'), record('oldest')]);
    Storage.prototype.setItem = setItem;
    const stored = JSON.parse(localStorage.getItem('sudoku64.games'));
    return stored.map((r) => ({ id: r.id, steps: r.game.history?.done.length ?? 0, values: r.game.values }));
  });
  assert.equal(kept[0].id, 'now');
  assert.ok(kept[0].steps > 0 && kept[0].steps < 60, `the newest undo steps are kept: ${kept[0].steps}`);
  assert.equal(kept[0].values.slice(0, 9), '123456789', 'the cells are kept whole');
  await page.close();
});

// ---------------------------------------------------------------------------------------
// Hints in stages, the techniques panel, chains on the grid

const stage = (page) => page.$eval('#grid', (c) => c.dataset.hintStage);
const hintBox = (page) => page.textContent('#hint-text');

/**
 * Opens the app with the worker's hint answers given `links` on their last step (as the
 * engine gives chains), and the last step's text replaced by `text` when given.
 */
async function openAppWithLinks(hash, { links, text, colorScheme = 'light', viewport } = {}) {
  const context = await env.browser.newContext({ colorScheme, viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  await page.addInitScript(({ links, text }) => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      set onmessage(listener) {
        super.onmessage = (event) => {
          const data = event.data;
          const last = data?.ok && Array.isArray(data.result?.steps) ? data.result.steps.at(-1) : null;
          if (last) {
            if (links) last.links = links;
            if (text) last.words = text;
          }
          listener({ data });
        };
      }
      get onmessage() { return super.onmessage; }
    };
  }, { links, text });
  await page.goto(`${env.server.origin}/${hash}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  return page;
}

test('Hint again says more on the same grid: where to look, the cells, then the whole step', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.click('#hint');
  await idle(page);
  assert.equal(await stage(page), '1');
  assert.match(await page.textContent('#announcer'), /^Hint 1 of 3: Look at/, 'each stage is announced');
  const first = await hintBox(page);
  assert.match(first, /Hint 1 of 3/);
  assert.match(first, /Look at (row|column|box) \d+/);
  // The status line, beside the grid on a phone where the box is far below it, says the
  // stage and where to look (the box has the rest), then what to do next.
  assert.match(await status(page), /^Hint 1 of 3: Look at (row|column|box) \d+[^]*Apply performs the step/);
  assert.doesNotMatch(await status(page), /Press Hint again/, 'the box\'s explanation stays in the box');
  assert.equal(await page.$eval('#grid', (c) => c.dataset.hint.split(' ').filter(Boolean).length > 0), true);
  const target = Number(await page.$eval('#grid', (c) => c.dataset.hintTarget));

  await page.click('#hint');
  assert.equal(await stage(page), '2');
  assert.match(await hintBox(page), /Hint 2 of 3[\s\S]*tinted/);
  // The keyboard reaches every stage: Alt+H from the grid.
  await page.focus('#grid');
  await page.keyboard.press('Alt+h');
  assert.equal(await stage(page), '3');
  const third = await hintBox(page);
  assert.match(third, /Hint 3 of 3/);
  const cell = `r${Math.floor(target / 9) + 1}c${(target % 9) + 1}`;
  assert.ok(third.includes(cell), `the whole step names its cell ${cell}`);
  assert.ok(!first.includes(cell), 'stage one does not');
  await page.keyboard.press('Alt+h');
  assert.equal(await stage(page), '3', 'the last stage stays');
  assert.match(await status(page), /whole hint/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Apply performs the step at stage one; any change to the grid starts the hint over', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.click('#hint');
  await idle(page);
  const target = Number(await page.$eval('#grid', (c) => c.dataset.hintTarget));
  assert.equal((await grid(page))[target], '.');
  await page.click('#apply');
  assert.notEqual((await grid(page))[target], '.', 'Apply at stage 1 fills the step\'s cell');
  assert.equal(await stage(page), '', 'and the hint is gone');
  assert.equal(await page.$eval('#hint-text', (b) => b.hidden), true);

  await page.click('#hint');
  await idle(page);
  await page.click('#hint');
  assert.equal(await stage(page), '2');
  // A pencil mark leaves the values, and so the hint, as they were.
  const empty = (await grid(page)).split('').findIndex((c, i) => c === '.' && i !== target);
  await clickCell(page, empty);
  await page.keyboard.press('c'); // centre marks
  await page.keyboard.type('1');
  assert.equal(await stage(page), '2', 'a mark keeps the hint');
  await page.keyboard.press('z'); // digits
  // An entry somewhere else changes the grid: the hint no longer holds.
  await page.keyboard.type('2');
  assert.equal(await stage(page), '', 'an entry resets the hint');
  await page.keyboard.press('Control+z'); // the entry goes again (its clash, if any, too)
  await page.click('#hint');
  await idle(page);
  assert.equal(await stage(page), '1', 'Hint starts again at stage 1');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the techniques panel opens at the hint\'s technique, closes with Escape, and gives the focus back', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.click('#hint');
  await idle(page);
  const id = await page.$eval('#hint-text button[data-technique]', (b) => b.dataset.technique);
  await page.focus('#techniques-help');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('techniques').open);
  const opened = await page.evaluate(() => ({
    modal: document.getElementById('techniques').matches(':modal'),
    labelled: document.getElementById('techniques').getAttribute('aria-labelledby'),
    focus: document.activeElement.id,
    current: [...document.querySelectorAll('#techniques-list [aria-current="true"]')].map((s) => s.id),
    entries: document.querySelectorAll('#techniques-list section').length,
    text: document.activeElement.textContent,
  }));
  assert.equal(opened.modal, true, 'a modal dialog');
  assert.equal(opened.labelled, 'techniques-heading');
  assert.equal(opened.focus, `technique-${id}`, 'the focus is on the hint\'s technique');
  assert.deepEqual(opened.current, [`technique-${id}`]);
  assert.ok(opened.entries >= 30, 'every technique is listed');
  assert.ok(opened.text.includes(technique(id).plain));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('techniques').open);
  assert.equal(await focused(page), 'techniques-help', 'the focus goes back to the button');
  // From the hint box's own link, and closed with its button.
  await page.click('#hint-text button[data-technique]');
  await page.waitForFunction(() => document.getElementById('techniques').open);
  await page.click('#techniques-close');
  assert.equal(await page.$eval('#techniques', (d) => d.open), false);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.technique), id);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a chain\'s links are drawn from stage two, with a legend, in light and dark', async () => {
  // Links as the engine gives them for chains, on r9c3's and r1c9's candidates.
  const links = [
    { from: { cells: [10], symbol: 1 }, to: { cells: [16], symbol: 1 }, strong: true },
    { from: { cells: [16], symbol: 1 }, to: { cells: [70], symbol: 1 }, strong: false },
  ];
  for (const colorScheme of ['light', 'dark']) {
    const page = await openAppWithLinks(`#p=${UNIQUE}`, { links, colorScheme });
    const linkPixels = () => page.evaluate(async () => {
      const { THEMES } = await import('/www/internal/render.js');
      const dark = document.documentElement.dataset.theme === 'dark' || matchMedia('(prefers-color-scheme: dark)').matches;
      const want = [1, 3, 5].map((i) => parseInt(THEMES[dark ? 'dark' : 'light'].link.slice(i, i + 2), 16));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const canvas = document.getElementById('grid');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - want[0]) + Math.abs(data[i + 1] - want[1]) + Math.abs(data[i + 2] - want[2]) < 40) count++;
      }
      return count;
    });
    await page.click('#hint');
    await idle(page);
    assert.equal(await linkPixels(), 0, `${colorScheme}: stage 1 draws no links`);
    assert.equal(await page.$$eval('.link-legend', (l) => l.length), 0);
    await page.click('#hint');
    assert.ok(await linkPixels() > 200, `${colorScheme}: stage 2 draws the chain`);
    assert.match(await page.textContent('.link-legend'), /Solid: strong link[\s\S]*Dashed: weak link/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the hint box never clips: long notation wraps and the box grows or scrolls, at phone width too', async () => {
  // An AIC of 48 nodes, as the engine gives it (a sentence as data): long notation with no
  // space to break at but the links' own.
  const node = (symbol, cell) => ({ key: 'aic-node', args: { symbol: { symbol }, cell: { cell } } });
  const items = [];
  for (let i = 0; i < 48; i++) {
    if (i) items.push({ key: i % 2 ? 'chain-strong' : 'chain-weak', args: {} });
    items.push(i < 30 ? node((i % 9) + 1, (i % 9) * 9 + ((i * 4) % 9)) : node(5, [80, 72, 0][i % 3]));
  }
  const text = { key: 'aic', args: { chain: { join: { separator: 'separator-none', items } },
    first: { words: node(1, 0) }, last: { words: node(5, 0) }, removal: { removal: [40, 5] } } };
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await openAppWithLinks(`#p=${UNIQUE}`, { text, viewport });
    for (let i = 0; i < 3; i++) {
      await page.click('#hint');
      await idle(page);
    }
    assert.equal(await stage(page), '3');
    const box = await page.$eval('#hint-text', (b) => {
      const style = getComputedStyle(b);
      const panel = b.closest('.panel').getBoundingClientRect();
      const rect = b.getBoundingClientRect();
      return {
        text: b.textContent, scrollWidth: b.scrollWidth, clientWidth: b.clientWidth,
        scrollHeight: b.scrollHeight, clientHeight: b.clientHeight, overflowY: style.overflowY,
        inside: rect.left >= panel.left - 1 && rect.right <= panel.right + 1,
      };
    });
    assert.ok(box.text.includes('5r9c9 - 5r9c1'), `the long step is shown: ${box.text}`);
    assert.ok(box.scrollWidth <= box.clientWidth, `${viewport.width}px: no text runs out sideways (${box.scrollWidth} > ${box.clientWidth})`);
    assert.ok(box.scrollHeight <= box.clientHeight || ['auto', 'scroll'].includes(box.overflowY),
      `${viewport.width}px: the box grows or scrolls`);
    assert.ok(box.inside, `${viewport.width}px: the box stays inside the panel`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
