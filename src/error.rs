//! The one error type of the library: every rejected input names its field
//! (such as `min.x` or `axes[1].z`) and its value. Typed and allocation
//! free: a [`Field`] is a static name with an optional index and axis, and
//! every value is kept as a number, so an error costs nothing until it is
//! displayed.

use crate::num::{Exact, Fx};
use core::fmt;

const AXIS_NAMES: [&str; 3] = ["x", "y", "z"];

/// The name of an input field: a static name (`min`, `radius`, `axes`),
/// optionally an element index (`axes[1]`) and a vector component
/// (`axes[1].z`).
///
/// # Examples
/// ```
/// use fixed_collide::Field;
/// assert_eq!(Field::new("min").axis(0).to_string(), "min.x");
/// assert_eq!(Field::new("axes").index(1).axis(2).to_string(), "axes[1].z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    name: &'static str,
    index: Option<u32>,
    axis: Option<u8>,
}

impl Field {
    /// A field with the given name.
    pub const fn new(name: &'static str) -> Self {
        Self {
            name,
            index: None,
            axis: None,
        }
    }

    /// The component `i` of this vector field (`min` + 0 = `min.x`).
    #[must_use]
    pub const fn axis(self, i: usize) -> Self {
        Self {
            axis: Some(if i > u8::MAX as usize {
                u8::MAX
            } else {
                i as u8
            }),
            ..self
        }
    }

    /// The element `i` of this list field (`axes` + 1 = `axes[1]`).
    #[must_use]
    pub const fn index(self, i: usize) -> Self {
        Self {
            index: Some(if i > u32::MAX as usize {
                u32::MAX
            } else {
                i as u32
            }),
            ..self
        }
    }

    /// The static name, without index or component.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The element index, if any.
    pub const fn element(&self) -> Option<u32> {
        self.index
    }

    /// The vector component (0 = x), if any.
    pub const fn component(&self) -> Option<u8> {
        self.axis
    }

    /// Displays the field placed under `prefix` (`min.x` under `a` is
    /// `a.min.x`; an empty prefix leaves it as it is).
    pub fn under(self, prefix: &str) -> impl fmt::Display + '_ {
        Under(prefix, self)
    }
}

struct Under<'a>(&'a str, Field);

impl fmt::Display for Under<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.0.is_empty() {
            write!(f, "{}.", self.0)?;
        }
        self.1.fmt(f)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        if let Some(i) = self.index {
            write!(f, "[{i}]")?;
        }
        match self.axis.map(usize::from) {
            Some(a) => match AXIS_NAMES.get(a) {
                Some(n) => write!(f, ".{n}"),
                None => write!(f, "[{a}]"),
            },
            None => Ok(()),
        }
    }
}

/// Why an input was rejected. The message names the field and the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A magnitude above [`DOMAIN`](crate::num::DOMAIN) (2^20).
    OutOfDomain {
        /// The offending field.
        field: Field,
        /// Its value.
        value: Fx,
    },
    /// A half-size, radius or `max_t` below zero.
    Negative {
        /// The offending field.
        field: Field,
        /// Its value.
        value: Fx,
    },
    /// A box whose minimum exceeds its maximum on an axis.
    MinAboveMax {
        /// The minimum's field, such as `min.x`.
        min_field: Field,
        /// The minimum.
        min: Fx,
        /// The maximum's field, such as `max.x`.
        max_field: Field,
        /// The maximum.
        max: Fx,
    },
    /// A vector that must not be zero (a ray direction, a rotation axis, a
    /// quaternion) is zero.
    ZeroVector {
        /// The offending field.
        field: Field,
    },
    /// An axis component of a rotation above 2 in magnitude (before the
    /// orthonormality check, so that its products stay exact).
    AxisComponent {
        /// The offending field, such as `axes[1].z`.
        field: Field,
        /// Its value.
        value: Fx,
    },
    /// Given box axes that are not orthonormal within
    /// [`AXIS_TOLERANCE`](crate::rot::AXIS_TOLERANCE).
    NotOrthonormal {
        /// The offending field, such as `axes[0]` or `axes[0]*axes[1]`.
        field: Field,
        /// The measured dot product (1 expected for a length, 0 for a pair).
        value: Fx,
    },
    /// A rotation parameter of another dimension, such as an angle (2D)
    /// given for a 3D rotation (see [`RotSpec`](crate::RotSpec)).
    WrongDimension {
        /// The parameter's field: `angle` or `quat`.
        field: Field,
        /// The dimension the parameter is for.
        given: u8,
        /// The dimension of the rotation asked for.
        expected: u8,
    },
    /// An id given to [`Broadphase::insert`](crate::Broadphase::insert)
    /// that it already holds.
    DuplicateId {
        /// The id.
        id: u32,
    },
    /// An id the [`Broadphase`](crate::Broadphase) does not hold.
    UnknownId {
        /// The id.
        id: u32,
    },
    /// A [`Polygon`](crate::Polygon) of fewer than 3 vertices, or more
    /// than its capacity (64 for [`Polygon`](crate::Polygon), 8 for
    /// [`Polygon8`](crate::Polygon8)).
    VertexCount {
        /// The vertex list's field, `points`.
        field: Field,
        /// How many vertices were given.
        count: u64,
        /// The most the polygon holds.
        max: u64,
    },
    /// A vertex list that is not a strictly convex, counter-clockwise,
    /// simple polygon: the field names the vertex (`points[4]`).
    NotConvex {
        /// The vertex, such as `points[4]`.
        field: Field,
        /// What is wrong there.
        why: crate::shape::Convexity,
    },
    /// A pair of shapes a query does not take, such as a moving oriented
    /// box in a 3D [`shape_cast`](crate::shape_cast).
    UnsupportedPair {
        /// The first shape's field, such as `moving`.
        field: Field,
        /// The first shape's kind, such as `obb`.
        first: &'static str,
        /// The second shape's kind.
        second: &'static str,
        /// The dimension.
        dim: u8,
    },
    /// More items than a collection can index with `u32`.
    TooMany {
        /// The offending field, such as `boxes`.
        field: Field,
        /// How many were given.
        count: u64,
        /// The most it holds.
        max: u64,
    },
}

impl Error {
    /// The field the error names (for a box with `min > max`, the
    /// minimum's; `id` for an id error).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Ray2, Vec2};
    /// let e = Ray2::try_new(Vec2::ZERO, Vec2::ZERO, Fx::ONE).unwrap_err();
    /// assert_eq!(e.field().to_string(), "dir");
    /// ```
    pub fn field(&self) -> Field {
        match *self {
            Error::OutOfDomain { field, .. }
            | Error::Negative { field, .. }
            | Error::ZeroVector { field }
            | Error::AxisComponent { field, .. }
            | Error::NotOrthonormal { field, .. }
            | Error::WrongDimension { field, .. }
            | Error::TooMany { field, .. }
            | Error::VertexCount { field, .. }
            | Error::NotConvex { field, .. }
            | Error::UnsupportedPair { field, .. } => field,
            Error::MinAboveMax { min_field, .. } => min_field,
            Error::DuplicateId { .. } | Error::UnknownId { .. } => Field::new("id"),
        }
    }

    /// What is wrong, without the leading field name: the whole message is
    /// `"{field} {detail}"` or, for the errors that describe rather than
    /// compare ([`Error::separator`]), `"{field}: {detail}"`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let e = Aabb2::try_new(Vec2::from_ints([5, 0]), Vec2::from_ints([3, 1])).unwrap_err();
    /// assert_eq!(e.detail().to_string(), "5 > max.x 3");
    /// assert_eq!(e.detail().under("b").to_string(), "5 > b.max.x 3");
    /// ```
    pub fn detail(&self) -> Detail<'static> {
        Detail {
            error: *self,
            prefix: "",
        }
    }

    /// What stands between the field and the detail: `" "` where the
    /// detail goes on from the field's value (`min.x 5 > max.x 3`), `": "`
    /// where it describes the field (`dir: zero vector`).
    pub fn separator(&self) -> &'static str {
        match self {
            Error::ZeroVector { .. }
            | Error::NotOrthonormal { .. }
            | Error::AxisComponent { .. }
            | Error::WrongDimension { .. }
            | Error::DuplicateId { .. }
            | Error::UnknownId { .. }
            | Error::TooMany { .. }
            | Error::VertexCount { .. }
            | Error::NotConvex { .. }
            | Error::UnsupportedPair { .. } => ": ",
            _ => " ",
        }
    }

    /// The whole message with every field name placed under `prefix`, as an
    /// application that nests shapes in records reports it.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let e = Aabb2::try_new(Vec2::from_ints([5, 0]), Vec2::from_ints([3, 1])).unwrap_err();
    /// assert_eq!(e.under("a").to_string(), "a.min.x 5 > a.max.x 3");
    /// ```
    pub fn under<'a>(&self, prefix: &'a str) -> impl fmt::Display + 'a {
        let (field, sep, detail) = (self.field(), self.separator(), self.detail().under(prefix));
        Message(prefix, field, sep, detail)
    }
}

struct Message<'a>(&'a str, Field, &'static str, Detail<'a>);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.1.under(self.0), self.2, self.3)
    }
}

/// The detail of an [`Error`] (the message without its leading field),
/// displayable with any field it names placed under a prefix.
#[derive(Clone, Copy, Debug)]
pub struct Detail<'a> {
    error: Error,
    prefix: &'a str,
}

impl<'a> Detail<'a> {
    /// The same detail, naming its fields under `prefix`.
    pub fn under<'b>(self, prefix: &'b str) -> Detail<'b> {
        Detail {
            error: self.error,
            prefix,
        }
    }
}

impl fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            Error::OutOfDomain { value, .. } => write!(
                f,
                "{} is out of the domain |v| <= 1048576 (2^20)",
                Exact(value)
            ),
            Error::Negative { value, .. } => write!(f, "{} is negative", Exact(value)),
            Error::MinAboveMax {
                min,
                max_field,
                max,
                ..
            } => write!(
                f,
                "{} > {} {}",
                Exact(min),
                max_field.under(self.prefix),
                Exact(max)
            ),
            Error::ZeroVector { .. } => f.write_str("zero vector"),
            Error::AxisComponent { value, .. } => write!(
                f,
                "{} is out of range for an axis component (|c| <= 2)",
                Exact(value)
            ),
            Error::NotOrthonormal { value, .. } => write!(
                f,
                "dot product {}: axes are not orthonormal within 2^-20",
                Exact(value)
            ),
            Error::WrongDimension {
                given, expected, ..
            } => write!(
                f,
                "a {given}D rotation parameter cannot give a {expected}D rotation"
            ),
            Error::DuplicateId { id } => write!(f, "{id} is already in the broadphase"),
            Error::UnknownId { id } => write!(f, "{id} is not in the broadphase"),
            Error::VertexCount { count, max, .. } => write!(
                f,
                "{count} vertices; a polygon has {} to {max}",
                crate::shape::MIN_VERTICES,
            ),
            Error::NotConvex { why, .. } => write!(f, "{why}"),
            Error::UnsupportedPair {
                first, second, dim, ..
            } => write!(f, "{first} against {second} is not supported in {dim}D"),
            Error::TooMany { count, max, .. } => {
                write!(f, "{count} items; at most {max} can be held")
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.under("").fmt(f)
    }
}

impl core::error::Error for Error {}
