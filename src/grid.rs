//! Grid shapes and grids: an n×n Sudoku made of k×k boxes, n = k², k = 1..8.
//!
//! Cells are numbered row-major, `cell = row * n + column`, from 0. A cell holds 0 when
//! empty, else a symbol `1..=n`. The text forms (one character per cell) live in
//! [`crate::parse`] and [`crate::format`].
//!
//! Units (rows, columns, boxes) are numbered `0..3n`: rows `0..n`, columns `n..2n`, boxes
//! `2n..3n` (as [`Unit::index`]). [`Geometry`] holds the tables every solver and logic
//! technique walks (the cells of each unit, the units and peers of each cell), built once
//! per shape and shared.

use std::fmt;
use std::sync::OnceLock;

use crate::error::{Error, ErrorKind};

/// The largest box side: 8×8 boxes make a 64×64 grid, whose candidate sets fill a `u64`.
pub const MAX_BOX: usize = 8;
/// The largest grid side, `MAX_BOX²`.
pub const MAX_SIZE: usize = MAX_BOX * MAX_BOX;

/// The shape of a grid: its box side k, from which everything else follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    k: u8,
}

impl Shape {
    /// The shape with k×k boxes, k = 1..=8.
    pub fn from_box(k: usize) -> Result<Shape, Error> {
        if (1..=MAX_BOX).contains(&k) {
            Ok(Shape { k: k as u8 })
        } else {
            Err(ErrorKind::BadSize {
                size: k.saturating_mul(k),
            }
            .into())
        }
    }

    /// The shape whose side is `n` symbols; `n` must be a square from 1 to 64.
    pub fn from_size(n: usize) -> Result<Shape, Error> {
        match (1..=MAX_BOX).find(|k| k * k == n) {
            Some(k) => Ok(Shape { k: k as u8 }),
            None => Err(ErrorKind::BadSize { size: n }.into()),
        }
    }

    /// The shape with `cells` cells (1, 16, 81, 256, 625, 1296, 2401 or 4096), if any.
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        (1..=MAX_BOX)
            .find(|k| k.pow(4) == cells)
            .map(|k| Shape { k: k as u8 })
    }

    /// The shape whose cell count is nearest to `cells` (the smaller one on a tie): the
    /// grid a count that fits none was most likely meant to be, for messages.
    pub fn nearest(cells: usize) -> Shape {
        Shape::all()
            .min_by_key(|s| s.cells().abs_diff(cells))
            .expect("there are shapes")
    }

    /// Every shape, smallest first.
    pub fn all() -> impl Iterator<Item = Shape> {
        (1..=MAX_BOX as u8).map(|k| Shape { k })
    }

    /// Box side k.
    #[inline]
    pub fn box_side(self) -> usize {
        self.k as usize
    }

    /// Grid side n = k²: the number of symbols, and the cells in a row, column or box.
    #[inline]
    pub fn size(self) -> usize {
        (self.k as usize) * (self.k as usize)
    }

    /// Number of cells, n².
    #[inline]
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The mask with one bit per symbol: bit `s - 1` stands for symbol `s`.
    #[inline]
    pub fn full_mask(self) -> u64 {
        if self.size() == 64 {
            u64::MAX
        } else {
            (1u64 << self.size()) - 1
        }
    }

    /// Row of a cell.
    #[inline]
    pub fn row(self, cell: usize) -> usize {
        cell / self.size()
    }

    /// Column of a cell.
    #[inline]
    pub fn column(self, cell: usize) -> usize {
        cell % self.size()
    }

    /// Box of a cell, numbered row-major from 0.
    #[inline]
    pub fn box_of(self, cell: usize) -> usize {
        let k = self.box_side();
        (self.row(cell) / k) * k + self.column(cell) / k
    }

    /// The cell at a row and column.
    #[inline]
    pub fn cell(self, row: usize, column: usize) -> usize {
        row * self.size() + column
    }

    /// The n cells of a unit: rows are units `0..n`, columns `n..2n`, boxes `2n..3n`.
    pub fn unit_cells(self, unit: usize) -> impl Iterator<Item = usize> {
        let n = self.size();
        let k = self.box_side();
        (0..n).map(move |i| match unit / n {
            0 => unit * n + i,
            1 => i * n + (unit - n),
            _ => {
                let b = unit - 2 * n;
                (b / k * k + i / k) * n + b % k * k + i % k
            }
        })
    }

    /// A name for the grid's size, such as "9×9".
    pub fn name(self) -> String {
        format!("{0}×{0}", self.size())
    }

    /// The unit tables of this shape, built on first use and shared afterwards.
    pub fn geometry(self) -> &'static Geometry {
        Geometry::of(self)
    }
}

/// A row, column or box, numbered from 0 within its kind (messages count from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
}

impl Unit {
    /// The unit with this number in a grid of side `n`: rows `0..n`, columns `n..2n`,
    /// boxes `2n..3n`.
    pub fn from_index(n: usize, unit: usize) -> Unit {
        match unit / n.max(1) {
            0 => Unit::Row(unit),
            1 => Unit::Column(unit - n),
            _ => Unit::Box(unit - 2 * n),
        }
    }

    /// Its number in a grid of side `n` (the inverse of [`Unit::from_index`]).
    pub fn index(self, n: usize) -> usize {
        match self {
            Unit::Row(r) => r,
            Unit::Column(c) => n + c,
            Unit::Box(b) => 2 * n + b,
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 7`, `box 1`: counted from 1, as players do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// The fixed tables of one shape: the cells of each unit, the units of each cell and its
/// place in each, and each cell's peers.
///
/// ```text
///  units     [u * n + i]   the i-th cell of unit u (rows, then columns, then boxes;
///                          a box's cells in reading order)
///  units_of  [cell]        [row unit, column unit, box unit]
///  index_in  [cell]        [its column, its row, its place in its box]: where it sits
///                          in each of its units, so a per-unit bit mask of places
///                          has bit index_in[cell][j] for the cell
///  peers     [cell * p..]  the p = 3n - 2k - 1 cells sharing a unit with it: its row,
///                          then its column, then the rest of its box
/// ```
///
/// One copy per shape lives for the whole program ([`Shape::geometry`]); at 64×64 the
/// tables take about 1.6 MB.
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    units: Vec<u16>,
    units_of: Vec<[u16; 3]>,
    index_in: Vec<[u8; 3]>,
    peers: Vec<u16>,
    npeers: usize,
}

impl Geometry {
    /// The shared tables of a shape (built on first use).
    pub fn of(shape: Shape) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; MAX_BOX] = [const { OnceLock::new() }; MAX_BOX];
        TABLES[shape.box_side() - 1].get_or_init(|| Geometry::build(shape))
    }

    fn build(shape: Shape) -> Geometry {
        let (n, k, cells) = (shape.size(), shape.box_side(), shape.cells());
        let mut units = Vec::with_capacity(3 * n * n);
        let mut units_of = vec![[0u16; 3]; cells];
        let mut index_in = vec![[0u8; 3]; cells];
        for u in 0..3 * n {
            for (i, c) in shape.unit_cells(u).enumerate() {
                units.push(c as u16);
                units_of[c][u / n] = u as u16;
                index_in[c][u / n] = i as u8;
            }
        }
        let npeers = if n > 1 { 3 * n - 2 * k - 1 } else { 0 };
        let mut peers = Vec::with_capacity(cells * npeers);
        for cell in 0..cells {
            let (r, c) = (shape.row(cell), shape.column(cell));
            let b = 2 * n + shape.box_of(cell);
            let row = units[r * n..(r + 1) * n]
                .iter()
                .filter(|&&o| o as usize != cell);
            let col = units[(n + c) * n..(n + c + 1) * n]
                .iter()
                .filter(|&&o| o as usize != cell);
            let rest_of_box = units[b * n..(b + 1) * n]
                .iter()
                .filter(|&&o| shape.row(o as usize) != r && shape.column(o as usize) != c);
            peers.extend(row.chain(col).chain(rest_of_box));
        }
        debug_assert_eq!(peers.len(), cells * npeers);
        Geometry {
            shape,
            units,
            units_of,
            index_in,
            peers,
            npeers,
        }
    }

    /// The shape these tables are for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The n cells of unit `u` (`0..3n`), in order.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let n = self.shape.size();
        &self.units[u * n..(u + 1) * n]
    }

    /// A cell's row, column and box, as unit numbers.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.units_of[cell]
    }

    /// Where a cell sits in its row, its column and its box (0..n each).
    #[inline]
    pub fn index_in(&self, cell: usize) -> [u8; 3] {
        self.index_in[cell]
    }

    /// The cells sharing a row, column or box with `cell`: its row, then its column, then
    /// the rest of its box.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.npeers..(cell + 1) * self.npeers]
    }

    /// How many peers each cell has: `3n - 2k - 1`.
    #[inline]
    pub fn peer_count(&self) -> usize {
        self.npeers
    }

    /// True when two different cells share a row, column or box.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.units_of[a], self.units_of[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }

    /// The kind and number of unit `u`.
    #[inline]
    pub fn unit_kind(&self, u: usize) -> Unit {
        Unit::from_index(self.shape.size(), u)
    }
}

/// A Sudoku grid: a shape and one entry per cell (0 empty, else a symbol `1..=n`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of the given shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its entries, row-major, 0 for empty. Checks the count and the symbols,
    /// not the Sudoku rule (see [`Grid::first_clash`]).
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, Error> {
        if cells.len() != shape.cells() {
            return Err(ErrorKind::CellCount {
                found: cells.len(),
                expected: Some(shape),
                row: None,
            }
            .into());
        }
        if let Some(cell) = cells.iter().position(|&v| v as usize > shape.size()) {
            let n = shape.size();
            return Err(ErrorKind::SymbolValue {
                value: cells[cell] as usize,
                cell,
                size: n,
            }
            .into());
        }
        Ok(Grid { shape, cells })
    }

    /// The grid's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The grid side n.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// Entries, row-major, 0 for empty.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The entry of a cell (0 for empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell's entry (0 clears it).
    ///
    /// # Panics
    /// If `cell` is out of range or `value` is over the grid side.
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(
            value as usize <= self.size(),
            "symbol {value} is over the grid side"
        );
        self.cells[cell] = value;
    }

    /// The number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal entries sharing a row, column or box, if any, as an error
    /// that names both cells and the unit.
    pub fn first_clash(&self) -> Option<Error> {
        let shape = self.shape;
        let geometry = shape.geometry();
        for unit in 0..3 * shape.size() {
            let mut seen = [usize::MAX; MAX_SIZE + 1];
            for &cell in geometry.unit(unit) {
                let cell = cell as usize;
                let v = self.cells[cell] as usize;
                if v == 0 {
                    continue;
                }
                if seen[v] != usize::MAX {
                    return Some(
                        ErrorKind::Clash {
                            shape,
                            first: seen[v],
                            second: cell,
                            symbol: v as u8,
                            unit: geometry.unit_kind(unit),
                        }
                        .into(),
                    );
                }
                seen[v] = cell;
            }
        }
        None
    }

    /// True when the grid is full and breaks no rule: a solution.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.first_clash().is_none()
    }

    /// True when every filled cell of `self` holds the same entry in `other`.
    pub fn is_subset_of(&self, other: &Grid) -> bool {
        self.shape == other.shape
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_from_every_size() {
        for (k, n) in [
            (1, 1),
            (2, 4),
            (3, 9),
            (4, 16),
            (5, 25),
            (6, 36),
            (7, 49),
            (8, 64),
        ] {
            let s = Shape::from_size(n).unwrap();
            assert_eq!(s.box_side(), k);
            assert_eq!(Shape::from_cell_count(n * n), Some(s));
            assert_eq!(s.full_mask().count_ones() as usize, n);
        }
        for bad in [0, 2, 10, 65, 81] {
            assert!(Shape::from_size(bad).is_err(), "{bad}");
        }
        assert_eq!(Shape::from_cell_count(80), None);
    }

    #[test]
    fn units_cover_each_cell_three_times() {
        for shape in Shape::all() {
            let n = shape.size();
            let mut hits = vec![0; shape.cells()];
            for unit in 0..3 * n {
                let cells: Vec<usize> = shape.unit_cells(unit).collect();
                assert_eq!(cells.len(), n);
                for &c in &cells {
                    hits[c] += 1;
                    match unit / n {
                        0 => assert_eq!(shape.row(c), unit),
                        1 => assert_eq!(shape.column(c), unit - n),
                        _ => assert_eq!(shape.box_of(c), unit - 2 * n),
                    }
                }
            }
            assert!(hits.iter().all(|&h| h == 3));
        }
    }

    #[test]
    fn geometry_tables_agree_with_the_shape() {
        for shape in Shape::all() {
            let g = shape.geometry();
            let n = shape.size();
            for cell in 0..shape.cells() {
                let units = g.units_of(cell);
                for j in 0..3 {
                    let u = units[j] as usize;
                    assert_eq!(g.unit(u)[g.index_in(cell)[j] as usize] as usize, cell);
                    assert_eq!(Unit::from_index(n, u).index(n), u);
                }
                let peers = g.peers(cell);
                assert_eq!(peers.len(), g.peer_count());
                let brute: Vec<usize> = (0..shape.cells())
                    .filter(|&o| {
                        o != cell
                            && (shape.row(o) == shape.row(cell)
                                || shape.column(o) == shape.column(cell)
                                || shape.box_of(o) == shape.box_of(cell))
                    })
                    .collect();
                let mut sorted: Vec<usize> = peers.iter().map(|&p| p as usize).collect();
                sorted.sort_unstable();
                assert_eq!(sorted, brute, "{} cell {cell}", shape.name());
                assert!(brute.iter().all(|&o| g.sees(cell, o)));
            }
            assert!(std::ptr::eq(g, shape.geometry()), "built once");
        }
        assert_eq!(Unit::from_index(9, 20).to_string(), "box 3");
    }

    #[test]
    fn clashes_name_both_cells() {
        let shape = Shape::from_size(4).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 1);
        g.set(5, 1); // r2c2, same box as r1c1
        let err = g.first_clash().unwrap();
        assert_eq!(err.cells(), vec![0, 5]);
        assert!(err.to_string().contains("box 1"), "{err}");
    }
}
