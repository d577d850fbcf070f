//! The `rate`, `explain` and `bench rate` commands, run as a program: one answer per
//! puzzle at every size, the library's answers, and a message per bad line.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use sudoku64::{Grid, explain, parse, rate};

mod common;
use common::{run, stderr, stdout};

/// `(puzzle, count)` of a fixture file's lines.
fn fixtures(file: &str) -> Vec<(String, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f[0].to_string(), f[1].parse().unwrap())
        })
        .collect()
}

fn grid(text: &str) -> Grid {
    parse::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn rate_prints_level_and_score_for_every_unique_puzzle_of_every_size() {
    let unique: Vec<String> = ["small.txt", "9x9.txt", "large.txt"]
        .iter()
        .flat_map(|f| fixtures(f))
        .filter(|(_, c)| *c == 1)
        .map(|(p, _)| p)
        .collect();
    let text: String = unique.iter().map(|p| format!("{p}\n")).collect();
    let out = run(&["rate"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), unique.len());
    for (line, puzzle) in lines.iter().zip(&unique) {
        let r = rate(&grid(puzzle)).unwrap().unwrap();
        assert_eq!(line, &format!("{} {}", r.level.id(), r.score));
    }
}

#[test]
fn rate_reports_each_bad_line_and_carries_on() {
    let fx = fixtures("9x9.txt");
    let good = &fx.iter().find(|(_, c)| *c == 1).unwrap().0;
    let none = &fx.iter().find(|(_, c)| *c == 0).unwrap().0;
    let several = &fx.iter().find(|(_, c)| *c == 2).unwrap().0;
    let short = &good[..80];
    let text = format!("{none}\n{good}\n{several}\n{short}\n{good}\n");
    let out = run(&["rate", "-"], &text);
    assert!(!out.status.success());
    let expected = {
        let r = rate(&grid(good)).unwrap().unwrap();
        format!("{} {}", r.level.id(), r.score)
    };
    assert_eq!(
        stdout(&out).lines().collect::<Vec<_>>(),
        vec![expected.as_str(), expected.as_str()]
    );
    let se = stderr(&out);
    let errs: Vec<&str> = se.lines().collect();
    assert_eq!(errs.len(), 3, "{se}");
    assert!(errs[0].starts_with("line 1: no solution"), "{se}");
    assert!(
        errs[1].starts_with("line 3: more than one solution"),
        "{se}"
    );
    assert!(
        errs[2].starts_with("line 4:") && errs[2].contains("80 cells"),
        "{se}"
    );
}

#[test]
fn explain_prints_the_steps_one_per_line() {
    let fx = fixtures("9x9.txt");
    let puzzles: Vec<&String> = fx
        .iter()
        .filter(|(_, c)| *c == 1)
        .map(|(p, _)| p)
        .take(2)
        .collect();
    let text = format!("{}\n{}\n", puzzles[0], puzzles[1]);
    let out = run(&["explain"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected: Vec<String> = puzzles
        .iter()
        .map(|p| {
            explain(&grid(p))
                .unwrap()
                .unwrap()
                .iter()
                .map(|s| format!("{}\n", s.text()))
                .collect::<String>()
        })
        .collect();
    assert_eq!(stdout(&out), expected.join("\n"));
    // A clash is reported as the solver reports it.
    let mut clash = puzzles[0].clone();
    let first = clash.chars().find(|c| c.is_ascii_digit()).unwrap();
    clash.replace_range(0..2, &format!("{first}{first}"));
    let out = run(&["explain"], &format!("{clash}\n"));
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).starts_with("line 1: r1c1 and r1c2 both hold"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bench_rate_reports_throughput_and_levels() {
    let text: String = fixtures("9x9.txt")
        .iter()
        .filter(|(_, c)| *c == 1)
        .map(|(p, _)| format!("{p}\n"))
        .collect();
    let out = run(&["bench", "rate", "--limit", "5", "-"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    let so = stdout(&out);
    assert!(so.contains("puzzles      5"), "{so}");
    for field in ["puzzles/s", "median µs", "p99 µs", "levels       easy"] {
        assert!(so.contains(field), "{so}");
    }
    assert!(!so.contains("checked against"), "{so}");
    // With --check, every step is checked against the solution, and the count says so.
    let out = run(&["bench", "rate", "--limit", "5", "--check", "-"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    let so = stdout(&out);
    let line = so
        .lines()
        .find(|l| l.starts_with("steps"))
        .unwrap_or_else(|| panic!("{so}"));
    let steps: usize = line["steps".len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(steps >= 5, "{line}");
    assert!(line.ends_with(", 0 unsound"), "{line}");
}

#[test]
fn explain_prints_forcing_chains_and_nets_where_patterns_run_out() {
    // From the Sudoku players' forum's hardest list: it needs forcing chains and nets.
    let puzzle =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let out = run(&["explain"], &format!("{puzzle}\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    let so = stdout(&out);
    assert!(
        so.lines().any(|l| l.starts_with("Forcing chain: if ")),
        "{so}"
    );
    assert!(
        so.lines().any(|l| l.starts_with("Forcing net: if ")),
        "{so}"
    );
    assert!(!so.contains("Guess:"), "{so}");
    let expected: String = explain(&grid(puzzle))
        .unwrap()
        .unwrap()
        .iter()
        .map(|s| format!("{}\n", s.text()))
        .collect();
    assert_eq!(so, expected);
}

#[test]
fn bench_rate_shuffles_and_counts_puzzles_solved_without_a_guess() {
    let text: String = fixtures("9x9.txt")
        .iter()
        .filter(|(_, c)| *c == 1)
        .map(|(p, _)| format!("{p}\n"))
        .collect();
    let out = run(
        &["bench", "rate", "--limit", "5", "--shuffle", "7", "-"],
        &text,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let so = stdout(&out);
    let line = so
        .lines()
        .find(|l| l.starts_with("no guess"))
        .unwrap_or_else(|| panic!("{so}"));
    let count: usize = line["no guess".len()..].trim().parse().unwrap();
    // The same symmetries, drawn from the same seed in the same order, through the library.
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    let expected = text
        .lines()
        .take(5)
        .map(|p| sudoku64::transform::random_symmetry(&grid(p), &mut rng))
        .filter(|g| rate(g).unwrap().unwrap().guesses == 0)
        .count();
    assert_eq!(count, expected, "{so}");
}

#[test]
fn explain_and_rate_can_leave_out_the_uniqueness_techniques() {
    // magictour top1465 #1: its explanation uses a unique rectangle or BUG+1.
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    let assumes = |text: &str| {
        text.lines()
            .any(|l| l.starts_with("Unique rectangle") || l.starts_with("BUG+1"))
    };
    let with = run(&["explain"], puzzle);
    assert!(with.status.success(), "{}", stderr(&with));
    assert!(assumes(&stdout(&with)), "{}", stdout(&with));
    let without = run(&["explain", "--no-uniqueness"], puzzle);
    assert!(without.status.success(), "{}", stderr(&without));
    assert!(!assumes(&stdout(&without)), "{}", stdout(&without));
    let rated = run(&["rate", "--no-uniqueness"], puzzle);
    assert!(rated.status.success(), "{}", stderr(&rated));
    assert_eq!(
        stdout(&rated).split_whitespace().count(),
        2,
        "{}",
        stdout(&rated)
    );
}
