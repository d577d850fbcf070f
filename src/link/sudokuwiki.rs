//! sudokuwiki.org links: the board (`bd`, plain or packed in base 32), a jigsaw's `jigmap`,
//! and a killer's cage colours and sums.

use super::*;

pub(super) fn read_sudokuwiki_link(address: &str, lower: &str) -> Result<String, Error> {
    let Some(board) = query_value(address, "bd") else {
        return refuse(Words::new("link-sudokuwiki-empty"));
    };
    if lower.contains("killer") {
        return killer_board(board);
    }
    let jigsaw = lower.contains("jigsaw") || query_value(address, "jigmap").is_some();
    let x = lower.contains("sudokux");
    if !jigsaw && !x {
        // The plain page: the board as it stands, read by the grid readers.
        return Ok(match packed_board(board)? {
            Some(cells) => cells.iter().map(|&v| (b'0' + v) as char).collect(),
            None => board.to_string(),
        });
    }
    let cells = match packed_board(board)? {
        Some(cells) => cells,
        None => plain_board(board)?,
    };
    let shape = if jigsaw {
        let Some(map) = query_value(address, "jigmap") else {
            return refuse(Words::new("link-sudokuwiki-shape"));
        };
        let regions = jigmap(map)?;
        let shape = Shape::with_regions(9, &regions).map_err(|e| link_error("jigmap", &e))?;
        if x { shape.with_diagonals()? } else { shape }
    } else {
        Shape::from_box(3)?.with_diagonals()?
    };
    id_of(Grid::from_cells(shape, cells)?)
}

/// A killer's `bd`: a colour (digit) per cell, row by row, where touching cells of one
/// colour form a cage, then a comma and each cell's sum in two digits (`00` none), as
/// the sum sits on the first cell of its cage. The grid is empty.
pub(super) fn killer_board(board: &str) -> Result<String, Error> {
    let Some((colours, sums)) = board.split_once(',') else {
        return refuse(Words::new("link-killer-board"));
    };
    let colours: Vec<Option<u32>> = colours
        .chars()
        .map(|c| c.to_digit(10).filter(|&d| d != 0))
        .collect();
    let digits: Vec<u32> = sums.chars().filter_map(|c| c.to_digit(10)).collect();
    if colours.len() != 81 || colours.contains(&None) {
        let count = board.split(',').next().unwrap_or("").chars().count();
        return refuse(Words::new("link-killer-colours").with("count", Arg::whole(count)));
    }
    if sums.len() != 162 || digits.len() != 162 {
        let count = sums.chars().count();
        return refuse(Words::new("link-killer-sums").with("count", Arg::whole(count)));
    }
    let sums: Vec<u32> = digits.chunks(2).map(|d| d[0] * 10 + d[1]).collect();
    let cages = Cages::from_labels(9, &colours, &sums)?;
    let shape = Shape::from_box(3)?.with_cages(cages)?;
    id_of(Grid::empty(shape))
}

/// The 81 cells of a `bd` of digits (`0` or `.` empty).
pub(super) fn plain_board(board: &str) -> Result<Vec<u8>, Error> {
    let mut cells = Vec::with_capacity(81);
    for (i, c) in board.chars().enumerate() {
        match c {
            '1'..='9' => cells.push(c as u8 - b'0'),
            '0' | '.' => cells.push(0),
            other => {
                return refuse(
                    Words::new("link-board-character")
                        .with("at", Arg::whole(i + 1))
                        .with("character", Arg::Text(other.to_string())),
                );
            }
        }
    }
    if cells.len() != 81 {
        return refuse(Words::new("link-board-count").with("count", Arg::whole(cells.len())));
    }
    Ok(cells)
}

/// The givens of a 162-character `bd` (module docs), or `None` for another length.
pub(super) fn packed_board(board: &str) -> Result<Option<Vec<u8>>, Error> {
    if board.len() != 162 || !board.is_ascii() {
        return Ok(None);
    }
    let mut cells = Vec::with_capacity(81);
    for (i, pair) in board.as_bytes().chunks(2).enumerate() {
        let digit = |b: u8| (b as char).to_digit(32);
        let (Some(high), Some(low)) = (digit(pair[0]), digit(pair[1])) else {
            return refuse(
                Words::new("link-board-base32")
                    .with("first", Arg::whole(2 * i + 1))
                    .with("last", Arg::whole(2 * i + 2)),
            );
        };
        let value = high * 32 + low;
        let (candidates, given) = (value >> 1, value & 1 == 1);
        let single = candidates.count_ones() == 1 && candidates < 1 << 9;
        cells.push(if given && single {
            candidates.trailing_zeros() as u8 + 1
        } else {
            0
        });
    }
    Ok(Some(cells))
}

/// The regions of a `jigmap`: 81 digits 1 to 9, one per cell.
pub(super) fn jigmap(map: &str) -> Result<Vec<u8>, Error> {
    let regions: Vec<u8> = map
        .chars()
        .map_while(|c| c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8))
        .collect();
    if regions.len() != map.chars().count() {
        return refuse(
            Words::new("link-jigmap-character").with("at", Arg::whole(regions.len() + 1)),
        );
    }
    if regions.len() != 81 {
        return refuse(Words::new("link-jigmap-count").with("count", Arg::whole(regions.len())));
    }
    Ok(regions)
}
