#!/usr/bin/env python3
"""Times sudoku64 and CaDiCaL side by side on the same count-to-2 question, in one run.

Benchmark-only: never shipped, never needed by `npm start` or `npm test`. It needs a
release build (`cargo build --release`) and the `cadical` command (Debian package
`cadical`).

    python3 scripts/bench-large.py [--timeout S] [--binary PATH] FILE...

For each file it runs `sudoku64 bench large` on the whole file, then CaDiCaL on each of
its puzzles (the encoding and the two runs of `scripts/cadical-count.py`), and prints one
line per puzzle: both counts, both times, the ratio (ours / CaDiCaL; below 1 is faster),
and the engine that decided. A summary per file gives puzzles decided by each, the
medians, the worst times, the totals with their ratio, and on how many puzzles we were
faster. A puzzle a side did not decide counts at the timeout, and the two counts of a
puzzle both decide must agree, or the script says so and exits with 1.
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_cadical():
    spec = importlib.util.spec_from_file_location("cadical_count", os.path.join(HERE, "cadical-count.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(binary, path, timeout):
    """{line number: (count or None, seconds, engine)} from `sudoku64 bench large`."""
    proc = subprocess.run(
        [binary, "bench", "large", "--timeout", str(timeout), path],
        capture_output=True,
        text=True,
    )
    if proc.returncode not in (0, 1):
        sys.exit(f"{binary} failed on {path}: {proc.stderr.strip()}")
    out = {}
    for line in proc.stdout.splitlines():
        fields = line.split()
        if not fields or line.startswith("#") or fields[0] == "puzzle":
            continue
        number = int(fields[0].rsplit(":", 1)[1])
        count = None if fields[1] == "?" else int(fields[1])
        out[number] = (count, float(fields[2]) / 1e3, fields[3])
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle, each side")
    parser.add_argument(
        "--binary",
        default=os.path.join(HERE, "..", "target", "release", "sudoku64"),
        help="the sudoku64 command to time",
    )
    args = parser.parse_args()
    cadical = load_cadical()
    disagree = False
    print(f"{'puzzle':<24} {'ours':>5} {'s':>8} {'cadical':>7} {'s':>8} {'ratio':>7}  engine")
    for path in args.files:
        mine = ours(args.binary, path, args.timeout)
        name = os.path.basename(path)
        rows = []
        with open(path) as f:
            lines = f.read().splitlines()
        for number, text in enumerate(lines, 1):
            if text.startswith("#") or not text.strip():
                continue
            puzzle = cadical.decode(text)
            if puzzle is None or number not in mine:
                print(f"{path}:{number}: not a puzzle line", file=sys.stderr)
                continue
            their_count, their_s, _ = cadical.count_to_two(*puzzle, args.timeout, False)
            their_s = min(their_s, args.timeout)
            my_count, my_s, engine = mine[number]
            if my_count is not None and their_count is not None and my_count != their_count:
                disagree = True
                print(f"{name}:{number}: sudoku64 counts {my_count}, CaDiCaL {their_count}", file=sys.stderr)
            rows.append((my_count, my_s, their_count, their_s))
            show = lambda c: "?" if c is None else str(c)
            print(
                f"{name + ':' + str(number):<24} {show(my_count):>5} {my_s:>8.3f} "
                f"{show(their_count):>7} {their_s:>8.3f} {my_s / max(their_s, 1e-6):>7.3f}  {engine}",
                flush=True,
            )
        if not rows:
            continue
        mine_s = [r[1] for r in rows]
        theirs_s = [r[3] for r in rows]
        faster = sum(1 for r in rows if r[0] is not None and (r[2] is None or r[1] < r[3]))
        print(
            f"# {name}: {len(rows)} puzzles; decided: ours {sum(r[0] is not None for r in rows)}, "
            f"CaDiCaL {sum(r[2] is not None for r in rows)}; median {statistics.median(mine_s):.3f} s vs "
            f"{statistics.median(theirs_s):.3f} s; worst {max(mine_s):.3f} s vs {max(theirs_s):.3f} s; "
            f"total {sum(mine_s):.1f} s vs {sum(theirs_s):.1f} s (ratio {sum(mine_s) / max(sum(theirs_s), 1e-6):.2f}); "
            f"faster on {faster}/{len(rows)}",
            flush=True,
        )
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
