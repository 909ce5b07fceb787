//! The number model: the scalar [`Fx`], the input domain, exact wide
//! intermediates and the integer-only square root, sine and cosine.
//!
//! Every public query works on [`Fx`] (`I32F32`: 32 integer bits, 32
//! fractional bits). Products and ratios are formed in `i128` on the raw bits,
//! so they never round or overflow inside the documented domain; only the
//! final, reported value is rounded, in the direction each query documents.

use core::fmt;
use fixed::types::I32F32;

/// The scalar of the whole library: signed fixed point, 32 integer and 32
/// fractional bits. One unit in the last place (ulp) is 2^-32.
pub type Fx = I32F32;

/// The bound on every input magnitude: 2^20 = 1,048,576.
///
/// Box coordinates (min, max, center), half-sizes, radii, ray origins and ray
/// direction components must satisfy `|v| <= DOMAIN`; constructors reject
/// anything larger with [`crate::Error::OutOfDomain`]. Displacements passed to
/// the sweeps may be any [`Fx`]. Inside this domain every query is exact (or
/// within its documented rounding) and cannot overflow.
pub const DOMAIN: Fx = Fx::from_bits(1 << 52);

/// Number of fractional bits of [`Fx`].
pub(crate) const FRAC: u32 = 32;

/// The raw bits of `x`, widened.
#[inline]
pub fn wide(x: Fx) -> i128 {
    i128::from(x.to_bits())
}

/// Exact product of two scalars, as raw bits at scale 2^64.
#[inline]
pub fn mul_wide(a: Fx, b: Fx) -> i128 {
    wide(a) * wide(b)
}

/// `floor(n / d)` for `d > 0`.
#[inline]
pub(crate) fn div_floor(n: i128, d: i128) -> i128 {
    debug_assert!(d > 0);
    let q = n / d;
    if n % d != 0 && n < 0 { q - 1 } else { q }
}

/// Rounding direction of a reported value that is not exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// Toward negative infinity.
    Down,
    /// Toward positive infinity.
    Up,
}

/// Raw bits at scale 2^64 brought back to a scalar, rounding in `round`'s
/// direction. The caller guarantees the result is in range.
#[inline]
pub fn from_scale64(v: i128, round: Round) -> Fx {
    let bits = match round {
        Round::Down => v >> FRAC,
        Round::Up => -((-v) >> FRAC),
    };
    Fx::from_bits(bits as i64)
}

/// `floor((a + b) / 2)` without overflow.
#[inline]
pub fn midpoint(a: Fx, b: Fx) -> Fx {
    Fx::from_bits(((wide(a) + wide(b)) >> 1) as i64)
}

/// `|x| <= DOMAIN`.
#[inline]
pub fn in_domain(x: Fx) -> bool {
    wide(x).abs() <= wide(DOMAIN)
}

use crate::kernel::sqrt::isqrt_u128;

/// Square root of a non-negative scalar, rounded down; `None` for a negative
/// input.
///
/// Integer only: `floor(sqrt(bits * 2^32))` on the raw bits, so the result is
/// the largest scalar whose square does not exceed `x`.
///
/// # Examples
/// ```
/// use fixed_collide::{num::sqrt, Fx};
/// assert_eq!(sqrt(Fx::from_num(9)), Some(Fx::from_num(3)));
/// assert_eq!(sqrt(Fx::from_num(-1)), None);
/// ```
pub fn sqrt(x: Fx) -> Option<Fx> {
    if x < 0 {
        return None;
    }
    let n = (x.to_bits() as u128) << FRAC;
    Some(Fx::from_bits(isqrt_u128(n) as i64))
}

/// Decimal text of a scalar that parses back (with `str::parse::<Fx>`) to
/// the same bits: the shortest text `fixed` prints when that round-trips,
/// else the exact decimal expansion (at most 32 fractional digits; every
/// [`Fx`] has one). Allocation free.
///
/// `fixed`'s own `Display` does not always round-trip: bits 1288490188
/// (0.29999999981...) print as `0.3`, which reads back as 1288490189.
///
/// # Examples
/// ```
/// use fixed_collide::{num::Exact, Fx};
/// assert_eq!(Exact(Fx::from_num(2.5)).to_string(), "2.5");
/// let x = Fx::from_bits(1288490188);
/// assert_eq!(Exact(x).to_string(), "0.299999999813735485076904296875");
/// assert_eq!(Exact(x).to_string().parse::<Fx>().unwrap(), x);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact(pub Fx);

/// A fixed-size text buffer for formatting without allocation.
struct TextBuf {
    bytes: [u8; 64],
    len: usize,
}

impl fmt::Write for TextBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = TextBuf {
            bytes: [0; 64],
            len: 0,
        };
        if fmt::write(&mut buf, format_args!("{}", self.0)).is_ok()
            && let Some(short) = buf
                .bytes
                .get(..buf.len)
                .and_then(|b| core::str::from_utf8(b).ok())
            && short.parse::<Fx>() == Ok(self.0)
        {
            return f.write_str(short);
        }
        // The exact expansion: `bits / 2^32` has at most 32 fractional
        // digits, `frac * 5^32` of them at scale 10^32.
        let bits = wide(self.0);
        let abs = bits.unsigned_abs();
        let (int, frac) = (abs >> 32, abs & 0xFFFF_FFFF);
        if bits < 0 {
            f.write_str("-")?;
        }
        write!(f, "{int}")?;
        if frac == 0 {
            return Ok(());
        }
        let mut digits = frac * 5u128.pow(32);
        let mut width = 32;
        while digits.is_multiple_of(10) {
            digits /= 10;
            width -= 1;
        }
        write!(f, ".{digits:0width$}")
    }
}

/// Scale of the trigonometric kernel: 2^62.
const TRIG_SCALE: u32 = 62;
/// 2/pi at scale 2^64 (nearest), for range reduction.
const TWO_OVER_PI_64: i128 = 11_743_562_013_128_004_906;
/// pi/2 at scale 2^62 (nearest).
const HALF_PI_62: i128 = 7_244_019_458_077_122_842;

#[inline]
fn mul62(a: i128, b: i128) -> i128 {
    (a * b) >> TRIG_SCALE
}

/// sin and cos of `x` (scale 2^62, 0 <= x <= pi/4) by Taylor series, both
/// at scale 2^62. Truncation error of the series is below 2^-60.
fn sin_cos_kernel(x: i128) -> (i128, i128) {
    let x2 = mul62(x, x);
    // sin: x - x^3/3! + ... ; cos: 1 - x^2/2! + ...
    let mut term_s = x;
    let mut sin = x;
    let mut term_c: i128 = 1 << TRIG_SCALE;
    let mut cos = term_c;
    let mut k: i128 = 1;
    while k <= 9 {
        term_c = -mul62(term_c, x2) / ((2 * k - 1) * (2 * k));
        cos += term_c;
        term_s = -mul62(term_s, x2) / ((2 * k) * (2 * k + 1));
        sin += term_s;
        k += 1;
    }
    (sin, cos)
}

/// Sine and cosine of an angle in radians, integer only.
///
/// Range reduction multiplies the raw bits by 2/pi held to 2^-65, exactly in
/// `i128`; its error is below `|angle| * 2^-65`, under 2^-33 for every
/// [`Fx`]. The series kernel adds less than 2^-58 and each result is rounded
/// to nearest, so both are within 1 ulp (2^-32) of the true value.
/// `sin_cos(0)` is exactly `(0, 1)`. Total: no input panics.
///
/// # Examples
/// ```
/// use fixed_collide::{num::sin_cos, Fx};
/// let (s, c) = sin_cos(Fx::ZERO);
/// assert_eq!((s, c), (Fx::ZERO, Fx::ONE));
/// let (s, _) = sin_cos(Fx::FRAC_PI_6);
/// assert!((s - Fx::from_num(0.5)).abs() <= Fx::DELTA);
/// ```
pub fn sin_cos(angle: Fx) -> (Fx, Fx) {
    // Quarter turns: angle * 2/pi at scale 2^96 (bits 2^32 * 2^64).
    let turns = wide(angle) * TWO_OVER_PI_64;
    let quadrant = (turns >> 96) & 3;
    // Fraction of a quarter turn in [0, 1) at scale 2^62.
    let frac = (turns >> 34) & ((1i128 << TRIG_SCALE) - 1);
    let half: i128 = 1 << (TRIG_SCALE - 1);
    // sin and cos of frac * pi/2, using the octant symmetry.
    let (s, c) = if frac <= half {
        sin_cos_kernel(mul62(frac, HALF_PI_62))
    } else {
        let (s, c) = sin_cos_kernel(mul62((1i128 << TRIG_SCALE) - frac, HALF_PI_62));
        (c, s)
    };
    let (s, c) = match quadrant {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    };
    (round62(s), round62(c))
}

/// Scale 2^62 to a scalar, rounding to nearest (ties up).
fn round62(v: i128) -> Fx {
    let shift = TRIG_SCALE - FRAC;
    Fx::from_bits(((v + (1 << (shift - 1))) >> shift) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn isqrt_is_floor_of_root_at_boundaries() {
        for n in [0u128, 1, 2, 3, 4, 15, 16, 17, u64::MAX as u128, u128::MAX] {
            let r = isqrt_u128(n);
            assert!(r * r <= n, "n={n}");
            assert!((r + 1).checked_mul(r + 1).is_none_or(|sq| sq > n), "n={n}");
        }
    }

    #[test]
    fn exact_text_round_trips_where_display_does_not() {
        use alloc::string::ToString;
        for bits in [
            1288490188i64,
            -1288490188,
            1,
            -1,
            i64::MIN,
            i64::MAX,
            0,
            1 << 32,
            3 << 31,
        ] {
            let x = Fx::from_bits(bits);
            let text = Exact(x).to_string();
            assert_eq!(text.parse::<Fx>(), Ok(x), "bits {bits}: {text}");
        }
        let x = Fx::from_bits(1288490188);
        assert_ne!(x.to_string().parse::<Fx>(), Ok(x));
    }

    #[test]
    fn exact_text_round_trips_for_a_stream_of_bits() {
        use alloc::string::ToString;
        let mut rng = crate::rng::Rng::new(99);
        for _ in 0..200_000 {
            // Values near short decimals are where Display goes wrong.
            let near = Fx::from_bits(rng.range_i64(-1_000_000, 1_000_000) * 429_496_730);
            let x = near + Fx::from_bits(rng.range_i64(-3, 3));
            assert_eq!(Exact(x).to_string().parse::<Fx>(), Ok(x), "{}", x.to_bits());
        }
    }

    #[test]
    fn trig_constants_are_correct() {
        // 2/pi * 2^64 and pi/2 * 2^62, checked through their product: ~2^126.
        let p = TWO_OVER_PI_64 * HALF_PI_62;
        let target = 1i128 << 126;
        assert!((p - target).abs() < (1i128 << 66), "{p} vs {target}");
    }

    #[test]
    fn sin_cos_known_values_within_one_ulp() {
        let half = Fx::from_num(0.5);
        let r2 = "0.70710678118654752440".parse::<Fx>().unwrap();
        let r3 = "0.86602540378443864676".parse::<Fx>().unwrap();
        let cases = [
            (Fx::ZERO, Fx::ZERO, Fx::ONE),
            (Fx::FRAC_PI_2, Fx::ONE, Fx::ZERO),
            (Fx::PI, Fx::ZERO, -Fx::ONE),
            (-Fx::FRAC_PI_2, -Fx::ONE, Fx::ZERO),
            (Fx::FRAC_PI_6, half, r3),
            (Fx::FRAC_PI_4, r2, r2),
            (Fx::FRAC_PI_3, r3, half),
        ];
        for (a, s, c) in cases {
            let (gs, gc) = sin_cos(a);
            // The input angle is itself rounded (by < 1 ulp), which moves the
            // result by < 1 ulp; the function adds < 1 ulp.
            assert!((gs - s).abs() <= 2 * Fx::DELTA, "sin({a}) = {gs}, want {s}");
            assert!((gc - c).abs() <= 2 * Fx::DELTA, "cos({a}) = {gc}, want {c}");
        }
    }

    #[test]
    fn sin_cos_of_extreme_angles_does_not_panic_and_is_unit() {
        for a in [
            Fx::MIN,
            Fx::MAX,
            Fx::from_num(1_000_000),
            Fx::DELTA,
            -Fx::DELTA,
        ] {
            let (s, c) = sin_cos(a);
            let n = mul_wide(s, s) + mul_wide(c, c);
            let one = 1i128 << 64;
            assert!((n - one).abs() <= 1i128 << 34, "angle {a}: s={s} c={c}");
        }
    }
}
