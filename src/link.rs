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

use crate::cages::Cages;
use crate::error::{Error, ErrorKind};
use crate::grid::{Grid, MAX_SIZE, Shape};
use crate::logic::{Arg, Words};

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
    Err(ErrorKind::BadLink { problem }.into())
}

/// A whole number as a sentence's slot.
fn number(x: usize) -> Arg {
    Arg::Number(x as u64)
}

// ---- sudokuwiki ---------------------------------------------------------------------

fn read_sudokuwiki_link(address: &str, lower: &str) -> Result<String, Error> {
    let Some(board) = query_value(address, "bd") else {
        return refuse(Words::new("link-sudokuwiki-empty"));
    };
    if lower.contains("killer") {
        return killer_board(board);
    }
    let jigsaw = lower.contains("jigsaw") || query_value(address, "jigmap").is_some();
    let x = lower.contains("sudokux");
    if !jigsaw && !x {
        // The plain page: the board as it stands, read by the grid readers.
        return Ok(match packed_board(board)? {
            Some(cells) => cells.iter().map(|&v| (b'0' + v) as char).collect(),
            None => board.to_string(),
        });
    }
    let cells = match packed_board(board)? {
        Some(cells) => cells,
        None => plain_board(board)?,
    };
    let shape = if jigsaw {
        let Some(map) = query_value(address, "jigmap") else {
            return refuse(Words::new("link-sudokuwiki-shape"));
        };
        let regions = jigmap(map)?;
        let shape = Shape::with_regions(9, &regions).map_err(|e| link_error("jigmap", &e))?;
        if x { shape.with_diagonals()? } else { shape }
    } else {
        Shape::from_box(3)?.with_diagonals()?
    };
    id_of(Grid::from_cells(shape, cells)?)
}

/// A killer's `bd`: a colour (digit) per cell, row by row, where touching cells of one
/// colour form a cage, then a comma and each cell's sum in two digits (`00` none), as
/// the sum sits on the first cell of its cage. The grid is empty.
fn killer_board(board: &str) -> Result<String, Error> {
    let Some((colours, sums)) = board.split_once(',') else {
        return refuse(Words::new("link-killer-board"));
    };
    let colours: Vec<Option<u32>> = colours
        .chars()
        .map(|c| c.to_digit(10).filter(|&d| d != 0))
        .collect();
    let digits: Vec<u32> = sums.chars().filter_map(|c| c.to_digit(10)).collect();
    if colours.len() != 81 || colours.contains(&None) {
        let count = board.split(',').next().unwrap_or("").chars().count();
        return refuse(Words::new("link-killer-colours").with("count", number(count)));
    }
    if sums.len() != 162 || digits.len() != 162 {
        let count = sums.chars().count();
        return refuse(Words::new("link-killer-sums").with("count", number(count)));
    }
    let sums: Vec<u32> = digits.chunks(2).map(|d| d[0] * 10 + d[1]).collect();
    let cages = Cages::from_labels(9, &colours, &sums)?;
    let shape = Shape::from_box(3)?.with_cages(cages)?;
    id_of(Grid::empty(shape))
}

/// The 81 cells of a `bd` of digits (`0` or `.` empty).
fn plain_board(board: &str) -> Result<Vec<u8>, Error> {
    let mut cells = Vec::with_capacity(81);
    for (i, c) in board.chars().enumerate() {
        match c {
            '1'..='9' => cells.push(c as u8 - b'0'),
            '0' | '.' => cells.push(0),
            other => {
                return refuse(
                    Words::new("link-board-character")
                        .with("at", number(i + 1))
                        .with("character", Arg::Text(other.to_string())),
                );
            }
        }
    }
    if cells.len() != 81 {
        return refuse(Words::new("link-board-count").with("count", number(cells.len())));
    }
    Ok(cells)
}

/// The givens of a 162-character `bd` (module docs), or `None` for another length.
fn packed_board(board: &str) -> Result<Option<Vec<u8>>, Error> {
    if board.len() != 162 || !board.is_ascii() {
        return Ok(None);
    }
    let mut cells = Vec::with_capacity(81);
    for (i, pair) in board.as_bytes().chunks(2).enumerate() {
        let digit = |b: u8| (b as char).to_digit(32);
        let (Some(high), Some(low)) = (digit(pair[0]), digit(pair[1])) else {
            return refuse(
                Words::new("link-board-base32")
                    .with("first", number(2 * i + 1))
                    .with("last", number(2 * i + 2)),
            );
        };
        let value = high * 32 + low;
        let (candidates, given) = (value >> 1, value & 1 == 1);
        let single = candidates.count_ones() == 1 && candidates < 1 << 9;
        cells.push(if given && single {
            candidates.trailing_zeros() as u8 + 1
        } else {
            0
        });
    }
    Ok(Some(cells))
}

/// The regions of a `jigmap`: 81 digits 1 to 9, one per cell.
fn jigmap(map: &str) -> Result<Vec<u8>, Error> {
    let regions: Vec<u8> = map
        .chars()
        .map_while(|c| c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8))
        .collect();
    if regions.len() != map.chars().count() {
        return refuse(Words::new("link-jigmap-character").with("at", number(regions.len() + 1)));
    }
    if regions.len() != 81 {
        return refuse(Words::new("link-jigmap-count").with("count", number(regions.len())));
    }
    Ok(regions)
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

// ---- f-puzzles and SudokuPad ------------------------------------------------------------

fn read_fpuzzles_link(address: &str, lower: &str) -> Result<String, Error> {
    // The reader weighs about 10 KB gzipped in the WebAssembly build, past the widget's
    // budget: in the browser, engine.js reads these links (www/internal/fpuzzles.js) before the
    // engine, and only a call that goes around it gets here.
    if cfg!(target_arch = "wasm32") {
        return refuse(Words::new("link-fpuzzles-in-wasm"));
    }
    let data = if lower.contains("f-puzzles.com/") {
        match query_value(address, "load") {
            Some(data) => data,
            None if query_value(address, "id").is_some() => {
                return refuse(Words::new("link-fpuzzles-server"));
            }
            None => {
                return refuse(Words::new("link-fpuzzles-empty"));
            }
        }
    } else {
        // Past the host, the data runs from `fpuzzles` to the end of the path.
        let path = lower.find("sudokupad.app/").unwrap_or(0);
        match lower[path..].find("fpuzzles") {
            Some(at) => {
                let rest = &address[path + at + "fpuzzles".len()..];
                rest.split(['?', '&', '#']).next().unwrap_or(rest)
            }
            _ => {
                return refuse(Words::new("link-sudokupad-format"));
            }
        }
    };
    let data = percent_decoded(data);
    let Some(json) = lz_string::decompress_from_base64(&data, MAX_DECODED_CHARS) else {
        return refuse(Words::new("link-not-lzstring"));
    };
    let value = json::parse(&json)
        .map_err(|at| bad_json(Words::new("json-stops").with("at", number(at))))?;
    id_of(read_fpuzzles(&value)?)
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
                    .with("size", number(n)),
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

/// `%2B`, `%2F`, `%3D` and other ASCII escapes of a link's data, decoded.
fn percent_decoded(data: &str) -> String {
    let mut out = String::with_capacity(data.len());
    let mut rest = data;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escaped = rest
            .get(at + 1..at + 3)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .filter(u8::is_ascii);
        match escaped {
            Some(byte) => {
                out.push(byte as char);
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The f-puzzles puzzle in a link refused, with what is wrong in its JSON as a sentence
/// (an `engine.json-*` message, or another error's).
fn bad_json(problem: Words) -> Error {
    let problem = Words::new("link-json").around("problem", problem);
    ErrorKind::BadLink { problem }.into()
}

/// A link refused for an error in one part of it (`jigmap`, `extraregion`).
fn link_error(part: &'static str, error: &Error) -> Error {
    let part = Words::new("link-part").with("part", Arg::Text(part.into()));
    let problem = part.around("problem", error.words());
    ErrorKind::BadLink { problem }.into()
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
    for cell in 0..shape.cells() {
        if let Some(w) = shape.window_of(cell) {
            windows[w].push(cell);
        }
    }
    windows
}

/// Keys of f-puzzles' JSON that say nothing of the grid's rules.
const IGNORED_KEYS: [&str; 9] = [
    "size",
    "activeConstraints",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The grid an f-puzzles JSON value holds.
fn read_fpuzzles(value: &json::Value) -> Result<Grid, Error> {
    use json::Value;
    let Value::Object(fields) = value else {
        return Err(bad_json(Words::new("json-not-object")));
    };
    let n = match value.get("size").and_then(Value::integer) {
        Some(n) if (1..=MAX_SIZE as i64).contains(&n) => n as usize,
        _ => {
            return Err(bad_json(
                Words::new("json-size").with("most", number(MAX_SIZE)),
            ));
        }
    };
    let rows = match value.get("grid") {
        Some(Value::Array(rows)) if rows.len() == n => rows,
        _ => return Err(bad_json(Words::new("json-grid").with("size", number(n)))),
    };
    let default = default_regions(n);
    let mut cells = vec![0u8; n * n];
    let mut regions = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = match row {
            Value::Array(row) if row.len() == n => row,
            _ => return Err(bad_json(Words::new("json-grid").with("size", number(n)))),
        };
        for (c, cell_value) in row.iter().enumerate() {
            let cell = r * n + c;
            let given = cell_value.get("given").is_some_and(Value::is_true);
            let value = cell_value.get("value").and_then(Value::integer);
            // A region from 0 to n − 1; a null one puts the cell in none.
            let region = match cell_value.get("region") {
                None => Some(default[cell] as i64),
                Some(region) => region.integer(),
            };
            let value = value.filter(|v| (1..=n as i64).contains(v));
            let region = region.filter(|k| (0..n as i64).contains(k));
            if let (Some(region), true) = (region, !given || value.is_some()) {
                regions[cell] = region as u8;
                cells[cell] = if given { value.unwrap_or(0) as u8 } else { 0 };
                continue;
            }
            return Err(bad_json(
                Words::new("json-cell")
                    .with("cell", Arg::Cell(cell))
                    .with("size", number(n))
                    .with("last", number(n - 1)),
            ));
        }
    }
    let mut x = [false; 2];
    let mut windows_given: &[Value] = &[];
    let mut cages_given: &[Value] = &[];
    for (key, value) in fields {
        if IGNORED_KEYS.contains(&key.as_str()) || value.is_empty() {
            continue;
        }
        match (key.as_str(), value) {
            ("diagonal+", _) => x[1] = value.is_true(),
            ("diagonal-", _) => x[0] = value.is_true(),
            ("extraregion", Value::Array(list)) => windows_given = list,
            ("killercage", Value::Array(list)) => cages_given = list,
            (other, _) => {
                return Err(bad_json(
                    Words::new("json-constraint").with("key", Arg::Text(other.into())),
                ));
            }
        }
    }
    let mut shape = layout_of(n, &regions)?;
    match x {
        [true, true] => shape = shape.with_diagonals()?,
        [false, false] => {}
        _ => {
            return Err(bad_json(Words::new("json-one-diagonal")));
        }
    }
    if !windows_given.is_empty() {
        shape = shape
            .with_windows()
            .map_err(|e| link_error("extraregion", &e))?;
        // Each extra region must be a window: its cells, named R1C1, all in one window,
        // and each window named once, whole.
        let mut window_of = vec![usize::MAX; n * n];
        let whole = windows_given.len() == (shape.box_rows() - 1).pow(2)
            && windows_given.iter().enumerate().all(|(i, region)| {
                let Some(Value::Array(list)) = region.get("cells") else {
                    return false;
                };
                list.len() == n
                    && list.iter().all(|name| {
                        let cell = match name {
                            Value::String(name) => cell_of(name, n),
                            _ => None,
                        };
                        cell.is_some_and(|cell| {
                            let fresh = window_of[cell] == usize::MAX;
                            window_of[cell] = i;
                            fresh && shape.window_of(cell).is_some()
                        })
                    })
            })
            && (0..n * n).all(|c| {
                (0..n * n).all(|d| {
                    (window_of[c] == window_of[d]) == (shape.window_of(c) == shape.window_of(d))
                })
            });
        if !whole {
            return Err(bad_json(Words::new("json-not-windows")));
        }
    }
    if !cages_given.is_empty() {
        shape = shape.with_cages(killer_cages(n, cages_given)?)?;
    }
    Grid::from_cells(shape, cells)
}

/// The cages of f-puzzles' `killercage` list (`{"cells": ["R1C1", ...], "value": "17"}`,
/// the value left out or empty for a cage without a sum), checked as every killer's are.
fn killer_cages(n: usize, list: &[json::Value]) -> Result<Cages, Error> {
    use json::Value;
    let mut cages = Vec::with_capacity(list.len());
    for (i, cage) in list.iter().enumerate() {
        let names: Vec<&str> = match cage.get("cells") {
            Some(Value::Array(names)) => names
                .iter()
                .map(|name| match name {
                    Value::String(name) => name.as_str(),
                    _ => "?",
                })
                .collect(),
            _ => Vec::new(),
        };
        if names.is_empty() {
            return Err(bad_json(
                Words::new("json-cage-empty").with("number", number(i + 1)),
            ));
        }
        let mut cells = Vec::with_capacity(names.len());
        for name in &names {
            let Some(cell) = cell_of(name, n) else {
                return Err(bad_json(
                    Words::new("json-cage-cell")
                        .with("cage", Arg::Text(names.join(", ")))
                        .with("name", Arg::Text(name.to_string()))
                        .with("size", number(n)),
                ));
            };
            cells.push(cell);
        }
        let sum = match cage.get("value") {
            None => None,
            Some(value) if value.is_empty() => None,
            Some(value) => match value.integer() {
                Some(0) => None,
                Some(sum) if (1..=u32::MAX as i64).contains(&sum) => Some(sum as u32),
                _ => {
                    return Err(bad_json(
                        Words::new("json-cage-sum").with("cage", Arg::Text(names.join(", "))),
                    ));
                }
            },
        };
        cages.push((cells, sum));
    }
    Cages::new(n, &cages)
}

/// The box shape whose boxes are these regions, if one is; else the jigsaw.
fn layout_of(n: usize, regions: &[u8]) -> Result<Shape, Error> {
    // The same partition: region to box and box to region both one to one.
    let same = |shape: Shape| {
        let (mut to_box, mut to_region) = ([usize::MAX; 256], [usize::MAX; MAX_SIZE]);
        (0..n * n).all(|cell| {
            let (r, b) = (regions[cell] as usize, shape.box_of(cell));
            if to_box[r] == usize::MAX && to_region[b] == usize::MAX {
                (to_box[r], to_region[b]) = (b, r);
            }
            to_box[r] == b && to_region[b] == r
        })
    };
    let mut boxes = Shape::box_shapes(n)
        .flat_map(|s| {
            [
                s,
                Shape::from_boxes(s.box_columns(), s.box_rows()).unwrap_or(s),
            ]
        })
        .chain(Shape::from_size(n).ok().filter(|_| n == 1));
    if let Some(shape) = boxes.find(|&s| same(s)) {
        return Ok(shape);
    }
    Shape::with_regions(n, regions).map_err(|e| bad_json(e.words()))
}

/// The cell of `R3C7`, if it is one of a side-n grid.
fn cell_of(text: &str, n: usize) -> Option<usize> {
    let (row, column) = text.strip_prefix('R')?.split_once('C')?;
    let (row, column): (usize, usize) = (row.parse().ok()?, column.parse().ok()?);
    ((1..=n).contains(&row) && (1..=n).contains(&column)).then(|| (row - 1) * n + column - 1)
}

/// LZString's base64 form, as its `compressToBase64` and `decompressFromBase64` write and
/// read it: an LZW code stream whose code width grows with the dictionary, packed six
/// bits to a base64 character, most significant bit first.
///
/// ```text
///  code 0: a new 8-bit character follows    code 1: a new 16-bit character follows
///  code 2: the end                          code 3...: a dictionary entry
///  each value is written low bit first in the current width (3 bits at the start);
///  the width grows by one when the dictionary reaches a power of two
/// ```
mod lz_string {
    use std::collections::HashMap;

    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    /// The text, compressed and written in base64 (padded with `=`).
    pub fn compress_to_base64(text: &str) -> String {
        let mut bits = BitWriter::default();
        // Each dictionary entry is (the code of its prefix, its last character); a single
        // character's entry has the prefix u32::MAX.
        let mut dictionary: HashMap<(u32, u16), u32> = HashMap::new();
        let mut size = 3u32;
        let mut width = 2u32;
        let mut enlarge_in = 2u32;
        // The current phrase: its code, and its character when it is one character that
        // has not been written yet.
        let mut phrase: Option<u32> = None;
        let mut new_char: Option<u16> = None;
        let grow = |enlarge_in: &mut u32, width: &mut u32| {
            *enlarge_in -= 1;
            if *enlarge_in == 0 {
                *enlarge_in = 1 << *width;
                *width += 1;
            }
        };
        let emit = |bits: &mut BitWriter,
                    phrase: u32,
                    new_char: &mut Option<u16>,
                    enlarge_in: &mut u32,
                    width: &mut u32| {
            if let Some(c) = new_char.take() {
                if c < 256 {
                    bits.write(*width, 0);
                    bits.write(8, c as u32);
                } else {
                    bits.write(*width, 1);
                    bits.write(16, c as u32);
                }
                grow(enlarge_in, width);
            } else {
                bits.write(*width, phrase);
            }
            grow(enlarge_in, width);
        };
        let mut pending_new: Vec<u32> = Vec::new();
        for c in text.encode_utf16() {
            let single = match dictionary.get(&(u32::MAX, c)) {
                Some(&code) => code,
                None => {
                    let code = size;
                    size += 1;
                    dictionary.insert((u32::MAX, c), code);
                    pending_new.push(code);
                    code
                }
            };
            let Some(w) = phrase else {
                phrase = Some(single);
                new_char = pending_new.contains(&single).then_some(c);
                continue;
            };
            if let Some(&code) = dictionary.get(&(w, c)) {
                phrase = Some(code);
                new_char = None;
                continue;
            }
            if new_char.is_some() {
                pending_new.retain(|&p| p != w);
            }
            emit(&mut bits, w, &mut new_char, &mut enlarge_in, &mut width);
            dictionary.insert((w, c), size);
            size += 1;
            phrase = Some(single);
            new_char = pending_new.contains(&single).then_some(c);
        }
        if let Some(w) = phrase {
            emit(&mut bits, w, &mut new_char, &mut enlarge_in, &mut width);
        }
        bits.write(width, 2);
        let mut out = bits.finish();
        while out.len() % 4 != 0 {
            out.push('=');
        }
        out
    }

    /// The text of base64 data, or `None` when it is not a whole LZString stream or would
    /// pass `limit` characters.
    pub fn decompress_from_base64(data: &str, limit: usize) -> Option<String> {
        let values: Vec<u8> = data
            .trim_end_matches('=')
            .bytes()
            .map(|b| ALPHABET.iter().position(|&a| a == b).map(|p| p as u8))
            .collect::<Option<_>>()?;
        let mut bits = BitReader {
            values: &values,
            at: 0,
        };
        let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(); 3];
        let mut width = 3u32;
        let mut enlarge_in = 4u32;
        let first = match bits.read(2)? {
            0 => bits.read(8)? as u16,
            1 => bits.read(16)? as u16,
            2 => return Some(String::new()),
            _ => return None,
        };
        dictionary.push(vec![first]);
        let mut w = vec![first];
        let mut out = vec![first];
        loop {
            if width > 24 {
                return None;
            }
            let mut code = bits.read(width)? as usize;
            match code {
                0 | 1 => {
                    let c = bits.read(if code == 0 { 8 } else { 16 })? as u16;
                    dictionary.push(vec![c]);
                    code = dictionary.len() - 1;
                    enlarge_in -= 1;
                }
                2 => return String::from_utf16(&out).ok(),
                _ => {}
            }
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
            let entry = if code < dictionary.len() {
                dictionary[code].clone()
            } else if code == dictionary.len() {
                let mut e = w.clone();
                e.push(w[0]);
                e
            } else {
                return None;
            };
            out.extend_from_slice(&entry);
            if out.len() > limit {
                return None;
            }
            let mut next = w;
            next.push(entry[0]);
            dictionary.push(next);
            enlarge_in -= 1;
            w = entry;
            if enlarge_in == 0 {
                enlarge_in = 1 << width;
                width += 1;
            }
        }
    }

    /// Six bits to a character, most significant first; values are read low bit first.
    struct BitReader<'a> {
        values: &'a [u8],
        /// The next bit, counted from the first character's top bit.
        at: usize,
    }

    impl BitReader<'_> {
        /// `n` bits, or `None` past the end of the data.
        fn read(&mut self, n: u32) -> Option<u32> {
            let mut value = 0;
            for i in 0..n {
                let byte = *self.values.get(self.at / 6)?;
                let bit = (byte >> (5 - self.at % 6)) & 1;
                value |= (bit as u32) << i;
                self.at += 1;
            }
            Some(value)
        }
    }

    #[derive(Default)]
    struct BitWriter {
        out: String,
        value: u8,
        filled: u32,
    }

    impl BitWriter {
        fn write(&mut self, n: u32, mut value: u32) {
            for _ in 0..n {
                self.push((value & 1) as u8);
                value >>= 1;
            }
        }

        fn push(&mut self, bit: u8) {
            self.value = self.value << 1 | bit;
            self.filled += 1;
            if self.filled == 6 {
                self.out.push(ALPHABET[self.value as usize] as char);
                self.value = 0;
                self.filled = 0;
            }
        }

        /// The characters, the last one filled out with zero bits (always one more bit,
        /// as LZString does).
        fn finish(mut self) -> String {
            loop {
                self.push(0);
                if self.filled == 0 {
                    return self.out;
                }
            }
        }
    }
}

/// A JSON reader for what f-puzzles writes: objects (their keys in order), arrays,
/// strings, numbers (integers kept, others only checked), booleans and null. Nesting
/// stops at [`json::MAX_DEPTH`]; an error is the character where reading stopped.
mod json {
    /// The deepest nesting read: f-puzzles' JSON goes four deep.
    pub const MAX_DEPTH: usize = 32;

    /// A JSON value.
    #[derive(Debug, PartialEq)]
    pub enum Value {
        Null,
        Bool(bool),
        /// A number: its value when it is an integer that fits an `i64`.
        Number(Option<i64>),
        String(String),
        Array(Vec<Value>),
        Object(Vec<(String, Value)>),
    }

    impl Value {
        /// An integer, from a number or a string of digits.
        pub fn integer(&self) -> Option<i64> {
            match self {
                Value::Number(n) => *n,
                Value::String(s) => s.parse().ok(),
                _ => None,
            }
        }

        /// True for `true`.
        pub fn is_true(&self) -> bool {
            matches!(self, Value::Bool(true))
        }

        /// True for what says nothing: null, false, `""`, `[]`, `{}`.
        pub fn is_empty(&self) -> bool {
            match self {
                Value::Null | Value::Bool(false) => true,
                Value::String(s) => s.is_empty(),
                Value::Array(a) => a.is_empty(),
                Value::Object(o) => o.is_empty(),
                _ => false,
            }
        }

        /// The value of a key of an object.
        pub fn get(&self, key: &str) -> Option<&Value> {
            match self {
                Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
    }

    /// Reads a whole text as one value; the error is the byte (from 1) where reading
    /// stopped.
    pub fn parse(text: &str) -> Result<Value, usize> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let value = reader.value(0);
        reader.space();
        match value {
            Some(value) if reader.at == reader.text.len() => Ok(value),
            _ => Err(reader.at + 1),
        }
    }

    struct Reader<'a> {
        text: &'a [u8],
        at: usize,
    }

    impl Reader<'_> {
        fn space(&mut self) {
            while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
                self.at += 1;
            }
        }

        /// Steps over `byte` (after any space) if it is next.
        fn eat(&mut self, byte: u8) -> bool {
            self.space();
            let found = self.text.get(self.at) == Some(&byte);
            self.at += usize::from(found);
            found
        }

        fn word(&mut self, word: &[u8], value: Value) -> Option<Value> {
            let found = self.text[self.at..].starts_with(word);
            self.at += if found { word.len() } else { 0 };
            found.then_some(value)
        }

        /// Items up to `close`, separated by commas; `item` reads one.
        fn items<T>(
            &mut self,
            close: u8,
            mut item: impl FnMut(&mut Self) -> Option<T>,
        ) -> Option<Vec<T>> {
            self.at += 1;
            let mut items = Vec::new();
            if self.eat(close) {
                return Some(items);
            }
            loop {
                items.push(item(self)?);
                if self.eat(close) {
                    return Some(items);
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }

        fn value(&mut self, depth: usize) -> Option<Value> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.space();
            match *self.text.get(self.at)? {
                b'{' => self
                    .items(b'}', |r| {
                        r.space();
                        let key = r.string()?;
                        r.eat(b':').then_some(())?;
                        Some((key, r.value(depth + 1)?))
                    })
                    .map(Value::Object),
                b'[' => self.items(b']', |r| r.value(depth + 1)).map(Value::Array),
                b'"' => self.string().map(Value::String),
                b't' => self.word(b"true", Value::Bool(true)),
                b'f' => self.word(b"false", Value::Bool(false)),
                b'n' => self.word(b"null", Value::Null),
                b'-' | b'0'..=b'9' => self.number(),
                _ => None,
            }
        }

        /// Steps over digits; true if there was one.
        fn digits(&mut self) -> bool {
            let start = self.at;
            while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
            self.at > start
        }

        fn number(&mut self) -> Option<Value> {
            let start = self.at;
            self.at += usize::from(self.text[self.at] == b'-');
            self.digits().then_some(())?;
            let integer = &self.text[start..self.at];
            let mut whole = true;
            if self.text.get(self.at) == Some(&b'.') {
                self.at += 1;
                whole = false;
                self.digits().then_some(())?;
            }
            if matches!(self.text.get(self.at), Some(b'e' | b'E')) {
                self.at += 1;
                whole = false;
                if matches!(self.text.get(self.at), Some(b'+' | b'-')) {
                    self.at += 1;
                }
                self.digits().then_some(())?;
            }
            let value = std::str::from_utf8(integer).ok()?.parse().ok();
            Some(Value::Number(value.filter(|_| whole)))
        }

        fn string(&mut self) -> Option<String> {
            (self.text.get(self.at) == Some(&b'"')).then_some(())?;
            self.at += 1;
            let mut out = Vec::new();
            loop {
                let byte = *self.text.get(self.at)?;
                self.at += 1;
                match byte {
                    b'"' => return String::from_utf8(out).ok(),
                    b'\\' => {
                        let escape = *self.text.get(self.at)?;
                        self.at += 1;
                        let c = match escape {
                            b'"' | b'\\' | b'/' => escape as char,
                            b'b' => '\u{8}',
                            b'f' => '\u{c}',
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            b'u' => {
                                let hex = self.text.get(self.at..self.at + 4)?;
                                let code =
                                    u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                                self.at += 4;
                                // Halves of a surrogate pair become the replacement
                                // character: no text read here needs them.
                                char::from_u32(code).unwrap_or('\u{fffd}')
                            }
                            _ => return None,
                        };
                        let mut buffer = [0; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
                    }
                    byte => out.push(byte),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sudokuwikis_board_and_refuses_the_rest_by_name() {
        let bd =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={bd}");
        assert_eq!(grid_text(&link).unwrap().unwrap(), bd);
        let grid = crate::parse::parse(&link).unwrap();
        assert_eq!(grid.clue_count(), 17);
        for (address, words) in [
            (
                "https://www.sudokuwiki.org/jigsaw.aspx?shape=1&bd=000000000000000000000000000000000000000000000000000000000000000000000000000000000",
                "jigmap",
            ),
            ("https://www.sudokuwiki.org/sudokux.aspx?bd=000", "81"),
            ("https://f-puzzles.com/?id=abcdef", "server"),
            ("https://f-puzzles.com/?load=N4IgzglgXgp", "LZString"),
            ("https://sudokupad.app/psxczr0jpr", "SudokuPad"),
            ("https://example.com/sudoku?p=123", "site"),
            ("https://www.sudokuwiki.org/sudoku.htm", "no puzzle"),
        ] {
            let err = crate::parse::parse(address).unwrap_err();
            assert_eq!(err.kind_name(), "bad-link", "{address}");
            assert!(err.to_string().contains(words), "{address}: {err}");
        }
        assert!(grid_text("4.....8.5.3..........7......").is_none());
    }

    /// Links to f-puzzles found in public code, and what they hold.
    const FPUZZLES_LINKS: [&str; 3] = [
        // A 9×9 with a 1 in r1c1.
        "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
        // A 9×9 with a 1 in r3c3 and a 2 in r7c7.
        "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4ARlRoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA=",
        // An empty 9×9 with two killer cages.
        "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
    ];

    #[test]
    fn reads_public_fpuzzles_links_and_writes_them_as_fpuzzles_does() {
        let one = crate::parse::parse(FPUZZLES_LINKS[0]).unwrap();
        assert_eq!((one.size(), one.clue_count(), one.get(0)), (9, 1, 1));
        let two = crate::parse::parse(FPUZZLES_LINKS[1]).unwrap();
        assert_eq!((two.get(20), two.get(60), two.clue_count()), (1, 2, 2));
        // The JSON written for these grids is the one f-puzzles wrote, and compresses
        // to the same characters.
        for (link, grid) in FPUZZLES_LINKS[..2].iter().zip([&one, &two]) {
            assert_eq!(
                fpuzzles_link(grid).trim_end_matches('='),
                link.trim_end_matches('=')
            );
        }
        // The killer's two cages are read with their sums, and written back as they came.
        let killer = crate::parse::parse(FPUZZLES_LINKS[2]).unwrap();
        let cages = killer.shape().cages().expect("cages");
        assert_eq!(killer.clue_count(), 0);
        assert_eq!(cages.len(), 2);
        assert!(fpuzzles_json(&killer).contains("\"killercage\":[{\"cells\":["));
        assert_eq!(
            crate::parse::parse(&sudokupad_link(&killer)),
            Ok(killer.clone())
        );
        // SudokuPad reads the same data after `fpuzzles`, escaped or not.
        let data = FPUZZLES_LINKS[1].split_once("load=").unwrap().1;
        for link in [
            format!("https://sudokupad.app/fpuzzles{data}"),
            format!(
                "https://sudokupad.app/?puzzleid=fpuzzles{}",
                data.replace('+', "%2B")
            ),
        ] {
            assert_eq!(crate::parse::parse(&link).as_ref(), Ok(&two), "{link}");
        }
    }

    #[test]
    fn a_killer_with_cages_without_sums_and_cells_in_none_reads_back_as_written() {
        // A 6×6: a cage with a sum, one without, one of a single cell, the rest uncaged.
        let cages = Cages::new(
            6,
            &[
                (vec![0, 1, 7], Some(6)),
                (vec![10, 16, 22], None),
                (vec![35], Some(4)),
            ],
        )
        .unwrap();
        let shape = Shape::from_size(6).unwrap().with_cages(cages).unwrap();
        let mut cells = vec![0u8; 36];
        cells[3] = 5;
        let grid = Grid::from_cells(shape, cells).unwrap();
        let json = fpuzzles_json(&grid);
        assert!(
            json.contains(
                "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C2\"],\"value\":\"6\"},{\"cells\":[\"R2C5\",\"R3C5\",\"R4C5\"]},"
            ),
            "{json}"
        );
        for link in [sudokupad_link(&grid), fpuzzles_link(&grid)] {
            assert_eq!(crate::parse::parse(&link), Ok(grid.clone()), "{link}");
        }
    }

    #[test]
    fn reads_sudokuwikis_x_and_jigsaw_links() {
        // Links published on sudokuwiki's own pages.
        let x = "https://www.sudokuwiki.org/SudokuX.aspx?bd=105007093000000040040630200700000000000403000000000009006004010010000700080300904";
        let grid = crate::parse::parse(x).unwrap();
        assert!(grid.shape().has_diagonals() && grid.shape().has_box_grid());
        assert_eq!(crate::search::count_solutions_up_to(&grid, 2), 1);
        let plain = grid
            .clone()
            .with_shape(grid.shape().without_extras())
            .unwrap();
        assert_eq!(
            crate::search::count_solutions_up_to(&plain, 2),
            2,
            "the diagonals matter"
        );
        let jigsaw = "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=03v0n4u4f4bkb0099g88vanquqfqvq052gpi8c0hge118es2s2s0210gvameueeesa30s4oa30rajeqeaeoa0ho441m0ma81me6umuma110c843a3q2qg1cc38c41ul005noeofofof803pol0la5scsbarara2gpq&jigmap=111118833188888333178583332175552322177752226774755526744495926444999996449966666";
        let grid = crate::parse::parse(jigsaw).unwrap();
        let regions = grid.shape().regions().expect("a jigsaw");
        assert_eq!(&regions[..9], &[0, 0, 0, 0, 0, 1, 1, 2, 2]);
        assert_eq!(grid.get(0), 1, "r1c1 is a given 1");
        assert_eq!(crate::search::count_solutions_up_to(&grid, 2), 1);
    }

    /// The error reading f-puzzles JSON as a link gives.
    fn fpuzzles_error(json: &str) -> Error {
        let link = format!(
            "https://f-puzzles.com/?load={}",
            lz_string::compress_to_base64(json)
        );
        let err = crate::parse::parse(&link).unwrap_err();
        assert!(!err.to_string().ends_with('.'), "{err}");
        err
    }

    /// f-puzzles JSON of an empty grid of side n, with `extra` after its grid.
    fn empty_json(n: usize, cell: &str, extra: &str) -> String {
        let row = vec![cell; n].join(",");
        let rows = vec![format!("[{row}]"); n].join(",");
        format!("{{\"size\":{n},\"grid\":[{rows}]{extra}}}")
    }

    #[test]
    fn bad_fpuzzles_puzzles_are_refused_by_name() {
        for (json, words) in [
            ("[1, 2]".to_string(), "not a JSON object"),
            ("{\"size\": 9".to_string(), "byte 11"),
            ("{\"grid\": []}".to_string(), "size"),
            (empty_json(65, "{}", ""), "not 1 to 64"),
            (
                empty_json(9, "{}", "").replacen("{},", "", 1),
                "not 9 rows of 9 cells",
            ),
            (
                empty_json(9, "{\"value\":10,\"given\":true}", ""),
                "r1c1: a given",
            ),
            (empty_json(9, "{\"region\":null}", ""), "r1c1: "),
            (empty_json(9, "{\"region\":9}", ""), "a region 0 to 8"),
            (empty_json(9, "{\"region\":0}", ""), "regions"),
            (empty_json(9, "{}", ",\"diagonal+\":true"), "one diagonal"),
            (
                empty_json(9, "{}", ",\"thermometer\":[{\"lines\":[[\"R1C1\"]]}]"),
                "(thermometer)",
            ),
            (
                empty_json(9, "{}", ",\"killercage\":[{\"cells\":[\"R1C0\"]}]"),
                "names R1C0, which is no cell",
            ),
            (
                empty_json(9, "{}", ",\"killercage\":[{\"cells\":\"R1C1\"}]"),
                "killer cage 1 lists no cells",
            ),
            (
                empty_json(
                    9,
                    "{}",
                    ",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"-3\"}]",
                ),
                "no whole number",
            ),
            (
                empty_json(9, "{}", ",\"extraregion\":[{\"cells\":[\"R1C1\"]}]"),
                "windoku's windows",
            ),
            (
                empty_json(6, "{}", ",\"extraregion\":[{\"cells\":[\"R2C2\"]}]"),
                "windoku",
            ),
        ] {
            let err = fpuzzles_error(&json);
            assert_eq!(err.kind_name(), "bad-link", "{json}: {err}");
            assert!(err.to_string().contains(words), "{json}: {err}");
        }
        // A region in two pieces cannot travel as a game ID: said, not misread.
        let mut regions: Vec<usize> = (0..16).map(|c| c / 4).collect();
        regions.swap(0, 4);
        let cells: Vec<String> = regions
            .iter()
            .map(|r| format!("{{\"region\":{r}}}"))
            .collect();
        let rows: Vec<String> = cells
            .chunks(4)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        let json = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
        assert!(fpuzzles_error(&json).to_string().contains("in pieces"));
        // Nothing that says nothing is refused: empty lists, false, metadata.
        let quiet = empty_json(
            4,
            "{}",
            ",\"title\":\"t\",\"thermometer\":[],\"antiknight\":false",
        );
        let link = format!(
            "https://f-puzzles.com/?load={}",
            lz_string::compress_to_base64(&quiet)
        );
        assert_eq!(crate::parse::parse(&link).unwrap().size(), 4);
    }

    #[test]
    fn bad_sudokuwiki_links_are_refused_by_name() {
        let bd = "0".repeat(81);
        for (link, words) in [
            (
                format!("https://www.sudokuwiki.org/sudokux.aspx?bd={}", &bd[1..]),
                "80 cells",
            ),
            (
                format!("https://www.sudokuwiki.org/sudokux.aspx?bd=a{}", &bd[1..]),
                "character 1",
            ),
            (
                format!("https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap=123"),
                "3 cells",
            ),
            (
                format!(
                    "https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap=0{}",
                    &bd[1..]
                ),
                "jigmap=, character 1",
            ),
            (
                format!(
                    "https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap={}",
                    "1".repeat(81)
                ),
                "jigmap: ",
            ),
            (
                format!(
                    "https://www.sudokuwiki.org/sudoku.htm?bd={}",
                    "z".repeat(162)
                ),
                "base 32",
            ),
        ] {
            let err = crate::parse::parse(&link).unwrap_err();
            assert_eq!(err.kind_name(), "bad-link", "{link}");
            assert!(err.to_string().contains(words), "{link}: {err}");
        }
    }

    #[test]
    fn a_link_that_would_expand_past_the_limit_is_refused() {
        // A run of one character compresses to a stream whose entries grow by one each
        // code: a few kilobytes that expand to megabytes.
        let packed = lz_string::compress_to_base64(&"a".repeat(MAX_DECODED_CHARS + 1));
        assert!(packed.len() < 10_000, "{}", packed.len());
        assert_eq!(
            lz_string::decompress_from_base64(&packed, MAX_DECODED_CHARS),
            None
        );
        let err =
            crate::parse::parse(&format!("https://sudokupad.app/fpuzzles{packed}")).unwrap_err();
        assert_eq!(err.kind_name(), "bad-link");
    }

    #[test]
    fn lz_string_matches_javascripts_output() {
        // `{"x":3}` as lz-string's compressToBase64 writes it (a public test fixture).
        assert_eq!(
            lz_string::compress_to_base64("{\"x\":3}"),
            "N4IgHiBcDMC+Q==="
        );
        assert_eq!(
            lz_string::decompress_from_base64("N4IgHiBcDMC+Q===", 100).as_deref(),
            Some("{\"x\":3}")
        );
        assert_eq!(
            lz_string::decompress_from_base64("N4IgHiBcDMC+Q===", 5),
            None
        );
        for text in [
            "",
            "a",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "ab€c€€€abab",
            "𝄞 {}",
        ] {
            let packed = lz_string::compress_to_base64(text);
            assert_eq!(
                lz_string::decompress_from_base64(&packed, 1000).as_deref(),
                Some(text),
                "{packed}"
            );
        }
    }

    #[test]
    fn json_reads_what_fpuzzles_writes_and_says_where_it_stops() {
        use json::Value;
        let v = json::parse(r#" {"a": [1, -2, 3.5, 1e3, "x\"\u0041"], "b": null, "c": true} "#)
            .unwrap();
        assert_eq!(
            v,
            Value::Object(vec![
                (
                    "a".into(),
                    Value::Array(vec![
                        Value::Number(Some(1)),
                        Value::Number(Some(-2)),
                        Value::Number(None),
                        Value::Number(None),
                        Value::String("x\"A".into()),
                    ])
                ),
                ("b".into(), Value::Null),
                ("c".into(), Value::Bool(true)),
            ])
        );
        for (text, at) in [
            ("{\"a\" 1}", 6),
            ("[1,]", 4),
            ("[1] x", 5),
            ("\"ab", 4),
            ("tru", 1),
        ] {
            assert_eq!(json::parse(text).unwrap_err(), at, "{text}");
        }
        let deep = "[".repeat(10_000);
        assert!(json::parse(&deep).is_err());
    }
}
