// The game in progress: the puzzle's givens, the player's entries, marks and colours, the
// values the solver filled in, and the undo history of every change to them.
//
// A player marks a cell two ways, as the enthusiasts' apps do: centre marks (`pencil`, the
// cell's candidates, kept in symbol order; Candidates fills them) and corner marks
// (`corner`, where a symbol can go in a unit, kept in the order entered). A cell may also
// hold colours (`colours`, numbers 1..COLOURS in the order given), the player's own notes
// for chains and parity, with no meaning to the rules.
//
// Every edit is one command of plain data, a list of per-cell changes
//   { cell, before: {value, solved, marks, corner, colours}, after: {...the same} }
// applied forwards to do or redo it and backwards to undo it. An edit of several selected
// cells is one command, so one Undo takes it back.

import { History } from './history.js';
import {
  boxLayout, findClashes, fromLine, hasCages, isJigsaw, layoutFromData, peers, symbolChar, toLine, ALPHABET,
} from './grid.js';

/** How many colours a player can give cells (render.js draws each). */
export const COLOURS = 9;

export class Game {
  /**
   * @param {number} size grid side n
   * @param {{values?: ArrayLike<number>, givens?: ArrayLike<number>, solved?: ArrayLike<number>,
   *          pencil?: Array<number[] | null>, corner?: Array<number[] | null>,
   *          colours?: Array<number[] | null>, layout?: {size: number, box: string, variant: string[],
   *          regions: ArrayLike<number>, diagonals: boolean, windows: ArrayLike<number>}}} [cells]
   *   `layout` is the grid's layout (grid.js), by default the side's usual boxes.
   */
  constructor(size, { values, givens, solved, pencil, corner, colours, layout } = {}) {
    const count = size * size;
    this.size = size;
    this.layout = layout?.size === size ? layout : boxLayout(size);
    this.values = Uint8Array.from(values ?? new Uint8Array(count));
    this.givens = Uint8Array.from(givens ?? new Uint8Array(count));
    this.solved = Uint8Array.from(solved ?? new Uint8Array(count));
    const lists = (from) => (from ? from.map((m) => (m?.length ? [...m] : null)) : new Array(count).fill(null));
    this.pencil = lists(pencil);
    this.corner = lists(corner);
    this.colours = lists(colours);
    this.history = new History();
    this.revision = 0;
    // Bumped when a value changes, not a mark alone: what a hint depends on.
    this.valueRevision = 0;
    this.clashCache = null;
  }

  /** A puzzle whose filled cells are all givens, in a layout (by default the side's usual one). */
  static fromPuzzle(size, values, layout) {
    const givens = Uint8Array.from(values, (v) => (v ? 1 : 0));
    return new Game(size, { values, givens, layout });
  }

  /** The box shape, 'RxC' ('' for jigsaw regions). */
  get box() {
    return this.layout.box;
  }

  /** Every value, givens and entries alike, as one line of text. */
  line() {
    return toLine(this.values);
  }

  /** The givens alone as one line of text. */
  givensLine() {
    return toLine(this.values.map((v, i) => (this.givens[i] ? v : 0)));
  }

  /**
   * Whether the grid holds a puzzle's clues: givens, or a killer's cages (a killer often
   * has no givens at all).
   */
  hasGivens() {
    return this.givens.some(Boolean) || hasCages(this.layout);
  }

  /**
   * The puzzle as the player sees it: the givens, or when there are none (a puzzle typed
   * into a blank grid) the values typed in.
   */
  puzzleLine() {
    if (this.hasGivens()) return this.givensLine();
    return toLine(this.values.map((v, i) => (this.solved[i] ? 0 : v)));
  }

  /**
   * The givens and the player's entries, without what the solver filled in: what Solve and
   * Check judge, so that asking twice gives the same verdict.
   */
  playerLine() {
    return toLine(this.values.map((v, i) => (this.solved[i] ? 0 : v)));
  }

  /** Whether the player filled in any cell: a value that is neither a given nor the solver's. */
  hasEntries() {
    return this.values.some((v, i) => v && !this.givens[i] && !this.solved[i]);
  }

  /** Whether the solver filled in any cell. */
  hasSolverValues() {
    return this.solved.some(Boolean);
  }

  /** Cells whose symbol repeats in a row, column or box. */
  clashes() {
    this.clashCache ??= findClashes(this.values, this.layout);
    return this.clashCache;
  }

  filledCount() {
    return this.values.reduce((sum, v) => sum + (v ? 1 : 0), 0);
  }

  isComplete() {
    return this.filledCount() === this.size * this.size && this.clashes().length === 0;
  }

  snapshot(cell) {
    return {
      value: this.values[cell], solved: this.solved[cell], marks: this.pencil[cell],
      corner: this.corner[cell], colours: this.colours[cell],
    };
  }

  /** Applies a command forwards (`after`) or backwards (`before`). */
  apply(command, forwards) {
    const changes = forwards ? command.changes : [...command.changes].reverse();
    for (const change of changes) {
      const to = forwards ? change.after : change.before;
      if (this.values[change.cell] !== to.value) this.valueRevision++;
      this.values[change.cell] = to.value;
      this.solved[change.cell] = to.solved;
      this.pencil[change.cell] = to.marks;
      // Commands saved before corner marks and colours have none.
      this.corner[change.cell] = to.corner ?? null;
      this.colours[change.cell] = to.colours ?? null;
    }
    this.revision++;
    this.clashCache = null;
  }

  /** Builds, applies and records a command from a list of {cell, after} pairs. */
  commit(label, edits) {
    const count = this.values.length;
    const changes = edits
      .filter(({ cell }) => Number.isInteger(cell) && cell >= 0 && cell < count)
      .map(({ cell, after }) => ({ cell, before: this.snapshot(cell), after: { ...this.snapshot(cell), ...after } }))
      .filter(({ before, after }) =>
        before.value !== after.value || before.solved !== after.solved || !sameMarks(before.marks, after.marks)
        || !sameMarks(before.corner, after.corner) || !sameMarks(before.colours, after.colours));
    if (changes.length === 0) return null;
    const command = { label, changes };
    this.apply(command, true);
    this.history.push(command);
    return command;
  }

  /**
   * Puts a symbol in a cell (0 empties it) and takes that symbol out of the marks of the
   * cell's peers. Returns {refused} for a given, else the command or null.
   */
  enter(cell, value) {
    return this.enterAll([cell], value);
  }

  /**
   * Puts a symbol in every cell of `cells` that is not a given (one command), and takes it
   * out of the centre and corner marks of their peers. Returns {refused: 'given'} when
   * every cell is a given, else the command or null (nothing changed).
   */
  enterAll(cells, value) {
    const open = cells.filter((cell) => !this.givens[cell]);
    if (open.length === 0) return { refused: 'given' };
    if (!value) return this.commit('clear', open.map((cell) => ({ cell, after: { value: 0, solved: 0 } })));
    const edits = new Map(open.map((cell) => [cell, { value, solved: 0 }]));
    for (const cell of open) {
      for (const peer of peers(cell, this.layout)) {
        const marks = this.pencil[peer];
        const corner = this.corner[peer];
        const after = edits.get(peer) ?? {};
        if (marks?.includes(value)) after.marks = withoutMark(after.marks ?? marks, value);
        if (corner?.includes(value)) after.corner = withoutMark(after.corner ?? corner, value);
        if (after.marks !== undefined || after.corner !== undefined) edits.set(peer, after);
      }
    }
    return this.commit(`enter ${symbolChar(value)}`, [...edits].map(([cell, after]) => ({ cell, after })));
  }

  /** Adds or removes a centre pencil mark in an empty cell. */
  toggleMark(cell, value) {
    return this.toggleMarks([cell], value, 'centre');
  }

  /**
   * Adds a centre or corner mark (`kind` 'centre' or 'corner') to every empty cell of
   * `cells`, or, when all of them hold it already, removes it from all (one command), as
   * the enthusiasts' apps do. Returns {refused: 'given' | 'filled'} when no cell is empty.
   * Centre marks stay in symbol order, corner marks in the order entered.
   */
  toggleMarks(cells, value, kind = 'centre') {
    const open = cells.filter((cell) => !this.givens[cell] && !this.values[cell]);
    if (open.length === 0) return { refused: cells.some((cell) => this.givens[cell]) && cells.length === 1 ? 'given' : 'filled' };
    const field = kind === 'corner' ? 'corner' : 'marks';
    const lists = kind === 'corner' ? this.corner : this.pencil;
    const remove = open.every((cell) => lists[cell]?.includes(value));
    const edits = open.map((cell) => {
      const marks = lists[cell] ?? [];
      let after;
      if (remove) after = withoutMark(marks, value);
      else if (marks.includes(value)) after = marks;
      else after = kind === 'corner' ? [...marks, value] : [...marks, value].sort((a, b) => a - b);
      return { cell, after: { [field]: after } };
    });
    return this.commit(`${kind} ${symbolChar(value)}`, edits);
  }

  /**
   * Gives colour `colour` (1..COLOURS) to every cell of `cells`, or, when all of them have
   * it already, takes it from all (one command). Any cell takes colours, givens too.
   */
  toggleColour(cells, colour) {
    if (cells.length === 0 || !(colour >= 1 && colour <= COLOURS)) return null;
    const remove = cells.every((cell) => this.colours[cell]?.includes(colour));
    return this.commit(`colour ${colour}`, cells.map((cell) => {
      const now = this.colours[cell] ?? [];
      const after = remove ? withoutMark(now, colour) : now.includes(colour) ? now : [...now, colour];
      return { cell, after: { colours: after } };
    }));
  }

  /** Empties a cell, or when it is empty already, removes its marks. */
  clear(cell) {
    return this.clearAll([cell]);
  }

  /**
   * Delete over a selection, one layer at a time as the enthusiasts' apps do: in `mode`
   * 'colour' the colours; else the entries, when any cell has one; else the marks of the
   * mode's kind ('corner' or 'centre'; in 'digit' mode both), when any cell has one; else
   * the other marks; else the colours. One command; {refused: 'given'} when every cell is
   * a given and the mode is not colour.
   */
  clearAll(cells, mode = 'digit') {
    const colours = () => this.commit('clear colours', cells.filter((cell) => this.colours[cell]?.length)
      .map((cell) => ({ cell, after: { colours: null } })));
    if (mode === 'colour') return colours();
    const open = cells.filter((cell) => !this.givens[cell]);
    if (open.length === 0) return cells.some((cell) => this.colours[cell]?.length) ? colours() : { refused: 'given' };
    const filled = open.filter((cell) => this.values[cell]);
    if (filled.length) return this.commit('clear', filled.map((cell) => ({ cell, after: { value: 0, solved: 0 } })));
    const layers = mode === 'corner' ? [['corner'], ['marks']] : mode === 'centre' ? [['marks'], ['corner']] : [['marks', 'corner']];
    for (const fields of layers) {
      const lists = fields.map((f) => (f === 'corner' ? this.corner : this.pencil));
      const marked = open.filter((cell) => lists.some((l) => l[cell]?.length));
      if (marked.length) {
        return this.commit('clear marks', marked.map((cell) => ({ cell, after: Object.fromEntries(fields.map((f) => [f, null])) })));
      }
    }
    return colours();
  }

  /**
   * Fills the empty cells, and those the solver filled before, from a solution (values in
   * cell order), flagged as the solver's.
   */
  fillSolution(solution) {
    const edits = [];
    for (let cell = 0; cell < this.values.length; cell++) {
      if ((!this.values[cell] || this.solved[cell]) && solution[cell]) {
        edits.push({ cell, after: { value: solution[cell], solved: 1 } });
      }
    }
    return this.commit('solve', edits);
  }

  /**
   * Pencil-marks every empty cell with each symbol no peer holds (one undoable command).
   * Marks the player had are replaced.
   */
  fillCandidates() {
    const n = this.size;
    const edits = [];
    for (let cell = 0; cell < this.values.length; cell++) {
      if (this.values[cell]) continue;
      const seen = new Uint8Array(n + 1);
      for (const peer of peers(cell, this.layout)) seen[this.values[peer]] = 1;
      const marks = [];
      for (let v = 1; v <= n; v++) if (!seen[v]) marks.push(v);
      edits.push({ cell, after: { marks: marks.length ? marks : null } });
    }
    return this.commit('candidates', edits);
  }

  /**
   * Performs a logic step (one undoable command): its placements are entered like the
   * player's own (peers lose that pencil mark), its eliminations leave the pencil marks.
   * @param {{placements?: {cell: number, value: number}[], eliminations?: {cell: number, value: number}[]}[]} steps
   */
  applySteps(steps, label = 'hint') {
    const marks = new Map(); // cell -> marks after the step
    const values = new Map();
    const corners = new Map(); // cell -> corner marks after the step
    const marksOf = (cell) => (marks.has(cell) ? marks.get(cell) : this.pencil[cell]);
    for (const step of steps) {
      for (const { cell, value } of step.eliminations ?? []) {
        const current = marksOf(cell);
        if (current?.includes(value)) marks.set(cell, withoutMark(current, value));
      }
      for (const { cell, value } of step.placements ?? []) {
        if (this.givens[cell] || this.values[cell]) continue;
        values.set(cell, value);
        for (const peer of peers(cell, this.layout)) {
          const current = marksOf(peer);
          if (current?.includes(value)) marks.set(peer, withoutMark(current, value));
          const corner = corners.has(peer) ? corners.get(peer) : this.corner[peer];
          if (corner?.includes(value)) corners.set(peer, withoutMark(corner, value));
        }
      }
    }
    const edits = [];
    for (const [cell, after] of marks) if (!values.has(cell)) edits.push({ cell, after: { marks: after } });
    for (const [cell, after] of corners) if (!values.has(cell)) edits.push({ cell, after: { corner: after } });
    for (const [cell, value] of values) edits.push({ cell, after: { value, solved: 0 } });
    return this.commit(label, edits);
  }

  /** Removes every entry, solver value, mark and colour, keeping the givens. */
  clearEntries() {
    const edits = [];
    for (let cell = 0; cell < this.values.length; cell++) {
      if (!this.givens[cell]) edits.push({ cell, after: { value: 0, solved: 0, marks: null, corner: null, colours: null } });
      else if (this.colours[cell]) edits.push({ cell, after: { colours: null } });
    }
    return this.commit('clear entries', edits);
  }

  undo() {
    const command = this.history.undo();
    if (command) this.apply(command, false);
    return command;
  }

  redo() {
    const command = this.history.redo();
    if (command) this.apply(command, true);
    return command;
  }

  /**
   * Plain data for localStorage, with the newest commands of the undo history (and what
   * can be redone): at most `historyLimit` commands and `changeLimit` cell changes each way,
   * so that a 64×64 full of Candidates steps stays small enough to save often. Each change
   * is packed as
   *   [cell, value, solved, marks, corner, colours (before), value, solved, marks, corner, colours (after)]
   * with values and marks as symbol characters ('' for none) and colours as digits. (Games
   * saved before corner marks and colours have 7-entry changes, without them; both read.)
   */
  toJSON({ historyLimit = 200, changeLimit = 5000 } = {}) {
    const perCell = (lists) => {
      const out = {};
      lists.forEach((marks, cell) => {
        if (marks?.length) out[cell] = marksText(marks);
      });
      return out;
    };
    /** The newest commands of a stack (the end of the array) within the limits, oldest first. */
    const newest = (commands) => {
      let changes = 0;
      let from = commands.length;
      while (from > 0 && commands.length - from < historyLimit) {
        changes += commands[from - 1].changes.length;
        if (changes > changeLimit) break;
        from--;
      }
      return commands.slice(from);
    };
    const packCell = (c) => [symbolText(c.value), c.solved ? 1 : 0, marksText(c.marks), marksText(c.corner), marksText(c.colours)];
    const pack = (command) => ({
      label: command.label,
      changes: command.changes.map(({ cell, before, after }) => [cell, ...packCell(before), ...packCell(after)]),
    });
    const { layout } = this;
    return {
      size: this.size,
      box: layout.box,
      // The layout beyond boxes: variants, and a jigsaw's regions (a symbol per cell).
      ...(layout.variant?.length ? { variant: layout.variant.join(',') } : {}),
      ...(isJigsaw(layout) ? { regions: Array.from(layout.regions, (r) => ALPHABET[r]).join('') } : {}),
      // A killer's cages: the cage of each cell (from 1), and each cage's sum.
      ...(layout.cages ? { cages: Array.from(layout.cages), sums: Array.from(layout.sums) } : {}),
      values: this.line(),
      givens: Array.from(this.givens).join(''),
      solved: Array.from(this.solved).join(''),
      pencil: perCell(this.pencil),
      corner: perCell(this.corner),
      colours: perCell(this.colours),
      history: { done: newest(this.history.done).map(pack), undone: newest(this.history.undone).map(pack) },
    };
  }

  /** The game from toJSON()'s data, or null when the data does not hold together. */
  static fromJSON(data) {
    // A side with no boxes is read only with the regions that make it a jigsaw.
    const read = data && fromLine(data.values, { jigsaw: typeof data.regions === 'string' });
    if (!read || read.size !== data.size) return null;
    // Games saved before boxes had shapes have the side's usual boxes; before variants, none.
    const box = typeof data.box === 'string' ? data.box : '';
    const variant = typeof data.variant === 'string' ? data.variant : '';
    const plain = typeof data.regions === 'string'
      ? layoutFromData({ size: read.size, box: '', variant, regions: Array.from(data.regions, (c) => ALPHABET.indexOf(c)) })
      : boxLayout(read.size, box, variant.replace(/killer/, ''));
    const layout = plain && Array.isArray(data.cages)
      ? layoutFromData({ ...plain, variant: [...plain.variant, 'killer'], cages: data.cages, sums: data.sums })
      : plain;
    if (!layout) return null;
    const count = read.size * read.size;
    const mask = (text) => (typeof text === 'string' && text.length === count && /^[01]*$/.test(text)
      ? Uint8Array.from(text, Number) : new Uint8Array(count));
    /** Per-cell lists from {cell: symbols}, each symbol within `most`, in the order written. */
    const perCell = (saved, most) => {
      const lists = new Array(count).fill(null);
      if (!saved || typeof saved !== 'object') return lists;
      for (const [cell, symbols] of Object.entries(saved)) {
        const list = [...String(symbols)].map((c) => ALPHABET.indexOf(c) + 1).filter((v) => v >= 1 && v <= most);
        if (Number(cell) >= 0 && Number(cell) < count && list.length) lists[Number(cell)] = [...new Set(list)];
      }
      return lists;
    };
    const pencil = perCell(data.pencil, read.size);
    const corner = perCell(data.corner, read.size);
    const colours = perCell(data.colours, COLOURS);
    const filled = (m) => m.map((bit, i) => (bit && read.values[i] ? 1 : 0));
    const game = new Game(read.size, {
      values: read.values, givens: filled(mask(data.givens)), solved: filled(mask(data.solved)), pencil, corner, colours, layout,
    });
    // The history, when every command in it fits this grid (else the game starts without one).
    const symbol = (c) => (c === '' ? 0 : ALPHABET.indexOf(c) + 1);
    const marks = (text) => {
      const list = [...String(text)].map(symbol);
      return list.length ? list : null;
    };
    /** @param {any[]} packed a cell as toJSON() packs it */
    const unpackCell = ([value, solved, centre, cornerText = '', colourText = '']) => ({
      value: symbol(value), solved: solved ? 1 : 0, marks: marks(centre), corner: marks(cornerText), colours: marks(colourText),
    });
    const unpack = (command) => {
      const changes = (command?.changes ?? []).map((c) => {
        if (!Array.isArray(c) || (c.length !== 7 && c.length !== 11) || !(c[0] >= 0 && c[0] < count)) return null;
        const half = (c.length - 1) / 2;
        return { cell: c[0], before: unpackCell(c.slice(1, 1 + half)), after: unpackCell(c.slice(1 + half)) };
      });
      const fits = changes.length > 0 && changes.every((c) => c
        && [c.before.value, c.after.value, ...(c.before.marks ?? []), ...(c.after.marks ?? []),
          ...(c.before.corner ?? []), ...(c.after.corner ?? [])].every((v) => v >= 0 && v <= read.size)
        && [...(c.before.colours ?? []), ...(c.after.colours ?? [])].every((v) => v >= 1 && v <= COLOURS));
      return fits ? { label: String(command.label ?? ''), changes } : null;
    };
    const done = (data.history?.done ?? []).map(unpack);
    const undone = (data.history?.undone ?? []).map(unpack);
    if (done.every(Boolean) && undone.every(Boolean)) {
      game.history.done.push(...done);
      game.history.undone.push(...undone);
    }
    return game;
  }

  /** Whether the player did anything with this game: entries, marks, or steps to undo or redo. */
  hasProgress() {
    return this.history.canUndo || this.history.canRedo
      || this.values.some((v, i) => v && !this.givens[i])
      || this.pencil.some((m) => m?.length) || this.corner.some((m) => m?.length) || this.colours.some((m) => m?.length);
  }
}

function symbolText(value) {
  return value ? ALPHABET[value - 1] : '';
}

function marksText(marks) {
  return marks?.length ? marks.map(symbolText).join('') : '';
}

function withoutMark(marks, value) {
  const rest = marks.filter((v) => v !== value);
  return rest.length ? rest : null;
}

function sameMarks(a, b) {
  if (!a?.length || !b?.length) return !a?.length && !b?.length;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
