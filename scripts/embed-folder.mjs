// Assembles the folder a site owner copies to embed the widget, dist/sudoku64/: exactly the
// files the module form (www/widget.js) and the iframe form (www/embed.html) load, found
// by the same walk of the module graph that scripts/widget-size.mjs weighs, each at its
// path under www/ (so pkg/ stays beside the modules). scripts/build-wasm.sh runs it last,
// so `npm run build` and `npm start` leave it up to date; it takes well under a second.
//
//   node scripts/embed-folder.mjs     # (re)makes dist/sudoku64/ and lists what is in it
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMS, moduleGraph } from './widget-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder made, relative to the project; README.md's "Embed it" names it. */
export const EMBED_FOLDER = 'dist/sudoku64';

/**
 * Every file the two forms load, as paths relative to www/ (the folder's own layout),
 * sorted. Throws when the walk reaches a file outside www/, which the folder could not
 * hold at the same relative place.
 * @returns {Promise<string[]>}
 */
export async function embedFiles() {
  const www = resolve(ROOT, 'www');
  const files = new Set();
  for (const [, entry] of FORMS) {
    for (const path of await moduleGraph(entry)) {
      if (!path.startsWith(www + sep)) throw new Error(`${relative(ROOT, path)} is loaded by ${entry} but lies outside www/`);
      files.add(relative(www, path).split(sep).join('/'));
    }
  }
  return [...files].sort();
}

/**
 * Makes `folder` (relative to the project) afresh with exactly embedFiles() in it. The
 * files are copied into a sibling first and moved into place at the end, so a failed
 * copy never leaves half a folder.
 * @param {string} [folder]
 * @returns {Promise<string[]>} the files copied, relative to the folder
 */
export async function assembleEmbedFolder(folder = EMBED_FOLDER) {
  const target = resolve(ROOT, folder);
  const staging = `${target}.partial`;
  const files = await embedFiles();
  await rm(staging, { recursive: true, force: true });
  for (const file of files) {
    await mkdir(dirname(join(staging, file)), { recursive: true });
    await cp(resolve(ROOT, 'www', file), join(staging, file));
  }
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await assembleEmbedFolder();
  console.log(`${EMBED_FOLDER}/: the ${files.length} files to copy to a site for the widget and its iframe form`);
}
