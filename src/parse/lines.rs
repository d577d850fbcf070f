//! Lines of a text, and what each holds: the line endings every system writes, comments,
//! section and label lines, frames drawn around a grid, and the characters that separate
//! cells. The readers in [`super`] cut cells out of the lines this gives them.

use std::iter::FusedIterator;

/// One line of the text, without its line ending.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line<'a> {
    /// Line number in the original text, from 1.
    pub(super) number: usize,
    /// Characters of the original line before `text` (non-zero for a line's first field).
    pub(super) column: usize,
    /// The line's text, without its ending.
    pub(super) text: &'a str,
}

/// What a line holds.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind<'a> {
    /// Nothing visible.
    Blank,
    /// A `#` comment or metadata line, a `[Section]` line or a `Label:` line.
    Comment,
    /// Only frame characters, such as `+-------+`; the text without a trailing comment.
    Frame(&'a str),
    /// Cells (maybe with separators); the text without a trailing comment.
    Cells(&'a str),
}

impl Kind<'_> {
    /// True for lines that are part of a grid (cells or frames).
    pub(super) fn has_cells(self) -> bool {
        matches!(self, Kind::Frame(_) | Kind::Cells(_))
    }
}

impl<'a> Line<'a> {
    /// What the line holds.
    pub(super) fn kind(self) -> Kind<'a> {
        let visible = self.text.trim_start_matches(is_space);
        if visible.is_empty() {
            Kind::Blank
        } else if visible.starts_with('#') || is_section(visible) || is_label(visible) {
            Kind::Comment
        } else {
            let body = strip_comment(self.text);
            if is_frame(body) {
                Kind::Frame(body)
            } else {
                Kind::Cells(body)
            }
        }
    }
}

/// The lines of a text; the first is line `first` of the original.
pub(super) fn lines(text: &str, first: usize) -> impl Iterator<Item = Line<'_>> + Clone {
    split_lines(text)
        .enumerate()
        .map(move |(i, (raw, _))| Line {
            number: first.saturating_add(i),
            column: 0,
            text: raw,
        })
}

/// The lines of a text, each without its ending and with the ending's length in bytes: a
/// line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), or at the end of the text.
/// Like `str::split`, a text ending with a line ending has an empty last line.
pub fn split_lines(text: &str) -> SplitLines<'_> {
    SplitLines { rest: Some(text) }
}

/// The iterator of [`split_lines`].
#[derive(Clone, Debug)]
pub struct SplitLines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for SplitLines<'a> {
    type Item = (&'a str, usize);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        match rest.find(['\n', '\r']) {
            Some(i) => {
                let ending = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                self.rest = Some(&rest[i + ending..]);
                Some((&rest[..i], ending))
            }
            None => {
                self.rest = None;
                Some((rest, 0))
            }
        }
    }
}

impl FusedIterator for SplitLines<'_> {}

/// Whitespace, and the byte-order mark some editors put first.
pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// Characters between cells that are never cells: whitespace, `|`, box-drawing lines,
/// and the punctuation of CSV, JSON and quoted strings.
pub(super) fn is_separator(c: char) -> bool {
    is_space(c)
        || matches!(c, '|' | ',' | ';' | '[' | ']' | '"')
        || ('\u{2500}'..='\u{257F}').contains(&c)
}

/// True for a section line such as `[Puzzle]`: a word in brackets.
pub(super) fn is_section(visible: &str) -> bool {
    let inner = visible
        .trim_end_matches(is_space)
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'));
    inner.is_some_and(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphabetic() || c == ' '))
}

/// True for a label line such as `Puzzle:` or `Grid 2:`: words ending with a colon.
pub(super) fn is_label(visible: &str) -> bool {
    visible
        .trim_end_matches(is_space)
        .strip_suffix(':')
        .is_some_and(|w| w.chars().any(|c| c.is_alphabetic()) && !w.contains([':', '|']))
}

/// The line up to a `#` that follows whitespace (a trailing comment).
pub(super) fn strip_comment(text: &str) -> &str {
    let mut after_space = false;
    for (i, c) in text.char_indices() {
        if c == '#' && after_space {
            return &text[..i];
        }
        after_space = is_space(c);
    }
    text
}

/// True for a line drawn only with frame characters and holding a horizontal rule:
/// `+-------+`, `*-----------*`, `|---+---+---|`, `=====`, `┌───┬───┐`.
pub(super) fn is_frame(text: &str) -> bool {
    let mut rule = false;
    for c in text.chars() {
        match c {
            '-' | '=' | '\u{2500}'..='\u{257F}' => rule = true,
            '+' | '*' | '|' | ':' => {}
            c if is_space(c) => {}
            _ => return false,
        }
    }
    rule
}
