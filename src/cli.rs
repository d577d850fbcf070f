//! The command line's implementation (native only: it needs a terminal, files and clap).

use std::cell::Cell;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use sudoku64::generate::{self, Control, Generated, Options, Symmetry, Target};
use sudoku64::search::cdcl::{self, Restarts};
use sudoku64::search::{Answer, Limits, Next, Policy, Search, SecondSolution, Stats};
use sudoku64::stream::{StreamPuzzles, puzzles_from_reader};
use sudoku64::{Error, Grid, Layout, ParseOptions, Shape, Variants, format};

/// `println!` for the benchmark reports, without its panic when standard output is
/// closed early (`sudoku64 bench ... | head`): the error is said once, as for the other
/// commands, and the command ends with status 2.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            eprintln!("sudoku64: {e}");
            std::process::exit(2);
        }
    }};
}

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
    #[command(after_help = EXIT_STATUS)]
    Solve(SolveArgs),
    /// Generate puzzles with exactly one solution: one `PUZZLE SOLUTION` line each.
    #[command(after_help = GENERATE_EXIT_STATUS)]
    Generate(GenerateArgs),
    /// Grade puzzles by the techniques a player needs: one `LEVEL SCORE` line each.
    #[command(after_help = EXIT_STATUS)]
    Rate(LogicArgs),
    /// Solve puzzles step by step with human techniques: one step per line, a blank line
    /// between puzzles.
    #[command(after_help = EXIT_STATUS)]
    Explain(LogicArgs),
    /// Measure the solver or the generator.
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Args)]
struct InputArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// The grid side, when it should not be inferred from the cell count.
    #[arg(long, allow_negative_numbers = true)]
    size: Option<usize>,
    /// The box shape, rows by columns (`2x6` for a 12×12 whose boxes are 2 rows high and
    /// 6 wide), when not the side's usual one: the squarest, wide side horizontal (6×6
    /// has 2x3, 12×12 3x4). It also gives the side when --size is not.
    #[arg(long = "box", value_name = "RxC", value_parser = box_shape)]
    boxes: Option<(usize, usize)>,
    /// Variants, comma-separated: `x` (both main diagonals hold each symbol once),
    /// `windoku` (so do the windows between square boxes), `jigsaw` (regions in place of
    /// boxes; they come with a game ID or a link). A game ID or a link names its own
    /// variants; this adds x and windoku to a plain grid.
    #[arg(long, value_name = "LIST", value_parser = variant_list)]
    variant: Option<Variants>,
    /// 16×16 written with 0-F (0 is a symbol, not an empty cell).
    #[arg(long)]
    hex: bool,
}

/// `--variant LIST`: `x`, `windoku`, `jigsaw`, `killer`, comma-separated.
fn variant_list(text: &str) -> Result<Variants, String> {
    Variants::parse(text).map_err(|e| e.to_string())
}

/// `--box RxC`, read as rows and columns.
fn box_shape(text: &str) -> Result<(usize, usize), String> {
    sudoku64::parse::parse_box(text).map_err(|e| e.to_string())
}

/// A time limit per puzzle.
#[derive(Args, Clone, Copy)]
struct TimeoutArg {
    /// Give up on a puzzle after this many seconds: standard error says so with its line
    /// ("line 7: undecided after 10 s"), the other puzzles go on, and the exit status is 4.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_negative_numbers = true)]
    timeout: Option<f64>,
}

impl TimeoutArg {
    /// A `go_on` for one puzzle started now: true until its time is up.
    fn start(self) -> impl FnMut() -> bool {
        let clock = Clock::start(self.timeout);
        move || clock.within()
    }

    /// The standard error line for a puzzle that ran out of time.
    fn undecided(self, what: &str) -> String {
        format!("{what}: undecided after {} s", self.timeout.unwrap_or(0.0))
    }
}

/// `--timeout`'s value: a number of seconds above 0 (and at most a year).
fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("\"{text}\" is not a number of seconds"))?;
    if s > 0.0 && s <= 31_536_000.0 {
        Ok(s)
    } else {
        Err(format!(
            "{text} is not a time limit: give a number of seconds above 0"
        ))
    }
}

#[derive(Args)]
struct LogicArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    time: TimeoutArg,
    /// Leave out the techniques that assume the puzzle has one solution (unique
    /// rectangles, BUG+1): the steps then hold without that assumption.
    #[arg(long)]
    no_uniqueness: bool,
}

impl LogicArgs {
    /// The techniques the steps may use.
    fn options(&self) -> sudoku64::steps::Options {
        sudoku64::steps::Options {
            uniqueness: !self.no_uniqueness,
        }
    }
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    time: TimeoutArg,
    /// Print the number of solutions, counting no further than LIMIT (1 or more).
    #[arg(long, value_name = "LIMIT", conflicts_with = "all", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Print every solution (at most --max of them per puzzle).
    #[arg(long)]
    all: bool,
    /// With --all: the most solutions to print per puzzle (1 or more).
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
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

/// How `generate` writes a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PuzzleFormatArg {
    /// The one-line form.
    Line,
    /// A Solo game ID.
    Solo,
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
    /// Grid side: 1, or 4 to 64 with a box shape (6, 8, 9, 10, 12, ... 64; not 2, 3 or a
    /// prime). Boxes are the squarest, wide side horizontal, unless --box says otherwise.
    #[arg(long, allow_negative_numbers = true)]
    size: Option<usize>,
    /// The box shape, rows by columns (`2x6`); it gives the side when --size is not.
    #[arg(long = "box", value_name = "RxC", value_parser = box_shape)]
    boxes: Option<(usize, usize)>,
    /// Variants, comma-separated: `x` (both main diagonals), `windoku` (the windows
    /// between square boxes), `jigsaw` (new random regions in place of boxes, drawn from
    /// the seed), `killer` (cages with sums and no givens, drawn from the seed; 4×4 to
    /// 25×25, with any of the others). Variants print as game IDs, which carry them.
    #[arg(long, value_name = "LIST", value_parser = variant_list)]
    variant: Option<Variants>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    count: u64,
    /// Seed of the first puzzle; the next ones use seed+1, seed+2, ... (random if omitted).
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror or diagonal.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// Dig until this fraction of cells is empty (default: minimal up to 16×16, then for
    /// 25×25 to 64×64 0.57, 0.55, 0.52, 0.49 without symmetry, 0.56, 0.55, 0.51, 0.48
    /// with one (0.54 with mirror at 25×25 and 0.48 with mirror at 49×49, where the grid
    /// cannot follow the symmetry)).
    #[arg(
        long,
        value_name = "FRACTION",
        conflicts_with = "minimal",
        allow_negative_numbers = true
    )]
    empty: Option<f64>,
    /// Dig until no clue can be removed, at any size. When some clue's check does not end
    /// within its limits (usual at 49×49 and 64×64), the puzzle is still printed, standard
    /// error says it is not proved minimal, and the exit status is 3.
    #[arg(long)]
    minimal: bool,
    /// Time budget per puzzle: candidates (from a sequence of seeds) are dug until one
    /// reaches the target (with --difficulty: has the level) or the budget ends, and the
    /// best finished one is printed, within the budget (a grading still running stops at
    /// 5% past it, and the level printed is then a lower bound: "Hard or harder").
    /// Its seed regenerates it with `--seed` and the same options. With --difficulty the
    /// default is 10000.
    #[arg(long, value_name = "MS", allow_negative_numbers = true)]
    budget_ms: Option<f64>,
    /// Search for a puzzle of this level: easy, medium, hard, expert, extreme or
    /// diabolical. The seed printed regenerates the puzzle with `--seed` and this flag
    /// (from 25×25 up it digs a point or two past the default target for Hard and above).
    #[arg(long, value_name = "LEVEL")]
    difficulty: Option<String>,
    /// How each `PUZZLE SOLUTION` line writes the puzzle: `line`, the one-line form (the
    /// default, but for boxes other than the side's usual ones, which only an ID carries),
    /// or `solo`, a game ID (`2x3:a5d4_6...`, Simon Tatham's Solo's form, which every
    /// reader here reads back).
    #[arg(long, value_name = "FORM", conflicts_with = "csv")]
    format: Option<PuzzleFormatArg>,
    /// Write CSV with a header line:
    /// `index,size,seed,symmetry,clues,empty,puzzle,solution,level,box,variant,id` (index
    /// counts from 1, as the print view numbers puzzles; level is empty without
    /// --difficulty; box is the box shape, `3x3`, empty for a jigsaw; variant lists the
    /// variants, `jigsaw x`; id is the puzzle's game ID, which carries its layout).
    #[arg(long)]
    csv: bool,
    /// Print to stderr, per puzzle, what was reached and the counts behind it: candidates
    /// made, fill restarts, exact checks, clues not proved necessary, and the time.
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle after this many seconds (a hard stop, unlike --budget-ms):
    /// standard error says "seed S: stopped after T s", the next seeds go on, and the exit
    /// status is 4.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_negative_numbers = true)]
    timeout: Option<f64>,
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
        /// Apply a random Sudoku symmetry to each puzzle first, from this seed.
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        /// Also check every step of every puzzle against its solution (outside the
        /// timing): no elimination removes the solution's symbol, no placement differs.
        #[arg(long)]
        check: bool,
    },
    /// Follow hints from each puzzle to its solution, timing every hint: median, p99, max.
    Hint {
        #[command(flatten)]
        input: InputArgs,
        /// Only the first N puzzles.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
    },
    /// Count solutions up to 2 for every puzzle of each file, one line per puzzle with the
    /// engine that decided it, then per file: puzzles decided, median and worst time.
    Large {
        /// Puzzle files (one puzzle per line, any size).
        files: Vec<PathBuf>,
        /// Give up on a puzzle after this many seconds (the benchmark's own cap; the
        /// engine's limits count work, not time).
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Engines to use: any of logic, dfs, cdcl, witness, band (default: all).
        #[arg(long, value_delimiter = ',')]
        engines: Option<Vec<String>>,
        /// Conflict-driven techniques to switch off: any of phase-saving, minimise, reduce,
        /// blockers, probing, fewest-first, locked, lifting, shrink, target-phases,
        /// start-stable (begin in the stable mode), bump-reasons (bump the placements
        /// that forced a learned clause's denials), stable-phases (phase saving in both
        /// restart modes, not only the stable one).
        #[arg(long, value_delimiter = ',')]
        without: Vec<String>,
        /// Conflict-driven techniques to switch on, by the same names as --without.
        #[arg(long, value_delimiter = ',')]
        with: Vec<String>,
        /// Conflict-driven restarts: alternate, glucose, luby or never.
        #[arg(long)]
        restarts: Option<String>,
        /// Activity decay of the conflict-driven search.
        #[arg(long)]
        decay: Option<f64>,
        /// How the conflict-driven search looks for a second solution: cells or blocking.
        #[arg(long)]
        second: Option<String>,
    },
    /// Generate puzzles and report times and clue counts.
    Generate {
        /// Grid side.
        #[arg(long)]
        size: Option<usize>,
        /// The box shape, rows by columns (`2x6`).
        #[arg(long = "box", value_name = "RxC", value_parser = box_shape)]
        boxes: Option<(usize, usize)>,
        /// Variants, comma-separated: x, windoku, jigsaw, killer.
        #[arg(long, value_name = "LIST", value_parser = variant_list)]
        variant: Option<Variants>,
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

/// The exit statuses of `generate`, for its `--help`.
const GENERATE_EXIT_STATUS: &str = "Exit status: 2 for bad options; 4 when --timeout \
stopped some puzzle; else 3 when --minimal was asked and some puzzle could not be proved \
minimal (it is printed all the same: unique, with clues not proved necessary); else 0 (a \
target or level not reached is said on standard error).";

/// The exit statuses of `solve`, `rate` and `explain`, for their `--help`.
const EXIT_STATUS: &str = "Exit status: 2 for bad options or input that cannot be read \
at all (a missing file, a directory, a failing disk); 4 when --timeout stopped some \
puzzle; else 1 when some line could not be read or its puzzle has no answer (no solution, \
or several for rate and explain), each said on standard error with its line; else 0.";

/// How a command ended, when nothing stopped it early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Every puzzle had its answer: exit status 0.
    Done,
    /// Some puzzle had none, or could not be read: exit status 1.
    Failed,
    /// `generate --minimal` printed a puzzle whose minimality is not proved: exit status 3.
    NotProvedMinimal,
    /// `--timeout` stopped some puzzle: exit status 4.
    Undecided,
}

impl Outcome {
    /// The outcome of a batch where some puzzles failed (`ok` false) or ran out of time.
    fn of(ok: bool, undecided: bool) -> Outcome {
        Outcome::from(ok).worst(if undecided {
            Outcome::Undecided
        } else {
            Outcome::Done
        })
    }

    /// Of two outcomes of one batch, the one its exit status says: 4 over 3 over 1 over 0.
    fn worst(self, other: Outcome) -> Outcome {
        let rank = |o: Outcome| match o {
            Outcome::Done => 0,
            Outcome::Failed => 1,
            Outcome::NotProvedMinimal => 3,
            Outcome::Undecided => 4,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

impl From<bool> for Outcome {
    fn from(ok: bool) -> Outcome {
        if ok { Outcome::Done } else { Outcome::Failed }
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Generate(args) => generate(&args),
        Command::Rate(args) => rate(&args),
        Command::Explain(args) => explain(&args),
        Command::Bench(BenchCommand::Rate {
            input,
            limit,
            shuffle,
            check,
        }) => bench_rate(&input, limit, shuffle, check).map(Outcome::from),
        Command::Bench(BenchCommand::Hint { input, limit }) => {
            bench_hint(&input, limit).map(Outcome::from)
        }
        Command::Bench(BenchCommand::Solve { input, shuffle }) => {
            bench_solve(&input, shuffle).map(Outcome::from)
        }
        Command::Bench(BenchCommand::Large {
            files,
            timeout,
            engines,
            without,
            with,
            restarts,
            decay,
            second,
        }) => bench_policy(
            engines.as_deref(),
            &without,
            &with,
            restarts.as_deref(),
            decay,
            second.as_deref(),
        )
        .and_then(|policy| bench_large(&files, timeout, &policy))
        .map(Outcome::from),
        Command::Bench(BenchCommand::Generate {
            size,
            boxes,
            variant,
            count,
            seed,
            symmetry,
            empty,
            difficulty,
        }) => grid_layout(size, boxes, variant.unwrap_or_default())
            .and_then(|layout| {
                bench_generate(layout, count, seed, &symmetry, empty, difficulty.as_deref())
            })
            .map(Outcome::from),
    };
    match result {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::FAILURE,
        Ok(Outcome::NotProvedMinimal) => ExitCode::from(3),
        Ok(Outcome::Undecided) => ExitCode::from(4),
        Err(message) => {
            eprintln!("sudoku64: {message}");
            ExitCode::from(2)
        }
    }
}

/// Opens the input: a file, or standard input for `-` or no file.
fn open_input(input: &InputArgs) -> Result<Box<dyn Read>, String> {
    match &input.file {
        Some(p) if p.as_os_str() != "-" => {
            let file = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok(Box::new(file))
        }
        _ => Ok(Box::new(io::stdin())),
    }
}

/// The input's name for messages: its path, or "standard input".
fn input_name(input: &InputArgs) -> String {
    match &input.file {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".to_string(),
    }
}

fn parse_options(input: &InputArgs) -> Result<ParseOptions, String> {
    if let Some(n) = input.size {
        Shape::from_size(n).map_err(|e| e.to_string())?;
    }
    let options = ParseOptions {
        size: input.size,
        boxes: input.boxes,
        variants: input.variant.unwrap_or_default(),
        hex: input.hex,
        ..ParseOptions::default()
    };
    // A box that does not tile the side, or hex with another side, is said before reading.
    options.shape().map_err(|e| e.to_string())?;
    Ok(options)
}

/// The generator's defaults for `--size`, `--box` and `--variant` ([`Options::for_layout`]).
fn grid_layout(
    size: Option<usize>,
    boxes: Option<(usize, usize)>,
    variants: Variants,
) -> Result<Options, String> {
    Options::for_layout(size, boxes, variants, 0).map_err(|e| e.to_string())
}

/// A puzzle of the input: its line number, and the grid or why it could not be read.
type Numbered = (usize, Result<Grid, Error>);

/// The input's puzzles with their line numbers, read as they come: memory stays bounded
/// however long the input (see [`sudoku64::stream`]).
fn stream_puzzles(input: &InputArgs) -> Result<StreamPuzzles<Box<dyn Read>>, String> {
    let options = parse_options(input)?;
    Ok(puzzles_from_reader(open_input(input)?, &options))
}

/// The input's puzzles with their line numbers, all at once (for the benchmarks).
fn read_puzzles(input: &InputArgs) -> Result<Vec<Numbered>, String> {
    Ok(stream_puzzles(input)?.collect())
}

fn write_grid(out: &mut impl Write, grid: &Grid, layout: Layout) -> io::Result<()> {
    match layout {
        Layout::Line => writeln!(out, "{}", format::to_line(grid)),
        _ => writeln!(out, "{}", format::write(grid, layout)),
    }
}

/// The `--stats` line of one puzzle.
fn stats_line(line: usize, engine: &str, stats: &Stats, took: Duration) -> String {
    format!(
        "line {line}: {engine} engine, {} nodes, {} guesses, {} backtracks, {} conflicts, {} learned clauses, {} restarts, {:.0} µs",
        stats.nodes,
        stats.guesses,
        stats.backtracks,
        stats.conflicts,
        stats.learned,
        stats.restarts,
        took.as_secs_f64() * 1e6
    )
}

/// A search for this shape, reusing the last one when the shape is the same.
fn search_for(slot: &mut Option<Search>, shape: Shape) -> &mut Search {
    if slot.as_ref().is_none_or(|s| s.shape() != shape) {
        *slot = Some(Search::new(shape));
    }
    slot.as_mut().expect("made above")
}

/// On a terminal, one line on standard error that shows a long search is alive
/// ("line 3: 12 s, 120034 conflicts"), drawn once a second from the first second on and
/// erased before anything else is written. Nothing when standard error is a file or a
/// pipe, so batches and scripts see only their answers.
struct Alive {
    on: bool,
    start: Cell<Instant>,
    /// The next whole second at which to draw.
    next: Cell<u64>,
    drawn: Cell<bool>,
}

impl Alive {
    fn new() -> Alive {
        Alive {
            on: io::stderr().is_terminal(),
            start: Cell::new(Instant::now()),
            next: Cell::new(1),
            drawn: Cell::new(false),
        }
    }

    /// A new puzzle's search begins.
    fn restart(&self) {
        self.start.set(Instant::now());
        self.next.set(1);
    }

    /// Called with the search's counters as it runs (about every millisecond of work).
    fn tick(&self, line: usize, stats: &Stats) {
        if !self.on {
            return;
        }
        let seconds = self.start.get().elapsed().as_secs();
        if seconds < self.next.get() {
            return;
        }
        self.next.set(seconds + 1);
        let work = if stats.conflicts > 0 {
            format!("{} conflicts", stats.conflicts)
        } else {
            format!("{} guesses", stats.guesses)
        };
        eprint!("\r\x1b[Kline {line}: {seconds} s, {work}");
        self.drawn.set(true);
    }

    /// Erases the line, if one is drawn.
    fn clear(&self) {
        if self.drawn.replace(false) {
            eprint!("\r\x1b[K");
        }
    }
}

/// `sudoku64 solve`: whether every puzzle had a solution, and whether `--timeout`
/// stopped some.
fn solve(args: &SolveArgs) -> Result<Outcome, String> {
    let puzzles = stream_puzzles(&args.input)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let layout = Layout::from(args.format);
    let mut all_ok = true;
    let mut undecided = false;
    let mut slot: Option<Search> = None;
    let alive = Alive::new();
    for (line, puzzle) in puzzles {
        let mut in_time = args.time.start();
        alive.restart();
        let go_on = &mut |stats: &Stats| {
            alive.tick(line, stats);
            in_time()
        };
        let out_of_time = |undecided: &mut bool| {
            eprintln!("{}", args.time.undecided(&format!("line {line}")));
            *undecided = true;
        };
        let grid = match puzzle {
            Ok(g) => g,
            Err(e) if matches!(e.kind(), sudoku64::ErrorKind::ReadFailed { .. }) => {
                out.flush().map_err(|e| e.to_string())?;
                return Err(format!("{}: {e}", input_name(&args.input)));
            }
            Err(e) => {
                eprintln!("line {line}: {e}");
                all_ok = false;
                continue;
            }
        };
        let search = search_for(&mut slot, grid.shape());
        let start = Instant::now();
        let io_err = |e: io::Error| e.to_string();
        let (engine, stats) = if let Some(limit) = args.count {
            let answer = search.count_grid(&grid, limit, Limits::NONE, go_on);
            alive.clear();
            if answer.decided {
                writeln!(out, "{}", answer.count).map_err(io_err)?;
            } else {
                out.flush().map_err(io_err)?;
                out_of_time(&mut undecided);
            }
            (answer.engine, answer.stats)
        } else if args.all {
            search.load_grid(&grid);
            let mut count = 0;
            let mut more = false;
            let mut stopped = false;
            loop {
                let next = search.next_solution(Limits::NONE, go_on);
                alive.clear();
                if next != Next::Solution {
                    stopped = next == Next::Stopped;
                    break;
                }
                if count == args.max {
                    more = true;
                    break;
                }
                write_grid(&mut out, search.solution(), layout).map_err(io_err)?;
                count += 1;
            }
            if stopped {
                out.flush().map_err(io_err)?;
                out_of_time(&mut undecided);
            } else if count == 0 {
                eprintln!("line {line}: no solution");
                all_ok = false;
            } else if more {
                eprintln!("line {line}: stopped after {count} solutions (raise --max for more)");
            }
            (search.engine(), search.stats())
        } else {
            let Answer {
                first,
                second,
                engine,
                stats,
                decided,
                ..
            } = search.count_grid(&grid, 2, Limits::NONE, go_on);
            alive.clear();
            match (first, second) {
                _ if !decided => {
                    out.flush().map_err(io_err)?;
                    out_of_time(&mut undecided);
                }
                (Some(s), None) => write_grid(&mut out, &s, layout).map_err(io_err)?,
                (Some(s), Some(_)) => {
                    eprintln!("line {line}: more than one solution; printed one");
                    write_grid(&mut out, &s, layout).map_err(io_err)?;
                }
                _ => {
                    eprintln!("line {line}: no solution");
                    all_ok = false;
                }
            }
            (engine, stats)
        };
        if args.stats {
            out.flush().map_err(|e| e.to_string())?;
            eprintln!(
                "{}",
                stats_line(line, engine.name(), &stats, start.elapsed())
            );
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(Outcome::of(all_ok, undecided))
}

/// Writes `answer`'s text for every puzzle of the input, `between` separating two
/// puzzles' texts. A line that cannot be read, or whose puzzle `answer` rejects, gets a
/// message naming the line on standard error. Returns whether every puzzle had an answer.
fn answer_each(
    args: &LogicArgs,
    between: &str,
    answer: impl Fn(&Grid, &mut dyn FnMut() -> bool) -> Result<String, Error>,
) -> Result<Outcome, String> {
    let puzzles = stream_puzzles(&args.input)?;
    let mut undecided = false;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let io_err = |e: io::Error| e.to_string();
    let mut all_ok = true;
    for (i, (line, puzzle)) in puzzles.enumerate() {
        if i > 0 {
            write!(out, "{between}").map_err(io_err)?;
        }
        let mut in_time = args.time.start();
        match puzzle.and_then(|g| answer(&g, &mut in_time)) {
            Ok(text) => write!(out, "{text}").map_err(io_err)?,
            Err(e) if e.kind() == &sudoku64::ErrorKind::Cancelled => {
                out.flush().map_err(io_err)?;
                eprintln!("{}", args.time.undecided(&format!("line {line}")));
                undecided = true;
            }
            Err(e) if matches!(e.kind(), sudoku64::ErrorKind::ReadFailed { .. }) => {
                out.flush().map_err(io_err)?;
                return Err(format!("{}: {e}", input_name(&args.input)));
            }
            Err(e) => {
                out.flush().map_err(io_err)?;
                eprintln!("line {line}: {e}");
                all_ok = false;
            }
        }
    }
    out.flush().map_err(io_err)?;
    Ok(Outcome::of(all_ok, undecided))
}

/// `sudoku64 rate`: one `LEVEL SCORE` line per puzzle.
fn rate(args: &LogicArgs) -> Result<Outcome, String> {
    let options = args.options();
    answer_each(args, "", |g, go_on| {
        let r = sudoku64::grade::rate_with(g, options, go_on)?;
        Ok(format!("{} {}\n", r.level.id(), r.score))
    })
}

/// `sudoku64 explain`: the steps, one per line, a blank line between puzzles.
fn explain(args: &LogicArgs) -> Result<Outcome, String> {
    let options = args.options();
    answer_each(args, "\n", |g, go_on| {
        let steps = sudoku64::steps::explain_with(g, options, go_on)?;
        Ok(steps.iter().map(|s| format!("{}\n", s.text())).collect())
    })
}

/// A clock with an optional time limit: the generator's budget and hard stop, and each
/// search's `--timeout` ([`TimeoutArg::start`]).
struct Clock {
    started: Instant,
    limit: Option<Duration>,
}

impl Clock {
    /// A clock started now, with a time limit in seconds or none.
    fn start(limit: Option<f64>) -> Clock {
        Clock {
            started: Instant::now(),
            limit: limit.map(Duration::from_secs_f64),
        }
    }

    /// True until the time limit, if any, is up.
    fn within(&self) -> bool {
        self.limit.is_none_or(|l| self.started.elapsed() < l)
    }
}

impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1e3
    }
    fn progress(&mut self, _: &generate::Progress) -> bool {
        self.within()
    }
}

fn generate_options(
    layout: Options,
    symmetry: &str,
    empty: Option<f64>,
    minimal: bool,
    difficulty: Option<&str>,
) -> Result<Options, String> {
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
        ..layout
    })
}

/// `sudoku64 generate`. With `--minimal`, a puzzle whose minimality is not proved is
/// printed all the same, said so on standard error, and makes the outcome
/// [`Outcome::NotProvedMinimal`].
fn generate(args: &GenerateArgs) -> Result<Outcome, String> {
    let layout = grid_layout(args.size, args.boxes, args.variant.unwrap_or_default())?;
    let base = generate_options(
        layout,
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
            "box", "variant", "id",
        ];
        writeln!(out, "{}", csv_row(header)).map_err(io_err)?;
    }
    let mut outcome = Outcome::Done;
    for i in 0..args.count {
        let options = Options {
            seed: first.wrapping_add(i),
            budget_ms: args.budget_ms,
            ..base.clone()
        };
        let mut clock = Clock::start(args.timeout);
        let started = clock.started;
        let made = match generate::generate(&options, &mut clock) {
            Ok(made) => made,
            Err(e) if e.kind() == &sudoku64::ErrorKind::Cancelled => {
                out.flush().map_err(io_err)?;
                eprintln!(
                    "seed {}: stopped after {} s",
                    options.seed,
                    args.timeout.unwrap_or(0.0)
                );
                outcome = outcome.worst(Outcome::Undecided);
                continue;
            }
            Err(e) => return Err(e.to_string()),
        };
        if args.csv {
            let row = [
                (i + 1).to_string(),
                made.puzzle.size().to_string(),
                made.seed.to_string(),
                made.symmetry.to_string(),
                made.puzzle.clue_count().to_string(),
                format!("{:.4}", made.empty_fraction),
                format::to_line(&made.puzzle),
                format::to_line(&made.solution),
                made.rating()
                    .map_or(String::new(), |r| r.level.id().to_string()),
                made.puzzle.shape().box_name(),
                made.puzzle.shape().variants().join(" "),
                sudoku64::solo::write_id(&made.puzzle),
            ];
            writeln!(out, "{}", csv_row(row)).map_err(io_err)?;
        } else {
            // A one-line grid has the side's usual boxes and no variant: others need the ID.
            let shape = made.puzzle.shape();
            let usual = Shape::from_size(shape.size()) == Ok(shape);
            let puzzle = match args.format {
                Some(PuzzleFormatArg::Solo) => sudoku64::solo::write_id(&made.puzzle),
                None if !usual => sudoku64::solo::write_id(&made.puzzle),
                _ => format::to_line(&made.puzzle),
            };
            writeln!(out, "{puzzle} {}", format::to_line(&made.solution)).map_err(io_err)?;
        }
        if args.stats {
            eprintln!(
                "seed {}: {}; {}, {:.0} ms",
                made.seed,
                made.summary(),
                made.details(),
                started.elapsed().as_secs_f64() * 1e3
            );
        } else if !made.target_reached || (made.rating().is_some() && !made.difficulty_reached()) {
            eprintln!("seed {}: {}", made.seed, made.summary());
        }
        if args.minimal && !made.minimal {
            outcome = outcome.worst(Outcome::NotProvedMinimal);
            out.flush().map_err(io_err)?;
            eprintln!(
                "seed {}: not proved minimal: {} clue{} not proved necessary{} (exit status 3)",
                made.seed,
                made.undecided,
                if made.undecided == 1 { "" } else { "s" },
                if made.budget_ran_out {
                    ", digging cut short by the time budget"
                } else {
                    ""
                }
            );
        }
    }
    out.flush().map_err(io_err)?;
    Ok(outcome)
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
    outln!("median µs    {:.1}", percentile(sorted, 0.5));
    outln!("p99 µs       {:.1}", percentile(sorted, 0.99));
    outln!("max µs       {:.1}", sorted.last().copied().unwrap_or(0.0));
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
    let mut slot: Option<Search> = None;
    let total = Instant::now();
    for grid in &grids {
        let search = search_for(&mut slot, grid.shape());
        let start = Instant::now();
        let count = search
            .count_grid(grid, 2, Limits::NONE, &mut |_| true)
            .count;
        times.push(start.elapsed().as_secs_f64() * 1e6);
        match count {
            0 => none += 1,
            1 => unique += 1,
            _ => multiple += 1,
        }
    }
    let secs = total.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    outln!("puzzles      {}", grids.len());
    outln!("puzzles/s    {:.0}", grids.len() as f64 / secs);
    print_percentiles(&times);
    outln!("solutions    {unique} unique, {multiple} multiple, {none} none (counting up to 2)");
    Ok(true)
}

/// The policy `bench large` measures: the shipped one with some engines or techniques off.
fn bench_policy(
    engines: Option<&[String]>,
    without: &[String],
    with: &[String],
    restarts: Option<&str>,
    decay: Option<f64>,
    second: Option<&str>,
) -> Result<Policy, String> {
    let mut policy = Policy::default();
    match second {
        None => {}
        Some("cells") => policy.second = SecondSolution::ByCells,
        Some("blocking") => policy.second = SecondSolution::Blocking,
        Some(other) => return Err(format!("{other:?} is not a way: cells or blocking")),
    }
    if let Some(engines) = engines {
        for e in engines {
            if !["logic", "dfs", "cdcl", "witness", "band"].contains(&e.as_str()) {
                return Err(format!(
                    "{e:?} is not an engine: logic, dfs, cdcl, witness or band"
                ));
            }
        }
        let on = |name: &str| engines.iter().any(|e| e == name);
        if !on("logic") {
            policy.logic_first_from = usize::MAX;
        }
        policy.depth_first = on("dfs");
        policy.conflict_driven = on("cdcl");
        policy.witness = on("witness");
        policy.band = on("band");
        if !policy.depth_first && !policy.conflict_driven {
            return Err("--engines needs dfs or cdcl".into());
        }
    }
    let config = &mut policy.cdcl;
    for (names, on) in [(without, false), (with, true)] {
        for name in names {
            *technique(config, name)? = on;
        }
    }
    if let Some(r) = restarts {
        config.restarts = match r {
            "alternate" => Restarts::Alternate,
            "glucose" => Restarts::Glucose(1.25),
            "luby" => Restarts::Luby(100),
            "never" => Restarts::Never,
            other => {
                return Err(format!(
                    "{other:?} is not a restart policy: alternate, glucose, luby or never"
                ));
            }
        };
    }
    if let Some(d) = decay {
        if !(0.5..1.0).contains(&d) {
            return Err(format!(
                "{d} is not a decay: from 0.5 up to (not including) 1"
            ));
        }
        config.decay = d;
    }
    Ok(policy)
}

/// The switch of a conflict-driven technique, by its name in `bench large --without` and
/// `--with`.
fn technique<'a>(config: &'a mut cdcl::Config, name: &str) -> Result<&'a mut bool, String> {
    Ok(match name {
        "phase-saving" => &mut config.phase_saving,
        "minimise" => &mut config.minimise,
        "reduce" => &mut config.reduce,
        "blockers" => &mut config.blockers,
        "probing" => &mut config.probing,
        "fewest-first" => &mut config.fewest_candidates_first,
        "locked" => &mut config.locked_candidates,
        "lifting" => &mut config.lifting,
        "stable-phases" => &mut config.stable_phases,
        "bump-reasons" => &mut config.bump_reasons,
        "target-phases" => &mut config.target_phases,
        "start-stable" => &mut config.start_stable,
        "shrink" => &mut config.shrink,
        other => {
            return Err(format!(
                "{other:?} is not a technique: phase-saving, minimise, reduce, blockers, \
                 probing, fewest-first, locked, lifting, stable-phases, bump-reasons, shrink, \
                 target-phases or start-stable"
            ));
        }
    })
}

/// `sudoku64 bench large`.
fn bench_large(files: &[PathBuf], timeout: f64, policy: &Policy) -> Result<bool, String> {
    if files.is_empty() {
        return Err("name at least one puzzle file".into());
    }
    if !(timeout.is_finite() && timeout > 0.0) {
        return Err(format!(
            "--timeout {timeout} is not a number of seconds above 0"
        ));
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let io_err = |e: io::Error| e.to_string();
    let mut all_decided = true;
    writeln!(
        out,
        "{:<28} {:>5} {:>9} {:>15} {:>10} {:>10} {:>9} {:>8}",
        "puzzle", "count", "ms", "engine", "nodes", "conflicts", "learned", "restarts"
    )
    .map_err(io_err)?;
    for path in files {
        let input = InputArgs {
            file: Some(path.clone()),
            size: None,
            boxes: None,
            variant: None,
            hex: false,
        };
        let puzzles = read_puzzles(&input)?;
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let mut times = Vec::new();
        let mut decided = 0;
        let mut engines: Vec<(String, usize)> = Vec::new();
        let mut slot: Option<Search> = None;
        for (line, puzzle) in puzzles {
            let grid = puzzle.map_err(|e| format!("{}: line {line}: {e}", path.display()))?;
            if slot.as_ref().is_none_or(|s| s.shape() != grid.shape()) {
                slot = Some(Search::with_policy(grid.shape(), policy.clone()));
            }
            let search = slot.as_mut().expect("made above");
            let start = Instant::now();
            let answer = search.count_grid(&grid, 2, Limits::NONE, &mut |_| {
                start.elapsed().as_secs_f64() < timeout
            });
            let ms = start.elapsed().as_secs_f64() * 1e3;
            times.push(ms);
            let count = if answer.decided {
                decided += 1;
                let engine = answer.engine.name().to_string();
                match engines.iter_mut().find(|(e, _)| *e == engine) {
                    Some((_, n)) => *n += 1,
                    None => engines.push((engine, 1)),
                }
                answer.count.to_string()
            } else {
                all_decided = false;
                "?".to_string()
            };
            let s = &answer.stats;
            writeln!(
                out,
                "{:<28} {:>5} {:>9.1} {:>15} {:>10} {:>10} {:>9} {:>8}",
                format!("{name}:{line}"),
                count,
                ms,
                if answer.decided {
                    answer.engine.name()
                } else {
                    "undecided"
                },
                s.nodes,
                s.conflicts,
                s.learned,
                s.restarts
            )
            .and_then(|()| out.flush())
            .map_err(io_err)?;
        }
        times.sort_by(f64::total_cmp);
        let engines: Vec<String> = engines.iter().map(|(e, n)| format!("{e} {n}")).collect();
        writeln!(
            out,
            "# {}: {} puzzles, {decided} decided; median {:.1} ms, worst {:.1} ms, total {:.1} s; decided by {}",
            path.display(),
            times.len(),
            percentile(&times, 0.5),
            times.last().copied().unwrap_or(0.0),
            times.iter().sum::<f64>() / 1e3,
            if engines.is_empty() {
                "none".to_string()
            } else {
                engines.join(", ")
            }
        )
        .and_then(|()| out.flush())
        .map_err(io_err)?;
    }
    Ok(all_decided)
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
fn bench_rate(
    input: &InputArgs,
    limit: Option<usize>,
    shuffle: Option<u64>,
    check: bool,
) -> Result<bool, String> {
    let mut grids = read_grids(input, limit)?;
    if let Some(seed) = shuffle {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        for grid in &mut grids {
            *grid = sudoku64::transform::random_symmetry(grid, &mut rng);
        }
    }
    let mut times = Vec::with_capacity(grids.len());
    let mut levels = [0usize; sudoku64::Level::ALL.len()];
    let mut no_guess = 0;
    let mut failed = 0;
    let total = Instant::now();
    for grid in &grids {
        let start = Instant::now();
        let rating = sudoku64::rate(grid);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        match rating {
            Ok(r) => {
                levels[r.level as usize] += 1;
                no_guess += usize::from(r.guesses == 0);
            }
            Err(_) => failed += 1,
        }
    }
    let secs = total.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    outln!("puzzles      {}", grids.len());
    outln!("total s      {secs:.3}");
    outln!("puzzles/s    {:.0}", grids.len() as f64 / secs);
    print_percentiles(&times);
    let counts: Vec<String> = sudoku64::Level::ALL
        .iter()
        .map(|l| format!("{} {}", l.id(), levels[*l as usize]))
        .collect();
    outln!("levels       {}", counts.join(", "));
    outln!("no guess     {no_guess}");
    outln!("errors       {failed}");
    if !check {
        return Ok(failed == 0);
    }
    let (mut steps, mut unsound) = (0usize, 0usize);
    for (i, grid) in grids.iter().enumerate() {
        let (Some(solution), Ok(explained)) =
            (sudoku64::search::solve_one(grid), sudoku64::explain(grid))
        else {
            continue;
        };
        for step in &explained {
            steps += 1;
            let wrong = step.eliminations.iter().any(|&(c, v)| solution.get(c) == v)
                || step.placements.iter().any(|&(c, v)| solution.get(c) != v);
            if wrong {
                unsound += 1;
                eprintln!("puzzle {}: unsound step: {}", i + 1, step.text());
            }
        }
    }
    outln!("steps        {steps} checked against the solution, {unsound} unsound");
    Ok(failed == 0 && unsound == 0)
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
    outln!("puzzles      {}", grids.len());
    outln!("hints        {}", times.len());
    outln!("total s      {secs:.3}");
    outln!("median µs    {:.1}", percentile(&times, 0.5));
    outln!("p99 µs       {:.1}", percentile(&times, 0.99));
    outln!(
        "max µs       {:.1} (puzzle {}, at {} filled cells)",
        slowest.0,
        slowest.1,
        slowest.2
    );
    Ok(true)
}

/// `sudoku64 bench generate`.
fn bench_generate(
    layout: Options,
    count: u64,
    seed: u64,
    symmetry: &str,
    empty: Option<f64>,
    difficulty: Option<&str>,
) -> Result<bool, String> {
    let base = generate_options(layout, symmetry, empty, false, difficulty)?;
    let size = base.shape.size();
    let mut times = Vec::new();
    let mut clues = Vec::new();
    let mut results: Vec<Generated> = Vec::new();
    outln!(
        "{:>10} {:>10} {:>7} {:>8} {:>8} {:>8}  outcome",
        "seed",
        "ms",
        "clues",
        "empty",
        "restarts",
        "checks"
    );
    for i in 0..count {
        let options = Options {
            seed: seed.wrapping_add(i),
            ..base.clone()
        };
        let mut clock = Clock::start(None);
        let made = generate::generate(&options, &mut clock).map_err(|e| e.to_string())?;
        let ms = clock.started.elapsed().as_secs_f64() * 1e3;
        outln!(
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
    let levels = if difficulty.is_some() {
        let hit = results.iter().filter(|r| r.difficulty_reached()).count();
        format!("; level reached {hit}/{count}")
    } else {
        String::new()
    };
    outln!(
        "{size}×{size}, {count} puzzles: median {:.1} ms, worst {:.1} ms; clues min {} median {} max {}; target reached {reached}/{count}{levels}",
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
