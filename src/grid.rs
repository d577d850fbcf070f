//! Grid shapes and grids: an n×n Sudoku, n = 1..64, made of boxes of r rows by c columns
//! (r·c = n): the square 3×3 boxes of a 9×9, or rectangular ones such as the 2×3 boxes of
//! a 6×6 and the 3×4 boxes of a 12×12.
//!
//! [`Shape`] is the one place that knows what a box is. Cells are numbered row-major,
//! `cell = row * n + column`, from 0. A cell holds 0 when empty, else a symbol `1..=n`.
//! The text forms (one character per cell) live in [`crate::parse`] and [`crate::format`].
//!
//! Units (rows, columns, boxes) are numbered `0..3n`: rows `0..n`, columns `n..2n`, boxes
//! `2n..3n` (as [`Shape::unit_index`] numbers them), boxes numbered row-major. [`Geometry`] holds the tables
//! every solver and logic technique walks (the cells of each unit, the units and peers of
//! each cell), built once per shape and shared. Engines that need more than units (a fast
//! path written for one shape, a technique whose proof needs square boxes) ask the shape
//! for that capability ([`Shape::is_classic`], [`Shape::has_square_boxes`]), never for a
//! size.

use std::fmt;
use std::sync::Mutex;

use crate::cages::Cages;
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
    /// Rows and columns of a box; both 0 when the grid has jigsaw regions instead.
    r: u8,
    c: u8,
    /// Extra units on top of rows, columns and boxes: [`DIAGONALS`], [`WINDOWS`].
    extras: u8,
    /// The region of each cell, when the grid has jigsaw regions instead of boxes:
    /// numbered in reading order of their first cell, and shared by every shape with the
    /// same regions (see [`Shape::with_regions`]).
    regions: Option<&'static [u8]>,
    /// Killer cages, when the grid has them (see [`Shape::with_cages`]): shared by every
    /// shape with the same cages.
    cages: Option<&'static Cages>,
}

/// [`Shape::extras`] bit: both main diagonals are units (X-Sudoku).
const DIAGONALS: u8 = 1;
/// [`Shape::extras`] bit: the (k−1)² windows between the k×k boxes are units (windoku).
const WINDOWS: u8 = 2;

/// The most units one cell lies in: its row, column and box, two diagonals and a window,
/// and room for one more kind of extra unit.
pub const MAX_UNITS_PER_CELL: usize = 7;

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

    /// Whether `n` is a side from 4 to 64 with no box shape (a prime): its grids exist
    /// only as jigsaws, whose regions come with the puzzle.
    pub fn is_boxless_side(n: usize) -> bool {
        (4..=MAX_SIZE).contains(&n) && Shape::box_shapes(n).next().is_none()
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
            extras: 0,
            regions: None,
            cages: None,
        }
    }

    /// The shape of side `n` (1 to 64, primes included) whose boxes are jigsaw regions:
    /// `regions[cell]` names the region of each cell, row-major, any n distinct numbers
    /// each used by n cells. Regions need not be connected. The numbering is normalised
    /// (regions count from 0 in reading order of their first cell), so two lists that
    /// draw the same regions make equal shapes.
    ///
    /// Errors: [`ErrorKind::BadSize`] for a side over 64, [`ErrorKind::CellCount`] when
    /// the list is not n² long, [`ErrorKind::BadRegions`] when the regions are not n of
    /// n cells (naming the first cell of the first region that is not).
    pub fn with_regions(n: usize, regions: &[u8]) -> Result<Shape, Error> {
        if n == 0 || n > MAX_SIZE {
            return Err(ErrorKind::BadSize { size: n }.into());
        }
        if regions.len() != n * n {
            return Err(ErrorKind::CellCount {
                found: regions.len(),
                expected: None,
                row: None,
            }
            .into());
        }
        let mut renumber = [u8::MAX; 256];
        let mut first_cell = Vec::new();
        let mut count = Vec::new();
        let mut normal = Vec::with_capacity(n * n);
        for (cell, &id) in regions.iter().enumerate() {
            if renumber[id as usize] == u8::MAX {
                if first_cell.len() == n {
                    return Err(ErrorKind::BadRegions {
                        cell,
                        cells: 1,
                        size: n,
                        found: n + 1,
                    }
                    .into());
                }
                renumber[id as usize] = first_cell.len() as u8;
                first_cell.push(cell);
                count.push(0usize);
            }
            let r = renumber[id as usize];
            count[r as usize] += 1;
            normal.push(r);
        }
        if let Some(bad) = (0..count.len()).find(|&r| count[r] != n) {
            return Err(ErrorKind::BadRegions {
                cell: first_cell[bad],
                cells: count[bad],
                size: n,
                found: count.len(),
            }
            .into());
        }
        if count.len() != n {
            return Err(ErrorKind::BadRegions {
                cell: 0,
                cells: n,
                size: n,
                found: count.len(),
            }
            .into());
        }
        Ok(Shape {
            n: n as u8,
            r: 0,
            c: 0,
            extras: 0,
            regions: Some(intern(normal)),
            cages: None,
        })
    }

    /// This shape with both main diagonals as units too (X-Sudoku). Sides of 4 and up.
    pub fn with_diagonals(self) -> Result<Shape, Error> {
        if self.size() < 4 {
            return Err(ErrorKind::BadVariant {
                variant: "x",
                shape: self,
                reason: "variant-x-size",
            }
            .into());
        }
        Ok(Shape {
            extras: self.extras | DIAGONALS,
            ..self
        })
    }

    /// This shape with windoku's windows as units too: the (k−1)² k×k squares that sit
    /// one cell in from the boxes of a grid with square k×k boxes (four in a 9×9).
    pub fn with_windows(self) -> Result<Shape, Error> {
        if !self.has_square_boxes() || self.size() < 4 {
            return Err(ErrorKind::BadVariant {
                variant: "windoku",
                shape: self,
                reason: "variant-windoku-boxes",
            }
            .into());
        }
        Ok(Shape {
            extras: self.extras | WINDOWS,
            ..self
        })
    }

    /// This shape with its boxes and rows and columns only: no diagonals or windows.
    pub fn without_extras(self) -> Shape {
        Shape { extras: 0, ..self }
    }

    /// This shape with killer cages (Killer Sudoku): cells of a cage hold different
    /// digits, which add up to its sum when it has one. Cages go with every layout.
    ///
    /// Errors: [`ErrorKind::BadCage`] when the cages are for another side.
    pub fn with_cages(self, cages: Cages) -> Result<Shape, Error> {
        if cages.size() != self.size() {
            return Err(ErrorKind::BadVariant {
                variant: "killer",
                shape: self,
                reason: "variant-killer-side",
            }
            .into());
        }
        Ok(Shape {
            cages: Some(intern_cages(cages)),
            ..self
        })
    }

    /// This shape without its cages, if it has any.
    pub fn without_cages(self) -> Shape {
        Shape {
            cages: None,
            ..self
        }
    }

    /// The killer cages, if the shape has them.
    #[inline]
    pub fn cages(self) -> Option<&'static Cages> {
        self.cages
    }

    /// True when the shape has killer cages.
    #[inline]
    pub fn has_cages(self) -> bool {
        self.cages.is_some()
    }

    /// True when boxes are jigsaw regions ([`Shape::with_regions`]).
    #[inline]
    pub fn is_jigsaw(self) -> bool {
        self.regions.is_some()
    }

    /// The region of each cell of a jigsaw, numbered from 0 in reading order.
    pub fn regions(self) -> Option<&'static [u8]> {
        self.regions
    }

    /// True when both main diagonals are units.
    #[inline]
    pub fn has_diagonals(self) -> bool {
        self.extras & DIAGONALS != 0
    }

    /// True when windoku's windows are units.
    #[inline]
    pub fn has_windows(self) -> bool {
        self.extras & WINDOWS != 0
    }

    /// True when boxes are r×c rectangles that tile the grid in bands and stacks, which
    /// [`Shape::box_origin`], [`Shape::bands`], [`Shape::stacks`] and the techniques
    /// reasoning from bands need. False for jigsaw regions.
    #[inline]
    pub fn has_box_grid(self) -> bool {
        self.regions.is_none()
    }

    /// True when the rows, columns and boxes are the only constraints: no diagonals, windows
    /// or killer cages.
    /// The uniqueness techniques' proofs (swapping symbols inside rows, columns and boxes)
    /// need it.
    #[inline]
    pub fn has_only_basic_units(self) -> bool {
        self.extras == 0 && self.cages.is_none()
    }

    /// The variants this shape has, as `--variant` names them: `jigsaw`, `x`, `windoku`.
    pub fn variants(self) -> Vec<&'static str> {
        Variants::of(self).names()
    }

    /// How many units there are: n rows, n columns, n boxes, then 2 diagonals and the
    /// (k−1)² windows where the shape has them.
    pub fn unit_count(self) -> usize {
        let n = self.size();
        let diagonals = if self.has_diagonals() { 2 } else { 0 };
        let windows = if self.has_windows() {
            (self.box_rows() - 1).pow(2)
        } else {
            0
        };
        3 * n + diagonals + windows
    }

    /// The window a cell lies in, if the shape has windows and the cell is in one.
    pub fn window_of(self, cell: usize) -> Option<usize> {
        if !self.has_windows() {
            return None;
        }
        let k = self.box_rows();
        let place = |x: usize| (x % (k + 1) != 0).then(|| x / (k + 1));
        let (wr, wc) = (place(self.row(cell))?, place(self.column(cell))?);
        Some(wr * (k - 1) + wc)
    }

    /// The diagonals a cell lies on: bit 0 the main one (top left to bottom right), bit 1
    /// the other; 0 when the shape has none.
    pub fn diagonals_of(self, cell: usize) -> u8 {
        if !self.has_diagonals() {
            return 0;
        }
        let (r, c) = (self.row(cell), self.column(cell));
        u8::from(r == c) | u8::from(r + c + 1 == self.size()) << 1
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
    /// some techniques' proofs need. False for jigsaw regions.
    #[inline]
    pub fn has_square_boxes(self) -> bool {
        self.r == self.c && self.r != 0
    }

    /// True for the classic 9×9 with 3×3 boxes, no extra units and no cages, which the fastest
    /// paths are written for.
    #[inline]
    pub fn is_classic(self) -> bool {
        self.n == 9 && self.r == 3 && self.extras == 0 && self.cages.is_none()
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

    /// Box of the cell at a row and column, numbered row-major from 0 (a jigsaw's region).
    #[inline]
    pub fn box_at(self, row: usize, column: usize) -> usize {
        match self.regions {
            Some(regions) => regions[row * self.size() + column] as usize,
            None => (row / self.box_rows()) * self.stacks() + column / self.box_columns(),
        }
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
    /// box's cells in reading order), then the diagonals (main, then the other, from the
    /// top row down) and the windows (row-major, their cells in reading order).
    pub fn unit_cells(self, unit: usize) -> Vec<usize> {
        let n = self.size();
        match self.unit_kind(unit) {
            Unit::Row(r) => (0..n).map(|i| r * n + i).collect(),
            Unit::Column(c) => (0..n).map(|i| i * n + c).collect(),
            Unit::Box(b) => {
                let (top, left) = self.box_origin(b);
                let c = self.box_columns();
                (0..n).map(|i| (top + i / c) * n + left + i % c).collect()
            }
            Unit::Region(b) => (0..self.cells())
                .filter(|&cell| self.box_of(cell) == b)
                .collect(),
            Unit::Diagonal(0) => (0..n).map(|i| i * n + i).collect(),
            Unit::Diagonal(_) => (0..n).map(|i| i * n + n - 1 - i).collect(),
            Unit::Window(w) => {
                let k = self.box_rows();
                let (top, left) = (1 + w / (k - 1) * (k + 1), 1 + w % (k - 1) * (k + 1));
                (0..n).map(|i| (top + i / k) * n + left + i % k).collect()
            }
        }
    }

    /// The kind and number of unit `u` (see [`Shape::unit_cells`] for the numbering).
    pub fn unit_kind(self, u: usize) -> Unit {
        let n = self.size().max(1);
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Column(u - n),
            2 if self.is_jigsaw() => Unit::Region(u - 2 * n),
            2 => Unit::Box(u - 2 * n),
            _ => {
                let extra = u - 3 * n;
                if self.has_diagonals() && extra < 2 {
                    Unit::Diagonal(extra)
                } else {
                    Unit::Window(extra - if self.has_diagonals() { 2 } else { 0 })
                }
            }
        }
    }

    /// The number of a unit (the inverse of [`Shape::unit_kind`]).
    pub fn unit_index(self, unit: Unit) -> usize {
        let n = self.size();
        match unit {
            Unit::Row(r) => r,
            Unit::Column(c) => n + c,
            Unit::Box(b) | Unit::Region(b) => 2 * n + b,
            Unit::Diagonal(d) => 3 * n + d,
            Unit::Window(w) => 3 * n + w + if self.has_diagonals() { 2 } else { 0 },
        }
    }

    /// A name for the grid's size, such as "9×9".
    pub fn name(self) -> String {
        format!("{0}×{0}", self.size())
    }

    /// The box shape as `RxC` (rows by columns), as `--box` takes it: `2x3`; empty for
    /// jigsaw regions.
    pub fn box_name(self) -> String {
        if self.is_jigsaw() {
            return String::new();
        }
        format!("{}x{}", self.box_rows(), self.box_columns())
    }

    /// Equality without comparing region lists cell by cell: interned lists
    /// ([`Shape::with_regions`]) are equal exactly when they are the same list.
    #[inline]
    fn is(self, other: Shape) -> bool {
        let same_regions = match (self.regions, other.regions) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        };
        let same_cages = match (self.cages, other.cages) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        };
        (self.n, self.r, self.c, self.extras) == (other.n, other.r, other.c, other.extras)
            && same_regions
            && same_cages
    }

    /// The unit tables of this shape, built on first use and shared afterwards.
    pub fn geometry(self) -> &'static Geometry {
        Geometry::of(self)
    }
}

impl fmt::Display for Shape {
    /// `9×9`, `6×6 (2×3 boxes)` when the boxes are not square, `9×9 jigsaw`, `9×9 X`,
    /// `9×9 windoku`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_square_boxes() || self.is_jigsaw() || self.size() == 1 {
            write!(f, "{}", self.name())?;
        } else {
            write!(
                f,
                "{} ({}×{} boxes)",
                self.name(),
                self.box_rows(),
                self.box_columns()
            )?;
        }
        for variant in self.variants() {
            match variant {
                "x" => write!(f, " X")?,
                "killer" => write!(f, " killer")?,
                other => write!(f, " {other}")?,
            }
        }
        Ok(())
    }
}

/// The variants `--variant` names, on top of a grid's rows, columns and boxes: X (both
/// main diagonals), windoku (the windows between square boxes) and jigsaw (regions in
/// place of boxes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants {
    /// Both main diagonals are units.
    pub x: bool,
    /// The windows between k×k boxes are units.
    pub windoku: bool,
    /// Jigsaw regions in place of boxes.
    pub jigsaw: bool,
    /// Killer cages with sums.
    pub killer: bool,
}

impl Variants {
    /// The names `--variant` takes, in the order [`Variants::names`] gives them.
    pub const NAMES: [&'static str; 4] = ["jigsaw", "x", "windoku", "killer"];

    /// Reads a list of variant names separated by commas or spaces (`x,windoku`,
    /// `x jigsaw`); `classic` or an empty list is none. Names are case-blind.
    pub fn parse(list: &str) -> Result<Variants, Error> {
        let mut variants = Variants::default();
        for name in list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            match name.to_ascii_lowercase().as_str() {
                "x" | "diagonal" | "diagonals" => variants.x = true,
                "windoku" | "window" | "windows" => variants.windoku = true,
                "jigsaw" | "irregular" => variants.jigsaw = true,
                "killer" | "cages" | "sums" => variants.killer = true,
                "classic" | "none" => {}
                _ => {
                    return Err(Error::bad_option(
                        "variant",
                        name,
                        crate::logic::Words::new("allowed-variant"),
                    ));
                }
            }
        }
        Ok(variants)
    }

    /// The variants of a shape.
    pub fn of(shape: Shape) -> Variants {
        Variants {
            x: shape.has_diagonals(),
            windoku: shape.has_windows(),
            jigsaw: shape.is_jigsaw(),
            killer: shape.has_cages(),
        }
    }

    /// True when none is asked for.
    pub fn is_empty(self) -> bool {
        self == Variants::default()
    }

    /// Their names, as `--variant` takes them: `["jigsaw", "x"]`.
    pub fn names(self) -> Vec<&'static str> {
        let on = [self.jigsaw, self.x, self.windoku, self.killer];
        Variants::NAMES
            .into_iter()
            .zip(on)
            .filter_map(|(name, on)| on.then_some(name))
            .collect()
    }

    /// The shape with these variants' extra units added. Jigsaw regions come with a
    /// puzzle (a game ID, a link) or from the generator, so for jigsaw the shape must
    /// already have them. Errors: [`ErrorKind::BadVariant`].
    pub fn apply(self, shape: Shape) -> Result<Shape, Error> {
        if self.jigsaw && !shape.is_jigsaw() {
            return Err(ErrorKind::BadVariant {
                variant: "jigsaw",
                shape,
                reason: "variant-jigsaw-given",
            }
            .into());
        }
        if self.killer && !shape.has_cages() {
            return Err(ErrorKind::BadVariant {
                variant: "killer",
                shape,
                reason: "variant-killer-given",
            }
            .into());
        }
        let shape = if self.x {
            shape.with_diagonals()?
        } else {
            shape
        };
        if self.windoku {
            shape.with_windows()
        } else {
            Ok(shape)
        }
    }
}

/// Keeps one copy of each region list for the whole program, so shapes stay `Copy` and
/// compare by content. A program meets few region lists; each takes n² bytes.
fn intern(regions: Vec<u8>) -> &'static [u8] {
    static LISTS: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());
    let mut lists = LISTS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = lists.iter().find(|l| ***l == regions[..]) {
        return found;
    }
    let kept: &'static [u8] = Box::leak(regions.into_boxed_slice());
    lists.push(kept);
    kept
}

/// Keeps one copy of each set of cages for the whole program, as [`intern`] does regions.
fn intern_cages(cages: Cages) -> &'static Cages {
    static LISTS: Mutex<Vec<&'static Cages>> = Mutex::new(Vec::new());
    let mut lists = LISTS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = lists.iter().rev().find(|l| ***l == cages) {
        return found;
    }
    let kept: &'static Cages = Box::leak(Box::new(cages));
    lists.push(kept);
    kept
}

/// A unit (a row, column, box, jigsaw region, diagonal or window), numbered from 0 within
/// its kind (messages count from 1). [`Shape::unit_kind`] and [`Shape::unit_index`]
/// convert to and from the unit numbers the tables use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
    /// A jigsaw region, numbered in reading order of its first cell.
    Region(usize),
    /// A main diagonal: 0 from the top left to the bottom right, 1 from the top right.
    Diagonal(usize),
    /// A windoku window, numbered row-major.
    Window(usize),
}

impl Unit {
    /// A short name for the kind, for programs: `row`, `column`, `box`, `region`,
    /// `diagonal`, `window`.
    pub fn kind_name(self) -> &'static str {
        match self {
            Unit::Row(_) => "row",
            Unit::Column(_) => "column",
            Unit::Box(_) => "box",
            Unit::Region(_) => "region",
            Unit::Diagonal(_) => "diagonal",
            Unit::Window(_) => "window",
        }
    }

    /// Its number within its kind, from 0.
    pub fn number(self) -> usize {
        match self {
            Unit::Row(i)
            | Unit::Column(i)
            | Unit::Box(i)
            | Unit::Region(i)
            | Unit::Diagonal(i)
            | Unit::Window(i) => i,
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 7`, `box 1`, `region 2`, `the main diagonal`, `window 4`: counted
    /// from 1, as players do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Region(b) => write!(f, "region {}", b + 1),
            Unit::Diagonal(0) => write!(f, "the main diagonal"),
            Unit::Diagonal(_) => write!(f, "the anti-diagonal"),
            Unit::Window(w) => write!(f, "window {}", w + 1),
        }
    }
}

/// The fixed tables of one shape: the cells of each unit, the units of each cell and its
/// place in each, each cell's peers, and the pairs of units that overlap.
///
/// ```text
///  units      [u * n + i]   the i-th cell of unit u (rows, columns, boxes, then the
///                           extra units; a box's cells in reading order)
///  units_of   [cell]        its units: row, column, box, then any diagonals and window
///  index_in   [cell]        where it sits in each of those units, so a per-unit bit mask
///                           of places has bit index_in[cell][j] for the cell
///  peers      [cell]        the cells sharing a unit with it: its row, then its column,
///                           then the rest of its box, then the rest of its extra units
///  overlaps   [unit]        the units sharing two or more cells with it, and where
/// ```
///
/// Every unit has n cells. A cell lies in 3 units on a plain grid and in up to
/// [`MAX_UNITS_PER_CELL`] with extra units, so the per-cell lists have varying lengths.
/// One copy per shape lives for the whole program ([`Shape::geometry`]); at 64×64 the
/// tables take about 1.6 MB.
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    units: Vec<u16>,
    /// Per cell, the start of its entries in `cell_units` and `cell_index` (one more
    /// entry than cells).
    unit_start: Vec<u32>,
    cell_units: Vec<u16>,
    cell_index: Vec<u8>,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// Per unit, the start of its entries in `overlaps` (one more entry than units).
    overlap_start: Vec<u32>,
    overlaps: Vec<Overlap>,
}

/// Two units that share two or more cells, seen from the first: where pointing and
/// claiming apply (a box and a row, a diagonal and a box, a jigsaw region and a column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// The other unit.
    pub unit: u16,
    /// The shared cells, as places of the first unit (bit i for its i-th cell).
    pub here: u64,
    /// The shared cells, as places of the other unit.
    pub there: u64,
}

impl Geometry {
    /// The shared tables of a shape (built on first use).
    ///
    /// Each shape's tables are built once and kept for the whole program: a program uses
    /// a handful of shapes.
    pub fn of(shape: Shape) -> &'static Geometry {
        // Cages are no units: a killer shares its layout's tables.
        let shape = shape.without_cages();
        // A list, not a hash map: a program uses a handful of shapes, and a map's hashing
        // would weigh on the wasm for nothing.
        static TABLES: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut tables = TABLES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // From the end, and regions by address: interned lists are equal exactly when
        // they are the same list, and a run that met many jigsaws (a file of them, or a
        // generator drawing one per candidate) would otherwise compare n² bytes with each.
        // A hit moves to the end, so the shapes in use stay the first ones looked at.
        if let Some(at) = tables.iter().rposition(|g| g.shape.is(shape)) {
            let found = tables[at];
            let last = tables.len() - 1;
            tables.swap(at, last);
            return found;
        }
        let built: &'static Geometry = Box::leak(Box::new(Geometry::build(shape)));
        tables.push(built);
        built
    }

    fn build(shape: Shape) -> Geometry {
        let (n, cells) = (shape.size(), shape.cells());
        let count = shape.unit_count();
        let mut units = Vec::with_capacity(count * n);
        let mut of: Vec<Vec<(u16, u8)>> = vec![Vec::with_capacity(3); cells];
        for u in 0..count {
            for (i, c) in shape.unit_cells(u).into_iter().enumerate() {
                units.push(c as u16);
                of[c].push((u as u16, i as u8));
            }
        }
        let mut unit_start = Vec::with_capacity(cells + 1);
        let mut cell_units = Vec::with_capacity(3 * cells);
        let mut cell_index = Vec::with_capacity(3 * cells);
        unit_start.push(0);
        for list in &of {
            debug_assert!(list.len() <= MAX_UNITS_PER_CELL);
            cell_units.extend(list.iter().map(|&(u, _)| u));
            cell_index.extend(list.iter().map(|&(_, i)| i));
            unit_start.push(cell_units.len() as u32);
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        let mut seen = vec![false; cells];
        peer_start.push(0);
        for cell in 0..cells {
            let from = peers.len();
            seen[cell] = true;
            for &(u, _) in &of[cell] {
                let u = u as usize;
                for &o in &units[u * n..(u + 1) * n] {
                    if !seen[o as usize] {
                        seen[o as usize] = true;
                        peers.push(o);
                    }
                }
            }
            seen[cell] = false;
            for &o in &peers[from..] {
                seen[o as usize] = false;
            }
            peer_start.push(peers.len() as u32);
        }
        let mut overlap_start = Vec::with_capacity(count + 1);
        let mut overlaps = Vec::new();
        let mut shared: Vec<Overlap> = Vec::new();
        overlap_start.push(0);
        for u in 0..count {
            shared.clear();
            for (i, &c) in units[u * n..(u + 1) * n].iter().enumerate() {
                for &(v, j) in &of[c as usize] {
                    if v as usize == u {
                        continue;
                    }
                    match shared.iter_mut().find(|o| o.unit == v) {
                        Some(o) => {
                            o.here |= 1 << i;
                            o.there |= 1 << j;
                        }
                        None => shared.push(Overlap {
                            unit: v,
                            here: 1 << i,
                            there: 1 << j,
                        }),
                    }
                }
            }
            overlaps.extend(shared.iter().filter(|o| o.here.count_ones() >= 2));
            overlap_start.push(overlaps.len() as u32);
        }
        Geometry {
            shape,
            units,
            unit_start,
            cell_units,
            cell_index,
            peer_start,
            peers,
            overlap_start,
            overlaps,
        }
    }

    /// The shape these tables are for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many units there are ([`Shape::unit_count`]).
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.units.len() / self.shape.size().max(1)
    }

    /// The n cells of unit `u`, in order.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let n = self.shape.size();
        &self.units[u * n..(u + 1) * n]
    }

    /// A cell's units, as unit numbers: its row, column and box first (always those three,
    /// in that order), then any diagonals and window.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[u16] {
        &self.cell_units[self.unit_start[cell] as usize..self.unit_start[cell + 1] as usize]
    }

    /// A cell's row, column and box, as unit numbers.
    #[inline]
    pub fn lines_and_box(&self, cell: usize) -> [u16; 3] {
        let at = self.unit_start[cell] as usize;
        [
            self.cell_units[at],
            self.cell_units[at + 1],
            self.cell_units[at + 2],
        ]
    }

    /// Where a cell sits in each of its units (0..n each), in the order of
    /// [`Geometry::units_of`].
    #[inline]
    pub fn index_in(&self, cell: usize) -> &[u8] {
        &self.cell_index[self.unit_start[cell] as usize..self.unit_start[cell + 1] as usize]
    }

    /// The cells sharing a unit with `cell`: its row, then its column, then the rest of
    /// its box, then the rest of any extra units.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The most peers any cell has.
    pub fn max_peers(&self) -> usize {
        self.peer_start
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }

    /// The units sharing two or more cells with unit `u`, by unit number: where pointing
    /// and claiming apply (a box and a line, a diagonal and a box, a window and a row...).
    #[inline]
    pub fn overlaps(&self, u: usize) -> &[Overlap] {
        &self.overlaps[self.overlap_start[u] as usize..self.overlap_start[u + 1] as usize]
    }

    /// True when two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let (x, y) = (self.units_of(a), self.units_of(b));
            x.iter().any(|u| y.contains(u))
        }
    }

    /// The kind and number of unit `u`.
    #[inline]
    pub fn unit_kind(&self, u: usize) -> Unit {
        self.shape.unit_kind(u)
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

    /// The same entries in another shape of the same side (the grid with the diagonals as
    /// units too, say). Checks the side, not the Sudoku rule.
    pub fn with_shape(self, shape: Shape) -> Result<Grid, Error> {
        Grid::from_cells(shape, self.cells)
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
    /// that names both cells and the unit; then the first killer cage its entries break
    /// (a digit twice, or more than its sum).
    pub fn first_clash(&self) -> Option<Error> {
        self.first_unit_clash()
            .or_else(|| self.shape.cages().and_then(|c| c.first_broken(&self.cells)))
    }

    fn first_unit_clash(&self) -> Option<Error> {
        let shape = self.shape;
        let geometry = shape.geometry();
        for unit in 0..geometry.unit_count() {
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

    /// Shapes of every kind for the table tests: the plain ones, X and windoku on them,
    /// and jigsaws (a 5×5 of bent regions, a 6×6 whose regions are its rows shifted).
    fn every_kind() -> Vec<Shape> {
        let mut shapes: Vec<Shape> = Shape::all().collect();
        for s in Shape::all().filter(|s| s.size() >= 4) {
            shapes.push(s.with_diagonals().unwrap());
            if s.has_square_boxes() {
                shapes.push(s.with_windows().unwrap());
                shapes.push(s.with_windows().unwrap().with_diagonals().unwrap());
            }
        }
        let bent = [
            0, 0, 0, 1, 1, //
            0, 2, 0, 1, 1, //
            2, 2, 3, 3, 1, //
            2, 2, 3, 4, 4, //
            3, 3, 4, 4, 4,
        ];
        let jigsaw = Shape::with_regions(5, &bent).unwrap();
        shapes.push(jigsaw);
        shapes.push(jigsaw.with_diagonals().unwrap());
        let shifted: Vec<u8> = (0..36).map(|c| ((c / 6 + (c % 6) / 3) % 6) as u8).collect();
        shapes.push(Shape::with_regions(6, &shifted).unwrap());
        shapes
    }

    #[test]
    fn units_cover_each_cell_by_kind() {
        for shape in every_kind() {
            let n = shape.size();
            let mut hits = vec![0; shape.cells()];
            for unit in 0..shape.unit_count() {
                let cells = shape.unit_cells(unit);
                assert_eq!(cells.len(), n, "{shape} unit {unit}");
                let mut seen = cells.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), n, "{shape} unit {unit} repeats a cell");
                assert_eq!(shape.unit_index(shape.unit_kind(unit)), unit);
                for &c in &cells {
                    hits[c] += 1;
                    match shape.unit_kind(unit) {
                        Unit::Row(r) => assert_eq!(shape.row(c), r),
                        Unit::Column(k) => assert_eq!(shape.column(c), k),
                        Unit::Box(b) | Unit::Region(b) => assert_eq!(shape.box_of(c), b),
                        Unit::Diagonal(d) => assert!(shape.diagonals_of(c) >> d & 1 == 1),
                        Unit::Window(w) => assert_eq!(shape.window_of(c), Some(w)),
                    }
                }
            }
            for c in 0..shape.cells() {
                let extra = shape.diagonals_of(c).count_ones() as usize
                    + usize::from(shape.window_of(c).is_some());
                assert_eq!(hits[c], 3 + extra, "{shape} cell {c}");
            }
        }
    }

    #[test]
    fn geometry_tables_agree_with_the_shape() {
        for shape in every_kind() {
            let g = shape.geometry();
            for cell in 0..shape.cells() {
                let units = g.units_of(cell);
                assert_eq!(&units[..3], &g.lines_and_box(cell)[..]);
                for (j, &u) in units.iter().enumerate() {
                    assert_eq!(
                        g.unit(u as usize)[g.index_in(cell)[j] as usize] as usize,
                        cell
                    );
                }
                if shape.size() > 16 {
                    continue;
                }
                let brute: Vec<usize> = (0..shape.cells())
                    .filter(|&o| {
                        o != cell
                            && (0..shape.unit_count()).any(|u| {
                                let unit = shape.unit_cells(u);
                                unit.contains(&o) && unit.contains(&cell)
                            })
                    })
                    .collect();
                let mut sorted: Vec<usize> = g.peers(cell).iter().map(|&p| p as usize).collect();
                sorted.sort_unstable();
                assert_eq!(sorted, brute, "{shape} cell {cell}");
                assert!(brute.iter().all(|&o| g.sees(cell, o)));
                assert!(!g.sees(cell, cell));
            }
            for u in 0..g.unit_count() {
                for o in g.overlaps(u) {
                    let shared: Vec<u16> = g
                        .unit(u)
                        .iter()
                        .copied()
                        .filter(|c| g.unit(o.unit as usize).contains(c))
                        .collect();
                    assert!(shared.len() >= 2 && o.here.count_ones() as usize == shared.len());
                    for (i, c) in g.unit(u).iter().enumerate() {
                        assert_eq!(o.here >> i & 1 == 1, shared.contains(c));
                    }
                    for (j, c) in g.unit(o.unit as usize).iter().enumerate() {
                        assert_eq!(o.there >> j & 1 == 1, shared.contains(c));
                    }
                }
            }
            assert!(std::ptr::eq(g, shape.geometry()), "built once");
        }
        let nine = Shape::from_size(9).unwrap();
        assert_eq!(nine.unit_kind(20).to_string(), "box 3");
        assert_eq!(nine.geometry().peers(0).len(), 20);
        let x = nine.with_diagonals().unwrap().with_windows().unwrap();
        assert_eq!(x.unit_count(), 27 + 2 + 4);
        assert_eq!(x.unit_kind(27).to_string(), "the main diagonal");
        assert_eq!(x.unit_kind(28).to_string(), "the anti-diagonal");
        assert_eq!(x.unit_kind(32).to_string(), "window 4");
        // r2c2 lies on the main diagonal and in the first window.
        assert_eq!(x.geometry().units_of(10), &[1, 10, 18, 27, 29]);
    }

    #[test]
    fn the_boxless_sides_are_the_primes_from_5_to_61() {
        let prime = |n: usize| n > 1 && (2..n).all(|d| n % d != 0);
        for n in 0..=70 {
            assert_eq!(
                Shape::is_boxless_side(n),
                (4..=64).contains(&n) && prime(n),
                "{n}"
            );
        }
    }

    #[test]
    fn equal_layouts_share_their_tables_however_many_others_came_between() {
        // Rows as regions, built twice from different numberings: one shape, one table.
        let rows: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        let renumbered: Vec<u8> = rows.iter().map(|&r| 10 + r).collect();
        let a = Shape::with_regions(6, &rows).unwrap();
        let first = Geometry::of(a);
        // Columns as regions, then a shape without regions, looked up in between.
        let columns: Vec<u8> = (0..36).map(|c| (c % 6) as u8).collect();
        let other = Shape::with_regions(6, &columns).unwrap();
        assert!(!std::ptr::eq(Geometry::of(other), first));
        assert_eq!(Geometry::of(other).shape(), other);
        Geometry::of(Shape::from_size(6).unwrap());
        let b = Shape::with_regions(6, &renumbered).unwrap();
        assert_eq!(a, b);
        assert!(std::ptr::eq(Geometry::of(b), first));
        assert!(std::ptr::eq(
            Geometry::of(a.with_diagonals().unwrap())
                .shape()
                .regions()
                .unwrap(),
            a.regions().unwrap()
        ));
        assert!(!std::ptr::eq(
            Geometry::of(a.with_diagonals().unwrap()),
            first
        ));
    }

    #[test]
    fn regions_are_checked_and_normalised() {
        let rows: Vec<u8> = (0..16).map(|c| 7 - (c / 4) as u8).collect();
        let a = Shape::with_regions(4, &rows).unwrap();
        let renamed: Vec<u8> = (0..16).map(|c| (c / 4) as u8 + 10).collect();
        assert_eq!(a, Shape::with_regions(4, &renamed).unwrap());
        assert_eq!(a.regions().unwrap()[..4], [0, 0, 0, 0]);
        assert!(a.is_jigsaw() && !a.has_box_grid() && !a.has_square_boxes());
        assert_eq!(a.to_string(), "4×4 jigsaw");
        let mut bad = rows.clone();
        bad[5] = bad[0];
        let err = Shape::with_regions(4, &bad).unwrap_err();
        assert_eq!(err.kind_name(), "bad-regions");
        assert!(err.to_string().contains("r1c1 has 5 cells"), "{err}");
        let mut five = rows.clone();
        five[15] = 99;
        let err = Shape::with_regions(4, &five).unwrap_err();
        assert!(err.to_string().contains("5 regions"), "{err}");
        assert!(Shape::with_regions(4, &rows[..15]).is_err());
        let small = Shape::from_size(1).unwrap();
        assert_eq!(
            small.with_diagonals().unwrap_err().kind_name(),
            "bad-variant"
        );
        let six = Shape::from_size(6).unwrap();
        let err = six.with_windows().unwrap_err();
        assert!(
            err.to_string()
                .contains("windoku does not fit a 6×6 (2×3 boxes)"),
            "{err}"
        );
        assert_eq!(
            six.with_diagonals().unwrap().to_string(),
            "6×6 (2×3 boxes) X"
        );
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
