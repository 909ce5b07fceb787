//! Turning fuzzer bytes into scalars, vectors and shapes. Values cluster
//! where the edges are (small grids, one ulp off, the domain limits) and
//! sometimes take any raw bits, so that the constructors' checks are
//! exercised too.

use fixed_collide::{DOMAIN, Fx, Rot, Vector};

/// A reader of fuzzer bytes; past the end it reads zeros.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Self { data }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn word(&mut self, n: usize) -> u64 {
        (0..n).fold(0u64, |w, _| (w << 8) | u64::from(self.byte()))
    }

    /// A scalar: on a grid of quarters near the origin, one ulp off such a
    /// grid point, near the domain limit, or any bits.
    pub fn scalar(&mut self) -> Fx {
        let mode = self.byte();
        let small = Fx::from_bits(((self.word(1) as i8 as i64) << 30) >> 2);
        match mode % 8 {
            0 => Fx::from_bits(self.word(8) as i64),
            1 => small + Fx::DELTA,
            2 => small - Fx::DELTA,
            3 => DOMAIN - Fx::from_bits(self.word(2) as i64),
            4 => -DOMAIN + Fx::from_bits(self.word(2) as i64),
            5 => Fx::from_bits((self.word(4) as i32 as i64) << 8),
            _ => small,
        }
    }

    /// A non-negative size, mostly small, sometimes zero or one ulp.
    pub fn size(&mut self) -> Fx {
        match self.byte() % 8 {
            0 => Fx::ZERO,
            1 => Fx::DELTA,
            2 => self.scalar(),
            _ => Fx::from_bits(i64::from(self.byte()) << 29),
        }
    }

    /// A vector of scalars.
    pub fn vector<const D: usize>(&mut self) -> Vector<D> {
        Vector(core::array::from_fn(|_| self.scalar()))
    }

    /// A vector of sizes.
    pub fn sizes<const D: usize>(&mut self) -> Vector<D> {
        Vector(core::array::from_fn(|_| self.size()))
    }

    /// A 2D rotation from an angle scalar.
    pub fn rot2(&mut self) -> Rot<2> {
        Rot::<2>::from_angle(self.scalar())
    }

    /// A 3D rotation from a quaternion of small components (normalized by
    /// the constructor), or `None` when it rejects one (all zero).
    pub fn rot3(&mut self) -> Option<Rot<3>> {
        let q = [0; 4].map(|_: i32| Fx::from_bits(i64::from(self.byte() as i8) << 25));
        Rot::<3>::try_from_quat(q).ok()
    }
}
