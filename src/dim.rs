//! The dimensions the library supports, 2 and 3, behind one sealed trait
//! [`Dim`], implemented for the markers [`Const<2>`](Const) and
//! [`Const<3>`](Const) only.
//!
//! Most of the library is written once for any `D` (an axis loop over
//! `[Fx; D]` serves both dimensions). The few pieces that differ by dimension
//! live here, each written per dimension:
//!
//! - the separating-axis test of two oriented boxes (4 axes in 2D, 15 in 3D),
//!   behind [`obb_overlap`](crate::obb_overlap);
//! - the parameters of a rotation (an angle in 2D, a quaternion in 3D),
//!   behind [`Rot::try_from_spec`](crate::Rot::try_from_spec) and
//!   [`Rot::FORM`](crate::Rot::FORM);
//! - the convex polygon, which exists in 2D only: the associated type
//!   [`Dim::Polygon`] is [`Polygon`] in 2D and the uninhabited
//!   [`NoPolygon`] in 3D, so that [`Shape::Polygon`]
//!   can hold a polygon in `Shape<2>` and nothing in `Shape<3>` (which
//!   keeps its size), with the generic queries reaching the polygon's own
//!   through [`Dim::polygon_shape_overlap`] and [`Dim::ray_polygon`].
//!
//! Code generic over the dimension carries the one bound
//! `where Const<D>: Dim<D>`, which admits exactly `D = 2` and `D = 3`.
//! (The trait repeats `D` because a trait cannot name `Obb<D>` from its
//! implementing type alone.) Every call through it is static: the trait adds
//! no indirection.
//!
//! ```
//! use fixed_collide::{Const, Dim, Fx, Obb, Rot, RotSpec, Vector, obb_overlap};
//!
//! /// A box and the same box turned by `spec`: do they overlap?
//! fn overlaps_turned<const D: usize>(b: &Obb<D>, spec: &RotSpec) -> bool
//! where
//!     Const<D>: Dim<D>,
//! {
//!     let rot = Rot::<D>::try_from_spec(spec).unwrap();
//!     let turned = Obb::try_new(b.center(), b.half(), rot).unwrap();
//!     obb_overlap(b, &turned)
//! }
//!
//! let b = Obb::<2>::try_new(Vector::from_ints([0, 0]), Vector::from_ints([1, 1]), Rot::identity()).unwrap();
//! assert!(overlaps_turned(&b, &RotSpec::Angle(Fx::ONE)));
//! ```

use crate::query::polygon::{polygon_shape_overlap, ray_polygon};
use crate::query::ray::RayHit;
use crate::query::sat;
use crate::rot::{Rot, RotForm, RotSpec};
use crate::shape::{Obb, Polygon, Ray, Shape};
use crate::vec::Vec2;
use crate::{Error, Field};
use core::fmt::Debug;
use core::hash::Hash;

/// The marker of the dimension `D`: `Const<2>` and `Const<3>` implement
/// [`Dim`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Const<const D: usize>;

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Const<2> {}
    impl Sealed for super::Const<3> {}
}

/// A dimension the library supports (sealed: implemented for
/// [`Const<2>`](Const) and [`Const<3>`](Const) only). It carries what differs
/// between 2D and 3D; generic code names it as the bound
/// `where Const<D>: Dim<D>` and calls the public functions it stands behind
/// ([`obb_overlap`](crate::obb_overlap),
/// [`Rot::try_from_spec`](crate::Rot::try_from_spec), [`Rot::FORM`]).
///
/// # Examples
/// ```
/// use fixed_collide::{Const, Dim, Obb, obb_overlap};
/// fn touching<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> bool
/// where
///     Const<D>: Dim<D>,
/// {
///     obb_overlap(a, b)
/// }
/// # use fixed_collide::{Obb2, Rot2, Vec2};
/// # let a = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1]), Rot2::identity()).unwrap();
/// # assert!(touching(&a, &a));
/// ```
pub trait Dim<const D: usize>: sealed::Sealed {
    /// How a rotation of this dimension is given by parameters:
    /// [`RotForm::Angle`] in 2D, [`RotForm::Quat`] in 3D.
    const ROT_FORM: RotForm;

    /// Whether `a` and `b` overlap as closed sets, by the separating-axis
    /// test of this dimension: exactly [`obb_overlap`](crate::obb_overlap),
    /// which calls it.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Const, Dim, Obb2, Rot2, Vec2};
    /// let a = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1]), Rot2::identity()).unwrap();
    /// let b = Obb2::try_new(Vec2::from_ints([2, 0]), Vec2::from_ints([1, 1]), Rot2::identity()).unwrap();
    /// assert!(Const::<2>::obb_overlap(&a, &b)); // touching faces
    /// ```
    fn obb_overlap(a: &Obb<D>, b: &Obb<D>) -> bool;

    /// The rotation given by `spec`: exactly
    /// [`Rot::try_from_spec`](crate::Rot::try_from_spec), which calls it.
    ///
    /// # Errors
    /// [`Error::WrongDimension`] for a spec of the other dimension, and the
    /// errors of the constructor it calls.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Const, Dim, Fx, Rot2, RotSpec};
    /// let r = Const::<2>::rot_from_spec(&RotSpec::Angle(Fx::ZERO)).unwrap();
    /// assert_eq!(r, Rot2::identity());
    /// ```
    fn rot_from_spec(spec: &RotSpec) -> Result<Rot<D>, Error>;

    /// The convex polygon of this dimension, held by
    /// [`Shape::Polygon`]: [`Polygon`] in 2D, the
    /// uninhabited [`NoPolygon`] in 3D (no `Shape<3>` holds a polygon, and
    /// the variant adds nothing to its size).
    type Polygon: Copy + Debug + Eq + Hash;

    /// `p` as the polygon of this dimension: `Some(p)` in 2D, `None` in 3D.
    /// [`Shape::try_from_polygon`] calls
    /// it.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Const, Dim, Polygon, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let tri = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 3)]).unwrap();
    /// assert_eq!(Const::<2>::polygon(tri), Some(tri));
    /// assert!(Const::<3>::polygon(tri).is_none());
    /// ```
    fn polygon(p: Polygon) -> Option<Self::Polygon>;

    /// The vertices of the polygon `p`, counter-clockwise: exactly
    /// [`Polygon::points`] in 2D (for code generic over the dimension,
    /// such as [`shape_cast`](crate::shape_cast)); in 3D there is no
    /// polygon to call it with.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Const, Dim, Polygon, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let tri = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 3)]).unwrap();
    /// assert_eq!(Const::<2>::polygon_points(&tri), tri.points());
    /// ```
    fn polygon_points(p: &Self::Polygon) -> &[Vec2];

    /// Whether the polygon `p` and the shape `s` overlap as closed sets:
    /// exactly [`polygon_shape_overlap`] in
    /// 2D (the generic [`overlap`](crate::overlap) calls it); in 3D there
    /// is no polygon to call it with.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Const, Dim, Polygon, Shape, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let tri = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 4)]).unwrap();
    /// let b = Aabb2::try_new(v(2, 2), v(3, 3)).unwrap(); // its corner on the hypotenuse
    /// assert!(Const::<2>::polygon_shape_overlap(&tri, &Shape::from(b)));
    /// ```
    fn polygon_shape_overlap(p: &Self::Polygon, s: &Shape<D>) -> bool
    where
        Const<D>: Dim<D>;

    /// The first point of `ray` in the polygon `p`: exactly
    /// [`ray_polygon`] in 2D (the generic
    /// [`ray_cast`](crate::ray_cast) calls it); in 3D there is no polygon
    /// to call it with.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Const, Dim, Fx, Polygon, Ray2, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let tri = Polygon::try_new(&[v(2, -2), v(6, 0), v(2, 2)]).unwrap();
    /// let r = Ray2::try_unbounded(v(0, 0), v(1, 0)).unwrap();
    /// assert_eq!(Const::<2>::ray_polygon(&r, &tri).unwrap().t, Fx::from_num(2));
    /// ```
    fn ray_polygon(ray: &Ray<D>, p: &Self::Polygon) -> Option<RayHit<D>>;
}

/// The polygon of 3D: a type with no value (convex polygons are 2D only).
/// It is [`Dim::Polygon`] for [`Const<3>`](Const), so that
/// [`Shape::Polygon`] cannot be built in 3D and
/// `Shape<3>` is no larger for the variant.
///
/// With the feature `serde`, deserializing one is always an error (`a
/// polygon is 2D only`): `{"polygon": {..}}` is refused as a `Shape<3>`.
///
/// # Examples
/// ```
/// use fixed_collide::{NoPolygon, Shape};
/// // Every `Shape<3>` is one of the other variants.
/// fn never(p: &NoPolygon) -> Shape<3> {
///     match *p {}
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoPolygon {}

/// The error for a rotation parameter given in the wrong dimension.
fn wrong_dimension(spec: &RotSpec, dim: u8) -> Error {
    let (name, given) = match spec {
        RotSpec::Angle(_) => ("angle", 2),
        RotSpec::Quat(_) => ("quat", 3),
    };
    Error::WrongDimension {
        field: Field::new(name),
        given,
        expected: dim,
    }
}

/// 2D: 4 separating axes; rotations from an angle.
impl Dim<2> for Const<2> {
    const ROT_FORM: RotForm = RotForm::Angle;

    #[inline]
    fn obb_overlap(a: &Obb<2>, b: &Obb<2>) -> bool {
        sat::overlap2(a, b)
    }

    fn rot_from_spec(spec: &RotSpec) -> Result<Rot<2>, Error> {
        match spec {
            RotSpec::Angle(angle) => Ok(Rot::from_angle(*angle)),
            RotSpec::Quat(_) => Err(wrong_dimension(spec, 2)),
        }
    }

    type Polygon = Polygon;

    fn polygon(p: Polygon) -> Option<Polygon> {
        Some(p)
    }

    fn polygon_points(p: &Polygon) -> &[Vec2] {
        p.points()
    }

    #[inline]
    fn polygon_shape_overlap(p: &Polygon, s: &Shape<2>) -> bool {
        polygon_shape_overlap(p, s)
    }

    #[inline]
    fn ray_polygon(ray: &Ray<2>, p: &Polygon) -> Option<RayHit<2>> {
        ray_polygon(ray, p)
    }
}

/// 3D: 15 separating axes; rotations from a quaternion.
impl Dim<3> for Const<3> {
    const ROT_FORM: RotForm = RotForm::Quat;

    #[inline]
    fn obb_overlap(a: &Obb<3>, b: &Obb<3>) -> bool {
        sat::overlap3(a, b)
    }

    fn rot_from_spec(spec: &RotSpec) -> Result<Rot<3>, Error> {
        match spec {
            RotSpec::Quat(q) => Rot::try_from_quat(*q),
            RotSpec::Angle(_) => Err(wrong_dimension(spec, 3)),
        }
    }

    type Polygon = NoPolygon;

    fn polygon(_: Polygon) -> Option<NoPolygon> {
        None
    }

    fn polygon_points(p: &NoPolygon) -> &[Vec2] {
        match *p {}
    }

    fn polygon_shape_overlap(p: &NoPolygon, _: &Shape<3>) -> bool {
        match *p {}
    }

    fn ray_polygon(_: &Ray<3>, p: &NoPolygon) -> Option<RayHit<3>> {
        match *p {}
    }
}
