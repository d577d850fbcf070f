//! The `sudoku64` command, run as a program: solving files and standard input, counts,
//! every solution, layouts, statistics, generating (checked with the library), CSV, bad
//! options and the solver benchmark. Puzzles and answers come from `tests/data`.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sudoku64::generate::{Options, Unattended, generate};
use sudoku64::search::{count_solutions_up_to, solutions};
use sudoku64::{Grid, Shape, format, parse};

mod common;
use common::{run, run_bytes, stderr, stdout};

/// A file in the test's scratch directory with this text.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `(puzzle, count, solution)` lines of a fixture file.
fn fixtures(file: &str) -> Vec<(String, u64, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f[0].to_string(), f[1].parse().unwrap(), f[2].to_string())
        })
        .collect()
}

/// The fixture of side `n` with this count that has the most empty cells.
fn fixture(file: &str, n: usize, count: u64) -> (String, String) {
    fixtures(file)
        .into_iter()
        .filter(|(p, c, _)| *c == count && p.len() == n * n)
        .max_by_key(|(p, _, _)| p.matches('.').count())
        .map(|(p, _, s)| (p, s))
        .unwrap_or_else(|| panic!("no {n}×{n} fixture with count {count} in {file}"))
}

fn grid(text: &str) -> Grid {
    parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn solve_a_file_with_a_good_an_unsolvable_and_unreadable_lines() {
    let (good, solution) = fixture("9x9.txt", 9, 1);
    let (none, _) = fixture("9x9.txt", 9, 0);
    let short = &good[..80]; // 80 cells: fits no grid
    let mut clash = good.clone();
    // Two equal givens in the first row.
    let first = clash.chars().find(|c| c.is_ascii_digit()).unwrap();
    clash.replace_range(0..2, &format!("{first}{first}"));
    let text = format!("{good}\n# a comment line\n{none}\n{short}\n{clash}\n");
    let path = temp_file("mixed.txt", &text);
    let out = run(&["solve", path.to_str().unwrap()], "");
    let (so, se) = (stdout(&out), stderr(&out));
    assert!(!out.status.success(), "exit status {:?}", out.status);
    assert_eq!(
        so.lines().collect::<Vec<_>>(),
        vec![solution.as_str()],
        "{so}"
    );
    assert!(se.contains("line 3: no solution"), "{se}");
    assert!(se.contains("line 4:") && se.contains("80 cells"), "{se}");
    assert!(se.contains("line 5:"), "{se}");
    assert!(!se.contains("line 1:"), "{se}");
}

#[test]
fn generate_refuses_the_line_form_for_a_layout_only_an_id_carries() {
    for args in [
        &["--variant", "killer", "--size", "4"][..],
        &["--variant", "jigsaw"],
        &["--variant", "windoku"],
        &["--size", "12", "--box", "2x6"],
    ] {
        let mut all = vec!["generate", "--seed", "1", "--format", "line"];
        all.extend_from_slice(args);
        let out = run(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(
            stderr(&out).contains("--format solo"),
            "{args:?}: {}",
            stderr(&out)
        );
        // Without the flag, the ID, which reads back to the same layout with one solution.
        let out = run(
            &all[..3].iter().chain(args).copied().collect::<Vec<_>>(),
            "",
        );
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let id = stdout(&out).split_whitespace().next().unwrap().to_string();
        let count = run(&["solve", "--count", "2", "-"], &id);
        assert_eq!(stdout(&count).trim(), "1", "{args:?}: {id}");
    }
    let out = run(&["generate", "--seed", "1", "--format", "line"], "");
    assert!(out.status.success());
    assert_eq!(stdout(&out).split_whitespace().next().unwrap().len(), 81);
}

#[test]
fn hex_puzzles_are_solved_in_their_own_symbols() {
    let (puzzle, solution) = fixture("large.txt", 16, 1);
    // The same grids in 0-F: symbol k of the alphabet (from 1) is the hex digit k - 1.
    let hex = |text: &str| -> String {
        text.chars()
            .map(|c| match c {
                '.' => '.',
                _ => {
                    let k = sudoku64::format::ALPHABET.find(c).unwrap() as u32;
                    std::char::from_digit(k, 16).unwrap().to_ascii_uppercase()
                }
            })
            .collect()
    };
    let out = run(&["solve", "--hex", "-"], &format!("{}\n", hex(&puzzle)));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), hex(&solution));
    let out = run(&["solve", "--hex", "--format", "rows", "-"], &hex(&puzzle));
    let rows: String = stdout(&out).split_whitespace().collect();
    assert_eq!(rows, hex(&solution));
    // explain names the symbols as they were typed too: the same steps, each symbol in hex.
    let plain = stdout(&run(&["explain", "-"], &puzzle)).to_string();
    let typed = stdout(&run(&["explain", "--hex", "-"], &hex(&puzzle))).to_string();
    assert_eq!(plain.lines().count(), typed.lines().count());
    // "Naked single: r13c7 can only be A": the symbol is the last word.
    let mut singles = 0;
    for (p, t) in plain.lines().zip(typed.lines()) {
        if let Some((head, symbol)) = p.rsplit_once(' ')
            && p.starts_with("Naked single:")
        {
            assert_eq!(t, format!("{head} {}", hex(symbol)), "{p}");
            singles += 1;
        }
    }
    assert!(singles > 0, "{plain}");
}

#[test]
fn solve_reads_standard_input_and_a_single_good_file_succeeds() {
    let (puzzle, solution) = fixture("9x9.txt", 9, 1);
    for args in [vec!["solve"], vec!["solve", "-"]] {
        let out = run(&args, &format!("{puzzle}\n"));
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out).trim(), solution);
    }
    let path = temp_file("one.txt", &format!("{puzzle}\n"));
    let out = run(&["solve", path.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), solution);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));

    // A puzzle with several solutions: one is printed, and the user is told.
    let (several, _) = fixture("9x9.txt", 9, 2);
    let out = run(&["solve"], &format!("{several}\n"));
    let printed = grid(stdout(&out).trim());
    assert!(printed.is_solved() && grid(&several).is_subset_of(&printed));
    assert!(
        stderr(&out).contains("more than one solution"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let out = run(&["solve", "/nonexistent/puzzles.txt"], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("/nonexistent/puzzles.txt"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn count_prints_the_number_of_solutions_up_to_the_limit() {
    let lines: Vec<(String, u64, String)> = ["9x9.txt", "small.txt"]
        .iter()
        .flat_map(|f| fixtures(f))
        .collect();
    let text: String = lines.iter().map(|(p, _, _)| format!("{p}\n")).collect();
    let out = run(&["solve", "--count", "2"], &text);
    let counts: Vec<u64> = stdout(&out)
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    let expected: Vec<u64> = lines.iter().map(|l| l.1).collect();
    assert_eq!(counts, expected);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    // A limit of 1 caps them.
    let out = run(&["solve", "--count", "1"], &text);
    let capped: Vec<u64> = stdout(&out).lines().map(|l| l.parse().unwrap()).collect();
    let expected: Vec<u64> = lines.iter().map(|l| l.1.min(1)).collect();
    assert_eq!(capped, expected);
}

#[test]
fn all_prints_every_solution_of_a_4x4() {
    // A 4×4 fixture with several solutions, but few enough to list.
    let (puzzle, wanted) = fixtures("small.txt")
        .into_iter()
        .filter(|(p, c, _)| *c == 2 && p.len() == 16)
        .map(|(p, _, _)| {
            let n = count_solutions_up_to(&grid(&p), 1000);
            (p, n)
        })
        .find(|&(_, n)| (3..=50).contains(&n))
        .expect("a 4×4 fixture with 3 to 50 solutions");
    let out = run(&["solve", "--all"], &format!("{puzzle}\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(printed.len() as u64, wanted, "{printed:?}");
    let set: BTreeSet<&String> = printed.iter().collect();
    assert_eq!(set.len(), printed.len(), "a solution printed twice");
    let library: BTreeSet<String> = solutions(&grid(&puzzle))
        .map(|g| format::to_line(&g))
        .collect();
    assert_eq!(set, library.iter().collect());
    let givens = grid(&puzzle);
    for s in &printed {
        let g = grid(s);
        assert!(g.is_solved() && givens.is_subset_of(&g), "{s}");
    }
    // --max cuts the list and says so.
    let out = run(&["solve", "--all", "--max", "2"], &format!("{puzzle}\n"));
    assert_eq!(stdout(&out).lines().count(), 2);
    assert!(stderr(&out).contains("stopped after 2"), "{}", stderr(&out));
    // --all with no solution fails.
    let (none, _) = fixture("small.txt", 4, 0);
    let out = run(&["solve", "--all"], &format!("{none}\n"));
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("line 1: no solution"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn framed_and_rows_layouts_read_back_to_the_solution() {
    for (file, n) in [("small.txt", 4), ("9x9.txt", 9), ("large.txt", 16)] {
        let (puzzle, solution) = fixture(file, n, 1);
        let k = (1..=8).find(|k| k * k == n).unwrap();
        let out = run(&["solve", "--format", "framed"], &format!("{puzzle}\n"));
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        // n rows and k + 1 rules.
        assert_eq!(lines.len(), n + k + 1, "{text}");
        assert_eq!(lines.iter().filter(|l| l.starts_with('+')).count(), k + 1);
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with('+') || l.starts_with('|'))
        );
        assert_eq!(format::to_line(&grid(&text)), solution, "{text}");

        let out = run(&["solve", "--format", "rows"], &format!("{puzzle}\n"));
        let text = stdout(&out);
        let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(rows.len(), n);
        assert_eq!(rows.concat(), solution);
    }
}

#[test]
fn stats_go_to_standard_error_for_each_puzzle() {
    let puzzles: Vec<String> = fixtures("9x9.txt")
        .into_iter()
        .filter(|l| l.1 == 1)
        .take(5)
        .map(|l| l.0)
        .collect();
    let out = run(&["solve", "--stats"], &(puzzles.join("\n") + "\n"));
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().count(), 5);
    let err = stderr(&out);
    for line in 1..=5 {
        let stat = err
            .lines()
            .find(|l| l.starts_with(&format!("line {line}: ")))
            .unwrap_or_else(|| panic!("no stats for line {line}: {err}"));
        for word in ["nodes", "guesses", "backtracks", "µs"] {
            assert!(stat.contains(word), "{stat}");
        }
    }
}

/// `PUZZLE SOLUTION` lines, checked with the library: a unique puzzle, its solution.
fn check_generated_lines(text: &str, size: usize, count: usize) -> Vec<(Grid, Grid)> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), count, "{text}");
    let mut out = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 2, "not PUZZLE SOLUTION: {line}");
        let (p, s) = (grid(fields[0]), grid(fields[1]));
        assert_eq!(p.size(), size);
        assert!(s.is_solved() && p.is_subset_of(&s), "{line}");
        assert_eq!(count_solutions_up_to(&p, 2), 1, "not unique: {line}");
        out.push((p, s));
    }
    out
}

#[test]
fn generate_prints_unique_puzzles_reproducibly() {
    let args = ["generate", "--size", "9", "--count", "3", "--seed", "5"];
    let out = run(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    let made = check_generated_lines(&stdout(&out), 9, 3);
    let distinct: BTreeSet<&[u8]> = made.iter().map(|(p, _)| p.cells()).collect();
    assert_eq!(distinct.len(), 3);
    // The same seed gives the same text, and the library gives it for seeds 5, 6, 7.
    assert_eq!(stdout(&run(&args, "")), stdout(&out));
    for (i, (p, s)) in made.iter().enumerate() {
        let options = Options::new(Shape::from_size(9).unwrap(), 5 + i as u64);
        let lib = generate(&options, &mut Unattended).unwrap();
        assert_eq!((&lib.puzzle, &lib.solution), (p, s), "seed {}", 5 + i);
    }
    // Other sizes and a symmetry.
    let out = run(
        &[
            "generate",
            "--size",
            "16",
            "--seed",
            "3",
            "--symmetry",
            "rot180",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let made = check_generated_lines(&stdout(&out), 16, 1);
    let p = &made[0].0;
    let n = 16;
    for c in 0..n * n {
        assert_eq!(
            p.get(c) == 0,
            p.get(n * n - 1 - c) == 0,
            "rot180 broken at {c}"
        );
    }
    // An explicit fraction.
    let out = run(
        &["generate", "--size", "9", "--seed", "1", "--empty", "0.5"],
        "",
    );
    let made = check_generated_lines(&stdout(&out), 9, 1);
    assert!(made[0].0.clue_count() <= 40, "{}", made[0].0.clue_count());
}

#[test]
fn generate_csv_has_a_header_and_one_row_per_puzzle() {
    let out = run(
        &[
            "generate", "--size", "9", "--count", "2", "--seed", "5", "--csv",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("index,size,seed,symmetry,clues,empty,puzzle,solution,level,box,variant,id")
    );
    let plain = stdout(&run(
        &["generate", "--size", "9", "--count", "2", "--seed", "5"],
        "",
    ));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2);
    for ((i, row), plain) in rows.iter().enumerate().zip(plain.lines()) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f.len(), 12, "{row}");
        assert_eq!(f[8], "", "not graded without --difficulty");
        assert_eq!(f[9], "3x3");
        assert_eq!(f[10], "", "no variant");
        assert_eq!(grid(f[11]), grid(f[6]), "the ID is the puzzle");
        assert_eq!(f[0], (1 + i).to_string());
        assert_eq!(f[1], "9");
        assert_eq!(f[2], (5 + i).to_string());
        assert_eq!(f[3], "none");
        let clues: usize = f[4].parse().unwrap();
        assert_eq!(clues, grid(f[6]).clue_count());
        let empty: f64 = f[5].parse().unwrap();
        assert!((empty - (81 - clues) as f64 / 81.0).abs() < 1e-4, "{row}");
        assert_eq!(
            format!("{} {}", f[6], f[7]),
            plain,
            "CSV and plain output differ"
        );
    }
}

#[test]
fn generate_by_difficulty_writes_the_level_and_a_seed_that_regenerates_the_puzzle() {
    let out = run(
        &[
            "generate",
            "--count",
            "2",
            "--seed",
            "9",
            "--difficulty",
            "medium",
            "--csv",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for row in text.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f[8], "medium", "{row}");
        let again = stdout(&run(&["generate", "--seed", f[2]], ""));
        assert_eq!(
            again.split(' ').next(),
            Some(f[6]),
            "seed {} regenerates it",
            f[2]
        );
    }
    let bad = run(&["generate", "--difficulty", "fiendish"], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("fiendish"), "{}", stderr(&bad));
}

#[test]
fn bad_options_exit_non_zero_with_a_clear_message() {
    for (args, needle) in [
        (vec!["generate", "--size", "11"], "11"),
        (vec!["generate", "--empty", "1.5"], "1.5"),
        (vec!["generate", "--symmetry", "spiral"], "spiral"),
        (vec!["solve", "--size", "11"], "11"),
        (vec!["solve", "--count", "2", "--all"], "--all"),
        // A limit of 0 would report "no solution" for a solvable puzzle.
        (vec!["solve", "--all", "--max", "0"], "--max"),
        (vec!["solve", "--count", "0"], "--count"),
        // No puzzles asked for is a mistake, said as one, not an empty success.
        (vec!["generate", "--count", "0"], "--count"),
        (
            vec!["generate", "--variant", "killer", "--size", "25"],
            "20×20",
        ),
        (
            vec!["generate", "--variant", "x,windoku", "--size", "36"],
            "25×25",
        ),
        // A negative number is a bad value of its option, not an unknown argument.
        (vec!["generate", "--empty", "-0.1"], "-0.1"),
        (vec!["generate", "--budget-ms", "-5"], "time budget"),
        (vec!["generate", "--seed", "-1"], "--seed"),
        (vec!["generate", "--size", "-9"], "--size"),
        (vec!["solve", "--count", "-1"], "--count"),
        (vec!["solve", "--size", "-9"], "--size"),
        (vec!["solve", "--timeout", "-1"], "-1"),
        // An option's value is still not taken from the next option.
        (vec!["generate", "--seed", "--minimal"], "--seed"),
    ] {
        let out = run(&args, "1234341221434321\n");
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // The symmetry message lists what is allowed.
    let err = stderr(&run(&["generate", "--symmetry", "spiral"], ""));
    assert!(err.contains("rot180") && err.contains("diagonal"), "{err}");
    let err = stderr(&run(&["generate", "--empty", "1.5"], ""));
    assert!(err.contains("fraction"), "{err}");
}

#[test]
fn bench_solve_reports_throughput_median_p99_and_the_deciding_engines() {
    let lines: Vec<(String, u64, String)> = fixtures("9x9.txt");
    let text: String = lines.iter().map(|(p, _, _)| format!("{p}\n")).collect();
    let path = temp_file("bench.txt", &text);
    let out = run(&["bench", "solve", path.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let report = stdout(&out);
    let value = |label: &str| -> f64 {
        let line = report
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label:?} in {report}"));
        line[label.len()..].trim().parse().unwrap()
    };
    assert_eq!(value("puzzles ") as usize, lines.len());
    assert!(value("puzzles/s") > 0.0);
    let (median, p99) = (value("median µs"), value("p99 µs"));
    assert!(median > 0.0 && median <= p99, "{report}");
    let tally = |c: u64| lines.iter().filter(|l| l.1 == c).count();
    let summary = format!(
        "{} unique, {} multiple, {} none",
        tally(1),
        tally(2),
        tally(0)
    );
    assert!(report.contains(&summary), "{summary} not in {report}");
    // Every puzzle is decided by some engine, and --engines picks which.
    let decided = |report: &str| -> Vec<(String, usize)> {
        let line = report
            .lines()
            .find_map(|l| l.strip_prefix("decided by"))
            .unwrap_or_else(|| panic!("no deciding engines in {report}"));
        line.split(',')
            .map(|part| {
                let (name, k) = part.trim().rsplit_once(' ').expect("NAME COUNT");
                (name.to_string(), k.parse().expect("a count"))
            })
            .collect()
    };
    let total = |d: &[(String, usize)]| d.iter().map(|(_, k)| k).sum::<usize>();
    assert_eq!(total(&decided(&report)), lines.len(), "{report}");
    let out = run(
        &[
            "bench",
            "solve",
            "--engines",
            "dfs,cdcl,bitboard",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let by = decided(&stdout(&out));
    assert!(by.iter().all(|(e, _)| e != "band"), "{by:?}");
    assert!(by.iter().any(|(e, _)| e == "bitboard"), "{by:?}");
    assert_eq!(total(&by), lines.len());
    let err = stderr(&run(
        &[
            "bench",
            "solve",
            "--engines",
            "warp",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert!(err.contains("bitboard"), "{err}");
}

#[test]
fn generate_minimal_exits_3_when_minimality_is_not_proved() {
    // At 49×49 some removal checks do not end within their limits: the puzzle is printed
    // (unique), but the exit status and standard error say it is not proved minimal.
    let out = run(
        &["generate", "--size", "49", "--minimal", "--seed", "1"],
        "",
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let made = check_generated_lines(&stdout(&out), 49, 1);
    let (puzzle, _) = &made[0];
    let err = stderr(&out);
    assert!(err.contains("not proved minimal"), "{err}");
    let undecided: u32 = err
        .split("not proved minimal: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of undecided clues: {err}"));
    // The library agrees: the same seed gives the same puzzle, not minimal.
    let options = Options {
        target: Some(sudoku64::generate::Target::Minimal),
        ..Options::new(Shape::from_size(49).unwrap(), 1)
    };
    let lib = generate(&options, &mut Unattended).unwrap();
    assert_eq!(&lib.puzzle, puzzle);
    assert!(!lib.minimal);
    assert_eq!(lib.undecided, undecided);
    // One candidate: only a minimal 25×25 or 36×36 gives way to further seeds.
    assert_eq!(lib.candidates, 1);

    // Where minimality is proved, the status is 0 and nothing is said.
    let out = run(&["generate", "--size", "9", "--minimal", "--seed", "1"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("not proved"), "{}", stderr(&out));
    // The help names the status.
    let help = stdout(&run(&["generate", "--help"], ""));
    assert!(help.contains("3 when --minimal"), "{help}");
}

#[test]
fn rate_explain_and_all_answer_a_puzzle_with_many_solutions_as_solve_does() {
    // A sparse 16×16 with many solutions: its uniqueness check once ran a plain
    // depth-first search for minutes. Each command must tell "several" apart.
    let puzzle = "........5..6D...E........G.97..F...........D49..A.C..17.8...5.2..A.G...6......8.C..8..F...75...G..642CG..E...5........9..4..B....8G....21.DF..5............EC...6..9.....24...E.D.B.3.C7.8.A.....1.A.....6......2CE.....3.9.8...........A..4E.9..........1......";
    let input = format!("{puzzle}\n");
    let out = run(&["solve"], &input);
    assert!(
        stderr(&out).contains("more than one solution"),
        "{}",
        stderr(&out)
    );
    for command in ["rate", "explain"] {
        let out = run(&[command], &input);
        assert!(!out.status.success(), "{command}");
        let err = stderr(&out);
        assert!(
            err.contains("line 1: more than one solution"),
            "{command}: {err}"
        );
    }
    let out = run(&["solve", "--all", "--max", "3"], &input);
    let found: BTreeSet<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(found.len(), 3, "{}", stdout(&out));
    let given = grid(puzzle);
    for s in &found {
        let s = grid(s);
        assert!(s.is_solved() && given.is_subset_of(&s));
    }
    assert!(
        stderr(&out).contains("stopped after 3 solutions"),
        "{}",
        stderr(&out)
    );
}

/// The puzzle of the bad-input reports, and its solution.
const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn solution_of(puzzle: &str) -> String {
    match sudoku64::search::solve(&grid(puzzle)) {
        sudoku64::search::SolveResult::Unique(s) => format::to_line(&s),
        other => panic!("{puzzle}: {other:?}"),
    }
}

#[test]
fn a_byte_that_is_not_utf8_is_named_and_the_other_lines_solved() {
    let input = [
        format!("{P}\n").as_bytes(),
        b"\xff\n",
        format!("{P}\n").as_bytes(),
    ]
    .concat();
    let out = run_bytes(&["solve", "-"], &input);
    assert!(!out.status.success());
    let solved = solution_of(P);
    assert_eq!(
        stdout(&out).lines().collect::<Vec<_>>(),
        vec![solved.as_str(); 2]
    );
    let err = stderr(&out);
    assert!(
        err.contains("line 2:") && err.contains("0xFF at line 2, column 1"),
        "{err}"
    );
    // UTF-16 is named as such.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(P.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let err = stderr(&run_bytes(&["solve", "-"], &utf16));
    assert!(err.contains("UTF-16 little-endian"), "{err}");
}

#[test]
fn binary_input_and_over_long_lines_are_refused_in_bounded_memory() {
    // /dev/zero never ends: its first NUL byte stops the reading.
    if Path::new("/dev/zero").exists() {
        let out = run(&["solve", "/dev/zero"], "");
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.contains("line 1") && err.contains("NUL byte"), "{err}");
    }
    // A line of 3 MB is refused at its number; the next line is solved.
    let input = format!("{}\n{P}\n", ".".repeat(3 << 20));
    let out = run(&["solve", "-"], &input);
    assert!(!out.status.success());
    assert_eq!(stdout(&out).trim(), solution_of(P));
    let err = stderr(&out);
    assert!(err.starts_with("line 1: the line is longer than"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn lines_ended_by_a_lone_cr_are_each_solved() {
    let out = run(&["solve", "-"], &format!("{P}\r{P}\r"));
    assert!(out.status.success(), "{}", stderr(&out));
    let solved = solution_of(P);
    assert_eq!(
        stdout(&out).lines().collect::<Vec<_>>(),
        vec![solved.as_str(); 2]
    );
}

#[test]
fn a_grid_line_that_starts_with_hash_is_said_to_be_skipped() {
    let big = format!("#{}", ".".repeat(4095));
    let out = run(&["solve", "-"], &format!("{big}\n"));
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("line 1:") && err.contains("skipped as a comment"),
        "{err}"
    );
    assert!(err.contains("64×64"), "{err}");
    assert!(!err.contains("no cells"), "{err}");
}

#[test]
fn a_short_row_names_its_line_and_what_was_expected() {
    let mut rows: Vec<String> = P
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows[8].pop();
    let out = run(&["solve", "-"], &(rows.join("\n") + "\n"));
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("found 80 cells; a 9×9 grid has 81"), "{err}");
    assert!(err.contains("line 9 has 8 cells"), "{err}");
}

/// A reader that stops early (`sudoku64 ... | head -1`) closes standard output: every
/// command then ends with one line on standard error and status 2, never a panic.
#[test]
fn output_closed_early_ends_every_command_with_a_message() {
    use std::io::{BufRead, BufReader};
    let many = temp_file("many-4x4.txt", &"1...............\n".repeat(100_000));
    let many = many.to_str().unwrap();
    let commands: [&[&str]; 4] = [
        &["generate", "--size", "4", "--count", "100000"],
        &["solve", "--count", "2", many],
        &["bench", "generate", "--size", "4", "--count", "100000"],
        &["bench", "large", many],
    ];
    for args in commands {
        let mut child = common::spawn(args);
        drop(child.stdin.take());
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped here: the next writes meet a closed pipe.
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("Broken pipe") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// A published-style minimal 25×25 that no engine here decides in a fraction of a second
/// (see BENCHMARKS.md: about a minute), for the time limit.
fn hard_25() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/data/minimal-25.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().nth(11).unwrap().to_string()
}

/// `--timeout` stops one puzzle with a line naming it, the batch goes on, and the exit
/// status says some were undecided.
#[test]
fn timeout_stops_one_puzzle_and_the_batch_goes_on() {
    let (easy, easy_solution) = fixture("small.txt", 4, 1);
    let file = temp_file("timeout.txt", &format!("{}\n{easy}\n", hard_25()));
    let file = file.to_str().unwrap();
    for args in [
        vec!["solve", "--timeout", "0.2", file],
        vec!["solve", "--count", "2", "--timeout", "0.2", file],
        vec!["solve", "--all", "--timeout", "0.2", file],
        vec!["rate", "--timeout", "0.2", file],
        vec!["explain", "--timeout", "0.2", file],
    ] {
        let out = run(&args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
        assert!(
            err.contains("line 1: undecided after 0.2 s"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("line 2"), "{args:?}: {err}");
        let text = stdout(&out);
        match (args[0], args[1]) {
            (_, "--count") => assert_eq!(text.trim(), "1"),
            ("rate" | "explain", _) => assert!(!text.is_empty()),
            _ => assert_eq!(text.trim(), easy_solution),
        }
    }
    // A 9×9 count to a trillion: the blank grid has far more solutions.
    let blank = temp_file("blank-9.txt", &format!("{}\n", ".".repeat(81)));
    let blank = blank.to_str().unwrap();
    let out = run(
        &[
            "solve",
            "--count",
            "1000000000000",
            "--timeout",
            "0.2",
            blank,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 1: undecided after 0.2 s"));
    let out = run(
        &[
            "generate",
            "--size",
            "64",
            "--count",
            "2",
            "--timeout",
            "0.05",
        ],
        "",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert_eq!(err.matches("stopped after 0.05 s").count(), 2, "{err}");
    for bad in ["0", "-1", "abc", "nan"] {
        let out = run(&["solve", "--timeout", bad, file], "");
        assert_eq!(out.status.code(), Some(2), "--timeout {bad}");
        assert!(stderr(&out).contains("--timeout"), "--timeout {bad}");
    }
}

/// `bench large` switches conflict-driven techniques on (`--with`) as well as off
/// (`--without`) by one set of names, the conflict-driven search still counts right with
/// them, and a name that is no technique is refused with the list of those that are.
#[test]
fn bench_large_switches_techniques_on_and_off_by_name() {
    let (unique, _) = fixture("9x9.txt", 9, 1);
    let (several, _) = fixture("9x9.txt", 9, 2);
    let file = temp_file("switches.txt", &format!("{unique}\n{several}\n"));
    let file = file.to_str().unwrap();
    let out = run(
        &[
            "bench",
            "large",
            "--engines",
            "cdcl",
            "--with",
            "bump-reasons",
            "--without",
            "probing,phase-saving",
            file,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let counts: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("cli-switches.txt:"))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(counts, ["1", "2"], "{text}");
    let out = run(&["bench", "large", "--with", "vmtf", file], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("\"vmtf\" is not a technique") && err.contains("bump-reasons"),
        "{err}"
    );
}

/// A grid no engine decides in seconds: a 49×49 with 45% of its cells blanked at random.
fn undecidable_grid(name: &str) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/data/blanks-49-45.txt"),
    )
    .unwrap();
    let line = text
        .lines()
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap();
    temp_file(name, line)
}

/// At a terminal, a long search shows on standard error that it is alive (its seconds
/// and conflicts, redrawn in place) and erases that line before its verdict. `script`
/// (util-linux) gives the command a terminal; the test says so and stops where it is
/// missing.
#[test]
fn a_long_search_at_a_terminal_shows_its_seconds_then_erases_them() {
    let path = undecidable_grid("undecidable-terminal.txt");
    let command = format!(
        "{} solve --count 2 --timeout 3 {}",
        env!("CARGO_BIN_EXE_sudoku64"),
        path.display()
    );
    let Ok(out) = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
    else {
        eprintln!("no `script` command to give the test a terminal: not checked");
        return;
    };
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("\r\x1b[Kline 1: 1 s, "), "{screen:?}");
    assert!(
        screen.contains("\r\x1b[Kline 1: undecided after 3 s"),
        "the line is erased before the verdict: {screen:?}"
    );
}

/// Standard error that is not a terminal (a file, a pipe) gets the verdict alone.
#[test]
fn a_long_search_into_a_pipe_writes_no_progress() {
    let path = undecidable_grid("undecidable-pipe.txt");
    let out = run(
        &[
            "solve",
            "--count",
            "2",
            "--timeout",
            "1.5",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(stderr(&out), "line 1: undecided after 1.5 s\n");
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn generate_writes_solo_ids_that_solve_reads_back() {
    // Boxes other than the side's usual ones are written as game IDs, which carry them.
    let wide = stdout(&run(
        &["generate", "--box", "2x6", "--seed", "3", "--count", "2"],
        "",
    ));
    let lines: Vec<&str> = wide.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert!(line.starts_with("2x6:"), "{line}");
    }
    let solved = run(&["solve", "-"], &wide);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let expected: Vec<&str> = lines.iter().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(stdout(&solved).lines().collect::<Vec<_>>(), expected);
    // --format solo writes a classic grid as an ID too; its puzzle is the plain line's.
    let plain = stdout(&run(&["generate", "--seed", "8"], ""));
    let solo = stdout(&run(&["generate", "--seed", "8", "--format", "solo"], ""));
    assert!(solo.starts_with("3x3:"), "{solo}");
    assert_eq!(solo.split(' ').nth(1), plain.split(' ').nth(1));
    let read = stdout(&run(&["solve", "--format", "line", "-"], &solo));
    assert_eq!(read.trim(), plain.split(' ').nth(1).unwrap().trim());
    // A bad ID is named with its section and character.
    let bad = run(&["solve", "-"], "2x3:a5d4_6a5g4_2g5a3_6d2\n");
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("line 1: game ID, description, character 25"),
        "{}",
        stderr(&bad)
    );
}

/// X puzzles of x.txt (Solo's) read as plain lines with `--variant x`: the one solution
/// is the fixture's, and without the flag the same line has several.
#[test]
fn variant_x_reads_a_plain_line_as_x_sudoku() {
    let lines: Vec<(String, String)> =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/x.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(':').collect::<Vec<_>>())
            .filter(|f| f[1] == "1" && f[0].len() == 81 && f[3] == "x")
            .map(|f| (f[0].to_string(), f[2].to_string()))
            .collect();
    assert!(lines.len() >= 3);
    let file = temp_file(
        "x.txt",
        &lines
            .iter()
            .map(|(p, _)| p.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let file = file.to_str().unwrap();
    let out = run(&["solve", "--variant", "x", file], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let solved: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    let wanted: Vec<String> = lines.iter().map(|(_, s)| s.clone()).collect();
    assert_eq!(solved, wanted);
    // Without the diagonals, Solo's X puzzles are not unique.
    let plain = run(&["solve", "--count", "2", file], "");
    assert!(
        stdout(&plain).lines().any(|l| l.trim() == "2"),
        "{}",
        stdout(&plain)
    );
}

/// A side with no boxes names a jigsaw's side: `--size 7` reads a 7×7 jigsaw's game ID to
/// the solution `generate` printed with it, refuses an ID of another side, and says of
/// 49 plain cells that they need the regions.
#[test]
fn a_side_with_no_boxes_reads_a_jigsaw_id_of_that_side() {
    let made = run(
        &[
            "generate",
            "--size",
            "7",
            "--variant",
            "jigsaw",
            "--seed",
            "3",
        ],
        "",
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let printed = stdout(&made);
    let (id, solution) = printed.trim().split_once(' ').unwrap();
    let solved = run(&["solve", "--size", "7"], &format!("{id}\n"));
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved).trim(), solution);
    let other = run(&["solve", "--size", "11"], &format!("{id}\n"));
    assert!(!other.status.success());
    assert!(stderr(&other).contains("7×7 jigsaw"), "{}", stderr(&other));
    assert!(stderr(&other).contains("11×11"), "{}", stderr(&other));
    let plain = run(&["solve", "--size", "7"], &format!("{}\n", &solution[..49]));
    assert!(!plain.status.success());
    assert!(
        stderr(&plain).contains("jigsaw regions"),
        "{}",
        stderr(&plain)
    );
}

/// `generate --variant` prints game IDs that `solve` reads back, layout and all, to the
/// printed solution; CSV names the variant and the ID.
#[test]
fn generated_variants_read_back_from_their_ids() {
    for variant in ["x", "windoku", "windoku,x", "jigsaw", "jigsaw,x"] {
        let out = run(
            &[
                "generate",
                "--variant",
                variant,
                "--count",
                "2",
                "--seed",
                "5",
            ],
            "",
        );
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        for line in stdout(&out).lines() {
            let (id, solution) = line.split_once(' ').unwrap();
            assert!(id.contains(':'), "{variant}: {id} is not a game ID");
            let puzzle = grid(id);
            assert_eq!(puzzle.shape().variants().join(","), {
                let mut names: Vec<&str> = variant.split(',').collect();
                names.sort_by_key(|n| ["jigsaw", "x", "windoku"].iter().position(|m| m == n));
                names.join(",")
            });
            assert_eq!(count_solutions_up_to(&puzzle, 2), 1, "{variant}: {id}");
            if let Some(regions) = puzzle.shape().regions() {
                // New regions, not the rows the generator was handed to start from.
                assert!((0..81).any(|c| regions[c] as usize != c / 9), "{id}");
            }
            let solved = run(&["solve", &temp_file("v.txt", id).to_string_lossy()], "");
            assert_eq!(stdout(&solved).trim(), solution, "{variant}: {id}");
        }
    }
    let csv = run(&["generate", "--variant", "x", "--csv", "--seed", "3"], "");
    let text = stdout(&csv);
    let mut rows = text.lines();
    assert!(rows.next().unwrap().ends_with(",box,variant,id"));
    let fields: Vec<&str> = rows.next().unwrap().split(',').collect();
    assert_eq!(fields[10], "x");
    assert_eq!(grid(fields[11]).cells(), grid(fields[6]).cells());
}

/// Variants that do not fit, or are not variants, are refused by name.
#[test]
fn bad_variants_are_refused_with_the_reason() {
    let out = run(&["generate", "--variant", "windoku", "--size", "6"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("windoku does not fit a 6×6 (2×3 boxes)"),
        "{}",
        stderr(&out)
    );
    let out = run(&["solve", "--variant", "hexagon", "-"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("variants are x, windoku, jigsaw and killer"),
        "{}",
        stderr(&out)
    );
    let line = ".".repeat(81);
    let out = run(
        &[
            "solve",
            "--variant",
            "jigsaw",
            &temp_file("j.txt", &line).to_string_lossy(),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("regions come with the puzzle"),
        "{}",
        stderr(&out)
    );
}
