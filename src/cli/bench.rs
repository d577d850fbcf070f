//! `sudoku64 bench`: the solver, the grader, the hints and the generator measured on a
//! file or a range of seeds, with medians and percentiles.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Subcommand;
use rand::SeedableRng;
use sudoku64::generate::{Generated, Options};
use sudoku64::search::cdcl::{self, Restarts};
use sudoku64::search::{Limits, Policy, Search, SecondSolution};
use sudoku64::{Grid, Variants};

use super::generate::generate_options;
use super::{
    Clock, InputArgs, Outcome, box_shape, grid_layout, read_puzzles, search_for, variant_list,
};

#[derive(Subcommand)]
pub(super) enum BenchCommand {
    /// Count solutions up to 2 for every puzzle of a file: puzzles per second, median and p99.
    Solve {
        #[command(flatten)]
        input: InputArgs,
        /// Apply a random Sudoku symmetry to each puzzle first, from this seed (stored
        /// orientations flatter some solvers).
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        /// Engines to use: any of logic, dfs, cdcl, witness, band, bitboard (default: all).
        /// `dfs,cdcl,logic,witness` measures a variant or a classic grid without its fast
        /// path; `dfs,cdcl,bitboard` a classic grid on the bitboard solver.
        #[arg(long, value_delimiter = ',')]
        engines: Option<Vec<String>>,
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
        /// Engines to use: any of logic, dfs, cdcl, witness, band, bitboard (default: all).
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

/// Runs one `bench` subcommand: whether every puzzle had its answer.
pub(super) fn run(command: BenchCommand) -> Result<Outcome, String> {
    match command {
        BenchCommand::Rate {
            input,
            limit,
            shuffle,
            check,
        } => bench_rate(&input, limit, shuffle, check).map(Outcome::from),
        BenchCommand::Hint { input, limit } => bench_hint(&input, limit).map(Outcome::from),
        BenchCommand::Solve {
            input,
            shuffle,
            engines,
        } => bench_policy(engines.as_deref(), &[], &[], None, None, None)
            .and_then(|policy| bench_solve(&input, shuffle, &policy))
            .map(Outcome::from),
        BenchCommand::Large {
            files,
            timeout,
            engines,
            without,
            with,
            restarts,
            decay,
            second,
        } => bench_policy(
            engines.as_deref(),
            &without,
            &with,
            restarts.as_deref(),
            decay,
            second.as_deref(),
        )
        .and_then(|policy| bench_large(&files, timeout, &policy))
        .map(Outcome::from),
        BenchCommand::Generate {
            size,
            boxes,
            variant,
            count,
            seed,
            symmetry,
            empty,
            difficulty,
        } => grid_layout(size, boxes, variant.unwrap_or_default())
            .and_then(|layout| {
                bench_generate(layout, count, seed, &symmetry, empty, difficulty.as_deref())
            })
            .map(Outcome::from),
    }
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
fn bench_solve(input: &InputArgs, shuffle: Option<u64>, policy: &Policy) -> Result<bool, String> {
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
    let mut deciders = std::collections::BTreeMap::new();
    let mut nodes = Vec::with_capacity(grids.len());
    let mut slot: Option<Search> = None;
    let total = Instant::now();
    for grid in &grids {
        let search = search_for(&mut slot, grid.shape(), policy);
        let start = Instant::now();
        let answer = search.count_grid(grid, 2, Limits::NONE, &mut |_| true);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        let count = answer.count;
        *deciders.entry(answer.engine.name()).or_insert(0) += 1;
        nodes.push(answer.stats.nodes);
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
    nodes.sort_unstable();
    outln!(
        "branches     median {}, max {}",
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0)
    );
    let deciders: Vec<String> = deciders.iter().map(|(e, k)| format!("{e} {k}")).collect();
    outln!("decided by   {}", deciders.join(", "));
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
            if !["logic", "dfs", "cdcl", "witness", "band", "bitboard"].contains(&e.as_str()) {
                return Err(format!(
                    "{e:?} is not an engine: logic, dfs, cdcl, witness, band or bitboard"
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
        policy.bitboard = on("bitboard");
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
            Ok(sudoku64::Verdict::Unique(r)) => {
                levels[r.level as usize] += 1;
                no_guess += usize::from(r.guesses == 0);
            }
            // A clash, or no solution or several: the set holds a puzzle it should not.
            _ => failed += 1,
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
        let (Some(solution), Ok(sudoku64::Verdict::Unique(explained))) =
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
            let steps = match sudoku64::hint(&g) {
                Ok(sudoku64::Verdict::Unique(steps)) => steps,
                Ok(sudoku64::Verdict::Unsolvable(why)) => {
                    return Err(format!("puzzle {}: {why}", i + 1));
                }
                Err(e) => return Err(format!("puzzle {}: {e}", i + 1)),
            };
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
        let made = sudoku64::generate::generate(&options, &mut clock).map_err(|e| e.to_string())?;
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
