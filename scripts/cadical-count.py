#!/usr/bin/env python3
"""Counts the solutions of Sudoku puzzles up to 2 with CaDiCaL: the benchmark reference.

Benchmark-only: never shipped, never needed by `npm start` or `npm test`. It needs the
`cadical` command (Debian package `cadical`).

    python3 scripts/cadical-count.py [--timeout S] [--full] [--minimal] FILE...

Each puzzle (one per line, the one-line form: `1`-`9`, `A`-`Z`, `a`-`z`, `@`, `&`, `*`
for symbols, `.` or `0` for empty; `#` lines and anything after a `:` or a space are
skipped) is written as a DIMACS CNF:

- variable x(r, c, s) says "row r, column c holds symbol s";
- each cell holds exactly one symbol, and each symbol is exactly once in each row,
  column and box: one clause for "at least one", and "at most one" as a sequential
  counter (Sinz 2005) over lists longer than 6, pairwise clauses below that;
- givens are unit clauses.

By default the encoding leaves out the variables that a given rules out directly (the
same symbol in the cell's row, column or box, or another symbol in a given cell), as
most Sudoku encoders do; `--full` keeps every variable. The count to 2 is two runs: the
first finds a solution; the second adds a clause that blocks that solution's symbols in
the empty cells and looks for another. Both runs count in the time.

Output: one line per puzzle, `LINE COUNT SECONDS` (COUNT is `?` when a run hit the
timeout), then a summary. `--minimal` adds, for unique puzzles, whether every clue is
needed (each clue removed in turn must allow a solution with another symbol there).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*"


def decode(text):
    """A puzzle line as (n, values), values 0 for empty; None for a line that is not one."""
    text = text.strip().split(":")[0].split(" ")[0]
    cells = len(text)
    n = int(round(cells ** 0.5))
    k = int(round(n ** 0.5))
    if n * n != cells or k * k != n or n < 1:
        return None
    values = []
    for ch in text:
        if ch in ".0":
            values.append(0)
        else:
            i = SYMBOLS.find(ch)
            if i < 0 or i >= n:
                return None
            values.append(i + 1)
    return n, values


class Cnf:
    def __init__(self):
        self.vars = 0
        self.clauses = []

    def new_var(self):
        self.vars += 1
        return self.vars

    def exactly_one(self, lits):
        if not lits:
            self.clauses.append([])
            return
        self.clauses.append(list(lits))
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

    def text(self, extra=()):
        lines = [f"p cnf {self.vars} {len(self.clauses) + len(extra)}"]
        for c in list(self.clauses) + list(extra):
            lines.append(" ".join(map(str, c)) + " 0")
        return "\n".join(lines) + "\n"


def encode(n, values, full):
    """The CNF of a puzzle and the map (cell, symbol) -> variable."""
    k = int(round(n ** 0.5))
    cnf = Cnf()
    units = []
    for i in range(n):
        units.append([i * n + j for j in range(n)])
        units.append([j * n + i for j in range(n)])
        br, bc = i // k * k, i % k * k
        units.append([(br + j // k) * n + bc + j % k for j in range(n)])
    unit_of = [[] for _ in range(n * n)]
    for u, cells in enumerate(units):
        for c in cells:
            unit_of[c].append(u)
    placed = [set() for _ in units]
    for c, v in enumerate(values):
        if v:
            for u in unit_of[c]:
                placed[u].add(v)
    var = {}
    for c, v in enumerate(values):
        for s in range(1, n + 1):
            if not full:
                if v and s != v:
                    continue
                if not v and any(s in placed[u] for u in unit_of[c]):
                    continue
            var[(c, s)] = cnf.new_var()
    for c, v in enumerate(values):
        cnf.exactly_one([var[(c, s)] for s in range(1, n + 1) if (c, s) in var])
        if v:
            cnf.clauses.append([var[(c, v)]])
    for cells in units:
        for s in range(1, n + 1):
            cnf.exactly_one([var[(c, s)] for c in cells if (c, s) in var])
    return cnf, var


def run(cnf_text, timeout):
    """(status, true variables, seconds): status 10 satisfiable, 20 not, 0 undecided."""
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
        f.write(cnf_text)
        path = f.name
    try:
        start = time.perf_counter()
        proc = subprocess.run(
            ["cadical", "-q", "-t", str(max(1, int(timeout))), path],
            capture_output=True,
            text=True,
        )
        took = time.perf_counter() - start
    finally:
        os.unlink(path)
    true = set()
    for line in proc.stdout.splitlines():
        if line.startswith("v "):
            true.update(int(x) for x in line[2:].split() if int(x) > 0)
    return proc.returncode, true, took


def count_to_two(n, values, timeout, full):
    """(count or None, seconds, solution line or None)."""
    start = time.perf_counter()
    cnf, var = encode(n, values, full)
    status, true, _ = run(cnf.text(), timeout)
    if status == 20:
        return 0, time.perf_counter() - start, None
    if status != 10:
        return None, time.perf_counter() - start, None
    solution = []
    for c in range(n * n):
        held = [s for s in range(1, n + 1) if (c, s) in var and var[(c, s)] in true]
        solution.append(held[0])
    block = [-var[(c, solution[c])] for c in range(n * n) if not values[c]]
    line = "".join(SYMBOLS[s - 1] for s in solution)
    if not block:
        return 1, time.perf_counter() - start, line
    left = timeout - (time.perf_counter() - start)
    if left <= 0:
        return None, time.perf_counter() - start, line
    status, _, _ = run(cnf.text([block]), left)
    took = time.perf_counter() - start
    return {10: 2, 20: 1}.get(status), took, line


def minimality(n, values, solution, timeout, full):
    """Whether every clue is needed: `minimal`, or the first clue that is not, or `?`."""
    for cell, v in enumerate(values):
        if not v:
            continue
        fewer = list(values)
        fewer[cell] = 0
        cnf, var = encode(n, fewer, full)
        status, _, _ = run(cnf.text([[-var[(cell, v)]]]), timeout)
        if status == 20:
            return f"not-minimal:cell-{cell}"
        if status != 10:
            return "minimality-undecided"
    return "minimal"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per puzzle")
    parser.add_argument("--full", action="store_true", help="keep every variable")
    parser.add_argument("--solutions", action="store_true", help="print the first solution too")
    parser.add_argument(
        "--minimal",
        action="store_true",
        help="also check that every clue is needed: without it, another solution exists",
    )
    args = parser.parse_args()
    for path in args.files:
        times, undecided = [], 0
        with open(path) as f:
            lines = f.read().splitlines()
        for number, text in enumerate(lines, 1):
            if text.startswith("#") or not text.strip():
                continue
            puzzle = decode(text)
            if puzzle is None:
                print(f"{path}:{number}: not a puzzle line", file=sys.stderr)
                continue
            count, took, line = count_to_two(*puzzle, args.timeout, args.full)
            times.append(took)
            undecided += count is None
            shown = "?" if count is None else count
            extra = f" {line}" if args.solutions and line else ""
            if args.minimal and count == 1:
                extra += " " + minimality(*puzzle, line, args.timeout, args.full)
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
