// Today's puzzle: one puzzle a day at each level, at 9×9 and 16×16, the same for everyone
// everywhere, from the date alone (no server). The date, the side and the level make the
// generator's seed; the generator's candidates are made in an order the seed fixes, and
// each candidate's work is bounded by counts, so every browser that reaches the level
// makes the same puzzle.
//
// A daily puzzle's link: #daily=2026-11-27&size=9&difficulty=hard. Its date is a local
// calendar date (a player plays the puzzle of their own day); dates before FIRST_DAY, or
// after tomorrow (a day ahead somewhere on Earth), are refused, as are days no calendar
// has. persist.js reads the link (parseHash).

import { t } from './app-messages.js';

/** The sides a daily puzzle comes in. */
export const DAILY_SIZES = Object.freeze([9, 16]);

/** The first day with a daily puzzle. */
export const FIRST_DAY = '2026-01-01';

/** The level of a daily puzzle when none is chosen. */
export const DAILY_LEVEL = 'medium';

/** The local calendar date of `date` as 'YYYY-MM-DD'. */
export function localDay(date = new Date()) {
  const pad = (v, width = 2) => String(v).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day number (days since 1970-01-01) of a 'YYYY-MM-DD' string, or null when it is no real day. */
export function dayNumber(text) {
  const match = typeof text === 'string' && /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  // Date.UTC rolls 02-30 over into March, and reads years below 100 as 19xx.
  const real = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return real ? time / 86_400_000 : null;
}

/**
 * Why a daily puzzle cannot be made for `date` (a 'YYYY-MM-DD' text) when it is
 * `today`, as a sentence, or null when it can.
 */
export function dailyDateError(date, today = localDay()) {
  const text = String(date ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return t('app.daily.no-date', { text, today });
  const day = dayNumber(text);
  if (day === null) return t('app.daily.no-day', { text });
  if (day < dayNumber(FIRST_DAY)) return t('app.daily.too-early', { first: FIRST_DAY, text });
  if (day > dayNumber(today) + 1) return t('app.daily.too-late', { text, today });
  return null;
}

/** The seed of the daily puzzle of `date` at side `size` and `level`: FNV-1a, 32 bits. */
export function dailySeed(date, size, level) {
  let hash = 0x811c9dc5;
  for (const ch of `sudoku64 daily ${date} ${size} ${level}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The link hash of a daily puzzle. */
export function dailyHash(date, size, level) {
  return `#${new URLSearchParams({ daily: date, size: String(size), difficulty: level })}`;
}
