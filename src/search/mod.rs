//! Exact search: one policy behind every question that needs an exact answer (solve, count
//! up to N, enumerate, the generator's removal checks, grading's uniqueness check), over
//! the engines below it.
//!
//! | engine | file | good at |
//! |---|---|---|
//! | band solver | `band.rs` | every 9×9 puzzle, in microseconds |
//! | bitboard solver | `bitboard.rs` | grids of any layout up to 128 cells (X, jigsaw, 6×6...), in microseconds |
//! | depth-first search | `dfs.rs` | most puzzles of every size; enumerating many solutions |
//! | conflict-driven search | `cdcl.rs` | sparse large grids, proofs of uniqueness |
//! | witness | `witness.rs` | a second solution when the first has a swappable group |
//!
//! The policy ([`Search`]). A grid counted up to 2 goes to a fast path first: the band
//! solver for a plain 9×9, the bitboard solver for any other grid of up to 128 cells
//! without cages (which hands on, from the start, a question it has not decided in
//! [`BITBOARD_NODES`] branches). Everything else:
//!
//! 1. From 16×16 up, the logic techniques ([`crate::logic::reduced_masks`]) shrink the
//!    candidates first: pairs, fish and wings cut what every engine must try, and often
//!    solve the puzzle outright. (Only with the `logic` feature, which every build has
//!    but the light wasm: that one leaves such grids to the full wasm.)
//! 2. The depth-first search and the conflict-driven search then take turns, each
//!    resuming where it paused: a short first turn for the depth-first search (which
//!    decides most puzzles in it), then turns of doubling length, three quarters of the
//!    work to the conflict-driven search. Whichever finds the solutions needed, or proves
//!    there are no more, decides; a solution one finds is blocked in the other, so no
//!    solution is counted twice. Whatever the puzzle, the portfolio is within a small
//!    factor of its better engine, without knowing in advance which one that is.
//! 3. Once one solution is known and a second is asked for, [`witness`] looks for a group
//!    of cells of the first that can be swapped: "several" at once for grids with many
//!    solutions. Only above 16×16: on smaller grids the depth-first search finds a second
//!    solution, or proves there is none, in less time than the look costs.
//!
//! Every limit counts work ([`Stats::work`]: cells and clauses visited), never time, so the
//! same question with the same limits takes the same path and gives the same answer on
//! every machine. A caller's `go_on` is asked about every millisecond of work (reporting
//! progress, and stopping the search when it says no).

pub mod band;
pub mod bitboard;
pub mod cdcl;
pub mod dfs;
pub mod stats;
pub mod witness;

use std::collections::HashSet;

pub use cdcl::Cdcl;
pub use dfs::{DepthFirst, GoOn, Rules};
pub use stats::{Decider, Next, Stats};

use crate::grid::{Grid, Shape};

/// The three cases a puzzle can be in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more; here are two different ones.
    Multiple(Grid, Grid),
}

/// The outcome of a fast path's count ([`band::count_up_to`], [`bitboard::count_up_to`]):
/// how many solutions (up to the limit) and the first two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Solutions found, no more than the limit asked for.
    pub count: u64,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// The second solution found, if the limit let the search find one.
    pub second: Option<Grid>,
    /// Search counters, with the depth-first search's meanings: `nodes` are branches
    /// tried, `guesses` decision points, `backtracks` branches that ended in a
    /// contradiction. The fast paths count no `work`.
    pub stats: Stats,
}

/// Limits of one question, in work units ([`Stats::work`]): the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop once the engines together did this much work.
    pub work: u64,
}

impl Limits {
    /// No limit.
    pub const NONE: Limits = Limits { work: u64::MAX };

    /// No limit.
    pub fn none() -> Limits {
        Limits::NONE
    }

    /// At most this much work.
    pub fn work(work: u64) -> Limits {
        Limits { work }
    }
}

/// Which engines the policy uses, and how. [`Policy::default`] is the shipped one; the
/// others exist to measure or test one engine at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// The smallest grid side at which the logic techniques run before any search
    /// (`usize::MAX`: never).
    pub logic_first_from: usize,
    /// Plain 9×9 grids go to the band solver.
    pub band: bool,
    /// Other grids of up to 128 cells, without cages, go first to the bitboard solver
    /// (for counts up to 2).
    pub bitboard: bool,
    /// The branches the bitboard solver may try on one question before the other
    /// engines take it from the start ([`BITBOARD_NODES`] in the shipped policy).
    pub bitboard_nodes: u64,
    /// The depth-first search takes turns.
    pub depth_first: bool,
    /// The conflict-driven search takes turns.
    pub conflict_driven: bool,
    /// A second solution is first looked for by swapping groups of the first (on grids
    /// above `SMALL_GRID_SIDE`, 16).
    pub witness: bool,
    /// The depth-first search's first turn, in work units per cell (times
    /// `SMALL_GRID_TURNS`, 16, up to side `SMALL_GRID_SIDE`, 16).
    pub first_turn_per_cell: u64,
    /// How the conflict-driven search looks for a second solution.
    pub second: SecondSolution,
    /// The conflict-driven search's techniques.
    pub cdcl: cdcl::Config,
}

impl Policy {
    /// The depth-first search alone: no logic first, no band solver, no witness. For
    /// tests and measurements of one engine.
    pub fn depth_first_only() -> Policy {
        Policy {
            logic_first_from: usize::MAX,
            band: false,
            bitboard: false,
            conflict_driven: false,
            witness: false,
            ..Policy::default()
        }
    }

    /// The conflict-driven search alone: no logic first, no band solver, no witness.
    pub fn conflict_driven_only() -> Policy {
        Policy {
            logic_first_from: usize::MAX,
            band: false,
            bitboard: false,
            depth_first: false,
            witness: false,
            ..Policy::default()
        }
    }
}

/// How the conflict-driven search looks for a second solution once it knows one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondSolution {
    /// One search with the first solution blocked.
    Blocking,
    /// Cell by cell: a search for a solution that differs in one open cell, then the
    /// next; each refuted cell becomes a fact that shortens the searches after it.
    ByCells,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            logic_first_from: 16,
            band: true,
            bitboard: true,
            bitboard_nodes: BITBOARD_NODES,
            depth_first: true,
            conflict_driven: true,
            witness: true,
            first_turn_per_cell: 64,
            second: SecondSolution::ByCells,
            cdcl: cdcl::Config::default(),
        }
    }
}

/// The conflict-driven search's share of each round of turns: three times the
/// depth-first search's, at first.
const CDCL_SHARE: u64 = 3;

/// Up to this side the depth-first search's turns are [`SMALL_GRID_TURNS`] times longer,
/// and the witness is not asked.
///
/// Why: on small grids that the band solver does not take (X, jigsaw, rectangular boxes,
/// 16×16), most puzzles need a few hundred nodes, more than the first turn held, and the
/// conflict-driven search then starts from nothing. `sudoku64 bench solve --shuffle 1` on
/// 200 generated puzzles each, 64 → 256 work units per cell: 9×9 X 2080 → 5237 puzzles/s
/// (median 216 → 74 µs, p99 4.6 → 1.3 ms), 9×9 jigsaw 8079 → 12195, 12×12 12802 →
/// 14401, 16×16 (100) 1090 → 1180. The 9×9 forum hardest without the band solver lose
/// about 10% (median 1.0 → 1.1 ms; the band solver takes them in practice). Larger grids
/// keep their turns, and their counts.
///
/// Then 256 → 1024 with the witness off (medians of two runs each, the same sets): 9×9 X
/// 79–91 → 53–63 µs, 9×9 jigsaw 56–58 → 21–22, 8×8 15 → 5, 12×12 55–73 → 18, 12×12
/// jigsaw 464–570 → 187–318, 16×16 254–267 → 273–290. The witness cost 10–40 µs a
/// puzzle below 16×16, and found nothing the depth-first search was slow to find: with 4
/// givens taken out of each puzzle (two solutions or more), it was no faster either.
///
/// Since then grids of up to 128 cells (to 11×11) go to the bitboard solver first; these
/// turns serve 12×12 to 16×16, the questions it hands on, and counts past 2.
const SMALL_GRID_SIDE: usize = 16;

/// The branches the bitboard solver may try on one question before the policy's other
/// engines take it, which it has no way to learn from a dead end as the conflict-driven
/// search does.
///
/// Why this many: `sudoku64 bench solve --shuffle 1` on generated minimal puzzles (200
/// each of 9×9 X, jigsaw and windoku, 100 of 10×10 X, 50 of 11×11 jigsaw), the most any
/// 9×9 or 10×10 one needed was 410 branches (a jigsaw), and 3 of the 50 11×11 jigsaws
/// needed more than 1,000 (one 4,056, where the portfolio needs 197). A branch costs about
/// 1 µs at 9×9, so a stop wastes about a millisecond. With 500, 1,000, 2,000 and no
/// limit, the 11×11 jigsaws' p99 was 3.0, 4.8, 4.3 and 7.1 ms (single runs; the portfolio
/// alone: 3.4 ms), and nothing else moved. 1,000 keeps twice the 9×9 sets' worst.
pub const BITBOARD_NODES: u64 = 1_000;

/// How many times longer the depth-first search's turns are up to [`SMALL_GRID_SIDE`].
const SMALL_GRID_TURNS: u64 = 16;

/// Rounds in which the depth-first search's turn doubles; after them it stays the same.
const DFS_DOUBLINGS: u32 = 4;

/// The answer to a count question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found, no more than the limit asked for.
    pub count: u64,
    /// True when `count` is exact: the limit was reached, or there are no more. False
    /// when a limit or the caller stopped the search first (then `count` is a lower bound).
    pub decided: bool,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// The second, if the limit let the search look for one.
    pub second: Option<Grid>,
    /// The engine that decided (found the last solution counted, or proved there were no
    /// more).
    pub engine: Decider,
    /// The work done.
    pub stats: Stats,
}

impl Answer {
    /// The three cases, when the count was asked up to 2 and decided.
    pub fn result(&self) -> Option<SolveResult> {
        if !self.decided {
            return None;
        }
        Some(match (&self.first, &self.second) {
            (Some(a), Some(b)) => SolveResult::Multiple(a.clone(), b.clone()),
            (Some(a), None) => SolveResult::Unique(a.clone()),
            _ => SolveResult::None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Idle,
    Loaded,
    Running,
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    DepthFirst,
    ConflictDriven,
}

/// The policy at work on one question: reusable for one shape, question after question.
pub struct Search {
    shape: Shape,
    policy: Policy,
    dfs: DepthFirst<'static>,
    cdcl: Option<Cdcl>,
    /// The bitboard solver's tables, when the policy and the shape let it run.
    bitboard: Option<bitboard::Tables>,
    root: Vec<u64>,
    state: State,
    /// Fingerprints of the solutions returned, and the solutions themselves (to block
    /// in the conflict-driven search when it starts late).
    seen: HashSet<u128>,
    known: Vec<Grid>,
    /// A solution ready to return before any search (the logic techniques solved it).
    ready: Option<Grid>,
    solution: Option<Grid>,
    witness_tried: bool,
    /// Looking for a second solution cell by cell: the cells still to prove, and the one
    /// the conflict-driven search is restricted to now.
    cell_order: Option<Vec<usize>>,
    restricted: Option<usize>,
    dfs_live: bool,
    cdcl_started: bool,
    turn: Turn,
    dfs_until: u64,
    cdcl_until: u64,
    slice: u64,
    round: u32,
    engine: Decider,
}

impl Search {
    /// The shipped policy for grids of this shape.
    pub fn new(shape: Shape) -> Search {
        Search::with_policy(shape, Policy::default())
    }

    /// A chosen policy (to measure or test one engine).
    pub fn with_policy(shape: Shape, policy: Policy) -> Search {
        // Killer cages are known to the depth-first search alone: the other engines and
        // the logic techniques' uniqueness arguments reason from units only.
        let policy = if shape.has_cages() {
            Policy {
                depth_first: true,
                ..Policy::depth_first_only()
            }
        } else {
            policy
        };
        let bitboard =
            (policy.bitboard && bitboard::supports(shape)).then(|| bitboard::Tables::new(shape));
        Search {
            shape,
            policy,
            dfs: DepthFirst::new(shape),
            cdcl: None,
            bitboard,
            root: Vec::new(),
            state: State::Idle,
            seen: HashSet::new(),
            known: Vec::new(),
            ready: None,
            solution: None,
            witness_tried: false,
            cell_order: None,
            restricted: None,
            dfs_live: false,
            cdcl_started: false,
            turn: Turn::DepthFirst,
            dfs_until: 0,
            cdcl_until: 0,
            slice: 0,
            round: 0,
            engine: Decider::None,
        }
    }

    /// The shape this search is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The policy in use.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Starts a question: candidate masks, one per cell (bit `s - 1` for symbol `s`; a
    /// cell with one bit counts as filled). The logic techniques run here, from the
    /// policy's size up.
    ///
    /// # Panics
    /// If `masks` does not have one entry per cell.
    pub fn load(&mut self, masks: &[u64]) {
        assert_eq!(masks.len(), self.shape.cell_count(), "one mask per cell");
        let full = self.shape.full_mask();
        self.root = masks.iter().map(|&m| m & full).collect();
        self.state = State::Loaded;
        self.seen.clear();
        self.known.clear();
        self.ready = None;
        self.solution = None;
        self.witness_tried = false;
        self.cell_order = None;
        self.restricted = None;
        self.engine = Decider::None;
        self.cdcl_started = false;
        self.dfs_live = self.policy.depth_first;
        self.turn = Turn::DepthFirst;
        let per_cell = if self.shape.size() <= SMALL_GRID_SIDE {
            SMALL_GRID_TURNS * self.policy.first_turn_per_cell
        } else {
            self.policy.first_turn_per_cell
        };
        self.slice = (per_cell * self.shape.cell_count() as u64).max(1);
        self.round = 0;
        self.dfs_until = self.slice;
        self.cdcl_until = CDCL_SHARE * self.slice;
        self.dfs.set_work_limit(u64::MAX);
        self.dfs.set_node_limit(u64::MAX);
        #[cfg(feature = "logic")]
        if self.shape.size() >= self.policy.logic_first_from && !self.root.contains(&0) {
            self.root = crate::logic::reduced_masks(self.shape, &self.root);
            if self.root.contains(&0) {
                self.engine = Decider::Logic;
                self.state = State::Done;
                return;
            }
            if self.root.iter().all(|m| m.count_ones() == 1) {
                let cells = self
                    .root
                    .iter()
                    .map(|m| m.trailing_zeros() as u8 + 1)
                    .collect();
                let grid = Grid::from_cells(self.shape, cells)
                    .unwrap_or_else(|_| unreachable!("single bits are symbols"));
                // The techniques never remove a true candidate: a valid grid here is the
                // only solution, and an invalid one means there is none.
                self.engine = Decider::Logic;
                if grid.is_solved() {
                    self.ready = Some(grid);
                } else {
                    self.state = State::Done;
                }
                return;
            }
        }
        if self.dfs_live {
            self.dfs.load_masks(&self.root);
        }
    }

    /// [`Search::load`] for a grid's givens.
    pub fn load_grid(&mut self, grid: &Grid) {
        assert_eq!(
            grid.shape(),
            self.shape,
            "the grid's shape is not the search's"
        );
        self.load(&masks_of(grid));
    }

    /// The candidate masks the engines search: the loaded ones after the logic techniques.
    pub fn root(&self) -> &[u64] {
        &self.root
    }

    /// The engine that decided the last step: found the last solution, or proved there
    /// are no more.
    pub fn engine(&self) -> Decider {
        self.engine
    }

    /// The solution of the last [`Search::next_solution`] that returned `Solution`.
    ///
    /// # Panics
    /// If there was none.
    pub fn solution(&self) -> &Grid {
        self.solution.as_ref().expect("a solution was found")
    }

    /// The work of every engine on the current question.
    pub fn stats(&self) -> Stats {
        let mut stats = self.dfs_stats();
        stats.add(&self.cdcl_stats());
        stats.solutions = self.seen.len() as u64;
        stats
    }

    fn cdcl_stats(&self) -> Stats {
        self.cdcl
            .as_ref()
            .filter(|_| self.cdcl_started)
            .map_or_else(Stats::default, |c| c.stats())
    }

    fn dfs_stats(&self) -> Stats {
        if self.policy.depth_first && self.state != State::Idle {
            self.dfs.stats()
        } else {
            Stats::default()
        }
    }

    fn work(&self) -> u64 {
        self.stats().work
    }

    /// Records a solution; false when it was found before.
    fn record(&mut self, grid: Grid) -> bool {
        if !self.seen.insert(fingerprint(grid.cells())) {
            return false;
        }
        if self.cdcl_started {
            self.cdcl.as_mut().expect("started").block(&grid);
        }
        self.known.push(grid.clone());
        self.solution = Some(grid);
        true
    }

    /// Finds the next solution of the loaded question, resuming where the last call
    /// stopped: `Solution` (read it with [`Search::solution`]), `Exhausted` when there are
    /// no more, `Stopped` when `limits` ran out or `go_on` said no (a later call resumes).
    ///
    /// # Panics
    /// If nothing was loaded.
    pub fn next_solution(&mut self, limits: Limits, go_on: &mut dyn FnMut(&Stats) -> bool) -> Next {
        match self.state {
            State::Idle => panic!("no question was loaded"),
            State::Done => return Next::Exhausted,
            State::Loaded => {
                self.state = State::Running;
                if let Some(grid) = self.ready.take() {
                    self.record(grid);
                    self.state = State::Done;
                    self.engine = Decider::Logic;
                    return Next::Solution;
                }
            }
            State::Running => {}
        }
        if self.policy.witness
            && self.shape.size() > SMALL_GRID_SIDE
            && !self.witness_tried
            && self.known.len() == 1
        {
            self.witness_tried = true;
            if let Some(other) = witness::second_by_swap(&self.root, &self.known[0]) {
                if self.record(other) {
                    self.engine = Decider::Witness;
                    return Next::Solution;
                }
            }
        }
        let cancelled = std::cell::Cell::new(false);
        // The engine that runs reports its own counters; the caller sees the totals, with
        // the other engine's as they were when this turn began.
        let other = std::cell::Cell::new(Stats::default());
        let mut checked = |stats: &Stats| {
            let mut total = *stats;
            total.add(&other.get());
            let go = go_on(&total);
            if !go {
                cancelled.set(true);
            }
            go
        };
        loop {
            let used = self.work();
            if used >= limits.work {
                return Next::Stopped;
            }
            let left = limits.work - used;
            let cdcl_on = self.policy.conflict_driven;
            match self.turn {
                Turn::DepthFirst if self.dfs_live => {
                    let done = self.dfs_stats().work;
                    if done >= self.dfs_until && cdcl_on {
                        self.turn = Turn::ConflictDriven;
                        continue;
                    }
                    other.set(self.cdcl_stats());
                    let until = if cdcl_on { self.dfs_until } else { u64::MAX };
                    self.dfs
                        .set_work_limit(until.min(done.saturating_add(left)));
                    match self.dfs.next_solution_with(&mut checked) {
                        Next::Solution => {
                            let grid = self.dfs.solution();
                            if self.record(grid) {
                                self.engine = Decider::DepthFirst;
                                return Next::Solution;
                            }
                        }
                        Next::Exhausted => {
                            self.engine = Decider::DepthFirst;
                            self.state = State::Done;
                            return Next::Exhausted;
                        }
                        Next::Stopped => {
                            if cancelled.get() {
                                // A stop by the caller is for good in the depth-first search.
                                self.dfs_live = false;
                                return Next::Stopped;
                            }
                        }
                    }
                }
                Turn::DepthFirst => self.turn = Turn::ConflictDriven,
                Turn::ConflictDriven if cdcl_on => {
                    if !self.cdcl_started {
                        self.start_cdcl();
                    }
                    other.set(self.dfs_stats());
                    let done = self.cdcl_stats().work;
                    if done >= self.cdcl_until && self.dfs_live {
                        self.next_round();
                        continue;
                    }
                    let until = if self.dfs_live {
                        self.cdcl_until
                    } else {
                        u64::MAX
                    };
                    let budget = cdcl::Budget {
                        conflicts: u64::MAX,
                        work: until.min(done.saturating_add(left)),
                    };
                    let by_cells =
                        self.policy.second == SecondSolution::ByCells && self.known.len() == 1;
                    if by_cells && self.restricted.is_none() && !self.restrict_to_next_cell() {
                        // Every cell is proved: the first solution is the only one.
                        self.engine = Decider::ConflictDriven;
                        self.state = State::Done;
                        return Next::Exhausted;
                    }
                    let cdcl = self.cdcl.as_mut().expect("started");
                    if !by_cells && self.restricted.take().is_some() {
                        cdcl.restrict(None);
                    }
                    let result = cdcl.solve(budget, &mut checked);
                    // Its turn is over, or the caller's limit stopped it first.
                    let turn_over = cdcl.stats().work >= until;
                    match result {
                        Next::Exhausted if self.restricted.is_some() && !cdcl.is_exhausted() => {
                            self.restricted = None;
                        }
                        Next::Solution => {
                            let grid = cdcl.solution();
                            // Blocked in the conflict-driven search by its own guesses.
                            let fresh = self.seen.insert(fingerprint(grid.cells()));
                            debug_assert!(fresh, "the conflict-driven search repeated a solution");
                            if fresh {
                                self.known.push(grid.clone());
                                self.solution = Some(grid);
                                self.engine = Decider::ConflictDriven;
                                return Next::Solution;
                            }
                        }
                        Next::Exhausted => {
                            self.engine = Decider::ConflictDriven;
                            self.state = State::Done;
                            return Next::Exhausted;
                        }
                        Next::Stopped => {
                            if cancelled.get() {
                                return Next::Stopped;
                            }
                            if !self.dfs_live || !turn_over {
                                // The caller's limit stopped it: the next call resumes
                                // this turn where it stopped.
                                return Next::Stopped;
                            }
                            self.next_round();
                        }
                    }
                }
                Turn::ConflictDriven => {
                    if !self.dfs_live {
                        // Neither engine is left: only a stop by the caller ends both.
                        return Next::Stopped;
                    }
                    self.next_round();
                }
            }
        }
    }

    /// The next round of turns: the conflict-driven search gets twice its last turn, the
    /// depth-first search too for the first few rounds, then the same again: a puzzle the
    /// depth-first search has not decided by then is one of its heavy tails, where more
    /// time rarely helps.
    fn next_round(&mut self) {
        self.slice = self.slice.saturating_mul(2);
        self.round = self.round.saturating_add(1);
        let first = self.slice.checked_shr(self.round).unwrap_or(0).max(1);
        let dfs_turn = first.saturating_mul(1 << self.round.min(DFS_DOUBLINGS));
        self.dfs_until = self.dfs_stats().work.saturating_add(dfs_turn);
        self.cdcl_until = self
            .cdcl_stats()
            .work
            .saturating_add(CDCL_SHARE.saturating_mul(self.slice));
        self.turn = Turn::DepthFirst;
    }

    /// Looking for a second solution cell by cell: restricts the conflict-driven search to
    /// solutions where the next open cell differs from the first solution (the cells with
    /// fewest candidates first, skipping those the search has fixed since). False when no
    /// cell is left, so the first solution is the only one.
    fn restrict_to_next_cell(&mut self) -> bool {
        let root = &self.root;
        let order = self.cell_order.get_or_insert_with(|| {
            let mut order: Vec<(u32, usize)> = (0..root.len())
                .filter(|&c| root[c].count_ones() > 1)
                .map(|c| (root[c].count_ones(), c))
                .collect();
            // Popped from the end: the cells with fewest candidates first.
            crate::sorting::sort_packed(
                &mut order,
                |(k, c)| (k as u64) << 32 | c as u64,
                |p| ((p >> 32) as u32, (p & 0xffff_ffff) as usize),
            );
            order.reverse();
            order.into_iter().map(|(_, c)| c).collect()
        });
        let cdcl = self.cdcl.as_mut().expect("started");
        let next = loop {
            match order.pop() {
                Some(c) if cdcl.is_fixed_at_top(c) => continue,
                other => break other,
            }
        };
        match next {
            Some(c) => cdcl.restrict(Some((c, self.known[0].get(c)))),
            None => cdcl.restrict(None),
        }
        self.restricted = next;
        next.is_some()
    }

    fn start_cdcl(&mut self) {
        let shape = self.shape;
        let config = self.policy.cdcl.clone();
        let cdcl = self
            .cdcl
            .get_or_insert_with(|| Cdcl::with_config(shape, config));
        cdcl.load(&self.root);
        for grid in &self.known {
            cdcl.block(grid);
        }
        self.cdcl_started = true;
    }

    /// Counts the solutions of candidate masks, no further than `limit`, keeping the
    /// first two.
    pub fn count(
        &mut self,
        masks: &[u64],
        limit: u64,
        limits: Limits,
        go_on: &mut dyn FnMut(&Stats) -> bool,
    ) -> Answer {
        self.load(masks);
        self.count_loaded(limit, limits, go_on)
    }

    fn count_loaded(
        &mut self,
        limit: u64,
        limits: Limits,
        go_on: &mut dyn FnMut(&Stats) -> bool,
    ) -> Answer {
        let mut answer = Answer {
            count: 0,
            decided: true,
            first: None,
            second: None,
            engine: Decider::None,
            stats: Stats::default(),
        };
        while answer.count < limit {
            match self.next_solution(limits, go_on) {
                Next::Solution => {
                    answer.count += 1;
                    let grid = self.solution().clone();
                    if answer.first.is_none() {
                        answer.first = Some(grid);
                    } else if answer.second.is_none() {
                        answer.second = Some(grid);
                    }
                }
                Next::Exhausted => break,
                Next::Stopped => {
                    answer.decided = false;
                    break;
                }
            }
        }
        answer.engine = self.engine;
        answer.stats = self.stats();
        answer
    }

    /// Counts a grid's solutions, no further than `limit`: counted to 2, plain 9×9 grids go
    /// to the band solver and other grids of up to 128 cells without cages to the bitboard
    /// solver (microseconds, not worth limiting; the bitboard solver stops itself after
    /// [`Policy::bitboard_nodes`] branches), the rest to [`Search::count`].
    pub fn count_grid(
        &mut self,
        grid: &Grid,
        limit: u64,
        limits: Limits,
        go_on: &mut dyn FnMut(&Stats) -> bool,
    ) -> Answer {
        assert_eq!(
            grid.shape(),
            self.shape,
            "the grid's shape is not the search's"
        );
        // The band solver is not stopped by `go_on` or `limits`: only for counts to 2,
        // which it ends in microseconds (a 9×9 count to a billion would run for hours).
        if self.policy.band && band::supports(self.shape) && limit <= 2 {
            self.state = State::Idle;
            let counted = band::count_up_to(grid, limit);
            return Answer {
                count: counted.count,
                decided: true,
                first: counted.first,
                second: counted.second,
                engine: Decider::Band,
                stats: counted.stats,
            };
        }
        // The bitboard solver stops itself after a fixed number of branches (a few
        // milliseconds); the rare grid it leaves goes to the portfolio from the start.
        let mut fast = Stats::default();
        if let Some(tables) = self.bitboard.as_ref().filter(|_| limit <= 2) {
            self.state = State::Idle;
            match tables.count_up_to(grid, limit, self.policy.bitboard_nodes) {
                Ok(counted) => {
                    return Answer {
                        count: counted.count,
                        decided: true,
                        first: counted.first,
                        second: counted.second,
                        engine: Decider::Bitboard,
                        stats: counted.stats,
                    };
                }
                Err(stats) => fast = stats,
            }
        }
        let mut answer = self.count(&masks_of(grid), limit, limits, go_on);
        answer.stats.add(&fast);
        answer
    }

    /// Solves a grid: none, unique or multiple (with two solutions). `None` when `limits`
    /// or `go_on` stopped the search first.
    pub fn solve_grid(
        &mut self,
        grid: &Grid,
        limits: Limits,
        go_on: &mut dyn FnMut(&Stats) -> bool,
    ) -> (Option<SolveResult>, Answer) {
        let answer = self.count_grid(grid, 2, limits, go_on);
        (answer.result(), answer)
    }
}

/// The candidate masks of a grid's givens: a given's bit alone, every symbol elsewhere.
pub fn masks_of(grid: &Grid) -> Vec<u64> {
    let full = grid.shape().full_mask();
    grid.cells()
        .iter()
        .map(|&v| if v == 0 { full } else { 1u64 << (v - 1) })
        .collect()
}

/// A 128-bit fingerprint of a solution, to tell solutions apart without keeping them:
/// two independent 64-bit hashes (FNV-1a, and a multiply-rotate hash).
fn fingerprint(cells: &[u8]) -> u128 {
    let mut a: u64 = 0xcbf2_9ce4_8422_2325;
    let mut b: u64 = 0x9e37_79b9_7f4a_7c15;
    for &v in cells {
        a = (a ^ v as u64).wrapping_mul(0x0000_0100_0000_01b3);
        b = (b ^ v as u64)
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(29);
    }
    (a as u128) << 64 | b as u128
}

/// Solves a puzzle and tells none, unique and multiple apart (with two solutions for
/// multiple), by the shipped policy with no limit.
///
/// ```
/// use sudoku64::{parse, search::{solve, SolveResult}};
/// let puzzle = parse::parse("1.34341221434.21").unwrap();
/// assert!(matches!(solve(&puzzle), SolveResult::Unique(_)));
/// ```
pub fn solve(grid: &Grid) -> SolveResult {
    let mut search = Search::new(grid.shape());
    search
        .solve_grid(grid, Limits::NONE, &mut |_| true)
        .0
        .expect("no limit stops the search")
}

/// One solution, if there is any.
pub fn solve_one(grid: &Grid) -> Option<Grid> {
    let mut search = Search::new(grid.shape());
    search
        .count_grid(grid, 1, Limits::NONE, &mut |_| true)
        .first
}

/// The number of solutions, counting no further than `limit`.
pub fn count_solutions_up_to(grid: &Grid, limit: u64) -> u64 {
    let mut search = Search::new(grid.shape());
    search
        .count_grid(grid, limit, Limits::NONE, &mut |_| true)
        .count
}

/// Every solution of a puzzle, found lazily, one per `next()`: the classic `-a` mode.
/// Bound it with `.take(cap)`.
pub struct Solutions {
    search: Search,
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        match self.search.next_solution(Limits::NONE, &mut |_| true) {
            Next::Solution => Some(self.search.solution().clone()),
            _ => None,
        }
    }
}

/// All solutions of a puzzle, lazily.
pub fn solutions(grid: &Grid) -> Solutions {
    let mut search = Search::new(grid.shape());
    search.load_grid(grid);
    Solutions { search }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A caller's small work limits stop the engines mid-turn again and again: each call
    /// must resume the turn, not start a new round (rounds double the turns, and once
    /// overflowed the schedule, and panicked in checked builds).
    #[test]
    fn small_work_limits_resume_a_turn_instead_of_starting_rounds() {
        let line = include_str!("../../bench/data/minimal-25.txt")
            .lines()
            .nth(6)
            .expect("the set has puzzles");
        let grid = crate::parse::parse(line).expect("a puzzle");
        let mut search = Search::new(grid.shape());
        search.load_grid(&grid);
        let mut solutions = 0;
        for _ in 0..400 {
            let limit = Limits::work(search.stats().work + 2_000);
            match search.next_solution(limit, &mut |_| true) {
                Next::Solution => solutions += 1,
                Next::Exhausted => break,
                Next::Stopped => {}
            }
        }
        assert!(solutions <= 1, "the puzzle is unique");
        assert!(
            search.round <= 4,
            "{} rounds for 800k work units",
            search.round
        );
    }

    fn pattern(shape: Shape) -> Grid {
        Grid::pattern(shape)
    }

    #[test]
    fn empty_grids_solve_at_every_size() {
        for shape in Shape::sample() {
            let solution = solve_one(&Grid::empty(shape)).expect("an empty grid has solutions");
            assert!(solution.is_solved(), "{}", shape.name());
        }
    }

    #[test]
    fn empty_grids_have_several_solutions_at_every_size() {
        for shape in Shape::sample().skip(1) {
            match solve(&Grid::empty(shape)) {
                SolveResult::Multiple(a, b) => {
                    assert!(a.is_solved() && b.is_solved() && a != b, "{}", shape.name())
                }
                other => panic!("{}: {other:?}", shape.name()),
            }
        }
    }

    #[test]
    fn full_and_nearly_full_grids() {
        for shape in Shape::all() {
            let full = pattern(shape);
            assert!(full.is_solved());
            assert_eq!(solve(&full), SolveResult::Unique(full.clone()));
            let mut one = full.clone();
            one.set(0, 0);
            assert_eq!(solve(&one), SolveResult::Unique(full.clone()));
        }
    }

    #[test]
    fn counts_and_enumeration_agree_for_every_policy() {
        // An empty 4×4 has 288 solutions.
        let empty = Grid::empty(Shape::from_size(4).unwrap());
        assert_eq!(count_solutions_up_to(&empty, 1000), 288);
        assert_eq!(count_solutions_up_to(&empty, 10), 10);
        let all: Vec<Grid> = solutions(&empty).collect();
        assert_eq!(all.len(), 288);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 288);
        for policy in [
            Policy {
                conflict_driven: false,
                ..Policy::default()
            },
            Policy {
                depth_first: false,
                ..Policy::default()
            },
            Policy {
                first_turn_per_cell: 1,
                ..Policy::default()
            },
        ] {
            let mut search = Search::with_policy(empty.shape(), policy.clone());
            let answer = search.count(&masks_of(&empty), 1000, Limits::NONE, &mut |_| true);
            assert_eq!((answer.count, answer.decided), (288, true), "{policy:?}");
        }
    }

    #[test]
    fn a_work_limit_stops_and_the_search_resumes() {
        let empty = Grid::empty(Shape::from_size(9).unwrap());
        let mut search = Search::with_policy(
            empty.shape(),
            Policy {
                first_turn_per_cell: 1,
                ..Policy::default()
            },
        );
        search.load_grid(&empty);
        let mut found = 0;
        let mut stops = 0;
        while found < 50 {
            let limits = Limits::work(search.stats().work + 2_000);
            match search.next_solution(limits, &mut |_| true) {
                Next::Solution => found += 1,
                Next::Stopped => stops += 1,
                Next::Exhausted => panic!("an empty 9×9 has more than 50 solutions"),
            }
        }
        assert!(stops > 0);
    }

    #[test]
    fn go_on_stops_the_search() {
        let empty = Grid::empty(Shape::from_size(25).unwrap());
        let mut search = Search::new(empty.shape());
        let mut calls = 0;
        let answer = search.count_grid(&empty, u64::MAX, Limits::NONE, &mut |_| {
            calls += 1;
            calls < 3
        });
        assert!(!answer.decided);
        assert_eq!(calls, 3, "no call after the stop");
    }
}
