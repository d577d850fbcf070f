//! Names the configuration the band solver's SIMD loops depend on: `cfg(wasm_simd)` is set
//! when building for wasm32 with the `simd128` target feature (as `npm run build` does),
//! so the code says `#[cfg(wasm_simd)]` rather than spelling the pair out each time.

fn main() {
    // Without this line cargo runs the script again, and so compiles the crate again,
    // whenever any file of the package changes: the pages and the service worker that
    // every setup writes, the tests' own files. The script reads only the target.
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(wasm_simd)");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if arch == "wasm32" && features.split(',').any(|f| f == "simd128") {
        println!("cargo::rustc-cfg=wasm_simd");
    }
}
