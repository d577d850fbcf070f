# Shared helpers for the setup, build and test scripts. Source it; do not run it.
#
# After `detect_wasm_toolchain`, these are set:
#   WASM_CARGO        the cargo to run for wasm32 builds
#   WASM_CARGO_FLAGS  extra flags for those builds (-Zbuild-std on the fallback path)
#   WASM_PATH         "rustup" or "debian" (which path was taken)
# and the environment variables that path needs are exported.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_TARGET=wasm32-unknown-unknown
export CARGO_HTTP_TIMEOUT="${CARGO_HTTP_TIMEOUT:-60}"
export CARGO_NET_RETRY="${CARGO_NET_RETRY:-2}"
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m[sudoku64]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[sudoku64] error:\033[0m %s\n' "$*" >&2; exit 1; }

is_root() { [ "$(id -u)" = 0 ]; }

APT_UPDATED=""
# apt_install PKG...: install Debian packages (root only), with network timeouts.
apt_install() {
  is_root || return 1
  command -v apt-get >/dev/null || return 1
  local opts=(-o Acquire::http::Timeout=30 -o Acquire::Retries=2 -o Dpkg::Use-Pty=0)
  if [ -z "$APT_UPDATED" ]; then
    say "apt-get update"
    timeout 300 apt-get "${opts[@]}" update -qq || { say "apt-get update failed or timed out"; return 1; }
    APT_UPDATED=1
  fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive timeout 900 apt-get "${opts[@]}" install -y -qq --no-install-recommends "$@" >/dev/null \
    || { say "apt-get install $* failed or timed out"; return 1; }
}

# The wasm-bindgen version pinned in Cargo.lock; the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

detect_wasm_toolchain() {
  WASM_CARGO=cargo
  WASM_CARGO_FLAGS=()
  if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
    WASM_PATH=rustup
    say "toolchain: rustup with the $WASM_TARGET target (already installed)"
    return
  fi
  if command -v rustup >/dev/null; then
    say "toolchain: adding the $WASM_TARGET target with rustup (timeout 60 s)"
    timeout 60 rustup target add "$WASM_TARGET" >&2 || true
    if rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
      WASM_PATH=rustup
      say "toolchain: rustup with the $WASM_TARGET target (just installed)"
      return
    fi
    say "toolchain: rustup could not add $WASM_TARGET; trying Debian's Rust with -Zbuild-std"
  fi
  if ! { [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && command -v wasm-ld-22 >/dev/null \
         && /usr/bin/rustc --print sysroot >/dev/null 2>&1 \
         && [ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library" ]; }; then
    apt_install rustc-web cargo-web rust-web-src lld-22 || die "no way to build for $WASM_TARGET.
Install one of:
  - rustup's target:  rustup target add $WASM_TARGET
  - or, as root on Debian 12:  apt-get install rustc-web cargo-web rust-web-src lld-22"
  fi
  WASM_PATH=debian
  WASM_CARGO=/usr/bin/cargo
  WASM_CARGO_FLAGS=(-Zbuild-std=std,panic_abort)
  export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
  say "toolchain: Debian's Rust ($(/usr/bin/rustc --version)) with -Zbuild-std"
}

# Code generation for the wasm build only (the shipped module and the wasm tests alike);
# the native build is untouched. Measured in Chromium against the native command
# (scripts/bench-wasm-browser.mjs), on the 9x9 solver:
# - simd128 (every current browser has it): LLVM vectorizes the loops over nine digit words
#   a little (about +1.5%), and the band solver's hand-written simd128 code
#   (src/search/band/simd.rs, 8-16% more) is compiled only with it; without it the solver
#   runs its scalar loops.
# - LLVM's loop strength reduction off: it turns indexed accesses into extra induction
#   variables and hoisted addresses, more values live at once than V8's register allocator
#   keeps in registers (about +3 to +5% more). It is an LLVM option, not a rustc one, so it
#   is passed only if this rustc accepts it.
# RUSTFLAGS or CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS set by the caller win.
wasm_codegen_flags() {
  local flags=(-C target-feature=+simd128) probe
  probe="$(mktemp -d)"
  if echo 'pub fn f() {}' | "${RUSTC:-rustc}" --crate-type lib --emit=obj -C llvm-args=-disable-lsr \
       --out-dir "$probe" - >/dev/null 2>&1; then
    flags+=(-C llvm-args=-disable-lsr)
  fi
  rm -rf "$probe"
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-${flags[*]}}"
}

# Whether the wasm-bindgen on the PATH is the version Cargo.lock pins.
wasm_bindgen_cli_installed() {
  [ -f "$ROOT/Cargo.lock" ] || (cd "$ROOT" && cargo generate-lockfile)
  command -v wasm-bindgen >/dev/null \
    && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$(locked_wasm_bindgen_version)" ]
}

ensure_wasm_bindgen_cli() {
  local want
  [ -f "$ROOT/Cargo.lock" ] || (cd "$ROOT" && cargo generate-lockfile)
  want="$(locked_wasm_bindgen_version)"
  [ -n "$want" ] || die "could not read the wasm-bindgen version from Cargo.lock"
  if wasm_bindgen_cli_installed; then
    say "wasm-bindgen-cli $want: installed"
    return
  fi
  say "installing wasm-bindgen-cli $want (matches Cargo.lock; takes a few minutes, timeout 25 min)"
  timeout 1500 cargo install wasm-bindgen-cli --version "$want" --force >&2 \
    || die "cargo install wasm-bindgen-cli --version $want failed or timed out"
}

ensure_npm_packages() {
  local stamp="$ROOT/node_modules/.package-lock.json"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$ROOT/package-lock.json" ] && [ -d "$ROOT/node_modules/playwright-core" ] \
    && [ -d "$ROOT/node_modules/eslint" ] && [ -d "$ROOT/node_modules/axe-core" ] && [ -d "$ROOT/node_modules/typescript" ]; then
    say "npm packages: installed"
    return
  fi
  say "npm packages: installing (timeout 10 min)"
  (cd "$ROOT" && timeout 600 npm ci --no-audit --no-fund --fetch-timeout=60000 --fetch-retries=2 >&2) \
    || die "npm ci failed or timed out"
}

# The browser tests drive Chromium's headless shell (a page costs about two thirds of the
# full browser's CPU: tests/e2e/harness.mjs); the wasm tests (through chromedriver) and the
# browser benchmarks, the full browser. All three come from Debian's one Chromium version.
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && [ -x /usr/bin/chromium-headless-shell ]; then
    say "chromium, its headless shell and chromedriver: installed"
    return
  fi
  apt_install chromium chromium-headless-shell chromium-driver \
    || die "the browser tests need Debian's chromium, chromium-headless-shell and chromium-driver.
Install them as root:  apt-get install chromium chromium-headless-shell chromium-driver"
}

# pdfinfo, pdftotext and pdftoppm: the print tests read back the PDFs Chromium prints.
ensure_poppler() {
  if command -v pdfinfo >/dev/null && command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null; then
    say "poppler-utils: installed"
    return
  fi
  apt_install poppler-utils || die "the print tests need Debian's poppler-utils (pdfinfo, pdftotext, pdftoppm).
Install it as root:  apt-get install poppler-utils"
}
