//! The faces of the program at a fixed `s`: a vertex of the bounds, one
//! free column (an edge), two in 3D (a facet), or `D` (a solid that holds
//! the point). What depends on the columns only (a column's squared length,
//! a pair's normal and Gram entries, the bounds times them) is computed on
//! first use and kept, so each `s` of the entry's walk pays only for the
//! products with its offset.

use super::Closest;
use crate::query::capsule::wide::Big;
use core::cell::OnceCell;

/// One column of the program: its direction and bounds, at the scale of
/// [`Fixed`](super::Fixed).
pub(super) struct Column {
    /// The direction as wide integers.
    pub(super) m: [Big; 3],
    /// The bounds times `2^p`.
    lo: Big,
    hi: Big,
    /// `lo m` and `hi m`: what the column adds at each bound.
    at_lo: [Big; 3],
    at_hi: [Big; 3],
    /// `|m|^2` and what follows from it, on first use.
    gram: OnceCell<Gram>,
}

/// A column's squared length `g = |m|^2`, its square, and its bounds times
/// `g`.
struct Gram {
    g: Big,
    g2: Big,
    lo_g: Big,
    hi_g: Big,
}

/// Two columns `a`, `b` in 3D with independent directions: the normal `n =
/// a x b`, the Gram determinant `|n|^2`, `a . b`, and the bounds times the
/// determinant.
pub(super) struct Pair {
    nrm: [Big; 3],
    det: Big,
    g12: Big,
    l1: Big,
    h1: Big,
    l2: Big,
    h2: Big,
}

impl Column {
    /// An unused slot (nothing computed).
    pub(super) fn empty() -> Column {
        Column {
            m: [Big::ZERO; 3],
            lo: Big::ZERO,
            hi: Big::ZERO,
            at_lo: [Big::ZERO; 3],
            at_hi: [Big::ZERO; 3],
            gram: OnceCell::new(),
        }
    }

    /// The column of direction `m` (raw) and bounds `lo`, `hi` (already
    /// times `2^p`).
    pub(super) fn new(raw: [i128; 3], lo: Big, hi: Big) -> Column {
        let m = raw.map(Big::from);
        Column {
            m,
            at_lo: m.map(|c| lo.mul(c)),
            at_hi: m.map(|c| hi.mul(c)),
            lo,
            hi,
            gram: OnceCell::new(),
        }
    }

    /// What the column adds at its upper bound (`true`) or its lower.
    pub(super) fn at(&self, upper: bool) -> &[Big; 3] {
        if upper { &self.at_hi } else { &self.at_lo }
    }

    fn gram(&self) -> &Gram {
        self.gram.get_or_init(|| {
            let g = dot(&self.m, &self.m);
            Gram {
                g,
                g2: g.square(),
                lo_g: self.lo.mul(g),
                hi_g: self.hi.mul(g),
            }
        })
    }
}

impl Pair {
    /// The pair `a`, `b`; `None` when their directions are parallel (the
    /// facet has no minimizer of its own).
    pub(super) fn new(a: &Column, b: &Column) -> Option<Pair> {
        let nrm = cross(&a.m, &b.m);
        let det = dot(&nrm, &nrm);
        if det.is_zero() {
            return None;
        }
        Some(Pair {
            nrm,
            g12: dot(&a.m, &b.m),
            l1: a.lo.mul(det),
            h1: a.hi.mul(det),
            l2: b.lo.mul(det),
            h2: b.hi.mul(det),
            det,
        })
    }
}

/// A vertex of the bounds: the residual is the offset.
pub(super) fn point(v: [Big; 3]) -> Closest {
    Closest {
        inside: false,
        num: dot(&v, &v),
        den: Big::ONE,
        dir: v,
        kn: Big::ONE,
        kd: Big::ONE,
    }
}

/// One free column `m`: `x = -(m.v) / |m|^2` in bounds; residual `(|m|^2 v
/// - (m.v) m) / |m|^2`.
pub(super) fn edge(v: &[Big; 3], col: &Column) -> Option<Closest> {
    let Gram { g, g2, lo_g, hi_g } = col.gram();
    let b = dot(&col.m, v);
    let nb = b.neg();
    if nb < *lo_g || nb > *hi_g {
        return None;
    }
    let mut x = *v;
    for (xk, mk) in x.iter_mut().zip(&col.m) {
        *xk = xk.mul(*g).sub(b.mul(*mk));
    }
    Some(Closest {
        inside: false,
        num: dot(&x, &x),
        den: *g2,
        dir: x,
        kn: Big::ONE,
        kd: *g,
    })
}

/// Two free columns in 3D with normal `n = m1 x m2` (`pair`): the
/// minimizer by Cramer's rule (the Gram determinant is `|n|^2`); distance
/// `|n.v| / |n|`, residual along `n`.
pub(super) fn facet(v: &[Big; 3], a: &Column, b: &Column, pair: &Pair) -> Option<Closest> {
    let (b1, b2) = (dot(&a.m, v), dot(&b.m, v));
    let x1 = pair.g12.mul(b2).sub(b.gram().g.mul(b1));
    if x1 < pair.l1 || x1 > pair.h1 {
        return None;
    }
    let x2 = pair.g12.mul(b1).sub(a.gram().g.mul(b2));
    if x2 < pair.l2 || x2 > pair.h2 {
        return None;
    }
    let nv = dot(&pair.nrm, v);
    Some(Closest {
        inside: false,
        num: nv.square(),
        den: pair.det,
        dir: if nv.is_negative() {
            pair.nrm.map(Big::neg)
        } else {
            pair.nrm
        },
        kn: nv.abs(),
        kd: pair.det,
    })
}

/// The first `t >= 0`, floored, at which the point `vf + t d` comes within
/// `R` (`r2 = R^2`) of the origin (`col` none: a vertex of the bounds, at
/// the offset `vf`) or of the line through it along `col` (an edge): the
/// smaller root of that face's squared distance (times `|m|^2` for an
/// edge), `A t^2 + 2 B t + C`, as `floor((-B - sqrt(B^2 - A C)) / A)`.
/// `None` when the point is not outside and closing in (`C <= 0`, `B >=
/// 0` or `A = 0`) or never comes that close. Budgets (the program's
/// scale, inputs in the domain: `vf` below 2^200, `d` below 2^85, `m` below
/// 2^55 per component): `A` below 2^282, `B` below 2^398, `C` below 2^512,
/// the discriminant below 2^800.
pub(super) fn face_root(
    vf: &[Big; 3],
    col: Option<&Column>,
    d: &[Big; 3],
    r2: &Big,
) -> Option<Big> {
    let (vv, vd, dd) = (dot(vf, vf), dot(vf, d), dot(d, d));
    let (a, b, c) = match col {
        None => (dd, vd, vv.sub(*r2)),
        Some(col) => {
            let g = col.gram().g;
            let (mv, md) = (dot(&col.m, vf), dot(&col.m, d));
            (
                g.mul(dd).sub(md.square()),
                g.mul(vd).sub(mv.mul(md)),
                g.mul(vv.sub(*r2)).sub(mv.square()),
            )
        }
    };
    if a.is_negative() || a.is_zero() || !b.is_negative() || c.is_negative() || c.is_zero() {
        return None;
    }
    let disc = b.square().sub(a.mul(c));
    if disc.is_negative() {
        return None;
    }
    Some(Big::floor_root_div(b.neg(), false, disc, a))
}

/// `D` free columns (2D: the first two of `cols`; 3D: all three): the
/// solution of `M x = -v` in bounds puts `s d` inside `Z`.
pub(super) fn solid(v: &[Big; 3], cols: [&Column; 3], three: bool) -> Option<Closest> {
    let m = cols.map(|c| c.m);
    let nv = v.map(Big::neg);
    let [c0, c1, c2] = &m;
    let e3 = [Big::from(0), Big::from(0), Big::from(1)];
    let last = if three { c2 } else { &e3 };
    let mut det = det3(c0, c1, last);
    if det.is_zero() {
        return None;
    }
    let mut nums = [det3(&nv, c1, last), det3(c0, &nv, last)];
    let third = det3(c0, c1, &nv);
    if det.is_negative() {
        det = det.neg();
        nums = nums.map(Big::neg);
    }
    let third = if det3(c0, c1, last).is_negative() {
        third.neg()
    } else {
        third
    };
    let inb = |x: &Big, c: &Column| *x >= c.lo.mul(det) && *x <= c.hi.mul(det);
    let ok = inb(&nums[0], cols[0]) && inb(&nums[1], cols[1]) && (!three || inb(&third, cols[2]));
    ok.then_some(Closest::INSIDE)
}

pub(super) fn dot(a: &[Big; 3], b: &[Big; 3]) -> Big {
    a[0].mul(b[0]).add(a[1].mul(b[1])).add(a[2].mul(b[2]))
}

fn cross(a: &[Big; 3], b: &[Big; 3]) -> [Big; 3] {
    [
        a[1].mul(b[2]).sub(a[2].mul(b[1])),
        a[2].mul(b[0]).sub(a[0].mul(b[2])),
        a[0].mul(b[1]).sub(a[1].mul(b[0])),
    ]
}

fn det3(a: &[Big; 3], b: &[Big; 3], c: &[Big; 3]) -> Big {
    dot(a, &cross(b, c))
}
