// English messages, part "help": the techniques panel's entries (techniques-help.js), by
// technique id. Only the app's panel shows them, so they load apart from "core", which
// the widget carries. The format is in www/locales/README.md; keys are the same in every language.
export default {
  'help.naked-single':
    "Cross out every symbol the cell's row, column and box already hold. When only one symbol is left, the cell must take it.",
  'help.hidden-single':
    'Every row, column and box holds each symbol once. Look at one symbol in one unit: when every cell but one is filled or sees that symbol elsewhere, the last cell takes it, whatever else it could hold.',
  'help.cage-combination':
    "A killer cage's digits differ and add up to its sum. List the sets of different digits that make it (17 in two cells is only 8+9): a digit in none of them leaves the cage, and a digit in every set with one place left in the cage goes there. A digit placed in a cage leaves its other cells.",
  'help.innies-outies':
    "Every row, column and box of a killer adds up to 45 (n(n+1)/2 on other sides). Add up the cages wholly inside a unit: the unit's other cells, the innies, make 45 less that. Or add up the cages that cover the unit: their cells outside it, the outies, make that less 45. Two or three neighbouring rows or columns, or two neighbouring boxes, add up to 90 or 135 the same way. One cell is then a given; a few cells are a new cage whose combinations rule digits out, and where two of them share no row, column, box or cage they may hold the same digit.",
  'help.cage-locked-digits':
    "When every set of digits that makes a cage's sum holds the same digit, the cage holds it. If its places for that digit in the cage all lie in one row, column or box (always so for a cage inside one unit), that unit's copy of the digit is in the cage, and the unit's other cells lose it.",
  'help.cage-hidden-digit':
    "The mirror of locked cage digits: when a row, column or box has all its places for a digit inside one cage, the unit's copy of the digit is in that cage. Keep only the sets of digits that make the cage's sum and include that digit (15 in three cells with a 7 is 2+6+7 or 3+5+7): a digit in none of them leaves the cage.",
  'help.cage-clash':
    "Two cages whose open cells all see each other (both inside one row, say) hold different digits. List the sets of digits each can still make its sum with: a set of the first that shares a digit with every set of the second cannot be, and a digit only such sets used leaves the first cage. A 14 and a 15 in two cells each of one row: 6+8 leaves the 15 neither 6+9 nor 7+8, so the 14 is 5+9.",
  'help.pointing':
    "When a symbol's candidates in a box all sit in one row (or column), the box's copy of the symbol is on that line. So the same symbol can be crossed out of the line's cells outside the box.",
  'help.claiming':
    "The mirror of pointing: when a symbol's candidates on a line all fall inside one box, the line's copy is in that box. The symbol can be crossed out of the box's other cells.",
  'help.naked-pair':
    "When two cells in one row, column or box have exactly the same two candidates, those two symbols are shared out between them. Cross both symbols out of the unit's other cells.",
  'help.hidden-pair':
    'When two symbols each have only the same two places in a unit, those cells are taken by them. Every other candidate in the two cells can go.',
  'help.naked-triple':
    'Like a naked pair with three cells: their candidates, taken together, are just three symbols (a cell may show only two of them). The three symbols fill those three cells, so cross them out elsewhere in the unit.',
  'help.hidden-triple':
    'Like a hidden pair with three symbols: together they have only three places in the unit. Those cells must hold them, so every other candidate in the three cells can go.',
  'help.naked-quad':
    'The four-cell form of the naked pair and triple: four cells whose candidates are four symbols in all. Those symbols are used up by the four cells.',
  'help.hidden-quad':
    'The four-symbol form of the hidden pair: four symbols that share just four places in a unit. The other candidates of those cells can go.',
  'help.x-wing':
    'Find two rows where a symbol has exactly two places, in the same two columns. Whichever way round the symbol goes, it takes both columns there, so it can be crossed out of the rest of the two columns. It works the same with rows and columns swapped.',
  'help.skyscraper':
    'Two rows (or columns) each have a symbol in exactly two places, and one place of each is on a common line. One of the two far ends must hold the symbol, so any cell that sees both far ends cannot.',
  'help.two-string-kite':
    'A symbol has two places on a row and two on a column, and one of each lies in the same box. Then one of the two other ends holds it, and a cell that sees both ends loses the symbol.',
  'help.empty-rectangle':
    "Inside a box, a symbol's candidates lie on one row and one column (the rest of the box is empty of it). Together with a line where the symbol has just two places, one end of which the cross sees, it clears the symbol from the cell where the other end and the cross meet.",
  'help.finned-x-wing':
    'When an X-Wing is spoiled by one or two extra candidates in a box, either the X-Wing holds or the fin does. Cells that the X-Wing would clear and that also see the fin lose the symbol either way.',
  'help.finned-swordfish':
    'As with the finned X-Wing: either the Swordfish pattern holds or the fin holds the symbol. Only the cells that both would clear lose it.',
  'help.unique-rectangle':
    'A puzzle with one solution can never leave two symbols free to swap places in a rectangle of four cells spread over two boxes. So when three corners are down to the same two symbols, the fourth corner cannot be limited to them too, and those two symbols go from it.',
  'help.unique-rectangle-2':
    'Four cells in two boxes hold the same two symbols, and the two corners on one side each hold one more symbol, the same. To avoid two solutions, one of those corners holds the extra symbol, so any cell that sees both of them cannot.',
  'help.unique-rectangle-3':
    'Two corners of the rectangle carry extra symbols, and one of them must be true to avoid two solutions. Those extras behave like a single cell, which together with other cells of the unit forms a naked pair or triple, clearing its symbols from the rest of the unit.',
  'help.unique-rectangle-4':
    "When one of the rectangle's two symbols has no other place in a unit than two of its corners, one of them holds it. Had both corners the other symbol too, the rectangle could swap, so that other symbol is removed from both.",
  'help.bug-plus-one':
    'When all empty cells but one are down to two candidates, the grid is one step from a deadly pattern with several solutions. The cell with three candidates must take the one that appears three times in its units.',
  'help.swordfish':
    "The three-line form of the X-Wing: on three rows a symbol has its places in only three columns. Those rows use up the symbol in the three columns, so it can go from the columns' other cells.",
  'help.jellyfish':
    'The four-line form of the X-Wing and Swordfish. On four rows (or columns) a symbol is confined to four crossing lines, which it uses up.',
  'help.xy-wing':
    'A pivot cell holds XY, one peer holds XZ and another YZ. Whatever the pivot takes, one of the tips becomes Z, so any cell that sees both tips cannot hold Z.',
  'help.xyz-wing':
    'A pivot holding XYZ and two peers holding XZ and YZ: one of the three cells must be Z. A cell that sees all three of them cannot hold Z.',
  'help.w-wing':
    'Two cells far apart both hold XY. If a row, column or box has X in only two places, one seen by each cell, they cannot both be X, so one is Y, and a cell seeing both loses Y.',
  'help.simple-colouring':
    'Where a symbol has only two places in a unit, one is true and the other false: colour them differently and follow such links. If two cells of one colour meet in a unit, that colour is false; a cell seeing both colours cannot hold the symbol.',
  'help.x-chain':
    'A strong link (solid line) joins the only two places of a symbol in a unit: if one is false the other is true. A weak link (dashed) joins two places that see each other: they cannot both be true. A chain that starts and ends with strong links makes one end true, so a cell seeing both ends loses the symbol.',
  'help.xy-chain':
    "In a cell with two candidates, if one is false the other is true (a strong link). Cells that share a symbol and see each other cannot both hold it (a weak link). Follow such cells from one end to the other: either the first cell or the last holds the chain's symbol, so a cell seeing both cannot.",
  'help.als-xz':
    'An almost locked set (ALS) is N cells of one unit holding N+1 candidates: remove one symbol and the rest are fixed. Two such sets that share a symbol X which cannot be true in both force their other common symbol Z into one of them, so a cell seeing every Z of both sets loses Z.',
  'help.als-xy-wing':
    'Like an XY-Wing made of groups of cells: a middle almost locked set shares one symbol with each of two outer sets. Whichever way the middle resolves, one outer set must hold their common symbol Z, so cells seeing all those Zs lose it.',
  'help.aic':
    'A strong link (solid line) says "if this is false, that is true"; a weak link (dashed) says "if this is true, that is false". Alternating them from one end to the other shows that at least one end holds, so any candidate that sees both ends can go. The links may join symbols in one cell or across cells.',
  'help.forcing-chain':
    'Take a cell (or a symbol in a unit) and follow what each of its choices forces. When every choice leads to the same placement or elimination, it is true whichever choice is right.',
  'help.forcing-net':
    'A forcing net follows every consequence of a choice, not only one line of them, and lets them combine. It reaches further than a chain but is harder to follow by hand.',
  'help.guess':
    'Some grids need techniques beyond this list, or trial and error. The hint then names a cell and the value it takes in the solution.',
};
