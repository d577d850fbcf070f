//! The fast path for small grids of any layout: an exact solver that keeps, for each
//! symbol, the set of cells where it may still go as one 128-bit word, for grids of up to
//! 128 cells (sides 4 to 11) whose units are any sets of cells: rectangular boxes, jigsaw
//! regions, diagonals, windows.
//!
//! The band solver ([`crate::search::band`]) is faster still, but its tables know the
//! rows, columns and 3×3 boxes of a classic 9×9 grid; the depth-first search
//! ([`crate::search::dfs`]) serves every layout with a candidate mask per cell, paying a
//! pass over a unit's cells for every hidden single and a trail to undo. Here a unit is a
//! word too, so each rule is a few word operations:
//!
//! - **Naked singles**, for every cell at once: the symbols' words are summed bit-sliced
//!   ("in one word or more", "in two or more"), so the cells in exactly one word are the
//!   singles, and a cell in none is a contradiction. A single's cell is already in one
//!   word only, so each symbol's singles just leave their peers, together.
//! - **Hidden singles**: a symbol's word ANDed with a unit's word leaves its places in
//!   that unit; one place is a single, none a contradiction. Only the units whose places
//!   of that symbol changed since the last look are looked at (a 64-bit set per symbol,
//!   filled in as cells leave a word), and never a unit where the symbol is placed.
//! - **Pointing and claiming**, once no single is left, between any two units that share
//!   two or more cells (box and line, region and line, diagonal and box, window and
//!   box...): when a symbol's places in one unit all lie in another, it leaves the rest of
//!   the other. Only the units holding the first two places can hold them all, and those
//!   are the AND of the two cells' unit sets, so there is nothing to count or scan. Only
//!   jigsaw regions and windows pay for it ([`pointing_pays`]): on boxes, with diagonals
//!   or without, the search is faster without it.
//!
//! The search branches on a cell with the fewest candidates (two, most often; when
//! counting to two, the one with the most open peers among those) and copies the board
//! (at most 456 bytes) at each branch instead of keeping an undo trail.
//!
//! It has no learning, so a grid that needs a large tree (an unsatisfiable near-empty
//! 11×11 jigsaw, say) would take it long: it stops after a number of branches and says
//! so, and the policy ([`crate::search::Search`]) then asks its other engines.
//!
//! Measured on the way (`sudoku64 bench solve --shuffle 1`, 200 generated minimal 9×9 X
//! puzzles, medians; single runs on a shared machine):
//! - pointing and claiming in the same pass as hidden singles, over every unit, against
//!   every unit it overlaps: 49 µs; after hidden singles, on changed units only, still
//!   scanning the overlaps: 20 µs; through the first two places' units: 18 µs;
//! - without pointing and claiming at all: twice the branches (28 against 14) and, on X,
//!   about 15% less time, but 9×9 jigsaws take 28 branches instead of 2, windoku 36
//!   instead of 4, and 11×11 jigsaws 3.5 times the time;
//! - branching on the first cell with two candidates rather than the one with the most
//!   open peers: 18 branches against 14;
//! - pointing and claiming left out on layouts of boxes (`bench/HISTORY.md`, "2026-11-29,
//!   late"; median µs and branches with and without, over the count-to-2 sets of
//!   `scripts/bench-variant-solve.sh` and 200 generated minimal puzzles each): 9×9 X graded
//!   Extreme 13.6 → 11.7 (18 → 32 branches), Solo's Unreasonable X 15.0 → 11.3, minimal
//!   6×6, 8×8 and 10×10 X 3.2 → 2.0, 8.6 → 6.3 and 12.0 → 8.4, rectangular boxes 2×3 to
//!   2×5 the same or a little faster; but 9×9 jigsaws 15.5 → 22.4, Solo's 13.2 → 31.9,
//!   windoku 15.6 → 24.0 and jigsaw X 76 → 158. So it runs where the layout has regions or
//!   windows.

use super::Counted;
use super::stats::Stats;
use crate::grid::{Geometry, Grid, Shape};

/// The most cells a grid may have here: one bit each in a word.
pub const MAX_CELLS: usize = 128;

/// The largest side with at most [`MAX_CELLS`] cells.
const MAX_SIDE: usize = 11;

/// Whether this solver handles grids of this shape: at most 128 cells, any units, no
/// killer cages (their sums are not units).
pub fn supports(shape: Shape) -> bool {
    !shape.has_cages() && shape.cell_count() <= MAX_CELLS && shape.unit_count() <= 64
}

/// The words of one shape's units, built once and reused for puzzle after puzzle.
#[derive(Clone, Debug)]
pub struct Tables {
    shape: Shape,
    n: usize,
    /// Every cell of the grid.
    all: u128,
    /// Each unit's cells.
    units: Vec<u128>,
    /// Every unit, one bit each.
    every_unit: u64,
    /// Per cell, the cells sharing a unit with it.
    peers: Vec<u128>,
    /// Per cell, its units, one bit each.
    units_of: Vec<u64>,
    /// Per cell, the units of its peers, one bit each.
    near: Vec<u64>,
    /// Whether propagation looks for pointing and claiming ([`pointing_pays`]).
    pointing: bool,
}

/// One search state: where each symbol may go, and which cells are fixed.
#[derive(Clone, Copy)]
struct Board {
    /// Per symbol, the cells where it may go (a fixed cell keeps its symbol's bit only).
    cand: [u128; MAX_SIDE],
    /// The fixed cells.
    solved: u128,
    /// Per symbol, the units where it is placed.
    done: [u64; MAX_SIDE],
    /// Per symbol, the units whose places changed since hidden singles last looked at
    /// them, and since pointing and claiming last did.
    dirty: [u64; MAX_SIDE],
    dirty_locked: [u64; MAX_SIDE],
}

impl Board {
    /// Marks units as changed for symbol `d`, for both rules that look at changed units.
    #[inline]
    fn touch(&mut self, d: usize, units: u64) {
        self.dirty[d] |= units;
        self.dirty_locked[d] |= units;
    }
}

impl Tables {
    /// The tables of a shape.
    ///
    /// # Panics
    /// If the shape is not one this solver handles ([`supports`]).
    pub fn new(shape: Shape) -> Tables {
        Tables::with_pointing(shape, pointing_pays(shape))
    }

    /// [`Tables::new`], with pointing and claiming or without, whatever the layout.
    ///
    /// # Panics
    /// If the shape is not one this solver handles ([`supports`]).
    pub fn with_pointing(shape: Shape, pointing: bool) -> Tables {
        assert!(
            supports(shape),
            "the bitboard solver is for grids of up to 128 cells"
        );
        let geo = Geometry::of(shape);
        let n = shape.size();
        let cells = shape.cell_count();
        let mut units = vec![0u128; geo.unit_count()];
        let mut units_of = vec![0u64; cells];
        for (u, word) in units.iter_mut().enumerate() {
            for &c in geo.unit(u) {
                *word |= 1u128 << c;
                units_of[c as usize] |= 1u64 << u;
            }
        }
        let mut peers = vec![0u128; cells];
        let mut near = vec![0u64; cells];
        for c in 0..cells {
            for &p in geo.peers(c) {
                peers[c] |= 1u128 << p;
                near[c] |= units_of[p as usize];
            }
        }
        Tables {
            shape,
            n,
            all: u128::MAX >> (MAX_CELLS - cells),
            every_unit: u64::MAX >> (64 - units.len()),
            units,
            peers,
            units_of,
            near,
            pointing,
        }
    }

    /// The shape these tables are for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Counts a grid's solutions, no further than `limit`, and keeps the first two; when
    /// the search tried `node_limit` branches without deciding, the counters of that
    /// work instead (then ask another engine).
    ///
    /// # Panics
    /// If the grid's shape is not the tables' shape.
    pub fn count_up_to(&self, grid: &Grid, limit: u64, node_limit: u64) -> Result<Counted, Stats> {
        let mut search = self.search(grid, limit, node_limit, None);
        if search.stopped {
            return Err(search.stats);
        }
        search.stats.solutions = search.count;
        search.stats.solved_cells = if search.count > 0 {
            grid.cells().len() as u64
        } else {
            0
        };
        let to_grid = |cells: Vec<u8>| {
            Grid::from_cells(grid.shape(), cells)
                .unwrap_or_else(|_| unreachable!("a solution fills the grid with its symbols"))
        };
        Ok(Counted {
            count: search.count,
            first: search.first.map(to_grid),
            second: search.second.map(to_grid),
            stats: search.stats,
        })
    }

    /// Whether the grid has a solution without `symbol` in the empty `cell`, within
    /// `node_limit` branches: `None` when the search stopped first. (The generator's
    /// removal check: a clue can go when no solution puts another symbol in its cell.)
    ///
    /// # Panics
    /// If the grid's shape is not the tables' shape.
    pub fn solvable_without(
        &self,
        grid: &Grid,
        cell: usize,
        symbol: u8,
        node_limit: u64,
    ) -> Option<bool> {
        let search = self.search(grid, 1, node_limit, Some((cell, usize::from(symbol) - 1)));
        (!search.stopped).then_some(search.count > 0)
    }

    /// Whether propagation alone (singles, and pointing and claiming where the tables have
    /// them) fills every one of `cells` from the grid's givens: the generator's proof that
    /// a batch of clues can go. False when the givens clash.
    ///
    /// # Panics
    /// If the grid's shape is not the tables' shape.
    pub fn propagation_fills(&self, grid: &Grid, cells: &[usize]) -> bool {
        assert!(
            grid.shape() == self.shape,
            "the grid's shape is not the tables'"
        );
        let Some(mut board) = self.board_of(grid) else {
            return false;
        };
        self.propagate(&mut board) && cells.iter().all(|&c| board.solved >> c & 1 == 1)
    }

    /// One search of the grid's solutions up to `limit`, with symbol `d` barred from cell
    /// `c` when `barred` is `Some((c, d))`.
    fn search(
        &self,
        grid: &Grid,
        limit: u64,
        node_limit: u64,
        barred: Option<(usize, usize)>,
    ) -> Run<'_> {
        assert!(
            grid.shape() == self.shape,
            "the grid's shape is not the tables'"
        );
        let mut search = Run {
            tables: self,
            limit,
            ranked: limit >= 2,
            node_limit,
            count: 0,
            first: None,
            second: None,
            stats: Stats::default(),
            stopped: false,
        };
        if limit > 0
            && let Some(mut board) = self.board_of(grid)
        {
            if let Some((c, d)) = barred {
                board.cand[d] &= !(1u128 << c);
                board.touch(d, self.units_of[c]);
            }
            search.run(&mut board);
        }
        search
    }

    /// The board of a grid's givens, or `None` when two givens clash: each given is a
    /// cell in its symbol's word alone, fixed as a naked single is.
    fn board_of(&self, grid: &Grid) -> Option<Board> {
        let mut given = [0u128; MAX_SIDE];
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                given[v as usize - 1] |= 1u128 << c;
            }
        }
        let givens = given.iter().fold(0, |all, &g| all | g);
        let mut board = Board {
            cand: [0; MAX_SIDE],
            solved: 0,
            done: [0; MAX_SIDE],
            dirty: [self.every_unit; MAX_SIDE],
            dirty_locked: [self.every_unit; MAX_SIDE],
        };
        for d in 0..self.n {
            board.cand[d] = (self.all & !givens) | given[d];
        }
        self.fix(&mut board, givens).then_some(board)
    }

    /// Fixes symbol `d` in cell `c`: the cell leaves every other symbol's word, and the
    /// cell's peers leave `d`'s.
    #[inline]
    fn place(&self, board: &mut Board, c: usize, d: usize) {
        let bit = 1u128 << c;
        let units = self.units_of[c];
        for e in 0..self.n {
            let had = (board.cand[e] >> c) as u64 & 1;
            board.cand[e] &= !bit;
            board.touch(e, units & had.wrapping_neg());
        }
        if board.cand[d] & self.peers[c] != 0 {
            board.cand[d] &= !self.peers[c];
            board.touch(d, self.near[c]);
        }
        board.cand[d] |= bit;
        board.solved |= bit;
        board.done[d] |= units;
    }

    /// Takes cells out of symbol `d`'s word, marking their units as changed.
    #[inline]
    fn remove(&self, board: &mut Board, d: usize, cells: u128) {
        let mut lost = board.cand[d] & cells;
        board.cand[d] &= !lost;
        let mut units = 0u64;
        while lost != 0 {
            units |= self.units_of[lost.trailing_zeros() as usize];
            lost &= lost - 1;
        }
        board.touch(d, units);
    }

    /// The cells in exactly one symbol's word, and whether every cell is in one or more.
    #[inline]
    fn singles(&self, board: &Board) -> (u128, bool) {
        let (mut ones, mut twos) = (0u128, 0u128);
        for &word in &board.cand[..self.n] {
            twos |= ones & word;
            ones |= word;
        }
        (ones & !twos & !board.solved, ones == self.all)
    }

    /// Fixes `cells`, each in one symbol's word only (naked singles, givens): each
    /// symbol's cells take that symbol from their peers, all at once. False when two cells
    /// of one symbol see each other.
    fn fix(&self, board: &mut Board, cells: u128) -> bool {
        for d in 0..self.n {
            let mine = cells & board.cand[d];
            if mine == 0 {
                continue;
            }
            let (mut peers, mut units, mut near) = (0u128, 0u64, 0u64);
            let mut rest = mine;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                peers |= self.peers[c];
                units |= self.units_of[c];
                near |= self.near[c];
            }
            if peers & mine != 0 {
                return false;
            }
            board.cand[d] &= !peers;
            board.touch(d, near);
            board.done[d] |= units;
        }
        board.solved |= cells;
        true
    }

    /// Applies the rules to a fixpoint; false on a contradiction.
    fn propagate(&self, board: &mut Board) -> bool {
        let n = self.n;
        loop {
            let (singles, covered) = self.singles(board);
            if !covered {
                return false;
            }
            if singles != 0 {
                if !self.fix(board, singles) {
                    return false;
                }
                continue;
            }
            // Hidden singles, for each symbol in the units where its places changed.
            let mut changed = false;
            for d in 0..n {
                let mut open = board.dirty[d] & !board.done[d];
                board.dirty[d] = 0;
                while open != 0 {
                    let u = open.trailing_zeros() as usize;
                    open &= open - 1;
                    if board.done[d] & 1u64 << u != 0 {
                        continue; // placed by a single found earlier in this pass
                    }
                    let places = board.cand[d] & self.units[u];
                    if places & (places.wrapping_sub(1)) == 0 {
                        if places == 0 {
                            return false;
                        }
                        self.place(board, places.trailing_zeros() as usize, d);
                        changed = true;
                    }
                }
            }
            if changed {
                continue;
            }
            if !self.pointing {
                return true;
            }
            // Pointing and claiming, once no single is left: the only units that can hold
            // all of a symbol's places in a unit are those holding its first two places
            // (a bit set per cell, ANDed), so there is nothing to count or scan.
            for d in 0..n {
                let mut open = board.dirty_locked[d] & !board.done[d];
                board.dirty_locked[d] = 0;
                while open != 0 {
                    let u = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let places = board.cand[d] & self.units[u];
                    let first = places.trailing_zeros() as usize;
                    let second = (places & places.wrapping_sub(1)).trailing_zeros() as usize;
                    if second == MAX_CELLS {
                        continue; // one place or none (no second bit): hidden singles' business
                    }
                    let mut others = self.units_of[first] & self.units_of[second] & !(1u64 << u);
                    while others != 0 {
                        let v = others.trailing_zeros() as usize;
                        others &= others - 1;
                        if places & !self.units[v] == 0 {
                            let lost = board.cand[d] & self.units[v] & !self.units[u];
                            if lost != 0 {
                                self.remove(board, d, lost);
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The open cell to branch on: one with the fewest candidates; among cells with two,
    /// when `ranked`, the one with the most open peers.
    fn branch_cell(&self, board: &Board, ranked: bool) -> usize {
        let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
        for &word in &board.cand[..self.n] {
            threes |= twos & word;
            twos |= ones & word;
            ones |= word;
        }
        let open = !board.solved & self.all;
        let pairs = twos & !threes & open;
        if pairs != 0 {
            if !ranked {
                return pairs.trailing_zeros() as usize;
            }
            let mut best = (0, pairs.trailing_zeros() as usize);
            let mut rest = pairs;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let seen = (self.peers[c] & open).count_ones();
                if seen > best.0 {
                    best = (seen, c);
                }
            }
            return best.1;
        }
        let mut best = (u32::MAX, 0);
        let mut rest = open;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let count = board.cand[..self.n]
                .iter()
                .filter(|&&w| w & 1u128 << c != 0)
                .count() as u32;
            if count < best.0 {
                best = (count, c);
                if count == 3 {
                    break;
                }
            }
        }
        best.1
    }

    /// The grid of a board whose every cell is fixed.
    fn cells_of(&self, board: &Board) -> Vec<u8> {
        let mut cells = vec![0u8; self.shape.cell_count()];
        for (d, &word) in board.cand[..self.n].iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                cells[rest.trailing_zeros() as usize] = d as u8 + 1;
                rest &= rest - 1;
            }
        }
        cells
    }
}

/// One count: the limits, what was found, the counters.
struct Run<'t> {
    tables: &'t Tables,
    limit: u64,
    ranked: bool,
    node_limit: u64,
    count: u64,
    first: Option<Vec<u8>>,
    second: Option<Vec<u8>>,
    stats: Stats,
    stopped: bool,
}

impl Run<'_> {
    /// Searches below a board; returns when the count reaches the limit, the tree is
    /// exhausted, or the node limit stops it.
    fn run(&mut self, board: &mut Board) {
        let t = self.tables;
        if !t.propagate(board) {
            self.stats.backtracks += 1;
            return;
        }
        if board.solved == t.all {
            self.count += 1;
            let cells = Some(t.cells_of(board));
            if self.first.is_none() {
                self.first = cells;
            } else if self.second.is_none() {
                self.second = cells;
            }
            return;
        }
        let c = t.branch_cell(board, self.ranked);
        let bit = 1u128 << c;
        self.stats.guesses += 1;
        for d in 0..t.n {
            if board.cand[d] & bit == 0 {
                continue;
            }
            if self.stats.nodes >= self.node_limit {
                self.stopped = true;
                return;
            }
            self.stats.nodes += 1;
            let mut child = *board;
            t.place(&mut child, c, d);
            self.run(&mut child);
            if self.stopped || self.count >= self.limit {
                return;
            }
        }
    }
}

/// Whether pointing and claiming pay for their cost in this solver on this layout: where
/// it has jigsaw regions or windows. On boxes alone, or boxes and diagonals, the search
/// without them takes more branches but less time (see the module notes).
pub fn pointing_pays(shape: Shape) -> bool {
    shape.is_jigsaw() || shape.has_windows()
}

/// Counts a grid's solutions, no further than `limit`, with no limit on the search: for
/// tests and measurements (the policy bounds it and builds its tables once).
///
/// # Panics
/// If the shape is not one this solver handles ([`supports`]).
pub fn count_up_to(grid: &Grid, limit: u64) -> Counted {
    Tables::new(grid.shape())
        .count_up_to(grid, limit, u64::MAX)
        .expect("no node limit")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Decider, Limits, Policy, Search};

    #[test]
    fn it_takes_grids_of_up_to_128_cells_without_cages() {
        for n in 4..=11 {
            let shape = Shape::from_size(n).unwrap_or_else(|_| {
                let regions: Vec<u8> = (0..n * n).map(|c| (c / n) as u8 + 1).collect();
                Shape::with_regions(n, &regions).expect("rows as regions")
            });
            assert!(supports(shape), "{n}×{n}");
        }
        assert!(!supports(Shape::from_size(12).unwrap()), "144 cells");
        assert!(supports(
            Shape::from_size(9).unwrap().with_diagonals().unwrap()
        ));
    }

    /// A question the bitboard solver stops on goes to the other engines, which give the
    /// same answer.
    #[test]
    fn a_stopped_question_is_decided_by_the_other_engines() {
        let x = Shape::from_size(9).unwrap().with_diagonals().unwrap();
        let empty = Grid::empty(x);
        assert!(Tables::new(x).count_up_to(&empty, 2, 0).is_err());
        let mut quick = Search::new(x);
        let mut stopped = Search::with_policy(
            x,
            Policy {
                bitboard_nodes: 0,
                ..Policy::default()
            },
        );
        let a = quick.count_grid(&empty, 2, Limits::NONE, &mut |_| true);
        let b = stopped.count_grid(&empty, 2, Limits::NONE, &mut |_| true);
        assert_eq!((a.count, a.engine), (2, Decider::Bitboard));
        assert_eq!(b.count, 2);
        assert_ne!(b.engine, Decider::Bitboard);
        for answer in [a, b] {
            let (first, second) = (answer.first.unwrap(), answer.second.unwrap());
            assert!(first.is_solved() && second.is_solved() && first != second);
        }
    }
}
