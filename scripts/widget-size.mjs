// Weighs the embeddable widget: every file the browser loads for it, found by following
// the module graph from its entry (static imports, dynamic `import('…')`, and
// `new URL('…', import.meta.url)` for the worker and the wasm; in HTML, scripts and
// stylesheets), with the size each takes on the wire gzipped at zlib's default
// level 6, as static servers and CDNs commonly send it. A file loaded only on demand
// (ON_DEMAND: www/internal/fpuzzles.js, the f-puzzles and SudokuPad link reader, which engine.js
// imports when such a link is read) is listed apart: it is in the folder a site copies,
// but not in the weight every page with the widget pays. What it weighs is what a site
// copies: dist/sudoku64/, with its JavaScript minified, made afresh from www/ first by
// scripts/embed-folder.mjs; the same files in www/, unminified, are weighed beside it.
//
//   node scripts/widget-size.mjs            # tables for the module form and the iframe form
//   node scripts/widget-size.mjs --readme   # also writes the figures into README.md's "What it weighs"
//
// The module also exports moduleGraph(entry) and references(), the walk that
// scripts/embed-folder.mjs copies by and checks its minified files with, EMBED_FOLDER,
// weigh(entry) and weighForms(folder) for the tests' size budget, and the README figures'
// reading and writing.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The references a file at `path` makes to other files that the browser loads with it, as
 * absolute paths. Comments (whole lines starting with // or *, and /* blocks) are skipped:
 * they hold examples. Minified code is read too (`import{a}from"./b.js"`). With
 * `{urls: false}`, `new URL('…', import.meta.url)` is not followed: what the page's own
 * module graph holds, without the worker and the wasm it starts; with `{dynamic: false}`,
 * `import('…')` is not: what must load before the file runs.
 * @param {string} path
 * @param {string} source the file's text
 * @param {{urls?: boolean, dynamic?: boolean}} [options]
 * @returns {string[]}
 */
export function references(path, source, { urls = true, dynamic = true } = {}) {
  const found = [];
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*(?:\/\/|\*).*$/gm, '').replace(/<!--[\s\S]*?-->/g, '');
  const patterns = extname(path) === '.html'
    ? [/<script\b[^>]*\bsrc="([^"]+)"/g, /<link\b[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g]
    // `import` as a keyword, not inside a name or an id ('stats-import', obj.import).
    : [/(?<![\w$.-])(?:import|export)\b(?!\s*[(.])[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /(?<![\w$.-])import\s*['"]([^'"]+)['"]/g,
      ...(dynamic ? [/(?<![\w$.-])import\(\s*['"]([^'"]+)['"]\s*\)/g] : []),
      ...(urls ? [/\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g] : [])];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (!/^[a-z]+:|^\/\//i.test(match[1])) found.push(resolve(dirname(path), match[1]));
    }
  }
  return found;
}

/**
 * The engine's two builds, by the names of their files in pkg/ (see www/internal/worker.js):
 * the app's pages start the full one and never load the light one; the widget, given a
 * puzzle, starts the light one and loads the full one only when a call needs it.
 */
export const ENGINE_BUILDS = {
  full: ['sudoku64.js', 'sudoku64_bg.wasm'],
  light: ['sudoku64_light.js', 'sudoku64_light_bg.wasm'],
};

/** When the widget loads the full build, in words. */
const FULL_ENGINE_LOADS = 'with the first hint, grade or generated puzzle, or a grid from 16×16 up';

/**
 * Which build of the engine a file belongs to ('full', 'light'), or null.
 * @param {string} path
 */
function buildOf(path) {
  const name = basename(path);
  return Object.keys(ENGINE_BUILDS).find((build) => ENGINE_BUILDS[build].includes(name)) ?? null;
}

/**
 * Every file the browser loads from `entry` (a path under the project, such as
 * 'www/widget.js'), in the order the walk finds them, entry first: absolute paths. With
 * `{lazy: false}`, the files loaded on demand (ON_DEMAND, when reached by `import()`
 * alone: a static import loads with its importer) are left out; with
 * `{urls: false}`, what `new URL()` names (the worker, and the wasm) and all it loads.
 * With `{dynamic: false}`, no `import('…')` is followed: with `{urls: false}` too, what
 * the page must load before it runs. `engine` is the build of the engine the page starts:
 * 'full' (the app's pages: the light build's files are never loaded, so never walked) or
 * 'light' (the widget given a puzzle: the full build's files load on demand).
 * @param {string} entry
 * @param {{lazy?: boolean, urls?: boolean, dynamic?: boolean, engine?: 'full' | 'light'}} [options]
 * @returns {Promise<string[]>}
 */
export async function moduleGraph(entry, { lazy = true, urls = true, dynamic = true, engine = 'full' } = {}) {
  const seen = new Set();
  const queue = [resolve(ROOT, entry)];
  const loaded = (file) => {
    const build = buildOf(file);
    if (build && build !== engine) return engine === 'light' && lazy;
    return lazy || !onDemand(file);
  };
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    if (!['.js', '.mjs', '.html'].includes(extname(path))) continue; // the wasm refers to nothing
    const text = await readFile(path, 'utf8');
    // A file imported statically loads with its importer, even one of ON_DEMAND.
    const fixed = new Set(references(path, text, { urls, dynamic: false }));
    queue.push(...references(path, text, { urls, dynamic }).filter((file) => (fixed.has(file) && !buildOf(file)) || loaded(file)));
  }
  return [...seen];
}

/**
 * Files a page loads only when a feature is used (imported on demand), with
 * what makes them load: in the folder a site copies, not in the weight every page pays.
 */
export const ON_DEMAND = new Map([
  ['fpuzzles.js', 'when an f-puzzles or SudokuPad link is read'],
  ['reading.js', 'when a reading key (Alt+R, C, B or N) is first pressed'],
  ['hints.js', 'with the first hint (the hint sentences and technique names)'],
]);

/** The message catalogs of languages other than English, loaded when a page chooses one (www/internal/i18n.js). */
const OTHER_LANGUAGE = /(?:^|[\\/])locales[\\/](?!en[\\/])[a-z]+[\\/][^\\/]+\.js$/;

/**
 * Whether a file loads only on demand: one of ON_DEMAND, or another language's catalog.
 * @param {string} path
 */
function onDemand(path) {
  return ON_DEMAND.has(basename(path)) || OTHER_LANGUAGE.test(path);
}

/**
 * When a file loaded on demand loads, in words.
 * @param {string} path
 */
function whenLoaded(path) {
  if (buildOf(path) === 'full') return `${FULL_ENGINE_LOADS} (the full engine)`;
  const lang = OTHER_LANGUAGE.test(path) ? /[\\/]locales[\\/]([a-z]+)[\\/]/.exec(`/${path}`)?.[1] : null;
  return lang ? `when the page's language is ${lang}` : ON_DEMAND.get(basename(path)) ?? 'on demand';
}

/**
 * The files loaded from `entry` split by when: {now: the files every page with it loads,
 * lazy: those loaded only on demand (ON_DEMAND, and what only they load)}, absolute paths
 * in walk order. `engine` as for moduleGraph().
 * @param {string} entry
 * @param {'full' | 'light'} [engine]
 */
export async function moduleGraphParts(entry, engine = 'full') {
  const now = await moduleGraph(entry, { lazy: false, engine });
  const lazy = (await moduleGraph(entry, { engine })).filter((path) => !now.includes(path));
  return { now, lazy };
}

/**
 * Every file loaded from `entry` (a path under the project), with its raw and gzip sizes:
 * {files: [{path, bytes, gzip}], bytes, gzip, lazy: [{path, bytes, gzip}]}, paths relative
 * to the project. `files` and the sums are what every page loads; `lazy` the files loaded
 * only when needed (dynamic imports), not in the sums. `engine` is the build of the engine
 * the page starts with, as for moduleGraph().
 * @param {string} entry
 * @param {{engine?: 'full' | 'light'}} [options]
 */
export async function weigh(entry, { engine = 'full' } = {}) {
  const { now, lazy } = await moduleGraphParts(entry, engine);
  const sizes = async (paths) => Promise.all(paths.map(async (path) => {
    const body = await readFile(path);
    return { path: relative(ROOT, path), bytes: body.length, gzip: gzipSync(body, { level: 6 }).length };
  }));
  const files = await sizes(now);
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { files, bytes: sum('bytes'), gzip: sum('gzip'), lazy: await sizes(lazy) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The two forms of the widget and the file each starts from, relative to the folder that
 * holds them: www/ (the sources) or the folder a site copies (scripts/embed-folder.mjs).
 */
export const FORMS = [['module form', 'widget.js'], ['iframe form', 'embed.html']];

/** Where the sources are, relative to the project. */
const SOURCES = 'www';

/**
 * The folder a site copies, relative to the project: scripts/embed-folder.mjs makes it
 * from SOURCES, and README.md's "Embed it" names it.
 */
export const EMBED_FOLDER = 'dist/sudoku64';

/**
 * Both forms weighed from `folder` (relative to the project): [module form, iframe form],
 * each as weigh() gives it for a widget given a puzzle (which starts the light build of
 * the engine), with `full`: the same weighed for a widget that generates its puzzle, and so
 * starts the full build.
 * @param {string} folder
 */
export function weighForms(folder) {
  return Promise.all(FORMS.map(async ([, entry]) => {
    const [light, full] = await Promise.all([weigh(`${folder}/${entry}`, { engine: 'light' }), weigh(`${folder}/${entry}`)]);
    return { ...light, full };
  }));
}

/** Where README.md's weight figures sit: between these comments, in "What it weighs". */
const MARKERS = ['<!-- widget-size -->', '<!-- /widget-size -->'];

/**
 * The figures README.md states, measured now: gzip KB (one decimal) and file counts of
 * both forms as `folder` (the folder a site copies, relative to the project) holds them
 * for a widget given a puzzle, the light wasm's gzip KB, both forms' gzip KB from the
 * unminified sources in www/, and for a widget that generates its puzzle (the full
 * engine from the start) both forms' gzip KB and the full wasm's.
 * @param {string} [folder]
 * @returns {Promise<{moduleKB: number, moduleFiles: number, wasmKB: number, iframeKB: number, iframeFiles: number,
 *   sourceModuleKB: number, sourceIframeKB: number, fullModuleKB: number, fullIframeKB: number, fullWasmKB: number,
 *   lazy: {name: string, kb: number}[]}>}
 */
export async function measureFigures(folder = EMBED_FOLDER) {
  const [[module, iframe], [sourceModule, sourceIframe]] = await Promise.all([weighForms(folder), weighForms(SOURCES)]);
  const wasmOf = (files) => files.find((file) => file.path.endsWith('.wasm'));
  const round = (bytes) => Number((bytes / 1024).toFixed(1));
  return {
    moduleKB: round(module.gzip), moduleFiles: module.files.length, wasmKB: round(wasmOf(module.files)?.gzip ?? 0),
    iframeKB: round(iframe.gzip), iframeFiles: iframe.files.length,
    sourceModuleKB: round(sourceModule.gzip), sourceIframeKB: round(sourceIframe.gzip),
    fullModuleKB: round(module.full.gzip), fullIframeKB: round(iframe.full.gzip), fullWasmKB: round(wasmOf(module.full.files)?.gzip ?? 0),
    // The other languages' catalogs are many small files: the README says so in words. The
    // full engine is said apart.
    lazy: module.lazy.filter((file) => !OTHER_LANGUAGE.test(file.path) && !buildOf(file.path))
      .map((file) => ({ name: relative(folder, file.path), kb: round(file.gzip) })),
  };
}

/** The README's words for the figures, as they go between the markers. */
function figuresText({ moduleKB, moduleFiles, wasmKB, iframeKB, iframeFiles, sourceModuleKB, sourceIframeKB,
  fullModuleKB, fullIframeKB, fullWasmKB, lazy = [] }) {
  const later = lazy.map(({ name, kb: size }) => `; \`${name}\`, ${size.toFixed(1)} KB more, loads only ${whenLoaded(name)}`).join('');
  return `**${moduleKB.toFixed(1)} KB** for the module form (${moduleFiles} files: the light wasm, which reads, solves\n`
    + `and counts, is ${wasmKB.toFixed(1)} KB of it) and **${iframeKB.toFixed(1)} KB** for the iframe form\n`
    + `(${iframeFiles} files), against ${sourceModuleKB.toFixed(1)} KB and ${sourceIframeKB.toFixed(1)} KB for the same files unminified in \`www/\`.\n`
    + `The full engine (its wasm, with the generator and the logic solver, is ${fullWasmKB.toFixed(1)} KB) loads only\n`
    + `${FULL_ENGINE_LOADS}; a widget that generates its puzzle starts with it instead of the light one:\n`
    + `**${fullModuleKB.toFixed(1)} KB** for the module form and **${fullIframeKB.toFixed(1)} KB** for the iframe form${later}`;
}

/**
 * The figures README.md's text states between the markers, or null when they are missing
 * or no longer in the words figuresText() writes.
 * @param {string} readme the README's text
 */
export function readmeFigures(readme) {
  const between = readme.split(MARKERS[0])[1]?.split(MARKERS[1])[0];
  const match = between?.match(/^\s*\*\*([\d.]+) KB\*\* for the module form \((\d+) files: .*? is ([\d.]+) KB of it\) and \*\*([\d.]+) KB\*\* for the iframe form\s+\((\d+) files\), against ([\d.]+) KB and ([\d.]+) KB for the same files unminified\b.*?The full engine \(.*? is ([\d.]+) KB\).*?\*\*([\d.]+) KB\*\* for the module form and \*\*([\d.]+) KB\*\* for the iframe form.*$/s);
  if (!match) return null;
  const [moduleKB, moduleFiles, wasmKB, iframeKB, iframeFiles, sourceModuleKB, sourceIframeKB, fullWasmKB, fullModuleKB, fullIframeKB] = match.slice(1).map(Number);
  return { moduleKB, moduleFiles, wasmKB, iframeKB, iframeFiles, sourceModuleKB, sourceIframeKB, fullWasmKB, fullModuleKB, fullIframeKB };
}

/**
 * Writes the figures measured now from `folder` (see measureFigures) into README.md
 * between the markers; throws when the markers are not there.
 * @param {string} [folder]
 * @returns {Promise<object>} the figures written
 */
export async function writeReadmeFigures(folder = EMBED_FOLDER) {
  const path = resolve(ROOT, 'README.md');
  const readme = await readFile(path, 'utf8');
  const [open, close] = MARKERS;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`README.md has no ${open} … ${close} around the weights`);
  const figures = await measureFigures(folder);
  // The opening marker ends a line and the closing one follows the text, so the paragraph
  // stays one paragraph in Markdown.
  await writeFile(path, `${readme.slice(0, start + open.length)}\n${figuresText(figures)}${readme.slice(end)}`);
  return figures;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The folder made afresh from www/ first, by the script the build runs (it says why when it cannot).
  try {
    execFileSync(process.execPath, [fileURLToPath(new URL('embed-folder.mjs', import.meta.url))], { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
  const [built, sources] = await Promise.all([weighForms(EMBED_FOLDER), weighForms(SOURCES)]);
  const cell = (bytes) => (bytes === undefined ? '' : kb(bytes)).padStart(10);
  FORMS.forEach(([title, entry], form) => {
    const { files, bytes, gzip } = built[form];
    const source = sources[form];
    const sourceGzip = new Map(source.files.map((file) => [relative(SOURCES, file.path), file.gzip]));
    console.log(`${title} (${EMBED_FOLDER}/${entry}): ${files.length} files, ${kb(bytes)} raw, ${kb(gzip)} gzip;`
      + ` unminified in ${SOURCES}/: ${kb(source.bytes)} raw, ${kb(source.gzip)} gzip`);
    console.log(`  ${'file'.padEnd(24)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${`${SOURCES}/ gzip`.padStart(12)}`);
    for (const file of files) {
      const name = relative(EMBED_FOLDER, file.path);
      console.log(`  ${name.padEnd(24)}${cell(file.bytes)}${cell(file.gzip)}${cell(sourceGzip.get(name)).padStart(12)}`);
    }
    if (built[form].lazy.length) {
      const lazyGzip = new Map(source.lazy.map((file) => [relative(SOURCES, file.path), file.gzip]));
      console.log('  loaded only on demand, not in the sums above:');
      for (const file of built[form].lazy) {
        const name = relative(EMBED_FOLDER, file.path);
        const why = whenLoaded(name);
        console.log(`  ${name.padEnd(24)}${cell(file.bytes)}${cell(file.gzip)}${cell(lazyGzip.get(name)).padStart(12)}  ${why}`);
      }
    }
  });
  if (process.argv.includes('--readme')) {
    await writeReadmeFigures();
    console.log('README.md: the figures in "What it weighs" are now these');
  }
}
