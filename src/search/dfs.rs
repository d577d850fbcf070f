//! The depth-first search: constraint propagation on candidate masks, then guesses.
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
//! box), and locked candidates (pointing and claiming, on the segments where a box meets
//! a row or column: c cells along a row, r down a column, for r×c boxes). The search then picks an unsolved cell with the fewest
//! candidates and tries each in turn.
//!
//! Undo is a trail of `(cell, old mask)` pairs rather than copies of the whole state:
//! a copy at 64×64 is 32 KiB per search node, while the trail only records what changed.
//! All storage is allocated when a [`DepthFirst`] is made for a shape, and reused for
//! every puzzle it loads: no search node allocates. The search is an explicit stack, so it
//! can stop after each solution and resume ([`DepthFirst::next_solution`]); a work limit
//! pauses it between two nodes, and the next call resumes it, which is how the policy
//! ([`crate::search`]) takes turns between it and the conflict-driven search. A hook is
//! called every few tens of microseconds of work so a caller can stop it for good.
//!
//! It is by far the fastest engine per node, and most puzzles of every size need few
//! nodes. Its weakness is the heavy tail: one early wrong guess on a sparse large grid can
//! hide a dead end of millions of nodes, which the conflict-driven search
//! ([`crate::search::cdcl`]) avoids by learning.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::cages::{Cages, NO_CAGE, sum_options};
use crate::grid::{Geometry, Grid, MAX_SIZE, Shape};

/// Above this many overlaps a unit's pointing and claiming go by parts, one pass per kind
/// of unit, rather than one pass per overlap.
const PARTS_FROM: usize = 8;

/// The most segments a line or a box has: a row of a 64×64 with 32×2 boxes meets 32.
const MAX_SEGMENTS: usize = MAX_SIZE / 2;

use super::stats::{Next, Stats};

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

/// A reusable depth-first search for one shape. Make one, then
/// [`load`](DepthFirst::load) puzzles into it one after another.
pub struct DepthFirst<'h> {
    shape: Shape,
    geo: &'static Geometry,
    n: usize,
    cand: Vec<u64>,
    trail: Vec<(u16, u64)>,
    queue: Vec<u16>,
    stack: Vec<Frame>,
    /// Per cell, its row, column and box packed as `row | column << 8 | box << 16`.
    units_of: Vec<u32>,
    /// Per cell, its extra units (diagonals, windows) as bits of `extra unit - 3n`; empty
    /// when the shape has none.
    extras_of: Vec<u64>,
    /// Units whose cells changed since hidden singles last looked at them, and since
    /// locked candidates last did: `[rows, columns, boxes, extra units]`, one bit per
    /// unit. Sweeps visit only these, so the tail of a propagation costs what changed,
    /// not n².
    dirty_hidden: [u64; 4],
    dirty_locked: [u64; 4],
    /// Pointing and claiming through [`Geometry::overlaps`] rather than along the bands
    /// and stacks of r×c boxes: for jigsaw regions and extra units.
    general_locked: bool,
    unsolved: usize,
    phase: Phase,
    rules: Rules,
    stats: Stats,
    /// Work since the hook was last called.
    work: u64,
    hook: Option<Hook<'h>>,
    /// Branch order: lowest symbol first, or random from this generator.
    rng: Option<Xoshiro256PlusPlus>,
    /// The search pauses (returns `Stopped`, and can resume) once it has tried this many
    /// nodes since the load.
    node_limit: u64,
    /// The search pauses once it has done this much work since the load.
    work_limit: u64,
    /// Per cell, a symbol to try first (one bit, or 0 for none).
    prefer: Vec<u64>,
    /// A cell to branch on first, if it is still open at the first decision.
    first_cell: Option<usize>,
    /// The order in which cells with equally few candidates are preferred
    /// ([`DepthFirst::set_cell_order`]); empty: by cell index.
    cell_order: Vec<u16>,
    /// Symbols tied across cells ([`DepthFirst::set_links`]); empty for none.
    links: Vec<Vec<(u16, u16)>>,
    /// The relabellings the links use: symbol index to symbol index.
    relabel: Vec<Vec<u8>>,
    /// Killer cages, if the shape has them: their sums are propagated in each sweep.
    cages: Option<&'static Cages>,
    /// Per cell, the cells of its cage that are not already its peers (they too must
    /// hold other symbols): `cage_mates[cage_mate_start[c]..cage_mate_start[c + 1]]`.
    /// Empty without cages.
    cage_mate_start: Vec<u32>,
    cage_mates: Vec<u16>,
    /// Per cell, its cage (`NO_CAGE` for none); empty without cages.
    cage_of: Vec<u16>,
    /// Cages whose cells changed since [`DepthFirst::cage_sums`] last looked, one bit
    /// each.
    dirty_cages: Vec<u64>,
}

impl<'h> DepthFirst<'h> {
    /// A search for grids of this shape, with its storage allocated.
    pub fn new(shape: Shape) -> Self {
        let n = shape.size();
        let cells = shape.cells();
        DepthFirst {
            shape,
            geo: shape.geometry(),
            n,
            cand: vec![shape.full_mask(); cells],
            // Along one search path each cell loses at most n - 1 candidates: with this
            // capacity the trail never grows during a search.
            trail: Vec::with_capacity(cells * n),
            queue: Vec::with_capacity(cells),
            stack: Vec::with_capacity(cells),
            units_of: (0..cells)
                .map(|c| (shape.row(c) | shape.column(c) << 8 | shape.box_of(c) << 16) as u32)
                .collect(),
            extras_of: if shape.has_only_basic_units() {
                Vec::new()
            } else {
                let geo = shape.geometry();
                (0..cells)
                    .map(|c| {
                        geo.units_of(c)[3..]
                            .iter()
                            .fold(0, |m, &u| m | 1u64 << (u as usize - 3 * n))
                    })
                    .collect()
            },
            dirty_hidden: [0; 4],
            dirty_locked: [0; 4],
            general_locked: !shape.has_box_grid() || !shape.has_only_basic_units(),
            unsolved: cells,
            phase: Phase::Done,
            rules: Rules::default(),
            stats: Stats::default(),
            work: 0,
            hook: None,
            rng: None,
            node_limit: u64::MAX,
            work_limit: u64::MAX,
            prefer: Vec::new(),
            first_cell: None,
            cell_order: Vec::new(),
            links: Vec::new(),
            relabel: Vec::new(),
            cages: shape.cages(),
            cage_mate_start: Vec::new(),
            cage_mates: Vec::new(),
            cage_of: Vec::new(),
            dirty_cages: Vec::new(),
        }
        .with_cage_mates()
    }

    /// Fills the cage mates that are not peers already.
    fn with_cage_mates(mut self) -> Self {
        let Some(cages) = self.cages else {
            return self;
        };
        self.cage_of = (0..self.shape.cells())
            .map(|c| cages.cage_of(c).map_or(NO_CAGE, |k| k as u16))
            .collect();
        self.dirty_cages = vec![0; cages.len().div_ceil(64)];
        self.cage_mate_start.push(0);
        for cell in 0..self.shape.cells() {
            if let Some(k) = cages.cage_of(cell) {
                for &o in cages.cells(k) {
                    if o as usize != cell && !self.geo.sees(cell, o as usize) {
                        self.cage_mates.push(o);
                    }
                }
            }
            self.cage_mate_start.push(self.cage_mates.len() as u32);
        }
        self
    }

    /// Makes the first decision of every search branch on this cell (if propagation has
    /// not already filled it), instead of the cell with the fewest candidates. The
    /// generator uses it to split "is there a solution where this cell differs" by the
    /// cell's own symbols.
    pub fn set_first_cell(&mut self, cell: Option<usize>) {
        self.first_cell = cell;
    }

    /// Ties cells' symbols together: `links[cell]` lists `(other, map)` pairs, and once
    /// `cell` holds symbol index `s` (from 0), `other` must hold `relabel[map][s]`. The
    /// generator fills grids that a symmetry of the cells maps to themselves up to a
    /// relabelling this way. Propagation places the linked symbols as soon as a cell is
    /// filled. (Eliminations need no mirroring: every placement is mirrored, and the
    /// symmetry maps units to units, so what the rules eliminate stays symmetric too.)
    /// Cells already filled when a puzzle is loaded are taken as they are: their links
    /// are not checked. An empty `links` removes them.
    ///
    /// # Panics
    /// If `links` is not empty and does not have one entry per cell, or a map is not a
    /// table of the shape's symbols.
    pub fn set_links(&mut self, links: Vec<Vec<(u16, u16)>>, relabel: Vec<Vec<u8>>) {
        assert!(
            links.is_empty() || links.len() == self.shape.cells(),
            "one list of links per cell"
        );
        for (other, map) in links.iter().flatten() {
            assert!(
                (*other as usize) < self.shape.cells(),
                "a link to a cell of the grid"
            );
            let table = &relabel[*map as usize];
            assert!(
                table.len() == self.n && table.iter().all(|&t| (t as usize) < self.n),
                "a relabelling of the shape's symbols"
            );
        }
        self.links = links;
        self.relabel = relabel;
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

    /// Among open cells with equally few candidates, branches on the one that comes first
    /// in `order` (a permutation of the cells); an empty `order` restores cell-index order.
    /// The generator's fills choose it: the order decides which part of the grid fills
    /// first, and with it how often a random fill runs into a dead end.
    ///
    /// # Panics
    /// If `order` is neither empty nor a list of every cell.
    pub fn set_cell_order(&mut self, order: Vec<u16>) {
        assert!(
            order.is_empty() || order.len() == self.shape.cells(),
            "an order of every cell"
        );
        self.cell_order = order;
    }

    /// Pauses the search with [`Next::Stopped`] once it has tried `limit` nodes since the
    /// load (`u64::MAX`: no limit); a later call resumes it. Unlike a time limit, a node
    /// limit gives the same answer on every machine.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// Pauses the search with [`Next::Stopped`] once it has done `limit` work units since
    /// the load ([`Stats::work`]); a later call resumes it.
    pub fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
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
    /// when it returns `false` the search stops with [`Next::Stopped`] for good (until the
    /// next load).
    pub fn set_hook(&mut self, hook: Option<Hook<'h>>) {
        self.hook = hook;
    }

    /// The counters since the last load.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.solved_cells = (self.shape.cells() - self.unsolved) as u64;
        s.work += self.work;
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
        let all = self.shape.full_mask();
        let extras = self.shape.unit_count() - 3 * self.n;
        let all_extras = if extras == 0 {
            0
        } else {
            u64::MAX >> (64 - extras)
        };
        self.dirty_hidden = [all, all, all, all_extras];
        self.dirty_cages.fill(u64::MAX);
        self.dirty_locked = [all, all, all, all_extras];
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
        let geo = self.geo;
        let mut placed = [0u64; 4 * crate::grid::MAX_SIZE];
        self.unsolved = self.cand.len();
        for (cell, &m) in self.cand.iter().enumerate() {
            if m == 0 {
                self.phase = Phase::Done;
                return;
            }
            if m & (m - 1) == 0 {
                self.unsolved -= 1;
                for &u in geo.units_of(cell) {
                    let u = u as usize;
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
            let new = geo
                .units_of(cell)
                .iter()
                .fold(m, |m, &u| m & !placed[u as usize]);
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

    /// The solution just found by [`next_solution`](DepthFirst::next_solution).
    pub fn solution(&self) -> Grid {
        let cells = self
            .cand
            .iter()
            .map(|&m| m.trailing_zeros() as u8 + 1)
            .collect();
        Grid::from_cells(self.shape, cells).expect("a solution has one symbol per cell")
    }

    /// Runs propagation alone on the loaded puzzle, with no guess. Returns `false` on a
    /// contradiction; afterwards [`candidates`](DepthFirst::candidates) shows what is left.
    pub fn propagate_only(&mut self) -> bool {
        if self.phase != Phase::Loaded {
            return self.phase != Phase::Done;
        }
        self.phase = Phase::AfterSolution;
        let mut hook = self.hook.take();
        let ok = match hook.as_mut() {
            Some(hook) => self.propagate(&mut **hook),
            None => self.propagate(&mut |_| true),
        } == Some(true);
        self.hook = hook;
        if !ok {
            self.phase = Phase::Done;
        }
        ok
    }

    /// Whether propagation alone, on the loaded puzzle, fills all of `cells`: like
    /// [`propagate_only`](DepthFirst::propagate_only), but it stops as soon as they are
    /// filled. Returns `false` when it reaches its fixpoint with one of them open, meets a
    /// contradiction, or the hook stops it.
    ///
    /// The generator's removal test: propagation from a puzzle that it solves, less some
    /// givens, solves it again exactly when it fills those cells again, since from there
    /// it knows at least what the whole puzzle gave it. The stop saves the rest of the
    /// grid, most of the work of a test that succeeds (about 70% of the propagation
    /// pass's work at 64×64).
    pub fn propagate_fills(&mut self, cells: &[usize]) -> bool {
        if self.phase != Phase::Loaded {
            return self.phase != Phase::Done && cells.iter().all(|&c| is_single(self.cand[c]));
        }
        self.phase = Phase::AfterSolution;
        let mut hook = self.hook.take();
        let mut go_on = |stats: &Stats| hook.as_mut().is_none_or(|hook| hook(stats));
        let mut open_from = 0;
        let filled = loop {
            if !self.naked_singles() {
                break Some(false);
            }
            // Filled cells stay filled: look on from the first one open last time.
            while open_from < cells.len() && is_single(self.cand[cells[open_from]]) {
                open_from += 1;
            }
            if open_from == cells.len() {
                break Some(true);
            }
            match self.sweep(&mut go_on) {
                Some(Progress::Changed) => continue,
                Some(Progress::None) => break Some(false),
                Some(Progress::Contradiction) => break Some(false),
                None => break None,
            }
        };
        self.hook = hook;
        if filled != Some(true) {
            self.queue.clear();
            self.phase = Phase::Done;
        }
        filled == Some(true)
    }

    /// True when every cell has exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0 && self.phase != Phase::Done
    }

    /// Finds the next solution, resuming where the last call stopped (or paused). The
    /// hook of [`set_hook`](DepthFirst::set_hook), if any, may stop it.
    pub fn next_solution(&mut self) -> Next {
        let mut hook = self.hook.take();
        let next = match hook.as_mut() {
            Some(hook) => self.next_solution_with(&mut **hook),
            None => self.next_solution_with(&mut |_| true),
        };
        self.hook = hook;
        next
    }

    /// [`next_solution`](DepthFirst::next_solution) with this hook instead of the
    /// installed one: called every few tens of microseconds of work, it stops the search
    /// for good by returning `false`.
    pub fn next_solution_with(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> Next {
        match self.phase {
            Phase::Done => return Next::Exhausted,
            Phase::Loaded => {
                self.phase = Phase::AfterSolution;
                match self.propagate(go_on) {
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
            if self.stack.is_empty() {
                self.phase = Phase::Done;
                return Next::Exhausted;
            }
            if self.stats.nodes >= self.node_limit || self.stats.work + self.work >= self.work_limit
            {
                // Paused between two nodes: the next call takes the next branch.
                return Next::Stopped;
            }
            let frame = self.stack.last_mut().expect("the stack is not empty");
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
            self.dirty_hidden = [0; 4];
            self.dirty_cages.fill(0);
            self.dirty_locked = [0; 4];
            self.stats.nodes += 1;
            self.queue.clear();
            self.set(cell as usize, bit);
            match self.propagate(go_on) {
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

    /// The unsolved cell with the fewest candidates (the first such, in cell order or in
    /// the order [`DepthFirst::set_cell_order`] set).
    fn pick_cell(&self) -> usize {
        if self.cell_order.is_empty() {
            fewest_first(self.cand.iter().copied().enumerate())
        } else {
            fewest_first(
                self.cell_order
                    .iter()
                    .map(|&cell| (cell as usize, self.cand[cell as usize])),
            )
        }
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
        if let Some(&k) = self.cage_of.get(cell)
            && k != NO_CAGE
        {
            self.dirty_cages[k as usize / 64] |= 1 << (k % 64);
        }
        touch(
            &mut self.dirty_hidden,
            &mut self.dirty_locked,
            self.units_of[cell],
            self.extras_of.get(cell).copied().unwrap_or(0),
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
    fn propagate(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> Option<bool> {
        loop {
            if !self.naked_singles() {
                self.queue.clear();
                return Some(false);
            }
            if self.unsolved == 0 {
                // The hook still hears of the work done, and cages check their sums.
                return match self.sweep(go_on)? {
                    Progress::Contradiction => {
                        self.queue.clear();
                        Some(false)
                    }
                    _ => Some(true),
                };
            }
            match self.sweep(go_on)? {
                Progress::Contradiction => {
                    self.queue.clear();
                    return Some(false);
                }
                Progress::Changed => continue,
                Progress::None => return Some(true),
            }
        }
    }

    /// One step of propagation after the naked singles are drained: the hook (when its
    /// interval has passed; `None` if it asked to stop), then hidden singles, then locked
    /// candidates if hidden singles changed nothing. With every cell filled only the hook
    /// runs.
    fn sweep(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> Option<Progress> {
        if self.work >= HOOK_INTERVAL {
            self.stats.work += self.work;
            self.work = 0;
            if !go_on(&self.stats()) {
                return None;
            }
        }
        if self.unsolved == 0 {
            return Some(match self.cages {
                Some(cages) => self.cage_sums(cages),
                None => Progress::None,
            });
        }
        if self.rules.hidden_singles {
            match self.hidden_singles() {
                Progress::None => {}
                other => return Some(other),
            }
        }
        if let Some(cages) = self.cages {
            match self.cage_sums(cages) {
                Progress::None => {}
                other => return Some(other),
            }
        }
        if self.rules.locked_candidates && self.n > 1 {
            return Some(self.locked_candidates());
        }
        Some(Progress::None)
    }

    /// Killer cages: a cage's placed symbols leave its other cells, and its open cells
    /// keep only the symbols of some set of distinct symbols that makes what is left of
    /// its sum ([`sum_options`]); a symbol in every such set with one place left in the
    /// cage is placed there.
    fn cage_sums(&mut self, cages: &Cages) -> Progress {
        let mut changed = false;
        let mut open = [0u16; MAX_SIZE];
        let mut masks = [0u64; MAX_SIZE];
        let mut word = 0;
        while word < self.dirty_cages.len() {
            if self.dirty_cages[word] == 0 {
                word += 1;
                continue;
            }
            let k = word * 64 + self.dirty_cages[word].trailing_zeros() as usize;
            self.dirty_cages[word] &= self.dirty_cages[word] - 1;
            if k >= cages.len() {
                continue;
            }
            let cells = cages.cells(k);
            self.work += cells.len() as u64;
            let (mut placed, mut total, mut count) = (0u64, 0u32, 0usize);
            for &c in cells {
                let m = self.cand[c as usize];
                if is_single(m) {
                    if placed & m != 0 {
                        return Progress::Contradiction;
                    }
                    placed |= m;
                    total += m.trailing_zeros() + 1;
                } else {
                    open[count] = c;
                    masks[count] = m & !placed;
                    count += 1;
                }
            }
            let sum = cages.sum(k);
            if count == 0 {
                if sum.is_some_and(|s| s != total) {
                    return Progress::Contradiction;
                }
                continue;
            }
            for m in &mut masks[..count] {
                *m &= !placed;
            }
            let (allowed, every) = match sum {
                None => (!placed, 0),
                Some(sum) if total >= sum => return Progress::Contradiction,
                Some(sum) => {
                    let pool = masks[..count].iter().fold(0, |a, m| a | m);
                    self.work += 4 * count as u64;
                    match sum_options(pool, count, sum - total, &masks[..count]) {
                        None => return Progress::Contradiction,
                        Some(options) => (options.some, options.every),
                    }
                }
            };
            for &c in &open[..count] {
                let c = c as usize;
                let drop = self.cand[c] & !allowed;
                if drop != 0 {
                    if !self.eliminate(c, drop) {
                        return Progress::Contradiction;
                    }
                    changed = true;
                }
            }
            let mut needed = every;
            while needed != 0 {
                let bit = needed & needed.wrapping_neg();
                needed ^= bit;
                let mut places = open[..count]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit != 0);
                match (places.next(), places.next()) {
                    (None, _) => return Progress::Contradiction,
                    (Some(c), None) if self.cand[c] != bit => {
                        if is_single(self.cand[c]) {
                            // Another rule filled it with another symbol meanwhile.
                            return Progress::Contradiction;
                        }
                        self.set(c, bit);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// Drains the queue of newly single cells, removing each one's symbol from its peers
    /// (and placing the linked symbols, with links).
    fn naked_singles(&mut self) -> bool {
        let geo = self.geo;
        // Split borrows: the loop body is the solver's hottest code.
        let DepthFirst {
            cand,
            trail,
            queue,
            unsolved,
            work,
            units_of,
            extras_of,
            dirty_hidden,
            dirty_locked,
            links,
            relabel,
            cage_mate_start,
            cage_mates,
            cage_of,
            dirty_cages,
            ..
        } = self;
        while let Some(cell) = queue.pop() {
            let cell = cell as usize;
            let bit = cand[cell];
            if let Some(links) = links.get(cell) {
                let s = bit.trailing_zeros() as usize;
                for &(other, map) in links {
                    let want = 1u64 << relabel[map as usize][s];
                    let old = cand[other as usize];
                    if old & want == 0 {
                        return false;
                    }
                    if old != want {
                        trail.push((other, old));
                        cand[other as usize] = want;
                        let extra = extras_of.get(other as usize).copied().unwrap_or(0);
                        touch(dirty_hidden, dirty_locked, units_of[other as usize], extra);
                        touch_cage(dirty_cages, cage_of, other as usize);
                        *unsolved -= 1;
                        queue.push(other);
                    }
                }
            }
            let peers = geo.peers(cell);
            *work += peers.len() as u64;
            let mates = match cage_mate_start.get(cell..cell + 2) {
                Some(&[from, to]) => &cage_mates[from as usize..to as usize],
                _ => &[],
            };
            for &p in peers.iter().chain(mates) {
                let old = cand[p as usize];
                if old & bit != 0 {
                    let new = old ^ bit;
                    trail.push((p, old));
                    cand[p as usize] = new;
                    let extra = extras_of.get(p as usize).copied().unwrap_or(0);
                    touch(dirty_hidden, dirty_locked, units_of[p as usize], extra);
                    touch_cage(dirty_cages, cage_of, p as usize);
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
        for kind in 0..4 {
            while self.dirty_hidden[kind] != 0 {
                let index = self.dirty_hidden[kind].trailing_zeros() as usize;
                self.dirty_hidden[kind] &= self.dirty_hidden[kind] - 1;
                let u = kind * n + index;
                self.work += n as u64;
                let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
                for &c in self.geo.unit(u) {
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
                    let Some(c) = self
                        .geo
                        .unit(u)
                        .iter()
                        .map(|&c| c as usize)
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
    /// A segment is the cells where a box meets a row (or a column). If a symbol's
    /// candidates in a box lie in one segment, it leaves the rest of that line
    /// (pointing); if its candidates in a line lie in one segment, it leaves the rest of
    /// that box (claiming). Boxes are checked for pointing, rows and columns for
    /// claiming, each only when one of its cells changed since the last look.
    fn locked_candidates(&mut self) -> Progress {
        if self.general_locked {
            return self.locked_through_overlaps();
        }
        let n = self.n;
        let (r, c) = (self.shape.box_rows(), self.shape.box_columns());
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_locked);
        // Claiming: rows (kind 0) and columns (kind 1). A row meets the boxes of its band
        // in segments c cells long, a column meets those of its stack in segments of r.
        for (kind, mut lines) in dirty.into_iter().take(2).enumerate() {
            let (seg_len, across) = if kind == 0 { (c, r) } else { (r, c) };
            let nsegs = n / seg_len;
            while lines != 0 {
                let line = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                self.work += n as u64;
                let mut segs = [0u64; MAX_SEGMENTS];
                let mut fixed = 0u64;
                for (j, seg) in segs.iter_mut().enumerate().take(nsegs) {
                    for i in 0..seg_len {
                        let m = self.cand[line_cell(n, kind, line, j * seg_len + i)];
                        *seg |= m;
                        fixed |= if m & (m - 1) == 0 { m } else { 0 };
                    }
                }
                let (once, twice) = once_twice(&segs[..nsegs]);
                // A placed symbol is trivially confined to its segment, and naked singles
                // already cleared it from the peers: skip it.
                let only = once & !twice & !fixed;
                if only == 0 {
                    continue;
                }
                for j in 0..nsegs {
                    let syms = segs[j] & only;
                    if syms == 0 {
                        continue;
                    }
                    // Clear them from the box's other lines, in segment j.
                    let first = line / across * across;
                    for other in (first..first + across).filter(|&o| o != line) {
                        let cells =
                            (0..seg_len).map(|i| line_cell(n, kind, other, j * seg_len + i));
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
            let (top, left) = self.shape.box_origin(b);
            for kind in 0..2 {
                // Segments of this box along rows (kind 0: r of them, c cells each) or
                // columns (kind 1: c of them, r cells each).
                let (nsegs, seg_len) = if kind == 0 { (r, c) } else { (c, r) };
                let mut segs = [0u64; MAX_SEGMENTS];
                let mut fixed = 0u64;
                for (i, seg) in segs.iter_mut().enumerate().take(nsegs) {
                    for j in 0..seg_len {
                        let (row, column) = if kind == 0 {
                            (top + i, left + j)
                        } else {
                            (top + j, left + i)
                        };
                        let m = self.cand[row * n + column];
                        *seg |= m;
                        fixed |= if m & (m - 1) == 0 { m } else { 0 };
                    }
                }
                let (once, twice) = once_twice(&segs[..nsegs]);
                let only = once & !twice & !fixed;
                if only == 0 {
                    continue;
                }
                for i in 0..nsegs {
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
                        .filter(|&p| p < skip || p >= skip + seg_len)
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

    /// Pointing and claiming for any units, where something changed: if a symbol's
    /// candidates in a unit all lie where it overlaps another unit, the symbol leaves the
    /// rest of that other unit. Slower than the band-and-stack sweep of
    /// [`locked_candidates`](DepthFirst::locked_candidates), which r×c boxes with no
    /// extra units use.
    fn locked_through_overlaps(&mut self) -> Progress {
        let n = self.n;
        let geo = self.geo;
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_locked);
        let mut outside = [0u16; MAX_SIZE];
        let mut parts = [0u64; MAX_SIZE];
        let mut sizes = [0u8; MAX_SIZE];
        for (kind, mut units) in dirty.into_iter().enumerate() {
            while units != 0 {
                let index = units.trailing_zeros() as usize;
                units &= units - 1;
                let u = kind * n + index;
                let cells = geo.unit(u);
                let mut masks = [0u64; MAX_SIZE];
                let mut fixed = 0u64;
                for (i, &c) in cells.iter().enumerate() {
                    let m = self.cand[c as usize];
                    masks[i] = m;
                    fixed |= if m & (m - 1) == 0 { m } else { 0 };
                }
                self.work += n as u64;
                // Rows, columns and boxes (or regions) each cut the unit into parts, one
                // per unit of that kind it meets: a symbol found in one part only, of two
                // cells or more, leaves the rest of that part's unit. One pass over the
                // unit per kind, where a pass per overlap would cost more: a region of a
                // large jigsaw meets dozens of rows and columns; a 9×9 box meets six
                // lines, and the plain overlaps below serve it.
                let partition = geo.overlaps(u).len() > PARTS_FROM;
                for across in (0..3).filter(|&a| partition && a != kind) {
                    parts[..n].fill(0);
                    sizes[..n].fill(0);
                    for (i, &c) in cells.iter().enumerate() {
                        let part = (self.units_of[c as usize] >> (8 * across)) as usize & 0xff;
                        parts[part] |= masks[i];
                        sizes[part] += 1;
                    }
                    self.work += n as u64;
                    let (once, twice) = once_twice(&parts[..n]);
                    let only = once & !twice & !fixed;
                    if only == 0 {
                        continue;
                    }
                    for part in 0..n {
                        let syms = parts[part] & only;
                        if syms == 0 || sizes[part] < 2 {
                            continue;
                        }
                        let mut len = 0;
                        for &c in geo.unit(across * n + part) {
                            if !self.in_unit(c as usize, kind, index) {
                                outside[len] = c;
                                len += 1;
                            }
                        }
                        let rest = outside[..len].iter().map(|&c| c as usize);
                        match self.clear(rest, syms) {
                            Some(c) => changed |= c,
                            None => return Progress::Contradiction,
                        }
                    }
                }
                // Every overlap, or after the parts only those with diagonals and windows.
                let listed = geo.overlaps(u).iter();
                for overlap in listed.filter(|o| !partition || o.unit as usize >= 3 * n) {
                    let (mut inside, mut rest) = (0u64, 0u64);
                    for (i, &m) in masks[..n].iter().enumerate() {
                        if overlap.here >> i & 1 == 1 {
                            inside |= m;
                        } else {
                            rest |= m;
                        }
                    }
                    let syms = inside & !rest & !fixed;
                    if syms == 0 {
                        continue;
                    }
                    let other = geo.unit(overlap.unit as usize);
                    let cells = (0..n)
                        .filter(|&j| overlap.there >> j & 1 == 0)
                        .map(|j| other[j] as usize);
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

    /// Whether a cell lies in the unit `index` of a kind (0 rows, 1 columns, 2 boxes or
    /// regions, 3 diagonals and windows).
    #[inline]
    fn in_unit(&self, cell: usize, kind: usize, index: usize) -> bool {
        if kind < 3 {
            (self.units_of[cell] >> (8 * kind)) as usize & 0xff == index
        } else {
            self.extras_of[cell] >> index & 1 == 1
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

/// True for a mask of exactly one candidate.
#[inline]
fn is_single(mask: u64) -> bool {
    mask != 0 && mask & (mask - 1) == 0
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

/// Marks the cage of a cell that changed, when the shape has cages.
#[inline]
fn touch_cage(dirty: &mut [u64], cage_of: &[u16], cell: usize) {
    if let Some(&k) = cage_of.get(cell)
        && k != NO_CAGE
    {
        dirty[k as usize / 64] |= 1 << (k % 64);
    }
}

/// Marks a cell's units dirty for both sweeps; `units` packs row, column and box, and
/// `extra` has a bit for each of its extra units.
#[inline]
fn touch(hidden: &mut [u64; 4], locked: &mut [u64; 4], units: u32, extra: u64) {
    let (r, c, b) = (units & 0xff, (units >> 8) & 0xff, units >> 16);
    hidden[3] |= extra;
    locked[3] |= extra;
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

/// Of `(cell, candidates)` pairs, the first cell with the fewest candidates above one
/// (`usize::MAX` when every cell is solved); it stops at the first cell with two.
fn fewest_first(cells: impl Iterator<Item = (usize, u64)>) -> usize {
    let mut best = usize::MAX;
    let mut best_count = u32::MAX;
    for (cell, m) in cells {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn all_solutions(dfs: &mut DepthFirst<'_>) -> Vec<Grid> {
        let mut found = Vec::new();
        while dfs.next_solution() == Next::Solution {
            found.push(dfs.solution());
        }
        found
    }

    #[test]
    fn enumerates_every_4x4_grid_once() {
        let empty = Grid::empty(Shape::from_size(4).unwrap());
        let mut dfs = DepthFirst::new(empty.shape());
        dfs.load(&empty);
        let all = all_solutions(&mut dfs);
        assert_eq!(all.len(), 288);
        assert!(all.iter().all(Grid::is_solved));
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 288);
    }

    /// With the lowest symbol first, the first branch of an empty grid puts symbol 1 in
    /// the cell it branches on: the first cell of the order.
    #[test]
    fn the_cell_order_decides_where_ties_branch() {
        let shape = Shape::from_size(9).unwrap();
        let last = shape.cells() - 1;
        let mut dfs = DepthFirst::new(shape);
        dfs.load(&Grid::empty(shape));
        assert_eq!(dfs.next_solution(), Next::Solution);
        assert_eq!(dfs.solution().get(0), 1);
        assert_ne!(dfs.solution().get(last), 1);
        dfs.set_cell_order((0..shape.cells() as u16).rev().collect());
        dfs.load(&Grid::empty(shape));
        assert_eq!(dfs.next_solution(), Next::Solution);
        assert!(dfs.solution().is_solved());
        assert_eq!(dfs.solution().get(last), 1);
        assert_ne!(dfs.solution().get(0), 1);
    }

    /// Clearing cells one at a time from a full 16×16 grid, keeping each removal that
    /// propagation proves: at every step the early-stopping test agrees with a full
    /// propagation, both ways.
    #[test]
    fn propagate_fills_agrees_with_a_full_propagation() {
        let shape = Shape::from_size(16).unwrap();
        let mut dfs = DepthFirst::new(shape);
        dfs.set_random_order(Some(7));
        dfs.load(&Grid::empty(shape));
        assert_eq!(dfs.next_solution(), Next::Solution);
        let full = dfs.solution();
        dfs.set_random_order(None);
        let mut puzzle = full.clone();
        let (mut kept, mut cleared) = (0, 0);
        // A fixed order that visits every cell (7 is prime to 256).
        for cell in (0..shape.cells()).map(|i| i * 7 % shape.cells()) {
            puzzle.set(cell, 0);
            dfs.load(&puzzle);
            let whole = dfs.propagate_only() && dfs.is_solved();
            dfs.load(&puzzle);
            assert_eq!(dfs.propagate_fills(&[cell]), whole, "cell {cell}");
            if whole {
                cleared += 1;
            } else {
                puzzle.set(cell, full.get(cell));
                kept += 1;
            }
        }
        assert!(cleared > 50 && kept > 50, "{cleared} cleared, {kept} kept");
    }

    /// With links, the search finds exactly the grids that have the linked property,
    /// every 4×4 grid that the half turn maps to itself under the relabelling
    /// 1↔2, 3↔4, each once, against a filter of all 288.
    #[test]
    fn links_find_exactly_the_linked_grids() {
        let shape = Shape::from_size(4).unwrap();
        let empty = Grid::empty(shape);
        let mut dfs = DepthFirst::new(shape);
        dfs.load(&empty);
        let all = all_solutions(&mut dfs);
        let swap = vec![1u8, 0, 3, 2];
        let turned = |c: usize| shape.cells() - 1 - c;
        let linked = |g: &Grid| {
            (0..shape.cells()).all(|c| g.get(turned(c)) == swap[g.get(c) as usize - 1] + 1)
        };
        let expected: Vec<Grid> = all.into_iter().filter(linked).collect();
        assert!(!expected.is_empty());
        let links = (0..shape.cells())
            .map(|c| vec![(turned(c) as u16, 0)])
            .collect();
        dfs.set_links(links, vec![swap]);
        dfs.load(&empty);
        let mut found = all_solutions(&mut dfs);
        let mut expected = expected;
        found.sort_by(|a, b| a.cells().cmp(b.cells()));
        expected.sort_by(|a, b| a.cells().cmp(b.cells()));
        assert_eq!(found, expected, "each linked grid once (in another order)");
        // Without links again, every grid.
        dfs.set_links(Vec::new(), Vec::new());
        dfs.load(&empty);
        assert_eq!(all_solutions(&mut dfs).len(), 288);
    }

    #[test]
    fn a_paused_search_resumes_where_it_was() {
        let empty = Grid::empty(Shape::from_size(4).unwrap());
        let mut dfs = DepthFirst::new(empty.shape());
        dfs.load(&empty);
        let mut found = Vec::new();
        let mut pauses = 0;
        loop {
            dfs.set_node_limit(dfs.stats().nodes + 3);
            match dfs.next_solution() {
                Next::Solution => found.push(dfs.solution()),
                Next::Stopped => pauses += 1,
                Next::Exhausted => break,
            }
        }
        assert!(pauses > 10);
        dfs.set_node_limit(u64::MAX);
        dfs.load(&empty);
        assert_eq!(
            found,
            all_solutions(&mut dfs),
            "the same solutions in the same order"
        );
    }

    #[test]
    fn hook_stops_the_search() {
        let empty = Grid::empty(Shape::from_size(9).unwrap());
        let mut dfs = DepthFirst::new(empty.shape());
        let calls = std::rc::Rc::new(std::cell::Cell::new(0));
        let seen = calls.clone();
        dfs.set_hook(Some(Box::new(move |_| {
            seen.set(seen.get() + 1);
            false
        })));
        dfs.load(&empty);
        // Counting every 9×9 grid would take ages: the hook must end it.
        let mut count = 0;
        let how = loop {
            match dfs.next_solution() {
                Next::Solution => count += 1,
                other => break other,
            }
        };
        assert_eq!(how, Next::Stopped);
        assert_eq!(dfs.next_solution(), Next::Exhausted, "a stop is for good");
        assert!(count > 0);
        assert_eq!(calls.get(), 1);
        assert!(dfs.stats().nodes > 0);
    }
}
