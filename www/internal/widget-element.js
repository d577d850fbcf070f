// What <sudoku-widget> does: widget.js defines the element and loads this module, with
// the modules it imports, worker.js and pkg/ beside it, all found relative to this module's
// URL so the folder works wherever it is copied. The interface (attributes, events,
// methods) is in the README's "Embed it". Each widget has its own engine worker, state and
// shadow root; styles come from a constructed stylesheet (allowed by a strict
// `style-src 'self'`), and nothing here evaluates strings as code.

import { Board, MODES as ENTRY_MODES, filterWords, modeAnnouncement, nextMode, pressHow, advanceHint, applySolve, hintFor, hintWords, noHintReason } from './board.js';
import { createEngine, describeError as describeEngineError } from '../engine.js';
import { Game } from './game.js';
import {
  JIGSAW_ONLY_SIDES, SIDES, VARIANTS, boxLayout, boxShapes, boxWords, cellName, fromLine, isJigsawSide, isSide, layoutFromData,
  layoutOptions, madeWithoutSymmetry, pendingLayout, readBox,
  symbolText, variantNames, variantWords,
} from './grid.js';
import { shortcutAction } from './input.js';
import { GridMirror, announce, clashWords, editWords, historyWords } from './speech.js';
import { THEMES } from './render.js';
import { engineText } from './cages.js';
import { readSeed, seedValue } from './seed.js';
import { Session, TICKER_DELAY_MS, completeWords, staleWords } from './session.js';
import { language, list, onLanguage, setLanguage, t } from './i18n.js';
import { technique } from './techniques.js';

/** An engine error in words, with its line and column when the message does not name them. */
const describeError = (error) => describeEngineError(error, t('error.unreadable'));

const MODES = ['play', 'solve', 'generate'];
const THEME_NAMES = ['light', 'dark', 'auto'];
/** Attributes whose change loads a new grid; theme and readonly only redraw. */
const LOADING = ['puzzle', 'size', 'box', 'variant', 'difficulty', 'seed', 'mode'];

/** The CSS custom property for each colour of render.js's themes: boxLine -> --sudoku-box-line. */
const COLOR_PROPERTIES = Object.keys(THEMES.light).map((key) => [key, `--sudoku-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`]);

const CSS = `
:host {
  display: inline-block;
  /* In rem, to grow with a reader's larger default font; never below 22 × 16 px, which a
     host whose root font is 62.5% (10 px) would otherwise make 220 px. */
  inline-size: var(--sudoku-width, max(22rem, 352px));
  max-inline-size: 100%;
  vertical-align: top;
  contain: content;
}
:host([hidden]) { display: none; }
.frame {
  /* The host page's inherited text properties (letter-spacing, text-transform, text-align,
     font-style, white-space...) stop here; --sudoku-* custom properties still come through. */
  all: initial;
  display: block;
  color-scheme: light;
  font-family: var(--sudoku-font, system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif);
  font-size: var(--sudoku-font-size, 14px);
  line-height: 1.35;
  color: var(--sudoku-text, light-dark(#1b1d22, #e9ebf0));
  background: var(--sudoku-background, light-dark(#ffffff, #1a1d24));
  border: 1px solid var(--sudoku-border, light-dark(#dfe2e8, #2d323d));
  border-radius: var(--sudoku-radius, 8px);
  padding: 8px;
  box-sizing: border-box;
}
.frame[data-theme="dark"] { color-scheme: dark; }
.board {
  aspect-ratio: 1;
  overflow: auto;
  display: flex;
}
canvas {
  display: block;
  margin: auto;
  flex: none;
  touch-action: manipulation;
  cursor: pointer;
  border-radius: 3px;
}
canvas:focus { outline: none; }
canvas:focus-visible { outline: 2px solid var(--sudoku-accent, light-dark(#2454c7, #8fb3ff)); outline-offset: 2px; }
.frame[data-readonly] canvas { cursor: default; }
.message { margin: 6px 2px 0; min-block-size: 1.35em; overflow-wrap: anywhere; }
.message:empty { display: none; }
.announcer { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); }
.message[data-tone="ok"] { color: var(--sudoku-ok, light-dark(#0b7a55, #5fd3a4)); }
.message[data-tone="warn"] { color: var(--sudoku-warn, light-dark(#9a5b00, #ffc15a)); }
.message[data-tone="error"] { color: var(--sudoku-error, light-dark(#c21d1d, #ff8a8a)); }
.palette, .toolbar { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
.palette:empty, .toolbar:empty { display: none; }
/* Symbol buttons in rows of even length: --across a row (set with the palette), fewer when narrow. */
.palette {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(max(1.9em, calc((100% - (var(--across, 1) - 1) * 4px) / var(--across, 1) - 0.5px)), 1fr));
}
button {
  font: inherit;
  color: inherit;
  background: var(--sudoku-button, light-dark(#f0f2f6, #252a34));
  border: 1px solid var(--sudoku-border, light-dark(#dfe2e8, #2d323d));
  border-radius: 6px;
  padding: 3px 10px;
  cursor: pointer;
}
button:hover:not(:disabled) { filter: brightness(0.96); }
button:disabled { opacity: 0.5; cursor: default; }
button[aria-pressed="true"], button.primary {
  background: var(--sudoku-accent, light-dark(#2454c7, #8fb3ff));
  color: var(--sudoku-accent-text, light-dark(#ffffff, #0f1320));
  border-color: transparent;
}
.palette button { padding: 3px 0; }
.palette button.filter { outline: 3px solid var(--sudoku-accent, light-dark(#2454c7, #8fb3ff)); outline-offset: -3px; }
.palette[data-mode="colour"] button { color: light-dark(#15171c, #eef0f5); border-color: transparent; }
.modes { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4px; margin-top: 6px; }
.modes[hidden] { display: none; }
.modes button { padding: 3px 2px; }
/* Touch screens: every button a finger can hit, 44 CSS px each way. */
@media (pointer: coarse) {
  button { min-block-size: 44px; min-inline-size: 44px; }
  .palette { grid-template-columns: repeat(auto-fill, minmax(44px, 1fr)); }
  .palette[data-size="9"], .palette[data-size="8"] { grid-template-columns: repeat(5, 1fr); }
}
.palette button.done { opacity: 0.45; }
`;

let sheet = null;
/** One constructed stylesheet shared by every widget's shadow root. */
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

/**
 * The worker URL for this module's folder. A module worker must come from the page's own
 * origin; when this module was loaded from another origin (a CDN), a small same-origin
 * blob module imports the real worker instead. That needs CORS headers on the CDN's files,
 * and under a CSP `worker-src blob: <cdn>` (a module worker's imports count as worker-src).
 */
let blobWorkerUrl = null;
function workerUrl() {
  const url = new URL('./worker.js', import.meta.url);
  if (url.origin === location.origin) return url;
  blobWorkerUrl ??= URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
  return blobWorkerUrl;
}

/**
 * An Error with the widget's fields: kind, and the attribute it is about when there is one.
 * A wrong call from a page's script is said in English, for its author.
 */
function widgetError(kind, message, fields = {}) {
  return Object.assign(new Error(message), { kind, ...fields });
}

/**
 * An error the widget shows (a wrong attribute, a missing file): message `key` of the
 * catalog with `params` (or a function of the language giving them). Its `message`, for
 * the `error` event and scripts, is in English; `shown()` words it in the page's language.
 */
function shownError(kind, key, params, fields = {}) {
  const say = (lang) => t(key, typeof params === 'function' ? params(lang) : params, lang);
  return Object.assign(widgetError(kind, say('en'), fields), { shown: () => say(language()) });
}

/** The error of a load that a later one replaced. */
function superseded() {
  return widgetError('cancelled', 'a newer puzzle replaced this one');
}

/** A message as a sentence: a capital first letter and one final period. */
function sentence(text) {
  const body = String(text).replace(/\.+$/, '');
  return `${body.charAt(0).toUpperCase()}${body.slice(1)}.`;
}

/** The error of a side no grid has (a number or the attribute's text), listing the sides there are. */
function sideError(kind, size, fields = {}) {
  return shownError(kind, 'error.side', { value: String(size), first: SIDES.slice(0, 7).join(', '), last: SIDES.at(-1) }, fields);
}

/**
 * The error for a side with no boxes (5, 7, 11, ...) asked for without jigsaw regions, or
 * null when `n` is not such a side or `variant` (names) has jigsaw.
 */
function boxlessError(n, variant) {
  if (!JIGSAW_ONLY_SIDES.includes(n) || variant.includes('jigsaw')) return null;
  return shownError('bad-size', 'error.boxless', { n }, { attribute: 'size' });
}

/**
 * The layout of side n with boxes `box` ('RxC', or '' for the side's usual ones), or a
 * widget error naming the box attribute when the box is no box or does not tile the side.
 */
function layoutOrError(n, box) {
  if (!box) return boxLayout(n);
  const shape = readBox(box);
  if (!shape) {
    return shownError('bad-box', 'error.box-written', { value: box }, { attribute: 'box' });
  }
  const layout = boxLayout(n, `${shape.rows}x${shape.columns}`);
  if (layout) return layout;
  if (shape.rows * shape.columns === n || !isJigsawSide(n)) {
    return shownError('bad-box', 'error.box-shape', { rows: shape.rows, columns: shape.columns }, { attribute: 'box' });
  }
  const shapes = boxShapes(n).map((b) => b.replace('x', '×'));
  const fits = (lang) => (shapes.length > 1 ? t('error.box-fits-many', { shapes: list(shapes, 'disjunction', lang) }, lang)
    : shapes.length ? t('error.box-fits-one', { shape: shapes[0] }, lang) : t('error.box-fits-none', {}, lang));
  return shownError('bad-box', 'error.box-tile', (lang) => ({ rows: shape.rows, columns: shape.columns, n, fits: fits(lang) }),
    { attribute: 'box' });
}

/** The side a box shape makes (rows × columns), or undefined for no box or one not written RxC. */
function boxSize(box) {
  const shape = box ? readBox(box) : null;
  return shape ? shape.rows * shape.columns : undefined;
}


/** The error for a theme attribute that names no theme, or null. */
function themeError(theme) {
  return theme === null || THEME_NAMES.includes(theme) ? null
    : shownError('bad-attribute', 'error.attribute-theme', { value: theme }, { attribute: 'theme' });
}

/**
 * Once this module has loaded, widget.js's element inherits from this class and calls
 * setup() on each widget in place of a constructor (so there is none, and no fields).
 */
/**
 * What a load takes (the attributes', or newPuzzle()'s options): a puzzle's text, or what
 * to generate.
 * @typedef {object} LoadOptions
 * @property {string} [puzzle]
 * @property {number} [size]
 * @property {string} [box]
 * @property {string[]} [variant]
 * @property {number | bigint} [seed]
 * @property {string} [difficulty]
 */

export class SudokuWidgetElement extends HTMLElement {
  /** Builds the widget's parts inside its shadow root (made by widget.js) and its state. */
  setup() {
    const root = this.shadowRoot;
    root.adoptedStyleSheets = [styleSheet()];
    const el = (tag, props = {}) => Object.assign(document.createElement(tag), props);
    this.ui = {
      // Left to right whatever the host page's direction: the widget writes in its own
      // language (every catalog's is written left to right), and its grid, pad and keys
      // follow the grid's columns. Its `lang` (relabel()) is that language too, so a screen
      // reader on a page in another language pronounces the widget's words in theirs.
      frame: el('div', { className: 'frame', part: 'frame', dir: 'ltr' }),
      board: el('div', { className: 'board' }),
      canvas: el('canvas', { tabIndex: 0, width: 0, height: 0 }),
      message: el('p', { className: 'message', part: 'message' }),
      announcer: el('p', { className: 'announcer' }),
      modes: el('div', { className: 'modes', part: 'modes' }),
      palette: el('div', { className: 'palette', part: 'palette' }),
      toolbar: el('div', { className: 'toolbar', part: 'toolbar' }),
    };
    const { frame, board, canvas, message, modes, palette, toolbar, announcer } = this.ui;
    // The canvas is an ARIA grid that follows the selection (speech.js); every event says
    // one message through the hidden live region, so the visible message is not live.
    this.mirror = new GridMirror(canvas, 'cell-');
    announcer.setAttribute('role', 'status');
    board.append(canvas);
    frame.append(board, message, announcer, modes, palette, toolbar);
    root.append(frame);

    /** The game, its view, layout, drawing, palette and entries, as in the app (board.js). */
    this.board = new Board({
      canvas, scroller: board, palette, modes, paletteLimit: 16, fitOptions: () => ({ maxCell: 120 }),
      onMode: (mode) => this.setMode(mode),
      look: () => {
        const { colors, font } = this.colors();
        return { theme: colors, font };
      },
    });
    this.engine = null;
    /**
     * The engine job in progress, one at a time, and its tickers (session.js): a newer call
     * aborts an older one. Its message shows after TICKER_DELAY_MS, so quick answers do not
     * flicker; a ticker adds the seconds and the search's counts beside it.
     */
    this.session = new Session({
      busy: 'replace',
      onStart: (kind, message) => {
        clearTimeout(this.messageTimer);
        this.jobMessage = message ?? '';
        this.messageTimer = setTimeout(() => { if (this.session.running === kind && message) this.say(message); }, TICKER_DELAY_MS);
      },
      onEnd: () => clearTimeout(this.messageTimer),
      onTick: (kind, text) => this.sayProgress(this.jobMessage, text),
    });
    this.solving = null; // the token of the solve() running: its button reads Cancel
    this.cancelledByUser = false; // cancel() stopped the job, so the widget says so
    this.complete = false;
    this.loadPending = false;
    this.loadCount = 0;
    this.loaded = false; // a load has finished (or failed) for the current attributes
    this.darkQuery = matchMedia('(prefers-color-scheme: dark)');
    this.onSchemeChange = () => { this.updateChrome(); this.redraw(); };
    this.resizer = new ResizeObserver(() => this.redraw());

    canvas.addEventListener('pointerdown', (event) => this.onPointer(event));
    // A mouse dragged with its button down adds each cell it passes; a double-click
    // selects every cell with the same symbol. (A finger's drag scrolls the host page.)
    canvas.addEventListener('pointermove', (event) => {
      if (event.pointerType !== 'mouse' || !(event.buttons & 1)) return;
      const cell = this.board.cellAtClient(event.clientX, event.clientY);
      // As in the app: a drag adds the cells it passes, or takes them out after a Ctrl-press took one out.
      const how = this.board.sweepHow(cell);
      if (how) this.select(cell, how);
    });
    canvas.addEventListener('dblclick', (event) => {
      const cell = this.board.cellAtClient(event.clientX, event.clientY);
      if (cell < 0) return;
      this.board.selectSame(cell);
      this.selectionChanged();
    });
    canvas.addEventListener('keydown', (event) => this.onKey(event));
    canvas.addEventListener('focus', () => { this.view.focused = true; this.redraw(); });
    canvas.addEventListener('blur', () => { this.view.focused = false; this.redraw(); });
    this.board.listenToPalette((value) => this.input(value), (value) => this.setFilter(value));
    toolbar.addEventListener('pointerdown', (event) => event.preventDefault()); // keep the grid's focus
    toolbar.addEventListener('click', (event) => {
      const action = event.target.closest('button')?.dataset.action;
      if (action) this.onButton(action);
    });
  }

  connectedCallback() {
    this.engine ??= createEngine({ workerUrl: workerUrl(), light: true });
    this.offLanguage ??= onLanguage(() => this.relabel());
    this.chooseLanguage();
    this.darkQuery.addEventListener('change', this.onSchemeChange);
    this.resizer.observe(this.ui.board);
    this.updateChrome();
    // Moved within the page: keep the game; first connection, or a load cut short: load.
    if (!this.loaded) this.scheduleLoad();
    else this.redraw();
  }

  disconnectedCallback() {
    this.offLanguage?.();
    this.offLanguage = null;
    this.darkQuery.removeEventListener('change', this.onSchemeChange);
    this.resizer.disconnect();
    this.loadPending = false;
    this.supersede();
    this.engine?.terminate();
    this.engine = null;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (!this.isConnected) {
      // Detached: load afresh on the next connection.
      if (LOADING.includes(name)) this.loaded = false;
      return;
    }
    if (LOADING.includes(name)) this.scheduleLoad();
    else if (name === 'lang') this.chooseLanguage();
    else {
      const badTheme = name === 'theme' && themeError(after);
      if (badTheme) this.fail(badTheme);
      this.updateChrome();
      this.redraw();
    }
  }

  /** The game on the board. */
  get game() {
    return this.board.game;
  }

  /** What the board shows beyond the game: selection, pencil mode, outlines, the hint. */
  get view() {
    return this.board.view;
  }

  // -------------------------------------------------------------------------------------
  // The public interface

  /** Every cell as one line of text (givens, entries and solver values; '.' when empty). */
  get value() {
    return this.game.line();
  }

  /** The grid's side n. */
  get size() {
    return this.game.size;
  }

  /** The grid's box shape, 'RxC' (R rows by C columns): '3x3' for a 9×9, '2x6' or '3x4' for a 12×12. */
  get box() {
    return this.game.box;
  }

  /**
   * The grid's variants, space-separated as the attribute takes them ('x windoku',
   * 'jigsaw x'; '' for a classic grid). Setting it sets the attribute, which loads a new grid.
   */
  get variant() {
    return this.game.layout.variant.join(' ');
  }

  set variant(value) {
    this.setAttribute('variant', String(value ?? ''));
  }

  /** The mode in use: the attribute when it is valid, else 'play'. */
  get mode() {
    const mode = this.getAttribute('mode') ?? 'play';
    return MODES.includes(mode) ? mode : 'play';
  }

  get readOnly() {
    return this.hasAttribute('readonly');
  }

  /**
   * Solves the grid as it stands and fills the empty cells. Resolves to the engine's answer
   * {status, solution, ...}; status 'unique' and 'multiple' fill the grid (for 'multiple',
   * the cells where two solutions differ are outlined), 'none' and 'invalid' reject.
   */
  async solve() {
    await this.whenLoaded();
    const { game } = this;
    const revision = game.revision;
    // The givens and the player's entries, not the solver's fill: a second Solve says the same.
    // A long search shows its seconds and conflicts, and the Solve button becomes Cancel.
    const ticker = this.session.searchTicker('solve');
    const token = {};
    this.solving = token;
    this.cancelledByUser = false;
    this.syncSolve();
    let result;
    try {
      result = await this.run('solve', t('widget.solving'), (signal) => this.engine.solve(engineText(game.playerLine(), game.layout),
        { size: game.size, ...layoutOptions(game.layout), signal, onProgress: ticker.onProgress }));
    } catch (err) {
      if (err?.kind === 'cancelled' && this.cancelledByUser) this.say(() => t('widget.cancelled-solve'));
      throw err;
    } finally {
      ticker.stop();
      // A newer solve() may have taken over (it aborted this one): its button stays Cancel.
      if (this.solving === token) {
        this.solving = null;
        this.cancelledByUser = false;
        this.syncSolve();
      }
    }
    if (game !== this.game || game.revision !== revision) {
      this.say(() => staleWords('solve'), 'warn');
      throw widgetError('changed', 'the grid changed while the engine was solving it');
    }
    const verdict = applySolve(game, result);
    this.view.errors = verdict.errors;
    this.view.marked = verdict.marked;
    if (verdict.status === 'unique' || verdict.status === 'multiple') {
      this.changed(verdict.filled ? 'solve' : null);
      this.say(verdict.message, verdict.tone);
      return result;
    }
    if (verdict.status === 'none') {
      this.say(verdict.message, 'error');
      throw widgetError('none', verdict.reason);
    }
    this.changed(null);
    throw this.fail(widgetError(result.error?.kind ?? 'invalid', describeError(result.error)));
  }

  /**
   * Gives a hint in stages. The first call asks the engine for the next logical step and
   * says where to look and for what technique; called again on the same grid, it shows the
   * cells involved (and a chain's links), then the whole step in words with its cell
   * selected. Any change to the grid starts over. Resolves to the engine's list of steps
   * ({technique, name, text, cells, placements, eliminations, ...}) at every stage; the
   * Apply button (or applyHint()) performs them. Rejects when the engine has no hints, or
   * the grid has no single solution.
   */
  async hint() {
    await this.whenLoaded();
    if (typeof this.engine?.hint !== 'function') {
      throw widgetError('unsupported', 'hints need an engine with hint(), and this build of the engine has none');
    }
    const shown = this.board.currentHint();
    if (shown) {
      advanceHint(shown);
      this.showHint(shown);
      return shown.steps;
    }
    const { game } = this;
    if (game.isComplete()) {
      this.say(() => t('widget.complete-no-hint'), 'ok');
      return [];
    }
    const revision = game.valueRevision;
    const result = await this.run('hint', t('widget.hinting'), (signal) => this.engine.hint(engineText(game.line(), game.layout),
      { size: game.size, ...layoutOptions(game.layout), signal }));
    if (game !== this.game || game.valueRevision !== revision) {
      this.say(() => staleWords('hint'), 'warn');
      throw widgetError('changed', 'the grid changed while the engine was looking for a hint');
    }
    if (result?.status !== 'ok') {
      const message = t('error.no-hint', { reason: noHintReason(result, describeError) });
      this.view.errors = result?.error?.cells ?? [];
      this.say(sentence(message), 'warn');
      this.changed(null);
      throw widgetError(result?.status ?? 'invalid', message);
    }
    const steps = result.steps ?? [];
    this.view.errors = [];
    if (!steps.length) {
      this.say(() => t('widget.no-step'), 'warn');
      this.changed(null);
      return steps;
    }
    // Drawn as the app draws hints, while the grid stays as it is.
    this.view.hint = hintFor(game, steps);
    this.showHint(this.view.hint);
    return steps;
  }

  /** Says a hint at its stage and draws what the stage shows; the last stage selects its cell. */
  showHint(hint) {
    const words = hintWords(hint, this.game.size);
    if (words.stage >= 3 && hint.target >= 0) this.board.select(hint.target);
    this.say(words.announce || t('widget.step-undescribed'));
    this.changed(null);
  }

  /**
   * Performs the hint shown (at any of its stages): its eliminations, then its placement.
   * Resolves to whether the grid changed; rejects when no hint is shown for this grid.
   */
  async applyHint() {
    const shown = this.board.currentHint();
    if (!shown) throw widgetError('no-hint', 'there is no hint to apply: ask for one first');
    if (!this.editable()) return false;
    const target = shown.target;
    const applied = this.game.applySteps(shown.steps);
    this.view.hint = null;
    if (!applied) {
      this.say(() => t('widget.step-changes-nothing'), 'warn');
      this.changed(null);
      return false;
    }
    if (target >= 0) this.board.select(target);
    const last = shown.steps.at(-1);
    const name = last ? technique(last.technique, last.name).name : '';
    this.say('', '', this.game.isComplete() ? '' : name ? t('widget.applied', { name }) : t('widget.applied-step'));
    this.changed('hint', { cell: target });
    return true;
  }

  /**
   * Starts a new puzzle. options: {puzzle} (text to read) or {size, box, difficulty, seed}
   * to generate one; size, box and difficulty default to the attributes, the seed to a
   * random one. A box without a size makes its own ({box: '2x3'} is a 6×6); a size other
   * than the attribute's, without a box, has its usual boxes. Resolves to {puzzle, size, seed}.
   */
  newPuzzle(options = {}) {
    if (!this.engine) return Promise.reject(widgetError('disconnected', 'the widget is not on a page'));
    this.loadPending = false; // this call supersedes a load the attributes scheduled
    const ticket = this.supersede();
    let attributes;
    try {
      attributes = this.attributeOptions();
    } catch (err) {
      return Promise.reject(this.fail(err));
    }
    /** @type {LoadOptions} */
    const wanted = { ...attributes, puzzle: undefined, seed: undefined, ...options };
    if (options.box !== undefined && options.box !== null && options.size === undefined) wanted.size = undefined;
    else if (options.size !== undefined && options.box === undefined
      && options.size !== (attributes.size ?? boxSize(attributes.box))) {
      wanted.box = undefined;
    }
    const loaded = this.load(wanted, ticket);
    this.loading = loaded.catch(() => {});
    return loaded;
  }

  // -------------------------------------------------------------------------------------
  // Loading

  /**
   * Reads the attributes into load options, or throws a widget error naming the attribute.
   * @returns {LoadOptions}
   */
  attributeOptions() {
    /** @type {LoadOptions} */
    const options = { puzzle: this.getAttribute('puzzle') ?? undefined };
    const mode = this.getAttribute('mode');
    if (mode !== null && !MODES.includes(mode)) {
      throw shownError('bad-attribute', 'error.attribute-mode', { value: mode }, { attribute: 'mode' });
    }
    const badTheme = themeError(this.getAttribute('theme'));
    if (badTheme) throw badTheme;
    const size = this.getAttribute('size');
    if (size !== null && size.trim() !== '') {
      const n = Number(size);
      if (!Number.isInteger(n) || !isJigsawSide(n)) throw sideError('bad-attribute', size.trim(), { attribute: 'size' });
      options.size = n;
    }
    const box = this.getAttribute('box');
    if (box !== null && box.trim() !== '') {
      // Without a size, the box makes it: box="2x3" is a 6×6.
      const layout = layoutOrError(options.size ?? boxSize(box) ?? 0, box.trim());
      if (layout instanceof Error) throw layout;
      options.box = layout.box;
    }
    const seed = this.getAttribute('seed');
    if (seed !== null && seed.trim() !== '') {
      const value = readSeed(seed);
      if (value === null) {
        throw shownError('bad-attribute', 'error.attribute-seed', { value: seed }, { attribute: 'seed' });
      }
      options.seed = seedValue(value);
    }
    const variant = this.getAttribute('variant');
    if (variant !== null && variant.trim() !== '') {
      const words = variant.trim().split(/[\s,]+/);
      const unknown = words.find((w) => !VARIANTS.includes(w.toLowerCase()) && w.toLowerCase() !== 'classic');
      if (unknown) {
        throw shownError('bad-attribute', 'error.attribute-variant', { names: VARIANTS.join(', '), value: unknown },
          { attribute: 'variant' });
      }
      options.variant = variantNames(words);
    }
    // A side with no boxes is a jigsaw's only: it needs the variant that says so.
    const boxless = options.size && !options.puzzle ? boxlessError(options.size, options.variant ?? []) : null;
    if (boxless) throw boxless;
    const difficulty = this.getAttribute('difficulty');
    if (difficulty !== null && difficulty.trim() !== '') options.difficulty = difficulty.trim();
    return options;
  }

  /**
   * Stops the engine call in progress and makes every load started before stale; returns
   * the ticket of the load that starts now. The last load asked for wins.
   */
  supersede() {
    this.session.cancel();
    return ++this.loadCount;
  }

  /**
   * Loads from the attributes after the current task, so several attribute changes make
   * one load; anything started before is superseded at once.
   */
  scheduleLoad() {
    this.supersede();
    if (this.loadPending) return;
    this.loadPending = true;
    // After the language's words have loaded, so the load's messages come in it.
    this.loading = Promise.resolve(this.languageReady).then(() => {
      if (!this.loadPending || !this.isConnected) return undefined;
      this.loadPending = false;
      const ticket = this.supersede();
      let options;
      try {
        options = this.attributeOptions();
      } catch (err) {
        this.showBroken(err);
        return undefined;
      }
      return this.load(options, ticket).catch(() => {}); // shown in the widget and fired as `error`
    });
  }

  /**
   * Switches to the widget's language: its `lang` attribute, else the closest ancestor's
   * `lang` or the page's, else English (an unknown one gives English, said in the
   * console). The words change once its catalogs have loaded (relabel()). The page has
   * one language at a time (i18n.js), so widgets of one page speak the last one chosen.
   */
  chooseLanguage() {
    const wanted = this.getAttribute('lang') ?? this.parentElement?.closest('[lang]')?.getAttribute('lang')
      ?? document.documentElement.lang;
    this.languageReady = setLanguage(wanted || 'en', ['core']).then(() => this.relabel());
  }

  /**
   * Puts the language in use into every word the widget shows or says: the buttons, the
   * palette, the grid's label and cells, the Solve button's state, a hint shown, and the
   * message when it was said with a function that words it (say()). A message from the
   * engine or an error stays as it was said.
   */
  relabel() {
    if (!this.board) return;
    this.ui.frame.lang = language();
    this.board.relabel();
    this.ui.toolbar.dataset.actions = ''; // rebuilt with the new words
    this.updateChrome();
    this.labelGrid();
    this.mirror.update(this.game, this.view.selected);
    const hint = this.board.currentHint();
    if (hint) this.showHint(hint);
    else if (this.rewordMessage) this.ui.message.textContent = this.rewordMessage();
    this.redraw();
  }

  /** The grid's name for screen readers: its size, variants and boxes. */
  labelGrid() {
    const { game } = this;
    const boxes = boxWords(game.layout);
    const kind = variantWords(game.layout);
    this.ui.canvas.setAttribute('aria-label', t('widget.grid-label', { n: game.size, kind: kind || 'none', boxes: boxes || 'none' }));
  }

  /** Waits for the load in progress, so methods act on the grid the attributes describe. */
  async whenLoaded() {
    await this.loading;
    if (!this.engine) throw widgetError('disconnected', 'the widget is not on a page');
  }

  /**
   * Loads a puzzle from text, or generates one (play and generate modes), or starts a
   * blank grid (solve mode). Rejects, after showing the message and firing `error`, when
   * the text cannot be read or the options are wrong, and with kind 'cancelled' when a
   * later load (ticket) replaced it.
   * @param {LoadOptions} [options]
   * @param {number} [ticket]
   */
  async load(options = {}, ticket = this.supersede()) {
    this.loaded = false;
    try {
      return await this.loadNow(options, ticket);
    } finally {
      if (ticket === this.loadCount) this.loaded = true;
    }
  }

  /**
   * @param {LoadOptions} options
   * @param {number} ticket
   */
  async loadNow({ puzzle, size, box, variant = [], seed, difficulty }, ticket) {
    const stale = () => ticket !== this.loadCount;
    this.view.errors = [];
    this.view.marked = [];
    // The side: the size asked for, else the box's (2x3 makes a 6×6), else 9.
    const sized = size ?? boxSize(box);
    const n = Number(sized ?? 9);
    const names = variantNames(variant);
    // A side with no boxes (7, 11, ...) is a jigsaw's: its regions come with the puzzle.
    const boxless = JIGSAW_ONLY_SIDES.includes(n) && !box;
    if (!isSide(n) && !boxless) throw this.fail(sideError('bad-size', sized));
    const hasPuzzle = puzzle !== undefined && puzzle !== null && String(puzzle).trim() !== '';
    if (boxless && !hasPuzzle && !names.includes('jigsaw')) throw this.fail(boxlessError(n, names));
    if (boxless && names.includes('windoku')) {
      throw this.fail(shownError('bad-variant', 'error.windoku-boxless', { n }, { attribute: 'variant' }));
    }
    const boxed = boxless ? pendingLayout(n, '', [...names, 'jigsaw']) : layoutOrError(n, box ?? '');
    if (boxed instanceof Error) {
      // A box from the attribute names it; one passed to newPuzzle() does not.
      if (box !== this.getAttribute('box')?.trim()) delete /** @type {Error & {attribute?: string}} */ (boxed).attribute;
      throw this.fail(boxed);
    }
    // X and windoku on those boxes, drawn before the engine answers (a jigsaw's regions
    // come with its puzzle); the engine says why a variant does not fit.
    const layout = boxless ? boxed : boxLayout(n, boxed.box, names.filter((v) => v !== 'jigsaw')) ?? boxed;
    if (puzzle !== undefined && puzzle !== null && String(puzzle).trim() !== '') {
      // The one-line form is read here at once; every other form by the engine, with the
      // boxes asked for (a box alone gives the side, as here).
      const text = String(puzzle);
      let grid = fromLine(text);
      let read = null;
      if (!grid || (sized !== undefined && grid.size !== n) || names.length) {
        // A boxless side is checked below: the engine takes it only with the regions.
        read = await this.run('read', t('widget.reading'), (signal) => this.engine.read(text,
          { size: sized === undefined || boxless ? 0 : n, box: box ?? '', variant: names, signal }));
        if (stale()) throw superseded();
        if (read.status !== 'ok') {
          this.start(new Game(n, { layout }));
          this.view.errors = read.error?.cells ?? [];
          const attribute = read.error?.kind === 'bad-variant' || read.error?.option === 'variant' ? 'variant' : 'puzzle';
          this.changed('load');
          throw this.fail(widgetError(read.error?.kind ?? 'invalid', t('error.read', { reason: describeError(read.error) }), { attribute }));
        }
        grid = fromLine(read.puzzle, { jigsaw: true });
        if (boxless && sized !== undefined && grid.size !== n) {
          this.start(new Game(n, { layout }));
          this.changed('load');
          throw this.fail(shownError('bad-size', 'error.puzzle-size', { found: grid.size, n }, { attribute: 'puzzle' }));
        }
      }
      const { values } = grid;
      // The engine's layout when it read the grid; else the box asked for, on the side read.
      const shape = layoutFromData(read?.layout) ?? (grid.size === n ? layout : boxLayout(grid.size));
      this.start(this.mode === 'solve' ? new Game(grid.size, { values, layout: shape })
        : Game.fromPuzzle(grid.size, values, shape));
      const clashes = this.game.clashes();
      if (clashes.length) {
        this.view.errors = clashes;
        this.changed('load');
        const names = clashes.slice(0, 4).map((c) => `${cellName(c, grid.size)} (${symbolText(values[c], this.game.layout)})`);
        throw this.fail(widgetError('clash', t('error.clash', { cells: names.join(', ') }), { attribute: 'puzzle', cells: clashes }));
      }
      this.say(this.mode === 'solve' ? () => t('widget.solve-ready') : '');
      this.changed('load');
      return { puzzle: this.game.line(), size: grid.size };
    }
    if (this.mode === 'solve') {
      this.start(new Game(n, { layout }));
      this.say(() => t('widget.solve-blank'));
      this.changed('load');
      return { puzzle: this.game.line(), size: n };
    }
    const options = { size: n, box: boxed.box, symmetry: madeWithoutSymmetry(names) ? 'none' : 'rot180' };
    if (names.length) options.variant = names;
    if (seed !== undefined) options.seed = seed;
    if (difficulty !== undefined) options.difficulty = difficulty;
    this.start(new Game(n, { layout }));
    this.changed(null);
    const kind = variantWords({ variant: names });
    const what = t('widget.generating', { n, kind: kind || 'none', boxes: boxWords(layout) || 'none' });
    const say = (fraction) => {
      if (!stale()) this.sayProgress(what, fraction ? `${Math.floor(fraction * 100)}%` : '');
    };
    const result = await this.run('generate', what, (signal) => this.engine.generate(options, { signal, onProgress: say }));
    if (stale()) throw superseded();
    this.start(Game.fromPuzzle(result.size, fromLine(result.puzzle, { jigsaw: true }).values, layoutFromData(result.layout) ?? layout));
    // What a player cares about: size, clues, how empty, symmetry, seed (and the level).
    this.say(result.summary ?? '');
    this.changed('load');
    return { puzzle: result.puzzle, size: result.size, seed: result.seed };
  }

  /** Replaces the game; the new grid does not count as "solved" until it becomes complete. */
  start(game) {
    this.board.setGame(game);
    this.view.mode = 'digit';
    this.complete = game.isComplete();
    // The buttons follow the mode, which may have changed since the last load.
    this.updateChrome();
  }

  /** Shows an attribute problem over an empty grid, and fires `error`. */
  showBroken(err) {
    this.loaded = true;
    this.start(new Game(9));
    this.view.errors = [];
    this.view.marked = [];
    this.changed(null);
    this.fail(err);
  }

  // -------------------------------------------------------------------------------------
  // Engine calls, messages and events

  /**
   * Stops the engine call running (a search, a hint, a generation): its promise rejects
   * with kind 'cancelled'. A search leaves the grid as it was; a generation leaves the
   * empty grid it started from. The Solve button does this while a search runs. Does
   * nothing when the widget is idle.
   */
  cancel() {
    if (!this.session.running) return;
    this.cancelledByUser = true;
    this.session.cancel();
    // A search says so itself, naming the grid; any other call, here.
    if (!this.solving) this.say(() => t('widget.cancelled'));
  }

  /** While a search runs, the Solve button reads Cancel and stops it. */
  syncSolve() {
    const button = this.ui.toolbar.querySelector('[data-action="solve"]');
    if (!button) return;
    button.textContent = t(this.solving ? 'button.cancel' : 'button.solve');
    button.title = this.solving ? t('button.cancel-title') : '';
  }

  /**
   * Runs one engine call as the session's job of `kind` (session.js; a newer call aborts
   * an older one). Engine failures (a crashed or unloadable worker) are shown and fired as
   * `error`.
   */
  async run(kind, message, call) {
    try {
      return await this.session.run(kind, message, call);
    } catch (err) {
      if (err?.kind === 'cancelled' || err?.kind === 'terminated') throw err;
      // Why, in English for the `error` event and in the page's language in the widget (the
      // engine's own errors, such as a variant the generator cannot make, as data).
      const csp = /unsafe-eval|Content.Security/i.test(String(err?.message));
      const reason = (lang) => {
        const why = lang === 'en' ? String(err?.message ?? err).replace(/\.$/, '') : describeError(err);
        return { reason: csp ? t('error.csp', { reason: why }, lang) : why };
      };
      if (err?.kind === 'load' || err?.phase === 'load') {
        // The worker or the wasm is missing: the same kind as a widget part that is.
        throw this.fail(shownError('load', 'error.engine-start', reason, { advice: t('widget.copy-advice') }));
      }
      const failure = err?.kind ?? 'engine';
      // A variant the size or boxes do not admit, or the generator cannot make, names the attribute.
      const about = failure === 'bad-variant' ? { attribute: 'variant' } : undefined;
      const options = ['bad-option', 'bad-size', 'invalid-option', 'bad-variant'].includes(failure);
      throw this.fail(shownError(failure, options ? 'error.engine-options' : 'error.engine-failed', reason, about));
    }
  }

  /** Shows an error in the widget (with its advice, when it has one), fires `error` with its facts, and returns it. */
  fail(err) {
    // Worded again in a new language when the error has its words (shownError).
    const text = () => sentence(err.shown?.() ?? err.message);
    this.say(err.advice ? () => `${text()} ${err.advice}` : text, 'error');
    const detail = { kind: err.kind ?? 'error', message: err.message };
    for (const key of ['attribute', 'cells']) if (err[key] !== undefined) detail[key] = err[key];
    this.fire('error', detail);
    return err;
  }

  fire(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /**
   * Shows a message and announces it, or `spoken` in its place ('' for nothing). `text`
   * may be a function that words the message: it is then worded again, in the new
   * language, when the language changes (relabel()).
   * @param {string | (() => string)} text
   * @param {string} [tone]
   * @param {string} [spoken]
   */
  say(text, tone = '', spoken = undefined) {
    const words = typeof text === 'function' ? text : null;
    const shown = words ? words() : /** @type {string} */ (text);
    this.clashShown = false;
    this.rewordMessage = words;
    announce(this.ui.announcer, spoken ?? shown);
    this.ui.message.textContent = shown;
    this.ui.message.dataset.tone = tone;
  }

  /**
   * Shows how far a generation got beside the message, without changing the message
   * itself: the percentage is hidden from screen readers, so the live region announces
   * the work once, not every 50 ms.
   */
  sayProgress(text, percent) {
    const { message } = this.ui;
    if (message.firstChild?.nodeValue !== text) this.say(text);
    let meter = message.querySelector('.percent');
    if (!meter) {
      meter = document.createElement('span');
      meter.className = 'percent';
      meter.setAttribute('aria-hidden', 'true');
      message.append(meter);
    }
    meter.textContent = percent ? ` ${percent}` : '';
  }

  /**
   * After any change: refresh the palette and the drawing, fire `change` (when `reason`
   * names a change of the cells) and `solved` when the grid has just become complete.
   */
  changed(reason, fields = {}) {
    const { game } = this;
    if (this.view.hint && !this.board.currentHint()) {
      // The grid changed under a hint (an entry, Undo, Redo, Clear): its words go with it.
      this.view.hint = null;
      if (this.ui.message.dataset.tone !== 'error') this.say('');
    }
    this.labelGrid();
    this.mirror.update(game, this.view.selected);
    this.syncApply();
    this.updatePalette();
    this.redraw();
    if (!reason) return;
    this.fire('change', { value: game.line(), size: game.size, reason, ...fields });
    const complete = game.isComplete();
    if (complete && !this.complete && reason !== 'load') {
      // Solve says its own verdict next, the event's one message.
      if (reason !== 'solve') this.say(() => completeWords(game.layout), 'ok');
      this.fire('solved', { value: game.line(), size: game.size, by: reason === 'solve' ? 'solver' : 'player' });
    }
    this.complete = complete;
  }

  // -------------------------------------------------------------------------------------
  // Input

  editable() {
    return !this.readOnly && !this.session.running;
  }

  input(value, as = this.view.mode) {
    if (this.view.selected < 0 || !this.editable()) return;
    const { changed, reason, refusal, cell, cells } = this.board.input(value, as);
    if (refusal) this.say(refusal, 'warn');
    if (!changed) return;
    if (cells.length > 1) {
      const spoken = this.game.isComplete() ? '' : editWords(this.game, cell, reason, { cells, value });
      if (this.clashShown) this.say('', '', spoken);
      else announce(this.ui.announcer, spoken);
      this.clashShown = false;
      this.changed(reason, { cell, cells });
      return;
    }
    // One message per edit: what the cell holds now and any clash it makes (also written
    // until the next edit), unless the grid is now solved, which changed() says. An
    // error the engine gave stays written.
    const { game, ui } = this;
    const clash = game.clashes().includes(cell) && clashWords(game, cell);
    const spoken = game.isComplete() ? '' : editWords(game, cell, reason, { value });
    if (clash || this.clashShown || ui.message.dataset.tone !== 'error') {
      this.say(clash ? () => t('speech.edit', { name: cellName(cell, game.size), what: clashWords(game, cell) }) : '', clash ? 'error' : '', spoken);
    } else announce(ui.announcer, spoken);
    this.clashShown = Boolean(clash);
    this.changed(reason, { cell });
  }

  /** Changes the selection (board.js's select: 'only', 'add', 'toggle' or 'extend'). */
  select(cell, how = 'only') {
    const before = this.board.cells().length;
    this.board.select(cell, how);
    this.selectionChanged(before);
  }

  /** After the selection changed: the grid's mirror, the drawing, and a count of several cells. */
  selectionChanged(before = 1) {
    this.mirror.update(this.game, this.view.selected);
    this.redraw();
    const count = this.board.cells().length;
    if (count > 1 && count !== before) announce(this.ui.announcer, t('selection.count', { count }));
  }

  onPointer(event) {
    const cell = this.board.cellAtClient(event.clientX, event.clientY);
    if (cell < 0) return;
    const how = pressHow(event);
    this.select(cell, how);
    this.board.startSweep(cell, how);
  }

  onKey(event) {
    const shortcut = shortcutAction(event);
    if (shortcut === 'undo' || shortcut === 'redo') {
      event.preventDefault();
      this.undoRedo(shortcut);
      return;
    }
    const button = shortcut && this.ui.toolbar.querySelector(`[data-action="${shortcut}"]`);
    if ((shortcut === 'hint' || shortcut === 'apply') && button && !button.disabled) {
      // Alt+H and Alt+A, as in the app, where the widget shows those buttons.
      event.preventDefault();
      this.onButton(shortcut);
      return;
    }
    const action = this.board.keyAction(event);
    if (!action || action.zoom) return;
    event.preventDefault();
    if ('move' in action) this.select(action.move, action.extend ? 'extend' : 'only');
    else if (action.selectAll) {
      this.board.selectAll();
      this.selectionChanged();
    } else if (action.deselect) this.select(-1);
    else if ((action.mode || action.cycleMode) && this.ui.modes.hidden) return; // no modes in a read-only or solve widget
    else if (action.mode) this.setMode(action.mode);
    else if (action.cycleMode) this.setMode(nextMode(this.view.mode));
    else if (action.read) this.read(action.read);
    else if (action.clear) this.input(0);
    else if (action.notSymbol) {
      const n = this.game.size;
      this.say(() => t('widget.not-symbol', { symbol: action.notSymbol, n }), 'warn');
    } else if (action.symbol) {
      if (this.view.selected < 0) this.select(0);
      // Marks and colours only where the modes show (not in a solve widget).
      this.input(action.symbol, this.ui.modes.hidden ? 'digit' : action.as ?? this.view.mode);
    }
  }

  /**
   * Says what a reading key asks for (www/internal/reading.js, loaded on the first such key: the
   * widget's weight leaves out what only screen-reader users ask for).
   */
  async read(what) {
    try {
      const { readingWords } = await import('./reading.js');
      announce(this.ui.announcer, readingWords(this.game, this.view.selected, what));
    } catch (err) {
      this.say(`reading.js could not load: ${err.message}`, 'error');
    }
  }

  undoRedo(which) {
    if (!this.editable()) return;
    const command = which === 'undo' ? this.game.undo() : this.game.redo();
    if (command) {
      this.view.errors = [];
      this.view.marked = [];
      const words = historyWords(this.game, command, which);
      if (this.clashShown) this.say('', '', words); // the clash written went with the edit
      else announce(this.ui.announcer, words);
      this.changed(which);
    }
  }

  /** Turns the digit filter on for symbol `value` (off when it is on already). */
  setFilter(value) {
    this.view.filter = this.view.filter === value ? 0 : value;
    this.updatePalette();
    this.redraw();
    announce(this.ui.announcer, filterWords(this.game, this.view.filter));
  }

  /** Sets what a digit does (board.js's MODES; the widget's own `mode` is its attribute): digit, corner, centre or colour. */
  setMode(mode) {
    this.view.mode = ENTRY_MODES.includes(mode) ? mode : 'digit';
    this.updateChrome();
    this.redraw();
    announce(this.ui.announcer, modeAnnouncement(this.view.mode));
  }

  onButton(action) {
    const quiet = (promise) => promise.catch(() => {}); // the widget shows what went wrong
    if (action === 'undo' || action === 'redo') this.undoRedo(action);
    else if (action === 'pencil') this.setMode(this.view.mode === 'centre' ? 'digit' : 'centre');
    else if (action === 'solve') {
      if (this.solving) this.cancel();
      else quiet(this.solve());
    }
    else if (action === 'hint') quiet(this.hint());
    else if (action === 'apply') quiet(this.applyHint());
    else if (action === 'new') quiet(this.newPuzzle());
    else if (action === 'clear') {
      if (this.editable() && this.game.clearEntries()) this.changed('clear');
    }
  }

  // -------------------------------------------------------------------------------------
  // Drawing and chrome

  themeName() {
    const theme = this.getAttribute('theme');
    if (theme === 'light' || theme === 'dark') return theme;
    return this.darkQuery.matches ? 'dark' : 'light';
  }

  /** The theme's colours, each overridable by its CSS custom property on the element. */
  colors() {
    const base = THEMES[this.themeName()];
    const style = getComputedStyle(this);
    const colors = { ...base };
    for (const [key, property] of COLOR_PROPERTIES) {
      const value = style.getPropertyValue(property).trim();
      if (value) colors[key] = value;
    }
    return { colors, font: style.getPropertyValue('--sudoku-font').trim() || undefined };
  }

  /** The buttons for the mode, the theme, the readonly flag and the pencil state. */
  updateChrome() {
    const { frame, toolbar } = this.ui;
    frame.dataset.theme = this.themeName();
    frame.toggleAttribute('data-readonly', this.readOnly);
    const wanted = this.readOnly ? [] : {
      play: ['undo', 'pencil', 'hint', 'apply', 'solve'],
      generate: ['undo', 'pencil', 'hint', 'apply', 'solve', 'new'],
      solve: ['undo', 'clear', 'solve'],
    }[this.mode].filter((action) => !['hint', 'apply'].includes(action) || typeof this.engine?.hint === 'function');
    if (toolbar.dataset.actions !== wanted.join(' ')) {
      toolbar.dataset.actions = wanted.join(' ');
      toolbar.replaceChildren(...wanted.map((action) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.action = action;
        button.textContent = t(`button.${action}`);
        button.setAttribute('part', `button ${action}`);
        if (action === 'solve' && this.mode === 'solve') button.className = 'primary';
        return button;
      }));
    }
    toolbar.querySelector('[data-action="pencil"]')?.setAttribute('aria-pressed', String(this.view.mode === 'centre'));
    // The modes, where the player marks and colours: not in a read-only or solve-only widget.
    this.ui.modes.hidden = this.readOnly || this.mode === 'solve';
    if (this.ui.modes.hidden) this.view.mode = 'digit';
    this.syncSolve();
    this.syncApply();
    this.updatePalette();
  }

  /** Apply is live while a hint is shown for the grid as it stands. */
  syncApply() {
    const apply = this.ui.toolbar.querySelector('[data-action="apply"]');
    if (!apply) return;
    const off = !this.board.currentHint();
    // A focused Apply about to go grey hands the focus to Hint, where the keyboard goes on.
    if (off && !apply.disabled && this.shadowRoot.activeElement === apply) {
      (this.ui.toolbar.querySelector('[data-action="hint"]') ?? this.ui.canvas).focus({ preventScroll: true });
    }
    apply.disabled = off;
  }

  /** Symbol buttons for pointers and touch screens, up to 16×16 (larger grids use the keyboard). */
  updatePalette() {
    this.board.paletteLimit = this.readOnly ? 0 : 16;
    this.board.updatePalette();
    // One row of up to 10 buttons (the symbols and erase), else two rows as even as can be.
    const count = this.ui.palette.children.length;
    this.ui.palette.style.setProperty('--across', String(count > 10 ? Math.ceil(count / 2) : Math.max(1, count)));
  }

  redraw() {
    this.board.redraw();
  }

  /** Draws now, in the theme's colours and the element's custom properties. */
  draw() {
    this.board.draw();
  }
}

