//! The command line's implementation (native only: it needs a terminal, files and clap):
//! the commands and the options they share, how a batch's outcome becomes an exit status,
//! and reading the input. Each subcommand has a file of its own: [`solve`], [`logic`]
//! (`rate` and `explain`), [`generate`] and [`bench`].

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku64::generate::{Control, Options};
use sudoku64::search::{Policy, Search, Stats};
use sudoku64::stream::{StreamPuzzles, puzzles_from_reader};
use sudoku64::{Error, Grid, ParseOptions, Shape, TextForm, Variants, format};

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

mod bench;
mod generate;
mod logic;
mod solve;

use bench::BenchCommand;
use generate::GenerateArgs;
use logic::LogicArgs;
use solve::SolveArgs;

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
    /// The grid side, when it should not be inferred from the cell count (a side with no
    /// boxes, such as 7, asks for a jigsaw's game ID or link of that side).
    #[arg(long, allow_negative_numbers = true)]
    size: Option<usize>,
    /// The box shape, rows by columns (`2x6` for a 12×12 whose boxes are 2 rows high and
    /// 6 wide), when not the side's usual one: the squarest, wide side horizontal (6×6
    /// has 2x3, 12×12 3x4). It also gives the side when --size is not.
    #[arg(long = "box", value_name = "RxC", value_parser = box_shape)]
    boxes: Option<(usize, usize)>,
    /// Variants, comma-separated: `x` (both main diagonals hold each symbol once),
    /// `windoku` (so do the windows between square boxes), `jigsaw` (regions in place of
    /// boxes; they come with a game ID or a link). This adds x and windoku to a plain
    /// grid; a game ID or a link names its own variants, and one without those asked for
    /// is refused.
    #[arg(long, value_name = "LIST", value_parser = variant_list)]
    variant: Option<Variants>,
    /// 16×16 written with 0-F (0 is a symbol, not an empty cell); the grids and sentences
    /// written back name the symbols so too.
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

impl From<FormatArg> for TextForm {
    fn from(f: FormatArg) -> TextForm {
        match f {
            FormatArg::Line => TextForm::Line,
            FormatArg::Rows => TextForm::Rows,
            FormatArg::Framed => TextForm::Framed,
        }
    }
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
        Command::Solve(args) => solve::solve(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Rate(args) => logic::rate(&args),
        Command::Explain(args) => logic::explain(&args),
        Command::Bench(command) => bench::run(command),
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
    let options = ParseOptions {
        size: input.size,
        boxes: input.boxes,
        variants: input.variant.unwrap_or_default(),
        hex: input.hex,
        ..ParseOptions::default()
    };
    // A side that is no grid's, a box that does not tile the side, or hex with another
    // side, is said before reading. (A side with no boxes is a jigsaw's: its ID brings
    // the regions.)
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

/// Writes a grid in `form`; with `hex` (a 16×16 read with `--hex`) in the symbols it was
/// read in, `0`-`F`.
fn write_grid(out: &mut impl Write, grid: &Grid, form: TextForm, hex: bool) -> io::Result<()> {
    let text = match form {
        TextForm::Line => format::to_line(grid),
        _ => format::write(grid, form),
    };
    if hex {
        writeln!(out, "{}", format::to_hex_symbols(&text))
    } else {
        writeln!(out, "{text}")
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

/// A search for this shape under this policy, reusing the last one when the shape is the
/// same.
fn search_for<'s>(slot: &'s mut Option<Search>, shape: Shape, policy: &Policy) -> &'s mut Search {
    if slot.as_ref().is_none_or(|s| s.shape() != shape) {
        *slot = Some(Search::with_policy(shape, policy.clone()));
    }
    slot.as_mut().expect("made above")
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
    fn go_on(&mut self, _: &sudoku64::generate::Progress) -> bool {
        self.within()
    }
}
