//! `polygon_contact` against an exact reference in big rationals: the axis
//! of least penetration with its tie rule, the depth rounded up, the
//! normal rounded down, and the clipped incident edge's points.

use super::overlap_props::pair;
use super::reference::{self, BP, big};
use super::*;
use fixed_collide::{Polygon8, polygon_contact};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// Outward normal of the edge `p -> q` (counter-clockwise polygon).
fn outward(p: &BP, q: &BP) -> BP {
    [&q[1] - &p[1], &p[0] - &q[0]]
}

fn dot(u: &BP, w: &BP) -> BigInt {
    &u[0] * &w[0] + &u[1] * &w[1]
}

fn diff(u: &BP, w: &BP) -> BP {
    [&u[0] - &w[0], &u[1] - &w[1]]
}

fn edges(p: &[BP]) -> Vec<(BP, BP)> {
    (0..p.len())
        .map(|i| (p[i].clone(), p[(i + 1) % p.len()].clone()))
        .collect()
}

/// Per edge of `r`: its normal, squared length, and support gap over `i`.
fn axes(r: &[BP], i: &[BP]) -> Vec<(BP, BigInt, BigInt)> {
    edges(r)
        .iter()
        .map(|(p, q)| {
            let n = outward(p, q);
            let gap = i.iter().map(|v| dot(&n, &diff(v, p))).min().unwrap();
            let l = dot(&n, &n);
            (n, l, gap)
        })
        .collect()
}

/// `floor(v)` for a rational.
fn floor(v: &BigRational) -> BigInt {
    v.floor().to_integer()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn polygon_contact_is_exact((a, b) in pair()) {
        let ours = polygon_contact(&polygon(&a), &polygon(&b));
        if let (Ok(sa), Ok(sb)) = (Polygon8::try_from(polygon(&a).points()), Polygon8::try_from(polygon(&b).points())) {
            prop_assert_eq!(polygon_contact(&sa, &sb), ours, "capacity 8");
        }
        prop_assert_eq!(ours.is_some(), reference::overlap(&a, &b), "some iff overlapping");
        let Some(c) = ours else { return Ok(()) };
        let (ab, bb): (Vec<BP>, Vec<BP>) = (a.iter().map(|&p| big(p)).collect(), b.iter().map(|&p| big(p)).collect());
        // Every axis, a's then b's: the first of least penetration.
        let all: Vec<(bool, usize, (BP, BigInt, BigInt))> = axes(&ab, &bb).into_iter().enumerate().map(|(k, x)| (false, k, x))
            .chain(axes(&bb, &ab).into_iter().enumerate().map(|(k, x)| (true, k, x))).collect();
        let pen_lt = |x: &(BP, BigInt, BigInt), y: &(BP, BigInt, BigInt)| &x.2 * &x.2 * &y.1 < &y.2 * &y.2 * &x.1;
        let mut best = &all[0];
        for ax in &all[1..] {
            if pen_lt(&ax.2, &best.2) { best = ax; }
        }
        prop_assert_eq!((c.flipped, usize::from(c.edge)), (best.0, best.1), "reference edge");
        let (n, l, gap) = &best.2;
        // depth = ceil(|gap| / sqrt(l)): (depth - 1) sqrt(l) < |gap| <= depth sqrt(l).
        let d = BigInt::from(c.depth.to_bits());
        let g2 = gap * gap;
        prop_assert!(&d * &d * l >= g2 && (d.is_zero() || (&d - 1) * (&d - 1) * l < g2), "depth {}", c.depth);
        // normal toward b, rounded down.
        let toward = if best.0 { [-&n[0], -&n[1]] } else { n.clone() };
        for (k, got) in c.normal.0.iter().enumerate() {
            let num = &toward[k] << 32;
            prop_assert!(reference::is_floor_over_root(&num, l, &BigInt::from(got.to_bits())), "normal {}", k);
        }
        // The incident edge, clipped to the strip, kept at or beyond the line.
        let (refp, inc) = if best.0 { (&bb, &ab) } else { (&ab, &bb) };
        let (p, q) = edges(refp)[best.1].clone();
        let inc_edges = edges(inc);
        let mut chosen = 0;
        for k in 1..inc_edges.len() {
            let (m0, m1) = (outward(&inc_edges[chosen].0, &inc_edges[chosen].1), outward(&inc_edges[k].0, &inc_edges[k].1));
            // n.m1/|m1| < n.m0/|m0|, by squares with signs.
            let (d0, d1) = (dot(n, &m0), dot(n, &m1));
            let (l0, l1) = (dot(&m0, &m0), dot(&m1, &m1));
            let less = match (d1.is_negative(), d0.is_negative()) {
                (true, false) => true,
                (false, true) => false,
                (true, true) => &d1 * &d1 * &l0 > &d0 * &d0 * &l1,
                (false, false) => &d1 * &d1 * &l0 < &d0 * &d0 * &l1,
            };
            if less { chosen = k; }
        }
        let (v1, v2) = inc_edges[chosen].clone();
        let r = |x: &BigInt| BigRational::from_integer(x.clone());
        let e = diff(&v2, &v1);
        let t = diff(&q, &p);
        let at = |s: &BigRational| -> [BigRational; 2] { [r(&v1[0]) + s * r(&e[0]), r(&v1[1]) + s * r(&e[1])] };
        let in_strip = |x: &[BigRational; 2]| {
            let rel = |o: &BP| (x[0].clone() - r(&o[0])) * r(&t[0]) + (x[1].clone() - r(&o[1])) * r(&t[1]);
            !rel(&p).is_negative() && !rel(&q).is_positive()
        };
        let beyond = |x: &[BigRational; 2]| !((x[0].clone() - r(&p[0])) * r(&n[0]) + (x[1].clone() - r(&p[1])) * r(&n[1])).is_positive();
        // The strip's ends on the edge: solve each side line for s.
        let te = dot(&t, &e);
        let mut cands = vec![BigRational::zero(), BigRational::from_integer(1.into())];
        if !te.is_zero() {
            for o in [&p, &q] {
                cands.push(BigRational::new(-dot(&t, &diff(&v1, o)), te.clone()));
            }
        }
        let mut inside: Vec<BigRational> = cands.into_iter()
            .filter(|s| !s.is_negative() && *s <= BigRational::from_integer(1.into()) && in_strip(&at(s)))
            .collect();
        inside.sort();
        inside.dedup();
        let ends: Vec<BigRational> = match (inside.first(), inside.last()) {
            (Some(lo), Some(hi)) if lo != hi => vec![lo.clone(), hi.clone()],
            (Some(lo), _) => vec![lo.clone()],
            _ => vec![],
        };
        let mut want: Vec<[BigInt; 2]> = ends.iter().map(at).filter(|x| beyond(x)).map(|x| [floor(&x[0]), floor(&x[1])]).collect();
        if want.is_empty() {
            let deepest = inc.iter().min_by_key(|v| dot(n, &diff(v, &p))).unwrap();
            want = vec![deepest.clone()];
        }
        let got: Vec<[BigInt; 2]> = c.points().iter().map(|v| v.0.map(|x| BigInt::from(x.to_bits()))).collect();
        prop_assert_eq!(got, want, "points");
    }
}
