//! Reading a line's operands in its dimension `D`, straight into typed
//! values ([`Vector<D>`], shapes).
//!
//! The dimension of a line is that of its first vector (or rotation) in
//! reading order, and every later one must agree. A line is read as 2D
//! first: the first vector either agrees, or stops the reading with
//! [`Stop::Dimension`] and the line is read again as 3D. Only the part of
//! the line before that vector is read twice, and the order of the checks
//! (hence which error a bad line reports) is the same in both passes.

use super::error::{ErrorKind, InputError, excerpt};
use super::json::{Obj, parse_array, parse_number};
use crate::Field;
use fixed_collide::num::Fx;
use fixed_collide::vec::Vector;
use serde_json::value::RawValue;

/// Why reading a line stopped.
#[derive(Debug)]
pub(super) enum Stop {
    /// The line is bad.
    Bad(InputError),
    /// The line's first vector (or rotation) makes it this many dimensional,
    /// not the dimension being read.
    Dimension(usize),
}

impl From<InputError> for Stop {
    fn from(e: InputError) -> Self {
        Stop::Bad(e)
    }
}

impl Stop {
    /// The error to answer with. A [`Stop::Dimension`] left over is not
    /// expected (a line is read again in the dimension it names) but is
    /// rejected rather than answered in another dimension.
    pub(super) fn into_error(self) -> InputError {
        match self {
            Stop::Bad(e) => e,
            Stop::Dimension(d) => InputError::new(
                ErrorKind::MixedDimensions,
                None,
                format!("the line could not be read as {d}D"),
            ),
        }
    }
}

/// A value a shape constructor returned: the value, or the constructor's
/// error. An operand's constructor error is reported only if no operand of
/// the line has an error of form (type, length, dimension, number), so the
/// operands are all read before one is refused.
pub(super) type Built<T> = Result<T, InputError>;

/// How a field sets the dimension, for the message of a mismatch.
#[derive(Clone, Copy, Debug)]
pub(super) enum Why {
    /// A vector's number of components.
    Components,
    /// An obb's number of axes.
    Axes,
    /// A quaternion (3D only).
    Quat,
    /// An angle (2D only).
    Angle,
    /// A polygon (2D only).
    Polygon,
}

impl Why {
    fn describe(self, d: usize) -> String {
        match self {
            Why::Components => format!("{d} components"),
            Why::Axes => format!("{d} axes"),
            Why::Quat => String::from("a quaternion"),
            Why::Angle => String::from("an angle"),
            Why::Polygon => String::from("a polygon"),
        }
    }
}

/// A value an op takes (a vector or a shape), read from the line's JSON in
/// the dimension `D`.
pub(super) trait Operand<const D: usize>: Sized {
    /// Reads the operand found at `path`. An error of form stops the line
    /// (`Err`); a value the shape's constructor refuses comes back inside
    /// (`Ok(Err(..))`, see [`Built`]).
    fn read(r: &mut Reader<'_, D>, raw: &RawValue, path: &Field) -> Result<Built<Self>, Stop>;
}

/// The reader of one line in the dimension `D`: it remembers the field that
/// set the dimension, to name it when a later one disagrees, and holds the
/// line, so that an error in a value is located in the whole line.
pub(super) struct Reader<'l, const D: usize> {
    line: &'l str,
    first: Option<(Field, Why)>,
}

impl<'l, const D: usize> Reader<'l, D> {
    /// The reader of `line`, before any field has set its dimension.
    pub(super) fn new(line: &'l str) -> Self {
        Self { line, first: None }
    }

    /// The object `raw` (a slice of the line) at `path`; `what` describes
    /// it for a type error.
    pub(super) fn object<'a>(
        &self,
        raw: &'a RawValue,
        path: &Field,
        what: &str,
    ) -> Result<Obj<'a>, InputError>
    where
        'l: 'a,
    {
        Obj::parse(self.line, raw, path, what)
    }

    /// The array `raw` (a slice of the line) at `field`; `what` describes
    /// it for a type error.
    pub(super) fn array<'a>(
        &self,
        raw: &'a RawValue,
        field: &Field,
        what: &str,
    ) -> Result<Vec<&'a RawValue>, InputError> {
        parse_array(self.line, raw, field, what)
    }

    /// The number `raw` (a slice of the line); `field` names it, built
    /// only for an error.
    pub(super) fn number(
        &self,
        raw: &RawValue,
        field: impl FnOnce() -> Field,
    ) -> Result<Fx, InputError> {
        parse_number(self.line, raw, field)
    }

    /// Whether some field has set the dimension.
    pub(super) fn has_dimension(&self) -> bool {
        self.first.is_some()
    }

    /// Records or checks that `field` makes the line `d`-dimensional;
    /// `why` says how. The first such field of a line that is not `D`
    /// stops the reading with [`Stop::Dimension`].
    pub(super) fn dimension(&mut self, d: usize, field: &Field, why: Why) -> Result<(), Stop> {
        match &self.first {
            None if d == D => {
                self.first = Some((field.clone(), why));
                Ok(())
            }
            None => Err(Stop::Dimension(d)),
            Some(_) if d == D => Ok(()),
            Some((f0, why0)) => Err(Stop::Bad(InputError::at(
                ErrorKind::MixedDimensions,
                field,
                format!(
                    "{d}D ({}), but field \"{f0}\" is {D}D ({}); \
                     a line's operands must be all 2D or all 3D",
                    why.describe(d),
                    why0.describe(D)
                ),
            ))),
        }
    }

    /// A vector of `D` numbers at `field` (2 or 3, and the line's
    /// dimension).
    pub(super) fn vector(&mut self, raw: &RawValue, field: &Field) -> Result<Vector<D>, Stop> {
        let items = self.array(raw, field, "an array of 2 or 3 numbers")?;
        let n = items.len();
        if !(2..=3).contains(&n) {
            return Err(Stop::Bad(InputError::at(
                ErrorKind::WrongLength,
                field,
                format!(
                    "expected 2 or 3 components, got {n}: {}",
                    excerpt(raw.get())
                ),
            )));
        }
        self.dimension(n, field, Why::Components)?;
        // `n == D` from here.
        let mut v = [Fx::ZERO; D];
        for (i, (slot, item)) in v.iter_mut().zip(&items).enumerate() {
            *slot = self.number(item, || field.axis(i))?;
        }
        Ok(Vector(v))
    }

    /// The vector member `key` of `obj` (which must have it).
    pub(super) fn vector_in(&mut self, obj: &Obj<'_>, key: &str) -> Result<Vector<D>, Stop> {
        self.vector(obj.require(key)?, &obj.field(key))
    }

    /// The operand member `key` of `obj` (which must have it).
    pub(super) fn operand<T: Operand<D>>(
        &mut self,
        obj: &Obj<'_>,
        key: &str,
    ) -> Result<Built<T>, Stop> {
        T::read(self, obj.require(key)?, &obj.field(key))
    }
}
