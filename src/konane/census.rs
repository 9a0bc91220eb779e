//! The census: the values of all parity-consistent positions of a board, by dynamic
//! programming over a dense table (`konane/enumeration.py` is the reference).
//!
//! A position of a `rows x cols` board is *parity-consistent* when every stone stands on
//! a cell of its own colour in the start position (Black on the colour of a1, the bottom
//! left cell).  Such a position is its set of occupied cells alone, numbered by its *code*:
//! bit `k = r * cols + c` is set when cell `(r, c)` (row 0 the top row) holds its stone.
//! This is the numbering of `konane.Census`; note that it has no guard column, unlike the
//! board layout of [`super::bits`], so the moves are found here with per-cell masks that
//! keep a line of jumps on the board.
//!
//! Every capture removes a stone, so the options of a position have fewer stones: the
//! codes are visited by increasing number of stones (Gosper's enumeration of the codes of
//! each popcount, in increasing order), and the value of a code is the engine's canonical
//! form of the ids of its options, already in the table.  Each value is also written at
//! the images of the position under the symmetries of the board (negated by a symmetry
//! that swaps the two colours of the checkerboard), so only one position per orbit is
//! computed from its options.
//!
//! Most positions never reach the engine's canonical forms.  The census keeps the stops of
//! the value ids in fixed point ([`Tables`]); a position whose value is a number (more than
//! half of those computed, all those where only one player can move) is found by the
//! simplicity theorem on the stops of its options ([`Tables::simplest_number`]), and the
//! options dominated by their stops are dropped from the others before the engine makes
//! their canonical form ([`Tables::drop_dominated`]).
//!
//! The table only holds ids of finished values and the engine only ever receives finished
//! canonical forms, so a computation stopped by the check callback (limits, Ctrl-C) leaves
//! the engine valid; the partial table is the caller's to drop.

use super::{Check, Error, Result, Rules};
use crate::engine::{Dyadic, Engine, Id};

/// The largest board the census takes, in cells (its table has `2^cells` entries).
pub const MAX_CELLS: u32 = 30;

/// How many codes are settled between two calls of the check callback of [`census`].
pub const CHECK_EVERY: u64 = 1 << 14;

/// The id of a code not computed yet.
const UNSET: Id = Id::MAX;

/// The cells of Black's stones at the start of a `rows x cols` board, in code numbering:
/// the cells of the colour of a1 (row `rows - 1`, column 0).
pub fn black_cells(rows: u32, cols: u32) -> u64 {
    let mut m = 0;
    for r in 0..rows {
        for c in 0..cols {
            if (rows - 1 - r + c).is_multiple_of(2) {
                m |= 1u64 << (r * cols + c);
            }
        }
    }
    m
}

/// The jumps along one direction: from a cell `i`, `k` jumps cross the cells `i + (2j - 1) d`
/// (`j = 1..=k`) and land on `i + 2 k d`, where `d` is `step` towards higher bits if `up`,
/// else towards lower bits.  `valid[k - 1]` holds the cells from which `k` jumps stay on
/// the board (in the same row or column), `pattern[k - 1]` the cells a `k`-jump changes
/// (source, jumped cells, landing) relative to its lowest cell.
struct Line {
    step: u32,
    up: bool,
    valid: Vec<u64>,
    pattern: Vec<u64>,
}

/// The lines of jumps of a board: right, left, down, up (`(dr, dc)` per direction).
fn lines(rows: u32, cols: u32, multi: bool) -> Vec<Line> {
    let dirs: [(i64, i64); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut out = Vec::new();
    for (dr, dc) in dirs {
        let step = (dr.abs() * cols as i64 + dc.abs()) as u32;
        let up = dr + dc > 0;
        let (mut valid, mut pattern) = (Vec::new(), Vec::new());
        let kmax = if multi { rows.max(cols) } else { 1 };
        for k in 1..=kmax as i64 {
            let mut v = 0u64;
            for r in 0..rows as i64 {
                for c in 0..cols as i64 {
                    let (r2, c2) = (r + 2 * k * dr, c + 2 * k * dc);
                    if (0..rows as i64).contains(&r2) && (0..cols as i64).contains(&c2) {
                        v |= 1u64 << (r * cols as i64 + c);
                    }
                }
            }
            if v == 0 {
                break;
            }
            let mut p = 1u64 | 1u64 << (2 * k as u32 * step);
            for j in 1..=k as u32 {
                p |= 1u64 << ((2 * j - 1) * step);
            }
            valid.push(v);
            pattern.push(p);
        }
        out.push(Line {
            step,
            up,
            valid,
            pattern,
        });
    }
    out
}

/// Push the ids (in `table`) of the options of `code` for Left (Black, whose cells are
/// `black`) onto `lefts` and for Right onto `rights`.  The moves of both players are found
/// at once: on a parity-consistent position the stone next to a stone is an enemy, so
/// every stone that can jump is a capture of its owner's.
#[inline]
fn options(lines: &[Line], table: &[Id], code: u64, black: u64, lefts: &mut Vec<Id>, rights: &mut Vec<Id>) {
    let empty = !code;
    for line in lines {
        let d = line.step;
        let mut src = code;
        for (k, (&valid, &pattern)) in line.valid.iter().zip(&line.pattern).enumerate() {
            let (occ, land) = ((2 * k as u32 + 1) * d, (2 * k as u32 + 2) * d);
            src &= if line.up {
                valid & (code >> occ) & (empty >> land)
            } else {
                valid & (code << occ) & (empty << land)
            };
            if src == 0 {
                break;
            }
            let mut t = src;
            while t != 0 {
                let i = t.trailing_zeros();
                t &= t - 1;
                let low = if line.up { i } else { i - land };
                let g = table[(code ^ (pattern << low)) as usize];
                if black >> i & 1 == 1 {
                    lefts.push(g);
                } else {
                    rights.push(g);
                }
            }
        }
    }
}

/// A symmetry of the board as a cell permutation on codes, by two lookup tables (the low
/// and the high bits of a code), with whether it swaps the colours of the checkerboard.
struct Symmetry {
    lo: Vec<u64>,
    hi: Vec<u64>,
    lo_bits: u32,
    swaps: bool,
}

impl Symmetry {
    #[inline]
    fn apply(&self, code: u64) -> u64 {
        self.lo[(code & ((1 << self.lo_bits) - 1)) as usize] | self.hi[(code >> self.lo_bits) as usize]
    }
}

/// The symmetries of the `rows x cols` grid other than the identity, each given once by its
/// action on the cells (on one row the top-bottom mirror is the identity).
fn symmetries(rows: u32, cols: u32) -> Vec<Symmetry> {
    let n = rows * cols;
    let black = black_cells(rows, cols);
    let lo_bits = n.div_ceil(2);
    let mut seen: Vec<Vec<u32>> = vec![(0..n).collect()];
    let mut out = Vec::new();
    for k in 0..8 {
        if super::bits::transform_shape(rows, cols, k) != (rows, cols) {
            continue;
        }
        let mut perm = Vec::with_capacity(n as usize);
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = super::bits::transform_rc(r, c, rows, cols, k);
                perm.push(r2 * cols + c2);
            }
        }
        if seen.contains(&perm) {
            continue;
        }
        // a symmetry keeps adjacency, so it keeps or swaps the colours of all cells alike
        let swaps = (black & 1) != (black >> perm[0] & 1);
        let table = |first: u32, width: u32| -> Vec<u64> {
            let mut tab = vec![0u64; 1 << width];
            for v in 1..(1usize << width) {
                let low = v.trailing_zeros();
                tab[v] = tab[v & (v - 1)] | 1u64 << perm[(first + low) as usize];
            }
            tab
        };
        out.push(Symmetry {
            lo: table(0, lo_bits),
            hi: table(lo_bits, n - lo_bits),
            lo_bits,
            swaps,
        });
        seen.push(perm);
    }
    out
}

/// The next code with as many set bits as `v` (Gosper's hack; `v` not 0).
#[inline]
fn next_same_popcount(v: u64) -> u64 {
    let t = v | (v - 1);
    (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1))
}

/// Fixed-point numbers of the census: `v / 2^FRAC` in an `i64`.
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
struct Tables {
    stops: Vec<Stops>,
    numbers: rustc_hash::FxHashMap<i64, Id>,
    negs: Vec<Id>,
    switches: rustc_hash::FxHashMap<(Id, Id), Id>,
}

impl Tables {
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
            self.stops.resize(e.len().max(i + 1), Stops::UNKNOWN);
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
        self.numbers.insert(x.0, g);
        Ok(g)
    }

    /// The id of `-g`.
    fn neg(&mut self, e: &mut Engine, g: Id) -> Result<Id> {
        let i = g as usize;
        if let Some(&h) = self.negs.get(i) {
            if h != UNSET {
                return Ok(h);
            }
        }
        let h = e.neg(g)?;
        if i >= self.negs.len() {
            self.negs.resize(e.len().max(i + 1), UNSET);
        }
        self.negs[i] = h;
        Ok(h)
    }

    /// The canonical form of `{lefts | rights}` (not both empty).  A game that is a number is
    /// found by the simplicity theorem ([`Tables::simplest_number`]) and made at once, as
    /// the engine would make it; for the others the options dominated by their stops are
    /// dropped ([`Tables::drop_dominated`]) before the engine makes the canonical form.
    fn value(&mut self, e: &mut Engine, lefts: &mut Vec<Id>, rights: &mut Vec<Id>) -> Result<Id> {
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
                self.switches.insert((a, b), g);
                return Ok(g);
            }
        }
        Ok(e.canonical(lefts, rights)?)
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
    /// [`Tables::bounds`] before, and in fixed point).
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
    /// gives `x < G^L`, and alike on the right), by [`Tables::number_leq`] where a stop is
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
    /// `a` and `b` are its bounds ([`Tables::bounds`]).
    ///
    /// The simplicity theorem: if some number `x` has no Left option `>= x` and no Right
    /// option `<= x`, the game is the simplest such number; if none has, the game is not a
    /// number (a game equal to `x` would be one).  With `a` the largest right stop of the
    /// Left options and `b` the smallest left stop of the Right options, those numbers
    /// include the open interval `(a, b)` and lie in `[a, b]` (see [`Tables::fits`]).  So if
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

/// How deep [`Tables::number_leq`] follows options before it asks the engine.
const NUMBER_LEQ_DEPTH: u32 = 3;

/// Whether the check callback (if any) asks to stop after `k` more settled codes.
fn stop(check: &mut Option<Check<'_>>, k: u64) -> bool {
    check.as_mut().is_some_and(|c| c(k))
}

/// Counters of a census.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions computed from their options (one per orbit of the symmetries).
    pub computed: u64,
}

/// The values of all `2^(rows * cols)` parity-consistent positions of a `rows x cols`
/// board under `rules`: `out[code]` is the engine id of the value of position `code`.
///
/// `out` must have exactly `2^(rows * cols)` entries.  `check`, if given, is called with
/// the number of codes settled since its last call: every [`CHECK_EVERY`] of them, and once
/// at the end with the rest.  If it returns `true` the census stops with
/// [`Error::Stopped`]; `out` is then partly filled (ids of finished values only, so the
/// engine stays valid), and the caller drops it.
pub fn census(
    e: &mut Engine,
    rows: u32,
    cols: u32,
    rules: Rules,
    out: &mut [Id],
    check: Option<Check<'_>>,
) -> Result<Stats> {
    // a large census makes millions of distinct option lists: bigger operation caches
    // while it runs save about a sixth of the time of a 4x6 census (for ~120 MB), and the
    // engine's own limit is back afterwards (caches above it are emptied at their next insert)
    let limit = e.limit;
    if rows * cols >= 20 {
        e.set_cache_limit(limit.max(CENSUS_CACHE_LIMIT));
    }
    let r = fill(e, rows, cols, rules, out, check);
    e.set_cache_limit(limit);
    r
}

/// The engine's cache limit during a census of 20 cells or more (see [`census`]).
pub const CENSUS_CACHE_LIMIT: usize = 8_000_000;

/// [`census`] under the engine's current cache limit.
fn fill(
    e: &mut Engine,
    rows: u32,
    cols: u32,
    rules: Rules,
    out: &mut [Id],
    mut check: Option<Check<'_>>,
) -> Result<Stats> {
    if rows == 0 || cols == 0 || rows as u64 * cols as u64 > MAX_CELLS as u64 {
        return Err(Error::BadBoard(format!(
            "a {rows}x{cols} board does not fit the census (1 to {MAX_CELLS} cells)"
        )));
    }
    let n = rows * cols;
    if out.len() as u64 != 1u64 << n {
        return Err(Error::BadBoard(format!(
            "the table of a {rows}x{cols} census has 2^{n} entries, not {}",
            out.len()
        )));
    }
    out.fill(UNSET);
    let full = (1u64 << n) - 1;
    let black = black_cells(rows, cols);
    let lines = lines(rows, cols, rules.multi_jump);
    let syms = symmetries(rows, cols);
    let mut stats = Stats::default();
    let mut tables = Tables::default();
    let (mut lefts, mut rights) = (Vec::new(), Vec::new());
    let mut settled: u64 = 0;
    out[0] = Engine::ZERO;
    for stones in 1..=n {
        let mut code: u64 = (1u64 << stones) - 1;
        loop {
            if out[code as usize] == UNSET {
                lefts.clear();
                rights.clear();
                options(&lines, out, code, black, &mut lefts, &mut rights);
                let g = if lefts.is_empty() && rights.is_empty() {
                    Engine::ZERO
                } else {
                    stats.computed += 1;
                    tables.value(e, &mut lefts, &mut rights)?
                };
                out[code as usize] = g;
                let mut negated = None;
                for s in &syms {
                    let image = s.apply(code) as usize;
                    out[image] = if s.swaps {
                        match negated {
                            Some(h) => h,
                            None => *negated.insert(tables.neg(e, g)?),
                        }
                    } else {
                        g
                    };
                }
            }
            settled += 1;
            if settled == CHECK_EVERY {
                if stop(&mut check, settled) {
                    return Err(Error::Stopped);
                }
                settled = 0;
            }
            if stones == n || code == full {
                break;
            }
            let next = next_same_popcount(code);
            if next > full {
                break;
            }
            code = next;
        }
    }
    // code 0 (no stones) is settled too
    settled += 1;
    if stop(&mut check, settled) {
        return Err(Error::Stopped);
    }
    Ok(stats)
}

/// `(id, count, first)` for every value of a census table: how many codes have it and its
/// first code in the smallest-first order (fewer stones, then lower code), by increasing
/// first code in that order.
pub fn summary(table: &[Id]) -> Vec<(Id, u64, u64)> {
    // the slot of each id in `out`: a dense array when the ids are small (those of a census
    // are: the engine's table), else a hash map
    let max = table.iter().copied().max().unwrap_or(0) as usize;
    let mut dense: Vec<u32> = if max < 1 << 26 {
        vec![u32::MAX; max + 1]
    } else {
        Vec::new()
    };
    let mut sparse: rustc_hash::FxHashMap<Id, u32> = rustc_hash::FxHashMap::default();
    let mut out: Vec<(Id, u64, u64)> = Vec::new();
    let order = |c: u64| (c.count_ones(), c);
    for (code, &g) in table.iter().enumerate() {
        let code = code as u64;
        let slot = if dense.is_empty() {
            sparse.entry(g).or_insert(u32::MAX)
        } else {
            &mut dense[g as usize]
        };
        if *slot == u32::MAX {
            *slot = out.len() as u32;
            out.push((g, 0, code));
        }
        let entry = &mut out[*slot as usize];
        entry.1 += 1;
        if order(code) < order(entry.2) {
            entry.2 = code;
        }
    }
    out.sort_by_key(|&(_, _, first)| order(first));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dyadic::simplest_between;
    use crate::engine::Nus;
    use crate::konane::bits;
    use crate::konane::testkit::Rng;
    use crate::konane::Solver;

    /// The value of code `code` by the solver (board layout), an independent computation.
    fn solver_value(e: &mut Engine, s: &mut Solver, rows: u32, cols: u32, code: u64, rules: Rules) -> Id {
        let stride = cols + 1;
        let black = black_cells(rows, cols);
        let (mut b, mut w) = (0u128, 0u128);
        for r in 0..rows {
            for c in 0..cols {
                let k = r * cols + c;
                if code >> k & 1 == 1 {
                    let bit = 1u128 << (r * stride + c);
                    if black >> k & 1 == 1 {
                        b |= bit;
                    } else {
                        w |= bit;
                    }
                }
            }
        }
        s.value(e, rows, cols, bits::full_mask(rows, cols), b, w, rules, None)
            .unwrap()
    }

    fn table(e: &mut Engine, rows: u32, cols: u32, rules: Rules) -> Vec<Id> {
        let mut out = vec![0; 1 << (rows * cols)];
        census(e, rows, cols, rules, &mut out, None).unwrap();
        out
    }

    #[test]
    fn agrees_with_the_solver_on_every_position_of_small_boards() {
        let mut e = Engine::new();
        for rules in [Rules::STANDARD, Rules::SINGLE_JUMP] {
            for (rows, cols) in [(1, 1), (1, 5), (1, 8), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 3)] {
                let t = table(&mut e, rows, cols, rules);
                let mut s = Solver::new();
                for (code, &g) in t.iter().enumerate() {
                    assert_eq!(
                        g,
                        solver_value(&mut e, &mut s, rows, cols, code as u64, rules),
                        "{rows}x{cols} code {code}"
                    );
                }
            }
        }
    }

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
    fn number_of(t: &mut Tables, e: &mut Engine, l: &[Id], r: &[Id]) -> Option<Num> {
        let (a, b) = t.bounds(e, l, r).unwrap()?;
        t.simplest_number(e, a, b, l, r).unwrap()
    }

    #[test]
    fn the_census_value_of_option_lists_is_the_engines_canonical_form() {
        // expected: the engine's canonical form of the same option lists
        let mut e = Engine::new();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let pool = pool(&mut e, &mut rng);
        let mut t = Tables::default();
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
                assert_eq!(e.number_value(expected), Some(&x.dyadic()), "{l:?} | {r:?}");
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
        let mut t = Tables::default();
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
        let mut t = Tables::default();
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

    #[test]
    fn black_is_on_the_colour_of_a1() {
        // 2x3 start: oxo / xox (row 0 on top)
        assert_eq!(black_cells(2, 3), 0b101_010);
        assert_eq!(black_cells(1, 4), 0b0101);
    }

    #[test]
    fn multi_jumps_make_a_difference() {
        // 1x7 "xo.o...": Black jumps twice (to 1 under the standard rules, 0 with single jumps)
        let mut e = Engine::new();
        let code = 0b0001011u64; // cells 0, 1, 3
        let std = table(&mut e, 1, 7, Rules::STANDARD)[code as usize];
        let single = table(&mut e, 1, 7, Rules::SINGLE_JUMP)[code as usize];
        assert_eq!(std, e.number_id(crate::engine::Dyadic::int(1)).unwrap());
        assert_eq!(single, Engine::ZERO);
    }

    #[test]
    fn gosper_visits_every_code_of_a_popcount_once() {
        for n in 1..=10u32 {
            for k in 1..=n {
                let mut code = (1u64 << k) - 1;
                let mut count = 1;
                loop {
                    let next = next_same_popcount(code);
                    if next >= 1 << n {
                        break;
                    }
                    assert!(next > code && next.count_ones() == k);
                    code = next;
                    count += 1;
                }
                let binom = (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64);
                assert_eq!(count, binom);
            }
        }
    }

    #[test]
    fn the_check_callback_stops_and_counts_every_code() {
        let mut e = Engine::new();
        let mut total = 0;
        let mut count = |k: u64| {
            total += k;
            false
        };
        let mut out = vec![0; 1 << 16];
        census(&mut e, 4, 4, Rules::STANDARD, &mut out, Some(&mut count)).unwrap();
        assert_eq!(total, 1 << 16);
        let mut stop = |_k: u64| true;
        let before = out.clone();
        let r = census(&mut e, 4, 4, Rules::STANDARD, &mut out, Some(&mut stop));
        assert_eq!(r.unwrap_err(), Error::Stopped);
        // the engine is still valid: the same census again gives the same table
        assert_eq!(table(&mut e, 4, 4, Rules::STANDARD), before);
    }

    #[test]
    fn bad_sizes_are_refused() {
        let mut e = Engine::new();
        let mut out = vec![0; 8];
        assert!(matches!(
            census(&mut e, 0, 3, Rules::STANDARD, &mut out, None),
            Err(Error::BadBoard(_))
        ));
        assert!(matches!(
            census(&mut e, 2, 3, Rules::STANDARD, &mut out, None),
            Err(Error::BadBoard(_))
        ));
        assert!(matches!(
            census(&mut e, 6, 6, Rules::STANDARD, &mut out, None),
            Err(Error::BadBoard(_))
        ));
    }

    #[test]
    fn summary_counts_and_first_codes() {
        let t: Vec<Id> = vec![0, 5, 5, 7, 0, 7, 9, 5];
        // codes by (stones, code): 0, 1, 2, 4, 3, 5, 6, 7
        let s = summary(&t);
        assert_eq!(s, vec![(0, 2, 0), (5, 3, 1), (7, 2, 3), (9, 1, 6)]);
        // ids too large for the dense index go through the hash map, alike
        let big: Vec<Id> = t.iter().map(|&g| g + (1 << 30)).collect();
        let expected: Vec<_> = s.iter().map(|&(g, n, c)| (g + (1 << 30), n, c)).collect();
        assert_eq!(summary(&big), expected);
    }
}
