// A hint of every technique the public puzzles call for, worded in every language: the
// engine (the wasm build, run here in Node) gives each step as data, and
// www/internal/hint-words.js words it with the language's catalog. Each sentence must be
// whole (no parameter left unfilled, no raw key), name every cell the step places in or
// removes from in that language's own cell names, and, outside English, not be English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, * as wasm from '../../www/pkg/sudoku64.js';
import { layoutFromData } from '../../www/internal/grid.js';
import { cellName } from '../../www/internal/grid.js';
import { setLanguage } from '../../www/internal/i18n.js';
import { stepText } from '../../www/internal/hint-words.js';

await init({ module_or_path: await readFile(new URL('../../www/pkg/sudoku64_bg.wasm', import.meta.url)) });

const LANGS = ['en', 'fr', 'de', 'es'];
const lines = async (name) => (await readFile(new URL(`../data/${name}`, import.meta.url), 'utf8'))
  .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

/** A hint report's layout as the page keeps it. */
function layoutOf(report) {
  const l = report.layout;
  const data = { size: l.size, box: l.box, variant: l.variant ? l.variant.split(',') : [], regions: l.regions,
    diagonals: l.diagonals, windows: l.windows };
  if (l.cages.length) Object.assign(data, { cages: l.cages, sums: l.sums });
  l.free();
  return layoutFromData(data);
}

/** The steps of one hint, as data: [{technique, words, focusWords, cells named}]. */
function hint(text) {
  const report = wasm.hint(text, 0, false, '', '', new Uint8Array(0), true);
  const layout = layoutOf(report);
  const steps = [];
  for (let i = 0; i < report.length; i++) {
    const pairs = (flat) => Array.from({ length: flat.length / 2 }, (_, k) => [flat[2 * k], flat[2 * k + 1]]);
    steps.push({
      technique: report.technique(i), words: JSON.parse(report.words(i)), focusWords: JSON.parse(report.focus(i)),
      placements: pairs(Array.from(report.placements(i))), eliminations: pairs(Array.from(report.eliminations(i))), layout,
    });
  }
  report.free();
  return steps;
}

/** One step of each technique (by its sentence's key) met while solving the puzzles by hints. */
async function stepsOfEachKind() {
  const found = new Map();
  const keep = (step) => {
    const kind = `${step.technique}/${step.words.key}`;
    if (!found.has(kind)) found.set(kind, step);
  };
  // Plain 9×9: the public sets' first 40, hint after hint (placing each hint's symbol).
  for (const puzzle of (await lines('public9.txt')).slice(0, 40)) {
    const values = [...puzzle];
    for (let calls = 0; calls < 90 && values.includes('.'); calls++) {
      const steps = hint(values.join(''));
      steps.forEach(keep);
      for (const [cell, value] of steps.at(-1)?.placements ?? []) values[cell] = String(value);
      if (!steps.length) break;
    }
  }
  // Killers and jigsaws: each puzzle's first hint (the cage techniques start there).
  for (const line of (await lines('killer.txt')).filter((l) => l.split('\t')[1] === '1').slice(0, 60)) {
    hint(line.split('\t')[0]).forEach(keep);
  }
  return [...found.values()];
}

test('a hint of each technique reads whole in every language, naming its cells that language\'s way', async () => {
  const steps = await stepsOfEachKind();
  const techniques = new Set(steps.map((s) => s.technique));
  assert.ok(techniques.size >= 12, `the puzzles call for many techniques: ${[...techniques].join(', ')}`);
  const english = new Map();
  for (const lang of LANGS) {
    assert.equal(await setLanguage(lang, ['core', 'hints']), lang);
    for (const step of steps) {
      const what = `${lang} ${step.technique} (${step.words.key})`;
      const text = stepText(step.words, step.layout);
      const focus = stepText(step.focusWords, step.layout);
      for (const said of [text, focus]) {
        assert.ok(said.length > 10, `${what}: ${said}`);
        assert.doesNotMatch(said, /\{[a-zA-Z]+\}|\b(?:hint|technique|cell|unit)\.[a-z]/, `${what} has a hole: ${said}`);
      }
      const n = step.layout.size;
      for (const [cell] of [...step.placements, ...step.eliminations]) {
        assert.ok(text.includes(cellName(cell, n)), `${what} names ${cellName(cell, n)}: ${text}`);
      }
      if (lang === 'en') {
        english.set(step, [text, focus]);
      } else {
        assert.notEqual(text, english.get(step)[0], `${what} is translated: ${text}`);
        assert.notEqual(focus, english.get(step)[1], `${what}'s focus is translated: ${focus}`);
      }
    }
  }
  await setLanguage('en');
});

test('the engine\'s errors a player meets read whole in every language, naming where they are', async () => {
  const { errorText } = await import('../../www/internal/hint-words.js');
  const { describeError } = await import('../../www/engine.js');
  const { cellName: name } = await import('../../www/internal/grid.js');
  const unique = (await lines('public9.txt'))[0];
  const cases = {
    // Too few cells, a 5 in a 4×4 (line 3), two 5s in row 1, no solution, several.
    'cell-count': `${unique.slice(0, 80)}`,
    'bad-symbol': '# a 4×4\n1..4\n.51.\n.14.\n4..1\n',
    clash: `55${unique.slice(2)}`,
    'no-solution': '12345678.........9' + '.'.repeat(63),
    'multiple-solutions': '.'.repeat(81),
  };
  const errors = {};
  for (const [kind, text] of Object.entries(cases)) {
    let thrown = null;
    try {
      wasm.hint(text, 0, false, '', '', new Uint8Array(0), true).free();
    } catch (err) {
      thrown = err;
    }
    assert.ok(typeof thrown?.words === 'string', `${kind}: ${thrown?.message} comes with its data`);
    assert.equal(thrown.kind, kind);
    errors[kind] = { words: JSON.parse(thrown.words), line: thrown.line, column: thrown.column, cell: thrown.cell,
      message: thrown.message };
  }
  assert.equal(errors['bad-symbol'].line, 3);
  const english = {};
  for (const lang of LANGS) {
    await setLanguage(lang, ['core', 'hints']);
    for (const [kind, error] of Object.entries(errors)) {
      const said = errorText(error.words);
      assert.ok(said && said.length > 10, `${lang} ${kind}: ${said}`);
      assert.doesNotMatch(said, /\{[a-zA-Z]+\}|\bengine\.[a-z]/, `${lang} ${kind} has a hole: ${said}`);
      const n = error.words.args.size?.number ?? 9;
      if (error.cell !== undefined) assert.ok(said.includes(name(error.cell, n)), `${lang} ${kind} names its cell: ${said}`);
      if (error.line) assert.match(describeError(error), new RegExp(`\\b${error.line}\\b`), `${lang} ${kind} says its line`);
      if (lang === 'en') english[kind] = said;
      else assert.notEqual(said, english[kind], `${lang} ${kind} is translated`);
    }
    // An error the engine gives no data for keeps its own (English) message.
    assert.equal(describeError({ kind: 'bad-link', message: 'that site is not read here.' }), 'that site is not read here');
  }
  await setLanguage('en');
});

test('a generated puzzle\'s summary reads whole in every language, with its own numbers', async () => {
  const { summaryText } = await import('../../www/internal/hint-words.js');
  const made = [
    wasm.generate(9, '', '', 'rot180', 7n, NaN, NaN, 'hard', () => true),
    wasm.generate(6, '', 'jigsaw', 'none', 3n, NaN, NaN, '', () => true),
  ].map((report) => {
    const out = { words: JSON.parse(report.summaryWords), layout: layoutOf(report), clues: report.clues, seed: String(report.seed) };
    report.free();
    return out;
  });
  const english = [];
  for (const lang of LANGS) {
    await setLanguage(lang, ['core', 'hints']);
    made.forEach(({ words, layout, clues, seed }, i) => {
      const said = summaryText(words, layout);
      assert.doesNotMatch(said, /\{[a-zA-Z]+\}|\bengine\.[a-z]/, `${lang}: ${said}`);
      assert.match(said, new RegExp(`\\b${clues}\\b`), `${lang} says the clues: ${said}`);
      assert.match(said, new RegExp(`\\b${seed}\\b`), `${lang} says the seed: ${said}`);
      assert.match(said, new RegExp(`^${layout.size}×${layout.size}`), `${lang} names the size first: ${said}`);
      if (lang === 'en') english[i] = said;
      else assert.notEqual(said, english[i], `${lang} is translated: ${said}`);
    });
  }
  await setLanguage('en');
});

test('a killer cage the engine refuses, and text it cannot read as a grid, are said in every language', async () => {
  const { describeError } = await import('../../www/engine.js');
  const errors = [];
  // A cage of two cells whose sum no two different digits make, and a side that has no grid.
  for (const [text, size] of [['2x2k:p,_a___a_a_a_____aaa,2_6a5a3_3a7b5_3a3a', 0], ['1'.repeat(9), 3]]) {
    let thrown = null;
    try {
      wasm.hint(text, size, false, '', '', new Uint8Array(0), true).free();
    } catch (err) {
      thrown = err;
    }
    assert.ok(typeof thrown?.words === 'string', `${text.slice(0, 20)}: ${thrown?.message} comes with its data`);
    errors.push({ words: JSON.parse(thrown.words), message: thrown.message });
  }
  const english = [];
  for (const lang of LANGS) {
    await setLanguage(lang, ['core', 'hints']);
    errors.forEach((error, i) => {
      const said = describeError(error);
      assert.doesNotMatch(said, /\{[a-zA-Z]+\}|\b(?:engine|hint)\.[a-z]/, `${lang}: ${said}`);
      if (lang === 'en') {
        english[i] = said;
      } else {
        assert.notEqual(said, english[i], `${lang} is translated: ${said}`);
      }
    });
  }
  await setLanguage('en');
});

test('text that is no grid, links, game IDs, options and variants the engine refuses are said in every language', async () => {
  const { describeError } = await import('../../www/engine.js');
  const { readLink, compressToBase64, engineArgs } = await import('../../www/internal/fpuzzles.js');
  const refused = (call) => {
    try {
      call();
    } catch (err) {
      return err;
    }
    assert.fail(`${call} was not refused`);
  };
  const empty = new Uint8Array(0);
  const fromEngine = (call) => {
    const err = refused(call);
    assert.ok(typeof err.words === 'string', `${err.message} comes with its data`);
    return { kind: err.kind, words: JSON.parse(err.words), message: err.message, cell: err.cell };
  };
  const hint = (text, size = 0, box = '', variant = '') => fromEngine(() => wasm.hint(text, size, false, box, variant, empty, true));
  const link = (json) => `https://f-puzzles.com/?load=${compressToBase64(JSON.stringify(json))}`;
  const grid = (n, cell = () => ({})) => Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => cell(r, c)));
  const errors = [
    // Text that is no grid, in each way the readers refuse it.
    hint(''),
    hint(`#${'.'.repeat(80)}`),
    hint('17 '.repeat(256), 16),
    fromEngine(() => wasm.hint(`G${'.'.repeat(255)}`, 0, true, '', '', empty, true)),
    fromEngine(() => wasm.hint('.'.repeat(81), 9, true, '', '', empty, true)),
    hint('.'.repeat(81), 9, '2x5'),
    fromEngine(() => wasm.hint('.'.repeat(81), 9, false, '', '', new Uint8Array(81), true)),
    hint('.'.repeat(49)),
    hint('https://example.com/puzzles/1'),
    hint('https://www.sudokuwiki.org/sudoku.htm?bd=12x'),
    hint('https://www.sudokuwiki.org/jigsaw.htm?bd=' + '0'.repeat(81) + '&jigmap=' + '1'.repeat(81)),
    hint('3x3:zz'),
    hint('3x3q:zz'),
    hint('2x3:a5d4_6a5g4_2g5a3_6d2a', 9),
    hint('.'.repeat(36), 6, '2x3', 'windoku'),
    hint('.'.repeat(81), 0, 'three'),
    fromEngine(() => wasm.generate(6, '2x3', '', 'rot90', 1n, NaN, NaN, '', () => true)),
    ...[
      'https://f-puzzles.com/?id=abc',
      'https://sudokupad.app/some-name',
      'https://f-puzzles.com/?load=%%%',
      link([1, 2]),
      link({ size: 4, grid: grid(4, (r, c) => (r === 1 && c === 2 ? { value: 7, given: true } : {})) }),
      link({ size: 4, grid: grid(4), killercage: [{ cells: ['R1C1', 'R9C9'], value: '3' }] }),
    ].map((text) => refused(() => readLink(text))),
    (await engineArgs(link({ size: 4, grid: grid(4), killercage: [{ cells: ['R1C1', 'R2C2'], value: '3' }] }), {},
      async () => ({ status: 'invalid' }))).error,
  ];
  const english = [];
  for (const lang of LANGS) {
    await setLanguage(lang, ['core', 'hints']);
    errors.forEach((error, i) => {
      const said = describeError(error);
      const what = `${lang} ${error.words?.key}`;
      assert.doesNotMatch(said, /\{[a-zA-Z]+\}|\b(?:engine|hint)\.[a-z]|undefined|\[object/, `${what}: ${said}`);
      if (error.cell !== undefined) {
        assert.ok(said.includes(cellName(error.cell, error.words.args.size.number)), `${what} names its cell: ${said}`);
      }
      if (lang === 'en') {
        english[i] = said;
      } else {
        assert.notEqual(said, english[i], `${what} is translated: ${said}`);
      }
    });
  }
  // Each case met a different sentence.
  assert.equal(new Set(errors.map((e) => JSON.stringify(e.words))).size, errors.length);
  await setLanguage('en');
});

test('the page words an engine error in English exactly as the command line does', async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { errorText } = await import('../../www/internal/hint-words.js');
  const { speaking } = await import('../../www/internal/i18n.js');
  // The native command, built as the rust layer's tests build it: nothing to do after that
  // layer. (`cargo build` would build the library again under the dev profile, which took
  // this test three minutes beside the other browser tests on a fresh clone.)
  const root = new URL('../../', import.meta.url).pathname;
  const built = execFileSync('cargo', ['test', '--no-run', '--quiet', '--message-format=json', '--test', 'cli'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
  const cli = built.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l))
    .find((m) => m.reason === 'compiler-artifact' && m.target.kind.includes('bin') && m.target.name === 'sudoku64')?.executable;
  assert.ok(cli, 'cargo names the command it built');
  const unique = (await lines('public9.txt'))[0];
  const texts = [
    '', `#${'.'.repeat(80)}`, '1'.repeat(80), `55${unique.slice(2)}`, '1..4\n.51.\n.14.\n4..1',
    '17 '.repeat(256), '.'.repeat(49), '3x3:zz', '3x3q:zz', '99x9:a', '9j:a', '3x:a', '4j:1a2b,aaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '3x3xw:zz', 'https://example.com/x', 'https://www.sudokuwiki.org/sudoku.htm',
    'https://www.sudokuwiki.org/sudoku.htm?bd=12x', `https://www.sudokuwiki.org/jigsaw.htm?bd=${'0'.repeat(81)}&jigmap=${'1'.repeat(81)}`,
    'https://www.sudokuwiki.org/killersudoku.htm?bd=123', '2x2k:p,_a___a_a_a_____aaa,2_6a5a3_3a7b5_3a3a',
  ];
  const dir = await mkdtemp(join(tmpdir(), 'sudoku64-errors-'));
  await setLanguage('en', ['core', 'hints']);
  let compared = 0;
  for (const [i, text] of texts.entries()) {
    let words = null;
    try {
      wasm.hint(text, 0, false, '', '', new Uint8Array(0), true).free();
    } catch (err) {
      words = JSON.parse(err.words);
    }
    assert.ok(words, `${JSON.stringify(text.slice(0, 30))} is refused by the wasm`);
    const file = join(dir, `${i}.txt`);
    await writeFile(file, `${text}\n`);
    let said = '';
    try {
      execFileSync(cli, ['solve', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      said = String(err.stderr);
    }
    const native = said.split('\n').find((l) => l.startsWith('line '))?.replace(/^line \d+: /, '');
    assert.ok(native, `${JSON.stringify(text.slice(0, 30))}: the command line refuses it too (${said})`);
    assert.equal(speaking('en', () => errorText(words)), native, `${JSON.stringify(text.slice(0, 30))}`);
    compared += 1;
  }
  assert.equal(compared, texts.length);
});

test('German names a letter symbol with its own article: die 5, das A', async () => {
  await setLanguage('de', ['core', 'hints']);
  // A hidden single on a 16×16, whose symbols past 9 are letters (10 is A).
  const words = (symbol) => ({ key: 'hidden-single', args: { symbol: { symbol }, cell: { cell: 0 }, unit: { unit: 32 } } });
  const digit = stepText(words(5), 16);
  const letter = stepText(words(10), 16);
  assert.match(digit, /\bdie 5\b/, digit);
  assert.match(letter, /\bdas A\b/, letter);
  assert.doesNotMatch(letter, /\bdie A\b/, letter);
  await setLanguage('en');
});
