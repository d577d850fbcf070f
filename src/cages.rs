//! Killer cages: groups of cells whose digits all differ and, when the cage has a sum, add
//! up to it.
//!
//! A killer puzzle is a layout, givens (often none) and cages. Cages are part of the
//! layout here: [`crate::Shape::with_cages`] puts a [`Cages`] on a shape, so every engine
//! that is handed a shape sees them, and an engine that does not know them can refuse the
//! shape by asking [`crate::Shape::has_cages`].
//!
//! ```text
//!  cage 0: r1c1 r1c2        sum 3      cells numbered row-major; cages numbered in
//!  cage 1: r1c3 r2c3 r3c3   sum 20     reading order of their first cell
//!  r1c4 ...                 no cage    a cell may belong to none
//! ```
//!
//! The arithmetic every engine shares lives here too: which sets of distinct digits can
//! still make a cage's sum ([`sum_options`]), from the digits its open cells may hold.

use std::fmt::Write as _;

use crate::error::{CageProblem, RuleError, RuleErrorKind};

/// The cage entry of a cell that belongs to no cage.
pub const NO_CAGE: u16 = u16::MAX;

/// The cages of a killer layout, checked against its side ([`Cages::new`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cages {
    n: usize,
    /// The cage of each cell, or [`NO_CAGE`].
    of: Vec<u16>,
    /// Cage k's cells are `cells[start[k]..start[k + 1]]`, in reading order.
    start: Vec<u32>,
    cells: Vec<u16>,
    /// Each cage's sum, 0 when it has none.
    sums: Vec<u16>,
}

impl Cages {
    /// Cages for a grid of side `n`, from each cage's cells and its sum (`None`: the cage
    /// only forbids repeats). The cages are renumbered in reading order of their first
    /// cell, so two lists that draw the same cages make equal values.
    ///
    /// Errors ([`RuleErrorKind::BadCage`], naming the cage by its cells): a cell outside the
    /// grid or in two cages, a cage that is empty, not connected, or has more cells than
    /// there are digits, a sum no set of distinct digits makes, and sums that add up to
    /// more than the grid holds (or, when every cell is caged, to anything but its total).
    pub fn new(n: usize, cages: &[(Vec<usize>, Option<u32>)]) -> Result<Cages, RuleError> {
        let area = n * n;
        let mut of = vec![NO_CAGE; area];
        let mut list: Vec<(Vec<usize>, u32)> = Vec::with_capacity(cages.len());
        for (cells, sum) in cages {
            let mut cells = cells.clone();
            crate::sorting::sort_usizes(&mut cells);
            cells.dedup();
            let sum = sum.unwrap_or(0);
            let bad = |problem| -> RuleError {
                RuleErrorKind::BadCage {
                    cells: cells.clone(),
                    sum: (sum != 0).then_some(sum),
                    size: n,
                    problem,
                }
                .into()
            };
            if cells.is_empty() {
                return Err(bad(CageProblem::Empty));
            }
            if let Some(&outside) = cells.iter().find(|&&c| c >= area) {
                return Err(bad(CageProblem::Outside { cell: outside }));
            }
            if cells.len() > n {
                return Err(bad(CageProblem::TooBig));
            }
            if sum != 0 {
                let k = cells.len() as u32;
                let (least, most) = (k * (k + 1) / 2, k * (2 * n as u32 - k + 1) / 2);
                if sum < least || sum > most {
                    return Err(bad(CageProblem::NoDigits { least, most }));
                }
            }
            if !connected(n, &cells) {
                return Err(bad(CageProblem::NotConnected));
            }
            for &c in &cells {
                if of[c] != NO_CAGE {
                    return Err(bad(CageProblem::Overlap { cell: c }));
                }
                of[c] = 0;
            }
            list.push((cells, sum));
        }
        crate::sorting::sort_by_small_key(&mut list, |(cells, _)| cells[0] as u64);
        let full = n as u32 * (n as u32 + 1) / 2 * n as u32;
        let total: u32 = list.iter().map(|(_, s)| s).sum();
        let caged: usize = list.iter().map(|(c, _)| c.len()).sum();
        let all_summed = caged == area && list.iter().all(|(_, s)| *s != 0);
        if total > full || (all_summed && total != full) {
            let (cells, sum) = list.last().cloned().unwrap_or_default();
            return Err(RuleErrorKind::BadCage {
                cells,
                sum: (sum != 0).then_some(sum),
                size: n,
                problem: CageProblem::Total { total, grid: full },
            }
            .into());
        }
        let mut start = Vec::with_capacity(list.len() + 1);
        let mut flat = Vec::with_capacity(caged);
        let mut sums = Vec::with_capacity(list.len());
        start.push(0);
        for (k, (cells, sum)) in list.into_iter().enumerate() {
            for &c in &cells {
                of[c] = k as u16;
            }
            flat.extend(cells.iter().map(|&c| c as u16));
            start.push(flat.len() as u32);
            sums.push(sum as u16);
        }
        Ok(Cages {
            n,
            of,
            start,
            cells: flat,
            sums,
        })
    }

    /// Cages from a label per cell (cells with one label that touch form a cage; `None`:
    /// in no cage) and the sums written on cells (0 where none), as Solo's IDs and
    /// sudokuwiki's links carry them. A cage whose cells carry two sums is refused
    /// ([`CageProblem::TwoSums`]).
    pub fn from_labels(n: usize, labels: &[Option<u32>], sums: &[u32]) -> Result<Cages, RuleError> {
        let area = n * n;
        let mut group = vec![usize::MAX; area];
        let mut cages: Vec<(Vec<usize>, Option<u32>)> = Vec::new();
        for first in 0..area.min(labels.len()) {
            let Some(label) = labels[first] else { continue };
            if group[first] != usize::MAX {
                continue;
            }
            let k = cages.len();
            group[first] = k;
            let mut cells = vec![first];
            let mut at = 0;
            while at < cells.len() {
                let c = cells[at];
                at += 1;
                for o in neighbours(n, c) {
                    if group[o] == usize::MAX && labels.get(o) == Some(&Some(label)) {
                        group[o] = k;
                        cells.push(o);
                    }
                }
            }
            let mut sum = None;
            for &c in &cells {
                let s = sums.get(c).copied().unwrap_or(0);
                if s == 0 {
                    continue;
                }
                if sum.is_some() {
                    crate::sorting::sort_usizes(&mut cells);
                    return Err(RuleErrorKind::BadCage {
                        cells,
                        sum,
                        size: n,
                        problem: CageProblem::TwoSums { cell: c, second: s },
                    }
                    .into());
                }
                sum = Some(s);
            }
            cages.push((cells, sum));
        }
        Cages::new(n, &cages)
    }

    /// The grid side these cages are for.
    pub fn size(&self) -> usize {
        self.n
    }

    /// How many cages there are.
    pub fn len(&self) -> usize {
        self.sums.len()
    }

    /// True when there is no cage.
    pub fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// The cage of a cell, if it is in one.
    #[inline]
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        match self.of[cell] {
            NO_CAGE => None,
            k => Some(k as usize),
        }
    }

    /// Cage k's cells, in reading order (the first is where its sum is written).
    #[inline]
    pub fn cells(&self, k: usize) -> &[u16] {
        &self.cells[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// Cage k's sum, if it has one.
    #[inline]
    pub fn sum(&self, k: usize) -> Option<u32> {
        match self.sums[k] {
            0 => None,
            s => Some(s as u32),
        }
    }

    /// The cage of each cell + 1, 0 for none: the form the page draws from.
    pub fn numbers(&self) -> Vec<u16> {
        self.of.iter().map(|&k| k.wrapping_add(1)).collect()
    }

    /// Each cage's sum, 0 for none.
    pub fn sums(&self) -> Vec<u16> {
        self.sums.clone()
    }

    /// These cages with every cell moved by `map` (`map[cell]` is where it goes), as the
    /// grid transforms move cells. Cages stay connected under the grid's symmetries.
    pub fn mapped(&self, map: &[usize]) -> Cages {
        let list: Vec<(Vec<usize>, Option<u32>)> = (0..self.len())
            .map(|k| {
                (
                    self.cells(k).iter().map(|&c| map[c as usize]).collect(),
                    self.sum(k),
                )
            })
            .collect();
        Cages::new(self.n, &list).unwrap_or_else(|_| unreachable!("a symmetry keeps cages valid"))
    }

    /// The first cage whose filled cells break its rule, with what is wrong: a digit
    /// twice, or (once full) a sum not met. `None` when every cage holds.
    pub fn first_broken(&self, cells: &[u8]) -> Option<RuleError> {
        for k in 0..self.len() {
            let mut seen = 0u64;
            let (mut total, mut full) = (0u32, true);
            for &c in self.cells(k) {
                let v = cells[c as usize];
                if v == 0 {
                    full = false;
                    continue;
                }
                let bit = 1u64 << (v - 1);
                if seen & bit != 0 {
                    return Some(self.error(k, CageProblem::Repeat { symbol: v }));
                }
                seen |= bit;
                total += v as u32;
            }
            if let Some(sum) = self.sum(k)
                && ((full && total != sum) || total > sum)
            {
                return Some(self.error(k, CageProblem::Missed { total }));
            }
        }
        None
    }

    fn error(&self, k: usize, problem: CageProblem) -> RuleError {
        RuleErrorKind::BadCage {
            cells: self.cells(k).iter().map(|&c| c as usize).collect(),
            sum: self.sum(k),
            size: self.n,
            problem,
        }
        .into()
    }
}

/// The cells beside a cell (up, left, right, down) on a grid of side n.
pub fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
        (r + 1 < n).then(|| cell + n),
    ]
    .into_iter()
    .flatten()
}

/// Whether sorted, distinct cells (at most 64, as a cage has at most n) form one group
/// through sides. No allocation: a killer generator builds cage sets by the thousand.
fn connected(n: usize, cells: &[usize]) -> bool {
    debug_assert!(cells.len() <= 64);
    // Bit i: cells[i] reached; the stack holds indices into `cells`.
    let mut reached = 1u64;
    let mut stack = [0u8; 64];
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let i = stack[top] as usize;
        for o in neighbours(n, cells[i]) {
            if let Ok(j) = cells.binary_search(&o)
                && reached >> j & 1 == 0
            {
                reached |= 1 << j;
                stack[top] = j as u8;
                top += 1;
            }
        }
    }
    reached.count_ones() as usize == cells.len()
}

/// A cage named by its cells, as messages write it: `r1c1, r1c2 and r2c1`, or the first
/// three and how many more for a long cage.
pub fn cage_name(cells: &[usize], n: usize) -> String {
    let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
    let mut text = String::new();
    let shown = if cells.len() > 4 { 3 } else { cells.len() };
    for (i, &c) in cells.iter().take(shown).enumerate() {
        if i > 0 {
            text.push_str(if i + 1 == shown && shown == cells.len() {
                " and "
            } else {
                ", "
            });
        }
        text.push_str(&name(c));
    }
    if shown < cells.len() {
        let _ = write!(text, " and {} more", cells.len() - shown);
    }
    text
}

/// What the sets of distinct digits that can still fill a cage's open cells have in
/// common: [`sum_options`]'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumOptions {
    /// The digits in at least one set (bit `d - 1` for digit d).
    pub some: u64,
    /// The digits in every set.
    pub every: u64,
    /// Whether the sets were listed one by one (else `some` and `every` come from bounds
    /// alone: `some` may hold digits no set has, and `every` is empty).
    pub exact: bool,
}

/// The most sets [`sum_options`] tries before it falls back on bounds.
const MOST_TRIES: u32 = 1 << 12;

/// The digits [`SMALL_SETS`] covers: 1 to 9, every cage of a grid up to 9×9.
const SMALL_DIGITS: usize = 9;
/// The largest sum of distinct digits from 1 to [`SMALL_DIGITS`].
const SMALL_MOST: usize = SMALL_DIGITS * (SMALL_DIGITS + 1) / 2;

/// Every set of the digits 1 to 9 (bit `d - 1` for digit d), ordered by size and then sum,
/// with where each (size, sum) group starts: the sets of `count` digits making `sum` are
/// `sets[starts[key]..starts[key + 1]]`, `key = group_key(count, sum)`. Made at
/// compile time; [`sum_options`] reads a pool of those digits from it instead of walking
/// the sets (the same answer, several times faster: a group holds at most a dozen sets).
struct SmallSets {
    sets: [u16; 1 << SMALL_DIGITS],
    starts: [u16; (SMALL_DIGITS + 1) * (SMALL_MOST + 1) + 1],
}

/// Where the sets of `count` digits making `sum` sit among [`SmallSets::starts`].
const fn group_key(count: usize, sum: usize) -> usize {
    count * (SMALL_MOST + 1) + sum
}

/// [`group_key`] of a set of the digits 1 to 9.
const fn small_key(set: usize) -> usize {
    let (mut count, mut sum, mut d) = (0, 0, 0);
    while d < SMALL_DIGITS {
        if set >> d & 1 == 1 {
            count += 1;
            sum += d + 1;
        }
        d += 1;
    }
    group_key(count, sum)
}

const SMALL_SETS: SmallSets = {
    let mut starts = [0u16; (SMALL_DIGITS + 1) * (SMALL_MOST + 1) + 1];
    // A counting sort by key: the size of each group, then where each starts.
    let mut set = 0;
    while set < 1 << SMALL_DIGITS {
        starts[small_key(set) + 1] += 1;
        set += 1;
    }
    let mut k = 1;
    while k < starts.len() {
        starts[k] += starts[k - 1];
        k += 1;
    }
    let mut next = starts;
    let mut sets = [0u16; 1 << SMALL_DIGITS];
    let mut set = 0;
    while set < 1 << SMALL_DIGITS {
        let key = small_key(set);
        sets[next[key] as usize] = set as u16;
        next[key] += 1;
        set += 1;
    }
    SmallSets { sets, starts }
};

/// [`sum_options`] for a pool of the digits 1 to 9, from [`SMALL_SETS`].
#[inline]
fn small_options(pool: u64, count: usize, sum: u32, cells: &[u64]) -> Option<SumOptions> {
    let sum = sum as usize;
    if count > SMALL_DIGITS || sum > SMALL_MOST {
        return None;
    }
    let key = group_key(count, sum);
    let group =
        &SMALL_SETS.sets[SMALL_SETS.starts[key] as usize..SMALL_SETS.starts[key + 1] as usize];
    let (mut some, mut every, mut found) = (0, u64::MAX, false);
    for &set in group {
        let set = u64::from(set);
        if set & !pool == 0 && cells.iter().all(|&m| m & set != 0) {
            (some, every, found) = (some | set, every & set, true);
        }
    }
    found.then_some(SumOptions {
        some,
        every,
        exact: true,
    })
}

/// The sets of `count` distinct digits drawn from `pool` (bit `d - 1` for digit d) that
/// add up to `sum` and leave none of the `cells` masks without a digit, summed up as the
/// digits some set has and those every set has. `None` when no set does.
///
/// For the digits 1 to 9 the sets come from a table made at compile time. Beyond, they are
/// listed with pruning on the least and most sums the remaining digits can reach; past
/// `MOST_TRIES` steps the answer keeps the digits that some choice of the others can
/// complete by bounds alone, which is weaker but still sound.
#[inline]
pub fn sum_options(pool: u64, count: usize, sum: u32, cells: &[u64]) -> Option<SumOptions> {
    if count == 0 {
        return (sum == 0).then_some(SumOptions {
            some: 0,
            every: 0,
            exact: true,
        });
    }
    if (pool.count_ones() as usize) < count {
        return None;
    }
    if pool >> SMALL_DIGITS == 0 {
        // Up to 9×9: the walk would never run out of tries there (512 sets in all), so
        // the answer is the same, read from a table.
        small_options(pool, count, sum, cells)
    } else {
        walk_options(pool, count, sum, cells)
    }
}

/// [`sum_options`] by walking the sets, for any pool, once `count` is at least 1.
fn walk_options(pool: u64, count: usize, sum: u32, cells: &[u64]) -> Option<SumOptions> {
    let mut digits = [0u32; 64];
    let len = bits(pool).fold(0, |i, b| {
        digits[i] = b + 1;
        i + 1
    });
    let digits = &digits[..len];
    let mut walk = Walk {
        digits,
        cells,
        some: 0,
        every: u64::MAX,
        tries: 0,
        found: false,
    };
    if walk.go(0, count, sum, 0) {
        return walk.found.then_some(SumOptions {
            some: walk.some,
            every: walk.every,
            exact: true,
        });
    }
    // Too many sets to list: keep each digit that some completion allows by bounds: the
    // others, count − 1 of the rest, must make what is left between their least and
    // most sums.
    let k = count - 1;
    let mut some = 0;
    for (i, &d) in digits.iter().enumerate() {
        if d > sum {
            break;
        }
        let rest = || digits.iter().enumerate().filter(move |&(j, _)| j != i);
        let least: u32 = rest().take(k).map(|(_, &x)| x).sum();
        let most: u32 = rest().rev().take(k).map(|(_, &x)| x).sum();
        if (least..=most).contains(&(sum - d)) {
            some |= 1u64 << (d - 1);
        }
    }
    (some != 0).then_some(SumOptions {
        some,
        every: 0,
        exact: false,
    })
}

/// The sets themselves (bit `d - 1` for digit d), smallest digits first, when there are
/// at most `most`: for the sentences that name them. `None` when there are more.
pub fn sum_sets(pool: u64, count: usize, sum: u32, cells: &[u64], most: usize) -> Option<Vec<u64>> {
    fn go(
        pool: u64,
        count: usize,
        sum: u32,
        chosen: u64,
        cells: &[u64],
        out: &mut Vec<u64>,
        most: usize,
    ) -> bool {
        if count == 0 {
            if sum == 0 && cells.iter().all(|&m| m & chosen != 0) {
                if out.len() == most {
                    return false;
                }
                out.push(chosen);
            }
            return true;
        }
        let mut rest = pool;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            let d = b + 1;
            if d > sum {
                break;
            }
            if !go(rest, count - 1, sum - d, chosen | 1 << b, cells, out, most) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(pool, count, sum, 0, cells, &mut out, most).then_some(out)
}

/// The listing behind [`sum_options`].
struct Walk<'a> {
    digits: &'a [u32],
    cells: &'a [u64],
    some: u64,
    every: u64,
    tries: u32,
    found: bool,
}

impl Walk<'_> {
    /// Lists the sets taking `count` more digits from `digits[from..]` to make `sum`,
    /// `chosen` the digits taken so far. False when it ran out of tries.
    fn go(&mut self, from: usize, count: usize, sum: u32, chosen: u64) -> bool {
        self.tries += 1;
        if self.tries > MOST_TRIES {
            return false;
        }
        if count == 0 {
            if sum == 0 && self.cells.iter().all(|&m| m & chosen != 0) {
                self.found = true;
                self.some |= chosen;
                self.every &= chosen;
            }
            return true;
        }
        let rest = &self.digits[from..];
        if rest.len() < count {
            return true;
        }
        let least: u32 = rest[..count].iter().sum();
        let most: u32 = rest[rest.len() - count..].iter().sum();
        if sum < least || sum > most {
            return true;
        }
        for i in from..=self.digits.len() - count {
            let d = self.digits[i];
            if d > sum {
                break;
            }
            if !self.go(i + 1, count - 1, sum - d, chosen | 1u64 << (d - 1)) {
                return false;
            }
        }
        true
    }
}

/// The set bits of a mask, lowest first, as bit indices.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of `count` distinct digits 1..=n from `pool` summing to `sum`, by brute force.
    fn brute(n: usize, pool: u64, count: usize, sum: u32) -> Vec<u64> {
        (0u64..1 << n)
            .filter(|&s| {
                s & !pool == 0
                    && s.count_ones() as usize == count
                    && bits(s).map(|b| b + 1).sum::<u32>() == sum
            })
            .collect()
    }

    /// The table for the digits 1 to 9 gives what the walk gives, for every pool, size and
    /// sum, with and without cells that each need one of a few digits.
    #[test]
    fn the_small_table_answers_as_the_walk_does() {
        for pool in 0u64..1 << SMALL_DIGITS {
            let cells = [
                vec![],
                vec![pool & 0b1_0101_0101],
                vec![pool & 0b11, pool & 0b1_1100_0000],
            ];
            for count in 1..=SMALL_DIGITS {
                for sum in 0..=SMALL_MOST as u32 + 1 {
                    for cells in &cells {
                        assert_eq!(
                            small_options(pool, count, sum, cells),
                            walk_options(pool, count, sum, cells),
                            "pool {pool:#b}, {count} digits, sum {sum}, cells {cells:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn options_match_brute_force() {
        for n in [4usize, 6, 9] {
            let full = (1u64 << n) - 1;
            for pool in [full, full & !0b101, full & !(1 << (n - 1))] {
                for count in 0..=n {
                    for sum in 0..=(n * (n + 1) / 2) as u32 + 1 {
                        let sets = brute(n, pool, count, sum);
                        let got = sum_options(pool, count, sum, &[]);
                        if sets.is_empty() {
                            assert_eq!(got, None, "{n} {pool:b} {count} {sum}");
                        } else {
                            let got = got.expect("sets exist");
                            assert!(got.exact);
                            assert_eq!(got.some, sets.iter().fold(0, |a, s| a | s));
                            assert_eq!(got.every, sets.iter().fold(u64::MAX, |a, s| a & s));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bounds_are_sound_when_the_list_is_too_long() {
        // 32 digits, 10 cells: far more sets than the listing tries.
        let pool = (1u64 << 32) - 1;
        let got = sum_options(pool, 10, 165, &[]).unwrap();
        assert!(!got.exact);
        // Every digit 1..=32 is in some set of 10 summing to 165.
        assert_eq!(got.some, pool);
    }

    #[test]
    fn bad_cages_are_named_by_their_cells() {
        let two = Cages::new(4, &[(vec![0, 1], Some(2))]).unwrap_err();
        assert!(two.to_string().contains("r1c1 and r1c2"), "{two}");
        let apart = Cages::new(4, &[(vec![0, 5], None)]).unwrap_err();
        assert!(apart.to_string().contains("not connected"), "{apart}");
        let overlap = Cages::new(4, &[(vec![0, 1], None), (vec![1, 2], None)]).unwrap_err();
        assert!(overlap.to_string().contains("r1c2"), "{overlap}");
        let big = Cages::new(4, &[((0..5).collect(), None)]).unwrap_err();
        assert!(big.to_string().contains("5 cells"), "{big}");
        let rows = |from: usize, to: usize, sum| ((from..to).collect::<Vec<_>>(), Some(sum));
        let total = Cages::new(
            4,
            &[
                rows(0, 4, 10),
                rows(4, 8, 10),
                rows(8, 12, 10),
                rows(12, 14, 7),
                rows(14, 16, 5),
            ],
        );
        let total = total.unwrap_err().to_string();
        assert!(total.contains("42") && total.contains("40"), "{total}");
        let twice = Cages::from_labels(4, &[Some(1), Some(1)], &[3, 4]).unwrap_err();
        assert!(twice.to_string().contains("two sums"), "{twice}");
    }

    #[test]
    fn labels_make_cages_of_touching_cells() {
        // Two cells labelled 7 that do not touch are two cages.
        let mut labels = vec![None; 16];
        labels[0] = Some(7);
        labels[1] = Some(7);
        labels[3] = Some(7);
        let cages = Cages::from_labels(4, &labels, &[3, 0, 0, 4]).unwrap();
        assert_eq!(cages.len(), 2);
        assert_eq!(cages.cells(0), &[0, 1]);
        assert_eq!(cages.sum(1), Some(4));
        assert_eq!(cages.cage_of(2), None);
    }
}
