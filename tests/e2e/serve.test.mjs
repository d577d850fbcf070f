// What `npm start`'s server sends on the wire: brotli or gzip as the request accepts, the
// same bytes once decoded, Vary and Content-Encoding to match, an ETag that spares a
// body, and the MIME types of the manifest and the wasm. Read with node:http, which shows
// the bytes as sent (fetch would decode them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT, serve } from './harness.mjs';
import { chooseEncoding } from '../../scripts/server.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

/** GET `path` with `headers`: {status, headers, body (a Buffer, as sent)}. */
function raw(path, headers = {}) {
  return new Promise((resolve, reject) => {
    get(`${server.origin}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('Accept-Encoding is read with its weights', () => {
  assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(chooseEncoding('gzip, br;q=0'), 'gzip');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0'), null);
  assert.equal(chooseEncoding('identity'), null);
  assert.equal(chooseEncoding(''), null);
  assert.equal(chooseEncoding(undefined), null);
  assert.equal(chooseEncoding('*;q=0.5'), 'br');
  assert.equal(chooseEncoding('*, br;q=0'), 'gzip');
  assert.equal(chooseEncoding('GZIP;Q=1'), 'gzip');
});

test('text and the wasm go compressed when accepted, and decode to the file', async () => {
  for (const path of ['/www/pkg/sudoku64_bg.wasm', '/www/internal/app.js', '/index.html', '/www/style.css', '/www/manifest.webmanifest']) {
    const file = readFileSync(join(ROOT, path.slice(1)));
    const br = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200, path);
    assert.equal(br.headers['content-encoding'], 'br', path);
    assert.equal(br.headers.vary, 'Accept-Encoding', path);
    assert.ok(br.body.length < file.length, `${path}: ${br.body.length} bytes sent for ${file.length}`);
    assert.ok(brotliDecompressSync(br.body).equals(file), `${path} decodes to the file`);
    assert.equal(Number(br.headers['content-length']), br.body.length);

    const gz = await raw(path, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip', path);
    assert.ok(gunzipSync(gz.body).equals(file), `${path} decodes to the file`);

    const plain = await raw(path);
    assert.equal(plain.headers['content-encoding'], undefined, path);
    assert.equal(plain.headers.vary, 'Accept-Encoding', path);
    assert.ok(plain.body.equals(file), `${path} as it is`);
  }
});

test('types: the manifest, the wasm and the service worker; PNGs are not compressed again', async () => {
  const type = async (path) => (await raw(path)).headers['content-type'];
  assert.match(await type('/www/manifest.webmanifest'), /^application\/manifest\+json/);
  assert.equal(await type('/www/pkg/sudoku64_bg.wasm'), 'application/wasm');
  assert.match(await type('/sw.js'), /^text\/javascript/);
  const png = await raw('/www/icon-192.png', { 'accept-encoding': 'br, gzip' });
  assert.equal(png.headers['content-type'], 'image/png');
  assert.equal(png.headers['content-encoding'], undefined);
  assert.ok(png.body.equals(readFileSync(join(ROOT, 'www/icon-192.png'))));
});

test('a revalidation with the ETag gets 304 and no body; HEAD gets the headers only', async () => {
  const first = await raw('/www/engine.js', { 'accept-encoding': 'br' });
  assert.ok(first.headers.etag, 'an ETag');
  const again = await raw('/www/engine.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const other = await raw('/www/engine.js', { 'if-none-match': '"something-else"' });
  assert.equal(other.status, 200);
  const head = await new Promise((resolve, reject) => {
    const req = get(`${server.origin}/www/engine.js`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (c) => { n += c.length; });
      res.on('end', () => resolve({ headers: res.headers, n }));
    });
    req.on('error', reject);
  });
  assert.equal(head.n, 0);
  assert.equal(head.headers['content-encoding'], 'gzip');
});
