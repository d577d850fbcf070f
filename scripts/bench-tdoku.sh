#!/usr/bin/env bash
# Builds tdoku (t-dillon/tdoku, C++, BSD-2-Clause), a fast 9×9 solver, as a static library
# for the benchmark crate only, then runs the 9×9 benchmark with it side by side:
# `cargo run --release -p sudoku64-bench` times sudoku64, the `sudoku` crate and tdoku in
# one run once `target/tdoku/lib/libtdoku.a` exists (see bench/build.rs). Nothing here is
# shipped, and neither `npm start` nor `npm test` needs it.
#
#   bash scripts/bench-tdoku.sh [--build-only] [-- BENCH ARGS...]
#
# TDOKU_SRC   where to clone tdoku from: a URL or a local git repository
#             (default https://github.com/t-dillon/tdoku.git)
# TDOKU_REV   the commit to build (default: the one the figures in BENCHMARKS.md used)
#
# tdoku is built the way its own CMakeLists.txt builds its `tdoku_static` library: g++
# compiles the files src/solver_dpll_triad_simd.cc and src/util.cc at -O3 -march=native
# (its CMake project is not used: it also builds programs from folders left out here).
# Its data.zip is not needed (the puzzle sets live elsewhere),
# so only the source folders are taken out of the clone. If tdoku cannot be fetched or
# built, the script says so and the benchmark runs against the `sudoku` crate only.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

TDOKU_SRC="${TDOKU_SRC:-https://github.com/t-dillon/tdoku.git}"
TDOKU_REV="${TDOKU_REV:-af426180dc53aef89b82868e7b3fdfcf42165654}"
CACHE="$ROOT/target/tdoku"

build_only=""
bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1; shift ;;
    --) shift; bench_args=("$@"); break ;;
    *) die "usage: bash scripts/bench-tdoku.sh [--build-only] [-- BENCH ARGS...]" ;;
  esac
done

build_tdoku() {
  local src="$CACHE/src-$TDOKU_REV"
  mkdir -p "$CACHE"
  if [ ! -d "$CACHE/repo" ]; then
    say "cloning tdoku from $TDOKU_SRC (timeout 120 s)"
    timeout 120 git clone --quiet --no-checkout "$TDOKU_SRC" "$CACHE/repo.tmp" || return 1
    mv "$CACHE/repo.tmp" "$CACHE/repo"
  fi
  if [ ! -d "$src" ]; then
    # git archive of the source folders only: a checkout would also need data.zip.
    mkdir -p "$src.tmp"
    git -C "$CACHE/repo" archive "$TDOKU_REV" src include CMakeLists.txt LICENSE \
      | tar -x -C "$src.tmp" || { rm -rf "$src.tmp"; return 1; }
    mv "$src.tmp" "$src"
  fi
  mkdir -p "$CACHE/lib"
  # The solver's two source files, compiled directly: tdoku's CMake project also builds
  # programs from folders the archive above leaves out, so it would not configure.
  command -v g++ >/dev/null || { say "g++ is not installed"; return 1; }
  say "building tdoku with g++ -O3 -march=native"
  local obj="$CACHE/obj"
  mkdir -p "$obj"
  g++ -O3 -march=native -std=c++17 -c "$src/src/solver_dpll_triad_simd.cc" -o "$obj/solver.o" \
    && g++ -O3 -march=native -std=c++17 -c "$src/src/util.cc" -o "$obj/util.o" \
    && rm -f "$CACHE/lib/libtdoku.a" \
    && ar rcs "$CACHE/lib/libtdoku.a" "$obj/solver.o" "$obj/util.o" || return 1
  echo "$TDOKU_REV" > "$CACHE/lib/REVISION"
}

if [ -f "$CACHE/lib/libtdoku.a" ] && [ "$(cat "$CACHE/lib/REVISION" 2>/dev/null)" = "$TDOKU_REV" ]; then
  say "tdoku $TDOKU_REV: built ($CACHE/lib/libtdoku.a)"
  # A fresh time stamp makes cargo run bench/build.rs again, which links the library in
  # even if the benchmark was built while the library was missing.
  touch "$CACHE/lib/libtdoku.a"
elif ! build_tdoku; then
  rm -f "$CACHE/lib/libtdoku.a"
  say "tdoku could not be fetched or built: the benchmark compares with the sudoku crate only"
fi
[ -n "$build_only" ] && exit 0
cargo run --release -p sudoku64-bench -- "${bench_args[@]}"
