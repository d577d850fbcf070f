//! The engine's errors, one type for each phase of the work, and its two outcomes that
//! are not errors of the input: a stopped piece of work and a puzzle without one solution.
//!
//! - [`ReadError`]: text, a link or a game ID that cannot be read (`read.rs`);
//! - [`RuleError`]: a layout or givens that break the rules of their grid (`rule.rs`);
//! - [`OptionError`]: an option's value that the engine does not take;
//! - [`Cancelled`]: the caller stopped the work, by a cancel or a time limit;
//! - [`Unsolvable`]: the puzzle has no solution, or several, where the work needs one.
//!
//! A function that can meet more than one of them returns [`Error`], which holds one. The
//! last is an answer about the puzzle, not an error: work that needs the puzzle's one
//! solution (a hint, an explanation, a grading) returns a [`Verdict`], its result or
//! the puzzle's [`Unsolvable`], inside the `Ok` of its `Result`; the exact search answers
//! the same question with [`crate::search::SolveResult`].
//! Messages are lowercase with no final period, and name places the way players do:
//! `r3c7` is row 3, column 7, counted from 1. The facts behind a message are fields,
//! so the page can point at the cells and the command line can name the line. The message
//! itself is data too ([`Error::words`]): a page words it in its reader's language, and
//! `Display` in English, both from the page's catalogs (`www/locales/*/hints.js`).

use std::fmt;

use crate::grid::Shape;
pub use crate::grid::Unit;
use crate::logic::{Arg, Words};

mod read;
mod rule;

pub use read::{ReadError, ReadErrorKind};
pub use rule::{CageProblem, RuleError, RuleErrorKind};

/// Whatever stopped a piece of work that can meet more than one phase's error: small to
/// move around (each phase's details live in a box).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input could not be read.
    Read(ReadError),
    /// The grid breaks its rules.
    Rule(RuleError),
    /// An option's value is not one the engine takes.
    Option(OptionError),
    /// The caller stopped the work.
    Cancelled(Cancelled),
}

/// An option with a value outside its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    details: Box<OptionDetails>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct OptionDetails {
    name: &'static str,
    value: String,
    allowed: Words,
}

/// The caller stopped the work (a cancel button, a closed page, a time limit): an outcome
/// of its own, not a fault of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

/// The puzzle has no solution, or more than one: an answer about the puzzle, which work
/// that needs its one solution (a hint, an explanation, a rating) cannot go past
/// ([`Verdict::Unsolvable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unsolvable {
    /// No solution: its givens do not clash, but no grid completes them.
    NoSolution,
    /// More than one solution: two of them differ at `cell`.
    Several {
        /// The grid's shape.
        shape: Shape,
        /// A cell where two solutions differ.
        cell: usize,
        /// Its symbol in one solution.
        first: u8,
        /// Its symbol in another.
        second: u8,
    },
}

/// What work that needs the puzzle's one solution (a hint, an explanation, a grading)
/// found: its result when the puzzle has exactly one solution, or the puzzle's answer
/// when it has none or several. Neither is an error: both say something true of the
/// puzzle, and a caller shows each as such.
///
/// ```
/// use sudoku64::{Unsolvable, Verdict, hint, parse};
/// let two = parse::parse("12..34..........").unwrap();
/// match hint(&two).unwrap() {
///     Verdict::Unique(_) => unreachable!("this grid has many solutions"),
///     Verdict::Unsolvable(why) => assert!(matches!(why, Unsolvable::Several { .. })),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Verdict<T> {
    /// The puzzle has one solution, and this is the work's result.
    Unique(T),
    /// The puzzle has no solution, or several, so the work has no result.
    Unsolvable(Unsolvable),
}

impl<T> Verdict<T> {
    /// The result, when the puzzle has one solution.
    pub fn unique(self) -> Option<T> {
        match self {
            Verdict::Unique(t) => Some(t),
            Verdict::Unsolvable(_) => None,
        }
    }

    /// The result, or the puzzle's answer as the `Err` of a `Result`, for callers that
    /// treat both the same way (`?` into their own error).
    pub fn into_result(self) -> Result<T, Unsolvable> {
        match self {
            Verdict::Unique(t) => Ok(t),
            Verdict::Unsolvable(why) => Err(why),
        }
    }

    /// The result, for a puzzle known to have one solution.
    ///
    /// Panics when it has none or several, naming which by [`Unsolvable::kind_name`] (not
    /// the sentence: wording it would bring the English catalog into every build that
    /// calls this, the wasm's included).
    #[track_caller]
    pub fn unwrap(self) -> T {
        match self {
            Verdict::Unique(t) => t,
            Verdict::Unsolvable(why) => {
                panic!("the puzzle has not one solution: {}", why.kind_name())
            }
        }
    }

    /// The verdict with `f` applied to its result.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Verdict<U> {
        match self {
            Verdict::Unique(t) => Verdict::Unique(f(t)),
            Verdict::Unsolvable(why) => Verdict::Unsolvable(why),
        }
    }
}

impl OptionError {
    /// An option `name` given `value`; `allowed` is the sentence that says what is allowed
    /// (`Words::new("allowed-level")`).
    pub fn new(name: &'static str, value: impl fmt::Display, allowed: Words) -> OptionError {
        OptionError {
            details: Box::new(OptionDetails {
                name,
                value: value.to_string(),
                allowed,
            }),
        }
    }

    /// The option's name (`"time budget"`).
    pub fn name(&self) -> &'static str {
        self.details.name
    }

    /// What was given.
    pub fn value(&self) -> &str {
        &self.details.value
    }

    /// The message as data (see [`Error::words`]).
    pub fn words(&self) -> Words {
        let OptionDetails {
            name,
            value,
            allowed,
        } = &*self.details;
        Words::new("bad-option")
            .with("value", Arg::Text(value.clone()))
            .with("name", Arg::Words(Box::new(Words::new(option_key(name)))))
            .around("allowed", allowed.clone())
    }
}

impl Cancelled {
    /// The message as data (see [`Error::words`]).
    pub fn words(&self) -> Words {
        Words::new("cancelled")
    }
}

impl Unsolvable {
    /// The message as data (see [`Error::words`]).
    pub fn words(&self) -> Words {
        let num = Arg::whole;
        match self {
            Unsolvable::NoSolution => Words::new("no-solution"),
            Unsolvable::Several {
                shape,
                cell,
                first,
                second,
            } => Words::new("multiple-solutions")
                .with("size", num(shape.size()))
                .with("cell", Arg::Cell(*cell))
                .with("first", Arg::Symbol(*first))
                .with("second", Arg::Symbol(*second)),
        }
    }

    /// `"no-solution"` or `"multiple-solutions"`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Unsolvable::NoSolution => "no-solution",
            Unsolvable::Several { .. } => "multiple-solutions",
        }
    }

    /// The cell where two solutions differ, when there are several.
    pub fn cell(&self) -> Option<usize> {
        match self {
            Unsolvable::Several { cell, .. } => Some(*cell),
            Unsolvable::NoSolution => None,
        }
    }

    /// The side of the grid that cell is on.
    pub fn side(&self) -> Option<usize> {
        match self {
            Unsolvable::Several { shape, .. } => Some(shape.size()),
            Unsolvable::NoSolution => None,
        }
    }
}

impl Error {
    /// The message as data for a page to word in its reader's language: the `engine.KEY`
    /// messages of `www/locales/*/hints.js`, with the slots of [`crate::logic::Words`].
    /// The English message (`Display`) is made from it by the English catalog.
    pub fn words(&self) -> Words {
        match self {
            Error::Read(e) => e.words(),
            Error::Rule(e) => e.words(),
            Error::Option(e) => e.words(),
            Error::Cancelled(e) => e.words(),
        }
    }

    /// A short stable name for the kind, for programs (`"clash"`, `"bad-symbol"`, ...).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Error::Read(e) => e.kind_name(),
            Error::Rule(e) => e.kind_name(),
            Error::Option(_) => "bad-option",
            Error::Cancelled(_) => "cancelled",
        }
    }

    /// What could not be read, when the input could not be.
    pub fn as_read(&self) -> Option<&ReadErrorKind> {
        match self {
            Error::Read(e) => Some(e.kind()),
            _ => None,
        }
    }

    /// Which rule the grid breaks, when it breaks one.
    pub fn as_rule(&self) -> Option<&RuleErrorKind> {
        match self {
            Error::Rule(e) => Some(e.kind()),
            _ => None,
        }
    }

    /// Whether the caller stopped the work.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, Error::Cancelled(_))
    }

    /// The grid cells the error is about (row-major indices), for a page to point at.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Error::Rule(e) => e.cells(),
            _ => Vec::new(),
        }
    }

    /// The side of the grid those cells are on, when the error knows it.
    pub fn side(&self) -> Option<usize> {
        match self {
            Error::Rule(e) => e.side(),
            _ => None,
        }
    }

    /// The line of the input text the error is on, from 1, when it is about text.
    pub fn line(&self) -> Option<usize> {
        match self {
            Error::Read(e) => e.line(),
            _ => None,
        }
    }

    /// The column (character) of that line, from 1.
    pub fn column(&self) -> Option<usize> {
        match self {
            Error::Read(e) => e.column(),
            _ => None,
        }
    }

    /// A shortcut for an [`OptionError`]; `allowed` is the sentence that says what is
    /// allowed (`Words::new("allowed-level")`).
    pub fn bad_option(name: &'static str, value: impl fmt::Display, allowed: Words) -> Error {
        OptionError::new(name, value, allowed).into()
    }
}

impl From<ReadError> for Error {
    fn from(e: ReadError) -> Error {
        Error::Read(e)
    }
}

impl From<ReadErrorKind> for Error {
    fn from(kind: ReadErrorKind) -> Error {
        Error::Read(kind.into())
    }
}

impl From<RuleError> for Error {
    fn from(e: RuleError) -> Error {
        Error::Rule(e)
    }
}

impl From<RuleErrorKind> for Error {
    fn from(kind: RuleErrorKind) -> Error {
        Error::Rule(kind.into())
    }
}

impl From<OptionError> for Error {
    fn from(e: OptionError) -> Error {
        Error::Option(e)
    }
}

impl From<Cancelled> for Error {
    fn from(e: Cancelled) -> Error {
        Error::Cancelled(e)
    }
}

/// `r3c7`: a cell as players name it, counting from 1.
pub fn cell_name(shape: Shape, cell: usize) -> String {
    format!("r{}c{}", shape.row(cell) + 1, shape.column(cell) + 1)
}

/// The side of a grid of `cells` cells that has no boxes, so is a grid only as a jigsaw
/// (5, 7, 11, ... 61), or `None` when the count is no square or its side has boxes.
fn regions_side(cells: usize) -> Option<usize> {
    (4..=crate::grid::MAX_SIZE).find(|&n| n * n == cells && Shape::is_boxless_side(n))
}

/// The English of an error's sentence whose cells are named on a grid of the side its
/// `size` slot says (9 without one).
fn english(words: &Words) -> String {
    let n = match words.args.iter().find(|(name, _)| *name == "size") {
        Some((_, Arg::Number(n))) => *n as usize,
        _ => 9,
    };
    let shape = Shape::from_size(n)
        .or_else(|_| crate::jigsaw::to_be_drawn(n))
        .unwrap_or_else(|_| Shape::nearest(81));
    words.english(shape)
}

/// The key of a variant's name as `--variant` takes it (`"x"`).
fn variant_key(variant: &str) -> &'static str {
    match variant {
        "x" => "variant-x",
        "windoku" => "variant-windoku",
        "jigsaw" => "variant-jigsaw",
        _ => "variant-killer",
    }
}

/// The key of an option's name in sentences (`"time budget"`).
fn option_key(name: &str) -> &'static str {
    match name {
        "box" => "option-box",
        "variant" => "option-variant",
        "level" => "option-level",
        "symmetry" => "option-symmetry",
        "empty fraction" => "option-empty-fraction",
        "time budget" => "option-time-budget",
        "size" => "option-size",
        _ => "option-value",
    }
}

impl fmt::Display for OptionError {
    /// The English of [`OptionError::words`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&self.words()))
    }
}

impl fmt::Display for Cancelled {
    /// The English of [`Cancelled::words`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&self.words()))
    }
}

impl fmt::Display for Unsolvable {
    /// The English of [`Unsolvable::words`], cells named on the grid's own shape.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolvable::Several { shape, .. } => f.write_str(&self.words().english(*shape)),
            Unsolvable::NoSolution => f.write_str(&english(&self.words())),
        }
    }
}

impl fmt::Display for Error {
    /// The English sentence of [`Error::words`], worded by the page's English catalog
    /// (`www/locales/en/hints.js`), so the command line and the page say the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read(e) => e.fmt(f),
            Error::Rule(e) => e.fmt(f),
            Error::Option(e) => e.fmt(f),
            Error::Cancelled(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OptionError {}
impl std::error::Error for Cancelled {}
impl std::error::Error for Unsolvable {}
impl std::error::Error for Error {}
