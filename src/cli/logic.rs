//! `sudoku64 rate` and `sudoku64 explain`: the logic solver's grade and steps for each
//! puzzle of the input.

use std::io::{self, BufWriter, Write};

use clap::Args;
use sudoku64::{Error, Grid, Verdict};

use super::{InputArgs, Outcome, TimeoutArg, input_name, stream_puzzles};

#[derive(Args)]
pub(super) struct LogicArgs {
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
    fn options(&self) -> sudoku64::logic::steps::Techniques {
        sudoku64::logic::steps::Techniques {
            uniqueness: !self.no_uniqueness,
        }
    }
}

/// Writes `answer`'s text for every puzzle of the input, `between` separating two
/// puzzles' texts. A line that cannot be read, whose puzzle `answer` rejects, or whose
/// puzzle has no solution or several, gets a message naming the line on standard error. Returns whether every puzzle had an answer.
fn answer_each(
    args: &LogicArgs,
    between: &str,
    answer: impl Fn(&Grid, &mut dyn FnMut() -> bool) -> Result<Verdict<String>, Error>,
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
            Ok(Verdict::Unique(text)) => write!(out, "{text}").map_err(io_err)?,
            Ok(Verdict::Unsolvable(why)) => {
                out.flush().map_err(io_err)?;
                eprintln!("line {line}: {why}");
                all_ok = false;
            }
            Err(e) if e.is_cancelled() => {
                out.flush().map_err(io_err)?;
                eprintln!("{}", args.time.undecided(&format!("line {line}")));
                undecided = true;
            }
            Err(e)
                if matches!(
                    e.as_read(),
                    Some(sudoku64::ReadErrorKind::ReadFailed { .. })
                ) =>
            {
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
pub(super) fn rate(args: &LogicArgs) -> Result<Outcome, String> {
    let options = args.options();
    answer_each(args, "", |g, go_on| {
        let rating = sudoku64::logic::rate::rate_with(g, options, go_on)?;
        Ok(rating.map(|r| format!("{} {}\n", r.level.id(), r.score)))
    })
}

/// `sudoku64 explain`: the steps, one per line, a blank line between puzzles.
pub(super) fn explain(args: &LogicArgs) -> Result<Outcome, String> {
    let options = args.options();
    answer_each(args, "\n", |g, go_on| {
        let verdict = sudoku64::logic::steps::explain_with(g, options, go_on)?;
        let symbols = if args.input.hex {
            sudoku64::format::Symbols::Hex
        } else {
            sudoku64::format::Symbols::Alphabet
        };
        Ok(verdict.map(|steps| {
            steps
                .iter()
                .map(|s| format!("{}\n", s.text_in(symbols)))
                .collect()
        }))
    })
}
