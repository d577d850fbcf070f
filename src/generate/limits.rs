//! The work limits of the generator's checks, per shape and target: node and conflict
//! allowances, how many rounds and candidates, and the shares of a budget each phase
//! takes. Counts, never time, so a seed gives the same puzzle on every machine.

use super::*;

/// The largest node limit of one depth-first check up to 16×16: on square or rectangular
/// boxes alone, a total scaled by the grid's cells (the hardest proofs there take some
/// 50,000 nodes); on jigsaw regions or with extra units, [`VARIANT_NODE_LIMIT`]. A check
/// that needs more goes to the conflict-driven search.
pub(super) fn check_node_limit(shape: Shape) -> u64 {
    if shape.is_plain() {
        256 * shape.cell_count() as u64
    } else {
        VARIANT_NODE_LIMIT
    }
}

/// The largest node limit of one depth-first check on jigsaw regions or with extra units
/// (X, windoku). There, without the logic rounds of plain boxes, the depth-first search
/// mostly ran its larger rounds (4,096 and 65,536 nodes at 16×16) to their limits, twice
/// (in our order, then a random one), where the conflict-driven search decides the same
/// check in a few hundred contradictions. Measured at 16×16, seeds 1 to 3, minimal:
/// jigsaw 5.6 s with the limit of plain boxes, 0.33 s with this one; windoku 5.7 s,
/// 0.86 s; X and windoku 50 s, 7.9 s; X alike (0.19 s). From 9×9 to 15×15 it makes no
/// difference to speak of. Every check is still decided, by the other engine, but in
/// another order, so some seeds give another minimal puzzle than they did.
pub(super) const VARIANT_NODE_LIMIT: u64 = 256;

/// The rounds of depth-first checks: `(node limit, logic first)`. Limits grow 16-fold
/// from 16, so the cheap decisions come first. For a minimal target up to 16×16, the
/// checks still undecided at 4,096 nodes are tried again with the logic solver's
/// techniques first (dearer per check, but a proof of tens of thousands of nodes then
/// takes a few), before the largest limit, and once more after it. At 25×25 the rounds
/// stop at [`LARGE_GRID_NODE_LIMIT`], and from 36×36 up there are none (each depth-first
/// check costs a full propagation of the grid there, for little): what they leave goes
/// to the conflict-driven search.
pub(super) fn check_rounds(shape: Shape, target: Target) -> Vec<(u64, bool)> {
    // Logic rounds only on the layouts every technique walks: boxes, no extra units.
    let logic = target == Target::Minimal && shape.is_plain();
    if shape.size() > 25 {
        return Vec::new();
    }
    if shape.size() == 25 {
        return vec![(16, false), (LARGE_GRID_NODE_LIMIT, false)];
    }
    let max = check_node_limit(shape);
    let mut rounds = Vec::new();
    let mut limit = 16u64;
    loop {
        let limit_now = limit.min(max);
        rounds.push((limit_now, false));
        if logic && (limit_now == 4096 || (limit_now == max && max < 4096)) {
            rounds.push((limit_now, true));
        }
        if limit_now == max {
            break;
        }
        limit *= 16;
    }
    if logic && max > 4096 {
        rounds.push((max, true));
    }
    rounds
}

/// Node limit of the depth-first checks at 25×25. There the depth-first search's hard
/// cases (a second solution that differs from ours in a hundred cells or more) take it
/// millions of nodes where the conflict-driven search needs a few thousand
/// contradictions, so it only gets the cheap decisions.
pub(super) const LARGE_GRID_NODE_LIMIT: u64 = 256;

/// Contradictions one conflict-driven check may meet before its clue is kept undecided:
/// at 25×25 the hardest checks seen take some 40,000 (about 2 s), and so does a minimal
/// target at 36×36 (where the hardest of 1,135 checks, seeds 1 and 2, took 2,060).
/// Otherwise, from 36×36 up, 1,000: a removal proved there takes 100 to 2,000, and the
/// allowance is better spent on the next orbit than on a long one.
pub(super) fn cdcl_check_limit(shape: Shape, target: Target) -> u64 {
    if shape.size() <= 25 || minimal_sequence(shape, target) {
        50_000
    } else {
        1_000
    }
}

/// Contradictions the exact pass of one candidate may spend in all from 36×36 up, per
/// cell of the grid (unbounded below): the count that bounds a candidate's work there,
/// so that the same seed gives the same puzzle on any machine in about the same time.
pub(super) const EXACT_ALLOWANCE_PER_CELL: u64 = 8;

/// How many cells' worth of propagation the exact pass spends choosing which orbits to
/// check first ([`Digger::order_by_promise`]): every pending orbit up to 49×49, about
/// 1,000 of them at 64×64 (0.4 s natively).
pub(super) const PROMISE_CELLS: usize = 1 << 22;

/// For a minimal target at 25×25 and 36×36, the exact pass's allowance of contradictions
/// per cell of the grid (20,000 for a 25×25, 41,472 for a 36×36), to which each
/// conflict-driven check adds [`MINIMAL_CREDIT_PER_CELL`] per cell of its orbit. A
/// candidate that runs out gives way to the next seed of the sequence
/// ([`MINIMAL_CANDIDATES`]); none of 40 seeds of 25×25 did, nor any of the 25 of 36×36
/// tried (whose checks average about 100 contradictions). The time is bounded by counts,
/// so the same seed still gives the same puzzle on every machine.
pub(super) const MINIMAL_ALLOWANCE_PER_CELL: u64 = 32;

/// What each conflict-driven check of a minimal 25×25 or 36×36 adds to the allowance,
/// per cell of its orbit (less the [`CHECK_CHARGE`] it then costs).
pub(super) const MINIMAL_CREDIT_PER_CELL: u64 = 900;

/// The most candidates a minimal target at 25×25 or 36×36 makes without a budget. The
/// first two get the allowance, the next ones twice the one before (the classic remedy
/// for heavy tails: restarts with growing limits), and the last one none, so the answer
/// is always proved minimal: the first candidate that is. The seed asked for replays the
/// sequence.
pub const MINIMAL_CANDIDATES: u32 = 5;

/// True when a minimal target without a budget makes a sequence of candidates
/// ([`MINIMAL_CANDIDATES`]) rather than one: at 25×25 and 36×36, where the allowance
/// bounds the exact pass. (At 49×49 and 64×64 the allowance of a fraction target bounds
/// it, one candidate is dug, and it is said not proved minimal unless every check was
/// decided: a whole proof there costs minutes, 45 s natively for one 49×49.)
pub(super) fn minimal_sequence(shape: Shape, target: Target) -> bool {
    matches!(shape.size(), 25 | 36) && target == Target::Minimal
}

/// What the propagation pass reaches in a jigsaw of a prime side, whose regions are
/// drawn from bricks rather than from a full grid of boxes and prove less (seeds 1 and
/// 2, `generate --size N --variant jigsaw --empty F --stats` with no exact check: 56% at
/// 31×31, 55% at 37×37, 53% at 43×43, 51% at 47×47, 49% at 53×53, 47% at 61×61).
/// Before, these sides took the line of boxed grids, which at 53×53 and 61×61 asked
/// 51% and 50% and met them only through exact checks: 61×61 took 28–60 s for 48%,
/// now 3–8 s for 46%, most of it the fill.
pub(super) const PRIME_JIGSAW_ANCHORS: [(usize, [f64; 1]); 4] =
    [(25, [0.57]), (36, [0.55]), (49, [0.50]), (64, [0.45])];

/// The empty fraction sides with thin boxes dig to by default ([`Target::default_for`]).
pub(super) const THIN_BOXES_TARGET: f64 = 0.40;

/// Boxes four times as wide as high or more: grids close to Latin squares, which need
/// many more clues ([`Target::default_for`]).
pub(super) fn thin_boxes(shape: Shape) -> bool {
    shape.has_box_grid() && shape.box_columns() >= 4 * shape.box_rows()
}

/// The values at side `n` on the straight line between the two anchors (side, values)
/// around it, rounded to the percent; the first anchor's from 17 up to it, and `None` up
/// to 16 (where digging goes to minimal). Anchors are sorted and the last one is 64.
pub(super) fn between_anchors<const K: usize>(
    n: usize,
    anchors: &[(usize, [f64; K])],
) -> Option<[f64; K]> {
    if n <= 16 {
        return None;
    }
    let upper = anchors.iter().position(|&(side, _)| side >= n)?;
    let (high, high_values) = anchors[upper];
    if upper == 0 {
        return Some(high_values);
    }
    let (low, low_values) = anchors[upper - 1];
    let t = (n - low) as f64 / (high - low) as f64;
    Some(std::array::from_fn(|i| {
        ((low_values[i] + t * (high_values[i] - low_values[i])) * 100.0).round() / 100.0
    }))
}

/// The exact pass's allowance of contradictions for one candidate: what it starts with
/// (`u64::MAX`: no limit) and what each conflict-driven check adds per cell of its orbit.
/// For a minimal target at 25×25 and 36×36 [`MINIMAL_ALLOWANCE_PER_CELL`] and
/// [`MINIMAL_CREDIT_PER_CELL`]; otherwise from 36×36 up [`EXACT_ALLOWANCE_PER_CELL`].
pub(super) fn exact_allowance(shape: Shape, target: Target) -> (u64, u64) {
    let cells = shape.cell_count() as u64;
    match shape.size() {
        _ if minimal_sequence(shape, target) => {
            #[cfg(test)]
            if tests::SCANT_ALLOWANCE.get() {
                return (cells, 0);
            }
            (MINIMAL_ALLOWANCE_PER_CELL * cells, MINIMAL_CREDIT_PER_CELL)
        }
        s if s > 25 => (EXACT_ALLOWANCE_PER_CELL * cells, 0),
        _ => (u64::MAX, 0),
    }
}

/// Contradictions charged to the allowance for each check besides those it meets: its
/// setup (loading the question) costs as much as that many.
pub(super) const CHECK_CHARGE: u64 = 200;

/// The share of a difficulty search's budget left for grading its last candidate, from
/// [`GRADING_RESERVE_FROM`] up: grading a Diabolical 64×64 takes 2 to 4 s, so without
/// it a 10 s search that dug to its deadline returned after 11.7 s.
pub(super) const GRADING_RESERVE: f64 = 0.2;

/// The smallest size whose difficulty searches keep [`GRADING_RESERVE`] (grading a
/// 25×25 takes milliseconds).
pub(super) const GRADING_RESERVE_FROM: usize = 36;

/// When a difficulty search's grading stops, as a multiple of the budget: inside the
/// 10% a budget may run over, with room to return.
pub(super) const GRADING_END: f64 = 1.05;

/// From 36×36 up, how many random removal orders the propagation pass tries before it
/// settles for the best it reached.
pub(super) const PROPAGATION_ATTEMPTS: usize = 6;
