//! sudoku64: a Sudoku engine for grids from 1×1 to 64×64: boxes of any r×c shape, jigsaw
//! regions, X, windoku and killer cages.
//!
//! The crate is the pure engine; it compiles unchanged for the host and for
//! `wasm32-unknown-unknown`. Only the `wasm` module (built for wasm32 alone) touches wasm-bindgen.

#![deny(missing_docs)]

pub mod boundary;
pub mod cages;
pub mod error;
pub mod format;
pub mod generate;
pub mod grid;
pub mod jigsaw;
pub mod killer;
pub mod link;
pub mod logic;
pub mod parse;
pub mod search;
pub mod solo;
mod sorting;
pub mod stream;
pub mod transform;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use cages::Cages;
pub use error::{
    CageProblem, Cancelled, Error, OptionError, ReadError, ReadErrorKind, RuleError, RuleErrorKind,
    Unsolvable, Verdict,
};
pub use format::TextForm;
pub use grid::{Grid, Shape, Variants};
pub use logic::rate::{Level, Rating, rate};
pub use logic::steps::{Logic, explain, hint};
pub use logic::{Step, Technique};
pub use parse::{ParseOptions, Puzzles, parse_with, puzzles};

/// The crate version, as written in `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The crate version, as written in `Cargo.toml`.
///
/// ```
/// assert_eq!(sudoku64::version(), env!("CARGO_PKG_VERSION"));
/// ```
pub fn version() -> &'static str {
    VERSION
}
