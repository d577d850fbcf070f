// Shared set-up for the browser end-to-end tests: serves the project on a free loopback
// port and drives Debian's Chromium through playwright-core.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { staticServer } from '../../scripts/server.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
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
 * @param {{serviceWorkers?: 'allow' | 'block'}} [options]
 */
export async function launch({ serviceWorkers = 'block' } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
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
  return browser;
}

/** Launches headless Chromium with its profile in `dir`: resolves to its one context. */
export function launchPersistent(dir) {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS });
}

/** A new page that fails the test on any uncaught page error, and collects console errors. */
export async function openPage(browser, url) {
  const page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') page.errors.push(new Error(msg.text())); });
  await page.goto(url);
  return page;
}

/**
 * Opens the app at `hash` in a fresh browser context (so fresh localStorage) and waits
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
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
