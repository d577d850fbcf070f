// What each solving technique the engine names means, in plain words: for the hint box
// (one sentence a new player can read). Keyed by the engine's technique ids
// (`Technique::id` in src/logic/mod.rs, `step.technique` in engine.hint()); listed from the
// simplest to the hardest, the order the help panel shows. The panel's longer entries are
// in techniques-help.js, which only the app loads: the widget shows hints, not the panel.
//
//   const t = technique('hidden-single');
//   t.name    // 'Hidden single'
//   t.phrase  // 'a hidden single' (to say "Look at box 4: a hidden single")
//   t.plain   // one sentence
//
// An id this list does not know (an engine newer than the page) still gets an entry,
// built from the name the engine gives.

/** Every technique: [id, name, phrase, plain sentence]. */
const ENTRIES = [
  ['naked-single', 'Naked single', 'a naked single',
    'A cell has only one candidate left, so that symbol goes there.'],
  ['hidden-single', 'Hidden single', 'a hidden single',
    'A symbol has only one place left in a row, column or box, so it goes there.'],
  ['cage-combination', 'Cage combinations', 'the cage\'s combinations',
    'In a killer, only some sets of different digits make a cage\'s sum, so its cells keep only their digits.'],
  ['innies-outies', 'Innies and outies', 'the rule of 45',
    'A unit\'s digits add up to 45 (on 9×9), so the cells it leaves outside its own cages, or its cages\' cells outside it, make a known sum.'],
  ['cage-locked-digits', 'Locked cage digits', 'a digit the cage must hold',
    'A cage must hold a digit, and its places for it lie in one row, column or box, so the rest of that unit cannot hold it.'],
  ['pointing', 'Pointing', 'a pointing pair',
    'Inside a box, a symbol\'s places all lie on one line, so the rest of that line cannot hold it.'],
  ['claiming', 'Claiming', 'a claiming pair',
    'On a row or column, a symbol\'s places all lie in one box, so the rest of that box cannot hold it.'],
  ['naked-pair', 'Naked pair', 'a naked pair',
    'Two cells of a unit can only hold the same two symbols, so no other cell of the unit can hold them.'],
  ['hidden-pair', 'Hidden pair', 'a hidden pair',
    'Two symbols can only go in the same two cells of a unit, so those cells hold nothing else.'],
  ['naked-triple', 'Naked triple', 'a naked triple',
    'Three cells of a unit hold only three symbols between them, so the unit\'s other cells cannot hold those.'],
  ['hidden-triple', 'Hidden triple', 'a hidden triple',
    'Three symbols can only go in the same three cells of a unit, so those cells hold nothing else.'],
  ['naked-quad', 'Naked quad', 'a naked quad',
    'Four cells of a unit hold only four symbols between them, so the unit\'s other cells cannot hold those.'],
  ['hidden-quad', 'Hidden quad', 'a hidden quad',
    'Four symbols can only go in the same four cells of a unit, so those cells hold nothing else.'],
  ['x-wing', 'X-Wing', 'an X-Wing',
    'A symbol sits in the same two columns on two rows, so those columns cannot hold it anywhere else.'],
  ['skyscraper', 'Skyscraper', 'a skyscraper',
    'Two lines each hold a symbol in two places, sharing one end, so a cell seeing both other ends cannot hold it.'],
  ['two-string-kite', '2-String Kite', 'a 2-string kite',
    'A row and a column each hold a symbol in two places, linked in one box, so the cell seeing both free ends cannot hold it.'],
  ['empty-rectangle', 'Empty rectangle', 'an empty rectangle',
    'A box\'s places for a symbol form a cross, which combined with a two-place line removes the symbol from one cell.'],
  ['finned-x-wing', 'Finned X-Wing', 'a finned X-Wing',
    'An X-Wing with an extra place (the fin) still removes the symbol from the cells that also see the fin.'],
  ['finned-swordfish', 'Finned Swordfish', 'a finned Swordfish',
    'A Swordfish with an extra place (the fin) still removes the symbol from the cells that also see the fin.'],
  ['unique-rectangle', 'Unique rectangle', 'a unique rectangle',
    'Four cells in two boxes must not all end up with the same two symbols, or the puzzle would have two solutions.'],
  ['unique-rectangle-2', 'Unique rectangle type 2', 'a unique rectangle (type 2)',
    'Two corners of a would-be swappable rectangle share one extra symbol, so that symbol is in one of them.'],
  ['unique-rectangle-3', 'Unique rectangle type 3', 'a unique rectangle (type 3)',
    'The extra symbols of a would-be swappable rectangle act as one more cell in a naked subset.'],
  ['unique-rectangle-4', 'Unique rectangle type 4', 'a unique rectangle (type 4)',
    'One of a rectangle\'s two symbols must sit in two of its corners, so the other symbol goes from them.'],
  ['bug-plus-one', 'BUG+1', 'a BUG+1',
    'Every empty cell but one has two candidates, and that one cell must take the symbol that would otherwise give two solutions.'],
  ['swordfish', 'Swordfish', 'a Swordfish',
    'A symbol fits in the same three columns on three rows, so those columns cannot hold it elsewhere.'],
  ['jellyfish', 'Jellyfish', 'a Jellyfish',
    'A symbol fits in the same four columns on four rows, so those columns cannot hold it elsewhere.'],
  ['xy-wing', 'XY-Wing', 'an XY-Wing',
    'A two-candidate cell and two of its peers form a wing, so a cell seeing both wing tips loses their shared symbol.'],
  ['xyz-wing', 'XYZ-Wing', 'an XYZ-Wing',
    'Like an XY-Wing whose pivot can also hold the shared symbol, so only cells seeing all three lose it.'],
  ['w-wing', 'W-Wing', 'a W-Wing',
    'Two cells with the same two candidates, joined by a symbol\'s two-place line, cannot both miss the other symbol.'],
  ['simple-colouring', 'Simple colouring', 'a simple colouring',
    'Following one symbol\'s two-place links splits its cells into two colours, and one colour is all true.'],
  ['x-chain', 'X-chain', 'an X-chain',
    'A chain of one symbol\'s links, alternating strong and weak, proves that one of its two ends holds it.'],
  ['xy-chain', 'XY-chain', 'an XY-chain',
    'A chain of two-candidate cells, each passing a symbol to the next, proves that one end holds a symbol.'],
  ['als-xz', 'ALS-XZ', 'an ALS-XZ',
    'Two groups of cells, each with one more candidate than cells, share a symbol that cannot be in both, so another shared symbol must be in one.'],
  ['als-xy-wing', 'ALS-XY-Wing', 'an ALS-XY-Wing',
    'Three almost locked sets joined like an XY-Wing remove a symbol from the cells that see both ends.'],
  ['aic', 'AIC', 'an alternating inference chain (AIC)',
    'A chain of candidates whose links alternate strong and weak proves that one of its two ends is true.'],
  ['forcing-chain', 'Forcing chain', 'a forcing chain',
    'Trying each choice of a cell or unit in turn leads to the same conclusion, so that conclusion holds.'],
  ['forcing-net', 'Forcing net', 'a forcing net',
    'Like a forcing chain, but one choice may force several things at once, which together lead to the conclusion.'],
  ['guess', 'Guess', 'a guess',
    'No technique the engine knows moves on from here, so it tells you the solution\'s value for one cell.'],
];

/** The techniques, in the panel's order: {id, name, phrase, plain}. */
export const TECHNIQUES = ENTRIES.map(([id, name, phrase, plain]) => ({ id, name, phrase, plain }));

const BY_ID = new Map(TECHNIQUES.map((t) => [t.id, t]));

/** Ids whose steps are chains, drawn on the grid as links between candidates. */
export const CHAIN_TECHNIQUES = new Set(['x-chain', 'xy-chain', 'aic', 'forcing-chain', 'forcing-net',
  'simple-colouring', 'als-xz', 'als-xy-wing']);

/**
 * The entry for a technique id. An id not listed gets one built from `name` (the engine's
 * name for it), with `known: false`; listed ones have `known: true`.
 */
export function technique(id, name = '') {
  const entry = BY_ID.get(id);
  if (entry) return { ...entry, known: true };
  const shown = name || String(id ?? '').replace(/-/g, ' ') || 'Step';
  return {
    id: String(id ?? ''), name: shown, phrase: withArticle(shown), known: false,
    plain: shown === 'Step' ? 'The engine found a step.' : `The engine found a step it calls ${shown}.`,
  };
}

/** "an X-Wing", "a hidden single": the name lower-cased unless it starts with an abbreviation. */
function withArticle(name) {
  if (!name) return 'a step';
  const word = /^[A-Z][A-Z0-9]/.test(name) ? name : name[0].toLowerCase() + name.slice(1);
  return `${/^[aeiouAEIOUX]/.test(word) && !/^[Uu]ni/.test(word) ? 'an' : 'a'} ${word}`;
}
