//! f-puzzles and SudokuPad links: their LZString-compressed JSON, read into a grid with its
//! regions, diagonals, windows and killer cages.

use super::*;
use crate::error::ReadErrorKind;

pub(super) fn read_fpuzzles_link(address: &str, lower: &str) -> Result<String, Error> {
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
        .map_err(|at| bad_json(Words::new("json-stops").with("at", Arg::whole(at))))?;
    id_of(read_fpuzzles(&value)?)
}

/// `%2B`, `%2F`, `%3D` and other ASCII escapes of a link's data, decoded.
pub(super) fn percent_decoded(data: &str) -> String {
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
pub(super) fn bad_json(problem: Words) -> Error {
    let problem = Words::new("link-json").around("problem", problem);
    ReadErrorKind::BadLink { problem }.into()
}

/// Keys of f-puzzles' JSON that say nothing of the grid's rules.
pub(super) const IGNORED_KEYS: [&str; 9] = [
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
pub(super) fn read_fpuzzles(value: &json::Value) -> Result<Grid, Error> {
    use json::Value;
    let Value::Object(fields) = value else {
        return Err(bad_json(Words::new("json-not-object")));
    };
    let n = match value.get("size").and_then(Value::integer) {
        Some(n) if (1..=MAX_SIZE as i64).contains(&n) => n as usize,
        _ => {
            return Err(bad_json(
                Words::new("json-size").with("most", Arg::whole(MAX_SIZE)),
            ));
        }
    };
    let rows = match value.get("grid") {
        Some(Value::Array(rows)) if rows.len() == n => rows,
        _ => {
            return Err(bad_json(
                Words::new("json-grid").with("size", Arg::whole(n)),
            ));
        }
    };
    let default = default_regions(n);
    let mut cells = vec![0u8; n * n];
    let mut regions = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = match row {
            Value::Array(row) if row.len() == n => row,
            _ => {
                return Err(bad_json(
                    Words::new("json-grid").with("size", Arg::whole(n)),
                ));
            }
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
                    .with("size", Arg::whole(n))
                    .with("last", Arg::whole(n - 1)),
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
            .map_err(|e| link_error("extraregion", &e.into()))?;
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
pub(super) fn killer_cages(n: usize, list: &[json::Value]) -> Result<Cages, Error> {
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
                Words::new("json-cage-empty").with("number", Arg::whole(i + 1)),
            ));
        }
        let mut cells = Vec::with_capacity(names.len());
        for name in &names {
            let Some(cell) = cell_of(name, n) else {
                return Err(bad_json(
                    Words::new("json-cage-cell")
                        .with("cage", Arg::Text(names.join(", ")))
                        .with("name", Arg::Text(name.to_string()))
                        .with("size", Arg::whole(n)),
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
    Ok(Cages::new(n, &cages)?)
}

/// The box shape whose boxes are these regions, if one is; else the jigsaw.
pub(super) fn layout_of(n: usize, regions: &[u8]) -> Result<Shape, Error> {
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
pub(super) fn cell_of(text: &str, n: usize) -> Option<usize> {
    let (row, column) = text.strip_prefix('R')?.split_once('C')?;
    let (row, column): (usize, usize) = (row.parse().ok()?, column.parse().ok()?);
    ((1..=n).contains(&row) && (1..=n).contains(&column)).then(|| (row - 1) * n + column - 1)
}
