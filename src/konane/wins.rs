//! The win/loss search: does the player to move win?  Plain Rust, on the value solver's
//! bitboards, decomposer and engine.
//!
//! A node is a position `(stride, cells, me, en)` with `me` to move, playing Left, plus a
//! game `g` (an id of the [`Engine`], from Left's point of view) played beside it: the
//! known part of the position.  Every node is kept in this "mover is Left" form: after a
//! move the colours are exchanged and `g` negated, so the colour swap is built into the
//! keys.  At each node
//!
//! 1. the position is split into regions ([`live_region_masks`]; a line is cut exactly by
//!    [`line_regions`], as the value solver does); every region with at
//!    most [`Search::small`] stones gets its exact value from the value [`Solver`] and
//!    is added to `g`;
//! 2. if no region is left, the node is *settled by values*: Left moving first wins `g`
//!    exactly when `g` is not `<= 0`;
//! 3. otherwise the rest is normalised (the 8 symmetries of the grid, on its bounding
//!    box) and looked up in the transposition table with `g`; if it is not there, the
//!    mover wins when some move leaves a node that the opponent loses: captures in the
//!    position, fewest replies first, then moves in `g` (to one of `g`'s Left options).
//!
//! Two drivers share these steps: a plain depth-first search (every child prepared first,
//! so a child already proved lost wins at once; the others fewest replies first), and, by
//! default, depth-first proof-number search (df-pn, Nagai 2002, in negamax form, with the
//! 1 + epsilon trick of Pawlewicz and Lew 2007, epsilon = 1/2): initial numbers
//! `(1 + the opponent's mobility / 3, the mover's mobility)` (disproving a win takes
//! refuting every move; proving it, one move and then the opponent's replies), multiplied
//! as in deep df-pn (Zhang, Iida et al. 2017) by `D - depth` (at least 1), `D` a share of
//! the root's stones ([`Search::deep`]): a node met for the first time near the root looks
//! costlier than one deep below, so the search goes deeper before it switches to a sibling.
//! On the 6x6 openings df-pn expands 2 to 4 times fewer nodes than the depth-first search.
//!
//! The results are exact (there is no depth limit), so the table keeps them across calls;
//! it only ever receives proved results, so an interrupted search (the check callback, the
//! engine's interrupt hook) leaves it valid.
//!
//! df-pn runs on [`Search::threads`] threads (Kaneko 2010, parallel df-pn with virtual proof
//! numbers): every thread searches from the root; the tables are shared, in shards behind
//! their own locks ([`Shared`]; a call of one thread takes none), and the engine with the
//! value solver of the small regions behind one lock (a node needs it only for its small
//! regions and the moves in `g`).  A node counts the threads searching it, and a thread
//! choosing a child increases the child's disproof number by that count, in the child's units
//! of deep df-pn (times `max(1, D - depth)`, as its first numbers), or multiplies it by one
//! more than the count where that is more, so that the threads spread over the most-proving
//! nodes.  Whatever the interleaving, an entry of the table is a result some thread proved,
//! so the answer is the one thread's; only the work (nodes searched twice) depends on it.

use super::bits::{
    bit_length, bounding_box, captures, dense_rows, from_grid8, line_step, mobility, neighbours, pack_rows, shr,
    to_grid8, unpack_rows, Mask, Shapes, Sym,
};
use super::board::{check_board, check_kept};
use super::decompose::{line_regions, live_region_masks, one_group};
use super::footprint::footprint_region_masks;
use super::{Check, Error, Result, Rules, Solver};
use crate::engine::memory::{self, Budget, Refused};
use crate::engine::{self, Engine, Id};
use rustc_hash::FxHashMap;
use std::cell::UnsafeCell;
use std::collections::hash_map::Entry as Slot;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// How many nodes pass between two calls of the check callback of [`Search::wins`].
pub const CHECK_EVERY: u64 = 1024;

/// The default of [`Search::small`]: regions with at most this many stones are settled by
/// their exact values (measured on the 5x5 and 6x6 openings, see
/// `scripts/solve_openings.py`).
pub const SMALL: u32 = 8;

/// The default of [`Search::max_entries`].
pub const MAX_ENTRIES: usize = 1 << 25;

/// The default of [`Search::deep`]: deep df-pn's `D` is 60% of the root's stones (of 0 and 50 to 80
/// in steps of 10, the fewest nodes on seven narrow boards and five real-game positions).
pub const DEEP: u32 = 60;

/// A key of the transposition table for frames of at most 64 bits, or of at most 64 cells
/// (`rows x (stride - 1)`) once the padding column of the layout is taken out ("packed":
/// `stride` then has [`PACKED`] set): an 8x8 frame takes 72 bits of the layout, 64 packed.
/// The node's three masks are held as two bit planes ([`planes`]): 24 bytes a key.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Narrow {
    planes: [u64; 2],
    g: Id,
    stride: u8,
    multi: bool,
}

/// The two bit planes of a node's cells, `me` and `en` (subsets of `cells`, disjoint): a
/// cell's two bits say outside `(0, 0)`, empty `(0, 1)`, `me` `(1, 0)` or `en` `(1, 1)`, so
/// two words hold what three did.  Bitwise, so it commutes with [`pack_rows`].
#[inline]
fn planes<M>(cells: M, me: M, en: M) -> [M; 2]
where
    M: Copy + std::ops::BitOr<Output = M> + std::ops::BitAnd<Output = M> + std::ops::Not<Output = M>,
{
    let stones = me | en;
    [stones, (cells & !stones) | en]
}

/// The masks `[cells, me, en]` of the bit planes of [`planes`].
#[inline]
fn unplanes<M>([stones, p]: [M; 2]) -> [M; 3]
where
    M: Copy + std::ops::BitOr<Output = M> + std::ops::BitAnd<Output = M> + std::ops::Not<Output = M>,
{
    [stones | p, stones & !p, stones & p]
}

/// The mark of a packed [`Narrow`] key in its `stride` (strides of narrow keys are at most 65).
const PACKED: u8 = 0x80;

/// A key of the transposition table for wider frames.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Wide {
    planes: [u128; 2],
    g: Id,
    stride: u8,
    multi: bool,
}

impl Narrow {
    /// The open node of the key.
    fn open(&self) -> Open {
        if self.stride & PACKED != 0 {
            let stride = self.stride & !PACKED;
            return Open::of(
                unplanes(self.planes.map(|m| unpack_rows(m, stride.into()))),
                stride,
                self.g,
            );
        }
        Open::of(unplanes(self.planes.map(Mask::from)), self.stride, self.g)
    }
}

impl Wide {
    /// The open node of the key.
    fn open(&self) -> Open {
        Open::of(unplanes(self.planes), self.stride, self.g)
    }
}

/// A proved result and the work it took (nodes expanded under it, saturated): when the
/// table is full, the entries that took the least work are dropped first.
#[derive(Clone, Copy)]
struct Entry {
    wins: bool,
    work: u32,
}

/// A node whose regions were valued and whose rest was normalised.
enum Prepared {
    /// Decided: settled by the values, or found in the table.
    Known(bool),
    /// To search.
    Open(Open),
}

/// The normalised rest of a node (`me` is Left, to move) and the known part `g`.
#[derive(Clone, Copy)]
struct Open {
    s: u32,
    cells: Mask,
    me: Mask,
    en: Mask,
    g: Id,
    /// The bit planes and the stride of its [`Narrow`] key, if it takes one (computed once:
    /// a node is looked up many times).
    narrow: Option<([u64; 2], u8)>,
}

impl Open {
    /// The node `(s, cells, me, en)` with `g` beside it, its [`Narrow`] key's masks computed.
    fn new(s: u32, cells: Mask, me: Mask, en: Mask, g: Id) -> Open {
        let narrow = if bit_length(cells) <= 64 {
            Some((planes(cells as u64, me as u64, en as u64), s as u8))
        } else {
            dense_rows(cells, s).map(|rows| (planes(cells, me, en).map(|m| pack_rows(m, s, rows)), s as u8 | PACKED))
        };
        Open {
            s,
            cells,
            me,
            en,
            g,
            narrow,
        }
    }

    /// The node of the masks `[cells, me, en]` of a key, its stride and `g`.
    fn of([cells, me, en]: [Mask; 3], stride: u8, g: Id) -> Open {
        Open::new(stride.into(), cells, me, en, g)
    }
}

/// Counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded (not found in the table, not settled by values).
    pub positions: u64,
    /// Nodes settled by the exact values of their regions.
    pub settled: u64,
}

/// The win/loss search and its tables: the transposition table, the proof numbers and a
/// value [`Solver`] for the regions.  Its ids are those of the one [`Engine`] passed to
/// every call.  A df-pn call runs on [`Search::threads`] threads sharing the tables.
pub struct Search {
    tables: Tables,
    shapes: Shapes,
    solver: Solver,
    /// Regions with at most this many stones are settled by their exact values.
    pub small: u32,
    /// When the transposition table holds this many entries (as its count says: up to a
    /// 64th more a thread, [`BATCH`]), the cheapest results are dropped (those that took the
    /// least work) until at most half of them remain; the table of proof numbers likewise.
    pub max_entries: usize,
    /// Search by depth-first proof numbers (df-pn) instead of the plain depth-first search.
    pub proof_numbers: bool,
    /// The threads of a df-pn call (the caller's and `threads - 1` more; at least one).
    /// The results do not depend on it; the nodes expanded do.
    pub threads: usize,
    /// How a node is split into regions (the results do not depend on it).
    pub split: SplitRule,
    /// Deep df-pn's `D`, in percent of the root's stones (0: plain df-pn): a node `d`
    /// moves below the root starts at its first numbers times `max(1, D - d)` (the
    /// results do not depend on it; the nodes expanded do).
    pub deep: u32,
    total: Stats,
    /// The memory budget of the call (the engine's when it starts): the tables grow within it.
    budget: Budget,
}

/// How the search splits a node into regions (step 1 of the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SplitRule {
    /// The reach rule ([`live_region_masks`]), tried only where few stones can capture (the
    /// value solver's test): the default.
    #[default]
    Reach,
    /// The footprint rule ([`footprint_region_masks`]) where the reach rule is tried.
    Footprint,
    /// The footprint rule at every node with more than one group of stones that can capture.
    FootprintAlways,
}

/// The proved results that [`Search::new_results`] gives took at least this many nodes
/// (the cheaper ones are found again at once; they are most of the table).
pub const KEEP_WORK: u32 = 64;

/// A proved result, as a file keeps it: the open node `(cells, me, en)` in the layout
/// `stride`, normalised as the search normalises it, with `me` (Left) to move and the game
/// `g` (an id of the engine's table) played beside it; whether the mover wins, and the
/// nodes it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proved {
    pub multi: bool,
    pub stride: u32,
    pub cells: Mask,
    pub me: Mask,
    pub en: Mask,
    pub g: Id,
    pub wins: bool,
    pub work: u32,
}

/// What grows here, for the messages of [`Refused`].
const TABLE: &str = "the native Konane win/loss search's transposition table";

/// A table keyed by open nodes, in two maps: frames of at most 64 bits, or 64 cells packed,
/// take narrow keys (24 bytes), wider ones wide keys (48 bytes).
struct Split<V> {
    narrow: FxHashMap<Narrow, V>,
    wide: FxHashMap<Wide, V>,
    /// The capacities of the two maps with no erased entries in them
    /// ([`memory::reserve_map_in_place`]).
    full: [usize; 2],
}

impl<V> Default for Split<V> {
    fn default() -> Split<V> {
        Split {
            narrow: FxHashMap::default(),
            wide: FxHashMap::default(),
            full: [0, 0],
        }
    }
}

/// The work under an entry of a table (nodes expanded, saturated): the entries of least
/// work are dropped first.
trait Work {
    fn work(&self) -> u32;
}

/// Drop the entries of least work from a table of `len` entries until at most `target`
/// remain: `keep(floor)` keeps those whose work is at least `floor` and says how many are
/// left.  The floor doubles from 1 up to `2^32`, past every work, where it keeps nothing (and
/// the dropping ends, whatever `keep` says: a shared table's count may lag behind).
fn drop_cheapest(mut len: usize, target: usize, mut keep: impl FnMut(u64) -> usize) {
    let mut floor = 1u64;
    while len > target && floor <= 1 << 32 {
        len = keep(floor);
        floor *= 2;
    }
}

/// Drop the entries of least work from `m` until it holds at most half of what it held,
/// less one (so that a map that had no room has room again without growing, see
/// [`memory::reserve_map_in_place`]): how many were dropped.
fn shed<K, V: Work>(m: &mut FxHashMap<K, V>) -> usize {
    let before = m.len();
    drop_cheapest(before, (before / 2).saturating_sub(1), |floor| {
        m.retain(|_, v| u64::from(v.work()) >= floor);
        m.len()
    });
    before - m.len()
}

impl<V> Split<V> {
    #[inline]
    fn narrow_key(o: &Open, multi: bool) -> Option<Narrow> {
        o.narrow.map(|(planes, stride)| Narrow {
            planes,
            g: o.g,
            stride,
            multi,
        })
    }

    #[inline]
    fn wide_key(o: &Open, multi: bool) -> Wide {
        Wide {
            planes: planes(o.cells, o.me, o.en),
            g: o.g,
            stride: o.s as u8,
            multi,
        }
    }

    #[inline]
    fn get(&self, o: &Open, multi: bool) -> Option<&V> {
        match Self::narrow_key(o, multi) {
            Some(k) => self.narrow.get(&k),
            None => self.wide.get(&Self::wide_key(o, multi)),
        }
    }

    /// Put `new(the entry there)` at `o`: whether the entry is new, and how many entries
    /// were dropped to make room for it.  A growth past the budget is refused, and the
    /// entries of least work make room instead (half the map's: the table is a cache of
    /// what the search can find again), so a search goes on within its memory; only a map
    /// with nothing to drop, or a growth the system refuses, is refused.
    fn put(
        &mut self,
        o: &Open,
        multi: bool,
        budget: &Budget,
        new: impl FnOnce(Option<V>) -> V,
    ) -> std::result::Result<(bool, usize), Refused>
    where
        V: Copy + Work,
    {
        fn at<K: Eq + std::hash::Hash, V: Copy + Work>(
            m: &mut FxHashMap<K, V>,
            full: &mut usize,
            k: K,
            budget: &Budget,
            new: impl FnOnce(Option<V>) -> V,
        ) -> std::result::Result<(bool, usize), Refused> {
            let mut dropped = 0;
            if let Err(refused) = memory::reserve_map_in_place(budget, TABLE, m, 1, full) {
                // (a refusal of the system's, not the budget's, stops the search: the process
                // is then at its end and anything may fail next)
                dropped = if refused.budget.is_some() { shed(m) } else { 0 };
                if dropped == 0 {
                    return Err(refused);
                }
                memory::reserve_map_in_place(budget, TABLE, m, 1, full)?;
            }
            let added = match m.entry(k) {
                Slot::Occupied(mut e) => {
                    let v = new(Some(*e.get()));
                    e.insert(v);
                    false
                }
                Slot::Vacant(e) => {
                    e.insert(new(None));
                    true
                }
            };
            Ok((added, dropped))
        }
        match Self::narrow_key(o, multi) {
            Some(k) => at(&mut self.narrow, &mut self.full[0], k, budget, new),
            None => at(&mut self.wide, &mut self.full[1], Self::wide_key(o, multi), budget, new),
        }
    }

    #[inline]
    fn get_mut(&mut self, o: &Open, multi: bool) -> Option<&mut V> {
        match Self::narrow_key(o, multi) {
            Some(k) => self.narrow.get_mut(&k),
            None => self.wide.get_mut(&Self::wide_key(o, multi)),
        }
    }

    /// Whether there was an entry to remove.
    fn remove(&mut self, o: &Open, multi: bool) -> bool {
        match Self::narrow_key(o, multi) {
            Some(k) => self.narrow.remove(&k).is_some(),
            None => self.wide.remove(&Self::wide_key(o, multi)).is_some(),
        }
    }

    fn len(&self) -> usize {
        self.narrow.len() + self.wide.len()
    }

    fn retain(&mut self, mut keep: impl FnMut(&V) -> bool) {
        self.narrow.retain(|_, v| keep(v));
        self.wide.retain(|_, v| keep(v));
    }
}

impl Work for Entry {
    fn work(&self) -> u32 {
        self.work
    }
}

/// The [`Proved`] of an entry of the table.
fn proved(o: &Open, multi: bool, x: Entry) -> Proved {
    Proved {
        multi,
        stride: o.s,
        cells: o.cells,
        me: o.me,
        en: o.en,
        g: o.g,
        wins: x.wins,
        work: x.work,
    }
}

/// "Infinite" proof and disproof numbers.
const INF: u32 = u32::MAX / 2;

/// A thread passes on the changes of the tables' sizes ([`Call::tally`]) when they add up
/// to this many (or to a 64th of [`Search::max_entries`] where that is less), on one thread
/// as well: an atomic addition at every entry held back the lookups around it (2% of a
/// search's time on one thread, 4 x 10 horizontal middle).  A table may then hold that many
/// entries a thread more than its count says before it is emptied of its cheapest
/// ([`Shared::make_room`]).
const BATCH: isize = 64;

/// The shards of a [`Shared`] table (a power of 2).
const SHARDS: usize = 64;

/// A table keyed by open nodes that the threads of a search share: [`SHARDS`] [`Split`]s,
/// each behind its own lock, a node's shard chosen by a hash of its masks.  Its size is
/// counted by the threads in batches ([`Call::tally`]): a count every thread wrote at each
/// entry would cost more than the entry.
struct Shared<V> {
    shards: Box<[Shard<V>]>,
    len: AtomicIsize,
    /// One thread reaches the table (a call of one thread): the shards are reached without
    /// their locks.  The locks' atomic instructions cost a search on one thread some 5 to 8%
    /// of its time (4 x 10 horizontal middle, 5x8 a1 a2), by keeping the lookups of a node's
    /// children from overlapping their cache misses.  Set through `&mut`
    /// ([`Tables::set_alone`]) by [`Search::call`], which holds the search for its call: true
    /// only for a call of one thread, which starts no other; outside a call the table is
    /// reached through `&mut Search` (or, from `&Search`, by the methods that count and list
    /// entries, which take the locks).
    alone: bool,
}

/// A shard of a [`Shared`] table, alone on its cache lines (no false sharing between shards):
/// its maps, reached under its lock or, by the one thread of a call, without it
/// ([`Shared::alone`]).
#[repr(align(128))]
struct Shard<V> {
    lock: Mutex<()>,
    split: UnsafeCell<Split<V>>,
}

// SAFETY: the maps of a shard are reached under its lock, or without it only where one thread
// reaches the table (`Shared::alone`, see `Shared::held`).
unsafe impl<V: Send> Sync for Shard<V> {}

/// The maps of a shard, held: with its lock's guard, or without where one thread reaches the
/// table.
struct Held<'a, V> {
    _guard: Option<MutexGuard<'a, ()>>,
    split: &'a mut Split<V>,
}

impl<V> std::ops::Deref for Held<'_, V> {
    type Target = Split<V>;
    fn deref(&self) -> &Split<V> {
        self.split
    }
}

impl<V> std::ops::DerefMut for Held<'_, V> {
    fn deref_mut(&mut self) -> &mut Split<V> {
        self.split
    }
}

impl<V: Copy + Work> Shared<V> {
    fn new() -> Shared<V> {
        Shared {
            shards: (0..SHARDS)
                .map(|_| Shard {
                    lock: Mutex::new(()),
                    split: UnsafeCell::new(Split::default()),
                })
                .collect(),
            len: AtomicIsize::new(0),
            alone: false,
        }
    }

    /// The maps of shard `i`, held: under its lock (a panic elsewhere leaves every shard
    /// valid: it only ever holds whole entries), or without it where one thread reaches the
    /// table.  No caller holds two of the same shard at once (under the locks that would be
    /// a deadlock).
    #[inline]
    fn held(&self, i: usize) -> Held<'_, V> {
        self.hold(i, !self.alone)
    }

    /// The maps of shard `i`, under its lock if `lock` (else the table is reached by one
    /// thread alone, `Shared::alone`).
    #[inline]
    fn hold(&self, i: usize, lock: bool) -> Held<'_, V> {
        let shard = &self.shards[i];
        let guard = lock.then(|| shard.lock.lock().unwrap_or_else(PoisonError::into_inner));
        // SAFETY: under the shard's lock, or with the table reached by one thread alone
        // (`Shared::alone`); each `Held` of a shard ends before the next is made.
        let split = unsafe { &mut *shard.split.get() };
        Held { _guard: guard, split }
    }

    /// The maps of the shard of `o`, held.
    #[inline]
    fn shard(&self, o: &Open) -> Held<'_, V> {
        let x = o.me ^ o.en.rotate_left(29) ^ Mask::from(o.g).rotate_left(61);
        let h = ((x as u64) ^ ((x >> 64) as u64)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        self.held((h >> (64 - SHARDS.trailing_zeros())) as usize)
    }

    #[inline]
    fn get(&self, o: &Open, multi: bool) -> Option<V> {
        self.shard(o).get(o, multi).copied()
    }

    /// Put `new(the entry there)` at `o` (a growth past the budget is refused): whether
    /// the entry is new (for the caller to count).
    fn put(
        &self,
        o: &Open,
        multi: bool,
        budget: &Budget,
        new: impl FnOnce(Option<V>) -> V,
    ) -> std::result::Result<bool, Refused> {
        let (added, dropped) = self.shard(o).put(o, multi, budget, new)?;
        if dropped > 0 {
            self.count(-(dropped as isize));
        }
        Ok(added)
    }

    /// Count `d` entries more (or fewer).
    fn count(&self, d: isize) {
        self.len.fetch_add(d, Ordering::Relaxed);
    }

    /// Change the entry at `o`, if there is one.
    fn modify(&self, o: &Open, multi: bool, f: impl FnOnce(&mut V)) {
        if let Some(v) = self.shard(o).get_mut(o, multi) {
            f(v);
        }
    }

    /// Whether there was an entry to remove (for the caller to count).
    fn remove(&self, o: &Open, multi: bool) -> bool {
        self.shard(o).remove(o, multi)
    }

    /// The entries, as counted so far.
    fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed).max(0) as usize
    }

    /// The entries, counted now.
    fn exact_len(&self) -> usize {
        (0..SHARDS).map(|i| self.locked(i).len()).sum()
    }

    /// The maps of shard `i` under its lock, whoever reaches the table (for the methods that
    /// `&Search` may call: a count of the entries).
    fn locked(&self, i: usize) -> Held<'_, V> {
        self.hold(i, true)
    }

    fn retain(&self, keep: impl Fn(&V) -> bool) {
        for i in 0..SHARDS {
            let mut s = self.held(i);
            let before = s.len();
            s.retain(&keep);
            self.count(s.len() as isize - before as isize);
        }
    }

    /// When the table holds `max_entries`, drop the entries of least [`Work`] until at most
    /// half remain: done by the thread that takes `shrinking`, the others go on meanwhile.
    fn make_room(&self, max_entries: usize, shrinking: &Mutex<()>) {
        if self.len() < max_entries {
            return;
        }
        let Ok(_shrinking) = shrinking.try_lock() else {
            return;
        };
        drop_cheapest(self.len(), max_entries / 2, |floor| {
            self.retain(|x| u64::from(x.work()) >= floor);
            self.len()
        });
    }

    /// Every entry: its node, rules and value.
    fn entries(&self) -> Vec<(Open, bool, V)> {
        let mut out = Vec::with_capacity(self.len());
        for i in 0..SHARDS {
            let s = self.locked(i);
            out.extend(s.narrow.iter().map(|(k, v)| (k.open(), k.multi, *v)));
            out.extend(s.wide.iter().map(|(k, v)| (k.open(), k.multi, *v)));
        }
        out
    }
}

/// The proof and disproof numbers of a node not yet proved (df-pn), the work under it,
/// and how many threads are searching it now (parallel df-pn).
#[derive(Clone, Copy)]
struct Numbers {
    phi: u32,
    delta: u32,
    work: u32,
    busy: u32,
}

impl Work for Numbers {
    fn work(&self) -> u32 {
        self.work
    }
}

/// The tables of a search, shared by the threads of a call.
struct Tables {
    /// The transposition table: proved results only.
    proved: Shared<Entry>,
    /// The numbers of the nodes not yet proved (df-pn only; heuristic information).
    pn: Shared<Numbers>,
    /// Once [`Search::new_results`] was called: the open nodes proved since its last call
    /// that took at least [`KEEP_WORK`] nodes.
    log: Mutex<Option<Vec<(Open, bool)>>>,
    /// Held by the thread that empties a full table of its cheapest entries.
    shrinking: Mutex<()>,
}

impl Tables {
    fn new() -> Tables {
        Tables {
            proved: Shared::new(),
            pn: Shared::new(),
            log: Mutex::new(None),
            shrinking: Mutex::new(()),
        }
    }

    /// The proved result of an open node, if the table has it.
    #[inline]
    fn lookup(&self, o: &Open, multi: bool) -> Option<bool> {
        self.proved.get(o, multi).map(|x| x.wins)
    }

    /// Put a proved result into the table (emptied of its cheapest entries when full; a
    /// growth past the budget is refused): whether it is new (for the caller to count).
    fn keep(&self, o: &Open, multi: bool, x: Entry, max_entries: usize, budget: &Budget) -> Result<bool> {
        self.proved.make_room(max_entries, &self.shrinking);
        Ok(self.proved.put(o, multi, budget, |_| x)?)
    }

    /// Whether one thread alone reaches the tables from now on ([`Shared::alone`]).
    fn set_alone(&mut self, alone: bool) {
        self.proved.alone = alone;
        self.pn.alone = alone;
    }

    fn log(&self) -> MutexGuard<'_, Option<Vec<(Open, bool)>>> {
        self.log.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The engine of the calls and the value solver of the small regions, which the threads
/// of a call share under one lock (a node needs them only for the regions it settles by
/// values and the moves in `g`).
struct Valuer<'v> {
    e: &'v mut Engine,
    solver: &'v mut Solver,
}

/// What the threads of a call share besides the tables: whether to stop (the root is
/// proved, or a thread failed), and the nodes expanded so far (in steps of [`CHECK_EVERY`]).
#[derive(Default)]
struct Run {
    stop: AtomicBool,
    nodes: AtomicU64,
}

/// The settings of a call, the same in every thread.
#[derive(Clone, Copy)]
struct Config {
    small: u32,
    split: SplitRule,
    /// [`Search::deep`].
    deep: u32,
    max_entries: usize,
    multi: bool,
    budget: Budget,
    /// More than one thread: the nodes being searched are marked (virtual proof numbers).
    parallel: bool,
    /// A thread passes on the changes of the tables' sizes when they add up to this many.
    batch: isize,
}

/// One thread of a call: what it carries through the recursion.  The caller's thread is
/// the `main` one: it calls the check callback (with every thread's nodes) and the
/// engine's interrupt hook.
struct Call<'a, 'b, 'v> {
    t: &'a Tables,
    v: &'a Mutex<Valuer<'v>>,
    shapes: &'a mut Shapes,
    check: Option<Check<'b>>,
    run: &'a Run,
    cfg: Config,
    main: bool,
    /// The nodes of every thread counted when the check was last called.
    reported: u64,
    /// The changes of the sizes of the tables (proved, pn) not yet passed on.
    pending: [isize; 2],
    stats: Stats,
}

/// A mark on a node that a thread is searching (parallel df-pn), taken off when dropped.
struct Busy<'a> {
    pn: &'a Shared<Numbers>,
    o: Open,
    multi: bool,
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.pn
            .modify(&self.o, self.multi, |x| x.busy = x.busy.saturating_sub(1));
    }
}

/// The number of first jumps of `me` over `en` (a cheap measure of mobility).
#[inline]
fn first_jumps(cells: Mask, me: Mask, en: Mask, s: u32) -> u32 {
    mobility(cells, me, en, s, false).0
}

/// The numbers of a node met for the first time: disproving a win takes refuting every move
/// (the mover's first jumps); proving it, one move and then refuting the opponent's
/// replies, estimated as `1 + (the opponent's first jumps now) / 3` (on the real-game
/// positions of `benchmarks/data/realgames-early.json` it searched 14% to 19% fewer nodes
/// than a proof number of 1, with `/ 2` and `/ 4` measured worse: `docs/solving.md`).
#[inline]
fn initial(o: &Open) -> (u32, u32) {
    initial_of(
        first_jumps(o.cells, o.me, o.en, o.s),
        first_jumps(o.cells, o.en, o.me, o.s),
    )
}

/// A child in [`Call::mid`]: the node, its mover's first jumps (the order of the children)
/// and the opponent's (for [`initial`], when first needed).
struct Kid {
    o: Open,
    mine: u32,
    theirs: Option<u32>,
}

impl Kid {
    fn new(o: Open) -> Kid {
        Kid {
            mine: first_jumps(o.cells, o.me, o.en, o.s),
            o,
            theirs: None,
        }
    }
}

/// [`initial`] from the first jumps of the mover and of the opponent.
#[inline]
fn initial_of(mine: u32, theirs: u32) -> (u32, u32) {
    (1 + theirs / 3, mine.max(1))
}

/// The disproof number `delta` of a child that `busy` threads are searching, as a thread choosing
/// among its siblings sees it (parallel df-pn's virtual numbers): `delta` grown by `busy` in
/// the child's units, deep df-pn's `max(1, deep)` ([`scaled`]), or multiplied by `1 + busy`
/// where that is more (a child whose numbers grew with the work below it), at most `INF - 1`.
/// Grown by `busy` alone, next to numbers multiplied by up to `D`, the threads crowded one
/// subtree: on two threads the real-game position 36 of `benchmarks/data/realgames-early.json`
/// took a median of 53 s over five runs, 40 s over ten with the units alone and 24 s over five
/// with the product too (`benchmarks/results/2026-11-29-session34-threads.json`).
#[inline]
fn virtual_disproof(delta: u32, busy: u32, deep: u32) -> u32 {
    let units = delta.saturating_add(scaled((0, busy), deep).1);
    units.max(delta.saturating_mul(busy.saturating_add(1))).min(INF - 1)
}

/// First numbers `(phi, delta)` multiplied by deep df-pn's `max(1, deep)`.
#[inline]
fn scaled((phi, delta): (u32, u32), deep: u32) -> (u32, u32) {
    let f = deep.max(1);
    (phi.saturating_mul(f).min(INF - 1), delta.saturating_mul(f).min(INF - 1))
}

/// The normal form of the rest `(s, cells, me, en)` of a node (its bounding box, the
/// least image of `me` then `en` under the symmetries of the box's cells), with `g`.
fn normalise(shapes: &mut Shapes, s: u32, cells: Mask, me: Mask, en: Mask, g: Id) -> Open {
    let (r0, c0, rows, cols) = bounding_box(cells, s);
    let shift = r0 * s + c0;
    let bs = shapes.box_symmetries(s, rows, cols, shr(cells, shift));
    let ((_, ncols, ncells), syms) = (&bs.0, &bs.1);
    let (m0, e0) = (shr(me, shift), shr(en, shift));
    let ns = ncols + 1;
    let (me, en) = if rows <= 8 && cols <= 8 {
        // by word operations on the 8-column layout (the same least image)
        let (me, en) = least(
            syms,
            to_grid8(m0, s, rows, cols),
            to_grid8(e0, s, rows, cols),
            Sym::apply8,
        );
        (from_grid8(me, ns), from_grid8(en, ns))
    } else {
        least(syms, m0, e0, Sym::apply_rows)
    };
    Open::new(ns, *ncells, me, en, g)
}

/// The least image `(t(me), t(en))` over the symmetries `syms`, each applied by `apply`; the
/// enemy's image is only needed when the mover's ties or wins.
#[inline]
fn least<M: Ord + Copy>(syms: &[Sym], me: M, en: M, apply: impl Fn(&Sym, M) -> M) -> (M, M) {
    let (first, rest) = syms
        .split_first()
        .expect("at least one symmetry maps a box onto its shape");
    let (mut bm, mut be) = (apply(first, me), apply(first, en));
    for t in rest {
        let tm = apply(t, me);
        if tm > bm {
            continue;
        }
        let te = apply(t, en);
        if tm < bm || te < be {
            (bm, be) = (tm, te);
        }
    }
    (bm, be)
}

/// The stack of a helper thread (the recursion grows it on demand beyond this).
const HELPER_STACK: usize = 8 << 20;

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    pub fn new() -> Search {
        Search {
            tables: Tables::new(),
            shapes: Shapes::default(),
            // the regions it values are small: one thread
            solver: Solver::with_threads(1),
            small: SMALL,
            max_entries: MAX_ENTRIES,
            proof_numbers: true,
            threads: 1,
            split: SplitRule::Reach,
            deep: DEEP,
            total: Stats::default(),
            budget: Budget::UNLIMITED,
        }
    }

    /// Whether the player to move (Black if `black_to_move`) wins the `rows x cols`
    /// position `(cells, black, white)` (board layout, `stride = cols + 1`), with the
    /// counters of this call (every thread's).
    ///
    /// `check`, if given, is called on the caller's thread with the number of nodes
    /// expanded by every thread since its last call (about every [`CHECK_EVERY`]) and with
    /// the positions computed by the value solver (see [`Solver::value`]), and once at the
    /// end with the rest; if it returns `true`, the search stops with [`Error::Stopped`]
    /// (the tables keep only proved results).
    ///
    /// A df-pn call with [`Search::threads`] above 1 runs that many threads on the shared
    /// tables (Kaneko's parallel df-pn with virtual proof numbers: every thread searches
    /// from the root; a node being searched looks costlier to the others, its disproof
    /// number increased by the number of threads in it, so that they spread over the
    /// most-proving nodes); the first proof of the root stops them all.  A failure of any thread (memory, the interrupt hook)
    /// stops the others and is the call's error.
    #[allow(clippy::too_many_arguments)]
    pub fn wins(
        &mut self,
        e: &mut Engine,
        rows: u32,
        cols: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
        black_to_move: bool,
        rules: Rules,
        check: Option<Check<'_>>,
    ) -> Result<(bool, Stats)> {
        self.search(
            e,
            (rows, cols),
            (cells, black, white),
            black_to_move,
            rules,
            check,
            false,
        )
    }

    /// [`Search::wins`] of the `rows x cols` position `(cells, black, white)`, searching it
    /// again where the table holds its result (the entry is set aside first), so that the
    /// table then holds the results under it: a result given from a file
    /// ([`Search::put_result`]), or one whose children a full table dropped, says nothing of
    /// which move wins, and this finds one by proof numbers, where searching the moves one by
    /// one may first disprove a losing move at great cost.
    pub fn wins_again(
        &mut self,
        e: &mut Engine,
        shape: (u32, u32),
        position: (Mask, Mask, Mask),
        black_to_move: bool,
        rules: Rules,
        check: Option<Check<'_>>,
    ) -> Result<(bool, Stats)> {
        self.search(e, shape, position, black_to_move, rules, check, true)
    }

    /// [`Search::wins`], or [`Search::wins_again`] if `again`.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        e: &mut Engine,
        (rows, cols): (u32, u32),
        (cells, black, white): (Mask, Mask, Mask),
        black_to_move: bool,
        rules: Rules,
        check: Option<Check<'_>>,
        again: bool,
    ) -> Result<(bool, Stats)> {
        check_board("search", rows, cols, cells, black, white)?;
        let (me, en) = if black_to_move { (black, white) } else { (white, black) };
        let threads = if self.proof_numbers { self.threads.max(1) } else { 1 };
        let proof_numbers = self.proof_numbers;
        let (r, stats) = self.call(e, rules, threads, check, |cx| {
            let (r, helpers) = cx.root(cols + 1, cells, me, en, proof_numbers, threads, again);
            let mut stats = cx.stats;
            for h in &helpers {
                stats.positions += h.positions;
                stats.settled += h.settled;
            }
            let r = r.and_then(|won| cx.finish(stats.positions).map(|()| won));
            (r, stats)
        });
        self.total.positions += stats.positions;
        self.total.settled += stats.settled;
        Ok((r?, stats))
    }

    /// What the tables already know of the position of [`Search::wins`], without searching:
    /// `Some(won)` where the values of its small regions settle it or the transposition
    /// table holds its rest, else `None`.  It costs the values of its regions of at most
    /// [`Search::small`] stones (the value solver's table keeps them) and one lookup; a
    /// caller looking for a winning move after a search asks it first of the moves, the
    /// search having proved one of them.
    #[allow(clippy::too_many_arguments)]
    pub fn known(
        &mut self,
        e: &mut Engine,
        rows: u32,
        cols: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
        black_to_move: bool,
        rules: Rules,
    ) -> Result<Option<bool>> {
        check_board("search", rows, cols, cells, black, white)?;
        let (me, en) = if black_to_move { (black, white) } else { (white, black) };
        let (r, stats) = self.call(e, rules, 1, None, |cx| {
            let r = cx.prepare(cols + 1, cells, me, en, Engine::ZERO).map(|p| match p {
                Prepared::Known(w) => Some(w),
                Prepared::Open(_) => None,
            });
            (r, cx.stats)
        });
        self.total.settled += stats.settled;
        r
    }

    /// Run `f` on a [`Call`] of the caller's thread over the search's tables (`threads`
    /// those of the call, for its configuration).
    fn call<R>(
        &mut self,
        e: &mut Engine,
        rules: Rules,
        threads: usize,
        check: Option<Check<'_>>,
        f: impl FnOnce(&mut Call<'_, '_, '_>) -> R,
    ) -> R {
        self.budget = e.budget();
        self.shapes.budget = self.budget;
        // one thread alone reaches the tables in a call of one thread: no locks
        self.tables.set_alone(threads == 1);
        let cfg = Config {
            small: self.small,
            split: self.split,
            deep: self.deep,
            max_entries: self.max_entries,
            multi: rules.multi_jump,
            budget: self.budget,
            parallel: threads > 1,
            batch: (self.max_entries / 64).clamp(1, BATCH as usize) as isize,
        };
        let run = Run::default();
        let valuer = Mutex::new(Valuer {
            e,
            solver: &mut self.solver,
        });
        let mut cx = Call {
            t: &self.tables,
            v: &valuer,
            shapes: &mut self.shapes,
            check,
            run: &run,
            cfg,
            main: true,
            reported: 0,
            pending: [0, 0],
            stats: Stats::default(),
        };
        let r = f(&mut cx);
        cx.flush();
        r
    }

    /// `(entries of the transposition table, nodes expanded, nodes settled)` over the
    /// search's life.
    pub fn info(&self) -> (usize, u64, u64) {
        (self.tables.proved.exact_len(), self.total.positions, self.total.settled)
    }

    /// Empty the tables (the transposition table, the proof numbers, the value solver's).
    pub fn clear(&mut self) {
        self.tables = Tables::new();
        self.shapes.clear();
        self.solver.clear();
    }

    /// The proved results that took at least [`KEEP_WORK`] nodes, proved since the last
    /// call: the first call (and the first after [`Search::clear`]) gives every such result
    /// of the table and starts keeping the list of those proved from then on (a search never
    /// asked keeps no list).  For a file that keeps them from one run to the next.
    pub fn new_results(&mut self) -> Vec<Proved> {
        let mut log = self.tables.log();
        match log.as_mut() {
            Some(list) => {
                let opens = std::mem::take(list);
                drop(log);
                // those the table still has (a full table drops the cheapest)
                opens
                    .into_iter()
                    .filter_map(|(o, multi)| Some(proved(&o, multi, self.tables.proved.get(&o, multi)?)))
                    .collect()
            }
            None => {
                *log = Some(Vec::new());
                drop(log);
                self.tables
                    .proved
                    .entries()
                    .into_iter()
                    .filter(|(_, _, x)| x.work >= KEEP_WORK)
                    .map(|(o, multi, x)| proved(&o, multi, x))
                    .collect()
            }
        }
    }

    /// Give the transposition table a result proved before (kept in a file): `false` if
    /// the table had it.  A node that is not in the search's normal form is refused
    /// ([`Error::BadBoard`]): it would never be looked up.  The result is trusted (the file
    /// is checked by its reader) and `g` must be an id of the engine of the calls.
    pub fn put_result(&mut self, p: Proved) -> Result<bool> {
        check_kept("search", "a proved result to keep", p.stride, p.cells, p.me, p.en)?;
        let o = normalise(&mut self.shapes, p.stride, p.cells, p.me, p.en, p.g);
        if (o.s, o.cells, o.me, o.en) != (p.stride, p.cells, p.me, p.en) {
            return Err(Error::BadBoard(
                "a proved result to keep: not in its normal form".into(),
            ));
        }
        if self.tables.lookup(&o, p.multi).is_some() {
            return Ok(false);
        }
        // given, not proved here: not in the list of new results
        let x = Entry {
            wins: p.wins,
            work: p.work,
        };
        if self.tables.keep(&o, p.multi, x, self.max_entries, &self.budget)? {
            self.tables.proved.count(1);
        }
        Ok(true)
    }
}

impl Call<'_, '_, '_> {
    /// Run `f` on the engine (under the lock the threads share).
    #[inline]
    fn engine<R>(&self, f: impl FnOnce(&mut Engine) -> engine::Result<R>) -> Result<R> {
        let mut v = self.v.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(f(v.e)?)
    }

    /// Count a node expanded; now and then, pass the count on to the other threads, stop
    /// if they were told to, and (the caller's thread) call the check and the interrupt hook.
    #[inline]
    fn expanded(&mut self) -> Result<()> {
        self.stats.positions += 1;
        if self.stats.positions & (CHECK_EVERY - 1) == 0 {
            self.report()?;
        }
        Ok(())
    }

    #[cold]
    fn report(&mut self) -> Result<()> {
        let total = self.run.nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed) + CHECK_EVERY;
        if self.run.stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped);
        }
        if self.main {
            self.engine(|e| e.poll())?;
            if let Some(c) = self.check.as_mut() {
                let n = total.saturating_sub(self.reported);
                self.reported = total;
                if c(n) {
                    return Err(Error::Stopped);
                }
            }
        }
        Ok(())
    }

    /// Count `d` entries more (or fewer) in the table `which` (0: proved, 1: pn), passed on
    /// in batches.
    #[inline]
    fn tally(&mut self, which: usize, d: isize) {
        self.pending[which] += d;
        if self.pending[which].abs() >= self.cfg.batch {
            self.flush();
        }
    }

    /// Pass on the changes of the tables' sizes.
    fn flush(&mut self) {
        let [a, b] = std::mem::take(&mut self.pending);
        if a != 0 {
            self.t.proved.count(a);
        }
        if b != 0 {
            self.t.pn.count(b);
        }
    }

    /// Call the check with the nodes of every thread not yet reported (`total` in all).
    fn finish(&mut self, total: u64) -> Result<()> {
        let rest = total.saturating_sub(self.reported);
        self.reported = total;
        if let Some(c) = self.check.as_mut() {
            if rest > 0 && c(rest) {
                return Err(Error::Stopped);
            }
        }
        Ok(())
    }

    /// The root `(s, cells, me, en)`: whether Left, to move, wins; the counters of the
    /// helper threads.  If `again`, the root's result in the table is set aside first: the
    /// result proved again keeps the larger of the two works (that of a campaign, not of
    /// the search again from its results), and a search that fails (a limit, the
    /// interrupt) puts the result back.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        s: u32,
        cells: Mask,
        me: Mask,
        en: Mask,
        proof_numbers: bool,
        threads: usize,
        again: bool,
    ) -> (Result<bool>, Vec<Stats>) {
        let prepared = if again {
            self.settle(s, cells, me, en, Engine::ZERO)
        } else {
            self.prepare(s, cells, me, en, Engine::ZERO)
        };
        let o = match prepared {
            Ok(Prepared::Known(w)) => return (Ok(w), Vec::new()),
            Ok(Prepared::Open(o)) => o,
            Err(e) => return (Err(e), Vec::new()),
        };
        let multi = self.cfg.multi;
        let aside = if again { self.t.proved.get(&o, multi) } else { None };
        if aside.is_some() && self.t.proved.remove(&o, multi) {
            self.t.proved.count(-1);
        }
        let r = self.open_root(o, proof_numbers, threads);
        if let Some(x) = aside {
            match r.0 {
                Ok(_) => self.t.proved.modify(&o, multi, |y| y.work = y.work.max(x.work)),
                Err(_) => {
                    // (a growth refused here leaves the result out: the table is valid without it)
                    if let Ok(true) = self.t.keep(&o, multi, x, self.cfg.max_entries, &self.cfg.budget) {
                        self.t.proved.count(1);
                    }
                }
            }
        }
        r
    }

    /// [`Call::root`] of the open node `o`.
    fn open_root(&mut self, o: Open, proof_numbers: bool, threads: usize) -> (Result<bool>, Vec<Stats>) {
        if !proof_numbers {
            return (self.solve_open(o), Vec::new());
        }
        let (t, v, run, cfg) = (self.t, self.v, self.run, self.cfg);
        let deep =
            (u64::from(o.me.count_ones() + o.en.count_ones()) * u64::from(cfg.deep) / 100).min(u64::from(INF)) as u32;
        let (mine, theirs) = std::thread::scope(|sc| {
            let helpers: Vec<_> = (1..threads)
                .filter_map(|_| {
                    let work = move || {
                        let mut shapes = Shapes::default();
                        shapes.budget = cfg.budget;
                        let mut h = Call {
                            t,
                            v,
                            shapes: &mut shapes,
                            check: None,
                            run,
                            cfg,
                            main: false,
                            reported: 0,
                            pending: [0, 0],
                            stats: Stats::default(),
                        };
                        let r = engine::grow(|| h.mid(&o, INF - 1, INF - 1, deep));
                        h.flush();
                        if r.as_ref().map_or(true, |&(phi, delta)| phi == 0 || delta == 0) {
                            run.stop.store(true, Ordering::Relaxed);
                        }
                        (r, h.stats)
                    };
                    // a thread the system refuses is a thread fewer
                    std::thread::Builder::new()
                        .name("konane-search".into())
                        .stack_size(HELPER_STACK)
                        .spawn_scoped(sc, work)
                        .ok()
                })
                .collect();
            let mine = engine::grow(|| self.mid(&o, INF - 1, INF - 1, deep));
            self.flush();
            run.stop.store(true, Ordering::Relaxed);
            let theirs: Vec<_> = helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect();
            (mine, theirs)
        });
        run.stop.store(false, Ordering::Relaxed);
        let stats = theirs.iter().map(|x| x.1).collect();
        // the root proved by any thread is the answer; else the first failure that is not
        // a stop (the others stopped because of it), the caller's first
        if let Some(w) = self.t.lookup(&o, cfg.multi) {
            return (Ok(w), stats);
        }
        let failure = std::iter::once(mine.as_ref().err())
            .chain(theirs.iter().map(|x| x.0.as_ref().err()))
            .flatten()
            .find(|e| **e != Error::Stopped)
            .or(mine.as_ref().err())
            .cloned();
        if let Some(e) = failure {
            return (Err(e), stats);
        }
        // the numbers reached "infinity" without a proof (sums of more than 2^30): the
        // depth-first driver finishes the search, using every result proved so far
        (self.solve_open(o), stats)
    }

    /// The exact value (from Left's side) of a region, by the value solver.
    fn region_value(&mut self, s: u32, cells: Mask, me: Mask, en: Mask) -> Result<Id> {
        let rows = bit_length(cells).div_ceil(s);
        let rules = Rules {
            multi_jump: self.cfg.multi,
        };
        let has = self.check.is_some();
        let check = &mut self.check;
        let mut forward = |n: u64| check.as_mut().is_some_and(|c| c(n));
        let hook: Option<Check<'_>> = if has { Some(&mut forward) } else { None };
        let mut v = self.v.lock().unwrap_or_else(PoisonError::into_inner);
        let Valuer { e, solver } = &mut *v;
        solver.value(e, rows, s - 1, cells, me, en, rules, hook)
    }

    /// `g + v` (either may be zero).
    fn plus(&self, g: Id, v: Id) -> Result<Id> {
        Ok(if v == Engine::ZERO {
            g
        } else if g == Engine::ZERO {
            v
        } else {
            self.engine(|e| e.add(g, v))?
        })
    }

    /// Steps 1 to 3 of a node (module documentation): its small regions valued into `g`,
    /// settled by the values if nothing is left, else the rest normalised and looked up.
    #[inline]
    fn prepare(&mut self, s: u32, cells: Mask, me: Mask, en: Mask, g: Id) -> Result<Prepared> {
        Ok(match self.settle(s, cells, me, en, g)? {
            Prepared::Open(o) => match self.t.lookup(&o, self.cfg.multi) {
                Some(w) => Prepared::Known(w),
                None => Prepared::Open(o),
            },
            known => known,
        })
    }

    /// [`Call::prepare`] but the table: `Known` only where the values settle the node, else
    /// its rest normalised.
    #[inline]
    fn settle(&mut self, s: u32, cells: Mask, me: Mask, en: Mask, mut g: Id) -> Result<Prepared> {
        // 1. the regions: small ones go into g
        let (mut bc, mut bm, mut be) = (0, 0, 0);
        let mut valued = false;
        let (lx, lo) = (me & neighbours(en, s), en & neighbours(me, s));
        if lx == 0 {
            // no stone has an enemy next to it: no move, ever
        } else if (me | en).count_ones() <= self.cfg.small {
            let v = self.region_value(s, cells, me, en)?;
            g = self.plus(g, v)?;
            valued = true;
        } else {
            let line = line_step(cells, s);
            let many = self.cfg.split != SplitRule::FootprintAlways && 6 * (lx | lo).count_ones() > cells.count_ones();
            if line == 0 && (many || one_group(cells, lx, lo, s)) {
                // the stones that can capture surely form one region (the value solver's test)
                (bc, bm, be) = (cells, me, en);
            } else {
                // a line is cut exactly (as the value solver does), anything else into regions
                let regions = if line != 0 {
                    line_regions(cells, me, en, line)
                } else if self.cfg.split == SplitRule::Reach {
                    live_region_masks(cells, me, en, s)
                } else {
                    footprint_region_masks(cells, me, en, s)
                };
                for (rc, rm, re) in regions {
                    if rm == 0 || re == 0 {
                        continue;
                    }
                    if (rm | re).count_ones() <= self.cfg.small {
                        let v = self.region_value(s, rc, rm, re)?;
                        g = self.plus(g, v)?;
                        valued = true;
                    } else {
                        bc |= rc;
                        bm |= rm;
                        be |= re;
                    }
                }
            }
        }
        // 2. settled by the values
        if bc == 0 {
            if valued || g != Engine::ZERO {
                self.stats.settled += 1;
            }
            let lost = g == Engine::ZERO || self.engine(|e| e.leq(g, Engine::ZERO))?;
            return Ok(Prepared::Known(!lost));
        }
        // 3. the normal form of the rest (the caller looks it up)
        Ok(Prepared::Open(normalise(self.shapes, s, bc, bm, be, g)))
    }

    /// Keep a proved result, in the list of [`Search::new_results`] too (a growth of the
    /// table past the budget is refused: the error stops the search).
    fn store(&mut self, o: &Open, x: Entry) -> Result<()> {
        if x.work >= KEEP_WORK {
            if let Some(log) = self.t.log().as_mut() {
                log.push((*o, self.cfg.multi));
            }
        }
        if self
            .t
            .keep(o, self.cfg.multi, x, self.cfg.max_entries, &self.cfg.budget)?
        {
            self.tally(0, 1);
        }
        Ok(())
    }

    /// Search an open node (looked up again: a sibling's search may have proved it).
    fn solve_open(&mut self, o: Open) -> Result<bool> {
        if let Some(w) = self.t.lookup(&o, self.cfg.multi) {
            return Ok(w);
        }
        self.expanded()?;
        let before = self.stats.positions;
        let wins = engine::grow(|| self.expand(&o))?;
        let work = (self.stats.positions - before).min(u32::MAX as u64) as u32;
        self.store(&o, Entry { wins, work })?;
        Ok(wins)
    }

    /// `(proof, disproof, threads searching it)` of an open node (mover wins / mover loses).
    #[inline]
    fn numbers(&self, o: &Open, first: impl FnOnce() -> (u32, u32)) -> (u32, u32, u32) {
        match self.t.lookup(o, self.cfg.multi) {
            Some(true) => (0, INF, 0),
            Some(false) => (INF, 0, 0),
            None => self.open_numbers(o, first),
        }
    }

    /// [`Call::numbers`] of a node known not to be proved.
    fn open_numbers(&self, o: &Open, first: impl FnOnce() -> (u32, u32)) -> (u32, u32, u32) {
        match self.t.pn.get(o, self.cfg.multi) {
            Some(x) => (x.phi, x.delta, x.busy),
            None => {
                let (p, d) = first();
                (p, d, 0)
            }
        }
    }

    /// The children of an open node `o` (Left to move): `None` if one of them is lost for
    /// its mover (Left wins `o`), else those still open and how many of them (the first
    /// ones) are captures in the position (the others are moves in `g`).
    fn children(&mut self, o: &Open) -> Result<Option<(Vec<Open>, usize)>> {
        let Open {
            s, cells, me, en, g, ..
        } = *o;
        let mut moves: Vec<(Mask, Mask)> = Vec::new();
        captures(cells, me, en, s, self.cfg.multi, &mut moves);
        let ng = if g == Engine::ZERO {
            g
        } else {
            self.engine(|e| e.neg(g))?
        };
        let mut kids: Vec<Open> = Vec::with_capacity(moves.len());
        for &(m2, e2) in &moves {
            // the opponent is Left in the child: colours exchanged, g negated
            match self.prepare(s, cells, e2, m2, ng)? {
                Prepared::Known(false) => return Ok(None),
                Prepared::Known(true) => {}
                Prepared::Open(c) => kids.push(c),
            }
        }
        let captured = kids.len();
        if g != Engine::ZERO {
            for gl in self.engine(|e| e.left_options(g))? {
                let ngl = self.engine(|e| e.neg(gl))?;
                match self.prepare(s, cells, en, me, ngl)? {
                    Prepared::Known(false) => return Ok(None),
                    Prepared::Known(true) => {}
                    Prepared::Open(c) => kids.push(c),
                }
            }
        }
        Ok(Some((kids, captured)))
    }

    /// Multiple iterative deepening (Nagai's df-pn, negamax form): search the open node
    /// `o` until its proof number reaches `th_phi` or its disproof number `th_delta`;
    /// proved nodes go to the transposition table, the others' numbers to the pn table.
    /// `deep` is deep df-pn's `D - depth` at `o`: its first numbers were multiplied by
    /// `max(1, deep)`, its children's are by `max(1, deep - 1)`.
    fn mid(&mut self, o: &Open, th_phi: u32, th_delta: u32, deep: u32) -> Result<(u32, u32)> {
        let multi = self.cfg.multi;
        let child_deep = deep.saturating_sub(1);
        if let Some(w) = self.t.lookup(o, multi) {
            return Ok(if w { (0, INF) } else { (INF, 0) });
        }
        self.expanded()?;
        let before = self.stats.positions;
        let t = self.t;
        // in parallel, the node is marked while this thread searches it
        let _busy = if self.cfg.parallel {
            let added = t.pn.put(o, multi, &self.cfg.budget, |x| match x {
                Some(x) => Numbers { busy: x.busy + 1, ..x },
                None => {
                    let (phi, delta) = scaled(initial(o), deep);
                    Numbers {
                        phi,
                        delta,
                        work: 0,
                        busy: 1,
                    }
                }
            })?;
            if added {
                self.tally(1, 1);
            }
            Some(Busy {
                pn: &t.pn,
                o: *o,
                multi,
            })
        } else {
            None
        };
        let (won, mut kids) = match self.children(o)? {
            None => (true, Vec::new()),
            Some((kids, _)) => (false, kids.into_iter().map(Kid::new).collect::<Vec<Kid>>()),
        };
        if !won && !kids.is_empty() {
            // fewest replies first: ties of the numbers go to the likelier move
            kids.sort_by_key(|k| k.mine);
        }
        let mut turn = 0u32;
        loop {
            let result = if won {
                Some(true)
            } else {
                let (mut phi, mut delta, mut best, mut delta2) = (INF, 0u32, usize::MAX, INF);
                let mut best_phi = 0;
                // parallel: the choice by virtual numbers (a child being searched by k
                // threads has its disproof number increased: `virtual_disproof`)
                let (mut vphi, mut vbest, mut vdelta2) = (INF, usize::MAX, INF);
                let (mut vbest_phi, mut vbest_delta) = (0, 0);
                for (i, k) in kids.iter_mut().enumerate() {
                    let Kid { o: c, mine, theirs } = k;
                    let first = || {
                        scaled(
                            initial_of(
                                *mine,
                                *theirs.get_or_insert_with(|| first_jumps(c.cells, c.en, c.me, c.s)),
                            ),
                            child_deep,
                        )
                    };
                    // every turn, every child: a child proved or its numbers changed by a
                    // transposition below a sibling (or by another thread) counts at once
                    // (reading only the child searched last searched 28% more nodes on the
                    // 6x6 opening c3 c4); on the first turn of one thread, `children` has
                    // just read the table of proved nodes for them
                    let (cp, cd, busy) = if turn == 0 && !self.cfg.parallel {
                        self.open_numbers(c, first)
                    } else {
                        self.numbers(c, first)
                    };
                    delta = delta.saturating_add(cp).min(INF);
                    if cd < phi {
                        delta2 = phi;
                        phi = cd;
                        best = i;
                        best_phi = cp;
                    } else if cd < delta2 {
                        delta2 = cd;
                    }
                    if self.cfg.parallel {
                        let vd = virtual_disproof(cd, busy, child_deep);
                        if vd < vphi {
                            vdelta2 = vphi;
                            vphi = vd;
                            vbest = i;
                            (vbest_phi, vbest_delta) = (cp, cd);
                        } else if vd < vdelta2 {
                            vdelta2 = vd;
                        }
                    }
                }
                if phi == 0 {
                    Some(true)
                } else if delta == 0 || kids.is_empty() {
                    Some(false)
                } else if phi >= th_phi || delta >= th_delta {
                    t.pn.make_room(self.cfg.max_entries, &t.shrinking);
                    let work = (self.stats.positions - before).min(u32::MAX as u64) as u32;
                    let added = t.pn.put(o, multi, &self.cfg.budget, |x| Numbers {
                        phi,
                        delta,
                        work,
                        busy: x.map_or(0, |x| x.busy),
                    })?;
                    if added {
                        self.tally(1, 1);
                    }
                    return Ok((phi, delta));
                } else {
                    // the 1 + epsilon trick (Pawlewicz and Lew), epsilon = 1/2: fewer switches between siblings
                    let near = |d2: u32| th_phi.min(d2.saturating_add(d2 / 2).saturating_add(1));
                    let (mut pick, mut pick_phi, mut child_delta) = (best, best_phi, near(delta2));
                    // another thread's child avoided, if the one chosen instead can make
                    // progress within its thresholds
                    if self.cfg.parallel && vbest != best && vbest_delta < near(vdelta2) {
                        (pick, pick_phi, child_delta) = (vbest, vbest_phi, near(vdelta2));
                    }
                    let c = kids[pick].o;
                    let child_phi = th_delta - delta + pick_phi;
                    engine::grow(|| self.mid(&c, child_phi.min(INF - 1), child_delta.min(INF - 1), child_deep))?;
                    turn += 1;
                    None
                }
            };
            if let Some(w) = result {
                if t.pn.remove(o, multi) {
                    self.tally(1, -1);
                }
                let work = (self.stats.positions - before).min(u32::MAX as u64) as u32;
                self.store(o, Entry { wins: w, work })?;
                return Ok(if w { (0, INF) } else { (INF, 0) });
            }
        }
    }

    /// Whether Left, to move, has a move to a node that the opponent loses.  Every child
    /// is prepared first, so a child already proved lost (settled by values, or in the
    /// table) wins at once ("enhanced transposition cutoff"); the others are searched
    /// fewest replies first, the moves in `g` last.
    fn expand(&mut self, o: &Open) -> Result<bool> {
        let Some((kids, captured)) = self.children(o)? else {
            return Ok(true);
        };
        let mut open: Vec<(u32, Open)> = kids
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let in_g = i >= captured;
                (
                    if in_g {
                        u32::MAX
                    } else {
                        first_jumps(c.cells, c.me, c.en, c.s)
                    },
                    c,
                )
            })
            .collect();
        open.sort_by_key(|x| x.0);
        for (_, c) in open {
            if !self.solve_open(c)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::konane::bits::full_mask;
    use crate::konane::Error;

    use crate::konane::testkit::{brute, random_board, Rng};

    fn outcome_by_value(e: &mut Engine, v: &mut Solver, b: (u32, u32, Mask, Mask, Mask), rules: Rules) -> (bool, bool) {
        let (rows, cols, cells, black, white) = b;
        let g = v.value(e, rows, cols, cells, black, white, rules, None).unwrap();
        (!e.leq(g, Engine::ZERO).unwrap(), !e.leq(Engine::ZERO, g).unwrap())
    }

    #[test]
    fn virtual_numbers_in_the_units_of_deep_dfpn() {
        // a child nobody searches keeps its number
        assert_eq!(virtual_disproof(7, 0, 20), 7);
        // small numbers: one unit of the child's first numbers a thread, scaled(1, 1) at its depth
        assert_eq!(virtual_disproof(7, 1, 20), 7 + scaled((1, 1), 20).1);
        assert_eq!(virtual_disproof(7, 3, 20), 7 + 60);
        // numbers grown by the work below: multiplied by 1 + the threads
        assert_eq!(virtual_disproof(100, 1, 20), 200);
        assert_eq!(virtual_disproof(100, 2, 20), 300);
        // past `D` the factor of the units is 1 (plain df-pn's numbers)
        assert_eq!(virtual_disproof(7, 2, 0), 21);
        assert_eq!(virtual_disproof(1, 2, 0), 3);
        // never infinite: a child being searched is not proved
        assert_eq!(virtual_disproof(INF - 5, 4, 30), INF - 1);
        assert_eq!(virtual_disproof(5, u32::MAX, u32::MAX), INF - 1);
    }

    #[test]
    fn agrees_with_brute_force_and_values() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut e = Engine::new();
        let mut values = Solver::new();
        let shapes = [(1, 9), (2, 5), (3, 4), (4, 4), (3, 5), (2, 6)];
        // (df-pn with and without deep df-pn's factors, and with a `D` past every depth)
        let settings = [
            (0, false, DEEP),
            (3, false, DEEP),
            (6, false, DEEP),
            (0, true, DEEP),
            (6, true, DEEP),
            (0, true, 0),
            (6, true, 0),
            (0, true, 400),
        ];
        for (small, pn, deep) in settings {
            let mut search = Search::new();
            search.small = small;
            search.proof_numbers = pn;
            search.deep = deep;
            for i in 0..400 {
                let (rows, cols) = shapes[i % shapes.len()];
                let (cells, black, white) = random_board(&mut rng, rows, cols);
                for rules in [Rules::STANDARD, Rules::SINGLE_JUMP] {
                    let s = cols + 1;
                    let expect = (
                        brute(cells, black, white, s, rules.multi_jump),
                        brute(cells, white, black, s, rules.multi_jump),
                    );
                    let by_value = outcome_by_value(&mut e, &mut values, (rows, cols, cells, black, white), rules);
                    assert_eq!(expect, by_value, "brute force against the value solver");
                    let got = (
                        search
                            .wins(&mut e, rows, cols, cells, black, white, true, rules, None)
                            .unwrap()
                            .0,
                        search
                            .wins(&mut e, rows, cols, cells, black, white, false, rules, None)
                            .unwrap()
                            .0,
                    );
                    assert_eq!(
                        got, expect,
                        "{rows}x{cols} {cells:b} {black:b} {white:b} {rules:?} small={small} deep={deep}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_split_rule_finds_what_the_brute_force_finds() {
        // sparse boards, where the footprint rule splits what the reach rule keeps whole
        let mut rng = Rng(0xF007_5EED);
        let mut e = Engine::new();
        let mut searches: Vec<Search> = [SplitRule::Reach, SplitRule::Footprint, SplitRule::FootprintAlways]
            .into_iter()
            .map(|rule| {
                let mut s = Search::new();
                s.split = rule;
                s.small = 2;
                s
            })
            .collect();
        for i in 0..300 {
            let (rows, cols) = [(5, 6), (6, 6), (4, 8)][i % 3];
            let (mut cells, mut black, mut white) = (0, 0, 0);
            for r in 0..rows {
                for c in 0..cols {
                    let bit: Mask = 1 << (r * (cols + 1) + c);
                    cells |= bit;
                    match rng.below(8) {
                        0 | 1 => black |= bit,
                        2 | 3 => white |= bit,
                        _ => {}
                    }
                }
            }
            if (black | white).count_ones() > 16 {
                continue;
            }
            let s = cols + 1;
            for rules in [Rules::STANDARD, Rules::SINGLE_JUMP] {
                for black_to_move in [true, false] {
                    let (me, en) = if black_to_move { (black, white) } else { (white, black) };
                    let expect = brute(cells, me, en, s, rules.multi_jump);
                    for search in &mut searches {
                        let got = search
                            .wins(&mut e, rows, cols, cells, black, white, black_to_move, rules, None)
                            .unwrap()
                            .0;
                        assert_eq!(got, expect, "{rows}x{cols} {black:b} {white:b} {:?}", search.split);
                    }
                }
            }
        }
        // the footprint rules split nodes the reach rule keeps whole: they settle more nodes by values
        let settled: Vec<u64> = searches.iter().map(|s| s.info().2).collect();
        assert!(settled[1] > settled[0] && settled[2] > settled[0], "{settled:?}");
    }

    #[test]
    fn norvig_4x4_and_5x5_openings() {
        // Norvig (2021): with both stones removed and Black to move, White wins 4x4 and
        // Black wins 5x5 (the corner openings here: a1 then b1, in the board layout the
        // bottom-left corner is the last row).
        let mut e = Engine::new();
        let mut search = Search::new();
        for (n, black_wins, pn) in [
            (4u32, false, false),
            (5, true, false),
            (4, false, true),
            (5, true, true),
        ] {
            search.proof_numbers = pn;
            search.clear();
            let s = n + 1;
            let cells = full_mask(n, n);
            let mut black: Mask = 0;
            for r in 0..n {
                for c in 0..n {
                    // a1 (bottom-left, row n-1) is black, as in Board.start
                    if (n - 1 - r + c) % 2 == 0 {
                        black |= 1 << (r * s + c);
                    }
                }
            }
            let white = cells & !black;
            let a1: Mask = 1 << ((n - 1) * s);
            let b1: Mask = a1 << 1;
            let (won, stats) = search
                .wins(
                    &mut e,
                    n,
                    n,
                    cells,
                    black & !a1,
                    white & !b1,
                    true,
                    Rules::STANDARD,
                    None,
                )
                .unwrap();
            assert_eq!(won, black_wins, "{n}x{n}");
            assert!(stats.positions > 0);
        }
    }

    /// The 5x5 board with the stones of two middle cells removed (Black to move), the
    /// position of the tests of stops and kept results: `(n, cells, black, white)`.
    fn five_by_five() -> (u32, Mask, Mask, Mask) {
        let (n, s) = (5, 6);
        let cells = full_mask(n, n);
        let black: Mask = (0..n * n)
            .filter(|i| (i / n + i % n) % 2 == 0)
            .fold(0, |m, i| m | 1 << ((i / n) * s + i % n));
        let white = cells & !black & !(1 << (2 * s + 1));
        (n, cells, black & !(1 << (2 * s + 2)), white)
    }

    /// The search of [`five_by_five`], Black to move, with the check `check`.
    fn search_five(search: &mut Search, e: &mut Engine, check: Option<Check<'_>>) -> Result<(bool, Stats)> {
        let (n, cells, black, white) = five_by_five();
        search.wins(e, n, n, cells, black, white, true, Rules::STANDARD, check)
    }

    /// After a stop: every entry kept is a proved result, so the next searches agree with
    /// the brute force on small boards and with the value solver on the 5x5 position.
    fn assert_the_table_is_valid(search: &mut Search, e: &mut Engine) {
        let mut rng = Rng(7);
        for _ in 0..50 {
            let (c2, b2, w2) = random_board(&mut rng, 3, 4);
            let got = search.wins(e, 3, 4, c2, b2, w2, true, Rules::STANDARD, None).unwrap().0;
            assert_eq!(got, brute(c2, b2, w2, 5, true));
        }
        let (n, cells, black, white) = five_by_five();
        let (won, _) = search
            .wins(e, n, n, cells, black, white, true, Rules::STANDARD, None)
            .unwrap();
        let mut v = Solver::new();
        assert_eq!(
            won,
            outcome_by_value(e, &mut v, (n, n, cells, black, white), Rules::STANDARD).0
        );
    }

    /// A key holds a node's three masks in two bit planes, which give them back.
    #[test]
    fn keys_hold_the_masks_in_two_planes() {
        // 24 and 48 bytes a key (three masks took 32 and 64)
        assert_eq!(std::mem::size_of::<Narrow>(), 24);
        assert_eq!(std::mem::size_of::<Wide>(), 48);
        let mut rng = Rng(0x5eed_0001);
        for _ in 0..10_000 {
            let cells = (Mask::from(rng.next()) << 64) | Mask::from(rng.next());
            let split = (Mask::from(rng.next()) << 64) | Mask::from(rng.next());
            let stones = cells & ((Mask::from(rng.next()) << 64) | Mask::from(rng.next()));
            let (me, en) = (stones & split, stones & !split);
            assert_eq!(unplanes(planes(cells, me, en)), [cells, me, en]);
            let low = [cells, me, en].map(|m| m as u64);
            assert_eq!(unplanes(planes(low[0], low[1], low[2])), low);
        }
    }

    /// A key of a frame of more than 64 bits but at most 64 cells is packed (the padding
    /// column out) and gives its node back; wider frames take wide keys.  A table of such
    /// nodes finds each, and lists each with its own value.
    #[test]
    fn packed_keys_give_their_node_back() {
        let mut rng = Rng(5);
        let table = Shared::<Entry>::new();
        let mut kept = Vec::new();
        for (rows, cols) in [(8, 8), (2, 32), (7, 9), (4, 16), (3, 21), (9, 8)] {
            let s = cols + 1;
            for i in 0..200u32 {
                let (cells, me, en) = random_board(&mut rng, rows, cols);
                let o = Open::new(s, cells, me, en, 3);
                match Split::<Entry>::narrow_key(&o, true) {
                    Some(k) => {
                        let back = k.open();
                        assert_eq!((back.s, back.cells, back.me, back.en, back.g), (s, cells, me, en, 3));
                        assert_eq!(k.stride & PACKED != 0, bit_length(cells) > 64);
                    }
                    None => assert!(rows * cols > 64 && bit_length(cells) > 64),
                }
                let x = Entry {
                    wins: i % 2 == 0,
                    work: i,
                };
                if table.put(&o, true, &Budget::UNLIMITED, |_| x).unwrap() {
                    kept.push((o, x));
                }
            }
        }
        for (o, x) in &kept {
            assert_eq!(table.get(o, true).map(|y| (y.wins, y.work)), Some((x.wins, x.work)));
            assert!(table.get(o, false).is_none());
        }
        let mut listed: Vec<_> = table
            .entries()
            .into_iter()
            .map(|(o, _, x)| (o.s, o.cells, o.me, o.en, x.work))
            .collect();
        let mut expected: Vec<_> = kept.iter().map(|(o, x)| (o.s, o.cells, o.me, o.en, x.work)).collect();
        listed.sort_unstable();
        expected.sort_unstable();
        assert_eq!(listed, expected);
    }

    /// The normal form of a node read by word operations (boxes of at most 8x8) is the one
    /// the maps of bits give: the least image of the mover's stones, then the opponent's, in
    /// the layout of the normal shape; and every image of a position has the same one.
    #[test]
    fn normal_forms_by_words_are_those_by_maps() {
        let mut rng = Rng(23);
        let mut shapes = Shapes::default();
        for (rows, cols) in [(8, 8), (5, 7), (8, 3), (6, 6), (9, 8), (2, 12)] {
            let s = cols + 1;
            for _ in 0..300 {
                let (cells, me, en) = random_board(&mut rng, rows, cols);
                if cells == 0 {
                    continue;
                }
                let o = normalise(&mut shapes, s, cells, me, en, 0);
                let (r0, c0, br, bc) = bounding_box(cells, s);
                let shift = r0 * s + c0;
                let bs = shapes.box_symmetries(s, br, bc, shr(cells, shift));
                let ((_, ncols, ncells), syms) = (&bs.0, &bs.1);
                let (bm, be) = least(syms, shr(me, shift), shr(en, shift), Sym::apply);
                assert_eq!((o.s, o.cells, o.me, o.en), (ncols + 1, *ncells, bm, be));
                // an image of the position: its transpose (laid out with stride rows + 1)
                let t = |m: Mask| {
                    (0..rows * cols)
                        .filter(|i| m >> ((i / cols) * s + i % cols) & 1 == 1)
                        .fold(0 as Mask, |out, i| out | 1 << ((i % cols) * (rows + 1) + i / cols))
                };
                if cols * (rows + 1) <= 128 {
                    let ot = normalise(&mut shapes, rows + 1, t(cells), t(me), t(en), 0);
                    assert_eq!((ot.s, ot.cells, ot.me, ot.en), (o.s, o.cells, o.me, o.en));
                }
            }
        }
    }

    /// Before a search the tables know the 5x5 position not; after it, its answer and, for
    /// the winner, a move to a position they know lost for the opponent (the search proved
    /// one); small boards settled by their values are known at once.
    #[test]
    fn the_tables_know_what_the_search_proved() {
        let mut e = Engine::new();
        let mut search = Search::new();
        let (n, cells, black, white) = five_by_five();
        let r = Rules::STANDARD;
        assert_eq!(search.known(&mut e, n, n, cells, black, white, true, r).unwrap(), None);
        let (won, _) = search_five(&mut search, &mut e, None).unwrap();
        assert!(won);
        assert_eq!(
            search.known(&mut e, n, n, cells, black, white, true, r).unwrap(),
            Some(won)
        );
        let mut moves = Vec::new();
        captures(cells, black, white, n + 1, true, &mut moves);
        let lost: Vec<_> = moves
            .iter()
            .filter(|&&(b2, w2)| search.known(&mut e, n, n, cells, b2, w2, false, r).unwrap() == Some(false))
            .collect();
        assert!(!lost.is_empty());
        for &&(b2, w2) in &lost {
            assert!(!search.wins(&mut e, n, n, cells, b2, w2, false, r, None).unwrap().0);
        }
        let mut rng = Rng(11);
        for _ in 0..100 {
            let (c2, b2, w2) = random_board(&mut rng, 2, 3);
            let got = search.known(&mut e, 2, 3, c2, b2, w2, true, r).unwrap();
            assert_eq!(got, Some(brute(c2, b2, w2, 4, true)));
        }
    }

    #[test]
    fn proved_results_kept_and_given_back_save_the_work() {
        // the 5x5 position: a search that takes the results of a first one finds the same
        // answer in fewer nodes, and the results are those a fresh search and the values find
        let mut e = Engine::new();
        let mut first = Search::new();
        assert!(first.new_results().is_empty(), "an empty table; the list starts");
        let (n, cells, black, white) = five_by_five();
        let run = |search: &mut Search, e: &mut Engine| {
            search
                .wins(e, n, n, cells, black, white, true, Rules::STANDARD, None)
                .unwrap()
        };
        let (won, full) = run(&mut first, &mut e);
        let kept = first.new_results();
        assert!(!kept.is_empty() && kept.iter().all(|p| p.work >= KEEP_WORK));
        assert!(first.new_results().is_empty(), "taken once");
        let mut second = Search::new();
        assert!(second.new_results().is_empty(), "the list starts");
        for p in &kept {
            assert!(second.put_result(*p).unwrap());
            assert!(!second.put_result(*p).unwrap(), "already there");
        }
        assert!(second.new_results().is_empty(), "given, not proved: none of them");
        let (won2, saved) = run(&mut second, &mut e);
        assert_eq!(won, won2);
        assert!(saved.positions < full.positions / 2, "{saved:?} {full:?}");
        assert!(second.new_results().len() < kept.len());
        // a node out of its normal form is refused
        let p = kept[0];
        let shifted = Proved {
            cells: p.cells << 1,
            me: p.me << 1,
            en: p.en << 1,
            ..p
        };
        assert!(matches!(second.put_result(shifted), Err(Error::BadBoard(_))));
        // each result kept is what the values say (Left, to move, wins the node plus g
        // exactly when its value plus g is not <= 0), and, with nothing beside it, what a
        // fresh search finds on its node
        let mut v = Solver::new();
        let mut searched = 0;
        for p in &kept {
            let rows = bit_length(p.cells).div_ceil(p.stride);
            let rules = Rules { multi_jump: p.multi };
            let value = v
                .value(&mut e, rows, p.stride - 1, p.cells, p.me, p.en, rules, None)
                .unwrap();
            let sum = e.add(value, p.g).unwrap();
            assert_eq!(!e.leq(sum, Engine::ZERO).unwrap(), p.wins, "{p:?}");
            if p.g == Engine::ZERO {
                let mut fresh = Search::new();
                let (w, _) = fresh
                    .wins(&mut e, rows, p.stride - 1, p.cells, p.me, p.en, true, rules, None)
                    .unwrap();
                assert_eq!(w, p.wins, "{p:?}");
                searched += 1;
            }
        }
        // (the search takes 314 nodes and keeps 2 results, both with nothing beside)
        assert!(
            kept.len() >= 2 && searched >= 1,
            "{} kept, {searched} with nothing beside",
            kept.len()
        );
    }

    #[test]
    fn a_position_searched_again_is_proved_anew_with_a_winning_move() {
        // the 5x5 position's result given alone, as a file gives it: `wins` answers at once,
        // `wins_again` searches it (on one thread and on 2) and the table then knows a move
        // after which the opponent loses
        let mut e = Engine::new();
        let (n, cells, black, white) = five_by_five();
        let rules = Rules::STANDARD;
        let mut first = Search::new();
        first.new_results();
        let (won, _) = search_five(&mut first, &mut e, None).unwrap();
        assert!(
            won,
            "Black, to move, wins the 5x5 position (Norvig: c3 b3 is a win for Black)"
        );
        let root = first.new_results().into_iter().max_by_key(|p| p.work).unwrap();
        for threads in [1, 2] {
            let mut search = Search::new();
            search.threads = threads;
            assert!(search.put_result(root).unwrap());
            let (w, given) = search_five(&mut search, &mut e, None).unwrap();
            assert_eq!((w, given.positions), (true, 0), "answered by the result given");
            // stopped by the check: the result given is put back
            let mut stop = |_n: u64| true;
            let r = search.wins_again(&mut e, (n, n), (cells, black, white), true, rules, Some(&mut stop));
            assert!(matches!(r, Err(Error::Stopped)), "{r:?}");
            let (w, given) = search_five(&mut search, &mut e, None).unwrap();
            assert_eq!((w, given.positions), (true, 0), "the result given is back");
            let (w, again) = search
                .wins_again(&mut e, (n, n), (cells, black, white), true, rules, None)
                .unwrap();
            assert!(w && again.positions > 0, "{again:?}");
            // the result keeps the larger work of the two searches': on one thread the first's (the
            // search from its results is smaller); on two the second's root work can exceed it
            let kept: Vec<Proved> = search
                .new_results()
                .into_iter()
                .filter(|p| Proved { work: root.work, ..*p } == root)
                .collect();
            assert_eq!(kept.len(), 1, "{kept:?}");
            assert!(kept[0].work >= root.work, "{kept:?} {root:?}");
            if threads == 1 {
                assert_eq!(kept[0], root);
            }
            let mut moves = Vec::new();
            captures(cells, black, white, n + 1, rules.multi_jump, &mut moves);
            let lost: Vec<_> = moves
                .iter()
                .map(|&(b2, w2)| search.known(&mut e, n, n, cells, b2, w2, false, rules).unwrap())
                .collect();
            assert!(lost.contains(&Some(false)), "{lost:?}");
            // and each move the table says White loses after, White loses (a fresh search)
            for (&(b2, w2), k) in moves.iter().zip(&lost) {
                if *k == Some(false) {
                    let mut fresh = Search::new();
                    let (white_wins, _) = fresh.wins(&mut e, n, n, cells, b2, w2, false, rules, None).unwrap();
                    assert!(!white_wins);
                }
            }
        }
    }

    #[test]
    fn a_stop_leaves_the_table_valid() {
        // on one thread and on 4 (the check, called on the caller's thread, stops them all)
        for threads in [1, 4] {
            let mut e = Engine::new();
            let mut search = Search::new();
            search.small = 0;
            search.threads = threads;
            let mut calls = 0;
            let mut stop = |_n: u64| {
                calls += 1;
                true
            };
            let r = search_five(&mut search, &mut e, Some(&mut stop));
            assert_eq!(r, Err(Error::Stopped));
            assert!(calls >= 1);
            assert_the_table_is_valid(&mut search, &mut e);
        }
    }

    #[test]
    fn a_growth_past_the_budget_stops_the_search_and_leaves_the_table_valid() {
        // the 5x5 position, with a budget of nothing: a table's first map cannot be made, and
        // it has no entry to drop instead (a table that has some drops them, see
        // a_table_refused_a_growth_drops_its_cheapest_entries_instead): the search stops with
        // the memory error, the table keeps only proved results; on one thread and on 4 (a
        // refusal in any thread stops them all)
        use crate::engine::memory::Budget;
        for threads in [1, 4] {
            let mut e = Engine::new();
            let mut search = Search::new();
            search.small = 0;
            search.threads = threads;
            let (n, cells, black, white) = five_by_five();
            e.set_budget(Budget::new(Some(0)));
            let r = search.wins(&mut e, n, n, cells, black, white, true, Rules::STANDARD, None);
            assert!(
                matches!(r, Err(Error::Engine(engine::Error::Memory(_)))),
                "{threads}: {r:?}"
            );
            e.set_budget(Budget::UNLIMITED);
            assert_the_table_is_valid(&mut search, &mut e);
        }
    }

    #[test]
    fn a_table_refused_a_growth_drops_its_cheapest_entries_instead() {
        // a table grown without a budget, then given none at all: every put still succeeds
        // (each refused growth drops the cheapest half of the shard's map: the table is a
        // cache), the capacity stays, the count stays exact, and the entries of most work
        // are kept; a table with nothing to drop is refused
        use crate::engine::memory::Budget;
        let t: Shared<Entry> = Shared::new();
        let mut rng = Rng(5);
        let node = |rng: &mut Rng| {
            let me = Mask::from(rng.next()) & full_mask(8, 8);
            Open::new(9, full_mask(8, 8), me, full_mask(8, 8) & !me, Engine::ZERO)
        };
        for _ in 0..20_000 {
            let o = node(&mut rng);
            let work = (rng.next() % 1000) as u32;
            if t.put(&o, true, &Budget::UNLIMITED, |_| Entry { wins: true, work })
                .unwrap()
            {
                t.count(1);
            }
        }
        let capacity = |t: &Shared<Entry>| -> usize { (0..SHARDS).map(|i| t.locked(i).narrow.capacity()).sum() };
        let (len, cap) = (t.exact_len(), capacity(&t));
        let none = Budget::new(Some(0));
        let heavy = node(&mut rng);
        t.put(&heavy, true, &Budget::UNLIMITED, |_| Entry {
            wins: false,
            work: u32::MAX,
        })
        .unwrap();
        t.count(1);
        for i in 0..200_000u32 {
            let o = node(&mut rng);
            if t.put(&o, true, &none, |_| Entry {
                wins: true,
                work: i % 7,
            })
            .unwrap()
            {
                t.count(1);
            }
            assert_eq!(t.len(), t.exact_len());
        }
        assert!(
            capacity(&t) <= cap && t.exact_len() <= cap,
            "{len} {cap} {}",
            t.exact_len()
        );
        assert_eq!(t.get(&heavy, true).map(|x| x.wins), Some(false));
        let empty: Shared<Entry> = Shared::new();
        assert!(empty
            .put(&heavy, true, &none, |_| Entry { wins: true, work: 1 })
            .is_err());
    }

    #[test]
    fn the_cheapest_entries_go_first_by_a_doubling_floor() {
        // works 0..1000: the floors 1, 2, 4, ..., 512 keep 999, 998, 996, ..., 488 entries;
        // at most 400 wanted: the floor 1024 keeps none (all works are below it)
        let mut m: FxHashMap<u32, Entry> = (0..1000u32).map(|w| (w, Entry { wins: true, work: w })).collect();
        let mut floors = Vec::new();
        drop_cheapest(m.len(), 400, |floor| {
            floors.push(floor);
            m.retain(|_, v| u64::from(v.work) >= floor);
            m.len()
        });
        assert_eq!(floors, (0..=10).map(|i| 1u64 << i).collect::<Vec<_>>());
        assert!(m.is_empty());
        // shed: at most half less one remain, the heaviest kept
        let mut m: FxHashMap<u32, Entry> = (0..1000u32).map(|w| (w, Entry { wins: true, work: w })).collect();
        assert_eq!(shed(&mut m), 1000 - 488);
        assert!(m.values().all(|v| v.work >= 512) && m.len() == 488);
        // a count that never falls (a shared table's lagging count) still ends, past every work
        let mut calls = 0;
        drop_cheapest(10, 0, |_| {
            calls += 1;
            10
        });
        assert_eq!(calls, 33);
        // saturated works (u32::MAX) go too
        let mut m: FxHashMap<u32, Entry> = (0..4u32)
            .map(|w| {
                (
                    w,
                    Entry {
                        wins: true,
                        work: u32::MAX,
                    },
                )
            })
            .collect();
        assert_eq!(shed(&mut m), 4);
    }

    #[test]
    fn a_small_table_drops_entries_and_stays_right() {
        let mut e = Engine::new();
        let mut rng = Rng(11);
        let mut small_table = Search::new();
        small_table.max_entries = 64;
        small_table.small = 0;
        let mut plain = Search::new();
        plain.small = 0;
        for i in 0..300 {
            let (rows, cols) = if i % 2 == 0 { (4, 4) } else { (3, 5) };
            let (cells, black, white) = random_board(&mut rng, rows, cols);
            for btm in [true, false] {
                let a = small_table.wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None);
                let b = plain.wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None);
                assert_eq!(a.unwrap().0, b.unwrap().0);
                assert!(small_table.info().0 <= 64);
            }
        }
    }

    #[test]
    fn threads_find_what_one_thread_finds() {
        // random boards (independent: the brute force of the whole game tree) and the 5x5
        // openings of Norvig (2021), on 2 and 4 threads sharing the tables
        let mut e = Engine::new();
        let mut rng = Rng(0xC0FF_EE00_1234_5678);
        for threads in [2, 4] {
            let mut search = Search::new();
            search.threads = threads;
            search.small = 4;
            for i in 0..300 {
                let (rows, cols) = [(4, 4), (3, 5), (2, 6), (4, 5)][i % 4];
                let (cells, black, white) = random_board(&mut rng, rows, cols);
                for btm in [true, false] {
                    let (me, en) = if btm { (black, white) } else { (white, black) };
                    let expect = brute(cells, me, en, cols + 1, true);
                    let (got, _) = search
                        .wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None)
                        .unwrap();
                    assert_eq!(
                        got, expect,
                        "{threads} threads: {rows}x{cols} {cells:b} {black:b} {white:b}"
                    );
                }
            }
            let (n, cells, black, white) = five_by_five();
            let mut one = Search::new();
            let (w1, _) = one
                .wins(&mut e, n, n, cells, black, white, true, Rules::STANDARD, None)
                .unwrap();
            search.clear();
            let (wn, stats) = search
                .wins(&mut e, n, n, cells, black, white, true, Rules::STANDARD, None)
                .unwrap();
            assert_eq!(w1, wn);
            assert!(stats.positions > 0);
        }
    }

    #[test]
    fn calls_of_one_thread_and_of_several_share_the_tables() {
        // a call of one thread reaches the tables without their locks (`Shared::alone`), a
        // call of several under them: one search alternating both, its tables kept, finds
        // what the brute force finds (independent), and its tables count what they hold
        let mut e = Engine::new();
        let mut rng = Rng(0x5EED_0038_0000_0001);
        let mut search = Search::new();
        search.small = 4;
        for i in 0..400 {
            search.threads = [1, 3, 1, 2][i % 4];
            let (rows, cols) = [(4, 4), (3, 5), (4, 5)][i % 3];
            let (cells, black, white) = random_board(&mut rng, rows, cols);
            let btm = i % 2 == 0;
            let (me, en) = if btm { (black, white) } else { (white, black) };
            let (got, _) = search
                .wins(&mut e, rows, cols, cells, black, white, btm, Rules::STANDARD, None)
                .unwrap();
            assert_eq!(
                got,
                brute(cells, me, en, cols + 1, true),
                "{rows}x{cols} {cells:b} {black:b} {white:b}"
            );
            assert_eq!(search.tables.proved.len(), search.tables.proved.exact_len());
        }
    }

    #[test]
    fn the_check_sees_every_threads_nodes() {
        // the counts given to the check add up to the nodes of the call, every thread's
        let mut e = Engine::new();
        let mut search = Search::new();
        search.threads = 3;
        search.small = 0;
        let mut total = 0u64;
        let mut count = |k: u64| {
            total += k;
            false
        };
        let (_, stats) = search_five(&mut search, &mut e, Some(&mut count)).unwrap();
        assert_eq!(total, stats.positions);
    }

    #[test]
    fn bad_boards_are_errors() {
        let mut e = Engine::new();
        let mut search = Search::new();
        let r = search.wins(&mut e, 12, 12, 0, 0, 0, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
        let r = search.wins(&mut e, 2, 2, 0b11, 0b1, 0b1, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
        let r = search.wins(&mut e, 1, 2, 0b111, 0b1, 0, true, Rules::STANDARD, None);
        assert!(matches!(r, Err(Error::BadBoard(_))));
    }
}
