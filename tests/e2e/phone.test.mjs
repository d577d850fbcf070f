// A phone in one hand: at 390×844 and 360×740 held upright, and both held sideways, the
// whole 9×9 and the pad with its modes are on the screen at once, in the app and in the
// widget; every button is 44×44 CSS px or more; the modes and the pad work by touch; a
// finger's drag selects cells, its tap on a 16×16 cell selects it at once. Measured in Chromium with touch emulation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';

const PUZZLE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const SIZES = [[390, 844], [360, 740], [844, 390], [740, 360]];

const env = withBrowser();

async function phone(width, height) {
  const context = await env.browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  return { context, page };
}

/** Rectangles of what must show, in CSS px, and the buttons smaller than a finger. */
function measure(root) {
  const rect = (el) => el.getBoundingClientRect();
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  const grid = root.querySelector('canvas');
  const buttons = [...root.querySelectorAll('.modes button, .palette button')];
  const small = [...root.querySelectorAll('button')]
    .filter((b) => b.offsetParent !== null && (rect(b).width < 43.5 || rect(b).height < 43.5))
    .map((b) => `${b.id || b.textContent.trim()}: ${Math.round(rect(b).width)}×${Math.round(rect(b).height)}`);
  return {
    grid: inside(rect(grid)) && rect(grid).width > 200,
    pad: buttons.length >= 14 && buttons.every((b) => inside(rect(b))),
    scrolled: scrollY,
    small,
  };
}

for (const [width, height] of SIZES) {
  test(`the app at ${width}×${height}: grid and pad at once, 44 px targets`, async () => {
    const { context, page } = await phone(width, height);
    await page.goto(`${env.server.origin}/#p=${PUZZLE}`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    const seen = await page.evaluate(`(${measure})(document)`);
    assert.equal(seen.scrolled, 0);
    assert.ok(seen.grid, 'the whole grid is on the screen');
    assert.ok(seen.pad, 'the modes and every symbol button are on the screen');
    assert.deepEqual(seen.small, [], 'every button takes a finger');
    // A tap selects, a digit from the pad enters, with nothing scrolled.
    const box = await page.$eval('#grid', (c) => c.getBoundingClientRect().toJSON());
    const pitch = box.width / 9;
    await page.touchscreen.tap(box.x + 1.5 * pitch, box.y + 0.5 * pitch);
    await page.tap('#palette button[data-value="6"]');
    assert.equal((await page.$eval('#grid', (c) => c.dataset.grid))[1], '6');
    // The modes by touch: a corner mark, a centre mark and a colour in the next cell.
    await page.touchscreen.tap(box.x + 2.5 * pitch, box.y + 0.5 * pitch);
    for (const [mode, value] of [['corner', '3'], ['centre', '5'], ['colour', '2'], ['digit', null]]) {
      await page.tap(`#mode-${mode}`);
      assert.equal(await page.$eval(`#mode-${mode}`, (b) => b.getAttribute('aria-pressed')), 'true');
      if (value) await page.tap(`#palette button[data-value="${value}"]`);
    }
    const notes = await page.$eval('#grid', (c) => [c.dataset.corner, c.dataset.centre, c.dataset.colours]);
    assert.deepEqual(notes, ['2:3', '2:5', '2:2']);
    assert.equal(await page.evaluate(() => scrollY), 0);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('a finger dragged over a grid that fits selects the cells it passes; a 16×16 cell is selected by the first tap', async () => {
  const { context, page } = await phone(390, 844);
  await page.goto(`${env.server.origin}/#p=${PUZZLE}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  const box = await page.$eval('#grid', (c) => c.getBoundingClientRect().toJSON());
  const pitch = box.width / 9;
  const point = (cell) => ({ x: box.x + ((cell % 9) + 0.5) * pitch, y: box.y + (Math.floor(cell / 9) + 0.5) * pitch });
  // Touch events by CDP: a press, moves through r3c1..r3c4, a release.
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', point(18));
  for (let step = 1; step <= 12; step++) {
    const from = point(18);
    const to = point(21);
    await touch('touchMove', { x: from.x + ((to.x - from.x) * step) / 12, y: from.y });
  }
  await touch('touchEnd');
  const selection = (await page.$eval('#grid', (c) => c.dataset.selection)).split(' ').map(Number).sort((a, b) => a - b);
  assert.deepEqual(selection, [18, 19, 20, 21]);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the drag selected; it did not scroll the page');

  await page.goto(`${env.server.origin}/#size=16&seed=2`);
  await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
  const big = await page.$eval('#grid', (c) => c.getBoundingClientRect().toJSON());
  const step16 = big.width / 16;
  await page.touchscreen.tap(big.x + 5.5 * step16, big.y + 2.5 * step16);
  assert.match(await page.textContent('#cell-info'), /^r3c6/, 'the first tap selects');
  assert.equal(await page.textContent('#zoom-level'), '100%', 'and zooms nothing');
  await context.close();
});

for (const [width, height] of SIZES.slice(0, 2)) {
  test(`the widget at ${width}×${height}: grid, modes and pad at once, 44 px targets`, async () => {
    const { context, page } = await phone(width, height);
    await page.goto(`${env.server.origin}/tests/e2e/blank.html`);
    await page.evaluate(async (line) => {
      const meta = Object.assign(document.createElement('meta'), { name: 'viewport', content: 'width=device-width, initial-scale=1' });
      document.head.append(meta);
      await import('/www/widget.js');
      const el = document.createElement('sudoku-widget');
      el.setAttribute('puzzle', line);
      el.style.setProperty('--sudoku-width', '100%');
      document.body.style.margin = '8px';
      document.body.append(el);
    }, PUZZLE);
    await page.waitForFunction(() => document.querySelector('sudoku-widget').shadowRoot?.querySelector('canvas')?.width > 0);
    const seen = await page.evaluate(`(${measure})(document.querySelector('sudoku-widget').shadowRoot)`);
    assert.ok(seen.grid, 'the whole grid is on the screen');
    assert.ok(seen.pad, 'the modes and every symbol button are on the screen');
    assert.deepEqual(seen.small, [], 'every button takes a finger');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
