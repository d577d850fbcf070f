// Saved state that someone else wrote: a corrupted or hostile localStorage entry, or a URL
// hash, never breaks the page and never wipes the other saved games, and the page says
// what it ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';
import { Game } from '../../www/internal/game.js';
import { fromLine } from '../../www/internal/grid.js';

const env = withBrowser();

// magictour top1465 #1: one solution.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

/** A game record as the app saves it, with one entry typed. */
function goodRecord(id) {
  const game = Game.fromPuzzle(9, fromLine(UNIQUE).values);
  game.enter(1, 2);
  return { id, hash: `#p=${UNIQUE}`, saved: 1, selected: 1, elapsed: 5000, game: game.toJSON() };
}

/**
 * Opens the app in a fresh context whose localStorage holds `stored` (key -> raw string)
 * before any of the page's scripts run, then waits for the engine and its first words.
 */
async function openWith(stored, hash = '') {
  const context = await env.browser.newContext();
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return; // only before the first load
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  await page.goto(`${env.server.origin}/${hash}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.waitForFunction(() => !document.getElementById('status').textContent.startsWith('Starting'));
  return { page, context };
}

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

test('hostile saved games are left out, the readable ones stay, and the page says so', async () => {
  const hostile = [
    goodRecord('good-1'),
    null,
    'a string',
    { id: 5, game: goodRecord('x').game },
    { id: 'no-game' },
    { id: 'bad-cells', game: { size: 9, values: '<img src=x onerror=alert(1)>' } },
    { id: 'bad-size', game: { ...goodRecord('y').game, size: 1e9 } },
    // Readable game data with odd fields: kept, with the odd fields reset.
    { ...goodRecord('good-2'), hash: 'javascript:alert(1)', selected: 1e9, level: { level: '<b>', name: '<b>' }, elapsed: -7, saved: 'soon' },
    { ...goodRecord('good-3'), level: { level: 'hard', name: '<img src=x>', score: 'many' } },
  ];
  const { page, context } = await openWith({ 'sudoku64.games': JSON.stringify(hostile) });
  const words = await page.textContent('#status');
  assert.match(words, /6 saved games could not be read and were left out/);
  assert.deepEqual(page.errors, []);
  // The first readable game is on the board, with its entry.
  const cells = await page.$eval('#grid', (c) => c.dataset.grid);
  assert.equal(cells[1], '2');
  // Playing on saves the list again: both readable games are still there.
  await page.click('#grid', { position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('5');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const ids = JSON.parse(await stored(page, 'sudoku64.games')).map((r) => r.id);
  assert.ok(ids.includes('good-1') && ids.includes('good-2') && ids.includes('good-3'), `kept: ${ids}`);
  const saved = JSON.parse(await stored(page, 'sudoku64.games'));
  assert.deepEqual(saved.find((r) => r.id === 'good-3').level, { level: 'hard', name: 'Hard', score: null });
  const odd = saved.find((r) => r.id === 'good-2');
  assert.equal(odd.hash.startsWith('#'), true, 'a hash that names nothing is replaced');
  assert.equal(odd.selected, null);
  assert.equal(odd.level, null);
  assert.equal(odd.elapsed, 0);
  await context.close();
});

test('an unreadable saved list is kept aside untouched, not saved over', async () => {
  const raw = '[{"id":"a","game":{"size":9,"values":"1..';
  const { page, context } = await openWith({ 'sudoku64.games': raw });
  assert.match(await page.textContent('#status'), /saved games could not be read; they are kept aside/);
  assert.deepEqual(page.errors, []);
  await page.click('#grid', { position: { x: 5, y: 5 } });
  await page.keyboard.type('7');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  assert.equal(await stored(page, 'sudoku64.games.unreadable'), raw);
  const list = JSON.parse(await stored(page, 'sudoku64.games'));
  assert.equal(list.length, 1, 'the new game is saved beside what was kept aside');
  await context.close();
});

test('a link that names nothing readable is ignored with a word, and the last game comes back', async () => {
  for (const hash of ['#p=<script>alert(1)</script>', '#size=1e400', '#size=9&seed=abc', '#%E0%A4%A']) {
    const { page, context } = await openWith({ 'sudoku64.games': JSON.stringify([goodRecord('kept')]) }, hash);
    assert.match(await page.textContent('#status'), /This link names no puzzle, so it was ignored/, hash);
    assert.deepEqual(page.errors, [], hash);
    const cells = await page.$eval('#grid', (c) => c.dataset.grid);
    assert.equal(cells[1], '2', `${hash}: the saved game is shown`);
    await context.close();
  }
});

test('two tabs keep each other’s games: saving merges what the other tab stored', async () => {
  const other = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  const context = await env.browser.newContext();
  const open = async (puzzle) => {
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (err) => page.errors.push(err));
    await page.goto(`${env.server.origin}/#p=${puzzle}`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    return page;
  };
  const type = async (page, key) => {
    await page.click('#grid', { position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type(key);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  };
  const first = await open(UNIQUE);
  await type(first, '2');
  const second = await open(other);
  await type(second, '4');
  await type(first, '6'); // the first tab saves again, after the second did
  const hashes = JSON.parse(await stored(first, 'sudoku64.games')).map((r) => decodeURIComponent(r.hash));
  assert.ok(hashes.some((h) => h.includes(UNIQUE)) && hashes.some((h) => h.includes(other)), hashes.join(' | '));
  // The first tab's recent list shows the second tab's game.
  await first.waitForFunction(() => document.querySelectorAll('#recent li, #recent button').length >= 2);
  assert.deepEqual([...first.errors, ...second.errors], []);
  await context.close();
});
