//! Uniqueness: Unique Rectangles (types 1 to 4) and BUG+1, at every size.
//!
//! Four open cells at the corners of a rectangle spanning two rows, two columns and two
//! boxes. If all four held only `a` and `b`, the two symbols could be swapped around the
//! rectangle and every unit would still have each once: two solutions. So when three
//! corners hold only `a/b`, the fourth, which holds more, is neither: it loses `a` and `b`.
//!
//! The other types start from a floor of two corners holding only `a/b` in one row or
//! column, and a roof of the two others holding `a/b` and more:
//! - type 2: both roof cells have one extra, the same `x`: one of them is `x`, so a cell
//!   seeing both loses `x`;
//! - type 3: the roof's extras, taken as one cell (one of the two holds one of them),
//!   make a naked subset with other cells of a unit both roof cells share: the rest of
//!   the unit loses the subset's symbols;
//! - type 4: `a` has no place but the roof in a unit the roof shares, so one roof cell is
//!   `a`, and neither can be `b` (the rectangle would be `a/b` on all four corners).
//!
//! On other layouts the swap must keep every unit whole too. Swapping `a` and `b` around
//! a rectangle `a b / b a` keeps a unit that holds none of the corners, or two corners
//! that share a row or column (one `a` and one `b`); a unit holding one or three corners,
//! or two opposite ones, would lose a symbol and gain another, so there is no second
//! solution and nothing follows. Rows and columns always hold two corners on a line; so
//! on a jigsaw the four corners must fall two and two in exactly two regions, each
//! region's two sharing a row or column, and with diagonals or windows every such unit
//! must hold none of the corners or two sharing a line ([`rectangle_holds`]). A diagonal
//! never holds two cells of one row or column, so on an X grid no corner lies on a
//! diagonal. Plain r×c boxes keep the fast check by bands and stacks.
//!
//! This reasoning is sound only for a puzzle known to have one solution, so the solver
//! takes these steps only once that is proved (see [`crate::logic::steps::Logic`]), and never
//! while it checks a puzzle or shrinks candidates for the exact search. The search walks
//! the pairs of cells with two candidates in a row, then the other rows: about `n³`
//! steps, cheap at every size.
//!
//! BUG+1 (bivalue universal grave plus one): every open cell has two candidates but one,
//! which has three. If without one of its three, `v`, every symbol had two places or
//! none in every unit, the puzzle would have no solution or several, so the cell is `v`.
//! One pass over the units: cheap at every size. Its proof holds on every layout, as long
//! as every unit is counted, extra ones included: in a grave, take any solution and give
//! each open cell its other candidate; each unit had each missing symbol in one of its
//! two places, and now has it in the other, so that is a second solution.

use super::{Arg, Board, Step, Technique, Words, bit, bits, seeing_all};

/// The first Unique Rectangle of type 1.
pub(super) fn rectangle_type_1(b: &Board) -> Option<Step> {
    let n = b.n;
    let shape = b.shape;
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
                let plain = b.is_plain();
                let same_stack = plain && shape.stack_of_column(c1) == shape.stack_of_column(c2);
                for r2 in (0..n).filter(|&r2| r2 != r) {
                    // Two boxes in all: the rows share a band or the columns a stack.
                    if plain && (shape.band_of_row(r2) == shape.band_of_row(r)) == same_stack {
                        continue;
                    }
                    let (p, q) = (r2 * n + c1, r2 * n + c2);
                    if !plain && !rectangle_holds(b, [r * n + c1, r * n + c2, p, q]) {
                        continue;
                    }
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
                    let text = Words::new("unique-rectangle")
                        .with("cells", Arg::CellList(three.to_vec()))
                        .with("pair", Arg::Symbols(m))
                        .with("roof", Arg::Cell(roof))
                        .with("x", Arg::Symbol(x))
                        .with("y", Arg::Symbol(y))
                        .with("removal", Arg::Removal(eliminations.clone()));
                    return Some(Step::eliminating(
                        b.shape,
                        Technique::UniqueRectangle,
                        vec![three[0], three[1], three[2], roof],
                        eliminations,
                        text,
                    ));
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
    // Its proof counts each symbol twice in every unit; a killer's cages and sums are
    // more than units, and two solutions of the units need not keep them.
    if b.cages.is_some() {
        return None;
    }
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
    for u in 0..b.unit_count() {
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
    // The symbol with three places must be one of the cell's own: else removing any of
    // them leaves it three places, not a deadly pattern, and nothing follows.
    let uneven = extra.filter(|&t| t & b.cand[cell] != 0)?;
    let v = uneven.trailing_zeros() as u8 + 1;
    let text = Words::new("bug-plus-one")
        .with("cell", Arg::Cell(cell))
        .with("symbol", Arg::Symbol(v));
    Some(Step::placing(
        b.shape,
        Technique::BugPlusOne,
        vec![cell],
        (cell, v),
        text,
    ))
}

/// The floors and roofs of the rectangles: `(floor, roof, m)` where the floor's two
/// cells hold only the two symbols of `m` and share a row or column, and the roof's two
/// cells, on a parallel line, hold both symbols and more between them; the four cells
/// lie in two boxes.
fn rectangles<'a>(b: &'a Board<'_>) -> impl Iterator<Item = ([usize; 2], [usize; 2], u64)> + 'a {
    let n = b.n;
    let shape = b.shape;
    let plain = b.is_plain();
    // The block (band or stack) of a row or a column, on plain r×c boxes.
    let block = move |index: usize, row: bool| {
        if !plain {
            0
        } else if row {
            shape.band_of_row(index)
        } else {
            shape.stack_of_column(index)
        }
    };
    let cell = move |line: usize, across: usize, rows: bool| {
        if rows {
            line * n + across
        } else {
            across * n + line
        }
    };
    [true, false].into_iter().flat_map(move |rows| {
        (0..n).flat_map(move |line| {
            (0..n).flat_map(move |a1| {
                (a1 + 1..n).flat_map(move |a2| {
                    let (p, q) = (cell(line, a1, rows), cell(line, a2, rows));
                    let m = b.cand[p];
                    let floor_ok = m.count_ones() == 2 && b.cand[q] == m;
                    let same_block = block(a1, !rows) == block(a2, !rows);
                    (0..n)
                        .filter(move |&l2| {
                            floor_ok
                                && l2 != line
                                && (!plain || (block(l2, rows) == block(line, rows)) != same_block)
                        })
                        .filter_map(move |l2| {
                            let (r1, r2) = (cell(l2, a1, rows), cell(l2, a2, rows));
                            if !plain && !rectangle_holds(b, [p, q, r1, r2]) {
                                return None;
                            }
                            let both = b.cand[r1] & b.cand[r2];
                            (both & m == m && b.cand[r1] != m && b.cand[r2] != m).then_some((
                                [p, q],
                                [r1, r2],
                                m,
                            ))
                        })
                })
            })
        })
    })
}

/// True when swapping two symbols around the rectangle `corners` (two corners of each
/// row and of each column of it, as `[r1c1, r1c2, r2c1, r2c2]` or the same with rows and
/// columns exchanged) keeps every unit whole: each unit other than the rectangle's rows
/// and columns holds none of the corners, or two that share a row or column. On plain
/// r×c boxes that is "two boxes", which the callers test by bands and stacks instead.
pub(super) fn rectangle_holds(b: &Board, corners: [usize; 4]) -> bool {
    let n = b.n;
    corners.iter().all(|&c| {
        b.units_of(c)[2..].iter().all(|&u| {
            let unit = b.unit(u as usize);
            let inside: Vec<usize> = corners
                .iter()
                .copied()
                .filter(|&d| unit.contains(&(d as u16)))
                .collect();
            inside.len() == 2 && (inside[0] / n == inside[1] / n || inside[0] % n == inside[1] % n)
        }) && b.cages.is_none_or(|cages| {
            // A killer cage must keep its digits and its sum: it holds no corner, or two
            // on one line (one `a`, one `b`, whichever way they swap).
            cages.cage_of(c).is_none_or(|k| {
                let inside: Vec<usize> = corners
                    .iter()
                    .copied()
                    .filter(|&d| cages.cage_of(d) == Some(k))
                    .collect();
                inside.len() == 2
                    && (inside[0] / n == inside[1] / n || inside[0] % n == inside[1] % n)
            })
        })
    })
}

/// The units two different cells share.
fn shared_units(b: &Board, p: usize, q: usize) -> Vec<usize> {
    let (up, uq) = (b.units_of(p), b.units_of(q));
    up.iter()
        .filter(|u| uq.contains(u))
        .map(|&u| u as usize)
        .collect()
}

/// A rectangle sentence with its four cells and pair filled in (`"r1c1 and r1c5 hold
/// only 1/2, r3c1 and r3c5 hold 1/2 and more; …"`).
fn rectangle_words(key: &'static str, floor: [usize; 2], roof: [usize; 2], m: u64) -> Words {
    Words::new(key)
        .with("floor1", Arg::Cell(floor[0]))
        .with("floor2", Arg::Cell(floor[1]))
        .with("pair", Arg::Symbols(m))
        .with("roof1", Arg::Cell(roof[0]))
        .with("roof2", Arg::Cell(roof[1]))
}

fn rectangle_step(
    b: &Board,
    technique: Technique,
    floor: [usize; 2],
    roof: [usize; 2],
    extra_cells: &[usize],
    eliminations: Vec<(usize, u8)>,
    text: Words,
) -> Step {
    let mut cells = vec![floor[0], floor[1], roof[0], roof[1]];
    cells.extend_from_slice(extra_cells);
    Step::eliminating(b.shape, technique, cells, eliminations, text)
}

/// The first Unique Rectangle of type 2: the roof's one extra symbol, the same in both.
pub(super) fn rectangle_type_2(b: &Board) -> Option<Step> {
    for (floor, roof, m) in rectangles(b) {
        let (e1, e2) = (b.cand[roof[0]] & !m, b.cand[roof[1]] & !m);
        if e1 != e2 || e1.count_ones() != 1 {
            continue;
        }
        let x = e1.trailing_zeros() as u8 + 1;
        let eliminations = seeing_all(b, &roof, x);
        if eliminations.is_empty() {
            continue;
        }
        let text = rectangle_words("unique-rectangle-2", floor, roof, m)
            .with("symbol", Arg::Symbol(x))
            .with("removal", Arg::Removal(eliminations.clone()));
        return Some(rectangle_step(
            b,
            Technique::UniqueRectangle2,
            floor,
            roof,
            &[],
            eliminations,
            text,
        ));
    }
    None
}

/// The first Unique Rectangle of type 3: the roof's extras and one or two other cells of
/// a unit the roof shares make a naked subset.
pub(super) fn rectangle_type_3(b: &Board) -> Option<Step> {
    for (floor, roof, m) in rectangles(b) {
        let extras = (b.cand[roof[0]] | b.cand[roof[1]]) & !m;
        if extras.count_ones() < 2 {
            continue;
        }
        for u in shared_units(b, roof[0], roof[1]) {
            let others: Vec<usize> = b
                .unit(u)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| b.value[c] == 0 && !roof.contains(&c))
                .collect();
            // Subsets of one or two other cells.
            let mut subsets: Vec<Vec<usize>> = others.iter().map(|&c| vec![c]).collect();
            for (i, &c) in others.iter().enumerate() {
                for &d in &others[i + 1..] {
                    subsets.push(vec![c, d]);
                }
            }
            for subset in subsets {
                let union = subset.iter().fold(extras, |acc, &c| acc | b.cand[c]);
                if union.count_ones() as usize != subset.len() + 1 {
                    continue;
                }
                let eliminations = b.eliminations(
                    others.iter().copied().filter(|c| !subset.contains(c)),
                    union,
                );
                if eliminations.is_empty() {
                    continue;
                }
                let text = rectangle_words("unique-rectangle-3", floor, roof, m)
                    .with("extras", Arg::Symbols(extras))
                    .with("cells", Arg::Cells(subset.clone()))
                    .with("subset", Arg::Symbols(union))
                    .with("unit", Arg::Unit(u))
                    .with("removal", Arg::Removal(eliminations.clone()));
                return Some(rectangle_step(
                    b,
                    Technique::UniqueRectangle3,
                    floor,
                    roof,
                    &subset,
                    eliminations,
                    text,
                ));
            }
        }
    }
    None
}

/// The first Unique Rectangle of type 4: one of the floor's symbols has no place but the
/// roof in a unit the roof shares, so the roof loses the other.
pub(super) fn rectangle_type_4(b: &Board) -> Option<Step> {
    for (floor, roof, m) in rectangles(b) {
        for u in shared_units(b, roof[0], roof[1]) {
            for a in bits(m) {
                let places = b
                    .unit(u)
                    .iter()
                    .filter(|&&c| b.cand[c as usize] & bit(a) != 0)
                    .count();
                if places != 2 {
                    continue;
                }
                let other = (m & !bit(a)).trailing_zeros() as u8 + 1;
                let eliminations = vec![(roof[0], other), (roof[1], other)];
                let text = rectangle_words("unique-rectangle-4", floor, roof, m)
                    .with("symbol", Arg::Symbol(a))
                    .with("unit", Arg::Unit(u))
                    .with("other", Arg::Symbol(other))
                    .with("removal", Arg::Removal(eliminations.clone()));
                return Some(rectangle_step(
                    b,
                    Technique::UniqueRectangle4,
                    floor,
                    roof,
                    &[],
                    eliminations,
                    text,
                ));
            }
        }
    }
    None
}
