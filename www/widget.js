// <sudoku-widget>'s entry, the one file a page loads: defines the element at once and
// imports widget-element.js. Until that loads, attributes are kept and methods wait; if it
// cannot, each widget says why and fires `error` with kind 'load'.
//
// The widget speaks English, French, German or Spanish: `lang="fr"` on the element, else
// the closest ancestor's `lang` or the page's (<html lang="de">), else English; an
// unknown language gives English and a console warning, and changing `lang` changes the
// words at once, keeping the game. A page has one language at a time: two widgets with
// different `lang` both speak the one set last. The message shown when the widget's code
// cannot load at all is in English (the catalogs are among the files that did not come).

/** What to do about a missing part, said with the message shown when the code cannot load (in English: see above). */
export const COPY_ADVICE = 'Its files must be copied together: copy the whole sudoku64 folder (dist/sudoku64/ after '
  + 'npm run build), and send .js as text/javascript and .wasm as application/wasm.';

let Implementation = null; // widget-element.js's class, once loaded
let failure = null; // the error, when it could not load
const early = new Set(); // widgets made before the import settled

/** Shows the load failure inside a widget, in place of all else, and fires `error`. */
function showFailure(widget) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('p { font: 14px/1.35 system-ui, sans-serif; color: #c21d1d }');
  const message = Object.assign(document.createElement('p'), { className: 'message', role: 'alert' });
  message.textContent = `${failure.message.charAt(0).toUpperCase()}${failure.message.slice(1)}. ${COPY_ADVICE}`;
  widget.shadowRoot.adoptedStyleSheets = [sheet];
  widget.shadowRoot.replaceChildren(message);
  widget.dispatchEvent(new CustomEvent('error', { detail: { kind: 'load', message: failure.message } }));
}

/** Settles once every widget has taken on the implementation; rejects with the load error. */
const loaded = import('./internal/widget-element.js').then(({ SudokuWidgetElement }) => {
  Implementation = SudokuWidgetElement;
  // Every widget, made before or after, now inherits its methods in place of Loading's.
  Object.setPrototypeOf(SudokuWidget.prototype, Implementation.prototype);
  for (const widget of early) widget.setup();
  for (const widget of early) if (widget.isConnected) widget.connectedCallback();
  early.clear();
}, (err) => {
  failure = Object.assign(new Error("the widget's code could not be loaded: widget-element.js or a module it imports "
    + `is missing, or was not sent as JavaScript (${String(err?.message ?? err).replace(/\.$/, '')})`), { kind: 'load' });
  for (const widget of early) if (widget.isConnected) showFailure(widget);
  early.clear();
  throw failure;
});
loaded.catch(() => {}); // said by each widget, not as an unhandled rejection

/** A method called before the implementation loaded: called again once it has. */
async function afterLoad(widget, method, args) {
  await loaded;
  return widget[method](...args);
}

/** A widget's methods while its implementation loads. */
class Loading extends HTMLElement {
  solve(...args) { return afterLoad(this, 'solve', args); }
  hint(...args) { return afterLoad(this, 'hint', args); }
  applyHint(...args) { return afterLoad(this, 'applyHint', args); }
  newPuzzle(...args) { return afterLoad(this, 'newPuzzle', args); }
  whenLoaded(...args) { return afterLoad(this, 'whenLoaded', args); }
  cancel() {} // nothing runs yet
  get value() { return '.'.repeat(81); }
  get size() { return 9; }
  get box() { return '3x3'; }
  get variant() { return ''; }
  set variant(value) { this.setAttribute('variant', value); }
}

/** The element: its shadow root, and its lifecycle, passed on to the implementation. */
export class SudokuWidget extends Loading {
  static get observedAttributes() {
    return ['puzzle', 'size', 'box', 'variant', 'difficulty', 'seed', 'mode', 'theme', 'readonly', 'lang'];
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    // @ts-expect-error setup() is SudokuWidgetElement's, this class's prototype's prototype once widget-element.js has loaded
    if (Implementation) this.setup();
    else if (!failure) early.add(this);
  }

  connectedCallback() {
    if (Implementation) Implementation.prototype.connectedCallback.call(this);
    else if (failure) showFailure(this);
  }

  disconnectedCallback() {
    Implementation?.prototype.disconnectedCallback.call(this);
  }

  attributeChangedCallback(...change) {
    // Before the implementation loads, its first load reads the attributes as they are then.
    Implementation?.prototype.attributeChangedCallback.apply(this, change);
  }
}

if (!customElements.get('sudoku-widget')) customElements.define('sudoku-widget', SudokuWidget);
