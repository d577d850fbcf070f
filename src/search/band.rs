//! The 9×9 fast path: an exact solver that keeps, for each digit, where it may still go,
//! one 27-bit word per band of three rows.
//!
//! The depth-first search ([`crate::search::dfs`]) keeps a candidate mask per cell, which
//! serves every size but costs a pass over a unit's cells for each hidden single or
//! locked candidate. Here the same rules come from a few table look-ups on one word: a
//! band holds each digit exactly once per row and once per box, so the digit's nine
//! *segments* (the three cells where a row meets a box) must contain a one-to-one
//! matching of the band's three rows to its three boxes. Keeping only the segments of
//! some matching does pointing and claiming inside the band, and finds the band's hidden
//! singles by row and by box, all at once. A box whose digit is confined to one column
//! takes that column away from the other two bands.
//!
//! Propagation alternates those band updates (only for the words that changed) with naked
//! singles, found bit-parallel across the nine digit words of a band. The updates run in
//! rounds over the words dirty at a round's start, and the hidden singles a round finds
//! leave the other digits' words at its end, so that no update waits on the one before
//! and no branch depends on whether an update found a single. Restrictions do not check
//! for a fixed cell losing its digit: the naked-singles pass finds a cell without any
//! digit once per fixpoint, as the JCZ solvers do. At each fixpoint,
//! claiming along columns runs between bands: a digit whose column has places in one band
//! only must use that column in that band's box (with one place, a hidden single by
//! column); it saves about 15% of the guesses on hard puzzles. The search branches on a
//! cell with two candidates if there is one (when counting to 2 or more, the one with the
//! most open peers; else three, else the first open cell), and copies the whole board (124
//! bytes) at each branch instead of keeping an undo trail.
//!
//! Tried and dropped: keeping each word's value at its last update and comparing, instead
//! of exact dirty bits, so that clearing a fixed cell from the other digits could mark all
//! of them blindly. It was 20-30% slower on hard puzzles (and the board, copied at every
//! branch, grows by 108 bytes).
//!
//! In the wasm build (with `simd128`), the loops over a band's nine digit words (naked
//! singles, the singles at a round's end, claiming along columns for all digits, the
//! digits of a cell) and the placing of the givens run on vectors of four words, in the
//! submodule `simd`: V8 spilled the scalar versions' many live values (see its docs).
//! Every other target runs the scalar loops here. (`cfg(wasm_simd)`, set by `build.rs`,
//! stands for wasm32 with `simd128`.)
//!
//! The design follows the ideas of the JCZ solver family and tdoku's band-oriented
//! layout; the tables and code are this crate's own.

use super::stats::Stats;
use crate::grid::{Grid, Shape};

#[cfg(wasm_simd)]
mod simd;

pub use super::Counted;

/// Whether the fast path handles grids of this shape (9×9 only).
pub fn supports(shape: Shape) -> bool {
    shape.is_classic()
}

/// Counts the solutions of a 9×9 grid, no further than `limit`, and keeps the first two.
///
/// ```
/// use sudoku64::{parse, search::band};
/// let puzzle = parse::parse(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
/// )
/// .unwrap();
/// let counted = band::count_up_to(&puzzle, 2);
/// assert_eq!(counted.count, 1);
/// assert!(counted.first.unwrap().is_solved());
/// ```
///
/// # Panics
/// If the grid is not 9×9 (see [`supports`]).
pub fn count_up_to(grid: &Grid, limit: u64) -> Counted {
    assert!(supports(grid.shape()), "the band solver is for 9×9 grids");
    let mut search = BandSearch {
        limit,
        ranked: limit >= 2,
        count: 0,
        first: None,
        second: None,
        stats: Stats::default(),
    };
    if limit > 0
        && let Some(mut board) = Bands::from_grid(grid)
    {
        search.run(&mut board, false);
    }
    search.stats.solutions = search.count;
    search.stats.solved_cells = if search.count > 0 { 81 } else { 0 };
    let to_grid = |cells: [u8; 81]| {
        Grid::from_cells(grid.shape(), cells.to_vec())
            .unwrap_or_else(|_| unreachable!("a solution is a 9×9 grid"))
    };
    Counted {
        count: search.count,
        first: search.first.map(to_grid),
        second: search.second.map(to_grid),
        stats: search.stats,
    }
}

/// Givens of one 9×9 solution, placed but not yet propagated, as the band solver keeps
/// them: a generator's removal checks start from these instead of from a grid.
///
/// Placing givens only narrows each digit's words, so the board of two sets of givens
/// of the same solution is the two boards' intersection ([`Givens::union`]): a
/// generator keeps one for the clues it decided to keep and one for each suffix of the
/// clues still to try, and each check costs a few dozen AND operations before its search
/// instead of placing every given again.
///
/// ```
/// use sudoku64::{parse, search::band::{self, Givens}};
/// let puzzle = parse::parse(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
/// )
/// .unwrap();
/// let solution = band::count_up_to(&puzzle, 1).first.unwrap();
/// let (mut first, mut rest) = (Givens::new(), Givens::new());
/// for cell in 0..81 {
///     match puzzle.get(cell) {
///         0 => {}
///         v if cell < 40 => first.place(cell, v),
///         v => rest.place(cell, v),
///     }
/// }
/// let all = first.union(&rest);
/// assert!(!all.solvable_without(0, solution.get(0)));
/// // Without its first given (at cell 2), the puzzle still has one solution.
/// let mut fewer = Givens::new();
/// (3..40).filter(|&c| puzzle.get(c) != 0).for_each(|c| fewer.place(c, puzzle.get(c)));
/// assert!(!fewer.union(&rest).solvable_without(2, solution.get(2)));
/// ```
#[derive(Clone, Copy)]
pub struct Givens {
    board: Bands,
}

impl Default for Givens {
    fn default() -> Givens {
        Givens::new()
    }
}

impl Givens {
    /// No givens.
    pub fn new() -> Givens {
        Givens {
            board: Bands::empty(),
        }
    }

    /// Places `symbol` (`1..=9`) in `cell` (`0..81`). The givens of one set, and of the
    /// sets joined with [`Givens::union`], must agree with one solution.
    ///
    /// # Panics
    /// If the symbol is out of range, or (in debug builds) clashes with a given.
    pub fn place(&mut self, cell: usize, symbol: u8) {
        assert!((1..=9).contains(&symbol), "a 9×9 symbol is 1..=9");
        let placed = self
            .board
            .assign(symbol as usize - 1, cell / 27, 1 << (cell % 27));
        debug_assert!(placed, "a given clashes with another");
    }

    /// The givens of both sets.
    pub fn union(&self, other: &Givens) -> Givens {
        let (a, b) = (&self.board, &other.board);
        Givens {
            board: Bands {
                cand: std::array::from_fn(|i| a.cand[i] & b.cand[i]),
                unsolved: std::array::from_fn(|i| a.unsolved[i] & b.unsolved[i]),
                dirty: a.dirty | b.dirty,
            },
        }
    }

    /// Whether these givens have a solution in which the empty `cell` holds another symbol
    /// than `symbol` (`1..=9`). This is a generator's removal check: with `symbol` the
    /// solution's own, the clue at `cell` can go (the puzzle stays unique) exactly when
    /// the answer is `false`. It costs one search for a single solution, with the cell's
    /// own symbol taken out before the first propagation, instead of a count to 2.
    /// (Trying the solution's symbols first at each guess, to reach a second solution near
    /// the first sooner, made minimal generation no faster.)
    ///
    /// # Panics
    /// If `cell` holds a given.
    pub fn solvable_without(&self, cell: usize, symbol: u8) -> bool {
        let (b, x) = (cell / 27, 1u32 << (cell % 27));
        assert!(self.board.unsolved[b] & x != 0, "the cell must be empty");
        let mut board = self.board;
        if (1..=9).contains(&symbol) {
            board.restrict(9 * b + symbol as usize - 1, !x);
        }
        let mut search = BandSearch {
            limit: 1,
            ranked: false,
            count: 0,
            first: None,
            second: None,
            stats: Stats::default(),
        };
        search.run(&mut board, false);
        search.count > 0
    }
}

/// The nine bits of a band's row `r` (0..3).
const ROW: u32 = 0x1ff;
/// All 27 cells of a band.
const ALL: u32 = (1 << 27) - 1;
/// Column `c` (0..9) in all three rows of a band.
const fn column(c: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << c
}

/// For a 9-bit row, which of its three segments (left, middle, right box) hold a bit.
const MINIROWS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            if row >> (3 * j) & 7 != 0 {
                t[row] |= 1 << j;
            }
            j += 1;
        }
        row += 1;
    }
    t
};

/// For the segments that hold a digit in a band (bit `3 * row + box`), the cells of the
/// segments that take part in some matching of rows to boxes: the digit can only be in
/// those. Zero when no matching exists (the band cannot place the digit).
const KEEP: [u32; 512] = {
    // The six matchings, as `box of row 0, box of row 1, box of row 2`.
    const MATCHINGS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut used = 0usize;
        let mut p = 0;
        while p < 6 {
            let bits =
                1 << MATCHINGS[p][0] | 1 << (3 + MATCHINGS[p][1]) | 1 << (6 + MATCHINGS[p][2]);
            if m & bits == bits {
                used |= bits;
            }
            p += 1;
        }
        let mut i = 0;
        while i < 9 {
            if used >> i & 1 != 0 {
                // Minirow (row i / 3, box i % 3): bits 9 * row + 3 * box ..+3.
                t[m] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// A table of `u32` as bytes, for look-ups by byte offset (four times the index). A band
/// update's look-ups depend on one another (`MINIROWS`, then `KEEP`, then `LONE_COLUMNS`),
/// and V8 cannot fold an index's scaling into the address of a wasm load: it shifts the
/// index first, one cycle more on the update's longest chain for each scaled look-up.
/// With the offsets computed in place of the indices, the wasm build was 2-3% faster on
/// the forum set in Chromium (natively 1-2%).
const fn bytes_of<const N: usize, const B: usize>(table: &[u32; N]) -> [u8; B] {
    let mut t = [0u8; B];
    let mut i = 0;
    while i < N {
        let b = table[i].to_le_bytes();
        let mut k = 0;
        while k < 4 {
            t[4 * i + k] = b[k];
            k += 1;
        }
        i += 1;
    }
    t
}

/// The word at byte offset `at` of a table made by [`bytes_of`].
#[inline(always)]
fn word_at<const B: usize>(table: &[u8; B], at: usize) -> u32 {
    u32::from_le_bytes(
        table[at..at + 4]
            .try_into()
            .unwrap_or_else(|_| unreachable!("four bytes")),
    )
}

/// [`KEEP`] as bytes, at four times the segments' bits (see [`bytes_of`]): the offset is
/// made of [`MINIROWS_AT`] for the band's rows 0 and 1, and `MINIROWS << 8` for row 2.
const KEEP_BYTES: [u8; 2048] = bytes_of(&KEEP);

/// [`MINIROWS`] of a band's rows 0 and 1, shifted to their place in a byte offset of
/// [`KEEP_BYTES`] (bits 2..5 and 5..8). Row 2's (bits 8..11) do not fit a byte.
const MINIROWS_AT: [[u8; 512]; 2] = {
    let mut t = [[0u8; 512]; 2];
    let mut row = 0;
    while row < 512 {
        t[0][row] = MINIROWS[row] << 2;
        t[1][row] = MINIROWS[row] << 5;
        row += 1;
    }
    t
};

/// [`LONE_COLUMNS`] as bytes, at four times a band's columns (see [`bytes_of`]).
const LONE_BYTES: [u8; 2048] = bytes_of(&LONE_COLUMNS);

/// For the columns a digit may take in a band (9 bits), the columns that are the only
/// one left in their box, in all three rows: the other bands lose them.
const LONE_COLUMNS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut lone = 0u32;
        let mut j = 0;
        while j < 3 {
            let cols = (s >> (3 * j)) as u32 & 7;
            if cols != 0 && cols & (cols - 1) == 0 {
                lone |= cols << (3 * j);
            }
            j += 1;
        }
        t[s] = lone | lone << 9 | lone << 18;
        s += 1;
    }
    t
};

/// Set bits in each 9-bit value.
#[cfg(not(any(target_feature = "popcnt", target_arch = "wasm32")))]
const ONES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// For the boxes of a band (3 bits), their cells. (The wasm build computes it instead.)
#[cfg(not(wasm_simd))]
const BOX_CELLS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut j = 0;
        while j < 3 {
            if s >> j & 1 != 0 {
                t[s] |= (7 | 7 << 9 | 7 << 18) << (3 * j);
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// The set bits of a word below bit 27. Baseline x86-64 has no `popcnt` instruction and
/// its software fallback is slower than three look-ups; wasm has one.
#[inline]
fn ones(x: u32) -> u32 {
    #[cfg(any(target_feature = "popcnt", target_arch = "wasm32"))]
    return x.count_ones();
    #[cfg(not(any(target_feature = "popcnt", target_arch = "wasm32")))]
    return (ONES[(x & 0x1ff) as usize]
        + ONES[(x >> 9 & 0x1ff) as usize]
        + ONES[(x >> 18 & 0x1ff) as usize]) as u32;
}

/// For the columns where a digit can go in one band only (9 bits): in each box with
/// such a column, that column alone (the box's digit must be in it); boxes without one
/// keep all three. All three rows of the band. (The wasm build computes it instead, in
/// `band/simd.rs`.)
#[cfg(not(wasm_simd))]
const CLAIM_COLUMNS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = 0u32;
        let mut j = 0;
        while j < 3 {
            let cols = (s >> (3 * j)) as u32 & 7;
            keep |= if cols != 0 { cols } else { 7 } << (3 * j);
            j += 1;
        }
        t[s] = keep | keep << 9 | keep << 18;
        s += 1;
    }
    t
};

/// Per bit of a band (a cell), its peers inside the band: its row, its box and its
/// column, without the cell itself.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        let (r, c) = (bit / 9, bit % 9);
        let box_cols = 7u32 << (c / 3 * 3);
        let in_box = box_cols | box_cols << 9 | box_cols << 18;
        t[bit] = (ROW << (9 * r) | in_box | column(c)) & !(1 << bit);
        bit += 1;
    }
    t
};

/// The band of each word.
const BAND_OF: [usize; 27] = {
    let mut t = [0; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = i / 9;
        i += 1;
    }
    t
};

/// For each word, the same digit's words in the two other bands.
const OTHER_BANDS: [[usize; 2]; 27] = {
    let mut t = [[0; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = [9 * ((b + 1) % 3) + d, 9 * ((b + 2) % 3) + d];
        i += 1;
    }
    t
};

/// The state of a search node: where each digit may still go, and which cells are open.
///
/// ```text
///  grid rows 0-2 = band 0, rows 3-5 = band 1, rows 6-8 = band 2
///
///  cand[9 * b + d], digit d + 1 in band b (bits 27..31 always 0):
///
///          box 0      box 1      box 2
///        c0 c1 c2   c3 c4 c5   c6 c7 c8
///  row 0  0  1  2    3  4  5    6  7  8     bit = 9 * (row in band) + column
///  row 1  9 10 11   12 13 14   15 16 17         = cell - 27 * b
///  row 2 18 19 20   21 22 23   24 25 26
///        '-----'
///        a segment: the 3 bits where a row meets a box
///
///  unsolved[b]: the same layout, a bit for each cell not yet fixed
///  dirty:       bit 9 * b + d for each word changed since its last band update
/// ```
///
/// A fixed cell keeps its bit in its digit's word (and in no other), so the one-per-row,
/// one-per-box rule sees it; a fixed cell losing its bit is a contradiction.
///
/// Rejected alternative: one `u128` per digit for the whole grid (81 bits). Rows and
/// boxes then straddle the 64-bit halves, every shift costs two words, and `u128` is
/// emulated in wasm32; the band split keeps each rule inside one `u32`.
#[derive(Clone, Copy)]
struct Bands {
    cand: [u32; 27],
    unsolved: [u32; 3],
    dirty: u32,
}

impl Bands {
    /// The board with no givens.
    fn empty() -> Bands {
        Bands {
            cand: [(1 << 27) - 1; 27],
            unsolved: [(1 << 27) - 1; 3],
            dirty: (1 << 27) - 1,
        }
    }

    /// The board with the givens placed, or `None` if two givens clash.
    ///
    /// All givens at once, without a branch per cell: the cells of each digit's givens
    /// are gathered into words first, and each word then loses its givens' rows, boxes
    /// and columns in a few operations. The same board as placing the givens one by one
    /// with [`Bands::assign`], which took a tenth of the time of a 17-clue puzzle. The wasm
    /// build gathers the words with vector comparisons and places all digits' givens four
    /// digits at a time (`simd::by_symbol`, `simd::place_givens`).
    fn from_grid(grid: &Grid) -> Option<Bands> {
        let cells: &[u8; 81] = grid.cells().try_into().ok()?;
        // given[9 * b + d]: the cells of band b that give digit d + 1.
        let mut given = [0u32; 27];
        let mut board = Bands::empty();
        for b in 0..3 {
            #[cfg(wasm_simd)]
            let of = {
                let band = cells[27 * b..27 * b + 27].try_into();
                let by_symbol = simd::by_symbol(band.expect("a band has 27 cells"));
                move |v: usize| by_symbol[v]
            };
            // By symbol (0 for the empty cells), in four sets taken in turn, so that
            // a run of empty cells does not wait on one accumulator.
            #[cfg(not(wasm_simd))]
            let by_symbol = {
                let mut by_symbol = [[0u32; 10]; 4];
                for (bit, &v) in cells[27 * b..27 * b + 27].iter().enumerate() {
                    by_symbol[bit % 4][v as usize] |= 1 << bit;
                }
                by_symbol
            };
            #[cfg(not(wasm_simd))]
            let of = |v: usize| by_symbol.iter().fold(0, |m, set| m | set[v]);
            board.unsolved[b] = of(0);
            for d in 0..9 {
                given[9 * b + d] = of(d + 1);
            }
        }
        #[cfg(wasm_simd)]
        let placed = simd::place_givens(&given, &board.unsolved, &mut board.cand);
        #[cfg(not(wasm_simd))]
        let placed = {
            let mut clash = 0;
            for d in 0..9 {
                let cols = [0, 1, 2].map(|b| {
                    let w = given[9 * b + d];
                    (w | w >> 9 | w >> 18) & ROW
                });
                // Two givens of the digit in one column, in two bands (within a band, the
                // box check below finds them).
                clash |= cols[0] & cols[1] | cols[0] & cols[2] | cols[1] & cols[2];
                let cols = cols[0] | cols[1] | cols[2];
                let in_cols = cols | cols << 9 | cols << 18;
                for b in 0..3 {
                    let w = given[9 * b + d];
                    let rows = [w & ROW, w >> 9 & ROW, w >> 18];
                    let boxes = rows.map(|r| MINIROWS[r as usize] as u32);
                    // Two givens in a row, or two rows in one box.
                    clash |= rows.iter().fold(0, |m, r| m | r & r.wrapping_sub(1));
                    clash |= boxes[0] & boxes[1] | boxes[0] & boxes[2] | boxes[1] & boxes[2];
                    let in_rows = rows
                        .iter()
                        .enumerate()
                        .fold(0, |m, (r, &row)| m | ((row != 0) as u32 * ROW) << (9 * r));
                    let in_boxes = BOX_CELLS[(boxes[0] | boxes[1] | boxes[2]) as usize];
                    board.cand[9 * b + d] = board.unsolved[b] & !(in_rows | in_boxes | in_cols) | w;
                }
            }
            clash == 0
        };
        placed.then_some(board)
    }

    /// Fixes digit `d` in the open cell `x` (one bit) of band `b`. Returns `false` on a
    /// contradiction.
    #[inline]
    fn assign(&mut self, d: usize, b: usize, x: u32) -> bool {
        let i = 9 * b + d;
        if self.cand[i] & x == 0 || self.unsolved[b] & x == 0 {
            return false;
        }
        self.take_from_other_digits(i, b, x);
        self.fix(i, b, x);
        true
    }

    /// Fixes the open cell `x` of band `b`, which only word `i` still holds: clears the
    /// digit from its peers.
    #[inline]
    fn fix(&mut self, i: usize, b: usize, x: u32) {
        self.unsolved[b] &= !x;
        let bit = x.trailing_zeros() as usize;
        let [j, k] = OTHER_BANDS[i];
        let col = !column(bit % 9);
        self.restrict(i, !PEERS[bit]);
        self.restrict(j, col);
        self.restrict(k, col);
    }

    /// Removes the cells `x` of band `b` from every digit's word but word `i` (which
    /// holds them all).
    #[inline]
    fn take_from_other_digits(&mut self, i: usize, b: usize, x: u32) {
        // Branch-free: clear from all nine, then give word i its cells back.
        #[cfg(wasm_simd)]
        let hit = simd::take(self.band_mut(b), x);
        #[cfg(not(wasm_simd))]
        let mut hit = 0u32;
        #[cfg(not(wasm_simd))]
        for (d, word) in self.cand[9 * b..9 * b + 9].iter_mut().enumerate() {
            hit |= ((*word & x != 0) as u32) << d;
            *word &= !x;
        }
        self.cand[i] |= x;
        self.dirty |= (hit << (9 * b)) & !(1 << i);
    }

    /// Keeps only `mask` of word `i`, and marks it dirty if that changed it. Taking a
    /// fixed cell's digit away is not checked here: the cell is then left without any
    /// digit, which [`Bands::naked_singles`] finds (branch-free, as in the JCZ solvers,
    /// was faster than checking each restriction).
    #[inline]
    fn restrict(&mut self, i: usize, mask: u32) {
        let old = self.cand[i];
        let new = old & mask;
        self.cand[i] = new;
        self.dirty |= ((new != old) as u32) << i;
    }

    /// The band update of word `i` (band `i / 9`, digit `i % 9`): keep the segments of
    /// some row-to-box matching, give the other bands' columns up where a box has one
    /// column left, and fix the cells left alone in their row. The other digits lose
    /// those cells at the end of the round, through `singles`: taking them away at once,
    /// in nearly half the updates and not in the others, cost a branch the processor
    /// mostly guessed wrong, and nine words each time.
    #[inline]
    fn update(&mut self, i: usize, singles: &mut Singles) -> bool {
        let b = BAND_OF[i];
        let old = self.cand[i];
        let at = MINIROWS_AT[0][(old & ROW) as usize] as usize
            | MINIROWS_AT[1][(old >> 9 & ROW) as usize] as usize
            | (MINIROWS[(old >> 18) as usize] as usize) << 8;
        let a = old & word_at(&KEEP_BYTES, at);
        if a == 0 {
            return false;
        }
        self.cand[i] = a;
        let lone = !word_at(
            &LONE_BYTES,
            ((a << 2 | a >> 7 | a >> 16) & ROW << 2) as usize,
        );
        let [j, k] = OTHER_BANDS[i];
        self.restrict(j, lone);
        self.restrict(k, lone);
        // Hidden singles by row (and, through the matching, by box): a row with one
        // place left for the digit.
        let mut alone = 0;
        for r in 0..3 {
            let row = a & ROW << (9 * r);
            if row & (row - 1) == 0 {
                alone |= row;
            }
        }
        alone &= self.unsolved[b];
        singles.cells[b] |= alone;
        singles.of_word[i] |= alone;
        self.unsolved[b] &= !alone;
        true
    }

    /// Fixes every open cell with one candidate left in the bands of `bands` (bit `b`).
    /// `None` on a contradiction, else whether any cell was fixed.
    fn naked_singles(&mut self, bands: u32) -> Option<bool> {
        let mut fixed = false;
        for b in 0..3 {
            if bands & 1 << b == 0 {
                continue;
            }
            let open = self.unsolved[b];
            #[cfg(wasm_simd)]
            let (once, twice) = simd::once_twice(self.band(b));
            #[cfg(not(wasm_simd))]
            let (once, twice) = {
                let (mut once, mut twice) = (0u32, 0u32);
                for &a in &self.cand[9 * b..9 * b + 9] {
                    twice |= once & a;
                    once |= a;
                }
                (once, twice)
            };
            // A cell without a digit, open or fixed (a fixed cell whose digit a
            // restriction took away).
            if once != ALL {
                return None;
            }
            let mut singles = once & !twice & open;
            while singles != 0 {
                let x = singles & singles.wrapping_neg();
                singles ^= x;
                // An earlier single may have taken this cell's last digit.
                #[cfg(wasm_simd)]
                let d = match simd::holders(self.band(b), x) {
                    0 => return None,
                    held => held.trailing_zeros() as usize,
                };
                #[cfg(not(wasm_simd))]
                let d = (0..9).find(|&d| self.cand[9 * b + d] & x != 0)?;
                self.fix(9 * b + d, b, x);
                fixed = true;
            }
        }
        Some(fixed)
    }

    /// Runs band updates and naked singles to a fixpoint. `false` on a contradiction.
    fn propagate(&mut self) -> bool {
        // Made empty once: every round leaves it empty again at its end.
        let mut singles = Singles {
            cells: [0; 3],
            of_word: [0; 27],
        };
        loop {
            // Bands with a changed word: only they can have new naked singles.
            let mut touched = 0;
            // In rounds: the words dirty at the start of a round are updated in turn,
            // and those the round marks wait for the next. Taking the lowest dirty word
            // each time made every choice wait for the previous update's marks, a chain
            // of dependent loads the processor could not run ahead of.
            while self.dirty != 0 {
                let mut round = self.dirty;
                self.dirty = 0;
                touched |= round;
                while round != 0 {
                    let i = round.trailing_zeros() as usize;
                    round &= round - 1;
                    // A mark made earlier in this round is seen by this update.
                    self.dirty &= !(1 << i);
                    if !self.update(i, &mut singles) {
                        return false;
                    }
                }
                for b in 0..3 {
                    let cells = singles.cells[b];
                    if cells == 0 {
                        continue;
                    }
                    singles.cells[b] = 0;
                    #[cfg(wasm_simd)]
                    {
                        let of_word = (&mut singles.of_word[9 * b..9 * b + 9])
                            .try_into()
                            .expect("a band has nine words");
                        self.dirty |=
                            simd::drop_singles(self.band_mut(b), of_word, cells) << (9 * b);
                    }
                    #[cfg(not(wasm_simd))]
                    for i in 9 * b..9 * b + 9 {
                        self.restrict(i, !(cells & !singles.of_word[i]));
                        singles.of_word[i] = 0;
                    }
                }
            }
            let bands = (touched & 0x1ff != 0) as u32
                | ((touched >> 9 & 0x1ff != 0) as u32) << 1
                | ((touched >> 18 != 0) as u32) << 2;
            match self.naked_singles(bands) {
                None => return false,
                Some(true) => {}
                Some(false) => {
                    if !self.claim_columns() {
                        return false;
                    }
                    if self.dirty == 0 {
                        return true;
                    }
                }
            }
        }
    }

    /// Locked candidates along columns, between bands: where a digit's column has
    /// places in one band only, the digit's box in that band must use that column. With
    /// one place in the column, this is a hidden single by column.
    fn claim_columns(&mut self) -> bool {
        #[cfg(wasm_simd)]
        return match simd::claim_columns(&mut self.cand) {
            None => false,
            Some(changed) => {
                self.dirty |= changed;
                true
            }
        };
        #[cfg(not(wasm_simd))]
        {
            for d in 0..9 {
                let w = [self.cand[d], self.cand[9 + d], self.cand[18 + d]];
                let cols = w.map(|a| (a | a >> 9 | a >> 18) & ROW);
                if cols[0] | cols[1] | cols[2] != ROW {
                    return false;
                }
                let twice = cols[0] & cols[1] | cols[0] & cols[2] | cols[1] & cols[2];
                for (b, cols) in cols.into_iter().enumerate() {
                    // Boxes without such a column keep all three (so 0 keeps all).
                    self.restrict(9 * b + d, CLAIM_COLUMNS[(cols & !twice) as usize]);
                }
            }
            true
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on, as (band, bit): of the cells with two candidates, the one
    /// with the most open peers (the first of equals); else the first with three; else
    /// the first open cell.
    ///
    /// Taking the first cell with two candidates instead needed 1.8 times the guesses on
    /// the hardest public set (147 against 84 per puzzle), and ranking the bands alone by
    /// their open cells 1.4 times: a cell with many open peers starts longer chains of
    /// singles on both branches, so contradictions come sooner.
    ///
    /// With `ranked` false, the first cell with two candidates: for the generator's
    /// searches (a single solution of a board with most cells given, or none) ranking
    /// costs more than it saves, and minimal generation was 8% slower with it.
    fn pick(&self, ranked: bool) -> (usize, u32) {
        let mut two_at = None;
        let mut most_peers = 0;
        let mut three_at = None;
        let mut open_at = None;
        for b in 0..3 {
            let open = self.unsolved[b];
            if open == 0 {
                continue;
            }
            // Saturating bit-sliced counts: at least 1, 2, 3 and 4 candidates.
            let (mut c1, mut c2, mut c3, mut c4) = (0u32, 0u32, 0u32, 0u32);
            for &a in &self.cand[9 * b..9 * b + 9] {
                c4 |= c3 & a;
                c3 |= c2 & a;
                c2 |= c1 & a;
                c1 |= a;
            }
            let mut two = c2 & !c3 & open;
            if !ranked && two != 0 {
                return (b, two & two.wrapping_neg());
            }
            let (above, below) = (self.unsolved[(b + 1) % 3], self.unsolved[(b + 2) % 3]);
            while two != 0 {
                let bit = two.trailing_zeros() as usize;
                two &= two - 1;
                // Open cells of the column in the two other bands, summed per row field.
                let c = bit % 9;
                let col = (above >> c & 0x40201) + (below >> c & 0x40201);
                let peers = ones(open & PEERS[bit]) + ((col + (col >> 9) + (col >> 18)) & 0xf);
                if peers > most_peers {
                    most_peers = peers;
                    two_at = Some((b, 1 << bit));
                }
            }
            let three = c3 & !c4 & open;
            if three != 0 && three_at.is_none() {
                three_at = Some((b, three & three.wrapping_neg()));
            }
            if open_at.is_none() {
                open_at = Some((b, open & open.wrapping_neg()));
            }
        }
        two_at
            .or(three_at)
            .or(open_at)
            .expect("an unsolved board has an open cell")
    }

    /// The digits (bit `d`) still possible in cell `x` of band `b`.
    fn digits(&self, b: usize, x: u32) -> u32 {
        #[cfg(wasm_simd)]
        return simd::holders(self.band(b), x);
        #[cfg(not(wasm_simd))]
        (0..9)
            .filter(|&d| self.cand[9 * b + d] & x != 0)
            .fold(0, |m, d| m | 1 << d)
    }

    /// Band `b`'s nine words.
    #[cfg(wasm_simd)]
    #[inline(always)]
    fn band(&self, b: usize) -> &[u32; 9] {
        (&self.cand[9 * b..9 * b + 9])
            .try_into()
            .expect("a band has nine words")
    }

    /// Band `b`'s nine words, to change.
    #[cfg(wasm_simd)]
    #[inline(always)]
    fn band_mut(&mut self, b: usize) -> &mut [u32; 9] {
        (&mut self.cand[9 * b..9 * b + 9])
            .try_into()
            .expect("a band has nine words")
    }

    /// The solved grid's cells, row-major.
    fn cells(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (i, &word) in self.cand.iter().enumerate() {
            let mut a = word;
            while a != 0 {
                cells[27 * (i / 9) + a.trailing_zeros() as usize] = (i % 9) as u8 + 1;
                a &= a - 1;
            }
        }
        cells
    }
}

/// Hidden singles found by the band updates of a round, taken from the other digits'
/// words at the round's end.
///
/// Two digits never claim one cell: the first claim takes the cell out of the open
/// cells at once, and a later update only claims open cells. If the cell was the second
/// digit's last place in its row, that row is left empty at the round's end, and the
/// digit's next update (its word changed, so it is dirty) finds no matching.
struct Singles {
    /// Per band, the cells fixed.
    cells: [u32; 3],
    /// Per word, the cells fixed to its digit.
    of_word: [u32; 27],
}

/// A depth-first search counting solutions up to a limit.
struct BandSearch {
    limit: u64,
    /// Whether to rank the cells to branch on (see [`Bands::pick`]): for counts to 2 or
    /// more.
    ranked: bool,
    count: u64,
    first: Option<[u8; 81]>,
    second: Option<[u8; 81]>,
    stats: Stats,
}

impl BandSearch {
    /// Searches below `board`, which it uses up (the last digit of each guess goes on it in
    /// place); `branch` says whether it was reached by a guess (so a contradiction is a
    /// backtrack). Returns early once the limit is reached. The board is borrowed rather
    /// than moved in: a moved board was copied twice per branch in the wasm build.
    fn run(&mut self, board: &mut Bands, mut branch: bool) {
        loop {
            if !board.propagate() {
                if branch {
                    self.stats.backtracks += 1;
                }
                return;
            }
            if board.is_solved() {
                self.count += 1;
                match self.count {
                    1 => self.first = Some(board.cells()),
                    2 => self.second = Some(board.cells()),
                    _ => {}
                }
                return;
            }
            let (b, x) = board.pick(self.ranked);
            let mut digits = board.digits(b, x);
            self.stats.guesses += 1;
            // Every digit but the last on a copy; the last on this board, in place.
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *board;
                self.stats.nodes += 1;
                if child.assign(d, b, x) {
                    self.run(&mut child, true);
                } else {
                    self.stats.backtracks += 1;
                }
                if self.count >= self.limit {
                    return;
                }
            }
            self.stats.nodes += 1;
            if !board.assign(digits.trailing_zeros() as usize, b, x) {
                self.stats.backtracks += 1;
                return;
            }
            branch = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    #[test]
    fn tables_match_their_definitions() {
        // A digit in every segment: every matching is possible, every cell stays.
        assert_eq!(KEEP[0x1ff], (1 << 27) - 1);
        // Rows 0 and 1 both only in box 0: no matching.
        assert_eq!(KEEP[0b001_001_111], 0);
        // Row 0 only in box 0: box 0 is row 0's, so rows 1 and 2 lose box 0.
        assert_eq!(KEEP[0b111_111_001], 0o777_777_007 & !(7 << 9 | 7 << 18));
        assert_eq!(MINIROWS[0b100_000_010], 0b101);
        assert_eq!(LONE_COLUMNS[0b011_100_001] & ROW, 0b000_100_001);
        assert_eq!(PEERS[0].count_ones(), 8 + 2 + 2 + 2);
    }

    #[test]
    fn byte_tables_give_the_words_of_their_tables() {
        for m in 0..512 {
            assert_eq!(word_at(&KEEP_BYTES, 4 * m), KEEP[m]);
            assert_eq!(word_at(&LONE_BYTES, 4 * m), LONE_COLUMNS[m]);
        }
        for row in 0..512 {
            assert_eq!(MINIROWS_AT[0][row] as usize, 4 * MINIROWS[row] as usize);
            assert_eq!(
                MINIROWS_AT[1][row] as usize,
                4 * ((MINIROWS[row] as usize) << 3)
            );
        }
        // The columns' offset: rows 0, 1 and 2 folded onto bits 2..11.
        let a: u32 = 0b000_000_011 | 0b000_100_000 << 9 | 0b100_000_000 << 18;
        assert_eq!((a << 2 | a >> 7 | a >> 16) & ROW << 2, 4 * 0b100_100_011);
    }

    #[test]
    fn empty_and_clashing_grids() {
        let empty = Grid::empty(Shape::from_size(9).unwrap());
        let counted = count_up_to(&empty, 3);
        assert_eq!(counted.count, 3);
        let (a, b) = (counted.first.unwrap(), counted.second.unwrap());
        assert!(a.is_solved() && b.is_solved() && a != b);
        let mut clash = empty.clone();
        clash.set(0, 5);
        clash.set(80, 5);
        assert_eq!(count_up_to(&clash, 2).count, 2);
        clash.set(8, 5);
        assert_eq!(count_up_to(&clash, 2).count, 0);
        assert_eq!(count_up_to(&empty, 0).count, 0);
    }

    #[test]
    fn givens_placed_at_once_make_the_board_of_givens_placed_one_by_one() {
        // The shared 9×9 fixtures, and clashes: in a row, in a box (two rows), in a column
        // (two bands).
        let fixtures = include_str!("../../tests/data/9x9.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
            .map(|l| &l[..81]);
        let clashes = [
            "5.......5........................................................................",
            "5..........5.....................................................................",
            "5..........................5.....................................................",
        ];
        let mut clashing = 0;
        for line in fixtures.chain(clashes) {
            let cells = line.bytes().map(|c| c.saturating_sub(b'0') % 10).collect();
            let grid = Grid::from_cells(Shape::from_size(9).unwrap(), cells).unwrap();
            let mut one_by_one = Some(Bands::empty());
            for (cell, &v) in grid.cells().iter().enumerate() {
                if v != 0 {
                    one_by_one = one_by_one
                        .filter(|board| {
                            board.cand[9 * (cell / 27) + v as usize - 1] & 1 << (cell % 27) != 0
                        })
                        .map(|mut board| {
                            assert!(board.assign(v as usize - 1, cell / 27, 1 << (cell % 27)));
                            board
                        });
                }
            }
            let at_once = Bands::from_grid(&grid);
            assert_eq!(at_once.is_some(), one_by_one.is_some(), "{line}");
            clashing += at_once.is_none() as usize;
            if let (Some(a), Some(b)) = (at_once, one_by_one) {
                assert_eq!(
                    (a.cand, a.unsolved, a.dirty),
                    (b.cand, b.unsolved, b.dirty),
                    "{line}"
                );
            }
        }
        assert!(clashing >= clashes.len());
    }

    #[test]
    fn a_hard_puzzle_needs_guesses() {
        let puzzle = parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .unwrap();
        let counted = count_up_to(&puzzle, 2);
        assert_eq!(counted.count, 1);
        let solution = counted.first.unwrap();
        assert!(solution.is_solved() && puzzle.is_subset_of(&solution));
        assert!(counted.stats.guesses > 0);
        assert!(counted.stats.nodes > counted.stats.guesses);
    }

    #[test]
    fn givens_in_two_parts_answer_every_removal_as_a_count_does() {
        for line in [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ] {
            let puzzle = parse(line).unwrap();
            let solution = count_up_to(&puzzle, 1).first.unwrap();
            // Every cell of the solution given, then each given removed in turn from the
            // puzzle: the removal check must say what a count to 2 says.
            for removed in (0..81).filter(|&c| puzzle.get(c) != 0) {
                let (mut low, mut high) = (Givens::new(), Givens::new());
                let mut without = puzzle.clone();
                without.set(removed, 0);
                for c in (0..81).filter(|&c| without.get(c) != 0) {
                    let part = if c % 3 == 0 { &mut low } else { &mut high };
                    part.place(c, without.get(c));
                }
                let other = low
                    .union(&high)
                    .solvable_without(removed, solution.get(removed));
                assert_eq!(
                    other,
                    count_up_to(&without, 2).count == 2,
                    "{line} without cell {removed}"
                );
            }
        }
    }
}
