//! The symmetries a puzzle's givens can keep: which cells are removed together, which
//! shapes each fits, and the orbits of cells it makes.

use super::*;

/// Which cells must be removed together, so the pattern of givens keeps a symmetry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn rotation: cell (r, c) goes with (n-1-r, n-1-c).
    Rot180,
    /// Quarter-turn rotation: the four rotations of a cell go together.
    Rot90,
    /// Left–right mirror: (r, c) goes with (r, n-1-c).
    Mirror,
    /// Main diagonal: (r, c) goes with (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name used on the command line and in the browser API.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The symmetry's sentence key in the message catalogs (`engine.symmetry-rot180`),
    /// which [`Symmetry::words`] is the English of.
    pub fn key(self) -> &'static str {
        match self {
            Symmetry::None => "symmetry-none",
            Symmetry::Rot180 => "symmetry-rot180",
            Symmetry::Rot90 => "symmetry-rot90",
            Symmetry::Mirror => "symmetry-mirror",
            Symmetry::Diagonal => "symmetry-diagonal",
        }
    }

    /// Words for players: `"no symmetry"`, `"180° symmetry"`, `"90° symmetry"`,
    /// `"mirror symmetry"`, `"diagonal symmetry"`.
    pub fn words(self) -> &'static str {
        match self {
            Symmetry::None => "no symmetry",
            Symmetry::Rot180 => "180° symmetry",
            Symmetry::Rot90 => "90° symmetry",
            Symmetry::Mirror => "mirror symmetry",
            Symmetry::Diagonal => "diagonal symmetry",
        }
    }

    /// The symmetry's turns or reflections other than the identity, each taking `(n,
    /// row, column)` to the row and column it moves the cell to: for `Rot90` the quarter,
    /// half and three-quarter turns, in that order.
    pub(super) fn moves(self) -> &'static [Move] {
        const ROT180: [Move; 1] = [|n, r, c| (n - 1 - r, n - 1 - c)];
        const ROT90: [Move; 3] = [
            |n, r, c| (c, n - 1 - r),
            |n, r, c| (n - 1 - r, n - 1 - c),
            |n, r, c| (n - 1 - c, r),
        ];
        const MIRROR: [Move; 1] = [|n, r, c| (r, n - 1 - c)];
        const DIAGONAL: [Move; 1] = [|_, r, c| (c, r)];
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &ROT180,
            Symmetry::Rot90 => &ROT90,
            Symmetry::Mirror => &MIRROR,
            Symmetry::Diagonal => &DIAGONAL,
        }
    }

    /// True when the symmetry maps the shape's units onto units, so a grid can have it
    /// and the pattern of givens means something. A quarter turn and the diagonal
    /// reflection swap rows with columns, which turns an r×c box into a c×r one: they
    /// need square boxes. Every turn and reflection here maps the diagonals onto the
    /// diagonals (a mirror swaps the two) and the windows between square boxes onto
    /// windows, so X and windoku allow what their boxes allow. Jigsaw regions allow a
    /// symmetry only when it maps every region onto a region (random regions seldom do:
    /// `none`).
    pub fn fits(self, shape: Shape) -> bool {
        self.misfit(shape).is_none()
    }

    /// Why the symmetry does not fit the shape ([`Symmetry::fits`]), as a sentence for an
    /// error message; `None` when it fits.
    pub fn misfit(self, shape: Shape) -> Option<Words> {
        let swaps = matches!(self, Symmetry::Rot90 | Symmetry::Diagonal);
        if let Some(regions) = shape.regions() {
            let n = shape.size();
            let keeps = self
                .moves()
                .iter()
                .all(|mv| maps_regions_onto_regions(n, regions, |r, c| mv(n, r, c)));
            return (!keeps).then(|| {
                Words::new("symmetry-regions").with("symmetry", Arg::Text(self.name().into()))
            });
        }
        (swaps && !shape.has_square_boxes()).then(|| {
            Words::new("symmetry-swaps")
                .with("symmetry", Arg::Text(self.name().into()))
                .with("rows", Arg::Number(shape.box_rows() as u64))
                .with("columns", Arg::Number(shape.box_columns() as u64))
        })
    }

    /// The symmetries that fit a shape ([`Symmetry::fits`]), in the order of [`Symmetry::ALL`].
    pub fn fitting(shape: Shape) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL.into_iter().filter(move |s| s.fits(shape))
    }

    /// The cells that go with `cell` (itself included), sorted, without repeats.
    pub fn orbit(self, shape: Shape, cell: usize) -> Vec<usize> {
        let n = shape.size();
        let (r, c) = (shape.row(cell), shape.column(cell));
        let mut cells: Vec<usize> = std::iter::once(cell)
            .chain(self.moves().iter().map(|mv| {
                let (r2, c2) = mv(n, r, c);
                shape.cell(r2, c2)
            }))
            .collect();
        crate::sorting::sort_usizes(&mut cells);
        cells.dedup();
        cells
    }

    /// The symmetry's turns and reflections other than the identity, each as a table of
    /// cells: `tables[k][cell]` is where the k-th moves `cell`. Empty for `None`.
    pub fn cell_tables(self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.size();
        self.moves()
            .iter()
            .map(|mv| {
                (0..shape.cell_count())
                    .map(|cell| {
                        let (r, c) = mv(n, shape.row(cell), shape.column(cell));
                        shape.cell(r, c)
                    })
                    .collect()
            })
            .collect()
    }

    /// Every orbit of the grid, each listed once, in cell order.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cell_count()];
        let mut orbits = Vec::new();
        for cell in 0..shape.cell_count() {
            if !seen[cell] {
                let orbit = self.orbit(shape, cell);
                for &c in &orbit {
                    seen[c] = true;
                }
                orbits.push(orbit);
            }
        }
        orbits
    }
}

/// A turn or reflection of the grid: `(n, row, column)` to the row and column it moves
/// the cell to.
pub(super) type Move = fn(usize, usize, usize) -> (usize, usize);

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = Error;

    fn from_str(s: &str) -> Result<Symmetry, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "" => Ok(Symmetry::None),
            "rot180" | "180" | "rotational" | "central" => Ok(Symmetry::Rot180),
            "rot90" | "90" => Ok(Symmetry::Rot90),
            "mirror" | "horizontal" => Ok(Symmetry::Mirror),
            "diagonal" | "diag" => Ok(Symmetry::Diagonal),
            _ => Err(Error::bad_option(
                "symmetry",
                s,
                Words::new("allowed-symmetry"),
            )),
        }
    }
}
