//! The order of games: `<=`, stops, and the undominated options of a side.

use super::dyadic::Dyadic;
use super::table::Engine;
use super::{Id, Nus, Result};

/// Closed-form `a <= b` for two number-up-star values.
pub fn nus_leq(a: &Nus, b: &Nus) -> bool {
    if a.x != b.x {
        return a.x < b.x;
    }
    let d = i128::from(b.n) - i128::from(a.n);
    let s = a.m ^ b.m;
    match d {
        d if d >= 2 => true,
        1 => s != 1,
        0 => s == 0,
        _ => false,
    }
}

/// Stops of a game as a pair (left stop, right stop).
pub type Stops = (Dyadic, Dyadic);

impl Engine {
    /// `g <= h` in the partial order of games.
    pub fn leq(&mut self, g: Id, h: Id) -> Result<bool> {
        if g == h {
            return Ok(true);
        }
        if self.nus.is_some(g) && self.nus.is_some(h) {
            let (a, b) = (self.nus.get(g), self.nus.get(h));
            return Ok(nus_leq(&a.expect("a value"), &b.expect("a value")));
        }
        // the memo's slot is fetched while the stops are read (three cache misses at once
        // rather than one after the other, on tables of millions of games)
        self.leq_memo.prefetch(g, h);
        // Stops are monotone: g <= h needs LS(g) <= LS(h) and RS(g) <= RS(h).  The same
        // test screens each option before the recursive comparison.
        let gs = self.stop_pair(g)?;
        let hs = self.stop_pair(h)?;
        if gs.0 > hs.0 || gs.1 > hs.1 {
            return Ok(false);
        }
        if let Some(r) = self.leq_memo.get(g, h) {
            return Ok(r);
        }
        let r = self.descend(|e| e.leq_general(g, h, &gs, &hs))?;
        let limit = self.limit;
        self.leq_memo.put(g, h, r, limit);
        Ok(r)
    }

    /// `g <= h` from the options, given the stops of `g` and `h` (which pass the stop test).
    fn leq_general(&mut self, g: Id, h: Id, (gl_s, gr_s): &Stops, (hl_s, hr_s): &Stops) -> Result<bool> {
        self.tick()?;
        // Number avoidance: against a number, only the other game's options count.
        if !self.is_number(h) {
            let (s, nl, nr) = self.rec(h)?;
            for i in s + nl..s + nl + nr {
                let hr = self.arena[i];
                let (a, b) = self.stop_pair(hr)?;
                if a <= *gl_s && b <= *gr_s && self.leq(hr, g)? {
                    return Ok(false);
                }
            }
        }
        if !self.is_number(g) {
            let (s, nl, _) = self.rec(g)?;
            for i in s..s + nl {
                let gl = self.arena[i];
                let (a, b) = self.stop_pair(gl)?;
                if *hl_s <= a && *hr_s <= b && self.leq(h, gl)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// `(left stop, right stop)` of `g`.
    pub fn stops(&mut self, g: Id) -> Result<Stops> {
        self.stop_pair(g)
    }

    pub(crate) fn stop_pair(&mut self, g: Id) -> Result<Stops> {
        if let Some(v) = self.nus.get(g) {
            return Ok((v.x.clone(), v.x));
        }
        if let Some(s) = self.stops.get(g) {
            return Ok(s);
        }
        self.descend(|e| e.stop_pair_general(g))
    }

    fn stop_pair_general(&mut self, g: Id) -> Result<Stops> {
        self.tick()?;
        // LS(G) = max RS(G^L), RS(G) = min LS(G^R) for a G that is not a number
        // (both sides are non-empty: a canonical game with an empty side is an integer).
        let (s, nl, nr) = self.rec(g)?;
        let mut ls: Option<Dyadic> = None;
        for i in s..s + nl {
            let o = self.arena[i];
            let (_, r) = self.stop_pair(o)?;
            if ls.as_ref().is_none_or(|m| r > *m) {
                ls = Some(r);
            }
        }
        let mut rs: Option<Dyadic> = None;
        for i in s + nl..s + nl + nr {
            let o = self.arena[i];
            let (l, _) = self.stop_pair(o)?;
            if rs.as_ref().is_none_or(|m| l < *m) {
                rs = Some(l);
            }
        }
        let r = (ls.unwrap_or_default(), rs.unwrap_or_default());
        self.stops.set(g, &r);
        Ok(r)
    }

    /// The undominated options of a sorted side, sorted (the side itself when none is
    /// dominated).
    ///
    /// Not memoised: a side's option list rarely comes back with another opposite side
    /// (the whole pair is memoised by [`Engine::canonical`]), and on the Konane value
    /// solver a cache of sides cost 6% of the time and a quarter of the memory.
    pub(crate) fn undominated_side(&mut self, opts: &[Id], is_left: bool) -> Result<Vec<Id>> {
        if opts.len() < 2 {
            return Ok(opts.to_vec());
        }
        let mut r = self.undominated(opts, is_left)?;
        if r.len() == opts.len() {
            return Ok(opts.to_vec());
        }
        r.sort_unstable();
        Ok(r)
    }

    /// The options of `opts` (distinct ids) that no other one dominates: Left keeps the
    /// maximal ones, Right the minimal ones.
    ///
    /// Distinct ids are distinct values, so domination is a strict order and one pass that
    /// keeps the undominated options seen so far finds them all.  The options are taken
    /// best stops first, so an option can only dominate one taken before it when their
    /// stops are equal.  Of the numbers, only the first one taken (the best) can survive.
    pub(crate) fn undominated(&mut self, opts: &[Id], is_left: bool) -> Result<Vec<Id>> {
        if opts.len() < 2 {
            return Ok(opts.to_vec());
        }
        let mut order: Vec<(Dyadic, Dyadic, Id)> = Vec::with_capacity(opts.len());
        for &g in opts {
            let (a, b) = self.stop_pair(g)?;
            order.push((a, b, g));
        }
        order.sort_unstable();
        if is_left {
            order.reverse();
        }
        let mut keep: Vec<(Dyadic, Dyadic, Id)> = Vec::with_capacity(order.len());
        let mut number_seen = false;
        for t in order {
            let a = t.2;
            if self.is_number(a) {
                if number_seen {
                    continue;
                }
                number_seen = true;
            }
            let mut dominated = false;
            for u in &keep {
                let b = u.2;
                let d = if is_left {
                    t.1 <= u.1 && self.leq(a, b)?
                } else {
                    u.1 <= t.1 && self.leq(b, a)?
                };
                if d {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            if keep.last().is_some_and(|u| u.0 == t.0 && u.1 == t.1) {
                // equal stops: a may dominate some of those taken before it
                let mut kept = Vec::with_capacity(keep.len());
                for u in keep {
                    let drop = u.0 == t.0 && u.1 == t.1 && if is_left { self.leq(u.2, a)? } else { self.leq(a, u.2)? };
                    if !drop {
                        kept.push(u);
                    }
                }
                keep = kept;
            }
            keep.push(t);
        }
        Ok(keep.into_iter().map(|t| t.2).collect())
    }
}
