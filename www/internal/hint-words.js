/**
 * A hint step's sentences in the reader's language. The engine gives each step as data
 * (src/logic/words.rs: a message key and named arguments — cells, units, symbols, the
 * candidates removed, techniques, sentences inside sentences); this module words them with
 * the `hints` catalog (`hint.KEY`, www/locales/<lang>/hints.js) and the grid's own names for
 * cells and units (grid.js), so a page can say a hint again in another language without
 * asking the engine. Pure functions: no engine, no page.
 *
 *   stepText(step.words, layout)   // 'Naked single: r1c2 can only be 2'
 *   stepText(step.focusWords, layout)   // 'Look at box 1: a naked single'
 */

import { has, list, language, t } from './i18n.js';
import { asLayout, boxOf, boxWords, cellName, isJigsaw, symbolText, unitKind, unitName, variantWords } from './grid.js';

/**
 * @typedef {{key: string, args: Record<string, Record<string, any>>}} Words a sentence as
 * the engine gives it (HintStep.words and HintStep.focusWords)
 */

// Pieces of notation, the same in every language: chain and path signs, the order a
// symbol and a cell are written in, and parts that only pass another part through.
const NOTATION = {
  'separator-none': '',
  'separator-space': ' ',
  'chain-strong': ' = ',
  'chain-weak': ' - ',
  'path-next': ' → ',
  'path-inner': ' ⇒ ',
  'event-is': '{cell}={symbol}',
  'event-is-not': '{cell}≠{symbol}',
  'aic-node': '{symbol}{cell}',
  'aic-group': '{symbol}{{{cells}}}',
  'chain-cell': '{cell}',
  path: '{path}',
  'region-unit': '{unit}',
  'sum-set': '{digits}',
  cage: '{cells}',
};

/**
 * Cells that lose the same symbols, together, in the order first met: [[cells], values].
 * @param {number[]} flat [cell, value, cell, value, …]
 */
function removalGroups(flat) {
  const perCell = new Map();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const values = perCell.get(flat[i]) ?? [];
    if (!values.includes(flat[i + 1])) values.push(flat[i + 1]);
    perCell.set(flat[i], values);
  }
  const groups = [];
  for (const [cell, values] of perCell) {
    values.sort((a, b) => a - b);
    const key = values.join(',');
    const group = groups.find((g) => g.key === key);
    if (group) group.cells.push(cell);
    else groups.push({ key, cells: [cell], values });
  }
  return groups;
}

/**
 * A layout by name, as the engine names one: '9×9', '6×6 (2×3 boxes)', '9×9 jigsaw X'.
 * @param {object} layout
 */
function layoutText(layout) {
  const n = layout.size;
  const name = boxOf(layout)?.rows !== boxOf(layout)?.columns && !isJigsaw(layout)
    ? t('engine.layout-boxes', { size: n, boxes: boxWords(layout) }) : t('engine.layout', { size: n });
  const variants = variantWords(layout);
  return variants ? t('engine.layout-variants', { layout: name, variants }) : name;
}

/**
 * One argument in words.
 * @param {Record<string, any>} arg
 * @param {object} layout
 * @param {string} prefix the catalog keys of the sentence it is in ('hint.' or 'engine.')
 * @returns {string}
 */
function argText(arg, layout, prefix) {
  const n = layout.size;
  const name = (c) => cellName(c, n);
  const sym = (v) => symbolText(v, layout);
  const [[kind, value]] = Object.entries(arg);
  switch (kind) {
    case 'technique': return t(`technique.${value}.name`);
    case 'phrase': return t(`technique.${value}.phrase`);
    case 'phraseStart': {
      const phrase = t(`technique.${value}.phrase`);
      return phrase.charAt(0).toLocaleUpperCase(language()) + phrase.slice(1);
    }
    case 'cell': return name(value);
    case 'cells': return value.map(name).join(t('hint.separator-comma'));
    case 'cellList': return list(value.map(name));
    case 'cellChoice': return list(value.map(name), 'disjunction');
    case 'unit': return unitName(value, layout);
    case 'lines': return t('hint.lines', {
      kind: value.kind === 2 && isJigsaw(layout) ? 'region' : ['row', 'column', 'box'][value.kind],
      count: value.numbers.length,
      numbers: value.numbers,
    });
    case 'symbol': return sym(value);
    case 'symbols': return value.map(sym).join('/');
    case 'symbolList': return list(value.map(sym));
    case 'symbolChoice': return list(value.map(sym), 'disjunction');
    case 'number': return String(value);
    case 'digitList': return list(value);
    case 'sum': return value.join('+');
    case 'removal': return removalGroups(value).map((g) => t('hint.loses', {
      cells: list(g.cells.map(name)),
      count: g.cells.length,
      symbols: g.values.map(sym).join('/'),
    })).join(t('hint.separator-comma'));
    case 'text': return String(value);
    case 'layout': return layoutText(layout);
    case 'layoutOf': return layoutText(value);
    case 'words': return wordsText(value, layout, prefix);
    case 'join': return value.items.map((w) => wordsText(w, layout, prefix)).join(
      Object.hasOwn(NOTATION, value.separator) ? NOTATION[value.separator] : t(`hint.${value.separator}`));
    default: return '';
  }
}

/**
 * A sentence the engine gave as data, in the language in use: '' for none.
 * @param {Words | null | undefined} words
 * @param {object | number} layoutOrSize the grid's layout (or side, for plain boxes)
 * @returns {string}
 */
export function stepText(words, layoutOrSize) {
  return wordsText(words, layoutOrSize, 'hint.');
}

/**
 * An engine error's message in the language in use, from the data the engine gives with it
 * (`error.words`, src/error/'s Error::words, worded by the `engine.KEY` messages of the
 * hints catalog, which engine.js loads before such an error reaches the page), or null
 * when it gave none (the page then shows the engine's English message).
 * @param {string | Words | null | undefined} words
 * @returns {string | null}
 */
export function errorText(words) {
  let data = words;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  // Without its message (the catalog did not load), the engine's English message is shown.
  if (!data || typeof data !== 'object' || !data.key || !has(`engine.${data.key}`)) return null;
  // The grid the message names cells and units of: its side, and whether its units are
  // regions or boxes (any box shape names a box alike), with diagonals or not.
  const args = data.args ?? {};
  const size = Number(args.size?.number ?? 9);
  const layout = { size, box: args.jigsaw?.number ? '' : `${size}x1`, diagonals: Boolean(args.diagonals?.number) };
  return wordsText(data, layout, 'engine.');
}

/**
 * A generated puzzle's summary in the language in use ("9×9, 24 clues (70% empty), 180°
 * symmetry, seed 7"), from the data the engine gives (`summaryWords`), or '' for none.
 * @param {Words | null | undefined} words
 * @param {object | number} layoutOrSize the puzzle's layout
 */
export function summaryText(words, layoutOrSize) {
  return words?.key && has(`engine.${words.key}`) ? wordsText(words, layoutOrSize, 'engine.') : '';
}

/**
 * A sentence given as data, worded with the catalog messages `PREFIX + key`.
 * @param {Words | null | undefined} words
 * @param {object | number} layoutOrSize
 * @param {string} prefix
 */
function wordsText(words, layoutOrSize, prefix) {
  if (!words?.key) return '';
  const layout = asLayout(layoutOrSize);
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [name, arg] of Object.entries(words.args ?? {})) {
    params[name] = argText(arg, layout, prefix);
    // A unit brings its kind too, for a language's grammar (`{unitKind, select, …}`): 'row',
    // 'column', 'box', 'region', 'main-diagonal', 'anti-diagonal' or 'window'.
    if ('unit' in arg) params[`${name}Kind`] = unitKind(arg.unit, layout).kind;
    // A symbol brings whether it is written as a letter, for a language whose article
    // differs (German: die 5, das A): 'letter' or 'digit'.
    if ('symbol' in arg) params[`${name}Kind`] = /^\p{L}$/u.test(String(params[name])) ? 'letter' : 'digit';
    // A number stays a number, for plural forms.
    if ('number' in arg) params[name] = arg.number;
  }
  if (Object.hasOwn(NOTATION, words.key)) {
    return NOTATION[words.key].replace(/\{\{|\}\}|\{(\w+)\}/g, (m, p) => (p ? String(params[p] ?? '') : m[0]));
  }
  // The engine's own sentences may hold a hint's parts (a cage's name): those are hint keys.
  return prefix === 'engine.' && has(`engine.${words.key}`) ? t(`engine.${words.key}`, params) : t(`hint.${words.key}`, params);
}
