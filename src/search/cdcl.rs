//! The conflict-driven search: clause learning shaped for Sudoku rules, for the questions
//! the depth-first search finds too hard (sparse grids from 25×25 up, and proofs that a
//! puzzle has no second solution).
//!
//! Each pair "cell holds symbol" is a true/false variable. The rules are not written out
//! as clauses (at 64×64 that would be tens of millions of them): "exactly one symbol per
//! cell" and "each symbol exactly once per unit" act directly on per-cell candidate masks
//! and per-unit masks of places, as naked and hidden singles, and each conclusion keeps
//! its reason. When propagation meets a contradiction, the reasons are traced back to the
//! first point where the latest guess had its effect (the first unique implication
//! point), and the guesses that led there are learned as a clause that rules out the
//! whole family of dead ends. The clause is shortened by dropping literals its others
//! already imply (recursive minimisation), then by letting the literals of each lower
//! guess level give way to one literal of that level that implies them all (shrinking),
//! or at least to the placement behind several of its denials.
//!
//! The rest is what makes modern SAT solvers strong, measured on Sudoku (see
//! bench/HISTORY.md for the figures behind each choice, and [`Config`] for the switches):
//!
//! - watched literals with a *blocker* beside each watch, so a clause already satisfied
//!   is skipped without reading it;
//! - variable activity (VSIDS): guesses go to the variables that took part in recent
//!   contradictions, and to the placements that forced a learned clause's denials;
//! - restarts driven by the quality of recent learned clauses (glucose's moving averages
//!   of the LBD, the number of guess levels a clause spans), in alternation with a
//!   patient, stable mode of Luby-spaced restarts, where solutions are found: the
//!   search begins in it, and gives it three times the contradictions of the other;
//! - phase saving: a variable guessed again takes the value it last had, so a restart
//!   returns to the part of the search it left (in the stable mode, and not while a
//!   restriction looks for a second solution cell by cell: there it leads back to the
//!   first);
//! - target phases: in the stable mode, a guess takes the value the variable had in the
//!   longest trail without a contradiction since the last restart, so the search keeps
//!   extending its best partial assignment (random-blank 49×49 grids at 60% need about
//!   a fifth of the contradictions to find a solution);
//! - learned-clause reduction by LBD: clauses of LBD 2 stay, the others are ranked by LBD
//!   and recent use and the worse half goes, at every reduction;
//! - failed-literal probing at the top level: a candidate whose placement alone leads to
//!   a contradiction is removed for good.
//!
//! Measured on minimal 25×25 puzzles and left out (figures in bench/HISTORY.md):
//! vivification of learned clauses, learning the clause of the guesses when it is
//! shorter, a move-to-front guess order or denying guesses in the focused mode, a longer
//! life for clauses of middle LBD, bumping every variable of every reason, and watching
//! denials before placements.
//!
//! ```text
//!  var  = cell * n + symbol             (symbol from 0)
//!  lit  = 2 * var + 0   "cell holds symbol"       (Lit::holds)
//!         2 * var + 1   "cell does not hold it"   (Lit::denies)
//!  vals[lit]            +1 true, -1 false, 0 unassigned (both literals kept in step)
//!  cand[cell]           symbols not denied (bit s), as the depth-first search keeps them
//!  places[unit * n + s] the places of symbol s in the unit not denied (bit = index_in)
//!  top_cand, top_places the same two as the top level left them (what reasons skip)
//!  watched              one bit per literal that some clause may watch
//!  arena                clauses back to back: [len, lbd | flags, activity (f32 bits),
//!                       where the last look for a watch stopped, lits...]
//! ```
//!
//! Solutions: [`Cdcl::solve`] returns after each one; the next call blocks it (a clause
//! of the negated guesses, since propagation from those guesses forces the rest) and goes
//! on, so the same object counts to any limit and enumerates. A solution found by another
//! engine is blocked with [`Cdcl::block`]. Every limit counts work (contradictions and
//! cells visited), never time, so the same input gives the same path on every machine.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::grid::{Geometry, Grid, Shape};

use super::stats::{Next, Stats};

/// A variable: "this cell holds this symbol", numbered `cell * n + symbol`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Var(u32);

/// A literal: a variable ([`Lit::holds`]) or its negation ([`Lit::denies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lit(u32);

impl Lit {
    #[inline]
    fn holds(v: Var) -> Lit {
        Lit(v.0 << 1)
    }
    #[inline]
    fn denies(v: Var) -> Lit {
        Lit(v.0 << 1 | 1)
    }
    #[inline]
    fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    #[inline]
    fn is_denial(self) -> bool {
        self.0 & 1 == 1
    }
    #[inline]
    fn negate(self) -> Lit {
        Lit(self.0 ^ 1)
    }
    #[inline]
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// What the search keeps per variable besides its value.
#[derive(Clone, Copy, Debug, Default)]
struct Meta {
    reason: Reason,
    /// The guess level it was assigned at (meaningful while it is assigned).
    level: u32,
    /// The conflict analysis's mark (0 for none).
    seen: u8,
}

/// Why a variable has its value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Reason {
    /// A guess, or a fact of the top level (whose reasons analysis never needs).
    #[default]
    None,
    /// Denied because this variable holds: the same cell with another symbol, or a peer
    /// with the same symbol.
    Var(Var),
    /// Asserted because every other symbol of its cell is denied (a naked single).
    Cell,
    /// Asserted because every other cell of this unit denies its symbol (a hidden single).
    Unit(u16),
    /// Implied by a clause whose other literals are all false.
    Clause(u32),
    /// Denied by locked candidates: the symbol's places in the first unit all lie where
    /// it meets the second, so the rest of the second cannot hold it.
    Locked(u16, u16),
}

/// A contradiction met by propagation.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two variables that exclude each other both hold.
    Pair(Var, Var),
    /// A cell with every symbol denied.
    Cell(u32),
    /// A symbol denied in every cell of a unit.
    Unit(u16, u8),
    /// A clause with every literal false.
    Clause(u32),
}

/// A clause watching a literal, to visit when that literal becomes false. `blocker` is
/// another literal of the clause: when it is true the clause is satisfied, and the visit
/// ends without reading the clause.
#[derive(Clone, Copy, Debug)]
struct Watch {
    /// Arena offset, with [`BINARY`] set for a clause of two literals (whose other
    /// literal is the blocker: nothing else to read).
    cref: u32,
    blocker: Lit,
}

/// The flag of a two-literal clause in a [`Watch`].
const BINARY: u32 = 1 << 31;

/// Words before a clause's literals: length, LBD and flags, activity, and where the last
/// look for a literal to watch stopped.
const HEADER: usize = 4;
/// Flag (in the LBD word): a learned clause, which reduction may delete. Clauses that
/// block solutions are not learned and always stay.
const LEARNT: u32 = 1 << 31;
/// Flag: used in an analysis since the last reduction.
const USED: u32 = 1 << 30;
const LBD_MASK: u32 = 0xffff;

/// When restarts happen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Restarts {
    /// Never.
    Never,
    /// After `unit` × the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) contradictions.
    Luby(u64),
    /// When the average LBD of the last few dozen learned clauses exceeds the long-run
    /// average by this factor (glucose).
    Glucose(f64),
    /// Glucose restarts (the focused mode) and Luby restarts of unit 512 (the stable
    /// mode) in alternating phases. Focused phases last 2,000 contradictions at first and
    /// each one twice as long as the last; each stable phase lasts
    /// [`STABLE_LENGTH_FACTOR`] times the focused phase before it (the first, when the
    /// search begins stable as [`Config::start_stable`] has it, 6,000). The focused mode
    /// suits proofs, the stable one finding solutions.
    Alternate,
}

/// With [`Restarts::Alternate`], how many times longer a stable phase is than the
/// focused phase before it. Measured against 1 (`bench large`, contradictions on
/// minimal 25×25 and random-blank 36×36 and 49×49 grids at 60%): 3 needs fewer on every
/// set (−5% on minimal 25×25, fewer on 19 of 24; −11% to −54% on the random-blank sets),
/// 2 and 4 lose on one set each (see bench/HISTORY.md).
pub const STABLE_LENGTH_FACTOR: u64 = 3;

/// The switches of the conflict-driven search, one per technique, so that each can be
/// measured on its own (`sudoku64 bench large --without ...`). [`Config::default`] is what
/// the measurements kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// When to restart.
    pub restarts: Restarts,
    /// A variable guessed again takes its last value (else: "holds", the stronger guess).
    pub phase_saving: bool,
    /// Drop learned-clause literals implied by the others (recursive minimisation).
    pub minimise: bool,
    /// Delete learned clauses by LBD and use (else: keep every one).
    pub reduce: bool,
    /// Check the blocker literal before reading a clause.
    pub blockers: bool,
    /// Failed-literal probing at the top level, before the search and after reductions.
    pub probing: bool,
    /// With [`Restarts::Alternate`], phase saving guides only the stable mode (long,
    /// Luby-spaced restarts); the focused mode's guesses always place the symbol.
    /// Saved phases lead back to where the search found solutions, which helps grids
    /// with many solutions and hinders proofs that there is no other one: split this
    /// way, minimal 25×25 puzzles need about 22% fewer conflicts and random-blank 36×36
    /// grids about 27% more than with phases in both modes (see bench/HISTORY.md).
    pub stable_phases: bool,
    /// Locked candidates (pointing and claiming) as a rule of propagation, explained by
    /// the places a symbol lost in the box or line it is confined to.
    pub locked_candidates: bool,
    /// Probing also fixes what every candidate of a cell (or every place of a symbol in a
    /// unit) implies, not only the candidates that fail.
    pub lifting: bool,
    /// Activity decay per contradiction.
    pub decay: f64,
    /// Start with activities that favour cells with few candidates.
    pub fewest_candidates_first: bool,
    /// After each analysis, also bump the placements that forced the learned clause's
    /// denials. Random-blank grids at 60% need a quarter of the contradictions with it,
    /// minimal 25×25 about 5% fewer (see bench/HISTORY.md).
    pub bump_reasons: bool,
    /// Shrink learned clauses: the literals of one guess level are replaced by the one
    /// literal of that level they all follow from (its unique implication point), when
    /// the other literals that step needs are in the clause already; else the denials
    /// one placement made give way to that placement. Minimal 25×25 puzzles need about
    /// 17% fewer contradictions with it, at 30% less time each, since shorter clauses
    /// are cheaper to watch (see bench/HISTORY.md).
    pub shrink: bool,
    /// In the stable mode, guesses take the values of the longest trail without a
    /// contradiction seen since the last restart (target phases), where one is known,
    /// rather than each variable's last value. It helps find solutions of grids with
    /// many: random-blank 49×49 grids at 60% need a fifth to a half of the
    /// contradictions, while minimal 25×25 puzzles and 36×36 grids stay within the noise
    /// (see bench/HISTORY.md).
    pub target_phases: bool,
    /// With [`Restarts::Alternate`], begin in the stable mode (else in the focused one).
    /// Random-blank grids at 60% need fewer contradictions to their first solution this
    /// way (a third to a tenth fewer, on 26 of 35 grids), and minimal 25×25 puzzles about
    /// as many (+4.7%, within the noise; see bench/HISTORY.md).
    pub start_stable: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            restarts: Restarts::Alternate,
            phase_saving: true,
            minimise: true,
            reduce: true,
            blockers: true,
            probing: true,
            locked_candidates: true,
            stable_phases: true,
            lifting: true,
            decay: 0.95,
            fewest_candidates_first: true,
            bump_reasons: true,
            shrink: true,
            target_phases: true,
            start_stable: true,
        }
    }
}

/// Limits of one [`Cdcl::solve`] call, as totals since the puzzle was loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Stop once this many contradictions were met.
    pub conflicts: u64,
    /// Stop once this much work (cells and clauses visited) was done.
    pub work: u64,
}

impl Budget {
    /// No limit.
    pub const NONE: Budget = Budget {
        conflicts: u64::MAX,
        work: u64::MAX,
    };
}

/// Work units between two calls of the caller's `go_on`: a millisecond or less.
const CHECK_INTERVAL: u64 = 1 << 15;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Loaded; the top level is not yet propagated.
    Fresh,
    /// Searching (or paused by a limit).
    Searching,
    /// A solution was just returned: the next call blocks it.
    AfterSolution,
    /// No (more) solutions.
    Exhausted,
}

/// A reusable conflict-driven search for one shape.
pub struct Cdcl {
    shape: Shape,
    geo: &'static Geometry,
    n: usize,
    /// ⌊2⁴⁰ / n⌋ + 1: `(x * reciprocal) >> 40` is `x / n` for every variable `x`
    /// (below 2¹⁸ = 64 × 64², and the error stays under 2⁻²² < 1 / n).
    reciprocal: u64,
    /// Rows and columns of cells in a box (r, c).
    /// Pointing and claiming through [`Geometry::overlaps`], for jigsaw regions and extra
    /// units, rather than along bands and stacks.
    general_locked: bool,
    box_rows: usize,
    box_columns: usize,
    /// Bits 0, c, 2c, ... (r of them): one column of a box, in the box's place bits.
    column_mask: u64,
    cells: usize,
    config: Config,
    state: State,

    // Assignment.
    vals: Vec<i8>,
    /// Per variable: its level, reason and analysis mark, side by side, so that the
    /// analyses' walks over antecedents read one cache line per variable, not three.
    meta: Vec<Meta>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,

    // Sudoku state.
    cand: Vec<u64>,
    fixed: Vec<u8>,
    open: usize,
    places: Vec<u64>,
    /// [`Self::cand`] and [`Self::places`] as the top level left them: what only a guess
    /// can have denied since.
    top_cand: Vec<u64>,
    top_places: Vec<u64>,

    // Clauses.
    arena: Vec<u32>,
    /// Learned clauses (arena offsets).
    learnts: Vec<u32>,
    /// Clauses that block solutions (never deleted).
    blocking: Vec<u32>,
    watches: Vec<Vec<Watch>>,
    /// One bit per literal, set when a clause starts watching it (cleared only when the
    /// watches are rebuilt): most literals made false have no watches, and this 64 KB
    /// map answers that at 64×64 where the lists' headers (12 MB) would miss the cache.
    watched: Vec<u64>,
    clause_inc: f32,

    // Guesses.
    activity: Vec<f64>,
    var_inc: f64,
    /// A binary max-heap of open variables by activity. Each entry carries a copy of its
    /// variable's activity (kept equal on every bump), so sifting compares entries of the
    /// heap itself instead of reading `activity` at scattered variables: at 64×64 those
    /// reads missed the cache at every step.
    heap: Vec<HeapEntry>,
    heap_pos: Vec<u32>,
    /// Per variable: its last value (+1, -1) or 0.
    phase: Vec<i8>,
    /// Per variable: its value in the longest trail without a contradiction since the
    /// last restart ([`Config::target_phases`]), or in an earlier such trail if that one
    /// does not reach it; 0 if no such trail did.
    target: Vec<i8>,
    /// The length of that longest trail since the last restart.
    target_len: usize,
    /// Where the first guesses' ties are broken at random ([`Cdcl::set_random_order`]):
    /// the random source's seed.
    shuffle: Option<u64>,

    // Analysis.
    level_stamp: Vec<u32>,
    stamp: u32,
    scratch: Vec<Var>,
    analyze_stack: Vec<Var>,
    analyze_toclear: Vec<Var>,
    /// The minimisation's walk: each variable on the path and where its antecedents
    /// begin in `analyze_stack`.
    minimise_frames: Vec<(Var, usize)>,

    // Restarts and reductions.
    ema_fast: f64,
    ema_slow: f64,
    since_restart: u64,
    luby_index: u64,
    /// Alternate mode: true while in the Luby phase.
    stable: bool,
    mode_ends_at: u64,
    mode_length: u64,
    next_reduce: u64,
    reduce_inc: u64,
    next_probe_work: u64,

    stats: Stats,
    next_check: u64,
    /// The first guess after every restart, if any ([`Cdcl::restrict`]).
    assumption: Option<Lit>,
    /// Probing: per literal, how many branches of the current group implied it, valid
    /// when its round mark is the current round.
    lift_count: Vec<u32>,
    lift_seen: Vec<u32>,
    lift_round: u32,
    /// Shrinking: variables of the level being shrunk, marked with the current round.
    shrink_mark: Vec<u32>,
    shrink_round: u32,
    shrink_buffer: Vec<Lit>,
    /// Shrinking: per variable of the clause being shrunk, its sort key (deepest level
    /// first, then by the literal that forced it), computed once rather than at every
    /// comparison.
    shrink_key: Vec<u64>,
    /// The solution of the last `Solution`.
    solution: Vec<u8>,
}

const NOT_IN_HEAP: u32 = u32::MAX;

impl Cdcl {
    /// A search for grids of this shape, with the default [`Config`].
    pub fn new(shape: Shape) -> Cdcl {
        Cdcl::with_config(shape, Config::default())
    }

    /// A search with chosen techniques.
    pub fn with_config(shape: Shape, config: Config) -> Cdcl {
        let (n, cells) = (shape.size(), shape.cell_count());
        let vars = cells * n;
        Cdcl {
            shape,
            geo: shape.geometry(),
            n,
            reciprocal: (1u64 << 40) / n as u64 + 1,
            general_locked: !shape.is_plain(),
            box_rows: shape.box_rows(),
            box_columns: shape.box_columns(),
            column_mask: (0..shape.box_rows())
                .fold(0, |m, i| m | 1u64 << (i * shape.box_columns())),
            cells,
            config,
            state: State::Exhausted,
            vals: vec![0; 2 * vars],
            meta: vec![Meta::default(); vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            cand: vec![0; cells],
            fixed: vec![0; cells],
            open: cells,
            places: vec![0; shape.unit_count() * n],
            top_cand: vec![0; cells],
            top_places: vec![0; shape.unit_count() * n],
            arena: Vec::new(),
            learnts: Vec::new(),
            blocking: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            watched: vec![0; (2 * vars).div_ceil(64)],
            clause_inc: 1.0,
            activity: vec![0.0; vars],
            var_inc: 1.0,
            heap: Vec::with_capacity(vars),
            heap_pos: vec![NOT_IN_HEAP; vars],
            phase: vec![0; vars],
            shuffle: None,
            target: vec![0; vars],
            target_len: 0,
            level_stamp: vec![0; cells + 2],
            stamp: 0,
            scratch: Vec::new(),
            analyze_stack: Vec::new(),
            analyze_toclear: Vec::new(),
            minimise_frames: Vec::new(),
            ema_fast: 0.0,
            ema_slow: 0.0,
            since_restart: 0,
            luby_index: 0,
            stable: false,
            mode_ends_at: 0,
            mode_length: 0,
            next_reduce: 0,
            reduce_inc: 0,
            next_probe_work: 0,
            stats: Stats::default(),
            next_check: CHECK_INTERVAL,
            assumption: None,
            lift_count: vec![0; 2 * vars],
            lift_seen: vec![0; 2 * vars],
            lift_round: 0,
            shrink_mark: vec![0; vars],
            shrink_round: 0,
            shrink_buffer: Vec::new(),
            shrink_key: vec![0; vars],
            solution: vec![0; cells],
        }
    }

    /// The shape this search is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The counters since the last load.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.learned = self.learnts.len() as u64;
        s.solved_cells = (self.cells - self.open) as u64;
        s
    }

    /// Contradictions met since the last load.
    pub fn conflicts(&self) -> u64 {
        self.stats.conflicts
    }

    /// Breaks ties between equally active guesses at random, from this seed (`None`: in
    /// variable order, as by default), for the searches of the questions loaded after.
    /// The first guesses of a fresh search all tie, so from an empty grid each seed finds
    /// its own full grid: the random fills of layouts the depth-first search finds hard
    /// to fill use it. Activity then takes over as usual, and the same seed gives the same
    /// path.
    pub fn set_random_order(&mut self, seed: Option<u64>) {
        self.shuffle = seed;
    }

    /// Loads a question: candidate masks, one per cell (bit `s - 1` for symbol `s`; bits
    /// beyond the shape's symbols are ignored). Forgets everything learned before: clauses
    /// learned under other masks may not hold under these.
    ///
    /// # Panics
    /// If `masks` does not have one entry per cell.
    pub fn load(&mut self, masks: &[u64]) {
        assert_eq!(masks.len(), self.cells, "one mask per cell");
        let n = self.n;
        let full = self.shape.full_mask();
        self.vals.fill(0);
        for m in &mut self.meta {
            m.reason = Reason::None;
        }
        self.trail.clear();
        self.trail_lim.clear();
        self.qhead = 0;
        self.cand.fill(full);
        self.fixed.fill(0);
        self.open = self.cells;
        self.places.fill(full);
        self.top_cand.fill(full);
        self.top_places.fill(full);
        self.arena.clear();
        self.learnts.clear();
        self.blocking.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.watched.fill(0);
        self.clause_inc = 1.0;
        self.activity.fill(0.0);
        self.var_inc = 1.0;
        self.heap.clear();
        self.heap_pos.fill(NOT_IN_HEAP);
        self.phase.fill(0);
        self.target.fill(0);
        self.target_len = 0;
        self.ema_fast = 0.0;
        self.ema_slow = 0.0;
        self.since_restart = 0;
        self.luby_index = 0;
        self.stable = self.config.start_stable && self.config.restarts == Restarts::Alternate;
        self.mode_length = 2_000;
        self.mode_ends_at = self.phase_length();
        self.next_reduce = 2_000;
        self.reduce_inc = 300;
        self.next_probe_work = 0;
        self.stats = Stats::default();
        self.next_check = CHECK_INTERVAL;
        self.assumption = None;
        self.state = State::Fresh;
        for (cell, &mask) in masks.iter().enumerate() {
            let mut out = full & !mask;
            while out != 0 {
                let s = out.trailing_zeros() as usize;
                out &= out - 1;
                self.assign(Lit::denies(self.var(cell, s)), Reason::None);
            }
        }
        debug_assert!(n <= 64);
    }

    /// Rules out one solution (found by another engine) for the rest of this search: a
    /// clause that some open cell differs from it.
    ///
    /// # Panics
    /// If the grid's shape is not the search's.
    pub fn block(&mut self, solution: &Grid) {
        assert_eq!(
            solution.shape(),
            self.shape,
            "the grid's shape is not the search's"
        );
        if self.state == State::AfterSolution {
            self.state = State::Searching;
            // Its own last solution is blocked by its guesses, as usual.
            if !self.block_own_solution() {
                return;
            }
        }
        if self.state == State::Exhausted {
            return;
        }
        self.backtrack(0);
        let mut clause = Vec::new();
        for (cell, &v) in solution.cells().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let var = self.var(cell, v as usize - 1);
            match self.vals[Lit::holds(var).index()] {
                1 => {}       // fixed at the top level: cannot differ
                -1 => return, // not a solution under these masks: nothing to block
                _ => clause.push(Lit::denies(var)),
            }
        }
        self.add_blocking(clause);
    }

    /// Restricts the next searches to solutions where `cell` does not hold `symbol`
    /// (`1..=n`), without forgetting what was learned: the restriction is the first guess
    /// after every restart, so clauses learned under it hold without it. A search that
    /// returns `Exhausted` with a restriction has proved that `cell` holds `symbol` in
    /// every solution left (a fact from then on), and lifts the restriction; the search
    /// goes on unless [`Cdcl::is_exhausted`] says so. `None` lifts it.
    pub fn restrict(&mut self, restriction: Option<(usize, u8)>) {
        if self.state == State::AfterSolution {
            self.state = State::Searching;
            if !self.block_own_solution() {
                return;
            }
        }
        self.backtrack(0);
        self.assumption = restriction.map(|(cell, v)| Lit::denies(self.var(cell, v as usize - 1)));
    }

    /// True when no solution is left at all (not only under a restriction).
    pub fn is_exhausted(&self) -> bool {
        self.state == State::Exhausted
    }

    /// True when the top level (the masks and what was proved since) fixes `cell`.
    pub fn is_fixed_at_top(&self, cell: usize) -> bool {
        let f = self.fixed[cell];
        f != 0 && self.meta[self.var(cell, f as usize - 1).0 as usize].level == 0
    }

    /// The solution of the last [`Cdcl::solve`] that returned `Solution`, as entries
    /// (`1..=n` per cell).
    pub fn solution_cells(&self) -> &[u8] {
        &self.solution
    }

    /// [`Cdcl::solution_cells`] as a grid.
    pub fn solution(&self) -> Grid {
        Grid::from_cells(self.shape, self.solution.clone())
            .unwrap_or_else(|_| unreachable!("a solution fits the grid"))
    }

    /// Searches for the next solution of the loaded masks. Returns `Solution` (read it
    /// with [`Cdcl::solution`]; the next call looks for another), `Exhausted` when there
    /// is none left, or `Stopped` when the budget ran out or `go_on` (asked about every
    /// millisecond of work) said no. A stopped search resumes where it was with the next
    /// call.
    pub fn solve(&mut self, budget: Budget, go_on: &mut dyn FnMut(&Stats) -> bool) -> Next {
        match self.state {
            State::Exhausted => return Next::Exhausted,
            State::AfterSolution => {
                self.state = State::Searching;
                if !self.block_own_solution() {
                    return Next::Exhausted;
                }
            }
            State::Fresh => {
                self.state = State::Searching;
                if self.propagate().is_some() {
                    self.state = State::Exhausted;
                    return Next::Exhausted;
                }
                self.init_heap();
                if self.config.probing && !self.probe(go_on) {
                    return self.finish_probe();
                }
            }
            State::Searching => {}
        }
        loop {
            if self.stats.work >= self.next_check {
                self.next_check = self.stats.work + CHECK_INTERVAL;
                if !go_on(&self.stats()) {
                    return Next::Stopped;
                }
            }
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                self.since_restart += 1;
                if self.trail_lim.is_empty() {
                    self.state = State::Exhausted;
                    return Next::Exhausted;
                }
                if self.stable && self.config.target_phases {
                    self.update_target();
                }
                self.resolve_conflict(conflict);
                if self.stats.conflicts >= budget.conflicts || self.stats.work >= budget.work {
                    return Next::Stopped;
                }
                continue;
            }
            if self.open == 0 {
                for cell in 0..self.cells {
                    self.solution[cell] = self.fixed[cell];
                }
                self.stats.solutions += 1;
                self.state = State::AfterSolution;
                return Next::Solution;
            }
            if self.restart_due() {
                self.restart();
                if self.stats.conflicts >= self.next_reduce && !self.reduce_and_probe(go_on) {
                    return self.finish_probe();
                }
                continue;
            }
            if self.stats.work >= budget.work {
                return Next::Stopped;
            }
            if let Some(a) = self.assumption
                && self.trail_lim.is_empty()
            {
                match self.value(a) {
                    -1 => {
                        // Refuted: its negation holds at the top level from now on.
                        self.assumption = None;
                        return Next::Exhausted;
                    }
                    0 => {
                        self.stats.decisions += 1;
                        self.trail_lim.push(self.trail.len());
                        self.assign(a, Reason::None);
                        continue;
                    }
                    _ => {}
                }
            }
            let Some(lit) = self.pick_branch() else {
                // Every variable has a value but some cell is not fixed: cannot happen
                // after a full propagation; never claim a solution without one.
                debug_assert!(false, "no variable left to guess with open cells");
                self.state = State::Exhausted;
                return Next::Exhausted;
            };
            self.stats.decisions += 1;
            self.trail_lim.push(self.trail.len());
            self.assign(lit, Reason::None);
        }
    }

    /// After probing stopped early: `Exhausted` if it proved there is no solution, else
    /// `Stopped` (the caller said stop).
    fn finish_probe(&mut self) -> Next {
        if self.state == State::Exhausted {
            Next::Exhausted
        } else {
            Next::Stopped
        }
    }

    #[inline]
    fn var(&self, cell: usize, symbol: usize) -> Var {
        Var((cell * self.n + symbol) as u32)
    }

    /// The cell and symbol of a variable, dividing by a multiplication: a division by
    /// the size, known only at run time, stood out in the profile of `propagate`.
    #[inline]
    fn cell_of(&self, v: Var) -> (usize, usize) {
        debug_assert!(v.0 < 1 << 18);
        let cell = ((v.0 as u64 * self.reciprocal) >> 40) as usize;
        (cell, v.0 as usize - cell * self.n)
    }

    #[inline]
    fn value(&self, lit: Lit) -> i8 {
        self.vals[lit.index()]
    }

    #[inline]
    fn level_now(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Gives a literal the value true, and updates the masks at once, so that later
    /// checks in the same propagation see it.
    #[inline]
    fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = lit.var();
        debug_assert_eq!(self.vals[lit.index()], 0);
        self.vals[lit.index()] = 1;
        self.vals[lit.negate().index()] = -1;
        self.meta[v.0 as usize].level = self.level_now();
        self.meta[v.0 as usize].reason = reason;
        self.trail.push(lit);
        let (cell, s) = self.cell_of(v);
        if lit.is_denial() {
            self.cand[cell] &= !(1u64 << s);
            let units = self.geo.units_of(cell);
            let at = self.geo.index_in(cell);
            for j in 0..units.len() {
                self.places[units[j] as usize * self.n + s] &= !(1u64 << at[j]);
            }
            if self.trail_lim.is_empty() {
                self.top_cand[cell] = self.cand[cell];
                for j in 0..units.len() {
                    let k = units[j] as usize * self.n + s;
                    self.top_places[k] = self.places[k];
                }
            }
        } else if self.fixed[cell] == 0 {
            // A second symbol asserted in the same cell (two singles at once) leaves the
            // first in place: propagating either finds the pair a contradiction.
            self.fixed[cell] = s as u8 + 1;
            self.open -= 1;
        }
    }

    fn backtrack(&mut self, level: u32) {
        if self.level_now() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        let n = self.n;
        for i in (keep..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = lit.var();
            let (cell, s) = self.cell_of(v);
            if lit.is_denial() {
                self.cand[cell] |= 1u64 << s;
                let units = self.geo.units_of(cell);
                let at = self.geo.index_in(cell);
                for j in 0..units.len() {
                    self.places[units[j] as usize * n + s] |= 1u64 << at[j];
                }
                self.phase[v.0 as usize] = -1;
            } else {
                if self.fixed[cell] == s as u8 + 1 {
                    self.fixed[cell] = 0;
                    self.open += 1;
                }
                self.phase[v.0 as usize] = 1;
            }
            self.vals[lit.index()] = 0;
            self.vals[lit.negate().index()] = 0;
            self.heap_insert(v);
        }
        self.trail.truncate(keep);
        self.trail_lim.truncate(level as usize);
        self.qhead = self.trail.len();
    }

    /// Runs every consequence of the trail to a fixpoint: the rules first, then the
    /// clauses watching each literal made false.
    fn propagate(&mut self) -> Option<Conflict> {
        let n = self.n;
        while self.qhead < self.trail.len() {
            let lit = self.trail[self.qhead];
            self.qhead += 1;
            let v = lit.var();
            let (cell, s) = self.cell_of(v);
            let bit = 1u64 << s;
            if lit.is_denial() {
                self.stats.work += 4;
                let m = self.cand[cell];
                if m == 0 {
                    return Some(Conflict::Cell(cell as u32));
                }
                if m & (m - 1) == 0 && self.fixed[cell] == 0 {
                    let only = Lit::holds(self.var(cell, m.trailing_zeros() as usize));
                    if self.value(only) == 0 {
                        self.assign(only, Reason::Cell);
                    }
                }
                let units = self.geo.units_of(cell);
                for &u in units {
                    let p = self.places[u as usize * n + s];
                    if p == 0 {
                        return Some(Conflict::Unit(u, s as u8));
                    }
                    if p & (p - 1) == 0 {
                        let q = self.geo.unit(u as usize)[p.trailing_zeros() as usize] as usize;
                        let ql = Lit::holds(self.var(q, s));
                        if self.value(ql) == 0 {
                            self.assign(ql, Reason::Unit(u));
                        }
                    } else if self.config.locked_candidates {
                        self.locked(u as usize, p, s);
                    }
                }
            } else {
                // The other symbols of the cell, then the symbol in the peers.
                let mut others = self.cand[cell] & !bit;
                while others != 0 {
                    let w = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let other = self.var(cell, w);
                    if self.value(Lit::holds(other)) == 1 {
                        return Some(Conflict::Pair(v, other));
                    }
                    self.assign(Lit::denies(other), Reason::Var(v));
                }
                let peers = self.geo.peers(cell);
                self.stats.work += peers.len() as u64 / 4 + 1;
                for &p in peers {
                    let p = p as usize;
                    if self.cand[p] & bit == 0 {
                        continue;
                    }
                    let pv = self.var(p, s);
                    if self.value(Lit::holds(pv)) == 1 {
                        return Some(Conflict::Pair(v, pv));
                    }
                    self.assign(Lit::denies(pv), Reason::Var(v));
                }
            }
            if let Some(conflict) = self.visit_watches(lit.negate()) {
                return Some(conflict);
            }
        }
        None
    }

    /// Locked candidates for symbol `s` in unit `from`, whose places are `p`: when they
    /// all lie where `from` meets one other unit (a box and a row or column), that unit's
    /// other cells lose `s`. A cell there that holds `s` is left alone: propagating it
    /// empties `from` of places, a contradiction found anyway.
    #[inline]
    fn locked(&mut self, from: usize, p: u64, s: usize) {
        if self.general_locked {
            return self.locked_through_overlaps(from, p, s);
        }
        let (n, r, c) = (self.n, self.box_rows, self.box_columns);
        let (rmask, cmask) = ((1u64 << r) - 1, (1u64 << c) - 1);
        let stacks = n / c;
        let (kind, idx) = (from / n, from % n);
        let low = p.trailing_zeros() as usize;
        // The unit met, and where `from` lies within it (bits of that unit's places).
        let (to, inside) = match kind {
            // A row's places are its columns: the stack of the lowest one must hold all.
            // Within that box the row is one row of c places.
            0 => {
                let stack = low / c;
                if p >> (stack * c) > cmask {
                    return;
                }
                (2 * n + idx / r * stacks + stack, cmask << (idx % r * c))
            }
            // A column's places are its rows: the band of the lowest one must hold all.
            // Within that box the column is every c-th place.
            1 => {
                let band = low / r;
                if p >> (band * r) > rmask {
                    return;
                }
                (
                    2 * n + band * stacks + idx / c,
                    self.column_mask << (idx % c),
                )
            }
            // A box's places run in reading order, c to a row.
            _ => {
                let (top, left) = (idx / stacks * r, idx % stacks * c);
                let (i, j) = (low / c, low % c);
                if p & !(cmask << (i * c)) == 0 {
                    (top + i, cmask << left)
                } else if p & !(self.column_mask << j) == 0 {
                    (n + left + j, rmask << top)
                } else {
                    return;
                }
            }
        };
        self.deny_outside(from, to, self.places[to * n + s] & !inside, s);
    }

    /// Denies symbol `s` at the places `outside` of unit `to` (bits of its places): the
    /// symbol is locked where `to` meets unit `from`.
    fn deny_outside(&mut self, from: usize, to: usize, mut outside: u64, s: usize) {
        if outside == 0 {
            return;
        }
        self.stats.work += 2;
        let reason = Reason::Locked(from as u16, to as u16);
        while outside != 0 {
            let at = outside.trailing_zeros() as usize;
            outside &= outside - 1;
            let q = self.geo.unit(to)[at] as usize;
            let lit = Lit::denies(self.var(q, s));
            if self.value(lit) == 0 {
                self.assign(lit, reason);
            }
        }
    }

    /// [`Cdcl::locked`] for any units, through [`Geometry::overlaps`]: for jigsaw regions
    /// and extra units, where bands and stacks of r×c boxes do not describe the overlaps.
    fn locked_through_overlaps(&mut self, from: usize, p: u64, s: usize) {
        let n = self.n;
        let geo = self.geo;
        for overlap in geo.overlaps(from) {
            if p & !overlap.here != 0 {
                continue;
            }
            let to = overlap.unit as usize;
            self.deny_outside(from, to, self.places[to * n + s] & !overlap.there, s);
        }
    }

    /// The clauses watching a literal that just became false: each finds another literal
    /// to watch, asserts its last one, or is the contradiction.
    fn visit_watches(&mut self, false_lit: Lit) -> Option<Conflict> {
        let at = false_lit.index();
        if self.watched[at / 64] & 1 << (at % 64) == 0 {
            return None;
        }
        let mut list = std::mem::take(&mut self.watches[false_lit.index()]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        let blockers = self.config.blockers;
        while i < list.len() {
            let w = list[i];
            i += 1;
            self.stats.work += 1;
            if blockers && self.value(w.blocker) == 1 {
                list[j] = w;
                j += 1;
                continue;
            }
            if w.cref & BINARY != 0 {
                list[j] = w;
                j += 1;
                match self.value(w.blocker) {
                    1 => {}
                    -1 => {
                        conflict = Some(Conflict::Clause(w.cref & !BINARY));
                        break;
                    }
                    _ => self.assign(w.blocker, Reason::Clause(w.cref & !BINARY)),
                }
                continue;
            }
            let c = w.cref as usize;
            let len = self.arena[c] as usize;
            let lits = c + HEADER;
            if self.arena[lits] == false_lit.0 {
                self.arena.swap(lits, lits + 1);
            }
            let first = Lit(self.arena[lits]);
            if self.value(first) == 1 {
                list[j] = Watch {
                    cref: w.cref,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            // Look for a literal not false, from where the last look stopped (long clauses
            // are read once around, not from the start each time).
            let mut moved = false;
            let saved = (self.arena[c + 3] as usize).clamp(2, len.max(2));
            let mut k = saved;
            let mut looked = 0;
            while looked < len - 2 {
                if k >= len {
                    k = 2;
                }
                let lit = Lit(self.arena[lits + k]);
                if self.value(lit) != -1 {
                    self.arena.swap(lits + 1, lits + k);
                    self.arena[c + 3] = k as u32;
                    self.add_watch(
                        lit,
                        Watch {
                            cref: w.cref,
                            blocker: first,
                        },
                    );
                    moved = true;
                    break;
                }
                k += 1;
                looked += 1;
            }
            self.stats.work += looked as u64 / 8;
            if moved {
                continue;
            }
            list[j] = Watch {
                cref: w.cref,
                blocker: first,
            };
            j += 1;
            match self.value(first) {
                1 => {}
                -1 => {
                    conflict = Some(Conflict::Clause(w.cref));
                    break;
                }
                _ => self.assign(first, Reason::Clause(w.cref)),
            }
        }
        // After a conflict, the clauses not visited keep their watch here.
        while i < list.len() {
            list[j] = list[i];
            i += 1;
            j += 1;
        }
        list.truncate(j);
        self.watches[false_lit.index()] = list;
        conflict
    }

    /// The literals of a clause in the arena.
    #[inline]
    fn clause(&self, cref: u32) -> &[u32] {
        let c = cref as usize;
        let len = self.arena[c] as usize;
        &self.arena[c + HEADER..c + HEADER + len]
    }

    /// Into `self.scratch`: the variables whose values forced `var` (all assigned before
    /// it), leaving out the denials of the top level that a native rule rests on.
    fn antecedents(&mut self, v: Var) {
        let n = self.n;
        let (cell, s) = self.cell_of(v);
        self.scratch.clear();
        match self.meta[v.0 as usize].reason {
            Reason::None => {}
            Reason::Var(by) => self.scratch.push(by),
            // Denials of the top level are left out (every caller skips facts), which
            // spares a look at each: at 60% blank most of a cell's symbols and a unit's
            // places go at the top level.
            Reason::Cell => {
                let mut others = self.top_cand[cell] & !(1u64 << s);
                while others != 0 {
                    let w = others.trailing_zeros() as usize;
                    others &= others - 1;
                    self.scratch.push(Var((cell * n + w) as u32));
                }
            }
            Reason::Unit(u) => {
                let unit = self.geo.unit(u as usize);
                let mut at = self.top_places[u as usize * n + s];
                while at != 0 {
                    let q = unit[at.trailing_zeros() as usize] as usize;
                    at &= at - 1;
                    if q != cell {
                        self.scratch.push(Var((q * n + s) as u32));
                    }
                }
            }
            Reason::Locked(from, to) => {
                let unit = self.geo.unit(from as usize);
                let mut at = self.top_places[from as usize * n + s];
                while at != 0 {
                    let q = unit[at.trailing_zeros() as usize];
                    at &= at - 1;
                    if !self.geo.units_of(q as usize).contains(&to) {
                        self.scratch.push(Var((q as usize * n + s) as u32));
                    }
                }
            }
            Reason::Clause(cref) => {
                let c = cref as usize;
                let len = self.arena[c] as usize;
                for k in 0..len {
                    let lit = Lit(self.arena[c + HEADER + k]);
                    if lit.var() != v {
                        self.scratch.push(lit.var());
                    }
                }
            }
        }
    }

    /// Into `self.scratch`: the variables of a contradiction.
    fn conflict_vars(&mut self, conflict: Conflict) {
        let n = self.n;
        self.scratch.clear();
        match conflict {
            Conflict::Pair(a, b) => self.scratch.extend([a, b]),
            Conflict::Cell(cell) => {
                let cell = cell as usize;
                self.scratch
                    .extend((0..n).map(|w| Var((cell * n + w) as u32)));
            }
            Conflict::Unit(u, s) => {
                for &q in self.geo.unit(u as usize) {
                    self.scratch.push(Var((q as usize * n + s as usize) as u32));
                }
            }
            Conflict::Clause(cref) => {
                let lits: Vec<Var> = self.clause(cref).iter().map(|&l| Lit(l).var()).collect();
                self.scratch.extend(lits);
            }
        }
    }

    /// The literal of an assigned variable that is false now.
    #[inline]
    fn false_lit(&self, v: Var) -> Lit {
        if self.vals[Lit::holds(v).index()] == 1 {
            Lit::denies(v)
        } else {
            Lit::holds(v)
        }
    }

    /// Marks a clause as used by an analysis: its activity grows, and a learned clause's
    /// LBD is recomputed (it only ever shrinks).
    fn touch_clause(&mut self, cref: u32) {
        let c = cref as usize;
        let flags = self.arena[c + 1];
        if flags & LEARNT == 0 {
            return;
        }
        let activity = f32::from_bits(self.arena[c + 2]) + self.clause_inc;
        self.arena[c + 2] = activity.to_bits();
        if activity > 1e20 {
            for &l in &self.learnts {
                let a = f32::from_bits(self.arena[l as usize + 2]) * 1e-20;
                self.arena[l as usize + 2] = a.to_bits();
            }
            self.clause_inc *= 1e-20;
        }
        let old = flags & LBD_MASK;
        if old > 2 {
            let len = self.arena[c] as usize;
            self.new_stamp();
            let mut lbd = 0;
            for k in 0..len {
                let lit = Lit(self.arena[c + HEADER + k]);
                lbd += self.stamp_level(lit) as u32;
            }
            if lbd < old {
                self.arena[c + 1] = (flags & !LBD_MASK) | lbd;
            }
        }
        self.arena[c + 1] |= USED;
    }

    /// The number of distinct guess levels among some assigned literals.
    fn lbd_of(&mut self, lits: &[Lit]) -> u32 {
        self.new_stamp();
        lits.iter().map(|&lit| self.stamp_level(lit) as u32).sum()
    }

    fn new_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.level_stamp.fill(0);
            self.stamp = 1;
        }
    }

    /// Marks the level of an assigned literal; true when it was not marked yet.
    #[inline]
    fn stamp_level(&mut self, lit: Lit) -> bool {
        let level = self.meta[lit.var().0 as usize].level as usize;
        if level >= self.level_stamp.len() {
            self.level_stamp.resize(level + 1, 0);
        }
        let fresh = self.level_stamp[level] != self.stamp;
        self.level_stamp[level] = self.stamp;
        fresh
    }

    /// First-UIP analysis of a contradiction, then back to the right level with the
    /// learned clause asserting its first literal.
    fn resolve_conflict(&mut self, conflict: Conflict) {
        let now = self.level_now();
        let mut learnt: Vec<Lit> = vec![Lit(0)];
        let mut open = 0usize;
        let mut index = self.trail.len();
        if let Conflict::Clause(cref) = conflict {
            self.touch_clause(cref);
        }
        self.conflict_vars(conflict);
        loop {
            let vars = std::mem::take(&mut self.scratch);
            for &x in &vars {
                let xi = x.0 as usize;
                if self.meta[xi].seen != 0 || self.meta[xi].level == 0 {
                    continue;
                }
                debug_assert_ne!(self.vals[Lit::holds(x).index()], 0);
                self.meta[xi].seen = 1;
                self.bump(x);
                if self.meta[xi].level == now {
                    open += 1;
                } else {
                    learnt.push(self.false_lit(x));
                }
            }
            self.scratch = vars;
            // The next marked variable of this level, latest first.
            let p = loop {
                index -= 1;
                let p = self.trail[index].var();
                if self.meta[p.0 as usize].seen != 0 {
                    break p;
                }
            };
            self.meta[p.0 as usize].seen = 0;
            open -= 1;
            if open == 0 {
                learnt[0] = self.false_lit(p);
                break;
            }
            if let Reason::Clause(cref) = self.meta[p.0 as usize].reason {
                self.touch_clause(cref);
            }
            self.antecedents(p);
        }
        if self.config.minimise {
            self.minimise(&mut learnt);
        }
        if self.config.shrink {
            self.shrink(&mut learnt);
        }
        if self.config.bump_reasons {
            self.bump_reasons(&learnt);
        }
        for &lit in &learnt[1..] {
            self.meta[lit.var().0 as usize].seen = 0;
        }
        // The deepest other level goes second, to be watched.
        let mut back_to = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.meta[learnt[i].var().0 as usize].level
                    > self.meta[learnt[best].var().0 as usize].level
                {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back_to = self.meta[learnt[1].var().0 as usize].level;
        }
        let lbd = self.lbd_of(&learnt);
        self.update_averages(lbd);
        self.backtrack(back_to);
        self.learn(learnt, lbd);
        self.var_inc /= self.config.decay;
        self.clause_inc /= 0.999;
    }

    /// Bumps the literals that alone forced the learned clause's literals: for a denial,
    /// the placement that made it (in a peer, or another symbol in its own cell). They
    /// took part in the contradiction as much as the clause's own literals (CaDiCaL
    /// bumps reasons' literals the same way). The wider reasons of the native rules (a
    /// cell's other candidates, a unit's other places) and of clauses are left out:
    /// bumping them too took as many contradictions on minimal 25×25 and twice as many
    /// on random-blank grids, at more cost each. The literals of `learnt[1..]` are
    /// marked `seen` on entry.
    fn bump_reasons(&mut self, learnt: &[Lit]) {
        const MARK: u8 = 4;
        let mut marked = std::mem::take(&mut self.analyze_stack);
        marked.clear();
        // The first literal's reasons lie on the contradiction's level, where the
        // analysis bumped them already.
        for &lit in &learnt[1..] {
            if let Reason::Var(x) = self.meta[lit.var().0 as usize].reason {
                let xi = x.0 as usize;
                if self.meta[xi].seen == 0 && self.meta[xi].level != 0 {
                    self.meta[xi].seen = MARK;
                    marked.push(x);
                }
            }
        }
        for &x in &marked {
            self.meta[x.0 as usize].seen = 0;
            self.bump(x);
        }
        self.analyze_stack = marked;
    }

    /// Drops the literals of a learned clause whose falsity the others imply, following
    /// reasons recursively (MiniSat's `litRedundant`, with the levels of the clause as a
    /// filter: a variable of another level rests on that level's guess). The literals of
    /// `learnt` are marked `seen` on entry.
    fn minimise(&mut self, learnt: &mut Vec<Lit>) {
        #[cfg(test)]
        let expected = tests::CHECK_MINIMISATION
            .get()
            .then(|| self.minimised_by_definition(learnt));
        self.new_stamp();
        for &lit in &learnt[1..] {
            self.stamp_level(lit);
        }
        self.analyze_toclear.clear();
        let mut kept = 1;
        for i in 1..learnt.len() {
            let lit = learnt[i];
            let v = lit.var();
            if self.meta[v.0 as usize].reason == Reason::None || !self.redundant(v) {
                learnt[kept] = lit;
                kept += 1;
            } else {
                // Dropped, but it stays marked (as in the clause) until the end.
                self.analyze_toclear.push(v);
            }
        }
        learnt.truncate(kept);
        for &v in &self.analyze_toclear {
            self.meta[v.0 as usize].seen = 0;
        }
        self.analyze_toclear.clear();
        #[cfg(test)]
        if let Some(expected) = expected {
            assert_eq!(
                *learnt, expected,
                "the minimisation keeps what the definition keeps"
            );
        }
    }

    /// The minimised clause by the definition, for the tests: a literal goes when its
    /// variable has a reason and every antecedent (the top level's included) is a fact,
    /// in the clause, or itself goes by the same rule at one of the clause's levels.
    #[cfg(test)]
    fn minimised_by_definition(&self, learnt: &[Lit]) -> Vec<Lit> {
        use std::collections::{HashMap, HashSet};
        let in_clause: HashSet<u32> = learnt[1..].iter().map(|l| l.var().0).collect();
        let levels: HashSet<u32> = learnt[1..]
            .iter()
            .map(|l| self.meta[l.var().0 as usize].level)
            .collect();
        let mut settled: HashMap<u32, bool> = HashMap::new();
        // Whether every antecedent of `v` passes, settling variables bottom-up.
        let mut implied = |v: Var| -> bool {
            let mut stack = vec![(v, false)];
            while let Some((x, expanded)) = stack.pop() {
                let ante = self.all_antecedents(x);
                let passes = |y: &Var, settled: &HashMap<u32, bool>| {
                    let m = self.meta[y.0 as usize];
                    m.level == 0 || in_clause.contains(&y.0) || settled.get(&y.0) == Some(&true)
                };
                let open: Vec<Var> = ante
                    .iter()
                    .copied()
                    .filter(|y| !passes(y, &settled) && !settled.contains_key(&y.0))
                    .filter(|y| {
                        let m = self.meta[y.0 as usize];
                        m.reason != Reason::None && levels.contains(&m.level)
                    })
                    .collect();
                if !expanded && !open.is_empty() {
                    stack.push((x, true));
                    stack.extend(open.into_iter().map(|y| (y, false)));
                    continue;
                }
                let ok = ante.iter().all(|y| passes(y, &settled));
                settled.insert(x.0, ok);
            }
            settled[&v.0]
        };
        let mut kept = vec![learnt[0]];
        for &lit in &learnt[1..] {
            let v = lit.var();
            // The clause's own literals are settled afresh: they pass as members anyway.
            if self.meta[v.0 as usize].reason == Reason::None || !implied(v) {
                kept.push(lit);
            }
        }
        kept
    }

    /// Every antecedent of `v`, the top level's denials included (what
    /// [`Cdcl::antecedents`] leaves out), for the tests.
    #[cfg(test)]
    fn all_antecedents(&self, v: Var) -> Vec<Var> {
        let n = self.n;
        let (cell, s) = self.cell_of(v);
        let of = |q: usize| Var((q * n + s) as u32);
        match self.meta[v.0 as usize].reason {
            Reason::None => vec![],
            Reason::Var(by) => vec![by],
            Reason::Cell => (0..n)
                .filter(|&w| w != s)
                .map(|w| Var((cell * n + w) as u32))
                .collect(),
            Reason::Unit(u) => self
                .geo
                .unit(u as usize)
                .iter()
                .map(|&q| q as usize)
                .filter(|&q| q != cell)
                .map(of)
                .collect(),
            Reason::Locked(from, to) => self
                .geo
                .unit(from as usize)
                .iter()
                .filter(|&&q| !self.geo.units_of(q as usize).contains(&to))
                .map(|&q| of(q as usize))
                .collect(),
            Reason::Clause(cref) => self
                .clause(cref)
                .iter()
                .map(|&l| Lit(l).var())
                .filter(|&x| x != v)
                .collect(),
        }
    }

    /// Whether `v` (in the clause) is implied by the clause's other literals: every
    /// antecedent is in the clause, at the top level, or itself implied.
    ///
    /// A depth-first walk over antecedents that settles each variable once per clause: a
    /// variable whose antecedents all pass is marked removable when its walk ends, and
    /// when one fails, every variable on the path down to it is marked failed too (each
    /// has an antecedent that is not implied). A walk that instead undoes its marks on
    /// failure (MiniSat's) gives the same answers, but the clause's next literals walk the
    /// same antecedents again: at 64×64, with clauses of some 450 literals whose reasons
    /// have 63 antecedents each, that was 19,000 antecedents per contradiction.
    fn redundant(&mut self, v: Var) -> bool {
        const REMOVABLE: u8 = 2;
        const FAILED: u8 = 3;
        let mut frames = std::mem::take(&mut self.minimise_frames);
        let mut pending = std::mem::take(&mut self.analyze_stack);
        frames.clear();
        pending.clear();
        self.antecedents(v);
        pending.extend_from_slice(&self.scratch);
        frames.push((v, 0));
        let implied = loop {
            let Some(&(x, begin)) = frames.last() else {
                break true;
            };
            if pending.len() == begin {
                // Every antecedent of `x` passed.
                frames.pop();
                if x != v {
                    self.meta[x.0 as usize].seen = REMOVABLE;
                    self.analyze_toclear.push(x);
                }
                continue;
            }
            let y = pending.pop().expect("an antecedent of `x` is pending");
            let m = self.meta[y.0 as usize];
            if m.level == 0 || m.seen == 1 || m.seen == REMOVABLE {
                continue;
            }
            if m.reason != Reason::None
                && m.seen != FAILED
                && self.level_stamp.get(m.level as usize) == Some(&self.stamp)
            {
                self.antecedents(y);
                let at = pending.len();
                pending.extend_from_slice(&self.scratch);
                frames.push((y, at));
                continue;
            }
            if m.seen == 0 {
                self.meta[y.0 as usize].seen = FAILED;
                self.analyze_toclear.push(y);
            }
            for &(z, _) in &frames[1..] {
                self.meta[z.0 as usize].seen = FAILED;
                self.analyze_toclear.push(z);
            }
            break false;
        };
        self.minimise_frames = frames;
        self.analyze_stack = pending;
        implied
    }

    /// Shortens a learned clause, one lower guess level at a time, deepest first:
    /// - the level's literals give way to the one literal of that level they all follow
    ///   from, when the antecedents of lower levels met on the way back to it are in the
    ///   clause already (all-UIP shrinking, Fleury and Biere 2020);
    /// - else, literals forced by one and the same literal (a placement's denials in its
    ///   peers, or in its own cell) give way to that literal.
    ///
    /// Each step resolves on reasons, so the clause still follows from the rules and the
    /// clauses; it keeps its levels (its LBD) and loses literals. A level's walk may rest
    /// on literals of lower levels that give way later, to literals that imply them. The
    /// literals of `learnt[1..]` are marked `seen` on entry and on exit.
    fn shrink(&mut self, learnt: &mut Vec<Lit>) {
        if learnt.len() < 3 {
            return;
        }
        let mut rest = std::mem::take(&mut self.shrink_buffer);
        rest.clear();
        rest.extend_from_slice(&learnt[1..]);
        for &l in &rest {
            let forcer = self.forced_by(l).map_or(u32::MAX, |x| x.0);
            let deeper_first = u32::MAX - self.meta[l.var().0 as usize].level;
            self.shrink_key[l.var().0 as usize] = (deeper_first as u64) << 32 | forcer as u64;
        }
        let keys = &self.shrink_key;
        rest.sort_unstable_by_key(|&l| keys[l.var().0 as usize]);
        learnt.truncate(1);
        let mut i = 0;
        while i < rest.len() {
            let level = self.meta[rest[i].var().0 as usize].level;
            let mut j = i + 1;
            while j < rest.len() && self.meta[rest[j].var().0 as usize].level == level {
                j += 1;
            }
            if j - i == 1 {
                learnt.push(rest[i]);
            } else if let Some(uip) = self.level_uip(&rest[i..j], level) {
                self.give_way(&rest[i..j], uip, learnt);
            } else {
                let mut a = i;
                while a < j {
                    let forcer = self.forced_by(rest[a]);
                    let mut b = a + 1;
                    while b < j && forcer.is_some() && self.forced_by(rest[b]) == forcer {
                        b += 1;
                    }
                    match forcer {
                        Some(x) if b - a > 1 && self.meta[x.0 as usize].seen == 0 => {
                            // Propagation runs to its end before each guess, so what a
                            // literal forces lies on its level: `x` joins no other level.
                            debug_assert_eq!(self.meta[x.0 as usize].level, level);
                            self.give_way(&rest[a..b], x, learnt)
                        }
                        _ => learnt.extend_from_slice(&rest[a..b]),
                    }
                    a = b;
                }
            }
            i = j;
        }
        self.shrink_buffer = rest;
    }

    /// The literal that alone forced this literal's variable, if one did.
    #[inline]
    fn forced_by(&self, lit: Lit) -> Option<Var> {
        match self.meta[lit.var().0 as usize].reason {
            Reason::Var(x) => Some(x),
            _ => None,
        }
    }

    /// Puts `by` in the clause in place of `lits`, which it implies.
    fn give_way(&mut self, lits: &[Lit], by: Var, learnt: &mut Vec<Lit>) {
        for lit in lits {
            self.meta[lit.var().0 as usize].seen = 0;
        }
        self.meta[by.0 as usize].seen = 1;
        learnt.push(self.false_lit(by));
        self.stats.work += 1;
    }

    /// The variable of `level` that every literal of `lits` (all of that level) follows
    /// from within the level, if the antecedents of lower levels met on the way are all
    /// in the clause (`seen`) or facts.
    fn level_uip(&mut self, lits: &[Lit], level: u32) -> Option<Var> {
        self.shrink_round = self.shrink_round.wrapping_add(1);
        if self.shrink_round == 0 {
            self.shrink_mark.fill(0);
            self.shrink_round = 1;
        }
        let round = self.shrink_round;
        for lit in lits {
            self.shrink_mark[lit.var().0 as usize] = round;
        }
        let mut open = lits.len();
        let mut index = self.trail_lim[level as usize];
        loop {
            index -= 1;
            let p = self.trail[index].var();
            if self.shrink_mark[p.0 as usize] != round {
                continue;
            }
            open -= 1;
            if open == 0 {
                return Some(p);
            }
            if self.meta[p.0 as usize].reason == Reason::None {
                // A guess with others of its level still open: no single literal.
                return None;
            }
            self.antecedents(p);
            self.stats.work += 1;
            let vars = std::mem::take(&mut self.scratch);
            let mut ok = true;
            for &y in &vars {
                let yi = y.0 as usize;
                let at = self.meta[yi].level;
                if at == level {
                    if self.shrink_mark[yi] != round {
                        self.shrink_mark[yi] = round;
                        open += 1;
                    }
                } else if at != 0 && self.meta[yi].seen != 1 {
                    ok = false;
                    break;
                }
            }
            self.scratch = vars;
            if !ok {
                return None;
            }
        }
    }

    /// Stores a learned clause and asserts its first literal.
    fn learn(&mut self, learnt: Vec<Lit>, lbd: u32) {
        let first = learnt[0];
        if learnt.len() == 1 {
            self.assign(first, Reason::None);
            return;
        }
        let cref = self.alloc(&learnt, LEARNT | lbd.min(LBD_MASK));
        self.learnts.push(cref);
        self.watch_clause(cref, &learnt);
        self.assign(first, Reason::Clause(cref));
    }

    /// Puts a clause in the arena; returns its offset.
    fn alloc(&mut self, lits: &[Lit], flags: u32) -> u32 {
        let cref = self.arena.len() as u32;
        debug_assert!(cref & BINARY == 0, "the clause arena outgrew its offsets");
        self.arena.push(lits.len() as u32);
        self.arena.push(flags);
        self.arena.push(0f32.to_bits());
        self.arena.push(2);
        self.arena.extend(lits.iter().map(|l| l.0));
        cref
    }

    /// Watches the first two literals of a clause of two or more.
    fn watch_clause(&mut self, cref: u32, lits: &[Lit]) {
        let tag = if lits.len() == 2 { BINARY } else { 0 };
        self.add_watch(
            lits[0],
            Watch {
                cref: cref | tag,
                blocker: lits[1],
            },
        );
        self.add_watch(
            lits[1],
            Watch {
                cref: cref | tag,
                blocker: lits[0],
            },
        );
    }

    /// Puts a watch on `lit`'s list and marks the literal as watched.
    #[inline]
    fn add_watch(&mut self, lit: Lit, watch: Watch) {
        let at = lit.index();
        self.watched[at / 64] |= 1 << (at % 64);
        self.watches[at].push(watch);
    }

    /// After a solution: a clause of the negated guesses blocks it (propagation from those
    /// guesses forced every other cell), and the search backs up one level with it. False
    /// when there were no guesses: that solution was the last.
    fn block_own_solution(&mut self) -> bool {
        let now = self.level_now() as usize;
        if now == 0 {
            self.state = State::Exhausted;
            return false;
        }
        let clause: Vec<Lit> = (0..now)
            .rev()
            .map(|l| self.trail[self.trail_lim[l]].negate())
            .collect();
        // Deepest first: the clause asserts its first literal one level up.
        self.backtrack(now as u32 - 1);
        if clause.len() == 1 {
            self.assign(clause[0], Reason::None);
            return true;
        }
        let cref = self.alloc(&clause, 0);
        self.blocking.push(cref);
        self.watch_clause(cref, &clause);
        self.assign(clause[0], Reason::Clause(cref));
        true
    }

    /// Adds a blocking clause at the top level (its literals unassigned there).
    fn add_blocking(&mut self, clause: Vec<Lit>) {
        match clause.len() {
            0 => self.state = State::Exhausted,
            1 => self.assign(clause[0], Reason::None),
            _ => {
                let cref = self.alloc(&clause, 0);
                self.blocking.push(cref);
                self.watch_clause(cref, &clause);
            }
        }
    }

    fn update_averages(&mut self, lbd: u32) {
        let conflicts = self.stats.conflicts.max(1) as f64;
        let lbd = lbd as f64;
        let fast = (1.0 / conflicts).max(1.0 / 32.0);
        let slow = (1.0 / conflicts).max(1.0 / 4096.0);
        self.ema_fast += (lbd - self.ema_fast) * fast;
        self.ema_slow += (lbd - self.ema_slow) * slow;
    }

    fn restart_due(&mut self) -> bool {
        if self.stats.conflicts >= self.next_reduce + 10 * self.reduce_inc {
            // A reduction waits for a restart; do not let it wait for ever.
            return true;
        }
        match self.config.restarts {
            Restarts::Never => false,
            Restarts::Luby(unit) => self.since_restart >= luby(self.luby_index) * unit,
            Restarts::Glucose(margin) => self.glucose_due(margin),
            Restarts::Alternate => {
                if self.stats.conflicts >= self.mode_ends_at {
                    self.stable = !self.stable;
                    if !self.stable {
                        self.mode_length *= 2;
                    }
                    self.mode_ends_at = self.stats.conflicts + self.phase_length();
                    self.luby_index = 0;
                }
                if self.stable {
                    self.since_restart >= luby(self.luby_index) * 512
                } else {
                    self.glucose_due(1.25)
                }
            }
        }
    }

    /// With [`Restarts::Alternate`], the contradictions the phase now beginning lasts.
    fn phase_length(&self) -> u64 {
        if self.stable {
            self.mode_length * STABLE_LENGTH_FACTOR
        } else {
            self.mode_length
        }
    }

    fn glucose_due(&self, margin: f64) -> bool {
        self.since_restart >= 50 && self.ema_fast > margin * self.ema_slow
    }

    /// Keeps the values of the trail below the conflict's level as the target phases,
    /// when it is the longest since the last restart.
    fn update_target(&mut self) {
        let consistent = self.trail_lim.last().copied().unwrap_or(0);
        if consistent <= self.target_len {
            return;
        }
        for &lit in &self.trail[..consistent] {
            self.target[lit.var().0 as usize] = if lit.is_denial() { -1 } else { 1 };
        }
        self.target_len = consistent;
    }

    fn restart(&mut self) {
        self.target_len = 0;
        self.backtrack(0);
        self.stats.restarts += 1;
        self.since_restart = 0;
        self.luby_index += 1;
    }

    /// At the top level: a reduction of the learned clauses if one is due, then probing
    /// when enough work went by. False when probing proved there is no solution or the
    /// caller said stop.
    fn reduce_and_probe(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> bool {
        self.next_reduce = self.stats.conflicts + self.reduce_inc;
        self.reduce_inc += 300;
        if self.config.reduce {
            self.reduce();
            if self.state == State::Exhausted {
                // A clause emptied by the facts: no solution is left.
                return false;
            }
        }
        if self.config.probing && self.stats.work >= self.next_probe_work {
            return self.probe(go_on);
        }
        true
    }

    /// At the top level: drops the clauses the facts satisfy and the false literals of the
    /// rest, then the worse half of the learned clauses of LBD over 2 (those used since the
    /// last reduction with LBD up to 6 stay), and rebuilds the arena and the watches.
    fn reduce(&mut self) {
        debug_assert_eq!(self.level_now(), 0);
        // Top-level facts need no reasons: analysis never looks at level 0.
        for &lit in &self.trail {
            self.meta[lit.var().0 as usize].reason = Reason::None;
        }
        let mut candidates: Vec<(u32, f32, u32)> = Vec::new();
        let mut keep: Vec<u32> = Vec::new();
        for &cref in &self.learnts {
            let c = cref as usize;
            let flags = self.arena[c + 1];
            let lbd = flags & LBD_MASK;
            if lbd <= 2 || (lbd <= 6 && flags & USED != 0) {
                keep.push(cref);
            } else {
                candidates.push((lbd, f32::from_bits(self.arena[c + 2]), cref));
            }
        }
        // Worst first: high LBD, then low activity; ties by age (older first). Stable
        // passes, the least significant key first, on the crate's one sort instance.
        use crate::sorting::sort_by_small_key;
        sort_by_small_key(&mut candidates, |c| u64::from(c.2));
        sort_by_small_key(&mut candidates, |c| u64::from(total_order_key(c.1)));
        sort_by_small_key(&mut candidates, |c| u64::from(LBD_MASK - c.0));
        let drop = candidates.len() / 2;
        keep.extend(candidates[drop..].iter().map(|c| c.2));
        crate::sorting::sort_numbers(&mut keep);
        let blocking = std::mem::take(&mut self.blocking);
        let old = std::mem::take(&mut self.arena);
        self.learnts.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.watched.fill(0);
        let mut lits: Vec<Lit> = Vec::new();
        for (cref, learnt) in blocking
            .iter()
            .map(|&c| (c, false))
            .chain(keep.iter().map(|&c| (c, true)))
        {
            let c = cref as usize;
            let len = old[c] as usize;
            lits.clear();
            let mut satisfied = false;
            for k in 0..len {
                let lit = Lit(old[c + HEADER + k]);
                match self.value(lit) {
                    1 => satisfied = true,
                    -1 => {}
                    _ => lits.push(lit),
                }
            }
            if satisfied {
                continue;
            }
            match lits.len() {
                0 => {
                    self.state = State::Exhausted;
                    continue;
                }
                1 => {
                    let unit = lits[0];
                    self.assign(unit, Reason::None);
                    continue;
                }
                _ => {}
            }
            let flags = if learnt {
                (old[c + 1] & !USED & LBD_MASK).min(lits.len() as u32) | LEARNT
            } else {
                0
            };
            let cref = self.alloc(&lits, flags);
            self.arena[cref as usize + 2] = old[c + 2];
            if learnt {
                self.learnts.push(cref);
            } else {
                self.blocking.push(cref);
            }
            let watched = lits.clone();
            self.watch_clause(cref, &watched);
        }
    }

    /// Failed-literal probing at the top level: each open cell's candidates in turn (cells
    /// with fewest first) are placed alone and propagated; a candidate that leads to a
    /// contradiction is denied for good. Runs until a pass finds nothing, within a work
    /// budget of a tenth of the search so far (and at least one pass). False when it
    /// proved there is no solution or the caller said stop.
    fn probe(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> bool {
        debug_assert_eq!(self.level_now(), 0);
        // Facts still waiting at the top level go first: a probe's backtrack would
        // otherwise take them as propagated.
        if self.propagate().is_some() {
            self.state = State::Exhausted;
            return false;
        }
        let start = self.stats.work;
        let budget = (start / 10).max(self.cells as u64 * self.n as u64 * 4);
        let n = self.n;
        loop {
            // Groups of literals one of which holds: each open cell's candidates, and each
            // unit's places for a symbol it has not placed; fewest first.
            let mut groups: Vec<(u32, u32)> = (0..self.cells)
                .filter(|&c| self.fixed[c] == 0)
                .map(|c| (self.cand[c].count_ones(), c as u32))
                .collect();
            if self.config.lifting {
                for u in 0..self.geo.unit_count() {
                    for sym in 0..n {
                        let p = self.places[u * n + sym];
                        let placed = p & (p - 1) == 0;
                        if !placed {
                            groups.push((p.count_ones(), (self.cells + u * n + sym) as u32));
                        }
                    }
                }
            }
            crate::sorting::sort_packed(
                &mut groups,
                |(a, b)| (a as u64) << 32 | b as u64,
                |k| ((k >> 32) as u32, k as u32),
            );
            let mut found = false;
            for (_, group) in groups {
                let lits = self.group_lits(group as usize);
                if lits.iter().any(|&l| self.value(l) == 1) {
                    continue;
                }
                self.lift_round += 1;
                let mut alive = 0u32;
                let mut first: Vec<Lit> = Vec::new();
                for &lit in &lits {
                    if self.value(lit) != 0 {
                        continue;
                    }
                    self.trail_lim.push(self.trail.len());
                    let from = self.trail.len() + 1;
                    self.assign(lit, Reason::None);
                    let failed = self.propagate().is_some();
                    if !failed && self.config.lifting {
                        alive += 1;
                        for i in from..self.trail.len() {
                            let l = self.trail[i];
                            let at = l.index();
                            if self.lift_seen[at] != self.lift_round {
                                self.lift_seen[at] = self.lift_round;
                                self.lift_count[at] = 0;
                            }
                            self.lift_count[at] += 1;
                            if alive == 1 {
                                first.push(l);
                            }
                        }
                    }
                    self.backtrack(0);
                    if failed {
                        found = true;
                        self.stats.probed += 1;
                        self.assign(lit.negate(), Reason::None);
                        if self.propagate().is_some() {
                            self.state = State::Exhausted;
                            return false;
                        }
                    }
                    if self.stats.work >= self.next_check {
                        self.next_check = self.stats.work + CHECK_INTERVAL;
                        if !go_on(&self.stats()) {
                            self.next_probe_work = self.stats.work + (self.stats.work - start) * 10;
                            return false;
                        }
                    }
                }
                if alive > 0 {
                    for l in first {
                        if self.lift_seen[l.index()] == self.lift_round
                            && self.lift_count[l.index()] == alive
                            && self.value(l) == 0
                        {
                            found = true;
                            self.stats.probed += 1;
                            self.assign(l, Reason::None);
                        }
                    }
                    if self.propagate().is_some() {
                        self.state = State::Exhausted;
                        return false;
                    }
                }
                if self.stats.work - start > budget {
                    break;
                }
            }
            if !found || self.stats.work - start > budget || self.open == 0 {
                break;
            }
        }
        self.next_probe_work = self.stats.work + (self.stats.work - start) * 10;
        true
    }

    /// The literals of a probing group, one of which holds: an open cell's candidates
    /// (`group < cells`), or a unit's places for a symbol (`cells + unit * n + symbol`).
    fn group_lits(&self, group: usize) -> Vec<Lit> {
        let n = self.n;
        let mut out = Vec::new();
        if group < self.cells {
            let mut m = self.cand[group];
            while m != 0 {
                out.push(Lit::holds(self.var(group, m.trailing_zeros() as usize)));
                m &= m - 1;
            }
        } else {
            let (u, sym) = ((group - self.cells) / n, (group - self.cells) % n);
            let mut p = self.places[u * n + sym];
            while p != 0 {
                let q = self.geo.unit(u)[p.trailing_zeros() as usize] as usize;
                out.push(Lit::holds(self.var(q, sym)));
                p &= p - 1;
            }
        }
        out
    }

    /// Fills the guess heap with every variable still open, its activity favouring cells
    /// with few candidates when [`Config::fewest_candidates_first`] says so.
    fn init_heap(&mut self) {
        let n = self.n;
        if self.config.fewest_candidates_first {
            for cell in 0..self.cells {
                let free = self.cand[cell].count_ones() as f64;
                let weight = (n as f64 - free + 1.0) / (n as f64 * 1024.0);
                for s in 0..n {
                    self.activity[cell * n + s] = weight;
                }
            }
        }
        if let Some(seed) = self.shuffle {
            // Below half the gap between two cells' weights, so ties alone are reordered.
            let gap = 0.5 / (n as f64 * 1024.0);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            for a in &mut self.activity {
                *a += rng.random::<f64>() * gap;
            }
        }
        self.heap.clear();
        self.heap_pos.fill(NOT_IN_HEAP);
        for v in 0..(self.cells * n) as u32 {
            if self.vals[Lit::holds(Var(v)).index()] == 0 {
                self.heap_pos[v as usize] = self.heap.len() as u32;
                self.heap.push(HeapEntry {
                    key: self.activity[v as usize],
                    var: v,
                });
            }
        }
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// The next guess: the open variable with the most activity, with its saved value
    /// (phase saving, unless a restriction is on) or "holds".
    fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(&HeapEntry { var: top, .. }) = self.heap.first() {
            self.heap_remove_top();
            let v = Var(top);
            if self.vals[Lit::holds(v).index()] == 0 {
                // Under a restriction (a proof that no other solution differs in one
                // cell) saved phases only lead back to the solution already found.
                let target = self.target[top as usize];
                let phase = if self.stable && self.config.target_phases && target != 0 {
                    target
                } else {
                    self.phase[top as usize]
                };
                let deny = self.config.phase_saving
                    && (self.stable || !self.phases_only_when_stable())
                    && self.assumption.is_none()
                    && phase < 0;
                return Some(if deny { Lit::denies(v) } else { Lit::holds(v) });
            }
        }
        None
    }

    /// With alternating restarts and [`Config::stable_phases`], saved phases guide the
    /// stable mode's guesses only.
    #[inline]
    fn phases_only_when_stable(&self) -> bool {
        self.config.stable_phases && self.config.restarts == Restarts::Alternate
    }

    fn bump(&mut self, v: Var) {
        let i = v.0 as usize;
        self.activity[i] += self.var_inc;
        if self.activity[i] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            for e in &mut self.heap {
                e.key *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        let at = self.heap_pos[i];
        if at != NOT_IN_HEAP {
            self.heap[at as usize].key = self.activity[i];
            self.sift_up(at as usize);
        }
    }

    fn heap_insert(&mut self, v: Var) {
        if self.heap_pos[v.0 as usize] != NOT_IN_HEAP {
            return;
        }
        self.heap_pos[v.0 as usize] = self.heap.len() as u32;
        self.heap.push(HeapEntry {
            key: self.activity[v.0 as usize],
            var: v.0,
        });
        self.sift_up(self.heap.len() - 1);
    }

    fn heap_remove_top(&mut self) {
        let top = self.heap[0];
        let last = self.heap.pop().expect("the heap is not empty");
        self.heap_pos[top.var as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last.var as usize] = 0;
            self.sift_down(0);
        }
    }

    fn sift_up(&mut self, mut i: usize) {
        let e = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !e.before(self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.heap_pos[self.heap[i].var as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = e;
        self.heap_pos[e.var as usize] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let e = self.heap[i];
        let len = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.heap[right].before(self.heap[left]) {
                right
            } else {
                left
            };
            if !self.heap[child].before(e) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.heap_pos[self.heap[i].var as usize] = i as u32;
            i = child;
        }
        self.heap[i] = e;
        self.heap_pos[e.var as usize] = i as u32;
    }
}

/// An entry of the guess heap: a variable and its activity.
#[derive(Clone, Copy, Debug)]
struct HeapEntry {
    key: f64,
    var: u32,
}

impl HeapEntry {
    /// Guessed before `other`: more active, ties to the lower variable.
    #[inline]
    fn before(self, other: HeapEntry) -> bool {
        self.key > other.key || (self.key == other.key && self.var < other.var)
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (index from 0): restart intervals
/// that are within a log factor of the best fixed interval for any run-time spread.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i + 1;
    loop {
        // The smallest 2^k - 1 at or above i.
        let mut size = 1u64;
        while size < i {
            size = 2 * size + 1;
        }
        if size == i {
            return size.div_ceil(2);
        }
        i -= size / 2;
    }
}

/// A key whose unsigned order is [`f32::total_cmp`]'s order of the floats.
fn total_order_key(x: f32) -> u32 {
    let bits = x.to_bits();
    // Negative floats: the magnitude bits reversed, below every positive one.
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_order_keys_sort_as_total_cmp() {
        let floats = [
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            0.0,
            -0.0,
            1.5,
            -1.5,
            1e-40,
            -1e-40,
            f32::MAX,
            f32::MIN,
            3.25e7,
        ];
        for a in floats {
            for b in floats {
                assert_eq!(
                    total_order_key(a).cmp(&total_order_key(b)),
                    a.total_cmp(&b),
                    "{a} {b}"
                );
            }
        }
    }

    thread_local! {
        /// Whether `minimise` checks each clause against [`Cdcl::minimised_by_definition`]:
        /// this module's tests turn it on. Elsewhere it stays off: on the large grids of
        /// other modules' tests the check cost seven times the search (an empty 64×64,
        /// 1.2 s against 7.8).
        pub(super) static CHECK_MINIMISATION: std::cell::Cell<bool> =
            const { std::cell::Cell::new(false) };
    }

    /// A search whose every minimisation checks itself (see [`CHECK_MINIMISATION`]).
    fn checked(shape: Shape) -> Cdcl {
        CHECK_MINIMISATION.set(true);
        Cdcl::new(shape)
    }

    fn masks_of(grid: &Grid) -> Vec<u64> {
        let full = grid.shape().full_mask();
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { full } else { 1u64 << (v - 1) })
            .collect()
    }

    fn count_all(cdcl: &mut Cdcl, masks: &[u64]) -> Vec<Grid> {
        cdcl.load(masks);
        let mut found = Vec::new();
        while cdcl.solve(Budget::NONE, &mut |_| true) == Next::Solution {
            found.push(cdcl.solution());
        }
        found
    }

    #[test]
    fn cell_of_divides_exactly_at_every_size() {
        for k in 1..=8 {
            let shape = Shape::from_size(k * k).unwrap();
            let cdcl = Cdcl::new(shape);
            let n = shape.size();
            for v in 0..(shape.cell_count() * n) as u32 {
                let v = Var(v);
                assert_eq!(cdcl.cell_of(v), (v.0 as usize / n, v.0 as usize % n));
            }
        }
    }

    /// Hard puzzles, so that many clauses are minimised: every minimisation checks
    /// itself against [`Cdcl::minimised_by_definition`] in this module's tests (see
    /// `minimise`).
    #[test]
    fn minimisation_keeps_what_the_definition_keeps_on_hard_puzzles() {
        for (text, line, count) in [
            (include_str!("../../bench/data/minimal-25.txt"), 13, 1),
            (include_str!("../../bench/data/blanks-36-60.txt"), 3, 2),
        ] {
            let puzzle = text
                .lines()
                .filter(|l| !l.starts_with('#'))
                .nth(line - 1)
                .unwrap();
            let grid = crate::parse::parse(puzzle).unwrap();
            let mut cdcl = checked(grid.shape());
            cdcl.load(&masks_of(&grid));
            let mut found = 0;
            while found < 2 && cdcl.solve(Budget::NONE, &mut |_| true) == Next::Solution {
                assert!(grid.is_subset_of(&cdcl.solution()) && cdcl.solution().is_solved());
                found += 1;
            }
            assert_eq!(found, count);
            assert!(
                cdcl.stats().conflicts > 100,
                "the puzzle exercises the analysis"
            );
        }
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn enumerates_every_4x4_grid_once() {
        let shape = Shape::from_size(4).unwrap();
        let mut cdcl = checked(shape);
        let found = count_all(&mut cdcl, &masks_of(&Grid::empty(shape)));
        assert_eq!(found.len(), 288);
        assert!(found.iter().all(Grid::is_solved));
        let distinct: std::collections::HashSet<_> = found.iter().collect();
        assert_eq!(distinct.len(), 288);
    }

    /// From an empty grid, each seed of the random order finds a grid of its own, the same
    /// one every time; counting is unchanged by it.
    #[test]
    fn a_random_order_fills_an_empty_grid_by_its_seed() {
        let shape = Shape::from_size(9).unwrap().with_diagonals().unwrap();
        let empty = masks_of(&Grid::empty(shape));
        let fill = |seed| {
            let mut cdcl = Cdcl::new(shape);
            cdcl.set_random_order(Some(seed));
            cdcl.load(&empty);
            assert_eq!(cdcl.solve(Budget::NONE, &mut |_| true), Next::Solution);
            cdcl.solution()
        };
        let grids: Vec<Grid> = (0..4).map(fill).collect();
        assert!(grids.iter().all(Grid::is_solved));
        assert_eq!(grids[0], fill(0));
        let distinct: std::collections::HashSet<_> = grids.iter().collect();
        assert_eq!(distinct.len(), 4, "four seeds, fewer grids");
        let mut cdcl = checked(Shape::from_size(4).unwrap());
        cdcl.set_random_order(Some(7));
        let all = masks_of(&Grid::empty(Shape::from_size(4).unwrap()));
        assert_eq!(count_all(&mut cdcl, &all).len(), 288);
    }

    #[test]
    fn solves_and_refutes_9x9() {
        let shape = Shape::from_size(9).unwrap();
        let mut cdcl = checked(shape);
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = crate::parse::parse(text).unwrap();
        let found = count_all(&mut cdcl, &masks_of(&grid));
        assert_eq!(found.len(), 1);
        assert!(found[0].is_solved() && grid.is_subset_of(&found[0]));
        let cell = grid.cells().iter().position(|&v| v == 0).unwrap();
        let mut masks = masks_of(&grid);
        masks[cell] &= !(1u64 << (found[0].get(cell) - 1));
        assert!(count_all(&mut cdcl, &masks).is_empty());
    }

    #[test]
    fn blocking_a_solution_from_outside_skips_it() {
        let shape = Shape::from_size(4).unwrap();
        let mut cdcl = checked(shape);
        let masks = masks_of(&Grid::empty(shape));
        cdcl.load(&masks);
        assert_eq!(cdcl.solve(Budget::NONE, &mut |_| true), Next::Solution);
        let first = cdcl.solution();
        cdcl.load(&masks);
        cdcl.block(&first);
        let mut count = 0;
        while cdcl.solve(Budget::NONE, &mut |_| true) == Next::Solution {
            assert_ne!(cdcl.solution(), first);
            count += 1;
        }
        assert_eq!(count, 287);
    }

    #[test]
    fn every_technique_switched_off_still_counts_right() {
        let shape = Shape::from_size(4).unwrap();
        let masks = masks_of(&Grid::empty(shape));
        for config in [
            Config {
                restarts: Restarts::Never,
                phase_saving: false,
                minimise: false,
                reduce: false,
                blockers: false,
                probing: false,
                locked_candidates: false,
                stable_phases: false,
                lifting: false,
                decay: 0.95,
                fewest_candidates_first: false,
                bump_reasons: false,
                shrink: false,
                target_phases: false,
                start_stable: false,
            },
            Config {
                restarts: Restarts::Luby(1),
                ..Config::default()
            },
            Config {
                restarts: Restarts::Glucose(1.0),
                ..Config::default()
            },
            Config {
                bump_reasons: false,
                ..Config::default()
            },
            Config {
                target_phases: false,
                ..Config::default()
            },
            Config {
                start_stable: false,
                ..Config::default()
            },
            Config {
                shrink: false,
                ..Config::default()
            },
        ] {
            let mut cdcl = Cdcl::with_config(shape, config);
            assert_eq!(count_all(&mut cdcl, &masks).len(), 288);
        }
    }

    #[test]
    fn a_stopped_search_resumes() {
        let shape = Shape::from_size(4).unwrap();
        let mut cdcl = checked(shape);
        cdcl.load(&masks_of(&Grid::empty(shape)));
        let mut count = 0;
        let mut stops = 0;
        loop {
            let budget = Budget {
                conflicts: u64::MAX,
                work: cdcl.stats().work + 20,
            };
            match cdcl.solve(budget, &mut |_| true) {
                Next::Solution => count += 1,
                Next::Stopped => stops += 1,
                Next::Exhausted => break,
            }
        }
        assert_eq!(count, 288);
        assert!(stops > 0);
    }
}
