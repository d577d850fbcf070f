//! Reading every text format: examples of each, auto-detection, every error with its
//! place, and property tests (no panics; what the writers write reads back the same).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sudoku64::format::{ALPHABET, TextForm, write};
use sudoku64::parse::{MAX_INPUT_BYTES, ParseOptions, parse, parse_with, puzzles, split_lines};
use sudoku64::{Error, Grid, ReadErrorKind, RuleErrorKind, Shape, link, solo};

/// A 9×9 puzzle (made for these tests) and the forms it is written in below.
const LINE: &str =
    "85.1..6.4.13..45.....5.8137.2....971..8..1..6....4.3..2.6....1........6....8..7.3";

const ROWS: &str = "\
85.1..6.4
.13..45..
...5.8137
.2....971
..8..1..6
....4.3..
2.6....1.
.......6.
...8..7.3
";

const FRAMED: &str = "\
+-------+-------+-------+
| 8 5 . | 1 . . | 6 . 4 |
| . 1 3 | . . 4 | 5 . . |
| . . . | 5 . 8 | 1 3 7 |
+-------+-------+-------+
| . 2 . | . . . | 9 7 1 |
| . . 8 | . . 1 | . . 6 |
| . . . | . 4 . | 3 . . |
+-------+-------+-------+
| 2 . 6 | . . . | . 1 . |
| . . . | . . . | . 6 . |
| . . . | 8 . . | 7 . 3 |
+-------+-------+-------+
";

/// Star corners, `|---+---+---|` rules and no spaces: the Simple Sudoku look.
const STARRED: &str = "\
*-----------*
|85.|1..|6.4|
|.13|..4|5..|
|...|5.8|137|
|---+---+---|
|.2.|...|971|
|..8|..1|..6|
|...|.4.|3..|
|---+---+---|
|2.6|...|.1.|
|...|...|.6.|
|...|8..|7.3|
*-----------*
";

const SDK: &str = "\
#Aa test author
#Da puzzle made for the parser tests
#B21.11.2025
85.1..6.4
.13..45..
...5.8137
.2....971
..8..1..6
....4.3..
2.6....1.
.......6.
...8..7.3
";

/// The grid-file form: tokens separated by spaces, `_` for empty, `#` comments.
const GRID_FILE: &str = "\
# a 9×9 in the grid-file form
8 5 _ 1 _ _ 6 _ 4
_ 1 3 _ _ 4 5 _ _
_ _ _ 5 _ 8 1 3 7
_ 2 _ _ _ _ 9 7 1
_ _ 8 _ _ 1 _ _ 6
_ _ _ _ 4 _ 3 _ _
2 _ 6 _ _ _ _ 1 _
_ _ _ _ _ _ _ 6 _
_ _ _ 8 _ _ 7 _ 3
";

/// Its solution.
const SOLUTION: &str =
    "852137694713694528469528137624385971538971246197246385286753419375419862941862753";

fn shape(n: usize) -> Shape {
    Shape::from_size(n).unwrap()
}

fn sized(n: usize) -> ParseOptions {
    ParseOptions {
        size: Some(n),
        ..ParseOptions::default()
    }
}

/// A full valid grid of the shape.
fn solution(s: Shape) -> Grid {
    Grid::pattern(s)
}

fn err(text: &str) -> Error {
    parse(text).unwrap_err()
}

fn example() -> Grid {
    parse(LINE).unwrap()
}

// ---- The classic 9×9 forms --------------------------------------------------------------

#[test]
fn the_two_classic_lines() {
    let a =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap();
    assert_eq!(a.shape(), shape(9));
    assert_eq!(a.clue_count(), 17);
    assert_eq!(&a.cells()[..9], &[4, 0, 0, 0, 0, 0, 8, 0, 5]);
    assert_eq!(a.get(80), 0);
    let b =
        parse("000000010400000000020000000000050407008000300001090000300400200050100000000806000")
            .unwrap();
    assert_eq!(b.clue_count(), 17);
    assert_eq!(&b.cells()[..10], &[0, 0, 0, 0, 0, 0, 0, 1, 0, 4]);
}

#[test]
fn one_line_of_81() {
    let g = example();
    assert_eq!(g.clue_count(), 30);
    assert_eq!(&g.cells()[..9], &[8, 5, 0, 1, 0, 0, 6, 0, 4]);
    assert!(g.is_subset_of(&parse(SOLUTION).unwrap()));
}

#[test]
fn any_other_character_is_empty_in_a_9x9() {
    for empty in ['0', '*', 'x', '-', 'X', '?', 'A', 'é'] {
        let text: String = LINE
            .chars()
            .map(|c| if c == '.' { empty } else { c })
            .collect();
        assert_eq!(parse(&text), Ok(example()), "{empty:?}");
    }
}

#[test]
fn nine_lines_of_nine() {
    assert_eq!(parse(ROWS), Ok(example()));
}

#[test]
fn framed_grids() {
    assert_eq!(parse(FRAMED), Ok(example()));
    assert_eq!(parse(STARRED), Ok(example()));
    // `=` rules, box-drawing characters and a margin.
    let fancy: String = FRAMED
        .lines()
        .map(|l| format!("   {}\n", l.replace('-', "=")))
        .collect();
    assert_eq!(parse(&fancy), Ok(example()));
    let boxed: String = FRAMED
        .lines()
        .map(|l| {
            let l = l.replace('-', "─").replace('+', "┼").replace('|', "│");
            format!("{l}\n")
        })
        .collect();
    assert_eq!(parse(&boxed), Ok(example()));
}

#[test]
fn a_framed_jigsaw_draws_its_regions_and_reads_back_as_its_cells() {
    let ids = std::fs::read_to_string("tests/data/solo-ids.txt").unwrap();
    let mut seen = 0;
    for line in ids.lines().filter(|l| l.contains("j:")) {
        let grid = solo::read_id(line.split_whitespace().next().unwrap()).unwrap();
        let shape = grid.shape();
        let n = shape.size();
        let text = write(&grid, TextForm::Framed);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 * n + 1, "{text}");
        for row in 0..n {
            let cells: Vec<char> = lines[2 * row + 1].chars().collect();
            assert_eq!(cells.len(), 2 * n + 1, "{text}");
            for column in 0..n {
                // A border between two cells exactly where their regions differ.
                let border =
                    column + 1 == n || shape.box_at(row, column) != shape.box_at(row, column + 1);
                assert_eq!(cells[2 * column + 2] == '|', border, "row {row}: {text}");
                let below =
                    row + 1 == n || shape.box_at(row, column) != shape.box_at(row + 1, column);
                let rule: Vec<char> = lines[2 * row + 2].chars().collect();
                assert_eq!(
                    rule[2 * column + 1] == '-',
                    below,
                    "under row {row}: {text}"
                );
            }
        }
        // Its cells, row by row, are the line form's.
        let cells: String = (0..n)
            .flat_map(|row| lines[2 * row + 1].chars().skip(1).step_by(2))
            .collect();
        assert_eq!(cells, write(&grid, TextForm::Line), "{text}");
        seen += 1;
    }
    assert!(seen >= 3, "the Solo IDs hold jigsaws");
}

#[test]
fn sadman_sdk() {
    assert_eq!(parse(SDK), Ok(example()));
}

#[test]
fn grid_file_form() {
    assert_eq!(parse(GRID_FILE), Ok(example()));
    // Zeros and dots for empty, extra spaces, a trailing comment.
    let spaced = GRID_FILE
        .replace('_', "0")
        .replace("8 5 0", "8  5\t.")
        .replace("7 0 3\n", "7 0 3  # the last row\n");
    assert_eq!(parse(&spaced), Ok(example()));
}

#[test]
fn rows_with_spaces_between_boxes() {
    let text = "85. 1.. 6.4\n.13 ..4 5..\n... 5.8 137\n\n.2. ... 971\n..8 ..1 ..6\n\
                ... .4. 3..\n\n2.6 ... .1.\n... ... .6.\n... 8.. 7.3\n";
    assert_eq!(parse(text), Ok(example()));
}

#[test]
fn a_9x9_with_dashes_for_empty_rows() {
    let text = "123456789\n---------\n---------\n---------\n---------\n\
                ---------\n---------\n---------\n---------\n";
    let g = parse(text).unwrap();
    assert_eq!(g.clue_count(), 9);
    assert_eq!(g.get(8), 9);
    // An all-empty 9×9 written with dashes is still a grid.
    assert_eq!(parse(&"-".repeat(81)), Ok(Grid::empty(shape(9))));
}

#[test]
fn grids_pasted_from_code() {
    // CSV, with 0 for empty.
    let csv: String = ROWS
        .lines()
        .map(|l| {
            let cells: Vec<String> = l.chars().map(|c| c.to_string().replace('.', "0")).collect();
            cells.join(",") + "\n"
        })
        .collect();
    assert_eq!(parse(&csv), Ok(example()));
    // A JSON array of arrays on one line, and one row per line.
    let json = format!(
        "[{}]",
        csv.lines()
            .map(|l| format!("[{l}]"))
            .collect::<Vec<_>>()
            .join(",")
    );
    assert_eq!(parse(&json), Ok(example()));
    let json_rows = json.replace("],", "],\n");
    assert_eq!(parse(&json_rows), Ok(example()));
    // Quoted strings.
    assert_eq!(parse(&format!("\"{LINE}\"")), Ok(example()));
    let quoted: String = ROWS.lines().map(|l| format!("  \"{l}\",\n")).collect();
    assert_eq!(parse(&format!("[\n{quoted}]")), Ok(example()));
    // A 16×16 in JSON numbers.
    let full = solution(shape(16));
    let rows: Vec<String> = full
        .cells()
        .chunks(16)
        .map(|r| {
            format!(
                "[{}]",
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    assert_eq!(parse(&format!("[{}]", rows.join(",\n "))), Ok(full));
}

#[test]
fn section_and_label_lines_are_skipped() {
    assert_eq!(parse(&format!("[Puzzle]\n{ROWS}")), Ok(example()));
    assert_eq!(parse(&format!("Puzzle:\n{LINE}\n")), Ok(example()));
    let text = format!("Puzzle:\n{FRAMED}\nSolution:\n{SOLUTION}\n");
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 2);
    assert_eq!(found[0], (2, Ok(example())));
    assert_eq!(found[1].0, 17);
    assert!(found[1].1.as_ref().unwrap().is_solved());
}

#[test]
fn crlf_line_ends() {
    for text in [ROWS, FRAMED, STARRED, SDK, GRID_FILE] {
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(parse(&crlf), Ok(example()), "{crlf}");
    }
    assert_eq!(parse(&format!("{LINE}\r\n")), Ok(example()));
}

#[test]
fn a_lone_cr_ends_a_line() {
    // Old Mac files: every form reads the same with CR alone.
    for text in [ROWS, FRAMED, STARRED, SDK, GRID_FILE] {
        let cr = text.replace('\n', "\r");
        assert_eq!(parse(&cr), Ok(example()), "{cr:?}");
    }
    // Two puzzles on lines ended by CR are two puzzles, none lost.
    let solved = write(&solution(shape(9)), TextForm::Line);
    let text = format!("{LINE}\r{solved}\r");
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0], (1, Ok(example())));
    assert_eq!(found[1].0, 2);
    assert!(found[1].1.as_ref().unwrap().is_solved());
    // Mixed endings count lines the same way: CR LF is one ending, LF CR two.
    let text = format!("{LINE}\r\n\n\r{LINE}\n\r{LINE}");
    let lines: Vec<usize> = puzzles(&text, &ParseOptions::default())
        .map(|(line, p)| {
            assert_eq!(p, Ok(example()));
            line
        })
        .collect();
    assert_eq!(lines, vec![1, 4, 6]);
}

#[test]
fn a_prime_square_of_cells_asks_for_jigsaw_regions() {
    // 49 cells make a 7×7, which has no boxes: on one line or in rows of 7, the message
    // says what is missing instead of naming the nearest grid with boxes.
    let rows = format!("1{}\n", ".".repeat(6)).repeat(7);
    for text in [format!("1{}", ".".repeat(48)), rows] {
        let e = err(&text);
        assert!(
            matches!(
                e.as_read(),
                Some(ReadErrorKind::CellCount { found: 49, .. })
            ),
            "{e}"
        );
        assert!(
            e.to_string()
                .starts_with("49 cells make a 7×7 grid, which needs jigsaw regions"),
            "{e}"
        );
        assert!(e.to_string().contains("7j:"), "{e}");
    }
    // 13×13 too; a count that is no square (50) keeps the usual words.
    assert!(
        err(&".".repeat(169))
            .to_string()
            .starts_with("169 cells make a 13×13 grid")
    );
    assert!(
        err(&".".repeat(50))
            .to_string()
            .starts_with("found 50 cells")
    );
}

#[test]
fn a_short_row_is_named_by_its_line() {
    // Nine rows, the last one cell short.
    let short = ROWS.replace("...8..7.3", "...8..7.");
    let e = err(&short);
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::CellCount {
            found: 80,
            // The rows are nine cells long: the grid meant is a 9×9.
            expected: Some(shape(9)),
            row: Some((9, 8)),
            words: None,
        })
    );
    assert_eq!(e.line(), Some(9));
    assert_eq!(
        e.to_string(),
        "found 80 cells; a 9×9 grid has 81: line 9 has 8 cells, where a row has 9"
    );
    // A long row in a framed grid, after a comment: its line in the whole text.
    let long = format!("# note\n{}", FRAMED.replace("| 8 5 . |", "| 8 5 . 7 |"));
    let e = err(&long);
    assert_eq!(e.line(), Some(3), "{e}");
    assert!(
        e.to_string()
            .ends_with("line 3 has 10 cells, where a row has 9"),
        "{e}"
    );
    // A size asked for is the one rows are measured against.
    let e = parse_with("1234\n341\n2143\n4321\n", &sized(4)).unwrap_err();
    assert_eq!(e.line(), Some(2));
    assert_eq!(
        e.to_string(),
        "found 15 cells; a 4×4 grid has 16: line 2 has 3 cells, where a row has 4"
    );
    // Rows that all look alike name no line: one row is missing, not short.
    let missing = ROWS.replace("...8..7.3\n", "");
    let e = err(&missing);
    assert_eq!(e.line(), None);
    assert_eq!(e.to_string(), "found 72 cells; a 9×9 grid has 81");
}

#[test]
fn a_grid_written_as_a_comment_is_named() {
    // A one-line puzzle whose first cell is `#` reads as a comment: say so, not "no cells".
    let hidden = format!("#{}", &LINE[1..]);
    let e = err(&hidden);
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::CommentedGrid {
            line: 1,
            shape: shape(9)
        })
    );
    assert_eq!(e.kind_name(), "commented-grid");
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().contains("skipped as a comment"), "{e}");
    assert!(e.to_string().contains("9×9 grid's 81 characters"), "{e}");
    // After other comments, the item is at the grid's line.
    let found: Vec<_> = puzzles(&format!("# note\n{hidden}\n"), &ParseOptions::default()).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, 2);
    // The same at 64×64.
    let big = format!("#{}", ".".repeat(4095));
    let e = err(&big);
    assert_eq!(e.kind_name(), "commented-grid");
    assert!(
        e.to_string().contains("64×64 grid's 4,096 characters"),
        "{e}"
    );
    // In a file, it is an item of its own and the other puzzles are read.
    for text in [
        format!("{LINE}\n{hidden}\n{LINE}\n"),
        format!("{LINE}\n{hidden}\n"),
        format!("{ROWS}\n{hidden}\n\n{ROWS}"),
    ] {
        let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
        let errors: Vec<_> = found.iter().filter(|(_, p)| p.is_err()).collect();
        assert_eq!(errors.len(), 1, "{text}: {found:?}");
        assert_eq!(
            errors[0].1.as_ref().unwrap_err().kind_name(),
            "commented-grid"
        );
        assert_eq!(
            found.iter().filter(|(_, p)| p.is_ok()).count(),
            found.len() - 1
        );
        let lines: Vec<usize> = found.iter().map(|(line, _)| *line).collect();
        assert!(lines.is_sorted(), "{lines:?}");
    }
    // Comments that are prose, or short, stay comments.
    let text = format!(
        "# {}\n#A author\n#{}\n{LINE}\n",
        "x".repeat(80),
        "1".repeat(13)
    );
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(found, vec![(4, Ok(example()))]);
}

#[test]
fn a_byte_order_mark_is_ignored() {
    assert_eq!(parse(&format!("\u{FEFF}{ROWS}")), Ok(example()));
}

#[test]
fn a_line_with_its_solution_or_a_note() {
    assert_eq!(parse(&format!("{LINE} {SOLUTION}")), Ok(example()));
    assert_eq!(parse(&format!("{LINE}\t{SOLUTION}\n")), Ok(example()));
    assert_eq!(parse(&format!("{LINE}  # hard")), Ok(example()));
    assert_eq!(parse(&format!("{LINE}  rated 2.3")), Ok(example()));
}

// ---- Other sizes ------------------------------------------------------------------------

#[test]
fn a_4x4_in_every_form() {
    let expected = Grid::from_cells(
        shape(4),
        vec![1, 0, 0, 4, 0, 4, 1, 0, 0, 1, 4, 0, 4, 0, 0, 1],
    )
    .unwrap();
    for text in [
        "1..4.41..14.4..1",
        "1__40410014_4.01",
        "1..4\n.41.\n.14.\n4..1\n",
        "1 . . 4\n. 4 1 .\n. 1 4 .\n4 . . 1\n",
        "1 _ _ 4\n_ 4 1 _\n_ 1 4 _\n4 _ _ 1\n",
        "+-----+-----+\n| 1 . | . 4 |\n| . 4 | 1 . |\n+-----+-----+\n\
         | . 1 | 4 . |\n| 4 . | . 1 |\n+-----+-----+\n",
        "1. .4\n.4 1.\n.1 4.\n4. .1",
        "# a 4×4\n1..4\n.41.\n\n.14.\n4..1\n",
    ] {
        assert_eq!(parse(text).as_ref(), Ok(&expected), "{text}");
    }
}

#[test]
fn a_4x4_written_in_pairs_of_digits() {
    // `12 34` looks like numbers, but 8 numbers are no grid: it is read one per character.
    let g = parse("12 34\n34 12\n21 43\n43 21\n").unwrap();
    assert_eq!(g.cells(), &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
}

#[test]
fn a_1x1() {
    assert_eq!(parse("1").unwrap().cells(), &[1]);
    assert_eq!(parse(".").unwrap(), Grid::empty(shape(1)));
    assert_eq!(
        parse_with("+---+\n| 1 |\n+---+\n", &sized(1))
            .unwrap()
            .cells(),
        &[1]
    );
    assert_eq!(err("2").kind_name(), "bad-symbol");
}

#[test]
fn a_16x16_with_letters() {
    let full = solution(shape(16));
    let line: String = write(&full, TextForm::Line);
    assert!(line.starts_with("12345678"));
    assert!(line.contains('G'));
    assert_eq!(parse(&line), Ok(full.clone()));
    // Sixteen lines of sixteen: one 16×16 grid, not sixteen 4×4s.
    assert_eq!(parse(&write(&full, TextForm::Rows)), Ok(full.clone()));
    let found: Vec<_> = puzzles(&write(&full, TextForm::Rows), &ParseOptions::default()).collect();
    assert_eq!(found, vec![(1, Ok(full))]);
}

#[test]
fn a_16x16_in_decimal_tokens() {
    let full = solution(shape(16));
    let mut text = String::from("# 16×16, decimal symbols\n");
    for row in full.cells().chunks(16) {
        let mut cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        cells[3] = "_".into(); // blank one cell a row
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    let g = parse(&text).unwrap();
    assert_eq!(g.clue_count(), 256 - 16);
    assert!(g.is_subset_of(&full));
    // `10` is symbol 10, not 1 then 0.
    assert_eq!(g.get(9), 10);
    assert_eq!(g.get(15), 16);
    // Letters and numbers may mix; frames are skipped.
    let mixed = text.replace("10 ", "A ").replace("# 16", "+---+\n# 16");
    assert_eq!(parse(&mixed), Ok(g));
}

#[test]
fn hex_16x16_only_when_asked() {
    let full = solution(shape(16));
    let hex: String = full
        .cells()
        .iter()
        .map(|&v| {
            char::from_digit(u32::from(v) - 1, 16)
                .unwrap()
                .to_ascii_uppercase()
        })
        .collect();
    assert!(hex.starts_with("0123"));
    let options = ParseOptions {
        hex: true,
        ..ParseOptions::default()
    };
    assert_eq!(parse_with(&hex, &options), Ok(full.clone()));
    assert_eq!(parse_with(&hex.to_lowercase(), &options), Ok(full.clone()));
    // With blanks, on 16 lines.
    let mut rows = String::new();
    for (i, row) in hex.as_bytes().chunks(16).enumerate() {
        let mut row = String::from_utf8(row.to_vec()).unwrap();
        row.replace_range(i..=i, if i % 2 == 0 { "." } else { "_" });
        rows.push_str(&row);
        rows.push('\n');
    }
    let g = parse_with(&rows, &options).unwrap();
    assert_eq!(g.clue_count(), 240);
    assert!(g.is_subset_of(&full));
    // Without the option, `0` is empty and every other symbol reads one lower.
    assert_ne!(parse(&hex), Ok(full));
}

#[test]
fn every_size_on_one_line_and_in_rows() {
    for s in Shape::all() {
        let full = solution(s);
        for form in TextForm::ALL {
            assert_eq!(
                parse(&write(&full, form)).as_ref(),
                Ok(&full),
                "{s:?} {form:?}"
            );
        }
    }
}

#[test]
fn the_64x64_alphabet_includes_star_and_at() {
    let full = solution(shape(64));
    let text = write(&full, TextForm::Rows);
    assert!(text.contains('*') && text.contains('@') && text.contains('&'));
    assert_eq!(parse(&text), Ok(full.clone()));
    // `*` is symbol 64: a row of only `*` is a row, not a frame.
    let mut g = Grid::empty(shape(64));
    for c in 0..64 {
        g.set(c, 64);
    }
    let allow = ParseOptions {
        allow_clashes: true,
        ..ParseOptions::default()
    };
    for form in TextForm::ALL {
        assert_eq!(parse_with(&write(&g, form), &allow).as_ref(), Ok(&g));
    }
    assert_eq!(err(&write(&g, TextForm::Rows)).kind_name(), "clash");
}

// ---- Options ----------------------------------------------------------------------------

#[test]
fn a_given_size_checks_the_count() {
    assert_eq!(parse_with(LINE, &sized(9)), Ok(example()));
    let e = parse_with(&LINE[..80], &sized(9)).unwrap_err();
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::CellCount {
            found: 80,
            expected: Some(shape(9)),
            row: None,
            words: None,
        })
    );
    assert_eq!(e.to_string(), "found 80 cells; a 9×9 grid has 81");
    let e = parse_with(LINE, &sized(16)).unwrap_err();
    assert_eq!(e.to_string(), "found 81 cells; a 16×16 grid has 256");
}

#[test]
fn rectangular_boxes_are_read_from_the_cell_count_or_the_box_option() {
    // 36 cells: a 6×6 with boxes 2 rows high and 3 wide, the usual shape.
    let six = "1.....\n..2...\n......\n......\n......\n.....6";
    let g = parse(six).unwrap();
    assert_eq!(
        (g.size(), g.shape().box_rows(), g.shape().box_columns()),
        (6, 2, 3)
    );
    // A 12×12 reads with 3×4 boxes unless the box option says 2×6; a clash within a 2×6
    // box that is none within a 3×4 one tells them apart.
    let mut line = vec!['.'; 144];
    line[0] = '1';
    line[17] = '1'; // r2c6: in box 1 of 2×6 boxes, box 2 of 3×4 ones
    let line: String = line.into_iter().collect();
    assert_eq!(parse(&line).unwrap().shape().box_columns(), 4);
    let wide = ParseOptions {
        boxes: Some((2, 6)),
        ..ParseOptions::default()
    };
    let e = parse_with(&line, &wide).unwrap_err();
    assert_eq!(e.to_string(), "r1c1 and r2c6 both hold 1 in box 1");
    // A box that does not tile the side asked for, and one that is no box.
    let e = parse_with(
        &line,
        &ParseOptions {
            boxes: Some((2, 5)),
            size: Some(12),
            ..ParseOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind_name(), "bad-box");
    assert!(
        e.to_string().contains("2×5 boxes do not fit a 12×12 grid"),
        "{e}"
    );
    assert!(sudoku64::parse::parse_box("1x12").is_err());
    // Four 9×9 lines hold 324 cells, an 18×18's worth: they stay four puzzles.
    let four = format!("{LINE}\n{LINE}\n{LINE}\n{LINE}\n");
    let found: Vec<_> = puzzles(&four, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 4);
    assert!(found.iter().all(|(_, g)| g.as_ref() == Ok(&example())));
}

#[test]
fn a_bad_size_option() {
    for bad in [0, 2, 3, 81, 100] {
        let e = parse_with(LINE, &sized(bad)).unwrap_err();
        assert_eq!(e.as_rule(), Some(&RuleErrorKind::BadSize { size: bad }));
        assert_eq!(e.kind_name(), "bad-size");
        assert!(
            e.to_string().contains(&format!("{bad} is not a grid size")),
            "{e}"
        );
    }
    // A side with no boxes is a jigsaw's, whose regions only a game ID or a link brings:
    // plain cells are not read into it.
    for side in [7, 11] {
        let e = parse_with(LINE, &sized(side)).unwrap_err();
        assert_eq!(e.kind_name(), "cell-count");
        let said = format!("found 81 cells; a {side}×{side} grid has {}", side * side);
        assert_eq!(e.to_string(), said);
    }
    let seven = parse_with(&LINE[..49], &sized(7)).unwrap_err();
    assert!(
        seven.to_string().contains("needs jigsaw regions"),
        "{seven}"
    );
    let options = ParseOptions {
        size: Some(9),
        hex: true,
        ..ParseOptions::default()
    };
    let e = parse_with(LINE, &options).unwrap_err();
    assert_eq!(e.kind_name(), "bad-option");
    assert!(e.to_string().contains("\"9\" is not a valid size"), "{e}");
}

#[test]
fn clashes_unless_allowed() {
    let text = format!("88{}", &LINE[2..]);
    let e = err(&text);
    assert_eq!(e.kind_name(), "clash");
    assert_eq!(e.cells(), vec![0, 1]);
    assert_eq!(e.to_string(), "r1c1 and r1c2 both hold 8 in row 1");
    let options = ParseOptions {
        allow_clashes: true,
        ..ParseOptions::default()
    };
    assert_eq!(parse_with(&text, &options).unwrap().get(1), 8);
}

// ---- Errors -----------------------------------------------------------------------------

#[test]
fn empty_inputs() {
    for text in [
        "",
        "   ",
        "\n\n",
        "\r\n \t\r\n",
        "# only a comment\n#A author",
        "+---+---+\n",
    ] {
        let e = err(text);
        assert_eq!(e.as_read(), Some(&ReadErrorKind::Empty), "{text:?}");
        assert_eq!(e.kind_name(), "empty");
        assert_eq!(e.to_string(), "no puzzle found: the input has no cells");
    }
}

/// Words pasted for a puzzle are said to be words, not counted as a large grid's letters;
/// a grid of capital letters with a wrong count keeps the count's message.
#[test]
fn words_are_not_a_grid() {
    for (text, start) in [
        ("hello world", "hello world"),
        (
            "Please, solve this one for me!",
            "Please, solve this one f…",
        ),
    ] {
        let e = err(text);
        assert_eq!(e.kind_name(), "cell-count", "{text}");
        let said = e.to_string();
        assert!(
            said.starts_with(&format!("“{start}” reads as words")),
            "{said}"
        );
        assert!(said.contains("a game ID or a link"), "{said}");
    }
    let letters: String = "ABCDEFGHIJKLMNOP".repeat(16);
    let short = format!("{} {}", &letters[..120], &letters[120..255]);
    assert_eq!(
        err(&short).to_string(),
        "found 255 cells; a 16×16 grid has 256"
    );
}

#[test]
fn a_count_that_fits_no_grid() {
    let e = err(&LINE[..80]);
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::CellCount {
            found: 80,
            expected: None,
            row: None,
            words: None,
        })
    );
    assert_eq!(e.kind_name(), "cell-count");
    // The message names the grid the count was most likely meant to be, as the README says.
    assert_eq!(e.to_string(), "found 80 cells; a 9×9 grid has 81");
    assert_eq!(
        err(&"1".repeat(250)).to_string(),
        "found 250 cells; a 16×16 grid has 256"
    );
    // A missing row of a framed grid.
    let short = FRAMED.replace("| . . . | . . . | . 6 . |\n", "");
    assert!(err(&short).to_string().starts_with("found 72 cells"));
    // An extra cell in a row.
    let long = ROWS.replace("85.1..6.4", "85.1..6.4.");
    assert!(err(&long).to_string().starts_with("found 82 cells"));
}

#[test]
fn a_bad_symbol_names_its_line_and_column() {
    // Line 3, column 2 (counted in characters, after a comment line).
    let text = "# a 4×4\n1..4\n.51.\n.14.\n4..1\n";
    let e = err(text);
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::BadSymbol {
            symbol: '5',
            line: 3,
            column: 2,
            shape: shape(4)
        })
    );
    assert_eq!((e.line(), e.column()), (Some(3), Some(2)));
    assert_eq!(e.kind_name(), "bad-symbol");
    assert_eq!(
        e.to_string(),
        "'5' at line 3, column 2 is not a symbol of a 4×4 grid (1 to 4; . _ or 0 for empty)"
    );
    // In a framed grid the column counts the frame and spaces; CRLF changes nothing.
    let framed = "+-----+-----+\r\n| 1 . | . 4 |\r\n| . 4 | x . |\r\n+-----+-----+\r\n\
                  | . 1 | 4 . |\r\n| 4 . | . 1 |\r\n+-----+-----+\r\n";
    let e = err(framed);
    assert_eq!((e.line(), e.column()), (Some(3), Some(9)));
    assert!(e.to_string().starts_with("'x' at line 3, column 9"), "{e}");
    // A 16×16 stops at G; a lowercase letter is another symbol.
    let mut line = write(&solution(shape(16)), TextForm::Line);
    line.replace_range(20..21, "g");
    let e = err(&line);
    assert_eq!((e.line(), e.column()), (Some(1), Some(21)));
    assert!(e.to_string().contains("(1 to G;"), "{e}");
}

/// A character that would not show in the message (a zero-width space, a control
/// character) is named by its code point, and the column still counts it.
#[test]
fn an_invisible_bad_symbol_is_named_by_its_code_point() {
    let e = err("1\u{200B}34341221434.21");
    assert_eq!((e.line(), e.column()), (Some(1), Some(2)));
    assert!(
        e.to_string().starts_with("'U+200B' at line 1, column 2"),
        "{e}"
    );
    let e = err("1234\n34\u{7}2\n2143\n4321");
    assert!(
        e.to_string().starts_with("'U+0007' at line 2, column 3"),
        "{e}"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = err("é234\n3412\n2143\n4321");
    assert_eq!((e.line(), e.column()), (Some(1), Some(1)));
    let e = err("1234\n3412\n21é3\n4321");
    assert_eq!((e.line(), e.column()), (Some(3), Some(3)));
    // After the puzzle's first field, columns still count from the line's start.
    let e = err("  1..4.41..14.4.51 1234341221434321");
    assert_eq!((e.line(), e.column()), (Some(1), Some(17)));
}

#[test]
fn a_bad_token_names_its_line_and_column() {
    let text = "1 _ 3 _\n_ 4 _ 2\n_ _ 12 _\n_ _ _ _\n";
    let e = err(text);
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::BadToken {
            token: "12".into(),
            line: 3,
            column: 5,
            shape: shape(4)
        })
    );
    assert_eq!(e.kind_name(), "bad-symbol");
    assert_eq!(
        e.to_string(),
        "\"12\" at line 3, column 5 is not a symbol of a 4×4 grid (1 to 4; . _ or 0 for empty)"
    );
    // 17 in a 16×16 written in numbers.
    let mut tokens: Vec<String> = vec!["_".into(); 256];
    tokens[0] = "10".into();
    tokens[17] = "17".into();
    let text = tokens
        .chunks(16)
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    let e = err(&text);
    assert_eq!((e.line(), e.column()), (Some(2), Some(3)));
    assert!(e.to_string().contains("(1 to 16 or 1 to G;"), "{e}");
    // In a 9×9, two digits are never a symbol.
    let nine = GRID_FILE.replace("8 5 _", "8 10 _");
    let e = err(&nine);
    assert_eq!((e.line(), e.column()), (Some(2), Some(3)));
}

#[test]
fn a_bad_hex_symbol() {
    let options = ParseOptions {
        hex: true,
        ..ParseOptions::default()
    };
    let mut text = ".".repeat(256);
    text.replace_range(40..41, "G");
    let e = parse_with(&text, &options).unwrap_err();
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::BadHexSymbol {
            symbol: 'G',
            line: 1,
            column: 41
        })
    );
    assert_eq!(
        e.to_string(),
        "'G' at line 1, column 41 is not a hex symbol (0 to F; . or _ for empty)"
    );
    // Hex is 16×16: 81 cells do not fit.
    let e = parse_with(LINE, &options).unwrap_err();
    assert_eq!(e.to_string(), "found 81 cells; a 16×16 grid has 256");
}

#[test]
fn a_huge_input_is_refused_at_once() {
    let huge = "1".repeat(100 << 20);
    let e = parse(&huge).unwrap_err();
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::TooLarge {
            bytes: 100 << 20,
            limit: MAX_INPUT_BYTES
        })
    );
    assert_eq!(e.kind_name(), "too-large");
    assert!(e.to_string().contains("104,857,600 bytes"), "{e}");
    // One huge line is one (refused) puzzle.
    let found: Vec<_> = puzzles(&huge, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].1.as_ref().unwrap_err().kind_name(), "too-large");
}

#[test]
fn the_limit_leaves_room_for_the_largest_framed_grid() {
    let text = write(&solution(shape(64)), TextForm::Framed);
    assert!(text.len() * 10 < MAX_INPUT_BYTES);
    let padded = format!("{}{text}", "# padding\n".repeat(1000));
    assert!(parse(&padded).is_ok());
}

// ---- Files of several puzzles -------------------------------------------------------------

#[test]
fn one_puzzle_per_line() {
    let text = format!(
        "# three puzzles\n\n{LINE}\n\
         4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n\
         \n# and a last one\n{SOLUTION}\n"
    );
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    let lines: Vec<usize> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![3, 4, 7]);
    assert_eq!(found[0].1, Ok(example()));
    assert!(found[2].1.as_ref().unwrap().is_solved());
}

#[test]
fn puzzle_and_solution_lines() {
    // The form `sudoku64 generate` writes: the puzzle, a space, its solution.
    let text = format!("{LINE} {SOLUTION}\n{LINE} {SOLUTION}\n");
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(found, vec![(1, Ok(example())), (2, Ok(example()))]);
}

#[test]
fn a_bad_line_among_puzzles_is_one_error_at_its_line() {
    let text = format!(
        "{LINE}\n{}\n{LINE}\n{}\n",
        &LINE[..80],
        format_args!("88{}", &LINE[2..])
    );
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 4);
    assert_eq!(found[0], (1, Ok(example())));
    assert_eq!(found[1].0, 2);
    assert!(
        found[1]
            .1
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("found 80 cells")
    );
    assert_eq!(found[2], (3, Ok(example())));
    assert_eq!(found[3].1.as_ref().unwrap_err().kind_name(), "clash");
    // A bad symbol's line is the file's line.
    let fours = "1..4.41..14.4..1\n1..4.41..14.4..1\n1..4.41..14.5..1\n";
    let found: Vec<_> = puzzles(fours, &ParseOptions::default()).collect();
    let e = found[2].1.as_ref().unwrap_err();
    assert_eq!((found[2].0, e.line(), e.column()), (3, Some(3), Some(13)));
}

#[test]
fn a_multi_line_grid_is_one_puzzle() {
    for (text, start) in [
        (ROWS, 1),
        (FRAMED, 1),
        (STARRED, 1),
        (SDK, 4),
        (GRID_FILE, 2),
    ] {
        let found: Vec<_> = puzzles(text, &ParseOptions::default()).collect();
        assert_eq!(found, vec![(start, Ok(example()))], "{text}");
    }
    // Its errors name lines of the file.
    let bad = SDK.replace("..8..1..6", "..8..1..");
    let found: Vec<_> = puzzles(&bad, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 1);
    assert!(
        found[0]
            .1
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("found 80 cells")
    );
}

#[test]
fn grids_separated_by_blank_lines() {
    let other = "+-----+-----+\n| 1 . | . 4 |\n| . 4 | 1 . |\n+-----+-----+\n\
                 | . 1 | 4 . |\n| 4 . | . 1 |\n+-----+-----+\n";
    let text = format!("# two grids\n{FRAMED}\n\n{other}\n{SDK}");
    let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
    let lines: Vec<usize> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![2, 17, 28]);
    assert_eq!(found[0].1, Ok(example()));
    assert_eq!(found[1].1.as_ref().unwrap().size(), 4);
    assert_eq!(found[2].1, Ok(example()));
    // Two blank lines are one separator. An error in one grid is that grid's, at the file's line.
    let bad = text.replace("| . 4 | 1 . |", "| . 4 | 9 . |");
    let found: Vec<_> = puzzles(&bad, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 3);
    let e = found[1].1.as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(19), Some(9)));
    assert!(found[2].1.is_ok());
    // So is a grid with a cell too few.
    let short = text.replace("| . 4 | 1 . |", "| . 4 | 1 |");
    let found: Vec<_> = puzzles(&short, &ParseOptions::default()).collect();
    assert_eq!(found.len(), 3);
    assert_eq!(found[1].0, 17);
    let e = found[1].1.as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "found 15 cells; a 4×4 grid has 16: line 19 has 3 cells, where a row has 4"
    );
    assert_eq!(e.line(), Some(19));
    assert!(found[0].1.is_ok() && found[2].1.is_ok());
}

#[test]
fn sixteen_4x4_lines_when_the_size_says_so() {
    let line = "1..4.41..14.4..1\n";
    let text = line.repeat(16);
    let found: Vec<_> = puzzles(&text, &sized(4)).collect();
    assert_eq!(found.len(), 16);
    assert!(found.iter().all(|(_, r)| r.is_ok()));
    // Fifteen are plainly one per line.
    assert_eq!(
        puzzles(&line.repeat(15), &ParseOptions::default()).count(),
        15
    );
}

#[test]
fn no_puzzles_is_one_empty_error() {
    for text in ["", "\n\n", "# nothing\n"] {
        let found: Vec<_> = puzzles(text, &ParseOptions::default()).collect();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, 1);
        assert_eq!(
            found[0].1.as_ref().unwrap_err().as_read(),
            Some(&ReadErrorKind::Empty)
        );
    }
}

#[test]
fn a_large_file_of_one_line_puzzles() {
    // Over the one-grid limit as a whole, but each line is small.
    let line = format!("{LINE} {SOLUTION}\n");
    let text = line.repeat(MAX_INPUT_BYTES / line.len() + 10);
    let mut n = 0;
    for (i, (at, grid)) in puzzles(&text, &ParseOptions::default()).enumerate() {
        assert_eq!(at, i + 1);
        assert!(grid.is_ok());
        n += 1;
    }
    assert_eq!(n, MAX_INPUT_BYTES / line.len() + 10);
}

// ---- Properties -------------------------------------------------------------------------

/// A shape and a partial grid of it: a valid full grid with its symbols relabelled and
/// some cells blanked.
fn partial_grid() -> impl Strategy<Value = Grid> {
    // The usual shape of each side: a text without a box option reads as that one.
    let shapes: Vec<Shape> = Shape::sample()
        .filter(|&s| Shape::from_size(s.size()) == Ok(s))
        .collect();
    proptest::sample::select(shapes)
        .prop_flat_map(|s| {
            let n = s.size();
            (
                Just(s),
                Just(Vec::from_iter(1..=n as u8)).prop_shuffle(),
                proptest::collection::vec(any::<bool>(), n * n),
                0u8..=100,
            )
        })
        .prop_map(|(s, labels, keep, density)| {
            let full = solution(s);
            let cells = full
                .cells()
                .iter()
                .zip(&keep)
                .enumerate()
                .map(|(i, (&v, &kept))| {
                    let dense = (i * 37 % 101) as u8 <= density;
                    if kept || dense {
                        labels[v as usize - 1]
                    } else {
                        0
                    }
                })
                .collect();
            Grid::from_cells(s, cells).unwrap()
        })
}

/// Characters that matter to the reader, to reach deep paths more often than random text.
fn tricky_text() -> impl Strategy<Value = String> {
    let chars: Vec<char> = "123456789ABGaz@&*0._-+|=#: \t\r\n\n\n\u{FEFF}é─"
        .chars()
        .collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..400)
        .prop_map(|v| v.into_iter().collect())
}

fn any_options() -> impl Strategy<Value = ParseOptions> {
    (
        proptest::option::of(prop_oneof![
            Just(1usize),
            Just(4),
            Just(9),
            Just(16),
            0usize..70
        ]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(size, hex, allow_clashes)| ParseOptions {
            size,
            hex,
            allow_clashes,
            ..ParseOptions::default()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_grids_read_back(grid in partial_grid()) {
        for form in TextForm::ALL {
            let text = write(&grid, form);
            prop_assert_eq!(parse(&text), Ok(grid.clone()), "{:?}\n{}", form, text);
            let options = sized(grid.size());
            prop_assert_eq!(parse_with(&text, &options), Ok(grid.clone()));
            let crlf = text.replace('\n', "\r\n");
            prop_assert_eq!(parse(&crlf), Ok(grid.clone()));
            let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
            prop_assert_eq!(found, vec![(1, Ok(grid.clone()))]);
        }
    }

    #[test]
    fn one_line_grids_read_back_one_per_line(grids in proptest::collection::vec(partial_grid(), 1..6)) {
        let text: String = grids.iter().map(|g| write(g, TextForm::Line) + "\n").collect();
        let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
        let total: usize = grids.iter().map(|g| g.shape().cell_count()).sum();
        if grids.len() > 1 && Shape::from_cell_count(total).is_some_and(|s| s.has_square_boxes()) {
            // The ambiguous case: the lines together are one grid's worth of cells. (A
            // side with rectangular boxes must be written on one line or n to a line.)
            prop_assert_eq!(found.len(), 1);
        } else {
            let expected: Vec<_> =
                grids.iter().cloned().enumerate().map(|(i, g)| (i + 1, Ok(g))).collect();
            prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn random_text_never_panics(text in any::<String>(), options in any_options()) {
        let _ = parse_with(&text, &options);
        let _ = puzzles(&text, &options).count();
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&text);
        let _ = puzzles(&text, &ParseOptions::default()).count();
    }

    #[test]
    fn tricky_text_never_panics(text in tricky_text(), options in any_options()) {
        match parse_with(&text, &options) {
            Ok(grid) => {
                if let Some(n) = options.size {
                    prop_assert_eq!(grid.size(), n);
                }
                if !options.allow_clashes {
                    prop_assert!(grid.first_clash().is_none());
                }
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty() && !message.ends_with('.'));
                if let (Some(line), Some(column)) = (e.line(), e.column()) {
                    let at = split_lines(&text).nth(line - 1).and_then(|(l, _)| l.chars().nth(column - 1));
                    prop_assert!(at.is_some(), "{} at {}:{}", message, line, column);
                }
            }
        }
        for (line, _) in puzzles(&text, &options) {
            prop_assert!(line >= 1 && line <= split_lines(&text).count().max(1));
        }
    }

    #[test]
    fn cells_of_a_9x9_line_are_its_digits(text in "[1-9.0*x-]{81}") {
        let allow = ParseOptions { allow_clashes: true, ..ParseOptions::default() };
        let grid = parse_with(&text, &allow).unwrap();
        for (c, &v) in text.chars().zip(grid.cells()) {
            prop_assert_eq!(v as u32, c.to_digit(10).unwrap_or(0));
        }
    }
}

#[test]
fn the_alphabet_is_what_the_reader_reads() {
    let full = solution(shape(64));
    let line = write(&full, TextForm::Line);
    assert_eq!(&line[..64], ALPHABET);
}

#[test]
fn the_readme_examples_of_input_errors_are_what_the_reader_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("says what is wrong and\nwhere. For example:")
        .or_else(|| readme.find("For example:\n- `found"))
        .expect("the README lists examples of input errors");
    let examples: Vec<&str> = readme[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("- `"))
        .map(|l| l[3..].split('`').next().unwrap())
        .collect();
    assert_eq!(examples.len(), 7, "{examples:?}");
    let short_row = ROWS.replace("...8..7.3", "...8..7.");
    let twelve = ".".repeat(144);
    let boxes = |rows, columns| ParseOptions {
        boxes: Some((rows, columns)),
        size: Some(12),
        ..ParseOptions::default()
    };
    let mut clash = String::from("7...7");
    clash.push_str(&".".repeat(76));
    let said = [
        err(&LINE[..80]).to_string(),
        err(&short_row).to_string(),
        err("hello world").to_string(),
        parse_with("1234\n34x2\n....\n....", &sized(4))
            .unwrap_err()
            .to_string(),
        err(&clash).to_string(),
        parse_with(&twelve, &boxes(2, 5)).unwrap_err().to_string(),
        parse_with(&LINE[..9], &sized(3)).unwrap_err().to_string(),
    ];
    for (example, message) in examples.iter().zip(&said) {
        assert!(
            message.starts_with(example),
            "README: {example}\nsaid:   {message}"
        );
    }
}

/// Found by the `parse` fuzz target: options no grid can meet (hex with a size other than
/// 16) gave a commented-grid item and the options' error, both at line 1. The options'
/// error is the one item, and items never go back in line order.
#[test]
fn options_no_grid_can_meet_are_the_only_item() {
    let hidden = format!("#{}", &LINE[1..]);
    let options = ParseOptions {
        size: Some(64),
        hex: true,
        ..ParseOptions::default()
    };
    for text in [
        hidden.clone(),
        format!("{hidden}\n{LINE}\n"),
        format!("{LINE}\n{LINE}\n"),
    ] {
        let found: Vec<_> = puzzles(&text, &options).collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 1);
        assert_eq!(found[0].1.as_ref().unwrap_err().kind_name(), "bad-option");
    }
}

/// Found in review: a note of sixteen characters after `#` (`#Difficulty:Hard`, a divider
/// of `#`s) was reported as a 4×4 grid written as a comment. Only a line whose other
/// characters are all cells of that grid is.
#[test]
fn a_comment_that_is_no_grid_stays_a_comment() {
    for note in ["#Difficulty:Hard", "################", "#a note, 16 char"] {
        let text = format!("{note}\n{LINE}\n");
        let found: Vec<_> = puzzles(&text, &ParseOptions::default()).collect();
        assert_eq!(found.len(), 1, "{note}: {found:?}");
        assert!(found[0].1.is_ok(), "{note}");
    }
    let hidden = format!("#{}", &"1..............."[1..]);
    let found: Vec<_> = puzzles(&format!("{hidden}\n{LINE}\n"), &ParseOptions::default()).collect();
    assert_eq!(
        found[0].1.as_ref().unwrap_err().kind_name(),
        "commented-grid"
    );
}

// ---- Layouts in game IDs and links --------------------------------------------------------

/// The IDs of `tests/data/solo-ids.txt` (Solo's own, with its solutions).
fn solo_ids() -> Vec<(&'static str, &'static str)> {
    include_str!("data/solo-ids.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once(' ').expect("an ID and its solution"))
        .collect()
}

#[test]
fn solos_jigsaw_and_x_ids_read_to_layouts_their_solutions_satisfy() {
    let mut read = 0;
    for (id, solution) in solo_ids() {
        let params = id.split(':').next().unwrap();
        if !params.contains('j') && !params.ends_with('x') {
            continue;
        }
        // As a line of a file: the ID, then its solution.
        let grid = parse(&format!("{id} {solution}")).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(grid.shape().is_jigsaw(), params.contains('j'), "{id}");
        assert_eq!(grid.shape().has_diagonals(), params.ends_with('x'), "{id}");
        let allow = ParseOptions {
            size: Some(grid.size()),
            allow_clashes: true,
            ..ParseOptions::default()
        };
        let solved = parse_with(solution, &allow)
            .unwrap()
            .with_shape(grid.shape())
            .unwrap();
        assert!(
            solved.is_solved(),
            "{id}: the solution breaks a unit of the layout read"
        );
        assert!(grid.is_subset_of(&solved), "{id}");
        // Read with the side's usual boxes instead, the solution breaks one: the regions
        // read are not the boxes.
        if grid.shape().is_jigsaw() {
            let usual = Shape::from_size(grid.size()).unwrap();
            assert!(
                !solved.clone().with_shape(usual).unwrap().is_solved(),
                "{id}"
            );
        }
        read += 1;
    }
    assert_eq!(read, 11, "three 9j, three 9jx, two 12j and three 3x3x IDs");
}

#[test]
fn bad_layout_ids_name_the_section_and_the_character() {
    for (id, section, offset) in [
        // A jigsaw's edges: missing, too few, too many, a bad character.
        ("9j:zzzc", "description", 8),
        ("4j:p,abbbbbbb", "description", 14),
        ("4j:p,abbbbbbbab", "description", 15),
        ("4j:p,abb1bbbba", "description", 9),
        // Edges that do not make n regions of n cells: 16 of one cell, one of 16.
        ("4j:p,_________________________", "description", 6),
        ("4j:p,x", "description", 6),
        ("3x:zzzc", "params", 3),
        ("3x3k:zzzc", "description", 10),
    ] {
        let err = parse(id).unwrap_err();
        match err.as_read() {
            Some(ReadErrorKind::BadId {
                section: s,
                offset: o,
                ..
            }) => assert_eq!((*s, *o), (section, offset), "{id}: {err}"),
            other => panic!("{id}: {other:?}"),
        }
    }
    for id in ["2x3w:zj", "1x1x:a", "2x4xw:zzl"] {
        assert_eq!(parse(id).unwrap_err().kind_name(), "bad-variant", "{id}");
    }
    // Edges that reach every place but lack the closing letter say so, not "24 of 24".
    let err = parse("2x2k:p,________________________,16p").unwrap_err();
    assert!(err.to_string().contains("do not close"), "{err}");
    let err = parse("4j:p,abbbbbbb").unwrap_err();
    assert!(err.to_string().contains("after 23 of the 24"), "{err}");
}

#[test]
fn variants_asked_of_an_id_without_them_are_refused_not_dropped() {
    let plain = "3x3:a3d1_9b9b3_5_2e8a2_3e5a8c4a8a7a5a6c6a4e4_9a7e5_4_8b1b7_9d4a";
    let with = |x: bool, windoku: bool| ParseOptions {
        variants: sudoku64::Variants {
            x,
            windoku,
            ..Default::default()
        },
        ..ParseOptions::default()
    };
    for options in [with(true, false), with(false, true)] {
        let err = parse_with(plain, &options).unwrap_err();
        match err.as_read() {
            Some(ReadErrorKind::BadId { section, .. }) => assert_eq!(*section, "params", "{err}"),
            other => panic!("{other:?}"),
        }
        assert!(err.to_string().contains("9×9"), "{err}");
    }
    // Without them, and on an ID that has them, it reads as before.
    assert!(parse_with(plain, &ParseOptions::default()).is_ok());
    let ids = std::fs::read_to_string("tests/data/solo-ids.txt").unwrap();
    let x_id = ids.lines().find(|l| l.starts_with("3x3x:")).unwrap();
    let x_id = x_id.split_whitespace().next().unwrap();
    assert_eq!(parse_with(x_id, &with(true, false)), parse(x_id));
}

/// A random jigsaw of side n: the boxes (rows on a side with none), with cells swapped
/// between neighbouring regions while both stay in one piece.
fn jigsaw_regions(n: usize, swaps: &[(usize, usize)]) -> Vec<u8> {
    let start = Shape::from_size(n).ok();
    let mut regions: Vec<u8> = (0..n * n)
        .map(|c| start.map_or(c / n, |s| s.box_of(c)) as u8)
        .collect();
    let near = |c: usize| {
        let (r, col) = (c / n, c % n);
        [
            (r > 0).then(|| c - n),
            (r + 1 < n).then(|| c + n),
            (col > 0).then(|| c - 1),
            (col + 1 < n).then(|| c + 1),
        ]
    };
    let connected = |regions: &[u8], region: u8| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| regions[c] == region).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut count = 0;
        while let Some(c) = stack.pop() {
            count += 1;
            for d in near(c).into_iter().flatten() {
                if !seen[d] && regions[d] == region {
                    seen[d] = true;
                    stack.push(d);
                }
            }
        }
        count == cells.len()
    };
    for &(a, b) in swaps {
        let a = a % (n * n);
        // b picks a cell of another region that touches a's region, and one of a's
        // region that touches b's.
        let (ra, neighbours): (u8, Vec<usize>) = (
            regions[a],
            (0..n * n)
                .filter(|&c| regions[c] != regions[a])
                .filter(|&c| {
                    near(c)
                        .into_iter()
                        .flatten()
                        .any(|d| regions[d] == regions[a])
                })
                .collect(),
        );
        if neighbours.is_empty() {
            continue;
        }
        let b = neighbours[b % neighbours.len()];
        let rb = regions[b];
        let back: Vec<usize> = (0..n * n)
            .filter(|&c| regions[c] == ra && c != a)
            .filter(|&c| near(c).into_iter().flatten().any(|d| regions[d] == rb))
            .collect();
        if back.is_empty() {
            continue;
        }
        let a = back[a % back.len()];
        regions.swap(a, b);
        if !connected(&regions, ra) || !connected(&regions, rb) {
            regions.swap(a, b);
        }
    }
    regions
}

/// A grid of any layout: boxes (tall ones too), a jigsaw of any side 4 to 16, with the
/// diagonals and windows where they fit, and cells of any symbols (clashes included).
fn layout_grid() -> impl Strategy<Value = Grid> {
    let boxes = proptest::sample::select(vec![
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (3, 4),
        (4, 4),
        (2, 5),
    ])
    .prop_map(|(r, c)| Shape::from_boxes(r, c).unwrap());
    let jigsaw = (
        4usize..=16,
        proptest::collection::vec((0usize..4096, 0usize..4096), 0..60),
    )
        .prop_map(|(n, swaps)| Shape::with_regions(n, &jigsaw_regions(n, &swaps)).unwrap());
    (prop_oneof![boxes, jigsaw], any::<bool>(), any::<bool>())
        .prop_map(|(shape, x, w)| {
            let shape = if x {
                shape.with_diagonals().unwrap()
            } else {
                shape
            };
            if w {
                shape.with_windows().unwrap_or(shape)
            } else {
                shape
            }
        })
        .prop_flat_map(|shape| {
            let n = shape.size() as u8;
            (
                Just(shape),
                proptest::collection::vec(
                    prop_oneof![3 => Just(0u8), 1 => 1..=n],
                    shape.cell_count(),
                ),
            )
        })
        .prop_map(|(shape, cells)| Grid::from_cells(shape, cells).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn game_ids_of_every_layout_read_back(grid in layout_grid()) {
        let id = solo::write_id(&grid);
        prop_assert!(solo::looks_like_id(&id), "{}", id);
        prop_assert_eq!(solo::read_id(&id), Ok(grid.clone()), "{}", id);
        prop_assert_eq!(solo::id_shape(&id), Ok(grid.shape()), "{}", id);
    }

    #[test]
    fn fpuzzles_and_sudokupad_links_of_every_layout_read_back(grid in layout_grid()) {
        // A jigsaw whose regions happen to be boxes reads back as those boxes.
        let shape = grid.shape();
        let n = shape.size();
        if let Some(regions) = shape.regions() {
            let is_boxes = |s: Shape| (0..n * n).all(|a| (0..n * n).all(|b| {
                (regions[a] == regions[b]) == (s.box_of(a) == s.box_of(b))
            }));
            let boxes: Vec<Shape> = Shape::box_shapes(n).collect();
            let tall: Vec<Shape> = boxes
                .iter()
                .filter_map(|s| Shape::from_boxes(s.box_columns(), s.box_rows()).ok())
                .collect();
            prop_assume!(!boxes.iter().chain(&tall).any(|&s| is_boxes(s)));
        }
        let allow = ParseOptions { allow_clashes: true, ..ParseOptions::default() };
        for text in [link::sudokupad_link(&grid), link::fpuzzles_link(&grid)] {
            prop_assert_eq!(parse_with(&text, &allow), Ok(grid.clone()), "{}", text);
        }
    }

    #[test]
    fn random_ids_and_links_never_panic(
        params in "[0-9]{1,2}(x[0-9]{1,2})?[jxwkadr0-9]{0,3}",
        desc in "[a-z0-9_,]{0,200}",
        data in "[A-Za-z0-9+/=]{0,300}",
    ) {
        let _ = parse(&format!("{params}:{desc}"));
        let _ = parse(&format!("https://f-puzzles.com/?load={data}"));
        let _ = parse(&format!("https://sudokupad.app/fpuzzles{data}"));
    }
}

#[test]
fn an_x_and_a_windoku_sudokuwiki_and_solo_agree() {
    // sudokuwiki's X page and Solo's x flag name the same layout.
    let bd = "105007093000000040040630200700000000000403000000000009006004010010000700080300904";
    let wiki = parse(&format!("https://www.sudokuwiki.org/sudokux.aspx?bd={bd}")).unwrap();
    let id = solo::write_id(&wiki);
    assert!(id.starts_with("3x3x:"), "{id}");
    assert_eq!(parse(&id), Ok(wiki.clone()));
    // Windoku is our own flag, after the diagonals.
    let windoku = wiki
        .with_shape(
            Shape::from_box(3)
                .unwrap()
                .with_diagonals()
                .unwrap()
                .with_windows()
                .unwrap(),
        )
        .unwrap();
    assert!(solo::write_id(&windoku).starts_with("3x3xw:"));
}

/// tests/data/links.txt: f-puzzles and SudokuPad links, each read natively as the browser
/// reads it (tests/e2e/links.test.mjs).
const LINKS: &str = include_str!("data/links.txt");

/// The fixture's cases: `ok LINK ID SOLUTION` or `bad LINK WORDS…`, comments skipped.
fn link_cases() -> impl Iterator<Item = (usize, Vec<&'static str>)> {
    LINKS
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.splitn(4, ' ').collect()))
}

#[test]
fn every_link_in_the_fixture_reads_to_its_id_and_solution_or_is_refused_by_name() {
    let (mut good, mut bad) = (0, 0);
    for (line, fields) in link_cases() {
        match fields.as_slice() {
            ["ok", link, id, solution] => {
                let grid = parse(link).unwrap_or_else(|e| panic!("line {line}: {e}"));
                assert_eq!(
                    solo::write_id(&grid),
                    *id,
                    "line {line}: the puzzle and layout"
                );
                let sudoku64::search::SolveResult::Unique(solved) = sudoku64::search::solve(&grid)
                else {
                    panic!("line {line}: not one solution");
                };
                assert_eq!(sudoku64::format::to_line(&solved), *solution, "line {line}");
                // What the writer writes for it reads back the same.
                assert_eq!(
                    parse(&link::sudokupad_link(&grid)),
                    Ok(grid.clone()),
                    "line {line}"
                );
                good += 1;
            }
            ["bad", link, words @ ..] => {
                let message = parse(link)
                    .map(|_| panic!("line {line}: read, where it should be refused"))
                    .unwrap_err()
                    .to_string();
                let words = words.join(" ");
                assert!(
                    message.contains(&words),
                    "line {line}: {message:?} lacks {words:?}"
                );
                bad += 1;
            }
            _ => panic!("line {line}: neither `ok LINK ID SOLUTION` nor `bad LINK WORDS`"),
        }
    }
    assert!(good >= 9 && bad >= 8, "{good} good and {bad} bad links");
}

/// Writes the links of tests/data/links.txt's `ok` lines made by the writer, from the game
/// IDs given in LINK_IDS (one `ID SOLUTION` a line):
/// `LINK_IDS=ids.txt cargo test --test formats -- --ignored write_fixture_links --nocapture`.
#[test]
#[ignore = "writes fixture lines; run by hand"]
fn write_fixture_links() {
    let ids = std::fs::read_to_string(std::env::var("LINK_IDS").expect("LINK_IDS")).unwrap();
    for line in ids.lines().filter(|l| !l.trim().is_empty()) {
        let (id, solution) = line.split_once(' ').unwrap();
        let grid = parse(id).unwrap();
        println!("ok {} {id} {solution}", link::sudokupad_link(&grid));
        println!("ok {} {id} {solution}", link::fpuzzles_link(&grid));
    }
}
