// The module Web Worker that runs the engine: the only JS file that loads the wasm.
//
// Protocol: requests {id, type, args}; replies {id, ok: true, result} or
// {id, ok: false, error: {kind, message, ...fields}}; while a call runs it may send
// {id, type: 'progress', fraction} (a generation) or {id, type: 'progress', search}
// (a solve or count: {nodes, guesses, conflicts, solvedCells}). A wasm panic is reported with kind 'panic' and the
// worker then closes itself, since the wasm instance cannot be trusted afterwards.
//
// Two builds of the engine (Cargo.toml's `logic` feature): the full one, and a light one
// about half its weight that reads, solves and counts grids up to 15×15, without the logic
// solver. A worker named LIGHT_WORKER (engine.js names it so for a page that asked for
// `light` and whose first call the light build answers) starts with the light build, and
// loads the full one when a call needs it: a hint, a grade, a generation, or a grid from
// 16×16 up (the light build throws kind 'needs-logic' for those). It then tells the page
// with {type: 'engine', engine: 'full'}, and answers every call with the full build.

// Types (JSDoc, checked by tsc against wasm-bindgen's www/pkg/sudoku64.d.ts; the shapes
// are engine.js's, the other end of the protocol).
/** @typedef {import('../engine.js').WorkerRequest} WorkerRequest */
/** @typedef {import('../engine.js').WorkerReply} WorkerReply */
/** @typedef {import('../engine.js').EngineErrorData} EngineErrorData */
/** @typedef {import('../engine.js').GridArgs} GridArgs */
/** @typedef {import('../engine.js').GenerateArgs} GenerateArgs */
/** @typedef {import('../engine.js').SearchProgress} SearchProgress */
/** @typedef {import('../engine.js').SolveResult} SolveResult */
/** @typedef {import('../engine.js').LayoutData} LayoutData */
/**
 * The full build's bindings; the light build's are a part of them.
 * @typedef {typeof import('../pkg/sudoku64.js')} Wasm
 */

/** The worker name that starts the light build (engine.js gives it). */
const LIGHT_WORKER = 'sudoku64-light';

/** The calls only the full build answers. */
const LOGIC_CALLS = new Set(['hint', 'rate', 'generate']);

/** How long the warm-up after loading may take. */
const WARM_UP_MS = 100;

/** The bindings of the build in use. @type {Wasm} */
let wasm;

/** Whether the light build is the one in use. */
let light = self.name === LIGHT_WORKER;

/** The build in use, loaded: `version` waits for this alone. */
const loaded = light ? loadLight() : loadFull();
/** And warmed up (the full build): every other call waits for this. */
const ready = light ? loaded : loaded.then(warmUp);
ready.catch(() => {}); // each request answers with the failure

/** The full build once asked for (null after a failed load, so that a later call tries again). */
let full = light ? null : ready;

/**
 * Starts a build: its bindings (`glue`, a module being imported) with its wasm at `url`,
 * fetched at the same time. A file that cannot be fetched rejects with kind 'load',
 * naming it.
 * @param {Promise<any>} glue
 * @param {URL} url
 * @returns {Promise<Wasm>}
 */
async function load(glue, url) {
  const failed = (why) => Object.assign(new Error(`the engine's wasm (${url}) could not be loaded: ${why}`), { kind: 'load' });
  const [bindings, response] = await Promise.all([glue, fetch(url).catch((err) => { throw failed(err.message); })]);
  if (!response.ok) throw failed(`the server answered ${response.status} ${response.statusText}`.trim());
  await bindings.default({ module_or_path: response });
  return bindings;
}

/** Starts the full build and makes it the one in use. */
async function loadFull() {
  wasm = await load(import('../pkg/sudoku64.js'), new URL('../pkg/sudoku64_bg.wasm', import.meta.url));
  light = false;
}

/** Starts the light build and makes it the one in use. */
async function loadLight() {
  wasm = /** @type {Wasm} */ (await load(import('../pkg/sudoku64_light.js'), new URL('../pkg/sudoku64_light_bg.wasm', import.meta.url)));
}

/** Moves from the light build to the full one (once), and tells the page. */
function upgrade() {
  full ??= loadFull().then(() => reply({ type: 'engine', engine: 'full' }), (err) => {
    full = null;
    throw err;
  });
  return full;
}

/**
 * Runs the engine's hot paths for a few tens of milliseconds right after loading. Browsers
 * first run wasm with a quick baseline compiler and only later with the optimising one;
 * without this, the first few puzzles a person generates take about twice as long.
 * Requests that arrive meanwhile wait for it (at most WARM_UP_MS), but for `version`.
 */
function warmUp() {
  const start = performance.now();
  const noProgress = () => true;
  try {
    for (let i = 1; i <= 80 && performance.now() - start < WARM_UP_MS; i++) {
      wasm.generate(9, '', '', 'none', BigInt(i), NaN, NaN, '', noProgress).free();
    }
  } catch (err) {
    // Only a speed-up: a failure here must not fail the requests that follow.
    console.warn('sudoku64 engine: the warm-up failed', err);
  }
}


/** Error kinds that mean "the input cannot be read", answered as status 'invalid'. */
const INPUT_ERRORS = new Set(['empty', 'too-large', 'cell-count', 'commented-grid', 'bad-symbol', 'clash', 'bad-size',
  'bad-box', 'bad-id', 'bad-link', 'bad-option', 'invalid-option', 'bad-regions', 'bad-variant', 'bad-cage']);

/**
 * A result's layout as plain data (see grid.js), from the engine's Layout object, which
 * it frees: {size, box ('' for jigsaw), variant: ['jigsaw', 'x', 'windoku', 'killer' as
 * it has them], regions: Uint8Array (box or region per cell), diagonals, windows:
 * Uint8Array (window + 1 per cell, 0 outside), and for killers cages: Uint16Array (cage
 * + 1 per cell, 0 outside) and sums: Uint16Array (per cage, 0 for none)}.
 */
/**
 * @param {import('../pkg/sudoku64.js').Layout} layout
 * @returns {LayoutData}
 */
function layoutData(layout) {
  const variant = layout.variant;
  /** @type {LayoutData} */
  const data = {
    size: layout.size,
    box: layout.box,
    variant: variant ? variant.split(',') : [],
    regions: layout.regions,
    diagonals: layout.diagonals,
    windows: layout.windows,
  };
  // Killer cages: the cage of each cell + 1 (0 for none) and each cage's sum (0: none).
  const cages = layout.cages;
  if (cages.length) Object.assign(data, { cages, sums: layout.sums });
  layout.free();
  return data;
}

/**
 * A jigsaw's regions as the engine takes them: bytes, empty for none.
 * @param {ArrayLike<number> | undefined} regions
 */
function regionsArg(regions) {
  return regions ? Uint8Array.from(regions) : new Uint8Array(0);
}

/** A call's variants as the engine takes them: an array of names or a list in a string. */
function variantArg(variant) {
  return Array.isArray(variant) ? variant.map(String).join(',') : String(variant ?? '');
}

/**
 * Copies a wasm result object's getters into a plain object, and frees it.
 * @param {{free(): void, layout?: import('../pkg/sudoku64.js').Layout}} report
 * @param {string[]} keys
 * @returns {Record<string, any>}
 */
function plain(report, keys) {
  const out = {};
  for (const key of keys) out[key] = key === 'layout' ? layoutData(report.layout) : report[key];
  report.free();
  return out;
}

/**
 * Runs a solve/count call; unreadable input resolves as {status: 'invalid', error}.
 * @param {() => import('../pkg/sudoku64.js').SolveReport} run
 * @returns {SolveResult}
 */
function answer(run) {
  const start = performance.now();
  try {
    const r = plain(run(), ['status', 'size', 'layout', 'puzzle', 'id', 'solution', 'second', 'count', 'engine', 'nodes',
      'guesses', 'backtracks', 'conflicts', 'learned', 'restarts']);
    /** @type {SolveResult} */
    const result = {
      status: r.status,
      size: r.size,
      layout: r.layout,
      puzzle: r.puzzle,
      id: r.id,
      count: r.count,
      stats: {
        engine: r.engine, nodes: r.nodes, guesses: r.guesses, backtracks: r.backtracks,
        conflicts: r.conflicts, learned: r.learned, restarts: r.restarts, ms: performance.now() - start,
      },
    };
    if (r.solution) result.solution = r.solution;
    if (r.status === 'multiple' && r.second) result.solutions = [r.solution, r.second];
    return result;
  } catch (err) {
    const error = plainError(err);
    if (!INPUT_ERRORS.has(error.kind)) throw err;
    return { status: 'invalid', error };
  }
}

/**
 * A solve or count reports what its search has done: the engine calls this with
 * (nodes, conflicts, solvedCells, guesses) at most every 50 ms, and it posts
 * {nodes, guesses, conflicts, solvedCells}. A search has no fraction done; the page shows the counts
 * and the time.
 * @param {(progress: SearchProgress) => void} post
 */
function searchProgress(post) {
  return (nodes, conflicts, solvedCells, guesses) => {
    post({ nodes, guesses, conflicts, solvedCells });
    return true;
  };
}

/**
 * Progress callbacks post at most every 50 ms (the engine already throttles to 1%).
 * @param {(fraction: number) => void} post
 * @returns {(fraction: number) => void}
 */
function throttled(post) {
  let last = 0;
  return (fraction) => {
    const now = performance.now();
    if (fraction >= 1 || now - last >= 50) {
      last = now;
      post(fraction);
    }
  };
}

/**
 * Request types and the functions that answer them: each takes the request's `args`
 * array and a progress callback. The args as engine.js sends them; each is read
 * defensively (a raw request, engine._call, may send anything).
 * @typedef {[string, Partial<GridArgs>?]} GridCallArgs
 */
const handlers = {
  version: () => wasm.version(),
  /** @param {GridCallArgs} args */
  read: ([text, { size = 0, hex = false, box = '', variant, regions } = {}]) => {
    try {
      const r = plain(wasm.read(String(text ?? ''), size >>> 0, !!hex, String(box ?? ''), variantArg(variant), regionsArg(regions)),
        ['size', 'layout', 'puzzle', 'id']);
      return { status: 'ok', size: r.size, layout: r.layout, puzzle: r.puzzle, id: r.id };
    } catch (err) {
      const error = plainError(err);
      if (!INPUT_ERRORS.has(error.kind)) throw err;
      return { status: 'invalid', error };
    }
  },
  /**
   * @param {GridCallArgs} args
   * @param {(progress: SearchProgress) => void} progress
   */
  solve: ([text, { size = 0, hex = false, box = '', variant, regions } = {}], progress) =>
    answer(() => wasm.solve(String(text ?? ''), size >>> 0, !!hex, String(box ?? ''), variantArg(variant), regionsArg(regions),
      searchProgress(progress))),
  /**
   * @param {[string, number?, Partial<GridArgs>?]} args
   * @param {(progress: SearchProgress) => void} progress
   */
  count: ([text, limit = 2, { size = 0, hex = false, box = '', variant, regions } = {}], progress) =>
    answer(() => wasm.count(String(text ?? ''), size >>> 0, !!hex, String(box ?? ''), variantArg(variant), regionsArg(regions),
      Math.min(Math.max(0, Math.floor(Number(limit) || 0)), 0xffffffff), searchProgress(progress))),
  /** @param {[Partial<GridArgs>?]} args */
  layout: ([{ size = 0, box = '', variant } = {}]) => {
    try {
      return { status: 'ok', layout: layoutData(wasm.layout(size >>> 0, String(box ?? ''), variantArg(variant))) };
    } catch (err) {
      const error = plainError(err);
      if (!INPUT_ERRORS.has(error.kind)) throw err;
      return { status: 'invalid', error };
    }
  },
  /** @param {[string, boolean?, Partial<GridArgs>?]} args */
  hint: ([text, uniqueness = true, { size = 0, hex = false, box = '', variant, regions } = {}]) => logic(() => {
    const report = wasm.hint(String(text ?? ''), size >>> 0, !!hex, String(box ?? ''), variantArg(variant), regionsArg(regions),
      uniqueness !== false);
    const layout = layoutData(report.layout);
    const steps = [];
    for (let i = 0; i < report.length; i++) {
      steps.push({
        technique: report.technique(i),
        name: report.name(i),
        words: JSON.parse(report.words(i)),
        cells: Array.from(report.cells(i)),
        placements: pairs(report.placements(i)),
        eliminations: pairs(report.eliminations(i)),
        focusWords: report.focus(i) ? JSON.parse(report.focus(i)) : null,
        units: Array.from(report.units(i), (u) => unitOf(u, layout)),
        links: links(report.links(i)),
      });
    }
    const result = { status: 'ok', size: report.size, layout, steps };
    report.free();
    return result;
  }),
  /** @param {[string, boolean?, Partial<GridArgs>?]} args */
  rate: ([text, uniqueness = true, { size = 0, hex = false, box = '', variant, regions } = {}]) => logic(() => {
    const r = plain(wasm.rate(String(text ?? ''), size >>> 0, !!hex, String(box ?? ''), variantArg(variant), regionsArg(regions),
      uniqueness !== false),
    ['size', 'layout', 'level', 'levelName', 'score', 'hardest', 'hardestName', 'steps', 'guesses']);
    return { status: 'ok', ...r };
  }),
  /**
   * @param {[{size?: number, box?: string, variant?: string | string[], symmetry?: string, seed?: number | bigint | string,
   *   empty?: number | string, minimal?: boolean, budgetMs?: number, difficulty?: string}?]} args
   * @param {(fraction: number) => void} progress
   */
  generate: ([{ size = 9, box = '', variant, symmetry = 'none', seed, empty, minimal = false, budgetMs,
    difficulty } = {}], progress) => {
    const start = performance.now();
    const seedArg = seed === undefined || seed === null || seed === '' ? undefined : BigInt(seed);
    const emptyArg = minimal ? -1 : empty === undefined || empty === null || empty === '' ? NaN : Number(empty);
    const report = wasm.generate(size >>> 0, String(box ?? ''), variantArg(variant), String(symmetry), seedArg, emptyArg, Number(budgetMs ?? NaN),
      difficulty === undefined || difficulty === null ? '' : String(difficulty), throttled(progress));
    const r = plain(report, ['size', 'layout', 'seed', 'symmetry', 'puzzle', 'id', 'solution', 'clues', 'empty', 'minimal',
      'targetReached', 'undecided', 'budgetRanOut', 'candidates', 'exactChecks', 'summaryWords', 'details', 'level',
      'levelName', 'score', 'difficultyReached', 'gradedInFull']);
    if (!r.level) {
      // Not graded: no difficulty was asked for.
      for (const key of ['level', 'levelName', 'score', 'difficultyReached', 'gradedInFull']) delete r[key];
    }
    r.summaryWords = JSON.parse(r.summaryWords);
    // Seeds drawn by the engine stay below 2^53; a caller's larger seed stays exact as a string.
    r.seed = r.seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.seed) : r.seed.toString();
    r.ms = performance.now() - start;
    return r;
  },
};

/**
 * A unit number of the engine as {kind, index}: rows 0..n, columns n..2n, boxes (or a
 * jigsaw's regions) 2n..3n, then the two diagonals when the layout has them, then windows.
 */
function unitOf(u, layout) {
  const n = layout.size;
  if (u < 3 * n) {
    const kind = ['row', 'column', layout.box ? 'box' : 'region'][Math.floor(u / n)];
    return { kind, index: u % n };
  }
  const extra = u - 3 * n;
  if (layout.diagonals && extra < 2) return { kind: 'diagonal', index: extra };
  return { kind: 'window', index: extra - (layout.diagonals ? 2 : 0) };
}

/**
 * Flat [cell, value, cell, value, ...] pairs from the engine as [{cell, value}].
 * @param {Uint32Array} flat
 * @returns {import('../engine.js').Placement[]}
 */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ cell: flat[i], value: flat[i + 1] });
  return out;
}

/**
 * Chain links from their flat form, repeated [strong 0/1, fromSymbol, fromCount,
 * fromCells..., toSymbol, toCount, toCells...], to
 * [{from: {cells, symbol}, to: {cells, symbol}, strong}].
 * @param {Uint32Array} flat
 * @returns {import('../engine.js').ChainLink[]}
 */
function links(flat) {
  const out = [];
  let i = 0;
  const node = () => {
    const symbol = flat[i];
    const count = flat[i + 1];
    const cells = Array.from(flat.subarray(i + 2, i + 2 + count));
    i += 2 + count;
    return { cells, symbol };
  };
  while (i < flat.length) {
    const strong = flat[i] === 1;
    i += 1;
    const from = node();
    const to = node();
    out.push({ from, to, strong });
  }
  return out;
}

/**
 * Runs a hint or rate call: a grid with no solution or several resolves with status
 * 'none' or 'multiple', unreadable input with 'invalid'; each carries the error.
 */
function logic(run) {
  try {
    return run();
  } catch (err) {
    const error = plainError(err);
    if (error.kind === 'no-solution') return { status: 'none', error };
    if (error.kind === 'multiple-solutions') return { status: 'multiple', error };
    if (!INPUT_ERRORS.has(error.kind)) throw err;
    return { status: 'invalid', error };
  }
}

/**
 * Turns anything thrown (a JS Error carrying the engine's fields, or not) into plain data.
 * @param {any} err
 * @returns {EngineErrorData}
 */
function plainError(err) {
  if (err instanceof WebAssembly.RuntimeError) {
    return { kind: 'panic', message: `the engine crashed: ${err.message}` };
  }
  const error = { kind: err?.kind ?? 'error', message: String(err?.message ?? err) };
  for (const key of ['cell', 'row', 'column', 'line', 'cells', 'option']) {
    if (err?.[key] !== undefined) error[key] = err[key];
  }
  // The message as data (a key and its arguments), for the page to word in its language.
  if (typeof err?.words === 'string') {
    try {
      error.words = JSON.parse(err.words);
    } catch {
      // A message without its data is still a message.
    }
  }
  return error;
}

/** Posts a reply to the page. @param {WorkerReply} message */
const reply = (message) => self.postMessage(message);

/** @param {MessageEvent<Partial<WorkerRequest>>} event */
self.onmessage = async (event) => {
  const { id, type, args = [] } = event.data ?? {};
  if (!Array.isArray(args)) {
    reply({ id, ok: false, error: { kind: 'protocol', message: 'args must be an array' } });
    return;
  }
  try {
    // The page's first question, whether the engine is up, needs no warm-up.
    await (type === 'version' ? loaded : ready);
    // The request names its handler: each takes its own args (checked above to be an array).
    const handler = /** @type {(args: any[], progress: (value: any) => void) => any} */ (handlers[type]);
    if (!handler) throw Object.assign(new Error(`unknown request type "${type}"`), { kind: 'protocol' });
    /** @param {number | SearchProgress} value */
    const progress = (value) => reply(typeof value === 'number'
      ? { id, type: 'progress', fraction: value }
      : { id, type: 'progress', search: value });
    if (light && LOGIC_CALLS.has(type)) await upgrade();
    let result;
    try {
      result = await handler(args, progress);
    } catch (err) {
      // A grid the light build leaves to the full one: asked again there.
      if (err?.kind !== 'needs-logic') throw err;
      await upgrade();
      result = await handler(args, progress);
    }
    reply({ id, ok: true, result });
  } catch (err) {
    const error = plainError(err);
    reply({ id, ok: false, error });
    if (error.kind === 'panic') self.close();
  }
};
