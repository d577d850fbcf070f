//! Reading grids from text, in every common Sudoku format, with auto-detection.
//!
//! [`parse`] reads one grid; [`puzzles`] splits a file into several. The forms read are:
//!
//! - one character per cell on one line (the classic 81-character line) or on n lines;
//! - grids drawn with frames: lines made only of frame characters (`+---+`, `*-----*`,
//!   `|---+---|`, `===`, box-drawing characters) are skipped, and `|` between cells is
//!   ignored, as is all whitespace;
//! - SadMan `.sdk` files and other files with `#` metadata: a line whose first visible
//!   character is `#` is a comment, and so is the rest of a line from a `#` after a space;
//!   a `[Puzzle]` section line and a `Puzzle:` label line are skipped too. A `#` line that
//!   is one word of a grid's worth of characters is a puzzle whose first cell was written
//!   `#`: it is skipped, but reported ([`ReadErrorKind::CommentedGrid`]) rather than lost;
//! - the grid-file form: whitespace-separated tokens, where a token may be a decimal number
//!   (`12 _ 3 16 ...` in a 16×16). This form is chosen when some token is two digits long;
//! - grids pasted from code: `,` `;` `[` `]` and `"` separate cells like spaces, so CSV rows,
//!   JSON arrays (`[[5,3,0,...],...]`) and quoted strings read too.
//!
//! Lines end with `\n`, `\r\n` or a lone `\r` ([`split_lines`]).
//!
//! Symbols come from [`ALPHABET`](crate::format::ALPHABET): a grid of side n uses its first
//! n characters, and `.`, `_` and `0` are empty cells. 9×9 grids follow the classic rule
//! instead: `1`-`9` are givens and any other visible character (`.`, `0`, `*`, `x`, `-`,
//! ...) is empty. With [`ParseOptions::hex`] a 16×16 grid is read with the symbols `0`-`F`
//! (`0` is the first symbol; `.` and `_` are empty).
//!
//! The grid's side comes from the number of cells (n² for a side n with a box shape: 16,
//! 36, 64, 81, 100, ... 4096), with the side's usual boxes, unless the caller gives the
//! side or the boxes ([`ParseOptions::boxes`]). A side with rectangular boxes is read only
//! from one line or from n lines of n cells, since its count is also that of several
//! smaller puzzles, one a line. A Solo game ID ([`crate::solo`]) carries its own shape, and
//! a link from another site ([`crate::link`]) the grid in its address. Cells are counted
//! before symbols are checked, so the count never depends on the alphabet. When a reading does not give a grid's worth of cells,
//! the next one is tried: the grid-file form falls back to one cell per character (for
//! `12 34` in a 4×4), and lines of only `-` (empty rows of a 9×9 that uses `-` for empty)
//! count as cells when skipping them leaves too few.
//!
//! Errors say what and where: a bad symbol names its line and column in the original text
//! (counting from 1, in characters), a clash names both cells, and a count of cells that
//! fits no grid names the grid it was most likely meant to be and, for a grid written in
//! rows, the line of the row with too few or too many cells. Nothing here panics, and
//! input longer than [`MAX_INPUT_BYTES`] is rejected before any work proportional to it.

use std::collections::VecDeque;
use std::iter::FusedIterator;

use crate::error::{Error, ReadErrorKind};
use crate::format::symbol_value;
use crate::grid::{Grid, Shape, Variants};

mod lines;

use lines::{Kind, Line, is_separator, is_space, lines};
pub use lines::{SplitLines, split_lines};

/// The longest text [`parse`] reads as one grid, in bytes: 1 MiB. A 64×64 grid drawn
/// with frames takes about 20 KB, so this leaves room for comments and wide spacing.
/// [`puzzles`] applies it to each puzzle, not to the whole file.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// The fewest characters a whole grid written on one line can have (a 4×4): the first
/// field of a line must be at least this long to be read as a puzzle followed by other text.
const MIN_LINE_GRID: usize = 16;

/// How to read a grid. The default reads any size in any form.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// The grid side (1, or 4 to 64 with a box shape) if the caller knows it; otherwise
    /// it is inferred from the number of cells.
    pub size: Option<usize>,
    /// The box shape, `(rows, columns)`, when not the side's usual one (see
    /// [`Shape::from_size`]): a 12×12 with 2×6 boxes. It also sets the side when `size`
    /// is not given.
    pub boxes: Option<(usize, usize)>,
    /// Variants to add to a plain grid's rows, columns and boxes (`--variant x`). A game
    /// ID or a link names its own; asked for here too, they must agree with it. Jigsaw
    /// regions come only with an ID or a link.
    pub variants: Variants,
    /// Read a 16×16 grid written with the hex symbols `0`-`9`, `A`-`F` (either case), where
    /// `0` is the first symbol and `.` or `_` is empty. Only when asked: by default `0` is empty.
    pub hex: bool,
    /// Accept givens that clash (the same symbol twice in a row, column or box).
    pub allow_clashes: bool,
    /// The layout to read a plain grid in when its text cannot say it: a jigsaw's regions
    /// (of any side from 4 to 64, primes too), which no one-line form carries. Set, it
    /// takes the place of `size`, `boxes` and `variants`; a game ID or a link still
    /// names its own layout, which must then be of this side and have these extra units.
    pub layout: Option<Shape>,
}

/// Reads one grid from text in any of the forms the module describes.
///
/// The same as [`parse_with`] with the default options.
///
/// ```
/// let g = sudoku64::parse::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )
/// .unwrap();
/// assert_eq!(g.size(), 9);
/// assert_eq!(g.get(0), 4);
/// ```
pub fn parse(text: &str) -> Result<Grid, Error> {
    parse_with(text, &ParseOptions::default())
}

/// Reads one grid from text, with options.
///
/// The whole text is one grid: `#` comments, blank lines and frame lines are skipped.
/// A text of one line may carry other text after the puzzle and a space, such as its
/// solution (`PUZZLE SOLUTION`): if the whole line is not a grid, its first field is read.
///
/// Errors: [`ReadErrorKind::TooLarge`] over [`MAX_INPUT_BYTES`], [`ReadErrorKind::Empty`]
/// when there are no cells, [`ReadErrorKind::CellCount`] when the cells fit no grid (or not
/// the size asked for), [`ReadErrorKind::BadSymbol`], [`ReadErrorKind::BadToken`] or
/// [`ReadErrorKind::BadHexSymbol`] with the line and column, [`crate::RuleErrorKind::BadSize`]
/// or [`crate::OptionError`] for bad options, and the clash from [`Grid::first_clash`] unless
/// [`ParseOptions::allow_clashes`] is set.
///
/// ```
/// use sudoku64::parse::{ParseOptions, parse_with};
/// let options = ParseOptions { size: Some(4), ..ParseOptions::default() };
/// let g = parse_with("12.. 34.. .... ....", &options).unwrap();
/// assert_eq!(g.cells()[..5], [1, 2, 0, 0, 3]);
/// ```
pub fn parse_with(text: &str, options: &ParseOptions) -> Result<Grid, Error> {
    read_grid(text, 1, options)
}

/// Splits a file into puzzles and reads each one: an iterator of the line where each puzzle
/// starts (from 1) and its grid or error.
///
/// The file's form is decided by trying, in order:
///
/// 1. the whole text is one grid's worth of cells: it is one puzzle (9 lines of 9, a
///    framed grid, an `.sdk` file, a grid file, or a single line);
/// 2. every line that is not blank or a comment is a grid's worth of cells on its own:
///    each is a puzzle. A line may carry text after the puzzle and whitespace, such as the
///    solution written by `sudoku64 generate`;
/// 3. blank lines split the text into several blocks, each a grid's worth of cells: each
///    block is a puzzle (several framed grids, one after another);
/// 4. some line alone holds a whole grid of 81 cells or more (no row of a grid is that
///    long): one puzzle per line, and the lines that are not grids are errors;
/// 5. several blocks, some of them grids: one puzzle per block;
/// 6. otherwise the whole text is one puzzle, and its error says why it is not a grid.
///
/// Deciding reads the text once more, without allocating. Errors carry line numbers of
/// the whole file. A text with no cells gives one item,
/// [`ReadErrorKind::Empty`] at line 1. Each puzzle may be up to [`MAX_INPUT_BYTES`] long; the
/// file may be longer when it holds one puzzle per line.
///
/// One ambiguity: sixteen lines of sixteen cells are read as one 16×16 grid, not as
/// sixteen 4×4 puzzles, unless [`ParseOptions::size`] says 4.
///
/// ```
/// use sudoku64::parse::{ParseOptions, puzzles};
/// let file = "# two puzzles\n1...............\n.2..............\n";
/// let found: Vec<_> = puzzles(file, &ParseOptions::default()).collect();
/// assert_eq!(found.len(), 2);
/// assert_eq!(found[1].0, 3);
/// assert_eq!(found[1].1.as_ref().unwrap().get(1), 2);
/// ```
pub fn puzzles<'a>(text: &'a str, options: &ParseOptions) -> Puzzles<'a> {
    puzzles_from_line(text, 1, options)
}

/// [`puzzles`] for a text that starts at line `first` of a longer input (a part of a
/// stream, as [`crate::stream`] reads it): every line number, in items and errors, is a
/// line of that input.
pub fn puzzles_from_line<'a>(text: &'a str, first: usize, options: &ParseOptions) -> Puzzles<'a> {
    puzzles_in_form(text, first, options, file_form(text, options))
}

/// How a file holds its puzzles, as [`puzzles`] decides it from the text (the steps listed
/// there): a stream read in parts decides it from its first part and reads the others the
/// same way, so that a part cut from a file of one puzzle per line is not read as one grid.
pub fn file_form(text: &str, options: &ParseOptions) -> FileForm {
    decide(text, options)
}

/// [`puzzles_from_line`] in a form decided before (see [`file_form`]).
pub fn puzzles_in_form<'a>(
    text: &'a str,
    first: usize,
    options: &ParseOptions,
    form: FileForm,
) -> Puzzles<'a> {
    Puzzles {
        text,
        options: options.clone(),
        mode: form,
        first,
        pos: 0,
        line: first,
        done: false,
        pending: VecDeque::new(),
    }
}

/// The puzzles of a file, from [`puzzles`]: each item is the line where a puzzle starts
/// (from 1) and the puzzle read there.
#[derive(Clone, Debug)]
pub struct Puzzles<'a> {
    text: &'a str,
    options: ParseOptions,
    mode: FileForm,
    /// The line number of the text's first line.
    first: usize,
    /// Byte offset of the next line to read.
    pos: usize,
    /// Line number of the line at `pos`.
    line: usize,
    done: bool,
    /// Items found and not yet returned: a block's puzzle and the grids written as
    /// comments inside it, in line order.
    pending: VecDeque<(usize, Result<Grid, Error>)>,
}

/// How a file holds its puzzles (see [`file_form`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileForm {
    /// The whole text is one puzzle.
    Whole,
    /// Each line that is not blank or a comment is a puzzle.
    Lines,
    /// Blank lines separate puzzles.
    Blocks,
}

impl Iterator for Puzzles<'_> {
    type Item = (usize, Result<Grid, Error>);

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.pop_front() {
            return Some(item);
        }
        if self.done {
            return None;
        }
        match self.mode {
            FileForm::Whole => {
                self.done = true;
                let first = self.first;
                if let Err(e) = target_shape(&self.options) {
                    // Options no grid can meet: that is the one thing to say.
                    return Some((first, Err(e)));
                }
                let start = lines(self.text, first)
                    .find(|l| l.kind().has_cells())
                    .map_or(first, |l| l.number);
                let read = read_grid(self.text, first, &self.options);
                // A text whose only grid is a comment: the item is at that line.
                let start = match &read {
                    Err(e) if matches!(e.as_read(), Some(ReadErrorKind::CommentedGrid { .. })) => {
                        e.line().unwrap_or(start)
                    }
                    _ => start,
                };
                self.queue(Some((start, read)), lines(self.text, first));
                self.pending.pop_front()
            }
            FileForm::Lines => {
                while let Some((line, end)) = self.next_line() {
                    self.advance(end);
                    if line.kind().has_cells() {
                        return Some((
                            line.number,
                            read_grid(line.text, line.number, &self.options),
                        ));
                    }
                    if let Some(error) = commented_grid(line) {
                        return Some((line.number, Err(error)));
                    }
                }
                self.done = true;
                None
            }
            FileForm::Blocks => loop {
                // Skip blank lines to the start of a block.
                let (start, first) = loop {
                    let (line, end) = match self.next_line() {
                        Some(next) => next,
                        None => {
                            self.done = true;
                            return None;
                        }
                    };
                    if !matches!(line.kind(), Kind::Blank) {
                        break (self.pos, line.number);
                    }
                    self.advance(end);
                };
                // The block runs to the next blank line.
                let mut block_end = start;
                let mut cells_at = None;
                while let Some((line, end)) = self.next_line() {
                    let kind = line.kind();
                    if matches!(kind, Kind::Blank) {
                        break;
                    }
                    if cells_at.is_none() && kind.has_cells() {
                        cells_at = Some(line.number);
                    }
                    block_end = end;
                    self.advance(end);
                }
                let block = self.text.get(start..block_end).unwrap_or("");
                let read = cells_at.map(|at| (at, read_grid(block, first, &self.options)));
                self.queue(read, lines(block, first));
                if let Some(item) = self.pending.pop_front() {
                    return Some(item);
                }
            },
        }
    }
}

impl FusedIterator for Puzzles<'_> {}

impl<'a> Puzzles<'a> {
    /// The line at the cursor and the byte offset just past it (and its line ending).
    fn next_line(&self) -> Option<(Line<'a>, usize)> {
        let rest = self.text.get(self.pos..)?;
        if rest.is_empty() {
            return None;
        }
        let (raw, ending) = split_lines(rest).next()?;
        let line = Line {
            number: self.line,
            column: 0,
            text: raw,
        };
        Some((line, self.pos + raw.len() + ending))
    }

    /// Queues a region's puzzle (if it has cells) with an error for each grid written as a
    /// comment among its lines, in line order; a puzzle whose error already names such a
    /// line is not repeated.
    fn queue<'b>(
        &mut self,
        read: Option<(usize, Result<Grid, Error>)>,
        region: impl Iterator<Item = Line<'b>>,
    ) {
        let named = read.as_ref().and_then(|(_, r)| match r {
            Err(e) if matches!(e.as_read(), Some(ReadErrorKind::CommentedGrid { .. })) => e.line(),
            _ => None,
        });
        let mut items: Vec<_> = region
            .filter(|l| Some(l.number) != named)
            .filter_map(|l| commented_grid(l).map(|e| (l.number, Err(e))))
            .collect();
        items.extend(read);
        crate::sorting::sort_by_small_key(&mut items, |(line, _)| (*line as u64).min(0xffff_ffff));
        self.pending.extend(items);
    }

    /// Moves the cursor past a line returned by [`Puzzles::next_line`].
    fn advance(&mut self, end: usize) {
        self.pos = end;
        self.line = self.line.saturating_add(1);
    }
}

/// Decides how a file holds its puzzles (see [`puzzles`]).
fn decide(text: &str, options: &ParseOptions) -> FileForm {
    let Ok(target) = target_shape(options) else {
        return FileForm::Whole;
    };
    if text.len() <= MAX_INPUT_BYTES && fit(lines(text, 1), options, target).is_some() {
        return FileForm::Whole;
    }
    // Lines that are grids on their own.
    let (mut any, mut every, mut long) = (false, true, false);
    for line in lines(text, 1).filter(|l| l.kind().has_cells()) {
        any = true;
        match fit_line(line, options, target) {
            Some(shape) => long |= shape.cell_count() >= 81,
            None => every = false,
        }
    }
    if any && every {
        return FileForm::Lines;
    }
    // Blocks separated by blank lines that are grids on their own.
    let (blocks, every_block, any_block) = blocks(text, options, target);
    if blocks >= 2 && every_block {
        FileForm::Blocks
    } else if long {
        // No row of a grid holds 81 cells: a typo in a file of one puzzle per line.
        FileForm::Lines
    } else if blocks >= 2 && any_block {
        FileForm::Blocks
    } else {
        FileForm::Whole
    }
}

/// The blocks of a text between blank lines that hold cells: how many, whether every
/// one is a grid's worth of cells, and whether any is.
fn blocks(text: &str, options: &ParseOptions, target: Option<Shape>) -> (usize, bool, bool) {
    let (mut count, mut every, mut any) = (0, true, false);
    let mut tally = |start: usize, end: usize, first: usize| {
        count += 1;
        let fits = block_fits(text, start, end, first, options, target);
        every &= fits;
        any |= fits;
    };
    let mut start = None;
    let mut offset = 0;
    let mut has_cells = false;
    let mut first = 1;
    for (number, (raw, ending)) in split_lines(text).enumerate() {
        let line = Line {
            number: number + 1,
            column: 0,
            text: raw,
        };
        let kind = line.kind();
        if matches!(kind, Kind::Blank) {
            if let Some(s) = start.take() {
                if has_cells {
                    tally(s, offset, first);
                }
            }
        } else {
            if start.is_none() {
                start = Some(offset);
                first = line.number;
                has_cells = false;
            }
            has_cells |= kind.has_cells();
        }
        offset += raw.len() + ending;
    }
    if let Some(s) = start {
        if has_cells {
            tally(s, text.len(), first);
        }
    }
    (count, every, any)
}

/// True when the text from byte `start` to `end` is one grid's worth of cells.
fn block_fits(
    text: &str,
    start: usize,
    end: usize,
    first: usize,
    options: &ParseOptions,
    target: Option<Shape>,
) -> bool {
    let end = end.min(text.len());
    match text.get(start..end) {
        Some(block) if block.len() <= MAX_INPUT_BYTES => {
            fit(lines(block, first), options, target).is_some()
        }
        _ => false,
    }
}

/// The game ID a text holds, when its one line with cells is an ID or starts with one
/// and a space (`2x3:a5d4_6... SOLUTION`).
fn game_id<'a>(lines: impl Iterator<Item = Line<'a>>) -> Option<&'a str> {
    let mut content = lines.filter(|l| l.kind().has_cells());
    let line = content.next()?;
    if content.next().is_some() {
        return None;
    }
    let first = line.text.split(is_space).find(|f| !f.is_empty())?;
    crate::solo::looks_like_id(first).then_some(first)
}

/// The shape a line would be read as on its own, if it is a grid's worth of cells (or a
/// game ID: the shape its params name, a 9×9 when they name none, so that the line is
/// read and its error said).
fn fit_line(line: Line<'_>, options: &ParseOptions, target: Option<Shape>) -> Option<Shape> {
    if line.text.len() > MAX_INPUT_BYTES {
        return None;
    }
    if crate::link::grid_text(line.text).is_some() {
        return Some(classic_shape());
    }
    if let Some(id) = game_id(std::iter::once(line)) {
        return Some(crate::solo::id_shape(id).unwrap_or_else(|_| classic_shape()));
    }
    let one = std::iter::once(line);
    if let Some((_, shape)) = fit(one, options, target) {
        return Some(shape);
    }
    let field = first_field(std::iter::once(line))?;
    fit(std::iter::once(field), options, target).map(|(_, shape)| shape)
}

/// Reads the text as one grid; its first line is line `first_line` of the original text.
fn read_grid(text: &str, first_line: usize, options: &ParseOptions) -> Result<Grid, Error> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ReadErrorKind::TooLarge {
            bytes: text.len(),
            limit: MAX_INPUT_BYTES,
        }
        .into());
    }
    if let Some(grid) = classic_line(text, options) {
        return check(grid, options);
    }
    read_any_grid(text, first_line, options)
}

/// The grid of the commonest line in a file of puzzles, read without the general
/// reader's passes: 81 characters, each a digit or `.`, with no option that changes how
/// they read (`1`-`9` a given, `0` and `.` empty, as [`read_any_grid`] reads them). Those
/// passes (links, game IDs, the forms a grid may take) cost more than solving such a line
/// with the band solver. `None` for any other text or options.
fn classic_line(text: &str, options: &ParseOptions) -> Option<Grid> {
    const CELLS: usize = 81;
    let plain = options.size.is_none()
        && options.boxes.is_none()
        && options.variants == Variants::default()
        && !options.hex
        && options.layout.is_none();
    let bytes = text.as_bytes();
    if !plain || bytes.len() != CELLS || !bytes.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        return None;
    }
    let cells = bytes
        .iter()
        .map(|&b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let shape = classic_shape();
    Grid::from_cells(shape, cells).ok()
}

/// The classic 9×9 with 3×3 boxes.
fn classic_shape() -> Shape {
    Shape::from_box(3).unwrap_or_else(|_| unreachable!("3×3 boxes"))
}

/// [`read_grid`] for any text: every form the module reads.
fn read_any_grid(text: &str, first_line: usize, options: &ParseOptions) -> Result<Grid, Error> {
    // A link from another site: the grid its address carries, or why it cannot be read.
    if let Some(board) = crate::link::grid_text(text) {
        return read_grid(&board?, first_line, options);
    }
    let target = target_shape(options)?;
    let all = || lines(text, first_line);
    // A game ID (`2x3:a5d4_6...`), alone or as a line's first field: its params name the
    // shape, which must be the one the options ask for, if any.
    if let Some(id) = game_id(all()) {
        let grid = crate::solo::read_id(id)?;
        // The ID must be of the side asked for, with the boxes asked for (if any) and at
        // least the variants asked for; a side alone takes any layout of that side.
        let asked = |t: Shape| {
            let (want, have) = (Variants::of(t), Variants::of(grid.shape()));
            t.size() == grid.size()
                && (options.boxes.is_none() || t == grid.shape().without_extras())
                && (!want.x || have.x)
                && (!want.windoku || have.windoku)
                && (!options.variants.jigsaw || have.jigsaw)
        };
        // Variants asked for with no side are asked of the ID's own grid: an ID names its
        // layout, so one without them is another layout, not one to read them into.
        let extras = Variants {
            jigsaw: false,
            ..options.variants
        };
        let target = match target {
            None if extras != Variants::default() => {
                Some(extras.apply(grid.shape().without_extras())?)
            }
            other => other,
        };
        if let Some(target) = target.filter(|&t| !asked(t)) {
            return Err(ReadErrorKind::BadId {
                section: "params",
                offset: 1,
                problem: crate::logic::Words::new("id-other-layout")
                    .with("found", crate::logic::Arg::Shape(grid.shape()))
                    .with("asked", crate::logic::Arg::Shape(target)),
            }
            .into());
        }
        return check(grid, options);
    }
    // A jigsaw side asked for without its regions (`--size 7`): plain cells cannot say
    // them, and the count's message says how to give them.
    if target.is_some_and(|t| t.is_jigsaw() && options.layout.is_none()) {
        return Err(count_error(all(), options, target));
    }
    if let Some((form, shape)) = fit(all(), options, target) {
        let grid = decode(all(), form, shape, options)?;
        return check(with_variants(grid, options)?, options);
    }
    // One line holding a puzzle and more: read its first field.
    if let Some(field) = first_field(all()) {
        let one = || std::iter::once(field);
        if let Some((form, shape)) = fit(one(), options, target) {
            let grid = decode(one(), form, shape, options)?;
            return check(with_variants(grid, options)?, options);
        }
    }
    Err(count_error(all(), options, target))
}

/// A plain grid read from its cells, with the variants the options ask for.
fn with_variants(grid: Grid, options: &ParseOptions) -> Result<Grid, Error> {
    if options.layout.is_some() {
        // Read in the layout asked for, extra units and all.
        return Ok(grid);
    }
    let shape = options.variants.apply(grid.shape().without_extras())?;
    if shape == grid.shape() {
        Ok(grid)
    } else {
        grid.with_shape(shape)
    }
}

/// The grid, or its first clash unless clashes are allowed.
fn check(grid: Grid, options: &ParseOptions) -> Result<Grid, Error> {
    if !options.allow_clashes {
        if let Some(clash) = grid.first_clash() {
            return Err(clash.into());
        }
    }
    Ok(grid)
}

impl ParseOptions {
    /// The shape these options ask for, if any: `None` when it comes from the text.
    /// Errors for a side with no box shape, boxes that do not tile the side, and hex
    /// with any side but 16.
    pub fn shape(&self) -> Result<Option<Shape>, Error> {
        target_shape(self)
    }
}

/// The shape the options ask for, if any.
fn target_shape(options: &ParseOptions) -> Result<Option<Shape>, Error> {
    if let Some(layout) = options.layout {
        if options.hex && layout.size() != 16 {
            return Err(Error::bad_option(
                "size",
                layout.size(),
                crate::logic::Words::new("allowed-hex-size"),
            ));
        }
        return Ok(Some(layout));
    }
    // A side with no boxes (7, 11, ...) is a jigsaw's alone, whose regions only a game ID
    // or a link brings: the side is asked for as a jigsaw of rows, which such an ID is
    // checked against and which plain text is never read into (see `read_any_grid`).
    if let (Some(n), None, false) = (options.size, options.boxes, options.hex)
        && Shape::is_boxless_side(n)
    {
        let extras = Variants {
            jigsaw: false,
            ..options.variants
        };
        return Ok(Some(extras.apply(Shape::jigsaw_of_rows(n)?)?));
    }
    let shape = Shape::named(options.size, options.boxes)?;
    // Jigsaw regions come with the text: the side alone is the target then.
    let extras = Variants {
        jigsaw: false,
        ..options.variants
    };
    let shape = match shape {
        Some(shape) => Some(extras.apply(shape)?),
        None => None,
    };
    if !options.hex {
        return Ok(shape);
    }
    match shape {
        None => Ok(Some(Shape::from_size(16)?)),
        Some(shape) if shape.size() == 16 => Ok(Some(shape)),
        Some(shape) if options.boxes.is_some() => Err(Error::bad_option(
            "box",
            shape.box_name(),
            crate::logic::Words::new("allowed-hex-box"),
        )),
        Some(shape) => Err(Error::bad_option(
            "size",
            shape.size(),
            crate::logic::Words::new("allowed-hex-size"),
        )),
    }
}

/// How the cells of a text are cut out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// Whitespace-separated tokens, which may be decimal numbers.
    Tokens,
    /// One cell per visible character; frame lines skipped.
    Chars,
    /// One cell per visible character, frame lines included (a 9×9 with `-` for empty).
    CharsAndFrames,
}

/// Calls `f(cell, line, column)` for each cell of the lines in a form, in order; stops at
/// the first error.
fn visit<'a, E>(
    lines: impl Iterator<Item = Line<'a>>,
    form: Form,
    mut f: impl FnMut(&'a str, usize, usize) -> Result<(), E>,
) -> Result<(), E> {
    for line in lines {
        let body = match line.kind() {
            Kind::Cells(body) => body,
            Kind::Frame(body) if form == Form::CharsAndFrames => body,
            _ => continue,
        };
        let mut token: Option<(usize, usize)> = None; // (byte start, column)
        for (i, (at, c)) in body.char_indices().enumerate() {
            let column = line.column.saturating_add(i).saturating_add(1);
            let sep = is_separator(c);
            if form == Form::Tokens {
                match (sep, token) {
                    (true, Some((start, col))) => {
                        f(&body[start..at], line.number, col)?;
                        token = None;
                    }
                    (false, None) => token = Some((at, column)),
                    _ => {}
                }
            } else if !sep {
                f(&body[at..at + c.len_utf8()], line.number, column)?;
            }
        }
        if let Some((start, col)) = token {
            f(&body[start..], line.number, col)?;
        }
    }
    Ok(())
}

/// The number of cells of the lines in a form.
fn count<'a>(lines: impl Iterator<Item = Line<'a>>, form: Form) -> usize {
    let mut n = 0usize;
    let _ = visit(lines, form, |_, _, _| -> Result<(), ()> {
        n += 1;
        Ok(())
    });
    n
}

/// True when the grid-file form with numbers applies: some token is two characters long,
/// and every token longer than one character is two digits.
fn has_number_tokens<'a>(lines: impl Iterator<Item = Line<'a>>) -> bool {
    let mut seen = false;
    let all = visit(lines, Form::Tokens, |token, _, _| {
        if token.len() > 1 {
            if token.len() == 2 && token.bytes().all(|b| b.is_ascii_digit()) {
                seen = true;
            } else {
                return Err(());
            }
        }
        Ok(())
    });
    all.is_ok() && seen
}

/// The forms to try, most specific first.
fn forms<'a>(lines: impl Iterator<Item = Line<'a>> + Clone, options: &ParseOptions) -> Vec<Form> {
    let mut forms = Vec::with_capacity(3);
    if !options.hex && has_number_tokens(lines) {
        forms.push(Form::Tokens);
    }
    forms.push(Form::Chars);
    forms.push(Form::CharsAndFrames);
    forms
}

/// Reads a box shape written `RxC` (rows by columns, `x`, `X` or `×` between): `2x3` is a
/// box 2 cells high and 3 wide. Checks only that it is a box; [`Shape::with_boxes`]
/// checks that it tiles a side.
///
/// ```
/// assert_eq!(sudoku64::parse::parse_box("3x4").unwrap(), (3, 4));
/// assert!(sudoku64::parse::parse_box("3x1").is_err());
/// assert!(sudoku64::parse::parse_box("three").is_err());
/// ```
pub fn parse_box(text: &str) -> Result<(usize, usize), Error> {
    let bad = || Error::bad_option("box", text, crate::logic::Words::new("allowed-box"));
    let (rows, columns) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let rows: usize = rows.trim().parse().map_err(|_| bad())?;
    let columns: usize = columns.trim().parse().map_err(|_| bad())?;
    Shape::from_boxes(rows, columns)?;
    Ok((rows, columns))
}

/// The first form whose cells make a grid (of the target shape, if given), and that shape.
fn fit<'a>(
    lines: impl Iterator<Item = Line<'a>> + Clone,
    options: &ParseOptions,
    target: Option<Shape>,
) -> Option<(Form, Shape)> {
    let mut last = None;
    for form in forms(lines.clone(), options) {
        let cells = count(lines.clone(), form);
        if last == Some(cells) {
            continue;
        }
        last = Some(cells);
        let shape = match target {
            Some(shape) if shape.cell_count() == cells => Some(shape),
            Some(_) => None,
            None => Shape::from_cell_count(cells).filter(|&shape| {
                shape.has_square_boxes() || laid_out_as(lines.clone(), form, shape)
            }),
        };
        if let Some(shape) = shape {
            return Some((form, shape));
        }
    }
    None
}

/// Why the lines are not a grid: no cells (or only a grid written as a `#` comment), or a
/// count that fits no grid (in the first form), with the line of a row of the wrong length
/// when the lines look like rows.
fn count_error<'a>(
    lines: impl Iterator<Item = Line<'a>> + Clone,
    options: &ParseOptions,
    target: Option<Shape>,
) -> Error {
    let form = forms(lines.clone(), options)
        .first()
        .copied()
        .unwrap_or(Form::Chars);
    let found = count(lines.clone(), form);
    if found == 0 {
        return lines
            .clone()
            .find_map(commented_grid)
            .unwrap_or_else(|| ReadErrorKind::Empty.into());
    }
    // Without a size asked for, rows of one length name the grid meant (eight rows of 9
    // are a 9×9 short of a row, not an 8×8 with 8 cells too many); else the nearest count.
    let meant = target
        .or_else(|| row_length(lines.clone(), form).and_then(|side| Shape::from_size(side).ok()));
    let side = meant.unwrap_or_else(|| Shape::nearest(found)).size();
    let row = odd_row(lines.clone(), form, side);
    // Words only where no row of the wrong length says more, and never in a comment.
    let words = if row.is_none() {
        first_words(lines)
    } else {
        None
    };
    ReadErrorKind::CellCount {
        found,
        expected: meant,
        row,
        words,
    }
    .into()
}

/// The start of the first line, not a comment, that reads as words ([`words_start`]).
fn first_words<'a>(lines: impl Iterator<Item = Line<'a>>) -> Option<String> {
    lines
        .filter(|line| !line.text.trim_start().starts_with('#'))
        .find_map(|line| words_start(line.text))
}

/// The start of a line that reads as words rather than a grid's cells (at most 24
/// characters, then "…"): two words or more of two letters or more, one with a small
/// letter ("hello world", "Please solve this"). A grid's rows of letters are capitals or
/// single symbols apart ("A B C D"), and a game ID or link has been read before this.
/// Letters beyond ASCII count as small letters of a word (no grid symbol is one). Written
/// over bytes: with `char::is_alphabetic` and `str`'s patterns the message made the wasm
/// 2.8 KB heavier (gzipped; Unicode's tables and the pattern searchers), this way 0.8 KB.
fn words_start(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let (mut words, mut with_small) = (0, false);
    for word in bytes.split(|&b| b == b' ' || b == b'\t') {
        let start = word.iter().position(|b| !b.is_ascii_punctuation());
        let end = word.iter().rposition(|b| !b.is_ascii_punctuation());
        let (Some(start), Some(end)) = (start, end) else {
            continue;
        };
        let word = &word[start..=end];
        if word.len() >= 2 && word.iter().all(|&b| b.is_ascii_alphabetic() || b >= 0x80) {
            words += 1;
            with_small |= word.iter().any(|&b| b.is_ascii_lowercase() || b >= 0x80);
        }
    }
    if words < 2 || !with_small {
        return None;
    }
    // The first 24 characters (a character starts at a byte that is not 0b10xxxxxx),
    // without the blanks around them.
    let seen = |b: &u8| *b != b' ' && *b != b'\t';
    let first = bytes.iter().position(seen)?;
    let last = bytes.iter().rposition(seen)?;
    let text = &text[first..=last];
    let starts = text.bytes().enumerate().filter(|&(_, b)| b & 0xC0 != 0x80);
    Some(match starts.map(|(i, _)| i).nth(24) {
        Some(end) => {
            let cut = text.as_bytes()[..end]
                .iter()
                .rposition(seen)
                .map_or(0, |i| i + 1);
            let mut start = text[..cut].to_string();
            start.push('…');
            start
        }
        None => text.to_string(),
    })
}

/// How many cells each line that holds any has, in line order.
fn cells_per_line<'a>(lines: impl Iterator<Item = Line<'a>>, form: Form) -> Vec<usize> {
    let mut per_line: Vec<(usize, usize)> = Vec::new();
    let _ = visit(lines, form, |_, line, _| -> Result<(), ()> {
        match per_line.last_mut() {
            Some((at, cells)) if *at == line => *cells += 1,
            _ => per_line.push((line, 1)),
        }
        Ok(())
    });
    per_line.into_iter().map(|(_, cells)| cells).collect()
}

/// The number of cells most lines hold (the longer on a tie), when two lines or more hold
/// cells: the row length the text was written with.
fn row_length<'a>(lines: impl Iterator<Item = Line<'a>>, form: Form) -> Option<usize> {
    let mut lengths = cells_per_line(lines, form);
    if lengths.len() < 2 {
        return None;
    }
    crate::sorting::sort_usizes(&mut lengths);
    lengths
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| (run.len(), run[0]))
        .map(|run| run[0])
}

/// True when the cells lie on one line, or n to a line: how a grid of a rectangular-box
/// side must be written to be read without its size. Their counts (36, 64, 144, 324, ...)
/// are also those of several smaller puzzles, one a line: four 9×9 lines hold 324 cells,
/// an 18×18's worth, and are four puzzles, not one.
fn laid_out_as<'a>(lines: impl Iterator<Item = Line<'a>>, form: Form, shape: Shape) -> bool {
    let lengths = cells_per_line(lines, form);
    lengths.len() <= 1 || lengths.iter().all(|&cells| cells == shape.size())
}

/// When the lines look like the rows of a grid of side `side` (as many lines as rows, or
/// all of them but one that long), the first line with another number of cells: its
/// number and its cells.
fn odd_row<'a>(
    lines: impl Iterator<Item = Line<'a>>,
    form: Form,
    side: usize,
) -> Option<(usize, usize)> {
    let mut rows: Vec<(usize, usize)> = Vec::new();
    let counted = visit(lines, form, |_, line, _| -> Result<(), ()> {
        let too_many = rows.len() > side;
        match rows.last_mut() {
            Some((at, cells)) if *at == line => *cells += 1,
            _ if too_many => return Err(()),
            _ => rows.push((line, 1)),
        }
        Ok(())
    });
    if counted.is_err() || rows.len() < 2 {
        return None;
    }
    let mut odd = rows.iter().filter(|&&(_, cells)| cells != side);
    let first = *odd.next()?;
    (rows.len() == side || odd.next().is_none()).then_some(first)
}

/// The error for a line that starts with `#`, so is skipped as a comment, though it is
/// one word of a grid's worth of characters (16 or more): a puzzle whose first cell was
/// written `#`, which would otherwise vanish without a word.
fn commented_grid(line: Line<'_>) -> Option<Error> {
    if !matches!(line.kind(), Kind::Comment) {
        return None;
    }
    let word = line.text.trim_matches(is_space);
    if !word.starts_with('#') || word.contains(is_space) {
        return None;
    }
    let shape = Shape::from_cell_count(word.chars().count())?;
    // Only a line whose other characters are all cells of that grid: not a note such as
    // `#Difficulty:Hard` or a divider of sixteen `#`s.
    let n = shape.size();
    let cells = word[1..].chars().all(|c| {
        matches!(c, '.' | '0' | '_') || symbol_value(c).is_some_and(|v| (v as usize) <= n)
    });
    (n >= 4 && cells).then(|| {
        ReadErrorKind::CommentedGrid {
            line: line.number,
            shape,
        }
        .into()
    })
}

/// The first field of a text that is one line holding a puzzle followed by whitespace and
/// more (a solution, a rating, a note): `None` for any other text. A line of several fields
/// all as long as the first is a grid written with spaces, not a puzzle and notes.
fn first_field<'a>(lines: impl Iterator<Item = Line<'a>>) -> Option<Line<'a>> {
    let mut content = lines.filter(|l| l.kind().has_cells());
    let line = content.next()?;
    if content.next().is_some() {
        return None;
    }
    let Kind::Cells(body) = line.kind() else {
        return None;
    };
    let mut fields = body.split(is_space).filter(|f| !f.is_empty());
    let first = fields.next()?;
    let first_len = first.chars().count();
    if first_len < MIN_LINE_GRID {
        return None;
    }
    let (mut others, mut same) = (0usize, true);
    for field in fields {
        others += 1;
        same &= field.chars().count() == first_len;
    }
    if others == 0 || (others > 1 && same) {
        return None;
    }
    // The first field starts after the line's leading whitespace.
    let indent = body.chars().take_while(|&c| is_space(c)).count();
    Some(Line {
        number: line.number,
        column: line.column + indent,
        text: first,
    })
}

/// Reads the cells of the lines in a form as a grid of a shape.
fn decode<'a>(
    lines: impl Iterator<Item = Line<'a>>,
    form: Form,
    shape: Shape,
    options: &ParseOptions,
) -> Result<Grid, Error> {
    let mut cells = Vec::with_capacity(shape.cell_count());
    visit(lines, form, |cell, line, column| -> Result<(), Error> {
        if cells.len() >= shape.cell_count() {
            // Cannot happen: the cells were counted. Stop rather than grow.
            return Err(ReadErrorKind::CellCount {
                found: cells.len() + 1,
                expected: Some(shape),
                row: None,
                words: None,
            }
            .into());
        }
        cells.push(value(cell, line, column, shape, options.hex)?);
        Ok(())
    })?;
    Grid::from_cells(shape, cells)
}

/// The entry a cell's text stands for (0 for empty).
fn value(cell: &str, line: usize, column: usize, shape: Shape, hex: bool) -> Result<u8, Error> {
    let n = shape.size();
    let mut chars = cell.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if hex {
            return match c {
                '.' | '_' => Ok(0),
                c => match c.to_digit(16) {
                    Some(d) => Ok(d as u8 + 1),
                    None => Err(ReadErrorKind::BadHexSymbol {
                        symbol: c,
                        line,
                        column,
                    }
                    .into()),
                },
            };
        }
        if n == 9 {
            // The classic rule: 1-9 are givens, any other character is empty.
            return Ok(match c {
                '1'..='9' => c as u8 - b'0',
                _ => 0,
            });
        }
        return match c {
            '.' | '_' | '0' => Ok(0),
            c => match symbol_value(c) {
                Some(v) if (v as usize) <= n => Ok(v),
                _ => Err(ReadErrorKind::BadSymbol {
                    symbol: c,
                    line,
                    column,
                    shape,
                }
                .into()),
            },
        };
    }
    // A token of two digits (only the grid-file form has longer cells).
    if cell.len() == 2 && cell.bytes().all(|b| b.is_ascii_digit()) {
        let v: usize = cell.parse().unwrap_or(usize::MAX);
        if v <= n {
            return Ok(v as u8);
        }
    }
    let token: String = cell.chars().take(16).collect();
    Err(ReadErrorKind::BadToken {
        token,
        line,
        column,
        shape,
    }
    .into())
}

#[cfg(test)]
mod tests;
