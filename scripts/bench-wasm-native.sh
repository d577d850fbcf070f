#!/usr/bin/env bash
# The solver inside the wasm build, under node, against the native command, side by side:
# for each puzzle set, `sudoku64 bench solve --shuffle 1 SET` and `node scripts/bench-wasm.mjs
# SET` (the same work: count up to 2, the same symmetries) take turns ROUNDS times, and each
# keeps its best rate, so load that comes and goes on a shared machine hits both alike.
# Build both first: `cargo build --release` and `bash scripts/build-wasm.sh`.
#
#   bash scripts/bench-wasm-native.sh [--rounds N] SET...
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

rounds=5
sets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    *) sets+=("$1"); shift ;;
  esac
done
[ ${#sets[@]} -gt 0 ] || die "usage: bash scripts/bench-wasm-native.sh [--rounds N] SET..."
[ -x target/release/sudoku64 ] || die "build the native command first: cargo build --release"
[ -f www/pkg/sudoku64_bg.wasm ] || die "build the wasm first: bash scripts/build-wasm.sh"

printf '%-34s %12s %12s %14s\n' set 'native /s' 'wasm /s' 'wasm slower by'
for set in "${sets[@]}"; do
  native=0 wasm=0
  for _ in $(seq "$rounds"); do
    n=$(target/release/sudoku64 bench solve --shuffle 1 "$set" | awk '/^puzzles\/s/ { print $2 }')
    w=$(node scripts/bench-wasm.mjs "$set" | awk '{ print $4 }')
    native=$(awk -v a="$native" -v b="$n" 'BEGIN { print (b > a ? b : a) }')
    wasm=$(awk -v a="$wasm" -v b="$w" 'BEGIN { print (b > a ? b : a) }')
  done
  awk -v s="$(basename "$set")" -v n="$native" -v w="$wasm" \
    'BEGIN { printf "%-34s %12.0f %12.0f %13.2f×\n", s, n, w, n / w }'
done
