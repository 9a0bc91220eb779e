//! Sums, negation and birthday.

use super::memory;
use super::table::{bounded_insert, up_overflow, Engine, NO_ID};
use super::{Id, Nus, Result};
use num_bigint::BigInt;
use num_traits::{One, Signed};

/// Birthday of `x + ^n + *m` in closed form.
pub fn nus_birthday(v: &Nus) -> BigInt {
    let x = &v.x;
    let bx: BigInt = if x.is_integer() {
        x.to_bigint_floor().abs()
    } else {
        // floor|x| + 1 + k for x = p / 2^k
        x.abs().to_bigint_floor() + BigInt::from(x.exp()) + BigInt::one()
    };
    let n = u128::from(v.n.unsigned_abs());
    let m = u128::from(v.m);
    let bi = if n == 0 {
        m
    } else if m == 0 {
        n + 1
    } else if n % 2 == 1 && m != 1 {
        n + (m ^ 1)
    } else {
        n + m
    };
    bx + BigInt::from(bi)
}

impl Engine {
    /// The id of `g + h`.
    pub fn add(&mut self, g: Id, h: Id) -> Result<Id> {
        let (g, h) = if g > h { (h, g) } else { (g, h) };
        let key = u64::from(g) << 32 | u64::from(h);
        if let Some(&r) = self.add_cache.get(&key) {
            return Ok(r);
        }
        let r = self.descend(|e| e.add_general(g, h))?;
        bounded_insert(&mut self.add_cache, key, r, self.limit, &self.budget);
        Ok(r)
    }

    fn add_general(&mut self, g: Id, h: Id) -> Result<Id> {
        self.tick()?;
        let a = self.nus.get(g);
        let b = self.nus.get(h);
        match (&a, &b) {
            (Some(a), Some(b)) => {
                let n = a.n.checked_add(b.n).ok_or_else(up_overflow)?;
                return self.nus_id(Nus::new(a.x.add(&b.x), n, a.m ^ b.m));
            }
            (Some(a), _) if a.is_zero() => return Ok(h),
            (_, Some(b)) if b.is_zero() => return Ok(g),
            (None, Some(v)) => {
                if let Some(r) = self.switch_plus_nus(g, v)? {
                    return Ok(r);
                }
            }
            (Some(v), None) => {
                if let Some(r) = self.switch_plus_nus(h, v)? {
                    return Ok(r);
                }
            }
            // G + (-G) = 0: the general sum would build every option of G - G first (a sum
            // with *311 in it: 40 s) only to find it equal to 0
            (None, None) if self.neg(g)? == h => return Ok(Engine::ZERO),
            _ => {}
        }
        let g_num = a.as_ref().is_some_and(Nus::is_number);
        let h_num = b.as_ref().is_some_and(Nus::is_number);
        let mut lo = Vec::new();
        let mut ro = Vec::new();
        // Number translation: never move in a number summand.
        if !g_num {
            let (s, nl, nr) = self.rec(g)?;
            for i in s..s + nl + nr {
                let o = self.arena[i];
                let t = self.add(o, h)?;
                if i < s + nl {
                    lo.push(t);
                } else {
                    ro.push(t);
                }
            }
        }
        if !h_num {
            let (s, nl, nr) = self.rec(h)?;
            for i in s..s + nl + nr {
                let o = self.arena[i];
                let t = self.add(g, o)?;
                if i < s + nl {
                    lo.push(t);
                } else {
                    ro.push(t);
                }
            }
        }
        self.canonical(&lo, &ro)
    }

    /// `s + v` in closed form when `s` is a hot switch `{a | b}` of numbers (`a > b`) and
    /// `v = x + ^n + *m` a number-up-star value: `{a + v | b + v}`; else `None`.
    ///
    /// The identity is number translation (Siegel, *Combinatorial Game Theory*, 2013, II.3:
    /// `{a | b} + x = {a + x | b + x}` for a number `x`) followed by the same translation by
    /// the infinitesimal `e = ^n + *m`, which holds because every subposition of `e` is
    /// infinitesimal: in `{a | b} + e - {a + e | b + e}` the second player wins by answering
    /// a move in one switch with the move to the same number in the other (a move in `e` is
    /// answered in the switch, after which the number `+-(a - b)` outweighs every
    /// infinitesimal that is left).  The form is canonical: one option a side, none
    /// dominated, and none reversible, since every Right option of `a + v` has right stop
    /// `a + x > b + x`, the right stop of the sum (and symmetrically); the sum has two
    /// different stops, so it is no number-up-star value.  The reference engine
    /// (`cgt/_pyengine.py`) has the same shortcut; both are checked against the general
    /// algorithm (the unit tests here, and `tests/cgt/test_ops.py`).
    pub(crate) fn switch_plus_nus(&mut self, s: Id, v: &Nus) -> Result<Option<Id>> {
        let (st, nl, nr) = self.rec(s)?;
        if nl != 1 || nr != 1 {
            return Ok(None);
        }
        let (l, r) = (self.arena[st], self.arena[st + 1]);
        let (a, b) = match (self.number_value(l), self.number_value(r)) {
            (Some(a), Some(b)) if a > b => (a.add(&v.x), b.add(&v.x)),
            _ => return Ok(None),
        };
        let gl = self.nus_id(Nus::new(a, v.n, v.m))?;
        let gr = self.nus_id(Nus::new(b, v.n, v.m))?;
        self.intern(&[gl], &[gr]).map(Some)
    }

    /// The id of `-g`.
    pub fn neg(&mut self, g: Id) -> Result<Id> {
        match self.negs.get(g as usize) {
            Some(&r) if r != NO_ID => Ok(r),
            _ => {
                let r = self.descend(|e| e.neg_general(g))?;
                self.set_neg(g, r);
                Ok(r)
            }
        }
    }

    /// Remember that `-g = r` (and `-r = g`) in [`Engine::negs`] (unless it would grow past
    /// the memory budget: it is a memo).
    fn set_neg(&mut self, g: Id, r: Id) {
        let top = g.max(r) as usize;
        if self.negs.len() <= top {
            let more = top + 1 - self.negs.len();
            if memory::reserve(&self.budget, "the native engine's negatives", &mut self.negs, more).is_err() {
                return;
            }
            self.negs.resize(top + 1, NO_ID);
        }
        for (a, b) in [(g, r), (r, g)] {
            if self.negs[a as usize] == NO_ID {
                self.negs_known += 1;
                self.negs[a as usize] = b;
            }
        }
    }

    fn neg_general(&mut self, g: Id) -> Result<Id> {
        self.tick()?;
        if let Some(v) = &self.nus.get(g) {
            let n = v.n.checked_neg().ok_or_else(up_overflow)?;
            let w = Nus::new(v.x.neg(), n, v.m);
            return self.nus_id(w);
        }
        let (s, nl, nr) = self.rec(g)?;
        let mut lo = Vec::with_capacity(nr);
        let mut ro = Vec::with_capacity(nl);
        for i in s..s + nl + nr {
            let o = self.arena[i];
            let t = self.neg(o)?;
            if i < s + nl {
                ro.push(t);
            } else {
                lo.push(t);
            }
        }
        lo.sort_unstable();
        ro.sort_unstable();
        match self.index_get(&lo, &ro) {
            Some(r) => Ok(r),
            None => self.new_game(&lo, &ro),
        }
    }

    /// The birthday of `g`.
    pub fn birthday(&mut self, g: Id) -> Result<BigInt> {
        if let Some(v) = &self.nus.get(g) {
            return Ok(nus_birthday(v));
        }
        if let Some(b) = self.birthday_cache.get(&g) {
            return Ok(b.clone());
        }
        let r = self.descend(|e| -> Result<BigInt> {
            e.tick()?;
            let (s, nl, nr) = e.rec(g)?;
            let mut best = BigInt::from(0);
            for i in s..s + nl + nr {
                let o = e.arena[i];
                let b = e.birthday(o)?;
                if b > best {
                    best = b;
                }
            }
            Ok(best + 1)
        })?;
        bounded_insert(&mut self.birthday_cache, g, r.clone(), self.limit, &self.budget);
        Ok(r)
    }
}
