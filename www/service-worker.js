// The app's service worker: after one visit, index.html and print.html open and work
// offline. This file is not registered as it is: scripts/precache.mjs writes sw.js at the
// site's root, which is `self.PRECACHE = {version, files: [{path, sha256}]}` (every file
// the pages load, with its hash) followed by this code. www/internal/offline.js registers it, from
// the app's pages only; the widget never does.
//
// - Install puts every file of the version into its own cache, `sudoku64-VERSION`, each
//   checked against its hash, so a server caught between two deploys fails the install
//   (the old version stays) instead of caching a mix.
// - A page is served wholly from the version it was opened with: each page (and the engine
//   worker it starts) is pinned to that version, kept in the `sudoku64-pins` cache so a
//   restarted service worker still knows it, and an old version's cache stays until no
//   page uses it. A new version waits until a page asks it to take over (the reload
//   prompt in www/internal/offline.js). Pages of the site that are not the app's (a host page of
//   the widget, the widget's iframe) are never pinned and go to the network.
// - Before serving a page, every file of the version is checked: one missing or whose
//   bytes no longer match its hash is fetched again and checked. When that cannot be done
//   online (the server has moved on), the page and its files come from the network, all
//   of them; offline, the page gets what is intact.

/**
 * The list scripts/precache.mjs puts in front of this code.
 * @typedef {{version: string, files: {path: string, sha256: string}[]}} Precache
 */
/** The global scope, as what it is here: a service worker's, with the precache list. */
const sw = /** @type {ServiceWorkerGlobalScope & {PRECACHE: Precache}} */ (/** @type {unknown} */ (self));

const { version: VERSION, files: FILES } = sw.PRECACHE;
const PREFIX = 'sudoku64-';
const CACHE = PREFIX + VERSION;
const PINS = `${PREFIX}pins`;
/** A page pinned to this runs from the network: its version's cache could not be repaired. */
const NETWORK = 'network';

const scope = new URL(sw.registration.scope);
const urlOf = (path) => new URL(path, scope).href;
/** Each precached file's URL (no query) and its SHA-256 in hex. */
const HASHES = new Map(FILES.map(({ path, sha256 }) => [urlOf(path), sha256]));
const INDEX = urlOf('index.html');

async function sha256(response) {
  const digest = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `url` from the network, revalidating the HTTP cache (a file the page has just loaded
 * costs a round trip, not its body), as a plain response (decoded body, its
 * content type), or an Error saying why it is not this version's file.
 */
async function fetchChecked(url) {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.blob();
  const fresh = new Response(body, { headers: { 'content-type': response.headers.get('content-type') ?? '' } });
  if (await sha256(fresh) !== HASHES.get(url)) throw new Error(`${url} is not the file of version ${VERSION}`);
  return fresh;
}

sw.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...HASHES.keys()].map(async (url) => cache.put(url, await fetchChecked(url))));
  })());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(forgetOldVersions());
});

sw.addEventListener('message', (event) => {
  if (event.data?.type === 'sudoku64:take-over') sw.skipWaiting();
});

/** Pins by client id: a version, or NETWORK. Mirrors the PINS cache. */
const pins = new Map();
/**
 * Clients pinned while being made (a page being navigated to, a worker being started):
 * clients.matchAll() does not list them yet, and their pins must not be taken for those
 * of closed pages.
 */
const coming = new Set();
const pinKey = (id) => urlOf(`.pins/${encodeURIComponent(id)}`);

async function pin(id, version) {
  if (!id) return;
  pins.set(id, version);
  coming.add(id);
  await (await caches.open(PINS)).put(pinKey(id), new Response(version));
}

/**
 * The version client `id` was opened with, or NETWORK for a client this worker never
 * served a page to (such as the widget's iframe on a page of the same site): it gets
 * nothing from the caches, which hold the app's files, not necessarily its own.
 */
async function pinned(id) {
  if (!id) return NETWORK;
  if (!pins.has(id)) {
    const kept = await (await caches.open(PINS)).match(pinKey(id));
    if (!kept) return NETWORK;
    pins.set(id, await kept.text());
  }
  return pins.get(id);
}

/** Deletes the pins of closed pages and the caches of versions no open page uses. */
async function forgetOldVersions() {
  const open = new Set((await sw.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const pinCache = await caches.open(PINS);
  const used = new Set([VERSION]);
  for (const request of await pinCache.keys()) {
    const id = decodeURIComponent(request.url.slice(urlOf('.pins/').length));
    if (open.has(id)) coming.delete(id);
    if (open.has(id) || coming.has(id)) used.add(await (await pinCache.match(request)).text());
    else {
      pins.delete(id);
      await pinCache.delete(request);
    }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== PINS && !used.has(name.slice(PREFIX.length))) await caches.delete(name);
  }
}

/**
 * Checks every file of this version in its cache and fetches again, checked, any that is
 * missing or damaged. Resolves to 'complete', 'offline' (some file could not be fetched:
 * serve what is intact) or 'moved' (the server sends other files: this version is gone).
 */
async function repair() {
  const cache = await caches.open(CACHE);
  const outcomes = await Promise.all([...HASHES].map(async ([url, hash]) => {
    const kept = await cache.match(url);
    if (kept && await sha256(kept) === hash) return 'complete';
    try {
      await cache.put(url, await fetchChecked(url));
      return 'complete';
    } catch (err) {
      return err instanceof TypeError ? 'offline' : 'moved';
    }
  }));
  return outcomes.includes('moved') ? 'moved' : outcomes.includes('offline') ? 'offline' : 'complete';
}

/**
 * @param {FetchEvent} event
 * @param {string} key
 */
async function navigate(event, key) {
  const state = await repair();
  if (state === 'moved') {
    await pin(event.resultingClientId, NETWORK);
    return fetch(event.request);
  }
  await pin(event.resultingClientId, VERSION);
  event.waitUntil(forgetOldVersions());
  return (await (await caches.open(CACHE)).match(key)) ?? fetch(event.request);
}

/**
 * @param {FetchEvent} event
 * @param {string} key
 */
async function subresource(event, key) {
  const version = await pinned(event.clientId);
  // The engine's worker runs its files from its page's version.
  if (event.request.destination === 'worker' && event.resultingClientId) await pin(event.resultingClientId, version);
  if (version === NETWORK || !await caches.has(PREFIX + version)) return fetch(event.request);
  const cache = await caches.open(PREFIX + version);
  const kept = await cache.match(key);
  if (kept) return kept;
  if (version === VERSION && HASHES.has(key)) {
    try {
      const fresh = await fetchChecked(key);
      await cache.put(key, fresh.clone());
      return fresh;
    } catch {
      // Not this version's file any more: the network's answer is all there is.
    }
  }
  return fetch(event.request);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  url.search = '';
  url.hash = '';
  const key = url.href === scope.href ? INDEX : url.href;
  if (request.mode === 'navigate') {
    if (HASHES.has(key)) event.respondWith(navigate(event, key));
    return;
  }
  event.respondWith(subresource(event, key));
});
