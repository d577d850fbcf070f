// What each solving technique the engine names means, in plain words: for the hint box
// (one sentence a new player can read), in the reader's language (the words are in the
// `hints` catalogs, www/locales/<lang>/hints.js). Keyed by the engine's technique ids
// (`Technique::id` in src/logic/mod.rs, `step.technique` in engine.hint()); listed from the
// simplest to the hardest, the order the help panel shows. The panel's longer entries are
// in techniques-help.js, which only the app loads: the widget shows hints, not the panel.
//
//   const t = technique('hidden-single');
//   t.name    // 'Hidden single'
//   t.phrase  // 'a hidden single' (to say "Look at box 4: a hidden single")
//   t.plain   // one sentence
//
// An id this list does not know (an engine newer than the page) still gets an entry,
// built from the name the engine gives.

import { t } from './i18n.js';

/** Every technique id, from the simplest to the hardest. */
const IDS = [
  'naked-single', 'hidden-single', 'cage-combination', 'innies-outies', 'cage-locked-digits',
  'cage-hidden-digit', 'pointing', 'claiming', 'naked-pair', 'hidden-pair', 'naked-triple',
  'hidden-triple', 'naked-quad', 'hidden-quad',
  'x-wing', 'skyscraper', 'two-string-kite', 'empty-rectangle', 'finned-x-wing', 'finned-swordfish',
  'unique-rectangle', 'unique-rectangle-2', 'unique-rectangle-3', 'unique-rectangle-4', 'bug-plus-one',
  'cage-clash', 'swordfish', 'jellyfish', 'xy-wing', 'xyz-wing', 'w-wing', 'simple-colouring', 'x-chain', 'xy-chain',
  'als-xz', 'als-xy-wing', 'aic', 'forcing-chain', 'forcing-net', 'guess',
];

/**
 * One technique's entry, its words in the language in use (the `hints` catalog's
 * `technique.ID.name`, `.phrase` and `.plain`), read afresh each time.
 * @param {string} id
 */
function entry(id) {
  return {
    id,
    get name() { return t(`technique.${id}.name`); },
    get phrase() { return t(`technique.${id}.phrase`); },
    get plain() { return t(`technique.${id}.plain`); },
  };
}

/** The techniques, in the panel's order: {id, name, phrase, plain}. */
export const TECHNIQUES = IDS.map(entry);

const BY_ID = new Map(TECHNIQUES.map((t) => [t.id, t]));

/** Ids whose steps are chains, drawn on the grid as links between candidates. */
export const CHAIN_TECHNIQUES = new Set(['x-chain', 'xy-chain', 'aic', 'forcing-chain', 'forcing-net',
  'simple-colouring', 'als-xz', 'als-xy-wing']);

/**
 * The entry for a technique id. An id not listed gets one built from `name` (the engine's
 * name for it), with `known: false`; listed ones have `known: true`.
 */
export function technique(id, name = '') {
  const known = BY_ID.get(id);
  if (known) return { id: known.id, name: known.name, phrase: known.phrase, plain: known.plain, known: true };
  const shown = name || String(id ?? '').replace(/-/g, ' ');
  return {
    id: String(id ?? ''), name: shown || t('technique.unknown.name'), known: false,
    phrase: shown ? t('technique.unknown.phrase-named', { name: shown }) : t('technique.unknown.phrase'),
    plain: shown ? t('technique.unknown.plain-named', { name: shown }) : t('technique.unknown.plain'),
  };
}
