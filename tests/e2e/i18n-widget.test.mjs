// The widget in the reader's language: <sudoku-widget lang="fr">, a widget on a page whose
// <html lang="de"> it follows (and a `lang` changed while it plays, which rewords the
// message written), the iframe form with lang=es in its link, and an unknown language,
// which gives English. Visible words, aria-labels and what the live region announces are
// checked against the catalogs (www/locales/<lang>/core.js, rendered by i18n.js), never
// against copies of their text; no raw key ('button.hint') may show. Also the technique help's own part (help.js), which
// the catalog test does not cover: the same keys in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withBrowser } from './harness.mjs';
import { LANGUAGES, setLanguage, t } from '../../www/internal/i18n.js';

const env = withBrowser();
const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const RAW_KEY = /^[a-z]+\.[a-z.-]+$/;

// The other languages' catalogs, loaded as a page loads them, so t(key, params, lang) renders them.
for (const lang of Object.keys(LANGUAGES)) await setLanguage(lang, ['core', 'hints']);
await setLanguage('en');

/**
 * What a widget shows and says, read from its shadow root: the toolbar's buttons (action
 * and text), the mode buttons, the palette's labels, the grid's label, the message, the
 * live region, and every text and label in it (for the raw-key check).
 */
function readWidget(root) {
  const shadow = root.shadowRoot;
  const texts = [...shadow.querySelectorAll('*')].flatMap((el) => [
    el.children.length ? '' : el.textContent, el.getAttribute('aria-label'), el.getAttribute('title'),
  ]).filter(Boolean).map((s) => s.trim());
  return {
    toolbar: [...shadow.querySelectorAll('.toolbar button')].map((b) => ({ action: b.dataset.action, text: b.textContent })),
    modes: [...shadow.querySelectorAll('.modes button')].map((b) => ({ mode: b.dataset.mode, text: b.textContent, title: b.title })),
    modesLabel: shadow.querySelector('.modes').getAttribute('aria-label'),
    palette: [...shadow.querySelectorAll('.palette button')].map((b) => b.getAttribute('aria-label')),
    grid: shadow.querySelector('canvas').getAttribute('aria-label'),
    message: shadow.querySelector('.message').textContent,
    announced: shadow.querySelector('.announcer').textContent.replace(/\u00a0$/, ''),
    texts,
  };
}

/** The words a 9×9 classic widget in play mode shows, as the catalog of `lang` has them. */
function expectedChrome(lang) {
  return {
    toolbar: ['undo', 'pencil', 'hint', 'apply', 'solve'].map((action) => ({ action, text: t(`button.${action}`, {}, lang) })),
    modes: ['digit', 'corner', 'centre', 'colour'].map((mode) => ({
      mode, text: t(`mode.button.${mode}`, {}, lang),
      title: t('mode.title', { mode: t(`mode.${mode}`, {}, lang), keys: t(`mode.keys.${mode}`, {}, lang) }, lang),
    })),
    modesLabel: t('mode.group', {}, lang),
    palette: [...Array.from({ length: 9 }, (_, i) => t('palette.enter', { symbol: String(i + 1) }, lang)), t('palette.clear', {}, lang)],
    grid: t('widget.grid-label', { n: 9, kind: 'none', boxes: 'none' }, lang),
  };
}

/** What typing 3 at r1c1 of PUZZLE says: the entry, and the 3 already in row 1 at r1c3. */
function clashWords(lang) {
  const cell = (row, column) => t('cell.name', { row, column }, lang);
  const place = t('speech.clash-place', { kind: 'row', unit: t('unit.row', { n: 1 }, lang), cell: cell(1, 3) }, lang);
  const clash = t('speech.clash', { symbol: '3', places: [place] }, lang);
  return {
    announced: `${t('speech.edit', { name: cell(1, 1), what: '3' }, lang)} ${clash}.`,
    message: t('speech.edit', { name: cell(1, 1), what: clash }, lang),
  };
}

/** Puts a widget with these attributes on the page; resolves once its first load is done. */
function addWidget(page, attributes) {
  return page.evaluate(async (attributes) => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
    document.body.append(widget);
    await widget.whenLoaded();
  }, attributes);
}

const read = (page) => page.evaluate(`(${readWidget})(document.querySelector('sudoku-widget'))`);

/** The chrome of a widget as `lang` words it, and no raw key anywhere. */
function assertSpeaks(shown, lang) {
  const { toolbar, modes, modesLabel, palette, grid } = shown;
  assert.deepEqual({ toolbar, modes, modesLabel, palette, grid }, expectedChrome(lang), `the widget's words are ${lang}`);
  assert.deepEqual(shown.texts.filter((text) => RAW_KEY.test(text)), [], 'no raw key shows');
}

test('lang="fr" on the widget: French buttons, labels and announcements on an English page', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  await addWidget(page, { lang: 'fr', puzzle: PUZZLE });
  assertSpeaks(await read(page), 'fr');
  // Typing 3 in the first cell, which row 1 already holds: said and written in French.
  await page.locator('sudoku-widget canvas').focus();
  await page.keyboard.type('3');
  const shown = await read(page);
  const words = clashWords('fr');
  assert.equal(shown.announced, words.announced);
  assert.equal(shown.message, words.message);
  assert.notEqual(words.announced, clashWords('en').announced, 'the French words are not the English ones');
  // The message written stays, reworded, when the language changes.
  await page.evaluate(() => document.querySelector('sudoku-widget').setAttribute('lang', 'de'));
  await page.waitForFunction((text) => document.querySelector('sudoku-widget').shadowRoot
    .querySelector('.message').textContent === text, clashWords('de').message);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a widget follows the page\'s <html lang="de">, and a lang set later changes its words, not its game', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  await page.evaluate(() => { document.documentElement.lang = 'de'; });
  await addWidget(page, { puzzle: PUZZLE });
  assertSpeaks(await read(page), 'de');
  // Space cycles the entry mode, which is announced.
  await page.locator('sudoku-widget canvas').focus();
  await page.keyboard.press('Space');
  assert.equal((await read(page)).announced, t('mode.spoken.corner', {}, 'de'));
  // The selected cell's words in the grid's mirror: the first cell, empty, in row 1.
  const cellWords = await page.evaluate(() => document.querySelector('sudoku-widget').shadowRoot.querySelector('[role=gridcell]').textContent);
  assert.ok(cellWords.startsWith(t('speech.empty', {}, 'de')), cellWords);
  assert.ok(cellWords.includes(t('unit.row', { n: 1 }, 'de')), cellWords);
  // Back to digits (Z), and a 4 in the first cell; switching to Spanish keeps it.
  await page.keyboard.press('z');
  await page.keyboard.type('4');
  const before = await page.evaluate(() => document.querySelector('sudoku-widget').value);
  assert.equal(before[0], '4');
  await page.evaluate(() => document.querySelector('sudoku-widget').setAttribute('lang', 'es'));
  await page.waitForFunction((text) => document.querySelector('sudoku-widget').shadowRoot
    .querySelector('[data-action="hint"]')?.textContent === text, t('button.hint', {}, 'es'));
  assertSpeaks(await read(page), 'es');
  assert.equal(await page.evaluate(() => document.querySelector('sudoku-widget').value), before, 'the game is kept');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the iframe form takes lang from its link: embed.html?lang=es', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  await page.evaluate((src) => {
    const frame = Object.assign(document.createElement('iframe'), { id: 'frame', src, width: 400, height: 600 });
    document.body.append(frame);
  }, `/www/embed.html?lang=es#puzzle=${PUZZLE}`);
  const frame = page.frameLocator('#frame');
  const heading = t('embed.heading', {}, 'es');
  await frame.locator('h1').filter({ hasText: heading }).waitFor({ state: 'attached' });
  const inner = page.frame({ url: /embed\.html/ });
  await inner.waitForFunction(() => /[^.]/.test(document.querySelector('sudoku-widget')?.value ?? ''));
  await inner.waitForFunction((text) => document.querySelector('sudoku-widget').shadowRoot
    .querySelector('[data-action="solve"]')?.textContent === text, t('button.solve', {}, 'es'));
  assertSpeaks(await inner.evaluate(`(${readWidget})(document.querySelector('sudoku-widget'))`), 'es');
  assert.equal(await inner.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await inner.evaluate(() => document.title), t('embed.title', {}, 'es'));
  await frame.locator('sudoku-widget canvas').focus();
  await page.keyboard.type('3');
  const shown = await inner.evaluate(`(${readWidget})(document.querySelector('sudoku-widget'))`);
  assert.equal(shown.announced, clashWords('es').announced);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an unknown lang gives English, says so in the console, and shows no raw key', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await addWidget(page, { lang: 'xx', puzzle: PUZZLE });
  assertSpeaks(await read(page), 'en');
  assert.ok(warnings.some((text) => text.includes('"xx"')), `a console warning names the language: ${warnings.join(' | ')}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the technique help has the same entries in every language, none empty', async () => {
  const catalogs = await Promise.all(Object.keys(LANGUAGES).map(async (lang) => [lang, (await import(`../../www/locales/${lang}/help.js`)).default]));
  const english = Object.keys(catalogs[0][1]).sort();
  assert.ok(english.length > 0);
  for (const [lang, help] of catalogs) {
    assert.deepEqual(Object.keys(help).sort(), english, `${lang}/help.js has the English keys`);
    for (const [key, text] of Object.entries(help)) {
      assert.ok(text.trim() && !/[{}]/.test(text), `${lang} ${key} is plain text`);
      if (lang !== 'en') assert.notEqual(text, catalogs[0][1][key], `${lang} ${key} is translated`);
    }
  }
});

test('a wrong attribute is shown in the widget\'s language, and its error event says it in English', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const shown = await page.evaluate(async () => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('lang', 'fr');
    widget.setAttribute('box', 'wide');
    const events = [];
    widget.addEventListener('error', (event) => events.push(event.detail));
    document.body.append(widget);
    await widget.whenLoaded().catch(() => {});
    await new Promise((resolve) => { setTimeout(resolve, 300); });
    return { message: widget.shadowRoot.querySelector('.message').textContent, events };
  });
  const sentence = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  assert.equal(shown.message, sentence(t('error.box-written', { value: 'wide' }, 'fr')));
  const event = shown.events.find((e) => e.attribute === 'box');
  assert.equal(event?.message, t('error.box-written', { value: 'wide' }, 'en'), 'the event keeps the English');
  // Another language rewords what is shown.
  await page.evaluate(() => document.querySelector('sudoku-widget').setAttribute('lang', 'es'));
  await page.waitForFunction((text) => document.querySelector('sudoku-widget').shadowRoot
    .querySelector('.message').textContent === text, sentence(t('error.box-written', { value: 'wide' }, 'es')));
  await page.close();
});
