// The thread through every layer: page -> engine.js -> worker.js -> wasm -> back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openPage, ROOT, withBrowser } from './harness.mjs';

const env = withBrowser();

/** A minimal 25×25 that no engine here decides in under a second (BENCHMARKS.md). */
const hardPuzzle = async () =>
  (await readFile(`${ROOT}/bench/data/minimal-25.txt`, 'utf8')).split('\n')[11];

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
  for (const path of ['/', '/index.html', '/print.html', '/www/internal/app.js', '/www/pkg/sudoku64.js',
    '/www/embed.html', '/www/examples/embed.html', '/tests/e2e/blank.html']) {
    assert.equal(await status(path), 200, path);
  }
  for (const path of ['/.git/config', '/.git/HEAD', '/%2Egit/config', '/www/../.git/config', '/.ci/run',
    '/Cargo.toml', '/src/lib.rs', '/README.md', '/package.json', '/scripts/server.mjs', '/target/', '/dist/sudoku64/widget.js',
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

test('options the engine cannot take are refused by name, never coerced', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const P = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  const r = await page.evaluate(async (P) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const outcome = (promise) => promise.then(
      (v) => ({ resolved: v.status ?? 'ok', kind: v.error?.kind, option: v.error?.option, message: v.error?.message }),
      (e) => ({ rejected: e.kind, option: e.option, message: e.message }));
    return {
      fn: await outcome(engine.solve(() => 1)),
      number: await outcome(engine.hint(42)),
      negativeSize: await outcome(engine.solve(P, { size: -1 })),
      wrappedSize: await outcome(engine.rate(P, { size: 2 ** 32 + 9 })),
      fractionSize: await outcome(engine.read(P, { size: 9.5 })),
      hex: await outcome(engine.solve(P, { hex: 'yes' })),
      zeroLimit: await outcome(engine.count(P, 0)),
      hugeLimit: await outcome(engine.count(P, 2 ** 32)),
      negativeSeed: await outcome(engine.generate({ size: 4, seed: -1 })),
      fractionSeed: await outcome(engine.generate({ size: 4, seed: 1.5 })),
      bigSeed: await outcome(engine.generate({ size: 4, seed: 99999999999999999999n })),
      bigSeedText: await outcome(engine.generate({ size: 4, seed: '99999999999999999999' })),
      negativeEmpty: await outcome(engine.generate({ size: 16, empty: -0.5 })),
      genSize: await outcome(engine.generate({ size: -1 })),
      genFnSize: await outcome(engine.generate({ size: () => 9 })),
      minimal: await outcome(engine.generate({ size: 4, minimal: 'yes' })),
      symmetryName: await outcome(engine.generate({ size: 4, symmetry: 'spiral' })),
      // The largest seed is taken as it is, and so is 0.
      maxSeed: await engine.generate({ size: 4, seed: 18446744073709551615n }).then((g) => String(g.seed)),
      zeroSeed: await engine.generate({ size: 4, seed: 0 }).then((g) => g.seed),
      // Good calls still answer after all that.
      solved: (await engine.solve(P)).status,
      sized: (await engine.solve(P, { size: 9, hex: false })).status,
    };
  }, P);
  for (const key of ['fn', 'number', 'negativeSize', 'wrappedSize', 'fractionSize', 'hex', 'zeroLimit', 'hugeLimit']) {
    assert.equal(r[key].resolved, 'invalid', `${key}: ${JSON.stringify(r[key])}`);
    assert.equal(r[key].kind, 'invalid-option', key);
  }
  assert.equal(r.fn.option, 'text');
  assert.match(r.fn.message, /function/);
  assert.equal(r.number.option, 'text');
  assert.equal(r.negativeSize.option, 'size');
  assert.match(r.negativeSize.message, /-1/, 'the value given is named, not a wrapped one');
  assert.equal(r.wrappedSize.option, 'size');
  assert.match(r.wrappedSize.message, /4294967305/);
  assert.equal(r.hex.option, 'hex');
  assert.equal(r.zeroLimit.option, 'limit');
  for (const key of ['negativeSeed', 'fractionSeed', 'bigSeed', 'bigSeedText', 'negativeEmpty', 'genSize', 'genFnSize', 'minimal']) {
    assert.equal(r[key].rejected, 'invalid-option', `${key}: ${JSON.stringify(r[key])}`);
  }
  assert.equal(r.negativeSeed.option, 'seed');
  assert.match(r.bigSeed.message, /99999999999999999999/);
  assert.equal(r.negativeEmpty.option, 'empty');
  assert.equal(r.genSize.option, 'size');
  assert.equal(r.genFnSize.option, 'size');
  assert.equal(r.symmetryName.rejected, 'bad-option');
  assert.equal(r.symmetryName.option, 'symmetry');
  assert.equal(r.maxSeed, '18446744073709551615');
  assert.equal(r.zeroSeed, 0);
  assert.equal(r.solved, 'unique');
  assert.equal(r.sized, 'unique');
  await page.close();
});

test('hint and rate answer a sparse 16×16 with many solutions as solve does', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const text = '........5..6D...E........G.97..F...........D49..A.C..17.8...5.2..A.G...6......8.C..8..F...75...G..642CG..E...5........9..4..B....8G....21.DF..5............EC...6..9.....24...E.D.B.3.C7.8.A.....1.A.....6......2CE.....3.9.8...........A..4E.9..........1......';
  const r = await page.evaluate(async (text) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    return {
      solve: (await engine.solve(text)).status,
      hint: await engine.hint(text),
      rate: (await engine.rate(text)).status,
    };
  }, text);
  assert.equal(r.solve, 'multiple');
  assert.equal(r.hint.status, 'multiple');
  assert.equal(r.hint.error.kind, 'multiple-solutions');
  assert.equal(r.rate, 'multiple');
  await page.close();
});

test('text with lone CRs, a commented grid and a short row reads as the README says', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const P = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  const r = await page.evaluate(async (P) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const rows = P.match(/.{9}/g);
    rows[8] = rows[8].slice(0, 8);
    return {
      cr: await engine.read(P.match(/.{9}/g).join('\r')),
      commented: await engine.solve(`#${'.'.repeat(4095)}`),
      short: await engine.solve(rows.join('\n')),
    };
  }, P);
  assert.equal(r.cr.status, 'ok');
  assert.equal(r.cr.puzzle.replace(/0/g, '.'), P);
  assert.equal(r.commented.status, 'invalid');
  assert.equal(r.commented.error.kind, 'commented-grid');
  assert.equal(r.commented.error.line, 1);
  assert.equal(r.short.status, 'invalid');
  assert.equal(r.short.error.kind, 'cell-count');
  assert.equal(r.short.error.line, 9);
  assert.match(r.short.error.message, /found 80 cells; a 9×9 grid has 81: line 9 has 8 cells/);
  await page.close();
});

test('timeoutMs stops one call with kind timeout, and the calls queued behind it still answer', async () => {
  const hard = await hardPuzzle();
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async (hard) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const kind = (p) => p.then((r) => r.status ?? 'resolved', (e) => `${e.kind}: ${e.message}`);
    const slow = kind(engine.solve(hard, { timeoutMs: 300 }));
    // Queued behind the slow call in the same worker: sent again to a fresh one.
    const queued = engine.count('1...............', 2);
    const generated = kind(engine.generate({ size: 64 }, { timeoutMs: 50 }));
    const bad = await engine.solve('1...............', { timeoutMs: -5 });
    const badGenerate = await engine.generate({ size: 4 }, { timeoutMs: 'soon' }).catch((e) => e);
    const within = await engine.solve('1...............', { timeoutMs: 60000 });
    return {
      slow: await slow,
      queued: (await queued).count,
      generated: await generated,
      bad: [bad.status, bad.error.kind, bad.error.option],
      badGenerate: [badGenerate.kind, badGenerate.option],
      within: within.status,
    };
  }, hard);
  assert.equal(result.slow, 'timeout: undecided after 0.3 s');
  assert.equal(result.queued, 2);
  assert.equal(result.generated, 'timeout: undecided after 0.05 s');
  assert.deepEqual(result.bad, ['invalid', 'invalid-option', 'timeoutMs']);
  assert.deepEqual(result.badGenerate, ['invalid-option', 'timeoutMs']);
  assert.equal(result.within, 'multiple');
  await page.close();
});

test('aborting the running call leaves the calls queued behind it; a queued call times out on its own', async () => {
  const hard = await hardPuzzle();
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const result = await page.evaluate(async (hard) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine();
    const outcome = (p) => p.then((r) => r.status ?? r.count ?? 'resolved', (e) => e.kind);
    // A running call aborted: the one queued behind it still answers.
    const controller = new AbortController();
    const running = outcome(engine.solve(hard, { signal: controller.signal }));
    const queued = outcome(engine.count('1...............', 2));
    controller.abort();
    // A queued call times out alone: the call before it still answers.
    const first = outcome(engine.solve('1...............'));
    const late = outcome(engine.count('1...............', 2, { timeoutMs: 1 }));
    return { running: await running, queued: await queued, first: await first, late: await late };
  }, hard);
  assert.deepEqual(result, { running: 'cancelled', queued: 'multiple', first: 'multiple', late: 'timeout' });
  await page.close();
});

test('the server follows no symbolic link out of what it serves', async () => {
  const { mkdtemp, mkdir, writeFile, symlink, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { staticServer } = await import('../../scripts/server.mjs');
  const dir = await mkdtemp(join(tmpdir(), 'served-'));
  const root = join(dir, 'root');
  await mkdir(join(root, 'www'), { recursive: true });
  await writeFile(join(root, 'www', 'app.js'), 'ok');
  await writeFile(join(dir, 'secret.txt'), 'secret');
  await writeFile(join(root, 'private.txt'), 'private');
  await symlink(join(dir, 'secret.txt'), join(root, 'www', 'leak.txt'));
  await symlink(root, join(root, 'www', 'up'));
  await symlink(join(root, 'www', 'app.js'), join(root, 'www', 'alias.js'));
  const server = staticServer({ root });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    const status = async (path) => (await fetch(origin + path)).status;
    assert.equal(await status('/www/app.js'), 200);
    assert.equal(await status('/www/alias.js'), 200, 'a link to a served file is served');
    assert.equal(await status('/www/leak.txt'), 404, 'a link out of the root');
    assert.equal(await status('/www/up/private.txt'), 404, 'a link to the root, then a file not served');
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("every side's box layouts from grid.js are the engine's, and results carry their layout", async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const found = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    const { SIDES, boxShapes, boxLayout } = await import('/www/internal/grid.js');
    const engine = createEngine();
    const differ = [];
    for (const n of SIDES) {
      for (const box of boxShapes(n)) {
        const answer = await engine.layout({ size: n, box });
        const mine = boxLayout(n, box);
        if (answer.status !== 'ok' || answer.layout.box !== mine.box
          || answer.layout.regions.some((r, i) => r !== mine.regions[i])) differ.push(`${n} ${box}`);
      }
    }
    const bad = await engine.layout({ size: 12, box: '2x5' });
    const solved = await engine.solve(`1${'.'.repeat(143)}`, { box: '2x6' });
    const made = await engine.generate({ size: 10, seed: 3 });
    const refused = await engine.generate({ size: 6, symmetry: 'rot90', seed: 1 }).then(() => 'made', (e) => e.kind);
    return {
      sides: SIDES.length, differ, bad: bad.error?.kind, solvedBox: solved.layout?.box,
      madeBox: made.layout?.box, madeRegions: made.layout?.regions.length, refused,
    };
  });
  assert.equal(found.sides, 46, 'every side from 1 to 64 with a box shape');
  assert.deepEqual(found.differ, []);
  assert.equal(found.bad, 'bad-box');
  assert.equal(found.solvedBox, '2x6');
  assert.equal(found.madeBox, '2x5');
  assert.equal(found.madeRegions, 100);
  assert.equal(found.refused, 'bad-option');
  await page.close();
});
