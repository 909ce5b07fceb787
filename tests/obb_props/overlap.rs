//! OBB vs OBB overlap against the exact separating-axis reference (and the
//! linear-programming one), symmetry, translation invariance, orthonormal
//! boxes against the AABB answer, and flat 3D boxes against the 2D answer.

use super::*;
use fixed_collide::{Const, Dim, aabb_overlap, obb_overlap};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

/// Where the second box goes relative to the first.
#[derive(Clone, Debug)]
enum Place<const D: usize> {
    /// At an arbitrary center.
    Anywhere([i64; D]),
    /// Touching (`delta` = 0) or `delta` ulps from touching along the
    /// candidate separating direction `axis`, on the side `positive`,
    /// displaced across it by `across`.
    Near {
        axis: usize,
        positive: bool,
        delta: i64,
        across: [i64; D],
    },
}

fn place<const D: usize>() -> impl Strategy<Value = Place<D>> {
    prop_oneof![
        1 => coords::<D>().prop_map(Place::Anywhere),
        3 => (
            0usize..15,
            any::<bool>(),
            -2i64..=2,
            proptest::array::uniform(prop_oneof![
                Just(0i64),
                (-4i64..=4).prop_map(|v| v * ONE),
                -(1i64 << 34)..=(1i64 << 34)
            ])
        )
            .prop_map(|(axis, positive, delta, across)| Place::Near {
                axis,
                positive,
                delta,
                across
            }),
    ]
}

/// The second box's center for a placement (clamped into the domain).
fn placed_center<const D: usize>(a: &Obb<D>, b: &Obb<D>, p: &Place<D>) -> [i64; D] {
    match p {
        Place::Anywhere(c) => *c,
        Place::Near {
            axis,
            positive,
            delta,
            across,
        } => {
            let (ra, rb) = (RefBox::of(a), RefBox::of(b));
            let axes = reference::candidate_axes(&ra, &rb);
            let l = &axes[axis % axes.len()];
            let Some(k) = (0..D).max_by_key(|&k| l[k].abs()) else {
                return *across;
            };
            if l[k].is_zero() {
                return *across;
            }
            // Radius along l at scale 2^32 * (scale of T.l): want
            // T.l * 2^32 = +-radius, i.e. T_k = (+-radius / 2^32 - rest) / l_k.
            let mut b0 = rb.clone();
            b0.c = ra.c.clone();
            let (_, radius) = reference::gap_along(&ra, &b0, l);
            let target = if *positive { radius } else { -radius };
            let rest: BigInt = (0..D)
                .filter(|&j| j != k)
                .map(|j| BigInt::from(across[j]) * &l[j])
                .sum();
            let num = target - (rest << 32);
            let den = &l[k] << 32;
            // Round to nearest.
            let tk: BigInt = num_integer::Integer::div_floor(&(num * 2 + &den), &(den * 2));
            let tk = tk.to_i128().unwrap_or(0) + *delta as i128;
            std::array::from_fn(|j| {
                let t = if j == k { tk } else { across[j] as i128 };
                clamp_dom(a.center().0[j].to_bits() as i128 + t)
            })
        }
    }
}

fn obb2_pair() -> impl Strategy<Value = (Obb<2>, Obb<2>)> {
    (
        rot2_pair(),
        sizes::<2>(),
        sizes::<2>(),
        coords::<2>(),
        place::<2>(),
    )
        .prop_map(|((ra, rb), ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

fn obb3_pair() -> impl Strategy<Value = (Obb<3>, Obb<3>)> {
    (
        rot3_pair(),
        sizes::<3>(),
        sizes::<3>(),
        coords::<3>(),
        place::<3>(),
    )
        .prop_map(|((ra, rb), ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

fn exact_pair<const D: usize>() -> impl Strategy<Value = (Obb<D>, Obb<D>)> {
    (
        exact_rot::<D>(),
        exact_rot::<D>(),
        sizes::<D>(),
        sizes::<D>(),
        coords::<D>(),
        place::<D>(),
    )
        .prop_map(|(ra, rb, ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

fn check_overlap_equals_reference<const D: usize>(
    a: &Obb<D>,
    b: &Obb<D>,
) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let ours = obb_overlap(a, b);
    let exact = reference::sat_overlap(&RefBox::of(a), &RefBox::of(b));
    prop_assert_eq!(ours, exact, "a = {:?}\nb = {:?}", a, b);
    Ok(())
}

fn check_reference_agrees_with_lp<const D: usize>(
    a: &Obb<D>,
    b: &Obb<D>,
) -> Result<(), TestCaseError> {
    let (ra, rb) = (RefBox::of(a), RefBox::of(b));
    prop_assert_eq!(
        reference::sat_overlap(&ra, &rb),
        reference::lp_overlap(&ra, &rb),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    Ok(())
}

fn check_symmetric<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    prop_assert_eq!(
        obb_overlap(a, b),
        obb_overlap(b, a),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    Ok(())
}

fn check_translation<const D: usize>(a: &Obb<D>, b: &Obb<D>, pick: i64) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let pts: Vec<i64> = a
        .center()
        .0
        .iter()
        .chain(&b.center().0)
        .map(|x| x.to_bits())
        .collect();
    let by = shift_within(&pts, pick);
    let (a2, b2) = (shifted_obb(a, by), shifted_obb(b, by));
    prop_assert_eq!(
        obb_overlap(a, b),
        obb_overlap(&a2, &b2),
        "shift {}\na = {:?}\nb = {:?}",
        fx(by),
        a,
        b
    );
    Ok(())
}

fn check_axis_aligned<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let ours = obb_overlap(a, b);
    prop_assert_eq!(
        ours,
        reference::sat_overlap(&RefBox::of(a), &RefBox::of(b)),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    if let (Some(x), Some(y)) = (as_aabb(a), as_aabb(b)) {
        prop_assert_eq!(ours, aabb_overlap(&x, &y), "a = {:?}\nb = {:?}", a, b);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn obb_overlap_2d_equals_exact_sat_reference((a, b) in obb2_pair()) {
        check_overlap_equals_reference(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_equals_exact_sat_reference((a, b) in obb3_pair()) {
        check_overlap_equals_reference(&a, &b)?;
    }

    #[test]
    fn sat_reference_2d_agrees_with_lp_reference((a, b) in obb2_pair()) {
        check_reference_agrees_with_lp(&a, &b)?;
    }

    #[test]
    fn sat_reference_3d_agrees_with_lp_reference((a, b) in obb3_pair()) {
        check_reference_agrees_with_lp(&a, &b)?;
    }

    #[test]
    fn obb_overlap_2d_is_symmetric((a, b) in obb2_pair()) {
        check_symmetric(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_is_symmetric((a, b) in obb3_pair()) {
        check_symmetric(&a, &b)?;
    }

    #[test]
    fn obb_overlap_2d_is_translation_invariant((a, b) in obb2_pair(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_translation(&a, &b, pick)?;
    }

    #[test]
    fn obb_overlap_3d_is_translation_invariant((a, b) in obb3_pair(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_translation(&a, &b, pick)?;
    }

    #[test]
    fn obb_overlap_2d_of_orthonormal_boxes_equals_reference_and_aabb((a, b) in exact_pair::<2>()) {
        check_axis_aligned(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_of_orthonormal_boxes_equals_reference_and_aabb((a, b) in exact_pair::<3>()) {
        check_axis_aligned(&a, &b)?;
    }

    /// Flat 3D boxes (zero half-size on the third axis) in the plane z = z0,
    /// third axes tilted out of the plane (so no face normal is an in-plane
    /// edge normal): the answer is the 2D one of the same parallelograms.
    #[test]
    fn obb_overlap_3d_flat_coplanar_boxes_equal_the_2d_answer(
        (a, b) in obb2_pair(),
        z0 in coord(),
        tilt in proptest::array::uniform4(-2048i64..=2048),
    ) {
        let lift = |o: &Obb<2>, tx: i64, ty: i64| -> Option<Obb<3>> {
            let ax = o.axes();
            let rot = Rot3::try_from_axes([
                Vector([ax[0].0[0], ax[0].0[1], Fx::ZERO]),
                Vector([ax[1].0[0], ax[1].0[1], Fx::ZERO]),
                Vector([fx(tx), fx(ty), Fx::ONE]),
            ]).ok()?;
            let c = Vector([o.center().0[0], o.center().0[1], fx(z0)]);
            let h = Vector([o.half().0[0], o.half().0[1], Fx::ZERO]);
            Obb::try_new(c, h, rot).ok()
        };
        let (Some(a3), Some(b3)) = (lift(&a, tilt[0], tilt[1]), lift(&b, tilt[2], tilt[3])) else {
            return Ok(());
        };
        prop_assert_eq!(obb_overlap(&a3, &b3), obb_overlap(&a, &b), "a = {:?}\nb = {:?}", a3, b3);
    }
}
