//! A PNG encoder for board pictures: 8-bit indexed, unfiltered rows, and a deflate stream
//! that looks for repeats only where a board has them.
//!
//! A board picture repeats in three ways: a row is often the row above (distance: one row),
//! a tile row often repeats one or two squares to the left (distance: a square or two), and
//! within a tile the background runs (distance 1). Trying just those distances, greedily, finds
//! nearly all the redundancy a general compressor would, at a fraction of its cost. The codes
//! are deflate's fixed Huffman codes; the palette is ordered most-used first so the common
//! indices get the 8-bit literal codes.

/// A PNG file of `width` × `height` palette indices given as `scanlines`: each row a
/// filter-type byte, 0, then its indices. `square` is the distance at which tiles repeat along
/// a row.
pub(crate) fn png(
    (width, height): (u32, u32),
    palette: &[u8],
    scanlines: &[u8],
    square: usize,
) -> Vec<u8> {
    let raw = scanlines;
    let row = width as usize + 1;
    let mut zlib = Vec::with_capacity(raw.len() / 16);
    // Deflate, 32 KiB window, no dictionary; the check bits make the header a multiple of 31.
    zlib.extend_from_slice(&[0x78, 0x01]);
    deflate(raw, &[row, square, 2 * square, 1], &mut zlib);
    zlib.extend_from_slice(&simd_adler32::adler32(&raw).to_be_bytes());

    let mut out = Vec::with_capacity(zlib.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 3 (indexed), deflate, no filtering method, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    // Chunks here are far below PNG's 2^31 limit.
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

const MAX_MATCH: usize = 258;
const WINDOW: usize = 32 * 1024;

/// `data` as one final deflate block with fixed codes, matching only at `distances`.
fn deflate(data: &[u8], distances: &[usize; 4], out: &mut Vec<u8>) {
    // Worst case: every byte a 9-bit literal.
    out.reserve(data.len() + data.len() / 8 + 16);
    let mut bits = BitWriter {
        out,
        acc: 0,
        len: 0,
    };
    // BFINAL = 1, BTYPE = 01 (fixed Huffman codes).
    bits.put(0b011, 3);
    let codes = distances.map(DistanceCode::new);
    let mut i = 0;
    // Positions with four bytes ahead take the fast path; the last few are literals.
    while i + 4 <= data.len() {
        // Which distances repeat the next three bytes, found without a branch per distance:
        // in literal-heavy stretches the branches would be unpredictable.
        let here = prefix3(data, i);
        let mut hits = 0u32;
        for (k, &d) in distances.iter().enumerate() {
            let usable = d != 0 && d <= i && d <= WINDOW;
            let same = prefix3(data, i.saturating_sub(d)) == here;
            hits |= u32::from(usable && same) << k;
        }
        if hits == 0 {
            bits.symbol(usize::from(data[i]));
            i += 1;
            continue;
        }
        let longest = (data.len() - i).min(MAX_MATCH);
        let mut best = (0, 0);
        while hits != 0 {
            let k = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            let d = distances[k];
            let len = common_prefix(&data[i..i + longest], &data[i - d..i - d + longest]);
            if len > best.0 {
                best = (len, k);
                if len == longest {
                    break;
                }
            }
        }
        bits.length(best.0);
        codes[best.1].put(&mut bits);
        i += best.0;
    }
    for &byte in &data[i..] {
        bits.symbol(usize::from(byte));
    }
    bits.symbol(256);
    bits.flush();
}

/// The three bytes at `i` as one number, read with one load (the caller keeps `i + 4` within
/// `data`).
fn prefix3(data: &[u8], i: usize) -> u32 {
    let word: [u8; 4] = data[i..i + 4].try_into().unwrap_or([0; 4]);
    u32::from_le_bytes(word) & 0x00ff_ffff
}

/// A distance's code and extra bits, worked out once per distance rather than per match.
#[derive(Debug, Clone, Copy)]
struct DistanceCode {
    /// The five-bit code, reversed for LSB-first output.
    code: u32,
    extra: u32,
    extra_bits: u32,
}

impl DistanceCode {
    fn new(d: usize) -> DistanceCode {
        let i = DISTANCE_BASE
            .iter()
            .rposition(|&b| usize::from(b) <= d)
            .unwrap_or(0);
        DistanceCode {
            code: reverse(i as u16, 5).into(),
            extra: d.saturating_sub(usize::from(DISTANCE_BASE[i])) as u32,
            extra_bits: DISTANCE_EXTRA[i],
        }
    }

    fn put(self, bits: &mut BitWriter<'_>) {
        bits.put(self.code, 5);
        bits.put(self.extra, self.extra_bits);
    }
}

/// How many leading bytes `a` and `b` share: 32 bytes at a time while they agree (the
/// compiler turns a fixed-size comparison into a few vector instructions), then word by word.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let len = a.len().min(b.len());
    let mut n = 0;
    while n + 32 <= len && a[n..n + 32] == b[n..n + 32] {
        n += 32;
    }
    while n + 8 <= len {
        let x = u64::from_le_bytes(a[n..n + 8].try_into().unwrap_or([0; 8]));
        let y = u64::from_le_bytes(b[n..n + 8].try_into().unwrap_or([0; 8]));
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + a[n..len]
        .iter()
        .zip(&b[n..len])
        .take_while(|(x, y)| x == y)
        .count()
}

struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u32,
}

impl BitWriter<'_> {
    /// Appends the low `n` bits of `value`, least significant first (n ≤ 32).
    fn put(&mut self, value: u32, n: u32) {
        self.acc |= u64::from(value) << self.len;
        self.len += n;
        if self.len >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.len -= 32;
        }
    }

    fn flush(&mut self) {
        let bytes = self.len.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
        self.acc = 0;
        self.len = 0;
    }

    /// A literal/length symbol (0–287) in its fixed code.
    fn symbol(&mut self, s: usize) {
        let (code, n) = LITERAL_CODES[s];
        self.put(u32::from(code), u32::from(n));
    }

    fn length(&mut self, len: usize) {
        let i = usize::from(LENGTH_CODE[len]);
        self.symbol(257 + i);
        self.put((len - usize::from(LENGTH_BASE[i])) as u32, LENGTH_EXTRA[i]);
    }
}

const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u32; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u32; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// For each match length 3–258, the index of its length code (the last whose base fits).
const LENGTH_CODE: [u8; 259] = {
    let mut table = [0; 259];
    let mut len = 3;
    let mut i = 0;
    while len <= 258 {
        while i + 1 < LENGTH_BASE.len() && LENGTH_BASE[i + 1] as usize <= len {
            i += 1;
        }
        table[len] = i as u8;
        len += 1;
    }
    table
};

/// The fixed literal/length codes of RFC 1951 §3.2.6, bit-reversed for LSB-first output.
const LITERAL_CODES: [(u16, u8); 288] = {
    let mut table = [(0, 0); 288];
    let mut s = 0;
    while s < 288 {
        let (code, n) = match s {
            0..=143 => (0x30 + s as u16, 8),
            144..=255 => (0x190 + (s as u16 - 144), 9),
            256..=279 => (s as u16 - 256, 7),
            _ => (0xc0 + (s as u16 - 280), 8),
        };
        table[s] = (reverse(code, n), n);
        s += 1;
    }
    table
};

/// The low `n` bits of `code` in reverse order.
const fn reverse(code: u16, n: u8) -> u16 {
    code.reverse_bits() >> (16 - n as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the `image` crate, an independent inflater and PNG reader.
    fn decode(png: &[u8]) -> image::RgbImage {
        image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("the encoder's output decodes")
            .to_rgb8()
    }

    fn grey_palette() -> Vec<u8> {
        (0..=255u8).flat_map(|v| [v, v, v]).collect()
    }

    fn encode(size: u32, pixels: &[u8], square: usize) -> Vec<u8> {
        let lines = crate::renderer::Scanlines::from_pixels(size as usize, pixels);
        png((size, size), &grey_palette(), lines.as_bytes(), square)
    }

    fn round_trips(size: u32, pixels: &[u8], square: usize) {
        let png = encode(size, pixels, square);
        let image = decode(&png);
        assert_eq!(image.dimensions(), (size, size));
        let decoded: Vec<u8> = image.pixels().map(|p| p.0[0]).collect();
        assert_eq!(decoded, pixels);
    }

    #[test]
    fn a_wide_picture_round_trips() {
        let (width, height) = (37usize, 5usize);
        let pixels: Vec<u8> = (0..width * height).map(|i| (i % 7 * 30) as u8).collect();
        let scanlines: Vec<u8> = pixels
            .chunks_exact(width)
            .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
            .collect();
        let png = png(
            (width as u32, height as u32),
            &grey_palette(),
            &scanlines,
            1,
        );
        let image = decode(&png);
        assert_eq!(image.dimensions(), (width as u32, height as u32));
        let decoded: Vec<u8> = image.pixels().map(|p| p.0[0]).collect();
        assert_eq!(decoded, pixels);
    }

    #[test]
    fn noise_survives_the_round_trip() {
        // A small linear congruential generator: varied bytes with few repeats.
        let mut x: u32 = 12345;
        let pixels: Vec<u8> = (0..97 * 97)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) as u8
            })
            .collect();
        round_trips(97, &pixels, 11);
    }

    #[test]
    fn repeated_tiles_rows_and_runs_survive_the_round_trip_and_compress() {
        let (size, square) = (200usize, 23usize);
        let pixels: Vec<u8> = (0..size * size)
            .map(|i| {
                let (x, y) = (i % size, i / size);
                let (tx, ty) = (x % square, y % square);
                if (tx * tx + ty * ty) % 17 < 5 {
                    (tx * 11 + ty) as u8
                } else {
                    200
                }
            })
            .collect();
        round_trips(size as u32, &pixels, square);
        assert!(encode(size as u32, &pixels, square).len() < pixels.len() / 4);
    }

    #[test]
    fn every_match_length_and_a_far_distance_round_trip() {
        // Rows of growing runs exercise every length code; a picture 300 wide uses distance 301.
        let size = 300usize;
        let pixels: Vec<u8> = (0..size * size)
            .map(|i| ((i % size) / (1 + (i / size) % 260)) as u8)
            .collect();
        round_trips(size as u32, &pixels, 37);
    }

    proptest::proptest! {
        /// Pictures built from repeated blocks, runs and noise, in any size: every match
        /// distance, length and the literal tail get exercised, and decoding gives them back.
        #[test]
        fn any_picture_round_trips(
            size in 1usize..90,
            square in 1usize..24,
            blocks in proptest::collection::vec(proptest::collection::vec(0u8..6, 1..40), 1..6),
            noise in proptest::collection::vec((0usize..8100, proptest::num::u8::ANY), 0..60),
        ) {
            let mut pixels: Vec<u8> = (0..size * size)
                .map(|i| {
                    let (x, y) = (i % size, i / size);
                    let block = &blocks[(x / square + y / square) % blocks.len()];
                    block[(x % square + y) % block.len()]
                })
                .collect();
            for (at, value) in noise {
                if let Some(p) = pixels.get_mut(at) {
                    *p = value;
                }
            }
            round_trips(size as u32, &pixels, square);
        }
    }

    #[test]
    fn common_prefix_counts_across_word_boundaries() {
        let a = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        let mut b = a;
        assert_eq!(common_prefix(&a, &b), 11);
        b[9] = 0;
        assert_eq!(common_prefix(&a, &b), 9);
        b[2] = 0;
        assert_eq!(common_prefix(&a, &b), 2);
    }
}
