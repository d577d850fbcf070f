// The engine's Promise API for pages and embedders. Every call goes to a module Web Worker
// (www/worker.js) over a message protocol tagged {id, type}; the main thread never solves.
//
//   import { createEngine } from './www/engine.js';
//   const engine = createEngine();
//   await engine.version();   // '0.1.0'
//
// If the worker dies (a crash, a wasm panic, terminate() or cancel()), every pending call
// rejects, and the next call starts a fresh worker.

/** The error a call rejects with; `kind` names the cause ('panic', 'worker', 'cancelled', ...). */
export class EngineError extends Error {
  constructor({ kind = 'error', message, ...fields }) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
    Object.assign(this, fields);
  }
}

/**
 * Words for an engine error (an `error` field of a result, or an EngineError): its message
 * without a final period, and the line and column when the message does not name them.
 */
export function describeError(error, fallback = 'the input could not be read') {
  const text = String(error?.message ?? fallback).replace(/\.$/, '');
  const at = error?.line && !text.includes(`line ${error.line}`)
    ? ` (line ${error.line}${error.column ? `, column ${error.column}` : ''})` : '';
  return `${text}${at}`;
}

/**
 * Creates an engine backed by its own worker.
 * @param {{workerUrl?: string | URL}} [options] where worker.js lives (defaults to beside this module)
 */
export function createEngine({ workerUrl = new URL('./worker.js', import.meta.url) } = {}) {
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, onProgress}

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

  function start() {
    const w = new Worker(workerUrl, { type: 'module' });
    w.onmessage = ({ data }) => {
      const call = pending.get(data.id);
      if (!call) return;
      if (data.type === 'progress') {
        call.onProgress?.(data.search ?? data.fraction);
        return;
      }
      pending.delete(data.id);
      if (data.ok) call.resolve(data.result);
      else call.reject(new EngineError(data.error));
      if (!data.ok && data.error?.kind === 'panic' && worker === w) stop(data.error);
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      if (worker === w) {
        stop({ kind: 'worker', message: `the engine's worker failed: ${event.message || 'it could not load or crashed'}` });
      }
    };
    w.onmessageerror = () => {
      if (worker === w) stop({ kind: 'worker', message: "a message from the engine's worker could not be read" });
    };
    return w;
  }

  /** Sends one request and returns a Promise for its result. */
  function call(type, args = [], { onProgress, signal } = {}) {
    if (signal?.aborted) return Promise.reject(new EngineError({ kind: 'cancelled', message: 'cancelled' }));
    worker ??= start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, type, args });
      signal?.addEventListener('abort', () => {
        if (pending.has(id)) stop({ kind: 'cancelled', message: 'cancelled' });
      }, { once: true });
    });
  }

  return {
    /** The engine's crate version, from Rust. */
    version: () => call('version'),
    /**
     * Reads a puzzle in any format the engine reads, without solving it:
     * {status: 'ok', size, puzzle} or {status: 'invalid', error}. Clashing givens are kept.
     */
    read: (text, { size = 0, hex = false, signal } = {}) => call('read', [text, { size, hex }], { signal }),
    /**
     * Solves a puzzle given as text in any format the engine reads. Resolves to
     * {status: 'unique'|'multiple'|'none'|'invalid', size, puzzle, solution, solutions, error, stats}.
     * Unreadable input resolves with status 'invalid' and error {kind, message, cells, row, column, line}.
     * stats: {engine ('band', 'logic', 'depth-first', 'conflict-driven' or 'witness': the one that
     * decided), nodes, guesses, backtracks, conflicts, learned, restarts, ms}. While a long search
     * runs, onProgress gets {nodes, guesses, conflicts, solvedCells} about every 50 ms.
     */
    solve: (text, { size = 0, hex = false, signal, onProgress } = {}) =>
      call('solve', [text, { size, hex }], { signal, onProgress }),
    /**
     * Counts solutions up to `limit` (at least 1): {status, count, size, puzzle, solution, error,
     * stats}. status is 'none', 'unique' or 'multiple' by the count, 'solvable' when a limit of 1
     * stopped at the first solution, or 'invalid'. stats and onProgress as for solve().
     */
    count: (text, limit = 2, { size = 0, hex = false, signal, onProgress } = {}) =>
      call('count', [text, limit, { size, hex }], { signal, onProgress }),
    /**
     * The next logical step for a grid (its filled cells, givens and entries alike):
     * {status: 'ok', size, steps: [{technique, name, text, cells, placements: [{cell, value}],
     * eliminations: [{cell, value}]}]}. The steps are the candidate eliminations needed
     * first, then the one that places a symbol (technique 'guess' when logic alone is stuck:
     * it names the solution's value). A grid with no solution or several resolves with
     * status 'none' or 'multiple', unreadable input with 'invalid'; each carries `error`.
     */
    hint: (text, { size = 0, hex = false, signal } = {}) => call('hint', [text, { size, hex }], { signal }),
    /**
     * Grades a puzzle by the techniques a person needs: {status: 'ok', size, level ('easy' ...
     * 'diabolical'), levelName ('Easy' ...), score, hardest, hardestName, steps, guesses}, or
     * status 'none' / 'multiple' / 'invalid' with `error` as for hint().
     */
    rate: (text, { size = 0, hex = false, signal } = {}) => call('rate', [text, { size, hex }], { signal }),
    /**
     * Generates a puzzle with exactly one solution.
     * options: {size, symmetry: 'none'|'rot180'|'rot90'|'mirror'|'diagonal', seed, empty, minimal,
     * budgetMs, difficulty: 'easy'|'medium'|'hard'|'expert'|'extreme'|'diabolical'}
     * Resolves to {size, seed, symmetry, puzzle, solution, clues, empty, minimal, targetReached,
     * undecided (clues not proved necessary; 0 when minimal), budgetRanOut, candidates
     * (puzzles made: more than 1 only with budgetMs or a difficulty), exactChecks, summary
     * (for players: "64×64, 2,100 clues (49% empty), 180° symmetry, seed 7", then what
     * stopped it short, and the level), details (the counts behind it), ms}, plus {level,
     * levelName, score, difficultyReached} when a difficulty was asked for. With budgetMs
     * (10 s by default with a difficulty), candidates are made until one reaches the target
     * (or the level) and the best comes back within the budget (plus the grading of one
     * candidate); its seed (with the same options, difficulty included) regenerates it.
     * Bad options reject with kind
     * 'bad-size' / 'bad-option'.
     */
    generate: (options = {}, { onProgress, signal } = {}) =>
      call('generate', [options], { onProgress, signal }),
    /** Stops whatever is running at once: pending calls reject with kind 'cancelled'. */
    cancel: () => stop({ kind: 'cancelled', message: 'cancelled' }),
    /** Stops the worker; pending calls reject. A later call starts a new one. */
    terminate: () => stop({ kind: 'terminated', message: 'the engine was terminated' }),
    /** Internal: send a raw request (used by tests and by later API methods). */
    _call: call,
  };
}
