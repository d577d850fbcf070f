#!/usr/bin/env python3
"""Mutated inputs through the command line, each answered or stopped by --timeout.

Benchmark-only (never run by npm start or npm test):

    python3 scripts/mutation-campaign.py [--count 100000] [--timeout 2] [--seed 1]

Mutates puzzles from tests/data and the public sets in ../shared/puzzles (cells changed,
removed or added; characters flipped, dropped or doubled; lines cut, joined or ended by CR;
bytes that are not UTF-8; grids of every size), writes them in batches, and runs
`sudoku64 solve`, `solve --all --max 3`, `solve --count 5`, `solve --count 1000`, `rate`
and `explain` with `--timeout` over each batch (one batch per command at a time). Each command must exit with a documented status
(0, 1, or 4 exactly when some line was undecided), never panic, and take no longer than
its puzzles' limits allow: T for each line it reports "undecided after T s", plus a margin
for the rest (which are decided in milliseconds). Lines it refuses get a message naming
the line. Prints the counts (answered, refused with a message, undecided at the limit)
and every violation, keeps the batches that caused one (and, in undecided.txt, each input
that reached the limit with the command), and exits non-zero on one. A
verdict said on standard error ("no solution", "more than one solution") counts as an
answer; lines that are not puzzles (blank, or comments) get neither.

Each batch also runs `sudoku64 generate` a few times with options drawn from good and bad
values (every size and symmetry, fractions in and out of range, seeds up to and past
2^64, --minimal, --budget-ms, --difficulty): it must refuse bad options with status 2 and
a message naming the option, and otherwise exit with 0, 3 or 4 (the documented statuses)
within its --timeout per puzzle (and --budget-ms), and every puzzle it prints must have
exactly one solution (`solve --count 2`) that its printed solution completes.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@&*"
COMMANDS = [
    ["solve"],
    ["solve", "--all", "--max", "3"],
    ["solve", "--count", "5"],
    ["solve", "--count", "1000"],
    ["rate"],
    ["explain"],
]
# generate runs per batch, and the values its options are drawn from (good and bad).
GENERATES = 4
SIZES = ["1", "4", "9", "9", "16", "16", "25", "36", "49", "64", "0", "5", "81", "-9", "x"]
SYMMETRIES = ["none", "rot180", "rot90", "mirror", "diagonal", "spiral", ""]
EMPTIES = ["0.3", "0.5", "0.6", "0.7", "0", "0.99", "1", "-0.1", "2", "nan", "inf", "x"]
LEVELS = ["easy", "medium", "hard", "expert", "extreme", "diabolical", "impossible"]
BATCH = 500
# Seconds a batch may take beyond the limits of its undecided lines: the decided ones are
# fast (milliseconds each), and process start-up and output are small.
MARGIN = 30.0


def sources():
    """Puzzle lines to start from: the fixtures (every size) and the public 9×9 sets."""
    lines = []
    data = os.path.join(ROOT, "tests", "data")
    for name in sorted(os.listdir(data)):
        if name.endswith(".txt") and name != "generated.txt":
            with open(os.path.join(data, name), encoding="utf-8") as f:
                for line in f:
                    if line.strip() and not line.startswith("#"):
                        lines.append(line.split(":")[0].strip())
    sets = os.path.join(ROOT, "..", "shared", "puzzles")
    if os.path.isdir(sets):
        for name in sorted(os.listdir(sets)):
            path = os.path.join(sets, name)
            if os.path.isfile(path) and not name.endswith(".md"):
                with open(path, encoding="utf-8", errors="replace") as f:
                    for _, line in zip(range(2000), f):
                        if len(line.strip()) >= 81:
                            lines.append(line.strip()[:81])
    return [l for l in lines if l]


def mutate(line, rng):
    """One mutated input line (bytes, without its line end), and how it was made."""
    cells = list(line)
    n = int(round(len(cells) ** 0.5)) or 1
    # Blanking comes most often: several solutions on sparse grids were the slow cases.
    kind = rng.choice([0, 0, 0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9])
    if kind == 0:  # blank cells: often several solutions
        for _ in range(rng.randrange(1, max(2, len(cells) // 4))):
            cells[rng.randrange(len(cells))] = "."
    elif kind == 1:  # change givens: often none
        for _ in range(rng.randrange(1, 4)):
            cells[rng.randrange(len(cells))] = SYMBOLS[rng.randrange(n)]
    elif kind == 2:  # drop characters
        for _ in range(rng.randrange(1, 4)):
            if cells:
                del cells[rng.randrange(len(cells))]
    elif kind == 3:  # double characters
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(cells))
            cells.insert(i, cells[i])
    elif kind == 4:  # characters from anywhere
        for _ in range(rng.randrange(1, 4)):
            cells[rng.randrange(len(cells))] = chr(rng.choice([rng.randrange(32, 127), rng.randrange(160, 0x3000)]))
    elif kind == 5:  # blank a fraction of the grid's cells at random
        fraction = rng.uniform(0.1, 0.9)
        for i in range(len(cells)):
            if rng.random() < fraction:
                cells[i] = "."
    data = "".join(cells).encode("utf-8")
    if kind == 6:  # a byte that is not UTF-8
        i = rng.randrange(len(data) + 1)
        data = data[:i] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0xFE])]) + data[i:]
    elif kind == 7:  # cut the line
        data = data[: rng.randrange(len(data) + 1)]
    elif kind == 8:  # a comment, spaces or text after the puzzle
        data = rng.choice([b"# ", b"", b"  "]) + data + rng.choice([b"", b" trailing", b"\t:1:"])
    return data


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "sudoku64"))
    parser.add_argument("--out", default=os.path.join(ROOT, "target", "mutation-campaign"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    pool = sources()
    totals = {"inputs": 0, "runs": 0, "answered": 0, "errors": 0, "undecided": 0, "violations": 0}
    started = time.time()
    done = 0
    batch_no = 0
    while done < args.count:
        size = min(BATCH, args.count - done)
        lines = [mutate(rng.choice(pool), rng) for _ in range(size)]
        # Some batches end lines with CR alone or CR LF.
        end = rng.choice([b"\n", b"\n", b"\r\n", b"\r"])
        path = os.path.join(args.out, f"batch-{batch_no}.txt")
        with open(path, "wb") as f:
            f.write(end.join(lines) + end)
        for command in COMMANDS:
            check(args, command, path, lines, totals)
        for _ in range(GENERATES):
            check_generate(args, rng, totals)
        done += size
        batch_no += 1
        totals["inputs"] = done
        elapsed = time.time() - started
        print(
            f"{done} inputs, {totals['runs']} runs: {totals['answered']} answered, "
            f"{totals['errors']} refused with a message, {totals['undecided']} undecided at the limit, "
            f"{totals['violations']} violations; {elapsed:.0f} s",
            flush=True,
        )
        os.remove(path)
    print(f"done: {totals}")
    sys.exit(1 if totals["violations"] else 0)


def generate_options(rng):
    """Options for one generate run: mostly good, sometimes bad."""
    good = rng.random() < 0.8
    size = rng.choice(SIZES[:10]) if good else rng.choice(SIZES)
    seeds = [rng.randrange(2**64), rng.randrange(1000), 2**64 - 1]
    opts = ["--size", size, "--seed", str(rng.choice(seeds if good else seeds + [2**64, -1]))]
    if rng.random() < 0.5:
        opts += ["--symmetry", rng.choice(SYMMETRIES)]
    r = rng.random()
    if r < 0.3:
        opts += ["--empty", rng.choice(EMPTIES)]
    elif r < 0.45:
        opts.append("--minimal")
    if rng.random() < 0.2:
        opts += ["--budget-ms", rng.choice(["300", "1000", "0", "-5", "nan"])]
    if rng.random() < 0.15:
        opts += ["--difficulty", rng.choice(LEVELS)]
    if rng.random() < 0.2:
        opts += ["--count", rng.choice(["2", "3", "0"])]
    return opts


def check_generate(args, rng, totals):
    """One generate run with drawn options: a documented status, a message for bad
    options, within its limits, and only puzzles with one solution."""
    opts = generate_options(rng)
    count = int(opts[opts.index("--count") + 1]) if "--count" in opts else 1
    budget = 0.0
    if "--budget-ms" in opts:
        try:
            budget = max(0.0, float(opts[opts.index("--budget-ms") + 1]) / 1000)
        except ValueError:
            budget = 0.0
    if "--difficulty" in opts and "--budget-ms" not in opts:
        budget = 10.0
    argv = [args.binary, "generate", *opts, "--timeout", str(args.timeout)]
    limit = (args.timeout + budget) * max(count, 1) * 1.1 + MARGIN
    ran = run_bounded(argv, limit, " ".join(argv[1:]), totals)
    if ran is None:
        return
    run, took = ran
    err = run.stderr.decode("utf-8", "replace")
    totals["runs"] += 1
    problems = []
    if run.returncode not in (0, 2, 3, 4):
        problems.append(f"exit status {run.returncode}: {err[-300:]}")
    if "panicked" in err:
        problems.append("a panic")
    if run.returncode == 2:
        totals["errors"] += 1
        if not err.strip():
            problems.append("refused without a message")
    elif run.returncode == 4:
        totals["undecided"] += 1
    else:
        totals["answered"] += 1
    if took > limit - MARGIN + 5:
        problems.append(f"took {took:.1f} s")
    puzzles = [line.split() for line in run.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    if run.returncode in (0, 3) and len(puzzles) != count:
        problems.append(f"{len(puzzles)} puzzles printed, {count} asked for")
    for fields in puzzles:
        if len(fields) != 2 or not completes(fields[0], fields[1]):
            problems.append(f"a line that is not a puzzle and its solution: {fields}")
            continue
        # The puzzle has one solution, and the printed solution keeps every rule (a full
        # grid that does counts exactly one: itself).
        counted = subprocess.run([args.binary, "solve", "--count", "2", "--timeout", "60"],
                                 input=f"{fields[0]}\n{fields[1]}\n".encode(), capture_output=True)
        if counted.stdout.decode().split() != ["1", "1"]:
            problems.append(f"a puzzle without exactly one solution, or a solution that breaks a rule: "
                            f"{fields[0]} ({counted.stdout!r})")
    for p in problems:
        totals["violations"] += 1
        print(f"VIOLATION {' '.join(argv[1:])}: {p}", flush=True)


def run_bounded(argv, limit, name, totals):
    """Runs a command for at most `limit` seconds: (the run, seconds taken), or None after
    counting a violation when it ran past every limit."""
    began = time.time()
    try:
        run = subprocess.run(argv, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        totals["violations"] += 1
        print(f"VIOLATION {name}: ran past every limit", flush=True)
        return None
    return run, time.time() - began


def completes(puzzle, solution):
    """The solution keeps the puzzle's givens (the rules are checked by solve --count 2)."""
    return len(puzzle) == len(solution) and all(p == "." or p == s for p, s in zip(puzzle, solution))


def check(args, command, path, lines, totals):
    """Runs one command over a batch and checks every line's fate and the time taken."""
    argv = [args.binary, *command, "--timeout", str(args.timeout), path]
    ran = run_bounded(argv, args.timeout * len(lines) + MARGIN, f"{' '.join(command)} {path}", totals)
    if ran is None:
        return
    run, took = ran
    err = run.stderr.decode("utf-8", "replace")
    undecided = len(re.findall(r"^line \d+: undecided after", err, re.M))
    # Verdicts on standard error are answers: none, several, or --max reached.
    verdicts = len(re.findall(r"^line \d+: (no solution|more than one solution|stopped after)", err, re.M))
    errors = len(re.findall(r"^line \d+: ", err, re.M)) - undecided - verdicts
    # Keep the inputs that reached the limit, for the exact engine's benchmarks.
    with open(os.path.join(args.out, "undecided.txt"), "ab") as kept:
        for number in re.findall(r"^line (\d+): undecided after", err, re.M):
            kept.write(b" ".join(command[0].encode().split()) + b"\t" + lines[int(number) - 1] + b"\n")
    totals["runs"] += len(lines)
    totals["undecided"] += undecided
    totals["errors"] += errors
    totals["answered"] += max(0, len(lines) - undecided - errors)
    problems = []
    if run.returncode not in (0, 1, 4):
        problems.append(f"exit status {run.returncode}: {err[-500:]}")
    if "panicked" in err:
        problems.append("a panic")
    if undecided and run.returncode != 4:
        problems.append("undecided lines but exit status is not 4")
    if took > undecided * args.timeout * 1.1 + MARGIN:
        problems.append(f"took {took:.1f} s for {undecided} undecided lines")
    for p in problems:
        totals["violations"] += 1
        print(f"VIOLATION {' '.join(command)} {path}: {p}", flush=True)
        keep = path + "." + "-".join(command).replace("--", "")
        with open(path, "rb") as src, open(keep, "wb") as dst:
            dst.write(src.read())


if __name__ == "__main__":
    main()
