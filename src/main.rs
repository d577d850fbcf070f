//! The `sudoku64` command line: solve, generate and benchmark from a terminal.

fn main() {
    println!("sudoku64 {}", sudoku64::version());
}
