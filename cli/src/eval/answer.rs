//! Answers: the typed result of a query ([`Answer`]) and its writing as one
//! JSON line. The fields of each result type are declared once, by its
//! [`Hit`] impl here; [`Value`] is what a field holds as it is written.

use super::Op;
use super::ops::Reply;
use fixed_collide::Cast;
use fixed_collide::num::Fx;
use fixed_collide::query::ball::BallHit;
use fixed_collide::query::contact::Contact;
use fixed_collide::query::ray::RayHit;
use fixed_collide::query::sweep::{OverlapInterval, Sweep};
use fixed_collide::shape::Aabb;
use fixed_collide::vec::Vector;
use std::fmt::Write as _;

/// One value of an answer, as it is written.
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

fn vector<const D: usize>(v: Vector<D>) -> Value {
    Value::Vector(v.0.to_vec())
}

/// A field visitor: called with each field's name and value, in order.
type Visit<'a> = &'a mut dyn FnMut(&'static str, Value);

/// A query result that is a hit or a miss: `bool`, or `Option` of a
/// [`Hit`].
pub(super) trait Outcome {
    /// The names of the fields a hit adds after `"hit":true`, in order.
    const HIT_FIELDS: &'static [&'static str];
    /// Whether it is a hit.
    fn is_hit(&self) -> bool;
    /// Calls `f` on each field a hit adds, in order (none on a miss).
    fn hit_fields(&self, f: Visit<'_>);
}

impl Outcome for bool {
    const HIT_FIELDS: &'static [&'static str] = &[];
    fn is_hit(&self) -> bool {
        *self
    }
    fn hit_fields(&self, _: Visit<'_>) {}
}

impl<H: Hit> Outcome for Option<H> {
    const HIT_FIELDS: &'static [&'static str] = H::FIELDS;
    fn is_hit(&self) -> bool {
        self.is_some()
    }
    fn hit_fields(&self, f: Visit<'_>) {
        if let Some(h) = self {
            h.fields(f);
        }
    }
}

/// What a hit adds to `"hit":true`: each result type's fields, declared
/// once. A new result type is a new impl.
pub(super) trait Hit {
    /// The names of the fields, in the order [`fields`](Self::fields)
    /// gives them.
    const FIELDS: &'static [&'static str];
    /// Calls `f` on each field, in order.
    fn fields(&self, f: Visit<'_>);
}

/// `box` (`{"min","max"}`).
impl<const D: usize> Hit for Aabb<D> {
    const FIELDS: &'static [&'static str] = &["box"];
    fn fields(&self, f: Visit<'_>) {
        let (min, max) = (self.min().0.to_vec(), self.max().0.to_vec());
        f("box", Value::Box { min, max });
    }
}

/// `normal`, `depth`, `point`.
impl<const D: usize> Hit for Contact<D> {
    const FIELDS: &'static [&'static str] = &["normal", "depth", "point"];
    fn fields(&self, f: Visit<'_>) {
        f("normal", vector(self.normal));
        f("depth", Value::Num(self.depth));
        f("point", vector(self.point));
    }
}

/// `t_enter`, `t_exit`, `normal`, `overlapping`.
impl<const D: usize> Hit for Sweep<D> {
    const FIELDS: &'static [&'static str] = &["t_enter", "t_exit", "normal", "overlapping"];
    fn fields(&self, f: Visit<'_>) {
        f("t_enter", Value::Num(self.t_enter));
        f("t_exit", Value::Num(self.t_exit));
        f("normal", vector(self.normal));
        f("overlapping", Value::Bool(self.overlapping));
    }
}

/// `t_enter`, `normal`, `overlapping`.
impl<const D: usize> Hit for Cast<D> {
    const FIELDS: &'static [&'static str] = &["t_enter", "normal", "overlapping"];
    fn fields(&self, f: Visit<'_>) {
        f("t_enter", Value::Num(self.t_enter));
        f("normal", vector(self.normal));
        f("overlapping", Value::Bool(self.overlapping));
    }
}

/// `u0`, `u1`.
impl Hit for OverlapInterval {
    const FIELDS: &'static [&'static str] = &["u0", "u1"];
    fn fields(&self, f: Visit<'_>) {
        f("u0", Value::Num(self.u0));
        f("u1", Value::Num(self.u1));
    }
}

/// `t`, `point`, `normal`, `inside`.
impl<const D: usize> Hit for RayHit<D> {
    const FIELDS: &'static [&'static str] = &["t", "point", "normal", "inside"];
    fn fields(&self, f: Visit<'_>) {
        f("t", Value::Num(self.t));
        f("point", vector(self.point));
        f("normal", vector(self.normal));
        f("inside", Value::Bool(self.inside));
    }
}

/// `point`.
impl<const D: usize> Hit for BallHit<D> {
    const FIELDS: &'static [&'static str] = &["point"];
    fn fields(&self, f: Visit<'_>) {
        f("point", vector(self.point));
    }
}

/// The answer to one query: `hit` first, then the fields of its op
/// ([`Op::hit_fields`]) on a hit. It holds the library's typed result until
/// it is written ([`to_json`](Self::to_json)) or inspected
/// ([`fields`](Self::fields), [`get`](Self::get)).
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::{eval_line, Op, Value};
/// use fixed_collide::Fx;
/// let a = eval_line(r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0]},"aabb":{"min":[2,-1],"max":[4,1]}}"#).unwrap();
/// assert!(a.is_hit());
/// assert_eq!((a.op(), a.dim()), (Op::RayAabb, 2));
/// assert_eq!(a.get("t"), Some(Value::Num(Fx::from_num(2))));
/// assert_eq!(a.to_json(), r#"{"hit":true,"t":"2","point":["2","0"],"normal":["-1","0"],"inside":false}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(Dim);

/// A reply in the dimension of its line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dim {
    Two(Reply<2>),
    Three(Reply<3>),
}

impl From<Reply<2>> for Answer {
    fn from(r: Reply<2>) -> Self {
        Self(Dim::Two(r))
    }
}

impl From<Reply<3>> for Answer {
    fn from(r: Reply<3>) -> Self {
        Self(Dim::Three(r))
    }
}

impl Answer {
    /// The op answered.
    pub fn op(&self) -> Op {
        match &self.0 {
            Dim::Two(r) => r.op(),
            Dim::Three(r) => r.op(),
        }
    }

    /// The dimension of the query, 2 or 3.
    pub fn dim(&self) -> usize {
        match &self.0 {
            Dim::Two(_) => 2,
            Dim::Three(_) => 3,
        }
    }

    /// Whether the query hit (the `hit` field).
    pub fn is_hit(&self) -> bool {
        match &self.0 {
            Dim::Two(r) => r.is_hit(),
            Dim::Three(r) => r.is_hit(),
        }
    }

    /// Calls `f` on every field in output order, `hit` first.
    fn each_field(&self, f: Visit<'_>) {
        f("hit", Value::Bool(self.is_hit()));
        match &self.0 {
            Dim::Two(r) => r.hit_fields(f),
            Dim::Three(r) => r.hit_fields(f),
        }
    }

    /// The value of a field, such as `"t"`; `None` when the answer has no
    /// such field.
    pub fn get(&self, name: &str) -> Option<Value> {
        let mut found = None;
        self.each_field(&mut |k, v| {
            if k == name && found.is_none() {
                found = Some(v);
            }
        });
        found
    }

    /// Every field in output order, `hit` first.
    pub fn fields(&self) -> Vec<(&'static str, Value)> {
        let mut all = Vec::new();
        self.each_field(&mut |k, v| all.push((k, v)));
        all
    }

    /// The answer as one line of JSON (without the line end): keys in fixed
    /// order, no spaces, numbers as strings.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64);
        out.push('{');
        self.each_field(&mut |k, v| {
            if out.len() > 1 {
                out.push(',');
            }
            out.push('"');
            out.push_str(k);
            out.push_str("\":");
            v.write_json(&mut out);
        });
        out.push('}');
        out
    }
}
