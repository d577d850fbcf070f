//! Killer generation: a random full grid, cut into cages whose sums it keeps, refined until
//! the cages alone have that grid as their one solution.
//!
//! 1. **Fill.** A random full grid of the layout (for a jigsaw, regions drawn around it,
//!    as [`crate::generate`] does).
//! 2. **Cut.** Cages grow from random cells through their free neighbours to a size drawn
//!    like printed killers' (mostly 2 to 4 cells, a few of 1 and of 5 or more), never
//!    taking a digit twice. Each cage's sum is its cells' total. Under a symmetry each
//!    cage's images are cages too (a cage that would overlap its own image takes the
//!    image in), and the splits and merges below keep it so.
//! 3. **Split until unique.** While the search finds two solutions, the cage holding a
//!    cell where they differ is split in two; a count that runs out of its work is split
//!    the same way, on a cage drawn from the seed. Each split gives more information, and
//!    cells alone in a cage are givens in all but name, so this ends.
//! 4. **Merge.** Neighbouring cages are joined, in an order drawn from the seed, where the
//!    puzzle stays unique: fewer, larger cages, as printed killers have. The second
//!    solutions that refused merges' searches found are kept, and a merge one of them
//!    also solves is refused without a search; so is a merge that would make a cage
//!    holding a join whose search ran out of work before.
//!
//! Every search is bounded by work, never by time, so a seed gives the same puzzle on
//! every machine. The puzzle has no givens.

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::cages::{Cages, neighbours};
use crate::error::{Cancelled, Error, RuleError, RuleErrorKind};
use crate::generate::{Control, Generated, Options, Progress, Stage, Symmetry, Target};
use crate::grid::{Grid, Shape};
use crate::logic::rate::Level;
use crate::search::{DepthFirst, Next};

/// Cage sizes drawn, in percent for 1, 2, 3 ... cells: printed killers' mix.
const SIZE_WEIGHTS: [u32; 6] = [4, 30, 34, 22, 7, 3];

/// The largest cage a merge makes.
const MOST_CELLS: usize = 6;

/// Work one uniqueness check may take, per cell of the grid.
const CHECK_WORK_PER_CELL: u64 = 4_000;

/// A merge's check may take this fraction of a split's: a merge whose check runs out is
/// only not made, and the hard ones are where a generation's worst times came from. It
/// was 4 before the search learnt the cage-and-unit eliminations, which decide more
/// merges within the same work; at 6, 200 9×9 killers from seed 1 have 25.5 cages a
/// puzzle (25.1 at 4 before) and rate somewhat easier (53% Diabolical against 57%).
const MERGE_WORK_SHARE: u64 = 6;

/// Merges tried, per cage of the first cut.
const MERGES_PER_CAGE: usize = 2;

/// Merging stops after this many searches in a row that did not show a merge unique (a
/// second solution, or out of work): by then the puzzle is near as merged as a search
/// within its work can show unique. The searches after such a run were a fifth of a
/// 9×9 generation's merge work and made one merge in two puzzles.
const FAILED_MERGES: u32 = 3;

/// Second solutions kept from merges found not unique: a later merge that one of them
/// also solves is not unique either, and takes no search (merges only join cages, so
/// such a grid often solves the next try at the same pair, or at a pair beside it).
const WITNESSES: usize = 16;

/// Nodes a fill may take before it starts again from the next seed.
const FILL_NODES: u64 = 20_000;

/// The sides killers are made for: up to 20×20, which takes about 1 s a puzzle here
/// (18×18 about 0.2 s, 16×16 0.15–0.25 s; 16 s, 7 s and 1 s before the speed-ups of
/// 2026-11-29); at 25×25 a generation ran past a minute before them, which no one waits
/// for, so it is refused rather than left to look like a hang.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=20;

/// Makes a killer puzzle with no givens for the options' layout (its cages drawn here).
/// With a difficulty, candidates (from the options' seed, then from seeds drawn from it)
/// are made no harder than it, split until its techniques solve them and merged only
/// while they still do, and graded, until one has the level or the budget ends
/// ([`Options::budget_ms`], by default [`crate::generate::DIFFICULTY_BUDGET_MS`]).
/// Errors: a side outside [`SIDES`], [`Cancelled`] when `control` stops it. The cages
/// follow the options' symmetry: any of them, on any layout, since cages are only drawn
/// on the grid and ask nothing of its units (`rot180`: a cage turned half round is a
/// cage too).
pub fn generate(options: &Options, control: &mut dyn Control) -> Result<Generated, Error> {
    let asked = options.shape.without_cages();
    let n = asked.size();
    if !SIDES.contains(&n) {
        return Err(RuleErrorKind::BadVariant {
            variant: "killer",
            shape: asked,
            reason: "variant-killer-sides",
        }
        .into());
    }
    let Some(wanted) = options.difficulty else {
        return one(options, None, control);
    };
    // A level: candidates from the seed, then from a sequence drawn from it (as the
    // other layouts' search does), each made no harder than the level, until one has it
    // or the budget (or the candidate count) ends; the closest comes back. Not seed,
    // seed + 1, ...: `generate --count` asks for seeds S, S + 1, ..., whose sequences
    // would then overlap and give the same puzzle again and again.
    let budget = options
        .budget_ms
        .unwrap_or(crate::generate::DIFFICULTY_BUDGET_MS);
    let start = control.now_ms();
    let mut best: Option<Generated> = None;
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    // Candidates made, and whether the budget ended the search.
    let (mut tried, mut out_of_time) = (0, false);
    for i in 0..LEVEL_CANDIDATES {
        tried = i + 1;
        let seed = if i == 0 {
            options.seed
        } else {
            crate::generate::fresh_seed(&mut seeds)
        };
        // Diabolical is what the other levels' techniques leave unsolved: nothing to hold
        // the cages below.
        let cap = (wanted < Level::Diabolical).then_some(wanted);
        let made = one(
            &Options {
                seed,
                ..options.clone()
            },
            cap,
            control,
        )?;
        // The cages were split until they had one solution, and merged only where they
        // kept it.
        let rating = crate::logic::rate::rate(&made.puzzle)?.unwrap();
        let reached = rating.level == wanted;
        let ran_out = !reached && control.now_ms() - start >= budget;
        let made = Generated {
            candidates: i + 1,
            difficulty: Some(crate::generate::LevelSearch {
                wanted,
                reached,
                ran_out,
                graded_in_full: true,
                rating,
            }),
            ..made
        };
        let closer = |b: &Generated| {
            let level = |g: &Generated| g.rating().map_or(0, |r| r.level as i32);
            (level(&made) - wanted as i32).abs() < (level(b) - wanted as i32).abs()
        };
        if best.as_ref().is_none_or(closer) {
            best = Some(made);
        }
        if reached || ran_out {
            out_of_time = ran_out;
            break;
        }
    }
    let mut best = best.expect("one candidate at least");
    // All the candidates made, not those up to the best ("the closest to Hard among 200
    // puzzles made"), and whether time ran out, which a best found earlier did not know.
    best.candidates = tried;
    if let Some(search) = best.difficulty.as_mut() {
        search.ran_out = out_of_time && !search.reached;
    }
    Ok(best)
}

/// Candidates a search for a level makes at most.
const LEVEL_CANDIDATES: u32 = 200;

/// One killer from the options' seed: with a level, its cages are split until the
/// techniques of that level solve it, and merged only while they still do.
fn one(
    options: &Options,
    level: Option<Level>,
    control: &mut dyn Control,
) -> Result<Generated, Error> {
    let asked = options.shape.without_cages();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut stop = false;
    let mut report = |fraction: f64, stage: Stage, control: &mut dyn Control| {
        if !control.go_on(&Progress {
            fraction,
            stage,
            candidate: 1,
        }) {
            stop = true;
        }
        !stop
    };
    report(0.0, Stage::Fill, control);
    let (solution, restarts) = fill(asked, options.new_regions, &mut rng)?;
    let shape = solution.shape();
    let turns = Turns::new(options.symmetry, shape);
    let mut cages = cut(&solution, &turns, &mut rng);
    let trades = Trades::new(&solution);
    let work = CHECK_WORK_PER_CELL * shape.cell_count() as u64;
    let mut checks = 0u32;
    // Split until unique. The last second solution found, while the split cages still
    // allow it, is a second solution still: the next split needs no search.
    let mut other: Option<Vec<u8>> = None;
    loop {
        if !report(0.3, Stage::Exact, control) {
            return Err(Cancelled.into());
        }
        let sums = with_sums(&cages, &solution).ok();
        let still = other.take().filter(|o| {
            sums.as_ref()
                .is_some_and(|sums| sums.first_broken(o).is_none())
        });
        let counted = match still.or_else(|| trades.allowed(&cages, &solution)) {
            Some(o) => {
                let cell = (0..o.len()).find(|&c| o[c] != solution.get(c));
                Count::Other(cell, Some(o))
            }
            None => {
                checks += 1;
                count(shape, sums, &solution, work, control)
            }
        };
        match counted {
            Count::Unique => break,
            Count::Cancelled => return Err(Cancelled.into()),
            Count::Other(cell, found) => {
                other = found;
                let cell = cell.unwrap_or_else(|| {
                    let big: Vec<usize> =
                        (0..cages.len()).filter(|&k| cages[k].len() > 1).collect();
                    cages[big[rng.random_range(0..big.len())]][0]
                });
                split(&mut cages, cell, shape.size(), &turns, &mut rng);
            }
        }
    }
    // With a level: split until its techniques solve the puzzle.
    if let Some(level) = level {
        while too_hard(shape, &cages, &solution, level) {
            let big: Vec<usize> = (0..cages.len()).filter(|&k| cages[k].len() > 1).collect();
            if big.is_empty() {
                break;
            }
            let cell = cages[big[rng.random_range(0..big.len())]][0];
            split(&mut cages, cell, shape.size(), &turns, &mut rng);
        }
    }
    // Merge while unique (and, with a level, no harder than it).
    let tries = MERGES_PER_CAGE * cages.len();
    let mut witnesses: Vec<Vec<u8>> = Vec::new();
    // The cages made by merges whose searches ran out of work, each sorted.
    let mut ran_out: Vec<Vec<usize>> = Vec::new();
    // Searches since the last merge made that did not show theirs unique.
    let mut failed = 0;
    for i in 0..tries {
        if failed == FAILED_MERGES {
            break;
        }
        if !report(0.4 + 0.6 * i as f64 / tries as f64, Stage::Exact, control) {
            return Err(Cancelled.into());
        }
        let Some(Merged {
            cages: merged,
            joined,
        }) = merge(&cages, &solution, &turns, &mut rng)
        else {
            continue;
        };
        // A cage holding one whose search ran out, among cages that have only grown
        // since: its search would most likely run out too. Searches that ran out were
        // two thirds of a 9×9 generation's work; this saves more than half of them, and
        // about as many merges are made.
        if joined.iter().any(|j| ran_out.iter().any(|r| holds(j, r))) {
            continue;
        }
        if trades.allowed(&merged, &solution).is_some() {
            continue;
        }
        let sums = with_sums(&merged, &solution).ok();
        // A kept second solution every cage of the merge holds (each sum, no digit twice).
        if let Some(sums) = &sums
            && witnesses
                .iter()
                .rev()
                .any(|w| sums.first_broken(w).is_none())
        {
            continue;
        }
        checks += 1;
        match count(shape, sums, &solution, work / MERGE_WORK_SHARE, control) {
            Count::Unique if level.is_some_and(|l| too_hard(shape, &merged, &solution, l)) => {}
            Count::Unique => {
                cages = merged;
                failed = 0;
            }
            Count::Cancelled => return Err(Cancelled.into()),
            Count::Other(None, None) => {
                ran_out.extend(joined);
                failed += 1;
            }
            Count::Other(_, other) => {
                failed += 1;
                if let Some(other) = other {
                    if witnesses.len() == WITNESSES {
                        witnesses.remove(0);
                    }
                    witnesses.push(other);
                }
            }
        }
    }
    let killer = shape.with_cages(with_sums(&cages, &solution)?)?;
    let puzzle = Grid::empty(killer);
    let solution = solution.with_shape(killer)?;
    Ok(Generated {
        puzzle,
        solution,
        seed: options.seed,
        symmetry: options.symmetry,
        target: Target::Minimal,
        empty_fraction: 1.0,
        target_reached: true,
        minimal: false,
        budget_ran_out: false,
        candidates: 1,
        restarts,
        exact_checks: checks,
        undecided: 0,
        difficulty: None,
    })
}

/// Whether the techniques up to `level` leave the killer unsolved.
fn too_hard(shape: Shape, cages: &[Vec<usize>], solution: &Grid, level: Level) -> bool {
    match with_sums(cages, solution) {
        Ok(cages) => crate::logic::rate::killer_harder_than(shape, &cages, level),
        Err(_) => true,
    }
}

/// A random full grid of the layout, and how many fills started again. With
/// `new_regions`, jigsaw regions are drawn around a grid of boxes.
fn fill(asked: Shape, new_regions: bool, rng: &mut impl Rng) -> Result<(Grid, u32), Error> {
    let first = if new_regions {
        crate::generate::first_layout(asked)?
    } else {
        asked
    };
    let mut dfs = DepthFirst::new(first);
    dfs.set_node_limit(FILL_NODES);
    for restarts in 0..64 {
        dfs.set_random_order(Some(rng.next_u64()));
        dfs.load(&Grid::empty(first));
        if dfs.next_solution() == Next::Solution {
            let grid = dfs.solution();
            if !new_regions {
                return Ok((grid, restarts));
            }
            let jigsaw = crate::jigsaw::reshape_around(&grid, rng);
            return Ok((grid.with_shape(jigsaw)?, restarts));
        }
    }
    Err(RuleErrorKind::BadVariant {
        variant: "killer",
        shape: asked,
        reason: "variant-killer-no-grid",
    }
    .into())
}

/// The turns and reflections cages must follow, as tables of cells (none without a
/// symmetry, and then every step below does what it would do without one).
struct Turns {
    tables: Vec<Vec<usize>>,
}

impl Turns {
    fn new(symmetry: Symmetry, shape: Shape) -> Turns {
        Turns {
            tables: symmetry.cell_tables(shape),
        }
    }

    /// The cells turn `t` moves `cells` to, sorted.
    fn image(&self, t: usize, cells: &[usize]) -> Vec<usize> {
        let mut image: Vec<usize> = Vec::with_capacity(cells.len());
        for &c in cells {
            image.push(self.tables[t][c]);
        }
        crate::sorting::sort_usizes(&mut image);
        image
    }

    /// The cages a cage makes with its images: the cage and each distinct image when
    /// none overlaps it, else one cage of them all (a cage on the axis, or round the
    /// centre). The first is the one that holds `cage`.
    fn orbit(&self, cage: &[usize]) -> Vec<Vec<usize>> {
        let mut own = cage.to_vec();
        crate::sorting::sort_usizes(&mut own);
        let mut out = vec![cage.to_vec()];
        for t in 0..self.tables.len() {
            let image = self.image(t, &own);
            if image == own || out[1..].contains(&image) {
                continue;
            }
            if overlaps(&image, &own) {
                // One cage of the cells and all their images.
                let mut all = own.clone();
                for t in 0..self.tables.len() {
                    all.extend(self.image(t, &own));
                }
                crate::sorting::sort_usizes(&mut all);
                all.dedup();
                return vec![all];
            }
            out.push(image);
        }
        out
    }
}

/// Each of `cells` cells' cage, as an index into `cages`; `usize::MAX` for a cell in none.
fn cage_index(cages: &[Vec<usize>], cells: usize) -> Vec<usize> {
    let mut cage_of = vec![usize::MAX; cells];
    for (k, cage) in cages.iter().enumerate() {
        for &c in cage {
            cage_of[c] = k;
        }
    }
    cage_of
}

/// Whether the sorted list of cells `outer` holds every cell of the sorted list `inner`.
fn holds(outer: &[usize], inner: &[usize]) -> bool {
    inner.iter().all(|c| outer.binary_search(c).is_ok())
}

/// Whether two sorted lists of cells share one.
fn overlaps(a: &[usize], b: &[usize]) -> bool {
    a.iter().any(|c| b.binary_search(c).is_ok())
}

/// The digits of the solution in the cells, as a mask (bit d for digit d).
fn digit_mask(cells: &[usize], solution: &Grid) -> u64 {
    cells.iter().fold(0u64, |m, &c| m | 1u64 << solution.get(c))
}

/// Whether the cells hold no digit of the solution twice.
fn distinct_digits(cells: &[usize], solution: &Grid) -> bool {
    digit_mask(cells, solution).count_ones() as usize == cells.len()
}

/// Cuts the grid into cages of drawn sizes, each without a repeated digit, and with its
/// images under `turns` cages too. A cage grows one free neighbour at a time; a cell
/// whose cage would overlap its own image takes the whole orbit in (one cage across the
/// axis), and one that would make a cage with a digit twice, or in pieces, is passed over.
/// The free cells stay symmetric, so an image of free cells is free.
fn cut(solution: &Grid, turns: &Turns, rng: &mut impl Rng) -> Vec<Vec<usize>> {
    let n = solution.size();
    let cells = solution.shape().cell_count();
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut free = vec![true; cells];
    let mut cages = Vec::new();
    let total: u32 = SIZE_WEIGHTS.iter().sum();
    for start in order {
        if !free[start] {
            continue;
        }
        let mut draw = rng.random_range(0..total);
        let mut want = 1;
        for (i, &w) in SIZE_WEIGHTS.iter().enumerate() {
            if draw < w {
                want = i + 1;
                break;
            }
            draw -= w;
        }
        // The cage (first) and its images, grown together.
        let mut orbit = turns.orbit(&[start]);
        while orbit[0].len() < want.min(n) {
            let cage = &orbit[0];
            let digits = digit_mask(cage, solution);
            let mut frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&o| free[o] && !cage.contains(&o) && digits & 1u64 << solution.get(o) == 0)
                .collect();
            let mut grown = None;
            while !frontier.is_empty() {
                let next = frontier[rng.random_range(0..frontier.len())];
                let mut tried = cage.clone();
                tried.push(next);
                let tried = turns.orbit(&tried);
                if tried
                    .iter()
                    .all(|c| distinct_digits(c, solution) && pieces(c, n).len() == 1)
                {
                    grown = Some(tried);
                    break;
                }
                frontier.retain(|&o| o != next);
            }
            match grown {
                Some(next) => orbit = next,
                None => break,
            }
        }
        for c in orbit {
            for &cell in &c {
                free[cell] = false;
            }
            cages.push(c);
        }
    }
    cages
}

/// The cages with their sums in the solution.
fn with_sums(cages: &[Vec<usize>], solution: &Grid) -> Result<Cages, RuleError> {
    let list: Vec<(Vec<usize>, Option<u32>)> = cages
        .iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| solution.get(c) as u32).sum();
            (cells.clone(), Some(sum))
        })
        .collect();
    Cages::new(solution.size(), &list)
}

/// The second solutions one trade away from a grid: for each pair of digits, the groups
/// of their cells that can swap the two digits while every unit still holds each once
/// (a unit's cell of one digit and its cell of the other are in one group). About half
/// the second solutions the searches found were such trades; cages allow one exactly
/// when each cage holds both of the group's cells or neither, and checking every group
/// costs far less than a search.
struct Trades {
    /// Each group's cells.
    groups: Vec<Vec<usize>>,
}

impl Trades {
    fn new(solution: &Grid) -> Trades {
        let shape = solution.shape();
        let (n, cells) = (shape.size(), shape.cell_count());
        let geo = shape.geometry();
        // Per unit, the cell of each digit.
        let units = shape.unit_count();
        let mut at = vec![0usize; units * (n + 1)];
        for u in 0..units {
            for &c in geo.unit(u) {
                at[u * (n + 1) + solution.get(c as usize) as usize] = c as usize;
            }
        }
        let mut parent: Vec<usize> = (0..cells).collect();
        fn root(parent: &mut [usize], mut c: usize) -> usize {
            while parent[c] != c {
                parent[c] = parent[parent[c]];
                c = parent[c];
            }
            c
        }
        let mut groups = Vec::new();
        for a in 1..=n {
            for b in a + 1..=n {
                let pair = |c: &usize| matches!(solution.get(*c) as usize, d if d == a || d == b);
                for u in 0..units {
                    let (x, y) = (at[u * (n + 1) + a], at[u * (n + 1) + b]);
                    let (x, y) = (root(&mut parent, x), root(&mut parent, y));
                    parent[x] = y;
                }
                let members: Vec<usize> = (0..cells).filter(pair).collect();
                let first = groups.len();
                for &c in &members {
                    let r = root(&mut parent, c);
                    match groups[first..]
                        .iter_mut()
                        .find(|g: &&mut Vec<usize>| root(&mut parent, g[0]) == r)
                    {
                        Some(g) => g.push(c),
                        None => groups.push(vec![c]),
                    }
                }
                for &c in &members {
                    parent[c] = c;
                }
            }
        }
        Trades { groups }
    }

    /// The grid with the first trade that `cages` allow made, if one is.
    fn allowed(&self, cages: &[Vec<usize>], solution: &Grid) -> Option<Vec<u8>> {
        let cage_of = cage_index(cages, solution.cells().len());
        // Per cage, the group's cells in it: each cage holds a digit once, so 2 means
        // both of the pair.
        let mut held = vec![0u8; cages.len()];
        let group = self.groups.iter().find(|group| {
            for &c in group.iter() {
                if let Some(h) = held.get_mut(cage_of[c]) {
                    *h += 1;
                }
            }
            let kept = group
                .iter()
                .all(|&c| held.get(cage_of[c]).is_none_or(|&h| h == 2));
            for &c in group.iter() {
                if let Some(h) = held.get_mut(cage_of[c]) {
                    *h = 0;
                }
            }
            kept
        })?;
        let (a, b) = (solution.get(group[0]), {
            let first = solution.get(group[0]);
            group
                .iter()
                .map(|&c| solution.get(c))
                .find(|&d| d != first)?
        });
        let mut other = solution.cells().to_vec();
        for &c in group {
            other[c] = if other[c] == a { b } else { a };
        }
        Some(other)
    }
}

/// What a uniqueness check found.
enum Count {
    Unique,
    /// Two solutions (a cell where they differ, and the one that is not the grid the cages
    /// were cut from), or the work ran out (neither).
    Other(Option<usize>, Option<Vec<u8>>),
    Cancelled,
}

/// Counts the solutions of the cages (with their sums, [`with_sums`]; none when those were
/// not valid) to 2 within `work`; `solution` is the grid they were cut from.
fn count(
    shape: Shape,
    cages: Option<Cages>,
    solution: &Grid,
    work: u64,
    control: &mut dyn Control,
) -> Count {
    let Some(cages) = cages else {
        return Count::Other(None, None);
    };
    // The depth-first search, which alone knows cages (as `Search` would run it for a
    // shape with these cages), on cages it borrows: a shape with cages keeps them for the
    // whole program, and a generation tries dozens of sets (3,000 killers took 46 MB, and
    // each new set was compared with all the kept ones).
    let mut dfs = DepthFirst::with_cages(shape, &cages);
    dfs.load_masks(&vec![shape.full_mask(); shape.cell_count()]);
    dfs.set_work_limit(work);
    let mut cancelled = false;
    let mut found: Vec<Grid> = Vec::with_capacity(2);
    let decided = loop {
        if found.len() == 2 {
            break true;
        }
        if dfs.stats().work >= work {
            break false;
        }
        let next = dfs.next_solution_with(&mut |_| {
            cancelled = !control.go_on(&Progress {
                fraction: 0.3,
                stage: Stage::Exact,
                candidate: 1,
            });
            !cancelled
        });
        match next {
            Next::Solution => found.push(dfs.solution()),
            Next::Exhausted => break true,
            Next::Stopped => break false,
        }
    };
    if cancelled {
        return Count::Cancelled;
    }
    match (decided, found.as_slice()) {
        (true, [_]) => Count::Unique,
        (_, [a, b]) => {
            let other = [a, b].into_iter().find(|g| g.cells() != solution.cells());
            Count::Other(
                (0..a.cells().len()).find(|&c| a.get(c) != b.get(c)),
                other.map(|g| g.cells().to_vec()),
            )
        }
        _ => Count::Other(None, None),
    }
}

/// Splits the cage holding `cell` in two: the part grown from `cell` through about half
/// the cage, and the rest, cut into its connected pieces. Under a symmetry, the part
/// takes in its images under the turns that keep the cage (so the pieces are symmetric
/// as the cage is), and the cage's images elsewhere are split the same way; a cage whose
/// part would take it all is cut into single cells.
fn split(cages: &mut Vec<Vec<usize>>, cell: usize, n: usize, turns: &Turns, rng: &mut impl Rng) {
    let Some(k) = cages.iter().position(|c| c.contains(&cell)) else {
        return;
    };
    let cage = cages.swap_remove(k);
    if cage.len() == 1 {
        cages.push(cage);
        return;
    }
    let want = (cage.len() / 2).max(1);
    let mut part = vec![cell];
    while part.len() < want {
        let frontier: Vec<usize> = part
            .iter()
            .flat_map(|&c| neighbours(n, c))
            .filter(|o| cage.contains(o) && !part.contains(o))
            .collect();
        if frontier.is_empty() {
            break;
        }
        part.push(frontier[rng.random_range(0..frontier.len())]);
    }
    if turns.tables.is_empty() {
        let rest: Vec<usize> = cage.into_iter().filter(|c| !part.contains(c)).collect();
        cages.push(part);
        cages.extend(pieces(&rest, n));
        return;
    }
    // The part with its images inside the cage (under the turns that keep the cage).
    let mut sorted = cage.clone();
    crate::sorting::sort_usizes(&mut sorted);
    let mut whole = part.clone();
    for t in 0..turns.tables.len() {
        whole.extend(
            turns
                .image(t, &part)
                .into_iter()
                .filter(|c| sorted.binary_search(c).is_ok()),
        );
    }
    crate::sorting::sort_usizes(&mut whole);
    whole.dedup();
    let split_into: Vec<Vec<usize>> = if whole.len() == cage.len() {
        cage.iter().map(|&c| vec![c]).collect()
    } else {
        let rest: Vec<usize> = cage
            .iter()
            .copied()
            .filter(|c| whole.binary_search(c).is_err())
            .collect();
        let mut out = pieces(&whole, n);
        out.extend(pieces(&rest, n));
        out
    };
    // The cage's images go, and the pieces with their images take their place.
    let mut gone = vec![false; n * n];
    for t in 0..turns.tables.len() {
        for c in turns.image(t, &sorted) {
            gone[c] = true;
        }
    }
    cages.retain(|c| !gone[c[0]]);
    let mut placed = vec![false; n * n];
    for piece in split_into {
        for c in turns.orbit(&piece) {
            if !placed[c[0]] {
                for &cell in &c {
                    placed[cell] = true;
                }
                cages.push(c);
            }
        }
    }
}

/// Cells cut into their connected pieces.
fn pieces(cells: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut out = Vec::new();
    while let Some(first) = left.pop() {
        let mut piece = vec![first];
        let mut at = 0;
        while at < piece.len() {
            let c = piece[at];
            at += 1;
            for o in neighbours(n, c) {
                if let Some(i) = left.iter().position(|&x| x == o) {
                    left.swap_remove(i);
                    piece.push(o);
                }
            }
        }
        out.push(piece);
    }
    out
}

/// Two neighbouring cages joined, drawn at random: a cage and one beside it whose digits
/// it does not have, together no larger than 4 cells (one time in eight
/// [`MOST_CELLS`]). `None` when the one drawn
/// has no such neighbour. Under a symmetry the images of the two are joined too, and
/// a join whose image overlaps it without being it (or repeats a digit) is not made.
fn merge(
    cages: &[Vec<usize>],
    solution: &Grid,
    turns: &Turns,
    rng: &mut impl Rng,
) -> Option<Merged> {
    let n = solution.size();
    let cage_of = cage_index(cages, solution.shape().cell_count());
    let k = rng.random_range(0..cages.len());
    // Mostly up to 4 cells, as printed killers have; now and then up to MOST_CELLS.
    let most = if rng.random_range(0..8u32) == 0 {
        MOST_CELLS
    } else {
        4
    };
    let digits = |k: usize| digit_mask(&cages[k], solution);
    let mut near: Vec<usize> = cages[k]
        .iter()
        .flat_map(|&c| neighbours(n, c))
        .map(|o| cage_of[o])
        .filter(|&j| {
            j != k && cages[k].len() + cages[j].len() <= most.min(n) && digits(k) & digits(j) == 0
        })
        .collect();
    crate::sorting::sort_usizes(&mut near);
    near.dedup();
    if near.is_empty() {
        return None;
    }
    let j = near[rng.random_range(0..near.len())];
    let mut joined = cages[k].clone();
    joined.extend(&cages[j]);
    // The joined cage and its images; the cages they are made of go.
    let orbit = turns.orbit(&joined);
    if orbit[0].len() != joined.len()
        || !orbit
            .iter()
            .all(|c| c.len() <= most.min(n) && distinct_digits(c, solution))
    {
        return None;
    }
    let mut gone = vec![false; cages.len()];
    for c in &orbit {
        for &cell in c {
            gone[cage_of[cell]] = true;
        }
    }
    let mut out: Vec<Vec<usize>> = cages
        .iter()
        .enumerate()
        .filter(|&(i, _)| !gone[i])
        .map(|(_, c)| c.clone())
        .collect();
    let joined = orbit
        .iter()
        .map(|c| {
            let mut c = c.clone();
            crate::sorting::sort_usizes(&mut c);
            c
        })
        .collect();
    out.extend(orbit);
    Some(Merged { cages: out, joined })
}

/// A merge drawn by [`merge`].
struct Merged {
    /// The cages after the merge.
    cages: Vec<Vec<usize>>,
    /// The new cages among them, each sorted.
    joined: Vec<Vec<usize>>,
}
