//! The operands of the ops, read from JSON straight into the library's
//! types: a vector, the shapes aabb, obb, sphere, segment, capsule,
//! polygon (2D) and ray, and any shape tagged by its kind. Each one is
//! an [`Operand`] impl; a new shape is a new impl here (and a row of the
//! shapes table in the module docs).

use super::error::{ErrorKind, InputError, excerpt};
use super::json::{Obj, Takes};
use super::reader::{Built, Operand, Reader, Stop, Why};
use crate::{Error, Field};
use fixed_collide::num::{Exact, Fx};
use fixed_collide::shape::{Aabb, Ball, Capsule, Polygon, Ray, Segment, Shape};
use fixed_collide::vec::{Vec2, Vector};
use fixed_collide::{Const, Dim, Obb, Rot, RotSpec};
use serde_json::value::RawValue;

/// A library constructor's error, placed under the shape's `path`.
fn under(path: &Field) -> impl Fn(fixed_collide::Error) -> InputError + '_ {
    move |e| InputError::from(Error::shape(path, e))
}

/// A vector operand, such as a displacement: `[x, y]` or `[x, y, z]`.
impl<const D: usize> Operand<D> for Vector<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        Ok(Ok(r.vector(raw, path)?))
    }
}

const AABB_FORMS: &str = "an aabb is {\"min\",\"max\"} or {\"center\",\"half\"}";

/// `{"min":[..],"max":[..]}` or `{"center":[..],"half":[..]}`.
impl<const D: usize> Operand<D> for Aabb<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "an aabb object")?;
        obj.check_keys(&["min", "max", "center", "half"], Takes::Text(AABB_FORMS))?;
        let corners = obj.get("min").is_some() || obj.get("max").is_some();
        let centered = obj.get("center").is_some() || obj.get("half").is_some();
        let built = if corners && centered {
            let name = if obj.get("center").is_some() {
                "center"
            } else {
                "half"
            };
            return Err(Stop::Bad(InputError::at(
                ErrorKind::ConflictingFields,
                &obj.field(name),
                format!("cannot be given with \"min\"/\"max\" ({AABB_FORMS})"),
            )));
        } else if centered {
            let center = r.vector_in(&obj, "center")?;
            let half = r.vector_in(&obj, "half")?;
            return Ok(Aabb::try_from_center_half(center, half)
                .map_err(|e| centered_error(path, &center, &half, e)));
        } else {
            let min = r.vector_in(&obj, "min")?;
            let max = r.vector_in(&obj, "max")?;
            Aabb::try_new(min, max)
        };
        Ok(built.map_err(under(path)))
    }
}

/// The error of an aabb given as `center` and `half` at `path`, naming the
/// fields the line gave. The library checks the corners `center - half`
/// and `center + half` as `min` and `max`, which the line does not have: a
/// corner out of the domain is reported as `center.x` with `half.x` and the
/// corner's value.
fn centered_error<const D: usize>(
    path: &Field,
    center: &Vector<D>,
    half: &Vector<D>,
    e: fixed_collide::Error,
) -> InputError {
    let fixed_collide::Error::OutOfDomain { field, .. } = e else {
        return under(path)(e);
    };
    let sign = match field.name() {
        "min" => '-',
        "max" => '+',
        _ => return under(path)(e),
    };
    let Some(i) = field.component().map(usize::from).filter(|&i| i < D) else {
        return under(path)(e);
    };
    InputError::at(
        ErrorKind::Invalid,
        &path.join("center").axis(i),
        format!(
            "{} {sign} {} {} = {}",
            Exact(center.0[i]),
            path.join("half").axis(i),
            Exact(half.0[i]),
            e.detail()
        ),
    )
}

/// An obb's rotation as read, before it is built.
enum RotIn<const D: usize> {
    Axes([Vector<D>; D]),
    Quat([Fx; 4]),
    Angle(Fx),
}

impl<const D: usize> RotIn<D>
where
    Const<D>: Dim<D>,
{
    /// The rotation, or the library's error placed under the obb `path`
    /// (a quaternion in 2D or an angle in 3D is the library's
    /// `WrongDimension`; the reader makes a line with a quaternion 3D and
    /// one with an angle 2D, so it does not arise from a line).
    fn build(self, path: &Field) -> Built<Rot<D>> {
        match self {
            RotIn::Axes(axes) => Rot::try_from_axes(axes),
            RotIn::Quat(q) => Rot::try_from_spec(&RotSpec::Quat(q)),
            RotIn::Angle(a) => Rot::try_from_spec(&RotSpec::Angle(a)),
        }
        .map_err(under(path))
    }
}

/// The rotation keys of an obb, of which it takes exactly one.
#[derive(Clone, Copy)]
enum RotKey {
    Axes,
    Quat,
    Angle,
}

const ROTATIONS: [(RotKey, &str); 3] = [
    (RotKey::Axes, "axes"),
    (RotKey::Quat, "quat"),
    (RotKey::Angle, "angle"),
];

/// `{"center":[..],"half":[..]}` and one rotation: `"axes":[[..],..]`
/// (`axes[i]` paired with `half[i]`), `"quat":[w,x,y,z]` (3D) or
/// `"angle":a` (2D, radians).
impl<const D: usize> Operand<D> for Obb<D>
where
    Const<D>: Dim<D>,
{
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "an obb object")?;
        obj.check_keys(
            &["center", "half", "axes", "quat", "angle"],
            Takes::Text(
                "an obb takes \"center\", \"half\" and one of \"axes\", \"quat\" (3D), \"angle\" (2D)",
            ),
        )?;
        let center = r.vector_in(&obj, "center")?;
        let half = r.vector_in(&obj, "half")?;
        let given: Vec<(RotKey, &str)> = ROTATIONS
            .into_iter()
            .filter(|(_, k)| obj.get(k).is_some())
            .collect();
        let rot = match given.as_slice() {
            [] => {
                return Err(Stop::Bad(InputError::at(
                    ErrorKind::MissingField,
                    path,
                    "no rotation: give one of \"axes\", \"quat\" (3D) or \"angle\" (2D)",
                )));
            }
            [(_, first), (_, second), ..] => {
                return Err(Stop::Bad(InputError::at(
                    ErrorKind::ConflictingFields,
                    &obj.field(second),
                    format!("cannot be given with \"{first}\" (an obb takes one rotation)"),
                )));
            }
            [(RotKey::Axes, _)] => RotIn::Axes(read_axes(r, &obj)?),
            [(RotKey::Quat, _)] => RotIn::Quat(read_quat(r, &obj)?),
            [(RotKey::Angle, _)] => {
                let field = obj.field("angle");
                r.dimension(2, &field, Why::Angle)?;
                RotIn::Angle(r.number(obj.require("angle")?, || field)?)
            }
        };
        Ok(rot
            .build(path)
            .and_then(|rot| Obb::try_new(center, half, rot).map_err(under(path))))
    }
}

/// An obb's `axes`: `D` vectors of `D` numbers.
fn read_axes<const D: usize>(r: &mut Reader<'_, D>, obj: &Obj<'_>) -> Result<[Vector<D>; D], Stop> {
    let field = obj.field("axes");
    let raw = obj.require("axes")?;
    let items = r.array(raw, &field, "an array of 2 or 3 axis vectors")?;
    let n = items.len();
    if !(2..=3).contains(&n) {
        return Err(Stop::Bad(InputError::at(
            ErrorKind::WrongLength,
            &field,
            format!("expected 2 or 3 axes, got {n}: {}", excerpt(raw.get())),
        )));
    }
    r.dimension(n, &field, Why::Axes)?;
    // `n == D` from here.
    let mut axes = [Vector([Fx::ZERO; D]); D];
    for (i, (axis, item)) in axes.iter_mut().zip(&items).enumerate() {
        *axis = r.vector(item, &field.index(i))?;
    }
    Ok(axes)
}

/// An obb's `quat`: `[w, x, y, z]`, which makes the line 3D.
fn read_quat<const D: usize>(r: &mut Reader<'_, D>, obj: &Obj<'_>) -> Result<[Fx; 4], Stop> {
    let field = obj.field("quat");
    let raw = obj.require("quat")?;
    let items = r.array(raw, &field, "an array of 4 numbers [w, x, y, z]")?;
    if items.len() != 4 {
        return Err(Stop::Bad(InputError::at(
            ErrorKind::WrongLength,
            &field,
            format!(
                "expected 4 components [w, x, y, z], got {}: {}",
                items.len(),
                excerpt(raw.get())
            ),
        )));
    }
    r.dimension(3, &field, Why::Quat)?;
    let mut q = [Fx::ZERO; 4];
    for (i, (slot, item)) in q.iter_mut().zip(&items).enumerate() {
        *slot = r.number(item, || field.index(i))?;
    }
    Ok(q)
}

/// `{"center":[..],"radius":r}` (a circle in 2D).
impl<const D: usize> Operand<D> for Ball<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a sphere object")?;
        obj.check_keys(
            &["center", "radius"],
            Takes::Text("a sphere takes \"center\", \"radius\""),
        )?;
        let center = r.vector_in(&obj, "center")?;
        let radius = r.number(obj.require("radius")?, || obj.field("radius"))?;
        Ok(Ball::try_new(center, radius).map_err(under(path)))
    }
}

/// `{"origin":[..],"dir":[..],"max_t":t}`, `max_t` optional (unbounded).
impl<const D: usize> Operand<D> for Ray<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a ray object")?;
        obj.check_keys(
            &["origin", "dir", "max_t"],
            Takes::Text("a ray takes \"origin\", \"dir\" and optionally \"max_t\""),
        )?;
        let origin = r.vector_in(&obj, "origin")?;
        let dir = r.vector_in(&obj, "dir")?;
        let built = match obj.get("max_t") {
            Some(raw) => Ray::try_new(origin, dir, r.number(raw, || obj.field("max_t"))?),
            None => Ray::try_unbounded(origin, dir),
        };
        Ok(built.map_err(under(path)))
    }
}

/// `{"a":[..],"b":[..]}` (`a = b` is a point).
impl<const D: usize> Operand<D> for Segment<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a segment object")?;
        obj.check_keys(&["a", "b"], Takes::Text("a segment takes \"a\", \"b\""))?;
        let a = r.vector_in(&obj, "a")?;
        let b = r.vector_in(&obj, "b")?;
        Ok(Segment::try_new(a, b).map_err(under(path)))
    }
}

/// `{"a":[..],"b":[..],"radius":r}`: every point within `radius` of the
/// segment `a b`.
impl<const D: usize> Operand<D> for Capsule<D> {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a capsule object")?;
        obj.check_keys(
            &["a", "b", "radius"],
            Takes::Text("a capsule takes \"a\", \"b\", \"radius\""),
        )?;
        let a = r.vector_in(&obj, "a")?;
        let b = r.vector_in(&obj, "b")?;
        let radius = r.number(obj.require("radius")?, || obj.field("radius"))?;
        Ok(Capsule::try_new(a, b, radius).map_err(under(path)))
    }
}

/// `{"points":[[x,y],..]}`: a convex polygon, its vertices
/// counter-clockwise. 2D only: the polygon makes the line 2D (before its
/// points are read), so a polygon in a 3D line, or with a point of 3
/// components, is a mixed-dimensions error naming the field; the
/// library's checks name the vertex (`a.polygon.points[4]`).
impl<const D: usize> Operand<D> for Polygon {
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a polygon object")?;
        obj.check_keys(&["points"], Takes::Text("a polygon takes \"points\""))?;
        r.dimension(2, path, Why::Polygon)?;
        let field = obj.field("points");
        let items = r.array(
            obj.require("points")?,
            &field,
            "an array of vertices [x, y]",
        )?;
        let mut points = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            points.push(flat(&r.vector(item, &field.index(i))?));
        }
        Ok(Polygon::try_new(&points).map_err(under(path)))
    }
}

/// The first two components of `v`: all of it once the line is 2D.
fn flat<const D: usize>(v: &Vector<D>) -> Vec2 {
    let mut p = Vec2::ZERO;
    for (slot, c) in p.0.iter_mut().zip(v.0) {
        *slot = c;
    }
    p
}

/// The tags of a [`Shape`] operand.
const SHAPE_TAGS: [&str; 6] = ["aabb", "obb", "sphere", "segment", "capsule", "polygon"];

const SHAPE_FORMS: &str = "a shape is one of {\"aabb\":..}, {\"obb\":..}, {\"sphere\":..}, \
     {\"segment\":..}, {\"capsule\":..}, {\"polygon\":..}";

/// Any shape, tagged by its kind: `{"aabb":{..}}`, `{"obb":{..}}`,
/// `{"sphere":{..}}`, `{"segment":{..}}`, `{"capsule":{..}}` or
/// `{"polygon":{..}}` (2D), each as its own operand under the tag (so
/// errors name `a.capsule.radius`).
impl<const D: usize> Operand<D> for Shape<D>
where
    Const<D>: Dim<D>,
{
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop> {
        let mut obj = r.object(raw, path, "a shape object")?;
        obj.check_keys(&SHAPE_TAGS, Takes::Text(SHAPE_FORMS))?;
        let given: Vec<&str> = SHAPE_TAGS
            .into_iter()
            .filter(|k| obj.get(k).is_some())
            .collect();
        let tag = match given.as_slice() {
            [tag] => *tag,
            [] => {
                return Err(Stop::Bad(InputError::at(
                    ErrorKind::MissingField,
                    path,
                    format!("no shape ({SHAPE_FORMS})"),
                )));
            }
            [first, second, ..] => {
                return Err(Stop::Bad(InputError::at(
                    ErrorKind::ConflictingFields,
                    &obj.field(second),
                    format!("cannot be given with \"{first}\" (a shape has one kind)"),
                )));
            }
        };
        let (inner, field) = (obj.require(tag)?, obj.field(tag));
        Ok(match tag {
            "aabb" => Aabb::read(r, inner, &field)?.map(Shape::from),
            "obb" => Obb::read(r, inner, &field)?.map(Shape::from),
            "sphere" => Ball::read(r, inner, &field)?.map(Shape::from),
            "segment" => Segment::read(r, inner, &field)?.map(Shape::from),
            "capsule" => Capsule::read(r, inner, &field)?.map(Shape::from),
            _ => Polygon::read(r, inner, &field)?.and_then(|p| {
                // The polygon made the line 2D: this is `Some`.
                Shape::try_from_polygon(p).ok_or_else(|| {
                    InputError::at(ErrorKind::MixedDimensions, &field, "a polygon is 2D only")
                })
            }),
        })
    }
}
