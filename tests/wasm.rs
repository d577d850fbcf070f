//! Tests that run inside the wasm build, in headless Chromium (`npm run test:wasm`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn version_crosses_the_boundary() {
    assert_eq!(sudoku64::wasm::version(), env!("CARGO_PKG_VERSION"));
}
