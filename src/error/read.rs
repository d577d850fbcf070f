//! Errors in reading a puzzle: text, a stream of lines, a link or a game ID that cannot be
//! read as a grid. Each names where it went wrong: the line and column of the text, or the
//! character of an ID.

use std::fmt;

use super::{english, regions_side};
use crate::grid::Shape;
use crate::logic::{Arg, Words};

/// Text, a link or a game ID that cannot be read. Small to move around: the details live
/// in a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    kind: Box<ReadErrorKind>,
}

/// What could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
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
        /// The start of the first line that reads as words rather than cells ("hello
        /// world"), whose letters were counted as symbols of a large grid.
        words: Option<String>,
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
}

impl ReadError {
    /// What could not be read.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }

    /// The message as data (see [`super::Error::words`]).
    pub fn words(&self) -> Words {
        let num = Arg::whole;
        let text = |t: String| Arg::Text(t);
        let last =
            |n: usize| Arg::Text((crate::format::ALPHABET.as_bytes()[n - 1] as char).to_string());
        match &*self.kind {
            ReadErrorKind::Empty => Words::new("empty"),
            ReadErrorKind::TooLarge { bytes, limit } => Words::new("too-large")
                .with("bytes", num(*bytes))
                .with("limit", num(*limit)),
            ReadErrorKind::CellCount {
                found,
                words: Some(start),
                ..
            } => Words::new("cell-count-words")
                .with("found", num(*found))
                .with("start", text(start.clone())),
            // (A jigsaw of rows is what a side with no boxes asks for: see `parse`.)
            ReadErrorKind::CellCount {
                found, expected, ..
            } if regions_side(*found).is_some() && expected.is_none_or(|s| s.is_jigsaw()) => {
                Words::new("cell-count-regions")
                    .with("found", num(*found))
                    .with("size", num(regions_side(*found).unwrap_or_default()))
            }
            ReadErrorKind::CellCount {
                found,
                expected,
                row,
                ..
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
            ReadErrorKind::CommentedGrid { shape, .. } => Words::new("commented-grid")
                .with("size", num(shape.size()))
                .with("cells", num(shape.cell_count())),
            ReadErrorKind::BadSymbol {
                symbol,
                line,
                column,
                shape,
            } => Words::new("bad-symbol")
                .with("symbol", text(shown(symbol.encode_utf8(&mut [0; 4]))))
                .with("line", num(*line))
                .with("column", num(*column))
                .with("size", num(shape.size()))
                .with("last", last(shape.size())),
            ReadErrorKind::BadToken {
                token,
                line,
                column,
                shape,
            } => Words::new(if shape.size() <= 9 {
                "bad-token"
            } else {
                "bad-token-letters"
            })
            .with("token", text(shown(token)))
            .with("line", num(*line))
            .with("column", num(*column))
            .with("size", num(shape.size()))
            .with("last", last(shape.size())),
            ReadErrorKind::BadHexSymbol {
                symbol,
                line,
                column,
            } => Words::new("bad-hex-symbol")
                .with("symbol", text(shown(symbol.encode_utf8(&mut [0; 4]))))
                .with("line", num(*line))
                .with("column", num(*column)),
            ReadErrorKind::LineTooLong { limit, .. } => {
                Words::new("line-too-long").with("limit", num(*limit))
            }
            ReadErrorKind::BadUtf8 { line, column, byte } => Words::new("bad-utf8")
                .with("byte", text(format!("0x{byte:02X}")))
                .with("line", num(*line))
                .with("column", num(*column)),
            ReadErrorKind::Encoding { name } => {
                Words::new("encoding").with("encoding", text(name.to_string()))
            }
            ReadErrorKind::Binary { line, column } => Words::new("binary")
                .with("line", num(*line))
                .with("column", num(*column)),
            ReadErrorKind::ReadFailed { message } => {
                Words::new("read-failed").with("message", text(message.clone()))
            }
            ReadErrorKind::BadLink { problem } => problem.clone(),
            ReadErrorKind::BadId {
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
        }
    }

    /// A short stable name for the kind, for programs (`"bad-symbol"`, ...).
    pub fn kind_name(&self) -> &'static str {
        match *self.kind {
            ReadErrorKind::Empty => "empty",
            ReadErrorKind::TooLarge { .. } | ReadErrorKind::LineTooLong { .. } => "too-large",
            ReadErrorKind::CellCount { .. } => "cell-count",
            ReadErrorKind::ReadFailed { .. } => "read-failed",
            ReadErrorKind::BadUtf8 { .. }
            | ReadErrorKind::Encoding { .. }
            | ReadErrorKind::Binary { .. } => "bad-encoding",
            ReadErrorKind::CommentedGrid { .. } => "commented-grid",
            ReadErrorKind::BadSymbol { .. }
            | ReadErrorKind::BadToken { .. }
            | ReadErrorKind::BadHexSymbol { .. } => "bad-symbol",
            ReadErrorKind::BadId { .. } => "bad-id",
            ReadErrorKind::BadLink { .. } => "bad-link",
        }
    }

    /// The line of the input text the error is on, from 1, when it is about one line.
    pub fn line(&self) -> Option<usize> {
        match *self.kind {
            ReadErrorKind::CellCount {
                row: Some((line, _)),
                ..
            }
            | ReadErrorKind::CommentedGrid { line, .. }
            | ReadErrorKind::LineTooLong { line, .. }
            | ReadErrorKind::BadUtf8 { line, .. }
            | ReadErrorKind::Binary { line, .. }
            | ReadErrorKind::BadSymbol { line, .. }
            | ReadErrorKind::BadToken { line, .. }
            | ReadErrorKind::BadHexSymbol { line, .. } => Some(line),
            _ => None,
        }
    }

    /// The column (character) of that line, from 1.
    pub fn column(&self) -> Option<usize> {
        match *self.kind {
            ReadErrorKind::BadUtf8 { column, .. }
            | ReadErrorKind::Binary { column, .. }
            | ReadErrorKind::BadSymbol { column, .. }
            | ReadErrorKind::BadToken { column, .. }
            | ReadErrorKind::BadHexSymbol { column, .. } => Some(column),
            _ => None,
        }
    }
}

impl From<ReadErrorKind> for ReadError {
    fn from(kind: ReadErrorKind) -> ReadError {
        ReadError {
            kind: Box::new(kind),
        }
    }
}

impl fmt::Display for ReadError {
    /// The English of [`ReadError::words`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&self.words()))
    }
}

impl std::error::Error for ReadError {}

/// A symbol or token as a message shows it: as typed, but with each character that
/// would not show (a control character, a space of any kind, a zero-width or direction
/// mark, a byte order mark) written `U+XXXX`. (`escape_debug` would need the
/// standard library's tables of printable characters in the wasm.)
fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let hidden = c.is_control()
            || c.is_whitespace()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}');
        if hidden {
            out.push_str(&format!("U+{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}
