//! Reading a replay's JSON without losing the text of numbers: objects as
//! their members with the values unparsed ([`RawValue`]), every key checked
//! (a duplicate or unknown key is an error), every number read from its
//! decimal text (never through a float), and [`Canon`], the canonical form
//! of a JSON value that the digests encode.

use super::stream::Digest;
use crate::Field;
use crate::convert::{fx_from_str, fx_to_text};
use fixed_collide::num::Fx;
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;

/// What is wrong with a value, naming its field: the reader adds the line.
pub(crate) type Msg = String;

/// The path of a field (`scene.bodies[3].pos[1]`), made into text only for
/// a message: reading a record builds no string.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At<'p> {
    /// A top-level name (empty for the record itself).
    Top(&'p str),
    /// A member of an object.
    Key(&'p At<'p>, &'p str),
    /// An element of an array.
    Index(&'p At<'p>, usize),
}

impl<'p> At<'p> {
    /// The member `key` of this field.
    pub(crate) fn key<'q>(&'q self, key: &'q str) -> At<'q> {
        At::Key(self, key)
    }

    /// The element `i` of this field.
    pub(crate) fn index(&self, i: usize) -> At<'_> {
        At::Index(self, i)
    }

    /// Writes the path; whether it wrote anything.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> Result<bool, fmt::Error> {
        match self {
            At::Top(name) => {
                f.write_str(name)?;
                Ok(!name.is_empty())
            }
            At::Key(parent, key) => {
                if parent.write(f)? {
                    f.write_str(".")?;
                }
                f.write_str(key)?;
                Ok(true)
            }
            At::Index(parent, i) => {
                parent.write(f)?;
                write!(f, "[{i}]")?;
                Ok(true)
            }
        }
    }
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f).map(|_| ())
    }
}

/// At most this many characters of a bad value are quoted in a message.
const EXCERPT: usize = 48;

/// A value's text for a message, cut to [`EXCERPT`] characters.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

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

/// A JSON object being read: its members are taken one by one, and
/// [`end`](Self::end) rejects the ones left (unknown fields).
pub(crate) struct Obj<'a, 'p> {
    path: At<'p>,
    members: Vec<(Cow<'a, str>, &'a RawValue)>,
}

/// Parses a whole line as one JSON value.
pub(crate) fn parse_line(text: &str) -> Result<&RawValue, Msg> {
    serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))
}

impl<'a, 'p> Obj<'a, 'p> {
    /// Parses `raw` as an object; a key given twice is an error.
    pub(crate) fn parse(raw: &'a RawValue, path: At<'p>) -> Result<Self, Msg> {
        let members = members(raw, path)?;
        Ok(Self { path, members })
    }

    /// The path of the member `name`.
    pub(crate) fn at<'q>(&'q self, name: &'q str) -> At<'q> {
        At::Key(&self.path, name)
    }

    /// Takes the member `name`, if given.
    pub(crate) fn take(&mut self, name: &str) -> Option<&'a RawValue> {
        let i = self.members.iter().position(|(k, _)| k == name)?;
        Some(self.members.swap_remove(i).1)
    }

    /// Takes the member `name`, which must be given.
    pub(crate) fn req(&mut self, name: &str) -> Result<&'a RawValue, Msg> {
        match self.take(name) {
            Some(raw) => Ok(raw),
            None => Err(format!("{}: missing", self.at(name))),
        }
    }

    /// Rejects the members not taken.
    pub(crate) fn end(self) -> Result<(), Msg> {
        match self.members.first() {
            Some((k, _)) => Err(format!("{}: unknown field", self.at(k))),
            None => Ok(()),
        }
    }

    /// The one member of a record `{"tag": {...}}`.
    pub(crate) fn single(self) -> Result<(Cow<'a, str>, &'a RawValue), Msg> {
        let n = self.members.len();
        let mut it = self.members.into_iter();
        match (it.next(), n) {
            (Some(m), 1) => Ok(m),
            _ => Err(format!(
                "a record is an object of one member {{\"kind of record\": {{...}}}}, not of {n}"
            )),
        }
    }
}

/// The members of the object `raw`, checked for duplicates.
fn members<'a>(raw: &'a RawValue, path: At<'_>) -> Result<Vec<(Cow<'a, str>, &'a RawValue)>, Msg> {
    if !raw.get().starts_with('{') {
        return Err(wrong_type(path, "an object", raw));
    }
    let Members(members) =
        serde_json::from_str(raw.get()).map_err(|e| format!("{path}: malformed JSON: {e}"))?;
    let dup = if members.len() <= 16 {
        // Few keys (every record): compare them pairwise, allocating nothing.
        (1..members.len()).find(|&i| members[..i].iter().any(|(k, _)| *k == members[i].0))
    } else {
        let mut seen = BTreeSet::new();
        members.iter().position(|(k, _)| !seen.insert(k.as_ref()))
    };
    match dup {
        Some(i) => Err(format!("{}: given more than once", path.key(&members[i].0))),
        None => Ok(members),
    }
}

fn wrong_type(path: At<'_>, what: &str, raw: &RawValue) -> Msg {
    let at = match path {
        At::Top("") => String::new(),
        _ => format!("{path}: "),
    };
    format!("{at}expected {what}, got {}", excerpt(raw.get()))
}

/// The elements of the array `raw`.
pub(crate) fn array<'a>(raw: &'a RawValue, path: At<'_>) -> Result<Vec<&'a RawValue>, Msg> {
    if !raw.get().starts_with('[') {
        return Err(wrong_type(path, "an array", raw));
    }
    serde_json::from_str(raw.get()).map_err(|e| format!("{path}: malformed JSON: {e}"))
}

/// The string `raw`.
pub(crate) fn string(raw: &RawValue, path: At<'_>) -> Result<String, Msg> {
    if !raw.get().starts_with('"') {
        return Err(wrong_type(path, "a string", raw));
    }
    serde_json::from_str(raw.get()).map_err(|e| format!("{path}: malformed JSON: {e}"))
}

/// A whole number from 0 to `max`, read from its text (`1.0`, `-1`, `"1"`
/// and `1e3` are not whole numbers).
pub(crate) fn uint(raw: &RawValue, path: At<'_>, max: u64) -> Result<u64, Msg> {
    let text = raw.get();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{path}: {} is not a whole number from 0 to {max}",
            excerpt(text)
        ));
    }
    match text.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(format!("{path}: {} is more than {max}", excerpt(text))),
    }
}

/// A `u32`, as [`uint`].
pub(crate) fn u32_of(raw: &RawValue, path: At<'_>) -> Result<u32, Msg> {
    uint(raw, path, u64::from(u32::MAX)).map(|v| v as u32)
}

/// A hash: a string of 16 hex digits.
pub(crate) fn hash(raw: &RawValue, path: At<'_>) -> Result<u64, Msg> {
    if !raw.get().starts_with('"') {
        return Err(wrong_type(path, "a string", raw));
    }
    let text = unquoted(raw.get()).unwrap_or_default();
    if text.len() != 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!(
            "{path}: {} is not a hash (16 hex digits)",
            excerpt(raw.get())
        ));
    }
    u64::from_str_radix(&text, 16).map_err(|e| format!("{path}: {e}"))
}

/// The text of a JSON string without its quotes, borrowed when it has no
/// escape.
fn unquoted(text: &str) -> Option<Cow<'_, str>> {
    match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) if !inner.contains('\\') => Some(Cow::Borrowed(inner)),
        _ => serde_json::from_str::<String>(text).ok().map(Cow::Owned),
    }
}

/// The decimal text of a number given as a JSON number or a JSON string;
/// `None` for any other value.
fn number_text(raw: &RawValue) -> Option<Cow<'_, str>> {
    let text = raw.get();
    match text.as_bytes().first() {
        Some(b'-' | b'0'..=b'9') => Some(Cow::Borrowed(text)),
        Some(b'"') => unquoted(text),
        _ => None,
    }
}

/// A number, from a JSON number or a decimal string, read from its text
/// exactly as `I32F32::from_str` reads it.
pub(crate) fn fx(raw: &RawValue, path: At<'_>) -> Result<Fx, Msg> {
    let Some(text) = number_text(raw) else {
        return Err(wrong_type(path, "a number (a decimal string)", raw));
    };
    fx_from_str(&text, &Field::new("")).map_err(|_| {
        format!(
            "{path}: {} is not a number representable as I32F32",
            excerpt(raw.get())
        )
    })
}

/// A vector of `dim` numbers.
pub(crate) fn vector(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Vec<Fx>, Msg> {
    let items = array(raw, path)?;
    if items.len() as u64 != u64::from(dim) {
        return Err(format!(
            "{path}: a vector of {} components where the replay has dimension {dim}",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, c)| fx(c, path.index(i)))
        .collect()
}

/// A list of `u32`.
pub(crate) fn u32_list(raw: &RawValue, path: At<'_>) -> Result<Vec<u32>, Msg> {
    array(raw, path)?
        .iter()
        .enumerate()
        .map(|(i, c)| u32_of(c, path.index(i)))
        .collect()
}

/// A JSON value in canonical form: what it means to `eval`, not how it is
/// written. A number (a JSON number, or a string that is a decimal number)
/// is its `I32F32` value; an object's members are in key order. Two texts
/// with the same canonical form are read the same way by `eval`, and a
/// digest of the canonical form changes with any change of meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Canon {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: a JSON number or a string that reads as an `I32F32`.
    Num(Fx),
    /// A JSON number that is not an `I32F32` (its text).
    BadNum(String),
    /// Any other string.
    Str(String),
    /// An array.
    Arr(Vec<Canon>),
    /// An object, its members sorted by key (no key twice).
    Obj(Vec<(String, Canon)>),
}

impl Canon {
    /// The canonical form of `raw`; a key given twice is an error.
    pub(crate) fn of(raw: &RawValue, path: At<'_>) -> Result<Canon, Msg> {
        let text = raw.get();
        Ok(match text.as_bytes().first() {
            Some(b'{') => {
                let mut list = Vec::new();
                for (k, v) in members(raw, path)? {
                    let value = Canon::of(v, path.key(&k))?;
                    list.push((k.into_owned(), value));
                }
                list.sort_by(|a, b| a.0.cmp(&b.0));
                Canon::Obj(list)
            }
            Some(b'[') => Canon::Arr(
                array(raw, path)?
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Canon::of(v, path.index(i)))
                    .collect::<Result<_, _>>()?,
            ),
            Some(b'"') => {
                let s = unquoted(text).ok_or_else(|| format!("{path}: malformed string"))?;
                match fx_from_str(&s, &Field::new("")) {
                    Ok(v) => Canon::Num(v),
                    Err(_) => Canon::Str(s.into_owned()),
                }
            }
            Some(b'-' | b'0'..=b'9') => match fx_from_str(text, &Field::new("")) {
                Ok(v) => Canon::Num(v),
                Err(_) => Canon::BadNum(text.to_string()),
            },
            Some(b't') => Canon::Bool(true),
            Some(b'f') => Canon::Bool(false),
            _ => Canon::Null,
        })
    }

    /// The member `key` of an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Canon> {
        match self {
            Canon::Obj(list) => list.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Appends the canonical encoding: a tag byte (0 null, 1 false, 2 true,
    /// 3 number, 4 other number text, 5 string, 6 array, 7 object), then
    /// the number's bits (`i64`), the text (`u64` length and UTF-8 bytes),
    /// or the `u32` count of elements or members followed by each (a
    /// member as its key text and value).
    pub(crate) fn encode(&self, d: &mut Digest) {
        match self {
            Canon::Null => d.u8(0),
            Canon::Bool(b) => d.u8(1 + u8::from(*b)),
            Canon::Num(v) => {
                d.u8(3);
                d.fx(*v);
            }
            Canon::BadNum(t) => {
                d.u8(4);
                d.text(t);
            }
            Canon::Str(s) => {
                d.u8(5);
                d.text(s);
            }
            Canon::Arr(items) => {
                d.u8(6);
                d.count(items.len());
                for v in items {
                    v.encode(d);
                }
            }
            Canon::Obj(list) => {
                d.u8(7);
                d.count(list.len());
                for (k, v) in list {
                    d.text(k);
                    v.encode(d);
                }
            }
        }
    }

    /// Writes the value as compact JSON: keys in order, numbers as strings
    /// of their exact decimal text.
    pub(crate) fn write_json(&self, out: &mut String) {
        match self {
            Canon::Null => out.push_str("null"),
            Canon::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Canon::Num(v) => {
                out.push('"');
                out.push_str(&fx_to_text(*v));
                out.push('"');
            }
            Canon::BadNum(t) => out.push_str(t),
            Canon::Str(s) => out.push_str(&json_string(s)),
            Canon::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_json(out);
                }
                out.push(']');
            }
            Canon::Obj(list) => {
                out.push('{');
                for (i, (k, v)) in list.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&json_string(k));
                    out.push(':');
                    v.write_json(out);
                }
                out.push('}');
            }
        }
    }

    /// [`write_json`](Self::write_json) into a new string.
    pub(crate) fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }
}

/// A string as a JSON string literal.
pub(crate) fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| String::from("\"\""))
}
