//! Canonical form of `{L | R}`: remove dominated options, bypass reversible ones.

use super::dyadic::{simplest_between, Dyadic};
use super::table::{bounded_insert, Engine};
use super::{Id, Nus, Result};
use rustc_hash::{FxHashMap, FxHashSet};

type Memo = FxHashMap<Id, bool>;

/// The most entries of the cache of canonical forms (keyed by option sets), below the other
/// caches' [`super::CACHE_LIMIT`]: an entry holds its key on the heap (some 50 bytes in all),
/// and on the 5x6 Konane start the cache at 1.5 million entries took 70 MB, 12% of the
/// peak, for no time measured (2^19 entries: 33.0 and 37.9 s against 36.0 and 35.7 s,
/// alternated; peak 537 and 519 MB against 593 and 606 MB).
pub(crate) const CANONICAL_CACHE_LIMIT: usize = 1 << 19;

/// Sort `v[from..]` and drop its repeats, in place.
fn sort_distinct_from(v: &mut Vec<Id>, from: usize) {
    v[from..].sort_unstable();
    let mut n = from;
    for i in from..v.len() {
        if n == from || v[i] != v[n - 1] {
            v[n] = v[i];
            n += 1;
        }
    }
    v.truncate(n);
}

fn mex(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.dedup();
    let mut k = 0;
    for v in values {
        if v != k {
            break;
        }
        k += 1;
    }
    k
}

impl Engine {
    /// The id of the canonical form of `{lefts | rights}` (ids already checked), memoised on
    /// the option sets.
    pub fn canonical(&mut self, lefts: &[Id], rights: &[Id]) -> Result<Id> {
        // the key `[len(ls), ls..., rs...]` (each side sorted, without repeats) is built in
        // a buffer kept for it; only a new entry allocates one
        let mut key = std::mem::take(&mut self.key_buf);
        key.clear();
        key.push(0);
        key.extend_from_slice(lefts);
        sort_distinct_from(&mut key, 1);
        let nl = key.len();
        key[0] = (nl - 1) as Id;
        key.extend_from_slice(rights);
        sort_distinct_from(&mut key, nl);
        let found = self.canon_cache.get(&key[..]).copied();
        let r = match found {
            Some(r) => Ok(r),
            None => {
                let (ls, rs) = key[1..].split_at(nl - 1);
                let r = self.canonical_sorted(ls, rs);
                if let Ok(r) = r {
                    bounded_insert(
                        &mut self.canon_cache,
                        key.as_slice().into(),
                        r,
                        self.limit.min(CANONICAL_CACHE_LIMIT),
                        &self.budget,
                    );
                }
                r
            }
        };
        self.key_buf = key;
        r
    }

    /// The canonical form of `{ls | rs}` (sorted, distinct ids).
    fn canonical_sorted(&mut self, ls: &[Id], rs: &[Id]) -> Result<Id> {
        self.tick()?;
        let all_nus = ls.iter().chain(rs).all(|&i| self.nus.is_some(i));
        if all_nus {
            let v = |e: &Engine, i: Id| -> Nus { e.nus.get(i).expect("all are NUS") };
            let lv: Vec<Nus> = ls.iter().map(|&i| v(self, i)).collect();
            let rv: Vec<Nus> = rs.iter().map(|&i| v(self, i)).collect();
            // Only numbers: the simplest number between, or a hot switch {max L | min R}.
            if lv.iter().chain(&rv).all(Nus::is_number) {
                let lo: Option<&Dyadic> = lv.iter().map(|w| &w.x).max();
                let hi: Option<&Dyadic> = rv.iter().map(|w| &w.x).min();
                match (lo, hi) {
                    (Some(a), Some(b)) if a >= b => {
                        let (a, b) = (a.clone(), b.clone());
                        let ga = self.number_id(a)?;
                        let gb = self.number_id(b)?;
                        return self.intern(&[ga], &[gb]);
                    }
                    _ => return self.number_id(simplest_between(lo, hi)),
                }
            }
            // Only nimbers with equal mex: a nimber.
            let nimber = |w: &Nus| w.x.is_zero() && w.n == 0;
            if lv.iter().chain(&rv).all(nimber) {
                let ml = mex(lv.iter().map(|w| w.m).collect());
                if ml == mex(rv.iter().map(|w| w.m).collect()) {
                    return self.nus_id(Nus::new(Dyadic::ZERO, 0, ml));
                }
            }
        }
        let ul = self.undominated_side(ls, true)?;
        let ur = self.undominated_side(rs, false)?;
        // canonical options already: nothing is reversible
        if let Some(r) = self.index_get(&ul, &ur) {
            return Ok(r);
        }
        let (mut bl, mut br) = self.bypass(&ul, &ur)?;
        bl.sort_unstable();
        br.sort_unstable();
        self.intern(&bl, &br)
    }

    /// `x <= G` for the game `G = {gl | gr}` under construction (not interned): no
    /// `G^R <= x` and no `x^L >= G`.
    fn x_le_g(&mut self, x: Id, gl: &[Id], gr: &[Id], mx: &mut Memo, my: &mut Memo) -> Result<bool> {
        if let Some(&r) = mx.get(&x) {
            return Ok(r);
        }
        let r = self.descend(|e| -> Result<bool> {
            e.tick()?;
            for &o in gr {
                if e.leq(o, x)? {
                    return Ok(false);
                }
            }
            let (s, nl, _) = e.rec(x)?;
            for i in s..s + nl {
                let xl = e.arena[i];
                if e.g_le_y(xl, gl, gr, mx, my)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        mx.insert(x, r);
        Ok(r)
    }

    /// `G <= y` for the game `G = {gl | gr}` under construction: no `y <= G^L` and no
    /// `y^R <= G`.
    fn g_le_y(&mut self, y: Id, gl: &[Id], gr: &[Id], mx: &mut Memo, my: &mut Memo) -> Result<bool> {
        if let Some(&r) = my.get(&y) {
            return Ok(r);
        }
        let r = self.descend(|e| -> Result<bool> {
            e.tick()?;
            for &o in gl {
                if e.leq(y, o)? {
                    return Ok(false);
                }
            }
            let (s, nl, nr) = e.rec(y)?;
            for i in s + nl..s + nl + nr {
                let yr = e.arena[i];
                if e.x_le_g(yr, gl, gr, mx, my)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?;
        my.insert(y, r);
        Ok(r)
    }

    /// Bypass reversible options until none is left; then prune dominated ones.
    fn bypass(&mut self, l: &[Id], r: &[Id]) -> Result<(Vec<Id>, Vec<Id>)> {
        let (gl, gr) = (l.to_vec(), r.to_vec()); // the value G = {gl | gr} is fixed throughout
        let mut mx = Memo::default();
        let mut my = Memo::default();
        let mut changed = false;

        let mut new_l = Vec::new();
        let mut work = l.to_vec();
        let mut seen = FxHashSet::default();
        while let Some(a) = work.pop() {
            if !seen.insert(a) {
                continue;
            }
            let (s, nl, nr) = self.rec(a)?;
            let mut reversed = false;
            for i in s + nl..s + nl + nr {
                let ar = self.arena[i];
                if self.x_le_g(ar, &gl, &gr, &mut mx, &mut my)? {
                    // A^R <= G: A reverses through A^R
                    let opts = self.left_options(ar)?;
                    work.extend(opts);
                    changed = true;
                    reversed = true;
                    break;
                }
            }
            if !reversed {
                new_l.push(a);
            }
        }
        let mut new_r = Vec::new();
        let mut work = r.to_vec();
        let mut seen = FxHashSet::default();
        while let Some(a) = work.pop() {
            if !seen.insert(a) {
                continue;
            }
            let (s, nl, _) = self.rec(a)?;
            let mut reversed = false;
            for i in s..s + nl {
                let al = self.arena[i];
                if self.g_le_y(al, &gl, &gr, &mut mx, &mut my)? {
                    // A^L >= G
                    let opts = self.right_options(al)?;
                    work.extend(opts);
                    changed = true;
                    reversed = true;
                    break;
                }
            }
            if !reversed {
                new_r.push(a);
            }
        }
        if changed {
            new_l.sort_unstable();
            new_l.dedup();
            new_r.sort_unstable();
            new_r.dedup();
            new_l = self.undominated(&new_l, true)?;
            new_r = self.undominated(&new_r, false)?;
        }
        Ok((new_l, new_r))
    }
}
