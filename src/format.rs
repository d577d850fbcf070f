//! Writing grids as text: one line, n lines, or framed with box borders.
//!
//! Symbols come from one 64-character alphabet, [`ALPHABET`]; a grid of side n uses its
//! first n characters and `.` for empty cells. Every form written here reads back with
//! [`crate::parse`] to the same grid.

use std::fmt::Write as _;

use crate::grid::Grid;

/// The symbols, in order: symbol `s` is `ALPHABET[s - 1]`.
pub const ALPHABET: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*";

/// The character written for an empty cell.
pub const EMPTY: char = '.';

/// The character for a cell entry (0 is [`EMPTY`]).
///
/// # Panics
/// If `value` is over 64.
#[inline]
pub fn symbol_char(value: u8) -> char {
    if value == 0 {
        EMPTY
    } else {
        ALPHABET.as_bytes()[value as usize - 1] as char
    }
}

/// The value of an alphabet character (`'1'` is 1, `'A'` is 10, ...), or `None`.
#[inline]
pub fn symbol_value(c: char) -> Option<u8> {
    ALPHABET.find(c).map(|i| i as u8 + 1)
}

/// A text form for grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TextForm {
    /// All cells on one line: the classic 81-character form.
    #[default]
    Line,
    /// One line per row.
    Rows,
    /// Rows with spaces between cells and `+---+` frames around boxes.
    Framed,
}

impl TextForm {
    /// Every form.
    pub const ALL: [TextForm; 3] = [TextForm::Line, TextForm::Rows, TextForm::Framed];
}

/// The grid as text in a form. Multi-line forms end each line with `\n`; `Line` has no newline.
pub fn write(grid: &Grid, form: TextForm) -> String {
    match form {
        TextForm::Line => to_line(grid),
        TextForm::Rows => to_rows(grid),
        TextForm::Framed => to_framed(grid),
    }
}

/// How symbols are written: in [`ALPHABET`] (`1`-`9`, then letters from `A`), or, for a
/// 16×16 read with `--hex`, as the hex digits `0`-`F` (the value less one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symbols {
    /// [`ALPHABET`], as [`symbol_char`] writes it.
    #[default]
    Alphabet,
    /// `0`-`F` for the values 1 to 16.
    Hex,
}

impl Symbols {
    /// The character of symbol `value` (from 1).
    pub fn char(self, value: u8) -> char {
        match self {
            Symbols::Hex if (1..=16).contains(&value) => {
                char::from_digit(u32::from(value) - 1, 16).map_or('?', |d| d.to_ascii_uppercase())
            }
            _ => symbol_char(value),
        }
    }
}

/// A 16×16 grid's text in the hex symbols `0`-`F` (as `--hex` reads them) instead of
/// [`ALPHABET`]'s `1`-`G`: each symbol of the alphabet from 1 to 16 becomes its value less
/// one in hex; everything else (`.`, rules, spaces) is kept.
pub fn to_hex_symbols(text: &str) -> String {
    text.chars()
        .map(|c| match symbol_value(c) {
            Some(v @ 1..=16) => Symbols::Hex.char(v),
            _ => c,
        })
        .collect()
}

/// The one-line form: n² characters, `.` for empty cells.
pub fn to_line(grid: &Grid) -> String {
    grid.cells().iter().map(|&v| symbol_char(v)).collect()
}

/// One line of n characters per row.
pub fn to_rows(grid: &Grid) -> String {
    let n = grid.size();
    let mut out = String::with_capacity(n * (n + 1));
    for row in grid.cells().chunks(n) {
        out.extend(row.iter().map(|&v| symbol_char(v)));
        out.push('\n');
    }
    out
}

/// Rows with a space between cells, `|` between boxes and `+---+` rules between bands:
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// ```
///
/// A jigsaw has no boxes to rule between: its regions' borders are drawn instead, one
/// character between two cells (`|` across a border, a space within a region) and rules
/// of `-` under the cells whose region changes below ([`to_framed_regions`]).
pub fn to_framed(grid: &Grid) -> String {
    let shape = grid.shape();
    if !shape.has_box_grid() {
        return to_framed_regions(grid);
    }
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_columns());
    let mut rule = String::from("+");
    for _ in 0..shape.stacks() {
        rule.push_str(&"-".repeat(2 * c + 1));
        rule.push('+');
    }
    let mut out = String::new();
    for row in 0..n {
        if row % r == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for column in 0..n {
            if column % c == 0 {
                out.push_str(if column == 0 { "| " } else { " | " });
            } else {
                out.push(' ');
            }
            out.push(symbol_char(grid.get(shape.cell(row, column))));
        }
        let _ = writeln!(out, " |");
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

/// [`to_framed`] for a grid of any regions:
///
/// ```text
/// +-----+---+
/// |1 2 .|4 .|
/// |   +-+   |
/// ```
pub fn to_framed_regions(grid: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let region = |row: usize, column: usize| shape.box_at(row, column);
    // A border right of (row, column), and under (row, column), the grid's edges included.
    let right = |row: usize, column: usize| {
        column + 1 == n || region(row, column) != region(row, column + 1)
    };
    let under =
        |row: usize, column: usize| row + 1 == n || region(row, column) != region(row + 1, column);
    let mut out = String::new();
    // The rule above row `row` (`n` for the one under the last row).
    let rule = |row: usize, out: &mut String| {
        let across = |column: usize| {
            if row == 0 {
                true
            } else {
                under(row - 1, column)
            }
        };
        let down =
            |column: usize| (row > 0 && right(row - 1, column)) || (row < n && right(row, column));
        out.push(if across(0) { '+' } else { '|' });
        for column in 0..n {
            out.push(if across(column) { '-' } else { ' ' });
            let flat = across(column) || (column + 1 < n && across(column + 1));
            out.push(match (down(column), flat) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) => ' ',
            });
        }
        out.push('\n');
    };
    for row in 0..n {
        rule(row, &mut out);
        out.push('|');
        for column in 0..n {
            out.push(symbol_char(grid.get(shape.cell(row, column))));
            out.push(if right(row, column) { '|' } else { ' ' });
        }
        out.push('\n');
    }
    rule(n, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_has_64_distinct_symbols() {
        assert_eq!(ALPHABET.len(), 64);
        for (i, c) in ALPHABET.chars().enumerate() {
            assert_eq!(symbol_value(c), Some(i as u8 + 1));
            assert_eq!(symbol_char(i as u8 + 1), c);
            assert!(!matches!(c, '.' | '_' | '0' | '#' | '|' | '+' | '-'));
        }
    }
}
