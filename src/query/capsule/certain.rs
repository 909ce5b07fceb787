//! The cheap certain answers of the program ([`Gap::decide`]'s first
//! step): exact decisions in `i128` for pairs that are clearly apart or
//! clearly within reach, so the wide path runs only near the boundary.

use super::{Gap, MAX_COLS};

/// The sweeps of coordinate descent after the first guess's two, when that
/// guess gives no certificate (near the boundary, or a descent that has
/// not converged: coordinate descent on correlated columns converges
/// slowly). Measured on the bench's capsules cast at oriented boxes (the
/// start's four columns and the sweep's five, 33,411 programs): with 2
/// sweeps 4.5% were left to the faces, with 16 0.39%, with 64 0.22%; the
/// instructions saved flatten out past about 30.
const MORE_SWEEPS: usize = 30;

impl Gap {
    /// The cheap certain answers of [`Gap::decide`], in `i128`, or `None`:
    ///
    /// - **A miss**: on some axis the whole difference set lies beyond the
    ///   radius sum (its range there, `w_k + sum_j [lo_j, hi_j] m_jk`, is
    ///   exact), so every point of it is too far.
    /// - **A hit**: a point of the difference set (at `x` the middle of
    ///   every variable's range, or with two variables or fewer at any of
    ///   the corners of their box) lies within the radius sum, its distance
    ///   bounded above (each component rounded up to an ulp).
    /// - **A miss by a direction**: the whole set lies beyond the radius
    ///   sum along the direction from the guess toward the origin
    ///   ([`Gap::separated`]).
    ///
    /// The guess is the middle, then two sweeps of coordinate descent (both
    /// certificates asked of it), then up to [`MORE_SWEEPS`] more when
    /// neither answered and the radius is positive.
    ///
    /// Both are exact when they answer, so the wide path runs only when
    /// the shapes are nearly touching or the guesses miss the closest
    /// points. Budgets: components of a point of the set below 2^110 at
    /// scale 2^64 (module docs) but, the cores lying in the domain, below
    /// 2^54 raw once rounded up; squares below 2^108, their sum below
    /// 2^110; `r` below 2^54, its square below 2^108.
    pub(super) fn certain(&self, r: i128, strict: bool) -> Option<bool> {
        let cols = self.cols.get(..self.n).unwrap_or(&[]);
        let lift = r << 32;
        for k in 0..3 {
            let wk = self.w.get(k).copied().unwrap_or(0);
            let (mut lo, mut hi) = (wk, wk);
            for c in cols {
                let mk = c.m.get(k).copied().unwrap_or(0);
                let (a, b) = (c.lo * mk, c.hi * mk);
                lo += a.min(b);
                hi += a.max(b);
            }
            let beyond = if strict {
                lo >= lift || hi <= -lift
            } else {
                lo > lift || hi < -lift
            };
            if beyond {
                return Some(false);
            }
        }
        let r2 = (r * r) as u128;
        // Whether the point `v` of the set is within the radius sum.
        let near = |v: &[i128; 3]| {
            let mut d2: u128 = 0;
            for c in v {
                let up = c.unsigned_abs().div_ceil(1 << 32);
                d2 = d2.saturating_add(up.saturating_mul(up));
            }
            if strict { d2 < r2 } else { d2 <= r2 }
        };
        let mut x = self.middle();
        if near(&self.point_at(&x)) {
            return Some(true);
        }
        self.descend(&mut x, 2);
        let v = self.point_at(&x);
        if near(&v) {
            return Some(true);
        }
        if self.separated(&v, r, strict) {
            return Some(false);
        }
        if cols.len() <= 2 {
            let mut y = x;
            for corner in 0..(1u32 << cols.len()) {
                for (j, (yj, c)) in y.iter_mut().zip(cols).enumerate() {
                    *yj = if corner >> j & 1 == 1 { c.hi } else { c.lo };
                }
                if near(&self.point_at(&y)) {
                    return Some(true);
                }
            }
        }
        // Neither certificate from the first guess: the descent goes on
        // (it stops at a sweep that moves nothing), and both are asked
        // again of the better guess before the wide path's faces. Not for
        // no radius: a guess then certifies a hit only at distance 0, and
        // the slabs of `Gap::decide` answer a miss.
        if r == 0 {
            return None;
        }
        self.descend(&mut x, MORE_SWEEPS);
        let v = self.point_at(&x);
        if near(&v) {
            return Some(true);
        }
        if self.separated(&v, r, strict) {
            return Some(false);
        }
        None
    }

    /// The point `w + M x` of the set at `x` (scale 2^64; the variables
    /// past the columns in use are ignored).
    pub(super) fn point_at(&self, x: &[i128; MAX_COLS]) -> [i128; 3] {
        let mut v = self.w;
        for (k, vk) in v.iter_mut().enumerate() {
            for (c, xj) in self.cols.iter().take(self.n).zip(x) {
                *vk += xj * c.m.get(k).copied().unwrap_or(0);
            }
        }
        v
    }

    /// The middle of every variable's range.
    pub(super) fn middle(&self) -> [i128; MAX_COLS] {
        let mut x = [0i128; MAX_COLS];
        for (xj, c) in x.iter_mut().zip(self.cols.get(..self.n).unwrap_or(&[])) {
            *xj = c.lo + (c.hi - c.lo) / 2;
        }
        x
    }

    /// Up to `sweeps` sweeps of coordinate descent on `|w + M x|^2` from
    /// `x`, in raw units (rounded: any point of the box of `x` is a valid
    /// guess), stopping early at a sweep that moves nothing. The point
    /// `w + M x` is kept up to date as the variables move. Budgets: columns
    /// below 2^54, `|m|^2 / 2^32` below 2^76; the point's components below
    /// 2^56 raw for cores in the domain (dot products below 2^112), and for
    /// the ray's program of `ray_capsule` (its direction a column with `x`
    /// up to 2^53) below 2^73 raw at the start, which no step lengthens by
    /// more than its rounding (a step toward the minimum along one variable,
    /// overshooting it by a fraction below 2^-20 at most): dot products
    /// below 2^127.
    pub(super) fn descend(&self, x: &mut [i128; MAX_COLS], sweeps: usize) {
        let cols = self.cols.get(..self.n).unwrap_or(&[]);
        let mut v = self.point_at(x);
        // Each column's `|m|^2 / 2^32`, once for every sweep.
        let mut grams = [0i128; MAX_COLS];
        for (g, c) in grams.iter_mut().zip(cols) {
            *g = c.m.iter().map(|m| m * m).sum::<i128>() >> 32;
        }
        for _ in 0..sweeps {
            let mut moved = false;
            for ((c, xj), &g) in cols.iter().zip(x.iter_mut()).zip(&grams) {
                if g == 0 {
                    continue;
                }
                let dot: i128 = v.iter().zip(&c.m).map(|(vk, mk)| (vk >> 32) * mk).sum();
                let next = (*xj - step(dot, g)).clamp(c.lo, c.hi);
                if next != *xj {
                    for (vk, mk) in v.iter_mut().zip(&c.m) {
                        *vk += (next - *xj) * mk;
                    }
                    *xj = next;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
    }

    /// A certain miss by a separating direction: `u`, the direction from
    /// the point `v` of the set (at the descent's guess at the closest point)
    /// toward the origin, rounded to components of at most 2^8. When the
    /// whole set lies beyond the radius sum along `u` (its largest `u . z`
    /// below `-r |u|`, `|u|` rounded up), every point of it is too far:
    /// `|z| >= |u . z| / |u| > r`. Any `u` makes a valid certificate, so the
    /// rounding of the direction only costs tightness. Budgets: `u . w`
    /// below 2^100, each `u . m x` below 2^116, their sum below 2^120;
    /// `(r << 32) |u|` below 2^96.
    fn separated(&self, v: &[i128; 3], r: i128, strict: bool) -> bool {
        let cols = self.cols.get(..self.n).unwrap_or(&[]);
        let big = v.iter().map(|c| c.unsigned_abs()).max().unwrap_or(0);
        if big == 0 {
            return false;
        }
        // u = -v scaled so that its largest component is 2^8 (rounded).
        let shift = (128 - big.leading_zeros()).saturating_sub(8);
        let u = v.map(|c| -(c >> shift));
        let uu = u.iter().map(|c| (c * c) as u128).sum::<u128>();
        let root = uu.isqrt();
        let len = (root + u128::from(root * root < uu)) as i128;
        let mut top = u.iter().zip(&self.w).map(|(a, b)| a * b).sum::<i128>();
        for c in cols {
            let um = u.iter().zip(&c.m).map(|(a, b)| a * b).sum::<i128>();
            top += (c.lo * um).max(c.hi * um);
        }
        let bound = -(r << 32) * len;
        if strict { top <= bound } else { top < bound }
    }
}

/// `dot / g` rounded toward zero (`g > 0`), or `+-2^64` where that
/// quotient is 2^64 or more in magnitude: a step of the descent, clamped by
/// the caller into a variable's range (bounds below 2^63 in magnitude), so
/// both give the same clamped step. One 128-by-64-bit hardware division
/// when `g` is below 2^64 (every column component below 2^47 raw), `i128`'s
/// otherwise.
pub(super) fn step(dot: i128, g: i128) -> i128 {
    let Ok(g64) = u64::try_from(g) else {
        return dot / g;
    };
    let n = dot.unsigned_abs();
    let q = if n >> 64 >= u128::from(g64) {
        1i128 << 64
    } else {
        i128::from(crate::arch::div_rem_narrow(n, g64).0)
    };
    if dot < 0 { -q } else { q }
}
