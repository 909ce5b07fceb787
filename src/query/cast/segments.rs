//! The cast of two round shapes whose cores are points or segments (balls,
//! capsules, segments; radius sum `R > 0`), as rays against the pieces of
//! the Minkowski difference.
//!
//! The difference of the cores is the parallelogram `Z` of the two
//! segments (`b_i - a_j` at its vertices; a segment or a point when they
//! are parallel or one is a point), and `M = target - moving` is `Z` grown
//! by `R`. `M` is the union of these convex pieces:
//!
//! - the capsules of radius `R` around the four edges of `Z` (the points
//!   whose closest point of `Z` is on its boundary);
//! - in 3D, for a true parallelogram (normal `N = e_b x e_a` nonzero), the
//!   slab within `R` of its plane over its inside (the points whose closest
//!   point is inside `Z`); in 2D `Z` itself, never entered first from
//!   outside.
//!
//! When the start is outside `M`'s interior and the segment `s d` (`s` in
//! `[0, 1]`) penetrates it, the first point of `[0, 1]` at which the ray is
//! in the closed `M` is the entry `a` (the times in the closed set are an
//! interval whose inside is in the interior). Each piece is in `M`, so the
//! ray meets it first at `a` or later, and the piece holding the point of
//! entry meets it at `a`: `a` is the smallest of the pieces' first times.
//! There the pieces that meet the ray at `a` share `M`'s tangent plane, so
//! their outward unit normals are `M`'s: the answer is the exact first
//! time and the exact unit normal, each rounded down ([`ray_capsule`]'s
//! floors). Two pieces first met within the same ulp of time with
//! different normals (the ray enters near where two pieces meet) leave
//! the answer to the general program.
//!
//! The slab, when it is met on its face over `Z`'s inside, is met at the
//! entry (that point is at `R` from `Z`, the ray moving in): it answers
//! alone, before any edge's piece.
//!
//! Budgets (raw bits, inputs in the domain): the vertices of `Z` at most
//! 2^53 per component and `R` at most 2^53, within the general walk of
//! [`ray_capsule`] (components below 2^54); its fast paths take a radius up
//! to the domain's 2^52 (a larger sum goes to the walk, with the same
//! answers) and check their own budgets. The slab's values are bounded at
//! [`slab`].

use super::Cast;
use crate::kernel::sqrt::isqrt_u256;
use crate::kernel::u256::{
    U256, add, div_full, mul_512, mul_full, positive_gap, signed_add, signed_mul,
};
use crate::kernel::u512::Wide;
use crate::num::Fx;
use crate::query::capsule::ray::{ray_capsule, walk};
use crate::query::capsule::segments::{Core, cores_within};
use crate::query::capsule::wide::Big;
use crate::shape::{Capsule, Ray};
use crate::vec::Vector;
use core::cmp::Ordering;

/// The first contact of the ray `s d`, `s` in `[0, 1]`, with the closed
/// `M` of the cores `x` (moving) and `y` (target), whose interiors do not
/// overlap at `s = 0`: `Some(None)` when the ray does not reach `M` before
/// `s = 1` (so it does not penetrate it either), `Some(Some(cast))` for a
/// first contact before 1 (the entry and its normal if the ray penetrates
/// `M`, which the caller decides), `None` for the general program (two
/// pieces first met in the same ulp of time with different normals).
pub(super) fn contact<const D: usize>(
    x: &Core<D>,
    y: &Core<D>,
    d: [i64; D],
) -> Option<Option<Cast<D>>> {
    let r = x.radius + y.radius;
    // The vertices `b_i - a_j` of `Z`.
    let mut v = [[0i64; D]; 4];
    let [v00, v10, v01, v11] = &mut v;
    let corners = v00
        .iter_mut()
        .zip(v10.iter_mut())
        .zip(v01.iter_mut().zip(v11.iter_mut()));
    let parts = y.start.iter().zip(&x.start).zip(y.dir.iter().zip(&x.dir));
    for (((p00, p10), (p01, p11)), ((&b, &a), (&eb, &ea))) in corners.zip(parts) {
        let c = b - a;
        (*p00, *p10, *p01, *p11) = (c, c + eb, c - ea, c + eb - ea);
    }
    if boxes_apart(&v, d, 1 << 32, r) {
        return Some(None);
    }
    let (ea, eb) = (x.dir != [0; D], y.dir != [0; D]);
    // The edges of `Z`, each once: `e_b` from `b_0 - a_0` and `b_0 - a_1`,
    // `e_a` from `b_0 - a_0` and `b_1 - a_0`; a point when both are zero.
    let edges = [
        (eb, 0, 1),
        (eb && ea, 2, 3),
        (ea, 0, 2),
        (ea && eb, 1, 3),
        (!ea && !eb, 0, 0),
    ];
    if D == 3 && ea && eb {
        // Met on its face over `Z`'s inside: the entry (see the module).
        if let Some(entry) = slab_entry(&v[0], &x.dir, &y.dir, &d, r) {
            return Some(entry);
        }
    }
    let edges = edges
        .into_iter()
        .filter(|e| e.0)
        .filter_map(|(_, i, j)| Some((*v.get(i)?, *v.get(j)?)));
    capsules_first(edges, d, r)
}

/// The first contact of the ray `s d`, `s` in `[0, 1]`, with the union
/// of the closed capsules of radius `r` around the segments `edges` (raw
/// ends), where the origin is in no piece's interior, and whether the ray
/// penetrates the union there: `Some(None)` for no contact before `s = 1`
/// or one the ray does not penetrate, `Some(Some(cast))` for the entry
/// (its time and the exact normal there, rounded down), `None` when two
/// pieces are first met in the same ulp of time with different normals
/// (or more than [`TIED`] with the same).
///
/// The pieces lie in a convex set `M` with a smooth boundary (grown by a
/// positive `r`) whose boundary they cover near the entry: the ray
/// penetrates `M` iff it is not tangent at the first contact, iff it
/// penetrates the piece met there, whose tangent plane is `M`'s. So the
/// penetration test is the segment `0 -> d` strictly within `r` of one of
/// the pieces met first (exact segment distances), any of which decides
/// it.
pub(super) fn capsules_first<const D: usize>(
    edges: impl Iterator<Item = ([i64; D], [i64; D])>,
    d: [i64; D],
    r: i64,
) -> Option<Option<Cast<D>>> {
    if d == [0; D] {
        return Some(None); // apart at the start, and the shapes stay there
    }
    let ray = Ray::from_parts(Vector::ZERO, Vector(d.map(Fx::from_bits)), Fx::ONE);
    let radius = Fx::from_bits(r);
    let mut best = First::new();
    for (p, q) in edges {
        // A piece apart from the ray up to the time found so far (and its
        // ulp) cannot be met first.
        let reach = best
            .first
            .map_or(1 << 32, |f| (f.0.to_bits() + 1).min(1 << 32));
        if boxes_apart(&[p, q], d, reach, r) {
            continue;
        }
        let piece = Capsule::from_parts(
            Vector(p.map(Fx::from_bits)),
            Vector(q.map(Fx::from_bits)),
            radius,
        );
        // The fast paths take a radius up to the domain's (2^52 raw); a
        // larger sum goes to the general walk (the same answers).
        let hit = if r <= 1 << 52 {
            ray_capsule(&ray, &piece)
        } else {
            walk(&ray, &piece)
        };
        if let Some(hit) = hit {
            let normal = if hit.inside {
                start_normal(&p, &q, r)
            } else {
                hit.normal
            };
            best.offer(hit.t, normal, (p, q));
        }
    }
    if best.split {
        return None;
    }
    let Some(cast) = answer(best.first) else {
        return Some(None);
    };
    let swept = Core {
        start: [0; D],
        dir: d,
        radius: 0,
    };
    let through = best.pieces.iter().take(best.count).any(|&(p, q)| {
        let piece = Core {
            start: p,
            dir: minus(&q, &p),
            radius: r,
        };
        cores_within::<true, D>(&swept, &piece)
    });
    Some(through.then_some(cast))
}

/// `x - y` per component (raw, within `i64`).
pub(super) fn minus<const D: usize>(x: &[i64; D], y: &[i64; D]) -> [i64; D] {
    core::array::from_fn(|k| x.get(k).zip(y.get(k)).map_or(0, |(p, q)| p - q))
}

/// A first contact before `s = 1` as a cast (entering, not overlapping).
fn answer<const D: usize>(first: Option<(Fx, Vector<D>)>) -> Option<Cast<D>> {
    first.filter(|f| f.0 < Fx::ONE).map(|(t, normal)| Cast {
        t_enter: t,
        normal,
        overlapping: false,
    })
}

/// The most pieces one first time keeps for the penetration test (a
/// vertex of the cores' difference is on at most four of the edges
/// offered); more leave the answer to the general program.
const TIED: usize = 6;

/// The earliest first time offered, its normal and the pieces that
/// offered it, and whether another piece offered that time with a
/// different normal (or too many did).
struct First<const D: usize> {
    first: Option<(Fx, Vector<D>)>,
    pieces: [([i64; D], [i64; D]); TIED],
    count: usize,
    split: bool,
}

impl<const D: usize> First<D> {
    fn new() -> Self {
        First {
            first: None,
            pieces: [([0; D], [0; D]); TIED],
            count: 0,
            split: false,
        }
    }

    /// A piece's first time and normal.
    fn offer(&mut self, t: Fx, normal: Vector<D>, piece: ([i64; D], [i64; D])) {
        match self.first {
            Some((f, n)) if t == f => {
                self.split |= n != normal;
                match self.pieces.get_mut(self.count) {
                    Some(slot) => *slot = piece,
                    None => self.split = true,
                }
                self.count += 1;
            }
            Some((f, _)) if t > f => {}
            _ => {
                (self.first, self.split, self.count) = (Some((t, normal)), false, 1);
                if let Some(slot) = self.pieces.first_mut() {
                    *slot = piece;
                }
            }
        }
    }
}

/// Whether the box of the segment `0 -> s1 d` (`s1` the raw time `reach`,
/// at most 1, its end rounded outwards) and the box of the points `pts`
/// grown by `r` are apart (closed): then the ray meets the hull of the
/// points grown by `r` only after `s1`, if at all. Cheaper than
/// [`misses_box`] and weaker (the segment's box, not the segment).
pub(super) fn boxes_apart<const D: usize>(
    pts: &[[i64; D]],
    d: [i64; D],
    reach: i64,
    r: i64,
) -> bool {
    d.iter().enumerate().any(|(k, &dk)| {
        let (lo, hi) = pts
            .iter()
            .filter_map(|p| p.get(k))
            .fold((i64::MAX, i64::MIN), |(lo, hi), &c| (lo.min(c), hi.max(c)));
        let end = i128::from(dk) * i128::from(reach);
        // Floor and ceiling of `end / 2^32` (within `d`'s bits).
        let (e0, e1) = ((end >> 32) as i64, (-((-end) >> 32)) as i64);
        hi + r < e0.min(0) || lo - r > e1.max(0)
    })
}

/// Whether the segment `0 -> s1 d` (`s1` the raw time `reach`, in `[0,
/// 2^32]`) misses the box `[lo - r, hi + r]` (closed): exact, the times
/// it enters and leaves each axis's slab as fractions compared by
/// cross-multiplication (raw inputs below 2^54: products below 2^108).
pub(super) fn misses_box<const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    d: [i64; D],
    reach: i64,
    r: i64,
) -> bool {
    let (mut enter, mut exit) = ((0i128, 1i128), (i128::from(reach), 1i128 << 32));
    for ((&l, &h), &dk) in lo.iter().zip(&hi).zip(&d) {
        let (a, b, dk) = (
            i128::from(l) - i128::from(r),
            i128::from(h) + i128::from(r),
            i128::from(dk),
        );
        if dk == 0 {
            if a > 0 || b < 0 {
                return true;
            }
            continue;
        }
        // `a <= s dk <= b`, as fractions over a positive denominator.
        let (s0, s1) = if dk > 0 {
            ((a, dk), (b, dk))
        } else {
            ((-b, -dk), (-a, -dk))
        };
        if s0.0 * enter.1 > enter.0 * s0.1 {
            enter = s0;
        }
        if s1.0 * exit.1 < exit.0 * s1.1 {
            exit = s1;
        }
        if enter.0 * exit.1 > exit.0 * enter.1 {
            return true;
        }
    }
    false
}

/// The slab piece over the parallelogram `c + u e_b - v e_a` (3D), as
/// [`slab`]: `Some(answer)` when the ray meets the slab's face over the
/// parallelogram at some `s` in `[0, 1]` from the side it comes from (a
/// hit before `s = 1`, or none at 1). That is the entry where the
/// parallelogram lies in a face of the cores' difference on that side.
pub(super) fn slab_entry<const D: usize>(
    c: &[i64; D],
    ea: &[i64; D],
    eb: &[i64; D],
    d: &[i64; D],
    r: i64,
) -> Option<Option<Cast<D>>> {
    let wide = |a: &[i64; D]| core::array::from_fn(|k| a.get(k).map_or(0, |&c| i128::from(c)));
    let (t, n) = slab(wide(c), wide(ea), wide(eb), wide(d), r)?;
    let mut normal = Vector::ZERO;
    for (slot, c) in normal.0.iter_mut().zip(n) {
        *slot = c;
    }
    Some(answer(Some((t, normal))))
}

/// The outward unit normal, each component rounded down, of a piece (the
/// capsule of radius `r` around `p q`) whose surface holds the origin: the
/// residual from the closest point of `p q` to the origin has length `r`
/// exactly, so each component is one floored division.
fn start_normal<const D: usize>(p: &[i64; D], q: &[i64; D], r: i64) -> Vector<D> {
    let m = p.map(|c| -i128::from(c));
    let mut u = [0i128; D];
    for (uk, (&qk, &pk)) in u.iter_mut().zip(q.iter().zip(p)) {
        *uk = i128::from(qk) - i128::from(pk);
    }
    let dot = |a: &[i128; D], b: &[i128; D]| a.iter().zip(b).map(|(x, y)| x * y).sum::<i128>();
    let (uu, mu) = (dot(&u, &u), dot(&m, &u));
    let mut n = Vector::ZERO;
    for (slot, (&mk, &uk)) in n.0.iter_mut().zip(m.iter().zip(&u)) {
        // The residual `m - lambda u`, `lambda` the closest point's place
        // clamped to `[0, 1]`, over `r`: `(uu m - mu u) / (uu r)` inside.
        let (num, den) = if uu == 0 || mu <= 0 {
            (Big::from(mk), Big::from(i128::from(r)))
        } else if mu >= uu {
            (Big::from(mk - uk), Big::from(i128::from(r)))
        } else {
            (
                Big::prod(uu, mk).sub(Big::prod(mu, uk)),
                Big::prod(uu, i128::from(r)),
            )
        };
        *slot = num.mul(Big::pow2(32)).div_floor(den).to_fx_saturating();
    }
    n
}

/// The slab piece in 3D: where the ray first meets the face of the slab
/// within `r` of the plane of `Z = c + u e_b - v e_a` (`u`, `v` in `[0,
/// 1]`) over `Z`, if it does so at some `s` in `[0, 1]` with the point's
/// `(u, v)` in `[0, 1]^2`: the time and the normal `-sign(d.N) N / |N|`,
/// each rounded down. `N = e_b x e_a`; `None` when it is zero (parallel
/// cores) or `d.N` is (the ray parallel to the plane): the edges' pieces
/// answer.
///
/// Along the ray `sign(d.N) (s d - c).N = s D - X` with `D = |d.N| > 0`,
/// `X = sign(d.N) c.N`; the slab is `|s D - X| < r |N|`, entered at `s_f
/// = (X - r |N|) / D`. There `u |N|^2 D = X (d.E_a) - D (c.E_a) - r (d.E_a)
/// |N|` with `E_a = e_a x N` (and `v` likewise with `E_b = e_b x N`). Each
/// comparison with `r |N|` is decided on squares with their signs; the
/// others and the floors from the bracket of the integer root of `|N|^2`
/// when its ends agree, else exactly.
///
/// Budgets (raw bits, edges below 2^54, `c` below 2^54, `d` and `r` below
/// 2^53): `N` below 2^109, `|N|^2` below 2^219, `E` below 2^164, `X` and `D`
/// below 2^165 (their squares and `r^2 |N|^2` below 2^330, in four words),
/// the `u` numerator below 2^385 and its squares below 2^770.
fn slab(c: [i128; 3], ea: [i128; 3], eb: [i128; 3], d: [i128; 3], r: i64) -> Option<(Fx, [Fx; 3])> {
    let n = cross(&eb, &ea);
    let dot = |a: &[i128; 3]| {
        a.iter().zip(&n).fold((false, (0, 0)), |acc, (&p, &q)| {
            signed_add(acc, signed_mul(p, q))
        })
    };
    let (dn, cn) = (dot(&d), dot(&c));
    if dn.1 == (0, 0) {
        return None; // parallel to the plane: entered through an edge's piece
    }
    let up = !dn.0;
    // X = sign(d.N) c.N (signed), D = |d.N|.
    let (x, dd) = ((cn.0 == up && cn.1 != (0, 0), cn.1), dn.1);
    // 0 <= s_f: X >= r |N| (X > 0, X^2 >= r^2 |N|^2).
    if x.0 || x.1 == (0, 0) {
        return None;
    }
    let nn = n.iter().fold((0, 0), |acc, &k| {
        add(acc, mul_full(k.unsigned_abs(), k.unsigned_abs()))
    });
    let r2nn = mul_512((0, i128::from(r).unsigned_abs().pow(2)), nn);
    if mul_512(x.1, x.1) < r2nn {
        return None;
    }
    // s_f <= 1: X - D <= r |N|.
    if let Some(over) = positive_gap((false, dd), x)
        && mul_512(over, over) > r2nn
    {
        return None;
    }
    let root = isqrt_u256(nn);
    let square = mul_full(root, root) == nn;
    let inside = |e: &[i128; 3]| {
        inside_words(e, &n, [&c, &d], [x.1, dd, nn], r, root, square)
            .unwrap_or_else(|| inside_exact(e, &n, [&c, &d], [x.1, dd, nn], r))
    };
    if !inside(&ea) || !inside(&eb) {
        return None;
    }
    let t = slab_time(x.1, dd, r, nn, root, square);
    let normal = n.map(|k| unit_part(if up { -k } else { k }, root, square, nn));
    Some((t, normal))
}

/// Whether the slab's entry point has its coordinate along `e` (`u` for
/// `e_a`, `v` for `e_b`) in `[0, 1]`: `0 <= alpha - beta |N| <= D |N|^2`
/// with `alpha = X (d.E) - D (c.E)`, `beta = r (d.E)`, `E = e x N`. In
/// 512-bit words, each sign from the two ends of the root's bracket (the
/// value is linear in the root), or `None` when they differ. Budgets:
/// `E` below 2^164, `alpha` and `D |N|^2` below 2^385, `beta root` below
/// 2^378.
fn inside_words(
    e: &[i128; 3],
    n: &[i128; 3],
    cd: [&[i128; 3]; 2],
    xdn: [U256; 3],
    r: i64,
    root: u128,
    square: bool,
) -> Option<bool> {
    let ex = cross_with(e, n, Wide::prod, Wide::sub);
    let dot = |a: &[i128; 3]| {
        a.iter().zip(&ex).fold(Wide::ZERO, |acc, (&p, q)| {
            acc.add(Wide::from_i128(p).mul(*q))
        })
    };
    let [c, d] = cd;
    let (de, ce) = (dot(d), dot(c));
    let [x, dd, nn] = xdn.map(Wide::from_u256);
    let alpha = x.mul(de).sub(dd.mul(ce));
    let beta = Wide::from_i128(i128::from(r)).mul(de);
    let rw = Wide::from_u256((0, root));
    // The sign of `p - beta sqrt(|N|^2)`, linear in the root.
    let sign = |p: Wide| {
        let at = p.sub(beta.mul(rw));
        if square {
            return Some(at.signum());
        }
        match (at.signum(), at.sub(beta).signum()) {
            (s0, s1) if s0 == s1 => Some(s0),
            (Ordering::Equal, s) | (s, Ordering::Equal) => Some(s),
            _ => None,
        }
    };
    let low = sign(alpha)?;
    let high = sign(alpha.sub(dd.mul(nn)))?;
    Some(low != Ordering::Less && high != Ordering::Greater)
}

/// [`inside_words`] exactly, in 1024-bit integers, every comparison with
/// `|N|` decided on squares with their signs (the squares below 2^770).
fn inside_exact(e: &[i128; 3], n: &[i128; 3], cd: [&[i128; 3]; 2], xdn: [U256; 3], r: i64) -> bool {
    let [x, dd, nn] = xdn.map(Big::from_u256);
    let r = Big::from(i128::from(r));
    let ex = cross_with(e, n, Big::prod, Big::sub);
    let dot = |a: &[i128; 3]| {
        a.iter()
            .zip(&ex)
            .fold(Big::ZERO, |acc, (&p, q)| acc.add(Big::from(p).mul(*q)))
    };
    let [c, d] = cd;
    let (de, ce) = (dot(d), dot(c));
    let alpha = x.mul(de).sub(dd.mul(ce));
    let beta = r.mul(de);
    compare_root(alpha, beta, nn) != Ordering::Less
        && compare_root(alpha.sub(dd.mul(nn)), beta, nn) != Ordering::Greater
}

/// `floor(2^32 (X - r sqrt(nn)) / D)` as `Fx` (`X`, `D > 0`, `sqrt(nn)`
/// in `[root, root + 1)`, exactly `root` when `square`): from the two ends
/// of that bracket in 512-bit words when they agree (the bracket is
/// `2^32 r / D` wide), else exactly.
fn slab_time(x: U256, dd: U256, r: i64, nn: U256, root: u128, square: bool) -> Fx {
    let r = i128::from(r);
    let x32 = Wide::from_u256(x).shl(32);
    let dw = Wide::from_u256(dd);
    let at = |k: u128| {
        let reach = Wide::prod(r, i128::try_from(k).ok()?).shl(32);
        x32.sub(reach).floor_div(&dw).map(|q| q.0)
    };
    // The time decreases as the root grows: the floor at `root + 1` is
    // the lower end.
    let (hi, lo) = (at(root), if square { at(root) } else { at(root + 1) });
    if let (Some(h), Some(l)) = (hi, lo)
        && h == l
        && let Ok(v) = i64::try_from(h)
    {
        return Fx::from_bits(v);
    }
    let radicand = Big::from(r)
        .square()
        .mul(Big::from_u256(nn))
        .mul(Big::pow2(64));
    let x = Big::from_u256(x).mul(Big::pow2(32));
    Big::floor_root_div(x, false, radicand, Big::from_u256(dd)).to_fx_saturating()
}

/// `floor(2^32 k / sqrt(nn))` as `Fx`, for `|k| <= sqrt(nn)` (a component
/// of a vector of squared length `nn`), `sqrt(nn)` in `[root, root + 1)`
/// (exactly `root` when `square`): from the two ends of that bracket when
/// they agree, else exactly. An irrational quotient is never an integer,
/// so a negative one floors to `-(floor(|q|) + 1)`.
fn unit_part(k: i128, root: u128, square: bool, nn: U256) -> Fx {
    let a = mul_full(k.unsigned_abs(), 1 << 32);
    let exact = || {
        Big::floor_over_root(Big::from(k).mul(Big::pow2(32)), Big::from_u256(nn)).to_fx_saturating()
    };
    let (Some((q, rem)), Some((q1, _))) = (div_full(a, root), div_full(a, root + 1)) else {
        return exact();
    };
    let q = i128::try_from(q).unwrap_or(i128::MAX);
    let v = match (k < 0, square) {
        (false, true) => q,
        (true, true) => -q - i128::from(rem != 0),
        _ if q != i128::try_from(q1).unwrap_or(i128::MAX) => return exact(),
        (false, false) => q,
        (true, false) => -q - 1,
    };
    i64::try_from(v).map_or_else(|_| exact(), Fx::from_bits)
}

/// The sign of `p - b sqrt(q)` (`q >= 0`), exactly: from the signs of the
/// two terms, or from their squares when they have the same sign.
fn compare_root(p: Big, b: Big, q: Big) -> Ordering {
    let zero = Big::ZERO;
    if b.is_zero() || q.is_zero() {
        return p.cmp(&zero);
    }
    match (p.cmp(&zero), b.is_negative()) {
        // p >= 0 minus a negative term, or p <= 0 minus a positive one.
        (Ordering::Greater | Ordering::Equal, true) => Ordering::Greater,
        (Ordering::Less | Ordering::Equal, false) => Ordering::Less,
        // Both terms positive: p^2 against b^2 q; both negative: reversed.
        (Ordering::Greater, false) => p.square().cmp(&b.square().mul(q)),
        (Ordering::Less, true) => b.square().mul(q).cmp(&p.square()),
    }
}

/// `x x y` of raw vectors (components below 2^54).
pub(super) fn cross(x: &[i128; 3], y: &[i128; 3]) -> [i128; 3] {
    cross_with(x, y, |p, q| p * q, |p, q| p - q)
}

/// `x x y` with the products and differences in a wider type.
fn cross_with<T>(
    x: &[i128; 3],
    y: &[i128; 3],
    prod: impl Fn(i128, i128) -> T,
    sub: impl Fn(T, T) -> T,
) -> [T; 3] {
    let ([x0, x1, x2], [y0, y1, y2]) = (*x, *y);
    [
        sub(prod(x1, y2), prod(x2, y1)),
        sub(prod(x2, y0), prod(x0, y2)),
        sub(prod(x0, y1), prod(x1, y0)),
    ]
}

#[cfg(test)]
pub(super) mod tests;
