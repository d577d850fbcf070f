//! Tests of the depth-first solver.

use super::*;

fn all_solutions(dfs: &mut DepthFirst<'_>) -> Vec<Grid> {
    let mut found = Vec::new();
    while dfs.next_solution() == Next::Solution {
        found.push(dfs.solution());
    }
    found
}

#[test]
fn enumerates_every_4x4_grid_once() {
    let empty = Grid::empty(Shape::from_size(4).unwrap());
    let mut dfs = DepthFirst::new(empty.shape());
    dfs.load(&empty);
    let all = all_solutions(&mut dfs);
    assert_eq!(all.len(), 288);
    assert!(all.iter().all(Grid::is_solved));
    let distinct: std::collections::HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), 288);
}

/// With the lowest symbol first, the first branch of an empty grid puts symbol 1 in
/// the cell it branches on: the first cell of the order.
#[test]
fn the_cell_order_decides_where_ties_branch() {
    let shape = Shape::from_size(9).unwrap();
    let last = shape.cell_count() - 1;
    let mut dfs = DepthFirst::new(shape);
    dfs.load(&Grid::empty(shape));
    assert_eq!(dfs.next_solution(), Next::Solution);
    assert_eq!(dfs.solution().get(0), 1);
    assert_ne!(dfs.solution().get(last), 1);
    dfs.set_cell_order((0..shape.cell_count() as u16).rev().collect());
    dfs.load(&Grid::empty(shape));
    assert_eq!(dfs.next_solution(), Next::Solution);
    assert!(dfs.solution().is_solved());
    assert_eq!(dfs.solution().get(last), 1);
    assert_ne!(dfs.solution().get(0), 1);
}

/// Clearing cells one at a time from a full 16×16 grid, keeping each removal that
/// propagation proves: at every step the early-stopping test agrees with a full
/// propagation, both ways.
#[test]
fn propagate_fills_agrees_with_a_full_propagation() {
    let shape = Shape::from_size(16).unwrap();
    let mut dfs = DepthFirst::new(shape);
    dfs.set_random_order(Some(7));
    dfs.load(&Grid::empty(shape));
    assert_eq!(dfs.next_solution(), Next::Solution);
    let full = dfs.solution();
    dfs.set_random_order(None);
    let mut puzzle = full.clone();
    let (mut kept, mut cleared) = (0, 0);
    // A fixed order that visits every cell (7 is prime to 256).
    for cell in (0..shape.cell_count()).map(|i| i * 7 % shape.cell_count()) {
        puzzle.set(cell, 0);
        dfs.load(&puzzle);
        let whole = dfs.propagate_only() && dfs.is_solved();
        dfs.load(&puzzle);
        assert_eq!(dfs.propagate_fills(&[cell]), whole, "cell {cell}");
        if whole {
            cleared += 1;
        } else {
            puzzle.set(cell, full.get(cell));
            kept += 1;
        }
    }
    assert!(cleared > 50 && kept > 50, "{cleared} cleared, {kept} kept");
}

/// With links, the search finds exactly the grids that have the linked property,
/// every 4×4 grid that the half turn maps to itself under the relabelling
/// 1↔2, 3↔4, each once, against a filter of all 288.
#[test]
fn links_find_exactly_the_linked_grids() {
    let shape = Shape::from_size(4).unwrap();
    let empty = Grid::empty(shape);
    let mut dfs = DepthFirst::new(shape);
    dfs.load(&empty);
    let all = all_solutions(&mut dfs);
    let swap = vec![1u8, 0, 3, 2];
    let turned = |c: usize| shape.cell_count() - 1 - c;
    let linked = |g: &Grid| {
        (0..shape.cell_count()).all(|c| g.get(turned(c)) == swap[g.get(c) as usize - 1] + 1)
    };
    let expected: Vec<Grid> = all.into_iter().filter(linked).collect();
    assert!(!expected.is_empty());
    let links = (0..shape.cell_count())
        .map(|c| vec![(turned(c) as u16, 0)])
        .collect();
    dfs.set_links(links, vec![swap]);
    dfs.load(&empty);
    let mut found = all_solutions(&mut dfs);
    let mut expected = expected;
    found.sort_by(|a, b| a.cells().cmp(b.cells()));
    expected.sort_by(|a, b| a.cells().cmp(b.cells()));
    assert_eq!(found, expected, "each linked grid once (in another order)");
    // Without links again, every grid.
    dfs.set_links(Vec::new(), Vec::new());
    dfs.load(&empty);
    assert_eq!(all_solutions(&mut dfs).len(), 288);
}

#[test]
fn a_paused_search_resumes_where_it_was() {
    let empty = Grid::empty(Shape::from_size(4).unwrap());
    let mut dfs = DepthFirst::new(empty.shape());
    dfs.load(&empty);
    let mut found = Vec::new();
    let mut pauses = 0;
    loop {
        dfs.set_node_limit(dfs.stats().nodes + 3);
        match dfs.next_solution() {
            Next::Solution => found.push(dfs.solution()),
            Next::Stopped => pauses += 1,
            Next::Exhausted => break,
        }
    }
    assert!(pauses > 10);
    dfs.set_node_limit(u64::MAX);
    dfs.load(&empty);
    assert_eq!(
        found,
        all_solutions(&mut dfs),
        "the same solutions in the same order"
    );
}

#[test]
fn an_installed_go_on_stops_the_search() {
    let empty = Grid::empty(Shape::from_size(9).unwrap());
    let mut dfs = DepthFirst::new(empty.shape());
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let seen = calls.clone();
    dfs.set_go_on(Some(Box::new(move |_| {
        seen.set(seen.get() + 1);
        false
    })));
    dfs.load(&empty);
    // Counting every 9×9 grid would take ages: the go-on callback must end it.
    let mut count = 0;
    let how = loop {
        match dfs.next_solution() {
            Next::Solution => count += 1,
            other => break other,
        }
    };
    assert_eq!(how, Next::Stopped);
    assert_eq!(dfs.next_solution(), Next::Exhausted, "a stop is for good");
    assert!(count > 0);
    assert_eq!(calls.get(), 1);
    assert!(dfs.stats().nodes > 0);
}
