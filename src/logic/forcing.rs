//! Forcing chains and forcing nets (up to 16×16): the last resort before a guess.
//!
//! Each works on branches. A branch assumes one candidate true, on a copy of the
//! candidates, and follows what it forces with naked and hidden singles only: a placed
//! symbol leaves its cell's other candidates and its peers; a cell left with one
//! candidate, or a symbol left with one place in a unit, is placed. Each consequence
//! remembers the one before it that triggered it, so a conclusion can be traced back to
//! the assumption as a chain of alternating implications: "is" → "is not" (a weak link),
//! "is not" → "is" (a strong one).
//!
//! - Forcing chain, contradiction: a branch ends with a cell that has no candidate left,
//!   or a symbol with no place left in a unit: the candidate assumed is false.
//! - Forcing chain, cell: every candidate of a cell leads to the same placement or
//!   elimination elsewhere, which then holds.
//! - Forcing chain, unit: every place of a symbol in a unit does.
//! - Forcing net: when no branch above concludes, each branch goes further: inside it, a
//!   candidate whose own branch breaks is struck out, and singles follow again, until
//!   nothing changes. A branch that breaks this way proves its candidate false, but the
//!   proof is a net of branches inside branches, not one chain.
//!
//! A step tries every candidate of every open cell, so its cost grows with the number
//! of candidates times the length of a branch: about the fourth power of the side for
//! the chains, and the square of that for the nets. Both run up to 16×16, where the
//! hints measured on minimal puzzles took at most 0.4 s; on bigger grids a guess comes
//! first. One step is not interrupted: a caller's cancel or time limit is asked between
//! steps, so a net that searches long at 16×16 (and fails, before a guess) is not cut
//! short.

use super::{Arg, Board, Link, Step, Technique, Words, bit, bits};

/// Forcing chains and nets run on grids up to this side.
const FORCING_MAX_SIDE: usize = 16;

/// No parent: the event is the assumption.
const ROOT: u32 = u32::MAX;

/// One consequence in a branch: `cell` is (`on`) or is not (`!on`) symbol `v`, because of
/// the event at index `parent`.
#[derive(Clone, Copy, Debug)]
struct Event {
    cell: u32,
    v: u8,
    on: bool,
    /// Struck out by a forcing chain inside a net's branch, rather than by a single.
    inner: bool,
    parent: u32,
}

/// Why a branch broke, and the event after which it did.
#[derive(Clone, Copy, Debug)]
enum Broken {
    /// The cell has no candidate left.
    EmptyCell(usize),
    /// The symbol has no place left in the unit.
    NoPlace(usize, u8),
}

/// A branch in progress: the candidates and entries as the assumption leaves them.
struct Branch<'a> {
    b: &'a Board<'a>,
    cand: Vec<u64>,
    value: Vec<u8>,
    /// Per unit, the symbols placed in it.
    placed: Vec<u64>,
    /// Per unit and symbol (`u * n + v - 1`), the places the symbol has left in the unit,
    /// a bit per position in the unit ([`crate::grid::Geometry::index_in`]): a hidden
    /// single, or a symbol with no place, shows without scanning the unit.
    places: Vec<u64>,
    /// The state [`Branch::reset_to_base`] starts from: the board's, or another set by
    /// [`Branch::rebase`].
    base_cand: Vec<u64>,
    base_value: Vec<u8>,
    base_placed: Vec<u64>,
    base_places: Vec<u64>,
    events: Vec<Event>,
    broken: Option<(Broken, u32)>,
}

impl<'a> Branch<'a> {
    fn new(b: &'a Board<'a>) -> Branch<'a> {
        let mut branch = Branch {
            b,
            cand: b.cand.clone(),
            value: b.value.clone(),
            placed: vec![0; b.unit_count()],
            places: vec![0; b.unit_count() * b.n],
            base_cand: Vec::new(),
            base_value: Vec::new(),
            base_placed: vec![0; b.unit_count()],
            base_places: vec![0; b.unit_count() * b.n],
            events: Vec::new(),
            broken: None,
        };
        branch.rebase(&b.cand, &b.value);
        branch.reset_to_base();
        branch
    }

    /// Makes these candidates and entries the state [`Branch::reset_to_base`] starts
    /// from, working out what each unit has placed and where each symbol can go.
    fn rebase(&mut self, cand: &[u64], value: &[u8]) {
        self.base_cand.clear();
        self.base_cand.extend_from_slice(cand);
        self.base_value.clear();
        self.base_value.extend_from_slice(value);
        self.base_placed.fill(0);
        self.base_places.fill(0);
        let (geo, n) = (self.b.geo, self.b.n);
        for (c, &v) in value.iter().enumerate() {
            for (&u, &i) in geo.units_of(c).iter().zip(geo.index_in(c)) {
                if v != 0 {
                    self.base_placed[u as usize] |= bit(v);
                }
                for w in bits(cand[c]) {
                    self.base_places[u as usize * n + w as usize - 1] |= 1 << i;
                }
            }
        }
    }

    /// Starts over from the base state: the board's unless [`Branch::rebase`] set another.
    fn reset_to_base(&mut self) {
        self.cand.copy_from_slice(&self.base_cand);
        self.value.copy_from_slice(&self.base_value);
        self.placed.copy_from_slice(&self.base_placed);
        self.places.copy_from_slice(&self.base_places);
        self.events.clear();
        self.broken = None;
    }

    /// Takes the candidates `mask` of `cell` out of its units' places (not out of
    /// `cand`, which the caller changes).
    fn unplace(&mut self, cell: usize, mask: u64) {
        let (geo, n) = (self.b.geo, self.b.n);
        for (&u, &i) in geo.units_of(cell).iter().zip(geo.index_in(cell)) {
            for w in bits(mask) {
                self.places[u as usize * n + w as usize - 1] &= !(1 << i);
            }
        }
    }

    /// Assumes `cell` is `v` and follows the singles it forces.
    fn assume(&mut self, cell: usize, v: u8) {
        self.place(cell, v, ROOT);
        self.run(0);
    }

    /// The candidates as the branch leaves them, a filled cell as its symbol's bit.
    fn masks(&self) -> Vec<u64> {
        (0..self.cand.len())
            .map(|c| match self.value[c] {
                0 => self.cand[c],
                v => bit(v),
            })
            .collect()
    }

    fn place(&mut self, cell: usize, v: u8, parent: u32) {
        if self.value[cell] == v {
            return;
        }
        if self.value[cell] != 0 || self.cand[cell] & bit(v) == 0 {
            // Never reached from singles, which only place a candidate left; kept so a
            // wrong call breaks the branch instead of corrupting it.
            self.broken = Some((Broken::EmptyCell(cell), parent));
            return;
        }
        let e = self.events.len() as u32;
        self.events.push(Event {
            cell: cell as u32,
            v,
            on: true,
            inner: false,
            parent,
        });
        self.value[cell] = v;
        let others = self.cand[cell] & !bit(v);
        self.unplace(cell, self.cand[cell]);
        self.cand[cell] = 0;
        for &u in self.b.units_of(cell) {
            self.placed[u as usize] |= bit(v);
        }
        for w in bits(others) {
            self.push_off(cell, w, e);
        }
        // Its peers in the order of its units, each once.
        for &d in self.b.geo.peers(cell) {
            let d = d as usize;
            if self.cand[d] & bit(v) != 0 {
                self.cand[d] &= !bit(v);
                self.unplace(d, bit(v));
                self.push_off(d, v, e);
            }
        }
    }

    /// Strikes `v` out of `cell` because a branch inside this one broke: a consequence
    /// of the assumption (event 0) through that inner chain.
    fn strike(&mut self, cell: usize, v: u8) {
        if self.cand[cell] & bit(v) != 0 {
            self.cand[cell] &= !bit(v);
            self.unplace(cell, bit(v));
            self.push_off(cell, v, 0);
            if let Some(last) = self.events.last_mut() {
                last.inner = true;
            }
        }
    }

    fn push_off(&mut self, cell: usize, v: u8, parent: u32) {
        self.events.push(Event {
            cell: cell as u32,
            v,
            on: false,
            inner: false,
            parent,
        });
    }

    /// Follows the events from index `from` on, in order, until none is left or the
    /// branch breaks.
    fn run(&mut self, from: usize) {
        let mut i = from;
        while i < self.events.len() && self.broken.is_none() {
            let Event { cell, v, on, .. } = self.events[i];
            let (cell, e) = (cell as usize, i as u32);
            i += 1;
            if on {
                continue;
            }
            if self.value[cell] == 0 {
                match self.cand[cell].count_ones() {
                    0 => {
                        self.broken = Some((Broken::EmptyCell(cell), e));
                        return;
                    }
                    1 => {
                        let w = self.cand[cell].trailing_zeros() as u8 + 1;
                        self.place(cell, w, e);
                    }
                    _ => {}
                }
            }
            for &u in self.b.units_of(cell) {
                let u = u as usize;
                if self.placed[u] & bit(v) != 0 {
                    continue;
                }
                let places = self.places[u * self.b.n + v as usize - 1];
                if places == 0 {
                    self.broken = Some((Broken::NoPlace(u, v), e));
                    return;
                }
                if places.is_power_of_two() {
                    let p = self.b.unit(u)[places.trailing_zeros() as usize] as usize;
                    self.place(p, v, e);
                }
                if self.broken.is_some() {
                    return;
                }
            }
        }
    }

    /// The events from the assumption to event `e`.
    fn path(&self, e: u32) -> Vec<Event> {
        let mut path = vec![self.events[e as usize]];
        while let Some(&last) = path.last()
            && last.parent != ROOT
        {
            path.push(self.events[last.parent as usize]);
        }
        path.reverse();
        path
    }

    /// The paths to a contradiction: for a cell left empty, to the removal of each of its
    /// candidates; for a symbol left without a place in a unit, to its removal from each
    /// place it had. Removals the board had already made need no path.
    fn contradiction_paths(&self, why: Broken) -> Vec<Vec<Event>> {
        let removals: Vec<(usize, u8)> = match why {
            Broken::EmptyCell(c) => bits(self.b.cand[c]).map(|v| (c, v)).collect(),
            Broken::NoPlace(u, v) => self.b.places(u, v).map(|c| (c, v)).collect(),
        };
        removals
            .into_iter()
            .filter_map(|(c, v)| self.find(c, v, false))
            .map(|e| self.path(e))
            .collect()
    }

    /// The first event concluding that `cell` is (`on`) or is not `v`.
    fn find(&self, cell: usize, v: u8, on: bool) -> Option<u32> {
        self.events
            .iter()
            .position(|e| e.cell as usize == cell && e.v == v && e.on == on)
            .map(|i| i as u32)
    }
}

/// True when the board has an open cell without candidates or a unit missing a symbol
/// with no place for it: nothing can be concluded from branches then.
fn already_broken(b: &Board) -> bool {
    if (0..b.cand.len()).any(|c| b.value[c] == 0 && b.cand[c] == 0) {
        return true;
    }
    (0..b.unit_count()).any(|u| {
        let mut seen = 0u64;
        for &c in b.unit(u) {
            let c = c as usize;
            seen |= b.cand[c];
            if b.value[c] != 0 {
                seen |= bit(b.value[c]);
            }
        }
        seen != b.shape.full_mask()
    })
}

/// Every candidate of every open cell, as branch assumptions: cells with fewer
/// candidates first, so short branches come first.
fn assumptions(b: &Board) -> Vec<(usize, u8)> {
    let mut cells: Vec<usize> = (0..b.cand.len()).filter(|&c| b.value[c] == 0).collect();
    crate::sorting::sort_by_small_key(&mut cells, |&c| b.cand[c].count_ones() as u64);
    cells
        .into_iter()
        .flat_map(|c| bits(b.cand[c]).map(move |v| (c, v)))
        .collect()
}

/// `r1c1=5` or `r1c1≠5`.
fn event_name(e: &Event) -> Words {
    Words::new(if e.on { "event-is" } else { "event-is-not" })
        .with("cell", Arg::Cell(e.cell as usize))
        .with("symbol", Arg::Symbol(e.v))
}

/// A path, `r1c1=5 → r1c4≠5 → r2c4=5`; `⇒` before a candidate struck out by a forcing
/// chain inside a net's branch.
fn path_text(path: &[Event]) -> Words {
    let mut items = Vec::new();
    for (i, e) in path.iter().enumerate() {
        if i > 0 {
            items.push(Words::new(if e.inner { "path-inner" } else { "path-next" }));
        }
        items.push(event_name(e));
    }
    Words::new("path").with("path", Arg::Join("separator-none", items))
}

/// Every path of a step, one after another: `"r1c1=5 → r1c4≠5; r1c1=6 → …"`.
fn paths_text(paths: &[Vec<Event>]) -> Arg {
    Arg::Join(
        "separator-semicolon",
        paths.iter().map(|p| path_text(p)).collect(),
    )
}

/// A path's links: weak from "is" to "is not", strong from "is not" to "is".
fn path_links(path: &[Event]) -> Vec<Link> {
    path.windows(2)
        .map(|w| {
            Link::cells(
                (w[0].cell as usize, w[0].v),
                (w[1].cell as usize, w[1].v),
                !w[0].on && w[1].on,
            )
        })
        .collect()
}

fn broken_text(why: Broken) -> Arg {
    Arg::Words(Box::new(match why {
        Broken::EmptyCell(c) => Words::new("broken-cell").with("cell", Arg::Cell(c)),
        Broken::NoPlace(u, v) => Words::new("broken-unit")
            .with("unit", Arg::Unit(u))
            .with("symbol", Arg::Symbol(v)),
    }))
}

/// A broken branch: its size in events, the candidate assumed, the paths to
/// the contradiction and what broke.
type Contradiction = (usize, (usize, u8), Vec<Vec<Event>>, Broken);

/// The first forcing-chain step: the shortest contradiction, else a cell's, else a
/// unit's common conclusion (placements before eliminations).
pub(super) fn forcing_chain(b: &Board) -> Option<Step> {
    if b.n > FORCING_MAX_SIDE || already_broken(b) {
        return None;
    }
    let assumed = assumptions(b);
    let mut branch = Branch::new(b);
    // The contradiction with the fewest events: (events, assumption, paths, why).
    let mut best: Option<Contradiction> = None;
    let mut states = Vec::with_capacity(assumed.len());
    for &(c, v) in &assumed {
        branch.reset_to_base();
        branch.assume(c, v);
        match branch.broken {
            Some((why, _)) => {
                let paths = branch.contradiction_paths(why);
                let len = paths.iter().map(Vec::len).sum::<usize>();
                if best.as_ref().is_none_or(|(l, ..)| len < *l) {
                    best = Some((len, (c, v), paths, why));
                }
            }
            // Once a branch has broken, no verity is needed.
            None if best.is_none() => states.push(branch.masks()),
            None => {}
        }
    }
    if let Some((_, (c, v), paths, why)) = best {
        return Some(contradiction_step(
            b,
            Technique::ForcingChain,
            (c, v),
            &paths,
            why,
        ));
    }
    // No branch broke: `states[i]` belongs to `assumed[i]`.
    let mut index = vec![usize::MAX; b.cand.len() * b.n];
    for (i, &(c, v)) in assumed.iter().enumerate() {
        index[c * b.n + v as usize - 1] = i;
    }
    let state_of = |c: usize, v: u8| -> &Vec<u64> { &states[index[c * b.n + v as usize - 1]] };
    let mut groups: Vec<(Group, Vec<(usize, u8)>)> = Vec::new();
    for c in (0..b.cand.len()).filter(|&c| b.value[c] == 0) {
        groups.push((Group::Cell(c), bits(b.cand[c]).map(|v| (c, v)).collect()));
    }
    for u in 0..b.unit_count() {
        for v in 1..=b.n as u8 {
            let places: Vec<(usize, u8)> = b.places(u, v).map(|c| (c, v)).collect();
            if places.len() >= 2 {
                groups.push((Group::Unit(u, v), places));
            }
        }
    }
    let mut first_elimination = None;
    for (group, members) in &groups {
        let mut union = vec![0u64; b.cand.len()];
        for &(c, v) in members {
            for (m, s) in union.iter_mut().zip(state_of(c, v)) {
                *m |= s;
            }
        }
        let open = |d: usize| b.value[d] == 0 && !members.iter().any(|&(c, _)| c == d);
        if let Some(d) = (0..b.cand.len()).find(|&d| open(d) && union[d].count_ones() == 1) {
            let w = union[d].trailing_zeros() as u8 + 1;
            return Some(verity_step(b, group, members, (d, w), true));
        }
        if first_elimination.is_none()
            && let Some(d) = (0..b.cand.len()).find(|&d| open(d) && b.cand[d] & !union[d] != 0)
        {
            let w = (b.cand[d] & !union[d]).trailing_zeros() as u8 + 1;
            first_elimination = Some((*group, members.clone(), (d, w)));
        }
    }
    let (group, members, target) = first_elimination?;
    Some(verity_step(b, &group, &members, target, false))
}

/// The branches a verity compares: a cell's candidates or a unit's places of a symbol.
#[derive(Clone, Copy, Debug)]
enum Group {
    Cell(usize),
    Unit(usize, u8),
}

/// Every cell of the paths, each once, in order of appearance.
fn cells_of(paths: &[Vec<Event>]) -> Vec<usize> {
    let mut cells = Vec::new();
    for e in paths.iter().flatten() {
        if !cells.contains(&(e.cell as usize)) {
            cells.push(e.cell as usize);
        }
    }
    cells
}

/// The step of a verity: every branch of `group` concludes that `target` is (`on`) or is
/// not its symbol.
fn verity_step(
    b: &Board,
    group: &Group,
    members: &[(usize, u8)],
    target: (usize, u8),
    on: bool,
) -> Step {
    let mut branch = Branch::new(b);
    let mut paths = Vec::new();
    for &(c, v) in members {
        branch.reset_to_base();
        branch.assume(c, v);
        let e = branch
            .find(target.0, target.1, on)
            .expect("every branch reaches the conclusion");
        paths.push(branch.path(e));
    }
    let (placements, eliminations) = if on {
        (vec![target], vec![])
    } else {
        (vec![], vec![target])
    };
    let conclusion = if on {
        Arg::Words(Box::new(
            Words::new("cell-is")
                .with("cell", Arg::Cell(target.0))
                .with("symbol", Arg::Symbol(target.1)),
        ))
    } else {
        Arg::Removal(eliminations.clone())
    };
    let (premise, focus, units) = match *group {
        Group::Cell(c) => (
            Words::new("premise-cell")
                .with("cell", Arg::Cell(c))
                .with("candidates", Arg::SymbolChoice(b.cand[c])),
            Words::new("focus-cell-forcing").with("cell", Arg::Cell(c)),
            Vec::new(),
        ),
        Group::Unit(u, v) => (
            Words::new("premise-unit")
                .with("symbol", Arg::Symbol(v))
                .with("unit", Arg::Unit(u))
                .with(
                    "cells",
                    Arg::CellChoice(members.iter().map(|&(c, _)| c).collect()),
                ),
            Words::new("focus-unit-forcing")
                .with("unit", Arg::Unit(u))
                .with("symbol", Arg::Symbol(v)),
            vec![u],
        ),
    };
    let text = Words::new("forcing-chain")
        .with("premise", Arg::Words(Box::new(premise)))
        .with("paths", paths_text(&paths))
        .with("conclusion", conclusion);
    Step {
        shape: b.shape,
        technique: Technique::ForcingChain,
        focus: Some(focus),
        units,
        links: paths.iter().flat_map(|p| path_links(p)).collect(),
        cells: cells_of(&paths),
        placements,
        eliminations,
        words: text,
    }
}

/// The step of a contradiction: assuming `(c, v)` broke the branch, as `paths` show.
fn contradiction_step(
    b: &Board,
    technique: Technique,
    (c, v): (usize, u8),
    paths: &[Vec<Event>],
    why: Broken,
) -> Step {
    let eliminations = vec![(c, v)];
    let net = technique == Technique::ForcingNet;
    let mut text = Words::new("contradiction")
        .with("technique", Arg::Technique(technique))
        .with("cell", Arg::Cell(c))
        .with("symbol", Arg::Symbol(v))
        .with("paths", paths_text(paths));
    if net {
        text = text.with("net", Arg::Words(Box::new(Words::new("net-note"))));
    }
    let text = text
        .with("broken", broken_text(why))
        .with("removal", Arg::Removal(eliminations.clone()));
    Step {
        shape: b.shape,
        technique,
        focus: Some(
            Words::new("focus-what-if")
                .with("cell", Arg::Cell(c))
                .with("symbol", Arg::Symbol(v))
                .with("phrase", Arg::PhraseStart(technique)),
        ),
        units: Vec::new(),
        links: paths.iter().flat_map(|p| path_links(p)).collect(),
        cells: cells_of(paths),
        placements: vec![],
        eliminations,
        words: text,
    }
}

/// The first forcing-net step: a candidate whose branch, with forcing chains inside it,
/// breaks.
pub(super) fn forcing_net(b: &Board) -> Option<Step> {
    if b.n > FORCING_MAX_SIDE || already_broken(b) {
        return None;
    }
    let assumed = assumptions(b);
    let mut outer = Branch::new(b);
    let mut inner = Branch::new(b);
    for &(c, v) in &assumed {
        outer.reset_to_base();
        outer.assume(c, v);
        deepen(&mut outer, &mut inner);
        if let Some((why, _)) = outer.broken {
            let paths = outer.contradiction_paths(why);
            return Some(contradiction_step(
                b,
                Technique::ForcingNet,
                (c, v),
                &paths,
                why,
            ));
        }
    }
    None
}

/// Takes a branch further: strikes out each candidate whose own branch from here breaks,
/// follows the singles that forces, and repeats until nothing changes or it breaks.
fn deepen(outer: &mut Branch, inner: &mut Branch) {
    loop {
        if outer.broken.is_some() {
            return;
        }
        let cand = outer.cand.clone();
        let value = outer.value.clone();
        inner.rebase(&cand, &value);
        let mut struck = false;
        for c in 0..cand.len() {
            if value[c] != 0 || outer.value[c] != 0 {
                continue;
            }
            for v in bits(cand[c] & outer.cand[c]) {
                inner.reset_to_base();
                inner.assume(c, v);
                if inner.broken.is_some() {
                    let from = outer.events.len();
                    outer.strike(c, v);
                    outer.run(from);
                    struck = true;
                    if outer.broken.is_some() {
                        return;
                    }
                }
            }
        }
        if !struck {
            return;
        }
    }
}
