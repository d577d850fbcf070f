//! Single-digit patterns, at every size: Skyscraper, 2-String Kite and Empty Rectangle.
//!
//! Each joins two strong links of one symbol (a unit where it has exactly two places, so
//! one of them holds it) by a weak link (two places that see each other, so at most one
//! holds it).
//!
//! - Skyscraper: two rows, each with two places for the symbol, one place of each in a
//!   common column (the weak link). Both of those cannot hold it, so one of the two other
//!   ends does: a cell seeing both ends loses the symbol. The same with rows and columns
//!   swapped.
//! - 2-String Kite: one row and one column with two places each, one place of each in a
//!   common box (the weak link); a cell seeing both other ends loses the symbol.
//! - Empty Rectangle: a box whose places for the symbol all lie in one row and one column
//!   of it, and a strong link in a column (or row) outside the box with one end in that
//!   row (or column). If that end holds the symbol, the box holds it in its column; if
//!   not, the other end does: either way the cell in that column and the other end's row
//!   loses the symbol.
//!
//! On every layout rows and columns are units and a jigsaw region is a unit like a box,
//! so the Skyscraper and the kite hold as they are (a cell "sees" another through any
//! unit, diagonals and windows included). The Empty Rectangle reads a box's rows and
//! columns from its band and stack, so it runs only where boxes tile the grid in r×c
//! rectangles ([`crate::grid::Shape::has_box_grid`]).
//!
//! Every pattern is found from the strong links of one symbol, at most `3n` of them, so
//! a round costs about `n` symbols times `n²` pairs of links (or, for the Empty
//! Rectangle, `n` boxes times `n` lines): cheap enough at every size up to 64×64.

use super::{Arg, Board, Step, Technique, Words, bit, seeing_all};

/// A strong link: a unit where a symbol has exactly two places.
#[derive(Clone, Copy)]
struct Link {
    unit: usize,
    ends: [usize; 2],
}

/// Per row and column, the symbols with exactly two places in it: one pass over the
/// board serves every symbol.
fn two_place_symbols(b: &Board) -> Vec<u64> {
    (0..2 * b.n)
        .map(|unit| {
            // The symbols seen at least once, twice, three times so far.
            let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
            for &c in b.unit(unit) {
                let m = b.cand[c as usize];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            two & !three
        })
        .collect()
}

/// The strong links of `v` in rows and columns, rows first, from [`two_place_symbols`].
fn line_links(b: &Board, pairs: &[u64], v: u8) -> Vec<Link> {
    (0..2 * b.n)
        .filter(|&unit| pairs[unit] & bit(v) != 0)
        .map(|unit| {
            let mut places = b.places(unit, v);
            let p = places.next().expect("two places");
            let q = places.next().expect("two places");
            Link { unit, ends: [p, q] }
        })
        .collect()
}

/// The first Skyscraper.
pub(super) fn skyscraper(b: &Board) -> Option<Step> {
    two_links(b, Technique::Skyscraper)
}

/// The first 2-String Kite.
pub(super) fn two_string_kite(b: &Board) -> Option<Step> {
    two_links(b, Technique::TwoStringKite)
}

/// Skyscraper (two parallel lines whose links meet in a line across them) or 2-String
/// Kite (a row and a column whose links meet in a box).
fn two_links(b: &Board, technique: Technique) -> Option<Step> {
    let n = b.n;
    let kite = technique == Technique::TwoStringKite;
    let pairs = two_place_symbols(b);
    for v in 1..=n as u8 {
        let links = line_links(b, &pairs, v);
        for (i, x) in links.iter().enumerate() {
            for y in &links[i + 1..] {
                let (x_row, y_row) = (x.unit < n, y.unit < n);
                // Skyscraper: two rows or two columns; kite: a row, then a column.
                if kite != (x_row != y_row) {
                    continue;
                }
                for (xb, yb) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (x_base, x_end) = (x.ends[xb], x.ends[1 - xb]);
                    let (y_base, y_end) = (y.ends[yb], y.ends[1 - yb]);
                    let cells = [x_base, x_end, y_base, y_end];
                    if (1..4).any(|j| cells[..j].contains(&cells[j])) {
                        continue;
                    }
                    // The unit of the weak link between the two bases. The far ends
                    // must not share a line as well: that would be an X-Wing.
                    let [xr, xc, xbox] = b.lines_and_box(x_base);
                    let [yr, yc, ybox] = b.lines_and_box(y_base);
                    let [xer, xec, _] = b.lines_and_box(x_end);
                    let [yer, yec, _] = b.lines_and_box(y_end);
                    let weak = if kite {
                        (xbox == ybox).then_some(xbox)
                    } else if x_row {
                        (xc == yc && xec != yec).then_some(xc)
                    } else {
                        (xr == yr && xer != yer).then_some(xr)
                    };
                    let Some(weak) = weak else { continue };
                    let eliminations = seeing_all(b, &[x_end, y_end], v);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let text = Words::new("two-links")
                        .with("technique", Arg::Technique(technique))
                        .with("symbol", Arg::Symbol(v))
                        .with("xunit", Arg::Unit(x.unit))
                        .with("xbase", Arg::Cell(x_base))
                        .with("xend", Arg::Cell(x_end))
                        .with("yunit", Arg::Unit(y.unit))
                        .with("ybase", Arg::Cell(y_base))
                        .with("yend", Arg::Cell(y_end))
                        .with("weak", Arg::Unit(weak as usize))
                        .with("removal", Arg::Removal(eliminations.clone()));
                    return Some(Step::eliminating(
                        b.shape,
                        technique,
                        cells.to_vec(),
                        eliminations,
                        text,
                    ));
                }
            }
        }
    }
    None
}

/// The first Empty Rectangle. Only on r×c boxes: the pattern is read from a box's band
/// and stack, which a jigsaw's regions do not have.
pub(super) fn empty_rectangle(b: &Board) -> Option<Step> {
    let n = b.n;
    if n < 4 || !b.shape.has_box_grid() {
        return None;
    }
    let (r, c) = (b.shape.box_rows(), b.shape.box_columns());
    let pairs = two_place_symbols(b);
    for v in 1..=n as u8 {
        let links = line_links(b, &pairs, v);
        if links.is_empty() {
            continue;
        }
        // The strong link of each row and column, if it has one.
        let mut line_link: Vec<Option<Link>> = vec![None; 2 * n];
        for l in links {
            line_link[l.unit] = Some(l);
        }
        for bx in 0..n {
            let (top, _) = b.shape.box_origin(bx);
            let places: Vec<(usize, usize)> =
                b.places(2 * n + bx, v).map(|c| (c / n, c % n)).collect();
            // A cross holds at most r + c - 1 places.
            if places.len() < 2 || places.len() >= r + c {
                continue;
            }
            for row in top..top + r {
                // The places off this row must share one column, the cross's.
                let mut off_row = places.iter().filter(|&&(r, _)| r != row);
                let Some(&(_, col)) = off_row.next() else {
                    continue;
                };
                if off_row.any(|&(_, c)| c != col) {
                    continue;
                }
                // At least one place off the column in the row: otherwise all lie in one
                // column, a pointing pattern.
                if !places.iter().any(|&(r, c)| r == row && c != col) {
                    continue;
                }
                for dir in 0..2 {
                    if let Some(step) = rectangle_step(b, v, bx, row, col, dir, &line_link) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// An Empty Rectangle of `v` in box `bx` with its cross at `row`, `col`, with a strong
/// link in a column outside the box (`dir` 0) or a row outside it (`dir` 1).
fn rectangle_step(
    b: &Board,
    v: u8,
    bx: usize,
    row: usize,
    col: usize,
    dir: usize,
    line_link: &[Option<Link>],
) -> Option<Step> {
    let n = b.n;
    let shape = b.shape;
    // In `dir` 0 the link is in a column outside the box's stack, one end in the cross's
    // row, the other in a row outside the box's band; the target is in that row and the
    // cross's column. `dir` 1 swaps rows and columns.
    let arm = if dir == 0 { row } else { col };
    // Whether a line across the arm (a column in `dir` 0) misses the box, and whether a
    // line along the arm (a row in `dir` 0) does.
    let across_misses = |line: usize| {
        if dir == 0 {
            shape.box_at(row, line) != bx
        } else {
            shape.box_at(line, col) != bx
        }
    };
    let along_misses = |line: usize| {
        if dir == 0 {
            shape.box_at(line, col) != bx
        } else {
            shape.box_at(row, line) != bx
        }
    };
    let coord = |c: usize| {
        if dir == 0 {
            (c / n, c % n)
        } else {
            (c % n, c / n)
        }
    };
    for line in (0..n).filter(|&l| across_misses(l)) {
        let unit = if dir == 0 { n + line } else { line };
        let Some(link) = line_link[unit] else {
            continue;
        };
        for e in 0..2 {
            let (near, far) = (link.ends[e], link.ends[1 - e]);
            let (far_along, _) = coord(far);
            if coord(near).0 != arm || !along_misses(far_along) {
                continue;
            }
            let target = if dir == 0 {
                far_along * n + col
            } else {
                row * n + far_along
            };
            if b.cand[target] & bit(v) == 0 {
                continue;
            }
            let eliminations = vec![(target, v)];
            let text = Words::new("empty-rectangle")
                .with("symbol", Arg::Symbol(v))
                .with("box", Arg::Unit(2 * n + bx))
                .with("row", Arg::Unit(row))
                .with("column", Arg::Unit(n + col))
                .with("link", Arg::Unit(link.unit))
                .with("near", Arg::Cell(near))
                .with("far", Arg::Cell(far))
                .with("line", Arg::Unit(if dir == 0 { n + col } else { row }))
                .with("removal", Arg::Removal(eliminations.clone()));
            let mut cells: Vec<usize> = b.places(2 * n + bx, v).collect();
            cells.extend([near, far]);
            return Some(Step::eliminating(
                b.shape,
                Technique::EmptyRectangle,
                cells,
                eliminations,
                text,
            ));
        }
    }
    None
}
