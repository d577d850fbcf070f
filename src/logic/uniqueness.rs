//! Uniqueness: the Unique Rectangle (type 1) and BUG+1, at every size.
//!
//! Four open cells at the corners of a rectangle spanning two rows, two columns and two
//! boxes. If all four held only `a` and `b`, the two symbols could be swapped around the
//! rectangle and every unit would still have each once: two solutions. So when three
//! corners hold only `a/b`, the fourth, which holds more, is neither: it loses `a` and `b`.
//!
//! This reasoning is sound only for a puzzle known to have one solution, so the solver
//! takes these steps only once that is proved (see [`crate::steps::Logic`]), and never
//! while it checks a puzzle or shrinks candidates for the exact search. The search walks
//! the pairs of cells with two candidates in a row, then the other rows: about `n³`
//! steps, cheap at every size.
//!
//! BUG+1 (bivalue universal grave plus one): every open cell has two candidates but one,
//! which has three. If without one of its three, `v`, every symbol had two places or
//! none in every unit, the puzzle would have no solution or several, so the cell is `v`.
//! One pass over the units: cheap at every size.

use super::{Board, Step, Technique, removal_text, symbols};
use crate::format::symbol_char;

/// The first Unique Rectangle of type 1.
pub(super) fn rectangle_type_1(b: &Board) -> Option<Step> {
    let (n, k) = (b.n, b.k);
    for r in 0..n {
        for c1 in 0..n {
            let m = b.cand[r * n + c1];
            if m.count_ones() != 2 {
                continue;
            }
            for c2 in c1 + 1..n {
                if b.cand[r * n + c2] != m {
                    continue;
                }
                let same_stack = c1 / k == c2 / k;
                for r2 in (0..n).filter(|&r2| r2 != r) {
                    // Two boxes in all: the rows share a band or the columns a stack.
                    if (r2 / k == r / k) == same_stack {
                        continue;
                    }
                    let (p, q) = (r2 * n + c1, r2 * n + c2);
                    let (floor, roof) = if b.cand[p] == m {
                        (p, q)
                    } else if b.cand[q] == m {
                        (q, p)
                    } else {
                        continue;
                    };
                    if b.cand[roof] & m != m || b.cand[roof] == m {
                        continue;
                    }
                    let (x, y) = (m.trailing_zeros() as u8 + 1, 64 - m.leading_zeros() as u8);
                    let eliminations = vec![(roof, x), (roof, y)];
                    let three = [r * n + c1, r * n + c2, floor];
                    let text = format!(
                        "Unique rectangle: {}, {} and {} hold only {}; if {} were {} or {} too, the four cells could swap them and the puzzle would have two solutions, so {}",
                        b.name(three[0]),
                        b.name(three[1]),
                        b.name(three[2]),
                        symbols(m),
                        b.name(roof),
                        symbol_char(x),
                        symbol_char(y),
                        removal_text(b, &eliminations)
                    );
                    return Some(Step {
                        technique: Technique::UniqueRectangle,
                        focus: String::new(),
                        links: Vec::new(),
                        cells: vec![three[0], three[1], three[2], roof],
                        placements: vec![],
                        eliminations,
                        text,
                    });
                }
            }
        }
    }
    None
}

/// The first BUG+1: every open cell has two candidates but one, which has three, and
/// without one of its three (`v`) every symbol would have zero or two places in every
/// unit. Such a state without `v` (a "bivalue universal grave") has no solution or at
/// least two, so with one solution the cell is `v`.
pub(super) fn bug_plus_one(b: &Board) -> Option<Step> {
    let mut odd = None;
    for c in (0..b.cand.len()).filter(|&c| b.value[c] == 0) {
        match b.cand[c].count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let cell = odd?;
    // Without `v`, every symbol has two places or none in every unit: so in the cell's
    // three units, counting all its candidates, `v` has three and the others two or none.
    let mut extra = None;
    for u in 0..3 * b.n {
        let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
        for &c in b.unit(u) {
            let m = b.cand[c as usize];
            four |= three & m;
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        if one & !two != 0 || four != 0 {
            return None;
        }
        let in_unit = b.unit(u).contains(&(cell as u16));
        match (in_unit, three) {
            (false, 0) => {}
            (true, t) if t.count_ones() == 1 && extra.is_none_or(|e| e == t) => extra = Some(t),
            _ => return None,
        }
    }
    let uneven = extra?;
    let v = uneven.trailing_zeros() as u8 + 1;
    let text = format!(
        "BUG+1: every open cell but {} has two candidates, and without {} there every symbol would have two places or none in each unit, which no puzzle with one solution allows, so {} is {}",
        b.name(cell),
        symbol_char(v),
        b.name(cell),
        symbol_char(v)
    );
    Some(Step {
        technique: Technique::BugPlusOne,
        focus: String::new(),
        links: Vec::new(),
        cells: vec![cell],
        placements: vec![(cell, v)],
        eliminations: vec![],
        text,
    })
}
