// The embeddable widget end to end, on the example host page served under a strict
// Content-Security-Policy: playing and solving, the events, two widgets that do not
// interfere, bad attributes, and the iframe form's postMessage origin check. Then the
// folder the README tells a site owner to copy, copied and served from another origin
// (whole, and with a part missing), and the README's weights against the script's. Grids
// are read back as text (the widget's `value`) and checked against the rules of Sudoku.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { openPage, ROOT, serve, withBrowser } from './harness.mjs';
import { staticServer } from '../../scripts/server.mjs';
import { EMBED_FOLDER, assembleEmbedFolder } from '../../scripts/embed-folder.mjs';
import { FORMS, measureFigures, readmeFigures, weighForms } from '../../scripts/widget-size.mjs';
import { findClashes, fromLine } from '../../www/internal/grid.js';

/** The policy a careful host sends: nothing inline, no eval, only wasm compilation allowed. */
const CSP = ["default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", "img-src 'self'",
  "connect-src 'self'", "worker-src 'self'", "frame-src 'self'", "base-uri 'none'", "form-action 'none'"].join('; ');

const env = withBrowser({ headers: () => ({ 'content-security-policy': CSP }) });
const EXAMPLE = '/www/examples/embed.html';

/** Opens the example page, recording CSP violations and every widget event from the start. */
async function openExample() {
  const page = await env.browser.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') page.errors.push(new Error(msg.text())); });
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    window.events = [];
    // Listening on the document in the capture phase sees the events of every widget,
    // even those fired before the page's own scripts run (they do not bubble).
    for (const type of ['solved', 'change', 'error']) {
      document.addEventListener(type, (e) => {
        if (e.target?.localName === 'sudoku-widget') window.events.push({ id: e.target.id, type, detail: e.detail });
      }, true);
    }
  });
  await page.goto(env.server.origin + EXAMPLE);
  // Both widgets hold a puzzle: the given one, and the generated one (some cell filled).
  await page.waitForFunction(() => ['play', 'generate'].every((id) => /[^.]/.test(document.getElementById(id)?.value ?? '')));
  return page;
}

const events = (page, filter = {}) => page.evaluate((f) => window.events.filter((e) =>
  Object.entries(f).every(([k, v]) => e[k] === v)), filter);

/** A plain backtracking solver for small grids, independent of the engine. */
function solveByHand(line) {
  const { size: n, values } = fromLine(line);
  const k = Math.sqrt(n);
  const ok = (cell, v) => {
    const r = Math.floor(cell / n);
    const c = cell % n;
    for (let i = 0; i < n; i++) {
      if (values[r * n + i] === v || values[i * n + c] === v) return false;
      const br = Math.floor(r / k) * k + Math.floor(i / k);
      const bc = Math.floor(c / k) * k + (i % k);
      if (values[br * n + bc] === v) return false;
    }
    return true;
  };
  const fill = (cell) => {
    if (cell === n * n) return true;
    if (values[cell]) return fill(cell + 1);
    for (let v = 1; v <= n; v++) {
      if (!ok(cell, v)) continue;
      values[cell] = v;
      if (fill(cell + 1)) return true;
    }
    values[cell] = 0;
    return false;
  };
  assert.ok(fill(0), 'the test puzzle has a solution');
  return values;
}

/**
 * The rows, columns and R×C boxes of a grid (one-line text, R·C on a side) that do not hold
 * every symbol once, named ('row 3', 'box 2'), worked out here from the text alone.
 */
function brokenUnits(line, rows, columns) {
  const n = rows * columns;
  assert.equal(line.length, n * n, `a ${n}×${n} grid has ${n * n} cells`);
  const at = (r, c) => line[r * n + c];
  const units = [];
  for (let i = 0; i < n; i++) {
    units.push([`row ${i + 1}`, Array.from({ length: n }, (_, j) => at(i, j))]);
    units.push([`column ${i + 1}`, Array.from({ length: n }, (_, j) => at(j, i))]);
    // Box i: band ⌊i / (n/C)⌋ of R rows, stack i mod (n/C) of C columns.
    const top = Math.floor(i / (n / columns)) * rows;
    const left = (i % (n / columns)) * columns;
    units.push([`box ${i + 1}`, Array.from({ length: n }, (_, j) => at(top + Math.floor(j / columns), left + (j % columns)))]);
  }
  const symbols = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*'.slice(0, n);
  return units.filter(([, cells]) => [...cells].sort().join('') !== [...symbols].sort().join('')).map(([name]) => name);
}

/**
 * In the page: how many cells lie between the thick box lines a widget's canvas shows,
 * across its first row of cells and down its first column, read from the pixels (box lines
 * in the theme's boxLine colour, cell lines in its cellLine colour).
 */
function drawnBoxes(page, id) {
  return page.evaluate(async (id) => {
    const widget = document.getElementById(id);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const canvas = widget.shadowRoot.querySelector('canvas');
    const { data, width } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const pixel = (x, y) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 4).join();
    const rgba = (color) => {
      const ctx = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d');
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return ctx.getImageData(0, 0, 1, 1).data.join();
    };
    const { colors } = widget.colors();
    const [box, line] = [rgba(colors.boxLine), rgba(colors.cellLine)];
    let inside = 0; // the first cell's top left corner, past the outer border
    while (pixel(inside, inside) === box) inside++;
    const scan = (point, length) => {
      const groups = [];
      let cells = 0;
      let last = '';
      for (let i = 0; i < length; i++) {
        const p = pixel(...point(i));
        const kind = p === box ? 'box' : p === line ? 'line' : 'cell';
        if (kind === last) continue;
        last = kind;
        if (kind === 'cell') cells++;
        if (kind === 'box' && cells) {
          groups.push(cells);
          cells = 0;
        }
      }
      return groups;
    };
    return { across: scan((i) => [i, inside + 2], canvas.width), down: scan((i) => [inside + 2, i], canvas.height) };
  }, id);
}

/** Adds a widget with these attributes to the page (id `id`); resolves once its first load is done. */
function addWidget(page, id, attributes) {
  return page.evaluate(async ({ id, attributes }) => {
    const widget = document.createElement('sudoku-widget');
    widget.id = id;
    for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
    document.body.append(widget);
    await widget.whenLoaded();
    return { value: widget.value, size: widget.size, box: widget.box };
  }, { id, attributes });
}

/** A complete grid that breaks no rule and keeps the puzzle's givens. */
function assertSolves(grid, puzzle) {
  const g = fromLine(grid);
  assert.ok(g, `${grid} is a grid`);
  assert.ok(g.values.every(Boolean), `${grid} is complete`);
  assert.deepEqual(findClashes(g.values, g.size), [], `${grid} breaks no rule`);
  const p = fromLine(puzzle).values;
  p.forEach((v, i) => { if (v) assert.equal(g.values[i], v, `the given at cell ${i} is kept`); });
}

test('the example page runs under a strict CSP, and no style crosses a shadow root', async () => {
  const page = await openExample();
  const found = await page.evaluate(() => {
    const shadow = document.getElementById('play').shadowRoot;
    const inner = shadow.querySelector('button');
    const outer = document.querySelector('main button');
    return {
      violations: [...window.violations],
      innerCanvasBorder: getComputedStyle(shadow.querySelector('canvas')).borderTopStyle,
      innerButtonCase: getComputedStyle(inner).textTransform,
      outerButtonCase: getComputedStyle(outer).textTransform,
      outerButtonRadius: getComputedStyle(outer).borderTopLeftRadius,
    };
  });
  assert.deepEqual(found.violations, []);
  assert.deepEqual(page.errors, []);
  assert.equal(found.innerCanvasBorder, 'none', "the host's canvas rule stays out of the widget");
  assert.equal(found.innerButtonCase, 'none', "the host's button rule stays out of the widget");
  assert.equal(found.outerButtonCase, 'uppercase');
  assert.equal(found.outerButtonRadius, '0px', "the widget's button rule stays out of the host");

  // The policy is in force: an inline <style> is refused.
  const refused = await page.evaluate(async () => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid red; }';
    document.head.append(style);
    await new Promise((resolve) => setTimeout(resolve));
    return { outline: getComputedStyle(document.body).outlineWidth, violations: window.violations };
  });
  assert.notEqual(refused.outline, '7px');
  assert.match(refused.violations.join(' '), /style-src/);
  await page.close();
});

test('a player solves a widget by keyboard and pointer; solved fires for it alone', async () => {
  const page = await openExample();
  const puzzle = await page.evaluate(() => document.getElementById('play').value);
  const other = await page.evaluate(() => document.getElementById('generate').value);
  const solution = solveByHand(puzzle);
  const empties = [...puzzle].flatMap((c, i) => (c === '.' ? [i] : []));
  const last = empties.pop();

  const canvas = page.locator('#play canvas');
  await canvas.click({ position: { x: 3, y: 3 } }); // r1c1
  // A wrong entry, undone with Ctrl+Z.
  const wrong = [...'123456789'].find((d) => d !== String(solution[0]));
  await page.keyboard.press(wrong);
  assert.equal((await page.evaluate(() => document.getElementById('play').value))[0], wrong);
  await page.keyboard.press('Control+z');
  assert.equal((await page.evaluate(() => document.getElementById('play').value))[0], '.');

  // The grid is one tab stop: the arrows walk it, Home and ArrowDown start the next row.
  const n = Math.round(Math.sqrt(solution.length));
  for (let cell = 0; cell < last; cell++) {
    if (empties.includes(cell)) await page.keyboard.press(String(solution[cell]));
    if (cell % n === n - 1) {
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
    } else {
      await page.keyboard.press('ArrowRight');
    }
  }
  assert.deepEqual(await events(page, { type: 'solved' }), [], 'not solved while a cell is empty');
  // The last cell through the palette, as on a touch screen.
  await page.locator(`#play .palette button[data-value="${solution[last]}"]`).click();

  const solved = await events(page, { type: 'solved' });
  assert.equal(solved.length, 1);
  assert.equal(solved[0].id, 'play');
  assert.equal(solved[0].detail.by, 'player');
  assertSolves(solved[0].detail.value, puzzle);
  const changes = await events(page, { id: 'play', type: 'change' });
  assert.equal(changes.filter((e) => e.detail.reason === 'entry').length, empties.length + 2);
  assert.equal(changes.filter((e) => e.detail.reason === 'undo').length, 1);
  assert.equal(await page.evaluate(() => document.getElementById('generate').value), other,
    'the other widget did not change');
  assert.deepEqual(await events(page, { id: 'generate', type: 'solved' }), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a right-to-left host page with odd text styles the widget stays left to right, in its own words and size', async () => {
  const page = await openExample();
  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
    document.documentElement.lang = 'ar';
    // What a host's own CSS may set, all inherited (the CSP lets scripts set styles).
    document.documentElement.style.fontSize = '62.5%';
    Object.assign(document.body.style, { letterSpacing: '3px', textTransform: 'uppercase', textAlign: 'justify',
      fontStyle: 'italic', whiteSpace: 'pre', wordSpacing: '9px' });
  });
  const puzzle = `..${'.'.repeat(79)}`;
  await addWidget(page, 'rtl', { mode: 'play', lang: 'fr', puzzle });
  const seen = await page.evaluate(() => {
    const root = document.getElementById('rtl').shadowRoot;
    const frame = root.querySelector('.frame');
    const xs = (selector) => [...root.querySelectorAll(selector)].map((b) => b.getBoundingClientRect().left);
    return {
      host: getComputedStyle(document.getElementById('rtl')).direction,
      direction: getComputedStyle(frame).direction,
      lang: frame.lang,
      width: document.getElementById('rtl').getBoundingClientRect().width,
      text: Object.fromEntries(['letterSpacing', 'textTransform', 'textAlign', 'fontStyle', 'whiteSpace', 'wordSpacing']
        .map((name) => [name, getComputedStyle(root.querySelector('.message'))[name]])),
      pad: xs('.palette button[data-value]'),
      modes: xs('.modes button'),
    };
  });
  assert.equal(seen.host, 'rtl', 'the page around the widget is right to left');
  assert.equal(seen.direction, 'ltr');
  assert.equal(seen.lang, 'fr', 'the widget says which language its words are in');
  assert.deepEqual(seen.text, { letterSpacing: 'normal', textTransform: 'none', textAlign: 'start', fontStyle: 'normal',
    whiteSpace: 'normal', wordSpacing: '0px' }, "the host's inherited text styles stay outside");
  assert.ok(seen.width >= 352, `a root font of 10 px does not shrink the widget: ${seen.width} px`);
  const rising = (xs) => xs.every((x, i) => i === 0 || x > xs[i - 1]);
  assert.ok(seen.pad.length >= 9 && rising(seen.pad), `the pad reads 1 to 9, then erase, from the left: ${seen.pad}`);
  assert.ok(seen.modes.length >= 2 && rising(seen.modes), `the modes read from the left: ${seen.modes}`);

  // r1c1, then ArrowRight: the 5 goes into column 2, as on screen.
  await page.locator('#rtl canvas').click({ position: { x: 3, y: 3 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('5');
  assert.equal(await page.evaluate(() => document.getElementById('rtl').value.slice(0, 3)), '.5.');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('solve() fills one widget while the other is cancelled and reloaded', async () => {
  const page = await openExample();
  const result = await page.evaluate(async () => {
    const play = document.getElementById('play');
    const generate = document.getElementById('generate');
    const puzzle = generate.value;
    // A slow generation in one widget, cut short by a new puzzle attribute (which stops that
    // widget's worker), while the other widget solves.
    const slow = play.newPuzzle({ size: 25 }).then(() => 'finished', (err) => err.kind);
    const solving = generate.solve();
    play.setAttribute('puzzle', '1...............');
    const solved = await solving;
    return { puzzle, status: solved.status, value: generate.value, slow: await slow, play: play.value };
  });
  assert.equal(result.slow, 'cancelled');
  assert.equal(result.play, '1...............');
  assert.equal(result.status, 'unique');
  assertSolves(result.value, result.puzzle);
  const solved = await events(page, { type: 'solved' });
  assert.deepEqual(solved.map((e) => [e.id, e.detail.by]), [['generate', 'solver']]);

  // Afterwards the reloaded widget works again on its own fresh worker.
  const again = await page.evaluate(async () => {
    const play = document.getElementById('play');
    const r = await play.solve();
    return { status: r.status, value: play.value };
  });
  assert.equal(again.status, 'multiple', 'one given leaves a 4×4 with many solutions');
  assert.ok(page.workers().length >= 2, 'each widget runs its own engine worker');
  assertSolves(again.value, '1...............');
  // Solve again: the verdict belongs to the puzzle, not to the grid the first Solve filled.
  const second = await page.evaluate(async () => (await document.getElementById('play').solve()).status);
  assert.equal(second, 'multiple', 'a second Solve says what the first said');

  // Moved elsewhere on the page, a widget keeps its game.
  const moved = await page.evaluate(async () => {
    const play = document.getElementById('play');
    const before = play.value;
    const loads = window.events.filter((e) => e.detail.reason === 'load').length;
    document.body.prepend(play);
    await play.solve().catch(() => {}); // waits for any load the move started
    return { same: play.value === before, loads: window.events.filter((e) => e.detail.reason === 'load').length - loads };
  });
  assert.deepEqual(moved, { same: true, loads: 0 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a long solve shows its seconds and conflicts, and its button cancels it; cancel() stops a generation', async () => {
  // A 49×49 grid with 45% of its cells blanked at random: no engine decides it in seconds.
  const text = readFileSync(new URL('../../bench/data/blanks-49-45.txt', import.meta.url), 'utf8');
  const puzzle = text.split('\n').find((line) => line && !line.startsWith('#'));
  const page = await openExample();
  await page.evaluate((p) => {
    const play = document.getElementById('play');
    play.setAttribute('mode', 'solve');
    play.setAttribute('puzzle', p);
  }, puzzle);
  // What the widget shows: its message, its toolbar's actions, and its Solve button's label.
  const shown = () => page.evaluate(() => {
    const root = document.getElementById('play').shadowRoot;
    return {
      message: root.querySelector('.message').textContent,
      actions: root.querySelector('.toolbar').dataset.actions,
      solve: root.querySelector('[data-action="solve"]').textContent,
    };
  });
  await page.waitForFunction((p) => document.getElementById('play').value === p, puzzle);
  assert.equal((await shown()).actions, 'undo clear solve', 'the buttons follow the new mode');
  await page.evaluate(() => {
    window.solving = document.getElementById('play').solve().then(() => 'finished', (e) => e.kind);
  });
  // The seconds, then the count, appear beside the message while the search runs.
  await page.waitForFunction(() => /^Solving… \d+ s · [\d,]+ (conflicts|guesses)$/
    .test(document.getElementById('play').shadowRoot.querySelector('.message').textContent), null, { timeout: 20000 });
  assert.equal((await shown()).solve, 'Cancel');
  await page.evaluate(() => document.getElementById('play').shadowRoot.querySelector('[data-action="solve"]').click());
  assert.equal(await page.evaluate(() => window.solving), 'cancelled');
  const after = await shown();
  assert.equal(after.message, 'Cancelled: the grid is as it was.');
  assert.equal(after.solve, 'Solve');
  assert.equal(await page.evaluate(() => document.getElementById('play').value), puzzle, 'nothing was filled');
  // The widget works on: a small puzzle solves, and cancel() when idle does nothing.
  const again = await page.evaluate(async () => {
    const play = document.getElementById('play');
    play.cancel();
    play.setAttribute('puzzle', '1...............');
    const r = await play.solve();
    return r.status;
  });
  assert.equal(again, 'multiple');
  // cancel() stops a generation too (a 64×64 takes the better part of a second), and says so.
  const generation = await page.evaluate(async () => {
    const widget = document.getElementById('generate');
    const made = widget.newPuzzle({ size: 64 }).then(() => 'finished', (e) => e.kind);
    await new Promise((resolve) => setTimeout(resolve, 100));
    widget.cancel();
    return { kind: await made, message: widget.shadowRoot.querySelector('.message').textContent };
  });
  assert.deepEqual(generation, { kind: 'cancelled', message: 'Cancelled.' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('bad attributes show a message in the widget and fire error; the page goes on', async () => {
  const page = await openExample();
  const found = await page.evaluate(async () => {
    const cases = {
      size: { size: '7' }, puzzle: { puzzle: 'hello there' }, mode: { mode: 'fly' }, theme: { theme: 'neon' },
      seed: { seed: '-3' }, box: { size: '12', box: '2x5' }, boxText: { box: 'wide' }, boxSide: { size: '9', box: '2x3' },
      boxShape: { size: '12', box: '1x12' },
    };
    const out = {};
    await Promise.all(Object.entries(cases).map(([name, attributes]) => new Promise((resolve) => {
      const widget = document.createElement('sudoku-widget');
      widget.addEventListener('error', (e) => {
        out[name] = { ...e.detail, shown: widget.shadowRoot.querySelector('.message').textContent };
        resolve();
      }, { once: true });
      for (const [attribute, value] of Object.entries(attributes)) widget.setAttribute(attribute, value);
      document.body.append(widget);
    })));
    // The page's own widgets still answer.
    const r = await document.getElementById('generate').solve();
    return { out, status: r.status };
  });
  assert.equal(found.status, 'unique');
  for (const [name, detail] of Object.entries(found.out)) {
    assert.ok(detail.message.length > 10, `${name}: ${detail.message}`);
    assert.ok(detail.shown.toLowerCase().includes(detail.message.slice(0, 20).toLowerCase()),
      `${name}: the message is shown inside the widget (${detail.shown})`);
  }
  assert.match(found.out.size.message, /^a 7×7 grid has no boxes, so it is made only as a jigsaw: add variant="jigsaw"/);
  assert.equal(found.out.size.attribute, 'size');
  assert.equal(found.out.box.attribute, 'box');
  assert.match(found.out.box.message, /2×5 boxes do not tile a 12×12 grid: its boxes can be 2×6 or 3×4/);
  assert.equal(found.out.boxText.attribute, 'box');
  assert.match(found.out.boxText.message, /RxC.* not “wide”/);
  assert.equal(found.out.boxSide.attribute, 'box');
  assert.match(found.out.boxSide.message, /2×3 boxes do not tile a 9×9 grid: its boxes are 3×3/);
  assert.equal(found.out.boxShape.attribute, 'box');
  assert.match(found.out.boxShape.message, /1×12 is not a box shape/);
  assert.equal(found.out.puzzle.attribute, 'puzzle');
  assert.match(found.out.puzzle.message, /cannot be read/);
  assert.match(found.out.mode.message, /play, solve or generate/);
  assert.match(found.out.theme.message, /light, dark or auto/);
  assert.match(found.out.seed.message, /whole number/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('size="6": the widget draws 2×3 boxes and its solution holds each symbol once per row, column and 2×3 box', async () => {
  const page = await openExample();
  const made = await addWidget(page, 'six', { size: '6', seed: '11', theme: 'light' });
  assert.equal(made.size, 6);
  assert.equal(made.box, '2x3');
  assert.equal(made.value.length, 36);
  assert.match(made.value, /^[1-6.]{36}$/);
  // Thick lines after every 3 columns and every 2 rows.
  assert.deepEqual(await drawnBoxes(page, 'six'), { across: [3, 3], down: [2, 2, 2] });
  const solved = await page.evaluate(async () => {
    const widget = document.getElementById('six');
    const result = await widget.solve();
    return { status: result.status, box: result.layout?.box, value: widget.value };
  });
  assert.equal(solved.status, 'unique');
  assert.equal(solved.box, '2x3', 'the engine solved it with 2×3 boxes');
  assert.equal(solved.value.length, 36);
  assert.deepEqual(brokenUnits(solved.value, 2, 3), []);
  [...made.value].forEach((c, i) => { if (c !== '.') assert.equal(solved.value[i], c, `the given at cell ${i} is kept`); });
  const solvedEvents = await events(page, { id: 'six', type: 'solved' });
  assert.equal(solvedEvents.length, 1);
  assert.equal(solvedEvents[0].detail.size, 6);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('box="2x6" on a 12×12: generated, drawn, solved and checked for clashes with 2×6 boxes, not 3×4', async () => {
  const page = await openExample();
  const made = await addWidget(page, 'wide', { size: '12', box: '2x6', seed: '5', theme: 'light' });
  assert.equal(made.size, 12);
  assert.equal(made.box, '2x6');
  assert.equal(made.value.length, 144);
  // Thick lines after every 6 columns and every 2 rows.
  assert.deepEqual(await drawnBoxes(page, 'wide'), { across: [6, 6], down: [2, 2, 2, 2, 2, 2] });
  const solved = await page.evaluate(async () => {
    const widget = document.getElementById('wide');
    const result = await widget.solve();
    return { status: result.status, box: result.layout?.box, value: widget.value };
  });
  assert.equal(solved.status, 'unique');
  assert.equal(solved.box, '2x6', 'solve() asked the engine for 2×6 boxes');
  assert.deepEqual(brokenUnits(solved.value, 2, 6), []);
  // The usual 3×4 boxes are not what this grid keeps: the box shape was not ignored.
  assert.ok(brokenUnits(solved.value, 3, 4).some((name) => name.startsWith('box')), 'the 2×6 solution breaks some 3×4 box');

  // The same puzzle as text with box="2x6" is read with those boxes, and has that solution.
  const read = await addWidget(page, 'read', { puzzle: made.value, box: '2x6' });
  assert.equal(read.box, '2x6');
  assert.equal(read.value, made.value);
  const again = await page.evaluate(async () => (await document.getElementById('read').solve()).solution);
  assert.equal(again, solved.value);

  // Clashes follow the boxes: in a blank 2×6 grid, r1c1 and r2c6 share a box; r1c2 and r3c1
  // share a 3×4 box only.
  await addWidget(page, 'blank', { size: '12', box: '2x6', mode: 'solve' });
  await page.locator('#blank canvas').focus();
  for (const key of ['1', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', '1',
    'ArrowUp', 'Home', 'ArrowRight', '2', 'ArrowDown', 'ArrowDown', 'ArrowLeft', '2']) await page.keyboard.press(key);
  const blank = await page.evaluate(() => {
    const widget = document.getElementById('blank');
    return { value: widget.value, clashes: widget.game.clashes() };
  });
  assert.equal(blank.value.replaceAll('.', ''), '1212');
  assert.deepEqual([0, 1, 17, 24].map((cell) => blank.value[cell]), ['1', '2', '1', '2']);
  assert.deepEqual(blank.clashes, [0, 17]);
  // A new box attribute loads a new grid with those boxes.
  const reboxed = await page.evaluate(async () => {
    const widget = document.getElementById('blank');
    widget.setAttribute('box', '3x4');
    await widget.whenLoaded();
    return { box: widget.box, value: widget.value };
  });
  assert.deepEqual(reboxed, { box: '3x4', value: '.'.repeat(144) });

  // newPuzzle(): a box alone makes its side; another size without a box has its usual boxes.
  const next = await page.evaluate(async () => {
    const widget = document.getElementById('wide');
    const six = await widget.newPuzzle({ box: '3x2', seed: 1 });
    const sixBox = widget.box;
    const nine = await widget.newPuzzle({ size: 9, seed: 1 });
    return { six: six.size, sixBox, nine: nine.size, nineBox: widget.box };
  });
  assert.deepEqual(next, { six: 6, sixBox: '3x2', nine: 9, nineBox: '3x3' });

  // The iframe form passes box= from its fragment on to its widget.
  await page.evaluate(() => {
    const frame = document.getElementById('frame');
    frame.src = frame.src.replace(/#.*$/, '#mode=solve&size=12&box=2x6');
  });
  await page.waitForFunction(() => document.getElementById('frame').contentDocument?.querySelector('sudoku-widget')?.box === '2x6');
  assert.equal(await page.evaluate(() => document.getElementById('frame').contentDocument.querySelector('sudoku-widget').value),
    '.'.repeat(144));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('hint() gives the engine\'s step in stages, Apply performs it, or says clearly that the engine has none', async () => {
  const page = await openExample();
  const found = await page.evaluate(async () => {
    const play = document.getElementById('play');
    const has = typeof play.engine.hint === 'function';
    try {
      const steps = await play.hint();
      const first = { shown: play.shadowRoot.querySelector('.message').textContent, stage: play.view.hint?.stage };
      await play.hint();
      await play.hint();
      return { has, steps, first, shown: play.shadowRoot.querySelector('.message').textContent, marked: play.view.hint?.cells ?? [] };
    } catch (err) {
      return { has, kind: err.kind, message: err.message };
    }
  });
  if (found.has) {
    assert.ok(Array.isArray(found.steps) && found.steps.length > 0);
    assert.equal(found.first.stage, 1);
    assert.match(found.first.shown, /^Look at /, 'the first press says where to look');
    assert.ok(found.shown.includes(found.steps.at(-1).text), 'the third says the whole step');
    assert.ok(found.marked.length > 0, 'the step\'s cells are tinted');
  } else {
    assert.equal(found.kind, 'unsupported');
    assert.match(found.message, /hint\(\)/);
  }

  // Against an engine whose hint() answers in the documented shape: stage by stage, the
  // region, the cells, then the text with the placement's cell selected; the steps returned
  // as given each time; Apply at stage 1 fills the cell.
  const stubbed = await page.evaluate(async () => {
    const play = document.getElementById('play');
    const step = {
      technique: 'hidden-single', name: 'Hidden single', text: 'In box 1, only r1c2 can hold 4.',
      cells: [0, 1, 2, 9, 10, 11], placements: [{ cell: 1, value: 4 }], eliminations: [],
    };
    const asked = [];
    play.engine.hint = async (text) => { asked.push(text); return { status: 'ok', steps: [step] }; };
    play.view.hint = null; // the real engine's hint, put away
    const message = () => play.shadowRoot.querySelector('.message').textContent;
    const apply = () => play.shadowRoot.querySelector('[data-action="apply"]');
    const before = play.value;
    play.view.selected = -1; // so that a selection at stage 1 could only come from the hint
    const steps = await play.hint();
    const stages = [{ shown: message(), selected: play.view.selected, applyDisabled: apply().disabled }];
    await play.hint();
    stages.push({ shown: message(), selected: play.view.selected });
    const again = await play.hint();
    stages.push({ shown: message(), selected: play.view.selected });
    const ok = { steps, again, asked: [...asked], stages, marked: play.view.hint?.cells ?? [], value: play.value, before };
    // A fresh hint, applied at stage 1 with the button.
    play.engine.hint = async () => ({ status: 'ok', steps: [{ ...step, cells: [0, 1], placements: [{ cell: 1, value: 4 }] }] });
    play.view.hint = null;
    await play.hint();
    apply().click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const applied = { value: play.value, disabled: apply().disabled, hint: play.view.hint };
    // A hint shown, then Undo (the applied step goes): the grid changed under the hint,
    // so its words go with it.
    await play.hint();
    const shownBeforeUndo = message();
    play.shadowRoot.querySelector('[data-action="undo"]').click();
    const undone = { before: shownBeforeUndo, after: message(), hint: play.view.hint, value: play.value };
    play.engine.hint = async () => ({ status: 'multiple', error: { kind: 'multiple', message: 'several' } });
    const refused = await play.hint().then(() => null, (err) => err.kind);
    const noHint = await play.applyHint().then(() => null, (err) => err.kind);
    return { ...ok, applied, undone, refused, noHint };
  });
  assert.equal(stubbed.steps.length, 1);
  assert.equal(stubbed.steps[0].name, 'Hidden single');
  assert.deepEqual(stubbed.again, stubbed.steps, 'every stage resolves to the steps');
  assert.deepEqual(stubbed.asked, [stubbed.value], 'the engine is asked once, about the grid as it stands');
  assert.match(stubbed.stages[0].shown, /^Look at box 1: a hidden single\. A symbol has only one place left/);
  assert.equal(stubbed.stages[0].applyDisabled, false, 'Apply is live from stage 1');
  assert.match(stubbed.stages[1].shown, /tinted/);
  assert.equal(stubbed.stages[2].shown, 'In box 1, only r1c2 can hold 4.');
  assert.notEqual(stubbed.stages[0].selected, 1, 'the first stages do not point at the answer');
  assert.equal(stubbed.stages[2].selected, 1);
  assert.deepEqual(stubbed.marked, [0, 1, 2, 9, 10, 11]);
  assert.equal(stubbed.value[1], '.', 'a hint tells, it does not fill the cell');
  assert.equal(stubbed.applied.value[1], '4', 'Apply fills it');
  assert.equal(stubbed.applied.disabled, true);
  assert.equal(stubbed.applied.hint, null);
  assert.match(stubbed.undone.before, /^Look at /);
  assert.equal(stubbed.undone.value[1], '.', 'Undo took the applied step back');
  assert.equal(stubbed.undone.hint, null);
  assert.equal(stubbed.undone.after, '', 'the hint\'s words went with it');
  assert.equal(stubbed.refused, 'multiple');
  assert.equal(stubbed.noHint, 'no-hint');

  // Alt+H and Alt+A from the grid, as in the app.
  await page.evaluate(() => {
    const play = document.getElementById('play');
    play.engine.hint = async () => ({
      status: 'ok',
      steps: [{ technique: 'hidden-single', name: 'Hidden single', text: 'In box 1, only r1c2 can hold 4.',
        cells: [0, 1], placements: [{ cell: 1, value: 4 }], eliminations: [] }],
    });
  });
  await page.locator('#play canvas').focus();
  await page.keyboard.press('Alt+KeyH');
  await page.waitForFunction(() => /^Look at /.test(document.getElementById('play').shadowRoot.querySelector('.message').textContent));
  await page.keyboard.press('Alt+KeyA');
  await page.waitForFunction(() => document.getElementById('play').value[1] === '4');

  // Enter on Apply: once the step is in, Apply goes grey and the focus moves on to Hint.
  await page.locator('#play button[data-action="undo"]').click();
  await page.waitForFunction(() => document.getElementById('play').value[1] === '.');
  await page.locator('#play button[data-action="hint"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('play').shadowRoot.querySelector('[data-action="apply"]').disabled);
  await page.locator('#play button[data-action="apply"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('play').value[1] === '4');
  assert.equal(await page.evaluate(() => document.getElementById('play').shadowRoot.activeElement?.dataset.action), 'hint');
  await page.close();
});

test('the iframe form answers postMessage only from allowed origins', async () => {
  // 1. The example page's iframe, same origin, no origin= list: its own origin is allowed.
  const page = await openExample();
  const same = await page.evaluate(() => new Promise((resolve) => {
    const frame = document.getElementById('frame');
    const replies = [];
    const solvedEvents = [];
    window.addEventListener('message', (e) => {
      if (e.source !== frame.contentWindow) return;
      if (e.data.type === 'sudoku64:event' && e.data.event === 'solved') solvedEvents.push(e.data.detail);
      if (e.data.type !== 'sudoku64:reply') return;
      replies.push(e.data);
      if (e.data.id === 1) frame.contentWindow.postMessage({ type: 'sudoku64:call', id: 2, method: 'solve' }, location.origin);
      if (e.data.id === 2) frame.contentWindow.postMessage({ type: 'sudoku64:call', id: 3, method: 'value' }, location.origin);
      if (e.data.id === 3) resolve({ replies, solvedEvents });
    });
    frame.contentWindow.postMessage({ type: 'sudoku64:call', id: 1, method: 'value' }, location.origin);
  }));
  assert.equal(same.replies[0].result, '.'.repeat(16), 'a blank 4×4 in solve mode');
  assert.equal(same.replies[1].ok, true);
  assert.equal(same.replies[1].result.status, 'multiple');
  assertSolves(same.replies[2].result, '.'.repeat(16));
  assert.equal(same.solvedEvents.length, 1);
  assert.equal(same.solvedEvents[0].by, 'solver');
  await page.close();

  // 2. A host on another origin (another port): answered only when origin= lists it.
  const host = await serve();
  try {
    const other = await env.browser.newPage();
    await other.goto(`${host.origin}/tests/e2e/blank.html`);
    const embed = (origins) => `${env.server.origin}/www/embed.html#puzzle=${'1'.padEnd(16, '.')}&mode=play${origins}`;
    const ask = (src) => other.evaluate((url) => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      const got = [];
      window.addEventListener('message', (e) => {
        if (e.source !== frame.contentWindow) return;
        got.push(e.data.type === 'sudoku64:event' ? e.data.event : e.data.type);
        if (e.data.event === 'ready') {
          frame.contentWindow.postMessage({ type: 'sudoku64:call', id: 7, method: 'value' }, '*');
        }
        if (e.data.type === 'sudoku64:reply') resolve({ got, reply: e.data });
      });
      document.body.append(frame);
    }), src);

    const allowed = await ask(embed(`&origin=${encodeURIComponent(host.origin)}`));
    assert.equal(allowed.reply.ok, true);
    assert.equal(allowed.reply.result, '1...............');

    // Not listed: the frame sends nothing to this origin (not even `ready`), and ignores calls.
    const refusedPage = other.evaluate((url) => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      const got = [];
      window.addEventListener('message', (e) => { if (e.source === frame.contentWindow) got.push(e.data); });
      frame.addEventListener('load', () => {
        frame.contentWindow.postMessage({ type: 'sudoku64:call', id: 8, method: 'value' }, '*');
        window.settle = () => resolve(got);
      });
      document.body.append(frame);
    }), embed('&origin=https://elsewhere.example'));
    const warned = await other.waitForEvent('console', {
      predicate: (msg) => msg.type() === 'warning' && msg.text().includes(`ignored a call from ${host.origin}`),
    });
    assert.ok(warned);
    await other.evaluate(() => window.settle());
    assert.deepEqual(await refusedPage, [], 'no reply and no event reached a host that is not allowed');
    await other.close();
  } finally {
    await host.close();
  }
});

test('loaded from another origin (a CDN that sends CORS headers), the widget starts its worker', async () => {
  const cdn = await serve({ headers: () => ({ 'access-control-allow-origin': '*' }) });
  // The host's policy names the CDN for scripts, the wasm fetch and the worker's modules
  // (a module worker's imports count as worker-src), and allows the small blob module
  // that starts the worker.
  const host = await serve({
    headers: () => ({
      'content-security-policy': [`default-src 'none'`, `script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'`,
        `connect-src ${cdn.origin}`, `worker-src blob: ${cdn.origin}`, `style-src 'self'`, 'img-src data:'].join('; '),
    }),
  });
  try {
    const page = await openPage(env.browser, `${host.origin}/tests/e2e/blank.html`);
    const found = await page.evaluate(async (src) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      document.head.append(script);
      await customElements.whenDefined('sudoku-widget');
      const widget = document.createElement('sudoku-widget');
      widget.setAttribute('size', '4');
      document.body.append(widget);
      const result = await widget.solve(); // waits for the generated puzzle first
      return { status: result.status, value: widget.value };
    }, `${cdn.origin}/www/widget.js`);
    assert.equal(found.status, 'unique', 'a generated puzzle has one solution');
    assert.ok(fromLine(found.value)?.values.every(Boolean));
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await host.close();
    await cdn.close();
  }
});

test('the widget weighs at most 200 KB gzipped given a puzzle and 295 KB generating, as the folder a site copies holds it', async () => {
  // What a site copies: the folder as the build makes it, JavaScript minified, from the www/ of now.
  await assembleEmbedFolder();
  const [built, sources] = await Promise.all([weighForms(EMBED_FOLDER), weighForms('www')]);
  const inFolder = (files) => files.map((f) => f.path.slice(EMBED_FOLDER.length + 1));
  FORMS.forEach(([title, entry], form) => {
    const names = inFolder(built[form].files);
    for (const needed of ['internal/widget-element.js', 'internal/board.js', 'internal/worker.js', 'pkg/sudoku64_light.js', 'pkg/sudoku64_light_bg.wasm']) {
      assert.ok(names.includes(needed), `${EMBED_FOLDER}/${entry} loads ${needed}`);
    }
    // Given a puzzle, the full engine waits for a call that needs it; generating, it comes instead of the light one.
    const later = inFolder(built[form].lazy);
    const generating = inFolder(built[form].full.files);
    for (const full of ['pkg/sudoku64.js', 'pkg/sudoku64_bg.wasm']) {
      assert.ok(!names.includes(full) && later.includes(full), `${entry}: ${full} loads on demand`);
      assert.ok(generating.includes(full), `${entry}: generating loads ${full}`);
    }
    assert.ok(!generating.some((name) => name.includes('light')), `${entry}: generating loads no light build: ${generating}`);
    // The minified files still name every file the sources load, so the walk finds them all.
    assert.deepEqual(names, sources[form].files.map((f) => f.path.slice('www/'.length)), `${title}: the same files minified as in www/`);
    assert.ok(built[form].gzip <= 200 * 1024, `${EMBED_FOLDER}/${entry} given a puzzle: ${built[form].gzip} bytes gzipped`);
    assert.ok(built[form].full.gzip <= 295 * 1024, `${EMBED_FOLDER}/${entry} generating: ${built[form].full.gzip} bytes gzipped`);
    assert.ok(built[form].gzip < sources[form].gzip, `${title}: minified (${built[form].gzip} bytes gzipped) is smaller than www/ (${sources[form].gzip})`);
  });
});

test('the README\'s weights are the ones scripts/widget-size.mjs measures now', async () => {
  const fix = 'run `node scripts/widget-size.mjs --readme` (on a fresh `npm run build`) and commit README.md';
  const stated = readmeFigures(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  assert.ok(stated, `README.md's "What it weighs" has no figures between its <!-- widget-size --> markers: ${fix}`);
  await assembleEmbedFolder();
  const measured = await measureFigures();
  for (const key of ['moduleFiles', 'iframeFiles']) {
    assert.equal(stated[key], measured[key], `README.md says ${stated[key]} files (${key}), the widget loads ${measured[key]}: ${fix}`);
  }
  // Within 5%: another toolchain's wasm differs a little, and that is no reason to fail.
  for (const key of ['moduleKB', 'wasmKB', 'iframeKB', 'sourceModuleKB', 'sourceIframeKB', 'fullModuleKB', 'fullIframeKB', 'fullWasmKB']) {
    assert.ok(Math.abs(stated[key] - measured[key]) <= 0.05 * measured[key],
      `README.md says ${stated[key]} KB (${key}), the script measures ${measured[key]} KB now: ${fix}`);
  }
});

test('before its parts have loaded, a widget keeps its attributes and its method calls wait for them', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  // The implementation is held back until the test lets it through.
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route('**/www/internal/widget-element.js', async (route) => {
    await released;
    await route.continue();
  });
  const P = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
  const early = await page.evaluate(async (P) => {
    // One widget on the page before the element is defined, one made after.
    const first = document.createElement('sudoku-widget');
    first.setAttribute('puzzle', '1...............');
    document.body.append(first);
    await import('/www/widget.js');
    const second = document.createElement('sudoku-widget');
    second.setAttribute('mode', 'solve');
    second.setAttribute('size', '4');
    document.body.append(second);
    first.setAttribute('puzzle', P); // changed after the upgrade, still before the parts load
    window.errors = [];
    for (const widget of [first, second]) widget.addEventListener('error', (e) => window.errors.push(e.detail));
    window.results = Promise.all([first.solve(), second.newPuzzle({ puzzle: '2...............' })])
      .then(([solved, made]) => ({ status: solved.status, value: first.value, made, second: second.value, size: second.size }));
    return {
      defined: customElements.get('sudoku-widget') !== undefined,
      loaded: typeof first.setup === 'function',
      value: first.value,
      size: first.size,
    };
  }, P);
  assert.deepEqual(early, { defined: true, loaded: false, value: '.'.repeat(81), size: 9 });
  release();
  const after = await page.evaluate(() => window.results);
  assert.equal(after.status, 'unique');
  assertSolves(after.value, P);
  assert.equal(after.made.puzzle, '2...............');
  assert.equal(after.second, '2...............');
  assert.equal(after.size, 4);
  assert.deepEqual(await page.evaluate(() => window.errors), []);
  // blank.html's data: icon is refused by this file's policy (img-src 'self'); nothing else may fail.
  assert.deepEqual(page.errors.filter((err) => !err.message.includes("image 'data:,'")), []);
  await page.close();
});

/** The folder README.md's "Embed it" tells a site owner to copy, read from its own words. */
function readmeFolder() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('\n## Embed it\n')[1]?.split('\n## ')[0] ?? '';
  const named = section.match(/copy the folder\s+`([^`]+)`/);
  assert.ok(named, 'README.md\'s "Embed it" names the folder to copy, as "copy the folder `…`"');
  return named[1];
}

/** A static server on a free loopback port: {origin, close}. */
async function listen(server) {
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) };
}

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/**
 * A site that embeds both forms from a copy of the README's folder, as its owner would
 * set it up: the folder is copied (less `without`) into a fresh temporary directory and
 * served from its own origin with the CORS header a CDN sends; the host page, on another
 * origin, loads widget.js with a <sudoku-widget> and embed.html in an iframe, under a
 * policy that names the CDN as the README's "From another origin" says. Resolves to
 * {page, cdn, close}, with every widget event and every message from the frame recorded.
 */
async function embedFromCopy(without = []) {
  // `npm run build` ends by making the folder; this is that step, on the www/ of now.
  await assembleEmbedFolder();
  const folder = readmeFolder();
  assert.ok(existsSync(resolve(ROOT, folder)), `README.md says to copy ${folder}, which the build does not make (it makes ${EMBED_FOLDER}/)`);
  const name = basename(folder.replace(/\/$/, ''));
  const dir = mkdtempSync(join(tmpdir(), 'sudoku64-site-'));
  cpSync(resolve(ROOT, folder), join(dir, 'cdn', name), { recursive: true });
  for (const file of without) rmSync(join(dir, 'cdn', name, file));
  const cdn = await listen(staticServer({ root: join(dir, 'cdn'), allow: [`${name}/`],
    headers: () => ({ 'access-control-allow-origin': '*' }) }));
  mkdirSync(join(dir, 'host'));
  let policy = '';
  const host = await listen(staticServer({ root: join(dir, 'host'), allow: ['host.html'],
    headers: () => ({ 'content-security-policy': policy }) }));
  policy = [`default-src 'none'`, `script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'`, `connect-src ${cdn.origin}`,
    `worker-src blob: ${cdn.origin}`, `frame-src ${cdn.origin}`, `style-src 'self'`, 'img-src data:'].join('; ');
  const base = `${cdn.origin}/${name}`;
  writeFileSync(join(dir, 'host', 'host.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>a site that embeds sudoku64</title><link rel="icon" href="data:,">
<script type="module" src="${base}/widget.js"></script>
</head><body>
<sudoku-widget id="widget" puzzle="${PUZZLE}"></sudoku-widget>
<iframe id="frame" title="Sudoku" width="380" height="520"
  src="${base}/embed.html#puzzle=${PUZZLE}&amp;origin=${encodeURIComponent(host.origin)}"></iframe>
</body></html>
`);
  const page = await env.browser.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  page.on('console', (msg) => { if (msg.type() === 'error') page.errors.push(new Error(msg.text())); });
  await page.addInitScript((from) => {
    if (window.top !== window) return; // the host page only, not the frame
    window.events = [];
    document.addEventListener('error', (e) => {
      if (e.target?.localName === 'sudoku-widget') window.events.push(e.detail);
    }, true);
    window.messages = [];
    window.addEventListener('message', (e) => { if (e.origin === from) window.messages.push(e.data); });
  }, cdn.origin);
  await page.goto(`${host.origin}/host.html`);
  return {
    page,
    cdn,
    close: async () => {
      await page.close();
      await host.close();
      await cdn.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls a method of the iframe form and resolves to its reply. */
function callFrame(page, cdnOrigin, id, method) {
  return page.evaluate(([from, id, method]) => new Promise((resolve) => {
    const frame = document.getElementById('frame');
    window.addEventListener('message', (e) => {
      if (e.origin === from && e.data?.type === 'sudoku64:reply' && e.data.id === id) resolve(e.data);
    });
    frame.contentWindow.postMessage({ type: 'sudoku64:call', id, method }, from);
  }), [cdnOrigin, id, method]);
}

/** Waits for the iframe form's event of that name and resolves to its detail. */
async function frameEvent(page, name) {
  await page.waitForFunction((name) => window.messages.some((m) => m.event === name), name);
  return page.evaluate((name) => window.messages.find((m) => m.event === name).detail, name);
}

test('the folder the README names, copied to another origin, runs both forms on a host page', async () => {
  const site = await embedFromCopy();
  const { page } = site;
  try {
    // The module form: its grid is drawn with the puzzle, and solve() fills it.
    await page.waitForFunction((p) => document.getElementById('widget').value === p, PUZZLE);
    const drawn = await page.evaluate(() => {
      const canvas = document.getElementById('widget').shadowRoot.querySelector('canvas');
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(data.slice(i, i + 4).join());
      return { width: canvas.width, colours: colours.size };
    });
    assert.ok(drawn.width > 100, `the canvas is ${drawn.width} px wide`);
    assert.ok(drawn.colours > 2, 'the canvas holds a drawing, not a blank');
    const solved = await page.evaluate(async () => {
      const widget = document.getElementById('widget');
      return { status: (await widget.solve()).status, value: widget.value };
    });
    assert.equal(solved.status, 'unique');
    assertSolves(solved.value, PUZZLE);

    // The iframe form: `ready`, then a `value` call answered with the puzzle of its fragment.
    await frameEvent(page, 'ready');
    const reply = await callFrame(page, site.cdn.origin, 1, 'value');
    assert.deepEqual({ ok: reply.ok, result: reply.result }, { ok: true, result: PUZZLE });
    assert.deepEqual(await page.evaluate(() => window.events), [], 'no error event');
    assert.deepEqual(page.errors, []);
  } finally {
    await site.close();
  }
});

// Each missing file, and the call that finds out: a widget given a puzzle solves with the
// light engine, and loads the full one for its first hint.
for (const [missing, said, call] of [['internal/board.js', /widget's code could not be loaded/, 'solve'],
  ['internal/worker.js', /worker could not be loaded/, 'solve'],
  ['pkg/sudoku64_light_bg.wasm', /sudoku64_light_bg\.wasm\) could not be loaded/, 'solve'],
  ['pkg/sudoku64_bg.wasm', /sudoku64_bg\.wasm\) could not be loaded/, 'hint']]) {
  test(`a copy without ${missing} says so in both forms and fires error with kind load`, async () => {
    const site = await embedFromCopy([missing]);
    const { page } = site;
    try {
      // The module form. Without board.js the widget cannot start; without the worker or
      // a wasm it shows its puzzle, and the first engine call that needs it finds out.
      const solve = await page.evaluate(async (call) => {
        const widget = document.getElementById('widget');
        return widget[call]().then(() => ({ kind: 'none' }), (err) => ({ kind: err.kind, message: err.message }));
      }, call);
      assert.equal(solve.kind, 'load', solve.message);
      const [event] = await page.evaluate(() => window.events);
      assert.equal(event?.kind, 'load');
      assert.match(event.message, said);
      const shown = await page.evaluate(() => {
        const widget = document.getElementById('widget');
        const message = widget.shadowRoot.querySelector('.message');
        const box = message.getBoundingClientRect();
        return { text: message.textContent, visible: message.checkVisibility() && box.height > 0 && box.width > 0 };
      });
      assert.ok(shown.visible, 'the message is visible');
      assert.ok(shown.text.includes(event.message.slice(1, 40)), `the message says what failed: ${shown.text}`);
      assert.match(shown.text, /copied together: copy the whole sudoku64 folder/);

      // The iframe form: the same, posted as an `error` event and said in the frame.
      await frameEvent(page, 'ready');
      const reply = await callFrame(page, site.cdn.origin, 2, call);
      assert.equal(reply.ok, false);
      assert.equal(reply.error.kind, 'load');
      const posted = await frameEvent(page, 'error');
      assert.equal(posted.kind, 'load');
      assert.match(posted.message, said);
      const inFrame = await page.frameLocator('#frame').locator('sudoku-widget .message').textContent();
      assert.match(inFrame, said);
    } finally {
      await site.close();
    }
  });
}

test('an iframe without widget.js posts error and says so; without embed.js its note stays', async () => {
  const noWidget = await embedFromCopy(['widget.js']);
  try {
    const posted = await frameEvent(noWidget.page, 'error');
    assert.equal(posted.kind, 'load');
    assert.match(posted.message, /widget\.js is missing/);
    const shown = (await noWidget.page.frameLocator('#frame').locator('sudoku-widget').textContent()).replace(/\s+/g, ' ');
    assert.match(shown, /widget\.js is missing/);
    assert.match(shown, /must be copied together, the whole sudoku64 folder/);
    assert.ok(!(await noWidget.page.evaluate(() => window.messages.some((m) => m.event === 'ready'))), 'no ready');
  } finally {
    await noWidget.close();
  }
  const noEmbed = await embedFromCopy(['embed.js']);
  try {
    // The module form, which does not need embed.js, works on.
    await noEmbed.page.waitForFunction((p) => document.getElementById('widget').value === p, PUZZLE);
    const note = noEmbed.page.frameLocator('#frame').locator('sudoku-widget p');
    await note.waitFor({ state: 'visible' });
    assert.match((await note.textContent()).replace(/\s+/g, ' '), /must be copied together, the whole sudoku64 folder/);
  } finally {
    await noEmbed.close();
  }
});

/**
 * The `nth` line (from 0) of a fixture file (tests/data) with one solution and `side` on a
 * side, as [puzzle, solution].
 */
function fixture(file, side, nth = 0) {
  const line = readFileSync(join(ROOT, 'tests/data', file), 'utf8').split('\n')
    .filter((l) => !l.startsWith('#') && l.split(':')[0].length === side * side && l.split(':')[1] === '1')[nth];
  const [puzzle, , solution] = line.split(':');
  return [puzzle, solution];
}

test('a widget given a puzzle starts the light engine; the full one loads with the first hint, for a 16×16, and stays', async () => {
  const page = await openPage(env.browser, `${env.server.origin}/tests/e2e/blank.html`);
  const wasm = [];
  // Routed, every fetch of a wasm is seen (and none comes from the memory cache unseen).
  await page.route('**/*.wasm', (route) => {
    wasm.push(basename(new URL(route.request().url()).pathname));
    return route.continue();
  });
  const [nine, nineSolved] = fixture('9x9.txt', 9);
  const [sixteen, sixteenSolved] = fixture('large.txt', 16);
  // Another puzzle for the hint: a widget keeps a finished game of the same puzzle.
  const [other] = fixture('9x9.txt', 9, 1);
  /** A new widget on the page given `puzzle`, asked to solve it: {status, value}. */
  const solveInNewWidget = (puzzle) => page.evaluate(async (P) => {
    await import('/www/widget.js');
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('puzzle', P);
    document.body.append(widget);
    const result = await widget.solve();
    return { status: result.status, value: widget.value };
  }, puzzle);
  const solved = await solveInNewWidget(nine);
  assert.deepEqual(solved, { status: 'unique', value: nineSolved });
  assert.deepEqual(wasm, ['sudoku64_light_bg.wasm'], 'reading and solving a 9×9 need only the light engine');

  // A hint needs the logic solver: a widget whose first call is one starts the full engine.
  const hinted = await page.evaluate(async (P) => {
    const widget = document.createElement('sudoku-widget');
    widget.setAttribute('puzzle', P);
    document.body.append(widget);
    while (widget.value !== P) await new Promise((resolve) => setTimeout(resolve, 20));
    const steps = await widget.hint();
    return { steps: steps.length, placed: steps.at(-1)?.placements.length, message: widget.shadowRoot.querySelector('.message').textContent };
  }, other);
  assert.ok(hinted.steps > 0 && hinted.placed === 1, JSON.stringify(hinted));
  assert.match(hinted.message, /^Look at /);
  assert.deepEqual(wasm, ['sudoku64_light_bg.wasm', 'sudoku64_bg.wasm']);

  // A 16×16 in a fresh widget: the light engine starts, and hands the solve to the full one.
  const large = await solveInNewWidget(sixteen);
  assert.deepEqual(large, { status: 'unique', value: sixteenSolved });
  assert.deepEqual(wasm.slice(2), ['sudoku64_light_bg.wasm', 'sudoku64_bg.wasm']);

  // An engine that has moved to the full build restarts with it after a cancel.
  const restarted = await page.evaluate(async (P) => {
    const { createEngine } = await import('/www/engine.js');
    const engine = createEngine({ light: true });
    const first = await engine.solve(P);
    const hint = await engine.hint(P);
    engine.cancel();
    const after = await engine.solve(P);
    engine.terminate();
    return [first.status, hint.status, after.status];
  }, nine);
  assert.deepEqual(restarted, ['unique', 'ok', 'unique']);
  assert.deepEqual(wasm.slice(4), ['sudoku64_light_bg.wasm', 'sudoku64_bg.wasm', 'sudoku64_bg.wasm'], 'light for the solve, full for the hint, and full again after the cancel');
  await page.close();
});
