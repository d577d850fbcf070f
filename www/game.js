// The game in progress: the puzzle's givens, the player's entries and pencil marks, the
// values the solver filled in, and the undo history of every change to them.
//
// Every edit is one command of plain data, a list of per-cell changes
//   { cell, before: {value, solved, marks}, after: {value, solved, marks} }
// applied forwards to do or redo it and backwards to undo it.

import { History } from './history.js';
import {
  boxLayout, findClashes, fromLine, hasCages, isJigsaw, layoutFromData, peers, symbolChar, toLine, ALPHABET,
} from './grid.js';

export class Game {
  /**
   * @param {number} size grid side n
   * @param {{values?: ArrayLike<number>, givens?: ArrayLike<number>, solved?: ArrayLike<number>,
   *          pencil?: Array<number[] | null>, layout?: {size: number, box: string, variant: string[],
   *          regions: ArrayLike<number>, diagonals: boolean, windows: ArrayLike<number>}}} [cells]
   *   `layout` is the grid's layout (grid.js), by default the side's usual boxes.
   */
  constructor(size, { values, givens, solved, pencil, layout } = {}) {
    const count = size * size;
    this.size = size;
    this.layout = layout?.size === size ? layout : boxLayout(size);
    this.values = Uint8Array.from(values ?? new Uint8Array(count));
    this.givens = Uint8Array.from(givens ?? new Uint8Array(count));
    this.solved = Uint8Array.from(solved ?? new Uint8Array(count));
    this.pencil = pencil ? pencil.map((m) => (m?.length ? [...m] : null)) : new Array(count).fill(null);
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
    return { value: this.values[cell], solved: this.solved[cell], marks: this.pencil[cell] };
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
    }
    this.revision++;
    this.clashCache = null;
  }

  /** Builds, applies and records a command from a list of {cell, after} pairs. */
  commit(label, edits) {
    const changes = edits
      .map(({ cell, after }) => ({ cell, before: this.snapshot(cell), after: { ...this.snapshot(cell), ...after } }))
      .filter(({ before, after }) =>
        before.value !== after.value || before.solved !== after.solved || !sameMarks(before.marks, after.marks));
    if (changes.length === 0) return null;
    const command = { label, changes };
    this.apply(command, true);
    this.history.push(command);
    return command;
  }

  /**
   * Puts a symbol in a cell (0 empties it) and takes that symbol out of the pencil marks
   * of the cell's peers. Returns {refused} for a given, else the command or null.
   */
  enter(cell, value) {
    if (this.givens[cell]) return { refused: 'given' };
    const edits = [{ cell, after: { value, solved: 0 } }];
    if (value) {
      for (const peer of peers(cell, this.layout)) {
        const marks = this.pencil[peer];
        if (marks?.includes(value)) edits.push({ cell: peer, after: { marks: withoutMark(marks, value) } });
      }
    }
    return this.commit(value ? `enter ${symbolChar(value)}` : 'clear', edits);
  }

  /** Adds or removes a pencil mark in an empty cell. */
  toggleMark(cell, value) {
    if (this.givens[cell]) return { refused: 'given' };
    if (this.values[cell]) return { refused: 'filled' };
    const marks = this.pencil[cell] ?? [];
    const after = marks.includes(value) ? withoutMark(marks, value) : [...marks, value].sort((a, b) => a - b);
    return this.commit(`mark ${symbolChar(value)}`, [{ cell, after: { marks: after } }]);
  }

  /** Empties a cell, or when it is empty already, removes its pencil marks. */
  clear(cell) {
    if (this.givens[cell]) return { refused: 'given' };
    if (this.values[cell]) return this.commit('clear', [{ cell, after: { value: 0, solved: 0 } }]);
    return this.commit('clear marks', [{ cell, after: { marks: null } }]);
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
        }
      }
    }
    const edits = [];
    for (const [cell, after] of marks) if (!values.has(cell)) edits.push({ cell, after: { marks: after } });
    for (const [cell, value] of values) edits.push({ cell, after: { value, solved: 0 } });
    return this.commit(label, edits);
  }

  /** Removes every entry, solver value and pencil mark, keeping the givens. */
  clearEntries() {
    const edits = [];
    for (let cell = 0; cell < this.values.length; cell++) {
      if (!this.givens[cell]) edits.push({ cell, after: { value: 0, solved: 0, marks: null } });
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
   *   [cell, value before, solved before, marks before, value after, solved after, marks after]
   * with values and marks as symbol characters ('' for none).
   */
  toJSON({ historyLimit = 200, changeLimit = 5000 } = {}) {
    const pencil = {};
    this.pencil.forEach((marks, cell) => {
      if (marks?.length) pencil[cell] = marksText(marks);
    });
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
    const pack = (command) => ({
      label: command.label,
      changes: command.changes.map(({ cell, before, after }) => [
        cell, symbolText(before.value), before.solved ? 1 : 0, marksText(before.marks),
        symbolText(after.value), after.solved ? 1 : 0, marksText(after.marks),
      ]),
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
      pencil,
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
    const pencil = new Array(count).fill(null);
    for (const [cell, symbols] of Object.entries(data.pencil ?? {})) {
      const marks = [...String(symbols)].map((c) => ALPHABET.indexOf(c) + 1).filter((v) => v >= 1 && v <= read.size);
      if (Number(cell) >= 0 && Number(cell) < count && marks.length) pencil[Number(cell)] = marks;
    }
    const filled = (m) => m.map((bit, i) => (bit && read.values[i] ? 1 : 0));
    const game = new Game(read.size, {
      values: read.values, givens: filled(mask(data.givens)), solved: filled(mask(data.solved)), pencil, layout,
    });
    // The history, when every command in it fits this grid (else the game starts without one).
    const symbol = (c) => (c === '' ? 0 : ALPHABET.indexOf(c) + 1);
    const marks = (text) => {
      const list = [...String(text)].map(symbol);
      return list.length ? list : null;
    };
    const unpack = (command) => {
      const changes = (command?.changes ?? []).map((c) => {
        if (!Array.isArray(c) || c.length !== 7 || !(c[0] >= 0 && c[0] < count)) return null;
        return {
          cell: c[0],
          before: { value: symbol(c[1]), solved: c[2] ? 1 : 0, marks: marks(c[3]) },
          after: { value: symbol(c[4]), solved: c[5] ? 1 : 0, marks: marks(c[6]) },
        };
      });
      const fits = changes.length > 0 && changes.every((c) => c
        && [c.before.value, c.after.value, ...(c.before.marks ?? []), ...(c.after.marks ?? [])]
          .every((v) => v >= 0 && v <= read.size));
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
      || this.pencil.some((m) => m?.length);
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
