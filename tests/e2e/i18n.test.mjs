// The message catalogs (www/locales/<lang>/<part>.js): every language has every English
// key and no other, each message parses and names the same parameters as the English one,
// and every key is used by some code. A key is used when it appears quoted in www/ (or in a
// data-i18n attribute of the HTML pages), or when code builds it from a template literal
// whose fixed parts it matches (`technique.${id}.name` uses every technique.*.name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LANGS = ['en', 'fr', 'de', 'es'];
const { parameterNames: parameters } = await import(join(ROOT, 'www', 'internal', 'i18n.js'));
const PARTS = ['core', 'hints', 'app'];

async function catalog(lang, part) {
  return (await import(join(ROOT, 'www', 'locales', lang, `${part}.js`))).default;
}

function balanced(message) {
  let depth = 0;
  for (const c of message) {
    if (c === '{') depth += 1;
    if (c === '}') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

async function sources(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['locales', 'pkg', 'examples'].includes(entry.name)) out.push(...await sources(path));
    } else if (/\.(js|html)$/.test(entry.name)) {
      out.push(await readFile(path, 'utf8'));
    }
  }
  return out;
}

test('every language has exactly the English keys, with the same parameters', async () => {
  for (const part of PARTS) {
    const en = await catalog('en', part);
    for (const lang of LANGS.slice(1)) {
      const other = await catalog(lang, part);
      const missing = Object.keys(en).filter((k) => !Object.hasOwn(other, k));
      const extra = Object.keys(other).filter((k) => !Object.hasOwn(en, k));
      assert.deepEqual(missing, [], `${lang}/${part}.js lacks keys`);
      assert.deepEqual(extra, [], `${lang}/${part}.js has keys English lacks`);
      for (const [key, message] of Object.entries(other)) {
        assert.equal(typeof message, 'string', `${lang} ${key}`);
        assert.ok(message.trim(), `${lang} ${key} is empty`);
        assert.ok(balanced(message), `${lang} ${key} has unbalanced braces`);
        // A translation may also use the kind of a unit English names (`{unitKind, select, …}`
        // beside `{unit}`: 'row', 'column', 'box', 'region', 'main-diagonal', 'anti-diagonal'
        // or 'window'), for its grammar; hint-words.js gives it.
        const english = parameters(en[key]);
        const allowed = new Set([...english, ...english.map((p) => `${p}Kind`)]);
        const own = parameters(message);
        assert.deepEqual(own.filter((p) => !allowed.has(p)), [], `${lang} ${key} names parameters English lacks`);
        assert.deepEqual(english.filter((p) => !own.includes(p)), [], `${lang} ${key} leaves out parameters English has`);
      }
    }
  }
});

test('no key is in two parts', async () => {
  const seen = new Map();
  for (const part of PARTS) {
    for (const key of Object.keys(await catalog('en', part))) {
      assert.ok(!seen.has(key), `${key} is in ${seen.get(key)} and ${part}`);
      seen.set(key, part);
    }
  }
});

test('every message parses and renders in every language', async () => {
  const i18n = await import(join(ROOT, 'www', 'internal', 'i18n.js'));
  i18n.addEnglish('app', await catalog('en', 'app'));
  for (const lang of LANGS) {
    assert.equal(await i18n.setLanguage(lang, PARTS), lang);
    for (const part of PARTS) {
      for (const [key, message] of Object.entries(await catalog(lang, part))) {
        // Numbers for plurals, words for selects, lists for lists: any of them renders.
        const params = Object.fromEntries(parameters(message).map((name) => [name, 2]));
        let said = '';
        assert.doesNotThrow(() => { said = i18n.t(key, params); }, `${lang} ${key}: ${message}`);
        assert.notEqual(said, key, `${lang} ${key} is loaded and worded`);
      }
    }
  }
  const warn = console.warn;
  const warned = [];
  console.warn = (...args) => warned.push(args.join(' '));
  try {
    assert.equal(await i18n.setLanguage('xx-YY'), 'en');
  } finally {
    console.warn = warn;
  }
  assert.equal(warned.length, 1, 'an unknown language says so in the console once');
  assert.match(warned[0], /xx-YY/);
});

test('numbers are written as Intl writes them in every language, the fast path for small ones too', async () => {
  const i18n = await import(join(ROOT, 'www', 'internal', 'i18n.js'));
  // Every language the page offers, so that one added later whose digits are not 0-9 fails here.
  for (const lang of Object.keys(i18n.LANGUAGES)) {
    const intl = new Intl.NumberFormat(lang);
    for (const n of [0, -0, 1, 7, 42, 999, 1000, 1234, 12345, 1e6, -3, 2.5, 0.125]) {
      assert.equal(i18n.number(n, lang), intl.format(n), `${lang} ${n}`);
    }
  }
});

test('every key is used by some code', async () => {
  const code = [...await sources(join(ROOT, 'www')), await readFile(join(ROOT, 'index.html'), 'utf8'),
    await readFile(join(ROOT, 'print.html'), 'utf8')].join('\n');
  // Template literals with a fixed beginning or end: `technique.${id}.name`.
  const families = [...code.matchAll(/`([a-z][\w.-]*)\$\{[^}`]+\}([\w.-]*)`/g)].map(([, head, tail]) => ({ head, tail }));
  const unused = [];
  for (const part of PARTS) {
    for (const key of Object.keys(await catalog('en', part))) {
      const quoted = code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`:${key}`) || code.includes(`: ${key}`);
      const built = families.some(({ head, tail }) => key.startsWith(head) && key.endsWith(tail) && key.length > head.length + tail.length);
      if (!quoted && !built) unused.push(key);
    }
  }
  assert.deepEqual(unused, [], 'keys no code uses');
});
