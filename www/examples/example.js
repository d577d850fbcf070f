// The example host page's script: logs every widget event, and shows the methods and the
// iframe's postMessage interface in use. Nothing here is needed to embed the widget.

const log = document.getElementById('log');
function note(text) {
  const item = document.createElement('li');
  item.textContent = text;
  log.prepend(item);
}

/** @typedef {import('../internal/widget-element.js').SudokuWidgetElement} SudokuWidgetElement */

for (const widget of document.querySelectorAll('sudoku-widget')) {
  // The widget's events are CustomEvents: what happened is in `detail`.
  widget.addEventListener('solved', (/** @type {CustomEvent} */ e) => note(`#${widget.id} solved (by the ${e.detail.by})`));
  widget.addEventListener('change', (/** @type {CustomEvent} */ e) => note(`#${widget.id} change: ${e.detail.reason}`));
  widget.addEventListener('error', (/** @type {CustomEvent} */ e) => note(`#${widget.id} error: ${e.detail.message}`));
}

const generated = /** @type {SudokuWidgetElement} */ (document.getElementById('generate'));
document.getElementById('solve-generated').addEventListener('click', () => {
  generated.solve().catch((err) => note(`solve() failed: ${err.message}`));
});
document.getElementById('new-9').addEventListener('click', () => {
  generated.newPuzzle({ size: 9 }).then((p) => note(`newPuzzle: seed ${p.seed}`), (err) => note(`newPuzzle() failed: ${err.message}`));
});

// The iframe form: calls go out with an id, replies and events come back as messages.
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('frame'));
const frameOrigin = new URL(frame.src).origin;
let nextId = 1;
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== frameOrigin) return;
  const data = event.data;
  if (data?.type === 'sudoku64:event' && data.event === 'resize') frame.style.height = `${data.detail.height}px`;
  else if (data?.type === 'sudoku64:event') note(`iframe ${data.event}${data.detail?.reason ? `: ${data.detail.reason}` : ''}`);
  if (data?.type === 'sudoku64:reply') note(`iframe reply #${data.id}: ${data.ok ? JSON.stringify(data.result) : data.error.message}`);
});
document.getElementById('ask-value').addEventListener('click', () => {
  frame.contentWindow.postMessage({ type: 'sudoku64:call', id: nextId++, method: 'value' }, frameOrigin);
});
