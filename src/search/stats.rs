//! What a search did: counters every engine fills in the same way, and the name of the
//! engine that decided the question. A leaf module: the engines and the policy above them
//! all write here, and nothing here knows any of them.

use std::fmt;

/// Counters of the work a search did. Each engine fills in the counters that mean
/// something for it and leaves the others at 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Depth-first search: branches tried, each an assignment made by a guess.
    pub nodes: u64,
    /// Depth-first search: decision points, cells where the search had to choose.
    pub guesses: u64,
    /// Depth-first search: branches that ended in a contradiction.
    pub backtracks: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Cells solved in the current search state (out of n²), a rough progress figure.
    pub solved_cells: u64,
    /// Conflict-driven search: guesses made.
    pub decisions: u64,
    /// Conflict-driven search: contradictions met (each one learns a clause).
    pub conflicts: u64,
    /// Conflict-driven search: learned clauses kept at the end.
    pub learned: u64,
    /// Conflict-driven search: restarts from the top, keeping what was learned.
    pub restarts: u64,
    /// Conflict-driven search: facts proved by trying a candidate at the top and meeting a
    /// contradiction (failed-literal probing).
    pub probed: u64,
    /// Work units of every engine together (cells and clauses visited): the measure the
    /// limits of [`crate::search::Limits`] count, the same on every machine.
    pub work: u64,
}

impl Stats {
    /// Adds another engine's counters to these (`solved_cells` takes the larger).
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.solutions += other.solutions;
        self.solved_cells = self.solved_cells.max(other.solved_cells);
        self.decisions += other.decisions;
        self.conflicts += other.conflicts;
        self.learned += other.learned;
        self.restarts += other.restarts;
        self.probed += other.probed;
        self.work += other.work;
    }
}

/// The engine that decided a question (found the last solution it needed, or proved
/// there are no more).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Decider {
    /// Nothing was decided (the question was stopped), or nothing needed deciding.
    #[default]
    None,
    /// The 9×9 band solver ([`crate::search::band`]).
    Band,
    /// The bitboard solver of grids up to 128 cells ([`crate::search::bitboard`]).
    Bitboard,
    /// The logic techniques alone, before any search.
    Logic,
    /// The depth-first search ([`crate::search::dfs`]).
    DepthFirst,
    /// The conflict-driven search ([`crate::search::cdcl`]).
    ConflictDriven,
    /// A second solution read off the first by swapping the symbols of a set of its cells
    /// that holds no given ([`crate::search::witness`]).
    Witness,
}

impl Decider {
    /// A short stable name: `"band"`, `"bitboard"`, `"logic"`, `"depth-first"`, `"conflict-driven"`,
    /// `"witness"`, or `"none"`.
    pub fn name(self) -> &'static str {
        match self {
            Decider::None => "none",
            Decider::Band => "band",
            Decider::Bitboard => "bitboard",
            Decider::Logic => "logic",
            Decider::DepthFirst => "depth-first",
            Decider::ConflictDriven => "conflict-driven",
            Decider::Witness => "witness",
        }
    }
}

impl fmt::Display for Decider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a search call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution; the engine that found it says how to read it.
    Solution,
    /// No more solutions.
    Exhausted,
    /// A limit or the caller stopped the search before it decided.
    Stopped,
}
