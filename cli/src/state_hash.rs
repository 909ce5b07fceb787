//! Canonical little-endian encoding of simulation state, hashed with XXH3
//! (64 bit, from the maintained `xxhash-rust` crate). The bytes, and so the
//! hash, are the same on little- and big-endian machines and in every build.

use fixed_collide::num::Fx;
use fixed_collide::vec::Vector;

/// Accumulates the canonical encoding of a state.
#[derive(Clone, Debug, Default)]
pub struct Encoder {
    buf: Vec<u8>,
}

impl Encoder {
    /// An empty encoding.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a `u32`, little-endian.
    pub fn u32(&mut self, v: u32) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }

    /// Appends a `u64`, little-endian.
    pub fn u64(&mut self, v: u64) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }

    /// Appends a scalar's raw bits (`i64`), little-endian.
    pub fn fx(&mut self, v: Fx) {
        self.buf.extend_from_slice(&v.to_bits().to_le_bytes());
    }

    /// Appends a byte string, prefixed by its length as a `u64`.
    pub fn bytes_le(&mut self, bytes: &[u8]) {
        self.u64(bytes.len() as u64);
        self.buf.extend_from_slice(bytes);
    }

    /// Appends every component of a vector.
    pub fn vector<const D: usize>(&mut self, v: &Vector<D>) {
        for c in v.0 {
            self.fx(c);
        }
    }

    /// The encoded bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.buf
    }

    /// XXH3-64 of the encoded bytes.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::state_hash::Encoder;
    /// let mut e = Encoder::new();
    /// e.u32(1);
    /// assert_eq!(e.bytes(), &[1, 0, 0, 0]);
    /// assert_eq!(e.hash(), xxhash_rust::xxh3::xxh3_64(&[1, 0, 0, 0]));
    /// ```
    pub fn hash(&self) -> u64 {
        xxhash_rust::xxh3::xxh3_64(&self.buf)
    }
}

/// A hash as the 16-digit lower-case hex text used in replays.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}
