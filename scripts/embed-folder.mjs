// Assembles the folder a site owner copies to embed the widget, dist/sudoku64/: exactly the
// files the module form (www/widget.js) and the iframe form (www/embed.html) load, found
// by the same walk of the module graph that scripts/widget-size.mjs weighs, each at its
// path under www/ (so pkg/ stays beside the modules). The walk follows dynamic `import('…')`s
// too, so a module loaded on demand (www/internal/fpuzzles.js, imported by engine.js when a link is
// read) is copied with the rest. The JavaScript is minified with
// terser (an npm devDependency), file by file under the same names; HTML and the wasm are
// copied as they are. scripts/build-wasm.sh runs it last, so `npm run build` and
// `npm start` leave it up to date; it takes a few seconds.
//
//   node scripts/embed-folder.mjs     # (re)makes dist/sudoku64/ and lists what is in it
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBED_FOLDER, FORMS, moduleGraph, references } from './widget-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder made, relative to the project (scripts/widget-size.mjs, which weighs it, names it). */
export { EMBED_FOLDER };

/**
 * terser's settings. Every file is an ES module (`module`: top-level names may be renamed,
 * `import.meta` and `import()` are kept) for browsers with ES2020. Class names are kept,
 * so the widget's element and errors show their own names in the console and debugger.
 */
const MINIFY = { module: true, ecma: 2020, keep_classnames: true };

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
    for (const path of await moduleGraph(`www/${entry}`, { engine: 'light' })) {
      if (!path.startsWith(www + sep)) throw new Error(`${relative(ROOT, path)} is loaded by www/${entry} but lies outside www/`);
      files.add(relative(www, path).split(sep).join('/'));
    }
  }
  return [...files].sort();
}

/** terser's minify(), or an error that says how to install it. */
export async function loadTerser() {
  try {
    return (await import('terser')).minify;
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('terser, which minifies the folder\'s JavaScript, is not installed: run `npm ci` first', { cause: err });
  }
}

/**
 * The JavaScript file at `path` (absolute) minified with `minify` (loadTerser()'s). Throws
 * unless the minified text still makes every reference the walk follows in the source
 * (imports, `import('…')`, `new URL('…', import.meta.url)`), so a copied folder loads what
 * the sources load.
 */
export async function minifiedFile(minify, path) {
  const source = await readFile(path, 'utf8');
  const { code } = await minify({ [relative(ROOT, path)]: source }, MINIFY);
  const named = (text) => [...new Set(references(path, text).map((to) => relative(dirname(path), to)))].sort().join(', ');
  if (named(code) !== named(source)) {
    throw new Error(`minified, ${relative(ROOT, path)} refers to [${named(code)}] where the source refers to [${named(source)}]`);
  }
  return code;
}

/**
 * Makes `folder` (relative to the project) afresh with exactly embedFiles() in it, the
 * JavaScript minified. The files are written into a sibling first and moved into place at
 * the end, so a failed step never leaves half a folder.
 * @param {string} [folder]
 * @returns {Promise<string[]>} the files written, relative to the folder
 */
export async function assembleEmbedFolder(folder = EMBED_FOLDER) {
  const minify = await loadTerser();
  const target = resolve(ROOT, folder);
  const staging = `${target}.partial`;
  const files = await embedFiles();
  await rm(staging, { recursive: true, force: true });
  try {
    for (const file of files) {
      await mkdir(dirname(join(staging, file)), { recursive: true });
      if (extname(file) === '.js') await writeFile(join(staging, file), await minifiedFile(minify, resolve(ROOT, 'www', file)));
      else await cp(resolve(ROOT, 'www', file), join(staging, file));
    }
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const files = await assembleEmbedFolder();
    console.log(`${EMBED_FOLDER}/: the ${files.length} files to copy to a site for the widget and its iframe form (JavaScript minified)`);
  } catch (err) {
    console.error(`${EMBED_FOLDER}/ not made: ${err.message}`);
    process.exitCode = 1;
  }
}
