//! Links from other Sudoku sites, read for the puzzle they carry.
//!
//! A player pastes the address of a puzzle as often as the puzzle itself. What each site's
//! address holds:
//!
//! ```text
//!  sudokuwiki.org/sudoku.htm?bd=0000000104...   bd: the 81 cells row by row, 0 empty
//!  sudokuwiki.org/sudokux.aspx?bd=...           the same, with both diagonals (X)
//!  sudokuwiki.org/jigsaw.aspx?bd=...&jigmap=... the same, with jigsaw regions
//!  f-puzzles.com/?load=...  sudokupad.app/fpuzzles...   LZString-compressed JSON
//! ```
//!
//! The plain sudokuwiki link is read; the others carry layouts (diagonals, jigsaw regions)
//! or an encoding this engine does not read yet, and are refused by name. Any other web
//! address is refused as a site this engine cannot read, never read as a grid of its
//! characters.

use crate::error::{Error, ErrorKind};

/// What a text that is a web address holds: `None` when the text is no address (the other
/// readers take it); else the grid text the address carries, or why it cannot be read.
pub fn grid_text(text: &str) -> Option<Result<String, Error>> {
    let address = text.trim();
    let lower = address.to_ascii_lowercase();
    let is_address = lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || lower.contains("sudokuwiki.org/")
        || lower.contains("f-puzzles.com/")
        || lower.contains("sudokupad.app/");
    if !is_address || address.contains(char::is_whitespace) {
        return None;
    }
    let refuse = |message: &str| {
        Some(Err(ErrorKind::BadLink {
            message: message.to_string(),
        }
        .into()))
    };
    if lower.contains("f-puzzles.com/") || lower.contains("sudokupad.app/") {
        return refuse(
            "f-puzzles and SudokuPad links (compressed JSON) are not read yet: paste the grid itself",
        );
    }
    if !lower.contains("sudokuwiki.org/") {
        return refuse(
            "this is a link to a site whose puzzles are not read here; paste the grid itself, or a sudokuwiki or Solo link",
        );
    }
    if lower.contains("jigsaw") || lower.contains("jigmap=") {
        return refuse(
            "sudokuwiki's jigsaw links are not read yet: jigsaw regions are still to come",
        );
    }
    if lower.contains("sudokux") {
        return refuse(
            "sudokuwiki's X-Sudoku links are not read yet: the diagonals are still to come",
        );
    }
    let Some(board) = query_value(address, "bd") else {
        return refuse("this sudokuwiki link has no puzzle in it (no bd= in its address)");
    };
    Some(Ok(board.to_string()))
}

/// The value of `name=` in an address's query, if any.
fn query_value<'a>(address: &'a str, name: &str) -> Option<&'a str> {
    let query = address.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or(query);
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then_some(value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sudokuwikis_board_and_refuses_the_rest_by_name() {
        let bd =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={bd}");
        assert_eq!(grid_text(&link).unwrap().unwrap(), bd);
        let grid = crate::parse::parse(&link).unwrap();
        assert_eq!(grid.clue_count(), 17);
        for (address, words) in [
            ("https://www.sudokuwiki.org/sudokux.aspx?bd=000", "X-Sudoku"),
            (
                "https://www.sudokuwiki.org/jigsaw.aspx?bd=0&jigmap=1",
                "jigsaw",
            ),
            ("https://f-puzzles.com/?load=N4IgzglgXgp", "f-puzzles"),
            ("https://sudokupad.app/fpuzzlesN4Igzg", "SudokuPad"),
            ("https://example.com/sudoku?p=123", "site"),
            ("https://www.sudokuwiki.org/sudoku.htm", "no puzzle"),
        ] {
            let err = crate::parse::parse(address).unwrap_err();
            assert_eq!(err.kind_name(), "bad-link", "{address}");
            assert!(err.to_string().contains(words), "{address}: {err}");
        }
        assert!(grid_text("4.....8.5.3..........7......").is_none());
    }
}
