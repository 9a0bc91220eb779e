//! The table of canonical forms: records, the option arena, the indexes and the caches.

use super::columns::{NusColumn, StopColumn};
use super::dyadic::Dyadic;
use super::memory::{self, Budget};
use super::{Error, Id, Nus, Result};
use hashbrown::HashTable;
use num_bigint::BigInt;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::mem::size_of;

/// Each operation cache is emptied when it grows past this many entries.
pub const CACHE_LIMIT: usize = 2_000_000;

/// The most options a nimber's option list may have when it is built on demand (the
/// options of `*m` are `*0 ... *(m-1)`); asking for more is an [`Error::Overflow`].
pub const MAX_NIMBER_OPTIONS: u64 = 1 << 20;

/// The most stack segments of [`super::STACK_SEGMENT`] bytes (16 MiB) that the engine's own
/// recursion may take at once: 256 MiB, some 400,000 levels of a game tree (a sum of `^n`
/// and a game that is not a switch recurses about 560 bytes a level).  Deeper work is an
/// [`Error::Overflow`] (see [`Engine::descend`]) instead of a stack that cannot be mapped,
/// which ended the process.
pub const MAX_STACK_SEGMENTS: usize = 16;

/// How many engine steps pass between two calls of the interrupt hook.
const TICK_MASK: u64 = (1 << 12) - 1;

const NOT_BUILT: u64 = u64::MAX;

/// No id: an entry of [`Engine::negs`] not known yet.
pub(crate) const NO_ID: Id = Id::MAX;

/// Where the options of one game lie in the arena.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rec {
    pub start: u64,
    pub nl: u32,
    pub nr: u32,
}

/// A callback that returns `true` to interrupt the computation in progress.
pub type Hook = Box<dyn FnMut() -> bool + Send>;

/// Sizes of the table and of the caches (see [`Engine::cache_info`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CacheInfo {
    pub games: usize,
    pub add: usize,
    pub neg: usize,
    pub leq: usize,
    pub birthday: usize,
    pub stops: usize,
    pub canonical: usize,
    pub limit: usize,
    /// Approximate heap bytes held by the table and the caches.
    pub bytes: usize,
}

/// The most slots of a [`PairMemo`] (8 bytes each: 4 MB).
///
/// The memo must stay in the processor's caches: a lookup in a memo of DRAM size is a cache
/// miss, which on the 5x6 Konane start (35 million lookups) cost more than the comparisons
/// it saved.  Measured on the 5x6 start (the script of `benchmarks/bench_values.py`, runs
/// alternated) and `benchmarks/bench_engine.py --only trees`, 2-core EPYC: 2^21 slots (the
/// cache limit, as before) 32.6-41.5 s; 2^19 slots 29.5-33.6 s, the random trees unchanged
/// (49 ms against 52); 2^18 slots, the trees 1.5 times slower.
pub(crate) const PAIR_MEMO_MAX_SLOTS: usize = 1 << 19;

/// A memo of a yes-or-no answer about a pair of ids, direct-mapped: one slot per hash,
/// a new answer overwrites the one there, so a lookup reads one word and the memo never
/// grows past its slots (the cache limit, at most [`PAIR_MEMO_MAX_SLOTS`], 8 bytes each)
/// nor needs emptying.  A slot holds `g << 33 | h << 1 | answer` (ids below `2^31`; pairs
/// of larger ids are not kept).
#[derive(Default)]
pub(crate) struct PairMemo {
    slots: Vec<u64>,
    len: usize,
}

impl PairMemo {
    #[inline]
    fn slot(&self, g: Id, h: Id) -> usize {
        let key = u64::from(g) << 32 | u64::from(h);
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// Ask the processor to fetch the slot of `(g, h)` (a hint, no effect on the contents),
    /// so that its cache miss overlaps other work before [`PairMemo::get`].
    #[inline]
    pub(crate) fn prefetch(&self, g: Id, h: Id) {
        if self.slots.is_empty() {
            return;
        }
        super::prefetch(self.slots.as_ptr().wrapping_add(self.slot(g, h)));
    }

    #[inline]
    pub(crate) fn get(&self, g: Id, h: Id) -> Option<bool> {
        if self.slots.is_empty() || (g | h) >> 31 != 0 {
            return None;
        }
        let w = self.slots[self.slot(g, h)];
        (w >> 1 == u64::from(g) << 32 | u64::from(h)).then_some(w & 1 == 1)
    }

    /// Keep `answer` for `(g, h)` (`g != h`), in a memo of at most about `limit` slots (and
    /// at most [`PAIR_MEMO_MAX_SLOTS`]): it starts small and doubles while more than half its
    /// slots are in use.
    pub(crate) fn put(&mut self, g: Id, h: Id, answer: bool, limit: usize) {
        if (g | h) >> 31 != 0 {
            return;
        }
        let most = limit.next_power_of_two().clamp(1 << 10, PAIR_MEMO_MAX_SLOTS);
        if self.slots.is_empty() || (2 * self.len > self.slots.len() && self.slots.len() < most) {
            let size = (2 * self.slots.len()).clamp(1 << 10, most);
            let old = std::mem::replace(&mut self.slots, vec![0; size]);
            self.len = 0;
            for w in old.into_iter().filter(|&w| w != 0) {
                let i = self.slot((w >> 33) as Id, (w >> 1) as u32);
                if self.slots[i] == 0 {
                    self.len += 1;
                }
                self.slots[i] = w;
            }
        }
        let i = self.slot(g, h);
        if self.slots[i] == 0 {
            self.len += 1;
        }
        self.slots[i] = (u64::from(g) << 32 | u64::from(h)) << 1 | u64::from(answer);
    }

    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }

    /// Slots in use.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<u64>()
    }
}

/// One table of canonical short games with its caches.
pub struct Engine {
    pub(crate) arena: Vec<Id>,
    pub(crate) recs: Vec<Rec>,
    pub(crate) nus: NusColumn,
    index: HashTable<Id>,
    nus_index: FxHashMap<Nus, Id>,
    /// Stops of games that are not number-up-star values (those are computed in closed form).
    pub(crate) stops: StopColumn,
    pub(crate) add_cache: FxHashMap<u64, Id>,
    /// `negs[g]`: the id of `-g`, or [`NO_ID`] if not known yet (an array rather than a
    /// cache: the Konane solvers negate the value of every colour-swapped position).
    pub(crate) negs: Vec<Id>,
    pub(crate) negs_known: usize,
    pub(crate) leq_memo: PairMemo,
    pub(crate) birthday_cache: FxHashMap<Id, BigInt>,
    pub(crate) canon_cache: FxHashMap<Box<[Id]>, Id>,
    /// The buffer in which [`Engine::canonical`] builds its keys.
    pub(crate) key_buf: Vec<Id>,
    hook: Option<Hook>,
    steps: u64,
    pub(crate) limit: usize,
    /// The memory budget of the computation in progress (see [`Engine::set_budget`]).
    pub(crate) budget: Budget,
    /// Stack segments the engine's recursion holds now, and the most it may hold.
    segments: usize,
    max_segments: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

fn hash_opts(l: &[Id], r: &[Id]) -> u64 {
    let mut h = FxHasher::default();
    l.hash(&mut h);
    r.hash(&mut h);
    h.finish()
}

fn slices<'a>(arena: &'a [Id], rec: &Rec) -> (&'a [Id], &'a [Id]) {
    let s = rec.start as usize;
    let m = s + rec.nl as usize;
    (&arena[s..m], &arena[m..m + rec.nr as usize])
}

/// What grows in the engine, for the messages of [`memory::Refused`].
const GAMES: &str = "the native engine's table of games";

/// Insert into a cache of at most `limit` entries: it is emptied (keeping its buckets) when
/// it is full, or when it would grow past the memory budget `budget`.
pub(crate) fn bounded_insert<K: Hash + Eq, V>(map: &mut FxHashMap<K, V>, k: K, v: V, limit: usize, budget: &Budget) {
    if map.len() >= limit || !memory::cache_may_grow(budget, map) {
        map.clear();
    }
    map.insert(k, v);
}

impl Engine {
    /// A table holding only 0 (id 0).
    pub fn new() -> Engine {
        let mut e = Engine {
            arena: Vec::new(),
            recs: Vec::new(),
            nus: NusColumn::default(),
            index: HashTable::new(),
            nus_index: FxHashMap::default(),
            stops: StopColumn::default(),
            add_cache: FxHashMap::default(),
            negs: Vec::new(),
            negs_known: 0,
            leq_memo: PairMemo::default(),
            birthday_cache: FxHashMap::default(),
            canon_cache: FxHashMap::default(),
            key_buf: Vec::new(),
            hook: None,
            steps: 0,
            limit: CACHE_LIMIT,
            budget: Budget::UNLIMITED,
            segments: 0,
            max_segments: MAX_STACK_SEGMENTS,
        };
        let zero = e.nus_id(Nus::default()).expect("an empty table has room for 0");
        debug_assert_eq!(zero, Engine::ZERO);
        e
    }

    /// The id of 0.
    pub const ZERO: Id = 0;

    /// Install (or remove) the interrupt hook, called every few thousand steps of work.
    pub fn set_hook(&mut self, hook: Option<Hook>) {
        self.hook = hook;
    }

    /// Install `hook` (or none) and return the one installed before.
    pub fn replace_hook(&mut self, hook: Option<Hook>) -> Option<Hook> {
        std::mem::replace(&mut self.hook, hook)
    }

    /// Set the memory budget of the computation that starts (the table and the caches grow
    /// within it: see [`memory`]) and return the one set before.  The Konane kernels' tables
    /// take the engine's budget when a call starts.
    pub fn set_budget(&mut self, budget: Budget) -> Budget {
        std::mem::replace(&mut self.budget, budget)
    }

    /// The memory budget of the computation in progress.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Set the size at which each operation cache is emptied (for tests).
    pub fn set_cache_limit(&mut self, limit: usize) {
        self.limit = limit.max(1);
    }

    /// Set the most stack segments the engine's recursion may take (for tests; the default
    /// is [`MAX_STACK_SEGMENTS`]).
    pub fn set_stack_bound(&mut self, segments: usize) {
        self.max_segments = segments;
    }

    /// Run `f` one level deeper in the engine's recursion: on a fresh stack segment when the
    /// current one is nearly used up, or [`Error::Overflow`] when the engine holds as many
    /// segments as it may (the stack bound, [`MAX_STACK_SEGMENTS`]).  Nothing is cached by
    /// a call that fails, so the table stays consistent.
    #[inline]
    pub(crate) fn descend<R>(&mut self, f: impl FnOnce(&mut Engine) -> Result<R>) -> Result<R> {
        if stacker::remaining_stack().is_some_and(|left| left >= super::STACK_RED_ZONE) {
            return f(self);
        }
        self.descend_on_new_segment(f)
    }

    #[cold]
    #[inline(never)]
    fn descend_on_new_segment<R>(&mut self, f: impl FnOnce(&mut Engine) -> Result<R>) -> Result<R> {
        if self.segments >= self.max_segments {
            return Err(Error::Overflow(format!(
                "this computation nests deeper than the native engine's stack bound ({} MiB of recursion, \
                 some 400,000 levels of a game tree): a game tree that deep is too big to build",
                self.max_segments * super::STACK_SEGMENT / (1024 * 1024)
            )));
        }
        self.segments += 1;
        let r = stacker::grow(super::STACK_SEGMENT, || f(self));
        self.segments -= 1;
        r
    }

    #[inline]
    pub(crate) fn tick(&mut self) -> Result<()> {
        self.steps = self.steps.wrapping_add(1);
        if self.steps & TICK_MASK == 0 {
            self.poll()?;
        }
        Ok(())
    }

    /// Check the memory budget and call the interrupt hook now (what [`Engine::tick`] does
    /// every few thousand steps), for a caller that counts its own work.
    pub(crate) fn poll(&mut self) -> Result<()> {
        self.budget.check("the native engine's table of games")?;
        if let Some(h) = self.hook.as_mut() {
            if h() {
                return Err(Error::Interrupted);
            }
        }
        Ok(())
    }

    /// Number of games in the table.
    pub fn len(&self) -> usize {
        self.recs.len()
    }

    /// Never true: the table always holds 0.
    pub fn is_empty(&self) -> bool {
        self.recs.is_empty()
    }

    /// `g` as an id of this table, or [`Error::InvalidId`].
    pub fn check(&self, g: u64) -> Result<Id> {
        if g < self.recs.len() as u64 {
            Ok(g as Id)
        } else {
            Err(Error::InvalidId(g))
        }
    }

    fn push(&mut self, rec: Rec, nus: Option<Nus>) -> Result<Id> {
        let gid = self.recs.len();
        if gid >= Id::MAX as usize {
            return Err(Error::Overflow("the table of games is full (2^32 games)".into()));
        }
        let b = self.budget;
        memory::reserve(&b, GAMES, &mut self.recs, 1)?;
        self.nus.reserve(nus.as_ref(), &b, GAMES)?;
        self.stops.reserve(None, &b, GAMES)?;
        self.recs.push(rec);
        self.nus.push(nus);
        self.stops.push(None);
        Ok(gid as Id)
    }

    /// Append option lists to the arena; the record that points at them.
    fn store(&mut self, l: &[Id], r: &[Id]) -> Result<Rec> {
        memory::reserve(&self.budget, GAMES, &mut self.arena, l.len() + r.len())?;
        let start = self.arena.len() as u64;
        self.arena.extend_from_slice(l);
        self.arena.extend_from_slice(r);
        Ok(Rec {
            start,
            nl: l.len() as u32,
            nr: r.len() as u32,
        })
    }

    fn index_insert(&mut self, gid: Id) -> Result<()> {
        let (arena, recs) = (&self.arena, &self.recs);
        let rehash = |&id: &Id| {
            let (l, r) = slices(arena, &recs[id as usize]);
            hash_opts(l, r)
        };
        memory::reserve_table(&self.budget, GAMES, &mut self.index, 1, rehash)?;
        let (l, r) = slices(arena, &recs[gid as usize]);
        let h = hash_opts(l, r);
        self.index.insert_unique(h, gid, rehash);
        Ok(())
    }

    /// The id of the game whose canonical options are exactly `l` and `r` (sorted), if any.
    pub(crate) fn index_get(&self, l: &[Id], r: &[Id]) -> Option<Id> {
        let (arena, recs) = (&self.arena, &self.recs);
        self.index
            .find(hash_opts(l, r), |&id| {
                let (a, b) = slices(arena, &recs[id as usize]);
                a == l && b == r
            })
            .copied()
    }

    /// A new game with these canonical options (sorted), not a number-up-star value.
    pub(crate) fn new_game(&mut self, l: &[Id], r: &[Id]) -> Result<Id> {
        let rec = self.store(l, r)?;
        let gid = self.push(rec, None)?;
        self.index_insert(gid)?;
        Ok(gid)
    }

    /// The id of the number-up-star value `v` (made if new; its options come on demand).
    pub fn nus_id(&mut self, v: Nus) -> Result<Id> {
        if let Some(&g) = self.nus_index.get(&v) {
            return Ok(g);
        }
        memory::reserve_map(&self.budget, GAMES, &mut self.nus_index, 1)?;
        let gid = self.push(
            Rec {
                start: NOT_BUILT,
                nl: 0,
                nr: 0,
            },
            Some(v.clone()),
        )?;
        self.nus_index.insert(v, gid);
        Ok(gid)
    }

    /// The id of the number `x`.
    pub fn number_id(&mut self, x: Dyadic) -> Result<Id> {
        self.nus_id(Nus::number(x))
    }

    /// `(start, nl, nr)` of the options of `g`, building them first for a number-up-star value.
    #[inline]
    pub(crate) fn rec(&mut self, g: Id) -> Result<(usize, usize, usize)> {
        let r = self.recs[g as usize];
        if r.start == NOT_BUILT {
            self.ensure_options(g)?;
            let r = self.recs[g as usize];
            return Ok((r.start as usize, r.nl as usize, r.nr as usize));
        }
        Ok((r.start as usize, r.nl as usize, r.nr as usize))
    }

    /// The Left options of `g` (sorted ids).
    pub fn left_options(&mut self, g: Id) -> Result<Vec<Id>> {
        let (s, nl, _) = self.rec(g)?;
        Ok(self.arena[s..s + nl].to_vec())
    }

    /// The Right options of `g` (sorted ids).
    pub fn right_options(&mut self, g: Id) -> Result<Vec<Id>> {
        let (s, nl, nr) = self.rec(g)?;
        Ok(self.arena[s + nl..s + nl + nr].to_vec())
    }

    /// `x + ^n + *m` if `g` is a number-up-star value.
    pub fn nus(&self, g: Id) -> Option<Nus> {
        self.nus.get(g)
    }

    pub fn is_number(&self, g: Id) -> bool {
        self.nus.is_number(g)
    }

    /// The value of `g` if it is a number.
    pub fn number_value(&self, g: Id) -> Option<Dyadic> {
        self.nus.get(g).filter(Nus::is_number).map(|v| v.x)
    }

    /// Build the canonical options of a number-up-star value.
    fn ensure_options(&mut self, g: Id) -> Result<()> {
        let Nus { x, n, m } = self.nus.get(g).expect("only number-up-star values lack options");
        let num = |e: &mut Engine, x: Dyadic| e.number_id(x);
        let (l, r): (Vec<Id>, Vec<Id>) = if n == 0 && m == 0 {
            if x.is_integer() {
                match x.signum() {
                    std::cmp::Ordering::Greater => (vec![num(self, x.sub(&Dyadic::int(1)))?], vec![]),
                    std::cmp::Ordering::Less => (vec![], vec![num(self, x.add(&Dyadic::int(1)))?]),
                    std::cmp::Ordering::Equal => (vec![], vec![]),
                }
            } else {
                let e = x.unit();
                (vec![num(self, x.sub(&e))?], vec![num(self, x.add(&e))?])
            }
        } else if n == 0 {
            if m > MAX_NIMBER_OPTIONS {
                return Err(Error::Overflow(format!(
                    "the options of *{m} are too many to build (the native engine builds at most {MAX_NIMBER_OPTIONS})"
                )));
            }
            let mut o = Vec::with_capacity(m as usize);
            for j in 0..m {
                o.push(self.nus_id(Nus::new(x.clone(), 0, j))?);
            }
            o.sort_unstable();
            (o.clone(), o)
        } else if n == 1 && m == 1 {
            let a = num(self, x.clone())?;
            let b = self.nus_id(Nus::new(x, 0, 1))?;
            (sorted2(a, b), vec![a])
        } else if n == -1 && m == 1 {
            let a = num(self, x.clone())?;
            let b = self.nus_id(Nus::new(x, 0, 1))?;
            (vec![a], sorted2(a, b))
        } else if n > 0 {
            let a = num(self, x.clone())?;
            let b = self.nus_id(Nus::new(x, n - 1, m ^ 1))?;
            (vec![a], vec![b])
        } else {
            let a = num(self, x.clone())?;
            let b = self.nus_id(Nus::new(x, n + 1, m ^ 1))?;
            (vec![b], vec![a])
        };
        let rec = self.store(&l, &r)?;
        self.recs[g as usize] = rec;
        if self.index_get(&l, &r).is_none() {
            self.index_insert(g)?;
        }
        Ok(())
    }

    /// The id of the game with these canonical options (sorted), recognising
    /// number-up-star values so that each value has one id.
    pub(crate) fn intern(&mut self, l: &[Id], r: &[Id]) -> Result<Id> {
        if let Some(g) = self.index_get(l, r) {
            return Ok(g);
        }
        if let Some(v) = self.recognise(l, r)? {
            let g = self.nus_id(v)?;
            if self.recs[g as usize].start == NOT_BUILT {
                let rec = self.store(l, r)?;
                self.recs[g as usize] = rec;
                self.index_insert(g)?;
            }
            return Ok(g);
        }
        self.new_game(l, r)
    }

    /// `Some(v)` if the canonical options `{l | r}` form the number-up-star value `v`.
    fn recognise(&self, l: &[Id], r: &[Id]) -> Result<Option<Nus>> {
        let (nl, nr) = (l.len(), r.len());
        let nus = |i: Id| self.nus.get(i);
        if nl == 0 && nr == 0 {
            return Ok(Some(Nus::default()));
        }
        if nl + nr == 1 {
            let v = if nl == 1 { nus(l[0]) } else { nus(r[0]) };
            let Some(v) = v else { return Ok(None) };
            if !v.is_number() || !v.x.is_integer() {
                return Ok(None);
            }
            let s = v.x.signum();
            if nl == 1 && s != std::cmp::Ordering::Less {
                return Ok(Some(Nus::number(v.x.add(&Dyadic::int(1)))));
            }
            if nr == 1 && s != std::cmp::Ordering::Greater {
                return Ok(Some(Nus::number(v.x.sub(&Dyadic::int(1)))));
            }
            return Ok(None);
        }
        if l.iter().chain(r).any(|&i| !self.nus.is_some(i)) {
            return Ok(None);
        }
        let v = |i: Id| self.nus.get(i).expect("checked above");
        if nl == 1 && nr == 1 {
            let (a, b) = (v(l[0]), v(r[0]));
            if a.is_number() && b.is_number() {
                return Ok(match a.x.cmp(&b.x) {
                    std::cmp::Ordering::Less => Some(Nus::number(a.x.add(&b.x).half())),
                    std::cmp::Ordering::Equal => Some(Nus::new(a.x.clone(), 0, 1)),
                    std::cmp::Ordering::Greater => None,
                });
            }
            if b.x == a.x && a.is_number() && b.n >= 0 {
                let n = b.n.checked_add(1).ok_or_else(up_overflow)?;
                return Ok(Some(Nus::new(a.x.clone(), n, b.m ^ 1)));
            }
            if a.x == b.x && b.is_number() && a.n <= 0 {
                let n = a.n.checked_sub(1).ok_or_else(up_overflow)?;
                return Ok(Some(Nus::new(b.x.clone(), n, a.m ^ 1)));
            }
            return Ok(None);
        }
        if nl == 2 && nr == 1 {
            let x = v(r[0]);
            return Ok(if x.is_number() && is_x_and_xstar(&x, &v(l[0]), &v(l[1])) {
                Some(Nus::new(x.x.clone(), 1, 1))
            } else {
                None
            });
        }
        if nl == 1 && nr == 2 {
            let x = v(l[0]);
            return Ok(if x.is_number() && is_x_and_xstar(&x, &v(r[0]), &v(r[1])) {
                Some(Nus::new(x.x.clone(), -1, 1))
            } else {
                None
            });
        }
        if l == r {
            let x = &v(l[0]).x;
            if l.iter().all(|&i| {
                let w = v(i);
                w.x == *x && w.n == 0 && w.m < nl as u64
            }) {
                return Ok(Some(Nus::new(x.clone(), 0, nl as u64)));
            }
        }
        Ok(None)
    }

    /// Empty the operation caches (not the table).
    pub fn clear_caches(&mut self) {
        self.add_cache.clear();
        self.negs.clear();
        self.negs_known = 0;
        self.leq_memo.clear();
        self.birthday_cache.clear();
        self.canon_cache.clear();
        self.stops.clear();
    }

    /// Sizes of the table and caches, and the approximate bytes they hold.
    pub fn cache_info(&self) -> CacheInfo {
        fn map<K, V>(m: &FxHashMap<K, V>) -> usize {
            m.capacity() * (size_of::<K>() + size_of::<V>() + 1)
        }
        fn slices_bytes<V>(m: &FxHashMap<Box<[Id]>, V>) -> usize {
            m.keys().map(|k| k.len() * size_of::<Id>()).sum()
        }
        let bytes = self.arena.capacity() * size_of::<Id>()
            + self.recs.capacity() * size_of::<Rec>()
            + self.nus.bytes()
            + self.stops.bytes()
            + self.index.capacity() * (size_of::<Id>() + 1)
            + map(&self.nus_index)
            + map(&self.add_cache)
            + self.negs.capacity() * size_of::<Id>()
            + self.leq_memo.bytes()
            + map(&self.birthday_cache)
            + map(&self.canon_cache)
            + slices_bytes(&self.canon_cache);
        CacheInfo {
            games: self.recs.len(),
            add: self.add_cache.len(),
            neg: self.negs_known,
            leq: self.leq_memo.len(),
            birthday: self.birthday_cache.len(),
            stops: self.stops.known(),
            canonical: self.canon_cache.len(),
            limit: self.limit,
            bytes,
        }
    }
}

fn sorted2(a: Id, b: Id) -> Vec<Id> {
    if a < b {
        vec![a, b]
    } else {
        vec![b, a]
    }
}

fn is_x_and_xstar(x: &Nus, a: &Nus, b: &Nus) -> bool {
    let is_star = |w: &Nus| w.x == x.x && w.n == 0 && w.m == 1;
    (a == x && is_star(b)) || (b == x && is_star(a))
}

pub(crate) fn up_overflow() -> Error {
    Error::Overflow("a multiple of up beyond 64 bits is out of the native engine's range".into())
}
