//! The op table: every eval op declared once, with its name, its operands
//! (key and type, in reading order), the type of its result and the library
//! call that answers it.
//!
//! From the table, `op_table!` makes the public [`Op`] (its names and
//! operands), the typed query of a line (`Query<D>`: one variant per op,
//! holding the operands as library values), its typed result (`Reply<D>`)
//! and the code between them. So adding an op is one entry here; it may
//! take a new operand type (an [`Operand`](super::reader::Operand) impl in
//! `operand.rs`) or give a new result type (a [`Hit`](super::answer::Hit)
//! impl in `answer.rs`). The replay generator matches on [`Op`] without a
//! wildcard, so the compiler asks for the new op's queries there too.

use super::answer::{Outcome, Value};
use super::json::Obj;
use super::reader::{Reader, Stop};
use fixed_collide::Obb;
use fixed_collide::query::ball::{BallHit, sphere_aabb};
use fixed_collide::query::contact::{Contact, aabb_contact};
use fixed_collide::query::obb::{obb_overlap, ray_obb, sphere_obb};
use fixed_collide::query::overlap::{aabb_intersection, aabb_overlap};
use fixed_collide::query::ray::{RayHit, ray_aabb};
use fixed_collide::query::sweep::{OverlapInterval, Sweep, aabb_sweep, aabb_sweep_pair};
use fixed_collide::shape::{Aabb, Ball, Ray, Shape};
use fixed_collide::vec::Vector;
use fixed_collide::{Cast, overlap, ray_cast, shape_cast};
use fixed_collide::{Const, Dim};

/// A call's value as the result of its op: the result itself, or the
/// library's `Result` of it (an op whose call can refuse its operands).
pub(super) trait IntoResult<T> {
    fn into_result(self) -> Result<T, fixed_collide::Error>;
}

impl<T: Outcome> IntoResult<T> for T {
    fn into_result(self) -> Result<T, fixed_collide::Error> {
        Ok(self)
    }
}

impl<T: Outcome> IntoResult<T> for Result<T, fixed_collide::Error> {
    fn into_result(self) -> Result<T, fixed_collide::Error> {
        self
    }
}

/// Makes [`Op`], `Query<D>` and `Reply<D>` from the table of ops. Each
/// entry is
///
/// ```text
/// /// docs of the op
/// Variant = "name" { key: OperandType<D>, ... } -> ResultType<D> => call(key, ...);
/// ```
///
/// where the keys are the operands' JSON keys, read in this order, and
/// `call` sees each operand by reference under its key's name.
macro_rules! op_table {
    ($(
        $(#[$meta:meta])*
        $op:ident = $name:literal { $($key:ident: $ty:ty),+ $(,)? } -> $out:ty => $call:expr;
    )+) => {
        /// An eval op: the `"op"` of a line. Each one documents its
        /// operands (the line's other keys) and the fields its answer adds
        /// to `"hit":true` on a hit.
        ///
        /// # Examples
        /// ```
        /// use fixed_collide_cli::eval::Op;
        /// assert_eq!(Op::from_name("ray_aabb"), Some(Op::RayAabb));
        /// assert_eq!(Op::RayAabb.operands(), ["ray", "aabb"]);
        /// assert_eq!(Op::RayAabb.hit_fields(), ["t", "point", "normal", "inside"]);
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Op {
            $($(#[$meta])* $op,)+
        }

        impl Op {
            /// The number of ops.
            pub const COUNT: usize = [$($name),+].len();

            /// Every op, in the order of the protocol.
            pub const ALL: [Op; Op::COUNT] = [$(Op::$op),+];

            /// The op's name, its `"op"` in a line.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Op::$op => $name,)+
                }
            }

            /// The op's operands: the keys a line of this op takes besides
            /// `"op"`, in the order they are read.
            pub const fn operands(self) -> &'static [&'static str] {
                match self {
                    $(Op::$op => &[$(stringify!($key)),+],)+
                }
            }

            /// The keys of a line of this op: `"op"`, then the operands.
            pub(super) const fn keys(self) -> &'static [&'static str] {
                match self {
                    $(Op::$op => &["op", $(stringify!($key)),+],)+
                }
            }
        }

        /// A line's query: the op and its operands, read and built into
        /// the library's types, in dimension `D`.
        #[derive(Clone, Debug)]
        pub(super) enum Query<const D: usize>
        where
            Const<D>: Dim<D>,
        {
            $($op { $($key: $ty),+ },)+
        }

        /// The typed result of a query, kept as the library returned it
        /// until the answer is written.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub(super) enum Reply<const D: usize> {
            $($op($out),)+
        }

        impl<const D: usize> Query<D>
        where
            Const<D>: Dim<D>,
        {
            /// Reads the operands of `op` from the line `obj` (whose keys
            /// are checked). The first error of form in reading order
            /// stops it; else the first operand a constructor refuses is
            /// the error.
            pub(super) fn read(op: Op, r: &mut Reader<'_, D>, obj: &Obj<'_>) -> Result<Self, Stop> {
                Ok(match op {
                    $(Op::$op => {
                        $(let $key = r.operand::<$ty>(obj, stringify!($key))?;)+
                        Query::$op { $($key: $key?),+ }
                    })+
                })
            }

            /// Runs the query: its result, or the library's error for a
            /// query it refuses as a whole (such as a pair of shapes
            /// `shape_cast` does not take).
            pub(super) fn answer(&self) -> Result<Reply<D>, fixed_collide::Error> {
                Ok(match self {
                    $(Query::$op { $($key),+ } => {
                        Reply::$op(<_ as IntoResult<$out>>::into_result($call)?)
                    })+
                })
            }
        }

        impl<const D: usize> Reply<D> {
            /// The op answered.
            pub(super) fn op(&self) -> Op {
                match self {
                    $(Reply::$op(_) => Op::$op,)+
                }
            }

            /// Whether the query hit.
            pub(super) fn is_hit(&self) -> bool {
                match self {
                    $(Reply::$op(x) => Outcome::is_hit(x),)+
                }
            }

            /// Calls `f` on each field a hit adds, in order (none on a
            /// miss).
            pub(super) fn hit_fields(&self, f: &mut dyn FnMut(&'static str, Value)) {
                match self {
                    $(Reply::$op(x) => Outcome::hit_fields(x, f),)+
                }
            }

            /// The names of the fields a hit of `op` adds.
            pub(super) fn hit_field_names(op: Op) -> &'static [&'static str] {
                match op {
                    $(Op::$op => <$out as Outcome>::HIT_FIELDS,)+
                }
            }
        }
    };
}

op_table! {
    /// `a`, `b` (aabbs): whether the boxes overlap, touching included
    /// ([`aabb_overlap`]). A hit adds no field.
    AabbOverlap = "aabb_overlap" { a: Aabb<D>, b: Aabb<D> } -> bool
        => aabb_overlap(a, b);
    /// `a`, `b` (aabbs): the box they share ([`aabb_intersection`]). A hit
    /// adds `box` (`{"min","max"}`).
    AabbIntersection = "aabb_intersection" { a: Aabb<D>, b: Aabb<D> } -> Option<Aabb<D>>
        => aabb_intersection(a, b);
    /// `a`, `b` (aabbs): the contact of overlapping boxes
    /// ([`aabb_contact`]). A hit adds `normal`, `depth`, `point`.
    AabbContact = "aabb_contact" { a: Aabb<D>, b: Aabb<D> } -> Option<Contact<D>>
        => aabb_contact(a, b);
    /// `stationary`, `moving` (aabbs), `d` (the moving box's displacement
    /// over the step, a vector): the first time of impact
    /// ([`aabb_sweep`]). A hit adds `t_enter`, `t_exit`, `normal`,
    /// `overlapping`.
    AabbSweep = "aabb_sweep" { stationary: Aabb<D>, moving: Aabb<D>, d: Vector<D> }
        -> Option<Sweep<D>>
        => aabb_sweep(stationary, moving, *d);
    /// `a`, `va`, `b`, `vb` (each box and its displacement over the step):
    /// when the moving boxes overlap ([`aabb_sweep_pair`]). A hit adds
    /// `u0`, `u1`.
    AabbSweepPair = "aabb_sweep_pair" { a: Aabb<D>, va: Vector<D>, b: Aabb<D>, vb: Vector<D> }
        -> Option<OverlapInterval>
        => aabb_sweep_pair(a, *va, b, *vb);
    /// `ray`, `aabb`: the first point of the box on the ray
    /// ([`ray_aabb`]). A hit adds `t`, `point`, `normal`, `inside`.
    RayAabb = "ray_aabb" { ray: Ray<D>, aabb: Aabb<D> } -> Option<RayHit<D>>
        => ray_aabb(ray, aabb);
    /// `ray`, `obb`: the first point of the oriented box on the ray
    /// ([`ray_obb`]). A hit adds `t`, `point`, `normal`, `inside`.
    RayObb = "ray_obb" { ray: Ray<D>, obb: Obb<D> } -> Option<RayHit<D>>
        => ray_obb(ray, obb);
    /// `a`, `b` (obbs): whether the oriented boxes overlap, touching
    /// included ([`obb_overlap`]). A hit adds no field.
    ObbOverlap = "obb_overlap" { a: Obb<D>, b: Obb<D> } -> bool
        => obb_overlap(a, b);
    /// `sphere`, `aabb`: whether they touch ([`sphere_aabb`]). A hit adds
    /// `point`, the closest point of the box to the center.
    SphereAabb = "sphere_aabb" { sphere: Ball<D>, aabb: Aabb<D> } -> Option<BallHit<D>>
        => sphere_aabb(sphere, aabb);
    /// `sphere`, `obb`: whether they touch ([`sphere_obb`]). A hit adds
    /// `point`, the closest point of the box to the center.
    SphereObb = "sphere_obb" { sphere: Ball<D>, obb: Obb<D> } -> Option<BallHit<D>>
        => sphere_obb(sphere, obb);
    /// `a`, `b` (any shapes, `{"capsule":{..}}`, `{"polygon":{..}}` (2D)
    /// ...): whether they overlap,
    /// touching included, exactly ([`overlap`]). A hit adds no field.
    Overlap = "overlap" { a: Shape<D>, b: Shape<D> } -> bool
        => overlap(a, b);
    /// `ray`, `shape` (any shape): the first point of the shape on the ray
    /// ([`ray_cast`]). A hit adds `t`, `point`, `normal`, `inside`.
    RayCast = "ray_cast" { ray: Ray<D>, shape: Shape<D> } -> Option<RayHit<D>>
        => ray_cast(ray, shape);
    /// `moving` (any shape), `d` (its displacement over the step, a
    /// vector), `target` (any shape, stationary): the first time the
    /// interiors overlap ([`shape_cast`]). A hit adds `t_enter`, `normal`,
    /// `overlapping`. A pair the library does not take (3D: a moving aabb
    /// against anything but an aabb, a moving obb) is an error naming
    /// `moving`.
    ShapeCast = "shape_cast" { moving: Shape<D>, d: Vector<D>, target: Shape<D> }
        -> Option<Cast<D>>
        => shape_cast(moving, d, target);
}

impl Op {
    /// The op named `name` (exactly, case included), if there is one.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::eval::Op;
    /// assert_eq!(Op::from_name("obb_overlap"), Some(Op::ObbOverlap));
    /// assert_eq!(Op::from_name("OBB_overlap"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }

    /// The fields a hit of this op adds after `"hit":true`, in the order
    /// they are written (a miss is `{"hit":false}` alone).
    pub fn hit_fields(self) -> &'static [&'static str] {
        Reply::<2>::hit_field_names(self)
    }

    /// The op's position in [`Op::ALL`] (from 0, below [`Op::COUNT`]), to
    /// index a table by op.
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_is_listed_once_in_order_and_found_by_name() {
        for (i, op) in Op::ALL.into_iter().enumerate() {
            assert_eq!(op.index(), i, "{op:?}");
            assert_eq!(Op::from_name(op.name()), Some(op));
            assert_eq!(op.keys()[0], "op");
            assert_eq!(&op.keys()[1..], op.operands(), "{op:?}");
        }
        let mut names = Op::ALL.map(Op::name);
        names.sort_unstable();
        names.windows(2).for_each(|w| assert_ne!(w[0], w[1]));
        assert_eq!(Op::from_name("Aabb_overlap"), None);
        assert_eq!(Op::from_name(""), None);
    }

    #[test]
    fn operands_of_an_op_are_distinct_and_not_op() {
        for op in Op::ALL {
            let keys = op.operands();
            assert!(!keys.is_empty(), "{op:?}");
            for (i, k) in keys.iter().enumerate() {
                assert_ne!(*k, "op", "{op:?}");
                assert!(!keys[..i].contains(k), "{op:?}: {k} twice");
            }
        }
    }
}
