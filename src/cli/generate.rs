//! `sudoku64 generate`: puzzles with one solution, as lines, Solo IDs or CSV, within a time
//! budget and a hard stop.

use std::io::{self, BufWriter, Write};

use clap::Args;
use sudoku64::generate::{Options, Symmetry, Target};
use sudoku64::{Error, Shape, Variants, format};

use super::{Clock, Outcome, PuzzleFormatArg, box_shape, grid_layout, seconds, variant_list};

#[derive(Args, Clone)]
pub(super) struct GenerateArgs {
    /// Grid side: 1, or 4 to 64 with a box shape (6, 8, 9, 10, 12, ... 64; not 2, 3 or a
    /// prime). Boxes are the squarest, wide side horizontal, unless --box says otherwise.
    #[arg(long, allow_negative_numbers = true)]
    size: Option<usize>,
    /// The box shape, rows by columns (`2x6`); it gives the side when --size is not.
    #[arg(long = "box", value_name = "RxC", value_parser = box_shape)]
    boxes: Option<(usize, usize)>,
    /// Variants, comma-separated: `x` (both main diagonals), `windoku` (the windows
    /// between square boxes; with `x`, up to 25×25), `jigsaw` (new random regions in place
    /// of boxes, drawn from the seed), `killer` (cages with sums and no givens, drawn from
    /// the seed; 4×4 to 20×20, with any of the others). Variants print as game IDs, which
    /// carry them.
    #[arg(long, value_name = "LIST", value_parser = variant_list)]
    variant: Option<Variants>,
    /// How many puzzles (at least 1).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Seed of the first puzzle; the next ones use seed+1, seed+2, ... (random if omitted).
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Symmetry of the givens (of the cages with `--variant killer`): none, rot180, rot90,
    /// mirror or diagonal.
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
    /// default, but for boxes other than the side's usual ones and for variants, which
    /// only an ID carries: there `line` is refused), or `solo`, a game ID
    /// (`2x3:a5d4_6...`, Simon Tatham's Solo's form, which every reader here reads back).
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

/// The layout in words, as a shape names itself (`9×9 X`, `12×12 (2×6 boxes)`), with the
/// regions or cages the generator will draw: `9×9 jigsaw`, `9×9 killer`.
fn layout_name(layout: &Options) -> String {
    let mut name = layout.shape.to_string();
    if layout.new_regions && !layout.shape.is_jigsaw() {
        name.push_str(" jigsaw");
    }
    if layout.new_cages && !layout.shape.has_cages() {
        name.push_str(" killer");
    }
    name
}

pub(super) fn generate_options(
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
pub(super) fn generate(args: &GenerateArgs) -> Result<Outcome, String> {
    let layout = grid_layout(args.size, args.boxes, args.variant.unwrap_or_default())?;
    if matches!(args.format, Some(PuzzleFormatArg::Line))
        && (layout.new_regions
            || layout.new_cages
            || Shape::from_size(layout.shape.size()) != Ok(layout.shape))
    {
        return Err(format!(
            "--format line cannot carry a {}: the one-line form holds only the cells, so its \
             reader would take the side's usual boxes and no variant; use --format solo (the \
             default for this layout)",
            layout_name(&layout)
        ));
    }
    let base = generate_options(
        layout,
        &args.symmetry,
        args.empty,
        args.minimal,
        args.difficulty.as_deref(),
    )?;
    let first = args
        .seed
        .unwrap_or_else(|| sudoku64::generate::fresh_seed(&mut rand::rng()));
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
        let made = match sudoku64::generate::generate(&options, &mut clock) {
            Ok(made) => made,
            Err(e) if e.is_cancelled() => {
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
