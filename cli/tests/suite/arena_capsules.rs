//! Capsule bodies and segment walls in the arena: the wall turns a body
//! back, capsules meet other bodies, sensors read walls, the generated
//! scenes have them, recordings keep them, and the queries they take are
//! captured as `eval` lines that `eval` answers.

use crate::arena_support;

use arena_support::{answered_captures, ball, body, scene, verify_edited};
use fixed_collide::{Fx, Vec2};
use fixed_collide_cli::arena::World;
use fixed_collide_cli::arena::scene::{Body, Obstacle, ShapeKind, generate};
use fixed_collide_cli::eval::Op;

fn capsule(pos: Vec2, half: [i32; 2], radius: i32, vel: [i32; 2]) -> Body<2> {
    let shape = ShapeKind::Capsule {
        half: Vec2::from_ints(half),
        radius: Fx::from_num(radius),
    };
    let mut b = body(shape, [0, 0], vel);
    b.pos = pos;
    b
}

/// A vertical segment wall from (10, -5) to (10, 5).
fn wall() -> Obstacle<2> {
    Obstacle {
        shape: ShapeKind::Capsule {
            half: Vec2::from_ints([0, 5]),
            radius: Fx::ZERO,
        },
        pos: Vec2::from_ints([10, 0]),
    }
}

#[test]
fn a_capsule_reaching_a_wall_goes_back_and_turns() {
    // From x = 0, half 1 along x, radius 1, moving +4: after tick 1 it
    // reaches x = 6; in tick 2 it would reach x = 10, touching the wall.
    let mut w = World::new(scene(
        vec![wall()],
        vec![capsule(Vec2::ZERO, [1, 0], 1, [4, 0])],
    ))
    .unwrap();
    w.step().unwrap();
    assert_eq!(w.scene().bodies[0].pos, Vec2::from_ints([4, 0]));
    w.step().unwrap();
    let b = &w.scene().bodies[0];
    assert_eq!(
        (b.pos, b.vel),
        (Vec2::from_ints([4, 0]), Vec2::from_ints([-4, 0]))
    );
}

#[test]
fn a_capsule_one_ulp_short_of_the_wall_goes_on() {
    // The same capsule a ulp shorter: in tick 2 it ends one ulp short of
    // the wall (no overlap) and goes on.
    let mut body = capsule(Vec2::ZERO, [1, 0], 1, [4, 0]);
    body.shape = ShapeKind::Capsule {
        half: Vec2::from_ints([1, 0]),
        radius: Fx::ONE - Fx::DELTA,
    };
    let mut w = World::new(scene(vec![wall()], vec![body])).unwrap();
    w.step().unwrap();
    w.step().unwrap();
    let b = &w.scene().bodies[0];
    assert_eq!(
        (b.pos, b.vel),
        (Vec2::from_ints([8, 0]), Vec2::from_ints([4, 0]))
    );
}

#[test]
fn a_sensor_reads_a_wall() {
    // A ball at x = 2 moving +2: its sensor ray reaches 4 ticks (8 units)
    // and meets the wall at x = 10 after 6 units (t = 3), read after tick 1
    // from x = 4 (t = 3 again: 6 units at 2 per tick).
    let b = ball([2, 0], Fx::ONE / 2, [2, 0]);
    let mut w = World::new(scene(vec![wall()], vec![b])).unwrap();
    w.step().unwrap();
    assert_eq!(w.scene().bodies[0].sensor, Fx::from_num(3));
}

#[test]
fn two_capsules_that_touch_exchange_velocities() {
    // Two horizontal capsules on one line, 4 apart and closing at 2 + 2
    // units a tick: after tick 1 their rounded ends touch at x = 0.
    let a = capsule(Vec2::from_ints([-4, 0]), [1, 0], 1, [2, 0]);
    let b = capsule(Vec2::from_ints([4, 0]), [1, 0], 1, [-2, 0]);
    let mut w = World::new(scene(vec![], vec![a, b])).unwrap();
    w.step().unwrap();
    let bodies = &w.scene().bodies;
    assert_eq!(bodies[0].pos, Vec2::from_ints([-2, 0]));
    assert_eq!(
        (bodies[0].vel, bodies[1].vel),
        (Vec2::from_ints([-2, 0]), Vec2::from_ints([2, 0]))
    );
}

#[test]
fn generated_scenes_have_capsules_and_2d_walls() {
    let is_capsule =
        |s: &ShapeKind<2>| matches!(s, ShapeKind::Capsule { radius, .. } if *radius > Fx::ZERO);
    let s2 = generate::<2>(200, 10, 1);
    assert!(s2.bodies.iter().filter(|b| is_capsule(&b.shape)).count() >= 20);
    let walls = s2
        .obstacles
        .iter()
        .filter(|o| matches!(o.shape, ShapeKind::Capsule { radius, .. } if radius == Fx::ZERO))
        .count();
    assert!(walls >= 2, "{walls} walls");
    let s3 = generate::<3>(200, 10, 1);
    assert!(
        s3.bodies
            .iter()
            .any(|b| matches!(b.shape, ShapeKind::Capsule { .. }))
    );
    assert!(
        !s3.obstacles
            .iter()
            .any(|o| matches!(o.shape, ShapeKind::Capsule { .. }))
    );
}

#[test]
fn captured_generic_queries_are_answered_by_eval() {
    // Every overlap and ray_cast the default scene runs in some tick, as
    // the eval lines a repro file holds: each answers, with its hit flag.
    for op in [Op::Overlap, Op::RayCast] {
        assert!(
            !answered_captures(op).is_empty(),
            "{op:?}: no query captured"
        );
    }
}

#[test]
fn a_recorded_capsule_verifies_and_a_negative_radius_is_named() {
    // A capsule body's radius made negative, the file sealed again:
    // refused, naming it.
    let (code, stdout) = verify_edited("{\"body\":{\"shape\":{\"capsule\":", "negative", |line| {
        let at = line.find("\"radius\":\"").unwrap() + "\"radius\":\"".len();
        format!("{}-{}", &line[..at], &line[at..])
    });
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("invalid replay input: scene.bodies[")
            && stdout.contains("].shape.radius -")
            && stdout.contains(" is negative"),
        "{stdout}"
    );
}
