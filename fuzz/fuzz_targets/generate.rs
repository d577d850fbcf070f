//! The generator, with every option it takes (up to 16×16, no clock): the puzzle keeps
//! its symmetry, is the solution's givens, has exactly one solution (by the depth-first
//! search alone up to 9×9, the conflict-driven search alone above), is minimal orbit by orbit when it says so (up to 9×9), and the same seed
//! and options give the same puzzle again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku64::generate::{self, Options, Symmetry, Target, Unattended};
use sudoku64::logic::rate::Level;
use sudoku64::search::Policy;
use sudoku64_fuzz::{Bytes, completes, count, shape};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let shape = shape(&mut bytes, 16);
    let mut options = Options::new(shape, bytes.u64());
    let fitting: Vec<Symmetry> = Symmetry::fitting(shape).collect();
    options.symmetry = fitting[bytes.byte() as usize % fitting.len()];
    options.target = match bytes.byte() % 4 {
        0 => None,
        1 => Some(Target::Minimal),
        _ => Some(Target::Empty(bytes.byte() as f64 / 256.0)),
    };
    // A search for a level makes many candidates: only on small grids, now and then.
    if shape.size() <= 9 && bytes.byte() < 16 {
        options.difficulty = Some(Level::ALL[bytes.byte() as usize % Level::ALL.len()]);
    }
    let made = generate::generate(&options, &mut Unattended).expect("valid options");
    assert!(
        completes(&made.puzzle, &made.solution),
        "the puzzle is not the solution's"
    );
    // Checked by an engine the generator does not check with: up to 9×9 the depth-first
    // search alone (the generator's 9×9 path uses the band solver, which must not check
    // itself); above, the conflict-driven search alone, since the depth-first search alone
    // took 6 s natively (47 s in this build) on a minimal 16×16 that it decides in 0.6 ms.
    let checker = if shape.size() <= 9 {
        Policy::depth_first_only()
    } else {
        Policy::conflict_driven_only()
    };
    let (n, _) = count(&made.puzzle, checker, 2, u64::MAX).expect("no limit");
    assert_eq!(n, 1, "a generated puzzle without exactly one solution");
    if made.minimal && shape.size() <= 9 {
        for cell in (0..shape.cell_count()).filter(|&c| made.puzzle.get(c) != 0) {
            let orbit = made.symmetry.orbit(shape, cell);
            let mut fewer = made.puzzle.clone();
            orbit.iter().for_each(|&c| fewer.set(c, 0));
            let (n, _) = count(&fewer, Policy::depth_first_only(), 2, u64::MAX).expect("no limit");
            assert_eq!(n, 2, "said minimal, but the orbit of cell {cell} can go");
        }
    }
    for orbit in made.symmetry.orbits(shape) {
        let given = made.puzzle.get(orbit[0]) != 0;
        assert!(
            orbit.iter().all(|&c| (made.puzzle.get(c) != 0) == given),
            "the givens break the symmetry"
        );
    }
    if options.difficulty.is_some() && !made.difficulty_reached() {
        // The closest level found: its seed starts a search that may pick another.
        return;
    }
    let again = generate::generate(
        &Options {
            seed: made.seed,
            ..options
        },
        &mut Unattended,
    )
    .expect("valid options");
    assert_eq!(
        again.puzzle, made.puzzle,
        "the same seed gave another puzzle"
    );
});
