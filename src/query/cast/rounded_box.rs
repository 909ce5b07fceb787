//! A ball, or in 3D a capsule, against an axis-aligned box, as a ray
//! against the pieces of the rounded difference.
//!
//! In the frame of the moving shape, with its core `S = [a, b]` (`u = b -
//! a`; a ball's center is `a = b`, and a ball may move against a box or
//! a box against a ball) and radius `R`, the difference of the cores `Z =
//! B - S` is a zonotope whose generators are the box's edges and `u`
//! (for a ball, the box itself). `M = target - moving` is `Z` grown by
//! `R`, and the ray from the origin first meets `M` through one of these
//! pieces (each in `M`):
//!
//! - a face of `Z` with the slab within `R` outside it: a face of the box
//!   at the translate `- a` or `- b` (the end of `S` that leads along the
//!   face's normal, both on a tie), or the parallelogram `E - S` of a box
//!   edge `E` along axis `k`, for the edges extreme along `+-(e_k x u)`;
//! - an edge of `Z` with the capsule of radius `R` around it: a box edge
//!   at `- a` or `- b`, or `S` at a box corner (`C - S`).
//!
//! The entry point `x` is at `R` from its nearest point `z` of `Z`, with
//! `n = (x - z) / R` in the normal cone of `Z` at `z` and the ray not
//! leaving (`d . n <= 0`). `z` is inside a face of `Z` (then `x` is over
//! it, in its slab), on an edge (in its capsule) or at a vertex (in the
//! capsule of each edge there, and `n` is in the cone of one of them: an
//! extreme ray of the vertex's cone with `d . n <= 0` lies on one of its
//! facets). So an edge whose cone (the box's cone at the edge or corner cut
//! by the sign of `n . u` that end of `S` takes) holds no direction with
//! `d . n <= 0` is never the first met, and is skipped.
//!
//! A ray that misses the box of `Z` grown by `R` misses (exactly), and so
//! does one that another separating axis of a segment and `Z` keeps `R`
//! away (a bound: a certain miss only). A face's slab met from outside
//! with the point over the face is the entry itself (the point is at `R`
//! from `Z`, the ray crossing the face's supporting plane moving in):
//! answered alone, at the exact time `P / d_k` (`P` the slab's plane)
//! rounded down with the face's axis as the normal ([`face`]), or for a
//! parallelogram as two capsules' slab. Otherwise the edges' capsules give
//! the first contact and whether the ray penetrates there
//! ([`capsules_first`]), the exact normal rounded down.
//!
//! Budgets (raw bits, inputs in the domain): the box's corners, `a`, `b`,
//! `R` and `d` at most 2^52 per component, so every translate is below
//! 2^53 and `u` below 2^53, the pieces' budgets; every product in this
//! module is below 2^108.

use super::Cast;
use super::segments::{boxes_apart, capsules_first, cross, minus, misses_box, slab_entry};
use crate::dim::{Const, Dim};
use crate::kernel::raw_box::RawBox;
use crate::num::Fx;
use crate::query::capsule::boxed::segment_box_within;
use crate::shape::{Aabb, Shape};
use crate::vec::Vector;

/// The cast of a ball (either moving) or, in 3D, a moving capsule
/// (positive radius) against an axis-aligned box (or an oriented box
/// along the coordinate axes, [`aligned`]), `d` raw: `Some(answer)`,
/// or `None` for another pair or when two pieces are first met in the
/// same ulp of time with different normals (the general program answers).
pub(super) fn cast<const D: usize>(
    moving: &Shape<D>,
    d: [i64; D],
    target: &Shape<D>,
) -> Option<Option<Cast<D>>>
where
    Const<D>: Dim<D>,
{
    let pair = RoundBox::of(moving, target)?;
    if pair.starts_within() {
        return Some(Some(Cast::OVERLAPPING));
    }
    if pair.misses(d) || pair.apart(d) {
        return Some(None);
    }
    if let Some(entry) = pair.face_entry(d) {
        return Some(entry);
    }
    pair.edges_first(d)
}

/// A ball or capsule of positive radius and an axis-aligned box, in the
/// frame where the box is still (raw).
struct RoundBox<const D: usize> {
    /// The box's corners.
    lo: [i64; D],
    hi: [i64; D],
    /// The round shape's core: its start `a` and direction `u = b - a`.
    a: [i64; D],
    u: [i64; D],
    /// The radius, positive.
    r: i64,
}

/// The shape as an axis-aligned box: an aabb, or an oriented box along
/// the coordinate axes ([`Obb::as_aabb`](crate::shape::Obb::as_aabb)), the
/// same set.
pub(crate) fn aligned<const D: usize>(s: &Shape<D>) -> Option<Aabb<D>>
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Aabb(x) => Some(*x),
        Shape::Obb(o) => o.as_aabb(),
        _ => None,
    }
}

/// A component as `i128` (0 beyond `D`).
fn at<const D: usize>(v: &[i64; D], k: usize) -> i128 {
    v.get(k).map_or(0, |&c| i128::from(c))
}

/// Whether a nonzero direction `n = sum alpha_i g_i` (`alpha >= 0`) of the
/// cone of generators `g_i` has `sign (n . w) >= 0` (`= 0` for `flat`) and
/// `n . d <= 0`, given each generator's `w_i = g_i . w` and `q_i = g_i .
/// d`: the extreme rays of the cone cut by the first condition (a
/// generator alone, or two of opposite `w` signs combined to `n . w =
/// 0`), checked against the second.
fn cone_meets(gens: &[(i128, i128)], sign: i128, flat: bool) -> bool {
    gens.iter().enumerate().any(|(i, &(wi, qi))| {
        let wi = sign * wi;
        let alone = if flat { wi == 0 } else { wi >= 0 };
        (alone && qi <= 0)
            || gens.iter().skip(i + 1).any(|&(wj, qj)| {
                // `|w_j| g_i + |w_i| g_j`, on the plane `n . w = 0`.
                let wj = sign * wj;
                (wi > 0 && wj < 0 || wi < 0 && wj > 0) && wj.abs() * qi + wi.abs() * qj <= 0
            })
    })
}

impl<const D: usize> RoundBox<D> {
    /// The pair, if it is a ball or capsule against a box, either moving
    /// (in 3D a moving box is not a pair here). A moving box `B` against a
    /// still `S` grown by `R` is the box `-B` still against `-S` moving:
    /// `S - B = (-B) - (-S)`, the same difference.
    fn of(moving: &Shape<D>, target: &Shape<D>) -> Option<Self>
    where
        Const<D>: Dim<D>,
    {
        let round = |s: &Shape<D>| match s {
            Shape::Sphere(b) => Some((b.center(), b.center(), b.radius())),
            Shape::Capsule(c) => Some((c.a(), c.b(), c.radius())),
            _ => None,
        };
        let ((a, b, r), boxed, box_moves) = match (aligned(moving), aligned(target)) {
            (_, Some(x)) => (round(moving)?, x, false),
            (Some(x), _) => (round(target)?, x, true),
            _ => return None,
        };
        if r == Fx::ZERO {
            return None;
        }
        let (mut a, mut b) = (a.to_bits(), b.to_bits());
        let (mut lo, mut hi) = (boxed.min().to_bits(), boxed.max().to_bits());
        if box_moves {
            let neg = |v: [i64; D]| v.map(|c| -c);
            (lo, hi, a, b) = (neg(hi), neg(lo), neg(a), neg(b));
        }
        Some(RoundBox {
            lo,
            hi,
            a,
            u: minus(&b, &a),
            r: r.to_bits(),
        })
    }

    /// The core's end `b`.
    fn b(&self) -> [i64; D] {
        core::array::from_fn(|k| self.a.get(k).zip(self.u.get(k)).map_or(0, |(p, q)| p + q))
    }

    /// The box translated by `-e`.
    fn box_at(&self, e: &[i64; D]) -> ([i64; D], [i64; D]) {
        (minus(&self.lo, e), minus(&self.hi, e))
    }

    /// The box's edges: along axis `k`, from the corner `bits` (bit `k`
    /// clear) to the corner `bits | 1 << k`.
    fn edges(&self) -> impl Iterator<Item = (usize, usize)> {
        (0..D).flat_map(|k| {
            (0..1usize << D)
                .filter(move |bits| bits >> k & 1 == 0)
                .map(move |bits| (k, bits))
        })
    }

    /// Whether the core is nearer than `r` to the box (the interiors
    /// overlap at the start): the segment's distance to the box, strictly
    /// below `r`, exactly in 128- and 256-bit words.
    fn starts_within(&self) -> bool {
        let bx = RawBox {
            min: self.lo,
            max: self.hi,
        };
        segment_box_within::<true, D>(&self.a, &self.b(), &bx, self.r)
    }

    /// Whether the ray `s d`, `s` in `[0, 1]`, misses the box of `Z` grown
    /// by `r` (exactly: then it misses `M`).
    fn misses(&self, d: [i64; D]) -> bool {
        let b = self.b();
        let lead: [i64; D] =
            core::array::from_fn(|k| self.a.get(k).zip(b.get(k)).map_or(0, |(x, y)| *x.max(y)));
        let trail: [i64; D] =
            core::array::from_fn(|k| self.a.get(k).zip(b.get(k)).map_or(0, |(x, y)| *x.min(y)));
        misses_box(
            minus(&self.lo, &lead),
            minus(&self.hi, &trail),
            d,
            1 << 32,
            self.r,
        )
    }

    /// Whether an axis separates the ray `s d` (`s` in `[0, 1]`) from `Z`
    /// by `r` or more, among the axes of a segment against the zonotope
    /// besides the box's (which [`RoundBox::misses`] tests): the face
    /// normals `e_k x u` and `d x e_k` in 3D, the perpendiculars of `u` and
    /// `d` in 2D. Along an axis `n` the gap is compared with `r` times the
    /// sum of `|n_i|` (at least `r |n|`), so `true` is a certain miss and
    /// `false` decides nothing. Budgets: `n` below 2^54 per component, every
    /// product and sum below 2^110.
    fn apart(&self, d: [i64; D]) -> bool {
        let b = self.b();
        let dot = |n: &[i128; 3], v: &[i64; D]| {
            n.iter()
                .enumerate()
                .map(|(k, c)| c * at(v, k))
                .sum::<i128>()
        };
        let separates = |n: [i128; 3]| {
            if n == [0; 3] {
                return false;
            }
            // Z along n: the box's extent less the core's.
            let (mut top, mut bottom) = (0i128, 0i128);
            for (k, c) in n.iter().enumerate() {
                let (x, y) = (c * at(&self.lo, k), c * at(&self.hi, k));
                (top, bottom) = (top + x.max(y), bottom + x.min(y));
            }
            let (na, nb) = (dot(&n, &self.a), dot(&n, &b));
            let (zmax, zmin) = (top - na.min(nb), bottom - na.max(nb));
            let nd = dot(&n, &d);
            let reach = i128::from(self.r) * n.iter().map(|c| c.abs()).sum::<i128>();
            nd.min(0) - zmax >= reach || zmin - nd.max(0) >= reach
        };
        let (u, dv) = (
            core::array::from_fn(|k| at(&self.u, k)),
            core::array::from_fn(|k| at(&d, k)),
        );
        if D == 2 {
            let perp = |v: [i128; 3]| [-v[1], v[0], 0];
            return separates(perp(u)) || separates(perp(dv));
        }
        (0..3).any(|k| {
            let e: [i128; 3] = core::array::from_fn(|i| i128::from(i == k));
            separates(cross(&e, &u)) || separates(cross(&dv, &e))
        })
    }

    /// The entry through a face of `Z` met from outside over the face (see
    /// the module): `Some(answer)`, or `None` when no face is met so.
    fn face_entry(&self, d: [i64; D]) -> Option<Option<Cast<D>>> {
        let b = self.b();
        for (k, &dk) in d.iter().enumerate() {
            // Moving +k meets the box's -k face at the translate by the
            // end of larger `k` coordinate, and back; both on a tie.
            let (ak, bk) = (self.a.get(k).copied(), b.get(k).copied());
            let ends = [(&self.a, ak, bk), (&b, bk, ak)];
            for (i, (e, ek, other)) in ends.into_iter().enumerate() {
                let leads = if dk > 0 { ek >= other } else { ek <= other };
                if dk == 0 || !leads || (i == 1 && self.u == [0; D]) {
                    continue;
                }
                let (lo, hi) = self.box_at(e);
                if let Some(entry) = face(lo, hi, d, self.r, k) {
                    return Some(entry);
                }
            }
        }
        if D == 3 {
            return self.parallelogram_entry(d);
        }
        None
    }

    /// The entry through a parallelogram face `E - S` of `Z` (3D): for
    /// each axis `k`, the box edges along it extreme along the outward
    /// normal `n = sigma (e_k x u)` that faces the ray (`d . n < 0`).
    fn parallelogram_entry(&self, d: [i64; D]) -> Option<Option<Cast<D>>> {
        for k in 0..D {
            let (j, l, nj, nl) = self.normal(k);
            let dn = at(&d, j) * nj + at(&d, l) * nl;
            if dn == 0 {
                continue; // no face, or the ray parallel to it
            }
            let sigma = -dn.signum();
            for (p, q) in self.extreme_edges(k, sigma) {
                // Its corners' box grown by `r` apart from the ray's: not
                // met.
                let (pa, qa) = (minus(&p, &self.a), minus(&q, &self.a));
                let corners = [pa, qa, minus(&pa, &self.u), minus(&qa, &self.u)];
                if boxes_apart(&corners, d, 1 << 32, self.r) {
                    continue;
                }
                let entry = slab_entry(&pa, &self.u, &minus(&q, &p), &d, self.r);
                if entry.is_some() {
                    return entry;
                }
            }
        }
        None
    }

    /// `e_k x u` in 3D: the other two axes `j`, `l` (in the cyclic order
    /// `k, j, l`) and its components along them (`-u_l`, `u_j`; zero along
    /// `k`).
    fn normal(&self, k: usize) -> (usize, usize, i128, i128) {
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        (j, l, -at(&self.u, l), at(&self.u, j))
    }

    /// The box edges along axis `k` (3D) extreme along `sigma (e_k x u)`
    /// (`sigma` 1 or -1): at `hi` along a positive component, `lo` along a
    /// negative one, both along a zero one; none when `e_k x u` is zero.
    fn extreme_edges(
        &self,
        k: usize,
        sigma: i128,
    ) -> impl Iterator<Item = ([i64; D], [i64; D])> + '_ {
        let (j, l, nj, nl) = self.normal(k);
        let sides = |c: i128| match (sigma * c).signum() {
            1 => [Some(true), None],
            -1 => [Some(false), None],
            _ => [Some(false), Some(true)],
        };
        let (sj, sl) = (sides(nj), sides(nl));
        let face = nj != 0 || nl != 0;
        sj.into_iter()
            .flatten()
            .flat_map(move |hj| sl.into_iter().flatten().map(move |hl| (hj, hl)))
            .filter(move |_| face)
            .map(move |(hj, hl)| {
                let bits = usize::from(hj) << j | usize::from(hl) << l;
                (
                    corner(self.lo, self.hi, bits),
                    corner(self.lo, self.hi, bits | 1 << k),
                )
            })
    }

    /// The first contact of the ray with the capsules around the edges of
    /// `Z` whose cones allow it (see the module), as [`capsules_first`].
    fn edges_first(&self, d: [i64; D]) -> Option<Option<Cast<D>>> {
        let b = self.b();
        let moved = self.u != [0; D];
        // The generator `sigma_j e_j` of the box's normal cones (`sigma_j`
        // the sign of the corner's side along `j`): `(n . u, n . d)`.
        let generator = |j: usize, high: bool| {
            let (uj, dj) = (at(&self.u, j), at(&d, j));
            if high { (uj, dj) } else { (-uj, -dj) }
        };
        // The cone at the corner `bits` along every axis but `skip`.
        let cone = |bits: usize, skip: usize| {
            let mut g = [(0i128, 0i128); 3];
            let axes = (0..D).filter(|&j| j != skip);
            for (slot, j) in g.iter_mut().zip(axes) {
                *slot = generator(j, bits >> j & 1 == 1);
            }
            (g, if skip < D { D - 1 } else { D })
        };
        let mut pieces = [([0i64; D], [0i64; D]); 32];
        let mut n = 0;
        let mut push = |p: [i64; D], q: [i64; D]| {
            if let Some(slot) = pieces.get_mut(n) {
                *slot = (p, q);
                n += 1;
            }
        };
        // Box edges at `- a` (n . u >= 0) and `- b` (n . u <= 0).
        for (k, bits) in self.edges() {
            let (g, m) = cone(bits, k);
            let g = g.get(..m).unwrap_or(&[]);
            let (p, q) = (
                corner(self.lo, self.hi, bits),
                corner(self.lo, self.hi, bits | 1 << k),
            );
            if cone_meets(g, 1, false) {
                push(minus(&p, &self.a), minus(&q, &self.a));
            }
            if moved && cone_meets(g, -1, false) {
                push(minus(&p, &b), minus(&q, &b));
            }
        }
        // `S` at the corners: from `C - b` to `C - a` (n . u = 0).
        for bits in (0..1usize << D).filter(|_| moved) {
            let (g, m) = cone(bits, D);
            if cone_meets(g.get(..m).unwrap_or(&[]), 1, true) {
                let c = corner(self.lo, self.hi, bits);
                push(minus(&c, &b), minus(&c, &self.a));
            }
        }
        capsules_first(pieces.into_iter().take(n), d, self.r)
    }
}

/// The corner of `[lo, hi]` with `hi` along the axes whose bits are set
/// in `bits`, `lo` along the others.
fn corner<const D: usize>(lo: [i64; D], hi: [i64; D], bits: usize) -> [i64; D] {
    let mut c = lo;
    for ((j, slot), &h) in c.iter_mut().enumerate().zip(&hi) {
        if bits >> j & 1 == 1 {
            *slot = h;
        }
    }
    c
}

/// The slab within `r` outside the face of `[lo, hi]` that the ray `s d`
/// meets moving along axis `k` (its `-k` face for `d_k > 0`, its `+k`
/// face for `d_k < 0`; none for `d_k = 0`): `Some(answer)` when the ray
/// crosses the slab's plane from outside at some `s` in `[0, 1]` with its
/// point over the face (closed): `Some(answer)` (a hit before `s = 1`, or
/// none when that is at 1).
fn face<const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    d: [i64; D],
    r: i64,
    k: usize,
) -> Option<Option<Cast<D>>> {
    let (&dk, &lk, &hk) = (d.get(k)?, lo.get(k)?, hi.get(k)?);
    // Moving +k meets the -k face (`lo_k`) from outside, and back.
    let (plane, outward) = match dk.signum() {
        1 => (i128::from(lk) - i128::from(r), false),
        -1 => (i128::from(hk) + i128::from(r), true),
        _ => return None,
    };
    // From outside: the origin beyond the plane (on it: s = 0).
    let dk = i128::from(dk);
    if (dk > 0 && plane < 0) || (dk < 0 && plane > 0) {
        return None;
    }
    // s = plane / dk in [0, 1]: |plane| <= |dk|.
    if plane.abs() > dk.abs() {
        return None;
    }
    // Over the face: lo_j <= s d_j <= hi_j for the other axes, times |dk|
    // (sign-corrected).
    let over = d
        .iter()
        .zip(lo.iter().zip(&hi))
        .enumerate()
        .all(|(j, (&dj, (&l, &h)))| {
            let (num, den) = (plane * i128::from(dj), dk);
            let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
            j == k || (i128::from(l) * den <= num && num <= i128::from(h) * den)
        });
    if !over {
        return None;
    }
    let t = ((plane << 32) / dk).clamp(0, 1 << 32);
    // `plane / dk >= 0`: the quotient truncated is its floor.
    let normal = Vector::<D>::unit(k, outward);
    Some((t < 1 << 32).then(|| Cast {
        t_enter: Fx::from_bits(t as i64),
        normal,
        overlapping: false,
    }))
}

#[cfg(test)]
mod tests;
