//! Grid shapes and grids: an n×n Sudoku, n = 1..64, made of boxes of r rows by c columns
//! (r·c = n): the square 3×3 boxes of a 9×9, or rectangular ones such as the 2×3 boxes of
//! a 6×6 and the 3×4 boxes of a 12×12.
//!
//! [`Shape`] is the one place that knows what a box is. Cells are numbered row-major,
//! `cell = row * n + column`, from 0. A cell holds 0 when empty, else a symbol `1..=n`.
//! The text forms (one character per cell) live in [`crate::parse`] and [`crate::format`].
//!
//! Units (rows, columns, boxes) are numbered `0..3n`: rows `0..n`, columns `n..2n`, boxes
//! `2n..3n` (as [`Unit::index`]), boxes numbered row-major. [`Geometry`] holds the tables
//! every solver and logic technique walks (the cells of each unit, the units and peers of
//! each cell), built once per shape and shared. Engines that need more than units (a fast
//! path written for one shape, a technique whose proof needs square boxes) ask the shape
//! for that capability ([`Shape::is_classic`], [`Shape::has_square_boxes`]), never for a
//! size.

use std::fmt;
use std::sync::Mutex;

use crate::error::{Error, ErrorKind};

/// The largest grid side: a 64×64 grid's candidate sets fill a `u64`.
pub const MAX_SIZE: usize = 64;

/// The shape of a grid: its side n and the rows and columns of its boxes.
///
/// Boxes tile the grid in bands (`n / r` rows of boxes, each r cells high) and stacks
/// (`n / c` columns of boxes, each c cells wide):
///
/// ```text
///  6×6, 2×3 boxes:   box 0 | box 1      r = 2 rows, c = 3 columns per box;
///                    box 2 | box 3      3 bands of boxes, 2 stacks
///                    box 4 | box 5
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    n: u8,
    r: u8,
    c: u8,
}

impl Shape {
    /// The shape with square k×k boxes, k = 1..=8.
    pub fn from_box(k: usize) -> Result<Shape, Error> {
        if (1..=8).contains(&k) {
            Ok(Shape::new(k * k, k, k))
        } else {
            Err(ErrorKind::BadSize {
                size: k.saturating_mul(k),
            }
            .into())
        }
    }

    /// The shape of side `rows × columns` whose boxes are `rows` cells high and `columns`
    /// cells wide. Both are at least 2 (or both 1, the 1×1 grid), and the side is at most 64.
    pub fn from_boxes(rows: usize, columns: usize) -> Result<Shape, Error> {
        let side = rows.saturating_mul(columns);
        let fits = (rows == 1 && columns == 1) || (rows >= 2 && columns >= 2 && side <= MAX_SIZE);
        if fits {
            Ok(Shape::new(side, rows, columns))
        } else {
            Err(ErrorKind::BadBox {
                rows,
                columns,
                size: None,
            }
            .into())
        }
    }

    /// The shape of side `n` with `rows × columns` boxes, which must tile it.
    pub fn with_boxes(n: usize, rows: usize, columns: usize) -> Result<Shape, Error> {
        Shape::from_size(n)?;
        if rows.saturating_mul(columns) != n {
            return Err(ErrorKind::BadBox {
                rows,
                columns,
                size: Some(n),
            }
            .into());
        }
        Shape::from_boxes(rows, columns)
    }

    /// The shape a side and a box shape name, either of which may be left out: the side's
    /// usual boxes, the boxes' own side, or both, which must agree. `None` for neither.
    pub fn named(
        size: Option<usize>,
        boxes: Option<(usize, usize)>,
    ) -> Result<Option<Shape>, Error> {
        match (size, boxes) {
            (None, None) => Ok(None),
            (Some(n), None) => Shape::from_size(n).map(Some),
            (None, Some((rows, columns))) => Shape::from_boxes(rows, columns).map(Some),
            (Some(n), Some((rows, columns))) => Shape::with_boxes(n, rows, columns).map(Some),
        }
    }

    /// The usual shape of side `n`: the squarest boxes, the wide side horizontal (6 has
    /// 2×3 boxes, 12 has 3×4, 9 has 3×3). A side of 2, 3 or a prime has no box shape.
    pub fn from_size(n: usize) -> Result<Shape, Error> {
        if n == 1 {
            return Ok(Shape::new(1, 1, 1));
        }
        Shape::box_shapes(n)
            .last()
            .ok_or_else(|| ErrorKind::BadSize { size: n }.into())
    }

    /// Every shape of side `n`, from the widest boxes (fewest rows) to the squarest; boxes
    /// are never taller than wide here, though [`Shape::from_boxes`] makes those too.
    pub fn box_shapes(n: usize) -> impl Iterator<Item = Shape> {
        let n = if n <= MAX_SIZE { n } else { 0 };
        (2..=n)
            .take_while(move |r| r * r <= n)
            .filter(move |r| n % r == 0)
            .map(move |r| Shape::new(n, r, n / r))
    }

    /// The shape with `cells` cells, if any: its side is the square root, with the
    /// boxes of [`Shape::from_size`].
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        let n = (1..=MAX_SIZE).find(|n| n * n >= cells)?;
        if n * n == cells {
            Shape::from_size(n).ok()
        } else {
            None
        }
    }

    /// The shape whose cell count is nearest to `cells` (the smaller one on a tie): the
    /// grid a count that fits none was most likely meant to be, for messages.
    pub fn nearest(cells: usize) -> Shape {
        Shape::all()
            .min_by_key(|s| s.cells().abs_diff(cells))
            .expect("there are shapes")
    }

    /// The usual shape of every side that has one ([`Shape::from_size`]), smallest first:
    /// 1, 4, 6, 8, 9, 10, 12, ... 64.
    pub fn all() -> impl Iterator<Item = Shape> {
        (1..=MAX_SIZE).filter_map(|n| Shape::from_size(n).ok())
    }

    /// The sides with square boxes, 1, 4, 9, ... 64: the classic family.
    pub fn squares() -> impl Iterator<Item = Shape> {
        (1..=8).map(|k| Shape::new(k * k, k, k))
    }

    /// A spread of shapes for tests whose cost grows with the side: every square one and
    /// rectangular boxes of several proportions (2×3, 2×4, 2×5, 3×4, 2×6, 3×5, 4×6), where
    /// [`Shape::all`] would spend minutes on the thin large ones like 2×29.
    #[doc(hidden)]
    pub fn sample() -> impl Iterator<Item = Shape> {
        const RECTANGLES: [(usize, usize); 7] =
            [(2, 3), (2, 4), (2, 5), (3, 4), (2, 6), (3, 5), (4, 6)];
        Shape::squares().chain(RECTANGLES.map(|(r, c)| Shape::new(r * c, r, c)))
    }

    const fn new(n: usize, r: usize, c: usize) -> Shape {
        Shape {
            n: n as u8,
            r: r as u8,
            c: c as u8,
        }
    }

    /// Rows of cells in a box (its height).
    #[inline]
    pub fn box_rows(self) -> usize {
        self.r as usize
    }

    /// Columns of cells in a box (its width).
    #[inline]
    pub fn box_columns(self) -> usize {
        self.c as usize
    }

    /// True when boxes are square (k×k, n = k²), which transposing the grid keeps and
    /// some techniques' proofs need.
    #[inline]
    pub fn has_square_boxes(self) -> bool {
        self.r == self.c
    }

    /// True for the classic 9×9 with 3×3 boxes, which the fastest paths are written for.
    #[inline]
    pub fn is_classic(self) -> bool {
        self.n == 9 && self.r == 3
    }

    /// Grid side n = r·c: the number of symbols, and the cells in a row, column or box.
    #[inline]
    pub fn size(self) -> usize {
        self.n as usize
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

    /// How many boxes sit side by side in a band: `n / c`, which is r.
    #[inline]
    pub fn stacks(self) -> usize {
        self.box_rows()
    }

    /// How many bands of boxes there are: `n / r`, which is c.
    #[inline]
    pub fn bands(self) -> usize {
        self.box_columns()
    }

    /// Box of the cell at a row and column, numbered row-major from 0.
    #[inline]
    pub fn box_at(self, row: usize, column: usize) -> usize {
        (row / self.box_rows()) * self.stacks() + column / self.box_columns()
    }

    /// Box of a cell, numbered row-major from 0.
    #[inline]
    pub fn box_of(self, cell: usize) -> usize {
        self.box_at(self.row(cell), self.column(cell))
    }

    /// The band (row of boxes) a row lies in, and the stack (column of boxes) a column
    /// lies in.
    #[inline]
    pub fn band_of_row(self, row: usize) -> usize {
        row / self.box_rows()
    }

    /// The stack (column of boxes) a column lies in.
    #[inline]
    pub fn stack_of_column(self, column: usize) -> usize {
        column / self.box_columns()
    }

    /// The top row and left column of a box.
    #[inline]
    pub fn box_origin(self, b: usize) -> (usize, usize) {
        (
            b / self.stacks() * self.box_rows(),
            b % self.stacks() * self.box_columns(),
        )
    }

    /// The cell at a row and column.
    #[inline]
    pub fn cell(self, row: usize, column: usize) -> usize {
        row * self.size() + column
    }

    /// The n cells of a unit: rows are units `0..n`, columns `n..2n`, boxes `2n..3n` (a
    /// box's cells in reading order).
    pub fn unit_cells(self, unit: usize) -> impl Iterator<Item = usize> {
        let n = self.size();
        let c = self.box_columns();
        let (top, left) = if unit >= 2 * n {
            self.box_origin(unit - 2 * n)
        } else {
            (0, 0)
        };
        (0..n).map(move |i| match unit / n {
            0 => unit * n + i,
            1 => i * n + (unit - n),
            _ => (top + i / c) * n + left + i % c,
        })
    }

    /// A name for the grid's size, such as "9×9".
    pub fn name(self) -> String {
        format!("{0}×{0}", self.size())
    }

    /// The box shape as `RxC` (rows by columns), as `--box` takes it: `2x3`.
    pub fn box_name(self) -> String {
        format!("{}x{}", self.box_rows(), self.box_columns())
    }

    /// The unit tables of this shape, built on first use and shared afterwards.
    pub fn geometry(self) -> &'static Geometry {
        Geometry::of(self)
    }
}

impl fmt::Display for Shape {
    /// `9×9`, or `6×6 (2×3 boxes)` when the boxes are not square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_square_boxes() {
            write!(f, "{}", self.name())
        } else {
            write!(
                f,
                "{} ({}×{} boxes)",
                self.name(),
                self.box_rows(),
                self.box_columns()
            )
        }
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
///  peers     [cell * p..]  the p = 3n - r - c - 1 cells sharing a unit with it: its row,
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
    ///
    /// Each shape's tables are built once and kept for the whole program: there are at
    /// most a few hundred shapes, and a program uses a handful.
    pub fn of(shape: Shape) -> &'static Geometry {
        // A list, not a hash map: a program uses a handful of shapes, and a map's hashing
        // would weigh on the wasm for nothing.
        static TABLES: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut tables = TABLES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(found) = tables.iter().find(|g| g.shape == shape) {
            return found;
        }
        let built: &'static Geometry = Box::leak(Box::new(Geometry::build(shape)));
        tables.push(built);
        built
    }

    fn build(shape: Shape) -> Geometry {
        let (n, cells) = (shape.size(), shape.cells());
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
        let npeers = if n > 1 {
            3 * n - shape.box_rows() - shape.box_columns() - 1
        } else {
            0
        };
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

    /// How many peers each cell has: `3n - r - c - 1`.
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

    /// A full grid of the shape, always the same one: row `i` is the first row shifted,
    /// so each row, column and box holds every symbol. For tests and examples.
    ///
    /// ```
    /// let shape = sudoku64::Shape::from_size(6).unwrap();
    /// assert!(sudoku64::Grid::pattern(shape).is_solved());
    /// ```
    pub fn pattern(shape: Shape) -> Grid {
        let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_columns());
        let cells = (0..shape.cells())
            .map(|i| {
                let (row, column) = (i / n, i % n);
                (((row % r) * c + row / r + column) % n + 1) as u8
            })
            .collect();
        Grid { shape, cells }
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
            assert_eq!((s.box_rows(), s.box_columns()), (k, k));
            assert_eq!(Shape::from_cell_count(n * n), Some(s));
            assert_eq!(s.full_mask().count_ones() as usize, n);
        }
        for (n, r, c) in [(6, 2, 3), (8, 2, 4), (10, 2, 5), (12, 3, 4), (63, 7, 9)] {
            let s = Shape::from_size(n).unwrap();
            assert_eq!((s.box_rows(), s.box_columns()), (r, c));
            assert_eq!(Shape::from_cell_count(n * n), Some(s));
            assert!(Grid::pattern(s).is_solved(), "{s}");
        }
        assert_eq!(
            Shape::box_shapes(12)
                .map(Shape::box_name)
                .collect::<Vec<_>>(),
            ["2x6", "3x4"]
        );
        assert!(Shape::with_boxes(12, 2, 6).is_ok());
        assert!(Shape::with_boxes(12, 2, 5).is_err());
        assert!(Shape::from_boxes(1, 6).is_err());
        for bad in [0, 2, 3, 5, 7, 11, 13, 61, 65, 81] {
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
