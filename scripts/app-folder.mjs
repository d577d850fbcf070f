// Assembles the site `npm start` serves, dist/app/: the app's pages (index.html,
// print.html) and exactly the files they load (the list the service worker precaches,
// scripts/precache.mjs), and the widget's example host page (www/examples/embed.html,
// with the iframe form it frames) and what they load, at the same paths as in the checkout, the JavaScript minified with
// terser as dist/sudoku64/ is (scripts/embed-folder.mjs), and its own sw.js, whose list
// and hashes are those of the minified files. On a slow phone network the minified
// modules cut a first visit's download by about a quarter (BENCHMARKS, "The widget's
// weight and loading"). scripts/build-wasm.sh runs it last, after sw.js; it takes a few
// seconds. The sources in www/ stay as they are: `node scripts/serve.mjs --sources`
// serves the checkout itself, and the tests load the sources.
//
//   node scripts/app-folder.mjs     # (re)makes dist/app/ and says how many files it holds
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTerser, minifiedFile } from './embed-folder.mjs';
import { precacheFiles, writeServiceWorker } from './precache.mjs';
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

/** Every file the site holds but sw.js: the app's (precached) and the examples', relative to the project, sorted. */
export async function appFiles() {
  const files = new Set(await precacheFiles());
  for (const page of EXAMPLE_PAGES) {
    for (const path of await moduleGraph(page, { engine: 'light' })) files.add(relative(ROOT, path).split(sep).join('/'));
  }
  return [...files].sort();
}

/**
 * Makes `folder` (relative to the project) afresh: the pages and every file they load,
 * JavaScript minified, then its sw.js. Written into a sibling first and moved into place at
 * the end, so a failed step never leaves half a site.
 * @param {string} [folder]
 * @returns {Promise<{files: string[], version: string}>} the files copied (appFiles(),
 *   relative to the folder) and the service worker's version
 */
export async function assembleAppFolder(folder = APP_FOLDER) {
  const minify = await loadTerser();
  const target = resolve(ROOT, folder);
  const staging = `${target}.partial`;
  const files = await appFiles();
  await rm(staging, { recursive: true, force: true });
  let version;
  try {
    for (const file of files) {
      await mkdir(dirname(join(staging, file)), { recursive: true });
      if (extname(file) === '.js') await writeFile(join(staging, file), await minifiedFile(minify, resolve(ROOT, file)));
      else await cp(resolve(ROOT, file), join(staging, file));
    }
    ({ version } = await writeServiceWorker(staging));
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
