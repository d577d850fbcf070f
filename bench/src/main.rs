//! Side-by-side solver benchmark on the public 9×9 puzzle sets: sudoku64's band solver
//! (the 9×9 fast path) and its generic solver against the `sudoku` crate (a fast
//! JCZ-style 9×9 solver) and, when `scripts/bench-tdoku.sh` has built it, tdoku (a DPLL
//! solver over band triads with SIMD propagation, C++), each puzzle under a random symmetry
//! from a fixed seed. All of them count solutions up to 2, the work of a uniqueness check;
//! their counts must agree. They take turns for several rounds and each keeps its fastest,
//! so that load on a shared machine hits them alike, and they are timed by the CPU time of
//! the thread (see `clock`); the band solver's ratios are to each reference.
//!
//! tdoku is linked into this program (see `build.rs`) rather than timed by its own
//! benchmark program, so that every solver reads the same puzzles under the same
//! symmetries, is timed by the same loop in the same process, and has its counts checked
//! against the others'.
//!
//! ```text
//! cargo run --release -p sudoku64-bench -- [--limit N] [--rounds R] [--seed S] [--no-generic] [FILE...]
//! cargo run --release -p sudoku64-bench -- --verify-fixtures [tests/data/9x9.txt]
//! cargo run --release -p sudoku64-bench -- --generate [--limit N] [--rounds R]
//! ```
//!
//! `--no-generic` leaves the generic solver out, which otherwise takes most of the time.
//!
//! `--generate` times minimal 9×9 generation instead, with no symmetry and with 180°
//! symmetry: sudoku64's generator against the crate's, taking turns the same way, N
//! puzzles per round (default 2,000).
//!
//! `--verify-fixtures` checks the 9×9 lines of the test fixtures (`puzzle:count:solution`)
//! against the `sudoku` crate alone: its count up to 2 and, for one solution, the solution.

use std::path::PathBuf;

use clap::Parser;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use sudoku64::search::{Limits, Policy, Search, band, masks_of};
use sudoku64::transform::random_symmetry;
use sudoku64::{Grid, Shape};

#[derive(Parser)]
#[command(about = "sudoku64 vs the sudoku crate: count-up-to-2 throughput on 9×9 puzzle sets")]
struct Args {
    /// Puzzle files, one 81-character puzzle per line (`#` lines skipped).
    files: Vec<PathBuf>,
    /// At most this many puzzles from each file.
    #[arg(long)]
    limit: Option<usize>,
    /// Rounds of the solvers taking turns; each keeps its fastest round.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Seed for the random symmetries.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Check the fixture files (default tests/data/9x9.txt) with the `sudoku` crate instead.
    #[arg(long)]
    verify_fixtures: bool,
    /// Time minimal 9×9 generation instead of solving.
    #[arg(long)]
    generate: bool,
    /// Leave the generic solver out (its column stays empty): it takes most of a run's
    /// time, and the band solver's ratios do not depend on it.
    #[arg(long)]
    no_generic: bool,
}

/// Minimal 9×9 puzzles per second, sudoku64 against the `sudoku` crate, with no symmetry
/// and with 180° symmetry; each side keeps its fastest round.
fn bench_generate(count: usize, rounds: usize, seed: u64) {
    use sudoku64::generate::{Options, Symmetry, Unattended, generate};
    let shape = Shape::from_size(9).unwrap();
    println!("minimal 9×9 generation, {count} puzzles per round, best of {rounds} rounds");
    println!(
        "{:<12} {:>14} {:>12} {:>8} {:>16} {:>14}",
        "symmetry", "sudoku64 /s", "sudoku /s", "ratio", "sudoku64 clues", "sudoku clues"
    );
    let cases = [
        (Symmetry::None, sudoku::Symmetry::None),
        (Symmetry::Rot180, sudoku::Symmetry::HalfRotation),
    ];
    for (ours, theirs) in cases {
        let mut best = [f64::INFINITY; 2];
        let mut clues = [0usize; 2];
        for round in 0..rounds.max(1) {
            let start = clock::now();
            let mut total = 0;
            for i in 0..count {
                let mut options = Options::new(shape, seed + (round * count + i) as u64);
                options.symmetry = ours;
                let made = generate(&options, &mut Unattended).expect("9×9 generation");
                assert!(made.minimal, "a 9×9 puzzle not proved minimal");
                total += made.puzzle.clue_count();
            }
            best[0] = best[0].min(clock::since(start));
            clues[0] = total;
            let start = clock::now();
            let mut total = 0;
            for _ in 0..count {
                let made = sudoku::Sudoku::generate_with_symmetry(theirs);
                total += made.n_clues() as usize;
            }
            best[1] = best[1].min(clock::since(start));
            clues[1] = total;
        }
        let [a, b] = best.map(|secs| count as f64 / secs);
        println!(
            "{:<12} {:>14.0} {:>12.0} {:>8.2} {:>16.1} {:>14.1}",
            ours.name(),
            a,
            b,
            a / b,
            clues[0] as f64 / count as f64,
            clues[1] as f64 / count as f64
        );
    }
}

/// Checks every 9×9 `puzzle:count:solution` line of the fixture files with the `sudoku`
/// crate, an engine independent of sudoku64. Exits non-zero on the first disagreement.
fn verify_fixtures(files: &[PathBuf]) {
    let files = if files.is_empty() {
        vec![PathBuf::from("tests/data/9x9.txt")]
    } else {
        files.to_vec()
    };
    for path in &files {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut checked = 0;
        for (i, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split(':').collect();
            if line.starts_with('#') || line.trim().is_empty() || fields[0].len() != 81 {
                continue;
            }
            let at = format!("{}:{}", path.display(), i + 1);
            assert_eq!(fields.len(), 3, "{at}: not puzzle:count:solution");
            let want: usize = fields[1].parse().unwrap_or_else(|e| panic!("{at}: {e}"));
            let sudoku = sudoku::Sudoku::from_str_line(fields[0])
                .unwrap_or_else(|e| panic!("{at}: the sudoku crate cannot read it: {e:?}"));
            let count = sudoku.solutions_count_up_to(2);
            assert_eq!(count, want, "{at}: the sudoku crate counts {count}");
            if want == 1 {
                let solution = sudoku.solution().expect("one solution").to_str_line();
                assert_eq!(&*solution, fields[2], "{at}: the solutions differ");
            }
            checked += 1;
        }
        println!(
            "{}: {checked} 9×9 lines agree with the sudoku crate",
            path.display()
        );
    }
}

/// Puzzles solved per round at least: a smaller set is solved several times over.
const MIN_PUZZLES_PER_ROUND: usize = 20_000;

fn read_set(path: &PathBuf, limit: Option<usize>, seed: u64) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let shape = Shape::from_size(9).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .take(limit.unwrap_or(usize::MAX))
        .map(|l| {
            let cells = l
                .bytes()
                .take(81)
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect();
            random_symmetry(&Grid::from_cells(shape, cells).unwrap(), &mut rng)
        })
        .collect()
}

fn line_of(g: &Grid) -> String {
    g.cells()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// The clock the solvers are timed by: on 64-bit Linux, the CPU time of this thread, so that time
/// spent descheduled while other work holds the cores is not charged to the solver that
/// happened to be running (on a shared 2-core machine, wall-clock rates of the same solver
/// moved by 30% from run to run); elsewhere, wall-clock time.
mod clock {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    pub fn now() -> f64 {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut time = Timespec { sec: 0, nsec: 0 };
        // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux)
        // into `time`, which outlives the call.
        let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
        assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        time.sec as f64 + time.nsec as f64 * 1e-9
    }

    #[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
    pub fn now() -> f64 {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    }

    /// Seconds since `start`, a value of [`now`].
    pub fn since(start: f64) -> f64 {
        now() - start
    }
}

/// tdoku, linked from the static library `scripts/bench-tdoku.sh` builds.
#[cfg(tdoku)]
mod tdoku {
    use std::ffi::c_char;

    unsafe extern "C" {
        fn TdokuSolverDpllTriadSimd(
            puzzle: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }

    /// A puzzle as tdoku reads it: 81 characters (`1`..`9`, `.`) and a NUL, which marks it
    /// as a plain (not pencil-mark) puzzle.
    pub type Line = [u8; 82];

    /// Solutions of `puzzle`, counted up to `limit`.
    pub fn count_up_to(puzzle: &Line, limit: usize) -> usize {
        let mut solution = [0u8; 81];
        let mut guesses = 0usize;
        // SAFETY: tdoku reads 82 bytes of `puzzle` and, for a limit of 1 only, writes 81
        // bytes of `solution`; both buffers are that long and live through the call.
        unsafe {
            TdokuSolverDpllTriadSimd(
                puzzle.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        }
    }
}

fn main() {
    let args = Args::parse();
    if args.verify_fixtures {
        verify_fixtures(&args.files);
        return;
    }
    if args.generate {
        bench_generate(args.limit.unwrap_or(2_000), args.rounds, args.seed);
        return;
    }
    let files = if args.files.is_empty() {
        [
            "puzzles2_17_clue",
            "puzzles3_magictour_top1465",
            "puzzles5_forum_hardest_1905_11+",
        ]
        .iter()
        .map(|f| PathBuf::from("../shared/puzzles").join(f))
        .collect()
    } else {
        args.files.clone()
    };
    println!(
        "count up to 2, each puzzle under a random symmetry (seed {})",
        args.seed
    );
    if cfg!(not(tdoku)) {
        println!("tdoku: not built (bash scripts/bench-tdoku.sh builds it); its column is empty");
    }
    println!(
        "{:<34} {:>8} {:>10} {:>10} {:>10} {:>10} {:>9} {:>9} {:>9}",
        "set",
        "puzzles",
        "band /s",
        "generic /s",
        "sudoku /s",
        "tdoku /s",
        "÷sudoku",
        "÷tdoku",
        "gen÷sud."
    );
    for path in &files {
        let set = read_set(path, args.limit, args.seed);
        let lines: Vec<String> = set.iter().map(line_of).collect();
        let parsed: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        // The depth-first search alone: the generic engine every size uses.
        let mut search = Search::with_policy(
            Shape::from_size(9).unwrap(),
            Policy {
                band: false,
                bitboard: false,
                conflict_driven: false,
                witness: false,
                ..Policy::default()
            },
        );

        // The solvers take turns, round after round, and each keeps its fastest
        // round: on a shared machine, load that comes and goes then hits all three alike.
        // A small set is solved several times per round, so that a round lasts long
        // enough to time.
        #[cfg(tdoku)]
        let tdoku_lines: Vec<tdoku::Line> = lines
            .iter()
            .map(|l| {
                let mut line = [0u8; 82];
                line[..81].copy_from_slice(l.as_bytes());
                line
            })
            .collect();
        let reps = (MIN_PUZZLES_PER_ROUND / set.len().max(1)).max(1);
        let mut best = [f64::INFINITY; 4];
        let mut counts: [Vec<u64>; 4] = Default::default();
        for _ in 0..args.rounds.max(1) {
            let runs: [&mut dyn FnMut() -> Vec<u64>; 4] = [
                &mut || set.iter().map(|g| band::count_up_to(g, 2).count).collect(),
                &mut || {
                    if args.no_generic {
                        return Vec::new();
                    }
                    set.iter()
                        .map(|g| {
                            search
                                .count(&masks_of(g), 2, Limits::NONE, &mut |_| true)
                                .count
                        })
                        .collect()
                },
                &mut || {
                    parsed
                        .iter()
                        .map(|s| s.solutions_count_up_to(2) as u64)
                        .collect()
                },
                &mut || {
                    #[cfg(tdoku)]
                    let counted = tdoku_lines
                        .iter()
                        .map(|l| tdoku::count_up_to(l, 2) as u64)
                        .collect();
                    #[cfg(not(tdoku))]
                    let counted = Vec::new();
                    counted
                },
            ];
            for (i, run) in runs.into_iter().enumerate() {
                let start = clock::now();
                for _ in 0..reps {
                    counts[i] = run();
                }
                best[i] = best[i].min(clock::since(start));
            }
        }
        for (i, line) in lines.iter().enumerate() {
            let want = counts[2][i];
            assert_eq!(counts[0][i], want, "band count differs on {line}");
            if !args.no_generic {
                assert_eq!(counts[1][i], want, "generic count differs on {line}");
            }
            #[cfg(tdoku)]
            assert_eq!(counts[3][i], want, "tdoku's count differs on {line}");
        }
        let name = path.file_name().unwrap().to_string_lossy();
        let [f, a, b, t] = best.map(|secs| (set.len() * reps) as f64 / secs);
        let (t, ft) = if cfg!(tdoku) {
            (format!("{t:.0}"), format!("{:.2}", f / t))
        } else {
            ("—".into(), "—".into())
        };
        let (a, ab) = if args.no_generic {
            ("—".into(), "—".into())
        } else {
            (format!("{a:.0}"), format!("{:.2}", a / b))
        };
        println!(
            "{:<34} {:>8} {:>10.0} {:>10} {:>10.0} {:>10} {:>9.2} {:>9} {:>9}",
            name,
            set.len(),
            f,
            a,
            b,
            t,
            f / b,
            ft,
            ab
        );
    }
}
