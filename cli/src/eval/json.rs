//! Reading JSON without losing the text of numbers: objects as their
//! members in input order with the values unparsed ([`RawValue`]), so that
//! a number is read from its decimal text exactly ([`parse_number`]), never
//! through a float, and every key can be checked.

use super::Op;
use super::error::{ErrorKind, InputError, excerpt, syntax, wrong_type};
use crate::Field;
use crate::convert::fx_from_str;
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
    /// Parses `raw` as an object (`what` describes it for a type error).
    pub(super) fn parse(raw: &'a RawValue, path: &Field, what: &str) -> Result<Self, InputError> {
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

/// Parses `raw` as an array (`what` describes it for a type error).
pub(super) fn parse_array<'a>(
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
pub(super) fn parse_number(
    raw: &RawValue,
    field: impl FnOnce() -> Field,
) -> Result<Fx, InputError> {
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
