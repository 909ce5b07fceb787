//! Convex polygons (2D): up to [`MAX_VERTICES`] vertices (or a smaller
//! capacity, [`Polygon8`]), counter-clockwise, strictly convex and simple,
//! validated exactly by [`Polygon::try_new`].

use crate::num::wide;
use crate::vec::Vec2;
use crate::{Error, Field};
use core::fmt;

/// The most vertices a [`Polygon`] holds.
pub const MAX_VERTICES: usize = 64;

/// The fewest vertices a [`Polygon`] has.
pub const MIN_VERTICES: usize = 3;

/// A closed convex polygon in 2D: its boundary and interior.
///
/// The vertices run **counter-clockwise**, every turn is strictly to the
/// left (no collinear or repeated vertices) and the boundary winds around
/// once. Edge `i` runs from vertex `i` to vertex `i + 1` (the last edge
/// back to vertex 0); its outward normal points to its right.
///
/// Stored inline: a fixed array of `N` vertices and a count, no heap
/// allocation per polygon; unused slots are zero. `N` is the capacity:
/// [`MAX_VERTICES`] (64, 1 KiB) by default, the one [`Shape`](crate::Shape)
/// holds; [`Polygon8`] (8 vertices, 136 bytes on 64-bit targets) for the
/// small polygons of
/// most games, whose arrays then stay compact in memory. Every query takes
/// any capacity, and the answers do not depend on it.
///
/// See also [`Polygon::try_new`], [`polygon_overlap`](crate::polygon_overlap),
/// [`ray_polygon`](crate::ray_polygon).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Polygon<const N: usize = MAX_VERTICES> {
    len: u8,
    points: [Vec2; N],
}

/// A polygon of at most 8 vertices (136 bytes on 64-bit targets): see
/// [`Polygon`].
pub type Polygon8 = Polygon<8>;

/// Why a vertex list is not a strictly convex, counter-clockwise, simple
/// polygon (see [`Error::NotConvex`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Convexity {
    /// The vertex equals the next one (vertex 0 follows the last).
    Repeated,
    /// The vertex lies on the line through its two neighbours: no turn.
    Collinear,
    /// The boundary turns right at the vertex (while turning left at
    /// others): not convex.
    TurnsRight,
    /// The boundary turns right at every vertex: the vertices are in
    /// clockwise order.
    Clockwise,
    /// Left turns everywhere, but the boundary winds around more than once
    /// (a star such as a pentagram); the vertex is where the second turn
    /// begins.
    WindsMoreThanOnce,
}

impl fmt::Display for Convexity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convexity::Repeated => "equals the next vertex (a repeated vertex)",
            Convexity::Collinear => "not strictly convex (collinear with its neighbours)",
            Convexity::TurnsRight => "not strictly convex (turns right)",
            Convexity::Clockwise => "clockwise order (vertices must run counter-clockwise)",
            Convexity::WindsMoreThanOnce => {
                "winds around more than once (a star, not a convex polygon)"
            }
        })
    }
}

/// `b - a` in raw bits (exact: coordinates within 2^52).
fn edge(a: &Vec2, b: &Vec2) -> [i128; 2] {
    let [ax, ay] = a.0.map(wide);
    let [bx, by] = b.0.map(wide);
    [bx - ax, by - ay]
}

/// `u x v`: components below 2^54, so below 2^109.
fn cross(u: &[i128; 2], v: &[i128; 2]) -> i128 {
    u[0] * v[1] - u[1] * v[0]
}

/// 0 for a direction in `[0, pi)` (counter-clockwise from +x), 1 in
/// `[pi, 2 pi)`.
fn half(e: &[i128; 2]) -> u8 {
    u8::from(!(e[1] > 0 || (e[1] == 0 && e[0] > 0)))
}

/// Whether the direction of `b` comes before that of `a` (angles from +x
/// in `[0, 2 pi)`): exact, by half-plane and then cross product.
fn turns_back(a: &[i128; 2], b: &[i128; 2]) -> bool {
    let (ha, hb) = (half(a), half(b));
    hb < ha || (ha == hb && cross(a, b) < 0)
}

impl Polygon {
    /// A polygon from its vertices, checked exactly: 3 to 64 vertices,
    /// each in the domain, counter-clockwise, strictly convex (every turn
    /// strictly left) and simple (winds around once).
    ///
    /// For a smaller capacity, the same checks through `TryFrom`:
    /// `Polygon8::try_from(&points[..])` (3 to 8 vertices).
    ///
    /// # Errors
    /// - [`Error::VertexCount`] (field `points`) for fewer than 3 or more
    ///   than 64 vertices (the capacity `N` through `TryFrom`);
    /// - [`Error::OutOfDomain`] for a coordinate above 2^20 (field
    ///   `points[i].x`);
    /// - [`Error::NotConvex`] naming the vertex (`points[i]`) with the
    ///   reason, checked in this order: a vertex equal to the next one
    ///   (vertex 0 follows the last); no turn at a vertex (collinear);
    ///   every turn right (clockwise, naming vertex 0); a right turn (the
    ///   first by index); winding more than once (a pentagram).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Convexity, Error, Polygon, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let square = Polygon::try_new(&[v(0, 0), v(2, 0), v(2, 2), v(0, 2)]).unwrap();
    /// assert_eq!(square.points().len(), 4);
    /// // The same square clockwise.
    /// let e = Polygon::try_new(&[v(0, 0), v(0, 2), v(2, 2), v(2, 0)]).unwrap_err();
    /// assert_eq!(e.to_string(), "points[0]: clockwise order (vertices must run counter-clockwise)");
    /// // A vertex in the middle of an edge.
    /// let e = Polygon::try_new(&[v(0, 0), v(1, 0), v(2, 0), v(2, 2)]).unwrap_err();
    /// assert_eq!(e.to_string(), "points[1]: not strictly convex (collinear with its neighbours)");
    /// assert!(matches!(e, Error::NotConvex { why: Convexity::Collinear, .. }));
    /// ```
    pub fn try_new(points: &[Vec2]) -> Result<Self, Error> {
        Self::build(points)
    }
}

/// [`Polygon::try_new`] for any capacity `N`: 3 to `N` vertices, the same
/// checks and errors ([`Error::VertexCount`] names `N` as the most).
///
/// # Examples
/// ```
/// use fixed_collide::{Error, Polygon8, Vec2};
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = Polygon8::try_from(&[v(0, 0), v(4, 0), v(0, 3)][..]).unwrap();
/// assert_eq!(tri.points().len(), 3);
/// let nine: Vec<Vec2> = (0..9).map(|i| v(i, i * i)).collect();
/// let e = Polygon8::try_from(&nine[..]).unwrap_err();
/// assert_eq!(e.to_string(), "points: 9 vertices; a polygon has 3 to 8");
/// ```
impl<const N: usize> TryFrom<&[Vec2]> for Polygon<N> {
    type Error = Error;

    fn try_from(points: &[Vec2]) -> Result<Self, Error> {
        Self::build(points)
    }
}

impl<const N: usize> Polygon<N> {
    /// The capacity, checked when a polygon is built: 3 to 64.
    const CAPACITY: usize = {
        assert!(N >= MIN_VERTICES && N <= MAX_VERTICES);
        N
    };

    /// The checks of [`Polygon::try_new`], at capacity `N`.
    fn build(points: &[Vec2]) -> Result<Self, Error> {
        let n = points.len();
        if !(MIN_VERTICES..=Self::CAPACITY).contains(&n) {
            return Err(Error::VertexCount {
                field: Field::new("points"),
                count: n as u64,
                max: N as u64,
            });
        }
        let field = |i: usize| Field::new("points").index(i);
        for (i, p) in points.iter().enumerate() {
            p.check_domain(field(i))?;
        }
        let not_convex = |i: usize, why| Error::NotConvex {
            field: field(i),
            why,
        };
        // Edge i runs from vertex i to vertex i + 1 (the last to vertex 0).
        let next = |i: usize| points.get((i + 1) % n).unwrap_or(&Vec2::ZERO);
        let mut edges = [[0i128; 2]; MAX_VERTICES];
        for ((i, p), e) in points.iter().enumerate().zip(&mut edges) {
            *e = edge(p, next(i));
            if *e == [0, 0] {
                return Err(not_convex(i, Convexity::Repeated));
            }
        }
        let edges = edges.get(..n).unwrap_or_default();
        // The turn at vertex i is from edge i - 1 to edge i.
        let prev = |i: usize| edges.get((i + n - 1) % n).unwrap_or(&[0, 0]);
        let mut right = 0;
        let mut first_right = None;
        for (i, e) in edges.iter().enumerate() {
            let c = cross(prev(i), e);
            if c == 0 {
                return Err(not_convex(i, Convexity::Collinear));
            }
            if c < 0 {
                right += 1;
                first_right.get_or_insert(i);
            }
        }
        if right == n {
            return Err(not_convex(0, Convexity::Clockwise));
        }
        if let Some(i) = first_right {
            return Err(not_convex(i, Convexity::TurnsRight));
        }
        // Every turn is strictly left (less than half a turn): the edge
        // directions go around k >= 1 times, and the direction passes +x
        // (comes before the one before it) exactly k times.
        let mut passes = 0;
        for (i, e) in edges.iter().enumerate() {
            if turns_back(prev(i), e) {
                passes += 1;
                if passes == 2 {
                    return Err(not_convex(i, Convexity::WindsMoreThanOnce));
                }
            }
        }
        let mut stored = [Vec2::ZERO; N];
        for (s, p) in stored.iter_mut().zip(points) {
            *s = *p;
        }
        Ok(Self {
            len: n as u8,
            points: stored,
        })
    }

    /// The vertices, counter-clockwise (3 to `N` of them).
    pub fn points(&self) -> &[Vec2] {
        self.points.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// Every slot of the vertex array: the vertices, then the origin in
    /// each unused one.
    pub(crate) fn slots(&self) -> &[Vec2; N] {
        &self.points
    }

    /// The edges as `(start, end)` vertex pairs, edge `i` from vertex `i` to
    /// vertex `i + 1` (the last back to vertex 0).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Polygon, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let t = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 3)]).unwrap();
    /// let last = t.edges().last().unwrap();
    /// assert_eq!(last, (v(0, 3), v(0, 0)));
    /// ```
    pub fn edges(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let p = self.points();
        let first = p.first().copied().unwrap_or(Vec2::ZERO);
        let ends = p.iter().skip(1).copied().chain(core::iter::once(first));
        p.iter().copied().zip(ends)
    }

    /// The smallest and largest coordinate on each axis: the polygon's
    /// bounding box corners, exact.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        let p = self.points();
        let first = p.first().copied().unwrap_or(Vec2::ZERO);
        p.iter()
            .fold((first, first), |(lo, hi), &q| (lo.min(q), hi.max(q)))
    }

    /// The same polygon with room for 64 vertices: the [`Polygon`] a
    /// [`Shape`](crate::Shape) holds. Never fails: the vertices were
    /// checked when `self` was built.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Polygon, Polygon8, Vec2};
    /// let v = |x, y| Vec2::from_ints([x, y]);
    /// let small = Polygon8::try_from(&[v(0, 0), v(4, 0), v(0, 3)][..]).unwrap();
    /// assert_eq!(small.to_polygon(), Polygon::try_new(small.points()).unwrap());
    /// ```
    #[must_use]
    pub fn to_polygon(&self) -> Polygon {
        let mut points = [Vec2::ZERO; MAX_VERTICES];
        for (slot, p) in points.iter_mut().zip(self.points()) {
            *slot = *p;
        }
        Polygon {
            len: self.len,
            points,
        }
    }
}

impl<const N: usize> fmt::Debug for Polygon<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Polygon")
            .field("points", &self.points())
            .finish()
    }
}
