//! The link readers' and writers' tests: each site's forms, and their refusals by name.

use super::*;

#[test]
fn reads_sudokuwikis_board_and_refuses_the_rest_by_name() {
    let bd = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={bd}");
    assert_eq!(grid_text(&link).unwrap().unwrap(), bd);
    let grid = crate::parse::parse(&link).unwrap();
    assert_eq!(grid.clue_count(), 17);
    for (address, words) in [
        (
            "https://www.sudokuwiki.org/jigsaw.aspx?shape=1&bd=000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            "jigmap",
        ),
        ("https://www.sudokuwiki.org/sudokux.aspx?bd=000", "81"),
        ("https://f-puzzles.com/?id=abcdef", "server"),
        ("https://f-puzzles.com/?load=N4IgzglgXgp", "LZString"),
        ("https://sudokupad.app/psxczr0jpr", "SudokuPad"),
        ("https://example.com/sudoku?p=123", "site"),
        ("https://www.sudokuwiki.org/sudoku.htm", "no puzzle"),
    ] {
        let err = crate::parse::parse(address).unwrap_err();
        assert_eq!(err.kind_name(), "bad-link", "{address}");
        assert!(err.to_string().contains(words), "{address}: {err}");
    }
    assert!(grid_text("4.....8.5.3..........7......").is_none());
}

/// Links to f-puzzles found in public code, and what they hold.
const FPUZZLES_LINKS: [&str; 3] = [
    // A 9×9 with a 1 in r1c1.
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
    // A 9×9 with a 1 in r3c3 and a 2 in r7c7.
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4ARlRoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA=",
    // An empty 9×9 with two killer cages.
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
];

#[test]
fn reads_public_fpuzzles_links_and_writes_them_as_fpuzzles_does() {
    let one = crate::parse::parse(FPUZZLES_LINKS[0]).unwrap();
    assert_eq!((one.size(), one.clue_count(), one.get(0)), (9, 1, 1));
    let two = crate::parse::parse(FPUZZLES_LINKS[1]).unwrap();
    assert_eq!((two.get(20), two.get(60), two.clue_count()), (1, 2, 2));
    // The JSON written for these grids is the one f-puzzles wrote, and compresses
    // to the same characters.
    for (link, grid) in FPUZZLES_LINKS[..2].iter().zip([&one, &two]) {
        assert_eq!(
            fpuzzles_link(grid).trim_end_matches('='),
            link.trim_end_matches('=')
        );
    }
    // The killer's two cages are read with their sums, and written back as they came.
    let killer = crate::parse::parse(FPUZZLES_LINKS[2]).unwrap();
    let cages = killer.shape().cages().expect("cages");
    assert_eq!(killer.clue_count(), 0);
    assert_eq!(cages.len(), 2);
    assert!(fpuzzles_json(&killer).contains("\"killercage\":[{\"cells\":["));
    assert_eq!(
        crate::parse::parse(&sudokupad_link(&killer)),
        Ok(killer.clone())
    );
    // SudokuPad reads the same data after `fpuzzles`, escaped or not.
    let data = FPUZZLES_LINKS[1].split_once("load=").unwrap().1;
    for link in [
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!(
            "https://sudokupad.app/?puzzleid=fpuzzles{}",
            data.replace('+', "%2B")
        ),
    ] {
        assert_eq!(crate::parse::parse(&link).as_ref(), Ok(&two), "{link}");
    }
}

#[test]
fn a_killer_with_cages_without_sums_and_cells_in_none_reads_back_as_written() {
    // A 6×6: a cage with a sum, one without, one of a single cell, the rest uncaged.
    let cages = Cages::new(
        6,
        &[
            (vec![0, 1, 7], Some(6)),
            (vec![10, 16, 22], None),
            (vec![35], Some(4)),
        ],
    )
    .unwrap();
    let shape = Shape::from_size(6).unwrap().with_cages(cages).unwrap();
    let mut cells = vec![0u8; 36];
    cells[3] = 5;
    let grid = Grid::from_cells(shape, cells).unwrap();
    let json = fpuzzles_json(&grid);
    assert!(
        json.contains(
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C2\"],\"value\":\"6\"},{\"cells\":[\"R2C5\",\"R3C5\",\"R4C5\"]},"
        ),
        "{json}"
    );
    for link in [sudokupad_link(&grid), fpuzzles_link(&grid)] {
        assert_eq!(crate::parse::parse(&link), Ok(grid.clone()), "{link}");
    }
}

#[test]
fn reads_sudokuwikis_x_and_jigsaw_links() {
    // Links published on sudokuwiki's own pages.
    let x = "https://www.sudokuwiki.org/SudokuX.aspx?bd=105007093000000040040630200700000000000403000000000009006004010010000700080300904";
    let grid = crate::parse::parse(x).unwrap();
    assert!(grid.shape().has_diagonals() && grid.shape().has_box_grid());
    assert_eq!(crate::search::count_solutions_up_to(&grid, 2), 1);
    let plain = grid
        .clone()
        .with_shape(grid.shape().without_extras())
        .unwrap();
    assert_eq!(
        crate::search::count_solutions_up_to(&plain, 2),
        2,
        "the diagonals matter"
    );
    let jigsaw = "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=03v0n4u4f4bkb0099g88vanquqfqvq052gpi8c0hge118es2s2s0210gvameueeesa30s4oa30rajeqeaeoa0ho441m0ma81me6umuma110c843a3q2qg1cc38c41ul005noeofofof803pol0la5scsbarara2gpq&jigmap=111118833188888333178583332175552322177752226774755526744495926444999996449966666";
    let grid = crate::parse::parse(jigsaw).unwrap();
    let regions = grid.shape().regions().expect("a jigsaw");
    assert_eq!(&regions[..9], &[0, 0, 0, 0, 0, 1, 1, 2, 2]);
    assert_eq!(grid.get(0), 1, "r1c1 is a given 1");
    assert_eq!(crate::search::count_solutions_up_to(&grid, 2), 1);
}

/// The error reading f-puzzles JSON as a link gives.
fn fpuzzles_error(json: &str) -> Error {
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_string::compress_to_base64(json)
    );
    let err = crate::parse::parse(&link).unwrap_err();
    assert!(!err.to_string().ends_with('.'), "{err}");
    err
}

/// f-puzzles JSON of an empty grid of side n, with `extra` after its grid.
fn empty_json(n: usize, cell: &str, extra: &str) -> String {
    let row = vec![cell; n].join(",");
    let rows = vec![format!("[{row}]"); n].join(",");
    format!("{{\"size\":{n},\"grid\":[{rows}]{extra}}}")
}

#[test]
fn bad_fpuzzles_puzzles_are_refused_by_name() {
    for (json, words) in [
        ("[1, 2]".to_string(), "not a JSON object"),
        ("{\"size\": 9".to_string(), "byte 11"),
        ("{\"grid\": []}".to_string(), "size"),
        (empty_json(65, "{}", ""), "not 1 to 64"),
        (
            empty_json(9, "{}", "").replacen("{},", "", 1),
            "not 9 rows of 9 cells",
        ),
        (
            empty_json(9, "{\"value\":10,\"given\":true}", ""),
            "r1c1: a given",
        ),
        (empty_json(9, "{\"region\":null}", ""), "r1c1: "),
        (empty_json(9, "{\"region\":9}", ""), "a region 0 to 8"),
        (empty_json(9, "{\"region\":0}", ""), "regions"),
        (empty_json(9, "{}", ",\"diagonal+\":true"), "one diagonal"),
        (
            empty_json(9, "{}", ",\"thermometer\":[{\"lines\":[[\"R1C1\"]]}]"),
            "(thermometer)",
        ),
        (
            empty_json(9, "{}", ",\"killercage\":[{\"cells\":[\"R1C0\"]}]"),
            "names R1C0, which is no cell",
        ),
        (
            empty_json(9, "{}", ",\"killercage\":[{\"cells\":\"R1C1\"}]"),
            "killer cage 1 lists no cells",
        ),
        (
            empty_json(
                9,
                "{}",
                ",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"-3\"}]",
            ),
            "no whole number",
        ),
        (
            empty_json(9, "{}", ",\"extraregion\":[{\"cells\":[\"R1C1\"]}]"),
            "windoku's windows",
        ),
        (
            empty_json(6, "{}", ",\"extraregion\":[{\"cells\":[\"R2C2\"]}]"),
            "windoku",
        ),
    ] {
        let err = fpuzzles_error(&json);
        assert_eq!(err.kind_name(), "bad-link", "{json}: {err}");
        assert!(err.to_string().contains(words), "{json}: {err}");
    }
    // A region in two pieces cannot travel as a game ID: said, not misread.
    let mut regions: Vec<usize> = (0..16).map(|c| c / 4).collect();
    regions.swap(0, 4);
    let cells: Vec<String> = regions
        .iter()
        .map(|r| format!("{{\"region\":{r}}}"))
        .collect();
    let rows: Vec<String> = cells
        .chunks(4)
        .map(|r| format!("[{}]", r.join(",")))
        .collect();
    let json = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
    assert!(fpuzzles_error(&json).to_string().contains("in pieces"));
    // Nothing that says nothing is refused: empty lists, false, metadata.
    let quiet = empty_json(
        4,
        "{}",
        ",\"title\":\"t\",\"thermometer\":[],\"antiknight\":false",
    );
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_string::compress_to_base64(&quiet)
    );
    assert_eq!(crate::parse::parse(&link).unwrap().size(), 4);
}

#[test]
fn bad_sudokuwiki_links_are_refused_by_name() {
    let bd = "0".repeat(81);
    for (link, words) in [
        (
            format!("https://www.sudokuwiki.org/sudokux.aspx?bd={}", &bd[1..]),
            "80 cells",
        ),
        (
            format!("https://www.sudokuwiki.org/sudokux.aspx?bd=a{}", &bd[1..]),
            "character 1",
        ),
        (
            format!("https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap=123"),
            "3 cells",
        ),
        (
            format!(
                "https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap=0{}",
                &bd[1..]
            ),
            "jigmap=, character 1",
        ),
        (
            format!(
                "https://www.sudokuwiki.org/jigsaw.aspx?bd={bd}&jigmap={}",
                "1".repeat(81)
            ),
            "jigmap: ",
        ),
        (
            format!(
                "https://www.sudokuwiki.org/sudoku.htm?bd={}",
                "z".repeat(162)
            ),
            "base 32",
        ),
    ] {
        let err = crate::parse::parse(&link).unwrap_err();
        assert_eq!(err.kind_name(), "bad-link", "{link}");
        assert!(err.to_string().contains(words), "{link}: {err}");
    }
}

#[test]
fn a_link_that_would_expand_past_the_limit_is_refused() {
    // A run of one character compresses to a stream whose entries grow by one each
    // code: a few kilobytes that expand to megabytes.
    let packed = lz_string::compress_to_base64(&"a".repeat(MAX_DECODED_CHARS + 1));
    assert!(packed.len() < 10_000, "{}", packed.len());
    assert_eq!(
        lz_string::decompress_from_base64(&packed, MAX_DECODED_CHARS),
        None
    );
    let err = crate::parse::parse(&format!("https://sudokupad.app/fpuzzles{packed}")).unwrap_err();
    assert_eq!(err.kind_name(), "bad-link");
}

#[test]
fn lz_string_matches_javascripts_output() {
    // `{"x":3}` as lz-string's compressToBase64 writes it (a public test fixture).
    assert_eq!(
        lz_string::compress_to_base64("{\"x\":3}"),
        "N4IgHiBcDMC+Q==="
    );
    assert_eq!(
        lz_string::decompress_from_base64("N4IgHiBcDMC+Q===", 100).as_deref(),
        Some("{\"x\":3}")
    );
    assert_eq!(
        lz_string::decompress_from_base64("N4IgHiBcDMC+Q===", 5),
        None
    );
    for text in [
        "",
        "a",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "ab€c€€€abab",
        "𝄞 {}",
    ] {
        let packed = lz_string::compress_to_base64(text);
        assert_eq!(
            lz_string::decompress_from_base64(&packed, 1000).as_deref(),
            Some(text),
            "{packed}"
        );
    }
}

#[test]
fn json_reads_what_fpuzzles_writes_and_says_where_it_stops() {
    use json::Value;
    let v =
        json::parse(r#" {"a": [1, -2, 3.5, 1e3, "x\"\u0041"], "b": null, "c": true} "#).unwrap();
    assert_eq!(
        v,
        Value::Object(vec![
            (
                "a".into(),
                Value::Array(vec![
                    Value::Number(Some(1)),
                    Value::Number(Some(-2)),
                    Value::Number(None),
                    Value::Number(None),
                    Value::String("x\"A".into()),
                ])
            ),
            ("b".into(), Value::Null),
            ("c".into(), Value::Bool(true)),
        ])
    );
    for (text, at) in [
        ("{\"a\" 1}", 6),
        ("[1,]", 4),
        ("[1] x", 5),
        ("\"ab", 4),
        ("tru", 1),
    ] {
        assert_eq!(json::parse(text).unwrap_err(), at, "{text}");
    }
    let deep = "[".repeat(10_000);
    assert!(json::parse(&deep).is_err());
}
