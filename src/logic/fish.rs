//! Fish at every size: X-Wing (2 lines), Swordfish (3), Jellyfish (4), and finned and
//! sashimi X-Wing and Swordfish.
//!
//! For one symbol, `s` base rows whose places for it lie in `s` columns in all: the symbol
//! is in those columns only at the crossings, so the other cells of the cover columns lose
//! it. The same with rows and columns swapped. Each base line's places form a `u64` mask of
//! positions, and the choice of base lines stops as soon as the union passes `s`.
//!
//! A finned fish (X-Wing or Swordfish) has extra places, the fins, all in one box (or
//! jigsaw region): either a fin holds the symbol, or the basic fish does. So the cells of
//! the cover lines, outside the base lines, that see every fin lose it. It is sashimi when
//! a base line has one place left in the cover. The search is the basic fish's once per
//! stack (or band) of boxes where the fins may be, `k` times the cost of the basic fish:
//! it runs at every size, as the basic fish do. On a jigsaw the fins' block is the set of
//! columns (or rows) a region touches. Nothing here needs the bands of r×c boxes: rows
//! and columns are units on every layout, and "sees every fin" counts every unit.

use super::{Arg, Board, Step, Technique, Words, bit, bits};

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
    let text = Words::new("fish")
        .with("technique", Arg::Technique(technique))
        .with("symbol", Arg::Symbol(v))
        .with(
            "base",
            Arg::Lines(dir as u8, base.iter().map(|x| x + 1).collect()),
        )
        .with(
            "cover",
            Arg::Lines(1 - dir as u8, bits(cover).map(|p| p as usize).collect()),
        )
        .with("removal", Arg::Removal(eliminations.clone()));
    Some(Step::eliminating(
        b.shape,
        technique,
        cells,
        eliminations,
        text,
    ))
}

/// The first finned (or sashimi) fish of size `s` (2 or 3), rows as base lines first.
///
/// For one symbol, `s` base lines whose places lie in `s` cover lines, apart from some
/// places, the fins, all in one box. If no fin holds the symbol, the basic fish holds and
/// the cover lines lose it outside the base lines; if a fin does, every cell seeing the
/// fins loses it. So a cell of the cover lines, outside the base lines, that sees every
/// fin loses it: such cells are in the fins' box. The fins lie within one stack of box-wide
/// positions across the base lines: for each stack, a base line may have at most `s`
/// places outside it, which keeps each of the searches about as small as the basic
/// fish's.
pub(super) fn find_finned(b: &Board, s: usize) -> Option<Step> {
    let n = b.n;
    if n < 2 * s {
        return None;
    }
    for v in 1..=n as u8 {
        for dir in 0..2 {
            let at = |line: usize, i: usize| if dir == 0 { line * n + i } else { i * n + line };
            let positions: Vec<u64> = (0..n)
                .map(|line| {
                    (0..n)
                        .filter(|&i| b.cand[at(line, i)] & bit(v) != 0)
                        .fold(0u64, |m, i| m | 1 << i)
                })
                .collect();
            for block in fin_blocks(b, dir) {
                let lines: Vec<(usize, u64)> = positions
                    .iter()
                    .enumerate()
                    .filter(|&(_, &pos)| pos != 0 && (pos & !block).count_ones() as usize <= s)
                    .map(|(line, &pos)| (line, pos))
                    .collect();
                if lines.len() < s {
                    continue;
                }
                let fish = Finned {
                    b,
                    v,
                    dir,
                    s,
                    block,
                    lines: &lines,
                };
                if let Some(step) = fish.search(0, 0, &mut Vec::new()) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The sets of positions across a base line (columns for rows, `dir` 0; rows for
/// columns) where the fins of one finned fish may lie: on r×c boxes the stacks (or bands)
/// of boxes, on a jigsaw the columns (rows) each region touches. Fins outside a block are
/// never in one box; a block wider than a box only costs search.
fn fin_blocks(b: &Board, dir: usize) -> Vec<u64> {
    let n = b.n;
    if b.shape.has_box_grid() {
        // Positions across a row are columns, grouped by stacks c wide; across a column,
        // rows, grouped by bands r high.
        let width = if dir == 0 {
            b.shape.box_columns()
        } else {
            b.shape.box_rows()
        };
        return (0..n / width)
            .map(|stack| ((1u64 << width) - 1) << (stack * width))
            .collect();
    }
    let mut blocks: Vec<u64> = (2 * n..3 * n)
        .map(|region| {
            b.unit(region).iter().fold(0u64, |m, &c| {
                let c = c as usize;
                m | 1 << if dir == 0 { c % n } else { c / n }
            })
        })
        .collect();
    crate::sorting::sort_numbers(&mut blocks);
    blocks.dedup();
    blocks
}

/// The search for a finned fish of one symbol, direction and stack of fins.
struct Finned<'a> {
    b: &'a Board<'a>,
    v: u8,
    /// 0: base lines are rows, cover lines columns; 1: the other way round.
    dir: usize,
    s: usize,
    /// The positions across a base line where fins may be.
    block: u64,
    /// `(base line, positions across it)` of the lines that may be base lines.
    lines: &'a [(usize, u64)],
}

impl Finned<'_> {
    fn at(&self, line: usize, i: usize) -> usize {
        let n = self.b.n;
        if self.dir == 0 {
            line * n + i
        } else {
            i * n + line
        }
    }

    fn search(&self, start: usize, union: u64, chosen: &mut Vec<usize>) -> Option<Step> {
        if chosen.len() == self.s {
            return self.covers(chosen, union);
        }
        for i in start..self.lines.len() {
            let u = union | self.lines[i].1;
            if (u & !self.block).count_ones() as usize > self.s {
                continue;
            }
            chosen.push(i);
            if let Some(found) = self.search(i + 1, u, chosen) {
                return Some(found);
            }
            chosen.pop();
        }
        None
    }

    /// Every choice of cover lines for the base lines `chosen` (indices into `lines`):
    /// their places outside the block, and enough inside it to make `s`.
    fn covers(&self, chosen: &[usize], union: u64) -> Option<Step> {
        let outside = union & !self.block;
        let need = self.s - outside.count_ones() as usize;
        // Cover lines only outside the block leave no cell that sees the fins.
        if need == 0 || (union & self.block).count_ones() as usize <= need {
            return None;
        }
        let inside: Vec<u8> = bits(union & self.block).collect();
        let mut pick = Vec::new();
        self.subsets(chosen, outside, &inside, need, 0, &mut pick)
    }

    fn subsets(
        &self,
        chosen: &[usize],
        outside: u64,
        inside: &[u8],
        need: usize,
        start: usize,
        pick: &mut Vec<u8>,
    ) -> Option<Step> {
        if pick.len() == need {
            let inner = pick.iter().fold(0u64, |m, &p| m | 1 << (p - 1));
            return self.step(chosen, outside | inner, inner);
        }
        for i in start..inside.len() {
            pick.push(inside[i]);
            if let Some(found) = self.subsets(chosen, outside, inside, need, i + 1, pick) {
                return Some(found);
            }
            pick.pop();
        }
        None
    }

    /// The step for base lines `chosen` and cover `cover`, of which `inner` lies in the
    /// block, if the fins are in one box and some cell loses the symbol.
    fn step(&self, chosen: &[usize], cover: u64, inner: u64) -> Option<Step> {
        let (b, v) = (self.b, self.v);
        let mut fins = Vec::new();
        let mut sashimi = false;
        for &i in chosen {
            let (line, pos) = self.lines[i];
            if pos & cover == 0 {
                return None;
            }
            sashimi |= (pos & cover).count_ones() == 1;
            fins.extend(bits(pos & !cover).map(|p| self.at(line, p as usize - 1)));
        }
        if fins.is_empty()
            || fins
                .iter()
                .any(|&f| b.shape.box_of(f) != b.shape.box_of(fins[0]))
        {
            return None;
        }
        let base: Vec<usize> = chosen.iter().map(|&i| self.lines[i].0).collect();
        let mut eliminations = Vec::new();
        for p in bits(inner).map(|p| p as usize - 1) {
            for line in (0..b.n).filter(|l| !base.contains(l)) {
                let c = self.at(line, p);
                if b.cand[c] & bit(v) != 0 && fins.iter().all(|&f| b.sees(c, f)) {
                    eliminations.push((c, v));
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        crate::sorting::sort_cell_symbols(&mut eliminations);
        let (technique, basic) = if self.s == 2 {
            (Technique::FinnedXWing, Technique::XWing)
        } else {
            (Technique::FinnedSwordfish, Technique::Swordfish)
        };
        let mut base_sorted = base.clone();
        crate::sorting::sort_usizes(&mut base_sorted);
        let key = match (sashimi, fins.len()) {
            (false, 1) => "finned-fish",
            (false, _) => "finned-fish-fins",
            (true, 1) => "sashimi-fish",
            (true, _) => "sashimi-fish-fins",
        };
        let text = Words::new(key)
            .with("technique", Arg::Technique(technique))
            .with("symbol", Arg::Symbol(v))
            .with(
                "base",
                Arg::Lines(self.dir as u8, base_sorted.iter().map(|x| x + 1).collect()),
            )
            .with(
                "cover",
                Arg::Lines(
                    1 - self.dir as u8,
                    bits(cover).map(|p| p as usize).collect(),
                ),
            )
            .with("fins", Arg::CellList(fins.clone()))
            .with("box", Arg::Unit(b.lines_and_box(fins[0])[2] as usize))
            .with("basic", Arg::Technique(basic))
            .with("removal", Arg::Removal(eliminations.clone()));
        let mut cells: Vec<usize> = base
            .iter()
            .flat_map(|&line| bits(cover).map(move |p| (line, p as usize - 1)))
            .map(|(line, p)| self.at(line, p))
            .filter(|&c| b.cand[c] & bit(v) != 0)
            .collect();
        cells.extend(&fins);
        Some(Step::eliminating(
            b.shape,
            technique,
            cells,
            eliminations,
            text,
        ))
    }
}
