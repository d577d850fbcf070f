// The player's own record, kept in this browser (localStorage) and exported to a file or
// imported from one: how many puzzles were solved, the best and median time per grid size
// and level, the streak of daily puzzles, and the hints used.
//
// The stats are {format: STATS_FORMAT, version: STATS_VERSION, solves}, the file's shape
// as well as the stored one. A solve is {id (the game's id: a game counts once), size
// (1..64), level ('' when not graded, else one of persist.js's LEVELS), ms (time played),
// hints (how many were used), date ('YYYY-MM-DD', the local day it was solved), daily
// (null, or the daily puzzle's own 'YYYY-MM-DD' when it was one)}.
//
// A day belongs to the daily streak when its own puzzle was solved on it (daily === date):
// a daily solved later counts as a solve, not for the streak. Days are counted with UTC
// dates made from the strings, so no time zone or change of clocks can skip or double one.

import { LEVELS } from './persist.js';
import { dayNumber, localDay } from './daily.js';
import { t } from './app-messages.js';

/** What a stats file says it is, in its `format` field. */
export const STATS_FORMAT = 'sudoku64-stats';
/** The stats version this page writes, and the newest it reads. */
export const STATS_VERSION = 1;
/** The localStorage key of the stats. */
export const STATS_STORAGE_KEY = 'sudoku64.stats';
/** Where a stored value that cannot be read is kept aside, so that saving never destroys it. */
const UNREADABLE_KEY = 'sudoku64.stats.unreadable';

/** No solves yet. */
export function emptyStats() {
  return { format: STATS_FORMAT, version: STATS_VERSION, solves: [] };
}

const count = (v) => Number.isSafeInteger(v) && v >= 0;

/**
 * Each field of a solve and the test of it; what it should be, in words, is the message
 * `app.stats.should.<field>`.
 * @type {[string, (value: any) => boolean][]}
 */
const FIELDS = [
  ['id', (v) => typeof v === 'string' && v.length > 0],
  ['size', (v) => Number.isInteger(v) && v >= 1 && v <= 64],
  ['level', (v) => v === '' || LEVELS.includes(v)],
  ['ms', count],
  ['hints', count],
  ['date', (v) => dayNumber(v) !== null],
  ['daily', (v) => v === null || dayNumber(v) !== null],
];

/** The first bad field of a solve, {field, value}, or null when it is a solve ({field: null} when it is no object). */
function solveProblem(solve) {
  if (!solve || typeof solve !== 'object' || Array.isArray(solve)) return { field: null, value: solve };
  for (const [field, ok] of FIELDS) {
    if (!ok(solve[field])) return { field, value: solve[field] };
  }
  return null;
}

/** A solve's fields alone, copied (so that stats are plain data of their own). */
function solveFields(solve) {
  return Object.fromEntries(FIELDS.map(([field]) => [field, solve[field]]));
}

/** A value as a short quotation for a message. */
function shown(value) {
  const text = value === undefined ? t('app.stats.missing') : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * The stats with `solve` added at the end; the same stats when a solve of its id is already
 * there (a game counts once). Throws a TypeError naming the field when `solve` is not one.
 */
export function withSolve(stats, solve) {
  const problem = solveProblem(solve);
  if (problem) {
    throw new TypeError(problem.field ? `A solve's ${problem.field} should be ${problem.should}, not ${shown(problem.value)}`
      : 'A solve should be an object');
  }
  if (stats.solves.some((s) => s.id === solve.id)) return stats;
  return { ...stats, solves: [...stats.solves, solveFields(solve)] };
}

/** The median of sorted numbers; the mean of the middle two, rounded, for an even count. */
function median(sorted) {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** A level's place in the order of groups: LEVELS in order, not graded ('') last. */
const levelRank = (level) => (level === '' ? LEVELS.length : LEVELS.indexOf(level));

/**
 * The daily streak on `today` ('YYYY-MM-DD'): {current, longest} in days. `longest` is the
 * longest run of days in a row whose own puzzle was solved on the day; `current` the run
 * ending today, or ending yesterday while today's is still to do (0 otherwise).
 */
function streak(solves, today) {
  const days = new Set(solves.filter((s) => s.daily === s.date).map((s) => dayNumber(s.date)));
  const runEnding = (day) => {
    let n = 0;
    while (days.has(day - n)) n++;
    return n;
  };
  // Each run counted once, from its last day.
  const longest = [...days].filter((day) => !days.has(day + 1)).reduce((most, day) => Math.max(most, runEnding(day)), 0);
  const now = dayNumber(today);
  const current = now === null ? 0 : runEnding(now) || runEnding(now - 1);
  return { current, longest };
}

/**
 * What the stats add up to on `today` ('YYYY-MM-DD'): {solved, hints, groups, streak}.
 * `groups` holds a {size, level, count, bestMs, medianMs} per grid size and level played,
 * by size, then level (LEVELS order, not graded last); `streak` is {current, longest}.
 */
export function summary(stats, today) {
  const byGroup = new Map();
  for (const s of stats.solves) {
    const key = `${s.size} ${s.level}`;
    if (!byGroup.has(key)) byGroup.set(key, { size: s.size, level: s.level, times: [] });
    byGroup.get(key).times.push(s.ms);
  }
  const groups = [...byGroup.values()]
    .sort((a, b) => a.size - b.size || levelRank(a.level) - levelRank(b.level))
    .map(({ size, level, times }) => {
      const sorted = times.sort((x, y) => x - y);
      return { size, level, count: sorted.length, bestMs: sorted[0], medianMs: median(sorted) };
    });
  return {
    solved: stats.solves.length,
    hints: stats.solves.reduce((sum, s) => sum + s.hints, 0),
    groups,
    streak: streak(stats.solves, today),
  };
}

/** The local date of `date` as 'YYYY-MM-DD' (the day the player sees on their calendar). */
export const localDate = localDay;

/** The stats as the text of an exported file: JSON, indented by two spaces, ending in a newline. */
export function statsText(stats) {
  return `${JSON.stringify({ format: STATS_FORMAT, version: STATS_VERSION, solves: stats.solves }, null, 2)}\n`;
}

/** Where a JSON.parse error says it stopped, in words ('' when it does not say). */
function errorPlace(message) {
  const line = /line (\d+) column (\d+)/.exec(message);
  if (line) return t('app.stats.at-line', { line: Number(line[1]), column: Number(line[2]) });
  const position = /position (\d+)/.exec(message);
  return position ? t('app.stats.at-character', { place: Number(position[1]) + 1 }) : '';
}

/**
 * Reads stats from a file's (or the store's) text: {stats}, or {error} with a sentence
 * saying what is wrong and where. A solve whose id came earlier in the file is dropped (a
 * game counts once). Never throws.
 */
export function readStats(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { error: t('app.stats.not-json', { place: errorPlace(String(e?.message)) }) };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data) || data.format !== STATS_FORMAT) {
    return {
      error: data && typeof data === 'object' && !Array.isArray(data) && 'format' in data
        ? t('app.stats.format', { format: shown(data.format), wanted: STATS_FORMAT })
        : t('app.stats.no-format', { wanted: STATS_FORMAT }),
    };
  }
  if (!Number.isInteger(data.version) || data.version < 1) {
    return { error: t('app.stats.version', { version: shown(data.version) }) };
  }
  if (data.version > STATS_VERSION) {
    return { error: t('app.stats.newer', { version: data.version, reads: STATS_VERSION }) };
  }
  if (!Array.isArray(data.solves)) {
    return { error: t('app.stats.solves', { solves: shown(data.solves) }) };
  }
  const solves = [];
  const ids = new Set(); // a game counts once: the first copy of an id is kept
  for (const [i, solve] of data.solves.entries()) {
    const problem = solveProblem(solve);
    if (problem) {
      return {
        error: problem.field ? t('app.stats.field', {
          n: i + 1, field: problem.field, value: shown(problem.value),
          should: t(`app.stats.should.${problem.field}`, { levels: LEVELS.map((l) => `"${l}"`).join(', ') }),
        }) : t('app.stats.not-object', { n: i + 1, value: shown(solve) }),
      };
    }
    if (!ids.has(solve.id)) solves.push(solveFields(solve));
    ids.add(solve.id);
  }
  return { stats: { ...emptyStats(), solves } };
}

/**
 * The solves of both `a` and `b`, once each by id (a's copy when both have one): what the
 * browser keeps after importing file `b` into its own stats `a`.
 */
export function mergeStats(a, b) {
  const ids = new Set(a.solves.map((s) => s.id));
  return { ...emptyStats(), solves: [...a.solves, ...b.solves.filter((s) => !ids.has(s.id))] };
}

/** The browser's localStorage, or null when there is none or it is disabled (reading it throws then). */
function defaultStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The stats kept in `storage`: empty when there are none, when storage cannot be read, or
 * when the stored value is not stats this page reads (it is then copied aside, if there is
 * room, so that the next save does not destroy it). Never throws.
 */
export function loadStats(storage = defaultStorage()) {
  let raw;
  try {
    raw = storage?.getItem(STATS_STORAGE_KEY) ?? null;
  } catch {
    return emptyStats();
  }
  if (raw === null) return emptyStats();
  const { stats } = readStats(raw);
  if (stats) return stats;
  try {
    storage.setItem(UNREADABLE_KEY, raw);
  } catch {
    // No room to keep it aside: the record starts again.
  }
  return emptyStats();
}

/** Stores the stats in `storage`: true when written, false when refused (over quota, disabled). */
export function saveStats(stats, storage = defaultStorage()) {
  try {
    if (!storage) return false;
    storage.setItem(STATS_STORAGE_KEY, statsText(stats));
    return true;
  } catch {
    return false;
  }
}

/** A time as a player reads it: "6:12" (m:ss), "1:02:03" (h:mm:ss) from an hour on. */
export function timeText(ms) {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * A summary as short lines a page can show: "Solved: 12 puzzles, 5 hints used", "Daily
 * streak: 3 days (longest 7)", then a line per group, "9×9 Hard: 4 solved, best 6:12,
 * median 8:40".
 */
export function statsLines(summary) {
  const { current, longest } = summary.streak;
  return [
    t('app.stats.solved', { count: summary.solved, hints: summary.hints }),
    t('app.stats.streak', { count: current, longest }),
    ...summary.groups.map((g) => t('app.stats.group', {
      size: g.size, level: g.level ? t(`engine.level-${g.level}`) : t('app.stats.not-graded'), count: g.count,
      best: timeText(g.bestMs), median: timeText(g.medianMs),
    })),
  ];
}
