// What keys mean, as plain data: the app asks, then acts. Kept apart from the DOM so the
// key map can be read in one place and tested without a browser.

import { ALPHABET, asLayout, boxOf, symbolValue } from './grid.js';

/** The keys that choose an entry mode, as in SudokuPad (board.js's MODES). */
const MODE_KEYS = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };

/** The keys (with Alt) that read a unit of the selected cell aloud. */
const READING_KEYS = { KeyR: 'row', KeyC: 'column', KeyB: 'box' };

/**
 * The grid is one tab stop: Tab is never the grid's, so it always leaves in one press, and
 * the arrows move the selection inside it (roving focus).
 *
 * The action of a key pressed in the grid (its layout, or its side for the usual boxes)
 * with `selected` the selected cell (-1 for none), or null when the key is not the grid's
 * (the browser keeps it):
 *   {move: cell}       select a cell (arrows; Ctrl+arrows jump a box: its height up and
 *                      down, its width left and right; Home, End); with `extend: true`
 *                      (Shift+arrows) the selection grows to the rectangle up to it
 *   {selectAll: true}  Ctrl+A (Cmd+A): every cell
 *   {deselect: true}   Esc: no selection
 *   {symbol: value}    a symbol of the grid's alphabet; with `as: 'corner'` (Shift+digit)
 *                      or `as: 'centre'` (Ctrl+digit) a mark of that kind whatever the mode
 *   {clear: true}      Backspace, Delete, '.', '0'
 *   {mode: name}       Z digit, X corner, C centre, V colour (as in SudokuPad), when that
 *                      letter is not a symbol of the grid
 *   {cycleMode: true}  Space: the next mode
 *   {zoom: +1 | -1}    '+' / '-'
 *   {notSymbol: char}  a letter of the alphabet beyond this grid's symbols
 *   {read: what}       say something aloud (speech.js's readingWords): Alt+R, Alt+C, Alt+B
 *                      read the row, column or box (region) in order ('row', 'column',
 *                      'box'); with Shift, its empty cells and missing symbols
 *                      ('empty-row', ...); Alt+N how many of each symbol are placed
 *                      ('counts'). By key position, as Alt+H: letters are symbols of
 *                      large grids, and Alt changes the character some keyboards report.
 */
export function gridKeyAction({
  key, code = '', ctrlKey = false, metaKey = false, altKey = false, shiftKey = false,
}, layoutOrSize, selected) {
  const layout = asLayout(layoutOrSize);
  const n = layout.size;
  const box = boxOf(layout) ?? { rows: 1, columns: 1 };
  const row = Math.floor(selected / n);
  const column = selected % n;
  const jump = ctrlKey || metaKey;
  const down = jump ? box.rows : 1;
  const across = jump ? box.columns : 1;
  const at = (r, c) => ({ move: Math.min(n - 1, Math.max(0, r)) * n + Math.min(n - 1, Math.max(0, c)) });
  const moves = {
    ArrowUp: () => at(row - down, column),
    ArrowDown: () => at(row + down, column),
    ArrowLeft: () => at(row, column - across),
    ArrowRight: () => at(row, column + across),
    Home: () => at(ctrlKey ? 0 : row, 0),
    End: () => at(ctrlKey ? n - 1 : row, n - 1),
  };
  if (moves[key]) {
    if (selected < 0) return { move: 0 };
    return shiftKey ? { ...moves[key](), extend: true } : moves[key]();
  }
  if (jump && !altKey && key.toLowerCase() === 'a') return { selectAll: true };
  // Shift+digit and Ctrl+digit by key position (Shift turns 1 into ! on most keyboards),
  // unless the character typed is a symbol itself: @ & * of a 64×64, and the digits of
  // keyboards (AZERTY) that type them with Shift.
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(code);
  const typed = key.length === 1 && !jump ? symbolValue(key, n) : 0;
  if (digit && !altKey && (shiftKey || jump) && !typed && Number(digit[1]) <= n) {
    return { symbol: Number(digit[1]), as: jump ? 'centre' : 'corner' };
  }
  switch (key) {
    case 'Escape':
      return selected < 0 ? null : { deselect: true };
    case 'Backspace': case 'Delete': case '.': case '0':
      return { clear: true };
    case ' ':
      return { cycleMode: true };
    case '+': case '=':
      return { zoom: 1 };
    case '-': case '_':
      return { zoom: -1 };
    default:
      break;
  }
  if (altKey && !ctrlKey && !metaKey) {
    const unit = READING_KEYS[code];
    if (unit) return { read: shiftKey ? `empty-${unit}` : unit };
    if (code === 'KeyN' && !shiftKey) return { read: 'counts' };
    return null;
  }
  if (key.length !== 1 || ctrlKey || metaKey) return null;
  const value = symbolValue(key, n);
  if (value) return { symbol: value };
  // The mode letters, where they are no symbols. From 36×36 up lower-case letters are
  // symbols of their own, and a player may mean C by c: no mode letters there.
  const mode = n <= 35 ? MODE_KEYS[key.toLowerCase()] : undefined;
  if (mode) return { mode };
  if (ALPHABET.includes(key) || ALPHABET.includes(key.toUpperCase())) return { notSymbol: key };
  return null;
}

/** Page-wide shortcuts outside text fields: 'undo', 'redo', 'help', 'hint', 'apply', or null. */
export function shortcutAction({ key, code = '', ctrlKey = false, metaKey = false, altKey = false, shiftKey = false }) {
  // Alt+H and Alt+A, by key position: letters are symbols of large grids, and Alt changes
  // the character some keyboards report.
  if (altKey && !ctrlKey && !metaKey) {
    if (code === 'KeyH') return 'hint';
    if (code === 'KeyA') return 'apply';
    return null;
  }
  if ((ctrlKey || metaKey) && !altKey) {
    const lower = key.toLowerCase();
    if (lower === 'z') return shiftKey ? 'redo' : 'undo';
    if (lower === 'y') return 'redo';
    return null;
  }
  return key === '?' ? 'help' : null;
}
