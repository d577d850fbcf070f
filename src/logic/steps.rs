//! Step-by-step solving for people: hints and explanations from the logic techniques
//! ([`crate::logic`]), each step checked against the puzzle's unique solution, which the
//! exact search ([`crate::search`]) finds. This sits above both: the techniques shrink the
//! candidates for the search, and the search proves what the steps must reach.

use crate::error::{Cancelled, Error, Unsolvable, Verdict};
use crate::grid::Grid;
use crate::logic::{Board, Step, Technique};
use crate::search::{Limits, Policy, Search};

/// The next step from a grid, as a short list: the elimination steps the solver takes
/// before it can place a symbol, ending with the first step that places a symbol (a [`crate::logic::Technique::Guess`] naming a cell and the
/// unique solution's value when logic is stuck). Candidates come from the grid's filled
/// cells. A full, valid grid gives an empty list.
///
/// A puzzle with no solution ([`Unsolvable::NoSolution`]) or several
/// ([`Unsolvable::Several`]) leaves no step to check against: that is its
/// [`Verdict::Unsolvable`]. Errors: two equal symbols in a unit
/// ([`crate::RuleErrorKind::Clash`]).
///
/// ```
/// use sudoku64::{logic::steps, parse};
/// let grid = parse::parse("1.34341221434.21").unwrap();
/// let steps = steps::hint(&grid).unwrap().unwrap();
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0].placements, vec![(1, 2)]);
/// assert_eq!(steps[0].text(), "Naked single: r1c2 can only be 2");
/// ```
pub fn hint(grid: &Grid) -> Result<Verdict<Vec<Step>>, Error> {
    hint_with(grid, Techniques::default())
}

/// Which techniques the steps may use. [`Techniques::default`] allows them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// The techniques that assume the puzzle has one solution (unique rectangles of
    /// every type, BUG+1). On by default: the engine proves there is one before the first
    /// step, so they are sound. Off, the steps hold without that assumption, as some
    /// players want; the uniqueness techniques sit out and harder ones take their place.
    pub uniqueness: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques { uniqueness: true }
    }
}

/// [`hint`] with a choice of techniques.
pub fn hint_with(grid: &Grid, options: Techniques) -> Result<Verdict<Vec<Step>>, Error> {
    let mut logic = match Logic::with_options(grid, options, &mut || true)? {
        Verdict::Unique(logic) => logic,
        Verdict::Unsolvable(why) => return Ok(Verdict::Unsolvable(why)),
    };
    let mut steps = Vec::new();
    while let Some(step) = logic.next_step() {
        let places = !step.placements.is_empty();
        steps.push(step);
        if places {
            break;
        }
    }
    Ok(Verdict::Unique(steps))
}

/// Every step from the grid to its solution, with the same verdicts and errors as [`hint`].
pub fn explain(grid: &Grid) -> Result<Verdict<Vec<Step>>, Error> {
    explain_with(grid, Techniques::default(), &mut || true)
}

/// [`explain`] with a choice of techniques, asking `go_on` between steps and during the
/// exact search: when it says no, the explanation ends with [`Cancelled`].
pub fn explain_with(
    grid: &Grid,
    options: Techniques,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Verdict<Vec<Step>>, Error> {
    let mut logic = match Logic::with_options(grid, options, go_on)? {
        Verdict::Unique(logic) => logic,
        Verdict::Unsolvable(why) => return Ok(Verdict::Unsolvable(why)),
    };
    let mut steps = Vec::new();
    while let Some(step) = logic.next_step() {
        steps.push(step);
        if !go_on() {
            return Err(Cancelled.into());
        }
    }
    Ok(Verdict::Unique(steps))
}

/// A logic solve in progress: the board, and the unique solution it must reach. Each call
/// of [`next_step`](Logic::next_step) finds and applies one step.
///
/// Starting checks the puzzle. A clash is reported first. Then the techniques run ahead
/// on a copy of the board, without guessing: every step they take holds in every
/// solution, so if they fill the grid with a valid one, it is the only solution (and a
/// full grid that breaks the rules means there is none). If they get stuck, the exact
/// search ([`crate::search`]) counts the solutions (up to 2) from the candidates they left, which have the
/// same solutions as the puzzle and are much quicker to search than its givens. The steps
/// run ahead are kept, so they are not searched for twice. The uniqueness techniques
/// ([`Technique::UniqueRectangle`], [`Technique::BugPlusOne`]) assume one solution, so they sit out the check and
/// join once it has passed.
pub struct Logic {
    board: Board<'static>,
    /// Steps found while checking, already applied to a copy of the board, and not yet
    /// returned: replayed first.
    ahead: std::vec::IntoIter<Step>,
}

impl Logic {
    /// Starts on a grid with one solution; a grid with none ([`Unsolvable::NoSolution`])
    /// or several ([`Unsolvable::Several`]) has that verdict. Errors: two equal symbols in
    /// a unit ([`crate::RuleErrorKind::Clash`]).
    pub fn new(grid: &Grid) -> Result<Verdict<Logic>, Error> {
        Logic::with_options(grid, Techniques::default(), &mut || true)
    }

    /// [`Logic::new`] with a choice of techniques, asking `go_on` between steps and about
    /// every millisecond of the exact search: when it says no, the start ends with
    /// [`Cancelled`]. A caller's time limit goes here.
    pub fn with_options(
        grid: &Grid,
        options: Techniques,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<Verdict<Logic>, Error> {
        if let Some(clash) = grid.first_clash() {
            return Err(clash.into());
        }
        let mut board = Board::new(grid);
        let mut probe = board.clone();
        // The search decides faster than forcing chains would: they wait for the real steps.
        probe.forcing = false;
        let mut ahead = Vec::new();
        let mut stopped = false;
        probe.run_logic(|step| {
            ahead.push(step);
            stopped = !go_on();
            !stopped
        });
        if stopped {
            return Err(Cancelled.into());
        }
        let solution = if probe.open == 0 {
            if !probe.grid().is_solved() {
                return Ok(Verdict::Unsolvable(Unsolvable::NoSolution));
            }
            probe.value
        } else {
            match exact_solution(&probe, go_on)? {
                Verdict::Unique(solution) => solution.cells().to_vec(),
                Verdict::Unsolvable(why) => return Ok(Verdict::Unsolvable(why)),
            }
        };
        debug_assert!(
            ahead
                .iter()
                .all(|step| step.eliminations.iter().all(|&(c, v)| solution[c] != v)),
            "a step removed a true value"
        );
        board.solution = solution;
        // The check ran without the uniqueness techniques, which would have assumed what it
        // proves. Now they apply: the steps run ahead stand up to the first one harder
        // than them, where one of them might have come first.
        board.one_solution = options.uniqueness;
        if options.uniqueness
            && let Some(i) = ahead
                .iter()
                .position(|s| s.technique > Technique::BugPlusOne)
        {
            ahead.truncate(i);
        }
        Ok(Verdict::Unique(Logic {
            board,
            ahead: ahead.into_iter(),
        }))
    }

    /// The grid as far as it is solved.
    pub fn grid(&self) -> Grid {
        self.board.grid()
    }

    /// The candidates of every cell (0 for a filled cell), bit `s - 1` for symbol `s`.
    pub fn candidates(&self) -> &[u64] {
        &self.board.cand
    }

    /// Finds the easiest step, applies it and returns it; `None` once the grid is full.
    pub fn next_step(&mut self) -> Option<Step> {
        if self.board.open == 0 {
            return None;
        }
        let step = match self.ahead.next() {
            Some(step) => step,
            None => self.board.find(),
        };
        debug_assert!(
            step.eliminations
                .iter()
                .all(|&(c, v)| self.board.solution[c] != v)
                && step
                    .placements
                    .iter()
                    .all(|&(c, v)| self.board.solution[c] == v),
            "{} removed a true value or placed a wrong one: {}",
            step.technique,
            step.text()
        );
        self.board.apply(&step);
        Some(step)
    }
}

/// The unique solution of a board's candidates, by the exact search policy, or why there
/// is none; [`Cancelled`] when `go_on` stops the search. The board's techniques have
/// already run, so the policy's own logic step is skipped.
fn exact_solution(
    board: &Board,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Verdict<Grid>, Cancelled> {
    let masks = board.masks();
    let policy = Policy {
        logic_first_from: usize::MAX,
        ..Policy::default()
    };
    let mut search = Search::with_policy(board.shape, policy);
    let answer = search.count(&masks, 2, Limits::NONE, &mut |_| go_on());
    if !answer.decided {
        return Err(Cancelled);
    }
    let (Some(first), second) = (answer.first, answer.second) else {
        return Ok(Verdict::Unsolvable(Unsolvable::NoSolution));
    };
    let Some(second) = second else {
        return Ok(Verdict::Unique(first));
    };
    let cell = (0..masks.len())
        .find(|&c| first.get(c) != second.get(c))
        .expect("two different solutions differ somewhere");
    Ok(Verdict::Unsolvable(Unsolvable::Several {
        shape: board.shape,
        cell,
        first: first.get(cell),
        second: second.get(cell),
    }))
}
