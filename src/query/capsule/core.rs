//! The exact closest-distance test behind the generic overlap query.
//!
//! Every shape but a box pair is a *core* (a point, a segment, an
//! axis-aligned box or a parallelepiped) grown by a radius: a ball is a
//! point core, a capsule a segment core, a segment, a box or an oriented box
//! a core of radius 0. Two shapes overlap (closed) iff the distance between
//! their cores is at most the sum of the radii.
//!
//! The difference of a point of one core and a point of the other is
//! `w + sum_j x_j m_j` with box constraints `lo_j <= x_j <= hi_j`: a segment
//! `a + s (b - a)` gives the column `b - a` with `s` in `[0, 1]`, a box the
//! unit columns with its `[min, max]`, a parallelepiped its axes as given
//! with `[-half, half]`. So the question is a convex quadratic program,
//! `min |w + M x|^2 <= R^2` over a box of `x`, decided exactly:
//!
//! - Its minimum lies in the relative interior of some face of the `x` box
//!   (each `x_j` at `lo_j`, at `hi_j`, or free), where it minimizes over the
//!   face's affine hull. If the free columns are dependent, the minimizers
//!   there form a line through it that leaves the face through a smaller
//!   face with the same value; so the minimum is reached at the unique
//!   minimizer of some face whose free columns are independent.
//! - Faces with independent free columns are tried: the minimizer of its
//!   hull by the normal equations (Cramer's rule, exact integers), kept if
//!   it lies in the face; its squared distance compared with `R^2`
//!   by cross-multiplication. A kept minimizer is a point of both cores, so
//!   a pass is never false. A kept minimizer that also meets the
//!   optimality conditions of the fixed variables is the global minimum,
//!   so its comparison is the answer and the search stops there; the face
//!   of a cheap guess at the minimizer goes first. Nothing is rounded.
//!
//! Scales: positions at 2^64 (raw bits shifted by 32), columns as raw bits
//! (scale 2^32) with `x` as raw bits too (`s` in `[0, 2^32]`), so
//! `x_j m_j` is at scale 2^64. Budgets, with every input within the domain
//! (`|v| <= 2^52` raw): `|m| < 2^54` per component, `|x| <= 2^53`, `|w| <
//! 2^88`; a face's `w_F = w + sum_fixed x_j m_j` below 2^110 (fits
//! `i128`); Gram entries below 2^110; products of a Gram determinant
//! (< 2^221) with squared terms (< 2^223) below 2^446; the 3x3
//! determinants below 2^224. All well within the 1024 bits of [`Big`].

use super::wide::Big;
use crate::kernel::wide::dot_wide;
use crate::num::{Fx, wide};
use crate::shape::{Aabb, Obb};
use crate::vec::Vector;

const MAX_COLS: usize = 6;

/// Sweeps of the descent behind [`Gap::guess_face`] (it stops early once
/// nothing moves): measured on the capsule casts, 2 sweeps leave the
/// optimal face to a scan of about 39 faces per undecided program, 16
/// about 0.5.
const GUESS_SWEEPS: usize = 16;

/// One variable of the program: its column (raw, padded to 3D) and bounds.
#[derive(Clone, Copy)]
struct Col {
    m: [i128; 3],
    lo: i128,
    hi: i128,
}

/// The program `min |w + M x|^2` over the bounds of the columns.
#[derive(Clone, Copy)]
pub(crate) struct Gap {
    w: [i128; 3],
    cols: [Col; MAX_COLS],
    n: usize,
}

fn raw<const D: usize>(v: &Vector<D>) -> [i128; 3] {
    let mut r = [0i128; 3];
    for (slot, c) in r.iter_mut().zip(v.0) {
        *slot = wide(c);
    }
    r
}

fn neg(v: [i128; 3]) -> [i128; 3] {
    v.map(|c| -c)
}

impl Gap {
    pub(crate) fn new() -> Gap {
        Gap {
            w: [0; 3],
            cols: [Col {
                m: [0; 3],
                lo: 0,
                hi: 0,
            }; MAX_COLS],
            n: 0,
        }
    }

    /// Adds `sign * p` to the offset.
    pub(crate) fn point<const D: usize>(&mut self, p: &Vector<D>, negative: bool) {
        for (w, c) in self.w.iter_mut().zip(raw(p)) {
            let v = c << 32;
            *w += if negative { -v } else { v };
        }
    }

    /// Adds a variable `x` in `[lo, hi]` with column `m`. A zero column
    /// adds nothing; a fixed variable (`lo = hi`) goes into the offset.
    pub(crate) fn column(&mut self, m: [i128; 3], lo: i128, hi: i128) {
        if m == [0; 3] {
            return;
        }
        if lo != hi {
            // (The callers add at most 6 columns: the slot always exists.)
            if let Some(slot) = self.cols.get_mut(self.n) {
                *slot = Col { m, lo, hi };
                self.n += 1;
                return;
            }
        }
        for (w, c) in self.w.iter_mut().zip(m) {
            *w += lo * c;
        }
    }

    /// Adds the segment `a b` (negated when `negative`).
    pub(crate) fn segment<const D: usize>(&mut self, a: &Vector<D>, b: &Vector<D>, negative: bool) {
        self.point(a, negative);
        let (ra, rb) = (raw(a), raw(b));
        let mut m = rb;
        for (mk, ak) in m.iter_mut().zip(ra) {
            *mk -= ak;
        }
        self.column(if negative { neg(m) } else { m }, 0, 1 << 32);
    }

    /// Adds the axis-aligned box (negated when `negative`).
    pub(crate) fn aabb<const D: usize>(&mut self, b: &Aabb<D>, negative: bool) {
        for (k, (lo, hi)) in b.min().0.into_iter().zip(b.max().0).enumerate() {
            let mut m = [0i128; 3];
            if let Some(mk) = m.get_mut(k) {
                *mk = if negative { -(1 << 32) } else { 1 << 32 };
            }
            self.column(m, wide(lo), wide(hi));
        }
    }

    /// Adds the parallelepiped of the oriented box's axes as given (negated
    /// when `negative`).
    pub(crate) fn obb<const D: usize>(&mut self, b: &Obb<D>, negative: bool) {
        self.point(&b.center(), negative);
        for (axis, h) in b.axes().iter().zip(b.half().0) {
            let m = raw(axis);
            let h = wide(h);
            self.column(if negative { neg(m) } else { m }, -h, h);
        }
    }

    /// Whether the minimum of `|w + M x|^2` is at most `(radius sum)^2`
    /// (`r` raw, scale 2^32).
    pub(crate) fn within(&self, r: i128) -> bool {
        self.decide(r, false)
    }

    /// Whether the minimum of `|w + M x|^2` is **below** `(radius sum)^2`
    /// (`r` raw, scale 2^32): the open version of [`Gap::within`].
    pub(crate) fn within_strict(&self, r: i128) -> bool {
        self.decide(r, true)
    }

    /// Whether the cheap certain answers (`i128`, no wide integers) show the
    /// minimum of `|w + M x|^2` to be above `(radius sum)^2`: `false` means
    /// "not shown", not "within".
    pub(crate) fn certainly_beyond(&self, r: i128) -> bool {
        self.certain(r, false) == Some(false)
    }

    /// Whether every point of the program has a zero third component (a
    /// 2D program, or a 3D one in the plane `z = 0`).
    fn planar(&self) -> bool {
        self.w[2] == 0 && self.columns().all(|(m, _, _)| m[2] == 0)
    }

    /// The offset `w` (scale 2^64).
    pub(crate) fn offset(&self) -> [i128; 3] {
        self.w
    }

    /// The variables: each column (raw) with its bounds (raw), in the order
    /// they were added.
    pub(crate) fn columns(&self) -> impl Iterator<Item = ([i128; 3], i128, i128)> + '_ {
        self.cols.iter().take(self.n).map(|c| (c.m, c.lo, c.hi))
    }

    /// [`Gap::within`] (`strict` false) or [`Gap::within_strict`]: the
    /// cheap certain answers, else the faces. A face whose hull minimizer
    /// lies in it and is within the radius answers yes (a point of the
    /// set); one whose minimizer is also optimal for the fixed variables
    /// (`m_j . v >= 0` at `lo_j`, `<= 0` at `hi_j`: the conditions of the
    /// convex program) holds the global minimum, and answers. Some face
    /// does: the minimum is the minimizer of a face with independent free
    /// columns. The answer is unique, so the order only sets the speed:
    /// the face of the descent's guess (the variables it leaves at a bound
    /// fixed there, the others free) first, then every other face, those
    /// placing fewer variables differently first ([`nearest_first`]).
    fn decide(&self, r: i128, strict: bool) -> bool {
        if let Some(answer) = self.certain(r, strict) {
            return answer;
        }
        // No radius: the origin against the facet slabs of the zonotope,
        // in words, when it has an interior (in its plane when planar).
        if r == 0
            && !strict
            && let Some(answer) = slabs::holds_origin(self, self.planar())
        {
            return answer;
        }
        self.faces(r, strict)
    }

    /// [`Gap::decide`] past its shortcuts: the faces in the 1024-bit
    /// integer (the tests' reference for the shortcuts).
    pub(crate) fn faces(&self, r: i128, strict: bool) -> bool {
        let r2 = Big::from(r << 32).square();
        let n = self.n;
        let mut faces = 1usize;
        for _ in 0..n {
            faces *= 3;
        }
        for code in nearest_first(self.guess_face() % faces, n) {
            let s = self.setup(code, n);
            let Some(m) = face_minimizer(&s.w, s.free.get(..s.k).unwrap_or(&[])) else {
                continue;
            };
            let v = &m.vector;
            let len2 = v[0].square().add(v[1].square()).add(v[2].square());
            if below(len2, r2.mul(m.den.square()), strict) {
                return true;
            }
            if self.optimal(&s, v) {
                return false;
            }
        }
        false
    }

    /// The face of the descent's guess at the minimizer: each variable it
    /// leaves at a bound fixed there, the others free (a code of
    /// [`Face`]'s digits).
    pub(crate) fn guess_face(&self) -> usize {
        let mut x = self.middle();
        self.descend(&mut x, GUESS_SWEEPS);
        let mut code = 0;
        for (c, xj) in self.cols.iter().take(self.n).zip(x).rev() {
            let digit = if xj == c.lo {
                0
            } else if xj == c.hi {
                1
            } else {
                2
            };
            code = code * 3 + digit;
        }
        code
    }

    /// Whether `v` (a positive multiple of a face's minimizer) meets the
    /// optimality conditions of the face's fixed variables.
    fn optimal(&self, s: &FaceSetup, v: &[Big; 3]) -> bool {
        s.fixed.iter().take(s.f).all(|&(j, at_hi)| {
            let Some(col) = self.cols.get(j) else {
                return false;
            };
            let slope = dot_big_b(&col.m, v);
            if at_hi {
                slope.is_negative() || slope.is_zero()
            } else {
                !slope.is_negative()
            }
        })
    }
}

/// One face of the program, set up: the offset with the fixed variables
/// folded in (`w_F = w + sum_fixed x_j m_j`), the free columns, and the
/// fixed ones by index with their side (`true`: at the upper bound).
struct FaceSetup {
    w: [i128; 3],
    free: [Col; MAX_COLS],
    k: usize,
    fixed: [(usize, bool); MAX_COLS],
    f: usize,
}

impl Gap {
    /// The face `code` of the first `n` columns: digit `j` of `code` in
    /// base 3 is 0 for `x_j` at `lo_j`, 1 at `hi_j`, 2 free (see [`Face`]).
    fn setup(&self, code: usize, n: usize) -> FaceSetup {
        let mut c = code;
        let mut s = FaceSetup {
            w: self.w,
            free: self.cols,
            k: 0,
            fixed: [(0, false); MAX_COLS],
            f: 0,
        };
        for (j, col) in self.cols.iter().enumerate().take(n) {
            let digit = c % 3;
            c /= 3;
            if digit == 2 {
                if let Some(slot) = s.free.get_mut(s.k) {
                    *slot = *col;
                }
                s.k += 1;
                continue;
            }
            let x = if digit == 0 { col.lo } else { col.hi };
            for (wk, mk) in s.w.iter_mut().zip(col.m) {
                *wk += x * mk;
            }
            if let Some(slot) = s.fixed.get_mut(s.f) {
                *slot = (j, digit == 1);
            }
            s.f += 1;
        }
        s
    }
}

/// Every face code of `n` columns (`3^n` of them) once, `first` (below
/// `3^n`) first, then the others by how many variables they place
/// differently (a digit of the code changed): a guess that is wrong about
/// one or two variables (a capsule level with a face, whose closest points
/// are an end or the whole core) costs a few faces, not a scan of all.
pub(crate) fn nearest_first(first: usize, n: usize) -> impl Iterator<Item = usize> {
    let n = n.min(MAX_COLS);
    (0..=n).flat_map(move |d| {
        (0usize..1 << n)
            .filter(move |mask| mask.count_ones() as usize == d)
            .flat_map(move |mask| (0usize..1 << d).map(move |alt| moved(first, mask, alt, n)))
    })
}

/// `first` with the digits at the set bits of `mask` each moved by 1 or 2
/// (mod 3) as the successive bits of `alt` say.
fn moved(first: usize, mask: usize, alt: usize, n: usize) -> usize {
    let (mut code, mut place, mut bit) = (first, 1usize, 0);
    for j in 0..n {
        if mask >> j & 1 == 1 {
            let digit = first / place % 3;
            let k = 1 + (alt >> bit & 1);
            code = code - digit * place + (digit + k) % 3 * place;
            bit += 1;
        }
        place *= 3;
    }
    code
}

/// `x <= y`, or `x < y` when `strict`.
fn below(x: Big, y: Big, strict: bool) -> bool {
    if strict { x < y } else { x <= y }
}

/// Three independent columns span 3D: the face's minimizer has distance
/// zero, so the face passes iff the solution of `M x = -w` is in it.
fn face3(w: &[i128; 3], [ci, cj, cl]: [&Col; 3]) -> bool {
    let m = [ci.m, cj.m, cl.m].map(|v| v.map(Big::from));
    let nw = w.map(|c| Big::from(-c));
    let mut det = det3(&m[0], &m[1], &m[2]);
    if det.is_zero() {
        return false;
    }
    let mut nums = [
        det3(&nw, &m[1], &m[2]),
        det3(&m[0], &nw, &m[2]),
        det3(&m[0], &m[1], &nw),
    ];
    if det.is_negative() {
        det = det.neg();
        nums = nums.map(Big::neg);
    }
    nums.iter()
        .zip([ci, cj, cl])
        .all(|(x, c)| within_bounds(*x, det, c))
}

/// `lo <= num / den <= hi` for `den > 0`.
fn within_bounds(num: Big, den: Big, col: &Col) -> bool {
    num >= Big::from(col.lo).mul(den) && num <= Big::from(col.hi).mul(den)
}

fn dot_big(a: &[i128; 3], b: &[i128; 3]) -> Big {
    Big::prod(a[0], b[0])
        .add(Big::prod(a[1], b[1]))
        .add(Big::prod(a[2], b[2]))
}

fn det3(a: &[Big; 3], b: &[Big; 3], c: &[Big; 3]) -> Big {
    let cx = b[1].mul(c[2]).sub(b[2].mul(c[1]));
    let cy = b[2].mul(c[0]).sub(b[0].mul(c[2]));
    let cz = b[0].mul(c[1]).sub(b[1].mul(c[0]));
    a[0].mul(cx).add(a[1].mul(cy)).add(a[2].mul(cz))
}

/// The sum of two radii, raw.
pub(crate) fn radius_sum(a: Fx, b: Fx) -> i128 {
    wide(a) + wide(b)
}

// ---------------------------------------------------------------- minimizer

/// The minimizer of the program, for a caller that needs the closest point
/// and not only the decision: `v = w + M x*` as `vector / den` (scale
/// 2^64, `den > 0`).
pub(crate) struct Minimizer {
    pub(crate) vector: [Big; 3],
    pub(crate) den: Big,
}

impl Gap {
    /// The minimizer `v = w + M x*` of `|w + M x|^2` when its squared length
    /// is at most `(r * 2^32)^2` (`r` raw), `None` otherwise.
    ///
    /// Requires independent columns (then the minimizer is unique): each
    /// face is tried as in [`Gap::within`], its hull minimizer kept only if
    /// it lies in the face **and** satisfies the optimality conditions of
    /// the fixed variables (`m_j . v >= 0` at `lo_j`, `<= 0` at `hi_j`), so
    /// the face found is the one holding the global minimum. The face
    /// `hint` is tried first (a caller's cheap guess: see [`Face`]; a wrong
    /// guess costs one face and changes nothing), then every other face,
    /// those placing fewer variables differently first ([`nearest_first`]);
    /// without a hint, from the face with every variable free (a point
    /// inside a parallelepiped is settled at once). Budgets as in the module docs, for at most three
    /// columns: `V` below 2^440 and `|V|^2` below 2^881.
    pub(crate) fn minimizer(&self, r: i128, hint: Face) -> Option<Minimizer> {
        let found = self.global_minimizer(hint)?;
        let r2 = Big::from(r << 32).square();
        let v = &found.vector;
        let len2 = v[0].square().add(v[1].square()).add(v[2].square());
        (len2 <= r2.mul(found.den.square())).then_some(found)
    }

    /// The global minimizer (independent columns), the face `hint` first.
    fn global_minimizer(&self, hint: Face) -> Option<Minimizer> {
        let n = self.n.min(3);
        let faces = [1u32, 3, 9, 27].get(n).copied().unwrap_or(1);
        let first = if hint.0 < faces { hint.0 } else { faces - 1 };
        nearest_first(first as usize, n).find_map(|code| self.face(code as u32))
    }

    /// The minimizer over the face `code` (see [`Face`]), if it lies in
    /// the face and is optimal for the fixed variables.
    fn face(&self, code: u32) -> Option<Minimizer> {
        let setup = self.setup(code as usize, self.n.min(3));
        let found = face_minimizer(&setup.w, setup.free.get(..setup.k).unwrap_or(&[]))?;
        self.optimal(&setup, &found.vector).then_some(found)
    }
}

/// A face of the program's box of variables, as base-3 digits, the first
/// column least significant: 0 the variable at its lower bound, 1 at its
/// upper bound, 2 free. Columns are numbered in the order they were added,
/// skipping the fixed variables (`lo = hi`) that [`Gap::column`] folds into
/// the offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Face(pub(crate) u32);

/// `m . V` for a column and a wide vector.
fn dot_big_b(m: &[i128; 3], v: &[Big; 3]) -> Big {
    Big::from(m[0])
        .mul(v[0])
        .add(Big::from(m[1]).mul(v[1]))
        .add(Big::from(m[2]).mul(v[2]))
}

/// The minimizer of `|w + sum_j x_j m_j|^2` over the hull of a face with
/// the `free` columns, if they are independent and it lies in the face.
fn face_minimizer(w: &[i128; 3], free: &[Col]) -> Option<Minimizer> {
    let wb = w.map(Big::from);
    match free {
        [] => Some(Minimizer {
            vector: wb,
            den: Big::from(1),
        }),
        [ci] => {
            let g = Big::from(dot_wide(&ci.m, &ci.m));
            let x = dot_big(&ci.m, w).neg();
            within_bounds(x, g, ci).then(|| combine(&wb, g, &[(ci, x)]))
        }
        [ci, cj] => {
            let (g11, g12, g22) = (
                Big::from(dot_wide(&ci.m, &ci.m)),
                Big::from(dot_wide(&ci.m, &cj.m)),
                Big::from(dot_wide(&cj.m, &cj.m)),
            );
            let det = g11.mul(g22).sub(g12.square());
            if det.is_zero() {
                return None;
            }
            let (b1, b2) = (dot_big(&ci.m, w), dot_big(&cj.m, w));
            let x1 = g12.mul(b2).sub(g22.mul(b1));
            let x2 = g12.mul(b1).sub(g11.mul(b2));
            (within_bounds(x1, det, ci) && within_bounds(x2, det, cj))
                .then(|| combine(&wb, det, &[(ci, x1), (cj, x2)]))
        }
        [ci, cj, cl] => {
            // Three independent columns span 3D: v = 0 when the solution of
            // M x = -w lies in the face.
            face3(w, [ci, cj, cl]).then(|| Minimizer {
                vector: [Big::from(0); 3],
                den: Big::from(1),
            })
        }
        _ => None,
    }
}

/// `V = w den + sum_j num_j m_j` (the free variables `x_j = num_j / den`).
fn combine(w: &[Big; 3], den: Big, xs: &[(&Col, Big)]) -> Minimizer {
    let mut vector = w.map(|c| c.mul(den));
    for (col, num) in xs {
        for (vk, mk) in vector.iter_mut().zip(col.m) {
            *vk = vk.add(num.mul(Big::from(mk)));
        }
    }
    Minimizer { vector, den }
}

#[path = "certain.rs"]
mod certain;
#[path = "slabs.rs"]
pub(crate) mod slabs;
#[cfg(test)]
#[path = "core_tests.rs"]
mod tests;
