// A small static file server for the app: correct MIME types (application/wasm,
// text/javascript), no directory escapes, optional extra headers (the e2e tests
// use it to serve pages under a strict Content-Security-Policy).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
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

/**
 * Serves the files under `root`.
 * @param {{root: string, headers?: (path: string) => Record<string, string>}} options
 * @returns {import('node:http').Server}
 */
export function staticServer({ root, headers = () => ({}) }) {
  const base = resolve(root);
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url, 'http://localhost');
      let path = normalize(join(base, decodeURIComponent(url.pathname)));
      if (path !== base && !path.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, {
        'content-type': MIME[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...headers(url.pathname),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      const missing = err.code === 'ENOENT' || err.code === 'ENOTDIR';
      res.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(missing ? 'not found' : 'server error');
    }
  });
}
