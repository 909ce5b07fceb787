//! Reading JSON without losing the text of numbers: objects as their
//! members in input order with the values unparsed ([`RawValue`]), so that
//! a number is read from its decimal text exactly ([`parse_number`]), never
//! through a float, and every key can be checked.
//!
//! A value is parsed again on its own when it is read, but it is a slice of
//! its line: every function here takes the whole line too, so a syntax
//! error is located by its column in the line, never in the value alone.

use super::Op;
use super::error::{ErrorKind, InputError, excerpt, syntax_in, wrong_type};
use crate::Field;
use crate::convert::{NumberError, fx_from_decimal};
use fixed_collide::num::Fx;
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

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
pub(super) struct Obj<'a> {
    /// The whole line the object is a slice of.
    line: &'a str,
    path: Field,
    members: Vec<(Cow<'a, str>, &'a RawValue)>,
    /// What the object takes, for the message of a missing field.
    takes: Takes,
}

/// What an object takes, described in the message of a missing field.
#[derive(Clone, Copy)]
pub(super) enum Takes {
    /// A shape's own description, such as `a sphere takes "center",
    /// "radius"`.
    Text(&'static str),
    /// The operands of an op.
    Op(Op),
}

impl fmt::Display for Takes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Takes::Text(text) => f.write_str(text),
            Takes::Op(op) => {
                write!(f, "{} takes ", op.name())?;
                for (i, k) in op.operands().iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    write!(f, "{sep}\"{k}\"")?;
                }
                Ok(())
            }
        }
    }
}

impl<'a> Obj<'a> {
    /// Parses `raw`, a slice of `line`, as an object (`what` describes it
    /// for a type error).
    pub(super) fn parse(
        line: &'a str,
        raw: &'a RawValue,
        path: &Field,
        what: &str,
    ) -> Result<Self, InputError> {
        if !raw.get().starts_with('{') {
            return Err(wrong_type(path, what, raw));
        }
        let Members(members) =
            serde_json::from_str(raw.get()).map_err(|e| syntax_in(line, raw.get(), &e))?;
        Ok(Self {
            line,
            path: path.clone(),
            members,
            takes: Takes::Text(""),
        })
    }

    /// Rejects keys not in `allowed` and keys given twice, first in input
    /// order. Linear: a duplicate can only be among the allowed keys.
    /// `takes` describes the object's fields for later errors.
    pub(super) fn check_keys(&mut self, allowed: &[&str], takes: Takes) -> Result<(), InputError> {
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

    /// The whole line the object is a slice of.
    pub(super) fn line(&self) -> &'a str {
        self.line
    }

    /// The path of the member `name`.
    pub(super) fn field(&self, name: &str) -> Field {
        self.path.join(name)
    }

    /// The member `name`, if given.
    pub(super) fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.members
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| *v)
    }

    /// Every member `name` (more than one only before
    /// [`check_keys`](Self::check_keys)).
    pub(super) fn all(&self, name: &str) -> impl Iterator<Item = &'a RawValue> {
        self.members
            .iter()
            .filter(move |(k, _)| k == name)
            .map(|(_, v)| *v)
    }

    /// The member `name`, or an error naming what the object takes.
    pub(super) fn require(&self, name: &str) -> Result<&'a RawValue, InputError> {
        self.get(name).ok_or_else(|| {
            InputError::at(
                ErrorKind::MissingField,
                &self.field(name),
                format!("missing ({})", self.takes),
            )
        })
    }
}

/// Parses `raw`, a slice of `line`, as an array (`what` describes it for
/// a type error).
pub(super) fn parse_array<'a>(
    line: &str,
    raw: &'a RawValue,
    field: &Field,
    what: &str,
) -> Result<Vec<&'a RawValue>, InputError> {
    if !raw.get().starts_with('[') {
        return Err(wrong_type(field, what, raw));
    }
    serde_json::from_str(raw.get()).map_err(|e| syntax_in(line, raw.get(), &e))
}

/// Parses `raw`, a slice of `line`, as a string.
pub(super) fn parse_string(line: &str, raw: &RawValue) -> Result<String, InputError> {
    serde_json::from_str(raw.get()).map_err(|e| syntax_in(line, raw.get(), &e))
}

/// A number from a JSON number or a JSON string holding one, `raw` being a
/// slice of `line`. Either way its text must be a JSON number, read exactly
/// from its decimal digits (never through a float) by
/// [`fx_from_decimal`]. `field` names the number, built only for an error.
pub(super) fn parse_number(
    line: &str,
    raw: &RawValue,
    field: impl FnOnce() -> Field,
) -> Result<Fx, InputError> {
    let text = raw.get();
    let unquoted;
    let decimal: &str = match text.as_bytes().first() {
        // A JSON number: its text is exactly as written in the input.
        Some(b'-' | b'0'..=b'9') => text,
        Some(b'"') => {
            unquoted = parse_string(line, raw)?;
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
    fx_from_decimal(decimal).map_err(|e| {
        let message = match e {
            NumberError::Grammar(why) => format!("{} is not a JSON number ({why})", excerpt(text)),
            NumberError::OutOfRange => format!(
                "{} is not a number representable as I32F32 (overflow)",
                excerpt(text)
            ),
        };
        InputError::at(ErrorKind::NotRepresentable, &field(), message)
    })
}

/// The byte index of the first lone surrogate escape (`\ud800` not followed
/// by a low one, or a low one alone) in the strings of `line`, which must
/// be valid JSON otherwise. JSON's grammar allows them, but they are not
/// Unicode characters and cannot be read as text.
pub(super) fn lone_surrogate(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    if !b.contains(&b'\\') {
        return None;
    }
    let hex = |i: usize| {
        b.get(i..i + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u16::from_str_radix(h, 16).ok())
    };
    let is_u = |i: usize| b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u');
    let mut in_string = false;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match (in_string, c) {
            (_, b'"') => in_string = !in_string,
            (true, b'\\') if is_u(i) => {
                match hex(i + 2) {
                    Some(0xD800..=0xDBFF) => {
                        if !(is_u(i + 6) && matches!(hex(i + 8), Some(0xDC00..=0xDFFF))) {
                            return Some(i);
                        }
                        i += 12;
                    }
                    Some(0xDC00..=0xDFFF) => return Some(i),
                    _ => i += 6,
                }
                continue;
            }
            // Any other escape: skip the escaped character.
            (true, b'\\') => i += 1,
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `line[start..end]` as a value borrowed from the line.
    fn slice(line: &str, start: usize, end: usize) -> &RawValue {
        serde_json::from_str(&line[start..end]).expect("a JSON value")
    }

    /// The column an error message gives.
    fn column(e: &InputError) -> usize {
        let rest = e
            .message
            .strip_prefix("invalid JSON at column ")
            .expect(&e.message);
        rest.split(':').next().unwrap().parse().unwrap()
    }

    #[test]
    fn a_value_parsed_on_its_own_reports_its_column_in_the_line() {
        // Each value holds a lone surrogate, which only decoding it finds.
        let line = r#"{"k":{"\ud800":1},"v":["\udc00"],"s":"\ud800"}"#;
        let alone = |text: &str| {
            let raw: &RawValue = serde_json::from_str(text).unwrap();
            let e = if text.starts_with('{') {
                Obj::parse(text, raw, &Field::new(""), "").err()
            } else {
                parse_string(text, raw).err()
            };
            column(&e.unwrap())
        };
        let start = line.find(r#"{"\ud800""#).unwrap();
        let obj = slice(line, start, start + 12);
        let e = Obj::parse(line, obj, &Field::new("k"), "").err().unwrap();
        assert_eq!(column(&e), start + alone(obj.get()));
        assert!(column(&e) > alone(obj.get()));

        let start = line.find(r#"["\udc00"]"#).unwrap();
        let array = slice(line, start, start + 10);
        let items = parse_array(line, array, &Field::new("v"), "").unwrap();
        let e = parse_number(line, items[0], || Field::new("v")).unwrap_err();
        let item_start = start + 1;
        assert_eq!(column(&e), item_start + alone(items[0].get()));

        let start = line.rfind(r#""\ud800""#).unwrap();
        let string = slice(line, start, start + 8);
        let e = parse_string(line, string).unwrap_err();
        assert_eq!(column(&e), start + alone(string.get()));
    }

    #[test]
    fn lone_surrogates_are_found_only_in_strings_and_only_alone() {
        let cases = [
            (r#"["\ud800"]"#, Some(2)),
            (r#"["\udfff"]"#, Some(2)),
            (r#"["\ud800\udc00"]"#, None),
            (r#"["\ud800\ud800"]"#, Some(2)),
            (r#"["\udbff\udfff\ud800"]"#, Some(14)),
            (r#"["\ud800\n"]"#, Some(2)),
            (r#"["\\ud800"]"#, None),
            (r#"["\\\ud800"]"#, Some(4)),
            (r#"["\"\ud800"]"#, Some(4)),
            (r#"["\u0041\u00e9"]"#, None),
            (r#"{"a":1}"#, None),
        ];
        for (text, want) in cases {
            assert_eq!(lone_surrogate(text), want, "{text}");
        }
    }
}
