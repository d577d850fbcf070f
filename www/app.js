// The app page's controller: wires the page to the engine.
import { createEngine } from './engine.js';

const engine = createEngine();
const status = document.getElementById('status');

engine.version().then(
  (version) => {
    status.textContent = 'Engine ready.';
    document.getElementById('engine-version').textContent = `engine ${version} (WebAssembly in a Web Worker)`;
  },
  (err) => {
    status.textContent = `The engine did not start: ${err.message}`;
  },
);
