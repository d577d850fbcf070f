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
        assert.equal(said, error.message.replace(/\.$/, ''), 'the English is the engine\'s own message');
      } else {
        assert.notEqual(said, english[i], `${lang} is translated: ${said}`);
      }
    });
  }
  await setLanguage('en');
});
