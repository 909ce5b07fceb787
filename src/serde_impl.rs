//! The `serde` support (feature `serde`): vectors and arrays of any length
//! `D`, and the plain records through which the shapes deserialize.
//!
//! A shape with an invariant deserializes into its plain record (the same
//! fields it serializes), then through its validating constructor: an
//! invalid shape is a deserialization error carrying the library's message
//! (such as `min.x 5 > max.x 3`), never a shape that breaks the invariant.
//! Unknown fields are rejected.

use crate::dim::NoPolygon;
use crate::num::Fx;
use crate::rot::Rot;
use crate::shape::{Aabb, Ball, Capsule, MAX_VERTICES, Obb, Polygon, Ray, Segment};
use crate::vec::{Vec2, Vector};
use crate::{Error, Field};
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, SerializeTuple};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `[T; N]` for any `N` (serde's own impls stop at 32 and are not generic
/// over `N`), as a tuple of exactly `N` elements. For `#[serde(with)]`.
pub(crate) mod array {
    use super::*;

    /// Serializes the `N` elements as a tuple.
    pub(crate) fn serialize<S, T, const N: usize>(a: &[T; N], s: S) -> Result<S::Ok, S::Error>
    where
        S: Serializer,
        T: Serialize,
    {
        let mut t = s.serialize_tuple(N)?;
        for x in a {
            t.serialize_element(x)?;
        }
        t.end()
    }

    /// Deserializes exactly `N` elements: fewer or more is an error.
    pub(crate) fn deserialize<'de, De, T, const N: usize>(d: De) -> Result<[T; N], De::Error>
    where
        De: Deserializer<'de>,
        T: Deserialize<'de> + Default + Copy,
    {
        d.deserialize_tuple(N, ArrayVisitor::<T, N>(PhantomData))
    }

    struct ArrayVisitor<T, const N: usize>(PhantomData<T>);

    impl<'de, T, const N: usize> Visitor<'de> for ArrayVisitor<T, N>
    where
        T: Deserialize<'de> + Default + Copy,
    {
        type Value = [T; N];

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "an array of {N} elements")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
            let mut out = [T::default(); N];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(i, &self))?;
            }
            if seq.next_element::<IgnoredAny>()?.is_some() {
                return Err(de::Error::invalid_length(N + 1, &self));
            }
            Ok(out)
        }
    }
}

/// A vector is its `D` components, as an array.
impl<const D: usize> Serialize for Vector<D> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        array::serialize(&self.0, s)
    }
}

/// Exactly `D` components; any values (shapes check their own).
impl<'de, const D: usize> Deserialize<'de> for Vector<D> {
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        array::deserialize::<De, Fx, D>(d).map(Vector)
    }
}

/// The fields of an [`Aabb`], before [`Aabb::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AabbRaw<const D: usize> {
    min: Vector<D>,
    max: Vector<D>,
}

impl<const D: usize> TryFrom<AabbRaw<D>> for Aabb<D> {
    type Error = Error;

    fn try_from(r: AabbRaw<D>) -> Result<Self, Error> {
        Aabb::try_new(r.min, r.max)
    }
}

/// The fields of a [`Ball`], before [`Ball::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BallRaw<const D: usize> {
    center: Vector<D>,
    radius: Fx,
}

impl<const D: usize> TryFrom<BallRaw<D>> for Ball<D> {
    type Error = Error;

    fn try_from(r: BallRaw<D>) -> Result<Self, Error> {
        Ball::try_new(r.center, r.radius)
    }
}

/// The fields of a [`Segment`], before [`Segment::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SegmentRaw<const D: usize> {
    a: Vector<D>,
    b: Vector<D>,
}

impl<const D: usize> TryFrom<SegmentRaw<D>> for Segment<D> {
    type Error = Error;

    fn try_from(r: SegmentRaw<D>) -> Result<Self, Error> {
        Segment::try_new(r.a, r.b)
    }
}

/// The fields of a [`Capsule`], before [`Capsule::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CapsuleRaw<const D: usize> {
    a: Vector<D>,
    b: Vector<D>,
    radius: Fx,
}

impl<const D: usize> TryFrom<CapsuleRaw<D>> for Capsule<D> {
    type Error = Error;

    fn try_from(r: CapsuleRaw<D>) -> Result<Self, Error> {
        Capsule::try_new(r.a, r.b, r.radius)
    }
}

/// The fields of a [`Ray`], before [`Ray::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RayRaw<const D: usize> {
    origin: Vector<D>,
    dir: Vector<D>,
    max_t: Fx,
}

impl<const D: usize> TryFrom<RayRaw<D>> for Ray<D> {
    type Error = Error;

    fn try_from(r: RayRaw<D>) -> Result<Self, Error> {
        Ray::try_new(r.origin, r.dir, r.max_t)
    }
}

/// The fields of a [`Rot`], before [`Rot::try_from_axes`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RotRaw<const D: usize> {
    #[serde(with = "array")]
    axes: [Vector<D>; D],
}

impl<const D: usize> TryFrom<RotRaw<D>> for Rot<D> {
    type Error = Error;

    fn try_from(r: RotRaw<D>) -> Result<Self, Error> {
        Rot::try_from_axes(r.axes)
    }
}

/// The fields of an [`Obb`] (its rotation already validated), before
/// [`Obb::try_new`], which measures the axis error again.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ObbRaw<const D: usize> {
    center: Vector<D>,
    half: Vector<D>,
    rot: Rot<D>,
}

impl<const D: usize> TryFrom<ObbRaw<D>> for Obb<D> {
    type Error = Error;

    fn try_from(r: ObbRaw<D>) -> Result<Self, Error> {
        Obb::try_new(r.center, r.half, r.rot)
    }
}

/// A polygon is `{"points": [[x, y], ...]}`, its vertices in order.
impl<const N: usize> Serialize for Polygon<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Polygon", 1)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

/// Through [`Polygon::try_new`]: an invalid vertex list is an error with
/// its message (such as `points[4]: not strictly convex (turns right)`).
impl<'de, const N: usize> Deserialize<'de> for Polygon<N> {
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        let raw = PolygonRaw::deserialize(d)?;
        Polygon::try_from(raw).map_err(de::Error::custom)
    }
}

/// The fields of a [`Polygon`], before [`Polygon::try_new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolygonRaw {
    points: Points,
}

/// A vertex list as read, without allocating: the first
/// [`MAX_VERTICES`] vertices and how many were given (the ones beyond are
/// counted, not read).
struct Points {
    count: u64,
    first: [Vec2; MAX_VERTICES],
}

impl<const N: usize> TryFrom<PolygonRaw> for Polygon<N> {
    type Error = Error;

    fn try_from(r: PolygonRaw) -> Result<Self, Error> {
        let Points { count, first } = r.points;
        match usize::try_from(count).ok().and_then(|n| first.get(..n)) {
            Some(points) => Polygon::try_from(points),
            None => Err(Error::VertexCount {
                field: Field::new("points"),
                count,
                max: N as u64,
            }),
        }
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        d.deserialize_seq(PointsVisitor)
    }
}

struct PointsVisitor;

impl<'de> Visitor<'de> for PointsVisitor {
    type Value = Points;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of vertices [x, y]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Points, A::Error> {
        let mut out = Points {
            count: 0,
            first: [Vec2::ZERO; MAX_VERTICES],
        };
        for slot in &mut out.first {
            match seq.next_element()? {
                Some(p) => *slot = p,
                None => return Ok(out),
            }
            out.count += 1;
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {
            out.count += 1;
        }
        Ok(out)
    }
}

/// Never serialized: there is no value.
impl Serialize for NoPolygon {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        match *self {}
    }
}

/// Always an error: a polygon in 3D (such as `{"polygon": {..}}` read as a
/// `Shape<3>`).
impl<'de> Deserialize<'de> for NoPolygon {
    fn deserialize<De: Deserializer<'de>>(_: De) -> Result<Self, De::Error> {
        Err(de::Error::custom("a polygon is 2D only"))
    }
}
