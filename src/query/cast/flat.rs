//! The cast of two polytopes (radius sum 0): the Minkowski difference is
//! the zonotope of the cores' columns, the intersection of the slabs of its
//! facet normals (2D: the perpendiculars of the columns; 3D: the cross
//! products of pairs of columns). Its interior is the intersection of the
//! open slabs; the segment `s d` is inside a slab for `s` in an open
//! interval with rational ends, compared exactly by cross-multiplication.
//!
//! Budgets (raw bits, inputs in the domain): columns below 2^54 per
//! component, so normals below 2^109; the offset below 2^110 at scale 2^64;
//! slab ends below 2^222; products of two of them below 2^444; the normal's
//! squared root term (`2^64 n_k^2 |n|^2`) below 2^500. All within the 1024
//! bits of [`Big`].

use super::{Cast, pad};
use crate::num::Fx;
use crate::query::capsule::core::Gap;
use crate::query::capsule::core::slabs::{columns, normals};
use crate::query::capsule::wide::Big;
use crate::vec::Vector;

/// A time `num / den` with `den > 0`.
#[derive(Clone, Copy)]
pub(super) struct Time {
    pub(super) num: Big,
    pub(super) den: Big,
}

impl Time {
    pub(super) fn less(&self, o: &Time) -> bool {
        self.num.mul(o.den) < o.num.mul(self.den)
    }
}

/// The cast of the program `gap` (a point is `moving - target`, radius
/// sum 0) along `d` (raw): in words ([`words`]) within their budgets, else
/// in the wide integer ([`wide_cast`]).
pub(super) fn cast<const D: usize>(gap: &Gap, d: [i128; D]) -> Option<Cast<D>> {
    let (cols, n) = columns(gap);
    let cols = cols.get(..n).unwrap_or(&[]);
    let (normals, count) = normals(cols, D == 2);
    let normals = normals.get(..count).unwrap_or(&[]);
    let d64 = pad(d).map(|c| c << 32);
    words::cast(cols, normals, &gap.offset(), &d64).unwrap_or_else(|| wide_cast(gap, d))
}

/// [`cast`] in the 1024-bit integer, for every input.
pub(super) fn wide_cast<const D: usize>(gap: &Gap, d: [i128; D]) -> Option<Cast<D>> {
    let (cols, n) = columns(gap);
    let cols = cols.get(..n).unwrap_or(&[]);
    let (normals, count) = normals(cols, D == 2);
    let normals = normals.get(..count).unwrap_or(&[]);
    // No interior: no facet normal across a third column (2D: a second).
    let full = normals
        .iter()
        .any(|nm| cols.iter().any(|(m, _, _)| !dot_big(nm, m).is_zero()));
    if !full {
        return None;
    }
    let w = gap.offset();
    let d64 = pad(d).map(|c| c << 32);
    let zero = Big::from(0);
    // The latest entry (its normal's index and the sign of its rate) and
    // the earliest exit.
    let mut enter: Option<(Time, usize, bool)> = None;
    let mut exit: Option<Time> = None;
    for (i, nm) in normals.iter().enumerate() {
        if *nm == [0; 3] {
            continue;
        }
        // The range of n.p over the zonotope, p = w + M x.
        let c = dot_big(nm, &w);
        let (mut lo, mut hi) = (c, c);
        for (m, l, h) in cols {
            let cm = dot_big(nm, m);
            let (a, b) = (cm.mul(Big::from(*l)), cm.mul(Big::from(*h)));
            lo = lo.add(if a < b { a } else { b });
            hi = hi.add(if a < b { b } else { a });
        }
        // The difference y = -p: n.y in [-hi, -lo]; n.(s d) = s e.
        let (ymin, ymax) = (hi.neg(), lo.neg());
        let e = dot_big(nm, &d64);
        if e.is_zero() {
            if ymin < zero && ymax > zero {
                continue;
            }
            return None;
        }
        let positive = e > zero;
        let (low, high, den) = if positive {
            (ymin, ymax, e)
        } else {
            (ymax.neg(), ymin.neg(), e.neg())
        };
        let (low, high) = (Time { num: low, den }, Time { num: high, den });
        if enter.as_ref().is_none_or(|(t, _, _)| t.less(&low)) {
            enter = Some((low, i, positive));
        }
        if exit.as_ref().is_none_or(|t| high.less(t)) {
            exit = Some(high);
        }
    }
    let one = Time {
        num: Big::from(1),
        den: Big::from(1),
    };
    if let (Some((en, _, _)), Some(ex)) = (&enter, &exit)
        && !(en.less(ex) && en.less(&one) && ex.num > zero)
    {
        return None;
    }
    match enter {
        Some((en, i, positive)) if en.num >= zero => {
            let t = en.num.mul(Big::pow2(32)).div_floor(en.den);
            let nm = normals.get(i).copied().unwrap_or([0; 3]);
            Some(Cast {
                t_enter: Fx::from_bits(t.to_i128_saturating() as i64),
                normal: unit(nm, positive),
                overlapping: false,
            })
        }
        _ => Some(Cast {
            t_enter: Fx::ZERO,
            normal: Vector::ZERO,
            overlapping: true,
        }),
    }
}

/// `-n / |n|` (`negate`) or `n / |n|`, each component rounded down
/// exactly ([`Big::floor_over_root`] of `2^32 v` and `|n|^2`).
pub(super) fn unit<const D: usize>(nm: [i128; 3], negate: bool) -> Vector<D> {
    let nn = dot_big(&nm, &nm);
    let mut out = Vector::ZERO;
    for (slot, &c) in out.0.iter_mut().zip(&nm) {
        let v = if negate { -c } else { c };
        *slot = Big::floor_over_root(Big::from(v).mul(Big::pow2(32)), nn).to_fx_saturating();
    }
    out
}

pub(super) fn dot_big(a: &[i128; 3], b: &[i128; 3]) -> Big {
    Big::prod(a[0], b[0])
        .add(Big::prod(a[1], b[1]))
        .add(Big::prod(a[2], b[2]))
}

mod words;
