//! Game IDs of Simon Tatham's Solo (`PARAMS:DESC`), read and written.
//!
//! Solo, SudokuPad's importers and many puzzle sites share Sudoku as these IDs:
//!
//! ```text
//!  2x3:a5d4_6a5g4_2g5a3_6d2a      a 6×6 whose boxes are 2 rows high and 3 columns wide
//!  ^^^ params                      R x C: box rows by box columns (3x3 is the usual 9×9);
//!      ^^^^^^^^^^^^^^^^^^^^^ desc  then flags: j jigsaw, x diagonals, k killer, and the
//!                                  generator's own (a, r2, m4, md2, d? ...), ignored here
//!  desc, row-major:  a..z   a run of 1..26 empty cells
//!                    12     a given, in decimal (1 to the side)
//!                    _      nothing: it separates two givens
//! ```
//!
//! Solo itself stops at 31 symbols; the same rules write every side up to 64 here.
//! Jigsaw regions (`9j:DESC,EDGES`) and the diagonals (`x`) are layouts this engine does
//! not have yet: such IDs are refused by name, never misread as a plain grid.

use std::fmt::Write as _;

use crate::error::{Error, ErrorKind};
use crate::grid::{Grid, Shape};

/// True when `text` is written like a game ID: params that start with a digit, a colon,
/// and a description of letters, digits, `_` and `,` only. Only such text is read as one,
/// so a line of cells with a colon in it is left to the other readers.
pub fn looks_like_id(text: &str) -> bool {
    let Some((params, desc)) = text.split_once(':') else {
        return false;
    };
    params.starts_with(|c: char| c.is_ascii_digit())
        && params.chars().all(|c| c.is_ascii_alphanumeric())
        && !desc.is_empty()
        && desc
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ',')
}

/// The shape a game ID's params name, if they name one this engine reads.
pub fn id_shape(text: &str) -> Result<Shape, Error> {
    let (params, _) = text.split_once(':').unwrap_or((text, ""));
    read_params(params)
}

/// Reads a game ID (`2x3:a5d4_6...`) as a grid. Errors name the section (`params` or
/// `description`) and the character where it goes wrong, counted from 1 in the ID.
///
/// ```
/// let grid = sudoku64::solo::read_id("2x3:a5d4_6a5g4_2g5a3_6d2a").unwrap();
/// assert_eq!((grid.size(), grid.shape().box_name()), (6, "2x3".to_string()));
/// assert_eq!(sudoku64::format::to_line(&grid), ".5....46.5.......42.......5.36....2.");
/// assert_eq!(sudoku64::solo::write_id(&grid), "2x3:a5d4_6a5g4_2g5a3_6d2a");
/// ```
pub fn read_id(text: &str) -> Result<Grid, Error> {
    let Some((params, desc)) = text.split_once(':') else {
        return Err(bad(
            "params",
            1,
            "a game ID is PARAMS:DESCRIPTION, and this has no colon",
        ));
    };
    let shape = read_params(params)?;
    let start = params.chars().count() + 2;
    let n = shape.size();
    let mut cells = Vec::with_capacity(shape.cells());
    let chars: Vec<char> = desc.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let at = start + i;
        match chars[i] {
            c @ 'a'..='z' => {
                let run = c as usize - 'a' as usize + 1;
                cells.extend(std::iter::repeat_n(0u8, run));
                i += 1;
            }
            '_' => i += 1,
            '0'..='9' => {
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let value: usize = digits.parse().unwrap_or(usize::MAX);
                if value == 0 || value > n {
                    return Err(bad(
                        "description",
                        at,
                        &format!("{digits} is not a symbol of a {0}×{0} grid (1 to {0})", n),
                    ));
                }
                cells.push(value as u8);
                i += digits.len();
            }
            ',' => {
                return Err(bad(
                    "description",
                    at,
                    "a second section (jigsaw regions or killer cages) is not read yet",
                ));
            }
            other => {
                return Err(bad(
                    "description",
                    at,
                    &format!("{other:?} is neither a run of empty cells (a to z) nor a given"),
                ));
            }
        }
        if cells.len() > shape.cells() {
            return Err(bad(
                "description",
                at,
                &format!("the cells run past the {} of a {n}×{n} grid", shape.cells()),
            ));
        }
    }
    if cells.len() < shape.cells() {
        return Err(bad(
            "description",
            start + chars.len(),
            &format!(
                "it ends after {} cells, where a {n}×{n} grid has {}",
                cells.len(),
                shape.cells()
            ),
        ));
    }
    Grid::from_cells(shape, cells)
}

/// The grid as a game ID: `RxC:` (its box rows by columns), then the description.
pub fn write_id(grid: &Grid) -> String {
    let shape = grid.shape();
    let mut out = format!("{}:", shape.box_name());
    let mut run = 0usize;
    let mut after_given = false;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let step = (*run).min(26);
            out.push((b'a' + step as u8 - 1) as char);
            *run -= step;
        }
    };
    for &v in grid.cells() {
        if v == 0 {
            run += 1;
            after_given = false;
            continue;
        }
        flush(&mut out, &mut run);
        if after_given {
            out.push('_');
        }
        let _ = write!(out, "{v}");
        after_given = true;
    }
    flush(&mut out, &mut run);
    out
}

/// The shape of params such as `3x3`, `2x3db`, `3` (3×3 boxes), `3x3x` (refused: the
/// diagonals), `9j` (refused: jigsaw).
fn read_params(params: &str) -> Result<Shape, Error> {
    let chars: Vec<char> = params.chars().collect();
    let number = |from: usize| -> (usize, usize) {
        let digits: String = chars[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        (digits.parse().unwrap_or(usize::MAX), from + digits.len())
    };
    let (first, mut i) = number(0);
    if i == 0 {
        return Err(bad(
            "params",
            1,
            "params start with the box size, such as 3x3 or 2x3",
        ));
    }
    let mut boxes = None;
    if chars.get(i) == Some(&'x') && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
        let (second, next) = number(i + 1);
        boxes = Some((first, second));
        i = next;
    }
    let side_end = i;
    // The flags: layouts this engine lacks are refused; the generator's options ignored.
    while i < chars.len() {
        let at = i + 1;
        match chars[i] {
            'j' => return Err(bad("params", at, "jigsaw regions (j) are not read yet")),
            'x' => {
                return Err(bad(
                    "params",
                    at,
                    "the diagonals of X-Sudoku (x) are not read yet",
                ));
            }
            'k' => return Err(bad("params", at, "killer cages (k) are not read yet")),
            'w' => return Err(bad("params", at, "windoku windows (w) are not read yet")),
            'a' | 'r' | 'm' | 'd' | '0'..='9' => i += 1,
            other => {
                return Err(bad(
                    "params",
                    at,
                    &format!("{other:?} is not a flag of the params"),
                ));
            }
        }
    }
    let shape = match boxes {
        Some((rows, columns)) => Shape::from_boxes(rows, columns),
        None => Shape::from_box(first),
    };
    shape.map_err(|e| bad("params", 1, &format!("{}: {e}", &params[..side_end])))
}

fn bad(section: &'static str, offset: usize, message: &str) -> Error {
    ErrorKind::BadId {
        section,
        offset,
        message: message.to_string(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_line;

    #[test]
    fn reads_solos_ids_and_writes_them_back() {
        let text = include_str!("../tests/data/solo-ids.txt");
        let mut read = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (id, solution) = line.split_once(' ').unwrap();
            let params = id.split(':').next().unwrap();
            if params.contains('j') || params.ends_with('x') {
                let err = read_id(id).unwrap_err();
                assert!(err.to_string().contains("not read yet"), "{id}: {err}");
                continue;
            }
            let grid = read_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            let solved = crate::search::solve_one(&grid).expect("Solo's puzzles have solutions");
            assert_eq!(to_line(&solved), solution, "{id}");
            assert_eq!(write_id(&grid), id, "written back as Solo writes it");
            read += 1;
        }
        assert!(read >= 12, "{read} IDs read");
    }

    #[test]
    fn long_runs_and_large_sides_round_trip() {
        let shape = Shape::from_boxes(8, 8).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 64);
        grid.set(1, 63);
        grid.set(4095, 1);
        let id = write_id(&grid);
        assert!(id.starts_with("8x8:64_63zz"), "{id}");
        assert_eq!(read_id(&id).unwrap(), grid);
        assert!(looks_like_id(&id));
        assert!(!looks_like_id("4.....8.5:1:417"));
        assert!(!looks_like_id("953168742:1:95316"));
    }

    #[test]
    fn an_id_of_another_shape_than_asked_is_refused() {
        let asked = crate::parse::ParseOptions {
            size: Some(9),
            ..Default::default()
        };
        let err = crate::parse::parse_with("2x3:a5d4_6a5g4_2g5a3_6d2a", &asked).unwrap_err();
        assert_eq!(err.kind_name(), "bad-id");
        assert!(
            err.to_string().contains("where a 9×9 was asked for"),
            "{err}"
        );
        let right = crate::parse::ParseOptions {
            boxes: Some((2, 3)),
            ..Default::default()
        };
        assert!(crate::parse::parse_with("2x3:a5d4_6a5g4_2g5a3_6d2a", &right).is_ok());
    }

    #[test]
    fn bad_ids_name_the_section_and_the_character() {
        for (id, section, offset) in [
            ("2x3:a5d4_6a5g4_2g5a3_6d2", "description", 25),
            ("2x3:a5d4_6a5g4_2g5a3_6d2aa", "description", 26),
            ("2x3:a9", "description", 6),
            ("2x3:a5A", "description", 7),
            ("1x5:z", "params", 1),
            ("9j:a", "params", 2),
            ("3x3x:a", "params", 4),
            ("3x3q:a", "params", 4),
        ] {
            let err = read_id(id).unwrap_err();
            match err.kind() {
                ErrorKind::BadId {
                    section: s,
                    offset: o,
                    ..
                } => assert_eq!((*s, *o), (section, offset), "{id}: {err}"),
                other => panic!("{id}: {other:?}"),
            }
            assert!(err.to_string().contains(section), "{err}");
        }
    }
}
