// Offline use for the app's pages (index.html and print.html, never the widget): registers
// the service worker sw.js at the site's root (see www/service-worker.js), and when a new
// version has been installed beside the one running, offers to reload with a visible,
// keyboard-reachable prompt whose message is announced (aria-live). The reload asks the
// new worker to take over, then reloads once it controls the page, so a page runs wholly
// on one version or the other.

import { t } from './app-messages.js';

/** The prompt's element ids, for styles and tests. */
export const PROMPT_IDS = { box: 'update-prompt', message: 'update-message', reload: 'update-reload', later: 'update-later' };

/**
 * The prompt, made hidden and empty at start (a live region must exist before its words
 * change to be announced), appended to `parent`.
 * @param {HTMLElement} parent
 */
function makePrompt(parent) {
  const box = document.createElement('div');
  box.id = PROMPT_IDS.box;
  box.className = 'update-prompt';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', t('app.update'));
  box.hidden = true;
  const message = document.createElement('p');
  message.id = PROMPT_IDS.message;
  message.setAttribute('aria-live', 'polite');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.id = PROMPT_IDS.reload;
  reload.className = 'primary';
  reload.textContent = t('app.update.reload');
  const later = document.createElement('button');
  later.type = 'button';
  later.id = PROMPT_IDS.later;
  later.textContent = t('app.update.later');
  box.append(message, reload, later);
  parent.append(box);
  later.addEventListener('click', () => { box.hidden = true; });
  return { box, message, reload };
}

/**
 * Registers the service worker for offline use and wires the reload prompt. Does nothing
 * where service workers are unavailable (an insecure origin, a file: URL, a browser
 * without them). Never throws: a failed registration leaves the page working online, and
 * says why in the console.
 * @param {{url?: string, parent?: HTMLElement}} [options] the worker's URL, relative to the
 *   page (sw.js beside index.html), and where the prompt goes (the body)
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function registerOffline({ url = 'sw.js', parent = document.body } = {}) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return null;
  const container = navigator.serviceWorker;
  const prompt = makePrompt(parent);
  let asked = false;
  const offer = (words, worker) => {
    prompt.message.textContent = words;
    prompt.box.hidden = false;
    prompt.reload.onclick = () => {
      asked = true;
      prompt.reload.disabled = true;
      prompt.message.textContent = t('app.update.reloading');
      if (worker) worker.postMessage({ type: 'sudoku64:take-over' });
      else location.reload();
    };
  };
  const hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (asked) location.reload();
    // Another tab let the new version take over: this page keeps its own files (the
    // worker serves each page from the version it was opened with) until reloaded.
    else if (hadController) offer(t('app.update.other-tab'), null);
  });
  let registration;
  try {
    registration = await container.register(url);
  } catch (err) {
    console.warn(`sudoku64 will not work offline: the service worker could not be registered (${err.message})`);
    return null;
  }
  // A register() stubbed out (by an extension or an automated browser blocking workers)
  // resolves to nothing.
  if (!registration) return null;
  const watch = (worker) => {
    const ready = () => {
      // With no controller, this is the first install: nothing to reload.
      if (worker.state === 'installed' && container.controller) {
        offer(t('app.update.ready'), worker);
      }
    };
    worker.addEventListener('statechange', ready);
    ready();
  };
  if (registration.waiting) watch(registration.waiting);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // A page kept open for days still hears of new versions: look again when it is shown.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - checked > 3_600_000) {
      checked = Date.now();
      registration.update().catch(() => {});
    }
  });
  return registration;
}
