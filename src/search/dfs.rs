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
//! a row or column: c cells along a row, r down a column, for r×c boxes); with killer
//! cages, their sums, and up to 9×9 the rule of 45 as sums too (a unit's cells outside
//! the cages it wholly holds add up to what those cages leave of its total). The search
//! then picks an unsolved cell with the fewest candidates and tries each in turn.
//!
//! Undo is a trail of `(cell, old mask)` pairs rather than copies of the whole state:
//! a copy at 64×64 is 32 KiB per search node, while the trail only records what changed.
//! All storage is allocated when a [`DepthFirst`] is made for a shape, and reused for
//! every puzzle it loads: no search node allocates. The search is an explicit stack, so it
//! can stop after each solution and resume ([`DepthFirst::next_solution`]); a work limit
//! pauses it between two nodes, and the next call resumes it, which is how the policy
//! ([`crate::search`]) takes turns between it and the conflict-driven search. A go-on callback is
//! called every few tens of microseconds of work so a caller can stop it for good.
//!
//! It is by far the fastest engine per node, and most puzzles of every size need few
//! nodes. Its weakness is the heavy tail: one early wrong guess on a sparse large grid can
//! hide a dead end of millions of nodes, which the conflict-driven search
//! ([`crate::search::cdcl`]) avoids by learning.
//!
//! This file holds the search and its state; the propagation rules are in `rules`.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::cages::{Cages, NO_CAGE};
use crate::grid::{Geometry, Grid, MAX_SIZE, Shape};

/// Above this many overlaps a unit's pointing and claiming go by parts, one pass per kind
/// of unit, rather than one pass per overlap.
const PARTS_FROM: usize = 8;

/// The most segments a line or a box has: a row of a 64×64 with 32×2 boxes meets 32.
const MAX_SEGMENTS: usize = MAX_SIZE / 2;

use super::stats::{Next, Stats};

/// A go-on callback called during the search with the counters so far; it returns `false` to stop.
pub type GoOn<'h> = Box<dyn FnMut(&Stats) -> bool + 'h>;

/// Work units (cells visited) between two calls of the go-on callback. About 20–60 µs of work on
/// current machines, far below the 50 ms a caller may wait for a stop.
const GO_ON_INTERVAL: u64 = 1 << 15;

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
    /// Work since the go-on callback was last called.
    work: u64,
    go_on: Option<GoOn<'h>>,
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
    cages: Option<&'h Cages>,
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
    /// The rule of 45 as sums: per unit that wholly holds some cages (all with sums), the
    /// unit's other cells and what they add up to (the unit's total less those cages').
    /// `innie_cells[innies[i].0 as usize..innies[i].1 as usize]` adds up to `innies[i].2`.
    /// Their bits in `dirty_cages` follow the cages'. On 9×9 killers the searches' median
    /// branches fell 4–15× with them (72 → 15 on 100 generated puzzles, 30 → 4 on Solo's
    /// Unreasonable ones).
    innies: Vec<(u32, u32, u32)>,
    innie_cells: Vec<u16>,
    /// Per cell, the bits of `dirty_cages` its sums of 45 have (after the cages'):
    /// `innie_of[innie_start[c]..innie_start[c + 1]]`. Empty without cages.
    innie_start: Vec<u32>,
    innie_of: Vec<u16>,
}

impl<'h> DepthFirst<'h> {
    /// A search for grids of this shape, with its storage allocated.
    pub fn new(shape: Shape) -> Self {
        DepthFirst::build(shape, shape.cages())
    }

    /// A search for grids of this shape with these killer cages, borrowed rather than
    /// held by the shape: the same search as [`DepthFirst::new`] on
    /// `shape.with_cages(cages)`, whose solutions come with the shape without cages. A
    /// generator that tries cage set after cage set uses it, since each shape with cages
    /// keeps its set for the whole program ([`Shape::with_cages`]).
    pub fn with_cages(shape: Shape, cages: &'h Cages) -> Self {
        DepthFirst::build(shape.without_cages(), Some(cages))
    }

    fn build(shape: Shape, cages: Option<&'h Cages>) -> Self {
        let n = shape.size();
        let cells = shape.cell_count();
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
            extras_of: if shape.unit_count() == 3 * n {
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
            // Cages are no units: a killer on r×c boxes takes the bands and stacks too.
            general_locked: !shape.without_cages().is_plain(),
            unsolved: cells,
            phase: Phase::Done,
            rules: Rules::default(),
            stats: Stats::default(),
            work: 0,
            go_on: None,
            rng: None,
            node_limit: u64::MAX,
            work_limit: u64::MAX,
            prefer: Vec::new(),
            first_cell: None,
            cell_order: Vec::new(),
            links: Vec::new(),
            relabel: Vec::new(),
            cages,
            cage_mate_start: Vec::new(),
            cage_mates: Vec::new(),
            cage_of: Vec::new(),
            dirty_cages: Vec::new(),
            innies: Vec::new(),
            innie_cells: Vec::new(),
            innie_start: Vec::new(),
            innie_of: Vec::new(),
        }
        .with_cage_mates()
        .with_innies()
    }

    /// Fills the cage mates that are not peers already.
    fn with_cage_mates(mut self) -> Self {
        let Some(cages) = self.cages else {
            return self;
        };
        self.cage_of = (0..self.shape.cell_count())
            .map(|c| cages.cage_of(c).map_or(NO_CAGE, |k| k as u16))
            .collect();
        self.dirty_cages = vec![0; cages.len().div_ceil(64)];
        self.cage_mate_start.reserve(self.shape.cell_count() + 1);
        self.cage_mate_start.push(0);
        // Whether two cells share a row, a column, a box or an extra unit.
        let sees = |a: usize, b: usize| {
            let (x, y) = (self.units_of[a], self.units_of[b]);
            let extra = |c: usize| self.extras_of.get(c).copied().unwrap_or(0);
            x & 0xff == y & 0xff
                || x >> 8 & 0xff == y >> 8 & 0xff
                || x >> 16 == y >> 16
                || extra(a) & extra(b) != 0
        };
        for cell in 0..self.shape.cell_count() {
            if let Some(k) = cages.cage_of(cell) {
                for &o in cages.cells(k) {
                    if o as usize != cell && !sees(cell, o as usize) {
                        self.cage_mates.push(o);
                    }
                }
            }
            self.cage_mate_start.push(self.cage_mates.len() as u32);
        }
        self
    }

    /// Fills the sums of 45 ([`DepthFirst::innies`]) and the cells' bits for them. Only up
    /// to 9×9: there the sets of digits that make a sum come from a table, while at 16×16
    /// a unit's remainder (up to 15 cells of 16 digits) would be walked at every look, and
    /// 16×16 killers took longer with them (1.2 → 2.1 s a generation).
    fn with_innies(mut self) -> Self {
        let Some(cages) = self.cages else {
            return self;
        };
        let n = self.n as u32;
        let whole = n * (n + 1) / 2;
        let units = if n <= 9 { self.shape.unit_count() } else { 0 };
        let cells = self.shape.cell_count();
        // Per cell, whether it is in the unit being looked at, then whether a cage of
        // the unit covers it.
        let (mut in_unit, mut covered) = (vec![false; cells], vec![false; cells]);
        for u in 0..units {
            let unit = self.geo.unit(u);
            for &c in unit {
                in_unit[c as usize] = true;
            }
            let (mut inside, mut count, mut known) = (0u32, 0, true);
            for &c in unit {
                let Some(k) = cages.cage_of(c as usize) else {
                    continue;
                };
                let cage = cages.cells(k);
                if cage[0] != c && in_unit[cage[0] as usize] {
                    continue; // counted at its first cell
                }
                if cage.iter().all(|&o| in_unit[o as usize]) {
                    match cages.sum(k) {
                        Some(s) => inside += s,
                        None => known = false,
                    }
                    for &o in cage {
                        covered[o as usize] = true;
                    }
                    count += cage.len();
                }
            }
            if known && count > 0 && count < unit.len() {
                let start = self.innie_cells.len() as u32;
                self.innie_cells
                    .extend(unit.iter().filter(|&&c| !covered[c as usize]));
                self.innies
                    .push((start, self.innie_cells.len() as u32, whole - inside));
            }
            for &c in unit {
                in_unit[c as usize] = false;
                covered[c as usize] = false;
            }
        }
        // Each cell's sums of 45, by counting: how many, where each cell's start, then
        // the sums themselves.
        self.innie_start = vec![0; cells + 1];
        for &c in &self.innie_cells {
            self.innie_start[c as usize + 1] += 1;
        }
        for c in 0..cells {
            self.innie_start[c + 1] += self.innie_start[c];
        }
        self.innie_of = vec![0; self.innie_cells.len()];
        let mut next = self.innie_start.clone();
        for (i, &(from, to, _)) in self.innies.iter().enumerate() {
            for &c in &self.innie_cells[from as usize..to as usize] {
                self.innie_of[next[c as usize] as usize] = (cages.len() + i) as u16;
                next[c as usize] += 1;
            }
        }
        self.dirty_cages = vec![0; (cages.len() + self.innies.len()).div_ceil(64)];
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
            links.is_empty() || links.len() == self.shape.cell_count(),
            "one list of links per cell"
        );
        for (other, map) in links.iter().flatten() {
            assert!(
                (*other as usize) < self.shape.cell_count(),
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
            order.is_empty() || order.len() == self.shape.cell_count(),
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

    /// Installs a go-on callback called every few tens of microseconds of search with the counters;
    /// when it returns `false` the search stops with [`Next::Stopped`] for good (until the
    /// next load).
    pub fn set_go_on(&mut self, go_on: Option<GoOn<'h>>) {
        self.go_on = go_on;
    }

    /// The counters since the last load.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.solved_cells = (self.shape.cell_count() - self.unsolved) as u64;
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
        assert_eq!(masks.len(), self.shape.cell_count(), "one mask per cell");
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
        Grid::from_cells(self.shape, cells)
            .unwrap_or_else(|_| unreachable!("a solution has one symbol per cell"))
    }

    /// Runs propagation alone on the loaded puzzle, with no guess. Returns `false` on a
    /// contradiction; afterwards [`candidates`](DepthFirst::candidates) shows what is left.
    pub fn propagate_only(&mut self) -> bool {
        if self.phase != Phase::Loaded {
            return self.phase != Phase::Done;
        }
        self.phase = Phase::AfterSolution;
        let mut installed = self.go_on.take();
        let ok = match installed.as_mut() {
            Some(installed) => self.propagate(&mut **installed),
            None => self.propagate(&mut |_| true),
        } == Some(true);
        self.go_on = installed;
        if !ok {
            self.phase = Phase::Done;
        }
        ok
    }

    /// Whether propagation alone, on the loaded puzzle, fills all of `cells`: like
    /// [`propagate_only`](DepthFirst::propagate_only), but it stops as soon as they are
    /// filled. Returns `false` when it reaches its fixpoint with one of them open, meets a
    /// contradiction, or the go-on callback stops it.
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
        let mut installed = self.go_on.take();
        let mut go_on = |stats: &Stats| installed.as_mut().is_none_or(|installed| installed(stats));
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
        self.go_on = installed;
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
    /// go-on callback of [`set_go_on`](DepthFirst::set_go_on), if any, may stop it.
    pub fn next_solution(&mut self) -> Next {
        let mut installed = self.go_on.take();
        let next = match installed.as_mut() {
            Some(installed) => self.next_solution_with(&mut **installed),
            None => self.next_solution_with(&mut |_| true),
        };
        self.go_on = installed;
        next
    }

    /// [`next_solution`](DepthFirst::next_solution) with this go-on callback instead of the
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
        touch_cage(
            &mut self.dirty_cages,
            &self.cage_of,
            &self.innie_start,
            &self.innie_of,
            cell,
        );
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

    /// Propagates to a fixpoint. `Some(false)` on a contradiction, `None` if the go-on callback
    /// asked to stop.
    fn propagate(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> Option<bool> {
        loop {
            if !self.naked_singles() {
                self.queue.clear();
                return Some(false);
            }
            if self.unsolved == 0 {
                // The go-on callback still hears of the work done, and cages check their sums.
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

    /// One step of propagation after the naked singles are drained: the go-on callback (when its
    /// interval has passed; `None` if it asked to stop), then hidden singles, then the cages'
    /// sums, then the sums of 45, then locked candidates, each only if those before it changed
    /// nothing. With every cell filled only the go-on callback and the sums run.
    fn sweep(&mut self, go_on: &mut dyn FnMut(&Stats) -> bool) -> Option<Progress> {
        if self.work >= GO_ON_INTERVAL {
            self.stats.work += self.work;
            self.work = 0;
            if !go_on(&self.stats()) {
                return None;
            }
        }
        if self.unsolved == 0 {
            return Some(match self.cages {
                Some(cages) => match self.cage_sums(cages, Sums::Cages) {
                    Progress::None => self.cage_sums(cages, Sums::Innies),
                    other => other,
                },
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
            // The cages first: they are short, and what they place often leaves the
            // longer sums of 45 nothing to add.
            for which in [Sums::Cages, Sums::Innies] {
                match self.cage_sums(cages, which) {
                    Progress::None => {}
                    other => return Some(other),
                }
            }
        }
        if self.rules.locked_candidates && self.n > 1 {
            return Some(self.locked_candidates());
        }
        Some(Progress::None)
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

/// Marks the cage of a cell that changed, and its sums of 45, when the shape has cages.
#[inline(always)]
fn touch_cage(
    dirty: &mut [u64],
    cage_of: &[u16],
    innie_start: &[u32],
    innie_of: &[u16],
    cell: usize,
) {
    if let Some(&k) = cage_of.get(cell) {
        if k != NO_CAGE {
            dirty[k as usize / 64] |= 1 << (k % 64);
        }
        for &k in &innie_of[innie_start[cell] as usize..innie_start[cell + 1] as usize] {
            dirty[k as usize / 64] |= 1 << (k % 64);
        }
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

mod rules;
use rules::Sums;
#[cfg(test)]
mod tests;
