//! A small seeded generator (SplitMix64) for scenes and test inputs: the same
//! seed gives the same sequence on every platform. Not for cryptography.

use fixed::types::I32F32 as Fx;

/// SplitMix64: 64 bits of state, full period, integer only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from a seed.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::rng::Rng;
    /// assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`; returns 0 for `n == 0`), by
    /// widening multiplication (no modulo bias worth speaking of for small n).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A uniform integer in `lo..=hi` (`lo <= hi`).
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (i128::from(hi) - i128::from(lo) + 1) as u64;
        (i128::from(lo) + i128::from(self.below(span))) as i64
    }

    /// A scalar on the grid of `1 / 2^frac_bits` between the integers `lo`
    /// and `hi` (inclusive), `frac_bits <= 32`.
    pub fn grid(&mut self, lo: i32, hi: i32, frac_bits: u32) -> Fx {
        let step = 32 - frac_bits.min(32);
        let lo_b = i64::from(lo) << frac_bits.min(32);
        let hi_b = i64::from(hi) << frac_bits.min(32);
        Fx::from_bits(self.range_i64(lo_b, hi_b) << step)
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}
