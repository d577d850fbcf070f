// The player's own record (www/internal/stats.js), as pure functions: a game counts once, the best
// and median times per grid size and level, the daily streak across month and year ends,
// the exported file read back (and every way a file can be wrong), importing a file into
// what the browser has, and the store that may refuse, or hold something unreadable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  STATS_FORMAT, STATS_STORAGE_KEY, STATS_VERSION, emptyStats, localDate, loadStats, mergeStats, readStats, saveStats,
  statsLines, statsText, summary, timeText, withSolve,
} from '../../www/internal/stats.js';
import { LEVELS } from '../../www/internal/persist.js';

let nextId = 0;
/** A solve with sensible defaults: a 9×9 Hard not a daily, solved on 2024-03-10. */
const solve = (fields = {}) => ({
  id: `g${nextId++}`, size: 9, level: 'hard', ms: 60_000, hints: 0, date: '2024-03-10', daily: null, ...fields,
});
const statsOf = (solves) => solves.reduce(withSolve, emptyStats());
/** A daily solved on its own day. */
const daily = (date) => solve({ date, daily: date });

/** The days from `first` ('YYYY-MM-DD'), `n` of them in a row, counted independently of stats.js. */
function daysFrom(first, n) {
  const start = new Date(`${first}T12:00:00Z`).getTime();
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

test('a game counts once, and a solve that is not one is refused by name', () => {
  const first = solve({ id: 'same', ms: 5_000 });
  const stats = withSolve(emptyStats(), first);
  const again = withSolve(stats, { ...first, ms: 1_000 });
  assert.equal(again, stats, 'the same stats come back');
  assert.equal(summary(again, '2024-03-10').solved, 1);
  assert.equal(summary(again, '2024-03-10').groups[0].bestMs, 5_000, 'the second time does not replace the first');
  assert.deepEqual(emptyStats().solves, [], 'withSolve does not change the stats it was given');

  for (const [field, value] of [['size', 0], ['size', 65], ['size', 9.5], ['level', 'Hard'], ['ms', -1], ['hints', 1.5],
    ['date', '2024-02-30'], ['date', '10/03/2024'], ['daily', ''], ['id', ''], ['id', undefined]]) {
    assert.throws(() => withSolve(stats, solve({ [field]: value })), (e) => e instanceof TypeError && e.message.includes(field),
      `${field} = ${JSON.stringify(value)}`);
  }
  assert.throws(() => withSolve(stats, null), TypeError);
  assert.equal(withSolve(stats, solve({ level: '', daily: '2024-02-29' })).solves.length, 2, 'a leap day is a date');
});

test('best and median per group, odd and even counts; groups by size, then level, not graded last', () => {
  const times = { '9 hard': [300, 100, 200], '9 easy': [40, 10, 30, 20], '4 ': [7_000, 8_001], '16 medium': [5], '9 ': [1, 2] };
  const solves = [];
  for (const [key, ms] of Object.entries(times)) {
    const [size, level] = key.split(' ');
    for (const t of ms) solves.push(solve({ size: Number(size), level, ms: t }));
  }
  const s = summary(statsOf(solves), '2024-03-10');
  assert.equal(s.solved, solves.length);
  const expected = (size, level) => {
    const sorted = [...times[`${size} ${level}`]].sort((a, b) => a - b);
    const n = sorted.length;
    const median = n % 2 ? sorted[(n - 1) / 2] : Math.round((sorted[n / 2 - 1] + sorted[n / 2]) / 2);
    return { size, level, count: n, bestMs: sorted[0], medianMs: median };
  };
  assert.deepEqual(s.groups, [expected(4, ''), expected(9, 'easy'), expected(9, 'hard'), expected(9, ''), expected(16, 'medium')]);
  assert.equal(s.groups[0].medianMs, 7_501, 'the mean of the middle two, rounded');
  assert.equal(s.groups[1].medianMs, 25);

  const everyLevel = summary(statsOf(['', ...LEVELS].reverse().map((level) => solve({ level }))), '2024-03-10');
  assert.deepEqual(everyLevel.groups.map((g) => g.level), [...LEVELS, ''], 'LEVELS order, not graded last');
});

test('hints add up; the lines a page shows', () => {
  const stats = statsOf([solve({ hints: 2, ms: 372_000 }), solve({ hints: 3, ms: 520_000 }), solve({ level: '', size: 16, ms: 3_723_000 }),
    daily('2024-03-09'), daily('2024-03-10')]);
  const s = summary(stats, '2024-03-10');
  assert.equal(s.hints, 5);
  const hard = s.groups.find((g) => g.level === 'hard');
  assert.deepEqual(statsLines(s), [
    'Solved: 5 puzzles, 5 hints used',
    'Daily streak: 2 days (longest 2)',
    `9×9 Hard: ${hard.count} solved, best ${timeText(hard.bestMs)}, median ${timeText(hard.medianMs)}`,
    '16×16 not graded: 1 solved, best 1:02:03, median 1:02:03',
  ]);
  assert.equal(timeText(372_000), '6:12');
  assert.equal(timeText(520_999), '8:40', 'seconds are not rounded up');
  assert.equal(timeText(3_600_000), '1:00:00');
  assert.deepEqual(statsLines(summary(statsOf([solve({ hints: 1 })]), '2024-03-20')).slice(0, 2),
    ['Solved: 1 puzzle, 1 hint used', 'Daily streak: 0 days (longest 0)']);
});

test('the daily streak runs across a month end and a year end', () => {
  const month = daysFrom('2024-02-27', 5); // a leap year's February into March
  assert.deepEqual(month, ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  const year = daysFrom('2023-12-29', 6);
  const stats = statsOf([...month, ...year].map(daily));
  assert.deepEqual(summary(stats, year.at(-1)).streak, { current: year.length, longest: year.length });
  assert.deepEqual(summary(stats, month.at(-1)).streak, { current: month.length, longest: year.length });
  assert.deepEqual(summary(stats, '2024-03-04').streak, { current: 0, longest: year.length }, 'two days without one end it');
});

test('the current streak may end yesterday; a gap breaks it; a daily solved later does not count', () => {
  const run = daysFrom('2024-05-01', 4);
  const stats = statsOf(run.map(daily));
  const [dayAfter, twoDaysAfter] = daysFrom(run.at(-1), 3).slice(1);
  assert.deepEqual(summary(stats, run.at(-1)).streak, { current: 4, longest: 4 });
  assert.deepEqual(summary(stats, dayAfter).streak, { current: 4, longest: 4 }, 'ending yesterday: today\'s still to do');
  assert.deepEqual(summary(stats, twoDaysAfter).streak, { current: 0, longest: 4 });

  const gap = statsOf([...run.slice(0, 2), ...run.slice(3)].map(daily));
  assert.deepEqual(summary(gap, run.at(-1)).streak, { current: 1, longest: 2 });

  const late = withSolve(gap, solve({ daily: run[2], date: run[3] }));
  assert.deepEqual(summary(late, run.at(-1)).streak, { current: 1, longest: 2 }, 'solved a day late: no streak');
  assert.equal(summary(late, run.at(-1)).solved, 4, 'but it is a solve');
  const other = withSolve(gap, solve({ daily: run[1], date: run[2] }));
  assert.deepEqual(summary(other, run.at(-1)).streak, { current: 1, longest: 2 }, 'another day\'s daily solved that day');
});

test('localDate is the calendar day where the player is', () => {
  const date = new Date(2024, 0, 5, 23, 59); // local time
  assert.equal(localDate(date), '2024-01-05');
  assert.equal(localDate(new Date(2024, 11, 31, 0, 0)), '2024-12-31');
  assert.match(localDate(), /^\d{4}-\d{2}-\d{2}$/);
});

test('the exported file reads back as the same stats', () => {
  const stats = statsOf([solve({ hints: 2 }), daily('2024-03-10'), solve({ size: 64, level: 'diabolical', ms: 0 })]);
  const text = statsText(stats);
  assert.ok(text.endsWith('}\n'));
  assert.equal(text, `${JSON.stringify(JSON.parse(text), null, 2)}\n`, 'indented by two spaces');
  assert.deepEqual(JSON.parse(text).format, STATS_FORMAT);
  assert.deepEqual(readStats(text), { stats });
  assert.deepEqual(readStats(statsText(emptyStats())), { stats: emptyStats() });

  const twice = JSON.parse(text);
  twice.solves.push({ ...twice.solves[0], ms: 1 });
  assert.deepEqual(readStats(JSON.stringify(twice)), { stats }, 'a game counts once in a file too');
});

test('a file that is wrong says what is wrong and where', () => {
  // A comma before the last brace: the parser stops at the brace, on line 4, column 1.
  const trailing = '{"format": "sudoku64-stats",\n "version": 1,\n "solves": [],\n}';
  const broken = readStats(trailing);
  assert.equal(broken.stats, undefined);
  assert.match(broken.error, /not a JSON file/);
  assert.match(broken.error, new RegExp(`line 4, column 1\\b|character ${trailing.lastIndexOf('}') + 1}\\b`), 'the place is named');
  assert.match(readStats('').error, /not a JSON file/);

  assert.match(readStats('{"format": "sudoku64-games", "version": 1, "solves": []}').error, /not a sudoku64 stats file.*sudoku64-games/);
  assert.match(readStats('{"version": 1, "solves": []}').error, /not a sudoku64 stats file: it has no "format"/);
  assert.match(readStats('[1, 2]').error, /not a sudoku64 stats file/);
  assert.match(readStats('null').error, /not a sudoku64 stats file/);

  const newer = { format: STATS_FORMAT, version: STATS_VERSION + 1, solves: [] };
  assert.equal(readStats(JSON.stringify(newer)).error,
    `This stats file was made by a newer version (${STATS_VERSION + 1}) of sudoku64; this page reads version ${STATS_VERSION}.`);
  assert.match(readStats(JSON.stringify({ ...newer, version: '1' })).error, /version/);
  assert.match(readStats(JSON.stringify({ ...newer, version: 1, solves: {} })).error, /solves should be a list/);

  const file = JSON.parse(statsText(statsOf([solve(), solve(), solve()])));
  file.solves[1].size = 81;
  const bad = readStats(JSON.stringify(file));
  assert.equal(bad.stats, undefined);
  assert.match(bad.error, /solve 2\b/);
  assert.match(bad.error, /\bsize\b.*1 to 64/);
  file.solves[1] = 'nine';
  assert.match(readStats(JSON.stringify(file)).error, /Solve 2 .*object/);
  assert.doesNotThrow(() => readStats(undefined));
  assert.doesNotThrow(() => readStats({}));
});

test('importing a file keeps one copy of each game, the browser\'s own first', () => {
  const mine = statsOf([solve({ id: 'a', ms: 1 }), solve({ id: 'b', ms: 2 })]);
  const file = statsOf([solve({ id: 'b', ms: 99 }), solve({ id: 'c', ms: 3 })]);
  const merged = mergeStats(mine, file);
  assert.deepEqual(merged.solves.map((s) => [s.id, s.ms]), [['a', 1], ['b', 2], ['c', 3]]);
  assert.equal(merged.format, STATS_FORMAT);
  assert.deepEqual(mergeStats(merged, file), merged, 'importing again adds nothing');
  assert.deepEqual(readStats(statsText(merged)), { stats: merged });
});

/** A storage like localStorage's, over a Map; `refuse` makes setItem throw as over quota. */
function fakeStorage({ refuse = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

test('stats kept in storage; a store that refuses or holds something unreadable', () => {
  const storage = fakeStorage();
  assert.deepEqual(loadStats(storage), emptyStats(), 'none yet');
  const stats = statsOf([solve(), daily('2024-03-10')]);
  assert.equal(saveStats(stats, storage), true);
  assert.equal(storage.items.get(STATS_STORAGE_KEY), statsText(stats));
  assert.deepEqual(loadStats(storage), stats);

  const full = fakeStorage({ refuse: true });
  assert.equal(saveStats(stats, full), false);
  assert.deepEqual(loadStats(full), emptyStats());

  const unreadable = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => {} };
  assert.deepEqual(loadStats(unreadable), emptyStats());
  assert.equal(saveStats(stats, null), false, 'no storage at all');
  assert.deepEqual(loadStats(null), emptyStats());

  for (const corrupt of ['{"format": "sudoku64-st', '[]', JSON.stringify({ ...stats, version: 2 })]) {
    const store = fakeStorage();
    store.setItem(STATS_STORAGE_KEY, corrupt);
    assert.deepEqual(loadStats(store), emptyStats(), corrupt);
    assert.equal(store.items.get(`${STATS_STORAGE_KEY}.unreadable`), corrupt, 'kept aside, not lost');
  }
  const corruptAndFull = fakeStorage();
  corruptAndFull.items.set(STATS_STORAGE_KEY, 'not json');
  corruptAndFull.setItem = () => { throw new Error('QuotaExceededError'); };
  assert.deepEqual(loadStats(corruptAndFull), emptyStats(), 'no room to keep it aside: still no throw');
});
