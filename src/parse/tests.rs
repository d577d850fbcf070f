//! Tests of reading grids from text.

use super::lines::{is_frame, is_label, is_section, strip_comment};
use super::*;
use crate::format::{TextForm, write};

#[test]
fn classic_line_with_dots_and_zeros() {
    let a =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap();
    assert_eq!(a.size(), 9);
    assert_eq!(a.clue_count(), 17);
    let b =
        parse("000000010400000000020000000000050407008000300001090000300400200050100000000806000")
            .unwrap();
    assert_eq!(b.get(7), 1);
    assert_eq!(b.clue_count(), 17);
}

#[test]
fn any_character_is_empty_in_a_9x9() {
    let g = parse(&format!("1*x-{}", "?".repeat(77))).unwrap();
    assert_eq!(g.clue_count(), 1);
}

#[test]
fn frame_lines() {
    assert!(is_frame("+-------+-------+"));
    assert!(is_frame("*-----------*"));
    assert!(is_frame("|---+---+---|"));
    assert!(is_frame(" ===== "));
    assert!(is_frame("┌───┬───┐"));
    assert!(!is_frame("| 7 . 6 |"));
    assert!(!is_frame("*********"));
    assert!(!is_frame("|  |"));
}

#[test]
fn sections() {
    assert!(is_section("[Puzzle]"));
    assert!(is_section("[Sudoku puzzle]  "));
    assert!(!is_section("[5,3,0]"));
    assert!(!is_section("[]"));
    assert!(is_label("Puzzle:"));
    assert!(is_label("Grid 2:  "));
    assert!(!is_label("1234:"));
    assert!(!is_label("|-----:-----|"));
}

#[test]
fn trailing_comments() {
    assert_eq!(strip_comment("1 2 # note"), "1 2 ");
    assert_eq!(strip_comment("1#2"), "1#2");
}

#[test]
fn number_tokens_detected_only_for_two_digits() {
    assert!(has_number_tokens(lines("12 _ 3 16", 1)));
    assert!(!has_number_tokens(lines("1 _ 3 4", 1)));
    assert!(!has_number_tokens(lines("530070000", 1)));
    assert!(!has_number_tokens(lines("12 3A", 1)));
}

#[test]
fn first_field_of_a_line() {
    let p = "1...............";
    let text = format!("  {p} 1234341221434321");
    let f = first_field(lines(&text, 7)).unwrap();
    assert_eq!((f.number, f.column, f.text), (7, 2, p));
    assert!(first_field(lines(p, 1)).is_none());
    assert!(first_field(lines("1 2", 1)).is_none());
    let spaced = "1234............ ................ ................";
    assert!(first_field(lines(spaced, 1)).is_none());
}

#[test]
fn dash_rows_count_as_cells_when_needed() {
    let mut text = String::from("123456789\n");
    for _ in 0..8 {
        text.push_str("---------\n");
    }
    let g = parse(&text).unwrap();
    assert_eq!(g.clue_count(), 9);
}

#[test]
fn round_trip_every_size_empty_and_full() {
    for s in Shape::all() {
        let full = Grid::pattern(s);
        assert!(full.is_solved());
        for g in [Grid::empty(s), full] {
            for form in TextForm::ALL {
                let text = write(&g, form);
                assert_eq!(parse(&text).as_ref(), Ok(&g), "{form:?}\n{text}");
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// The fast path for a line of 81 digits and dots reads what the general reader
    /// reads: the same grid, or the same clash.
    #[test]
    fn a_classic_line_reads_as_the_general_reader_reads_it(
        cells in proptest::collection::vec(
            proptest::prop_oneof![6 => proptest::strategy::Just('.'), 1 => proptest::char::range('0', '9')],
            81,
        ),
        allow_clashes: bool,
    ) {
        let text: String = cells.into_iter().collect();
        let options = ParseOptions { allow_clashes, ..ParseOptions::default() };
        proptest::prop_assert!(classic_line(&text, &options).is_some());
        let fast = format!("{:?}", read_grid(&text, 1, &options));
        let general = format!("{:?}", read_any_grid(&text, 1, &options));
        proptest::prop_assert_eq!(fast, general);
    }
}

#[test]
fn the_classic_fast_path_leaves_other_lines_and_options_to_the_general_reader() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let default = ParseOptions::default();
    assert!(classic_line(line, &default).is_some());
    // One character short or long, another character, or an option that changes the
    // reading: none of them is the fast path's.
    assert!(classic_line(&line[1..], &default).is_none());
    assert!(classic_line(&format!("{line}."), &default).is_none());
    assert!(classic_line(&line.replacen('.', "_", 1), &default).is_none());
    let x = ParseOptions {
        variants: Variants {
            x: true,
            ..Variants::default()
        },
        ..ParseOptions::default()
    };
    assert!(classic_line(line, &x).is_none());
    let sized = ParseOptions {
        size: Some(9),
        ..ParseOptions::default()
    };
    assert!(classic_line(line, &sized).is_none());
    // And what it reads is what the general reader reads.
    assert_eq!(
        parse(line).unwrap(),
        read_any_grid(line, 1, &default).unwrap()
    );
}
