//! Wings, at every size: XY-Wing, XYZ-Wing and W-Wing, built from cells with two (or, for
//! the XYZ pivot, three) candidates.
//!
//! - XY-Wing: a pivot `xy` sees pincers `xz` and `yz`. Whichever the pivot holds, one
//!   pincer is `z`: a cell seeing both pincers loses `z`.
//! - XYZ-Wing: a pivot `xyz` sees pincers `xz` and `yz`: one of the three is `z`, so a
//!   cell seeing all three loses `z`.
//! - W-Wing: two cells `xy` that do not see each other, and a unit where `x` has exactly
//!   two places, one seen by each cell. One of the cells is `y`: a cell seeing both loses
//!   `y`.

use super::{Arg, Board, Step, Technique, Words, bit, bits, seeing_all};

/// Open cells with exactly `count` candidates.
fn with_count(b: &Board, count: u32) -> Vec<usize> {
    (0..b.cand.len())
        .filter(|&c| b.cand[c].count_ones() == count)
        .collect()
}

/// The first XY-Wing.
pub(super) fn xy_wing(b: &Board) -> Option<Step> {
    let pairs = with_count(b, 2);
    for &pivot in &pairs {
        let pm = b.cand[pivot];
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&c| b.sees(pivot, c) && (b.cand[c] & pm).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &c in &wings[i + 1..] {
                let (am, cm) = (b.cand[a], b.cand[c]);
                let z = am & cm & !pm;
                // a = xz, c = yz, with x != y the pivot's two symbols.
                if z.count_ones() != 1 || (am & pm) == (cm & pm) {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(b, &[a, c], zv);
                if eliminations.is_empty() {
                    continue;
                }
                let text = wing_words("xy-wing", b, [pivot, a, c], zv, &eliminations);
                return Some(Step::eliminating(
                    b.shape,
                    Technique::XyWing,
                    vec![pivot, a, c],
                    eliminations,
                    text,
                ));
            }
        }
    }
    None
}

/// The first XYZ-Wing.
pub(super) fn xyz_wing(b: &Board) -> Option<Step> {
    let pairs = with_count(b, 2);
    for pivot in with_count(b, 3) {
        let pm = b.cand[pivot];
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&c| b.sees(pivot, c) && b.cand[c] & !pm == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &c in &wings[i + 1..] {
                let (am, cm) = (b.cand[a], b.cand[c]);
                let z = am & cm;
                if am == cm || z.count_ones() != 1 {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(b, &[pivot, a, c], zv);
                if eliminations.is_empty() {
                    continue;
                }
                let text = wing_words("xyz-wing", b, [pivot, a, c], zv, &eliminations);
                return Some(Step::eliminating(
                    b.shape,
                    Technique::XyzWing,
                    vec![pivot, a, c],
                    eliminations,
                    text,
                ));
            }
        }
    }
    None
}

/// The first W-Wing.
pub(super) fn w_wing(b: &Board) -> Option<Step> {
    let pairs = with_count(b, 2);
    for (i, &a) in pairs.iter().enumerate() {
        for &c in &pairs[i + 1..] {
            let m = b.cand[a];
            if b.cand[c] != m || b.sees(a, c) {
                continue;
            }
            for x in bits(m) {
                let y = (m & !bit(x)).trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(b, &[a, c], y);
                if eliminations.is_empty() {
                    continue;
                }
                // A unit where x has two places, one seeing a, the other seeing c.
                for u in 0..b.unit_count() {
                    let places: Vec<usize> = b.places(u, x).collect();
                    if places.len() != 2 || places.contains(&a) || places.contains(&c) {
                        continue;
                    }
                    let (p, q) = (places[0], places[1]);
                    let (p, q) = if b.sees(p, a) && b.sees(q, c) {
                        (p, q)
                    } else if b.sees(q, a) && b.sees(p, c) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let text = Words::new("w-wing")
                        .with("first", Arg::Cell(a))
                        .with("second", Arg::Cell(c))
                        .with("pair", Arg::Symbols(m))
                        .with("link", Arg::Symbol(x))
                        .with("unit", Arg::Unit(u))
                        .with("near", Arg::Cell(p))
                        .with("far", Arg::Cell(q))
                        .with("symbol", Arg::Symbol(y))
                        .with("removal", Arg::Removal(eliminations.clone()));
                    return Some(Step::eliminating(
                        b.shape,
                        Technique::WWing,
                        vec![a, c, p, q],
                        eliminations,
                        text,
                    ));
                }
            }
        }
    }
    None
}

/// The sentence of an XY- or XYZ-Wing: the pivot and its two pincers, each with its
/// candidates, the symbol one of them must be, and the removals.
fn wing_words(
    key: &'static str,
    b: &Board,
    [pivot, first, second]: [usize; 3],
    symbol: u8,
    eliminations: &[(usize, u8)],
) -> Words {
    Words::new(key)
        .with("pivot", Arg::Cell(pivot))
        .with("pivotCandidates", Arg::Symbols(b.cand[pivot]))
        .with("first", Arg::Cell(first))
        .with("firstCandidates", Arg::Symbols(b.cand[first]))
        .with("second", Arg::Cell(second))
        .with("secondCandidates", Arg::Symbols(b.cand[second]))
        .with("symbol", Arg::Symbol(symbol))
        .with("removal", Arg::Removal(eliminations.to_vec()))
}
