// The recent games as the player sees them: which records are worth keeping, a game in a
// few words, how long ago it was played, and the list of buttons that reopen them. The
// records themselves are persist.js's ({id, hash, saved, selected, elapsed, level, game}).

import { boxName, usualBox, variantWords } from './grid.js';
import { t } from './app-messages.js';

/** A record worth a place in the recent games: a puzzle, or anything the player did. */
export function worthKeeping(record) {
  const g = record.game;
  return /[^.]/.test(g.values ?? '') || Object.keys(g.pencil ?? {}).length > 0
    || Object.keys(g.corner ?? {}).length > 0 || Object.keys(g.colours ?? {}).length > 0
    || g.history?.done?.length > 0 || g.history?.undone?.length > 0;
}

/** How long before `now` a time was, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(time, now = Date.now()) {
  const minutes = Math.floor((now - time) / 60000);
  if (!(minutes >= 1)) return t('app.ago.now');
  if (minutes < 60) return t('app.ago.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('app.ago.hours', { count: hours });
  const days = Math.floor(hours / 24);
  return t('app.ago.days', { count: days });
}

/**
 * A recent game in a few words: "9×9 · Hard · 23 givens · 12 entries", with its layout
 * when it is not the side's usual boxes: "12×12 (2×6 boxes)", "9×9 jigsaw X".
 */
export function recordSummary(record) {
  const g = record.game;
  const size = Number(g.size);
  const values = String(g.values ?? '');
  const givens = [...String(g.givens ?? '')].filter((b) => b === '1').length;
  const solved = [...String(g.solved ?? '')].filter((b) => b === '1').length;
  const entries = [...values].filter((c) => c !== '.').length - givens - solved;
  const variant = String(g.variant ?? '').split(',').filter(Boolean);
  const kind = variant.length ? ` ${variantWords({ variant })}` : '';
  const boxed = typeof g.box === 'string' && g.box && g.box !== usualBox(size);
  const parts = [boxed ? t('app.recent.boxes', { size, boxes: boxName(g.box), kind }) : `${size}×${size}${kind}`];
  if (record.level?.name) parts.push(record.level.level ? t(`engine.level-${record.level.level}`) : record.level.name);
  if (!givens && !entries) parts.push(t('app.recent.blank'));
  else parts.push(givens ? t('app.recent.givens', { count: givens }) : t('app.recent.typed'), t('app.recent.entries', { count: entries }));
  if (solved) parts.push(t('app.recent.solved'));
  return parts.join(' · ');
}

/** Fills `list` (an <ol>) with a button per record (data-id), the one playing now marked. */
export function listRecent(list, records, currentId) {
  list.replaceChildren(...records.map((record) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.id = record.id;
    const what = document.createElement('span');
    what.textContent = recordSummary(record);
    const when = document.createElement('span');
    when.className = 'when';
    when.textContent = record.id === currentId ? t('app.recent.now') : ago(record.saved);
    button.append(what, when);
    if (record.id === currentId) button.setAttribute('aria-current', 'true');
    item.append(button);
    return item;
  }));
}
