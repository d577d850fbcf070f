// The size and box fields the app's and the print view's forms share: the sides with
// rectangular boxes and the jigsaw-only sides in the size list, the box shapes of the
// chosen side, the variants and the symmetries those allow. DOM only; what a box is comes
// from grid.js.

import { JIGSAW_ONLY_SIDES, SIDES, boxName, boxShapes, boxWords, madeWithoutSymmetry, readBox, usualBox, variantNames } from './grid.js';
import { language } from './i18n.js';
import { t } from './app-messages.js';

/**
 * Options for the size list's "Rectangular boxes" group: every side whose usual boxes are
 * not square, its boxes named where the side has no other shape (a Boxes field offers the
 * others).
 */
export function rectangularSizeOptions() {
  return SIDES.filter((n) => boxWords(n)).map((n) => {
    const label = boxShapes(n).length === 1 ? t('app.size.boxes', { size: n, boxes: boxName(usualBox(n)) }) : `${n}×${n}`;
    return new Option(label, String(n));
  });
}

/**
 * Options for the size list's "Jigsaw only" group: the sides with no box shape (5, 7, 11,
 * ... 61), whose grids are jigsaws (see fillVariants).
 */
export function jigsawSizeOptions() {
  return JIGSAW_ONLY_SIDES.map((n) => new Option(t('app.size.jigsaw-only', { size: n }), String(n)));
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
 * square boxes allow them, and a jigsaw's random regions allow none; a killer's cages
 * allow every one. A choice no longer allowed becomes rot180 (none for a jigsaw), and comes
 * back once it is allowed again, unless the player chose another meanwhile.
 * Returns whether the boxes are square.
 */
export function allowSymmetries(select, box, variant = '') {
  const square = !boxWords(box);
  const killer = variantNames(variant).includes('killer');
  const jigsaw = madeWithoutSymmetry(variant);
  for (const option of select.options) {
    option.disabled = jigsaw
      ? option.value !== 'none'
      : !killer && (option.value === 'rot90' || option.value === 'diagonal') && !square;
  }
  // The player's choice: the one a value forced on them stands in for, while they leave it.
  const { wanted, forced } = select.dataset;
  const choice = wanted && select.value === forced ? wanted : select.value;
  if ([...select.options].some((option) => option.value === choice && !option.disabled)) {
    select.value = choice;
    delete select.dataset.wanted;
    delete select.dataset.forced;
  } else {
    // Kept, to come back once it fits again.
    select.dataset.wanted = choice;
    select.value = jigsaw ? 'none' : 'rot180';
    select.dataset.forced = select.value;
  }
  return square;
}

/**
 * The variant choices of the generate forms: value (the engine's list) and the names its
 * label joins with " + " ("Killer + Jigsaw + X"), each a message `app.variant.<name>`.
 * @type {[string, string[]][]}
 */
const VARIANT_CHOICES = [
  ['', ['classic']], ['x', ['x']], ['windoku', ['windoku']], ['jigsaw', ['jigsaw']], ['x,windoku', ['x', 'windoku']],
  ['jigsaw,x', ['jigsaw', 'x']], ['killer', ['killer']], ['x,killer', ['killer', 'x']], ['jigsaw,killer', ['killer', 'jigsaw']],
  ['jigsaw,x,killer', ['killer', 'jigsaw', 'x']],
];

/** The sides the engine makes killers of: 4 to 9, and 16. */
export const KILLER_SIDES = Object.freeze([4, 5, 6, 7, 8, 9, 16]);

/** The largest side the engine makes X + windoku for (X_WINDOKU_MOST in the engine). */
export const X_WINDOKU_MOST = 25;

/**
 * Fills `select` with the variants a grid of side `size` with boxes `box` ('RxC') admits,
 * keeping the choice where it still fits: X needs a side of 4 or more, windoku square boxes
 * (its windows sit between them), jigsaw a side of 4 or more; a side with no boxes (5, 7,
 * 11, ...) is a jigsaw or nothing, so it offers Jigsaw and Jigsaw + X alone (and their
 * killers on 5 and 7); killers come in KILLER_SIDES only, X + windoku up to X_WINDOKU_MOST. A choice that
 * no longer fits becomes the nearest that does: on a jigsaw-only side, Jigsaw + X for a
 * choice with X, else Jigsaw; elsewhere Classic. Returns the values offered.
 */
export function fillVariants(select, size, box) {
  const shape = readBox(box);
  const square = shape && shape.rows === shape.columns;
  const jigsawOnly = JIGSAW_ONLY_SIDES.includes(size);
  const fits = (value) => (value === '' || size >= 4) && (!value.includes('windoku') || square)
    && (!jigsawOnly || value.includes('jigsaw')) && (!value.includes('killer') || KILLER_SIDES.includes(size))
    && (value !== 'x,windoku' || size <= X_WINDOKU_MOST);
  const offered = VARIANT_CHOICES.filter(([value]) => fits(value));
  // Written again when the language changes, too.
  const key = `${language()}:${offered.map(([value]) => value).join('|')}`;
  if (select.dataset.offered !== key) {
    const nearest = !jigsawOnly ? '' : select.value.includes('x') ? 'jigsaw,x' : 'jigsaw';
    const keep = offered.some(([value]) => value === select.value) ? select.value : nearest;
    select.dataset.offered = key;
    select.replaceChildren(...offered.map(([value, names]) => new Option(names.map((name) => t(`app.variant.${name}`)).join(' + '), value)));
    select.value = keep;
  }
  return offered.map(([value]) => value);
}
