// The solver's grid as the enthusiasts' apps have it: corner and centre marks, colours, the
// four entry modes (keys, Shift/Ctrl with a digit, the mode buttons), every way to select
// several cells, one undo step per edit of a selection, notes that survive a reload, the
// pad's digit filter, status lines that go once they are no longer true, and the keys
// after Generate. The game and key rules are checked as plain data first, then through
// the page as a player (or a screen reader) meets them: the canvas's data-* text, the
// live region, the pixels drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser, openApp as openAppAt } from './harness.mjs';
import { COLOURS, Game } from '../../www/internal/game.js';
import { fromLine, peers } from '../../www/internal/grid.js';
import { gridKeyAction } from '../../www/internal/input.js';
import { Board, newView } from '../../www/internal/board.js';
import { cornerPlaces } from '../../www/internal/render.js';

// magictour top1465 #1: one solution. r1c1 holds a given 4; r1c2, r1c3, r1c4 are empty.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

const puzzle = () => {
  const read = fromLine(UNIQUE);
  return Game.fromPuzzle(9, read.values);
};

test('marks, colours and entries over a selection are one command each, and undo whole', () => {
  const game = puzzle();
  // Corner marks keep the order entered; centre marks keep symbol order.
  game.toggleMarks([1, 2], 7, 'corner');
  game.toggleMarks([1, 2], 3, 'corner');
  game.toggleMarks([1], 9, 'centre');
  game.toggleMarks([1], 2, 'centre');
  assert.deepEqual(game.corner[1], [7, 3]);
  assert.deepEqual(game.corner[2], [7, 3]);
  assert.deepEqual(game.pencil[1], [2, 9]);
  // A mark some selected cells lack is added to them all; held by all, it goes from all.
  game.toggleMarks([2, 3], 3, 'corner');
  assert.deepEqual([game.corner[2], game.corner[3]], [[7, 3], [3]]);
  game.toggleMarks([2, 3], 3, 'corner');
  assert.deepEqual([game.corner[2], game.corner[3]], [[7], null]);
  // A given in the selection takes no mark; a selection of givens alone is refused.
  assert.deepEqual(game.toggleMarks([0], 5, 'centre'), { refused: 'given' });
  game.toggleMarks([0, 5], 5, 'centre');
  assert.deepEqual([game.pencil[0], game.pencil[5]], [null, [5]]);

  // Colours go on any cell, givens too, several to a cell; one Undo takes a whole edit back.
  const before = game.history.done.length;
  game.toggleColour([0, 1, 2], 4);
  game.toggleColour([1], 2);
  assert.equal(game.history.done.length, before + 2);
  assert.deepEqual([game.colours[0], game.colours[1], game.colours[2]], [[4], [4, 2], [4]]);
  game.undo();
  game.undo();
  assert.deepEqual([game.colours[0], game.colours[1]], [null, null]);
  assert.equal(game.toggleColour([1], COLOURS + 1), null, 'no colour past the last');

  // An entry in several cells is one command, and takes its symbol from the peers' marks
  // of both kinds.
  const g2 = puzzle();
  const [a, b] = [1, 20]; // r1c2 and r3c3, both empty
  const peer = peers(a, g2.layout).find((p) => !g2.values[p] && p !== b);
  g2.toggleMarks([peer], 6, 'corner');
  g2.toggleMarks([peer], 6, 'centre');
  g2.toggleMarks([peer], 8, 'centre');
  const command = g2.enterAll([a, b], 6);
  assert.deepEqual([g2.values[a], g2.values[b]], [6, 6]);
  assert.equal(g2.corner[peer], null);
  assert.deepEqual(g2.pencil[peer], [8]);
  assert.ok(command.changes.some((c) => c.cell === peer), 'the peer\'s marks change in the same command');
  g2.undo();
  assert.deepEqual([g2.values[a], g2.values[b], g2.corner[peer], g2.pencil[peer]], [0, 0, [6], [6, 8]]);

  // Delete goes a layer at a time: entries, then marks (the mode's kind first), then colours.
  const g3 = puzzle();
  g3.toggleMarks([1], 5, 'corner');
  g3.toggleMarks([1], 6, 'centre');
  g3.toggleColour([1], 3);
  g3.enter(2, 9);
  g3.clearAll([1, 2], 'digit');
  assert.deepEqual([g3.values[2], g3.corner[1], g3.pencil[1]], [0, [5], [6]]);
  g3.clearAll([1, 2], 'corner');
  assert.deepEqual([g3.corner[1], g3.pencil[1]], [null, [6]]);
  g3.clearAll([1, 2], 'digit');
  assert.deepEqual([g3.pencil[1], g3.colours[1]], [null, [3]]);
  g3.clearAll([1, 2], 'digit');
  assert.equal(g3.colours[1], null);
});

test('a selection never outlives its grid: Shift\'s rectangle starts from the new game\'s cursor', () => {
  // A board without a page: only its view and selection rules are used here.
  const board = Object.create(Board.prototype);
  board.view = newView();
  board.game = new Game(16);
  board.setGame(new Game(16), { selected: 255 });
  board.select(200);
  board.setGame(puzzle(), { selected: 10 });
  board.select(19, 'extend');
  assert.deepEqual(board.cells().sort((a, b) => a - b), [10, 19]);
  assert.ok(board.cells().every((c) => c < 81));
  // An edit naming a cell past the grid changes nothing there (and nothing breaks).
  const game = puzzle();
  assert.equal(game.commit('x', [{ cell: 500, after: { value: 3 } }]), null);
});

test('a saved game keeps its corner marks, colours and their undo steps; older saves still read', () => {
  const game = puzzle();
  game.toggleMarks([1, 2], 7, 'corner');
  game.toggleMarks([2], 1, 'corner');
  game.toggleColour([0, 10], 9);
  game.toggleMarks([3], 4, 'centre');
  const data = JSON.parse(JSON.stringify(game.toJSON()));
  const back = Game.fromJSON(data);
  assert.deepEqual(back.corner[2], [7, 1], 'the order entered');
  assert.deepEqual([back.colours[0], back.colours[10]], [[9], [9]]);
  assert.deepEqual(back.pencil[3], [4]);
  assert.ok(back.hasProgress());
  back.undo(); // the centre mark
  back.undo(); // the colours
  assert.deepEqual([back.colours[0], back.pencil[3]], [null, null]);
  back.undo();
  assert.deepEqual(back.corner[2], [7]);

  // A save from before corner marks and colours: 7-entry changes, no corner or colours.
  const old = {
    size: 9, box: '3x3', values: UNIQUE.replace('.', '5'), givens: UNIQUE.split('').map((c) => (c === '.' ? 0 : 1)).join(''),
    solved: '0'.repeat(81), pencil: { 2: '19' },
    history: { done: [{ label: 'enter 5', changes: [[1, '', 0, '', '5', 0, '']] }], undone: [] },
  };
  const read = Game.fromJSON(old);
  assert.deepEqual([read.values[1], read.pencil[2], read.corner[2], read.colours[2]], [5, [1, 9], null, null]);
  read.undo();
  assert.equal(read.values[1], 0);
  // Colours out of range or a change of the wrong length leave the history out, not the game.
  const bad = { ...data, history: { done: [{ label: 'x', changes: [[1, '', 0, '', '', 'A', '', 0, '', '', '']] }], undone: [] } };
  const kept = Game.fromJSON(bad);
  assert.ok(kept, 'the game still opens');
  assert.equal(kept.history.done.length, 0);
});

test('keys: Z X C V choose modes where they are no symbols, Shift and Ctrl with a digit mark, Space cycles', () => {
  const key = (k, more = {}, n = 9, selected = 10) => gridKeyAction({ key: k, ...more }, n, selected);
  assert.deepEqual(key('z'), { mode: 'digit' });
  assert.deepEqual(key('X'), { mode: 'corner' });
  assert.deepEqual(key('c'), { mode: 'centre' });
  assert.deepEqual(key('v'), { mode: 'colour' });
  assert.deepEqual(key(' '), { cycleMode: true });
  // At 16×16 C is a symbol, and Z, X, V are not.
  assert.deepEqual(key('c', {}, 16), { symbol: 12 });
  assert.deepEqual(key('v', {}, 16), { mode: 'colour' });
  assert.deepEqual(key('!', { code: 'Digit1', shiftKey: true }), { symbol: 1, as: 'corner' });
  assert.deepEqual(key('3', { code: 'Numpad3', ctrlKey: true }), { symbol: 3, as: 'centre' });
  assert.equal(key('(', { code: 'Digit9', shiftKey: true }, 4), null, 'no 9 in a 4×4');
  // A character that is a symbol stays one: @ & * of a 64×64 are Shift+2, 7, 8 on a US
  // keyboard, and AZERTY types its digits with Shift.
  assert.deepEqual(key('@', { code: 'Digit2', shiftKey: true }, 64), { symbol: 62 });
  assert.deepEqual(key('5', { code: 'Digit5', shiftKey: true }), { symbol: 5 });
  // From 36×36 up, lower-case letters are symbols (or mistyped capitals): no mode letters.
  assert.deepEqual(key('c', {}, 36), { notSymbol: 'c' });
  assert.deepEqual(key('z', {}, 64), { symbol: 61 });
  assert.deepEqual(key('ArrowRight', { shiftKey: true }), { move: 11, extend: true });
  assert.deepEqual(key('a', { ctrlKey: true }), { selectAll: true });
  // Corner places: four corners, then the edges' middles, then two shared rows.
  assert.deepEqual(cornerPlaces(4).map(([x, y]) => [x < 0.5, y < 0.5]), [[true, true], [false, true], [true, false], [false, false]]);
  assert.equal(new Set(cornerPlaces(8).map(String)).size, 8);
  assert.equal(new Set(cornerPlaces(12).map(String)).size, 12);
});

const env = withBrowser();
const openApp = (hash = '') => openAppAt(env, hash);
const data = (page, name) => page.$eval('#grid', (c, key) => c.dataset[key], name);
const grid = (page) => data(page, 'grid');
const idle = (page) => page.waitForFunction(() => !document.body.dataset.busy);
const announced = (page) => page.textContent('#announcer').then((t) => t.replace(/\u00a0$/, ''));

/** The centre of a cell in page coordinates. */
async function cellPoint(page, cell) {
  const { n, x, y, w } = await page.$eval('#grid', (c) => {
    const r = c.getBoundingClientRect();
    return { n: Number(c.dataset.size), x: r.left, y: r.top, w: r.width };
  });
  const pitch = w / n;
  return { x: x + ((cell % n) + 0.5) * pitch, y: y + (Math.floor(cell / n) + 0.5) * pitch };
}

async function clickCell(page, cell, modifiers = []) {
  const p = await cellPoint(page, cell);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(p.x, p.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

/**
 * The canvas's pixel (r, g, b) at the top-left inside of a cell, clear of any symbol or
 * mark, once the page has painted what it was asked to (the grid is drawn on an animation
 * frame after a change: two frames later it is on the canvas).
 */
function pixelNearCorner(page, cell) {
  return page.$eval('#grid', async (canvas, i) => {
    await new Promise((resolve) => { requestAnimationFrame(() => requestAnimationFrame(resolve)); });
    const n = Number(canvas.dataset.size);
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const pitch = canvas.width / n;
    const x = Math.round((i % n) * pitch + pitch * 0.2);
    const y = Math.round(Math.floor(i / n) * pitch + pitch * 0.42);
    const [r, g, b] = canvas.getContext('2d').getImageData(x, y, 1, 1).data;
    return { r, g, b, scale };
  }, cell);
}

test('marks and colours by key, by mode button and by pad, each mode pressed on the pad; they survive a reload', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await clickCell(page, 1);
  await page.keyboard.press('Shift+Digit5');
  await page.keyboard.press('Shift+Digit2');
  await page.keyboard.press('Control+Digit8');
  assert.equal(await data(page, 'corner'), '1:52');
  assert.equal(await data(page, 'centre'), '1:8');
  assert.equal(await data(page, 'mode'), 'digit', 'a modifier leaves the mode as it was');
  assert.match(await page.textContent('#cell-info'), /^r1c2: empty, marks 8, corner marks 5 2$/);

  // The mode buttons say which is on; a key changes them, and Space cycles.
  const pressed = () => page.$$eval('#modes button', (bs) => bs.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.id));
  assert.deepEqual(await pressed(), ['mode-digit']);
  await page.keyboard.press('x');
  assert.deepEqual(await pressed(), ['mode-corner']);
  assert.equal(await announced(page), 'Corner marks mode.');
  await page.keyboard.press('Space');
  assert.deepEqual(await pressed(), ['mode-centre']);
  await page.keyboard.press('Space');
  assert.deepEqual(await pressed(), ['mode-colour']);
  // In colour mode the pad holds the colours, by number, each drawn in its colour.
  const pad = await page.$$eval('#palette button', (bs) => bs.map((b) => [b.textContent, b.style.background !== '']));
  assert.equal(pad.length, 10);
  assert.deepEqual(pad.slice(0, 9).map(([t, coloured]) => t + coloured), '123456789'.split('').map((d) => `${d}true`));
  await page.click('#palette button[data-value="3"]');
  assert.equal(await data(page, 'colours'), '1:3');
  assert.match(await page.textContent('#cell-info'), /colour 3 \(yellow\)/);
  // The colour is drawn: the cell's background is no longer white.
  const px = await pixelNearCorner(page, 1);
  assert.ok(px.b < 200 && px.r > 200, `a yellow tint: ${JSON.stringify(px)}`);
  await page.click('#mode-digit');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid', 'the keys stay on the grid');
  await page.keyboard.type('6');
  assert.equal((await grid(page))[1], '6');
  assert.equal(await data(page, 'corner'), '1:52', 'the cell\'s own marks wait under its value, as in SudokuPad');

  // Undo and redo walk the marks and colours back, one edit a step.
  await page.keyboard.press('Control+z'); // the 6
  await page.keyboard.press('Control+z'); // the colour
  assert.equal(await data(page, 'colours'), '');
  await page.keyboard.press('Control+y');
  assert.equal(await data(page, 'colours'), '1:3');

  // Reloaded, the game is as it was left: notes, colours, and the undo history.
  await page.waitForTimeout(700); // the save is debounced
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await data(page, 'corner'), '1:52');
  assert.equal(await data(page, 'centre'), '1:8');
  assert.equal(await data(page, 'colours'), '1:3');
  await page.click('#undo');
  assert.equal(await data(page, 'colours'), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('several cells: drag, Ctrl-click, Shift-click, Shift+arrows, Ctrl+A and double-click select; one edit, one undo', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  const selection = async () => (await data(page, 'selection')).split(' ').filter(Boolean).map(Number);
  // A mouse drag from r2c1 to r2c4.
  const from = await cellPoint(page, 9);
  const to = await cellPoint(page, 12);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  assert.deepEqual((await selection()).sort((a, b) => a - b), [9, 10, 11, 12]);
  assert.equal(await page.textContent('#cell-info'), '4 cells selected');
  assert.equal(await announced(page), '4 cells selected.');
  // One digit fills the empty ones (r2c4 holds a given 6), as one undo step.
  await page.keyboard.type('1');
  assert.equal((await grid(page)).slice(9, 13), '1116');
  await page.keyboard.press('Control+z');
  assert.equal((await grid(page)).slice(9, 13), '...6');

  // Ctrl-click adds and takes out; Shift-click selects the rectangle from the cursor.
  await clickCell(page, 1);
  await clickCell(page, 3, ['Control']);
  await clickCell(page, 20, ['Control']);
  assert.deepEqual(await selection(), [1, 3, 20]);
  await clickCell(page, 3, ['Control']);
  assert.deepEqual(await selection(), [1, 20]);
  await clickCell(page, 1);
  await clickCell(page, 21, ['Shift']);
  assert.deepEqual((await selection()).sort((a, b) => a - b), [1, 2, 3, 10, 11, 12, 19, 20, 21]);
  // A corner mark over them all is one step too, and skips the givens.
  await page.keyboard.press('Shift+Digit9');
  const corner = (await data(page, 'corner')).split(' ');
  assert.ok(corner.length >= 6 && corner.every((c) => c.endsWith(':9')), corner.join(' '));
  await page.keyboard.press('Control+z');
  assert.equal(await data(page, 'corner'), '');

  // Shift+arrows grow the selection from the cursor; Ctrl+A takes every cell.
  await clickCell(page, 40);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  assert.deepEqual((await selection()).sort((a, b) => a - b), [40, 41, 49, 50]);
  await page.keyboard.press('Control+a');
  assert.equal((await selection()).length, 81);
  assert.equal(await announced(page), 'All 81 cells selected.');
  await page.keyboard.press('v');
  await page.keyboard.type('6');
  assert.equal((await data(page, 'colours')).split(' ').length, 81, 'every cell, givens too');
  await page.keyboard.press('Control+z');
  assert.equal(await data(page, 'colours'), '');
  await page.keyboard.press('z');

  // A double-click selects every cell holding that symbol.
  const p = await cellPoint(page, 0); // the given 4
  await page.mouse.dblclick(p.x, p.y);
  const fours = [...(await grid(page))].flatMap((c, i) => (c === '4' ? [i] : []));
  assert.deepEqual((await selection()).sort((a, b) => a - b), fours);
  // Escape leaves one cell and none.
  await page.keyboard.press('Escape');
  assert.deepEqual(await selection(), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the pad\'s digit filter shows where a symbol can still go; Escape ends it', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await clickCell(page, 1);
  await page.click('#palette button[data-value="4"]', { modifiers: ['Alt'] });
  assert.equal(await data(page, 'filter'), '4');
  assert.equal((await grid(page))[1], '.', 'the filter enters nothing');
  const count = Number((await announced(page)).match(/^Where 4 can still go: (\d+) cells\.$/)?.[1]);
  // Counted here from the grid text: empty cells with no 4 in their row, column or box.
  const values = [...(await grid(page))];
  const expected = values.filter((c, i) => c === '.' && ![...Array(81).keys()].some((j) => values[j] === '4'
    && (Math.floor(j / 9) === Math.floor(i / 9) || j % 9 === i % 9
      || (Math.floor(j / 27) === Math.floor(i / 27) && Math.floor((j % 9) / 3) === Math.floor((i % 9) / 3))))).length;
  assert.equal(count, expected);
  assert.ok(await page.$eval('#palette button[data-value="4"]', (b) => b.classList.contains('filter')));
  // A long press does the same, on a touch screen as with a mouse.
  await page.click('#palette button[data-value="4"]', { modifiers: ['Alt'] });
  assert.equal(await data(page, 'filter'), '');
  const b = await page.$('#palette button[data-value="7"]');
  const box = await b.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(650);
  await page.mouse.up();
  assert.equal(await data(page, 'filter'), '7');
  assert.equal((await grid(page))[1], '.', 'the long press enters nothing');
  await page.keyboard.press('Escape');
  assert.equal(await data(page, 'filter'), '');
  await page.close();
});

test('status lines go once untrue: a clash erased, Solved undone, a zoom prompt tapped', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  const status = () => page.textContent('#status');
  await clickCell(page, 1);
  await page.keyboard.type('4'); // r1c1 holds a given 4
  assert.match(await status(), /^r1c2: 4 is already in row 1/);
  await page.keyboard.press('Backspace');
  assert.equal(await status(), '', 'the clash is gone, and so is its message');
  // A clash that stays keeps its message through other edits.
  await page.keyboard.type('4');
  await clickCell(page, 2);
  await page.keyboard.type('7');
  assert.match(await status(), /^r1c2: 4 is already in row 1/, 'the clash is still there, and so is its message');
  await clickCell(page, 1);
  await page.keyboard.press('Backspace');
  assert.equal(await status(), '');
  await clickCell(page, 2);
  await page.keyboard.press('Backspace');

  await page.click('#solve');
  await idle(page);
  assert.match(await status(), /^Solved/);
  await page.click('#undo');
  assert.equal(await status(), '', '"Solved" goes with the solution');
  await page.close();

  // A zoom prompt on a phone goes once the cell is tapped.
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const phone = await context.newPage();
  await phone.goto(`${env.server.origin}/#size=64&seed=3`);
  await phone.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
  await phone.waitForFunction(() => !document.body.dataset.busy);
  const at = await cellPoint(phone, 64 * 20 + 40);
  await phone.touchscreen.tap(at.x, at.y);
  assert.match(await phone.textContent('#status'), /^Zoomed in/);
  await phone.touchscreen.tap(at.x, at.y);
  assert.equal(await phone.textContent('#status'), '', 'the prompt goes with the tap it asked for');
  await context.close();
});

test('a hint shown, at every stage, moves no control of the panel', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  const places = () => page.$$eval('.panel button, .panel select, .panel input', (controls) => controls
    .filter((c) => c.offsetParent !== null && !c.closest('#hint-text'))
    .map((c) => `${c.id || c.textContent.trim()}@${Math.round(c.getBoundingClientRect().top + c.closest('.panel').scrollTop)}`));
  const before = await places();
  for (let stage = 1; stage <= 3; stage++) {
    await page.click('#hint');
    await idle(page);
    assert.equal(await data(page, 'hintStage'), String(stage));
    assert.deepEqual(await places(), before, `stage ${stage}`);
  }
  await page.close();
});

test('after Generate, Blank or Load from the keyboard, the keys go to the new grid', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.fill('#seed', '11');
  await page.focus('#generate');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  await idle(page);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid');
  await page.focus('#blank');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid');
  await page.fill('#puzzle-text', UNIQUE);
  await page.focus('#load');
  await page.keyboard.press('Enter');
  await page.waitForFunction((line) => document.getElementById('grid').dataset.givens === line, UNIQUE);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid');
  await page.close();
});

test('the widget has the modes and a mouse selects several cells', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  await page.evaluate(async (line) => {
    await import('/www/widget.js');
    const el = document.createElement('sudoku-widget');
    el.setAttribute('puzzle', line);
    document.body.append(el);
  }, UNIQUE);
  await page.waitForFunction(() => document.querySelector('sudoku-widget').shadowRoot?.querySelector('canvas')?.width > 0);
  const shadow = (fn, arg) => page.evaluate(([f, a]) => new Function('root', 'a', `return (${f})(root, a)`)(document.querySelector('sudoku-widget').shadowRoot, a), [String(fn), arg]);
  const ids = await shadow((root) => [...root.querySelectorAll('.modes button')].map((b) => `${b.id}:${b.getAttribute('aria-pressed')}`));
  assert.deepEqual(ids, ['mode-digit:true', 'mode-corner:false', 'mode-centre:false', 'mode-colour:false']);
  const rect = await shadow((root) => root.querySelector('canvas').getBoundingClientRect().toJSON());
  const at = (cell) => ({ x: rect.x + ((cell % 9) + 0.5) * (rect.width / 9), y: rect.y + (Math.floor(cell / 9) + 0.5) * (rect.width / 9) });
  const changes = [];
  await page.exposeFunction('changed', (detail) => changes.push(detail));
  await page.evaluate(() => document.querySelector('sudoku-widget').addEventListener('change', (e) => window.changed(e.detail)));
  await page.mouse.move(at(1).x, at(1).y);
  await page.mouse.down();
  await page.mouse.move(at(3).x, at(3).y, { steps: 6 });
  await page.mouse.up();
  await shadow((root) => root.querySelector('#mode-corner').click());
  await page.keyboard.press('8');
  await page.waitForFunction(() => true);
  assert.equal(changes.at(-1)?.reason, 'mark');
  assert.deepEqual(changes.at(-1)?.cells?.sort(), [1, 2, 3]);
  assert.deepEqual(page.errors, []);
  await page.close();
});
