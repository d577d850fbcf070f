//! Basic fish at every size: X-Wing (2 lines), Swordfish (3), Jellyfish (4).
//!
//! For one symbol, `s` base rows whose places for it lie in `s` columns in all: the symbol
//! is in those columns only at the crossings, so the other cells of the cover columns lose
//! it. The same with rows and columns swapped. Each base line's places form a `u64` mask of
//! positions, and the choice of base lines stops as soon as the union passes `s`.

use super::{Board, Step, Technique, and_list, bit, bits, removal_text};
use crate::format::symbol_char;

/// The first fish of size `s` (2, 3 or 4), rows as base lines first.
pub(super) fn find(b: &Board, s: usize) -> Option<Step> {
    let n = b.n;
    if n < 2 * s {
        return None;
    }
    for v in 1..=n as u8 {
        for dir in 0..2 {
            // lines[i] = (base line, positions across it)
            let mut lines: Vec<(usize, u64)> = Vec::new();
            for line in 0..n {
                let mut pos = 0u64;
                for i in 0..n {
                    let c = if dir == 0 { line * n + i } else { i * n + line };
                    if b.cand[c] & bit(v) != 0 {
                        pos |= 1 << i;
                    }
                }
                if (2..=s).contains(&(pos.count_ones() as usize)) {
                    lines.push((line, pos));
                }
            }
            if lines.len() < s {
                continue;
            }
            let mut chosen = Vec::new();
            if let Some(step) = search(b, v, dir, s, &lines, 0, 0, &mut chosen) {
                return Some(step);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn search(
    b: &Board,
    v: u8,
    dir: usize,
    s: usize,
    lines: &[(usize, u64)],
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> Option<Step> {
    if chosen.len() == s {
        if union.count_ones() as usize != s {
            return None;
        }
        return step(b, v, dir, chosen, union);
    }
    for i in start..lines.len() {
        let u = union | lines[i].1;
        if u.count_ones() as usize > s {
            continue;
        }
        chosen.push(lines[i].0);
        if let Some(found) = search(b, v, dir, s, lines, i + 1, u, chosen) {
            return Some(found);
        }
        chosen.pop();
    }
    None
}

fn step(b: &Board, v: u8, dir: usize, base: &[usize], cover: u64) -> Option<Step> {
    let n = b.n;
    let at = |line: usize, i: usize| if dir == 0 { line * n + i } else { i * n + line };
    let mut eliminations = Vec::new();
    for i in bits(cover).map(|p| p as usize - 1) {
        for line in (0..n).filter(|l| !base.contains(l)) {
            let c = at(line, i);
            if b.cand[c] & bit(v) != 0 {
                eliminations.push((c, v));
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let cells: Vec<usize> = base
        .iter()
        .flat_map(|&line| bits(cover).map(move |p| at(line, p as usize - 1)))
        .filter(|&c| b.cand[c] & bit(v) != 0)
        .collect();
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][base.len() - 2];
    let (base_name, cover_name) = if dir == 0 {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let text = format!(
        "{}: {} in {base_name} {} lies only in {cover_name} {}, so {}",
        technique.name(),
        symbol_char(v),
        and_list(base.iter().map(|x| x + 1)),
        and_list(bits(cover).map(|p| p as usize)),
        removal_text(b, &eliminations)
    );
    Some(Step {
        technique,
        cells,
        placements: vec![],
        eliminations,
        text,
    })
}
