//! The exact solver: constraint propagation on candidate masks, then depth-first search.
//!
//! Every cell keeps a candidate set as a `u64`, bit `s - 1` for symbol `s`, so one code
//! path serves every side from 1 to 64:
//!
//! ```text
//!  cand[cell]   bit 63 ........................... bit 8 ... bit 1  bit 0
//!               symbol 64 (64×64 only)                      symbol 2  symbol 1
//!               bits at or above n are always 0
//! ```
//!
//! Propagation runs to a fixpoint: naked singles (a cell with one candidate removes it
//! from its peers), hidden singles (a symbol with one place left in a row, column or
//! box), and locked candidates (pointing and claiming, on the k-cell segments where a
//! box meets a row or column). The search then picks an unsolved cell with the fewest
//! candidates and tries each in turn.
//!
//! Undo is a trail of `(cell, old mask)` pairs rather than copies of the whole state:
//! a copy at 64×64 is 32 KiB per search node, while the trail only records what changed.
//! All storage is allocated when a [`Solver`] is made for a shape, and reused for every
//! puzzle it loads: no search node allocates. The search is an explicit stack, so it
//! can stop after each solution and resume ([`Solver::next_solution`]), and a hook is
//! called every few tens of microseconds of work so a caller can stop it and read its
//! [`Stats`].

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::grid::{Grid, MAX_BOX, Shape};

/// Counters of the work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branches tried: each assignment made by a guess.
    pub nodes: u64,
    /// Decision points: cells where the search had to choose between candidates.
    pub guesses: u64,
    /// Branches that ended in a contradiction.
    pub backtracks: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Cells solved in the current search state (out of n²), a rough progress figure.
    pub solved_cells: u64,
}

/// What [`Solver::next_solution`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution; read it with [`Solver::solution`].
    Solution,
    /// No more solutions.
    Exhausted,
    /// The hook asked to stop. The search cannot be resumed.
    Stopped,
}

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

/// A hook called during the search with the counters so far; it returns `false` to stop.
pub type Hook<'h> = Box<dyn FnMut(&Stats) -> bool + 'h>;

/// Work units (cells visited) between two calls of the hook. About 20–60 µs of work on
/// current machines, far below the 50 ms a caller may wait for a stop.
const HOOK_INTERVAL: u64 = 1 << 15;

#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u16,
    remaining: u64,
    trail_len: u32,
    unsolved: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Loaded, not yet propagated.
    Loaded,
    /// A solution was just returned: the next call backtracks.
    AfterSolution,
    /// No more solutions (or stopped).
    Done,
}

/// Which propagation rules run between guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Hidden singles.
    pub hidden_singles: bool,
    /// Locked candidates: pointing and claiming.
    pub locked_candidates: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            hidden_singles: true,
            locked_candidates: true,
        }
    }
}

/// A reusable exact solver for one shape. Make one, then [`load`](Solver::load) puzzles
/// into it one after another.
pub struct Solver<'h> {
    shape: Shape,
    n: usize,
    k: usize,
    /// `peers[cell * npeers..][..npeers]`: the cells sharing a row, column or box.
    peers: Vec<u16>,
    npeers: usize,
    /// `units[u * n..][..n]`: rows, then columns, then boxes.
    units: Vec<u16>,
    cand: Vec<u64>,
    trail: Vec<(u16, u64)>,
    queue: Vec<u16>,
    stack: Vec<Frame>,
    /// Per cell, its row, column and box packed as `row | column << 8 | box << 16`.
    units_of: Vec<u32>,
    /// Units whose cells changed since hidden singles last looked at them, and since
    /// locked candidates last did: `[rows, columns, boxes]`, one bit per unit. Sweeps
    /// visit only these, so the tail of a propagation costs what changed, not n².
    dirty_hidden: [u64; 3],
    dirty_locked: [u64; 3],
    unsolved: usize,
    phase: Phase,
    rules: Rules,
    stats: Stats,
    work: u64,
    hook: Option<Hook<'h>>,
    /// Branch order: lowest symbol first, or random from this generator.
    rng: Option<Xoshiro256PlusPlus>,
    /// The search stops (as if the hook said so) after this many nodes.
    node_limit: u64,
    /// Per cell, a symbol to try first (one bit, or 0 for none).
    prefer: Vec<u64>,
    /// A cell to branch on first, if it is still open at the first decision.
    first_cell: Option<usize>,
    /// Whether [`solve_with`] and [`count_with`] may hand this solver's puzzles to the
    /// 9×9 fast path ([`crate::band`]).
    fast_path: bool,
    /// The counters of the last puzzle the fast path did instead of this solver.
    fast_stats: Option<Stats>,
    /// The last puzzle was loaded after the logic techniques ([`Solver::uses_logic_first`]).
    logic_first_used: bool,
}

impl<'h> Solver<'h> {
    /// A solver for grids of this shape, with its tables and storage allocated.
    pub fn new(shape: Shape) -> Self {
        let n = shape.size();
        let k = shape.box_side();
        let cells = shape.cells();
        let npeers = 2 * (n - 1) + (k - 1) * (k - 1);
        // Each cell's row, then column, then the rest of its box, in cell order within
        // each group: O(cells × n), where filtering all cells per cell is O(cells²).
        let mut peers = Vec::with_capacity(cells * npeers);
        for cell in 0..cells {
            let (r, c, b) = (shape.row(cell), shape.column(cell), shape.box_of(cell));
            let row = shape.unit_cells(r).filter(|&o| o != cell);
            let col = shape.unit_cells(n + c).filter(|&o| o != cell);
            let boxed = shape
                .unit_cells(2 * n + b)
                .filter(|&o| shape.row(o) != r && shape.column(o) != c);
            peers.extend(row.chain(col).chain(boxed).map(|o| o as u16));
        }
        debug_assert_eq!(peers.len(), cells * npeers);
        let units = (0..3 * n)
            .flat_map(|u| shape.unit_cells(u))
            .map(|c| c as u16)
            .collect();
        Solver {
            shape,
            n,
            k,
            peers,
            npeers,
            units,
            cand: vec![shape.full_mask(); cells],
            // Along one search path each cell loses at most n - 1 candidates: with this
            // capacity the trail never grows during a search.
            trail: Vec::with_capacity(cells * n),
            queue: Vec::with_capacity(cells),
            stack: Vec::with_capacity(cells),
            units_of: (0..cells)
                .map(|c| (shape.row(c) | shape.column(c) << 8 | shape.box_of(c) << 16) as u32)
                .collect(),
            dirty_hidden: [0; 3],
            dirty_locked: [0; 3],
            unsolved: cells,
            phase: Phase::Done,
            rules: Rules::default(),
            stats: Stats::default(),
            work: 0,
            hook: None,
            rng: None,
            node_limit: u64::MAX,
            prefer: Vec::new(),
            first_cell: None,
            fast_path: true,
            fast_stats: None,
            logic_first_used: false,
        }
    }

    /// Lets [`solve_with`] and [`count_with`] hand 9×9 puzzles to the band solver
    /// ([`crate::band`], several times faster) when this solver has nothing only it can
    /// do: no hook, node limit, preferred symbols, random order, first cell or weakened
    /// rules. The same switch lets them run the logic techniques before a search from
    /// 16×16 up ([`uses_logic_first`](Solver::uses_logic_first)). On by default; off keeps
    /// every puzzle on this engine's plain search (to measure or test it).
    pub fn set_fast_path(&mut self, on: bool) {
        self.fast_path = on;
    }

    /// Whether [`solve_with`] and [`count_with`] would give this solver's puzzles to the
    /// band solver (see [`set_fast_path`](Solver::set_fast_path)). After they did, only
    /// [`stats`](Solver::stats) describes that puzzle: the candidates and
    /// [`solution`](Solver::solution) are left from the last puzzle this solver loaded.
    pub fn uses_fast_path(&self) -> bool {
        self.fast_path && crate::band::supports(self.shape) && self.is_plain()
    }

    /// True when nothing asks this solver for more than a plain search: no hook, node
    /// limit, preferred symbols, random order, first cell or weakened rules.
    fn is_plain(&self) -> bool {
        self.hook.is_none()
            && self.node_limit == u64::MAX
            && self.prefer.is_empty()
            && self.rng.is_none()
            && self.first_cell.is_none()
            && self.rules == Rules::default()
    }

    /// Whether [`solve_with`] and [`count_with`] run the logic solver's techniques
    /// ([`crate::logic::reduced_candidates`]) before searching: from 16×16 up, for a
    /// solver with nothing only a plain search does (as [`uses_fast_path`]). Pairs, fish
    /// and wings cut the candidates a search must try; on minimal 25×25 puzzles they turned
    /// counts of many seconds into milliseconds.
    ///
    /// [`uses_fast_path`]: Solver::uses_fast_path
    pub fn uses_logic_first(&self) -> bool {
        self.fast_path && self.shape.size() >= LOGIC_FIRST_FROM && self.is_plain()
    }

    /// Loads a puzzle for [`solve_with`] and [`count_with`]: after the logic solver's
    /// techniques when [`uses_logic_first`](Solver::uses_logic_first) says so.
    /// Returns the masks loaded in that case.
    fn load_for_search(&mut self, grid: &Grid) -> Option<Vec<u64>> {
        if self.uses_logic_first() {
            if let Some(masks) = crate::logic::reduced_candidates(grid) {
                self.load_masks(&masks);
                self.logic_first_used = true;
                return Some(masks);
            }
        }
        self.load(grid);
        None
    }

    /// Which engine answered the last puzzle: `"band"` (the 9×9 fast path), `"logic +
    /// generic"` (this solver after the logic techniques, from 16×16 up) or `"generic"`
    /// (this solver alone). Their counters mean the same things, but the others remove
    /// more per node (or before the search), so their figures are smaller.
    pub fn last_engine(&self) -> &'static str {
        if self.fast_stats.is_some() {
            "band"
        } else if self.logic_first_used {
            "logic + generic"
        } else {
            "generic"
        }
    }

    /// Makes the first decision of every search branch on this cell (if propagation has
    /// not already filled it), instead of the cell with the fewest candidates. The
    /// generator uses it to split "is there a solution where this cell differs" by the
    /// cell's own symbols.
    pub fn set_first_cell(&mut self, cell: Option<usize>) {
        self.first_cell = cell;
    }

    /// Tries these symbols first, one per cell (0 for none), before the usual order; an
    /// empty grid clears the preference. The generator prefers the known solution: a
    /// second solution, if there is one, usually differs from it in a few cells only, so
    /// this finds it in a few nodes.
    pub fn set_preferred(&mut self, grid: Option<&Grid>) {
        self.prefer.clear();
        if let Some(g) = grid {
            assert_eq!(
                g.shape(),
                self.shape,
                "the grid's shape is not the solver's"
            );
            self.prefer.extend(
                g.cells()
                    .iter()
                    .map(|&v| if v == 0 { 0 } else { 1u64 << (v - 1) }),
            );
        }
    }

    /// Tries candidates in a random order drawn from this seed, instead of lowest first:
    /// the generator's way to reach a random full grid. `None` restores the fixed order.
    pub fn set_random_order(&mut self, seed: Option<u64>) {
        self.rng = seed.map(Xoshiro256PlusPlus::seed_from_u64);
    }

    /// Stops every search after `limit` nodes with [`Next::Stopped`] (`u64::MAX`: no limit).
    /// Unlike a time limit, a node limit gives the same answer on every machine.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// The shape this solver is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Chooses the propagation rules (all on by default).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Installs a hook called every few tens of microseconds of search with the counters;
    /// when it returns `false` the search stops with [`Next::Stopped`].
    pub fn set_hook(&mut self, hook: Option<Hook<'h>>) {
        self.hook = hook;
    }

    /// The counters since the last load (or of the last puzzle the fast path did).
    pub fn stats(&self) -> Stats {
        if let Some(stats) = self.fast_stats {
            return stats;
        }
        let mut s = self.stats;
        s.solved_cells = (self.shape.cells() - self.unsolved) as u64;
        s
    }

    /// Loads a puzzle: its givens become the starting candidates.
    ///
    /// # Panics
    /// If the grid's shape is not the solver's.
    pub fn load(&mut self, grid: &Grid) {
        assert_eq!(
            grid.shape(),
            self.shape,
            "the grid's shape is not the solver's"
        );
        let full = self.shape.full_mask();
        self.reset();
        for (cell, &v) in grid.cells().iter().enumerate() {
            self.cand[cell] = if v == 0 { full } else { 1u64 << (v - 1) };
        }
        self.queue_singles();
    }

    /// Loads starting candidate masks directly (bit `s - 1` for symbol `s`), one per cell.
    /// A cell with one candidate counts as filled; a cell with none makes the puzzle
    /// unsolvable. Used by the generator to ask "is there a solution where this cell is
    /// not that symbol".
    ///
    /// # Panics
    /// If `masks` does not have one entry per cell.
    pub fn load_masks(&mut self, masks: &[u64]) {
        assert_eq!(masks.len(), self.shape.cells(), "one mask per cell");
        let full = self.shape.full_mask();
        self.reset();
        for (dst, &m) in self.cand.iter_mut().zip(masks) {
            *dst = m & full;
        }
        self.queue_singles();
    }

    fn reset(&mut self) {
        self.fast_stats = None;
        self.logic_first_used = false;
        let all = self.shape.full_mask();
        self.dirty_hidden = [all; 3];
        self.dirty_locked = [all; 3];
        self.trail.clear();
        self.queue.clear();
        self.stack.clear();
        self.stats = Stats::default();
        self.work = 0;
        self.phase = Phase::Loaded;
    }

    /// Applies the loaded cells with one candidate ("placed") to everyone else at once:
    /// each unit's placed symbols are gathered in one pass, then every other cell drops
    /// its units' symbols. That is O(cells) where placing the givens one by one through
    /// their peers costs O(givens × peers), the bulk of a load at 64×64. Cells left with
    /// one candidate are queued for the usual propagation.
    fn queue_singles(&mut self) {
        let (n, k) = (self.n, self.k);
        let mut placed = [0u64; 3 * crate::grid::MAX_SIZE];
        self.unsolved = self.cand.len();
        for (cell, &m) in self.cand.iter().enumerate() {
            if m == 0 {
                self.phase = Phase::Done;
                return;
            }
            if m & (m - 1) == 0 {
                self.unsolved -= 1;
                let (r, c) = (cell / n, cell % n);
                let units = [r, n + c, 2 * n + r / k * k + c / k];
                for u in units {
                    if placed[u] & m != 0 {
                        // Two cells hold the same symbol in one unit.
                        self.phase = Phase::Done;
                        return;
                    }
                    placed[u] |= m;
                }
            }
        }
        for cell in 0..self.cand.len() {
            let m = self.cand[cell];
            if m & (m - 1) == 0 {
                continue;
            }
            let (r, c) = (cell / n, cell % n);
            let new = m & !(placed[r] | placed[n + c] | placed[2 * n + r / k * k + c / k]);
            self.cand[cell] = new;
            if new == 0 {
                self.phase = Phase::Done;
                return;
            }
            if new & (new - 1) == 0 {
                self.unsolved -= 1;
                self.queue.push(cell as u16);
            }
        }
    }

    /// The candidate masks of the current search state.
    pub fn candidates(&self) -> &[u64] {
        &self.cand
    }

    /// The solution just found by [`next_solution`](Solver::next_solution).
    pub fn solution(&self) -> Grid {
        let cells = self
            .cand
            .iter()
            .map(|&m| m.trailing_zeros() as u8 + 1)
            .collect();
        Grid::from_cells(self.shape, cells).expect("a solution has one symbol per cell")
    }

    /// Runs propagation alone on the loaded puzzle, with no guess. Returns `false` on a
    /// contradiction; afterwards [`candidates`](Solver::candidates) shows what is left.
    pub fn propagate_only(&mut self) -> bool {
        if self.phase != Phase::Loaded {
            return self.phase != Phase::Done;
        }
        self.phase = Phase::AfterSolution;
        let ok = self.propagate() == Some(true);
        if !ok {
            self.phase = Phase::Done;
        }
        ok
    }

    /// True when every cell has exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0 && self.phase != Phase::Done
    }

    /// Finds the next solution, resuming where the last call stopped.
    pub fn next_solution(&mut self) -> Next {
        match self.phase {
            Phase::Done => return Next::Exhausted,
            Phase::Loaded => {
                self.phase = Phase::AfterSolution;
                match self.propagate() {
                    None => return self.stop(),
                    Some(false) => {
                        self.phase = Phase::Done;
                        return Next::Exhausted;
                    }
                    Some(true) => {
                        if let Some(found) = self.descend() {
                            return found;
                        }
                    }
                }
            }
            Phase::AfterSolution => {}
        }
        // Backtrack: try the next branch of the deepest open decision.
        loop {
            let Some(frame) = self.stack.last_mut() else {
                self.phase = Phase::Done;
                return Next::Exhausted;
            };
            let preferred = self
                .prefer
                .get(frame.cell as usize)
                .map_or(0, |&p| p & frame.remaining);
            let bit = match self.rng.as_mut() {
                _ if preferred != 0 => preferred,
                None => frame.remaining & frame.remaining.wrapping_neg(),
                Some(rng) => nth_bit(
                    frame.remaining,
                    rng.random_range(0..frame.remaining.count_ones()),
                ),
            };
            frame.remaining ^= bit;
            let Frame {
                cell,
                remaining,
                trail_len,
                unsolved,
            } = *frame;
            if remaining == 0 {
                // The last branch: nothing to come back to here.
                self.stack.pop();
            }
            self.undo_to(trail_len as usize);
            self.unsolved = unsolved as usize;
            // The frame was opened at a fixpoint: nothing is left to revisit.
            self.dirty_hidden = [0; 3];
            self.dirty_locked = [0; 3];
            self.stats.nodes += 1;
            if self.stats.nodes > self.node_limit {
                return self.stop();
            }
            self.queue.clear();
            self.set(cell as usize, bit);
            match self.propagate() {
                None => return self.stop(),
                Some(false) => self.stats.backtracks += 1,
                Some(true) => {
                    if let Some(found) = self.descend() {
                        return found;
                    }
                }
            }
        }
    }

    fn stop(&mut self) -> Next {
        self.phase = Phase::Done;
        Next::Stopped
    }

    /// After a successful propagation: either the grid is solved, or a new decision is
    /// opened (and its first branch is left for the backtracking loop to take).
    fn descend(&mut self) -> Option<Next> {
        if self.unsolved == 0 {
            self.stats.solutions += 1;
            return Some(Next::Solution);
        }
        let cell = match self.first_cell {
            Some(c) if self.stack.is_empty() && self.cand[c].count_ones() > 1 => c,
            _ => self.pick_cell(),
        };
        self.stats.guesses += 1;
        self.stack.push(Frame {
            cell: cell as u16,
            remaining: self.cand[cell],
            trail_len: self.trail.len() as u32,
            unsolved: self.unsolved as u32,
        });
        None
    }

    /// The unsolved cell with the fewest candidates (the first such, in cell order).
    fn pick_cell(&self) -> usize {
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (cell, &m) in self.cand.iter().enumerate() {
            let count = m.count_ones();
            if count > 1 && count < best_count {
                best = cell;
                best_count = count;
                if count == 2 {
                    break;
                }
            }
        }
        best
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let (cell, mask) = self.trail.pop().expect("trail is longer than len");
            self.cand[cell as usize] = mask;
        }
    }

    /// Notes that a cell changed, for the sweeps.
    #[inline]
    fn touch(&mut self, cell: usize) {
        touch(
            &mut self.dirty_hidden,
            &mut self.dirty_locked,
            self.units_of[cell],
        );
    }

    /// Makes `bit` the only candidate of an unsolved cell and queues it.
    #[inline]
    fn set(&mut self, cell: usize, bit: u64) {
        self.trail.push((cell as u16, self.cand[cell]));
        self.cand[cell] = bit;
        self.unsolved -= 1;
        self.queue.push(cell as u16);
        self.touch(cell);
    }

    /// Removes `bits` from a cell's candidates. Returns `false` if none remain.
    #[inline]
    fn eliminate(&mut self, cell: usize, bits: u64) -> bool {
        let old = self.cand[cell];
        if old & bits == 0 {
            return true;
        }
        let new = old & !bits;
        self.trail.push((cell as u16, old));
        self.cand[cell] = new;
        self.touch(cell);
        if new == 0 {
            return false;
        }
        if new & (new - 1) == 0 {
            self.unsolved -= 1;
            self.queue.push(cell as u16);
        }
        true
    }

    /// Propagates to a fixpoint. `Some(false)` on a contradiction, `None` if the hook
    /// asked to stop.
    fn propagate(&mut self) -> Option<bool> {
        loop {
            if !self.naked_singles() {
                self.queue.clear();
                return Some(false);
            }
            if self.work >= HOOK_INTERVAL {
                self.work = 0;
                let stats = self.stats();
                if let Some(hook) = self.hook.as_mut()
                    && !hook(&stats)
                {
                    return None;
                }
            }
            if self.unsolved == 0 {
                return Some(true);
            }
            if self.rules.hidden_singles {
                match self.hidden_singles() {
                    Progress::Contradiction => return Some(false),
                    Progress::Changed => continue,
                    Progress::None => {}
                }
            }
            if self.rules.locked_candidates && self.k > 1 {
                match self.locked_candidates() {
                    Progress::Contradiction => {
                        self.queue.clear();
                        return Some(false);
                    }
                    Progress::Changed => continue,
                    Progress::None => {}
                }
            }
            return Some(true);
        }
    }

    /// Drains the queue of newly single cells, removing each one's symbol from its peers.
    fn naked_singles(&mut self) -> bool {
        let npeers = self.npeers;
        // Split borrows: the loop body is the solver's hottest code.
        let Solver {
            peers,
            cand,
            trail,
            queue,
            unsolved,
            work,
            units_of,
            dirty_hidden,
            dirty_locked,
            ..
        } = self;
        while let Some(cell) = queue.pop() {
            let cell = cell as usize;
            let bit = cand[cell];
            *work += npeers as u64;
            for &p in &peers[cell * npeers..(cell + 1) * npeers] {
                let old = cand[p as usize];
                if old & bit != 0 {
                    let new = old ^ bit;
                    trail.push((p, old));
                    cand[p as usize] = new;
                    touch(dirty_hidden, dirty_locked, units_of[p as usize]);
                    if new & new.wrapping_sub(1) == 0 {
                        if new == 0 {
                            return false;
                        }
                        *unsolved -= 1;
                        queue.push(p);
                    }
                }
            }
        }
        true
    }

    /// Places every symbol that has one place left in some unit that changed.
    fn hidden_singles(&mut self) -> Progress {
        let n = self.n;
        let full = self.shape.full_mask();
        let mut changed = false;
        for kind in 0..3 {
            while self.dirty_hidden[kind] != 0 {
                let index = self.dirty_hidden[kind].trailing_zeros() as usize;
                self.dirty_hidden[kind] &= self.dirty_hidden[kind] - 1;
                let u = kind * n + index;
                self.work += n as u64;
                let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
                for &c in &self.units[u * n..(u + 1) * n] {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != full {
                    return Progress::Contradiction;
                }
                let mut singles = once & !twice & !fixed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // An earlier single of this unit may have taken this symbol's only
                    // cell: then it has no place left, a contradiction.
                    let Some(c) = (u * n..(u + 1) * n)
                        .map(|i| self.units[i] as usize)
                        .find(|&c| self.cand[c] & bit != 0)
                    else {
                        return Progress::Contradiction;
                    };
                    if self.cand[c] != bit {
                        self.set(c, bit);
                        changed = true;
                    }
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// Pointing and claiming where something changed.
    ///
    /// A segment is the k cells where a box meets a row (or a column). If a symbol's
    /// candidates in a box lie in one segment, it leaves the rest of that line
    /// (pointing); if its candidates in a line lie in one segment, it leaves the rest of
    /// that box (claiming). Boxes are checked for pointing, rows and columns for
    /// claiming, each only when one of its cells changed since the last look.
    fn locked_candidates(&mut self) -> Progress {
        let (n, k) = (self.n, self.k);
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_locked);
        // Claiming: rows (kind 0) and columns (kind 1).
        for (kind, mut lines) in dirty.into_iter().take(2).enumerate() {
            while lines != 0 {
                let line = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                self.work += n as u64;
                let mut segs = [0u64; MAX_BOX];
                let mut fixed = 0u64;
                for (j, seg) in segs.iter_mut().enumerate().take(k) {
                    for i in 0..k {
                        let m = self.cand[line_cell(n, kind, line, j * k + i)];
                        *seg |= m;
                        fixed |= if m & (m - 1) == 0 { m } else { 0 };
                    }
                }
                let (once, twice) = once_twice(&segs[..k]);
                // A placed symbol is trivially confined to its segment, and naked singles
                // already cleared it from the peers: skip it.
                let only = once & !twice & !fixed;
                if only == 0 {
                    continue;
                }
                for j in 0..k {
                    let syms = segs[j] & only;
                    if syms == 0 {
                        continue;
                    }
                    // Clear them from the box's other lines of this band, in segment j.
                    let band = line / k * k;
                    for other in (band..band + k).filter(|&o| o != line) {
                        let cells = (0..k).map(|i| line_cell(n, kind, other, j * k + i));
                        match self.clear(cells, syms) {
                            Some(c) => changed |= c,
                            None => return Progress::Contradiction,
                        }
                    }
                }
            }
        }
        // Pointing: boxes.
        let mut boxes = dirty[2];
        while boxes != 0 {
            let b = boxes.trailing_zeros() as usize;
            boxes &= boxes - 1;
            self.work += n as u64;
            let (top, left) = (b / k * k, b % k * k);
            for kind in 0..2 {
                // Segments of this box along rows (kind 0) or columns (kind 1).
                let mut segs = [0u64; MAX_BOX];
                let mut fixed = 0u64;
                for (i, seg) in segs.iter_mut().enumerate().take(k) {
                    for j in 0..k {
                        let (r, c) = if kind == 0 {
                            (top + i, left + j)
                        } else {
                            (top + j, left + i)
                        };
                        let m = self.cand[r * n + c];
                        *seg |= m;
                        fixed |= if m & (m - 1) == 0 { m } else { 0 };
                    }
                }
                let (once, twice) = once_twice(&segs[..k]);
                let only = once & !twice & !fixed;
                if only == 0 {
                    continue;
                }
                for i in 0..k {
                    let syms = segs[i] & only;
                    if syms == 0 {
                        continue;
                    }
                    let (line, skip) = if kind == 0 {
                        (top + i, left)
                    } else {
                        (left + i, top)
                    };
                    let cells = (0..n)
                        .filter(|&p| p < skip || p >= skip + k)
                        .map(|p| line_cell(n, kind, line, p));
                    match self.clear(cells, syms) {
                        Some(c) => changed |= c,
                        None => return Progress::Contradiction,
                    }
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// Removes `syms` from these cells: `None` on a contradiction, else whether any
    /// cell changed. Shared by pointing and claiming.
    fn clear(&mut self, cells: impl Iterator<Item = usize>, syms: u64) -> Option<bool> {
        let mut changed = false;
        for cell in cells {
            if self.cand[cell] & syms != 0 {
                if !self.eliminate(cell, syms) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    None,
    Changed,
    Contradiction,
}

/// The cell at position `pos` of row `line` (kind 0) or column `line` (kind 1).
#[inline]
fn line_cell(n: usize, kind: usize, line: usize, pos: usize) -> usize {
    if kind == 0 {
        line * n + pos
    } else {
        pos * n + line
    }
}

/// Marks a cell's three units dirty for both sweeps; `units` packs row, column and box.
#[inline]
fn touch(hidden: &mut [u64; 3], locked: &mut [u64; 3], units: u32) {
    let (r, c, b) = (units & 0xff, (units >> 8) & 0xff, units >> 16);
    hidden[0] |= 1 << r;
    hidden[1] |= 1 << c;
    hidden[2] |= 1 << b;
    locked[0] |= 1 << r;
    locked[1] |= 1 << c;
    locked[2] |= 1 << b;
}

/// The `n`-th set bit of `mask` (from the lowest), as a one-bit mask.
#[inline]
fn nth_bit(mut mask: u64, n: u32) -> u64 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[inline]
fn once_twice(masks: &[u64]) -> (u64, u64) {
    let (mut once, mut twice) = (0u64, 0u64);
    for &m in masks {
        twice |= once & m;
        once |= m;
    }
    (once, twice)
}

/// Two different solutions from the candidate masks `root`, if short searches in random
/// orders find them.
///
/// A depth-first search that always tries the lowest symbol first can be unlucky: on a
/// 25×25 with many solutions in `tests/data/slow.txt`, it needed half a million nodes to
/// reach the first, where one of a dozen random orders found dozens in a few hundred.
/// So when a short search did not decide a count to 2, [`PROBES`] random orders of
/// `2 × cells` nodes each look for two solutions. Finding two proves "several"; anything
/// less proves nothing, and the full search runs as before, so counts are the same.
fn two_by_probes(shape: Shape, root: &[u64]) -> Option<(Grid, Grid)> {
    let mut probe = Solver::new(shape);
    let mut first: Option<Grid> = None;
    for seed in 0..PROBES {
        probe.set_random_order(Some(seed));
        probe.set_node_limit(2 * shape.cells() as u64);
        probe.load_masks(root);
        while probe.next_solution() == Next::Solution {
            let found = probe.solution();
            match &first {
                None => first = Some(found),
                Some(a) if *a != found => return Some((a.clone(), found)),
                Some(_) => {}
            }
        }
    }
    None
}

/// How many random-order searches [`two_by_probes`] runs.
const PROBES: u64 = 12;

/// The smallest grid side for which plain searches run the logic solver's techniques
/// first ([`Solver::uses_logic_first`]).
const LOGIC_FIRST_FROM: usize = 16;

/// Solves a puzzle and tells none, unique and multiple apart (with two solutions for
/// multiple).
///
/// ```
/// use sudoku64::{parse, solve::{solve, SolveResult}};
/// let puzzle = parse::parse("1.34341221434.21").unwrap();
/// assert!(matches!(solve(&puzzle), SolveResult::Unique(_)));
/// ```
pub fn solve(grid: &Grid) -> SolveResult {
    if crate::band::supports(grid.shape()) {
        return from_counted(crate::band::count_up_to(grid, 2));
    }
    let mut solver = Solver::new(grid.shape());
    solve_with(&mut solver, grid).0
}

/// The three cases, from the band solver's count up to 2.
fn from_counted(counted: crate::band::Counted) -> SolveResult {
    match (counted.first, counted.second) {
        (Some(a), Some(b)) => SolveResult::Multiple(a, b),
        (Some(a), None) => SolveResult::Unique(a),
        _ => SolveResult::None,
    }
}

/// Runs the band solver for a solver that hands it this puzzle
/// ([`Solver::uses_fast_path`]), leaving its counters where [`Solver::stats`] reads them.
fn count_fast(solver: &mut Solver<'_>, grid: &Grid, limit: u64) -> Option<crate::band::Counted> {
    if !solver.uses_fast_path() {
        return None;
    }
    assert_eq!(
        grid.shape(),
        solver.shape,
        "the grid's shape is not the solver's"
    );
    let counted = crate::band::count_up_to(grid, limit);
    solver.phase = Phase::Done;
    solver.fast_stats = Some(counted.stats);
    Some(counted)
}

/// [`solve`] on a reusable solver; also returns the search counters. Stops early with
/// `None` if the solver's hook asked to stop. 9×9 puzzles go to the band solver when
/// the solver allows it ([`Solver::uses_fast_path`]).
pub fn solve_with(solver: &mut Solver<'_>, grid: &Grid) -> (SolveResult, Stats) {
    if let Some(counted) = count_fast(solver, grid, 2) {
        let stats = counted.stats;
        return (from_counted(counted), stats);
    }
    let (mut found, _) = two_solutions(solver, grid);
    let result = match (found.pop(), found.pop()) {
        (Some(second), Some(first)) => SolveResult::Multiple(first, second),
        (Some(only), None) => SolveResult::Unique(only),
        _ => SolveResult::None,
    };
    (result, solver.stats())
}

/// Up to two solutions of the loaded puzzle, in the order the search finds them, and how
/// the search ended (`Solution` when it found two).
fn first_two(solver: &mut Solver<'_>) -> (Vec<Grid>, Next) {
    let mut found = Vec::new();
    while found.len() < 2 {
        match solver.next_solution() {
            Next::Solution => found.push(solver.solution()),
            other => return (found, other),
        }
    }
    (found, Next::Solution)
}

/// [`first_two`] for a puzzle not yet loaded. From 16×16 up, for a plain solver
/// ([`Solver::uses_logic_first`]): the logic techniques run first, then a short search
/// decides most puzzles; when it does not, [`two_by_probes`] looks for two solutions
/// in random orders, and only then does the full search run.
fn two_solutions(solver: &mut Solver<'_>, grid: &Grid) -> (Vec<Grid>, Next) {
    let Some(root) = solver.load_for_search(grid) else {
        return first_two(solver);
    };
    solver.set_node_limit(QUICK_NODES_PER_CELL * grid.shape().cells() as u64);
    let quick = first_two(solver);
    solver.set_node_limit(u64::MAX);
    if quick.1 != Next::Stopped {
        return quick;
    }
    if let Some((a, b)) = two_by_probes(grid.shape(), &root) {
        return (vec![a, b], Next::Solution);
    }
    solver.load_masks(&root);
    solver.logic_first_used = true;
    first_two(solver)
}

/// The node limit, per cell, of the short search [`two_solutions`] tries first.
const QUICK_NODES_PER_CELL: u64 = 4;

/// One solution, if there is any.
pub fn solve_one(grid: &Grid) -> Option<Grid> {
    if crate::band::supports(grid.shape()) {
        return crate::band::count_up_to(grid, 1).first;
    }
    let mut solver = Solver::new(grid.shape());
    solver.load_for_search(grid);
    (solver.next_solution() == Next::Solution).then(|| solver.solution())
}

/// The number of solutions, counting no further than `limit`.
pub fn count_solutions_up_to(grid: &Grid, limit: u64) -> u64 {
    if crate::band::supports(grid.shape()) {
        return crate::band::count_up_to(grid, limit).count;
    }
    let mut solver = Solver::new(grid.shape());
    count_with(&mut solver, grid, limit).0
}

/// [`count_solutions_up_to`] on a reusable solver. The `Next` is `Stopped` when the hook
/// stopped the count early (the count is then a lower bound), `Solution` when the count
/// reached the limit, else `Exhausted`. 9×9 puzzles go to the band solver when the
/// solver allows it ([`Solver::uses_fast_path`]); [`Solver::solution`] is then not
/// updated, so use [`count_and_first_with`] for a solution.
pub fn count_with(solver: &mut Solver<'_>, grid: &Grid, limit: u64) -> (u64, Next) {
    let (count, _, next) = count_keeping_first(solver, grid, limit, false);
    (count, next)
}

/// [`count_with`], also returning the first solution found (if any).
pub fn count_and_first_with(
    solver: &mut Solver<'_>,
    grid: &Grid,
    limit: u64,
) -> (u64, Option<Grid>, Next) {
    count_keeping_first(solver, grid, limit, true)
}

fn count_keeping_first(
    solver: &mut Solver<'_>,
    grid: &Grid,
    limit: u64,
    keep_first: bool,
) -> (u64, Option<Grid>, Next) {
    if let Some(counted) = count_fast(solver, grid, limit) {
        let next = if counted.count < limit {
            Next::Exhausted
        } else {
            Next::Solution
        };
        return (counted.count, counted.first, next);
    }
    if limit == 2 {
        let (found, next) = two_solutions(solver, grid);
        let first = if keep_first {
            found.first().cloned()
        } else {
            None
        };
        return (found.len() as u64, first, next);
    }
    solver.load_for_search(grid);
    let mut count = 0;
    let mut first = None;
    while count < limit {
        match solver.next_solution() {
            Next::Solution => {
                if count == 0 && keep_first {
                    first = Some(solver.solution());
                }
                count += 1;
            }
            other => return (count, first, other),
        }
    }
    (count, first, Next::Solution)
}

/// Every solution of a puzzle, found lazily, one per `next()`: the classic `-a` mode.
/// Bound it with `.take(cap)`.
pub struct Solutions {
    solver: Solver<'static>,
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        (self.solver.next_solution() == Next::Solution).then(|| self.solver.solution())
    }
}

/// All solutions of a puzzle, lazily.
pub fn solutions(grid: &Grid) -> Solutions {
    let mut solver = Solver::new(grid.shape());
    solver.load(grid);
    Solutions { solver }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(shape: Shape) -> Grid {
        let (n, k) = (shape.size(), shape.box_side());
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                (((r % k) * k + r / k + c) % n + 1) as u8
            })
            .collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    #[test]
    fn empty_grids_solve_at_every_size() {
        for shape in Shape::all() {
            let solution = solve_one(&Grid::empty(shape)).expect("an empty grid has solutions");
            assert!(solution.is_solved(), "{}", shape.name());
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
    fn counts_and_enumeration_agree() {
        // An empty 4×4 has 288 solutions.
        let empty = Grid::empty(Shape::from_size(4).unwrap());
        assert_eq!(count_solutions_up_to(&empty, 1000), 288);
        assert_eq!(count_solutions_up_to(&empty, 10), 10);
        let all: Vec<Grid> = solutions(&empty).collect();
        assert_eq!(all.len(), 288);
        assert!(all.iter().all(Grid::is_solved));
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 288);
    }

    #[test]
    fn hook_stops_the_search() {
        let empty = Grid::empty(Shape::from_size(9).unwrap());
        let mut solver = Solver::new(empty.shape());
        let calls = std::rc::Rc::new(std::cell::Cell::new(0));
        let seen = calls.clone();
        solver.set_hook(Some(Box::new(move |_| {
            seen.set(seen.get() + 1);
            false
        })));
        // Counting every 9×9 grid would take ages: the hook must end it.
        let (count, how) = count_with(&mut solver, &empty, u64::MAX);
        assert_eq!(how, Next::Stopped);
        assert!(count > 0);
        assert_eq!(calls.get(), 1);
        assert!(solver.stats().nodes > 0);
    }
}
