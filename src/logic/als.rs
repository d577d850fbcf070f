//! Almost locked sets (up to 9×9): ALS-XZ and ALS-XY-Wing.
//!
//! An almost locked set (ALS) is `k` open cells of one unit holding `k + 1` symbols in
//! all: one symbol more than would lock them. Remove any one of its symbols and the
//! other `k` fill its cells.
//!
//! - ALS-XZ: two sets A and B share a symbol `x` whose places in A all see its places in
//!   B (a restricted common: `x` is in at most one of them). The one without `x` is
//!   locked, so if they also share `z`, one of them holds `z`: a cell seeing every place
//!   of `z` in both loses it.
//! - ALS-XY-Wing: a pivot set C with restricted commons `x` with A and `y` with B
//!   (`x` ≠ `y`). C cannot hold both, so A lacks `x` or B lacks `y`, and one of A and B is
//!   locked: as for ALS-XZ, a cell seeing every place of a symbol `z` they share loses it.
//!
//! Sets of one to four cells are gathered from every unit, then compared in pairs (and
//! triples through a pivot). Their number grows fast with the side (subsets of up to
//! four cells in each unit, then pairs of sets), so they run at 9×9 and smaller; cell
//! sets fit one `u128`.

use super::{Arg, Board, Step, Technique, Words, bit, bits, members, peer_sets};

/// ALS techniques run on grids up to this side.
const ALS_MAX_SIDE: usize = 9;

/// The most cells in a set.
const ALS_MAX_CELLS: usize = 4;

/// An almost locked set: its cells (bit `c` for cell `c`), its symbols, and per symbol
/// (at `v - 1`) the cells holding it and the cells seeing all of those. Fixed arrays, not
/// vectors: a search gathers hundreds of sets at every step it looks.
struct Als {
    cells: u128,
    symbols: u64,
    places: [u128; ALS_MAX_SIDE],
    seen_by: [u128; ALS_MAX_SIDE],
}

/// Every almost locked set of one to four cells, each once.
fn all_sets(b: &Board) -> Vec<Als> {
    let peers = peer_sets(b);
    let mut out = Vec::new();
    for u in 0..b.unit_count() {
        let open: Vec<usize> = b
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| b.value[c] == 0 && b.cand[c] != 0)
            .collect();
        let mut pick = Vec::new();
        gather(b, &peers, u, &open, 0, &mut pick, 0, &mut out);
    }
    out
}

/// Extends `pick` with cells of `open` (the open cells of unit `unit`) from `from` on,
/// keeping each set whose symbols number one more than its cells. A set whose cells all
/// lie in an earlier unit too was kept there: whether a set is almost locked does not
/// depend on the unit it was found in.
#[allow(clippy::too_many_arguments)]
fn gather(
    b: &Board,
    peers: &[u128],
    unit: usize,
    open: &[usize],
    from: usize,
    pick: &mut Vec<usize>,
    mask: u64,
    out: &mut Vec<Als>,
) {
    for i in from..open.len() {
        let m = mask | b.cand[open[i]];
        // A set can never get back under k + 1 symbols once over k + 1 + (cells to come).
        if m.count_ones() as usize > ALS_MAX_CELLS + 1 {
            continue;
        }
        pick.push(open[i]);
        if m.count_ones() as usize == pick.len() + 1 {
            let cells = pick.iter().fold(0u128, |s, &c| s | 1u128 << c);
            let found_before = b
                .units_of(pick[0])
                .iter()
                .any(|&u| (u as usize) < unit && pick.iter().all(|&c| b.units_of(c).contains(&u)));
            if !found_before {
                let mut places = [0u128; ALS_MAX_SIDE];
                let mut seen_by = [0u128; ALS_MAX_SIDE];
                for v in bits(m) {
                    let i = v as usize - 1;
                    places[i] = pick
                        .iter()
                        .filter(|&&c| b.cand[c] & bit(v) != 0)
                        .fold(0u128, |s, &c| s | 1u128 << c);
                    seen_by[i] = seeing_every(peers, places[i]);
                }
                out.push(Als {
                    cells,
                    symbols: m,
                    places,
                    seen_by,
                });
            }
        }
        if pick.len() < ALS_MAX_CELLS {
            gather(b, peers, unit, open, i + 1, pick, m, out);
        }
        pick.pop();
    }
}

/// The cells seeing every cell of `set`.
fn seeing_every(peers: &[u128], set: u128) -> u128 {
    members(set).fold(u128::MAX, |acc, c| acc & peers[c])
}

/// The restricted commons of two disjoint sets: shared symbols whose places in one all
/// see those in the other.
fn restricted(a: &Als, b: &Als) -> u64 {
    let mut out = 0;
    for v in bits(a.symbols & b.symbols) {
        let i = v as usize - 1;
        if a.seen_by[i] & b.places[i] == b.places[i] {
            out |= bit(v);
        }
    }
    out
}

/// Eliminations of the symbols of `z_mask` (other than the restricted ones) shared by
/// `a` and `b`, from the cells outside both that see every place of it in both.
fn common_eliminations(board: &Board, a: &Als, b: &Als, keep: u64) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for z in bits(a.symbols & b.symbols & !keep) {
        let i = z as usize - 1;
        let targets = a.seen_by[i] & b.seen_by[i] & !a.cells & !b.cells;
        for c in members(targets) {
            if board.cand[c] & bit(z) != 0 {
                out.push((c, z));
            }
        }
    }
    crate::sorting::sort_cell_symbols(&mut out);
    out
}

/// `"r1c1 and r1c2 (1/2/3)"`.
fn set_text(set: &Als) -> Arg {
    Arg::Words(Box::new(
        Words::new("als")
            .with("cells", Arg::CellList(members(set.cells).collect()))
            .with("symbols", Arg::Symbols(set.symbols)),
    ))
}

/// The first ALS-XZ step.
pub(super) fn als_xz(b: &Board) -> Option<Step> {
    if b.n > ALS_MAX_SIDE {
        return None;
    }
    let sets = all_sets(b);
    for (i, a) in sets.iter().enumerate() {
        for c in &sets[i + 1..] {
            if a.cells & c.cells != 0 || (a.symbols & c.symbols).count_ones() < 2 {
                continue;
            }
            let rcc = restricted(a, c);
            for x in bits(rcc) {
                let eliminations = common_eliminations(b, a, c, bit(x));
                if eliminations.is_empty() {
                    continue;
                }
                let text = Words::new("als-xz")
                    .with("first", set_text(a))
                    .with("second", set_text(c))
                    .with("symbol", Arg::Symbol(x))
                    .with("held", Arg::SymbolList(a.symbols & c.symbols & !bit(x)))
                    .with("removal", Arg::Removal(eliminations.clone()));
                return Some(Step::eliminating(
                    b.shape,
                    Technique::AlsXz,
                    members(a.cells | c.cells).collect(),
                    eliminations,
                    text,
                ));
            }
        }
    }
    None
}

/// The first ALS-XY-Wing step.
pub(super) fn als_xy_wing(b: &Board) -> Option<Step> {
    if b.n > ALS_MAX_SIDE {
        return None;
    }
    let sets = all_sets(b);
    for pivot in &sets {
        // The sets with a restricted common with the pivot, and those commons.
        let wings: Vec<(&Als, u64)> = sets
            .iter()
            .filter(|s| s.cells & pivot.cells == 0)
            .map(|s| (s, restricted(pivot, s)))
            .filter(|&(_, r)| r != 0)
            .collect();
        for (i, &(a, ra)) in wings.iter().enumerate() {
            for &(c, rc) in &wings[i + 1..] {
                if a.cells & c.cells != 0 || a.symbols & c.symbols == 0 {
                    continue;
                }
                for x in bits(ra) {
                    for y in bits(rc & !bit(x)) {
                        let eliminations = common_eliminations(b, a, c, bit(x) | bit(y));
                        if eliminations.is_empty() {
                            continue;
                        }
                        let text = Words::new("als-xy-wing")
                            .with("pivot", set_text(pivot))
                            .with("x", Arg::Symbol(x))
                            .with("first", set_text(a))
                            .with("y", Arg::Symbol(y))
                            .with("second", set_text(c))
                            .with(
                                "held",
                                Arg::SymbolList(a.symbols & c.symbols & !bit(x) & !bit(y)),
                            )
                            .with("removal", Arg::Removal(eliminations.clone()));
                        return Some(Step::eliminating(
                            b.shape,
                            Technique::AlsXyWing,
                            members(pivot.cells | a.cells | c.cells).collect(),
                            eliminations,
                            text,
                        ));
                    }
                }
            }
        }
    }
    None
}
