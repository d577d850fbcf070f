#!/usr/bin/env bash
# Generation of rectangular, X and jigsaw grids against Simon Tatham's Solo, side by side in
# one run, at matched difficulty (benchmark only: nothing here is shipped, and neither
# `npm start` nor `npm test` runs it).
#
#   bash scripts/bench-solo-variants.sh SOLO [SECONDS] [LAYOUT...]
#
# SOLO is the command-line generator around Solo's source that scripts/solo-killer/build.sh
# builds (it makes X and jigsaw grids as well as killers). SECONDS (default 30) caps each
# side's time per row; LAYOUT is among 2x3 3x4 3x3x 4x4x 9j 12j (default: all six).
#
# Per layout and per Solo grade, Basic (`db`) and Unreasonable (`du`):
# 1. Solo makes 200 puzzles at Basic and 20 at Unreasonable (seeds from 1), or as many as it can in SECONDS; a puzzle still
#    being made when the time runs out is not counted.
# 2. `sudoku64 rate` grades Solo's puzzles on our scale: the row prints how many fall at
#    each level, and the level most of them have is the matched one.
# 3. `sudoku64 bench generate --difficulty LEVEL` makes puzzles of that level, from seed 1,
#    as many as Solo made (at least 5), again within SECONDS; only those that reach the
#    level count.
# 4. The rates in puzzles a second, and ours over Solo's; then the rate of our `generate
#    --minimal` (no level to reach, dug until no clue can go) for as many puzzles; on the
#    Unreasonable rows, the rate of our Diabolical too (within SECONDS, as step 3).
# Solo's two top grades and ours do not mean the same thing: Solo's Unreasonable is what
# its solver cannot finish without recursion, our Diabolical what needs a forcing net or a
# guess. Step 2 measures which of our levels Solo's puzzles reach instead of assuming it.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

[ $# -ge 1 ] || die "usage: bash scripts/bench-solo-variants.sh SOLO [SECONDS] [LAYOUT...]"
SOLO=$1
shift
[ -x "$SOLO" ] || die "$SOLO is not a program (build it with scripts/solo-killer/build.sh)"
SECS=30
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then SECS=$1; shift; fi
LAYOUTS=("$@")
[ ${#LAYOUTS[@]} -gt 0 ] || LAYOUTS=(2x3 3x4 3x3x 4x4x 9j 12j)
# Puzzles a row asks of each side: more at Basic, where each takes a millisecond or less.
declare -A MOST=([db]=200 [du]=20)

declare -A FLAGS=(
  [2x3]="--size 6" [3x4]="--size 12" [3x3x]="--variant x" [4x4x]="--size 16 --variant x"
  [9j]="--variant jigsaw" [12j]="--size 12 --variant jigsaw"
)
for layout in "${LAYOUTS[@]}"; do
  [ -n "${FLAGS[$layout]:-}" ] || die "no layout named $layout (2x3 3x4 3x3x 4x4x 9j 12j)"
done

say "building sudoku64 (release)"
cargo build --release --quiet --bin sudoku64 || die "the build failed"
BIN="$ROOT/target/release/sudoku64"
WORK="$ROOT/target/bench-solo-variants"
mkdir -p "$WORK"

now() { date +%s.%N; }

# solo PARAMS OUT MOST: up to MOST of Solo's puzzles (seeds 1, 2, ...) in one process; prints
# "MADE SECONDS". When it ends in time, its own timing (which leaves out starting the
# process); else SECS, and the puzzles it wrote by then (line-buffered).
solo() {
  local params=$1 out=$2 most=$3 made
  if timeout "$SECS" stdbuf -oL "$SOLO" "$params" - "$most" 1 2> "$out.err" | cut -f4 > "$out"; then
    # "PARAMS -: N puzzles in T s, R puzzles/s" (R has more digits than T)
    awk '{print $3, $3 / $8}' "$out.err"
  else
    made=$(grep -c . "$out" || true)
    echo "$made $SECS"
  fi
}

# ours LEVEL COUNT FLAGS... : COUNT of our puzzles of LEVEL, from seed 1, within SECS;
# prints "REACHED SECONDS".
ours() {
  local level=$1 count=$2 t0 log="$WORK/ours.log" reached
  shift 2
  t0=$(now)
  timeout "$SECS" "$BIN" bench generate "$@" --difficulty "$level" --count "$count" --seed 1 > "$log" 2>&1 || true
  local t
  t=$(echo "$(now) - $t0" | bc -l)
  # "target reached N/M; level reached K/M" on the summary line. Stopped at SECS, there is
  # none: then the puzzle lines that name the level asked for.
  reached=$(grep -o 'level reached [0-9]*' "$log" | awk '{print $3}' || true)
  [ -n "$reached" ] || reached=$(grep -ci ", ${level} (score" "$log" || true)
  echo "${reached:-0} $t"
}

# minimal COUNT FLAGS... : `generate --minimal`, within SECS; prints "MADE SECONDS".
minimal() {
  local count=$1 t0 made
  shift
  t0=$(now)
  made=$(timeout "$SECS" "$BIN" generate "$@" --minimal --count "$count" --seed 1 2>/dev/null | grep -vc '^#' || true)
  echo "$made $(echo "$(now) - $t0" | bc -l)"
}

# rate N SECONDS: N a second, with four decimals below 1 (Solo's 4x4xdu makes one in minutes).
rate() { echo "$1 $2" | awk '{ if ($2 > 0) { r = $1 / $2; printf (r < 1 ? "%.4f" : "%.2f"), r } else print "-" }'; }

printf '%-5s %-4s %12s  %-44s %-11s %12s %7s %14s %12s\n' layout solo "solo puz/s" "solo's puzzles on our scale" "our level" "ours puz/s" ratio "ours minimal/s" "diabolical/s"
for layout in "${LAYOUTS[@]}"; do
  read -r -a flags <<< "${FLAGS[$layout]}"
  for grade in db du; do
    set_file="$WORK/$layout$grade.txt"
    read -r made secs < <(solo "$layout$grade" "$set_file" "${MOST[$grade]}")
    solo_rate=$(rate "$made" "$secs")
    if [ "$made" -eq 0 ]; then
      printf '%-5s %-4s %12s  %s\n' "$layout" "$grade" "0 in ${SECS}s" "(no puzzle to grade)"
      continue
    fi
    levels=$("$BIN" rate "$set_file" 2>/dev/null | awk '{print $1}' | sort | uniq -c | sort -rn)
    level=$(echo "$levels" | head -1 | awk '{print $2}')
    spread=$(echo "$levels" | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
    count=$((made < 5 ? 5 : made))
    read -r reached osecs < <(ours "$level" "$count" "${flags[@]}")
    ours_rate=$(rate "$reached" "$osecs")
    ratio=$(echo "$ours_rate $solo_rate" | awk '{ if ($2 > 0 && $1 != "-") printf "%.1f", $1 / $2; else print "-" }')
    read -r mreached msecs < <(minimal "$count" "${flags[@]}")
    diabolical=-
    if [ "$grade" = du ]; then
      read -r dreached dsecs < <(ours diabolical "$count" "${flags[@]}")
      diabolical=$(rate "$dreached" "$dsecs")
    fi
    printf '%-5s %-4s %12s  %-44s %-11s %12s %7s %14s %12s\n' "$layout" "$grade" "$solo_rate" "$spread" "$level" \
      "$ours_rate" "$ratio" "$(rate "$mreached" "$msecs")" "$diabolical"
  done
done
