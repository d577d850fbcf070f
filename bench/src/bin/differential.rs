//! Differential testing at scale (benchmark-only): sudoku64's answers against an
//! independent solver, and its logic steps against the solution.
//!
//! ```text
//! cargo run --release -p sudoku64-bench --bin differential -- nine --count 1000000 --seed 1
//! cargo run --release -p sudoku64-bench --bin differential -- large --size 16 --count 1000 --out target/gen-16.txt
//! python3 scripts/cadical-count.py target/gen-16.txt    # uniqueness, independently
//! ```
//!
//! - `nine`: puzzles from the public 9×9 sets in `../shared/puzzles`, each under a random
//!   symmetry, and then as they are, with one to three clues removed, or with a clue added
//!   that the rules allow (from the solution or not), so that 0, 1 and 2+ solutions all
//!   come up. Each is counted up to 2 by the `sudoku` crate and by sudoku64's 9×9 path (the
//!   band solver); one in `--general-every` also by the general policy with the band solver
//!   off. Unique ones have their solutions compared, and one in `--logic-every` is
//!   explained step by step by the logic solver, every step checked against the solution.
//! - `large`: puzzles from sudoku64's generator, seeds `--seed` onwards, at any size
//!   (9×9 included, where the generator uses the band solver): each must have exactly one
//!   solution by the depth-first and the conflict-driven search alone, a puzzle said to
//!   be minimal must have a second solution without any one of its clues (up to 16×16),
//!   and every step of its logic explanation must agree with the solution. `--out` writes
//!   them, one per line, for CaDiCaL to check (`scripts/cadical-count.py`).
//!
//! Prints the counts by answer and every mismatch (with the puzzle), and exits non-zero
//! when there was one.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use sudoku64::generate::{Options, Unattended, generate};
use sudoku64::logic::steps;
use sudoku64::search::{Limits, Policy, Search};
use sudoku64::transform::random_symmetry;
use sudoku64::{Grid, Shape, Verdict, format, parse};

#[derive(Parser)]
#[command(about = "Checks sudoku64's answers against independent ones, at scale")]
struct Args {
    #[command(subcommand)]
    kind: Kind,
}

#[derive(Subcommand)]
enum Kind {
    /// 9×9 puzzles from the public sets, changed at random, against the `sudoku` crate.
    Nine {
        /// Puzzles to check.
        #[arg(long, default_value_t = 1_000_000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The folder of the public sets.
        #[arg(long, default_value = "../shared/puzzles")]
        sets: PathBuf,
        /// Check one puzzle in this many with the general policy too (band solver off).
        #[arg(long, default_value_t = 10)]
        general_every: u64,
        /// Explain one unique puzzle in this many with the logic solver, checking each step.
        #[arg(long, default_value_t = 10)]
        logic_every: u64,
    },
    /// Generated puzzles of one size: unique by both exact engines, minimal when said so,
    /// logic steps sound.
    Large {
        #[arg(long)]
        size: usize,
        #[arg(long, default_value_t = 1000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the puzzles here, one per line, for an independent check.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// What was checked and what disagreed.
#[derive(Default)]
struct Tally {
    by_count: [u64; 3],
    general: u64,
    steps: u64,
    explained: u64,
    minimal: u64,
    mismatches: u64,
}

impl Tally {
    fn mismatch(&mut self, what: &str, grid: &Grid) {
        self.mismatches += 1;
        println!("MISMATCH {what}: {}", format::to_line(grid));
    }

    /// Explains a unique puzzle and checks every step against its solution.
    fn check_steps(&mut self, grid: &Grid, solution: &Grid) {
        let explained = match steps::explain(grid) {
            Ok(Verdict::Unique(steps)) => steps,
            Ok(Verdict::Unsolvable(why)) => {
                return self.mismatch(&format!("explain refused a unique puzzle ({why})"), grid);
            }
            Err(e) => {
                return self.mismatch(&format!("explain refused a unique puzzle ({e})"), grid);
            }
        };
        let mut board = grid.clone();
        for step in &explained {
            self.steps += 1;
            let wrong_placement = step.placements.iter().any(|&(c, v)| solution.get(c) != v);
            let wrong_elimination = step.eliminations.iter().any(|&(c, v)| solution.get(c) == v);
            if wrong_placement || wrong_elimination {
                return self.mismatch(&format!("unsound step ({})", step.text()), grid);
            }
            for &(c, v) in &step.placements {
                board.set(c, v);
            }
        }
        if &board != solution {
            return self.mismatch("the explanation does not end at the solution", grid);
        }
        self.explained += 1;
    }
}

fn main() {
    let args = Args::parse();
    let started = Instant::now();
    let tally = match args.kind {
        Kind::Nine {
            count,
            seed,
            sets,
            general_every,
            logic_every,
        } => nine(count, seed, &sets, general_every.max(1), logic_every.max(1)),
        Kind::Large {
            size,
            count,
            seed,
            out,
        } => large(size, count, seed, out),
    };
    let [none, one, several] = tally.by_count;
    println!(
        "checked {} puzzles: {none} with no solution, {one} with one, {several} with several; \
         {} also by the general policy; {} proved minimal clue by clue; {} explained ({} logic steps checked); \
         {} mismatches; {:.1} s",
        none + one + several,
        tally.general,
        tally.minimal,
        tally.explained,
        tally.steps,
        tally.mismatches,
        started.elapsed().as_secs_f64()
    );
    if tally.mismatches > 0 {
        std::process::exit(1);
    }
}

/// Every 81-cell puzzle line of the public sets.
fn read_sets(folder: &PathBuf) -> Vec<Grid> {
    let mut grids = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.expect("a readable folder").path())
        .filter(|p| p.is_file() && p.extension().is_none())
        .collect();
    entries.sort();
    for path in entries {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let before = grids.len();
        grids.extend(
            text.lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .filter_map(|l| parse::parse(&l[..81]).ok()),
        );
        eprintln!("{}: {} puzzles", path.display(), grids.len() - before);
    }
    assert!(!grids.is_empty(), "no puzzles in {}", folder.display());
    grids
}

/// Changes a puzzle at random: as it is (half the time), with one to three clues removed,
/// or with one clue added that clashes with no given.
fn vary(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let mut out = grid.clone();
    let cells = grid.cells().len();
    match rng.random_range(0..4u32) {
        0 | 1 => {}
        2 => {
            for _ in 0..rng.random_range(1..=3u32) {
                let filled: Vec<usize> = (0..cells).filter(|&c| out.get(c) != 0).collect();
                if let Some(&c) =
                    filled.get(rng.random_range(0..filled.len().max(1) as u32) as usize)
                {
                    out.set(c, 0);
                }
            }
        }
        _ => {
            let empty: Vec<usize> = (0..cells).filter(|&c| out.get(c) == 0).collect();
            if let Some(&c) = empty.get(rng.random_range(0..empty.len().max(1) as u32) as usize) {
                let allowed: Vec<u8> = (1..=9u8)
                    .filter(|&v| {
                        out.set(c, v);
                        out.first_clash().is_none()
                    })
                    .collect();
                out.set(c, 0);
                if let Some(&v) =
                    allowed.get(rng.random_range(0..allowed.len().max(1) as u32) as usize)
                {
                    out.set(c, v);
                }
            }
        }
    }
    out
}

fn nine(count: u64, seed: u64, sets: &PathBuf, general_every: u64, logic_every: u64) -> Tally {
    let pool = read_sets(sets);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let shape = Shape::from_size(9).expect("9×9");
    let mut band = Search::new(shape);
    let mut general = Search::with_policy(
        shape,
        Policy {
            band: false,
            bitboard: false,
            ..Policy::default()
        },
    );
    let mut tally = Tally::default();
    for i in 0..count {
        let base = &pool[rng.random_range(0..pool.len() as u32) as usize];
        let grid = vary(&random_symmetry(base, &mut rng), &mut rng);
        let reference = sudoku::Sudoku::from_bytes_slice(grid.cells()).expect("81 cells of 0..=9");
        let theirs = reference.solutions_count_up_to(2);
        let ours = band.count_grid(&grid, 2, Limits::NONE, &mut |_| true);
        if ours.count as usize != theirs {
            tally.mismatch(
                &format!("we count {}, the sudoku crate {theirs}", ours.count),
                &grid,
            );
            continue;
        }
        tally.by_count[theirs.min(2)] += 1;
        let solution = ours.first.clone();
        if theirs == 1 {
            let theirs = reference.solution().expect("one solution").to_bytes();
            if solution.as_ref().map(|s| s.cells()) != Some(&theirs[..]) {
                tally.mismatch("the only solutions differ", &grid);
                continue;
            }
        }
        if i % general_every == 0 {
            tally.general += 1;
            let answer = general.count_grid(&grid, 2, Limits::NONE, &mut |_| true);
            if answer.count != ours.count || (theirs == 1 && answer.first != solution) {
                tally.mismatch("the general policy disagrees with the band solver", &grid);
                continue;
            }
        }
        if theirs == 1 && i % logic_every == 0 {
            tally.check_steps(&grid, solution.as_ref().expect("one solution"));
        }
        if (i + 1) % 100_000 == 0 {
            eprintln!("{} checked, {} mismatches", i + 1, tally.mismatches);
        }
    }
    tally
}

fn large(size: usize, count: u64, seed: u64, out: Option<PathBuf>) -> Tally {
    let shape = Shape::from_size(size).unwrap_or_else(|e| panic!("--size: {e}"));
    let mut tally = Tally::default();
    let mut lines = String::new();
    let engines = [Policy::depth_first_only(), Policy::conflict_driven_only()];
    for i in 0..count {
        let made = generate(&Options::new(shape, seed + i), &mut Unattended)
            .unwrap_or_else(|e| panic!("seed {}: {e}", seed + i));
        let grid = made.puzzle;
        lines.push_str(&format::to_line(&grid));
        lines.push('\n');
        let mut agreed = true;
        for policy in &engines {
            let mut search = Search::with_policy(shape, policy.clone());
            let answer = search.count_grid(&grid, 2, Limits::NONE, &mut |_| true);
            if answer.count != 1 || answer.first.as_ref() != Some(&made.solution) {
                tally.mismatch(
                    &format!("seed {}: counted {}", seed + i, answer.count),
                    &grid,
                );
                agreed = false;
                break;
            }
        }
        if !agreed {
            continue;
        }
        // A puzzle said to be minimal: without any one clue it has a second solution, by
        // the depth-first search alone (up to 16×16, where that is quick).
        if made.minimal && size <= 16 {
            let mut search = Search::with_policy(shape, Policy::depth_first_only());
            for cell in (0..grid.cells().len()).filter(|&c| grid.get(c) != 0) {
                let mut fewer = grid.clone();
                fewer.set(cell, 0);
                let answer = search.count_grid(&fewer, 2, Limits::NONE, &mut |_| true);
                if answer.count != 2 {
                    tally.mismatch(
                        &format!("seed {}: said minimal, but clue {cell} can go", seed + i),
                        &grid,
                    );
                    agreed = false;
                    break;
                }
            }
            if !agreed {
                continue;
            }
            tally.minimal += 1;
        }
        tally.by_count[1] += 1;
        tally.general += 1;
        tally.check_steps(&grid, &made.solution);
        if (i + 1) % 100 == 0 {
            eprintln!("{} checked, {} mismatches", i + 1, tally.mismatches);
        }
    }
    if let Some(path) = out {
        std::fs::write(&path, lines).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    tally
}
