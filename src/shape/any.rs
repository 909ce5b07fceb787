//! [`Shape`]: any one shape, for the generic queries.

use crate::dim::{Const, Dim};
use crate::shape::{Aabb, Ball, Capsule, Obb, Polygon, Segment};

/// Any shape of dimension `D`, for the generic queries
/// ([`overlap`](crate::overlap), ...) that take every pair of shapes.
///
/// Every variant is the closed set of the shape it holds. With the feature
/// `serde` a shape is externally tagged by its lowercase name:
/// `{"sphere": {"center": [0, 0], "radius": 1}}`,
/// `{"segment": {"a": [0, 0], "b": [1, 0]}}`,
/// `{"polygon": {"points": [[0, 0], [1, 0], [0, 1]]}}`, and so on.
///
/// **The polygon is 2D only, by type.** [`Shape::Polygon`] holds the
/// dimension's [`Dim::Polygon`]: a [`Polygon`] in `Shape<2>`, the
/// uninhabited [`NoPolygon`](crate::NoPolygon) in `Shape<3>`, which can
/// therefore never hold one (a `match` on a `Shape<3>` still names the
/// variant, as `Shape::Polygon(p) => match *p {}`) and is no larger for
/// it. That is why the type carries the bound `Const<D>: Dim<D>` (`D` is
/// 2 or 3), as the generic queries do.
///
/// **Size.** A polygon is stored inline (up to 64 vertices, 1 KiB), so a
/// `Shape<2>` is about 1 KiB whatever it holds: the queries take shapes by
/// reference; copy one only when needed. A `Shape<3>` is no larger than
/// it would be without the variant.
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
    serde(
        rename_all = "lowercase",
        bound(
            serialize = "<Const<D> as Dim<D>>::Polygon: serde::Serialize",
            deserialize = "<Const<D> as Dim<D>>::Polygon: serde::Deserialize<'de>"
        )
    )
)]
#[non_exhaustive]
pub enum Shape<const D: usize>
where
    Const<D>: Dim<D>,
{
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
    /// A convex polygon: 2D only ([`Polygon`] in `Shape<2>`; no value in
    /// `Shape<3>`).
    Polygon(<Const<D> as Dim<D>>::Polygon),
}

impl<const D: usize> Shape<D>
where
    Const<D>: Dim<D>,
{
    /// The polygon `p` as a shape of this dimension: `Some` in 2D (as
    /// `Shape::from(p)`), `None` in 3D, where there are no polygons. For
    /// code generic over the dimension.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Polygon, Shape, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let tri = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 3)]).unwrap();
    /// assert_eq!(Shape::<2>::try_from_polygon(tri), Some(Shape::Polygon(tri)));
    /// assert_eq!(Shape::<3>::try_from_polygon(tri), None);
    /// ```
    pub fn try_from_polygon(p: Polygon) -> Option<Self> {
        <Const<D> as Dim<D>>::polygon(p).map(Shape::Polygon)
    }
}

/// Any capacity: a [`Polygon8`](crate::Polygon8) is held as the same
/// polygon with room for 64 vertices ([`Polygon::to_polygon`]).
impl<const N: usize> From<Polygon<N>> for Shape<2> {
    fn from(p: Polygon<N>) -> Self {
        Shape::Polygon(p.to_polygon())
    }
}

impl<const D: usize> From<Aabb<D>> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn from(s: Aabb<D>) -> Self {
        Shape::Aabb(s)
    }
}

impl<const D: usize> From<Obb<D>> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn from(s: Obb<D>) -> Self {
        Shape::Obb(s)
    }
}

impl<const D: usize> From<Ball<D>> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn from(s: Ball<D>) -> Self {
        Shape::Sphere(s)
    }
}

impl<const D: usize> From<Segment<D>> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn from(s: Segment<D>) -> Self {
        Shape::Segment(s)
    }
}

impl<const D: usize> From<Capsule<D>> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn from(s: Capsule<D>) -> Self {
        Shape::Capsule(s)
    }
}
