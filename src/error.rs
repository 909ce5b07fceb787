//! The one error type of the library: every rejected input names its field
//! (a dotted path such as `a.min.x`) and its value.

use crate::num::Fx;
use std::borrow::Cow;
use std::fmt;

/// The dotted name of an input field, such as `min.x` or `obb.axes[1].z`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field(Cow<'static, str>);

const AXIS_NAMES: [&str; 3] = ["x", "y", "z"];

impl Field {
    /// A field with the given name (a `&'static str` name is not copied:
    /// building the field of a valid input costs nothing).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Field;
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

    /// This field placed under `prefix` (`min.x` under `a` = `a.min.x`).
    pub fn within(&self, prefix: &str) -> Self {
        Field::new(prefix.to_string()).join(&self.0)
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

/// Why an input was rejected. The message names the field and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Given box axes that are not orthonormal within
    /// [`AXIS_TOLERANCE`](crate::rot::AXIS_TOLERANCE).
    NotOrthonormal {
        /// The offending field, such as `axes[0]` or `axes[0]*axes[1]`.
        field: Field,
        /// The measured dot product (1 expected for a length, 0 for a pair).
        value: Fx,
    },
    /// A structural problem with an input record: wrong length, unknown
    /// name, out-of-order entry.
    Invalid {
        /// The offending field.
        field: Field,
        /// What is wrong, with the value.
        reason: String,
    },
    /// A float at the boundary that is NaN, infinite or out of the range of
    /// [`Fx`].
    NotRepresentable {
        /// The offending field.
        field: Field,
        /// The float's text.
        value: String,
    },
}

impl Error {
    /// The same error with every field name placed under `prefix`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let e = Aabb2::try_new(Vec2::from_ints([5, 0]), Vec2::from_ints([3, 1])).unwrap_err();
    /// assert_eq!(e.within("a").to_string(), "a.min.x 5 > a.max.x 3");
    /// ```
    pub fn within(self, prefix: &str) -> Self {
        match self {
            Error::OutOfDomain { field, value } => Error::OutOfDomain {
                field: field.within(prefix),
                value,
            },
            Error::Negative { field, value } => Error::Negative {
                field: field.within(prefix),
                value,
            },
            Error::MinAboveMax {
                min_field,
                min,
                max_field,
                max,
            } => Error::MinAboveMax {
                min_field: min_field.within(prefix),
                min,
                max_field: max_field.within(prefix),
                max,
            },
            Error::ZeroVector { field } => Error::ZeroVector {
                field: field.within(prefix),
            },
            Error::NotOrthonormal { field, value } => Error::NotOrthonormal {
                field: field.within(prefix),
                value,
            },
            Error::NotRepresentable { field, value } => Error::NotRepresentable {
                field: field.within(prefix),
                value,
            },
            Error::Invalid { field, reason } => Error::Invalid {
                field: field.within(prefix),
                reason,
            },
        }
    }
}

impl Error {
    /// The field the error names (for a box with `min > max`, the minimum's).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Ray2, Vec2};
    /// let e = Ray2::try_new(Vec2::ZERO, Vec2::ZERO, Fx::ONE).unwrap_err();
    /// assert_eq!(e.field().as_str(), "dir");
    /// ```
    pub fn field(&self) -> &Field {
        match self {
            Error::OutOfDomain { field, .. }
            | Error::Negative { field, .. }
            | Error::ZeroVector { field }
            | Error::NotOrthonormal { field, .. }
            | Error::NotRepresentable { field, .. }
            | Error::Invalid { field, .. } => field,
            Error::MinAboveMax { min_field, .. } => min_field,
        }
    }

    /// What is wrong, without the leading field name: the message is
    /// `"{field} {detail}"` or `"{field}: {detail}"`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let e = Aabb2::try_new(Vec2::from_ints([5, 0]), Vec2::from_ints([3, 1])).unwrap_err();
    /// assert_eq!(e.detail(), "5 > max.x 3");
    /// ```
    pub fn detail(&self) -> String {
        let t = crate::convert::fx_to_text;
        match self {
            Error::OutOfDomain { value, .. } => {
                format!("{} is out of the domain |v| <= 1048576 (2^20)", t(*value))
            }
            Error::Negative { value, .. } => format!("{} is negative", t(*value)),
            Error::MinAboveMax {
                min,
                max_field,
                max,
                ..
            } => format!("{} > {max_field} {}", t(*min), t(*max)),
            Error::ZeroVector { .. } => "zero vector".to_string(),
            Error::NotOrthonormal { value, .. } => {
                format!(
                    "dot product {}: axes are not orthonormal within 2^-20",
                    t(*value)
                )
            }
            Error::NotRepresentable { value, .. } => {
                format!("{value} is not representable as I32F32")
            }
            Error::Invalid { reason, .. } => reason.clone(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ZeroVector { .. } | Error::NotOrthonormal { .. } | Error::Invalid { .. } => {
                write!(f, "{}: {}", self.field(), self.detail())
            }
            _ => write!(f, "{} {}", self.field(), self.detail()),
        }
    }
}

impl std::error::Error for Error {}
