//! `polygon_shape_overlap` against the exact references: circles,
//! segments and capsules by exact squared distances to the edges, boxes as
//! polygons (oriented ones with their corners exact at scale 2^64).

use super::reference::{BP, big, capsule_meets, overlap_b};
use super::*;
use fixed_collide::{Aabb, Ball, Capsule, Obb, Rot2, Segment, Shape, polygon_shape_overlap};
use num_bigint::BigInt;

/// Raw bits of a grid offset from `c`: `k` quarter units plus `ulp`.
fn near(c: [i64; 2], k: [i64; 2], ulp: [i64; 2]) -> [i64; 2] {
    [
        c[0] + k[0] * (ONE / 4) + ulp[0],
        c[1] + k[1] * (ONE / 4) + ulp[1],
    ]
}

#[derive(Clone, Debug)]
pub(super) enum Kind {
    Circle([i64; 2], i64),
    Segment([i64; 2], [i64; 2]),
    Capsule([i64; 2], [i64; 2], i64),
    Aabb([i64; 2], [i64; 2]),
    Obb([i64; 2], [i64; 2], i64),
}

fn kind(c: [i64; 2]) -> impl Strategy<Value = Kind> {
    let pt = move || {
        (proptest::array::uniform2(-24i64..=24), ulps()).prop_map(move |(k, u)| near(c, k, u))
    };
    let radius = || prop_oneof![1 => Just(0i64), 3 => (0i64..=12, -1i64..=1).prop_map(|(k, u)| (k * (ONE / 4) + u).max(0))];
    let half = || (0i64..=8).prop_map(|k| k * (ONE / 4));
    prop_oneof![
        (pt(), radius()).prop_map(|(p, r)| Kind::Circle(p, r)),
        (pt(), pt()).prop_map(|(a, b)| Kind::Segment(a, b)),
        (pt(), pt(), radius()).prop_map(|(a, b, r)| Kind::Capsule(a, b, r)),
        (pt(), proptest::array::uniform2(half()))
            .prop_map(|(a, h)| Kind::Aabb(a, [a[0] + h[0], a[1] + h[1]])),
        (
            pt(),
            proptest::array::uniform2(half()),
            -(4i64 << 32)..=(4i64 << 32)
        )
            .prop_map(|(p, h, ang)| Kind::Obb(p, h, ang)),
    ]
}

impl Kind {
    pub(super) fn shape(&self) -> Shape<2> {
        match *self {
            Kind::Circle(c, r) => Ball::try_new(vector(c), fx(r)).unwrap().into(),
            Kind::Segment(a, b) => Segment::try_new(vector(a), vector(b)).unwrap().into(),
            Kind::Capsule(a, b, r) => Capsule::try_new(vector(a), vector(b), fx(r))
                .unwrap()
                .into(),
            Kind::Aabb(a, b) => Aabb::try_new(vector(a), vector(b)).unwrap().into(),
            Kind::Obb(c, h, ang) => Obb::try_new(vector(c), vector(h), Rot2::from_angle(fx(ang)))
                .unwrap()
                .into(),
        }
    }

    /// The exact answer against the polygon `poly` (raw vertices).
    fn meets(&self, poly: &[[i64; 2]]) -> bool {
        let at64 = |p: [i64; 2]| -> BP { p.map(|x| BigInt::from(x) << 32) };
        let poly64: Vec<BP> = poly.iter().map(|&p| at64(p)).collect();
        let raw: Vec<BP> = poly.iter().map(|&p| big(p)).collect();
        match *self {
            Kind::Circle(c, r) => capsule_meets(&raw, &big(c), &big(c), &BigInt::from(r)),
            Kind::Segment(a, b) => capsule_meets(&raw, &big(a), &big(b), &BigInt::from(0)),
            Kind::Capsule(a, b, r) => capsule_meets(&raw, &big(a), &big(b), &BigInt::from(r)),
            Kind::Aabb(a, b) if a[0] == b[0] || a[1] == b[1] => {
                capsule_meets(&raw, &big(a), &big(b), &BigInt::from(0))
            }
            Kind::Aabb(a, b) => overlap_b(&raw, &[a, [b[0], a[1]], b, [a[0], b[1]]].map(big)),
            Kind::Obb(..) => {
                let Shape::Obb(o) = self.shape() else {
                    unreachable!()
                };
                let c = at64(o.center().0.map(|x| x.to_bits()));
                let h = o.half().0.map(|x| BigInt::from(x.to_bits()));
                let ax = o.axes().map(|a| a.0.map(|x| BigInt::from(x.to_bits())));
                let corner = |s0: i64, s1: i64| -> BP {
                    std::array::from_fn(|k| {
                        &c[k]
                            + BigInt::from(s0) * &h[0] * &ax[0][k]
                            + BigInt::from(s1) * &h[1] * &ax[1][k]
                    })
                };
                let zero = BigInt::from(0);
                if h[0] == zero || h[1] == zero {
                    return capsule_meets(&poly64, &corner(-1, -1), &corner(1, 1), &zero);
                }
                let mut q = vec![corner(1, 1), corner(-1, 1), corner(-1, -1), corner(1, -1)];
                let turn = (&ax[0][0] * &ax[1][1]) - (&ax[0][1] * &ax[1][0]);
                if turn < zero {
                    q.reverse();
                }
                overlap_b(&poly64, &q)
            }
        }
    }
}

pub(super) fn case() -> impl Strategy<Value = (Vec<[i64; 2]>, Kind)> {
    center()
        .prop_flat_map(|c| (polygon_near(c), kind(c)))
        .prop_filter_map("degenerate", |(p, k)| Some((p?, k)))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn polygon_shape_overlap_is_exact((p, k) in case()) {
        let ours = polygon_shape_overlap(&polygon(&p), &k.shape());
        prop_assert_eq!(ours, k.meets(&p), "{:?} against {:?}", k, p);
    }
}
