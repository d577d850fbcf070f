//! temp
use sudoku64::{band, parse};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let grids: Vec<_> = parse::puzzles(&text, &Default::default())
        .filter_map(|(_, p)| p.ok())
        .collect();
    let t = std::time::Instant::now();
    let mut n = 0;
    let mut guesses = 0;
    for _ in 0..3 {
        for g in &grids {
            let c = band::count_up_to(g, 2);
            n += c.count;
            guesses += c.stats.guesses;
        }
    }
    println!(
        "{} guesses {} {:.0}/s",
        n,
        guesses,
        3.0 * grids.len() as f64 / t.elapsed().as_secs_f64()
    );
}
