//! Game IDs of Simon Tatham's Solo (`PARAMS:DESC`), read and written, for every layout.
//!
//! Solo, SudokuPad's importers and many puzzle sites share Sudoku as these IDs:
//!
//! ```text
//!  2x3:a5d4_6a5g4_2g5a3_6d2a      a 6×6 whose boxes are 2 rows high and 3 columns wide
//!  ^^^ params                      RxC: box rows by box columns (3x3 is the usual 9×9)
//!      ^^^^^^^^^^^^^^^^^^^^^ desc  the cells, row-major:
//!                                    a..z  a run of 1..26 empty cells
//!                                    12    a given, in decimal (1 to the side)
//!                                    _     nothing: it separates two givens
//!  9j:GIVENS,EDGES                 a jigsaw of side 9: the cells, then where regions meet
//!  3x3x:...  9jx:...               a trailing x: both main diagonals are units (X-Sudoku)
//!  3x3w:...  3x3xw:...             w: windoku's windows are units (this engine's own flag)
//! ```
//!
//! Params are read as Solo reads them: the first number, then `x` and a second number
//! (the `x` right after the first number always separates the box's two sides, so `9x`
//! is a box of 9 by nothing, not an X-Sudoku), then flags: `j` jigsaw (its side is the
//! first number, or the box's rows times columns), `x` the diagonals, `k` killer cages
//! (refused: not a layout this engine has), and the generator's own options (`a`, `r2`,
//! `m4`, `md2`, `db`, `du` ...), which say nothing of the grid and are skipped.
//!
//! The jigsaw's `EDGES` walk the 2n(n−1) places where two neighbouring cells meet: first
//! the n(n−1) between left and right neighbours, row by row, then the n(n−1) between
//! upper and lower neighbours, column by column. Each character gives a run of places
//! that are not borders between regions, and then one border: `_` none then a border,
//! `a`..`y` 1..25 then a border, and `z` 26 with no border after it. A virtual border
//! closes the list. Regions are the cells joined across non-borders. Solo's own writer
//! writes `z` for 25 non-borders while its reader takes 26; this module follows the
//! reader, so what it writes Solo reads back the same.
//!
//! Extensions, documented as such: Solo stops at 31 symbols, and the same rules write
//! every side up to 64 here; Solo has no windoku, and `w` is this engine's own flag (Solo
//! skips letters it does not know, so it reads `3x3w` as a plain 3x3).

use std::fmt::Write as _;

use crate::error::{Error, ReadErrorKind};
use crate::grid::{Grid, MAX_SIZE, Shape};
use crate::logic::{Arg, Words};

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

/// The shape a game ID names: from its params alone, or for a jigsaw from its regions
/// too (the whole ID is read then).
pub fn id_shape(text: &str) -> Result<Shape, Error> {
    let (params, _) = text.split_once(':').unwrap_or((text, ""));
    match read_params(params)? {
        Params {
            layout: Layout::Jigsaw(_),
            ..
        } => read_id(text).map(|grid| grid.shape()),
        params => params.shape(None),
    }
}

/// Reads a game ID (`2x3:a5d4_6...`, `9j:...,...`, `3x3x:...`) as a grid of the shape it
/// names. Errors name the section (`params` or `description`) and the character where it
/// goes wrong, counted from 1 in the ID; a variant that does not fit the grid (`x` below
/// 4×4, `w` without square boxes) is [`crate::RuleErrorKind::BadVariant`].
///
/// ```
/// let grid = sudoku64::solo::read_id("2x3:a5d4_6a5g4_2g5a3_6d2a").unwrap();
/// assert_eq!((grid.size(), grid.shape().box_name()), (6, "2x3".to_string()));
/// assert_eq!(sudoku64::format::to_line(&grid), ".5....46.5.......42.......5.36....2.");
/// assert_eq!(sudoku64::solo::write_id(&grid), "2x3:a5d4_6a5g4_2g5a3_6d2a");
/// ```
pub fn read_id(text: &str) -> Result<Grid, Error> {
    let Some((params_text, desc)) = text.split_once(':') else {
        return Err(bad("params", 1, Words::new("id-no-colon")));
    };
    let params = read_params(params_text)?;
    let start = params_text.chars().count() + 2;
    let n = params.size();
    // The sections after the cells, each with the character it starts at: a jigsaw's
    // edges, then a killer's cage edges and its sums.
    let mut sections = Vec::new();
    let mut at = start;
    for section in desc.split(',') {
        sections.push((section, at));
        at += section.chars().count() + 1;
    }
    let jigsaw = matches!(params.layout, Layout::Jigsaw(_));
    let wanted = 1 + usize::from(jigsaw) + 2 * usize::from(params.killer);
    if sections.len() < wanted {
        let what = match (jigsaw, params.killer, sections.len()) {
            (true, _, 1) => "id-jigsaw-edges",
            (_, _, k) if k + 1 == wanted => "id-killer-sums",
            _ => "id-killer-edges",
        };
        return Err(bad("description", at - 1, Words::new(what)));
    }
    if sections.len() > wanted {
        let (_, extra) = sections[wanted];
        let what = match (jigsaw, params.killer) {
            (false, false) => "id-second-section",
            (true, false) => "id-third-section",
            _ => "id-section-too-many",
        };
        return Err(bad("description", extra - 1, Words::new(what)));
    }
    let cells = read_cells(sections[0].0, n, sections[0].1, n)?;
    let regions = if jigsaw {
        let (edges, at) = sections[1];
        Some((read_edges(edges, n, at)?, at))
    } else {
        None
    };
    let shape = params.shape(regions.as_ref().map(|(r, at)| (&r[..], *at)))?;
    let shape = if params.killer {
        let (edges, edges_at) = sections[wanted - 2];
        let (sums, sums_at) = sections[wanted - 1];
        let mut joined = read_joins(edges, n, edges_at)?;
        let sums = read_cells(sums, n, sums_at, n * n * n)?;
        // Solo cages every cell: a cell alone with no sum is in no cage here.
        let mut size = vec![0usize; n * n];
        for cell in 0..n * n {
            size[joined.find(cell)] += 1;
        }
        let labels: Vec<Option<u32>> = (0..n * n)
            .map(|cell| {
                let root = joined.find(cell);
                (size[root] > 1 || sums[cell] != 0).then_some(root as u32)
            })
            .collect();
        let sums: Vec<u32> = sums.iter().map(|&s| s as u32).collect();
        shape.with_cages(crate::cages::Cages::from_labels(n, &labels, &sums)?)?
    } else {
        shape
    };
    let grid = Grid::from_cells(shape, cells.iter().map(|&v| v as u8).collect())?;
    Ok(grid)
}

/// The grid as a game ID: `RxC:` (its box rows by columns) or `Nj:` (a jigsaw of side N),
/// `x` after them for the diagonals and `w` for windoku's windows, then the description,
/// and a jigsaw's edges after a comma. [`read_id`] reads it back to the same grid.
///
/// A jigsaw's regions are written as the borders between them, so each region must be in
/// one piece (as every jigsaw of Solo and of this engine's generator is): a region in
/// pieces reads back as more regions than the side, which [`read_id`] refuses by name.
///
/// ```
/// let shape = sudoku64::Shape::from_box(3).unwrap().with_diagonals().unwrap();
/// let grid = sudoku64::Grid::empty(shape);
/// assert_eq!(sudoku64::solo::write_id(&grid), "3x3x:zzzc");
/// ```
pub fn write_id(grid: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let mut out = if shape.is_jigsaw() {
        format!("{n}j")
    } else {
        shape.box_name()
    };
    if shape.has_diagonals() {
        out.push('x');
    }
    if shape.has_windows() {
        out.push('w');
    }
    if shape.has_cages() {
        out.push('k');
    }
    out.push(':');
    let values: Vec<u32> = grid.cells().iter().map(|&v| v as u32).collect();
    write_cells(&mut out, &values);
    if let Some(regions) = shape.regions() {
        out.push(',');
        let labels: Vec<u32> = regions.iter().map(|&r| r as u32).collect();
        write_edges(&mut out, n, &labels);
    }
    if let Some(cages) = shape.cages() {
        // A cell in no cage is a cage of its own with no sum, as Solo has them.
        let labels: Vec<u32> = (0..n * n)
            .map(|cell| match cages.cage_of(cell) {
                Some(k) => k as u32,
                None => (n * n + cell) as u32,
            })
            .collect();
        out.push(',');
        write_edges(&mut out, n, &labels);
        let mut sums = vec![0u32; n * n];
        for k in 0..cages.len() {
            sums[cages.cells(k)[0] as usize] = cages.sum(k).unwrap_or(0);
        }
        out.push(',');
        write_cells(&mut out, &sums);
    }
    out
}

/// What params name: the grid's boxes or jigsaw side, and its extra units.
#[derive(Clone, Copy, Debug)]
struct Params {
    layout: Layout,
    /// The `x` flag: both main diagonals.
    x: bool,
    /// The `w` flag: windoku's windows.
    windoku: bool,
    /// The `k` flag: killer cages.
    killer: bool,
}

#[derive(Clone, Copy, Debug)]
enum Layout {
    /// Boxes of rows × columns.
    Boxes(Shape),
    /// Jigsaw regions of this side.
    Jigsaw(usize),
}

impl Params {
    fn size(&self) -> usize {
        match self.layout {
            Layout::Boxes(shape) => shape.size(),
            Layout::Jigsaw(n) => n,
        }
    }

    /// The shape, given a jigsaw's regions (and the character its edges start at).
    fn shape(&self, regions: Option<(&[u8], usize)>) -> Result<Shape, Error> {
        let base = match (self.layout, regions) {
            (Layout::Boxes(shape), _) => shape,
            (Layout::Jigsaw(n), Some((regions, at))) => {
                Shape::with_regions(n, regions).map_err(|e| bad("description", at, e.words()))?
            }
            (Layout::Jigsaw(_), None) => {
                return Err(bad("description", 1, Words::new("id-regions-after-cells")));
            }
        };
        let shape = if self.x { base.with_diagonals()? } else { base };
        if self.windoku {
            Ok(shape.with_windows()?)
        } else {
            Ok(shape)
        }
    }
}

/// Reads params such as `3x3`, `2x3db`, `3` (3×3 boxes), `3x3x` (the diagonals), `9j`,
/// `9jx`, `3x3xw` (windoku too), as Solo's `decode_params` does (see the module docs).
fn read_params(params: &str) -> Result<Params, Error> {
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
        return Err(bad("params", 1, Words::new("id-params-start")));
    }
    let mut second = None;
    if chars.get(i) == Some(&'x') {
        let (value, next) = number(i + 1);
        if next == i + 1 {
            return Err(bad("params", i + 2, Words::new("id-params-x")));
        }
        second = Some(value);
        i = next;
    }
    let side_end = i;
    let (mut x, mut windoku, mut killer) = (false, false, false);
    let mut jigsaw = false;
    while i < chars.len() {
        let at = i + 1;
        i += 1;
        match chars[at - 1] {
            'j' => jigsaw = true,
            'x' => x = true,
            'w' => windoku = true,
            'k' => killer = true,
            // The generator's symmetry (a, r2, r4, m2, m4, m8, md2, md4) and difficulty
            // (dt db di da de du): nothing about the grid.
            'a' => {}
            'r' | 'm' => {
                if chars[at - 1] == 'm' && chars.get(i) == Some(&'d') {
                    i += 1;
                }
                i = number(i).1;
            }
            'd' if chars.get(i).is_some_and(|c| "tbiaeu".contains(*c)) => i += 1,
            other => {
                return Err(bad(
                    "params",
                    at,
                    Words::new("id-params-flag").with("flag", Arg::Text(other.to_string())),
                ));
            }
        }
    }
    let side_text: String = chars[..side_end].iter().collect();
    let layout = if jigsaw {
        let n = first.saturating_mul(second.unwrap_or(1));
        if !(2..=MAX_SIZE).contains(&n) {
            return Err(bad(
                "params",
                1,
                Words::new("id-jigsaw-side")
                    .with("side", Arg::Text(side_text))
                    .with("most", Arg::whole(MAX_SIZE)),
            ));
        }
        Layout::Jigsaw(n)
    } else {
        let shape = match second {
            Some(columns) => Shape::from_boxes(first, columns),
            None => Shape::from_box(first),
        };
        Layout::Boxes(shape.map_err(|e| {
            let side = Words::new("id-side").with("side", Arg::Text(side_text));
            bad("params", 1, side.around("problem", e.words()))
        })?)
    };
    let params = Params {
        layout,
        x,
        windoku,
        killer,
    };
    // A variant that does not fit boxes is said before the description is read; on a
    // jigsaw, once its regions are.
    if let Layout::Boxes(_) = layout {
        params.shape(None)?;
    }
    Ok(params)
}

/// Reads the cells of a description (up to its first comma), whose first character is
/// character `start` of the ID: each empty (0) or a number from 1 to `most` (the side
/// for givens; a killer's sums go higher).
fn read_cells(desc: &str, n: usize, start: usize, most: usize) -> Result<Vec<u16>, Error> {
    let area = n * n;
    let mut cells = Vec::with_capacity(area);
    let chars: Vec<char> = desc.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let at = start + i;
        match chars[i] {
            c @ 'a'..='z' => {
                let run = c as usize - 'a' as usize + 1;
                cells.extend(std::iter::repeat_n(0u16, run));
                i += 1;
            }
            '_' => i += 1,
            '0'..='9' => {
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let value: usize = digits.parse().unwrap_or(usize::MAX);
                if value == 0 || value > most {
                    let what = Words::new(if most == n {
                        "id-symbol"
                    } else {
                        "id-cage-sum"
                    })
                    .with("digits", Arg::Text(digits))
                    .with("size", Arg::whole(n))
                    .with("most", Arg::whole(most));
                    return Err(bad("description", at, what));
                }
                cells.push(value as u16);
                i += digits.len();
            }
            other => {
                return Err(bad(
                    "description",
                    at,
                    Words::new("id-cell-character").with("character", Arg::Text(other.to_string())),
                ));
            }
        }
        if cells.len() > area {
            return Err(bad(
                "description",
                at,
                Words::new("id-cells-past")
                    .with("cells", Arg::whole(area))
                    .with("size", Arg::whole(n)),
            ));
        }
    }
    if cells.len() < area {
        return Err(bad(
            "description",
            start + chars.len(),
            Words::new("id-cells-end")
                .with("found", Arg::whole(cells.len()))
                .with("size", Arg::whole(n))
                .with("cells", Arg::whole(area)),
        ));
    }
    Ok(cells)
}

/// The two cells on either side of edge place `pos` of a side-n grid: the n(n−1) places
/// between left and right neighbours row by row, then those between upper and lower
/// neighbours column by column.
fn edge_cells(n: usize, pos: usize) -> (usize, usize) {
    let inner = n * (n - 1);
    if pos < inner {
        let (row, column) = (pos / (n - 1), pos % (n - 1));
        (row * n + column, row * n + column + 1)
    } else {
        let (column, row) = ((pos - inner) / (n - 1), (pos - inner) % (n - 1));
        (row * n + column, (row + 1) * n + column)
    }
}

/// Reads a jigsaw's edges into the region of each cell, numbered in reading order of
/// their first cells (each at most `n`: a region past the n-th is n, and
/// [`Shape::with_regions`] refuses it).
fn read_edges(edges: &str, n: usize, start: usize) -> Result<Vec<u8>, Error> {
    let mut joined = read_joins(edges, n, start)?;
    // Regions in reading order; count them first, to name the first one too many.
    let mut label = vec![usize::MAX; n * n];
    let mut regions = Vec::with_capacity(n * n);
    let mut count = 0;
    let mut extra = None;
    for cell in 0..n * n {
        let root = joined.find(cell);
        if label[root] == usize::MAX {
            label[root] = count;
            if count == n {
                extra = Some(cell);
            }
            count += 1;
        }
        regions.push(label[root].min(n) as u8);
    }
    if let Some(cell) = extra {
        return Err(bad(
            "description",
            start,
            Words::new("id-edge-regions")
                .with("count", Arg::whole(count))
                .with("next", Arg::whole(n + 1))
                .with("cell", Arg::Cell(cell))
                .with("size", Arg::whole(n)),
        ));
    }
    Ok(regions)
}

/// Reads edges (a jigsaw's regions or a killer's cages) into the groups of cells they
/// join.
fn read_joins(edges: &str, n: usize, start: usize) -> Result<UnionFind, Error> {
    let total = 2 * n * (n.max(1) - 1);
    let mut joined = UnionFind::new(n * n);
    let mut pos = 0;
    for (i, c) in edges.chars().enumerate() {
        let at = start + i;
        let run = match c {
            '_' => 0,
            'a'..='z' => c as usize - 'a' as usize + 1,
            other => {
                return Err(bad(
                    "description",
                    at,
                    Words::new("id-edge-character").with("character", Arg::Text(other.to_string())),
                ));
            }
        };
        if pos > total || pos + run > total {
            return Err(bad(
                "description",
                at,
                Words::new("id-edges-past")
                    .with("total", Arg::whole(total))
                    .with("size", Arg::whole(n)),
            ));
        }
        for p in pos..pos + run {
            let (a, b) = edge_cells(n, p);
            joined.join(a, b);
        }
        pos += run + usize::from(run != 26);
    }
    if pos != total + 1 {
        // Every place reached but the closing run (a letter) missing, or places left over.
        let words = if pos == total {
            Words::new("id-edges-open")
        } else {
            Words::new("id-edges-end").with("found", Arg::whole(pos.min(total)))
        };
        return Err(bad(
            "description",
            start + edges.chars().count(),
            words
                .with("total", Arg::whole(total))
                .with("size", Arg::whole(n)),
        ));
    }
    Ok(joined)
}

/// Writes cells as a description: runs of empty cells as letters, givens in decimal,
/// `_` between two givens.
fn write_cells(out: &mut String, cells: &[u32]) {
    let mut run = 0usize;
    let mut after_given = false;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let step = (*run).min(26);
            out.push((b'a' + step as u8 - 1) as char);
            *run -= step;
        }
    };
    for &v in cells {
        if v == 0 {
            run += 1;
            after_given = false;
            continue;
        }
        flush(out, &mut run);
        if after_given {
            out.push('_');
        }
        let _ = write!(out, "{v}");
        after_given = true;
    }
    flush(out, &mut run);
}

/// Writes the borders between groups of cells (a jigsaw's regions, a killer's cages;
/// `labels` tells each cell's group) as Solo's reader takes them (module docs).
fn write_edges(out: &mut String, n: usize, regions: &[u32]) {
    let total = 2 * n * (n - 1);
    let mut run = 0;
    for pos in 0..=total {
        let border = pos == total || {
            let (a, b) = edge_cells(n, pos);
            regions[a] != regions[b]
        };
        if !border {
            run += 1;
            if run == 26 {
                out.push('z');
                run = 0;
            }
            continue;
        }
        out.push(if run == 0 {
            '_'
        } else {
            (b'a' + run as u8 - 1) as char
        });
        run = 0;
    }
}

/// Sets of cells joined across non-borders.
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(len: usize) -> UnionFind {
        UnionFind {
            parent: (0..len).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        // The smaller root stays: a region's root is its first cell in reading order.
        let (low, high) = (a.min(b), a.max(b));
        self.parent[high] = low;
    }
}

/// An ID that cannot be read, with what is wrong at that character as a sentence (an
/// `engine.id-*` message, or another error's).
fn bad(section: &'static str, offset: usize, problem: Words) -> Error {
    ReadErrorKind::BadId {
        section,
        offset,
        problem,
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_line;

    /// The IDs of `tests/data/solo-ids.txt` with their solutions.
    fn solo_ids() -> Vec<(&'static str, &'static str)> {
        include_str!("../tests/data/solo-ids.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_once(' ').expect("an ID and its solution"))
            .collect()
    }

    #[test]
    fn reads_every_solo_id_in_its_layout_and_writes_it_back() {
        let (mut jigsaws, mut xs) = (0, 0);
        for (id, solution) in solo_ids() {
            let grid = read_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            let solved = crate::parse::parse_with(
                solution,
                &crate::parse::ParseOptions {
                    size: Some(grid.size()),
                    allow_clashes: true,
                    ..Default::default()
                },
            )
            .and_then(|g| g.with_shape(grid.shape()))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert!(solved.is_solved(), "{id}: Solo's solution breaks a unit");
            assert!(grid.is_subset_of(&solved), "{id}: givens off the solution");
            assert_eq!(write_id(&grid), id, "written back as Solo writes it");
            let params = id.split(':').next().unwrap();
            assert_eq!(grid.shape().is_jigsaw(), params.contains('j'), "{id}");
            assert_eq!(grid.shape().has_diagonals(), params.ends_with('x'), "{id}");
            jigsaws += usize::from(grid.shape().is_jigsaw());
            xs += usize::from(grid.shape().has_diagonals());
        }
        assert!(jigsaws >= 6 && xs >= 3, "{jigsaws} jigsaws, {xs} X");
    }

    #[test]
    fn plain_ids_solve_to_solos_solutions() {
        for (id, solution) in solo_ids().into_iter().filter(|(id, _)| !id.contains('j')) {
            let grid = read_id(id).unwrap();
            let solved = crate::search::solve_one(&grid).expect("Solo's puzzles have solutions");
            assert_eq!(to_line(&solved), solution, "{id}");
        }
    }

    #[test]
    fn a_jigsaw_ids_regions_are_those_its_edges_draw() {
        // A 4×4 of four 2×2 squares, as a jigsaw: in the first row the borders sit between
        // columns 2 and 3 only.
        let id = "4j:p,abbbbbbba";
        let grid = read_id(id).unwrap();
        let regions = grid.shape().regions().unwrap();
        assert_eq!(
            regions,
            &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3][..],
            "{id}"
        );
        assert_eq!(write_id(&grid), id);
        // z: 26 places that are not borders and no border after them.
        let rows =
            Shape::with_regions(7, &(0..49).map(|c| (c / 7) as u8).collect::<Vec<_>>()).unwrap();
        let id = write_id(&Grid::empty(rows));
        assert!(id.contains('z'), "{id}");
        assert_eq!(read_id(&id).unwrap().shape(), rows);
    }

    #[test]
    fn params_are_read_as_solo_reads_them() {
        for (params, n, jigsaw, x, windoku) in [
            ("3x3", 9, false, false, false),
            ("3", 9, false, false, false),
            ("3x3x", 9, false, true, false),
            ("3x3xw", 9, false, true, true),
            ("3x3wx", 9, false, true, true),
            ("3x3dbm4x", 9, false, true, false),
            ("3x3md2", 9, false, false, false),
            ("3x3r4dax", 9, false, true, false),
            ("9jx", 9, true, true, false),
            ("3x3j", 9, true, false, false),
            ("2x5jx", 10, true, true, false),
        ] {
            let p = read_params(params).unwrap_or_else(|e| panic!("{params}: {e}"));
            assert_eq!(
                (
                    p.size(),
                    matches!(p.layout, Layout::Jigsaw(_)),
                    p.x,
                    p.windoku
                ),
                (n, jigsaw, x, windoku),
                "{params}"
            );
        }
        // `9x` is a box of 9 by nothing (Solo reads r = 0), never an X-Sudoku of side 9.
        let err = read_params("9x").unwrap_err();
        assert!(
            matches!(err.as_read(), Some(ReadErrorKind::BadId { offset: 3, .. })),
            "{err}"
        );
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
    fn a_region_in_pieces_is_refused_when_read_back() {
        // Regions 0 and 1 swap two cells, so each is in two pieces.
        let mut regions: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        regions.swap(0, 4);
        let shape = Shape::with_regions(4, &regions).unwrap();
        let err = read_id(&write_id(&Grid::empty(shape))).unwrap_err();
        assert!(err.to_string().contains("regions"), "{err}");
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
    fn a_jigsaw_id_takes_a_side_and_the_variants_it_has_not_boxes_or_others() {
        let id = "9j:p9_2_5_3b9_4c3a1b2e3a6a5e5b4a1c7_5b6_4_9_7p,ceb_ba____a____c__dade_c____gfabbaaaba__b__ab__a_b_bb___caacb_b";
        let read = |size, boxes, variants: &str| {
            let options = crate::parse::ParseOptions {
                size,
                boxes,
                variants: crate::Variants::parse(variants).unwrap(),
                ..Default::default()
            };
            crate::parse::parse_with(id, &options)
        };
        assert!(read(Some(9), None, "").unwrap().shape().is_jigsaw());
        assert!(read(Some(9), None, "jigsaw").unwrap().shape().is_jigsaw());
        assert!(read(None, None, "jigsaw").is_ok());
        for (size, boxes, variants) in [
            (Some(9), Some((3, 3)), ""),
            (Some(9), None, "x"),
            (Some(16), None, "jigsaw"),
        ] {
            let err = read(size, boxes, variants).unwrap_err();
            assert_eq!(err.kind_name(), "bad-id", "{size:?} {boxes:?} {variants}");
        }
    }

    #[test]
    fn bad_ids_name_the_section_and_the_character() {
        for (id, section, offset) in [
            ("2x3:a5d4_6a5g4_2g5a3_6d2", "description", 25),
            ("2x3:a5d4_6a5g4_2g5a3_6d2aa", "description", 26),
            ("2x3:a9", "description", 6),
            ("2x3:a5A", "description", 7),
            ("1x5:z", "params", 1),
            ("3x3q:a", "params", 4),
            ("3x3k:zzzc", "description", 10),
            ("3x:zzzc", "params", 3),
            ("3x3:zzzc,a", "description", 9),
            // Jigsaw: a missing, short, long or bad edge list, and a third section.
            ("4j:p", "description", 5),
            ("4j:p,abbbbbbb", "description", 14),
            ("4j:p,abbbbbbbab", "description", 15),
            ("4j:p,abbAbbbba", "description", 9),
            ("4j:p,abbbbbbba,b", "description", 15),
            ("4j:o,abbbbbbba", "description", 5),
            ("65j:a,a", "params", 1),
            // Regions: all borders make 16 regions of one cell; none makes one of 16.
            ("4j:p,_________________________", "description", 6),
            ("4j:p,x", "description", 6),
        ] {
            let err = read_id(id).unwrap_err();
            match err.as_read() {
                Some(ReadErrorKind::BadId {
                    section: s,
                    offset: o,
                    ..
                }) => assert_eq!((*s, *o), (section, offset), "{id}: {err}"),
                other => panic!("{id}: {other:?}"),
            }
            assert!(err.to_string().contains(section), "{err}");
        }
        // Four regions of 1, 3, 4 and 8 cells: the one of 1 cell is named.
        let mut edges = String::new();
        let regions = [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
        write_edges(&mut edges, 4, &regions);
        let err = read_id(&format!("4j:p,{edges}")).unwrap_err();
        assert!(
            matches!(err.as_read(), Some(ReadErrorKind::BadId { offset: 6, .. })),
            "{err}"
        );
        assert!(err.to_string().contains("r1c1 has 1 cells"), "{err}");
    }

    #[test]
    fn variants_that_do_not_fit_are_bad_variants() {
        let rows: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
        let jigsaw = write_id(&Grid::empty(Shape::with_regions(9, &rows).unwrap()));
        let small: Vec<u8> = (0..9).map(|c| (c / 3) as u8).collect();
        let small = write_id(&Grid::empty(Shape::with_regions(3, &small).unwrap()));
        for id in [
            "2x3w:zj".to_string(),
            "1x1x:a".to_string(),
            jigsaw.replacen("9j", "9jw", 1),
            small.replacen("3j", "3jx", 1),
        ] {
            let err = read_id(&id).unwrap_err();
            assert_eq!(err.kind_name(), "bad-variant", "{id}: {err}");
        }
    }
}
