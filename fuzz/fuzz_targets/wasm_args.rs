//! The wasm boundary's argument decoding (`sudoku64::boundary`, what `wasm.rs` calls with
//! the numbers and strings from JavaScript): any size, hex flag, count limit, symmetry
//! and level names, empty fraction, budget and seed. Options it accepts are in range,
//! and the small ones generate a puzzle of the size asked; what it refuses has a message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku64::boundary::{count_limit, generate_options, parse_options};
use sudoku64::generate::{self, Target, Unattended};
use sudoku64_fuzz::Bytes;

/// Numbers JavaScript callers pass, and the odd ones they should not.
const SPECIAL: [f64; 12] = [
    f64::NAN,
    0.0,
    -0.0,
    -0.5,
    0.5,
    0.999_999,
    1.0,
    1.5,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MAX,
    f64::MIN_POSITIVE,
];

fn number(bytes: &mut Bytes) -> f64 {
    match bytes.byte() {
        b if (b as usize) < SPECIAL.len() * 16 => SPECIAL[b as usize % SPECIAL.len()],
        _ => f64::from_bits(bytes.u64()),
    }
}

fn size(bytes: &mut Bytes) -> u32 {
    match bytes.byte() % 4 {
        0 => [0, 1, 4, 6, 9, 12, 16, 25, 36, 49, 64][bytes.byte() as usize % 11],
        1 => bytes.byte() as u32,
        _ => bytes.u64() as u32,
    }
}

fn text(bytes: &mut Bytes) -> String {
    let len = bytes.byte() as usize % 16;
    let raw: Vec<u8> = (0..len).map(|_| bytes.byte()).collect();
    match bytes.byte() % 4 {
        0 => ["none", "rot180", "rot90", "mirror", "diagonal"][raw.len() % 5].to_string(),
        1 => [
            "",
            "easy",
            "medium",
            "hard",
            "expert",
            "extreme",
            "diabolical",
        ][raw.len() % 7]
            .to_string(),
        _ => String::from_utf8_lossy(&raw).into_owned(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (n, hex) = (size(&mut bytes), bytes.byte() & 1 == 1);
    let boxes = ["", "", "2x3", "3x2", "2x6", "3x3", "1x4", "x"][bytes.byte() as usize % 8];
    match parse_options(n, hex, boxes) {
        Ok(options) => {
            assert_eq!(options.size, (n != 0).then_some(n as usize));
            assert!(options.shape().is_ok(), "accepted options name a shape");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let limit = bytes.u64() as u32;
    assert!(count_limit(limit) >= 1 && count_limit(limit) >= limit as u64);

    let n = size(&mut bytes);
    let (symmetry, difficulty) = (text(&mut bytes), text(&mut bytes));
    let (empty, budget) = (number(&mut bytes), number(&mut bytes));
    let seed = bytes.u64();
    let options = match generate_options(n, "", &symmetry, seed, empty, budget, &difficulty) {
        Ok(options) => options,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "a refusal without a message");
            return;
        }
    };
    assert_eq!((options.shape.size(), options.seed), (n as usize, seed));
    if let Some(Target::Empty(f)) = options.target {
        assert!(
            (0.0..1.0).contains(&f),
            "an empty fraction out of range: {f}"
        );
    }
    if let Some(ms) = options.budget_ms {
        assert!(ms.is_finite() && ms > 0.0, "a budget that is no time: {ms}");
    }
    // Small grids are quick to make: the options must work, budget or not (no clock here).
    if n <= 4 && options.difficulty.is_none() {
        let made = generate::generate(&options, &mut Unattended).expect("accepted options work");
        assert_eq!(made.puzzle.size(), n as usize);
    }
});
