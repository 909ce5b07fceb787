//! Convex polygons in the 2D arena: a polygon obstacle turns a body back,
//! a polygon body meets another, sensors read polygons, the generated 2D
//! scenes have them (the 3D ones do not), their queries are captured as
//! `eval` lines that `eval` answers, and a bad recorded one is named.

use crate::arena_support;

use arena_support::{answered_captures, ball, body, scene, verify_edited};
use fixed_collide::{Fx, Vec2};
use fixed_collide_cli::arena::World;
use fixed_collide_cli::arena::scene::{Obstacle, ShapeKind, generate};
use fixed_collide_cli::eval::Op;

/// A triangle with vertices (-2, -2), (2, -2), (0, 2) around its center.
fn triangle() -> ShapeKind<2> {
    let v = |x, y| Vec2::from_ints([x, y]);
    ShapeKind::try_polygon(&[v(-2, -2), v(2, -2), v(0, 2)]).unwrap()
}

/// The triangle as an obstacle centered at (10, 0): its left edge runs
/// from (8, -2) to (10, 2), its base along y = -2 from x = 8 to 12.
fn obstacle() -> Obstacle<2> {
    Obstacle {
        shape: triangle(),
        pos: Vec2::from_ints([10, 0]),
    }
}

#[test]
fn a_ball_reaching_a_polygon_goes_back_and_turns() {
    // A unit ball on y = -2 (along the base's line) from x = 2, moving +2:
    // at x = 6 its rightmost point is 2 short of the corner (8, -2); at
    // x = 8 it overlaps, so tick 3 takes it back to x = 6, reversed.
    let mut w = World::new(scene(
        vec![obstacle()],
        vec![ball([2, -2], Fx::ONE, [2, 0])],
    ))
    .unwrap();
    w.step().unwrap();
    w.step().unwrap();
    assert_eq!(w.scene().bodies[0].pos, Vec2::from_ints([6, -2]));
    w.step().unwrap();
    let b = &w.scene().bodies[0];
    assert_eq!(
        (b.pos, b.vel),
        (Vec2::from_ints([6, -2]), Vec2::from_ints([-2, 0]))
    );
}

#[test]
fn a_ball_touching_the_corner_exactly_turns_back_too() {
    // A ball of radius 2 from x = 2: at x = 6 (tick 2) its rightmost point
    // is exactly on the corner (8, -2), a touch (closed overlap), so tick 2
    // takes it back to x = 4, reversed.
    let mut w = World::new(scene(
        vec![obstacle()],
        vec![ball([2, -2], Fx::from_num(2), [2, 0])],
    ))
    .unwrap();
    w.step().unwrap();
    w.step().unwrap();
    let b = &w.scene().bodies[0];
    assert_eq!(
        (b.pos, b.vel),
        (Vec2::from_ints([4, -2]), Vec2::from_ints([-2, 0]))
    );
}

#[test]
fn a_sensor_reads_a_polygon() {
    // A point (a ball of radius 0) on y = -1 moving +2: after tick 1 at
    // x = 2, its ray meets the left edge (x = 8.5 at y = -1) after 6.5
    // units: t = 3.25 (within its 4 ticks).
    let mut w = World::new(scene(
        vec![obstacle()],
        vec![ball([0, -1], Fx::ZERO, [2, 0])],
    ))
    .unwrap();
    w.step().unwrap();
    assert_eq!(w.scene().bodies[0].sensor, Fx::from_num(3.25));
}

#[test]
fn a_polygon_body_and_a_ball_that_touch_exchange_velocities() {
    // The triangle centered at (-2, 0) moving +1 and a unit ball at
    // (2, -1) moving -1. At the start, on y = -1, the triangle's right edge
    // (from (0, -2) to (-2, 2)) is at x = -0.5 and the ball's leftmost
    // point at 1; after tick 1 they are at 0.5 and 0: overlapping while
    // the centers approach, so they exchange velocities.
    let mut w = World::new(scene(
        vec![],
        vec![
            body(triangle(), [-2, 0], [1, 0]),
            ball([2, -1], Fx::ONE, [-1, 0]),
        ],
    ))
    .unwrap();
    w.step().unwrap();
    let bodies = &w.scene().bodies;
    assert_eq!(bodies[0].pos, Vec2::from_ints([-1, 0]));
    assert_eq!(
        (bodies[0].vel, bodies[1].vel),
        (Vec2::from_ints([-1, 0]), Vec2::from_ints([1, 0]))
    );
}

#[test]
fn generated_2d_scenes_have_polygons_and_3d_scenes_none() {
    let is_polygon = |s: &ShapeKind<2>| matches!(s, ShapeKind::Polygon { .. });
    let s2 = generate::<2>(200, 10, 1);
    let bodies = s2.bodies.iter().filter(|b| is_polygon(&b.shape)).count();
    let obstacles = s2.obstacles.iter().filter(|o| is_polygon(&o.shape)).count();
    assert!(
        bodies >= 15 && obstacles >= 2,
        "{bodies} bodies, {obstacles} obstacles"
    );
    let s3 = generate::<3>(200, 10, 1);
    let in_3d = |s: &ShapeKind<3>| matches!(s, ShapeKind::Polygon { .. });
    assert!(!s3.bodies.iter().any(|b| in_3d(&b.shape)));
    assert!(!s3.obstacles.iter().any(|o| in_3d(&o.shape)));
}

#[test]
fn captured_polygon_queries_are_answered_by_eval() {
    // The overlap and ray_cast queries of some ticks of the default scene
    // that name a polygon, as the eval lines of a repro file.
    for op in [Op::Overlap, Op::RayCast] {
        let polygons = answered_captures(op)
            .iter()
            .filter(|l| l.contains("{\"polygon\":{\"points\":"))
            .count();
        assert!(polygons > 0, "{op:?}: no polygon query captured");
    }
}

#[test]
fn a_recorded_polygon_turned_clockwise_is_named() {
    // A polygon obstacle's vertices in reverse order: clockwise, refused
    // naming a vertex.
    let (code, stdout) = verify_edited(
        "{\"obstacle\":{\"shape\":{\"polygon\":",
        "clockwise",
        |line| {
            let (start, end) = (line.find("[[").unwrap(), line.find("]]").unwrap() + 2);
            let mut points: Vec<&str> = line[start + 2..end - 2].split("],[").collect();
            points.reverse();
            format!(
                "{}[[{}]]{}",
                &line[..start],
                points.join("],["),
                &line[end..]
            )
        },
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("invalid replay input: scene.obstacles[")
            && stdout.contains("].shape.points[")
            && stdout.contains("clockwise"),
        "{stdout}"
    );
}
