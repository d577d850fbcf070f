//! The command line's implementation (native only: it needs a terminal, files and clap).

use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use sudoku64::generate::{self, Control, Generated, Options, Symmetry, Target};
use sudoku64::solve::{Next, SolveResult, Solver, Stats, count_with, solve_with};
use sudoku64::{Error, Grid, Layout, ParseOptions, Shape, format, parse};

#[derive(Parser)]
#[command(
    name = "sudoku64",
    version,
    about = "Sudoku solver and generator for grids from 1×1 to 64×64"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles: one per line, or one grid file (any common format, any size).
    Solve(SolveArgs),
    /// Generate puzzles with exactly one solution: one `PUZZLE SOLUTION` line each.
    Generate(GenerateArgs),
    /// Grade puzzles by the techniques a player needs: one `LEVEL SCORE` line each.
    Rate(InputArgs),
    /// Solve puzzles step by step with human techniques: one step per line, a blank line
    /// between puzzles.
    Explain(InputArgs),
    /// Measure the solver or the generator.
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Args)]
struct InputArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// The grid side, when it should not be inferred from the cell count.
    #[arg(long)]
    size: Option<usize>,
    /// 16×16 written with 0-F (0 is a symbol, not an empty cell).
    #[arg(long)]
    hex: bool,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Print the number of solutions, counting no further than LIMIT.
    #[arg(long, value_name = "LIMIT", conflicts_with = "all")]
    count: Option<u64>,
    /// Print every solution (at most --max of them per puzzle).
    #[arg(long)]
    all: bool,
    /// With --all: the most solutions to print per puzzle.
    #[arg(long, default_value_t = 10_000)]
    max: u64,
    /// Print search statistics for each puzzle to standard error.
    #[arg(long)]
    stats: bool,
    /// How to write solutions.
    #[arg(long, value_enum, default_value_t = FormatArg::Line)]
    format: FormatArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// One line per grid.
    Line,
    /// One line per row, a blank line after each grid.
    Rows,
    /// Rows with box frames, a blank line after each grid.
    Framed,
}

impl From<FormatArg> for Layout {
    fn from(f: FormatArg) -> Layout {
        match f {
            FormatArg::Line => Layout::Line,
            FormatArg::Rows => Layout::Rows,
            FormatArg::Framed => Layout::Framed,
        }
    }
}

#[derive(Args, Clone)]
struct GenerateArgs {
    /// Grid side: 1, 4, 9, 16, 25, 36, 49 or 64.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Seed of the first puzzle; the next ones use seed+1, seed+2, ... (random if omitted).
    #[arg(long)]
    seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror or diagonal.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// Dig until this fraction of cells is empty (default: minimal up to 16×16, then
    /// 0.57, 0.53, 0.49, 0.45 for 25×25 to 64×64).
    #[arg(long, value_name = "FRACTION", conflicts_with = "minimal")]
    empty: Option<f64>,
    /// Dig until no clue can be removed, at any size.
    #[arg(long)]
    minimal: bool,
    /// Stop digging after this many milliseconds per puzzle (with --difficulty: stop
    /// searching for the level after this long, checked between puzzles; default 10000).
    #[arg(long, value_name = "MS")]
    budget_ms: Option<f64>,
    /// Search for a puzzle of this level: easy, medium, hard, expert, extreme or
    /// diabolical. The seed printed regenerates the puzzle with `--seed` alone (and with
    /// this flag too when the level was reached).
    #[arg(long, value_name = "LEVEL")]
    difficulty: Option<String>,
    /// Write CSV with a header line:
    /// `index,size,seed,symmetry,clues,empty,puzzle,solution,level` (index counts from 1,
    /// as the print view numbers puzzles; level is empty without --difficulty).
    #[arg(long)]
    csv: bool,
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Count solutions up to 2 for every puzzle of a file: puzzles per second, median and p99.
    Solve {
        #[command(flatten)]
        input: InputArgs,
        /// Apply a random Sudoku symmetry to each puzzle first, from this seed (stored
        /// orientations flatter some solvers).
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
    },
    /// Grade every puzzle of a file: puzzles per second, median and p99, and the levels.
    Rate {
        #[command(flatten)]
        input: InputArgs,
        /// Grade only the first N puzzles.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
    },
    /// Follow hints from each puzzle to its solution, timing every hint: median, p99, max.
    Hint {
        #[command(flatten)]
        input: InputArgs,
        /// Only the first N puzzles.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
    },
    /// Generate puzzles and report times and clue counts.
    Generate {
        /// Grid side.
        #[arg(long)]
        size: usize,
        /// How many puzzles (seeds seed, seed+1, ...).
        #[arg(long, default_value_t = 10)]
        count: u64,
        /// The first seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Symmetry of the givens.
        #[arg(long, default_value = "none")]
        symmetry: String,
        /// Fraction of empty cells to dig to (default: the size's default).
        #[arg(long)]
        empty: Option<f64>,
        /// Search for puzzles of this level (see `generate --difficulty`).
        #[arg(long, value_name = "LEVEL")]
        difficulty: Option<String>,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Generate(args) => generate(&args),
        Command::Rate(input) => rate(&input),
        Command::Explain(input) => explain(&input),
        Command::Bench(BenchCommand::Rate { input, limit }) => bench_rate(&input, limit),
        Command::Bench(BenchCommand::Hint { input, limit }) => bench_hint(&input, limit),
        Command::Bench(BenchCommand::Solve { input, shuffle }) => bench_solve(&input, shuffle),
        Command::Bench(BenchCommand::Generate {
            size,
            count,
            seed,
            symmetry,
            empty,
            difficulty,
        }) => bench_generate(size, count, seed, &symmetry, empty, difficulty.as_deref()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("sudoku64: {message}");
            ExitCode::from(2)
        }
    }
}

/// Reads the input (a file or standard input) to a string.
fn read_input(input: &InputArgs) -> Result<String, String> {
    let mut text = String::new();
    match &input.file {
        None => io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?,
        Some(p) if p.as_os_str() == "-" => io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?,
        Some(p) => {
            text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            0
        }
    };
    Ok(text)
}

fn parse_options(input: &InputArgs) -> Result<ParseOptions, String> {
    if let Some(n) = input.size {
        Shape::from_size(n).map_err(|e| e.to_string())?;
    }
    Ok(ParseOptions {
        size: input.size,
        hex: input.hex,
        ..ParseOptions::default()
    })
}

/// A puzzle of the input: its line number, and the grid or why it could not be read.
type Numbered = (usize, Result<Grid, Error>);

/// The input's puzzles with their line numbers.
fn read_puzzles(input: &InputArgs) -> Result<Vec<Numbered>, String> {
    let text = read_input(input)?;
    let options = parse_options(input)?;
    let puzzles: Vec<_> = parse::puzzles(&text, &options).collect();
    if puzzles.is_empty() {
        return Err("no puzzle found in the input".into());
    }
    Ok(puzzles)
}

fn write_grid(out: &mut impl Write, grid: &Grid, layout: Layout) -> io::Result<()> {
    match layout {
        Layout::Line => writeln!(out, "{}", format::to_line(grid)),
        _ => writeln!(out, "{}", format::write(grid, layout)),
    }
}

fn stats_line(line: usize, stats: &Stats, took: Duration) -> String {
    format!(
        "line {line}: {} nodes, {} guesses, {} backtracks, {:.0} µs",
        stats.nodes,
        stats.guesses,
        stats.backtracks,
        took.as_secs_f64() * 1e6
    )
}

/// `sudoku64 solve`. Returns whether every puzzle had a solution.
fn solve(args: &SolveArgs) -> Result<bool, String> {
    let puzzles = read_puzzles(&args.input)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let layout = Layout::from(args.format);
    let mut all_ok = true;
    let mut solver: Option<Solver<'_>> = None;
    for (line, puzzle) in puzzles {
        let grid = match puzzle {
            Ok(g) => g,
            Err(e) => {
                eprintln!("line {line}: {e}");
                all_ok = false;
                continue;
            }
        };
        if solver.as_ref().is_none_or(|s| s.shape() != grid.shape()) {
            solver = Some(Solver::new(grid.shape()));
        }
        let solver = solver.as_mut().expect("made above");
        let start = Instant::now();
        let io_err = |e: io::Error| e.to_string();
        if let Some(limit) = args.count {
            let count = count_with(solver, &grid, limit).0;
            writeln!(out, "{count}").map_err(io_err)?;
        } else if args.all {
            solver.load(&grid);
            let mut count = 0;
            while count < args.max && solver.next_solution() == Next::Solution {
                write_grid(&mut out, &solver.solution(), layout).map_err(io_err)?;
                count += 1;
            }
            if count == 0 {
                eprintln!("line {line}: no solution");
                all_ok = false;
            } else if count == args.max && solver.next_solution() == Next::Solution {
                eprintln!("line {line}: stopped after {count} solutions (raise --max for more)");
            }
        } else {
            match solve_with(solver, &grid).0 {
                SolveResult::Unique(s) => write_grid(&mut out, &s, layout).map_err(io_err)?,
                SolveResult::Multiple(s, _) => {
                    eprintln!("line {line}: more than one solution; printed one");
                    write_grid(&mut out, &s, layout).map_err(io_err)?;
                }
                SolveResult::None => {
                    eprintln!("line {line}: no solution");
                    all_ok = false;
                }
            }
        }
        if args.stats {
            out.flush().map_err(|e| e.to_string())?;
            let stats = stats_line(line, &solver.stats(), start.elapsed());
            eprintln!("{stats}, {} engine", solver.last_engine());
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(all_ok)
}

/// Writes `answer`'s text for every puzzle of the input, `between` separating two
/// puzzles' texts. A line that cannot be read, or whose puzzle `answer` rejects, gets a
/// message naming the line on standard error. Returns whether every puzzle had an answer.
fn answer_each(
    input: &InputArgs,
    between: &str,
    answer: impl Fn(&Grid) -> Result<String, Error>,
) -> Result<bool, String> {
    let puzzles = read_puzzles(input)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let io_err = |e: io::Error| e.to_string();
    let mut all_ok = true;
    for (i, (line, puzzle)) in puzzles.into_iter().enumerate() {
        if i > 0 {
            write!(out, "{between}").map_err(io_err)?;
        }
        match puzzle.and_then(|g| answer(&g)) {
            Ok(text) => write!(out, "{text}").map_err(io_err)?,
            Err(e) => {
                out.flush().map_err(io_err)?;
                eprintln!("line {line}: {e}");
                all_ok = false;
            }
        }
    }
    out.flush().map_err(io_err)?;
    Ok(all_ok)
}

/// `sudoku64 rate`: one `LEVEL SCORE` line per puzzle.
fn rate(input: &InputArgs) -> Result<bool, String> {
    answer_each(input, "", |g| {
        let r = sudoku64::rate(g)?;
        Ok(format!("{} {}\n", r.level.id(), r.score))
    })
}

/// `sudoku64 explain`: the steps, one per line, a blank line between puzzles.
fn explain(input: &InputArgs) -> Result<bool, String> {
    answer_each(input, "\n", |g| {
        let steps = sudoku64::explain(g)?;
        Ok(steps.iter().map(|s| format!("{}\n", s.text)).collect())
    })
}

/// A clock for the generator's time budget; never cancels.
struct Clock(Instant);

impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1e3
    }
    fn progress(&mut self, _: f64) -> bool {
        true
    }
}

fn generate_options(
    size: usize,
    symmetry: &str,
    empty: Option<f64>,
    minimal: bool,
    difficulty: Option<&str>,
) -> Result<Options, String> {
    let shape = Shape::from_size(size).map_err(|e| e.to_string())?;
    let symmetry: Symmetry = symmetry.parse().map_err(|e: Error| e.to_string())?;
    let target = match (empty, minimal) {
        (Some(f), _) => Some(Target::empty(f).map_err(|e| e.to_string())?),
        (None, true) => Some(Target::Minimal),
        (None, false) => None,
    };
    let difficulty = difficulty
        .map(|d| d.parse::<sudoku64::Level>())
        .transpose()
        .map_err(|e| e.to_string())?;
    Ok(Options {
        target,
        symmetry,
        difficulty,
        ..Options::new(shape, 0)
    })
}

/// `sudoku64 generate`.
fn generate(args: &GenerateArgs) -> Result<bool, String> {
    let base = generate_options(
        args.size,
        &args.symmetry,
        args.empty,
        args.minimal,
        args.difficulty.as_deref(),
    )?;
    let first = args
        .seed
        .unwrap_or_else(|| generate::fresh_seed(&mut rand::rng()));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let io_err = |e: io::Error| e.to_string();
    if args.csv {
        let header = [
            "index", "size", "seed", "symmetry", "clues", "empty", "puzzle", "solution", "level",
        ];
        writeln!(out, "{}", csv_row(header)).map_err(io_err)?;
    }
    for i in 0..args.count {
        let options = Options {
            seed: first.wrapping_add(i),
            budget_ms: args.budget_ms,
            ..base.clone()
        };
        let made =
            generate::generate(&options, &mut Clock(Instant::now())).map_err(|e| e.to_string())?;
        if args.csv {
            let row = [
                (i + 1).to_string(),
                args.size.to_string(),
                made.seed.to_string(),
                made.symmetry.to_string(),
                made.puzzle.clue_count().to_string(),
                format!("{:.4}", made.empty_fraction),
                format::to_line(&made.puzzle),
                format::to_line(&made.solution),
                made.rating
                    .as_ref()
                    .map_or(String::new(), |r| r.level.id().to_string()),
            ];
            writeln!(out, "{}", csv_row(row)).map_err(io_err)?;
        } else {
            writeln!(
                out,
                "{} {}",
                format::to_line(&made.puzzle),
                format::to_line(&made.solution)
            )
            .map_err(io_err)?;
        }
        if !made.target_reached || (made.rating.is_some() && !made.difficulty_reached) {
            eprintln!("seed {}: {}", made.seed, made.summary());
        }
    }
    out.flush().map_err(io_err)?;
    Ok(true)
}

/// One CSV record (RFC 4180): a field holding a comma, a double quote or a line break is
/// quoted, with its quotes doubled. Today's fields never need it (numbers, symmetry names,
/// grid lines); the writer stays correct for any column added later.
fn csv_row<S: AsRef<str>>(fields: impl IntoIterator<Item = S>) -> String {
    let quoted: Vec<String> = fields
        .into_iter()
        .map(|f| {
            let f = f.as_ref();
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f.to_string()
            }
        })
        .collect();
    quoted.join(",")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// Prints the median, p99 and maximum of sorted times in µs.
fn print_percentiles(sorted: &[f64]) {
    println!("median µs    {:.1}", percentile(sorted, 0.5));
    println!("p99 µs       {:.1}", percentile(sorted, 0.99));
    println!("max µs       {:.1}", sorted.last().copied().unwrap_or(0.0));
}

/// `sudoku64 bench solve`.
fn bench_solve(input: &InputArgs, shuffle: Option<u64>) -> Result<bool, String> {
    let puzzles = read_puzzles(input)?;
    let mut grids = Vec::with_capacity(puzzles.len());
    let mut rng = shuffle.map(rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64);
    for (line, p) in puzzles {
        let grid = p.map_err(|e| format!("line {line}: {e}"))?;
        grids.push(match rng.as_mut() {
            Some(rng) => sudoku64::transform::random_symmetry(&grid, rng),
            None => grid,
        });
    }
    let mut times = Vec::with_capacity(grids.len());
    let (mut none, mut unique, mut multiple) = (0, 0, 0);
    let mut solver = Solver::new(grids[0].shape());
    let total = Instant::now();
    for grid in &grids {
        if grid.shape() != solver.shape() {
            solver = Solver::new(grid.shape());
        }
        let start = Instant::now();
        let count = count_with(&mut solver, grid, 2).0;
        times.push(start.elapsed().as_secs_f64() * 1e6);
        match count {
            0 => none += 1,
            1 => unique += 1,
            _ => multiple += 1,
        }
    }
    let secs = total.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!("puzzles      {}", grids.len());
    println!("puzzles/s    {:.0}", grids.len() as f64 / secs);
    print_percentiles(&times);
    println!("solutions    {unique} unique, {multiple} multiple, {none} none (counting up to 2)");
    Ok(true)
}

/// The first `limit` puzzles of the input, every one readable.
fn read_grids(input: &InputArgs, limit: Option<usize>) -> Result<Vec<Grid>, String> {
    let mut puzzles = read_puzzles(input)?;
    if let Some(limit) = limit {
        puzzles.truncate(limit);
    }
    puzzles
        .into_iter()
        .map(|(line, p)| p.map_err(|e| format!("line {line}: {e}")))
        .collect()
}

/// `sudoku64 bench rate`.
fn bench_rate(input: &InputArgs, limit: Option<usize>) -> Result<bool, String> {
    let grids = read_grids(input, limit)?;
    let mut times = Vec::with_capacity(grids.len());
    let mut levels = [0usize; sudoku64::Level::ALL.len()];
    let mut failed = 0;
    let total = Instant::now();
    for grid in &grids {
        let start = Instant::now();
        let rating = sudoku64::rate(grid);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        match rating {
            Ok(r) => levels[r.level as usize] += 1,
            Err(_) => failed += 1,
        }
    }
    let secs = total.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!("puzzles      {}", grids.len());
    println!("total s      {secs:.3}");
    println!("puzzles/s    {:.0}", grids.len() as f64 / secs);
    print_percentiles(&times);
    let counts: Vec<String> = sudoku64::Level::ALL
        .iter()
        .map(|l| format!("{} {}", l.id(), levels[*l as usize]))
        .collect();
    println!("levels       {}", counts.join(", "));
    println!("errors       {failed}");
    Ok(failed == 0)
}

/// `sudoku64 bench hint`.
fn bench_hint(input: &InputArgs, limit: Option<usize>) -> Result<bool, String> {
    let grids = read_grids(input, limit)?;
    let mut times = Vec::new();
    let mut slowest = (0.0, 0, 0);
    let total = Instant::now();
    for (i, grid) in grids.iter().enumerate() {
        let mut g = grid.clone();
        while !g.is_full() {
            let start = Instant::now();
            let steps = sudoku64::hint(&g).map_err(|e| format!("puzzle {}: {e}", i + 1))?;
            let us = start.elapsed().as_secs_f64() * 1e6;
            if us > slowest.0 {
                slowest = (us, i + 1, g.clue_count());
            }
            times.push(us);
            let last = steps.last().ok_or("a hint with no step")?;
            for &(c, v) in &last.placements {
                g.set(c, v);
            }
        }
    }
    let secs = total.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!("puzzles      {}", grids.len());
    println!("hints        {}", times.len());
    println!("total s      {secs:.3}");
    println!("median µs    {:.1}", percentile(&times, 0.5));
    println!("p99 µs       {:.1}", percentile(&times, 0.99));
    println!(
        "max µs       {:.1} (puzzle {}, at {} filled cells)",
        slowest.0, slowest.1, slowest.2
    );
    Ok(true)
}

/// `sudoku64 bench generate`.
fn bench_generate(
    size: usize,
    count: u64,
    seed: u64,
    symmetry: &str,
    empty: Option<f64>,
    difficulty: Option<&str>,
) -> Result<bool, String> {
    let base = generate_options(size, symmetry, empty, false, difficulty)?;
    let mut times = Vec::new();
    let mut clues = Vec::new();
    let mut results: Vec<Generated> = Vec::new();
    println!(
        "{:>10} {:>10} {:>7} {:>8} {:>8} {:>8}  outcome",
        "seed", "ms", "clues", "empty", "restarts", "searches"
    );
    for i in 0..count {
        let options = Options {
            seed: seed.wrapping_add(i),
            ..base.clone()
        };
        let start = Instant::now();
        let made = generate::generate(&options, &mut Clock(start)).map_err(|e| e.to_string())?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!(
            "{:>10} {:>10.1} {:>7} {:>7.1}% {:>8} {:>8}  {}",
            made.seed,
            ms,
            made.puzzle.clue_count(),
            made.empty_fraction * 100.0,
            made.restarts,
            made.exact_checks,
            made.summary()
        );
        times.push(ms);
        clues.push(made.puzzle.clue_count() as f64);
        results.push(made);
    }
    times.sort_by(f64::total_cmp);
    clues.sort_by(f64::total_cmp);
    let reached = results.iter().filter(|r| r.target_reached).count();
    println!(
        "{size}×{size}, {count} puzzles: median {:.1} ms, worst {:.1} ms; clues min {} median {} max {}; target reached {reached}/{count}",
        percentile(&times, 0.5),
        times.last().copied().unwrap_or(0.0),
        clues.first().copied().unwrap_or(0.0),
        percentile(&clues, 0.5),
        clues.last().copied().unwrap_or(0.0),
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::csv_row;

    #[test]
    fn csv_fields_are_quoted_only_when_they_must_be() {
        assert_eq!(csv_row(["1", "9", "rot180", "..3@&*"]), "1,9,rot180,..3@&*");
        assert_eq!(
            csv_row(["a,b", "say \"hi\"", "two\nlines", ""]),
            "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\","
        );
    }
}
