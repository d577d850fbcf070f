// The techniques panel's entry for each technique: two to four sentences on how a player
// finds and uses it, keyed by the ids of techniques.js. The sentences are the `help.<id>`
// messages of www/locales/<lang>/help.js, a part of their own: only the app's panel shows
// them, so the widget, which carries the "core" part, does not load them. English is here
// at once; another language's entries load when it becomes the language in use.

import enHelp from '../locales/en/help.js';
import { language, onLanguage } from './i18n.js';

// Literal paths, so that the tools that follow the module graph find them.
const LOADERS = {
  fr: () => import('../locales/fr/help.js'),
  de: () => import('../locales/de/help.js'),
  es: () => import('../locales/es/help.js'),
};

/** @type {Record<string, Record<string, string>>} the entries loaded, by language */
const catalogs = { en: enHelp };

/**
 * Loads the entries of a language (the one in use by default); resolves once they are in,
 * or once a failure to load has been said in the console (English stands in).
 * @param {string} [lang]
 * @returns {Promise<void>}
 */
export async function loadHelp(lang = language()) {
  if (catalogs[lang] || !Object.hasOwn(LOADERS, lang)) return;
  try {
    catalogs[lang] = (await LOADERS[lang]()).default;
  } catch (err) {
    console.warn(`sudoku64: the ${lang} technique help did not load; using English`, err);
  }
}

onLanguage((lang) => { loadHelp(lang); });

/**
 * Each technique's help entry, by id, in the language in use when its entries have loaded
 * (loadHelp), else in English: get(id) gives it, or undefined for an id that has none.
 */
export const TECHNIQUE_HELP = Object.freeze({
  /** @param {string} id */
  get: (id) => catalogs[language()]?.[`help.${id}`] ?? enHelp[`help.${id}`],
  /** @param {string} id */
  has: (id) => Object.hasOwn(enHelp, `help.${id}`),
});
