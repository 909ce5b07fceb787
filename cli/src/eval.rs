//! The `eval` command: collision queries as JSON Lines, one answer a line.
//!
//! Every input line is one JSON object `{"op": NAME, ...operands}` and gets
//! exactly one output line, in order: the answer, or
//! `{"error":"line N: field \"a.min.x\": ..."}`. [`eval_stream`] runs a whole
//! stream, [`eval_line`] one record. This is the protocol of DESIGN.md's
//! "The command line".
//!
//! # Input
//!
//! The dimension follows the vector length (2 or 3) and must be the same for
//! every vector of a line.
//!
//! | shape | fields |
//! |---|---|
//! | aabb | `{"min":[..],"max":[..]}` or `{"center":[..],"half":[..]}` |
//! | obb | `{"center":[..],"half":[..]}` and one rotation: `"axes":[[..],[..](,[..])]` (`axes[i]` is paired with `half[i]`), `"quat":[w,x,y,z]` (3D) or `"angle":a` (2D, radians) |
//! | sphere (circle) | `{"center":[..],"radius":r}` |
//! | ray | `{"origin":[..],"dir":[..],"max_t":t}`, `max_t` optional (unbounded) |
//!
//! | op | operands | fields of a hit, after `"hit":true` |
//! |---|---|---|
//! | `aabb_overlap` | `a`, `b` (aabbs) | none |
//! | `aabb_intersection` | `a`, `b` | `box` (`{"min","max"}`) |
//! | `aabb_contact` | `a`, `b` | `normal`, `depth`, `point` |
//! | `aabb_sweep` | `stationary`, `moving` (aabbs), `d` (vector) | `t_enter`, `t_exit`, `normal`, `overlapping` |
//! | `aabb_sweep_pair` | `a`, `va`, `b`, `vb` | `u0`, `u1` |
//! | `ray_aabb` | `ray`, `aabb` | `t`, `point`, `normal`, `inside` |
//! | `ray_obb` | `ray`, `obb` | `t`, `point`, `normal`, `inside` |
//! | `obb_overlap` | `a`, `b` (obbs) | none |
//! | `sphere_aabb` | `sphere`, `aabb` | `point` |
//! | `sphere_obb` | `sphere`, `obb` | `point` |
//!
//! A miss is exactly `{"hit":false}`. Answers are written with the keys in
//! the order above, no spaces, every number as a JSON string.
//!
//! # Numbers
//!
//! Numbers are JSON numbers or strings, read from their decimal text exactly
//! as `I32F32::from_str` reads it ([`fx_from_str`]), never through a float:
//! `0.1` is the [`Fx`] nearest to one tenth. Answers write each number as
//! its [`Fx`] `Display`, which parses back to the same bits.
//!
//! # Errors
//!
//! A bad line answers `{"error": "line N: ..."}` naming the line (its
//! physical line number, from 1), the field as a dotted path and the value.
//! Everything is checked: JSON syntax, the object, the op, missing,
//! duplicated and unknown fields (a typo is never ignored), types, vector
//! lengths, one dimension per line, representable numbers, and every shape
//! constructor's own checks (domain, `min > max`, negative sizes, zero
//! direction, non-orthonormal axes). An empty or blank line is an error too,
//! so that output line N always answers input line N. See [`ErrorKind`].
//!
//! # Examples
//! ```
//! use fixed_collide_cli::eval::eval_line;
//! let hit = eval_line(r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"center":[2,1],"half":[1,1]}}"#);
//! assert_eq!(hit.unwrap().to_json(), r#"{"hit":true}"#);
//! let bad = eval_line(r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[5,0],"max":[3,1]}}"#);
//! assert_eq!(bad.unwrap_err().to_string(), r#"field "b.min.x": 5 > b.max.x 3"#);
//! ```

use crate::convert::fx_from_str;
use crate::{Error, Field};
use fixed_collide::num::Fx;
use fixed_collide::query::ball::{BallHit, sphere_aabb};
use fixed_collide::query::contact::aabb_contact;
use fixed_collide::query::obb::{obb_overlap, ray_obb, sphere_obb};
use fixed_collide::query::overlap::{aabb_intersection, aabb_overlap};
use fixed_collide::query::ray::{RayHit, ray_aabb};
use fixed_collide::query::sweep::{aabb_sweep, aabb_sweep_pair};
use fixed_collide::shape::{Aabb, Ball, Ray};
use fixed_collide::vec::Vector;
use fixed_collide::{Obb, Rot};
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::{self, BufRead, BufWriter, Write};

/// The longest input line read, in bytes (1 MiB, without the line end). A
/// longer line is skipped to its end without being stored and answered with
/// [`ErrorKind::LineTooLong`], so no input can make the reader hold more.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The names of the ops, in the order of the protocol.
pub const OPS: [&str; 10] = [
    "aabb_overlap",
    "aabb_intersection",
    "aabb_contact",
    "aabb_sweep",
    "aabb_sweep_pair",
    "ray_aabb",
    "ray_obb",
    "obb_overlap",
    "sphere_aabb",
    "sphere_obb",
];

/// The longest piece of an input value quoted in an error message, in bytes.
const EXCERPT_BYTES: usize = 64;

// ---------------------------------------------------------------------------
// Answers

/// One value of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Value {
    /// `true` or `false`.
    Bool(bool),
    /// A number, written as a JSON string.
    Num(Fx),
    /// A vector (2 or 3 numbers), written as an array of strings.
    Vector(Vec<Fx>),
    /// A box, written as `{"min":[..],"max":[..]}`.
    Box {
        /// The minimum corner.
        min: Vec<Fx>,
        /// The maximum corner.
        max: Vec<Fx>,
    },
}

impl Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Num(x) => write_num(out, *x),
            Value::Vector(v) => write_vector(out, v),
            Value::Box { min, max } => {
                out.push_str("{\"min\":");
                write_vector(out, min);
                out.push_str(",\"max\":");
                write_vector(out, max);
                out.push('}');
            }
        }
    }
}

fn write_num(out: &mut String, x: Fx) {
    // Plain decimal (digits, '-', '.'): nothing to escape; parses back to
    // the same bits (fixed's `Display` alone does not always).
    let _ = write!(out, "\"{}\"", crate::convert::fx_to_text(x));
}

fn write_vector(out: &mut String, v: &[Fx]) {
    out.push('[');
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_num(out, *x);
    }
    out.push(']');
}

/// The answer to one query: `hit` first, then the op's fields in the fixed
/// order of the protocol (none on a miss).
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::{eval_line, Value};
/// use fixed_collide::Fx;
/// let a = eval_line(r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0]},"aabb":{"min":[2,-1],"max":[4,1]}}"#).unwrap();
/// assert!(a.is_hit());
/// assert_eq!(a.get("t"), Some(&Value::Num(Fx::from_num(2))));
/// assert_eq!(a.to_json(), r#"{"hit":true,"t":"2","point":["2","0"],"normal":["-1","0"],"inside":false}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    fields: Vec<(&'static str, Value)>,
}

impl Answer {
    /// `{"hit":false}`.
    fn miss() -> Self {
        Self {
            fields: vec![("hit", Value::Bool(false))],
        }
    }

    /// `{"hit":true, ...fields}`.
    fn hit(fields: Vec<(&'static str, Value)>) -> Self {
        let mut all = Vec::with_capacity(fields.len() + 1);
        all.push(("hit", Value::Bool(true)));
        all.extend(fields);
        Self { fields: all }
    }

    /// A hit with `fields`, or a miss.
    fn from_option<T>(
        found: Option<T>,
        fields: impl FnOnce(T) -> Vec<(&'static str, Value)>,
    ) -> Self {
        match found {
            Some(t) => Self::hit(fields(t)),
            None => Self::miss(),
        }
    }

    /// Whether the query hit (the `hit` field).
    pub fn is_hit(&self) -> bool {
        matches!(self.fields.first(), Some((_, Value::Bool(true))))
    }

    /// The value of a field, such as `"t"`; `None` when the answer has no
    /// such field.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    /// Every field in output order, `hit` first.
    pub fn fields(&self) -> &[(&'static str, Value)] {
        &self.fields
    }

    /// The answer as one line of JSON (without the line end): keys in fixed
    /// order, no spaces, numbers as strings.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64);
        out.push('{');
        for (i, (k, v)) in self.fields.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(k);
            out.push_str("\":");
            v.write_json(&mut out);
        }
        out.push('}');
        out
    }
}

// ---------------------------------------------------------------------------
// Errors

/// What is wrong with an input line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The line is empty or only whitespace.
    EmptyLine,
    /// The line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// The line is not valid UTF-8.
    NotUtf8,
    /// The line is not valid JSON (or holds more than one value).
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
    /// An `op` that is not one of [`OPS`].
    UnknownOp,
    /// A number out of the range of [`Fx`], or a string that is not a
    /// decimal number.
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
    fn new(kind: ErrorKind, field: Option<&Field>, message: impl Into<String>) -> Self {
        Self {
            kind,
            field: field.cloned(),
            message: message.into(),
        }
    }

    fn at(kind: ErrorKind, field: &Field, message: impl Into<String>) -> Self {
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
fn excerpt(text: &str) -> String {
    if text.len() <= EXCERPT_BYTES {
        return text.to_string();
    }
    let mut end = EXCERPT_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

fn wrong_type(field: &Field, expected: &str, raw: &RawValue) -> InputError {
    InputError::at(
        ErrorKind::WrongType,
        field,
        format!("expected {expected}, got {}", excerpt(raw.get())),
    )
}

fn syntax(e: &serde_json::Error) -> InputError {
    let text = e.to_string();
    // serde_json ends its messages with " at line L column C"; a record is
    // one line, so keep only the column.
    let what = match text.rfind(" at line ") {
        Some(i) => &text[..i],
        None => &text,
    };
    InputError::new(
        ErrorKind::Syntax,
        None,
        format!("invalid JSON at column {}: {what}", e.column()),
    )
}

// ---------------------------------------------------------------------------
// Reading JSON values without losing the text of numbers

/// The members of a JSON object in input order, values unparsed.
struct Members<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

/// An object key, borrowed from the input unless it has escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut members = Vec::new();
                while let Some((Key(k), v)) = map.next_entry::<Key<'de>, &'de RawValue>()? {
                    members.push((k, v));
                }
                Ok(Members(members))
            }
        }
        d.deserialize_map(MembersVisitor)
    }
}

/// A JSON object whose keys were checked against the ones its place allows.
struct Obj<'a> {
    path: Field,
    members: Vec<(Cow<'a, str>, &'a RawValue)>,
    /// What the object takes, for the message of a missing field.
    takes: Takes,
}

/// What an object takes, described in the message of a missing field.
#[derive(Clone, Copy)]
enum Takes {
    Text(&'static str),
    Op(Op),
}

impl fmt::Display for Takes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Takes::Text(text) => f.write_str(text),
            Takes::Op(op) => {
                write!(f, "{} takes ", op.name())?;
                for (i, k) in op.keys()[1..].iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    write!(f, "{sep}\"{k}\"")?;
                }
                Ok(())
            }
        }
    }
}

impl<'a> Obj<'a> {
    /// Parses `raw` as an object (`what` describes it for a type error).
    fn parse(raw: &'a RawValue, path: &Field, what: &str) -> Result<Self, InputError> {
        if !raw.get().starts_with('{') {
            return Err(wrong_type(path, what, raw));
        }
        let Members(members) = serde_json::from_str(raw.get()).map_err(|e| syntax(&e))?;
        Ok(Self {
            path: path.clone(),
            members,
            takes: Takes::Text(""),
        })
    }

    /// Rejects keys not in `allowed` and keys given twice, first in input
    /// order. Linear: a duplicate can only be among the allowed keys.
    /// `takes` describes the object's fields for later errors.
    fn check_keys(&mut self, allowed: &[&str], takes: Takes) -> Result<(), InputError> {
        self.takes = takes;
        let mut seen = Vec::with_capacity(allowed.len());
        for (key, _) in &self.members {
            let field = self.path.join(key);
            if !allowed.contains(&key.as_ref()) {
                let list = allowed
                    .iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(InputError::at(
                    ErrorKind::UnknownField,
                    &field,
                    format!("unknown field (expected {list})"),
                ));
            }
            if seen.contains(&key.as_ref()) {
                return Err(InputError::at(
                    ErrorKind::DuplicateField,
                    &field,
                    "given more than once",
                ));
            }
            seen.push(key.as_ref());
        }
        Ok(())
    }

    fn field(&self, name: &str) -> Field {
        self.path.join(name)
    }

    fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.members
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| *v)
    }

    fn require(&self, name: &str) -> Result<&'a RawValue, InputError> {
        self.get(name).ok_or_else(|| {
            InputError::at(
                ErrorKind::MissingField,
                &self.field(name),
                format!("missing ({})", self.takes),
            )
        })
    }
}

/// Parses `raw` as an array (`what` describes it for a type error).
fn parse_array<'a>(
    raw: &'a RawValue,
    field: &Field,
    what: &str,
) -> Result<Vec<&'a RawValue>, InputError> {
    if !raw.get().starts_with('[') {
        return Err(wrong_type(field, what, raw));
    }
    serde_json::from_str(raw.get()).map_err(|e| syntax(&e))
}

/// A number from a JSON number or a JSON string, read from its decimal text
/// exactly (never through a float).
/// `field` names the number, built only for an error.
fn parse_number(raw: &RawValue, field: impl FnOnce() -> Field) -> Result<Fx, InputError> {
    let text = raw.get();
    let unquoted;
    let decimal: &str = match text.as_bytes().first() {
        // A JSON number: its text is exactly as written in the input.
        Some(b'-' | b'0'..=b'9') => text,
        Some(b'"') => {
            unquoted = serde_json::from_str::<String>(text).map_err(|e| syntax(&e))?;
            &unquoted
        }
        _ => {
            return Err(wrong_type(
                &field(),
                "a number (a JSON number or a decimal string)",
                raw,
            ));
        }
    };
    // The real field name is built only on error: `fx_from_str` gets an
    // empty one (which does not allocate).
    fx_from_str(decimal, &Field::new("")).map_err(|_| {
        let why = match decimal.parse::<Fx>() {
            Err(e) => e.to_string(),
            Ok(_) => String::from("rejected"),
        };
        InputError::at(
            ErrorKind::NotRepresentable,
            &field(),
            format!(
                "{} is not a number representable as I32F32 ({why})",
                excerpt(text)
            ),
        )
    })
}

/// How a field sets the dimension, for the message of a mismatch.
#[derive(Clone, Copy)]
enum Why {
    Components,
    Axes,
    Quat,
    Angle,
}

impl Why {
    fn describe(self, d: usize) -> String {
        match self {
            Why::Components => format!("{d} components"),
            Why::Axes => format!("{d} axes"),
            Why::Quat => String::from("a quaternion"),
            Why::Angle => String::from("an angle"),
        }
    }
}

/// The dimension of a line: set by its first vector (or rotation), checked
/// against every later one.
#[derive(Default)]
struct Dims {
    first: Option<(usize, Field, Why)>,
}

impl Dims {
    /// Records or checks that `field` makes the line `d`-dimensional;
    /// `why` says how.
    fn check(&mut self, d: usize, field: &Field, why: Why) -> Result<(), InputError> {
        match &self.first {
            None => {
                self.first = Some((d, field.clone(), why));
                Ok(())
            }
            Some((d0, _, _)) if *d0 == d => Ok(()),
            Some((d0, f0, why0)) => Err(InputError::at(
                ErrorKind::MixedDimensions,
                field,
                format!(
                    "{d}D ({}), but field \"{f0}\" is {d0}D ({}); \
                     a line's operands must be all 2D or all 3D",
                    why.describe(d),
                    why0.describe(*d0)
                ),
            )),
        }
    }

    fn get(&self) -> Option<usize> {
        self.first.as_ref().map(|(d, _, _)| *d)
    }
}

/// A vector of 2 or 3 numbers.
fn parse_vector(raw: &RawValue, field: &Field, dims: &mut Dims) -> Result<Vec<Fx>, InputError> {
    let items = parse_array(raw, field, "an array of 2 or 3 numbers")?;
    let n = items.len();
    if !(2..=3).contains(&n) {
        return Err(InputError::at(
            ErrorKind::WrongLength,
            field,
            format!(
                "expected 2 or 3 components, got {n}: {}",
                excerpt(raw.get())
            ),
        ));
    }
    dims.check(n, field, Why::Components)?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| parse_number(item, || field.axis(i)))
        .collect()
}

// ---------------------------------------------------------------------------
// Shapes as read, before the dimension is known

enum AabbForm {
    MinMax(Vec<Fx>, Vec<Fx>),
    CenterHalf(Vec<Fx>, Vec<Fx>),
}

struct AabbSpec {
    path: Field,
    form: AabbForm,
}

enum RotSpec {
    Axes(Vec<Vec<Fx>>),
    Quat([Fx; 4]),
    Angle(Fx),
}

struct ObbSpec {
    path: Field,
    center: Vec<Fx>,
    half: Vec<Fx>,
    rot: RotSpec,
}

struct BallSpec {
    path: Field,
    center: Vec<Fx>,
    radius: Fx,
}

struct RaySpec {
    path: Field,
    origin: Vec<Fx>,
    dir: Vec<Fx>,
    max_t: Option<Fx>,
}

const AABB_FORMS: &str = "an aabb is {\"min\",\"max\"} or {\"center\",\"half\"}";

fn parse_aabb(raw: &RawValue, path: &Field, dims: &mut Dims) -> Result<AabbSpec, InputError> {
    let mut obj = Obj::parse(raw, path, "an aabb object")?;
    obj.check_keys(&["min", "max", "center", "half"], Takes::Text(AABB_FORMS))?;
    let corners = obj.get("min").is_some() || obj.get("max").is_some();
    let centered = obj.get("center").is_some() || obj.get("half").is_some();
    let form = if corners && centered {
        let name = if obj.get("center").is_some() {
            "center"
        } else {
            "half"
        };
        return Err(InputError::at(
            ErrorKind::ConflictingFields,
            &obj.field(name),
            format!("cannot be given with \"min\"/\"max\" ({AABB_FORMS})"),
        ));
    } else if centered {
        let center = parse_vector(obj.require("center")?, &obj.field("center"), dims)?;
        let half = parse_vector(obj.require("half")?, &obj.field("half"), dims)?;
        AabbForm::CenterHalf(center, half)
    } else {
        let min = parse_vector(obj.require("min")?, &obj.field("min"), dims)?;
        let max = parse_vector(obj.require("max")?, &obj.field("max"), dims)?;
        AabbForm::MinMax(min, max)
    };
    Ok(AabbSpec {
        path: path.clone(),
        form,
    })
}

const ROTATIONS: [&str; 3] = ["axes", "quat", "angle"];

fn parse_obb(raw: &RawValue, path: &Field, dims: &mut Dims) -> Result<ObbSpec, InputError> {
    let mut obj = Obj::parse(raw, path, "an obb object")?;
    obj.check_keys(
        &["center", "half", "axes", "quat", "angle"],
        Takes::Text(
            "an obb takes \"center\", \"half\" and one of \"axes\", \"quat\" (3D), \"angle\" (2D)",
        ),
    )?;
    let center = parse_vector(obj.require("center")?, &obj.field("center"), dims)?;
    let half = parse_vector(obj.require("half")?, &obj.field("half"), dims)?;
    let given: Vec<&str> = ROTATIONS
        .into_iter()
        .filter(|k| obj.get(k).is_some())
        .collect();
    let rot = match given.as_slice() {
        [] => {
            return Err(InputError::at(
                ErrorKind::MissingField,
                path,
                "no rotation: give one of \"axes\", \"quat\" (3D) or \"angle\" (2D)",
            ));
        }
        [_, second, ..] => {
            return Err(InputError::at(
                ErrorKind::ConflictingFields,
                &obj.field(second),
                format!(
                    "cannot be given with \"{}\" (an obb takes one rotation)",
                    given[0]
                ),
            ));
        }
        ["axes"] => {
            let field = obj.field("axes");
            let raw = obj.require("axes")?;
            let items = parse_array(raw, &field, "an array of 2 or 3 axis vectors")?;
            let n = items.len();
            if !(2..=3).contains(&n) {
                return Err(InputError::at(
                    ErrorKind::WrongLength,
                    &field,
                    format!("expected 2 or 3 axes, got {n}: {}", excerpt(raw.get())),
                ));
            }
            dims.check(n, &field, Why::Axes)?;
            let axes = items
                .iter()
                .enumerate()
                .map(|(i, item)| parse_vector(item, &field.index(i), dims))
                .collect::<Result<_, _>>()?;
            RotSpec::Axes(axes)
        }
        ["quat"] => {
            let field = obj.field("quat");
            let raw = obj.require("quat")?;
            let items = parse_array(raw, &field, "an array of 4 numbers [w, x, y, z]")?;
            if items.len() != 4 {
                return Err(InputError::at(
                    ErrorKind::WrongLength,
                    &field,
                    format!(
                        "expected 4 components [w, x, y, z], got {}: {}",
                        items.len(),
                        excerpt(raw.get())
                    ),
                ));
            }
            dims.check(3, &field, Why::Quat)?;
            let mut q = [Fx::ZERO; 4];
            for (i, (slot, item)) in q.iter_mut().zip(&items).enumerate() {
                *slot = parse_number(item, || field.index(i))?;
            }
            RotSpec::Quat(q)
        }
        _ => {
            let field = obj.field("angle");
            dims.check(2, &field, Why::Angle)?;
            RotSpec::Angle(parse_number(obj.require("angle")?, || field)?)
        }
    };
    Ok(ObbSpec {
        path: path.clone(),
        center,
        half,
        rot,
    })
}

fn parse_ball(raw: &RawValue, path: &Field, dims: &mut Dims) -> Result<BallSpec, InputError> {
    let mut obj = Obj::parse(raw, path, "a sphere object")?;
    obj.check_keys(
        &["center", "radius"],
        Takes::Text("a sphere takes \"center\", \"radius\""),
    )?;
    let center = parse_vector(obj.require("center")?, &obj.field("center"), dims)?;
    let radius = parse_number(obj.require("radius")?, || obj.field("radius"))?;
    Ok(BallSpec {
        path: path.clone(),
        center,
        radius,
    })
}

fn parse_ray(raw: &RawValue, path: &Field, dims: &mut Dims) -> Result<RaySpec, InputError> {
    let mut obj = Obj::parse(raw, path, "a ray object")?;
    obj.check_keys(
        &["origin", "dir", "max_t"],
        Takes::Text("a ray takes \"origin\", \"dir\" and optionally \"max_t\""),
    )?;
    let origin = parse_vector(obj.require("origin")?, &obj.field("origin"), dims)?;
    let dir = parse_vector(obj.require("dir")?, &obj.field("dir"), dims)?;
    let max_t = match obj.get("max_t") {
        Some(raw) => Some(parse_number(raw, || obj.field("max_t"))?),
        None => None,
    };
    Ok(RaySpec {
        path: path.clone(),
        origin,
        dir,
        max_t,
    })
}

// ---------------------------------------------------------------------------
// Ops

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    AabbOverlap,
    AabbIntersection,
    AabbContact,
    AabbSweep,
    AabbSweepPair,
    RayAabb,
    RayObb,
    ObbOverlap,
    SphereAabb,
    SphereObb,
}

impl Op {
    const ALL: [Op; 10] = [
        Op::AabbOverlap,
        Op::AabbIntersection,
        Op::AabbContact,
        Op::AabbSweep,
        Op::AabbSweepPair,
        Op::RayAabb,
        Op::RayObb,
        Op::ObbOverlap,
        Op::SphereAabb,
        Op::SphereObb,
    ];

    /// The op's name, as in [`OPS`].
    fn name(self) -> &'static str {
        match self {
            Op::AabbOverlap => "aabb_overlap",
            Op::AabbIntersection => "aabb_intersection",
            Op::AabbContact => "aabb_contact",
            Op::AabbSweep => "aabb_sweep",
            Op::AabbSweepPair => "aabb_sweep_pair",
            Op::RayAabb => "ray_aabb",
            Op::RayObb => "ray_obb",
            Op::ObbOverlap => "obb_overlap",
            Op::SphereAabb => "sphere_aabb",
            Op::SphereObb => "sphere_obb",
        }
    }

    fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }

    /// The keys of the op's record: `op` and its operands.
    fn keys(self) -> &'static [&'static str] {
        match self {
            Op::AabbOverlap | Op::AabbIntersection | Op::AabbContact | Op::ObbOverlap => {
                &["op", "a", "b"]
            }
            Op::AabbSweep => &["op", "stationary", "moving", "d"],
            Op::AabbSweepPair => &["op", "a", "va", "b", "vb"],
            Op::RayAabb => &["op", "ray", "aabb"],
            Op::RayObb => &["op", "ray", "obb"],
            Op::SphereAabb => &["op", "sphere", "aabb"],
            Op::SphereObb => &["op", "sphere", "obb"],
        }
    }
}

/// The operands of a line, read and typed but not yet built into shapes.
enum Args {
    Overlap(AabbSpec, AabbSpec),
    Intersection(AabbSpec, AabbSpec),
    Contact(AabbSpec, AabbSpec),
    Sweep(AabbSpec, AabbSpec, Vec<Fx>),
    SweepPair(AabbSpec, Vec<Fx>, AabbSpec, Vec<Fx>),
    RayAabb(RaySpec, AabbSpec),
    RayObb(RaySpec, ObbSpec),
    Obbs(ObbSpec, ObbSpec),
    BallAabb(BallSpec, AabbSpec),
    BallObb(BallSpec, ObbSpec),
}

fn parse_args(op: Op, obj: &Obj<'_>, dims: &mut Dims) -> Result<Args, InputError> {
    let aabb = |name: &str, dims: &mut Dims| parse_aabb(obj.require(name)?, &obj.field(name), dims);
    let obb = |name: &str, dims: &mut Dims| parse_obb(obj.require(name)?, &obj.field(name), dims);
    let vector =
        |name: &str, dims: &mut Dims| parse_vector(obj.require(name)?, &obj.field(name), dims);
    let ray = |dims: &mut Dims| parse_ray(obj.require("ray")?, &obj.field("ray"), dims);
    let ball = |dims: &mut Dims| parse_ball(obj.require("sphere")?, &obj.field("sphere"), dims);
    Ok(match op {
        Op::AabbOverlap | Op::AabbIntersection | Op::AabbContact => {
            let a = aabb("a", dims)?;
            let b = aabb("b", dims)?;
            match op {
                Op::AabbOverlap => Args::Overlap(a, b),
                Op::AabbIntersection => Args::Intersection(a, b),
                _ => Args::Contact(a, b),
            }
        }
        Op::AabbSweep => {
            let s = aabb("stationary", dims)?;
            let m = aabb("moving", dims)?;
            Args::Sweep(s, m, vector("d", dims)?)
        }
        Op::AabbSweepPair => {
            let a = aabb("a", dims)?;
            let va = vector("va", dims)?;
            let b = aabb("b", dims)?;
            Args::SweepPair(a, va, b, vector("vb", dims)?)
        }
        Op::RayAabb => {
            let r = ray(dims)?;
            Args::RayAabb(r, aabb("aabb", dims)?)
        }
        Op::RayObb => {
            let r = ray(dims)?;
            Args::RayObb(r, obb("obb", dims)?)
        }
        Op::ObbOverlap => {
            let a = obb("a", dims)?;
            Args::Obbs(a, obb("b", dims)?)
        }
        Op::SphereAabb => {
            let s = ball(dims)?;
            Args::BallAabb(s, aabb("aabb", dims)?)
        }
        Op::SphereObb => {
            let s = ball(dims)?;
            Args::BallObb(s, obb("obb", dims)?)
        }
    })
}

// ---------------------------------------------------------------------------
// Building shapes once the dimension is known, and answering

/// The first `D` numbers of `v` (the parser has checked there are `D`).
fn to_vector<const D: usize>(v: &[Fx]) -> Vector<D> {
    Vector(std::array::from_fn(|i| {
        v.get(i).copied().unwrap_or(Fx::ZERO)
    }))
}

fn under(path: &Field) -> impl Fn(fixed_collide::Error) -> InputError + '_ {
    move |e| InputError::from(Error::shape(path, e))
}

/// A rotation from an angle (2D) or a quaternion (3D). The parser makes a
/// line with a quaternion 3D and one with an angle 2D; should that ever
/// fail, the library rejects the line, it is not given a made-up rotation.
fn build_rot<const D: usize>(rot: &RotSpec, path: &Field) -> Result<Rot<D>, InputError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let spec = match rot {
        RotSpec::Axes(axes) => {
            return Rot::try_from_axes(std::array::from_fn(|i| {
                to_vector(axes.get(i).map(Vec::as_slice).unwrap_or_default())
            }))
            .map_err(under(path));
        }
        RotSpec::Angle(a) => fixed_collide::RotSpec::Angle(*a),
        RotSpec::Quat(q) => fixed_collide::RotSpec::Quat(*q),
    };
    Rot::try_from_spec(&spec).map_err(under(path))
}

fn build_aabb<const D: usize>(s: &AabbSpec) -> Result<Aabb<D>, InputError> {
    match &s.form {
        AabbForm::MinMax(min, max) => Aabb::try_new(to_vector(min), to_vector(max)),
        AabbForm::CenterHalf(c, h) => Aabb::try_from_center_half(to_vector(c), to_vector(h)),
    }
    .map_err(under(&s.path))
}

fn build_obb<const D: usize>(s: &ObbSpec) -> Result<Obb<D>, InputError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let rot = build_rot(&s.rot, &s.path)?;
    Obb::try_new(to_vector(&s.center), to_vector(&s.half), rot).map_err(under(&s.path))
}

fn build_ball<const D: usize>(s: &BallSpec) -> Result<Ball<D>, InputError> {
    Ball::try_new(to_vector(&s.center), s.radius).map_err(under(&s.path))
}

fn build_ray<const D: usize>(s: &RaySpec) -> Result<Ray<D>, InputError> {
    let (origin, dir) = (to_vector(&s.origin), to_vector(&s.dir));
    match s.max_t {
        Some(t) => Ray::try_new(origin, dir, t),
        None => Ray::try_unbounded(origin, dir),
    }
    .map_err(under(&s.path))
}

fn vector_value<const D: usize>(v: Vector<D>) -> Value {
    Value::Vector(v.0.to_vec())
}

fn ray_fields<const D: usize>(h: RayHit<D>) -> Vec<(&'static str, Value)> {
    vec![
        ("t", Value::Num(h.t)),
        ("point", vector_value(h.point)),
        ("normal", vector_value(h.normal)),
        ("inside", Value::Bool(h.inside)),
    ]
}

fn ball_fields<const D: usize>(h: BallHit<D>) -> Vec<(&'static str, Value)> {
    vec![("point", vector_value(h.point))]
}

fn answer<const D: usize>(args: &Args) -> Result<Answer, InputError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    Ok(match args {
        Args::Overlap(a, b) => {
            let (a, b) = (build_aabb::<D>(a)?, build_aabb::<D>(b)?);
            if aabb_overlap(&a, &b) {
                Answer::hit(Vec::new())
            } else {
                Answer::miss()
            }
        }
        Args::Intersection(a, b) => {
            let (a, b) = (build_aabb::<D>(a)?, build_aabb::<D>(b)?);
            Answer::from_option(aabb_intersection(&a, &b), |i| {
                vec![(
                    "box",
                    Value::Box {
                        min: i.min().0.to_vec(),
                        max: i.max().0.to_vec(),
                    },
                )]
            })
        }
        Args::Contact(a, b) => {
            let (a, b) = (build_aabb::<D>(a)?, build_aabb::<D>(b)?);
            Answer::from_option(aabb_contact(&a, &b), |c| {
                vec![
                    ("normal", vector_value(c.normal)),
                    ("depth", Value::Num(c.depth)),
                    ("point", vector_value(c.point)),
                ]
            })
        }
        Args::Obbs(a, b) => {
            let (a, b) = (build_obb::<D>(a)?, build_obb::<D>(b)?);
            if obb_overlap(&a, &b) {
                Answer::hit(Vec::new())
            } else {
                Answer::miss()
            }
        }
        Args::Sweep(s, m, d) => {
            let (s, m) = (build_aabb::<D>(s)?, build_aabb::<D>(m)?);
            Answer::from_option(aabb_sweep(&s, &m, to_vector(d)), |h| {
                vec![
                    ("t_enter", Value::Num(h.t_enter)),
                    ("t_exit", Value::Num(h.t_exit)),
                    ("normal", vector_value(h.normal)),
                    ("overlapping", Value::Bool(h.overlapping)),
                ]
            })
        }
        Args::SweepPair(a, va, b, vb) => {
            let (a, b) = (build_aabb::<D>(a)?, build_aabb::<D>(b)?);
            let found = aabb_sweep_pair(&a, to_vector(va), &b, to_vector(vb));
            Answer::from_option(found, |i| {
                vec![("u0", Value::Num(i.u0)), ("u1", Value::Num(i.u1))]
            })
        }
        Args::RayAabb(r, b) => {
            let (r, b) = (build_ray::<D>(r)?, build_aabb::<D>(b)?);
            Answer::from_option(ray_aabb(&r, &b), ray_fields)
        }
        Args::RayObb(r, b) => {
            let (r, b) = (build_ray::<D>(r)?, build_obb::<D>(b)?);
            Answer::from_option(ray_obb(&r, &b), ray_fields)
        }
        Args::BallAabb(s, b) => {
            let (s, b) = (build_ball::<D>(s)?, build_aabb::<D>(b)?);
            Answer::from_option(sphere_aabb(&s, &b), ball_fields)
        }
        Args::BallObb(s, b) => {
            let (s, b) = (build_ball::<D>(s)?, build_obb::<D>(b)?);
            Answer::from_option(sphere_obb(&s, &b), ball_fields)
        }
    })
}

// ---------------------------------------------------------------------------
// Records and streams

/// JSON's whitespace.
const JSON_WS: [char; 4] = [' ', '\t', '\n', '\r'];

/// Answers one record: the text of one line (a trailing `\n` or `\r\n` is
/// ignored).
///
/// # Errors
/// An [`InputError`] for any line that is not a valid query: see the
/// module's "Errors" and [`ErrorKind`]. Never panics.
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::{eval_line, ErrorKind};
/// let a = eval_line(r#"{"op":"sphere_aabb","sphere":{"center":[5,1],"radius":3},"aabb":{"min":[0,0],"max":[2,2]}}"#).unwrap();
/// assert_eq!(a.to_json(), r#"{"hit":true,"point":["2","1"]}"#);
/// let e = eval_line(r#"{"op":"sphere_aabb","sphere":{"centre":[5,1],"radius":3},"aabb":{"min":[0,0],"max":[2,2]}}"#).unwrap_err();
/// assert_eq!(e.kind, ErrorKind::UnknownField);
/// assert_eq!(e.field.unwrap().as_str(), "sphere.centre");
/// ```
pub fn eval_line(text: &str) -> Result<Answer, InputError> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let text = text.strip_suffix('\r').unwrap_or(text);
    if text.trim_matches(JSON_WS).is_empty() {
        return Err(InputError::new(
            ErrorKind::EmptyLine,
            None,
            "empty line: every line must hold one JSON object",
        ));
    }
    let raw: &RawValue = serde_json::from_str(text).map_err(|e| syntax(&e))?;
    if !raw.get().starts_with('{') {
        return Err(InputError::new(
            ErrorKind::NotObject,
            None,
            format!(
                "expected a JSON object {{\"op\": ...}}, got {}",
                excerpt(raw.get())
            ),
        ));
    }
    let mut obj = Obj::parse(raw, &Field::new(""), "a JSON object")?;
    let op_field = Field::new("op");
    let mut ops = obj.members.iter().filter(|(k, _)| k == "op");
    let op_raw = match (ops.next(), ops.next()) {
        (None, _) => {
            return Err(InputError::at(
                ErrorKind::MissingField,
                &op_field,
                format!("missing (one of {})", OPS.join(", ")),
            ));
        }
        (Some(_), Some(_)) => {
            return Err(InputError::at(
                ErrorKind::DuplicateField,
                &op_field,
                "given more than once",
            ));
        }
        (Some((_, raw)), None) => *raw,
    };
    if !op_raw.get().starts_with('"') {
        return Err(wrong_type(&op_field, "a string", op_raw));
    }
    let name: String = serde_json::from_str(op_raw.get()).map_err(|e| syntax(&e))?;
    let op = Op::from_name(&name).ok_or_else(|| {
        InputError::at(
            ErrorKind::UnknownOp,
            &op_field,
            format!(
                "unknown op {} (expected one of {})",
                excerpt(op_raw.get()),
                OPS.join(", ")
            ),
        )
    })?;
    obj.check_keys(op.keys(), Takes::Op(op))?;
    let mut dims = Dims::default();
    let args = parse_args(op, &obj, &mut dims)?;
    match dims.get() {
        Some(2) => answer::<2>(&args),
        Some(3) => answer::<3>(&args),
        // Every op has a vector operand, and vectors have 2 or 3 components.
        _ => Err(InputError::new(
            ErrorKind::MissingField,
            None,
            "no vector operand to take the dimension from",
        )),
    }
}

/// Answers the record on physical line `line` (from 1), given as raw bytes
/// (a trailing `\n` or `\r\n` is ignored): [`eval_line`] after checking the
/// bytes are UTF-8.
///
/// # Errors
/// A [`LineError`] holding the line number and the [`InputError`]; invalid
/// UTF-8 is [`ErrorKind::NotUtf8`]. Never panics.
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::{eval_bytes, ErrorKind};
/// let e = eval_bytes(2, b"{\"op\":\"\xff\"}").unwrap_err();
/// assert_eq!((e.line, e.error.kind), (2, ErrorKind::NotUtf8));
/// assert_eq!(e.to_string(), "line 2: not valid UTF-8 (bad byte at column 8)");
/// ```
pub fn eval_bytes(line: u64, bytes: &[u8]) -> Result<Answer, LineError> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => eval_line(text),
        Err(e) => Err(InputError::new(
            ErrorKind::NotUtf8,
            None,
            format!(
                "not valid UTF-8 (bad byte at column {})",
                e.valid_up_to() + 1
            ),
        )),
    };
    result.map_err(|error| LineError { line, error })
}

/// How a stream went: the lines answered and how many of them were errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Summary {
    /// Lines read and answered.
    pub lines: u64,
    /// Of those, the lines answered with an error.
    pub errors: u64,
}

/// A stream that could not be read or written to the end.
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed.
    Read {
        /// The line being read, from 1.
        line: u64,
        /// The cause.
        source: io::Error,
        /// The lines answered before.
        summary: Summary,
    },
    /// Writing an answer failed (for a closed pipe, the kind is
    /// [`io::ErrorKind::BrokenPipe`]).
    Write {
        /// The cause.
        source: io::Error,
        /// The lines answered before (the failed write's line included: its
        /// answer may be partly written).
        summary: Summary,
    },
}

impl StreamError {
    /// The lines answered before the failure.
    pub fn summary(&self) -> Summary {
        match self {
            StreamError::Read { summary, .. } | StreamError::Write { summary, .. } => *summary,
        }
    }
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read { line, source, .. } => {
                write!(f, "cannot read line {line}: {source}")
            }
            StreamError::Write { source, .. } => write!(f, "cannot write the answers: {source}"),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Read { source, .. } | StreamError::Write { source, .. } => Some(source),
        }
    }
}

/// Reads one line, without its `\n`, into `buf` (cleared first), storing at
/// most `cap` bytes. Returns `None` at the end of the input, else whether
/// the line was longer than `cap` (then the rest was consumed, not stored).
fn read_line_capped<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let (used, done) = {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long {
                if buf.len() + part.len() > cap {
                    too_long = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(part);
                }
            }
            (used, done)
        };
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// Answers every line of `input` on `output`, one JSON line each, in order,
/// through a [`BufWriter`] flushed at the end. Lines are read one at a time
/// (never the whole input) and at most [`MAX_LINE_BYTES`] of a line is held.
/// A final line without `\n` counts; an empty input gives no output.
///
/// # Errors
/// [`StreamError::Read`] or [`StreamError::Write`] when the input or the
/// output fails; bad records are not errors of the stream but answers
/// (counted in [`Summary::errors`]).
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::eval_stream;
/// let input = "{\"op\":\"aabb_overlap\",\"a\":{\"min\":[0,0,0],\"max\":[1,1,1]},\"b\":{\"min\":[2,2,2],\"max\":[3,3,3]}}\nnot json\n";
/// let mut out = Vec::new();
/// let summary = eval_stream(input.as_bytes(), &mut out).unwrap();
/// assert_eq!((summary.lines, summary.errors), (2, 1));
/// let out = String::from_utf8(out).unwrap();
/// assert_eq!(out.lines().next(), Some(r#"{"hit":false}"#));
/// assert!(out.lines().nth(1).unwrap().starts_with(r#"{"error":"line 2: invalid JSON"#));
/// ```
pub fn eval_stream<R: BufRead, W: Write>(mut input: R, output: W) -> Result<Summary, StreamError> {
    let mut out = BufWriter::new(output);
    let mut summary = Summary::default();
    let mut buf = Vec::new();
    loop {
        let line = summary.lines + 1;
        let too_long = match read_line_capped(&mut input, &mut buf, MAX_LINE_BYTES) {
            Ok(Some(too_long)) => too_long,
            Ok(None) => break,
            Err(source) => {
                return Err(StreamError::Read {
                    line,
                    source,
                    summary,
                });
            }
        };
        let reply = if too_long {
            Err(LineError {
                line,
                error: InputError::new(
                    ErrorKind::LineTooLong,
                    None,
                    format!("line longer than {MAX_LINE_BYTES} bytes"),
                ),
            })
        } else {
            eval_bytes(line, &buf)
        };
        summary.lines = line;
        let mut text = match reply {
            Ok(answer) => answer.to_json(),
            Err(e) => {
                summary.errors += 1;
                e.to_json()
            }
        };
        text.push('\n');
        if let Err(source) = out.write_all(text.as_bytes()) {
            return Err(StreamError::Write { source, summary });
        }
    }
    out.flush()
        .map_err(|source| StreamError::Write { source, summary })?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_names_are_the_public_list() {
        assert_eq!(Op::ALL.map(Op::name), OPS);
        for op in Op::ALL {
            assert_eq!(Op::from_name(op.name()), Some(op));
            assert_eq!(op.keys()[0], "op");
        }
        assert_eq!(Op::from_name("Aabb_overlap"), None);
    }
}
