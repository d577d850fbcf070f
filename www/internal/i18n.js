/**
 * The page's words in the reader's language. Every sentence a person sees or hears comes
 * from a message catalog (www/locales/<lang>/<part>.js; the format is in
 * www/locales/README.md), looked up by key with `t(key, params)`. English is always loaded
 * (its hints part with the first hint: loadParts) and stands in for any key another
 * language lacks; the other languages are loaded on
 * demand, only the one in use, part by part:
 *   core   what the widget and the app share: the board, modes, status lines, the reader's
 *          keys and announcements, the technique help
 *   hints  hint sentences, technique names and the engine's error messages
 *   app    the app page and the print view
 *
 * Messages use a small subset of ICU MessageFormat: `{name}` puts in a parameter (a number
 * is formatted for the language, an array becomes a list, "2, 5 and 7"), and
 * `{name, plural, one {…} other {…}}` or `{name, select, a {…} other {…}}` choose a form,
 * with `#` inside a plural standing for the number; `{{` and `}}` write a brace. Plural forms follow Intl.PluralRules
 * (`=0`, `=1` … match exact numbers first).
 */

import enCore from '../locales/en/core.js';

/** The languages there are catalogs for, each with its own name for itself. */
export const LANGUAGES = Object.freeze({ en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español' });

/** The parts a catalog comes in (see the module's comment). */
export const PARTS = Object.freeze(['core', 'hints', 'app']);

// One loader per language and part, with literal paths, so that the tools that follow the
// module graph (the embed folder, the weight script, the service worker's list) find them.
const LOADERS = {
  // English hints load with the first hint (loadParts), not with every widget.
  en: { hints: () => import('../locales/en/hints.js') },
  fr: { core: () => import('../locales/fr/core.js'), hints: () => import('../locales/fr/hints.js'), app: () => import('../locales/fr/app.js') },
  de: { core: () => import('../locales/de/core.js'), hints: () => import('../locales/de/hints.js'), app: () => import('../locales/de/app.js') },
  es: { core: () => import('../locales/es/core.js'), hints: () => import('../locales/es/hints.js'), app: () => import('../locales/es/app.js') },
};

/** @type {Record<string, Record<string, string>>} every loaded message, by language */
const catalogs = { en: { ...enCore } };
/** @type {Record<string, Set<string>>} the parts loaded, by language */
const loaded = { en: new Set(['core']) };
let current = 'en';
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();
const parsed = new Map();

/**
 * Adds English messages of a part the page carries itself (the app's, which the widget
 * does not need): `addEnglish('app', messages)`.
 * @param {string} part
 * @param {Record<string, string>} messages
 */
export function addEnglish(part, messages) {
  Object.assign(catalogs.en, messages);
  loaded.en.add(part);
}

/** The language in use, a key of LANGUAGES. */
export function language() {
  return current;
}

/**
 * The best language we have for a list of wanted ones (BCP 47 tags, best first, such as
 * navigator.languages or an element's `lang`): the first whose primary subtag has a
 * catalog ("fr-CA" gives "fr"), else English.
 * @param {readonly (string | null | undefined)[]} wanted
 */
export function chooseLanguage(wanted) {
  for (const tag of wanted) {
    const primary = String(tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(LANGUAGES, primary)) return primary;
  }
  return 'en';
}

/**
 * Switches to a language, loading its catalogs for the given parts first. An unknown
 * language falls back to English and says so in the console; a catalog that fails to load
 * leaves the English words in its place (and says so). Resolves to the language now in use.
 * @param {string | null | undefined} lang
 * @param {readonly string[]} [parts]
 * @returns {Promise<string>}
 */
export async function setLanguage(lang, parts = ['core', 'hints']) {
  const wanted = String(lang ?? '').trim();
  const code = wanted ? chooseLanguage([wanted]) : 'en';
  if (wanted && code === 'en' && !/^en\b/i.test(wanted)) {
    console.warn(`sudoku64: no catalog for the language "${wanted}"; using English`);
  }
  // The parts asked for, and every part already in use (a hint shown before the change is
  // worded again in the new language).
  const wantedParts = [...new Set([...parts, ...loaded.en])];
  await Promise.all([load('en', wantedParts), load(code, wantedParts)]);
  if (code !== current) {
    current = code;
    for (const listener of listeners) listener(code);
  }
  return code;
}

/**
 * Loads the catalogs of some parts, in English and in the language in use, if they are not
 * loaded yet: `await loadParts(['hints'])` before wording a hint.
 * @param {readonly string[]} parts
 */
export async function loadParts(parts) {
  await Promise.all([load('en', parts), load(current, parts)]);
}

/**
 * Loads a language's catalogs for the parts it has a loader for and has not loaded. A
 * catalog that fails to load leaves English in its place, and says so.
 * @param {string} code
 * @param {readonly string[]} parts
 */
async function load(code, parts) {
  const have = loaded[code] ??= new Set();
  const missing = parts.filter((part) => !have.has(part) && LOADERS[code]?.[part]);
  if (!missing.length) return;
  const modules = await Promise.allSettled(missing.map((part) => LOADERS[code][part]()));
  catalogs[code] ??= {};
  modules.forEach((module, i) => {
    if (module.status === 'fulfilled') {
      Object.assign(catalogs[code], module.value.default);
      have.add(missing[i]);
    } else {
      console.warn(`sudoku64: the ${code} catalog "${missing[i]}" did not load; using English for it`, module.reason);
    }
  });
}

/**
 * Calls `listener(lang)` whenever the language changes; returns the function that stops it.
 * @param {(lang: string) => void} listener
 */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a key has a message in English (every key must).
 * @param {string} key
 */
export function has(key) {
  return Object.hasOwn(catalogs.en, key);
}

/**
 * The message `key` in the language in use, with its parameters put in. A key the language
 * lacks gives the English message; a key English lacks too gives the key itself (and says
 * so in the console), which the catalog test catches.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @param {string} [lang] another language than the one in use
 * @returns {string}
 */
export function t(key, params = {}, lang = current) {
  let source = catalogs[lang]?.[key];
  let used = lang;
  if (source === undefined) {
    source = catalogs.en[key];
    used = 'en';
  }
  if (source === undefined) {
    console.error(`sudoku64: no message "${key}"`);
    return key;
  }
  return render(parse(source), params, used);
}

/**
 * What `make()` returns with `lang` as the language in use for its duration (synchronously,
 * without telling the onLanguage listeners): `speaking('en', () => errorText(words))` words
 * an engine error in English, whatever the page's language. Its catalogs must be loaded.
 * @template T
 * @param {string} lang
 * @param {() => T} make
 * @returns {T}
 */
export function speaking(lang, make) {
  const before = current;
  current = Object.hasOwn(catalogs, lang) ? lang : 'en';
  try {
    return make();
  } finally {
    current = before;
  }
}

/**
 * Items joined as the language lists them: "2, 5 and 7", « 2, 5 et 7 ».
 * @param {readonly unknown[]} items
 * @param {'conjunction' | 'disjunction'} [type]
 * @param {string} [lang]
 */
export function list(items, type = 'conjunction', lang = current) {
  const strings = items.map((item) => (typeof item === 'number' ? number(item, lang) : String(item)));
  // British English lists without the serial comma ("2, 5 and 7"), as the engine's own
  // English sentences do.
  const locale = lang === 'en' ? 'en-GB' : lang;
  return formatter(`list ${locale} ${type}`, () => new Intl.ListFormat(locale, { style: 'long', type })).format(strings);
}

/**
 * The Intl formatters made so far, by kind, language and option. Making one costs about a
 * millisecond (more than a hundred uses of it), and the page words hundreds of numbers as
 * it starts (the size list alone names every box shape).
 * @type {Map<string, any>}
 */
const formatters = new Map();

/**
 * The formatter kept under `key`, made by `make` the first time.
 * @template T
 * @param {string} key
 * @param {() => T} make
 * @returns {T}
 */
function formatter(key, make) {
  let made = formatters.get(key);
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * A number as the language writes it (1,234 · 1 234 · 1.234).
 * @param {number} n
 * @param {string} [lang]
 */
export function number(n, lang = current) {
  // Every language here writes a whole number below 1,000 in plain digits, and the first
  // Intl.NumberFormat costs 80 to 250 ms on a phone's CPU (its data loads then): most pages
  // never need one.
  if (Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0)) return String(n);
  return formatter(`number ${lang}`, () => new Intl.NumberFormat(lang)).format(n);
}

/**
 * The message parsed into a tree: strings, parameters, and choices.
 * @typedef {string | {name: string} | {name: string, kind: 'plural' | 'select', forms: Record<string, Part[]>}} Part
 * @param {string} source
 * @returns {Part[]}
 */
function parse(source) {
  let parts = parsed.get(source);
  if (!parts) {
    const at = { i: 0 };
    parts = parseParts(source, at, false);
    parsed.set(source, parts);
  }
  return parts;
}

/**
 * @param {string} s
 * @param {{i: number}} at
 * @param {boolean} nested whether a `}` ends these parts
 * @returns {Part[]}
 */
function parseParts(s, at, nested) {
  /** @type {Part[]} */
  const parts = [];
  let text = '';
  while (at.i < s.length) {
    const c = s[at.i];
    if (c === '}' && nested) break;
    if ((c === '{' || c === '}') && s[at.i + 1] === c) {
      text += c;
      at.i += 2;
    } else if (c === '{') {
      if (text) parts.push(text);
      text = '';
      at.i += 1;
      parts.push(parseArgument(s, at));
    } else {
      text += c;
      at.i += 1;
    }
  }
  if (text) parts.push(text);
  return parts;
}

/**
 * One `{…}` after its opening brace, through its closing one.
 * @param {string} s
 * @param {{i: number}} at
 * @returns {Part}
 */
function parseArgument(s, at) {
  const end = s.slice(at.i).search(/[,}]/);
  if (end < 0) throw new Error(`unclosed { in message "${s}"`);
  const name = s.slice(at.i, at.i + end).trim();
  at.i += end;
  if (s[at.i] === '}') {
    at.i += 1;
    return { name };
  }
  const kindEnd = s.indexOf(',', at.i + 1);
  const kind = s.slice(at.i + 1, kindEnd).trim();
  if (kind !== 'plural' && kind !== 'select') throw new Error(`unknown choice "${kind}" in message "${s}"`);
  at.i = kindEnd + 1;
  /** @type {Record<string, Part[]>} */
  const forms = {};
  for (;;) {
    while (/\s/.test(s[at.i] ?? '')) at.i += 1;
    if (s[at.i] === '}') {
      at.i += 1;
      break;
    }
    const open = s.indexOf('{', at.i);
    if (open < 0) throw new Error(`a form without a body in message "${s}"`);
    const form = s.slice(at.i, open).trim();
    at.i = open + 1;
    forms[form] = parseParts(s, at, true);
    at.i += 1;
  }
  if (!forms.other) throw new Error(`a choice without "other" in message "${s}"`);
  return { name, kind, forms };
}

/**
 * @param {Part[]} parts
 * @param {Record<string, unknown>} params
 * @param {string} lang
 * @param {number} [count] the number `#` stands for
 * @returns {string}
 */
function render(parts, params, lang, count) {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += count === undefined ? part : part.replaceAll('#', number(count, lang));
    } else if (!('kind' in part)) {
      const value = params[part.name];
      out += Array.isArray(value) ? list(value, 'conjunction', lang)
        : typeof value === 'number' ? number(value, lang) : String(value ?? '');
    } else if (part.kind === 'plural') {
      const n = Number(params[part.name] ?? 0);
      const form = part.forms[`=${n}`] ?? part.forms[formatter(`plural ${lang}`, () => new Intl.PluralRules(lang)).select(n)] ?? part.forms.other;
      out += render(form, params, lang, n);
    } else {
      const form = part.forms[String(params[part.name])] ?? part.forms.other;
      out += render(form, params, lang, count);
    }
  }
  return out;
}

/**
 * Puts the language's words into static markup: each element with `data-i18n="key"` gets
 * the message as its text, and each with `data-i18n-attr="attr:key; attr:key"` gets
 * those attributes (aria-label, title, placeholder …). Run it again after a language
 * change. `root` is a document, a shadow root or an element (typed by what is used of it,
 * since the worker's type check reaches this module through grid.js, without the DOM's types).
 * @param {{querySelectorAll: (selectors: string) => Iterable<any>}} root
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.getAttribute('data-i18n') ?? '');
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of (el.getAttribute('data-i18n-attr') ?? '').split(';')) {
      const [attr, key] = pair.split(':').map((x) => x.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/**
 * The parameters a message names, sorted (for the catalog test): `{name}` and the names
 * choices pick by, inside forms too, but not the forms' labels.
 * @param {string} message
 * @returns {string[]}
 */
export function parameterNames(message) {
  const names = new Set();
  const walk = (/** @type {Part[]} */ parts) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      names.add(part.name);
      if ('forms' in part) for (const form of Object.values(part.forms)) walk(form);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every key English has, for the catalog test. */
export function englishKeys() {
  return Object.keys(catalogs.en);
}
