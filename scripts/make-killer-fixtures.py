#!/usr/bin/env python3
"""Writes tests/data/killer.txt, the killer Sudoku fixtures, answering every puzzle twice: by
a backtracking counter written here and by CaDiCaL (scripts/cadical-killer.py). Neither
shares code with the engine; the script stops with a message when they disagree.

    python3 scripts/make-killer-fixtures.py --solo BIN [--out tests/data/killer.txt]

BIN is the command-line generator around Simon Tatham's Solo built by
scripts/solo-killer/build.sh. It needs the `cadical` command (Debian package `cadical`).

Lines are `ID<TAB>COUNT<TAB>SOLUTION<TAB>NOTE`: a Solo game ID, the number of solutions up
to 2, a solution as a one-line grid (the only one when the count is 1; `-` when there is
none) and where the puzzle comes from. Both methods read the IDs with the decoder of
scripts/cadical-killer.py; the script checks that decoder against Solo: Solo's solution
must keep every decoded unit and cage, and each ID must write back as Solo wrote it.

Sources:

- Solo's killers at its four killer grades (ksingle, kminmax, ksums, kintersect) for 9×9
  (`3x3k`, at Solo's Trivial and Unreasonable difficulties), 6×6, 4×4, killer X and
  jigsaw killer. Each must have exactly one solution, Solo's.
- Edits of the first puzzle of each kind and grade: a cage's sum up by one and another's
  down by one, so that the sums still add up to the grid's total (the first of a few pairs
  tried that leaves no solution), two touching cages with distinct digits merged
  with their sums added, and a cage's sum taken away (each the first of a few tried that
  leaves two or more solutions, else the first tried).
"""

import argparse
import importlib.util
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

spec = importlib.util.spec_from_file_location(
    "cadical_killer", os.path.join(ROOT, "scripts", "cadical-killer.py")
)
ck = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ck)

# (params, killer grade, how many, first seed): Solo's puzzle i has seed first + i.
SOLO = [
    ("3x3k", "kminmax", 2, 1),
    ("3x3k", "ksums", 3, 1),
    ("3x3k", "kintersect", 3, 1),
    ("3x3kdu", "ksingle", 2, 1),
    ("3x3kdu", "kminmax", 2, 1),
    ("3x3kdu", "ksums", 2, 1),
    ("3x3kdu", "kintersect", 2, 1),
    ("2x3k", "ksingle", 2, 1),
    ("2x3k", "kminmax", 2, 1),
    ("2x3k", "ksums", 2, 1),
    ("2x3k", "kintersect", 2, 1),
    ("2x2k", "ksingle", 2, 1),
    ("2x2k", "kminmax", 2, 1),
    ("2x2k", "ksums", 2, 1),
    ("2x2k", "kintersect", 2, 1),
    ("3x3xk", "ksums", 2, 1),
    ("3x3xk", "kintersect", 2, 1),
    ("9jk", "ksums", 1, 1),
    ("9jk", "kintersect", 2, 1),
]

HEADER = """\
# Killer Sudoku fixtures, written by scripts/make-killer-fixtures.py, one a line:
# `ID<TAB>COUNT<TAB>SOLUTION<TAB>NOTE`. ID is a Solo game ID (`3x3k:GIVENS,CAGE-EDGES,SUMS`;
# `9jk:` adds jigsaw region edges before the cages, `x` the diagonals); COUNT the number of
# solutions up to 2; SOLUTION a solution as a one-line grid (the only one when COUNT is 1), `-`
# when there is none; NOTE the source. Puzzles noted `solo` were made by Simon Tatham's Solo
# generator (solo.c of his Portable Puzzle Collection, MIT licence, as kept in the
# chrisboyle/sgtpuzzles repository at commit d1e10eb) with its params, its killer grade
# (ksingle, kminmax, ksums, kintersect) and the seed string; `edited` ones change one of those.
# Every count was found twice, by a backtracking counter and by CaDiCaL, which agreed.
"""


# ---------------------------------------------------------------------------
# Writing Solo IDs (for the edited puzzles).


def write_grid(values):
    """A Solo grid section: runs of zeros as letters, numbers parted by `_`."""
    out = []
    run = 0
    for v in values + [-1]:
        if v == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") - 1 + step))
                run -= step
        elif out and v > 0:
            out.append("_")
        if v > 0:
            out.append(str(v))
        run = 0
    return "".join(out)


def write_edges(labels, n):
    """A Solo edge section: the number of non-edges before each edge, `z` for 25 and no edge."""
    out = []
    run = 0
    total = 2 * n * (n - 1)
    for pos in range(total + 1):
        if pos == total:
            edge = True
        else:
            a, b = ck.edge_cells(pos, n)
            edge = labels[a] != labels[b]
        if not edge:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)


def split_id(text):
    """(params, givens, regions section or None, cage labels, sums) of a killer ID."""
    params, desc = text.split(":", 1)
    puzzle = ck.decode_id(text)
    n = puzzle.n
    sections = desc.split(",")
    labels = ck.read_edges(sections[-2], n, "cages")
    sums = ck.read_grid(sections[-1], n * n, "sums")
    regions = sections[1] if len(sections) == 4 else None
    return params, sections[0], regions, labels, sums, n


def join_id(params, givens, regions, labels, sums, n):
    parts = [givens] + ([regions] if regions is not None else [])
    parts += [write_edges(labels, n), write_grid(sums)]
    return f"{params}:{','.join(parts)}"


def place(cell, n):
    return f"r{cell // n + 1}c{cell % n + 1}"


def cage_groups(labels, sums):
    """Each cage group as (first cell, cells, sum or 0)."""
    groups = {}
    for cell, label in enumerate(labels):
        groups.setdefault(label, []).append(cell)
    out = []
    for cells in groups.values():
        total = sum(sums[c] for c in cells)
        out.append((cells[0], cells, total))
    return sorted(out)


def touching(a_cells, b_cells, n):
    return any(
        abs(x - y) == n or (abs(x - y) == 1 and x // n == y // n) for x in a_cells for y in b_cells
    )


def pick(candidates, wanted, tries=8):
    """The first of up to `tries` candidates (made lazily) whose count is `wanted`, else the first.

    Each candidate is a function giving (ID, note); the answer is (ID, count, line, note)."""
    first = None
    for make in candidates[:tries]:
        text, note = make()
        found, line = answer(text, note)
        if first is None:
            first = (text, found, line, note)
        if found == wanted:
            return text, found, line, note
    return first


def edits(text, note, solution, rng):
    """Edited puzzles from one Solo killer, answered: one sum up by one and another down by
    one (tried for no solution), two touching cages with distinct digits merged and their
    sums added (tried for two solutions), a cage's sum taken away (tried for two)."""
    params, givens, regions, labels, sums, n = split_id(text)
    groups = [g for g in cage_groups(labels, sums) if g[2] and len(g[1]) >= 2]
    out = []

    def changed_sums(up, down):
        changed = list(sums)
        changed[up[0]] += 1
        changed[down[0]] -= 1
        return (
            join_id(params, givens, regions, labels, changed, n),
            f"edited: sum of cage at {place(up[0], n)} +1 and of cage at {place(down[0], n)} -1 "
            f"from {note}",
        )

    # Solo cages every cell, so one sum changed alone breaks the grid's total, which a
    # reader may refuse; a second cage changed the other way keeps it.
    def most(g):
        return sum(range(n - len(g[1]) + 1, n + 1))

    def least(g):
        return sum(range(1, len(g[1]) + 1))

    ups = [g for g in groups if g[2] < most(g)]
    downs = [g for g in groups if g[2] > least(g)]
    changes = [(u, d) for u in ups for d in downs if u[0] != d[0]]
    rng.shuffle(changes)
    out.append(pick([lambda c=c: changed_sums(*c) for c in changes], 0))

    def merged(a, b):
        a_first, _, a_total = a
        b_first, b_cells, b_total = b
        joined = list(labels)
        for cell in b_cells:
            joined[cell] = labels[a_first]
        new_sums = list(sums)
        new_sums[a_first] = a_total + b_total
        new_sums[b_first] = 0
        return (
            join_id(params, givens, regions, joined, new_sums, n),
            f"edited: cages at {place(a_first, n)} and {place(b_first, n)} merged, "
            f"sums added ({a_total + b_total}), from {note}",
        )

    pairs = []
    for a in groups:
        for b in groups:
            if b[0] <= a[0] or len(a[1]) + len(b[1]) > n or not touching(a[1], b[1], n):
                continue
            digits = [solution[c] for c in a[1] + b[1]]
            if len(set(digits)) == len(digits):
                pairs.append((a, b))
    rng.shuffle(pairs)
    if pairs:
        out.append(pick([lambda p=p: merged(*p) for p in pairs], 2))

    def lost_sum(group):
        first, _, total = group
        lost = list(sums)
        lost[first] = 0
        return (
            join_id(params, givens, regions, labels, lost, n),
            f"edited: sum of cage at {place(first, n)} ({total}) removed from {note}",
        )

    order = list(groups)
    rng.shuffle(order)
    order.sort(key=lambda g: -len(g[1]))
    out.append(pick([lambda g=g: lost_sum(g) for g in order], 2))
    return out


# ---------------------------------------------------------------------------
# The backtracking counter: candidates as bit masks, singles, hidden singles, and for each
# cage with a sum the digits that some set of distinct digits making the rest of it allows.


class Brute:
    def __init__(self, puzzle):
        n = self.n = puzzle.n
        area = n * n
        self.full = (1 << n) - 1
        self.units = puzzle.units
        self.cages = [(cells, total) for cells, total in puzzle.cages]
        peers = [set() for _ in range(area)]
        for cells in self.units:
            for a in cells:
                peers[a].update(cells)
        for cells, _ in self.cages:
            for a in cells:
                peers[a].update(cells)
        for a in range(area):
            peers[a].discard(a)
        self.peers = [sorted(p) for p in peers]
        self.givens = puzzle.givens
        self.memo = {}
        self.nodes = 0

    def allowed(self, k, rest, avail):
        """The union of k-sets of distinct digits in avail adding up to rest (0: none)."""
        key = (k, rest, avail)
        if key in self.memo:
            return self.memo[key]
        if k == 0:
            result = -1 if rest == 0 else 0  # -1: the empty set works
        else:
            result = 0
            found = False
            for d in range(1, self.n + 1):
                bit = 1 << (d - 1)
                if not avail & bit or d > rest:
                    continue
                # Take d as the smallest digit of the set; the others are larger.
                higher = avail & ~((bit << 1) - 1)
                sub = self.allowed(k - 1, rest - d, higher)
                if sub:
                    found = True
                    result |= bit | (sub if sub != -1 else 0)
            if not found:
                result = 0
        self.memo[key] = result
        return result

    def propagate(self, cand):
        n = self.n
        while True:
            changed = False
            for a, m in enumerate(cand):
                if m == 0:
                    return False
                if m & (m - 1) == 0:
                    for b in self.peers[a]:
                        if cand[b] & m:
                            cand[b] &= ~m
                            if cand[b] == 0:
                                return False
                            changed = True
            for cells, total in self.cages:
                if total is None:
                    continue
                fixed_sum, fixed_mask, open_cells, open_mask = 0, 0, [], 0
                for a in cells:
                    m = cand[a]
                    if m & (m - 1) == 0:
                        fixed_sum += m.bit_length()
                        fixed_mask |= m
                    else:
                        open_cells.append(a)
                        open_mask |= m
                if not open_cells:
                    if fixed_sum != total:
                        return False
                    continue
                ok = self.allowed(len(open_cells), total - fixed_sum, open_mask & ~fixed_mask)
                if ok == 0:
                    return False
                for a in open_cells:
                    if cand[a] & ~ok:
                        cand[a] &= ok
                        if cand[a] == 0:
                            return False
                        changed = True
            for cells in self.units:
                for d in range(n):
                    bit = 1 << d
                    where = [a for a in cells if cand[a] & bit]
                    if not where:
                        return False
                    if len(where) == 1 and cand[where[0]] != bit:
                        cand[where[0]] = bit
                        changed = True
            if not changed:
                return True

    def count(self, limit=2):
        """(count up to limit, first solution as a list of digits or None)."""
        cand = [self.full if v == 0 else 1 << (v - 1) for v in self.givens]
        found = []
        self.search(cand, limit, found)
        return min(len(found), limit), (found[0] if found else None)

    def search(self, cand, limit, found):
        self.nodes += 1
        if not self.propagate(cand):
            return
        best, best_count = -1, self.n + 1
        for a, m in enumerate(cand):
            c = bin(m).count("1")
            if 1 < c < best_count:
                best, best_count = a, c
        if best < 0:
            found.append([m.bit_length() for m in cand])
            return
        m = cand[best]
        while m and len(found) < limit:
            bit = m & -m
            m &= m - 1
            child = list(cand)
            child[best] = bit
            self.search(child, limit, found)


def satisfies(puzzle, solution):
    """Whether a grid keeps every unit and every cage of the decoded puzzle."""
    n = puzzle.n
    for cells in puzzle.units:
        if sorted(solution[a] for a in cells) != list(range(1, n + 1)):
            return False
    for cells, total in puzzle.cages:
        digits = [solution[a] for a in cells]
        if len(set(digits)) != len(digits) or (total is not None and sum(digits) != total):
            return False
    return all(g == 0 or g == s for g, s in zip(puzzle.givens, solution))


def answer(text, note):
    """(count, solution line or '-') of an ID, by both methods; exits when they disagree."""
    puzzle = ck.decode_id(text)
    start = time.perf_counter()
    brute = Brute(puzzle)
    count, solution = brute.count(2)
    brute_took = time.perf_counter() - start
    sat_count, sat_took, sat_line = ck.count_to_two(puzzle, 600)
    line = "".join(ck.SYMBOLS[d - 1] for d in solution) if solution else "-"
    if solution and not satisfies(puzzle, solution):
        sys.exit(f"the backtracking counter's solution breaks the puzzle: {text} ({note})")
    if sat_count != count:
        sys.exit(
            f"the counts disagree: backtracking {count}, CaDiCaL {sat_count}: {text} ({note})"
        )
    if count == 1 and sat_line != line:
        sys.exit(f"the only solutions disagree: {line} and {sat_line}: {text} ({note})")
    print(
        f"{count} backtracking {brute_took:.2f} s ({brute.nodes} nodes), "
        f"CaDiCaL {sat_took:.2f} s: {note}",
        file=sys.stderr,
    )
    return count, line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--solo", required=True, help="the solo-killer binary")
    parser.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "killer.txt"))
    args = parser.parse_args()
    rng = random.Random(34)
    rows = []
    for params, grade, count, seed in SOLO:
        proc = subprocess.run(
            [args.solo, params, grade, str(count), str(seed)],
            capture_output=True,
            text=True,
            check=True,
        )
        print(proc.stderr.strip(), file=sys.stderr)
        for i, line in enumerate(proc.stdout.splitlines()):
            _, _, seed_text, text, solo_solution = line.split("\t")
            note = f"solo {params} {grade} seed={seed_text}"
            puzzle = ck.decode_id(text)
            solo_grid = [int(ch) for ch in solo_solution]
            if not satisfies(puzzle, solo_grid):
                sys.exit(f"Solo's solution breaks the decoded puzzle: {text} ({note})")
            p, givens, regions, labels, sums, n = split_id(text)
            if join_id(p, givens, regions, labels, sums, n) != text:
                sys.exit(f"the ID does not write back as Solo wrote it: {text}")
            found, sol = answer(text, note)
            if found != 1 or sol != solo_solution:
                sys.exit(f"Solo's puzzle is not unique with Solo's solution here: {text}")
            rows.append((text, found, sol, note))
            if i == 0:
                rows.extend(edits(text, note, solo_grid, rng))
    with open(args.out, "w") as f:
        f.write(HEADER)
        for text, found, sol, note in rows:
            f.write(f"{text}\t{found}\t{sol}\t{note}\n")
    counts = [r[1] for r in rows]
    print(
        f"wrote {args.out}: {len(rows)} puzzles, "
        f"{counts.count(0)} with none, {counts.count(1)} unique, "
        f"{counts.count(2)} with two or more",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
