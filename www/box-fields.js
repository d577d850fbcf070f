// The size and box fields the app's and the print view's forms share: the sides with
// rectangular boxes in the size list, the box shapes of the chosen side, and the symmetries
// those boxes allow. DOM only; what a box is comes from grid.js.

import { SIDES, boxName, boxShapes, boxWords, readBox, usualBox } from './grid.js';

/**
 * Options for the size list's "Rectangular boxes" group: every side whose usual boxes are
 * not square, its boxes named where the side has no other shape (a Boxes field offers the
 * others).
 */
export function rectangularSizeOptions() {
  return SIDES.filter((n) => boxWords(n)).map((n) => {
    const named = boxShapes(n).length === 1 ? ` · ${boxName(usualBox(n))} boxes` : '';
    return new Option(`${n}×${n}${named}`, String(n));
  });
}

/**
 * Fills `select` with the box shapes of side `size`, the usual one first, when the side
 * changed, keeping the choice where the new side has it. Returns how many shapes there are:
 * the field is worth showing only when there are two or more.
 */
export function fillBoxes(select, size) {
  const shapes = boxShapes(size).reverse();
  if (select.dataset.size !== String(size)) {
    const keep = shapes.includes(select.value) ? select.value : shapes[0] ?? '';
    select.dataset.size = String(size);
    select.replaceChildren(...shapes.map((shape) => new Option(boxName(shape), shape)));
    select.value = keep;
  }
  return shapes.length;
}

/**
 * Enables the symmetries boxes of shape `box` and the variants `variant` ('jigsaw,x')
 * allow in `select`: a quarter turn and the diagonal swap rows with columns, so only
 * square boxes allow them, and a jigsaw's random regions allow none. A choice no longer
 * allowed becomes rot180 (none for a jigsaw). Returns whether the boxes are square.
 */
export function allowSymmetries(select, box, variant = '') {
  const square = !boxWords(box);
  // Random jigsaw regions have no symmetry, so neither have their givens.
  const jigsaw = String(variant).includes('jigsaw');
  for (const option of select.options) {
    option.disabled = jigsaw
      ? option.value !== 'none'
      : (option.value === 'rot90' || option.value === 'diagonal') && !square;
  }
  if (select.selectedOptions[0]?.disabled) select.value = jigsaw ? 'none' : 'rot180';
  return square;
}

/** The variant choices of the generate forms: value (the engine's list) and label. */
const VARIANT_CHOICES = [
  ['', 'Classic'], ['x', 'X'], ['windoku', 'Windoku'], ['jigsaw', 'Jigsaw'], ['x,windoku', 'X + Windoku'],
  ['jigsaw,x', 'Jigsaw + X'],
];

/**
 * Fills `select` with the variants a grid of side `size` with boxes `box` ('RxC') admits,
 * keeping the choice where it still fits (else Classic): X needs a side of 4 or more,
 * windoku square boxes (its windows sit between them), jigsaw a side of 4 or more.
 * Returns the values offered.
 */
export function fillVariants(select, size, box) {
  const shape = readBox(box);
  const square = shape && shape.rows === shape.columns;
  const fits = (value) => (value === '' || size >= 4) && (!value.includes('windoku') || square);
  const offered = VARIANT_CHOICES.filter(([value]) => fits(value));
  const key = offered.map(([value]) => value).join('|');
  if (select.dataset.offered !== key) {
    const keep = offered.some(([value]) => value === select.value) ? select.value : '';
    select.dataset.offered = key;
    select.replaceChildren(...offered.map(([value, label]) => new Option(label, value)));
    select.value = keep;
  }
  return offered.map(([value]) => value);
}
