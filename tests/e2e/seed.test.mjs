// Seeds as every page reads them (www/internal/seed.js): the app's form and links, the widget's
// attribute and the print page share one reading, so they take and refuse the same texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SEED, readSeed, seedDigits, seedValue } from '../../www/internal/seed.js';
import { generatedHash, parseHash } from '../../www/internal/persist.js';

test('whole numbers from 0 to 2^64 - 1 are seeds, spaces around allowed', () => {
  assert.equal(readSeed('0'), 0n);
  assert.equal(readSeed(' 42 '), 42n);
  assert.equal(readSeed(String(MAX_SEED)), MAX_SEED);
  assert.equal(MAX_SEED, 2n ** 64n - 1n);
});

test('anything else is refused, 2^64 and above included', () => {
  for (const text of ['', ' ', '-1', '1.5', '1e3', 'abc', '0x10', String(MAX_SEED + 1n), '9'.repeat(21), null, undefined]) {
    assert.equal(readSeed(text), null, String(text));
  }
});

test('the engine gets a number when it is exact, else a BigInt', () => {
  assert.equal(seedValue(7n), 7);
  assert.equal(seedValue(BigInt(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  assert.equal(seedValue(BigInt(Number.MAX_SAFE_INTEGER) + 1n), BigInt(Number.MAX_SAFE_INTEGER) + 1n);
  assert.equal(seedValue(MAX_SEED), MAX_SEED);
});

test("a link's seed of 2^64 or more reaches the engine, whose refusal names it", () => {
  assert.equal(parseHash(`#size=9&seed=${MAX_SEED}`)?.generate?.seed, MAX_SEED);
  assert.equal(parseHash(`#size=9&seed=${MAX_SEED + 1n}`)?.generate?.seed, MAX_SEED + 1n);
  assert.equal(parseHash('#size=9&seed=1e3'), null);
  // A minimal puzzle's link says so, and Empty gives way to it.
  const minimal = { size: 25, box: '', seed: 3, symmetry: 'rot90', minimal: true };
  assert.deepEqual(parseHash(generatedHash(minimal)).generate, minimal);
  assert.deepEqual(parseHash(generatedHash({ ...minimal, empty: 0.6 })).generate, minimal);
  // Boxes other than the side's usual ones travel in the link; the usual ones need no word.
  const wide = { size: 12, box: '2x6', seed: 3, symmetry: 'rot180' };
  assert.match(generatedHash(wide), /box=2x6/);
  assert.deepEqual(parseHash(generatedHash(wide)).generate, wide);
  assert.doesNotMatch(generatedHash({ ...wide, box: '3x4' }), /box=/);
  assert.equal(parseHash('#size=12&seed=3&box=2x5'), null, 'a box that does not tile the side names nothing');
  assert.equal(parseHash(`#p=${'.'.repeat(144)}&box=2x6`).puzzle.layout.box, '2x6');
  assert.equal(parseHash('#size=16&seed=3&symmetry=none&empty=0.6').generate.empty, 0.6);
  // Where the form does not offer it, a link's minimal=1 is ignored.
  assert.equal(parseHash('#size=49&seed=3&symmetry=none&minimal=1').generate.minimal, undefined);
  assert.equal(seedDigits(' 99999999999999999999 '), 99999999999999999999n);
  assert.equal(seedDigits('-1'), null);
});
