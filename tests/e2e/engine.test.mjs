// The thread through every layer: page -> engine.js -> worker.js -> wasm -> back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openPage, ROOT, withBrowser } from './harness.mjs';

const env = withBrowser();

const cargoVersion = async () =>
  (await readFile(`${ROOT}/Cargo.toml`, 'utf8')).match(/^version = "(.+)"$/m)[1];

test('the app page shows the engine version answered by the worker', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/`);
  const version = await cargoVersion();
  await page.waitForFunction(
    (v) => document.getElementById('engine-version')?.textContent.includes(v), version);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('engine.version() resolves through the worker, and a dead worker rejects pending calls', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const version = await engine.version();
    const unknown = await engine._call('no-such-call').then(() => 'resolved', (e) => e.kind);
    // A call in flight when the worker is terminated must reject, and the engine must recover.
    const inFlight = engine.version();
    engine.terminate();
    const rejected = await inFlight.then(() => 'resolved', (e) => e.kind);
    const again = await engine.version();
    return { version, unknown, rejected, again };
  });
  const version = await cargoVersion();
  assert.equal(result.version, version);
  assert.equal(result.unknown, 'protocol');
  assert.equal(result.rejected, 'terminated');
  assert.equal(result.again, version);
  await page.close();
});

test('a worker that cannot load rejects the call with a clear error', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const kind = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine({ workerUrl: '/www/no-such-worker.js' });
    return engine.version().then(() => 'resolved', (e) => e.kind);
  });
  assert.equal(kind, 'worker');
  await page.close();
});

test('the env.server sends the MIME types browsers require', async () => {
  for (const [path, type] of [['/www/pkg/sudoku64_bg.wasm', 'application/wasm'], ['/www/engine.js', 'text/javascript']]) {
    const res = await fetch(env.server.origin + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type'), new RegExp(`^${type}`), path);
  }
  const escape = await fetch(`${env.server.origin}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`);
  assert.notEqual(escape.status, 200);
});

test('the server sends only what the pages load, and no dotfile', async () => {
  const status = async (path) => (await fetch(env.server.origin + path)).status;
  for (const path of ['/', '/index.html', '/print.html', '/www/app.js', '/www/pkg/sudoku64.js',
    '/www/embed.html', '/www/examples/embed.html', '/tests/e2e/blank.html']) {
    assert.equal(await status(path), 200, path);
  }
  for (const path of ['/.git/config', '/.git/HEAD', '/%2Egit/config', '/www/../.git/config', '/.ci/run',
    '/Cargo.toml', '/src/lib.rs', '/README.md', '/package.json', '/scripts/server.mjs', '/target/',
    '/www/.hidden', '/tests/cli.rs', '/%E0%A4%A']) {
    const code = await status(path);
    assert.ok(code === 404 || code === 400, `${path}: ${code}`);
  }
  // Without the tests' extra paths, their pages are not served either.
  const { serve } = await import('./harness.mjs');
  const bare = await serve({ allow: [] });
  try {
    assert.equal((await fetch(`${bare.origin}/tests/e2e/blank.html`)).status, 404);
    assert.equal((await fetch(`${bare.origin}/www/engine.js`)).status, 200);
  } finally {
    await bare.close();
  }
});
