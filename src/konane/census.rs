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
//! Most positions never reach the engine's canonical forms: the value of a position's option
//! lists goes through the engine's [`Shortcuts`] (`engine::shortcut`, shared with the value
//! solver), which find a number (more than half of the positions computed, all those where
//! only one player can move) by the simplicity theorem on the stops of the options, kept in
//! fixed point, and drop the options dominated by their stops before the engine makes the
//! canonical form of the others.
//!
//! The table only holds ids of finished values and the engine only ever receives finished
//! canonical forms, so a computation stopped by the check callback (limits, Ctrl-C) leaves
//! the engine valid; the partial table is the caller's to drop.

use super::{Check, Error, Result, Rules};
use crate::engine::shortcut::Shortcuts;
use crate::engine::{Engine, Id};

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
    let mut tables = Shortcuts::default();
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
                            None => *negated.insert(e.neg(g)?),
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
    use crate::konane::bits;
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
