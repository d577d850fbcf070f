//! [`Geometry`]: the tables of one shape that every solver and logic technique walks (the
//! cells of each unit, the units and peers of each cell, the units that overlap), and
//! [`Unit`], the kind and number of a unit.

use std::fmt;
use std::sync::Mutex;

use super::{MAX_UNITS_PER_CELL, Shape};

/// A unit (a row, column, box, jigsaw region, diagonal or window), numbered from 0 within
/// its kind (messages count from 1). [`Shape::unit_kind`] and [`Shape::unit_index`]
/// convert to and from the unit numbers the tables use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
    /// A jigsaw region, numbered in reading order of its first cell.
    Region(usize),
    /// A main diagonal: 0 from the top left to the bottom right, 1 from the top right.
    Diagonal(usize),
    /// A windoku window, numbered row-major.
    Window(usize),
}

impl Unit {
    /// A short name for the kind, for programs: `row`, `column`, `box`, `region`,
    /// `diagonal`, `window`.
    pub fn kind_name(self) -> &'static str {
        match self {
            Unit::Row(_) => "row",
            Unit::Column(_) => "column",
            Unit::Box(_) => "box",
            Unit::Region(_) => "region",
            Unit::Diagonal(_) => "diagonal",
            Unit::Window(_) => "window",
        }
    }

    /// Its number within its kind, from 0.
    pub fn number(self) -> usize {
        match self {
            Unit::Row(i)
            | Unit::Column(i)
            | Unit::Box(i)
            | Unit::Region(i)
            | Unit::Diagonal(i)
            | Unit::Window(i) => i,
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 7`, `box 1`, `region 2`, `the main diagonal`, `window 4`: counted
    /// from 1, as players do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
            Unit::Region(b) => write!(f, "region {}", b + 1),
            Unit::Diagonal(0) => write!(f, "the main diagonal"),
            Unit::Diagonal(_) => write!(f, "the anti-diagonal"),
            Unit::Window(w) => write!(f, "window {}", w + 1),
        }
    }
}

/// The fixed tables of one shape: the cells of each unit, the units of each cell and its
/// place in each, each cell's peers, and the pairs of units that overlap.
///
/// ```text
///  units      [u * n + i]   the i-th cell of unit u (rows, columns, boxes, then the
///                           extra units; a box's cells in reading order)
///  units_of   [cell]        its units: row, column, box, then any diagonals and window
///  index_in   [cell]        where it sits in each of those units, so a per-unit bit mask
///                           of places has bit index_in[cell][j] for the cell
///  peers      [cell]        the cells sharing a unit with it: its row, then its column,
///                           then the rest of its box, then the rest of its extra units
///  overlaps   [unit]        the units sharing two or more cells with it, and where
/// ```
///
/// Every unit has n cells. A cell lies in 3 units on a plain grid and in up to
/// [`MAX_UNITS_PER_CELL`] with extra units, so the per-cell lists have varying lengths.
/// One copy per shape lives for the whole program ([`Shape::geometry`]); at 64×64 the
/// tables take about 1.6 MB.
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    units: Vec<u16>,
    /// Per cell, the start of its entries in `cell_units` and `cell_index` (one more
    /// entry than cells).
    unit_start: Vec<u32>,
    cell_units: Vec<u16>,
    cell_index: Vec<u8>,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// Per unit, the start of its entries in `overlaps` (one more entry than units).
    overlap_start: Vec<u32>,
    overlaps: Vec<Overlap>,
}

/// Two units that share two or more cells, seen from the first: where pointing and
/// claiming apply (a box and a row, a diagonal and a box, a jigsaw region and a column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// The other unit.
    pub unit: u16,
    /// The shared cells, as places of the first unit (bit i for its i-th cell).
    pub here: u64,
    /// The shared cells, as places of the other unit.
    pub there: u64,
}

impl Geometry {
    /// The shared tables of a shape (built on first use).
    ///
    /// Each shape's tables are built once and kept for the whole program: a program uses
    /// a handful of shapes.
    pub fn of(shape: Shape) -> &'static Geometry {
        // Cages are no units: a killer shares its layout's tables.
        let shape = shape.without_cages();
        // A list, not a hash map: a program uses a handful of shapes, and a map's hashing
        // would weigh on the wasm for nothing.
        static TABLES: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut tables = TABLES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // From the end, and regions by address: interned lists are equal exactly when
        // they are the same list, and a run that met many jigsaws (a file of them, or a
        // generator drawing one per candidate) would otherwise compare n² bytes with each.
        // A hit moves to the end, so the shapes in use stay the first ones looked at.
        if let Some(at) = tables.iter().rposition(|g| g.shape.is(shape)) {
            let found = tables[at];
            let last = tables.len() - 1;
            tables.swap(at, last);
            return found;
        }
        let built: &'static Geometry = Box::leak(Box::new(Geometry::build(shape)));
        tables.push(built);
        built
    }

    fn build(shape: Shape) -> Geometry {
        let (n, cells) = (shape.size(), shape.cell_count());
        let count = shape.unit_count();
        let mut units = Vec::with_capacity(count * n);
        let mut of: Vec<Vec<(u16, u8)>> = vec![Vec::with_capacity(3); cells];
        for u in 0..count {
            for (i, c) in shape.unit_cells(u).into_iter().enumerate() {
                units.push(c as u16);
                of[c].push((u as u16, i as u8));
            }
        }
        let mut unit_start = Vec::with_capacity(cells + 1);
        let mut cell_units = Vec::with_capacity(3 * cells);
        let mut cell_index = Vec::with_capacity(3 * cells);
        unit_start.push(0);
        for list in &of {
            debug_assert!(list.len() <= MAX_UNITS_PER_CELL);
            cell_units.extend(list.iter().map(|&(u, _)| u));
            cell_index.extend(list.iter().map(|&(_, i)| i));
            unit_start.push(cell_units.len() as u32);
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        let mut seen = vec![false; cells];
        peer_start.push(0);
        for cell in 0..cells {
            let from = peers.len();
            seen[cell] = true;
            for &(u, _) in &of[cell] {
                let u = u as usize;
                for &o in &units[u * n..(u + 1) * n] {
                    if !seen[o as usize] {
                        seen[o as usize] = true;
                        peers.push(o);
                    }
                }
            }
            seen[cell] = false;
            for &o in &peers[from..] {
                seen[o as usize] = false;
            }
            peer_start.push(peers.len() as u32);
        }
        let mut overlap_start = Vec::with_capacity(count + 1);
        let mut overlaps = Vec::new();
        let mut shared: Vec<Overlap> = Vec::new();
        overlap_start.push(0);
        for u in 0..count {
            shared.clear();
            for (i, &c) in units[u * n..(u + 1) * n].iter().enumerate() {
                for &(v, j) in &of[c as usize] {
                    if v as usize == u {
                        continue;
                    }
                    match shared.iter_mut().find(|o| o.unit == v) {
                        Some(o) => {
                            o.here |= 1 << i;
                            o.there |= 1 << j;
                        }
                        None => shared.push(Overlap {
                            unit: v,
                            here: 1 << i,
                            there: 1 << j,
                        }),
                    }
                }
            }
            overlaps.extend(shared.iter().filter(|o| o.here.count_ones() >= 2));
            overlap_start.push(overlaps.len() as u32);
        }
        Geometry {
            shape,
            units,
            unit_start,
            cell_units,
            cell_index,
            peer_start,
            peers,
            overlap_start,
            overlaps,
        }
    }

    /// The shape these tables are for.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many units there are ([`Shape::unit_count`]).
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.units.len() / self.shape.size().max(1)
    }

    /// The n cells of unit `u`, in order.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let n = self.shape.size();
        &self.units[u * n..(u + 1) * n]
    }

    /// A cell's units, as unit numbers: its row, column and box first (always those three,
    /// in that order), then any diagonals and window.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[u16] {
        &self.cell_units[self.unit_start[cell] as usize..self.unit_start[cell + 1] as usize]
    }

    /// A cell's row, column and box, as unit numbers.
    #[inline]
    pub fn lines_and_box(&self, cell: usize) -> [u16; 3] {
        let at = self.unit_start[cell] as usize;
        [
            self.cell_units[at],
            self.cell_units[at + 1],
            self.cell_units[at + 2],
        ]
    }

    /// Where a cell sits in each of its units (0..n each), in the order of
    /// [`Geometry::units_of`].
    #[inline]
    pub fn index_in(&self, cell: usize) -> &[u8] {
        &self.cell_index[self.unit_start[cell] as usize..self.unit_start[cell + 1] as usize]
    }

    /// The cells sharing a unit with `cell`: its row, then its column, then the rest of
    /// its box, then the rest of any extra units.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The most peers any cell has.
    pub fn max_peers(&self) -> usize {
        self.peer_start
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }

    /// The units sharing two or more cells with unit `u`, by unit number: where pointing
    /// and claiming apply (a box and a line, a diagonal and a box, a window and a row...).
    #[inline]
    pub fn overlaps(&self, u: usize) -> &[Overlap] {
        &self.overlaps[self.overlap_start[u] as usize..self.overlap_start[u + 1] as usize]
    }

    /// True when two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let (x, y) = (self.units_of(a), self.units_of(b));
            x.iter().any(|u| y.contains(u))
        }
    }

    /// The kind and number of unit `u`.
    #[inline]
    pub fn unit_kind(&self, u: usize) -> Unit {
        self.shape.unit_kind(u)
    }
}
