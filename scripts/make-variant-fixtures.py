#!/usr/bin/env python3
"""Writes the variant fixtures in tests/data/ (jigsaw.txt, x.txt, windoku.txt), counting
every puzzle with a brute-force solver written here, which shares no code with the engine.

    python3 scripts/make-variant-fixtures.py --solo IDS.tsv [--bin target/release/sudoku64]

Lines are `puzzle:count:solution:layout` (see tests/fixtures.rs): the puzzle and solution
in the one-line form, the count of solutions up to 2, and the layout as space-separated
words: `x` (both main diagonals are units), `windoku` (the windows between the boxes are
units), `regions=...` (a jigsaw: each cell's region as a symbol of the one-line alphabet,
counted from 1). An empty layout is the plain grid.

Sources:
- `--solo IDS.tsv`: game IDs made by Simon Tatham's Solo generator (solo.c of his puzzle
  collection, MIT licence), one a line as `PARAMS<TAB>SEED<TAB>ID<TAB>SOLUTION`. Solo IDs
  are decoded here (givens, jigsaw edges, the `x` flag) without the engine's reader.
- windoku (which Solo does not make): puzzles from `sudoku64 generate --variant windoku`,
  counted here all the same.

Each source puzzle also gives edited cases: a given taken away (often two solutions), and
a given changed (often none).
"""

import argparse
import random
import subprocess
import sys
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*"


# --- layouts ---------------------------------------------------------------------------


def units_of(n, regions, x, windoku):
    """Lists of cells: rows, columns, regions, then diagonals and windows."""
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    for k in sorted(set(regions)):
        units.append([i for i in range(n * n) if regions[i] == k])
    if x:
        units.append([i * n + i for i in range(n)])
        units.append([i * n + n - 1 - i for i in range(n)])
    if windoku:
        k = round(n ** 0.5)
        for wr in range(k - 1):
            for wc in range(k - 1):
                top, left = 1 + wr * (k + 1), 1 + wc * (k + 1)
                units.append([(top + i // k) * n + left + i % k for i in range(n)])
    return units


def boxes(n, r, c):
    """Region per cell of r-row by c-column boxes."""
    return [(i // n) // r * (n // c) + (i % n) // c for i in range(n * n)]


# --- the brute-force counter -------------------------------------------------------------


def solve(n, units, cells, limit=2):
    """Up to `limit` solutions: propagation of singles, then the cell with fewest options."""
    peers = [set() for _ in range(n * n)]
    for u in units:
        for a in u:
            peers[a].update(u)
    for a in range(n * n):
        peers[a].discard(a)
    peers = [list(p) for p in peers]
    full = (1 << n) - 1
    cand = [full] * (n * n)
    for i, v in enumerate(cells):
        if v:
            if not cand[i] & (1 << (v - 1)):
                return []
            cand[i] = 1 << (v - 1)
            for p in peers[i]:
                if cells[p] == v:
                    return []
    found = []

    def assign(cand, i, bit):
        stack = [(i, bit)]
        while stack:
            i, bit = stack.pop()
            if cand[i] & bit == 0:
                return False
            cand[i] = bit
            for p in peers[i]:
                if cand[p] & bit:
                    cand[p] &= ~bit
                    if cand[p] == 0:
                        return False
                    if cand[p] & (cand[p] - 1) == 0:
                        stack.append((p, cand[p]))
        return True

    def search(cand):
        if len(found) >= limit:
            return
        # Hidden singles, to keep the tree small.
        changed = True
        while changed:
            changed = False
            for u in units:
                for b in range(n):
                    bit = 1 << b
                    places = [i for i in u if cand[i] & bit]
                    if not places:
                        return
                    if len(places) == 1 and cand[places[0]] != bit:
                        if not assign(cand, places[0], bit):
                            return
                        changed = True
        best = None
        for i in range(n * n):
            m = cand[i]
            if m & (m - 1):
                k = bin(m).count("1")
                if best is None or k < best[0]:
                    best = (k, i)
        if best is None:
            found.append([m.bit_length() for m in cand])
            return
        i = best[1]
        m = cand[i]
        while m:
            bit = m & -m
            m ^= bit
            trial = cand[:]
            if assign(trial, i, bit):
                search(trial)
            if len(found) >= limit:
                return

    start = cand[:]
    for i, v in enumerate(cells):
        if v and not assign(start, i, 1 << (v - 1)):
            return []
    search(start)
    return found


# --- Solo game IDs, read here ---------------------------------------------------------------


def read_solo(game_id):
    """(n, regions, x, cells) of a Solo ID: `CxR[x]:DESC` or `Nj[x]:GIVENS,EDGES`."""
    params, desc = game_id.split(":", 1)
    x = params.endswith("x")
    if x:
        params = params[:-1]
    if params.endswith("j"):
        n = int(params[:-1])
        givens, edges = desc.split(",")
        regions = None
    else:
        c, r = (int(t) for t in params.split("x"))
        n = c * r
        # Solo's `CxR` boxes are C rows high and R columns wide.
        regions = boxes(n, c, r)
        givens, edges = desc, None
    cells = []
    i = 0
    while i < len(givens):
        ch = givens[i]
        if ch == "_":
            i += 1
        elif ch.isalpha():
            cells += [0] * (ord(ch) - ord("a") + 1)
            i += 1
        else:
            j = i
            while j < len(givens) and givens[j].isdigit():
                j += 1
            cells.append(int(givens[i:j]))
            i = j
    assert len(cells) == n * n, game_id
    if edges is not None:
        regions = regions_from_edges(n, edges)
    return n, regions, x, cells


def regions_from_edges(n, edges):
    """Solo's jigsaw edges: the n(n-1) vertical edges row by row, then the n(n-1) horizontal
    ones column by column; `_` no more edges-free positions, a-z 1-26 of them, each run
    but `z` ending in an edge, as Solo's reader takes them."""
    count = 2 * n * (n - 1)
    wall = []
    for ch in edges:
        run = 0 if ch == "_" else ord(ch) - ord("a") + 1
        wall += [False] * run
        if ch != "z":
            wall.append(True)
    wall = wall[:count] + [False] * max(0, count - len(wall))
    vertical = lambda r, c: wall[r * (n - 1) + c]  # between (r, c) and (r, c+1)
    horizontal = lambda r, c: wall[n * (n - 1) + c * (n - 1) + r]  # (r, c) and (r+1, c)
    regions = [-1] * (n * n)
    k = 0
    for start in range(n * n):
        if regions[start] >= 0:
            continue
        regions[start] = k
        stack = [start]
        while stack:
            i = stack.pop()
            r, c = divmod(i, n)
            nexts = []
            if c + 1 < n and not vertical(r, c):
                nexts.append(i + 1)
            if c > 0 and not vertical(r, c - 1):
                nexts.append(i - 1)
            if r + 1 < n and not horizontal(r, c):
                nexts.append(i + n)
            if r > 0 and not horizontal(r - 1, c):
                nexts.append(i - n)
            for j in nexts:
                if regions[j] < 0:
                    regions[j] = k
                    stack.append(j)
        k += 1
    return regions


# --- writing ----------------------------------------------------------------------------------


def line_of(cells):
    return "".join("." if v == 0 else ALPHABET[v - 1] for v in cells)


def layout_words(n, regions, x, windoku, jigsaw):
    words = []
    if jigsaw:
        words.append("regions=" + "".join(ALPHABET[k] for k in regions))
    if x:
        words.append("x")
    if windoku:
        words.append("windoku")
    return " ".join(words)


def cases(n, regions, x, windoku, cells, rng):
    """The puzzle and its edits, each as (cells, count, solution)."""
    units = units_of(n, regions, x, windoku)
    out = []
    found = solve(n, units, cells)
    out.append((cells, len(found), found[0] if len(found) == 1 else None))
    givens = [i for i, v in enumerate(cells) if v]
    rng.shuffle(givens)
    for i in givens[:6]:
        fewer = cells[:]
        fewer[i] = 0
        found = solve(n, units, fewer)
        if len(found) == 2:
            out.append((fewer, 2, None))
            break
    # A given changed to a symbol none of its units holds (fixture givens never clash).
    for i in givens:
        seen = {cells[j] for u in units if i in u for j in u}
        free = [v for v in range(1, n + 1) if v not in seen]
        if free:
            changed = cells[:]
            changed[i] = rng.choice(free)
            found = solve(n, units, changed)
            out.append((changed, len(found), found[0] if len(found) == 1 else None))
            break
    return out


def write(path, header, rows):
    with open(path, "w") as f:
        f.write(header)
        for comment, n, regions, x, windoku, jigsaw, cells, rng in rows:
            f.write(f"# {comment}\n")
            layout = layout_words(n, regions, x, windoku, jigsaw)
            for puzzle, count, solution in cases(n, regions, x, windoku, cells, rng):
                sol = line_of(solution) if solution else ""
                f.write(f"{line_of(puzzle)}:{count}:{sol}:{layout}\n")


HEADER = """# {what} fixtures: `puzzle:count:solution:layout` (see tests/fixtures.rs), written by
# scripts/make-variant-fixtures.py. {source}
# Counts (up to 2) and solutions come from that script's own brute-force solver, which
# reads the layout words and shares no code with the engine. After each source puzzle come
# its edits: a given taken away (two solutions) and a given changed (mostly none).
"""

SOLO = """The puzzles come from Simon Tatham's Solo generator (solo.c of
# his puzzle collection, MIT licence, chrisboyle/sgtpuzzles at commit d1e10eb): the comment
# before each names Solo's params (difficulty: db Basic, di Intermediate, da Advanced,
# de Extreme, du Unreasonable) and the seed string."""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--solo", required=True, help="PARAMS SEED ID SOLUTION lines from Solo")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "sudoku64"))
    ap.add_argument("--only", choices=["solo", "windoku"], help="write only these files")
    args = ap.parse_args()
    rng = random.Random(33)
    jigsaw, x = [], []
    for line in open(args.solo):
        params, seed, game_id = line.split("\t")[:3]
        n, regions, has_x, cells = read_solo(game_id)
        solution = line.split("\t")[3].strip()
        assert solve(n, units_of(n, regions, has_x, False), cells) == [
            [ALPHABET.index(ch) + 1 for ch in solution]
        ] or n > 9, f"{game_id}: not Solo's one solution"
        is_jigsaw = game_id.split(":")[0].rstrip("x").endswith("j")
        row = (f"{params}, seed {seed}", n, regions, has_x, False, is_jigsaw, cells, rng)
        (jigsaw if is_jigsaw else x).append(row)
    if args.only == "windoku":
        jigsaw = x = None
    if jigsaw is not None:
        write_solo(jigsaw, x)
    if args.only != "solo":
        write_windoku(args.bin, rng)


def write_solo(jigsaw, x):
    write(
        os.path.join(DATA, "jigsaw.txt"),
        HEADER.format(what="Jigsaw (and jigsaw X)", source=SOLO),
        jigsaw,
    )
    write(os.path.join(DATA, "x.txt"), HEADER.format(what="X-Sudoku", source=SOLO), x)


def write_windoku(binary, rng):
    windoku = []
    for size, extra, seeds in ((4, "", range(1, 4)), (9, "", range(1, 7)), (9, ",x", range(7, 10))):
        for seed in seeds:
            out = subprocess.run(
                [binary, "generate", "--size", str(size), "--variant", "windoku" + extra,
                 "--seed", str(seed), "--csv"],
                capture_output=True, text=True, check=True,
            ).stdout.splitlines()
            fields = out[1].split(",")
            puzzle = fields[6]
            cells = [0 if ch == "." else ALPHABET.index(ch) + 1 for ch in puzzle]
            k = round(size ** 0.5)
            row = (f"sudoku64 generate --size {size} --variant windoku{extra} --seed {seed}",
                   size, boxes(size, k, k), bool(extra), True, False, cells, rng)
            windoku.append(row)
    source = """The puzzles come from `sudoku64 generate` (Solo has no windoku):
# the comment before each names the command."""
    write(os.path.join(DATA, "windoku.txt"), HEADER.format(what="Windoku (and windoku X)", source=source), windoku)


if __name__ == "__main__":
    sys.exit(main())
