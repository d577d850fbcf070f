//! Sentences as data: a message key and its named arguments (cells, units, symbols,
//! candidates removed, techniques, nested sentences), not words. Hint steps are made of
//! them, and so are the engine's errors a player meets and a generated puzzle's summary. A
//! page turns them into the reader's language with its message catalogs
//! (`www/locales/*/hints.js`, the same keys with a `hint.` or `engine.` prefix);
//! [`Words::english`] makes the English sentences the command line prints and the tests
//! read from the page's own English catalog, compiled in, so the two never drift apart.
//! [`Words::to_json`] is the form that crosses into JavaScript.

use super::{Technique, and_list, bit, bits, symbols_in};
use crate::error::cell_name;
use crate::format::Symbols;
use crate::grid::Shape;

/// A sentence as data: which sentence ([`Words::key`]) and what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The sentence, as a catalog key without its `hint.` prefix (`"naked-subset"`).
    pub key: &'static str,
    /// The named slots it fills, in the order the English sentence names them.
    pub args: Vec<(&'static str, Arg)>,
}

/// What one slot of a sentence names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A technique, by its name (`"Naked pair"`).
    Technique(Technique),
    /// A technique after an article, as a phrase (`"a naked pair"`, `"an X-Wing"`).
    Phrase(Technique),
    /// The same phrase starting a sentence (`"A forcing chain"`).
    PhraseStart(Technique),
    /// A cell, by name (`r4c2`).
    Cell(usize),
    /// Cells named and joined with commas (`"r1c1, r1c5"`).
    Cells(Vec<usize>),
    /// Cells named as a list (`"r1c1, r1c2 and r1c3"`).
    CellList(Vec<usize>),
    /// Cells named as alternatives (`"r1c1 or r1c2 or r1c3"`).
    CellChoice(Vec<usize>),
    /// A unit, by its number ([`Shape::unit_kind`]): `"row 3"`, `"box 4"`.
    Unit(usize),
    /// Lines of one kind, counted from 1: kind 0 rows, 1 columns, 2 boxes (or regions on a
    /// jigsaw): `"rows 3 and 7"`.
    Lines(u8, Vec<usize>),
    /// A symbol, in the grid's alphabet.
    Symbol(u8),
    /// The symbols of a mask, lowest first: `"3/7"`.
    Symbols(u64),
    /// The symbols of a mask as a list: `"3 and 7"` (in English `"3 and 7 and 9"`; a page
    /// lists them its language's way).
    SymbolList(u64),
    /// The symbols of a mask as alternatives: `"3 or 7"`.
    SymbolChoice(u64),
    /// A whole number.
    Number(u64),
    /// A killer's digits (a mask), as numbers in a list: `"1, 7 and 9"`.
    DigitList(u64),
    /// A killer's digits (a mask) as a sum: `"1+7+9"`.
    Sum(u64),
    /// Candidates removed, cells that lose the same symbols together: `"r1c2 and r5c2
    /// lose 4, r1c3 loses 4/7"`.
    Removal(Vec<(usize, u8)>),
    /// A sentence inside this one.
    Words(Box<Words>),
    /// Text given as it is, in no language: a character or token of the input.
    Text(String),
    /// The grid's layout by name: `"9×9"`, `"6×6 (2×3 boxes)"`, `"9×9 jigsaw X"`.
    Layout,
    /// Another grid's layout by name, as [`Arg::Layout`] names the grid's own: a layout
    /// asked for, or one a game ID names.
    Shape(Shape),
    /// Sentences one after another, each with the separator key's text between them
    /// (`"; "`, `", "`).
    Join(&'static str, Vec<Words>),
}

impl Words {
    /// A sentence with no slots filled yet. (Never inlined, nor is [`Words::with`]: the
    /// sentences are built in a hundred places, and their code is the wasm's weight.)
    #[inline(never)]
    pub fn new(key: &'static str) -> Words {
        Words {
            key,
            args: Vec::new(),
        }
    }

    /// This sentence with one more slot filled.
    #[inline(never)]
    pub fn with(mut self, name: &'static str, arg: Arg) -> Words {
        self.args.push((name, arg));
        self
    }

    /// This sentence with another inside it, in slot `name` (`"game ID, params, character
    /// 3: {problem}"`), taking the inner one's slots that say which grid its cells and
    /// units are of (`size`, and the flags `jigsaw` and `diagonals`), where a page reads
    /// them: on the outer sentence.
    pub fn around(mut self, name: &'static str, inner: Words) -> Words {
        const GRID: [&str; 3] = ["size", "jigsaw", "diagonals"];
        for (slot, arg) in &inner.args {
            if GRID.contains(slot) && self.arg(slot).is_none() {
                self.args.push((slot, arg.clone()));
            }
        }
        self.with(name, Arg::Words(Box::new(inner)))
    }

    /// The English sentence, for a grid of this shape.
    pub fn english(&self, shape: Shape) -> String {
        self.english_in(shape, Symbols::Alphabet)
    }

    /// [`Words::english`] with the symbols written as `symbols` says: `--hex` names a
    /// 16×16's symbols `0`-`F`, as it read them.
    pub fn english_in(&self, shape: Shape, symbols: Symbols) -> String {
        let mut out = String::new();
        self.fill(english_template(self.key), (shape, symbols), &mut out);
        out
    }

    /// Writes a template with its slots filled: `{name}`, and `{name, plural, one {…}
    /// other {…}}` choosing by a [`Arg::Number`] (the page's catalogs use the same form).
    /// `{{` and `}}` write a brace.
    fn fill(&self, template: &str, to: (Shape, Symbols), out: &mut String) {
        let mut rest = template;
        while let Some(open) = rest.find(['{', '}']) {
            out.push_str(&rest[..open]);
            if rest[open..].starts_with("{{") || rest[open..].starts_with("}}") {
                out.push_str(&rest[open..=open]);
                rest = &rest[open + 2..];
                continue;
            }
            if rest[open..].starts_with('}') {
                rest = &rest[open + 1..];
                continue;
            }
            let close = open + matching(&rest[open..]);
            let inner = &rest[open + 1..close];
            match inner.split_once(',') {
                None => {
                    if let Some(arg) = self.arg(inner.trim()) {
                        out.push_str(&arg.english(to));
                    }
                }
                Some((name, choice)) => {
                    let one = matches!(self.arg(name.trim()), Some(Arg::Number(1)));
                    let forms = choice.split_once(',').map_or("", |(_, f)| f);
                    self.fill(plural_form(forms, one), to, out);
                }
            }
            rest = rest.get(close + 1..).unwrap_or("");
        }
        out.push_str(rest);
    }

    fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// The sentence as JSON for a page: `{"key":"naked-subset","args":{"cells":{"cells":
    /// [0,4]},…}}`, each argument an object naming its kind (see [`Arg`]): `technique` and
    /// `phrase` (an id), `cell`, `cells`, `cellList`, `unit`, `lines` (`{kind, numbers}`),
    /// `symbol`, `symbols` and `symbolList` (values), `number`, `removal` (flat `[cell,
    /// value, …]`), `words`, `join` (`{separator, items}`), `layout` (the grid's own) and
    /// `layoutOf` (another: `{size, box, variant}`, as `engine.layout()` gives a layout).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        out.push_str("{\"key\":\"");
        out.push_str(self.key);
        out.push_str("\",\"args\":{");
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(name);
            out.push_str("\":{");
            arg.write_json(out);
            out.push('}');
        }
        out.push_str("}}");
    }
}

/// A count with thousands separated, as English writes it: `2,100`.
fn thousands(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A string as JSON: quoted, with `"`, `\\` and control characters escaped.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The length of the `{…}` group at the start of `s`, through its closing brace.
fn matching(s: &str) -> usize {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    s.len().saturating_sub(1)
}

/// The `one` or the `other` body of plural forms `one {…} other {…}`.
fn plural_form(forms: &str, one: bool) -> &str {
    let mut rest = forms;
    let mut other = "";
    while let Some(open) = rest.find('{') {
        let label = rest[..open].trim();
        let close = open + matching(&rest[open..]);
        let body = &rest[open + 1..close];
        if label == "one" && one {
            return body;
        }
        if label == "other" {
            other = body;
        }
        rest = rest.get(close + 1..).unwrap_or("");
    }
    other
}

fn numbers(out: &mut String, items: impl Iterator<Item = u64>) {
    out.push('[');
    for (i, x) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&x.to_string());
    }
    out.push(']');
}

impl Arg {
    /// A count or a place counted from 1, as a [`Arg::Number`].
    pub fn whole(x: usize) -> Arg {
        Arg::Number(x as u64)
    }

    fn english(&self, (shape, alphabet): (Shape, Symbols)) -> String {
        let symbol_char = |v: u8| alphabet.char(v);
        match self {
            Arg::Technique(t) => t.name().to_string(),
            Arg::Phrase(t) => super::with_article(t.name()),
            Arg::PhraseStart(t) => {
                let phrase = super::with_article(t.name());
                let mut chars = phrase.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_uppercase().chain(chars).collect()
                })
            }
            Arg::Cell(c) => cell_name(shape, *c),
            Arg::Cells(cells) => super::cell_list(shape, cells),
            Arg::CellList(cells) => {
                let names: Vec<String> = cells.iter().map(|&c| cell_name(shape, c)).collect();
                match names.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => names.join(""),
                }
            }
            Arg::CellChoice(cells) => cells
                .iter()
                .map(|&c| cell_name(shape, c))
                .collect::<Vec<_>>()
                .join(" or "),
            Arg::Unit(u) => super::unit_name(shape, *u),
            Arg::Lines(kind, lines) => {
                let plural = match kind {
                    0 => "rows",
                    1 => "columns",
                    _ if shape.is_jigsaw() => "regions",
                    _ => "boxes",
                };
                format!("{plural} {}", and_list(lines.iter().copied()))
            }
            Arg::Symbol(v) => symbol_char(*v).to_string(),
            Arg::Symbols(mask) => symbols_in(*mask, alphabet),
            Arg::SymbolList(mask) => bits(*mask)
                .map(|v| symbol_char(v).to_string())
                .collect::<Vec<_>>()
                .join(" and "),
            Arg::SymbolChoice(mask) => bits(*mask)
                .map(|v| symbol_char(v).to_string())
                .collect::<Vec<_>>()
                .join(" or "),
            Arg::Number(x) => thousands(*x),
            Arg::DigitList(mask) => and_list(bits(*mask).map(usize::from)),
            Arg::Sum(mask) => bits(*mask)
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join("+"),
            Arg::Removal(eliminations) => removal_english(shape, alphabet, eliminations),
            Arg::Words(words) => words.english_in(shape, alphabet),
            Arg::Text(text) => text.clone(),
            Arg::Layout => shape.to_string(),
            Arg::Shape(other) => other.to_string(),
            Arg::Join(separator, items) => items
                .iter()
                .map(|w| w.english_in(shape, alphabet))
                .collect::<Vec<_>>()
                .join(english_template(separator)),
        }
    }

    fn write_json(&self, out: &mut String) {
        let (kind, body): (&str, String) = match self {
            Arg::Technique(t) => ("technique", format!("\"{}\"", t.id())),
            Arg::Phrase(t) => ("phrase", format!("\"{}\"", t.id())),
            Arg::PhraseStart(t) => ("phraseStart", format!("\"{}\"", t.id())),
            Arg::Cell(c) => ("cell", c.to_string()),
            Arg::Cells(cells) | Arg::CellList(cells) | Arg::CellChoice(cells) => {
                let mut s = String::new();
                numbers(&mut s, cells.iter().map(|&c| c as u64));
                let kind = match self {
                    Arg::Cells(_) => "cells",
                    Arg::CellList(_) => "cellList",
                    _ => "cellChoice",
                };
                (kind, s)
            }
            Arg::Unit(u) => ("unit", u.to_string()),
            Arg::Lines(kind, lines) => {
                let mut s = format!("{{\"kind\":{kind},\"numbers\":");
                numbers(&mut s, lines.iter().map(|&l| l as u64));
                s.push('}');
                ("lines", s)
            }
            Arg::Symbol(v) => ("symbol", v.to_string()),
            Arg::Symbols(mask) | Arg::SymbolList(mask) | Arg::SymbolChoice(mask) => {
                let mut s = String::new();
                numbers(&mut s, bits(*mask).map(u64::from));
                let kind = match self {
                    Arg::Symbols(_) => "symbols",
                    Arg::SymbolList(_) => "symbolList",
                    _ => "symbolChoice",
                };
                (kind, s)
            }
            Arg::Number(x) => ("number", x.to_string()),
            Arg::DigitList(mask) | Arg::Sum(mask) => {
                let mut s = String::new();
                numbers(&mut s, bits(*mask).map(u64::from));
                (
                    if matches!(self, Arg::Sum(_)) {
                        "sum"
                    } else {
                        "digitList"
                    },
                    s,
                )
            }
            Arg::Removal(eliminations) => {
                let mut s = String::new();
                numbers(
                    &mut s,
                    eliminations
                        .iter()
                        .flat_map(|&(c, v)| [c as u64, u64::from(v)]),
                );
                ("removal", s)
            }
            Arg::Words(words) => ("words", words.to_json()),
            Arg::Text(text) => ("text", json_string(text)),
            Arg::Layout => ("layout", "true".to_string()),
            Arg::Shape(other) => {
                let variants: Vec<String> =
                    other.variants().iter().map(|v| json_string(v)).collect();
                let body = format!(
                    "{{\"size\":{},\"box\":{},\"variant\":[{}]}}",
                    other.size(),
                    json_string(&other.box_name()),
                    variants.join(",")
                );
                ("layoutOf", body)
            }
            Arg::Join(separator, items) => {
                let mut s = format!("{{\"separator\":\"{separator}\",\"items\":[");
                for (i, w) in items.iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    w.write_json(&mut s);
                }
                s.push_str("]}");
                ("join", s)
            }
        };
        out.push('"');
        out.push_str(kind);
        out.push_str("\":");
        out.push_str(&body);
    }
}

/// The groups of a removal: cells that lose the same symbols, in the order first met, with
/// the mask they lose.
pub(crate) fn removal_groups(eliminations: &[(usize, u8)]) -> Vec<(Vec<usize>, u64)> {
    let mut per_cell: Vec<(usize, u64)> = Vec::new();
    for &(c, v) in eliminations {
        match per_cell.iter_mut().find(|(pc, _)| *pc == c) {
            Some((_, m)) => *m |= bit(v),
            None => per_cell.push((c, bit(v))),
        }
    }
    let mut groups: Vec<(Vec<usize>, u64)> = Vec::new();
    for (c, m) in per_cell {
        match groups.iter_mut().find(|(_, gm)| *gm == m) {
            Some((cells, _)) => cells.push(c),
            None => groups.push((vec![c], m)),
        }
    }
    groups
}

fn removal_english(shape: Shape, alphabet: Symbols, eliminations: &[(usize, u8)]) -> String {
    removal_groups(eliminations)
        .iter()
        .map(|(cells, m)| {
            let names: Vec<String> = cells.iter().map(|&c| cell_name(shape, c)).collect();
            match names.split_last() {
                Some((last, [])) => format!("{last} loses {}", symbols_in(*m, alphabet)),
                Some((last, rest)) => {
                    let lost = symbols_in(*m, alphabet);
                    format!("{} and {last} lose {lost}", rest.join(", "))
                }
                None => unreachable!("a group has a cell"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The page's English catalog of hint sentences and of the engine's own words (its
/// `engine.` keys: a generated puzzle's summary, errors), which the command line words its
/// steps and summaries with too: one English text for both.
const ENGLISH: [(&str, &str); 2] = [
    ("'hint.", include_str!("../../www/locales/en/hints.js")),
    ("'engine.", include_str!("../../www/locales/en/hints.js")),
];

/// The English sentence for a key, with `{name}` where each slot goes: the page's catalog
/// entry `hint.KEY` (`www/locales/en/hints.js`), or a piece of notation, the same in every
/// language (the page's `NOTATION` in `www/internal/hint-words.js`).
pub(crate) fn english_template(key: &str) -> &'static str {
    match key {
        "separator-none" => "",
        "separator-space" => " ",
        "chain-strong" => " = ",
        "chain-weak" => " - ",
        "path-next" => " → ",
        "path-inner" => " ⇒ ",
        "event-is" => "{cell}={symbol}",
        "event-is-not" => "{cell}≠{symbol}",
        "aic-node" => "{symbol}{cell}",
        "aic-group" => "{symbol}{{{cells}}}",
        "chain-cell" => "{cell}",
        "cage" => "{cells}",
        "path" => "{path}",
        "region-unit" => "{unit}",
        "sum-set" => "{digits}",
        _ => english_catalog().get(key).map_or("", |text| text.as_str()),
    }
}

/// The catalogs' `'hint.KEY': 'text',` and `'engine.KEY': 'text',` lines, by key, their `\'` and `\\` read as the
/// characters they stand for.
fn english_catalog() -> &'static std::collections::HashMap<&'static str, String> {
    static CATALOG: std::sync::OnceLock<std::collections::HashMap<&'static str, String>> =
        std::sync::OnceLock::new();
    CATALOG.get_or_init(|| {
        ENGLISH
            .iter()
            .flat_map(|(prefix, text)| text.lines().map(move |line| (*prefix, line)))
            .filter_map(|(prefix, line)| {
                let rest = line.trim().strip_prefix(prefix)?;
                let (key, text) = rest.split_once("': '")?;
                let text = text.strip_suffix("',")?;
                let mut out = String::with_capacity(text.len());
                let mut chars = text.chars();
                while let Some(c) = chars.next() {
                    out.push(if c == '\\' {
                        chars.next().unwrap_or(c)
                    } else {
                        c
                    });
                }
                Some((key, out))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sentence key the steps use has an English text in the catalog: a key missing
    /// there would print nothing.
    #[test]
    fn every_key_has_english() {
        let source = include_str!("mod.rs").to_string()
            + include_str!("singles.rs")
            + include_str!("intersections.rs")
            + include_str!("subsets.rs")
            + include_str!("fish.rs")
            + include_str!("single_digit.rs")
            + include_str!("uniqueness.rs")
            + include_str!("wings.rs")
            + include_str!("chains.rs")
            + include_str!("aic.rs")
            + include_str!("als.rs")
            + include_str!("forcing.rs")
            + include_str!("cages.rs");
        let mut keys = 0;
        for part in source.split("Words::new(").skip(1) {
            let Some(key) = part.strip_prefix('"').and_then(|p| p.split('"').next()) else {
                continue;
            };
            keys += 1;
            assert!(
                !english_template(key).is_empty() || key == "separator-none",
                "no English for {key}"
            );
        }
        assert!(keys > 60, "found {keys} keys");
    }
}
