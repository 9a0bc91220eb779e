//! Two columns of the table of games in one word a game: the number-up-star value of a
//! game ([`NusColumn`]) and the cache of its stops ([`StopColumn`]).
//!
//! As `Vec<Option<Nus>>` and `Vec<Option<(Dyadic, Dyadic)>>` they took 32 bytes a game each,
//! 64 of the 168 bytes a game of the table on the 5x6 Konane start (1.97 million games).
//! Nearly every value met there is small (a number with a numerator of a few bits, a few ups,
//! a small nimber), so a column keeps one `u64` a game: 0 for none, the value packed in the
//! word when its parts fit, and otherwise a mark that sends the reader to a side map holding
//! the value as it is ([`Dyadic::Big`] numbers, nimbers of 1024 and more, ...).  Reading a
//! packed value builds it again from the word (a few shifts), exactly: a value is packed only
//! when it comes back unchanged.

use super::dyadic::Dyadic;
use super::memory::{self, Budget, Refused};
use super::order::Stops;
use super::{Id, Nus};
use rustc_hash::FxHashMap;

/// The low two bits of a word: what it holds.
const TAG: u64 = 0b11;
/// Nothing: not a number-up-star value, or stops not computed yet (the word 0).
const NONE: u64 = 0;
/// The value is in the column's side map.
const ASIDE: u64 = 1;
/// The value is packed in the rest of the word.
const PACKED: u64 = 2;

/// The sign-extended field of `bits` bits at bit `at` of `w`.
#[inline]
fn signed(w: u64, at: u32, bits: u32) -> i64 {
    ((w << (64 - at - bits)) as i64) >> (64 - bits)
}

/// The field of `bits` bits at bit `at` of `w`.
#[inline]
fn unsigned(w: u64, at: u32, bits: u32) -> u64 {
    (w >> at) & ((1 << bits) - 1)
}

/// Whether `v` fits a signed field of `bits` bits.
#[inline]
fn fits(v: i64, bits: u32) -> bool {
    v >= -(1 << (bits - 1)) && v < 1 << (bits - 1)
}

/// A dyadic `num / 2^exp` packed in `bits` bits: the exponent in the low 6, the numerator
/// (signed) above; `None` if it does not fit (a big number, or a numerator too wide).
#[inline]
fn pack_dyadic(x: &Dyadic, bits: u32) -> Option<u64> {
    match *x {
        Dyadic::Small(num, exp) if exp < 64 && fits(num, bits - 6) => {
            Some(u64::from(exp) | ((num as u64) << 6 & ((1 << bits) - 1)))
        }
        _ => None,
    }
}

/// The dyadic of a field packed by [`pack_dyadic`] (`bits` bits at bit `at` of `w`).
#[inline]
fn unpack_dyadic(w: u64, at: u32, bits: u32) -> Dyadic {
    Dyadic::Small(signed(w, at + 6, bits - 6), unsigned(w, at, 6) as u32)
}

/// A value that a [`Column`] keeps in one word when it can.
pub(crate) trait Packs: Clone {
    /// The word of `self` above the tag, if it fits (the tag bits left 0).
    fn pack(&self) -> Option<u64>;
    /// The value of a word made by [`Packs::pack`] (tagged [`PACKED`]).
    fn unpack(w: u64) -> Self;
}

/// The number-up-star value `x + ^n + *m`: above the tag, the nimber `m` (10 bits, `m < 1024`),
/// the up multiple `n` (12 bits, signed) and the number `x` (40 bits: a 6-bit exponent and a
/// 34-bit signed numerator).
impl Packs for Nus {
    fn pack(&self) -> Option<u64> {
        if self.m >= 1 << 10 || !fits(self.n, 12) {
            return None;
        }
        let x = pack_dyadic(&self.x, 40)?;
        Some(self.m << 2 | ((self.n as u64) & 0xfff) << 12 | x << 24)
    }

    #[inline]
    fn unpack(w: u64) -> Nus {
        Nus {
            x: unpack_dyadic(w, 24, 40),
            n: signed(w, 12, 12),
            m: unsigned(w, 2, 10),
        }
    }
}

/// The stops: above the tag, the left stop and the right stop in 31 bits each (a 6-bit
/// exponent and a 25-bit signed numerator).
impl Packs for Stops {
    fn pack(&self) -> Option<u64> {
        Some(pack_dyadic(&self.0, 31)? << 2 | pack_dyadic(&self.1, 31)? << 33)
    }

    #[inline]
    fn unpack(w: u64) -> Stops {
        (unpack_dyadic(w, 2, 31), unpack_dyadic(w, 33, 31))
    }
}

/// A value or none for each game, one word a game: 0 for none, the value packed
/// ([`Packs`]), or a mark that it is in the side map.
pub(crate) struct Column<V> {
    words: Vec<u64>,
    aside: FxHashMap<Id, V>,
    /// How many games have a value.
    known: usize,
}

impl<V> Default for Column<V> {
    fn default() -> Self {
        Column {
            words: Vec::new(),
            aside: FxHashMap::default(),
            known: 0,
        }
    }
}

/// The number-up-star value of each game (`x + ^n + *m`, or none).
pub(crate) type NusColumn = Column<Nus>;

/// The stops of each game, once computed (a cache: [`Column::clear`] forgets them all).
pub(crate) type StopColumn = Column<Stops>;

impl<V: Packs> Column<V> {
    /// Make room for one more game, with the value `v`, within `budget` (nothing changes if
    /// that is refused).
    pub(crate) fn reserve(&mut self, v: Option<&V>, budget: &Budget, what: &'static str) -> Result<(), Refused> {
        memory::reserve(budget, what, &mut self.words, 1)?;
        if v.is_some_and(|v| v.pack().is_none()) {
            memory::reserve_map(budget, what, &mut self.aside, 1)?;
        }
        Ok(())
    }

    /// Append a new game (its id is the column's length; room made by [`Column::reserve`])
    /// with the value `v`.
    pub(crate) fn push(&mut self, v: Option<V>) {
        self.words.push(NONE);
        if let Some(v) = v {
            self.set(self.words.len() as Id - 1, &v);
        }
    }

    /// Give `g` the value `v` (a value that does not pack goes to the side map, which may
    /// grow past the budget by one entry where [`Column::reserve`] did not make room for it:
    /// [`Budget::check`] catches such small steps).
    pub(crate) fn set(&mut self, g: Id, v: &V) {
        let w = match v.pack() {
            Some(w) => PACKED | w,
            None => {
                self.aside.insert(g, v.clone());
                ASIDE
            }
        };
        if self.words[g as usize] == NONE {
            self.known += 1;
        }
        self.words[g as usize] = w;
    }

    /// Whether `g` has a value.
    #[inline]
    pub(crate) fn is_some(&self, g: Id) -> bool {
        self.words[g as usize] != NONE
    }

    /// The value of `g`, if any.
    #[inline]
    pub(crate) fn get(&self, g: Id) -> Option<V> {
        let w = self.words[g as usize];
        match w & TAG {
            NONE => None,
            ASIDE => Some(self.aside[&g].clone()),
            _ => Some(V::unpack(w)),
        }
    }

    /// Forget every value.
    pub(crate) fn clear(&mut self) {
        self.words.fill(NONE);
        self.aside = FxHashMap::default();
        self.known = 0;
    }

    /// How many games have a value.
    pub(crate) fn known(&self) -> usize {
        self.known
    }

    /// The bytes the column holds (approximately, for [`super::CacheInfo`]).
    pub(crate) fn bytes(&self) -> usize {
        self.words.capacity() * 8 + self.aside.capacity() * (std::mem::size_of::<(Id, V)>() + 1)
    }
}

impl Column<Nus> {
    /// Whether `g` is a number.
    #[inline]
    pub(crate) fn is_number(&self, g: Id) -> bool {
        let w = self.words[g as usize];
        match w & TAG {
            NONE => false,
            ASIDE => self.aside[&g].is_number(),
            // neither ups nor a nimber
            _ => unsigned(w, 2, 22) == 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dyadics() -> Vec<Dyadic> {
        let mut v = vec![Dyadic::ZERO, Dyadic::int(1), Dyadic::int(-1)];
        for num in [
            1i64,
            -1,
            3,
            -3,
            (1 << 24) - 1,
            -(1 << 24),
            1 << 24,
            (1 << 33) - 1,
            -(1 << 33),
            1 << 33,
        ] {
            for exp in [0u32, 1, 5, 31, 62] {
                v.push(Dyadic::from_i128(num.into(), exp));
            }
        }
        v.push(Dyadic::int(i64::MAX));
        v.push(Dyadic::int(i64::MIN));
        v.push(Dyadic::from_i128(1, 200));
        v.push(Dyadic::from_i128(i128::from(i64::MAX) * 1000, 3));
        v
    }

    #[test]
    fn every_value_comes_back_as_it_went_in() {
        let mut c = NusColumn::default();
        let mut kept = Vec::new();
        for x in dyadics() {
            for n in [0i64, 1, -1, 2047, -2048, 2048, -2049, i64::MAX, i64::MIN] {
                for m in [0u64, 1, 5, 1023, 1024, u64::MAX] {
                    let v = Nus::new(x.clone(), n, m);
                    c.reserve(Some(&v), &Budget::UNLIMITED, "test").unwrap();
                    c.push(Some(v.clone()));
                    kept.push(Some(v));
                }
            }
            c.push(None);
            kept.push(None);
        }
        for (g, v) in kept.iter().enumerate() {
            let g = g as Id;
            assert_eq!(c.get(g).as_ref(), v.as_ref(), "game {g}");
            assert_eq!(c.is_some(g), v.is_some());
            assert_eq!(c.is_number(g), v.as_ref().is_some_and(Nus::is_number));
        }
        // the small values are packed, the others set aside
        assert!(!c.aside.is_empty() && c.words.iter().any(|w| w & TAG == PACKED));
    }

    #[test]
    fn every_pair_of_stops_comes_back_as_it_went_in() {
        let xs = dyadics();
        let mut c = StopColumn::default();
        for _ in 0..xs.len() * xs.len() {
            c.reserve(None, &Budget::UNLIMITED, "test").unwrap();
            c.push(None);
        }
        for (i, l) in xs.iter().enumerate() {
            for (j, r) in xs.iter().enumerate() {
                let g = (i * xs.len() + j) as Id;
                assert_eq!(c.get(g), None);
                c.set(g, &(l.clone(), r.clone()));
            }
        }
        assert_eq!(c.known(), xs.len() * xs.len());
        for (i, l) in xs.iter().enumerate() {
            for (j, r) in xs.iter().enumerate() {
                let g = (i * xs.len() + j) as Id;
                assert_eq!(c.get(g), Some((l.clone(), r.clone())), "stops {l:?}, {r:?}");
            }
        }
        assert!(!c.aside.is_empty() && c.words.iter().any(|w| w & TAG == PACKED));
        c.clear();
        assert_eq!(c.known(), 0);
        assert_eq!(c.get(0), None);
    }
}
