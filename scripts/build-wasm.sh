#!/usr/bin/env bash
# Builds the engine for wasm32 in release mode and writes the browser bindings to www/pkg/.
# Skips wasm-bindgen and wasm-opt when the compiled module has not changed.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -n "${WASM_PATH:-}" ] || detect_wasm_toolchain

say "building the wasm (release)"
"$WASM_CARGO" build --release --lib --target "$WASM_TARGET" "${WASM_CARGO_FLAGS[@]}" >&2 \
  || die "the wasm build failed"

raw="target/$WASM_TARGET/release/sudoku64.wasm"
out=www/pkg
stamp="$out/.source-sha256"
sum="$(sha256sum "$raw" | cut -d' ' -f1) $(wasm-bindgen --version)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ] && [ -f "$out/sudoku64_bg.wasm" ]; then
  say "www/pkg is up to date"
  exit 0
fi

rm -rf "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" "$raw" || die "wasm-bindgen failed"
if command -v wasm-opt >/dev/null; then
  # Rust's wasm32 target emits these post-MVP features by default; older binaryen needs them named.
  if wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
       --enable-mutable-globals --enable-multivalue --enable-reference-types \
       "$out/sudoku64_bg.wasm" -o "$out/sudoku64_bg.opt.wasm" 2>"$out/wasm-opt.err"; then
    mv "$out/sudoku64_bg.opt.wasm" "$out/sudoku64_bg.wasm"
    say "wasm-opt: done"
  else
    say "wasm-opt failed; keeping the unoptimised module ($(head -c 200 "$out/wasm-opt.err"))"
    rm -f "$out/sudoku64_bg.opt.wasm"
  fi
  rm -f "$out/wasm-opt.err"
else
  say "wasm-opt not found; skipping it (optional: apt-get install binaryen)"
fi
echo "$sum" > "$stamp"
say "www/pkg: $(wc -c < "$out/sudoku64_bg.wasm") bytes of wasm"
