// Weighs the embeddable widget: every file the browser loads for it, found by following
// the module graph from its entry (static imports, and `new URL('…', import.meta.url)`
// for the worker and the wasm), with the size each takes on the wire gzipped at zlib's
// default level 6, as static servers and CDNs commonly send it.
//
//   node scripts/widget-size.mjs            # tables for the module form and the iframe form
//
// The module also exports weigh(entry) for the tests' size budget.
import { readFile } from 'node:fs/promises';
import { dirname, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The references a file makes to other files that the browser loads with it. Comments
 * (whole lines starting with // or *, and /* blocks) are skipped: they hold examples.
 */
function references(path, source) {
  const found = [];
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*(?:\/\/|\*).*$/gm, '').replace(/<!--[\s\S]*?-->/g, '');
  const patterns = extname(path) === '.html'
    ? [/<script\b[^>]*\bsrc="([^"]+)"/g, /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g]
    : [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g,
      /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (!/^[a-z]+:|^\/\//i.test(match[1])) found.push(resolve(dirname(path), match[1]));
    }
  }
  return found;
}

/**
 * Every file loaded from `entry` (a path under the project), with its raw and gzip sizes:
 * {files: [{path, bytes, gzip}], bytes, gzip}.
 */
export async function weigh(entry) {
  const seen = new Set();
  const files = [];
  const queue = [resolve(ROOT, entry)];
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const body = await readFile(path);
    files.push({ path: relative(ROOT, path), bytes: body.length, gzip: gzipSync(body, { level: 6 }).length });
    if (extname(path) !== '.wasm') queue.push(...references(path, body.toString('utf8')));
  }
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { files, bytes: sum('bytes'), gzip: sum('gzip') };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [title, entry] of [['module form', 'www/widget.js'], ['iframe form', 'www/embed.html']]) {
    const { files, bytes, gzip } = await weigh(entry);
    console.log(`${title} (${entry}): ${files.length} files, ${kb(bytes)} raw, ${kb(gzip)} gzip`);
    for (const file of files) console.log(`  ${file.path.padEnd(28)} ${kb(file.bytes).padStart(9)} ${kb(file.gzip).padStart(9)}`);
  }
}
