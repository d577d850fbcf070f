//! Makes the hard puzzle sets of `bench/data/` (benchmark-only).
//!
//! ```text
//! cargo run --release -p sudoku64-bench --bin hard-sets -- minimal --size 25 --count 20 --seed 1
//! cargo run --release -p sudoku64-bench --bin hard-sets -- blanks --size 64 --fraction 0.45 --count 5 --seed 1
//! ```
//!
//! - `minimal`: a random full grid, then random-order removal: every cell in a random
//!   order loses its clue when the puzzle keeps exactly one solution without it. The
//!   result depends only on the grid, the order and the true answers, not on the solver
//!   that answers (check them with `scripts/cadical-count.py`).
//! - `blanks`: a random full grid with a fraction of its cells, chosen at random, emptied.
//!
//! One puzzle per line on standard output, in the one-line form.

use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use sudoku64::generate::{Options, Target, Unattended, generate};
use sudoku64::search::{Limits, Policy, Search};
use sudoku64::transform::permutation;
use sudoku64::{Grid, Shape, format};

#[derive(Parser)]
#[command(about = "Makes hard Sudoku sets for the large-grid benchmark")]
struct Args {
    #[command(subcommand)]
    kind: Kind,
}

#[derive(Subcommand)]
enum Kind {
    /// Minimal puzzles by random-order removal.
    Minimal {
        #[arg(long)]
        size: usize,
        #[arg(long, default_value_t = 20)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Full grids with a random fraction of cells emptied.
    Blanks {
        #[arg(long)]
        size: usize,
        #[arg(long)]
        fraction: f64,
        #[arg(long, default_value_t = 5)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// A random full grid: the generator's first step, with nothing dug.
fn full_grid(shape: Shape, seed: u64) -> Grid {
    let options = Options {
        target: Some(Target::Empty(0.0)),
        ..Options::new(shape, seed)
    };
    generate(&options, &mut Unattended)
        .expect("a full grid")
        .solution
}

fn main() {
    match Args::parse().kind {
        Kind::Minimal { size, count, seed } => {
            let shape = Shape::from_size(size).expect("a grid side");
            let mut search = Search::with_policy(shape, Policy::default());
            for i in 0..count {
                let solution = full_grid(shape, seed.wrapping_add(i));
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i) ^ 0x9e37);
                let mut puzzle = solution.clone();
                let full = shape.full_mask();
                for cell in permutation(shape.cell_count(), &mut rng) {
                    let v = puzzle.get(cell);
                    puzzle.set(cell, 0);
                    let mut masks: Vec<u64> = puzzle
                        .cells()
                        .iter()
                        .map(|&x| if x == 0 { full } else { 1u64 << (x - 1) })
                        .collect();
                    masks[cell] &= !(1u64 << (v - 1));
                    let found = search.count(&masks, 1, Limits::NONE, &mut |_| true);
                    assert!(found.decided, "no limit was set");
                    if found.count > 0 {
                        puzzle.set(cell, v);
                    }
                }
                println!("{}", format::to_line(&puzzle));
                eprintln!("puzzle {}: {} clues", i + 1, puzzle.clue_count());
            }
        }
        Kind::Blanks {
            size,
            fraction,
            count,
            seed,
        } => {
            let shape = Shape::from_size(size).expect("a grid side");
            let blanks = (fraction * shape.cell_count() as f64).round() as usize;
            for i in 0..count {
                let mut grid = full_grid(shape, seed.wrapping_add(i));
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i) ^ 0x7f4a);
                for &cell in permutation(shape.cell_count(), &mut rng)
                    .iter()
                    .take(blanks)
                {
                    grid.set(cell, 0);
                }
                println!("{}", format::to_line(&grid));
            }
        }
    }
}
