//! A step's sentences as data: a message key and its named arguments (cells, units,
//! symbols, candidates removed, techniques, nested sentences), not words. A page turns
//! them into the reader's language with its message catalogs (`www/locales/*/hints.js`,
//! the same keys with a `hint.` prefix); [`Words::english`] makes the English sentences the
//! command line prints and the tests read, from templates with the same `{name}` slots.
//! [`Words::to_json`] is the form that crosses into JavaScript.

use super::{Technique, and_list, bit, bits, symbols};
use crate::error::cell_name;
use crate::format::symbol_char;
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
    /// Sentences one after another, each with the separator key's text between them
    /// (`"; "`, `", "`).
    Join(&'static str, Vec<Words>),
}

impl Words {
    /// A sentence with no slots filled yet.
    pub fn new(key: &'static str) -> Words {
        Words {
            key,
            args: Vec::new(),
        }
    }

    /// This sentence with one more slot filled.
    pub fn with(mut self, name: &'static str, arg: Arg) -> Words {
        self.args.push((name, arg));
        self
    }

    /// The English sentence, for a grid of this shape.
    pub fn english(&self, shape: Shape) -> String {
        let mut out = String::new();
        self.fill(english_template(self.key), shape, &mut out);
        out
    }

    /// Writes a template with its slots filled: `{name}`, and `{name, plural, one {…}
    /// other {…}}` choosing by a [`Arg::Number`] (the page's catalogs use the same form).
    /// `{{` and `}}` write a brace.
    fn fill(&self, template: &str, shape: Shape, out: &mut String) {
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
                        out.push_str(&arg.english(shape));
                    }
                }
                Some((name, choice)) => {
                    let one = matches!(self.arg(name.trim()), Some(Arg::Number(1)));
                    let forms = choice.split_once(',').map_or("", |(_, f)| f);
                    self.fill(plural_form(forms, one), shape, out);
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
    /// value, …]`), `words`, `join` (`{separator, items}`).
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
    fn english(&self, shape: Shape) -> String {
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
            Arg::Symbols(mask) => symbols(*mask),
            Arg::SymbolList(mask) => bits(*mask)
                .map(|v| symbol_char(v).to_string())
                .collect::<Vec<_>>()
                .join(" and "),
            Arg::SymbolChoice(mask) => bits(*mask)
                .map(|v| symbol_char(v).to_string())
                .collect::<Vec<_>>()
                .join(" or "),
            Arg::Number(x) => x.to_string(),
            Arg::DigitList(mask) => and_list(bits(*mask).map(usize::from)),
            Arg::Sum(mask) => bits(*mask)
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join("+"),
            Arg::Removal(eliminations) => removal_english(shape, eliminations),
            Arg::Words(words) => words.english(shape),
            Arg::Join(separator, items) => items
                .iter()
                .map(|w| w.english(shape))
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

fn removal_english(shape: Shape, eliminations: &[(usize, u8)]) -> String {
    removal_groups(eliminations)
        .iter()
        .map(|(cells, m)| {
            let names: Vec<String> = cells.iter().map(|&c| cell_name(shape, c)).collect();
            match names.split_last() {
                Some((last, [])) => format!("{last} loses {}", symbols(*m)),
                Some((last, rest)) => {
                    format!("{} and {last} lose {}", rest.join(", "), symbols(*m))
                }
                None => unreachable!("a group has a cell"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The English sentence for a key, with `{name}` where each slot goes. Every key here has
/// the same slots in the page's catalogs (`www/locales/en/hints.js`, as `hint.KEY`).
pub(crate) fn english_template(key: &str) -> &'static str {
    match key {
        // The steps, one sentence each.
        "naked-single" => "Naked single: {cell} can only be {symbol}",
        "hidden-single" => "Hidden single: {symbol} can only go in {cell} within {unit}",
        "locked" => "{technique}: in {unit}, {symbol} lies only in {only}, so {removal}",
        "naked-subset" => "{technique}: {cells} hold only {symbols} in {unit}, so {removal}",
        "hidden-subset" => "{technique}: in {unit}, {symbols} can only go in {cells}, so {removal}",
        "fish" => "{technique}: {symbol} in {base} lies only in {cover}, so {removal}",
        "finned-fish" => {
            "{technique}: {symbol} in {base} lies only in {cover}, or in the fin {fins} in {box}: either the {basic} holds or the fin is {symbol}, so either way {removal}"
        }
        "finned-fish-fins" => {
            "{technique}: {symbol} in {base} lies only in {cover}, or in the fins {fins} in {box}: either the {basic} holds or a fin is {symbol}, so either way {removal}"
        }
        "sashimi-fish" => {
            "{technique} (sashimi): {symbol} in {base} lies only in {cover}, or in the fin {fins} in {box}: either the {basic} holds or the fin is {symbol}, so either way {removal}"
        }
        "sashimi-fish-fins" => {
            "{technique} (sashimi): {symbol} in {base} lies only in {cover}, or in the fins {fins} in {box}: either the {basic} holds or a fin is {symbol}, so either way {removal}"
        }
        "two-links" => {
            "{technique}: {symbol} in {xunit} is in {xbase} or {xend}, in {yunit} in {ybase} or {yend}, and {xbase} and {ybase} share {weak}: one of {xend} and {yend} is {symbol}, so {removal}"
        }
        "empty-rectangle" => {
            "Empty rectangle: {symbol} in {box} lies only in {row} and {column}, and {symbol} in {link} is in {near} or {far}: if {near} holds it, {box} has it in {line}; if not, {far} does; either way {removal}"
        }
        "unique-rectangle" => {
            "Unique rectangle: {cells} hold only {pair}; if {roof} were {x} or {y} too, the four cells could swap them and the puzzle would have two solutions, so {removal}"
        }
        "unique-rectangle-2" => {
            "Unique rectangle type 2: {floor1} and {floor2} hold only {pair}, {roof1} and {roof2} hold {pair} and more; one of {roof1} and {roof2} must be {symbol}, or the four cells could swap {pair} and the puzzle would have two solutions, so {removal}"
        }
        "unique-rectangle-3" => {
            "Unique rectangle type 3: {floor1} and {floor2} hold only {pair}, {roof1} and {roof2} hold {pair} and more; one of {roof1} and {roof2} holds one of {extras}, or the four cells could swap {pair} and the puzzle would have two solutions; with {cells} they make a naked subset of {subset} in {unit}, so {removal}"
        }
        "unique-rectangle-4" => {
            "Unique rectangle type 4: {floor1} and {floor2} hold only {pair}, {roof1} and {roof2} hold {pair} and more; {symbol} in {unit} is only in {roof1} or {roof2}, so one of them is {symbol}, and if either were {other} the four cells could swap {pair} and the puzzle would have two solutions, so {removal}"
        }
        "bug-plus-one" => {
            "BUG+1: every open cell but {cell} has two candidates, and without {symbol} there every symbol would have two places or none in each unit, which no puzzle with one solution allows, so {cell} is {symbol}"
        }
        "xy-wing" => {
            "XY-Wing: pivot {pivot} ({pivotCandidates}) with pincers {first} ({firstCandidates}) and {second} ({secondCandidates}): one pincer is {symbol}, so {removal}"
        }
        "xyz-wing" => {
            "XYZ-Wing: pivot {pivot} ({pivotCandidates}) with pincers {first} ({firstCandidates}) and {second} ({secondCandidates}): one of them is {symbol}, so {removal}"
        }
        "w-wing" => {
            "W-Wing: {first} and {second} both hold {pair}, and {link} in {unit} is in {near} or {far}, which see them: one of the two is {symbol}, so {removal}"
        }
        "colour-wrap" => {
            "Simple colouring on {symbol}: its strong links colour {one} one way and {other} the other; two cells of the colour of {cell} share {unit}, so that colour is false: {removal}"
        }
        "colour-trap" => {
            "Simple colouring on {symbol}: its strong links colour {one} one way and {other} the other; one colour holds it, so {removal}"
        }
        "x-chain" => {
            "X-chain on {symbol}: {chain} (= strong link, - weak link): {first} or {last} is {symbol}, so {removal}"
        }
        "xy-chain" => "XY-chain on {symbol}: {chain}: {first} or {last} is {symbol}, so {removal}",
        "aic" => {
            "AIC: {chain} (= strong link, - weak link): {first} or {last} is true, so {removal}"
        }
        "als-xz" => {
            "ALS-XZ: {first} and {second} are almost locked sets, each one symbol short of locked, and their places for {symbol} all see each other: one of them lacks {symbol} and is locked, so either way one of them holds {held}: {removal}"
        }
        "als-xy-wing" => {
            "ALS-XY-Wing: the almost locked set {pivot} has {x} restricted with {first} and {y} with {second}: it cannot hold both, so one of the two wings lacks its symbol and is locked, and either way one of them holds {held}: {removal}"
        }
        "forcing-chain" => "Forcing chain: {premise}; {paths}; either way {conclusion}",
        "contradiction" => {
            "{technique}: if {cell} were {symbol}, then {paths}{net}, and {broken}, so {removal}"
        }
        "cage-placed" => {
            "Cage combinations: {digits} {count, plural, one {is} other {are}} already in the cage of {cage}, so {removal}"
        }
        "cage-combinations" => "Cage combinations: {what} only {ways}, so {removal}",
        "cage-combinations-place" => {
            "Cage combinations: {what} only {ways}, each with {symbol}, and only {cell} can hold it"
        }
        "cage-locked" => {
            "Locked cage digits: every way the cage of {cage} makes {sum} uses {digit}, and its places there lie in {unit}, so {removal}"
        }
        "innies-outies" => "Innies and outies: {what}, {how}, so {removal}",
        "innies-outies-place" => "Innies and outies: {what}",
        "guess" => {
            "Guess: no technique applies here; the solution has {symbol} in {cell} (candidates {candidates})"
        }
        // Parts of the steps' sentences.
        "als" => "{cells} ({symbols})",
        "aic-node" => "{symbol}{cell}",
        "aic-group" => "{symbol}{{{cells}}}",
        "chain-cell" => "{cell}",
        "chain-cell-candidates" => "{cell} ({candidates})",
        "chain-strong" => " = ",
        "chain-weak" => " - ",
        "path" => "{path}",
        "path-next" => " → ",
        "path-inner" => " ⇒ ",
        "event-is" => "{cell}={symbol}",
        "event-is-not" => "{cell}≠{symbol}",
        "net-note" => " (⇒: a forcing chain inside the branch)",
        "broken-cell" => "{cell} has no candidate left",
        "broken-unit" => "{unit} has no place left for {symbol}",
        "premise-cell" => "{cell} is {candidates}",
        "premise-unit" => "{symbol} in {unit} goes in {cells}",
        "cell-is" => "{cell} is {symbol}",
        "cage" => "{cells}",
        "cage-long" => "{cells} and {more} more",
        "cage-makes" => "the cage of {cage} makes {sum}",
        "cage-open-make" => {
            "the open cells of the cage of {cage} make {left} (its sum {sum}, less {placed} placed)"
        }
        "ways-sets" => "as {sets}",
        "ways-digits" => "with {digits}",
        "sum-set" => "{digits}",
        "innies" => {
            "the cages inside {region} add up to {inner}, so {cells} (the rest of {units, plural, one {it} other {them}}) {count, plural, one {is} other {make}} {sum}"
        }
        "outies" => {
            "the cages covering {region} add up to {covered}, {sum} past its {whole}, so {cells} (their cells outside it) {count, plural, one {is} other {make}} {sum}"
        }
        "how-only" => "only {ways}",
        "how-placed" => "{done} of it placed, the open ones make {left} only {ways}",
        "region-unit" => "{unit}",
        "rows-span" => "rows {first} to {last}",
        "columns-span" => "columns {first} to {last}",
        // Where to look first.
        "focus" => "Look at {region}{for}: {phrase}",
        "focus-for" => " for {symbol}",
        "focus-guess" => "Look at {cell}: no technique applies here, so a guess",
        "focus-cage" => "Look at the cage of {cage}: its combinations",
        "focus-cage-locked" => "Look at the cage of {cage}: a digit it must hold",
        "focus-rule" => "Look at the cages in {region}: the rule of {total}",
        "focus-cell-forcing" => "Look at {cell}: each of its candidates, a forcing chain",
        "focus-unit-forcing" => "Look at {unit} for {symbol}: each of its places, a forcing chain",
        "focus-what-if" => "Look at {cell}: what if it were {symbol}? {phrase}",
        "the-grid" => "the grid",
        // What joins the items of a list of sentences.
        "separator-none" => "",
        "separator-space" => " ",
        "separator-comma" => ", ",
        "separator-semicolon" => "; ",
        "separator-or" => " or ",
        _ => "",
    }
}
