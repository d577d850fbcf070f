// A small static file server for the app: correct MIME types (application/wasm,
// text/javascript, application/manifest+json), brotli or gzip when the request accepts it
// (node:zlib; each file compressed once and kept while it is unchanged), an ETag so a
// revalidation costs no body, optional extra headers (the e2e tests use it to serve pages under a
// strict Content-Security-Policy). It sends only what the pages load: index.html,
// print.html, the service worker sw.js (written by scripts/precache.mjs) and the www/ folder (the app's modules, styles, icon and the built wasm in
// www/pkg/); every other path of the checkout, and every dotfile or dot-folder
// (/.git/config), is refused, as are escapes out of the root, by `..` or by a symbolic
// link.
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** What the app's pages load, relative to the root: files, and folders ending in '/'. */
export const APP_PATHS = ['index.html', 'print.html', 'sw.js', 'www/'];

/** Types worth compressing: text, and the wasm (about a third of its size gzipped). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt', '.md']);

/**
 * The content coding to send for an Accept-Encoding header: 'br', 'gzip' or null (the
 * file as it is). Brotli is preferred when both are accepted; `q=0` refuses a coding, and
 * `*` stands for any coding not named.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(header) {
  const quality = new Map();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Compressed bodies (promises, so requests arriving together share one compression) by
 * coding and path, kept while the file's size and modification time stay the same.
 * Compression runs off the main thread: brotli at quality 10 takes about a second for the
 * wasm, once, and saves a sixth of its size against gzip.
 */
const compressed = new Map();

function compress(path, info, body, coding) {
  const key = `${coding} ${path}`;
  const stamp = `${info.size} ${info.mtimeMs}`;
  const kept = compressed.get(key);
  if (kept?.stamp === stamp) return kept.body;
  const out = coding === 'br'
    ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
  compressed.set(key, { stamp, body: out });
  out.catch(() => compressed.delete(key));
  return out;
}

/**
 * True when the URL path (decoded, from '/') may be served: it names one of `allowed`
 * (a file, or anything under a folder ending in '/'; '/' itself is index.html), and no
 * segment of it starts with a dot.
 */
export function isServed(pathname, allowed = APP_PATHS) {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.') || s.includes('\\') || s.includes('\0'))) return false;
  const path = segments.join('/');
  if (path === '') return true;
  return allowed.some((entry) => (entry.endsWith('/')
    ? path.startsWith(entry) || path === entry.slice(0, -1)
    : path === entry));
}

/**
 * Serves the app's files under `root` (see APP_PATHS); `allow` adds further paths, as
 * the tests do for their own pages in tests/e2e/.
 * `compress: false` sends every file as it is (scripts/bench-load.mjs compares).
 * @param {{root: string, allow?: string[], headers?: (path: string) => Record<string, string>, compress?: boolean}} options
 * @returns {import('node:http').Server}
 */
export function staticServer({ root, allow = [], headers = () => ({}), compress: compressing = true }) {
  const base = resolve(root);
  const allowed = [...APP_PATHS, ...allow];
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url, 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      let path = normalize(join(base, pathname));
      if ((path !== base && !path.startsWith(base + sep))
        || !isServed(path.slice(base.length).split(sep).join('/'), allowed)) {
        // The same answer as for a missing file: the checkout's layout stays private.
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, 'index.html');
      // A symbolic link is followed only to a file that would be served under its own name.
      const real = await realpath(path);
      const realBase = await realpath(base);
      if ((real !== realBase && !real.startsWith(realBase + sep))
        || !isServed(real.slice(realBase.length).split(sep).join('/'), allowed)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      const info = await stat(real);
      let body = await readFile(real);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      const type = {
        'content-type': MIME[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        etag,
      };
      const compressible = compressing && COMPRESSIBLE.has(extname(path));
      if (compressible) type.vary = 'Accept-Encoding';
      if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        res.writeHead(304, { ...type, ...headers(url.pathname) }).end();
        return;
      }
      const coding = compressible ? chooseEncoding(req.headers['accept-encoding']) : null;
      if (coding) {
        body = await compress(real, info, body, coding);
        type['content-encoding'] = coding;
      }
      type['content-length'] = body.length;
      res.writeHead(200, { ...type, ...headers(url.pathname) });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      if (err instanceof URIError) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request');
        return;
      }
      const missing = err.code === 'ENOENT' || err.code === 'ENOTDIR';
      res.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(missing ? 'not found' : 'server error');
    }
  });
}
