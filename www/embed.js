// The iframe form of the widget, for hosts that cannot load modules: www/embed.html reads
// its settings from the URL's fragment and talks to the host page by postMessage.
//
//   <iframe src="sudoku64/embed.html#puzzle=4.....8.5.3…&mode=play&theme=auto&origin=https://host.example"></iframe>
//
// Fragment keys: the widget's attributes (puzzle, size, box, difficulty, seed, mode, theme,
// readonly, lang) and `origin`, the host origins allowed to talk to it (repeat the key or
// separate origins with commas). Without `origin`, only this page's own origin is allowed.
// `lang` (en, fr, de, es) may also come in the query, embed.html?lang=de#puzzle=…; without
// it the frame speaks English. The frame's own title and heading follow the widget's language.
//
// Messages, all plain objects:
//   host -> frame  {type: 'sudoku64:call', id, method, args}
//                  method: 'solve' | 'cancel' | 'hint' | 'newPuzzle' | 'value' | 'setAttributes'
//   frame -> host  {type: 'sudoku64:reply', id, ok: true, result}
//                  {type: 'sudoku64:reply', id, ok: false, error: {kind, message}}
//                  {type: 'sudoku64:event', event, detail}
//                  event: 'ready' | 'solved' | 'change' | 'error' | 'resize' ({height})
// A call is answered only when it comes from the parent window and an allowed origin;
// anything else is ignored (with a console warning naming the origin). Events go to the
// parent only when its origin is allowed, since postMessage checks the target origin.
// A part that cannot load is shown and posted as `error`, kind 'load' (by the widget, or here).

const ATTRIBUTES = ['puzzle', 'size', 'box', 'difficulty', 'seed', 'mode', 'theme', 'readonly', 'lang'];

const page = new CSSStyleSheet();
page.replaceSync(`
  html, body { margin: 0; background: transparent; }
  sudoku-widget { --sudoku-width: 100%; display: block; }
  sudoku-widget:not(:defined) { font: 14px/1.35 system-ui, sans-serif; padding: 0 8px; }
  h1 { position: absolute; clip-path: inset(50%); }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, page];

const widget = /** @type {import('./internal/widget-element.js').SudokuWidgetElement} */ (document.querySelector('sudoku-widget'));
let allowed = new Set();

/** Applies the fragment: the widget's attributes and the allowed origins. */
function applyFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  if (!params.has('lang') && query.has('lang')) params.set('lang', query.get('lang') ?? '');
  // The frame's page is the widget's host: its language is the widget's.
  document.documentElement.lang = params.get('lang') || 'en';
  for (const name of ATTRIBUTES) {
    if (!params.has(name)) widget.removeAttribute(name);
    else if (name === 'readonly') widget.toggleAttribute(name, params.get(name) !== 'false');
    else widget.setAttribute(name, params.get(name));
  }
  allowed = new Set([location.origin]);
  const listed = params.getAll('origin').flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  if (listed.length) allowed = new Set();
  for (const value of listed) {
    try {
      const { origin } = new URL(value);
      if (origin === 'null') throw new TypeError('opaque origin');
      allowed.add(origin);
    } catch {
      console.warn(`sudoku64 embed: “${value}” in origin= is not an origin such as https://example.com; it is ignored`);
    }
  }
}

/** Sends a message to the parent page, only to origins allowed to receive it. */
function post(message) {
  if (window.parent === window) return;
  for (const origin of allowed) window.parent.postMessage(message, origin);
}

/** Settles once widget.js has defined the element; else says so, posts `error` and rejects. */
const defined = import('./widget.js').catch((err) => {
  const message = `the widget could not be loaded: widget.js is missing, or was not sent as JavaScript (${err?.message})`;
  widget.prepend(Object.assign(document.createElement('p'), { textContent: `${message[0].toUpperCase()}${message.slice(1)}.` })); // above the note
  post({ type: 'sudoku64:event', event: 'error', detail: { kind: 'load', message } });
  throw Object.assign(new Error(message), { kind: 'load' });
});

const methods = {
  solve: () => widget.solve(),
  cancel: () => widget.cancel(),
  hint: () => widget.hint(),
  newPuzzle: (options) => widget.newPuzzle(options ?? {}),
  value: async () => {
    await widget.whenLoaded(); // the first load may still be running when `ready` is posted
    return widget.value;
  },
  setAttributes: (attributes = {}) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (!ATTRIBUTES.includes(name)) throw Object.assign(new Error(`“${name}” is not an attribute of the widget`), { kind: 'bad-call' });
      if (value === null || value === false || (name === 'readonly' && value === 'false')) widget.removeAttribute(name);
      else widget.setAttribute(name, value === true ? '' : String(value));
    }
    return null;
  },
};

window.addEventListener('message', async (event) => {
  const data = event.data;
  if (data?.type !== 'sudoku64:call') return; // not ours
  if (event.source !== window.parent || !allowed.has(event.origin)) {
    console.warn(`sudoku64 embed: ignored a call from ${event.origin}, which is not an allowed origin (add it with origin= in the URL's fragment)`);
    return;
  }
  // The source is the parent window (checked above).
  const reply = (fields) => /** @type {Window} */ (event.source).postMessage({ type: 'sudoku64:reply', id: data.id, ...fields }, event.origin);
  const method = Object.hasOwn(methods, data.method) ? methods[data.method] : null;
  if (!method) {
    reply({ ok: false, error: { kind: 'bad-call', message: `unknown method “${data.method}”` } });
    return;
  }
  try {
    await defined;
    const result = await method(...(Array.isArray(data.args) ? data.args : []));
    reply({ ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (err) {
    reply({ ok: false, error: { kind: err?.kind ?? 'error', message: String(err?.message ?? err) } });
  }
});

for (const type of ['solved', 'change', 'error']) {
  widget.addEventListener(type, (event) => post({ type: 'sudoku64:event', event: type, detail: /** @type {CustomEvent} */ (event).detail }));
}
// The widget's height follows its width (a square grid and its buttons): the host may
// size the iframe to it.
new ResizeObserver(() => post({ type: 'sudoku64:event', event: 'resize', detail: { height: Math.ceil(widget.getBoundingClientRect().height) } }))
  .observe(widget);

applyFragment();
window.addEventListener('hashchange', applyFragment);
defined.then(() => post({ type: 'sudoku64:event', event: 'ready', detail: {} }), () => {});
// The frame's title and heading in the widget's language, once its code (and so the
// catalogs) has loaded.
defined.then(() => import('./internal/i18n.js')).then(({ onLanguage, translate }) => {
  translate(document);
  onLanguage(() => translate(document));
}, () => {});
