//! [`Shape`]: any one shape, for the generic queries.

use crate::shape::{Aabb, Ball, Capsule, Obb, Segment};

/// Any shape of dimension `D`, for the generic queries
/// ([`overlap`](crate::overlap), ...) that take every pair of shapes.
///
/// Every variant is the closed set of the shape it holds. With the feature
/// `serde` a shape is externally tagged by its lowercase name:
/// `{"sphere": {"center": [0, 0], "radius": 1}}`,
/// `{"segment": {"a": [0, 0], "b": [1, 0]}}`, and so on.
///
/// # Examples
/// ```
/// use fixed_collide::{Capsule2, Fx, Shape, Vec2};
/// let c = Capsule2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 0]), Fx::ONE).unwrap();
/// let s: Shape<2> = c.into();
/// assert_eq!(s, Shape::Capsule(c));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Shape<const D: usize> {
    /// An axis-aligned box.
    Aabb(Aabb<D>),
    /// An oriented box (the parallelepiped of its axes as given).
    Obb(Obb<D>),
    /// A ball: a circle in 2D, a sphere in 3D.
    Sphere(Ball<D>),
    /// A segment (a point when its end points are equal).
    Segment(Segment<D>),
    /// A capsule.
    Capsule(Capsule<D>),
}

impl<const D: usize> From<Aabb<D>> for Shape<D> {
    fn from(s: Aabb<D>) -> Self {
        Shape::Aabb(s)
    }
}

impl<const D: usize> From<Obb<D>> for Shape<D> {
    fn from(s: Obb<D>) -> Self {
        Shape::Obb(s)
    }
}

impl<const D: usize> From<Ball<D>> for Shape<D> {
    fn from(s: Ball<D>) -> Self {
        Shape::Sphere(s)
    }
}

impl<const D: usize> From<Segment<D>> for Shape<D> {
    fn from(s: Segment<D>) -> Self {
        Shape::Segment(s)
    }
}

impl<const D: usize> From<Capsule<D>> for Shape<D> {
    fn from(s: Capsule<D>) -> Self {
        Shape::Capsule(s)
    }
}
