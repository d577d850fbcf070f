//! Grading: a puzzle's level and score, from the steps of the logic solver.
//!
//! The logic solver ([`crate::logic`]) always takes the easiest step available, so the
//! hardest technique it needed is a good measure of the hardest a player needs (a
//! heuristic: another order of steps might avoid it). That technique sets the level:
//!
//! | level | the hardest technique needed |
//! |---|---|
//! | Easy | naked and hidden singles |
//! | Medium | locked candidates (pointing, claiming), naked and hidden pairs |
//! | Hard | naked and hidden triples, X-Wing, Skyscraper, 2-String Kite, XY-Wing, empty rectangle, finned X-Wing, unique rectangles (types 1 to 4), BUG+1 |
//! | Expert | naked and hidden quads, Swordfish, finned Swordfish, Jellyfish, XYZ-Wing, W-Wing |
//! | Extreme | chains: simple colouring, X-chains, XY-chains, AIC, ALS-XZ, ALS-XY-Wing, forcing chains |
//! | Diabolical | forcing nets, or guessing: no technique applies at some point |
//!
//! The score adds up the weight of every step, so among puzzles of one level, longer and
//! harder work scores more (and bigger grids score more than small ones):
//!
//! | technique | weight | technique | weight |
//! |---|---|---|---|
//! | naked single, hidden single | 1 | finned X-Wing | 20 |
//! | pointing, claiming | 4 | unique rectangles (types 1 to 4), BUG+1 | 21 |
//! | naked pair | 6 | Swordfish | 22 |
//! | hidden pair | 8 | finned Swordfish | 23 |
//! | naked triple | 12 | XYZ-Wing | 24 |
//! | hidden triple | 14 | naked quad | 26 |
//! | X-Wing | 15 | W-Wing | 27 |
//! | Skyscraper | 16 | hidden quad | 28 |
//! | 2-String Kite | 17 | Jellyfish | 35 |
//! | XY-Wing | 18 | simple colouring | 40 |
//! | empty rectangle | 19 | X-chain | 50 |
//! | | | XY-chain | 55 |
//! | | | AIC | 58 |
//! | | | ALS-XZ | 60 |
//! | | | ALS-XY-Wing | 65 |
//! | | | forcing chain | 70 |
//! | | | forcing net | 85 |
//! | | | guess | 100 |
//!
//! The solver tries the techniques in this order (by level, then by weight), always
//! taking the first step found.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Verdict};
use crate::grid::{Grid, Shape};
use crate::logic::Technique;
use crate::logic::steps::Logic;

/// A difficulty level, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// Triples, X-Wing, Skyscraper, 2-String Kite, XY-Wing, empty rectangle, finned X-Wing,
    /// unique rectangles, BUG+1.
    Hard,
    /// Quads, Swordfish, finned Swordfish, Jellyfish, XYZ-Wing, W-Wing.
    Expert,
    /// Chains are needed: simple colouring, X-chains, XY-chains, AICs, almost locked sets,
    /// forcing chains.
    Extreme,
    /// Forcing nets (chains inside chains) or guessing are needed.
    Diabolical,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::Diabolical,
    ];

    /// Its name: `"Easy"`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Extreme => "Extreme",
            Level::Diabolical => "Diabolical",
        }
    }

    /// The level's key in the message catalogs (`engine.level-easy`), which
    /// [`Level::name`] is the English of.
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "level-easy",
            Level::Medium => "level-medium",
            Level::Hard => "level-hard",
            Level::Expert => "level-expert",
            Level::Extreme => "level-extreme",
            Level::Diabolical => "level-diabolical",
        }
    }

    /// A short stable name for programs: `"easy"`.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Diabolical => "diabolical",
        }
    }

    /// The level a technique belongs to.
    pub fn of(technique: Technique) -> Level {
        use Technique::*;
        match technique {
            NakedSingle | HiddenSingle | CageCombination => Level::Easy,
            Pointing | Claiming | NakedPair | HiddenPair | InniesAndOuties | CageLockedDigits
            | CageHiddenDigit => Level::Medium,
            NakedTriple | HiddenTriple | XWing | Skyscraper | TwoStringKite | XyWing
            | EmptyRectangle | FinnedXWing | UniqueRectangle | UniqueRectangle2
            | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne => Level::Hard,
            CageClash | NakedQuad | HiddenQuad | Swordfish | FinnedSwordfish | Jellyfish
            | XyzWing | WWing => Level::Expert,
            SimpleColouring | XChain | XyChain | Aic | AlsXz | AlsXyWing | ForcingChain => {
                Level::Extreme
            }
            ForcingNet | Guess => Level::Diabolical,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = Error;

    /// Reads a level's name or id, in any case.
    fn from_str(s: &str) -> Result<Level, Error> {
        Level::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::bad_option("level", s, crate::logic::Words::new("allowed-level")))
    }
}

/// A technique's weight in the score (see the module docs).
pub fn weight(technique: Technique) -> u32 {
    use Technique::*;
    match technique {
        NakedSingle | HiddenSingle => 1,
        CageCombination => 2,
        InniesAndOuties => 5,
        CageLockedDigits => 4,
        CageHiddenDigit => 5,
        Pointing | Claiming => 4,
        NakedPair => 6,
        HiddenPair => 8,
        NakedTriple => 12,
        HiddenTriple => 14,
        XWing => 15,
        Skyscraper => 16,
        TwoStringKite => 17,
        XyWing => 18,
        EmptyRectangle => 19,
        FinnedXWing => 20,
        UniqueRectangle | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne => 21,
        CageClash | Swordfish => 22,
        FinnedSwordfish => 23,
        XyzWing => 24,
        NakedQuad => 26,
        WWing => 27,
        HiddenQuad => 28,
        Jellyfish => 35,
        SimpleColouring => 40,
        XChain => 50,
        XyChain => 55,
        Aic => 58,
        AlsXz => 60,
        AlsXyWing => 65,
        ForcingChain => 70,
        ForcingNet => 85,
        Guess => 100,
    }
}

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The level: that of the hardest technique needed.
    pub level: Level,
    /// The sum of the weights of every step.
    pub score: u32,
    /// The hardest technique needed (the last in [`Technique::ALL`] order).
    pub hardest: Technique,
    /// Steps to the solution.
    pub steps: usize,
    /// Guess steps among them.
    pub guesses: usize,
    /// How many steps used each technique, indexed like [`Technique::ALL`].
    pub counts: [u32; Technique::ALL.len()],
}

impl Default for Rating {
    /// No step yet: Easy, score 0.
    fn default() -> Rating {
        Rating {
            level: Level::Easy,
            score: 0,
            hardest: Technique::NakedSingle,
            steps: 0,
            guesses: 0,
            counts: [0; Technique::ALL.len()],
        }
    }
}

impl Rating {
    /// How many steps used a technique.
    pub fn count(&self, technique: Technique) -> u32 {
        self.counts[technique as usize]
    }
}

/// Grades a puzzle with one solution; one with none or several has that verdict, as in
/// [`crate::logic::steps::hint`]. Errors: a clash.
///
/// ```
/// use sudoku64::{logic::rate::{rate, Level}, parse};
/// let grid = parse::parse("1.34341221434.21").unwrap();
/// let rating = rate(&grid).unwrap().unwrap();
/// assert_eq!(rating.level, Level::Easy);
/// assert_eq!((rating.score, rating.steps), (2, 2));
/// ```
pub fn rate(grid: &Grid) -> Result<Verdict<Rating>, Error> {
    rate_with(
        grid,
        crate::logic::steps::Techniques::default(),
        &mut || true,
    )
}

/// [`rate`] with a choice of techniques ([`crate::logic::steps::Techniques`]: without the
/// uniqueness techniques a puzzle may grade harder), asking `go_on` between steps and
/// during the exact search: when it says no, the grading ends with
/// [`crate::error::Cancelled`].
pub fn rate_with(
    grid: &Grid,
    options: crate::logic::steps::Techniques,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Verdict<Rating>, Error> {
    match rate_until(grid, options, go_on)? {
        Verdict::Unique((rating, true)) => Ok(Verdict::Unique(rating)),
        Verdict::Unique((_, false)) => Err(crate::Cancelled.into()),
        Verdict::Unsolvable(why) => Ok(Verdict::Unsolvable(why)),
    }
}

/// True when the techniques of `level` and the easier levels do not solve the puzzle, so
/// that it grades harder than `level`; the puzzle must have one solution (the uniqueness
/// techniques take it so). Much cheaper than [`rate`] on a puzzle that needs a hard step:
/// the techniques above `level` never run. The generator's level search turns down such
/// candidates with it before grading them.
///
/// ```
/// use sudoku64::{logic::rate::{harder_than, Level}, parse};
/// let easy = parse::parse("1.34341221434.21").unwrap();
/// assert!(!harder_than(&easy, Level::Easy));
/// ```
pub fn harder_than(grid: &Grid, level: Level) -> bool {
    board_harder_than(crate::logic::Board::new(grid), level)
}

/// [`harder_than`] for the empty grid of `shape` (which has no cages) with these killer
/// cages, which it borrows: a killer generator's level checks try set after set, and a
/// shape with cages would keep each one for good ([`crate::grid::Shape::with_cages`]).
pub(crate) fn killer_harder_than(shape: Shape, cages: &crate::cages::Cages, level: Level) -> bool {
    board_harder_than(
        crate::logic::Board::with_cages(&Grid::empty(shape.without_cages()), cages),
        level,
    )
}

fn board_harder_than(mut board: crate::logic::Board<'_>, level: Level) -> bool {
    board.one_solution = true;
    board.allowed = Technique::ALL
        .iter()
        .filter(|&&t| t != Technique::Guess && Level::of(t) <= level)
        .fold(0, |mask, &t| mask | 1 << (t as usize));
    board.run_logic(|_| true);
    board.open > 0
}

/// [`rate_with`], but when `go_on` says no the grading so far comes back instead of an
/// error, with `false`: its level is then the hardest technique needed so far, a lower
/// bound of the puzzle's level (and its score the steps' so far). `true` when graded in
/// full. The generator's level search grades with it, so that a candidate's grading
/// ends with the time budget.
pub fn rate_until(
    grid: &Grid,
    options: crate::logic::steps::Techniques,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Verdict<(Rating, bool)>, Error> {
    let mut rating = Rating::default();
    // Stopped while it proves the solution unique: nothing is graded yet.
    let mut logic = match Logic::with_options(grid, options, go_on) {
        Ok(Verdict::Unique(logic)) => logic,
        Ok(Verdict::Unsolvable(why)) => return Ok(Verdict::Unsolvable(why)),
        Err(e) if e.is_cancelled() => return Ok(Verdict::Unique((rating, false))),
        Err(e) => return Err(e),
    };
    while let Some(step) = logic.next_step() {
        let t = step.technique;
        rating.steps += 1;
        rating.score += weight(t);
        rating.counts[t as usize] += 1;
        if t == Technique::Guess {
            rating.guesses += 1;
        }
        if t > rating.hardest {
            rating.hardest = t;
        }
        if !go_on() {
            rating.level = Level::of(rating.hardest);
            // Told to stop after the last step, it is graded in full all the same.
            let whole = logic.grid().is_full();
            return Ok(Verdict::Unique((rating, whole)));
        }
    }
    rating.level = Level::of(rating.hardest);
    Ok(Verdict::Unique((rating, true)))
}
