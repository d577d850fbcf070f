//! Alternating inference chains (AIC) with grouped nodes, up to 9×9: the general form of
//! the X-chain and the XY-chain.
//!
//! A node is a symbol in one cell, or in a group: two or three cells where a box meets a
//! row or column (the node is true when one of them holds the symbol). A strong link
//! joins two nodes of which at least one is true: the two candidates of a cell with two,
//! or the two nodes that hold all the places of a symbol in a unit. A weak link joins two
//! nodes of which at most one is true: two candidates of one cell, or two nodes of one
//! symbol whose cells all see each other. A chain that starts and ends with a strong link
//! and alternates proves that its first or its last node is true:
//! - both of symbol `v`: a cell seeing every cell of both loses `v`;
//! - different symbols in one cell: the cell loses its other candidates;
//! - different symbols in two cells that see each other: each loses the other's symbol.
//!
//! The search is breadth-first from every node, so each start's shortest chains come
//! first, and chains are cut at 16 nodes. The nodes number a few hundred at 9×9, the
//! links a few thousand; cell sets fit one `u128`, so it runs at 9×9 and smaller.

use std::collections::{HashMap, VecDeque};

use super::{Arg, Board, Link, Node, Step, Technique, Words, bit, bits, members, peer_sets};

/// AICs are looked for on grids up to this side.
const AIC_MAX_SIDE: usize = 9;

/// The most nodes in a chain.
const AIC_MAX_NODES: usize = 16;

/// A node: a symbol and the cells (one, or a group) that may hold it.
struct ANode {
    v: u8,
    cells: u128,
}

/// The nodes, links and per-node cells seen by every cell of the node.
struct Graph {
    nodes: Vec<ANode>,
    seen_by: Vec<u128>,
    strong: Vec<Vec<usize>>,
    weak: Vec<Vec<usize>>,
}

fn graph(b: &Board) -> Graph {
    let n = b.n;
    let cells = b.cand.len();
    let peers = peer_sets(b);
    let mut nodes = Vec::new();
    let mut index: HashMap<(u8, u128), usize> = HashMap::new();
    for c in 0..cells {
        for v in bits(b.cand[c]) {
            index.insert((v, 1u128 << c), nodes.len());
            nodes.push(ANode {
                v,
                cells: 1u128 << c,
            });
        }
    }
    // Groups: a box's places of a symbol in one of its rows or columns, two or more.
    for bx in 2 * n..3 * n {
        for v in 1..=n as u8 {
            let places: Vec<usize> = b.places(bx, v).collect();
            for kind in 0..2 {
                let mut lines: Vec<u16> = places.iter().map(|&c| b.units_of(c)[kind]).collect();
                crate::sorting::sort_numbers(&mut lines);
                lines.dedup();
                for line in lines {
                    let set = places
                        .iter()
                        .filter(|&&c| b.units_of(c)[kind] == line)
                        .fold(0u128, |s, &c| s | 1u128 << c);
                    if set.count_ones() >= 2 && !index.contains_key(&(v, set)) {
                        index.insert((v, set), nodes.len());
                        nodes.push(ANode { v, cells: set });
                    }
                }
            }
        }
    }
    let seen_by: Vec<u128> = nodes
        .iter()
        .map(|x| members(x.cells).fold(u128::MAX, |acc, c| acc & peers[c]))
        .collect();
    let mut by_symbol = vec![Vec::new(); n + 1];
    for (i, x) in nodes.iter().enumerate() {
        by_symbol[x.v as usize].push(i);
    }
    let mut strong = vec![Vec::new(); nodes.len()];
    let mut weak = vec![Vec::new(); nodes.len()];
    for (i, x) in nodes.iter().enumerate() {
        let first = x.cells.trailing_zeros() as usize;
        if x.cells.count_ones() == 1 {
            for w in bits(b.cand[first] & !bit(x.v)) {
                let y = index[&(w, x.cells)];
                weak[i].push(y);
                if b.cand[first].count_ones() == 2 {
                    strong[i].push(y);
                }
            }
        }
        // Units holding every cell of the node: the rest of the symbol's places there.
        for &u in b.units_of(first) {
            let unit_cells = b
                .unit(u as usize)
                .iter()
                .fold(0u128, |s, &c| s | 1u128 << c);
            if x.cells & !unit_cells != 0 {
                continue;
            }
            let places = b.places(u as usize, x.v).fold(0u128, |s, c| s | 1u128 << c);
            let rest = places & !x.cells;
            if let Some(&y) = index.get(&(x.v, rest))
                && !strong[i].contains(&y)
            {
                strong[i].push(y);
            }
        }
        for &y in &by_symbol[x.v as usize] {
            let cells = nodes[y].cells;
            if y != i && cells & x.cells == 0 && cells & !seen_by[i] == 0 {
                weak[i].push(y);
            }
        }
    }
    Graph {
        nodes,
        seen_by,
        strong,
        weak,
    }
}

/// The eliminations a chain from `a` to `z` proves (one of them is true), into `out`
/// (emptied first: the search asks at every node it reaches, and most prove nothing).
fn conclusions(b: &Board, g: &Graph, a: usize, z: usize, out: &mut Vec<(usize, u8)>) {
    let (x, y) = (&g.nodes[a], &g.nodes[z]);
    out.clear();
    if x.v == y.v {
        let targets = g.seen_by[a] & g.seen_by[z] & !x.cells & !y.cells;
        for c in members(targets) {
            if b.cand[c] & bit(x.v) != 0 {
                out.push((c, x.v));
            }
        }
    } else if x.cells.count_ones() == 1 && y.cells.count_ones() == 1 {
        let (ca, cz) = (
            x.cells.trailing_zeros() as usize,
            y.cells.trailing_zeros() as usize,
        );
        if ca == cz {
            for w in bits(b.cand[ca] & !bit(x.v) & !bit(y.v)) {
                out.push((ca, w));
            }
        } else if b.sees(ca, cz) {
            if b.cand[ca] & bit(y.v) != 0 {
                out.push((ca, y.v));
            }
            if b.cand[cz] & bit(x.v) != 0 {
                out.push((cz, x.v));
            }
        }
    }
    crate::sorting::sort_cell_symbols(out);
}

/// `5r1c1`, or `5{r1c1 r1c2}` for a group.
fn node_name(x: &ANode) -> Words {
    let cells: Vec<usize> = members(x.cells).collect();
    if cells.len() == 1 {
        Words::new("aic-node")
            .with("symbol", Arg::Symbol(x.v))
            .with("cell", Arg::Cell(cells[0]))
    } else {
        let names = cells
            .into_iter()
            .map(|c| Words::new("chain-cell").with("cell", Arg::Cell(c)))
            .collect();
        Words::new("aic-group")
            .with("symbol", Arg::Symbol(x.v))
            .with("cells", Arg::Join("separator-space", names))
    }
}

/// The first AIC step, shortest chains first for each start.
pub(super) fn aic(b: &Board) -> Option<Step> {
    if b.n > AIC_MAX_SIDE {
        return None;
    }
    let g = graph(b);
    let count = g.nodes.len();
    // State `2 * node + s`: s = 0 the node is false, s = 1 it is true.
    let mut parent = vec![usize::MAX; 2 * count];
    let mut depth = vec![0usize; 2 * count];
    let mut queue = VecDeque::new();
    let mut eliminations = Vec::new();
    for a in 0..count {
        if g.strong[a].is_empty() {
            continue;
        }
        parent.fill(usize::MAX);
        queue.clear();
        let root = 2 * a;
        parent[root] = root;
        depth[root] = 1;
        queue.push_back(root);
        while let Some(state) = queue.pop_front() {
            let (x, on) = (state / 2, state % 2 == 1);
            if on && x != a {
                conclusions(b, &g, a, x, &mut eliminations);
                if !eliminations.is_empty() {
                    return Some(aic_step(b, &g, &parent, root, state, eliminations));
                }
            }
            if depth[state] >= AIC_MAX_NODES {
                continue;
            }
            let (next, s) = if on {
                (&g.weak[x], 0)
            } else {
                (&g.strong[x], 1)
            };
            for &y in next {
                let t = 2 * y + s;
                if parent[t] == usize::MAX {
                    parent[t] = state;
                    depth[t] = depth[state] + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    None
}

fn aic_step(
    b: &Board,
    g: &Graph,
    parent: &[usize],
    root: usize,
    end: usize,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut path = vec![end];
    while let Some(&last) = path.last()
        && last != root
    {
        path.push(parent[last]);
    }
    path.reverse();
    let node = |s: usize| &g.nodes[s / 2];
    let mut chain = vec![node_name(node(path[0]))];
    for &s in &path[1..] {
        chain.push(Words::new(if s % 2 == 1 {
            "chain-strong"
        } else {
            "chain-weak"
        }));
        chain.push(node_name(node(s)));
    }
    let as_node = |x: &ANode| Node {
        cells: members(x.cells).collect(),
        symbol: x.v,
    };
    let links = path
        .windows(2)
        .map(|w| Link {
            from: as_node(node(w[0])),
            to: as_node(node(w[1])),
            strong: w[1] % 2 == 1,
        })
        .collect();
    let mut cells = Vec::new();
    for &s in &path {
        for c in members(node(s).cells) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    let text = Words::new("aic")
        .with("chain", Arg::Join("separator-none", chain))
        .with("first", Arg::Words(Box::new(node_name(node(root)))))
        .with("last", Arg::Words(Box::new(node_name(node(end)))))
        .with("removal", Arg::Removal(eliminations.clone()));
    Step {
        links,
        ..Step::eliminating(b.shape, Technique::Aic, cells, eliminations, text)
    }
}
