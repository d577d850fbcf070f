//! LZString's base64 form, as its `compressToBase64` and `decompressFromBase64` write and
//! read it: an LZW code stream whose code width grows with the dictionary, packed six
//! bits to a base64 character, most significant bit first.
//!
//! ```text
//!  code 0: a new 8-bit character follows    code 1: a new 16-bit character follows
//!  code 2: the end                          code 3...: a dictionary entry
//!  each value is written low bit first in the current width (3 bits at the start);
//!  the width grows by one when the dictionary reaches a power of two
//! ```

use std::collections::HashMap;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The text, compressed and written in base64 (padded with `=`).
pub fn compress_to_base64(text: &str) -> String {
    let mut bits = BitWriter::default();
    // Each dictionary entry is (the code of its prefix, its last character); a single
    // character's entry has the prefix u32::MAX.
    let mut dictionary: HashMap<(u32, u16), u32> = HashMap::new();
    let mut size = 3u32;
    let mut width = 2u32;
    let mut enlarge_in = 2u32;
    // The current phrase: its code, and its character when it is one character that
    // has not been written yet.
    let mut phrase: Option<u32> = None;
    let mut new_char: Option<u16> = None;
    let grow = |enlarge_in: &mut u32, width: &mut u32| {
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *width;
            *width += 1;
        }
    };
    let emit = |bits: &mut BitWriter,
                phrase: u32,
                new_char: &mut Option<u16>,
                enlarge_in: &mut u32,
                width: &mut u32| {
        if let Some(c) = new_char.take() {
            if c < 256 {
                bits.write(*width, 0);
                bits.write(8, c as u32);
            } else {
                bits.write(*width, 1);
                bits.write(16, c as u32);
            }
            grow(enlarge_in, width);
        } else {
            bits.write(*width, phrase);
        }
        grow(enlarge_in, width);
    };
    let mut pending_new: Vec<u32> = Vec::new();
    for c in text.encode_utf16() {
        let single = match dictionary.get(&(u32::MAX, c)) {
            Some(&code) => code,
            None => {
                let code = size;
                size += 1;
                dictionary.insert((u32::MAX, c), code);
                pending_new.push(code);
                code
            }
        };
        let Some(w) = phrase else {
            phrase = Some(single);
            new_char = pending_new.contains(&single).then_some(c);
            continue;
        };
        if let Some(&code) = dictionary.get(&(w, c)) {
            phrase = Some(code);
            new_char = None;
            continue;
        }
        if new_char.is_some() {
            pending_new.retain(|&p| p != w);
        }
        emit(&mut bits, w, &mut new_char, &mut enlarge_in, &mut width);
        dictionary.insert((w, c), size);
        size += 1;
        phrase = Some(single);
        new_char = pending_new.contains(&single).then_some(c);
    }
    if let Some(w) = phrase {
        emit(&mut bits, w, &mut new_char, &mut enlarge_in, &mut width);
    }
    bits.write(width, 2);
    let mut out = bits.finish();
    while out.len() % 4 != 0 {
        out.push('=');
    }
    out
}

/// The text of base64 data, or `None` when it is not a whole LZString stream or would
/// pass `limit` characters.
pub fn decompress_from_base64(data: &str, limit: usize) -> Option<String> {
    let values: Vec<u8> = data
        .trim_end_matches('=')
        .bytes()
        .map(|b| ALPHABET.iter().position(|&a| a == b).map(|p| p as u8))
        .collect::<Option<_>>()?;
    let mut bits = BitReader {
        values: &values,
        at: 0,
    };
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(); 3];
    let mut width = 3u32;
    let mut enlarge_in = 4u32;
    let first = match bits.read(2)? {
        0 => bits.read(8)? as u16,
        1 => bits.read(16)? as u16,
        2 => return Some(String::new()),
        _ => return None,
    };
    dictionary.push(vec![first]);
    let mut w = vec![first];
    let mut out = vec![first];
    loop {
        if width > 24 {
            return None;
        }
        let mut code = bits.read(width)? as usize;
        match code {
            0 | 1 => {
                let c = bits.read(if code == 0 { 8 } else { 16 })? as u16;
                dictionary.push(vec![c]);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return String::from_utf16(&out).ok(),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        let entry = if code < dictionary.len() {
            dictionary[code].clone()
        } else if code == dictionary.len() {
            let mut e = w.clone();
            e.push(w[0]);
            e
        } else {
            return None;
        };
        out.extend_from_slice(&entry);
        if out.len() > limit {
            return None;
        }
        let mut next = w;
        next.push(entry[0]);
        dictionary.push(next);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
}

/// Six bits to a character, most significant first; values are read low bit first.
struct BitReader<'a> {
    values: &'a [u8],
    /// The next bit, counted from the first character's top bit.
    at: usize,
}

impl BitReader<'_> {
    /// `n` bits, or `None` past the end of the data.
    fn read(&mut self, n: u32) -> Option<u32> {
        let mut value = 0;
        for i in 0..n {
            let byte = *self.values.get(self.at / 6)?;
            let bit = (byte >> (5 - self.at % 6)) & 1;
            value |= (bit as u32) << i;
            self.at += 1;
        }
        Some(value)
    }
}

#[derive(Default)]
struct BitWriter {
    out: String,
    value: u8,
    filled: u32,
}

impl BitWriter {
    fn write(&mut self, n: u32, mut value: u32) {
        for _ in 0..n {
            self.push((value & 1) as u8);
            value >>= 1;
        }
    }

    fn push(&mut self, bit: u8) {
        self.value = self.value << 1 | bit;
        self.filled += 1;
        if self.filled == 6 {
            self.out.push(ALPHABET[self.value as usize] as char);
            self.value = 0;
            self.filled = 0;
        }
    }

    /// The characters, the last one filled out with zero bits (always one more bit,
    /// as LZString does).
    fn finish(mut self) -> String {
        loop {
            self.push(0);
            if self.filled == 0 {
                return self.out;
            }
        }
    }
}
