//! Field paths and input errors of the application: a record nests shapes
//! (`a.min.x`, `bodies[3].vel.y`), so its paths are built at run time,
//! where the library names only a shape's own fields.

use std::borrow::Cow;
use std::fmt;

/// The dotted path of an input field, such as `a.min.x` or
/// `scene.bodies[3].vel`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field(Cow<'static, str>);

const AXIS_NAMES: [&str; 3] = ["x", "y", "z"];

impl Field {
    /// A field with the given name (a `&'static str` name is not copied).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::Field;
    /// assert_eq!(Field::new("min").axis(0).to_string(), "min.x");
    /// ```
    pub fn new(name: impl Into<Cow<'static, str>>) -> Self {
        Self(name.into())
    }

    /// The sub-field `name` of this one (`a` + `min` = `a.min`).
    pub fn join(&self, name: &str) -> Self {
        if self.0.is_empty() {
            Self(Cow::Owned(name.to_string()))
        } else {
            Self(Cow::Owned(format!("{}.{}", self.0, name)))
        }
    }

    /// The component `i` of this vector field (`min` + 0 = `min.x`).
    pub fn axis(&self, i: usize) -> Self {
        match AXIS_NAMES.get(i) {
            Some(n) => self.join(n),
            None => Self(Cow::Owned(format!("{}[{i}]", self.0))),
        }
    }

    /// The element `i` of this list field (`axes` + 1 = `axes[1]`).
    pub fn index(&self, i: usize) -> Self {
        Self(Cow::Owned(format!("{}[{i}]", self.0)))
    }

    /// The dotted name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why an input record was rejected: a shape the library refused, placed
/// under the record's path, or a check of the application's own.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A library constructor refused a shape found at `at` (such as `a`).
    Shape {
        /// The path of the shape in the record (empty at the top).
        at: Field,
        /// The library's error, naming the shape's own field.
        error: fixed_collide::Error,
    },
    /// A structural problem with an input record: wrong length, unknown
    /// name, out-of-order entry.
    Invalid {
        /// The offending field.
        field: Field,
        /// What is wrong, with the value.
        reason: String,
    },
    /// A float or text at the boundary that is not a representable
    /// `I32F32`.
    NotRepresentable {
        /// The offending field.
        field: Field,
        /// The input's text.
        value: String,
    },
}

impl Error {
    /// The library error `error` about a shape at `at`.
    pub fn shape(at: &Field, error: fixed_collide::Error) -> Self {
        Error::Shape {
            at: at.clone(),
            error,
        }
    }

    /// The field the error names, as a whole path.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// use fixed_collide_cli::{Error, Field};
    /// let e = Aabb2::try_new(Vec2::from_ints([5, 0]), Vec2::from_ints([3, 1])).unwrap_err();
    /// let e = Error::shape(&Field::new("a"), e);
    /// assert_eq!(e.field().as_str(), "a.min.x");
    /// assert_eq!(e.to_string(), "a.min.x 5 > a.max.x 3");
    /// ```
    pub fn field(&self) -> Field {
        match self {
            Error::Shape { at, error } => at.join(&error.field().to_string()),
            Error::Invalid { field, .. } | Error::NotRepresentable { field, .. } => field.clone(),
        }
    }

    /// What is wrong, without the leading field name.
    pub fn detail(&self) -> String {
        match self {
            Error::Shape { at, error } => error.detail().under(at.as_str()).to_string(),
            Error::Invalid { reason, .. } => reason.clone(),
            Error::NotRepresentable { value, .. } => {
                format!("{value} is not representable as I32F32")
            }
        }
    }
}

impl From<fixed_collide::Error> for Error {
    fn from(error: fixed_collide::Error) -> Self {
        Error::shape(&Field::new(""), error)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Shape { at, error } => error.under(at.as_str()).fmt(f),
            Error::Invalid { field, reason } => write!(f, "{field}: {reason}"),
            Error::NotRepresentable { field, .. } => write!(f, "{field} {}", self.detail()),
        }
    }
}

impl std::error::Error for Error {}
