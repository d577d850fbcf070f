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

use super::{Arg, Board, Link, Node, Step, Technique, Words, bit, bits, members, peer_sets};

/// AICs are looked for on grids up to this side.
const AIC_MAX_SIDE: usize = 9;

/// The most nodes in a chain.
const AIC_MAX_NODES: u8 = 16;

/// No node: the end of a lookup that found none, or a state the search has not reached.
const NONE: u32 = u32::MAX;

/// A node: a symbol and the cells (one, or a group) that may hold it.
struct ANode {
    v: u8,
    cells: u128,
}

/// The nodes, links and per-node cells seen by every cell of the node. The links of node
/// `i` are `strong[strong_at[i]..strong_at[i + 1]]` (and the same for `weak`), in the
/// order they were found: the search's order, and so which chain it reports, follows it.
struct Graph {
    nodes: Vec<ANode>,
    seen_by: Vec<u128>,
    strong: Vec<u32>,
    strong_at: Vec<usize>,
    weak: Vec<u32>,
    weak_at: Vec<usize>,
}

impl Graph {
    fn strong(&self, i: usize) -> &[u32] {
        &self.strong[self.strong_at[i]..self.strong_at[i + 1]]
    }

    fn weak(&self, i: usize) -> &[u32] {
        &self.weak[self.weak_at[i]..self.weak_at[i + 1]]
    }
}

fn graph(b: &Board) -> Graph {
    let n = b.n;
    let cells = b.cand.len();
    let peers = peer_sets(b);
    let mut nodes = Vec::new();
    // The node of symbol v in cell c alone, at c * (n + 1) + v.
    let mut single = vec![NONE; cells * (n + 1)];
    for c in 0..cells {
        for v in bits(b.cand[c]) {
            single[c * (n + 1) + v as usize] = nodes.len() as u32;
            nodes.push(ANode {
                v,
                cells: 1u128 << c,
            });
        }
    }
    // Groups: a box's places of a symbol in one of its rows or columns, two or more.
    let mut groups: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
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
                    let known = groups[v as usize]
                        .iter()
                        .any(|&g| nodes[g as usize].cells == set);
                    if set.count_ones() >= 2 && !known {
                        groups[v as usize].push(nodes.len() as u32);
                        nodes.push(ANode { v, cells: set });
                    }
                }
            }
        }
    }
    // The node of a symbol on exactly these cells, if there is one.
    let find = |v: u8, set: u128| -> u32 {
        match set.count_ones() {
            0 => NONE,
            1 => single[set.trailing_zeros() as usize * (n + 1) + v as usize],
            _ => groups[v as usize]
                .iter()
                .copied()
                .find(|&g| nodes[g as usize].cells == set)
                .unwrap_or(NONE),
        }
    };
    let seen_by: Vec<u128> = nodes
        .iter()
        .map(|x| members(x.cells).fold(u128::MAX, |acc, c| acc & peers[c]))
        .collect();
    let unit_cells: Vec<u128> = (0..b.unit_count())
        .map(|u| b.unit(u).iter().fold(0u128, |s, &c| s | 1u128 << c))
        .collect();
    // Per unit and symbol, the unit's places of the symbol.
    let mut unit_places = vec![0u128; b.unit_count() * (n + 1)];
    for (u, &set) in unit_cells.iter().enumerate() {
        for c in members(set) {
            for v in bits(b.cand[c]) {
                unit_places[u * (n + 1) + v as usize] |= 1u128 << c;
            }
        }
    }
    let mut by_symbol = vec![Vec::new(); n + 1];
    for (i, x) in nodes.iter().enumerate() {
        by_symbol[x.v as usize].push(i as u32);
    }
    let mut strong = Vec::new();
    let mut weak = Vec::new();
    let mut strong_at = vec![0];
    let mut weak_at = vec![0];
    for (i, x) in nodes.iter().enumerate() {
        let first = x.cells.trailing_zeros() as usize;
        if x.cells.count_ones() == 1 {
            for w in bits(b.cand[first] & !bit(x.v)) {
                let y = single[first * (n + 1) + w as usize];
                weak.push(y);
                if b.cand[first].count_ones() == 2 {
                    strong.push(y);
                }
            }
        }
        // Units holding every cell of the node: the rest of the symbol's places there.
        let own = strong.len();
        for &u in b.units_of(first) {
            let u = u as usize;
            if x.cells & !unit_cells[u] != 0 {
                continue;
            }
            let rest = unit_places[u * (n + 1) + x.v as usize] & !x.cells;
            let y = find(x.v, rest);
            if y != NONE && !strong[own..].contains(&y) {
                strong.push(y);
            }
        }
        for &y in &by_symbol[x.v as usize] {
            let cells = nodes[y as usize].cells;
            if y as usize != i && cells & x.cells == 0 && cells & !seen_by[i] == 0 {
                weak.push(y);
            }
        }
        strong_at.push(strong.len());
        weak_at.push(weak.len());
    }
    Graph {
        nodes,
        seen_by,
        strong,
        strong_at,
        weak,
        weak_at,
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
    // Per symbol, the cells that still hold it: a chain whose ends share a symbol proves
    // something only where the cells both ends see hold it too.
    let mut holding = vec![0u128; b.n + 1];
    for (c, &mask) in b.cand.iter().enumerate() {
        for v in bits(mask) {
            holding[v as usize] |= 1u128 << c;
        }
    }
    // State `2 * node + s`: s = 0 the node is false, s = 1 it is true. The queue is a
    // vector read from `head` on: breadth first, in the order the states were reached.
    let mut parent = vec![NONE; 2 * count];
    let mut depth = vec![0u8; 2 * count];
    let mut queue: Vec<u32> = Vec::with_capacity(2 * count);
    let mut eliminations = Vec::new();
    for a in 0..count {
        if g.strong(a).is_empty() {
            continue;
        }
        let start = &g.nodes[a];
        parent.fill(NONE);
        queue.clear();
        let root = 2 * a;
        parent[root] = root as u32;
        depth[root] = 1;
        queue.push(root as u32);
        let mut head = 0;
        while head < queue.len() {
            let state = queue[head] as usize;
            head += 1;
            let (x, on) = (state / 2, state % 2 == 1);
            if on && x != a {
                // Most ends prove nothing: rule those out before working out what.
                let end = &g.nodes[x];
                let may = if end.v == start.v {
                    g.seen_by[a]
                        & g.seen_by[x]
                        & !start.cells
                        & !end.cells
                        & holding[end.v as usize]
                        != 0
                } else {
                    start.cells.count_ones() == 1 && end.cells.count_ones() == 1
                };
                if may {
                    conclusions(b, &g, a, x, &mut eliminations);
                    if !eliminations.is_empty() {
                        return Some(aic_step(b, &g, &parent, root, state, eliminations));
                    }
                }
            }
            if depth[state] >= AIC_MAX_NODES {
                continue;
            }
            let (next, s) = if on { (g.weak(x), 0) } else { (g.strong(x), 1) };
            for &y in next {
                let t = 2 * y as usize + s;
                if parent[t] == NONE {
                    parent[t] = state as u32;
                    depth[t] = depth[state] + 1;
                    queue.push(t as u32);
                }
            }
        }
    }
    None
}

fn aic_step(
    b: &Board,
    g: &Graph,
    parent: &[u32],
    root: usize,
    end: usize,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut path = vec![end];
    while let Some(&last) = path.last()
        && last != root
    {
        path.push(parent[last] as usize);
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
