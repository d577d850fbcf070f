// The engine's Promise API for pages and embedders. Every call goes to a module Web Worker
// (www/internal/worker.js) over a message protocol tagged {id, type}; the main thread never solves.
//
//   import { createEngine } from './www/engine.js';
//   const engine = createEngine();
//   await engine.version();   // '0.1.0'
//
// If the worker dies (a crash, a wasm panic, terminate() or cancel()), every pending call
// rejects, and the next call starts a fresh worker.
//
// Every result about a grid carries its `layout` (see grid.js) and its Solo game `id`:
//   {size, box: 'RxC' ('' for jigsaw), variant: ['jigsaw', 'x', 'windoku' as it has them],
//    regions: Uint8Array (box or region of each cell, row-major), diagonals: boolean,
//    windows: Uint8Array (windoku window of each cell + 1, 0 outside)}
// Calls that read a grid take {size, hex, box, variant}; `box` ('2x6') picks boxes other
// than the side's usual ones, `variant` (['x', 'windoku'] or 'x windoku') adds units to a
// plain grid (a game ID or a link names its own), and `regions` (a layout's) makes a
// plain grid a jigsaw: what a page sends to go on with a jigsaw it holds, since a one-line
// grid carries no regions.
//
// f-puzzles (`?load=`) and SudokuPad (`sudokupad.app/fpuzzles…`) links are read here, not
// in the wasm: a call given one imports ./fpuzzles.js (only then: a dynamic import), which
// decodes the link, and passes its givens on with the layout it names ({box} or
// {regions}, and {variant}), which the engine checks as for any grid. The result carries
// the engine's `layout` and `id` as for any other input.

import { SIDES, isJigsawSide, layoutFromData } from './internal/grid.js';
import { errorText, stepText, summaryText } from './internal/hint-words.js';
import { loadParts, speaking, t } from './internal/i18n.js';

// The engine's API as types (JSDoc, checked by tsc in the lint layer; see tsconfig.json).
// www/internal/worker.js imports the message and result types from here, so both ends of the
// protocol are checked against the same shapes.

/**
 * A grid's layout as the engine hands it (see the top of this file and grid.js).
 * @typedef {import('./internal/grid.js').LayoutData} LayoutData
 */

/**
 * An error as plain data: a result's `error`, a failed reply's, an EngineError's fields.
 * `cell`, `row`, `column`, `line` and `cells` place a reading error in the text; `option`
 * names the option refused (kind 'invalid-option', 'bad-option'); `phase` is 'load' when
 * the worker or a module it imports could not be loaded; `timeoutMs` comes with 'timeout'.
 * @typedef {object} EngineErrorData
 * @property {string} [kind]
 * @property {string} message
 * @property {number} [cell]
 * @property {number} [row]
 * @property {number} [column]
 * @property {number} [line]
 * @property {number[]} [cells]
 * @property {string} [option]
 * @property {string} [phase]
 * @property {number} [timeoutMs]
 * @property {import('./internal/hint-words.js').Words} [words] the message as data, which
 *   describeError() words in the page's language (for the errors a player meets: unreadable
 *   text, clashes, no solution or several; the others have `message` alone, in English)
 */

/**
 * What a solve or count reports while it searches, about every 50 ms.
 * @typedef {{nodes: number, guesses: number, conflicts: number, solvedCells: number}} SearchProgress
 */

/**
 * Options of the calls that read a grid (read, solve, count, hint, rate).
 * @typedef {object} GridOptions
 * @property {number} [size] the grid's side, 0 or absent to infer it
 * @property {boolean} [hex]
 * @property {string} [box] 'RxC'
 * @property {string[] | string} [variant] ['x', 'windoku'] or 'x windoku'
 * @property {ArrayLike<number>} [regions] a jigsaw's region of each cell
 * @property {boolean} [uniqueness] hint() and rate(): whether the uniqueness techniques may be used
 */

/**
 * Beside its own options, every call takes these.
 * @typedef {object} CallOptions
 * @property {(progress: any) => void} [onProgress] a SearchProgress (solve, count) or a fraction done (generate)
 * @property {AbortSignal} [signal]
 * @property {number} [timeoutMs]
 */

/** @typedef {GridOptions & CallOptions} GridCallOptions */

/**
 * The options of a grid call as the worker takes them (readOptions()).
 * @typedef {{size: number, hex: boolean, box: string, variant: string, regions: Uint8Array | undefined}} GridArgs
 */

/**
 * generate()'s options.
 * @typedef {object} GenerateOptions
 * @property {number} [size]
 * @property {string} [box]
 * @property {string[] | string} [variant]
 * @property {string} [symmetry] 'none', 'rot180', 'rot90', 'mirror' or 'diagonal'
 * @property {number | bigint | string} [seed]
 * @property {number} [empty] the fraction of empty cells, from 0 up to (not including) 1
 * @property {boolean} [minimal]
 * @property {number} [budgetMs]
 * @property {string} [difficulty] 'easy' ... 'diabolical'
 */

/**
 * generate()'s options as the worker takes them (generateOptions()).
 * @typedef {object} GenerateArgs
 * @property {number} size
 * @property {string} box
 * @property {string} variant
 * @property {string} symmetry
 * @property {number | bigint | undefined} seed
 * @property {number | undefined} empty
 * @property {boolean} minimal
 * @property {number | undefined} budgetMs
 * @property {string | undefined} difficulty
 */

/**
 * The counts behind a solve or count.
 * @typedef {object} SearchStats
 * @property {string} engine 'band', 'bitboard', 'logic', 'depth-first', 'conflict-driven' or 'witness': the one that decided
 * @property {number} nodes
 * @property {number} guesses
 * @property {number} backtracks
 * @property {number} conflicts
 * @property {number} learned
 * @property {number} restarts
 * @property {number} ms
 */

/**
 * read()'s answer; `error` when status is 'invalid'.
 * @typedef {object} ReadResult
 * @property {'ok' | 'invalid'} status
 * @property {number} [size]
 * @property {LayoutData} [layout]
 * @property {string} [puzzle]
 * @property {string} [id]
 * @property {EngineErrorData} [error]
 */

/**
 * layout()'s answer.
 * @typedef {{status: 'ok' | 'invalid', layout?: LayoutData, error?: EngineErrorData}} LayoutResult
 */

/**
 * solve()'s and count()'s answer. status: 'unique', 'multiple', 'none', 'solvable' (a
 * count with limit 1) or 'invalid' (then only `error`).
 * @typedef {object} SolveResult
 * @property {string} status
 * @property {number} [size]
 * @property {LayoutData} [layout]
 * @property {string} [puzzle]
 * @property {string} [id]
 * @property {number} [count]
 * @property {string} [solution]
 * @property {string[]} [solutions] the first two, when status is 'multiple'
 * @property {SearchStats} [stats]
 * @property {EngineErrorData} [error]
 */

/** @typedef {{cell: number, value: number}} Placement */
/** @typedef {{kind: 'row' | 'column' | 'box' | 'region' | 'diagonal' | 'window', index: number}} UnitRef */
/** @typedef {{from: {cells: number[], symbol: number}, to: {cells: number[], symbol: number}, strong: boolean}} ChainLink */

/**
 * One step of a hint (see hint()). `text` and `focus` are its sentences in the page's
 * language at the time of the call (www/internal/i18n.js; English unless the page chose
 * another); `words` and `focusWords` are the same as data (a message key and its
 * arguments, see www/internal/hint-words.js), to word again in another language.
 * @typedef {object} HintStep
 * @property {string} technique
 * @property {string} name
 * @property {string} text
 * @property {import('./internal/hint-words.js').Words} words
 * @property {number[]} cells
 * @property {Placement[]} placements
 * @property {Placement[]} eliminations
 * @property {string} focus
 * @property {import('./internal/hint-words.js').Words | null} focusWords
 * @property {UnitRef[]} units
 * @property {ChainLink[]} links
 */

/**
 * hint()'s answer: `steps` when status is 'ok', else `error`.
 * @typedef {object} HintResult
 * @property {'ok' | 'none' | 'multiple' | 'invalid'} status
 * @property {number} [size]
 * @property {LayoutData} [layout]
 * @property {HintStep[]} [steps]
 * @property {EngineErrorData} [error]
 */

/**
 * rate()'s answer: the grade when status is 'ok', else `error`.
 * @typedef {object} RateResult
 * @property {'ok' | 'none' | 'multiple' | 'invalid'} status
 * @property {number} [size]
 * @property {LayoutData} [layout]
 * @property {string} [level]
 * @property {string} [levelName]
 * @property {number} [score]
 * @property {string} [hardest]
 * @property {string} [hardestName]
 * @property {number} [steps]
 * @property {number} [guesses]
 * @property {EngineErrorData} [error]
 */

/**
 * generate()'s answer (see generate()); the grade's fields only when a difficulty was
 * asked for.
 * @typedef {object} GenerateResult
 * @property {number} size
 * @property {LayoutData} layout
 * @property {string} id
 * @property {number | string} seed a number below 2^53, else its decimal string
 * @property {string} symmetry
 * @property {string} puzzle
 * @property {string} solution
 * @property {number} clues
 * @property {number} empty
 * @property {boolean} minimal
 * @property {boolean} targetReached
 * @property {number} undecided
 * @property {boolean} budgetRanOut
 * @property {number} candidates
 * @property {number} exactChecks
 * @property {string} summary one sentence on what was made, in the page's language
 * @property {import('./internal/hint-words.js').Words} summaryWords the same as data
 * @property {string} details
 * @property {number} ms
 * @property {string} [level]
 * @property {string} [levelName]
 * @property {number} [score]
 * @property {boolean} [difficultyReached]
 * @property {boolean} [gradedInFull]
 */

/**
 * The request types of the worker protocol.
 * @typedef {'version' | 'read' | 'solve' | 'count' | 'layout' | 'hint' | 'rate' | 'generate'} RequestType
 */

/**
 * A request to the worker: `args` as its handler takes them (see worker.js's handlers).
 * @typedef {{id: number, type: RequestType, args: any[]}} WorkerRequest
 */

/**
 * A message from the worker: a call's answer (ok, with its result), its failure, or its
 * progress (a generation's fraction done, a search's counts); or, from a worker that
 * started with the light build, that it now runs the full one.
 * @typedef {{id: number, ok: true, result: any, type?: undefined}
 *   | {type: 'engine', engine: 'full', id?: undefined, ok?: undefined}
 *   | {id: number, ok: false, error: EngineErrorData, type?: undefined}
 *   | {id: number, type: 'progress', fraction: number, search?: undefined, ok?: undefined}
 *   | {id: number, type: 'progress', search: SearchProgress, fraction?: undefined, ok?: undefined}} WorkerReply
 */

/**
 * What createEngine() returns: the calls (see each below) and how to stop them.
 * @typedef {object} Engine
 * @property {(options?: CallOptions) => Promise<string>} version
 * @property {(text: string, options?: GridCallOptions) => Promise<ReadResult>} read
 * @property {(options?: GridOptions) => Promise<LayoutResult>} layout
 * @property {(text: string, options?: GridCallOptions) => Promise<SolveResult>} solve
 * @property {(text: string, limit?: number, options?: GridCallOptions) => Promise<SolveResult>} count
 * @property {(text: string, options?: GridCallOptions) => Promise<HintResult>} hint
 * @property {(text: string, options?: GridCallOptions) => Promise<RateResult>} rate
 * @property {(options?: GenerateOptions, callOptions?: CallOptions) => Promise<GenerateResult>} generate
 * @property {() => void} cancel
 * @property {() => void} terminate
 * @property {(type: RequestType, args?: any[], options?: CallOptions) => Promise<any>} _call
 */

/** The error a call rejects with; `kind` names the cause ('panic', 'worker', 'cancelled', ...). */
export class EngineError extends Error {
  /** @param {EngineErrorData} error its fields besides these become the error's own */
  constructor({ kind = 'error', message, ...fields }) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
    Object.assign(this, fields);
  }
}

/**
 * Gives an engine error its English `message`, made from its data (`words`) by the English
 * catalog: the engine itself carries no sentences, only facts (its build stays small). The
 * hints catalog must be loaded. An error without data keeps its message.
 * @param {{words?: object, message?: string} | null | undefined} error
 */
function englishMessage(error) {
  const english = error?.words ? speaking('en', () => errorText(error.words)) : null;
  if (english) error.message = english;
}

/**
 * Words for an engine error (an `error` field of a result, or an EngineError): its message
 * without a final period, and the line and column when the message does not name them. The
 * message is in the page's language when the engine gave it as data (`error.words`: the
 * errors a player meets), else the engine's English `message`.
 */
export function describeError(error, fallback = 'the input could not be read') {
  const worded = errorText(error?.words);
  const text = (worded ?? String(error?.message ?? fallback)).replace(/\.$/, '');
  const named = worded ? error.words.args?.line !== undefined : text.includes(`line ${error?.line}`);
  const at = error?.line && !named
    ? ` ${t(error.column ? 'engine.at-line-column' : 'engine.at-line', { line: error.line, column: error.column ?? 0 })}` : '';
  return `${text}${at}`;
}

/**
 * Whether a text is an f-puzzles or SudokuPad address, read (or refused by name) by
 * ./fpuzzles.js, which is loaded only for such a text: the one place that decides.
 */
function isFpuzzlesLink(text) {
  const address = text.trim();
  return /f-puzzles\.com\/|sudokupad\.app\//i.test(address) && !/\s/.test(address);
}

/**
 * A hint's answer with each step's sentences put into words, in the language in use: its
 * `text` and `focus` made from the data the engine gives (`words`, `focusWords`), once the
 * hints catalog has loaded.
 * @param {HintResult} result
 * @returns {Promise<HintResult>}
 */
async function worded(result) {
  if (result?.status !== 'ok' || !result.steps) return result;
  await loadParts(['hints']);
  const layout = layoutFromData(result.layout) ?? result.size;
  for (const step of result.steps) {
    step.text = stepText(step.words, layout);
    step.focus = stepText(step.focusWords, layout);
  }
  return result;
}

/** Grid sides the engine knows: 1, 4, 6, 8, 9, 10, 12, ... 64 (grid.js). */
const SIZES = SIDES;
/** The largest seed: seeds are unsigned 64-bit numbers. */
const MAX_SEED = (1n << 64n) - 1n;
/** The largest count limit. */
const MAX_LIMIT = 0xffffffff;

/** Words for a value in a message: its type for values that do not print well. */
function shown(value) {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

/** A call's time limit, checked: milliseconds above 0, or nothing. Throws invalidOption. */
function checkTimeout(timeoutMs) {
  if (timeoutMs === undefined || timeoutMs === null) return undefined;
  if (!(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw invalidOption('timeoutMs', timeoutMs, 'a number of milliseconds above 0');
  }
  return timeoutMs;
}

/** A `box` option, checked to be '' or of the form 'RxC' (the engine checks that it fits the side). */
function checkBox(box) {
  if (box === undefined || box === null || box === '') return '';
  if (typeof box !== 'string' || !/^\s*\d+\s*[xX×]\s*\d+\s*$/.test(box)) {
    throw invalidOption('box', box, "a box shape written 'RxC', rows by columns, such as '2x3'");
  }
  return box.trim();
}

/**
 * A `variant` option, checked: an array of names or a string of names separated by commas
 * or spaces ('x', 'windoku', 'jigsaw'; the engine reads the names). Returns the engine's
 * comma-separated form.
 */
function checkVariant(variant) {
  if (variant === undefined || variant === null || variant === '') return '';
  const list = Array.isArray(variant) ? variant : typeof variant === 'string' ? variant.split(/[\s,]+/) : null;
  if (!list || !list.every((v) => typeof v === 'string')) {
    throw invalidOption('variant', variant, "a list of variants, such as ['x', 'windoku'] or 'x windoku'");
  }
  return list.map((v) => v.trim()).filter(Boolean).join(',');
}

/** The error for an option the engine cannot take: kind 'invalid-option', with its name. */
function invalidOption(option, value, allowed) {
  return new EngineError({
    kind: 'invalid-option',
    option,
    message: `${option} cannot be ${shown(value)}: it must be ${allowed}`,
  });
}

/**
 * A `regions` option, checked: nothing, or the region of each cell (an array or typed
 * array of whole numbers 0..255; the engine checks that they make a jigsaw).
 */
/** @param {any} regions */
function checkRegions(regions) {
  if (regions === undefined || regions === null) return undefined;
  // A view other than a typed array (a DataView) has no length: it reads as no regions.
  const list = ArrayBuffer.isView(regions) || Array.isArray(regions) ? Array.from(/** @type {ArrayLike<number>} */ (regions)) : null;
  if (!list || !list.every((r) => Number.isInteger(r) && r >= 0 && r <= 255)) {
    throw invalidOption('regions', regions, 'the region of each cell, row-major: whole numbers from 0 to 255');
  }
  return Uint8Array.from(list);
}

/**
 * Options of the calls that read a grid, checked: {size, hex, box, variant, regions}. Throws invalidOption.
 * @param {GridOptions} [options]
 * @returns {GridArgs}
 */
function readOptions({ size, hex, box, variant, regions } = {}) {
  // A jigsaw's regions make a grid of any side from 4 to 64, primes too; without them a
  // side with no boxes asks for a jigsaw's game ID or link of that side.
  if (size !== undefined && size !== null && size !== 0 && !SIZES.includes(size) && !isJigsawSide(size)) {
    throw invalidOption('size', size, `one of ${SIZES.join(', ')} (or 0 to infer it); for a jigsaw, any side from 4 to 64`);
  }
  if (hex !== undefined && hex !== null && typeof hex !== 'boolean') throw invalidOption('hex', hex, 'true or false');
  return {
    size: size ?? 0, hex: hex ?? false, box: checkBox(box), variant: checkVariant(variant), regions: checkRegions(regions),
  };
}

/**
 * Whether hint() and rate() may use the uniqueness techniques: true unless `false`.
 * @param {GridOptions} [options]
 */
function checkUniqueness({ uniqueness } = {}) {
  if (uniqueness !== undefined && uniqueness !== null && typeof uniqueness !== 'boolean') {
    throw invalidOption('uniqueness', uniqueness, 'true or false');
  }
  return uniqueness !== false;
}

/** The text of a call, checked: a string (nothing reads as an empty text). */
function checkText(text) {
  if (text !== undefined && text !== null && typeof text !== 'string') {
    throw invalidOption('text', text, 'a string: the puzzle in any form the engine reads');
  }
  return text ?? '';
}

/** A seed, checked: a whole number from 0 to 2^64 - 1, as a number, BigInt or decimal string. */
function checkSeed(seed) {
  if (seed === undefined || seed === null || seed === '') return undefined;
  const allowed = 'a whole number from 0 to 18446744073709551615 (a number, BigInt or decimal string)';
  let big;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) big = BigInt(seed);
  else if (typeof seed === 'bigint') big = seed;
  else if (typeof seed === 'string' && /^\d{1,20}$/.test(seed)) big = BigInt(seed);
  if (big === undefined || big < 0n || big > MAX_SEED) throw invalidOption('seed', seed, allowed);
  return typeof seed === 'string' ? big : seed;
}

/** generate()'s options, checked, with the values the worker takes. Throws invalidOption. */
function generateOptions(options) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw invalidOption('options', options, 'an object');
  const { size = 9, box, variant, symmetry, seed, empty, minimal, budgetMs, difficulty } = options;
  const checkedBox = checkBox(box);
  const checkedVariant = checkVariant(variant);
  // New jigsaw regions are drawn for any side from 4 to 64, primes too.
  const jigsaw = checkedVariant.split(',').includes('jigsaw');
  if (!SIZES.includes(size) && !(jigsaw && isJigsawSide(size))) {
    throw invalidOption('size', size, `one of ${SIZES.join(', ')}; for a jigsaw, any side from 4 to 64`);
  }
  for (const [name, value] of [['symmetry', symmetry], ['difficulty', difficulty]]) {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw invalidOption(name, value, 'a string');
    }
  }
  const blank = (v) => v === undefined || v === null || v === '';
  if (!blank(empty) && !(typeof empty === 'number' && empty >= 0 && empty < 1)) {
    throw invalidOption('empty', empty, 'a fraction of empty cells from 0 up to (not including) 1');
  }
  if (minimal !== undefined && minimal !== null && typeof minimal !== 'boolean') {
    throw invalidOption('minimal', minimal, 'true or false');
  }
  if (!blank(budgetMs) && !(typeof budgetMs === 'number' && Number.isFinite(budgetMs) && budgetMs >= 0)) {
    throw invalidOption('budgetMs', budgetMs, 'a number of milliseconds, 0 or more');
  }
  return {
    size,
    box: checkedBox,
    variant: checkedVariant,
    symmetry: symmetry ?? 'none',
    seed: checkSeed(seed),
    empty: blank(empty) ? undefined : empty,
    minimal: minimal ?? false,
    budgetMs: blank(budgetMs) ? undefined : budgetMs,
    difficulty: blank(difficulty) ? undefined : difficulty,
  };
}

/** The calls only the full build of the engine answers (worker.js's LOGIC_CALLS). */
const LOGIC_CALLS = new Set(['hint', 'rate', 'generate']);

/**
 * Every call takes, beside its own options, `signal` (an AbortSignal: aborting rejects that
 * call with kind 'cancelled'), `onProgress`, and `timeoutMs`: a time limit in
 * milliseconds, after which the call rejects with kind 'timeout' ("undecided after 10 s").
 * Either way the other calls go on (see drop()); cancel() stops them all. A grid call given a bad `timeoutMs` resolves 'invalid' with
 * kind 'invalid-option', as for its other options; generate() rejects with it.
 *
 * Creates an engine backed by its own worker. `workerUrl` is where worker.js lives
 * (defaults to beside this module). `light` (the widget sets it) starts the worker with
 * the light build of the engine when the first call is one it answers (reading, solving
 * and counting; about half the full build's weight, see worker.js), and the full build
 * loads only when a call needs it (a hint, a grade, a generation, a grid from 16×16 up):
 * a page that only shows and solves a puzzle never downloads it.
 * @param {{workerUrl?: string | URL, light?: boolean}} [options]
 * @returns {Engine}
 */
export function createEngine({ workerUrl = new URL('./internal/worker.js', import.meta.url), light = false } = {}) {
  // Whether the next worker starts with the full build: always without `light`, and once
  // a worker has moved to it (a fresh worker after a cancel need not load the light one).
  let full = !light;
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, onProgress, type, args}

  function failAll(error) {
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) call.reject(new EngineError(error));
  }

  function stop(error) {
    if (worker) {
      worker.terminate();
      worker = null;
    }
    failAll(error);
  }

  /**
   * A new worker, for a first call of `type`.
   * @param {RequestType} type
   */
  function start(type) {
    // The worker's name picks the build it starts with (worker.js's LIGHT_WORKER).
    const name = full || LOGIC_CALLS.has(type) ? 'sudoku64' : 'sudoku64-light';
    const w = new Worker(workerUrl, { type: 'module', name });
    w.onmessage = ({ data }) => {
      if (data.type === 'engine') {
        full = true;
        return;
      }
      const call = pending.get(data.id);
      if (!call) return;
      if (data.type === 'progress') {
        call.onProgress?.(data.search ?? data.fraction);
        return;
      }
      pending.delete(data.id);
      // Words the page makes from the engine's data (an error's, a summary's) need the hints
      // catalog: it loads with the first of them, before the call settles.
      const words = data.ok ? data.result?.error?.words ?? data.result?.summaryWords : data.error?.words;
      const ready = words ? loadParts(['hints']) : null;
      const settle = () => {
        englishMessage(data.ok ? data.result?.error : data.error);
        if (data.ok) call.resolve(data.result);
        else call.reject(new EngineError(data.error));
      };
      if (ready) ready.then(settle);
      else settle();
      if (!data.ok && data.error?.kind === 'panic' && worker === w) stop(data.error);
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      if (worker !== w) return;
      // A crash has a message; a script that could not load, none.
      stop(event.message ? { kind: 'worker', message: `the engine's worker failed: ${event.message}` }
        : { kind: 'worker', phase: 'load', message: "the engine's worker could not be loaded: worker.js or a module it imports is missing, or not JavaScript" });
    };
    w.onmessageerror = () => {
      if (worker === w) stop({ kind: 'worker', message: "a message from the engine's worker could not be read" });
    };
    return w;
  }

  /**
   * Ends one pending call with `error` (a timeout, or its signal's abort), leaving the
   * others be. The worker runs calls one at a time in the order they were sent, so the
   * oldest pending call is the one running: only then does the worker (which cannot be
   * interrupted otherwise) stop, and the calls queued behind it go to a fresh worker,
   * from their start. A call still waiting in the queue is simply dropped; the worker's
   * late answer to it is ignored.
   */
  function drop(id, error) {
    const call = pending.get(id);
    if (!call) return;
    const running = pending.keys().next().value === id;
    pending.delete(id);
    call.reject(new EngineError(error));
    if (!running) return;
    if (worker) {
      worker.terminate();
      worker = null;
    }
    if (pending.size === 0) return;
    worker = start(pending.values().next().value.type);
    for (const [other, queued] of pending) worker.postMessage({ id: other, type: queued.type, args: queued.args });
  }

  /**
   * Sends one request and returns a Promise for its result.
   * @param {RequestType} type
   * @param {any[]} [args]
   * @param {CallOptions} [options]
   * @returns {Promise<any>}
   */
  function call(type, args = [], { onProgress, signal, timeoutMs } = {}) {
    if (signal?.aborted) return Promise.reject(new EngineError({ kind: 'cancelled', message: 'cancelled' }));
    worker ??= start(type);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      let timer;
      const onAbort = () => drop(id, { kind: 'cancelled', message: 'cancelled' });
      const settle = (done) => (value) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        done(value);
      };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject), onProgress, type, args });
      try {
        worker.postMessage({ id, type, args });
      } catch (err) {
        // A value that cannot be sent to a worker (checked options never hold one).
        pending.delete(id);
        reject(new EngineError({ kind: 'invalid-option', message: `the call's arguments cannot be sent to the engine: ${err.message}` }));
        return;
      }
      if (timeoutMs !== undefined) {
        const seconds = Math.round(timeoutMs) / 1000;
        timer = setTimeout(() => drop(id, { kind: 'timeout', timeoutMs, message: `undecided after ${seconds} s` }), timeoutMs);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * A call that reads a grid: options that cannot be taken resolve as {status: 'invalid',
   * error} with kind 'invalid-option', as unreadable input does.
   * @param {RequestType} type
   * @param {string} text
   * @param {() => any[]} extra the call's arguments between the text and the options
   * @param {GridCallOptions} [options]
   * @returns {Promise<any>}
   */
  function gridCall(type, text, extra, options = {}) {
    let args;
    let timeoutMs;
    try {
      args = [checkText(text), ...extra(), readOptions(options ?? {})];
      timeoutMs = checkTimeout(options?.timeoutMs);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      const { kind, option, message } = /** @type {EngineErrorData} */ (err);
      return Promise.resolve({ status: 'invalid', error: { kind, option, message } });
    }
    const { signal, onProgress } = options ?? {};
    if (isFpuzzlesLink(args[0])) return linkCall(type, args, { signal, onProgress, timeoutMs });
    return call(type, args, { signal, onProgress, timeoutMs });
  }

  /**
   * A grid call whose text is an f-puzzles or SudokuPad link: read by ./fpuzzles.js (see
   * its engineArgs), then sent on as its givens with the layout it names.
   */
  async function linkCall(type, args, callOptions) {
    let fpuzzles;
    try {
      fpuzzles = await import('./internal/fpuzzles.js');
    } catch (err) {
      throw new EngineError({ kind: 'worker', phase: 'load', message: `the link reader (fpuzzles.js) could not be loaded: ${err.message}` });
    }
    const read = await fpuzzles.engineArgs(args[0], args.at(-1), (options) => call('layout', [options], callOptions));
    if (read.error) {
      // Its words need the hints catalog, as an engine error's do.
      await loadParts(['hints']);
      englishMessage(read.error);
      return { status: 'invalid', error: read.error };
    }
    return call(type, [read.line, ...args.slice(1, -1), read.options], callOptions);
  }

  /** A count limit, checked: a whole number from 1 to 2^32 - 1. */
  function checkLimit(limit) {
    if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_LIMIT)) {
      throw invalidOption('limit', limit, `a whole number from 1 to ${MAX_LIMIT}`);
    }
    return [limit];
  }

  return {
    /** The engine's crate version, from Rust. */
    version: () => call('version'),
    /**
     * Reads a puzzle in any format the engine reads, without solving it:
     * {status: 'ok', size, puzzle} or {status: 'invalid', error}. Clashing givens are kept.
     */
    read: (text, options) => gridCall('read', text, () => [], options),
    /**
     * The layout of a side, box shape and variants, as the engine defines it: {status: 'ok',
     * layout} (see the top of this file), or {status: 'invalid', error} (kind 'bad-size',
     * 'bad-box' or 'bad-variant') for a side with no boxes, boxes that do not tile it, or a
     * variant that does not fit (jigsaw regions come only with a puzzle).
     * options: {size, box, variant}.
     */
    layout: (options = {}) => {
      let args;
      try {
        const { size, box, variant } = readOptions(options ?? {});
        args = [{ size, box, variant }];
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        const { kind, option, message } = /** @type {EngineErrorData} */ (err);
        return Promise.resolve({ status: 'invalid', error: { kind, option, message } });
      }
      return call('layout', args);
    },
    /**
     * Solves a puzzle given as text in any format the engine reads. Resolves to
     * {status: 'unique'|'multiple'|'none'|'invalid', size, layout, id, puzzle, solution, solutions, error, stats}.
     * options: {size, hex, box, variant, regions, timeoutMs, signal, onProgress}; `variant`
     * (['x'], 'x windoku') adds units to a plain grid (kind 'bad-variant' when one does not
     * fit); `regions` (a jigsaw layout's) gives a plain grid jigsaw regions (kind
     * 'bad-regions' when they are not n regions of n cells).
     * Unreadable input resolves with status 'invalid' and error {kind, message, cells, row, column, line},
     * and so do options it cannot take (text that is not a string, a size that is no grid side,
     * hex that is not a boolean): kind 'invalid-option', with the option's name in `option`.
     * stats: {engine ('band', 'bitboard', 'logic', 'depth-first', 'conflict-driven' or 'witness': the one that
     * decided), nodes, guesses, backtracks, conflicts, learned, restarts, ms}. While a long search
     * runs, onProgress gets {nodes, guesses, conflicts, solvedCells} about every 50 ms.
     */
    solve: (text, options) => gridCall('solve', text, () => [], options),
    /**
     * Counts solutions up to `limit` (a whole number from 1 to 2^32 - 1): {status, count, size, puzzle, solution, error,
     * stats}. status is 'none', 'unique' or 'multiple' by the count, 'solvable' when a limit of 1
     * stopped at the first solution, or 'invalid'. stats and onProgress as for solve().
     */
    count: (text, limit = 2, options) => gridCall('count', text, () => checkLimit(limit), options),
    /**
     * The next logical step for a grid (its filled cells, givens and entries alike):
     * {status: 'ok', size, steps: [{technique, name, text, cells, placements: [{cell, value}],
     * eliminations: [{cell, value}], focus, units, links}]}. `units` are the units the focus
     * names, [{kind: 'row' | 'column' | 'box' | 'region' | 'diagonal' | 'window', index (from
     * 0)}] ('region' for a jigsaw's, 'diagonal' 0 the main one) (empty when
     * it names cells or the grid), for a page to frame. `focus` is a first, gentler sentence
     * naming the technique and where to look ("Look at box 4: a hidden single"). `links` is
     * the chain of a chain technique (x-chain, xy-chain, aic, simple-colouring, forcing-chain,
     * forcing-net; empty for the others): [{from: {cells, symbol}, to: {cells, symbol},
     * strong}], each node one cell's candidate (several cells for a grouped node); a strong
     * link reads "if from is false, to is true", a weak one "if from is true, to is false".
     * A chain's links follow on from one another; a forcing chain or net lists each path
     * from its assumption in turn; simple colouring gives the strong links that coloured
     * its cells (a tree).
     * The steps are the candidate eliminations needed
     * first, then the one that places a symbol (technique 'guess' when logic alone is stuck:
     * it names the solution's value). A grid with no solution or several resolves with
     * status 'none' or 'multiple', unreadable input with 'invalid'; each carries `error`.
     * Option `uniqueness: false` leaves out the techniques that assume one solution (unique
     * rectangles, BUG+1); they are on by default, the engine having proved one first.
     */
    hint: (text, options) => gridCall('hint', text, () => [checkUniqueness(options ?? {})], options).then(worded),
    /**
     * Grades a puzzle by the techniques a person needs: {status: 'ok', size, level ('easy' ...
     * 'diabolical'), levelName ('Easy' ...), score, hardest, hardestName, steps, guesses}, or
     * status 'none' / 'multiple' / 'invalid' with `error` as for hint(). Option `uniqueness`
     * as for hint().
     */
    rate: (text, options) => gridCall('rate', text, () => [checkUniqueness(options ?? {})], options),
    /**
     * Generates a puzzle with exactly one solution.
     * options: {size, box ('RxC', by default the side's usual boxes), variant (['x'],
     * ['windoku'], ['jigsaw'], ['x', 'windoku'], ['jigsaw', 'x'], or the names in a string:
     * X and windoku add units to the boxes, jigsaw draws new regions; kind 'bad-variant'
     * when one does not fit the size or box, or the generator cannot make it), symmetry:
     * 'none'|'rot180'|'rot90'|'mirror'|'diagonal' (rot90 and diagonal need square boxes),
     * seed, empty, minimal, budgetMs, difficulty: 'easy'|'medium'|'hard'|'expert'|'extreme'|'diabolical'}
     * Resolves to {size, layout, id, seed, symmetry, puzzle, solution, clues, empty, minimal, targetReached,
     * undecided (clues not proved necessary; 0 when minimal), budgetRanOut, candidates
     * (puzzles made: more than 1 only with budgetMs, a difficulty, or a minimal 25×25 or 36×36),
     * exactChecks, summary
     * (for players: "64×64, 2,100 clues (49% empty), 180° symmetry, seed 7", then what
     * stopped it short, and the level), details (the counts behind it), ms}, plus {level,
     * levelName, score, difficultyReached, gradedInFull} when a difficulty was asked for
     * (gradedInFull false: the budget ended the grading, and the level is a lower bound).
     * With budgetMs (10 s by default with a difficulty), candidates are made until one
     * reaches the target (or the level) and the best comes back within the budget (at most
     * 5% over: from 36×36 up the digging leaves a fifth of it to the grading); its seed
     * (with the same options, difficulty included) regenerates it.
     * Options of the wrong type or out of range (a size that is no grid side, a negative,
     * fractional or too large seed, an empty fraction outside [0, 1)) reject with kind
     * 'invalid-option' and the option's name in `option`; an unknown symmetry or
     * difficulty name rejects with kind 'bad-option' (also with `option`).
     * The second argument takes {onProgress, signal, timeoutMs}, as the other calls do.
     */
    generate: (options = {}, { onProgress, signal, timeoutMs } = {}) => {
      let checked;
      try {
        checked = generateOptions(options);
        timeoutMs = checkTimeout(timeoutMs);
      } catch (err) {
        return Promise.reject(err);
      }
      return call('generate', [checked], { onProgress, signal, timeoutMs }).then((result) => {
        // The summary in the page's language, from the data the engine gives (in plain
        // English should the catalog not have loaded).
        result.summary = summaryText(result.summaryWords, layoutFromData(result.layout) ?? result.size)
          || `${result.size}×${result.size}, ${result.clues} clues, seed ${result.seed}`;
        return result;
      });
    },
    /** Stops whatever is running at once: pending calls reject with kind 'cancelled'. */
    cancel: () => stop({ kind: 'cancelled', message: 'cancelled' }),
    /** Stops the worker; pending calls reject. A later call starts a new one. */
    terminate: () => stop({ kind: 'terminated', message: 'the engine was terminated' }),
    /** Internal: send a raw request (used by tests and by later API methods). */
    _call: call,
  };
}
