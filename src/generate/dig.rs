//! Digging one candidate: the propagation pass that removes clues the givens still force,
//! the exact pass that proves each removal keeps one solution (the band pass at 9×9, the
//! depth-first or conflict-driven search above), the minimal sequence and the finish.

use super::*;
use crate::search::BITBOARD_NODES;

/// One candidate: fill, propagation pass, exact pass (at 9×9, the band pass), finish.
/// `None` when the deadline dropped it. `scale` multiplies the exact pass's allowance
/// ([`exact_allowance`]); `None` lifts it. `plain_order`: the propagation pass removes
/// clues in a plain random order rather than the concentrated one, as a search for Hard
/// and above does from 25×25 up ([`Target::for_level`]).
pub(super) fn dig(
    options: &Options,
    target: Target,
    share: &mut Share<'_>,
    deadline: Option<(f64, Late)>,
    scale: Option<u64>,
    digging: Digging,
) -> Result<Option<Generated>, Error> {
    let ticker = Ticker {
        share: RefCell::new(share),
        stage: Cell::new(Stage::Fill),
        done: Cell::new(0.0),
        deadline,
        halt: Cell::new(None),
    };
    let Some(mut digger) = Digger::fill(options, target, &ticker)? else {
        return Ok(None);
    };
    digger.allowance_scale = scale;
    digger.plain_order = digging.plain_order;
    if digging.singles_only && !band::supports(digger.shape) {
        // Only what naked and hidden singles find again goes: the puzzle is Easy, and
        // unique, by construction. The exact pass could only make it harder.
        digger.solver.set_rules(Rules {
            hidden_singles: true,
            locked_candidates: false,
        });
        digger.propagator = None;
        if !ticker.is_late() {
            digger.propagation_pass()?;
        }
    } else if band::supports(digger.shape) {
        if !ticker.is_late() {
            digger.band_pass()?;
        }
    } else {
        if !ticker.is_late() {
            digger.propagation_pass()?;
        }
        if !ticker.is_late() {
            digger.exact_pass()?;
        }
    }
    if ticker.is_late() && deadline.is_some_and(|(_, late)| late == Late::Drop) {
        return Ok(None);
    }
    Ok(Some(digger.finish()))
}

/// How a level search digs its candidates.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Digging {
    /// Orbits in a plain random order rather than the concentrated one.
    pub(super) plain_order: bool,
    /// Removals proved by naked and hidden singles alone, and no exact pass: for Easy,
    /// off the 9×9 band solver's grids. A minimal puzzle is seldom Easy (a 9×9 X took
    /// 19 candidates for one, a 16×16 X mostly none in 10 s), while every puzzle dug
    /// this way is, at the first candidate.
    pub(super) singles_only: bool,
}

/// A candidate being dug: its full grid, the puzzle so far, and the orbits left to try.
pub(super) struct Digger<'t, 's, 'a> {
    options: &'t Options,
    /// The shape dug: the options' own, or the jigsaw drawn for them.
    shape: Shape,
    target: Target,
    ticker: &'t Ticker<'s, 'a>,
    solver: Solver<'t>,
    rng: Xoshiro256PlusPlus,
    solution: Grid,
    puzzle: Grid,
    /// Empty cells the target asks for (every cell for `Minimal`).
    wanted_empty: usize,
    /// Empty cells reached.
    empty: usize,
    /// The orbits, in the order the propagation pass tried them.
    orbits: Vec<Vec<usize>>,
    /// Indices into `orbits` of the clues whose removal is still undecided: propagation
    /// could not prove it, and no exact check has decided it yet.
    pending: Vec<usize>,
    /// Orbits from this index on were never tried (the target was reached first, or the
    /// deadline came).
    untried_from: usize,
    /// Full-grid restarts.
    restarts: u32,
    /// Exact searches run (removal checks).
    exact_checks: u32,
    masks: Vec<u64>,
    /// The bitboard solver's tables with pointing and claiming, which the propagation
    /// pass's proofs need to be the depth-first search's, on a layout it handles
    /// ([`bitboard::supports`]; `None` elsewhere, or when only singles may prove a
    /// removal). The removal checks use them too, where the layout has pointing anyway.
    propagator: Option<bitboard::Tables>,
    /// The removal checks' own tables, where the layout leaves pointing out
    /// ([`bitboard::pointing_pays`]); the checks come first, the depth-first search after.
    bitboard: Option<bitboard::Tables>,
    /// What the exact pass's allowance is multiplied by; `None`: no allowance.
    allowance_scale: Option<u64>,
    /// The propagation pass removes clues in a plain random order.
    plain_order: bool,
}

/// The share of a candidate's progress its fill takes.
pub(super) const FILL_SHARE: f64 = 0.1;

/// A candidate's share done at the end of its propagation pass.
pub(super) const PROPAGATION_END: f64 = 0.55;

impl<'t, 's, 'a> Digger<'t, 's, 'a> {
    /// Phase 1: a random full grid, and every orbit still a clue. `None` when the
    /// deadline dropped the candidate first.
    fn fill(
        options: &'t Options,
        target: Target,
        ticker: &'t Ticker<'s, 'a>,
    ) -> Result<Option<Self>, Error> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
        // New regions are drawn around a full grid of the first layout
        // ([`first_layout`]): trades of cells with the same symbol keep it valid.
        let first = if options.new_regions {
            first_layout(options.shape)?
        } else {
            options.shape
        };
        let mut solver = Solver::new(first);
        solver.set_go_on(Some(Box::new(|_| ticker.tick())));
        let filled = match automorphic_full_grid(&mut solver, options.symmetry, &mut rng, ticker)? {
            Some((grid, tries)) => Fill::Full(grid, tries),
            None if ticker.is_late() => Fill::Late,
            None => random_full_grid(&mut solver, &mut rng, ticker)?,
        };
        let (mut solution, restarts) = match filled {
            Fill::Full(grid, restarts) => (grid, restarts),
            Fill::Late => return Ok(None),
            Fill::NoGrid => return Err(no_grid(first)),
        };
        let shape = if options.new_regions {
            let jigsaw = crate::jigsaw::reshape_around(&solution, &mut rng);
            solution = solution.with_shape(jigsaw)?;
            debug_assert!(solution.is_solved());
            solver = Solver::new(jigsaw);
            solver.set_go_on(Some(Box::new(|_| ticker.tick())));
            jigsaw
        } else {
            first
        };
        let cells = shape.cell_count();
        let wanted_empty = match target {
            Target::Minimal => cells,
            Target::Empty(f) => ((f * cells as f64).ceil() as usize).min(cells),
        };
        ticker.at(Stage::Propagation, FILL_SHARE);
        ticker.check_cancel()?;
        Ok(Some(Digger {
            options,
            shape,
            target,
            ticker,
            solver,
            rng,
            puzzle: solution.clone(),
            solution,
            wanted_empty,
            empty: 0,
            orbits: options.symmetry.orbits(shape),
            pending: Vec::new(),
            untried_from: 0,
            restarts,
            exact_checks: 0,
            masks: vec![0; cells],
            propagator: (bitboard::supports(shape) && !shape.is_classic())
                .then(|| bitboard::Tables::with_pointing(shape, true)),
            bitboard: (bitboard::supports(shape)
                && !shape.is_classic()
                && !bitboard::pointing_pays(shape))
            .then(|| bitboard::Tables::with_pointing(shape, false)),
            allowance_scale: Some(1),
            plain_order: false,
        }))
    }

    /// Phase 2: batches proved by propagation alone, in random orders. Propagation alone
    /// reaches a fraction target most of the time; a pass that falls short is tried again
    /// in a new order (more often on large grids, where each exact check is dearer), and
    /// the best is kept.
    fn propagation_pass(&mut self) -> Result<(), Error> {
        let shape = self.shape;
        let attempts = match self.target {
            Target::Minimal => 1,
            Target::Empty(_) if shape.size() <= 25 => 3,
            Target::Empty(_) => PROPAGATION_ATTEMPTS,
        };
        // Up to 25×25 a fraction target is tried first in a plain random order, which
        // leaves the clues spread evenly; the concentrated orders, which dig further but
        // leave the last clues in a cluster, follow only when it falls short. (At 25×25
        // both reach the default 57%, but the concentrated order left bands of 27 to 87
        // givens of 125 in classic puzzles and whole bands of givens in windoku; the plain
        // one 46 to 61. Larger sides keep the concentrated order alone: the plain pass
        // falls short there and took 2-3 times as long as the rest, 64×64 0.8-1.0 s →
        // 2.5-2.9 s. Windoku takes the plain order at every side: from 36×36 up its built
        // grids reach the target in it, in 22 ms at 36×36 and 0.22 s at 64×64, where the
        // concentrated order took 0.1 and 1.6 s and left stacks of 186 to 216 givens of
        // 216 at 36×36, against 84 to 114 in the plain order.)
        let plain_first = matches!(self.target, Target::Empty(_))
            && !self.plain_order
            && (shape.size() <= 25 || shape.has_windows());
        let attempts = attempts + usize::from(plain_first);
        let span = PROPAGATION_END - FILL_SHARE;
        let wanted = self.wanted_empty;
        let mut best: Option<Dug> = None;
        for attempt in 0..attempts {
            let order = if self.plain_order || (plain_first && attempt == 0) {
                permutation(self.orbits.len(), &mut self.rng)
            } else {
                concentrated_order(&self.orbits, &self.solution, &mut self.rng)
            };
            let orbits: Vec<Vec<usize>> =
                order.into_iter().map(|i| self.orbits[i].clone()).collect();
            let mut puzzle = self.solution.clone();
            let mut empty = 0usize;
            let mut batch = (orbits.len() / 16).max(1);
            let mut kept: Vec<usize> = Vec::new();
            let mut i = 0usize;
            // The end of the last batch that failed, while some of it is still untried:
            // removing the orbits from `i` up to it is known to fail (it failed with more
            // clues), so the next batch stops short of it, and when one orbit is left of
            // it, that orbit stays without a test.
            let mut fails_at: Option<usize> = None;
            // The cells of the batch under test.
            let mut cleared: Vec<usize> = Vec::new();
            while i < orbits.len() && empty < wanted {
                if fails_at == Some(i + 1) {
                    kept.push(i);
                    i += 1;
                    fails_at = None;
                    continue;
                }
                let done = match self.target {
                    Target::Minimal => i as f64 / orbits.len() as f64,
                    Target::Empty(_) => {
                        (attempt as f64 + empty as f64 / wanted as f64) / attempts as f64
                    }
                };
                if !self.ticker.at(Stage::Propagation, FILL_SHARE + span * done) {
                    break;
                }
                // As many orbits as the batch allows, without digging past the target by
                // more than one orbit.
                let mut take = 0;
                let mut taken_cells = 0;
                let end = fails_at.map_or(orbits.len(), |f| f - 1);
                while i + take < end && take < batch && empty + taken_cells < wanted {
                    taken_cells += orbits[i + take].len();
                    take += 1;
                }
                set_orbits(&mut puzzle, &orbits[i..i + take], None);
                cleared.clear();
                cleared.extend(orbits[i..i + take].iter().flatten());
                let proved = match &self.propagator {
                    Some(tables) => tables.propagation_fills(&puzzle, &cleared),
                    None => {
                        self.solver.load(&puzzle);
                        self.solver.propagate_fills(&cleared)
                    }
                };
                self.ticker.check_cancel()?;
                if proved {
                    empty += taken_cells;
                    i += take;
                    batch = (batch * 2).min(orbits.len());
                } else {
                    set_orbits(&mut puzzle, &orbits[i..i + take], Some(&self.solution));
                    if take > 1 {
                        batch = take / 2;
                        fails_at = Some(i + take);
                    } else {
                        kept.push(i);
                        i += 1;
                        fails_at = None;
                    }
                }
            }
            self.ticker.check_cancel()?;
            if best.as_ref().is_none_or(|b| empty > b.empty) {
                best = Some(Dug {
                    puzzle,
                    orbits,
                    empty,
                    kept,
                    tried: i,
                });
            }
            if empty >= wanted || self.ticker.is_late() {
                break;
            }
        }
        let dug = best.expect("at least one attempt ran");
        self.puzzle = dug.puzzle;
        self.orbits = dug.orbits;
        self.empty = dug.empty;
        self.pending = dug.kept;
        self.untried_from = dug.tried;
        Ok(())
    }

    /// Phases 2 and 3 at 9×9: every orbit once, in a random order, each decided at once:
    /// kept when the givens alone no longer force its cells ([`forced_by_givens`]) and the
    /// band solver finds a solution that differs in one of them. The checks start from
    /// [`band::Givens`]: those kept so far, joined with those of the orbits not tried yet.
    fn band_pass(&mut self) -> Result<(), Error> {
        let mut orbits: Vec<Option<Vec<usize>>> = std::mem::take(&mut self.orbits)
            .into_iter()
            .map(Some)
            .collect();
        let order = permutation(orbits.len(), &mut self.rng);
        self.orbits = order
            .into_iter()
            .map(|i| orbits[i].take().expect("a permutation"))
            .collect();
        // untried[i]: the givens of the orbits after the i-th.
        let mut untried = vec![band::Givens::new(); self.orbits.len()];
        for i in (1..self.orbits.len()).rev() {
            untried[i - 1] = untried[i];
            for &c in &self.orbits[i] {
                untried[i - 1].place(c, self.solution.get(c));
            }
        }
        let mut kept = band::Givens::new();
        let total = self.orbits.len();
        for i in 0..total {
            if self.empty >= self.wanted_empty
                || !self.ticker.at(
                    Stage::Exact,
                    FILL_SHARE + (1.0 - FILL_SHARE) * i as f64 / total as f64,
                )
            {
                self.untried_from = i;
                return self.ticker.check_cancel();
            }
            let orbit = &self.orbits[i];
            set_orbits(&mut self.puzzle, std::slice::from_ref(orbit), None);
            let forced = orbit
                .iter()
                .all(|&c| forced_by_givens(&self.puzzle, c, self.solution.get(c)));
            let other = !forced && {
                let givens = kept.union(&untried[i]);
                orbit.iter().any(|&c| {
                    self.exact_checks += 1;
                    givens.solvable_without(c, self.solution.get(c))
                })
            };
            if other {
                set_orbits(
                    &mut self.puzzle,
                    std::slice::from_ref(orbit),
                    Some(&self.solution),
                );
                for &c in orbit {
                    kept.place(c, self.solution.get(c));
                }
            } else {
                self.empty += orbit.len();
            }
        }
        self.untried_from = total;
        self.ticker.check_cancel()
    }

    /// Phase 3: one orbit at a time, by exact search for a solution that differs from
    /// ours in one of its cells, from 25×25 up the likeliest removals first
    /// ([`Digger::order_by_promise`]). Rounds of depth-first checks with growing node
    /// limits come first, so the cheap decisions come first (the search tries our solution's
    /// symbols first, then, for a check that stalls, a random order: searches for a
    /// second solution have heavy tails). What they leave goes to the conflict-driven
    /// search, with a contradiction limit per check ([`cdcl_check_limit`]) and an
    /// allowance for the whole pass ([`exact_allowance`]).
    fn exact_pass(&mut self) -> Result<(), Error> {
        let shape = self.shape;
        let start_share = PROPAGATION_END;
        let total = self.pending.len().max(1);
        let mut decided = 0usize;
        let mut rounds: Vec<Round> = check_rounds(shape, self.target)
            .into_iter()
            .map(|(limit, logic)| Round::DepthFirst { limit, logic })
            .collect();
        // The last candidate of a minimal sequence has no allowance, and no limit per
        // check either: its puzzle is proved minimal, however long that takes.
        let last_of_sequence =
            self.allowance_scale.is_none() && minimal_sequence(shape, self.target);
        rounds.push(Round::ConflictDriven {
            limit: if last_of_sequence {
                u64::MAX
            } else {
                cdcl_check_limit(shape, self.target)
            },
        });
        let (base, credit) = exact_allowance(shape, self.target);
        let (mut allowance, credit) = match self.allowance_scale {
            Some(k) => (base.saturating_mul(k), credit.saturating_mul(k)),
            None => (u64::MAX, 0),
        };
        // From 25×25 up, past the propagation pass, the orbits most likely to go come first
        // (see `order_by_promise`), once: every round keeps the order of the one before.
        if shape.size() >= 25
            && self.empty < self.wanted_empty
            && self.ticker.at(Stage::Exact, start_share)
        {
            let mut pending = std::mem::take(&mut self.pending);
            self.order_by_promise(&mut pending)?;
            self.pending = pending;
        }
        let mut cdcl: Option<Cdcl> = None;
        self.solver.set_preferred(Some(&self.solution));
        for round in rounds {
            if self.pending.is_empty() || self.empty >= self.wanted_empty || self.ticker.is_late() {
                break;
            }
            let pending = std::mem::take(&mut self.pending);
            let mut at = 0;
            while at < pending.len() {
                let o = pending[at];
                let done = start_share + (1.0 - start_share) * decided as f64 / total as f64;
                let stop = self.empty >= self.wanted_empty
                    || allowance == 0 && matches!(round, Round::ConflictDriven { .. })
                    || !self.ticker.at(Stage::Exact, done);
                self.ticker.check_cancel()?;
                if stop {
                    self.pending.extend_from_slice(&pending[at..]);
                    break;
                }
                let orbit = self.orbits[o].clone();
                set_orbits(&mut self.puzzle, std::slice::from_ref(&orbit), None);
                let verdict = match round {
                    Round::DepthFirst { limit, logic } => {
                        self.depth_first_check(&orbit, limit, logic)
                    }
                    Round::ConflictDriven { limit } => {
                        let cdcl = cdcl.get_or_insert_with(|| Cdcl::new(shape));
                        let ticker = self.ticker;
                        allowance = allowance.saturating_add(credit * orbit.len() as u64);
                        let limit = limit.min(allowance);
                        let (verdict, spent) = cdcl_removal_check(
                            cdcl,
                            &self.puzzle,
                            &self.solution,
                            &orbit,
                            &mut self.masks,
                            &mut self.exact_checks,
                            limit,
                            &mut || ticker.tick(),
                        );
                        allowance = allowance.saturating_sub(spent + CHECK_CHARGE);
                        verdict
                    }
                };
                self.ticker.check_cancel()?;
                at += 1;
                if verdict == Next::Exhausted {
                    self.empty += orbit.len();
                    decided += 1;
                    continue;
                }
                let orbit = std::slice::from_ref(&orbit);
                set_orbits(&mut self.puzzle, orbit, Some(&self.solution));
                if verdict == Next::Solution {
                    decided += 1;
                    continue;
                }
                self.pending.push(o);
                if self.ticker.is_late() {
                    self.pending.extend_from_slice(&pending[at..]);
                    break;
                }
            }
        }
        Ok(())
    }

    /// Puts the pending orbits most likely to go first: those whose removal leaves the
    /// fewest open cells after propagation from the givens. From 25×25 up a clue that can
    /// go costs about 1,000 contradictions to prove, while one that must stay costs up to
    /// the check's limit: at 25×25 (no allowance) a fraction target past propagation is
    /// then reached in a few checks instead of many, and from 36×36 up the few dozen
    /// checks the allowance pays for remove more. On one 36×36 at 54.4% empty (591 clues,
    /// 65 of which can each go alone), 36 of the first 50 in this order can each go alone.
    ///
    /// Only the first orbits of `pending` are looked at (one propagation each), no more
    /// than [`PROMISE_CELLS`] cells' worth of propagation in all; the rest keep their
    /// place after them. Ties keep their order, so the same seed gives the same puzzle.
    /// Past the deadline, the order is left as it is.
    fn order_by_promise(&mut self, pending: &mut [usize]) -> Result<(), Error> {
        let cells = self.shape.cell_count();
        let looked_at = pending.len().min((PROMISE_CELLS / cells).max(1));
        let pending = &mut pending[..looked_at];
        let mut keyed = Vec::with_capacity(pending.len());
        for &o in pending.iter() {
            self.ticker.check_cancel()?;
            if self.ticker.is_late() {
                return Ok(());
            }
            let orbit = std::slice::from_ref(&self.orbits[o]);
            set_orbits(&mut self.puzzle, orbit, None);
            self.solver.load(&self.puzzle);
            // Removing givens cannot make propagation fail; if it stops (the deadline,
            // through the go-on callback), the orbit goes last.
            let open = if self.solver.propagate_only() {
                self.solver
                    .candidates()
                    .iter()
                    .filter(|m| m.count_ones() > 1)
                    .count()
            } else {
                usize::MAX
            };
            set_orbits(&mut self.puzzle, orbit, Some(&self.solution));
            keyed.push((open, o));
        }
        crate::sorting::sort_by_small_key(&mut keyed, |&(open, _)| (open as u64).min(0xffff_ffff));
        for (slot, (_, o)) in pending.iter_mut().zip(keyed) {
            *slot = o;
        }
        Ok(())
    }

    /// One depth-first removal check of an orbit already cleared from the puzzle, retried
    /// in a random order when it stalls; on a layout the bitboard solver handles, it
    /// decides first (9×9 X minimal puzzles 0.9 → 0.4 ms, Diabolical X searches 381 →
    /// 242 ms median, `sudoku64 bench generate`), and the depth-first search takes only
    /// what it stops on. (The propagation pass's proofs go to the bitboard solver too,
    /// with pointing and claiming as the depth-first rules have them: the same puzzles,
    /// minimal X in 0.3 ms instead of 0.4.)
    fn depth_first_check(&mut self, orbit: &[usize], limit: u64, logic: bool) -> Next {
        if let Some(tables) = self.bitboard.as_ref().or(self.propagator.as_ref())
            && let Some(verdict) = bitboard_removal_check(
                tables,
                &self.puzzle,
                &self.solution,
                orbit,
                &mut self.exact_checks,
            )
        {
            return verdict;
        }
        self.solver.set_node_limit(limit);
        let check = |this: &mut Self| {
            exact_removal_check(
                &mut this.solver,
                &this.puzzle,
                &this.solution,
                orbit,
                &mut this.masks,
                &mut this.exact_checks,
                logic,
            )
        };
        let mut verdict = check(self);
        if verdict == Next::Stopped && self.ticker.halt.get().is_none() {
            // Searches for a second solution have heavy tails: one that ran long in the
            // solution's own order often ends at once in a random order. (A proof that
            // none exists costs the same in any order.)
            self.solver.set_preferred(None);
            self.solver.set_random_order(Some(self.rng.random::<u64>()));
            verdict = check(self);
            self.solver.set_random_order(None);
            self.solver.set_preferred(Some(&self.solution));
        }
        verdict
    }

    /// Phase 4: the puzzle and what was proved about it.
    fn finish(self) -> Generated {
        let undecided = self
            .pending
            .iter()
            .map(|&o| self.orbits[o].len())
            .chain(self.orbits[self.untried_from..].iter().map(Vec::len))
            .sum::<usize>();
        let budget_ran_out = self.ticker.is_late();
        let minimal = undecided == 0 && !budget_ran_out;
        let target_reached = match self.target {
            Target::Minimal => minimal,
            Target::Empty(_) => self.empty >= self.wanted_empty,
        };
        Generated {
            empty_fraction: self.empty as f64 / self.shape.cell_count() as f64,
            puzzle: self.puzzle,
            solution: self.solution,
            seed: self.options.seed,
            symmetry: self.options.symmetry,
            target: self.target,
            target_reached,
            minimal,
            budget_ran_out,
            candidates: 1,
            restarts: self.restarts,
            exact_checks: self.exact_checks,
            undecided: undecided as u32,
            difficulty: None,
        }
    }
}

/// One round of the exact pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Round {
    /// The depth-first solver, stopped after `limit` nodes; with `logic`, the logic
    /// solver's techniques shrink the candidates first.
    DepthFirst { limit: u64, logic: bool },
    /// The conflict-driven search ([`crate::search::cdcl`]), stopped after `limit`
    /// contradictions per cell.
    ConflictDriven { limit: u64 },
}

/// Where one attempt of the propagation pass got to.
pub(super) struct Dug {
    puzzle: Grid,
    /// The orbits in the order this attempt tried them.
    orbits: Vec<Vec<usize>>,
    /// Empty cells reached.
    empty: usize,
    /// Indices (into `orbits`) of the orbits propagation could not remove.
    kept: Vec<usize>,
    /// How many orbits the attempt went through.
    tried: usize,
}

/// Decides whether the orbit's cells, already cleared from `puzzle`, can stay empty:
/// `Exhausted` when no solution differs from `solution` in one of them (removal proved
/// safe), `Solution` when one does, `Stopped` when the node limit ran out first.
///
/// With `logic_first`, the logic solver's techniques first shrink the candidates
/// ([`crate::logic::reduced_masks`]): dearer per check, but a proof that took tens of
/// thousands of nodes then takes a few.
pub(super) fn exact_removal_check(
    solver: &mut Solver<'_>,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    masks: &mut Vec<u64>,
    checks: &mut u32,
    logic_first: bool,
) -> Next {
    let shape = puzzle.shape();
    for &c in orbit {
        removal_masks(masks, puzzle, solution, c);
        if logic_first {
            *masks = crate::logic::reduced_masks(shape, masks);
        }
        solver.load_masks(masks);
        // Split the search by this cell's own symbols first: most of them fail at once.
        solver.set_first_cell(Some(c));
        *checks += 1;
        let found = solver.next_solution();
        solver.set_first_cell(None);
        if found != Next::Exhausted {
            return found;
        }
    }
    Next::Exhausted
}

/// [`exact_removal_check`] by the bitboard solver, each cell's check within
/// [`BITBOARD_NODES`] branches: `None` when one stopped first (then the depth-first search
/// decides, from the start).
fn bitboard_removal_check(
    tables: &bitboard::Tables,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    checks: &mut u32,
) -> Option<Next> {
    for &c in orbit {
        *checks += 1;
        if tables.solvable_without(puzzle, c, solution.get(c), BITBOARD_NODES)? {
            return Some(Next::Solution);
        }
    }
    Some(Next::Exhausted)
}

/// [`exact_removal_check`] by the conflict-driven search: `Stopped` after `limit`
/// contradictions per cell, or when `go_on` (asked every few milliseconds) says no. Also
/// returns the contradictions spent.
///
/// A two-symbol swap of the solution whose cells are all empty now ([`second_by_swap`])
/// is a second solution found without a search: it settles a few checks in ten that
/// would cost the search thousands of contradictions each.
#[allow(clippy::too_many_arguments)]
pub(super) fn cdcl_removal_check(
    cdcl: &mut Cdcl,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    masks: &mut [u64],
    checks: &mut u32,
    limit: u64,
    go_on: &mut dyn FnMut() -> bool,
) -> (Next, u64) {
    let mut spent = 0;
    if second_by_swap(&masks_of(puzzle), solution).is_some() {
        *checks += 1;
        return (Next::Solution, 0);
    }
    for &c in orbit {
        removal_masks(masks, puzzle, solution, c);
        *checks += 1;
        cdcl.load(masks);
        let budget = Budget {
            conflicts: limit,
            work: u64::MAX,
        };
        let found = cdcl.solve(budget, &mut |_| go_on());
        spent += cdcl.conflicts();
        if found != Next::Exhausted {
            return (found, spent);
        }
    }
    (Next::Exhausted, spent)
}

/// The question of one removal check as candidate masks: the puzzle's givens, every
/// symbol in its empty cells, and every symbol but the solution's in cell `c`.
pub(super) fn removal_masks(masks: &mut [u64], puzzle: &Grid, solution: &Grid, c: usize) {
    let full = puzzle.shape().full_mask();
    for (m, &v) in masks.iter_mut().zip(puzzle.cells()) {
        *m = if v == 0 { full } else { 1u64 << (v - 1) };
    }
    masks[c] = full & !(1u64 << (solution.get(c) - 1));
}

/// True when the givens alone force `symbol` into the empty `cell`: its peers hold every
/// other symbol (a naked single), or in one of its units every other empty cell sees a
/// given `symbol` (a hidden single). A removal whose cells are all forced so keeps the
/// puzzle unique, with no search: most removals from a nearly full grid are.
pub(super) fn forced_by_givens(puzzle: &Grid, cell: usize, symbol: u8) -> bool {
    let geo = puzzle.shape().geometry();
    let cells = puzzle.cells();
    let bit = 1u64 << (symbol - 1);
    let seen = geo
        .peers(cell)
        .iter()
        .fold(0u64, |m, &p| match cells[p as usize] {
            0 => m,
            v => m | 1u64 << (v - 1),
        });
    if seen | bit == puzzle.shape().full_mask() {
        return true;
    }
    let sees_symbol = |d: usize| geo.peers(d).iter().any(|&p| cells[p as usize] == symbol);
    geo.units_of(cell).iter().any(|&u| {
        geo.unit(u as usize)
            .iter()
            .map(|&d| d as usize)
            .all(|d| d == cell || cells[d] != 0 || sees_symbol(d))
    })
}

/// How many orbits [`concentrated_order`] draws to choose each next one from.
pub(super) const CONCENTRATION_SAMPLE: usize = 64;

/// The propagation pass's removal order: a random one that concentrates. Each next orbit
/// is, of [`CONCENTRATION_SAMPLE`] drawn at random from those left, the one whose cells
/// share the most units (rows, columns, boxes or regions, and any diagonals and windows)
/// and symbols with the orbits ordered before it
/// (each shared unit or symbol counting once per orbit before it there). So the order
/// takes the clues out unit by unit and symbol by symbol rather than evenly, and the
/// pass, which keeps a clue only when propagation cannot do without it, ends much
/// sparser: without symmetry 56–58% empty at 36×36 against 53–55% in a plain random
/// order, 53–54% against 49–50% at 49×49, 50–51% against 46–47% at 64×64 (see
/// bench/HISTORY.md). Spreading the removals evenly instead (the least shared first) gains
/// nothing over a plain random order, and nor do random priorities per unit.
pub(super) fn concentrated_order(
    orbits: &[Vec<usize>],
    solution: &Grid,
    rng: &mut impl Rng,
) -> Vec<usize> {
    let geo = solution.shape().geometry();
    let n = solution.size();
    // Orbits ordered so far per unit (by unit number), then per symbol.
    let units = geo.unit_count();
    let mut shared = vec![0u32; units + n];
    let keys = |c: usize| {
        let symbol = units + solution.get(c) as usize - 1;
        geo.units_of(c)
            .iter()
            .map(|&u| usize::from(u))
            .chain(std::iter::once(symbol))
    };
    let mut left: Vec<usize> = (0..orbits.len()).collect();
    let mut order = Vec::with_capacity(orbits.len());
    while !left.is_empty() {
        let mut best = (0u32, 0usize);
        for draw in 0..CONCENTRATION_SAMPLE.min(left.len()) {
            let j = rng.random_range(0..left.len() as u32) as usize;
            let score: u32 = orbits[left[j]]
                .iter()
                .flat_map(|&c| keys(c))
                .map(|k| shared[k])
                .sum();
            if draw == 0 || score > best.0 {
                best = (score, j);
            }
        }
        let o = left.swap_remove(best.1);
        for &c in &orbits[o] {
            for k in keys(c) {
                shared[k] += 1;
            }
        }
        order.push(o);
    }
    order
}

/// Clears the cells of these orbits (`None`) or restores them from the solution.
pub(super) fn set_orbits(puzzle: &mut Grid, orbits: &[Vec<usize>], solution: Option<&Grid>) {
    for &c in orbits.iter().flatten() {
        puzzle.set(c, solution.map_or(0, |s| s.get(c)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact pass's order: every pending orbit, the puzzle left as it was, sorted by
    /// the open cells its removal leaves after propagation (fewest first, ties in their
    /// order before), counted here by a solver of its own.
    #[test]
    fn the_likeliest_removals_are_checked_first() {
        for (seed, symmetry) in [(3, Symmetry::None), (4, Symmetry::Rot180)] {
            let shape = Shape::from_size(25).unwrap();
            let target = Target::Empty(0.9);
            let options = Options {
                symmetry,
                target: Some(target),
                ..Options::new(shape, seed)
            };
            let mut control = Unattended;
            let mut share = Share::whole(&mut control);
            let ticker = Ticker {
                share: RefCell::new(&mut share),
                stage: Cell::new(Stage::Fill),
                done: Cell::new(0.0),
                deadline: None,
                halt: Cell::new(None),
            };
            let mut digger = Digger::fill(&options, target, &ticker).unwrap().unwrap();
            digger.propagation_pass().unwrap();
            let (puzzle, before) = (digger.puzzle.clone(), digger.pending.clone());
            assert!(before.len() > 50, "{} pending", before.len());
            let mut after = before.clone();
            digger.order_by_promise(&mut after).unwrap();
            assert_eq!(digger.puzzle, puzzle, "the puzzle is put back");
            let mut solver = Solver::new(shape);
            let open = |o: usize, solver: &mut Solver| {
                let mut fewer = puzzle.clone();
                set_orbits(&mut fewer, std::slice::from_ref(&digger.orbits[o]), None);
                solver.load(&fewer);
                assert!(solver.propagate_only());
                solver
                    .candidates()
                    .iter()
                    .filter(|m| m.count_ones() > 1)
                    .count()
            };
            let keys: Vec<(usize, usize)> = after
                .iter()
                .map(|&o| {
                    let at = before.iter().position(|&p| p == o).expect("a permutation");
                    (open(o, &mut solver), at)
                })
                .collect();
            assert_eq!(keys.len(), before.len());
            assert!(
                keys.windows(2).all(|w| w[0] < w[1]),
                "{symmetry}: not sorted by open cells, then by the order before"
            );
            assert!(
                keys[0].0 < keys[keys.len() - 1].0,
                "{symmetry}: keys all equal"
            );
        }
    }
}
