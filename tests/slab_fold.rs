//! The slab fold's zero-velocity axes: an axis without motion is inside its
//! slab always or never, and must neither give a time nor hide the time of
//! a moving axis (the fold starts from the first axis, so a still first axis
//! carries the times -1 / 0 and 1 / 0).

use fixed_collide::{Aabb, AabbSet, Fx, Vector, aabb_sweep, aabb_sweep_pair};

fn box2(x0: i32, y0: i32, x1: i32, y1: i32) -> Aabb<2> {
    Aabb::try_new(Vector::from_ints([x0, y0]), Vector::from_ints([x1, y1])).expect("valid box")
}

fn set_of(boxes: &[Aabb<2>]) -> AabbSet<2> {
    AabbSet::try_from_boxes(boxes).expect("valid set")
}

#[test]
fn zero_displacement_sweeps_answer_without_a_time() {
    // Every axis has zero displacement: the slab fold's times are all
    // infinite, so the answers come from the overlap at the start alone.
    let player = box2(0, 0, 2, 2);
    let still = Vector::from_ints([0, 0]);
    // (boxes, expected index): a penetrated box is hit at time 0; a box
    // touched on x (the first axis) is not hit by the open sweep.
    let cases = [
        (vec![box2(2, 0, 3, 2), box2(1, 1, 3, 3)], Some(1u32)),
        (vec![box2(2, 0, 3, 2)], None),
    ];
    for (boxes, want) in cases {
        let got = set_of(&boxes).first_sweep_hit(&player, still);
        assert_eq!(got.map(|h| h.index), want, "boxes {boxes:?}");
        for (i, b) in boxes.iter().enumerate() {
            let single = aabb_sweep(b, &player, still);
            assert_eq!(single.is_some(), want == Some(i as u32), "box {b:?}");
            if let Some(s) = single {
                assert!(
                    s.overlapping && s.t_enter == Fx::ZERO && s.t_exit == Fx::ONE,
                    "{s:?}"
                );
            }
        }
    }
    // The closed two-box form: touching on the first axis, on either side
    // and in either argument order, overlaps the whole step.
    for other in [box2(2, 0, 3, 2), box2(-1, 0, 0, 2)] {
        for (a, b) in [(&player, &other), (&other, &player)] {
            let i = aabb_sweep_pair(a, still, b, still).unwrap();
            assert_eq!((i.u0, i.u1), (Fx::ZERO, Fx::ONE), "{a:?} {b:?}");
        }
    }
}

#[test]
fn a_still_axis_touching_at_zero_does_not_hide_the_moving_axis_entry() {
    // x: no relative motion, the boxes touch (the slab's lower end is 0);
    // y: b comes down from above and overlaps for t in [3/4, 3/2]. The
    // entry is the y axis's, not the still axis's 0 / 0.
    let a = box2(0, 0, 2, 2);
    let b = box2(-1, 5, 0, 6);
    let down = Vector::from_ints([0, -4]);
    let i = aabb_sweep_pair(&a, Vector::from_ints([0, 0]), &b, down).unwrap();
    assert_eq!((i.u0, i.u1), (Fx::from_num(0.75), Fx::ONE));
    let j = aabb_sweep_pair(&b, down, &a, Vector::from_ints([0, 0])).unwrap();
    assert_eq!((j.u0, j.u1), (i.u0, i.u1), "swapped");
}
