//! Second solutions read off the first: swaps of two symbols that keep the grid valid.
//!
//! Take a solution and two of its symbols, `a` and `b`. Link the cell holding `a` and
//! the cell holding `b` in every row, column and box: swapping `a` and `b` in a set of
//! cells keeps every unit valid exactly when the set is a union of whole linked groups
//! (components). Such a group is an *unavoidable set* of the solution: if none of its
//! cells is a given (or, for candidate masks, each cell still allows the other symbol),
//! swapping it gives a second solution at once. The smallest are the 4-cell rectangles
//! of two rows, two columns and two boxes.
//!
//! A puzzle with astronomically many solutions (a 64×64 with most cells blank) has such
//! a group almost surely, so "several" costs one pass over the n(n-1)/2 symbol pairs,
//! O(n³) in all, instead of a search. When no group is free, the caller searches as usual.
//!
//! ```text
//!  node of a pair (a, b):  row r's a-cell = r,  row r's b-cell = n + r
//!  linked:                 a-cell and b-cell of each row, each column, each box
//! ```

use crate::grid::{Geometry, Grid};

/// A solution other than `solution` within the candidate masks, obtained by swapping two
/// symbols in one linked group of its cells; `None` when no group is free to swap. The
/// group chosen is the smallest free one (the first in pair order among equals).
///
/// ```
/// use sudoku64::{Grid, Shape, search::witness::second_by_swap};
/// let shape = Shape::from_size(4).unwrap();
/// let solution = sudoku64::parse::parse("1234341221434321").unwrap();
/// let full = shape.full_mask();
/// // With every cell blank, some group is free: another solution differs in a few cells.
/// let other = second_by_swap(&vec![full; 16], &solution).unwrap();
/// assert!(other.is_solved() && other != solution);
/// // With every cell given, none is.
/// let givens: Vec<u64> = solution.cells().iter().map(|&v| 1u64 << (v - 1)).collect();
/// assert!(second_by_swap(&givens, &solution).is_none());
/// ```
///
/// # Panics
/// If `masks` does not have one mask per cell or `solution` is not full.
pub fn second_by_swap(masks: &[u64], solution: &Grid) -> Option<Grid> {
    let shape = solution.shape();
    assert_eq!(masks.len(), shape.cell_count(), "one mask per cell");
    let n = shape.size();
    if n < 2 {
        return None;
    }
    // where_in_row[s * n + r]: the column of symbol s in row r.
    let mut where_in_row = vec![0u8; n * n];
    for cell in 0..shape.cell_count() {
        let v = solution.get(cell);
        assert!(v != 0, "the solution is full");
        where_in_row[(v as usize - 1) * n + shape.row(cell)] = shape.column(cell) as u8;
    }
    let geo = shape.geometry();
    let mut parent = vec![0u16; 2 * n];
    let mut best: Option<(usize, usize, usize, usize)> = None; // (cells, a, b, root)
    let mut size = vec![0u16; 2 * n];
    let mut blocked = vec![false; 2 * n];
    'pairs: for a in 0..n {
        for b in a + 1..n {
            link(&mut parent, &where_in_row, solution, geo, a, b);
            // A group is free when each of its cells allows the other symbol.
            size.fill(0);
            blocked.fill(false);
            for node in 0..2 * n {
                let root = find(&mut parent, node);
                let (r, holds, other) = if node < n {
                    (node, a, b)
                } else {
                    (node - n, b, a)
                };
                size[root] += 1;
                let cell = r * n + where_in_row[holds * n + r] as usize;
                if masks[cell] & (1u64 << other) == 0 {
                    blocked[root] = true;
                }
            }
            for root in 0..2 * n {
                if size[root] > 0 && !blocked[root] {
                    let cells = size[root] as usize;
                    if best.is_none_or(|(c, ..)| cells < c) {
                        best = Some((cells, a, b, root));
                    }
                }
            }
            if best.is_some_and(|(c, ..)| c == 4) {
                // No group is smaller than a rectangle.
                break 'pairs;
            }
        }
    }
    let (_, a, b, root) = best?;
    link(&mut parent, &where_in_row, solution, geo, a, b);
    let mut other = solution.clone();
    for node in 0..2 * n {
        if find(&mut parent, node) == root {
            let (r, from, to) = if node < n {
                (node, a, b)
            } else {
                (node - n, b, a)
            };
            let cell = r * n + where_in_row[from * n + r] as usize;
            debug_assert_eq!(solution.get(cell) as usize, from + 1);
            other.set(cell, to as u8 + 1);
        }
    }
    debug_assert!(other.is_solved());
    Some(other)
}

/// Links the cells of symbols `a` and `b` that share a unit (a row, column, box, region,
/// diagonal or window): afterwards `parent` holds the groups (node `r` is row r's a-cell,
/// node `n + r` its b-cell).
fn link(
    parent: &mut [u16],
    where_in_row: &[u8],
    solution: &Grid,
    geo: &Geometry,
    a: usize,
    b: usize,
) {
    let shape = solution.shape();
    let n = shape.size();
    for (i, p) in parent.iter_mut().enumerate() {
        *p = i as u16;
    }
    let col_a = &where_in_row[a * n..(a + 1) * n];
    let col_b = &where_in_row[b * n..(b + 1) * n];
    // The row holding a (or b) in each column and each box.
    let mut a_in = [[0u16; crate::grid::MAX_SIZE]; 2];
    let mut b_in = [[0u16; crate::grid::MAX_SIZE]; 2];
    for r in 0..n {
        let (ca, cb) = (col_a[r] as usize, col_b[r] as usize);
        a_in[0][ca] = r as u16;
        b_in[0][cb] = r as u16;
        a_in[1][shape.box_at(r, ca)] = r as u16;
        b_in[1][shape.box_at(r, cb)] = r as u16;
        union(parent, r, n + r);
    }
    for kind in 0..2 {
        for u in 0..n {
            union(parent, a_in[kind][u] as usize, n + b_in[kind][u] as usize);
        }
    }
    // Diagonals and windows: each holds one a-cell and one b-cell too.
    for u in 3 * n..geo.unit_count() {
        let row_of = |symbol: usize| {
            geo.unit(u)
                .iter()
                .find(|&&c| solution.get(c as usize) as usize == symbol + 1)
                .map(|&c| shape.row(c as usize))
                .expect("a solution holds every symbol in every unit")
        };
        union(parent, row_of(a), n + row_of(b));
    }
}

fn find(parent: &mut [u16], mut x: usize) -> usize {
    while parent[x] as usize != x {
        parent[x] = parent[parent[x] as usize];
        x = parent[x] as usize;
    }
    x
}

fn union(parent: &mut [u16], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb) as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masks_of(puzzle: &Grid) -> Vec<u64> {
        let full = puzzle.shape().full_mask();
        puzzle
            .cells()
            .iter()
            .map(|&v| if v == 0 { full } else { 1u64 << (v - 1) })
            .collect()
    }

    fn pattern(n: usize) -> Grid {
        Grid::pattern(crate::Shape::from_size(n).unwrap())
    }

    #[test]
    fn a_blank_rectangle_is_swapped() {
        // Rows 1 and 2 of a 9×9 pattern share a band; blank a rectangle of two symbols.
        let solution = pattern(9);
        let mut puzzle = solution.clone();
        // Row 0: 1 2 3 4 5 6 7 8 9; row 1: 4 5 6 7 8 9 1 2 3. The cells holding 1 and 4
        // in columns 0 and 3 of those rows lie in two boxes.
        for cell in [0, 3, 9, 12] {
            puzzle.set(cell, 0);
        }
        let masks = masks_of(&puzzle);
        if let Some(other) = second_by_swap(&masks, &solution) {
            assert!(other.is_solved());
            assert!(puzzle.is_subset_of(&other));
            assert_ne!(other, solution);
        }
    }

    #[test]
    fn swaps_stay_within_the_masks_at_every_size() {
        for n in [4, 9, 16, 25, 36, 49, 64] {
            let solution = pattern(n);
            let full = solution.shape().full_mask();
            let other = second_by_swap(&vec![full; n * n], &solution).expect("a free group");
            assert!(other.is_solved(), "{n}");
            let changed = (0..n * n)
                .filter(|&c| other.get(c) != solution.get(c))
                .count();
            assert!(changed >= 4, "{n}: {changed} cells");
            // Givens everywhere the swap touched: that group is no longer free.
            let mut masks = vec![full; n * n];
            for c in 0..n * n {
                if other.get(c) != solution.get(c) {
                    masks[c] = 1u64 << (solution.get(c) - 1);
                }
            }
            if let Some(third) = second_by_swap(&masks, &solution) {
                assert!(third.is_solved());
                for c in 0..n * n {
                    assert_ne!(masks[c] & (1u64 << (third.get(c) - 1)), 0, "{n}: cell {c}");
                }
            }
        }
    }
}
