//! What is wrong with an input line: [`ErrorKind`], [`InputError`] (one
//! record) and [`LineError`] (with its line number).

use super::Op;
use crate::{Error, Field};
use serde_json::value::RawValue;
use std::fmt;

/// The longest piece of an input value quoted in an error message, in bytes.
const EXCERPT_BYTES: usize = 64;

/// What is wrong with an input line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The line is empty or only whitespace.
    EmptyLine,
    /// The line is longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES),
    /// not counting its line end.
    LineTooLong,
    /// The line is not valid UTF-8.
    NotUtf8,
    /// The line is not valid JSON (or holds more than one value), starts
    /// with a byte order mark, or holds a lone surrogate escape.
    Syntax,
    /// The line is JSON but not an object.
    NotObject,
    /// A field appears twice in one object.
    DuplicateField,
    /// A field the op or the shape does not take, such as a typo.
    UnknownField,
    /// A required field is absent.
    MissingField,
    /// Fields that exclude each other: `min`/`max` with `center`/`half` in
    /// an aabb, or two rotations in an obb.
    ConflictingFields,
    /// A value of the wrong JSON type.
    WrongType,
    /// A list with the wrong number of elements (a vector not of 2 or 3, a
    /// quaternion not of 4).
    WrongLength,
    /// 2D and 3D operands in one line.
    MixedDimensions,
    /// An `op` that is not the name of one of [`Op::ALL`].
    UnknownOp,
    /// A number out of the range of [`Fx`](fixed_collide::Fx), or a number
    /// or string whose text is not a JSON number (such as `"1@2"`, `"+5"`,
    /// `".5"`, `"5."`, `"0010"`, `"NaN"`).
    NotRepresentable,
    /// A value a shape constructor rejects (a library [`Error`]): out of the
    /// domain, negative size, `min > max`, zero direction or quaternion,
    /// axes not orthonormal.
    Invalid,
}

/// Why one input record was rejected: the kind, the field (a dotted path
/// such as `a.min.x`, when the error is about one field) and a message that
/// quotes the value.
///
/// Displays as `field "a.min.x": 5 > a.max.x 3`, or as the message alone
/// when there is no field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// The field at fault, if the error is about one.
    pub field: Option<Field>,
    /// What is wrong with it, quoting the value.
    pub message: String,
}

impl InputError {
    pub(super) fn new(kind: ErrorKind, field: Option<&Field>, message: impl Into<String>) -> Self {
        Self {
            kind,
            field: field.cloned(),
            message: message.into(),
        }
    }

    pub(super) fn at(kind: ErrorKind, field: &Field, message: impl Into<String>) -> Self {
        Self::new(kind, Some(field), message)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "field \"{field}\": {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

impl From<Error> for InputError {
    /// The library error as an input error of kind [`ErrorKind::Invalid`],
    /// its field split out of the message.
    fn from(e: Error) -> Self {
        let (field, message) = (e.field().clone(), e.detail());
        Self::at(ErrorKind::Invalid, &field, message)
    }
}

/// An [`InputError`] with the physical line number (from 1) it occurred on.
///
/// Displays as `line 3: field "a.min.x": 5 > a.max.x 3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The physical line number, from 1.
    pub line: u64,
    /// What is wrong with the line.
    pub error: InputError,
}

impl LineError {
    /// The error as the answer line `{"error":"line N: ..."}` (without the
    /// line end).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::eval::eval_bytes;
    /// let e = eval_bytes(7, b"{\"op\":\"nope\"}").unwrap_err();
    /// assert!(e.to_json().starts_with(r#"{"error":"line 7: field \"op\": unknown op \"nope\""#));
    /// ```
    pub fn to_json(&self) -> String {
        let text = self.to_string();
        // Serializing a string cannot fail; fall back to a fixed text anyway.
        let quoted =
            serde_json::to_string(&text).unwrap_or_else(|_| String::from("\"unprintable error\""));
        format!("{{\"error\":{quoted}}}")
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// At most [`EXCERPT_BYTES`] of an input value, for an error message.
pub(super) fn excerpt(text: &str) -> String {
    if text.len() <= EXCERPT_BYTES {
        return text.to_string();
    }
    let mut end = EXCERPT_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

/// A value of the wrong JSON type at `field`; `expected` says what it
/// should be.
pub(super) fn wrong_type(field: &Field, expected: &str, raw: &RawValue) -> InputError {
    InputError::at(
        ErrorKind::WrongType,
        field,
        format!("expected {expected}, got {}", excerpt(raw.get())),
    )
}

/// A JSON syntax error found parsing `sub`, a slice of `line` (or the
/// line itself), located by its column in the whole line (from 1, in
/// bytes).
pub(super) fn syntax_in(line: &str, sub: &str, e: &serde_json::Error) -> InputError {
    let text = e.to_string();
    // serde_json ends its messages with " at line L column C"; a record is
    // one line, so keep only the column.
    let what = match text.rfind(" at line ") {
        Some(i) => &text[..i],
        None => &text,
    };
    let column = e.column().saturating_add(offset_in(line, sub));
    InputError::new(
        ErrorKind::Syntax,
        None,
        format!("invalid JSON at column {column}: {what}"),
    )
}

/// The byte offset of `sub` in `line` when it is a slice of it, else 0.
fn offset_in(line: &str, sub: &str) -> usize {
    let (start, at) = (line.as_ptr().addr(), sub.as_ptr().addr());
    match at.checked_sub(start) {
        Some(offset) if offset.saturating_add(sub.len()) <= line.len() => offset,
        _ => 0,
    }
}

/// A lone surrogate escape at byte `at` of `line` (see
/// [`lone_surrogate`](super::json::lone_surrogate)).
pub(super) fn lone_surrogate_error(line: &str, at: usize) -> InputError {
    let escape = line.get(at..at + 6).unwrap_or("\\u");
    InputError::new(
        ErrorKind::Syntax,
        None,
        format!(
            "invalid JSON at column {}: lone surrogate {escape} (a \\ud800-\\udbff escape must be followed by a \\udc00-\\udfff one)",
            at + 1
        ),
    )
}

/// The names of every op, for the messages of a missing or unknown op.
pub(super) fn op_names() -> String {
    Op::ALL.map(Op::name).join(", ")
}
