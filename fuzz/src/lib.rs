//! What the fuzz targets share: reading structured choices out of the fuzzer's bytes, and
//! turning bytes into grids that are worth searching.
//!
//! Random cell values clash almost always, and a clash stops every engine at once. So
//! most grids here are made from a valid full grid (a pattern with its symbols, rows and
//! columns shuffled by the bytes), with cells blanked by the bytes and a few entries
//! changed: those have no solution, one, or many, which is where the engines can go wrong.

use sudoku64::search::{Limits, Policy, Search};
use sudoku64::{Grid, Shape};

/// The fuzzer's bytes, read front to back; reads past the end give zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads from these bytes.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, 0 at the end.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, i| acc | (self.byte() as u64) << (8 * i))
    }

    /// A number below `bound` (at least 1).
    pub fn below(&mut self, bound: usize) -> usize {
        let raw = (self.byte() as usize) << 8 | self.byte() as usize;
        raw % bound.max(1)
    }

    /// True when no bytes are left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

/// A shape of side at most `max_side`, chosen by one byte: square boxes (small sizes more
/// often) and rectangular ones, both ways round (2×3 and 3×2).
pub fn shape(bytes: &mut Bytes, max_side: usize) -> Shape {
    const BOXES: [(usize, usize); 16] = [
        (1, 1),
        (2, 2),
        (2, 2),
        (3, 3),
        (3, 3),
        (3, 3),
        (4, 4),
        (5, 5),
        (2, 3),
        (2, 3),
        (3, 2),
        (2, 4),
        (2, 5),
        (3, 4),
        (4, 3),
        (2, 6),
    ];
    let fitting: Vec<(usize, usize)> = BOXES
        .into_iter()
        .filter(|(r, c)| r * c <= max_side)
        .collect();
    let (r, c) = fitting[bytes.byte() as usize % fitting.len()];
    Shape::from_boxes(r, c).expect("the table holds box shapes")
}

/// A valid full grid of the shape: a pattern with its symbols relabelled, and rows and
/// columns swapped within their bands and stacks, as the bytes say.
pub fn full_grid(shape: Shape, bytes: &mut Bytes) -> Grid {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_columns());
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        symbols.swap(i, bytes.below(i + 1));
    }
    let mut rows: Vec<usize> = (0..n).collect();
    let mut columns: Vec<usize> = (0..n).collect();
    for (order, width) in [(&mut rows, r), (&mut columns, c)] {
        for group in 0..n / width {
            for i in (1..width).rev() {
                let j = bytes.below(i + 1);
                order.swap(group * width + i, group * width + j);
            }
        }
    }
    let pattern = Grid::pattern(shape);
    let cells = (0..n * n)
        .map(|cell| {
            let (row, column) = (rows[cell / n], columns[cell % n]);
            symbols[pattern.get(row * n + column) as usize - 1]
        })
        .collect();
    let grid = Grid::from_cells(shape, cells).expect("the pattern fits the shape");
    debug_assert!(grid.is_solved());
    grid
}

/// A grid to search, as the first byte says: 0, a puzzle written as text in the other
/// bytes (so that the seed corpus can hold puzzles from files); below 16, raw entries
/// (mostly clashing); otherwise a full grid with cells blanked (each byte's bits say
/// which) and a few entries changed. `None` for text that is no grid, or a grid with
/// a side over `max_side`.
pub fn puzzle(bytes: &mut Bytes, max_side: usize) -> Option<Grid> {
    let mode = bytes.byte();
    if mode == 0 {
        let text = String::from_utf8_lossy(bytes.rest());
        return sudoku64::parse::parse(&text)
            .ok()
            .filter(|grid| grid.size() <= max_side);
    }
    let shape = shape(bytes, max_side);
    let n = shape.size();
    if mode < 16 {
        let cells = (0..shape.cell_count())
            .map(|_| match bytes.byte() {
                b if b < 160 => 0,
                b => (b as usize % n) as u8 + 1,
            })
            .collect();
        return Some(Grid::from_cells(shape, cells).expect("entries are in range"));
    }
    let mut grid = full_grid(shape, bytes);
    // How many cells of 8 stay, on average: from none to all.
    let keep = bytes.byte() % 9;
    for cell in 0..shape.cell_count() {
        if (bytes.byte() % 8) >= keep {
            grid.set(cell, 0);
        }
    }
    for _ in 0..bytes.byte() % 4 {
        let cell = bytes.below(shape.cell_count());
        let value = bytes.below(n + 1) as u8;
        grid.set(cell, value);
    }
    Some(grid)
}

/// True when `solution` is a valid full grid that keeps every given of `puzzle`.
pub fn completes(puzzle: &Grid, solution: &Grid) -> bool {
    solution.shape() == puzzle.shape()
        && solution.is_solved()
        && puzzle
            .cells()
            .iter()
            .zip(solution.cells())
            .all(|(&p, &s)| p == 0 || p == s)
}

/// The number of solutions of a grid up to `limit` by one policy, with the first two,
/// under a work limit: `None` when the limit stopped it. Every solution returned is
/// checked against the grid.
pub fn count(grid: &Grid, policy: Policy, limit: u64, work: u64) -> Option<(u64, Vec<Grid>)> {
    let mut search = Search::with_policy(grid.shape(), policy);
    let answer = search.count_grid(grid, limit, Limits::work(work), &mut |_| true);
    let found: Vec<Grid> = answer.first.iter().chain(&answer.second).cloned().collect();
    for solution in &found {
        assert!(
            completes(grid, solution),
            "a solution breaks the rules or a given"
        );
    }
    if found.len() == 2 {
        assert_ne!(found[0], found[1], "the same solution counted twice");
    }
    assert!(answer.count <= limit, "counted past the limit");
    assert!(
        answer.count >= found.len() as u64,
        "fewer counted than returned"
    );
    answer.decided.then_some((answer.count, found))
}
