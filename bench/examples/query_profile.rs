//! A driver for counting instructions per call under cachegrind: the
//! broadphase query and the set sweep on seeded scenes, with the library's
//! public API only (so the same file builds against older commits).
//!
//! `query_profile KIND N [D_RANGE] [BOX_RANGE] [SET_SIZE]` runs N calls of
//! KIND (`bp_query`: 4,096 boxes, queries mostly outside them; `bp_scene`:
//! 10,000 boxes, each queried with its own box; `sweep`:
//! `AabbSet::first_sweep_hit`) and prints a checksum. Per call: the count
//! at N minus the count at N = 0, divided by N:
//! `valgrind --tool=cachegrind --cache-sim=no
//! bench/target/release/examples/query_profile sweep 20000 3 30 256`
use fixed_collide::{Aabb, AabbSet, Broadphase, Fx, Vec3};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 16
    }
    /// A coordinate in [-range, range) world units, in bits.
    fn coord(&mut self, range: i64) -> i64 {
        ((self.next() % (2 * range as u64 * 1024)) as i64 - range * 1024) << 22
    }
}

fn boxx(r: &mut Lcg, range: i64, size: i64) -> Aabb<3> {
    let c = [r.coord(range), r.coord(range), r.coord(range)];
    let s = [(r.next() % (size as u64 * 1024) + 1) as i64 * (1 << 22); 3];
    let f = |i: usize, sg: i64| Fx::from_bits(c[i] + sg * s[i]);
    Aabb::try_new(
        Vec3::new(f(0, 0), f(1, 0), f(2, 0)),
        Vec3::new(f(0, 1), f(1, 1), f(2, 1)),
    )
    .unwrap()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = a.get(1).map_or(20_000, |s| s.parse().unwrap());
    let dr: i64 = a.get(2).map_or(30, |s| s.parse().unwrap());
    let br: i64 = a.get(3).map_or(100, |s| s.parse().unwrap());
    let mut r = Lcg(7);
    let mut sum = 0u64;
    match a.first().map_or("sweep", String::as_str) {
        "bp_query" => {
            let mut bp = Broadphase::new();
            for id in 0..4096u32 {
                bp.insert(id, boxx(&mut r, br, 4)).unwrap();
            }
            let qs: Vec<_> = (0..4096).map(|_| boxx(&mut r, 100, 6)).collect();
            let mut out = Vec::new();
            bp.query(&qs[0], &mut out);
            for i in 0..n {
                bp.query(&qs[i % qs.len()], &mut out);
                sum += out.len() as u64;
            }
        }
        "bp_scene" => {
            let mut bp = Broadphase::new();
            let boxes: Vec<_> = (0..10000).map(|_| boxx(&mut r, br, 4)).collect();
            for (id, b) in boxes.iter().enumerate() {
                bp.insert(id as u32, *b).unwrap();
            }
            let mut out = Vec::new();
            bp.query(&boxes[0], &mut out);
            for i in 0..n {
                bp.query(&boxes[i % boxes.len()], &mut out);
                sum += out.len() as u64;
            }
        }
        _ => {
            let nb: usize = a.get(4).map_or(4096, |s| s.parse().unwrap());
            let boxes: Vec<_> = (0..nb).map(|_| boxx(&mut r, br, 4)).collect();
            let set = AabbSet::try_from_boxes(&boxes).unwrap();
            let qs: Vec<_> = (0..1024)
                .map(|_| {
                    let m = boxx(&mut r, 100, 2);
                    let d = Vec3::new(
                        Fx::from_bits(r.coord(dr)),
                        Fx::from_bits(r.coord(dr)),
                        Fx::from_bits(r.coord(dr)),
                    );
                    (m, d)
                })
                .collect();
            for i in 0..n {
                let (m, d) = &qs[i % qs.len()];
                if let Some(h) = set.first_sweep_hit(m, *d) {
                    sum += h.index as u64;
                }
            }
        }
    }
    println!("{sum}");
}
