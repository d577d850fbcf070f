//! Cage combinations, the first thing a killer player works out: the sets of distinct
//! digits that can still make a cage's sum, from the candidates of its open cells. A
//! digit in no such set leaves the cage's cells; a digit in every set with one place
//! left in the cage goes there. A digit already placed in a cage leaves its other cells,
//! sum or not. Then the rule of 45 (innies and outies), and the two ways a cage and a
//! unit it overlaps trade a digit: a digit the cage must hold, with its places in one
//! unit, leaves the rest of that unit (locked cage digits); a digit a unit can hold only
//! inside one cage is the cage's, so its sets without it go (a hidden cage digit). Last,
//! two cages whose open cells all see each other share no digit, so a set of one that
//! leaves the other no set of its own goes (a cage clash).

use std::sync::{Arc, Mutex};

use super::{Arg, Board, Step, Technique, Words, bit, bits};
use crate::cages::{SumOptions, sum_options, sum_sets};

/// The most sets a sentence lists before it names the digits they use instead.
const SETS_NAMED: usize = 4;

/// A cage as the techniques see it: its cells, its open ones, the digits placed in it
/// and their total, and the candidates of its open cells less those digits.
struct Seen {
    cells: Vec<usize>,
    open: Vec<usize>,
    placed: u64,
    total: u32,
    masks: Vec<u64>,
}

impl Seen {
    fn of(b: &Board, cages: &crate::cages::Cages, k: usize) -> Seen {
        let cells: Vec<usize> = cages.cells(k).iter().map(|&c| c as usize).collect();
        let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value[c] == 0).collect();
        let placed = cells.iter().fold(0u64, |m, &c| match b.value[c] {
            0 => m,
            v => m | bit(v),
        });
        let total = cells.iter().map(|&c| b.value[c] as u32).sum();
        let masks = open.iter().map(|&c| b.cand[c] & !placed).collect();
        Seen {
            cells,
            open,
            placed,
            total,
            masks,
        }
    }

    /// The digits the open cells' candidates hold between them.
    fn pool(&self) -> u64 {
        self.masks.iter().fold(0, |a, m| a | m)
    }

    /// What the open cells must add up to, for a cage of this `sum`.
    fn left(&self, sum: u32) -> u32 {
        sum.saturating_sub(self.total)
    }

    /// The sets of distinct digits (up to [`SETS_LISTED`]) the open cells may still make
    /// what is left of `sum` with, or `None` past that many.
    fn sets(&self, sum: u32) -> Option<Vec<u64>> {
        sum_sets(
            self.pool(),
            self.open.len(),
            self.left(sum),
            &self.masks,
            SETS_LISTED,
        )
    }
}

/// The first cage that rules out a candidate or places a digit, its focus naming the cage.
pub(super) fn combinations(b: &Board) -> Option<Step> {
    let mut step = first(b)?;
    step.focus = Some(Words::new("focus-cage").with("cage", cage_name(&step.cells)));
    Some(step)
}

fn first(b: &Board) -> Option<Step> {
    let cages = b.cages?;
    for k in 0..cages.len() {
        let Seen {
            cells,
            open,
            placed,
            total,
            masks,
        } = Seen::of(b, cages, k);
        if open.is_empty() {
            continue;
        }
        // The cage's name and sentence are made only for a step: most cages give none.
        let name = || cage_name(&cells);
        let Some(sum) = cages.sum(k) else {
            let eliminations = b.eliminations(open.iter().copied(), placed);
            if eliminations.is_empty() {
                continue;
            }
            let words = Words::new("cage-placed")
                .with("digits", Arg::DigitList(placed))
                .with("count", Arg::Number(u64::from(placed.count_ones())))
                .with("cage", name())
                .with("removal", Arg::Removal(eliminations.clone()));
            return Some(Step::eliminating(
                b.shape,
                Technique::CageCombination,
                cells,
                eliminations,
                words,
            ));
        };
        let left = sum.saturating_sub(total);
        let pool = masks.iter().fold(0, |a, m| a | m);
        let Some(options) = sum_options(pool, open.len(), left, &masks) else {
            continue;
        };
        let what = || {
            Arg::Words(Box::new(if total == 0 {
                Words::new("cage-makes")
                    .with("cage", name())
                    .with("sum", Arg::Number(sum.into()))
            } else {
                Words::new("cage-open-make")
                    .with("cage", name())
                    .with("left", Arg::Number(left.into()))
                    .with("sum", Arg::Number(sum.into()))
                    .with("placed", Arg::Number(total.into()))
            }))
        };
        // Named only once a step is found: listing the sets is the slow part.
        let how = || ways(pool, open.len(), left, &masks, &options);
        let eliminations = b.eliminations(open.iter().copied(), !options.some);
        if !eliminations.is_empty() {
            let words = Words::new("cage-combinations")
                .with("what", what())
                .with("ways", how())
                .with("removal", Arg::Removal(eliminations.clone()));
            return Some(Step::eliminating(
                b.shape,
                Technique::CageCombination,
                cells,
                eliminations,
                words,
            ));
        }
        for v in bits(options.every) {
            let mut places = open.iter().copied().filter(|&c| b.cand[c] & bit(v) != 0);
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some(Step::placing(
                    b.shape,
                    Technique::CageCombination,
                    cells.clone(),
                    (cell, v),
                    Words::new("cage-combinations-place")
                        .with("what", what())
                        .with("ways", how())
                        .with("symbol", Arg::Symbol(v))
                        .with("cell", Arg::Cell(cell)),
                ));
            }
        }
    }
    None
}

/// How `count` open cells make `sum`, for a sentence: `as 1+7 or 2+6` when the sets were
/// listed and are few, else `with 1, 2 and 6` (the digits they may use).
fn ways(pool: u64, count: usize, sum: u32, masks: &[u64], options: &SumOptions) -> Arg {
    match sum_sets(pool, count, sum, masks, SETS_NAMED) {
        Some(sets) if options.exact => sets_or_digits(&sets, options.some),
        _ => sets_or_digits(&[], options.some),
    }
}

/// `as 1+7 or 2+6` for a few `sets`, else `with 1, 2 and 6` (the `digits` they use).
fn sets_or_digits(sets: &[u64], digits: u64) -> Arg {
    Arg::Words(Box::new(if (1..=SETS_NAMED).contains(&sets.len()) {
        Words::new("ways-sets").with(
            "sets",
            Arg::Join(
                "separator-or",
                sets.iter()
                    .map(|&s| Words::new("sum-set").with("digits", Arg::Sum(s)))
                    .collect(),
            ),
        )
    } else {
        Words::new("ways-digits").with("digits", Arg::DigitList(digits))
    }))
}

/// A cage named by its cells: `r1c1, r1c2 and r2c1`, or the first three and how many
/// more for a long cage.
pub(crate) fn cage_name(cells: &[usize]) -> Arg {
    Arg::Words(Box::new(if cells.len() > 4 {
        Words::new("cage-long")
            .with("cells", Arg::Cells(cells[..3].to_vec()))
            .with("more", Arg::Number((cells.len() - 3) as u64))
    } else {
        Words::new("cage").with("cells", Arg::CellList(cells.to_vec()))
    }))
}

/// The rule of 45 (n(n+1)/2 on a grid of side n): a unit's digits add up to n(n+1)/2, and
/// k units that share no cell to k times that. The cells of such a region outside the
/// cages wholly inside it (the innies) make its total less those cages' sums; the cells
/// outside it of the cages that cover it (the outies) make those cages' sums less its
/// total. Regions are single units, then two or three neighbouring rows or columns, and
/// two neighbouring boxes ([`regions`]). A group of up to [`GROUP_MOST`] cells is then a
/// cage of its own (a virtual cage), whose ways of making its sum rule out candidates or
/// place a digit. Its cells need not see each other: the innies of two rows, or outies on
/// both sides of a box, may repeat a digit where they share no unit and no cage, and the
/// ways are counted so ([`group_digits`]).
pub(super) fn innies_and_outies(b: &Board) -> Option<Step> {
    let cages = b.cages?;
    let n = b.n;
    let total = (n * (n + 1) / 2) as u32;
    for Region {
        cells: region,
        units,
        name,
    } in regions(b).iter()
    {
        let name = || Arg::Words(Box::new(name.words()));
        let count = units.len() as u32;
        let whole_total = total * count;
        let inside_region = |c: usize| region.binary_search(&c).is_ok();
        // The cages meeting the region, and whether each lies wholly inside it.
        let mut meeting: Vec<usize> = region.iter().filter_map(|&c| cages.cage_of(c)).collect();
        crate::sorting::sort_usizes(&mut meeting);
        meeting.dedup();
        let all_summed = meeting.iter().all(|&k| cages.sum(k).is_some());
        let inside = |k: usize| cages.cells(k).iter().all(|&c| inside_region(c as usize));
        let inner: Vec<usize> = meeting.iter().copied().filter(|&k| inside(k)).collect();
        let inner_sum: u32 = inner.iter().map(|&k| cages.sum(k).unwrap_or(0)).sum();
        let innies: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&c| cages.cage_of(c).is_none_or(|k| !inner.contains(&k)))
            .collect();
        let whole = region.iter().all(|&c| cages.cage_of(c).is_some());
        let inner_summed = inner.iter().all(|&k| cages.sum(k).is_some());
        // Cells in no cage are innies too: whatever the cages, the region's cells outside
        // its inner cages make its total less theirs.
        if !innies.is_empty() && innies.len() <= GROUP_MOST && inner_summed {
            let sum = whole_total.saturating_sub(inner_sum);
            let what = || {
                Words::new("innies")
                    .with("region", name())
                    .with("inner", Arg::Number(inner_sum.into()))
                    .with("cells", Arg::Cells(innies.clone()))
                    .with("units", Arg::Number(count.into()))
                    .with("count", Arg::Number(innies.len() as u64))
                    .with("sum", Arg::Number(sum.into()))
            };
            if let Some(step) = group_step(b, &innies, sum, &what, units, &name) {
                return Some(step);
            }
        }
        if !whole || !all_summed {
            continue;
        }
        let outer: Vec<usize> = meeting.iter().copied().filter(|&k| !inside(k)).collect();
        let covered_sum: u32 = meeting.iter().map(|&k| cages.sum(k).unwrap_or(0)).sum();
        let outies: Vec<usize> = outer
            .iter()
            .flat_map(|&k| cages.cells(k).iter().map(|&c| c as usize))
            .filter(|&c| !inside_region(c))
            .collect();
        if !outies.is_empty() && outies.len() <= GROUP_MOST && covered_sum > whole_total {
            let sum = covered_sum - whole_total;
            let what = || {
                Words::new("outies")
                    .with("region", name())
                    .with("covered", Arg::Number(covered_sum.into()))
                    .with("sum", Arg::Number(sum.into()))
                    .with("whole", Arg::Number(whole_total.into()))
                    .with("cells", Arg::Cells(outies.clone()))
                    .with("count", Arg::Number(outies.len() as u64))
            };
            if let Some(step) = group_step(b, &outies, sum, &what, units, &name) {
                return Some(step);
            }
        }
    }
    None
}

/// A region the rule of 45 looks at: its sorted cells, its units, and how to name it.
struct Region {
    cells: Vec<usize>,
    units: Vec<usize>,
    name: RegionName,
}

/// A region's name, made into a sentence only for a step that shows it.
enum RegionName {
    /// One unit.
    Unit(usize),
    /// Neighbouring rows (`"rows-span"`) or columns (`"columns-span"`), counted from 1.
    Span(&'static str, usize, usize),
    /// Two neighbouring boxes, counted from 1.
    Boxes(usize, usize),
}

impl RegionName {
    fn words(&self) -> Words {
        match *self {
            RegionName::Unit(u) => Words::new("region-unit").with("unit", Arg::Unit(u)),
            RegionName::Span(kind, first, last) => Words::new(kind)
                .with("first", Arg::Number(first as u64))
                .with("last", Arg::Number(last as u64)),
            RegionName::Boxes(here, other) => {
                Words::new("region-unit").with("unit", Arg::Lines(2, vec![here, other]))
            }
        }
    }
}

/// The regions the rule of 45 looks at: every unit (boxes first, as a player scans;
/// diagonals and windows too), then two and three neighbouring rows or columns, and two
/// neighbouring boxes of a band or stack on a grid of boxes. They depend on the layout
/// only, and a killer's level check asks for them at most steps, so the lists of the last
/// few layouts are kept (a few: a jigsaw killer generator draws a layout per candidate).
fn regions(b: &Board) -> Arc<Vec<Region>> {
    /// How many layouts' lists are kept.
    const KEPT: usize = 8;
    static LISTS: Mutex<Vec<(usize, Arc<Vec<Region>>)>> = Mutex::new(Vec::new());
    // A layout's geometry is built once and never freed: its address names the layout.
    let key = std::ptr::from_ref(b.geo) as usize;
    let mut lists = LISTS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, list)) = lists.iter().find(|(k, _)| *k == key) {
        return Arc::clone(list);
    }
    let list = Arc::new(build_regions(b));
    if lists.len() == KEPT {
        lists.remove(0);
    }
    lists.push((key, Arc::clone(&list)));
    list
}

fn build_regions(b: &Board) -> Vec<Region> {
    let n = b.n;
    let shape = b.shape;
    let cells_of = |units: &[usize]| {
        let mut cells: Vec<usize> = units
            .iter()
            .flat_map(|&u| b.unit(u).iter().map(|&c| c as usize))
            .collect();
        crate::sorting::sort_usizes(&mut cells);
        cells.dedup();
        cells
    };
    let mut out: Vec<Region> = b
        .scan_order()
        .map(|u| Region {
            cells: cells_of(&[u]),
            units: vec![u],
            name: RegionName::Unit(u),
        })
        .collect();
    for width in 2..=3usize {
        for (offset, kind) in [(0, "rows-span"), (n, "columns-span")] {
            for first in 0..n.saturating_sub(width - 1) {
                let units: Vec<usize> = (first..first + width).map(|i| offset + i).collect();
                out.push(Region {
                    cells: cells_of(&units),
                    units,
                    name: RegionName::Span(kind, first + 1, first + width),
                });
            }
        }
    }
    if shape.has_box_grid() && n > 1 {
        let (bands, stacks) = (shape.bands(), shape.stacks());
        for band in 0..bands {
            for stack in 0..stacks {
                let here = band * stacks + stack;
                for other in [
                    (stack + 1 < stacks).then(|| here + 1),
                    (band + 1 < bands).then(|| here + stacks),
                ]
                .into_iter()
                .flatten()
                {
                    let units = vec![2 * n + here, 2 * n + other];
                    out.push(Region {
                        cells: cells_of(&units),
                        units,
                        name: RegionName::Boxes(here + 1, other + 1),
                    });
                }
            }
        }
    }
    out
}

/// What a group of cells that see each other and make `sum` rules out or places: the
/// step of [`innies_and_outies`], or `None` when it changes nothing. Its sentence `what`
/// and the region's `name` are made only for a step.
fn group_step(
    b: &Board,
    cells: &[usize],
    sum: u32,
    what: &dyn Fn() -> Words,
    units: &[usize],
    name: &dyn Fn() -> Arg,
) -> Option<Step> {
    let done: u32 = cells.iter().map(|&c| b.value[c] as u32).sum();
    let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value[c] == 0).collect();
    if open.is_empty() || done >= sum {
        return None;
    }
    let left = sum - done;
    let mut step = if let [cell] = open[..] {
        // One open cell is the rest of the sum, whatever the others hold.
        let v = u8::try_from(left).ok()?;
        if usize::from(v) > b.n || b.cand[cell] & bit(v) == 0 {
            return None;
        }
        Step::placing(
            b.shape,
            Technique::InniesAndOuties,
            cells.to_vec(),
            (cell, v),
            Words::new("innies-outies-place").with("what", Arg::Words(Box::new(what()))),
        )
    } else {
        // A group whose cells all see each other is a cage: no digit twice, none placed
        // in it. Elsewhere two cells that share no unit or cage may repeat a digit.
        let clique = cells
            .iter()
            .all(|&a| cells.iter().all(|&o| a == o || b.sees(a, o)));
        let placed = cells.iter().fold(0u64, |m, &c| match b.value[c] {
            v if v > 0 && clique => m | bit(v),
            _ => m,
        });
        let masks: Vec<u64> = open.iter().map(|&c| b.cand[c] & !placed).collect();
        let cages = b.cages;
        let differ = |i: usize, j: usize| {
            let (a, o) = (open[i], open[j]);
            clique
                || b.sees(a, o)
                || cages.is_some_and(|k| k.cage_of(a).is_some() && k.cage_of(a) == k.cage_of(o))
        };
        let some = group_digits(&masks, 0, left, &mut [0; GROUP_MOST], &differ);
        if some == 0 {
            return None;
        }
        let eliminations = b.eliminations(open.iter().copied(), !some);
        if eliminations.is_empty() {
            return None;
        }
        // A cage's few sets are named ("as 1+7 or 2+6"), none with a digit the ways never
        // use; else those digits, which the step takes the others out of, so that the
        // sentence shows why.
        let pool = masks.iter().fold(0, |a, m| a | m);
        let mut sets = clique
            .then(|| sum_sets(pool, open.len(), left, &masks, SETS_NAMED))
            .flatten()
            .unwrap_or_default();
        sets.retain(|&set| set & !some == 0);
        let ways = sets_or_digits(&sets, some);
        let how = if done > 0 {
            Words::new("how-placed")
                .with("done", Arg::Number(done.into()))
                .with("left", Arg::Number(left.into()))
                .with("ways", ways)
        } else {
            Words::new("how-only").with("ways", ways)
        };
        Step::eliminating(
            b.shape,
            Technique::InniesAndOuties,
            cells.to_vec(),
            eliminations.clone(),
            Words::new("innies-outies")
                .with("what", Arg::Words(Box::new(what())))
                .with("how", Arg::Words(Box::new(how)))
                .with("removal", Arg::Removal(eliminations)),
        )
    };
    step.focus = Some(Words::new("focus-rule").with("region", name()).with(
        "total",
        Arg::Number((units.len() * b.n * (b.n + 1) / 2) as u64),
    ));
    step.units = units.to_vec();
    Some(step)
}

/// The most cells of an innie or outie group the rule of 45 makes a virtual cage of.
const GROUP_MOST: usize = 4;

/// The digits that open cells use in the ways they can add up to `left`, each holding a
/// digit of its mask (bit `d - 1` for digit d), and two of them, `i` and `j`, holding
/// different digits where `differ(i, j)` (they see each other, or share a cage) and
/// maybe the same digit elsewhere; 0 when there is no way. At most [`GROUP_MOST`] cells:
/// every way is tried from cell `i` on (`chosen` holds the digits before it), the last
/// cell taking what is left.
fn group_digits(
    masks: &[u64],
    i: usize,
    left: u32,
    chosen: &mut [u8; GROUP_MOST],
    differ: &dyn Fn(usize, usize) -> bool,
) -> u64 {
    let free = |d: u8, chosen: &[u8; GROUP_MOST]| (0..i).all(|j| chosen[j] != d || !differ(i, j));
    if i + 1 == masks.len() {
        return match u8::try_from(left) {
            Ok(d) if (1..=64).contains(&d) && masks[i] & bit(d) != 0 && free(d, chosen) => bit(d),
            _ => 0,
        };
    }
    let mut some = 0;
    for d in bits(masks[i]) {
        if u32::from(d) >= left {
            break;
        }
        if free(d, chosen) {
            chosen[i] = d;
            let rest = group_digits(masks, i + 1, left - u32::from(d), chosen, differ);
            if rest != 0 {
                some |= rest | bit(d);
            }
        }
    }
    some
}

/// A digit every set of a cage needs, whose places in the cage all lie in one unit, is
/// that unit's copy of the digit: the unit's cells outside the cage lose it. The plainest
/// case is a cage wholly inside a row, column or box, which locks its sure digits there.
pub(super) fn locked_digits(b: &Board) -> Option<Step> {
    let cages = b.cages?;
    for k in 0..cages.len() {
        let Some(sum) = cages.sum(k) else { continue };
        let seen = Seen::of(b, cages, k);
        if seen.open.is_empty() {
            continue;
        }
        let pool = seen.pool();
        let Seen {
            cells,
            open,
            total,
            masks,
            ..
        } = seen;
        let Some(options) = sum_options(pool, open.len(), sum.saturating_sub(total), &masks) else {
            continue;
        };
        for v in bits(options.every) {
            let places: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| b.cand[c] & bit(v) != 0)
                .collect();
            let Some(&first) = places.first() else {
                continue;
            };
            for &u in b.units_of(first) {
                let u = u as usize;
                let unit = b.unit(u);
                if !places.iter().all(|&c| unit.contains(&(c as u16))) {
                    continue;
                }
                let others = unit
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|c| !cells.contains(c));
                let eliminations = b.eliminations(others, bit(v));
                if eliminations.is_empty() {
                    continue;
                }
                let name = cage_name(&cells);
                let mut step = Step::eliminating(
                    b.shape,
                    Technique::CageLockedDigits,
                    cells.clone(),
                    eliminations.clone(),
                    Words::new("cage-locked")
                        .with("cage", name.clone())
                        .with("sum", Arg::Number(sum.into()))
                        .with("digit", Arg::Number(v.into()))
                        .with("unit", Arg::Unit(u))
                        .with("removal", Arg::Removal(eliminations.clone())),
                );
                step.focus = Some(Words::new("focus-cage-locked").with("cage", name));
                return Some(step);
            }
        }
    }
    None
}

/// The most sets of a cage [`hidden_digit`] lists to keep those with the digit: a 9×9
/// cage has at most 126 (four or five cells), a 16×16 one up to 12,870.
const SETS_LISTED: usize = 256;

/// The converse of [`locked_digits`]: a unit whose places for a digit all lie in one cage
/// gets that digit from the cage, so the cage's sets without it go, and the digits only
/// they used leave the cage's cells. A player says "row 3's 7 can only be in this cage,
/// so the cage's 15 is 2+6+7 or 3+5+7".
pub(super) fn hidden_digit(b: &Board) -> Option<Step> {
    let cages = b.cages?;
    for u in 0..b.geo.unit_count() {
        for v in 1..=b.n as u8 {
            let mut places = b.places(u, v);
            let Some(first) = places.next() else { continue };
            let Some(k) = cages.cage_of(first) else {
                continue;
            };
            if !places.all(|c| cages.cage_of(c) == Some(k)) {
                continue;
            }
            let Some(sum) = cages.sum(k) else { continue };
            let seen = Seen::of(b, cages, k);
            if seen.placed & bit(v) != 0 {
                continue;
            }
            let left = seen.left(sum);
            let Some(sets) = seen.sets(sum) else {
                continue;
            };
            let with: Vec<u64> = sets.iter().copied().filter(|s| s & bit(v) != 0).collect();
            if with.len() == sets.len() || with.is_empty() {
                // Every set already has the digit (cage combinations say so), or none
                // does (then the grid has no solution; the search's business).
                continue;
            }
            let kept = with.iter().fold(0, |a, s| a | s);
            let eliminations = b.eliminations(seen.open.iter().copied(), !kept);
            if eliminations.is_empty() {
                continue;
            }
            let name = cage_name(&seen.cells);
            let mut step = Step::eliminating(
                b.shape,
                Technique::CageHiddenDigit,
                seen.cells,
                eliminations.clone(),
                Words::new("cage-hidden")
                    .with("unit", Arg::Unit(u))
                    .with("digit", Arg::Number(v.into()))
                    .with("cage", name.clone())
                    .with("left", Arg::Number(left.into()))
                    .with("ways", sets_or_digits(&with, kept))
                    .with("removal", Arg::Removal(eliminations.clone())),
            );
            step.focus = Some(
                Words::new("focus-cage-hidden")
                    .with("unit", Arg::Unit(u))
                    .with("cage", name),
            );
            // The units the focus names, for the first stage's highlight.
            step.units = vec![u];
            return Some(step);
        }
    }
    None
}

/// Two cages whose open cells all see each other (both in one row, say) hold different
/// digits there, so a set of digits the first may still make its sum with, that shares a
/// digit with every set the second may still make its own with, goes; a digit only such
/// sets used leaves the first cage's open cells. A player says "the 14 and the 15 in this
/// row cannot both use a 6 or an 8: 6+8 leaves the 15 nothing, so the 14 is 5+9".
pub(super) fn clash(b: &Board) -> Option<Step> {
    let cages = b.cages?;
    for ka in 0..cages.len() {
        let Some(sum) = cages.sum(ka) else { continue };
        let first = Seen::of(b, cages, ka);
        if first.open.is_empty() {
            continue;
        }
        let left = first.left(sum);
        // Listed once a second cage qualifies: most cages have none.
        let mut sets = None;
        for kb in (0..cages.len()).filter(|&kb| kb != ka) {
            let Some(other_sum) = cages.sum(kb) else {
                continue;
            };
            let other_open = cages
                .cells(kb)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| b.value[c] == 0);
            let mut any = false;
            let mut seen_all = true;
            for c in other_open {
                any = true;
                seen_all &= first.open.iter().all(|&o| b.sees(o, c));
            }
            if !any || !seen_all {
                continue;
            }
            let Some(mine) = sets.get_or_insert_with(|| first.sets(sum)) else {
                break;
            };
            let other = Seen::of(b, cages, kb);
            let other_left = other.left(other_sum);
            let Some(theirs) = other.sets(other_sum) else {
                continue;
            };
            let kept: Vec<u64> = mine
                .iter()
                .copied()
                .filter(|&s| theirs.iter().any(|&t| s & t == 0))
                .collect();
            if kept.is_empty() || kept.len() == mine.len() {
                // None left means no solution (the search's business); all kept, nothing.
                continue;
            }
            let digits = kept.iter().fold(0, |a, s| a | s);
            let eliminations = b.eliminations(first.open.iter().copied(), !digits);
            if eliminations.is_empty() {
                continue;
            }
            let (name, other_name) = (cage_name(&first.cells), cage_name(&other.cells));
            let other_digits = theirs.iter().fold(0, |a, s| a | s);
            let mut step = Step::eliminating(
                b.shape,
                Technique::CageClash,
                first.cells.iter().chain(&other.cells).copied().collect(),
                eliminations.clone(),
                Words::new("cage-clash")
                    .with("cage", name.clone())
                    .with("other", other_name.clone())
                    .with("otherLeft", Arg::Number(other_left.into()))
                    .with("otherWays", sets_or_digits(&theirs, other_digits))
                    .with("left", Arg::Number(left.into()))
                    .with("ways", sets_or_digits(&kept, digits))
                    .with("removal", Arg::Removal(eliminations.clone())),
            );
            step.focus = Some(
                Words::new("focus-cage-clash")
                    .with("cage", name)
                    .with("other", other_name),
            );
            return Some(step);
        }
    }
    None
}
