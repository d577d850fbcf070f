//! The generator: random puzzles with exactly one solution, from 1×1 to 64×64,
//! the same for the same seed on every machine.
//!
//! A generation makes one or more *candidates*; each is dug by a digger in four
//! phases:
//!
//! 1. **Fill: a random full grid.** The diagonal boxes get random permutations (they
//!    never interact), then the exact solver completes the grid trying candidates in a
//!    random order. A node limit restarts an unlucky search with a new seed and a
//!    limit from the Luby sequence (`FILL_LIMIT_UNIT`), so filling never hangs. This
//!    reaches every grid, not a relabelled pattern. At 9×9 the band solver completes the
//!    three boxes in its own fixed order, and a random Sudoku symmetry (relabelling, row,
//!    column, band and stack orders, transposition) then spreads the result over many
//!    grids; that every 9×9 grid can come out is not shown.
//!    With diagonals or windows the search starts from the empty grid (they tie the
//!    diagonal boxes together), and after eight restarts (or at once, for windoku at
//!    25×25 and X + windoku) the conflict-driven search, its first guesses in a seeded
//!    random order, takes over. Windoku grids from 36×36 up, which neither search finds in
//!    time, are built from Latin squares instead: a relabelled pattern, from a large
//!    family (`fill::built_windoku_grid`). New jigsaw regions ([`Options::new_regions`])
//!    are drawn around a full grid of boxes (bricks for a prime side) by trading cells of
//!    the same symbol between regions ([`crate::jigsaw::reshape_around`]), so the grid
//!    stays valid and no search over random regions is needed.
//! 2. **Propagation pass.** Clues are removed in a random order that concentrates on a
//!    few rows, columns, boxes and symbols at a time (`concentrated_order`: it ends far
//!    sparser than an even order), whole symmetry orbits at once, in batches: remove
//!    many orbits, then propagate from the givens alone; if propagation (singles and
//!    locked candidates, which only make forced moves) fills the whole grid, the
//!    solution is unique. A batch that fails is halved and retried; a batch's test stops
//!    once propagation has filled its cells again. From 25×25 up a fraction target is
//!    tried in a few random orders, and the best is kept. With a symmetry the grid itself
//!    follows it up to a relabelling of the symbols wherever it can ([`grid_follows`]).
//!    The default targets ([`Target::default_for`]) are what this pass reaches.
//! 3. **Exact pass.** One orbit at a time: a clue `v` at cell `c` can go iff no solution
//!    of the remaining givens has `c ≠ v`, which an exact search decides. Rounds of
//!    depth-first searches with growing node limits come first (up to 25×25); for a
//!    minimal target up to 16×16 the last undecided ones run after the logic solver's
//!    techniques ([`crate::logic::reduced_masks`]). What they leave goes to the
//!    conflict-driven search ([`crate::search::cdcl`]) with a contradiction limit per
//!    check, and from 36×36 up (but for a minimal 36×36) an allowance for the whole
//!    pass. From 25×25 up the orbits whose removal leaves the fewest open cells after
//!    propagation are checked first, since they are the likeliest to go: a clue that
//!    can go is proved so in about a thousand contradictions. A clue still undecided
//!    stays, and is counted in [`Generated::undecided`].
//!
//!    A clue that cannot go now can never go later (fewer givens only allow more
//!    solutions), so one pass over all orbits gives a minimal puzzle.
//!
//! 4. **Finish**: the puzzle and what was proved about it.
//!
//! A minimal 25×25 or 36×36 is dug the same way. Its exact pass has an allowance of
//! contradictions, and a grid that runs out gives way to the next candidate seed (see
//! [`generate`]). (An earlier design built it up from an empty grid instead, adding
//! clues where another solution differs; digging in the concentrated order proves
//! puzzles minimal several times faster, and sparser: 56–61% empty against 53–58%.)
//!
//! At 9×9, phases 2 and 3 are one pass of the band solver ([`crate::search::band`]), which
//! decides every check in microseconds: each orbit once, in a random order; a clue the
//! other givens force (a naked or hidden single from the givens alone) goes at once, any
//! other is checked by one search for a solution with its symbol barred, from prepared
//! boards of the clues kept and the orbits not tried yet ([`band::Givens`]).
//!
//! Every search in a candidate is bounded by counts (nodes, contradictions, checks),
//! never by time, so a seed gives the same puzzle on every machine. A time budget
//! ([`Options::budget_ms`]) or a difficulty decides how many candidates run (see
//! [`generate`]); only when no candidate finishes in time is the first one cut short. A
//! difficulty grades each candidate ([`crate::logic::rate`]) until one has the level; a
//! search for Diabolical on a 9×9 variant first passes over, ungraded, the candidates
//! that a count to 2 solves with few guesses (`DIABOLICAL_GUESSES`). Progress
//! ([`Progress`]) names the phase and candidate, and never goes back.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | options, targets, the result, and [`generate`]: candidates, budgets, grading |
//! | `symmetry.rs` | the symmetries of the givens and their orbits |
//! | `fill.rs` | the full grids to dig from (phase 1) |
//! | `dig.rs` | the digger: the propagation and exact passes, minimal, finish (phases 2 to 4) |
//! | `limits.rs` | the checks' work limits and the budget's shares, per shape and target |

use std::cell::{Cell, RefCell};
use std::fmt;
use std::str::FromStr;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::{Cancelled, Error, RuleError, RuleErrorKind};
use crate::grid::{Grid, Shape, Variants};
use crate::logic::rate::{Level, Rating, harder_than, rate_until};
use crate::logic::{Arg, Words};
use crate::search::cdcl::{Budget, Cdcl, luby};
use crate::search::witness::second_by_swap;
use crate::search::{DepthFirst as Solver, Next, Rules, band, bitboard, masks_of};
use crate::transform::{maps_regions_onto_regions, permutation, random_symmetry, shuffle};

mod dig;
mod fill;
mod limits;
mod symmetry;
#[cfg(test)]
mod tests;

use dig::*;
pub(crate) use fill::first_layout;
pub use fill::grid_follows;
use fill::*;
use limits::*;
pub use symmetry::Symmetry;

/// How far to dig.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// Until no clue can be removed.
    Minimal,
    /// Until at least this fraction of cells is empty (or the puzzle is minimal first).
    Empty(f64),
}

impl Target {
    /// The default for a shape and symmetry: minimal up to 16×16; from 25×25 up, a
    /// fraction of empty cells that the propagation pass reaches in its first order for
    /// nearly every seed (so it stays fast). With a symmetry, the grid itself follows it
    /// up to a relabelling wherever such grids exist ([`grid_follows`]), and digging
    /// then goes about as far as without one; where it cannot (`mirror` at odd sizes),
    /// removing two cells at once leaves propagation less to work with. Lowest first
    /// order seen (3 seeds × 6 orders up to 49×49, 2 × 6 at 64×64): 59.2%, 55.1%, 52.0%
    /// and 49.8% without symmetry; 57.1%, 54.5%, 51.0% and 48.6% with one the grid
    /// follows; 55.8% at 25×25 and 47.9% at 49×49 with `mirror`.
    ///
    /// | size | none | symmetric grid | plain grid |
    /// |---|---|---|---|
    /// | 25×25 | 57% | 56% | 54% |
    /// | 36×36 | 55% | 55% | — |
    /// | 49×49 | 52% | 51% | 48% |
    /// | 64×64 | 49% | 48% | — |
    ///
    /// Sides between these (rectangular boxes: 28, 30, 40, 42, 48, 56, 60, ...) take the
    /// fractions on the straight line between their neighbours, to the percent; sides
    /// from 17 to 24 take the 25×25 ones, and sides up to 16 dig to minimal.
    ///
    /// Jigsaws of prime sides from 17 up take a line of their own
    /// (`PRIME_JIGSAW_ANCHORS`).
    ///
    /// Boxes four times as wide as high or more (2×13 and up from 26×26, 3×13 from 39×39)
    /// make nearly Latin squares, which need many more clues: such sides from 17 up dig to
    /// 40%, which they reach in well under a second (57×57, 3×19 boxes: 4 s), where the
    /// line's 45–57% would take 3 to 16 s of exact checks and still not be reached.
    pub fn default_for(shape: Shape, symmetry: Symmetry) -> Target {
        if shape.size() > 16 && thin_boxes(shape) {
            return Target::Empty(THIN_BOXES_TARGET);
        }
        let Some([none, follows, plain]) = between_anchors(
            shape.size(),
            &[
                (25, [0.57, 0.56, 0.54]),
                (36, [0.55, 0.55, 0.50]),
                (49, [0.52, 0.51, 0.48]),
                (64, [0.49, 0.48, 0.45]),
            ],
        ) else {
            return Target::Minimal;
        };
        if shape.is_jigsaw() && Shape::is_boxless_side(shape.size()) {
            let prime = between_anchors(shape.size(), &PRIME_JIGSAW_ANCHORS);
            return Target::Empty(prime.expect("a side over 16")[0]);
        }
        Target::Empty(match symmetry {
            Symmetry::None => none,
            _ if grid_follows(shape, symmetry) => follows,
            _ => plain,
        })
    }

    /// The target of a search for a difficulty level when none was given: up to 16×16
    /// and for Easy and Medium the default; from 25×25 up, for Hard and above, one point
    /// past what the propagation pass reaches in a plain random order (which such a
    /// search digs in), two for Diabolical. What propagation (singles and locked
    /// candidates) proves makes Easy and Medium puzzles, and a little past it the
    /// hardest technique a player needs climbs fast: at 25×25, 58% empty gives Medium,
    /// Hard, Expert and Diabolical puzzles. (The concentrated order reaches 60% by
    /// propagation alone there, all Medium, and past that Expert comes slowly.)
    ///
    /// | size | none, or a grid that follows the symmetry | plain grid |
    /// |---|---|---|
    /// | 25×25 | 58% | 55% |
    /// | 36×36 | 54% | 50% |
    /// | 49×49 | 50% | 46% |
    /// | 64×64 | 47% | — |
    /// (Sides between these: on the line between their neighbours, as in
    /// [`Target::default_for`].)
    pub fn for_level(shape: Shape, symmetry: Symmetry, level: Level) -> Target {
        let anchors = [
            (25, [0.58, 0.55]),
            (36, [0.54, 0.50]),
            (49, [0.50, 0.46]),
            (64, [0.47, 0.43]),
        ];
        let Some([follows, plain]) = between_anchors(shape.size(), &anchors)
            .filter(|_| level >= Level::Hard && !thin_boxes(shape))
        else {
            return Target::default_for(shape, symmetry);
        };
        let f = if symmetry == Symmetry::None || grid_follows(shape, symmetry) {
            follows
        } else {
            plain
        };
        Target::Empty(
            f + if level == Level::Diabolical {
                0.01
            } else {
                0.0
            },
        )
    }

    /// A fraction target, checked: `0 <= fraction < 1`.
    pub fn empty(fraction: f64) -> Result<Target, Error> {
        if (0.0..1.0).contains(&fraction) {
            Ok(Target::Empty(fraction))
        } else {
            Err(Error::bad_option(
                "empty fraction",
                decimal(fraction),
                Words::new("allowed-empty-fraction"),
            ))
        }
    }
}

/// A number as a short decimal, to 4 places, without the float formatting of `core`
/// (about 9 KB of the gzipped wasm, which nothing else needs): `1.5`, `-0.25`, `2`,
/// `NaN`, `inf`.
fn decimal(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    if x.abs() >= 1e19 {
        return format!("{sign}1e19 or more in size");
    }
    if x.abs() >= 1e15 {
        // Whole numbers at this size, and within a u64.
        return format!("{sign}{}", x.abs() as u64);
    }
    let ten_thousandths = (x.abs() * 10_000.0).round() as u64;
    let (whole, part) = (ten_thousandths / 10_000, ten_thousandths % 10_000);
    let sign = if ten_thousandths > 0 { sign } else { "" };
    if part == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{part:04}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The grid's shape.
    pub shape: Shape,
    /// How far to dig; `None` for [`Target::default_for`] the shape and symmetry.
    pub target: Option<Target>,
    /// Which cells go together.
    pub symmetry: Symmetry,
    /// The seed: the same seed and options give the same puzzle everywhere.
    pub seed: u64,
    /// A time budget in milliseconds (by the caller's clock): candidates from a sequence
    /// of seeds are made until one reaches the target (or has the difficulty), and the best
    /// finished one comes back within the budget (a grading still running stops at 5%
    /// past it; see [`generate`]). `None`: one candidate, dug in full (with a difficulty,
    /// [`DIFFICULTY_BUDGET_MS`]).
    pub budget_ms: Option<f64>,
    /// A difficulty level to search for: candidates are made and graded
    /// ([`crate::logic::rate`]) until one has this level, or the time budget runs out (the
    /// closest level found is returned then). Without a target, from 25×25 up the dig
    /// goes a little past the default for Hard and above ([`Target::for_level`]), and
    /// Easy digs only as far as naked and hidden singles find the clues again (off
    /// classic 9×9, whose minimal puzzles are often Easy): Easy at the first candidate,
    /// where minimal puzzles of the variants seldom are. `None`: no grading.
    pub difficulty: Option<Level>,
    /// Draw new jigsaw regions of `shape.size()` (4 to 64) from the seed
    /// ([`crate::jigsaw::random_regions`]); the shape's boxes are ignored, its diagonals
    /// kept (jigsaw X). The puzzle and solution come in that jigsaw shape, and the same
    /// seed gives the same regions. Only [`Symmetry::None`] fits: random regions have no
    /// symmetry. Regions that admit no full grid, or whose fill runs out of its count of
    /// nodes, give way to the next regions drawn from the same seed.
    pub new_regions: bool,
    /// Draw killer cages for the layout, and give no givens ([`crate::killer`]): the
    /// puzzle comes with the cages, and the same seed gives the same cages.
    pub new_cages: bool,
}

impl Options {
    /// Defaults for a shape and seed: default target, no symmetry, no time limit.
    pub fn new(shape: Shape, seed: u64) -> Options {
        Options {
            shape,
            target: None,
            symmetry: Symmetry::None,
            seed,
            budget_ms: None,
            difficulty: None,
            new_regions: false,
            new_cages: false,
        }
    }

    /// Defaults (as [`Options::new`]) for the layout a side, a box shape and variants
    /// name, as `--size`, `--box` and `--variant` do; the side is 9 when neither it nor a
    /// box shape is given. A jigsaw takes any side from 4 to 64 (primes too: its regions
    /// are drawn, [`Options::new_regions`]), and its box shape, when given, only says the
    /// side. Errors: [`RuleErrorKind::BadSize`] and [`RuleErrorKind::BadBox`] for a side or box
    /// shape that does not make a grid; [`RuleErrorKind::BadVariant`] for a variant the layout
    /// cannot take (windoku with jigsaw, X below 4×4).
    pub fn for_layout(
        size: Option<usize>,
        boxes: Option<(usize, usize)>,
        variants: Variants,
        seed: u64,
    ) -> Result<Options, Error> {
        let named = Shape::named(size, boxes);
        let plain = if variants.jigsaw {
            let side = size.or(boxes.map(|(r, c)| r * c)).unwrap_or(9);
            // A side and a box shape given together must agree, even for a jigsaw.
            if size.is_some() && boxes.is_some() {
                named?;
            }
            crate::jigsaw::to_be_drawn(side)?
        } else {
            named?.map_or_else(|| Shape::from_size(9), Ok)?
        };
        if variants.jigsaw && variants.windoku {
            return Err(RuleErrorKind::BadVariant {
                variant: "windoku",
                shape: plain,
                reason: "variant-windoku-jigsaw",
            }
            .into());
        }
        let shape = Variants {
            jigsaw: false,
            killer: false,
            ..variants
        }
        .apply(plain)?;
        Ok(Options {
            new_regions: variants.jigsaw,
            new_cages: variants.killer,
            ..Options::new(shape, seed)
        })
    }
}

/// The time budget of a search for a difficulty level when the caller gives none.
pub const DIFFICULTY_BUDGET_MS: f64 = 10_000.0;

/// The most 9×9 candidates a search with a budget or a difficulty makes (fewer for larger
/// grids, at least 10), so that a caller without a clock ([`Unattended`]) still gets an
/// answer, even for a level a size cannot have.
pub const MAX_CANDIDATES: u32 = 2_000;

/// In a search for Diabolical on a 9×9 X, windoku or jigsaw grid, a candidate whose count
/// to 2 takes the bitboard solver fewer guesses than this is passed over ungraded: grading
/// is nineteen twentieths of a candidate's cost there (15.5 ms against 1 ms to make a
/// minimal 9×9 X), and the count takes microseconds. Measured on minimal puzzles (`sudoku64
/// generate --variant V --count N --seed 1000`, graded by `sudoku64 rate`, guesses by
/// `sudoku64 solve --stats`): 41 of the 47 Diabolical ones of 3,000 X needed 30 guesses or
/// more (18 to 212 in all), against 6% of the others; the one Diabolical jigsaw and
/// windoku of 1,500 each needed 45 and 37, against 2% and 1% of the others; Solo's
/// Diabolical X (`3x3xdu`), 61 to 114. With 15, 25, 30 and 35 (`sudoku64 bench generate
/// --variant x|jigsaw --difficulty diabolical --count 10 --seed 1`), 10 X took 7.3, 4.7,
/// 4.1 and 3.7 s (13.9 s graded in full) and 10 jigsaws 21, 16, 19 and 14 s (44 s). Classic
/// 9×9 and other sides have no such figures, and are graded in full. X takes
/// [`DIABOLICAL_GUESSES_X`].
const DIABOLICAL_GUESSES: u64 = 30;

/// [`DIABOLICAL_GUESSES`] on X (diagonals and boxes, without windows). Since the removal
/// checks went to the bitboard solver a minimal X costs 0.4 ms to make instead of 1, and
/// grading a candidate that will not do weighs more: 40 Diabolical X (`sudoku64 bench
/// generate --variant x --difficulty diabolical --count 40 --seed 7`) took 7.7, 5.1, 5.2
/// and 6.9 s with 30, 50, 60 and 80 (20 from seed 1: 3.9, 2.7 and 2.1 s with 30, 40 and
/// 50). Jigsaws took as long with 30, 40 and 50 (27-29 s for 20: making their candidates
/// is the cost), and windoku reached the level less often with 40 or 50 (13 of 20 against
/// 16: its Diabolical ones need fewer guesses), so they keep 30.
const DIABOLICAL_GUESSES_X: u64 = 50;

/// Whether a search for `level` on grids of this shape passes candidates over by their
/// guesses ([`DIABOLICAL_GUESSES`]).
fn passes_over(shape: Shape, level: Option<Level>) -> bool {
    level == Some(Level::Diabolical)
        && shape.size() == 9
        && !shape.is_classic()
        && bitboard::supports(shape)
}

/// Whether a candidate in a search for Diabolical is passed over ungraded
/// ([`DIABOLICAL_GUESSES`], [`DIABOLICAL_GUESSES_X`]).
fn easier_than_diabolical(puzzle: &Grid) -> bool {
    let shape = puzzle.shape();
    let least = if shape.has_diagonals() && !shape.has_windows() && !shape.is_jigsaw() {
        DIABOLICAL_GUESSES_X
    } else {
        DIABOLICAL_GUESSES
    };
    // With pointing and claiming on every layout, as the guesses above were counted (the
    // solver leaves them out on X, where it is faster without them).
    bitboard::Tables::with_pointing(shape, true)
        .count_up_to(puzzle, 2, u64::MAX)
        .is_ok_and(|counted| counted.stats.guesses < least)
}

/// How many more candidates a search that passes candidates over may make
/// ([`passes_over`]): most cost a tenth of a graded one, and without more, such a search
/// on a 9×9 windoku ended at [`MAX_CANDIDATES`] in 2–3.5 s with fewer puzzles at the level
/// than the 10 s budget had found before (`sudoku64 bench generate --variant windoku
/// --difficulty diabolical --count 10 --seed 1`: 2 or 3 of 10 against 4; with four times
/// the candidates, 8 of 10).
const PASSED_OVER_CANDIDATES: u32 = 4;

/// [`MAX_CANDIDATES`] scaled down by the grid's cells.
fn max_candidates(shape: Shape) -> u32 {
    (MAX_CANDIDATES as usize * 81 / shape.cell_count().max(81)).max(10) as u32
}

/// What a generation is doing, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Making a random full grid.
    Fill,
    /// Removing the clues that propagation alone proves removable, in batches.
    Propagation,
    /// Proving removals one clue (orbit) at a time by exact search.
    Exact,
    /// Grading a candidate, in a search for a difficulty level.
    Grading,
}

impl Stage {
    /// A short lower-case name: `"fill"`, `"propagation"`, `"exact"`, `"grading"`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Fill => "fill",
            Stage::Propagation => "propagation",
            Stage::Exact => "exact",
            Stage::Grading => "grading",
        }
    }
}

/// How far a generation has got: what [`Control::go_on`] receives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The whole generation's share done, from 0 to 1. It never goes back, and reaches 1
    /// once, at the end.
    pub fraction: f64,
    /// What runs now.
    pub stage: Stage,
    /// The candidate puzzle being made, from 1. Only a budget or a difficulty makes more
    /// than one.
    pub candidate: u32,
}

/// The caller's side of a long generation: a clock, and the go-on callback every long
/// piece of work in the engine asks (here told where the work is, so it can report
/// progress). Called every few tens of microseconds of work.
pub trait Control {
    /// Milliseconds on any monotonic clock (for the time budget).
    fn now_ms(&mut self) -> f64;
    /// Whether to go on, told where the work is. Return `false` to cancel.
    fn go_on(&mut self, progress: &Progress) -> bool;
}

/// A control that never stops and has no clock: no budget can run out.
pub struct Unattended;

impl Control for Unattended {
    fn now_ms(&mut self) -> f64 {
        0.0
    }
    fn go_on(&mut self, _: &Progress) -> bool {
        true
    }
}

/// A generated puzzle and how it was reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: exactly one solution, proved.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The seed that regenerates it with the same options (the budget aside; with a
    /// difficulty, the same difficulty: from 25×25 up it changes the default target, and
    /// Easy digs only as far as singles go, off classic 9×9).
    pub seed: u64,
    /// The symmetry of its givens.
    pub symmetry: Symmetry,
    /// The target it was dug towards.
    pub target: Target,
    /// The fraction of cells left empty.
    pub empty_fraction: f64,
    /// True when the target was reached (for `Minimal`: when minimality was proved).
    pub target_reached: bool,
    /// True when no clue (orbit) can be removed: every one was proved necessary.
    pub minimal: bool,
    /// True when the time budget cut the digging of this very puzzle short. That happens
    /// only when no candidate was finished in time; `seed` then regenerates the same full
    /// grid, dug further.
    pub budget_ran_out: bool,
    /// Candidate puzzles made: 1 without a budget or a difficulty (up to
    /// `MINIMAL_CANDIDATES` for a minimal 25×25 or 36×36). With one, the budget
    /// decides how many run; a candidate still running when it ends is dropped, and not
    /// counted.
    pub candidates: u32,
    /// Times the full-grid search was restarted.
    pub restarts: u32,
    /// Exact searches run: removal checks.
    pub exact_checks: u32,
    /// Clues whose removal no exact check decided (0 when minimal): kept because a check
    /// ran out of its contradiction limit, the exact pass out of its allowance, or the
    /// time budget ended the digging.
    pub undecided: u32,
    /// The search for a difficulty level, when one was asked for.
    pub difficulty: Option<LevelSearch>,
}

/// The outcome of a search for a difficulty level.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelSearch {
    /// The level asked for.
    pub wanted: Level,
    /// The puzzle's grade.
    pub rating: Rating,
    /// True when the puzzle has the level asked for.
    pub reached: bool,
    /// True when the time budget ended the search before a puzzle of the level turned up
    /// (false when it reached the level, or its candidate limit).
    pub ran_out: bool,
    /// False when the budget ended the grading itself: the rating is then the grading so
    /// far, and its level a lower bound ([`crate::logic::rate::rate_until`]).
    pub graded_in_full: bool,
}

impl Generated {
    /// One sentence for players: `"64×64, 2,100 clues (49% empty), 180° symmetry,
    /// seed 7"` (the layout named as [`Shape`] displays it: `9×9 jigsaw`, `6×6 (2×3
    /// boxes)`), then what stopped the digging when it fell short of its target, and the
    /// level when one was asked for. Says "minimal" only when that was proved.
    pub fn summary(&self) -> String {
        self.summary_words().english(self.puzzle.shape())
    }

    /// The summary as data ([`crate::logic::Words`]), for a page to word in its reader's
    /// language: the `engine.summary…` messages of `www/locales/*/hints.js`, which
    /// [`Generated::summary`] words in English.
    pub fn summary_words(&self) -> Words {
        let clues = self.puzzle.clue_count();
        let nested = |w: Words| Arg::Words(Box::new(w));
        let mut words = Words::new("summary")
            .with("layout", Arg::Layout)
            .with("clues", Arg::Number(clues as u64))
            // Floored, so that a puzzle never claims a percentage it did not reach.
            .with(
                "empty",
                Arg::Number((self.empty_fraction * 100.0 + 1e-9).floor() as u64),
            )
            .with("symmetry", nested(Words::new(self.symmetry.key())))
            // Text: a 64-bit seed is more than a page's numbers hold exactly.
            .with("seed", Arg::Text(self.seed.to_string()));
        if self.minimal {
            words = words.with("minimal", nested(Words::new("summary-minimal")));
        }
        let by_singles = !self.target_reached
            && !self.budget_ran_out
            && self
                .difficulty
                .as_ref()
                .is_some_and(|d| d.wanted == Level::Easy && d.reached);
        let stop = match self.target {
            _ if self.target_reached => None,
            // An Easy search digs only as far as naked and hidden singles find the clues.
            _ if by_singles => Some(Words::new("summary-by-singles")),
            Target::Empty(f) if self.minimal => Some(
                Words::new("summary-no-clue-can-go")
                    .with("asked", Arg::Number((f * 100.0).round() as u64)),
            ),
            _ if self.budget_ran_out => Some(Words::new("summary-sparse-in-time")),
            _ => Some(Words::new("summary-sparse")),
        };
        if let Some(stop) = stop {
            words = words.with("stop", nested(stop));
        }
        if let Some(search) = &self.difficulty {
            let r = &search.rating;
            let level = nested(if search.graded_in_full {
                Words::new("summary-level")
                    .with("level", nested(Words::new(r.level.key())))
                    .with("score", Arg::Number(u64::from(r.score)))
            } else {
                Words::new("summary-level-at-least")
                    .with("level", nested(Words::new(r.level.key())))
            });
            let grade = if search.reached {
                Words::new("summary-reached").with("level", level)
            } else {
                let closest = Words::new(if search.ran_out {
                    "summary-closest-in-time"
                } else {
                    "summary-closest"
                });
                closest
                    .with("level", level)
                    .with("wanted", nested(Words::new(search.wanted.key())))
                    .with("candidates", Arg::Number(u64::from(self.candidates)))
            };
            words = words.with("grade", nested(grade));
        }
        words
    }

    /// The counts behind the summary, for `--stats` and the API: candidates, restarts,
    /// exact checks and undecided clues.
    pub fn details(&self) -> String {
        format!(
            "{} candidate{}, {} fill restart{}, {} exact check{}, {} clue{} not proved necessary{}",
            self.candidates,
            plural(self.candidates),
            self.restarts,
            plural(self.restarts),
            self.exact_checks,
            plural(self.exact_checks),
            self.undecided,
            plural(self.undecided),
            if self.budget_ran_out {
                ", digging cut short by the time budget"
            } else {
                ""
            }
        )
    }

    /// The level reached, when a difficulty was asked for.
    pub fn rating(&self) -> Option<&Rating> {
        self.difficulty.as_ref().map(|d| &d.rating)
    }

    /// True when a difficulty was asked for and the puzzle has it.
    pub fn difficulty_reached(&self) -> bool {
        self.difficulty.as_ref().is_some_and(|d| d.reached)
    }

    /// False when the budget ended the grading before its end
    /// ([`LevelSearch::graded_in_full`]); true when graded in full, or not graded.
    pub fn graded_in_full(&self) -> bool {
        self.difficulty.as_ref().is_none_or(|d| d.graded_in_full)
    }
}

/// `""` for one, `"s"` otherwise.
fn plural(count: u32) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// Generates a puzzle with exactly one solution.
///
/// Without a budget or a difficulty, one candidate is dug in full: the seed alone decides
/// the puzzle. (A minimal target at 25×25 or 36×36 is the exception: each candidate's
/// exact pass has an allowance of contradictions, and one that runs out gives way to the
/// next seed of a sequence drawn from the seed, with the same or a larger allowance, up to
/// `MINIMAL_CANDIDATES`; the seed alone still decides the puzzle, and it is the seed
/// reported.) With a time budget
/// ([`Options::budget_ms`]), candidates from a sequence of
/// seeds are dug until one reaches the target (with a difficulty: has the level), and the
/// budget decides how many run: a candidate still running when it ends is dropped, and
/// the best finished one is returned, so the result comes within the budget and its seed
/// still regenerates it. Only when no candidate finishes in time is the first one cut
/// short where its digging got to ([`Generated::budget_ran_out`]). With a difficulty, from
/// 36×36 up the digging ends a fifth short of the budget, to leave time
/// to grade; a grading still running at 5% past the budget stops, and a candidate so
/// graded gives way to the best graded in full, or, the first, comes back with the
/// grading so far ([`LevelSearch::graded_in_full`]).
///
/// ```
/// use sudoku64::generate::{generate, Options, Unattended};
/// use sudoku64::{search::count_solutions_up_to, Shape};
/// let options = Options::new(Shape::from_size(9).unwrap(), 42);
/// let made = generate(&options, &mut Unattended).unwrap();
/// assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1);
/// assert!(made.minimal);
/// ```
pub fn generate(options: &Options, control: &mut dyn Control) -> Result<Generated, Error> {
    if options.new_cages {
        return crate::killer::generate(options, control);
    }
    let shape = target_shape(options)?;
    if shape.has_windows() && shape.has_diagonals() && shape.size() > X_WINDOKU_MOST {
        // Named without its diagonals: "X does not fit a 36×36 windoku".
        return Err(RuleErrorKind::BadVariant {
            variant: "x",
            shape: shape.without_extras().with_windows()?,
            reason: "variant-x-windoku-sides",
        }
        .into());
    }
    if options.new_regions && options.symmetry != Symmetry::None {
        return Err(Error::bad_option(
            "symmetry",
            options.symmetry.name(),
            Words::new("allowed-symmetry-jigsaw"),
        ));
    }
    if let Some(why) = options.symmetry.misfit(shape) {
        let fitting: Vec<&str> = Symmetry::fitting(shape).map(Symmetry::name).collect();
        return Err(Error::bad_option(
            "symmetry",
            options.symmetry.name(),
            Words::new("allowed-symmetry-fit")
                .with("why", Arg::Words(Box::new(why)))
                .with("fitting", Arg::Text(fitting.join(", "))),
        ));
    }
    let target = options.target.unwrap_or(match options.difficulty {
        Some(level) => Target::for_level(shape, options.symmetry, level),
        None => Target::default_for(shape, options.symmetry),
    });
    if let Target::Empty(f) = target {
        Target::empty(f)?;
    }
    if let Some(b) = options.budget_ms
        && !(b.is_finite() && b > 0.0)
    {
        return Err(Error::bad_option(
            "time budget",
            decimal(b),
            Words::new("allowed-time-budget"),
        ));
    }
    let budget = match options.difficulty {
        Some(_) => Some(options.budget_ms.unwrap_or(DIFFICULTY_BUDGET_MS)),
        None => options.budget_ms,
    };
    let made = match budget {
        None if minimal_sequence(options.shape, target) => {
            search(options, target, f64::INFINITY, MINIMAL_CANDIDATES, control)?
        }
        None => {
            let mut whole = Share::whole(control);
            dig(
                options,
                target,
                &mut whole,
                None,
                Some(1),
                Digging::default(),
            )?
            .expect("a dig without a deadline finishes")
        }
        Some(budget) => {
            let most = if passes_over(shape, options.difficulty) {
                max_candidates(options.shape) * PASSED_OVER_CANDIDATES
            } else {
                max_candidates(options.shape)
            };
            search(options, target, budget, most, control)?
        }
    };
    control.go_on(&Progress {
        fraction: 1.0,
        stage: if made.difficulty.is_some() {
            Stage::Grading
        } else {
            Stage::Exact
        },
        candidate: made.candidates,
    });
    Ok(made)
}

/// `a`, `a or b`, `a, b or c`.
/// The shape the options' targets and symmetries are judged by: the shape asked for, or
/// with [`Options::new_regions`] a jigsaw of its side (its rows as regions: what matters
/// there is only that it is a jigsaw, and its diagonals if asked).
fn target_shape(options: &Options) -> Result<Shape, Error> {
    let shape = options.shape;
    if !options.new_regions {
        return Ok(shape);
    }
    let n = shape.size();
    if shape.has_windows() {
        return Err(RuleErrorKind::BadVariant {
            variant: "windoku",
            shape,
            reason: "variant-windoku-jigsaw",
        }
        .into());
    }
    if !(JIGSAW_SIDES.contains(&n)) {
        return Err(RuleErrorKind::BadVariant {
            variant: "jigsaw",
            shape,
            reason: "variant-jigsaw-sides",
        }
        .into());
    }
    Ok(with_extras_of(Shape::jigsaw_of_rows(n)?, shape)?)
}

/// `jigsaw` with the diagonals of `like`, if it has them.
fn with_extras_of(jigsaw: Shape, like: Shape) -> Result<Shape, RuleError> {
    if like.has_diagonals() {
        jigsaw.with_diagonals()
    } else {
        Ok(jigsaw)
    }
}

/// The largest side X + windoku puzzles are made for. Their full grids come from the
/// conflict-driven search (see `fill::CONFLICT_DRIVEN_WINDOKU_FROM`): 0.3–0.4 s at
/// 25×25, but 16–51 s at 36×36 (seeds 1–3), and at 49×49 none in five minutes. Windoku
/// alone is built from 36×36 up (`fill::built_windoku_grid`), and X alone fills in a
/// second at 64×64; the construction does not give the diagonals (0 of 200 tries at k = 4
/// to 7), so larger sides are refused rather than left to look like a hang (a puzzle
/// pasted at any side still solves).
pub const X_WINDOKU_MOST: usize = 25;

/// The sides [`Options::new_regions`] draws regions for.
const JIGSAW_SIDES: std::ops::RangeInclusive<usize> = 4..=64;

/// Candidates from the seeds `seed`, then a sequence drawn from it, until one is good
/// enough, `most` were made, or the budget (milliseconds; infinite for none) says stop.
/// The result's seed regenerates its puzzle (the first seed of the sequence is the seed
/// itself). Without a budget (a minimal 25×25 or 36×36, [`MINIMAL_CANDIDATES`]) the
/// candidates' allowances are 1, 1, 2, 4 times the first's, the last has none, and the
/// result's seed is the seed asked for: it replays the whole sequence.
fn search(
    options: &Options,
    target: Target,
    budget: f64,
    most: u32,
    control: &mut dyn Control,
) -> Result<Generated, Error> {
    let start = control.now_ms();
    // With a difficulty, the digging leaves part of the budget to grade the last
    // candidate; the grading itself stops at `grading_end`, inside the budget's 10%.
    let reserve = if options.difficulty.is_some() && options.shape.size() >= GRADING_RESERVE_FROM {
        GRADING_RESERVE
    } else {
        0.0
    };
    let deadline = start + budget * (1.0 - reserve);
    let grading_end = start + budget * GRADING_END;
    // One for the whole search, so that progress never goes back between candidates.
    let mut share = Share {
        outer: control,
        start,
        budget,
        candidate: 0,
        reported: 0.0,
        base: 0.0,
    };
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    // The best so far, and how far from what was asked it is (lower is better).
    let mut best: Option<((u32, bool, usize), Generated)> = None;
    let mut started = 0;
    // Candidates dug to their end (or cut short): the ones dropped at the deadline are
    // not counted.
    let mut finished = 0;
    let mut ran_out = false;
    // The best was turned down as harder than wanted, and not graded yet.
    let mut best_unrated = false;
    while started < most {
        let now = share.outer.now_ms();
        // Start another only when the mean candidate so far would still fit.
        if started > 0 && now + (now - start) / started as f64 > deadline {
            ran_out = true;
            break;
        }
        started += 1;
        let seed = if started == 1 {
            options.seed
        } else {
            fresh_seed(&mut seeds)
        };
        let one = Options {
            seed,
            budget_ms: None,
            difficulty: None,
            ..options.clone()
        };
        let late = if best.is_none() {
            Late::Cut
        } else {
            Late::Drop
        };
        share.candidate = started;
        share.base = share.reported;
        let scale = if budget.is_finite() {
            Some(1)
        } else if started < most {
            // 1, 1, 2, 4, ...: a second grid as cheap as the first, then doubling.
            Some(1u64 << started.saturating_sub(2).min(32))
        } else {
            None
        };
        // From 25×25 up a search for Hard and above digs in a plain random order (see
        // `Target::for_level`); up to 16×16, minimal puzzles in the concentrated order
        // have the harder levels more often (16×16 Expert: 5 of 5 found in 0.8 s, median,
        // against 2 of 5 in 10 s).
        let plain_order = options.shape.size() >= 25
            && options.difficulty.is_some_and(|level| level >= Level::Hard);
        let dug = dig(
            &one,
            target,
            &mut share,
            Some((deadline, late)),
            scale,
            Digging {
                plain_order,
                singles_only: options.difficulty == Some(Level::Easy) && options.target.is_none(),
            },
        )?;
        let Some(mut made) = dug else {
            ran_out = true;
            break;
        };
        finished += 1;
        let cut = made.budget_ran_out;
        let mut distance = 0;
        let mut graded_in_full = true;
        let mut unrated = false;
        if let Some(wanted) = options.difficulty {
            if !share.report(1.0, Stage::Grading) {
                return Err(Cancelled.into());
            }
            let rating;
            // Passed over for Diabolical: ranked after every graded candidate, and graded
            // at the end only if none of those comes (the level is not known).
            let mut passed_over = false;
            // (The puzzle's own shape: a new jigsaw's regions come with each candidate.)
            if passes_over(made.puzzle.shape(), Some(wanted))
                && easier_than_diabolical(&made.puzzle)
            {
                unrated = true;
                passed_over = true;
                graded_in_full = false;
                rating = Rating::default();
            } else if wanted < Level::Diabolical && harder_than(&made.puzzle, wanted) {
                // Harder than wanted, known without running the harder techniques, which
                // on a minimal puzzle cost most of the grading (9×9 X Easy: 54 ms a
                // candidate, against 2 ms to make one). Graded at the end if it is the
                // closest; until then its level is a lower bound.
                unrated = true;
                graded_in_full = false;
                rating = Rating {
                    level: Level::ALL[wanted as usize + 1],
                    ..Rating::default()
                };
            } else {
                (rating, graded_in_full) = grade_within(&made.puzzle, &mut share, grading_end)?;
            }
            if !graded_in_full && !unrated && best.is_some() {
                // A candidate whose grade is not known gives way to one whose grade is.
                finished -= 1;
                ran_out = true;
                break;
            }
            distance = if passed_over {
                Level::ALL.len() as u32
            } else {
                (rating.level as i32 - wanted as i32).unsigned_abs()
            };
            made.difficulty = Some(LevelSearch {
                wanted,
                // A puzzle cut short by the budget is not what the level asked for, even
                // when it grades so (a grid barely dug is Easy); nor is one graded in
                // part, whose level is only a lower bound.
                reached: distance == 0 && !cut && graded_in_full,
                rating,
                ran_out: false,
                graded_in_full,
            });
        }
        let done = made
            .difficulty
            .as_ref()
            .map_or(made.target_reached, |d| d.reached);
        // Closer to the level first, then one that reached what was asked, then sparser.
        let score = (distance, !done, made.puzzle.clue_count());
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, made));
            best_unrated = unrated;
        }
        if done || cut || (!graded_in_full && !unrated) {
            ran_out |= cut || !graded_in_full;
            break;
        }
    }
    let (_, mut made) = best.expect("the first candidate always finishes");
    if best_unrated && let Some(search) = made.difficulty.as_mut() {
        // The closest was turned down unrated: its grade now, within the budget.
        (search.rating, search.graded_in_full) =
            grade_within(&made.puzzle, &mut share, grading_end)?;
    }
    made.candidates = finished;
    if !budget.is_finite() {
        // Not the candidate's own seed: alone, it would have a smaller allowance.
        made.seed = options.seed;
    }
    if let Some(d) = made.difficulty.as_mut() {
        d.ran_out = ran_out && !d.reached;
    }
    Ok(made)
}

/// A candidate's grade, and whether it was graded in full: asked between steps, so a
/// cancel (an error), a caller's time limit or the end of the budget (`grading_end`)
/// stops the grading.
fn grade_within(
    puzzle: &Grid,
    share: &mut Share<'_>,
    grading_end: f64,
) -> Result<(Rating, bool), Error> {
    let mut cancelled = false;
    let graded = rate_until(
        puzzle,
        crate::logic::steps::Techniques::default(),
        &mut || {
            if !share.report(1.0, Stage::Grading) {
                cancelled = true;
                return false;
            }
            share.outer.now_ms() <= grading_end
        },
    )?
    // Every candidate was proved to have one solution before it is graded.
    .unwrap();
    if cancelled {
        return Err(Cancelled.into());
    }
    Ok(graded)
}

/// Maps one candidate's progress into the whole run's: the larger of the time spent and
/// a share of the work that shrinks as candidates go by, never backwards, and short of 1
/// until the end.
struct Share<'a> {
    outer: &'a mut dyn Control,
    start: f64,
    /// Milliseconds; infinite without a budget.
    budget: f64,
    candidate: u32,
    /// The highest fraction reported so far.
    reported: f64,
    /// Without a budget: the fraction reported when this candidate started, from which
    /// its own progress fills the rest.
    base: f64,
}

impl<'a> Share<'a> {
    /// The one candidate of a run without a budget: its own fraction, as it is.
    fn whole(outer: &'a mut dyn Control) -> Share<'a> {
        Share {
            outer,
            start: 0.0,
            budget: f64::INFINITY,
            candidate: 1,
            reported: 0.0,
            base: 0.0,
        }
    }

    /// Reports the candidate's own fraction done at a stage.
    fn report(&mut self, fraction: f64, stage: Stage) -> bool {
        let whole = if self.budget.is_finite() {
            let spent = (self.outer.now_ms() - self.start) / self.budget;
            spent.max(fraction / (self.candidate as f64 + 1.0))
        } else {
            self.base + (1.0 - self.base) * fraction
        };
        self.reported = whole.min(0.99).max(self.reported);
        self.outer.go_on(&Progress {
            fraction: self.reported,
            stage,
            candidate: self.candidate,
        })
    }
}

/// What a candidate does when the deadline passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Late {
    /// Stop digging and return what is proved (the first candidate: there is no other).
    Cut,
    /// Drop the candidate: the search returns an earlier one.
    Drop,
}

/// Why a candidate's work stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Cancelled,
    Late,
}

/// One candidate's line to its caller: progress reports, the cancel and the deadline,
/// shared by the digger and the searches' go-on callbacks.
struct Ticker<'s, 'a> {
    share: RefCell<&'s mut Share<'a>>,
    stage: Cell<Stage>,
    /// The candidate's own share done, from 0 to 1.
    done: Cell<f64>,
    deadline: Option<(f64, Late)>,
    halt: Cell<Option<Halt>>,
}

impl Ticker<'_, '_> {
    /// Reports progress; `false` once the caller cancelled or the deadline passed (the
    /// first candidate's fill always ends: it has nothing to return before).
    fn tick(&self) -> bool {
        if self.halt.get().is_some() {
            return false;
        }
        let mut share = self.share.borrow_mut();
        if !share.report(self.done.get(), self.stage.get()) {
            self.halt.set(Some(Halt::Cancelled));
            return false;
        }
        if let Some((deadline, late)) = self.deadline {
            let must_end = late == Late::Drop || self.stage.get() != Stage::Fill;
            if must_end && share.outer.now_ms() > deadline {
                self.halt.set(Some(Halt::Late));
                return false;
            }
        }
        true
    }

    /// Moves on to `done` (of the candidate) at `stage`, and ticks.
    fn at(&self, stage: Stage, done: f64) -> bool {
        self.stage.set(stage);
        self.done.set(done.clamp(0.0, 1.0));
        self.tick()
    }

    /// `Err(Cancelled)` once the caller cancelled.
    fn check_cancel(&self) -> Result<(), Error> {
        match self.halt.get() {
            Some(Halt::Cancelled) => Err(Cancelled.into()),
            _ => Ok(()),
        }
    }

    /// True once the deadline stopped the candidate's work.
    fn is_late(&self) -> bool {
        self.halt.get() == Some(Halt::Late)
    }
}

/// A seed from a random source, for callers that were not given one. Kept under 2^53 so
/// it survives a trip through a JavaScript number.
pub fn fresh_seed(rng: &mut impl Rng) -> u64 {
    rng.random::<u64>() >> 11
}
