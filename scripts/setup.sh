#!/usr/bin/env bash
# Installs whatever is missing and builds the wasm into www/pkg.
#   scripts/setup.sh          what `npm start` needs
#   scripts/setup.sh --test   also Chromium, chromedriver and poppler-utils for the browser tests
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

detect_wasm_toolchain
ensure_wasm_bindgen_cli
ensure_npm_packages
if [ "${1:-}" = "--test" ]; then ensure_chromium; ensure_poppler; fi
bash "$ROOT/scripts/build-wasm.sh"
