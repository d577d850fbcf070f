//! Sudoku symmetries: transformations that map every valid grid to a valid grid.
//!
//! Relabelling symbols, permuting rows within a band, bands among themselves, columns
//! within a stack, stacks among themselves, and (for square boxes) transposing all keep
//! a puzzle's solution count. Benchmarks apply a random one to each puzzle, since stored puzzle
//! lists often share an orientation that flatters some solvers.

use rand::{Rng, RngExt};

use crate::grid::Grid;

/// A random permutation of `0..len`, from the given RNG.
pub fn permutation(len: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut p: Vec<usize> = (0..len).collect();
    for i in (1..len).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        p.swap(i, j);
    }
    p
}

/// The grid under a random Sudoku symmetry (relabelling, row and column permutations
/// within the rules, and transposition half the time).
pub fn random_symmetry(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let shape = grid.shape();
    let n = shape.size();
    // Lines of `width` permuted within their groups, and the groups among themselves.
    let lines = |width: usize, rng: &mut _| -> Vec<usize> {
        let groups = permutation(n / width, rng);
        let mut order = Vec::with_capacity(n);
        for &g in &groups {
            order.extend(permutation(width, rng).into_iter().map(|i| g * width + i));
        }
        order
    };
    let rows = lines(shape.box_rows(), rng);
    let cols = lines(shape.box_columns(), rng);
    let labels = permutation(n, rng);
    // Transposing turns r×c boxes into c×r ones: only square boxes allow it.
    let transpose = shape.has_square_boxes() && rng.random_range(0..2u32) == 1;
    let mut out = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            let v = grid.get(shape.cell(sr, sc));
            out.set(
                shape.cell(r, c),
                if v == 0 {
                    0
                } else {
                    labels[v as usize - 1] as u8 + 1
                },
            );
        }
    }
    out
}
