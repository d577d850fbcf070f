//! Sudoku symmetries: transformations that map every valid grid to a valid grid.
//!
//! Relabelling symbols, permuting rows within a band, bands among themselves, columns
//! within a stack, stacks among themselves, and (for square boxes) transposing all keep
//! a puzzle's solution count. Benchmarks apply a random one to each puzzle, since stored puzzle
//! lists often share an orientation that flatters some solvers.
//!
//! Diagonals, windows and jigsaw regions allow fewer: a transformation must map every
//! unit onto a unit of the same layout. Those grids get a relabelling, one of the eight
//! turns and reflections of the square that keeps the layout, and for X with square
//! boxes the same permutation of rows and of columns, one that keeps the bands and
//! commutes with reading the lines backwards (so both diagonals stay diagonals).

use rand::{Rng, RngExt};

use crate::grid::{Grid, Shape};

/// A random permutation of `0..len`, from the given RNG.
pub fn permutation(len: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut p: Vec<usize> = (0..len).collect();
    shuffle(&mut p, rng);
    p
}

/// Puts `items` in a random order (Fisher–Yates), from the given RNG.
pub fn shuffle(items: &mut [usize], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

/// The grid under a random Sudoku symmetry (relabelling, row and column permutations
/// within the rules, and transposition half the time), in the same shape. With
/// diagonals, windows or jigsaw regions only transformations that keep the layout are
/// drawn (see the module notes), so the grid stays valid in its shape and its puzzle
/// keeps its solution count.
pub fn random_symmetry(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let shape = grid.shape();
    if !shape.is_plain() {
        return layout_symmetry(grid, rng);
    }
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

/// A turn or reflection of the n×n square: `(n, row, column)` to the row and column the
/// cell goes to.
type Turn = fn(usize, usize, usize) -> (usize, usize);

/// The eight turns and reflections of the square; the last four swap rows with columns.
const TURNS: [Turn; 8] = [
    |_, r, c| (r, c),
    |n, r, c| (n - 1 - r, n - 1 - c),
    |n, r, c| (r, n - 1 - c),
    |n, r, c| (n - 1 - r, c),
    |_, r, c| (c, r),
    |n, r, c| (n - 1 - c, n - 1 - r),
    |n, r, c| (c, n - 1 - r),
    |n, r, c| (n - 1 - c, r),
];

/// True when `turn` (row and column to row and column) maps every jigsaw region onto a
/// region: the cells of each region all land in one region. (A bijection of the cells
/// that sends each region of n cells into one region of n cells sends it onto it.)
pub fn maps_regions_onto_regions(
    n: usize,
    regions: &[u8],
    turn: impl Fn(usize, usize) -> (usize, usize),
) -> bool {
    let mut image = [u8::MAX; 256];
    (0..n * n).all(|cell| {
        let (r, c) = turn(cell / n, cell % n);
        let to = regions[r * n + c];
        let from = &mut image[regions[cell] as usize];
        if *from == u8::MAX {
            *from = to;
        }
        *from == to
    })
}

/// The turns and reflections that keep a shape's layout. On a box grid the four that
/// keep rows as rows always do (boxes tile the square evenly; each maps the diagonals
/// onto the diagonals and windows onto windows), and the four that swap rows with
/// columns need square boxes. A jigsaw keeps those that map its regions onto regions.
fn layout_turns(shape: Shape) -> Vec<Turn> {
    let n = shape.size();
    TURNS
        .into_iter()
        .enumerate()
        .filter(|&(i, turn)| match shape.regions() {
            Some(regions) => maps_regions_onto_regions(n, regions, |r, c| turn(n, r, c)),
            None => i < 4 || shape.has_square_boxes(),
        })
        .map(|(_, turn)| turn)
        .collect()
}

/// For X with square k×k boxes: a random permutation σ of the lines that keeps the
/// bands and commutes with reversal (`σ(n-1-i) = n-1-σ(i)`), so that applied to both rows
/// and columns it maps each diagonal onto a diagonal. Bands are paired with their
/// mirror images, the pairs shuffled and each maybe swapped, and the rows within each
/// band permuted, its mirror band's rows the mirror way. Elsewhere the identity.
fn diagonal_keeping_lines(shape: Shape, rng: &mut impl Rng) -> Vec<usize> {
    let n = shape.size();
    if !(shape.has_diagonals() && !shape.has_windows() && shape.has_square_boxes()) {
        return (0..n).collect();
    }
    let k = shape.box_rows();
    let pairs = k / 2;
    let mut band_to = vec![0; k];
    for (p, &q) in permutation(pairs, rng).iter().enumerate() {
        let swap = rng.random_range(0..2u32) == 1;
        let (a, b) = if swap { (k - 1 - q, q) } else { (q, k - 1 - q) };
        band_to[p] = a;
        band_to[k - 1 - p] = b;
    }
    if k % 2 == 1 {
        band_to[pairs] = pairs;
    }
    let mut sigma = vec![0; n];
    for b in 0..k.div_ceil(2) {
        let mirror = k - 1 - b;
        // The middle band of an odd k is its own mirror: its rows are permuted in pairs.
        let within = if b == mirror {
            let mut w = vec![0; k];
            for (p, &q) in permutation(k / 2, rng).iter().enumerate() {
                let swap = rng.random_range(0..2u32) == 1;
                let (x, y) = if swap { (k - 1 - q, q) } else { (q, k - 1 - q) };
                w[p] = x;
                w[k - 1 - p] = y;
            }
            if k % 2 == 1 {
                w[k / 2] = k / 2;
            }
            w
        } else {
            permutation(k, rng)
        };
        for i in 0..k {
            sigma[b * k + i] = band_to[b] * k + within[i];
            sigma[mirror * k + (k - 1 - i)] = band_to[mirror] * k + (k - 1 - within[i]);
        }
    }
    sigma
}

/// [`random_symmetry`] for grids with diagonals, windows or jigsaw regions.
fn layout_symmetry(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let shape = grid.shape();
    let n = shape.size();
    let turns = layout_turns(shape);
    let turn = turns[rng.random_range(0..turns.len() as u32) as usize];
    let sigma = diagonal_keeping_lines(shape, rng);
    let labels = permutation(n, rng);
    let mut out = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = turn(n, sigma[r], sigma[c]);
            let v = grid.get(shape.cell(sr, sc));
            if v != 0 {
                out.set(shape.cell(r, c), labels[v as usize - 1] as u8 + 1);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Every unit of the transformed full grid holds every symbol, for each kind of
    /// layout, and the transformations are not all the identity.
    #[test]
    fn variants_stay_valid_under_their_symmetries() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut shapes = Vec::new();
        for k in [2, 3, 4, 5] {
            let s = Shape::from_box(k).unwrap();
            shapes.push(s.with_diagonals().unwrap());
            shapes.push(s.with_windows().unwrap());
            shapes.push(s.with_diagonals().unwrap().with_windows().unwrap());
        }
        shapes.push(Shape::from_size(6).unwrap().with_diagonals().unwrap());
        // A pinwheel of four regions, which the quarter turns map onto itself.
        let pinwheel = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        shapes.push(Shape::with_regions(4, &pinwheel).unwrap());
        for shape in shapes {
            // A valid full grid of the shape, found by the search.
            let full = crate::search::solve_one(&Grid::empty(shape))
                .unwrap_or_else(|| panic!("{shape} has a grid"));
            let mut moved = 0;
            for _ in 0..20 {
                let t = random_symmetry(&full, &mut rng);
                assert_eq!(t.shape(), shape);
                assert!(t.is_solved(), "{shape}");
                let relabelled_only = (0..shape.cell_count()).all(|c| {
                    (0..shape.cell_count())
                        .all(|d| (full.get(c) == full.get(d)) == (t.get(c) == t.get(d)))
                });
                moved += usize::from(!relabelled_only);
            }
            // (The pinwheel's grid may map onto itself, relabelled, under its turns.)
            assert!(moved > 0 || shape.is_jigsaw(), "{shape}: only relabellings");
        }
    }

    #[test]
    fn the_x_line_permutation_commutes_with_reversal() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for k in [2, 3, 4, 5, 8] {
            let shape = Shape::from_box(k).unwrap().with_diagonals().unwrap();
            let n = k * k;
            for _ in 0..10 {
                let sigma = diagonal_keeping_lines(shape, &mut rng);
                let mut sorted = sigma.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
                for i in 0..n {
                    assert_eq!(sigma[n - 1 - i], n - 1 - sigma[i], "{k}: {sigma:?}");
                    // Rows of one band stay together.
                    assert_eq!(sigma[i] / k, sigma[i - i % k] / k);
                }
            }
        }
    }

    #[test]
    fn regions_are_mapped_by_their_turns_only() {
        let rows: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        let turns = |regions: &[u8]| {
            TURNS
                .iter()
                .filter(|t| maps_regions_onto_regions(4, regions, |r, c| t(4, r, c)))
                .count()
        };
        // Rows: the four turns that keep rows as rows.
        assert_eq!(turns(&rows), 4);
        let bent = [
            0, 0, 0, 1, //
            2, 0, 1, 1, //
            2, 2, 3, 1, //
            2, 3, 3, 3,
        ];
        // A pinwheel: the four rotations, no reflection.
        assert_eq!(turns(&bent), 4);
        assert!(!maps_regions_onto_regions(4, &bent, |r, c| (c, r)));
    }
}
