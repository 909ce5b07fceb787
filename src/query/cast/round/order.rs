//! The normal's face: among the optimal faces of the program at the
//! entry, the first in order (the normal's bits come from its multiple of
//! the residual), found from any optimal face.

use super::faces::dot;
use super::{Closest, Fixed};
use core::cmp::Ordering;

impl Fixed {
    /// [`Fixed::closest`] in order (the first optimal face), found fast
    /// from the face `hint` (none: past every face). At a positive distance
    /// the residual is the same on every optimal face, so a face can be
    /// optimal only if its digits agree with the signs of `m_i . r` at the
    /// hint's closest point: `m_i . r > 0` only at the lower bound, `< 0`
    /// only at the upper, a free column only where it is 0. Where those
    /// zeros are exactly the hint face's free columns, the first optimal
    /// face follows from where its minimizer has them
    /// ([`Fixed::first_optimal`]); otherwise the faces that agree are tried
    /// in order, and the others are skipped.
    pub(super) fn first_closest(&self, j: i128, hint: usize) -> Closest {
        let faces = self.faces();
        if hint >= faces {
            return self.closest(j, None);
        }
        let mut h = hint;
        let c = self.closest(j, Some(&mut h));
        self.first_from(j, c, h)
    }

    /// [`Fixed::first_closest`] from the closest point `c` at `j` that
    /// [`Fixed::closest`] found on the face `h`.
    pub(super) fn first_from(&self, j: i128, c: Closest, h: usize) -> Closest {
        if c.inside || c.num.is_zero() {
            // At distance zero a facet's "residual" is its normal, not a
            // unique direction: the plain scan.
            return self.closest(j, None);
        }
        let mut signs = [Ordering::Equal; 6];
        for (slot, col) in signs.iter_mut().zip(self.cols.iter().take(self.n)) {
            let slope = dot(&col.m, &c.dir);
            *slot = if slope.is_negative() {
                Ordering::Less
            } else if slope.is_zero() {
                Ordering::Equal
            } else {
                Ordering::Greater
            };
        }
        let v = self.offset(j);
        let agrees = |code: usize| {
            let mut c = code;
            signs.iter().take(self.n).all(|s| {
                let digit = c % 3;
                c /= 3;
                match digit {
                    0 => *s != Ordering::Less,
                    1 => *s != Ordering::Greater,
                    _ => *s == Ordering::Equal,
                }
            })
        };
        if agrees(h)
            && let Some(code) = self.first_optimal(h, &signs, &c.at)
        {
            if code == h {
                return c;
            }
            if let Some(face) = self.face(&v, code)
                && self.optimal(code, &face.dir)
            {
                return face;
            }
        }
        (0..self.faces())
            .filter(|&code| agrees(code))
            .find_map(|code| {
                let face = self.face(&v, code)?;
                (face.inside || self.optimal(code, &face.dir)).then_some(face)
            })
            .unwrap_or(c)
    }

    /// The first optimal face in order, from the optimal face `h` whose
    /// minimizer has its free columns where `at` says, when the columns of
    /// zero slope (`signs`) are exactly the free ones of `h` (else `None`).
    /// Then an optimal face fixes every other column as `h` does (its slope
    /// allows one bound only), frees only columns free in `h`, and holds
    /// the closest point; `h`'s free columns are independent, so the point
    /// has one value of each there, and a face that fixes one holds it
    /// exactly when that value is the bound. The first in order fixes each
    /// at its lower bound if the value is there, else at its upper if
    /// there, and leaves it free otherwise.
    fn first_optimal(&self, h: usize, signs: &[Ordering; 6], at: &[u8; 3]) -> Option<usize> {
        let (mut code, mut place, mut k) = (h, 1, 0);
        for s in signs.iter().take(self.n) {
            if (h / place) % 3 == 2 {
                code = code - 2 * place + usize::from(*at.get(k)?) * place;
                k += 1;
            } else if *s == Ordering::Equal {
                return None;
            }
            place *= 3;
        }
        Some(code)
    }
}
