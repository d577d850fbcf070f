//! Tests of shapes, their unit tables and grids.

use super::*;

#[test]
fn shapes_from_every_size() {
    for (k, n) in [
        (1, 1),
        (2, 4),
        (3, 9),
        (4, 16),
        (5, 25),
        (6, 36),
        (7, 49),
        (8, 64),
    ] {
        let s = Shape::from_size(n).unwrap();
        assert_eq!((s.box_rows(), s.box_columns()), (k, k));
        assert_eq!(Shape::from_cell_count(n * n), Some(s));
        assert_eq!(s.full_mask().count_ones() as usize, n);
    }
    for (n, r, c) in [(6, 2, 3), (8, 2, 4), (10, 2, 5), (12, 3, 4), (63, 7, 9)] {
        let s = Shape::from_size(n).unwrap();
        assert_eq!((s.box_rows(), s.box_columns()), (r, c));
        assert_eq!(Shape::from_cell_count(n * n), Some(s));
        assert!(Grid::pattern(s).is_solved(), "{s}");
    }
    assert_eq!(
        Shape::box_shapes(12)
            .map(Shape::box_name)
            .collect::<Vec<_>>(),
        ["2x6", "3x4"]
    );
    assert!(Shape::with_boxes(12, 2, 6).is_ok());
    assert!(Shape::with_boxes(12, 2, 5).is_err());
    assert!(Shape::from_boxes(1, 6).is_err());
    for bad in [0, 2, 3, 5, 7, 11, 13, 61, 65, 81] {
        assert!(Shape::from_size(bad).is_err(), "{bad}");
    }
    assert_eq!(Shape::from_cell_count(80), None);
}

/// Shapes of every kind for the table tests: the plain ones, X and windoku on them,
/// and jigsaws (a 5×5 of bent regions, a 6×6 whose regions are its rows shifted).
fn every_kind() -> Vec<Shape> {
    let mut shapes: Vec<Shape> = Shape::all().collect();
    for s in Shape::all().filter(|s| s.size() >= 4) {
        shapes.push(s.with_diagonals().unwrap());
        if s.has_square_boxes() {
            shapes.push(s.with_windows().unwrap());
            shapes.push(s.with_windows().unwrap().with_diagonals().unwrap());
        }
    }
    let bent = [
        0, 0, 0, 1, 1, //
        0, 2, 0, 1, 1, //
        2, 2, 3, 3, 1, //
        2, 2, 3, 4, 4, //
        3, 3, 4, 4, 4,
    ];
    let jigsaw = Shape::with_regions(5, &bent).unwrap();
    shapes.push(jigsaw);
    shapes.push(jigsaw.with_diagonals().unwrap());
    let shifted: Vec<u8> = (0..36).map(|c| ((c / 6 + (c % 6) / 3) % 6) as u8).collect();
    shapes.push(Shape::with_regions(6, &shifted).unwrap());
    shapes
}

#[test]
fn units_cover_each_cell_by_kind() {
    for shape in every_kind() {
        let n = shape.size();
        let mut hits = vec![0; shape.cell_count()];
        for unit in 0..shape.unit_count() {
            let cells = shape.unit_cells(unit);
            assert_eq!(cells.len(), n, "{shape} unit {unit}");
            let mut seen = cells.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n, "{shape} unit {unit} repeats a cell");
            assert_eq!(shape.unit_index(shape.unit_kind(unit)), unit);
            for &c in &cells {
                hits[c] += 1;
                match shape.unit_kind(unit) {
                    Unit::Row(r) => assert_eq!(shape.row(c), r),
                    Unit::Column(k) => assert_eq!(shape.column(c), k),
                    Unit::Box(b) | Unit::Region(b) => assert_eq!(shape.box_of(c), b),
                    Unit::Diagonal(d) => assert!(shape.diagonals_of(c) >> d & 1 == 1),
                    Unit::Window(w) => assert_eq!(shape.window_of(c), Some(w)),
                }
            }
        }
        for c in 0..shape.cell_count() {
            let extra = shape.diagonals_of(c).count_ones() as usize
                + usize::from(shape.window_of(c).is_some());
            assert_eq!(hits[c], 3 + extra, "{shape} cell {c}");
        }
    }
}

#[test]
fn geometry_tables_agree_with_the_shape() {
    for shape in every_kind() {
        let g = shape.geometry();
        for cell in 0..shape.cell_count() {
            let units = g.units_of(cell);
            assert_eq!(&units[..3], &g.lines_and_box(cell)[..]);
            for (j, &u) in units.iter().enumerate() {
                assert_eq!(
                    g.unit(u as usize)[g.index_in(cell)[j] as usize] as usize,
                    cell
                );
            }
            if shape.size() > 16 {
                continue;
            }
            let brute: Vec<usize> = (0..shape.cell_count())
                .filter(|&o| {
                    o != cell
                        && (0..shape.unit_count()).any(|u| {
                            let unit = shape.unit_cells(u);
                            unit.contains(&o) && unit.contains(&cell)
                        })
                })
                .collect();
            let mut sorted: Vec<usize> = g.peers(cell).iter().map(|&p| p as usize).collect();
            sorted.sort_unstable();
            assert_eq!(sorted, brute, "{shape} cell {cell}");
            assert!(brute.iter().all(|&o| g.sees(cell, o)));
            assert!(!g.sees(cell, cell));
        }
        for u in 0..g.unit_count() {
            for o in g.overlaps(u) {
                let shared: Vec<u16> = g
                    .unit(u)
                    .iter()
                    .copied()
                    .filter(|c| g.unit(o.unit as usize).contains(c))
                    .collect();
                assert!(shared.len() >= 2 && o.here.count_ones() as usize == shared.len());
                for (i, c) in g.unit(u).iter().enumerate() {
                    assert_eq!(o.here >> i & 1 == 1, shared.contains(c));
                }
                for (j, c) in g.unit(o.unit as usize).iter().enumerate() {
                    assert_eq!(o.there >> j & 1 == 1, shared.contains(c));
                }
            }
        }
        assert!(std::ptr::eq(g, shape.geometry()), "built once");
    }
    let nine = Shape::from_size(9).unwrap();
    assert_eq!(nine.unit_kind(20).to_string(), "box 3");
    assert_eq!(nine.geometry().peers(0).len(), 20);
    let x = nine.with_diagonals().unwrap().with_windows().unwrap();
    assert_eq!(x.unit_count(), 27 + 2 + 4);
    assert_eq!(x.unit_kind(27).to_string(), "the main diagonal");
    assert_eq!(x.unit_kind(28).to_string(), "the anti-diagonal");
    assert_eq!(x.unit_kind(32).to_string(), "window 4");
    // r2c2 lies on the main diagonal and in the first window.
    assert_eq!(x.geometry().units_of(10), &[1, 10, 18, 27, 29]);
}

#[test]
fn the_boxless_sides_are_the_primes_from_5_to_61() {
    let prime = |n: usize| n > 1 && (2..n).all(|d| n % d != 0);
    for n in 0..=70 {
        assert_eq!(
            Shape::is_boxless_side(n),
            (4..=64).contains(&n) && prime(n),
            "{n}"
        );
    }
}

#[test]
fn equal_layouts_share_their_tables_however_many_others_came_between() {
    // Rows as regions, built twice from different numberings: one shape, one table.
    let rows: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
    let renumbered: Vec<u8> = rows.iter().map(|&r| 10 + r).collect();
    let a = Shape::with_regions(6, &rows).unwrap();
    let first = Geometry::of(a);
    // Columns as regions, then a shape without regions, looked up in between.
    let columns: Vec<u8> = (0..36).map(|c| (c % 6) as u8).collect();
    let other = Shape::with_regions(6, &columns).unwrap();
    assert!(!std::ptr::eq(Geometry::of(other), first));
    assert_eq!(Geometry::of(other).shape(), other);
    Geometry::of(Shape::from_size(6).unwrap());
    let b = Shape::with_regions(6, &renumbered).unwrap();
    assert_eq!(a, b);
    assert!(std::ptr::eq(Geometry::of(b), first));
    assert!(std::ptr::eq(
        Geometry::of(a.with_diagonals().unwrap())
            .shape()
            .regions()
            .unwrap(),
        a.regions().unwrap()
    ));
    assert!(!std::ptr::eq(
        Geometry::of(a.with_diagonals().unwrap()),
        first
    ));
}

#[test]
fn regions_are_checked_and_normalised() {
    let rows: Vec<u8> = (0..16).map(|c| 7 - (c / 4) as u8).collect();
    let a = Shape::with_regions(4, &rows).unwrap();
    let renamed: Vec<u8> = (0..16).map(|c| (c / 4) as u8 + 10).collect();
    assert_eq!(a, Shape::with_regions(4, &renamed).unwrap());
    assert_eq!(a.regions().unwrap()[..4], [0, 0, 0, 0]);
    assert!(a.is_jigsaw() && !a.has_box_grid() && !a.has_square_boxes());
    assert_eq!(a.to_string(), "4×4 jigsaw");
    let mut bad = rows.clone();
    bad[5] = bad[0];
    let err = Shape::with_regions(4, &bad).unwrap_err();
    assert_eq!(err.kind_name(), "bad-regions");
    assert!(err.to_string().contains("r1c1 has 5 cells"), "{err}");
    let mut five = rows.clone();
    five[15] = 99;
    let err = Shape::with_regions(4, &five).unwrap_err();
    assert!(err.to_string().contains("5 regions"), "{err}");
    assert!(Shape::with_regions(4, &rows[..15]).is_err());
    let small = Shape::from_size(1).unwrap();
    assert_eq!(
        small.with_diagonals().unwrap_err().kind_name(),
        "bad-variant"
    );
    let six = Shape::from_size(6).unwrap();
    let err = six.with_windows().unwrap_err();
    assert!(
        err.to_string()
            .contains("windoku does not fit a 6×6 (2×3 boxes)"),
        "{err}"
    );
    assert_eq!(
        six.with_diagonals().unwrap().to_string(),
        "6×6 (2×3 boxes) X"
    );
}

#[test]
fn clashes_name_both_cells() {
    let shape = Shape::from_size(4).unwrap();
    let mut g = Grid::empty(shape);
    g.set(0, 1);
    g.set(5, 1); // r2c2, same box as r1c1
    let err = g.first_clash().unwrap();
    assert_eq!(err.cells(), vec![0, 5]);
    assert!(err.to_string().contains("box 1"), "{err}");
}
