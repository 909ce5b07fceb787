//! Judging disagreements between the two libraries' answers.
//!
//! fixed-collide's answers are exact (or, for `sphere_obb`/`ray_obb`, never
//! a false miss and exact outside a band about 2^-20 wide for these
//! scenes); parry computes in `f32`. A disagreement is *explained* when it
//! falls in a named class: an exact boundary case the two libraries define
//! differently, or a configuration within [`EPS`] of a decision boundary,
//! where `f32` rounding decides. Deciding "within [`EPS`]" uses
//! fixed-collide itself on the inputs grown and shrunk by [`EPS`] (it is
//! exact, so it is the reference), or the exact grid values.

use fixed_collide::Fx;
use std::collections::BTreeMap;

/// Distance (world units) within which `f32` rounding may decide a query:
/// 2^-12. Coordinates here stay below 2^9 (an `f32` ulp of at most 2^-15
/// there), and parry does a handful of roundings per query: its errors on
/// these scenes are about 2^-16 (the largest seen: the EPA depth, 1.6e-5,
/// and the ray taken into a box frame). Every disagreement is still
/// explained with a bound four times tighter (2^-14); 2^-12 keeps a margin.
/// The grid step is 2^-4, so only configurations that touch exactly, or
/// rotated ones that truly come this close, are this near a boundary.
pub const EPS: f64 = 1.0 / 4096.0;

/// [`EPS`] as fixed point.
pub fn eps() -> Fx {
    Fx::from_num(EPS)
}

/// How one pair of answers compares.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Same hit/miss, and the same value up to `f32` rounding.
    Agree,
    /// A disagreement of a named class.
    Explained(&'static str),
    /// A disagreement nothing explains: a bench bug or a library bug.
    Unexplained(String),
}

/// Answers counted over a kind's whole query set.
#[derive(Debug, Default)]
pub struct Tally {
    /// Queries.
    pub n: u64,
    /// fixed-collide hits.
    pub fixed_hits: u64,
    /// parry hits.
    pub parry_hits: u64,
    /// Queries of each of the kind's two shortcut cases
    /// ([`crate::Query::SHORTCUTS`]).
    pub shortcuts: [u64; 2],
    /// Explained disagreements per class.
    pub classes: BTreeMap<&'static str, u64>,
    /// Unexplained disagreements.
    pub unexplained: u64,
    /// The first few unexplained ones, described.
    pub examples: Vec<String>,
}

impl Tally {
    /// Counts one query: both hits, which shortcut cases it is, the verdict.
    pub fn add(
        &mut self,
        fixed_hit: bool,
        parry_hit: bool,
        shortcuts: [bool; 2],
        verdict: Verdict,
    ) {
        self.n += 1;
        self.fixed_hits += u64::from(fixed_hit);
        self.parry_hits += u64::from(parry_hit);
        for (count, case) in self.shortcuts.iter_mut().zip(shortcuts) {
            *count += u64::from(case);
        }
        match verdict {
            Verdict::Agree => {}
            Verdict::Explained(class) => *self.classes.entry(class).or_default() += 1,
            Verdict::Unexplained(what) => {
                self.unexplained += 1;
                if self.examples.len() < 5 {
                    self.examples.push(what);
                }
            }
        }
    }
}

/// Whether two times agree up to `f32` rounding: parry's time carries a few
/// roundings of 2^-24 relative, ours is rounded down to 2^-32.
pub fn same_time(fixed: f64, parry: f64) -> bool {
    (fixed - parry).abs() <= parry.abs() * 2f64.powi(-21) + 2f64.powi(-30)
}

/// Whether parry's time lies between the entry times of the box grown by
/// [`EPS`] (`outer`, earliest) and shrunk by it (`inner`; `None` when the
/// shrunk box is missed, then the bound is `max_t`), up to `f32` rounding.
pub fn bracketed(parry: f64, outer: Option<f64>, inner: Option<f64>, max_t: f64) -> bool {
    let tol = parry.abs() * 2f64.powi(-21) + 2f64.powi(-30);
    let hi = inner.unwrap_or(max_t);
    outer.is_some_and(|lo| lo <= parry + tol) && parry <= hi + tol
}

/// The exact times at which the point `t * d` is inside the box
/// `[lo, hi]` (per axis, grid counts), as `(enter, exit)` (`-inf`/`inf`
/// when unbounded), or `None` when an axis with `d == 0` is outside.
/// `open`: strict inequalities (penetration) rather than closed.
///
/// Exact in `f64` for deciding equalities: times are ratios `p / q` of grid
/// integers, `|p| < 2^14`, `0 < |q| < 2^9`; two different such ratios
/// differ by at least `1 / (q q') > 2^-18`, i.e. by more than 2^-32
/// relative, far above `f64`'s 2^-53 rounding, and equal ones round alike.
pub fn span<const D: usize>(
    lo: [i32; D],
    hi: [i32; D],
    d: [i32; D],
    open: bool,
) -> Option<(f64, f64)> {
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    for i in 0..D {
        if d[i] == 0 {
            let inside = if open {
                lo[i] < 0 && 0 < hi[i]
            } else {
                lo[i] <= 0 && 0 <= hi[i]
            };
            if !inside {
                return None;
            }
        } else {
            let (a, b) = (
                f64::from(lo[i]) / f64::from(d[i]),
                f64::from(hi[i]) / f64::from(d[i]),
            );
            enter = enter.max(a.min(b));
            exit = exit.min(a.max(b));
        }
    }
    Some((enter, exit))
}

/// Describes an unexplained disagreement.
pub fn unexplained(
    a: &dyn std::fmt::Debug,
    b: &dyn std::fmt::Debug,
    f: &dyn std::fmt::Debug,
    p: &dyn std::fmt::Debug,
) -> Verdict {
    Verdict::Unexplained(format!("a = {a:?}, b = {b:?}: fixed {f:?}, parry {p:?}"))
}
