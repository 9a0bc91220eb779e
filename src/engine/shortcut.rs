//! Shortcuts before the canonical form of an option list: most positions of a Konane
//! solver or census never need the engine's general path.
//!
//! [`Shortcuts::value`] gives the canonical form of `{lefts | rights}` as
//! [`Engine::canonical`] does, keeping the stops of the ids it meets in fixed point ([`Num`]):
//!
//! * a game that is a number (about half of the positions of Konane boards, all those where
//!   only one player can move) is found by the simplicity theorem on the stops of its
//!   options ([`Shortcuts::simplest_number`]) and made at once;
//! * from the others, the options dominated by their stops are dropped
//!   ([`Shortcuts::drop_dominated`]) before the engine makes the canonical form;
//! * hot switches `{a | b}` of numbers and the ids of numbers are memoised.
//!
//! Stops that do not fit fixed point leave the option list to the engine as it is.  The
//! census (`konane::census`) and the value solver (`konane::Solver`) use it; the memo is the
//! caller's, valid for one engine.

use super::memory;
use super::{Dyadic, Engine, Id, Result};

/// Fixed-point numbers of the shortcuts: `v / 2^FRAC` in an `i64`.
const FRAC: u32 = 32;

/// The stops kept in fixed point: denominators up to `2^MAX_EXP` (so the simplest number
/// between two of them, whose denominator is at most twice the larger one, fits too) and
/// magnitudes below `2^MAX_INT`.  Others are left to the engine.
const MAX_EXP: u32 = 30;
const MAX_INT: u32 = 28;

/// A number `v / 2^FRAC` (see [`FRAC`]): the stops of the options that the simplicity test
/// compares, without the engine's exact arithmetic of any size ([`Dyadic`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Num(i64);

impl Num {
    const ZERO: Num = Num(0);

    /// `x` in fixed point, if its denominator and magnitude fit ([`MAX_EXP`], [`MAX_INT`]).
    fn of(x: &Dyadic) -> Option<Num> {
        match *x {
            Dyadic::Small(n, k) if k <= MAX_EXP && n.unsigned_abs() < 1u64 << (MAX_INT + k) => {
                Some(Num(n << (FRAC - k)))
            }
            _ => None,
        }
    }

    fn int(n: i64) -> Num {
        Num(n << FRAC)
    }

    fn dyadic(self) -> Dyadic {
        Dyadic::from_i128(self.0.into(), FRAC)
    }

    fn neg(self) -> Num {
        Num(-self.0)
    }

    /// The largest integer `<= self`, and the smallest `>= self`.
    fn floor(self) -> i64 {
        self.0 >> FRAC
    }

    fn ceil(self) -> i64 {
        -(-self.0 >> FRAC)
    }

    /// The day the number is born: `|n|` for an integer `n`, `floor(|x|) + k + 1` for
    /// `x = m / 2^k` with `m` odd and `k >= 1`.
    fn birthday(self) -> u64 {
        let int = self.0.unsigned_abs() >> FRAC;
        match FRAC.saturating_sub(self.0.trailing_zeros()) {
            0 => int,
            k => int + u64::from(k) + 1,
        }
    }
}

/// The simplest number strictly between `lo` and `hi` (`lo < hi`; `None`: no bound), as
/// [`crate::engine::dyadic::simplest_between`] computes it; `None` if its denominator is
/// finer than fixed point (not for stops that fit [`Num::of`]).
fn simplest_between_nums(lo: Option<Num>, hi: Option<Num>) -> Option<Num> {
    match (lo, hi) {
        (None, None) => Some(Num::ZERO),
        (None, Some(h)) => Some(if h.0 > 0 { Num::ZERO } else { Num::int(h.ceil() - 1) }),
        (Some(l), None) => Some(if l.0 < 0 { Num::ZERO } else { Num::int(l.floor() + 1) }),
        (Some(l), Some(h)) => {
            if l.0 < 0 && h.0 > 0 {
                return Some(Num::ZERO);
            }
            if h.0 <= 0 {
                return simplest_between_nums(Some(h.neg()), Some(l.neg())).map(Num::neg);
            }
            // 0 <= l < h: the integer after l if it is below h, else the first fraction
            // (floor(l 2^k) + 1) / 2^k below h
            (0..=FRAC).rev().find_map(|shift| {
                let c = Num(((l.0 >> shift) + 1) << shift);
                (c < h).then_some(c)
            })
        }
    }
}

/// What the census keeps about a value id: its stops in fixed point ([`Num`], or
/// [`Stops::WIDE`] where they do not fit).
#[derive(Clone, Copy, Debug)]
struct Stops {
    left: i64,
    right: i64,
}

impl Stops {
    /// Not read from the engine yet.
    const UNKNOWN: Stops = Stops {
        left: i64::MIN,
        right: i64::MIN,
    };

    /// A stop that does not fit fixed point.
    const WIDE: i64 = i64::MAX;
}

/// The side tables of a census: the stops of the value ids (read once from the engine), the
/// ids of numbers, of negatives and of hot switches `{a | b}` of numbers (the engine's,
/// memoised in plain tables).
#[derive(Default)]
pub struct Shortcuts {
    stops: Vec<Stops>,
    numbers: rustc_hash::FxHashMap<i64, Id>,
    switches: rustc_hash::FxHashMap<(Id, Id), Id>,
}

impl Shortcuts {
    /// The stops of `g`.
    #[inline(always)]
    fn info(&mut self, e: &mut Engine, g: Id) -> Result<Stops> {
        match self.stops.get(g as usize) {
            Some(&s) if s.left != Stops::UNKNOWN.left => Ok(s),
            _ => self.read(e, g),
        }
    }

    /// The stops of `g`, read from the engine (the first time they are asked for).
    #[cold]
    #[inline(never)]
    fn read(&mut self, e: &mut Engine, g: Id) -> Result<Stops> {
        let i = g as usize;
        if i >= self.stops.len() {
            let n = e.len().max(i + 1);
            let more = n - self.stops.len();
            memory::reserve(&e.budget(), "the native engine's stops", &mut self.stops, more)?;
            self.stops.resize(n, Stops::UNKNOWN);
        }
        let fixed = |x: &Dyadic| Num::of(x).map_or(Stops::WIDE, |n| n.0);
        let s = if let Some(v) = e.nus(g) {
            let x = fixed(&v.x);
            Stops { left: x, right: x }
        } else {
            let (l, r) = e.stops(g)?;
            Stops {
                left: fixed(&l),
                right: fixed(&r),
            }
        };
        self.stops[i] = s;
        Ok(s)
    }

    /// The right stop of `g` (for a Left option, `left`) or its left stop; `None` if it
    /// does not fit fixed point.
    #[inline(always)]
    fn stop(&mut self, e: &mut Engine, g: Id, left: bool) -> Result<Option<Num>> {
        let s = self.info(e, g)?;
        let v = if left { s.right } else { s.left };
        Ok((v != Stops::WIDE).then_some(Num(v)))
    }

    /// The id of the number `x`.
    fn number(&mut self, e: &mut Engine, x: Num) -> Result<Id> {
        if let Some(&g) = self.numbers.get(&x.0) {
            return Ok(g);
        }
        let g = e.number_id(x.dyadic())?;
        if memory::cache_may_grow(&e.budget(), &mut self.numbers) {
            self.numbers.insert(x.0, g);
        }
        Ok(g)
    }

    /// The canonical form of `{lefts | rights}` (not both empty).  A game that is a number is
    /// found by the simplicity theorem ([`Shortcuts::simplest_number`]) and made at once, as
    /// the engine would make it; for the others the options dominated by their stops are
    /// dropped ([`Shortcuts::drop_dominated`]) before the engine makes the canonical form.
    pub fn value(&mut self, e: &mut Engine, lefts: &mut Vec<Id>, rights: &mut Vec<Id>) -> Result<Id> {
        if let Some((a, b)) = self.bounds(e, lefts, rights)? {
            if let Some(x) = self.simplest_number(e, a, b, lefts, rights)? {
                return self.number(e, x);
            }
            if let Some(a) = a {
                self.drop_dominated(lefts, |s| s.left >= a.0); // (a wide stop is kept)
            }
            if let Some(b) = b {
                self.drop_dominated(rights, |s| s.right <= b.0 || s.right == Stops::WIDE);
            }
        }
        for side in [&mut *lefts, &mut *rights] {
            side.sort_unstable();
            side.dedup();
        }
        if let (&[a], &[b]) = (&lefts[..], &rights[..]) {
            if e.is_number(a) && e.is_number(b) {
                // a hot switch {a | b} of numbers a >= b (a number otherwise, found above)
                if let Some(&g) = self.switches.get(&(a, b)) {
                    return Ok(g);
                }
                let g = e.canonical(&[a], &[b])?;
                if memory::cache_may_grow(&e.budget(), &mut self.switches) {
                    self.switches.insert((a, b), g);
                }
                return Ok(g);
            }
        }
        e.canonical(lefts, rights)
    }

    /// `(a, b)`: the largest right stop of the Left options and the smallest left stop of
    /// the Right options (`None` for an empty side); `None` if a stop does not fit fixed
    /// point.
    fn bounds(&mut self, e: &mut Engine, lefts: &[Id], rights: &[Id]) -> Result<Option<(Option<Num>, Option<Num>)>> {
        let mut a: Option<Num> = None;
        for &g in lefts {
            let Some(s) = self.stop(e, g, true)? else {
                return Ok(None);
            };
            a = a.max(Some(s));
        }
        let mut b: Option<Num> = None;
        for &g in rights {
            let Some(s) = self.stop(e, g, false)? else {
                return Ok(None);
            };
            b = Some(b.map_or(s, |m| m.min(s)));
        }
        Ok(Some((a, b)))
    }

    /// Keep the options of one side whose stops pass `keep` (all stops read by
    /// [`Shortcuts::bounds`] before, and in fixed point).
    ///
    /// With `a` the largest right stop of the Left options, a Left option `G^L` whose left
    /// stop is below `a` is dominated: a number `x` strictly between has `G^L < x < G^L'`
    /// for the option `G^L'` of right stop `a` (a game is below any number above its left
    /// stop and above any number below its right stop); alike on the right with `b`, the
    /// smallest left stop of the Right options.  Among number-up-star options this drops
    /// those whose number part is not the best one.
    fn drop_dominated(&self, ids: &mut Vec<Id>, keep: impl Fn(&Stops) -> bool) {
        let stops = &self.stops;
        ids.retain(|&g| keep(&stops[g as usize]));
    }

    /// Whether the number `x` fits `{lefts | rights}` in the sense of the simplicity
    /// theorem: no Left option is `>= x` and no Right option is `<= x`.  Decided by the
    /// stops where they differ from `x` (`x > RS(G^L)` gives `x </= G^L`, `x < RS(G^L)`
    /// gives `x < G^L`, and alike on the right), by [`Shortcuts::number_leq`] where a stop is
    /// `x`.
    fn fits(&mut self, e: &mut Engine, x: Num, lefts: &[Id], rights: &[Id]) -> Result<bool> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        for (side, left) in [(lefts, true), (rights, false)] {
            for &g in side {
                let Some(s) = self.stop(e, g, left)? else {
                    return Ok(false);
                };
                match (s.cmp(&x), left) {
                    (Less, true) | (Greater, false) => {}
                    (Greater, true) | (Less, false) => return Ok(false),
                    (Equal, _) => {
                        if self.number_leq(e, x, g, left, NUMBER_LEQ_DEPTH)? {
                            return Ok(false);
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    /// `x <= g` (if `x_first`) or `g <= x`, for a number `x` and a game `g` whose right
    /// stop (if `x_first`; else its left stop) is `x`.
    ///
    /// A number-up-star value `g = x + n.^ + *m` is compared in closed form (`x <= g`
    /// exactly when `n >= 2`, or `n = 1` and `m != 1`, or `n = m = 0`; `g <= x` alike with
    /// `-n`).  Against any other game only that game's options count (number avoidance,
    /// as in the engine's order): `x <= g` unless some `g^R <= x`, and `g <= x` unless
    /// some `g^L >= x`; an option whose stop differs from `x` is settled by it, one whose
    /// stop is `x` by the same test, `depth` levels deep, then by the engine.
    fn number_leq(&mut self, e: &mut Engine, x: Num, g: Id, x_first: bool, depth: u32) -> Result<bool> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        if let Some(v) = e.nus(g) {
            let n = if x_first { v.n } else { -v.n };
            return Ok(n >= 2 || (n == 1 && v.m != 1) || (n == 0 && v.m == 0));
        }
        if depth > 0 {
            let (start, nl, nr) = e.rec(g)?;
            // x <= g: no Right option <= x (its left stop); g <= x: no Left option >= x
            let range = if x_first {
                start + nl..start + nl + nr
            } else {
                start..start + nl
            };
            let mut settled = true;
            for i in range {
                let h = e.arena[i];
                let Some(s) = self.stop(e, h, !x_first)? else {
                    settled = false;
                    break;
                };
                let beaten = match (s.cmp(&x), x_first) {
                    (Greater, true) | (Less, false) => false,
                    (Less, true) | (Greater, false) => true,
                    (Equal, _) => self.number_leq(e, x, h, !x_first, depth - 1)?,
                };
                if beaten {
                    return Ok(false);
                }
            }
            if settled {
                return Ok(true);
            }
        }
        let xid = self.number(e, x)?;
        Ok(if x_first { e.leq(xid, g)? } else { e.leq(g, xid)? })
    }

    /// `Some(x)` if `{lefts | rights}` (not both empty) is the number `x`, `None` if not;
    /// `a` and `b` are its bounds ([`Shortcuts::bounds`]).
    ///
    /// The simplicity theorem: if some number `x` has no Left option `>= x` and no Right
    /// option `<= x`, the game is the simplest such number; if none has, the game is not a
    /// number (a game equal to `x` would be one).  With `a` the largest right stop of the
    /// Left options and `b` the smallest left stop of the Right options, those numbers
    /// include the open interval `(a, b)` and lie in `[a, b]` (see [`Shortcuts::fits`]).  So if
    /// `a > b` the game is not a number; if `a = b` it is `a` if `a` fits; if `a < b` it is
    /// the simplest number of `(a, b)`, unless an end of the interval is simpler and fits.
    fn simplest_number(
        &mut self,
        e: &mut Engine,
        a: Option<Num>,
        b: Option<Num>,
        lefts: &[Id],
        rights: &[Id],
    ) -> Result<Option<Num>> {
        if let (Some(a), Some(b)) = (a, b) {
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => return Ok(None),
                std::cmp::Ordering::Equal => {
                    return Ok(self.fits(e, a, lefts, rights)?.then_some(a));
                }
                std::cmp::Ordering::Less => {}
            }
        }
        let Some(mut x) = simplest_between_nums(a, b) else {
            return Ok(None);
        };
        // a < b: the Right options fit a (their left stops are at least b), and the Left
        // options fit b, so only the other side is tested
        let mut day = x.birthday();
        for (end, ls, rs) in [(a, lefts, &[][..]), (b, &[][..], rights)] {
            if let Some(end) = end {
                if end.birthday() < day && self.fits(e, end, ls, rs)? {
                    day = end.birthday();
                    x = end;
                }
            }
        }
        Ok(Some(x))
    }
}

/// How deep [`Shortcuts::number_leq`] follows options before it asks the engine.
const NUMBER_LEQ_DEPTH: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dyadic::simplest_between;
    use crate::engine::testkit::Rng;
    use crate::engine::Nus;

    /// Up to `most` ids drawn from `pool` (repeats allowed).
    fn draw(rng: &mut Rng, pool: &[Id], most: u64) -> Vec<Id> {
        (0..rng.below(most + 1))
            .map(|_| pool[rng.below(pool.len() as u64) as usize])
            .collect()
    }

    /// Games for the tests of the census' own shortcuts: numbers, nimbers, ups, `x + ^*`,
    /// and two generations of games made of random option lists of those (switches,
    /// tinies, hot and infinitesimal games of all kinds).
    fn pool(e: &mut Engine, rng: &mut Rng) -> Vec<Id> {
        let mut pool = Vec::new();
        for (n, k) in [
            (0, 0),
            (1, 0),
            (-1, 0),
            (2, 0),
            (-2, 0),
            (1, 1),
            (-1, 1),
            (3, 1),
            (1, 2),
            (-3, 2),
            (5, 3),
        ] {
            pool.push(e.number_id(Dyadic::Small(n, k)).unwrap());
        }
        for (x, n, m) in [
            (0, 0, 1),
            (0, 1, 0),
            (0, -1, 0),
            (0, 1, 1),
            (0, 2, 0),
            (0, -2, 1),
            (0, 0, 2),
            (1, 1, 0),
            (1, 0, 1),
            (-1, -1, 1),
        ] {
            pool.push(e.nus_id(Nus::new(Dyadic::int(x), n, m)).unwrap());
        }
        for _ in 0..2 {
            let base = pool.clone();
            for _ in 0..80 {
                let (l, r) = (draw(rng, &base, 3), draw(rng, &base, 3));
                pool.push(e.canonical(&l, &r).unwrap());
            }
        }
        pool.sort_unstable();
        pool.dedup();
        pool
    }

    /// The number `{l | r}` is by the simplicity test, if it is one.
    fn number_of(t: &mut Shortcuts, e: &mut Engine, l: &[Id], r: &[Id]) -> Option<Num> {
        let (a, b) = t.bounds(e, l, r).unwrap()?;
        t.simplest_number(e, a, b, l, r).unwrap()
    }

    #[test]
    fn the_census_value_of_option_lists_is_the_engines_canonical_form() {
        // expected: the engine's canonical form of the same option lists
        let mut e = Engine::new();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let pool = pool(&mut e, &mut rng);
        let mut t = Shortcuts::default();
        let (mut numbers, mut others) = (0, 0);
        for _ in 0..20_000 {
            let (l, r) = (draw(&mut rng, &pool, 4), draw(&mut rng, &pool, 4));
            if l.is_empty() && r.is_empty() {
                continue;
            }
            let expected = e.canonical(&l, &r).unwrap();
            let x = number_of(&mut t, &mut e, &l, &r);
            assert_eq!(x.is_some(), e.is_number(expected), "{l:?} | {r:?}");
            if let Some(x) = x {
                assert_eq!(e.number_value(expected), Some(x.dyadic()), "{l:?} | {r:?}");
                numbers += 1;
            } else {
                others += 1;
            }
            let (mut l2, mut r2) = (l.clone(), r.clone());
            assert_eq!(t.value(&mut e, &mut l2, &mut r2).unwrap(), expected, "{l:?} | {r:?}");
        }
        // both paths were taken many times
        assert!(numbers > 2000 && others > 2000, "{numbers} numbers, {others} others");
    }

    #[test]
    fn number_comparisons_agree_with_the_engines_order_at_every_depth() {
        // expected: the engine's order, x <= g and g <= x for x a stop of g
        let mut e = Engine::new();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let pool = pool(&mut e, &mut rng);
        let mut t = Shortcuts::default();
        let mut deep = 0;
        for &g in &pool {
            let (ls, rs) = e.stops(g).unwrap();
            for (x, x_first) in [(rs, true), (ls, false)] {
                let xid = e.number_id(x.clone()).unwrap();
                let expected = if x_first {
                    e.leq(xid, g).unwrap()
                } else {
                    e.leq(g, xid).unwrap()
                };
                let x = Num::of(&x).unwrap();
                for depth in 0..=NUMBER_LEQ_DEPTH {
                    assert_eq!(
                        t.number_leq(&mut e, x, g, x_first, depth).unwrap(),
                        expected,
                        "{g} {depth}"
                    );
                }
                deep += usize::from(e.nus(g).is_none());
            }
        }
        assert!(deep > 100, "{deep}");
    }

    #[test]
    fn fixed_point_numbers_agree_with_dyadics() {
        // expected: the engine's simplest number between two dyadics, and its birthdays
        let mut e = Engine::new();
        let mut xs: Vec<Dyadic> = Vec::new();
        for k in 0..=4u32 {
            for n in -40i64..=40 {
                xs.push(Dyadic::from_i128(n.into(), k));
            }
        }
        xs.sort();
        xs.dedup();
        for x in &xs {
            let g = e.number_id(x.clone()).unwrap();
            let day = e.birthday(g).unwrap();
            assert_eq!(num_bigint::BigInt::from(Num::of(x).unwrap().birthday()), day, "{x:?}");
            assert_eq!(Num::of(x).unwrap().dyadic(), *x);
        }
        let fixed = |x: Option<&Dyadic>| x.map(|x| Num::of(x).unwrap());
        for (i, lo) in xs.iter().enumerate().step_by(3) {
            for hi in xs[i + 1..].iter().step_by(2) {
                for (a, b) in [(Some(lo), Some(hi)), (None, Some(hi)), (Some(lo), None)] {
                    let got = simplest_between_nums(fixed(a), fixed(b)).unwrap();
                    assert_eq!(got.dyadic(), simplest_between(a, b), "{a:?} {b:?}");
                }
            }
        }
        assert_eq!(simplest_between_nums(None, None), Some(Num::ZERO));
        // out of fixed point: left to the engine
        assert_eq!(Num::of(&Dyadic::from_i128(1, MAX_EXP + 1)), None);
        assert_eq!(Num::of(&Dyadic::int(1 << MAX_INT)), None);
        assert!(Num::of(&Dyadic::int((1 << MAX_INT) - 1)).is_some());
    }

    #[test]
    fn numbers_beyond_fixed_point_are_left_to_the_engine() {
        let mut e = Engine::new();
        let mut t = Shortcuts::default();
        let big = e.number_id(Dyadic::int(1 << 40)).unwrap();
        let fine = e.number_id(Dyadic::from_i128(1, 40)).unwrap();
        let star = e.nus_id(Nus::new(Dyadic::ZERO, 0, 1)).unwrap();
        for (l, r) in [
            (vec![big], vec![]),
            (vec![star], vec![fine]),
            (vec![Engine::ZERO], vec![fine, big]),
        ] {
            assert_eq!(t.bounds(&mut e, &l, &r).unwrap(), None);
            let expected = e.canonical(&l, &r).unwrap();
            assert_eq!(t.value(&mut e, &mut l.clone(), &mut r.clone()).unwrap(), expected);
        }
    }
}
