// The app page's controller: its chrome around the shared board (www/internal/board.js, which
// holds the game, draws it and takes entries): the status box, the toolbars, keyboard,
// pointer and paste input, the recent games, the level, the timer and mistakes, printing
// and saving. Every solve, count, grade and generation goes to the engine's worker through
// www/engine.js; the main thread never solves, it only checks entries for clashes.
//
// For tests and scripts the canvas carries the grid as text: data-grid (every value, one
// line, what Copy copies), data-givens (the givens alone), data-size, and the cells drawn
// as clashing, rejected by the engine, or marked (data-clashes, data-errors, data-marked:
// cell indices), and the hint shown (data-hint: its cells, data-hint-target: the cell it
// fills, data-hint-stage: 1 to 3, all '' without one), the player's notes (data-centre,
// data-corner, data-colours: "cell:symbols" for each cell that has some, space-separated;
// colours as digits 1..9), the selected cells (data-selection), the entry mode (data-mode)
// and the digit filter's symbol (data-filter, '' when off). document.body.dataset.busy
// names the engine job running ('' when idle).
//
// For screen readers (www/internal/speech.js): the canvas is an ARIA grid whose selected cell is
// announced as it is reached, and every event (an entry, a clash, a hint stage, Check,
// Solve, the reading keys) says one message through the hidden live region #announcer;
// the visible status line, cell line and hint box are not live, so nothing is said twice.

import { createEngine, describeError } from '../engine.js';
import { Game } from './game.js';
import {
  JIGSAW_ONLY_SIDES, boxLayout, boxName, cellAtTextPlace, cellName, fromLine, hasCages, isJigsaw, layoutFromData, layoutOptions,
  pendingLayout, readLeniently, symbolChar, symbolText, unitKindWords, usualBox, variantWords,
} from './grid.js';
import { cageParams, combinationsLine, engineText } from './cages.js';
import { GridMirror, announce, clashWords, editWords, historyWords } from './speech.js';
import { allowSymmetries, fillBoxes, fillVariants, jigsawSizeOptions, rectangularSizeOptions } from './box-fields.js';
import {
  Board, COLOUR_NAMES, HINT_STAGES, MODES, advanceHint, filterWords, modeAnnouncement, nextMode, pressHow, applySolve, gradeOf, hintFor,
  hintWords, noHintReason, noLevelReason, searchCounts,
} from './board.js';
import { TECHNIQUES, technique } from './techniques.js';
import { TECHNIQUE_HELP } from './techniques-help.js';
import { attachGestures } from './gestures.js';
import { shortcutAction } from './input.js';
import { MIN_MARK_CSS_PX, THEMES, cellRect } from './render.js';
import {
  blankHash, generatedHash, hashKey, levelOf, minimalOffered, loadGames, loadLanguage, loadSetting, loadTheme, newGameId, parseHash,
  puzzleHash, saveGames, saveLanguage, saveSetting, saveTheme, showHash, withGame, withLevel, mergedGames, gradeNamed, GAMES_STORAGE_KEY,
} from './persist.js';
import { PlayClock, clockText } from './clock.js';
import { boardCanvas, boardSvg, download } from './export.js';
import { listRecent, worthKeeping } from './recent.js';
import { readSeed, seedValue } from './seed.js';
import { registerOffline } from './offline.js';
import { BUSY_WORDS, Session, completeWords, staleWords } from './session.js';
import { DAILY_LEVEL, DAILY_SIZES, dailyHash, localDay } from './daily.js';
import { applyProgress, decodeProgress, encodeProgress } from './progress.js';
import {
  loadStats, mergeStats, readStats, saveStats, statsLines, statsText as recordText, summary, withSolve,
} from './stats.js';
import { LANGUAGES, PARTS, chooseLanguage, language, onLanguage, setLanguage, translate } from './i18n.js';
import { t } from './app-messages.js';

const engine = createEngine();
/**
 * The element with this id, of the type its use declares (see `ui`), else an HTMLElement.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
const $ = (id) => /** @type {T} */ (document.getElementById(id));
/**
 * The page's controls and parts (index.html).
 * @type {{
 *   scroller: HTMLElement, canvas: HTMLCanvasElement, magnifier: HTMLDivElement, status: HTMLParagraphElement,
 *   statusDetails: HTMLParagraphElement, version: HTMLSpanElement, progressRow: HTMLDivElement,
 *   progress: HTMLProgressElement, progressText: HTMLSpanElement, cancel: HTMLButtonElement,
 *   solve: HTMLButtonElement, check: HTMLButtonElement, copy: HTMLButtonElement, shareProgress: HTMLButtonElement,
 *   openSudokupad: HTMLAnchorElement, undo: HTMLButtonElement, redo: HTMLButtonElement, pencil: HTMLButtonElement,
 *   clear: HTMLButtonElement, cellInfo: HTMLParagraphElement, cageCombinations: HTMLParagraphElement,
 *   palette: HTMLDivElement, modes: HTMLDivElement, candidateGrid: HTMLInputElement, hint: HTMLButtonElement,
 *   apply: HTMLButtonElement, candidates: HTMLButtonElement, hintText: HTMLDivElement,
 *   techniquesHelp: HTMLButtonElement, techniques: HTMLDialogElement, techniquesList: HTMLDivElement,
 *   techniquesClose: HTMLButtonElement, difficulty: HTMLSelectElement, zoomIn: HTMLButtonElement,
 *   zoomOut: HTMLButtonElement, zoomLevel: HTMLOutputElement, form: HTMLFormElement, size: HTMLSelectElement,
 *   box: HTMLSelectElement, boxField: HTMLLabelElement, variant: HTMLSelectElement, symmetry: HTMLSelectElement,
 *   seed: HTMLInputElement, empty: HTMLInputElement, minimal: HTMLInputElement, generate: HTMLButtonElement,
 *   blank: HTMLButtonElement, daily: HTMLButtonElement, statsLines: HTMLUListElement,
 *   statsExport: HTMLButtonElement, statsImport: HTMLButtonElement, statsFile: HTMLInputElement,
 *   text: HTMLTextAreaElement, pasteNote: HTMLParagraphElement, load: HTMLButtonElement, help: HTMLDetailsElement, themeToggle: HTMLButtonElement,
 *   recent: HTMLOListElement, recentGroup: HTMLElement, rate: HTMLButtonElement, level: HTMLSpanElement,
 *   timer: HTMLSpanElement, timerToggle: HTMLButtonElement, showMistakes: HTMLInputElement,
 *   printThis: HTMLButtonElement, savePng: HTMLButtonElement, saveSvg: HTMLButtonElement, lang: HTMLSelectElement
 * }}
 */
const ui = {
  scroller: $('board'), canvas: $('grid'), magnifier: $('magnifier'), status: $('status'), statusDetails: $('status-details'),
  version: $('engine-version'),
  progressRow: $('progress-row'), progress: $('progress'), progressText: $('progress-text'), cancel: $('cancel'),
  solve: $('solve'), check: $('check'), copy: $('copy'), shareProgress: $('share-progress'), openSudokupad: $('open-sudokupad'), undo: $('undo'), redo: $('redo'),
  pencil: $('pencil'), clear: $('clear'), cellInfo: $('cell-info'), cageCombinations: $('cage-combinations'), palette: $('palette'),
  modes: $('modes'), candidateGrid: $('candidate-grid'),
  hint: $('hint'), apply: $('apply'), candidates: $('candidates'), hintText: $('hint-text'),
  techniquesHelp: $('techniques-help'), techniques: $('techniques'), techniquesList: $('techniques-list'),
  techniquesClose: $('techniques-close'),
  difficulty: $('difficulty'),
  zoomIn: $('zoom-in'), zoomOut: $('zoom-out'), zoomLevel: $('zoom-level'),
  form: $('generate-form'), size: $('size'), box: $('box'), boxField: $('box-field'), variant: $('variant'), symmetry: $('symmetry'), seed: $('seed'), empty: $('empty'),
  minimal: $('minimal'),
  generate: $('generate'), blank: $('blank'), daily: $('daily'),
  statsLines: $('stats-lines'), statsExport: $('stats-export'), statsImport: $('stats-import'), statsFile: $('stats-file'), text: $('puzzle-text'), pasteNote: $('paste-note'), load: $('load'),
  help: $('help'), themeToggle: $('theme-toggle'), recent: $('recent'), recentGroup: $('recent-games'),
  rate: $('rate'), level: $('level'), timer: $('timer'), timerToggle: $('timer-toggle'),
  showMistakes: $('show-mistakes'), printThis: $('print-this'), savePng: $('save-png'), saveSvg: $('save-svg'),
  lang: $('lang'),
};
/** The zoom buttons and keys step by this factor; pinches and Ctrl+wheel zoom smoothly. */
const ZOOM_STEP = 1.5;
/** Zoomed in as far as it goes, a cell is this many CSS pixels (or 6 times its fitted size). */
const MAX_CELL_CSS = 72;
/** A cell smaller than this on a touch screen is too small to tap: a tap zooms in first. */
const MIN_TAP_CSS = 20;
/** Touch screens see the whole grid at first, however small; mice and keyboards need 11 px cells. */
const coarsePointer = matchMedia('(pointer: coarse)');
/** Where the pad goes under (or beside) the grid: narrow screens, and phones held sideways. */
const padByGrid = matchMedia('(max-width: 52rem), (orientation: landscape) and (max-height: 32rem)');

/**
 * Puts the pad (the modes and the symbols) under the grid on narrow screens, so a player
 * sees the grid and the pad together, and back in the panel on wide ones.
 */
function placePad() {
  const pad = $('pad');
  if (padByGrid.matches) {
    if (pad.parentElement !== ui.scroller.parentElement) ui.scroller.after(pad);
  } else if (pad.previousElementSibling !== $('pad-home')) $('pad-home').after(pad);
  board.layout = null;
  redraw();
}

/** The board: the game, its view, layout, drawing, palette and entries (www/internal/board.js). */
const board = new Board({
  canvas: ui.canvas,
  scroller: ui.scroller,
  palette: ui.palette,
  modes: ui.modes,
  onMode: (mode) => setMode(mode),
  // A 64×64 fits a 768-pixel window with 10-pixel cells, drawn as legibly as 11 (render.js).
  fitOptions: () => ({ minCell: coarsePointer.matches ? 1 : board.game.size >= 36 ? 10 : 11 }),
  look: () => ({ theme: THEMES[themeName()] }),
  onDraw: () => updateMagnifier(),
});
const view = board.view;
/** The grid's accessible structure, following the selection, and the one live region. */
const mirror = new GridMirror(ui.canvas, 'cell-');
const announcer = $('announcer');
/** The hash that names where the current puzzle came from (a pasted line, a seed, a blank). */
let source = blankHash(9);
/** The current game's id in the list of recent games. */
let gameId = newGameId();
/** What loading the saved games found: the games, and what was left out (see loadGames). */
/** Whether a stored record's game data holds together. */
const readableGame = (game) => Game.fromJSON(game) !== null;
const loaded = loadGames(readableGame);
/** The recent games as stored (records, see persist.js), most recent first. */
let recent = loaded.games;
/**
 * Games a newer one replaced, for Undo to go back to, and those Undo went back from, for
 * Redo: {id, game, hash, selected}, the Game objects themselves (with their history).
 */
const replaced = [];
const unreplaced = [];
/** Hints asked of the engine in the current game (each new hint; its later stages are free). */
let hintsUsed = 0;
/** The player's own record (stats.js): solves, times, streaks, hints. */
let stats = loadStats();
/** The current puzzle's grade: {level, name, score}, or null until it is rated. */
let level = null;
/** Time played on the current game. */
const clock = new PlayClock();
/** The current puzzle's solution, once asked for: {key (the puzzle line), status, values}. */
let solutionCache = null;
/**
 * The session (session.js): the engine job running, one at a time (another is refused
 * while it runs), and its tickers beside the progress bar.
 */
const session = new Session({
  busy: 'refuse',
  onStart: (kind, message) => {
    setBusy(kind);
    ui.progress.removeAttribute('value'); // indeterminate until progress arrives
    if (message) say(message);
  },
  onEnd: () => setBusy(null),
  onTick: (kind, text) => {
    ui.progressText.textContent = text;
    ui.progressText.title = text;
  },
  onRefused: (kind, running) => say(t('app.busy', { job: BUSY_WORDS[running] ?? t('app.busy.working') }), 'warn'),
});

// ---------------------------------------------------------------------------------------
// Status and drawing

/**
 * Shows a message in the status line and announces it; `tone` is '', 'ok', 'warn' or
 * 'error'. `details` (the figures behind it: times, counts) goes on the quieter line
 * below, which every new message replaces, and is not announced. `spoken`, when given,
 * is announced in place of the message (the event's one message: '' for none).
 */
function say(message, tone = '', details = '', spoken = message, { holds = null } = {}) {
  announce(announcer, spoken);
  ui.status.textContent = message;
  ui.status.dataset.tone = tone;
  ui.statusDetails.textContent = details;
  ui.statusDetails.title = details;
  statusHolds = holds;
  // A message longer than the box scrolls, and can then be reached with Tab to scroll it.
  ui.status.scrollTop = 0;
  const overflows = ui.status.scrollHeight > ui.status.clientHeight + 1;
  if (overflows) ui.status.tabIndex = 0;
  else ui.status.removeAttribute('tabindex');
  markMoreStatus();
}

/**
 * Marks the status line `data-more` while part of its message lies below what shows: the
 * style then fades its last line out (overlay scrollbars show nothing until scrolled).
 */
function markMoreStatus() {
  const { status } = ui;
  status.toggleAttribute('data-more', status.scrollTop + status.clientHeight < status.scrollHeight - 1);
}
ui.status.addEventListener('scroll', markMoreStatus, { passive: true });

/**
 * Whether the status line still tells the truth, for a message about the grid as it was
 * (a clash, "Solved", a Check verdict, a zoom prompt): asked after every change, and the
 * message goes once it no longer holds. null for messages that stay true.
 */
let statusHolds = null;

/** Says a message that holds only while the grid's values are as they are now. */
function sayOfGrid(message, tone = '', details = '', spoken = message) {
  const { game } = board;
  const revision = game.valueRevision;
  say(message, tone, details, spoken, { holds: () => board.game === game && game.valueRevision === revision });
}

/** Takes a message that no longer holds off the status line (see statusHolds). */
function dropStaleStatus() {
  if (!statusHolds || statusHolds()) return;
  statusHolds = null;
  ui.status.textContent = '';
  ui.status.dataset.tone = '';
  ui.statusDetails.textContent = '';
  ui.statusDetails.title = '';
}

const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** The theme in use: the player's choice, else the system's. */
function themeName() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return systemDark.matches ? 'dark' : 'light';
}

/** The zoom as the language writes a percentage: "150%", « 150 % ». */
function showZoom() {
  // From the catalog, not Intl.NumberFormat: the first one costs 80 to 250 ms on a phone.
  ui.zoomLevel.textContent = t('app.zoom.level', { percent: Math.round(view.zoom * 100) });
}

/** A phrase put after a word with a space before it, or nothing: " killer". */
function spaced(words) {
  return words ? ` ${words}` : '';
}

/** A level's name in the page's language: "Easy" … "Diabolical". */
function levelName(level) {
  return t(`engine.level-${level}`);
}

/**
 * Fills the elements whose message holds keys drawn as keys: `data-i18n-keys="key"`, where
 * `{k1}`, `{k2}` … stand for the element's <kbd> children in the order the markup has them
 * (so a language may put them where its sentence needs them).
 * @param {ParentNode} root
 */
function translateWithKeys(root) {
  for (const el of root.querySelectorAll('[data-i18n-keys]')) {
    let caps = keyCaps.get(el);
    if (!caps) {
      caps = [...el.querySelectorAll('kbd')].map((kbd) => /** @type {Element} */ (kbd.cloneNode(true)));
      keyCaps.set(el, caps);
    }
    const params = Object.fromEntries(caps.map((_, i) => [`k${i + 1}`, `\u0000${i}\u0000`]));
    const pieces = t(el.getAttribute('data-i18n-keys') ?? '', params).split('\u0000');
    el.replaceChildren(...pieces.map((piece, i) => (i % 2 ? caps[Number(piece)].cloneNode(true) : piece)));
  }
}
/** @type {WeakMap<Element, Element[]>} each element's key caps, as the markup had them */
const keyCaps = new WeakMap();

/**
 * Puts the page in the language chosen: its markup's words, the lines this controller
 * writes, the drawing. The game, the status line's facts and the selection stay.
 */
function speakLanguage() {
  document.documentElement.lang = language();
  ui.lang.value = language();
  translateWithKeys(document);
  translate(document);
  fillLanguages();
  const size = ui.size.value;
  $('size-rectangular').replaceChildren(...rectangularSizeOptions());
  $('size-jigsaw').replaceChildren(...jigsawSizeOptions());
  ui.size.value = size;
  syncGenerateFields();
  applyTheme(document.documentElement.dataset.theme ?? null);
  showTimer(!ui.timer.hidden);
  showLevel();
  showStats();
  showRecent();
  if (engineVersion) showVersion(engineVersion);
  showZoom();
  board.relabel();
  board.updatePalette();
  ui.techniquesList.replaceChildren(); // written again, in the new language, when next opened
  if (view.hint && !ui.hintText.hidden) showHintText(view.hint);
  showPasteNote();
  changed({ persist: false });
}

/** The language switch: each language by its own name, in its own language. */
function fillLanguages() {
  if (ui.lang.options.length) return;
  ui.lang.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = new Option(name, code);
    option.lang = code;
    return option;
  }));
  ui.lang.value = language();
}

/** The engine's version once it answered, for the footer (written again in another language). */
let engineVersion = '';

/** Draws on the next animation frame. */
function redraw() {
  board.redraw();
}

/** The largest zoom: cells of MAX_CELL_CSS pixels, or 6 times the fitted size when that is more. */
function maxZoom() {
  const fitted = board.fit(1);
  return Math.max(6, (MAX_CELL_CSS * fitted.dpr) / fitted.cell);
}

/** Whether pencil marks are drawn legibly on the grid at its current size and zoom. */
function marksReadable() {
  return !board.layout || board.layout.cell / board.layout.box >= MIN_MARK_CSS_PX * board.layout.dpr;
}

/**
 * The magnifier: where the grid is too small to draw pencil marks (25×25 and up at 100%),
 * the selected cell's marks appear beside it, large, in a box of k×k places like the
 * cell's own. It is for the eyes only; the cell line below the toolbar reads them out.
 */
function updateMagnifier() {
  const box = ui.magnifier;
  const cell = view.selected;
  const marks = cell >= 0 && !board.game.values[cell] ? board.game.pencil[cell] : null;
  if (!board.layout || !marks?.length || marksReadable()) {
    box.hidden = true;
    ui.canvas.dataset.magnified = '';
    return;
  }
  // The places of the cell's pencil-mark raster (render.js).
  const { markRows: rows, markColumns: columns } = board.layout;
  if (box.dataset.k !== `${rows}x${columns}`) {
    box.dataset.k = `${rows}x${columns}`;
    box.style.setProperty('--k', String(columns));
    box.replaceChildren(...Array.from({ length: rows * columns }, () => document.createElement('span')));
  }
  const marked = new Set(marks);
  [...box.children].forEach((slot, i) => {
    slot.textContent = marked.has(i + 1) ? symbolText(i + 1, board.game.layout) : '';
  });
  box.hidden = false;
  ui.canvas.dataset.magnified = String(cell);
  // Beside the cell, on the side with more room, inside the visible part of the board.
  const r = cellRect(board.layout, cell);
  const { scroller, canvas } = ui;
  const x = canvas.offsetLeft + r.x / board.layout.dpr;
  const y = canvas.offsetTop + r.y / board.layout.dpr;
  const size = r.w / board.layout.dpr;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  const left = x + size / 2 < scroller.scrollLeft + scroller.clientWidth / 2 ? x + size + 6 : x - w - 6;
  const top = Math.min(Math.max(y + size / 2 - h / 2, scroller.scrollTop + 4),
    scroller.scrollTop + scroller.clientHeight - h - 4);
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

/** Everything that follows a change of the game or the selection. */
function changed({ persist = true } = {}) {
  const { canvas } = ui;
  canvas.dataset.grid = board.game.line();
  canvas.dataset.givens = board.game.givensLine();
  canvas.dataset.size = String(board.game.size);
  canvas.dataset.errors = view.errors.join(' ');
  canvas.dataset.marked = view.marked.join(' ');
  canvas.dataset.clashes = board.game.clashes().join(' ');
  // The notes as text, rebuilt only when the game changed (not at each move of the cursor).
  const stamp = `${gameId} ${board.game.revision}`;
  if (canvas.dataset.notesOf !== stamp) {
    const notes = (lists) => lists.flatMap((list, cell) => (list?.length ? [`${cell}:${list.map(symbolChar).join('')}`] : [])).join(' ');
    canvas.dataset.centre = notes(board.game.pencil);
    canvas.dataset.corner = notes(board.game.corner);
    canvas.dataset.colours = notes(board.game.colours);
    canvas.dataset.notesOf = stamp;
  }
  canvas.dataset.mode = view.mode;
  canvas.dataset.filter = view.filter ? symbolChar(view.filter) : '';
  view.mistakes = findMistakes();
  canvas.dataset.mistakes = view.mistakes.join(' ');
  syncClock();
  const kind = spaced(variantWords(board.game.layout));
  canvas.setAttribute('aria-label', t('app.grid.label', { size: board.game.size, kind }));
  mirror.update(board.game, view.selected);
  if (view.hint && !board.currentHint()) clearHint();
  canvas.dataset.hint = view.hint ? view.hint.cells.join(' ') : '';
  canvas.dataset.hintTarget = view.hint && view.hint.target >= 0 ? String(view.hint.target) : '';
  canvas.dataset.hintStage = view.hint ? String(view.hint.stage) : '';
  setDisabled(ui.apply, !view.hint, ui.hint);
  setDisabled(ui.undo, !board.game.history.canUndo && !replaced.length, ui.canvas);
  setDisabled(ui.redo, !board.game.history.canRedo && !unreplaced.length, ui.canvas);
  updateCellInfo();
  board.updatePalette();
  dropStaleStatus();
  redraw();
  if (persist) scheduleSave();
}

function updateCellInfo() {
  const cell = view.selected;
  const mode = view.mode === 'digit' ? '' : t(`app.cell.mode.${view.mode}`);
  ui.canvas.dataset.selection = board.cells().join(' ');
  if (view.selection.length > 1) {
    ui.cellInfo.textContent = t('app.cell.selected', { count: view.selection.length, mode });
    ui.cageCombinations.textContent = '';
    ui.cageCombinations.hidden = !hasCages(board.game.layout);
    return;
  }
  // A killer's cage: the digit sets that can still make its sum.
  const combinations = cell >= 0 ? combinationsLine(board.game.layout, board.game.values, cell) : '';
  ui.cageCombinations.textContent = combinations ? t('app.cell.cage', { combinations }) : '';
  ui.cageCombinations.hidden = !hasCages(board.game.layout);
  if (cell < 0) {
    ui.cellInfo.textContent = t('app.cell.none', { mode });
    return;
  }
  const v = board.game.values[cell];
  let what;
  if (v) {
    const kind = board.game.givens[cell] ? 'given' : board.game.solved[cell] ? 'solver' : 'entry';
    what = t(`app.cell.value.${kind}`, { symbol: symbolText(v, board.game.layout) });
  } else {
    const text = (list) => list.map((m) => symbolText(m, board.game.layout)).join(' ');
    const marks = board.game.pencil[cell];
    const corner = board.game.corner[cell];
    what = marks ? t('app.cell.marks', { marks: text(marks) }) : t('app.cell.empty');
    if (marks && !marksReadable()) what += t('app.cell.beside');
    if (corner) what += t('app.cell.corner', { marks: text(corner) });
  }
  const colours = board.game.colours[cell];
  if (colours) {
    what += t('app.cell.colours', { count: colours.length, colours: colours.map((k) => `${k} (${COLOUR_NAMES[k - 1]})`).join(' ') });
  }
  ui.cellInfo.textContent = t('app.cell.info', { cell: cellName(cell, board.game.size), what, mode });
}

// ---------------------------------------------------------------------------------------
// Saving and the URL

let saveTimer = 0;
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 250);
}

function saveNow() {
  clearTimeout(saveTimer);
  // A puzzle made from a seed or a date keeps the link that makes it again.
  if (!source.includes('seed=') && !source.includes('daily=')) {
    source = board.game.filledCount() || hasCages(board.game.layout) ? puzzleHash(board.game.puzzleLine(), board.game.layout)
      : blankHash(board.game.size, board.game.box, board.game.layout.variant);
  }
  showHash(withLevel(source, level?.level));
  const record = {
    id: gameId, hash: source, saved: Date.now(), selected: view.selected, elapsed: clock.read(), level, hints: hintsUsed,
    game: board.game.toJSON(),
  };
  // Another tab may have saved its games since: keep them.
  recent = withGame(mergedGames(recent, readGames()), record, { keep: worthKeeping });
  saveGames(recent);
  showRecent();
}

/** The games as stored now, each record checked as at start. */
function readGames() {
  return loadGames(readableGame).games;
}

/**
 * A game in play, as the app holds it and as Undo keeps it when a newer one replaces it
 * (`replaced`, `unreplaced`).
 * @typedef {object} GameEntry
 * @property {string} id
 * @property {Game} game
 * @property {string} hash
 * @property {number} selected
 * @property {import('./persist.js').Grade | null} level
 * @property {number} elapsed
 * @property {number} hints
 */

/**
 * The current game as Undo keeps it when a newer one replaces it.
 * @returns {GameEntry}
 */
function currentEntry() {
  return { id: gameId, game: board.game, hash: source, selected: view.selected, level, elapsed: clock.read(), hints: hintsUsed };
}

/**
 * Replaces the game (a new puzzle, a reopened one). The game it replaces is saved among
 * the recent games and, when there was anything in it, kept for Undo. Returns a sentence
 * for the status line about where the replaced game went ('' when there is nothing to say).
 * @param {Game} next
 * @param {string} [hash]
 * @param {Partial<Omit<GameEntry, 'game' | 'hash'>>} [options]
 */
function startGame(next, hash = puzzleHash(next.givensLine(), next.layout), { id = newGameId(), selected = -1, ...more } = {}) {
  let note = '';
  if (board.game !== next && (board.game.hasProgress() || board.game.hasGivens())) {
    saveNow();
    replaced.push(currentEntry());
    unreplaced.length = 0;
    note = board.game.hasProgress() ? ` ${t('app.note.replaced')}` : '';
  }
  // A game reopened while Undo still held it: the held one is the same game.
  for (const stack of [replaced, unreplaced]) {
    const at = stack.findIndex((entry) => entry.id === id);
    if (at >= 0) stack.splice(at, 1);
  }
  showGame({ id, game: next, hash, selected, level: more.level ?? levelFromHash(hash), elapsed: more.elapsed ?? 0, hints: more.hints ?? 0 });
  return note;
}

/**
 * Shows a game as the current one: clears the view's marks, errors and hint.
 * @param {GameEntry} entry
 */
function showGame(entry) {
  board.setGame(entry.game, { selected: entry.selected });
  source = entry.hash;
  gameId = entry.id;
  level = entry.level ?? null;
  hintsUsed = Number.isSafeInteger(entry.hints) && entry.hints > 0 ? entry.hints : 0;
  clock.reset(Number(entry.elapsed));
  showLevel();
  clearHint();
  ui.size.value = String(board.game.size);
  syncGenerateFields();
  ui.box.value = board.game.box || usualBox(board.game.size);
  syncGenerateFields();
  ui.variant.value = board.game.layout.variant.join(',');
  if (ui.variant.value !== board.game.layout.variant.join(',')) ui.variant.value = '';
  changed();
  saveNow();
}

/** Goes back to the game a newer one replaced (Undo with nothing left to undo in this one). */
function backToReplaced() {
  const entry = replaced.pop();
  if (!entry) return false;
  saveNow();
  unreplaced.push(currentEntry());
  showGame(entry);
  say(t('app.game.back', { size: board.game.size }), 'ok');
  return true;
}

/** Returns to the game Undo went back from (Redo with nothing left to redo in this one). */
function forwardToReplacing() {
  const entry = unreplaced.pop();
  if (!entry) return false;
  saveNow();
  replaced.push(currentEntry());
  showGame(entry);
  say(t('app.game.forward', { size: board.game.size }), 'ok');
  return true;
}

/** The recent game a link names, or null. */
function recordForHash(hash) {
  const key = hashKey(hash);
  return recent.find((r) => hashKey(r.hash) === key && worthKeeping(r)) ?? null;
}

/** Reopens a recent game with its entries, marks and undo history. Returns false when it cannot. */
function openRecord(record) {
  if (record.id === gameId) return true;
  const held = [...replaced, ...unreplaced].find((entry) => entry.id === record.id);
  const next = held?.game ?? Game.fromJSON(record.game);
  if (!next) return false;
  const note = startGame(next, held?.hash ?? record.hash ?? blankHash(next.size, next.box, next.layout.variant), {
    id: record.id, selected: held?.selected ?? record.selected,
    level: held ? held.level : record.level ?? null, elapsed: held?.elapsed ?? record.elapsed, hints: held?.hints ?? record.hints,
  });
  say(t('app.game.reopened', { size: next.size }) + note, 'ok');
  return true;
}

/** Lists the recent games, the current one marked. */
function showRecent() {
  listRecent(ui.recent, recent, gameId);
  ui.recentGroup.hidden = recent.length === 0;
}

// ---------------------------------------------------------------------------------------
// Engine jobs


/**
 * Enables or disables a button. A focused button about to be disabled first hands the
 * focus to `next` (Apply to Hint, Undo to the grid), else the keyboard would start again
 * from the top of the page.
 */
function setDisabled(button, disabled, next) {
  if (disabled && !button.disabled && document.activeElement === button) {
    (next.disabled ? ui.canvas : next).focus({ preventScroll: true });
  }
  button.disabled = disabled;
}

/** The button that had the focus when a job began (see `setBusy`). */
let focusBeforeJob = null;

/** Marks the page busy with a job of `kind` (null: idle): the engine buttons wait meanwhile. */
function setBusy(kind) {
  document.body.dataset.busy = kind ?? '';
  const busy = Boolean(kind);
  const buttons = [ui.solve, ui.check, ui.generate, ui.load, ui.hint, ui.rate];
  // A disabled button loses the focus to the page: give it back when the job ends, unless
  // the player moved it meanwhile, so that the keyboard carries on from the same place.
  if (busy) focusBeforeJob = buttons.includes(/** @type {HTMLButtonElement} */ (document.activeElement)) ? document.activeElement : null;
  for (const b of buttons) b.disabled = busy;
  ui.progressRow.hidden = !busy;
  ui.progressText.textContent = '';
  if (!busy) {
    ui.progress.value = 0;
    const back = focusBeforeJob;
    focusBeforeJob = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (back?.isConnected && lost) back.focus({ preventScroll: true });
  }
}

/**
 * Runs one engine call as the current job. Resolves to its result, or to null when it was
 * refused, cancelled or failed (the status line then says why, and a crashed engine is
 * restarted).
 */
async function runJob(kind, message, call) {
  try {
    return await session.run(kind, message, call);
  } catch (err) {
    engineFailed(err);
    return null;
  }
}

/** Cancel: aborting the job's signal makes the engine terminate its worker at once. */
function cancelJob() {
  session.cancel();
}

function engineFailed(err) {
  const kind = err?.kind;
  if (kind === 'cancelled') {
    say(t('app.cancelled'), 'warn');
    warmUp();
  } else if (kind === 'panic' || kind === 'worker') {
    recover(err);
  } else if (kind === 'invalid-option' || kind === 'bad-option') {
    say(t('app.engine.refused', { error: describeError(err) }), 'error');
  } else if (kind === 'protocol') {
    say(t('app.engine.protocol', { error: err.message }), 'error');
  } else {
    say(t('app.engine.failed', { error: describeError(err, String(err)) }), 'error');
  }
}

/** Starts a fresh worker after a cancel, so the next action does not wait for the wasm. */
function warmUp() {
  engine.version().catch(() => {});
}

let recovering = false;
/** After a crash: says so, restarts the worker, and resolves to whether that worked. */
async function recover(err) {
  if (recovering) return false;
  recovering = true;
  say(t('app.engine.restarting', { error: err.message }), 'error');
  try {
    showVersion(await engine.version());
    say(t('app.engine.restarted', { error: err.message }), 'warn');
    return true;
  } catch (again) {
    say(t('app.engine.dead', { error: err.message, again: again.message }), 'error');
    return false;
  } finally {
    recovering = false;
  }
}

function showVersion(version) {
  engineVersion = version;
  ui.version.textContent = t('app.version', { version });
}

/** The values of a line the engine wrote (of a jigsaw's side too: the engine holds its regions). */
function lineValues(line) {
  return fromLine(line, { jigsaw: true })?.values ?? null;
}

async function solve() {
  const asked = board.game;
  const revision = board.game.revision;
  const n = board.game.size;
  const search = session.searchTicker('solve');
  const result = await runJob('solve', t('app.solving', { size: n }),
    (signal) => engine.solve(engineText(board.game.playerLine(), asked.layout), { size: n, ...layoutOptions(asked.layout), signal, onProgress: search.onProgress }))
    .finally(search.stop);
  if (!result) return;
  if (board.game !== asked || board.game.revision !== revision) {
    say(staleWords('solve'), 'warn');
    return;
  }
  const verdict = applySolve(board.game, result);
  view.errors = verdict.errors;
  view.marked = verdict.marked;
  if (verdict.message) sayOfGrid(verdict.message, verdict.tone, statsText(result.stats));
  else if (verdict.status === 'invalid') sayOfGrid(t('app.invalid', { error: errorSentence(result.error, n) }), 'error');
  else say(t('app.engine.unknown', { status: result.status }), 'error');
  changed();
}

/** The figures of a search for the details line: "Took 1.24 s; the search tried 2,498,907 guesses". */
function statsText(stats) {
  if (!stats || typeof stats.ms !== 'number') return '';
  const work = searchCounts(stats);
  return work.length ? t(work.length > 1 ? 'app.took.search.met' : 'app.took.search', { time: duration(stats.ms), tried: work[0], met: work[1] })
    : t('app.took.logic', { time: duration(stats.ms) });
}

/** A time in milliseconds for people: "4.2 ms", "180 ms", "2.31 s". */
function duration(ms) {
  const digits = ms < 10 ? 1 : ms < 1000 ? 0 : 2;
  const figure = new Intl.NumberFormat(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return ms < 1000 ? `${figure.format(Math.max(0, ms))} ms` : `${figure.format(ms / 1000)} s`;
}

async function check() {
  const clashes = board.game.clashes();
  const n = board.game.size;
  const asked = board.game;
  const revision = board.game.revision;
  view.errors = [];
  view.marked = [];
  changed({ persist: false });
  if (clashes.length) {
    // A repeated symbol rules out every solution: no need to ask the engine.
    sayOfGrid(t('app.check.clash', {
      count: clashes.length, cells: clashDescription(clashes), units: unitKindWords(board.game.layout, 'disjunction'),
    }), 'error');
    return;
  }
  if (board.game.filledCount() === n * n && !board.game.hasSolverValues()) {
    sayComplete();
    return;
  }
  const search = session.searchTicker('check');
  const entries = board.game.hasGivens() && board.game.hasEntries();
  const answer = await runJob('check', t('app.counting'), async (signal) => {
    const result = await engine.count(engineText(board.game.playerLine(), board.game.layout), 2, { ...layoutOptions(board.game.layout), signal, onProgress: search.onProgress });
    // No solution with the entries: the puzzle's own solution tells which are wrong.
    const puzzle = result.count === 0 && entries ? await engine.solve(engineText(asked.puzzleLine(), asked.layout), { size: n, ...layoutOptions(asked.layout), signal }) : null;
    return { result, puzzle };
  }).finally(search.stop);
  if (!answer) return;
  if (board.game !== asked || board.game.revision !== revision) {
    say(staleWords('check'), 'warn');
    return;
  }
  const { result, puzzle } = answer;
  const wrong = puzzle?.status === 'unique' ? wrongEntries(lineValues(puzzle.solution)) : [];
  if (result.status === 'invalid') {
    view.errors = result.error?.cells ?? [];
    sayOfGrid(t('app.check.rejected', { error: errorSentence(result.error, n) }), 'error');
  } else if (result.count === 0 && wrong.length) {
    view.errors = wrong;
    sayOfGrid(t('app.check.wrong', { count: wrong.length, cells: cellList(wrong) }), 'error');
  } else if (result.count === 0) {
    sayOfGrid(t('app.check.none'), 'error');
  } else if (result.count === 1) {
    sayOfGrid(t('app.check.unique'), 'ok');
  } else {
    sayOfGrid(t('app.check.multiple'), 'warn');
  }
  changed({ persist: false });
}

/**
 * An engine error in words, ending with where its cells are outlined on the grid:
 * "r1c1 and r1c5 both hold 5 in row 1 (outlined in red)."
 */
function errorSentence(error, size) {
  const cells = error?.cells ?? [];
  const text = describeError(error);
  if (!cells.length) return t('app.error.plain', { error: text });
  const names = cells.map((c) => cellName(c, size));
  if (names.every((name) => text.includes(name))) return t('app.error.outlined', { error: text });
  return t('app.error.cells', { error: text, count: cells.length, cells: names });
}

function generateOptions() {
  const size = Number(ui.size.value);
  const options = { size, symmetry: ui.symmetry.value };
  if (ui.box.value && ui.box.value !== usualBox(size)) options.box = ui.box.value;
  if (ui.variant.value) options.variant = ui.variant.value.split(',');
  if (ui.difficulty.value) options.difficulty = ui.difficulty.value;
  const seed = ui.seed.value.trim();
  if (seed) {
    const value = readSeed(seed);
    if (value === null) return { error: t('app.seed.invalid') };
    options.seed = seedValue(value);
  }
  const empty = ui.empty.value.trim();
  if (ui.minimal.checked && !ui.minimal.disabled) {
    options.minimal = true;
  } else if (empty && size >= 16) {
    const fraction = Number(empty);
    if (!(fraction > 0 && fraction < 1)) return { error: t('app.empty.invalid') };
    options.empty = fraction;
  }
  return { options };
}

async function generate(options, note = '') {
  const n = options.size;
  const started = performance.now();
  // The game on the board while the engine works: the player may go on typing in it.
  const playing = board.game;
  const revision = board.game.revision;
  let percent = '';
  // Beside the bar, not in the live status line, so screen readers are not told every second.
  const ticker = session.ticker('generate', () => percent);
  const kind = variantWords({ variant: options.variant ?? [] });
  const result = await runJob('generate', t('app.generating', { size: n, kind: spaced(kind) }), (signal) => engine.generate(options, {
    signal,
    onProgress(fraction) {
      if (session.running !== 'generate') return;
      ui.progress.value = fraction;
      percent = `${Math.floor(fraction * 100)}%`;
      ticker.tell();
    },
  })).finally(ticker.stop);
  if (!result) return;
  const values = lineValues(result.puzzle);
  if (!values) {
    say(t('app.generate.unreadable'), 'error');
    return;
  }
  const size = result.size ?? n;
  const typedMeanwhile = board.game === playing && board.game.revision !== revision;
  // The player opened another game meanwhile: it is replaced too, so say how to get it back.
  const switchedMeanwhile = board.game !== playing;
  // A grading the budget ended gives a lower bound only: the board grades it in full below.
  const graded = result.level && result.gradedInFull !== false ? gradeOf({ ...result, status: 'ok' }) : null;
  const layout = layoutFromData(result.layout) ?? boxLayout(size, options.box);
  // A daily puzzle keeps its own link: its date makes it again, and names it in the stats.
  const hash = options.daily ? dailyHash(options.daily, size, options.difficulty) : generatedHash({
    size, box: layout?.box, variant: layout?.variant ?? [], seed: result.seed ?? options.seed, symmetry: result.symmetry ?? options.symmetry, empty: options.empty,
    // The level searched for, when found: its seed makes the puzzle again only with it.
    minimal: options.minimal, difficulty: result.difficultyReached ? options.difficulty : undefined,
  });
  const replacedNote = startGame(Game.fromPuzzle(size, values, layout), hash, { level: graded });
  const kept = typedMeanwhile && replacedNote ? ` ${t('app.generate.typed')}`
    : switchedMeanwhile ? ` ${t('app.generate.switched')}`
      : note || replacedNote;
  const ms = result.ms ?? performance.now() - started;
  const summary = result.summary ?? `${size}×${size}, ${values.filter(Boolean).length} clues, seed ${result.seed ?? options.seed}`;
  // The summary names the size, clues, symmetry and seed, and the level with a difficulty
  // (saying when it is only the closest).
  say((options.daily ? t('app.generated.daily', { date: options.daily, summary }) : t('app.generated', { summary })) + kept, result.levelName && !result.difficultyReached ? 'warn' : 'ok',
    generationDetails(result, ms));
  keysToGrid();
  if (!graded) await rate({ quiet: true });
}

/**
 * The figures of a generation for the details line, in a player's words: "Took 730 ms;
 * the best of 4 puzzles made; 112 clues may be removable (there was no time to try)".
 */
function generationDetails(result, ms) {
  const parts = [t('app.details.took', { time: duration(ms) })];
  if (result.candidates > 1) parts.push(t('app.details.best', { count: result.candidates }));
  if (result.undecided > 0 && result.targetReached) {
    // Digging stops once the target is reached: the clues left were not all tried. (Short:
    // the details line has room for about 50 characters.)
    parts.push(t('app.details.target'));
  } else if (result.undecided > 0 && result.undecided >= result.clues) {
    parts.push(t('app.details.untried'));
  } else if (result.undecided > 0) {
    parts.push(t('app.details.removable', { count: result.undecided, why: result.budgetRanOut ? 'time' : 'tried' }));
  } else if (result.minimal) {
    parts.push(t('app.details.minimal'));
  }
  return t('app.details', { parts: parts.join('; ') });
}

// ---------------------------------------------------------------------------------------
// The puzzle's level (Rate), the timer, and mistakes

/** The level a link carries, until the puzzle is rated here. */
function levelFromHash(hash) {
  const named = levelOf(hash);
  return named ? gradeNamed(named) : null;
}

function showLevel() {
  ui.level.dataset.level = level?.level ?? '';
  ui.level.textContent = !level ? t('app.level.none')
    : level.score !== null && level.score !== undefined ? t('app.level.scored', { level: levelName(level.level), score: level.score })
      : t('app.level.named', { level: levelName(level.level) });
}

/**
 * Grades the puzzle on the board (its givens, or what was typed into a blank grid) by the
 * techniques a person needs. `quiet`: after a generation, keeps the status line as it is.
 */
async function rate({ quiet = false } = {}) {
  const asked = board.game;
  const n = board.game.size;
  const line = board.game.puzzleLine();
  // A killer's cages are a puzzle without a given.
  if (!/[^.]/.test(line) && !hasCages(asked.layout)) {
    say(t('app.rate.empty'), 'warn');
    return;
  }
  const result = await runJob('rate', quiet ? null : t('app.rating'), (signal) => engine.rate(engineText(line, asked.layout), { size: n, ...layoutOptions(asked.layout), signal }));
  if (!result) return;
  if (board.game !== asked) {
    if (!quiet) say(t('app.rate.stale'), 'warn');
    return;
  }
  if (result.status === 'ok') {
    level = gradeOf(result);
    showLevel();
    saveNow();
    showRecent();
    if (!quiet) {
      const args = { level: levelName(result.level), score: result.score };
      say(result.hardest === 'guess' ? t('app.rate.guess', args)
        : t('app.rate.done', { ...args, hardest: technique(result.hardest, result.hardestName).phrase }), 'ok',
      result.guesses ? t('app.rate.steps.guesses', { count: result.steps, guesses: result.guesses }) : t('app.rate.steps', { count: result.steps }));
    }
  } else if (!quiet) {
    say(t('app.rate.failed', { reason: noLevelReason(result, describeError) }), 'warn');
  }
}

/** The clock runs while a puzzle is being played in a visible tab, and stops once it is complete. */
function syncClock() {
  clock.run(!document.hidden && board.game.hasGivens() && !board.game.isComplete());
  showClock();
}

function showClock() {
  const text = clockText(clock.read());
  if (ui.timer.textContent !== text) ui.timer.textContent = text;
  ui.timer.dataset.running = String(clock.running);
}

function showTimer(on) {
  ui.timer.hidden = !on;
  ui.timerToggle.textContent = on ? t('app.timer.hide') : t('app.timer.show');
  ui.timerToggle.setAttribute('aria-expanded', String(on));
}

/** The key of the puzzle on the board, for the solution cache. */
function puzzleKey() {
  return `${board.game.size}:${board.game.puzzleLine()}`;
}

/**
 * The solution of the puzzle on the board, asked of the engine once per puzzle, as a job
 * (so it shows, and Cancel stops it: a hard puzzle can take long). `quiet` keeps the
 * status line. Resolves to the cache entry, or null when cancelled or failed.
 */
async function puzzleSolution({ quiet = false } = {}) {
  const key = puzzleKey();
  if (solutionCache?.key === key) return solutionCache;
  const { size } = board.game;
  const line = board.game.puzzleLine();
  const result = await runJob('mistakes', quiet ? null : t('app.mistakes.solving'),
    (signal) => engine.solve(engineText(line, board.game.layout), { size, ...layoutOptions(board.game.layout), signal }));
  if (!result) return null;
  solutionCache = { key, status: result.status, values: result.status === 'unique' ? lineValues(result.solution) : null };
  return solutionCache;
}

/** Entries that differ from the solution, while "show mistakes" is on and the solution is known. */
function findMistakes() {
  if (!ui.showMistakes.checked || solutionCache?.key !== puzzleKey()) return [];
  return wrongEntries(solutionCache.values);
}

/** The player's entries that differ from `solution` (values in cell order), or [] without one. */
function wrongEntries(solution) {
  if (!solution || !board.game.hasGivens()) return [];
  const wrong = [];
  for (let cell = 0; cell < board.game.values.length; cell++) {
    if (!board.game.givens[cell] && !board.game.solved[cell] && board.game.values[cell] && board.game.values[cell] !== solution[cell]) wrong.push(cell);
  }
  return wrong;
}

/** "r1c2, r4c5 and 3 more" */
function cellList(cells) {
  const names = cells.slice(0, 6).map((c) => cellName(c, board.game.size));
  return cells.length > 6 ? t('app.cells.more', { cells: names.join(', '), count: cells.length - 6 }) : names.join(', ');
}

async function toggleMistakes() {
  const on = ui.showMistakes.checked;
  saveSetting('mistakes', on);
  if (!on) {
    changed({ persist: false });
    say(t('app.mistakes.off'));
    return;
  }
  if (!board.game.hasGivens()) {
    say(t('app.mistakes.no-puzzle'), 'warn');
    return;
  }
  const asked = board.game;
  const known = await puzzleSolution();
  if (!known) return;
  if (board.game !== asked) {
    say(t('app.mistakes.stale'), 'warn');
    return;
  }
  changed({ persist: false });
  if (known.status === 'unique') {
    const wrong = view.mistakes;
    say(wrong.length ? t('app.mistakes.shown', { count: wrong.length, cells: cellList(wrong) }) : t('app.mistakes.none'), wrong.length ? 'warn' : 'ok');
  } else {
    say(t('app.mistakes.unknown', { status: known.status }), 'warn');
  }
}

/** After an entry, with "show mistakes" on: the solution is fetched once, and a wrong entry is said. */
async function checkEntryMistake(cell) {
  if (!ui.showMistakes.checked || !board.game.hasGivens()) return;
  const asked = board.game;
  if (solutionCache?.key !== puzzleKey() && (session.running || !(await puzzleSolution({ quiet: true })))) return;
  if (board.game !== asked) return;
  changed({ persist: false });
  if (view.mistakes.includes(cell)) {
    say(t('app.mistakes.entry', { cell: cellName(cell, board.game.size), symbol: symbolText(board.game.values[cell], board.game.layout) }), 'error');
  }
}

// ---------------------------------------------------------------------------------------
// Printing and saving the board

function printThis() {
  const line = board.game.puzzleLine();
  if (!/[^.]/.test(line) && !hasCages(board.game.layout)) {
    say(t('app.print-this.empty'), 'warn');
    return;
  }
  const query = new URLSearchParams({ puzzle: line });
  const { layout } = board.game;
  if (!isJigsaw(layout) && board.game.box !== usualBox(board.game.size)) query.set('box', board.game.box);
  if (layout.variant.length) query.set('variant', layout.variant.join(','));
  if (isJigsaw(layout)) query.set('regions', Array.from(layout.regions, (r) => symbolChar(r + 1)).join(''));
  const killer = cageParams(layout);
  if (killer) {
    query.set('cages', killer.cages);
    query.set('sums', killer.sums);
  }
  if (level?.level) query.set('level', level.level);
  // The game in progress prints as it stands: entries, marks and colours (progress.js),
  // on a puzzle with givens (one typed into a blank grid prints as typed).
  const { game } = board;
  const notes = game.hasEntries() || [game.pencil, game.corner, game.colours].some((lists) => lists.some((l) => l?.length));
  if (notes && game.givens.some(Boolean)) {
    query.set('progress', encodeProgress(game));
  }
  const seed = parseHash(source)?.generate?.seed;
  if (seed !== undefined) query.set('puzzle-seed', String(seed));
  query.set('lang', language()); // the print view speaks as the app does
  window.open(`print.html?${query}`, '_blank');
  say(t('app.print-this.opened'), 'ok');
}

/** A file name for the board: "sudoku64-9x9-hard.png". */
function fileName(extension) {
  return `sudoku64-${board.game.size}x${board.game.size}${level?.level ? `-${level.level}` : ''}.${extension}`;
}

/** Saves the board as a PNG picture. */
function savePng() {
  const canvas = boardCanvas(board.game);
  canvas.toBlob((blob) => {
    if (!blob) {
      say(t('app.save.failed'), 'error');
      return;
    }
    download(blob, fileName('png'));
    say(t('app.save.png', { file: fileName('png'), width: canvas.width, height: canvas.height }), 'ok');
  }, 'image/png');
}

/** Saves the board as an SVG drawing. */
function saveSvg() {
  const n = board.game.size;
  const svg = boardSvg(board.game, `Sudoku ${n}×${n}${level ? `, ${levelName(level.level)}` : ''}`);
  download(new Blob([svg], { type: 'image/svg+xml' }), fileName('svg'));
  say(t('app.save.svg', { file: fileName('svg') }), 'ok');
}

// ---------------------------------------------------------------------------------------
// Hints: the engine's logic solver explains the next step; Apply performs it

/**
 * Writes the hint into the hint box at its stage: where to look and the technique's
 * meaning; then what the grid shows; then every step in words, the eliminations first.
 * A chain's links get a legend, and the technique a button to its help entry. Returns
 * board.js's hintWords(), whose `announce` the status line says for it.
 */
function showHintText(hint) {
  const words = hintWords(hint, board.game.size);
  const box = ui.hintText;
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  };
  box.replaceChildren();
  box.dataset.stage = String(words.stage);
  box.append(el('p', 'hint-stage', t('app.hint.stage', { stage: words.stage, stages: HINT_STAGES })));
  box.append(el('p', 'hint-focus', words.focus));
  if (words.stage < HINT_STAGES) {
    box.append(el('p', 'hint-plain', words.plain));
    if (words.shown) box.append(el('p', '', words.shown));
  } else {
    const steps = words.steps;
    if (steps.length > 1) {
      box.append(el('p', '', t('app.hint.first', { count: steps.length - 1 })));
      const list = el('ol');
      for (const text of steps.slice(0, -1)) list.append(el('li', '', text));
      box.append(list);
    }
    box.append(el('p', 'hint-step', steps.length > 1 ? t('app.hint.then', { step: steps.at(-1) }) : steps.at(-1)));
    if (words.shown) box.append(el('p', '', words.shown));
  }
  if (words.links) box.append(linkLegend());
  const footer = el('p', 'hint-footer');
  if (words.next) footer.append(`${words.next} `);
  const about = el('button', 'link-button', t('app.hint.about', { technique: words.technique.phrase }));
  about.type = 'button';
  about.dataset.technique = words.technique.id;
  about.addEventListener('click', () => openTechniques(words.technique.id));
  footer.append(about);
  box.append(footer);
  box.hidden = false;
  box.scrollTop = 0;
  return words;
}

/**
 * The status line's words for a hint stage: the stage, where to look (or at the last
 * stage, the step), and what to do next; the hint box below has the rest.
 */
function hintStatus(words, next) {
  const said = words.stage < HINT_STAGES ? words.focus : words.steps.at(-1);
  return t('app.hint.spoken', { stage: words.stage, stages: HINT_STAGES, words: said, next });
}

/** The key to the chain drawn on the grid: a solid and a dashed line, in the links' colour. */
function linkLegend() {
  const legend = document.createElement('p');
  legend.className = 'link-legend';
  const sample = (dashed) => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 28 8');
    svg.setAttribute('width', '28');
    svg.setAttribute('height', '8');
    svg.setAttribute('aria-hidden', 'true');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    for (const [k, v] of Object.entries({ x1: 1, y1: 4, x2: 27, y2: 4, 'stroke-width': 2.5, 'stroke-linecap': 'round' })) {
      line.setAttribute(k, String(v));
    }
    if (dashed) line.setAttribute('stroke-dasharray', '5 4');
    svg.append(line);
    return svg;
  };
  const part = (dashed, strong, meaning) => {
    const span = document.createElement('span');
    const b = document.createElement('strong');
    b.textContent = strong;
    span.append(sample(dashed), ' ', b, ` ${meaning}`);
    return span;
  };
  legend.append(part(false, t('app.link.strong'), t('app.link.strong.meaning')), ' ',
    part(true, t('app.link.weak'), t('app.link.weak.meaning')), ' ',
    t('app.link.arrows'));
  return legend;
}

/** The element that had the focus when the techniques panel opened, to give it back. */
let techniquesOpener = null;

/**
 * Opens the techniques panel (a modal dialog: Escape or Close shuts it and the focus goes
 * back where it was), scrolled to the entry for `id` when given, which is marked current.
 */
function openTechniques(id = '') {
  const list = ui.techniquesList;
  if (!list.childElementCount) {
    list.append(...TECHNIQUES.map((technique) => {
      const section = document.createElement('section');
      section.id = `technique-${technique.id}`;
      section.className = 'technique';
      section.tabIndex = -1;
      section.setAttribute('aria-labelledby', `technique-${technique.id}-name`);
      const name = document.createElement('h3');
      name.id = `technique-${technique.id}-name`;
      name.textContent = technique.name;
      const plain = document.createElement('p');
      plain.className = 'technique-plain';
      plain.textContent = technique.plain;
      const help = document.createElement('p');
      help.textContent = TECHNIQUE_HELP.get(technique.id) ?? '';
      section.append(name, plain, help);
      return section;
    }));
  }
  for (const section of list.children) {
    const current = section.id === `technique-${id}`;
    section.classList.toggle('current', current);
    if (current) section.setAttribute('aria-current', 'true');
    else section.removeAttribute('aria-current');
  }
  techniquesOpener = document.activeElement;
  if (!ui.techniques.open) ui.techniques.showModal();
  const entry = id && document.getElementById(`technique-${id}`);
  if (entry) {
    entry.scrollIntoView({ block: 'start' });
    entry.focus({ preventScroll: true });
  } else {
    list.scrollTop = 0;
    ui.techniquesClose.focus();
  }
}

/** The techniques panel closed: the focus goes back to what opened it (or the grid). */
function techniquesClosed() {
  const opener = techniquesOpener;
  techniquesOpener = null;
  const back = opener?.isConnected && opener !== document.body ? opener
    : ui.hintText.querySelector('button') ?? ui.canvas;
  back.focus({ preventScroll: true });
}

function clearHint() {
  view.hint = null;
  ui.hintText.hidden = true;
  ui.hintText.replaceChildren();
}

async function hint() {
  const n = board.game.size;
  // Asked again on the same grid: the hint says more, without asking the engine.
  const shown = board.currentHint();
  if (shown) {
    // The hint box shows the stage in full, the status line where to look and what to do
    // next, and the live region says both, as one message.
    const moved = advanceHint(shown);
    const words = moved ? showHintText(shown) : null;
    const next = moved ? t('app.hint.apply') : t('app.hint.whole');
    if (words) say(hintStatus(words, next), 'ok', '', t('app.hint.spoken', { stage: words.stage, stages: HINT_STAGES, words: words.announce, next }));
    else say(next, 'ok');
    changed({ persist: false });
    return;
  }
  if (board.game.isComplete()) {
    say(t('app.hint.complete'), 'ok');
    return;
  }
  const clashes = board.game.clashes();
  if (clashes.length) {
    view.errors = [];
    sayOfGrid(t('app.hint.clash', { cells: clashDescription(clashes) }), 'error');
    changed({ persist: false });
    return;
  }
  const asked = board.game;
  const revision = board.game.valueRevision;
  const entries = board.game.hasGivens() && board.game.hasEntries();
  const answer = await runJob('hint', t('app.hinting'), async (signal) => {
    const result = await engine.hint(engineText(board.game.line(), asked.layout), { size: n, ...layoutOptions(asked.layout), signal });
    // No solution with the player's entries: the puzzle's own solution tells which are wrong.
    const puzzle = result.status === 'none' && entries
      ? await engine.solve(engineText(asked.puzzleLine(), asked.layout), { size: n, ...layoutOptions(asked.layout), signal }) : null;
    return { result, puzzle };
  });
  if (!answer) return;
  if (board.game !== asked || board.game.valueRevision !== revision) {
    say(staleWords('hint'), 'warn');
    return;
  }
  const { result } = answer;
  clearHint();
  view.errors = [];
  view.marked = [];
  switch (result.status) {
    case 'ok': {
      const steps = result.steps ?? [];
      const last = steps.at(-1);
      if (!last) {
        say(t('app.hint.nothing'), 'warn');
        break;
      }
      // Stage 1: where to look and what for. Hint again shows the cells, then the whole step.
      view.hint = hintFor(board.game, steps);
      hintsUsed++; // a step shown counts as a hint used (its later stages do not)
      const words = showHintText(view.hint);
      const next = t('app.hint.any-stage');
      say(hintStatus(words, next), 'ok', '', t('app.hint.spoken', { stage: 1, stages: HINT_STAGES, words: words.announce, next }));
      break;
    }
    case 'none':
      explainNoSolution(answer.puzzle);
      break;
    case 'multiple':
      sayOfGrid(t('app.hint.none', { reason: noHintReason(result) }), 'warn');
      break;
    case 'invalid':
      view.errors = result.error?.cells ?? [];
      sayOfGrid(t('app.hint.invalid', { error: errorSentence(result.error, n) }), 'error');
      break;
    default:
      say(t('app.engine.unknown', { status: result.status }), 'error');
  }
  changed({ persist: false });
}

/**
 * The grid has no solution: names the player's entries that the puzzle's own solution
 * (`puzzle`, the engine's answer for the givens alone, or null) contradicts.
 */
function explainNoSolution(puzzle) {
  const solution = puzzle?.status === 'unique' ? lineValues(puzzle.solution) : null;
  if (!solution) {
    sayOfGrid(t('app.hint.unsolvable'), 'error');
    return;
  }
  const wrong = wrongEntries(solution);
  view.errors = wrong;
  sayOfGrid(t('app.hint.wrong', { count: wrong.length, cells: cellList(wrong) }), 'error');
}

function applyHint() {
  const shown = view.hint;
  if (!shown || shown !== board.currentHint()) {
    say(t('app.apply.none'), 'warn');
    return;
  }
  const last = shown.steps.at(-1);
  const outcome = board.game.applySteps(shown.steps);
  clearHint();
  if (outcome) {
    if (last?.placements?.length) board.select(last.placements[0].cell);
    gameChanged();
    if (board.game.isComplete()) sayComplete();
    else say(t('app.applied', { step: last ? technique(last.technique, last.name).name : t('app.applied.step') }), 'ok');
  } else {
    changed({ persist: false });
    say(t('app.apply.nothing'), 'warn');
  }
}

function fillCandidates() {
  if (board.game.fillCandidates()) {
    gameChanged();
    say(marksReadable() ? t('app.candidates.done') : t('app.candidates.small'), 'ok');
  } else {
    say(t('app.candidates.none'), 'warn');
  }
}

// ---------------------------------------------------------------------------------------
// Loading text: pasted, typed in the text box, or from the URL

/**
 * Loads a puzzle from text in any format the engine reads. The app's own one-line form is
 * read here at once; anything else goes to the engine's reader. `fromPage`: the text was
 * pasted on the page, not in the paste box.
 */
async function loadText(text, { fromPage = false } = {}) {
  // What is wrong with the text in the paste box is said under it too, where the eyes are
  // (the status line may be scrolled away), until the text changes or loads. Text pasted
  // on the page that cannot be read goes into the box, to be mended there, not lost.
  const note = (make) => {
    if (make && fromPage) ui.text.value = text;
    notePaste(text === ui.text.value ? make : null);
    if (make && fromPage) ui.pasteNote.scrollIntoView({ block: 'nearest' });
  };
  if (!text.trim()) {
    say(t('app.load.empty'), 'warn');
    return;
  }
  const line = fromLine(text);
  if (line) {
    // The app's own one-line form: the side's usual boxes (a link says when they are not).
    note(null);
    loadPuzzle(line.size, line.values, 'loaded');
    return;
  }
  const result = await runJob('read', t('app.reading'), (signal) => engine.read(text, { signal }));
  if (!result) return;
  const parsed = result.puzzle ? fromLine(result.puzzle, { jigsaw: Boolean(result.layout) }) : null;
  if (result.status !== 'invalid') {
    note(parsed ? null : () => t('app.load.no-grid'));
    if (parsed) loadPuzzle(parsed.size, parsed.values, 'loaded', undefined, layoutFromData(result.layout));
    else say(t('app.load.no-grid'), 'error');
    return;
  }
  // Rejected: show what can be shown, with the offending cells outlined.
  const error = result.error ?? {};
  const lenient = readLeniently(text, result.size);
  const shown = parsed ?? lenient;
  let cells = error.cells ?? [];
  if (!cells.length && error.line && error.column) {
    const cell = cellAtTextPlace(lenient, error.line, error.column);
    if (cell >= 0) cells = [cell];
  }
  let gameNote = '';
  if (shown) {
    gameNote = startGame(Game.fromPuzzle(shown.size, shown.values));
    view.errors = cells;
    changed();
  }
  const sentence = () => (shown ? errorSentence({ ...error, cells }, shown.size) : t('app.error.plain', { error: describeError(error) }));
  note(sentence);
  say(t('app.load.invalid', { error: sentence() }) + gameNote, 'error');
}

/** What the paste box's note says: a function giving it in the language in use, or null. */
let pasteProblem = null;

/**
 * Shows (or, with null, hides) the note under the paste box on what is wrong with its text;
 * the box is marked invalid while it shows. Not a live region: the status line says it once.
 * @param {(() => string) | null} make
 */
function notePaste(make) {
  pasteProblem = make;
  showPasteNote();
}

function showPasteNote() {
  const text = pasteProblem?.() ?? '';
  ui.pasteNote.textContent = text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
  ui.pasteNote.hidden = !text;
  if (text) ui.text.setAttribute('aria-invalid', 'true');
  else ui.text.removeAttribute('aria-invalid');
}

function loadPuzzle(size, values, verb, hash, layout) {
  const game = Game.fromPuzzle(size, values, layout);
  const note = startGame(game, hash ?? puzzleHash(game.givensLine(), game.layout));
  const clashes = board.game.clashes();
  const givens = values.filter(Boolean).length;
  if (clashes.length) {
    view.errors = clashes;
    changed();
    say(t('app.load.clash', { verb, size, cells: clashDescription(clashes) }) + note, 'error');
  } else {
    // A killer names its cages too: it often has no givens at all.
    const killer = hasCages(game.layout);
    const kind = killer ? spaced(variantWords(game.layout)) : '';
    const args = { verb, size, kind, givens, cages: killer ? game.layout.sums.length : 0 };
    say((killer ? t('app.load.killer', args) : t('app.load.done', args)) + (note || ` ${t('app.load.play')}`), 'ok');
  }
}

function startBlank(n, box = '', variant = []) {
  if (JIGSAW_ONLY_SIDES.includes(n)) {
    say(t('app.blank.jigsaw', { size: n }), 'warn');
    return;
  }
  const layout = boxLayout(n, box, variant) ?? boxLayout(n, box) ?? boxLayout(n);
  const note = startGame(new Game(n, { layout }), blankHash(n, layout.box, layout.variant));
  say(t('app.blank.started', { size: n }) + note);
  keysToGrid();
}

/**
 * Today's puzzle at the form's side (9×9 unless 16×16 is chosen) and level (Medium when
 * any): the same for everyone today (daily.js). Played before, it reopens as it was left.
 */
async function openDaily() {
  const size = Number(ui.size.value) === 16 ? 16 : 9;
  const level = ui.difficulty.value || DAILY_LEVEL;
  const hash = dailyHash(localDay(), size, level);
  await openHash(hash);
  if (!DAILY_SIZES.includes(Number(ui.size.value))) {
    say(`${ui.status.textContent} ${t('app.daily.sizes')}`, ui.status.dataset.tone);
  }
  keysToGrid();
}

/**
 * After Generate, Blank or Load, the keys go to the new grid (brought into view), unless
 * the player has moved on to another control meanwhile.
 */
function keysToGrid() {
  const active = document.activeElement;
  if (active && (ui.form.contains(active) || active === ui.canvas)) ui.canvas.focus();
}

function clashDescription(cells) {
  const names = cells.slice(0, 4).map((c) => `${cellName(c, board.game.size)} (${symbolText(board.game.values[c], board.game.layout)})`);
  return cells.length > 4 ? t('app.cells.more', { cells: names.join(', '), count: cells.length - 4 }) : names.join(', ');
}

/**
 * Opens what a hash names: the recent game it names, as it was left, else a new game.
 * Returns false when it names nothing.
 */
async function openHash(hash) {
  const target = parseHash(hash);
  if (!target) return false;
  if (target.error) {
    // A daily link whose date cannot make one: said, and the game in play stays.
    say(target.error, 'error');
    showHash(source);
    return true;
  }
  const record = recordForHash(hash);
  if (record && openRecord(record)) {
    applyLinkProgress(hash);
    return true;
  }
  if (target.puzzle) {
    loadPuzzle(target.puzzle.size, target.puzzle.values, 'opened', hash, target.puzzle.layout);
  } else if (target.blank) {
    startBlank(target.blank, target.box, target.variant);
  } else {
    const g = target.generate;
    ui.size.value = String(g.size);
    syncGenerateFields();
    ui.box.value = g.box || usualBox(g.size);
    syncGenerateFields();
    ui.variant.value = (g.variant ?? []).join(',');
    ui.symmetry.value = g.symmetry;
    ui.empty.value = String(g.empty ?? '');
    ui.minimal.checked = Boolean(g.minimal);
    ui.difficulty.value = g.difficulty ?? '';
    syncGenerateFields();
    // Blank until the engine has made it (a jigsaw's regions come with the puzzle).
    const placeholder = new Game(g.size, { layout: pendingLayout(g.size, g.box, g.variant) });
    const note = startGame(placeholder, hash);
    await generate(g, note);
    if (board.game === placeholder && !placeholder.hasGivens() && JIGSAW_ONLY_SIDES.includes(g.size)) {
      // Not made, and a side with no boxes has no blank grid: back to the game before.
      const said = ui.status.textContent;
      const back = backToReplaced();
      if (!back) startGame(new Game(9), blankHash(9));
      say(`${said} ${t('app.generate.no-jigsaw', { size: g.size, back: back ? 'yes' : 'no' })}`, 'warn');
    } else if (board.game === placeholder && !placeholder.hasGivens()) {
      // Not made (cancelled, or the engine was busy): a blank grid, not that seed's puzzle.
      source = blankHash(g.size, g.box, g.variant);
      showHash(source);
    }
  }
  applyLinkProgress(hash);
  return true;
}

// ---------------------------------------------------------------------------------------
// Editing

/**
 * Changes the selection (board.js's select: `how` is 'only', 'add', 'toggle' or
 * 'extend') and says how many cells it holds once it holds several.
 */
function select(cell, { scroll = true, how = 'only' } = {}) {
  const before = board.cells().length;
  board.select(cell, how);
  if (scroll && cell >= 0) scrollToCell(cell);
  changed({ persist: false });
  const count = board.cells().length;
  if (count > 1 && count !== before) announce(announcer, `${count} cells selected.`);
}

/** Scrolls the board so that a cell and a cell's margin round it are in view. */
function scrollToCell(cell) {
  const { layout } = board;
  if (!layout) return;
  const r = cellRect(layout, cell);
  const { scroller, canvas } = ui;
  const left = canvas.offsetLeft + r.x / layout.dpr;
  const top = canvas.offsetTop + r.y / layout.dpr;
  const size = r.w / layout.dpr;
  const margin = size;
  if (left - margin < scroller.scrollLeft) scroller.scrollLeft = left - margin;
  else if (left + size + margin > scroller.scrollLeft + scroller.clientWidth) {
    scroller.scrollLeft = left + size + margin - scroller.clientWidth;
  }
  if (top - margin < scroller.scrollTop) scroller.scrollTop = top - margin;
  else if (top + size + margin > scroller.scrollTop + scroller.clientHeight) {
    scroller.scrollTop = top + size + margin - scroller.clientHeight;
  }
}

/**
 * Puts a symbol (0 clears) in the selected cell, as an entry or a pencil mark: a refusal is
 * explained, a clash or (with mistakes shown) a wrong entry is said.
 */
function input(value, as = view.mode) {
  if (view.selected < 0) return;
  const { changed: done, refusal, cell, cells, reason } = board.input(value, as);
  if (refusal) say(refusal, 'warn');
  if (!done) return;
  gameChanged();
  if (board.game.isComplete()) sayComplete();
  else if (cells.length > 1) announce(announcer, editWords(board.game, cell, reason, { cells, value }));
  else if (!announceClash(cell)) {
    announce(announcer, editWords(board.game, cell, reason, { value }));
    checkEntryMistake(cell);
  }
}

/** Says the grid is complete, for as long as it stays so, and counts a puzzle solved. */
function sayComplete() {
  say(completeMessage(), 'ok', '', completeMessage(), { holds: () => board.game.isComplete() });
  recordSolve();
}

/**
 * Counts the game in the player's record when they completed a puzzle themselves (givens
 * or cages, no value from the solver): once per game, with its time, level and hints.
 */
function recordSolve() {
  const { game } = board;
  if (!game.hasGivens() || game.hasSolverValues() || !game.isComplete()) return;
  const daily = new URLSearchParams(source.replace(/^#/, '')).get('daily');
  const next = withSolve(stats, {
    id: gameId, size: game.size, level: level?.level ?? '', ms: Math.round(clock.read()), hints: hintsUsed,
    date: localDay(), daily: daily && parseHash(source)?.generate?.daily ? daily : null,
  });
  if (next === stats) return;
  stats = next;
  saveStats(stats);
  showStats();
}

/** The record panel's lines (stats.js), for today. */
function showStats() {
  ui.statsLines.replaceChildren(...statsLines(summary(stats, localDay())).map((line) => {
    const item = document.createElement('li');
    item.textContent = line;
    return item;
  }));
}

/** Saves the record as a JSON file. */
function exportStats() {
  download(new Blob([recordText(stats)], { type: 'application/json' }), `sudoku64-stats-${localDay()}.json`);
  say(t('app.stats.saved', { count: stats.solves.length }), 'ok');
}

/** Adds a saved record file to this browser's; a file that is not one is refused in words. */
async function importStats(file) {
  let text;
  try {
    text = await file.text();
  } catch (err) {
    say(t('app.stats.unreadable', { error: err.message }), 'error');
    return;
  }
  const read = readStats(text);
  if (read.error) {
    say(t('app.stats.refused', { file: file.name, error: read.error }), 'error');
    return;
  }
  const before = stats.solves.length;
  stats = mergeStats(stats, read.stats);
  const added = stats.solves.length - before;
  const saved = saveStats(stats);
  showStats();
  say(t(saved ? 'app.stats.added' : 'app.stats.added-unsaved', { file: file.name, count: added }),
    saved ? 'ok' : 'warn');
}

/**
 * Says, in the status line and the live region, when the symbol just typed repeats in the
 * cell's row, column or box (drawing it red is not enough for a screen reader), naming
 * both cells: "r1c2: 4 is already in row 1 at r1c1." Returns whether it did.
 */
function announceClash(cell) {
  const { game } = board;
  if (!game.values[cell] || !game.clashes().includes(cell)) return false;
  const clash = clashWords(game, cell);
  if (!clash) return false;
  const value = game.values[cell];
  // The message goes once the clash does: the cell changed, or the other copy went.
  say(`${cellName(cell, game.size)}: ${clash}.`, 'error', '', editWords(game, cell, 'entry'), {
    holds: () => board.game === game && game.values[cell] === value && game.clashes().includes(cell),
  });
  return true;
}

/** After an edit, undo or redo: what the engine said about the grid before no longer holds. */
function gameChanged() {
  view.errors = [];
  view.marked = [];
  changed();
}

function undo() {
  const command = board.game.undo();
  if (!command) {
    backToReplaced();
    return;
  }
  gameChanged();
  announce(announcer, historyWords(board.game, command, 'Undone'));
}

function redo() {
  const command = board.game.redo();
  if (!command) {
    forwardToReplacing();
    return;
  }
  gameChanged();
  announce(announcer, historyWords(board.game, command, 'Redone'));
}

/** Sets what a digit does (board.js's MODES), on the mode buttons and in words. */
function setMode(mode) {
  view.mode = MODES.includes(mode) ? mode : 'digit';
  ui.pencil.setAttribute('aria-pressed', String(view.mode === 'centre'));
  changed({ persist: false });
  announce(announcer, modeAnnouncement(view.mode));
}

/** The zoom buttons and + / − keys: one step, about the selected cell. */
function zoom(step) {
  if (!setZoom(view.zoom * ZOOM_STEP ** step)) return;
  if (view.selected >= 0) scrollToCell(view.selected);
}

/**
 * Zooms to `factor` times the fitted size (bounded), keeping the grid's point under the
 * window point (clientX, clientY) where it was, when one is given. Returns whether the
 * zoom changed.
 */
function setZoom(factor, clientX, clientY) {
  const next = Math.min(maxZoom(), Math.max(1, factor));
  if (Math.abs(next - view.zoom) < 1e-3) return false;
  const { scroller, canvas } = ui;
  const before = canvas.getBoundingClientRect();
  const anchored = clientX !== undefined && before.width > 0;
  const fx = anchored ? (clientX - before.left) / before.width : 0;
  const fy = anchored ? (clientY - before.top) / before.height : 0;
  view.zoom = next;
  showZoom();
  board.layout = null;
  board.draw();
  if (anchored) {
    const box = scroller.getBoundingClientRect();
    scroller.scrollLeft = canvas.offsetLeft + fx * board.layout.cssWidth - (clientX - box.left);
    scroller.scrollTop = canvas.offsetTop + fy * board.layout.cssHeight - (clientY - box.top);
  }
  return true;
}

/**
 * A tap or click on the grid selects the cell under it. On a touch screen, a cell too
 * small for a finger is zoomed to first, about the tap, and the next tap selects.
 */
function tapGrid(event) {
  const cell = board.cellAtClient(event.clientX, event.clientY);
  if (cell < 0) return;
  if (event.pointerType !== 'mouse' && board.cellCss() < MIN_TAP_CSS) {
    setZoom((view.zoom * (MIN_TAP_CSS + 8)) / board.cellCss(), event.clientX, event.clientY);
    const zoomed = view.zoom;
    const game = board.game;
    // The prompt holds until the tap it asks for (or another zoom).
    say(t('app.zoom.tap', { percent: Math.round(view.zoom * 100) }), '', '', undefined, { holds: () => board.game === game && view.zoom === zoomed && !tapped });
    tapped = false;
    return;
  }
  tapped = true;
  const how = pressHow(event);
  select(cell, { scroll: false, how });
  board.startSweep(cell, how);
  // A touch does not focus the canvas by itself (its pointerdown is the gesture's).
  if (document.activeElement !== ui.canvas) ui.canvas.focus({ preventScroll: true });
}

/** Whether the grid was tapped since the last zoom prompt. */
let tapped = false;

/**
 * A drag over the grid (a mouse, or a finger on a grid that fits): each cell passed is
 * added to the selection, or taken out of it (board.js's sweepHow).
 */
function sweepGrid(clientX, clientY) {
  const cell = board.cellAtClient(clientX, clientY);
  const how = board.sweepHow(cell);
  if (how) select(cell, { scroll: false, how });
}

/** What the status says when the grid is full and breaks no rule of its layout. */
function completeMessage() {
  return completeWords(board.game.layout);
}

/**
 * A link that opens this puzzle with the player's entries, marks and colours (progress.js),
 * copied to the clipboard (or put in the text box, selected, when there is no clipboard).
 */
async function shareProgress() {
  const { game } = board;
  if (!game.hasGivens()) {
    say(t('app.share.empty'), 'warn');
    return;
  }
  saveNow(); // the link names the puzzle as `source` does now
  const hash = new URLSearchParams(source.replace(/^#/, ''));
  hash.set('progress', encodeProgress(game)); // in place of any the link had
  const link = `${location.origin}${location.pathname}#${hash}`;
  try {
    await navigator.clipboard.writeText(link);
    say(t('app.share.copied', { count: link.length }), 'ok');
  } catch {
    ui.text.value = link;
    ui.text.select();
    say(t('app.share.no-clipboard'), 'warn');
  }
}

/**
 * Puts the progress a link carries (its `progress` parameter) on the game just opened, as
 * one step Undo takes back; a code that is corrupt, cut short, from another puzzle or from
 * a newer version is refused in words, and the game stays as it was.
 */
function applyLinkProgress(hash) {
  const code = new URLSearchParams(String(hash).replace(/^#/, '')).get('progress');
  if (!code) return;
  const read = decodeProgress(code, board.game);
  if (read.error) {
    say(t('app.share.refused', { error: read.error.message }), 'error');
  } else if (applyProgress(board.game, read.progress)) {
    gameChanged();
    say(t('app.share.opened'), 'ok');
  }
  // The game keeps the puzzle's own link: a reload must not put the shared progress back.
  const own = new URLSearchParams(source.replace(/^#/, ''));
  own.delete('progress');
  source = `#${own}`;
  saveNow();
}

async function copyGrid() {
  const { game } = board;
  let text = game.line();
  let copied = t('app.copy.line', { count: text.length });
  const kind = variantWords(game.layout);
  if (kind || game.box !== usualBox(game.size)) {
    // One line would come back as a plain grid with the side's usual boxes: a Solo game
    // ID keeps the layout.
    const read = await engine.read(engineText(text, game.layout), layoutOptions(game.layout)).catch(() => null);
    // Offered only when it reads back as this grid in this layout.
    const back = read?.id ? await engine.read(read.id).catch(() => null) : null;
    if (back?.status === 'ok' && back.puzzle === text && sameLayout(layoutFromData(back.layout), game.layout)) {
      text = read.id;
      copied = kind ? t('app.copy.solo.layout', { kind }) : t('app.copy.solo.boxes', { boxes: boxName(game.box) });
    } else if (kind) {
      copied = t('app.copy.no-solo', { count: text.length, kind });
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    say(copied, 'ok');
  } catch {
    // No clipboard permission: put the text in the box, selected, for Ctrl+C.
    ui.text.value = text;
    ui.text.select();
    say(t('app.copy.no-clipboard'), 'warn');
  }
}

/**
 * The puzzle as a SudokuPad link (f-puzzles' JSON, its layout included): the givens, or
 * the values typed in when there are none, as puzzleLine() has them.
 */
function sudokupadLinkOf(game, { sudokupadLink }) {
  const own = game.hasGivens();
  const givens = Array.from(game.values, (v, i) => ((own ? game.givens[i] : !game.solved[i]) ? v : 0));
  const { size, regions, diagonals, windows, cages, sums } = game.layout;
  return sudokupadLink({ size, givens, regions, diagonals, windows, cages, sums });
}

/**
 * A module imported on first need: not at start-up, where it would be one more file to
 * fetch before the page runs. `now()` is the module once it has loaded, else null (and the
 * import is started); `load()` the import's promise. A failed import is tried again on
 * the next use.
 * @param {() => Promise<any>} importIt
 */
function onDemand(importIt) {
  let module = null;
  let loading = null;
  const load = () => (loading ??= importIt().then((loaded) => { module = loaded; return loaded; }, (err) => {
    loading = null;
    throw err;
  }));
  return {
    now: () => {
      if (!module) load().catch(() => {});
      return module;
    },
    load,
  };
}

/** The f-puzzles link writer: main() asks for it once the engine has started, so it is most often here before the link is. */
const fpuzzles = onDemand(() => import('./fpuzzles.js'));

/** The reading keys' sentences, with the first key. */
const reading = onDemand(() => import('./reading.js'));

/**
 * Points "Open in SudokuPad" at the grid as it stands: written when it is about to be
 * used (hovered, focused, clicked or its menu opened), not on every change, since a large
 * grid's link takes a moment to write. Returns false when the link writer has not loaded
 * yet (the href is then set once it has).
 */
function pointSudokupadLink() {
  const module = fpuzzles.now();
  if (module) {
    ui.openSudokupad.href = sudokupadLinkOf(board.game, module);
    return true;
  }
  fpuzzles.load().then((loaded) => { ui.openSudokupad.href = sudokupadLinkOf(board.game, loaded); }, () => {});
  return false;
}

/** Whether two layouts have the same regions, diagonals, windows and cages. */
function sameLayout(a, b) {
  const same = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
  const list = (x) => Array.from(x ?? []);
  return Boolean(a && b) && a.size === b.size && a.diagonals === b.diagonals
    && same(Array.from(a.regions), Array.from(b.regions)) && same(Array.from(a.windows), Array.from(b.windows))
    && same(list(a.cages), list(b.cages)) && same(list(a.sums), list(b.sums));
}

/** Says what a reading key asks for (`what`: row, column, box, empties, counts). */
function readAloud(what) {
  const module = reading.now();
  if (module) {
    announce(announcer, module.readingWords(board.game, view.selected, what));
    return;
  }
  const { game } = board;
  const at = view.selected;
  reading.load().then((loaded) => announce(announcer, loaded.readingWords(game, at, what)),
    (err) => say(t('app.part.failed', { error: err.message }), 'error'));
}

/** Acts on a key pressed in the grid. Returns true when the key was used. */
function gridKey(event) {
  const action = board.keyAction(event);
  if (!action) return false;
  if ('move' in action) select(action.move, { how: action.extend ? 'extend' : 'only' });
  else if (action.selectAll) {
    board.selectAll();
    changed({ persist: false });
    announce(announcer, t('app.selected.all', { count: board.cells().length }));
  } else if (action.deselect) {
    select(-1);
    say(t('app.selected.none'));
  } else if (action.clear) input(0);
  else if (action.mode) setMode(action.mode);
  else if (action.cycleMode) setMode(nextMode(view.mode));
  else if (action.zoom) zoom(action.zoom);
  else if (action.read) readAloud(action.read);
  else if (action.notSymbol) {
    const n = board.game.size;
    say(`“${action.notSymbol}” is not a symbol of a ${n}×${n} grid, which uses ${symbolChar(1)}–${symbolChar(n)}.`, 'warn');
  } else if (action.symbol) {
    if (view.selected < 0) select(0);
    input(action.symbol, action.as ?? view.mode);
  }
  return true;
}

function isTextField(el) {
  return el instanceof HTMLTextAreaElement
    || (el instanceof HTMLInputElement && !['button', 'submit', 'checkbox', 'radio'].includes(el.type))
    || el instanceof HTMLSelectElement || el?.isContentEditable;
}

function onKeyDown(event) {
  const target = event.target;
  if (ui.techniques.open) return; // the modal panel keeps its keys (Escape closes it)
  if (!isTextField(target)) {
    const shortcut = shortcutAction(event);
    if (shortcut) {
      event.preventDefault();
      if (shortcut === 'undo') undo();
      else if (shortcut === 'redo') redo();
      else if (shortcut === 'hint') hint();
      else if (shortcut === 'apply') applyHint();
      else {
        ui.help.open = !ui.help.open;
        if (ui.help.open) ui.help.scrollIntoView({ block: 'nearest' });
      }
      return;
    }
  }
  if (target === ui.canvas) {
    if (gridKey(event)) event.preventDefault();
  } else if (typingGoesToGrid(event)) {
    // Typing with nothing focused, or on a button (reached by Tab, or pressed with Enter),
    // goes to the grid, which takes the focus back.
    if (gridKey(event)) {
      event.preventDefault();
      ui.canvas.focus({ preventScroll: true });
    }
  }
}

/**
 * Whether a key pressed outside the grid is meant for it: anything but Tab, Enter and Space
 * (which move on or press the focused control) pressed on the page or on a button.
 */
function typingGoesToGrid(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey || ['Tab', 'Enter', ' '].includes(event.key)) return false;
  if (target === document.body) return true;
  const control = target instanceof HTMLButtonElement || (target instanceof HTMLInputElement && target.type === 'checkbox');
  return control && !target.closest('#generate-form') && !ui.palette.contains(target);
}

// ---------------------------------------------------------------------------------------
// Wiring

/**
 * Empty is for 16×16 and up; Minimal for 16×16 to 36×36, windoku to 25×25 (smaller grids
 * are always minimal, larger ones would take minutes to prove), and it stands in for Empty.
 */
function syncGenerateFields() {
  const size = Number(ui.size.value);
  // The field shows only when the side has a choice of box shapes.
  ui.boxField.hidden = fillBoxes(ui.box, size) < 2;
  fillVariants(ui.variant, size, ui.box.value || usualBox(size));
  allowSymmetries(ui.symmetry, ui.box.value || usualBox(size), ui.variant.value);
  ui.minimal.disabled = !minimalOffered(size, ui.variant.value);
  ui.empty.disabled = size < 16 || (ui.minimal.checked && !ui.minimal.disabled);
}

function applyTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  const dark = themeName() === 'dark';
  ui.themeToggle.setAttribute('aria-label', dark ? t('app.theme.use-light') : t('app.theme.use-dark'));
  ui.themeToggle.title = dark ? t('app.theme.light') : t('app.theme.dark');
  redraw();
}

function wire() {
  onLanguage(speakLanguage);
  ui.lang.addEventListener('change', async () => {
    saveLanguage(ui.lang.value);
    const code = await setLanguage(ui.lang.value, PARTS);
    if (code === ui.lang.value) say(t('app.language.now'));
  });
  $('size-rectangular').replaceChildren(...rectangularSizeOptions());
  $('size-jigsaw').replaceChildren(...jigsawSizeOptions());
  syncGenerateFields();
  document.addEventListener('keydown', onKeyDown);
  placePad();
  padByGrid.addEventListener('change', placePad);

  attachGestures(ui.canvas, ui.scroller, {
    onTap: tapGrid,
    onSweep: sweepGrid,
    // A finger sweeps a grid that fits with cells it can aim at; else it pans a larger one.
    canSweep: () => board.cellCss() >= MIN_TAP_CSS && ui.scroller.scrollWidth <= ui.scroller.clientWidth + 1
      && ui.scroller.scrollHeight <= ui.scroller.clientHeight + 1,
    onZoom: (factor, x, y) => setZoom(view.zoom * factor, x, y),
  });
  // A double-click selects every cell holding the same symbol.
  ui.canvas.addEventListener('dblclick', (event) => {
    const cell = board.cellAtClient(event.clientX, event.clientY);
    if (cell < 0) return;
    board.selectSame(cell);
    changed({ persist: false });
    const count = board.cells().length;
    if (count > 1) announce(announcer, t('app.selected', { count }));
  });
  ui.canvas.addEventListener('focus', () => {
    view.focused = true;
    if (view.selected < 0) select(0);
    else redraw();
  });
  ui.canvas.addEventListener('blur', () => {
    view.focused = false;
    redraw();
  });

  // Paste anywhere but in a text field loads the puzzle; copy anywhere else copies the grid.
  document.addEventListener('paste', (event) => {
    if (isTextField(event.target)) return;
    event.preventDefault();
    loadText(event.clipboardData?.getData('text/plain') ?? '', { fromPage: true });
  });
  document.addEventListener('copy', (event) => {
    if (isTextField(event.target) || String(getSelection()).length) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', board.game.line());
    say(t('app.copy.text'), 'ok');
  });

  // A toolbar button clicked with a pointer hands the keyboard back to the grid, so typing
  // goes on where it was (a button pressed from the keyboard keeps the focus, and the keys
  // typed on it are passed to the grid: see typingGoesToGrid). Capture: before the button's
  // own action, which may move the focus on purpose (Copy without a clipboard). Generate,
  // Blank and Load, whichever way pressed, give the keys to their new grid once it is
  // there (keysToGrid).
  /** @type {HTMLElement} */ (document.querySelector('.panel')).addEventListener('click', (event) => {
    const control = /** @type {Element} */ (event.target).closest('.toolbar button, .check-field, .modes button');
    if (control && event.detail > 0 && !control.closest('#generate-form') && control !== ui.load) {
      ui.canvas.focus({ preventScroll: true });
    }
  }, true);
  board.listenToPalette((value) => {
    if (view.selected < 0) say(t('app.select-first'), 'warn');
    else input(value);
  }, (value) => {
    view.filter = view.filter === value ? 0 : value;
    changed({ persist: false });
    announce(announcer, filterWords(board.game, view.filter));
  });

  ui.solve.addEventListener('click', solve);
  ui.check.addEventListener('click', check);
  ui.copy.addEventListener('click', copyGrid);
  ui.shareProgress.addEventListener('click', shareProgress);
  for (const type of ['pointerenter', 'focus', 'contextmenu']) ui.openSudokupad.addEventListener(type, pointSudokupadLink);
  ui.openSudokupad.addEventListener('click', (event) => {
    if (!pointSudokupadLink()) {
      // Clicked before the link writer loaded: opened once it has (the click's activation
      // still allows a new tab then).
      event.preventDefault();
      fpuzzles.load().then((loaded) => {
        window.open(sudokupadLinkOf(board.game, loaded), '_blank', 'noopener');
        say(t('app.sudokupad.opened'), 'ok');
      }, (err) => say(t('app.part.failed', { error: err.message }), 'error'));
      return;
    }
    say(t('app.sudokupad.opened'), 'ok');
  });
  ui.undo.addEventListener('click', undo);
  ui.redo.addEventListener('click', redo);
  ui.pencil.addEventListener('click', () => setMode(view.mode === 'centre' ? 'digit' : 'centre'));
  ui.candidateGrid.checked = loadSetting('candidateGrid', true);
  view.centreAsGrid = ui.candidateGrid.checked;
  ui.candidateGrid.addEventListener('change', () => {
    view.centreAsGrid = ui.candidateGrid.checked;
    saveSetting('candidateGrid', view.centreAsGrid);
    redraw();
  });
  ui.clear.addEventListener('click', () => {
    if (board.game.clearEntries()) {
      gameChanged();
      say(t('app.cleared'));
    }
  });
  ui.cancel.addEventListener('click', cancelJob);
  ui.recent.addEventListener('click', (event) => {
    const id = /** @type {Element} */ (event.target).closest('button')?.dataset.id;
    const record = id && recent.find((r) => r.id === id);
    if (record && !openRecord(record)) say(t('app.recent.unreadable'), 'error');
  });
  ui.hint.addEventListener('click', hint);
  ui.techniquesHelp.addEventListener('click', () => {
    const shown = board.currentHint();
    openTechniques(shown ? shown.steps[0].technique : '');
  });
  ui.techniquesClose.addEventListener('click', () => ui.techniques.close());
  ui.techniques.addEventListener('close', techniquesClosed);
  // A click on the backdrop (the dialog itself, outside its padded inner box) closes it.
  ui.techniques.addEventListener('click', (event) => { if (event.target === ui.techniques) ui.techniques.close(); });
  ui.apply.addEventListener('click', applyHint);
  ui.candidates.addEventListener('click', fillCandidates);
  ui.rate.addEventListener('click', () => rate());
  ui.showMistakes.addEventListener('change', toggleMistakes);
  ui.timerToggle.addEventListener('click', () => {
    const on = ui.timer.hidden;
    saveSetting('timer', on);
    showTimer(on);
  });
  document.addEventListener('visibilitychange', () => {
    syncClock();
    if (document.hidden) saveNow();
  });
  setInterval(showClock, 1000);
  ui.printThis.addEventListener('click', printThis);
  ui.savePng.addEventListener('click', savePng);
  ui.saveSvg.addEventListener('click', saveSvg);
  ui.zoomIn.addEventListener('click', () => zoom(1));
  ui.zoomOut.addEventListener('click', () => zoom(-1));

  ui.size.addEventListener('change', syncGenerateFields);
  ui.box.addEventListener('change', syncGenerateFields);
  ui.variant.addEventListener('change', syncGenerateFields);
  ui.minimal.addEventListener('change', syncGenerateFields);
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { options, error } = generateOptions();
    if (error) say(error, 'error');
    else generate(options);
  });
  ui.blank.addEventListener('click', () => startBlank(Number(ui.size.value), ui.box.value));
  ui.daily.addEventListener('click', openDaily);
  showStats();
  ui.statsExport.addEventListener('click', exportStats);
  ui.statsImport.addEventListener('click', () => ui.statsFile.click());
  ui.statsFile.addEventListener('change', () => {
    const [file] = ui.statsFile.files;
    ui.statsFile.value = '';
    if (file) importStats(file);
  });
  ui.load.addEventListener('click', async () => {
    await loadText(ui.text.value);
    if (document.activeElement === ui.load) ui.canvas.focus();
  });
  // Enter in the box loads, as in a one-line field; Shift+Enter starts a new line.
  ui.text.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    loadText(ui.text.value);
  });
  // Pasting into the box loads at once too; typing there waits for Load (or Enter).
  ui.text.addEventListener('paste', () => setTimeout(() => loadText(ui.text.value)));
  // The note is about the text as it was: an edit takes it away.
  ui.text.addEventListener('input', () => { if (pasteProblem) notePaste(null); });

  ui.themeToggle.addEventListener('click', () => {
    const next = themeName() === 'dark' ? 'light' : 'dark';
    // Choosing what the system prefers anyway goes back to following the system.
    const choice = next === (systemDark.matches ? 'dark' : 'light') ? null : next;
    saveTheme(choice);
    applyTheme(choice);
  });
  systemDark.addEventListener('change', () => applyTheme(loadTheme()));

  new ResizeObserver(() => {
    board.layout = null;
    redraw();
  }).observe(ui.scroller);

  // The hash the reader navigated to, from the event: a save due at that moment may already
  // have put the game's own hash back into the address bar.
  window.addEventListener('hashchange', (event) => {
    const { hash } = new URL(event.newURL);
    if (hash !== source) openHash(hash);
  });
  window.addEventListener('pagehide', saveNow);
  // Another tab saved its games: the recent list shows them too.
  window.addEventListener('storage', (event) => {
    if (event.key !== GAMES_STORAGE_KEY) return;
    recent = mergedGames(recent, readGames());
    showRecent();
  });
}

/**
 * Waits for the engine's first answer, `first` (asked at the start of main, so the
 * worker loads the wasm while the page builds itself); true once it has answered.
 * @param {Promise<string>} first
 */
async function startEngine(first) {
  try {
    showVersion(await first);
    return true;
  } catch (err) {
    if (err.kind === 'worker' || err.kind === 'panic') {
      return recover(err);
    }
    say(t('app.engine.no-start', { error: err.message }), 'error');
    return false;
  }
}

async function main() {
  // The worker starts now: it fetches and compiles the wasm while the page builds itself.
  const firstAnswer = engine.version();
  firstAnswer.catch(() => {}); // said by startEngine, once the page can say it
  // The saved choice, else the browser's; an unknown saved one falls back to English.
  await setLanguage(loadLanguage() ?? chooseLanguage(navigator.languages), PARTS);
  ui.status.textContent = t('app.status.starting');
  applyTheme(loadTheme());
  showTimer(loadSetting('timer', true));
  ui.showMistakes.checked = loadSetting('mistakes', false);
  wire();
  setBusy(null);
  speakLanguage();

  // What to show: the recent game the URL names, or the last one when the URL names
  // nothing this page understands; else what the URL names; else a blank 9×9.
  const hash = location.hash.length > 1 ? location.hash : '';
  const named = hash ? parseHash(hash) : null;
  // A daily link that can make no puzzle is said, and the last game shows instead.
  const target = named?.error ? null : named;
  const record = target ? recordForHash(hash) : recent.find(worthKeeping) ?? null;
  const restored = record ? Game.fromJSON(record.game) : null;
  if (restored) {
    showGame({
      id: record.id, game: restored, hash: record.hash ?? blankHash(restored.size, restored.box, restored.layout.variant),
      selected: record.selected,
      level: record.level, elapsed: record.elapsed, hints: record.hints,
    });
  } else if (target?.generate) {
    const { size, box, variant } = target.generate;
    // Blank until the engine makes it again.
    startGame(new Game(size, { layout: pendingLayout(size, box, variant) }), hash);
  } else if (target) {
    await openHash(hash);
  } else {
    startGame(new Game(9), blankHash(9));
  }

  if (restored && target) applyLinkProgress(hash);
  if (!(await startEngine(firstAnswer))) return;
  fpuzzles.now(); // the SudokuPad link writer, off the start-up's path (see onDemand)
  if (ui.showMistakes.checked && board.game.hasGivens() && !session.running) {
    puzzleSolution({ quiet: true }).then(() => changed({ persist: false }));
  }
  if (!restored && target?.generate) {
    await openHash(hash); // a generated puzzle comes back from its seed
  } else if (ui.status.textContent === t('app.status.starting')) {
    say(restored && restored.filledCount() ? t('app.ready.restored') : t('app.ready'));
  }
  // What was ignored on the way in, said first; the usual words go to the details line.
  const ignored = [];
  if (named?.error) ignored.push(named.error);
  else if (hash && !target) ignored.push(t('app.link.ignored'));
  if (loaded.ignored) {
    ignored.push(t('app.saved.ignored', { count: loaded.ignored }));
  }
  if (loaded.keptAside) ignored.push(t('app.saved.aside'));
  if (loaded.frozen) ignored.push(t('app.saved.frozen'));
  if (ignored.length) say(ignored.join(' '), 'warn', ui.status.textContent);
}

// The service worker's install downloads every file once more (revalidated, so mostly
// no bodies): only once the engine has started (main's first call to it, which also says
// when the engine had to be restarted), not to slow the first load.
main().finally(() => registerOffline());
