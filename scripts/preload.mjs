// Writes the preload links of the app's pages (index.html, print.html), so that a first
// visit fetches at once what it would otherwise discover one level of imports after
// another: a `<link rel="modulepreload">` for every module the page imports (its module
// graph, found by the walk in scripts/widget-size.mjs, without the files loaded on demand
// and without the worker's own graph), and a `<link rel="prefetch">` of the engine's wasm,
// which the worker asks for only once the page's modules have run. The browser keeps the
// prefetched wasm in its HTTP cache, so the worker's own request for it costs at most a
// revalidation instead of the download.
//
// Measured on a slow phone network (Chromium at 4× CPU throttling, 1.6 Mbps, 150 ms
// latency; `node scripts/bench-load.mjs --runs 5`, first visit, medians), engine ready /
// grid drawn: none 4.2 / 2.7 s; the module preloads alone 3.7 / 2.2 s; with the wasm
// prefetched too 3.0 / 2.3 s. The wasm as a `preload` did as well at low priority (2.9 /
// 2.2 s) and worse at the default (3.1 / 2.5 s: it took bandwidth from the modules), but
// a document that preloads what only its worker uses gets a console warning for it.
//
// The links go between two marker comments in each page's <head>; the rest of the page
// is left as it is. scripts/build-wasm.sh runs this before scripts/precache.mjs (which
// hashes the pages), so a module added to or taken from the app shows up in the links.
//
//   node scripts/preload.mjs           # (re)writes the links; says which pages changed
//   node scripts/preload.mjs --check   # exits 1, naming the page, when a page's links are not the ones it would write
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraph, references } from './widget-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pages that get preload links, relative to the root. */
export const PRELOAD_PAGES = ['index.html', 'print.html'];

/** The comments the links sit between. */
const BEGIN = '<!-- Preloads, written by scripts/preload.mjs: -->';
const END = '<!-- End of the preloads. -->';

/**
 * What `page` (relative to the root) should preload, as paths relative to the page:
 * {modules, wasm}. `modules` is what the page imports before it runs (its static imports,
 * in walk order), without its own entry scripts (already in <script> tags): not what an
 * `import()` or the worker loads; `wasm` the engine's wasm. `page` is relative to the
 * root, or an absolute path (a built page, scripts/app-folder.mjs).
 * @param {string} page
 * @returns {Promise<{modules: string[], wasm: string[]}>}
 */
export async function preloadsOf(page) {
  const path = resolve(ROOT, page);
  const html = await readFile(path, 'utf8');
  // The page's own references, minus the preloads already written (they would name
  // themselves, or, in a built page, the modules its bundles replaced), and what they load.
  const entries = new Set(references(path, withoutPreloads(html)));
  const graph = async (options) => (await Promise.all([...entries].map((entry) => moduleGraph(entry, options)))).flat();
  const own = [...new Set(await graph({ urls: false, dynamic: false }))];
  const everything = await graph({ lazy: false });
  const rel = (file) => relative(dirname(path), file).split('\\').join('/');
  return {
    modules: own.filter((file) => extname(file) === '.js' && !entries.has(file)).map(rel),
    wasm: everything.filter((file) => extname(file) === '.wasm').map(rel),
  };
}

/**
 * The page's text without its preload block.
 * @param {string} html
 */
function withoutPreloads(html) {
  const begin = html.indexOf(BEGIN);
  const end = html.indexOf(END);
  return begin < 0 || end < begin ? html : html.slice(0, begin) + html.slice(end + END.length);
}

/**
 * The page's text with the links for `preloads`: in place of the block already there, else
 * after the page's last module script in <head>. Throws when the page has neither.
 * @param {string} page the page's name, for the error
 * @param {string} html
 * @param {{modules: string[], wasm: string[]}} preloads
 */
export function withPreloads(page, html, { modules, wasm }) {
  const lines = [
    BEGIN,
    ...modules.map((href) => `<link rel="modulepreload" href="${href}">`),
    ...wasm.map((href) => `<link rel="prefetch" href="${href}" crossorigin>`),
    END,
  ];
  const begin = html.indexOf(BEGIN);
  const end = html.indexOf(END);
  if (begin >= 0 && end > begin) {
    const indent = /[ \t]*$/.exec(html.slice(0, begin))[0];
    return html.slice(0, begin) + lines.join(`\n${indent}`) + html.slice(end + END.length);
  }
  const head = html.slice(0, html.indexOf('</head>'));
  const script = [...head.matchAll(/^([ \t]*)<script\b[^>]*\btype="module"[^>]*><\/script>\n/gm)].at(-1);
  if (!script) throw new Error(`${page}: no <script type="module"> in <head> to put the preloads after`);
  const at = script.index + script[0].length;
  return html.slice(0, at) + lines.map((line) => `${script[1]}${line}\n`).join('') + html.slice(at);
}

async function main() {
  const check = process.argv[2] === '--check';
  if (process.argv.length > 2 && !check) {
    console.error('usage: node scripts/preload.mjs [--check]');
    process.exit(2);
  }
  const changed = [];
  for (const page of PRELOAD_PAGES) {
    const path = resolve(ROOT, page);
    const html = await readFile(path, 'utf8');
    const preloads = await preloadsOf(page);
    const written = withPreloads(page, html, preloads);
    if (written === html) continue;
    changed.push(page);
    if (!check) await writeFile(path, written);
  }
  if (check && changed.length) {
    console.error(`${changed.join(' and ')}: the preload links are not the module graph's; run node scripts/preload.mjs`);
    process.exit(1);
  }
  console.error(`preloads: ${changed.length ? `rewrote ${changed.join(' and ')}` : `${PRELOAD_PAGES.join(' and ')} up to date`}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
