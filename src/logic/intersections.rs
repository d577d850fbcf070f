//! Locked candidates, at every size: where a box meets a row or column (a segment of k
//! cells), a symbol confined to the segment on one side leaves the other side.
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

/// `seg[dir][line * k + i]`: the candidates of a line within its `i`-th box; dir 0 rows
/// (i = stack), dir 1 columns (i = band). `None` when boxes are single cells.
fn segments(b: &Board) -> Option<[Vec<u64>; 2]> {
    let (n, k) = (b.n, b.k);
    if k < 2 {
        return None;
    }
    let mut seg = [vec![0u64; n * k], vec![0u64; n * k]];
    for r in 0..n {
        for c in 0..n {
            let m = b.cand[r * n + c];
            seg[0][r * k + c / k] |= m;
            seg[1][c * k + r / k] |= m;
        }
    }
    Some(seg)
}

fn pointing(b: &Board, seg: &[Vec<u64>; 2]) -> Option<Step> {
    let (n, k) = (b.n, b.k);
    for bx in 0..n {
        let (band, stack) = (bx / k, bx % k);
        for dir in 0..2 {
            // The box's k segments in this direction: lines band*k.. (rows) or stack*k.. (columns).
            let (first_line, i) = if dir == 0 {
                (band * k, stack)
            } else {
                (stack * k, band)
            };
            for j in 0..k {
                let line = first_line + j;
                let others = (0..k)
                    .filter(|&o| o != j)
                    .fold(0, |m, o| m | seg[dir][(first_line + o) * k + i]);
                let rest_of_line = (0..k)
                    .filter(|&o| o != i)
                    .fold(0, |m, o| m | seg[dir][line * k + o]);
                let only = seg[dir][line * k + i] & !others & rest_of_line;
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
                        unit_name(n, box_unit),
                        symbol_char(v),
                        unit_name(n, unit),
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
    let (n, k) = (b.n, b.k);
    for dir in 0..2 {
        for line in 0..n {
            for i in 0..k {
                let others = (0..k)
                    .filter(|&o| o != i)
                    .fold(0, |m, o| m | seg[dir][line * k + o]);
                // The other lines of the box through this segment.
                let first_line = line / k * k;
                let rest_of_box = (0..k)
                    .filter(|&o| first_line + o != line)
                    .fold(0, |m, o| m | seg[dir][(first_line + o) * k + i]);
                let only = seg[dir][line * k + i] & !others & rest_of_box;
                if let Some(v) = bits(only).next() {
                    let unit = dir * n + line;
                    let bx = if dir == 0 {
                        line / k * k + i
                    } else {
                        i * k + line / k
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
                        unit_name(n, unit),
                        symbol_char(v),
                        unit_name(n, box_unit),
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
