//! Links tdoku into the benchmark when `scripts/bench-tdoku.sh` has built it: with
//! `target/tdoku/lib/libtdoku.a` present (or a folder holding `libtdoku.a` named by
//! `TDOKU_LIB_DIR`), the benchmark is built with `cfg(tdoku)` and times tdoku beside the
//! other solvers; without it, it says so and leaves tdoku out.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=TDOKU_LIB_DIR");
    let dir = match std::env::var_os("TDOKU_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
            .join("../target/tdoku/lib"),
    };
    let lib = dir.join("libtdoku.a");
    println!("cargo::rerun-if-changed={}", lib.display());
    if lib.is_file() {
        println!("cargo::rustc-link-search=native={}", dir.display());
        println!("cargo::rustc-link-lib=static=tdoku");
        println!("cargo::rustc-link-lib=dylib=stdc++");
        println!("cargo::rustc-cfg=tdoku");
    }
}
