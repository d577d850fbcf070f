// What a player keeps and passes on: their record of solved puzzles (kept in the browser,
// exported and imported as a file, a file that is not one refused), and a link that
// carries their entries, marks and colours to another browser (a link cut short or made
// for another puzzle refused in words, the puzzle still opened).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBrowser } from './harness.mjs';
import { readStats } from '../../www/internal/stats.js';

// A solved grid (every row, column and box holds 1-9 once), and the puzzle it makes with
// two cells emptied: one solution, two entries from done.
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const ALMOST = `..${SOLVED.slice(2)}`;

const env = withBrowser();

async function fresh(hash) {
  const context = await env.browser.newContext({ acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  await page.goto(`${env.server.origin}/${hash}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  return { context, page };
}

async function clickCell(page, cell) {
  const { n, x, y, w } = await page.$eval('#grid', (c) => {
    const r = c.getBoundingClientRect();
    return { n: Number(c.dataset.size), x: r.left, y: r.top, w: r.width };
  });
  await page.mouse.click(x + ((cell % n) + 0.5) * (w / n), y + (Math.floor(cell / n) + 0.5) * (w / n));
}

const lines = (page) => page.$$eval('#stats-lines li', (items) => items.map((li) => li.textContent));

test('a puzzle solved counts once in the record; the record exports, and imports back only from a stats file', async () => {
  const { context, page } = await fresh(`#p=${ALMOST}`);
  await page.click('#stats summary');
  assert.match((await lines(page))[0], /^Solved: 0 puzzles/);
  await clickCell(page, 0);
  await page.keyboard.type(SOLVED[0]);
  await clickCell(page, 1);
  await page.keyboard.type(SOLVED[1]);
  assert.match(await page.textContent('#status'), /^Solved: every/);
  assert.match((await lines(page))[0], /^Solved: 1 puzzle, 0 hints used/);
  assert.ok((await lines(page)).some((line) => /^9×9 not graded: 1 solved, best \d+:\d\d, median \d+:\d\d$/.test(line)));
  // Undone and done again, it is still one game.
  await page.keyboard.press('Control+z');
  await page.keyboard.type(SOLVED[1]);
  assert.match((await lines(page))[0], /^Solved: 1 puzzle/);

  // Exported as a file that reads back as the same record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#stats-export')]);
  const text = await readFile(await download.path(), 'utf8');
  const read = readStats(text);
  assert.equal(read.stats?.solves.length, 1);
  assert.equal(read.stats.solves[0].size, 9);

  // A file that is not a stats file is refused, the record unchanged; a real one adds its solves.
  const dir = await mkdtemp(join(tmpdir(), 'sudoku64-stats-'));
  await writeFile(join(dir, 'notes.json'), '{"format": "something else"}');
  await page.setInputFiles('#stats-file', join(dir, 'notes.json'));
  await page.waitForFunction(() => /notes\.json/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /not a sudoku64 stats file.*unchanged/);
  const other = { ...read.stats, solves: [{ ...read.stats.solves[0], id: 'another-game', size: 16, level: 'hard', ms: 600000 }] };
  await writeFile(join(dir, 'other.json'), JSON.stringify(other));
  await page.setInputFiles('#stats-file', join(dir, 'other.json'));
  await page.waitForFunction(() => /other\.json/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /1 solve added/);
  assert.match((await lines(page))[0], /^Solved: 2 puzzles/);
  assert.ok((await lines(page)).includes('16×16 Hard: 1 solved, best 10:00, median 10:00'));
  // Kept in this browser: a reload shows it.
  await page.reload();
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.match((await lines(page))[0], /^Solved: 2 puzzles/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Share progress makes a link that opens the puzzle in another browser as it was left', async () => {
  const PUZZLE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
  const { context, page } = await fresh(`#p=${PUZZLE}`);
  await clickCell(page, 1);
  await page.keyboard.type('6');
  await clickCell(page, 2);
  await page.keyboard.press('Shift+Digit2');
  await page.keyboard.press('Shift+Digit7');
  await page.keyboard.press('Control+Digit5');
  await page.keyboard.press('v');
  await page.keyboard.type('4');
  const before = await page.$eval('#grid', (c) => ({ ...c.dataset }));
  await page.click('#share-progress');
  await page.waitForFunction(() => /Copied a link/.test(document.getElementById('status').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#.*p=.*&progress=1\.[A-Za-z0-9_-]+$/);
  await context.close();

  const other = await fresh(link.slice(link.indexOf('#')));
  const after = await other.page.$eval('#grid', (c) => ({ ...c.dataset }));
  for (const key of ['grid', 'givens', 'corner', 'centre', 'colours']) assert.equal(after[key], before[key], key);
  assert.match(await other.page.textContent('#status'), /Undo takes them back/);
  // One Undo takes the shared progress off; the puzzle stays.
  await other.page.click('#undo');
  assert.equal(await other.page.$eval('#grid', (c) => c.dataset.grid), PUZZLE);
  assert.doesNotMatch(await other.page.evaluate(() => location.hash), /progress=/, 'a reload will not put it back');
  await other.context.close();

  // Cut short, or for another puzzle: said, and the puzzle opens without it.
  const cut = await fresh(link.slice(link.indexOf('#'), -6));
  assert.match(await cut.page.textContent('#status'), /cut short/);
  assert.equal(await cut.page.$eval('#grid', (c) => c.dataset.grid), PUZZLE);
  await cut.context.close();
  const elsewhere = link.slice(link.indexOf('#')).replace(`p=${PUZZLE.replaceAll('.', '.')}`, `p=${PUZZLE.replace('4', '5')}`);
  const wrong = await fresh(elsewhere);
  assert.match(await wrong.page.textContent('#status'), /another puzzle|other puzzle|different puzzle/i);
  assert.equal((await wrong.page.$eval('#grid', (c) => c.dataset.grid))[0], '5');
  await wrong.context.close();
});
