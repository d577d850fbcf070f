// A player's progress on a puzzle as one short, URL-safe code, so that a link
// `#p=<puzzle>&progress=<code>` opens the puzzle as it was left: the player's own entries
// (values that are neither givens nor the solver's), centre marks, corner marks (in the
// order entered) and colours (in the order given). No undo history travels in it.
//
// The code is `1.` (the format's version, PROGRESS_VERSION, and a dot) then a byte stream
// in base64url without padding (A-Z a-z 0-9 - _):
//
//   length     3 bytes, big-endian: the whole stream's length in bytes, checksum included
//   header     2 bytes: CRC-16/CCITT-FALSE of the 3 length bytes, so that a damaged length
//              reads as damage rather than as a code cut short
//   puzzle     8 bytes: puzzleFingerprint(game), the 16 hex digits as bytes
//   cells      for each cell with something to carry, in cell order:
//                gap      varint (7 bits a byte, low first): cell − previous cell − 1
//                         (the first cell's index itself)
//                flags    1 byte: 1 value, 2 centre marks, 4 corner marks, 8 colours follow
//                value    1 byte, 1..n (never on a given)
//                centre   ⌈n/8⌉ bytes, a bit set: bit s−1 (low bits of the first byte first)
//                         for symbol s (never on a given)
//                corner   1 byte count (1..n), then each symbol (1..n) in the order entered
//                         (never on a given)
//                colours  1 byte count (1..COLOURS), then each colour (1..COLOURS) in order
//   checksum   4 bytes, big-endian: CRC-32 (IEEE) of every byte before it
//
// A CRC catches every error confined to a short run of bits, and one changed character of
// base64 changes at most 6 neighbouring bits, so a mistyped character reads as damage (the
// tests try every one in a code). The length, under its own check, tells a code cut short
// (a link pasted incompletely) from a damaged one. A 9×9 with candidates in every empty
// cell takes 4 bytes a cell: 361 characters for the 64 empty cells of a 17-given puzzle.
//
// decodeProgress() never throws: whatever it is given it answers {progress} or
// {error: {reason, message}}, reason one of ERROR_REASONS.

import { COLOURS } from './game.js';
import { t } from './app-messages.js';

/** The version of the code's format, its first characters before the dot. */
export const PROGRESS_VERSION = 1;

/** Why a code can be refused: decodeProgress()'s error reasons. */
export const ERROR_REASONS = Object.freeze(['corrupt', 'truncated', 'other-puzzle', 'future-version']);

/** A sentence for a player for each reason a code can be refused, in the page's language. */
export const PROGRESS_MESSAGES = Object.freeze({
  get corrupt() { return t('app.progress.corrupt'); },
  get truncated() { return t('app.progress.truncated'); },
  get 'other-puzzle'() { return t('app.progress.other-puzzle'); },
  get 'future-version'() { return t('app.progress.future-version'); },
});

const LENGTH_BYTES = 3;
const HEADER_BYTES = LENGTH_BYTES + 2;
const FINGERPRINT_BYTES = 8;
const CHECKSUM_BYTES = 4;
const SMALLEST = HEADER_BYTES + FINGERPRINT_BYTES + CHECKSUM_BYTES;
const LARGEST = 2 ** (8 * LENGTH_BYTES) - 1;
const VALUE = 1;
const CENTRE = 2;
const CORNER = 4;
const COLOUR = 8;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i++) SEXTET[BASE64URL.charCodeAt(i)] = i;

/** 32-bit FNV-1a of a string's UTF-16 code units, from offset basis `basis`. */
function fnv1a(text, basis) {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const CRC32_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zip and PNG use) of bytes[0..end). */
function crc32(bytes, end = bytes.length) {
  let crc = 0xffffffff;
  for (let i = 0; i < end; i++) crc = CRC32_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, from 0xFFFF) of bytes[0..end). */
function crc16(bytes, end) {
  let crc = 0xffff;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i] << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A short stable string naming the puzzle on `game`: 16 hex digits, two 32-bit FNV-1a
 * hashes of the side, the givens, the box shape, the variants, a jigsaw's regions and a
 * killer's cages and sums. Entries, marks and colours do not change it.
 */
export function puzzleFingerprint(game) {
  const { layout } = game;
  const parts = [
    `n=${game.size}`,
    `g=${game.givensLine()}`,
    `b=${layout.box ?? ''}`,
    `v=${Array.from(layout.variant ?? []).join(',')}`,
  ];
  if (!layout.box) parts.push(`r=${Array.from(layout.regions ?? []).join(',')}`);
  if (layout.cages) parts.push(`c=${Array.from(layout.cages).join(',')}`, `s=${Array.from(layout.sums ?? []).join(',')}`);
  const text = parts.join('|');
  const hex = (h) => h.toString(16).padStart(8, '0');
  return hex(fnv1a(text, 0x811c9dc5)) + hex(fnv1a(`${text}|sudoku64`, 0x050c5d1f));
}

/** Bytes as base64url without padding. */
function toBase64url(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const w = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += BASE64URL[w >> 18] + BASE64URL[(w >> 12) & 63] + BASE64URL[(w >> 6) & 63] + BASE64URL[w & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const w = bytes[i] << 16;
    out += BASE64URL[w >> 18] + BASE64URL[(w >> 12) & 63];
  } else if (rest === 2) {
    const w = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += BASE64URL[w >> 18] + BASE64URL[(w >> 12) & 63] + BASE64URL[(w >> 6) & 63];
  }
  return out;
}

/**
 * The bytes of base64url text (every whole byte its characters hold), and whether the
 * bits past the last whole byte are zero, as an encoder leaves them; null when a character
 * is not base64url.
 */
function fromBase64url(text) {
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? SEXTET[code] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (acc >> bits) & 0xff;
    }
  }
  return { bytes, cleanEnd: (acc & ((1 << bits) - 1)) === 0 };
}

/** A growable byte list. */
class Bytes {
  constructor() {
    this.data = new Uint8Array(256);
    this.length = 0;
  }

  push(byte) {
    if (this.length === this.data.length) {
      const more = new Uint8Array(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = byte & 0xff;
  }

  varint(value) {
    let v = value;
    while (v >= 0x80) {
      this.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.push(v);
  }
}

/** A list's distinct members within 1..most, in order (what a code can carry of it). */
function clean(list, most) {
  if (!list?.length) return [];
  const seen = new Set();
  for (const v of list) if (Number.isInteger(v) && v >= 1 && v <= most) seen.add(v);
  return [...seen];
}

/**
 * The code of the player's progress on `game`: `1.` then base64url (the format above).
 * Givens, the solver's values and the undo history are left out; a given's marks too (a
 * given takes none), but not its colours.
 */
export function encodeProgress(game) {
  const n = game.size;
  const out = new Bytes();
  for (let i = 0; i < HEADER_BYTES; i++) out.push(0);
  const fingerprint = puzzleFingerprint(game);
  for (let i = 0; i < FINGERPRINT_BYTES; i++) out.push(parseInt(fingerprint.slice(2 * i, 2 * i + 2), 16));
  const setBytes = Math.ceil(n / 8);
  let previous = -1;
  for (let cell = 0; cell < n * n; cell++) {
    const given = Boolean(game.givens[cell]);
    const value = !given && !game.solved[cell] && game.values[cell] >= 1 && game.values[cell] <= n ? game.values[cell] : 0;
    const centre = given ? [] : clean(game.pencil[cell], n);
    const corner = given ? [] : clean(game.corner[cell], n);
    const colours = clean(game.colours[cell], COLOURS);
    const flags = (value ? VALUE : 0) | (centre.length ? CENTRE : 0) | (corner.length ? CORNER : 0) | (colours.length ? COLOUR : 0);
    if (!flags) continue;
    out.varint(cell - previous - 1);
    previous = cell;
    out.push(flags);
    if (value) out.push(value);
    if (centre.length) {
      const set = new Uint8Array(setBytes);
      for (const s of centre) set[(s - 1) >> 3] |= 1 << ((s - 1) & 7);
      for (const b of set) out.push(b);
    }
    for (const list of [corner, colours]) {
      if (!list.length) continue;
      out.push(list.length);
      for (const v of list) out.push(v);
    }
  }
  const length = out.length + CHECKSUM_BYTES;
  const bytes = out.data;
  // Past 16 MB (more than any 64×64 can hold) the length would not fit its 3 bytes.
  if (length > LARGEST) throw new RangeError('progress too large to encode');
  bytes[0] = length >>> 16;
  bytes[1] = (length >>> 8) & 0xff;
  bytes[2] = length & 0xff;
  const header = crc16(bytes, LENGTH_BYTES);
  bytes[3] = header >>> 8;
  bytes[4] = header & 0xff;
  const sum = crc32(bytes, out.length);
  for (let shift = 24; shift >= 0; shift -= 8) out.push(sum >>> shift);
  return `${PROGRESS_VERSION}.${toBase64url(out.data.subarray(0, out.length))}`;
}

function refuse(reason) {
  return { error: { reason, message: PROGRESS_MESSAGES[reason] } };
}

/**
 * Reads a progress code for the puzzle on `game`: {progress: {values, centre, corner,
 * colours}}, Maps from cell to a value or a list (centre marks in symbol order, corner
 * marks and colours in the order kept), or {error: {reason, message}} with reason
 * 'corrupt' (not such a code, a character that does not belong, a checksum that does not
 * match, data out of range), 'truncated' (the code ends early), 'other-puzzle' (made on
 * another puzzle) or 'future-version' (made by a newer format). Never throws.
 */
export function decodeProgress(code, game) {
  try {
    return decode(code, game);
  } catch {
    return refuse('corrupt');
  }
}

function decode(code, game) {
  if (typeof code !== 'string') return refuse('corrupt');
  const text = code.trim();
  const match = /^(\d+)\.(.*)$/s.exec(text);
  if (!match) return text && `${PROGRESS_VERSION}.`.startsWith(text) ? refuse('truncated') : refuse('corrupt');
  const [, digits, body] = match;
  if (digits.length > 1 && digits[0] === '0') return refuse('corrupt');
  const version = Number(digits);
  if (version > PROGRESS_VERSION) return refuse('future-version');
  if (version !== PROGRESS_VERSION) return refuse('corrupt');
  const read = fromBase64url(body);
  if (!read) return refuse('corrupt');
  const { bytes } = read;
  if (bytes.length < HEADER_BYTES) return refuse('truncated');
  if (crc16(bytes, LENGTH_BYTES) !== ((bytes[3] << 8) | bytes[4])) return refuse('corrupt');
  const length = (bytes[0] << 16) | (bytes[1] << 8) | bytes[2];
  if (length < SMALLEST) return refuse('corrupt');
  const chars = Math.ceil((length * 8) / 6);
  if (body.length < chars) return refuse('truncated');
  if (body.length > chars || !read.cleanEnd) return refuse('corrupt');
  const end = length - CHECKSUM_BYTES;
  const stored = ((bytes[end] << 24) | (bytes[end + 1] << 16) | (bytes[end + 2] << 8) | bytes[end + 3]) >>> 0;
  if (crc32(bytes, end) !== stored) return refuse('corrupt');
  const fingerprint = puzzleFingerprint(game);
  for (let i = 0; i < FINGERPRINT_BYTES; i++) {
    if (bytes[HEADER_BYTES + i] !== parseInt(fingerprint.slice(2 * i, 2 * i + 2), 16)) return refuse('other-puzzle');
  }
  const progress = readCells(bytes, HEADER_BYTES + FINGERPRINT_BYTES, end, game);
  return progress ? { progress } : refuse('corrupt');
}

/** The cells of a checked stream, bytes[at..end), or null when any of it is out of range. */
function readCells(bytes, start, end, game) {
  const n = game.size;
  const count = n * n;
  const setBytes = Math.ceil(n / 8);
  const progress = { values: new Map(), centre: new Map(), corner: new Map(), colours: new Map() };
  let at = start;
  let previous = -1;
  const next = () => (at < end ? bytes[at++] : -1);
  /** A list of `length`-prefixed distinct members within 1..most, or null. */
  const list = (most) => {
    const length = next();
    if (!(length >= 1 && length <= most)) return null;
    const seen = new Set();
    for (let i = 0; i < length; i++) {
      const v = next();
      if (!(v >= 1 && v <= most) || seen.has(v)) return null;
      seen.add(v);
    }
    return [...seen];
  };
  while (at < end) {
    let gap = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = next();
      if (b < 0 || shift > 128 ** 3) return null;
      gap += (b & 0x7f) * shift;
      if (!(b & 0x80)) break;
    }
    const cell = previous + 1 + gap;
    if (cell >= count) return null;
    previous = cell;
    const flags = next();
    if (!(flags >= 1 && flags <= (VALUE | CENTRE | CORNER | COLOUR))) return null;
    const given = Boolean(game.givens[cell]);
    if (given && flags & (VALUE | CENTRE | CORNER)) return null;
    if (flags & VALUE) {
      const value = next();
      if (!(value >= 1 && value <= n)) return null;
      progress.values.set(cell, value);
    }
    if (flags & CENTRE) {
      if (at + setBytes > end) return null;
      const marks = [];
      for (let s = 1; s <= 8 * setBytes; s++) {
        if (!(bytes[at + ((s - 1) >> 3)] & (1 << ((s - 1) & 7)))) continue;
        if (s > n) return null;
        marks.push(s);
      }
      at += setBytes;
      if (!marks.length) return null;
      progress.centre.set(cell, marks);
    }
    if (flags & CORNER) {
      const corner = list(n);
      if (!corner) return null;
      progress.corner.set(cell, corner);
    }
    if (flags & COLOUR) {
      const colours = list(COLOURS);
      if (!colours) return null;
      progress.colours.set(cell, colours);
    }
  }
  return progress;
}

/**
 * Puts decoded progress on `game` as one undoable command labelled 'shared progress':
 * every cell that is not a given takes the progress's value (0 where it has none, never
 * the solver's), centre marks, corner marks and colours (none where it has none); a given
 * keeps its value and takes the colours. Returns the command, or null when nothing changed.
 */
export function applyProgress(game, progress) {
  if (!progress) return null;
  const get = (map, cell) => map?.get?.(cell);
  const copy = (list) => (list?.length ? [...list] : null);
  const edits = [];
  for (let cell = 0; cell < game.size * game.size; cell++) {
    const colours = copy(get(progress.colours, cell));
    if (game.givens[cell]) {
      edits.push({ cell, after: { colours } });
      continue;
    }
    edits.push({
      cell,
      after: {
        value: get(progress.values, cell) ?? 0,
        solved: 0,
        marks: copy(get(progress.centre, cell)),
        corner: copy(get(progress.corner, cell)),
        colours,
      },
    });
  }
  return game.commit('shared progress', edits);
}
