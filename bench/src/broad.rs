//! Broadphase scenes: `n` boxes moving coherently for a number of ticks,
//! identical for fixed-collide's [`Broadphase`] and parry3d's [`Bvh`].
//!
//! Every coordinate is a multiple of 2^-4 below 2^14 in magnitude, exact in
//! both `f32` and `I32F32`, so both sides see the same boxes and (closed
//! overlap, exact compares on both sides) must find the same pair set.
//! Half-sizes are in `[0.5, 2]`, speeds up to 0.25 per tick per axis, and
//! the world is sized for about two overlapping neighbours per box; a box
//! reaching a wall turns back.
//!
//! Per tick both sides do what a game does: tell the structure every box's
//! new position, then ask for every overlapping pair. fixed-collide:
//! [`Broadphase::set`] for each box, then [`Broadphase::pairs`] (sorted,
//! canonical). parry: `Bvh::insert_or_update_partially` for each leaf,
//! `Bvh::refit`, then `Bvh::traverse_bvtt_single_tree` collecting the pairs
//! (in tree order, unsorted: parry's own output, not timed any further).

use crate::grid::{fx_vec, pvec3};
use fixed_collide::{Aabb3, Broadphase};
use fixed_collide_cli::rng::Rng;
use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};

/// Scene sizes (bodies) benchmarked.
pub const SIZES: &[usize] = &[10_000, 100_000];
/// Timed ticks per iteration.
pub const TICKS: usize = 10;
/// The scenes' seed.
pub const SEED: u64 = 0xB0AD;

/// One box per body per tick, for both libraries.
pub struct Motion {
    /// fixed-collide's boxes, `ticks x n`.
    pub fixed: Vec<Vec<Aabb3>>,
    /// parry's boxes, the same values.
    pub parry: Vec<Vec<PAabb>>,
}

/// `n` boxes over `ticks` ticks (tick 0 is the starting state), seeded.
pub fn motion(n: usize, ticks: usize, seed: u64) -> Motion {
    let mut rng = Rng::new(seed);
    // In sixteenths. Expected overlaps per box ~ n (2 * mean extent)^3 /
    // world^3 with a mean extent of 2.5 units: world^3 ~ n * 62.5 units^3.
    let world = ((n as f64 * 62.5).cbrt() * 16.0) as i32;
    let half_world = world / 2;
    let draw = |rng: &mut Rng, lo: i32, hi: i32| rng.range_i64(lo.into(), hi.into()) as i32;
    let mut half = Vec::with_capacity(n);
    let mut pos = Vec::with_capacity(n);
    let mut vel = Vec::with_capacity(n);
    for _ in 0..n {
        let h: [i32; 3] = std::array::from_fn(|_| draw(&mut rng, 8, 32));
        let p: [i32; 3] =
            std::array::from_fn(|k| draw(&mut rng, -half_world + h[k], half_world - h[k]));
        let v: [i32; 3] = std::array::from_fn(|_| draw(&mut rng, -4, 4));
        half.push(h);
        pos.push(p);
        vel.push(v);
    }
    let mut fixed = Vec::with_capacity(ticks);
    let mut parry = Vec::with_capacity(ticks);
    for _ in 0..ticks {
        let mut f = Vec::with_capacity(n);
        let mut p = Vec::with_capacity(n);
        for i in 0..n {
            let (c, h) = (pos[i], half[i]);
            let lo: [i32; 3] = std::array::from_fn(|k| c[k] - h[k]);
            let hi: [i32; 3] = std::array::from_fn(|k| c[k] + h[k]);
            f.push(Aabb3::try_new(fx_vec(lo), fx_vec(hi)).expect("grid boxes are valid"));
            p.push(PAabb::new(pvec3(lo), pvec3(hi)));
            for k in 0..3 {
                let next = pos[i][k] + vel[i][k];
                if next - h[k] < -half_world || next + h[k] > half_world {
                    vel[i][k] = -vel[i][k];
                }
                pos[i][k] += vel[i][k];
            }
        }
        fixed.push(f);
        parry.push(p);
    }
    Motion { fixed, parry }
}

/// fixed-collide's broadphase with tick 0 inserted and its pairs found.
pub fn fixed_start(m: &Motion) -> Broadphase<3> {
    let mut bp = Broadphase::with_capacity(m.fixed[0].len());
    for (i, b) in m.fixed[0].iter().enumerate() {
        bp.insert(i as u32, *b).expect("fresh ids");
    }
    bp.pairs(&mut Vec::new());
    bp
}

/// Runs ticks `1..` on fixed-collide's broadphase; returns the pairs of the
/// last tick.
pub fn fixed_ticks(bp: &mut Broadphase<3>, m: &Motion, out: &mut Vec<(u32, u32)>) -> usize {
    let mut total = 0;
    for tick in &m.fixed[1..] {
        for (i, b) in tick.iter().enumerate() {
            bp.set(i as u32, *b).expect("known ids");
        }
        bp.pairs(out);
        total += out.len();
    }
    total
}

/// parry's BVH with tick 0 built, and its workspace.
pub fn parry_start(m: &Motion) -> (Bvh, BvhWorkspace) {
    let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &m.parry[0]);
    (bvh, BvhWorkspace::default())
}

/// Runs ticks `1..` on parry's BVH; returns the number of pairs found.
pub fn parry_ticks(
    bvh: &mut Bvh,
    ws: &mut BvhWorkspace,
    m: &Motion,
    out: &mut Vec<(u32, u32)>,
) -> usize {
    let mut total = 0;
    for tick in &m.parry[1..] {
        for (i, b) in tick.iter().enumerate() {
            bvh.insert_or_update_partially(*b, i as u32, 0.0);
        }
        bvh.refit(ws);
        out.clear();
        bvh.traverse_bvtt_single_tree::<false>(ws, &mut |a, b| out.push((a, b)));
        total += out.len();
    }
    total
}

/// Checks, tick by tick, that both sides find the same pair set and that
/// fixed-collide's list is strictly ascending with `a < b`.
pub fn check_same_pairs(m: &Motion) -> Result<usize, String> {
    let mut bp = fixed_start(m);
    let (mut bvh, mut ws) = parry_start(m);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for t in 1..m.fixed.len() {
        let one = Motion {
            fixed: vec![m.fixed[t - 1].clone(), m.fixed[t].clone()],
            parry: vec![m.parry[t - 1].clone(), m.parry[t].clone()],
        };
        fixed_ticks(&mut bp, &one, &mut ours);
        parry_ticks(&mut bvh, &mut ws, &one, &mut theirs);
        if !ours.windows(2).all(|w| w[0] < w[1]) || ours.iter().any(|(a, b)| a >= b) {
            return Err(format!(
                "tick {t}: fixed-collide's pairs are not in canonical order"
            ));
        }
        let mut sorted: Vec<(u32, u32)> =
            theirs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted != ours {
            return Err(format!(
                "tick {t}: {} pairs here, {} from parry",
                ours.len(),
                sorted.len()
            ));
        }
        checked += ours.len();
    }
    Ok(checked)
}
