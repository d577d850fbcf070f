//! Tests that run inside the wasm build, in headless Chromium (`npm run test:wasm`).
//!
//! They answer the shared fixtures of `tests/data` through the browser API
//! (`sudoku64::wasm`), and generate the golden puzzles of `tests/data/generated.txt`, which
//! the host tests (`tests/generate.rs`) check too: host and browser give the same text.
#![cfg(target_arch = "wasm32")]

use sudoku64::{Grid, parse};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The fixture files, built in: `puzzle:count:solution` lines.
const FIXTURES: &[(&str, &str)] = &[
    ("small.txt", include_str!("data/small.txt")),
    ("9x9.txt", include_str!("data/9x9.txt")),
    ("large.txt", include_str!("data/large.txt")),
    ("rectangular.txt", include_str!("data/rectangular.txt")),
];

/// `size:seed:symmetry:puzzle` lines.
const GENERATED: &str = include_str!("data/generated.txt");

struct Case {
    at: String,
    puzzle: String,
    count: u32,
    solution: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (name, text) in FIXTURES {
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split(':').collect();
            assert_eq!(f.len(), 3, "{name}:{}", i + 1);
            out.push(Case {
                at: format!("{name}:{}", i + 1),
                puzzle: f[0].to_string(),
                count: f[1].parse().unwrap(),
                solution: f[2].to_string(),
            });
        }
    }
    out
}

fn grid(text: &str) -> Grid {
    parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A solution the browser returned must be a valid grid holding the puzzle's givens.
fn assert_solves(at: &str, puzzle: &str, solution: &str) {
    let (p, s) = (grid(puzzle), grid(solution));
    assert!(s.is_solved(), "{at}: {solution} breaks a rule");
    assert!(p.is_subset_of(&s), "{at}: {solution} drops a given");
}

fn describe(err: &JsValue) -> String {
    js_sys::JSON::stringify(err)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| format!("{err:?}"))
}

#[wasm_bindgen_test]
fn version_crosses_the_boundary() {
    assert_eq!(sudoku64::wasm::version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn solve_answers_every_fixture() {
    let cases = cases();
    assert!(cases.len() > 100);
    for case in &cases {
        let at = &case.at;
        let report = sudoku64::wasm::solve(&case.puzzle, 0, false, "", "", &[], &quiet())
            .unwrap_or_else(|e| panic!("{at}: {}", describe(&e)));
        assert_eq!(report.puzzle(), case.puzzle, "{at}");
        assert_eq!(
            sudoku64::wasm::read(&case.puzzle, 0, false, "", "", &[])
                .ok()
                .map(|r| r.puzzle()),
            Some(case.puzzle.clone()),
            "{at}"
        );
        assert_eq!(
            report.size() as usize * report.size() as usize,
            case.puzzle.len()
        );
        assert_eq!(report.count(), case.count, "{at}");
        match case.count {
            0 => {
                assert_eq!(report.status(), "none", "{at}");
                assert!(report.solution().is_empty() && report.second().is_empty());
            }
            1 => {
                assert_eq!(report.status(), "unique", "{at}");
                assert_eq!(report.solution(), case.solution, "{at}");
                assert!(report.second().is_empty());
            }
            _ => {
                assert_eq!(report.status(), "multiple", "{at}");
                assert_solves(at, &case.puzzle, &report.solution());
                assert_solves(at, &case.puzzle, &report.second());
                assert_ne!(report.solution(), report.second(), "{at}");
            }
        }
    }
}

#[wasm_bindgen_test]
fn count_answers_every_fixture() {
    for case in &cases() {
        let at = &case.at;
        for limit in [1, 2] {
            let report =
                sudoku64::wasm::count(&case.puzzle, 0, false, "", "", &[], limit, &quiet())
                    .unwrap_or_else(|e| panic!("{at}: {}", describe(&e)));
            let want = case.count.min(limit);
            assert_eq!(report.count(), want, "{at} limit {limit}");
            let status = match want {
                0 => "none",
                1 if limit < 2 => "solvable",
                1 => "unique",
                _ => "multiple",
            };
            assert_eq!(report.status(), status, "{at} limit {limit}");
            if want == 0 {
                assert!(report.solution().is_empty(), "{at}");
            } else {
                assert_solves(at, &case.puzzle, &report.solution());
                if case.count == 1 {
                    assert_eq!(report.solution(), case.solution, "{at}");
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn generate_gives_the_golden_puzzles() {
    let mut checked = 0;
    for line in GENERATED.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        assert_eq!(f.len(), 4, "not size:seed:symmetry:puzzle: {line}");
        let (size, seed, symmetry, expected) = (f[0], f[1], f[2], f[3]);
        let report = sudoku64::wasm::generate(
            size.parse().unwrap(),
            "",
            "",
            symmetry,
            Some(seed.parse().unwrap()),
            f64::NAN,
            f64::NAN,
            "",
            &js_sys::Function::new_no_args(""),
        )
        .unwrap_or_else(|e| panic!("{line}: {}", describe(&e)));
        assert_eq!(
            report.puzzle(),
            expected,
            "{size}×{size} seed {seed} {symmetry}: the browser's puzzle differs"
        );
        assert_eq!(report.seed().to_string(), seed);
        assert_eq!(report.symmetry(), symmetry);
        assert_solves(line, &report.puzzle(), &report.solution());
        assert_eq!(
            sudoku64::search::count_solutions_up_to(&grid(&report.puzzle()), 2),
            1
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} golden lines");
}

#[wasm_bindgen_test]
fn generate_cancels_when_the_callback_says_false() {
    let stop = js_sys::Function::new_no_args("return false;");
    let err = sudoku64::wasm::generate(16, "", "", "none", Some(3), f64::NAN, f64::NAN, "", &stop)
        .err()
        .expect("cancelled");
    assert_eq!(
        field(&err, "kind").as_string().as_deref(),
        Some("cancelled")
    );
}

/// A progress callback that lets the search run.
fn quiet() -> js_sys::Function {
    js_sys::Function::new_no_args("return true;")
}

/// A 49×49 grid with 45% of its cells blanked at random: no engine decides it within the
/// 50 ms after which a search first calls its progress callback.
fn long_search() -> String {
    let text = include_str!("../bench/data/blanks-49-45.txt");
    text.lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle line")
        .to_string()
}

#[wasm_bindgen_test]
fn solve_and_count_report_progress_and_cancel_when_it_says_false() {
    for (what, limit) in [("solve", 0), ("count", 1), ("count", 2)] {
        // Counts its calls, checks that each gets four numbers, and says stop at the third.
        let callback = js_sys::Function::new_with_args(
            "nodes, conflicts, solved, guesses",
            "if (![nodes, conflicts, solved, guesses].every(Number.isFinite)) throw new Error('not numbers');\n\
             globalThis.progressCalls = (globalThis.progressCalls || 0) + 1;\n\
             return globalThis.progressCalls < 3;",
        );
        let global = js_sys::global();
        js_sys::Reflect::set(&global, &"progressCalls".into(), &JsValue::from(0)).unwrap();
        let result = if what == "solve" {
            sudoku64::wasm::solve(&long_search(), 0, false, "", "", &[], &callback)
                .map(|r| r.status())
        } else {
            sudoku64::wasm::count(&long_search(), 0, false, "", "", &[], limit, &callback)
                .map(|r| r.status())
        };
        let err = match result {
            Ok(status) => panic!("{what} {limit}: answered {status:?} after a cancel"),
            Err(err) => err,
        };
        assert_eq!(
            field(&err, "kind").as_string().as_deref(),
            Some("cancelled"),
            "{what} {limit}"
        );
        let calls = js_sys::Reflect::get(&global, &"progressCalls".into()).unwrap();
        assert_eq!(calls.as_f64(), Some(3.0), "{what} {limit}");
    }
}

fn field(err: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(err, &JsValue::from_str(key))
        .unwrap_or_else(|_| panic!("no field {key} on {}", describe(err)))
}

#[wasm_bindgen_test]
fn invalid_puzzles_are_errors_with_fields() {
    // Two 1s in the first row of a 4×4: a clash at r1c1 and r1c2.
    let err = sudoku64::wasm::solve("11..............", 0, false, "", "", &[], &quiet())
        .err()
        .expect("a clash is an error");
    assert!(err.is_instance_of::<js_sys::Error>(), "{}", describe(&err));
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("clash"));
    let cells = js_sys::Array::from(&field(&err, "cells"));
    let cells: Vec<f64> = cells.iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(cells, vec![0.0, 1.0]);
    assert_eq!(field(&err, "row").as_f64(), Some(1.0));
    assert_eq!(field(&err, "column").as_f64(), Some(1.0));
    // The message crosses as data (engine.js words it): the two cells and the symbol.
    let words = field(&err, "words").as_string().unwrap();
    assert!(words.starts_with(r#"{"key":"clash""#), "{words}");
    for fact in [
        r#""first":{"cell":0}"#,
        r#""second":{"cell":1}"#,
        r#""symbol":{"symbol":1}"#,
    ] {
        assert!(words.contains(fact), "{words} lacks {fact}");
    }
    assert_eq!(
        js_sys::Error::from(err).message().as_string().as_deref(),
        Some("clash")
    );

    // The same through count.
    let err = sudoku64::wasm::count("1.......1.......", 0, false, "", "", &[], 2, &quiet())
        .err()
        .expect("a clash is an error");
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("clash"));
    assert_eq!(field(&err, "row").as_f64(), Some(1.0));
    assert_eq!(field(&err, "column").as_f64(), Some(1.0));

    // A symbol outside a 4×4's alphabet: the text's line and column.
    let err = sudoku64::wasm::solve("1234\n34Z2\n2143\n4321\n", 0, false, "", "", &[], &quiet())
        .err()
        .expect("a bad symbol is an error");
    assert_eq!(
        field(&err, "kind").as_string().as_deref(),
        Some("bad-symbol")
    );
    assert_eq!(field(&err, "line").as_f64(), Some(2.0));
    assert_eq!(field(&err, "column").as_f64(), Some(3.0));

    // A cell count that fits no grid, and a size that is no grid side.
    let err = sudoku64::wasm::solve("123", 0, false, "", "", &[], &quiet())
        .err()
        .expect("no grid");
    assert_eq!(
        field(&err, "kind").as_string().as_deref(),
        Some("cell-count")
    );
    let err = sudoku64::wasm::solve("1234341221434321", 3, false, "", "", &[], &quiet())
        .err()
        .expect("no such size");
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("bad-size"));
    // A side with no boxes is a jigsaw's: plain cells are counted against it.
    let err = sudoku64::wasm::solve("1234341221434321", 11, false, "", "", &[], &quiet())
        .err()
        .expect("no jigsaw regions");
    assert_eq!(
        field(&err, "kind").as_string().as_deref(),
        Some("cell-count")
    );
}

#[wasm_bindgen_test]
fn generate_refuses_bad_options() {
    let none = js_sys::Function::new_no_args("");
    for (size, symmetry, empty, difficulty, kind) in [
        (11, "none", f64::NAN, "", "bad-size"),
        (9, "spiral", f64::NAN, "", "bad-option"),
        (9, "none", 1.5, "", "bad-option"),
        (9, "none", f64::NAN, "fiendish", "bad-option"),
    ] {
        let err = sudoku64::wasm::generate(
            size,
            "",
            "",
            symmetry,
            Some(1),
            empty,
            f64::NAN,
            difficulty,
            &none,
        )
        .err()
        .unwrap_or_else(|| panic!("{size} {symmetry} {empty} was accepted"));
        assert_eq!(
            field(&err, "kind").as_string().as_deref(),
            Some(kind),
            "{}",
            describe(&err)
        );
    }
}

/// The logic solver inside the wasm build answers the fixtures too: following its hints
/// from each uniquely solvable 9×9 and small puzzle reaches the fixture's solution, and
/// grids with no solution or several get those error kinds.
#[wasm_bindgen_test]
fn hints_follow_every_small_fixture_to_its_solution() {
    let mut followed = 0;
    for case in cases() {
        if !(case.at.starts_with("9x9") || case.at.starts_with("small")) {
            continue;
        }
        let at = &case.at;
        match case.count {
            0 | 2.. => {
                let err = sudoku64::wasm::hint(&case.puzzle, 0, false, "", "", &[], true)
                    .err()
                    .unwrap_or_else(|| {
                        panic!("{at}: a hint for a grid with {} solutions", case.count)
                    });
                let kind = field(&err, "kind").as_string().unwrap_or_default();
                let expected = if case.count == 0 {
                    ["no-solution", "clash"]
                } else {
                    ["multiple-solutions", "multiple-solutions"]
                };
                assert!(
                    expected.contains(&kind.as_str()),
                    "{at}: {}",
                    describe(&err)
                );
                if kind == "multiple-solutions" {
                    // The cell where two solutions differ, as the page points at it.
                    let cell = field(&err, "cell").as_f64().expect("a cell") as usize;
                    let n = grid(&case.puzzle).shape().size();
                    assert_eq!(grid(&case.puzzle).get(cell), 0, "{at}: a given");
                    assert_eq!(field(&err, "row").as_f64(), Some((cell / n + 1) as f64));
                    assert_eq!(field(&err, "column").as_f64(), Some((cell % n + 1) as f64));
                }
                let rated = sudoku64::wasm::rate(&case.puzzle, 0, false, "", "", &[], true);
                assert!(rated.is_err(), "{at}: rated");
            }
            _ => {
                let solution = grid(&case.solution);
                let mut grid = grid(&case.puzzle);
                let mut rounds = 0;
                while !grid.is_full() {
                    let text = sudoku64::format::to_line(&grid);
                    let report = sudoku64::wasm::hint(&text, 0, false, "", "", &[], true)
                        .unwrap_or_else(|e| panic!("{at}: {}", describe(&e)));
                    assert!(report.length() > 0, "{at}: no step for an unfinished grid");
                    let last = report.length() - 1;
                    let placed = report.placements(last);
                    assert!(placed.len() >= 2, "{at}: the last step places nothing");
                    for pair in placed.chunks(2) {
                        let (cell, value) = (pair[0] as usize, pair[1] as u8);
                        assert_eq!(value, solution.get(cell), "{at}: {}", report.words(last));
                        grid.set(cell, value);
                    }
                    rounds += 1;
                    assert!(rounds <= grid.cells().len(), "{at}: hints do not converge");
                }
                assert_eq!(grid, solution, "{at}");
                let rating = sudoku64::wasm::rate(&case.puzzle, 0, false, "", "", &[], true)
                    .unwrap_or_else(|e| panic!("{at}: {}", describe(&e)));
                assert!(
                    !rating.level().is_empty() && rating.steps() > 0
                        || case.puzzle == case.solution,
                    "{at}"
                );
                followed += 1;
            }
        }
    }
    assert!(followed > 50, "only {followed} fixtures followed");
}

/// A hint's focus and chain links cross the boundary as the engine made them: the flat
/// link list decodes to the steps' own links, groups of cells included.
#[wasm_bindgen_test]
fn hint_focus_and_links_match_the_engines_steps() {
    // From the Sudoku players' forum's hardest list: its first hint needs forcing chains.
    // And magictour top1465 #25 after its first three placements: an AIC through a group.
    let texts = [
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
        "....4...1.3.6.....8........1.9.75.........87....2......7....26.5..394......7..3..",
    ];
    let (mut chained, mut grouped) = (0, 0);
    for text in texts {
        let steps = sudoku64::hint(&grid(text)).unwrap().unwrap();
        let report = sudoku64::wasm::hint(text, 0, false, "", "", &[], true)
            .unwrap_or_else(|e| panic!("{}", describe(&e)));
        assert_eq!(report.length() as usize, steps.len());
        for (i, step) in steps.iter().enumerate() {
            let i = i as u32;
            assert_eq!(
                report.focus(i),
                step.focus.as_ref().map_or(String::new(), |f| f.to_json())
            );
            assert_eq!(report.words(i), step.words.to_json());
            let flat = report.links(i);
            let mut decoded = Vec::new();
            let mut at = 0;
            let node = |at: &mut usize| {
                let (symbol, count) = (flat[*at] as u8, flat[*at + 1] as usize);
                let cells: Vec<usize> = flat[*at + 2..*at + 2 + count]
                    .iter()
                    .map(|&c| c as usize)
                    .collect();
                *at += 2 + count;
                sudoku64::logic::Node { cells, symbol }
            };
            while at < flat.len() {
                let strong = flat[at] == 1;
                at += 1;
                let from = node(&mut at);
                let to = node(&mut at);
                decoded.push(sudoku64::logic::Link { from, to, strong });
            }
            assert_eq!(decoded, step.links, "{}", step.text());
            chained += usize::from(!decoded.is_empty());
            grouped += usize::from(decoded.iter().any(|l| l.to.cells.len() > 1));
        }
    }
    assert!(chained > 0);
    assert!(grouped > 0, "a link to a group of cells");
}

/// The 9×9 band solver runs its simd128 code in this build (the scalar loops natively):
/// givens of one symbol that clash in a row, in a box or in a column between bands leave
/// no solution, for a symbol in each of its vectors' digit groups (1, 5 and 9), and the
/// same givens apart are solvable.
#[wasm_bindgen_test]
fn band_solver_finds_clashing_givens() {
    use sudoku64::{Shape, search::band};
    let empty = Grid::empty(Shape::from_size(9).unwrap());
    // Row, box (another row), column across two bands, column across the outer bands.
    for (a, b) in [(0, 8), (0, 20), (0, 27), (4, 76)] {
        for v in [1, 5, 9] {
            let mut grid = empty.clone();
            grid.set(a, v);
            grid.set(b, v);
            assert_eq!(
                band::count_up_to(&grid, 2).count,
                0,
                "{v} at cells {a} and {b}"
            );
            grid.set(b, v % 9 + 1);
            assert_eq!(band::count_up_to(&grid, 2).count, 2, "{v} at cell {a}");
        }
    }
}

#[wasm_bindgen_test]
fn results_name_their_box_shape_and_regions_give_each_cells_box() {
    let none = js_sys::Function::new_no_args("");
    let made = sudoku64::wasm::generate(
        12,
        "2x6",
        "",
        "rot180",
        Some(4),
        f64::NAN,
        f64::NAN,
        "",
        &none,
    )
    .unwrap_or_else(|e| panic!("{}", describe(&e)));
    assert_eq!((made.size(), made.box_name()), (12, "2x6".to_string()));
    // Read back with the box option, the puzzle is the same one and names the same shape.
    let read = sudoku64::wasm::read(&made.puzzle(), 0, false, "2x6", "", &[]).unwrap();
    assert_eq!(
        (read.puzzle(), read.box_name()),
        (made.puzzle(), "2x6".to_string())
    );
    let solved = sudoku64::wasm::solve(&made.puzzle(), 0, false, "2x6", "", &[], &quiet()).unwrap();
    assert_eq!(solved.status(), "unique");
    assert_eq!(solved.solution(), made.solution());
    // A 2x6 box holds cells 0..6 of rows 1 and 2.
    let regions = sudoku64::wasm::regions(12, "2x6").unwrap();
    assert_eq!(regions.len(), 144);
    assert!((0..6).all(|c| regions[c] == 0 && regions[12 + c] == 0));
    assert_eq!(regions[6], 1);
    assert_eq!(regions[24], 2);
    // Without the option a 12×12 has 3×4 boxes.
    assert_eq!(sudoku64::wasm::regions(12, "").unwrap()[6], 1);
    assert_eq!(sudoku64::wasm::regions(12, "").unwrap()[4], 1);
    let err = sudoku64::wasm::regions(12, "2x5").expect_err("2x5 does not tile 12");
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("bad-box"));
    let err = sudoku64::wasm::generate(6, "", "", "rot90", Some(1), f64::NAN, f64::NAN, "", &none)
        .err()
        .expect("rot90 needs square boxes");
    assert_eq!(
        field(&err, "kind").as_string().as_deref(),
        Some("bad-option")
    );
}

#[wasm_bindgen_test]
fn a_solo_game_id_is_read_with_its_boxes_and_results_give_theirs() {
    let read = sudoku64::wasm::read("2x3:a5d4_6a5g4_2g5a3_6d2a", 0, false, "", "", &[]).unwrap();
    assert_eq!((read.size(), read.box_name()), (6, "2x3".to_string()));
    assert_eq!(read.puzzle(), ".5....46.5.......42.......5.36....2.");
    assert_eq!(read.id(), "2x3:a5d4_6a5g4_2g5a3_6d2a");
    let err = sudoku64::wasm::solve("9j:a", 0, false, "", "", &[], &quiet())
        .err()
        .expect("jigsaw IDs are not read yet");
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("bad-id"));
}

/// Solo's game IDs with their solutions (`params:description solution`).
const SOLO_IDS: &str = include_str!("data/solo-ids.txt");

/// A Solo description of a plain grid (`b2d9…`: a letter skips that many cells, a number is
/// a given, `_` separates two numbers) as a one-line 9×9, decoded by Solo's rules.
fn solo_line(description: &str) -> String {
    let mut line = String::new();
    let mut number = String::new();
    let flush = |line: &mut String, number: &mut String| {
        if !number.is_empty() {
            line.push_str(number);
            number.clear();
        }
    };
    for c in description.chars() {
        match c {
            'a'..='z' => {
                flush(&mut line, &mut number);
                line.push_str(&".".repeat((c as u8 - b'a' + 1) as usize));
            }
            '_' => flush(&mut line, &mut number),
            digit => number.push(digit),
        }
    }
    flush(&mut line, &mut number);
    line
}

/// Whether a 9×9 one-line solution holds every symbol once in each of `units`.
fn fills(solution: &str, units: &[Vec<usize>]) -> bool {
    let cells: Vec<char> = solution.chars().collect();
    units.iter().all(|unit| {
        let mut seen: Vec<char> = unit.iter().map(|&c| cells[c]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() == unit.len() && seen.iter().all(|c| ('1'..='9').contains(c))
    })
}

/// The rows, columns and both diagonals of a 9×9.
fn lines_and_diagonals() -> Vec<Vec<usize>> {
    let mut units = Vec::new();
    for i in 0..9 {
        units.push((0..9).map(|j| i * 9 + j).collect());
        units.push((0..9).map(|j| j * 9 + i).collect());
    }
    units.push((0..9).map(|i| i * 9 + i).collect());
    units.push((0..9).map(|i| i * 9 + 8 - i).collect());
    units
}

#[wasm_bindgen_test]
fn x_puzzles_from_solo_solve_with_the_variant_and_carry_their_layout() {
    let mut seen = 0;
    for line in SOLO_IDS.lines().filter(|l| l.starts_with("3x3x:")) {
        let (id, solution) = line.split_once(' ').expect("id and solution");
        let puzzle = solo_line(&id["3x3x:".len()..]);
        assert_eq!(puzzle.len(), 81, "{id}");
        let report = sudoku64::wasm::solve(&puzzle, 9, false, "", "x", &[], &quiet())
            .unwrap_or_else(|e| panic!("{id}: {}", describe(&e)));
        assert_eq!(report.status(), "unique", "{id}");
        assert_eq!(report.solution(), solution.trim(), "{id}: Solo's solution");
        assert!(fills(&report.solution(), &lines_and_diagonals()));
        let layout = report.layout();
        assert!(layout.diagonals());
        assert_eq!(layout.variant(), "x");
        assert_eq!(layout.box_name(), "3x3");
        assert_eq!(layout.regions().len(), 81);
        assert!(layout.windows().iter().all(|&w| w == 0));
        seen += 1;
    }
    assert!(seen >= 3);
}

#[wasm_bindgen_test]
fn layouts_name_windows_where_the_rules_place_them() {
    let layout = sudoku64::wasm::layout(9, "", "windoku, x").unwrap();
    assert_eq!(layout.variant(), "x,windoku");
    assert!(layout.diagonals());
    let windows = layout.windows();
    // Windows sit at rows and columns 2-4 and 6-8 (from 1), numbered row-major from 1.
    for cell in 0..81 {
        let place = |x: usize| match x {
            1..=3 => Some(0),
            5..=7 => Some(1),
            _ => None,
        };
        let expected = match (place(cell / 9), place(cell % 9)) {
            (Some(r), Some(c)) => r * 2 + c + 1,
            _ => 0,
        };
        assert_eq!(usize::from(windows[cell]), expected, "cell {cell}");
    }
    let plain = sudoku64::wasm::layout(12, "2x6", "").unwrap();
    assert_eq!((plain.variant(), plain.diagonals()), (String::new(), false));
    assert_eq!(plain.regions(), sudoku64::wasm::regions(12, "2x6").unwrap());
}

#[wasm_bindgen_test]
fn regions_make_a_plain_grid_a_jigsaw() {
    // The 9×9 boxes with r1c3 and r2c4 swapped between the first two.
    let mut regions: Vec<u8> = (0..81)
        .map(|c| ((c / 9) / 3 * 3 + (c % 9) / 3) as u8)
        .collect();
    regions.swap(2, 12);
    let report = sudoku64::wasm::count(&".".repeat(81), 9, false, "", "", &regions, 1, &quiet())
        .unwrap_or_else(|e| panic!("{}", describe(&e)));
    assert_eq!(report.status(), "solvable");
    let layout = report.layout();
    assert_eq!(
        (layout.variant(), layout.box_name()),
        ("jigsaw".to_string(), String::new())
    );
    let mut units = lines_and_diagonals();
    units.truncate(18);
    for r in 0..9u8 {
        units.push((0..81).filter(|&c| regions[c] == r).collect());
    }
    assert!(fills(&report.solution(), &units), "{}", report.solution());
    // A clash in a region alone: r1c3 and r2c5.
    let clash = format!("..1{}1{}", ".".repeat(10), ".".repeat(67));
    let err = sudoku64::wasm::solve(&clash, 9, false, "", "", &regions, &quiet())
        .err()
        .expect("a clash");
    assert_eq!(field(&err, "kind"), "clash");
    assert_eq!(field(&err, "cell"), 2);
}

#[wasm_bindgen_test]
fn variants_and_regions_that_do_not_fit_are_typed_errors() {
    let mut uneven: Vec<u8> = (0..81)
        .map(|c| ((c / 9) / 3 * 3 + (c % 9) / 3) as u8)
        .collect();
    uneven[40] = 0;
    let err = sudoku64::wasm::solve(&".".repeat(81), 9, false, "", "", &uneven, &quiet())
        .err()
        .expect("bad regions");
    assert_eq!(field(&err, "kind"), "bad-regions");
    assert!(field(&err, "row").as_f64().is_some_and(|r| r >= 1.0));
    assert!(field(&err, "column").as_f64().is_some_and(|c| c >= 1.0));
    let err = sudoku64::wasm::solve(&".".repeat(36), 6, false, "", "windoku", &[], &quiet())
        .err()
        .expect("no windows between 2×3 boxes");
    assert_eq!(field(&err, "kind"), "bad-variant");
    let err = sudoku64::wasm::read(&".".repeat(81), 9, false, "", "spiral", &[])
        .err()
        .expect("no such variant");
    assert_eq!(
        (field(&err, "kind"), field(&err, "option")),
        ("bad-option".into(), "variant".into())
    );
    let err = sudoku64::wasm::layout(9, "", "jigsaw")
        .err()
        .expect("regions come with a puzzle");
    assert_eq!(field(&err, "kind"), "bad-variant");
    let none = quiet();
    let err = sudoku64::wasm::generate(
        6,
        "",
        "windoku",
        "none",
        Some(1),
        f64::NAN,
        f64::NAN,
        "",
        &none,
    )
    .err()
    .expect("no windows between 2×3 boxes");
    assert_eq!(field(&err, "kind"), "bad-variant");
}

#[wasm_bindgen_test]
fn generated_x_and_windoku_puzzles_carry_their_layout() {
    let none = quiet();
    for variants in ["x", "windoku"] {
        let made = sudoku64::wasm::generate(
            9,
            "",
            variants,
            "none",
            Some(2),
            f64::NAN,
            f64::NAN,
            "",
            &none,
        )
        .unwrap_or_else(|e| panic!("{variants}: {}", describe(&e)));
        let layout = made.layout();
        assert_eq!(layout.variant(), variants);
        let count =
            sudoku64::wasm::count(&made.puzzle(), 9, false, "", variants, &[], 2, &none).unwrap();
        assert_eq!(count.status(), "unique", "{variants}");
        assert!(!made.id().is_empty());
    }
}

/// tests/data/killer.txt (`ID COUNT SOLUTION NOTE`, tab-separated): Solo's killers and
/// edits of them, answered here through the browser API.
const KILLERS: &str = include_str!("data/killer.txt");

#[wasm_bindgen_test]
fn killer_fixtures_count_and_carry_their_cages() {
    let mut seen = 0;
    for line in KILLERS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let (id, count, solution) = (fields[0], fields[1], fields[2]);
        let report = sudoku64::wasm::count(id, 0, false, "", "", &[], 2, &quiet())
            .unwrap_or_else(|e| panic!("{id}: {}", describe(&e)));
        let status = match count {
            "0" => "none",
            "1" => "unique",
            _ => "multiple",
        };
        assert_eq!(report.status(), status, "{id}");
        if count == "1" {
            assert_eq!(report.solution(), solution, "{id}");
        }
        let layout = report.layout();
        assert!(layout.variant().contains("killer"), "{id}");
        let cages = layout.cages();
        let sums = layout.sums();
        assert_eq!(cages.len(), (layout.size() * layout.size()) as usize);
        assert!(cages.iter().all(|&k| (k as usize) <= sums.len()), "{id}");
        seen += 1;
    }
    assert!(seen >= 60);
    // A cage whose sum no two digits make is an error that points at its cells.
    let err = sudoku64::wasm::read(
        "2x2k:p,_a___a_a_a_____aaa,2_6a5a3_3a7b5_3a3a",
        0,
        false,
        "",
        "",
        &[],
    )
    .err()
    .expect("a bad cage");
    assert_eq!(field(&err, "kind").as_string().as_deref(), Some("bad-cage"));
    assert_eq!(field(&err, "cell").as_f64(), Some(0.0));
    assert_eq!(field(&err, "row").as_f64(), Some(1.0));
    // Its message as data: no two different digits make its sum, 2.
    let words = field(&err, "words").as_string().unwrap();
    assert!(words.starts_with(r#"{"key":"cage-no-digits""#), "{words}");
    assert!(words.contains(r#""wanted":{"number":2}"#), "{words}");
}
