//! A driver for profiling the capsule, polygon and oriented-box kinds under
//! cachegrind: runs
//! fixed-collide (or parry) on the first N queries of a kind's mixed scene.
//!
//! `valgrind --tool=cachegrind bench/target/release/examples/capsule_profile
//! capsule_overlap fixed 20000`
//!
//! `aabb_sweep` and `aabb_sweep_pair` are the mixed scenes of the sweeps;
//! `ray_obb_noshort` is `ray_obb` on its no-shortcut scene (rays from
//! outside aimed at the boxes); `ray_aabb_noshort`, `aabb_sweep_noshort`,
//! `aabb_sweep_pair_noshort`, `ray_sphere_noshort` and
//! `ray_capsule_noshort` likewise.
//!
//! Two more modes for the kinds too slow for a million-query criterion
//! scene (the capsule casts): `KIND check N` judges both libraries'
//! answers on the first N queries (the report's classes), and `KIND time N`
//! prints the median over 11 runs of the nanoseconds per query of each
//! library on them (thread CPU time is not needed: run it alone).

use scene::kinds::{
    AabbSweep, AabbSweepPair, CapsuleAabbCast, CapsuleCast, CapsuleObbCast, CapsuleOverlap,
    NoShort, PolygonCast, PolygonOverlap, RayAabb, RayCapsule, RayObb, RayPolygon, RaySegment,
    RaySphere, SphereObb,
};
use scene::{Kind, Scene};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: Box<dyn Kind> = match args.first().map(String::as_str) {
        Some("ray_capsule") => Box::new(Scene::<RayCapsule>::default()),
        Some("ray_sphere") => Box::new(Scene::<RaySphere>::default()),
        Some("polygon_overlap") => Box::new(Scene::<PolygonOverlap>::default()),
        Some("ray_polygon") => Box::new(Scene::<RayPolygon>::default()),
        Some("ray_segment") => Box::new(Scene::<RaySegment>::default()),
        Some("polygon_cast") => Box::new(Scene::<PolygonCast>::default()),
        Some("ray_obb") => Box::new(Scene::<RayObb>::default()),
        Some("ray_obb_noshort") => Box::new(Scene::<NoShort<RayObb>>::without_shortcuts()),
        Some("ray_sphere_noshort") => Box::new(Scene::<NoShort<RaySphere>>::without_shortcuts()),
        Some("ray_capsule_noshort") => Box::new(Scene::<NoShort<RayCapsule>>::without_shortcuts()),
        Some("ray_aabb") => Box::new(Scene::<RayAabb>::default()),
        Some("ray_aabb_noshort") => Box::new(Scene::<NoShort<RayAabb>>::without_shortcuts()),
        Some("aabb_sweep") => Box::new(Scene::<AabbSweep>::default()),
        Some("aabb_sweep_pair") => Box::new(Scene::<AabbSweepPair>::default()),
        Some("aabb_sweep_noshort") => Box::new(Scene::<NoShort<AabbSweep>>::without_shortcuts()),
        Some("aabb_sweep_pair_noshort") => {
            Box::new(Scene::<NoShort<AabbSweepPair>>::without_shortcuts())
        }
        Some("sphere_obb") => Box::new(Scene::<SphereObb>::default()),
        Some("capsule_cast") => Box::new(Scene::<CapsuleCast>::default()),
        Some("capsule_obb_cast") => Box::new(Scene::<CapsuleObbCast>::default()),
        Some("capsule_aabb_cast") => Box::new(Scene::<CapsuleAabbCast>::default()),
        _ => Box::new(Scene::<CapsuleOverlap>::default()),
    };
    let n = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    match args.get(1).map(String::as_str) {
        Some("parry") => println!("{}", kind.run_parry(n)),
        Some("check") => {
            let t = kind.check(n);
            println!(
                "{} queries: hits fixed {} parry {}; unexplained {}",
                t.n, t.fixed_hits, t.parry_hits, t.unexplained
            );
            for (class, k) in &t.classes {
                println!("  {k:>7}  {class}");
            }
            for e in &t.examples {
                println!("  unexplained: {e}");
            }
        }
        Some("time") => {
            let ns = |run: &dyn Fn() -> u64| {
                let mut v: Vec<f64> = (0..11)
                    .map(|_| {
                        let start = std::time::Instant::now();
                        std::hint::black_box(run());
                        start.elapsed().as_nanos() as f64 / n as f64
                    })
                    .collect();
                v.sort_by(f64::total_cmp);
                v[5]
            };
            let (f, p) = (ns(&|| kind.run_fixed(n)), ns(&|| kind.run_parry(n)));
            println!("ns per query: fixed {f:.1} parry {p:.1} ratio {:.2}", f / p);
        }
        _ => println!("{}", kind.run_fixed(n)),
    }
}
