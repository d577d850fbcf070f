//! The generator at every size: each puzzle has exactly one solution (checked here with
//! the solver, not taken from the generator's word), is a subset of its solution, keeps
//! its symmetry and meets the target it reports; the same seed gives the same puzzle, and
//! fixed seeds give the golden puzzles of `tests/data/generated.txt`, which the wasm
//! tests check in the browser too.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use sudoku64::format::to_line;
use sudoku64::generate::{
    Control, Generated, Options, Progress, Symmetry, Target, Unattended, generate,
};
use sudoku64::search::count_solutions_up_to;
use sudoku64::{Grid, RuleErrorKind, Shape};

fn options(size: usize, seed: u64, symmetry: Symmetry, target: Option<Target>) -> Options {
    Options {
        target,
        symmetry,
        ..Options::new(Shape::from_size(size).unwrap(), seed)
    }
}

fn make(options: &Options) -> Generated {
    generate(options, &mut Unattended).unwrap_or_else(|e| {
        panic!(
            "{} seed {} {}: {e}",
            options.shape.name(),
            options.seed,
            options.symmetry
        )
    })
}

/// How minimality is checked: every clue orbit, some of them, or not at all.
#[derive(Clone, Copy, PartialEq)]
enum Minimality {
    Every,
    Sample(usize),
}

/// Everything a generated puzzle must satisfy. `minimality` says how many orbits to try
/// removing when the generator says the puzzle is minimal.
fn check(made: &Generated, options: &Options, minimality: Minimality) {
    let shape = options.shape;
    let at = format!(
        "{} seed {} {}",
        shape.name(),
        options.seed,
        options.symmetry
    );
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    assert_eq!(puzzle.shape(), shape, "{at}");
    assert!(solution.is_solved(), "{at}: the solution breaks a rule");
    assert!(
        puzzle.is_subset_of(solution),
        "{at}: a given is not the solution's"
    );
    assert_eq!(
        count_solutions_up_to(puzzle, 2),
        1,
        "{at}: not exactly one solution"
    );
    assert_eq!(made.seed, options.seed, "{at}");
    assert_eq!(made.symmetry, options.symmetry, "{at}");
    let target = options
        .target
        .unwrap_or(Target::default_for(shape, options.symmetry));
    assert_eq!(made.target, target, "{at}");

    // The givens keep the symmetry: each orbit is all given or all empty.
    let orbits = options.symmetry.orbits(shape);
    for orbit in &orbits {
        let given = puzzle.get(orbit[0]) != 0;
        assert!(
            orbit.iter().all(|&c| (puzzle.get(c) != 0) == given),
            "{at}: orbit {orbit:?} is half given"
        );
    }

    // The reported fraction is the real one, and the target is met as reported.
    let cells = shape.cell_count();
    let empty = cells - puzzle.clue_count();
    assert!(
        (made.empty_fraction - empty as f64 / cells as f64).abs() < 1e-12,
        "{at}: reports {} empty, has {empty}/{cells}",
        made.empty_fraction
    );
    assert!(!made.budget_ran_out, "{at}: no budget was set");
    match target {
        Target::Minimal => assert_eq!(made.target_reached, made.minimal, "{at}"),
        Target::Empty(f) => {
            let wanted = (f * cells as f64).ceil() as usize;
            assert_eq!(made.target_reached, empty >= wanted, "{at}");
            // Digging stops within one orbit of the target.
            let widest = orbits.iter().map(Vec::len).max().unwrap();
            assert!(
                empty < wanted + widest,
                "{at}: dug {empty}, target {wanted}"
            );
        }
    }
    if made.minimal {
        let given: Vec<&Vec<usize>> = orbits.iter().filter(|o| puzzle.get(o[0]) != 0).collect();
        let tried: Vec<&Vec<usize>> = match minimality {
            Minimality::Every => given,
            Minimality::Sample(n) => {
                let step = (given.len() / n.max(1)).max(1);
                given.into_iter().step_by(step).take(n).collect()
            }
        };
        for orbit in tried {
            let mut fewer = puzzle.clone();
            for &c in orbit {
                fewer.set(c, 0);
            }
            assert_eq!(
                count_solutions_up_to(&fewer, 2),
                2,
                "{at}: said minimal, but orbit {orbit:?} can go"
            );
        }
    }
}

#[test]
fn one_by_one_and_4x4_for_many_seeds_and_every_symmetry() {
    for seed in 0..5 {
        let o = options(1, seed, Symmetry::None, None);
        let made = make(&o);
        check(&made, &o, Minimality::Every);
        assert_eq!(to_line(&made.solution), "1");
    }
    for seed in 0..50 {
        let symmetry = Symmetry::ALL[seed as usize % Symmetry::ALL.len()];
        let o = options(4, 1000 + seed, symmetry, None);
        let made = make(&o);
        check(&made, &o, Minimality::Every);
        assert!(made.minimal && made.target_reached, "4×4 seed {}", o.seed);
    }
}

#[test]
fn nine_by_nine_for_50_seeds_with_each_symmetry() {
    for symmetry in Symmetry::ALL {
        for seed in 0..50 {
            let o = options(9, 500 + seed, symmetry, None);
            let made = make(&o);
            check(&made, &o, Minimality::Every);
            assert!(
                made.minimal && made.target_reached,
                "9×9 seed {} {symmetry}",
                o.seed
            );
        }
    }
}

#[test]
fn nine_by_nine_with_fraction_targets() {
    for (i, f) in [0.0, 0.3, 0.5, 0.6].into_iter().enumerate() {
        for seed in 0..10 {
            let symmetry = Symmetry::ALL[(seed as usize + i) % Symmetry::ALL.len()];
            let o = options(9, seed, symmetry, Some(Target::empty(f).unwrap()));
            let made = make(&o);
            check(&made, &o, Minimality::Every);
            // These fractions are below what minimal 9×9 puzzles reach.
            assert!(
                made.target_reached,
                "9×9 seed {seed} {symmetry} {f}: {}",
                made.summary()
            );
        }
    }
    // Asking for more than a minimal puzzle can give stops at minimal, and says so.
    let o = options(9, 3, Symmetry::None, Some(Target::empty(0.95).unwrap()));
    let made = make(&o);
    check(&made, &o, Minimality::Every);
    assert!(!made.target_reached && made.minimal, "{}", made.summary());
}

#[test]
fn rectangular_boxes_for_many_seeds_and_every_symmetry_they_allow() {
    // The usual shapes of 6, 8, 10, 12 and 15, the other 12 (2×6), and tall boxes (3×2,
    // 4×3), which only --box makes.
    let shapes = [
        (2, 3),
        (2, 4),
        (2, 5),
        (3, 4),
        (2, 6),
        (3, 5),
        (3, 2),
        (4, 3),
    ];
    for (i, &(rows, columns)) in shapes.iter().enumerate() {
        let shape = Shape::from_boxes(rows, columns).unwrap();
        let fitting: Vec<Symmetry> = Symmetry::fitting(shape).collect();
        assert!(!fitting.contains(&Symmetry::Rot90) && !fitting.contains(&Symmetry::Diagonal));
        for seed in 0..6 {
            let o = Options {
                symmetry: fitting[seed % fitting.len()],
                ..Options::new(shape, 700 + (i * 10 + seed) as u64)
            };
            let made = make(&o);
            check(&made, &o, Minimality::Sample(6));
            assert!(
                made.minimal,
                "{} seed {}: minimal up to 16×16",
                shape, o.seed
            );
            // The boxes are the shape's: every box of the solution holds each symbol once.
            for b in 0..shape.size() {
                let (top, left) = shape.box_origin(b);
                let mut seen = vec![false; shape.size() + 1];
                for r in top..top + rows {
                    for c in left..left + columns {
                        seen[made.solution.get(shape.cell(r, c)) as usize] = true;
                    }
                }
                assert!(seen[1..].iter().all(|&s| s), "{shape} box {b}");
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_for_20_seeds() {
    for seed in 0..20 {
        let symmetry = Symmetry::ALL[seed as usize % Symmetry::ALL.len()];
        let o = options(16, 40 + seed, symmetry, None);
        let made = make(&o);
        check(&made, &o, Minimality::Sample(8));
    }
}

#[test]
fn twenty_five_by_twenty_five_for_10_seeds() {
    // No symmetry: with one, digging to the default target takes seconds per puzzle and
    // often falls short of it (reported, and checked below at 36×36).
    for seed in 0..10 {
        let o = options(25, 70 + seed, Symmetry::None, None);
        let made = make(&o);
        check(&made, &o, Minimality::Sample(4));
        assert!(
            made.target_reached,
            "25×25 seed {}: {}",
            o.seed,
            made.summary()
        );
    }
}

/// A minimal 25×25 with every symmetry: one solution, the symmetry kept, proved minimal
/// (a sample of its clues checked here), and the same seed gives the same puzzle.
#[test]
fn a_minimal_25x25_with_every_symmetry() {
    for (symmetry, seed) in [
        (Symmetry::None, 3),
        (Symmetry::Rot180, 3),
        (Symmetry::Rot90, 2),
        (Symmetry::Mirror, 5),
        (Symmetry::Diagonal, 1),
    ] {
        let o = options(25, seed, symmetry, Some(Target::Minimal));
        let made = make(&o);
        check(&made, &o, Minimality::Sample(3));
        assert!(made.minimal, "{symmetry}: {}", made.summary());
        assert_eq!(make(&o).puzzle, made.puzzle, "{symmetry}");
    }
}

/// A minimal 36×36 is proved minimal too, by the same allowance of contradictions (a
/// sample of its clues checked here), and the same seed gives the same puzzle.
#[test]
fn a_minimal_36x36_is_proved() {
    let o = options(36, 4, Symmetry::Mirror, Some(Target::Minimal));
    let made = make(&o);
    check(&made, &o, Minimality::Sample(3));
    assert!(made.minimal && made.undecided == 0, "{}", made.summary());
    assert_eq!(make(&o).puzzle, made.puzzle);
}

/// A minimal 25×25 cut short by the budget still ends with one solution, with the clues
/// no check decided counted.
#[test]
fn a_minimal_25x25_cut_short_by_its_budget_is_unique() {
    let o = Options {
        budget_ms: Some(40.0),
        ..options(25, 2, Symmetry::Rot180, Some(Target::Minimal))
    };
    let mut clock = CountingClock::new();
    let made = generate(&o, &mut clock).unwrap();
    let at = made.summary();
    assert!(made.budget_ran_out && !made.minimal, "{at}");
    assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1, "{at}");
    assert!(made.empty_fraction > 0.0, "{at}");
    assert!(made.undecided > 0, "{at}");
    clock.assert_progress_climbed_to_one(&at);
}

/// A fraction out of reach ends at a minimal puzzle, and says so: at 16×16 every orbit
/// is checked here; at 25×25 (with a symmetry, where 65% is out of reach) the proofs
/// take the conflict-driven search, and a sample is checked.
#[test]
fn a_fraction_out_of_reach_ends_minimal() {
    for (size, seed, symmetry, target, minimality) in [
        (
            16,
            3,
            Symmetry::Rot180,
            Some(Target::Empty(0.9)),
            Minimality::Every,
        ),
        (
            25,
            1,
            Symmetry::Rot180,
            Some(Target::Empty(0.65)),
            Minimality::Sample(2),
        ),
    ] {
        let o = options(size, seed, symmetry, target);
        let made = make(&o);
        check(&made, &o, minimality);
        let at = format!("{size}×{size} seed {seed}: {}", made.summary());
        assert!(made.target_reached || made.minimal, "{at}");
        if !made.target_reached {
            assert_eq!(made.undecided, 0, "{at}");
            assert!(made.summary().contains("minimal (no clue can go"), "{at}");
        }
    }
    // 16×16 cannot reach 90% empty.
    let o = options(16, 3, Symmetry::Rot180, Some(Target::Empty(0.9)));
    assert!(!make(&o).target_reached);
}

#[test]
fn the_largest_sizes_for_one_seed() {
    for (size, seed, symmetry) in [
        (36, 5, Symmetry::None),
        (36, 6, Symmetry::Rot180),
        (49, 1, Symmetry::None),
        (64, 3, Symmetry::None),
    ] {
        let o = options(size, seed, symmetry, None);
        let made = make(&o);
        check(&made, &o, Minimality::Sample(0));
        // The default targets are reached without symmetry; with one, `check` holds the
        // generator to what it reports.
        if symmetry == Symmetry::None {
            assert!(made.target_reached, "{size}×{size}: {}", made.summary());
        }
    }
}

/// Past what propagation proves at 36×36 the exact pass runs within its allowance, on
/// the orbits it ordered by how likely they are to go (each cleared, propagated and put
/// back first): the puzzle keeps one solution and its symmetry, and the seed its puzzle.
#[test]
fn a_36x36_dug_past_propagation() {
    let o = options(36, 1, Symmetry::Rot180, Some(Target::Empty(0.6)));
    let made = make(&o);
    check(&made, &o, Minimality::Sample(0));
    assert!(made.exact_checks > 0, "{}", made.summary());
    assert_eq!(make(&o).puzzle, made.puzzle);
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for (size, symmetry) in [
        (4, Symmetry::Rot90),
        (9, Symmetry::None),
        (9, Symmetry::Mirror),
        (16, Symmetry::Rot180),
        (25, Symmetry::None),
    ] {
        let o = options(size, 12345, symmetry, None);
        let first = make(&o);
        assert_eq!(make(&o), first, "{size}×{size} {symmetry}");
        // And another seed another puzzle.
        let other = make(&Options {
            seed: 12346,
            ..o.clone()
        });
        assert_ne!(other.solution, first.solution, "{size}×{size} {symmetry}");
    }
}

/// `size:seed:symmetry:puzzle` lines of `tests/data/generated.txt`.
fn golden() -> Vec<(usize, u64, Symmetry, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generated.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            assert_eq!(f.len(), 4, "not size:seed:symmetry:puzzle: {l}");
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .collect()
}

#[test]
fn fixed_seeds_give_the_golden_puzzles() {
    let lines = golden();
    for size in [9, 16, 25] {
        assert!(lines.iter().any(|l| l.0 == size), "no golden {size}×{size}");
    }
    for (size, seed, symmetry, expected) in lines {
        let made = make(&options(size, seed, symmetry, None));
        assert_eq!(
            to_line(&made.puzzle),
            expected,
            "{size}×{size} seed {seed} {symmetry}: the generator's output changed. If that \
             is meant (a new generator or solver branch order), regenerate the file with \
             `python3 scripts/make-fixtures.py --only generated`"
        );
    }
}

/// A clock that moves on a millisecond at each look, so a budget runs out after a known
/// number of steps on any machine.
struct FakeClock(f64);

impl Control for FakeClock {
    fn now_ms(&mut self) -> f64 {
        self.0 += 1.0;
        self.0
    }
    fn go_on(&mut self, _: &Progress) -> bool {
        true
    }
}

#[test]
fn a_budget_that_runs_out_still_gives_a_unique_puzzle() {
    for (size, seed) in [(9, 1), (16, 2), (25, 3)] {
        let o = Options {
            budget_ms: Some(3.0),
            ..options(size, seed, Symmetry::None, None)
        };
        let made = generate(&o, &mut FakeClock(0.0)).unwrap();
        assert!(made.budget_ran_out, "{size}×{size}: {}", made.summary());
        assert!(!made.minimal && !made.target_reached);
        assert!(
            made.summary()
                .contains("as sparse as could be proved unique in the time"),
            "{}",
            made.summary()
        );
        assert_eq!(made.candidates, 1);
        assert!(made.puzzle.is_subset_of(&made.solution) && made.solution.is_solved());
        assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1);
        // Cut short: the same full grid, dug less far than without a budget.
        let full = make(&options(size, seed, Symmetry::None, None));
        assert_eq!(made.solution, full.solution);
        assert!(made.puzzle.clue_count() > full.puzzle.clue_count());
    }
}

#[test]
fn bad_options_give_clear_errors() {
    let err = Shape::from_size(11).unwrap_err();
    assert!(
        matches!(err.kind(), RuleErrorKind::BadSize { size: 11 }),
        "{err:?}"
    );
    assert!(err.to_string().contains("11"), "{err}");
    for size in [0, 2, 3, 7, 13, 65, 100] {
        assert!(Shape::from_size(size).is_err(), "{size}");
    }

    for bad in [1.5, 1.0, -0.1, f64::NAN, f64::INFINITY] {
        let err = Target::empty(bad).unwrap_err();
        assert_eq!(err.kind_name(), "bad-option", "{bad}");
        let shown = err.to_string();
        assert!(shown.contains(&bad.to_string()), "{bad}: {shown}");
        // A target made without the check is refused by generate too.
        let o = options(9, 1, Symmetry::None, Some(Target::Empty(bad)));
        let err = generate(&o, &mut Unattended).unwrap_err();
        assert_eq!(err.kind_name(), "bad-option", "{bad}");
    }
    let err = Target::empty(1.5).unwrap_err().to_string();
    assert!(err.contains("fraction"), "{err}");

    let err = "spiral".parse::<Symmetry>().unwrap_err();
    assert_eq!(err.kind_name(), "bad-option");
    let shown = err.to_string();
    assert!(shown.contains("spiral"), "{shown}");
    for name in ["none", "rot180", "rot90", "mirror", "diagonal"] {
        assert!(shown.contains(name), "{shown} does not list {name}");
        assert_eq!(name.parse::<Symmetry>().unwrap().name(), name);
    }
}

#[test]
fn symmetry_orbits_map_cells_as_named() {
    // The orbits the generator keeps, checked on a 9×9 against their definitions.
    let shape = Shape::from_size(9).unwrap();
    let cell = |r: usize, c: usize| shape.cell(r, c);
    let mut orbit = Symmetry::Rot180.orbit(shape, cell(0, 1));
    orbit.sort();
    assert_eq!(orbit, vec![cell(0, 1), cell(8, 7)]);
    assert_eq!(Symmetry::Rot90.orbit(shape, cell(0, 1)).len(), 4);
    assert_eq!(Symmetry::Rot90.orbit(shape, cell(4, 4)), vec![cell(4, 4)]);
    assert_eq!(
        Symmetry::Mirror.orbit(shape, cell(2, 0)),
        vec![cell(2, 0), cell(2, 8)]
    );
    assert_eq!(
        Symmetry::Diagonal.orbit(shape, cell(1, 5)),
        vec![cell(1, 5), cell(5, 1)]
    );
    let _ = Grid::empty(shape);
}

/// From 25×25 up a search for Hard digs past what propagation proves (which makes
/// Medium puzzles only), so Hard puzzles come: seed 6's first candidate is one. If an
/// engine change moves it, pick a seed whose `--stats` say "1 candidate".
#[test]
fn a_25x25_search_for_hard_finds_a_hard_puzzle() {
    use sudoku64::logic::rate::{Level, rate};
    let o = Options {
        difficulty: Some(Level::Hard),
        ..options(25, 6, Symmetry::None, None)
    };
    let made = make(&o);
    assert!(made.difficulty_reached(), "{}", made.details());
    assert_eq!(rate(&made.puzzle).unwrap().unwrap().level, Level::Hard);
    assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1);
}

#[test]
fn a_difficulty_search_finds_the_level_and_its_seed_regenerates_the_puzzle() {
    use sudoku64::logic::rate::{Level, rate};
    for (level, seed) in [(Level::Easy, 3), (Level::Medium, 4), (Level::Hard, 5)] {
        let o = Options {
            difficulty: Some(level),
            ..options(9, seed, Symmetry::None, None)
        };
        let made = make(&o);
        let rating = made.rating().cloned().expect("a difficulty search grades");
        assert!(made.difficulty_reached(), "{level}: {}", made.summary());
        assert_eq!(rating.level, level);
        assert_eq!(rate(&made.puzzle).unwrap().unwrap(), rating);
        assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1);
        assert!(made.summary().contains(level.name()), "{}", made.summary());
        // The seed it reports regenerates the same puzzle, graded or not.
        let again = make(&options(9, made.seed, Symmetry::None, None));
        assert_eq!(again.puzzle, made.puzzle, "{level}");
        assert!(again.difficulty.is_none() && again.candidates == 1);
    }
}

#[test]
fn a_level_a_size_cannot_have_ends_at_the_closest_and_says_so() {
    use sudoku64::logic::rate::Level;
    // A 4×4 never needs guessing: the search stops at its try limit with the closest level.
    let o = Options {
        difficulty: Some(Level::Diabolical),
        ..options(4, 1, Symmetry::None, None)
    };
    let made = make(&o);
    let rating = made.rating().cloned().unwrap();
    assert!(!made.difficulty_reached());
    assert!(rating.level < Level::Diabolical);
    assert!(made.summary().contains("closest"), "{}", made.summary());
    assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1);
}

/// A clock that moves on a millisecond at each look, and remembers the progress it was
/// shown.
struct CountingClock {
    now: f64,
    fractions: Vec<f64>,
}

impl CountingClock {
    fn new() -> CountingClock {
        CountingClock {
            now: 0.0,
            fractions: Vec::new(),
        }
    }

    /// Progress never went back, and reached 1 once, at the end.
    fn assert_progress_climbed_to_one(&self, at: &str) {
        let fractions = &self.fractions;
        assert!(
            fractions.windows(2).all(|w| w[0] <= w[1]),
            "{at}: progress went back"
        );
        assert_eq!(fractions.last(), Some(&1.0), "{at}");
        assert!(fractions.iter().filter(|&&f| f == 1.0).count() == 1, "{at}");
    }
}

impl Control for CountingClock {
    fn now_ms(&mut self) -> f64 {
        self.now += 1.0;
        self.now
    }
    fn go_on(&mut self, progress: &Progress) -> bool {
        self.fractions.push(progress.fraction);
        true
    }
}

/// With a budget and a target out of reach, candidates are dug until the budget says
/// stop: the result comes within the budget plus 10% (on a clock that counts the
/// generator's looks, so the figure is the same on any machine), it is a finished
/// candidate whose seed alone regenerates it, and progress climbs to 1 without going
/// back.
#[test]
fn a_budget_decides_how_many_candidates_run_and_holds() {
    for (size, budget) in [(9, 3_000.0), (16, 20_000.0)] {
        let o = Options {
            budget_ms: Some(budget),
            ..options(size, 11, Symmetry::Rot180, Some(Target::Empty(0.95)))
        };
        let mut clock = CountingClock::new();
        let made = generate(&o, &mut clock).unwrap();
        let at = format!("{size}×{size}: {}", made.summary());
        assert!(
            clock.now <= budget * 1.1,
            "{at}: took {} of {budget}",
            clock.now
        );
        assert!(made.candidates > 1, "{at}");
        assert!(
            !made.budget_ran_out && !made.target_reached && made.minimal,
            "{at}"
        );
        let alone = make(&Options {
            seed: made.seed,
            ..options(size, 11, Symmetry::Rot180, Some(Target::Empty(0.95)))
        });
        assert_eq!(alone.puzzle, made.puzzle, "{at}");
        clock.assert_progress_climbed_to_one(&at);
    }
}

/// A difficulty search at 36×36 holds its budget through the grading too: the digging
/// leaves part of it to grade, and a grading still running at 5% past it stops, with the
/// level so far as a lower bound that the summary says is one ("or harder").
#[test]
fn a_difficulty_search_holds_its_budget_through_the_grading() {
    use sudoku64::logic::rate::Level;
    let mut graded_in_part = 0;
    for budget in [1_000.0, 2_000.0, 4_000.0, 8_000.0] {
        let o = Options {
            difficulty: Some(Level::Diabolical),
            budget_ms: Some(budget),
            ..options(36, 5, Symmetry::None, None)
        };
        let mut clock = CountingClock::new();
        let made = generate(&o, &mut clock).unwrap();
        let at = format!("budget {budget}: {}", made.summary());
        assert!(clock.now <= budget * 1.1, "{at}: took {}", clock.now);
        let search = made.difficulty.as_ref().expect("graded");
        if !search.graded_in_full {
            graded_in_part += 1;
            assert!(!search.reached, "{at}");
            assert!(
                made.summary()
                    .contains(" or harder (graded until the time ran out)"),
                "{at}"
            );
        } else {
            assert!(!made.summary().contains("or harder"), "{at}");
        }
        clock.assert_progress_climbed_to_one(&at);
    }
    assert!(graded_in_part > 0, "no budget ended a grading");
}

/// A difficulty search's progress climbs across candidates and their grading too, and
/// the candidates it reports are those it finished.
#[test]
fn a_difficulty_search_reports_progress_that_never_goes_back() {
    use sudoku64::logic::rate::Level;
    for (size, level) in [
        (9, Level::Diabolical),
        (9, Level::Extreme),
        (4, Level::Hard),
    ] {
        let o = Options {
            difficulty: Some(level),
            budget_ms: Some(1e9),
            ..options(size, 2, Symmetry::None, None)
        };
        let mut clock = CountingClock::new();
        let made = generate(&o, &mut clock).unwrap();
        let at = format!("{size}×{size} {level}: {}", made.summary());
        assert!(made.candidates > 1, "{at}");
        clock.assert_progress_climbed_to_one(&at);
    }
}

/// A search for Diabolical on a 9×9 X passes over, ungraded, the candidates whose count
/// to 2 needs few guesses (they are almost never Diabolical): what it finds still grades
/// Diabolical, has one solution, needed that many guesses, and comes again from its seed.
#[test]
fn a_diabolical_x_search_finds_one_among_the_puzzles_that_need_guesses() {
    use sudoku64::logic::rate::{Level, rate};
    use sudoku64::search::bitboard;
    let x = Shape::from_size(9).unwrap().with_diagonals().unwrap();
    let o = Options {
        difficulty: Some(Level::Diabolical),
        // Graded in full, this seed gives a Diabolical X that needs 23 guesses.
        ..Options::new(x, 9)
    };
    let made = make(&o);
    let at = made.summary();
    assert!(made.difficulty_reached(), "{at}");
    assert_eq!(
        rate(&made.puzzle).unwrap().unwrap().level,
        Level::Diabolical,
        "{at}"
    );
    let counted = bitboard::count_up_to(&made.puzzle, 2);
    assert_eq!(counted.count, 1, "{at}");
    assert!(
        counted.stats.guesses >= 30,
        "{at}: {} guesses",
        counted.stats.guesses
    );
    assert_eq!(make(&o).puzzle, made.puzzle, "{at}");
}

#[test]
fn a_bad_budget_is_refused() {
    for bad in [-1.0, 0.0, f64::NAN, f64::INFINITY] {
        let o = Options {
            budget_ms: Some(bad),
            ..options(9, 1, Symmetry::None, None)
        };
        let err = generate(&o, &mut Unattended).unwrap_err();
        assert_eq!(err.kind_name(), "bad-option", "{bad}");
        assert!(err.to_string().contains("budget"), "{err}");
    }
}

/// The summary speaks to players: size, clues with thousands separated, the share
/// empty, the symmetry in words, and the seed.
#[test]
fn summaries_say_what_players_care_about() {
    let made = make(&options(9, 7, Symmetry::Rot180, None));
    let clues = made.puzzle.clue_count();
    let summary = made.summary();
    assert!(
        summary.starts_with(&format!("9×9, {clues} clues (")),
        "{summary}"
    );
    assert!(
        summary.contains("180° symmetry, seed 7, minimal"),
        "{summary}"
    );
    let made = make(&options(64, 3, Symmetry::None, None));
    let summary = made.summary();
    let clues = made.puzzle.clue_count();
    let shown = format!("{},{:03} clues", clues / 1000, clues % 1000);
    assert!(
        summary.starts_with(&format!("64×64, {shown} (")),
        "{summary}"
    );
    assert!(!summary.contains("minimal"), "{summary}");
}

/// Solutions of a puzzle in its own shape, counted up to 2 by the depth-first search
/// alone (which walks every unit of every layout).
fn solutions_up_to_two(puzzle: &Grid) -> u32 {
    let mut search = sudoku64::search::DepthFirst::new(puzzle.shape());
    search.load(puzzle);
    let mut found = 0;
    while found < 2 && search.next_solution() == sudoku64::search::Next::Solution {
        found += 1;
    }
    found
}

/// True when every region of a jigsaw is connected through cell sides (walked here).
fn regions_connected(shape: Shape) -> bool {
    let n = shape.size();
    let regions = shape.regions().unwrap();
    (0..n as u8).all(|r| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| regions[c] == r).collect();
        let mut seen = vec![cells[0]];
        let mut at = 0;
        while at < seen.len() {
            let c = seen[at];
            at += 1;
            for &d in &cells {
                let (dr, dc) = ((c / n).abs_diff(d / n), (c % n).abs_diff(d % n));
                if dr + dc == 1 && !seen.contains(&d) {
                    seen.push(d);
                }
            }
        }
        seen.len() == n && cells.len() == n
    })
}

/// A variant puzzle in full: its shape is the one asked (or a jigsaw of that side with
/// the same diagonals), one solution in that shape, the solution breaks no unit, the
/// givens are the solution's, and the same options give the same puzzle and regions.
fn check_variant(options: &Options) -> Generated {
    let made = make(options);
    let shape = made.puzzle.shape();
    let at = format!("{} seed {}", options.shape, options.seed);
    assert_eq!(made.solution.shape(), shape, "{at}");
    if options.new_regions {
        assert!(
            shape.is_jigsaw() && shape.size() == options.shape.size(),
            "{at}"
        );
        assert_eq!(shape.has_diagonals(), options.shape.has_diagonals(), "{at}");
        assert!(regions_connected(shape), "{at}: {shape}");
    } else {
        assert_eq!(shape, options.shape, "{at}");
    }
    assert!(
        made.solution.is_solved(),
        "{at}: the solution breaks a unit"
    );
    assert!(made.puzzle.is_subset_of(&made.solution), "{at}");
    assert_eq!(
        solutions_up_to_two(&made.puzzle),
        1,
        "{at}: not one solution"
    );
    assert_eq!(
        make(options),
        made,
        "{at}: another puzzle from the same seed"
    );
    made
}

#[test]
fn x_and_windoku_puzzles_have_one_solution_in_their_shape() {
    for k in [2, 3, 4] {
        let square = Shape::from_box(k).unwrap();
        let shapes = [
            square.with_diagonals().unwrap(),
            square.with_windows().unwrap(),
            square.with_diagonals().unwrap().with_windows().unwrap(),
        ];
        let seeds = match k {
            2 => 10,
            3 => 5,
            _ => 1,
        };
        for shape in shapes {
            for seed in 0..seeds {
                let fitting: Vec<Symmetry> = Symmetry::fitting(shape).collect();
                assert_eq!(fitting.len(), 5, "{shape}: every symmetry keeps the layout");
                let o = Options {
                    symmetry: fitting[seed as usize % fitting.len()],
                    ..Options::new(shape, 900 + seed)
                };
                let made = check_variant(&o);
                assert!(made.minimal, "{shape} seed {seed}: {}", made.summary());
                for orbit in o.symmetry.orbits(shape) {
                    let given = made.puzzle.get(orbit[0]) != 0;
                    assert!(orbit.iter().all(|&c| (made.puzzle.get(c) != 0) == given));
                }
            }
        }
    }
    // X on rectangular boxes: the row and column swaps do not fit the boxes.
    let six = Shape::from_size(6).unwrap().with_diagonals().unwrap();
    assert_eq!(Symmetry::fitting(six).count(), 3);
    check_variant(&Options::new(six, 3));
}

/// Windoku from 25×25 up, whose random fills the depth-first search could take minutes
/// to find or never find: the conflict-driven search fills them at 25×25 (with X or
/// without), and from 36×36 up plain windoku grids are built. Each puzzle has one solution
/// in its shape, the same seed gives the same puzzle, and two seeds two grids. X + windoku
/// above 25×25 is refused, naming the largest made.
#[test]
fn large_windoku_fills_and_digs() {
    let windoku = |k: usize| Shape::from_box(k).unwrap().with_windows().unwrap();
    for shape in [windoku(5), windoku(5).with_diagonals().unwrap(), windoku(6)] {
        let one = check_variant(&Options::new(shape, 1));
        let two = check_variant(&Options::new(shape, 2));
        assert_ne!(one.solution, two.solution, "{shape}: two seeds, one grid");
    }
    for shape in [6, 8].map(|k| windoku(k).with_diagonals().unwrap()) {
        let err = generate(&Options::new(shape, 1), &mut Unattended).unwrap_err();
        assert_eq!(err.kind_name(), "bad-variant", "{shape}");
        assert!(err.to_string().contains("up to 25×25"), "{shape}: {err}");
    }
}

/// A large windoku's givens are spread over the grid: no stack or band of a 36×36 keeps
/// more than half again its share. (Dug in the order that concentrates on a few units at a
/// time, built grids kept whole stacks of givens: 186 to 216 of 216, the share being 97.)
#[test]
fn large_windoku_givens_are_spread() {
    let shape = Shape::from_box(6).unwrap().with_windows().unwrap();
    for seed in 1..=3 {
        let made = make(&Options::new(shape, seed));
        let mut stacks = [0usize; 6];
        let mut bands = [0usize; 6];
        for r in 0..36 {
            for c in 0..36 {
                if made.puzzle.get(shape.cell(r, c)) != 0 {
                    stacks[c / 6] += 1;
                    bands[r / 6] += 1;
                }
            }
        }
        let share = stacks.iter().sum::<usize>() / 6;
        for (what, counts) in [("stack", stacks), ("band", bands)] {
            let most = *counts.iter().max().unwrap();
            assert!(
                2 * most <= 3 * share,
                "seed {seed}: a {what} keeps {most} givens, the share being {share}: {counts:?}"
            );
        }
    }
}

#[test]
fn jigsaw_puzzles_from_new_regions() {
    for n in [4, 5, 6, 7, 9] {
        for seed in 0..4 {
            let o = Options {
                new_regions: true,
                ..Options::new(Shape::from_size(9).unwrap(), seed)
            };
            let o = Options {
                shape: if n == 9 {
                    o.shape
                } else {
                    // Sides without boxes (5, 7) are named by a jigsaw of that side.
                    let rows: Vec<u8> = (0..n * n).map(|c| (c / n) as u8).collect();
                    Shape::with_regions(n, &rows).unwrap()
                },
                ..o
            };
            let made = check_variant(&o);
            assert!(made.minimal, "{n} seed {seed}: {}", made.summary());
            let other = make(&Options {
                seed: seed + 100,
                ..o.clone()
            });
            if n > 4 {
                assert_ne!(
                    other.puzzle.shape(),
                    made.puzzle.shape(),
                    "{n}: same regions"
                );
            }
        }
    }
    // Jigsaw X.
    let x = Shape::from_size(9).unwrap().with_diagonals().unwrap();
    check_variant(&Options {
        new_regions: true,
        ..Options::new(x, 4)
    });
    // And one 25×25, dug to its target.
    let big = Options {
        new_regions: true,
        ..Options::new(Shape::from_size(25).unwrap(), 1)
    };
    let made = check_variant(&big);
    assert!(made.target_reached, "{}", made.summary());
}

#[test]
fn variants_refuse_what_their_layout_does_not_allow() {
    let nine = Shape::from_size(9).unwrap();
    let o = Options {
        new_regions: true,
        symmetry: Symmetry::Rot180,
        ..Options::new(nine, 1)
    };
    let err = generate(&o, &mut Unattended).unwrap_err();
    assert!(err.to_string().contains("no symmetry"), "{err}");
    let o = Options {
        new_regions: true,
        ..Options::new(nine.with_windows().unwrap(), 1)
    };
    assert_eq!(
        generate(&o, &mut Unattended).unwrap_err().kind_name(),
        "bad-variant"
    );
    // A pinwheel, which the turns map onto itself and the reflections do not: mirror does
    // not fit, and says why.
    let pinwheel = [
        0, 0, 0, 1, //
        2, 0, 1, 1, //
        2, 2, 3, 1, //
        2, 3, 3, 3,
    ];
    let jigsaw = Shape::with_regions(4, &pinwheel).unwrap();
    let fitting: Vec<Symmetry> = Symmetry::fitting(jigsaw).collect();
    assert_eq!(fitting, [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90]);
    let o = Options {
        symmetry: Symmetry::Mirror,
        ..Options::new(jigsaw, 1)
    };
    let err = generate(&o, &mut Unattended).unwrap_err();
    assert!(err.to_string().contains("jigsaw regions"), "{err}");
    // A symmetry the regions allow gives a symmetric puzzle in that jigsaw.
    for seed in 0..4 {
        let o = Options {
            symmetry: Symmetry::Rot90,
            ..Options::new(jigsaw, seed)
        };
        let made = check_variant(&o);
        for orbit in Symmetry::Rot90.orbits(jigsaw) {
            let given = made.puzzle.get(orbit[0]) != 0;
            assert!(orbit.iter().all(|&c| (made.puzzle.get(c) != 0) == given));
        }
    }
}

#[test]
fn a_layout_named_by_side_boxes_and_variants_is_checked_once_for_every_caller() {
    use sudoku64::Variants;
    let jigsaw = Variants::parse("jigsaw").unwrap();
    // A jigsaw takes a prime side, and draws its regions.
    let prime = Options::for_layout(Some(7), None, jigsaw, 1).unwrap();
    assert_eq!(prime.shape.size(), 7);
    assert!(prime.new_regions);
    // A box shape alone says the side; a side and a box shape must agree.
    let by_boxes = Options::for_layout(None, Some((2, 3)), jigsaw, 1).unwrap();
    assert_eq!(by_boxes.shape.size(), 6);
    let clash = Options::for_layout(Some(8), Some((2, 3)), jigsaw, 1).unwrap_err();
    assert!(
        matches!(clash.as_rule(), Some(RuleErrorKind::BadBox { .. })),
        "{clash}"
    );
    // Windoku needs square boxes, which a jigsaw has not; X needs a side of 4 or more.
    let windoku = Variants::parse("jigsaw,windoku").unwrap();
    let refused = Options::for_layout(Some(9), None, windoku, 1).unwrap_err();
    assert!(
        matches!(refused.as_rule(), Some(RuleErrorKind::BadVariant { .. })),
        "{refused}"
    );
    let x = Variants::parse("x").unwrap();
    assert!(Options::for_layout(Some(1), None, x, 1).is_err());
    // Nothing named: classic 9×9, no new regions.
    let classic = Options::for_layout(None, None, Variants::default(), 1).unwrap();
    assert_eq!(classic.shape, Shape::from_size(9).unwrap());
    assert!(!classic.new_regions);
}

#[test]
fn an_easy_search_off_classic_9x9_is_easy_at_once_and_its_seed_makes_it_again() {
    use sudoku64::Variants;
    use sudoku64::logic::rate::{Level, rate};
    for (size, variants) in [(9, "x"), (9, "jigsaw"), (12, ""), (16, "x")] {
        let variants = Variants::parse(variants).unwrap();
        let o = Options {
            difficulty: Some(Level::Easy),
            ..Options::for_layout(Some(size), None, variants, 7).unwrap()
        };
        let made = make(&o);
        let at = format!("{}: {}", made.puzzle.shape(), made.summary());
        // Graded independently of how it was dug: Easy, and one solution.
        assert_eq!(
            rate(&made.puzzle).unwrap().unwrap().level,
            Level::Easy,
            "{at}"
        );
        assert_eq!(count_solutions_up_to(&made.puzzle, 2), 1, "{at}");
        assert!(made.difficulty_reached() && made.candidates == 1, "{at}");
        assert!(made.summary().contains("singles"), "{at}");
        // The same seed and difficulty make it again.
        let again = make(&Options {
            seed: made.seed,
            ..o.clone()
        });
        assert_eq!(again.puzzle, made.puzzle, "{at}");
    }
}

#[test]
fn a_large_prime_jigsaw_reaches_its_default_target_without_exact_checks() {
    use sudoku64::Variants;
    // Its default is what the propagation pass reaches in regions drawn from bricks; the
    // line of boxed grids asked more, which only slow exact checks could (partly) meet.
    let jigsaw = Variants::parse("jigsaw").unwrap();
    let options = Options::for_layout(Some(53), None, jigsaw, 1).unwrap();
    let made = make(&options);
    assert!(made.target_reached, "{}", made.summary());
    assert_eq!(made.exact_checks, 0, "{}", made.summary());
    assert_eq!(made.puzzle.shape().size(), 53);
    assert!(made.puzzle.shape().is_jigsaw());
}
