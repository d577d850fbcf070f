// The light build of the engine (www/pkg/sudoku64_light*, without the logic solver; see
// Cargo.toml's `logic` feature), run here in Node beside the full build: it answers every
// shared fixture of tests/data up to 15×15 as the fixture says, classic, rectangular,
// jigsaw, X, windoku and killer, the same as the full build; from 16×16 up it throws
// kind 'needs-logic' (the worker then asks the full build), and the full build answers.
// It has no hint, rate or generate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as full from '../../www/pkg/sudoku64.js';
import * as light from '../../www/pkg/sudoku64_light.js';
import { ALPHABET } from '../../www/internal/grid.js';

const pkg = (name) => readFile(new URL(`../../www/pkg/${name}`, import.meta.url));
await full.default({ module_or_path: await pkg('sudoku64_bg.wasm') });
await light.default({ module_or_path: await pkg('sudoku64_light_bg.wasm') });

/**
 * Every line of a fixture file as {at, text, count, solution, variant, regions}.
 * @param {string} name
 */
async function fixtures(name) {
  const text = await readFile(new URL(`../data/${name}`, import.meta.url), 'utf8');
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const at = `${name}:${i + 1}`;
    if (name === 'killer.txt') {
      const [id, count, solution] = line.split('\t');
      out.push({ at, text: id, count: Number(count), solution, variant: '', regions: new Uint8Array(0) });
      return;
    }
    // The layout as words: `regions=...` (a jigsaw), `x`, `windoku`.
    const [puzzle, count, solution, layout = ''] = line.split(':');
    const words = layout.split(' ').filter(Boolean);
    const jigsaw = words.find((word) => word.startsWith('regions='))?.slice('regions='.length) ?? '';
    // Written in the one-line form's symbols, from 1.
    const regions = Uint8Array.from(jigsaw, (symbol) => ALPHABET.indexOf(symbol));
    const variant = words.filter((word) => !word.startsWith('regions=')).join(',');
    out.push({ at, text: puzzle, count: Number(count), solution, variant, regions });
  });
  return out;
}

const FILES = ['small.txt', '9x9.txt', 'large.txt', 'rectangular.txt', 'jigsaw.txt', 'x.txt', 'windoku.txt', 'killer.txt'];
const quiet = () => true;

/** A count to 2 by one build, as plain data; a throw as {kind}. */
function countWith(build, { text, variant, regions }) {
  try {
    const report = build.count(text, 0, false, '', variant, regions, 2, quiet);
    const answer = { status: report.status, count: report.count, solution: report.solution, size: report.size };
    report.free();
    return answer;
  } catch (err) {
    return { kind: err.kind };
  }
}

test('the light engine answers every fixture up to 15×15 as the full one does, and hands larger grids on', async () => {
  const seen = { answered: 0, handed: 0 };
  for (const name of FILES) {
    for (const fixture of await fixtures(name)) {
      const byFull = countWith(full, fixture);
      assert.equal(byFull.count, Math.min(fixture.count, 2), `${fixture.at}: the full build`);
      const byLight = countWith(light, fixture);
      if (byFull.size >= 16) {
        assert.deepEqual(byLight, { kind: 'needs-logic' }, `${fixture.at}: a ${byFull.size}×${byFull.size} is the full build's`);
        seen.handed += 1;
        continue;
      }
      assert.deepEqual(byLight, byFull, fixture.at);
      if (fixture.count === 1) assert.equal(byLight.solution, fixture.solution, fixture.at);
      seen.answered += 1;
    }
  }
  assert.ok(seen.answered > 300 && seen.handed >= 10, JSON.stringify(seen));
});

test('the light engine reads any grid, large ones too, and has no logic solver or generator', () => {
  const sixteen = '1'.padEnd(256, '.');
  const read = light.read(sixteen, 0, false, '', '', new Uint8Array(0));
  assert.equal(read.size, 16);
  read.free();
  for (const call of ['hint', 'rate', 'generate']) {
    assert.equal(typeof light[call], 'undefined', `light.${call}`);
    assert.equal(typeof full[call], 'function', `full.${call}`);
  }
  // A bad grid is refused by the light build as by the full one, with the same fields.
  const refusal = (build) => {
    try {
      build.solve('11' + '.'.repeat(79), 0, false, '', '', new Uint8Array(0), quiet);
      return null;
    } catch (err) {
      return { kind: err.kind, cells: err.cells, row: err.row, column: err.column, words: err.words };
    }
  };
  assert.equal(refusal(light)?.kind, 'clash');
  assert.deepEqual(refusal(light), refusal(full));
});
