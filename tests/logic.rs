//! The logic solver and grading: every technique fires where it must and only removes
//! wrong candidates, hints lead to the solution, guesses come only when logic is stuck,
//! every size works, and bad puzzles get the solver's errors.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::Path;

use sudoku64::generate::{Options, Unattended, generate};
use sudoku64::logic::rate::{Level, rate, weight};
use sudoku64::logic::{self, Step, Technique};
use sudoku64::search::solve_one;
use sudoku64::{Grid, Shape, Verdict, explain, hint, parse};

fn grid(text: &str) -> Grid {
    parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `(puzzle, count, solution)` of every fixture line in `tests/data`.
fn fixtures() -> Vec<(Grid, u64, Option<Grid>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for file in ["small.txt", "9x9.txt", "large.txt"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split(':').collect();
            let solution = (!f[2].is_empty()).then(|| grid(f[2]));
            out.push((grid(f[0]), f[1].parse().unwrap(), solution));
        }
    }
    out
}

/// Checks every step against the solution: placements are the solution's symbols in
/// empty cells, eliminations never remove the solution's symbol, and no step is empty.
/// Returns the grid the steps lead to.
fn replay(puzzle: &Grid, solution: &Grid, steps: &[Step]) -> Grid {
    let mut g = puzzle.clone();
    for step in steps {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "a step that does nothing: {}",
            step.text()
        );
        assert!(
            step.text().starts_with(step.technique.name()),
            "{}",
            step.text()
        );
        for &(c, v) in &step.eliminations {
            assert_ne!(solution.get(c), v, "removes the answer: {}", step.text());
            assert_eq!(g.get(c), 0, "eliminates in a filled cell: {}", step.text());
        }
        for &(c, v) in &step.placements {
            assert_eq!(g.get(c), 0, "fills a filled cell: {}", step.text());
            assert_eq!(solution.get(c), v, "places a wrong symbol: {}", step.text());
            g.set(c, v);
        }
    }
    g
}

/// Puzzles where each technique is needed (found by running the solver over public
/// 9×9 lists; each needs nothing harder than its technique). The quads, never the
/// hardest step in those lists, are checked on constructed states below.
const NEEDS: &[(Technique, &str)] = &[
    (
        Technique::HiddenSingle,
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ),
    (
        Technique::Pointing,
        ".................1.....2.3...2...4....3.5......46....7.5.1......8.....2..9.76....",
    ),
    (
        Technique::Claiming,
        ".................1..2.34..........3....5..42.67.8........1....5..4...6..1...8....",
    ),
    (
        Technique::NakedPair,
        ".................1..2..3.4...............526..7..1...8...4.2.3..8.......91......7",
    ),
    (
        Technique::HiddenPair,
        ".................1..2..3.4......2.5..1.....6.784..........1........8.7....9...23.",
    ),
    (
        Technique::NakedTriple,
        "..............1..2....3..45.....67.....1......35.........4....8.9..5....6.7...1..",
    ),
    (
        Technique::HiddenTriple,
        "..............1..2..3....4.....3.....24.5.....6......7...34..8....5.....71....6..",
    ),
    (
        Technique::XWing,
        "..............1..2..3....4......2.....5....3..6..7...8....3.......5.7..64.....1.9",
    ),
    (
        Technique::Swordfish,
        ".................1..2.34.5.............1.6..7..3....8.....8..3..9..2....61......9",
    ),
    (
        Technique::Skyscraper,
        ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5",
    ),
    (
        Technique::TwoStringKite,
        "................12.....3..4.....56....1.......72........412....6...8.3..9..7.....",
    ),
    (
        Technique::EmptyRectangle,
        ".................1..2..3..4....1..3.....5......62...7..1...4...3....862.5........",
    ),
    (
        Technique::FinnedXWing,
        "................12..3..4.................34.516...........6.3....72..8..2..91....",
    ),
    (
        Technique::FinnedSwordfish,
        ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
    ),
    (
        Technique::XyWing,
        "................12....34...............1..56..23.....7......2.8..9.....35.4..9...",
    ),
    (
        Technique::Jellyfish,
        "................12..3.45......1......2.....4..6.7.3......2....6..4...5.3.8.......",
    ),
    (
        Technique::XyzWing,
        "................12..3.45........63.7.4....5..81..........2....6...7......5..1....",
    ),
    (
        Technique::WWing,
        ".................1..2..3.4.......2...35....6.4...7.......8.2.5.1....4...7.....9..",
    ),
    (
        Technique::SimpleColouring,
        ".................1..2..3.4.......2...1....5...6..74.......1..6...5....3...856....",
    ),
    (
        Technique::XChain,
        ".................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7",
    ),
    (
        Technique::XyChain,
        "................12....34...........3..51......6.2.74.........8....68..9..23......",
    ),
];

#[test]
fn each_technique_fires_where_it_is_needed_and_removes_only_wrong_candidates() {
    for &(technique, puzzle) in NEEDS {
        let puzzle = grid(puzzle);
        let solution = solve_one(&puzzle).unwrap();
        let steps = explain(&puzzle).unwrap().unwrap();
        assert_eq!(replay(&puzzle, &solution, &steps), solution);
        let used: BTreeSet<Technique> = steps.iter().map(|s| s.technique).collect();
        assert!(used.contains(&technique), "{technique}: used {used:?}");
        assert!(!used.contains(&Technique::Guess), "{technique}: {used:?}");
        let rating = rate(&puzzle).unwrap().unwrap();
        assert_eq!(rating.level, Level::of(technique), "{technique}");
        assert_eq!(rating.steps, steps.len());
        assert_eq!(
            rating.score,
            steps.iter().map(|s| weight(s.technique)).sum::<u32>()
        );
        for step in steps.iter().filter(|s| s.technique == technique) {
            assert!(!step.cells.is_empty(), "{}", step.text());
        }
        for step in &steps {
            assert!(
                step.focus_text().starts_with("Look at "),
                "{}",
                step.focus_text()
            );
            let chain = [Technique::XChain, Technique::XyChain].contains(&step.technique);
            let colouring = step.technique == Technique::SimpleColouring;
            assert_eq!(
                !step.links.is_empty(),
                chain || colouring,
                "{}",
                step.text()
            );
            // A chain's links follow on, strong and weak in turn.
            if chain {
                for w in step.links.windows(2) {
                    assert_eq!(w[0].to, w[1].from, "{}", step.text());
                    assert_ne!(w[0].strong, w[1].strong, "{}", step.text());
                }
            }
            // Colouring links are strong links of its symbol, one per coloured cell but
            // the first.
            if colouring {
                assert_eq!(step.links.len() + 1, step.cells.len(), "{}", step.text());
                assert!(step.links.iter().all(|l| l.strong), "{}", step.text());
            }
        }
    }
}

/// An empty 9×9 with every candidate everywhere, then `edit` applied to the masks.
fn state(edit: impl Fn(usize, usize) -> Option<u64>) -> (Grid, Vec<u64>) {
    let shape = Shape::from_size(9).unwrap();
    let masks = (0..81)
        .map(|c| edit(c / 9, c % 9).unwrap_or(shape.full_mask()))
        .collect();
    (Grid::empty(shape), masks)
}

fn eliminations(step: &Step) -> BTreeSet<(usize, u8)> {
    step.eliminations.iter().copied().collect()
}

#[test]
fn jellyfish_on_a_constructed_state_removes_exactly_the_cover_cells() {
    // Symbol 1 in rows 1, 3, 5 and 7 only in columns 1, 3, 5 and 7.
    let (g, masks) = state(|r, c| (r % 2 == 0 && r < 8 && !(c % 2 == 0 && c < 8)).then_some(0x1fe));
    let step = logic::find(Technique::Jellyfish, &g, &masks).expect("a jellyfish");
    let expected: BTreeSet<(usize, u8)> = [1, 3, 5, 7, 8]
        .iter()
        .flat_map(|&r| [0, 2, 4, 6].map(|c| (r * 9 + c, 1)))
        .collect();
    assert_eq!(eliminations(&step), expected, "{}", step.text());
    assert_eq!(step.cells.len(), 16);
    // Smaller fish are not there.
    assert!(logic::find(Technique::XWing, &g, &masks).is_none());
    assert!(logic::find(Technique::Swordfish, &g, &masks).is_none());
}

#[test]
fn hidden_quad_on_a_constructed_state_strips_the_four_cells() {
    // In row 1, symbols 1-4 only in columns 1-4.
    let (g, masks) = state(|r, c| (r == 0 && c >= 4).then_some(0x1f0));
    let step = logic::find(Technique::HiddenQuad, &g, &masks).expect("a hidden quad");
    let expected: BTreeSet<(usize, u8)> =
        (0..4).flat_map(|c| (5..=9).map(move |v| (c, v))).collect();
    assert_eq!(eliminations(&step), expected, "{}", step.text());
    assert!(step.text().contains("row 1"), "{}", step.text());
    // The five other cells form a naked quint: no naked quad.
    assert!(logic::find(Technique::NakedQuad, &g, &masks).is_none());
}

#[test]
fn x_wing_and_naked_pair_on_constructed_states() {
    // Symbol 5 in columns 2 and 8 only in rows 3 and 6.
    let (g, masks) = state(|r, c| ((c == 1 || c == 7) && r != 2 && r != 5).then_some(0x1ef));
    let step = logic::find(Technique::XWing, &g, &masks).expect("an x-wing");
    let expected: BTreeSet<(usize, u8)> = [2, 5]
        .iter()
        .flat_map(|&r| {
            (0..9)
                .filter(|c| *c != 1 && *c != 7)
                .map(move |c| (r * 9 + c, 5))
        })
        .collect();
    assert_eq!(eliminations(&step), expected, "{}", step.text());

    // r1c1 and r1c9 hold only 2/7: the rest of row 1 loses them.
    let (g, masks) = state(|r, c| (r == 0 && (c == 0 || c == 8)).then_some(0b100_0010));
    let step = logic::find(Technique::NakedPair, &g, &masks).expect("a naked pair");
    let expected: BTreeSet<(usize, u8)> = (1..8).flat_map(|c| [(c, 2), (c, 7)]).collect();
    assert_eq!(eliminations(&step), expected, "{}", step.text());
    assert_eq!(step.cells, vec![0, 8]);
}

#[test]
fn naked_quad_on_a_constructed_state() {
    // r1c1..r1c4 hold 1/2, 2/3, 3/4, 4/1: four cells, four symbols, no pair or triple.
    let quad = [0b0011, 0b0110, 0b1100, 0b1001];
    let (g, masks) = state(|r, c| (r == 0 && c < 4).then(|| quad[c]));
    assert!(logic::find(Technique::NakedPair, &g, &masks).is_none());
    assert!(logic::find(Technique::NakedTriple, &g, &masks).is_none());
    let step = logic::find(Technique::NakedQuad, &g, &masks).expect("a naked quad");
    let expected: BTreeSet<(usize, u8)> =
        (4..9).flat_map(|c| (1..=4).map(move |v| (c, v))).collect();
    assert_eq!(eliminations(&step), expected, "{}", step.text());
    assert_eq!(step.cells, vec![0, 1, 2, 3]);
}

#[test]
fn naked_single_hint_names_the_cell_and_symbol() {
    let g = grid("1.34341221434.21");
    let steps = hint(&g).unwrap().unwrap();
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].technique, Technique::NakedSingle);
    assert_eq!(steps[0].placements, vec![(1, 2)]);
    assert_eq!(steps[0].focus_text(), "Look at box 1: a naked single");
    assert!(steps[0].links.is_empty());
    // A full grid needs no hint.
    assert!(hint(&grid("1234341221434321")).unwrap().unwrap().is_empty());
}

#[test]
fn every_fixture_is_explained_soundly_or_rejected_with_the_right_error() {
    for (puzzle, count, solution) in fixtures() {
        match count {
            1 => {
                let solution = solution.unwrap();
                let steps = explain(&puzzle).unwrap().unwrap();
                assert_eq!(replay(&puzzle, &solution, &steps), solution);
                let rating = rate(&puzzle).unwrap().unwrap();
                assert_eq!(rating.steps, steps.len());
                assert_eq!(
                    rating.guesses,
                    steps
                        .iter()
                        .filter(|s| s.technique == Technique::Guess)
                        .count()
                );
                let nets = rating.count(Technique::ForcingNet);
                assert_eq!(
                    rating.level == Level::Diabolical,
                    rating.guesses > 0 || nets > 0
                );
            }
            0 => {
                for kind in [
                    refusal(explain(&puzzle)),
                    refusal(hint(&puzzle)),
                    refusal(rate(&puzzle)),
                ] {
                    assert!(["no-solution", "clash"].contains(&kind), "{kind}");
                }
            }
            _ => {
                let Verdict::Unsolvable(why) = rate(&puzzle).unwrap() else {
                    panic!("a rating of a puzzle with several solutions")
                };
                assert_eq!(why.kind_name(), "multiple-solutions");
                assert!(why.to_string().contains("more than one solution"), "{why}");
                let cell = why.cell().expect("a cell where two solutions differ");
                assert_eq!(puzzle.get(cell), 0);
                assert_eq!(hint(&puzzle).unwrap(), Verdict::Unsolvable(why));
            }
        }
    }
}

/// The kind of a logic solver's refusal: an error's, or that of a verdict of no solution
/// or several. Panics when it gave an answer.
fn refusal<T: std::fmt::Debug>(answer: Result<Verdict<T>, sudoku64::Error>) -> &'static str {
    match answer {
        Err(e) => e.kind_name(),
        Ok(Verdict::Unsolvable(why)) => why.kind_name(),
        Ok(answer) => panic!("an answer where none was expected: {answer:?}"),
    }
}

#[test]
fn errors_are_the_solvers() {
    // Two 1s in row 1.
    let shape = Shape::from_size(4).unwrap();
    let mut cells = vec![0; 16];
    cells[0] = 1;
    cells[1] = 1;
    let clash = Grid::from_cells(shape, cells).unwrap();
    assert_eq!(hint(&clash).unwrap_err().kind_name(), "clash");
    // r1c1 sees 1 2 3 in its row and 4 in its column.
    let none = grid(".123....4.......");
    let Verdict::Unsolvable(why) = explain(&none).unwrap() else {
        panic!("an explanation of a puzzle with no solution")
    };
    assert_eq!(why, sudoku64::Unsolvable::NoSolution);
    assert!(why.to_string().contains("no solution"), "{why}");
    let several = grid("................");
    assert_eq!(refusal(rate(&several)), "multiple-solutions");
}

/// Applies the last step of each hint until the grid is full.
fn follow_hints(puzzle: &Grid, solution: &Grid) {
    let mut g = puzzle.clone();
    let mut rounds = 0;
    while !g.is_full() {
        let steps = hint(&g).unwrap().unwrap();
        let last = steps.last().expect("a hint while cells are open");
        assert!(!last.placements.is_empty(), "{}", last.text());
        for s in &steps[..steps.len() - 1] {
            assert!(s.placements.is_empty(), "{}", s.text());
        }
        let before = g.clone();
        g = replay(&before, solution, &steps);
        rounds += 1;
        assert!(rounds <= puzzle.cells().len(), "hints do not progress");
    }
    assert_eq!(&g, solution);
}

#[test]
fn following_hints_reaches_the_solution() {
    let mut sides = BTreeSet::new();
    for (puzzle, count, solution) in fixtures() {
        if count == 1 && puzzle.size() <= 25 {
            follow_hints(&puzzle, solution.as_ref().unwrap());
            sides.insert(puzzle.size());
        }
    }
    assert_eq!(sides, BTreeSet::from([1, 4, 9, 16, 25]));
    for &(_, text) in NEEDS.iter().take(4) {
        let p = grid(text);
        follow_hints(&p, &solve_one(&p).unwrap());
    }
}

/// Replays the steps with candidates kept here and checks that before every forcing
/// chain, forcing net or guess no easier technique applies, and independently of the
/// engine that no single is left; the forum's hardest need forcing nets, never a guess.
#[test]
fn last_resorts_come_only_when_the_patterns_are_stuck() {
    let hardest = [
        // From the "hardest" lists of the Sudoku players' forum.
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];
    let mut last_resorts = 0;
    for text in hardest {
        let puzzle = grid(text);
        let mut logic = sudoku64::Logic::new(&puzzle).unwrap().unwrap();
        loop {
            let g = logic.grid();
            let cand = logic.candidates().to_vec();
            let Some(step) = logic.next_step() else { break };
            assert_ne!(step.technique, Technique::Guess, "{}", step.text());
            if step.technique >= Technique::ForcingChain {
                last_resorts += 1;
                let easier = Technique::ALL.iter().take_while(|&&t| t < step.technique);
                for t in easier {
                    assert!(
                        logic::find(*t, &g, &cand).is_none(),
                        "{t} applied before {}",
                        step.text()
                    );
                }
                // Independently of the engine: no cell with one candidate, no symbol with
                // one place in a row.
                assert!(cand.iter().all(|m| m.count_ones() != 1));
                for r in 0..9 {
                    for v in 0..9 {
                        let places = (0..9).filter(|c| cand[r * 9 + c] >> v & 1 == 1).count();
                        assert_ne!(places, 1, "row {r} symbol {}", v + 1);
                    }
                }
            }
        }
        let rating = rate(&puzzle).unwrap().unwrap();
        assert_eq!(rating.guesses, 0, "{text}");
        assert_eq!(rating.level, Level::Diabolical, "{text}");
        assert!(rating.count(Technique::ForcingNet) > 0, "{text}");
    }
    assert!(last_resorts > 0);
}

#[test]
fn every_size_from_the_generator_is_explained_to_its_solution() {
    for n in [1, 4, 9, 16, 25, 36, 49, 64] {
        let shape = Shape::from_size(n).unwrap();
        let made = generate(&Options::new(shape, 11), &mut Unattended).unwrap();
        let steps = explain(&made.puzzle).unwrap().unwrap();
        assert_eq!(replay(&made.puzzle, &made.solution, &steps), made.solution);
        // The first hint is the start of the explanation.
        let first = hint(&made.puzzle).unwrap().unwrap();
        assert_eq!(first[..], steps[..first.len()]);
        let rating = rate(&made.puzzle).unwrap().unwrap();
        assert!(rating.score as usize >= made.puzzle.cells().len() - made.puzzle.clue_count());
    }
}

#[test]
fn levels_and_techniques_have_stable_names() {
    for level in Level::ALL {
        assert_eq!(level.id().parse::<Level>().unwrap(), level);
        assert_eq!(level.name().parse::<Level>().unwrap(), level);
        assert_eq!(level.name().to_lowercase(), level.id());
    }
    assert!("impossible".parse::<Level>().is_err());
    for t in Technique::ALL {
        assert_eq!(Technique::from_id(t.id()), Some(t));
    }
    assert_eq!(Technique::HiddenSingle.name(), "Hidden single");
    assert_eq!(Technique::HiddenSingle.id(), "hidden-single");
    // Levels rise with the order the techniques are tried in.
    let levels: Vec<Level> = Technique::ALL.iter().map(|&t| Level::of(t)).collect();
    assert!(levels.windows(2).all(|w| w[0] <= w[1]), "{levels:?}");
    assert_eq!(levels.first(), Some(&Level::Easy));
    assert_eq!(levels.last(), Some(&Level::Diabolical));
}

/// Random puzzles with 0, 1 or several solutions: the logic solver's answer (a rating, or
/// which error) must match the exact solver's count, and its solution the exact one.
#[test]
fn random_puzzles_get_the_exact_solvers_verdict() {
    use rand::{RngExt, SeedableRng};
    let solved: Vec<Grid> = fixtures()
        .into_iter()
        .filter_map(|(_, count, s)| (count == 1).then_some(s).flatten())
        .filter(|s| s.size() <= 16)
        .collect();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(6);
    let mut seen = [0; 3];
    for i in 0..600 {
        let full = &solved[i % solved.len()];
        let n = full.size();
        let mut cells = full.cells().to_vec();
        // Keep a random share of the cells, then maybe change one kept symbol.
        let keep = rng.random_range(0.2..0.6);
        for v in cells.iter_mut() {
            if rng.random_range(0.0..1.0) > keep {
                *v = 0;
            }
        }
        if i % 2 == 0 {
            let c = rng.random_range(0..cells.len());
            cells[c] = rng.random_range(1..=n as u8);
        }
        let puzzle = Grid::from_cells(full.shape(), cells).unwrap();
        if puzzle.first_clash().is_some() {
            continue;
        }
        let count = sudoku64::search::count_solutions_up_to(&puzzle, 2);
        seen[count as usize] += 1;
        match (count, explain(&puzzle).unwrap()) {
            (1, Verdict::Unique(steps)) => {
                let solution = solve_one(&puzzle).unwrap();
                assert_eq!(replay(&puzzle, &solution, &steps), solution);
            }
            (0, Verdict::Unsolvable(why)) => {
                assert_eq!(why, sudoku64::Unsolvable::NoSolution, "{why}");
            }
            (2, Verdict::Unsolvable(why)) => {
                assert_eq!(why.kind_name(), "multiple-solutions", "{why}");
                // The named cell really can hold both symbols.
                let sudoku64::Unsolvable::Several {
                    cell,
                    first,
                    second,
                    ..
                } = why
                else {
                    unreachable!()
                };
                for v in [first, second] {
                    let mut p = puzzle.clone();
                    p.set(cell, v);
                    assert!(solve_one(&p).is_some(), "r{cell} cannot be {v}");
                }
            }
            (count, answer) => panic!(
                "{}: {count} solutions, logic says {:?}",
                sudoku64::format::to_line(&puzzle),
                answer.map(|s| s.len())
            ),
        }
    }
    assert!(seen.iter().all(|&k| k > 20), "cases of each kind: {seen:?}");
}

/// Pencil marks a player forgot to cross out (a symbol a peer already holds) must not
/// mislead a technique that counts a symbol's places in a unit.
#[test]
fn stale_pencil_marks_do_not_mislead_find() {
    let solution = parse::parse("1234341221434321").unwrap();
    let mut grid = Grid::empty(solution.shape());
    grid.set(0, 1); // r1c1 = 1
    let mut masks: Vec<u64> = (0..16).map(|c| 1u64 << (solution.get(c) - 1)).collect();
    masks[1] |= 0b1001; // r1c2 also marked 1 and 4, though r1c1 holds 1
    masks[5] |= 0b1010; // r2c2 also marked 2 and 4
    for technique in Technique::ALL {
        if let Some(step) = logic::find(technique, &grid, &masks) {
            for &(c, v) in &step.placements {
                assert_eq!(v, solution.get(c), "{}", step.text());
            }
            for &(c, v) in &step.eliminations {
                assert_ne!(v, solution.get(c), "{}", step.text());
            }
        }
    }
    // Bits beyond a 4×4's symbols are ignored, not a panic.
    let mut wide = masks.clone();
    wide[3] = 1 << 9;
    let reduced = logic::reduced_masks(grid.shape(), &wide);
    assert_eq!(reduced.len(), 16);
}

/// The techniques added for hints that never guess.
const SINCE_ISSUE_16: &[Technique] = &[
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::EmptyRectangle,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::UniqueRectangle,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::BugPlusOne,
    Technique::Aic,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::ForcingChain,
    Technique::ForcingNet,
];

/// Public hard 9×9 puzzles nobody here made, each under a random symmetry: every step of
/// the newer techniques removes only wrong candidates, and each of them fires somewhere.
#[test]
fn newer_techniques_are_sound_on_public_puzzles_and_all_fire() {
    use rand::SeedableRng;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/public9.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(16);
    let mut fired = vec![0; SINCE_ISSUE_16.len()];
    let mut verities = 0;
    let mut puzzles = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let puzzle = sudoku64::transform::random_symmetry(&grid(line), &mut rng);
        assert_eq!(sudoku64::search::count_solutions_up_to(&puzzle, 2), 1);
        let solution = solve_one(&puzzle).unwrap();
        let steps = explain(&puzzle).unwrap().unwrap();
        // Every step, not just the new ones: a wrong one would derail those after it.
        assert_eq!(replay(&puzzle, &solution, &steps), solution);
        for step in &steps {
            if let Some(i) = SINCE_ISSUE_16.iter().position(|&t| t == step.technique) {
                fired[i] += 1;
                // One conclusion each; BUG+1 places a symbol, a forcing chain may, the
                // others eliminate.
                let placed = step.placements.len();
                match step.technique {
                    Technique::BugPlusOne => assert_eq!(placed, 1, "{}", step.text()),
                    Technique::ForcingChain => {
                        assert_eq!(placed + step.eliminations.len(), 1, "{}", step.text());
                        verities += usize::from(!step.text().contains(" were "));
                    }
                    _ => assert_eq!(placed, 0, "{}", step.text()),
                }
                if step.technique >= Technique::ForcingChain || step.technique == Technique::Aic {
                    assert!(!step.links.is_empty(), "{}", step.text());
                    assert!(
                        step.focus_text().starts_with("Look at "),
                        "{}",
                        step.focus_text()
                    );
                }
            }
        }
        puzzles += 1;
    }
    assert_eq!(puzzles, 675);
    for (t, count) in SINCE_ISSUE_16.iter().zip(&fired) {
        assert!(*count > 0, "{t} never fired: {fired:?}");
    }
    assert!(verities > 0, "no cell or unit forcing chain");
    eprintln!("steps per technique over {puzzles} puzzles: {fired:?}, verities {verities}");
}

/// Symbol 1 only at `places` in each of `lines` (rows `r`, or columns `9 + c`), every other
/// candidate everywhere; `drop` lists more cells without 1.
fn only_at(
    lines: &[usize],
    places: &[(usize, usize)],
    drop: &[(usize, usize)],
) -> (Grid, Vec<u64>) {
    state(|r, c| {
        let in_line = lines.iter().any(|&l| l == r || l == 9 + c);
        let off = (in_line && !places.contains(&(r, c))) || drop.contains(&(r, c));
        off.then_some(0x1fe)
    })
}

#[test]
fn skyscraper_on_a_constructed_state() {
    // 1 in row 2 at r2c1 and r2c4, in row 6 at r6c1 and r6c6: column 1 joins the bases.
    let (g, masks) = only_at(&[1, 5], &[(1, 0), (1, 3), (5, 0), (5, 5)], &[]);
    assert!(logic::find(Technique::XWing, &g, &masks).is_none());
    let step = logic::find(Technique::Skyscraper, &g, &masks).expect("a skyscraper");
    let expected = BTreeSet::from([(5, 1), (23, 1), (30, 1), (39, 1)]);
    assert_eq!(eliminations(&step), expected, "{}", step.text());
    assert_eq!(
        step.text(),
        "Skyscraper: 1 in row 2 is in r2c1 or r2c4, in row 6 in r6c1 or r6c6, and r2c1 and r6c1 share column 1: one of r2c4 and r6c6 is 1, so r1c6, r3c6, r4c4 and r5c4 lose 1"
    );
    assert_eq!(
        step.focus_text(),
        "Look at rows 2 and 6 for 1: a skyscraper"
    );
}

#[test]
fn two_string_kite_on_a_constructed_state() {
    // 1 in row 1 at r1c2 and r1c7, in column 1 at r3c1 and r8c1: box 1 joins the bases.
    let (g, masks) = only_at(&[0, 9], &[(0, 1), (0, 6), (2, 0), (7, 0)], &[]);
    assert!(logic::find(Technique::Skyscraper, &g, &masks).is_none());
    let step = logic::find(Technique::TwoStringKite, &g, &masks).expect("a kite");
    assert_eq!(eliminations(&step), BTreeSet::from([(7 * 9 + 6, 1)]));
    assert_eq!(
        step.text(),
        "2-String Kite: 1 in row 1 is in r1c2 or r1c7, in column 1 in r3c1 or r8c1, and r1c2 and r3c1 share box 1: one of r1c7 and r8c1 is 1, so r8c7 loses 1"
    );
}

#[test]
fn empty_rectangle_on_a_constructed_state() {
    // In box 5, 1 only in row 5 and column 6; in column 2, 1 only at r5c2 and r8c2.
    let (g, masks) = only_at(&[10], &[(4, 1), (7, 1)], &[(3, 3), (3, 4), (5, 3), (5, 4)]);
    let step = logic::find(Technique::EmptyRectangle, &g, &masks).expect("an empty rectangle");
    assert_eq!(eliminations(&step), BTreeSet::from([(7 * 9 + 5, 1)]));
    assert_eq!(
        step.text(),
        "Empty rectangle: 1 in box 5 lies only in row 5 and column 6, and 1 in column 2 is in r5c2 or r8c2: if r5c2 holds it, box 5 has it in column 6; if not, r8c2 does; either way r8c6 loses 1"
    );
}

#[test]
fn finned_and_sashimi_x_wing_on_constructed_states() {
    // 1 in row 2 at r2c3 and r2c8, in row 8 at r8c3 and r8c8 and the fins r8c7 and r8c9.
    let (g, masks) = only_at(
        &[1, 7],
        &[(1, 2), (1, 7), (7, 2), (7, 7), (7, 6), (7, 8)],
        &[],
    );
    assert!(logic::find(Technique::XWing, &g, &masks).is_none());
    let step = logic::find(Technique::FinnedXWing, &g, &masks).expect("a finned x-wing");
    assert_eq!(eliminations(&step), BTreeSet::from([(61, 1), (79, 1)]));
    assert_eq!(
        step.text(),
        "Finned X-Wing: 1 in rows 2 and 8 lies only in columns 3 and 8, or in the fins r8c7 and r8c9 in box 9: either the X-Wing holds or a fin is 1, so either way r7c8 and r9c8 lose 1"
    );
    // Without r8c8, row 8 has one place left in the cover: sashimi, same eliminations.
    let (g, masks) = only_at(&[1, 7], &[(1, 2), (1, 7), (7, 2), (7, 6), (7, 8)], &[]);
    let step = logic::find(Technique::FinnedXWing, &g, &masks).expect("a sashimi x-wing");
    assert_eq!(eliminations(&step), BTreeSet::from([(61, 1), (79, 1)]));
    assert_eq!(
        step.text(),
        "Finned X-Wing (sashimi): 1 in rows 2 and 8 lies only in columns 3 and 8, or in the fins r8c7 and r8c9 in box 9: either the X-Wing holds or a fin is 1, so either way r7c8 and r9c8 lose 1"
    );
}

#[test]
fn finned_swordfish_on_a_constructed_state() {
    // 1 in rows 1, 4 and 7 only in columns 1, 4 and 7, and the fin r7c8.
    let places = [(0, 0), (0, 3), (3, 3), (3, 6), (6, 0), (6, 6), (6, 7)];
    let (g, masks) = only_at(&[0, 3, 6], &places, &[]);
    assert!(logic::find(Technique::Swordfish, &g, &masks).is_none());
    assert!(logic::find(Technique::FinnedXWing, &g, &masks).is_none());
    let step = logic::find(Technique::FinnedSwordfish, &g, &masks).expect("a finned swordfish");
    assert_eq!(
        eliminations(&step),
        BTreeSet::from([(7 * 9 + 6, 1), (8 * 9 + 6, 1)])
    );
    assert_eq!(
        step.text(),
        "Finned Swordfish: 1 in rows 1, 4 and 7 lies only in columns 1, 4 and 7, or in the fin r7c8 in box 9: either the Swordfish holds or the fin is 1, so either way r8c7 and r9c7 lose 1"
    );
}

#[test]
fn unique_rectangle_on_a_constructed_state() {
    // r1c1, r1c5 and r3c1 hold only 1/2, r3c5 holds 1/2/3: two rows, two columns, two boxes.
    let (g, masks) = state(|r, c| match (r, c) {
        (0, 0) | (0, 4) | (2, 0) => Some(0b011),
        (2, 4) => Some(0b111),
        _ => None,
    });
    let step = logic::find(Technique::UniqueRectangle, &g, &masks).expect("a unique rectangle");
    assert_eq!(eliminations(&step), BTreeSet::from([(22, 1), (22, 2)]));
    assert_eq!(
        step.text(),
        "Unique rectangle: r1c1, r1c5 and r3c1 hold only 1/2; if r3c5 were 1 or 2 too, the four cells could swap them and the puzzle would have two solutions, so r3c5 loses 1/2"
    );
    // Over four boxes the swap could break a box elsewhere: no rectangle.
    let (g, masks) = state(|r, c| match (r, c) {
        (0, 0) | (0, 4) | (4, 0) => Some(0b011),
        (4, 4) => Some(0b111),
        _ => None,
    });
    assert!(logic::find(Technique::UniqueRectangle, &g, &masks).is_none());
}

#[test]
fn bug_plus_one_on_a_constructed_state() {
    // Each cell of a 4×4 solution holds its symbol and its partner (1/2, 3/4): every symbol
    // twice in every unit. r1c1 also holds 3, which has three places in its units.
    let solution = grid("1234341221434321");
    let mut masks: Vec<u64> = (0..16)
        .map(|c| {
            let v = solution.get(c);
            let partner = if v % 2 == 1 { v + 1 } else { v - 1 };
            1u64 << (v - 1) | 1u64 << (partner - 1)
        })
        .collect();
    masks[0] |= 0b100;
    let empty = Grid::empty(solution.shape());
    let step = logic::find(Technique::BugPlusOne, &empty, &masks).expect("a BUG+1");
    assert_eq!(step.placements, vec![(0, 3)]);
    assert_eq!(
        step.text(),
        "BUG+1: every open cell but r1c1 has two candidates, and without 3 there every symbol would have two places or none in each unit, which no puzzle with one solution allows, so r1c1 is 3"
    );
    // With r2c1 at three candidates as well, it is no BUG+1.
    masks[4] |= 0b001;
    assert!(logic::find(Technique::BugPlusOne, &empty, &masks).is_none());
}

/// Two of the forum's hardest (lines 1251 and 8360 of `puzzles5_forum_hardest_1905_11+`,
/// under the random symmetries `bench rate --shuffle 1` gave them): at one point every
/// open cell has two candidates but one, and the symbol with three places in its units is
/// not among that cell's own (a unique rectangle has just removed it). That is no BUG+1,
/// and the step once placed the removed symbol there. Every step now holds.
#[test]
fn bug_plus_one_places_only_a_candidate_of_its_cell() {
    for puzzle in [
        "3.8...7.4.5..7.8....7...5.6..93......8..4.6..1....2.....2..1....4..5...8...9.....",
        "3.....26...1..2..4.......1.7..5......9..3......6..4.8...4..61.....9...28.5..7....",
    ] {
        let g = grid(puzzle);
        let mut logic = sudoku64::Logic::new(&g).unwrap().unwrap();
        let mut steps = Vec::new();
        while let Some(step) = {
            let (before, cand) = (logic.grid(), logic.candidates().to_vec());
            logic.next_step().inspect(|step| {
                for &(c, v) in &step.placements {
                    assert!(
                        before.get(c) == 0 && cand[c] & 1u64 << (v - 1) != 0,
                        "{}",
                        step.text()
                    );
                }
            })
        } {
            steps.push(step);
        }
        replay(&g, &solve_one(&g).unwrap(), &steps);
    }
}

/// The grid and candidates just before the first step of `technique` in a puzzle's
/// explanation, and that step.
fn before_first(puzzle: &str, technique: Technique) -> (Grid, Vec<u64>, Step) {
    let mut logic = sudoku64::Logic::new(&grid(puzzle)).unwrap().unwrap();
    loop {
        let (g, cand) = (logic.grid(), logic.candidates().to_vec());
        let step = logic.next_step().expect("the technique is used");
        if step.technique == technique {
            return (g, cand, step);
        }
    }
}

#[test]
fn forcing_chain_on_a_public_puzzle() {
    // The fourth puzzle of magictour's top1465.
    let puzzle =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let (g, cand, step) = before_first(puzzle, Technique::ForcingChain);
    for t in Technique::ALL
        .iter()
        .take_while(|&&t| t < Technique::ForcingChain)
    {
        assert!(logic::find(*t, &g, &cand).is_none(), "{t}");
    }
    assert_eq!(
        logic::find(Technique::ForcingChain, &g, &cand),
        Some(step.clone())
    );
    assert_eq!(step.eliminations, vec![(17, 9)]);
    assert_eq!(
        step.text(),
        "Forcing chain: if r2c9 were 9, then r2c9=9 → r2c9≠8 → r2c8=8 → r2c8≠5 → r2c5=5 → r4c5≠5; r2c9=9 → r2c1≠9 → r4c1=9 → r4c5≠9, and r4c5 has no candidate left, so r2c9 loses 9"
    );
    assert_eq!(
        step.focus_text(),
        "Look at r2c9: what if it were 9? A forcing chain"
    );
    // Two paths from r2c9=9, one to the removal of each candidate of r4c5: weak links
    // from "is" to "is not", strong ones back.
    assert_eq!(step.links.len(), 5 + 3);
    let first = &step.links[0];
    assert_eq!((&first.from.cells[..], first.from.symbol), (&[17][..], 9));
    assert_eq!((&first.to.cells[..], first.to.symbol), (&[17][..], 8));
    assert!(!first.strong);
    assert!(step.links[1].strong);
    assert_eq!(step.links[1].to.cells, vec![16]);
}

#[test]
fn forcing_net_on_a_public_puzzle() {
    // From the Sudoku players' forum's hardest list.
    let puzzle =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let (g, cand, step) = before_first(puzzle, Technique::ForcingNet);
    assert!(logic::find(Technique::ForcingChain, &g, &cand).is_none());
    assert_eq!(
        logic::find(Technique::ForcingNet, &g, &cand),
        Some(step.clone())
    );
    let solution = solve_one(&grid(puzzle)).unwrap();
    let [(c, v)] = step.eliminations[..] else {
        panic!("{}", step.text())
    };
    assert_ne!(solution.get(c), v);
    assert_eq!(
        step.text(),
        "Forcing net: if r2c2 were 7, then r2c2=7 ⇒ r1c8≠1 → r1c7=1 → r1c7≠9 → r1c8=9 → r1c8≠3 → r3c7=3 → r3c4≠3 → r3c4=8 → r8c4≠8; r2c2=7 ⇒ r8c5≠8; r2c2=7 ⇒ r8c6≠8; r2c2=7 ⇒ r1c8≠1 → r1c7=1 → r1c7≠9 → r1c8=9 → r9c8≠9 → r9c8=8 → r9c4≠8; r2c2=7 ⇒ r9c5≠8; r2c2=7 ⇒ r1c8≠1 → r1c7=1 → r1c7≠9 → r1c8=9 → r9c8≠9 → r9c8=8 → r9c6≠8 (⇒: a forcing chain inside the branch), and box 8 has no place left for 8, so r2c2 loses 7"
    );
}

#[test]
fn unique_rectangles_of_types_2_to_4_on_constructed_states() {
    // The floor r1c1, r1c5 holds only 1/2; the roof r3c1, r3c5 holds 1/2 and 3 each.
    let (g, masks) = state(|r, c| match (r, c) {
        (0, 0) | (0, 4) => Some(0b011),
        (2, 0) | (2, 4) => Some(0b111),
        _ => None,
    });
    assert!(logic::find(Technique::UniqueRectangle, &g, &masks).is_none());
    let step = logic::find(Technique::UniqueRectangle2, &g, &masks).expect("a type 2");
    let row_3_but = |skip: &[usize], v: u8| -> BTreeSet<(usize, u8)> {
        (0..9)
            .filter(|c| !skip.contains(c))
            .map(|c| (18 + c, v))
            .collect()
    };
    assert_eq!(eliminations(&step), row_3_but(&[0, 4], 3));
    assert_eq!(
        step.text(),
        "Unique rectangle type 2: r1c1 and r1c5 hold only 1/2, r3c1 and r3c5 hold 1/2 and more; one of r3c1 and r3c5 must be 3, or the four cells could swap 1/2 and the puzzle would have two solutions, so r3c2, r3c3, r3c4, r3c6, r3c7, r3c8 and r3c9 lose 3"
    );
    // Roof extras 3 and 4, and r3c9 holding 3/4: a naked pair in row 3.
    let (g, masks) = state(|r, c| match (r, c) {
        (0, 0) | (0, 4) => Some(0b0011),
        (2, 0) => Some(0b0111),
        (2, 4) => Some(0b1011),
        (2, 8) => Some(0b1100),
        _ => None,
    });
    assert!(logic::find(Technique::UniqueRectangle2, &g, &masks).is_none());
    let step = logic::find(Technique::UniqueRectangle3, &g, &masks).expect("a type 3");
    let mut expected = row_3_but(&[0, 4, 8], 3);
    expected.extend(row_3_but(&[0, 4, 8], 4));
    assert_eq!(eliminations(&step), expected);
    assert_eq!(
        step.text(),
        "Unique rectangle type 3: r1c1 and r1c5 hold only 1/2, r3c1 and r3c5 hold 1/2 and more; one of r3c1 and r3c5 holds one of 3/4, or the four cells could swap 1/2 and the puzzle would have two solutions; with r3c9 they make a naked subset of 3/4 in row 3, so r3c2, r3c3, r3c4, r3c6, r3c7 and r3c8 lose 3/4"
    );
    // 1 in row 3 only in the roof: neither roof cell can be 2.
    let (g, masks) = state(|r, c| match (r, c) {
        (0, 0) | (0, 4) => Some(0b0011),
        (2, 0) => Some(0b0111),
        (2, 4) => Some(0b1011),
        (2, _) => Some(0x1fe),
        _ => None,
    });
    let step = logic::find(Technique::UniqueRectangle4, &g, &masks).expect("a type 4");
    assert_eq!(eliminations(&step), BTreeSet::from([(18, 2), (22, 2)]));
    assert_eq!(
        step.text(),
        "Unique rectangle type 4: r1c1 and r1c5 hold only 1/2, r3c1 and r3c5 hold 1/2 and more; 1 in row 3 is only in r3c1 or r3c5, so one of them is 1, and if either were 2 the four cells could swap 1/2 and the puzzle would have two solutions, so r3c1 and r3c5 lose 2"
    );
}

/// The first step of `technique` in a puzzle's explanation: no easier technique applies
/// on its state, `find` gives the same step there, and it removes no true candidate.
fn first_step_checked(puzzle: &str, technique: Technique) -> Step {
    let (g, cand, step) = before_first(puzzle, technique);
    for t in Technique::ALL.iter().take_while(|&&t| t < technique) {
        assert!(logic::find(*t, &g, &cand).is_none(), "{t}");
    }
    assert_eq!(logic::find(technique, &g, &cand), Some(step.clone()));
    let solution = solve_one(&grid(puzzle)).unwrap();
    for &(c, v) in &step.eliminations {
        assert_ne!(solution.get(c), v, "{}", step.text());
    }
    step
}

#[test]
fn als_xz_on_a_public_puzzle() {
    // The 23rd puzzle of magictour's top1465.
    let step = first_step_checked(
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
        Technique::AlsXz,
    );
    assert_eq!(
        step.text(),
        "ALS-XZ: r6c4 and r6c6 (2/7/8) and r7c6, r9c4 and r9c6 (2/4/7/8) are almost locked sets, each one symbol short of locked, and their places for 7 all see each other: one of them lacks 7 and is locked, so either way one of them holds 2 and 8: r5c6 loses 8"
    );
    assert_eq!(
        step.focus_text(),
        "Look at columns 4 and 6 for 8: an ALS-XZ"
    );
}

#[test]
fn als_xy_wing_on_a_public_puzzle() {
    // The 32nd puzzle of magictour's top1465.
    let step = first_step_checked(
        "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......",
        Technique::AlsXyWing,
    );
    assert_eq!(
        step.text(),
        "ALS-XY-Wing: the almost locked set r1c2, r1c4 and r1c8 (3/6/8/9) has 9 restricted with r7c4 and r7c8 (2/8/9) and 3 with r4c2 and r7c2 (2/3/9): it cannot hold both, so one of the two wings lacks its symbol and is locked, and either way one of them holds 2: r7c3 and r7c6 lose 2"
    );
}

#[test]
fn aic_with_a_grouped_node_on_a_public_puzzle() {
    // The 25th puzzle of magictour's top1465.
    let step = first_step_checked(
        "....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3..",
        Technique::Aic,
    );
    assert_eq!(
        step.text(),
        "AIC: 4r4c7 = 6r4c7 - 6{r1c7 r3c7} = 6r3c9 - 3r3c9 = 3r4c9 (= strong link, - weak link): 4r4c7 or 3r4c9 is true, so r4c9 loses 4"
    );
    // Five links, strong and weak in turn, following on; the group is two cells of 6.
    assert_eq!(step.links.len(), 5);
    for w in step.links.windows(2) {
        assert_eq!(w[0].to, w[1].from);
        assert_ne!(w[0].strong, w[1].strong);
    }
    assert!(step.links[0].strong);
    assert_eq!(step.links[1].to.cells, vec![6, 24]);
    assert_eq!(step.links[1].to.symbol, 6);
}

/// The page's help panel (`www/internal/techniques.js`) has an entry for every technique the engine
/// names, under the same id and name, and none the engine does not name.
#[test]
fn the_help_panel_knows_every_technique_by_its_id() {
    // The page lists the ids (www/internal/techniques.js) and names each in its English
    // catalog (`'technique.ID.name': 'Name',` in www/locales/en/hints.js).
    let page = include_str!("../www/internal/techniques.js");
    let catalog = include_str!("../www/locales/en/hints.js");
    let named: BTreeSet<&str> = catalog
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("'technique."))
        .filter_map(|rest| rest.strip_suffix("',"))
        .filter_map(|rest| rest.split_once(".name': '"))
        .map(|(id, _)| id)
        .filter(|&id| id != "unknown")
        .collect();
    let engine: BTreeSet<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
    assert_eq!(named, engine);
    for t in Technique::ALL {
        let entry = format!("'technique.{}.name': '{}',", t.id(), t.name());
        assert!(
            catalog.contains(&entry),
            "no entry {entry} in www/locales/en/hints.js"
        );
        assert!(
            page.contains(&format!("'{}'", t.id())),
            "{} is not listed in www/internal/techniques.js",
            t.id()
        );
    }
}

/// The techniques that assume one solution can be left out: the steps then reach the same
/// solution without them, each still sound, and the rating uses none of them either.
#[test]
fn the_uniqueness_techniques_can_be_left_out() {
    use sudoku64::logic::steps::{Techniques, explain_with};
    // magictour top1465 #1: its explanation uses a unique rectangle or BUG+1.
    let puzzle =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let solution = solve_one(&puzzle).unwrap();
    let assumes = |steps: &[Step]| {
        steps
            .iter()
            .any(|s| (Technique::UniqueRectangle..=Technique::BugPlusOne).contains(&s.technique))
    };
    let with = explain(&puzzle).unwrap().unwrap();
    assert!(
        assumes(&with),
        "the puzzle no longer needs them: pick another"
    );
    let without = explain_with(&puzzle, Techniques { uniqueness: false }, &mut || true)
        .unwrap()
        .unwrap();
    assert!(!assumes(&without));
    assert_eq!(replay(&puzzle, &solution, &without), solution);
    let rating =
        sudoku64::logic::rate::rate_with(&puzzle, Techniques { uniqueness: false }, &mut || true)
            .unwrap()
            .unwrap();
    for t in Technique::ALL {
        if (Technique::UniqueRectangle..=Technique::BugPlusOne).contains(&t) {
            assert_eq!(rating.count(t), 0, "{t}");
        }
    }
}

/// The first stage names the unit a step's reasoning is in: a claiming's row or column
/// (not the box its places lie in), and no step that places a symbol names that symbol.
#[test]
fn focus_names_the_unit_the_reasoning_is_in() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/public9.txt"),
    )
    .unwrap();
    let mut claimings = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).take(60) {
        for step in explain(&grid(line)).unwrap().unwrap() {
            if step.technique == Technique::Claiming {
                claimings += 1;
                assert!(
                    step.focus_text().starts_with("Look at row")
                        || step.focus_text().starts_with("Look at column"),
                    "{} / {}",
                    step.focus_text(),
                    step.text()
                );
            }
            if let Some(&(_, v)) = step.placements.first() {
                let named = format!(" for {}:", sudoku64::format::symbol_char(v));
                assert!(
                    !step.focus_text().contains(&named),
                    "{} / {}",
                    step.focus_text(),
                    step.text()
                );
            }
        }
    }
    assert!(
        claimings > 0,
        "no claiming in the first 60 puzzles: take more"
    );
}

#[test]
fn each_steps_focus_names_its_units_as_data_too() {
    // Every step of the public puzzles' explanations: the units in `units` are the ones its
    // focus sentence names, counted from 1 there and from 0 in the data.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/public9.txt"
    ))
    .unwrap();
    let mut named = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(20)
    {
        let grid = sudoku64::parse::parse(line).unwrap();
        for step in sudoku64::explain(&grid).unwrap().unwrap() {
            let words: Vec<String> = step
                .units
                .iter()
                .map(|&u| match u / 9 {
                    0 => format!("{}", u + 1),
                    1 => format!("{}", u - 9 + 1),
                    _ => format!("{}", u - 18 + 1),
                })
                .collect();
            let kinds: std::collections::BTreeSet<usize> =
                step.units.iter().map(|&u| u / 9).collect();
            assert!(kinds.len() <= 1, "{}: one kind of unit", step.focus_text());
            if let Some(&kind) = kinds.iter().next() {
                let word = ["row", "column", "box"][kind];
                assert!(
                    step.focus_text().contains(word),
                    "{} names {word}s",
                    step.focus_text()
                );
                for number in &words {
                    assert!(
                        step.focus_text().contains(number.as_str()),
                        "{}: {number}",
                        step.focus_text()
                    );
                }
                named += 1;
            } else if step.technique != sudoku64::Technique::Guess {
                assert!(
                    !step.focus_text().contains("row ") && !step.focus_text().contains("box "),
                    "{}: names a unit the data leaves out",
                    step.focus_text()
                );
            }
        }
    }
    assert!(named > 100, "{named} steps named units");
}

// --- layouts: jigsaw regions, diagonals, windows --------------------------------------------

/// A hand-drawn 6×6 jigsaw: each digit one region of six cells.
const JIGSAW_6: &str = "
    000111
    002211
    022231
    442333
    445553
    445553";

/// A hand-drawn 9×9 jigsaw: the 3×3 boxes with cells traded across their borders.
const JIGSAW_9: &str = "
    001011222
    000111222
    003112125
    330444552
    334344555
    333747555
    666474888
    666777888
    666778788";

fn jigsaw(map: &str) -> Shape {
    let regions: Vec<u8> = map
        .split_whitespace()
        .flat_map(|row| row.bytes().map(|b| b - b'0'))
        .collect();
    let n = (regions.len() as f64).sqrt() as usize;
    Shape::with_regions(n, &regions).unwrap()
}

/// The layouts checked: diagonals, windows and both on 4×4, 9×9 and 16×16 boxes, and
/// jigsaws of 6×6 and 9×9, one with diagonals too.
fn variant_shapes() -> Vec<Shape> {
    let mut shapes = Vec::new();
    for k in [2, 3, 4] {
        let plain = Shape::from_box(k).unwrap();
        shapes.push(plain.with_diagonals().unwrap());
        shapes.push(plain.with_windows().unwrap());
        shapes.push(plain.with_diagonals().unwrap().with_windows().unwrap());
    }
    shapes.push(jigsaw(JIGSAW_6));
    shapes.push(jigsaw(JIGSAW_9));
    shapes.push(jigsaw(JIGSAW_9).with_diagonals().unwrap());
    shapes
}

/// A random full grid of the shape: a few random givens that do not clash, completed by
/// the exact search (drawing again when they have no completion).
fn random_solution(shape: Shape, rng: &mut rand_xoshiro::Xoshiro256PlusPlus) -> Grid {
    use rand::RngExt;
    let n = shape.size();
    loop {
        let mut g = Grid::empty(shape);
        for _ in 0..n {
            let c = rng.random_range(0..shape.cell_count());
            g.set(c, rng.random_range(1..=n as u8));
            if g.first_clash().is_some() {
                g.set(c, 0);
            }
        }
        if let Some(s) = solve_one(&g) {
            return s;
        }
    }
}

/// A puzzle with the one solution `full`: cells emptied in a random order while the
/// exact search still finds one solution, trying at most `tries` cells.
fn thin(full: &Grid, tries: usize, rng: &mut rand_xoshiro::Xoshiro256PlusPlus) -> Grid {
    use rand::RngExt;
    let mut order: Vec<usize> = (0..full.cells().len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut puzzle = full.clone();
    for &c in order.iter().take(tries) {
        let v = puzzle.get(c);
        puzzle.set(c, 0);
        if sudoku64::search::count_solutions_up_to(&puzzle, 2) != 1 {
            puzzle.set(c, v);
        }
    }
    puzzle
}

/// On every layout, puzzles with one solution are explained step by step to it: every
/// placement is the solution's, no elimination removes it, and rating and hints run too.
/// Most steps are logic, not guesses: the techniques see every unit.
#[test]
fn every_layout_is_explained_soundly_to_its_solution() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(64);
    for shape in variant_shapes() {
        let n = shape.size();
        let (rounds, tries) = if n > 9 { (2, 90) } else { (6, n * n) };
        let (mut steps_taken, mut guesses) = (0, 0);
        for _ in 0..rounds {
            let full = random_solution(shape, &mut rng);
            let puzzle = thin(&full, tries, &mut rng);
            let line = sudoku64::format::to_line(&puzzle);
            let steps = explain(&puzzle)
                .unwrap_or_else(|e| panic!("{line}: {e}"))
                .unwrap();
            assert_eq!(replay(&puzzle, &full, &steps), full, "{line}");
            for step in &steps {
                assert!(!step.focus_text().is_empty(), "{line}: {}", step.text());
                assert!(
                    step.units.iter().all(|&u| u < shape.unit_count()),
                    "{line}: {:?}",
                    step.units
                );
            }
            steps_taken += steps.len();
            guesses += steps
                .iter()
                .filter(|s| s.technique == Technique::Guess)
                .count();
            let rating = rate(&puzzle)
                .unwrap_or_else(|e| panic!("{line}: {e}"))
                .unwrap();
            assert!(rating.score > 0, "{line}");
            let hints = hint(&puzzle).unwrap().unwrap();
            assert!(!hints.is_empty(), "{line}");
        }
        assert!(
            guesses * 10 <= steps_taken,
            "{} {:?}: {guesses} guesses in {steps_taken} steps",
            shape.name(),
            shape.variants()
        );
    }
}

/// Random candidate states of variant puzzles (pencil marks that keep the solution's
/// symbol and drop others at random): every technique's first step agrees with the
/// unique solution.
#[test]
fn every_technique_is_sound_on_random_states_of_every_layout() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(65);
    let mut fired = BTreeSet::new();
    for shape in variant_shapes().into_iter().filter(|s| s.size() <= 9) {
        for _ in 0..8 {
            let full = random_solution(shape, &mut rng);
            let puzzle = thin(&full, shape.cell_count(), &mut rng);
            let marks: Vec<u64> = (0..shape.cell_count())
                .map(|c| {
                    let keep = 1u64 << (full.get(c) - 1);
                    let drop = rng.random_range(0..=shape.full_mask()) & rng.random::<u64>();
                    (shape.full_mask() & !drop) | keep
                })
                .collect();
            for t in Technique::ALL {
                if let Some(step) = logic::find(t, &puzzle, &marks) {
                    fired.insert(t);
                    for &(c, v) in &step.eliminations {
                        assert_ne!(full.get(c), v, "{}: {}", shape.name(), step.text());
                    }
                    for &(c, v) in &step.placements {
                        assert_eq!(full.get(c), v, "{}: {}", shape.name(), step.text());
                    }
                }
            }
        }
    }
    for t in [
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
    ] {
        assert!(fired.contains(&t), "{t} never fired: {fired:?}");
    }
}

/// A state on which a unique rectangle taken without regard to the layout removes the
/// true symbol: in `full`, four open corners `a b / b a` of a rectangle over two rows and
/// two columns that `wrong` picks (one the plain rule accepts but the layout breaks), three
/// with pencil marks `a/b`, the fourth (the roof) `a/b/x`. The cells around that would
/// cross those marks out are emptied as well, and the puzzle has one solution, `full`.
/// Returns the puzzle, its marks and the four corners (roof last).
fn broken_rectangle(
    full: &Grid,
    wrong: impl Fn([usize; 4]) -> bool,
) -> Option<(Grid, Vec<u64>, [usize; 4])> {
    let shape = full.shape();
    let (n, geo) = (shape.size(), shape.geometry());
    let bit = |v: u8| 1u64 << (v - 1);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let [p, q, s, t] = corners.map(|c| full.get(c));
                    if p != t || q != s || !wrong(corners) {
                        continue;
                    }
                    for (i, x) in (0..4).flat_map(|i| (1..=n as u8).map(move |x| (i, x))) {
                        if x == p || x == q {
                            continue;
                        }
                        let roof = corners[i];
                        let mut puzzle = full.clone();
                        for &c in &corners {
                            puzzle.set(c, 0);
                            // What the corner's other symbol (or the roof's extra) is
                            // elsewhere in its units leaves with it.
                            let other = if full.get(c) == p { q } else { p };
                            for &d in geo.peers(c) {
                                let w = full.get(d as usize);
                                if w == other || (c == roof && w == x) {
                                    puzzle.set(d as usize, 0);
                                }
                            }
                        }
                        if sudoku64::search::count_solutions_up_to(&puzzle, 2) != 1 {
                            continue;
                        }
                        let marks: Vec<u64> = (0..shape.cell_count())
                            .map(|c| match c {
                                c if c == roof => bit(p) | bit(q) | bit(x),
                                c if corners.contains(&c) => bit(p) | bit(q),
                                _ => shape.full_mask(),
                            })
                            .collect();
                        let mut order = corners;
                        order.swap(i, 3);
                        return Some((puzzle, marks, order));
                    }
                }
            }
        }
    }
    None
}

/// The uniqueness techniques' first steps on a state, checked against the solution.
fn uniqueness_steps_are_sound(puzzle: &Grid, marks: &[u64], full: &Grid) {
    for t in [
        Technique::UniqueRectangle,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::BugPlusOne,
    ] {
        if let Some(step) = logic::find(t, puzzle, marks) {
            for &(c, v) in &step.eliminations {
                assert_ne!(full.get(c), v, "removes the answer: {}", step.text());
            }
        }
    }
    let steps = explain(puzzle).unwrap().unwrap();
    assert_eq!(replay(puzzle, full, &steps), *full);
}

/// On an X-Sudoku, a rectangle over two boxes with a corner on a diagonal: swapping its
/// symbols would put one twice on that diagonal, so the puzzle's one solution has the
/// deadly pattern and the roof keeps its true symbol.
#[test]
fn no_unique_rectangle_where_a_diagonal_breaks_the_swap() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(66);
    let shape = Shape::from_box(3).unwrap().with_diagonals().unwrap();
    let n = shape.size();
    let on_diagonal = |c: usize| c / n == c % n || c / n + c % n == n - 1;
    let two_boxes = |corners: [usize; 4]| {
        let mut boxes: Vec<usize> = corners.iter().map(|&c| shape.box_of(c)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        boxes.len() == 2
    };
    let mut checked = 0;
    while checked < 3 {
        let full = random_solution(shape, &mut rng);
        let Some((puzzle, marks, corners)) = broken_rectangle(&full, |corners| {
            two_boxes(corners) && corners.iter().any(|&c| on_diagonal(c))
        }) else {
            continue;
        };
        // The plain rule would fire: three corners a/b, the roof a/b and more, two boxes,
        // and its elimination would take the roof's true symbol.
        let roof = corners[3];
        assert!(marks[roof].count_ones() == 3 && marks[roof] & 1 << (full.get(roof) - 1) != 0);
        let plain = sudoku64::search::count_solutions_up_to(
            &puzzle.clone().with_shape(shape.without_extras()).unwrap(),
            2,
        );
        assert_eq!(plain, 2, "without the diagonals the rectangle swaps");
        uniqueness_steps_are_sound(&puzzle, &marks, &full);
        checked += 1;
    }
}

/// On a jigsaw, a rectangle whose corners lie in three or four regions: the swap breaks
/// a region, so nothing follows from it.
#[test]
fn no_unique_rectangle_across_three_jigsaw_regions() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(67);
    let mut checked = 0;
    for shape in [jigsaw(JIGSAW_6), jigsaw(JIGSAW_9)] {
        for _ in 0..3 {
            let full = random_solution(shape, &mut rng);
            let Some((puzzle, marks, _)) = broken_rectangle(&full, |corners| {
                let mut regions: Vec<usize> = corners.iter().map(|&c| shape.box_of(c)).collect();
                regions.sort_unstable();
                regions.dedup();
                regions.len() > 2
            }) else {
                continue;
            };
            uniqueness_steps_are_sound(&puzzle, &marks, &full);
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} states");
}

/// Unique rectangles where the layout keeps the swap, and none where it breaks it: a
/// corner on a diagonal, a window holding one corner, a rectangle over three regions.
#[test]
fn unique_rectangles_follow_the_layouts_units() {
    let nine = Shape::from_box(3).unwrap();
    let x = nine.with_diagonals().unwrap();
    let windoku = nine.with_windows().unwrap();
    let six = jigsaw(JIGSAW_6);
    // (shape, the three a/b corners and the roof, whether the rectangle holds)
    let cases = [
        (x, [(0, 0), (0, 4), (2, 0), (2, 4)], false),
        (x, [(0, 1), (0, 4), (2, 1), (2, 4)], true),
        (windoku, [(0, 1), (0, 4), (2, 1), (2, 4)], false),
        (windoku, [(1, 1), (1, 5), (2, 1), (2, 5)], true),
        (nine, [(0, 1), (0, 4), (2, 1), (2, 4)], true),
        (six, [(0, 1), (0, 4), (1, 1), (1, 4)], true),
        (six, [(0, 2), (0, 3), (1, 2), (1, 3)], false),
    ];
    for (shape, corners, holds) in cases {
        let n = shape.size();
        let cells = corners.map(|(r, c)| r * n + c);
        let masks: Vec<u64> = (0..n * n)
            .map(|c| match cells.iter().position(|&d| d == c) {
                Some(3) => 0b111,
                Some(_) => 0b011,
                None => shape.full_mask(),
            })
            .collect();
        let step = logic::find(Technique::UniqueRectangle, &Grid::empty(shape), &masks);
        let expected = holds.then(|| BTreeSet::from([(cells[3], 1), (cells[3], 2)]));
        assert_eq!(
            step.as_ref().map(eliminations),
            expected,
            "{} {corners:?}",
            shape.name()
        );
    }
}

/// Pencil marks with every symbol everywhere but symbol 1, kept only where `keep_one` says.
fn marks_without_one(shape: Shape, keep_one: impl Fn(usize, usize) -> bool) -> Vec<u64> {
    let n = shape.size();
    (0..n * n)
        .map(|c| {
            if keep_one(c / n, c % n) {
                shape.full_mask()
            } else {
                shape.full_mask() & !1
            }
        })
        .collect()
}

/// Steps in a diagonal, a window or a jigsaw region name it, in the sentence, the focus
/// and the step's unit numbers.
#[test]
fn steps_name_diagonals_windows_and_regions() {
    use sudoku64::grid::Unit;
    let x = Shape::from_box(3).unwrap().with_diagonals().unwrap();
    let main = x.unit_index(Unit::Diagonal(0));
    // 1 has one place on the main diagonal, r5c5: a hidden single there.
    let marks = marks_without_one(x, |r, c| r != c || r == 4);
    let step = logic::find(Technique::HiddenSingle, &Grid::empty(x), &marks).unwrap();
    assert_eq!(step.placements, vec![(40, 1)]);
    assert_eq!(
        step.text(),
        "Hidden single: 1 can only go in r5c5 within the main diagonal"
    );
    assert_eq!(
        step.focus_text(),
        "Look at the main diagonal: a hidden single"
    );
    assert_eq!(step.units, vec![main]);
    // 1 lies on the main diagonal only in box 1: the rest of box 1 loses it.
    let marks = marks_without_one(x, |r, c| r != c || r < 3);
    assert!(logic::find(Technique::Pointing, &Grid::empty(x), &marks).is_none());
    let step = logic::find(Technique::Claiming, &Grid::empty(x), &marks).unwrap();
    assert_eq!(
        step.text(),
        "Claiming: in the main diagonal, 1 lies only in box 1, so r1c2, r1c3, r2c1, r2c3, r3c1 and r3c2 lose 1"
    );
    assert_eq!(
        step.focus_text(),
        "Look at the main diagonal for 1: a claiming"
    );
    assert_eq!(step.units, vec![main]);

    // Window 1 (rows 2 to 4, columns 2 to 4) has 1 only in row 2: the rest of row 2 loses it.
    let windoku = Shape::from_box(3).unwrap().with_windows().unwrap();
    let marks = marks_without_one(windoku, |r, c| {
        !(1..4).contains(&r) || !(1..4).contains(&c) || r == 1
    });
    let step = logic::find(Technique::Pointing, &Grid::empty(windoku), &marks).unwrap();
    assert!(
        step.text()
            .starts_with("Pointing: in window 1, 1 lies only in row 2, so r2c1, r2c5"),
        "{}",
        step.text()
    );
    assert_eq!(step.focus_text(), "Look at window 1 for 1: a pointing");
    assert_eq!(step.units, vec![windoku.unit_index(Unit::Window(0))]);

    // Region 1 of the 6×6 jigsaw has 1 only in row 1: the rest of row 1 loses it.
    let six = jigsaw(JIGSAW_6);
    let region_one = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)];
    let marks = marks_without_one(six, |r, c| !region_one.contains(&(r, c)) || r == 0);
    let step = logic::find(Technique::Pointing, &Grid::empty(six), &marks).unwrap();
    assert_eq!(
        step.text(),
        "Pointing: in region 1, 1 lies only in row 1, so r1c4, r1c5 and r1c6 lose 1"
    );
    assert_eq!(step.focus_text(), "Look at region 1 for 1: a pointing");
    assert_eq!(step.units, vec![six.unit_index(Unit::Region(0))]);
}

/// Solo's game IDs of variant layouts (X, jigsaw), as far as the reader takes them: each
/// is explained soundly to the solution Solo gave. IDs the reader refuses are skipped.
#[test]
fn solo_variant_ids_are_explained_to_their_solutions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/solo-ids.txt");
    let text = std::fs::read_to_string(path).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (id, answer) = line.split_once(' ').unwrap();
        let Ok(puzzle) = sudoku64::solo::read_id(id) else {
            continue;
        };
        let shape = puzzle.shape();
        if shape.has_only_basic_units() && !shape.is_jigsaw() {
            continue;
        }
        let cells = answer
            .chars()
            .map(|ch| ch.to_digit(36).unwrap() as u8)
            .collect();
        let solution = Grid::from_cells(shape, cells).unwrap();
        let steps = explain(&puzzle)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
            .unwrap();
        assert_eq!(replay(&puzzle, &solution, &steps), solution, "{id}");
    }
}
