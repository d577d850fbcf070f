// Assembles the site `npm start` serves, dist/app/: the app's pages (index.html,
// print.html), each with its modules bundled by esbuild into one minified file and a few
// chunks it shares with the other page or loads on demand (all in www/internal/), and
// preload links for them; every file the pages load besides (the list the service worker
// precaches, scripts/precache.mjs), and the widget's example host page
// (www/examples/embed.html, with the iframe form it frames) and what they load, at the same
// paths as in the checkout, the JavaScript minified with terser as dist/sudoku64/ is
// (scripts/embed-folder.mjs); and its own sw.js, whose list and hashes are those of the
// built files. On a slow phone network the bundles and minified files cut a first visit's
// requests from some forty to a handful and its download by about a quarter (BENCHMARKS,
// "The widget's weight and loading"). scripts/build-wasm.sh runs it last, after sw.js; it
// takes a few seconds. The sources in www/ stay as they are: `node scripts/serve.mjs
// --sources` serves the checkout itself, and the tests load the sources.
//
//   node scripts/app-folder.mjs     # (re)makes dist/app/ and says how many files it holds
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTerser, minifiedFile } from './embed-folder.mjs';
import { precacheFiles, writeServiceWorker } from './precache.mjs';
import { preloadsOf, withPreloads } from './preload.mjs';
import { moduleGraph } from './widget-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder made, relative to the project: what `npm start` serves. */
export const APP_FOLDER = 'dist/app';

/**
 * Pages served beside the app's own but not precached, relative to the project: the
 * widget's example host page (README, "Embed it") and the iframe form it frames, with the
 * widget's files they load.
 */
export const EXAMPLE_PAGES = ['www/examples/embed.html', 'www/embed.html'];

/**
 * The files copied from the checkout, relative to the project, sorted: what the app's
 * pages load (what sw.js precaches from the sources) but the modules their bundles hold,
 * and what the examples load. The site adds the bundles.
 */
export async function appFiles() {
  const rel = (path) => relative(ROOT, path).split(sep).join('/');
  const bundled = new Set();
  for (const [page] of PAGES) {
    for (const path of await moduleGraph(page, { urls: false })) if (extname(path) === '.js') bundled.add(rel(path));
  }
  const files = new Set((await precacheFiles()).filter((file) => !bundled.has(file)));
  for (const page of EXAMPLE_PAGES) {
    for (const path of await moduleGraph(page, { engine: 'light' })) files.add(rel(path));
  }
  return [...files].sort();
}

/** The app's pages, relative to the project, and the module each starts from. */
const PAGES = [['index.html', 'www/internal/app.js'], ['print.html', 'www/internal/print.js']];

/** Where the bundles go, relative to the site: every bundle and chunk is in this one folder. */
const BUNDLES = 'www/internal';

/** esbuild's build(), or an error that says how to install it. */
async function loadEsbuild() {
  try {
    return (await import('esbuild')).build;
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('esbuild, which bundles the app\'s modules, is not installed: run `npm ci` first', { cause: err });
  }
}

/**
 * An esbuild plugin that keeps `new URL('…', import.meta.url)` pointing at the same file
 * once the code moves into a bundle in BUNDLES (esbuild leaves such URLs as written, and
 * they would then be relative to the bundle), and leaves the engine's bindings (pkg/) to
 * the worker, unbundled.
 */
const keepUrls = {
  name: 'keep-urls',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const contents = source.replace(/\bnew URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g, (_, quote, to) => {
        const from = relative(join(ROOT, BUNDLES), resolve(dirname(path), to)).split(sep).join('/');
        return `new URL('${from.startsWith('.') ? from : `./${from}`}', import.meta.url)`;
      });
      return { contents, loader: 'js' };
    });
    build.onResolve({ filter: /\/pkg\// }, ({ path }) => ({ path, external: true }));
  },
};

/**
 * Makes `folder` (relative to the project) afresh: every file of appFiles(), JavaScript
 * minified, then each page's modules bundled into one file and shared chunks (esbuild,
 * minified) in place of its entry, its preload links written for them, and last the
 * folder's sw.js. The bundles cut the page's requests from some forty to a handful, each a
 * round trip on a slow network; the modules stay as single files too, for the widget's
 * example page. Written into a sibling first and moved into place at the end, so a failed
 * step never leaves half a site.
 * @param {string} [folder]
 * @returns {Promise<{files: string[], version: string}>} the files of the site but sw.js,
 *   relative to it, sorted, and the service worker's version
 */
export async function assembleAppFolder(folder = APP_FOLDER) {
  const minify = await loadTerser();
  const build = await loadEsbuild();
  const target = resolve(ROOT, folder);
  const staging = `${target}.partial`;
  await rm(staging, { recursive: true, force: true });
  let version;
  let files;
  try {
    for (const file of await appFiles()) {
      await mkdir(dirname(join(staging, file)), { recursive: true });
      if (extname(file) === '.js') await writeFile(join(staging, file), await minifiedFile(minify, resolve(ROOT, file)));
      else await cp(resolve(ROOT, file), join(staging, file));
    }
    const result = await build({
      entryPoints: PAGES.map(([, entry]) => resolve(ROOT, entry)),
      bundle: true,
      splitting: true,
      format: 'esm',
      target: 'es2020',
      minify: true,
      keepNames: true,
      outdir: join(staging, BUNDLES),
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      plugins: [keepUrls],
      logLevel: 'silent',
    });
    if (result.errors.length) throw new Error(result.errors.map((e) => e.text).join('; '));
    for (const [page] of PAGES) {
      const path = join(staging, page);
      await writeFile(path, withPreloads(page, await readFile(path, 'utf8'), await preloadsOf(path)));
    }
    ({ version } = await writeServiceWorker(staging));
    files = (await readdir(staging, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(staging, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((file) => file !== 'sw.js')
      .sort();
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return { files, version };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { files, version } = await assembleAppFolder();
    console.log(`${APP_FOLDER}/: the site npm start serves, ${files.length} files (JavaScript minified) and sw.js version ${version}`);
  } catch (err) {
    console.error(`${APP_FOLDER}/ not made: ${err.message}`);
    process.exitCode = 1;
  }
}
