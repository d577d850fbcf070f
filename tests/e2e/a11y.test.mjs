// What a blind player hears, read from Chromium's accessibility tree (CDP's
// Accessibility.getFullAXTree) after each action, in the app and the widget: the grid's
// structure and the cell reached, the one live region's message for each entry, clash,
// reading key, hint stage, Check and Solve, and that no other live region repeats it.
// The words are checked against the grid read back as text, never against typed answers.
// Then axe-core over every page, light and dark, and the sentences of www/internal/speech.js on
// their own (a jigsaw's regions, an X's diagonals).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, withBrowser } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import { ALPHABET, boxLayout, findClashes, layoutFromData } from '../../www/internal/grid.js';
import { cellLabel, clashWords, editWords } from '../../www/internal/speech.js';
import { emptyCellsWords, readUnitWords, symbolCountWords, unitOf } from '../../www/internal/reading.js';
import { gridKeyAction } from '../../www/internal/input.js';

const env = withBrowser();
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** A page in a fresh context (fresh storage); CSP bypassed so that axe can be injected. */
async function newPage({ colorScheme = 'light' } = {}) {
  const context = await env.browser.newContext({ colorScheme, bypassCSP: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.cdp = await context.newCDPSession(page);
  return page;
}

async function openApp(hash, options) {
  const page = await newPage(options);
  await page.goto(`${env.server.origin}/${hash}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  return page;
}

/**
 * What the accessibility tree says: every grid ({name, focused, rowCount, cells: the
 * gridcells' names, active: the name of its aria-activedescendant}) and the text of every
 * live region (status, output, aria-live), read from their static text.
 */
async function hear(page) {
  const { nodes } = await page.cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const byDom = new Map(nodes.map((n) => [n.backendDOMNodeId, n]));
  const prop = (n, name) => (n.properties ?? []).find((p) => p.name === name)?.value;
  const text = (n) => (n.role?.value === 'StaticText' ? n.name?.value ?? ''
    : (n.childIds ?? []).map((id) => byId.get(id)).filter(Boolean).map(text).join(''));
  const under = (n, role) => (n.childIds ?? []).map((id) => byId.get(id)).filter(Boolean)
    .flatMap((c) => (c.role?.value === role ? [c] : under(c, role)));
  const grids = nodes.filter((n) => n.role?.value === 'grid' && !n.ignored).map((g) => {
    const active = prop(g, 'activedescendant')?.relatedNodes?.[0]?.backendDOMNodeId;
    return {
      name: g.name?.value,
      focused: prop(g, 'focused')?.value === true,
      rows: under(g, 'row').length,
      cells: under(g, 'gridcell').map((c) => c.name?.value),
      active: active === undefined ? null : byDom.get(active)?.name?.value ?? null,
    };
  });
  const raw = nodes.filter((n) => !n.ignored && ['polite', 'assertive'].includes(prop(n, 'live')?.value)).map(text);
  return { grids, raw, live: raw.map((t) => t.replace(/\u00a0/g, ' ').trim()) };
}

/**
 * Does `action` and returns what the tree then says, after checking that exactly one live
 * region changed (one message per event) and that it says `pattern`.
 */
async function event(page, action, pattern) {
  const before = await hear(page);
  await action();
  const after = await hear(page);
  const changed = after.raw.filter((t, i) => t !== before.raw[i]);
  assert.equal(changed.length, 1, `one live region changes for ${pattern}: ${JSON.stringify(changed)}`);
  said(after, pattern);
  return after;
}

/** What the tree says once some live region says `pattern` (the widget loads reading.js on first use). */
async function hearWhen(page, pattern) {
  for (let tries = 0; tries < 100; tries++) {
    const heard = await hear(page);
    if (heard.live.some((t) => pattern.test(t))) return heard;
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
  return hear(page);
}

/** The one live region that says `pattern`: fails when none or several do. */
function said(heard, pattern) {
  const saying = heard.live.filter((t) => pattern.test(t));
  assert.equal(saying.length, 1, `one live region says ${pattern}; live regions: ${JSON.stringify(heard.live)}`);
  return saying[0];
}

/** The app's grid as {n, values} from data-grid. */
async function appGrid(page) {
  const line = await page.$eval('#grid', (c) => c.dataset.grid);
  const n = Math.round(Math.sqrt(line.length));
  return { n, values: [...line].map((c) => (c === '.' ? 0 : ALPHABET.indexOf(c) + 1)) };
}

/** A symbol from its spoken form: '5', 'A', 'small a'. */
const symbolHeard = (word) => ALPHABET.indexOf(word.replace(/^small /, '')) + 1;

/**
 * A list read back ('3, 5 to 8 and A'), ranges expanded, as numbers: `value` reads one
 * item (a column number, a symbol).
 */
function listHeard(text, value = Number) {
  return text.split(/, | and /).flatMap((item) => {
    const [from, to = from] = item.split(' to ').map(value);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * The empty-cells sentence read back: {count, places (column or row numbers, or cell
 * names for a box), missing (symbol values)}.
 */
function emptiesHeard(sentence) {
  const m = /^[A-Z][a-z]+ \d+: (\d+) empty, (?:(?:columns?|rows?) ([^;]+)|([^;]+)); missing (.+)\.$/.exec(sentence);
  assert.ok(m, sentence);
  return { count: Number(m[1]), places: m[2] ? listHeard(m[2]) : m[3].split(/, | and /), missing: listHeard(m[4], symbolHeard) };
}

/** A unit read back from its spoken form ('Row 2: blank, 4, 2 blanks, …') as values, 0 for blank. */
function unheard(sentence) {
  const body = sentence.replace(/^[A-Z][a-z]+ \d+: /, '').replace(/\.$/, '');
  return body.split(', ').flatMap((part) => {
    const run = /^(\d+) blanks$/.exec(part);
    if (run) return new Array(Number(run[1])).fill(0);
    return part === 'blank' ? [0] : [ALPHABET.indexOf(part) + 1];
  });
}

test('speech.js: cells, units, empty cells, counts and clashes in words, from the game alone', () => {
  const game = Game.fromPuzzle(9, Uint8Array.from(UNIQUE, (c) => (c === '.' ? 0 : Number(c))));
  game.enter(1, 4); // r1c2: 4, clashing with the given 4 in r1c1
  game.toggleMark(2, 6);
  game.toggleMark(2, 1);
  assert.equal(cellLabel(game, 0), '4, given; row 1, column 1, box 1');
  assert.equal(cellLabel(game, 1), '4; row 1, column 2, box 1');
  assert.equal(cellLabel(game, 2), 'empty, marks 1 6; row 1, column 3, box 1');
  assert.equal(cellLabel(game, 80), 'empty; row 9, column 9, box 9');
  assert.equal(clashWords(game, 1), '4 is already in row 1 at r1c1');
  assert.equal(editWords(game, 1, 'entry'), 'r1c2: 4. 4 is already in row 1 at r1c1.');
  assert.equal(editWords(game, 2, 'mark'), 'r1c3: marks 1 6.');
  // Corner marks alone are not "no marks"; with centre marks, both are said.
  game.toggleMarks([3], 3, 'corner');
  assert.equal(editWords(game, 3, 'mark'), 'r1c4: corner marks 3.');
  game.toggleMarks([2], 5, 'corner');
  assert.equal(editWords(game, 2, 'mark'), 'r1c3: marks 1 6, corner marks 5.');
  game.toggleMarks([3], 3, 'corner');
  assert.equal(editWords(game, 3, 'mark'), 'r1c4: no marks.');
  // Every unit of every kind read back gives its values, in order; the empties and the
  // missing symbols are those of the values.
  for (const kind of ['row', 'column', 'box']) {
    for (let cell = 0; cell < 81; cell += 10) {
      const { cells } = unitOf(cell, kind, game.layout);
      assert.deepEqual(unheard(readUnitWords(game, cell, kind)), cells.map((c) => game.values[c]), `${kind} of ${cell}`);
      const empty = cells.filter((c) => !game.values[c]);
      const heard = emptiesHeard(emptyCellsWords(game, cell, kind));
      assert.equal(heard.count, empty.length);
      assert.deepEqual(heard.places, empty.map((c) => (kind === 'row' ? (c % 9) + 1 : kind === 'column' ? Math.floor(c / 9) + 1
        : `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`)));
      assert.deepEqual(heard.missing, [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((v) => !cells.some((c) => game.values[c] === v)));
    }
  }
  const counts = [...symbolCountWords(game).matchAll(/(\d): (all|\d+)/g)].map((m) => [Number(m[1]), m[2]]);
  assert.equal(counts.length, 9);
  for (const [v, count] of counts) {
    const placed = game.values.filter((x) => x === v).length;
    assert.equal(count, placed === 9 ? 'all' : String(placed), `count of ${v}`);
  }
});

test('speech.js: a jigsaw says region, an X its diagonals, a windoku its window', () => {
  // 4×4 regions: the usual boxes with r1c2 and r2c3 swapped between regions 1 and 2.
  const regions = Array.from(boxLayout(4).regions);
  [regions[1], regions[6]] = [regions[6], regions[1]];
  const jigsaw = layoutFromData({ size: 4, box: '', variant: ['jigsaw'], regions });
  const game = new Game(4, { layout: jigsaw });
  assert.equal(cellLabel(game, 1), 'empty; row 1, column 2, region 2');
  assert.equal(unitOf(1, 'box', jigsaw).name, 'region 2');
  assert.deepEqual(unitOf(1, 'box', jigsaw).cells, [1, 2, 3, 7]);
  const x = new Game(9, { layout: boxLayout(9, '', ['x']) });
  assert.equal(cellLabel(x, 0), 'empty; row 1, column 1, box 1, main diagonal');
  assert.equal(cellLabel(x, 40), 'empty; row 5, column 5, box 5, main diagonal, anti-diagonal');
  x.enter(0, 5);
  x.enter(80, 5);
  assert.deepEqual(findClashes(x.values, x.layout), [0, 80]);
  assert.equal(clashWords(x, 80), '5 is already in the main diagonal at r1c1');
  // From 36×36 up 'a' and 'A' are both symbols, and a screen reader says them alike.
  const big = new Game(64);
  big.enter(0, ALPHABET.indexOf('a') + 1);
  big.enter(5, ALPHABET.indexOf('a') + 1);
  big.enter(6, ALPHABET.indexOf('A') + 1);
  assert.equal(cellLabel(big, 0), 'small a; row 1, column 1, box 1');
  assert.equal(cellLabel(big, 6), 'A; row 1, column 7, box 1');
  assert.equal(editWords(big, 5, 'entry'), 'r1c6: small a. small a is already in row 1 at r1c1.');
  // Runs of three or more are ranges, which keep to one kind of character.
  assert.equal(emptyCellsWords(big, 0, 'row'),
    'Row 1: 61 empty, columns 2 to 5 and 8 to 64; missing 1 to 9, B to Z, small b to small z and @ to *.');
  const w = new Game(9, { layout: boxLayout(9, '', ['windoku']) });
  assert.equal(cellLabel(w, 10), 'empty; row 2, column 2, box 1, window 1');
});

test('the reading keys do not take a key the grid already uses', () => {
  const read = (code, shiftKey = false) => gridKeyAction({ key: code.slice(3).toLowerCase(), code, altKey: true, shiftKey }, 64, 0);
  assert.deepEqual(read('KeyR'), { read: 'row' });
  assert.deepEqual(read('KeyC'), { read: 'column' });
  assert.deepEqual(read('KeyB'), { read: 'box' });
  assert.deepEqual(read('KeyB', true), { read: 'empty-box' });
  assert.deepEqual(read('KeyN'), { read: 'counts' });
  // Without Alt, the same letters are symbols of large grids.
  assert.deepEqual(gridKeyAction({ key: 'r', code: 'KeyR' }, 64, 0), { symbol: ALPHABET.indexOf('r') + 1 });
  assert.equal(read('KeyH'), null, 'Alt+H stays the hint');
});

test('app: moving, typing, a clash, the reading keys, hints, Check and Solve are heard once each', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  let heard = await hear(page);
  assert.equal(heard.grids.length, 1);
  assert.equal(heard.grids[0].name, 'Sudoku grid, 9×9');
  await page.focus('#grid');
  await page.keyboard.press('Control+Home'); // r1c1
  await page.keyboard.press('ArrowRight'); // r1c2
  heard = await hear(page);
  const [grid] = heard.grids;
  assert.ok(grid.focused, 'the focus stays on the grid');
  assert.equal(grid.rows, 1, 'only the selected row is built');
  assert.equal(grid.cells.length, 9);
  assert.equal(grid.active, 'empty; row 1, column 2, box 1');
  assert.equal(grid.cells[0], '4, given; row 1, column 1, box 1');
  assert.deepEqual([await page.getAttribute('#grid', 'aria-rowcount'), await page.getAttribute('#grid', 'aria-colcount')], ['9', '9']);

  await page.keyboard.press('ArrowDown'); // r2c2
  assert.equal((await hear(page)).grids[0].active, 'empty; row 2, column 2, box 1');
  // the given 4 is in box 1 at r1c1
  heard = await event(page, () => page.keyboard.type('4'), /^r2c2: 4\. 4 is already in box 1 at r1c1\.$/);
  assert.equal(heard.grids[0].active, '4; row 2, column 2, box 1');
  assert.match(await page.textContent('#status'), /r2c2: 4 is already in box 1 at r1c1/, 'and it is written');
  await event(page, () => page.keyboard.press('Backspace'), /^r2c2: cleared\.$/);
  await event(page, () => page.keyboard.type('5'), /^r2c2: 5\.$/);
  await event(page, () => page.keyboard.press('c'), /^Centre marks mode\.$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('17');
  said(await hear(page), /^r2c3: marks 1 7\.$/);
  assert.equal((await hear(page)).grids[0].active, 'empty, marks 1 7; row 2, column 3, box 1');
  await event(page, () => page.keyboard.press('z'), /^Digit mode\.$/);
  await event(page, () => page.keyboard.press('Control+z'), /^Undone: r2c3 empty, marks 1\.$/);

  // The reading keys, checked against the grid as text.
  const { n, values } = await appGrid(page);
  await page.keyboard.press('Alt+KeyR');
  // The first reading key loads the sentences (reading.js); the others are heard at once.
  assert.deepEqual(unheard(said(await hearWhen(page, /^Row 2: /), /^Row 2: /)), values.slice(n, 2 * n));
  await page.keyboard.press('Alt+KeyC');
  assert.deepEqual(unheard(said(await hear(page), /^Column 3: /)), values.filter((_, i) => i % n === 2));
  await page.keyboard.press('Alt+KeyB');
  assert.deepEqual(unheard(said(await hear(page), /^Box 1: /)), [0, 1, 2, 9, 10, 11, 18, 19, 20].map((i) => values[i]));
  await page.keyboard.press('Alt+Shift+KeyR');
  const empties = values.slice(n, 2 * n).map((v, c) => (v ? 0 : c + 1)).filter(Boolean);
  const row2 = emptiesHeard(said(await hear(page), /^Row 2: \d+ empty/));
  assert.deepEqual([row2.count, row2.places], [empties.length, empties]);
  assert.deepEqual(row2.missing, [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((v) => !values.slice(n, 2 * n).includes(v)));
  await page.keyboard.press('Alt+KeyN');
  const counts = said(await hear(page), /^Placed, of 9 each: /);
  for (let v = 1; v <= 9; v++) assert.match(counts, new RegExp(`${v}: ${values.filter((x) => x === v).length}[;.]`));

  // Hints: each stage said once, with its number; Apply; then Check and Solve.
  const idle = () => page.waitForFunction(() => !document.body.dataset.busy);
  await page.keyboard.press('Control+z'); // the 5 goes: no entries left
  // Stage 1 asks the engine (the status says so while it looks); 2 and 3 are one event each.
  await page.keyboard.press('Alt+KeyH');
  await page.waitForFunction(() => document.getElementById('grid').dataset.hintStage === '1');
  await idle();
  said(await hear(page), /^Hint 1 of 3: /);
  for (const stage of [2, 3]) {
    await event(page, async () => {
      await page.keyboard.press('Alt+KeyH');
      await page.waitForFunction((s) => document.getElementById('grid').dataset.hintStage === String(s), stage);
    }, new RegExp(`^Hint ${stage} of 3: `));
  }
  await event(page, () => page.keyboard.press('Alt+KeyA'), /^Applied: /);
  await event(page, async () => {
    await page.click('#check');
    await page.waitForFunction(() => /^Check/.test(document.getElementById('status').textContent));
  }, /^Check: no clashes, and exactly one solution/);
  await page.click('#solve');
  await page.waitForFunction(() => /^Solved/.test(document.getElementById('status').textContent));
  said(await hear(page), /^Solved: this puzzle has exactly one solution\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('app: a 64×64 grid builds one row of 64 cells, and moving rebuilds only on a new row', async () => {
  const page = await openApp('#size=64');
  await page.waitForFunction(() => document.getElementById('grid').dataset.size === '64');
  await page.focus('#grid');
  await page.keyboard.press('End'); // r1c64 (nothing was selected: r1c1 first)
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowDown');
  const heard = await hear(page);
  assert.equal(heard.grids[0].cells.length, 64);
  assert.equal(heard.grids[0].active, 'empty; row 2, column 64, box 8');
  assert.equal(await page.$eval('#grid', (c) => c.querySelectorAll('*').length), 65, 'a row and its 64 cells');
  // Moving keeps the cell elements; a new row rewrites their words in place.
  const same = await page.evaluate(async () => {
    const grid = document.getElementById('grid');
    const first = grid.querySelector('[role=gridcell]');
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    return grid.querySelector('[role=gridcell]') === first && grid.getAttribute('aria-activedescendant');
  });
  assert.equal(same, 'cell-r3c63');
  await page.context().close();
});

test('widget: its grid, cells, entries, clashes and reading keys are heard, in its shadow root', async () => {
  const page = await newPage();
  await page.goto(`${env.server.origin}/www/examples/embed.html`);
  await page.waitForFunction(() => document.getElementById('play').shadowRoot?.querySelector('canvas[role=grid]'));
  await page.waitForFunction(() => document.getElementById('play').value.replace(/\./g, '').length > 0);
  // The other widget's generation says its summary when it ends: wait, so that it is not
  // taken for a second message about the events below.
  await page.waitForFunction(() => /seed 7/.test(document.getElementById('generate').shadowRoot.querySelector('.message')?.textContent));
  const value = () => page.evaluate(() => document.getElementById('play').value);
  const start = await value();
  let heard = await hear(page);
  assert.deepEqual(heard.grids.map((g) => g.name), ['Sudoku grid, 9×9', 'Sudoku grid, 4×4']);
  await page.evaluate(() => document.getElementById('play').shadowRoot.querySelector('canvas').focus());
  await page.keyboard.press('ArrowRight'); // r1c1
  await page.keyboard.press('ArrowRight'); // r1c2
  heard = await hear(page);
  const play = heard.grids[0];
  assert.ok(play.focused);
  assert.equal(play.cells.length, 9);
  const cell = (i) => (start[i] === '.' ? 'empty' : `${start[i]}, given`);
  assert.equal(play.active, `${cell(1)}; row 1, column 2, box 1`);
  // Type the first given of row 1 into the first empty cell of row 1: a clash in row 1.
  const empty = [...start.slice(0, 9)].indexOf('.');
  const given = [...start.slice(0, 9)].findIndex((c) => c !== '.');
  await page.keyboard.press('Home');
  for (let i = 0; i < empty; i++) await page.keyboard.press('ArrowRight');
  await event(page, () => page.keyboard.type(start[given]),
    new RegExp(`^r1c${empty + 1}: ${start[given]}\\. ${start[given]} is already in row 1 at r1c${given + 1}`));
  assert.match(await page.evaluate(() => document.getElementById('play').shadowRoot.querySelector('.message').textContent),
    new RegExp(`is already in row 1 at r1c${given + 1}`), 'and it is written');
  await page.keyboard.press('Alt+KeyR');
  const row = [...(await value()).slice(0, 9)].map((c) => (c === '.' ? 0 : Number(c)));
  assert.deepEqual(unheard(said(await hearWhen(page, /^Row 1: /), /^Row 1: /)), row);
  await page.keyboard.press('Alt+KeyN');
  said(await hearWhen(page, /^Placed, of 9 each: /), /^Placed, of 9 each: /);
  const message = () => page.evaluate(() => document.getElementById('play').shadowRoot.querySelector('.message').textContent);
  await event(page, () => page.keyboard.press('Control+z'), new RegExp(`^Undone: r1c${empty + 1} empty\\.$`));
  assert.equal(await message(), '', 'the clash written goes with the edit that ends it');
  await page.keyboard.type(start[given]);
  await event(page, () => page.keyboard.press('Backspace'), new RegExp(`^r1c${empty + 1}: cleared\\.$`));
  assert.equal(await message(), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** axe-core's violations on the page as it stands: "rule: target" lines. */
async function axeViolations(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${JSON.stringify(node.target)} ${node.failureSummary}`));
}

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core finds nothing on the app, print view, iframe page and a host page, ${colorScheme}`, async () => {
    const found = [];
    // The app with a clash said in red and a hint shown, so their colours are checked too.
    const app = await openApp(`#p=${UNIQUE}`, { colorScheme });
    await app.focus('#grid');
    await app.keyboard.press('Control+Home');
    await app.keyboard.press('ArrowRight');
    await app.keyboard.type('4');
    await app.waitForFunction(() => document.getElementById('status').dataset.tone === 'error');
    found.push(...(await axeViolations(app)).map((v) => `app, clash: ${v}`));
    await app.keyboard.press('Backspace');
    await app.keyboard.press('Alt+KeyH');
    await app.waitForFunction(() => !document.getElementById('hint-text').hidden);
    await app.waitForFunction(() => !document.body.dataset.busy);
    found.push(...(await axeViolations(app)).map((v) => `app, hint: ${v}`));
    await app.context().close();
    for (const [path, ready] of [
      ['/print.html', () => document.getElementById('status')?.textContent],
      ['/www/embed.html#size=9&mode=play', () => document.querySelector('sudoku-widget')?.shadowRoot?.querySelector('canvas[role=grid]')],
      ['/www/examples/embed.html', () => document.getElementById('play')?.shadowRoot?.querySelector('canvas[role=grid]')
        && document.getElementById('play').value.replace(/\./g, '').length > 0],
    ]) {
      const page = await newPage({ colorScheme });
      await page.goto(`${env.server.origin}${path}`);
      await page.waitForFunction(ready);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
      await page.context().close();
    }
    assert.deepEqual(found, []);
  });
}
