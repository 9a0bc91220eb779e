//! The bytes the native core holds, and the budget of a computation.
//!
//! The crate's allocator is [`Counting`] (around mimalloc, in `lib.rs`): it counts every
//! byte the native core allocates and frees, so [`held`] is what the engine, the Konane
//! kernels' tables and their buffers hold at a moment (each thread adds up its own changes
//! and passes them on by [`FLUSH`] bytes at a time, so the count is right within that
//! much a thread).  A long computation gets a [`Budget`]: the bytes the process may grow by
//! during it.  The large tables ask it before they grow, for the whole new buffer while the
//! old one is still held (the peak of a growth), and a growth that would pass the budget is
//! refused ([`Refused`]) and the table stays as it was: [`reserve`] for vectors,
//! [`reserve_map`] and [`reserve_table`] for hash tables.  A cache that may not grow is
//! emptied instead ([`cache_may_grow`]).  What grows by small steps in between (option
//! lists, boxed keys) is caught by [`Budget::check`], which the engine's tick calls every
//! few thousand steps.  The allocations asked for here are fallible: an allocation the
//! system refuses (a cap on the address space, a container's memory limit) is a
//! [`Refused`] too, never an abort.
//!
//! The budget bounds the growth of the process, not only of what the core holds: the
//! allocator rounds blocks up and keeps part of what is freed, so the resident memory of
//! the process grows by more than [`held`] (by twice as much on a search, before
//! [`give_back_freed_memory`] set the allocator to give freed pages back at once).  A large
//! growth (of [`LARGE`] bytes or more, rare:
//! a table doubling) is therefore also checked against the growth of the resident memory
//! ([`resident`]).  Reading it costs tens of microseconds (more than a small computation),
//! so a budget reads it only at such a growth: its baseline is read at the first one, less
//! the growth counted until then (a computation that never grows that much never reads it).

use hashbrown::HashTable;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::mem::size_of;
use std::sync::atomic::{AtomicIsize, AtomicU64, Ordering};
use std::sync::Mutex;

/// Bytes held by the native core, passed on by the threads (see [`held`]).
static HELD: AtomicIsize = AtomicIsize::new(0);

/// A thread passes its changes on to [`HELD`] when they add up to this many bytes (up or
/// down): [`held`] is right within this much a thread.
pub const FLUSH: isize = 1 << 16;

thread_local! {
    /// The changes of this thread not yet passed on.
    static DRIFT: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn count(delta: isize) {
    // a thread-local of a constant, with no destructor: always there, even while the
    // thread is torn down (then the change goes straight to the total)
    let kept = DRIFT.try_with(|d| {
        let v = d.get() + delta;
        if v.abs() >= FLUSH {
            HELD.fetch_add(v, Ordering::Relaxed);
            d.set(0);
        } else {
            d.set(v);
        }
    });
    if kept.is_err() {
        HELD.fetch_add(delta, Ordering::Relaxed);
    }
}

/// The bytes the native core holds now (within [`FLUSH`] bytes a thread).
pub fn held() -> usize {
    HELD.load(Ordering::Relaxed).max(0) as usize
}

/// The resident memory of the process in bytes (`VmRSS` of `/proc/self/status`), or `None`
/// where it cannot be read (not on Linux).
pub fn resident() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A growth of at least this many bytes is checked against the resident memory too (see the
/// module's documentation): reading it costs some microseconds, a growth this large costs
/// more.
pub const LARGE: usize = 1 << 20;

/// An allocator that counts the bytes it hands out and takes back, around the allocator `A`.
pub struct Counting<A>(pub A);

// SAFETY: every call goes to `A` unchanged; only the sizes of the successful ones are counted.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = self.0.alloc(layout);
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = self.0.alloc_zeroed(layout);
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.0.dealloc(ptr, layout);
        count(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = self.0.realloc(ptr, layout, new_size);
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

// The options of mimalloc (the crate's allocator, in `lib.rs`), by their numbers in the
// `mi_option_e` of the mimalloc built by `libmimalloc-sys` 0.1.49 (mimalloc 3).
extern "C" {
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_arena_eager_commit` (default 2: commit a whole arena of 1 GiB at once where
/// the system overcommits, as Linux does) and `mi_option_purge_delay` (default 1000: freed
/// memory goes back to the system a second later): each with its number, its default and
/// its environment variable.
const EAGER_COMMIT: (std::ffi::c_int, std::ffi::c_long, &str) = (4, 2, "MIMALLOC_ARENA_EAGER_COMMIT");
const PURGE_DELAY: (std::ffi::c_int, std::ffi::c_long, &str) = (15, 1000, "MIMALLOC_PURGE_DELAY");

/// Make the allocator commit memory as it is used and give freed memory back to the system
/// at once: what the process holds is then close to what the native core holds.
///
/// With mimalloc's defaults the resident memory of a search grew by twice what its tables
/// held: on the 6x6 opening c3 c4 (one thread, 1.19 million nodes) 126 MB for 69 MB held,
/// 75 MB with both options changed, in the same time; the 5x6 start's value peaks at 494-498
/// MB against 542-547 MB, as fast with huge pages asked for its large tables (`huge_pages`).
/// An option the user set in the environment is left as set, and so is one whose value is
/// not the default expected of it (another mimalloc, whose options are numbered otherwise).
/// Called once, before the first computation (not thread safe: mimalloc's options are plain
/// globals).
pub fn give_back_freed_memory() {
    for (option, default, var) in [EAGER_COMMIT, PURGE_DELAY] {
        if std::env::var_os(var).is_some() {
            continue;
        }
        // SAFETY: plain reads and writes of mimalloc's option table, before any other
        // thread of this crate runs.
        unsafe {
            if mi_option_get(option) == default {
                mi_option_set(option, 0);
            }
        }
    }
}

/// A growth that was refused: by the [`Budget`] of the computation, or by the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// What was to grow ("the engine's table of games", ...).
    pub what: &'static str,
    /// The bytes asked for.
    pub wanted: usize,
    /// The bytes the native core had grown by in the computation, and its budget; `None`
    /// if the system refused the allocation (within the budget, or with no budget).
    pub budget: Option<(usize, usize)>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wanted = separated(self.wanted);
        match self.budget {
            Some((grown, max)) => write!(
                f,
                "{} needed {wanted} bytes more, past the computation's budget of {} bytes (the process \
                 had grown by {} bytes)",
                self.what,
                separated(max),
                separated(grown)
            ),
            None => write!(
                f,
                "the system refused the {wanted} bytes that {} asked for (the process may use no more \
                 memory)",
                self.what
            ),
        }
    }
}

impl std::error::Error for Refused {}

/// `n` with commas between the thousands (`4,362,076,176`), as the Python messages write it.
fn separated(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The bytes the process may grow by during one computation: from what the native core
/// held and the process's resident memory when the budget was made, at most `max` more of
/// either ([`Budget::UNLIMITED`]: no limit; the resident memory is read at the first large
/// growth, see the module's documentation).  Copies of a budget are the same budget (the
/// tables of a call each keep one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    base: usize,
    max: usize,
    /// This budget among those made in the process (for its baseline of resident memory).
    id: u64,
}

/// The budgets made so far (their ids).
static BUDGETS: AtomicU64 = AtomicU64::new(1);

/// The baselines of resident memory of the budgets that needed one, in [`SLOTS`] slots (a
/// budget's is the slot of its id modulo [`SLOTS`]): its id and the baseline.  One
/// computation at a time works with a budget in the library; the slots keep budgets made
/// close together apart (the unit tests' threads).  A budget whose slot another took reads
/// its baseline again when it needs it.
static BASELINES: Mutex<[(u64, usize); SLOTS]> = Mutex::new([(0, 0); SLOTS]);

/// The slots of [`BASELINES`].
const SLOTS: usize = 8;

impl Default for Budget {
    fn default() -> Budget {
        Budget::UNLIMITED
    }
}

impl Budget {
    /// No limit (only the system's).
    pub const UNLIMITED: Budget = Budget {
        base: 0,
        max: usize::MAX,
        id: 0,
    };

    /// A budget of `max` bytes from now (`None`: [`Budget::UNLIMITED`]).
    pub fn new(max: Option<usize>) -> Budget {
        match max {
            Some(max) => Budget {
                base: held(),
                max,
                id: BUDGETS.fetch_add(1, Ordering::Relaxed),
            },
            None => Budget::UNLIMITED,
        }
    }

    /// The growth of the resident memory since the budget was made, if it can be read: now
    /// less the baseline, which the first call reads as the resident memory less the growth
    /// counted so far.
    fn resident_growth(&self) -> Option<usize> {
        let now = resident()?;
        let mut slots = BASELINES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let slot = &mut slots[(self.id % SLOTS as u64) as usize];
        if slot.0 != self.id {
            *slot = (self.id, now.saturating_sub(self.grown()));
        }
        Some(now.saturating_sub(slot.1))
    }

    /// The limit in bytes, if any.
    pub fn max(&self) -> Option<usize> {
        (self.max != usize::MAX).then_some(self.max)
    }

    /// The bytes the native core has grown by since the budget was made.
    pub fn grown(&self) -> usize {
        held().saturating_sub(self.base)
    }

    /// Whether `more` bytes may be allocated now (`what` grows); else why not.  The growth
    /// so far is the native core's ([`held`]), and for a growth of [`LARGE`] bytes or more
    /// the larger of that and the resident memory's.
    #[inline]
    pub fn allows(&self, what: &'static str, more: usize) -> Result<(), Refused> {
        if self.max == usize::MAX {
            return Ok(());
        }
        let mut grown = self.grown();
        if more >= LARGE {
            if let Some(rss) = self.resident_growth() {
                grown = grown.max(rss);
            }
        }
        if grown.saturating_add(more) <= self.max {
            Ok(())
        } else {
            Err(Refused {
                what,
                wanted: more,
                budget: Some((grown, self.max)),
            })
        }
    }

    /// Whether the native core is still within the budget (for the growths by small steps,
    /// checked now and then).
    #[inline]
    pub fn check(&self, what: &'static str) -> Result<(), Refused> {
        self.allows(what, 0)
    }
}

/// The system refused `wanted` bytes for `what`.
fn system(what: &'static str, wanted: usize) -> Refused {
    Refused {
        what,
        wanted,
        budget: None,
    }
}

/// Make room in `v` for `additional` more items (`what` grows): at once if it has it, else
/// a new buffer of twice the capacity (at least what is needed), asked of the budget first
/// (the old buffer is held until the items have moved) and of the allocator without
/// aborting.  A refusal leaves `v` as it was.
#[inline]
pub fn reserve<T>(budget: &Budget, what: &'static str, v: &mut Vec<T>, additional: usize) -> Result<(), Refused> {
    if v.capacity() - v.len() >= additional {
        return Ok(());
    }
    grow_vec(budget, what, v, additional)
}

#[cold]
#[inline(never)]
fn grow_vec<T>(budget: &Budget, what: &'static str, v: &mut Vec<T>, additional: usize) -> Result<(), Refused> {
    let item = size_of::<T>().max(1);
    let need = v.len().saturating_add(additional);
    let cap = need.max(v.capacity().saturating_mul(2)).max(4);
    let bytes = cap.saturating_mul(item);
    budget.allows(what, bytes)?;
    v.try_reserve_exact(cap - v.len()).map_err(|_| system(what, bytes))?;
    huge_pages(v.as_ptr().cast(), v.capacity() * item);
    Ok(())
}

/// The size of a huge page of the processors this runs on (x86-64, AArch64 with 4 KiB pages).
const HUGE_PAGE: usize = 2 << 20;

/// Ask the system to back the whole huge pages inside the buffer of `bytes` bytes at `p` by
/// huge pages (transparent huge pages, where the system gives them on request: `madvise`
/// mode): a table read at random (the value solver's position table, the engine's
/// records) then takes one entry of the processor's page tables (TLB) per 2 MiB rather
/// than per 4 KiB.  The allocator commits memory as it is used (see
/// [`give_back_freed_memory`]), which loses the huge pages it took for its arenas; taking
/// them back for the large tables kept the speed of the value solver (the 5x6 start:
/// see `benchmarks/README.md`).  Only a hint: nothing changes where it is not granted.
fn huge_pages(p: *const u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    if bytes >= 2 * HUGE_PAGE {
        let start = (p as usize).next_multiple_of(HUGE_PAGE);
        let end = (p as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
        if end > start {
            // SAFETY: advice on pages of a buffer this process holds; it changes no contents.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (p, bytes, HUGE_PAGE);
}

/// The buckets of a hash table (hashbrown's rule) that holds `items` after growing.
fn buckets_for(items: usize) -> usize {
    if items < 4 {
        4
    } else if items < 8 {
        8
    } else {
        (items.saturating_mul(8) / 7).next_power_of_two()
    }
}

/// The bytes of the new buckets of a hash table of `len` items and `capacity` that grows
/// by `additional`: entries of `entry` bytes, one control byte each.
fn table_bytes(len: usize, capacity: usize, additional: usize, entry: usize) -> usize {
    let items = len.saturating_add(additional).max(capacity.saturating_add(1));
    buckets_for(items).saturating_mul(entry + 1).saturating_add(16)
}

/// Make room in the hash map `m` for `additional` more entries, as [`reserve`] does.
#[inline]
pub fn reserve_map<K: Eq + Hash, V, S: BuildHasher>(
    budget: &Budget,
    what: &'static str,
    m: &mut HashMap<K, V, S>,
    additional: usize,
) -> Result<(), Refused> {
    if m.capacity() - m.len() >= additional {
        return Ok(());
    }
    grow_map(budget, what, m, additional)
}

/// Make room in the hash map `m` for `additional` more entries, as [`reserve_map`] does, for
/// a map that drops entries when refused (a cache): `full` is its capacity with no erased
/// entries in it (what [`HashMap::capacity`] reads right after a growth; kept here, 0 for a
/// new map).  Erased entries use up a map's room without freeing it, and the map then
/// rehashes in place, with no memory, where it holds at most half of `full`: the budget is
/// asked only for a growth, and the growth of a map with entries must leave a quarter of
/// the budget to what cannot drop entries (else the caches would take all of it).
pub fn reserve_map_in_place<K: Eq + Hash, V, S: BuildHasher>(
    budget: &Budget,
    what: &'static str,
    m: &mut HashMap<K, V, S>,
    additional: usize,
    full: &mut usize,
) -> Result<(), Refused> {
    if m.capacity() - m.len() >= additional {
        return Ok(());
    }
    if m.len().saturating_add(additional) <= *full / 2 {
        m.try_reserve(additional).map_err(|_| system(what, 0))?;
    } else {
        let bytes = table_bytes(m.len(), m.capacity(), additional, size_of::<(K, V)>());
        // (an empty map has nothing to drop: its first buckets ask the budget alone)
        let room = if m.is_empty() {
            0
        } else {
            budget.max().map_or(0, |max| max / 4)
        };
        budget
            .allows(what, bytes.saturating_add(room))
            .map_err(|r| Refused { wanted: bytes, ..r })?;
        m.try_reserve(additional).map_err(|_| system(what, bytes))?;
    }
    *full = m.capacity();
    Ok(())
}

#[cold]
#[inline(never)]
fn grow_map<K: Eq + Hash, V, S: BuildHasher>(
    budget: &Budget,
    what: &'static str,
    m: &mut HashMap<K, V, S>,
    additional: usize,
) -> Result<(), Refused> {
    let bytes = table_bytes(m.len(), m.capacity(), additional, size_of::<(K, V)>());
    budget.allows(what, bytes)?;
    m.try_reserve(additional).map_err(|_| system(what, bytes))
}

/// Make room in the hash table `t` for `additional` more entries (`hasher` hashes an entry
/// again), as [`reserve`] does.
#[inline]
pub fn reserve_table<T>(
    budget: &Budget,
    what: &'static str,
    t: &mut HashTable<T>,
    additional: usize,
    hasher: impl Fn(&T) -> u64,
) -> Result<(), Refused> {
    if t.capacity() - t.len() >= additional {
        return Ok(());
    }
    let bytes = table_bytes(t.len(), t.capacity(), additional, size_of::<T>());
    budget.allows(what, bytes)?;
    t.try_reserve(additional, hasher).map_err(|_| system(what, bytes))
}

/// Whether the cache `m` may take one more entry without passing the budget: it has room,
/// or may grow (else the caller empties it, which keeps its buckets).
#[inline]
pub fn cache_may_grow<K: Eq + Hash, V, S: BuildHasher>(budget: &Budget, m: &mut HashMap<K, V, S>) -> bool {
    m.capacity() > m.len() || reserve_map(budget, "a cache", m, 1).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn the_allocator_options_are_those_expected_and_are_set() {
        // mimalloc's defaults as its `mimalloc.h` documents them: a mimalloc whose options
        // are numbered otherwise fails here, not silently in a measurement
        for (option, default, var) in [EAGER_COMMIT, PURGE_DELAY] {
            if std::env::var_os(var).is_none() {
                // SAFETY: a read of mimalloc's option table
                let now = unsafe { mi_option_get(option) };
                assert!(now == default || now == 0, "{var}: {now}");
            }
        }
        give_back_freed_memory();
        for (option, _, var) in [EAGER_COMMIT, PURGE_DELAY] {
            if std::env::var_os(var).is_none() {
                // SAFETY: as above
                assert_eq!(unsafe { mi_option_get(option) }, 0, "{var}");
            }
        }
    }

    #[test]
    fn the_count_follows_allocations() {
        // the count moves by what this thread allocates (other tests allocate meanwhile:
        // a generous margin), and comes back when it is freed
        let before = held();
        let big: Vec<u8> = Vec::with_capacity(1 << 30); // address space: no page is touched
        let during = held();
        assert!(during >= before + (900 << 20), "{before} -> {during}");
        drop(big);
        assert!(held() + (800 << 20) < during);
    }

    #[test]
    fn a_budget_refuses_a_growth_past_it_and_leaves_the_vector_as_it_was() {
        let mut v: Vec<u64> = Vec::new();
        let none = Budget::new(Some(0));
        let r = reserve(&none, "the test's vector", &mut v, 1).unwrap_err();
        assert_eq!(
            (r.what, r.wanted, r.budget.map(|b| b.1)),
            ("the test's vector", 32, Some(0))
        );
        assert_eq!(v.capacity(), 0);
        // within a budget: the vector doubles
        let mut v: Vec<u64> = Vec::with_capacity(1000);
        v.resize(1000, 7);
        reserve(&Budget::new(Some(1 << 30)), "v", &mut v, 1).unwrap();
        assert!(v.capacity() >= 2000);
        assert_eq!(v.iter().sum::<u64>(), 7000);
        // the old buffer counts during the growth: a budget of exactly the new buffer
        // refuses it once anything else is held
        let mut m: FxHashMap<u64, u64> = FxHashMap::default();
        for i in 0..1000 {
            m.insert(i, i);
        }
        let cap = m.capacity();
        let full: Vec<u64> = (0..cap as u64 - m.len() as u64).collect();
        for i in full {
            m.insert(1000 + i, i);
        }
        assert!(reserve_map(&Budget::new(Some(1000)), "m", &mut m, 1).is_err());
        assert_eq!(m.capacity(), cap);
        reserve_map(&Budget::UNLIMITED, "m", &mut m, 1).unwrap();
        assert!(m.capacity() > cap);
    }

    #[test]
    fn a_map_that_drops_half_its_entries_when_refused_never_grows_again() {
        // a full map under a budget of nothing: each time its room runs out (erased entries
        // use it up before the map holds what it held, std's hash map) the growth is refused;
        // half its entries dropped, room is made without memory (a rehash in place, or the
        // room the erasures freed), the capacity never above that of the first growth
        let mut m: FxHashMap<u64, u64> = FxHashMap::default();
        let mut full = 0;
        reserve_map_in_place(&Budget::UNLIMITED, "m", &mut m, 100_000, &mut full).unwrap();
        let first = full;
        assert_eq!(full, m.capacity());
        let none = Budget::new(Some(0));
        let mut rng = crate::engine::testkit::Rng(0x1234_5678);
        let mut refused = 0;
        for _ in 0..20_000_000 {
            if reserve_map_in_place(&none, "m", &mut m, 1, &mut full).is_err() {
                refused += 1;
                let before = m.len();
                let mut k = 0u64;
                m.retain(|_, _| {
                    k += 1;
                    k.is_multiple_of(2) && 2 * k < before as u64
                });
                assert!(m.len() < full / 2);
                reserve_map_in_place(&none, "m", &mut m, 1, &mut full).unwrap();
                if refused == 30 {
                    break;
                }
            }
            m.insert(rng.next(), 0);
            assert!(m.capacity() <= first && full == first);
        }
        assert_eq!(refused, 30);
    }

    #[test]
    fn the_system_refusal_is_an_error_not_an_abort() {
        // more than any address space: the allocator refuses, the vector is unchanged
        let mut v: Vec<u8> = vec![0; 16];
        let r = reserve(&Budget::UNLIMITED, "v", &mut v, usize::MAX / 4).unwrap_err();
        assert_eq!(r.budget, None);
        assert!(r.to_string().starts_with("the system refused the "), "{r}");
        assert_eq!(v.len(), 16);
    }

    #[test]
    fn messages_say_the_bytes() {
        assert_eq!(separated(4_362_076_176), "4,362,076,176");
        assert_eq!(separated(0), "0");
        assert_eq!(separated(999), "999");
        assert_eq!(separated(1000), "1,000");
        let r = Refused {
            what: "the solver's position table",
            wanted: 2048,
            budget: Some((1_000_000, 1 << 20)),
        };
        assert_eq!(
            r.to_string(),
            "the solver's position table needed 2,048 bytes more, past the computation's budget of \
             1,048,576 bytes (the process had grown by 1,000,000 bytes)"
        );
    }
}
