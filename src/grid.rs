//! Grid shapes and grids: an n×n Sudoku made of k×k boxes, n = k², k = 1..8.
//!
//! Cells are numbered row-major, `cell = row * n + column`, from 0. A cell holds 0 when
//! empty, else a symbol `1..=n`. The text forms (one character per cell) live in
//! [`crate::parse`] and [`crate::format`].

use crate::error::{Error, ErrorKind, Unit};

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
        let n = shape.size();
        for unit in 0..3 * n {
            let mut seen = [usize::MAX; MAX_SIZE + 1];
            for cell in shape.unit_cells(unit) {
                let v = self.cells[cell] as usize;
                if v == 0 {
                    continue;
                }
                if seen[v] != usize::MAX {
                    let kind = match unit / n {
                        0 => Unit::Row(unit),
                        1 => Unit::Column(unit - n),
                        _ => Unit::Box(unit - 2 * n),
                    };
                    return Some(
                        ErrorKind::Clash {
                            shape,
                            first: seen[v],
                            second: cell,
                            symbol: v as u8,
                            unit: kind,
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
