//! The band solver's loops over a band's nine digit words, in wasm `simd128`: the wasm
//! build enables it (`wasm_codegen_flags` in `scripts/lib.sh`), every other target keeps
//! the scalar loops in `band.rs`. Each function here does what the scalar code at its
//! caller does, on two vectors of four words and the ninth word alone.
//!
//! Why by hand: V8's register allocator spilled in the search function, where LLVM kept a
//! band's nine words in nine scalar locals (the naked singles' counts) and turned the
//! dirty marks of vectorised loops into eight lane extractions and selects. Here the
//! words stay in vector registers and the marks come from one `bitmask` per vector.
//! Placing the givens (`Bands::from_grid`) is here too: a tenth of a 17-clue puzzle's
//! time, and its per-cell and per-digit loops take a handful of vector operations each.
//!
//! Measured in Chromium against the scalar loops (both in one page, best of 6, forum
//! hardest / 17-clue): the loops over nine words 1.16 / 1.07; then the givens 1.00 /
//! 1.06. Tried and dropped, no faster: the branch cell's candidate counts
//! (`Bands::pick`), the board's copy at a branch, and a solution's cells
//! (`Bands::cells`) through vectors.
//!
//! Every word is below 2^27 (the board's invariant), which [`nonzero`] relies on.

use core::arch::wasm32::*;

/// A band's nine words: words 0..4 and 4..8 as vectors, word 8 alone.
type Nine = (v128, v128, u32);

#[inline(always)]
fn load(w: &[u32; 9]) -> Nine {
    (
        u32x4(w[0], w[1], w[2], w[3]),
        u32x4(w[4], w[5], w[6], w[7]),
        w[8],
    )
}

#[inline(always)]
fn store(w: &mut [u32; 9], (lo, hi, last): Nine) {
    *w = [
        u32x4_extract_lane::<0>(lo),
        u32x4_extract_lane::<1>(lo),
        u32x4_extract_lane::<2>(lo),
        u32x4_extract_lane::<3>(lo),
        u32x4_extract_lane::<0>(hi),
        u32x4_extract_lane::<1>(hi),
        u32x4_extract_lane::<2>(hi),
        u32x4_extract_lane::<3>(hi),
        last,
    ];
}

/// Bit `k` set for each lane `k` that is not zero, for lanes below 2^31.
#[inline(always)]
fn nonzero(v: v128) -> u32 {
    // Adding 2^31 - 1 sets the top bit exactly when the lane was not zero.
    u32::from(i32x4_bitmask(i32x4_add(v, u32x4_splat(0x7fff_ffff))))
}

/// Bit `d` set for each word `d` that is not zero.
#[inline(always)]
fn nonzero9((lo, hi, last): Nine) -> u32 {
    nonzero(lo) | nonzero(hi) << 4 | u32::from(last != 0) << 8
}

/// The cells held by at least one word, and by at least two.
#[inline]
pub(super) fn once_twice(w: &[u32; 9]) -> (u32, u32) {
    let (lo, hi, last) = load(w);
    // A cell is held twice if either side holds it twice, or both once.
    let merge = |(once, twice): (v128, v128), (o, t): (v128, v128)| {
        (
            v128_or(once, o),
            v128_or(v128_or(twice, t), v128_and(once, o)),
        )
    };
    let (once, twice) = (v128_or(lo, hi), v128_and(lo, hi));
    // Lanes 2 and 3 onto 0 and 1, then lane 1 onto 0.
    let (once, twice) = merge(
        (once, twice),
        (
            i32x4_shuffle::<2, 3, 2, 3>(once, once),
            i32x4_shuffle::<2, 3, 2, 3>(twice, twice),
        ),
    );
    let (once, twice) = merge(
        (once, twice),
        (
            i32x4_shuffle::<1, 1, 1, 1>(once, once),
            i32x4_shuffle::<1, 1, 1, 1>(twice, twice),
        ),
    );
    let (once, twice) = (
        u32x4_extract_lane::<0>(once),
        u32x4_extract_lane::<0>(twice),
    );
    (once | last, twice | once & last)
}

/// Bit `d` set for each word `d` that holds any of the cells `x`.
#[inline]
pub(super) fn holders(w: &[u32; 9], x: u32) -> u32 {
    let (lo, hi, last) = load(w);
    let x4 = u32x4_splat(x);
    nonzero9((v128_and(lo, x4), v128_and(hi, x4), last & x))
}

/// Takes the cells `x` from all nine words; returns the words that held any of them
/// (bit `d`).
#[inline]
pub(super) fn take(w: &mut [u32; 9], x: u32) -> u32 {
    let (lo, hi, last) = load(w);
    let x4 = u32x4_splat(x);
    store(w, (v128_andnot(lo, x4), v128_andnot(hi, x4), last & !x));
    nonzero9((v128_and(lo, x4), v128_and(hi, x4), last & x))
}

/// The round's end for one band: each word loses the `cells` fixed in the round, but
/// those fixed to its own digit (`of_word`, which is left empty). Returns the words that
/// changed (bit `d`).
#[inline]
pub(super) fn drop_singles(w: &mut [u32; 9], of_word: &mut [u32; 9], cells: u32) -> u32 {
    let (lo, hi, last) = load(w);
    let (own_lo, own_hi, own_last) = load(of_word);
    let c4 = u32x4_splat(cells);
    // What each word loses.
    let lose = (
        v128_and(lo, v128_andnot(c4, own_lo)),
        v128_and(hi, v128_andnot(c4, own_hi)),
        last & cells & !own_last,
    );
    store(
        w,
        (v128_xor(lo, lose.0), v128_xor(hi, lose.1), last ^ lose.2),
    );
    *of_word = [0; 9];
    nonzero9(lose)
}

/// Four words of `cand` from word `i` on.
#[inline(always)]
fn load4(cand: &[u32; 27], i: usize) -> v128 {
    u32x4(cand[i], cand[i + 1], cand[i + 2], cand[i + 3])
}

#[inline(always)]
fn store4(cand: &mut [u32; 27], i: usize, v: v128) {
    cand[i] = u32x4_extract_lane::<0>(v);
    cand[i + 1] = u32x4_extract_lane::<1>(v);
    cand[i + 2] = u32x4_extract_lane::<2>(v);
    cand[i + 3] = u32x4_extract_lane::<3>(v);
}

/// Locked candidates along columns between bands, for all nine digits at once (see
/// `Bands::claim_columns`): four digits a lane each, for digits 0..4, 4..8 and 5..9 (the
/// last two overlap, so that no digit is left to scalar code; the overlap computes the
/// same words twice from the same loads). `None` if a digit has a column with no place
/// in any band, else the changed words as dirty bits (bit `9 * band + digit`).
#[inline]
pub(super) fn claim_columns(cand: &mut [u32; 27]) -> Option<u32> {
    const FIRST: [usize; 3] = [0, 4, 5];
    let row = u32x4_splat(0x1ff);
    let words = FIRST.map(|d| [0, 9, 18].map(|b| load4(cand, b + d)));
    let mut changed = 0;
    let mut new = [[u32x4_splat(0); 3]; 3];
    for (g, &d) in FIRST.iter().enumerate() {
        // The columns of each band where the digit can go.
        let cols = words[g].map(columns);
        let all = v128_or(v128_or(cols[0], cols[1]), cols[2]);
        if !u32x4_all_true(u32x4_eq(all, row)) {
            return None;
        }
        let twice = twice3(cols);
        for b in 0..3 {
            let keep = claim_keep(v128_andnot(cols[b], twice));
            let a = words[g][b];
            changed |= nonzero(v128_andnot(a, keep)) << (9 * b + d);
            new[g][b] = v128_and(a, keep);
        }
    }
    for (g, &d) in FIRST.iter().enumerate() {
        for b in 0..3 {
            store4(cand, 9 * b + d, new[g][b]);
        }
    }
    Some(changed)
}

/// `CLAIM_COLUMNS` in arithmetic, per lane: for the columns `s` (9 bits) where a digit
/// can go in one band only, each box's such columns, or all three where it has none; in
/// all three rows of a band.
#[inline(always)]
fn claim_keep(s: v128) -> v128 {
    let boxes = u32x4_splat(0o111);
    // Bit 3j set for a box j with such a column, then for one without.
    let some = v128_and(v128_or(v128_or(s, u32x4_shr(s, 1)), u32x4_shr(s, 2)), boxes);
    let none = v128_xor(some, boxes);
    let keep = v128_or(
        v128_or(s, none),
        v128_or(i32x4_shl(none, 1), i32x4_shl(none, 2)),
    );
    v128_or(v128_or(keep, i32x4_shl(keep, 9)), i32x4_shl(keep, 18))
}

/// Sixteen cells from `at` on.
#[inline(always)]
fn load16(cells: &[u8; 27], at: usize) -> v128 {
    let c = |k: usize| cells[at + k];
    u8x16(
        c(0),
        c(1),
        c(2),
        c(3),
        c(4),
        c(5),
        c(6),
        c(7),
        c(8),
        c(9),
        c(10),
        c(11),
        c(12),
        c(13),
        c(14),
        c(15),
    )
}

/// A band's 27 cells by symbol: bit `c` of word `v` for each cell `c` holding `v`
/// (`0..=9`, 0 for an empty cell). Two vectors of sixteen cells (0..16 and 11..27) and
/// one comparison each per symbol, instead of a read-modify-write per cell.
#[inline]
pub(super) fn by_symbol(cells: &[u8; 27]) -> [u32; 10] {
    let (lo, hi) = (load16(cells, 0), load16(cells, 11));
    core::array::from_fn(|v| {
        let v = u8x16_splat(v as u8);
        u32::from(i8x16_bitmask(i8x16_eq(lo, v))) | u32::from(i8x16_bitmask(i8x16_eq(hi, v))) << 11
    })
}

/// `Bands::from_grid`'s second half for all nine digits at once, four digits a lane each
/// (digits 0..4, 4..8 and 5..9, as in [`claim_columns`]): each digit's words lose the
/// rows, boxes and columns of its givens `given` (by word), keeping the open cells
/// `unsolved` (by band) and the givens themselves. `false` if two givens clash.
#[inline]
pub(super) fn place_givens(given: &[u32; 27], unsolved: &[u32; 3], cand: &mut [u32; 27]) -> bool {
    let row = u32x4_splat(0x1ff);
    let zero = u32x4_splat(0);
    let mut clash = zero;
    for d in [0, 4, 5] {
        let words = [0, 9, 18].map(|b| load4(given, b + d));
        let cols = words.map(columns);
        // Two givens of a digit in one column, in two bands.
        clash = v128_or(clash, twice3(cols));
        let cols = v128_or(v128_or(cols[0], cols[1]), cols[2]);
        let in_cols = spread_rows(cols);
        for (b, w) in words.into_iter().enumerate() {
            let rows = [
                v128_and(w, row),
                v128_and(u32x4_shr(w, 9), row),
                u32x4_shr(w, 18),
            ];
            let boxes = rows.map(boxes_of_row);
            // Two givens in a row, or two rows in one box.
            for r in rows {
                clash = v128_or(clash, v128_and(r, i32x4_sub(r, u32x4_splat(1))));
            }
            clash = v128_or(clash, twice3(boxes));
            let in_rows = v128_or(
                v128_or(
                    v128_andnot(row, u32x4_eq(rows[0], zero)),
                    v128_andnot(u32x4_splat(0x1ff << 9), u32x4_eq(rows[1], zero)),
                ),
                v128_andnot(u32x4_splat(0x1ff << 18), u32x4_eq(rows[2], zero)),
            );
            // The boxes' cells: box bit j to bits 3j..3j+3 of a row, in all three rows.
            let boxes = v128_or(v128_or(boxes[0], boxes[1]), boxes[2]);
            let starts = v128_or(
                v128_or(
                    v128_and(boxes, u32x4_splat(1)),
                    i32x4_shl(v128_and(boxes, u32x4_splat(2)), 2),
                ),
                i32x4_shl(v128_and(boxes, u32x4_splat(4)), 4),
            );
            let in_boxes = spread_rows(v128_or(
                v128_or(starts, i32x4_shl(starts, 1)),
                i32x4_shl(starts, 2),
            ));
            let taken = v128_or(v128_or(in_rows, in_boxes), in_cols);
            let open = u32x4_splat(unsolved[b]);
            store4(cand, 9 * b + d, v128_or(v128_andnot(open, taken), w));
        }
    }
    !v128_any_true(clash)
}

/// The columns (9 bits) where a word has a cell, per lane.
#[inline(always)]
fn columns(a: v128) -> v128 {
    let row = u32x4_splat(0x1ff);
    v128_and(v128_or(v128_or(a, u32x4_shr(a, 9)), u32x4_shr(a, 18)), row)
}

/// The bits set in at least two of three vectors.
#[inline(always)]
fn twice3([a, b, c]: [v128; 3]) -> v128 {
    v128_or(v128_or(v128_and(a, b), v128_and(a, c)), v128_and(b, c))
}

/// A 9-bit row pattern in all three rows of a band.
#[inline(always)]
fn spread_rows(r: v128) -> v128 {
    v128_or(v128_or(r, i32x4_shl(r, 9)), i32x4_shl(r, 18))
}

/// `MINIROWS` in arithmetic, per lane: for a 9-bit row, bit j for each of its three
/// segments (boxes) that holds a bit.
#[inline(always)]
fn boxes_of_row(r: v128) -> v128 {
    // Bit 3j for each segment j with a bit, then bit 3j to bit j.
    let t = v128_and(
        v128_or(v128_or(r, u32x4_shr(r, 1)), u32x4_shr(r, 2)),
        u32x4_splat(0o111),
    );
    v128_and(
        v128_or(v128_or(t, u32x4_shr(t, 2)), u32x4_shr(t, 4)),
        u32x4_splat(7),
    )
}
