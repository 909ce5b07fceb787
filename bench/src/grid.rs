//! Grid values and their conversion to both libraries.
//!
//! Every coordinate, size, direction and displacement is an integer count of
//! grid steps of 2^-[`FRAC`] with magnitude below 2^13: at most 13
//! significant bits, so it is exact in `f32` (24-bit significand) and in
//! `I32F32` (32 fraction bits), and so are sums and differences of two of
//! them (the Minkowski sums parry forms). Rotation components are integer
//! counts of 2^-24 below 2^24 in magnitude: again exact in both types.
//!
//! So both libraries get the very same numbers; the only input that differs
//! is how each *interprets* a rotation (see [`unit_grid`]).

use crate::Convert;
use fixed_collide::{Aabb, Ball, Fx, Obb, Ray, Rot, Vector};
use fixed_collide_cli::rng::Rng;
use parry3d::bounding_volume::Aabb as PAabb3;
use parry3d::math::{Pose as PPose3, Vector as PVec3};
use parry3d::shape::Cuboid as PCuboid3;

/// Fraction bits of the grid: values are multiples of 2^-4.
pub const FRAC: u32 = 4;

/// Fraction bits of rotation components: multiples of 2^-24.
pub const ROT_FRAC: u32 = 24;

/// A grid count as `I32F32` (exact).
pub fn fx(g: i32) -> Fx {
    Fx::from_bits(i64::from(g) << (32 - FRAC))
}

/// A grid count as `f32` (exact: |g| < 2^24, and the scale is a power of 2).
pub fn fl(g: i32) -> f32 {
    g as f32 / (1u32 << FRAC) as f32
}

/// A vector of grid counts as a fixed-collide vector.
pub fn fx_vec<const D: usize>(g: [i32; D]) -> Vector<D> {
    Vector(g.map(fx))
}

/// A vector of grid counts as `f32`s.
pub fn fl_vec<const D: usize>(g: [i32; D]) -> [f32; D] {
    g.map(fl)
}

/// A 3D grid vector as parry3d's vector.
pub fn pvec3(g: [i32; 3]) -> PVec3 {
    PVec3::from_array(fl_vec(g))
}

/// A 2D grid vector as parry2d's vector.
pub fn pvec2(g: [i32; 2]) -> parry2d::math::Vector {
    parry2d::math::Vector::from_array(fl_vec(g))
}

/// A rotation component (count of 2^-24) as `I32F32` (exact).
pub fn fx_rot(k: i64) -> Fx {
    Fx::from_bits(k << (32 - ROT_FRAC))
}

/// A rotation component (count of 2^-24) as `f32` (exact: |k| <= 2^24).
pub fn fl_rot(k: i64) -> f32 {
    (k as f64 / f64::from(1u32 << ROT_FRAC)) as f32
}

/// A uniform grid count in `lo..=hi`.
pub fn uniform(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    rng.range_i64(i64::from(lo), i64::from(hi)) as i32
}

/// A vector of uniform grid counts in `lo..=hi`.
pub fn uniform_vec<const D: usize>(rng: &mut Rng, lo: i32, hi: i32) -> [i32; D] {
    std::array::from_fn(|_| uniform(rng, lo, hi))
}

/// A non-zero vector of uniform grid counts in `-max..=max`.
pub fn nonzero_vec<const D: usize>(rng: &mut Rng, max: i32) -> [i32; D] {
    loop {
        let v = uniform_vec(rng, -max, max);
        if v.iter().any(|&c| c != 0) {
            return v;
        }
    }
}

/// A uniformly distributed direction with `N` components, as counts of
/// 2^-24 whose squared length is as close to 2^48 (length 1) as a small
/// search finds.
///
/// The direction is drawn by rejection in the unit ball and normalized in
/// `f64` (only `+ * / sqrt`: the same on every IEEE platform), rounded to
/// the 2^-24 grid, then each component is moved by up to `jiggle` steps to
/// minimize `|sum k_i^2 - 2^48|` (exact in `i128`): at most 2^24 (a squared
/// length within 2^-24 of 1, what `f32` itself resolves), on average 2^21
/// for 2D axes and 2^17 for quaternions.
///
/// Why: in 2D the axes `(c, s), (-s, c)` and in 3D the quaternion are then
/// exact in both libraries. fixed-collide takes them as given (2D: the
/// axes exactly; 3D: `Rot3::try_from_quat` divides by the squared norm
/// exactly and rounds each matrix entry to 2^-32), while parry assumes
/// them unit (its inverse is the conjugate; glam's quaternion rotation
/// assumes norm 1). The residual difference between the two rotations is
/// the squared norm's distance from 1 (at most 2^-24) plus parry's own `f32`
/// rounding (2^-24 per operation): the rotated axes agree within 2^-21 (a
/// test checks it), i.e. below 2^-12 at the scenes' coordinates (< 2^9),
/// which is [`crate::judge::EPS`].
pub fn unit_grid<const N: usize>(rng: &mut Rng, jiggle: i64) -> [i64; N] {
    let dir = loop {
        let v: [f64; N] = std::array::from_fn(|_| {
            (rng.range_i64(-(1 << 30), 1 << 30) as f64) / (1u64 << 30) as f64
        });
        let n2: f64 = v.iter().map(|c| c * c).sum();
        if n2 > 1e-4 && n2 <= 1.0 {
            let n = n2.sqrt();
            break v.map(|c| c / n);
        }
    };
    let one = f64::from(1u32 << ROT_FRAC);
    let base = dir.map(|c| (c * one).round() as i64);
    let err = |k: &[i64; N]| {
        (k.iter()
            .map(|&c| i128::from(c) * i128::from(c))
            .sum::<i128>()
            - (1i128 << 48))
            .abs()
    };
    let side = 2 * jiggle + 1;
    let mut best = base;
    for code in 0..side.pow(N as u32) {
        let mut rest = code;
        let k: [i64; N] = std::array::from_fn(|i| {
            let delta = rest % side - jiggle;
            rest /= side;
            base[i] + delta
        });
        // Components must stay within 1 (2^24) to keep 24 significant bits.
        if k.iter().all(|c| c.abs() <= 1 << ROT_FRAC) && err(&k) < err(&best) {
            best = k;
        }
    }
    best
}

/// An axis-aligned box: center and half-sizes in grid counts.
#[derive(Clone, Copy, Debug)]
pub struct GBox<const D: usize> {
    /// Center.
    pub c: [i32; D],
    /// Half-sizes (>= 0).
    pub h: [i32; D],
}

impl<const D: usize> GBox<D> {
    /// A box with center in `-world..=world` and half-sizes in `hmin..=hmax`
    /// on every axis.
    pub fn draw(rng: &mut Rng, world: i32, hmin: i32, hmax: i32) -> Self {
        Self {
            c: uniform_vec(rng, -world, world),
            h: uniform_vec(rng, hmin, hmax),
        }
    }

    /// Lower corner.
    pub fn min(&self) -> [i32; D] {
        std::array::from_fn(|i| self.c[i] - self.h[i])
    }

    /// Upper corner.
    pub fn max(&self) -> [i32; D] {
        std::array::from_fn(|i| self.c[i] + self.h[i])
    }

    /// fixed-collide's box, every face moved outward by `pad` (inward for a
    /// negative `pad`; used to bracket answers near touching).
    pub fn fixed_padded(&self, pad: Fx) -> Aabb<D> {
        let (lo, hi) = (fx_vec(self.min()), fx_vec(self.max()));
        let lo = Vector(lo.0.map(|v| v - pad));
        let hi = Vector(hi.0.map(|v| v + pad));
        Aabb::try_new(lo, hi).expect("grid box within the domain")
    }

    /// fixed-collide's box.
    pub fn fixed(&self) -> Aabb<D> {
        self.fixed_padded(Fx::ZERO)
    }
}

/// A box with a displacement over the step.
#[derive(Clone, Copy, Debug)]
pub struct GMover<const D: usize> {
    /// The box at `t = 0`.
    pub b: GBox<D>,
    /// The displacement over `t in [0, 1]`.
    pub d: [i32; D],
}

/// A ray: origin, direction and largest parameter, in grid counts.
#[derive(Clone, Copy, Debug)]
pub struct GRay<const D: usize> {
    /// Origin.
    pub o: [i32; D],
    /// Direction (non-zero).
    pub d: [i32; D],
    /// Largest parameter `t` (in units of `d`).
    pub max_t: i32,
}

impl<const D: usize> GRay<D> {
    /// fixed-collide's ray.
    pub fn fixed(&self) -> Ray<D> {
        Ray::try_new(fx_vec(self.o), fx_vec(self.d), fx(self.max_t)).expect("valid grid ray")
    }
}

/// A ball: center and radius in grid counts.
#[derive(Clone, Copy, Debug)]
pub struct GBall<const D: usize> {
    /// Center.
    pub c: [i32; D],
    /// Radius (>= 0).
    pub r: i32,
}

impl<const D: usize> GBall<D> {
    /// fixed-collide's ball with the radius changed by `pad` (clamped at 0).
    pub fn fixed_padded(&self, pad: Fx) -> Ball<D> {
        Ball::try_new(fx_vec(self.c), (fx(self.r) + pad).max(Fx::ZERO)).expect("valid grid ball")
    }
}

/// An oriented box: center and half-sizes in grid counts, rotation
/// components in counts of 2^-24 (2D: `[c, s, 0, 0]` for the axes
/// `(c, s), (-s, c)`; 3D: the quaternion `[w, x, y, z]`).
#[derive(Clone, Copy, Debug)]
pub struct GObb<const D: usize> {
    /// Center and half-sizes.
    pub b: GBox<D>,
    /// Rotation components.
    pub rot: [i64; 4],
}

/// What differs between 2D and 3D: parry's types and calls (two crates)
/// and how a rotation is drawn and built.
pub trait Space<const D: usize> {
    /// parry's AABB.
    type PAabb;
    /// parry's pose.
    type PPose;
    /// parry's cuboid.
    type PCuboid;
    /// A random rotation (see [`unit_grid`]).
    fn gen_rot(rng: &mut Rng) -> [i64; 4];
    /// fixed-collide's rotation from the grid components.
    fn fixed_rot(rot: &[i64; 4]) -> Rot<D>;
    /// `BoundingVolume::intersects`.
    fn parry_intersects(a: &Self::PAabb, b: &Self::PAabb) -> bool;
    /// `intersection_test_cuboid_cuboid` with the relative pose `a^-1 b`.
    fn parry_obb_overlap(
        a: &(Self::PPose, Self::PCuboid),
        b: &(Self::PPose, Self::PCuboid),
    ) -> bool;
}

/// The dimension marker implementing [`Space`].
pub struct Dim<const D: usize>;

impl Space<2> for Dim<2> {
    type PAabb = parry2d::bounding_volume::Aabb;
    type PPose = parry2d::math::Pose;
    type PCuboid = parry2d::shape::Cuboid;

    fn gen_rot(rng: &mut Rng) -> [i64; 4] {
        let [c, s] = unit_grid::<2>(rng, 3);
        [c, s, 0, 0]
    }

    fn fixed_rot(rot: &[i64; 4]) -> Rot<2> {
        let (c, s) = (fx_rot(rot[0]), fx_rot(rot[1]));
        Rot::try_from_axes([Vector([c, s]), Vector([-s, c])]).expect("near-orthonormal grid axes")
    }

    fn parry_intersects(a: &Self::PAabb, b: &Self::PAabb) -> bool {
        use parry2d::bounding_volume::BoundingVolume;
        a.intersects(b)
    }

    fn parry_obb_overlap(
        a: &(Self::PPose, Self::PCuboid),
        b: &(Self::PPose, Self::PCuboid),
    ) -> bool {
        parry2d::query::details::intersection_test_cuboid_cuboid(&a.0.inv_mul(&b.0), &a.1, &b.1)
    }
}

impl Space<3> for Dim<3> {
    type PAabb = PAabb3;
    type PPose = PPose3;
    type PCuboid = PCuboid3;

    fn gen_rot(rng: &mut Rng) -> [i64; 4] {
        unit_grid::<4>(rng, 2)
    }

    fn fixed_rot(rot: &[i64; 4]) -> Rot<3> {
        Rot::try_from_quat(rot.map(fx_rot)).expect("non-zero grid quaternion")
    }

    fn parry_intersects(a: &Self::PAabb, b: &Self::PAabb) -> bool {
        use parry3d::bounding_volume::BoundingVolume;
        a.intersects(b)
    }

    fn parry_obb_overlap(
        a: &(Self::PPose, Self::PCuboid),
        b: &(Self::PPose, Self::PCuboid),
    ) -> bool {
        parry3d::query::details::intersection_test_cuboid_cuboid(&a.0.inv_mul(&b.0), &a.1, &b.1)
    }
}

impl<const D: usize> GObb<D>
where
    Dim<D>: Space<D>,
{
    /// A box as [`GBox::draw`] with a random rotation.
    pub fn draw(rng: &mut Rng, world: i32, hmin: i32, hmax: i32) -> Self {
        let b = GBox::draw(rng, world, hmin, hmax);
        Self {
            b,
            rot: Dim::<D>::gen_rot(rng),
        }
    }

    /// fixed-collide's oriented box with every half-size changed by `pad`
    /// (clamped at 0).
    pub fn fixed_padded(&self, pad: Fx) -> Obb<D> {
        let half = Vector(self.b.h.map(|h| (fx(h) + pad).max(Fx::ZERO)));
        Obb::try_new(fx_vec(self.b.c), half, Dim::<D>::fixed_rot(&self.rot))
            .expect("valid grid box")
    }
}

// Conversions of the grid values to each library's inputs (exact: see the
// module docs).

impl<const D: usize> Convert<Aabb<D>> for GBox<D> {
    fn convert(&self) -> Aabb<D> {
        self.fixed()
    }
}

impl Convert<PAabb3> for GBox<3> {
    fn convert(&self) -> PAabb3 {
        PAabb3::new(pvec3(self.min()), pvec3(self.max()))
    }
}

impl Convert<parry2d::bounding_volume::Aabb> for GBox<2> {
    fn convert(&self) -> parry2d::bounding_volume::Aabb {
        parry2d::bounding_volume::Aabb::new(pvec2(self.min()), pvec2(self.max()))
    }
}

/// parry's cuboid at its pose (a translation).
impl Convert<(PPose3, PCuboid3)> for GBox<3> {
    fn convert(&self) -> (PPose3, PCuboid3) {
        (
            PPose3::from_translation(pvec3(self.c)),
            PCuboid3::new(pvec3(self.h)),
        )
    }
}

/// The box and its displacement.
impl Convert<(Aabb<3>, Vector<3>)> for GMover<3> {
    fn convert(&self) -> (Aabb<3>, Vector<3>) {
        (self.b.fixed(), fx_vec(self.d))
    }
}

/// parry's box and displacement.
impl Convert<(PAabb3, PVec3)> for GMover<3> {
    fn convert(&self) -> (PAabb3, PVec3) {
        (self.b.convert(), pvec3(self.d))
    }
}

/// parry's cuboid at its pose, and the displacement.
impl Convert<(PPose3, PCuboid3, PVec3)> for GMover<3> {
    fn convert(&self) -> (PPose3, PCuboid3, PVec3) {
        let (pose, cuboid) = self.b.convert();
        (pose, cuboid, pvec3(self.d))
    }
}

impl<const D: usize> Convert<Ray<D>> for GRay<D> {
    fn convert(&self) -> Ray<D> {
        self.fixed()
    }
}

/// parry's ray and its largest time.
impl Convert<(parry3d::query::Ray, f32)> for GRay<3> {
    fn convert(&self) -> (parry3d::query::Ray, f32) {
        (
            parry3d::query::Ray::new(pvec3(self.o), pvec3(self.d)),
            fl(self.max_t),
        )
    }
}

impl<const D: usize> Convert<Ball<D>> for GBall<D> {
    fn convert(&self) -> Ball<D> {
        self.fixed_padded(Fx::ZERO)
    }
}

/// parry's ball at its pose (a translation).
impl Convert<(PPose3, parry3d::shape::Ball)> for GBall<3> {
    fn convert(&self) -> (PPose3, parry3d::shape::Ball) {
        (
            PPose3::from_translation(pvec3(self.c)),
            parry3d::shape::Ball::new(fl(self.r)),
        )
    }
}

impl<const D: usize> Convert<Obb<D>> for GObb<D>
where
    Dim<D>: Space<D>,
{
    fn convert(&self) -> Obb<D> {
        self.fixed_padded(Fx::ZERO)
    }
}

/// parry's cuboid at its pose: the same rotation components.
impl Convert<(parry2d::math::Pose, parry2d::shape::Cuboid)> for GObb<2> {
    fn convert(&self) -> (parry2d::math::Pose, parry2d::shape::Cuboid) {
        let rot = parry2d::math::Rotation::from_cos_sin_unchecked(
            fl_rot(self.rot[0]),
            fl_rot(self.rot[1]),
        );
        (
            parry2d::math::Pose::from_parts(pvec2(self.b.c), rot),
            parry2d::shape::Cuboid::new(pvec2(self.b.h)),
        )
    }
}

/// parry's cuboid at its pose: the same quaternion components.
impl Convert<(PPose3, PCuboid3)> for GObb<3> {
    fn convert(&self) -> (PPose3, PCuboid3) {
        let [w, x, y, z] = self.rot.map(fl_rot);
        let rot = parry3d::math::Rotation::from_xyzw(x, y, z, w);
        (
            PPose3::from_parts(pvec3(self.b.c), rot),
            PCuboid3::new(pvec3(self.b.h)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_values_are_the_same_number_in_both_types() {
        // Extremes of the scenes, odd counts (13 significant bits) and zero.
        for g in [0, 1, -1, 4095, -4095, 8191, -8191, 1234, -777] {
            assert_eq!(fx(g).to_num::<f64>(), f64::from(fl(g)), "grid count {g}");
        }
        for k in [0, 1, -1, 1 << 24, -(1 << 24), 16_777_215, 12_345_678] {
            assert_eq!(
                fx_rot(k).to_num::<f64>(),
                f64::from(fl_rot(k)),
                "rotation count {k}"
            );
        }
    }

    #[test]
    fn unit_grid_directions_have_length_one_within_2_pow_minus_24() {
        let mut rng = Rng::new(11);
        for case in 0..2000 {
            let q = unit_grid::<4>(&mut rng, 2);
            let c = unit_grid::<2>(&mut rng, 3);
            let n2 = |k: &[i64]| k.iter().map(|&v| i128::from(v).pow(2)).sum::<i128>();
            for (name, k) in [("quaternion", &q[..]), ("2D axis", &c[..])] {
                let err = (n2(k) - (1i128 << 48)).abs();
                assert!(
                    err <= 1 << 24,
                    "case {case}, {name} {k:?}: |n^2 - 1| = {err} * 2^-48"
                );
                assert!(
                    k.iter().all(|v| v.abs() <= 1 << 24),
                    "case {case}, {name} {k:?}"
                );
            }
        }
    }

    #[test]
    fn both_libraries_rotate_boxes_alike_within_2_pow_minus_21() {
        // The residual difference documented on `unit_grid`: parry's f32
        // quaternion rotation of each unit vector against our exact axes.
        let mut rng = Rng::new(12);
        for case in 0..2000 {
            let o = GObb::<3>::draw(&mut rng, 0, 16, 16);
            let ours = o.fixed_padded(Fx::ZERO);
            let (pose, _): (PPose3, PCuboid3) = o.convert();
            for (i, axis) in [PVec3::X, PVec3::Y, PVec3::Z].into_iter().enumerate() {
                let theirs = (pose.rotation * axis).to_array();
                for (k, (c, t)) in ours.axes()[i].0.iter().zip(theirs).enumerate() {
                    let d = (c.to_num::<f64>() - f64::from(t)).abs();
                    assert!(
                        d <= 2f64.powi(-21),
                        "case {case}, axis {i}[{k}]: differ by {d:e} ({o:?})"
                    );
                }
            }
        }
    }
}
