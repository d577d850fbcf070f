//! The shared fixtures in `tests/data/`: every engine must give every line's answer.
//!
//! A fixture file holds one `puzzle:count:solution` per line (`#` lines are comments):
//! the puzzle in the one-line form (`1`-`9`, `A`-`Z`, ... and `.` for empty), its number
//! of solutions counted up to 2, and its solution when the count is 1 (empty when it is 0,
//! optional when it is 2). `scripts/make-fixtures.py` made them. Variant puzzles add a
//! fourth field, their layout as words: `x` (both main diagonals are units), `windoku`
//! (the windows between the boxes), `regions=...` (a jigsaw: each cell's region as a
//! symbol, from `1`); `scripts/make-variant-fixtures.py` made those, from Solo's puzzles.
//!
//! Engines are rows of a table ([`engines`]): each turns a grid into an [`Answer`] (a count
//! and/or some solutions), and every answer is checked against every line, as the puzzle
//! is stored and under a random Sudoku symmetry. A new engine (a fast 9×9 path, a logic
//! solver) is one more row. Lines of side 9 or less are also checked against a brute-force
//! solver written here, which shares no code with the engine.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use sudoku64::search::{
    self, Counted, Decider, DepthFirst, Limits, Next, Policy, Rules, Search, SolveResult, band,
    bitboard, count_solutions_up_to, masks_of, solutions, solve_one,
};
use sudoku64::transform::random_symmetry;
use sudoku64::{Grid, ParseOptions, Shape, Unsolvable, Verdict, parse};

/// The symbols of the one-line form, in order (kept here so the fixtures are read without
/// the engine's own reader).
const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*";

/// Files in `tests/data` that are not `puzzle:count:solution` fixtures: golden generator
/// output, the public puzzles the logic tests explain (one puzzle a line), and game IDs
/// from Simon Tatham's Solo with their solutions (`ID SOLUTION`), kept for a reader of
/// that form (jigsaw and X layouts among them), and f-puzzles and SudokuPad links with
/// their IDs and solutions, which tests/formats.rs and the browser tests read; killer
/// fixtures (`ID COUNT SOLUTION NOTE`, tab-separated), which tests/killer.rs and the wasm
/// tests answer.
const NOT_FIXTURES: &[&str] = &[
    "generated.txt",
    "public9.txt",
    "solo-ids.txt",
    "links.txt",
    "killer.txt",
];

/// Fixtures the engine answers correctly but slowly: run only with `--ignored`.
const SLOW: &str = "slow.txt";

/// One fixture line.
#[derive(Clone, Debug)]
struct Case {
    /// `file:line`, for messages.
    at: String,
    puzzle: Grid,
    /// Solutions, counted up to 2.
    count: u64,
    /// The solution when the count is 1; a solution the file names when the count is 2.
    solution: Option<Grid>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

/// The shape of a grid of `cells` cells with a fixture's layout words.
fn layout(cells: usize, words: &str) -> Result<Shape, String> {
    let n = (1..=64)
        .find(|n| n * n == cells)
        .ok_or(format!("{cells} cells fit no grid"))?;
    let mut shape = None;
    let (mut x, mut windoku) = (false, false);
    for word in words.split_whitespace() {
        match word.split_once('=') {
            Some(("regions", ids)) => {
                let ids: Vec<u8> = ids
                    .chars()
                    .map(|ch| {
                        SYMBOLS
                            .find(ch)
                            .map(|i| i as u8)
                            .ok_or(format!("region {ch:?}"))
                    })
                    .collect::<Result<_, _>>()?;
                shape = Some(Shape::with_regions(n, &ids).map_err(|e| e.to_string())?);
            }
            None if word == "x" => x = true,
            None if word == "windoku" => windoku = true,
            _ => return Err(format!("{word:?} is no layout word")),
        }
    }
    let mut shape = match shape {
        Some(s) => s,
        None => Shape::from_size(n).map_err(|e| e.to_string())?,
    };
    if x {
        shape = shape.with_diagonals().map_err(|e| e.to_string())?;
    }
    if windoku {
        shape = shape.with_windows().map_err(|e| e.to_string())?;
    }
    Ok(shape)
}

/// A one-line grid, decoded here: its side is the square root of its length, its layout
/// the fixture's layout words.
fn decode(text: &str, words: &str) -> Result<Grid, String> {
    let shape = layout(text.chars().count(), words)?;
    let n = shape.size();
    let values = text
        .chars()
        .map(|ch| match ch {
            '.' => Ok(0),
            _ => match SYMBOLS.find(ch) {
                Some(i) if i < n => Ok(i as u8 + 1),
                _ => Err(format!("{ch:?} is no symbol of a {n}×{n} grid")),
            },
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Grid::from_cells(shape, values).map_err(|e| e.to_string())
}

fn encode(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&v| match v {
            0 => '.',
            v => SYMBOLS.as_bytes()[v as usize - 1] as char,
        })
        .collect()
}

/// Every fixture line of one file.
fn read_file(path: &Path) -> Vec<Case> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(':').collect();
        assert!(
            fields.len() == 3 || fields.len() == 4,
            "{at}: not puzzle:count:solution[:layout]"
        );
        let words = fields.get(3).copied().unwrap_or("");
        let puzzle = decode(fields[0], words).unwrap_or_else(|e| panic!("{at}: puzzle: {e}"));
        let count: u64 = fields[1]
            .parse()
            .unwrap_or_else(|e| panic!("{at}: count: {e}"));
        assert!(count <= 2, "{at}: counts go up to 2");
        let solution = match fields[2] {
            "" => None,
            s => Some(decode(s, words).unwrap_or_else(|e| panic!("{at}: solution: {e}"))),
        };
        match (count, &solution) {
            (0, Some(_)) => panic!("{at}: a solution for a puzzle with none"),
            (1, None) => panic!("{at}: a unique puzzle needs its solution"),
            _ => {}
        }
        cases.push(Case {
            at,
            puzzle,
            count,
            solution,
        });
    }
    cases
}

/// The fixture files in `tests/data`, sorted by name.
fn fixture_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "txt")
                && !NOT_FIXTURES.contains(&p.file_name().unwrap().to_str().unwrap())
        })
        .collect();
    files.sort();
    files
}

/// Every case of the fixture files, except the slow ones.
fn all_cases() -> Vec<Case> {
    fixture_files()
        .iter()
        .filter(|p| !p.ends_with(SLOW))
        .flat_map(|p| read_file(p))
        .collect()
}

// --- engines ------------------------------------------------------------------------------

/// What an engine says about a puzzle.
#[derive(Debug, Default)]
struct Answer {
    /// The number of solutions counted up to 2, if the engine counts.
    count: Option<u64>,
    /// The solutions it returned (distinct, at most 2 are looked at).
    solutions: Vec<Grid>,
}

impl Answer {
    fn from_result(result: SolveResult) -> Answer {
        match result {
            SolveResult::None => Answer {
                count: Some(0),
                solutions: vec![],
            },
            SolveResult::Unique(s) => Answer {
                count: Some(1),
                solutions: vec![s],
            },
            SolveResult::Multiple(a, b) => Answer {
                count: Some(2),
                solutions: vec![a, b],
            },
        }
    }
}

type Run = Box<dyn FnMut(&Grid) -> Answer>;

/// A way to solve: a name, how far it counts (its count is compared with the line's
/// count capped there), how many solutions it returns when there are that many (`solve`
/// returns 2, `solve_one` 1, a pure count 0), which grid sides it handles, and the function.
///
/// To check a new engine (a fast 9×9 path, a logic solver), push one more row in
/// [`engines`]; `handles` keeps it to the sides it supports.
struct Engine {
    name: &'static str,
    counts_to: u64,
    finds: usize,
    handles: fn(Shape) -> bool,
    run: Run,
}

fn any_size(_: Shape) -> bool {
    true
}

/// Sides for the engines that run with weaker propagation: they search far more on big
/// grids (naked singles alone take seconds on a 16×16, no locked candidates on a 25×25).
fn up_to_9(shape: Shape) -> bool {
    shape.size() <= 9
}

fn up_to_16(shape: Shape) -> bool {
    shape.size() <= 16
}

/// A side's usual boxes with no variant: the layout of a one-line grid.
fn is_plain(shape: Shape) -> bool {
    Shape::from_size(shape.size()) == Ok(shape)
}

/// The classic 9×9 only: the band solver's shape (no jigsaw, no extra units).
fn classic(shape: Shape) -> bool {
    shape.is_classic()
}

/// A fast path's two rows: its count to 2 (with both solutions), and to 1 (one solution,
/// none past the limit).
fn fast_path_rows(
    names: [&'static str; 2],
    handles: fn(Shape) -> bool,
    count_up_to: fn(&Grid, u64) -> Counted,
) -> [Engine; 2] {
    [
        Engine {
            name: names[0],
            counts_to: 2,
            finds: 2,
            handles,
            run: Box::new(move |g| {
                let counted = count_up_to(g, 2);
                assert_eq!(counted.stats.solutions, counted.count);
                Answer {
                    count: Some(counted.count),
                    solutions: counted.first.into_iter().chain(counted.second).collect(),
                }
            }),
        },
        Engine {
            name: names[1],
            counts_to: 1,
            finds: 1,
            handles,
            run: Box::new(move |g| {
                let counted = count_up_to(g, 1);
                assert!(counted.second.is_none(), "a second solution past the limit");
                Answer {
                    count: Some(counted.count),
                    solutions: counted.first.into_iter().collect(),
                }
            }),
        },
    ]
}

/// The table of engines checked against every fixture line.
fn engines() -> Vec<Engine> {
    let mut table: Vec<Engine> = vec![
        Engine {
            name: "search::solve",
            counts_to: 2,
            finds: 2,
            handles: any_size,
            run: Box::new(|g| Answer::from_result(search::solve(g))),
        },
        Engine {
            name: "count_solutions_up_to(2)",
            counts_to: 2,
            finds: 0,
            handles: any_size,
            run: Box::new(|g| Answer {
                count: Some(count_solutions_up_to(g, 2)),
                solutions: vec![],
            }),
        },
        Engine {
            name: "count_solutions_up_to(1)",
            finds: 0,
            handles: any_size,
            // Counting to 1 says only whether there is a solution.
            counts_to: 1,
            run: Box::new(|g| Answer {
                count: Some(count_solutions_up_to(g, 1)),
                solutions: vec![],
            }),
        },
        Engine {
            name: "solve_one",
            counts_to: 2,
            finds: 1,
            handles: any_size,
            run: Box::new(|g| Answer {
                count: None,
                solutions: solve_one(g).into_iter().collect(),
            }),
        },
        Engine {
            name: "solutions() iterator",
            counts_to: 2,
            finds: 2,
            handles: any_size,
            run: Box::new(|g| {
                let mut it = solutions(g);
                let found: Vec<Grid> = it.by_ref().take(2).collect();
                let count = if found.len() < 2 {
                    // Once exhausted, it stays exhausted.
                    assert!(it.next().is_none(), "the iterator resumed after None");
                    found.len() as u64
                } else {
                    2
                };
                Answer {
                    count: Some(count),
                    solutions: found,
                }
            }),
        },
    ];
    // The fast paths on their own, asked for more than the dispatch asks of them: the 9×9
    // band solver, and the bitboard solver (classic 9×9 too, which the policy gives the
    // band solver).
    table.extend(fast_path_rows(
        ["band::count_up_to(2)", "band::count_up_to(1)"],
        classic,
        band::count_up_to,
    ));
    table.extend(fast_path_rows(
        ["bitboard::count_up_to(2)", "bitboard::count_up_to(1)"],
        bitboard::supports,
        bitboard::count_up_to,
    ));
    // The bitboard solver with pointing and claiming the other way from its layout's
    // setting (`bitboard::pointing_pays`; the Diabolical pass-over counts X with them).
    table.extend(fast_path_rows(
        [
            "bitboard, pointing flipped: count_up_to(2)",
            "bitboard, pointing flipped: count_up_to(1)",
        ],
        bitboard::supports,
        |grid, limit| {
            let shape = grid.shape();
            bitboard::Tables::with_pointing(shape, !bitboard::pointing_pays(shape))
                .count_up_to(grid, limit, u64::MAX)
                .expect("no node limit")
        },
    ));
    // A search per shape and policy, reused for every puzzle of that shape: a reload must
    // forget the previous puzzle entirely. Each engine alone must give every answer, and
    // so must the portfolio, with its usual turns and with turns so short that the two
    // searches trade solutions.
    for (name, policy) in [
        ("policy: count_grid(2)", Policy::default()),
        ("depth-first search alone", Policy::depth_first_only()),
        (
            "conflict-driven search alone",
            Policy::conflict_driven_only(),
        ),
        (
            "logic, then the conflict-driven search",
            Policy {
                band: false,
                bitboard: false,
                depth_first: false,
                ..Policy::default()
            },
        ),
        (
            "portfolio with one-unit turns",
            Policy {
                band: false,
                bitboard: false,
                first_turn_per_cell: 1,
                ..Policy::default()
            },
        ),
    ] {
        let mut searches: HashMap<Shape, Search> = HashMap::new();
        table.push(Engine {
            name,
            counts_to: 2,
            finds: 2,
            handles: any_size,
            run: Box::new(move |g| {
                let search = searches
                    .entry(g.shape())
                    .or_insert_with(|| Search::with_policy(g.shape(), policy.clone()));
                let answer = search.count_grid(g, 2, Limits::NONE, &mut |_| true);
                assert!(answer.decided);
                assert_ne!(answer.engine, Decider::None, "an engine decided");
                Answer::from_result(answer.result().expect("decided"))
            }),
        });
    }
    // The depth-first search with weaker propagation must not change any answer.
    for (name, rules, handles) in [
        (
            "depth-first, naked singles only",
            Rules {
                hidden_singles: false,
                locked_candidates: false,
            },
            up_to_9 as fn(Shape) -> bool,
        ),
        (
            "depth-first, no locked candidates",
            Rules {
                hidden_singles: true,
                locked_candidates: false,
            },
            up_to_16,
        ),
        (
            "depth-first, no hidden singles",
            Rules {
                hidden_singles: false,
                locked_candidates: true,
            },
            up_to_9,
        ),
    ] {
        let mut solvers: HashMap<Shape, DepthFirst<'static>> = HashMap::new();
        table.push(Engine {
            name,
            counts_to: 2,
            finds: 2,
            handles,
            run: Box::new(move |g| {
                let dfs = solvers.entry(g.shape()).or_insert_with(|| {
                    let mut s = DepthFirst::new(g.shape());
                    s.set_rules(rules);
                    s
                });
                dfs.load(g);
                let mut found = Vec::new();
                while found.len() < 2 && dfs.next_solution() == Next::Solution {
                    found.push(dfs.solution());
                }
                Answer {
                    count: Some(found.len() as u64),
                    solutions: found,
                }
            }),
        });
    }
    table.push(Engine {
        name: "logic::explain",
        counts_to: 2,
        finds: 2,
        handles: any_size,
        run: Box::new(logic_answer),
    });
    // The generator's question, one query per empty cell: is there a solution with
    // another symbol there? Asked of the conflict-driven search alone.
    let mut searches: HashMap<Shape, Search> = HashMap::new();
    table.push(Engine {
        name: "conflict-driven, one cell apart",
        counts_to: 2,
        finds: 2,
        handles: up_to_16,
        run: Box::new(move |g| {
            let search = searches
                .entry(g.shape())
                .or_insert_with(|| Search::with_policy(g.shape(), Policy::conflict_driven_only()));
            one_cell_apart(search, g)
        }),
    });
    table
}

/// A first solution, then one query per empty cell for a solution with another symbol
/// there (the generator's question).
fn one_cell_apart(search: &mut Search, grid: &Grid) -> Answer {
    let mut masks = masks_of(grid);
    let mut first_of = |masks: &[u64]| {
        let answer = search.count(masks, 1, Limits::NONE, &mut |_| true);
        assert!(answer.decided);
        if let Some(found) = &answer.first {
            assert!(
                (0..masks.len()).all(|c| masks[c] & (1u64 << (found.get(c) - 1)) != 0),
                "a solution outside the candidates"
            );
        }
        answer.first
    };
    let Some(first) = first_of(&masks) else {
        return Answer {
            count: Some(0),
            solutions: vec![],
        };
    };
    let mut solutions = vec![first.clone()];
    for cell in (0..masks.len()).filter(|&c| grid.get(c) == 0) {
        let keep = masks[cell];
        masks[cell] &= !(1u64 << (first.get(cell) - 1));
        let other = first_of(&masks);
        masks[cell] = keep;
        if let Some(other) = other {
            solutions.push(other);
            break;
        }
    }
    Answer {
        count: Some(solutions.len() as u64),
        solutions,
    }
}

/// The logic solver as an engine: the grid its steps lead to, or what its verdict says.
/// Every step must be sound on the way (placements and eliminations agree with the
/// grid reached). For several solutions the verdict names a cell and two symbols it can
/// hold; the two solutions returned are completions with each (found by the exact
/// solver), so the check below proves the error's claim.
fn logic_answer(g: &Grid) -> Answer {
    match sudoku64::explain(g) {
        Ok(Verdict::Unique(steps)) => {
            let mut grid = g.clone();
            for step in &steps {
                for &(c, v) in &step.placements {
                    assert_eq!(grid.get(c), 0, "{} fills a filled cell", step.text());
                    grid.set(c, v);
                }
            }
            for step in &steps {
                for &(c, v) in &step.eliminations {
                    assert_ne!(grid.get(c), v, "{} removed the answer", step.text());
                }
            }
            Answer {
                count: Some(1),
                solutions: vec![grid],
            }
        }
        Ok(Verdict::Unsolvable(why)) => match why {
            Unsolvable::NoSolution => Answer {
                count: Some(0),
                solutions: vec![],
            },
            Unsolvable::Several {
                cell,
                first,
                second,
                ..
            } => {
                assert_ne!(first, second);
                let with = |v: u8| {
                    let mut p = g.clone();
                    p.set(cell, v);
                    solve_one(&p).expect("the cell can hold this symbol")
                };
                Answer {
                    count: Some(2),
                    solutions: vec![with(first), with(second)],
                }
            }
            _ => panic!("unexpected verdict: {why}"),
        },
        Err(e) => panic!("unexpected error: {e}"),
    }
}

/// Checks one engine's answer for a puzzle whose count is `count` and, when unique, whose
/// solution is `solution`. Returns what is wrong.
fn check(
    engine: &Engine,
    answer: &Answer,
    puzzle: &Grid,
    count: u64,
    solution: Option<&Grid>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    let capped = count.min(engine.counts_to);
    match answer.count {
        Some(c) if c != capped => wrong.push(format!("counts {c}, expected {capped}")),
        _ => {}
    }
    let wanted = (count as usize).min(engine.finds);
    if answer.solutions.len() != wanted {
        wrong.push(format!(
            "returned {} solutions, expected {wanted}",
            answer.solutions.len()
        ));
    }
    for (i, s) in answer.solutions.iter().enumerate() {
        if !s.is_solved() {
            wrong.push(format!(
                "solution {i} is not a valid full grid: {}",
                encode(s)
            ));
        }
        if !puzzle.is_subset_of(s) {
            wrong.push(format!("solution {i} drops a given: {}", encode(s)));
        }
        if count == 1
            && let Some(expected) = solution
            && s != expected
        {
            wrong.push(format!(
                "solution {} differs from {}",
                encode(s),
                encode(expected)
            ));
        }
    }
    if answer.solutions.len() == 2 && answer.solutions[0] == answer.solutions[1] {
        wrong.push("the two solutions are the same grid".into());
    }
    wrong
}

/// Runs every engine on every case (as stored, or under a random symmetry with the seed)
/// and fails listing every disagreement.
fn run_engines(cases: &[Case], symmetry_seed: Option<u64>) {
    let mut table = engines();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, case) in cases.iter().enumerate() {
        let (puzzle, solution) = match symmetry_seed {
            None => (case.puzzle.clone(), case.solution.clone()),
            Some(seed) => {
                // The same seed draws the same symmetry for the puzzle and its solution.
                let seed = seed.wrapping_add(i as u64);
                let t = |g: &Grid| random_symmetry(g, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
                (t(&case.puzzle), case.solution.as_ref().map(t))
            }
        };
        if let Some(s) = &solution {
            assert!(
                puzzle.is_subset_of(s),
                "{}: the transform broke the fixture",
                case.at
            );
        }
        for engine in table.iter_mut() {
            if !(engine.handles)(puzzle.shape()) {
                continue;
            }
            let answer = (engine.run)(&puzzle);
            checked += 1;
            for w in check(engine, &answer, &puzzle, case.count, solution.as_ref()) {
                failures.push(format!(
                    "{} [{}]: {w}\n    puzzle {}",
                    case.at,
                    engine.name,
                    encode(&puzzle)
                ));
            }
        }
    }
    assert!(checked > 0);
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_files_are_well_formed_and_cover_every_size() {
    let files = fixture_files();
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for wanted in [
        "9x9.txt",
        "small.txt",
        "large.txt",
        "rectangular.txt",
        "jigsaw.txt",
        "x.txt",
        "windoku.txt",
    ] {
        assert!(
            names.iter().any(|n| n == wanted),
            "tests/data/{wanted} is missing"
        );
    }
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(
            text.starts_with('#'),
            "{}: say where the puzzles come from in a comment at the top",
            path.display()
        );
    }
    let cases = all_cases();
    // (side, count) pairs present.
    let mut seen = std::collections::HashSet::new();
    for case in &cases {
        assert!(
            case.puzzle.first_clash().is_none(),
            "{}: fixture givens must not clash",
            case.at
        );
        if let Some(s) = &case.solution {
            assert!(s.is_solved(), "{}: the solution breaks a rule", case.at);
            assert!(
                case.puzzle.is_subset_of(s),
                "{}: the solution drops a given",
                case.at
            );
        }
        // The engine's reader reads the line as the same grid (the same cells, for a
        // variant, whose layout a one-line grid does not carry).
        if Shape::from_size(case.puzzle.size()).is_ok() {
            let options = ParseOptions {
                allow_clashes: true,
                ..ParseOptions::default()
            };
            let read = parse::parse_with(&encode(&case.puzzle), &options)
                .unwrap_or_else(|e| panic!("{}: {e}", case.at));
            assert_eq!(read.cells(), case.puzzle.cells(), "{}", case.at);
            assert!(
                !is_plain(case.puzzle.shape()) || read == case.puzzle,
                "{}",
                case.at
            );
        }
        seen.insert((case.puzzle.size(), case.count));
    }
    for n in [1, 4, 9, 16, 25, 36, 49, 64] {
        assert!(seen.contains(&(n, 1)), "no unique {n}×{n} fixture");
    }
    for n in [4, 9, 16, 25] {
        for count in [0, 2] {
            assert!(
                seen.contains(&(n, count)),
                "no {n}×{n} fixture with count {count}"
            );
        }
    }
    let nines = cases.iter().filter(|c| c.puzzle.size() == 9).count();
    assert!(nines >= 100, "only {nines} 9×9 fixtures");
}

#[test]
fn every_engine_agrees_with_the_small_fixtures() {
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| c.puzzle.size() <= 9)
        .collect();
    run_engines(&cases, None);
}

#[test]
fn every_engine_agrees_with_the_large_fixtures() {
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| c.puzzle.size() > 9)
        .collect();
    run_engines(&cases, None);
}

#[test]
fn every_engine_agrees_under_a_random_symmetry() {
    run_engines(&all_cases(), Some(0x5eed));
}

/// Cases the engine finds slow today (millions of nodes): for a faster engine to take on.
#[test]
#[ignore = "slow: run with --ignored"]
fn every_engine_agrees_with_the_slow_fixtures() {
    run_engines(&read_file(&data_dir().join(SLOW)), None);
}

#[test]
fn counts_are_unchanged_by_random_symmetries() {
    // Several symmetries of each small puzzle, counted to 2 by the default engine.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
    for case in all_cases().iter().filter(|c| c.puzzle.size() <= 9) {
        for _ in 0..4 {
            let t = random_symmetry(&case.puzzle, &mut rng);
            assert_eq!(t.clue_count(), case.puzzle.clue_count(), "{}", case.at);
            assert_eq!(
                count_solutions_up_to(&t, 2),
                case.count,
                "{}: {}",
                case.at,
                encode(&t)
            );
        }
    }
}

// --- an independent reference -------------------------------------------------------------

/// Counts solutions up to `limit` by plain backtracking: fill the empty cell with the fewest
/// symbols allowed by its row, column and box, try each. Returns the count and the first
/// solution found. Shares nothing with the engine but `Grid`'s storage.
fn reference(grid: &Grid, limit: u64) -> (u64, Option<Vec<u8>>) {
    let n = grid.size();
    // Boxes are `h` rows high and `w` columns wide: the squarest split of n, wide side
    // horizontal (a 6×6 has 2×3 boxes).
    let h = (1..=n).filter(|h| h * h <= n && n % h == 0).max().unwrap();
    let w = n / h;
    let box_of = move |r: usize, c: usize| r / h * h + c / w;
    let mut cells = grid.cells().to_vec();
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let b = box_of(r, c);
        let bit = 1u64 << v;
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return (0, None);
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    struct State<F> {
        n: usize,
        box_of: F,
        limit: u64,
        count: u64,
        first: Option<Vec<u8>>,
    }
    fn go<F: Fn(usize, usize) -> usize>(
        s: &mut State<F>,
        cells: &mut [u8],
        rows: &mut [u64],
        cols: &mut [u64],
        boxes: &mut [u64],
    ) {
        let n = s.n;
        let mut best: Option<(usize, u64)> = None;
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let used = rows[r] | cols[c] | boxes[(s.box_of)(r, c)];
            let free: u64 = (1..=n as u32)
                .map(|v| 1u64 << v)
                .filter(|b| used & b == 0)
                .sum();
            if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((i, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((i, free)) = best else {
            s.count += 1;
            if s.first.is_none() {
                s.first = Some(cells.to_vec());
            }
            return;
        };
        let (r, c) = (i / n, i % n);
        let b = (s.box_of)(r, c);
        for v in 1..=n as u8 {
            let bit = 1u64 << v;
            if free & bit == 0 {
                continue;
            }
            cells[i] = v;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            go(s, cells, rows, cols, boxes);
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            cells[i] = 0;
            if s.count >= s.limit {
                return;
            }
        }
    }
    let mut state = State {
        n,
        box_of,
        limit,
        count: 0,
        first: None,
    };
    go(&mut state, &mut cells, &mut rows, &mut cols, &mut boxes);
    (state.count, state.first)
}

#[test]
fn reference_solver_agrees_with_every_small_fixture() {
    let mut checked = 0;
    // Variant lines were counted by the script that wrote them, with its own solver.
    for case in all_cases()
        .iter()
        .filter(|c| c.puzzle.size() <= 12 && is_plain(c.puzzle.shape()))
    {
        let (count, first) = reference(&case.puzzle, 2);
        assert_eq!(
            count, case.count,
            "{}: the reference counts {count}",
            case.at
        );
        if case.count == 1 {
            assert_eq!(
                first.as_deref(),
                case.solution.as_ref().map(Grid::cells),
                "{}: the reference's solution differs",
                case.at
            );
        }
        checked += 1;
    }
    assert!(checked >= 130, "only {checked} lines checked");
}

#[test]
fn reference_solver_sanity() {
    // The reference itself: the 288 grids of an empty 4×4, and a clash has no solution.
    let shape = Shape::from_size(4).unwrap();
    assert_eq!(reference(&Grid::empty(shape), 1000).0, 288);
    let mut clash = Grid::empty(shape);
    clash.set(0, 1);
    clash.set(3, 1);
    assert_eq!(reference(&clash, 2).0, 0);
}
