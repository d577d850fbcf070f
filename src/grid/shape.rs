//! [`Shape`]: a grid's side, its boxes or jigsaw regions, its extra units (diagonals,
//! windows) and killer cages, and [`Variants`], the names `--variant` takes for them.

use std::fmt;
use std::sync::Mutex;

use super::{Geometry, Unit};
use crate::cages::Cages;
use crate::error::{Error, ReadErrorKind, RuleError, RuleErrorKind};

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
    pub fn from_box(k: usize) -> Result<Shape, RuleError> {
        if (1..=8).contains(&k) {
            Ok(Shape::new(k * k, k, k))
        } else {
            Err(RuleErrorKind::BadSize {
                size: k.saturating_mul(k),
            }
            .into())
        }
    }

    /// The shape of side `rows × columns` whose boxes are `rows` cells high and `columns`
    /// cells wide. Both are at least 2 (or both 1, the 1×1 grid), and the side is at most 64.
    pub fn from_boxes(rows: usize, columns: usize) -> Result<Shape, RuleError> {
        let side = rows.saturating_mul(columns);
        let fits = (rows == 1 && columns == 1) || (rows >= 2 && columns >= 2 && side <= MAX_SIZE);
        if fits {
            Ok(Shape::new(side, rows, columns))
        } else {
            Err(RuleErrorKind::BadBox {
                rows,
                columns,
                size: None,
            }
            .into())
        }
    }

    /// The shape of side `n` with `rows × columns` boxes, which must tile it.
    pub fn with_boxes(n: usize, rows: usize, columns: usize) -> Result<Shape, RuleError> {
        Shape::from_size(n)?;
        if rows.saturating_mul(columns) != n {
            return Err(RuleErrorKind::BadBox {
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
    ) -> Result<Option<Shape>, RuleError> {
        match (size, boxes) {
            (None, None) => Ok(None),
            (Some(n), None) => Shape::from_size(n).map(Some),
            (None, Some((rows, columns))) => Shape::from_boxes(rows, columns).map(Some),
            (Some(n), Some((rows, columns))) => Shape::with_boxes(n, rows, columns).map(Some),
        }
    }

    /// The usual shape of side `n`: the squarest boxes, the wide side horizontal (6 has
    /// 2×3 boxes, 12 has 3×4, 9 has 3×3). A side of 2, 3 or a prime has no box shape.
    pub fn from_size(n: usize) -> Result<Shape, RuleError> {
        if n == 1 {
            return Ok(Shape::new(1, 1, 1));
        }
        Shape::box_shapes(n)
            .last()
            .ok_or_else(|| RuleErrorKind::BadSize { size: n }.into())
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
            .min_by_key(|s| s.cell_count().abs_diff(cells))
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

    /// The jigsaw of side `n` whose regions are its rows: a stand-in where only a jigsaw's
    /// side (and extra units) matter, as what a generator asked for new regions or a reader
    /// asked for a side with no boxes is judged by; never a grid to solve (its regions
    /// repeat its rows). Errors as [`Shape::with_regions`].
    pub fn jigsaw_of_rows(n: usize) -> Result<Shape, Error> {
        let rows: Vec<u8> = (0..n * n).map(|cell| (cell / n) as u8).collect();
        Shape::with_regions(n, &rows)
    }

    /// The shape of side `n` (1 to 64, primes included) whose boxes are jigsaw regions:
    /// `regions[cell]` names the region of each cell, row-major, any n distinct numbers
    /// each used by n cells. Regions need not be connected. The numbering is normalised
    /// (regions count from 0 in reading order of their first cell), so two lists that
    /// draw the same regions make equal shapes.
    ///
    /// Errors: [`RuleErrorKind::BadSize`] for a side over 64, [`ReadErrorKind::CellCount`] when
    /// the list is not n² long, [`RuleErrorKind::BadRegions`] when the regions are not n of
    /// n cells (naming the first cell of the first region that is not).
    pub fn with_regions(n: usize, regions: &[u8]) -> Result<Shape, Error> {
        if n == 0 || n > MAX_SIZE {
            return Err(RuleErrorKind::BadSize { size: n }.into());
        }
        if regions.len() != n * n {
            return Err(ReadErrorKind::CellCount {
                found: regions.len(),
                expected: None,
                row: None,
                words: None,
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
                    return Err(RuleErrorKind::BadRegions {
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
            return Err(RuleErrorKind::BadRegions {
                cell: first_cell[bad],
                cells: count[bad],
                size: n,
                found: count.len(),
            }
            .into());
        }
        if count.len() != n {
            return Err(RuleErrorKind::BadRegions {
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
            regions: Some(intern(&REGION_LISTS, normal.into_boxed_slice())),
            cages: None,
        })
    }

    /// This shape with both main diagonals as units too (X-Sudoku). Sides of 4 and up.
    pub fn with_diagonals(self) -> Result<Shape, RuleError> {
        if self.size() < 4 {
            return Err(RuleErrorKind::BadVariant {
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
    pub fn with_windows(self) -> Result<Shape, RuleError> {
        if !self.has_square_boxes() || self.size() < 4 {
            return Err(RuleErrorKind::BadVariant {
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
    /// Errors: [`RuleErrorKind::BadCage`] when the cages are for another side.
    pub fn with_cages(self, cages: Cages) -> Result<Shape, RuleError> {
        if cages.size() != self.size() {
            return Err(RuleErrorKind::BadVariant {
                variant: "killer",
                shape: self,
                reason: "variant-killer-side",
            }
            .into());
        }
        Ok(Shape {
            cages: Some(intern(&CAGE_SETS, Box::new(cages))),
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

    /// True for a plain grid: r×c boxes in bands and stacks ([`Shape::has_box_grid`]) with
    /// the rows, columns and boxes as its only constraints ([`Shape::has_only_basic_units`]).
    /// The band-and-stack arguments (box-line interactions from bands, the uniqueness
    /// techniques, the diagonal-box fill, the search limits tuned on classic grids) hold here.
    #[inline]
    pub fn is_plain(self) -> bool {
        self.has_box_grid() && self.has_only_basic_units()
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
    pub fn cell_count(self) -> usize {
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
            Unit::Region(b) => (0..self.cell_count())
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
    pub(super) fn is(self, other: Shape) -> bool {
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
    /// already have them. Errors: [`RuleErrorKind::BadVariant`].
    pub fn apply(self, shape: Shape) -> Result<Shape, RuleError> {
        if self.jigsaw && !shape.is_jigsaw() {
            return Err(RuleErrorKind::BadVariant {
                variant: "jigsaw",
                shape,
                reason: "variant-jigsaw-given",
            }
            .into());
        }
        if self.killer && !shape.has_cages() {
            return Err(RuleErrorKind::BadVariant {
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

/// The region lists a program has met: a few, each n² bytes.
static REGION_LISTS: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());
/// The sets of cages a program has met.
static CAGE_SETS: Mutex<Vec<&'static Cages>> = Mutex::new(Vec::new());

/// Keeps one copy of each value in `kept` for the whole program ([`REGION_LISTS`],
/// [`CAGE_SETS`]), so shapes stay `Copy` and compare by content.
fn intern<T: PartialEq + ?Sized>(kept: &Mutex<Vec<&'static T>>, value: Box<T>) -> &'static T {
    let mut kept = kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = kept.iter().rev().find(|k| ***k == *value) {
        return found;
    }
    let leaked: &'static T = Box::leak(value);
    kept.push(leaked);
    #[cfg(test)]
    KEPT_HERE.with(|count| count.set(count.get() + 1));
    leaked
}

#[cfg(test)]
thread_local! {
    /// Values this thread has added to the program's kept lists: what a piece of work
    /// left behind for good, counted apart from the other tests' threads.
    static KEPT_HERE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many region lists and cage sets this thread has added for good ([`intern`]).
#[cfg(test)]
pub(crate) fn kept_here() -> usize {
    KEPT_HERE.with(std::cell::Cell::get)
}
