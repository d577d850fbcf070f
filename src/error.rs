//! The engine's one error type: what went wrong, and where (cells, line and column).
//!
//! Messages are lowercase with no final period, and name places the way players do:
//! `r3c7` is row 3, column 7, counted from 1. The facts behind a message are fields,
//! so the page can point at the cells and the command line can name the line.

use std::fmt;

use crate::grid::Shape;
pub use crate::grid::Unit;

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
        /// What is wrong, and what to paste instead.
        message: String,
    },
    /// A game ID (`PARAMS:DESC`, [`crate::solo`]) that cannot be read.
    BadId {
        /// `"params"` or `"description"`.
        section: &'static str,
        /// The character of the ID where it goes wrong, from 1.
        offset: usize,
        /// What is wrong there.
        message: String,
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
        /// Why it does not fit.
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
        /// What is allowed.
        allowed: String,
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
    /// The message as data for a page to word in its reader's language (the `engine.KEY`
    /// messages of `www/locales/*/hints.js`, with the same slots as
    /// [`crate::logic::Words`]), for the errors a player meets: unreadable text, a grid
    /// that breaks its rules (clashes, boxes, regions, cages, sizes), no solution or
    /// several, a cancelled call. `None` for the others (links, game IDs, options, variants
    /// that do not fit, a failed read), which pages show in English.
    pub fn words(&self) -> Option<crate::logic::Words> {
        use crate::logic::{Arg, Words};
        let num = |x: usize| Arg::Number(x as u64);
        let text = |t: String| Arg::Text(t);
        let last =
            |n: usize| Arg::Text((crate::format::ALPHABET.as_bytes()[n - 1] as char).to_string());
        Some(match &*self.kind {
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
                .with("cells", num(shape.cells()));
                match row {
                    Some((line, in_row)) => {
                        words.with("line", num(*line)).with("inRow", num(*in_row))
                    }
                    None => words,
                }
            }
            ErrorKind::CommentedGrid { shape, .. } => Words::new("commented-grid")
                .with("size", num(shape.size()))
                .with("cells", num(shape.cells())),
            ErrorKind::BadSymbol {
                symbol,
                line,
                column,
                shape,
            } => Words::new("bad-symbol")
                .with("symbol", text(symbol.to_string()))
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
            .with("token", text(token.clone()))
            .with("line", num(*line))
            .with("column", num(*column))
            .with("size", num(shape.size()))
            .with("last", last(shape.size())),
            ErrorKind::BadHexSymbol {
                symbol,
                line,
                column,
            } => Words::new("bad-hex-symbol")
                .with("symbol", text(symbol.to_string()))
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
            _ => return None,
        })
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

    /// A shortcut for [`ErrorKind::BadOption`].
    pub fn bad_option(
        name: &'static str,
        value: impl fmt::Display,
        allowed: impl Into<String>,
    ) -> Error {
        ErrorKind::BadOption {
            name,
            value: value.to_string(),
            allowed: allowed.into(),
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

/// The sides a grid can have, for messages.
const SIZES: &str = "1, or 4 to 64 where the side is a product r×c of two whole numbers of at least 2 (6 = 2×3, 9 = 3×3, 12 = 3×4)";

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            ErrorKind::Empty => write!(f, "no puzzle found: the input has no cells"),
            ErrorKind::TooLarge { bytes, limit } => {
                write!(
                    f,
                    "the input is {bytes} bytes; the most a grid can take is {limit}"
                )
            }
            ErrorKind::CellCount {
                found,
                expected: None,
                ..
            } if regions_side(*found).is_some() => {
                // A side with no boxes (a prime) is a grid only with jigsaw regions, which
                // a plain grid does not carry: say so rather than name a grid it is not.
                let n = regions_side(*found).unwrap_or_default();
                write!(
                    f,
                    "{found} cells make a {n}×{n} grid, which needs jigsaw regions: a side of {n} \
                     has no boxes, so give the regions with the grid, as a Solo ID ({n}j:…) or an \
                     f-puzzles or SudokuPad link does"
                )
            }
            ErrorKind::CellCount {
                found,
                expected,
                row,
            } => {
                // The grid asked for, or the one the count was most likely meant to be.
                let shape = expected.unwrap_or_else(|| Shape::nearest(*found));
                let cells = if *found == 1 { "cell" } else { "cells" };
                write!(
                    f,
                    "found {found} {cells}; a {} grid has {}",
                    shape.name(),
                    shape.cells()
                )?;
                if let Some((line, in_row)) = row {
                    let cells = if *in_row == 1 { "cell" } else { "cells" };
                    write!(
                        f,
                        ": line {line} has {in_row} {cells}, where a row has {}",
                        shape.size()
                    )?;
                }
                Ok(())
            }
            ErrorKind::LineTooLong { limit, .. } => write!(
                f,
                "the line is longer than {limit} bytes, the most one puzzle can take; it was skipped"
            ),
            ErrorKind::BadUtf8 { line, column, byte } => write!(
                f,
                "the byte 0x{byte:02X} at line {line}, column {column} is not UTF-8 text; the line was skipped"
            ),
            ErrorKind::ReadFailed { message } => {
                write!(f, "the input could not be read: {message}")
            }
            ErrorKind::Encoding { name } => write!(
                f,
                "the input is {name} text (it starts with that byte-order mark); save it as UTF-8"
            ),
            ErrorKind::Binary { line, column } => write!(
                f,
                "a NUL byte at line {line}, column {column}: the input is binary, not text; reading stopped there"
            ),
            ErrorKind::CommentedGrid { shape, .. } => write!(
                f,
                "a line that starts with # was skipped as a comment, though it has a {} grid's {} characters (write an empty cell as . _ or 0)",
                shape.name(),
                shape.cells()
            ),
            ErrorKind::BadSymbol {
                symbol,
                line,
                column,
                shape,
            } => {
                let alphabet = crate::format::ALPHABET.as_bytes();
                let last = alphabet[shape.size() - 1] as char;
                write!(
                    f,
                    "{symbol:?} at line {line}, column {column} is not a symbol of a {} grid (1 to {last}; . _ or 0 for empty)",
                    shape.name()
                )
            }
            ErrorKind::SymbolValue { value, cell, size } => {
                write!(f, "cell {cell} holds {value}, over the grid side {size}")
            }
            ErrorKind::Clash {
                shape,
                first,
                second,
                symbol,
                unit,
            } => {
                let sym = crate::format::symbol_char(*symbol);
                write!(
                    f,
                    "{} and {} both hold {sym} in {unit}",
                    cell_name(*shape, *first),
                    cell_name(*shape, *second)
                )
            }
            ErrorKind::BadSize { size } => {
                write!(f, "{size} is not a grid size: sizes are {SIZES}")
            }
            ErrorKind::BadLink { message } => write!(f, "{message}"),
            ErrorKind::BadId {
                section,
                offset,
                message,
            } => write!(f, "game ID, {section}, character {offset}: {message}"),
            ErrorKind::BadBox {
                rows,
                columns,
                size: Some(n),
            } => write!(
                f,
                "{rows}×{columns} boxes do not fit a {n}×{n} grid: a box's rows times its columns must make {n}"
            ),
            ErrorKind::BadBox {
                rows,
                columns,
                size: None,
            } => write!(
                f,
                "{rows}×{columns} is not a box shape: a box has at least 2 rows and 2 columns, and at most 64 cells"
            ),
            ErrorKind::BadRegions {
                cell,
                cells,
                size,
                found,
            } if found == size => {
                let (r, c) = (cell / size + 1, cell % size + 1);
                write!(
                    f,
                    "the region starting at r{r}c{c} has {cells} cells: each of the {size} regions must have {size}"
                )
            }
            ErrorKind::BadRegions {
                cell, size, found, ..
            } => {
                let (r, c) = (cell / size + 1, cell % size + 1);
                write!(
                    f,
                    "{found} regions (the last starts at r{r}c{c}): a {size}×{size} jigsaw has {size} regions of {size} cells"
                )
            }
            ErrorKind::BadVariant {
                variant,
                shape,
                reason,
            } => write!(f, "{variant} does not fit a {shape}: {reason}"),
            ErrorKind::BadCage {
                cells,
                sum,
                size,
                problem,
            } => {
                let n = *size;
                let name = crate::cages::cage_name(cells, n);
                let place = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
                write!(f, "the cage of {name}")?;
                if let Some(sum) = sum {
                    write!(f, " (sum {sum})")?;
                }
                let k = cells.len();
                match problem {
                    CageProblem::Empty => write!(f, " has no cells"),
                    CageProblem::Outside { cell } => write!(
                        f,
                        ": cell {} is past the {n}×{n} grid's last cell",
                        cell + 1
                    ),
                    CageProblem::Overlap { cell } => write!(
                        f,
                        " overlaps another cage at {}: a cell is in one cage at most",
                        place(*cell)
                    ),
                    CageProblem::NotConnected => {
                        write!(f, " is not connected: a cage's cells join side to side")
                    }
                    CageProblem::TooBig => write!(
                        f,
                        " has {k} cells: with {n} digits, a cage holds {n} cells at most"
                    ),
                    CageProblem::NoDigits { least, most } => write!(
                        f,
                        ": no {k} different digits from 1 to {n} add up to {}; {k} cells make {least} to {most}",
                        sum.unwrap_or(0)
                    ),
                    CageProblem::Total { total, grid } => write!(
                        f,
                        ": the cages' sums add up to {total}, but the grid's digits add up to {grid}"
                    ),
                    CageProblem::TwoSums { cell, second } => write!(
                        f,
                        " has two sums: {second} at {} is a second one",
                        place(*cell)
                    ),
                    CageProblem::Repeat { symbol } => {
                        write!(f, " holds {} twice: a cage's digits differ", symbol)
                    }
                    CageProblem::Missed { total } => write!(f, ": its digits add up to {total}"),
                }
            }
            ErrorKind::Cancelled => write!(f, "cancelled"),
            ErrorKind::BadOption {
                name,
                value,
                allowed,
            } => {
                write!(f, "{value:?} is not a valid {name}: {allowed}")
            }
            ErrorKind::BadToken {
                token,
                line,
                column,
                shape,
            } => {
                let n = shape.size();
                let last = crate::format::ALPHABET.as_bytes()[n - 1] as char;
                let symbols = if n <= 9 {
                    format!("1 to {n}")
                } else {
                    format!("1 to {n} or 1 to {last}")
                };
                write!(
                    f,
                    "{token:?} at line {line}, column {column} is not a symbol of a {} grid ({symbols}; . _ or 0 for empty)",
                    shape.name()
                )
            }
            ErrorKind::BadHexSymbol {
                symbol,
                line,
                column,
            } => write!(
                f,
                "{symbol:?} at line {line}, column {column} is not a hex symbol (0 to F; . or _ for empty)"
            ),
            ErrorKind::NoSolution => write!(f, "no solution: no grid completes these givens"),
            ErrorKind::MultipleSolutions {
                shape,
                cell,
                first,
                second,
            } => write!(
                f,
                "more than one solution: {} can be {} or {}",
                cell_name(*shape, *cell),
                crate::format::symbol_char(*first),
                crate::format::symbol_char(*second)
            ),
        }
    }
}

impl std::error::Error for Error {}
