// f-puzzles and SudokuPad links in the browser: every case of tests/data/links.txt (the
// fixture tests/formats.rs reads natively) through engine.js, which reads them with
// www/internal/fpuzzles.js, loaded only when a link comes; a link pasted into the app and into a
// widget's puzzle attribute; and the app's "Open in SudokuPad" link, read back. The
// network is closed: SudokuPad itself is never opened.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, openPage, ROOT, withBrowser } from './harness.mjs';
import { embedFiles } from '../../scripts/embed-folder.mjs';
import { weigh } from '../../scripts/widget-size.mjs';

const env = withBrowser();

/** The fixture's cases: {line, kind: 'ok', link, id, solution} or {line, kind: 'bad', link, words}. */
const CASES = readFileSync(`${ROOT}/tests/data/links.txt`, 'utf8').split('\n')
  .map((text, i) => ({ text, line: i + 1 }))
  .filter(({ text }) => text.trim() && !text.startsWith('#'))
  .map(({ text, line }) => {
    const [kind, link, ...rest] = text.split(' ');
    return kind === 'ok' ? { line, kind, link, id: rest[0], solution: rest[1] } : { line, kind, link, words: rest.join(' ') };
  });

/** One case of a kind whose ID starts with `prefix` ('9jx:'). */
const okCase = (prefix) => CASES.find((c) => c.kind === 'ok' && c.id.startsWith(prefix));

test('engine: every link of the fixture solves to its ID and solution, or is refused in its words', async () => {
  assert.ok(CASES.filter((c) => c.kind === 'ok').length >= 9 && CASES.filter((c) => c.kind === 'bad').length >= 8);
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const answers = await page.evaluate(async (cases) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const before = await engine.solve('1...............');
    const out = [];
    for (const c of cases) {
      const r = await engine.solve(c.link);
      out.push({ line: c.line, status: r.status, id: r.id, solution: r.solution, message: r.error?.message, kind: r.error?.kind });
    }
    return { before: before.status, out };
  }, CASES);
  assert.equal(answers.before, 'multiple');
  for (const [i, c] of CASES.entries()) {
    const r = answers.out[i];
    if (c.kind === 'ok') {
      assert.equal(r.status, 'unique', `line ${c.line} (${c.id}): ${r.message}`);
      assert.equal(r.id, c.id, `line ${c.line}: the puzzle and its layout`);
      assert.equal(r.solution, c.solution, `line ${c.line}`);
    } else {
      assert.equal(r.status, 'invalid', `line ${c.line}`);
      assert.ok(r.message?.includes(c.words), `line ${c.line}: ${JSON.stringify(r.message)} lacks ${JSON.stringify(c.words)}`);
      assert.ok(['bad-link', 'bad-regions', 'bad-variant', 'bad-cage'].includes(r.kind), `line ${c.line}: kind ${r.kind}`);
    }
  }
  // The reader came with the first link, not with engine.js.
  const at = requested.indexOf('/www/internal/fpuzzles.js');
  assert.ok(at > requested.indexOf('/www/pkg/sudoku64_bg.wasm'), `fpuzzles.js loaded only for a link: ${requested.join(' ')}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('engine: read, count, hint and rate take a link; options that contradict it are refused by name', async () => {
  const jigsawX = okCase('9jx:');
  const twelve = okCase('3x4:');
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const r = await page.evaluate(async ([link, twelveLink]) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const read = await engine.read(link);
    const count = await engine.count(link, 2);
    const hint = await engine.hint(link);
    const rate = await engine.rate(link);
    const agreeing = await engine.solve(link, { size: 9, variant: ['x'] });
    const error = async (options) => (await engine.solve(twelveLink, options)).error;
    return {
      read: { status: read.status, id: read.id, variant: read.layout.variant, diagonals: read.layout.diagonals },
      count: count.count,
      hint: { status: hint.status, steps: hint.steps?.length },
      rate: { status: rate.status, level: rate.level },
      agreeing: agreeing.status,
      size: await error({ size: 9 }),
      box: await error({ box: '2x6' }),
      variant: await error({ variant: 'x' }),
      // The worker's wasm, asked directly (around engine.js), refuses the link by name.
      raw: await engine._call('read', [link, {}]),
    };
  }, [jigsawX.link, twelve.link]);
  assert.deepEqual(r.read, { status: 'ok', id: jigsawX.id, variant: ['jigsaw', 'x'], diagonals: true });
  assert.equal(r.count, 1);
  assert.equal(r.hint.status, 'ok');
  assert.ok(r.hint.steps >= 1);
  assert.equal(r.rate.status, 'ok');
  assert.ok(r.rate.level);
  assert.equal(r.agreeing, 'unique', 'a side and variant the link has are taken');
  for (const option of ['size', 'box', 'variant']) {
    assert.equal(r[option].kind, 'invalid-option', option);
    assert.equal(r[option].option, option);
  }
  assert.equal(r.raw.status, 'invalid');
  assert.equal(r.raw.error.kind, 'bad-link');
  assert.match(r.raw.error.message, /read in the browser by engine\.js/);
  assert.match(r.size.message, /size 9 was asked for, but the link holds a 12×12 grid/);
  assert.match(r.box.message, /boxes 2x6 were asked for, but the link's 12×12 grid has 3x4 boxes/);
  await page.close();
});

test('app: a pasted SudokuPad link opens with its layout, and "Open in SudokuPad" writes a link that reads back', async () => {
  const { link, id, solution } = okCase('9jx:');
  const page = await openApp(env);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.evaluate((text) => navigator.clipboard.writeText(text), link);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => /Loaded|cannot|not/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /Loaded a 9×9/);
  assert.match(page.url(), /variant=jigsaw(,|%2C)x&regions=/);
  // The link is reachable from the keyboard, and points at the grid once focused.
  const open = page.locator('#open-sudokupad');
  assert.equal(await open.getAttribute('target'), '_blank');
  await open.focus();
  const written = await open.getAttribute('href');
  assert.match(written, /^https:\/\/sudokupad\.app\/fpuzzles/);
  assert.equal(written.replace(/=+$/, ''), link.replace(/=+$/, ''), 'the same link the native writer wrote');
  const back = await page.evaluate(async (text) => {
    const { createEngine } = await import('/www/engine.js');
    return (await createEngine().solve(text)).id;
  }, written);
  assert.equal(back, id);
  // Clicked, it opens a new tab at that link (answered here: the network is closed).
  await page.context().route('https://sudokupad.app/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>SudokuPad stand-in</title>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  assert.equal(popup.url().replace(/=+$/, ''), link.replace(/=+$/, ''));
  await popup.close();
  assert.match(await page.textContent('#status'), /Opened the puzzle in SudokuPad/);
  await page.click('#solve');
  await page.waitForFunction(() => /exactly one solution/.test(document.getElementById('status').textContent));
  assert.equal(await page.getAttribute('#grid', 'data-grid'), solution);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('app: a pasted SudokuPad killer opens with its cages, and "Open in SudokuPad" carries them back', async () => {
  const { link, id, solution } = okCase('3x3k:');
  const page = await openApp(env);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
  await page.evaluate((text) => navigator.clipboard.writeText(text), link);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => /Loaded|cannot|not/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /Loaded a 9×9/);
  const open = page.locator('#open-sudokupad');
  await open.focus();
  const written = await open.getAttribute('href');
  assert.equal(written.replace(/=+$/, ''), link.replace(/=+$/, ''), 'the same link the native writer wrote, killercage included');
  const back = await page.evaluate(async (text) => {
    const { createEngine } = await import('/www/engine.js');
    const { decompressFromBase64 } = await import('/www/internal/fpuzzles.js');
    const json = JSON.parse(decompressFromBase64(text.slice('https://sudokupad.app/fpuzzles'.length)));
    return { id: (await createEngine().solve(text)).id, cages: json.killercage.length };
  }, written);
  assert.equal(back.id, id);
  assert.ok(back.cages > 9, `${back.cages} cages in the written JSON`);
  await page.click('#solve');
  await page.waitForFunction(() => /exactly one solution/.test(document.getElementById('status').textContent));
  assert.equal(await page.getAttribute('#grid', 'data-grid'), solution);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('widget: its puzzle attribute reads an f-puzzles link, layout included', async () => {
  const { link, solution } = okCase('3x3w:');
  const bad = CASES.find((c) => c.kind === 'bad' && c.words.includes('(thermometer)'));
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const r = await page.evaluate(async ([puzzle, refused]) => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('puzzle', puzzle);
    document.body.append(widget);
    await widget.whenLoaded();
    const solved = await widget.solve();
    const other = document.createElement('sudoku-widget');
    const error = new Promise((resolve) => other.addEventListener('error', (e) => resolve(e.detail)));
    other.setAttribute('puzzle', refused);
    document.body.append(other);
    return { status: solved.status, value: widget.value, variant: widget.variant, error: await error };
  }, [link, bad.link]);
  assert.equal(r.status, 'unique');
  assert.equal(r.value, solution);
  assert.equal(r.variant, 'windoku');
  assert.equal(r.error.attribute, 'puzzle');
  assert.match(r.error.message, /thermometer/);
  await page.close();
});

test('the folder a site copies holds fpuzzles.js, which the weight lists apart as loaded on demand', async () => {
  assert.ok((await embedFiles()).includes('internal/fpuzzles.js'), 'copied with the widget, found through its dynamic import');
  for (const entry of ['www/widget.js', 'www/embed.html']) {
    const { files, lazy } = await weigh(entry);
    assert.ok(lazy.some((f) => f.path === 'www/internal/fpuzzles.js'), `${entry}: fpuzzles.js is listed apart`);
    assert.ok(!files.some((f) => f.path.endsWith('fpuzzles.js')), `${entry}: not in the up-front weight`);
    assert.ok(files.some((f) => f.path.endsWith('engine.js')), `${entry}: engine.js, which imports it, is`);
  }
});
