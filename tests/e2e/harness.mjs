// Shared set-up for the browser end-to-end tests: serves the project on a free loopback
// port and drives Debian's Chromium through playwright-core.
import { before, after, beforeEach } from 'node:test';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { staticServer } from '../../scripts/server.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The browsers, both Debian's builds of one Chromium version. The tests drive its headless
 * shell (package chromium-headless-shell; Playwright's own default for headless runs): the
 * same Blink and V8 without the full browser's window machinery, so that each page costs
 * about two thirds of the CPU (the whole e2e layer 217 CPU seconds against 332, alone,
 * bench/HISTORY.md). Where the shell is missing, the full browser. `CHROMIUM` picks
 * another executable.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
/** The browser a visitor runs: the benchmarks that time a page's load use it (`full`). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM = process.env.CHROMIUM ?? (existsSync(SHELL) ? SHELL : FULL_CHROMIUM);
/** The executable to launch: the full browser when `full`, else the tests' (CHROMIUM). */
const executable = (full = false) => (full ? process.env.CHROMIUM ?? FULL_CHROMIUM : CHROMIUM);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Besides the app's files, the tests' own pages (blank.html) are served. */
export const TEST_PATHS = ['tests/e2e/'];

/** Starts the static server; resolves to {origin, close}. */
export async function serve(options = {}) {
  const server = staticServer({ root: ROOT, allow: TEST_PATHS, ...options });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** How often a page's waitForFunction asks, in ms, unless a call says otherwise. */
const POLLING_MS = 40;

/**
 * Makes `page.waitForFunction` ask every POLLING_MS unless told otherwise. Playwright's
 * default asks on every animation frame, which keeps a waiting page drawing frames:
 * about 0.1 s of a core per second of waiting, measured on the app.
 * @param {import('playwright-core').Page} page
 */
function pollEvery(page) {
  const wait = page.waitForFunction.bind(page);
  page.waitForFunction = (fn, arg, options = {}) => wait(fn, arg, { polling: POLLING_MS, ...options });
}

/**
 * Launches headless Chromium. Its new contexts (and the context `browser.newPage()` makes
 * for its page) block service workers unless `serviceWorkers` or a context's own options
 * say 'allow': the app registers one once the engine has started, and its install fetches
 * and stores every file again, about 0.6 s of a core per page opened, which only the
 * offline tests need.
 *
 * `browser.reusedPage(url)` gives a page as fresh as `browser.newPage()` would (nothing
 * stored for any origin it has seen, no permissions, no routes, no cookies) from one
 * context kept for the browser's life, when no other page of that context is open (else a
 * context of its own, as before). That context keeps a blank page of the site open, which
 * is what makes the difference (a kept context alone saves little): an app page opened
 * this way costs about half the CPU of one in a new context (bench/HISTORY.md, "npm
 * test's browser pages, shared").
 * `share: false` gives every page a context of its own; `full: true` launches the full
 * browser instead of the tests' headless shell (see CHROMIUM).
 * @param {{serviceWorkers?: 'allow' | 'block', share?: boolean, full?: boolean}} [options]
 */
export async function launch({ serviceWorkers = 'block', share = true, full = false } = {}) {
  const browser = await chromium.launch({ executablePath: executable(full), args: ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions = {}) => {
    const context = await newContext({ serviceWorkers, ...contextOptions });
    context.on('page', pollEvery);
    return context;
  };
  // As Playwright's own newPage: the page's context is its own, and closes with it.
  browser.newPage = async (contextOptions = {}) => {
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    page.once('close', () => { context.close().catch(() => {}); });
    return page;
  };
  /** @type {{context: import('playwright-core').BrowserContext, anchor: import('playwright-core').Page, cdp: import('playwright-core').CDPSession, origins: Set<string>} | null} */
  let shared = null;
  browser.reusedPage = async (url) => {
    if (!share) return browser.newPage();
    const origin = new URL(url).origin;
    if (!shared) {
      const context = await browser.newContext();
      const anchor = await context.newPage();
      await anchor.goto(new URL('/tests/e2e/blank.html', origin).href);
      const origins = new Set([origin]);
      context.on('request', (request) => {
        const { protocol, origin: seen } = new URL(request.url());
        if (protocol === 'http:' || protocol === 'https:') origins.add(seen);
      });
      shared = { context, anchor, cdp: await context.newCDPSession(anchor), origins };
    }
    const { context, anchor, cdp, origins } = shared;
    if (context.pages().some((page) => page !== anchor)) return browser.newPage();
    origins.add(origin);
    // Until the site's storage reads empty from the blank page: a write made as a page
    // went (the app saves its game on pagehide) could otherwise land after the clearing.
    for (let round = 0; round < 3; round++) {
      for (const each of origins) await cdp.send('Storage.clearDataForOrigin', { origin: each, storageTypes: 'all' });
      if (await anchor.evaluate(() => localStorage.length === 0)) break;
    }
    await Promise.all([context.clearCookies(), context.clearPermissions(), context.unrouteAll()]);
    const page = await context.newPage();
    // A page of its own context wrote nothing that the next page could read, not even
    // as it went (the app saves its game on pagehide). Here such a write, made as the
    // page closes, could land in the storage after the next page's clearing: so a page
    // of the kept context stops writing to it before it closes.
    const close = page.close.bind(page);
    page.close = async (options) => {
      const stop = () => {
        for (const name of ['setItem', 'removeItem', 'clear']) Storage.prototype[name] = () => {};
      };
      // (Each frame: the widget's iframe form stores too. A page held by a dialog does
      // not answer: it closes after a second anyway.)
      let timer;
      await Promise.race([
        Promise.all(page.frames().map((frame) => frame.evaluate(stop).catch(() => {}))),
        new Promise((resolve) => { timer = setTimeout(resolve, 1000); }),
      ]);
      clearTimeout(timer);
      return close(options);
    };
    return page;
  };
  /** Closes the pages a test left open in the kept context (none but its blank page stays). */
  browser.closeReusedPages = async () => {
    if (!shared) return;
    await Promise.all(shared.context.pages().filter((page) => page !== shared?.anchor).map((page) => page.close()));
  };
  return browser;
}

/**
 * Launches headless Chromium with its profile in `dir`: resolves to its one context
 * (`full: true`, the full browser, as launch()).
 * @param {string} dir
 * @param {{full?: boolean}} [options]
 */
export function launchPersistent(dir, { full = false } = {}) {
  return chromium.launchPersistentContext(dir, { executablePath: executable(full), args: ARGS });
}

/**
 * A fresh page (`browser.reusedPage`: nothing stored, see launch()) at `url`, which fails the
 * test on any uncaught page error, and collects console errors.
 */
export async function openPage(browser, url) {
  const page = await browser.reusedPage(url);
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') page.errors.push(new Error(msg.text())); });
  await page.goto(url);
  return page;
}

/**
 * Opens the app at `hash` in a fresh page (nothing stored: see launch()) and waits
 * for the engine to answer.
 */
export async function openApp(env, hash = '') {
  const page = await openPage(env.browser, `${env.server.origin}/${hash}`);
  await page.waitForFunction(() => document.getElementById('engine-version').textContent);
  return page;
}

/**
 * Serves the project and launches Chromium once for the calling test file (node:test
 * before/after hooks); the returned object's `server` and `browser` are set once started.
 * The files go uncompressed unless `options.compress` says otherwise: each test file has
 * a server of its own, and brotli would compress the wasm and the modules again for each
 * (over a second of a core per file, measured); serve.test.mjs checks what `npm start`
 * sends on the wire. `browserOptions` go to launch().
 */
export function withBrowser(options = {}, browserOptions = {}) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await serve({ compress: false, ...options });
    env.browser = await launch(browserOptions);
  });
  beforeEach(() => env.browser?.closeReusedPages());
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
