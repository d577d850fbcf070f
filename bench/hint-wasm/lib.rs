//! Benchmark-only: one hint at a time inside a wasm build, for `run.mjs` to time from JS.
//! The app's own wasm boundary is `src/wasm.rs`; this crate exists so the hint figures
//! can be measured in wasm without touching it.

use wasm_bindgen::prelude::*;

/// The grid (one-line form) after placing the last step of its next hint.
#[wasm_bindgen(js_name = afterHint)]
pub fn after_hint(line: &str) -> Result<String, JsError> {
    let mut grid = sudoku64::parse::parse(line)?;
    let steps = sudoku64::hint(&grid)?;
    if let Some(last) = steps.last() {
        for &(cell, value) in &last.placements {
            grid.set(cell, value);
        }
    }
    Ok(sudoku64::format::to_line(&grid))
}
