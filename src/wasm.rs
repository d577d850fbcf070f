//! The WebAssembly boundary: the one module that imports wasm-bindgen.
//!
//! Every function here is a thin wrapper over the pure engine. Only plain numbers,
//! strings and byte arrays cross into JS (a `u64` seed becomes a BigInt); results are
//! small classes whose getters return such values. Engine errors become JS `Error`s
//! with extra fields the page can point at:
//!
//! - `kind`: a stable name (`"clash"`, `"bad-symbol"`, `"cell-count"`, ...);
//! - for errors about grid cells: `cells` (indices), `cell` (the first), and `row` and
//!   `column` of that cell, counted from 1;
//! - for errors about the text: `line` and `column` in the text, counted from 1;
//! - for an option out of its range (`"bad-option"`): `option`, its name.
//!
//! Calls that read a grid take, beside its side and box shape, `variants`: a list of
//! variant names (`"x,windoku"`, `""` for none) for a plain grid. Every result carries the
//! grid's [`Layout`]: its regions, diagonals and windows as plain bytes and flags, which
//! the page draws and finds peers in without computing a box itself.
//!
//! Built without the `logic` feature (Cargo.toml), this is the light wasm: no `hint`,
//! `rate` or `generate`, and grids from 16×16 up refused with kind `"needs-logic"`, on
//! which `www/internal/worker.js` moves to the full wasm.

use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::format::to_line;
use crate::grid::Shape;
use crate::logic::Words;
use crate::parse::{ParseOptions, parse_with};
use crate::search::{Answer, Limits, Search, Stats};

/// The getters every report about a grid has (`layout`, `size`, `box`), from its shape,
/// which `|report| expression` reads off the report: a `#[wasm_bindgen] impl` block of
/// their own beside the report's other getters.
macro_rules! shape_getters {
    ($report:ident, |$this:ident| $shape:expr) => {
        #[wasm_bindgen]
        impl $report {
            /// The grid's layout: regions, diagonals and windows.
            #[wasm_bindgen(getter)]
            pub fn layout(&self) -> Layout {
                let $this = self;
                Layout { shape: $shape }
            }
            /// The grid side.
            #[wasm_bindgen(getter)]
            pub fn size(&self) -> u32 {
                let $this = self;
                $shape.size() as u32
            }
            /// The box shape, `RxC` (rows by columns): see [`regions`].
            #[wasm_bindgen(getter, js_name = "box")]
            pub fn box_name(&self) -> String {
                let $this = self;
                $shape.box_name()
            }
        }
    };
}

/// Installs a panic hook that writes the panic message to the console before the wasm
/// traps, so a crash report says what broke.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&JsValue::from_str(&format!(
            "sudoku64 engine panic: {info}"
        )));
    }));
}

/// The engine's crate version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_string()
}

/// Turns an engine error into a JS `Error` carrying its facts as fields: its message as
/// data (`words`, which `www/engine.js` words with the page's catalogs, English included),
/// and as `message` only its kind. Wording it here would bring the English catalog and its
/// machinery into the wasm, a tenth of its weight.
fn js_error(err: &Error, shape: Option<Shape>) -> JsValue {
    let cells = err.cells();
    let js = fields_error(
        err.kind_name(),
        &err.words(),
        &cells,
        shape.map(Shape::size).or(err.side()),
    );
    if let Error::Option(option) = err {
        set_field(&js, "option", JsValue::from_str(option.name()));
    }
    if cells.is_empty() {
        if let Some(line) = err.line() {
            set_field(&js, "line", JsValue::from(line as u32));
        }
        if let Some(column) = err.column() {
            set_field(&js, "column", JsValue::from(column as u32));
        }
    }
    js.into()
}

/// A puzzle with no solution or several, where the work needs one (a hint, a grading):
/// not an error in the engine ([`crate::Verdict`]), but thrown to JS as one, with the same
/// fields as [`js_error`]'s, so that a page handles every "cannot" in one place.
#[cfg(feature = "logic")]
fn js_unsolvable(why: &crate::error::Unsolvable) -> JsValue {
    let cells: Vec<usize> = why.cell().into_iter().collect();
    fields_error(why.kind_name(), &why.words(), &cells, why.side()).into()
}

/// A JS `Error` whose message is `kind`, with the fields `kind`, `words`, and, when there
/// are `cells`, `cells`, `cell` (the first), and its `row` and `column` on a grid of
/// side `side`.
fn fields_error(kind: &str, words: &Words, cells: &[usize], side: Option<usize>) -> js_sys::Error {
    let js = js_sys::Error::new(kind);
    set_field(&js, "kind", JsValue::from_str(kind));
    // The message as data, for the page to word in its reader's language.
    set_field(&js, "words", JsValue::from_str(&words.to_json()));
    if let Some(&first) = cells.first() {
        let array = js_sys::Array::new();
        for &c in cells {
            array.push(&JsValue::from(c as u32));
        }
        set_field(&js, "cells", array.into());
        set_field(&js, "cell", JsValue::from(first as u32));
        if let Some(n) = side {
            set_field(&js, "row", JsValue::from((first / n + 1) as u32));
            set_field(&js, "column", JsValue::from((first % n + 1) as u32));
        }
    }
    js
}

fn set_field(js: &js_sys::Error, key: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(js, &JsValue::from_str(key), &value);
}

fn parse_options(
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
    regions: &[u8],
) -> Result<ParseOptions, JsValue> {
    crate::boundary::page_options(size, hex, boxes, variants, regions)
        .map_err(|e| js_error(&e, None))
}

/// A grid's layout, as the views need it: what [`layout`] answers and every result's
/// `layout` getter carries. All plain data: bytes per cell and flags.
#[wasm_bindgen]
pub struct Layout {
    shape: Shape,
}

#[wasm_bindgen]
impl Layout {
    /// The grid side.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> u32 {
        self.shape.size() as u32
    }
    /// The box shape, `RxC` (rows by columns); `""` for jigsaw regions.
    #[wasm_bindgen(getter, js_name = "box")]
    pub fn box_name(&self) -> String {
        self.shape.box_name()
    }
    /// The variants, as `--variant` names them, separated by commas (`"jigsaw,x"`; `""`
    /// for none).
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.shape.variants().join(",")
    }
    /// The box or jigsaw region of each cell, row-major: the units the page draws thick
    /// borders between.
    #[wasm_bindgen(getter)]
    pub fn regions(&self) -> Vec<u8> {
        (0..self.shape.cell_count())
            .map(|c| self.shape.box_of(c) as u8)
            .collect()
    }
    /// True when both main diagonals are units (X-Sudoku).
    #[wasm_bindgen(getter)]
    pub fn diagonals(&self) -> bool {
        self.shape.has_diagonals()
    }
    /// The window of each cell plus 1, row-major, 0 outside every window (all 0 without
    /// windoku's windows).
    #[wasm_bindgen(getter)]
    pub fn windows(&self) -> Vec<u8> {
        (0..self.shape.cell_count())
            .map(|c| self.shape.window_of(c).map_or(0, |w| w as u8 + 1))
            .collect()
    }
    /// The killer cage of each cell plus 1, row-major (cages numbered from 1 in reading
    /// order of their first cell), 0 for a cell in no cage; empty without cages.
    #[wasm_bindgen(getter)]
    pub fn cages(&self) -> Vec<u16> {
        self.shape.cages().map_or_else(Vec::new, |c| c.numbers())
    }
    /// Each killer cage's sum (cage k's at index k − 1), 0 for a cage without one; empty
    /// without cages.
    #[wasm_bindgen(getter)]
    pub fn sums(&self) -> Vec<u16> {
        self.shape.cages().map_or_else(Vec::new, |c| c.sums())
    }
}

/// The layout of a side (`0` with a box: the box's side), a box shape (`""` for the
/// side's usual one, or `RxC`) and variants (`"x,windoku"`; jigsaw regions come only with
/// a puzzle, so `"jigsaw"` is refused here with kind `"bad-variant"`).
#[wasm_bindgen]
pub fn layout(size: u32, boxes: &str, variants: &str) -> Result<Layout, JsValue> {
    let shape = crate::boundary::shape(size, boxes)
        .and_then(|shape| Ok(crate::grid::Variants::parse(variants)?.apply(shape)?))
        .map_err(|e| js_error(&e, None))?;
    Ok(Layout { shape })
}

/// The box of each cell, row-major, for a side (`0` with a box: the box's side) and a
/// box shape (`""` for the side's usual one, or `RxC`): the regions the page draws thick
/// borders between, finds peers in and checks for clashes. Every result's `box` names the
/// shape to ask this for.
#[wasm_bindgen]
pub fn regions(size: u32, boxes: &str) -> Result<Vec<u8>, JsValue> {
    let shape = crate::boundary::shape(size, boxes).map_err(|e| js_error(&e, None))?;
    Ok((0..shape.cell_count())
        .map(|c| shape.box_of(c) as u8)
        .collect())
}

/// What [`solve`] and [`count`] found.
#[wasm_bindgen]
pub struct SolveReport {
    status: &'static str,
    shape: Shape,
    puzzle: String,
    id: String,
    answer: Answer,
}

shape_getters!(SolveReport, |report| report.shape);

#[wasm_bindgen]
impl SolveReport {
    /// `"unique"`, `"multiple"` or `"none"` (or, for counts, the same by the count).
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        self.status.to_string()
    }
    /// The puzzle as read, one-line form.
    #[wasm_bindgen(getter)]
    pub fn puzzle(&self) -> String {
        self.puzzle.clone()
    }
    /// The puzzle as a Solo game ID ([`crate::solo`]), which carries its box shape.
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> String {
        self.id.clone()
    }
    /// A solution, one-line form (empty when there is none).
    #[wasm_bindgen(getter)]
    pub fn solution(&self) -> String {
        self.answer.first.as_ref().map(to_line).unwrap_or_default()
    }
    /// A second, different solution when there are several (else empty).
    #[wasm_bindgen(getter)]
    pub fn second(&self) -> String {
        self.answer.second.as_ref().map(to_line).unwrap_or_default()
    }
    /// Solutions counted (up to the limit asked for).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.answer.count.min(u32::MAX as u64) as u32
    }
    /// The engine that decided: `"band"`, `"bitboard"`, `"logic"`, `"depth-first"`,
    /// `"conflict-driven"` or `"witness"`.
    #[wasm_bindgen(getter)]
    pub fn engine(&self) -> String {
        self.answer.engine.name().to_string()
    }
    /// Depth-first search nodes.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.answer.stats.nodes as f64
    }
    /// Depth-first decision points.
    #[wasm_bindgen(getter)]
    pub fn guesses(&self) -> f64 {
        self.answer.stats.guesses as f64
    }
    /// Depth-first dead ends.
    #[wasm_bindgen(getter)]
    pub fn backtracks(&self) -> f64 {
        self.answer.stats.backtracks as f64
    }
    /// Conflict-driven contradictions.
    #[wasm_bindgen(getter)]
    pub fn conflicts(&self) -> f64 {
        self.answer.stats.conflicts as f64
    }
    /// Learned clauses kept by the conflict-driven search.
    #[wasm_bindgen(getter)]
    pub fn learned(&self) -> f64 {
        self.answer.stats.learned as f64
    }
    /// Conflict-driven restarts.
    #[wasm_bindgen(getter)]
    pub fn restarts(&self) -> f64 {
        self.answer.stats.restarts as f64
    }
}

/// The search's side of a solve or count in the browser: the JS callback gets
/// `(nodes, conflicts, solvedCells, guesses)` at most every 50 ms, as plain numbers. Returning
/// `false` stops the search (the worker is usually terminated instead).
fn search_progress(callback: &js_sys::Function) -> impl FnMut(&Stats) -> bool + '_ {
    let mut last = js_sys::Date::now();
    move |stats: &Stats| {
        let now = js_sys::Date::now();
        if now - last < 50.0 {
            return true;
        }
        last = now;
        let args = js_sys::Array::of4(
            &JsValue::from_f64(stats.nodes as f64),
            &JsValue::from_f64(stats.conflicts as f64),
            &JsValue::from_f64(stats.solved_cells as f64),
            &JsValue::from_f64(stats.guesses as f64),
        );
        match callback.apply(&JsValue::NULL, &args) {
            Ok(v) => v.as_bool() != Some(false),
            Err(_) => true,
        }
    }
}

/// A search without limits stops undecided only when its progress callback said no: that
/// is a cancel, never an answer (a count of 0 there would read as "no solution").
fn undecided_is_cancelled(answer: &Answer, shape: Shape) -> Result<(), JsValue> {
    if answer.decided {
        Ok(())
    } else {
        Err(js_error(&crate::Cancelled.into(), Some(shape)))
    }
}

/// A puzzle as read: [`read`]'s answer.
#[wasm_bindgen]
pub struct ReadReport {
    shape: Shape,
    puzzle: String,
    id: String,
}

shape_getters!(ReadReport, |report| report.shape);

#[wasm_bindgen]
impl ReadReport {
    /// The puzzle, one-line form.
    #[wasm_bindgen(getter)]
    pub fn puzzle(&self) -> String {
        self.puzzle.clone()
    }
    /// The puzzle as a Solo game ID ([`crate::solo`]), which carries its box shape.
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> String {
        self.id.clone()
    }
}

/// In the light wasm (built without the `logic` feature), a grid from the side where the
/// shipped policy runs the logic techniques before any search (16×16 up) is not solved
/// here: the call throws kind `"needs-logic"`, and the worker asks the full wasm instead.
/// Without the techniques first, those grids would still be solved, only far more slowly.
fn light_can_solve(shape: Shape) -> Result<(), JsValue> {
    if cfg!(feature = "logic") || shape.size() < crate::search::Policy::default().logic_first_from {
        return Ok(());
    }
    let js = js_sys::Error::new("needs-logic");
    let _ = js_sys::Reflect::set(
        &js,
        &JsValue::from_str("kind"),
        &JsValue::from_str("needs-logic"),
    );
    Err(js.into())
}

/// Reads a puzzle in any text form the engine reads, without solving it: its one-line
/// form and shape. Throws an `Error` with fields like [`solve`] does. Givens that clash
/// are kept (the page shows them); `solve` reports them. `boxes` is `""` or `RxC`.
#[wasm_bindgen]
pub fn read(
    text: &str,
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
    regions: &[u8],
) -> Result<ReadReport, JsValue> {
    let options = ParseOptions {
        allow_clashes: true,
        ..parse_options(size, hex, boxes, variants, regions)?
    };
    let grid = parse_with(text, &options).map_err(|e| js_error(&e, None))?;
    Ok(ReadReport {
        shape: grid.shape(),
        puzzle: to_line(&grid),
        id: crate::solo::write_id(&grid),
    })
}

/// Solves a puzzle in any text form the engine reads. `size` 0 infers the side from the
/// cell count; `hex` reads a 16×16 written 0-F; `boxes` is `""` for the side's usual box
/// shape, or `RxC` (rows by columns, `"2x6"`); `variants` lists variants for a plain grid
/// (`"x,windoku"`, `""` for none; a game ID or link names its own); `regions` is empty, or
/// the jigsaw region of each cell of a plain grid whose jigsaw the page holds (its layout's
/// `regions`: a one-line form carries none); `progress` is called with
/// `(nodes, conflicts, solvedCells, guesses)` while a long search runs. Throws an `Error` with
/// fields for input that cannot be read or whose givens clash.
#[wasm_bindgen]
pub fn solve(
    text: &str,
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
    regions: &[u8],
    progress: &js_sys::Function,
) -> Result<SolveReport, JsValue> {
    let grid = parse_with(text, &parse_options(size, hex, boxes, variants, regions)?)
        .map_err(|e| js_error(&e, None))?;
    light_can_solve(grid.shape())?;
    let mut search = Search::new(grid.shape());
    let answer = search.count_grid(&grid, 2, Limits::NONE, &mut search_progress(progress));
    undecided_is_cancelled(&answer, grid.shape())?;
    let status = match answer.count {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    };
    Ok(SolveReport {
        status,
        shape: grid.shape(),
        puzzle: to_line(&grid),
        id: crate::solo::write_id(&grid),
        answer,
    })
}

/// Counts a puzzle's solutions, no further than `limit` (at least 1). The status is
/// `"none"`, `"unique"` or `"multiple"` by the count, and `"solvable"` when a limit of 1
/// stopped the count at its first solution. `boxes` and `progress` as for [`solve`].
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn count(
    text: &str,
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
    regions: &[u8],
    limit: u32,
    progress: &js_sys::Function,
) -> Result<SolveReport, JsValue> {
    let limit = crate::boundary::count_limit(limit);
    let grid = parse_with(text, &parse_options(size, hex, boxes, variants, regions)?)
        .map_err(|e| js_error(&e, None))?;
    light_can_solve(grid.shape())?;
    let mut search = Search::new(grid.shape());
    let mut answer = search.count_grid(&grid, limit, Limits::NONE, &mut search_progress(progress));
    undecided_is_cancelled(&answer, grid.shape())?;
    // A count reports one solution.
    answer.second = None;
    Ok(SolveReport {
        // With a limit of 1, one solution found says nothing about a second.
        status: match answer.count {
            0 => "none",
            1 if limit < 2 => "solvable",
            1 => "unique",
            _ => "multiple",
        },
        shape: grid.shape(),
        puzzle: to_line(&grid),
        id: crate::solo::write_id(&grid),
        answer,
    })
}

/// Hints, grading and generation: the calls that need the logic solver, only in the full
/// wasm (the `logic` feature; see Cargo.toml). The light wasm has none of them.
#[cfg(feature = "logic")]
pub use with_logic::*;

/// Hints, grading and generation (see above), re-exported at the top of this module.
#[cfg(feature = "logic")]
mod with_logic {
    use super::*;
    use crate::generate::{self, Control};
    use crate::logic::Step;
    use crate::logic::rate::Rating;

    /// A generated puzzle.
    #[wasm_bindgen]
    pub struct GenerateReport {
        inner: generate::Generated,
    }

    shape_getters!(GenerateReport, |report| report.inner.puzzle.shape());

    #[wasm_bindgen]
    impl GenerateReport {
        /// The puzzle as a Solo game ID ([`crate::solo`]), which carries its box shape.
        #[wasm_bindgen(getter)]
        pub fn id(&self) -> String {
            crate::solo::write_id(&self.inner.puzzle)
        }
        /// The seed that regenerates this puzzle.
        #[wasm_bindgen(getter)]
        pub fn seed(&self) -> u64 {
            self.inner.seed
        }
        /// The symmetry's name.
        #[wasm_bindgen(getter)]
        pub fn symmetry(&self) -> String {
            self.inner.symmetry.name().to_string()
        }
        /// The puzzle, one-line form.
        #[wasm_bindgen(getter)]
        pub fn puzzle(&self) -> String {
            to_line(&self.inner.puzzle)
        }
        /// Its solution, one-line form.
        #[wasm_bindgen(getter)]
        pub fn solution(&self) -> String {
            to_line(&self.inner.solution)
        }
        /// Number of givens.
        #[wasm_bindgen(getter)]
        pub fn clues(&self) -> u32 {
            self.inner.puzzle.clue_count() as u32
        }
        /// Fraction of cells left empty.
        #[wasm_bindgen(getter)]
        pub fn empty(&self) -> f64 {
            self.inner.empty_fraction
        }
        /// True when no clue can be removed.
        #[wasm_bindgen(getter)]
        pub fn minimal(&self) -> bool {
            self.inner.minimal
        }
        /// True when the target was reached.
        #[wasm_bindgen(getter, js_name = targetReached)]
        pub fn target_reached(&self) -> bool {
            self.inner.target_reached
        }
        /// Clues whose removal no exact check decided (0 when minimal).
        #[wasm_bindgen(getter)]
        pub fn undecided(&self) -> u32 {
            self.inner.undecided
        }
        /// True when the time budget cut the digging of this puzzle short (no candidate
        /// finished in time).
        #[wasm_bindgen(getter, js_name = budgetRanOut)]
        pub fn budget_ran_out(&self) -> bool {
            self.inner.budget_ran_out
        }
        /// Candidate puzzles made: 1 without a budget or a difficulty.
        #[wasm_bindgen(getter)]
        pub fn candidates(&self) -> u32 {
            self.inner.candidates
        }
        /// Exact searches run to prove removals.
        #[wasm_bindgen(getter, js_name = exactChecks)]
        pub fn exact_checks(&self) -> u32 {
            self.inner.exact_checks
        }
        /// The counts behind the summary, in one sentence: candidates, fill restarts, exact
        /// checks, undecided clues.
        #[wasm_bindgen(getter)]
        pub fn details(&self) -> String {
            self.inner.details()
        }
        /// One sentence on what was reached, as data (see [`crate::logic::Words::to_json`]),
        /// which the page words in its reader's language.
        #[wasm_bindgen(getter, js_name = "summaryWords")]
        pub fn summary_words(&self) -> String {
            self.inner.summary_words().to_json()
        }
        /// The level's id (`"hard"`) when a difficulty was asked for, else `""`.
        #[wasm_bindgen(getter)]
        pub fn level(&self) -> String {
            self.inner
                .rating()
                .map_or(String::new(), |r| r.level.id().to_string())
        }
        /// The level's name (`"Hard"`) when a difficulty was asked for, else `""`.
        #[wasm_bindgen(getter, js_name = levelName)]
        pub fn level_name(&self) -> String {
            self.inner
                .rating()
                .map_or(String::new(), |r| r.level.name().to_string())
        }
        /// The grade's score (0 when not graded).
        #[wasm_bindgen(getter)]
        pub fn score(&self) -> u32 {
            self.inner.rating().map_or(0, |r| r.score)
        }
        /// True when the puzzle has the level asked for.
        #[wasm_bindgen(getter, js_name = difficultyReached)]
        pub fn difficulty_reached(&self) -> bool {
            self.inner.difficulty_reached()
        }
        /// False when the budget ended the grading before its end: the level is then a lower
        /// bound (true when graded in full, or not graded).
        #[wasm_bindgen(getter, js_name = gradedInFull)]
        pub fn graded_in_full(&self) -> bool {
            self.inner.graded_in_full()
        }
    }

    /// The browser's side of a generation: `Date.now()` for the budget, and a JS callback
    /// for progress, called at most every 1% or 50 ms. The callback returning `false`
    /// cancels the work.
    struct JsControl<'a> {
        callback: &'a js_sys::Function,
        last_fraction: f64,
        last_ms: f64,
    }

    impl Control for JsControl<'_> {
        fn now_ms(&mut self) -> f64 {
            js_sys::Date::now()
        }

        fn go_on(&mut self, progress: &generate::Progress) -> bool {
            let fraction = progress.fraction;
            let now = js_sys::Date::now();
            if fraction < 1.0 && fraction - self.last_fraction < 0.01 && now - self.last_ms < 50.0 {
                return true;
            }
            self.last_fraction = fraction;
            self.last_ms = now;
            match self
                .callback
                .call1(&JsValue::NULL, &JsValue::from_f64(fraction))
            {
                Ok(v) => v.as_bool() != Some(false),
                Err(_) => true,
            }
        }
    }

    /// Generates a puzzle with exactly one solution.
    ///
    /// - `size`: the grid side (1, or 4 to 64 with a box shape; 0 with a box: the box's side);
    /// - `boxes`: the box shape, `RxC`, or `""` for the side's usual one;
    /// - `variants`: `""`, or names among `x`, `windoku` and `jigsaw` separated by commas (X and
    ///   windoku add their units; jigsaw draws new regions);
    /// - `symmetry`: `none`, `rot180`, `rot90`, `mirror` or `diagonal`;
    /// - `seed`: a BigInt, or `undefined` for a random one;
    /// - `empty`: a fraction of empty cells to reach; `NaN` for the size's default, and a
    ///   negative value for minimal;
    /// - `budget_ms`: the time budget (`NaN` or 0: none; with a difficulty, 10 s by
    ///   default): candidates are dug until one reaches the target (or the level), and the
    ///   best finished one comes back within the budget (a grading still running stops
    ///   at 5% past it, and the level is then a lower bound: `gradedInFull`);
    /// - `difficulty`: a level id (`easy` ... `diabolical`) to search for, or `""`;
    /// - `progress`: called with the fraction done; returning `false` cancels.
    #[wasm_bindgen]
    #[allow(clippy::too_many_arguments)]
    pub fn generate(
        size: u32,
        boxes: &str,
        variants: &str,
        symmetry: &str,
        seed: Option<u64>,
        empty: f64,
        budget_ms: f64,
        difficulty: &str,
        progress: &js_sys::Function,
    ) -> Result<GenerateReport, JsValue> {
        let seed = match seed {
            Some(s) => s,
            None => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes)
                    .map_err(|e| JsValue::from_str(&format!("no random source: {e}")))?;
                u64::from_le_bytes(bytes) >> 11
            }
        };
        let options = crate::boundary::generate_options_with(
            size, boxes, variants, symmetry, seed, empty, budget_ms, difficulty,
        )
        .map_err(|e| js_error(&e, None))?;
        let shape = options.shape;
        let mut control = JsControl {
            callback: progress,
            last_fraction: -1.0,
            last_ms: 0.0,
        };
        let inner =
            generate::generate(&options, &mut control).map_err(|e| js_error(&e, Some(shape)))?;
        Ok(GenerateReport { inner })
    }

    /// The steps of a hint: [`hint`]'s answer. Step `i`'s data comes from methods taking `i`;
    /// cells are row-major indices and values count from 1.
    #[wasm_bindgen]
    pub struct HintReport {
        shape: Shape,
        steps: Vec<Step>,
    }

    shape_getters!(HintReport, |report| report.shape);

    #[wasm_bindgen]
    impl HintReport {
        /// How many steps.
        #[wasm_bindgen(getter)]
        pub fn length(&self) -> u32 {
            self.steps.len() as u32
        }
        /// Step `i`'s technique id (`"hidden-single"`).
        pub fn technique(&self, i: u32) -> String {
            self.step(i)
                .map_or(String::new(), |s| s.technique.id().to_string())
        }
        /// Step `i`'s technique name (`"Hidden single"`).
        pub fn name(&self, i: u32) -> String {
            self.step(i)
                .map_or(String::new(), |s| s.technique.name().to_string())
        }
        /// Step `i`'s sentence as data, JSON (see [`crate::logic::Words::to_json`]): a
        /// message key and its arguments, which the page's catalogs word in the reader's
        /// language.
        pub fn words(&self, i: u32) -> String {
            self.step(i).map_or(String::new(), |s| s.words.to_json())
        }
        /// The cells that justify step `i`.
        pub fn cells(&self, i: u32) -> Vec<u32> {
            self.step(i)
                .map_or(Vec::new(), |s| s.cells.iter().map(|&c| c as u32).collect())
        }
        /// What step `i` places, as flat pairs `[cell, value, cell, value, ...]`.
        pub fn placements(&self, i: u32) -> Vec<u32> {
            self.step(i)
                .map_or(Vec::new(), |s| flat_pairs(&s.placements))
        }
        /// The candidates step `i` removes, as flat pairs `[cell, value, ...]`.
        pub fn eliminations(&self, i: u32) -> Vec<u32> {
            self.step(i)
                .map_or(Vec::new(), |s| flat_pairs(&s.eliminations))
        }
        /// Where to look first for step `i`, without the answer, as data like
        /// [`HintReport::words`] (in English `"Look at box 4: a hidden single"`); empty when
        /// the step has none.
        pub fn focus(&self, i: u32) -> String {
            self.step(i)
                .and_then(|s| s.focus.as_ref())
                .map_or(String::new(), |f| f.to_json())
        }
        /// The units step `i`'s focus names (rows `0..n`, columns `n..2n`, boxes or regions
        /// `2n..3n`, then the diagonals (main, anti) and the windows where the layout has
        /// them): what the page frames, without reading the sentence.
        pub fn units(&self, i: u32) -> Vec<u32> {
            self.step(i)
                .map_or(Vec::new(), |s| s.units.iter().map(|&u| u as u32).collect())
        }
        /// Step `i`'s chain links, flat: for each link `[strong 0/1, fromSymbol, fromCount,
        /// fromCells..., toSymbol, toCount, toCells...]`; empty for a step without a chain.
        pub fn links(&self, i: u32) -> Vec<u32> {
            let mut out = Vec::new();
            for link in self.step(i).map_or(&[][..], |s| &s.links[..]) {
                out.push(u32::from(link.strong));
                for node in [&link.from, &link.to] {
                    out.push(u32::from(node.symbol));
                    out.push(node.cells.len() as u32);
                    out.extend(node.cells.iter().map(|&c| c as u32));
                }
            }
            out
        }
    }

    impl HintReport {
        fn step(&self, i: u32) -> Option<&Step> {
            self.steps.get(i as usize)
        }
    }

    fn flat_pairs(pairs: &[(usize, u8)]) -> Vec<u32> {
        pairs
            .iter()
            .flat_map(|&(c, v)| [c as u32, u32::from(v)])
            .collect()
    }

    /// The next logical step for a grid in any text form the engine reads (its filled cells,
    /// givens and entries alike): the eliminations needed first, then the step that places a
    /// symbol. Throws an `Error` with fields for unreadable input, clashing givens, a grid
    /// with no solution (`kind` `"no-solution"`) or several (`"multiple-solutions"`).
    /// `uniqueness` false leaves out the techniques that assume one solution
    /// ([`crate::logic::steps::Techniques`]).
    #[wasm_bindgen]
    pub fn hint(
        text: &str,
        size: u32,
        hex: bool,
        boxes: &str,
        variants: &str,
        regions: &[u8],
        uniqueness: bool,
    ) -> Result<HintReport, JsValue> {
        let grid = parse_with(text, &parse_options(size, hex, boxes, variants, regions)?)
            .map_err(|e| js_error(&e, None))?;
        let steps =
            crate::logic::steps::hint_with(&grid, crate::logic::steps::Techniques { uniqueness })
                .map_err(|e| js_error(&e, Some(grid.shape())))?
                .into_result()
                .map_err(|why| js_unsolvable(&why))?;
        Ok(HintReport {
            shape: grid.shape(),
            steps,
        })
    }

    /// A puzzle's grade: [`rate`]'s answer.
    #[wasm_bindgen]
    pub struct RateReport {
        shape: Shape,
        rating: Rating,
    }

    shape_getters!(RateReport, |report| report.shape);

    #[wasm_bindgen]
    impl RateReport {
        /// The level's id: `"easy"` ... `"diabolical"`.
        #[wasm_bindgen(getter)]
        pub fn level(&self) -> String {
            self.rating.level.id().to_string()
        }
        /// The level's name: `"Easy"` ... `"Diabolical"`.
        #[wasm_bindgen(getter, js_name = levelName)]
        pub fn level_name(&self) -> String {
            self.rating.level.name().to_string()
        }
        /// The score: the sum of every step's weight.
        #[wasm_bindgen(getter)]
        pub fn score(&self) -> u32 {
            self.rating.score
        }
        /// The hardest technique needed, by id.
        #[wasm_bindgen(getter)]
        pub fn hardest(&self) -> String {
            self.rating.hardest.id().to_string()
        }
        /// The hardest technique needed, by name.
        #[wasm_bindgen(getter, js_name = hardestName)]
        pub fn hardest_name(&self) -> String {
            self.rating.hardest.name().to_string()
        }
        /// Steps to the solution.
        #[wasm_bindgen(getter)]
        pub fn steps(&self) -> u32 {
            self.rating.steps as u32
        }
        /// Guesses among them.
        #[wasm_bindgen(getter)]
        pub fn guesses(&self) -> u32 {
            self.rating.guesses as u32
        }
    }

    /// Grades a puzzle in any text form the engine reads, with the errors of [`hint`].
    #[wasm_bindgen]
    pub fn rate(
        text: &str,
        size: u32,
        hex: bool,
        boxes: &str,
        variants: &str,
        regions: &[u8],
        uniqueness: bool,
    ) -> Result<RateReport, JsValue> {
        let grid = parse_with(text, &parse_options(size, hex, boxes, variants, regions)?)
            .map_err(|e| js_error(&e, None))?;
        let rating = crate::logic::rate::rate_with(
            &grid,
            crate::logic::steps::Techniques { uniqueness },
            &mut || true,
        )
        .map_err(|e| js_error(&e, Some(grid.shape())))?
        .into_result()
        .map_err(|why| js_unsolvable(&why))?;
        Ok(RateReport {
            shape: grid.shape(),
            rating,
        })
    }
}

/// Benchmark support: counts the solutions (up to 2) of every puzzle in `text`, one per
/// line, each under a random Sudoku symmetry drawn from `seed` (as `sudoku64 bench solve
/// --shuffle SEED` does natively). Reading the text is not timed; returns
/// `[puzzles, milliseconds]` for the solving alone. Lines that cannot be read are skipped.
#[wasm_bindgen(js_name = benchCount)]
pub fn bench_count(text: &str, seed: u64) -> Vec<f64> {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let grids: Vec<_> = crate::parse::puzzles(text, &ParseOptions::default())
        .filter_map(|(_, p)| p.ok())
        .map(|g| crate::transform::random_symmetry(&g, &mut rng))
        .collect();
    let mut search: Option<Search> = None;
    let start = js_sys::Date::now();
    for grid in &grids {
        if search.as_ref().is_none_or(|s| s.shape() != grid.shape()) {
            search = Some(Search::new(grid.shape()));
        }
        let search = search.as_mut().expect("made above");
        search.count_grid(grid, 2, Limits::NONE, &mut |_| true);
    }
    vec![grids.len() as f64, js_sys::Date::now() - start]
}
