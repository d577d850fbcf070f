//! Locked candidates, at every size and on every layout: where two units overlap, a
//! symbol whose places in one lie only in the shared cells leaves the rest of the other.
//!
//! - Pointing: a symbol's places in a box (a jigsaw region, a window) all lie in one other
//!   unit: the rest of that unit loses it.
//! - Claiming: a symbol's places in a row or column (or a diagonal) all lie in one box
//!   (or region, or window): the rest of that unit loses it.
//!
//! Plain r×c boxes with no extra units take a fast path: one pass builds the segment
//! masks, `seg[line][i]` = candidates of line `line` within its `i`-th box, and every
//! test is then a few mask operations. Other layouts (jigsaw regions, diagonals,
//! windows) walk the overlaps of each unit ([`crate::grid::Geometry::overlaps`]): for
//! each, the candidates inside the shared cells, outside them in this unit, and outside
//! them in the other.

use super::{Arg, Board, Step, Technique, Words, bit, bits};
use crate::grid::Unit;

/// The first step of one kind, pointing or claiming.
pub(super) fn find_kind(b: &Board, t: Technique) -> Option<Step> {
    if !b.is_plain() {
        return overlapping(b, t);
    }
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
                    let eliminations = b.eliminations(outside, bit(v));
                    let text = locked(Technique::Pointing, box_unit, v, unit, &eliminations);
                    return Some(Step::eliminating(
                        b.shape,
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
                    let eliminations = b.eliminations(outside, bit(v));
                    let text = locked(Technique::Claiming, unit, v, box_unit, &eliminations);
                    return Some(Step::eliminating(
                        b.shape,
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

/// Pointing or claiming on any layout, from the overlaps of the units: pointing starts
/// from a box, region or window, claiming from a row, column or diagonal. Units are
/// tried in the order a player scans ([`Board::scan_order`]).
fn overlapping(b: &Board, t: Technique) -> Option<Step> {
    let pointing = t == Technique::Pointing;
    for u in b.scan_order() {
        let area = matches!(
            b.shape.unit_kind(u),
            Unit::Box(_) | Unit::Region(_) | Unit::Window(_)
        );
        if area != pointing {
            continue;
        }
        let here = b.unit(u);
        for o in b.geo.overlaps(u) {
            let (mut inside, mut outside) = (0u64, 0u64);
            for (i, &c) in here.iter().enumerate() {
                if o.here >> i & 1 != 0 {
                    inside |= b.cand[c as usize];
                } else {
                    outside |= b.cand[c as usize];
                }
            }
            let other = o.unit as usize;
            let rest = b
                .unit(other)
                .iter()
                .enumerate()
                .filter(|&(j, _)| o.there >> j & 1 == 0)
                .fold(0u64, |m, (_, &c)| m | b.cand[c as usize]);
            let Some(v) = bits(inside & !outside & rest).next() else {
                continue;
            };
            let cells: Vec<usize> = b.places(u, v).collect();
            let outside_cells = b
                .unit(other)
                .iter()
                .enumerate()
                .filter(|&(j, _)| o.there >> j & 1 == 0)
                .map(|(_, &c)| c as usize);
            let eliminations = b.eliminations(outside_cells, bit(v));
            let text = locked(t, u, v, other, &eliminations);
            return Some(Step::eliminating(b.shape, t, cells, eliminations, text));
        }
    }
    None
}

/// The sentence of a locked candidate: in unit `within`, `v` lies only in unit `only`, so
/// the removals follow.
fn locked(t: Technique, within: usize, v: u8, only: usize, eliminations: &[(usize, u8)]) -> Words {
    Words::new("locked")
        .with("technique", Arg::Technique(t))
        .with("unit", Arg::Unit(within))
        .with("symbol", Arg::Symbol(v))
        .with("only", Arg::Unit(only))
        .with("removal", Arg::Removal(eliminations.to_vec()))
}
