//! Locked candidates, at every size and box shape: where an r×c box meets a row (a
//! segment of c cells) or a column (r cells), a symbol confined to the segment on one side leaves the other side.
//!
//! - Pointing: a symbol's places in a box all lie in one row (column): the rest of that
//!   row (column) loses it.
//! - Claiming: a symbol's places in a row (column) all lie in one box: the rest of that box
//!   loses it.
//!
//! One pass builds the segment masks, `seg[line][i]` = candidates of line `line` within
//! its `i`-th box; every test is then a few mask operations.

use super::{Board, Step, Technique, bits, removal_text, unit_name};
use crate::format::symbol_char;

/// The first step of one kind, pointing or claiming.
pub(super) fn find_kind(b: &Board, t: Technique) -> Option<Step> {
    let seg = segments(b)?;
    match t {
        Technique::Pointing => pointing(b, &seg),
        _ => claiming(b, &seg),
    }
}

/// For direction `dir` (0 rows, 1 columns): how many segments a line has (the boxes it
/// crosses) and how many lines cross one box. r×c boxes: a row crosses n / c boxes, each
/// r rows high; a column crosses n / r boxes, each c columns wide.
fn dims(b: &Board, dir: usize) -> (usize, usize) {
    let (r, c) = (b.shape.box_rows(), b.shape.box_columns());
    if dir == 0 { (b.n / c, r) } else { (b.n / r, c) }
}

/// `seg[dir][line * nseg + i]`: the candidates of a line within the `i`-th box it crosses;
/// dir 0 rows (i = stack), dir 1 columns (i = band). `None` when boxes are single cells.
fn segments(b: &Board) -> Option<[Vec<u64>; 2]> {
    let n = b.n;
    if n < 2 {
        return None;
    }
    let (rows_nseg, cols_nseg) = (dims(b, 0).0, dims(b, 1).0);
    let (r, c) = (b.shape.box_rows(), b.shape.box_columns());
    let mut seg = [vec![0u64; n * rows_nseg], vec![0u64; n * cols_nseg]];
    for row in 0..n {
        for col in 0..n {
            let m = b.cand[row * n + col];
            seg[0][row * rows_nseg + col / c] |= m;
            seg[1][col * cols_nseg + row / r] |= m;
        }
    }
    Some(seg)
}

fn pointing(b: &Board, seg: &[Vec<u64>; 2]) -> Option<Step> {
    let n = b.n;
    let stacks = b.shape.stacks();
    let (r, c) = (b.shape.box_rows(), b.shape.box_columns());
    for bx in 0..n {
        let (band, stack) = (bx / stacks, bx % stacks);
        for dir in 0..2 {
            let (nseg, across) = dims(b, dir);
            // The box's lines in this direction: rows band*r.. or columns stack*c...
            let (first_line, i) = if dir == 0 {
                (band * r, stack)
            } else {
                (stack * c, band)
            };
            for j in 0..across {
                let line = first_line + j;
                let others = (0..across)
                    .filter(|&o| o != j)
                    .fold(0, |m, o| m | seg[dir][(first_line + o) * nseg + i]);
                let rest_of_line = (0..nseg)
                    .filter(|&o| o != i)
                    .fold(0, |m, o| m | seg[dir][line * nseg + o]);
                let only = seg[dir][line * nseg + i] & !others & rest_of_line;
                if let Some(v) = bits(only).next() {
                    let unit = dir * n + line;
                    let box_unit = 2 * n + bx;
                    let cells: Vec<usize> = b.places(box_unit, v).collect();
                    let outside = b
                        .unit(unit)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| b.units_of(c)[2] as usize != box_unit);
                    let eliminations = b.eliminations(outside, super::bit(v));
                    let text = format!(
                        "Pointing: in {}, {} lies only in {}, so {}",
                        unit_name(b.shape, box_unit),
                        symbol_char(v),
                        unit_name(b.shape, unit),
                        removal_text(b, &eliminations)
                    );
                    return Some(Step::eliminating(
                        Technique::Pointing,
                        cells,
                        eliminations,
                        text,
                    ));
                }
            }
        }
    }
    None
}

fn claiming(b: &Board, seg: &[Vec<u64>; 2]) -> Option<Step> {
    let n = b.n;
    let stacks = b.shape.stacks();
    for dir in 0..2 {
        let (nseg, across) = dims(b, dir);
        for line in 0..n {
            for i in 0..nseg {
                let others = (0..nseg)
                    .filter(|&o| o != i)
                    .fold(0, |m, o| m | seg[dir][line * nseg + o]);
                // The other lines of the box through this segment.
                let first_line = line / across * across;
                let rest_of_box = (0..across)
                    .filter(|&o| first_line + o != line)
                    .fold(0, |m, o| m | seg[dir][(first_line + o) * nseg + i]);
                let only = seg[dir][line * nseg + i] & !others & rest_of_box;
                if let Some(v) = bits(only).next() {
                    let unit = dir * n + line;
                    let bx = if dir == 0 {
                        line / across * stacks + i
                    } else {
                        i * stacks + line / across
                    };
                    let box_unit = 2 * n + bx;
                    let cells: Vec<usize> = b.places(unit, v).collect();
                    let outside = b
                        .unit(box_unit)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| b.units_of(c)[dir] as usize != unit);
                    let eliminations = b.eliminations(outside, super::bit(v));
                    let text = format!(
                        "Claiming: in {}, {} lies only in {}, so {}",
                        unit_name(b.shape, unit),
                        symbol_char(v),
                        unit_name(b.shape, box_unit),
                        removal_text(b, &eliminations)
                    );
                    return Some(Step::eliminating(
                        Technique::Claiming,
                        cells,
                        eliminations,
                        text,
                    ));
                }
            }
        }
    }
    None
}
