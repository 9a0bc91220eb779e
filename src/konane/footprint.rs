//! The footprint rule: a port of the footprint part of `konane/decomposition.py`, rule for
//! rule (same groups, same merge order, same limit, so both split a position alike).
//!
//! The *footprint* of a group of stones alone on the board is the set of cells each colour
//! ever occupies over every position reachable from the group alone (either player, any
//! order).  Two groups whose footprints neither share a cell nor put a Black cell of one
//! next to a White cell of the other never interact, and the same holds for any sets that
//! contain the footprints (`docs/decomposition.md`, "Footprints").  A region of the reach
//! rule is split by footprints where exploring a group alone takes at most
//! [`FOOTPRINT_LIMIT`] positions, by the group's reach (which contains its footprint)
//! elsewhere.
//!
//! Exploring a group costs up to [`FOOTPRINT_LIMIT`] positions, and the same groups come
//! back call after call (the same board asked again, a mirrored board, a position after a
//! move far away), so the bounds are kept in a [`FootprintCache`], keyed by the normal form
//! of the group on its reach (symmetries and colour swap).  [`footprint_region_masks`] uses
//! one cache shared by the process ([`with_shared_cache`]);
//! [`footprint_region_masks_with`] takes the caller's.

use super::bits::{bounding_box, captures, line_step, lowest, neighbours, oriented, shl, shr, Mask, Shapes};
use super::decompose::{component, live_region_masks, reach};
use super::unionfind::UnionFind;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::{LazyLock, Mutex, MutexGuard, TryLockError};

/// Footprints are explored up to this many positions of a group alone; a group with more
/// falls back to its reach (`konane.decomposition.FOOTPRINT_LIMIT`).
pub const FOOTPRINT_LIMIT: usize = 1000;

/// `(foot_x, foot_o)`: the cells each colour ever occupies in the positions reachable from
/// these stones alone (single jumps of either colour in any order: a multi-jump is a
/// series of single jumps of one player), or `None` if there are more than `limit`.
pub fn footprint(cells: Mask, black: Mask, white: Mask, s: u32, limit: usize) -> Option<(Mask, Mask)> {
    let mut seen: FxHashSet<(Mask, Mask)> = FxHashSet::default();
    seen.insert((black, white));
    let mut todo = vec![(black, white)];
    let (mut fx, mut fo) = (black, white);
    let mut moves = Vec::new();
    while let Some((bx, wo)) = todo.pop() {
        moves.clear();
        captures(cells, bx, wo, s, false, &mut moves);
        for &(a, b) in &moves {
            if seen.insert((a, b)) {
                todo.push((a, b));
                fx |= a;
            }
        }
        moves.clear();
        captures(cells, wo, bx, s, false, &mut moves);
        for &(a, b) in &moves {
            if seen.insert((b, a)) {
                todo.push((b, a));
                fo |= a;
            }
        }
        if seen.len() > limit {
            return None;
        }
    }
    Some((fx, fo))
}

/// A group's footprint, or its reach where the footprint has more than
/// [`FOOTPRINT_LIMIT`] positions (`_bound`).
fn bound(cells: Mask, gx: Mask, go: Mask, s: u32) -> (Mask, Mask) {
    if gx == 0 || go == 0 {
        return (gx, go);
    }
    footprint(cells, gx, go, s, FOOTPRINT_LIMIT).unwrap_or_else(|| reach(cells, gx, go, s))
}

/// Groups a [`FootprintCache`] keeps by default (`konane.decomposition.FOOTPRINT_CACHE_SIZE`);
/// past that it is emptied and fills again.  An entry takes about 130 bytes (13 MB full),
/// and the tables of shapes it keeps for its keys are emptied every `capacity` lookups.
pub const FOOTPRINT_CACHE_SIZE: usize = 100_000;

/// A group on the cells of its reach in normal form: (columns, cells, black, white) of the
/// normal shape's board layout.
type GroupKey = (u32, Mask, Mask, Mask);

/// Groups with fewer stones are explored afresh, not cached: they reach a handful of
/// positions (at most 5 with 3 stones on the real-game positions), cheaper to explore than
/// the key is to compute (`konane.decomposition.FOOTPRINT_CACHE_MIN_STONES`).
pub const FOOTPRINT_CACHE_MIN_STONES: u32 = 4;

/// The bounds of groups alone ([`footprint`], or the reach past [`FOOTPRINT_LIMIT`]), kept
/// under the normal form of the group (`konane.decomposition.FootprintCache`).
///
/// A group's footprint only depends on its stones and on the cells of its reach (every
/// position reachable from the group alone has its stones in the reach, so exploring it on
/// any cells that contain the reach visits the same positions), so the key is the normal
/// form of the position "the group's stones on the cells of its reach" (the 8 symmetries
/// and the colour swap, [`Shapes::box_symmetries`]).  The entry is the footprint in the
/// coordinates and colours of that normal form, or `None` when the exploration passed
/// [`FOOTPRINT_LIMIT`] (the bound is then the reach, which the lookup has at hand); a hit
/// maps it back through the symmetry, exchanging the colours if the normal form swapped
/// them.  Symmetries map the positions reachable from a group to those of its image, and
/// the colour swap exchanges what Black and White occupy, so the result is the one the
/// exploration would give.
///
/// It is bounded: when it holds `capacity` groups it is emptied before the next is stored.
/// A capacity of 0 keeps nothing and computes every bound afresh; groups of fewer than
/// [`FOOTPRINT_CACHE_MIN_STONES`] stones are never kept.
///
/// Why not take the footprints from the value computation, which visits the same
/// positions: the value solver plays whole regions (all their groups together, in frames,
/// cut by the reach rule inside), never a group alone, and the split is needed before any
/// value is computed (it decides which regions to compute); see `docs/decomposition.md`.
pub struct FootprintCache {
    /// normal form -> footprint in its coordinates and colours, `None`: past the limit
    map: FxHashMap<GroupKey, Option<(Mask, Mask)>>,
    /// The boxes met (each lookup adds at most one), emptied every `capacity` lookups.
    shapes: Shapes,
    lookups: usize,
    capacity: usize,
    hits: u64,
    misses: u64,
}

impl Default for FootprintCache {
    fn default() -> FootprintCache {
        FootprintCache::new(FOOTPRINT_CACHE_SIZE)
    }
}

/// `(entries, capacity, hits, misses)` of a [`FootprintCache`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheInfo {
    pub entries: usize,
    pub capacity: usize,
    pub hits: u64,
    pub misses: u64,
}

impl FootprintCache {
    /// An empty cache that keeps at most `capacity` groups (0: a cache that keeps nothing).
    pub fn new(capacity: usize) -> FootprintCache {
        FootprintCache {
            map: FxHashMap::default(),
            shapes: Shapes::default(),
            lookups: 0,
            capacity,
            hits: 0,
            misses: 0,
        }
    }

    /// Groups kept, the bound, and the lookups found / not found since the last [`clear`].
    ///
    /// [`clear`]: FootprintCache::clear
    pub fn info(&self) -> CacheInfo {
        CacheInfo {
            entries: self.map.len(),
            capacity: self.capacity,
            hits: self.hits,
            misses: self.misses,
        }
    }

    /// Forget every group (and the tables of shapes) and reset the counters.
    pub fn clear(&mut self) {
        self.map = FxHashMap::default();
        self.shapes.clear();
        self.lookups = 0;
        self.hits = 0;
        self.misses = 0;
    }

    /// The bound of the group `(gx, go)` on `cells`: what `bound` (the uncached rule)
    /// gives, from the cache where the group (or a symmetric or colour-swapped image of
    /// it, on its reach) was met before.
    pub fn bound(&mut self, cells: Mask, gx: Mask, go: Mask, s: u32) -> (Mask, Mask) {
        if gx == 0 || go == 0 || self.capacity == 0 || (gx | go).count_ones() < FOOTPRINT_CACHE_MIN_STONES {
            return bound(cells, gx, go, s);
        }
        let (rx, ro) = reach(cells, gx, go, s);
        let board = rx | ro;
        self.lookups += 1;
        if self.lookups > self.capacity {
            self.shapes.clear();
            self.lookups = 1;
        }
        let (r0, c0, rows, cols) = bounding_box(board, s);
        let shift = r0 * s + c0;
        let bs = self.shapes.box_symmetries(s, rows, cols, shr(board, shift));
        let ((_, ncols, ncells), syms) = (&bs.0, &bs.1);
        let (bx, bo) = (shr(gx, shift), shr(go, shift));
        // the least image of the stones and of the colour-swapped stones (as least_image),
        // and the symmetry that gives it
        let mut best: Option<(Mask, Mask, bool)> = None;
        let mut sym = 0;
        for (i, t) in syms.iter().enumerate() {
            let cand = oriented(t.apply_rows(bx), t.apply_rows(bo));
            if best.is_none_or(|b| cand < b) {
                best = Some(cand);
                sym = i;
            }
        }
        let (nb, nw, swapped) = best.expect("at least the identity maps a box onto its shape");
        let t = &syms[sym];
        let key = (*ncols, *ncells, nb, nw);
        if let Some(&found) = self.map.get(&key) {
            self.hits += 1;
            return match found {
                None => (rx, ro),
                Some((nfx, nfo)) => {
                    // back through the symmetry: a cell of the box is in the footprint if
                    // its image is in the normal one
                    let (mut fx, mut fo) = (0, 0);
                    let mut rest = shr(board, shift);
                    while rest != 0 {
                        let cell = lowest(rest);
                        rest ^= cell;
                        let image = t.apply(cell);
                        if nfx & image != 0 {
                            fx |= cell;
                        }
                        if nfo & image != 0 {
                            fo |= cell;
                        }
                    }
                    let (fx, fo) = if swapped { (fo, fx) } else { (fx, fo) };
                    (shl(fx, shift), shl(fo, shift))
                }
            };
        }
        self.misses += 1;
        // explored on the cells of the reach: the same positions as on `cells`
        let found = footprint(board, gx, go, s, FOOTPRINT_LIMIT);
        let entry = found.map(|(fx, fo)| {
            let (tx, to) = (t.apply(shr(fx, shift)), t.apply(shr(fo, shift)));
            if swapped {
                (to, tx)
            } else {
                (tx, to)
            }
        });
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
        self.map.insert(key, entry);
        found.unwrap_or((rx, ro))
    }
}

/// The cache of [`footprint_region_masks`], shared by the process (the native solver's
/// split of the position asked for goes through it).
static SHARED: LazyLock<Mutex<FootprintCache>> = LazyLock::new(|| Mutex::new(FootprintCache::default()));

fn lock_shared(blocking: bool) -> Option<MutexGuard<'static, FootprintCache>> {
    let r = if blocking {
        SHARED.lock().map_err(TryLockError::Poisoned)
    } else {
        SHARED.try_lock()
    };
    match r {
        Ok(guard) => Some(guard),
        // a panic while it was held: what it holds may be half-stored, so start afresh
        Err(TryLockError::Poisoned(p)) => {
            let mut guard = p.into_inner();
            guard.clear();
            SHARED.clear_poison();
            Some(guard)
        }
        Err(TryLockError::WouldBlock) => None,
    }
}

/// Run `f` on the process's shared cache (to read its [`FootprintCache::info`], to
/// [`FootprintCache::clear`] it).  `f` must not call [`footprint_region_masks`] (which
/// would then work uncached).
pub fn with_shared_cache<R>(f: impl FnOnce(&mut FootprintCache) -> R) -> R {
    let mut guard = lock_shared(true).expect("a blocking lock");
    f(&mut guard)
}

/// A region of the reach rule split by footprints (`_split_group`): the groups with
/// stones of both colours, as `(bound_x | bound_o, black, white)`; a region with one group
/// that can move is kept as it is.
fn split_group(cells: Mask, gx: Mask, go: Mask, s: u32, cache: &mut FootprintCache, out: &mut Vec<(Mask, Mask, Mask)>) {
    let lx = gx & neighbours(go, s);
    let lo = go & neighbours(gx, s);
    // [black, white, bound_x, bound_o]
    let mut comps: Vec<Mask> = Vec::new();
    let mut live = lx | lo;
    while live != 0 {
        let comp = component(lowest(live), lx, lo, s);
        live ^= comp;
        comps.push(comp);
    }
    if comps.len() < 2 {
        // one group that can move: nothing to split
        out.push((cells, gx, go));
        return;
    }
    let mut groups: Vec<[Mask; 4]> = comps
        .iter()
        .map(|&c| {
            let (cx, co) = (c & gx, c & go);
            let (bx, bo) = cache.bound(cells, cx, co, s);
            [cx, co, bx, bo]
        })
        .collect();
    for (mut dead, is_x) in [(gx ^ lx, true), (go ^ lo, false)] {
        while dead != 0 {
            let low = lowest(dead);
            dead ^= low;
            groups.push(if is_x { [low, 0, low, 0] } else { [0, low, 0, low] });
        }
    }
    loop {
        let n = groups.len();
        let mut sets = UnionFind::new(n);
        let mut merged = false;
        for i in 0..n {
            let (xi, oi) = (groups[i][2], groups[i][3]);
            let occ = xi | oi;
            let (nxi, noi) = (neighbours(xi, s), neighbours(oi, s));
            for (j, h) in groups.iter().enumerate().skip(i + 1) {
                let (xj, oj) = (h[2], h[3]);
                if (occ & (xj | oj)) != 0 || (nxi & oj) != 0 || (noi & xj) != 0 {
                    merged |= sets.union(i, j);
                }
            }
        }
        if !merged {
            break;
        }
        // the parts in the order of their first groups (as Python's dict of roots); a part
        // keeps the bounds of its first group unless it grew
        let (k, labels) = sets.labels();
        let mut parts: Vec<Option<([Mask; 4], bool)>> = vec![None; k];
        for (g, &p) in groups.iter().zip(&labels) {
            match &mut parts[p] {
                Some((part, grew)) => {
                    part[0] |= g[0];
                    part[1] |= g[1];
                    *grew = true;
                }
                none => *none = Some((*g, false)),
            }
        }
        groups = parts
            .into_iter()
            .flatten()
            .map(|(mut g, grew)| {
                if grew {
                    (g[2], g[3]) = cache.bound(cells, g[0], g[1], s);
                }
                g
            })
            .collect();
    }
    out.extend(
        groups
            .iter()
            .filter(|g| g[0] != 0 && g[1] != 0)
            .map(|g| (g[2] | g[3], g[0], g[1])),
    );
}

/// The live regions of the reach rule, each split further by footprints
/// (`konane.decomposition.footprint_region_masks`); a board that is one line keeps its
/// exact cuts.  In the order of their lowest stone.
///
/// The bounds of the groups come from the process's shared [`FootprintCache`] (or are
/// computed afresh while another thread holds it).
pub fn footprint_region_masks(cells: Mask, black: Mask, white: Mask, s: u32) -> Vec<(Mask, Mask, Mask)> {
    match lock_shared(false) {
        Some(mut cache) => footprint_region_masks_with(cells, black, white, s, &mut cache),
        None => footprint_region_masks_with(cells, black, white, s, &mut FootprintCache::new(0)),
    }
}

/// [`footprint_region_masks`] with the bounds of the groups kept in (and taken from)
/// `cache`; `FootprintCache::new(0)` computes them all afresh.
pub fn footprint_region_masks_with(
    cells: Mask,
    black: Mask,
    white: Mask,
    s: u32,
    cache: &mut FootprintCache,
) -> Vec<(Mask, Mask, Mask)> {
    let live = live_region_masks(cells, black, white, s);
    if line_step(cells, s) != 0 {
        return live;
    }
    let mut out = Vec::new();
    for (rc, rb, rw) in live {
        split_group(rc, rb, rw, s, cache, &mut out);
    }
    out.sort_by_key(|r| lowest(r.1 | r.2));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::konane::bits::{transform_shape, Sym};
    use crate::konane::testkit::{parse as parse_board, parse_strided as parse, Rng};

    /// A random `rows x cols` picture: stones of both colours, empty cells and holes.
    fn random_picture(rng: &mut Rng, rows: u32, cols: u32) -> String {
        let chars: &[u8] = match rng.below(3) {
            0 => b"xo.",
            1 => b"xxoo..#",
            _ => b"xo...",
        };
        let lines: Vec<String> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.pick(chars)).collect())
            .collect();
        lines.join("/")
    }

    #[test]
    fn cached_bounds_are_the_bounds() {
        // on random boards, every image of each board under the 8 symmetries and the colour
        // swap: the cached split is the uncached split, and the images hit the cache
        let mut rng = Rng(0x5eed_f00d);
        let mut cache = FootprintCache::default();
        let mut uncached = FootprintCache::new(0);
        for _ in 0..400 {
            let (rows, cols) = (2 + rng.below(4) as u32, 2 + rng.below(5) as u32);
            let pic = random_picture(&mut rng, rows, cols);
            let (_, _, cells, b, w) = parse_board(&pic);
            let s = cols + 1;
            for k in 0..8 {
                let (_, c2) = transform_shape(rows, cols, k);
                let t = Sym::new(rows, cols, s, k);
                let (tc, tb, tw) = (t.apply(cells), t.apply(b), t.apply(w));
                for (x, o) in [(tb, tw), (tw, tb)] {
                    let want = footprint_region_masks_with(tc, x, o, c2 + 1, &mut uncached);
                    let got = footprint_region_masks_with(tc, x, o, c2 + 1, &mut cache);
                    assert_eq!(got, want, "{pic} k={k}");
                    assert_eq!(footprint_region_masks(tc, x, o, c2 + 1), want, "{pic} k={k}");
                }
            }
            // and each group's bound, straight
            let lx = b & neighbours(w, s);
            let lo = w & neighbours(b, s);
            let mut live = lx | lo;
            while live != 0 {
                let c = component(lowest(live), lx, lo, s);
                live ^= c;
                assert_eq!(
                    cache.bound(cells, c & b, c & w, s),
                    bound(cells, c & b, c & w, s),
                    "{pic}"
                );
            }
        }
        let i = cache.info();
        assert!(i.hits > 1000 && i.misses > 100, "{i:?}");
        assert_eq!(uncached.info().entries, 0);
    }

    #[test]
    fn the_cache_is_bounded_and_cleared() {
        let mut rng = Rng(77);
        let mut cache = FootprintCache::new(5);
        let mut most = 0;
        for _ in 0..300 {
            let pic = random_picture(&mut rng, 4, 5);
            let (s, cells, b, w) = parse(&pic);
            let want = footprint_region_masks_with(cells, b, w, s, &mut FootprintCache::new(0));
            assert_eq!(footprint_region_masks_with(cells, b, w, s, &mut cache), want, "{pic}");
            most = most.max(cache.info().entries);
            assert!(cache.info().entries <= 5);
        }
        assert_eq!(most, 5);
        cache.clear();
        assert_eq!(
            cache.info(),
            CacheInfo {
                entries: 0,
                capacity: 5,
                hits: 0,
                misses: 0
            }
        );
    }

    #[test]
    fn a_mirrored_group_hits() {
        // the two groups of 4 stones of xox...xo/o..x..ox (two regions; one by the reach
        // rule), then the board turned a half turn and colour-swapped: the second call
        // explores nothing
        let mut cache = FootprintCache::default();
        let (s, cells, b, w) = parse("xox...xo/o..x..ox");
        let first = footprint_region_masks_with(cells, b, w, s, &mut cache);
        // two groups, and the left one with the lone Black d1 joined
        assert_eq!(cache.info().misses, 3);
        let (s2, cells2, b2, w2) = parse("ox..o..x/xo...oxo");
        let second = footprint_region_masks_with(cells2, b2, w2, s2, &mut cache);
        assert_eq!((cache.info().hits, cache.info().misses), (3, 3));
        assert_eq!((first.len(), second.len()), (2, 2));
        assert_eq!(
            second,
            footprint_region_masks_with(cells2, b2, w2, s2, &mut FootprintCache::new(0))
        );
    }

    #[test]
    fn footprint_of_a_row() {
        // hand check (as the Python doctest): xo.o..o. -- Black a1 jumps to c1, then e1;
        // White b1 never moves, d1 is jumped or stays, g1 stays
        let (s, cells, b, w) = parse("xo.o..o.");
        assert_eq!(footprint(cells, b, w, s, 100), Some((0b10101, 0b1001010)));
        assert_eq!(footprint(cells, b, w, s, 2), None);
    }

    #[test]
    fn footprint_is_inside_the_reach() {
        // the reach contains every cell a stone can use, so it contains the footprint
        let mut state = 12345u64;
        for _ in 0..500 {
            let mut pic = String::new();
            for r in 0..4 {
                if r > 0 {
                    pic.push('/');
                }
                for _ in 0..5 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    pic.push(b"xxoo..#"[(state >> 33) as usize % 7] as char);
                }
            }
            let (s, cells, b, w) = parse(&pic);
            let (rx, ro) = reach(cells, b, w, s);
            if let Some((fx, fo)) = footprint(cells, b, w, s, 100_000) {
                assert_eq!(fx & !rx, 0, "{pic}");
                assert_eq!(fo & !ro, 0, "{pic}");
                assert_eq!(fx & b, b, "{pic}");
            }
        }
    }

    #[test]
    fn footprints_split_what_the_reach_joins() {
        // hand check (docs/decomposition.md): in ...o/xo.x the reach lets the White b1 jump
        // the cell c1 where Black lands only after capturing b1 itself, onto d1, so the
        // reach rule joins {a1, b1} with {d1, d2}; their footprints are {a1, c1 | b1} and
        // {d1 | d2}, apart, so they are two regions
        let (s, cells, b, w) = parse("...o/xo.x");
        assert_eq!(live_region_masks(cells, b, w, s).len(), 1);
        let bit = |r: u32, c: u32| -> Mask { 1 << (r * s + c) };
        assert_eq!(
            footprint_region_masks(cells, b, w, s),
            vec![
                (bit(0, 3) | bit(1, 3), bit(1, 3), bit(0, 3)),
                (bit(1, 0) | bit(1, 1) | bit(1, 2), bit(1, 0), bit(1, 1)),
            ]
        );
    }

    #[test]
    fn regions_agree_with_python() {
        // tests/konane/data/footprint_regions.txt: the regions the Python decomposer finds on
        // 600 boards (random boards, real-game windows and positions); the Python test
        // test_agreement_file_is_the_python_decomposer keeps it up to date
        let text = include_str!("../../tests/konane/data/footprint_regions.txt");
        let mut n = 0;
        for line in text.lines() {
            let mut words = line.split(' ');
            let pic = words.next().unwrap();
            let expected: Vec<String> = words.filter(|w| !w.is_empty()).map(str::to_string).collect();
            let (s, cells, b, w) = parse(pic);
            let got: Vec<String> = footprint_region_masks(cells, b, w, s)
                .iter()
                .map(|&(c, x, o)| format!("{c:x}:{x:x}:{o:x}"))
                .collect();
            assert_eq!(got, expected, "{pic}");
            n += 1;
        }
        assert_eq!(n, 600);
    }
}
