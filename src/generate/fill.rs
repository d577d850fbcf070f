//! Full grids to dig from: a random fill for every layout (random diagonal boxes first up
//! to 36×36; the conflict-driven search for a layout whose depth-first fill keeps
//! restarting, and for windoku at 25×25), windoku grids built from Latin squares from
//! 36×36 up, and grids that follow a symmetry of the grid itself, for the symmetries whose
//! orbits need them at large sizes.

use super::*;
use crate::error::RuleErrorKind;

/// The largest size whose random full grids start from random diagonal boxes. From
/// 49×49 up that start makes the completion heavy-tailed (20 grids of 64×64: 17.2 s in
/// all and 6.1 s for the worst, against 4.6 s and 1.1 s from an empty grid; at 49×49
/// 2.3 s and 0.36 s against 0.64 s and 0.10 s), and the randomised search alone is
/// random enough.
pub(super) const DIAGONAL_BOXES_UP_TO: usize = 36;

/// How a fill ended ([`random_full_grid`]).
pub(super) enum Fill {
    /// A full grid, and the restarts it took.
    Full(Grid, u32),
    /// The deadline dropped the candidate.
    Late,
    /// A search from the empty grid ended without a grid: the layout has none.
    NoGrid,
}

/// The layout whose full grid new jigsaw regions are drawn around
/// ([`crate::jigsaw::reshape_around`]), with the diagonals of `asked` if it has them: the
/// side's usual boxes, or for a side without (a prime) bricks two rows high
/// ([`crate::jigsaw::bricks`]; rows would not trade: their middle cells cannot leave).
pub(crate) fn first_layout(asked: Shape) -> Result<Shape, Error> {
    let n = asked.size();
    match Shape::from_size(n) {
        Ok(boxes) if boxes.box_rows() > 1 => Ok(with_extras_of(boxes, asked)?),
        _ => Ok(with_extras_of(
            Shape::with_regions(n, &crate::jigsaw::bricks(n))?,
            asked,
        )?),
    }
}

/// The error for a layout that admits no full grid, named by its variant.
pub(super) fn no_grid(shape: Shape) -> Error {
    let variant = if shape.is_jigsaw() {
        "jigsaw"
    } else if shape.has_windows() {
        "windoku"
    } else {
        "x"
    };
    RuleErrorKind::BadVariant {
        variant,
        shape,
        reason: "variant-no-grid",
    }
    .into()
}

/// A random full grid: on plain grids up to [`DIAGONAL_BOXES_UP_TO`] random diagonal
/// boxes first, then a randomised search that restarts with a new seed and a doubled
/// node limit when it gets stuck (at 9×9, the band solver completes them, under a random
/// symmetry). Diagonals and windows tie the diagonal boxes together, and jigsaws have
/// none: there the search starts from the empty grid, so a search that ends without a
/// grid proves there is none.
pub(super) fn random_full_grid(
    solver: &mut Solver<'_>,
    rng: &mut Xoshiro256PlusPlus,
    ticker: &Ticker<'_, '_>,
) -> Result<Fill, Error> {
    let shape = solver.shape();
    let n = shape.size();
    if builds_windoku(shape) {
        return Ok(Fill::Full(built_windoku_grid(shape, rng), 0));
    }
    if large_windoku(shape) {
        return conflict_driven_fill(shape, rng, ticker, 0);
    }
    let unit = FILL_LIMIT_UNIT * shape.cell_count() as u64;
    for restarts in 0.. {
        if restarts == CONFLICT_DRIVEN_FILL_AFTER && !shape.is_plain() {
            return conflict_driven_fill(shape, rng, ticker, restarts);
        }
        let limit = luby(u64::from(restarts)).saturating_mul(unit);
        let mut grid = Grid::empty(shape);
        // The boxes of band i and stack i share no row and no column: each can take any
        // order of the symbols.
        let boxes = if n <= DIAGONAL_BOXES_UP_TO && shape.is_plain() {
            shape.bands().min(shape.stacks())
        } else {
            0
        };
        let c = shape.box_columns();
        for i in 0..boxes {
            let (top, left) = shape.box_origin(i * shape.stacks() + i);
            let symbols = permutation(n, rng);
            for (j, s) in symbols.into_iter().enumerate() {
                grid.set(shape.cell(top + j / c, left + j % c), s as u8 + 1);
            }
        }
        if band::supports(shape) {
            // Any three diagonal boxes complete, and the band solver does it in a few
            // microseconds; a random symmetry then spreads its fixed order of guesses.
            let full = band::count_up_to(&grid, 1)
                .first
                .expect("diagonal boxes complete");
            return Ok(Fill::Full(random_symmetry(&full, rng), restarts));
        }
        solver.load(&grid);
        match complete_at_random(solver, rng, limit, ticker)? {
            Completion::Full(grid) => return Ok(Fill::Full(grid, restarts)),
            Completion::Late => return Ok(Fill::Late),
            Completion::Exhausted if boxes == 0 => return Ok(Fill::NoGrid),
            Completion::Stuck | Completion::Exhausted => {}
        }
    }
    unreachable!("the restart loop only ends by returning")
}

/// The smallest side whose windoku grids (with X or without) come from the conflict-driven
/// search at once ([`conflict_driven_fill`]), or from 36×36 up are built
/// ([`built_windoku_grid`]); neither kind follows a symmetry. The depth-first fill took
/// 225 restarts and 10 s for 25×25 windoku seed 2, over two minutes for seed 1, and over
/// 30 s for 25×25 X + windoku on each of seeds 1–3; the conflict-driven search fills them
/// in 30–100 ms and 0.3–0.4 s. (X + windoku above 25×25 is not made: see
/// [`crate::generate::X_WINDOKU_MOST`].)
pub(super) const CONFLICT_DRIVEN_WINDOKU_FROM: usize = 25;

/// Whether the layout is a windoku whose random full grids come from the conflict-driven
/// search or a construction, not the depth-first fill (windows from
/// [`CONFLICT_DRIVEN_WINDOKU_FROM`] up), and so never follow a symmetry.
fn large_windoku(shape: Shape) -> bool {
    shape.has_windows() && shape.size() >= CONFLICT_DRIVEN_WINDOKU_FROM
}

/// The smallest side whose windoku grids (without diagonals) are built
/// ([`built_windoku_grid`]) rather than searched for: at 36×36 neither the depth-first
/// search (ten minutes) nor the conflict-driven one (a minute, or 3–50 s from a built
/// grid with 5–30% of its cells kept) found a grid in time.
pub(super) const WINDOKU_BUILT_FROM: usize = 36;

/// Whether a layout's random full grids come from [`built_windoku_grid`].
pub(super) fn builds_windoku(shape: Shape) -> bool {
    shape.has_windows()
        && !shape.has_diagonals()
        && !shape.has_cages()
        && shape.size() >= WINDOKU_BUILT_FROM
}

/// A random windoku grid of k×k boxes, built rather than searched for.
///
/// A line (row or column) `x` lies in band `x / k` at place `x % k`, and in one window
/// group: `g(x)`, the j-th band of windows (its k lines hold every place once), or k − 1
/// for the k lines outside every window (line `(k+1)j`, place j of band j). Within band
/// `R` the places below `R` lie in window group `R − 1`, place `R` outside, the places
/// above `R` in group `R`. The cell at row `(R, p)`, column `(C, q)` holds the pair
/// `(A_R[p][g(c)], B_C[R][q])` of values below k, one of the n = k² symbols, where `A_0`
/// and `B_0` are random Latin squares, `A_{R+1}` is `A_R` with its rows permuted within
/// the places `0..=R` and within the rest, and `B_{C+1}` is `B_C` with its columns
/// permuted likewise within `0..=C` and the rest. Then:
/// - in a row, the columns' `(g, q)` differ; two with the same `g < k − 1` lie in stacks
///   `g` (above place `g`) and `g + 1` (at or below it), whose values of B differ because
///   `B_{g+1}` keeps each row's values at places `0..=g`; two outside columns `(C, C)` and
///   `(D, D)` have `B_C[R][C] ≠ B_D[R][D]`, as `B_C`'s value at place C came from a place
///   the later permutations keep apart from every earlier stack's;
/// - in a column, the band fixes the second half and the place the first;
/// - in a box, the column fixes the second half and the place the first;
/// - in a window, `g(c)` is fixed, and the rows' first halves differ because `A_{R+1}`
///   keeps each column's values at places `0..=R` (the window's rows in band `R + 1`);
///   then the row fixes the first half and the columns' second halves differ likewise.
///
/// The Latin squares are `(x + y) mod k` over shuffled lines, so each `A_R` is a row order
/// per band plus a shift per window group, and each `B_C` a shift per band plus a column
/// order per stack; shuffling each order's places below and above its own index shuffles
/// the lines within their band and window group. The grid is then relabelled and turned
/// at random ([`random_symmetry`]). Such grids are a small family beside all windoku
/// grids: runs of three symbols recur from row to row 8 to 14 times as often as in a
/// searched grid (bench/HISTORY.md, "2026-11-29, late"). Digging, in a plain random order
/// (`dig`), makes the puzzles.
pub(super) fn built_windoku_grid(shape: Shape, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let k = shape.box_rows();
    let n = k * k;
    let (row_orders, column_orders) = (chained_orders(k, rng), chained_orders(k, rng));
    let (shifts, offsets) = (permutation(k, rng), permutation(k, rng));
    let mut grid = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let high = (row_orders[r] + shifts[window_group(k, c)]) % k;
            let low = (offsets[r / k] + column_orders[c]) % k;
            grid.set(shape.cell(r, c), (high * k + low + 1) as u8);
        }
    }
    debug_assert!(grid.is_solved(), "a built windoku grid breaks a unit");
    random_symmetry(&grid, rng)
}

/// The window group of line `x` of a grid with k×k boxes: `j` for the k lines of the j-th
/// band of windows, k − 1 for the k lines outside every window.
fn window_group(k: usize, x: usize) -> usize {
    if x % (k + 1) == 0 { k - 1 } else { x / (k + 1) }
}

/// k orders of `0..k`, one after another: a random first, and each next one the one
/// before with its first i places shuffled among themselves and the rest likewise; then
/// in order i the places below i shuffled, and those above it.
fn chained_orders(k: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    let mut orders = permutation(k, rng);
    for i in 1..k {
        let mut next = orders[(i - 1) * k..i * k].to_vec();
        shuffle(&mut next[..i], rng);
        shuffle(&mut next[i..], rng);
        orders.extend(next);
    }
    // The same as shuffling the lines within their band and window group (the places
    // below i, and those above it): the sets the chain keeps stay as they were.
    for (i, order) in orders.chunks_mut(k).enumerate() {
        shuffle(&mut order[..i], rng);
        shuffle(&mut order[i + 1..], rng);
    }
    orders
}

/// The restarts of a random fill of a layout that is not plain before the conflict-driven
/// search takes over ([`conflict_driven_fill`]). Most fills need none (9×9 and 16×16 X,
/// windoku and jigsaw, X from 25×25 to 49×49: at most 1 to 4), and the depth-first
/// search's grids are random from the first cell; but 25×25 X + windoku took more than
/// 30 s on each of three seeds, where the conflict-driven search fills one in 40 ms.
pub(super) const CONFLICT_DRIVEN_FILL_AFTER: u32 = 8;

/// A random full grid from the conflict-driven search ([`Cdcl`]), its ties between guesses
/// broken by a seed drawn from `rng`: it learns from its dead ends where the depth-first
/// search only restarts. `restarts` are those the depth-first search took before.
fn conflict_driven_fill(
    shape: Shape,
    rng: &mut Xoshiro256PlusPlus,
    ticker: &Ticker<'_, '_>,
    restarts: u32,
) -> Result<Fill, Error> {
    let mut cdcl = Cdcl::new(shape);
    cdcl.set_random_order(Some(rng.random::<u64>()));
    cdcl.load(&vec![shape.full_mask(); shape.cell_count()]);
    let next = cdcl.solve(Budget::NONE, &mut |_| ticker.tick());
    ticker.check_cancel()?;
    Ok(match next {
        Next::Solution => Fill::Full(cdcl.solution(), restarts),
        Next::Exhausted => Fill::NoGrid,
        Next::Stopped => Fill::Late,
    })
}

/// How one randomised completion of a grid ended.
pub(super) enum Completion {
    /// A full grid.
    Full(Grid),
    /// Out of nodes: try again from a new start.
    Stuck,
    /// No grid completes the start.
    Exhausted,
    /// The deadline dropped the candidate.
    Late,
}

/// The node limits of a plain fill's tries, in units of this many nodes per cell, follow
/// the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...).
///
/// Why not doubling, as before: a random fill either finishes in a few nodes per cell or
/// wanders far from any grid, so its run time has a heavy tail, and short tries often
/// beat long ones. At 64×64 with 4×16 boxes, seeds 1 to 11 took 0.8 to 6.0 s with a
/// fixed limit of 4 nodes per cell, where a limit doubling from there took up to 51 s
/// (8 restarts, the last at 512 nodes per cell). The Luby sequence keeps the short
/// tries and still grows without bound, so a layout with no full grid is still proved
/// to have none. The unit is the old first limit, so a fill whose first try succeeds
/// (most of them) makes the same grid as before: a grid's luck decides how long digging
/// it takes (16×16 X + windoku, seed 900: 6 s dug from one grid, 38 s from another).
pub(super) const FILL_LIMIT_UNIT: u64 = 4;

/// Completes the loaded grid with the search trying candidates in a random order,
/// within `limit` nodes.
pub(super) fn complete_at_random(
    solver: &mut Solver<'_>,
    rng: &mut Xoshiro256PlusPlus,
    limit: u64,
    ticker: &Ticker<'_, '_>,
) -> Result<Completion, Error> {
    solver.set_random_order(Some(rng.random::<u64>()));
    solver.set_node_limit(limit);
    let next = solver.next_solution();
    solver.set_random_order(None);
    ticker.check_cancel()?;
    Ok(match next {
        Next::Solution => Completion::Full(solver.solution()),
        Next::Stopped if ticker.is_late() => Completion::Late,
        next => {
            if next == Next::Exhausted {
                Completion::Exhausted
            } else {
                Completion::Stuck
            }
        }
    })
}

/// The smallest size whose symmetric puzzles are dug from grids the symmetry maps to
/// themselves up to a relabelling ([`automorphic_full_grid`]).
pub(super) const AUTOMORPHIC_FROM: usize = 16;

/// True when a puzzle of this shape and symmetry is dug from a grid the symmetry maps
/// to itself up to a relabelling: each cell's image holds the cell's symbol under one
/// fixed permutation of the symbols (so what propagation finds at one cell of an orbit,
/// it finds at the others). Any symmetry from 16×16 up, except `mirror` at odd sizes
/// (no such grid exists: the middle column would need a symbol equal to its own
/// relabelling in every row), `diagonal` with X (the main diagonal's n cells stay in
/// place, so the relabelling would have to leave all n symbols, and a symmetric Latin
/// square of even side cannot have n symbols on its diagonal), and jigsaws (whose
/// regions set no count of fixed symbols).
pub fn grid_follows(shape: Shape, symmetry: Symmetry) -> bool {
    let n = shape.size();
    n >= AUTOMORPHIC_FROM
        && shape.has_box_grid()
        && !large_windoku(shape)
        && match symmetry {
            Symmetry::None => false,
            Symmetry::Mirror => n % 2 == 0,
            Symmetry::Rot180 => true,
            Symmetry::Diagonal => symmetry.fits(shape) && !shape.has_diagonals(),
            Symmetry::Rot90 => symmetry.fits(shape),
        }
}

/// Fill restarts an automorphic fill may take before the candidate settles for a plain
/// random grid (12 seeds of 64×64 with `rot180` took up to 5, most none).
pub(super) const AUTOMORPHIC_RESTARTS: u32 = 6;

/// Where [`grid_follows`] says so: a random full grid that the symmetry maps to itself
/// up to a relabelling of the symbols. Each cell moved by one of the symmetry's turns
/// or reflections `g` holds, at `g(cell)`, its symbol relabelled by a permutation `p(g)`
/// drawn at random: an involution for `rot180`,
/// `mirror` and `diagonal`, a product of 4-cycles for `rot90` (its square for the half
/// turn, its cube for the three-quarter turn), with as many fixed symbols as the cells
/// the symmetry leaves in place need (one at the centre of an odd grid, one per
/// diagonal cell of a box for `diagonal`).
///
/// Why: removing a whole orbit of clues at once needs each of its cells to be found
/// again, and on such a grid what propagation finds at one cell it finds, relabelled,
/// at the others. Digging with a symmetry then goes about as far as without one: at
/// 36×36 with `rot180`, 55–58% empty per order of the propagation pass against 52–53%
/// on a plain grid (see bench/HISTORY.md). Elsewhere, and when the fill runs out of
/// restarts, `None`: the caller fills a plain grid.
pub(super) fn automorphic_full_grid(
    solver: &mut Solver<'_>,
    symmetry: Symmetry,
    rng: &mut Xoshiro256PlusPlus,
    ticker: &Ticker<'_, '_>,
) -> Result<Option<(Grid, u32)>, Error> {
    let shape = solver.shape();
    let n = shape.size();
    if !grid_follows(shape, symmetry) {
        return Ok(None);
    }
    let moves = symmetry.moves();
    // How many cycles of four (else two) one turn's relabelling has, and its fixed
    // symbols.
    let (cycle, fixed) = match symmetry {
        Symmetry::None => return Ok(None),
        Symmetry::Rot180 => (2, n % 2),
        Symmetry::Mirror => (2, 0),
        // Square boxes here (grid_follows): k = r = c cells of each box lie on the diagonal.
        Symmetry::Diagonal => (2, shape.box_rows()),
        Symmetry::Rot90 => (4, n % 4),
    };
    let mut limit: u64 = 4 * shape.cell_count() as u64;
    for restarts in 0..AUTOMORPHIC_RESTARTS {
        // The relabelling of one turn: the first `fixed` symbols of a random order stay,
        // the rest go round in cycles.
        let order = permutation(n, rng);
        let mut turn = vec![0u8; n];
        for (i, &s) in order.iter().enumerate() {
            let next = if i < fixed {
                i
            } else {
                fixed + (i - fixed) / cycle * cycle + (i - fixed + 1) % cycle
            };
            turn[s] = order[next] as u8;
        }
        // Its powers, for the half and three-quarter turns.
        let mut relabel = vec![turn.clone()];
        for _ in 1..moves.len() {
            let last = relabel.last().expect("one map at least");
            relabel.push((0..n).map(|s| turn[last[s] as usize]).collect());
        }
        let mut masks = vec![shape.full_mask(); shape.cell_count()];
        let mut links = vec![Vec::new(); shape.cell_count()];
        for (cell, cell_links) in links.iter_mut().enumerate() {
            let (r, c) = (shape.row(cell), shape.column(cell));
            for (m, mv) in moves.iter().enumerate() {
                let (r2, c2) = mv(n, r, c);
                let other = shape.cell(r2, c2);
                if other == cell {
                    // A cell left in place holds a symbol its relabelling leaves.
                    masks[cell] &= (0..n)
                        .filter(|&s| relabel[m][s] as usize == s)
                        .fold(0, |acc, s| acc | 1u64 << s);
                } else {
                    cell_links.push((other as u16, m as u16));
                }
            }
        }
        solver.set_links(links, relabel);
        if symmetry == Symmetry::Diagonal {
            solver.set_cell_order(growing_square_order(shape));
        }
        solver.load_masks(&masks);
        let completed = complete_at_random(solver, rng, limit, ticker);
        limit = limit.saturating_mul(2);
        solver.set_links(Vec::new(), Vec::new());
        solver.set_cell_order(Vec::new());
        match completed? {
            Completion::Full(grid) => return Ok(Some((grid, restarts))),
            Completion::Late => return Ok(None),
            Completion::Stuck | Completion::Exhausted => {}
        }
    }
    Ok(None)
}

/// The cells in the order of the square they complete: those of the top-left m×m square
/// before the rest, for each m, in reading order within each step.
///
/// Why: a fill that follows `diagonal` places each cell with its mirror across the main
/// diagonal, so in reading order (the order of a plain fill) it fills row r and column r
/// together, and the part left open is an ever-tighter square in the bottom-right
/// corner, whose symbols are fixed from both sides: at 64×64, 6 seeds took from 0.2 to
/// 7.6 s, through up to six restarts. Growing a square from the top-left corner instead
/// keeps what is filled the top-left m×m square: 20 seeds took 36 to 477 ms, most on the
/// first try (see bench/HISTORY.md).
pub(super) fn growing_square_order(shape: Shape) -> Vec<u16> {
    let mut order: Vec<u16> = (0..shape.cell_count() as u16).collect();
    // Stable, so cells at one distance stay in reading order.
    crate::sorting::sort_by_small_key(&mut order, |&cell| {
        let cell = cell as usize;
        shape.row(cell).max(shape.column(cell)) as u64
    });
    order
}
