//! The `sudoku64` command line: solve, generate, grade, explain and benchmark from a
//! terminal.
//!
//! ```text
//! sudoku64 solve puzzles.txt            one solution per line
//! sudoku64 solve --count 2 -            solution counts, from standard input
//! sudoku64 generate --size 16 --count 5 PUZZLE SOLUTION lines
//! sudoku64 rate puzzles.txt             LEVEL SCORE lines
//! sudoku64 explain puzzles.txt          the steps, one per line
//! sudoku64 bench solve puzzles.txt      throughput, median and p99
//! sudoku64 bench generate --size 64 --count 5
//! ```

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

/// The command line has nothing to do in a browser; this keeps `cargo test --target
/// wasm32-unknown-unknown` able to build every target.
#[cfg(target_arch = "wasm32")]
fn main() {}
