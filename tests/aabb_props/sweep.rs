//! The sweep (a box moving against a stationary one) against the exact
//! reference: hit, times, normal, touching at entry, sliding along and
//! moving into a touched face, touching only at t = 1, translation
//! invariance, and the sweep interval within the closed pair interval.

use super::*;
use crate::aabb_reference::{self as exact, DOM, RBox, Rat, fx, rvec, unit, vec_of};
use fixed_collide::{aabb_sweep, aabb_sweep_pair};

// ============================================================ generators ==

/// One axis of a sweep: stationary `[s0, s1]`, moving `[m0, m1]` placed as
/// in [`axis_pair`], and a displacement that is zero, makes the boxes touch
/// exactly at t = 1, 1/2 or 1/3 (or misses that by an ulp), or is anything.
fn axis_sweep() -> impl Strategy<Value = [i64; 5]> {
    axis_sweep_from(axis_pair())
}

/// [`axis_sweep`] from boxes that mostly penetrate on this axis.
fn axis_sweep_overlapping() -> impl Strategy<Value = [i64; 5]> {
    axis_sweep_from(axis_pair_overlapping())
}

fn axis_sweep_from(pair: impl Strategy<Value = [i64; 4]>) -> impl Strategy<Value = [i64; 5]> {
    (pair, disp(), 0u8..16).prop_map(|([s0, s1, m0, m1], free, rel)| {
        // m's max face reaches s's min plane after displacement `lo`; m's min
        // face reaches s's max plane after `hi`.
        let (lo, hi) = (s0 - m1, s1 - m0);
        let d = match rel {
            0..=2 => 0,
            3 => lo,
            4 => hi,
            5 => 2 * lo,
            6 => 2 * hi,
            7 => lo + 1,
            8 => lo - 1,
            9 => hi + 1,
            10 => hi - 1,
            11 => 3 * lo,
            _ => free,
        };
        [s0, s1, m0, m1, d]
    })
}

#[derive(Clone, Copy)]
pub struct SweepCase<const D: usize> {
    pub s: Aabb<D>,
    pub m: Aabb<D>,
    pub d: Vector<D>,
}

debug_by_show! {
    SweepCase { s, m, d }
}

fn sweep_case<const D: usize>() -> impl Strategy<Value = SweepCase<D>> {
    prop_oneof![
        proptest::array::uniform::<_, D>(axis_sweep()),
        proptest::array::uniform::<_, D>(axis_sweep_overlapping()),
    ]
    .prop_map(|axes| {
        let (s, m) = boxes(&axes.map(|x| [x[0], x[1], x[2], x[3]]));
        SweepCase {
            s,
            m,
            d: Vector(axes.map(|x| Fx::from_bits(x[4]))),
        }
    })
}

/// A sweep where the moving box touches a face of the stationary one at
/// t = 0 on axis `k` (other axes as generated). `into` chooses between
/// moving into that face (any positive speed) or sliding along / moving away
/// from it (zero or any speed away).
fn touching_sweep<const D: usize>(into: bool) -> impl Strategy<Value = (SweepCase<D>, usize)> {
    (sweep_case::<D>(), 0..D, any::<bool>(), disp()).prop_map(move |(c, k, upper, speed)| {
        let (s, m) = (RBox::of(&c.s), RBox::of(&c.m));
        let mut mm = m;
        let size = m.max[k] - m.min[k];
        let mut d = rvec(&c.d);
        // Put m against s's max face (upper) or min face, keeping m's size
        // when the domain allows.
        if upper {
            mm.min[k] = s.max[k];
            mm.max[k] = (s.max[k] + size).min(i128::from(DOM));
        } else {
            mm.max[k] = s.min[k];
            mm.min[k] = (s.min[k] - size).max(-i128::from(DOM));
        }
        let mag = i128::from(speed).abs().max(1);
        let toward = if upper { -mag } else { mag };
        d[k] = if into {
            toward
        } else if speed % 2 == 0 {
            0
        } else {
            -toward
        };
        let d = Vector(d.map(|v| fx(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)))));
        (
            SweepCase {
                s: c.s,
                m: exact::rbox_aabb(&mm),
                d,
            },
            k,
        )
    })
}

/// A sweep where the boxes overlap openly on every axis but `k`, where the
/// moving box starts `gap > 0` away and `d` covers exactly the gap: they
/// come to touch at t = 1 and no earlier. Other axes have zero displacement.
fn touch_at_one_sweep<const D: usize>() -> impl Strategy<Value = (SweepCase<D>, usize)> {
    (
        proptest::array::uniform::<_, D>((coord(), size(), size())),
        0..D,
        step(),
        any::<bool>(),
    )
        .prop_map(|(axes, k, gap, upper)| {
            let mut s = RBox {
                min: [0i128; D],
                max: [0i128; D],
            };
            let mut m = s;
            let mut d = [0i128; D];
            for i in 0..D {
                let (c, s_size, m_size) = axes[i];
                // Keep away from the domain limits so nothing is clamped.
                let c = i128::from(c).clamp(-i128::from(DOM) / 2, i128::from(DOM) / 2);
                let sz = i128::from(s_size).clamp(2, i128::from(DOM) / 8);
                let mz = i128::from(m_size).clamp(2, i128::from(DOM) / 8);
                s.min[i] = c;
                s.max[i] = c + sz;
                if i == k {
                    let g = i128::from(gap).min(i128::from(DOM) / 8);
                    if upper {
                        m.min[i] = s.max[i] + g;
                        m.max[i] = m.min[i] + mz;
                        d[i] = -g;
                    } else {
                        m.max[i] = s.min[i] - g;
                        m.min[i] = m.max[i] - mz;
                        d[i] = g;
                    }
                } else {
                    // Open overlap: m straddles s's min plane.
                    m.min[i] = c - 1;
                    m.max[i] = c + 1;
                }
            }
            (
                SweepCase {
                    s: exact::rbox_aabb(&s),
                    m: exact::rbox_aabb(&m),
                    d: vec_of(d),
                },
                k,
            )
        })
}

// ================================================================ checks ==

fn exact_sweep<const D: usize>(c: &SweepCase<D>) -> Option<exact::SweepRef> {
    exact::sweep(&RBox::of(&c.s), &RBox::of(&c.m), &rvec(&c.d))
}

pub fn check_sweep_hit<const D: usize>(c: &SweepCase<D>) -> Check {
    let got = aabb_sweep(&c.s, &c.m, c.d);
    let want = exact_sweep(c);
    prop_assert_eq!(
        got.is_some(),
        want.is_some(),
        "got {:?}, exact {:?}, case {:?}",
        got,
        want,
        c
    );
    Ok(())
}

pub fn check_sweep_times<const D: usize>(c: &SweepCase<D>) -> Check {
    if let (Some(g), Some(w)) = (aabb_sweep(&c.s, &c.m, c.d), exact_sweep(c)) {
        prop_assert_eq!(
            g.overlapping,
            w.overlapping,
            "overlapping, exact {:?}, case {:?}",
            w,
            c
        );
        prop_assert_eq!(
            g.t_enter,
            w.enter.floor_fx(),
            "t_enter, exact {}, case {:?}",
            w.enter,
            c
        );
        prop_assert_eq!(
            g.t_exit,
            w.exit.ceil_fx(),
            "t_exit, exact {}, case {:?}",
            w.exit,
            c
        );
    }
    Ok(())
}

pub fn check_sweep_normal<const D: usize>(c: &SweepCase<D>) -> Check {
    if let (Some(g), Some(w)) = (aabb_sweep(&c.s, &c.m, c.d), exact_sweep(c)) {
        let want = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
        prop_assert_eq!(g.normal, want, "exact {:?}, case {:?}", w, c);
    }
    Ok(())
}

/// At the exact entry time the boxes touch without penetrating; at the
/// reported `t_enter` (and an ulp before) they do not penetrate; an ulp after
/// it they do (unless the penetration has already ended). Likewise at exit.
fn check_sweep_touch_at_enter<const D: usize>(c: &SweepCase<D>) -> Check {
    let Some(g) = aabb_sweep(&c.s, &c.m, c.d) else {
        return Ok(());
    };
    let w = exact_sweep(c).expect("hit/miss is checked elsewhere");
    let (s, m, d) = (RBox::of(&c.s), RBox::of(&c.m), rvec(&c.d));
    let at = |t: &Rat| {
        (
            exact::sweep_closed_at(&s, &m, &d, t),
            exact::sweep_open_at(&s, &m, &d, t),
        )
    };
    // Scalars as fractions over 2^32: n +- 1 is an ulp later or earlier.
    let (te, tx) = (Rat::of_fx(g.t_enter), Rat::of_fx(g.t_exit));
    let after = Rat::new(te.n + 1, te.d);
    let before_exit = Rat::new(tx.n - 1, tx.d);
    if !g.overlapping {
        prop_assert_eq!(
            at(&w.enter),
            (true, false),
            "at exact entry {}, {:?}",
            w.enter,
            c
        );
        prop_assert!(!at(&te).1, "penetrating at t_enter {}, {:?}", g.t_enter, c);
        if g.t_enter > Fx::ZERO {
            let before = Rat::new(te.n - 1, te.d);
            prop_assert!(
                !at(&before).1,
                "penetrating before t_enter {}, {:?}",
                g.t_enter,
                c
            );
        }
    } else {
        prop_assert!(
            at(&Rat::ZERO).1,
            "overlapping but not penetrating at 0: {:?}",
            c
        );
    }
    if after < w.exit && after <= Rat::ONE {
        prop_assert!(
            at(&after).1,
            "not penetrating an ulp after t_enter {}, {:?}",
            g.t_enter,
            c
        );
    }
    if w.exit < Rat::ONE {
        prop_assert!(
            !at(&w.exit).1,
            "penetrating at exact exit {}, {:?}",
            w.exit,
            c
        );
        prop_assert!(!at(&tx).1, "penetrating at t_exit {}, {:?}", g.t_exit, c);
    }
    if before_exit > w.enter && before_exit >= Rat::ZERO {
        prop_assert!(
            at(&before_exit).1,
            "not penetrating an ulp before t_exit {}, {:?}",
            g.t_exit,
            c
        );
    }
    Ok(())
}

fn check_sweep_translation<const D: usize>(c: &SweepCase<D>, picks: &[i64; D]) -> Check {
    let off = offsets(&[c.s.min(), c.s.max(), c.m.min(), c.m.max()], picks);
    let moved = aabb_sweep(&shift(&c.s, &off), &shift(&c.m, &off), c.d);
    prop_assert_eq!(moved, aabb_sweep(&c.s, &c.m, c.d), "{:?} by {:?}", c, off);
    Ok(())
}

/// The closed interval of the pair contains the open one of the sweep: a
/// sweep hit is a pair hit (b stationary, a moving) with `u0 <= t_enter` and
/// `u1 >= t_exit`.
fn check_sweep_within_pair<const D: usize>(c: &SweepCase<D>) -> Check {
    if let Some(s) = aabb_sweep(&c.s, &c.m, c.d) {
        let p = aabb_sweep_pair(&c.s, Vector::ZERO, &c.m, c.d);
        prop_assert!(p.is_some(), "sweep {:?} but no pair overlap, {:?}", s, c);
        let p = p.expect("checked");
        prop_assert!(
            p.u0 <= s.t_enter && p.u1 >= s.t_exit,
            "pair {:?}, sweep {:?}, {:?}",
            p,
            s,
            c
        );
    }
    Ok(())
}

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(cases()))]

            #[test]
            fn sweep_hit_matches_exact(c in sweep_case::<$d>()) {
                check_sweep_hit(&c)?;
            }

            #[test]
            fn sweep_t_enter_is_floor_and_t_exit_is_ceil_of_exact(c in sweep_case::<$d>()) {
                check_sweep_times(&c)?;
            }

            #[test]
            fn sweep_normal_is_face_of_last_entering_axis(c in sweep_case::<$d>()) {
                check_sweep_normal(&c)?;
            }

            #[test]
            fn sweep_boxes_touch_at_entry_and_do_not_penetrate_before(c in sweep_case::<$d>()) {
                check_sweep_touch_at_enter(&c)?;
            }

            #[test]
            fn sweep_sliding_along_or_leaving_a_touched_face_is_not_blocked(
                (c, k) in touching_sweep::<$d>(false)
            ) {
                let got = aabb_sweep(&c.s, &c.m, c.d);
                prop_assert!(got.is_none(), "axis {}: got {:?}, case {:?}", k, got, c);
                check_sweep_hit(&c)?;
            }

            #[test]
            fn sweep_moving_into_a_touched_face_is_hit_at_zero(
                (c, k) in touching_sweep::<$d>(true)
            ) {
                check_sweep_hit(&c)?;
                check_sweep_times(&c)?;
                check_sweep_normal(&c)?;
                // When the other axes penetrate at t = 0 it is a hit at
                // exactly 0 on the touched face, without `overlapping`.
                let (s, m) = (RBox::of(&c.s), RBox::of(&c.m));
                let others_open = (0..$d).filter(|&i| i != k).all(|i| {
                    s.min[i] < m.max[i] && m.min[i] < s.max[i]
                });
                let size_ok = m.max[k] > m.min[k] || s.max[k] > s.min[k];
                if others_open && size_ok {
                    let got = aabb_sweep(&c.s, &c.m, c.d);
                    prop_assert!(
                        got.is_some_and(|h| h.t_enter == Fx::ZERO
                            && !h.overlapping
                            && h.normal == unit::<$d>(k, c.d.0[k] < Fx::ZERO)),
                        "axis {}: got {:?}, case {:?}", k, got, c
                    );
                }
            }

            #[test]
            fn sweep_touching_only_at_t1_is_a_miss_but_a_pair_hit_at_1(
                (c, k) in touch_at_one_sweep::<$d>()
            ) {
                let got = aabb_sweep(&c.s, &c.m, c.d);
                prop_assert!(got.is_none(), "axis {}: got {:?}, case {:?}", k, got, c);
                let pair = aabb_sweep_pair(&c.s, Vector::ZERO, &c.m, c.d);
                prop_assert!(
                    pair.is_some_and(|p| p.u0 == Fx::ONE && p.u1 == Fx::ONE),
                    "axis {}: pair {:?}, case {:?}", k, pair, c
                );
            }

            #[test]
            fn sweep_is_translation_invariant(c in sweep_case::<$d>(), p in picks::<$d>()) {
                check_sweep_translation(&c, &p)?;
            }

            #[test]
            fn sweep_hit_is_within_the_closed_pair_interval(c in sweep_case::<$d>()) {
                check_sweep_within_pair(&c)?;
            }
        }
    };
}

mod d2 {
    dimension_props!(2);
}

mod d3 {
    dimension_props!(3);
}
