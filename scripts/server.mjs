// A small static file server for the app: correct MIME types (application/wasm,
// text/javascript), optional extra headers (the e2e tests use it to serve pages under a
// strict Content-Security-Policy). It sends only what the pages load: index.html,
// print.html and the www/ folder (the app's modules, styles, icon and the built wasm in
// www/pkg/); every other path of the checkout, and every dotfile or dot-folder
// (/.git/config), is refused, as are escapes out of the root, by `..` or by a symbolic
// link.
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** What the app's pages load, relative to the root: files, and folders ending in '/'. */
export const APP_PATHS = ['index.html', 'print.html', 'www/'];

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
 * @param {{root: string, allow?: string[], headers?: (path: string) => Record<string, string>}} options
 * @returns {import('node:http').Server}
 */
export function staticServer({ root, allow = [], headers = () => ({}) }) {
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
      const body = await readFile(real);
      res.writeHead(200, {
        'content-type': MIME[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...headers(url.pathname),
      });
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
