//! Differential tests: random 1×1, 4×4 and 9×9 puzzles, each answered by every engine and
//! by a brute-force reference written here, which must agree exactly (counts up to 3, and
//! the solutions themselves). The engines: the band solver (9×9), the bitboard solver (up
//! to 128 cells), the shipped policy (the free functions), the depth-first search alone,
//! the conflict-driven search alone, and a depth-first search with naked singles only.
//! Property tests also set the engines against each other directly, up to 16×16.
//!
//! Puzzles come from a seeded generator, so a failure names its puzzle and repeats:
//! random subsets of random full grids (unique, several or many solutions), those with a
//! few givens changed (mostly none), and random givens that may clash.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use sudoku64::search::{
    DepthFirst, Limits, Next, Policy, Rules, Search, SolveResult, band, bitboard,
    count_solutions_up_to, masks_of, solutions, solve, solve_one,
};
use sudoku64::{Grid, Shape};

/// Solutions are compared exactly up to this many.
const LIMIT: u64 = 3;

// --- the reference --------------------------------------------------------------------------

/// The units of a layout, drawn here from its description alone (knowing nothing of the
/// engine's tables): rows, columns, square k×k boxes or jigsaw regions, and optionally
/// both main diagonals and windoku's windows.
#[derive(Clone, Debug)]
struct Units {
    n: usize,
    /// For each cell, the units it lies in.
    of: Vec<Vec<usize>>,
    count: usize,
}

impl Units {
    /// Rows, columns and `region[cell]` (numbered 0..n), plus the extras asked for.
    fn new(n: usize, region: &[usize], diagonals: bool, windows: bool) -> Units {
        let mut of: Vec<Vec<usize>> = (0..n * n)
            .map(|i| vec![i / n, n + i % n, 2 * n + region[i]])
            .collect();
        let mut count = 3 * n;
        if diagonals {
            for i in 0..n {
                of[i * n + i].push(count);
                of[i * n + n - 1 - i].push(count + 1);
            }
            count += 2;
        }
        if windows {
            let k = (2..=8)
                .find(|k| k * k == n)
                .expect("windows need square boxes");
            for wr in 0..k - 1 {
                for wc in 0..k - 1 {
                    let (top, left) = (1 + wr * (k + 1), 1 + wc * (k + 1));
                    for i in 0..n {
                        of[(top + i / k) * n + left + i % k].push(count);
                    }
                    count += 1;
                }
            }
        }
        Units { n, of, count }
    }

    /// The usual layout of a square side: k×k boxes.
    fn square(n: usize, diagonals: bool, windows: bool) -> Units {
        let k = (1..=8).find(|k| k * k == n).expect("a square side");
        let boxes: Vec<usize> = (0..n * n).map(|i| (i / n) / k * k + (i % n) / k).collect();
        Units::new(n, &boxes, diagonals, windows)
    }
}

/// A brute-force solver: at each step, the empty cell with the fewest symbols allowed by
/// its units; each allowed symbol in turn (in `order`, a permutation of 1..=n). Knows
/// nothing of the engine.
struct Reference {
    units: Units,
    cells: Vec<u8>,
    used_in: Vec<u64>,
    order: Vec<u8>,
    limit: usize,
    found: Vec<Vec<u8>>,
}

impl Reference {
    /// `None` when two givens clash (then there is no solution).
    fn new(units: &Units, cells: &[u8], order: Vec<u8>, limit: usize) -> Option<Reference> {
        let mut r = Reference {
            units: units.clone(),
            cells: cells.to_vec(),
            used_in: vec![0; units.count],
            order,
            limit,
            found: Vec::new(),
        };
        for i in 0..cells.len() {
            let v = cells[i];
            if v != 0 {
                if r.used(i) & (1 << v) != 0 {
                    return None;
                }
                r.mark(i, v, true);
            }
        }
        Some(r)
    }

    fn used(&self, i: usize) -> u64 {
        self.units.of[i].iter().fold(0, |m, &u| m | self.used_in[u])
    }

    fn mark(&mut self, i: usize, v: u8, on: bool) {
        for &u in &self.units.of[i] {
            if on {
                self.used_in[u] |= 1 << v;
            } else {
                self.used_in[u] &= !(1 << v);
            }
        }
    }

    fn search(&mut self) {
        if self.found.len() >= self.limit {
            return;
        }
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let options = self.units.n as u32 - (self.used(i) >> 1).count_ones();
                if best.is_none_or(|(_, o)| options < o) {
                    best = Some((i, options));
                }
            }
        }
        let Some((i, _)) = best else {
            self.found.push(self.cells.clone());
            return;
        };
        for j in 0..self.order.len() {
            let v = self.order[j];
            if self.used(i) & (1 << v) != 0 {
                continue;
            }
            self.cells[i] = v;
            self.mark(i, v, true);
            self.search();
            self.mark(i, v, false);
            self.cells[i] = 0;
            if self.found.len() >= self.limit {
                return;
            }
        }
    }
}

/// The reference's units for a grid of a plain square shape.
fn plain_units(grid: &Grid) -> Units {
    Units::square(grid.size(), false, false)
}

/// Up to `limit` solutions of the grid, by brute force, with the rules of a plain grid.
fn reference_solutions(grid: &Grid, limit: usize) -> Vec<Vec<u8>> {
    reference_solutions_in(&plain_units(grid), grid, limit)
}

/// Up to `limit` solutions of the grid, by brute force, with the given units.
fn reference_solutions_in(units: &Units, grid: &Grid, limit: usize) -> Vec<Vec<u8>> {
    let n = grid.size();
    match Reference::new(units, grid.cells(), (1..=n as u8).collect(), limit) {
        None => Vec::new(),
        Some(mut r) => {
            r.search();
            r.found
        }
    }
}

/// A random full grid, by the reference with symbols tried in a random order per grid and
/// random givens on the first row.
fn random_full(shape: Shape, rng: &mut Xoshiro256PlusPlus) -> Grid {
    random_full_in(&Units::square(shape.size(), false, false), shape, rng)
}

/// [`random_full`] for a layout of the reference's units and the engine's shape for it.
fn random_full_in(units: &Units, shape: Shape, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let n = shape.size();
    let mut first: Vec<u8> = (1..=n as u8).collect();
    shuffle(&mut first, rng);
    let mut cells = vec![0u8; n * n];
    cells[..n].copy_from_slice(&first);
    let mut order: Vec<u8> = (1..=n as u8).collect();
    shuffle(&mut order, rng);
    let mut r = Reference::new(units, &cells, order, 1).expect("a row of distinct symbols");
    r.search();
    let full = Grid::from_cells(shape, r.found.pop().expect("a first row completes")).unwrap();
    assert!(full.is_solved());
    full
}

fn shuffle<T>(items: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.random_range(0..=i));
    }
}

// --- random puzzles -------------------------------------------------------------------------

/// A random full grid with each cell kept with probability `keep`.
fn subset(shape: Shape, keep: f64, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let mut g = random_full(shape, rng);
    for i in 0..shape.cell_count() {
        if rng.random::<f64>() >= keep {
            g.set(i, 0);
        }
    }
    g
}

/// A subset with a few givens changed to other symbols (may clash, mostly no solution).
fn altered(shape: Shape, keep: f64, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let mut g = subset(shape, keep, rng);
    let n = shape.size() as u8;
    for _ in 0..rng.random_range(1..=2) {
        let i = rng.random_range(0..shape.cell_count());
        g.set(i, rng.random_range(1..=n));
    }
    g
}

/// Givens at random cells with random symbols: clashes are likely with many givens.
fn scattered(shape: Shape, givens: usize, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let mut g = Grid::empty(shape);
    let n = shape.size() as u8;
    for _ in 0..givens {
        let i = rng.random_range(0..shape.cell_count());
        g.set(i, rng.random_range(1..=n));
    }
    g
}

/// The random puzzles of one run: `count` of each kind for the shape.
fn puzzles(size: usize, count: usize, seed: u64) -> Vec<Grid> {
    let shape = Shape::from_size(size).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let cells = shape.cell_count();
    let mut out = Vec::new();
    for _ in 0..count {
        let keep = rng.random_range(0.05..0.95);
        out.push(subset(shape, keep, &mut rng));
        let keep = rng.random_range(0.3..0.95);
        out.push(altered(shape, keep, &mut rng));
        let givens = rng.random_range(0..=cells / 3);
        out.push(scattered(shape, givens, &mut rng));
    }
    out
}

// --- the comparison -------------------------------------------------------------------------

/// Solutions of candidate masks by one policy, counted up to `limit`: (count, solutions).
fn count_by(search: &mut Search, masks: &[u64], limit: u64) -> (u64, Vec<Grid>) {
    search.load(masks);
    let mut found = Vec::new();
    while (found.len() as u64) < limit {
        match search.next_solution(Limits::NONE, &mut |_| true) {
            Next::Solution => found.push(search.solution().clone()),
            Next::Exhausted => break,
            Next::Stopped => panic!("no limit was set"),
        }
    }
    (found.len() as u64, found)
}

/// The engines set against the reference: reused searches of each policy, and a
/// depth-first search with naked singles only.
struct Engines<'h> {
    searches: Vec<(&'static str, Search)>,
    weak: DepthFirst<'h>,
}

impl Engines<'_> {
    fn new(shape: Shape) -> Self {
        let mut weak = DepthFirst::new(shape);
        weak.set_rules(Rules {
            hidden_singles: false,
            locked_candidates: false,
        });
        Engines {
            searches: vec![
                (
                    "depth-first",
                    Search::with_policy(shape, Policy::depth_first_only()),
                ),
                (
                    "conflict-driven",
                    Search::with_policy(shape, Policy::conflict_driven_only()),
                ),
                (
                    "policy, short turns",
                    Search::with_policy(
                        shape,
                        Policy {
                            first_turn_per_cell: 1,
                            ..Policy::default()
                        },
                    ),
                ),
            ],
            weak,
        }
    }
}

/// What the engine's answers must be, from the reference's solutions (up to LIMIT).
fn compare(puzzle: &Grid, engines: &mut Engines<'_>) -> Result<(), String> {
    compare_in(&plain_units(puzzle), puzzle, engines)
}

/// [`compare`] for a puzzle whose rules are `units` (its shape's, drawn independently).
fn compare_in(units: &Units, puzzle: &Grid, engines: &mut Engines<'_>) -> Result<(), String> {
    let expected = reference_solutions_in(units, puzzle, LIMIT as usize);
    let want = expected.len() as u64;
    let all: BTreeSet<Vec<u8>> = expected.iter().cloned().collect();
    // Every solution the engine gives must solve the puzzle; while the reference found
    // fewer than LIMIT it found them all, so the engine's must be among them.
    let valid = |g: &Grid| -> Result<(), String> {
        if !g.is_solved() || !puzzle.is_subset_of(g) {
            return Err(format!("{g:?} is not a solution"));
        }
        if want < LIMIT && !all.contains(g.cells()) {
            return Err(format!(
                "{:?} is not among the reference's solutions",
                g.cells()
            ));
        }
        Ok(())
    };
    let distinct = |name: &str, found: &[Grid]| -> Result<(), String> {
        let set: BTreeSet<&[u8]> = found.iter().map(Grid::cells).collect();
        if set.len() != found.len() {
            return Err(format!("{name}: a solution came twice"));
        }
        Ok(())
    };

    // The fast paths, each asked for more than the policy asks of it.
    let mut fast = Vec::new();
    if puzzle.shape().is_classic() {
        fast.push(("band", band::count_up_to(puzzle, LIMIT)));
    }
    if bitboard::supports(puzzle.shape()) {
        fast.push(("bitboard", bitboard::count_up_to(puzzle, LIMIT)));
    }
    for (name, counted) in fast {
        if counted.count != want {
            return Err(format!(
                "{name}::count_up_to({LIMIT}) = {}, reference {want}",
                counted.count
            ));
        }
        let found: Vec<Grid> = counted.first.into_iter().chain(counted.second).collect();
        if found.len() as u64 != want.min(2) {
            return Err(format!("{name}: {} solutions returned", found.len()));
        }
        for g in &found {
            valid(g)?;
        }
        distinct(name, &found)?;
    }
    let count = count_solutions_up_to(puzzle, LIMIT);
    if count != want {
        return Err(format!(
            "count_solutions_up_to({LIMIT}) = {count}, reference {want}"
        ));
    }
    let masks = masks_of(puzzle);
    for (name, search) in &mut engines.searches {
        let (count, found) = count_by(search, &masks, LIMIT);
        if count != want {
            return Err(format!("{name}: counts {count}, reference {want}"));
        }
        for g in &found {
            valid(g)?;
        }
        distinct(name, &found)?;
    }
    let weak = &mut engines.weak;
    weak.load(puzzle);
    let mut weak_count = 0;
    while weak_count < LIMIT && weak.next_solution() == Next::Solution {
        weak_count += 1;
    }
    if weak_count != want {
        return Err(format!(
            "naked singles only: counts {weak_count}, reference {want}"
        ));
    }
    match (solve(puzzle), want) {
        (SolveResult::None, 0) => {}
        (SolveResult::Unique(s), 1) => {
            if s.cells() != expected[0].as_slice() {
                return Err(format!(
                    "solve: {:?}, reference {:?}",
                    s.cells(),
                    expected[0]
                ));
            }
        }
        (SolveResult::Multiple(a, b), w) if w >= 2 => {
            valid(&a)?;
            valid(&b)?;
            if a == b {
                return Err("solve: the two solutions are equal".into());
            }
        }
        (other, w) => return Err(format!("solve: {other:?}, reference counts {w}")),
    }
    match solve_one(puzzle) {
        None if want == 0 => {}
        Some(s) if want > 0 => valid(&s)?,
        other => return Err(format!("solve_one: {other:?}, reference counts {want}")),
    }
    let listed: Vec<Grid> = solutions(puzzle).take(LIMIT as usize + 1).collect();
    let listed_count = (listed.len() as u64).min(LIMIT);
    if listed_count != want {
        return Err(format!(
            "solutions() gave {}, reference {want}",
            listed.len()
        ));
    }
    distinct("solutions()", &listed)?;
    for g in &listed {
        valid(g)?;
    }
    if want < LIMIT {
        let got: BTreeSet<Vec<u8>> = listed.iter().map(|g| g.cells().to_vec()).collect();
        if got != all {
            return Err("solutions() and the reference list different grids".into());
        }
    }
    Ok(())
}

/// Runs the comparison on every puzzle, with reused engines, and fails listing every
/// disagreement.
fn run(size: usize, count: usize, seed: u64) -> [usize; 4] {
    let shape = Shape::from_size(size).unwrap();
    let mut engines = Engines::new(shape);
    let mut failures = Vec::new();
    // How many puzzles had 0, 1, 2 and 3+ solutions: the mix must cover every case.
    let mut tally = [0usize; 4];
    for puzzle in puzzles(size, count, seed) {
        let n = reference_solutions(&puzzle, LIMIT as usize).len();
        tally[n] += 1;
        if let Err(e) = compare(&puzzle, &mut engines) {
            failures.push(format!("{e}\n    puzzle {:?}", puzzle.cells()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} puzzles disagree:\n{}",
        failures.len(),
        3 * count,
        failures.join("\n")
    );
    tally
}

#[test]
fn one_by_one_grids() {
    let shape = Shape::from_size(1).unwrap();
    for v in [0, 1] {
        let g = Grid::from_cells(shape, vec![v]).unwrap();
        compare(&g, &mut Engines::new(shape)).unwrap();
        assert_eq!(count_solutions_up_to(&g, LIMIT), 1);
    }
}

#[test]
fn random_4x4_puzzles_agree_with_brute_force() {
    let tally = run(4, 300, 4);
    eprintln!("4x4 mix {tally:?}");
    assert!(
        tally.iter().all(|&t| t >= 10),
        "too narrow a mix: {tally:?}"
    );
}

#[test]
fn random_9x9_puzzles_agree_with_brute_force() {
    let tally = run(9, 500, 9);
    eprintln!("9x9 mix {tally:?}");
    assert!(
        tally[0] >= 10 && tally[1] >= 10 && tally[2] + tally[3] >= 10,
        "too narrow a mix: {tally:?}"
    );
}

#[test]
fn random_9x9_near_unique_puzzles_agree_with_brute_force() {
    // Dense subsets, where one, two or a few solutions are most likely: the cases that
    // test the second-solution search.
    let shape = Shape::from_size(9).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut engines = Engines::new(shape);
    let mut tally = [0usize; 4];
    for _ in 0..500 {
        let keep = rng.random_range(0.38..0.55);
        let puzzle = subset(shape, keep, &mut rng);
        tally[reference_solutions(&puzzle, LIMIT as usize).len()] += 1;
        if let Err(e) = compare(&puzzle, &mut engines) {
            panic!("{e}\n    puzzle {:?}", puzzle.cells());
        }
    }
    eprintln!("near-unique mix {tally:?}");
    assert!(
        tally[1] >= 30 && tally[2] >= 30,
        "too narrow a mix: {tally:?}"
    );
}

#[test]
fn the_reference_counts_known_cases() {
    // The reference itself: an empty 4×4 has 288 solutions, clashing givens none, and the
    // random full grids are valid and differ.
    let shape = Shape::from_size(4).unwrap();
    assert_eq!(reference_solutions(&Grid::empty(shape), 1000).len(), 288);
    let mut clash = Grid::empty(shape);
    clash.set(0, 2);
    clash.set(5, 2);
    assert!(reference_solutions(&clash, 2).is_empty());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let nine = Shape::from_size(9).unwrap();
    let grids: BTreeSet<Vec<u8>> = (0..20)
        .map(|_| random_full(nine, &mut rng).cells().to_vec())
        .collect();
    assert_eq!(grids.len(), 20);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The band solver and the depth-first search agree on random 9×9 puzzles (subsets of a
    /// random full grid, with a few givens changed): the same count up to 3, the same
    /// solution when it is unique, and only solutions that solve the puzzle.
    #[test]
    fn band_solver_agrees_with_the_generic_solver(
        seed in any::<u64>(),
        keep in 15u8..70,
        draws in proptest::collection::vec(0u8..100, 81),
        changes in proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
    ) {
        let shape = Shape::from_size(9).unwrap();
        let mut puzzle = random_full(shape, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
        for (cell, &draw) in draws.iter().enumerate() {
            if draw >= keep {
                puzzle.set(cell, 0);
            }
        }
        for &(cell, value) in &changes {
            puzzle.set(cell, value);
        }
        let mut generic = Search::with_policy(shape, Policy::depth_first_only());
        let (want, found) = count_by(&mut generic, &masks_of(&puzzle), LIMIT);
        let first = found.first().cloned();
        let counted = band::count_up_to(&puzzle, LIMIT);
        prop_assert_eq!(counted.count, want);
        prop_assert_eq!(counted.first.is_some(), want >= 1);
        prop_assert_eq!(counted.second.is_some(), want >= 2);
        for g in counted.first.iter().chain(&counted.second) {
            prop_assert!(g.is_solved() && puzzle.is_subset_of(g), "not a solution: {:?}", g);
        }
        if want == 1 {
            prop_assert_eq!(counted.first, first);
        }
    }
}

/// From 16×16 up, the policy runs the logic techniques first: it must count what the
/// depth-first search alone counts, on unique puzzles, on puzzles with clues taken away
/// (several solutions) and with a clue changed (often none).
#[test]
fn logic_first_counts_agree_with_a_plain_search_on_16x16() {
    use sudoku64::generate::{Options, Unattended, generate};
    let shape = Shape::from_size(16).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(16);
    let mut plain = Search::with_policy(shape, Policy::depth_first_only());
    let mut seen = BTreeSet::new();
    for seed in 0..12 {
        let made = generate(&Options::new(shape, seed), &mut Unattended).unwrap();
        let mut variants = vec![made.puzzle.clone()];
        let clues: Vec<usize> = (0..shape.cell_count())
            .filter(|&c| made.puzzle.get(c) != 0)
            .collect();
        let mut fewer = made.puzzle.clone();
        for _ in 0..3 {
            fewer.set(clues[rng.random_range(0..clues.len())], 0);
        }
        variants.push(fewer);
        let mut changed = made.puzzle.clone();
        let c = clues[rng.random_range(0..clues.len())];
        changed.set(c, (changed.get(c) % 16) + 1);
        variants.push(changed);
        for grid in &variants {
            let fast = count_solutions_up_to(grid, LIMIT);
            let (slow, _) = count_by(&mut plain, &masks_of(grid), LIMIT);
            assert_eq!(
                fast,
                slow,
                "seed {seed}: {}",
                sudoku64::format::to_line(grid)
            );
            seen.insert(fast);
        }
    }
    assert!(
        seen.len() >= 2,
        "the variants should reach different counts: {seen:?}"
    );
}

/// Random candidate masks: a random full grid's subset, with random candidates struck out
/// of some cells (the generator's question strikes one).
fn random_masks(
    side: usize,
    seed: u64,
    keep: u8,
    draws: &[u8],
    strikes: &[(usize, u32)],
) -> Vec<u64> {
    let shape = Shape::from_size(side).unwrap();
    let cells = shape.cell_count();
    let full = shape.full_mask();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    // Brute force fills small grids at random; at 16×16 it has a heavy tail, so a pattern
    // grid under a random Sudoku symmetry stands in there.
    let solution = if side <= 9 {
        random_full(shape, &mut rng)
    } else {
        sudoku64::transform::random_symmetry(&Grid::pattern(shape), &mut rng)
    };
    let mut masks: Vec<u64> = (0..cells)
        .map(|c| {
            if draws[c % draws.len()] < keep {
                1u64 << (solution.get(c) - 1)
            } else {
                full
            }
        })
        .collect();
    for &(cell, symbol) in strikes {
        let (cell, bit) = (cell % cells, 1u64 << (symbol as usize % side));
        if masks[cell] != bit {
            masks[cell] &= !bit;
        }
    }
    masks
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The conflict-driven search and the depth-first search agree on random candidate
    /// masks at 4×4, 9×9 and 16×16: the same count up to 5, and every solution the
    /// conflict-driven search gives keeps to the masks and the rules, once.
    #[test]
    fn cdcl_counts_agree_with_the_depth_first_search(
        seed in any::<u64>(),
        side in prop_oneof![Just(4usize), Just(9), Just(16)],
        keep in 20u8..90,
        draws in proptest::collection::vec(0u8..100, 256),
        strikes in proptest::collection::vec((0usize..256, 0u32..16), 0..8),
    ) {
        // Sparse 16×16 masks can take the depth-first search long: keep more there.
        let keep = if side == 16 { keep.max(60) } else { keep };
        let masks = random_masks(side, seed, keep, &draws, &strikes);
        let shape = Shape::from_size(side).unwrap();
        const UP_TO: u64 = 5;
        // The reference gets a generous work limit: a rare sparse 16×16 case can take the
        // depth-first search minutes, and is left out rather than waited for.
        let mut reference = Search::with_policy(shape, Policy::depth_first_only());
        reference.load(&masks);
        let mut want = 0;
        loop {
            match reference.next_solution(Limits::work(20_000_000), &mut |_| true) {
                Next::Solution if want + 1 < UP_TO => want += 1,
                Next::Solution => { want += 1; break; }
                Next::Exhausted => break,
                Next::Stopped => break,
            }
        }
        prop_assume!(want == UP_TO || reference.stats().work < 20_000_000);
        let (got, found) = count_by(&mut Search::with_policy(shape, Policy::conflict_driven_only()), &masks, UP_TO);
        prop_assert_eq!(got, want);
        let set: BTreeSet<&[u8]> = found.iter().map(Grid::cells).collect();
        prop_assert_eq!(set.len(), found.len(), "a solution came twice");
        for g in &found {
            prop_assert!(g.is_solved(), "breaks a rule: {:?}", g);
            for (c, &m) in masks.iter().enumerate() {
                prop_assert!(m & (1u64 << (g.get(c) - 1)) != 0, "cell {} outside its mask", c);
            }
        }
    }
}

/// The generator's own question at 16×16, asked of both searches: a generated puzzle with
/// extra givens put back (so some clues can go and some cannot), one clue taken away and
/// its symbol struck from its cell. Is there a solution left?
#[test]
fn cdcl_and_the_depth_first_search_agree_on_the_generators_question_at_16x16() {
    use sudoku64::generate::{Options, Unattended, generate};
    let shape = Shape::from_size(16).unwrap();
    let full = shape.full_mask();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1616);
    let mut cdcl = Search::with_policy(shape, Policy::conflict_driven_only());
    let mut dfs = Search::with_policy(shape, Policy::depth_first_only());
    let mut seen = [0usize; 2];
    for seed in 1..=3 {
        let made = generate(&Options::new(shape, seed), &mut Unattended).unwrap();
        let mut puzzle = made.puzzle.clone();
        for cell in 0..shape.cell_count() {
            if puzzle.get(cell) == 0 && rng.random_range(0..4) == 0 {
                puzzle.set(cell, made.solution.get(cell));
            }
        }
        let givens: Vec<usize> = (0..shape.cell_count())
            .filter(|&c| puzzle.get(c) != 0)
            .collect();
        for _ in 0..30 {
            let cell = givens[rng.random_range(0..givens.len())];
            let mut masks = masks_of(&puzzle);
            masks[cell] = full & !(1u64 << (made.solution.get(cell) - 1));
            let (want, _) = count_by(&mut dfs, &masks, 1);
            let (got, _) = count_by(&mut cdcl, &masks, 1);
            assert_eq!(got, want, "seed {seed}, cell {cell}");
            seen[got as usize] += 1;
        }
    }
    // Both answers came up.
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

// --- variants -------------------------------------------------------------------------------

/// A 9×9 jigsaw: the 3×3 boxes with cells traded between neighbours, each region kept
/// connected, so that most regions are no longer boxes.
const JIGSAW_9: [usize; 81] = [
    0, 0, 0, 1, 1, 1, 2, 2, 2, //
    0, 0, 1, 1, 1, 1, 2, 2, 2, //
    3, 0, 0, 0, 1, 1, 2, 2, 2, //
    3, 3, 0, 4, 4, 5, 5, 5, 5, //
    3, 3, 4, 4, 4, 4, 5, 5, 5, //
    3, 3, 3, 3, 4, 4, 4, 6, 5, //
    7, 7, 7, 8, 8, 8, 6, 6, 5, //
    7, 7, 7, 8, 8, 8, 6, 6, 6, //
    7, 7, 7, 8, 8, 8, 6, 6, 6,
];

/// A 6×6 jigsaw: the 2×3 boxes with cells traded the same way.
const JIGSAW_6: [usize; 36] = [
    0, 0, 1, 1, 1, 1, //
    0, 0, 0, 0, 1, 1, //
    2, 2, 2, 3, 3, 3, //
    2, 2, 4, 3, 3, 5, //
    2, 4, 4, 3, 5, 5, //
    4, 4, 4, 5, 5, 5,
];

/// The engine's shape and the reference's units for each variant layout tested.
fn variant_layouts() -> Vec<(&'static str, Shape, Units)> {
    let four = Shape::from_size(4).unwrap();
    let nine = Shape::from_size(9).unwrap();
    let jigsaw = |n: usize, regions: &[usize]| {
        let ids: Vec<u8> = regions.iter().map(|&r| r as u8).collect();
        Shape::with_regions(n, &ids).unwrap()
    };
    vec![
        (
            "4x4 X",
            four.with_diagonals().unwrap(),
            Units::square(4, true, false),
        ),
        (
            "4x4 windoku",
            four.with_windows().unwrap(),
            Units::square(4, false, true),
        ),
        (
            "9x9 X",
            nine.with_diagonals().unwrap(),
            Units::square(9, true, false),
        ),
        (
            "9x9 windoku",
            nine.with_windows().unwrap(),
            Units::square(9, false, true),
        ),
        (
            "9x9 X windoku",
            nine.with_diagonals().unwrap().with_windows().unwrap(),
            Units::square(9, true, true),
        ),
        (
            "6x6 jigsaw",
            jigsaw(6, &JIGSAW_6),
            Units::new(6, &JIGSAW_6, false, false),
        ),
        (
            "9x9 jigsaw",
            jigsaw(9, &JIGSAW_9),
            Units::new(9, &JIGSAW_9, false, false),
        ),
        (
            "9x9 jigsaw X",
            jigsaw(9, &JIGSAW_9).with_diagonals().unwrap(),
            Units::new(9, &JIGSAW_9, true, false),
        ),
    ]
}

/// A full grid with its symbols renamed by a random permutation: a solution of the same
/// layout.
fn relabelled(grid: &Grid, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let mut names: Vec<u8> = (1..=grid.size() as u8).collect();
    shuffle(&mut names, rng);
    let cells = grid
        .cells()
        .iter()
        .map(|&v| names[v as usize - 1])
        .collect();
    Grid::from_cells(grid.shape(), cells).unwrap()
}

/// Every engine agrees with the brute-force reference on X, windoku and jigsaw layouts,
/// whose rules the reference draws for itself: random subsets of random full grids of
/// each layout (unique, several or many solutions), with a given changed now and then.
#[test]
fn random_variant_puzzles_agree_with_brute_force() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(33);
    for (name, shape, units) in variant_layouts() {
        // A random first row can leave the reference (no propagation) searching a jigsaw
        // for seconds: there, each full grid is one found once, its symbols relabelled.
        let mut empty = Reference::new(
            &units,
            &vec![0; shape.cell_count()],
            (1..=shape.size() as u8).collect(),
            1,
        )
        .expect("an empty grid has no clash");
        empty.search();
        let base =
            Grid::from_cells(shape, empty.found.pop().expect("the layout has a solution")).unwrap();
        let mut engines = Engines::new(shape);
        let mut tally = [0usize; 4];
        let mut failures = Vec::new();
        for i in 0..60 {
            let mut puzzle = if shape.is_jigsaw() {
                relabelled(&base, &mut rng)
            } else {
                random_full_in(&units, shape, &mut rng)
            };
            // Below a third of the cells kept, the reference (no propagation) can wander
            // for minutes in a 9×9.
            let keep = if shape.size() == 4 {
                rng.random_range(0.05..0.7)
            } else {
                rng.random_range(0.4..0.75)
            };
            for c in 0..shape.cell_count() {
                if rng.random::<f64>() >= keep {
                    puzzle.set(c, 0);
                }
            }
            if i % 4 == 3 {
                let c = rng.random_range(0..shape.cell_count());
                puzzle.set(c, rng.random_range(1..=shape.size() as u8));
            }
            tally[reference_solutions_in(&units, &puzzle, LIMIT as usize).len()] += 1;
            if let Err(e) = compare_in(&units, &puzzle, &mut engines) {
                failures.push(format!("{name}: {e}\n    puzzle {:?}", puzzle.cells()));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(
            tally[1] >= 3 && tally[2] + tally[3] >= 1,
            "{name}: too narrow a mix {tally:?}"
        );
    }
}

/// The variants' extra units bind: a full grid of the plain layout that breaks a diagonal
/// or a window is no solution of the variant, for the engine as for the reference.
#[test]
fn a_plain_solution_that_breaks_an_extra_unit_is_refused() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let nine = Shape::from_size(9).unwrap();
    let mut refused = 0;
    for _ in 0..20 {
        let plain = random_full(nine, &mut rng);
        for (_, shape, units) in variant_layouts()
            .into_iter()
            .filter(|(_, s, _)| s.size() == 9 && s.has_box_grid())
        {
            let grid = plain.clone().with_shape(shape).unwrap();
            let reference = reference_solutions_in(&units, &grid, 1).len();
            assert_eq!(
                grid.is_solved(),
                reference == 1,
                "{shape}: {:?}",
                grid.cells()
            );
            assert_eq!(count_solutions_up_to(&grid, 2) as usize, reference);
            refused += usize::from(reference == 0);
        }
    }
    assert!(
        refused >= 10,
        "random grids should mostly break the extra units"
    );
}
