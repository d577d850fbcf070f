//! Uniqueness: the Unique Rectangle (type 1), at every size.
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
