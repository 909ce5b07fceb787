//! Signed 512-bit integers for the ray against a capsule's cylinder,
//! whose discriminant reaches 2^441 (beyond the two words of
//! [`super::u256`]) but never the 1024 bits of the general wide integer.
//!
//! Sign and magnitude in eight little-endian 64-bit limbs; the products
//! loop over the significant limbs only (the values here are 110 to 450
//! bits). Sums and products drop carries beyond 2^512 and never panic:
//! each caller keeps its values below 2^510 in magnitude (and documents
//! its budget), so every result is the exact integer. Division is only
//! for small quotients ([`Wide::floor_div`]: below 2^62), an estimate from
//! the top 128 bits corrected by the exact product.

use super::u256::{U256, mul_full};
use core::cmp::Ordering;

const L: usize = 8;

/// A signed 512-bit integer (see the module docs). The representation
/// is canonical (zero is never negative), so equal values are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide {
    /// Negative (never for zero).
    neg: bool,
    /// The magnitude, least significant limb first.
    mag: [u64; L],
}

impl Wide {
    /// Zero.
    pub(crate) const ZERO: Wide = Wide {
        neg: false,
        mag: [0; L],
    };

    /// The canonical value of this sign and magnitude.
    fn make(neg: bool, mag: [u64; L]) -> Wide {
        Wide {
            neg: neg && mag.iter().any(|&l| l != 0),
            mag,
        }
    }

    /// The value of `v`.
    pub(crate) fn from_i128(v: i128) -> Wide {
        let m = v.unsigned_abs();
        let mut mag = [0; L];
        mag[0] = m as u64;
        mag[1] = (m >> 64) as u64;
        Wide::make(v < 0, mag)
    }

    /// The value of a 256-bit magnitude.
    pub(crate) fn from_u256(v: U256) -> Wide {
        let mut mag = [0; L];
        mag[0] = v.1 as u64;
        mag[1] = (v.1 >> 64) as u64;
        mag[2] = v.0 as u64;
        mag[3] = (v.0 >> 64) as u64;
        Wide::make(false, mag)
    }

    /// The value of four words, most significant first, with a sign.
    pub(crate) fn from_words(neg: bool, w: [u128; 4]) -> Wide {
        let mut mag = [0; L];
        for (pair, word) in mag.chunks_exact_mut(2).zip(w.iter().rev()) {
            pair.copy_from_slice(&[*word as u64, (*word >> 64) as u64]);
        }
        Wide::make(neg, mag)
    }

    /// The exact product of two `i128`.
    pub(crate) fn prod(a: i128, b: i128) -> Wide {
        let mut w = Wide::from_u256(mul_full(a.unsigned_abs(), b.unsigned_abs()));
        w.neg = (a < 0) != (b < 0) && w.mag.iter().any(|&l| l != 0);
        w
    }

    /// The number of significant limbs.
    fn len(&self) -> usize {
        self.mag.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1)
    }

    /// The magnitude's bit length (0 for zero).
    pub(crate) fn bits(&self) -> u32 {
        self.mag
            .iter()
            .enumerate()
            .rev()
            .find(|(_, l)| **l != 0)
            .map_or(0, |(i, l)| 64 * i as u32 + 64 - l.leading_zeros())
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    /// `-1`, `0` or `1`.
    pub(crate) fn signum(&self) -> Ordering {
        if self.neg {
            Ordering::Less
        } else if self.mag.iter().all(|&l| l == 0) {
            Ordering::Equal
        } else {
            Ordering::Greater
        }
    }

    /// `|self|`.
    pub(crate) fn abs(self) -> Wide {
        Wide { neg: false, ..self }
    }

    pub(crate) fn neg(self) -> Wide {
        Wide::make(!self.neg, self.mag)
    }

    /// The magnitudes' order.
    fn mag_cmp(&self, o: &Wide) -> Ordering {
        self.mag.iter().rev().cmp(o.mag.iter().rev())
    }

    /// `|a| + |b|` with the sign `neg`.
    fn mag_add(a: &Wide, b: &Wide, neg: bool) -> Wide {
        let mut r = [0u64; L];
        let mut carry = false;
        for ((rk, &x), &y) in r.iter_mut().zip(&a.mag).zip(&b.mag) {
            let (s, c1) = x.overflowing_add(y);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *rk = s;
            carry = c1 || c2;
        }
        Wide::make(neg, r)
    }

    /// `|a| - |b|` with the sign `neg` (flipped when `|b| > |a|`): the
    /// limbs' difference, negated when it borrows out.
    fn mag_sub(a: &Wide, b: &Wide, neg: bool) -> Wide {
        let mut r = [0u64; L];
        let mut borrow = false;
        for ((rk, &x), &y) in r.iter_mut().zip(&a.mag).zip(&b.mag) {
            let (s, b1) = x.overflowing_sub(y);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *rk = s;
            borrow = b1 || b2;
        }
        if borrow {
            // 2^512 - (|b| - |a|) wrapped: its two's complement.
            let mut carry = true;
            for rk in &mut r {
                let (s, c) = (!*rk).overflowing_add(u64::from(carry));
                *rk = s;
                carry = c;
            }
        }
        Wide::make(neg != borrow, r)
    }

    pub(crate) fn add(self, o: Wide) -> Wide {
        if self.neg == o.neg {
            Wide::mag_add(&self, &o, self.neg)
        } else {
            Wide::mag_sub(&self, &o, self.neg)
        }
    }

    pub(crate) fn sub(self, o: Wide) -> Wide {
        self.add(o.neg())
    }

    /// The product (the callers keep it below 2^512).
    // Indices: `i < la <= L`, `j < lb.min(L - i)` so `i + j < L`; the carry
    // slot `i + lb` is checked.
    #[allow(clippy::indexing_slicing, clippy::needless_range_loop)]
    pub(crate) fn mul(self, o: Wide) -> Wide {
        let (la, lb) = (self.len(), o.len());
        let mut r = [0u64; L];
        for i in 0..la {
            let ai = u128::from(self.mag[i]);
            let mut carry = 0u64;
            for j in 0..lb.min(L - i) {
                let t = ai * u128::from(o.mag[j]) + u128::from(r[i + j]) + u128::from(carry);
                r[i + j] = t as u64;
                carry = (t >> 64) as u64;
            }
            if i + lb < L {
                r[i + lb] = carry;
            }
        }
        Wide::make(self.neg != o.neg, r)
    }

    /// `self * 2^k` for `k < 512` (the callers keep it below 2^512).
    pub(crate) fn shl(self, k: u32) -> Wide {
        let (limbs, bits) = ((k / 64) as usize, k % 64);
        let mut r = [0u64; L];
        for (i, rk) in r.iter_mut().enumerate().skip(limbs) {
            let lo = self.mag.get(i - limbs).copied().unwrap_or(0);
            let below = (i > limbs)
                .then(|| self.mag.get(i - limbs - 1).copied())
                .flatten()
                .unwrap_or(0);
            *rk = if bits == 0 {
                lo
            } else {
                (lo << bits) | (below >> (64 - bits))
            };
        }
        Wide::make(self.neg, r)
    }

    /// `floor(|self| / 2^k)` as a magnitude, for `k < 512`.
    fn shr_mag(&self, k: u32) -> [u64; L] {
        let (limbs, bits) = ((k / 64) as usize, k % 64);
        let mut r = [0u64; L];
        for (i, rk) in r.iter_mut().enumerate() {
            let lo = self.mag.get(i + limbs).copied().unwrap_or(0);
            let above = self.mag.get(i + limbs + 1).copied().unwrap_or(0);
            *rk = if bits == 0 {
                lo
            } else {
                (lo >> bits) | (above << (64 - bits))
            };
        }
        r
    }

    /// The 128 bits of the magnitude from bit `k` up: `floor(|self| /
    /// 2^k) mod 2^128`.
    fn window(&self, k: u32) -> u128 {
        let (i, b) = ((k / 64) as usize, k % 64);
        let limb = |j: usize| u128::from(self.mag.get(j).copied().unwrap_or(0));
        let low = (limb(i) | limb(i + 1) << 64) >> b;
        if b == 0 {
            low
        } else {
            low | limb(i + 2) << (128 - b)
        }
    }

    /// `floor(|self| / 2^k)` as a 256-bit value, or `None` when it is
    /// 2^256 or more.
    pub(crate) fn shr_u256(&self, k: u32) -> Option<U256> {
        let r = self.shr_mag(k);
        let word = |lo: usize| {
            let get = |i: usize| u128::from(r.get(i).copied().unwrap_or(0));
            get(lo) | get(lo + 1) << 64
        };
        (word(4) == 0 && word(6) == 0).then(|| (word(2), word(0)))
    }

    /// `(floor(self / z), self mod z)` for `z > 0`, the remainder in `[0,
    /// z)`, or `None` when the quotient's magnitude may reach 2^62.
    ///
    /// The quotient is estimated from the top bits (never too large, at
    /// most three too small) and corrected by the exact remainder.
    pub(crate) fn floor_div(self, z: &Wide) -> Option<(i128, Wide)> {
        let n = self.abs();
        let (bn, bz) = (n.bits(), z.bits());
        if bz == 0 || bn > bz + 61 {
            return None;
        }
        // Both shifted until z has 64 bits: z' in [2^63, 2^64) (or z
        // itself), n' below 2^126; n' / (z' + 1) <= n / z.
        let sh = bz.saturating_sub(64);
        let z1 = (z.window(sh) as u64 as u128) + u128::from(sh > 0);
        let n1 = n.window(sh);
        let mut q = n1 / z1;
        let mut rem = n.sub(z.mul(Wide::from_i128(q as i128)));
        let mut steps = 0;
        while rem.mag_cmp(z) != Ordering::Less {
            rem = rem.sub(*z);
            q += 1;
            steps += 1;
            if steps > 4 {
                return None;
            }
        }
        let q = q as i128;
        Some(if !self.neg || rem == Wide::ZERO {
            (if self.neg { -q } else { q }, rem)
        } else {
            (-q - 1, z.sub(rem))
        })
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, o: &Wide) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Wide {
    fn cmp(&self, o: &Wide) -> Ordering {
        match (self.neg, o.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.mag_cmp(o),
            (true, true) => o.mag_cmp(self),
        }
    }
}

#[cfg(test)]
mod tests;
