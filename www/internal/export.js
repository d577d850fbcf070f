// The board as files to keep: a PNG picture (drawn by render.js, light theme, nothing
// selected) and an SVG drawing (sheet.js's print grid, in millimetres), both of the cells
// as they stand, givens bold.

import { THEMES, drawGrid, gridState, layoutFor } from './render.js';
import { escapeXml, gridSvg } from './sheet.js';

/** A canvas holding the game's grid, with cells large enough to print. */
export function boardCanvas(game) {
  const n = game.size;
  const cell = n <= 9 ? 56 : n <= 16 ? 40 : n <= 25 ? 30 : 20;
  const layout = layoutFor(game.layout, 1e5, 1e5, { dpr: 1, minCell: cell, maxCell: cell });
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const still = { selected: -1, pencilMode: false, focused: false, errors: [], marked: [], hint: null };
  drawGrid(canvas.getContext('2d'), { ...gridState(game, still), theme: THEMES.light }, layout);
  return canvas;
}

/** The game's grid as an SVG document titled `title`: givens bold, other filled cells grey. */
export function boardSvg(game, title) {
  const side = Math.max(90, game.size * 4);
  const margin = 4;
  const whole = side + 2 * margin;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${whole}mm" `
    + `height="${whole}mm" viewBox="0 0 ${whole} ${whole}"><title>${escapeXml(title)}</title>`
    + `<rect width="${whole}" height="${whole}" fill="#fff"/>`
    + `${gridSvg(game.line(), { x: margin, y: margin, side, given: game.givensLine(), layout: game.layout })}</svg>\n`;
}

/** Offers a blob to the browser as a download named `name`. */
export function download(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}
