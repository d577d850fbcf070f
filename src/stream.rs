//! Reading puzzles from a byte stream of any length, in bounded memory.
//!
//! [`puzzles_from_reader`] reads a file or standard input as it comes, and gives the same
//! items as [`crate::parse::puzzles`] would on the whole text: the line where each puzzle
//! starts and the puzzle or its error. What it holds at once is bounded by
//! [`MAX_INPUT_BYTES`], the most one puzzle may take, whatever the input's length:
//!
//! - Lines end with `\n`, `\r\n` or a lone `\r`. A line longer than [`MAX_INPUT_BYTES`] is
//!   refused at its line number ([`ReadErrorKind::LineTooLong`]) as soon as it is that long,
//!   and the rest of it is skipped as it is read, never held.
//! - Lines are gathered into a part of at most [`MAX_INPUT_BYTES`] and 16,384 lines; a
//!   part is read with [`crate::parse::puzzles_in_form`], so an input within both is read
//!   exactly as one text. A longer input is cut after the last blank line of a part when
//!   there is one (so blocks of lines, such as framed grids, stay whole), else after its
//!   last line, and its later parts are read in the form its first part has (one puzzle
//!   per line, or blocks), so that a few lines left over are not read as one grid.
//! - Each line is decoded on its own: a byte that is not UTF-8 is reported with its line
//!   and column ([`ReadErrorKind::BadUtf8`]) and only that line is skipped.
//! - UTF-16 and UTF-32 input is known by its byte-order mark ([`ReadErrorKind::Encoding`]),
//!   and a NUL byte, which no text holds, stops the reading ([`ReadErrorKind::Binary`]): an
//!   endless binary stream such as `/dev/zero` ends at once.
//!
//! A failure to read (a failing disk) is an item too ([`ReadErrorKind::ReadFailed`]) and ends
//! the stream, so a caller handles one stream of items.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};

use crate::error::{Error, ReadErrorKind};
use crate::grid::Grid;
use crate::parse::{FileForm, MAX_INPUT_BYTES, ParseOptions, file_form, puzzles_in_form};

/// The most lines parsed together: more than any grid takes (a 64×64 with one cell per
/// line and a comment on each is 8,192), few enough that the items of one part (say, a
/// file of one-cell lines) stay small.
const MAX_PART_LINES: usize = 16_384;

/// An item of the stream: the line where a puzzle starts (from 1), and the puzzle or why it
/// could not be read.
pub type Item = (usize, Result<Grid, Error>);

/// Reads the puzzles of a byte stream as it comes (see the module's description).
///
/// ```
/// use sudoku64::stream::puzzles_from_reader;
/// let input: &[u8] = b"1...............\r.2..............\r\xFF\n";
/// let items: Vec<_> = puzzles_from_reader(input, &Default::default()).collect();
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[1].0, 2);
/// assert_eq!(items[2].1.as_ref().unwrap_err().kind_name(), "bad-encoding");
/// ```
pub fn puzzles_from_reader<R: Read>(reader: R, options: &ParseOptions) -> StreamPuzzles<R> {
    StreamPuzzles {
        lines: Lines::new(reader, MAX_INPUT_BYTES),
        options: options.clone(),
        part: Part::default(),
        ready: VecDeque::new(),
        form: None,
        yielded: false,
        ended: false,
        peak: 0,
    }
}

/// The puzzles of a stream, from [`puzzles_from_reader`].
pub struct StreamPuzzles<R: Read> {
    lines: Lines<R>,
    options: ParseOptions,
    /// Lines read and not yet parsed.
    part: Part,
    /// Items parsed and not yet returned.
    ready: VecDeque<Item>,
    /// How the input holds its puzzles, once its first part with text was read: the
    /// later parts are read the same way (one puzzle per line, or blocks), unless the
    /// first part was one whole puzzle.
    form: Option<FileForm>,
    /// True once any item was returned.
    yielded: bool,
    /// True once the stream ended (or reading stopped for good).
    ended: bool,
    /// The most bytes of text held at once.
    peak: usize,
}

/// Lines gathered to be parsed together.
#[derive(Default)]
struct Part {
    /// The lines, each ended by `\n`; a skipped line is held as `#`, a comment, so that
    /// the lines keep their numbers.
    text: String,
    /// The input's line number of the first line.
    first: usize,
    /// Lines in `text`.
    lines: usize,
    /// Byte length of `text` through its last blank line, and the lines up to there.
    last_blank: Option<(usize, usize)>,
    /// Errors of lines skipped in this part, by line.
    skipped: Vec<Item>,
    /// True when some line has visible text.
    visible: bool,
}

impl<R: Read> StreamPuzzles<R> {
    /// The most bytes of input text held at once so far (lines gathered and the line being
    /// read): bounded by about twice [`MAX_INPUT_BYTES`], whatever the input's length.
    pub fn peak_bytes(&self) -> usize {
        self.peak.max(self.lines.peak)
    }

    /// Parses the part's first `len` bytes (its first `lines` lines), queueing their items
    /// in line order, and keeps the rest for later. `last` is true at the end of input.
    fn flush(&mut self, len: usize, lines: usize, last: bool) {
        let part = &mut self.part;
        let head = &part.text[..len];
        let next_first = part.first + lines;
        let (skipped, kept): (Vec<Item>, Vec<Item>) = std::mem::take(&mut part.skipped)
            .into_iter()
            .partition(|(line, _)| *line < next_first);
        part.skipped = kept;
        // A part of blank lines and comments alone holds no puzzle: its "no cells" error
        // is only worth saying when the whole input has none.
        let say_empty = last && !self.yielded && self.ready.is_empty();
        let mut items: Vec<Item> = if part.visible || say_empty {
            let form = match self.form {
                Some(form @ (FileForm::Lines | FileForm::Blocks)) => form,
                _ => file_form(head, &self.options),
            };
            self.form.get_or_insert(form);
            // A part of comments and blank lines alone: its error is at the input's start.
            let first = if say_empty && !part.visible {
                1
            } else {
                part.first.max(1)
            };
            puzzles_in_form(head, first, &self.options, form)
                .filter(|(_, p)| {
                    say_empty
                        || !matches!(p, Err(e) if matches!(e.as_read(), Some(ReadErrorKind::Empty)))
                })
                .collect()
        } else {
            Vec::new()
        };
        if !skipped.is_empty() {
            // Errors of skipped lines come first: a part's "no cells" error is about them.
            items.retain(
                |(_, p)| !matches!(p, Err(e) if matches!(e.as_read(), Some(ReadErrorKind::Empty))),
            );
            items.extend(skipped);
            items.sort_by_key(|(line, _)| *line);
        }
        self.ready.extend(items);
        part.text.drain(..len);
        part.first = next_first;
        part.lines -= lines;
        part.last_blank = None;
        part.visible = part.text.lines().any(|l| !l.trim().is_empty());
    }

    /// Adds a line (or a skipped line's place) to the part, parsing the part first when
    /// the line would make it longer than one puzzle may be.
    fn push(&mut self, number: usize, text: &str) {
        if self.part.lines == 0 {
            self.part.first = number;
        }
        // Over a limit: parse up to the last blank line, or else every line held.
        while self.part.lines > 0
            && (self.part.text.len() + text.len() + 1 > MAX_INPUT_BYTES
                || self.part.lines >= MAX_PART_LINES)
        {
            let (len, lines) = self
                .part
                .last_blank
                .unwrap_or((self.part.text.len(), self.part.lines));
            self.flush(len, lines, false);
            if self.part.lines == 0 {
                self.part.first = number;
            }
        }
        let part = &mut self.part;
        part.text.push_str(text);
        part.text.push('\n');
        part.lines += 1;
        if text.trim().is_empty() {
            part.last_blank = Some((part.text.len(), part.lines));
        } else {
            part.visible = true;
        }
        self.peak = self.peak.max(part.text.capacity());
    }

    /// Records a line that could not be read: its place is kept as a comment line.
    fn skip(&mut self, number: usize, error: Error) {
        self.push(number, "#");
        self.part.skipped.push((number, Err(error)));
    }
}

impl<R: Read> Iterator for StreamPuzzles<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                self.yielded = true;
                return Some(item);
            }
            if self.ended {
                return None;
            }
            match self.lines.next_line() {
                Event::Line(number, bytes) => match std::str::from_utf8(bytes) {
                    Ok(text) => {
                        let text = text.to_owned();
                        self.push(number, &text);
                    }
                    Err(e) => {
                        let at = e.valid_up_to();
                        let column = String::from_utf8_lossy(&bytes[..at]).chars().count() + 1;
                        let byte = bytes[at];
                        self.skip(
                            number,
                            ReadErrorKind::BadUtf8 {
                                line: number,
                                column,
                                byte,
                            }
                            .into(),
                        );
                    }
                },
                Event::TooLong(number) => {
                    // Said at once, before the rest of the line is skipped: lines before it
                    // are parsed first, so the items stay in order.
                    let (len, lines) = (self.part.text.len(), self.part.lines);
                    self.flush(len, lines, false);
                    let limit = MAX_INPUT_BYTES;
                    self.ready.push_back((
                        number,
                        Err(ReadErrorKind::LineTooLong {
                            line: number,
                            limit,
                        }
                        .into()),
                    ));
                }
                Event::Stop(number, error) => {
                    let (len, lines) = (self.part.text.len(), self.part.lines);
                    self.flush(len, lines, false);
                    self.ready.push_back((number, Err(error)));
                    self.ended = true;
                }
                Event::End => {
                    let (len, lines) = (self.part.text.len(), self.part.lines);
                    self.flush(len, lines, true);
                    self.ended = true;
                }
            }
        }
    }
}

/// What the line reader found next.
enum Event<'a> {
    /// A whole line (without its ending), and its number.
    Line(usize, &'a [u8]),
    /// A line grew longer than the limit: said once; its rest is skipped after.
    TooLong(usize),
    /// Reading stops here for good: a NUL byte, a UTF-16 or UTF-32 byte-order mark, or a
    /// read error.
    Stop(usize, Error),
    /// The end of the input.
    End,
}

/// How reading the current line ended.
enum Ended {
    /// It is whole in the buffer.
    Line,
    /// It was over the limit, and its rest is now skipped.
    Skipped,
    /// Something else to report.
    Event(Event<'static>),
}

/// Splits a byte stream into lines of at most `limit` bytes.
struct Lines<R: Read> {
    reader: BufReader<Head<R>>,
    limit: usize,
    /// The line being read (no more than `limit` bytes of it).
    line: Vec<u8>,
    /// Its number, from 1.
    number: usize,
    /// Bytes of it read so far, held or not.
    seen: usize,
    /// The byte-order mark was looked for.
    started: bool,
    /// The last line ended with `\r`: a `\n` right after belongs to that ending.
    after_cr: bool,
    /// The line being read is over the limit: its bytes are dropped until its end.
    skipping: bool,
    /// The most bytes held for one line.
    peak: usize,
}

impl<R: Read> Lines<R> {
    fn new(reader: R, limit: usize) -> Lines<R> {
        Lines {
            reader: BufReader::with_capacity(64 << 10, Head::new(reader)),
            limit,
            line: Vec::new(),
            number: 0,
            seen: 0,
            started: false,
            after_cr: false,
            skipping: false,
            peak: 0,
        }
    }

    fn next_line(&mut self) -> Event<'_> {
        loop {
            if !self.skipping {
                self.line.clear();
                self.number += 1;
                self.seen = 0;
            }
            match self.read_line() {
                Ended::Line => return Event::Line(self.number, &self.line),
                Ended::Skipped => {}
                Ended::Event(event) => return event,
            }
        }
    }

    /// Reads the current line to its end.
    fn read_line(&mut self) -> Ended {
        if !self.started {
            self.started = true;
            // Before the buffer's first fill: the mark's bytes, however the input
            // delivers them (a pipe may hand over `FF FE` alone, the start of UTF-32 too).
            let head = self.reader.get_mut();
            if let Err(e) = head.fill() {
                let error = ReadErrorKind::ReadFailed {
                    message: e.to_string(),
                };
                return Ended::Event(Event::Stop(self.number, error.into()));
            }
            if let Some(name) = encoding_by_mark(head.head()) {
                return Ended::Event(Event::Stop(1, ReadErrorKind::Encoding { name }.into()));
            }
        }
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let error = ReadErrorKind::ReadFailed {
                        message: e.to_string(),
                    };
                    return Ended::Event(Event::Stop(self.number, error.into()));
                }
            };
            if chunk.is_empty() {
                // The text's last line, unless the input ended with a line ending.
                if self.seen > 0 && !self.skipping {
                    self.seen = 0;
                    return Ended::Line;
                }
                self.skipping = false;
                return Ended::Event(Event::End);
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            let rest = &chunk[start..];
            let end = rest
                .iter()
                .position(|&b| b == b'\n' || b == b'\r' || b == 0);
            let take = end.unwrap_or(rest.len());
            let room = self.limit.saturating_sub(self.line.len());
            let over = !self.skipping && take > room;
            if !self.skipping {
                self.line.extend_from_slice(&rest[..take.min(room)]);
                self.peak = self.peak.max(self.line.capacity());
            }
            let column = self.seen + take + 1;
            self.seen += take;
            match end {
                Some(i) if rest[i] == 0 => {
                    // In characters when the line is held, else in bytes.
                    let column = if self.skipping || over {
                        column
                    } else {
                        String::from_utf8_lossy(&self.line).chars().count() + 1
                    };
                    self.reader.consume(start + i + 1);
                    let error = ReadErrorKind::Binary {
                        line: self.number,
                        column,
                    };
                    return Ended::Event(Event::Stop(self.number, error.into()));
                }
                Some(i) => {
                    self.after_cr = rest[i] == b'\r';
                    self.reader.consume(start + i + 1);
                    if std::mem::take(&mut self.skipping) {
                        return Ended::Skipped;
                    }
                    if over {
                        self.line = Vec::new();
                        return Ended::Event(Event::TooLong(self.number));
                    }
                    self.seen = 0;
                    return Ended::Line;
                }
                None => {
                    self.reader.consume(start + take);
                    if over {
                        self.skipping = true;
                        self.line = Vec::new();
                        return Ended::Event(Event::TooLong(self.number));
                    }
                }
            }
        }
    }
}

/// The input, with its first bytes read ahead (while they may still grow into a UTF-16 or
/// UTF-32 byte-order mark) so that the mark is known whatever the sizes of the reads that
/// deliver it.
struct Head<R> {
    bytes: [u8; 4],
    len: usize,
    /// The head bytes already handed on.
    at: usize,
    /// The input ended: it is not read again (a terminal would wait for a second
    /// end-of-file).
    ended: bool,
    inner: R,
}

impl<R: Read> Head<R> {
    fn new(inner: R) -> Head<R> {
        Head {
            bytes: [0; 4],
            len: 0,
            at: 0,
            ended: false,
            inner,
        }
    }

    /// Reads the head: up to four bytes, and no more once they cannot begin a mark (so a
    /// short line typed at a terminal is answered at once).
    fn fill(&mut self) -> io::Result<()> {
        while self.len == 0 || (self.len < self.bytes.len() && may_grow_into_mark(self.head())) {
            match self.inner.read(&mut self.bytes[self.len..]) {
                Ok(0) => {
                    self.ended = true;
                    break;
                }
                Ok(k) => self.len += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    fn head(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl<R: Read> Read for Head<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.len {
            let k = buf.len().min(self.len - self.at);
            buf[..k].copy_from_slice(&self.bytes[self.at..self.at + k]);
            self.at += k;
            return Ok(k);
        }
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        let k = self.inner.read(buf)?;
        self.ended = k == 0;
        Ok(k)
    }
}

/// True when `head` is the start of a UTF-16 or UTF-32 byte-order mark but not yet the
/// longest one it could be.
fn may_grow_into_mark(head: &[u8]) -> bool {
    const MARKS: [&[u8]; 3] = [&[0xFF, 0xFE, 0, 0], &[0, 0, 0xFE, 0xFF], &[0xFE, 0xFF]];
    MARKS
        .iter()
        .any(|mark| head.len() < mark.len() && mark.starts_with(head))
}

/// The encoding a UTF-16 or UTF-32 byte-order mark at the start of the input names.
fn encoding_by_mark(head: &[u8]) -> Option<&'static str> {
    Some(match head {
        [0xFF, 0xFE, 0, 0, ..] => "UTF-32 little-endian",
        [0, 0, 0xFE, 0xFF, ..] => "UTF-32 big-endian",
        [0xFF, 0xFE, ..] => "UTF-16 little-endian",
        [0xFE, 0xFF, ..] => "UTF-16 big-endian",
        _ => return None,
    })
}
