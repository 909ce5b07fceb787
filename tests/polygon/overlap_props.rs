//! `polygon_overlap` against the exact reference: vertices in polygons and
//! edges meeting, decided by orientation tests.

use super::*;
use fixed_collide::{Polygon8, polygon_overlap};

/// Two polygons on one grid around nearby centers, the second shifted by
/// a few ulps, both moved far out together.
pub(super) fn pair() -> impl Strategy<Value = (Vec<[i64; 2]>, Vec<[i64; 2]>)> {
    (center(), proptest::array::uniform2(-8i64..=8), ulps()).prop_flat_map(|(far, off, jitter)| {
        let c2 = [far[0] + off[0] * (ONE / 4), far[1] + off[1] * (ONE / 4)];
        (polygon_near(far), polygon_near(c2), Just(jitter))
            .prop_filter_map("degenerate hull", |(a, b, j)| Some((a?, shifted(&b?, j))))
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn polygon_overlap_is_exact((a, b) in pair()) {
        let (pa, pb) = (polygon(&a), polygon(&b));
        let want = reference::overlap(&a, &b);
        prop_assert_eq!(polygon_overlap(&pa, &pb), want, "a {:?} b {:?}", a, b);
        prop_assert_eq!(polygon_overlap(&pb, &pa), want, "swapped");
        // The capacity does not change the answer (8 or 64, mixed too).
        if let (Ok(sa), Ok(sb)) = (Polygon8::try_from(pa.points()), Polygon8::try_from(pb.points())) {
            prop_assert_eq!(polygon_overlap(&sa, &sb), want, "capacity 8");
            prop_assert_eq!(polygon_overlap(&sa, &pb), want, "capacities 8 and 64");
        }
    }

    #[test]
    fn polygon_overlap_is_translation_invariant((a, b) in pair(), t in proptest::array::uniform2(-(DOM / 4)..=(DOM / 4))) {
        let (pa, pb) = (polygon(&a), polygon(&b));
        let (ta, tb) = (polygon(&shifted(&a, t)), polygon(&shifted(&b, t)));
        prop_assert_eq!(polygon_overlap(&ta, &tb), polygon_overlap(&pa, &pb));
    }
}

#[test]
fn a_polygon_overlaps_itself_and_its_one_ulp_neighbours_touch_or_not() {
    let sq = [[0, 0], [ONE, 0], [ONE, ONE], [0, ONE]];
    let p = polygon(&sq);
    assert!(polygon_overlap(&p, &p));
    // (case, shift in ulps, expected)
    let cases = [
        ("sharing the right edge", [ONE, 0], true),
        ("one ulp right of the right edge", [ONE + 1, 0], false),
        ("sharing only the corner (1, 1)", [ONE, ONE], true),
        (
            "one ulp beyond the corner diagonally",
            [ONE + 1, ONE + 1],
            false,
        ),
        ("one ulp into the right edge", [ONE - 1, 0], true),
    ];
    for (case, by, want) in cases {
        let q = polygon(&shifted(&sq, by));
        assert_eq!(polygon_overlap(&p, &q), want, "case {case}");
        assert_eq!(
            reference::overlap(&sq, &shifted(&sq, by)),
            want,
            "case {case}: reference"
        );
    }
}
