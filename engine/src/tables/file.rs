//! The file format: a header, each material's values, and a checksum.
//!
//! ```text
//! "DAMAEGTB"  magic, 8 bytes
//! u16         format version (FORMAT_VERSION)
//! u8          rules: 0 = docs/rules.md (promotion during a capture)
//! u8          most pieces
//! u16         materials
//! per material:
//!   4 × u8    white men, white kings, black men, black kings
//!   2 × block values with White to move, then Black (see `pack`)
//! u64         FNV-1a checksum of every byte before it
//! ```
//!
//! Numbers are little-endian. A block is `u64` packed length then the packed bytes: runs of a
//! repeated value (most positions of a material share a handful of values, often in long runs
//! of the index) and literal stretches.

use std::{
    fs,
    io::{self, Write},
    path::Path,
};

use super::{Material, Tables, build::MAX_DISTANCE};

const MAGIC: &[u8; 8] = b"DAMAEGTB";
/// Changes whenever the layout, the index or the meaning of a value changes.
const FORMAT_VERSION: u16 = 1;
const RULES_STANDARD: u8 = 0;

/// Why tables could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read or written.
    #[error("cannot read or write the tables: {0}")]
    Io(#[from] io::Error),
    /// Not a tables file, or one of another format version.
    #[error("not a tables file of format version {FORMAT_VERSION}")]
    Format,
    /// The checksum does not match: the file is damaged.
    #[error("the tables file is damaged (checksum mismatch)")]
    Checksum,
    /// The file is cut short or its contents do not fit together.
    #[error("the tables file is damaged ({0})")]
    Corrupt(&'static str),
    /// The file was made for other rules.
    #[error("the tables file is for other rules")]
    Rules,
    /// Building them failed.
    #[error(transparent)]
    Build(#[from] super::BuildError),
}

impl Tables {
    /// Writes the tables in the format [`Tables::load`] reads.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.push(RULES_STANDARD);
        bytes.push(self.max_pieces as u8);
        bytes.extend_from_slice(&(self.entries.len() as u16).to_le_bytes());
        for entry in &self.entries {
            let m = entry.material;
            bytes.extend_from_slice(&[m.white_men, m.white_kings, m.black_men, m.black_kings]);
            for values in &entry.values {
                let packed = pack(values);
                bytes.extend_from_slice(&(packed.len() as u64).to_le_bytes());
                bytes.extend_from_slice(&packed);
            }
        }
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        out.write_all(&bytes)
    }

    /// Writes the tables to a file (through a temporary file renamed into place, so a reader
    /// never sees half a file).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), LoadError> {
        let path = path.as_ref();
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let mut file = io::BufWriter::new(fs::File::create(&tmp)?);
        self.write_to(&mut file)?;
        file.into_inner().map_err(io::Error::from)?.sync_all()?;
        fs::rename(&tmp, path)?;
        Ok(())
    }

    /// Reads tables written by [`Tables::save`] (or the `dama-tables` tool), checking the
    /// version, the rules and the checksum.
    pub fn load(path: impl AsRef<Path>) -> Result<Tables, LoadError> {
        Tables::from_bytes(&fs::read(path)?)
    }

    /// [`Tables::load`] from bytes in memory.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, LoadError> {
        if bytes.len() < MAGIC.len() + 2 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(LoadError::Format);
        }
        let mut r = Reader {
            bytes: &bytes[MAGIC.len()..],
        };
        if r.u16()? != FORMAT_VERSION {
            return Err(LoadError::Format);
        }
        let (body, sum) = bytes.split_at(bytes.len().saturating_sub(8));
        if sum.len() != 8 || fnv1a(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(LoadError::Checksum);
        }
        r.bytes = &body[MAGIC.len() + 2..];
        if r.u8()? != RULES_STANDARD {
            return Err(LoadError::Rules);
        }
        let max_pieces = u32::from(r.u8()?);
        if max_pieces > Tables::MAX_PIECES {
            return Err(LoadError::Corrupt("too many pieces"));
        }
        let count = r.u16()?;
        let mut tables = Tables::empty(max_pieces);
        let expected = Material::all_canonical(max_pieces);
        if usize::from(count) != expected.len() {
            return Err(LoadError::Corrupt("wrong number of materials"));
        }
        for want in expected {
            let m = r.take(4)?;
            let material = Material {
                white_men: m[0],
                white_kings: m[1],
                black_men: m[2],
                black_kings: m[3],
            };
            if material != want {
                return Err(LoadError::Corrupt("unexpected material"));
            }
            let n = usize::try_from(material.positions()).map_err(|_| LoadError::Format)?;
            let mut halves = [Vec::new(), Vec::new()];
            for half in &mut halves {
                let len = usize::try_from(r.u64()?).map_err(|_| LoadError::Corrupt("length"))?;
                *half = unpack(r.take(len)?, n).ok_or(LoadError::Corrupt("values"))?;
            }
            tables.insert(material, halves);
        }
        if !r.bytes.is_empty() {
            return Err(LoadError::Corrupt("trailing bytes"));
        }
        Ok(tables)
    }

    /// Reads the tables from `path` if it holds tables of at least `max_pieces` pieces;
    /// otherwise builds them and saves them there for the next time (a cache).
    pub fn load_or_build(path: impl AsRef<Path>, max_pieces: u32) -> Result<Tables, LoadError> {
        let path = path.as_ref();
        match Tables::load(path) {
            Ok(t) if t.max_pieces >= max_pieces => return Ok(t),
            Ok(_) | Err(_) => {}
        }
        let tables = Tables::build(max_pieces)?;
        tables.save(path)?;
        Ok(tables)
    }
}

/// A run of at least this many equal bytes is stored as a run.
const MIN_RUN: usize = 3;
/// The longest run or literal stretch one control byte covers.
const MAX_CHUNK: usize = 128;

/// Packs values: a control byte `c` below 128 starts `c + 1` literal bytes; `c` of 128 or more
/// is followed by one byte repeated `c - 128 + MIN_RUN` times.
fn pack(values: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() / 4);
    let mut i = 0;
    let mut literal_start = 0;
    let flush = |out: &mut Vec<u8>, lit: &[u8]| {
        for chunk in lit.chunks(MAX_CHUNK) {
            out.push((chunk.len() - 1) as u8);
            out.extend_from_slice(chunk);
        }
    };
    while i < values.len() {
        let v = values[i];
        let mut run = 1;
        while i + run < values.len() && values[i + run] == v && run < MAX_CHUNK + MIN_RUN - 1 {
            run += 1;
        }
        if run >= MIN_RUN {
            flush(&mut out, &values[literal_start..i]);
            out.push((128 + run - MIN_RUN) as u8);
            out.push(v);
            i += run;
            literal_start = i;
        } else {
            i += run;
        }
    }
    flush(&mut out, &values[literal_start..]);
    out
}

/// The inverse of [`pack`], if `packed` holds exactly `n` valid values.
fn unpack(packed: &[u8], n: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while i < packed.len() {
        let c = usize::from(packed[i]);
        i += 1;
        if c < 128 {
            out.extend_from_slice(packed.get(i..i + c + 1)?);
            i += c + 1;
        } else {
            let v = *packed.get(i)?;
            i += 1;
            out.resize(out.len() + c - 128 + MIN_RUN, v);
        }
        if out.len() > n {
            return None;
        }
    }
    let valid = out.len() == n && out.iter().all(|&v| u32::from(v) <= MAX_DISTANCE + 1);
    valid.then_some(out)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], LoadError> {
        if self.bytes.len() < n {
            return Err(LoadError::Corrupt("cut short"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, LoadError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, LoadError> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, LoadError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let mut values = vec![0u8; 1000];
        values[10] = 7;
        values[11] = 7;
        values[500..700].fill(3);
        for (i, v) in values[800..].iter_mut().enumerate() {
            *v = (i % 5) as u8;
        }
        for len in [0, 1, 2, 3, 129, 131, 1000] {
            let part = &values[..len];
            assert_eq!(unpack(&pack(part), len).as_deref(), Some(part));
        }
        assert_eq!(unpack(&pack(&values), 999), None);
    }
}
