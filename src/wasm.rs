//! The WebAssembly boundary: the one module that imports wasm-bindgen.
//!
//! Every function here is a thin wrapper over the pure engine. Only plain numbers,
//! strings and byte arrays cross into JS; engine errors become JS `Error`s with
//! extra fields (`kind`, `cell`, `row`, `column`) that the page can point at.

use wasm_bindgen::prelude::*;

/// The engine's crate version.
#[wasm_bindgen]
pub fn version() -> String {
    crate::version().to_string()
}
