// Draws the app's PNG icons from its SVG ones with the system Chromium (playwright-core),
// for the web app manifest and the home screens that want PNG: www/icon-192.png and
// www/icon-512.png from www/icon.svg, and www/icon-maskable-512.png from
// www/icon-maskable.svg (full bleed, the drawing inside the middle 80% that every mask
// keeps). The PNGs are committed; run this again after changing an SVG.
//
//   node scripts/make-icons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** [source SVG, PNG written, side in pixels], relative to the project. */
export const ICONS = [
  ['www/icon.svg', 'www/icon-192.png', 192],
  ['www/icon.svg', 'www/icon-512.png', 512],
  ['www/icon-maskable.svg', 'www/icon-maskable-512.png', 512],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [svg, png, side] of ICONS) {
    const page = await browser.newPage({ viewport: { width: side, height: side } });
    const markup = (await readFile(ROOT + svg, 'utf8')).replace('<svg ', `<svg width="${side}" height="${side}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.screenshot({ path: ROOT + png, omitBackground: true, clip: { x: 0, y: 0, width: side, height: side } });
    await page.close();
    console.log(`${png}: ${side}×${side} from ${svg}`);
  }
} finally {
  await browser.close();
}
