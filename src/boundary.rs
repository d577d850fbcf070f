//! What crosses the JavaScript boundary, read into engine options: the plain numbers and
//! strings that `www/engine.js` passes to the wasm exports (a size of 0 for "any", an
//! empty fraction of `NaN` for the default, a level's id or `""`), checked here with typed
//! errors. It is plain Rust so that the native tests and the `wasm_args` fuzz target
//! drive the same decoding as the browser; `wasm.rs` only adds the JavaScript types.
//! Variants cross as one string, names separated by commas or spaces (`"x,windoku"`,
//! `"jigsaw x"`, `""` for none), read by [`Variants::parse`].

use crate::error::Error;
use crate::generate::{Options, Symmetry, Target};
use crate::grid::{MAX_SIZE, Shape, Variants};
use crate::logic::rate::Level;
use crate::parse::ParseOptions;

/// Reading options from a size (`0`: infer it from the cells; otherwise a side with a
/// box shape, 1 or 4 to 64, or a side with none, such as 7 or 11, for a game ID or a link
/// that brings a jigsaw's regions), the 16×16 hex flag, and a box shape (`""` for the
/// side's usual one, or `RxC`, rows by columns, such as `"2x6"`).
///
/// ```
/// use sudoku64::boundary::parse_options;
/// assert_eq!(parse_options(9, false, "").unwrap().size, Some(9));
/// assert_eq!(parse_options(0, false, "").unwrap().size, None);
/// assert_eq!(parse_options(12, false, "2x6").unwrap().boxes, Some((2, 6)));
/// assert!(parse_options(11, false, "").is_ok());
/// assert!(parse_options(3, false, "").is_err());
/// assert!(parse_options(12, false, "2x5").is_err());
/// ```
pub fn parse_options(size: u32, hex: bool, boxes: &str) -> Result<ParseOptions, Error> {
    parse_options_with(size, hex, boxes, "")
}

/// [`parse_options`] with variants for a plain grid (`"x"`, `"x,windoku"`; `""` for
/// none). A game ID or a link names its own variants; asked for here too, they must
/// agree. Jigsaw regions come only with the puzzle.
///
/// ```
/// use sudoku64::boundary::parse_options_with;
/// assert!(parse_options_with(9, false, "", "x,windoku").unwrap().variants.windoku);
/// assert!(parse_options_with(9, false, "", "spiral").is_err());
/// assert!(parse_options_with(6, false, "", "windoku").is_err());
/// ```
pub fn parse_options_with(
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
) -> Result<ParseOptions, Error> {
    let size = if size == 0 { None } else { Some(size as usize) };
    let options = ParseOptions {
        size,
        hex,
        boxes: box_option(boxes)?,
        variants: Variants::parse(variants)?,
        ..ParseOptions::default()
    };
    options.shape()?;
    Ok(options)
}

/// Options to read a grid as the page sends it: [`parse_options_with`]'s, or, when
/// `regions` (the jigsaw region of each cell; empty for none) are given, their jigsaw with
/// the other variants on top, as [`ParseOptions::layout`]. A page passes the regions of a
/// jigsaw it already holds, since a one-line form carries none; the side comes from their
/// count when `size` is 0, and may be prime. Givens must not clash in the regions unless
/// the options allow it. A text that draws its own regions (a game ID, a link) keeps
/// them, if they are of that side.
///
/// ```
/// use sudoku64::boundary::page_options;
/// use sudoku64::parse::parse_with;
/// let regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 3, 2, 3];
/// let options = page_options(4, false, "", "", &regions).unwrap();
/// assert!(parse_with("1...............", &options).unwrap().shape().is_jigsaw());
/// // r3c1 and r4c3 share no row, column or 2×2 box, but a region.
/// let boxes = page_options(4, false, "", "", &[]).unwrap();
/// assert!(parse_with("........1.....1.", &boxes).is_ok());
/// assert!(parse_with("........1.....1.", &options).is_err());
/// // A 5×5 has no boxes, but a jigsaw.
/// let five: Vec<u8> = (0..25).map(|cell| (cell / 5) as u8).collect();
/// let rows = page_options(0, false, "", "", &five).unwrap();
/// assert_eq!(parse_with("12345....................", &rows).unwrap().size(), 5);
/// ```
pub fn page_options(
    size: u32,
    hex: bool,
    boxes: &str,
    variants: &str,
    regions: &[u8],
) -> Result<ParseOptions, Error> {
    if regions.is_empty() {
        return parse_options_with(size, hex, boxes, variants);
    }
    if !boxes.trim().is_empty() {
        return Err(Error::bad_option(
            "box",
            boxes,
            crate::logic::Words::new("allowed-box-jigsaw"),
        ));
    }
    let n = match size as usize {
        0 => (1..=MAX_SIZE)
            .find(|n| n * n >= regions.len())
            .unwrap_or(MAX_SIZE + 1),
        n => n,
    };
    let extras = Variants {
        jigsaw: false,
        ..Variants::parse(variants)?
    };
    Ok(ParseOptions {
        hex,
        layout: Some(extras.apply(Shape::with_regions(n, regions)?)?),
        ..ParseOptions::default()
    })
}

/// A box option: `""` for none, else `RxC`.
fn box_option(boxes: &str) -> Result<Option<(usize, usize)>, Error> {
    match boxes.trim() {
        "" => Ok(None),
        text => crate::parse::parse_box(text).map(Some),
    }
}

/// The shape of a side (`0` with a box: the box's side) and a box option (`""` for the
/// side's usual boxes).
///
/// ```
/// use sudoku64::boundary::shape;
/// assert_eq!(shape(6, "").unwrap().box_name(), "2x3");
/// assert_eq!(shape(0, "2x6").unwrap().size(), 12);
/// assert!(shape(6, "3x3").is_err());
/// ```
pub fn shape(size: u32, boxes: &str) -> Result<Shape, Error> {
    let size = size as usize;
    match Shape::named((size != 0).then_some(size), box_option(boxes)?)? {
        Some(shape) => Ok(shape),
        None => Ok(Shape::from_size(size)?),
    }
}

/// The most solutions a count may ask for: at least 1 (a limit of 0 reads as 1).
pub fn count_limit(limit: u32) -> u64 {
    limit.max(1).into()
}

/// Generator options from the boundary's arguments:
/// - `size`: the grid side (1, or 4 to 64 with a box shape);
/// - `boxes`: the box shape, `RxC`, or `""` for the side's usual one;
/// - `symmetry`: `none`, `rot180`, `rot90`, `mirror` or `diagonal`;
/// - `seed`: the seed;
/// - `empty`: a fraction of empty cells to reach (`0 <= empty < 1`); `NaN` for the
///   size's default, and a negative value for minimal;
/// - `budget_ms`: a time budget in milliseconds; `NaN`, 0, a negative or an infinite
///   value for none;
/// - `difficulty`: a level id (`easy` ... `diabolical`) to search for, or `""` for none.
///
/// ```
/// use sudoku64::boundary::generate_options;
/// let options = generate_options(9, "", "rot180", 7, f64::NAN, f64::NAN, "hard").unwrap();
/// assert_eq!((options.shape.size(), options.seed), (9, 7));
/// assert!(options.target.is_none() && options.budget_ms.is_none());
/// assert!(generate_options(9, "", "spiral", 7, f64::NAN, 0.0, "").is_err());
/// assert!(generate_options(9, "", "none", 7, 1.5, 0.0, "").is_err());
/// assert_eq!(generate_options(12, "2x6", "none", 7, f64::NAN, 0.0, "").unwrap().shape.box_name(), "2x6");
/// ```
pub fn generate_options(
    size: u32,
    boxes: &str,
    symmetry: &str,
    seed: u64,
    empty: f64,
    budget_ms: f64,
    difficulty: &str,
) -> Result<Options, Error> {
    generate_options_with(
        size, boxes, "", symmetry, seed, empty, budget_ms, difficulty,
    )
}

/// [`generate_options`] with variants (`""`, `"x"`, `"windoku"`, `"jigsaw"`, `"jigsaw,x"`
/// ...): X and windoku add their units to the shape; jigsaw asks the generator to draw
/// new regions on a grid of the side (windoku's windows need square boxes, which a
/// jigsaw has not). Errors: [`crate::RuleErrorKind::BadVariant`], and those of
/// [`generate_options`].
///
/// ```
/// use sudoku64::boundary::generate_options_with;
/// let x = generate_options_with(9, "", "x", "none", 7, f64::NAN, 0.0, "").unwrap();
/// assert!(x.shape.has_diagonals() && !x.shape.has_windows());
/// assert!(generate_options_with(6, "", "windoku", "none", 7, f64::NAN, 0.0, "").is_err());
/// assert!(generate_options_with(9, "", "jigsaw,windoku", "none", 7, f64::NAN, 0.0, "").is_err());
/// assert!(generate_options_with(0, "", "", "none", 7, f64::NAN, 0.0, "").is_err());
/// assert_eq!(generate_options_with(0, "2x3", "", "none", 7, f64::NAN, 0.0, "").unwrap().shape.size(), 6);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn generate_options_with(
    size: u32,
    boxes: &str,
    variants: &str,
    symmetry: &str,
    seed: u64,
    empty: f64,
    budget_ms: f64,
    difficulty: &str,
) -> Result<Options, Error> {
    let boxes = box_option(boxes)?;
    // A box shape alone names the side; without one, 0 is no side (not 9 by default).
    let size = (size != 0 || boxes.is_none()).then_some(size as usize);
    let base = Options::for_layout(size, boxes, Variants::parse(variants)?, seed)?;
    let symmetry: Symmetry = symmetry.parse()?;
    let difficulty = match difficulty.trim() {
        "" => None,
        d => Some(d.parse::<Level>()?),
    };
    let target = if empty.is_nan() {
        None
    } else if empty < 0.0 {
        Some(Target::Minimal)
    } else {
        Some(Target::empty(empty)?)
    };
    Ok(Options {
        target,
        symmetry,
        budget_ms: (budget_ms.is_finite() && budget_ms > 0.0).then_some(budget_ms),
        difficulty,
        ..base
    })
}
