#!/usr/bin/env bash
# Runs the test layers and ends with one line "N passed, N failed" summing all of them.
#   scripts/test.sh            set up, then every layer: rust, then e2e beside lint, wasm, fuzz
#   scripts/test.sh LAYER...   only those layers (lint, rust, wasm, e2e, fuzz)
source "$(dirname "$0")/lib.sh"
set +e
cd "$ROOT"

layers=("$@")
[ ${#layers[@]} -gt 0 ] || layers=(lint rust wasm e2e fuzz)
wants() { [[ " ${layers[*]} " == *" $1 "* ]]; }

LOGDIR="$ROOT/target/test-logs"
mkdir -p "$LOGDIR"
PASSED=0
FAILED=0
STATUS=0

# Adds the "test result: ok. N passed; M failed" lines of cargo/wasm-bindgen-test output.
count_cargo() {
  local log=$1 rc=$2 p f
  read -r p f < <(awk '/^test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p+0, f+0 }' "$log")
  p=${p:-0}; f=${f:-0}
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi # a build failure or crash counts as one failure
  PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
  [ "$rc" = 0 ] || STATUS=1
  say "$3: $p passed, $f failed"
}

# Each layer's time, printed as it ends and again in a table before the summary, so a slow
# layer shows: wall-clock seconds, and the CPU seconds (user + sys) of the commands it ran,
# which move less than the wall clock on a busy machine.
TIMES=()
# cpu_now sets CPU; `times` must run in this shell (in a pipe or $(...) it has no children).
# (A file per shell: the e2e layer's subshell asks too.)
cpu_now() {
  local f="$LOGDIR/.times.$BASHPID"
  times > "$f"
  CPU=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$f")
  rm -f "$f"
}
LAYER="" LAYER_T0=0 LAYER_C0=0
layer_start() { LAYER=$1; LAYER_T0=$SECONDS; cpu_now; LAYER_C0=$CPU; }
layer_end() {
  cpu_now
  local t=$((SECONDS - LAYER_T0)) c=$((CPU - LAYER_C0))
  TIMES+=("$(printf '%-6s %5d s  (cpu %5d s)' "$LAYER" "$t" "$c")")
  say "$LAYER took $t s (cpu $c s)"
}

# One check (fmt, clippy) counts as one test.
count_check() {
  if [ "$1" = 0 ]; then PASSED=$((PASSED + 1)); say "$2: passed"; else FAILED=$((FAILED + 1)); STATUS=1; say "$2: FAILED"; fi
}

if [ ${#@} -eq 0 ] || wants wasm || wants e2e; then
  layer_start setup
  bash "$ROOT/scripts/setup.sh" --test || { echo "0 passed, 1 failed"; exit 1; }
  detect_wasm_toolchain 2>/dev/null
  layer_end
fi

# When other layers run too, the browser tests start once the host tests have ended (those
# run alone: beside Chromium's threads the same tests took three times the CPU, and a warm
# run took 199 s this way against 204 s with the browser tests started beside them), and
# the layers after them run beside them; their output is shown when they end, and their
# figures join the others'.
e2e_layer() {
  local t0=$SECONDS c0
  cpu_now
  c0=$CPU
  # Several files at a time (E2E_CONCURRENCY to choose): each file serves the project on
  # a port of its own and launches its own Chromium, and none writes where another reads.
  # Three (alone on two cores, 111 s against 165 s one at a time; bench/HISTORY.md,
  # 2026-11-29, closing).
  local files=${E2E_CONCURRENCY:-$E2E_FILES}
  say "browser end-to-end tests (Playwright, node --test)"
  # The largest files first: they hold the most tests, and one started last would run on
  # alone after the others end (widget.test.mjs, the largest, is last by name).
  local order
  mapfile -t order < <(ls -S tests/e2e/*.test.mjs)
  node --test --test-reporter=spec --test-concurrency="$files" "${order[@]}" 2>&1 | tee "$LOGDIR/e2e.log"
  local rc=${PIPESTATUS[0]} p f
  p=$(grep -aE '^ℹ pass [0-9]+' "$LOGDIR/e2e.log" | awk '{print $3}')
  f=$(grep -aE '^ℹ fail [0-9]+' "$LOGDIR/e2e.log" | awk '{print $3}')
  p=${p:-0}; f=${f:-0}
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
  say "e2e: $p passed, $f failed"
  cpu_now
  echo "$p $f $rc $((SECONDS - t0)) $((CPU - c0))" > "$LOGDIR/e2e.counts"
}
# Adds the e2e layer's counts and time, once it has ended.
e2e_done() {
  local p f rc t c
  read -r p f rc t c < "$LOGDIR/e2e.counts" || { p=0 f=1 rc=1 t=0 c=0; }
  PASSED=$((PASSED + p)); FAILED=$((FAILED + f)); [ "$rc" = 0 ] || STATUS=1
  TIMES+=("$(printf '%-6s %5d s  (cpu %5d s)' e2e "$t" "$c")")
  say "e2e took $t s (cpu $c s)"
}
E2E_PID=""
E2E_FILES=3 # test files at a time (see e2e_layer)
# Starts the browser tests: in the background when other layers run too (after the host
# tests, see above), else in the foreground.
start_e2e() {
  wants e2e || return 0
  rm -f "$LOGDIR/e2e.counts"
  if [ ${#layers[@]} -gt 1 ]; then
    say "e2e: running beside the other layers; its output follows when it ends"
    # In a process group of its own (set -m), so that if this script ends early (a script's
    # background jobs ignore Ctrl+C) the whole of it stops: node, its test files and, with
    # them, their browsers.
    set -m
    (e2e_layer) > "$LOGDIR/e2e.out" 2>&1 &
    E2E_PID=$!
    set +m
    # (Again a second later: node's runner may be starting a test file as the first comes.)
    trap 'kill -TERM -- "-$E2E_PID" 2>/dev/null && sleep 1 && kill -KILL -- "-$E2E_PID" 2>/dev/null' EXIT
    trap 'exit 130' INT TERM
  else
    e2e_layer
    e2e_done
  fi
}

if wants rust; then
  layer_start rust
  if cargo nextest --version >/dev/null 2>&1; then
    # cargo-nextest, where the machine has it, runs the tests of every binary side by side
    # (cargo test runs one binary after another, each waiting on its slowest test): the
    # same tests from the same build, about a fifth less time on two cores. It leaves
    # out the doc tests, which cargo test then runs.
    say "cargo nextest run (host), then cargo test --doc"
    cargo nextest run --no-fail-fast 2>&1 | tee "$LOGDIR/rust.log"
    rc=${PIPESTATUS[0]}
    read -r p f < <(awk '/^ *Summary \[/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p = $i; if ($(i+1) ~ /^failed/) f = $i } } END { print p+0, f+0 }' "$LOGDIR/rust.log")
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    PASSED=$((PASSED + p)); FAILED=$((FAILED + f)); [ "$rc" = 0 ] || STATUS=1
    say "cargo nextest: $p passed, $f failed; the slowest:"
    grep -aE '^ *PASS \[' "$LOGDIR/rust.log" | sort -t '[' -k2 -rn | head -5 | sed 's/^ */  /' >&2
    cargo test --doc 2>&1 | tee "$LOGDIR/rust-doc.log"
    count_cargo "$LOGDIR/rust-doc.log" "${PIPESTATUS[0]}" "cargo test --doc"
  else
    say "cargo test (host)"
    cargo test 2>&1 | tee "$LOGDIR/rust.log"
    count_cargo "$LOGDIR/rust.log" "${PIPESTATUS[0]}" "cargo test"
  fi
  layer_end
fi

start_e2e

if wants lint; then
  layer_start lint
  say "cargo fmt --check"
  cargo fmt --all --check && cargo fmt --manifest-path fuzz/Cargo.toml --check
  count_check $? "cargo fmt --check"
  say "cargo clippy --all-targets -- -D warnings"
  cargo clippy --all-targets --quiet -- -D warnings; count_check $? "cargo clippy"

  # The JavaScript: www/, tests/, scripts/ (rules in eslint.config.js).
  say "eslint"
  ensure_npm_packages
  # (--cache: a file whose content and rules are unchanged is not linted again; the cache
  # is in target/.)
  (cd "$ROOT" && node node_modules/eslint/bin/eslint.js --max-warnings 0 --cache --cache-strategy content \
    --cache-location target/eslint-cache .); count_check $? "eslint"

  # The types (JSDoc, tsc --checkJs): the page's modules, the engine's worker and the service
  # worker, each with its own globals (tsconfig.json, tsconfig.worker.json, tsconfig.sw.json).
  # The worker is checked against wasm-bindgen's www/pkg/sudoku64.d.ts, which the wasm build
  # writes: on a fresh clone (or a www/pkg from before the build wrote it) it is built first,
  # and a failed build fails this check.
  say "tsc (npm run typecheck)"
  if [ ! -f "$ROOT/www/pkg/sudoku64.d.ts" ]; then
    say "www/pkg/sudoku64.d.ts is missing: building the wasm first (scripts/setup.sh)"
    bash "$ROOT/scripts/setup.sh"
  fi
  (cd "$ROOT" && npm run --silent typecheck); count_check $? "tsc"
  layer_end
fi

if wants wasm; then
  layer_start wasm
  say "wasm-bindgen tests in headless Chromium"
  # The same code generation as the module the page loads: its flags and its release
  # profile, so that the dependencies the setup compiled for that module serve here too (a
  # fresh clone's test build took 13.6 s and 16 CPU seconds this way, against about 90 s
  # and 170 in the test profile, which compiled every dependency again). Debug assertions
  # are off here, as in that module; the host tests and the fuzz targets keep them.
  wasm_codegen_flags
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=300 \
    "$WASM_CARGO" test --release --target "$WASM_TARGET" "${WASM_CARGO_FLAGS[@]}" --test wasm 2>&1 | tee "$LOGDIR/wasm.log"
  count_cargo "$LOGDIR/wasm.log" "${PIPESTATUS[0]}" "wasm tests"
  layer_end
fi

if wants fuzz; then
  layer_start fuzz
  # A short run of each fuzz target: they keep building, and the easy finds stay found.
  say "fuzz targets, a smoke run of each (scripts/fuzz.sh --smoke)"
  bash "$ROOT/scripts/fuzz.sh" --smoke 2>&1 | tee "$LOGDIR/fuzz.log"
  rc=${PIPESTATUS[0]}
  p=$(grep -ac '^stat::number_of_executed_units' "$LOGDIR/fuzz.log")
  if [ "$rc" = 0 ]; then f=0; else f=1; STATUS=1; fi
  PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
  say "fuzz: $p targets ran, $f failed"
  layer_end
fi

if [ -n "$E2E_PID" ]; then
  say "waiting for the browser end-to-end tests"
  wait "$E2E_PID"
  trap - EXIT
  cat "$LOGDIR/e2e.out"
  e2e_done
fi

say "time per layer:"
for line in "${TIMES[@]}"; do say "  $line"; done
cpu_now
say "$(printf '  total  %5d s  (cpu %5d s)' "$SECONDS" "$CPU")"
echo "$PASSED passed, $FAILED failed"
exit $STATUS
