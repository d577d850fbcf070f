#!/usr/bin/env bash
# Differential testing at scale (benchmark-only; never run by npm start or npm test).
#   scripts/differential.sh [NINE_COUNT] [COUNT_16] [COUNT_25] [COUNT_9]
# Defaults: 1,000,000 9×9 puzzles against the `sudoku` crate, then 2,000 generated 9×9,
# 1,000 generated 16×16 and 100 generated 25×25 puzzles, checked by both exact engines
# (and clue by clue when said minimal) and the logic solver, and then for uniqueness by
# CaDiCaL (Debian package `cadical`, installed here when missing and root). Exits
# non-zero on any mismatch. Results go to target/differential/.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

nine=${1:-1000000}
count16=${2:-1000}
count25=${3:-100}
count9=${4:-2000}
out="$ROOT/target/differential"
mkdir -p "$out"

if ! command -v cadical >/dev/null; then
  apt_install cadical || die "CaDiCaL is needed: apt-get install cadical"
fi

say "building the benchmark crate"
cargo build --release -q -p sudoku64-bench --bin differential

status=0
run() {
  local name=$1
  shift
  say "$name"
  "$ROOT/target/release/differential" "$@" 2>"$out/$name.err" | tee "$out/$name.txt" || status=1
}

[ -d "$ROOT/../shared/puzzles" ] || die "the public 9×9 sets are not in ../shared/puzzles"
run nine nine --count "$nine" --sets "$ROOT/../shared/puzzles"
run large-9 large --size 9 --count "$count9" --seed 1 --out "$out/generated-9.txt"
run large-16 large --size 16 --count "$count16" --seed 1 --out "$out/generated-16.txt"
run large-25 large --size 25 --count "$count25" --seed 1 --out "$out/generated-25.txt"

for size in 9 16 25; do
  say "CaDiCaL on the generated ${size}×${size} puzzles"
  python3 scripts/cadical-count.py --timeout 120 "$out/generated-$size.txt" >"$out/cadical-$size.txt"
  tail -n 1 "$out/cadical-$size.txt"
  # Every line must say count 1: unique.
  not_unique=$(awk '!/^#/ && $2 != "1" { n++ } END { print n + 0 }' "$out/cadical-$size.txt")
  if [ "$not_unique" != 0 ]; then
    say "CaDiCaL finds $not_unique generated ${size}×${size} puzzles not unique (or undecided): see $out/cadical-$size.txt"
    status=1
  else
    say "CaDiCaL: every generated ${size}×${size} puzzle has exactly one solution"
  fi
done
exit $status
