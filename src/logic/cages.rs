//! Cage combinations, the first thing a killer player works out: the sets of distinct
//! digits that can still make a cage's sum, from the candidates of its open cells. A
//! digit in no such set leaves the cage's cells; a digit in every set with one place
//! left in the cage goes there. A digit already placed in a cage leaves its other cells,
//! sum or not.

use super::{Board, Step, Technique, bit, bits, removal_text};
use crate::cages::{cage_name, sum_options, sum_sets};
use crate::format::symbol_char;

/// The most sets a sentence lists before it names the digits they use instead.
const SETS_NAMED: usize = 4;

/// The first cage that rules out a candidate or places a digit, its focus naming the cage.
pub(super) fn combinations(b: &Board) -> Option<Step> {
    let mut step = first(b)?;
    let n = b.n;
    step.focus = format!(
        "Look at the cage of {}: its combinations",
        cage_name(&step.cells, n)
    );
    Some(step)
}

fn first(b: &Board) -> Option<Step> {
    let cages = b.shape.cages()?;
    let n = b.n;
    for k in 0..cages.len() {
        let cells: Vec<usize> = cages.cells(k).iter().map(|&c| c as usize).collect();
        let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value[c] == 0).collect();
        if open.is_empty() {
            continue;
        }
        let placed = cells.iter().fold(0u64, |m, &c| match b.value[c] {
            0 => m,
            v => m | bit(v),
        });
        let total: u32 = cells.iter().map(|&c| b.value[c] as u32).sum();
        let name = cage_name(&cells, n);
        let masks: Vec<u64> = open.iter().map(|&c| b.cand[c] & !placed).collect();
        let Some(sum) = cages.sum(k) else {
            let eliminations = b.eliminations(open.iter().copied(), placed);
            if eliminations.is_empty() {
                continue;
            }
            return Some(Step::eliminating(
                Technique::CageCombination,
                cells,
                eliminations.clone(),
                format!(
                    "Cage combinations: {} {} already in the cage of {name}, so {}",
                    symbols_and(placed),
                    if placed.count_ones() == 1 {
                        "is"
                    } else {
                        "are"
                    },
                    removal_text(b, &eliminations)
                ),
            ));
        };
        let left = sum.saturating_sub(total);
        let pool = masks.iter().fold(0, |a, m| a | m);
        let Some(options) = sum_options(pool, open.len(), left, &masks) else {
            continue;
        };
        let what = if total == 0 {
            format!("the cage of {name} makes {sum}")
        } else {
            format!(
                "the open cells of the cage of {name} make {left} (its sum {sum}, less {} placed)",
                total
            )
        };
        let sets = sum_sets(pool, open.len(), left, &masks, SETS_NAMED);
        let how = match &sets {
            Some(sets) if options.exact => format!(
                "as {}",
                sets.iter()
                    .map(|&s| plus(s))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            _ => format!("with {}", symbols_and(options.some)),
        };
        let eliminations = b.eliminations(open.iter().copied(), !options.some);
        if !eliminations.is_empty() {
            return Some(Step::eliminating(
                Technique::CageCombination,
                cells,
                eliminations.clone(),
                format!(
                    "Cage combinations: {what} only {how}, so {}",
                    removal_text(b, &eliminations)
                ),
            ));
        }
        for v in bits(options.every) {
            let mut places = open.iter().copied().filter(|&c| b.cand[c] & bit(v) != 0);
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some(Step {
                    technique: Technique::CageCombination,
                    cells: cells.clone(),
                    placements: vec![(cell, v)],
                    eliminations: Vec::new(),
                    text: format!(
                        "Cage combinations: {what} only {how}, each with {}, and only {} can hold it",
                        symbol_char(v),
                        b.name(cell)
                    ),
                    focus: String::new(),
                    units: Vec::new(),
                    links: Vec::new(),
                });
            }
        }
    }
    None
}

/// A set of digits as a sum: `1+7+9`. Killer digits are numbers, also from 10 up.
fn plus(set: u64) -> String {
    bits(set)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join("+")
}

/// Digits as a list: `1, 7 and 9`.
fn symbols_and(set: u64) -> String {
    let digits: Vec<String> = bits(set).map(|v| v.to_string()).collect();
    match digits.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
