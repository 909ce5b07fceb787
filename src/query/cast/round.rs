//! The cast with a positive radius sum `R`: the Minkowski difference is
//! the zonotope `Z` of the cores grown by `R`, its interior `{ y :
//! dist(y, Z) < R }`. Along the segment `s d` the distance `g(s)` is
//! convex, so the penetration times are an open interval `(a, b)`.
//!
//! - Hit and `overlapping`: the exact closest-distance program of the cores
//!   ([`Gap`]) with the displacement as one more variable `s` in `[0, 1]`
//!   (resp. without), its minimum compared **strictly** with `R^2`.
//! - `a`: the last of the exact rationals `s = j / 2^p` (a precision `p
//!   >= 32`) at which the predicate "`s > a`" fails, which is `g(s) < R`
//!   or `g` not decreasing at `s` (the derivative of `g^2` is `2 r . d`,
//!   `r` the residual of the closest point), decided exactly at each `s`
//!   by [`Fixed`]. Found by Newton's method on `g - R` from the left
//!   (its floored steps never pass `a`: see [`entry`]), a bisection
//!   finishing what it leaves; each closest point stops at the first face
//!   of the program that satisfies the optimality conditions. `t_enter` is
//!   the floor of that `s`.
//! - The normal: the residual `r(a')` at that last `s = a'` (`a - 2^-p <
//!   a' <= a`), normalized. The residual moves by at most `|d| 2^-p` from
//!   `r(a)`, whose length is `R`; `p` is chosen so that this moves the unit
//!   vector by at most 2^-33, and the normalization (the exact unit vector
//!   rounded down) adds less than 2^-32: within 2^-30. Every optimal face
//!   of the program gives a positive multiple of the same residual, and the
//!   rounded unit vector of every multiple is the same, so the normal does
//!   not depend on which face the walk found.

use super::{Cast, pad};
use crate::kernel::sqrt::isqrt_u128;
use crate::num::Fx;
use crate::query::capsule::core::{Gap, nearest_first};
use crate::query::capsule::wide::{Big, OverRoot};
use crate::vec::Vector;
use core::cell::OnceCell;
use faces::{Column, Pair, dot, edge, face_root, facet, point, solid};

/// The cast of the program `gap` (a point is `moving - target`) along `d`
/// (raw) with the radius sum `r > 0` (raw): the union of one program.
/// `apart`: the start is known not to penetrate (its check is skipped).
pub(super) fn cast<const D: usize>(
    gap: &Gap,
    d: [i128; D],
    r: i128,
    apart: bool,
) -> Option<Cast<D>> {
    if !apart && gap.within_strict(r) {
        return Some(Cast::OVERLAPPING);
    }
    enter(core::slice::from_ref(gap), d, r)
}

/// Whether the swept segment over `[0, s1]` (`s1` in units of 2^-32)
/// penetrates the program.
fn swept(gap: &Gap, d3: [i128; 3], s1: i128, r: i128) -> bool {
    let mut s = *gap;
    s.column(d3, 0, s1);
    s.within_strict(r)
}

/// The cast along `d` (raw) with the radius sum `r > 0` (raw) against the
/// union of the programs `gaps` (each a point is `moving - target`): the
/// interior of the union of the grown sets is entered when that of the
/// first of them is. The start penetrates no program (the caller's test).
///
/// `t_enter`: each program's entry `a_k` is bracketed at the same
/// precision `p` (`lo_k / 2^p <= a_k < (lo_k + 1) / 2^p`), so the smallest
/// `lo_k` brackets `min a_k`. The normal: the residual of the nearest
/// program at that `s` (the nearest point of the union's core, which
/// moves by at most `|d| 2^-p` until the entry), as in [`cast`].
pub(super) fn enter<const D: usize>(gaps: &[Gap], d: [i128; D], r: i128) -> Option<Cast<D>> {
    let d3 = pad(d);
    let p = precision(&d3, r);
    let fixed = |g: &Gap| Fixed::new::<D>(g, d3, r, p);
    let swept = |g: &Gap, s1: i128| swept(g, d3, s1, r);
    let entered = |lo: i128, dir: &[Big; 3]| Cast {
        t_enter: Fx::from_bits((lo >> (p - 32)) as i64),
        normal: normalize(dir),
        overlapping: false,
    };
    if let [g] = gaps {
        // One program: the closest point at the entry's `lo` is the walk's
        // when it computed it, else found from the last face (its setup,
        // the products of every column's bounds, is made once).
        if !swept(g, 1 << 32) {
            return None;
        }
        let program = fixed(g);
        let Entry {
            lo,
            mut hint,
            at_lo,
        } = entry(&program, p, g.guess_face());
        let c = at_lo.unwrap_or_else(|| program.closest(lo, Some(&mut hint)));
        return Some(entered(lo, &c.dir));
    }
    // Only the programs the swept segment penetrates are entered (a miss
    // of every one returns before any wide arithmetic); once one is, only
    // over `[0, s1]` with `s1` the grid point (2^-32) at or after its
    // bracket: a program not penetrated by then is entered no earlier.
    let mut first: Option<i128> = None;
    for g in gaps {
        let s1 = first.map_or(1 << 32, |lo| ((lo >> (p - 32)) + 1).min(1 << 32));
        if swept(g, s1) {
            let lo = entry(&fixed(g), p, g.guess_face()).lo;
            if first.is_none_or(|f| lo < f) {
                first = Some(lo);
            }
        }
    }
    let lo = first?;
    let mut best: Option<Closest> = None;
    for g in gaps {
        // Any optimal face: the normal's bits do not depend on the
        // multiple of the residual it gives.
        let c = fixed(g).closest(lo, Some(&mut g.guess_face()));
        if best
            .as_ref()
            .is_none_or(|b| c.num.mul(b.den) < b.num.mul(c.den))
        {
            best = Some(c);
        }
    }
    Some(entered(lo, &best?.dir))
}

/// The entry `a` of a program that the swept segment penetrates and the
/// start does not: the `lo` with `lo / 2^p <= a < (lo + 1) / 2^p` (see
/// [`Entry`]).
///
/// Newton's method from the left on `g(j) - R` (`g` the distance at `s =
/// j / 2^p`), then a bisection for what is left. `g` is convex (the
/// distance to a convex set along a line) and continuously differentiable
/// where it is positive (`g^2` has the derivative `2 r . d`, `r` the
/// residual), and `g(a) = R`: at any `j` before the entry the tangent lies
/// below `g`, so the step `-(g - R) / g'` does not pass the root, nor does
/// any shorter step or its floor. Each step is the step on `g^2 - R^2`
/// lengthened by a lower bound of `2 g / (g + R)` (the ratio of the two
/// steps, at least 1 before the entry), so every iterate stays at or before
/// `a`, and the answer is still the unique `floor(a 2^p)` the bisection
/// alone would find. On a facet `g` is linear: one step lands within the
/// bound's precision (about 2^-62 of the step) of the root. On a vertex or
/// an edge the root of that face's own distance is tried first (the entry
/// while the face stays the closest), and kept only when the exact test
/// there puts it before the entry, so the walk still never passes `a`. The
/// steps shrink quadratically near a simple root; a grazing approach (slow linear
/// steps) leaves the rest to the bisection after [`NEWTON_STEPS`].
fn entry(fixed: &Fixed, p: u32, guess: usize) -> Entry {
    // Invariant: `lo / 2^p <= a < hi / 2^p` (at 0 the shapes are apart
    // and closing in, else no time would hit; at 1 past the entry).
    let (mut lo, mut hi) = (0i128, 1i128 << p);
    // The face of the last closest point: the next one is likely there
    // (at the start, the face of the cheap descent's guess at `s = 0`).
    let mut hint = guess;
    let mut c = fixed.closest(lo, Some(&mut hint));
    for _ in 0..NEWTON_STEPS {
        match fixed.newton_step(&c) {
            Some(step) if step > 0 => {
                let next = (lo + step).min(hi - 1);
                // On a vertex or an edge the root of that face's own
                // distance is the entry while the face stays the closest:
                // tried first when beyond Newton's point. Its closest point
                // says whether it is before the entry (the walk goes on from
                // there) or past it (a new upper end).
                if let Some(root) = fixed.face_root(lo, hint).filter(|&t| t > next && t < hi) {
                    let mut h = hint;
                    let at = fixed.closest(root, Some(&mut h));
                    if !fixed.past(&at) {
                        (lo, c, hint) = (root, at, h);
                        continue;
                    }
                    hi = root;
                }
                lo = next;
                c = fixed.closest(lo, Some(&mut hint));
            }
            Some(_) => {
                // Within one step: the next grid point is past the entry
                // (the answer, with its closest point), or still before
                // it and the walk goes on from there.
                let at = fixed.closest(lo + 1, Some(&mut hint));
                if fixed.past(&at) {
                    return Entry {
                        lo,
                        hint,
                        at_lo: Some(c),
                    };
                }
                (lo, c) = (lo + 1, at);
            }
            None if !fixed.past(&c) => {
                // No step from a `j` before the entry: the distance is `R`
                // exactly there and decreasing, so `lo / 2^p` is the entry
                // itself (a touching start moving in, or a step that landed
                // on the root). The bisection would find the same `lo`
                // after `p` closest points.
                return Entry {
                    lo,
                    hint,
                    at_lo: Some(c),
                };
            }
            None => break,
        }
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fixed.past_entry(mid, &mut hint) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Entry {
        lo,
        hint,
        at_lo: None,
    }
}

/// What [`entry`] finds: `lo`, the face of the last closest point, and
/// the closest point at `lo` when the walk computed it (the normal's).
struct Entry {
    lo: i128,
    hint: usize,
    at_lo: Option<Closest>,
}

/// Newton steps before [`entry`] bisects.
const NEWTON_STEPS: usize = 24;

/// The bits of `s` used: `32 + max(0, bits(max |d_k|) - bits(R) + 4)`, so
/// that `|d| 2^-p <= 2^-34 R` (`|d| < sqrt(3) 2^bits(d)`, `R >=
/// 2^(bits(R) - 1)`). At most 88 for inputs in the domain.
fn precision(d: &[i128; 3], r: i128) -> u32 {
    let bits = |v: i128| 128 - v.unsigned_abs().leading_zeros();
    let dmax = d.iter().map(|c| bits(*c)).max().unwrap_or(0);
    32 + (dmax + 4).saturating_sub(bits(r)).min(64)
}

/// `floor(2^32 x_k / |x|)` per component, exact, as `Fx`: the unit vector
/// of `x` rounded down, the same bits for every positive multiple of `x`.
/// Zero for `x = 0`. Budget: `x` below 2^310 per component (its square
/// below 2^622; [`OverRoot`]'s products below 2^690).
fn normalize<const D: usize>(x: &[Big; 3]) -> Vector<D> {
    let ss = x[0].square().add(x[1].square()).add(x[2].square());
    let mut out = Vector::ZERO;
    if ss.is_zero() {
        return out;
    }
    let root = OverRoot::new(ss);
    for (slot, c) in out.0.iter_mut().zip(x) {
        *slot = root.floor_div(c.mul(Big::pow2(32))).to_fx_saturating();
    }
    out
}

/// The closest point of `Z` to `s d` at `s = j / 2^p`: the squared distance
/// `num / den` and a positive multiple `dir` of the residual `s d - y`
/// (zero when the distance is zero: `inside`).
#[derive(Clone)]
struct Closest {
    inside: bool,
    num: Big,
    den: Big,
    dir: [Big; 3],
    /// The residual is `dir kn / kd` (`kn >= 0`, `kd > 0`).
    kn: Big,
    kd: Big,
}

/// The program of the cores at a fixed `s`, at scale `2^(64 + p)`: the
/// offset `w 2^p + j d 2^32`, the columns (raw) with bounds `2^p` times
/// theirs. Budgets (inputs in the domain, `p <= 88`): the offset below
/// 2^200; a face's residual multiple below 2^310, its square below 2^620,
/// times a denominator (below 2^220) below 2^840.
struct Fixed {
    w: [Big; 3],
    d64: [Big; 3],
    /// The columns in use (the first `n`), with what each adds at a bound
    /// computed once, not per face.
    cols: [Column; 6],
    /// The pairs of the first four columns (3D facets), on first use:
    /// `(i, j)`, `i < j`, at `j (j - 1) / 2 + i`.
    pairs: [OnceCell<Option<Pair>>; 6],
    n: usize,
    /// `R` and `R^2` at the program's scale.
    rr: Big,
    r2: Big,
    dim: usize,
}

impl Fixed {
    fn new<const D: usize>(gap: &Gap, d: [i128; 3], r: i128, p: u32) -> Fixed {
        let scale = Big::pow2(p);
        let mut cols = core::array::from_fn(|_| Column::empty());
        let mut n = 0;
        for (m, lo, hi) in gap.columns() {
            if let Some(slot) = cols.get_mut(n) {
                *slot = Column::new(m, Big::from(lo).mul(scale), Big::from(hi).mul(scale));
                n += 1;
            }
        }
        let rr = Big::from(r).mul(Big::pow2(32 + p));
        Fixed {
            w: gap.offset().map(|c| Big::from(c).mul(scale)),
            d64: d.map(|c| Big::from(c << 32)),
            cols,
            pairs: Default::default(),
            n,
            rr,
            r2: rr.square(),
            dim: D,
        }
    }

    /// The floor of a Newton step (in units of `2^-p`) from the closest
    /// point `c` at a `j` before the entry: the step `-f(j) / f'(j)` on `f
    /// = dist^2 - R^2` (`f = num / den - R^2`, `f' = 2 r . d 2^32` with the
    /// residual `r = dir kn / kd`), lengthened towards the step on the
    /// distance itself (see the body). `None` when `j` is not before the
    /// entry (`f <= 0`, or `f` not decreasing). Budgets: the numerator
    /// below 2^916 (2^850 times the factor's 66 bits), the denominator below
    /// 2^804.
    fn newton_step(&self, c: &Closest) -> Option<i128> {
        let slope = dot(&c.dir, &self.d64);
        let excess = c.num.sub(self.r2.mul(c.den));
        if c.inside || !slope.is_negative() || excess.is_negative() || excess.is_zero() {
            return None;
        }
        let mut down = Big::from(2).mul(c.den).mul(c.kn).mul(slope.neg());
        let mut up = excess.mul(c.kd);
        // Newton's step on the distance `g - R` itself (also convex, so its
        // steps from the left do not pass the root either): the step on
        // `g^2 - R^2` times `2 g / (g + R)`, which exceeds 1 before the
        // entry. On a facet `g` is linear in `s` and one step reaches the
        // root. Times a lower bound `m / 2^64` of that factor (from a lower
        // bound of `g`), so the step still does not pass the root.
        let m = self.distance_factor(&c.num, &c.den);
        if m > Big::pow2(64) {
            up = up.mul(m);
            down = down.mul(Big::pow2(64));
        }
        (!down.is_zero()).then(|| up.div_floor(down).to_i128_saturating())
    }

    /// `floor(2^65 A / (A + R))` for a lower bound `A` of the distance
    /// `sqrt(num / den)` (at the program's scale, `num`, `den > 0`): at
    /// most `2^64` times `2 g / (g + R)`, since `x / (x + R)` increases with
    /// `x`. `A = isqrt(q) 2^(e/2)` with `q 2^e <= num / den` and `q` of 125
    /// or 126 bits, so `A` is within about 2^-62 of `g`: on a facet the
    /// step lands within a unit of the root for precisions `p` up to about
    /// 60.
    fn distance_factor(&self, num: &Big, den: &Big) -> Big {
        let (mut q, mut e) = num.ratio_below(den);
        if e % 2 != 0 {
            q >>= 1;
            e += 1;
        }
        let root = Big::from(isqrt_u128(q) as i128);
        let h = e / 2;
        let shift = |x: Big, by: i32| x.mul(Big::pow2(by.unsigned_abs()));
        // `A` and `R` at one scale: the one with the smaller power of two.
        let (a, r) = if h >= 0 {
            (shift(root, h), self.rr)
        } else {
            (root, shift(self.rr, -h))
        };
        let sum = a.add(r);
        if sum.is_zero() {
            return Big::ZERO;
        }
        a.mul(Big::pow2(65)).div_floor(sum)
    }

    /// Whether the face `code` (a base-3 digit per column: 0 at its lower
    /// bound, 1 at its upper, 2 free), whose minimizer is in bounds with
    /// the residual a positive multiple of `dir`, holds the minimum of the
    /// whole program: the optimality conditions of the box-constrained
    /// convex problem, `m_i . r >= 0` for a column at its lower bound and
    /// `<= 0` at its upper (a free column's derivative is zero on its
    /// face). The first face in order that holds the minimum is the one the
    /// full comparison keeps (it keeps the first of equal distances), so
    /// stopping there changes no answer.
    fn optimal(&self, code: usize, dir: &[Big; 3]) -> bool {
        let mut c = code;
        self.cols.iter().take(self.n).all(|col| {
            let digit = c % 3;
            c /= 3;
            // A free column's slope is not read: no product for it.
            match digit {
                0 => !dot(&col.m, dir).is_negative(),
                1 => {
                    let slope = dot(&col.m, dir);
                    slope.is_negative() || slope.is_zero()
                }
                _ => true,
            }
        })
    }

    /// Whether `s = j / 2^p` is past the entry `a`: `g(s) < R`, or `g`
    /// does not decrease at `s` (`r . d >= 0`).
    fn past_entry(&self, j: i128, hint: &mut usize) -> bool {
        self.past(&self.closest(j, Some(hint)))
    }

    /// [`Fixed::past_entry`] from the closest point there.
    fn past(&self, c: &Closest) -> bool {
        c.inside || c.num < self.r2.mul(c.den) || !dot(&c.dir, &self.d64).is_negative()
    }

    /// From `s = j / 2^p`, where the closest point is on the face `code`:
    /// when that face is a vertex or an edge of the bounds, the first `j`
    /// (floored) at which the distance to that vertex, or to the line of
    /// that edge, falls to `R` (see [`face_root`]).
    fn face_root(&self, j: i128, code: usize) -> Option<i128> {
        let (vf, free, k) = self.fixed_part(&self.offset(j), code)?;
        let col = match k {
            0 => None,
            1 => Some(self.cols.get(free[0])?),
            _ => return None,
        };
        let t = face_root(&vf, col, &self.d64, &self.r2)?;
        Some(j.saturating_add(t.to_i128_saturating()))
    }

    /// The offset `v` with the fixed columns of the face `code` at their
    /// bounds, the free columns (their indices, then how many), or `None`
    /// for more free columns than the dimension.
    fn fixed_part(&self, v: &[Big; 3], code: usize) -> Option<([Big; 3], [usize; 3], usize)> {
        let mut c = code;
        let mut free = [0usize; 3];
        let mut k = 0;
        let mut vf = *v;
        for (i, col) in self.cols.iter().take(self.n).enumerate() {
            let digit = c % 3;
            c /= 3;
            if digit == 2 {
                *free.get_mut(k)? = i;
                k += 1;
                continue;
            }
            for (vk, ak) in vf.iter_mut().zip(col.at(digit == 1)) {
                *vk = vk.add(*ak);
            }
        }
        (k <= self.dim).then_some((vf, free, k))
    }

    /// The closest point at `s = j / 2^p`: the best of the faces of the
    /// bounds whose free columns are independent and whose minimizer lies
    /// in the face (see [`Gap`]), the first in order that is optimal.
    ///
    /// With a `hint` (the face of a previous closest point, or past every
    /// face), that face and its neighbours are tried first (every face in
    /// the order of [`nearest_first`]), and `hint` becomes the face found.
    /// Any optimal face has the same closest point, the same squared
    /// distance and a positive multiple of the same residual, so every
    /// decision, every Newton step and the normal ([`normalize`]) are the
    /// same; only the multiple may differ.
    fn closest(&self, j: i128, mut hint: Option<&mut usize>) -> Closest {
        let v = self.offset(j);
        let faces = self.faces();
        // The hint, then the faces by how many digits they change from it
        // (one: a variable reaching or leaving a bound, where the closest
        // point moves next as `s` grows).
        let first = hint.as_deref().copied().filter(|&h| h < faces).unwrap_or(0);
        let mut best: Option<(Closest, usize)> = None;
        for code in nearest_first(first, self.n) {
            let Some(face) = self.face(&v, code) else {
                continue;
            };
            if face.inside || self.optimal(code, &face.dir) {
                if let Some(h) = hint.as_deref_mut() {
                    *h = code;
                }
                return face;
            }
            if best
                .as_ref()
                .is_none_or(|(b, _)| face.num.mul(b.den) < b.num.mul(face.den))
            {
                best = Some((face, code));
            }
        }
        match best {
            Some((face, code)) => {
                if let Some(h) = hint {
                    *h = code;
                }
                face
            }
            None => Closest::INSIDE,
        }
    }

    /// The offset at `s = j / 2^p`.
    fn offset(&self, j: i128) -> [Big; 3] {
        let jb = Big::from(j);
        let mut v = self.w;
        for (vk, dk) in v.iter_mut().zip(&self.d64) {
            *vk = vk.add(jb.mul(*dk));
        }
        v
    }

    /// How many faces: `3^n`.
    fn faces(&self) -> usize {
        let mut faces = 1usize;
        for _ in 0..self.n {
            faces *= 3;
        }
        faces
    }

    /// The face `code` (a base-3 digit per column: 0 at its lower bound, 1
    /// at its upper, 2 free) at the offset `v`: its minimizer when it lies
    /// in the face and the free columns are independent.
    fn face(&self, v: &[Big; 3], code: usize) -> Option<Closest> {
        let (vf, free, k) = self.fixed_part(v, code)?;
        let col = |i: usize| self.cols.get(free.get(i).copied().unwrap_or(0));
        match (k, col(0), col(1), col(2)) {
            (0, ..) => Some(point(vf)),
            (1, Some(a), ..) => edge(&vf, a),
            (2, Some(a), Some(b), _) if self.dim == 3 => {
                let [i, j, _] = free;
                match self.pairs.get(j * j.saturating_sub(1) / 2 + i) {
                    Some(slot) if j < 4 => {
                        facet(&vf, a, b, slot.get_or_init(|| Pair::new(a, b)).as_ref()?)
                    }
                    _ => facet(&vf, a, b, &Pair::new(a, b)?),
                }
            }
            (2, Some(a), Some(b), _) => solid(&vf, [a, b, a], false),
            (3, Some(a), Some(b), Some(e)) => solid(&vf, [a, b, e], true),
            _ => None,
        }
    }
}

impl Closest {
    /// The point is in the set.
    const INSIDE: Closest = Closest {
        inside: true,
        num: Big::ZERO,
        den: Big::ONE,
        dir: [Big::ZERO; 3],
        kn: Big::ZERO,
        kd: Big::ONE,
    };
}

mod faces;
#[cfg(test)]
mod tests;
