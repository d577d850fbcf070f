// Shared progress codes (www/internal/progress.js): a player's entries, centre and corner marks and
// colours travel in a short URL-safe code and come back exactly, as one undoable step, on
// the same puzzle only; a code that is cut short, damaged, made for another puzzle or by a
// newer format is refused with its reason, and nothing a link can hold makes the reader
// throw. Pure functions: no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ERROR_REASONS, PROGRESS_MESSAGES, PROGRESS_VERSION, applyProgress, decodeProgress, encodeProgress, puzzleFingerprint,
} from '../../www/internal/progress.js';
import { COLOURS, Game } from '../../www/internal/game.js';
import { ALPHABET, boxLayout, fromLine, layoutFromData } from '../../www/internal/grid.js';

// magictour top1465 #1: one solution.
const UNIQUE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const URL_SAFE = /^[A-Za-z0-9._~-]+$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A seeded pseudo-random generator (mulberry32): the same cases on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

function shuffled(rand, list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function sudoku9() {
  return Game.fromPuzzle(9, fromLine(UNIQUE).values);
}

/** A side-n puzzle with a few givens on the diagonal (not a valid sudoku: none is needed). */
function puzzleOf(n, layout) {
  const values = new Uint8Array(n * n);
  for (let i = 0; i < n; i += 3) values[i * n + i] = (i % n) + 1;
  return Game.fromPuzzle(n, values, layout);
}

/** Fresh copy of a game's puzzle: the same givens and layout, nothing else. */
function freshCopy(game) {
  const values = game.values.map((v, i) => (game.givens[i] ? v : 0));
  return Game.fromPuzzle(game.size, values, game.layout);
}

/**
 * Plays at random on a game: entries, centre marks, corner marks in a random order and
 * colours (on givens too), each through the Game's own commands.
 */
function play(game, seed) {
  const rand = random(seed);
  const n = game.size;
  const cells = n * n;
  for (let k = 0; k < Math.max(12, cells / 8); k++) {
    const cell = Math.floor(rand() * cells);
    const kind = rand();
    if (kind < 0.25) game.enter(cell, 1 + Math.floor(rand() * n));
    else if (kind < 0.5) {
      for (const v of shuffled(rand, Array.from({ length: n }, (_, i) => i + 1)).slice(0, 1 + Math.floor(rand() * n))) game.toggleMarks([cell], v, 'centre');
    } else if (kind < 0.75) {
      for (const v of shuffled(rand, Array.from({ length: n }, (_, i) => i + 1)).slice(0, 1 + Math.floor(rand() * 5))) game.toggleMarks([cell], v, 'corner');
    } else {
      for (const c of shuffled(rand, Array.from({ length: COLOURS }, (_, i) => i + 1)).slice(0, 1 + Math.floor(rand() * 3))) game.toggleColour([cell], c);
    }
  }
}

/** The cells as plain arrays, to compare two games. */
function state(game) {
  const lists = (l) => l.map((m) => (m?.length ? [...m] : null));
  return {
    values: Array.from(game.values), solved: Array.from(game.solved),
    pencil: lists(game.pencil), corner: lists(game.corner), colours: lists(game.colours),
  };
}

function roundTrip(game) {
  const code = encodeProgress(game);
  assert.match(code, URL_SAFE, 'the code is URL-safe');
  assert.ok(code.startsWith(`${PROGRESS_VERSION}.`), 'the code starts with its version');
  const read = decodeProgress(code, freshCopy(game));
  assert.ok(read.progress, `the code reads: ${JSON.stringify(read.error)}`);
  const copy = freshCopy(game);
  const command = applyProgress(copy, read.progress);
  assert.equal(command?.label, 'shared progress');
  assert.deepEqual(state(copy), state(game), 'values, centre and corner marks and colours come back');
  return { code, copy };
}

test('a 9×9 puzzle\'s entries, centre marks, corner marks in order and colours come back', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const game = sudoku9();
    play(game, seed);
    roundTrip(game);
  }
  const game = sudoku9();
  game.enter(1, 2);
  game.toggleMarks([2], 7, 'corner');
  game.toggleMarks([2], 3, 'corner');
  game.toggleMarks([2], 5, 'corner');
  game.toggleColour([0], 4); // a given: it takes colours
  game.toggleColour([0], 2);
  const { copy } = roundTrip(game);
  assert.deepEqual(copy.corner[2], [7, 3, 5], 'corner marks keep the order entered');
  assert.deepEqual(copy.colours[0], [4, 2], 'colours keep their order, on a given too');
  assert.equal(copy.values[0], 4, 'a given keeps its value');
});

test('16×16 and 64×64 progress comes back, with symbols and marks up to 64', () => {
  for (let seed = 1; seed <= 5; seed++) {
    const game = puzzleOf(16);
    play(game, seed);
    roundTrip(game);
  }
  const rand = random(64);
  const big = puzzleOf(64);
  play(big, 7);
  // A cell with every centre mark, one with all 64 corner marks in a scrambled order, the
  // last cell with the highest symbol, and every colour at once.
  const [a, b, c] = [1, 2, 64 * 64 - 2];
  assert.ok(!big.givens[a] && !big.givens[b] && !big.givens[c]);
  big.commit('setup', [
    { cell: a, after: { value: 0, marks: Array.from({ length: 64 }, (_, i) => i + 1) } },
    { cell: b, after: { value: 0, corner: shuffled(rand, Array.from({ length: 64 }, (_, i) => i + 1)) } },
    { cell: c, after: { value: 64, solved: 0, colours: shuffled(rand, Array.from({ length: COLOURS }, (_, i) => i + 1)) } },
  ]);
  const { copy, code } = roundTrip(big);
  assert.equal(copy.values[c], 64);
  assert.equal(copy.pencil[a].length, 64);
  console.log(`64×64 played at random: ${code.length} characters`);
  // A blank 64×64 too.
  const blank = new Game(64);
  play(blank, 11);
  roundTrip(blank);
});

test('one undo takes the whole shared progress back; applying it again changes nothing', () => {
  const game = sudoku9();
  play(game, 3);
  game.fillCandidates();
  game.toggleColour([5, 6, 7], 9);
  const code = encodeProgress(game);
  const target = sudoku9();
  target.enter(2, 9); // what was there before goes, and comes back on undo
  target.toggleMarks([3], 1, 'corner');
  const before = state(target);
  const read = decodeProgress(code, target);
  const command = applyProgress(target, read.progress);
  assert.ok(command);
  assert.deepEqual(state(target), state(game));
  assert.equal(applyProgress(target, read.progress), null, 'nothing to change the second time');
  target.undo();
  assert.deepEqual(state(target), before, 'one undo takes it all back');
  target.redo();
  assert.deepEqual(state(target), state(game), 'and redo puts it back');
});

test('a 9×9 with candidates in every empty cell makes a short code', () => {
  const game = sudoku9();
  game.fillCandidates();
  const { code } = roundTrip(game);
  console.log(`9×9 with every candidate: ${code.length} characters`);
  assert.ok(code.length < 700, `${code.length} characters`);
  const empty = encodeProgress(sudoku9());
  console.log(`9×9 with no progress: ${empty.length} characters`);
  assert.deepEqual(decodeProgress(empty, sudoku9()).progress.values, new Map());
});

test('the solver\'s values are not carried, and applying clears them', () => {
  const game = sudoku9();
  game.enter(1, 2);
  const solution = new Uint8Array(81);
  solution[2] = 1;
  solution[3] = 6;
  game.fillSolution(solution);
  assert.equal(game.solved[2], 1);
  const read = decodeProgress(encodeProgress(game), game);
  assert.deepEqual([...read.progress.values], [[1, 2]], 'only the player\'s own entry');
  applyProgress(game, read.progress);
  assert.equal(game.values[2], 0, 'the solver\'s value goes');
  assert.equal(game.solved[2], 0);
  assert.equal(game.values[1], 2, 'the player\'s stays');
});

test('the fingerprint names the puzzle, not the progress on it', () => {
  const game = sudoku9();
  const print = puzzleFingerprint(game);
  assert.match(print, /^[0-9a-f]{16}$/);
  play(game, 5);
  game.fillSolution(new Uint8Array(81).fill(1));
  assert.equal(puzzleFingerprint(game), print, 'entries, marks, colours and solver values leave it');

  const changed = UNIQUE.replace(/^4/, '5');
  const other = Game.fromPuzzle(9, fromLine(changed).values);
  const moved = Game.fromPuzzle(9, fromLine(`.${UNIQUE.slice(0, -1)}`).values);
  const twelve = (box) => Game.fromPuzzle(12, new Uint8Array(144), boxLayout(12, box));
  const withX = Game.fromPuzzle(9, fromLine(UNIQUE).values, boxLayout(9, '', ['x']));
  // A jigsaw: boxes 0 and 1 swap a cell, so each region still has 9 cells.
  const regions = Array.from(boxLayout(9).regions);
  [regions[2], regions[3]] = [regions[3], regions[2]];
  const jigsaw = Game.fromPuzzle(9, fromLine(UNIQUE).values, layoutFromData({ size: 9, box: '', variant: ['jigsaw'], regions }));
  const killer = (sum) => {
    const cages = new Array(81).fill(0);
    cages[1] = 1;
    cages[2] = 1;
    return Game.fromPuzzle(9, fromLine(UNIQUE).values, layoutFromData({ ...boxLayout(9), variant: ['killer'], cages, sums: [sum] }));
  };
  assert.ok(jigsaw.layout && killer(3).layout);
  const prints = [game, other, moved, twelve('2x6'), twelve('3x4'), withX, jigsaw, killer(3), killer(4), puzzleOf(16), new Game(64)]
    .map(puzzleFingerprint);
  assert.equal(new Set(prints).size, prints.length, 'every puzzle has its own');

  const code = encodeProgress(game);
  for (const [name, target] of [['a changed given', other], ['the givens moved', moved], ['X', withX], ['a jigsaw', jigsaw],
    ['a killer', killer(3)], ['another side', puzzleOf(16)]]) {
    assert.equal(decodeProgress(code, target).error?.reason, 'other-puzzle', name);
  }
  const shape = twelve('2x6');
  play(shape, 2);
  assert.equal(decodeProgress(encodeProgress(shape), twelve('3x4')).error?.reason, 'other-puzzle', 'another box shape');
  assert.ok(decodeProgress(encodeProgress(shape), twelve('2x6')).progress, 'the same box shape reads');
  assert.equal(decodeProgress(encodeProgress(killer(3)), killer(4)).error?.reason, 'other-puzzle', 'another cage sum');
});

test('a code cut short at any point is refused as cut short, never read wrongly', () => {
  const game = sudoku9();
  play(game, 9);
  game.fillCandidates();
  const code = encodeProgress(game);
  assert.equal(decodeProgress('', game).error?.reason, 'corrupt');
  for (let cut = 1; cut < code.length; cut++) {
    const read = decodeProgress(code.slice(0, cut), game);
    assert.equal(read.error?.reason, 'truncated', `cut at ${cut}`);
    assert.equal(read.error.message, PROGRESS_MESSAGES.truncated);
  }
  assert.match(PROGRESS_MESSAGES.truncated, /cut short/);
  const big = puzzleOf(64);
  play(big, 4);
  const long = encodeProgress(big);
  const rand = random(8);
  for (let k = 0; k < 200; k++) {
    const cut = 1 + Math.floor(rand() * (long.length - 1));
    assert.equal(decodeProgress(long.slice(0, cut), big).error?.reason, 'truncated', `64×64 cut at ${cut}`);
  }
});

test('any one changed character makes the code read as damaged', () => {
  const game = sudoku9();
  play(game, 12);
  const code = encodeProgress(game);
  const others = [...BASE64URL, '.', '~', '!', '+', '%', 'é']; // (a space at the end is trimmed: a cut)
  let tried = 0;
  for (let i = 2; i < code.length; i++) {
    for (const c of others) {
      if (c === code[i]) continue;
      const read = decodeProgress(code.slice(0, i) + c + code.slice(i + 1), game);
      assert.equal(read.error?.reason, 'corrupt', `character ${i} as ${c}`);
      tried++;
    }
  }
  assert.ok(tried > 1000);
  // Two or more changes are caught too (here at random).
  const rand = random(99);
  for (let k = 0; k < 2000; k++) {
    const chars = [...code];
    const flips = 2 + Math.floor(rand() * 4);
    for (let f = 0; f < flips; f++) chars[2 + Math.floor(rand() * (chars.length - 2))] = pick(rand, BASE64URL);
    const text = chars.join('');
    if (text === code) continue;
    assert.ok(decodeProgress(text, game).error, `${flips} changes at random`);
  }
});

test('a newer format is named as such, garbage as damage', () => {
  const game = sudoku9();
  const code = encodeProgress(game);
  for (const future of [`2${code.slice(1)}`, '2.', '2.anything at all', '17.AAAA']) {
    const read = decodeProgress(future, game);
    assert.equal(read.error?.reason, 'future-version', future);
    assert.match(read.error.message, /newer version/);
  }
  for (const garbage of ['hello', 'x.AAAA', '0.AAAA', '01.AAAA', '1.!!!', '1.AAAA.AAAA', `${code}A`, `${code}AAAA`, `${code}.`,
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAA', '1.AAAAAAAAAAAAAAAAAAAAAAAAAAA', '%%%', '1.' + '_'.repeat(40), null, undefined, 42, {}, [], Symbol('x')]) {
    const read = decodeProgress(garbage, game);
    assert.equal(read.error?.reason, 'corrupt', String(garbage));
  }
  assert.ok(decodeProgress(`  ${code}\n`, game).progress, 'white space around a pasted code is no damage');
  for (const reason of ERROR_REASONS) assert.match(PROGRESS_MESSAGES[reason], /^[A-Z].*\.$/, reason);
});

test('random text, cuts and changes never make the reader throw or read wrongly', () => {
  const games = [sudoku9(), puzzleOf(16), puzzleOf(64)];
  games.forEach((g, i) => play(g, 20 + i));
  const codes = games.map(encodeProgress);
  const rand = random(2024);
  const alphabets = [BASE64URL, `${BASE64URL}.~`, ALPHABET, '0123456789.', '\u0000\uffff\ud800é€ .&=#?'];
  for (let k = 0; k < 3000; k++) {
    const which = Math.floor(rand() * games.length);
    const game = games[which];
    let text;
    const kind = rand();
    if (kind < 0.4) {
      const chars = pick(rand, alphabets);
      text = (rand() < 0.5 ? '1.' : '') + Array.from({ length: Math.floor(rand() * 60) }, () => pick(rand, chars)).join('');
    } else {
      const chars = [...codes[which]];
      const cut = Math.floor(rand() * (chars.length + 1));
      const flips = Math.floor(rand() * 3);
      for (let f = 0; f < flips; f++) chars[Math.floor(rand() * chars.length)] = pick(rand, pick(rand, alphabets));
      text = chars.slice(0, cut).join('');
    }
    let read;
    assert.doesNotThrow(() => { read = decodeProgress(text, game); }, text);
    if (text.trim() === codes[which]) assert.ok(read.progress);
    else {
      assert.ok(read.error, `no wrong success: ${text}`);
      assert.ok(ERROR_REASONS.includes(read.error.reason));
    }
  }
});
