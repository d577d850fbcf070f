//! Reading puzzles from a byte stream: the same items as reading the whole text, in
//! bounded memory; over-long lines, bytes that are not UTF-8, byte-order marks of other
//! encodings and binary input each said at their line, the other lines read on.
#![cfg(not(target_arch = "wasm32"))]

use std::io::{self, Read};

use proptest::prelude::*;
use sudoku64::parse::{MAX_INPUT_BYTES, ParseOptions, puzzles};
use sudoku64::stream::{Item, puzzles_from_reader};
use sudoku64::{ReadErrorKind, format};

const LINE: &str =
    "85.1..6.4.13..45.....5.8137.2....971..8..1..6....4.3..2.6....1........6....8..7.3";

/// A reader that hands out at most `step` bytes per read, to cut lines, CR LF pairs and
/// byte-order marks across reads.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn read(bytes: &[u8]) -> Vec<Item> {
    puzzles_from_reader(bytes, &ParseOptions::default()).collect()
}

fn kinds(items: &[Item]) -> Vec<(usize, &'static str)> {
    items
        .iter()
        .map(|(line, p)| (*line, p.as_ref().map_or_else(|e| e.kind_name(), |_| "ok")))
        .collect()
}

#[test]
fn the_same_items_as_the_whole_text_whatever_the_reads() {
    let framed = format::write(
        &sudoku64::parse::parse(LINE).unwrap(),
        format::TextForm::Framed,
    );
    let texts = [
        format!("{LINE}\n# a comment\n{}\nxx\n{LINE}", &LINE[..80]),
        format!("{framed}\n\n{framed}"),
        format!("\u{FEFF}{LINE}\r\n{LINE}\r{LINE}\n"),
        String::new(),
        "\n\n# nothing\n".to_string(),
    ];
    for text in &texts {
        let whole: Vec<Item> = puzzles(text, &ParseOptions::default()).collect();
        for step in [1, 2, 3, 7, 4096] {
            let reader = Trickle {
                bytes: text.as_bytes(),
                step,
            };
            let streamed: Vec<Item> =
                puzzles_from_reader(reader, &ParseOptions::default()).collect();
            assert_eq!(streamed, whole, "step {step}: {text:?}");
        }
    }
}

#[test]
fn a_byte_that_is_not_utf8_is_named_and_the_other_lines_are_read() {
    let text = [
        format!("{LINE}\n").as_bytes(),
        b"\xff\n",
        "é".as_bytes(),
        b"\xc3\x28",
        format!("\n{LINE}\n").as_bytes(),
    ]
    .concat();
    let items = read(&text);
    assert_eq!(
        kinds(&items),
        vec![
            (1, "ok"),
            (2, "bad-encoding"),
            (3, "bad-encoding"),
            (4, "ok")
        ]
    );
    let e = items[1].1.as_ref().unwrap_err();
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::BadUtf8 {
            line: 2,
            column: 1,
            byte: 0xFF
        })
    );
    // The column counts characters: `é` is one.
    let e = items[2].1.as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(3), Some(2)));
    assert!(e.to_string().contains("0xC3 at line 3, column 2"), "{e}");
    // Inside a grid written in rows, the bad row is named, and so is the count it leaves.
    let rows: Vec<u8> = LINE
        .as_bytes()
        .chunks(9)
        .enumerate()
        .flat_map(|(i, row)| {
            let row = if i == 4 {
                b"..\xff......".as_slice()
            } else {
                row
            };
            [row, b"\n"].concat()
        })
        .collect();
    let items = read(&rows);
    assert_eq!(kinds(&items), vec![(1, "cell-count"), (5, "bad-encoding")]);
}

#[test]
fn utf16_and_utf32_are_known_by_their_byte_order_mark() {
    let text = format!("{LINE}\n");
    let utf16le: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let utf16be: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    let utf32le: Vec<u8> = std::iter::once('\u{FEFF}')
        .chain(text.chars())
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    let utf32be: Vec<u8> = std::iter::once('\u{FEFF}')
        .chain(text.chars())
        .flat_map(|c| (c as u32).to_be_bytes())
        .collect();
    for (bytes, name) in [
        (utf16le, "UTF-16 little-endian"),
        (utf16be, "UTF-16 big-endian"),
        (utf32le, "UTF-32 little-endian"),
        (utf32be, "UTF-32 big-endian"),
    ] {
        let items = read(&bytes);
        assert_eq!(items.len(), 1, "{name}");
        let e = items[0].1.as_ref().unwrap_err();
        assert_eq!(
            e.as_read(),
            Some(&ReadErrorKind::Encoding { name }),
            "{name}"
        );
        assert!(
            e.to_string().contains(name) && e.to_string().contains("UTF-8"),
            "{e}"
        );
    }
}

/// A reader that ends once, as a terminal does at Ctrl-D: reading past that end would
/// wait for the user to press it again, so it fails the test.
struct EndsOnce<'a> {
    bytes: &'a [u8],
    ended: bool,
}

impl Read for EndsOnce<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        assert!(!self.ended, "read again after the end of the input");
        let k = buf.len().min(self.bytes.len());
        buf[..k].copy_from_slice(&self.bytes[..k]);
        self.bytes = &self.bytes[k..];
        self.ended = k == 0;
        Ok(k)
    }
}

#[test]
fn a_short_input_is_read_to_its_end_once() {
    for text in ["1\n", "1", "", "\u{FEFF}1\n", "1.34341221434.21\n"] {
        let reader = EndsOnce {
            bytes: text.as_bytes(),
            ended: false,
        };
        let items: Vec<Item> = puzzles_from_reader(reader, &ParseOptions::default()).collect();
        assert_eq!(items, read(text.as_bytes()), "{text:?}");
    }
}

#[test]
fn a_mark_delivered_a_byte_at_a_time_is_still_named() {
    let text = format!("{LINE}\n");
    let utf32le: Vec<u8> = std::iter::once('\u{FEFF}')
        .chain(text.chars())
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    for step in [1, 2, 3] {
        let reader = Trickle {
            bytes: &utf32le,
            step,
        };
        let items: Vec<Item> = puzzles_from_reader(reader, &ParseOptions::default()).collect();
        assert_eq!(items.len(), 1, "step {step}");
        let name = "UTF-32 little-endian";
        let e = items[0].1.as_ref().unwrap_err();
        assert_eq!(
            e.as_read(),
            Some(&ReadErrorKind::Encoding { name }),
            "step {step}"
        );
        // Plain text read a byte at a time, head and all, gives what it gives at once.
        let plain = format!("{LINE}\n\n{LINE}\r\n");
        let trickled: Vec<Item> = puzzles_from_reader(
            Trickle {
                bytes: plain.as_bytes(),
                step,
            },
            &ParseOptions::default(),
        )
        .collect();
        assert_eq!(trickled, read(plain.as_bytes()), "step {step}");
        assert_eq!(kinds(&trickled), vec![(1, "ok"), (3, "ok")]);
    }
}

#[test]
fn an_endless_binary_stream_stops_at_its_first_nul() {
    // Like /dev/zero: without the stop, this would read for ever.
    let mut items = puzzles_from_reader(io::repeat(0), &ParseOptions::default());
    let (line, first) = items.next().unwrap();
    assert_eq!(line, 1);
    let e = first.unwrap_err();
    assert_eq!(
        e.as_read(),
        Some(&ReadErrorKind::Binary { line: 1, column: 1 })
    );
    assert!(items.next().is_none());
    // After good lines, the NUL's line and column are named and the good lines kept.
    let items = read(format!("{LINE}\n12\0").as_bytes());
    assert_eq!(kinds(&items), vec![(1, "ok"), (2, "bad-encoding")]);
    assert_eq!(items[1].1.as_ref().unwrap_err().column(), Some(3));
}

#[test]
fn an_over_long_line_is_refused_at_its_number_without_being_held() {
    let long = io::repeat(b'.').take(8 * MAX_INPUT_BYTES as u64);
    let after = format!("\n{LINE}\r{LINE}\n");
    let reader = io::Cursor::new(format!("{LINE}\n"))
        .chain(long)
        .chain(after.as_bytes());
    let mut stream = puzzles_from_reader(reader, &ParseOptions::default());
    let items: Vec<Item> = stream.by_ref().collect();
    assert_eq!(
        kinds(&items),
        vec![(1, "ok"), (2, "too-large"), (3, "ok"), (4, "ok")]
    );
    assert_eq!(
        items[1].1.as_ref().unwrap_err().as_read(),
        Some(&ReadErrorKind::LineTooLong {
            line: 2,
            limit: MAX_INPUT_BYTES
        })
    );
    assert!(
        stream.peak_bytes() <= 2 * MAX_INPUT_BYTES,
        "{}",
        stream.peak_bytes()
    );
}

#[test]
fn memory_stays_bounded_for_any_number_of_lines() {
    // `yes . | sudoku64 solve -`: each `.` is a 1×1 puzzle. 20 MB of them.
    let lines = 10_000_000u64;
    let dots = DotLines { left: lines * 2 };
    let mut stream = puzzles_from_reader(dots, &ParseOptions::default());
    let mut n = 0u64;
    for (i, (line, p)) in stream.by_ref().enumerate() {
        assert_eq!(line, i + 1);
        assert!(p.is_ok());
        n += 1;
    }
    assert_eq!(n, lines);
    assert!(
        stream.peak_bytes() <= 2 * MAX_INPUT_BYTES,
        "{}",
        stream.peak_bytes()
    );
}

/// `.\n` repeated, `left` bytes in all.
struct DotLines {
    left: u64,
}

impl Read for DotLines {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = (buf.len() as u64).min(self.left) as usize & !1;
        for pair in buf[..n].chunks_mut(2) {
            pair.copy_from_slice(b".\n");
        }
        self.left -= n as u64;
        Ok(n)
    }
}

#[test]
fn long_files_of_framed_grids_are_cut_between_grids() {
    let framed = format::write(
        &sudoku64::parse::parse(LINE).unwrap(),
        format::TextForm::Framed,
    );
    let block = format!("{framed}\n\n");
    let count = 2 * MAX_INPUT_BYTES / block.len();
    let text = block.repeat(count);
    // Where each grid starts, as the whole text says for its first two.
    let starts: Vec<usize> = puzzles(&block.repeat(2), &ParseOptions::default())
        .map(|(line, _)| line)
        .collect();
    let (first, step) = (starts[0], starts[1] - starts[0]);
    let items = read(text.as_bytes());
    assert_eq!(items.len(), count);
    for (i, (line, p)) in items.iter().enumerate() {
        assert_eq!(*line, first + i * step, "{p:?}");
        assert!(p.is_ok(), "line {line}: {p:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any text without NUL reads the same as a stream, cut into any reads.
    #[test]
    fn streamed_text_reads_as_the_whole(
        text in "([1-4.# |+\\-\r\n]|1234|\u{e9}){0,120}",
        step in 1usize..9,
    ) {
        let whole: Vec<Item> = puzzles(&text, &ParseOptions::default()).collect();
        let reader = Trickle { bytes: text.as_bytes(), step };
        let streamed: Vec<Item> = puzzles_from_reader(reader, &ParseOptions::default()).collect();
        prop_assert_eq!(streamed, whole);
    }
}

/// Found in review: an input longer than one part (16,384 lines) was read part by part in
/// forms decided apart, so the lines left over in the last part could be read as one grid
/// (16 one-cell puzzles as a 4×4, 16 lines of 16×16 puzzles as a 64×64). The later parts
/// are read in the first part's form.
#[test]
fn the_lines_past_a_part_are_read_as_the_first_part_was() {
    let four = "1...............";
    for (line, count) in [(".", 16_400), (four, 16_400), (four, 16_384 + 1)] {
        let text = format!("{line}\n").repeat(count);
        let items = read(text.as_bytes());
        assert_eq!(items.len(), count, "{line} × {count}");
        assert!(items.iter().all(|(_, p)| p.is_ok()), "{line} × {count}");
        assert_eq!(items.last().unwrap().0, count);
    }
    // A long input of comments and blank lines alone: "no cells" at its first line.
    let items = read("\r".repeat(40_000).as_bytes());
    assert_eq!(kinds(&items), [(1, "empty")]);
}
