//! The exact search under a work limit: every solution it returns completes the grid,
//! counts stay within their limit, and the policy, the depth-first search and the
//! conflict-driven search agree on every count they all decide.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku64::search::Policy;
use sudoku64_fuzz::{Bytes, count, puzzle};

/// Work per engine and grid: enough to decide most 16×16 grids, short enough to keep
/// thousands of runs a second on small ones.
const WORK: u64 = 400_000;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let limit = 1 + bytes.byte() as u64 % 3;
    let Some(grid) = puzzle(&mut bytes, 16) else {
        return;
    };
    let answers = [
        count(&grid, Policy::default(), limit, WORK),
        count(&grid, Policy::depth_first_only(), limit, WORK),
        count(&grid, Policy::conflict_driven_only(), limit, WORK),
    ];
    let decided: Vec<_> = answers.iter().flatten().collect();
    for pair in decided.windows(2) {
        assert_eq!(pair[0].0, pair[1].0, "engines disagree on the count");
        if pair[0].0 == 1 && limit > 1 {
            assert_eq!(
                pair[0].1, pair[1].1,
                "engines disagree on the only solution"
            );
        }
    }
    if grid.first_clash().is_some() {
        for (n, _) in decided {
            assert_eq!(*n, 0, "a grid with a clash has a solution");
        }
    }
});
