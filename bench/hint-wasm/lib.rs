//! Benchmark-only: one hint at a time inside a wasm build, for `run.mjs` to time from JS.
//! The app's own wasm boundary is `src/wasm.rs`; this crate exists so the hint figures
//! can be measured in wasm without touching it.

use wasm_bindgen::prelude::*;

/// The grid after placing the last step of its next hint, in the form it came in: a
/// one-line grid, or a game ID for a layout a line cannot carry (killer cages, jigsaw
/// regions, X, windoku). An empty string once the grid is full.
#[wasm_bindgen(js_name = afterHint)]
pub fn after_hint(text: &str) -> Result<String, JsError> {
    let mut grid = sudoku64::parse_with(text, &sudoku64::ParseOptions::default())?;
    let steps = sudoku64::hint(&grid)?.into_result()?;
    if let Some(last) = steps.last() {
        for &(cell, value) in &last.placements {
            grid.set(cell, value);
        }
    }
    Ok(if grid.is_full() {
        String::new()
    } else if sudoku64::solo::looks_like_id(text) {
        sudoku64::solo::write_id(&grid)
    } else {
        sudoku64::format::to_line(&grid)
    })
}
