#!/usr/bin/env python3
"""Writes the shared test fixtures in tests/data/ with the sudoku64 command line.

    cargo build --release
    python3 scripts/make-fixtures.py [--bin target/release/sudoku64] [--only generated]

Files (one `puzzle:count:solution` line per puzzle; see tests/fixtures.rs):

- tests/data/9x9.txt    picks from the public 9x9 sets in ../shared/puzzles, plus made cases
- tests/data/small.txt  1x1 and 4x4 cases (every 4x4 count is also checked here by brute force)
- tests/data/large.txt  16x16 to 64x64 puzzles from `sudoku64 generate`, and edited ones
- tests/data/slow.txt   edited large cases the engine finds slow (run only with --ignored)
- tests/data/generated.txt  `size:seed:symmetry:puzzle` golden lines for the generator

Counts and solutions come from the engine; tests/fixtures.rs checks every line of side 9 or
less against its own brute-force solver, and `cargo run -p sudoku64-bench --
--verify-fixtures` checks the 9x9 lines against the `sudoku` crate. Run this again (with
`--only generated`) when a change to the generator or to the solver's branch order changes
the golden puzzles, and say so in the commit.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
SETS = os.path.join(ROOT, "..", "shared", "puzzles")
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*"

BIN = None


def run(args, stdin=None):
    r = subprocess.run([BIN] + args, input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def engine(puzzle):
    """(count up to 2, solution or '' unless the count is 1, guesses made) by the engine."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(puzzle + "\n")
        path = f.name
    try:
        _, out, err = run(["solve", "--stats", path])
    finally:
        os.unlink(path)
    guesses = int(err.split("nodes, ")[1].split()[0])
    if "no solution" in err:
        return 0, "", guesses
    if "more than one solution" in err:
        return 2, "", guesses
    return 1, out.split()[0], guesses


# --- grids as lists of ints -----------------------------------------------------------


def side(line):
    n = int(round(len(line) ** 0.5))
    assert n * n == len(line), line
    return n


def cells(line):
    return [0 if ch == "." else ALPHABET.index(ch) + 1 for ch in line]


def text(values):
    return "".join("." if v == 0 else ALPHABET[v - 1] for v in values)


def box_side(n):
    return int(round(n**0.5))


def peers(n, cell):
    k = box_side(n)
    r, c = divmod(cell, n)
    out = set()
    for i in range(n):
        out.add(r * n + i)
        out.add(i * n + c)
    br, bc = r // k * k, c // k * k
    for i in range(k):
        for j in range(k):
            out.add((br + i) * n + bc + j)
    out.discard(cell)
    return out


def clashes(values):
    n = side(values)
    return any(v and any(values[p] == v for p in peers(n, c)) for c, v in enumerate(values))


def brute_count(values, limit=2):
    """Plain backtracking, for 4x4 only."""
    n = side(values)
    g = list(values)
    if clashes(g):
        return 0
    found = 0

    def rec():
        nonlocal found
        try:
            cell = g.index(0)
        except ValueError:
            found += 1
            return
        for v in range(1, n + 1):
            if all(g[p] != v for p in peers(n, cell)):
                g[cell] = v
                rec()
                g[cell] = 0
                if found >= limit:
                    return

    rec()
    return found


def rectangles(solution):
    """Deadly rectangles of a full grid: four cells in two rows (or columns) of one band
    (stack) and two boxes, holding a b / b a. Blanking one leaves two solutions."""
    n = side(solution)
    k = box_side(n)
    found = []
    for transpose in (False, True):
        def at(r, c):
            return r * n + c if not transpose else c * n + r

        for r1 in range(n):
            for r2 in range(r1 + 1, (r1 // k + 1) * k):
                for c1 in range(n):
                    for c2 in range(n):
                        if c1 // k == c2 // k:
                            continue
                        a, b = solution[at(r1, c1)], solution[at(r1, c2)]
                        if solution[at(r2, c1)] == b and solution[at(r2, c2)] == a:
                            found.append(sorted({at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)}))
    return found


def wrong_given(puzzle, solution, rng, tries=1000):
    """The puzzle with one empty cell given a symbol that is not its solution's and clashes
    with no given: no solution, since the solution is unique."""
    n = side(puzzle)
    empties = [c for c, v in enumerate(puzzle) if v == 0]
    for _ in range(tries):
        c = rng.choice(empties)
        options = [v for v in range(1, n + 1) if v != solution[c] and all(puzzle[p] != v for p in peers(n, c))]
        if options:
            g = list(puzzle)
            g[c] = rng.choice(options)
            yield g


def line(puzzle, count, solution, check=True):
    p = text(puzzle) if isinstance(puzzle, list) else puzzle
    s = text(solution) if isinstance(solution, list) else solution
    if check:
        got, sol, _ = engine(p)
        assert got == count, (p, got, count)
        if count == 1:
            assert sol == s, (p, sol, s)
    if count != 1:
        s = s if count == 2 else ""
    return f"{p}:{count}:{s}"


def read_set(name, picks):
    with open(os.path.join(SETS, name)) as f:
        rows = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    rows = [r[:81] for r in rows if len(r) >= 81]
    return [rows[i * len(rows) // picks] for i in range(picks)], len(rows)


# --- 9x9 ---------------------------------------------------------------------------------


def make_9x9(rng):
    out = [
        "# 9x9 fixtures: one `puzzle:count:solution` per line (count = solutions up to 2; the",
        "# solution is empty when the count is 0, and empty here when it is 2).",
        "# Made by scripts/make-fixtures.py. Counts and solutions are the engine's; tests/fixtures.rs",
        "# checks every line against its own brute-force solver, and",
        "# `cargo run --release -p sudoku64-bench -- --verify-fixtures` against the `sudoku` crate.",
        "# The picked puzzles are every (len/20)-th line of tdoku's public benchmark sets as kept",
        "# in shared/puzzles (see its README): puzzles2_17_clue (Gordon Royle's 17-clue list),",
        "# puzzles3_magictour_top1465, puzzles6_forum_hardest_1106 and",
        "# puzzles5_forum_hardest_1905_11+ (Enjoy Sudoku forum), puzzles7_serg_benchmark.",
        "# Test data only: these lists are not part of the product.",
    ]
    seventeen, total = read_set("puzzles2_17_clue", 20)
    first = cells(seventeen[0])
    _, sol, _ = engine(seventeen[0])
    full = cells(sol)

    out.append("# full grid, one empty cell, two empty cells (different row, column and box)")
    out.append(line(full, 1, full))
    g = list(full)
    g[40] = 0
    out.append(line(g, 1, full))
    g[0] = 0
    out.append(line(g, 1, full))
    out.append("# a whole row empty, a whole box empty (each still one solution)")
    g = list(full)
    for c in range(9):
        g[36 + c] = 0
    out.append(line(g, 1, full))
    g = list(full)
    for c in (30, 31, 32, 39, 40, 41, 48, 49, 50):
        g[c] = 0
    out.append(line(g, 1, full))

    for name, label in [
        ("puzzles2_17_clue", "17-clue puzzles (easy: mostly singles)"),
        ("puzzles3_magictour_top1465", "magictour top1465 (moderately hard)"),
        ("puzzles6_forum_hardest_1106", "forum hardest 1106 (hard)"),
        ("puzzles5_forum_hardest_1905_11+", "forum hardest 1905 11+ (hard)"),
    ]:
        picks, total = read_set(name, 20)
        out.append(f"# {label}: lines i*{total}/20 of {name}, i = 0..19")
        for p in picks:
            count, s, _ = engine(p)
            assert count == 1, (name, p)
            out.append(f"{p}:1:{s}")

    picks, total = read_set("puzzles7_serg_benchmark", 20)
    out.append(f"# serg benchmark (several solutions each): lines i*{total}/20 of puzzles7_serg_benchmark")
    for p in picks:
        count, _, _ = engine(p)
        assert count == 2, p
        out.append(f"{p}:2:")

    out.append("# several solutions: the empty grid; a 17-clue puzzle less one clue (no 16-clue")
    out.append("# puzzle exists); the full grid less a deadly rectangle (a b / b a in two boxes)")
    out.append(line([0] * 81, 2, ""))
    g = list(first)
    g[[c for c, v in enumerate(g) if v][0]] = 0
    out.append(line(g, 2, ""))
    rect = rectangles(full)[0]
    g = list(full)
    for c in rect:
        g[c] = 0
    out.append(line(g, 2, ""))
    # The same rectangle blanked in the 17-clue puzzle's givens too: still several.
    g = list(first)
    for c in rect:
        g[c] = 0
    for c in range(81):
        if c not in rect and rng.random() < 0.5:
            g[c] = full[c]
    out.append(line(g, 2, ""))

    out.append("# no solution, givens without a clash: r1c1 sees all nine symbols in its row and column")
    g = [0] * 81
    for c in range(1, 9):
        g[c] = c
    g[27] = 9
    out.append(line(g, 0, ""))
    out.append("# no solution: no place for 1 in box 1 (rows 1 and 2 hold a 1; the box's row-3 cells are filled)")
    g = [0] * 81
    g[3] = 1
    g[9 + 6] = 1
    g[18], g[19], g[20] = 2, 3, 4
    out.append(line(g, 0, ""))
    out.append("# no solution, found by search: a hard puzzle with one empty cell given a wrong symbol")
    out.append("# (no clash, and the engine must guess before it finds the contradiction)")
    hard, _ = read_set("puzzles6_forum_hardest_1106", 40)
    made = 0
    for p in hard:
        pv = cells(p)
        _, s, _ = engine(p)
        sv = cells(s)
        for g in wrong_given(pv, sv, rng, tries=30):
            count, _, guesses = engine(text(g))
            assert count == 0
            if guesses >= 3:
                out.append(line(g, 0, "", check=False))
                made += 1
                break
        if made == 3:
            break
    assert made == 3
    return out


# --- small -------------------------------------------------------------------------------


def make_small(rng):
    out = [
        "# 1x1 and 4x4 fixtures: `puzzle:count:solution` (see 9x9.txt for the format).",
        "# Made by scripts/make-fixtures.py: unique puzzles from `sudoku64 generate --size 4`,",
        "# the others by hand or by random search. Every count was checked by brute force in the",
        "# script and is checked again by tests/fixtures.rs.",
        "# 1x1: empty and full",
        ".:1:1",
        "1:1:1",
    ]
    full = cells("1234341221434321")
    out.append("# 4x4: a full grid, one and three empty cells")
    out.append(line(full, 1, full))
    for blanks in ([5], [0, 6, 15]):
        g = list(full)
        for c in blanks:
            g[c] = 0
        out.append(line(g, 1, full))
    out.append("# 4x4 generated puzzles (seeds 1..8, each symmetry)")
    syms = ["none", "rot180", "rot90", "mirror", "diagonal"]
    for seed in range(1, 9):
        _, o, _ = run(["generate", "--size", "4", "--seed", str(seed), "--symmetry", syms[seed % 5]])
        p, s = o.split()
        assert brute_count(cells(p)) == 1
        out.append(line(p, 1, s))
    randoms = {0: [], 2: []}
    while min(len(v) for v in randoms.values()) < 3:
        g = [0] * 16
        for c in rng.sample(range(16), rng.choice([3, 4, 5, 6])):
            g[c] = rng.randint(1, 4)
        if clashes(g):
            continue
        count = brute_count(g)
        if count in randoms and len(randoms[count]) < 3:
            randoms[count].append(line(g, count, ""))
    out.append("# 4x4 several solutions: empty, a deadly rectangle, and random sparse givens")
    out.append(line([0] * 16, 2, ""))
    g = list(full)
    for c in rectangles(full)[0]:
        g[c] = 0
    assert brute_count(g) == 2
    out.append(line(g, 2, ""))
    out.extend(randoms[2])
    out.append("# 4x4 no solution: r1c1 sees 1 2 3 in its row and 4 in its column; no place for a")
    out.append("# 1 in box 1 (row 1 and column 1 hold a 1, r2c2 is filled); random givens that have none")
    g = cells(".123....4.......")
    out.append(line(g, 0, ""))
    g = cells("..1..2..1.......")
    assert not clashes(g) and brute_count(g) == 0
    out.append(line(g, 0, ""))
    out.extend(randoms[0])
    return out


# --- large -------------------------------------------------------------------------------


def make_large(rng):
    out = [
        "# 16x16 to 64x64 fixtures: `puzzle:count:solution` (see 9x9.txt for the format).",
        "# Made by scripts/make-fixtures.py from `sudoku64 generate --size N --seed S` (seeds below),",
        f"# with the generator of commit {COMMIT}: later generators may give other puzzles for these seeds.",
        "# Edited cases, whose counts follow from the unique puzzle they come from:",
        "# - no solution: one empty cell given a symbol other than the solution's, with no clash;",
        "# - several: the cells of a deadly rectangle of the solution (a b / b a in two boxes)",
        "#   blanked in the puzzle, so swapping them gives a second solution.",
        "# Counts were also computed by the engine when this file was made.",
    ]
    for n, seed in [(16, 1), (16, 2), (25, 1), (36, 1), (49, 1), (64, 1)]:
        _, o, _ = run(["generate", "--size", str(n), "--seed", str(seed)])
        p, s = o.split()
        out.append(f"# {n}x{n}, generate --size {n} --seed {seed}")
        out.append(line(p, 1, s))
        if n in (16, 25) and seed == 1:
            pv, sv = cells(p), cells(s)
            out.append(f"# {n}x{n}: the puzzle above with one wrong given (no solution)")
            out.append(line(next(wrong_given(pv, sv, rng)), 0, ""))
            out.append(f"# {n}x{n}: the puzzle above with a deadly rectangle blanked (several solutions)")
            rects = rectangles(sv)
            slow = []
            for rect in [rng.choice(rects)] + rng.sample(rects, len(rects)):
                g = list(pv)
                for c in rect:
                    g[c] = 0
                count, _, guesses = engine(text(g))
                assert count == 2
                if guesses < 5000:
                    out.append(line(g, 2, "", check=False))
                    break
                slow.append((guesses, text(g)))
            # Rectangles the engine finds slow: a few in slow.txt (out of the default run),
            # the worst one as a comment.
            runnable = [sg for sg in slow if sg[0] <= 1_000_000][:2]
            for guesses, g in runnable:
                SLOW.append(f"# {n}x{n}: generate --size {n} --seed {seed}, a deadly rectangle blanked;")
                SLOW.append(f"# the engine made {guesses} guesses when this file was written")
                SLOW.append(line(g, 2, "", check=False))
            if slow and max(slow)[0] > 1_000_000:
                guesses, g = max(slow)
                SLOW.append(f"# {n}x{n}, not run (the engine made {guesses} guesses): {g}")
    return out


COMMIT = subprocess.run(
    ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
).stdout.strip() or "unknown"

SLOW = [
    "# Fixtures that the engine solves correctly but slowly (millions of search nodes):",
    "# `puzzle:count:solution` as in large.txt, made by scripts/make-fixtures.py.",
    "# tests/fixtures.rs runs them only with `cargo test --test fixtures -- --ignored`.",
]


def make_slow(_rng):
    return SLOW


GOLDEN = [
    (4, 1, "none"), (9, 1, "none"), (9, 7, "rot180"), (16, 2, "none"), (25, 3, "none"),
    # Seed 1 at 16×16 needs the random retries and the logic-first rounds of exact checks.
    (16, 1, "none"), (25, 1, "rot180"),
]


def make_generated(_rng):
    out = [
        "# Golden generator output: `size:seed:symmetry:puzzle`, the puzzle that",
        "# `sudoku64 generate --size SIZE --seed SEED --symmetry SYMMETRY` prints (default target).",
        "# tests/generate.rs (host) and tests/wasm.rs (browser) must both reproduce it exactly.",
        "# Made by scripts/make-fixtures.py; regenerate with `--only generated` when the generator",
        "# or the solver's branch order changes on purpose.",
        f"# Written with the engine of commit {COMMIT}.",
    ]
    for n, seed, sym in GOLDEN:
        _, o, _ = run(["generate", "--size", str(n), "--seed", str(seed), "--symmetry", sym])
        out.append(f"{n}:{seed}:{sym}:{o.split()[0]}")
    return out


def main():
    global BIN
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=None)
    ap.add_argument("--only", choices=["9x9", "small", "large", "generated"])  # slow comes with large
    args = ap.parse_args()
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    BIN = args.bin or os.path.join(target, "release", "sudoku64")
    if not os.path.exists(BIN):
        sys.exit(f"{BIN} not found: run `cargo build --release` first")
    os.makedirs(DATA, exist_ok=True)
    makers = {
        "9x9": make_9x9,
        "small": make_small,
        "large": make_large,
        "slow": make_slow,
        "generated": make_generated,
    }
    for name, make in makers.items():
        if args.only and args.only != name and not (args.only == "large" and name == "slow"):
            continue
        lines = make(random.Random(20240601))
        with open(os.path.join(DATA, name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"tests/data/{name}.txt: {sum(1 for l in lines if not l.startswith('#'))} lines")


if __name__ == "__main__":
    main()
