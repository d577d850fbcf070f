// The app page and the print view in the reader's language: the #lang switch translates
// the page live and keeps the game, the choice survives a reload, a German browser opens
// in German, an unknown saved language falls back to English without showing a raw key,
// and the print view speaks the app's language. Expected words come from the catalogs
// themselves (www/locales/<lang>/app.js), never from copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';
import en from '../../www/locales/en/app.js';
import fr from '../../www/locales/fr/app.js';
import de from '../../www/locales/de/app.js';
import es from '../../www/locales/es/app.js';

const env = withBrowser();
const CATALOGS = { en, fr, de, es };

/** A new context (its own storage) and a page in it, failing on page errors and console errors. */
async function openIn(url, contextOptions = {}) {
  const context = await env.browser.newContext(contextOptions);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') page.errors.push(new Error(msg.text())); });
  await page.goto(`${env.server.origin}/${url}`);
  return { context, page };
}

/** Waits for the app's engine to answer (the footer names its version). */
function engineReady(page) {
  return page.waitForFunction(() => document.getElementById('engine-version').textContent);
}

/** Some controls' words and labels, as the page shows them. */
function controls(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    choice: /** @type {HTMLSelectElement} */ (document.getElementById('lang')).value,
    solve: document.getElementById('solve').textContent,
    hint: document.getElementById('hint').textContent,
    hintTitle: document.getElementById('hint').title,
    zoomIn: document.getElementById('zoom-in').getAttribute('aria-label'),
    timerToggle: document.getElementById('timer-toggle').textContent,
    level: document.getElementById('level').textContent,
    newPuzzle: document.querySelector('#generate-form h2').textContent,
    rot180: document.querySelector('#symmetry option[value="rot180"]').textContent,
    keysHeading: document.querySelector('#help summary').textContent,
    keyCaps: document.querySelectorAll('#keys-line kbd').length,
    theme: document.getElementById('theme-toggle').getAttribute('aria-label'),
  }));
}

/** Checks the controls against a language's catalog. */
function assertSpeaks(shown, lang) {
  const c = CATALOGS[lang];
  assert.equal(shown.lang, lang, '<html lang>');
  assert.equal(shown.choice, lang, 'the switch shows the language in use');
  assert.equal(shown.solve, c['app.solve']);
  assert.equal(shown.hint, c['app.hint']);
  assert.equal(shown.hintTitle, c['app.hint.title']);
  assert.equal(shown.zoomIn, c['app.zoom-in']);
  assert.equal(shown.timerToggle, c['app.timer.hide']);
  assert.equal(shown.level, c['app.level.none']);
  assert.equal(shown.newPuzzle, c['app.new-puzzle']);
  assert.equal(shown.rot180, c['app.symmetry.rot180']);
  assert.equal(shown.keysHeading, c['app.keys.heading']);
  assert.ok([c['app.theme.use-dark'], c['app.theme.use-light']].includes(shown.theme), shown.theme);
}

/** Every visible text and label of the page that looks like a message key ("app.solve"). */
function rawKeys(page) {
  return page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/^\s*app\.[a-z]/.test(node.textContent ?? '')) found.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], optgroup[label]')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'label']) {
        const value = el.getAttribute(attr);
        if (value && /^app\.[a-z]/.test(value)) found.push(`${attr}=${value}`);
      }
    }
    if (/^app\.[a-z]/.test(document.title)) found.push(`title: ${document.title}`);
    return found;
  });
}

test('every language names itself in the switch, and the switch has a label', async () => {
  const { context, page } = await openIn('');
  await engineReady(page);
  const options = await page.$$eval('#lang option', (os) => os.map((o) => [o.value, o.textContent, o.lang]));
  assert.deepEqual(options.map(([value]) => value).sort(), Object.keys(CATALOGS).sort());
  for (const [value, name, lang] of options) {
    assert.equal(lang, value, `the ${value} option is marked as written in ${value}`);
    assert.ok(name && name !== value, `${value} is named by its own name, not its code`);
  }
  // Its accessible name is the label's word.
  const named = page.getByRole('combobox', { name: en['app.language.label'], exact: true });
  assert.equal(await named.getAttribute('id'), 'lang');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the switch translates the page live, keeps the game, and is remembered', async () => {
  const { context, page } = await openIn('');
  await engineReady(page);
  assertSpeaks(await controls(page), 'en');
  const keyCaps = (await controls(page)).keyCaps;
  // A game in play: an entry in the first cell.
  await page.click('#grid', { position: { x: 5, y: 5 } });
  await page.keyboard.press('5');
  const grid = await page.getAttribute('#grid', 'data-grid');
  assert.match(grid, /^5/);

  for (const lang of ['fr', 'de', 'es']) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.waitForFunction((text) => document.getElementById('status').textContent === text, CATALOGS[lang]['app.language.now']);
    const shown = await controls(page);
    assertSpeaks(shown, lang);
    assert.equal(shown.keyCaps, keyCaps, 'the keys help keeps every key cap');
    assert.equal(await page.getAttribute('#grid', 'data-grid'), grid, 'the game stays as it was');
    assert.deepEqual(await rawKeys(page), []);
  }

  await page.selectOption('#lang', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  // The entry is saved a moment after it is made (and on leaving the page); a reload that
  // comes first may find the storage without the save its leaving made, in a new renderer.
  await page.waitForFunction(() => /"values":"5/.test(localStorage.getItem('sudoku64.games') ?? ''));
  await page.reload();
  await engineReady(page);
  assertSpeaks(await controls(page), 'fr');
  assert.equal(await page.getAttribute('#grid', 'data-grid'), grid, 'the game survives the reload too');
  assert.equal(await page.title(), fr['app.title']);
  // French puts a narrow no-break space before a colon.
  assert.ok(fr['app.level.none'].includes('\u202f:'), fr['app.level.none']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in every language no control runs past the panel\'s edge, from 900 px wide up, the longest variant chosen', async () => {
  const { context, page } = await openIn('', { viewport: { width: 1280, height: 800 } });
  await engineReady(page);
  // The option with the longest name in each language.
  const longest = () => page.$$eval('#variant option', (os) => os.reduce((a, o) => (o.text.length > a.text.length ? o : a)).value);
  for (const lang of ['en', 'fr', 'de', 'es']) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.selectOption('#variant', await longest());
    for (const width of [900, 1000, 1100, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const past = await page.evaluate(() => {
        const edge = document.querySelector('.panel').getBoundingClientRect().right;
        return [...document.querySelectorAll('.panel select, .panel input, .panel button, .panel h1')]
          .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > edge + 0.5)
          .map((e) => e.id || e.textContent.trim());
      });
      assert.deepEqual(past, [], `${lang} at ${width} px`);
    }
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a German browser opens the page in German', async () => {
  const { context, page } = await openIn('', { locale: 'de-DE' });
  await engineReady(page);
  assertSpeaks(await controls(page), 'de');
  assert.equal(await page.textContent('#status'), de['app.ready']);
  assert.deepEqual(await rawKeys(page), []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an unknown saved language falls back to English and shows no raw key', async () => {
  const context = await env.browser.newContext({ locale: 'pt-BR' });
  await context.addInitScript(() => localStorage.setItem('sudoku64.lang', 'xx'));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(new Error(msg.text())); });
  await page.goto(`${env.server.origin}/`);
  await engineReady(page);
  assertSpeaks(await controls(page), 'en');
  assert.equal(await page.textContent('#status'), en['app.ready']);
  assert.deepEqual(await rawKeys(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the print view speaks the language chosen in the app, on screen and on paper', async () => {
  const { context, page } = await openIn('');
  await engineReady(page);
  await page.selectOption('#lang', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');

  // The saved choice, without a parameter in the link.
  const print = await context.newPage();
  print.errors = [];
  print.on('console', (msg) => { if (msg.type() === 'error') print.errors.push(new Error(msg.text())); });
  await print.goto(`${env.server.origin}/print.html`);
  await print.waitForFunction((text) => document.getElementById('status').textContent === text, fr['app.print.choose']);
  assert.equal(await print.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await print.title(), fr['app.print.title']);
  assert.equal(await print.textContent('#make'), fr['app.print.make']);
  assert.equal(await print.textContent('.back'), fr['app.print.back']);
  assert.equal(await print.getAttribute('#sheets', 'aria-label'), fr['app.print.pages']);
  assert.equal(await print.textContent('#difficulty option[value="hard"]'), fr['app.print.level.hard']);
  assert.deepEqual(await rawKeys(print), []);

  await print.selectOption('#size', '4');
  await print.fill('#count', '2');
  await print.fill('#seed', '11');
  await print.click('#make');
  await print.waitForFunction(() => document.getElementById('sheets').dataset.pages, null, { timeout: 120_000 });
  const sheets = await print.$$eval('#sheets svg', (svgs) => svgs.map((svg) => ({
    label: svg.getAttribute('aria-label'), kind: svg.dataset.kind, text: svg.textContent,
  })));
  const puzzles = sheets.find((s) => s.kind === 'puzzles');
  const answers = sheets.find((s) => s.kind === 'answers');
  assert.ok(puzzles && answers, 'a page of puzzles and one of answers');
  assert.ok(puzzles.label.startsWith(fr['app.sheet.page.label'].split('{page}')[0]), puzzles.label);
  assert.ok(puzzles.text.includes(fr['app.sheet.puzzles']), 'the page heading is French');
  assert.ok(puzzles.text.includes(fr['app.sheet.puzzle'].replace('{n}', '1')), 'the first caption is French');
  assert.ok(answers.text.includes(fr['app.sheet.answer'].replace('{n}', '1')), 'the answer caption is French');
  assert.ok(!puzzles.text.includes(en['app.sheet.puzzle'].replace('{n}', '1')), 'no English caption is left');
  assert.deepEqual(print.errors, []);

  // A link that names its language wins over the saved one.
  await print.goto(`${env.server.origin}/print.html?lang=es`);
  await print.waitForFunction((text) => document.getElementById('status').textContent === text, es['app.print.choose']);
  assert.equal(await print.textContent('#make'), es['app.print.make']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in each language, a hint\'s three stages and the techniques panel speak it, from its own catalogs', async () => {
  const puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  for (const lang of ['fr', 'de', 'es']) {
    const hints = (await import(`../../www/locales/${lang}/hints.js`)).default;
    const help = (await import(`../../www/locales/${lang}/help.js`)).default;
    const { context, page } = await openIn(`#p=${puzzle}`, { locale: lang });
    await engineReady(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    const said = [];
    for (let stage = 0; stage < 3; stage++) {
      await page.click('#hint');
      await page.waitForFunction(() => !document.body.dataset.busy);
      said.push(await page.textContent('#hint-text'));
    }
    const id = await page.$eval('#hint-text button[data-technique]', (b) => b.dataset.technique);
    const name = hints[`technique.${id}.name`];
    assert.ok(said[0].includes(hints[`technique.${id}.phrase`]), `${lang}: stage 1 names ${id} as ${hints[`technique.${id}.phrase`]}: ${said[0]}`);
    assert.ok(said[0].includes(hints[`technique.${id}.plain`]), `${lang}: stage 1 says what it means`);
    assert.ok(said[2].includes(name), `${lang}: stage 3 gives the step, named ${name}: ${said[2]}`);
    for (const text of said) assert.doesNotMatch(text, /\b(?:Look at|hint\.|technique\.)/, `${lang}: no English, no raw key: ${text}`);
    await page.click('#hint-text button[data-technique]');
    await page.waitForFunction(() => document.getElementById('techniques').open);
    const entry = await page.$eval(`#technique-${id}`, (s) => s.textContent);
    assert.ok(entry.includes(name) && entry.includes(help[`help.${id}`]), `${lang}: the panel's entry: ${entry}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
