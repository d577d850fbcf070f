#!/usr/bin/env bash
# Builds the engine for wasm32 in release mode, twice: the full engine (www/pkg/sudoku64.js
# and sudoku64_bg.wasm) and the light one without the logic solver (sudoku64_light.js and
# sudoku64_light_bg.wasm; Cargo.toml's `logic` feature says what it lacks), each with
# wasm-bindgen's TypeScript declarations (sudoku64.d.ts) beside its glue: the lint
# layer's tsc checks www/internal/worker.js against them. Nothing loads them (the page's module
# graph never reaches them), so they are neither precached nor copied to dist/.
# Skips wasm-bindgen and wasm-opt for a compiled module that has not changed. Ends (always:
# the modules in www/ may have changed even when the wasm has not) by writing the pages'
# preload links (scripts/preload.mjs), making dist/sudoku64/, the folder a site owner
# copies to embed the widget, then sw.js, the service worker with the list of files the
# app's pages load and their hashes (scripts/precache.mjs), and last dist/app/, the site
# `npm start` serves: those pages and files with the JavaScript minified, and their own
# sw.js (scripts/app-folder.mjs).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -n "${WASM_PATH:-}" ] || detect_wasm_toolchain

wasm_codegen_flags

# cargo writes to CARGO_TARGET_DIR when it is set (a worktree sharing another checkout's target/).
dir="${CARGO_TARGET_DIR:-target}/$WASM_TARGET"
out=www/pkg
# wasm-opt from the npm package binaryen (a devDependency) when installed; a system wasm-opt
# only when new enough: binaryen 108 (Debian 12) corrupts the reference-types tables
# wasm-bindgen emits.
WASM_OPT=""
if [ -x "$ROOT/node_modules/.bin/wasm-opt" ]; then
  WASM_OPT="$ROOT/node_modules/.bin/wasm-opt"
elif command -v wasm-opt >/dev/null && [ "$(wasm-opt --version | grep -oE '[0-9]+' | head -1)" -ge 116 ]; then
  WASM_OPT=wasm-opt
fi
embed_folder() {
  node "$ROOT/scripts/preload.mjs" >&2 || die "could not write the pages' preload links"
  node "$ROOT/scripts/embed-folder.mjs" >&2 || die "could not make dist/sudoku64/"
  node "$ROOT/scripts/precache.mjs" >&2 || die "could not write sw.js"
  node "$ROOT/scripts/app-folder.mjs" >&2 || die "could not make dist/app/"
}

# compile NAME TARGET_DIR [CARGO FLAGS...]: builds the engine for wasm32 with the flags into
# its own target folder, and says where the module is (TARGET_DIR/…/release/sudoku64.wasm).
compile() {
  local name="$1" target="$2"
  shift 2
  say "building the wasm $name (release, $CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS${*:+, $*})"
  CARGO_TARGET_DIR="$target" "$WASM_CARGO" build --release --lib --target "$WASM_TARGET" "${WASM_CARGO_FLAGS[@]}" "$@" >&2
}

# package NAME RAW: writes the bindings of the compiled module RAW as www/pkg/NAME.js and
# NAME_bg.wasm (and NAME.d.ts), optimised by wasm-opt. Skips both when the module has not
# changed since the stamp www/pkg/.NAME.sha256.
package() {
  local name="$1" raw="$2"
  local stamp="$out/.$name.sha256"
  # The stamp names the tools too: a module built before binaryen was installed is not
  # up to date once it is.
  local sum
  sum="$(sha256sum "$raw" "$ROOT/scripts/build-wasm.sh" | cut -d' ' -f1 | paste -sd' ') $(wasm-bindgen --version) ${WASM_OPT:+$("$WASM_OPT" --version)}"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ] && [ -f "$out/${name}_bg.wasm" ] && [ -f "$out/$name.d.ts" ]; then
    say "www/pkg/$name is up to date"
    return
  fi
  rm -f "$out/$name.js" "$out/$name.d.ts" "$out/${name}_bg.wasm" "$out/${name}_bg.wasm.d.ts" "$stamp"
  wasm-bindgen --target web --out-dir "$out" --out-name "$name" "$raw" || die "wasm-bindgen failed"
  if [ -n "$WASM_OPT" ]; then
    # Rust's wasm32 target emits these post-MVP features by default, and simd128 above;
    # wasm-opt needs them named. The producers and target-features sections only describe
    # the build (which compilers, which features): no browser reads them, and they weigh
    # 0.3 KB gzipped. --converge runs the passes again until they shrink nothing more:
    # 0.46 KB gzipped less (2026-11-29), for 12 s more of build, and no slower a solver
    # (top1465 under node, taking turns: 104.6 and 81.4 thousand puzzles a second against
    # 112.7 and 81.4).
    if "$WASM_OPT" -O3 --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
         --enable-mutable-globals --enable-multivalue --enable-reference-types --enable-simd \
         --strip-producers --strip-target-features \
         "$out/${name}_bg.wasm" -o "$out/${name}_bg.opt.wasm" 2>"$out/$name.wasm-opt.err"; then
      mv "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
      say "wasm-opt $name: done ($("$WASM_OPT" --version))"
    else
      say "wasm-opt failed; keeping the unoptimised module $name ($(head -c 300 "$out/$name.wasm-opt.err"))"
      rm -f "$out/${name}_bg.opt.wasm"
    fi
    rm -f "$out/$name.wasm-opt.err"
  else
    say "wasm-opt not found; skipping it (it comes with the npm package binaryen: npm ci)"
  fi
  echo "$sum" > "$stamp"
  say "www/pkg/$name: $(wc -c < "$out/${name}_bg.wasm") bytes of wasm"
}

mkdir -p "$out"
# The full engine (the app, print, and the widget once it needs more than the light one)
# and the light one: reading, solving and counting up to 15×15, without the logic solver
# (Cargo.toml's `logic` feature), which a widget given a puzzle starts with. Each has a
# target folder of its own, so that both build at once (one folder takes one build at a
# time) and neither compiles the engine again after the other (a cdylib's file has no
# per-feature name); the light one's is target/wasm-light.
full_dir="${CARGO_TARGET_DIR:-target}"
light_dir="$full_dir/wasm-light"
compile sudoku64_light "$light_dir" --no-default-features &
light=$!
compile sudoku64 "$full_dir" || { wait "$light"; die "the wasm build failed"; }
wait "$light" || die "the light wasm build failed"
package sudoku64 "$full_dir/$WASM_TARGET/release/sudoku64.wasm" &
packing=$!
package sudoku64_light "$light_dir/$WASM_TARGET/release/sudoku64.wasm"
wait "$packing" || die "the wasm bindings could not be written"
# What older builds left: one stamp for the one module.
rm -f "$out/.source-sha256"
embed_folder
