//! Dyadic rationals `num / 2^exp`, exact at any size.
//!
//! Values that fit (a numerator in `i64`, an exponent of at most [`SMALL_EXP`]) are kept
//! inline and computed with checked `i128` arithmetic; anything larger moves to a big
//! integer, never wrapping.  The representation is canonical (the numerator is odd, or
//! the exponent is 0), so structural equality and hashing are value equality.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// Largest exponent kept in the inline form.
pub const SMALL_EXP: u32 = 62;

/// A dyadic rational.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Dyadic {
    /// `num / 2^exp` with `exp <= SMALL_EXP`, normalised.
    Small(i64, u32),
    /// `num / 2^exp` when it does not fit the inline form, normalised.
    Big(Box<(BigInt, u64)>),
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::ZERO
    }
}

impl Dyadic {
    /// The number 0.
    pub const ZERO: Dyadic = Dyadic::Small(0, 0);

    /// The integer `n`.
    pub fn int(n: i64) -> Dyadic {
        Dyadic::Small(n, 0)
    }

    /// `num / 2^exp`, normalised (exact for any size).
    pub fn from_parts(num: BigInt, exp: u64) -> Dyadic {
        if num.is_zero() {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(exp);
        let num = if tz > 0 { num >> tz } else { num };
        let exp = exp - tz;
        if exp <= u64::from(SMALL_EXP) {
            if let Some(n) = num.to_i64() {
                return Dyadic::Small(n, exp as u32);
            }
        }
        Dyadic::Big(Box::new((num, exp)))
    }

    /// `num / 2^exp` from an `i128`, normalised.
    pub fn from_i128(num: i128, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().min(exp);
        let num = num >> tz;
        let exp = exp - tz;
        if exp <= SMALL_EXP {
            if let Ok(n) = i64::try_from(num) {
                return Dyadic::Small(n, exp);
            }
        }
        Dyadic::Big(Box::new((BigInt::from(num), u64::from(exp))))
    }

    /// `num / den` if `den` is a positive power of two, else `None`.
    pub fn from_ratio(num: BigInt, den: &BigInt) -> Option<Dyadic> {
        if !den.is_positive() {
            return None;
        }
        let exp = den.trailing_zeros().unwrap_or(0);
        if (den >> exp) != BigInt::one() {
            // the fraction may not be reduced: divide out the gcd first
            let g = num.gcd(den);
            let (n, d) = (&num / &g, den / &g);
            let e = d.trailing_zeros().unwrap_or(0);
            if (&d >> e) != BigInt::one() {
                return None;
            }
            return Some(Dyadic::from_parts(n, e));
        }
        Some(Dyadic::from_parts(num, exp))
    }

    /// Numerator and exponent as big integers.
    pub fn parts(&self) -> (BigInt, u64) {
        match self {
            Dyadic::Small(n, e) => (BigInt::from(*n), u64::from(*e)),
            Dyadic::Big(b) => (b.0.clone(), b.1),
        }
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exp(&self) -> u64 {
        match self {
            Dyadic::Small(_, e) => u64::from(*e),
            Dyadic::Big(b) => b.1,
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Dyadic::Small(0, _))
    }

    pub fn is_integer(&self) -> bool {
        self.exp() == 0
    }

    pub fn signum(&self) -> Ordering {
        match self {
            Dyadic::Small(n, _) => n.cmp(&0),
            Dyadic::Big(b) => b.0.sign().cmp(&num_bigint::Sign::NoSign),
        }
    }

    pub fn neg(&self) -> Dyadic {
        match self {
            Dyadic::Small(n, e) => match n.checked_neg() {
                Some(m) => Dyadic::Small(m, *e),
                None => Dyadic::from_parts(-BigInt::from(*n), u64::from(*e)),
            },
            Dyadic::Big(b) => Dyadic::from_parts(-&b.0, b.1),
        }
    }

    pub fn add(&self, other: &Dyadic) -> Dyadic {
        if let (Dyadic::Small(a, e), Dyadic::Small(b, f)) = (self, other) {
            let m = (*e).max(*f);
            let x = i128::from(*a) << (m - e);
            let y = i128::from(*b) << (m - f);
            return Dyadic::from_i128(x + y, m);
        }
        let (a, e) = self.parts();
        let (b, f) = other.parts();
        let m = e.max(f);
        Dyadic::from_parts((a << (m - e)) + (b << (m - f)), m)
    }

    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        self.add(&other.neg())
    }

    /// `self / 2`.
    pub fn half(&self) -> Dyadic {
        match self {
            Dyadic::Small(n, e) if *e < SMALL_EXP => Dyadic::from_i128(i128::from(*n), e + 1),
            _ => {
                let (n, e) = self.parts();
                Dyadic::from_parts(n, e + 1)
            }
        }
    }

    /// `1 / 2^exp` with the exponent of `self`.
    pub fn unit(&self) -> Dyadic {
        match self {
            Dyadic::Small(_, e) => Dyadic::Small(1, *e),
            Dyadic::Big(b) => Dyadic::from_parts(BigInt::one(), b.1),
        }
    }

    /// `floor(self * 2^k)` as a big integer.
    pub fn floor_scaled(&self, k: u64) -> BigInt {
        let (n, e) = self.parts();
        if k >= e {
            n << (k - e)
        } else {
            n.div_floor(&(BigInt::one() << (e - k)))
        }
    }

    /// `floor(self)`.
    pub fn floor(&self) -> Dyadic {
        match self {
            Dyadic::Small(n, e) => Dyadic::Small(n >> e, 0),
            _ => Dyadic::from_parts(self.floor_scaled(0), 0),
        }
    }

    /// `ceil(self)`.
    pub fn ceil(&self) -> Dyadic {
        self.neg().floor().neg()
    }

    /// `|self|`.
    pub fn abs(&self) -> Dyadic {
        if self.signum() == Ordering::Less {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// The integer part of an integer-valued dyadic, as a big integer.
    pub fn to_bigint_floor(&self) -> BigInt {
        self.floor_scaled(0)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let (Dyadic::Small(a, e), Dyadic::Small(b, f)) = (self, other) {
            if e == f {
                return a.cmp(b);
            }
            let m = (*e).max(*f);
            return (i128::from(*a) << (m - e)).cmp(&(i128::from(*b) << (m - f)));
        }
        let s = self.signum();
        let t = other.signum();
        if s != t {
            return s.cmp(&t);
        }
        let (a, e) = self.parts();
        let (b, f) = other.parts();
        let m = e.max(f);
        (a << (m - e)).cmp(&(b << (m - f)))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The simplest dyadic strictly between `lo` and `hi` (`None`: no bound), by Conway's
/// simplicity rule: the integer closest to 0 if one fits, else the one with the smallest
/// denominator.
pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
    let one = Dyadic::int(1);
    match (lo, hi) {
        (None, None) => Dyadic::ZERO,
        (None, Some(h)) => {
            if h.signum() == Ordering::Greater {
                Dyadic::ZERO
            } else {
                h.ceil().sub(&one)
            }
        }
        (Some(l), None) => {
            if l.signum() == Ordering::Less {
                Dyadic::ZERO
            } else {
                l.floor().add(&one)
            }
        }
        (Some(l), Some(h)) => {
            if l.signum() == Ordering::Less && h.signum() == Ordering::Greater {
                return Dyadic::ZERO;
            }
            if h.signum() != Ordering::Greater {
                return simplest_between(Some(&h.neg()), Some(&l.neg())).neg();
            }
            // 0 <= l < h
            let n = l.floor().add(&one);
            if n < *h {
                return n;
            }
            // the smallest k >= 1 with floor(l * 2^k) + 1 < h * 2^k; it is at most
            // max(exp(l), exp(h)) + 1, and the test is monotone in k: bisect.
            let fits = |k: u64| {
                let c = Dyadic::from_parts(l.floor_scaled(k) + 1, k);
                if c < *h {
                    Some(c)
                } else {
                    None
                }
            };
            let (mut lo_k, mut hi_k) = (1u64, l.exp().max(h.exp()) + 1);
            let mut best = fits(hi_k).expect("a dyadic fits at the finest scale");
            if let Some(c) = fits(lo_k) {
                return c;
            }
            // invariant: fits(lo_k) is None, fits(hi_k) is Some(best)
            while hi_k - lo_k > 1 {
                let mid = lo_k + (hi_k - lo_k) / 2;
                match fits(mid) {
                    Some(c) => {
                        hi_k = mid;
                        best = c;
                    }
                    None => lo_k = mid,
                }
            }
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::from_i128(i128::from(n), e)
    }

    #[test]
    fn normalises() {
        assert_eq!(d(4, 2), Dyadic::int(1));
        assert_eq!(d(6, 2), Dyadic::Small(3, 1));
        assert_eq!(Dyadic::from_parts(BigInt::from(8), 3), Dyadic::int(1));
    }

    #[test]
    fn arithmetic_is_exact_beyond_64_bits() {
        let big = Dyadic::from_parts(BigInt::one() << 100u32, 0);
        let tiny = Dyadic::from_parts(BigInt::one(), 80);
        let s = big.add(&tiny);
        assert_eq!(s.sub(&big), tiny);
        assert!(s > big);
        assert_eq!(
            Dyadic::int(i64::MAX).add(&Dyadic::int(1)).sub(&Dyadic::int(1)),
            Dyadic::int(i64::MAX)
        );
        assert_eq!(Dyadic::int(i64::MIN).neg().neg(), Dyadic::int(i64::MIN));
        assert_eq!(tiny.half().exp(), 81);
    }

    #[test]
    fn ratio() {
        assert_eq!(Dyadic::from_ratio(BigInt::from(3), &BigInt::from(4)), Some(d(3, 2)));
        assert_eq!(Dyadic::from_ratio(BigInt::from(2), &BigInt::from(4)), Some(d(1, 1)));
        assert_eq!(Dyadic::from_ratio(BigInt::from(3), &BigInt::from(6)), Some(d(1, 1)));
        assert_eq!(Dyadic::from_ratio(BigInt::from(1), &BigInt::from(3)), None);
        assert_eq!(Dyadic::from_ratio(BigInt::from(1), &BigInt::from(0)), None);
    }

    #[test]
    fn order() {
        assert!(d(1, 1) < d(3, 2));
        assert!(d(-1, 0) < d(-1, 1));
        let big = Dyadic::from_parts(-(BigInt::one() << 90u32), 3);
        assert!(big < d(-5, 0));
        assert!(d(-5, 0) > big);
    }

    #[test]
    fn simplest() {
        assert_eq!(simplest_between(None, None), Dyadic::ZERO);
        assert_eq!(simplest_between(Some(&d(0, 0)), None), d(1, 0));
        assert_eq!(simplest_between(Some(&d(0, 0)), Some(&d(1, 0))), d(1, 1));
        assert_eq!(simplest_between(Some(&d(1, 2)), Some(&d(3, 2))), d(1, 1));
        assert_eq!(simplest_between(Some(&d(-3, 0)), Some(&d(-1, 1))), d(-1, 0));
        assert_eq!(simplest_between(None, Some(&d(-5, 1))), d(-3, 0));
        assert_eq!(simplest_between(Some(&d(5, 3)), Some(&d(3, 1))), d(1, 0));
        let tiny = Dyadic::from_parts(BigInt::one(), 80);
        assert_eq!(
            simplest_between(Some(&Dyadic::ZERO), Some(&tiny)),
            Dyadic::from_parts(BigInt::one(), 81)
        );
    }
}
