//! The `eval` command: collision queries as JSON Lines, one answer a line.
//!
//! Every input line is one JSON object `{"op": NAME, ...operands}` and gets
//! exactly one output line, in order: the answer, or
//! `{"error":"line N: field \"a.min.x\": ..."}`. [`eval_stream`] runs a whole
//! stream, [`eval_line`] one record.
//!
//! # Input
//!
//! The ops are the variants of [`Op`]: each names its operands (the line's
//! keys besides `op`) and the fields of its answer. The dimension follows
//! the vector length (2 or 3) and must be the same for every vector of a
//! line. The operands are vectors (`[x, y]` or `[x, y, z]`) and shapes:
//!
//! | shape | fields |
//! |---|---|
//! | aabb | `{"min":[..],"max":[..]}` or `{"center":[..],"half":[..]}` |
//! | obb | `{"center":[..],"half":[..]}` and one rotation: `"axes":[[..],[..](,[..])]` (`axes[i]` is paired with `half[i]`), `"quat":[w,x,y,z]` (3D) or `"angle":a` (2D, radians) |
//! | sphere (circle) | `{"center":[..],"radius":r}` |
//! | ray | `{"origin":[..],"dir":[..],"max_t":t}`, `max_t` optional (unbounded) |
//!
//! # Answers
//!
//! A hit is `{"hit":true, ...}` with the fields of its op
//! ([`Op::hit_fields`]); a miss is exactly `{"hit":false}`. Answers are
//! written with the keys in that fixed order, no spaces, every number as a
//! JSON string.
//!
//! # Numbers
//!
//! A number is a JSON number or a JSON string holding one: either way its
//! text must match JSON's number grammar,
//! `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, so `"+5"`, `".5"`,
//! `"5."`, `"0010"`, `"NaN"`, `"Infinity"`, `"0x10"` and `"1@2"` are
//! refused, quoting the text and saying what is wrong. It is read exactly
//! from its decimal digits ([`fx_from_decimal`](crate::convert::fx_from_decimal)),
//! never through a float: `0.1` is the [`Fx`](fixed_collide::Fx) nearest to
//! one tenth (ties to even), an exponent shifts the decimal point exactly,
//! a number below 10^-20 in magnitude is 0 and one out of the range of
//! `Fx` is an error, whatever the size of its exponent. Answers write each
//! number as its `Fx` `Display`, a JSON number's text that parses back to
//! the same bits.
//!
//! # Errors
//!
//! A bad line answers `{"error": "line N: ..."}` naming the line (its
//! physical line number, from 1), the field as a dotted path and the value.
//! Everything is checked: JSON syntax, the object, the op, missing,
//! duplicated and unknown fields (a typo is never ignored), types, vector
//! lengths, one dimension per line, representable numbers, and every shape
//! constructor's own checks (domain, `min > max`, negative sizes, zero
//! direction, non-orthonormal axes), each naming a field the line has (a
//! corner of an aabb given by `center` and `half` is named by those). A
//! syntax error gives its column (from 1, in bytes) in the whole line; a
//! lone surrogate escape (`"\ud800"`) is one, and so is a byte order mark
//! at the start of a line. A line is at most [`MAX_LINE_BYTES`] long, its
//! line end (`\n` or `\r\n`) not counted. The first error of form in
//! reading order (the op's operands in the order [`Op::operands`] lists
//! them) is the one reported; a shape a constructor refuses is reported
//! only when the line has no error of form. An empty or blank line is an
//! error too, so that output line N always answers input line N. See
//! [`ErrorKind`], and `docs/bad-inputs.md` for every kind of bad line with
//! its exact answer.
//!
//! # Examples
//! ```
//! use fixed_collide_cli::eval::eval_line;
//! let hit = eval_line(r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"center":[2,1],"half":[1,1]}}"#);
//! assert_eq!(hit.unwrap().to_json(), r#"{"hit":true}"#);
//! let bad = eval_line(r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[5,0],"max":[3,1]}}"#);
//! assert_eq!(bad.unwrap_err().to_string(), r#"field "b.min.x": 5 > b.max.x 3"#);
//! ```

mod answer;
mod error;
mod json;
mod operand;
mod ops;
mod output;
mod reader;
mod stream;

pub use answer::{Answer, Value};
pub use error::{ErrorKind, InputError, LineError};
pub use ops::Op;
pub use output::checked_stdout;
pub use stream::{MAX_LINE_BYTES, StreamError, Summary, eval_stream};

use crate::Field;
use error::{excerpt, lone_surrogate_error, op_names, syntax_in, wrong_type};
use fixed_collide::{Const, Dim};
use json::{Obj, Takes, lone_surrogate, parse_string};
use ops::Query;
use reader::{Reader, Stop};
use serde_json::value::RawValue;

/// JSON's whitespace.
const JSON_WS: [char; 4] = [' ', '\t', '\n', '\r'];

/// The byte order mark, which JSON text must not start with.
const BOM: char = '\u{FEFF}';

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
    if text.starts_with(BOM) {
        return Err(InputError::new(
            ErrorKind::Syntax,
            None,
            "byte order mark (BOM) at the start of the line; remove it",
        ));
    }
    if text.trim_matches(JSON_WS).is_empty() {
        return Err(InputError::new(
            ErrorKind::EmptyLine,
            None,
            "empty line: every line must hold one JSON object",
        ));
    }
    let raw: &RawValue = serde_json::from_str(text).map_err(|e| syntax_in(text, text, &e))?;
    if let Some(at) = lone_surrogate(text) {
        return Err(lone_surrogate_error(text, at));
    }
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
    let mut obj = Obj::parse(text, raw, &Field::new(""), "a JSON object")?;
    let op = read_op(&obj)?;
    obj.check_keys(op.keys(), Takes::Op(op))?;
    // Read as 2D unless the line's first vector says 3D.
    let refused = |e| InputError::from(crate::Error::shape(&Field::new(""), e));
    match read_query::<2>(op, &obj) {
        Ok(query) => query.answer().map(Into::into).map_err(refused),
        Err(Stop::Dimension(3)) => match read_query::<3>(op, &obj) {
            Ok(query) => query.answer().map(Into::into).map_err(refused),
            Err(stop) => Err(stop.into_error()),
        },
        Err(stop) => Err(stop.into_error()),
    }
}

/// The op of a line: its one `"op"` member, a string naming an op.
fn read_op(obj: &Obj<'_>) -> Result<Op, InputError> {
    let op_field = Field::new("op");
    let mut ops = obj.all("op");
    let op_raw = match (ops.next(), ops.next()) {
        (None, _) => {
            return Err(InputError::at(
                ErrorKind::MissingField,
                &op_field,
                format!("missing (one of {})", op_names()),
            ));
        }
        (Some(_), Some(_)) => {
            return Err(InputError::at(
                ErrorKind::DuplicateField,
                &op_field,
                "given more than once",
            ));
        }
        (Some(raw), None) => raw,
    };
    if !op_raw.get().starts_with('"') {
        return Err(wrong_type(&op_field, "a string", op_raw));
    }
    let name = parse_string(obj.line(), op_raw)?;
    Op::from_name(&name).ok_or_else(|| {
        InputError::at(
            ErrorKind::UnknownOp,
            &op_field,
            format!(
                "unknown op {} (expected one of {})",
                excerpt(op_raw.get()),
                op_names()
            ),
        )
    })
}

/// The query of the line `obj`, read in dimension `D`.
fn read_query<const D: usize>(op: Op, obj: &Obj<'_>) -> Result<Query<D>, Stop>
where
    Const<D>: Dim<D>,
{
    let mut reader = Reader::<D>::new(obj.line());
    let query = Query::read(op, &mut reader, obj)?;
    if !reader.has_dimension() {
        // Every op has a vector operand, which sets the dimension.
        return Err(Stop::Bad(InputError::new(
            ErrorKind::MissingField,
            None,
            "no vector operand to take the dimension from",
        )));
    }
    Ok(query)
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
