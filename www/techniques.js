// What each solving technique the engine names means, in plain words: for the hint box
// (one sentence a new player can read) and for the help panel (a short entry). Keyed by
// the engine's technique ids (`Technique::id` in src/logic/mod.rs, `step.technique` in
// engine.hint()); listed from the simplest to the hardest, the order the panel shows.
//
//   const t = technique('hidden-single');
//   t.name    // 'Hidden single'
//   t.phrase  // 'a hidden single' (to say "Look at box 4: a hidden single")
//   t.plain   // one sentence
//   t.help    // two to four sentences
//
// An id this list does not know (an engine newer than the page) still gets an entry,
// built from the name the engine gives.

/** Every technique: [id, name, phrase, plain sentence, help entry]. */
const ENTRIES = [
  ['naked-single', 'Naked single', 'a naked single',
    'A cell has only one candidate left, so that symbol goes there.',
    'Cross out every symbol the cell\'s row, column and box already hold. When only one symbol is left, '
    + 'the cell must take it.'],
  ['hidden-single', 'Hidden single', 'a hidden single',
    'A symbol has only one place left in a row, column or box, so it goes there.',
    'Every row, column and box holds each symbol once. Look at one symbol in one unit: when every cell but one '
    + 'is filled or sees that symbol elsewhere, the last cell takes it, whatever else it could hold.'],
  ['pointing', 'Pointing', 'a pointing pair',
    'Inside a box, a symbol\'s places all lie on one line, so the rest of that line cannot hold it.',
    'When a symbol\'s candidates in a box all sit in one row (or column), the box\'s copy of the symbol is on '
    + 'that line. So the same symbol can be crossed out of the line\'s cells outside the box.'],
  ['claiming', 'Claiming', 'a claiming pair',
    'On a row or column, a symbol\'s places all lie in one box, so the rest of that box cannot hold it.',
    'The mirror of pointing: when a symbol\'s candidates on a line all fall inside one box, the line\'s copy '
    + 'is in that box. The symbol can be crossed out of the box\'s other cells.'],
  ['naked-pair', 'Naked pair', 'a naked pair',
    'Two cells of a unit can only hold the same two symbols, so no other cell of the unit can hold them.',
    'When two cells in one row, column or box have exactly the same two candidates, those two symbols are '
    + 'shared out between them. Cross both symbols out of the unit\'s other cells.'],
  ['hidden-pair', 'Hidden pair', 'a hidden pair',
    'Two symbols can only go in the same two cells of a unit, so those cells hold nothing else.',
    'When two symbols each have only the same two places in a unit, those cells are taken by them. '
    + 'Every other candidate in the two cells can go.'],
  ['naked-triple', 'Naked triple', 'a naked triple',
    'Three cells of a unit hold only three symbols between them, so the unit\'s other cells cannot hold those.',
    'Like a naked pair with three cells: their candidates, taken together, are just three symbols (a cell may '
    + 'show only two of them). The three symbols fill those three cells, so cross them out elsewhere in the unit.'],
  ['hidden-triple', 'Hidden triple', 'a hidden triple',
    'Three symbols can only go in the same three cells of a unit, so those cells hold nothing else.',
    'Like a hidden pair with three symbols: together they have only three places in the unit. Those cells '
    + 'must hold them, so every other candidate in the three cells can go.'],
  ['naked-quad', 'Naked quad', 'a naked quad',
    'Four cells of a unit hold only four symbols between them, so the unit\'s other cells cannot hold those.',
    'The four-cell form of the naked pair and triple: four cells whose candidates are four symbols in all. '
    + 'Those symbols are used up by the four cells.'],
  ['hidden-quad', 'Hidden quad', 'a hidden quad',
    'Four symbols can only go in the same four cells of a unit, so those cells hold nothing else.',
    'The four-symbol form of the hidden pair: four symbols that share just four places in a unit. '
    + 'The other candidates of those cells can go.'],
  ['x-wing', 'X-Wing', 'an X-Wing',
    'A symbol sits in the same two columns on two rows, so those columns cannot hold it anywhere else.',
    'Find two rows where a symbol has exactly two places, in the same two columns. Whichever way round the '
    + 'symbol goes, it takes both columns there, so it can be crossed out of the rest of the two columns. '
    + 'It works the same with rows and columns swapped.'],
  ['skyscraper', 'Skyscraper', 'a skyscraper',
    'Two lines each hold a symbol in two places, sharing one end, so a cell seeing both other ends cannot hold it.',
    'Two rows (or columns) each have a symbol in exactly two places, and one place of each is on a common line. '
    + 'One of the two far ends must hold the symbol, so any cell that sees both far ends cannot.'],
  ['two-string-kite', '2-String Kite', 'a 2-string kite',
    'A row and a column each hold a symbol in two places, linked in one box, so the cell seeing both free ends cannot hold it.',
    'A symbol has two places on a row and two on a column, and one of each lies in the same box. '
    + 'Then one of the two other ends holds it, and a cell that sees both ends loses the symbol.'],
  ['empty-rectangle', 'Empty rectangle', 'an empty rectangle',
    'A box\'s places for a symbol form a cross, which combined with a two-place line removes the symbol from one cell.',
    'Inside a box, a symbol\'s candidates lie on one row and one column (the rest of the box is empty of it). '
    + 'Together with a line where the symbol has just two places, one end of which the cross sees, it clears '
    + 'the symbol from the cell where the other end and the cross meet.'],
  ['finned-x-wing', 'Finned X-Wing', 'a finned X-Wing',
    'An X-Wing with an extra place (the fin) still removes the symbol from the cells that also see the fin.',
    'When an X-Wing is spoiled by one or two extra candidates in a box, either the X-Wing holds or the fin does. '
    + 'Cells that the X-Wing would clear and that also see the fin lose the symbol either way.'],
  ['finned-swordfish', 'Finned Swordfish', 'a finned Swordfish',
    'A Swordfish with an extra place (the fin) still removes the symbol from the cells that also see the fin.',
    'As with the finned X-Wing: either the Swordfish pattern holds or the fin holds the symbol. '
    + 'Only the cells that both would clear lose it.'],
  ['unique-rectangle', 'Unique rectangle', 'a unique rectangle',
    'Four cells in two boxes must not all end up with the same two symbols, or the puzzle would have two solutions.',
    'A puzzle with one solution can never leave two symbols free to swap places in a rectangle of four cells '
    + 'spread over two boxes. So when three corners are down to the same two symbols, the fourth corner '
    + 'cannot be limited to them too, and those two symbols go from it.'],
  ['unique-rectangle-2', 'Unique rectangle type 2', 'a unique rectangle (type 2)',
    'Two corners of a would-be swappable rectangle share one extra symbol, so that symbol is in one of them.',
    'Four cells in two boxes hold the same two symbols, and the two corners on one side each hold one more '
    + 'symbol, the same. To avoid two solutions, one of those corners holds the extra symbol, so any cell '
    + 'that sees both of them cannot.'],
  ['unique-rectangle-3', 'Unique rectangle type 3', 'a unique rectangle (type 3)',
    'The extra symbols of a would-be swappable rectangle act as one more cell in a naked subset.',
    'Two corners of the rectangle carry extra symbols, and one of them must be true to avoid two solutions. '
    + 'Those extras behave like a single cell, which together with other cells of the unit forms a naked pair '
    + 'or triple, clearing its symbols from the rest of the unit.'],
  ['unique-rectangle-4', 'Unique rectangle type 4', 'a unique rectangle (type 4)',
    'One of a rectangle\'s two symbols must sit in two of its corners, so the other symbol goes from them.',
    'When one of the rectangle\'s two symbols has no other place in a unit than two of its corners, one of '
    + 'them holds it. Had both corners the other symbol too, the rectangle could swap, so that other symbol '
    + 'is removed from both.'],
  ['bug-plus-one', 'BUG+1', 'a BUG+1',
    'Every empty cell but one has two candidates, and that one cell must take the symbol that would otherwise give two solutions.',
    'When all empty cells but one are down to two candidates, the grid is one step from a deadly pattern with '
    + 'several solutions. The cell with three candidates must take the one that appears three times in its '
    + 'units.'],
  ['swordfish', 'Swordfish', 'a Swordfish',
    'A symbol fits in the same three columns on three rows, so those columns cannot hold it elsewhere.',
    'The three-line form of the X-Wing: on three rows a symbol has its places in only three columns. '
    + 'Those rows use up the symbol in the three columns, so it can go from the columns\' other cells.'],
  ['jellyfish', 'Jellyfish', 'a Jellyfish',
    'A symbol fits in the same four columns on four rows, so those columns cannot hold it elsewhere.',
    'The four-line form of the X-Wing and Swordfish. On four rows (or columns) a symbol is confined to four '
    + 'crossing lines, which it uses up.'],
  ['xy-wing', 'XY-Wing', 'an XY-Wing',
    'A two-candidate cell and two of its peers form a wing, so a cell seeing both wing tips loses their shared symbol.',
    'A pivot cell holds XY, one peer holds XZ and another YZ. Whatever the pivot takes, one of the tips becomes '
    + 'Z, so any cell that sees both tips cannot hold Z.'],
  ['xyz-wing', 'XYZ-Wing', 'an XYZ-Wing',
    'Like an XY-Wing whose pivot can also hold the shared symbol, so only cells seeing all three lose it.',
    'A pivot holding XYZ and two peers holding XZ and YZ: one of the three cells must be Z. '
    + 'A cell that sees all three of them cannot hold Z.'],
  ['w-wing', 'W-Wing', 'a W-Wing',
    'Two cells with the same two candidates, joined by a symbol\'s two-place line, cannot both miss the other symbol.',
    'Two cells far apart both hold XY. If a row, column or box has X in only two places, one seen by each cell, '
    + 'they cannot both be X, so one is Y, and a cell seeing both loses Y.'],
  ['simple-colouring', 'Simple colouring', 'a simple colouring',
    'Following one symbol\'s two-place links splits its cells into two colours, and one colour is all true.',
    'Where a symbol has only two places in a unit, one is true and the other false: colour them differently and '
    + 'follow such links. If two cells of one colour meet in a unit, that colour is false; a cell seeing both '
    + 'colours cannot hold the symbol.'],
  ['x-chain', 'X-chain', 'an X-chain',
    'A chain of one symbol\'s links, alternating strong and weak, proves that one of its two ends holds it.',
    'A strong link (solid line) joins the only two places of a symbol in a unit: if one is false the other is '
    + 'true. A weak link (dashed) joins two places that see each other: they cannot both be true. A chain that '
    + 'starts and ends with strong links makes one end true, so a cell seeing both ends loses the symbol.'],
  ['xy-chain', 'XY-chain', 'an XY-chain',
    'A chain of two-candidate cells, each passing a symbol to the next, proves that one end holds a symbol.',
    'In a cell with two candidates, if one is false the other is true (a strong link). Cells that share a '
    + 'symbol and see each other cannot both hold it (a weak link). Follow such cells from one end to the other: '
    + 'either the first cell or the last holds the chain\'s symbol, so a cell seeing both cannot.'],
  ['als-xz', 'ALS-XZ', 'an ALS-XZ',
    'Two groups of cells, each with one more candidate than cells, share a symbol that cannot be in both, so another shared symbol must be in one.',
    'An almost locked set (ALS) is N cells of one unit holding N+1 candidates: remove one symbol and the rest '
    + 'are fixed. Two such sets that share a symbol X which cannot be true in both force their other common '
    + 'symbol Z into one of them, so a cell seeing every Z of both sets loses Z.'],
  ['als-xy-wing', 'ALS-XY-Wing', 'an ALS-XY-Wing',
    'Three almost locked sets joined like an XY-Wing remove a symbol from the cells that see both ends.',
    'Like an XY-Wing made of groups of cells: a middle almost locked set shares one symbol with each of two '
    + 'outer sets. Whichever way the middle resolves, one outer set must hold their common symbol Z, '
    + 'so cells seeing all those Zs lose it.'],
  ['aic', 'AIC', 'an alternating inference chain (AIC)',
    'A chain of candidates whose links alternate strong and weak proves that one of its two ends is true.',
    'A strong link (solid line) says "if this is false, that is true"; a weak link (dashed) says "if this is '
    + 'true, that is false". Alternating them from one end to the other shows that at least one end holds, '
    + 'so any candidate that sees both ends can go. The links may join symbols in one cell or across cells.'],
  ['forcing-chain', 'Forcing chain', 'a forcing chain',
    'Trying each choice of a cell or unit in turn leads to the same conclusion, so that conclusion holds.',
    'Take a cell (or a symbol in a unit) and follow what each of its choices forces. When every choice leads '
    + 'to the same placement or elimination, it is true whichever choice is right.'],
  ['forcing-net', 'Forcing net', 'a forcing net',
    'Like a forcing chain, but one choice may force several things at once, which together lead to the conclusion.',
    'A forcing net follows every consequence of a choice, not only one line of them, and lets them combine. '
    + 'It reaches further than a chain but is harder to follow by hand.'],
  ['guess', 'Guess', 'a guess',
    'No technique the engine knows moves on from here, so it tells you the solution\'s value for one cell.',
    'Some grids need techniques beyond this list, or trial and error. The hint then names a cell and the '
    + 'value it takes in the solution.'],
];

/** The techniques, in the panel's order: {id, name, phrase, plain, help}. */
export const TECHNIQUES = ENTRIES.map(([id, name, phrase, plain, help]) => ({ id, name, phrase, plain, help }));

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
    plain: shown === 'Step' ? 'The engine found a step.' : `The engine found a step it calls ${shown}.`, help: '',
  };
}

/** "an X-Wing", "a hidden single": the name lower-cased unless it starts with an abbreviation. */
function withArticle(name) {
  if (!name) return 'a step';
  const word = /^[A-Z][A-Z0-9]/.test(name) ? name : name[0].toLowerCase() + name.slice(1);
  return `${/^[aeiouAEIOUX]/.test(word) && !/^[Uu]ni/.test(word) ? 'an' : 'a'} ${word}`;
}
