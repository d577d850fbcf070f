// The playing board that the app page and the <sudoku-widget> share: a game, how it is
// viewed (the selected cells, the entry mode, outlines, the hint shown), its layout on a canvas, the
// symbol palette, pointer hit-testing, entries and their refusals, and what the engine's
// answers to Solve, Hint and Rate mean for the board. Each page keeps only its own chrome
// (status lines, toolbars, events) and its own engine calls.
//
//   const board = new Board({ canvas, scroller, palette, onDraw });
//   board.setGame(Game.fromPuzzle(9, values));
//   board.redraw();                              // on the next animation frame
//   const { refusal } = board.input(5);          // at the selected cell
//
// Nothing here talks to the engine or writes messages into the page: the functions below
// turn the engine's results into plain data ({message, tone, ...}) that each page shows
// in its own way. Their words come from the catalog (i18n.js); a page that changes the
// language calls board.relabel() to relabel the mode and palette buttons.

import { COLOURS, Game } from './game.js';
import { asLayout, cellName, fromLine, hasCages, symbolText } from './grid.js';
import { gridKeyAction } from './input.js';
import { COLOUR_WORDS } from './speech.js';
import { THEMES, cellAt, cellColour, drawGrid, gridState, layoutFor, possibleCells } from './render.js';
import { technique } from './techniques.js';
import { t } from './i18n.js';
import { stepText } from './hint-words.js';

/**
 * What a digit does, as in SudokuPad: 'digit' enters it, 'corner' and 'centre' toggle that
 * mark, 'colour' toggles that colour (digits 1..9 name the colours).
 */
export const MODES = ['digit', 'corner', 'centre', 'colour'];

/** The mode after `mode`, as Space cycles them. */
export function nextMode(mode) {
  return MODES[(MODES.indexOf(mode) + 1) % MODES.length];
}

/** How a press on the grid changes the selection: Ctrl (Cmd) toggles a cell, Shift selects the rectangle from the cursor. */
export function pressHow({ ctrlKey = false, metaKey = false, shiftKey = false }) {
  return ctrlKey || metaKey ? 'toggle' : shiftKey ? 'extend' : 'only';
}

/** The colours' names (render.js's CELL_COLOURS), for screen readers and tooltips. */
export const COLOUR_NAMES = COLOUR_WORDS;

/** Each mode in a few words, for buttons and announcements, read in the language in use: 'Digit', 'Corner marks' … */
export const MODE_WORDS = Object.freeze(Object.defineProperties({}, Object.fromEntries(MODES.map((mode) => [mode, {
  enumerable: true, get: () => t(`mode.${mode}`),
}]))));

/** What is announced when the entry mode becomes `mode`: 'Corner marks mode.' */
export function modeAnnouncement(mode) {
  return t(`mode.spoken.${mode}`);
}

/** What a board shows beyond the game: the parts of drawGrid's state a page changes. */
export function newView() {
  return {
    selected: -1, // the cursor: the cell the keys move from, the last one selected
    selection: [], // every selected cell (the cursor among them), in the order selected
    mode: 'digit',
    filter: 0, // the pad's digit filter: the symbol whose possible places are tinted, or 0
    get pencilMode() { return this.mode === 'centre' || this.mode === 'corner'; },
    focused: false,
    zoom: 1,
    errors: [], // cells the engine rejected, or entries Check found wrong
    marked: [], // cells where two solutions differ
    mistakes: [], // entries that differ from the solution, while mistakes are shown
    hint: null, // the hint shown: see hintFor()
  };
}

export class Board {
  /**
   * @param {{canvas: HTMLCanvasElement, scroller: HTMLElement, palette?: HTMLElement | null, modes?: HTMLElement | null,
   *          paletteLimit?: number, fitOptions?: () => object, look?: () => {theme: object, font?: string},
   *          onDraw?: () => void, onMode?: (mode: string) => void}} parts
   * `scroller` is the box the grid is fitted into (and scrolls in when larger);
   * `palette`, when given, gets a button per symbol (up to grids of side `paletteLimit`)
   * and an erase button (in colour mode, a button per colour); `modes`, when given, gets
   * the mode buttons (#mode-digit, #mode-corner, #mode-centre, #mode-colour, each with
   * aria-pressed; a click sets `view.mode` and calls `onMode(mode)`); `fitOptions()` adds layoutFor() options (minCell, maxCell);
   * `look()` gives the colours (a theme like render.js's THEMES.light) and font to draw
   * in, asked at each drawing; `onDraw()` runs after each drawing.
   */
  constructor({
    canvas, scroller, palette = null, modes = null, paletteLimit = 64, fitOptions = () => ({}), look = () => ({ theme: THEMES.light }),
    onDraw = () => {}, onMode = () => {},
  }) {
    this.canvas = canvas;
    this.scroller = scroller;
    this.palette = palette;
    this.paletteLimit = paletteLimit;
    this.fitOptions = fitOptions;
    this.look = look;
    this.onDraw = onDraw;
    this.modes = modes;
    this.onMode = onMode;
    if (modes) {
      modes.setAttribute('role', 'group');
      modes.replaceChildren(...MODES.map((mode) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.id = `mode-${mode}`;
        button.dataset.mode = mode;
        button.setAttribute('aria-pressed', 'false');
        return button;
      }));
      modes.addEventListener('pointerdown', (event) => event.preventDefault()); // keep the grid's focus
      modes.addEventListener('click', (event) => {
        const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('button[data-mode]'));
        if (button) this.onMode(button.dataset.mode);
      });
    }
    this.game = new Game(9);
    this.view = newView();
    this.layout = null;
    /** @type {string | number} the key of the palette's buttons (updatePalette), -1 before the first */
    this.paletteSize = -1;
    this.drawPending = false;
    this.relabel();
  }

  /**
   * Puts the words of the language in use on the mode buttons and rebuilds the palette's
   * (its labels) on its next update: call it after a language change, then updatePalette().
   */
  relabel() {
    const { modes } = this;
    this.paletteSize = -1;
    if (!modes) return;
    modes.setAttribute('aria-label', t('mode.group'));
    for (const button of /** @type {Iterable<HTMLElement>} */ (modes.children)) {
      const mode = button.dataset.mode;
      button.textContent = t(`mode.button.${mode}`);
      button.title = t('mode.title', { mode: MODE_WORDS[mode], keys: t(`mode.keys.${mode}`) });
    }
  }

  /** Replaces the game; the view forgets the old game's selection, outlines and hint. */
  setGame(game, { selected = -1 } = {}) {
    this.game = game;
    const view = this.view;
    view.selected = Number.isInteger(selected) && selected >= 0 && selected < game.size ** 2 ? selected : -1;
    view.selection = view.selected >= 0 ? [view.selected] : [];
    // Shift's rectangles start afresh from the new game's cursor.
    view.anchor = view.selected;
    view.base = [];
    view.filter = 0;
    view.errors = [];
    view.marked = [];
    view.mistakes = [];
    view.hint = null;
    this.layout = null;
  }

  /** The hint shown, while the grid is still the one it was given for. */
  currentHint() {
    const hint = this.view.hint;
    return hint && hint.game === this.game && hint.valueRevision === this.game.valueRevision ? hint : null;
  }

  /** The layout that fits the scroller's content box at `zoom`. */
  fit(zoom = this.view.zoom) {
    const style = getComputedStyle(this.scroller);
    const width = this.scroller.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = this.scroller.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return layoutFor(this.game.layout, Math.max(1, width), Math.max(1, height), {
      dpr: window.devicePixelRatio || 1, zoom, ...this.fitOptions(),
    });
  }

  /** Draws on the next animation frame (several calls, one drawing). */
  redraw() {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(() => {
      this.drawPending = false;
      if (this.canvas.isConnected) this.draw();
    });
  }

  /** Draws now: sizes the canvas to the layout, then the grid with the view's outlines. */
  draw() {
    if (!this.scroller.clientWidth) return;
    const { canvas, game, view } = this;
    const next = this.fit();
    if (!this.layout || next.width !== this.layout.width || next.dpr !== this.layout.dpr
      || canvas.width !== next.width) {
      canvas.width = next.width;
      canvas.height = next.height;
      canvas.style.width = `${next.cssWidth}px`;
      canvas.style.height = `${next.cssHeight}px`;
    }
    this.layout = next;
    const { theme, font } = this.look();
    drawGrid(canvas.getContext('2d'), {
      ...gridState(game, view),
      errors: [...view.errors, ...view.mistakes],
      hint: hintDrawing(this.currentHint()),
      theme,
      font,
    }, next);
    this.onDraw();
  }

  /** The cell under a point of the window, or -1. */
  cellAtClient(clientX, clientY) {
    if (!this.layout) return -1;
    const rect = this.canvas.getBoundingClientRect();
    if (!rect.width) return -1;
    const scale = this.layout.width / rect.width;
    return cellAt(this.layout, (clientX - rect.left) * scale, (clientY - rect.top) * scale);
  }

  /** A cell's side in CSS pixels as last drawn. */
  cellCss() {
    return this.layout ? this.layout.cell / this.layout.dpr : 0;
  }

  /** What a key pressed in the grid means here (see input.js). */
  keyAction(event) {
    return gridKeyAction(event, this.game.layout, this.view.selected);
  }

  /** The selected cells: the selection, or the cursor's cell alone. */
  cells() {
    const { selected, selection } = this.view;
    if (selection.length) return selection;
    return selected >= 0 ? [selected] : [];
  }

  /**
   * Changes the selection: `cell` alone (how 'only', the default), added to it ('add'),
   * added or taken out ('toggle'), or the rectangle from the cursor to it ('extend', as
   * Shift+click and Shift+arrows do; the cursor stays the rectangle's anchor). -1 with
   * 'only' selects nothing. The cursor moves to `cell`, except for 'extend'.
   */
  select(cell, how = 'only') {
    const view = this.view;
    const n = this.game.size;
    if (!(Number.isInteger(cell) && cell >= 0 && cell < n * n)) {
      if (how === 'only') Object.assign(view, { selected: -1, selection: [], filter: 0 });
      return;
    }
    if (how === 'extend' && view.selected >= 0) {
      const anchor = view.anchor >= 0 && view.anchor < n * n ? view.anchor : view.selected;
      const [r0, r1] = [Math.floor(anchor / n), Math.floor(cell / n)].sort((a, b) => a - b);
      const [c0, c1] = [anchor % n, cell % n].sort((a, b) => a - b);
      const box = [];
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) box.push(r * n + c);
      view.selection = [...new Set([...(view.base ?? []).filter((c) => c < n * n), ...box])];
      view.anchor = anchor;
      view.selected = cell;
      return;
    }
    if (how === 'toggle' && view.selection.includes(cell) && view.selection.length > 1) {
      view.selection = view.selection.filter((c) => c !== cell);
      view.selected = view.selection.at(-1);
    } else if (how === 'add' || how === 'toggle') {
      view.selection = [...view.selection.filter((c) => c !== cell), cell];
      view.selected = cell;
    } else {
      view.selection = [cell];
      view.selected = cell;
    }
    // The next 'extend' starts a rectangle here, keeping what is selected now.
    view.anchor = cell;
    view.base = how === 'only' ? [] : view.selection.filter((c) => c !== cell);
  }

  /**
   * Starts a drag from `cell`, just pressed `how` (pressHow): it adds the cells it passes,
   * or takes them out when the press took this one out, as in SudokuPad.
   */
  startSweep(cell, how) {
    this.sweep = { from: cell, removing: how === 'toggle' && !this.cells().includes(cell), moved: false };
  }

  /**
   * How the drag under way changes the selection as it passes `cell`: 'add', 'toggle'
   * (taking it out), or null for no change (nothing pressed, the pressed cell not left yet,
   * or the cell already as the drag wants it).
   */
  sweepHow(cell) {
    const { sweep } = this;
    if (cell < 0 || !sweep || (cell === sweep.from && !sweep.moved)) return null;
    sweep.moved = true;
    const has = this.cells().includes(cell);
    if (sweep.removing) return has ? 'toggle' : null;
    return has ? null : 'add';
  }

  /** Selects every cell (Ctrl+A). */
  selectAll() {
    const count = this.game.size ** 2;
    this.view.selection = Array.from({ length: count }, (_, i) => i);
    if (this.view.selected < 0) this.view.selected = 0;
  }

  /** Selects every cell holding the symbol of `cell` (a double-click), or `cell` alone when it is empty. */
  selectSame(cell) {
    const v = this.game.values[cell];
    this.select(cell);
    if (!v) return;
    this.view.selection = [cell, ...[...this.game.values.keys()].filter((i) => i !== cell && this.game.values[i] === v)];
  }

  /**
   * Puts a symbol (0 clears) in every selected cell, as the mode says (`as` overrides the
   * view's mode: Shift+digit is a corner mark, Ctrl+digit a centre mark, whatever the
   * mode): an entry, a corner or centre mark, or a colour (symbols 1..9 are the colours).
   * One command for all the cells. Returns {changed, reason ('entry' | 'mark' | 'colour' |
   * 'clear'), refusal (a sentence, or null), cell (the cursor), cells}. A change clears the
   * engine's outlines, which no longer hold.
   */
  input(value, as = this.view.mode) {
    const cell = this.view.selected;
    const cells = this.cells();
    if (cells.length === 0) return { changed: false, refusal: t('refusal.select'), cell, cells };
    const { game } = this;
    if (as === 'colour' && value > COLOURS) {
      return { changed: false, refusal: t('refusal.colours', { count: COLOURS }), cell, cells };
    }
    let outcome;
    if (value === 0) outcome = game.clearAll(cells, as);
    else if (as === 'colour') outcome = game.toggleColour(cells, value);
    else if (as === 'corner' || as === 'centre') outcome = game.toggleMarks(cells, value, as);
    else outcome = game.enterAll(cells, value);
    const refusal = refusalSentence(outcome, cell, game.size);
    if (refusal || !outcome) return { changed: false, refusal, cell, cells };
    this.view.errors = [];
    this.view.marked = [];
    const reason = !value ? 'clear' : as === 'colour' ? 'colour' : as === 'digit' ? 'entry' : 'mark';
    return { changed: true, reason, refusal: null, cell, cells };
  }

  /**
   * Listens to the palette: a click calls `onValue(value)` (0 for erase); a button held
   * for half a second, or clicked with Alt, calls `onFilter(value)` instead (the digit
   * filter: where that symbol can still go), and its click is then ignored.
   */
  listenToPalette(onValue, onFilter) {
    const { palette } = this;
    if (!palette) return;
    let timer = 0;
    let held = false;
    palette.addEventListener('pointerdown', (event) => {
      event.preventDefault(); // keep the grid's focus
      const button = /** @type {Element} */ (event.target).closest('button');
      held = false;
      clearTimeout(timer);
      if (!button || this.view.mode === 'colour' || button.dataset.value === '0') return;
      timer = setTimeout(() => {
        held = true;
        onFilter(Number(button.dataset.value));
      }, 500);
    });
    for (const type of ['pointerup', 'pointerleave', 'pointercancel']) palette.addEventListener(type, () => clearTimeout(timer));
    // A long press on a touch screen opens no context menu.
    palette.addEventListener('contextmenu', (event) => event.preventDefault());
    palette.addEventListener('click', (event) => {
      const button = /** @type {Element} */ (event.target).closest('button');
      if (!button) return;
      if (held) {
        held = false;
        return;
      }
      const value = Number(button.dataset.value);
      if (event.altKey && value && this.view.mode !== 'colour') onFilter(value);
      else onValue(value);
    });
  }

  /**
   * Builds the palette for the game's size (a button per symbol and an erase button, or
   * none past `paletteLimit`), and dims the symbols placed n times.
   */
  updatePalette() {
    const { palette, game } = this;
    if (!palette) return;
    for (const button of /** @type {Iterable<HTMLElement>} */ (this.modes?.children ?? [])) {
      button.setAttribute('aria-pressed', String(button.dataset.mode === this.view.mode));
    }
    const colours = this.view.mode === 'colour' && this.paletteLimit > 0;
    const n = colours ? COLOURS : game.size <= this.paletteLimit ? game.size : 0;
    // A killer's symbols from 10 up are numbers.
    const key = `${n}${hasCages(game.layout) ? 'k' : ''}${colours ? 'c' : ''}`;
    if (this.paletteSize !== key) {
      this.paletteSize = key;
      palette.dataset.size = String(n);
      palette.dataset.mode = colours ? 'colour' : 'symbol';
      const buttons = [];
      if (colours) {
        for (let k = 1; k <= n; k++) buttons.push([String(k), String(k), t('palette.colour', { k, name: COLOUR_NAMES[k - 1] })]);
        buttons.push(['⌫', '0', t('palette.remove-colours')]);
      } else {
        for (let v = 1; v <= n; v++) buttons.push([symbolText(v, game.layout), String(v), t('palette.enter', { symbol: symbolText(v, game.layout) })]);
        if (n) buttons.push(['⌫', '0', t('palette.clear')]);
      }
      palette.replaceChildren(...buttons.map(([text, value, label]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.tabIndex = -1; // the grid takes these keys directly; the buttons are for pointers
        button.textContent = text;
        button.dataset.value = value;
        button.setAttribute('aria-label', label);
        if (value === '0') button.className = 'erase';
        return button;
      }));
    }
    if (colours) {
      const { theme } = this.look();
      for (const button of /** @type {HTMLCollectionOf<HTMLElement>} */ (palette.children)) {
        const k = Number(button.dataset.value);
        button.style.background = k ? cellColour(theme, k) : '';
        button.classList.remove('done');
      }
      return;
    }
    const counts = new Uint16Array(game.size + 1);
    for (const v of game.values) counts[v]++;
    for (const button of /** @type {HTMLCollectionOf<HTMLElement>} */ (palette.children)) {
      const v = Number(button.dataset.value);
      button.classList.toggle('done', v > 0 && counts[v] >= game.size);
      button.classList.toggle('filter', v > 0 && v === this.view.filter);
    }
  }
}

/** The digit filter in words: 'Where 5 can still go: 12 cells.', or that it is off (v = 0). */
export function filterWords(game, v) {
  if (!v) return t('filter.off');
  return t('filter.where', { symbol: symbolText(v, game.layout), count: possibleCells(game, v).length });
}

/** Why an edit was refused, as a sentence, or null when it was not. */
export function refusalSentence(outcome, cell, size) {
  if (outcome?.refused === 'given') return t('refusal.given', { cell: cellName(cell, size) });
  if (outcome?.refused === 'filled') return t('refusal.filled');
  return null;
}

/** The cells where two grids (values in cell order) differ. */
export function differences(a, b) {
  const cells = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) cells.push(i);
  return cells;
}

/**
 * A search's guesses and conflicts in words, leaving out those it has none of:
 * ["1,146 guesses", "21,562 conflicts"]. The last is the one count a progress line has
 * room for (the conflict-driven search's work, once it runs).
 */
export function searchCounts({ guesses = 0, conflicts = 0 } = {}) {
  return [
    guesses ? t('search.guesses', { count: guesses }) : '',
    conflicts ? t('search.conflicts', { count: conflicts }) : '',
  ].filter(Boolean);
}

/**
 * What the engine's answer to Solve means for `game` (which it changes): the solution is
 * filled in for 'unique' and 'multiple', with the cells where two solutions differ.
 * Returns {status, filled (the command or null), marked, errors, message, tone}, and for
 * 'none' the `reason` (the message as an error's words); the message has no figures
 * (each page adds its own).
 */
export function applySolve(game, result) {
  const values = (line) => fromLine(line ?? '', { jigsaw: true })?.values ?? null;
  const entries = game.hasEntries();
  switch (result?.status) {
    case 'unique':
      return {
        status: 'unique', filled: game.fillSolution(values(result.solution)), marked: [], errors: [],
        message: t('solve.unique'), tone: 'ok',
      };
    case 'multiple': {
      const [first, second] = (result.solutions ?? []).map(values);
      const marked = first && second ? differences(first, second) : [];
      return {
        status: 'multiple', filled: game.fillSolution(values(result.solution) ?? first), marked, errors: [],
        message: t(marked.length ? 'solve.multiple-marked' : 'solve.multiple'),
        tone: 'warn',
      };
    }
    case 'none': {
      const reason = t(entries ? 'solve.none-entries' : 'solve.none');
      return {
        status: 'none', filled: null, marked: [], errors: [], reason,
        message: `${reason[0].toUpperCase()}${reason.slice(1)}.`, tone: 'error',
      };
    }
    default:
      return {
        status: result?.status ?? 'invalid', filled: null, marked: [], errors: result?.error?.cells ?? [],
        message: null, tone: 'error',
      };
  }
}

/** A hint comes in stages: where to look, then the cells, then the whole step. */
export const HINT_STAGES = 3;

/**
 * The hint a board shows for the engine's steps, at stage 1: where to look (`focus`, a
 * sentence, and the `regions` it names, framed on the grid), every step's cells (to tint
 * from stage 2), the placing step's cell (the target), the pencil marks every step
 * removes, and the chain links between candidates of the first step that has a chain
 * (`step.links`; `linksStep` is that step's index). hintDrawing() says how much of it the
 * grid shows at its stage.
 */
export function hintFor(game, steps) {
  const cells = [...new Set(steps.flatMap((step) => step.cells ?? []))];
  const focus = steps.length ? focusWordsOf(steps[0], game.layout) : null;
  const chained = steps.findIndex((step) => Array.isArray(step.links) && step.links.length > 0);
  return {
    game,
    // The engine's hint depends on the values alone: pencil marks may change under it.
    valueRevision: game.valueRevision,
    steps,
    stage: 1,
    // Where to look, as data (the engine's, or made here for a step without one), worded
    // afresh at each showing so that a change of language changes it too.
    focus,
    // The units the focus names (none when it names cells or the whole grid).
    regions: Array.isArray(steps[0]?.units) ? steps[0].units : focus?.units ?? [],
    cells,
    target: steps.at(-1)?.placements?.[0]?.cell ?? -1,
    eliminations: steps.flatMap((step) => step.eliminations ?? []),
    // One chain at a time: the first step's that has one (several chains drawn together,
    // as a hint of eight steps would, no longer read as chains).
    links: chained >= 0 ? steps[chained].links : [],
    // Which step that chain is (from 0; -1 without one): stage 2 speaks of the first step
    // alone, so it draws the chain only when it is that step's.
    linksStep: chained,
  };
}

/**
 * Moves a hint on to its next stage (it stays at the last). Returns whether it moved.
 */
export function advanceHint(hint) {
  if (!hint || hint.stage >= HINT_STAGES) return false;
  hint.stage += 1;
  return true;
}

/**
 * What the grid draws of a hint at its stage (drawGrid's `state.hint`), or null: nothing
 * at stage 1 (the words say where to look), the cells involved at stage 2 with the chain's
 * links when the chain is the first step's (the one stage 2 speaks of), and at stage 3 the
 * chain whatever its step, the cell to fill and the pencil marks to strike.
 */
export function hintDrawing(hint) {
  if (!hint) return null;
  const regions = hint.regions ?? [];
  if (hint.stage <= 1) return { regions, cells: [], target: -1, eliminations: [], links: [] };
  if (hint.stage === 2) return { regions, cells: hint.cells, target: -1, eliminations: [], links: stageTwoLinks(hint) };
  return { regions, cells: hint.cells, target: hint.target, eliminations: hint.eliminations, links: hint.links };
}

/** The chain stage 2 draws: the first step's own, else none (a later step's chain would be
 * drawn while the words speak of the first step). */
function stageTwoLinks(hint) {
  return (hint.linksStep ?? 0) === 0 ? hint.links : [];
}

/**
 * What a hint says at its stage, as plain data each page lays out its own way:
 *   stage      1, 2 or 3
 *   focus      where to look and what for ("Look at box 4: a hidden single."), the engine's
 *              `step.focus` when it gives one
 *   plain      the technique's meaning in one sentence (from techniques.js)
 *   technique  the first step's techniques.js entry, the one `focus` names (for the help panel)
 *   shown      stage 2 and on: a sentence saying what the grid shows
 *   steps      stage 3: every step's own sentence, the eliminations first
 *   links      whether the grid draws chain links (solid strong, dashed weak)
 *   legend     when it does, a sentence saying what the two kinds of line mean
 *   next       what pressing Hint again gives, or '' at the last stage
 *   announce   the whole stage as one message for a live region
 */
export function hintWords(hint, size) {
  const steps = hint.steps;
  const first = steps[0];
  const last = steps.at(-1);
  const layout = hint.game?.layout ?? size;
  const main = technique(first.technique, first.name);
  const final = technique(last.technique, last.name);
  const focusWords = hint.focus?.words ?? (typeof hint.focus === 'string' ? null : focusWordsOf(first, layout).words);
  let focus = sentence(focusWords ? stepText(focusWords, layout) : String(hint.focus ?? ''));
  if (steps.length > 1) focus += ` ${t('hint.first-of', { count: steps.length, phrase: final.phrase })}`;
  const links = (hint.stage === 2 ? stageTwoLinks(hint) : hint.stage >= 3 ? hint.links : []).length > 0;
  // At stage 3 every step is in words: say whose chain the grid draws when there are several.
  const whose = hint.stage >= 3 && steps.length > 1 && (hint.linksStep ?? 0) >= 0;
  const struck = hint.stage >= 3 && hint.eliminations.length ? '-struck' : '';
  const shown = hint.stage < 2 ? ''
    : !links ? t(`hint.shown${struck}`)
      : whose ? t(`hint.shown-chain-of${struck}`, { step: (hint.linksStep ?? 0) + 1 })
        : t(`hint.shown-chain${struck}`);
  const words = {
    stage: hint.stage,
    focus,
    plain: main.plain,
    technique: main,
    shown,
    steps: hint.stage >= 3 ? steps.map((step) => sentence(step.words ? stepText(step.words, layout) : step.text || step.name || '')) : [],
    links,
    legend: links ? t('hint.legend') : '',
    next: hint.stage === 1 ? t('hint.next-cells') : hint.stage === 2 ? t('hint.next-step') : '',
  };
  words.announce = (hint.stage >= 3 ? [...words.steps, words.legend]
    : [focus, hint.stage === 1 ? main.plain : shown, words.legend, words.next]).filter(Boolean).join(' ');
  return words;
}

/** A text as a sentence: trimmed, ending in one period (or its own ! or ?). */
function sentence(text) {
  const t = String(text).trim();
  return !t || /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * Where to look first for a step, as data: {words, units}. The engine's focus
 * (`step.focusWords`) when it gives one; else, made the way the engine makes it, the
 * smallest region holding the step's cells (one unit, box first as a player scans; else
 * up to three rows, columns or boxes; else the grid), the symbol when the step removes
 * only one, and the technique ("Look at rows 1 and 5 for 4: an X-Wing" in English).
 */
function focusWordsOf(step, layoutOrSize) {
  if (step.focusWords?.key) return { words: step.focusWords, units: null };
  const layout = asLayout(layoutOrSize);
  const size = layout.size;
  const cells = step.cells?.length ? step.cells : (step.placements ?? []).map((p) => p.cell);
  /** @type {[number, (c: number) => number][]} */
  const ways = [[2, (c) => layout.regions[c]], [0, (c) => Math.floor(c / size)], [1, (c) => c % size]];
  const kinds = ways.map(([kind, of]) => ({ kind, numbers: [...new Set(cells.map(of))].sort((x, y) => x - y).map((i) => i + 1) }));
  const unit = kinds.find((l) => l.numbers.length === 1);
  const few = [kinds[1], kinds[2], kinds[0]].find((l) => l.numbers.length <= 3);
  /** @type {Record<string, any>} */
  let region = { words: { key: 'the-grid', args: {} } };
  let units = [];
  if (cells.length && unit) {
    region = { unit: unit.kind * size + unit.numbers[0] - 1 };
    units = [unitOf(region.unit, size)];
  } else if (cells.length && few) {
    region = { lines: { kind: few.kind, numbers: few.numbers } };
    units = few.numbers.map((i) => unitOf(few.kind * size + i - 1, size));
  }
  const symbols = new Set([...(step.placements ?? []), ...(step.eliminations ?? [])].map((p) => p.value));
  const simple = ['naked-single', 'hidden-single'].includes(step.technique);
  /** @type {import('./hint-words.js').Words} */
  const words = { key: 'focus', args: { region } };
  if (symbols.size === 1 && !simple && !(step.placements ?? []).length) {
    words.args.for = { words: { key: 'focus-for', args: { symbol: { symbol: [...symbols][0] } } } };
  }
  words.args.phrase = technique(step.technique).known ? { phrase: step.technique } : { phrase: 'unknown' };
  return { words, units };
}

/** A unit number as the engine's hint names it: {kind, index}. */
function unitOf(u, size) {
  return { kind: ['row', 'column', 'box'][Math.floor(u / size)], index: u % size };
}

/**
 * Stage one's words for a step, in the language in use: the engine's focus when it gives
 * one, else one made from the step's cells (see focusWordsOf).
 */
export function stepFocus(step, layoutOrSize) {
  if (typeof step.focus === 'string' && step.focus.trim() && !step.focusWords) return step.focus.trim();
  return stepText(focusWordsOf(step, layoutOrSize).words, layoutOrSize);
}

/** Why the engine gave no hint (its status is not 'ok'), in words without a final period. */
export function noHintReason(result, describe) {
  if (result?.status === 'multiple') return t('hint.no-hint-multiple');
  if (result?.status === 'none') return t('hint.no-hint-none');
  return describe(result?.error);
}

/** The grade the engine's rate() gives, as the board keeps it, or null when there is none. */
export function gradeOf(result) {
  return result?.status === 'ok' ? { level: result.level, name: result.levelName, score: result.score } : null;
}

/** Why a puzzle has no grade, in words without a final period. */
export function noLevelReason(result, describe) {
  if (result?.status === 'multiple') return t('hint.no-level-multiple');
  if (result?.status === 'none') return t('hint.no-level-none');
  return describe(result?.error);
}
