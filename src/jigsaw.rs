//! Random jigsaw regions: n connected regions of n cells each, for any side from 4 to 64
//! (primes included), the same for the same random source on every machine.
//!
//! The regions start as a tiling (the side's usual boxes, or its rows where the side has
//! no box shape) and are then reshaped by many random *trades* across region borders: a
//! cell on the border of regions A and B goes to B, and a cell of B that touches what is
//! left of A comes back to A. A trade happens only when both regions stay connected, so
//! every layout along the way is n connected regions of n cells. (Growing regions from
//! seed cells instead tends to leave the last region in scattered leftovers, which then
//! needs repairs of its own; trades never break the invariant.)
//!
//! Not every layout admits a full grid, and some make filling one slow: the generator
//! ([`crate::generate`]) bounds each fill by counts and draws new regions when one runs
//! out.

use rand::{Rng, RngExt};

use crate::error::Error;
use crate::grid::{Grid, MAX_SIZE, Shape};

/// Trades tried per cell of the grid. At 9×9 about a third of them succeed; by then
/// hardly a region keeps the shape it started with.
const TRADES_PER_CELL: usize = 8;

/// The fewest trades tried: small grids need more per cell to lose their tiling.
const MIN_TRADES: usize = 2_000;

/// How many cells of B a trade tries to send back before it gives up: the first that
/// keeps B connected usually comes within two.
const OFFERS_TRIED: usize = 3;

/// The region of each cell, row-major, of `n` connected regions (neighbours across a
/// cell side) of `n` cells each, drawn from `rng`. For `n` from 4 to 64; smaller sides
/// get their rows (1×1 is one region; 2×2 and 3×3 have no other layout worth the name).
///
/// ```
/// use rand::SeedableRng;
/// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
/// let regions = sudoku64::jigsaw::random_regions(7, &mut rng);
/// let shape = sudoku64::Shape::with_regions(7, &regions).unwrap();
/// assert!(shape.is_jigsaw());
/// ```
///
/// # Panics
/// If `n` is over 64.
pub fn random_regions(n: usize, rng: &mut impl Rng) -> Vec<u8> {
    assert!(n <= MAX_SIZE, "a side of {n} is over {MAX_SIZE}");
    let mut layout = Reshaping::tiling(n);
    if n >= 4 {
        for _ in 0..(TRADES_PER_CELL * n * n).max(MIN_TRADES) {
            layout.try_trade(rng);
        }
    }
    layout.region
}

/// New regions for a full grid: its own regions (boxes or jigsaw regions), reshaped by
/// random trades of cells that hold the same symbol, so that the grid is still valid in
/// the shape returned: its rows and columns are untouched, and each region keeps one
/// cell of each symbol. The shape has the grid's diagonals too; not its windows, which
/// need boxes. Regions stay connected when the grid's were (boxes always are).
///
/// This is how [`crate::generate`] makes a jigsaw's full grid: filling random regions
/// by search is slow from 25×25 up (a 36×36 takes the conflict-driven search seconds,
/// a 49×49 more than a minute), while a grid of boxes fills in milliseconds.
///
/// # Panics
/// If the grid is not full, or is not n×n with n from 4 to 64.
pub fn reshape_around(grid: &Grid, rng: &mut impl Rng) -> Shape {
    let shape = grid.shape();
    let n = shape.size();
    assert!(
        grid.is_full() && (4..=MAX_SIZE).contains(&n),
        "a full grid from 4×4 to 64×64"
    );
    let mut layout = Reshaping::tiling(n);
    layout.region = (0..n * n).map(|c| shape.box_of(c) as u8).collect();
    for list in &mut layout.cells {
        list.clear();
    }
    for (cell, &r) in layout.region.iter().enumerate() {
        layout.cells[r as usize].push(cell as u16);
    }
    layout.values = Some(grid.cells().to_vec());
    for _ in 0..(MATCHED_TRADES_PER_CELL * n * n).max(MIN_TRADES) {
        layout.try_trade(rng);
    }
    let jigsaw = Shape::with_regions(n, &layout.region)
        .unwrap_or_else(|_| unreachable!("trades keep n regions of n cells"));
    if shape.has_diagonals() {
        jigsaw
            .with_diagonals()
            .unwrap_or_else(|_| unreachable!("the side fits diagonals"))
    } else {
        jigsaw
    }
}

/// Trades tried per cell by [`reshape_around`]: fewer succeed there (the cell sent back
/// must hold the same symbol), so it tries more.
const MATCHED_TRADES_PER_CELL: usize = 48;

/// [`random_regions`] as a shape: the jigsaw of side `n` (4 to 64) with random regions.
/// Errors: [`crate::RuleErrorKind::BadSize`] for a side outside 4..=64.
pub fn random_shape(n: usize, rng: &mut impl Rng) -> Result<Shape, Error> {
    if !(4..=MAX_SIZE).contains(&n) {
        return Err(crate::RuleErrorKind::BadSize { size: n }.into());
    }
    Shape::with_regions(n, &random_regions(n, rng))
}

/// The jigsaw of side `n` (4 to 64, primes included) whose regions are its rows: the
/// shape to hand [`crate::generate::generate`] with `new_regions`, which draws the real
/// regions, for any side, including those that have no boxes.
/// Errors: [`crate::RuleErrorKind::BadSize`] for a side outside 4..=64.
pub fn to_be_drawn(n: usize) -> Result<Shape, Error> {
    if !(4..=MAX_SIZE).contains(&n) {
        return Err(crate::RuleErrorKind::BadSize { size: n }.into());
    }
    let rows: Vec<u8> = (0..n * n).map(|cell| (cell / n) as u8).collect();
    Shape::with_regions(n, &rows)
}

/// True when every region of `regions` (a region number per cell of an n×n grid) is
/// connected through cell sides.
pub fn regions_are_connected(n: usize, regions: &[u8]) -> bool {
    let mut seen = vec![false; regions.len()];
    let mut stack = Vec::new();
    let mut started = [false; 256];
    for start in 0..regions.len() {
        let r = regions[start];
        if seen[start] {
            continue;
        }
        if started[r as usize] {
            // A second piece of a region already walked.
            return false;
        }
        started[r as usize] = true;
        seen[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for next in neighbours(n, cell) {
                if regions[next] == r && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    true
}

/// The cells across a side of `cell`, in an n×n grid.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (column > 0).then(|| cell - 1),
        (column + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The regions of an odd side (or 2) as bricks two rows high: the cells in the order
/// of `snake`, cut into runs of n, each connected.
pub fn bricks(n: usize) -> Vec<u8> {
    let mut region = vec![0u8; n * n];
    for (step, cell) in snake(n).enumerate() {
        region[cell] = (step / n) as u8;
    }
    region
}

/// Every cell of an n×n grid once, each next to the one before, for an odd side (or 2):
/// down and up the columns of each pair of rows in turn, left to right, then right to
/// left for the next pair, and along the last row. (An odd number of columns ends each
/// pair on its lower row, next to the pair below; an even side would end on the upper.)
fn snake(n: usize) -> impl Iterator<Item = usize> {
    (0..n.div_ceil(2)).flat_map(move |band| {
        let top = 2 * band;
        let high = if top + 1 < n { 2 } else { 1 };
        (0..n * high).map(move |i| {
            let (step, within) = (i / high, i % high);
            let column = if band % 2 == 0 { step } else { n - 1 - step };
            // Top then bottom on even steps, bottom then top on odd ones.
            let row = if high == 2 && step % 2 == 1 {
                top + 1 - within
            } else {
                top + within
            };
            row * n + column
        })
    })
}

/// Regions being reshaped: the region of each cell and the cells of each region.
struct Reshaping {
    n: usize,
    region: Vec<u8>,
    cells: Vec<Vec<u16>>,
    /// Scratch for the connectivity walks: `mark[cell] == stamp` means seen.
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
    /// Scratch: the cells of B that could go back to A in a trade.
    offers: Vec<usize>,
    /// The symbols of a full grid valid in these regions, when trades must keep it so:
    /// then only cells of the same symbol are traded, and each region keeps one of each.
    values: Option<Vec<u8>>,
}

impl Reshaping {
    /// The side's usual boxes; for a side without (primes, 2 and 3), bricks two rows
    /// high: the cells in the order of a path that snakes through each pair of rows
    /// ([`snake`]), cut into runs of n. Consecutive cells of the path are neighbours, so
    /// each run is connected; and unlike rows, whose middle cells cannot leave, every
    /// brick can trade from the start.
    fn tiling(n: usize) -> Reshaping {
        let mut region = vec![0u8; n * n];
        match Shape::from_size(n).ok().filter(|s| s.box_rows() > 1) {
            Some(shape) => {
                for (cell, r) in region.iter_mut().enumerate() {
                    *r = shape.box_of(cell) as u8;
                }
            }
            None => region = bricks(n),
        }
        let mut cells = vec![Vec::with_capacity(n); n];
        for (cell, &r) in region.iter().enumerate() {
            cells[r as usize].push(cell as u16);
        }
        Reshaping {
            n,
            region,
            cells,
            mark: vec![0; n * n],
            stamp: 0,
            stack: Vec::new(),
            offers: Vec::new(),
            values: None,
        }
    }

    /// One random trade across a border, if it keeps both regions connected: a cell `a`
    /// of A next to region B goes to B, and a cell `b` of B next to what is left of A
    /// goes to A. Returns whether it happened.
    fn try_trade(&mut self, rng: &mut impl Rng) -> bool {
        let n = self.n;
        let a = rng.random_range(0..(n * n) as u32) as usize;
        let from = self.region[a];
        let mut across = [0u8; 4];
        let mut count = 0;
        for o in neighbours(n, a).filter(|&o| self.region[o] != from) {
            across[count] = self.region[o];
            count += 1;
        }
        if count == 0 {
            return false;
        }
        let to = across[rng.random_range(0..count as u32) as usize];
        if !self.connected_without(from, a, usize::MAX) {
            return false;
        }
        // With `a` in B: the cells of B (not `a`) that touch A's other cells.
        self.region[a] = to;
        self.offers.clear();
        for &b in &self.cells[to as usize] {
            let b = b as usize;
            let same = self.values.as_ref().is_none_or(|v| v[b] == v[a]);
            if same && neighbours(n, b).any(|o| self.region[o] == from) {
                self.offers.push(b);
            }
        }
        for _ in 0..OFFERS_TRIED {
            if self.offers.is_empty() {
                break;
            }
            let i = rng.random_range(0..self.offers.len() as u32) as usize;
            let b = self.offers.swap_remove(i);
            // B with `a` and without `b` must hold together.
            if self.connected_without(to, b, a) {
                self.region[b] = from;
                self.move_cell(a, from, to);
                self.move_cell(b, to, from);
                return true;
            }
        }
        self.region[a] = from;
        false
    }

    /// True when region `r`'s cells, less `out` and plus `extra` (`usize::MAX` for
    /// none), are connected, judged by `self.region` for the other cells.
    fn connected_without(&mut self, r: u8, out: usize, extra: usize) -> bool {
        let n = self.n;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let inside =
            |cell: usize, region: &[u8]| cell != out && (cell == extra || region[cell] == r);
        let Some(start) = self.cells[r as usize]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| c != out)
        else {
            return true;
        };
        let mut want = self.cells[r as usize].len() - 1;
        if extra != usize::MAX {
            want += 1;
        }
        self.stack.clear();
        self.stack.push(start);
        self.mark[start] = stamp;
        let mut reached = 1;
        while let Some(cell) = self.stack.pop() {
            for o in neighbours(n, cell) {
                if self.mark[o] != stamp && inside(o, &self.region) {
                    self.mark[o] = stamp;
                    reached += 1;
                    self.stack.push(o);
                }
            }
        }
        reached == want
    }

    /// Moves `cell` from region `from`'s list to `to`'s.
    fn move_cell(&mut self, cell: usize, from: u8, to: u8) {
        let list = &mut self.cells[from as usize];
        let at = list
            .iter()
            .position(|&c| c as usize == cell)
            .expect("the cell is in its region");
        list.swap_remove(at);
        self.cells[to as usize].push(cell as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// How many regions are a whole row, column or box of the side's usual boxes.
    fn plain_regions(n: usize, regions: &[u8]) -> usize {
        let boxes = Shape::from_size(n).ok();
        (0..n as u8)
            .filter(|&r| {
                let cells: Vec<usize> = (0..n * n).filter(|&c| regions[c] == r).collect();
                let same = |f: &dyn Fn(usize) -> usize| cells.iter().all(|&c| f(c) == f(cells[0]));
                same(&|c| c / n)
                    || same(&|c| c % n)
                    || boxes.is_some_and(|s| same(&|c| s.box_of(c)))
            })
            .count()
    }

    #[test]
    fn every_side_gets_n_connected_regions_of_n_cells() {
        for n in 4..=MAX_SIZE {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(n as u64);
            let regions = random_regions(n, &mut rng);
            assert_eq!(regions.len(), n * n);
            let mut count = vec![0; n];
            for &r in &regions {
                count[r as usize] += 1;
            }
            assert!(count.iter().all(|&c| c == n), "{n}: sizes {count:?}");
            assert!(regions_are_connected(n, &regions), "{n}");
            // Checked independently of the trades: the shape accepts them.
            assert!(Shape::with_regions(n, &regions).is_ok(), "{n}");
            // Varied: most regions are no longer a row, a column or a box.
            // Varied: most regions are no longer a row, a column or a box (4×4 has few
            // layouts, boxes among them).
            if n >= 5 {
                assert!(plain_regions(n, &regions) * 4 <= n, "{n}: {regions:?}");
            }
        }
    }

    #[test]
    fn the_same_source_gives_the_same_regions() {
        for n in [4, 9, 13] {
            let draw = |seed| random_regions(n, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
            assert_eq!(draw(3), draw(3));
            assert_ne!(draw(3), draw(4));
        }
    }

    #[test]
    fn connectivity_is_judged_by_cell_sides() {
        // Two regions of a 2×2 each made of a diagonal pair: not connected.
        assert!(!regions_are_connected(2, &[0, 1, 1, 0]));
        assert!(regions_are_connected(2, &[0, 0, 1, 1]));
        assert!(regions_are_connected(2, &[0, 1, 0, 1]));
        // A region split in two pieces by another.
        let split = [0, 1, 0, 1, 1, 1, 0, 0, 0];
        assert!(!regions_are_connected(3, &split));
        assert!(random_shape(3, &mut Xoshiro256PlusPlus::seed_from_u64(1)).is_err());
        assert!(random_shape(65, &mut Xoshiro256PlusPlus::seed_from_u64(1)).is_err());
    }
}
