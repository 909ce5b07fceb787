//! `ray_polygon` against the exact reference: the first parameter at which
//! the ray is on the closed polygon, as a big rational.

use super::*;
use fixed_collide::{Fx, Polygon8, Ray2, Vector, ray_polygon};
use num_bigint::BigInt;

/// A ray from near the polygon: aimed at a vertex (through it, or along an
/// edge when the origin is on its line), at a grid point, or axis-parallel;
/// bounded or not.
pub(super) fn ray_and_polygon()
-> impl Strategy<Value = (Vec<[i64; 2]>, [i64; 2], [i64; 2], Option<i64>)> {
    (center(), proptest::array::uniform2(-24i64..=24), ulps())
        .prop_flat_map(|(c, off, jitter)| {
            let o = [
                c[0] + off[0] * (ONE / 4) + jitter[0],
                c[1] + off[1] * (ONE / 4) + jitter[1],
            ];
            (
                polygon_near(c),
                Just(o),
                0usize..16,
                proptest::array::uniform2(-16i64..=16),
                prop_oneof![2 => Just(None), 1 => (0i64..=(8 * ONE)).prop_map(Some)],
            )
        })
        .prop_filter_map("degenerate", |(p, o, pick, dir, max_t)| {
            let p = p?;
            let d = if pick < p.len() {
                // At vertex `pick`: halved while out of the domain.
                let mut d = [p[pick][0] - o[0], p[pick][1] - o[1]];
                while d.iter().any(|c| c.abs() > DOM) {
                    d = d.map(|c| c / 2);
                }
                d
            } else {
                dir.map(|c| c * (ONE / 4))
            };
            (d != [0, 0]).then_some((p, o, d, max_t))
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ray_polygon_is_exact((p, o, d, max_t) in ray_and_polygon()) {
        let poly = polygon(&p);
        let ray = match max_t {
            Some(m) => Ray2::try_new(vector(o), vector(d), fx(m)).unwrap(),
            None => Ray2::try_unbounded(vector(o), vector(d)).unwrap(),
        };
        let ours = ray_polygon(&ray, &poly);
        if let Ok(small) = Polygon8::try_from(poly.points()) {
            prop_assert_eq!(ray_polygon(&ray, &small), ours, "capacity 8");
        }
        let want = reference::ray_entry(o, d, ray.max_t().to_bits(), &p);
        prop_assert_eq!(ours.is_some(), want.is_some(), "hit/miss: {:?} {:?} {:?}", p, o, d);
        let (Some(h), Some((t, edges))) = (ours, want) else { return Ok(()) };
        if edges.is_empty() {
            prop_assert!(h.inside && h.t == Fx::ZERO && h.point == ray.origin() && h.normal == Vector::ZERO);
            return Ok(());
        }
        prop_assert!(!h.inside);
        let scale = BigInt::from(1u64 << 32);
        prop_assert_eq!(BigInt::from(h.t.to_bits()), reference::floor(&(t.clone() * scale)), "t");
        for k in 0..2 {
            let exact = num_rational::BigRational::from_integer(BigInt::from(o[k]))
                + t.clone() * BigInt::from(d[k]);
            prop_assert_eq!(BigInt::from(h.point.0[k].to_bits()), reference::floor(&exact), "point {}", k);
        }
        // The edge entered last: among the edges holding the entry point,
        // those the ray enters through (against their outward normal, not
        // along them nor leaving through them), the lowest index.
        let n = p.len();
        let entering = edges.iter().copied().filter(|&i| {
            let (a, b) = (p[i], p[(i + 1) % n]);
            let nrm = [(b[1] - a[1]) as i128, (a[0] - b[0]) as i128];
            nrm[0] * (d[0] as i128) + nrm[1] * (d[1] as i128) < 0
        });
        let i = entering.min().expect("an entry from outside goes through an entering edge");
        let (a, b) = (p[i], p[(i + 1) % n]);
        let nrm = [(b[1] - a[1]) as i128, (a[0] - b[0]) as i128];
        let l = BigInt::from(nrm[0] * nrm[0] + nrm[1] * nrm[1]);
        for (k, (&c, got)) in nrm.iter().zip(h.normal.0).enumerate() {
            let num = BigInt::from(c) * BigInt::from(1u64 << 32);
            prop_assert!(
                reference::is_floor_over_root(&num, &l, &BigInt::from(got.to_bits())),
                "normal {} of edge {}: {:?}", k, i, h.normal
            );
        }
    }
}
