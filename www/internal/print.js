// The print view's controller (print.html): reads the form, generates the set one puzzle
// after another in the engine's worker (progress bar, Cancel), then lays the puzzles and
// their answer keys out as SVG pages with www/internal/sheet.js. The browser's own print dialog
// (the Print button or Ctrl+P) prints exactly those pages; www/print.css sets the paper.
//
// Puzzle i of a set uses seed first + i, as `sudoku64 generate --seed first --count N`
// does, so a set is made again from its first seed. The form's state is kept in the query
// string (?size=9&count=6&per-page=6&paper=a4&...; box=2x6 for a side with several box
// shapes), so a link opens the same form.
//
// The app's "Print this puzzle" opens this page with ?puzzle=<one-line puzzle> (and its
// level and seed when known, and box=RxC when its boxes are not the side's usual ones):
// that puzzle is laid out alone, with its answer key.
//
// For tests: document.body.dataset.busy is 'generate' while a set is made ('' when idle);
// #sheets carries data-pages (the page count) once the sheets are drawn.

import { createEngine, describeError } from '../engine.js';
import {
  ALPHABET, boxLayout, boxName, boxShapes, boxWords, fromLine, hasCages, layoutFromData, layoutOptions, readBox, variantNames,
  variantWords,
} from './grid.js';
import { allowSymmetries, fillBoxes, fillVariants, jigsawSizeOptions, rectangularSizeOptions } from './box-fields.js';
import { LEVELS, loadLanguage, loadTheme } from './persist.js';
import { chooseLanguage, language, setLanguage, translate } from './i18n.js';
import { t } from './app-messages.js';
import { MAX_SEED, readSeed, seedValue } from './seed.js';
import { engineText, killerFromParams } from './cages.js';
import { PAPERS, keysPerPage, pageSvg, perPageChoices, planPages } from './sheet.js';
import { registerOffline } from './offline.js';
import { Game } from './game.js';
import { decodeProgress } from './progress.js';

const engine = createEngine();
/**
 * The element with this id, of the type its use declares (see `ui`).
 * @type {(id: string) => any}
 */
const $ = (id) => document.getElementById(id);
/**
 * The form's controls and the page's parts (print.html).
 * @type {{
 *   form: HTMLFormElement, size: HTMLSelectElement, box: HTMLSelectElement, boxField: HTMLLabelElement,
 *   variant: HTMLSelectElement, difficulty: HTMLSelectElement, count: HTMLInputElement, perPage: HTMLSelectElement,
 *   paper: HTMLSelectElement, symmetry: HTMLSelectElement, title: HTMLInputElement, seed: HTMLInputElement,
 *   answers: HTMLInputElement, withProgress: HTMLInputElement, withProgressField: HTMLLabelElement,
 *   make: HTMLButtonElement, print: HTMLButtonElement, status: HTMLParagraphElement,
 *   progressRow: HTMLDivElement, progress: HTMLProgressElement, progressText: HTMLSpanElement,
 *   cancel: HTMLButtonElement, sheets: HTMLElement
 * }}
 */
const ui = {
  form: $('print-form'), size: $('size'), box: $('box'), boxField: $('box-field'), variant: $('variant'), difficulty: $('difficulty'),
  count: $('count'), perPage: $('per-page'), paper: $('paper'), symmetry: $('symmetry'), title: $('title'), seed: $('seed'), answers: $('answers'),
  withProgress: $('with-progress'), withProgressField: $('with-progress-field'),
  make: $('make'), print: $('print'), status: $('status'), progressRow: $('progress-row'),
  progress: $('progress'), progressText: $('progress-text'), cancel: $('cancel'), sheets: $('sheets'),
};
const MAX_COUNT = 100;

/** The set on the sheets: {puzzles (engine results), size}, or null. */
let current = null;
/** The set being made: {controller}, or null. */
let job = null;

const theme = loadTheme();
if (theme) document.documentElement.dataset.theme = theme;

/** Shows a message in the status line; `tone` is '', 'ok', 'warn' or 'error'. */
function say(message, tone = '') {
  ui.status.textContent = message;
  ui.status.dataset.tone = tone;
}

/** Letter where it is the usual paper, A4 everywhere else. */
function localPaper() {
  const region = (navigator.language || '').split('-')[1]?.toUpperCase();
  return ['US', 'CA', 'MX', 'PH'].includes(region) ? 'letter' : 'a4';
}

/** Puzzles per page as last chosen; a size with fewer choices takes the nearest below. */
let preferredPerPage = 6;
/** The symmetry as last chosen; boxes that are not square take a 180° turn instead of a quarter turn or a diagonal. */
let preferredSymmetry = 'rot180';

/** A box shape as the page writes it: '2x6' -> '2×6'. */
/** ' with 2×6 boxes' for boxes that are not square, else '': what a status line adds. */
function withBoxes(box) {
  return boxWords(box) ? t('app.print.with-boxes', { boxes: boxWords(box) }) : '';
}

/** The sides whose usual boxes are rectangular, and those with no boxes (jigsaws only), as the size list's groups. */
function fillSizes() {
  $('size-rectangular').replaceChildren(...rectangularSizeOptions());
  $('size-jigsaw').replaceChildren(...jigsawSizeOptions());
}

/** The box shapes of the chosen side; the field shows only when there is a choice. */
function fillBoxFields() {
  ui.boxField.hidden = fillBoxes(ui.box, Number(ui.size.value)) < 2;
  fillVariants(ui.variant, Number(ui.size.value), ui.box.value);
  syncSymmetry();
}

/** The symmetries the chosen boxes allow, the one preferred when it is among them. */
function syncSymmetry() {
  choose(ui.symmetry, preferredSymmetry);
  allowSymmetries(ui.symmetry, ui.box.value, ui.variant.value);
}

/** The choice for `size` nearest to `wanted` from below. */
function perPageFor(size, wanted) {
  const choices = perPageChoices(size);
  return choices.filter((n) => n <= wanted).at(-1) ?? choices[0];
}

/** Fills the per-page choices for the chosen size. */
function fillPerPage() {
  const size = Number(ui.size.value);
  ui.perPage.replaceChildren(...perPageChoices(size).map((n) => new Option(String(n), String(n))));
  ui.perPage.value = String(perPageFor(size, preferredPerPage));
  ui.perPage.disabled = ui.perPage.options.length === 1;
}

/** Sets a select's value when it has that option. */
function choose(select, value) {
  if (value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
}

/** Opens the form as the query string left it. */
function readQuery() {
  const q = new URLSearchParams(location.search);
  choose(ui.size, q.get('size'));
  fillBoxFields();
  const box = readBox(q.get('box'));
  if (box) choose(ui.box, `${box.rows}x${box.columns}`);
  fillBoxFields();
  choose(ui.variant, variantNames(q.get('variant') ?? '').join(','));
  choose(ui.difficulty, q.get('difficulty'));
  choose(ui.paper, q.get('paper') ?? localPaper());
  if (q.has('symmetry')) preferredSymmetry = q.get('symmetry');
  syncSymmetry();
  if (q.has('count')) ui.count.value = q.get('count');
  if (q.has('title')) ui.title.value = q.get('title');
  if (q.has('seed')) ui.seed.value = q.get('seed');
  if (q.has('answers')) ui.answers.checked = q.get('answers') !== '0';
  if (Number(q.get('per-page')) >= 1) preferredPerPage = Number(q.get('per-page'));
  fillPerPage();
}

/** Keeps the form in the query string; `first`, when given, is the first seed a set used. */
function writeQuery(first = current?.first) {
  const q = new URLSearchParams({
    size: ui.size.value, count: ui.count.value, 'per-page': ui.perPage.value, paper: ui.paper.value,
    symmetry: ui.symmetry.value,
  });
  if (!ui.boxField.hidden) q.set('box', ui.box.value);
  if (ui.variant.value) q.set('variant', ui.variant.value);
  if (ui.difficulty.value) q.set('difficulty', ui.difficulty.value);
  if (ui.title.value.trim()) q.set('title', ui.title.value.trim());
  const seed = first !== undefined ? String(first) : ui.seed.value.trim();
  if (seed) q.set('seed', seed);
  if (!ui.answers.checked) q.set('answers', '0');
  // The one puzzle the app sent stays in the address while its layout changes.
  if (current?.single) {
    const sent = new URLSearchParams(location.search);
    for (const key of ['puzzle', 'box', 'variant', 'regions', 'cages', 'sums', 'level', 'puzzle-seed']) if (sent.has(key)) q.set(key, sent.get(key));
  }
  // The language the link asked for stays with it.
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) q.set('lang', lang);
  history.replaceState(null, '', `?${q}`);
}

/** The set the form asks for: {options} or {error}. */
function readForm() {
  const size = Number(ui.size.value);
  const count = Number(ui.count.value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    return { error: t('app.print.count.invalid', { max: MAX_COUNT }) };
  }
  const seedText = ui.seed.value.trim();
  const first = seedText ? readSeed(seedText) : randomSeed();
  if (first === null) {
    return { error: t('app.print.seed.invalid') };
  }
  return {
    options: {
      size, box: ui.box.value, variant: ui.variant.value ? ui.variant.value.split(',') : [], count, first,
      symmetry: ui.symmetry.value, difficulty: ui.difficulty.value || undefined,
    },
  };
}

/** A random first seed, short enough to read off the paper. */
function randomSeed() {
  return BigInt(crypto.getRandomValues(new Uint32Array(1))[0]) + 1n;
}

/** Puzzle i's seed, as the engine takes it: a number when exact, else a BigInt. */
function seedAt(first, i) {
  return seedValue((first + BigInt(i)) & MAX_SEED);
}

function setBusy(busy) {
  document.body.dataset.busy = busy ? 'generate' : '';
  ui.make.disabled = busy;
  ui.progressRow.hidden = !busy;
  ui.progressText.textContent = '';
  ui.progress.value = 0;
}

/** Makes the set: every puzzle in the worker, one after another; the sheets come at the end. */
async function makeSet({ size, box, variant = [], count, first, symmetry, difficulty }) {
  const controller = new AbortController();
  job = { controller };
  setBusy(true);
  const started = performance.now();
  let done = 0;
  let fraction = 0;
  const tell = () => {
    const seconds = Math.floor((performance.now() - started) / 1000);
    ui.progress.value = (done + fraction) / count;
    ui.progressText.textContent = [`${Math.floor(((done + fraction) / count) * 100)}%`, seconds ? `${seconds} s` : '']
      .filter(Boolean).join(' · ');
  };
  const ticker = setInterval(tell, 1000);
  const puzzles = [];
  const grids = [`${size}×${size}`, variantWords({ variant }), boxWords(box)].filter(Boolean).join(', ');
  try {
    for (let i = 0; i < count; i++) {
      say(t('app.print.generating', { n: i + 1, count, grids }));
      fraction = 0;
      tell();
      const options = { size, box, variant, symmetry, seed: seedAt(first, i) };
      if (difficulty) options.difficulty = difficulty;
      const result = await engine.generate(options, {
        signal: controller.signal,
        onProgress(f) {
          fraction = f;
          tell();
        },
      });
      puzzles.push(result);
      done = i + 1;
    }
  } catch (err) {
    if (err?.kind === 'cancelled') say(t('app.print.cancelled', { done, count }), 'warn');
    else say(t('app.print.failed', { n: done + 1, error: describeError(err, String(err)) }), 'error');
    return;
  } finally {
    clearInterval(ticker);
    job = null;
    setBusy(false);
  }
  current = { puzzles, size, first };
  const pages = render();
  const seconds = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })
    .format((performance.now() - started) / 1000);
  // A difficulty search that ran out of time keeps the closest level: say how many did.
  const missed = difficulty ? puzzles.filter((p) => !p.difficultyReached).length : 0;
  // The first seed makes the set again (with a difficulty, each puzzle's own seed, on its
  // label, makes that puzzle alone); the address now names it.
  writeQuery(first);
  const kind = variantWords({ variant });
  const made = t('app.print.made', {
    count, size, kind: kind ? ` ${kind}` : '', boxes: withBoxes(box), first: String(first), pages, seconds,
  });
  const closest = missed ? ` ${t('app.print.missed', { count: missed, level: t(`app.print.level.${difficulty}`) })}` : '';
  say(made + closest, missed ? 'warn' : 'ok');
}

/** Draws the current set with the form's layout choices; returns the page count. */
function render() {
  if (!current) return 0;
  const { puzzles, size } = current;
  const perPage = perPageFor(size, Number(ui.perPage.value));
  const paper = PAPERS[ui.paper.value] ? ui.paper.value : 'a4';
  const pages = planPages({
    count: puzzles.length, perPage, keysPerPage: keysPerPage(size, perPage), answers: ui.answers.checked,
  });
  // The player's progress on the app's puzzle, unless they chose the bare puzzle.
  const shown = ui.withProgress.checked ? puzzles : puzzles.map((p) => ({ ...p, notes: null }));
  ui.sheets.innerHTML = pages.map((page) => pageSvg(page, shown, { paper, title: ui.title.value })).join('');
  ui.sheets.dataset.pages = String(pages.length);
  ui.print.disabled = false;
  return pages.length;
}

ui.size.addEventListener('change', () => {
  fillBoxFields();
  fillPerPage();
});
ui.box.addEventListener('change', () => {
  fillVariants(ui.variant, Number(ui.size.value), ui.box.value);
  syncSymmetry();
});
ui.variant.addEventListener('change', syncSymmetry);
ui.symmetry.addEventListener('change', () => {
  preferredSymmetry = ui.symmetry.value;
});
ui.perPage.addEventListener('change', () => {
  preferredPerPage = Number(ui.perPage.value);
});
ui.withProgress.addEventListener('change', render);
for (const input of [ui.perPage, ui.paper, ui.answers]) {
  input.addEventListener('change', () => {
    writeQuery();
    render();
  });
}
// Typing a title redraws the pages, at most every 150 ms: a set of large grids is a lot of SVG.
let titleTimer = 0;
ui.title.addEventListener('input', () => {
  clearTimeout(titleTimer);
  titleTimer = setTimeout(render, 150);
});
ui.title.addEventListener('change', () => writeQuery());

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (job) return;
  const { options, error } = readForm();
  if (error) {
    say(error, 'error');
    return;
  }
  writeQuery();
  makeSet(options);
});
ui.cancel.addEventListener('click', () => job?.controller.abort());
ui.print.addEventListener('click', () => window.print());

/**
 * Lays out the one puzzle the app sent (?puzzle=<line>&box=RxC&level=…&puzzle-seed=…) with
 * its answer key, solved by the engine; a puzzle without exactly one solution prints alone.
 * Without box=, the puzzle has its side's usual boxes.
 */
async function printOne(text, q) {
  // Variants the app sent, and a jigsaw's regions (one symbol per cell naming its region).
  const variant = variantNames(q.get('variant') ?? '');
  // A side with no boxes (7, 11, ...) is read only as a jigsaw, with its regions.
  const read = fromLine(text, { jigsaw: variant.includes('jigsaw') });
  if (!read) {
    say(t('app.print.unreadable'), 'error');
    return;
  }
  const sent = q.get('box')?.trim() ?? '';
  const shape = readBox(sent);
  const regionText = q.get('regions') ?? '';
  const regions = variant.includes('jigsaw') && regionText.length === read.size * read.size
    ? Array.from(regionText, (c) => ALPHABET.indexOf(c)) : undefined;
  const units = variant.filter((v) => v !== 'killer');
  const jigsaw = regions ? layoutFromData({ size: read.size, box: '', variant: units, regions }) : null;
  const boxed = sent === '' ? boxLayout(read.size) : shape && boxLayout(read.size, `${shape.rows}x${shape.columns}`);
  const plain = jigsaw ?? (!boxed ? null : boxLayout(read.size, boxed.box, units) ?? boxed);
  // A killer's cages (the app sends them as it writes them in links).
  const layout = plain && variant.includes('killer') ? killerFromParams(plain, q.get('cages'), q.get('sums')) : plain;
  if (plain && !layout) {
    say(t('app.print.cages'), 'error');
    return;
  }
  if (!layout && !boxShapes(read.size).length) {
    say(t('app.print.regions', { size: read.size }), 'error');
    return;
  }
  if (!layout) {
    say(t('app.print.boxes', { sent, size: read.size, shapes: boxShapes(read.size).map(boxName).join(` ${t('app.print.or')} `) }), 'error');
    return;
  }
  const line = Array.from(read.values, (v) => (v ? ALPHABET[v - 1] : '.')).join('');
  document.body.dataset.busy = 'solve';
  let result;
  try {
    result = await engine.solve(engineText(line, layout), { size: read.size, ...layoutOptions(layout) });
  } catch (err) {
    say(t('app.print.unsolved', { error: describeError(err, String(err)) }), 'error');
    return;
  } finally {
    document.body.dataset.busy = '';
  }
  const unique = result.status === 'unique';
  // The player's entries, marks and colours, when the app sent them (progress.js).
  let notes = null;
  let noteWords = '';
  let progressRefused = false;
  if (q.get('progress')) {
    const decoded = decodeProgress(q.get('progress'), Game.fromPuzzle(read.size, read.values, layout));
    if (decoded.error) {
      noteWords = ` ${t('app.print.progress.refused', { error: decoded.error.message })}`;
      progressRefused = true;
    }
    else {
      const { values, centre, corner, colours } = decoded.progress;
      notes = { entries: values, centre, corner, colours };
      ui.withProgressField.hidden = false;
      noteWords = ` ${t('app.print.progress.shown')}`;
    }
  }
  const level = LEVELS.includes(q.get('level')) ? q.get('level') : undefined;
  const seed = readSeed(q.get('puzzle-seed'))?.toString();
  choose(ui.size, String(read.size));
  fillBoxFields();
  choose(ui.box, layout.box);
  fillBoxFields();
  choose(ui.variant, variant.join(','));
  syncSymmetry();
  fillPerPage();
  ui.perPage.value = ui.perPage.options[0].value;
  ui.answers.checked = unique;
  ui.count.value = '1';
  current = {
    puzzles: [{
      // The engine's layout, unless it came back without the cages sent.
      size: read.size, layout: (hasCages(layout) && !hasCages(result.layout) ? null : layoutFromData(result.layout)) ?? layout, puzzle: line,
      solution: unique ? result.solution : line, level, seed, notes,
    }],
    size: read.size, single: true,
  };
  const pages = render();
  const kind = variantWords(layout);
  const args = { size: read.size, kind: kind ? ` ${kind}` : '', boxes: withBoxes(layout.box), pages, status: result.status };
  say((unique ? t('app.print.one', args) : t('app.print.one.alone', args)) + noteWords, unique && !progressRefused ? 'ok' : 'warn');
}

fillSizes();
readQuery();
document.body.dataset.busy = '';
const query = new URLSearchParams(location.search);
// The language the app passed on, else the one chosen there, else the browser's. The form
// works at once; its words follow when the catalogs are in.
setLanguage(query.get('lang') ?? loadLanguage() ?? chooseLanguage(navigator.languages), ['core', 'hints', 'app']).then(() => {
  document.documentElement.lang = language();
  translate(document);
  const size = ui.size.value;
  fillSizes();
  ui.size.value = size;
  fillVariants(ui.variant, Number(ui.size.value), ui.box.value);
  if (!ui.status.textContent) say(t('app.print.choose'));
  if (query.has('puzzle')) printOne(query.get('puzzle'), query);
});
// The service worker's install downloads every file once more (revalidated, so mostly
// no bodies): only once the engine has started, not to slow the first load.
engine.version().catch(() => {}).finally(() => registerOffline());
