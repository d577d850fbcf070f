// Undo and redo as a history of commands. A command is plain data that knows nothing of
// how it is applied: whoever owns the state applies `undo()`'s result backwards and
// `redo()`'s forwards. Doing something new forgets what could have been redone.

export class History {
  /** @param {number} limit the most commands kept; the oldest are forgotten first */
  constructor(limit = 1000) {
    this.limit = limit;
    this.done = [];
    this.undone = [];
  }

  /** Records a command that has just been applied. */
  push(command) {
    this.done.push(command);
    if (this.done.length > this.limit) this.done.shift();
    this.undone.length = 0;
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  /** The command to apply backwards, or null when there is none. */
  undo() {
    const command = this.done.pop();
    if (!command) return null;
    this.undone.push(command);
    return command;
  }

  /** The command to apply forwards again, or null when there is none. */
  redo() {
    const command = this.undone.pop();
    if (!command) return null;
    this.done.push(command);
    return command;
  }

  clear() {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
