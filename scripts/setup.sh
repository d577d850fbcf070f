#!/usr/bin/env bash
# Installs whatever is missing and builds the wasm into www/pkg.
#   scripts/setup.sh          what `npm start` needs
#   scripts/setup.sh --test   also Chromium, chromedriver and poppler-utils for the browser tests
# On a new machine most of the time goes to compiling wasm-bindgen-cli: the npm packages
# and Debian's packages download and install beside it, and so does the engine's own wasm
# compile, which spends its last part on one core (link-time optimisation).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

detect_wasm_toolchain
wasm_codegen_flags

side_log="$ROOT/target/setup-side.log"
mkdir -p "$ROOT/target"
(
  ensure_npm_packages
  if [ "${1:-}" = "--test" ]; then ensure_chromium; ensure_poppler; fi
) > "$side_log" 2>&1 &
side=$!
early=""
if ! wasm_bindgen_cli_installed; then
  say "compiling the engine for wasm beside the wasm-bindgen-cli install"
  # Both of build-wasm.sh's builds, where it makes them: the full engine, then the light one.
  { "$WASM_CARGO" build --release --lib --target "$WASM_TARGET" "${WASM_CARGO_FLAGS[@]}" \
      && CARGO_TARGET_DIR="$ROOT/target/wasm-light" "$WASM_CARGO" build --release --lib --target "$WASM_TARGET" \
        "${WASM_CARGO_FLAGS[@]}" --no-default-features; } \
    > "$ROOT/target/setup-wasm.log" 2>&1 &
  early=$!
fi
ensure_wasm_bindgen_cli
side_rc=0
wait "$side" || side_rc=$?
cat "$side_log" >&2
[ "$side_rc" = 0 ] || die "installing the npm or Debian packages failed (above)"
# A failed early compile is not reported here: build-wasm.sh compiles again and says why.
[ -z "$early" ] || wait "$early" || true
bash "$ROOT/scripts/build-wasm.sh"
