//! Naked singles (a cell with one candidate) and hidden singles (a symbol with one place
//! in a unit), at every size and on every layout. Hidden singles look at boxes (or
//! regions) first, then rows, then columns, then any diagonals and windows: the order a
//! player scans in.

use super::{Arg, Board, Step, Technique, Words, bit};

/// The first cell with exactly one candidate.
pub(super) fn naked(b: &Board) -> Option<Step> {
    let cell = b.cand.iter().position(|&m| m.count_ones() == 1)?;
    let v = b.cand[cell].trailing_zeros() as u8 + 1;
    Some(Step::placing(
        b.shape,
        Technique::NakedSingle,
        vec![cell],
        (cell, v),
        Words::new("naked-single")
            .with("cell", Arg::Cell(cell))
            .with("symbol", Arg::Symbol(v)),
    ))
}

/// The first symbol with one place left in a unit.
pub(super) fn hidden(b: &Board) -> Option<Step> {
    for u in b.scan_order() {
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in b.unit(u) {
            let m = b.cand[c as usize];
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single == 0 {
            continue;
        }
        let v = single.trailing_zeros() as u8 + 1;
        let cell = b
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .find(|&c| b.cand[c] & bit(v) != 0)
            .expect("the symbol has a place");
        // The whole unit justifies the step: the cell first, then the others, where the
        // symbol cannot go.
        let mut cells = vec![cell];
        cells.extend(b.unit(u).iter().map(|&c| c as usize).filter(|&c| c != cell));
        return Some(Step::placing(
            b.shape,
            Technique::HiddenSingle,
            cells,
            (cell, v),
            Words::new("hidden-single")
                .with("symbol", Arg::Symbol(v))
                .with("cell", Arg::Cell(cell))
                .with("unit", Arg::Unit(u)),
        ));
    }
    None
}
