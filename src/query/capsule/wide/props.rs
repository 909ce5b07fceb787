//! `Big` against `num-bigint`, over operands from 0 to about
//! 1000 bits biased to the edges of the limb arithmetic: zero, one, powers
//! of two and their neighbours, all-ones limbs, perfect squares and their
//! neighbours, and divisors whose top limbs make the quotient estimate of
//! long division too large.

use super::Big;
use num_bigint::{BigInt, Sign};
use num_integer::Integer;

use num_traits::{Signed, Zero};
use proptest::prelude::*;

/// The cases per property: 10,000 unless `FIXED_COLLIDE_CASES` says. The
/// rejected inputs allowed grow with the cases (a quarter of their count,
/// at least proptest's 1,024), so a property whose filter drops a few
/// percent of its inputs does not abort when run with more cases.
pub(crate) fn config() -> ProptestConfig {
    let cases: u32 = std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    ProptestConfig {
        max_global_rejects: (cases / 4).max(1024),
        ..ProptestConfig::with_cases(cases)
    }
}

/// A `Big` and the same value as a `BigInt`, built from limbs.
fn both(neg: bool, limbs: &[u64]) -> (Big, BigInt) {
    let mut b = Big::from(0);
    let mut r = BigInt::zero();
    for &l in limbs.iter().rev() {
        b = b.mul(Big::pow2(64)).add(Big::from(i128::from(l)));
        r = (r << 64) + BigInt::from(l);
    }
    if neg { (b.neg(), -r) } else { (b, r) }
}

/// The `BigInt` value of a `Big` (its exact text through `i128` pieces).
fn value(b: &Big) -> BigInt {
    let mut r = BigInt::zero();
    for &l in b.limbs().iter().rev() {
        r = (r << 64) + BigInt::from(l);
    }
    if b.is_negative() { -r } else { r }
}

/// A limb biased to the edges.
fn limb() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => any::<u64>(),
        1 => Just(0u64),
        1 => Just(u64::MAX),
        1 => Just(1u64),
        1 => Just(1u64 << 63),
        1 => (0u32..64).prop_map(|k| 1u64 << k),
        1 => (0u32..64).prop_map(|k| (1u64 << k).wrapping_sub(1)),
    ]
}

/// A value of up to `max` limbs, either sign.
fn operand(max: usize) -> impl Strategy<Value = (Big, BigInt)> {
    (any::<bool>(), prop::collection::vec(limb(), 0..=max)).prop_map(|(n, l)| both(n, &l))
}

/// A positive value of 1 to `max` limbs (zero becomes one).
fn positive(max: usize) -> impl Strategy<Value = (Big, BigInt)> {
    prop::collection::vec(limb(), 1..=max).prop_map(|l| {
        let (b, r) = both(false, &l);
        if r.is_zero() {
            both(false, &[1])
        } else {
            (b, r)
        }
    })
}

fn check(b: &Big, want: &BigInt, what: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(&value(b), want, "{}", what);
    // Canonical: limbs above the count are zero, zero is not negative.
    prop_assert!(
        b.mag.iter().skip(b.len).all(|&l| l == 0),
        "{what}: stray limbs"
    );
    prop_assert!(!(b.is_zero() && b.is_negative()), "{what}: negative zero");
    Ok(())
}

/// Algorithm D's add-back step runs for `a = (q + 1) d - 1`: the top
/// limbs of `a` over those of `d` estimate `q + 1`, and only the lowest
/// limb of `d` shows the estimate one too large. Here `d = 2^191 + 1`,
/// `q = 5`.
#[test]
fn division_reaches_the_add_back_step() {
    use core::sync::atomic::Ordering::Relaxed;
    let (d, rd) = both(false, &[1, 0, 1 << 63]);
    let (a, ra) = both(false, &[5, 0, 0, 3]);
    assert_eq!(ra, BigInt::from(6) * &rd - 1);
    let before = super::ADD_BACKS.load(Relaxed);
    assert_eq!(value(&a.div_floor(d)), BigInt::from(5));
    assert!(
        super::ADD_BACKS.load(Relaxed) > before,
        "the add-back step did not run"
    );
    assert_eq!(value(&a.neg().div_floor(d)), BigInt::from(-6));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ring_operations_and_order_match_bigint((a, ra) in operand(7), (b, rb) in operand(7)) {
        check(&a.add(b), &(&ra + &rb), "add")?;
        check(&a.sub(b), &(&ra - &rb), "sub")?;
        check(&a.neg(), &(-&ra), "neg")?;
        check(&a.mul(b), &(&ra * &rb), "mul")?;
        check(&a.square(), &(&ra * &ra), "square")?;
        prop_assert_eq!(a.cmp(&b), ra.cmp(&rb));
        prop_assert_eq!(a == b, ra == rb);
    }

    #[test]
    fn division_floors_match_bigint((a, ra) in operand(15), (d, rd) in positive(9)) {
        check(&a.div_floor(d), &ra.div_floor(&rd), "div_floor")?;
    }

    #[test]
    fn quotient_estimates_that_need_correction(top in limb(), rest in prop::collection::vec(limb(), 1..6), q in prop::collection::vec(limb(), 1..6), r in any::<u64>()) {
        // a = q d + small: the top limbs of a and d are close, the case
        // where algorithm D's estimate is too large.
        let mut dl = rest.clone();
        dl.push(top | (1 << 63));
        let (d, rd) = both(false, &dl);
        let (qb, rq) = both(false, &q);
        let a = qb.mul(d).add(Big::from(i128::from(r)));
        let ra = &rq * &rd + BigInt::from(r);
        check(&a, &ra, "a")?;
        check(&a.div_floor(d), &ra.div_floor(&rd), "div_floor")?;
        check(&a.neg().div_floor(d), &(-&ra).div_floor(&rd), "div_floor negative")?;
    }

    #[test]
    fn roots_match_bigint((a, ra) in operand(15)) {
        let (a, ra) = (if a.is_negative() { a.neg() } else { a }, ra.abs());
        let s = ra.sqrt();
        check(&a.isqrt(), &s, "isqrt")?;
        let c = if &s * &s == ra { s.clone() } else { &s + 1 };
        check(&a.ceil_sqrt(), &c, "ceil_sqrt")?;
        // A square and its neighbours.
        let (sq, rsq) = (a.shr(a.bits() / 2).square(), (&ra >> (a.bits() / 2)).pow(2));
        for k in [-1i128, 0, 1] {
            let n = sq.add(Big::from(k));
            let rn = &rsq + k;
            if rn.sign() != Sign::Minus {
                check(&n.isqrt(), &rn.sqrt(), "isqrt near a square")?;
            }
        }
    }

    #[test]
    fn root_floors_match_bigint((p, rp) in operand(6), (q, rq) in operand(12), (r, rr) in positive(5), plus: bool) {
        let (q, rq) = (if q.is_negative() { q.neg() } else { q }, rq.abs());
        // floor((p +- sqrt(q)) / r): the largest k with k r <= p +- sqrt(q).
        let s = rq.sqrt();
        let exact = &s * &s == rq;
        let want = if plus {
            (&rp + &s).div_floor(&rr)
        } else {
            let c = if exact { s.clone() } else { &s + 1 };
            (&rp - &c).div_floor(&rr)
        };
        check(&Big::floor_root_div(p, plus, q, r), &want, "floor_root_div")?;
    }

    #[test]
    fn over_root_and_conversions_match_bigint((a, ra) in operand(5), (l, rl) in positive(5)) {
        // floor(a / sqrt(l)) = the largest k with k sqrt(l) <= a.
        let s = (&ra * &ra * &rl).sqrt();
        let exact = &s * &s == &ra * &ra * &rl;
        let want = if ra.sign() != Sign::Minus {
            s.div_floor(&rl)
        } else {
            let c = if exact { s.clone() } else { &s + 1 };
            (-c).div_floor(&rl)
        };
        check(&Big::floor_over_root(a, l), &want, "floor_over_root")?;
        let sat = ra.clamp(BigInt::from(i128::MIN), BigInt::from(i128::MAX));
        prop_assert_eq!(BigInt::from(a.to_i128_saturating()), sat);
    }

    #[test]
    fn ratio_below_is_the_floor_at_its_scale((a, ra) in positive(13), (d, rd) in positive(12)) {
        // q 2^e <= a / d < (q + 1) 2^e, with 2^125 <= q < 2^127.
        let (q, e) = a.ratio_below(&d);
        let rq = BigInt::from(q);
        prop_assert!(rq >= BigInt::from(1) << 125u32 && rq < BigInt::from(1) << 127u32, "q {}", q);
        let (num, den) = if e >= 0 {
            (ra.clone(), rd.clone() << e.unsigned_abs())
        } else {
            (ra.clone() << e.unsigned_abs(), rd.clone())
        };
        prop_assert_eq!(num.div_floor(&den), rq, "e {}", e);
    }
}
