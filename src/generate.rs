//! The generator: random puzzles with exactly one solution, from 1×1 to 64×64,
//! the same for the same seed on every machine.
//!
//! Two steps:
//!
//! 1. **A random full grid.** The diagonal boxes get random permutations (they never
//!    interact), then the exact solver completes the grid trying candidates in a random
//!    order. A node limit restarts an unlucky search with a new seed and a doubled limit,
//!    so filling never hangs. This reaches every grid, not a relabelled pattern.
//! 2. **Digging.** Clues are removed in a random order (whole symmetry orbits at once),
//!    and every removal is proved to keep exactly one solution:
//!    - in batches: remove many orbits, then propagate from the givens alone; if
//!      propagation (singles and locked candidates, which only make forced moves) fills
//!      the whole grid, the solution is unique. A batch that fails is halved and retried.
//!    - one orbit at a time once propagation alone is not enough: a clue `v` at cell `c`
//!      can go iff no solution of the remaining givens has `c ≠ v`, which the exact
//!      solver decides by searching for one. The searches run in rounds of growing node
//!      limits; one that stalls is retried in a random order, and for a minimal target
//!      up to 16×16 the last undecided ones run after the logic solver's techniques (see
//!      [`crate::logic::reduced_masks`]). Up to 25×25, whatever is still undecided when
//!      the puzzle is to end minimal (asked for, or the fraction asked for was not
//!      reached) goes to the conflict-driven search ([`crate::cdcl`]), which decides
//!      checks that take the depth-first search millions of nodes. A clue still
//!      undecided stays, and is counted in [`Generated::undecided`].
//!
//!    A clue that cannot go now can never go later (fewer givens only allow more
//!    solutions), so one pass over all orbits gives a minimal puzzle.
//!
//! 3. **A difficulty (optional).** Puzzles from a sequence of seeds are graded
//!    ([`crate::grade`]) until one has the level asked for, or the time budget runs out.
//!
//! Time never changes the result for a given seed: searches are bounded by node counts,
//! and only the caller's time budget (which stops digging early and says so) or a
//! cancel can cut a run short.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::{Error, ErrorKind};
use crate::grade::{Level, Rating, rate};
use crate::grid::{Grid, Shape};
use crate::search::cdcl::{Budget, Cdcl};
use crate::search::{DepthFirst as Solver, Next};
use crate::transform::permutation;

/// Which cells must be removed together, so the pattern of givens keeps a symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn rotation: cell (r, c) goes with (n-1-r, n-1-c).
    Rot180,
    /// Quarter-turn rotation: the four rotations of a cell go together.
    Rot90,
    /// Left–right mirror: (r, c) goes with (r, n-1-c).
    Mirror,
    /// Main diagonal: (r, c) goes with (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name used on the command line and in the browser API.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cells that go with `cell` (itself included), sorted, without repeats.
    pub fn orbit(self, shape: Shape, cell: usize) -> Vec<usize> {
        let n = shape.size();
        let (r, c) = (shape.row(cell), shape.column(cell));
        let mut cells = match self {
            Symmetry::None => vec![cell],
            Symmetry::Rot180 => vec![cell, shape.cell(n - 1 - r, n - 1 - c)],
            Symmetry::Rot90 => vec![
                cell,
                shape.cell(c, n - 1 - r),
                shape.cell(n - 1 - r, n - 1 - c),
                shape.cell(n - 1 - c, r),
            ],
            Symmetry::Mirror => vec![cell, shape.cell(r, n - 1 - c)],
            Symmetry::Diagonal => vec![cell, shape.cell(c, r)],
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Every orbit of the grid, each listed once, in cell order.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cells()];
        let mut orbits = Vec::new();
        for cell in 0..shape.cells() {
            if !seen[cell] {
                let orbit = self.orbit(shape, cell);
                for &c in &orbit {
                    seen[c] = true;
                }
                orbits.push(orbit);
            }
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = Error;

    fn from_str(s: &str) -> Result<Symmetry, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "" => Ok(Symmetry::None),
            "rot180" | "180" | "rotational" | "central" => Ok(Symmetry::Rot180),
            "rot90" | "90" => Ok(Symmetry::Rot90),
            "mirror" | "horizontal" => Ok(Symmetry::Mirror),
            "diagonal" | "diag" => Ok(Symmetry::Diagonal),
            _ => Err(Error::bad_option(
                "symmetry",
                s,
                "one of none, rot180, rot90, mirror, diagonal",
            )),
        }
    }
}

/// How far to dig.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// Until no clue can be removed.
    Minimal,
    /// Until at least this fraction of cells is empty (or the puzzle is minimal first).
    Empty(f64),
}

impl Target {
    /// The default for a shape: minimal up to 16×16; from 25×25 up, the fraction of empty
    /// cells that minimal puzzles of that size reach or that stays fast to prove.
    pub fn default_for(shape: Shape) -> Target {
        match shape.size() {
            25 => Target::Empty(0.57),
            36 => Target::Empty(0.53),
            49 => Target::Empty(0.49),
            64 => Target::Empty(0.45),
            _ => Target::Minimal,
        }
    }

    /// A fraction target, checked: `0 <= fraction < 1`.
    pub fn empty(fraction: f64) -> Result<Target, Error> {
        if (0.0..1.0).contains(&fraction) {
            Ok(Target::Empty(fraction))
        } else {
            Err(Error::bad_option(
                "empty fraction",
                fraction,
                "a fraction of empty cells from 0 up to (not including) 1",
            ))
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The grid's shape.
    pub shape: Shape,
    /// How far to dig; `None` for [`Target::default_for`] the shape.
    pub target: Option<Target>,
    /// Which cells go together.
    pub symmetry: Symmetry,
    /// The seed: the same seed and options give the same puzzle everywhere.
    pub seed: u64,
    /// Stop digging after this many milliseconds (by the caller's clock) and return what
    /// is proved so far. `None`: no limit. With a difficulty, it is the search's budget
    /// instead ([`DIFFICULTY_BUDGET_MS`] by default): checked between puzzles, so one
    /// puzzle may overrun it, and every puzzle is dug in full.
    pub budget_ms: Option<f64>,
    /// A difficulty level to search for: puzzles are made from a sequence of seeds and
    /// graded ([`crate::grade`]) until one has this level, or the time budget runs out
    /// (the closest level found is returned then). `None`: no grading.
    pub difficulty: Option<Level>,
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
        }
    }
}

/// The time budget of a search for a difficulty level when the caller gives none.
pub const DIFFICULTY_BUDGET_MS: f64 = 10_000.0;

/// The most 9×9 puzzles a search for a difficulty level makes (fewer for larger grids,
/// at least 10), so that a caller without a clock ([`Unattended`]) still gets an
/// answer, even for a level a size cannot have.
pub const DIFFICULTY_MAX_TRIES: u32 = 2_000;

/// [`DIFFICULTY_MAX_TRIES`] scaled down by the grid's cells.
fn max_tries(shape: Shape) -> u32 {
    (DIFFICULTY_MAX_TRIES as usize * 81 / shape.cells().max(81)).max(10) as u32
}

/// The caller's side of a long generation: a clock, and a progress report that can stop
/// the work. Called every few tens of microseconds of work.
pub trait Control {
    /// Milliseconds on any monotonic clock (for the time budget).
    fn now_ms(&mut self) -> f64;
    /// Progress from 0 to 1. Return `false` to cancel.
    fn progress(&mut self, fraction: f64) -> bool;
}

/// A control that never stops and has no clock: no budget can run out.
pub struct Unattended;

impl Control for Unattended {
    fn now_ms(&mut self) -> f64 {
        0.0
    }
    fn progress(&mut self, _: f64) -> bool {
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
    /// The seed that regenerates it (with the same options).
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
    /// True when the time budget stopped the digging early.
    pub budget_ran_out: bool,
    /// Times the full-grid search was restarted.
    pub restarts: u32,
    /// Exact searches run to prove removals.
    pub exact_checks: u32,
    /// Clues whose removal no exact check decided (0 when minimal): kept because a check
    /// ran out of its limit, the time budget ended the digging, or (from 36×36 up,
    /// towards a fraction) only propagation was tried.
    pub undecided: u32,
    /// The grade, when a difficulty was asked for.
    pub rating: Option<Rating>,
    /// With a difficulty: true when the puzzle has that level.
    pub difficulty_reached: bool,
    /// The level asked for, if any.
    pub difficulty: Option<Level>,
    /// With a difficulty: puzzles made and graded in the search.
    pub tries: u32,
    /// With a difficulty: true when the search's time budget ended it before a puzzle of
    /// the level turned up (false when it reached the level, or its try limit).
    pub search_ran_out: bool,
}

impl Generated {
    fn not_proved_necessary(&self) -> String {
        let u = self.undecided;
        format!(
            "{u} clue{} not proved necessary",
            if u == 1 { "" } else { "s" }
        )
    }

    /// One sentence on what was reached, for people.
    pub fn summary(&self) -> String {
        let pct = self.empty_fraction * 100.0;
        let what = match (self.target, self.target_reached) {
            (Target::Minimal, true) => "minimal".to_string(),
            (Target::Empty(f), true) => format!("target {:.0}% reached", f * 100.0),
            (Target::Empty(f), false) if self.minimal => {
                format!("minimal before the {:.0}% target", f * 100.0)
            }
            (Target::Empty(f), false) => format!(
                "short of the {:.0}% target; {}",
                f * 100.0,
                self.not_proved_necessary()
            ),
            (Target::Minimal, false) => {
                format!("not proved minimal: {}", self.not_proved_necessary())
            }
        };
        let budget = if self.budget_ran_out {
            "; the time budget ran out"
        } else {
            ""
        };
        let level = match (&self.rating, self.difficulty) {
            (Some(r), _) if self.difficulty_reached => {
                format!(", {} (score {})", r.level, r.score)
            }
            (Some(r), Some(wanted)) => format!(
                ", {} (score {}): the closest to {wanted} in {} puzzle{}{}",
                r.level,
                r.score,
                self.tries,
                if self.tries == 1 { "" } else { "s" },
                if self.search_ran_out {
                    ", when the search's time budget ran out"
                } else {
                    ""
                }
            ),
            _ => String::new(),
        };
        format!(
            "{} clues, {pct:.1}% empty ({what}{budget}){level}",
            self.puzzle.clue_count()
        )
    }
}

/// The largest node limit of one depth-first check up to 16×16 (a total, scaled by the
/// grid's cells). The hardest proofs there take some 50,000 nodes. A check that needs
/// more goes to the conflict-driven search when the puzzle is to be minimal.
fn check_node_limit(shape: Shape) -> u64 {
    256 * shape.cells() as u64
}

/// The rounds of depth-first checks: `(node limit, logic first)`. Limits grow 16-fold
/// from 16, so the cheap decisions come first. For a minimal target up to 16×16, the
/// checks still undecided at 4,096 nodes are tried again with the logic solver's
/// techniques first (dearer per check, but a proof of tens of thousands of nodes then
/// takes a few), before the largest limit, and once more after it. From 25×25 up, the
/// rounds stop at [`LARGE_GRID_NODE_LIMIT`]: what they leave goes to the
/// conflict-driven search ([`crate::cdcl`]) when the puzzle is to be minimal.
fn check_rounds(shape: Shape, target: Target) -> Vec<(u64, bool)> {
    if shape.size() >= 25 {
        return vec![(16, false), (LARGE_GRID_NODE_LIMIT, false)];
    }
    let max = check_node_limit(shape);
    let mut rounds = Vec::new();
    let mut limit = 16u64;
    loop {
        let limit_now = limit.min(max);
        rounds.push((limit_now, false));
        if target == Target::Minimal && (limit_now == 4096 || (limit_now == max && max < 4096)) {
            rounds.push((limit_now, true));
        }
        if limit_now == max {
            break;
        }
        limit *= 16;
    }
    if target == Target::Minimal && max > 4096 {
        rounds.push((max, true));
    }
    rounds
}

/// Node limit of the depth-first checks from 25×25 up. There the depth-first search's
/// hard cases (a second solution that differs from ours in a hundred cells or more) take
/// it millions of nodes where the conflict-driven search needs a few thousand
/// contradictions, so it only gets the cheap decisions.
const LARGE_GRID_NODE_LIMIT: u64 = 256;

/// Contradictions one conflict-driven check may meet before its clue is kept undecided.
/// At 25×25 the hardest checks seen take some 40,000 (about 2 s).
const CDCL_CONFLICT_LIMIT: u64 = 50_000;

/// The largest grid side whose leftover checks go to the conflict-driven search. From
/// 36×36 up most of them are out of reach: with a symmetry, nine in ten checks of a
/// 36×36 puzzle still open after 50,000 contradictions (some 4 s each), and a removable
/// orbit there took an established SAT solver 480,000 contradictions (34 s) to prove.
const CDCL_MAX_SIZE: usize = 25;

/// From 36×36 up, how many random removal orders the propagation pass tries before it
/// settles for the best it reached.
const PASS1_ATTEMPTS: usize = 6;

/// Generates a puzzle with exactly one solution.
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
    match options.difficulty {
        None => generate_one(options, control),
        Some(level) => generate_graded(options, level, control),
    }
}

/// A search for a difficulty level: the seeds `seed`, then a sequence drawn from it, each
/// generated and graded, until one has the level or the budget runs out. The result's
/// seed alone regenerates its puzzle (the first seed of the sequence is the seed itself).
fn generate_graded(
    options: &Options,
    wanted: Level,
    control: &mut dyn Control,
) -> Result<Generated, Error> {
    let start = control.now_ms();
    let budget = options.budget_ms.unwrap_or(DIFFICULTY_BUDGET_MS);
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut best: Option<(u32, Generated)> = None;
    let mut reported = 0.0;
    let mut tries = 0;
    let mut out_of_time = false;
    while tries < max_tries(options.shape) {
        tries += 1;
        let seed = if tries == 1 {
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
        // Progress is the larger of the time spent and this try's share of it.
        let mut inner = Graded {
            outer: &mut *control,
            start,
            budget,
            tries,
            reported: &mut reported,
        };
        let mut made = generate_one(&one, &mut inner)?;
        let rating = rate(&made.puzzle)?;
        let distance = (rating.level as i32 - wanted as i32).unsigned_abs();
        made.difficulty_reached = distance == 0;
        made.rating = Some(rating);
        out_of_time = control.now_ms() - start > budget;
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, made));
        }
        if distance == 0 || out_of_time {
            break;
        }
    }
    let (_, mut made) = best.expect("at least one try ran");
    made.difficulty = Some(wanted);
    made.tries = tries;
    made.search_ran_out = out_of_time && !made.difficulty_reached;
    control.progress(1.0);
    Ok(made)
}

/// The control seen by one try of a difficulty search.
struct Graded<'a> {
    outer: &'a mut dyn Control,
    start: f64,
    budget: f64,
    tries: u32,
    /// The highest fraction reported so far: progress never goes back between tries.
    reported: &'a mut f64,
}

impl Control for Graded<'_> {
    fn now_ms(&mut self) -> f64 {
        self.outer.now_ms()
    }
    fn progress(&mut self, fraction: f64) -> bool {
        let spent = (self.outer.now_ms() - self.start) / self.budget;
        let share = fraction / (self.tries as f64 + 1.0);
        *self.reported = spent.max(share).min(0.99).max(*self.reported);
        self.outer.progress(*self.reported)
    }
}

/// One puzzle, dug as `options` say (their difficulty is ignored).
fn generate_one(options: &Options, control: &mut dyn Control) -> Result<Generated, Error> {
    let shape = options.shape;
    let target = options.target.unwrap_or(Target::default_for(shape));
    if let Target::Empty(f) = target {
        Target::empty(f)?;
    }
    let control = RefCell::new(control);
    let start = control.borrow_mut().now_ms();
    // Shared with the solver's hook: the fraction to report while a search runs.
    let fraction = std::cell::Cell::new(0.0);
    let cancelled = std::cell::Cell::new(false);
    let mut solver = Solver::new(shape);
    solver.set_hook(Some(Box::new(|_| {
        let go_on = control.borrow_mut().progress(fraction.get());
        if !go_on {
            cancelled.set(true);
        }
        go_on
    })));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);

    let (solution, restarts) = random_full_grid(&mut solver, &mut rng, &cancelled)?;
    fraction.set(0.1);
    if !control.borrow_mut().progress(0.1) {
        return Err(ErrorKind::Cancelled.into());
    }

    // Dig.
    let cells = shape.cells();
    let all_orbits = options.symmetry.orbits(shape);
    let wanted_empty = match target {
        Target::Minimal => cells,
        Target::Empty(f) => ((f * cells as f64).ceil() as usize).min(cells),
    };
    let mut exact_checks = 0u32;
    let mut budget_ran_out = false;
    let mut masks: Vec<u64> = vec![0u64; cells];
    let report = |done: f64, fraction: &std::cell::Cell<f64>| -> Result<bool, Error> {
        fraction.set(0.1 + 0.9 * done.min(1.0));
        if !control.borrow_mut().progress(fraction.get()) {
            return Err(ErrorKind::Cancelled.into());
        }
        Ok(options
            .budget_ms
            .is_some_and(|b| control.borrow_mut().now_ms() - start > b))
    };
    // Propagation alone reaches a fraction target most of the time; a pass that falls
    // short is tried again in a new random order (more often on large grids, where each
    // exact check is dearer) before the exact checks run.
    let attempts = match target {
        Target::Minimal => 1,
        Target::Empty(_) if shape.size() <= 25 => 3,
        Target::Empty(_) => PASS1_ATTEMPTS,
    };

    // From 36×36 up a fraction target stops after propagation: the exact checks there
    // cost seconds for a clue or two.
    let exact_pass = target == Target::Minimal || shape.size() <= CDCL_MAX_SIZE;
    // The share of the progress bar pass 1 takes: all of it when it is the only pass.
    let pass1_share = if exact_pass { 0.5 } else { 1.0 };

    // Pass 1: batches proved by propagation alone.
    let mut best: Option<Dug> = None;
    for attempt in 0..attempts {
        let order = permutation(all_orbits.len(), &mut rng);
        let orbits: Vec<Vec<usize>> = order.into_iter().map(|i| all_orbits[i].clone()).collect();
        let mut puzzle = solution.clone();
        let mut empty = 0usize;
        let mut batch = (orbits.len() / 16).max(1);
        // Orbits that propagation alone could not remove, for the exact pass.
        let mut kept: Vec<usize> = Vec::new();
        let mut i = 0usize;
        while i < orbits.len() && empty < wanted_empty {
            let done = pass1_share
                * match target {
                    Target::Minimal => i as f64 / orbits.len() as f64,
                    Target::Empty(_) => {
                        (attempt as f64 + empty as f64 / wanted_empty as f64) / attempts as f64
                    }
                };
            if report(done, &fraction)? {
                budget_ran_out = true;
                break;
            }
            // Take as many orbits as the batch allows, without digging past the target by
            // more than one orbit.
            let mut take = 0;
            let mut taken_cells = 0;
            while i + take < orbits.len() && take < batch && empty + taken_cells < wanted_empty {
                taken_cells += orbits[i + take].len();
                take += 1;
            }
            set_orbits(&mut puzzle, &orbits[i..i + take], None);
            solver.load(&puzzle);
            let proved = solver.propagate_only() && solver.is_solved();
            if cancelled.get() {
                return Err(ErrorKind::Cancelled.into());
            }
            if proved {
                empty += taken_cells;
                i += take;
                batch = (batch * 2).min(orbits.len());
            } else {
                set_orbits(&mut puzzle, &orbits[i..i + take], Some(&solution));
                if take > 1 {
                    batch = take / 2;
                } else {
                    kept.push(i);
                    i += 1;
                }
            }
        }
        if best.as_ref().is_none_or(|b| empty > b.empty) {
            best = Some(Dug {
                puzzle,
                orbits,
                empty,
                kept,
                tried: i,
            });
        }
        if empty >= wanted_empty || budget_ran_out {
            break;
        }
    }
    let Dug {
        mut puzzle,
        orbits,
        mut empty,
        kept,
        tried: i,
    } = best.expect("at least one attempt ran");
    // Progress through pass 2 (the second half of the bar): orbits decided. Towards a
    // fraction it jumps to the end when the fraction is reached; one out of reach ends
    // with every orbit decided.
    let done = |decided: usize, total: usize| 0.5 + 0.5 * decided as f64 / total as f64;

    // Pass 2: one orbit at a time, by exact search for a solution that differs from ours
    // in one of its cells. The depth-first search tries our solution's symbols first.
    // Node limits grow round by round, so the cheap decisions come first: a puzzle a few
    // clues short of its target rarely needs an expensive search. What those rounds
    // leave undecided goes to the conflict-driven search (up to 25×25, with a budget of
    // contradictions that decides nearly every check there) whenever the puzzle is to
    // end minimal: asked for, or the fraction was not reached.
    solver.set_preferred(Some(&solution));
    let mut pending = kept;
    let total_pending = pending.len().max(1);
    let mut decided = 0usize;
    let mut rounds: Vec<Round> = check_rounds(shape, target)
        .into_iter()
        .map(|(limit, logic)| Round::DepthFirst { limit, logic })
        .collect();
    if shape.size() <= CDCL_MAX_SIZE {
        rounds.push(Round::ConflictDriven);
    }
    let mut cdcl: Option<Cdcl> = None;
    let out_of_time = std::cell::Cell::new(false);
    for round in rounds {
        if !exact_pass || pending.is_empty() || empty >= wanted_empty || budget_ran_out {
            break;
        }
        let mut unknown = Vec::new();
        for (at, &o) in pending.iter().enumerate() {
            if empty >= wanted_empty {
                unknown.extend_from_slice(&pending[at..]);
                break;
            }
            if report(done(decided, total_pending), &fraction)? {
                budget_ran_out = true;
                unknown.extend_from_slice(&pending[at..]);
                break;
            }
            let orbit = &orbits[o];
            set_orbits(&mut puzzle, std::slice::from_ref(orbit), None);
            let verdict = match round {
                Round::DepthFirst { limit, logic } => {
                    solver.set_node_limit(limit);
                    let mut check = |solver: &mut Solver<'_>| {
                        exact_removal_check(
                            solver,
                            &puzzle,
                            &solution,
                            orbit,
                            &mut masks,
                            &mut exact_checks,
                            logic,
                        )
                    };
                    let mut verdict = check(&mut solver);
                    if verdict == Next::Stopped && !cancelled.get() {
                        // Searches for a second solution have heavy tails: one that ran
                        // long in the solution's own order often ends at once in a
                        // random order. (A proof that none exists costs the same in any
                        // order.)
                        solver.set_preferred(None);
                        solver.set_random_order(Some(rng.random::<u64>()));
                        verdict = check(&mut solver);
                        solver.set_random_order(None);
                        solver.set_preferred(Some(&solution));
                    }
                    verdict
                }
                Round::ConflictDriven => {
                    let cdcl = cdcl.get_or_insert_with(|| Cdcl::new(shape));
                    let mut go_on = || {
                        let mut control = control.borrow_mut();
                        if !control.progress(fraction.get()) {
                            cancelled.set(true);
                            return false;
                        }
                        let over = options
                            .budget_ms
                            .is_some_and(|b| control.now_ms() - start > b);
                        out_of_time.set(over);
                        !over
                    };
                    cdcl_removal_check(
                        cdcl,
                        &puzzle,
                        &solution,
                        orbit,
                        &mut masks,
                        &mut exact_checks,
                        &mut go_on,
                    )
                }
            };
            if cancelled.get() {
                return Err(ErrorKind::Cancelled.into());
            }
            match verdict {
                Next::Exhausted => {
                    empty += orbit.len();
                    decided += 1;
                }
                Next::Solution => {
                    set_orbits(&mut puzzle, std::slice::from_ref(orbit), Some(&solution));
                    decided += 1;
                }
                Next::Stopped => {
                    set_orbits(&mut puzzle, std::slice::from_ref(orbit), Some(&solution));
                    unknown.push(o);
                    if out_of_time.get() {
                        budget_ran_out = true;
                        unknown.extend_from_slice(&pending[at + 1..]);
                        break;
                    }
                }
            }
        }
        pending = unknown;
    }
    let undecided = pending
        .iter()
        .map(|&o| orbits[o].len())
        .chain(orbits[i..].iter().map(Vec::len))
        .sum::<usize>();
    let minimal = undecided == 0 && !budget_ran_out;
    let target_reached = match target {
        Target::Minimal => minimal,
        Target::Empty(_) => empty >= wanted_empty,
    };
    control.borrow_mut().progress(1.0);
    Ok(Generated {
        empty_fraction: empty as f64 / cells as f64,
        puzzle,
        solution,
        seed: options.seed,
        symmetry: options.symmetry,
        target,
        target_reached,
        minimal,
        budget_ran_out,
        restarts,
        exact_checks,
        undecided: undecided as u32,
        rating: None,
        difficulty_reached: false,
        difficulty: None,
        tries: 1,
        search_ran_out: false,
    })
}

/// One round of pass 2's exact checks.
#[derive(Clone, Copy, Debug)]
enum Round {
    /// The depth-first solver, stopped after `limit` nodes; with `logic`, the logic
    /// solver's techniques shrink the candidates first.
    DepthFirst { limit: u64, logic: bool },
    /// The conflict-driven search ([`crate::cdcl`]), run until it decides.
    ConflictDriven,
}

/// Where a propagation pass got to.
struct Dug {
    puzzle: Grid,
    /// The orbits in the order this pass tried them.
    orbits: Vec<Vec<usize>>,
    /// Empty cells reached.
    empty: usize,
    /// Indices (into `orbits`) of the orbits propagation could not remove.
    kept: Vec<usize>,
    /// How many orbits the pass went through.
    tried: usize,
}

/// Decides whether the orbit's cells, already cleared from `puzzle`, can stay empty:
/// `Exhausted` when no solution differs from `solution` in one of them (removal proved
/// safe), `Solution` when one does, `Stopped` when the node limit ran out first.
///
/// With `logic_first`, the logic solver's techniques first shrink the candidates
/// ([`crate::logic::reduced_masks`]): dearer per check, but a proof that took tens of
/// thousands of nodes then takes a few.
fn exact_removal_check(
    solver: &mut Solver<'_>,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    masks: &mut Vec<u64>,
    checks: &mut u32,
    logic_first: bool,
) -> Next {
    let shape = puzzle.shape();
    for &c in orbit {
        removal_masks(masks, puzzle, solution, c);
        if logic_first {
            *masks = crate::logic::reduced_masks(shape, masks);
        }
        solver.load_masks(masks);
        // Split the search by this cell's own symbols first: most of them fail at once.
        solver.set_first_cell(Some(c));
        *checks += 1;
        let found = solver.next_solution();
        solver.set_first_cell(None);
        if found != Next::Exhausted {
            return found;
        }
    }
    Next::Exhausted
}

/// [`exact_removal_check`] by the conflict-driven search: `Stopped` after
/// [`CDCL_CONFLICT_LIMIT`] contradictions per cell, or when `go_on` (asked every few
/// milliseconds) says no.
fn cdcl_removal_check(
    cdcl: &mut Cdcl,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    masks: &mut [u64],
    checks: &mut u32,
    go_on: &mut dyn FnMut() -> bool,
) -> Next {
    for &c in orbit {
        removal_masks(masks, puzzle, solution, c);
        *checks += 1;
        cdcl.load(masks);
        let budget = Budget {
            conflicts: CDCL_CONFLICT_LIMIT,
            work: u64::MAX,
        };
        let found = cdcl.solve(budget, &mut |_| go_on());
        if found != Next::Exhausted {
            return found;
        }
    }
    Next::Exhausted
}

/// The question of one removal check as candidate masks: the puzzle's givens, every
/// symbol in its empty cells, and every symbol but the solution's in cell `c`.
fn removal_masks(masks: &mut [u64], puzzle: &Grid, solution: &Grid, c: usize) {
    let full = puzzle.shape().full_mask();
    for (m, &v) in masks.iter_mut().zip(puzzle.cells()) {
        *m = if v == 0 { full } else { 1u64 << (v - 1) };
    }
    masks[c] = full & !(1u64 << (solution.get(c) - 1));
}

/// Clears the cells of these orbits (`None`) or restores them from the solution.
fn set_orbits(puzzle: &mut Grid, orbits: &[Vec<usize>], solution: Option<&Grid>) {
    for &c in orbits.iter().flatten() {
        puzzle.set(c, solution.map_or(0, |s| s.get(c)));
    }
}

/// A random full grid: random diagonal boxes, completed by a randomised search that
/// restarts with a new seed and a doubled node limit when it gets stuck.
fn random_full_grid(
    solver: &mut Solver<'_>,
    rng: &mut Xoshiro256PlusPlus,
    cancelled: &std::cell::Cell<bool>,
) -> Result<(Grid, u32), Error> {
    let shape = solver.shape();
    let (n, k) = (shape.size(), shape.box_side());
    let mut limit: u64 = 4 * shape.cells() as u64;
    for restarts in 0.. {
        let mut grid = Grid::empty(shape);
        for b in 0..k {
            let symbols = permutation(n, rng);
            for (i, s) in symbols.into_iter().enumerate() {
                grid.set(shape.cell(b * k + i / k, b * k + i % k), s as u8 + 1);
            }
        }
        solver.load(&grid);
        solver.set_random_order(Some(rng.random::<u64>()));
        solver.set_node_limit(limit);
        let next = solver.next_solution();
        solver.set_random_order(None);
        match next {
            Next::Solution => return Ok((solver.solution(), restarts)),
            Next::Stopped if cancelled.get() => return Err(ErrorKind::Cancelled.into()),
            _ => limit = limit.saturating_mul(2),
        }
    }
    unreachable!("the restart loop only ends by returning")
}

/// A seed from a random source, for callers that were not given one. Kept under 2^53 so
/// it survives a trip through a JavaScript number.
pub fn fresh_seed(rng: &mut impl Rng) -> u64 {
    rng.random::<u64>() >> 11
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::count_solutions_up_to;

    #[test]
    fn orbits_partition_the_grid() {
        for shape in Shape::all() {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(shape);
                let mut seen = vec![0; shape.cells()];
                for orbit in &orbits {
                    for &c in orbit {
                        seen[c] += 1;
                        assert_eq!(&sym.orbit(shape, c), orbit);
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "{sym} {}", shape.name());
            }
        }
    }

    #[test]
    fn small_puzzles_are_unique_minimal_and_reproducible() {
        for size in [1, 4, 9] {
            let shape = Shape::from_size(size).unwrap();
            for seed in 0..20 {
                for sym in Symmetry::ALL {
                    let options = Options {
                        symmetry: sym,
                        ..Options::new(shape, seed)
                    };
                    let made = generate(&options, &mut Unattended).unwrap();
                    assert!(made.solution.is_solved());
                    assert!(made.puzzle.is_subset_of(&made.solution));
                    assert_eq!(
                        count_solutions_up_to(&made.puzzle, 2),
                        1,
                        "{size} {seed} {sym}"
                    );
                    assert!(made.minimal && made.target_reached);
                    for orbit in sym.orbits(shape) {
                        let given = made.puzzle.get(orbit[0]) != 0;
                        assert!(orbit.iter().all(|&c| (made.puzzle.get(c) != 0) == given));
                        // Minimal: removing any orbit breaks uniqueness.
                        if given {
                            let mut fewer = made.puzzle.clone();
                            for &c in &orbit {
                                fewer.set(c, 0);
                            }
                            assert_eq!(count_solutions_up_to(&fewer, 2), 2);
                        }
                    }
                    assert_eq!(generate(&options, &mut Unattended).unwrap(), made);
                }
            }
        }
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(Target::empty(1.5).unwrap_err().to_string().contains("1.5"));
        assert!(Target::empty(-0.1).is_err());
        assert!(
            "spiral"
                .parse::<Symmetry>()
                .unwrap_err()
                .to_string()
                .contains("spiral")
        );
        let mut options = Options::new(Shape::from_size(9).unwrap(), 1);
        options.target = Some(Target::Empty(f64::NAN));
        assert!(generate(&options, &mut Unattended).is_err());
    }

    #[test]
    fn cancel_stops_generation() {
        struct StopAt(u32);
        impl Control for StopAt {
            fn now_ms(&mut self) -> f64 {
                0.0
            }
            fn progress(&mut self, _: f64) -> bool {
                self.0 = self.0.saturating_sub(1);
                self.0 > 0
            }
        }
        let options = Options::new(Shape::from_size(16).unwrap(), 3);
        let err = generate(&options, &mut StopAt(3)).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Cancelled);
    }

    /// A cancel in the conflict-driven phase (a symmetric 25×25, whose default fraction
    /// is out of reach) ends the run without another progress call. Progress keeps
    /// coming in that phase, and never goes back.
    #[test]
    fn cancel_stops_the_conflict_driven_phase() {
        struct Watch {
            calls: u32,
            stop_past: f64,
            stopped: bool,
            after_stop: u32,
            last: f64,
            backwards: bool,
        }
        impl Control for Watch {
            fn now_ms(&mut self) -> f64 {
                0.0
            }
            fn progress(&mut self, fraction: f64) -> bool {
                if self.stopped {
                    self.after_stop += 1;
                }
                self.backwards |= fraction < self.last;
                self.last = fraction;
                self.calls += 1;
                self.stopped |= fraction > self.stop_past;
                !self.stopped
            }
        }
        let mut options = Options::new(Shape::from_size(25).unwrap(), 1);
        options.symmetry = Symmetry::Rot180;
        // Seed 1 ends minimal below the 57% target. Pass 2 is the second half of the
        // bar; past 80% its depth-first rounds are over, and the conflict-driven
        // checks run.
        let mut watch = Watch {
            calls: 0,
            stop_past: 0.8,
            stopped: false,
            after_stop: 0,
            last: 0.0,
            backwards: false,
        };
        let err = generate(&options, &mut watch).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Cancelled);
        assert!(watch.stopped && watch.after_stop == 0 && !watch.backwards);
    }
}
