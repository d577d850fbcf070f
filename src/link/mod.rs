//! Links from other Sudoku sites, read for the puzzle and the layout they carry, and links
//! written for a grid ("open in SudokuPad").
//!
//! A player pastes the address of a puzzle as often as the puzzle itself. What each site's
//! address holds:
//!
//! ```text
//!  sudokuwiki.org/sudoku.htm?bd=0000000104...   bd: the 81 cells row by row, 0 empty
//!  sudokuwiki.org/sudokux.aspx?bd=...           the same, with both diagonals (X)
//!  sudokuwiki.org/jigsaw.aspx?bd=...&jigmap=... the same, with the region (1-9) of
//!                                               each cell, row by row
//!  sudokuwiki.org/killersudoku.htm?bd=C,S       C: a colour (1-9) per cell, row by row,
//!                                               touching cells of one colour a cage;
//!                                               S: each cell's sum in two digits, 00
//!                                               none, on the cage's first cell
//!  f-puzzles.com/?load=DATA                     DATA: LZString's compressToBase64 of
//!  sudokupad.app/fpuzzlesDATA                   f-puzzles' JSON (below)
//! ```
//!
//! sudokuwiki's `bd` may also be 162 characters, two base-32 digits per cell: the cell's
//! candidates as bits 1..9 and bit 0 set on a given; a cell whose one candidate is not a
//! given was placed by the player, and is read as empty. Its numbered jigsaw shapes
//! (`shape=N` without a `jigmap`) are the site's own and are not known here.
//!
//! f-puzzles' JSON, of which this reads the layout and the givens:
//!
//! ```text
//!  {"size": 9,
//!   "grid": [[{"value": 5, "given": true, "region": 0}, {}, ...], ...],   rows of cells
//!   "diagonal+": true, "diagonal-": true,                                 X-Sudoku
//!   "extraregion": [{"cells": ["R2C2", ...]}, ...],                       windoku's windows
//!   "killercage": [{"cells": ["R1C1", ...], "value": "17"}, ...]}         killer cages
//! ```
//!
//! A cell's `region` counts from 0; a cell without one is in the box SudokuPad gives it by
//! default (the squarest boxes, the wide side horizontal, as [`Shape::from_size`]; rows
//! on a prime side). A value that is not `given` is the player's, and is not read. A
//! killer cage's `value` is its sum, a string of digits, left out or empty for a cage
//! without one. A puzzle with any other constraint (thermometers, arrows, ...) is refused
//! by name rather than read without it.
//!
//! A link is read into the game ID ([`crate::solo`]) of its grid, which carries the
//! layout to the parser. Any other web address is refused as a site this engine cannot
//! read, never read as a grid of its characters.
//!
//! LZString and JSON are read by the small purpose-built codecs below, lighter than
//! general crates, and the decoder stops at [`MAX_DECODED_CHARS`], where a general one
//! would follow a short link that expands to gigabytes.
//!
//! The WebAssembly build leaves f-puzzles and SudokuPad links out: this reader weighs
//! about 10 KB gzipped there, past the widget's size budget, and the browser has a JSON
//! parser of its own. In the browser, `www/engine.js` gives such a link to
//! `www/internal/fpuzzles.js` (imported only then), which decodes it by the same rules, with the
//! same messages, and passes the engine the givens with the layout the link names (boxes,
//! or regions, and variants), which the engine checks as for any grid. The wasm refuses a
//! link that reaches it anyway, by name. tests/data/links.txt is read by both readers.
//!
//! The readers have files of their own: `sudokuwiki.rs`, and `fpuzzles.rs` with the JSON
//! (`json.rs`) and LZString (`lz_string.rs`) it reads; this file holds the entry, the
//! writers and what both readers share.

use crate::cages::Cages;
use crate::error::{Error, ReadErrorKind};
use crate::grid::{Grid, MAX_SIZE, Shape};
use crate::logic::{Arg, Words};

mod fpuzzles;
mod json;
mod lz_string;
mod sudokuwiki;
#[cfg(test)]
mod tests;

use fpuzzles::*;
use sudokuwiki::*;

/// The most characters of JSON a link may expand to: a 64×64 puzzle with a region on
/// every cell takes about 160 000.
pub const MAX_DECODED_CHARS: usize = 1 << 20;

/// What a text that is a web address holds: `None` when the text is no address (the other
/// readers take it); else the grid text the address carries (a game ID when the link
/// names a layout), or why it cannot be read.
pub fn grid_text(text: &str) -> Option<Result<String, Error>> {
    let address = text.trim();
    let lower = address.to_ascii_lowercase();
    let is_address = lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || lower.contains("sudokuwiki.org/")
        || lower.contains("f-puzzles.com/")
        || lower.contains("sudokupad.app/");
    if !is_address || address.contains(char::is_whitespace) {
        return None;
    }
    if lower.contains("f-puzzles.com/") || lower.contains("sudokupad.app/") {
        return Some(read_fpuzzles_link(address, &lower));
    }
    if !lower.contains("sudokuwiki.org/") {
        return Some(refuse(Words::new("link-other-site")));
    }
    Some(read_sudokuwiki_link(address, &lower))
}

/// A link that opens the grid in SudokuPad (`https://sudokupad.app/fpuzzles...`), its
/// layout included: f-puzzles' JSON, compressed as SudokuPad reads it.
///
/// ```
/// let grid = sudoku64::parse::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )
/// .unwrap();
/// let link = sudoku64::link::sudokupad_link(&grid);
/// assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
/// assert_eq!(sudoku64::parse::parse(&link).unwrap(), grid);
/// ```
pub fn sudokupad_link(grid: &Grid) -> String {
    format!(
        "https://sudokupad.app/fpuzzles{}",
        lz_string::compress_to_base64(&fpuzzles_json(grid))
    )
}

/// A link that opens the grid in f-puzzles (`https://f-puzzles.com/?load=...`).
pub fn fpuzzles_link(grid: &Grid) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        lz_string::compress_to_base64(&fpuzzles_json(grid))
    )
}

/// The grid as f-puzzles' JSON: its size, givens, regions where they are not the default
/// boxes, the diagonals and windoku's windows.
pub fn fpuzzles_json(grid: &Grid) -> String {
    use std::fmt::Write as _;
    let shape = grid.shape();
    let n = shape.size();
    let default = default_regions(n);
    let with_regions = (0..n * n).any(|cell| default[cell] != shape.box_of(cell));
    let mut out = format!("{{\"size\":{n},\"grid\":[");
    for row in 0..n {
        out.push_str(if row == 0 { "[" } else { ",[" });
        for column in 0..n {
            let cell = row * n + column;
            let mut fields = Vec::new();
            let value = grid.get(cell);
            if value != 0 {
                fields.push(format!("\"value\":{value},\"given\":true"));
            }
            if with_regions {
                fields.push(format!("\"region\":{}", shape.box_of(cell)));
            }
            let comma = if column == 0 { "" } else { "," };
            let _ = write!(out, "{comma}{{{}}}", fields.join(","));
        }
        out.push(']');
    }
    out.push(']');
    if shape.has_diagonals() {
        out.push_str(",\"diagonal+\":true,\"diagonal-\":true");
    }
    if shape.has_windows() {
        out.push_str(",\"extraregion\":[");
        for (i, window) in windows(shape).iter().enumerate() {
            let cells: Vec<String> = window
                .iter()
                .map(|&c| format!("\"R{}C{}\"", c / n + 1, c % n + 1))
                .collect();
            let comma = if i == 0 { "" } else { "," };
            let _ = write!(out, "{comma}{{\"cells\":[{}]}}", cells.join(","));
        }
        out.push(']');
    }
    if let Some(cages) = shape.cages() {
        out.push_str(",\"killercage\":[");
        for k in 0..cages.len() {
            let cells: Vec<String> = cages
                .cells(k)
                .iter()
                .map(|&c| format!("\"R{}C{}\"", c as usize / n + 1, c as usize % n + 1))
                .collect();
            let comma = if k == 0 { "" } else { "," };
            let _ = write!(out, "{comma}{{\"cells\":[{}]", cells.join(","));
            if let Some(sum) = cages.sum(k) {
                let _ = write!(out, ",\"value\":\"{sum}\"");
            }
            out.push('}');
        }
        out.push(']');
    }
    out.push('}');
    out
}

/// A link refused, with why as a sentence (an `engine.link-*` message).
fn refuse<T>(problem: Words) -> Result<T, Error> {
    Err(ReadErrorKind::BadLink { problem }.into())
}

/// The value of `name=` in an address's query, if any.
fn query_value<'a>(address: &'a str, name: &str) -> Option<&'a str> {
    let query = address.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or(query);
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.eq_ignore_ascii_case(name).then_some(value)
    })
}

/// The grid's game ID, for the parser; a jigsaw's regions must each be in one piece.
fn id_of(grid: Grid) -> Result<String, Error> {
    let shape = grid.shape();
    if let Some(regions) = shape.regions() {
        if let Some(cell) = region_in_pieces(shape.size(), regions) {
            let n = shape.size();
            return refuse(
                Words::new("link-region-pieces")
                    .with("cell", Arg::Cell(cell))
                    .with("size", Arg::whole(n)),
            );
        }
    }
    Ok(crate::solo::write_id(&grid))
}

/// The first cell of a region that is not in one piece, if any.
fn region_in_pieces(n: usize, regions: &[u8]) -> Option<usize> {
    let mut seen = vec![false; n * n];
    let mut region_seen = [false; 256];
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        let region = regions[start];
        if region_seen[region as usize] {
            return Some(start);
        }
        region_seen[region as usize] = true;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / n, cell % n);
            let mut near = Vec::with_capacity(4);
            if r > 0 {
                near.push(cell - n);
            }
            if r + 1 < n {
                near.push(cell + n);
            }
            if c > 0 {
                near.push(cell - 1);
            }
            if c + 1 < n {
                near.push(cell + 1);
            }
            for next in near {
                if !seen[next] && regions[next] == region {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    None
}

/// A link refused for an error in one part of it (`jigmap`, `extraregion`).
fn link_error(part: &'static str, error: &Error) -> Error {
    let part = Words::new("link-part").with("part", Arg::Text(part.into()));
    let problem = part.around("problem", error.words());
    ReadErrorKind::BadLink { problem }.into()
}

/// The region of each cell when f-puzzles gives none: SudokuPad's default boxes, the
/// squarest with the wide side horizontal (one row each on a prime side).
fn default_regions(n: usize) -> Vec<usize> {
    let mut rows = (1..=n).take_while(|r| r * r <= n).last().unwrap_or(1);
    while rows > 1 && n % rows != 0 {
        rows -= 1;
    }
    let columns = n / rows;
    (0..n * n)
        .map(|cell| (cell / n) / rows * rows + (cell % n) / columns)
        .collect()
}

/// The cells of each of windoku's windows.
fn windows(shape: Shape) -> Vec<Vec<usize>> {
    let count = if shape.has_windows() {
        (shape.box_rows() - 1).pow(2)
    } else {
        0
    };
    let mut windows = vec![Vec::new(); count];
    for cell in 0..shape.cell_count() {
        if let Some(w) = shape.window_of(cell) {
            windows[w].push(cell);
        }
    }
    windows
}
