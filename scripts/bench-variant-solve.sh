#!/usr/bin/env bash
# Counting variant puzzles to 2 against classic puzzles of the same side, clue count and
# level, side by side in one run (benchmark only: neither `npm start` nor `npm test` runs it).
#
#   bash scripts/bench-variant-solve.sh [SOLO]
#
# The classic set: the puzzles of the public top1465 list (../shared/puzzles) that
# `sudoku64 rate` grades Extreme and that have at most 21 clues (115 puzzles, 18.7 clues on
# average). The variant sets, graded Extreme too: our own (`generate --difficulty extreme`,
# minimal: 200 X, 200 jigsaw, 100 windoku from seed 1) and, when SOLO (the generator
# scripts/solo-killer/build.sh builds) is given, the Extreme ones among 200 of Solo's
# Unreasonable X (`3x3xdu`) and jigsaw (`9jdu`) puzzles from seed 7.
# Each set is counted to 2 by `sudoku64 bench solve --shuffle 1` (the shipped policy: the
# band solver for classic 9×9, the bitboard solver for the variants) five times, in turns;
# the row gives the smallest median and p99, the median branches, and the median over the
# classic set's.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

SOLO=${1:-}
[ -z "$SOLO" ] || [ -x "$SOLO" ] || die "$SOLO is not a program (build it with scripts/solo-killer/build.sh)"
TOP="$ROOT/../shared/puzzles/puzzles3_magictour_top1465"
[ -f "$TOP" ] || die "the public set $TOP is missing"

say "building sudoku64 (release)"
cargo build --release --quiet --bin sudoku64 || die "the build failed"
BIN="$ROOT/target/release/sudoku64"
WORK="$ROOT/target/bench-variant-solve"
mkdir -p "$WORK"

# extreme IN OUT [MOST_CLUES]: the lines of IN (one puzzle each) graded Extreme, with at
# most MOST_CLUES clues when given (a plain 81-character line: its digits).
# (`rate` writes a line for every puzzle it grades; a puzzle it cannot grade would shift
# the pairing, so that stops the run.)
extreme() {
  "$BIN" rate "$1" > "$2.rate" 2>/dev/null || true
  [ "$(grep -c . "$2.rate")" = "$(grep -c . "$1")" ] || die "sudoku64 rate could not grade every puzzle of $1"
  paste -d' ' "$2.rate" "$1" \
    | awk -v most="${3:-0}" '$1 == "extreme" { line = $3; n = gsub(/[1-9]/, "&", line); if (most == 0 || n <= most) print $3 }' > "$2"
}

grep -v '^#' "$TOP" | grep . > "$WORK/top1465.txt"
extreme "$WORK/top1465.txt" "$WORK/classic.txt" 21
sets=(classic)
for v in x:200 jigsaw:200 windoku:100; do
  name=${v%%:*}
  "$BIN" generate --variant "$name" --difficulty extreme --count "${v##*:}" --seed 1 --format solo 2>/dev/null \
    | cut -d' ' -f1 > "$WORK/$name.txt"
  sets+=("$name")
done
if [ -n "$SOLO" ]; then
  for p in 3x3xdu 9jdu; do
    "$SOLO" "$p" - 200 7 2>/dev/null | cut -f4 > "$WORK/solo-$p.all"
    extreme "$WORK/solo-$p.all" "$WORK/solo-$p.txt"
    sets+=("solo-$p")
  done
fi

# The clues of a set's lines: digits of a plain line, or of a game ID's grid part.
clues() { sed 's/^[^:]*://; s/,.*//' "$1" | awk '{ n += gsub(/[0-9]/, "&") } END { printf "%.1f", n / NR }'; }

declare -A MEDIAN P99 BRANCHES
for round in 1 2 3 4 5; do
  for s in "${sets[@]}"; do
    read -r m p b < <("$BIN" bench solve --shuffle 1 "$WORK/$s.txt" 2>&1 \
      | awk '/^median µs/ { m = $3 } /^p99 µs/ { p = $3 } /^branches/ { b = $3 } END { sub(/,/, "", b); print m, p, b }')
    if [ -z "${MEDIAN[$s]:-}" ] || awk -v a="$m" -v b="${MEDIAN[$s]}" 'BEGIN { exit !(a < b) }'; then MEDIAN[$s]=$m; fi
    if [ -z "${P99[$s]:-}" ] || awk -v a="$p" -v b="${P99[$s]}" 'BEGIN { exit !(a < b) }'; then P99[$s]=$p; fi
    BRANCHES[$s]=$b
  done
done

printf '%-16s %8s %6s %11s %9s %9s %14s\n' set puzzles clues "median µs" "p99 µs" branches "over classic"
for s in "${sets[@]}"; do
  printf '%-16s %8d %6s %11s %9s %9s %14s\n' "$s" "$(grep -c . "$WORK/$s.txt")" "$(clues "$WORK/$s.txt")" \
    "${MEDIAN[$s]}" "${P99[$s]}" "${BRANCHES[$s]}" "$(awk -v a="${MEDIAN[$s]}" -v b="${MEDIAN[classic]}" 'BEGIN { printf "%.2f×", a / b }')"
done
