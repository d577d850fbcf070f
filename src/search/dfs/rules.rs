//! The propagation rules of the depth-first search, each one pass over the units or
//! cages it has marked dirty: killer cage sums (and the rule of 45's), naked and hidden
//! singles, and locked candidates (pointing and claiming), by box-line segments or by
//! overlaps.

use super::{
    DepthFirst, MAX_SEGMENTS, PARTS_FROM, Progress, is_single, line_cell, once_twice, touch,
    touch_cage,
};
use crate::cages::{Cages, sum_options};
use crate::grid::MAX_SIZE;

/// Which sums [`DepthFirst::cage_sums`] looks at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sums {
    /// The cages' own sums.
    Cages,
    /// The sums of 45 ([`DepthFirst::with_innies`]).
    Innies,
}

impl DepthFirst<'_> {
    /// Killer cages: a cage's placed symbols leave its other cells, and its open cells
    /// keep only the symbols of some set of distinct symbols that makes what is left of
    /// its sum ([`sum_options`]); a symbol in every such set with one place left in the
    /// cage is placed there, and one whose places all lie in a row, column or box leaves
    /// that unit's other cells. The sums of 45 ([`DepthFirst::with_innies`]) are looked at
    /// the same way, as cages of the cells each unit leaves outside its own cages.
    ///
    /// `Sums::Cages` looks at the cages alone, `Sums::Innies` at the sums of 45 alone:
    /// the search looks at the cheap cages first, and at the longer sums of 45 only once
    /// the cages have nothing more to give.
    pub(super) fn cage_sums(&mut self, cages: &Cages, which: Sums) -> Progress {
        let mut changed = false;
        let first = cages.len();
        // The bits of word `w` that belong to the sums asked for.
        let asked = |w: usize| {
            let below = match first.saturating_sub(w * 64) {
                0 => 0,
                b if b >= 64 => u64::MAX,
                b => (1u64 << b) - 1,
            };
            match which {
                Sums::Cages => below,
                Sums::Innies => !below,
            }
        };
        let mut word = 0;
        while word < self.dirty_cages.len() {
            let bits = self.dirty_cages[word] & asked(word);
            if bits == 0 {
                word += 1;
                continue;
            }
            let k = word * 64 + bits.trailing_zeros() as usize;
            self.dirty_cages[word] &= !(bits & bits.wrapping_neg());
            let done = if k < cages.len() {
                self.one_sum(cages.cells(k), cages.sum(k))
            } else if let Some(&(from, to, sum)) = self.innies.get(k - cages.len()) {
                let mut cells = [0u16; MAX_SIZE];
                let len = (to - from) as usize;
                cells[..len].copy_from_slice(&self.innie_cells[from as usize..to as usize]);
                self.one_sum(&cells[..len], Some(sum))
            } else {
                continue;
            };
            match done {
                None => return Progress::Contradiction,
                Some(c) => changed |= c,
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// One sum's rule ([`DepthFirst::cage_sums`]) on `cells`, with `sum` or none: `None` on a
    /// contradiction, else whether anything changed.
    fn one_sum(&mut self, cells: &[u16], sum: Option<u32>) -> Option<bool> {
        // Scratch arrays as long as the sum's cells need: zeroing 64 of them at every
        // look was a measurable part of a 9×9 killer search.
        if cells.len() <= 16 {
            self.one_sum_within::<16>(cells, sum)
        } else {
            self.one_sum_within::<MAX_SIZE>(cells, sum)
        }
    }

    /// [`DepthFirst::one_sum`] for at most `N` cells.
    #[inline(always)]
    fn one_sum_within<const N: usize>(&mut self, cells: &[u16], sum: Option<u32>) -> Option<bool> {
        let mut changed = false;
        let mut open = [0u16; N];
        let mut masks = [0u64; N];
        self.work += cells.len() as u64;
        let (mut placed, mut total, mut count) = (0u64, 0u32, 0usize);
        for &c in cells {
            let m = self.cand[c as usize];
            if is_single(m) {
                if placed & m != 0 {
                    return None;
                }
                placed |= m;
                total += m.trailing_zeros() + 1;
            } else {
                open[count] = c;
                masks[count] = m & !placed;
                count += 1;
            }
        }
        if count == 0 {
            if sum.is_some_and(|s| s != total) {
                return None;
            }
            return Some(changed);
        }
        for m in &mut masks[..count] {
            *m &= !placed;
        }
        let (allowed, every) = match sum {
            None => (!placed, 0),
            Some(sum) if total >= sum => return None,
            Some(sum) => {
                let pool = masks[..count].iter().fold(0, |a, m| a | m);
                self.work += 4 * count as u64;
                match sum_options(pool, count, sum - total, &masks[..count]) {
                    None => return None,
                    Some(options) => (options.some, options.every),
                }
            }
        };
        for &c in &open[..count] {
            let c = c as usize;
            let drop = self.cand[c] & !allowed;
            if drop != 0 {
                if !self.eliminate(c, drop) {
                    return None;
                }
                changed = true;
            }
        }
        let mut needed = every;
        while needed != 0 {
            let bit = needed & needed.wrapping_neg();
            needed ^= bit;
            // The symbol's places, and the row, column and box (bits 0, 1, 2) they all
            // share.
            let (mut places, mut first, mut shared) = (0, 0, 0b111u32);
            let mut at = [0u16; N];
            for &c in &open[..count] {
                if self.cand[c as usize] & bit == 0 {
                    continue;
                }
                at[places] = c;
                let c = c as usize;
                if places == 0 {
                    first = c;
                } else {
                    let (x, y) = (self.units_of[first], self.units_of[c]);
                    for kind in 0..3 {
                        if (x >> (8 * kind)) & 0xff != (y >> (8 * kind)) & 0xff {
                            shared &= !(1 << kind);
                        }
                    }
                }
                places += 1;
            }
            match places {
                0 => return None,
                1 if self.cand[first] != bit => {
                    if is_single(self.cand[first]) {
                        // Another rule filled it with another symbol meanwhile.
                        return None;
                    }
                    self.set(first, bit);
                    changed = true;
                }
                1 => {}
                _ => {
                    // All its places lie in one unit: it leaves that unit's other cells.
                    let geo = self.geo;
                    for kind in (0..3).filter(|k| shared >> k & 1 == 1) {
                        let index = (self.units_of[first] >> (8 * kind)) as usize & 0xff;
                        self.work += self.n as u64;
                        for &o in geo.unit(kind * self.n + index) {
                            if self.cand[o as usize] & bit != 0 && !at[..places].contains(&o) {
                                if !self.eliminate(o as usize, bit) {
                                    return None;
                                }
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Drains the queue of newly single cells, removing each one's symbol from its peers
    /// (and placing the linked symbols, with links).
    pub(super) fn naked_singles(&mut self) -> bool {
        let geo = self.geo;
        // Split borrows: the loop body is the solver's hottest code.
        let DepthFirst {
            cand,
            trail,
            queue,
            unsolved,
            work,
            units_of,
            extras_of,
            dirty_hidden,
            dirty_locked,
            links,
            relabel,
            cage_mate_start,
            cage_mates,
            cage_of,
            dirty_cages,
            innie_start,
            innie_of,
            ..
        } = self;
        while let Some(cell) = queue.pop() {
            let cell = cell as usize;
            let bit = cand[cell];
            if let Some(links) = links.get(cell) {
                let s = bit.trailing_zeros() as usize;
                for &(other, map) in links {
                    let want = 1u64 << relabel[map as usize][s];
                    let old = cand[other as usize];
                    if old & want == 0 {
                        return false;
                    }
                    if old != want {
                        trail.push((other, old));
                        cand[other as usize] = want;
                        let extra = extras_of.get(other as usize).copied().unwrap_or(0);
                        touch(dirty_hidden, dirty_locked, units_of[other as usize], extra);
                        touch_cage(dirty_cages, cage_of, innie_start, innie_of, other as usize);
                        *unsolved -= 1;
                        queue.push(other);
                    }
                }
            }
            let peers = geo.peers(cell);
            *work += peers.len() as u64;
            let mates = match cage_mate_start.get(cell..cell + 2) {
                Some(&[from, to]) => &cage_mates[from as usize..to as usize],
                _ => &[],
            };
            for &p in peers.iter().chain(mates) {
                let old = cand[p as usize];
                if old & bit != 0 {
                    let new = old ^ bit;
                    trail.push((p, old));
                    cand[p as usize] = new;
                    let extra = extras_of.get(p as usize).copied().unwrap_or(0);
                    touch(dirty_hidden, dirty_locked, units_of[p as usize], extra);
                    touch_cage(dirty_cages, cage_of, innie_start, innie_of, p as usize);
                    if new & new.wrapping_sub(1) == 0 {
                        if new == 0 {
                            return false;
                        }
                        *unsolved -= 1;
                        queue.push(p);
                    }
                }
            }
        }
        true
    }

    /// Places every symbol that has one place left in some unit that changed.
    pub(super) fn hidden_singles(&mut self) -> Progress {
        let n = self.n;
        let full = self.shape.full_mask();
        let mut changed = false;
        for kind in 0..4 {
            while self.dirty_hidden[kind] != 0 {
                let index = self.dirty_hidden[kind].trailing_zeros() as usize;
                self.dirty_hidden[kind] &= self.dirty_hidden[kind] - 1;
                let u = kind * n + index;
                self.work += n as u64;
                let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
                for &c in self.geo.unit(u) {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != full {
                    return Progress::Contradiction;
                }
                let mut singles = once & !twice & !fixed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // An earlier single of this unit may have taken this symbol's only
                    // cell: then it has no place left, a contradiction.
                    let Some(c) = self
                        .geo
                        .unit(u)
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| self.cand[c] & bit != 0)
                    else {
                        return Progress::Contradiction;
                    };
                    if self.cand[c] != bit {
                        self.set(c, bit);
                        changed = true;
                    }
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// Pointing and claiming where something changed.
    ///
    /// A segment is the cells where a box meets a row (or a column). If a symbol's
    /// candidates in a box lie in one segment, it leaves the rest of that line
    /// (pointing); if its candidates in a line lie in one segment, it leaves the rest of
    /// that box (claiming). Boxes are checked for pointing, rows and columns for
    /// claiming, each only when one of its cells changed since the last look.
    pub(super) fn locked_candidates(&mut self) -> Progress {
        if self.general_locked {
            return self.locked_through_overlaps();
        }
        let n = self.n;
        let (r, c) = (self.shape.box_rows(), self.shape.box_columns());
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_locked);
        // Claiming: rows (kind 0) and columns (kind 1). A row meets the boxes of its band
        // in segments c cells long, a column meets those of its stack in segments of r.
        for (kind, mut lines) in dirty.into_iter().take(2).enumerate() {
            let (seg_len, across) = if kind == 0 { (c, r) } else { (r, c) };
            let nsegs = n / seg_len;
            while lines != 0 {
                let line = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                self.work += n as u64;
                let (segs, only) = self.confined(nsegs, seg_len, |j, i| {
                    line_cell(n, kind, line, j * seg_len + i)
                });
                if only == 0 {
                    continue;
                }
                for j in 0..nsegs {
                    let syms = segs[j] & only;
                    if syms == 0 {
                        continue;
                    }
                    // Clear them from the box's other lines, in segment j.
                    let first = line / across * across;
                    for other in (first..first + across).filter(|&o| o != line) {
                        let cells =
                            (0..seg_len).map(|i| line_cell(n, kind, other, j * seg_len + i));
                        match self.clear(cells, syms) {
                            Some(c) => changed |= c,
                            None => return Progress::Contradiction,
                        }
                    }
                }
            }
        }
        // Pointing: boxes.
        let mut boxes = dirty[2];
        while boxes != 0 {
            let b = boxes.trailing_zeros() as usize;
            boxes &= boxes - 1;
            self.work += n as u64;
            let (top, left) = self.shape.box_origin(b);
            for kind in 0..2 {
                // Segments of this box along rows (kind 0: r of them, c cells each) or
                // columns (kind 1: c of them, r cells each).
                let (nsegs, seg_len) = if kind == 0 { (r, c) } else { (c, r) };
                let (segs, only) = self.confined(nsegs, seg_len, |i, j| {
                    if kind == 0 {
                        (top + i) * n + left + j
                    } else {
                        (top + j) * n + left + i
                    }
                });
                if only == 0 {
                    continue;
                }
                for i in 0..nsegs {
                    let syms = segs[i] & only;
                    if syms == 0 {
                        continue;
                    }
                    let (line, skip) = if kind == 0 {
                        (top + i, left)
                    } else {
                        (left + i, top)
                    };
                    let cells = (0..n)
                        .filter(|&p| p < skip || p >= skip + seg_len)
                        .map(|p| line_cell(n, kind, line, p));
                    match self.clear(cells, syms) {
                        Some(c) => changed |= c,
                        None => return Progress::Contradiction,
                    }
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// The segments of one unit for pointing and claiming: each segment's candidates (the
    /// OR over its `seg_len` cells, `cell(segment, i)`), and the symbols in exactly one
    /// segment. A placed symbol is trivially confined to its segment, and naked singles
    /// already cleared it from the peers: it is left out.
    #[inline]
    fn confined(
        &self,
        nsegs: usize,
        seg_len: usize,
        cell: impl Fn(usize, usize) -> usize,
    ) -> ([u64; MAX_SEGMENTS], u64) {
        let mut segs = [0u64; MAX_SEGMENTS];
        let mut fixed = 0u64;
        for (j, seg) in segs.iter_mut().enumerate().take(nsegs) {
            for i in 0..seg_len {
                let m = self.cand[cell(j, i)];
                *seg |= m;
                fixed |= if m & (m - 1) == 0 { m } else { 0 };
            }
        }
        let (once, twice) = once_twice(&segs[..nsegs]);
        (segs, once & !twice & !fixed)
    }

    /// Pointing and claiming for any units, where something changed: if a symbol's
    /// candidates in a unit all lie where it overlaps another unit, the symbol leaves the
    /// rest of that other unit. Slower than the band-and-stack sweep of
    /// [`locked_candidates`](DepthFirst::locked_candidates), which r×c boxes with no
    /// extra units use.
    pub(super) fn locked_through_overlaps(&mut self) -> Progress {
        let n = self.n;
        let geo = self.geo;
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_locked);
        let mut outside = [0u16; MAX_SIZE];
        let mut parts = [0u64; MAX_SIZE];
        let mut sizes = [0u8; MAX_SIZE];
        for (kind, mut units) in dirty.into_iter().enumerate() {
            while units != 0 {
                let index = units.trailing_zeros() as usize;
                units &= units - 1;
                let u = kind * n + index;
                let cells = geo.unit(u);
                let mut masks = [0u64; MAX_SIZE];
                let mut fixed = 0u64;
                for (i, &c) in cells.iter().enumerate() {
                    let m = self.cand[c as usize];
                    masks[i] = m;
                    fixed |= if m & (m - 1) == 0 { m } else { 0 };
                }
                self.work += n as u64;
                // Rows, columns and boxes (or regions) each cut the unit into parts, one
                // per unit of that kind it meets: a symbol found in one part only, of two
                // cells or more, leaves the rest of that part's unit. One pass over the
                // unit per kind, where a pass per overlap would cost more: a region of a
                // large jigsaw meets dozens of rows and columns; a 9×9 box meets six
                // lines, and the plain overlaps below serve it.
                let partition = geo.overlaps(u).len() > PARTS_FROM;
                for across in (0..3).filter(|&a| partition && a != kind) {
                    parts[..n].fill(0);
                    sizes[..n].fill(0);
                    for (i, &c) in cells.iter().enumerate() {
                        let part = (self.units_of[c as usize] >> (8 * across)) as usize & 0xff;
                        parts[part] |= masks[i];
                        sizes[part] += 1;
                    }
                    self.work += n as u64;
                    let (once, twice) = once_twice(&parts[..n]);
                    let only = once & !twice & !fixed;
                    if only == 0 {
                        continue;
                    }
                    for part in 0..n {
                        let syms = parts[part] & only;
                        if syms == 0 || sizes[part] < 2 {
                            continue;
                        }
                        let mut len = 0;
                        for &c in geo.unit(across * n + part) {
                            if !self.in_unit(c as usize, kind, index) {
                                outside[len] = c;
                                len += 1;
                            }
                        }
                        let rest = outside[..len].iter().map(|&c| c as usize);
                        match self.clear(rest, syms) {
                            Some(c) => changed |= c,
                            None => return Progress::Contradiction,
                        }
                    }
                }
                // Every overlap, or after the parts only those with diagonals and windows.
                let listed = geo.overlaps(u).iter();
                for overlap in listed.filter(|o| !partition || o.unit as usize >= 3 * n) {
                    let (mut inside, mut rest) = (0u64, 0u64);
                    for (i, &m) in masks[..n].iter().enumerate() {
                        if overlap.here >> i & 1 == 1 {
                            inside |= m;
                        } else {
                            rest |= m;
                        }
                    }
                    let syms = inside & !rest & !fixed;
                    if syms == 0 {
                        continue;
                    }
                    let other = geo.unit(overlap.unit as usize);
                    let cells = (0..n)
                        .filter(|&j| overlap.there >> j & 1 == 0)
                        .map(|j| other[j] as usize);
                    match self.clear(cells, syms) {
                        Some(c) => changed |= c,
                        None => return Progress::Contradiction,
                    }
                }
            }
        }
        if changed {
            Progress::Changed
        } else {
            Progress::None
        }
    }

    /// Whether a cell lies in the unit `index` of a kind (0 rows, 1 columns, 2 boxes or
    /// regions, 3 diagonals and windows).
    #[inline]
    pub(super) fn in_unit(&self, cell: usize, kind: usize, index: usize) -> bool {
        if kind < 3 {
            (self.units_of[cell] >> (8 * kind)) as usize & 0xff == index
        } else {
            self.extras_of[cell] >> index & 1 == 1
        }
    }

    /// Removes `syms` from these cells: `None` on a contradiction, else whether any
    /// cell changed. Shared by pointing and claiming.
    pub(super) fn clear(&mut self, cells: impl Iterator<Item = usize>, syms: u64) -> Option<bool> {
        let mut changed = false;
        for cell in cells {
            if self.cand[cell] & syms != 0 {
                if !self.eliminate(cell, syms) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }
}
