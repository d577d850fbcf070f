//! The engine's one error type: what went wrong, and where (cells, line and column).
//!
//! Messages are lowercase with no final period, and name places the way players do:
//! `r3c7` is row 3, column 7, counted from 1. The facts behind a message are fields,
//! so the page can point at the cells and the command line can name the line. The message
//! itself is data too ([`Error::words`]): a page words it in its reader's language, and
//! `Display` in English, both from the page's catalogs (`www/locales/*/hints.js`).

use std::fmt;

use crate::grid::Shape;
pub use crate::grid::Unit;
use crate::logic::{Arg, Words};

/// An engine error. Small to move around: the details live in a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: Box<ErrorKind>,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input holds no cells at all.
    Empty,
    /// The input is longer than the reader accepts.
    TooLarge {
        /// Bytes in the input.
        bytes: usize,
        /// The most the reader accepts.
        limit: usize,
    },
    /// A line of a stream longer than one puzzle may be: skipped without being held whole.
    LineTooLong {
        /// Line of the input, from 1.
        line: usize,
        /// The most bytes one line may take.
        limit: usize,
    },
    /// A byte that is not part of UTF-8 text: its line is skipped.
    BadUtf8 {
        /// Line of the input, from 1.
        line: usize,
        /// Column (character) of the line where the bad byte is, from 1.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// Input in another encoding, known by its byte-order mark (UTF-16 or UTF-32).
    Encoding {
        /// The encoding's name, such as `UTF-16 little-endian`.
        name: &'static str,
    },
    /// The input could not be read (a failing disk, a closed pipe): reading stopped.
    ReadFailed {
        /// What the system said.
        message: String,
    },
    /// A NUL byte, which no text holds: the input is binary, and reading stopped there.
    Binary {
        /// Line of the input, from 1.
        line: usize,
        /// Column (character) of the line, from 1.
        column: usize,
    },
    /// The number of cells fits no grid, or not the one asked for.
    CellCount {
        /// Cells found.
        found: usize,
        /// The shape the caller asked for, or the one the text's rows point to, if any.
        expected: Option<Shape>,
        /// When the text is written one row per line: the first line whose number of
        /// cells is not the grid's side, and its cells (`(line, cells)`, line from 1).
        row: Option<(usize, usize)>,
    },
    /// A line that starts with `#`, so was skipped as a comment, though it holds a grid's
    /// worth of characters (a puzzle whose first cell was written `#`).
    CommentedGrid {
        /// Line of the text, from 1.
        line: usize,
        /// The grid its length fits.
        shape: Shape,
    },
    /// A character that is not a symbol of the grid's alphabet, at a line and column of the text.
    BadSymbol {
        /// The character.
        symbol: char,
        /// Line of the text, from 1.
        line: usize,
        /// Column (character) of the line, from 1.
        column: usize,
        /// The grid's shape.
        shape: Shape,
    },
    /// A symbol over the grid side in a cell array.
    SymbolValue {
        /// The value.
        value: usize,
        /// The cell.
        cell: usize,
        /// The grid side.
        size: usize,
    },
    /// Two givens with the same symbol in one row, column or box.
    Clash {
        /// The grid's shape.
        shape: Shape,
        /// The earlier cell.
        first: usize,
        /// The later cell.
        second: usize,
        /// The symbol both hold.
        symbol: u8,
        /// The unit they share.
        unit: Unit,
    },
    /// A grid side that has no box shape: 2, 3, a prime, or over 64.
    BadSize {
        /// The side asked for.
        size: usize,
    },
    /// A web address whose puzzle cannot be read ([`crate::link`]): a site or a layout not
    /// read here, or a link with no puzzle in it.
    BadLink {
        /// What is wrong, and what to paste instead, as a sentence (`engine.link-*`).
        problem: Words,
    },
    /// A game ID (`PARAMS:DESC`, [`crate::solo`]) that cannot be read.
    BadId {
        /// `"params"` or `"description"`.
        section: &'static str,
        /// The character of the ID where it goes wrong, from 1.
        offset: usize,
        /// What is wrong there, as a sentence (`engine.id-*`).
        problem: Words,
    },
    /// A box shape that does not tile the grid, or is not a box (a side under 2).
    BadBox {
        /// Rows of cells in the box asked for.
        rows: usize,
        /// Columns of cells in the box asked for.
        columns: usize,
        /// The grid side it was asked for, if one was given.
        size: Option<usize>,
    },
    /// Jigsaw regions that are not n regions of n cells each.
    BadRegions {
        /// The first cell of the first region with the wrong number of cells (or of the
        /// region one too many).
        cell: usize,
        /// The cells that region has.
        cells: usize,
        /// The grid side: how many regions there must be, and cells in each.
        size: usize,
        /// How many regions there are.
        found: usize,
    },
    /// A variant that does not fit the grid: `x` below 4×4, `windoku` without square boxes.
    BadVariant {
        /// The variant's name, as `--variant` takes it.
        variant: &'static str,
        /// The shape it was asked on.
        shape: Shape,
        /// Why it does not fit: a sentence's key (`"variant-x-size"`), its English the
        /// `engine.` message of that key.
        reason: &'static str,
    },
    /// The caller stopped the work (a cancel button, a closed page).
    Cancelled,
    /// An option with a value outside its range.
    BadOption {
        /// The option's name.
        name: &'static str,
        /// What was given.
        value: String,
        /// What is allowed, as a sentence (`engine.allowed-*`).
        allowed: Words,
    },
    /// A whitespace-separated token (such as `17` in a 16×16 grid) that is not a symbol of
    /// the grid, at a line and column of the text.
    BadToken {
        /// The token, cut to its first 16 characters.
        token: String,
        /// Line of the text, from 1.
        line: usize,
        /// Column (character) of the line where the token starts, from 1.
        column: usize,
        /// The grid's shape.
        shape: Shape,
    },
    /// A character that is not a hex symbol (`0`-`F`) when hex symbols were asked for.
    BadHexSymbol {
        /// The character.
        symbol: char,
        /// Line of the text, from 1.
        line: usize,
        /// Column (character) of the line, from 1.
        column: usize,
    },
    /// A killer cage that cannot be (its layout or its sum), or whose givens break it.
    BadCage {
        /// The cage's cells, in reading order.
        cells: Vec<usize>,
        /// Its sum, if it has one.
        sum: Option<u32>,
        /// The grid side.
        size: usize,
        /// What is wrong with it.
        problem: CageProblem,
    },
    /// The puzzle has no solution (its givens do not clash, but no grid completes them).
    NoSolution,
    /// The puzzle has more than one solution: two of them differ at `cell`.
    MultipleSolutions {
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

/// What is wrong with a killer cage ([`ErrorKind::BadCage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageProblem {
    /// It has no cells.
    Empty,
    /// A cell past the grid's last.
    Outside {
        /// The cell.
        cell: usize,
    },
    /// A cell that is in an earlier cage too.
    Overlap {
        /// The cell.
        cell: usize,
    },
    /// Its cells are not joined side to side.
    NotConnected,
    /// More cells than there are digits, so two would repeat.
    TooBig,
    /// No set of distinct digits makes its sum: it must lie between these.
    NoDigits {
        /// The least sum its cells can make.
        least: u32,
        /// The most.
        most: u32,
    },
    /// The sums of all cages add up to more than the grid holds, or, with every cell in
    /// a cage, to anything but the grid's total.
    Total {
        /// The cages' sums added up.
        total: u32,
        /// What the grid's digits add up to.
        grid: u32,
    },
    /// Two of its cells carry a sum.
    TwoSums {
        /// The cell carrying the second.
        cell: usize,
        /// The second sum.
        second: u32,
    },
    /// A digit twice in it.
    Repeat {
        /// The digit.
        symbol: u8,
    },
    /// Its filled cells add up past its sum, or, full, to something else.
    Missed {
        /// What they add up to.
        total: u32,
    },
}

impl Error {
    /// The message as data for a page to word in its reader's language: the `engine.KEY`
    /// messages of `www/locales/*/hints.js`, with the slots of [`crate::logic::Words`].
    /// The English message (`Display`) is made from it by the English catalog.
    pub fn words(&self) -> Words {
        let num = Arg::whole;
        let text = |t: String| Arg::Text(t);
        let last =
            |n: usize| Arg::Text((crate::format::ALPHABET.as_bytes()[n - 1] as char).to_string());
        match &*self.kind {
            ErrorKind::Empty => Words::new("empty"),
            ErrorKind::TooLarge { bytes, limit } => Words::new("too-large")
                .with("bytes", num(*bytes))
                .with("limit", num(*limit)),
            ErrorKind::CellCount {
                found,
                expected: None,
                ..
            } if regions_side(*found).is_some() => Words::new("cell-count-regions")
                .with("found", num(*found))
                .with("size", num(regions_side(*found).unwrap_or_default())),
            ErrorKind::CellCount {
                found,
                expected,
                row,
            } => {
                let shape = expected.unwrap_or_else(|| Shape::nearest(*found));
                let words = Words::new(if row.is_some() {
                    "cell-count-row"
                } else {
                    "cell-count"
                })
                .with("found", num(*found))
                .with("size", num(shape.size()))
                .with("cells", num(shape.cell_count()));
                match row {
                    Some((line, in_row)) => {
                        words.with("line", num(*line)).with("inRow", num(*in_row))
                    }
                    None => words,
                }
            }
            ErrorKind::CommentedGrid { shape, .. } => Words::new("commented-grid")
                .with("size", num(shape.size()))
                .with("cells", num(shape.cell_count())),
            ErrorKind::BadSymbol {
                symbol,
                line,
                column,
                shape,
            } => Words::new("bad-symbol")
                .with("symbol", text(symbol.escape_debug().to_string()))
                .with("line", num(*line))
                .with("column", num(*column))
                .with("size", num(shape.size()))
                .with("last", last(shape.size())),
            ErrorKind::BadToken {
                token,
                line,
                column,
                shape,
            } => Words::new(if shape.size() <= 9 {
                "bad-token"
            } else {
                "bad-token-letters"
            })
            .with("token", text(token.escape_debug().to_string()))
            .with("line", num(*line))
            .with("column", num(*column))
            .with("size", num(shape.size()))
            .with("last", last(shape.size())),
            ErrorKind::BadHexSymbol {
                symbol,
                line,
                column,
            } => Words::new("bad-hex-symbol")
                .with("symbol", text(symbol.escape_debug().to_string()))
                .with("line", num(*line))
                .with("column", num(*column)),
            ErrorKind::Clash {
                shape,
                first,
                second,
                symbol,
                unit,
            } => Words::new("clash")
                .with("size", num(shape.size()))
                .with("first", Arg::Cell(*first))
                .with("second", Arg::Cell(*second))
                .with("symbol", Arg::Symbol(*symbol))
                .with("unit", Arg::Unit(shape.unit_index(*unit)))
                // What a page needs to name the unit as the grid does (a region, a
                // diagonal): the layout's kind, as flags.
                .with("jigsaw", num(usize::from(shape.is_jigsaw())))
                .with("diagonals", num(usize::from(shape.has_diagonals()))),
            ErrorKind::BadBox {
                rows,
                columns,
                size: Some(n),
            } => Words::new("bad-box")
                .with("rows", num(*rows))
                .with("columns", num(*columns))
                .with("size", num(*n)),
            ErrorKind::BadBox {
                rows,
                columns,
                size: None,
            } => Words::new("bad-box-shape")
                .with("rows", num(*rows))
                .with("columns", num(*columns)),
            ErrorKind::BadRegions {
                cell,
                cells,
                size,
                found,
            } => Words::new(if found == size {
                "bad-region"
            } else {
                "bad-regions"
            })
            .with("size", num(*size))
            .with("cell", Arg::Cell(*cell))
            .with("cells", num(*cells))
            .with("found", num(*found)),
            ErrorKind::NoSolution => Words::new("no-solution"),
            ErrorKind::MultipleSolutions {
                shape,
                cell,
                first,
                second,
            } => Words::new("multiple-solutions")
                .with("size", num(shape.size()))
                .with("cell", Arg::Cell(*cell))
                .with("first", Arg::Symbol(*first))
                .with("second", Arg::Symbol(*second)),
            ErrorKind::Cancelled => Words::new("cancelled"),
            ErrorKind::BadSize { size } => Words::new("bad-size").with("size", num(*size)),
            ErrorKind::LineTooLong { limit, .. } => {
                Words::new("line-too-long").with("limit", num(*limit))
            }
            ErrorKind::BadUtf8 { line, column, byte } => Words::new("bad-utf8")
                .with("byte", text(format!("0x{byte:02X}")))
                .with("line", num(*line))
                .with("column", num(*column)),
            ErrorKind::Encoding { name } => {
                Words::new("encoding").with("encoding", text(name.to_string()))
            }
            ErrorKind::Binary { line, column } => Words::new("binary")
                .with("line", num(*line))
                .with("column", num(*column)),
            ErrorKind::BadCage {
                cells,
                sum,
                size,
                problem,
            } => {
                let n = *size;
                let (key, extra): (&str, Vec<(&'static str, Arg)>) = match problem {
                    CageProblem::Empty => ("cage-empty", vec![]),
                    CageProblem::Outside { cell } => {
                        ("cage-outside", vec![("cell", num(cell + 1))])
                    }
                    CageProblem::Overlap { cell } => {
                        ("cage-overlap", vec![("at", Arg::Cell(*cell))])
                    }
                    CageProblem::NotConnected => ("cage-not-connected", vec![]),
                    CageProblem::TooBig => ("cage-too-big", vec![]),
                    CageProblem::NoDigits { least, most } => (
                        "cage-no-digits",
                        vec![
                            ("least", num(*least as usize)),
                            ("most", num(*most as usize)),
                            ("wanted", num(sum.unwrap_or(0) as usize)),
                        ],
                    ),
                    CageProblem::Total { total, grid } => (
                        "cage-total",
                        vec![
                            ("total", num(*total as usize)),
                            ("grid", num(*grid as usize)),
                        ],
                    ),
                    CageProblem::TwoSums { cell, second } => (
                        "cage-two-sums",
                        vec![("at", Arg::Cell(*cell)), ("second", num(*second as usize))],
                    ),
                    CageProblem::Repeat { symbol } => {
                        ("cage-repeat", vec![("digit", num(usize::from(*symbol)))])
                    }
                    CageProblem::Missed { total } => {
                        ("cage-missed", vec![("total", num(*total as usize))])
                    }
                };
                let mut out = Words::new(key)
                    .with("size", num(n))
                    .with("cage", crate::logic::cage_name(cells))
                    .with("count", num(cells.len()));
                if let Some(sum) = sum {
                    out = out.with(
                        "sum",
                        Arg::Words(Box::new(
                            Words::new("cage-sum").with("sum", num(*sum as usize)),
                        )),
                    );
                }
                out.args.extend(extra);
                out
            }
            ErrorKind::SymbolValue { value, cell, size } => Words::new("symbol-value")
                .with("cell", num(*cell))
                .with("value", num(*value))
                .with("size", num(*size)),
            ErrorKind::ReadFailed { message } => {
                Words::new("read-failed").with("message", text(message.clone()))
            }
            ErrorKind::BadLink { problem } => problem.clone(),
            ErrorKind::BadId {
                section,
                offset,
                problem,
            } => Words::new(if *section == "params" {
                "bad-id-params"
            } else {
                "bad-id-description"
            })
            .with("offset", num(*offset))
            .around("problem", problem.clone()),
            ErrorKind::BadVariant {
                variant,
                shape,
                reason,
            } => Words::new("bad-variant")
                .with(
                    "variant",
                    Arg::Words(Box::new(Words::new(variant_key(variant)))),
                )
                .with("layout", Arg::Shape(*shape))
                .with("reason", Arg::Words(Box::new(Words::new(reason)))),
            ErrorKind::BadOption {
                name,
                value,
                allowed,
            } => Words::new("bad-option")
                .with("value", text(value.clone()))
                .with("name", Arg::Words(Box::new(Words::new(option_key(name)))))
                .around("allowed", allowed.clone()),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// A short stable name for the kind, for programs (`"clash"`, `"bad-symbol"`, ...).
    pub fn kind_name(&self) -> &'static str {
        match *self.kind {
            ErrorKind::Empty => "empty",
            ErrorKind::TooLarge { .. } => "too-large",
            ErrorKind::CellCount { .. } => "cell-count",
            ErrorKind::LineTooLong { .. } => "too-large",
            ErrorKind::ReadFailed { .. } => "read-failed",
            ErrorKind::BadUtf8 { .. } | ErrorKind::Encoding { .. } | ErrorKind::Binary { .. } => {
                "bad-encoding"
            }
            ErrorKind::CommentedGrid { .. } => "commented-grid",
            ErrorKind::BadSymbol { .. } => "bad-symbol",
            ErrorKind::SymbolValue { .. } => "bad-symbol",
            ErrorKind::Clash { .. } => "clash",
            ErrorKind::BadSize { .. } => "bad-size",
            ErrorKind::BadBox { .. } => "bad-box",
            ErrorKind::BadRegions { .. } => "bad-regions",
            ErrorKind::BadCage { .. } => "bad-cage",
            ErrorKind::BadVariant { .. } => "bad-variant",
            ErrorKind::BadId { .. } => "bad-id",
            ErrorKind::BadLink { .. } => "bad-link",
            ErrorKind::BadOption { .. } => "bad-option",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::BadToken { .. } => "bad-symbol",
            ErrorKind::BadHexSymbol { .. } => "bad-symbol",
            ErrorKind::NoSolution => "no-solution",
            ErrorKind::MultipleSolutions { .. } => "multiple-solutions",
        }
    }

    /// The grid cells the error is about (row-major indices), for a page to point at.
    pub fn cells(&self) -> Vec<usize> {
        match *self.kind {
            ErrorKind::Clash { first, second, .. } => vec![first, second],
            ErrorKind::SymbolValue { cell, .. }
            | ErrorKind::MultipleSolutions { cell, .. }
            | ErrorKind::BadRegions { cell, .. } => vec![cell],
            ErrorKind::BadCage { ref cells, .. } => cells.clone(),
            _ => Vec::new(),
        }
    }

    /// The line of the input text the error is on, from 1, when it is about text.
    pub fn line(&self) -> Option<usize> {
        match *self.kind {
            ErrorKind::CellCount {
                row: Some((line, _)),
                ..
            }
            | ErrorKind::CommentedGrid { line, .. }
            | ErrorKind::LineTooLong { line, .. }
            | ErrorKind::BadUtf8 { line, .. }
            | ErrorKind::Binary { line, .. }
            | ErrorKind::BadSymbol { line, .. }
            | ErrorKind::BadToken { line, .. }
            | ErrorKind::BadHexSymbol { line, .. } => Some(line),
            _ => None,
        }
    }

    /// The column (character) of that line, from 1.
    pub fn column(&self) -> Option<usize> {
        match *self.kind {
            ErrorKind::BadUtf8 { column, .. }
            | ErrorKind::Binary { column, .. }
            | ErrorKind::BadSymbol { column, .. }
            | ErrorKind::BadToken { column, .. }
            | ErrorKind::BadHexSymbol { column, .. } => Some(column),
            _ => None,
        }
    }

    /// A shortcut for [`ErrorKind::BadOption`]; `allowed` is the sentence that says what is
    /// allowed (`Words::new("allowed-level")`).
    pub fn bad_option(name: &'static str, value: impl fmt::Display, allowed: Words) -> Error {
        ErrorKind::BadOption {
            name,
            value: value.to_string(),
            allowed,
        }
        .into()
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error {
            kind: Box::new(kind),
        }
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

impl fmt::Display for Error {
    /// The English sentence of [`Error::words`], worded by the page's English catalog
    /// (`www/locales/en/hints.js`), so the command line and the page say the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = self.words();
        match &*self.kind {
            // Units are named as the grid's own shape names them (a region, a diagonal).
            ErrorKind::Clash { shape, .. } | ErrorKind::MultipleSolutions { shape, .. } => {
                f.write_str(&words.english(*shape))
            }
            _ => f.write_str(&english(&words)),
        }
    }
}

impl std::error::Error for Error {}
