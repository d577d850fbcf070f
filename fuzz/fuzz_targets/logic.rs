//! The logic solver: hint, explain and rate. On a puzzle with one solution every step is
//! sound (no placement differs from the solution, no elimination removes its symbol), a
//! hint is the start of the explanation, and the rating counts the explanation's steps.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku64::Verdict;
use sudoku64::logic::rate::{self, Level};
use sudoku64::logic::steps;
use sudoku64::search::Policy;
use sudoku64_fuzz::{Bytes, count, puzzle};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    // Up to 16×16: the techniques are quick there, and their answers can be checked.
    let Some(grid) = puzzle(&mut bytes, 16) else {
        return;
    };
    // A clash, no solution or several: each refuses the puzzle in its own way.
    let explained = steps::explain(&grid).ok().and_then(Verdict::unique);
    let hinted = steps::hint(&grid).ok().and_then(Verdict::unique);
    let rated = rate::rate(&grid).ok().and_then(Verdict::unique);
    let Some(explained) = explained else {
        assert!(
            hinted.is_none() && rated.is_none(),
            "only some of them refused"
        );
        return;
    };
    let hinted = hinted.expect("hint refused what explain accepted");
    let rating = rated.expect("rate refused what explain accepted");
    assert!(
        explained.starts_with(&hinted),
        "a hint is not the explanation's start"
    );
    assert_eq!(
        rating.steps,
        explained.len(),
        "the rating's steps are not the explanation's"
    );
    assert_eq!(rating.level, Level::of(rating.hardest));

    let (n, solutions) = count(&grid, Policy::default(), 2, u64::MAX).expect("no work limit");
    assert_eq!(
        n, 1,
        "the logic solver accepted a puzzle without one solution"
    );
    let solution = &solutions[0];
    let mut board = grid.clone();
    for step in &explained {
        for &(cell, value) in &step.placements {
            assert_eq!(
                solution.get(cell),
                value,
                "{:?} placed a wrong value",
                step.technique
            );
            board.set(cell, value);
        }
        for &(cell, value) in &step.eliminations {
            assert_ne!(
                solution.get(cell),
                value,
                "{:?} removed the solution's value",
                step.technique
            );
        }
        assert!(!step.text().is_empty(), "a step without words");
    }
    assert_eq!(
        &board, solution,
        "the explanation does not end at the solution"
    );
});
