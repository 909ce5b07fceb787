//! A 1024-bit signed integer for the exact predicates on curved shapes.
//!
//! Sign and magnitude: sixteen little-endian 64-bit limbs and the count of
//! significant ones, so every operation touches only the limbs a value
//! uses (most values here are 128 to 450 bits). The representation is
//! canonical (limbs above the count are zero, zero is never negative), so
//! equal values have equal bits. Addition, subtraction and multiplication
//! drop carries beyond 2^1024 and never panic; the callers keep every value
//! below 2^1000 in magnitude (each documents its budget), so nothing is
//! dropped and every result is the exact integer. Division is Knuth's
//! algorithm D on limbs; the square root is Newton's iteration from the
//! root of the top 128 bits. The limb loops index their arrays (each with
//! its range proof): measured, the iterator forms cost a third more
//! instructions on the capsule queries.

use crate::kernel::sqrt::isqrt_u128;
use crate::num::Fx;
use core::cmp::Ordering;

const N: usize = 16;

/// A signed 1024-bit integer (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Big {
    /// Negative (never for zero).
    neg: bool,
    /// The significant limbs of the magnitude: `mag[len..]` is zero.
    len: usize,
    /// The magnitude, least significant limb first.
    mag: [u64; N],
}

/// The number of significant limbs of `m` at or below `len`.
fn sig(m: &[u64; N], len: usize) -> usize {
    let len = len.min(N);
    m.get(..len)
        .and_then(|s| s.iter().rposition(|&l| l != 0))
        .map_or(0, |i| i + 1)
}

/// The magnitudes' order.
fn mag_cmp(a: &Big, b: &Big) -> Ordering {
    a.len
        .cmp(&b.len)
        .then_with(|| a.limbs().iter().rev().cmp(b.limbs().iter().rev()))
}

impl Big {
    pub(crate) const ZERO: Big = Big {
        neg: false,
        len: 0,
        mag: [0; N],
    };

    pub(crate) const ONE: Big = Big {
        neg: false,
        len: 1,
        mag: {
            let mut m = [0; N];
            m[0] = 1;
            m
        },
    };

    /// The canonical value of these limbs (first `len` significant at
    /// most) and sign.
    fn make(neg: bool, mag: [u64; N], len: usize) -> Big {
        let len = sig(&mag, len);
        Big {
            neg: neg && len > 0,
            len,
            mag,
        }
    }

    /// The significant limbs.
    fn limbs(&self) -> &[u64] {
        self.mag.get(..self.len).unwrap_or(&[])
    }

    /// A non-negative value from a `u128`.
    fn from_u128(v: u128, neg: bool) -> Big {
        let mut mag = [0u64; N];
        mag[0] = v as u64;
        mag[1] = (v >> 64) as u64;
        Big::make(neg, mag, 2)
    }

    /// The value of a 256-bit magnitude (`(high, low)` words).
    pub(crate) fn from_u256(v: (u128, u128)) -> Big {
        let mut mag = [0u64; N];
        mag[0] = v.1 as u64;
        mag[1] = (v.1 >> 64) as u64;
        mag[2] = v.0 as u64;
        mag[3] = (v.0 >> 64) as u64;
        Big::make(false, mag, 4)
    }

    /// The value of `v`.
    pub(crate) fn from(v: i128) -> Big {
        Big::from_u128(v.unsigned_abs(), v < 0)
    }

    /// The exact product of two `i128`.
    pub(crate) fn prod(a: i128, b: i128) -> Big {
        Big::from(a).mul(Big::from(b))
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.len == 0
    }

    /// `|self|`.
    pub(crate) fn abs(self) -> Big {
        Big { neg: false, ..self }
    }

    /// `|a| + |b|` with the sign `neg`.
    // Indices: `i < n <= N`; the carry slot `n` is checked.
    #[allow(clippy::indexing_slicing, clippy::needless_range_loop)]
    fn mag_add(a: &Big, b: &Big, neg: bool) -> Big {
        let n = a.len.max(b.len).min(N);
        let mut r = [0u64; N];
        let mut carry = 0u64;
        for i in 0..n {
            let t = u128::from(a.mag[i]) + u128::from(b.mag[i]) + u128::from(carry);
            r[i] = t as u64;
            carry = (t >> 64) as u64;
        }
        if n < N {
            r[n] = carry;
        }
        Big::make(neg, r, n + 1)
    }

    /// `|a| - |b|` for `|a| >= |b|`, with the sign `neg`.
    // Indices: `i < a.len <= N`.
    #[allow(clippy::indexing_slicing, clippy::needless_range_loop)]
    fn mag_sub(a: &Big, b: &Big, neg: bool) -> Big {
        let n = a.len.min(N);
        let mut r = [0u64; N];
        let mut borrow = 0u64;
        for i in 0..n {
            let (d1, b1) = a.mag[i].overflowing_sub(b.mag[i]);
            let (d2, b2) = d1.overflowing_sub(borrow);
            r[i] = d2;
            borrow = u64::from(b1 || b2);
        }
        Big::make(neg, r, n)
    }

    pub(crate) fn add(self, o: Big) -> Big {
        if self.neg == o.neg {
            return Big::mag_add(&self, &o, self.neg);
        }
        match mag_cmp(&self, &o) {
            Ordering::Less => Big::mag_sub(&o, &self, o.neg),
            _ => Big::mag_sub(&self, &o, self.neg),
        }
    }

    pub(crate) fn neg(self) -> Big {
        Big {
            neg: !self.neg && self.len > 0,
            ..self
        }
    }

    pub(crate) fn sub(self, o: Big) -> Big {
        self.add(o.neg())
    }

    /// The product (schoolbook on the significant limbs).
    // Indices: `i < self.len <= N`, `j < end <= N - i`, so `i + j < N`, and
    // `i + end` is checked.
    #[allow(clippy::indexing_slicing, clippy::needless_range_loop)]
    pub(crate) fn mul(self, o: Big) -> Big {
        let mut r = [0u64; N];
        let (la, lb) = (self.len.min(N), o.len.min(N));
        for i in 0..la {
            let x = u128::from(self.mag[i]);
            let end = lb.min(N - i);
            let mut carry: u128 = 0;
            for j in 0..end {
                let t = x * u128::from(o.mag[j]) + u128::from(r[i + j]) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
            if i + end < N {
                r[i + end] = carry as u64;
            }
        }
        Big::make(self.neg != o.neg, r, la + lb)
    }

    /// `self * self`.
    pub(crate) fn square(self) -> Big {
        self.mul(self)
    }

    /// The number of significant bits of the magnitude.
    fn bits(&self) -> u32 {
        match self.limbs().last() {
            Some(top) => 64 * (self.len as u32 - 1) + (64 - top.leading_zeros()),
            None => 0,
        }
    }

    /// The magnitude times `2^n` (bits beyond 2^1024 dropped), same sign.
    fn shl(self, n: u32) -> Big {
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        let mut r = [0u64; N];
        let mut below = 0u64;
        for (slot, &l) in r.iter_mut().skip(limbs).zip(self.mag.iter()) {
            *slot = if bits == 0 {
                l
            } else {
                (l << bits) | (below >> (64 - bits))
            };
            below = l;
        }
        Big::make(self.neg, r, self.len + limbs + 1)
    }

    /// The magnitude divided by `2^n`, rounded toward zero, same sign.
    fn shr(self, n: u32) -> Big {
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        let mut r = [0u64; N];
        let src = self.mag.get(limbs..).unwrap_or(&[]);
        let above = src.iter().skip(1).chain(core::iter::once(&0));
        for ((slot, &l), &a) in r.iter_mut().zip(src).zip(above) {
            *slot = if bits == 0 {
                l
            } else {
                (l >> bits) | (a << (64 - bits))
            };
        }
        Big::make(self.neg, r, self.len)
    }

    /// `self / d` (both positive) from below, to 125 bits: `(q, e)` with
    /// `q 2^e <= self / d < (q + 1) 2^e` and `2^125 <= q < 2^127`, `q` the
    /// floor of `self 2^-e / d` (one division with a two-limb quotient).
    /// The shifted operand has `126 + bits(d)` bits at most (or `self`'s
    /// own): the caller keeps `d` below 2^870.
    pub(crate) fn ratio_below(&self, d: &Big) -> (u128, i32) {
        let k = 126 - (self.bits() as i32 - d.bits() as i32);
        let q = if k >= 0 {
            self.shl(k.unsigned_abs()).div_floor(*d)
        } else {
            self.div_floor(d.shl(k.unsigned_abs()))
        };
        (q.low_u128(), -k)
    }

    /// `2^n` for `n < 1023`.
    pub(crate) fn pow2(n: u32) -> Big {
        Big::from(1).shl(n)
    }

    /// The low 128 bits of the magnitude.
    fn low_u128(&self) -> u128 {
        u128::from(self.mag[0]) | (u128::from(self.mag[1]) << 64)
    }

    /// `floor(sqrt(self))` of a non-negative value; zero for a negative
    /// one.
    ///
    /// Below 2^128 the `u128` root. Above, Newton's iteration `x <- (x +
    /// n / x) / 2` (floors) from `x0 = (isqrt(top) + 1) 2^(k/2)`, where
    /// `top = floor(n / 2^k)` keeps the top 126 or 127 bits (`k` even): `x0 >
    /// sqrt(n)`, and from any start above the root the iteration decreases
    /// strictly until it reaches `floor(sqrt(n))`, where it stops; no iterate
    /// is below that floor, so the first whose square is at most `n` is it.
    pub(crate) fn isqrt(self) -> Big {
        if self.neg || self.is_zero() {
            return Big::from(0);
        }
        let b = self.bits();
        if b <= 128 {
            return Big::from_u128(isqrt_u128(self.low_u128()), false);
        }
        let k = (b - 126) & !1;
        let top = self.shr(k).low_u128();
        let mut x = Big::from_u128(isqrt_u128(top) + 1, false).shl(k / 2);
        loop {
            let y = x.add(self.div_floor(x)).shr(1);
            // Every iterate from above is at least the root's floor, so an
            // iterate whose square is at most `n` is that floor: one
            // product instead of a last division to see the walk stop.
            if y >= x || y.square() <= self {
                return y.min(x);
            }
            x = y;
        }
    }

    /// `ceil(sqrt(self))` of a non-negative value.
    pub(crate) fn ceil_sqrt(self) -> Big {
        let s = self.isqrt();
        if s.square() == self {
            s
        } else {
            s.add(Big::from(1))
        }
    }

    /// `floor(self / d)` for `d > 0`.
    pub(crate) fn div_floor(self, d: Big) -> Big {
        let (q, rem_zero) = divmod(&self.abs(), &d.abs());
        if self.neg {
            // -(q + rem/d): -q when rem = 0, else -q - 1.
            let q = q.neg();
            if rem_zero { q } else { q.sub(Big::from(1)) }
        } else {
            q
        }
    }
    /// `floor((p + sqrt(q)) / r)` (`plus`) or `floor((p - sqrt(q)) / r)`
    /// for `q >= 0`, `r > 0`, exactly: `x + sqrt(q)` lies in
    /// `[x + s, x + s + 1)` with `s = floor(sqrt(q))`, an interval whose
    /// inside holds no multiple of `r`, so the floor is that of
    /// `(p + s) / r`; likewise `p - sqrt(q)` is in `(p - c, p - c + 1]`
    /// with `c = ceil(sqrt(q))`, equal to `p - c` when `q` is a square.
    pub(crate) fn floor_root_div(p: Big, plus: bool, q: Big, r: Big) -> Big {
        let n = if plus {
            p.add(q.isqrt())
        } else {
            p.sub(q.ceil_sqrt())
        };
        n.div_floor(r)
    }

    /// `floor(a / sqrt(l))` for `l > 0`, exactly ([`OverRoot`]). The one
    /// form behind every rounded unit normal and every length over a root.
    pub(crate) fn floor_over_root(a: Big, l: Big) -> Big {
        OverRoot::new(l).floor_div(a)
    }

    /// The value as an `Fx` of these raw bits, saturating at the ends of
    /// `Fx` (every caller's value lies within it).
    pub(crate) fn to_fx_saturating(self) -> Fx {
        let v = self.to_i128_saturating();
        Fx::from_bits(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
    }

    /// The value as an `i128`, saturating.
    pub(crate) fn to_i128_saturating(self) -> i128 {
        let m = self.low_u128();
        match (self.len <= 2, self.neg) {
            (true, false) => i128::try_from(m).unwrap_or(i128::MAX),
            (true, true) => 0i128.checked_sub_unsigned(m).unwrap_or(i128::MIN),
            (false, false) => i128::MAX,
            (false, true) => i128::MIN,
        }
    }
}

/// Divisions by `sqrt(l)` (`l > 0`) rounded down, exactly, for one `l`
/// and any number of numerators: `l` is scaled by `2^(2k)` (and each
/// numerator by `2^k`, the same quotient) to at least 2^130, its root
/// `s = isqrt(l)` taken once. `a / sqrt(l)` lies between `a / s` and `a /
/// (s + 1)` (`s <= sqrt(l) < s + 1`); where their floors agree that is
/// its floor, else (an integer between them, rare for a quotient below
/// 2^64) the largest `q` between them with `q sqrt(l) <= a`, decided on
/// squares with their signs. Budget, after the scaling: `a^2` and `(|a /
/// sqrt(l)| + 2)^2 l` below 2^1023 (`a` and `l` below 2^330, as every
/// caller's, or a rounded normal's `2^32 x` below 2^342 and `|x|^2` below
/// 2^622).
pub(crate) struct OverRoot {
    l: Big,
    s: Big,
    next: Big,
    k: u32,
}

impl OverRoot {
    /// The root of `l > 0`, scaled.
    pub(crate) fn new(l: Big) -> OverRoot {
        let k = 131u32.saturating_sub(l.bits()).div_ceil(2);
        let l = l.shl(2 * k);
        let s = l.isqrt();
        OverRoot {
            next: s.add(Big::ONE),
            l,
            s,
            k,
        }
    }

    /// `floor(a / sqrt(l))`.
    pub(crate) fn floor_div(&self, a: Big) -> Big {
        let a = a.shl(self.k);
        let (hi, lo) = (a.div_floor(self.s), a.div_floor(self.next));
        if hi == lo {
            return hi;
        }
        let want = a.square();
        let holds = |q: &Big| match (q.is_negative(), a.is_negative()) {
            (false, false) => q.square().mul(self.l) <= want,
            (true, false) => true,
            (false, true) => false,
            (true, true) => q.square().mul(self.l) >= want,
        };
        // The floor is between the two (in either order, by the sign of
        // `a`): the largest `q` there that holds, by bisection (one step
        // for a quotient below 2^64, whose two floors differ by one).
        let (mut q, mut past) = if hi < lo { (hi, lo) } else { (lo, hi) };
        past = past.add(Big::ONE);
        while past.sub(q) > Big::ONE {
            let mid = q.add(past).div_floor(Big::from(2));
            if holds(&mid) {
                q = mid;
            } else {
                past = mid;
            }
        }
        q
    }
}

/// `(floor(a / d), a mod d == 0)` of magnitudes, `d > 0`: one limb by
/// short division, more by Knuth's algorithm D (TAOCP 4.3.1), whose
/// quotient digit estimate from the top two limbs of the remainder and of
/// the normalized divisor is at most 2 too large, corrected by the third
/// limb and at most one add-back.
fn divmod(a: &Big, d: &Big) -> (Big, bool) {
    let n = d.len;
    if n == 0 || mag_cmp(a, d) == Ordering::Less {
        return (Big::from(0), a.is_zero());
    }
    let mut q = [0u64; N];
    if let [d0] = d.limbs() {
        let d0 = u128::from(*d0);
        let mut rem = 0u128;
        for (slot, &l) in q.iter_mut().zip(a.limbs()).rev() {
            let cur = (rem << 64) | u128::from(l);
            *slot = (cur / d0) as u64;
            rem = cur % d0;
        }
        return (Big::make(false, q, a.len), rem == 0);
    }
    let rem_zero = knuth_d(a, d, &mut q);
    (Big::make(false, q, a.len), rem_zero)
}

/// How often algorithm D added the divisor back (the rare correction the
/// tests must reach).
#[cfg(test)]
pub(super) static ADD_BACKS: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

/// Algorithm D for `d.len >= 2`, `|a| >= |d|`: writes the quotient's limbs
/// into `q`, returns whether the remainder is zero.
// Indices: `n = d.len` in `2..=N`, `m = a.len - n` with `a.len <= N`;
// `u` has `N + 1` limbs and is read at `j + i` for `j <= m`, `i <= n`
// (`<= a.len <= N`); `v` at `i < n`; `q` at `j <= m < N`.
#[allow(clippy::indexing_slicing, clippy::needless_range_loop)]
fn knuth_d(a: &Big, d: &Big, q: &mut [u64; N]) -> bool {
    const B: u128 = 1 << 64;
    let n = d.len;
    let m = a.len - n;
    // Normalize: the divisor's top bit set.
    let s = d.mag[n - 1].leading_zeros();
    let mut v = [0u64; N];
    let mut u = [0u64; N + 1];
    for i in (0..n).rev() {
        let lower = if s == 0 || i == 0 {
            0
        } else {
            d.mag[i - 1] >> (64 - s)
        };
        v[i] = (d.mag[i] << s) | lower;
    }
    u[a.len] = if s == 0 {
        0
    } else {
        a.mag[a.len - 1] >> (64 - s)
    };
    for i in (0..a.len).rev() {
        let lower = if s == 0 || i == 0 {
            0
        } else {
            a.mag[i - 1] >> (64 - s)
        };
        u[i] = (a.mag[i] << s) | lower;
    }
    let (vtop, vnext) = (u128::from(v[n - 1]), u128::from(v[n - 2]));
    for j in (0..=m).rev() {
        let num = (u128::from(u[j + n]) << 64) | u128::from(u[j + n - 1]);
        let mut qhat = num / vtop;
        let mut rhat = num % vtop;
        while qhat >= B || qhat * vnext > ((rhat << 64) | u128::from(u[j + n - 2])) {
            qhat -= 1;
            rhat += vtop;
            if rhat >= B {
                break;
            }
        }
        // u[j..=j+n] -= qhat * v.
        let mut carry = 0u128;
        let mut borrow = 0u64;
        for i in 0..n {
            let p = qhat * u128::from(v[i]) + carry;
            carry = p >> 64;
            let (t1, b1) = u[i + j].overflowing_sub(p as u64);
            let (t2, b2) = t1.overflowing_sub(borrow);
            u[i + j] = t2;
            borrow = u64::from(b1 || b2);
        }
        let (t1, b1) = u[j + n].overflowing_sub(carry as u64);
        let (t2, b2) = t1.overflowing_sub(borrow);
        u[j + n] = t2;
        if b1 || b2 {
            // One too many: add the divisor back.
            #[cfg(test)]
            ADD_BACKS.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            qhat -= 1;
            let mut c = false;
            for i in 0..n {
                let (s1, c1) = u[i + j].overflowing_add(v[i]);
                let (s2, c2) = s1.overflowing_add(u64::from(c));
                u[i + j] = s2;
                c = c1 || c2;
            }
            u[j + n] = u[j + n].wrapping_add(u64::from(c));
        }
        q[j] = qhat as u64;
    }
    u[..n].iter().all(|&l| l == 0)
}

impl Ord for Big {
    fn cmp(&self, o: &Big) -> Ordering {
        match (self.neg, o.neg) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => mag_cmp(self, o),
            (true, true) => mag_cmp(o, self),
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, o: &Big) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
pub(crate) mod props;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_and_sums_match_i128_where_it_fits() {
        let vals = [
            0i128,
            1,
            -1,
            7,
            -7,
            1 << 62,
            -(1 << 62),
            i64::MAX as i128,
            i64::MIN as i128,
        ];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(Big::prod(a, b), Big::from(a * b), "{a} * {b}");
                assert_eq!(Big::from(a).add(Big::from(b)), Big::from(a + b));
                assert_eq!(Big::from(a).sub(Big::from(b)), Big::from(a - b));
                assert_eq!(Big::from(a).cmp(&Big::from(b)), a.cmp(&b));
            }
        }
    }

    #[test]
    fn roots_and_floors_match_u128_arithmetic() {
        for n in [
            0u128,
            1,
            2,
            3,
            4,
            15,
            16,
            17,
            1 << 100,
            (1 << 100) + 1,
            u128::MAX >> 1,
        ] {
            let s = Big::from(n as i128).isqrt();
            let want = crate::kernel::sqrt::isqrt_u128(n) as i128;
            assert_eq!(s, Big::from(want), "isqrt {n}");
        }
        for (a, b) in [
            (7i128, 2i128),
            (-7, 2),
            (-8, 2),
            (0, 5),
            (1 << 100, 3),
            (-(1 << 100), 7),
        ] {
            assert_eq!(
                Big::from(a).div_floor(Big::from(b)),
                Big::from(a.div_euclid(b)),
                "{a}/{b}"
            );
        }
        // floor((10 - sqrt(50)) / 3) = floor(0.976..) = 0; floor((10 + sqrt(50)) / 3) = 5.
        let (p, q, r) = (Big::from(10), Big::from(50), Big::from(3));
        assert_eq!(Big::floor_root_div(p, false, q, r), Big::from(0));
        assert_eq!(Big::floor_root_div(p, true, q, r), Big::from(5));
        // A square: (10 - sqrt(49)) / 3 = 1 exactly.
        assert_eq!(
            Big::floor_root_div(p, false, Big::from(49), r),
            Big::from(1)
        );
        let big = Big::pow2(450).add(Big::from(12345));
        assert_eq!(big.square().isqrt(), big);
        assert_eq!(
            big.square().add(Big::from(1)).ceil_sqrt(),
            big.add(Big::from(1))
        );
        assert_eq!(Big::from(-5).to_i128_saturating(), -5);
        assert_eq!(big.to_i128_saturating(), i128::MAX);
    }

    #[test]
    fn wide_products_are_exact() {
        // (2^127 - 1)^2 = 2^254 - 2^128 + 1, and its negation orders below.
        let m = Big::from(i128::MAX);
        let sq = m.square();
        let want = Big::from(1)
            .mul(Big::from(1 << 126))
            .mul(Big::from(1 << 126))
            .mul(Big::from(4));
        let want = want
            .sub(Big::from(1).mul(Big::from(1 << 64)).mul(Big::from(1 << 64)))
            .add(Big::from(1));
        assert_eq!(sq, want);
        assert!(sq.neg() < Big::ZERO && sq.neg() < Big::from(i128::MIN));
        assert_eq!(sq.mul(sq.neg()).neg(), sq.square());
    }
}
