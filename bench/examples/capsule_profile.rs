//! A driver for profiling the capsule, polygon and oriented-box kinds under
//! cachegrind: runs
//! fixed-collide (or parry) on the first N queries of a kind's mixed scene.
//!
//! `valgrind --tool=cachegrind bench/target/release/examples/capsule_profile
//! capsule_overlap fixed 20000`

use scene::kinds::{
    CapsuleOverlap, PolygonCast, PolygonOverlap, RayCapsule, RayObb, RayPolygon, RaySphere, SphereObb,
};
use scene::{Kind, Scene};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: Box<dyn Kind> = match args.first().map(String::as_str) {
        Some("ray_capsule") => Box::new(Scene::<RayCapsule>::default()),
        Some("ray_sphere") => Box::new(Scene::<RaySphere>::default()),
        Some("polygon_overlap") => Box::new(Scene::<PolygonOverlap>::default()),
        Some("ray_polygon") => Box::new(Scene::<RayPolygon>::default()),
        Some("polygon_cast") => Box::new(Scene::<PolygonCast>::default()),
        Some("ray_obb") => Box::new(Scene::<RayObb>::default()),
        Some("sphere_obb") => Box::new(Scene::<SphereObb>::default()),
        _ => Box::new(Scene::<CapsuleOverlap>::default()),
    };
    let n = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let sum = if args.get(1).map(String::as_str) == Some("parry") {
        kind.run_parry(n)
    } else {
        kind.run_fixed(n)
    };
    println!("{sum}");
}
