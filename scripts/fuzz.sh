#!/usr/bin/env bash
# Runs the fuzz targets in fuzz/ (cargo fuzz, libFuzzer), one after another.
#   scripts/fuzz.sh [SECONDS] [TARGET...]   each target for SECONDS (default 60)
#   scripts/fuzz.sh --smoke                 each target for a few seconds (npm test's check)
# Installs cargo-fuzz when it is missing. The corpus grows in fuzz/corpus/TARGET; the seed
# inputs come from tests/data and, when present, the public sets in ../shared/puzzles. A
# crash stops the run with the input saved in fuzz/artifacts/TARGET/ and its command to
# repeat it; turn it into a regression test before fixing it.
# The smoke run checks that every target builds and runs and still passes the easy finds,
# in little time: it builds all targets in one cargo run, in target/fuzz-smoke (the same
# instrumentation, but 16 codegen units instead of cargo-fuzz's 1: about the same CPU time,
# measured, and the library's compile can spread over both cores), starts from a small
# fixed sample of the seeds (three lines of each fixture file), and neither reads nor grows
# fuzz/corpus/, so it takes the same time on every run.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

TARGETS=(parse solve logic generate wasm_args)
seconds=60
smoke=""
if [ "${1:-}" = --smoke ]; then
  seconds=${FUZZ_SMOKE_SECONDS:-4}
  smoke=1
  shift
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
elif [ -n "${1:-}" ] && [[ " ${TARGETS[*]} " != *" $1 "* ]]; then
  die "usage: scripts/fuzz.sh [SECONDS | --smoke] [TARGET...] (targets: ${TARGETS[*]})"
fi
[ $# -eq 0 ] || TARGETS=("$@")
for t in "${TARGETS[@]}"; do
  [ -f "fuzz/fuzz_targets/$t.rs" ] || die "no fuzz target named $t (see fuzz/fuzz_targets/)"
done

CARGO_FUZZ_VERSION=0.13.2
if ! cargo fuzz --version >/dev/null 2>&1; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION (once; a few minutes)"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked >&2 || die "could not install cargo-fuzz"
fi

# Seeds: every line of the fixtures and the first lines of each public set, as text
# (parse: a flags byte of 0 first; the grid targets: mode byte 0, "read as text"), and a
# few structured inputs for the grid targets (mode bytes 16..255: a blanked full grid).
SEEDS="$ROOT/target/fuzz-seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS/text" "$SEEDS/grid" "$SEEDS/generate"
python3 - "$ROOT" "$SEEDS" "$smoke" <<'PY'
import glob, hashlib, os, random, sys
root, seeds, smoke = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
lines = []
for path in sorted(glob.glob(os.path.join(root, "tests", "data", "*.txt"))):
    kept = [l for l in open(path, encoding="utf-8") if l.strip() and not l.startswith("#")]
    if smoke:
        # Three lines spread over each file: every kind of puzzle the fixtures hold.
        lines += kept[:: max(1, -(-len(kept) // 3))][:3]
    else:
        # Killers take the logic target a second or so each in the fuzzing build: a
        # sample of them.
        lines += kept[::8] if path.endswith("killer.txt") else kept
for path in [] if smoke else sorted(glob.glob(os.path.join(root, "..", "shared", "puzzles", "*"))):
    if os.path.isfile(path) and not path.endswith(".md"):
        with open(path, encoding="utf-8", errors="replace") as f:
            lines += [l for _, l in zip(range(100), f)]
def put(folder, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(seeds, folder, name), "wb") as f:
        f.write(data)
for line in lines:
    put("text", b"\0" + line.encode())
    put("grid", b"\0" + line.split()[0].encode())
rng = random.Random(64)
for i in range(16 if smoke else 64):
    put("grid", bytes([16 + rng.randrange(240)]) + bytes(rng.randrange(256) for _ in range(600)))
    put("generate", bytes(rng.randrange(256) for _ in range(16)))
PY

declare -A SEED_DIR=([parse]=text [solve]=grid [logic]=grid [generate]=generate [wasm_args]=generate)
declare -A MAX_LEN=([parse]=16384 [solve]=4096 [logic]=4096 [generate]=64 [wasm_args]=256)
# -s none: the crate forbids unsafe code, so address sanitizing buys little and halves
# the speed; -a keeps debug assertions and overflow checks on.
BUILD=(-s none -a)
[ -z "$smoke" ] || BUILD+=(--codegen-units 16 --target-dir "$ROOT/target/fuzz-smoke")
# One cargo run builds every target (in parallel); `cargo fuzz run` then finds them built.
say "building the fuzz targets: ${TARGETS[*]}"
cargo fuzz build "${BUILD[@]}" >&2 || die "the fuzz targets did not build"

status=0
for t in "${TARGETS[@]}"; do
  if [ -n "$smoke" ]; then
    corpus="$ROOT/target/fuzz-smoke/corpus/$t"
    rm -rf "$corpus"
  else
    corpus="fuzz/corpus/$t"
  fi
  mkdir -p "$corpus"
  say "fuzzing $t for ${seconds} s"
  # A run over 30 s on one input counts as a finding (a hang).
  if ! cargo fuzz run "${BUILD[@]}" "$t" "$corpus" "$SEEDS/${SEED_DIR[$t]}" -- \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len="${MAX_LEN[$t]}" \
    -print_final_stats=1 2>&1 | tee "target/fuzz-$t.log" | grep -aE '^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY|thread .* panicked|Test unit written)'; then
    :
  fi
  # A crash, a panic, a hang past -timeout or memory past -rss_limit_mb is a finding; an
  # input slower than 10 s (libFuzzer keeps it as slow-unit-*) is worth a look, not one.
  if grep -aqE 'ERROR: libFuzzer|panicked|Test unit written to .*/(crash|timeout|oom|leak)-' "target/fuzz-$t.log"; then
    say "fuzz target $t found a failure: see target/fuzz-$t.log and fuzz/artifacts/$t/"
    status=1
  elif grep -aq 'slow-unit-' "target/fuzz-$t.log"; then
    say "fuzz target $t kept inputs slower than 10 s in fuzz/artifacts/$t/slow-unit-*"
  fi
done
exit $status
