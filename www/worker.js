// The module Web Worker that runs the engine: the only JS file that loads the wasm.
//
// Protocol: requests {id, type, args}; replies {id, ok: true, result} or
// {id, ok: false, error: {kind, message, ...fields}}; while a call runs it may send
// {id, type: 'progress', fraction}. A wasm panic is reported with kind 'panic' and the
// worker then closes itself, since the wasm instance cannot be trusted afterwards.
import init, * as wasm from './pkg/sudoku64.js';

const ready = init();

/** Request types and the functions that answer them. */
const handlers = {
  version: () => wasm.version(),
};

/** Turns anything thrown (a JS Error carrying the engine's fields, or not) into plain data. */
function plainError(err) {
  if (err instanceof WebAssembly.RuntimeError) {
    return { kind: 'panic', message: `the engine crashed: ${err.message}` };
  }
  const error = { kind: err?.kind ?? 'error', message: String(err?.message ?? err) };
  for (const key of ['cell', 'row', 'column', 'line', 'cells']) {
    if (err?.[key] !== undefined) error[key] = err[key];
  }
  return error;
}

self.onmessage = async (event) => {
  const { id, type, args = [] } = event.data ?? {};
  try {
    await ready;
    const handler = handlers[type];
    if (!handler) throw Object.assign(new Error(`unknown request type "${type}"`), { kind: 'protocol' });
    const result = await handler(...args, (fraction) => self.postMessage({ id, type: 'progress', fraction }));
    self.postMessage({ id, ok: true, result });
  } catch (err) {
    const error = plainError(err);
    self.postMessage({ id, ok: false, error });
    if (error.kind === 'panic') self.close();
  }
};
