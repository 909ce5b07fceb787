//! The arena's world: the scene is checked once by `World::new`, and a tick
//! fails only when a body leaves the domain, naming the body and the tick.

use fixed_collide::{DOMAIN, Fx, Vec2};
use fixed_collide_cli::arena::scene::{Body, Kick, Obstacle, Scene, ShapeKind};
use fixed_collide_cli::arena::{LeftDomain, World};
use fixed_collide_cli::replay::{self, ReplayError};

/// `DOMAIN - units`, exact.
fn below_edge(units: i32) -> Fx {
    DOMAIN - Fx::from_num(units)
}

fn ball(pos: Vec2, vel: Vec2) -> Body<2> {
    Body {
        shape: ShapeKind::Ball { radius: Fx::ONE },
        pos,
        vel,
        sensor: -Fx::ONE,
        contacts: 0,
    }
}

fn scene(obstacles: Vec<Obstacle<2>>, bodies: Vec<Body<2>>, kicks: Vec<Kick<2>>) -> Scene<2> {
    Scene {
        obstacles,
        bodies,
        triggers: vec![],
        kicks,
    }
}

/// A resting ball at the origin and a ball moving +4 in x from 8 below the
/// domain's edge: in tick 2 its center reaches the edge and its bounds
/// (radius 1) pass it.
fn leaving() -> Scene<2> {
    scene(
        vec![],
        vec![
            ball(Vec2::ZERO, Vec2::ZERO),
            ball(Vec2::new(below_edge(8), Fx::ZERO), Vec2::from_ints([4, 0])),
        ],
        vec![],
    )
}

fn step_until_error(world: &mut World<2>, ticks: u32) -> Option<LeftDomain> {
    for _ in 0..ticks {
        if let Err(e) = world.step() {
            return Some(e);
        }
    }
    None
}

#[test]
fn a_body_leaving_the_domain_is_named_with_its_tick() {
    let mut world = World::new(leaving()).expect("an in-domain scene");
    let e = step_until_error(&mut world, 10).expect("the body leaves the domain");
    assert_eq!((e.body, e.tick), (1, 2), "{e}");
    assert_eq!(world.tick(), 1, "one tick ran in full");
    assert_eq!(e.error.field().to_string(), "max.x", "{e}");
    let text = e.to_string();
    assert!(
        text.starts_with("tick 2: body 1 left the domain: bodies[1].max.x "),
        "{text}"
    );
    assert!(text.contains("out of the domain"), "{text}");
}

#[test]
fn a_replay_run_reports_the_body_that_left_the_domain() {
    let e = replay::run_arena(leaving(), 10, &mut |_, _| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap_err();
    assert!(
        matches!(
            &e,
            ReplayError::Arena(LeftDomain {
                body: 1,
                tick: 2,
                ..
            })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("body 1 left the domain"), "{e}");
}

#[test]
fn a_wall_at_the_domain_edge_stops_a_body_whose_sweep_reaches_past_it() {
    // A wall [edge - 8, edge] in x; a ball of radius 1 moving +20 from 30
    // below the edge: in tick 2 its swept bounds reach past the edge, and
    // the wall stops it (touching) and reflects it.
    let wall = Obstacle {
        shape: ShapeKind::Box {
            half: Vec2::from_ints([4, 100]),
        },
        pos: Vec2::new(below_edge(4), Fx::ZERO),
    };
    let mover = ball(
        Vec2::new(below_edge(30), Fx::ZERO),
        Vec2::from_ints([20, 0]),
    );
    let mut world = World::new(scene(vec![wall], vec![mover], vec![])).expect("scene");
    let mut max_x = Fx::MIN;
    let mut reflected = false;
    for _ in 0..20 {
        world.step().expect("the wall keeps the body in the domain");
        let b = &world.scene().bodies[0];
        max_x = max_x.max(b.pos.0[0]);
        reflected |= b.vel.0[0] < Fx::ZERO;
    }
    assert!(reflected, "the wall reflected the body");
    assert!(
        max_x + Fx::ONE <= below_edge(8),
        "the ball never entered the wall: max x {max_x}"
    );
    assert_eq!(world.tick(), 20);
}

#[test]
fn world_new_checks_kicks_naming_the_field() {
    let body = || vec![ball(Vec2::ZERO, Vec2::ZERO)];
    let kick = |tick, body, vel| Kick { tick, body, vel };
    let far = Vec2::new(DOMAIN + Fx::DELTA, Fx::ZERO);
    let cases = [
        (
            vec![kick(0, 1, Vec2::ZERO)],
            "kicks[0].body",
            "1 (there are 1 bodies)",
        ),
        (
            vec![kick(4, 0, Vec2::ZERO), kick(2, 0, Vec2::ZERO)],
            "kicks[1].tick",
            "tick order",
        ),
        (vec![kick(0, 0, far)], "kicks[0].vel.x", "out of the domain"),
    ];
    for (kicks, field, reason) in cases {
        let e = World::new(scene(vec![], body(), kicks)).unwrap_err();
        assert_eq!(e.field().to_string(), field, "{e}");
        assert!(e.to_string().contains(reason), "{e}");
    }
}

#[test]
fn world_new_names_a_shape_or_velocity_out_of_the_domain() {
    let edge = Vec2::new(DOMAIN, Fx::ZERO);
    let block = Obstacle {
        shape: ShapeKind::Box {
            half: Vec2::from_ints([1, 1]),
        },
        pos: edge,
    };
    let e = World::new(scene(vec![block], vec![], vec![])).unwrap_err();
    assert_eq!(e.field().to_string(), "obstacles[0].max.x", "{e}");
    let e = World::new(scene(vec![], vec![ball(edge, Vec2::ZERO)], vec![])).unwrap_err();
    assert_eq!(e.field().to_string(), "bodies[0].max.x", "{e}");
    let fast = ball(Vec2::ZERO, Vec2::new(Fx::ZERO, -DOMAIN - Fx::DELTA));
    let e = World::new(scene(vec![], vec![fast], vec![])).unwrap_err();
    assert_eq!(e.field().to_string(), "bodies[0].vel.y", "{e}");
}
