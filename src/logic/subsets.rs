//! Naked and hidden subsets (pairs, triples, quads) in every unit (rows, columns, boxes or
//! regions, diagonals, windows), at every size.
//!
//! - Naked: `s` cells of a unit whose candidates number `s` in all: the other cells of the
//!   unit lose those symbols.
//! - Hidden: `s` symbols whose places in a unit are `s` cells in all: those cells lose
//!   their other candidates.
//!
//! Both are a depth-first choice of `s` items (cells with 2..=s candidates, or symbols
//! with 2..=s places, each a `u64` mask) that stops as soon as the union grows past `s`,
//! so a 64-cell unit costs little more than a 9-cell one.

use super::{Arg, Board, Step, Technique, Words, bit, bits};

/// The first naked (or hidden, as `t` says) subset of size `s`.
pub(super) fn find_kind(b: &Board, s: usize, t: Technique) -> Option<Step> {
    let mut units = b.scan_order();
    match t {
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            units.find_map(|u| naked(b, u, s))
        }
        _ => units.find_map(|u| hidden(b, u, s)),
    }
}

/// Chooses `s` of `items` (masks) whose union has exactly `s` bits and for which `useful`
/// holds; returns their indices.
fn choose(
    items: &[u64],
    s: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    useful: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if chosen.len() == s {
        return union.count_ones() as usize == s && useful(chosen, union);
    }
    for i in start..items.len() {
        let u = union | items[i];
        if u.count_ones() as usize > s {
            continue;
        }
        chosen.push(i);
        if choose(items, s, i + 1, u, chosen, useful) {
            return true;
        }
        chosen.pop();
    }
    false
}

fn naked(b: &Board, u: usize, s: usize) -> Option<Step> {
    let cells: Vec<usize> = b
        .unit(u)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| (2..=s).contains(&(b.cand[c].count_ones() as usize)))
        .collect();
    if cells.len() < s {
        return None;
    }
    let masks: Vec<u64> = cells.iter().map(|&c| b.cand[c]).collect();
    let mut chosen = Vec::new();
    let mut found = None;
    choose(&masks, s, 0, 0, &mut chosen, &mut |picked, union| {
        let subset: Vec<usize> = picked.iter().map(|&i| cells[i]).collect();
        let others = b
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|c| !subset.contains(c));
        let eliminations = b.eliminations(others, union);
        if eliminations.is_empty() {
            return false;
        }
        found = Some((subset, union, eliminations));
        true
    });
    let (subset, union, eliminations) = found?;
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][s - 2];
    let words = Words::new("naked-subset")
        .with("technique", Arg::Technique(technique))
        .with("cells", Arg::Cells(subset.clone()))
        .with("symbols", Arg::Symbols(union))
        .with("unit", Arg::Unit(u))
        .with("removal", Arg::Removal(eliminations.clone()));
    Some(Step::eliminating(
        b.shape,
        technique,
        subset,
        eliminations,
        words,
    ))
}

fn hidden(b: &Board, u: usize, s: usize) -> Option<Step> {
    let n = b.n;
    let unit = b.unit(u);
    // places[v - 1]: the positions (indices into the unit) where symbol v can go.
    let mut places = vec![0u64; n];
    for (i, &c) in unit.iter().enumerate() {
        for v in bits(b.cand[c as usize]) {
            places[v as usize - 1] |= 1 << i;
        }
    }
    let syms: Vec<u8> = (1..=n as u8)
        .filter(|&v| (2..=s).contains(&(places[v as usize - 1].count_ones() as usize)))
        .collect();
    if syms.len() < s {
        return None;
    }
    let masks: Vec<u64> = syms.iter().map(|&v| places[v as usize - 1]).collect();
    let mut chosen = Vec::new();
    let mut found = None;
    choose(&masks, s, 0, 0, &mut chosen, &mut |picked, positions| {
        let keep = picked.iter().fold(0, |m, &i| m | bit(syms[i]));
        let cells: Vec<usize> = bits(positions)
            .map(|p| unit[p as usize - 1] as usize)
            .collect();
        let eliminations = b.eliminations(cells.iter().copied(), !keep);
        if eliminations.is_empty() {
            return false;
        }
        found = Some((cells, keep, eliminations));
        true
    });
    let (cells, keep, eliminations) = found?;
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][s - 2];
    let words = Words::new("hidden-subset")
        .with("technique", Arg::Technique(technique))
        .with("unit", Arg::Unit(u))
        .with("symbols", Arg::Symbols(keep))
        .with("cells", Arg::Cells(cells.clone()))
        .with("removal", Arg::Removal(eliminations.clone()));
    Some(Step::eliminating(
        b.shape,
        technique,
        cells,
        eliminations,
        words,
    ))
}
