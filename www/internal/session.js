// The puzzle session that the app page and the <sudoku-widget> both run: one engine job at
// a time with its abort signal, the tickers that show a long job is alive (seconds, then
// the search's counts or a percentage, nothing for the first TICKER_DELAY_MS so quick
// answers do not flicker), and the words both say about a grid that changed under a job
// or became complete. Each page keeps only how it shows these (the app's status box and
// progress bar, the widget's message line) and what it does with an engine failure (the
// app says it and restarts the worker; the widget fires `error` and rejects). The words
// come from the catalog (i18n.js).
//
//   const session = new Session({ busy: 'refuse', onStart, onEnd, onTick, onRefused });
//   const result = await session.run('solve', (signal) => engine.solve(text, { signal }));
//
// run() resolves to the call's result; a failure (cancelled included) rejects with the
// engine's error, and the page decides what to say. With busy 'refuse' a second job while
// one runs is refused (onRefused, and run() resolves to null); with 'replace' the older
// job is aborted, as the widget's API wants (the newest call wins).

import { searchCounts } from './board.js';
import { unitKindWords } from './grid.js';
import { t } from './i18n.js';

/** Nothing is shown of a job for this long: most answers come sooner. */
export const TICKER_DELAY_MS = 150;

/** What each kind of job is doing, for "the engine is busy …", read in the language in use. */
export const BUSY_WORDS = Object.freeze(Object.defineProperties({}, Object.fromEntries(
  ['solve', 'check', 'generate', 'hint', 'rate', 'mistakes', 'read'].map((kind) => [kind, { enumerable: true, get: () => t(`busy.${kind}`) }]),
)));

/** What is said when the grid changed while a job of `kind` worked on it. */
export function staleWords(kind) {
  return t(`stale.${['solve', 'check', 'hint', 'rate'].includes(kind) ? kind : 'other'}`);
}

/** What is said when a grid is full and breaks no rule of its layout. */
export function completeWords(layout) {
  return t('complete.solved', { kinds: unitKindWords(layout) });
}

export class Session {
  /**
   * @param {{busy?: 'refuse' | 'replace', onStart?: (kind: string, message: string | null) => void,
   *          onEnd?: (kind: string) => void, onTick?: (kind: string, text: string) => void,
   *          onRefused?: (kind: string, running: string) => void}} [hooks]
   * `onStart(kind, message)` when a job begins (its message, said at once by the app, after
   * TICKER_DELAY_MS by the widget: see `messageDelay`); `onEnd(kind)` when it ends however;
   * `onTick(kind, text)` with what a ticker shows ("3 s · 1,204 conflicts", "40%");
   * `onRefused(kind, running)` when busy 'refuse' turns a job away.
   */
  constructor({ busy = 'refuse', onStart = () => {}, onEnd = () => {}, onTick = () => {}, onRefused = () => {} } = {}) {
    this.busy = busy;
    this.hooks = { onStart, onEnd, onTick, onRefused };
    /** @type {{kind: string, controller: AbortController} | null} */
    this.job = null;
  }

  /** The kind of the job running, or null. */
  get running() {
    return this.job?.kind ?? null;
  }

  /**
   * Runs one engine call `call(signal)` as the job of `kind`, saying `message` as it starts.
   * Resolves to its result (null when refused); rejects with the call's error.
   * @template T
   * @param {string} kind
   * @param {string | null} message
   * @param {(signal: AbortSignal) => Promise<T>} call
   * @returns {Promise<T | null>}
   */
  async run(kind, message, call) {
    if (this.job) {
      if (this.busy === 'refuse') {
        this.hooks.onRefused(kind, this.job.kind);
        return null;
      }
      this.job.controller.abort();
    }
    const job = { kind, controller: new AbortController() };
    this.job = job;
    this.hooks.onStart(kind, message);
    try {
      return await call(job.controller.signal);
    } finally {
      if (this.job === job) {
        this.job = null;
        this.hooks.onEnd(kind);
      }
    }
  }

  /** Aborts the job running (the engine terminates its worker at once); whether there was one. */
  cancel() {
    if (!this.job) return false;
    this.job.controller.abort();
    return true;
  }

  /**
   * A ticker for the job of `kind`: every second (after TICKER_DELAY_MS), and at each
   * `tell()`, onTick gets the seconds run and `detail()`. `stop()` ends it.
   * @param {string} kind
   * @param {() => string} [detail]
   */
  ticker(kind, detail = () => '') {
    const started = performance.now();
    const tell = () => {
      const ms = performance.now() - started;
      if (ms < TICKER_DELAY_MS || this.job?.kind !== kind) return;
      const seconds = Math.floor(ms / 1000);
      this.hooks.onTick(kind, [seconds ? t('ticker.seconds', { seconds }) : '', detail()].filter(Boolean).join(' · '));
    };
    const timer = setInterval(tell, 1000);
    return { tell, stop: () => clearInterval(timer) };
  }

  /**
   * The ticker of a search (solve, check): the seconds, and one count: the conflicts once
   * the conflict-driven search runs, else the guesses. Pass `onProgress` to the engine.
   * @param {string} kind
   */
  searchTicker(kind) {
    let counts = '';
    const ticker = this.ticker(kind, () => counts);
    return {
      stop: ticker.stop,
      /** @param {{guesses?: number, conflicts?: number}} [search] */
      onProgress: (search = {}) => {
        counts = searchCounts(search).at(-1) ?? '';
        ticker.tell();
      },
    };
  }
}
