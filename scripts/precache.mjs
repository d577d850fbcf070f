// Writes the service worker, sw.js at the site's root, from www/service-worker.js and the
// list of files it precaches. The list is never kept by hand: it is every file the app's
// pages (index.html, print.html) load, found by the module-graph walk that
// scripts/widget-size.mjs does for the widget (scripts, stylesheets, imports, the worker
// and the wasm), plus what the pages show or install but do not import: the icons and the
// web app manifest named by <link> and <img>, the manifest's own icons, and url()s in the
// stylesheets. Each file goes in with its SHA-256, and the version is a hash of all of
// them and of the worker's own code, so a deploy that changes any byte gets a new version
// (a new cache) and an unchanged one keeps its cache. scripts/build-wasm.sh runs it last.
//
//   node scripts/precache.mjs     # (re)writes sw.js and says how many files and which version
import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraph } from './widget-size.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pages whose files are precached, relative to the site's root. */
export const PAGES = ['index.html', 'print.html'];

/** The worker's code, relative to the project (for any site's root); sw.js is it with the list in front. */
export const WORKER_SOURCE = 'www/service-worker.js';

/** What the service worker is written as, relative to the root (its scope is the root). */
export const WORKER_FILE = 'sw.js';

const local = (ref) => ref && !/^[a-z]+:|^\/\/|^#/i.test(ref);

/**
 * Files a file refers to that the walk in widget-size.mjs leaves out because nothing
 * imports them: in HTML, icons, the manifest and images; in a manifest, its icons; in
 * CSS, url()s. Absolute paths.
 * @param {string} path
 * @param {string} text
 */
function assets(path, text) {
  const found = [];
  const ext = extname(path);
  if (ext === '.html') {
    const html = text.replace(/<!--[\s\S]*?-->/g, '');
    for (const m of html.matchAll(/<link\b[^>]*\brel="(?:[^"]*\b)?(?:icon|manifest|apple-touch-icon)\b[^"]*"[^>]*>/g)) {
      const href = m[0].match(/\bhref="([^"]+)"/)?.[1];
      if (local(href)) found.push(resolve(dirname(path), href));
    }
    for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) if (local(m[1])) found.push(resolve(dirname(path), m[1]));
  } else if (ext === '.webmanifest') {
    for (const icon of JSON.parse(text).icons ?? []) if (local(icon.src)) found.push(resolve(dirname(path), icon.src));
  } else if (ext === '.css') {
    for (const m of text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) {
      if (local(m[1])) found.push(resolve(dirname(path), m[1]));
    }
  }
  return found;
}

/**
 * Every file the pages load, relative to `root` with '/' separators, sorted: the pages,
 * their module graphs, and the assets above. Throws when a file is missing (a page that
 * names a file the site does not have would fail offline) or lies outside the root.
 * @param {string} [root]
 * @returns {Promise<string[]>}
 */
export async function precacheFiles(root = ROOT) {
  const base = resolve(root);
  const seen = new Set();
  const queue = [];
  for (const page of PAGES) queue.push(...await moduleGraph(resolve(base, page)));
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    if (path !== base && !path.startsWith(base + sep)) throw new Error(`${path} is loaded by a page but lies outside the site`);
    let text;
    try {
      text = ['.html', '.css', '.webmanifest'].includes(extname(path)) ? await readFile(path, 'utf8') : null;
      if (text === null) await readFile(path);
    } catch (err) {
      throw new Error(`${relative(base, path)} is loaded by a page but cannot be read (${err.code ?? err.message})`, { cause: err });
    }
    seen.add(path);
    if (text !== null) {
      for (const found of assets(path, text)) {
        // A stylesheet or module reached only as an asset still has its own references.
        queue.push(...(['.js', '.css'].includes(extname(found)) ? await moduleGraph(found) : [found]));
      }
    }
  }
  return [...seen].map((path) => relative(base, path).split(sep).join('/')).sort();
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The precache list of the site at `root`: {version, files: [{path, sha256}]}. The
 * version is the first 16 hex digits of a hash over every path and hash and over the
 * worker's own code.
 * @param {string} [root]
 */
export async function precacheManifest(root = ROOT) {
  const files = [];
  for (const path of await precacheFiles(root)) files.push({ path, sha256: sha256(await readFile(resolve(root, path))) });
  const code = await readFile(resolve(ROOT, WORKER_SOURCE), 'utf8');
  const version = sha256(files.map((f) => `${f.path} ${f.sha256}\n`).join('') + sha256(code)).slice(0, 16);
  return { version, files };
}

/**
 * Writes `root`/sw.js: the precache list, then the worker's code. Written beside and
 * renamed, so a server never sends half a worker.
 * @param {string} [root]
 * @returns {Promise<{version: string, files: {path: string, sha256: string}[]}>}
 */
export async function writeServiceWorker(root = ROOT) {
  const manifest = await precacheManifest(root);
  const code = await readFile(resolve(ROOT, WORKER_SOURCE), 'utf8');
  const text = '// Written by scripts/precache.mjs from www/service-worker.js: do not edit.\n'
    + `self.PRECACHE = ${JSON.stringify(manifest, null, 1)};\n\n${code}`;
  const target = resolve(root, WORKER_FILE);
  await writeFile(`${target}.partial`, text);
  await rename(`${target}.partial`, target);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { version, files } = await writeServiceWorker();
    console.log(`${WORKER_FILE}: version ${version}, precaching the ${files.length} files the pages load`);
  } catch (err) {
    console.error(`${WORKER_FILE} not written: ${err.message}`);
    process.exitCode = 1;
  }
}
