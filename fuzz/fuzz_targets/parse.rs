//! The text parser: any bytes, any options. Every grid it reads must fit the size asked
//! for and read back the same when written out (as text, as a Solo game ID, as a
//! SudokuPad link); every error must have a message; the stream reader gives the same
//! items as the whole text. Input starting with a digit and a colon, or with a link's
//! address, reaches the ID and link readers (their layouts included).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku64::format::{self, TextForm};
use sudoku64::parse::{self, ParseOptions};
use sudoku64::stream;
use sudoku64::{Grid, Shape, Variants};

const SIZES: [Option<usize>; 10] = [
    None,
    Some(1),
    Some(4),
    Some(9),
    Some(16),
    Some(25),
    Some(36),
    Some(49),
    Some(64),
    Some(10),
];

/// Box shapes to read with: none (the side's usual one), tall ones, and some that fit no side asked for.
const BOXES: [Option<(usize, usize)>; 6] = [
    None,
    None,
    Some((3, 2)),
    Some((2, 6)),
    Some((3, 3)),
    Some((4, 2)),
];

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let options = ParseOptions {
        size: SIZES[(flags >> 2) as usize % SIZES.len()],
        hex: flags & 1 == 1,
        allow_clashes: flags & 2 == 2,
        boxes: BOXES[(flags >> 5) as usize % BOXES.len()],
        ..ParseOptions::default()
    };
    let text = String::from_utf8_lossy(rest);
    check(parse::parse_with(&text, &options), &options);
    // Read as a stream, any bytes give items in line order; UTF-8 text as short as this
    // gives the same items as the whole text.
    let streamed: Vec<_> = stream::puzzles_from_reader(rest, &options).collect();
    assert!(
        streamed.windows(2).all(|w| w[0].0 <= w[1].0),
        "stream items out of line order"
    );
    if std::str::from_utf8(rest).is_ok()
        && !rest.contains(&0)
        && !rest.starts_with(&[0xEF, 0xBB, 0xBF])
    {
        let whole: Vec<_> = parse::puzzles(&text, &options).collect();
        assert_eq!(streamed, whole, "the stream read the text otherwise");
    }
    let mut last_line = 0;
    for (line, read) in parse::puzzles(&text, &options) {
        assert!(line >= 1 && line > last_line, "puzzles come in line order");
        last_line = line;
        check(read, &options);
    }
});

/// True when two shapes draw the same units: a jigsaw whose regions are boxes reads back
/// from a link as those boxes.
fn same_layout(a: Shape, b: Shape) -> bool {
    let n = a.size();
    n == b.size()
        && Variants {
            jigsaw: false,
            ..Variants::of(a)
        } == Variants {
            jigsaw: false,
            ..Variants::of(b)
        }
        && (0..n * n).all(|c| {
            (0..n * n).all(|d| (a.box_of(c) == a.box_of(d)) == (b.box_of(c) == b.box_of(d)))
        })
}

fn check(read: Result<Grid, sudoku64::Error>, options: &ParseOptions) {
    match read {
        Ok(grid) => {
            if let Some(size) = options.size {
                assert_eq!(grid.size(), size, "read a grid of another size than asked");
            }
            if let Some((rows, columns)) = options.boxes {
                let shape = grid.shape();
                assert_eq!(
                    (shape.box_rows(), shape.box_columns()),
                    (rows, columns),
                    "read a grid with other boxes than asked"
                );
            }
            if !options.allow_clashes {
                assert!(grid.first_clash().is_none(), "a clash got through");
            }
            // Its Solo game ID reads back the same grid, boxes included.
            let id = sudoku64::solo::write_id(&grid);
            assert_eq!(sudoku64::solo::read_id(&id).as_ref(), Ok(&grid), "{id}");
            // As a SudokuPad link: the same cells in the same layout.
            let shape = grid.shape();
            if grid.size() <= 16 {
                let link = sudoku64::link::sudokupad_link(&grid);
                let allow = ParseOptions {
                    allow_clashes: true,
                    ..ParseOptions::default()
                };
                let again = parse::parse_with(&link, &allow).expect("a written link reads back");
                assert_eq!(again.cells(), grid.cells(), "{link}");
                assert!(same_layout(again.shape(), shape), "{link}");
            }
            // The text forms carry no jigsaw regions and no killer cages; boxes and
            // variants come as options.
            if shape.is_jigsaw() || shape.has_cages() {
                return;
            }
            let same_boxes = ParseOptions {
                boxes: Some((shape.box_rows(), shape.box_columns())),
                variants: Variants::of(shape),
                ..options.clone()
            };
            for form in [TextForm::Line, TextForm::Rows, TextForm::Framed] {
                let again = parse::parse_with(&format::write(&grid, form), &same_boxes)
                    .expect("a written grid reads back");
                assert_eq!(again, grid, "a written grid reads back the same");
            }
        }
        Err(error) => assert!(!error.to_string().is_empty(), "an error without a message"),
    }
}
