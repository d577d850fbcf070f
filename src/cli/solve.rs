//! `sudoku64 solve`: a solution (or a count, or every solution) for each puzzle of the
//! input, with a line on a terminal that shows a long search is alive.

use std::cell::Cell;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;

use clap::Args;
use sudoku64::TextForm;
use sudoku64::search::{Answer, Limits, Next, Policy, Search, Stats};

use super::{
    FormatArg, InputArgs, Outcome, TimeoutArg, input_name, search_for, stats_line, stream_puzzles,
    write_grid,
};

#[derive(Args)]
pub(super) struct SolveArgs {
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
pub(super) fn solve(args: &SolveArgs) -> Result<Outcome, String> {
    let puzzles = stream_puzzles(&args.input)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let form = TextForm::from(args.format);
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
            Err(e)
                if matches!(
                    e.as_read(),
                    Some(sudoku64::ReadErrorKind::ReadFailed { .. })
                ) =>
            {
                out.flush().map_err(|e| e.to_string())?;
                return Err(format!("{}: {e}", input_name(&args.input)));
            }
            Err(e) => {
                eprintln!("line {line}: {e}");
                all_ok = false;
                continue;
            }
        };
        let search = search_for(&mut slot, grid.shape(), &Policy::default());
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
                write_grid(&mut out, search.solution(), form, args.input.hex).map_err(io_err)?;
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
                (Some(s), None) => {
                    write_grid(&mut out, &s, form, args.input.hex).map_err(io_err)?
                }
                (Some(s), Some(_)) => {
                    eprintln!("line {line}: more than one solution; printed one");
                    write_grid(&mut out, &s, form, args.input.hex).map_err(io_err)?;
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
