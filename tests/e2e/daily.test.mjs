// Today's puzzle: the same for everyone on a date, from the date alone, another the next
// day; links with dates it cannot use are refused in words and the game in play stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';
import { FIRST_DAY, dailyDateError, dailyHash, dailySeed, localDay } from '../../www/internal/daily.js';
import { parseHash } from '../../www/internal/persist.js';

test('daily dates: real days from the first one to tomorrow; the seed follows date, side and level', () => {
  const today = '2026-11-27';
  assert.equal(dailyDateError(today, today), null);
  assert.equal(dailyDateError('2026-11-28', today), null, 'tomorrow: already today somewhere');
  assert.equal(dailyDateError(FIRST_DAY, today), null);
  assert.match(dailyDateError('2026-11-29', today), /not out yet/);
  assert.match(dailyDateError('2025-12-31', today), /start on/);
  assert.match(dailyDateError('2026-02-30', today), /no day of the calendar/);
  assert.match(dailyDateError('27/11/2026', today), /YYYY-MM-DD/);
  assert.match(dailyDateError(undefined, today), /no date/);
  // Across a year end, tomorrow is still tomorrow.
  assert.equal(dailyDateError('2027-01-01', '2026-12-31'), null);
  const seeds = new Set([dailySeed(today, 9, 'hard'), dailySeed('2026-11-28', 9, 'hard'), dailySeed(today, 16, 'hard'),
    dailySeed(today, 9, 'easy')]);
  assert.equal(seeds.size, 4);
  assert.equal(dailySeed(today, 9, 'hard'), dailySeed(today, 9, 'hard'));
  assert.equal(localDay(new Date(2026, 0, 5, 23, 59)), '2026-01-05');

  // The link reads back as a seeded 9×9 or 16×16 at its level; bad ones say why.
  const read = parseHash(dailyHash(today, 16, 'expert'), today);
  assert.deepEqual(read.generate, { size: 16, box: '', symmetry: 'rot180', difficulty: 'expert', seed: dailySeed(today, 16, 'expert'), daily: today });
  assert.match(parseHash('#daily=2026-11-27&size=25', today).error, /9×9 and 16×16/);
  assert.match(parseHash('#daily=2026-11-27&difficulty=impossible', today).error, /no level/);
  assert.match(parseHash('#daily=2030-01-01', today).error, /not out yet/);
});

const env = withBrowser();

/** Opens the app in a fresh context whose clock says `date` (local noon), and presses Today's puzzle at `level`. */
async function dailyOn(date, level = 'easy') {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  await page.clock.setFixedTime(new Date(`${date}T12:00:00`));
  await page.goto(`${env.server.origin}/`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  await page.selectOption('#difficulty', level);
  await page.focus('#daily');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^Today's puzzle/.test(document.getElementById('status').textContent) && !document.body.dataset.busy);
  return { page, context, givens: await page.$eval('#grid', (c) => c.dataset.givens), hash: await page.evaluate(() => location.hash) };
}

test('the daily puzzle is the same in two fresh browsers on one date, and another the next day', async () => {
  const a = await dailyOn('2026-11-27');
  const b = await dailyOn('2026-11-27');
  const c = await dailyOn('2026-11-28');
  assert.match(a.givens, /^[1-9.]{81}$/);
  assert.ok(a.givens.replaceAll('.', '').length >= 17);
  assert.equal(a.givens, b.givens, 'the same puzzle for everyone on a date');
  assert.notEqual(a.givens, c.givens, 'another one the next day');
  assert.match(a.hash, /daily=2026-11-27/);
  assert.equal(await a.page.evaluate(() => document.activeElement.id), 'grid', 'the keys go to the new grid');
  assert.deepEqual(a.page.errors, []);

  // Played, left, and opened again from its link: as it was left.
  const empty = a.givens.indexOf('.');
  await a.page.keyboard.press('Home'); // r?c1 of the selected row: select the cell by its index instead
  await a.page.evaluate((cell) => {
    const canvas = document.getElementById('grid');
    const r = canvas.getBoundingClientRect();
    const pitch = r.width / 9;
    const x = r.left + ((cell % 9) + 0.5) * pitch;
    const y = r.top + (Math.floor(cell / 9) + 0.5) * pitch;
    canvas.dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: y, pointerType: 'mouse', button: 0, bubbles: true }));
  }, empty);
  await a.page.keyboard.press('Shift+Digit3');
  await a.page.waitForTimeout(400);
  await a.page.goto(`${env.server.origin}/${a.hash}`);
  await a.page.waitForFunction(() => document.getElementById('engine-version').textContent);
  assert.equal(await a.page.$eval('#grid', (c) => c.dataset.corner), `${empty}:3`);

  // A link for a day not out yet is refused in words, and the game in play stays.
  await a.page.evaluate(() => { location.hash = '#daily=2027-06-01&size=9'; });
  await a.page.waitForFunction(() => /not out yet/.test(document.getElementById('status').textContent));
  assert.equal(await a.page.$eval('#grid', (c) => c.dataset.corner), `${empty}:3`, 'the game in play stays');
  for (const x of [a, b, c]) await x.context.close();
});
