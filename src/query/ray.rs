//! Ray against AABB: the slab test, exact, and the prepared ray that casts
//! one ray against many boxes.

use crate::kernel::divide::{Divide, Divisor, OneOff};
use crate::kernel::raw_box::RawBox;
use crate::kernel::span::{AxisTimes, Bounds, Span, closed_meets, fold, slab_times};
use crate::kernel::time::Time;
use crate::kernel::{pick, zip_map};
use crate::num::Fx;
use crate::shape::{Aabb, Ray};
use crate::vec::Vector;

/// Where a ray first meets a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit<const D: usize> {
    /// Parameter of the hit, in units of the ray direction, rounded down
    /// (never later than the true hit); 0 when `inside`.
    pub t: Fx,
    /// The hit point: on the hit axis exactly the face plane, the other
    /// coordinates within one ulp of the exact point and clamped into the
    /// face; the origin when `inside`.
    pub point: Vector<D>,
    /// Outward unit normal of the face hit; zero when `inside`.
    pub normal: Vector<D>,
    /// The origin is inside the shape or on its surface.
    pub inside: bool,
}

/// The first point of `ray` (for `t` in `[0, max_t]`) in the closed box, or
/// `None`.
///
/// Two exact shortcuts first, comparisons only: an origin in the closed box
/// is the hit at `t = 0`, and a box behind the origin on some axis is a
/// miss. Then the slab test with exact times: entry and exit per axis are
/// fractions compared by cross-multiplication (one widening multiplication
/// each, no division, no branch inside the test). A zero direction component is
/// inside its slab always or never (`min <= origin <= max`), without
/// division. An origin inside or on the box gives `t = 0` and `inside`. A ray
/// grazing a face, edge or corner hits (closed box). At an edge or corner the
/// normal is the face of the first axis in x, y, z order among those entered
/// last. A hit exactly at `max_t` counts. Only a hit past the origin
/// divides: `t` and the point's coordinates, exact floor quotients by one
/// denominator.
///
/// See also [`PreparedRay`] to cast one ray against many boxes.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_aabb, Aabb2, Fx, Ray2, Vec2};
/// let b = Aabb2::try_new(Vec2::from_ints([2, -1]), Vec2::from_ints([4, 1])).unwrap();
/// let r = Ray2::try_unbounded(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0])).unwrap();
/// let h = ray_aabb(&r, &b).unwrap();
/// assert_eq!((h.t, h.normal, h.inside), (Fx::from_num(2), Vec2::from_ints([-1, 0]), false));
/// ```
#[inline]
pub fn ray_aabb<const D: usize>(ray: &Ray<D>, aabb: &Aabb<D>) -> Option<RayHit<D>> {
    let (o, dir, b) = (ray.origin().to_bits(), ray.dir().to_bits(), aabb.raw());
    // Two exact shortcuts, comparisons only: an origin in the closed box is
    // the hit at t = 0, and a box behind the origin on some axis (wholly
    // above it where the direction does not rise, or wholly below it where
    // the direction does not fall) is never reached. As signs, without
    // branches: o - min (o is below the box when negative) and max - o
    // (above), in-domain differences within 2^53.
    let (mut outside, mut behind) = (0, 0);
    for ((o, d), (min, max)) in o.into_iter().zip(dir).zip(b.axes()) {
        let (from_min, to_max) = (o - min, max - o);
        outside |= from_min | to_max;
        let (rises, falls) = (-i64::from(d > 0), -i64::from(d < 0));
        behind |= (from_min & !rises) | (to_max & !falls);
    }
    if outside >= 0 {
        return Some(RayHit::at_origin(ray));
    }
    if behind < 0 {
        return None;
    }
    ray_aabb_slab(ray, aabb)
}

/// [`ray_aabb`] past its shortcuts: the slab test, out of line so that the
/// shortcuts need few registers.
#[inline(never)]
fn ray_aabb_slab<const D: usize>(ray: &Ray<D>, aabb: &Aabb<D>) -> Option<RayHit<D>> {
    let (o, dir) = (ray.origin().to_bits(), ray.dir().to_bits());
    let neg = dir.map(|v| v < 0);
    // |dir| <= 2^52.
    let (axes, ok) = ray_axes(&o, &neg, &dir.map(i64::abs), aabb.raw());
    if !closed_meets(&axes, ok) {
        return None;
    }
    let s = fold(&axes);
    finish(ray, &dir, aabb, &s, || OneOff(s.enter.den as u64))
}

impl<const D: usize> RayHit<D> {
    /// The hit of a ray whose origin is in the closed shape: `t = 0`,
    /// `point` the origin, `normal` zero, `inside`.
    #[inline(always)]
    pub(crate) fn at_origin(ray: &Ray<D>) -> Self {
        RayHit {
            t: Fx::ZERO,
            point: ray.origin(),
            normal: Vector::ZERO,
            inside: true,
        }
    }
}

/// The slab times of a ray (origin bits `o`, direction signs and
/// magnitudes) against the box `b` on each axis, and whether every
/// zero-direction axis is in its slab.
#[inline(always)]
fn ray_axes<const D: usize>(
    o: &[i64; D],
    neg: &[bool; D],
    mag: &[i64; D],
    b: &RawBox<D>,
) -> ([AxisTimes<i64>; D], bool) {
    // In-domain coordinates: both differences within 2^53.
    slab_times(
        zip_map(&b.min, o, |x, y| x - y),
        zip_map(&b.max, o, |x, y| x - y),
        neg,
        mag,
        Bounds::Closed,
    )
}

/// The time `t` (`0 <= t.num <= 2^54`, `0 < t.den <= 2^52`) is at most
/// `max_t` (cross products `t.num 2^32 < 2^87`, `max_t t.den < 2^115`).
#[inline(always)]
fn within(t: Time<i64>, max_t: Fx) -> bool {
    t.precedes(&Time::from_fx(max_t), false)
}

/// The hit of a ray that meets the box: inside, beyond `max_t`, or the
/// entry with its point. `divisor` divides by `s.enter.den`.
#[inline(always)]
fn finish<V: Divide, const D: usize>(
    ray: &Ray<D>,
    dir: &[i64; D],
    aabb: &Aabb<D>,
    s: &Span<i64>,
    divisor: impl FnOnce() -> V,
) -> Option<RayHit<D>> {
    if s.enter.num <= 0 {
        return Some(RayHit::at_origin(ray));
    }
    if !within(s.enter, ray.max_t()) {
        return None;
    }
    let div = divisor();
    // 0 < en / den <= max_t: en <= 2^53, the quotient is below 2^63.
    let en = s.enter.num as u64;
    let (t, _) = div.div_rem(u128::from(en) << 32);
    let (o, mut point) = (ray.origin().to_bits(), ray.origin());
    for ((p, o), &d) in point.0.iter_mut().zip(o).zip(dir) {
        // origin + floor(e * dir) with e = en / den: at the entry the ray is
        // in every slab (the entry is not after any exit), so this lies in
        // the box (no clamp needed) and is exactly the face plane on the hit
        // axis; en * |dir| < 2^106, the step below 2^54.
        let m = u128::from(en) * u128::from(d.unsigned_abs());
        let c = o + div.floor_signed(m, d < 0);
        *p = Fx::from_bits(c);
    }
    debug_assert!(
        (aabb.min().0.iter().zip(&point.0).zip(&aabb.max().0))
            .all(|((lo, p), hi)| lo <= p && p <= hi)
    );
    Some(RayHit {
        t: Fx::from_bits(t as i64),
        point,
        // `s.axis` is one of the D axes: the `get` is `Some`.
        normal: Vector::unit(s.axis, pick(dir, s.axis) < 0),
        inside: false,
    })
}

/// A ray prepared for casting against many boxes: its raw bits, the sign and
/// magnitude of each direction component, and the reciprocal of each
/// magnitude, so that a hit costs no division.
///
/// Every answer is exactly [`ray_aabb`]'s. Build it once per ray (three
/// reciprocals in 3D, a few dozen multiplications each), then call
/// [`cast`](Self::cast) or [`hits`](Self::hits) per box, or pass it to the
/// batch queries [`AabbSet::first_hit`](crate::AabbSet::first_hit) and
/// [`AabbSet::ray_hits`](crate::AabbSet::ray_hits).
///
/// See also [`ray_aabb`].
///
/// # Examples
/// ```
/// use fixed_collide::{ray_aabb, Aabb3, Fx, PreparedRay, Ray3, Vec3};
/// let r = Ray3::try_unbounded(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 1, 0])).unwrap();
/// let ray = PreparedRay::new(&r);
/// let near = Aabb3::try_new(Vec3::from_ints([2, 1, -1]), Vec3::from_ints([3, 5, 1])).unwrap();
/// let h = ray.cast(&near).unwrap();
/// assert_eq!((h.t, h.point), (Fx::from_num(2), Vec3::from_ints([2, 2, 0])));
/// assert_eq!(ray.cast(&near), ray_aabb(&r, &near));
/// // A zero direction component: the ray stays in its z slab or never enters.
/// let above = Aabb3::try_new(Vec3::from_ints([2, 1, 0]), Vec3::from_ints([3, 5, 2])).unwrap();
/// assert!(ray.hits(&above)); // on the slab's face z = 0: touching counts
/// let off = Aabb3::try_new(Vec3::from_ints([2, 1, 1]), Vec3::from_ints([3, 5, 3])).unwrap();
/// assert!(!ray.hits(&off));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PreparedRay<const D: usize> {
    ray: Ray<D>,
    /// Raw bits of the origin.
    pub(crate) origin: [i64; D],
    dir: [i64; D],
    /// `|dir|` per axis (at most 2^52).
    pub(crate) mag: [i64; D],
    /// `dir < 0` per axis.
    pub(crate) neg: [bool; D],
    divisors: [Divisor; D],
    /// The bounding box of the segment the ray sweeps up to `max_t`, raw
    /// bits: a box the ray hits overlaps it (see [`Self::reach`]).
    pub(crate) reach: RawBox<D>,
}

impl<const D: usize> PreparedRay<D> {
    /// Prepares a ray (infallible: a [`Ray`] is valid by construction).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, PreparedRay, Ray2, Vec2};
    /// let r = Ray2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([0, -2]), Fx::ONE).unwrap();
    /// assert_eq!(PreparedRay::new(&r).ray(), &r);
    /// ```
    pub fn new(ray: &Ray<D>) -> Self {
        let dir = ray.dir().to_bits();
        let mag = dir.map(i64::abs);
        Self {
            ray: *ray,
            origin: ray.origin().to_bits(),
            dir,
            mag,
            neg: dir.map(|v| v < 0),
            divisors: mag.map(|m| Divisor::new(m as u64)),
            reach: Self::reach(ray),
        }
    }

    /// The bounding box `[lo, hi]` of the segment `origin + t dir`,
    /// `0 <= t <= max_t`, raw bits, with the far end rounded outward:
    /// `o + floor(max_t d)` moving up, `o + ceil(max_t d)` moving down. A box
    /// corner (an integer) is reached by the exact end exactly when it is by
    /// the rounded one, so the closed box meets the exact segment's bounding
    /// box exactly when it overlaps this one. The far end is kept within
    /// `2^62` (beyond every in-domain coordinate, still far from overflow).
    fn reach(ray: &Ray<D>) -> RawBox<D> {
        let (o, dir) = (ray.origin().to_bits(), ray.dir().to_bits());
        let (mut lo, mut hi) = (o, o);
        let limit = 1i128 << 62;
        for ((lo, hi), d) in lo.iter_mut().zip(&mut hi).zip(dir) {
            // max_t d at scale 2^32: below 2^63 * 2^52.
            let step = i128::from(ray.max_t().to_bits()) * i128::from(d);
            // |o| <= 2^52: the sums stay within 2^62 + 2^52.
            // Moving down, o - floor(-step) is o + ceil(step).
            if step >= 0 {
                *hi += (step >> 32).min(limit) as i64;
            } else {
                *lo -= ((-step) >> 32).min(limit) as i64;
            }
        }
        RawBox { min: lo, max: hi }
    }

    /// The ray it was prepared from.
    pub fn ray(&self) -> &Ray<D> {
        &self.ray
    }

    /// Whether the ray meets the box `b` at some `t >= 0`, ignoring
    /// `max_t`, and the exact time it does (finite): the entry time, or
    /// zero when the origin is inside.
    #[inline(always)]
    pub(crate) fn meet_time(&self, b: &RawBox<D>) -> (bool, Time<i64>) {
        let (axes, ok) = ray_axes(&self.origin, &self.neg, &self.mag, b);
        let s = fold(&axes);
        // The time needs the fold anyway, so the decision reads it too (the
        // fold's form of `closed_meets`): the earliest exit is at or after 0
        // (its denominator is positive: the direction is non-zero, so the
        // entry and exit are finite) and the latest entry is at or before it.
        (
            ok & (s.exit.num >= 0) & s.ordered(false),
            Time::new(s.enter.num.max(0), s.enter.den),
        )
    }

    /// Whether a time from [`Self::meet_time`] is at most `max_t`.
    #[inline(always)]
    pub(crate) fn within_max_t(&self, t: Time<i64>) -> bool {
        within(t, self.ray.max_t())
    }

    /// The first point of the ray in the closed box: exactly
    /// [`ray_aabb`]`(ray, aabb)`, with the same edge cases (origin inside or
    /// on the surface: `t = 0`, `inside`; grazing hits; a zero direction
    /// component tests `min <= origin <= max`; a hit at `max_t` counts), and
    /// no division (the reciprocals are prepared).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Fx, PreparedRay, Ray2, Vec2};
    /// let r = Ray2::try_new(Vec2::from_ints([1, 1]), Vec2::from_ints([-1, 0]), Fx::from_num(2)).unwrap();
    /// let ray = PreparedRay::new(&r);
    /// let inside = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
    /// assert!(ray.cast(&inside).unwrap().inside); // the origin is on its corner
    /// let far = Aabb2::try_new(Vec2::from_ints([-2, 0]), Vec2::from_ints([-1, 2])).unwrap();
    /// assert_eq!(ray.cast(&far).unwrap().t, Fx::from_num(2)); // exactly max_t
    /// ```
    pub fn cast(&self, aabb: &Aabb<D>) -> Option<RayHit<D>> {
        let (axes, ok) = ray_axes(&self.origin, &self.neg, &self.mag, aabb.raw());
        if !closed_meets(&axes, ok) {
            return None;
        }
        let s = fold(&axes);
        // `s.axis < D`: the span engine picks it among the D axes.
        #[allow(clippy::indexing_slicing)]
        let divisor = || self.divisors[s.axis];
        finish(&self.ray, &self.dir, aabb, &s, divisor)
    }

    /// Whether [`cast`](Self::cast) would hit: no division and no result
    /// to build.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Fx, PreparedRay, Ray2, Vec2};
    /// let r = Ray2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0]), Fx::ONE).unwrap();
    /// let b = Aabb2::try_new(Vec2::from_ints([1, 0]), Vec2::from_ints([2, 1])).unwrap();
    /// assert!(PreparedRay::new(&r).hits(&b)); // reaches the face at t = max_t, grazing y = 0
    /// ```
    pub fn hits(&self, aabb: &Aabb<D>) -> bool {
        let (meets, t) = self.meet_time(aabb.raw());
        meets && self.within_max_t(t)
    }
}
