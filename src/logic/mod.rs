//! The logic solver: human-style techniques applied in order of difficulty, each step
//! recorded with its cells, placements, eliminations and one plain sentence, kept as data
//! ([`Words`]) that the command line words in English and a page in its reader's language.
//!
//! The solver keeps one board: per cell its entry and, for an empty cell, its
//! candidate set as a `u64` (bit `s - 1` for symbol `s`; a filled cell has no candidates).
//! Candidates start from the filled cells alone. Each round tries the techniques from the
//! easiest ([`Technique::ALL`] order) and applies the first step found: placing a symbol
//! removes it from the cell's peers, an elimination clears one bit. Nothing is rebuilt
//! between rounds; each technique scans the current masks.
//!
//! | family | file | sizes |
//! |---|---|---|
//! | naked and hidden singles | `singles.rs` | every size |
//! | locked candidates (pointing, claiming) | `intersections.rs` | every size |
//! | naked and hidden pairs, triples, quads | `subsets.rs` | every size |
//! | X-Wing, Swordfish, Jellyfish, finned and sashimi X-Wing and Swordfish | `fish.rs` | every size |
//! | Skyscraper, 2-String Kite, Empty Rectangle (r×c boxes only) | `single_digit.rs` | every size |
//! | Unique Rectangles types 1 to 4, BUG+1 (once one solution is proved) | `uniqueness.rs` | every size |
//! | XY-Wing, XYZ-Wing, W-Wing | `wings.rs` | every size |
//! | simple colouring, X-chains, XY-chains | `chains.rs` | colouring at every size, the others up to 16×16 |
//! | alternating inference chains with grouped nodes | `aic.rs` | up to 9×9 |
//! | ALS-XZ, ALS-XY-Wing (almost locked sets of up to four cells) | `als.rs` | up to 9×9 |
//! | forcing chains (contradiction, cell, unit) and forcing nets | `forcing.rs` | up to 16×16 |
//!
//! Every layout is served: the techniques walk every unit the shape has (rows, columns,
//! boxes or jigsaw regions, diagonals, windows; `Board::scan_order`) and a cell "sees"
//! another through any of them. The few whose proof needs r×c boxes in bands and stacks
//! check [`crate::grid::Shape::has_box_grid`]; pointing and claiming go through the
//! overlaps of any two units off plain grids; the unique rectangles check that their swap
//! keeps every unit whole. Plain grids keep their fast paths and their steps.
//!
//! Every step carries a focus sentence (where to look, without the answer) and, for the
//! chain techniques, its links ([`Link`]) for a board to draw.
//!
//! When no technique applies, a [`Technique::Guess`] step places the value the unique
//! solution has in an open cell with the fewest candidates, so following the steps always
//! leads to the solution. Every puzzle is checked before its first step (see
//! [`steps::Logic`], hints and explanations): a clash, no solution and several solutions
//! are errors, never a wrong step. The grading rule that turns the steps into a level and
//! a score lives in [`rate`].

mod aic;
mod als;
mod cages;
mod chains;
mod fish;
mod forcing;
mod intersections;
pub mod rate;
mod single_digit;
mod singles;
pub mod steps;
mod subsets;
mod uniqueness;
mod wings;
pub mod words;

use std::fmt;

pub(crate) use cages::cage_name;
pub use words::{Arg, Words};

use crate::cages::Cages;
use crate::error::cell_name;
use crate::grid::{Geometry, Grid, Shape};

/// A solving technique. Variants are in the order the solver tries them: by level
/// (see [`crate::logic::rate`]), and within a level by weight, so the hardest technique a
/// solution uses is the least a player needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A symbol with one place left in a unit: a row, column, box or region, or a
    /// diagonal or window.
    HiddenSingle,
    /// Killer cages: the sets of distinct digits that can still make a cage's sum rule out
    /// the digits in none of them, and place a digit every set has where it has one place
    /// left in the cage; a digit placed in a cage leaves its other cells.
    CageCombination,
    /// Killer cages and the rule of 45 (n(n+1)/2): a unit's cells outside the cages wholly
    /// inside it, or the cells outside it of the cages covering it, make a known sum.
    InniesAndOuties,
    /// Killer cages: a digit every set of a cage needs, with its places in the cage in one
    /// unit, leaves the rest of that unit.
    CageLockedDigits,
    /// Killer cages: a unit whose places for a digit all lie in one cage gets the digit
    /// from it, so the cage's sets without the digit go.
    CageHiddenDigit,
    /// A symbol whose places in a box all lie in one row or column: it leaves the rest of
    /// that line. On other layouts, from a region or window into any unit it overlaps.
    Pointing,
    /// A symbol whose places in a row or column all lie in one box: it leaves the rest of
    /// that box. On other layouts, from a row, column or diagonal into any unit it
    /// overlaps.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two symbols with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates number three in all.
    NakedTriple,
    /// Three symbols whose places in a unit are three cells in all.
    HiddenTriple,
    /// A symbol confined to the same two columns in two rows (or rows in two columns).
    XWing,
    /// Two strong links of a symbol in parallel lines, one end of each in a common line
    /// across them: a cell seeing both other ends loses the symbol.
    Skyscraper,
    /// Strong links of a symbol in a row and a column, one end of each in a common box: a
    /// cell seeing both other ends loses the symbol.
    TwoStringKite,
    /// A pivot `xy` seeing pincers `xz` and `yz`: cells seeing both pincers lose `z`.
    XyWing,
    /// A box whose places for a symbol lie in one row and one column of it, and a strong
    /// link of the symbol outside it with one end in that row or column. Only where boxes
    /// are r×c rectangles (not on a jigsaw).
    EmptyRectangle,
    /// An X-Wing but for extra places of its symbol, the fins, in one box: cells of the
    /// cover lines that see every fin lose the symbol. Sashimi when a base line has one
    /// place left in the cover.
    FinnedXWing,
    /// Three corners of a rectangle over two boxes hold only `a/b`: the fourth cannot be
    /// `a` or `b`, or the puzzle would have two solutions. Only for a puzzle with one, and
    /// only where swapping `a` and `b` keeps every unit whole (see the uniqueness module).
    UniqueRectangle,
    /// Two corners of a rectangle hold only `a/b`, the two others `a/b` and one more
    /// symbol, the same: one of those two holds it. Only for a puzzle with one solution.
    UniqueRectangle2,
    /// As type 2, but the two corners' extra symbols, taken as one cell, make a naked
    /// subset with other cells of a unit they share. Only for a puzzle with one solution.
    UniqueRectangle3,
    /// As type 2, but `a` has no place but those two corners in a unit they share: they
    /// cannot be `b`. Only for a puzzle with one solution.
    UniqueRectangle4,
    /// Every open cell has two candidates but one, with three: one of its three is the
    /// one that keeps the puzzle from two solutions. Only for a puzzle with one.
    BugPlusOne,
    /// Killer cages: two cages whose open cells all see each other share no digit, so a
    /// set of one that leaves the other no set of its own goes.
    CageClash,
    /// The fish of three lines.
    Swordfish,
    /// A Swordfish but for fins in one box, as [`Technique::FinnedXWing`].
    FinnedSwordfish,
    /// A pivot `xyz` seeing pincers `xz` and `yz`: cells seeing all three lose `z`.
    XyzWing,
    /// Four cells of a unit whose candidates number four in all.
    NakedQuad,
    /// Two `xy` cells joined by a strong link on `x`: cells seeing both lose `y`.
    WWing,
    /// Four symbols whose places in a unit are four cells in all.
    HiddenQuad,
    /// The fish of four lines.
    Jellyfish,
    /// One symbol's conjugate pairs coloured in two colours: a colour that sees itself is
    /// false, and a cell that sees both colours loses the symbol.
    SimpleColouring,
    /// One symbol's chain of alternating strong and weak links: a cell seeing both ends
    /// loses the symbol.
    XChain,
    /// A chain of cells with two candidates each: a cell seeing both ends loses the
    /// symbol the chain starts and ends on.
    XyChain,
    /// An alternating inference chain: strong and weak links in turn between candidates
    /// of any symbols, or groups of a symbol's places where a box meets a line; its first
    /// or last node is true.
    Aic,
    /// Two almost locked sets (`k` cells of a unit with `k + 1` symbols) whose places
    /// for a shared symbol `x` all see each other: one of them is locked, so a cell seeing
    /// every place of another shared symbol in both loses it.
    AlsXz,
    /// A pivot almost locked set with restricted commons `x` and `y` with two others:
    /// one of those is locked, so a cell seeing every place of a symbol they share loses
    /// it.
    AlsXyWing,
    /// A dynamic forcing chain: assuming a candidate and following the singles it forces
    /// leads to a contradiction (it is false), or every candidate of a cell, or every place
    /// of a symbol in a unit, forces the same result.
    ForcingChain,
    /// A forcing net: as a forcing chain's contradiction, but each assumption is followed
    /// further, with the forcing chains inside it, until it breaks a rule: the candidate
    /// is false. (Nets do not compare branches.)
    ForcingNet,
    /// No technique applies: a cell is given the unique solution's value.
    Guess,
}

impl Technique {
    /// Every technique, in the order the solver tries them.
    pub const ALL: [Technique; 40] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::CageCombination,
        Technique::InniesAndOuties,
        Technique::CageLockedDigits,
        Technique::CageHiddenDigit,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XyWing,
        Technique::EmptyRectangle,
        Technique::FinnedXWing,
        Technique::UniqueRectangle,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::BugPlusOne,
        Technique::CageClash,
        Technique::Swordfish,
        Technique::FinnedSwordfish,
        Technique::XyzWing,
        Technique::NakedQuad,
        Technique::WWing,
        Technique::HiddenQuad,
        Technique::Jellyfish,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::ForcingChain,
        Technique::ForcingNet,
        Technique::Guess,
    ];

    /// Its name in a sentence's capitalisation: `"Hidden single"`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "Naked single",
            Technique::HiddenSingle => "Hidden single",
            Technique::CageCombination => "Cage combinations",
            Technique::InniesAndOuties => "Innies and outies",
            Technique::CageLockedDigits => "Locked cage digits",
            Technique::CageHiddenDigit => "Hidden cage digit",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-Wing",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::EmptyRectangle => "Empty rectangle",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::UniqueRectangle => "Unique rectangle",
            Technique::UniqueRectangle2 => "Unique rectangle type 2",
            Technique::UniqueRectangle3 => "Unique rectangle type 3",
            Technique::UniqueRectangle4 => "Unique rectangle type 4",
            Technique::BugPlusOne => "BUG+1",
            Technique::CageClash => "Cage clash",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::SimpleColouring => "Simple colouring",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Aic => "AIC",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-Wing",
            Technique::ForcingChain => "Forcing chain",
            Technique::ForcingNet => "Forcing net",
            Technique::Guess => "Guess",
        }
    }

    /// A short stable name for programs: `"hidden-single"`.
    pub fn id(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::CageCombination => "cage-combination",
            Technique::InniesAndOuties => "innies-outies",
            Technique::CageLockedDigits => "cage-locked-digits",
            Technique::CageHiddenDigit => "cage-hidden-digit",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string-kite",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::UniqueRectangle2 => "unique-rectangle-2",
            Technique::UniqueRectangle3 => "unique-rectangle-3",
            Technique::UniqueRectangle4 => "unique-rectangle-4",
            Technique::BugPlusOne => "bug-plus-one",
            Technique::CageClash => "cage-clash",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::SimpleColouring => "simple-colouring",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::AlsXz => "als-xz",
            Technique::AlsXyWing => "als-xy-wing",
            Technique::ForcingChain => "forcing-chain",
            Technique::ForcingNet => "forcing-net",
            Technique::Guess => "guess",
        }
    }

    /// The technique with this [`id`](Technique::id).
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of a solution: what was done and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The grid's layout, which names its cells and units.
    pub shape: Shape,
    /// The technique used.
    pub technique: Technique,
    /// The cells that justify the step (to highlight), row-major indices: for a hidden
    /// single the cell and then the rest of its unit, for a naked single the cell alone.
    pub cells: Vec<usize>,
    /// `(cell, value 1..=n)` placed.
    pub placements: Vec<(usize, u8)>,
    /// `(cell, value)` candidates removed.
    pub eliminations: Vec<(usize, u8)>,
    /// The step in one plain sentence, as data ([`Step::text`] words it in English:
    /// cells named `r4c2`, symbols in the grid's alphabet).
    pub words: Words,
    /// Where to look first, naming the technique and its region without giving the
    /// answer away, as data ([`Step::focus_text`]: `"Look at box 4: a hidden single"`).
    /// `None` until the solver fills it in.
    pub focus: Option<Words>,
    /// The units the focus names, as unit numbers (rows `0..n`, columns `n..2n`, boxes or
    /// jigsaw regions `2n..3n`, then any diagonals and windows, as
    /// [`crate::grid::Shape::unit_kind`] numbers them): what a page frames, without
    /// reading the sentence. Empty when the focus
    /// names cells or the whole grid.
    pub units: Vec<usize>,
    /// The links of a chain, in order, for the chain techniques (X-chain, XY-chain, AIC,
    /// simple colouring, forcing chains and nets: the implications of the branches
    /// shown); empty for the others.
    pub links: Vec<Link>,
}

impl Step {
    /// A step that only removes candidates: no placement, no chain links, and its focus
    /// filled in later, from its cells. (Not inlined: the techniques make steps in some
    /// thirty places, and a call is lighter in the wasm than the struct written out.)
    #[inline(never)]
    pub fn eliminating(
        shape: Shape,
        technique: Technique,
        cells: Vec<usize>,
        eliminations: Vec<(usize, u8)>,
        words: Words,
    ) -> Step {
        Step {
            shape,
            technique,
            cells,
            placements: Vec::new(),
            eliminations,
            words,
            focus: None,
            units: Vec::new(),
            links: Vec::new(),
        }
    }

    /// A step that places one symbol, `(cell, symbol)`: no eliminations, no chain links,
    /// and its focus filled in later, from its cells.
    pub fn placing(
        shape: Shape,
        technique: Technique,
        cells: Vec<usize>,
        placement: (usize, u8),
        words: Words,
    ) -> Step {
        Step {
            placements: vec![placement],
            ..Step::eliminating(shape, technique, cells, Vec::new(), words)
        }
    }
}

impl Step {
    /// The step's sentence in English: `"Naked single: r1c2 can only be 2"`.
    pub fn text(&self) -> String {
        self.words.english(self.shape)
    }

    /// [`Step::text`] with the symbols written as `symbols` says (`0`-`F` for `--hex`).
    pub fn text_in(&self, symbols: crate::format::Symbols) -> String {
        self.words.english_in(self.shape, symbols)
    }

    /// Where to look first, in English: `"Look at box 4: a hidden single"` (empty before
    /// the solver fills it in).
    pub fn focus_text(&self) -> String {
        self.focus
            .as_ref()
            .map_or(String::new(), |f| f.english(self.shape))
    }
}

/// A candidate, or a group of candidates of one symbol (a grouped node), in a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The cell, or the cells of a group, row-major indices.
    pub cells: Vec<usize>,
    /// The symbol, 1..=n.
    pub symbol: u8,
}

/// One link of a chain, read from `from` to `to`. A strong link: if `from` is false,
/// `to` is true. A weak link: if `from` is true, `to` is false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where the link starts.
    pub from: Node,
    /// Where it leads.
    pub to: Node,
    /// Strong (false implies true) or weak (true implies false).
    pub strong: bool,
}

impl Link {
    /// A link between two single candidates.
    pub(crate) fn cells(from: (usize, u8), to: (usize, u8), strong: bool) -> Link {
        Link {
            from: Node {
                cells: vec![from.0],
                symbol: from.1,
            },
            to: Node {
                cells: vec![to.0],
                symbol: to.1,
            },
            strong,
        }
    }
}

/// One technique's first step on a given state: the grid's filled cells, and candidate
/// masks for its empty cells (bit `s - 1` for symbol `s`; entries of filled cells are
/// ignored), such as a player's pencil marks. Marks of symbols a peer already holds are
/// dropped, as a player would cross them out. No solution is needed or checked, so
/// [`Technique::Guess`] finds nothing here; a step's eliminations are sound whenever the
/// candidates are (each still holds the cell's true symbol) and, for
/// [`Technique::UniqueRectangle`] and [`Technique::BugPlusOne`], the puzzle has one
/// solution, as a player assumes.
///
/// # Panics
/// If `candidates` does not have one mask per cell.
pub fn find(technique: Technique, grid: &Grid, candidates: &[u64]) -> Option<Step> {
    assert_eq!(candidates.len(), grid.cells().len(), "one mask per cell");
    let mut board = Board::new(grid);
    board.one_solution = true;
    for (c, m) in board.cand.iter_mut().enumerate() {
        if grid.get(c) == 0 {
            // Stale marks (a symbol placed in a peer since) would mislead every technique
            // that counts a symbol's places in a unit.
            *m &= candidates[c];
        }
    }
    board.technique(technique)
}

/// The candidates left once every technique short of guessing has run out, from candidate
/// masks (bit `s - 1` for symbol `s`; a cell with one bit counts as filled; bits beyond the
/// shape's symbols are ignored), one mask per cell (a filled cell has its symbol's bit
/// alone). The techniques only remove candidates no solution uses, so these masks have
/// exactly the same solutions, and an exact search from them is far smaller: the search
/// policy ([`crate::search`]) starts here from 16×16 up. An empty mask stays empty.
///
/// # Panics
/// If there is not one mask per cell of the shape.
pub fn reduced_masks(shape: Shape, masks: &[u64]) -> Vec<u64> {
    assert_eq!(masks.len(), shape.cell_count(), "one mask per cell");
    let values = masks
        .iter()
        .map(|&m| m & shape.full_mask())
        .map(|m| {
            if m.count_ones() == 1 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect();
    let grid = Grid::from_cells(shape, values)
        .unwrap_or_else(|_| unreachable!("single bits are symbols of the shape"));
    let mut board = Board::new(&grid);
    board.forcing = false;
    for (c, &m) in masks.iter().enumerate() {
        board.cand[c] &= m;
    }
    run_out(board)
}

/// Applies steps until no technique short of guessing finds one; the masks left.
fn run_out(mut board: Board<'_>) -> Vec<u64> {
    board.run_logic(|_| true);
    board.masks()
}

/// A unit of a shape, for sentences: `row 3`, `box 2`, `the main diagonal` (as
/// [`crate::grid::Unit`]).
pub(crate) fn unit_name(shape: Shape, unit: usize) -> String {
    shape.unit_kind(unit).to_string()
}

/// The symbols of a mask, written as `alphabet` says (the grid's alphabet: `"3"`, `"3/7"`,
/// `"1/2/5"`).
pub(crate) fn symbols_in(mask: u64, alphabet: crate::format::Symbols) -> String {
    let mut out = String::new();
    for v in bits(mask) {
        if !out.is_empty() {
            out.push('/');
        }
        out.push(alphabet.char(v));
    }
    out
}

/// Cell names joined: `"r1c1, r1c5"`.
pub(crate) fn cell_list(shape: Shape, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(shape, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The symbols (1-based values) of a mask, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let v = mask.trailing_zeros() as u8 + 1;
        mask &= mask - 1;
        Some(v)
    })
}

/// The bit of a symbol.
#[inline]
pub(crate) fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}

/// The cells of a cell set (bit `c` for cell `c`, grids up to 9×9), lowest first.
pub(crate) fn members(set: u128) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(c)
    })
}

/// Per cell, the set of cells it sees (grids up to 9×9).
pub(crate) fn peer_sets(b: &Board) -> Vec<u128> {
    debug_assert!(b.cand.len() <= 128, "a cell set fits one u128");
    (0..b.cand.len())
        .map(|c| {
            let mut set = 0u128;
            for &u in b.units_of(c) {
                for &d in b.unit(u as usize) {
                    set |= 1u128 << d;
                }
            }
            set & !(1u128 << c)
        })
        .collect()
}

/// The solver's state: entries and candidate masks, with the unit tables every
/// technique walks.
///
/// ```text
///  cand[cell]   bit 63 ........... bit 1  bit 0      value[cell]  0 (empty) or 1..=n
///               symbol 64          sym 2  sym 1      a filled cell has cand 0
/// ```
#[derive(Clone)]
pub(crate) struct Board<'c> {
    pub shape: Shape,
    pub n: usize,
    pub value: Vec<u8>,
    pub cand: Vec<u64>,
    /// The shape's units and peers.
    pub geo: &'static Geometry,
    /// Empty cells left.
    pub open: usize,
    /// The unique solution, for guesses (and to check eliminations in debug builds);
    /// empty until [`steps::Logic::new`] knows it.
    pub solution: Vec<u8>,
    /// The puzzle is known (or, for [`find`], taken) to have one solution, which the
    /// uniqueness techniques need: false while a puzzle is being checked.
    pub one_solution: bool,
    /// Forcing chains and nets may run: off when the techniques only shrink the
    /// candidates for the exact search ([`reduced_masks`]), which branches faster itself.
    pub forcing: bool,
    /// The techniques that may run, bit `t as usize` for technique `t`: all of them but
    /// where a caller asks only whether the easier ones solve the puzzle
    /// ([`crate::logic::rate::harder_than`]).
    pub allowed: u64,
    /// The killer cages: the shape's own, or a set the board borrows
    /// ([`Board::with_cages`]).
    pub cages: Option<&'c Cages>,
}

impl Board<'static> {
    pub(crate) fn new(grid: &Grid) -> Board<'static> {
        Board::build(grid, grid.shape().cages())
    }
}

impl<'c> Board<'c> {
    /// A board for a grid without cages and these cages, which it borrows: the same as
    /// [`Board::new`] for the grid with the cages in its shape, but a killer generator's
    /// level checks of set after set keep none of them for good
    /// ([`crate::grid::Shape::with_cages`]).
    pub(crate) fn with_cages(grid: &Grid, cages: &'c Cages) -> Board<'c> {
        debug_assert!(!grid.shape().has_cages());
        Board::build(grid, Some(cages))
    }

    fn build(grid: &Grid, cages: Option<&'c Cages>) -> Board<'c> {
        let shape = grid.shape();
        let n = shape.size();
        let geo = shape.geometry();
        let mut placed = vec![0u64; geo.unit_count()];
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                for &u in geo.units_of(c) {
                    placed[u as usize] |= bit(v);
                }
            }
        }
        let full = shape.full_mask();
        let cand = (0..shape.cell_count())
            .map(|c| {
                if grid.get(c) != 0 {
                    0
                } else {
                    geo.units_of(c)
                        .iter()
                        .fold(full, |m, &u| m & !placed[u as usize])
                }
            })
            .collect();
        Board {
            shape,
            n,
            value: grid.cells().to_vec(),
            cand,
            geo,
            open: grid.cells().iter().filter(|&&v| v == 0).count(),
            solution: Vec::new(),
            one_solution: false,
            forcing: true,
            allowed: u64::MAX,
            cages,
        }
    }

    /// Whether the grid is plain ([`crate::grid::Shape::is_plain`]), its cages counted
    /// wherever they come from.
    pub(crate) fn is_plain(&self) -> bool {
        self.shape.is_plain() && self.cages.is_none()
    }

    pub(crate) fn grid(&self) -> Grid {
        Grid::from_cells(self.shape, self.value.clone())
            .unwrap_or_else(|_| unreachable!("values fit the grid"))
    }

    /// Takes steps until no technique short of guessing finds one (or the grid is full),
    /// handing each to `record`, which returns `false` to stop early.
    pub(crate) fn run_logic(&mut self, mut record: impl FnMut(Step) -> bool) {
        while self.open > 0 {
            let Some(step) = self.find_logical() else {
                break;
            };
            self.apply(&step);
            if !record(step) {
                break;
            }
        }
    }

    /// One mask per cell: a filled cell's symbol bit, an empty cell's candidates.
    pub(crate) fn masks(&self) -> Vec<u64> {
        (0..self.cand.len())
            .map(|c| match self.value[c] {
                0 => self.cand[c],
                v => bit(v),
            })
            .collect()
    }

    /// How many units the shape has: rows, columns, boxes or regions, then any diagonals
    /// and windows ([`crate::grid::Shape::unit_count`]).
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.geo.unit_count()
    }

    /// Every unit, in the order a player scans: boxes (or regions) first, then rows, then
    /// columns, then any diagonals and windows.
    pub fn scan_order(&self) -> impl Iterator<Item = usize> + use<> {
        let n = self.n;
        (2 * n..3 * n)
            .chain(0..2 * n)
            .chain(3 * n..self.unit_count())
    }

    /// The n cells of a unit.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        self.geo.unit(u)
    }

    /// The places of symbol `v` in unit `u`: its open cells that still have `v` as a
    /// candidate, in the unit's order.
    pub fn places(&self, u: usize, v: u8) -> impl Iterator<Item = usize> + '_ {
        let mask = bit(v);
        self.unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(move |&c| self.cand[c] & mask != 0)
    }

    /// A cell's units, as unit numbers: its row, column and box, then any diagonals and
    /// window ([`crate::grid::Geometry::units_of`]).
    #[inline]
    pub fn units_of(&self, cell: usize) -> &'static [u16] {
        self.geo.units_of(cell)
    }

    /// A cell's row, column and box, as unit numbers.
    #[inline]
    pub fn lines_and_box(&self, cell: usize) -> [u16; 3] {
        self.geo.lines_and_box(cell)
    }

    /// True when two different cells share a unit (a row, column, box or region, or an
    /// extra unit).
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.geo.sees(a, b)
    }

    /// The easiest step from here (a guess when nothing else applies).
    pub(crate) fn find(&self) -> Step {
        self.find_logical().unwrap_or_else(|| self.guess())
    }

    /// The easiest step from here other than a guess.
    fn find_logical(&self) -> Option<Step> {
        Technique::ALL
            .iter()
            .filter(|&&t| self.allowed >> (t as usize) & 1 == 1)
            .find_map(|&t| self.technique(t))
    }

    /// The first step of one technique (never a guess).
    fn technique(&self, t: Technique) -> Option<Step> {
        let mut step = self.technique_bare(t)?;
        if step.focus.is_none() {
            let (focus, units) = focus(self, &step);
            (step.focus, step.units) = (Some(focus), units);
        }
        Some(step)
    }

    /// [`Board::technique`] before the focus sentence is filled in.
    fn technique_bare(&self, t: Technique) -> Option<Step> {
        let keep = |step: Option<Step>| step.filter(|s| s.technique == t);
        match t {
            Technique::NakedSingle => singles::naked(self),
            Technique::HiddenSingle => singles::hidden(self),
            Technique::CageCombination => cages::combinations(self),
            Technique::InniesAndOuties => cages::innies_and_outies(self),
            Technique::CageLockedDigits => cages::locked_digits(self),
            Technique::CageHiddenDigit => cages::hidden_digit(self),
            Technique::CageClash => cages::clash(self),
            Technique::Pointing | Technique::Claiming => intersections::find_kind(self, t),
            Technique::NakedPair | Technique::HiddenPair => subsets::find_kind(self, 2, t),
            Technique::NakedTriple | Technique::HiddenTriple => subsets::find_kind(self, 3, t),
            Technique::NakedQuad | Technique::HiddenQuad => subsets::find_kind(self, 4, t),
            Technique::XWing => keep(fish::find(self, 2)),
            Technique::Swordfish => keep(fish::find(self, 3)),
            Technique::Jellyfish => keep(fish::find(self, 4)),
            Technique::FinnedXWing => fish::find_finned(self, 2),
            Technique::FinnedSwordfish => fish::find_finned(self, 3),
            Technique::UniqueRectangle if self.one_solution => uniqueness::rectangle_type_1(self),
            Technique::UniqueRectangle2 if self.one_solution => uniqueness::rectangle_type_2(self),
            Technique::UniqueRectangle3 if self.one_solution => uniqueness::rectangle_type_3(self),
            Technique::UniqueRectangle4 if self.one_solution => uniqueness::rectangle_type_4(self),
            Technique::BugPlusOne if self.one_solution => uniqueness::bug_plus_one(self),
            Technique::UniqueRectangle
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4
            | Technique::BugPlusOne => None,
            Technique::Skyscraper => single_digit::skyscraper(self),
            Technique::TwoStringKite => single_digit::two_string_kite(self),
            Technique::EmptyRectangle => single_digit::empty_rectangle(self),
            Technique::XyWing => wings::xy_wing(self),
            Technique::XyzWing => wings::xyz_wing(self),
            Technique::WWing => wings::w_wing(self),
            Technique::SimpleColouring => chains::simple_colouring(self),
            Technique::XChain => chains::x_chain(self),
            Technique::XyChain => chains::xy_chain(self),
            Technique::Aic => aic::aic(self),
            Technique::AlsXz => als::als_xz(self),
            Technique::AlsXyWing => als::als_xy_wing(self),
            Technique::ForcingChain if self.forcing => forcing::forcing_chain(self),
            Technique::ForcingNet if self.forcing => forcing::forcing_net(self),
            Technique::ForcingChain | Technique::ForcingNet => None,
            Technique::Guess => None,
        }
    }

    /// Places the solution's value in an open cell with the fewest candidates.
    fn guess(&self) -> Step {
        let cell = (0..self.cand.len())
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cand[c].count_ones())
            .expect("an open cell is left");
        let v = self.solution[cell];
        Step {
            focus: Some(Words::new("focus-guess").with("cell", Arg::Cell(cell))),
            ..Step::placing(
                self.shape,
                Technique::Guess,
                vec![cell],
                (cell, v),
                Words::new("guess")
                    .with("symbol", Arg::Symbol(v))
                    .with("cell", Arg::Cell(cell))
                    .with("candidates", Arg::Symbols(self.cand[cell])),
            )
        }
    }

    /// Applies a step: placements fill cells and leave their peers; eliminations clear bits.
    pub(crate) fn apply(&mut self, step: &Step) {
        for &(c, v) in &step.placements {
            self.place(c, v);
        }
        for &(c, v) in &step.eliminations {
            self.cand[c] &= !bit(v);
        }
    }

    fn place(&mut self, cell: usize, v: u8) {
        if self.value[cell] != 0 {
            return;
        }
        self.value[cell] = v;
        self.cand[cell] = 0;
        self.open -= 1;
        let m = !bit(v);
        for &u in self.geo.units_of(cell) {
            for &c in self.geo.unit(u as usize) {
                self.cand[c as usize] &= m;
            }
        }
        if let Some(cages) = self.cages
            && let Some(k) = cages.cage_of(cell)
        {
            for &c in cages.cells(k) {
                self.cand[c as usize] &= m;
            }
        }
    }

    /// Eliminations of `mask`'s symbols from `cells`, where present, as `(cell, value)`.
    pub fn eliminations(&self, cells: impl Iterator<Item = usize>, mask: u64) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for c in cells {
            for v in bits(self.cand[c] & mask) {
                out.push((c, v));
            }
        }
        out
    }
}

/// Eliminations of `v` from the open cells, other than `seen`'s, that see every cell of
/// `seen`, lowest cell first.
pub(crate) fn seeing_all(b: &Board, seen: &[usize], v: u8) -> Vec<(usize, u8)> {
    // Candidates for a common peer are the peers of the first cell.
    let first = seen[0];
    let mut out = Vec::new();
    for &u in b.units_of(first) {
        for &c in b.unit(u as usize) {
            let c = c as usize;
            if b.cand[c] & bit(v) != 0
                && !seen.contains(&c)
                && seen.iter().all(|&s| b.sees(c, s))
                && !out.contains(&(c, v))
            {
                out.push((c, v));
            }
        }
    }
    crate::sorting::sort_cell_symbols(&mut out);
    out
}

/// Numbers joined for a sentence: `"2"`, `"2 and 5"`, `"2, 5 and 7"`.
pub(crate) fn and_list(items: impl Iterator<Item = usize>) -> String {
    let items: Vec<String> = items.map(|x| x.to_string()).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The stage-one sentence of a step: the smallest region holding its cells (one unit, the
/// fewest rows, columns or boxes if three or fewer, else the grid), the symbol when every candidate it
/// removes or places is the same one, and the technique: `"Look at rows 3 and 7 for 5:
/// an X-Wing"`.
fn focus(b: &Board, step: &Step) -> (Words, Vec<usize>) {
    let n = b.n;
    let mut region = None;
    let mut units = Vec::new();
    // The symbols whose places a technique confines to its cells within one unit: that
    // unit is the one to look at (a claiming's line, not the box its places lie in; a
    // hidden subset's unit, not another its cells happen to share).
    let removed = step
        .eliminations
        .iter()
        .fold(0u64, |m, &(_, v)| m | 1u64 << (v - 1));
    let confined = match step.technique {
        Technique::Pointing | Technique::Claiming => removed,
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            step.cells.iter().fold(0u64, |m, &c| m | b.cand[c]) & !removed
        }
        _ => 0,
    };
    // One unit holding every cell: box (or region) first, as a player scans, then row,
    // column, and any diagonal or window.
    let first = b.units_of(step.cells[0]);
    for u in [2usize, 0, 1]
        .into_iter()
        .map(|kind| first[kind] as usize)
        .chain(first[3..].iter().map(|&u| u as usize))
    {
        let holds = step
            .cells
            .iter()
            .all(|&c| b.units_of(c).contains(&(u as u16)));
        let defines = confined == 0
            || b.unit(u)
                .iter()
                .all(|&c| step.cells.contains(&(c as usize)) || b.cand[c as usize] & confined == 0);
        if holds && defines {
            region = Some(Arg::Unit(u));
            units = vec![u];
            break;
        }
    }
    if region.is_none() {
        // The fewest rows, columns or boxes (regions) that hold the cells, if three or
        // fewer.
        let spans = [0usize, 1, 2].map(|kind| {
            let mut lines: Vec<usize> = step
                .cells
                .iter()
                .map(|&c| b.lines_and_box(c)[kind] as usize - kind * n + 1)
                .collect();
            crate::sorting::sort_usizes(&mut lines);
            lines.dedup();
            lines
        });
        if let Some((kind, lines)) = spans
            .into_iter()
            .enumerate()
            .filter(|(_, lines)| lines.len() <= 3)
            .min_by_key(|(_, lines)| lines.len())
        {
            units = lines.iter().map(|&l| kind * n + l - 1).collect();
            region = Some(Arg::Lines(kind as u8, lines));
        }
    }
    let region = region.unwrap_or_else(|| Arg::Words(Box::new(Words::new("the-grid"))));
    let mut values = step
        .eliminations
        .iter()
        .chain(&step.placements)
        .map(|&(_, v)| v);
    let first = values.next();
    let mut words = Words::new("focus").with("region", region);
    match first {
        // Not for a step that places: naming its symbol would give the answer away.
        Some(v)
            if values.all(|w| w == v)
                && step.technique > Technique::HiddenSingle
                && step.placements.is_empty() =>
        {
            words = words.with(
                "for",
                Arg::Words(Box::new(
                    Words::new("focus-for").with("symbol", Arg::Symbol(v)),
                )),
            );
        }
        _ => {}
    }
    (words.with("phrase", Arg::Phrase(step.technique)), units)
}

/// A technique's name after "a" or "an", its first word in lower case unless it is an
/// abbreviation: `"a hidden single"`, `"an X-Wing"`, `"a 2-String Kite"`.
pub(crate) fn with_article(name: &str) -> String {
    let mut chars = name.chars();
    let first = chars.next().unwrap_or(' ');
    let second = chars.next().unwrap_or(' ');
    let lowered = if second.is_ascii_lowercase() {
        let mut s = first.to_ascii_lowercase().to_string();
        s.push_str(&name[1..]);
        s
    } else {
        name.to_string()
    };
    let article = match lowered.chars().next() {
        _ if lowered.starts_with("uni") => "a",
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'A' | 'E' | 'I' | 'O' | 'U' | 'X') => "an",
        _ => "a",
    };
    format!("{article} {lowered}")
}
