//! A conflict-driven search: decides whether candidate masks have a solution, for the
//! questions the depth-first [`crate::solve::Solver`] finds too hard.
//!
//! Each pair "cell holds symbol" is a true/false variable. The rules of the grid are not
//! written out as clauses (at 64×64 that would be tens of millions of them); they act
//! directly on per-cell candidate masks and per-unit symbol counts, as naked and hidden
//! singles, and each conclusion remembers why it was drawn. When the search reaches a
//! contradiction, those reasons are traced back to the first point where the latest
//! guess had its effect (the "first unique implication point"), and the guesses that
//! led there are learned as a new clause that rules out the whole family of dead ends,
//! not just the one branch. Guesses go to the variables that took part in recent
//! contradictions, and the search restarts from time to time, keeping what it learned.
//!
//! This is the method of SAT solvers (conflict-driven clause learning), shaped for
//! Latin-square rules. The depth-first solver is far faster per node and wins on
//! ordinary puzzles; this one wins by orders of magnitude where a sparse 25×25 or larger
//! grid hides a second solution that only a long search reaches (deciding whether a
//! clue of a nearly minimal puzzle can go).

use crate::grid::{Grid, Shape};
use crate::solve::Next;

/// Variable `cell * n + symbol` (symbol counted from 0): "this cell holds this symbol".
type Var = u32;

/// A literal: `2 * var` asserts the variable, `2 * var + 1` denies it.
type Lit = u32;

const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Why a variable got its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A guess, or a fact of the puzzle (level 0).
    None,
    /// Denied because this variable holds: the same cell with another symbol, or a peer
    /// with the same symbol.
    Var(Var),
    /// Asserted because every other symbol of its cell is denied (a naked single).
    Cell,
    /// Asserted because every other cell of this unit denies its symbol (a hidden single).
    Unit(u16),
    /// Asserted by a learned clause whose other literals are all false.
    Clause(u32),
}

/// What contradiction propagation ran into.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// Two variables that exclude each other both hold.
    Pair(Var, Var),
    /// A cell with every symbol denied.
    Cell(u32),
    /// A symbol denied in every cell of a unit.
    Unit(u16, u8),
    /// A learned clause with every literal false.
    Clause(u32),
}

/// A reusable conflict-driven search for one shape.
pub struct Cdcl {
    shape: Shape,
    n: usize,
    cells: usize,
    /// `peers[cell * npeers..][..npeers]`.
    peers: Vec<u16>,
    npeers: usize,
    /// `units[u * n..][..n]`: rows, columns, boxes.
    units: Vec<u16>,
    units_of: Vec<[u16; 3]>,
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// Per cell, the symbols not denied.
    cand: Vec<u64>,
    /// Per cell, the symbol asserted plus one, or 0.
    fixed: Vec<u8>,
    fixed_count: usize,
    /// Per unit and symbol, the cells of the unit that do not deny it.
    count: Vec<u8>,
    trail: Vec<Var>,
    trail_lim: Vec<usize>,
    qhead: usize,
    clauses: Vec<Vec<Lit>>,
    /// Per literal, the learned clauses to visit when it becomes false.
    watches: Vec<Vec<u32>>,
    activity: Vec<f64>,
    var_inc: f64,
    heap: Vec<Var>,
    heap_pos: Vec<u32>,
    seen: Vec<bool>,
    scratch: Vec<Var>,
    conflicts: u64,
}

const NOT_IN_HEAP: u32 = u32::MAX;

impl Cdcl {
    /// A search for grids of this shape, with its tables allocated.
    pub fn new(shape: Shape) -> Cdcl {
        let (n, k, cells) = (shape.size(), shape.box_side(), shape.cells());
        let mut units = Vec::with_capacity(3 * n * n);
        let mut units_of = vec![[0u16; 3]; cells];
        for u in 0..3 * n {
            for (i, c) in shape.unit_cells(u).enumerate() {
                units.push(c as u16);
                units_of[c][u / n] = u as u16;
                debug_assert!(i < n);
            }
        }
        let npeers = if n > 1 { 3 * n - 2 * k - 1 } else { 0 };
        let mut peers = Vec::with_capacity(cells * npeers);
        for cell in 0..cells {
            let (r, c, b) = (shape.row(cell), shape.column(cell), shape.box_of(cell));
            for other in 0..cells {
                if other != cell
                    && (shape.row(other) == r
                        || shape.column(other) == c
                        || shape.box_of(other) == b)
                {
                    peers.push(other as u16);
                }
            }
        }
        debug_assert_eq!(peers.len(), cells * npeers);
        let vars = cells * n;
        Cdcl {
            shape,
            n,
            cells,
            peers,
            npeers,
            units,
            units_of,
            value: vec![UNSET; vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            cand: vec![0; cells],
            fixed: vec![0; cells],
            fixed_count: 0,
            count: vec![0; 3 * n * n],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            activity: vec![0.0; vars],
            var_inc: 1.0,
            heap: Vec::with_capacity(vars),
            heap_pos: vec![NOT_IN_HEAP; vars],
            seen: vec![false; vars],
            scratch: Vec::new(),
            conflicts: 0,
        }
    }

    /// Contradictions met by the last search (its work, roughly).
    pub fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// Searches for a solution within candidate masks (bit `s - 1` for symbol `s`, one
    /// mask per cell). `Solution` (read it with [`Cdcl::solution`]), `Exhausted` when
    /// there is none, `Stopped` after `conflict_limit` contradictions or when `go_on`,
    /// asked every 64 contradictions, says no.
    ///
    /// # Panics
    /// If `masks` does not have one entry per cell.
    pub fn solve(
        &mut self,
        masks: &[u64],
        conflict_limit: u64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Next {
        assert_eq!(masks.len(), self.cells, "one mask per cell");
        self.reset();
        // The puzzle's facts, at level 0.
        let full = self.shape.full_mask();
        for (cell, &mask) in masks.iter().enumerate() {
            let mut out = full & !mask;
            while out != 0 {
                let s = out.trailing_zeros() as usize;
                out &= out - 1;
                self.assign(self.var(cell, s), FALSE, Reason::None);
            }
        }
        let mut restart_at = luby(0) * RESTART_UNIT;
        let mut restarts = 0u64;
        let mut since_restart = 0u64;
        loop {
            if let Some(conflict) = self.propagate() {
                if self.trail_lim.is_empty() {
                    return Next::Exhausted;
                }
                self.conflicts += 1;
                since_restart += 1;
                let (learnt, back_to) = self.analyze(conflict);
                self.backtrack(back_to);
                self.learn(learnt);
                self.var_inc *= 1.0 / ACTIVITY_DECAY;
                if self.conflicts >= conflict_limit {
                    return Next::Stopped;
                }
                if self.conflicts % 64 == 0 && !go_on() {
                    return Next::Stopped;
                }
                continue;
            }
            if self.fixed_count == self.cells {
                return Next::Solution;
            }
            if since_restart >= restart_at {
                restarts += 1;
                since_restart = 0;
                restart_at = luby(restarts) * RESTART_UNIT;
                self.backtrack(0);
                self.reduce_clauses();
                continue;
            }
            let Some(var) = self.pick() else {
                // Every variable has a value but some cell is not fixed: cannot happen
                // after a full propagation, but never claim a solution without one.
                return Next::Stopped;
            };
            self.trail_lim.push(self.trail.len());
            self.assign(var, TRUE, Reason::None);
        }
    }

    /// The solution found by the last [`Cdcl::solve`] that returned `Solution`.
    pub fn solution(&self) -> Grid {
        let cells = self.fixed.clone();
        Grid::from_cells(self.shape, cells).expect("a solution fixes every cell")
    }

    fn var(&self, cell: usize, symbol: usize) -> Var {
        (cell * self.n + symbol) as Var
    }

    fn reset(&mut self) {
        let n = self.n;
        self.value.fill(UNSET);
        self.cand.fill(self.shape.full_mask());
        self.fixed.fill(0);
        self.fixed_count = 0;
        self.count.fill(n as u8);
        self.trail.clear();
        self.trail_lim.clear();
        self.qhead = 0;
        self.clauses.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.activity.fill(0.0);
        self.var_inc = 1.0;
        self.heap.clear();
        self.heap_pos.fill(NOT_IN_HEAP);
        for v in 0..self.value.len() as Var {
            self.heap_pos[v as usize] = self.heap.len() as u32;
            self.heap.push(v);
        }
        self.conflicts = 0;
    }

    fn level_now(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Gives a variable its value and updates the masks and counts at once, so that
    /// later checks in the same propagation see it.
    fn assign(&mut self, var: Var, value: u8, reason: Reason) {
        let v = var as usize;
        debug_assert_eq!(self.value[v], UNSET);
        self.value[v] = value;
        self.level[v] = self.level_now();
        self.reason[v] = reason;
        self.trail.push(var);
        let (cell, s) = (v / self.n, v % self.n);
        if value == TRUE {
            self.fixed[cell] = s as u8 + 1;
            self.fixed_count += 1;
        } else {
            self.cand[cell] &= !(1u64 << s);
            for u in self.units_of[cell] {
                self.count[u as usize * self.n + s] -= 1;
            }
        }
    }

    fn backtrack(&mut self, level: u32) {
        if self.level_now() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        while self.trail.len() > keep {
            let var = self.trail.pop().expect("trail is longer than keep");
            let v = var as usize;
            let (cell, s) = (v / self.n, v % self.n);
            if self.value[v] == TRUE {
                self.fixed[cell] = 0;
                self.fixed_count -= 1;
            } else {
                self.cand[cell] |= 1u64 << s;
                for u in self.units_of[cell] {
                    self.count[u as usize * self.n + s] += 1;
                }
            }
            self.value[v] = UNSET;
            self.heap_insert(var);
        }
        self.trail_lim.truncate(level as usize);
        self.qhead = self.trail.len();
    }

    fn lit_value(&self, lit: Lit) -> u8 {
        match self.value[(lit >> 1) as usize] {
            UNSET => UNSET,
            TRUE if lit & 1 == 0 => TRUE,
            FALSE if lit & 1 == 1 => TRUE,
            _ => FALSE,
        }
    }

    /// Runs every consequence of the trail to a fixpoint.
    fn propagate(&mut self) -> Option<Conflict> {
        let n = self.n;
        while self.qhead < self.trail.len() {
            let var = self.trail[self.qhead];
            self.qhead += 1;
            let v = var as usize;
            let (cell, s) = (v / n, v % n);
            let bit = 1u64 << s;
            let false_lit;
            if self.value[v] == TRUE {
                false_lit = 2 * var + 1;
                let mut others = self.cand[cell] & !bit;
                while others != 0 {
                    let w = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let other = self.var(cell, w);
                    if self.value[other as usize] == TRUE {
                        return Some(Conflict::Pair(var, other));
                    }
                    self.assign(other, FALSE, Reason::Var(var));
                }
                for i in 0..self.npeers {
                    let p = self.peers[cell * self.npeers + i] as usize;
                    if self.cand[p] & bit == 0 {
                        continue;
                    }
                    let pv = self.var(p, s);
                    if self.value[pv as usize] == TRUE {
                        return Some(Conflict::Pair(var, pv));
                    }
                    self.assign(pv, FALSE, Reason::Var(var));
                }
            } else {
                false_lit = 2 * var;
                let m = self.cand[cell];
                if m == 0 {
                    return Some(Conflict::Cell(cell as u32));
                }
                if m & (m - 1) == 0 && self.fixed[cell] == 0 {
                    let only = self.var(cell, m.trailing_zeros() as usize);
                    self.assign(only, TRUE, Reason::Cell);
                }
                for u in self.units_of[cell] {
                    match self.count[u as usize * n + s] {
                        0 => return Some(Conflict::Unit(u, s as u8)),
                        1 => {
                            let at = u as usize * n;
                            let q = (0..n)
                                .map(|i| self.units[at + i] as usize)
                                .find(|&q| self.cand[q] & bit != 0)
                                .expect("the count says one cell is left");
                            let qv = self.var(q, s);
                            if self.value[qv as usize] == UNSET {
                                self.assign(qv, TRUE, Reason::Unit(u));
                            }
                        }
                        _ => {}
                    }
                }
            }
            if let Some(conflict) = self.visit_watches(false_lit) {
                return Some(conflict);
            }
        }
        None
    }

    /// The learned clauses watching a literal that just became false: each finds another
    /// literal to watch, asserts its last one, or is the contradiction.
    fn visit_watches(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut list = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut i = 0;
        let mut conflict = None;
        while i < list.len() {
            let ci = list[i];
            let clause = &mut self.clauses[ci as usize];
            if clause[0] == false_lit {
                clause.swap(0, 1);
            }
            let first = clause[0];
            if self.lit_value(first) == TRUE {
                i += 1;
                continue;
            }
            let mut moved = false;
            for j in 2..self.clauses[ci as usize].len() {
                let lit = self.clauses[ci as usize][j];
                if self.lit_value(lit) != FALSE {
                    self.clauses[ci as usize].swap(1, j);
                    self.watches[lit as usize].push(ci);
                    list.swap_remove(i);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            i += 1;
            match self.lit_value(first) {
                FALSE => {
                    conflict = Some(Conflict::Clause(ci));
                    break;
                }
                _ => {
                    let value = if first & 1 == 0 { TRUE } else { FALSE };
                    self.assign(first >> 1, value, Reason::Clause(ci));
                }
            }
        }
        // Clauses not visited after a conflict keep their watch here. (Nothing else
        // watches `false_lit` meanwhile: a moved watch goes to a literal not false.)
        self.watches[false_lit as usize] = list;
        conflict
    }

    /// The variables whose values forced `var` (all assigned before it).
    fn antecedents(&mut self, var: Var) {
        let n = self.n;
        let v = var as usize;
        let (cell, s) = (v / n, v % n);
        self.scratch.clear();
        match self.reason[v] {
            Reason::None => {}
            Reason::Var(by) => self.scratch.push(by),
            Reason::Cell => {
                for w in 0..n {
                    if w != s {
                        self.scratch.push((cell * n + w) as Var);
                    }
                }
            }
            Reason::Unit(u) => {
                for i in 0..n {
                    let q = self.units[u as usize * n + i] as usize;
                    if q != cell {
                        self.scratch.push((q * n + s) as Var);
                    }
                }
            }
            Reason::Clause(ci) => {
                for &lit in &self.clauses[ci as usize] {
                    if lit >> 1 != var {
                        self.scratch.push(lit >> 1);
                    }
                }
            }
        }
    }

    /// The variables of a contradiction.
    fn conflict_vars(&mut self, conflict: Conflict) {
        let n = self.n;
        self.scratch.clear();
        match conflict {
            Conflict::Pair(a, b) => self.scratch.extend([a, b]),
            Conflict::Cell(cell) => {
                let cell = cell as usize;
                self.scratch.extend((0..n).map(|w| (cell * n + w) as Var));
            }
            Conflict::Unit(u, s) => {
                for i in 0..n {
                    let q = self.units[u as usize * n + i] as usize;
                    self.scratch.push((q * n + s as usize) as Var);
                }
            }
            Conflict::Clause(ci) => {
                for &lit in &self.clauses[ci as usize] {
                    self.scratch.push(lit >> 1);
                }
            }
        }
    }

    /// The literal that is false now for a variable with a value.
    fn false_lit(&self, var: Var) -> Lit {
        if self.value[var as usize] == TRUE {
            2 * var + 1
        } else {
            2 * var
        }
    }

    /// First-UIP analysis: the learned clause (its asserting literal first, then the
    /// literal of the deepest other level) and the level to go back to.
    fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let now = self.level_now();
        let mut learnt: Vec<Lit> = vec![0];
        let mut open = 0usize;
        let mut index = self.trail.len();
        self.conflict_vars(conflict);
        let mut marked: Vec<Var> = Vec::new();
        loop {
            let vars = std::mem::take(&mut self.scratch);
            for &x in &vars {
                let xi = x as usize;
                if self.seen[xi] || self.level[xi] == 0 || self.value[xi] == UNSET {
                    continue;
                }
                self.seen[xi] = true;
                marked.push(x);
                self.bump(x);
                if self.level[xi] == now {
                    open += 1;
                } else {
                    learnt.push(self.false_lit(x));
                }
            }
            self.scratch = vars;
            // The next marked variable of this level, latest first.
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[p as usize] && self.level[p as usize] == now {
                    break p;
                }
            };
            self.seen[p as usize] = false;
            open -= 1;
            if open == 0 {
                learnt[0] = self.false_lit(p);
                break;
            }
            self.antecedents(p);
        }
        for x in marked {
            self.seen[x as usize] = false;
        }
        // The deepest other level goes second, to be watched.
        let mut back_to = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[(learnt[i] >> 1) as usize] > self.level[(learnt[best] >> 1) as usize]
                {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back_to = self.level[(learnt[1] >> 1) as usize];
        }
        (learnt, back_to)
    }

    /// Stores a learned clause and asserts its first literal.
    fn learn(&mut self, learnt: Vec<Lit>) {
        let first = learnt[0];
        let value = if first & 1 == 0 { TRUE } else { FALSE };
        if learnt.len() == 1 {
            self.assign(first >> 1, value, Reason::None);
            return;
        }
        let ci = self.clauses.len() as u32;
        self.watches[(learnt[0]) as usize].push(ci);
        self.watches[(learnt[1]) as usize].push(ci);
        self.clauses.push(learnt);
        self.assign(first >> 1, value, Reason::Clause(ci));
    }

    /// At level 0, drops the clauses the facts satisfy and, once there are many, the
    /// longer half of the rest. Dropping a learned clause is always sound: each follows
    /// from the rules and the puzzle.
    fn reduce_clauses(&mut self) {
        // Level-0 facts no longer need their clause: analysis never looks at level 0.
        for &var in &self.trail {
            self.reason[var as usize] = Reason::None;
        }
        let keep_at_most = 2_000 + self.conflicts as usize / 4;
        let mut clauses = std::mem::take(&mut self.clauses);
        clauses.retain(|c| c.iter().all(|&l| self.lit_value(l) != TRUE));
        if clauses.len() > keep_at_most {
            // Newer clauses are kept over older ones of the same length.
            let mut order: Vec<usize> = (0..clauses.len()).rev().collect();
            order.sort_by_key(|&i| clauses[i].len());
            order.truncate(keep_at_most / 2);
            order.sort_unstable();
            let mut kept = Vec::with_capacity(order.len());
            for i in order {
                kept.push(std::mem::take(&mut clauses[i]));
            }
            clauses = kept;
        }
        for w in &mut self.watches {
            w.clear();
        }
        for mut clause in clauses {
            // Unassigned literals first, to be watched (the rest are false at level 0).
            clause.sort_by_key(|&l| self.lit_value(l) != UNSET);
            if clause.len() < 2 || self.lit_value(clause[1]) != UNSET {
                continue;
            }
            let ci = self.clauses.len() as u32;
            self.watches[clause[0] as usize].push(ci);
            self.watches[clause[1] as usize].push(ci);
            self.clauses.push(clause);
        }
    }

    fn bump(&mut self, var: Var) {
        let v = var as usize;
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        if self.heap_pos[v] != NOT_IN_HEAP {
            self.sift_up(self.heap_pos[v] as usize);
        }
    }

    /// The unassigned variable with the most activity.
    fn pick(&mut self) -> Option<Var> {
        while let Some(&top) = self.heap.first() {
            self.heap_remove_top();
            if self.value[top as usize] == UNSET {
                return Some(top);
            }
        }
        None
    }

    fn heap_insert(&mut self, var: Var) {
        if self.heap_pos[var as usize] != NOT_IN_HEAP {
            return;
        }
        self.heap_pos[var as usize] = self.heap.len() as u32;
        self.heap.push(var);
        self.sift_up(self.heap.len() - 1);
    }

    fn heap_remove_top(&mut self) {
        let top = self.heap[0];
        let last = self.heap.pop().expect("the heap is not empty");
        self.heap_pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last as usize] = 0;
            self.sift_down(0);
        }
    }

    fn better(&self, a: Var, b: Var) -> bool {
        let (x, y) = (self.activity[a as usize], self.activity[b as usize]);
        x > y || (x == y && a < b)
    }

    fn sift_up(&mut self, mut i: usize) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.better(var, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.heap_pos[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = var;
        self.heap_pos[var as usize] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let var = self.heap[i];
        let len = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.better(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            if !self.better(self.heap[child], var) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.heap_pos[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = var;
        self.heap_pos[var as usize] = i as u32;
    }
}

/// Activity decay per contradiction: recent contradictions weigh most.
const ACTIVITY_DECAY: f64 = 0.95;

/// Contradictions per unit of the restart sequence.
const RESTART_UNIT: u64 = 100;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (index from 0): restart intervals
/// that are within a log factor of the best fixed interval for any run-time spread.
fn luby(i: u64) -> u64 {
    let mut i = i + 1;
    loop {
        // The smallest 2^k - 1 at or above i.
        let mut size = 1u64;
        while size < i {
            size = 2 * size + 1;
        }
        if size == i {
            return size.div_ceil(2);
        }
        i -= size / 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::count_solutions_up_to;

    fn masks_of(grid: &Grid) -> Vec<u64> {
        let full = grid.shape().full_mask();
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { full } else { 1u64 << (v - 1) })
            .collect()
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn solves_and_refutes_small_grids() {
        let shape = Shape::from_size(9).unwrap();
        let mut cdcl = Cdcl::new(shape);
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = crate::parse::parse_with(text, &Default::default()).unwrap();
        assert_eq!(
            cdcl.solve(&masks_of(&grid), u64::MAX, &mut || true),
            Next::Solution
        );
        let solved = cdcl.solution();
        assert!(solved.is_solved() && grid.is_subset_of(&solved));
        // Forbid the solution's symbol in one empty cell: the puzzle is unique, so
        // nothing is left.
        let cell = grid.cells().iter().position(|&v| v == 0).unwrap();
        let mut masks = masks_of(&grid);
        masks[cell] &= !(1u64 << (solved.get(cell) - 1));
        assert_eq!(cdcl.solve(&masks, u64::MAX, &mut || true), Next::Exhausted);
        assert_eq!(count_solutions_up_to(&grid, 2), 1);
    }
}
