// The app page end to end: paste, type, solve, check, generate, cancel, the URL and reload,
// a crashed worker. The grid is read back as text (the canvas's data-grid, what Copy
// copies), never from pixels; solutions are checked against the rules, not hard-coded.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser, openApp as openAppAt } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import { cellAtTextPlace, fromLine, readLeniently } from '../../www/internal/grid.js';
import { gridKeyAction, shortcutAction } from '../../www/internal/input.js';

const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*';
// magictour top1465 #1: one solution.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
// Nine givens in one row cannot pin down a 9×9: many solutions.
const MULTIPLE = `123456789${'.'.repeat(72)}`;
// Row 1 needs a 9 in r1c9, but column 9 has one already; no two givens clash.
const NONE = '12345678.........9' + '.'.repeat(63);
// Two 5s in row 1 (r1c1 and r1c5).
const CLASHING = `5...5${'.'.repeat(76)}`;

// ---------------------------------------------------------------------------------------
// The page's own modules are plain ES modules without DOM: their rules run here in Node.

test('the game: entries, pencil marks, refusals, undo and redo, and saving', () => {
  const game = Game.fromPuzzle(4, fromLine('1...............').values);
  assert.deepEqual(game.enter(0, 2), { refused: 'given' });
  game.toggleMark(5, 3);
  game.toggleMark(5, 4);
  game.toggleMark(15, 3);
  assert.deepEqual(game.pencil[5], [3, 4]);
  game.enter(1, 3); // r1c2 = 3 takes 3 out of its peer r2c2's marks, not out of r4c4's
  assert.deepEqual(game.pencil[5], [4]);
  assert.deepEqual(game.pencil[15], [3]);
  assert.equal(game.line(), '13..............');
  game.undo();
  assert.deepEqual(game.pencil[5], [3, 4], 'one undo restores the entry and the marks it removed');
  assert.equal(game.line(), '1...............');
  game.redo();
  assert.equal(game.line(), '13..............');
  game.enter(2, 1);
  assert.deepEqual(game.clashes(), [0, 2]);
  assert.deepEqual(game.toggleMark(2, 4), { refused: 'filled' });

  const copy = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.equal(copy.line(), game.line());
  assert.equal(copy.givensLine(), '1...............');
  assert.deepEqual(copy.pencil[5], [4]);

  game.clearEntries();
  assert.equal(game.line(), '1...............');
  game.undo();
  assert.equal(game.line(), '131.............');
  assert.equal(Game.fromJSON({ size: 9, values: 'nonsense' }), null);
});

test('a lenient reading finds the cell at a line and column of a framed grid', () => {
  const text = ['+-----+-----+', '| 1 2 | 3 4 |', '| 3 4 | 1 Z |', '+-----+-----+',
    '| 2 1 | 4 3 |', '| 4 3 | 2 1 |', '+-----+-----+'].join('\n');
  const read = readLeniently(text);
  assert.equal(read.size, 4);
  assert.equal(cellAtTextPlace(read, 3, 11), 7, 'the Z is r2c4');
  assert.equal(read.values[7], 0, 'and reads as empty');
  assert.equal(read.values[6], 1);
  assert.equal(readLeniently('1234'), null, 'four cells fit no grid');
});

test('the key map: moves, symbols of each size, Tab always leaving the grid', () => {
  assert.deepEqual(gridKeyAction({ key: 'ArrowRight' }, 9, 8), { move: 8 }, 'stops at the edge');
  assert.deepEqual(gridKeyAction({ key: 'ArrowDown', ctrlKey: true }, 9, 0), { move: 27 }, 'Ctrl jumps a box');
  assert.equal(gridKeyAction({ key: 'Tab' }, 9, 3), null, 'the grid is one tab stop');
  assert.equal(gridKeyAction({ key: 'Tab', shiftKey: true }, 9, 40), null);
  assert.equal(gridKeyAction({ key: 'Tab' }, 9, -1), null);
  assert.deepEqual(gridKeyAction({ key: 'Escape' }, 9, 5), { deselect: true });
  assert.deepEqual(gridKeyAction({ key: 'g' }, 16, 0), { symbol: 16 }, 'lower case reads as upper case up to 35 symbols');
  assert.deepEqual(gridKeyAction({ key: 'a' }, 36, 0), { symbol: 36 }, 'from 36 symbols, case matters');
  assert.deepEqual(gridKeyAction({ key: '*' }, 64, 0), { symbol: 64 });
  assert.deepEqual(gridKeyAction({ key: 'H' }, 16, 0), { notSymbol: 'H' });
  assert.deepEqual(gridKeyAction({ key: 'Backspace' }, 9, 0), { clear: true });
  assert.equal(gridKeyAction({ key: 'v', ctrlKey: true }, 9, 0), null, 'Ctrl+V is left to the paste handler');
  assert.equal(shortcutAction({ key: 'Z', ctrlKey: true, shiftKey: true }), 'redo');
  assert.equal(shortcutAction({ key: 'y', ctrlKey: true }), 'redo');
  assert.equal(shortcutAction({ key: 'z', metaKey: true }), 'undo');
});

const env = withBrowser();

/** Opens the app (a fresh browser context, so fresh localStorage) and waits for the engine. */
const openApp = (hash = '') => openAppAt(env, hash);

const gridText = (page) => page.$eval('#grid', (c) => c.dataset.grid);
const givensText = (page) => page.$eval('#grid', (c) => c.dataset.givens);
const statusText = (page) => page.textContent('#status');
const idle = (page) => page.waitForFunction(() => !document.body.dataset.busy);

/** Throws unless `solution` is a complete grid obeying the rules and keeping every given of `puzzle`. */
function assertSolves(puzzle, solution, box = '') {
  const n = Math.round(Math.sqrt(puzzle.length));
  // Boxes `high` rows by `wide` columns: as asked, else the squarest split, wide side horizontal.
  let high = 1;
  for (let r = 1; r * r <= n; r++) if (n % r === 0) high = r;
  if (box) high = Number(box.split('x')[0]);
  const wide = n / high;
  assert.equal(solution.length, n * n, 'solution length');
  const value = (i) => ALPHABET.indexOf(solution[i]) + 1;
  for (let i = 0; i < n * n; i++) {
    assert.ok(value(i) >= 1 && value(i) <= n, `cell ${i} holds "${solution[i]}"`);
    if (puzzle[i] !== '.') assert.equal(solution[i], puzzle[i], `given at cell ${i} kept`);
  }
  const units = [];
  for (let a = 0; a < n; a++) {
    const row = [];
    const column = [];
    const box = [];
    for (let b = 0; b < n; b++) {
      row.push(a * n + b);
      column.push(b * n + a);
      // Box a (row-major, n / wide of them to a band), its cell b in reading order.
      const top = Math.floor(a / (n / wide)) * high;
      const left = (a % (n / wide)) * wide;
      box.push((top + Math.floor(b / wide)) * n + left + (b % wide));
    }
    units.push(row, column, box);
  }
  for (const unit of units) assert.equal(new Set(unit.map(value)).size, n, `unit ${unit.slice(0, 3)}… repeats a symbol`);
}

/** A puzzle of side n cut from a patterned solution, with about two cells in three emptied. */
function patternPuzzle(n) {
  const k = Math.sqrt(n);
  let line = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      line += (r * 7 + c * 13) % 3 === 0 ? ALPHABET[(k * (r % k) + Math.floor(r / k) + c) % n] : '.';
    }
  }
  return line;
}

/** Pastes text as the clipboard's content with Ctrl+V, focus on the page (not in a text field). */
async function pasteText(page, text) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+V');
}

test('paste an 81-character puzzle, Solve, and read back a solution that obeys the rules', async () => {
  const page = await openApp();
  await pasteText(page, UNIQUE);
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  assert.equal(await gridText(page), UNIQUE);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  const solution = await gridText(page);
  assertSolves(UNIQUE, solution);
  // Copy puts the same one-line text on the clipboard.
  await page.click('#copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), solution);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a puzzle with several solutions says so, shows one, and outlines where two differ', async () => {
  const page = await openApp();
  await page.fill('#puzzle-text', MULTIPLE);
  await page.click('#load');
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /more than one solution/);
  assertSolves(MULTIPLE, await gridText(page));
  const marked = await page.$eval('#grid', (c) => c.dataset.marked);
  assert.ok(marked.split(' ').length >= 2, `cells where the solutions differ are marked: "${marked}"`);
  await page.close();
});

test('a long search shows its seconds and its conflicts (or guesses), and Cancel stops it', async () => {
  // A 49×49 grid with 45% of its cells blanked at random: no engine decides it in seconds.
  const text = readFileSync(new URL('../../bench/data/blanks-49-45.txt', import.meta.url), 'utf8');
  const puzzle = text.split('\n').find((line) => line && !line.startsWith('#'));
  const page = await openApp();
  await page.fill('#puzzle-text', puzzle);
  await page.click('#load');
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, puzzle);
  await page.click('#solve');
  // The seconds, then the engine's counts, appear beside the bar while the search runs.
  await page.waitForFunction(() => /^\d+ s · .*(guesses|conflicts)/.test(document.getElementById('progress-text').textContent),
    null, { timeout: 20000 });
  assert.equal(await page.isVisible('#cancel'), true);
  // However long the counts get, Cancel stays inside the status box.
  const [box, cancel] = await Promise.all(['.status-box', '#cancel'].map((sel) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON())));
  assert.ok(cancel.right <= box.right && cancel.left >= box.left, `Cancel at ${cancel.left}–${cancel.right}, box ${box.left}–${box.right}`);
  await page.click('#cancel');
  await idle(page);
  assert.match(await statusText(page), /Cancelled/);
  assert.equal(await givensText(page), puzzle, 'the grid is the one before');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a puzzle with no solution says so and fills nothing', async () => {
  const page = await openApp();
  await page.fill('#puzzle-text', NONE);
  await page.click('#load');
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /no solution/);
  assert.equal(await gridText(page), NONE);
  await page.close();
});

test('a pasted puzzle whose givens clash points at both cells, in words and on the grid', async () => {
  const page = await openApp();
  await pasteText(page, CLASHING);
  await page.waitForFunction(() => document.getElementById('grid').dataset.errors);
  const errors = await page.$eval('#grid', (c) => c.dataset.errors);
  assert.deepEqual(errors.split(' ').map(Number), [0, 4]);
  assert.match(await statusText(page), /r1c1.*r1c5/);
  // Solve lets the engine say it too, and the engine's cells are outlined.
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /Invalid input/);
  const engineCells = (await page.$eval('#grid', (c) => c.dataset.errors)).split(' ').map(Number);
  assert.ok(engineCells.includes(4), `the engine points at r1c5: ${engineCells}`);
  await page.close();
});

test('a pasted 16×16 with a character outside its alphabet points at that cell', async () => {
  const page = await openApp();
  const puzzle = [...patternPuzzle(16)];
  puzzle[16 + 4] = 'Z'; // r2c5: Z is no symbol of a 16×16 (1-9, A-G)
  const rows = Array.from({ length: 16 }, (_, r) => puzzle.slice(r * 16, r * 16 + 16).join(''));
  await pasteText(page, rows.join('\n'));
  await page.waitForFunction(() => /not a valid puzzle/.test(document.getElementById('status').textContent));
  const status = await statusText(page);
  assert.match(status, /line 2, column 5/, status);
  assert.match(status, /r2c5 is outlined in red/, status);
  assert.equal(await page.$eval('#grid', (c) => c.dataset.errors), '20');
  assert.equal(await page.$eval('#grid', (c) => c.dataset.size), '16', 'the rest of the grid is shown');
  await page.close();
});

test('pasting a framed grid goes through the engine reader', async () => {
  const page = await openApp();
  const rows = [];
  for (let r = 0; r < 9; r++) {
    if (r % 3 === 0) rows.push('+-------+-------+-------+');
    const cells = [...UNIQUE.slice(r * 9, r * 9 + 9)];
    rows.push(`| ${cells.slice(0, 3).join(' ')} | ${cells.slice(3, 6).join(' ')} | ${cells.slice(6).join(' ')} |`);
  }
  rows.push('+-------+-------+-------+');
  await pasteText(page, rows.join('\n'));
  await page.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  await page.close();
});

test('keyboard only: focus the grid with Tab, type, move, clear, pencil, undo and redo, Tab out', async () => {
  const page = await openApp();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'grid');
  await page.keyboard.type('5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('3');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('9');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('1');
  let grid = await gridText(page);
  assert.equal(grid.slice(0, 2), '53');
  assert.equal(grid.slice(9, 12), '.91');
  assert.equal(await givensText(page), '.'.repeat(81), 'typed symbols are entries, not givens');

  await page.keyboard.press('Backspace');
  assert.equal((await gridText(page)).slice(9, 12), '.9.');
  await page.keyboard.press('Control+Z');
  assert.equal((await gridText(page)).slice(9, 12), '.91');
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  assert.equal((await gridText(page)).slice(9, 12), '...');
  await page.keyboard.press('Control+Y');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal((await gridText(page)).slice(9, 12), '.91');

  // Letters outside a 9×9's alphabet are refused with a message.
  await page.keyboard.type('A');
  assert.equal((await gridText(page)).slice(9, 12), '.91');
  assert.match(await statusText(page), /not a symbol/);

  // Pencil mode: marks go into the empty cell, not values.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.keyboard.type('27');
  assert.equal((await gridText(page))[12], '.');
  assert.match(await page.textContent('#cell-info'), /marks 2 7/);
  await page.keyboard.press('Space');

  // The grid is one tab stop: Tab moves focus on to the page's controls.
  await page.keyboard.press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'grid');
  grid = await gridText(page);
  assert.equal(grid.replaceAll('.', ''), '5391');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a button pressed from the keyboard keeps the focus through its job', async () => {
  const page = await openApp();
  await page.fill('#puzzle-text', UNIQUE);
  await page.click('#load');
  const focused = () => page.evaluate(() => document.activeElement.id);
  for (const id of ['hint', 'solve']) {
    await page.focus(`#${id}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.busy === '');
    assert.equal(await focused(), id, `${id}: the focus came back after the job`);
  }
  assert.match(await statusText(page), /exactly one solution/);
  // Tab goes on from there to the next button, not from the top of the page.
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'check');

  // Apply, then Undo, go grey once used: the focus moves on to Hint, and to the grid.
  await page.click('#clear');
  await page.fill('#puzzle-text', UNIQUE);
  await page.click('#load');
  await page.focus('#hint');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('apply').disabled);
  await page.focus('#apply');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('apply').disabled);
  assert.equal(await focused(), 'hint');
  await page.focus('#undo');
  for (let i = 0; i < 20 && !(await page.$eval('#undo', (b) => b.disabled)); i++) await page.keyboard.press('Enter');
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
  assert.equal(await focused(), 'grid');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Check counts solutions; a given cannot be overwritten; repeated symbols are flagged as clashes', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.click('#check');
  await idle(page);
  assert.match(await statusText(page), /no clashes, and exactly one solution/);
  await page.click('#grid', { position: { x: 5, y: 5 } }); // r1c1, a given (4)
  await page.keyboard.type('7');
  assert.equal((await gridText(page))[0], '4');
  assert.match(await statusText(page), /given/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('4'); // r1c2 = 4 repeats r1c1's 4
  assert.equal(await page.$eval('#grid', (c) => c.dataset.clashes), '0 1');
  await page.click('#check');
  await idle(page);
  assert.match(await statusText(page), /clash/);
  await page.close();
});

test('the URL carries a pasted puzzle, and opening it restores the puzzle', async () => {
  const first = await openApp();
  await pasteText(first, UNIQUE);
  await first.waitForFunction((p) => document.getElementById('grid').dataset.givens === p, UNIQUE);
  await first.waitForFunction(() => location.hash.startsWith('#p='));
  const url = first.url();
  await first.close();

  const second = await openPage(env.browser, url); // a new context: no localStorage
  await second.waitForFunction(() => document.getElementById('grid').dataset.givens);
  assert.equal(await givensText(second), UNIQUE);
  await second.close();
});

test('a reload keeps the game in progress: givens stay givens, entries stay entries', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  await page.click('#grid', { position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('2');
  const before = await gridText(page);
  assert.equal(before[1], '2');
  // Saved a moment after the entry: a reload that came first could miss it.
  await page.waitForFunction(() => /"values":"[^"]2/.test(localStorage.getItem('sudoku64.games') ?? ''));
  await page.reload();
  await page.waitForFunction(() => document.getElementById('grid').dataset.grid);
  assert.equal(await gridText(page), before);
  assert.equal(await givensText(page), UNIQUE, 'the entry stays an entry');
  await page.close();
});

test('generate a 9×9 with a seed: a valid puzzle with one solution, and its URL makes it again', async () => {
  const page = await openApp();
  await page.selectOption('#size', '9');
  await page.fill('#seed', '1234');
  await page.evaluate(() => {
    // Every value the progress bar shows, however briefly.
    window.progressSeen = [];
    const bar = document.getElementById('progress');
    new MutationObserver((records) => {
      for (const r of records) if (r.oldValue !== null) window.progressSeen.push(Number(r.oldValue));
      window.progressSeen.push(bar.value);
    }).observe(bar, { attributes: true, attributeFilter: ['value'], attributeOldValue: true });
  });
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  const progress = await page.evaluate(() => window.progressSeen);
  assert.ok(progress.some((p) => p > 0), `progress was shown: ${progress}`);
  const puzzle = await givensText(page);
  assert.equal(puzzle.length, 81);
  assert.ok(puzzle.replaceAll('.', '').length >= 17, 'at least 17 givens');
  assert.match(page.url(), /#.*size=9.*seed=1234/);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  assertSolves(puzzle, await gridText(page));
  const url = page.url();
  await page.close();

  const again = await openPage(env.browser, url);
  await again.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(again), puzzle);
  await again.close();
});

test('a 6×6 from the form has 2×3 boxes, offers only the symmetries they allow, and solves', async () => {
  const page = await openApp();
  await page.selectOption('#size', '6');
  assert.equal(await page.isVisible('#box'), false, 'one box shape: no choice to offer');
  const disabled = await page.$$eval('#symmetry option', (options) => options.filter((o) => o.disabled).map((o) => o.value));
  assert.deepEqual(disabled.sort(), ['diagonal', 'rot90']);
  await page.fill('#seed', '77');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated 6×6/.test(document.getElementById('status').textContent));
  const puzzle = await givensText(page);
  assert.equal(puzzle.length, 36);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  assertSolves(puzzle, await gridText(page), '2x3');
  await page.close();
});

test('a 12×12 with 2×6 boxes: its solution obeys those boxes, and its link carries them', async () => {
  const page = await openApp();
  await page.selectOption('#size', '12');
  assert.equal(await page.isVisible('#box'), true, '12×12 has two box shapes');
  assert.deepEqual(await page.$$eval('#box option', (o) => o.map((x) => x.value)), ['3x4', '2x6']);
  await page.selectOption('#box', '2x6');
  await page.fill('#seed', '31');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated 12×12/.test(document.getElementById('status').textContent));
  assert.match(page.url(), /box=2x6/);
  const puzzle = await givensText(page);
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  const solution = await gridText(page);
  assertSolves(puzzle, solution, '2x6');
  // Copy keeps the boxes: a Solo game ID, which pasted back opens with 2×6 boxes again.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.click('#copy');
  await page.waitForFunction(() => /Solo game ID/.test(document.getElementById('status').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^2x6:/);
  const url = page.url();
  await page.close();
  const again = await openPage(env.browser, url);
  await again.waitForFunction(() => /Generated 12×12/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(again), puzzle, 'the link makes the same puzzle with the same boxes');
  assert.equal(await again.inputValue('#box'), '2x6');
  await again.close();
});

test('a pasted 36-character line is a 6×6 with 2×3 boxes, and a clash within a box is named', async () => {
  const page = await openApp();
  // r1c1 and r2c3 share the first 2×3 box, not a row or column.
  const clash = `1.....${'..1...'}${'.'.repeat(24)}`;
  await pasteText(page, clash);
  await page.waitForFunction(() => /clash/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /r1c1/);
  assert.match(await statusText(page), /r2c3/);
  await page.close();
});

test("a pasted Solo game ID opens with its boxes, and a bad one is named by section and character", async () => {
  const page = await openApp();
  // Simon Tatham's Solo, 2x3 Basic, seed 1 (tests/data/solo-ids.txt).
  await pasteText(page, '2x3:a5d4_6a5g4_2g5a3_6d2a');
  await page.waitForFunction(() => /Loaded a 6×6 puzzle/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(page), '.5....46.5.......42.......5.36....2.');
  await page.click('#solve');
  await idle(page);
  assertSolves(await givensText(page), await gridText(page), '2x3');
  await pasteText(page, '2x3:a5d4_6a5g4_2g5a3_6d2');
  await page.waitForFunction(() => /not a valid puzzle/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /game ID, description, character 25/);
  await page.close();
});

test('a pasted sudokuwiki link opens its puzzle; a link from a site not read says so', async () => {
  const page = await openApp();
  const bd = '000000010400000000020000000000050407008000300001090000300400200050100000000806000';
  await pasteText(page, `https://www.sudokuwiki.org/sudoku.htm?bd=${bd}`);
  await page.waitForFunction(() => /Loaded a 9×9 puzzle with 17 givens/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(page), bd.replaceAll('0', '.'));
  await pasteText(page, 'https://example.com/puzzle?id=7');
  await page.waitForFunction(() => /not a valid puzzle/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /site whose puzzles are not read here/);
  // The paste box says it too, under it, as its description, and is marked invalid; an
  // edit takes the note away, and a text that loads leaves none.
  const note = () => page.evaluate(() => {
    const box = document.getElementById('puzzle-text');
    const described = document.getElementById(box.getAttribute('aria-describedby'));
    return { text: described.hidden ? '' : described.textContent, invalid: box.getAttribute('aria-invalid') };
  });
  const refused = await note();
  assert.match(refused.text, /^This is a link to a site whose puzzles are not read here/);
  assert.equal(refused.invalid, 'true');
  await page.type('#puzzle-text', 'x');
  assert.deepEqual(await note(), { text: '', invalid: null });
  await pasteText(page, 'https://example.com/puzzle?id=8');
  await page.waitForFunction(() => !document.getElementById('paste-note').hidden);
  await pasteText(page, `https://www.sudokuwiki.org/sudoku.htm?bd=${bd}`);
  await page.waitForFunction(() => /Loaded a 9×9 puzzle/.test(document.getElementById('status').textContent));
  assert.deepEqual(await note(), { text: '', invalid: null });
  await page.close();
});

test('Minimal at 16×16: the summary says minimal, Empty stands aside, and the link makes it again', async () => {
  const page = await openApp();
  await page.selectOption('#size', '9');
  assert.equal(await page.$eval('#minimal', (b) => b.disabled), true, 'a 9×9 is always minimal');
  await page.selectOption('#size', '16');
  await page.fill('#seed', '5');
  await page.check('#minimal');
  assert.equal(await page.$eval('#empty', (e) => e.disabled), true, 'Minimal stands in for Empty');
  await page.click('#generate');
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  assert.match(await statusText(page), /16×16, .*minimal/);
  assert.match(await page.textContent('#status-details'), /no clue can be removed/);
  assert.match(page.url(), /#.*size=16.*seed=5.*minimal=1/);
  const puzzle = await givensText(page);
  const url = page.url();
  await page.close();

  const again = await openPage(env.browser, url);
  await again.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  assert.equal(await givensText(again), puzzle);
  assert.equal(await again.$eval('#minimal', (b) => b.checked), true);
  await again.selectOption('#size', '36');
  assert.equal(await again.$eval('#minimal', (b) => b.disabled), false, 'offered up to 36×36');
  assert.equal(await again.$eval('#empty', (e) => e.disabled), true, 'Minimal still stands in for Empty');
  await again.selectOption('#size', '49');
  assert.equal(await again.$eval('#minimal', (b) => b.disabled), true, 'too long to prove at 49×49');
  assert.equal(await again.$eval('#empty', (e) => e.disabled), false);
  assert.deepEqual(again.errors, []);
  await again.close();
});

test('a 64×64 generation reports progress while the page keeps painting and taking input', async () => {
  const page = await openApp();
  // Whether a key landed while the run was on: noted in the page as the key is handled,
  // since a generation may end on a busy machine before the key typed after it started
  // arrives (then the run is made again, on a blank grid).
  await page.evaluate(() => {
    document.addEventListener('keydown', (event) => {
      if (event.key !== '7') return;
      const busy = document.body.dataset.busy;
      setTimeout(() => { window.keyLanded = { busy, first: document.getElementById('grid').dataset.grid[0] }; });
    }, true);
  });
  let watch;
  let during;
  for (let attempt = 1; attempt <= 3 && during?.busy !== 'generate'; attempt++) {
    if (attempt > 1) {
      await watch;
      await page.click('#blank');
    }
    await page.selectOption('#size', '64');
    await page.evaluate(() => { window.keyLanded = null; });
    await page.click('#generate');
    await page.waitForFunction(() => document.body.dataset.busy === 'generate');
    // While the worker generates: count animation frames and keep the progress values seen.
    watch = page.evaluate(() => new Promise((resolve) => {
      let frames = 0;
      const seen = new Set();
      const tick = () => {
        frames++;
        const p = document.getElementById('progress');
        if (p.hasAttribute('value')) seen.add(p.value);
        if (document.body.dataset.busy) requestAnimationFrame(tick);
        else resolve({ frames, seen: [...seen] });
      };
      requestAnimationFrame(tick);
    }));
    // A key typed during the run lands in the grid before the run ends.
    await page.focus('#grid');
    await page.keyboard.type('7');
    during = await (await page.waitForFunction(() => window.keyLanded)).jsonValue();
  }
  assert.deepEqual(during, { busy: 'generate', first: '7' });
  const { frames, seen } = await watch;
  assert.ok(frames >= 10, `animation frames kept coming during generation: ${frames}`);
  assert.ok(seen.some((p) => p > 0 && p < 1), `progress between 0 and 1 was shown: ${seen}`);
  assert.match(await statusText(page), /Generated 64×64, \d,\d{3} clues \(\d+% empty\), [\w° ]*symmetry, seed \d+/);
  // Digging stopped at the size's target: the details say so in a player's words.
  assert.match(await page.textContent('#status-details'), /dug to the target, not proved minimal/);
  const puzzle = await givensText(page);
  assert.equal(puzzle.length, 64 * 64);
  assert.equal(await page.$eval('#grid', (c) => c.dataset.clashes), '', 'no two givens clash');
  await page.close();
});

test('Cancel stops a 64×64 generation at once, keeps the grid, and the engine works afterwards', async () => {
  const page = await openApp(`#p=${UNIQUE}`);
  // Mid-way: the engine has reported progress, and is far from done. Cancel is pressed in
  // the page in the same task that sees the run still on: on a busy machine the run may
  // end first, and is then made again from the same puzzle (three tries).
  let pressed = false;
  for (let attempt = 1; attempt <= 3 && !pressed; attempt++) {
    if (attempt > 1) await page.goto(`${env.server.origin}/#p=${UNIQUE}`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    await page.selectOption('#size', '64');
    await page.click('#generate');
    await page.waitForFunction(() => document.body.dataset.busy === 'generate');
    await page.waitForFunction(() => document.getElementById('progress').hasAttribute('value')
      || !document.body.dataset.busy);
    pressed = await page.evaluate(() => {
      if (document.body.dataset.busy !== 'generate') return false;
      document.getElementById('cancel').click();
      return true;
    });
    await idle(page);
  }
  assert.ok(pressed, 'Cancel was pressed while the generation ran');
  assert.match(await statusText(page), /Cancelled/);
  assert.equal(await givensText(page), UNIQUE, 'the grid is the one before');
  // The worker was replaced: the next job runs.
  await page.click('#solve');
  await idle(page);
  assert.match(await statusText(page), /exactly one solution/);
  await page.close();
});

// Two ways an engine dies: its worker throws (an uncaught error), or the wasm panics (the
// worker reports kind 'panic' and closes). Either way the first worker is a stand-in.
const BROKEN_WORKERS = {
  crash: 'self.onmessage = () => { throw new Error("simulated crash"); };',
  panic: `self.onmessage = ({ data }) => {
    self.postMessage({ id: data.id, ok: false, error: { kind: 'panic', message: 'the engine crashed: unreachable' } });
    self.close();
  };`,
};
for (const [how, body] of Object.entries(BROKEN_WORKERS)) {
  test(`a worker ${how} shows a message and the app recovers on its own`, async () => {
    const page = await env.browser.newPage();
    let loads = 0;
    await page.route('**/www/internal/worker.js', (route) => {
      loads++;
      return loads > 1 ? route.continue() : route.fulfill({ contentType: 'text/javascript', body });
    });
    await page.goto(`${env.server.origin}/#p=${UNIQUE}`);
    await page.waitForFunction(() => /restarted/.test(document.getElementById('status').textContent));
    assert.match(await statusText(page), /stopped unexpectedly/);
    assert.equal(loads, 2, 'a second worker was started');
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    // And the new worker does the work.
    await page.click('#solve');
    await idle(page);
    assertSolves(UNIQUE, await gridText(page));
    await page.close();
  });
}

test('a 64×64 fits a 1280×800 and a 1366×768 window, legibly, and a smaller window scrolls to it', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${env.server.origin}/#size=64`);
  await page.waitForFunction(() => document.getElementById('grid').dataset.size === '64');
  const fit = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const board = document.getElementById('board');
    const rect = document.getElementById('grid').getBoundingClientRect();
    resolve({
      pitch: rect.height / 64, bottom: rect.bottom, right: rect.right, width: innerWidth, height: innerHeight,
      scrolls: board.scrollHeight > board.clientHeight || board.scrollWidth > board.clientWidth,
    });
  })));
  const big = await fit();
  assert.ok(big.pitch >= 11, `about 11-12 px per cell: ${big.pitch}`);
  assert.ok(big.bottom <= big.height && big.right <= big.width, 'the whole grid is in the window');
  assert.equal(big.scrolls, false);
  // A 1366×768 laptop: 10-pixel cells (drawn with an 11-pixel cell's glyphs) fit it whole.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.waitForFunction(() => document.getElementById('grid').getBoundingClientRect().bottom <= innerHeight);
  const laptop = await fit();
  assert.ok(laptop.bottom <= laptop.height && laptop.right <= laptop.width, `the whole grid is in the window: ${JSON.stringify(laptop)}`);
  assert.equal(laptop.scrolls, false);
  assert.ok(laptop.pitch >= 10, `cells of 10 px or more: ${laptop.pitch}`);
  await page.setViewportSize({ width: 800, height: 500 });
  await page.waitForFunction(() => document.getElementById('grid').getBoundingClientRect().height < 790
    || document.getElementById('board').scrollHeight > document.getElementById('board').clientHeight);
  const small = await fit();
  assert.ok(small.pitch >= 11, 'cells keep their legible size');
  assert.equal(small.scrolls, true, 'the board scrolls instead');
  await page.close();
});

test('themes follow prefers-color-scheme and the toggle overrides it', async () => {
  const page = await env.browser.newPage({ colorScheme: 'dark' });
  await page.goto(`${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('grid').width > 0);
  // The colour of a cell's middle, drawn on the canvas.
  const cellColour = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const c = document.getElementById('grid');
    const [r, g, b] = c.getContext('2d').getImageData(c.width / 2 + c.width / 20, c.height - 6, 1, 1).data;
    resolve((r + g + b) / 3);
  })));
  assert.ok(await cellColour() < 80, 'dark cells under a dark system theme');
  await page.click('#theme-toggle');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.ok(await cellColour() > 200, 'light cells after the toggle');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('grid').width > 0);
  assert.ok(await cellColour() > 200, 'the choice survives a reload');
  await page.close();
});

test('a seed in the address beyond the largest one is refused by name, not wrapped', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/#size=4&seed=99999999999999999999`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.waitForFunction(() => /seed/.test(document.getElementById('status').textContent));
  const status = await page.textContent('#status');
  assert.match(status, /99999999999999999999/);
  assert.match(status, /18446744073709551615/);
  assert.doesNotMatch(status, /Generated/);
  assert.equal(await page.$eval('#status', (s) => s.dataset.tone), 'error');
  await page.close();
});
