//! Chains: simple colouring (every size), X-chains and XY-chains (up to 16×16).
//!
//! A strong link joins the two places of a symbol in a unit where it has exactly two: one
//! of them is the symbol. A weak link joins any two places that see each other: at most
//! one of them is.
//!
//! - Simple colouring: the strong links of one symbol, coloured alternately (the step's
//!   links are those that coloured each cell, a tree rather than a chain). One colour is
//!   all true, the other all false. A colour with two cells in one unit is the false one
//!   (it loses the symbol everywhere); a cell seeing both colours loses the symbol.
//! - X-chain: strong, weak, strong, ... strong from cell A to cell Z: if A is not the
//!   symbol then Z is, so a cell seeing both A and Z loses it. The search is breadth-first
//!   from every start, so the chains found are the shortest.
//! - XY-chain: cells with two candidates each, every one seeing the next and sharing a
//!   symbol with it. If the first cell A is not `z`, it is its other symbol, which the
//!   next cell then is not, and so on, until the last cell Z is forced to `z`: either A or
//!   Z is `z`, so a cell seeing both loses it.

use std::collections::VecDeque;

use super::{Arg, Board, Link, Step, Technique, Words, bit, bits};

/// X-chains and XY-chains are looked for on grids up to this side (their search grows
/// with the square of the places of a symbol, or of the cells with two candidates).
const CHAIN_MAX_SIDE: usize = 16;

/// Strong links of symbol `v`: for each cell, the cells it is conjugate with.
fn strong_links(b: &Board, v: u8) -> Vec<Vec<usize>> {
    let mut links = vec![Vec::new(); b.cand.len()];
    for u in 0..b.unit_count() {
        let mut places = b.places(u, v);
        if let (Some(p), Some(q), None) = (places.next(), places.next(), places.next())
            && !links[p].contains(&q)
        {
            links[p].push(q);
            links[q].push(p);
        }
    }
    links
}

/// The states of a breadth-first search from `root` to `end`, following `parent` links.
fn walk_back(parent: &[usize], root: usize, end: usize) -> Vec<usize> {
    let mut path = vec![end];
    while let Some(&last) = path.last()
        && last != root
    {
        path.push(parent[last]);
    }
    path.reverse();
    path
}

/// The first simple-colouring step.
pub(super) fn simple_colouring(b: &Board) -> Option<Step> {
    let n = b.n;
    for v in 1..=n as u8 {
        let links = strong_links(b, v);
        let mut colour = vec![u8::MAX; b.cand.len()];
        for start in 0..b.cand.len() {
            if links[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // Colour one component, remembering the strong link that coloured each cell.
            let mut comp = vec![start];
            let mut tree = Vec::new();
            colour[start] = 0;
            let mut i = 0;
            while i < comp.len() {
                let c = comp[i];
                for &d in &links[c] {
                    if colour[d] == u8::MAX {
                        colour[d] = 1 - colour[c];
                        comp.push(d);
                        tree.push(Link::cells((c, v), (d, v), true));
                    }
                }
                i += 1;
            }
            if let Some(mut step) = colour_step(b, v, &comp, &colour) {
                step.links = tree;
                return Some(step);
            }
        }
    }
    None
}

fn colour_step(b: &Board, v: u8, comp: &[usize], colour: &[u8]) -> Option<Step> {
    // Per unit, the cells of each colour in it.
    let mut count = vec![[0u16; 2]; b.unit_count()];
    for &c in comp {
        for &u in b.units_of(c) {
            count[u as usize][colour[c] as usize] += 1;
        }
    }
    let colour_list =
        |k: u8| Arg::Cells(comp.iter().copied().filter(|&c| colour[c] == k).collect());
    // Colour wrap: two cells of one colour share a unit.
    for k in 0..2u8 {
        if let Some(u) = (0..b.unit_count()).find(|&u| count[u][k as usize] >= 2) {
            let eliminations: Vec<(usize, u8)> = comp
                .iter()
                .filter(|&&c| colour[c] == k)
                .map(|&c| (c, v))
                .collect();
            let text = Words::new("colour-wrap")
                .with("symbol", Arg::Symbol(v))
                .with("one", colour_list(0))
                .with("other", colour_list(1))
                .with("cell", Arg::Cell(eliminations[0].0))
                .with("unit", Arg::Unit(u))
                .with("removal", Arg::Removal(eliminations.clone()));
            return Some(Step::eliminating(
                b.shape,
                Technique::SimpleColouring,
                comp.to_vec(),
                eliminations,
                text,
            ));
        }
    }
    // Colour trap: an uncoloured place sees both colours.
    let mut eliminations = Vec::new();
    for c in 0..b.cand.len() {
        if b.cand[c] & bit(v) == 0 || comp.contains(&c) {
            continue;
        }
        let sees = |k: usize| b.units_of(c).iter().any(|&u| count[u as usize][k] > 0);
        if sees(0) && sees(1) {
            eliminations.push((c, v));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let text = Words::new("colour-trap")
        .with("symbol", Arg::Symbol(v))
        .with("one", colour_list(0))
        .with("other", colour_list(1))
        .with("removal", Arg::Removal(eliminations.clone()));
    Some(Step::eliminating(
        b.shape,
        Technique::SimpleColouring,
        comp.to_vec(),
        eliminations,
        text,
    ))
}

/// The first X-chain, shortest chains first for each start.
pub(super) fn x_chain(b: &Board) -> Option<Step> {
    if b.n > CHAIN_MAX_SIDE {
        return None;
    }
    let cells = b.cand.len();
    for v in 1..=b.n as u8 {
        let links = strong_links(b, v);
        let places: Vec<usize> = (0..cells).filter(|&c| b.cand[c] & bit(v) != 0).collect();
        // State `2 * cell + s`: s = 1 reached by a strong link (the cell is then the symbol
        // if the start is not), s = 0 by a weak link (the cell is then not the symbol).
        let mut parent = vec![usize::MAX; 2 * cells];
        let mut queue = VecDeque::new();
        for &a in &places {
            if links[a].is_empty() {
                continue;
            }
            parent.fill(usize::MAX);
            queue.clear();
            let root = 2 * a;
            parent[root] = root;
            queue.push_back(root);
            while let Some(state) = queue.pop_front() {
                let (c, strong) = (state / 2, state % 2 == 1);
                if strong
                    && c != a
                    && let Some(step) = chain_step(b, v, &places, a, c, &parent)
                {
                    return Some(step);
                }
                if strong {
                    for &d in &places {
                        if b.sees(c, d) && parent[2 * d] == usize::MAX {
                            parent[2 * d] = state;
                            queue.push_back(2 * d);
                        }
                    }
                } else {
                    for &d in &links[c] {
                        if parent[2 * d + 1] == usize::MAX {
                            parent[2 * d + 1] = state;
                            queue.push_back(2 * d + 1);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The X-chain step from `a` to `z`, if a place of `v` (of `places`, in cell order) sees
/// both.
fn chain_step(
    b: &Board,
    v: u8,
    places: &[usize],
    a: usize,
    z: usize,
    parent: &[usize],
) -> Option<Step> {
    let mut eliminations = Vec::new();
    for &c in places {
        if c != a && c != z && b.sees(c, a) && b.sees(c, z) {
            eliminations.push((c, v));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    // Walk back from z to a.
    let path = walk_back(parent, 2 * a, 2 * z + 1);
    let mut chain = vec![Words::new("chain-cell").with("cell", Arg::Cell(a))];
    for &s in &path[1..] {
        chain.push(Words::new(if s % 2 == 1 {
            "chain-strong"
        } else {
            "chain-weak"
        }));
        chain.push(Words::new("chain-cell").with("cell", Arg::Cell(s / 2)));
    }
    let text = Words::new("x-chain")
        .with("symbol", Arg::Symbol(v))
        .with("chain", Arg::Join("separator-none", chain))
        .with("first", Arg::Cell(a))
        .with("last", Arg::Cell(z))
        .with("removal", Arg::Removal(eliminations.clone()));
    let links = path
        .windows(2)
        .map(|w| Link::cells((w[0] / 2, v), (w[1] / 2, v), w[1] % 2 == 1))
        .collect();
    Some(Step {
        links,
        ..Step::eliminating(
            b.shape,
            Technique::XChain,
            path.iter().map(|&s| s / 2).collect(),
            eliminations,
            text,
        )
    })
}

/// The first XY-chain, the shortest for each start and symbol.
pub(super) fn xy_chain(b: &Board) -> Option<Step> {
    if b.n > CHAIN_MAX_SIDE {
        return None;
    }
    let pairs: Vec<usize> = (0..b.cand.len())
        .filter(|&c| b.cand[c].count_ones() == 2)
        .collect();
    let index = |c: usize| {
        pairs
            .binary_search(&c)
            .unwrap_or_else(|_| unreachable!("a cell with two candidates"))
    };
    // State `2 * i + j`: cell pairs[i] holds its j-th symbol (lower first).
    let symbol = |i: usize, j: usize| {
        let m = b.cand[pairs[i]];
        if j == 0 {
            m.trailing_zeros() as u8 + 1
        } else {
            (63 - m.leading_zeros()) as u8 + 1
        }
    };
    let mut parent = vec![usize::MAX; 2 * pairs.len()];
    let mut queue = VecDeque::new();
    for (ia, &a) in pairs.iter().enumerate() {
        for jz in 0..2 {
            let z = symbol(ia, jz);
            parent.fill(usize::MAX);
            queue.clear();
            // A is not z: it holds its other symbol.
            let root = 2 * ia + (1 - jz);
            parent[root] = root;
            queue.push_back(root);
            while let Some(state) = queue.pop_front() {
                let (i, t) = (state / 2, symbol(state / 2, state % 2));
                let c = pairs[i];
                if c != a
                    && t == z
                    && let Some(step) = xy_step(b, z, a, c, root, state, &parent, &pairs)
                {
                    return Some(step);
                }
                // The next cell sees this one and holds t: it is then its other symbol.
                for &u in b.units_of(c) {
                    for &d in b.unit(u as usize) {
                        let d = d as usize;
                        if d == c || b.cand[d].count_ones() != 2 || b.cand[d] & bit(t) == 0 {
                            continue;
                        }
                        let id = index(d);
                        let other = 2 * id + usize::from(symbol(id, 0) == t);
                        if parent[other] == usize::MAX {
                            parent[other] = state;
                            queue.push_back(other);
                        }
                    }
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn xy_step(
    b: &Board,
    z: u8,
    a: usize,
    last: usize,
    root: usize,
    state: usize,
    parent: &[usize],
    pairs: &[usize],
) -> Option<Step> {
    let mut eliminations = Vec::new();
    for c in 0..b.cand.len() {
        if c != a && c != last && b.cand[c] & bit(z) != 0 && b.sees(c, a) && b.sees(c, last) {
            eliminations.push((c, z));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let path = walk_back(parent, root, state);
    let cells: Vec<usize> = path.iter().map(|&s| pairs[s / 2]).collect();
    let chain: Vec<Words> = cells
        .iter()
        .map(|&c| {
            Words::new("chain-cell-candidates")
                .with("cell", Arg::Cell(c))
                .with("candidates", Arg::Symbols(b.cand[c]))
        })
        .collect();
    let text = Words::new("xy-chain")
        .with("symbol", Arg::Symbol(z))
        .with("chain", Arg::Join("chain-weak", chain))
        .with("first", Arg::Cell(a))
        .with("last", Arg::Cell(last))
        .with("removal", Arg::Removal(eliminations.clone()));
    // Inside each cell a strong link from the symbol it is not to the one it then is;
    // between cells a weak link on the symbol they share.
    let mut links = Vec::new();
    let mut not = z;
    for (i, &s) in path.iter().enumerate() {
        let c = pairs[s / 2];
        let is = (bits(b.cand[c]))
            .find(|&t| t != not)
            .expect("two candidates");
        links.push(Link::cells((c, not), (c, is), true));
        if let Some(&next) = path.get(i + 1) {
            links.push(Link::cells((c, is), (pairs[next / 2], is), false));
        }
        not = is;
    }
    Some(Step {
        links,
        ..Step::eliminating(b.shape, Technique::XyChain, cells, eliminations, text)
    })
}
