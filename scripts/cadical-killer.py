#!/usr/bin/env python3
"""Counts the solutions of killer Sudoku puzzles up to 2 with CaDiCaL: the benchmark reference.

Benchmark-only: never shipped, never needed by `npm start` or `npm test`. It needs the
`cadical` command (Debian package `cadical`).

    python3 scripts/cadical-killer.py [--timeout S] [--solutions] FILE...

Each puzzle is a Solo game ID (`3x3k:GIVENS,CAGE-EDGES,SUMS`, jigsaw killers
`9jk:GIVENS,REGION-EDGES,CAGE-EDGES,SUMS`, `x` in the params for the diagonals), the first
word of its line; `#` lines and blank lines are skipped, so tests/data/killer.txt is read
as it is. IDs are decoded here, without the engine's reader. As Solo has them, every cell
sits in a group of the cage edges; a group of one cell with no sum is in no cage, and a
group of several cells with no sum is a cage that only forbids repeats.

The puzzle is written as a DIMACS CNF:

- variable x(r, c, s) says "row r, column c holds digit s";
- each cell holds exactly one digit, and each digit is exactly once in each row, column,
  box (or jigsaw region) and, with `x`, each main diagonal: one clause for "at least one",
  and "at most one" as a sequential counter (Sinz 2005) over lists longer than 6, pairwise
  clauses below that;
- givens are unit clauses;
- each cage holds each digit at most once; a cage with a sum has a selector variable for
  each set of distinct digits of its size that makes the sum, exactly one selector is
  true, a true selector puts each of its digits in some cell of the cage (one clause per
  digit) and keeps every other digit out of the cage (a binary clause per digit and
  cell). A sum that no set makes is an empty clause.

The count to 2 is two runs: the first finds a solution; the second adds a clause that
blocks that solution's digits in the empty cells and looks for another. Both runs count
in the time (encoding included).

Output: one line per puzzle, `LINE COUNT SECONDS` (COUNT is `?` when a run hit the
timeout; `--solutions` adds the first solution), then a summary with the median and the
worst time.
"""

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Killer:
    """A decoded killer: side n, givens (0 for empty), units, cages as (cells, sum or None)."""

    def __init__(self, n, givens, units, cages, params):
        self.n = n
        self.givens = givens
        self.units = units
        self.cages = cages
        self.params = params


def read_params(text):
    """Solo params as (c, r, jigsaw, xtype, killer): c*r is the side; boxes c rows by r columns."""
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    if i == 0:
        raise ValueError(f"params '{text}' do not start with a number")
    c = r = int(text[:i])
    seen_r = False
    if i < len(text) and text[i] == "x" and i + 1 < len(text) and text[i + 1].isdigit():
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        r = int(text[i + 1 : j])
        seen_r = True
        i = j
    jigsaw = xtype = killer = False
    for ch in text[i:]:
        if ch == "j":
            if seen_r:
                c *= r
            r = 1
            jigsaw = True
        elif ch == "x":
            xtype = True
        elif ch == "k":
            killer = True
    return c, r, jigsaw, xtype, killer


def read_grid(text, area, what):
    """A Solo grid section: letters are runs of empty cells, numbers are values, `_` parts them."""
    values = []
    i = 0
    while i < len(text):
        ch = text[i]
        if "a" <= ch <= "z":
            values.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            values.append(int(text[i:j]))
            i = j
        else:
            raise ValueError(f"{what}: unexpected '{ch}' at {i}")
    if len(values) != area:
        raise ValueError(f"{what}: {len(values)} cells, not {area}")
    return values


def edge_cells(pos, n):
    """The two cells either side of Solo's edge number pos (vertical lines, then horizontal)."""
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x = pos // (n - 1) - n
    y = pos % (n - 1)
    return y * n + x, (y + 1) * n + x


def read_edges(text, n, what):
    """A Solo edge section as a group label per cell (the smallest cell of its group)."""
    parent = list(range(n * n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pos = 0
    total = 2 * n * (n - 1)
    for ch in text:
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
        else:
            raise ValueError(f"{what}: unexpected '{ch}'")
        for _ in range(run):
            if pos >= total:
                raise ValueError(f"{what}: too many edges")
            a, b = (find(v) for v in edge_cells(pos, n))
            parent[max(a, b)] = min(a, b)
            pos += 1
        if run != 26:
            pos += 1
    if pos != total + 1:
        raise ValueError(f"{what}: {pos} edge places, not {total + 1}")
    return [find(cell) for cell in range(n * n)]


def decode_id(text):
    """A Solo killer game ID as a Killer; ValueError says what is wrong."""
    if ":" not in text:
        raise ValueError("no ':' between params and description")
    params, desc = text.split(":", 1)
    c, r, jigsaw, xtype, killer = read_params(params)
    n = c * r
    area = n * n
    sections = desc.split(",")
    wanted = 1 + int(jigsaw) + 2 * int(killer)
    if len(sections) != wanted:
        raise ValueError(f"{len(sections)} sections, not {wanted}")
    givens = read_grid(sections[0], area, "givens")
    if any(v > n for v in givens):
        raise ValueError("a given is larger than the side")
    units = [[y * n + x for x in range(n)] for y in range(n)]
    units += [[y * n + x for y in range(n)] for x in range(n)]
    if jigsaw:
        regions = read_edges(sections[1], n, "regions")
        for label in sorted(set(regions)):
            units.append([cell for cell in range(area) if regions[cell] == label])
    else:
        for by in range(0, n, c):
            for bx in range(0, n, r):
                units.append([(by + i) * n + bx + j for i in range(c) for j in range(r)])
    if xtype:
        units.append([i * n + i for i in range(n)])
        units.append([i * n + n - 1 - i for i in range(n)])
    cages = []
    if killer:
        labels = read_edges(sections[-2], n, "cages")
        sums = read_grid(sections[-1], area, "sums")
        for label in sorted(set(labels)):
            cells = [cell for cell in range(area) if labels[cell] == label]
            marked = [sums[cell] for cell in cells if sums[cell]]
            if len(marked) > 1:
                raise ValueError(f"cage at cell {cells[0]} has {len(marked)} sums")
            total = marked[0] if marked else None
            if len(cells) == 1 and total is None:
                continue
            cages.append((cells, total))
    return Killer(n, givens, units, cages, params)


def sum_sets(n, size, total):
    """The sets of `size` distinct digits 1..n adding up to total."""
    return [s for s in itertools.combinations(range(1, n + 1), size) if sum(s) == total]


class Cnf:
    def __init__(self):
        self.vars = 0
        self.clauses = []

    def new_var(self):
        self.vars += 1
        return self.vars

    def at_most_one(self, lits):
        if len(lits) <= 6:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.clauses.append([-lits[i], -lits[j]])
            return
        # Sequential counter: s[i] says "one of lits[0..=i] is true".
        s = [self.new_var() for _ in range(len(lits) - 1)]
        self.clauses.append([-lits[0], s[0]])
        for i in range(1, len(lits) - 1):
            self.clauses.append([-lits[i], s[i]])
            self.clauses.append([-s[i - 1], s[i]])
            self.clauses.append([-lits[i], -s[i - 1]])
        self.clauses.append([-lits[-1], -s[-1]])

    def exactly_one(self, lits):
        self.clauses.append(list(lits))
        self.at_most_one(lits)

    def text(self, extra=()):
        lines = [f"p cnf {self.vars} {len(self.clauses) + len(extra)}"]
        for c in list(self.clauses) + list(extra):
            lines.append(" ".join(map(str, c)) + " 0")
        return "\n".join(lines) + "\n"


def encode(puzzle):
    """The CNF of a killer and its variables: var[cell][digit - 1]."""
    n = puzzle.n
    cnf = Cnf()
    var = [[cnf.new_var() for _ in range(n)] for _ in range(n * n)]
    for cell in range(n * n):
        cnf.exactly_one(var[cell])
        if puzzle.givens[cell]:
            cnf.clauses.append([var[cell][puzzle.givens[cell] - 1]])
    for cells in puzzle.units:
        for d in range(n):
            cnf.exactly_one([var[cell][d] for cell in cells])
    for cells, total in puzzle.cages:
        for d in range(n):
            cnf.at_most_one([var[cell][d] for cell in cells])
        if total is None:
            continue
        sets = sum_sets(n, len(cells), total)
        selectors = [cnf.new_var() for _ in sets]
        if not selectors:
            cnf.clauses.append([])
            continue
        cnf.exactly_one(selectors)
        for chosen, digits in zip(selectors, sets):
            for d in range(1, n + 1):
                if d in digits:
                    cnf.clauses.append([-chosen] + [var[cell][d - 1] for cell in cells])
                else:
                    for cell in cells:
                        cnf.clauses.append([-chosen, -var[cell][d - 1]])
    return cnf, var


def run(cnf_text, timeout):
    """(status, true variables): status 10 satisfiable, 20 not, 0 undecided."""
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
        f.write(cnf_text)
        path = f.name
    try:
        proc = subprocess.run(
            ["cadical", "-q", "-t", str(max(1, int(timeout))), path],
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(path)
    true = set()
    for line in proc.stdout.splitlines():
        if line.startswith("v "):
            true.update(int(x) for x in line[2:].split() if int(x) > 0)
    return proc.returncode, true


def count_to_two(puzzle, timeout):
    """(count or None when undecided, seconds, first solution as a one-line grid or None)."""
    start = time.perf_counter()
    n = puzzle.n
    cnf, var = encode(puzzle)
    status, true = run(cnf.text(), timeout)
    if status == 20:
        return 0, time.perf_counter() - start, None
    if status != 10:
        return None, time.perf_counter() - start, None
    solution = []
    for cell in range(n * n):
        held = [d for d in range(1, n + 1) if var[cell][d - 1] in true]
        if len(held) != 1:
            raise RuntimeError(f"CaDiCaL's model puts {held} in cell {cell}")
        solution.append(held[0])
    line = "".join(SYMBOLS[d - 1] for d in solution)
    block = [-var[cell][solution[cell] - 1] for cell in range(n * n) if not puzzle.givens[cell]]
    if not block:
        return 1, time.perf_counter() - start, line
    left = timeout - (time.perf_counter() - start)
    if left <= 0:
        return None, time.perf_counter() - start, line
    status, _ = run(cnf.text([block]), left)
    return {10: 2, 20: 1}.get(status), time.perf_counter() - start, line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--solutions", action="store_true", help="print the first solution too")
    args = parser.parse_args()
    for path in args.files:
        times, undecided = [], 0
        with open(path) as f:
            lines = f.read().splitlines()
        for number, text in enumerate(lines, 1):
            if text.startswith("#") or not text.strip():
                continue
            try:
                puzzle = decode_id(text.split()[0])
            except ValueError as e:
                print(f"{path}:{number}: not a Solo killer ID: {e}", file=sys.stderr)
                continue
            count, took, line = count_to_two(puzzle, args.timeout)
            times.append(took)
            undecided += count is None
            shown = "?" if count is None else count
            extra = f" {line}" if args.solutions and line else ""
            print(f"{number} {shown} {took:.3f}{extra}", flush=True)
        if times:
            print(
                f"# {path}: {len(times)} puzzles, {len(times) - undecided} decided, "
                f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
                f"total {sum(times):.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
