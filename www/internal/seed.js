// Seeds as pages read them: whole numbers from 0 up to 2^64 - 1, as the engine takes them.
// One reading for the app's form and links, the widget's attribute and the print page.

/** The largest seed: seeds are unsigned 64-bit numbers. */
export const MAX_SEED = (1n << 64n) - 1n;

/**
 * The seed a text names (surrounding spaces allowed), as a BigInt, or null when it is not
 * a whole number from 0 to 2^64 - 1.
 */
export function readSeed(text) {
  const seed = seedDigits(text);
  return seed !== null && seed <= MAX_SEED ? seed : null;
}

/**
 * The whole number of up to 20 digits a text names, as a BigInt, or null: a seed as a
 * link spells it, range unchecked, so that the engine's refusal can name a seed of 2^64
 * or more.
 */
export function seedDigits(text) {
  const digits = String(text ?? '').trim();
  return /^\d{1,20}$/.test(digits) ? BigInt(digits) : null;
}

/** A seed as the engine takes it: a number when exact, else a BigInt. */
export function seedValue(seed) {
  const big = BigInt(seed);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
