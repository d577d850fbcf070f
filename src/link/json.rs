//! A JSON reader for what f-puzzles writes: objects (their keys in order), arrays,
//! strings, numbers (integers kept, others only checked), booleans and null. Nesting
//! stops at [`MAX_DEPTH`]; an error is the character where reading stopped.

/// The deepest nesting read: f-puzzles' JSON goes four deep.
pub const MAX_DEPTH: usize = 32;

/// A JSON value.
#[derive(Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number: its value when it is an integer that fits an `i64`.
    Number(Option<i64>),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// An integer, from a number or a string of digits.
    pub fn integer(&self) -> Option<i64> {
        match self {
            Value::Number(n) => *n,
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// True for `true`.
    pub fn is_true(&self) -> bool {
        matches!(self, Value::Bool(true))
    }

    /// True for what says nothing: null, false, `""`, `[]`, `{}`.
    pub fn is_empty(&self) -> bool {
        match self {
            Value::Null | Value::Bool(false) => true,
            Value::String(s) => s.is_empty(),
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        }
    }

    /// The value of a key of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Reads a whole text as one value; the error is the byte (from 1) where reading
/// stopped.
pub fn parse(text: &str) -> Result<Value, usize> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let value = reader.value(0);
    reader.space();
    match value {
        Some(value) if reader.at == reader.text.len() => Ok(value),
        _ => Err(reader.at + 1),
    }
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Steps over `byte` (after any space) if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.text.get(self.at) == Some(&byte);
        self.at += usize::from(found);
        found
    }

    fn word(&mut self, word: &[u8], value: Value) -> Option<Value> {
        let found = self.text[self.at..].starts_with(word);
        self.at += if found { word.len() } else { 0 };
        found.then_some(value)
    }

    /// Items up to `close`, separated by commas; `item` reads one.
    fn items<T>(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        self.at += 1;
        let mut items = Vec::new();
        if self.eat(close) {
            return Some(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat(close) {
                return Some(items);
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.space();
        match *self.text.get(self.at)? {
            b'{' => self
                .items(b'}', |r| {
                    r.space();
                    let key = r.string()?;
                    r.eat(b':').then_some(())?;
                    Some((key, r.value(depth + 1)?))
                })
                .map(Value::Object),
            b'[' => self.items(b']', |r| r.value(depth + 1)).map(Value::Array),
            b'"' => self.string().map(Value::String),
            b't' => self.word(b"true", Value::Bool(true)),
            b'f' => self.word(b"false", Value::Bool(false)),
            b'n' => self.word(b"null", Value::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    /// Steps over digits; true if there was one.
    fn digits(&mut self) -> bool {
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        self.at > start
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.at;
        self.at += usize::from(self.text[self.at] == b'-');
        self.digits().then_some(())?;
        let integer = &self.text[start..self.at];
        let mut whole = true;
        if self.text.get(self.at) == Some(&b'.') {
            self.at += 1;
            whole = false;
            self.digits().then_some(())?;
        }
        if matches!(self.text.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            whole = false;
            if matches!(self.text.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.digits().then_some(())?;
        }
        let value = std::str::from_utf8(integer).ok()?.parse().ok();
        Some(Value::Number(value.filter(|_| whole)))
    }

    fn string(&mut self) -> Option<String> {
        (self.text.get(self.at) == Some(&b'"')).then_some(())?;
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let byte = *self.text.get(self.at)?;
            self.at += 1;
            match byte {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let escape = *self.text.get(self.at)?;
                    self.at += 1;
                    let c = match escape {
                        b'"' | b'\\' | b'/' => escape as char,
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hex = self.text.get(self.at..self.at + 4)?;
                            let code =
                                u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                            self.at += 4;
                            // Halves of a surrogate pair become the replacement
                            // character: no text read here needs them.
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => return None,
                    };
                    let mut buffer = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
                }
                byte => out.push(byte),
            }
        }
    }
}
