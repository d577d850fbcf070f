//! Errors in the rules of a grid: a layout that cannot be (a side, a box, jigsaw regions, a
//! variant that does not fit it, a killer cage), or givens that break it (a clash, a symbol
//! over the side). Each names the cells it is about.

use std::fmt;

use super::{english, variant_key};
use crate::grid::{Shape, Unit};
use crate::logic::{Arg, Words};

/// A grid whose layout or givens break the rules. Small to move around: the details live
/// in a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    kind: Box<RuleErrorKind>,
}

/// Which rule is broken, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleErrorKind {
    /// A symbol over the grid side in a cell array.
    SymbolValue {
        /// The value.
        value: usize,
        /// The cell.
        cell: usize,
        /// The grid side.
        size: usize,
    },
    /// Two givens with the same symbol in one row, column or box.
    Clash {
        /// The grid's shape.
        shape: Shape,
        /// The earlier cell.
        first: usize,
        /// The later cell.
        second: usize,
        /// The symbol both hold.
        symbol: u8,
        /// The unit they share.
        unit: Unit,
    },
    /// A grid side that has no box shape: 2, 3, a prime, or over 64.
    BadSize {
        /// The side asked for.
        size: usize,
    },
    /// A box shape that does not tile the grid, or is not a box (a side under 2).
    BadBox {
        /// Rows of cells in the box asked for.
        rows: usize,
        /// Columns of cells in the box asked for.
        columns: usize,
        /// The grid side it was asked for, if one was given.
        size: Option<usize>,
    },
    /// Jigsaw regions that are not n regions of n cells each.
    BadRegions {
        /// The first cell of the first region with the wrong number of cells (or of the
        /// region one too many).
        cell: usize,
        /// The cells that region has.
        cells: usize,
        /// The grid side: how many regions there must be, and cells in each.
        size: usize,
        /// How many regions there are.
        found: usize,
    },
    /// A variant that does not fit the grid: `x` below 4×4, `windoku` without square boxes.
    BadVariant {
        /// The variant's name, as `--variant` takes it.
        variant: &'static str,
        /// The shape it was asked on.
        shape: Shape,
        /// Why it does not fit: a sentence's key (`"variant-x-size"`), its English the
        /// `engine.` message of that key.
        reason: &'static str,
    },
    /// A killer cage that cannot be (its layout or its sum), or whose givens break it.
    BadCage {
        /// The cage's cells, in reading order.
        cells: Vec<usize>,
        /// Its sum, if it has one.
        sum: Option<u32>,
        /// The grid side.
        size: usize,
        /// What is wrong with it.
        problem: CageProblem,
    },
}

/// What is wrong with a killer cage ([`RuleErrorKind::BadCage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageProblem {
    /// It has no cells.
    Empty,
    /// A cell past the grid's last.
    Outside {
        /// The cell.
        cell: usize,
    },
    /// A cell that is in an earlier cage too.
    Overlap {
        /// The cell.
        cell: usize,
    },
    /// Its cells are not joined side to side.
    NotConnected,
    /// More cells than there are digits, so two would repeat.
    TooBig,
    /// No set of distinct digits makes its sum: it must lie between these.
    NoDigits {
        /// The least sum its cells can make.
        least: u32,
        /// The most.
        most: u32,
    },
    /// The sums of all cages add up to more than the grid holds, or, with every cell in
    /// a cage, to anything but the grid's total.
    Total {
        /// The cages' sums added up.
        total: u32,
        /// What the grid's digits add up to.
        grid: u32,
    },
    /// Two of its cells carry a sum.
    TwoSums {
        /// The cell carrying the second.
        cell: usize,
        /// The second sum.
        second: u32,
    },
    /// A digit twice in it.
    Repeat {
        /// The digit.
        symbol: u8,
    },
    /// Its filled cells add up past its sum, or, full, to something else.
    Missed {
        /// What they add up to.
        total: u32,
    },
}

impl RuleError {
    /// Which rule is broken.
    pub fn kind(&self) -> &RuleErrorKind {
        &self.kind
    }

    /// The message as data (see [`super::Error::words`]).
    pub fn words(&self) -> Words {
        let num = Arg::whole;
        match &*self.kind {
            RuleErrorKind::Clash {
                shape,
                first,
                second,
                symbol,
                unit,
            } => Words::new("clash")
                .with("size", num(shape.size()))
                .with("first", Arg::Cell(*first))
                .with("second", Arg::Cell(*second))
                .with("symbol", Arg::Symbol(*symbol))
                .with("unit", Arg::Unit(shape.unit_index(*unit)))
                // What a page needs to name the unit as the grid does (a region, a
                // diagonal): the layout's kind, as flags.
                .with("jigsaw", num(usize::from(shape.is_jigsaw())))
                .with("diagonals", num(usize::from(shape.has_diagonals()))),
            RuleErrorKind::BadBox {
                rows,
                columns,
                size: Some(n),
            } => Words::new("bad-box")
                .with("rows", num(*rows))
                .with("columns", num(*columns))
                .with("size", num(*n)),
            RuleErrorKind::BadBox {
                rows,
                columns,
                size: None,
            } => Words::new("bad-box-shape")
                .with("rows", num(*rows))
                .with("columns", num(*columns)),
            RuleErrorKind::BadRegions {
                cell,
                cells,
                size,
                found,
            } => Words::new(if found == size {
                "bad-region"
            } else {
                "bad-regions"
            })
            .with("size", num(*size))
            .with("cell", Arg::Cell(*cell))
            .with("cells", num(*cells))
            .with("found", num(*found)),
            RuleErrorKind::BadSize { size } => Words::new("bad-size").with("size", num(*size)),
            RuleErrorKind::BadCage {
                cells,
                sum,
                size,
                problem,
            } => {
                let n = *size;
                let (key, extra): (&str, Vec<(&'static str, Arg)>) = match problem {
                    CageProblem::Empty => ("cage-empty", vec![]),
                    CageProblem::Outside { cell } => {
                        ("cage-outside", vec![("cell", num(cell + 1))])
                    }
                    CageProblem::Overlap { cell } => {
                        ("cage-overlap", vec![("at", Arg::Cell(*cell))])
                    }
                    CageProblem::NotConnected => ("cage-not-connected", vec![]),
                    CageProblem::TooBig => ("cage-too-big", vec![]),
                    CageProblem::NoDigits { least, most } => (
                        "cage-no-digits",
                        vec![
                            ("least", num(*least as usize)),
                            ("most", num(*most as usize)),
                            ("wanted", num(sum.unwrap_or(0) as usize)),
                        ],
                    ),
                    CageProblem::Total { total, grid } => (
                        "cage-total",
                        vec![
                            ("total", num(*total as usize)),
                            ("grid", num(*grid as usize)),
                        ],
                    ),
                    CageProblem::TwoSums { cell, second } => (
                        "cage-two-sums",
                        vec![("at", Arg::Cell(*cell)), ("second", num(*second as usize))],
                    ),
                    CageProblem::Repeat { symbol } => {
                        ("cage-repeat", vec![("digit", num(usize::from(*symbol)))])
                    }
                    CageProblem::Missed { total } => {
                        ("cage-missed", vec![("total", num(*total as usize))])
                    }
                };
                let mut out = Words::new(key)
                    .with("size", num(n))
                    .with("cage", crate::logic::cage_name(cells))
                    .with("count", num(cells.len()));
                if let Some(sum) = sum {
                    out = out.with(
                        "sum",
                        Arg::Words(Box::new(
                            Words::new("cage-sum").with("sum", num(*sum as usize)),
                        )),
                    );
                }
                out.args.extend(extra);
                out
            }
            RuleErrorKind::SymbolValue { value, cell, size } => Words::new("symbol-value")
                .with("cell", num(*cell))
                .with("value", num(*value))
                .with("size", num(*size)),
            RuleErrorKind::BadVariant {
                variant,
                shape,
                reason,
            } => Words::new("bad-variant")
                .with(
                    "variant",
                    Arg::Words(Box::new(Words::new(variant_key(variant)))),
                )
                .with("layout", Arg::Shape(*shape))
                .with("reason", Arg::Words(Box::new(Words::new(reason)))),
        }
    }

    /// A short stable name for the kind, for programs (`"clash"`, ...).
    pub fn kind_name(&self) -> &'static str {
        match *self.kind {
            RuleErrorKind::SymbolValue { .. } => "bad-symbol",
            RuleErrorKind::Clash { .. } => "clash",
            RuleErrorKind::BadSize { .. } => "bad-size",
            RuleErrorKind::BadBox { .. } => "bad-box",
            RuleErrorKind::BadRegions { .. } => "bad-regions",
            RuleErrorKind::BadCage { .. } => "bad-cage",
            RuleErrorKind::BadVariant { .. } => "bad-variant",
        }
    }

    /// The grid cells the error is about (row-major indices), for a page to point at.
    pub fn cells(&self) -> Vec<usize> {
        match *self.kind {
            RuleErrorKind::Clash { first, second, .. } => vec![first, second],
            RuleErrorKind::SymbolValue { cell, .. } | RuleErrorKind::BadRegions { cell, .. } => {
                vec![cell]
            }
            RuleErrorKind::BadCage { ref cells, .. } => cells.clone(),
            _ => Vec::new(),
        }
    }

    /// The side of the grid the cells are on, when the error knows it.
    pub fn side(&self) -> Option<usize> {
        match *self.kind {
            RuleErrorKind::Clash { shape, .. } => Some(shape.size()),
            RuleErrorKind::SymbolValue { size, .. }
            | RuleErrorKind::BadRegions { size, .. }
            | RuleErrorKind::BadCage { size, .. } => Some(size),
            _ => None,
        }
    }
}

impl From<RuleErrorKind> for RuleError {
    fn from(kind: RuleErrorKind) -> RuleError {
        RuleError {
            kind: Box::new(kind),
        }
    }
}

impl fmt::Display for RuleError {
    /// The English of [`RuleError::words`]; a unit is named as the grid's own shape names
    /// it (a region, a diagonal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = self.words();
        match &*self.kind {
            RuleErrorKind::Clash { shape, .. } => f.write_str(&words.english(*shape)),
            _ => f.write_str(&english(&words)),
        }
    }
}

impl std::error::Error for RuleError {}
