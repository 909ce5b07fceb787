//! Helpers of the arena shape tests: small scenes, and the verification of
//! an edited copy of the default recording.
#![allow(dead_code)]

use fixed_collide::{Fx, Vec2};
use fixed_collide_cli::arena::World;
use fixed_collide_cli::arena::scene::{Body, Obstacle, Scene, ShapeKind, generate};
use fixed_collide_cli::eval::{Op, eval_line};

use crate::common;

/// A body of `shape` at `pos` moving by `vel` a tick.
pub fn body(shape: ShapeKind<2>, pos: [i32; 2], vel: [i32; 2]) -> Body<2> {
    Body {
        shape,
        pos: Vec2::from_ints(pos),
        vel: Vec2::from_ints(vel),
        sensor: -Fx::ONE,
        contacts: 0,
    }
}

/// A ball of `radius` at `pos` moving by `vel`.
pub fn ball(pos: [i32; 2], radius: Fx, vel: [i32; 2]) -> Body<2> {
    body(ShapeKind::Ball { radius }, pos, vel)
}

/// A 2D scene of these obstacles and bodies, no trigger zone or kick.
pub fn scene(obstacles: Vec<Obstacle<2>>, bodies: Vec<Body<2>>) -> Scene<2> {
    Scene {
        obstacles,
        bodies,
        triggers: vec![],
        kicks: vec![],
    }
}

/// `replays/arena-2d.json` with its first line starting `prefix` edited by
/// `edit` and sealed again, verified by the binary: its exit status and
/// standard output.
pub fn verify_edited(
    prefix: &str,
    name: &str,
    edit: impl Fn(&str) -> String,
) -> (Option<i32>, String) {
    let text = std::fs::read_to_string(common::root().join("replays/arena-2d.json")).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix}"));
    let resealed = fixed_collide_cli::replay::reseal(&text.replacen(line, &edit(line), 1)).unwrap();
    let dir = std::env::temp_dir().join(format!("fc-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(format!("{name}.json"));
    std::fs::write(&f, resealed).unwrap();
    let out = common::bin()
        .args(["replay", "verify", f.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The `eval` lines of the `op` queries the default 2D scene (400 bodies)
/// runs at ticks 5, 20 and 40, as a repro file would hold them, each
/// checked to answer with a hit flag.
pub fn answered_captures(op: Op) -> Vec<String> {
    let scene = generate::<2>(400, 40, 1);
    let mut lines = Vec::new();
    for tick in [5, 20, 40] {
        let mut w = World::new(scene.clone()).unwrap();
        w.log_queries(Some((tick, Some(op))));
        for _ in 0..tick {
            w.step().unwrap();
        }
        for c in w.query_log().unwrap().captured() {
            let answer = eval_line(&c.line).unwrap_or_else(|e| panic!("{}: {e:?}", c.line));
            assert!(answer.to_json().starts_with("{\"hit\":"), "{}", c.line);
            lines.push(c.line.clone());
        }
    }
    lines
}
