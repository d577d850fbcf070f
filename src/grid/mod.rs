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
//!
//! The shape and its variants live in `shape`, the unit tables in `geometry`; this file
//! holds the grid itself.

mod geometry;
mod shape;
#[cfg(test)]
mod tests;

pub use geometry::{Geometry, Overlap, Unit};
#[cfg(test)]
pub(crate) use shape::kept_here;
pub use shape::{MAX_SIZE, MAX_UNITS_PER_CELL, Shape, Variants};

use crate::error::{Error, ReadErrorKind, RuleError, RuleErrorKind};

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
            cells: vec![0; shape.cell_count()],
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
        let cells = (0..shape.cell_count())
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
        if cells.len() != shape.cell_count() {
            return Err(ReadErrorKind::CellCount {
                found: cells.len(),
                expected: Some(shape),
                row: None,
                words: None,
            }
            .into());
        }
        if let Some(cell) = cells.iter().position(|&v| v as usize > shape.size()) {
            let n = shape.size();
            return Err(RuleErrorKind::SymbolValue {
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
    pub fn first_clash(&self) -> Option<RuleError> {
        self.first_unit_clash()
            .or_else(|| self.shape.cages().and_then(|c| c.first_broken(&self.cells)))
    }

    fn first_unit_clash(&self) -> Option<RuleError> {
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
                        RuleErrorKind::Clash {
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
