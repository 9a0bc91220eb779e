//! The value solver: the value of a position as an id of the engine's table.
//!
//! A port of `konane/_solver.py` (the reference backend, which it is tested against).  The
//! position asked for is split into regions ([`footprint`](super::footprint)); each region is
//! normalised and looked up in the region table (normal form -> id), otherwise computed from
//! its options; inside a region a position is played out where it stands (memo on the exact
//! position, reduced by the region's own symmetries and the colour swap), never split again
//! but in a region that is one line (at its exact cuts), as in the Python solver.  The two
//! halves of a call, the walk over the positions and the valuation of their option lists, run
//! in one thread or ([`Solver::threads`]) in two ([`pipeline`]), the second joining a call
//! once it has valued [`Solver::pipe_after`] records.
//!
//! Values are ids of an [`Engine`]: the canonical form of the options' ids (through the
//! [`Shortcuts`](crate::engine::shortcut::Shortcuts), which settle most positions before the
//! engine's general path), `neg` for colour-swapped entries, `add` for sums.  When a call
//! ends, finished or not, its tables hold only finished values (a piped call's references to
//! values still to come are replaced by them or dropped), so an interrupted call (the
//! engine's interrupt hook, or the call's check callback: see [`Solver::value`]) leaves them
//! consistent.

use super::bits::{
    automorphisms, captures, images, least_image, least_image_after, line_step, neighbours, Mask, Shapes, Sym,
};
use super::board::{check_board, check_kept};
use super::decompose::line_regions;
use super::footprint::footprint_region_masks;
use super::pipeline::{self, options_header, start_worker, sum_header, Ref, Shared, Sink, Starter, Valuer};
use super::postable::{self, parity_class, Key as PosKey, Place, Table};
use super::{Check, Error, Result, Rules, Ticker, CHECK_EVERY};
use crate::engine::memory::{self, Budget};
use crate::engine::{self, Engine, Hook, Id};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread::{Scope, ScopedJoinHandle};

#[cfg(test)]
mod tests;

/// What one call of [`Solver::value`] carries through the recursion: where its records go
/// (valued at once, or sent to the worker) and the positions computed in this call, counted
/// for the check callback.
struct Call<'e, 's, 'b> {
    sink: Sink<'e, 's>,
    ticker: Ticker<'b, CHECK_EVERY>,
}

/// A key of the region table: a normalised region and the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    cells: Mask,
    black: Mask,
    white: Mask,
    stride: u8,
    multi: bool,
}

/// The cells of a normalised region and what every position of it shares.
struct Frame {
    place: Place,
    stride: u32,
    cells: Mask,
    /// The symmetries of the first position met in the frame (none on a line).
    syms: Vec<Sym>,
    /// The step of a frame that is one line, else 0.
    line: u32,
}

/// Counters of a [`Solver`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Entries of the position table (exact positions and regions in their frames).
    pub positions: usize,
    /// Entries of the region table (normal forms).
    pub regions: usize,
    /// Positions computed from their options, over the solver's life.
    pub computed: u64,
    /// Region lookups that found / did not find the normal form.
    pub hits: u64,
    pub misses: u64,
    /// Calls whose valuation went to a worker thread (see [`Solver::pipe_after`]).
    pub piped: u64,
}

/// The value solver: its tables map positions to ids of one [`Engine`], which must be the
/// engine passed to every call (the ids are that table's).
///
/// A call runs in one thread, or in two ([`Solver::threads`]): the walk over the positions
/// on the caller's thread and their valuation on a worker (see [`pipeline`]).
pub struct Solver {
    tables: Tables,
    stacks: Stacks,
    valuer: Valuer,
    /// Threads a call may use: 1; 2 for the piped mode of [`pipeline`] (the walk on the
    /// caller's thread, the valuation on a worker); `n` of 3 or more for `n - 2` helpers
    /// walking beside the caller's walk (lazy SMP: the same walk in other orders of the
    /// options, [`order`]), all sharing the tables behind one lock, their records valued by
    /// the one worker.  Default: 2 where the machine has two processors or more.
    pub threads: usize,
    /// In two threads, a call values this many records in the caller's thread before it
    /// starts the worker: most calls are over before that, and starting and joining a
    /// thread would cost them more than it gains.
    pub pipe_after: u64,
    piped: u64,
    computed: u64,
    hits: u64,
    misses: u64,
}

/// The default of [`Solver::pipe_after`]: some milliseconds of work.
pub const PIPE_AFTER: u64 = 4096;

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            tables: Tables::default(),
            stacks: Stacks::default(),
            valuer: Valuer::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
            pipe_after: PIPE_AFTER,
            piped: 0,
            computed: 0,
            hits: 0,
            misses: 0,
        }
    }
}

/// The tables of the walk over the positions, which its walkers share (see [`Access`]): the
/// position table and the region table (of [`Ref`]s: ids, and in a piped call the slots of
/// values still to come), the frames and the normal forms of shapes met.
#[derive(Default)]
struct Tables {
    raw: Table,
    regions: FxHashMap<Key, u32>,
    frames: FxHashMap<(u32, Mask, bool, bool), Arc<Frame>>,
    shapes: Shapes,
    /// The keys of the position table's entries that name values still to come, while
    /// there are at most [`JOURNAL_MAX`] (past that, `journal_full`: the maps with such
    /// entries are gone through whole, which costs little beside computing that many
    /// positions).
    journal: Vec<(u32, PosKey)>,
    journal_full: bool,
    /// The keys of the region table's entries that name values still to come (a few per
    /// call: regions are normal forms).
    region_journal: Vec<Key>,
    /// Once [`Solver::new_regions`] was called: the keys of the regions valued since its
    /// last call.
    log: Option<Vec<Key>>,
    /// The memory budget of the call (the engine's when it starts): the tables grow within it.
    budget: Budget,
}

/// The stacks of one walker's recursion: the moves and the options' references of the
/// positions being computed, and the positions stored for the options being looked up (see
/// [`Walker::options_ids`]); kept from call to call (no allocation per position).
///
/// Aligned to lines of their own: the caller's walker changes them at every position while
/// the worker changes the valuer's vectors, which the solver keeps beside them (sharing a
/// cache line, the two threads slowed each other: 1.2 times the time of a call in two).
#[derive(Default)]
#[repr(align(128))]
struct Stacks {
    moves: Vec<(Mask, Mask)>,
    opts: Vec<u32>,
    reps: Vec<(Mask, Mask, u8, PosKey)>,
}

/// How a walker reaches the [`Tables`]: a `RefCell` for a walk alone, a read-write lock for
/// the walkers of a call in several threads ([`Solver::threads`] of 3 or more).  A walker
/// holds a borrow only for a lookup or a store, never across the recursion.
trait Access {
    type Read<'a>: std::ops::Deref<Target = Tables>
    where
        Self: 'a;
    type Write<'a>: std::ops::DerefMut<Target = Tables>
    where
        Self: 'a;
    fn read(&self) -> Self::Read<'_>;
    fn write(&self) -> Self::Write<'_>;
    /// The lock the helpers share, if the tables are behind one.
    fn shared(&self) -> Option<&RwLock<Tables>>;
}

impl Access for RefCell<Tables> {
    type Read<'a> = std::cell::Ref<'a, Tables>;
    type Write<'a> = std::cell::RefMut<'a, Tables>;
    #[inline]
    fn read(&self) -> Self::Read<'_> {
        self.borrow()
    }
    #[inline]
    fn write(&self) -> Self::Write<'_> {
        self.borrow_mut()
    }
    fn shared(&self) -> Option<&RwLock<Tables>> {
        None
    }
}

impl Access for RwLock<Tables> {
    type Read<'a> = RwLockReadGuard<'a, Tables>;
    type Write<'a> = RwLockWriteGuard<'a, Tables>;
    #[inline]
    fn read(&self) -> Self::Read<'_> {
        // a walker that panicked is a bug that the call raises once its threads are joined
        self.read().unwrap_or_else(PoisonError::into_inner)
    }
    #[inline]
    fn write(&self) -> Self::Write<'_> {
        self.write().unwrap_or_else(PoisonError::into_inner)
    }
    fn shared(&self) -> Option<&RwLock<Tables>> {
        Some(self)
    }
}

/// One walker over the positions of a call: the caller's (`turn` 0), or a helper of a call
/// in several threads (`turn` 1, 2, ...), which walks the same positions taking the options
/// of each in another order ([`order`]), so the walkers spread over the positions and find
/// in the tables what the others have computed.
struct Walker<'t, A> {
    t: &'t A,
    st: &'t mut Stacks,
    turn: usize,
    computed: u64,
    hits: u64,
    misses: u64,
}

/// The `i`-th option a walker of turn `turn` computes among `n`: walker 0 takes them in
/// their order, walker 1 in reverse order, the next ones in those orders turned by one
/// more option each two walkers.
#[inline]
fn order(turn: usize, n: usize, i: usize) -> usize {
    if turn == 0 {
        return i;
    }
    let j = (i + turn / 2) % n;
    if turn % 2 == 1 {
        n - 1 - j
    } else {
        j
    }
}

/// The value of a normalised region, as a file keeps it: the region `(cells, black, white)`
/// in the board layout `stride` (its normal form, `konane._kernel.bitboard.normal_form`),
/// the rules (`multi`: multiple jumps), and the id of its value in the engine's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionValue {
    pub multi: bool,
    pub stride: u32,
    pub cells: Mask,
    pub black: Mask,
    pub white: Mask,
    pub id: Id,
}

/// The most keys of [`Tables::journal`] (16 MB).
const JOURNAL_MAX: usize = 1 << 18;

/// In [`Walker::options_ids`]: an option in which no stone has an enemy next to it.
const DEAD: u8 = 2;

/// In [`Walker::options_ids`]: an option not found in the table yet (never a reference:
/// the negative of the slot `2^30 - 1`, which is never given).
const MISSING: u32 = u32::MAX;

fn key(multi: bool, stride: u32, cells: Mask, black: Mask, white: Mask) -> Key {
    Key {
        cells,
        black,
        white,
        stride: stride as u8,
        multi,
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose calls use `threads` threads (see [`Solver::threads`]).
    pub fn with_threads(threads: usize) -> Solver {
        Solver {
            threads,
            ..Solver::default()
        }
    }

    /// The id of the value of the `rows x cols` position `(cells, black, white)` (board
    /// layout, `stride = cols + 1`).
    ///
    /// `check`, if given, is called with the number of positions computed from their
    /// options since its last call: every [`CHECK_EVERY`] of them, and once at the end
    /// with the rest (if any).  If it returns `true`, the call stops with
    /// [`Error::Stopped`] (the tables keep only finished values, so they stay valid); a
    /// caller keeps its own reason (a limit, an exception) in the closure.
    #[allow(clippy::too_many_arguments)]
    pub fn value(
        &mut self,
        e: &mut Engine,
        rows: u32,
        cols: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
        rules: Rules,
        check: Option<Check<'_>>,
    ) -> Result<Id> {
        check_board("solver", rows, cols, cells, black, white)?;
        let stride = cols + 1;
        let regions = footprint_region_masks(cells, black, white, stride);
        self.sum_value(e, rules.multi_jump, stride, &regions, check)
    }

    /// The value of the sum of `regions`: the walk on this thread, the valuation too, or
    /// (in two threads) on a worker that owns the engine meanwhile (see [`pipeline`]),
    /// started once this thread has valued [`Solver::pipe_after`] records (never if it
    /// cannot be started).  The engine's interrupt hook is called by the walk; the worker's
    /// engine stops when the walk does.  When both have stopped, the references to slots
    /// in the tables are replaced by their values, or dropped if the valuation did not
    /// reach them (an error or an interruption).
    fn sum_value(
        &mut self,
        e: &mut Engine,
        multi: bool,
        stride: u32,
        regions: &[(Mask, Mask, Mask)],
        check: Option<Check<'_>>,
    ) -> Result<Id> {
        // the tables grow within the engine's budget
        self.tables.set_budget(e.budget());
        let tables = std::mem::take(&mut self.tables);
        let c = Course {
            threads: self.threads,
            after: self.pipe_after,
            multi,
            stride,
            regions,
        };
        let (outcome, tables) = if self.threads >= 3 {
            let lock = RwLock::new(tables);
            let outcome = c.run(&lock, &mut self.stacks, &mut self.valuer, e, check);
            (outcome, lock.into_inner().unwrap_or_else(PoisonError::into_inner))
        } else {
            let cell = RefCell::new(tables);
            let outcome = c.run(&cell, &mut self.stacks, &mut self.valuer, e, check);
            (outcome, cell.into_inner())
        };
        self.tables = tables;
        let (walked, valued, counts) = match outcome {
            Ok(o) => o,
            Err(panic) => {
                // a bug: the tables may hold references to slots that will never be valued
                self.clear();
                std::panic::resume_unwind(panic)
            }
        };
        self.computed += counts[0];
        self.hits += counts[1];
        self.misses += counts[2];
        self.stacks.clear();
        let Some(valued) = valued else {
            return Ok(walked?.as_id().expect("an inline call's references are ids"));
        };
        self.piped += 1;
        // the values of the slots in the tables (those the valuation reached)
        let values = &self.valuer.values;
        let mut resolve = |r: Ref| -> Option<Ref> {
            if r.slot().is_some_and(|s| s >= values.len()) {
                return None;
            }
            pipeline::resolve(values, e, r).ok().and_then(|g| Ref::id(g).ok())
        };
        self.tables.resolve(&mut resolve);
        let root = walked.as_ref().ok().map(|&r| resolve(r));
        self.valuer.values = Vec::new();
        match (walked, valued) {
            // the walk stops when the valuation fails (the channel closes): its error counts
            (_, Err(x)) if x != engine::Error::Interrupted => Err(Error::Engine(x)),
            (Err(x), _) => Err(x),
            (Ok(_), Err(x)) => Err(Error::Engine(x)),
            (Ok(_), Ok(())) => match root.flatten() {
                Some(r) => Ok(r.0),
                None => Err(Error::Engine(engine::Error::Overflow(
                    "the value of the position could not be kept (more than 2^30 games)".into(),
                ))),
            },
        }
    }

    /// The finished values of the regions valued since the last call: the first call (and
    /// the first after [`Solver::clear`]) gives every finished region of the table and
    /// starts keeping the keys of the regions valued from then on (for a file that keeps the
    /// values from one run to the next; a solver never asked keeps no such list).  A region
    /// whose value was not finished (a call stopped before it was valued) is left out.
    pub fn new_regions(&mut self) -> Vec<RegionValue> {
        let w = &mut self.tables;
        let keys = match w.log.as_mut() {
            Some(log) => std::mem::take(log),
            None => {
                w.log = Some(Vec::new());
                w.regions.keys().copied().collect()
            }
        };
        keys.into_iter()
            .filter_map(|k| {
                let id = Ref(*w.regions.get(&k)?).as_id()?;
                Some(RegionValue {
                    multi: k.multi,
                    stride: k.stride as u32,
                    cells: k.cells,
                    black: k.black,
                    white: k.white,
                    id,
                })
            })
            .collect()
    }

    /// Give the region table a value computed before (kept in a file): `false` if the
    /// region was there already.  A region that is not in its normal form is refused
    /// ([`Error::BadBoard`]): it would never be looked up.  The value is trusted: the file
    /// that kept it is checked by its reader.
    pub fn put_region(&mut self, r: RegionValue) -> Result<bool> {
        check_kept("solver", "a region value to keep", r.stride, r.cells, r.black, r.white)?;
        let w = &mut self.tables;
        let (_, cols, nc, nb, nw, swapped) = w.shapes.normal_form(r.stride, r.cells, r.black, r.white);
        if swapped || cols + 1 != r.stride || (nc, nb, nw) != (r.cells, r.black, r.white) {
            return Err(Error::BadBoard("a region value to keep: not in its normal form".into()));
        }
        let k = key(r.multi, r.stride, r.cells, r.black, r.white);
        if w.regions.contains_key(&k) {
            return Ok(false);
        }
        w.regions.insert(k, r.id);
        Ok(true)
    }

    /// Sizes of the tables and counters.
    pub fn info(&self) -> Info {
        let w = &self.tables;
        Info {
            positions: w.raw.len(),
            regions: w.regions.len(),
            computed: self.computed,
            hits: self.hits,
            misses: self.misses,
            piped: self.piped,
        }
    }

    /// Empty every table (the ids they hold stay valid in the engine; nothing refers to
    /// them any more).
    pub fn clear(&mut self) {
        let w = &mut self.tables;
        w.raw = Table::default();
        w.regions = FxHashMap::default();
        w.log = None;
        w.frames = FxHashMap::default();
        w.shapes.clear();
        self.valuer = Valuer::default();
    }
}

/// What a call's walk ends with: its outcome, the valuation's if it went to a worker, and
/// the counts of its walkers (positions computed, region hits, misses).
type Outcome = (Result<Ref>, Option<engine::Result<()>>, [u64; 3]);

/// What one call of [`Solver::sum_value`] walks, and on how many threads.
struct Course<'r> {
    threads: usize,
    after: u64,
    multi: bool,
    stride: u32,
    regions: &'r [(Mask, Mask, Mask)],
}

impl Course<'_> {
    /// Walk the call on the tables `t` (with its helpers where they are behind a lock, once
    /// the valuation has gone to its worker): the walk's outcome, the valuation's if it went
    /// to a worker, and the counts of the walkers (computed, hits, misses); a panic of any
    /// thread is caught and given back.  The engine's interrupt hook is its own again after.
    fn run<A: Access>(
        &self,
        t: &A,
        stacks: &mut Stacks,
        valuer: &mut Valuer,
        e: &mut Engine,
        check: Option<Check<'_>>,
    ) -> std::thread::Result<Outcome> {
        // the engine's own hook while the worker has the engine (`None`: not started)
        let mut hook: Option<Option<Hook>> = None;
        let shared = t.shared();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            std::thread::scope(|scope| {
                let start: Option<Starter<'_, '_>> = if self.threads >= 2 {
                    Some(Box::new(|e, valuer| {
                        let mut pipe = start_worker(scope, e, valuer, &mut hook)?;
                        if let Some(lock) = shared {
                            for turn in 1..self.threads - 1 {
                                // a helper that cannot be started is done without
                                match self.spawn_helper(scope, lock, pipe.share(), turn) {
                                    Ok(h) => pipe.helpers.push(h),
                                    Err(_) => break,
                                }
                            }
                        }
                        Ok(pipe)
                    }))
                } else {
                    None
                };
                let mut w = Walker::new(t, stacks, 0);
                let mut cx = Call {
                    sink: Sink::lazy(e, valuer, self.after, start),
                    ticker: Ticker::new(check),
                };
                let walked = w.sum(&mut cx, self.multi, self.stride, self.regions).and_then(|r| {
                    cx.ticker.finish()?;
                    Ok(r)
                });
                let (walked, valued, helped) = cx.sink.end(walked);
                let counts = [w.computed + helped[0], w.hits + helped[1], w.misses + helped[2]];
                (walked, valued, counts)
            })
        }));
        if let Some(h) = hook {
            e.replace_hook(h);
        }
        outcome
    }

    /// Start the helper `turn` of a call in several threads: the same walk as the caller's,
    /// the options of each position in another order, its records to the shared pipe.  Its
    /// outcome does not count: the caller's walk computes the value, a helper only fills the
    /// tables ahead of it.  It stops when the call ends (the pipe's stop flag) or at an error
    /// (a growth refused, which the caller meets in turn if it must grow the tables too).
    fn spawn_helper<'s, 'x: 's>(
        &'x self,
        scope: &'s Scope<'s, 'x>,
        lock: &'x RwLock<Tables>,
        shared: Arc<Shared>,
        turn: usize,
    ) -> std::io::Result<ScopedJoinHandle<'s, ()>> {
        std::thread::Builder::new()
            .name(format!("konane-walk-{turn}"))
            .spawn_scoped(scope, move || {
                let mut stacks = Stacks::default();
                let mut w = Walker::new(lock, &mut stacks, turn);
                let mut cx = Call {
                    sink: Sink::helper(shared.clone()),
                    ticker: Ticker::new(None),
                };
                let _ = w.sum(&mut cx, self.multi, self.stride, self.regions);
                shared.count([w.computed, w.hits, w.misses]);
            })
    }
}

impl Tables {
    /// The memory budget of the call starting (for every table of the walk).
    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.raw.budget = budget;
        self.shapes.budget = budget;
    }

    /// Replace each reference in the tables that is not a plain id (a slot, a negative) by
    /// `value(reference)`, or drop the entry if that is `None`.
    fn resolve(&mut self, value: &mut impl FnMut(Ref) -> Option<Ref>) {
        let mut one = |r: u32| match Ref(r).as_id() {
            Some(_) => Some(r),
            None => value(Ref(r)).map(|r| r.0),
        };
        if std::mem::take(&mut self.journal_full) {
            self.raw.resolve(&mut one);
        } else {
            self.raw.resolve_keys(&self.journal, &mut one);
        }
        self.journal = Vec::new();
        for k in std::mem::take(&mut self.region_journal) {
            postable::resolve_entry(&mut self.regions, k, &mut one);
        }
    }

    /// Store `r` as the value of the position `k` of the place `p` (a growth of the table
    /// past the budget is refused: the error stops the call).  Two walkers that computed
    /// the same position store it twice: the second reference stays, of the same value.
    fn store(&mut self, p: Place, k: PosKey, r: Ref) -> Result<()> {
        if r.as_id().is_some() {
            self.raw.insert_key(p, k, r.0)?;
            return Ok(());
        }
        self.raw.insert_pending(p, k, r.0)?;
        if self.journal.len() < JOURNAL_MAX {
            self.journal.push((p.id, k));
        } else {
            self.journal_full = true;
        }
        Ok(())
    }

    /// The frame of a normalised region (its symmetries are those of the first position
    /// met in it, as in Python), one for the parity-consistent positions and one for the
    /// others (their places differ: see [`postable`]; the positions of a frame are those
    /// after the moves from its first position and their images, parity-consistent if it is).
    fn frame(&mut self, multi: bool, stride: u32, cells: Mask, black: Mask, white: Mask) -> Result<Arc<Frame>> {
        let parity = parity_class(stride, black, white).is_some();
        if let Some(fr) = self.frames.get(&(stride, cells, multi, parity)) {
            return Ok(fr.clone());
        }
        if self.frames.len() > 100_000 || !memory::cache_may_grow(&self.budget, &mut self.frames) {
            self.frames.clear();
        }
        let line = line_step(cells, stride);
        let syms = if line != 0 {
            Vec::new()
        } else {
            automorphisms(stride, cells, black, white)
        };
        let fr = Arc::new(Frame {
            place: self.raw.place(stride, cells, multi, parity)?,
            stride,
            cells,
            syms,
            line,
        });
        self.frames.insert((stride, cells, multi, parity), fr.clone());
        Ok(fr)
    }

    /// Keep `r` as the value of the region `k` (unless a walker kept one first).
    fn keep_region(&mut self, k: Key, r: Ref) -> Result<()> {
        if self.regions.contains_key(&k) {
            return Ok(());
        }
        memory::reserve_map(
            &self.budget,
            "the native Konane solver's region table",
            &mut self.regions,
            1,
        )?;
        self.regions.insert(k, r.0);
        if r.as_id().is_none() {
            self.region_journal.push(k);
        }
        if let Some(log) = &mut self.log {
            log.push(k);
        }
        Ok(())
    }
}

impl Stacks {
    /// Empty the stacks (after a call, finished or not).
    fn clear(&mut self) {
        self.moves.clear();
        self.opts.clear();
        self.reps.clear();
    }
}

impl<'t, A: Access> Walker<'t, A> {
    fn new(t: &'t A, stacks: &'t mut Stacks, turn: usize) -> Walker<'t, A> {
        Walker {
            t,
            st: stacks,
            turn,
            computed: 0,
            hits: 0,
            misses: 0,
        }
    }

    /// The value of the sum of the regions `regions` (`(cells, black, white)` in `stride`).
    fn sum(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        stride: u32,
        regions: &[(Mask, Mask, Mask)],
    ) -> Result<Ref> {
        let o0 = self.st.opts.len();
        for &(rc, rb, rw) in regions {
            let parity = parity_class(stride, rb, rw).is_some();
            let (p, found) = {
                let mut t = self.t.write();
                let p = t.raw.place(stride, rc, multi, parity)?;
                (p, t.raw.get(p, rb, rw))
            };
            let r = match found {
                Some(r) => Ref(r),
                None => {
                    let r = self.region_value(cx, multi, stride, rc, rb, rw)?;
                    let mut t = self.t.write();
                    let k = t.raw.key(p, rb, rw);
                    t.store(p, k, r)?;
                    r
                }
            };
            if r != Ref::ZERO {
                self.st.opts.push(r.0);
            }
        }
        let r = match self.st.opts.len() - o0 {
            0 => Ok(Ref::ZERO),
            1 => Ok(Ref(self.st.opts[o0])),
            n => cx.sink.emit(sum_header(n), &self.st.opts[o0..]),
        };
        self.st.opts.truncate(o0);
        r
    }

    /// The value of one region, through its normal form and the region table.
    fn region_value(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        stride: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
    ) -> Result<Ref> {
        let (k, nb, nw, swapped, found) = {
            let mut t = self.t.write();
            let (_, cols, nc, nb, nw, swapped) = t.shapes.normal_form(stride, cells, black, white);
            let k = key(multi, cols + 1, nc, nb, nw);
            (k, nb, nw, swapped, t.regions.get(&k).copied())
        };
        let r = match found {
            Some(r) => {
                self.hits += 1;
                Ref(r)
            }
            None => {
                self.misses += 1;
                let fr = self.t.write().frame(multi, k.stride as u32, k.cells, nb, nw)?;
                let r = self.options_value(cx, multi, &fr, nb, nw)?;
                self.t.write().keep_region(k, r)?;
                r
            }
        };
        if swapped {
            cx.sink.neg(r)
        } else {
            Ok(r)
        }
    }

    /// The value of a position of the frame `fr` that is not in the position table (a
    /// representative, whose key `k` is made by the caller; the value is stored under it).
    fn play(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        fr: &Arc<Frame>,
        (black, white, k): (Mask, Mask, PosKey),
    ) -> Result<Ref> {
        let (s, cells) = (fr.stride, fr.cells);
        // only representatives are looked up and computed (see `options_ids`)
        debug_assert!(
            fr.syms.is_empty()
                || least_image(&fr.syms, black, white, Some((black, white, false))) == (black, white, false)
        );
        let lx = black & neighbours(white, s);
        if lx == 0 {
            return Ok(Ref::ZERO); // no stone has an enemy next to it: no move, ever
        }
        // a position inside a region is not tested for a split (a frame that is one line aside,
        // cut at its exact cuts): the test (once for positions with at most five stones that can
        // capture, at most a sixth of the region's cells) cost more than its splits saved, 15 to
        // 20% of the time on the real-game positions of `benchmarks/bench_realgames.py` (and
        // more positions), nothing saved on random boards
        let regions = if fr.line != 0 {
            let r: Vec<_> = line_regions(cells, black, white, fr.line)
                .into_iter()
                .filter(|r| r.1 != 0 && r.2 != 0)
                .collect();
            if r.len() == 1 && r[0].0 == cells {
                None
            } else {
                Some(r)
            }
        } else {
            None
        };
        let total = match regions {
            None => self.options_value(cx, multi, fr, black, white)?,
            Some(r) => self.sum(cx, multi, s, &r)?,
        };
        self.t.write().store(fr.place, k, total)?;
        Ok(total)
    }

    /// The value of a position of the frame `fr` from its options.
    fn options_value(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        fr: &Arc<Frame>,
        black: Mask,
        white: Mask,
    ) -> Result<Ref> {
        cx.sink.tick()?;
        let (s, cells) = (fr.stride, fr.cells);
        // the moves and the options' references go on stacks shared by the whole recursion (no
        // allocation per position): this call's part starts at `m0` and `o0`
        let st = &mut *self.st;
        let m0 = st.moves.len();
        captures(cells, black, white, s, multi, &mut st.moves);
        let n_left = st.moves.len() - m0;
        captures(cells, white, black, s, multi, &mut st.moves);
        let n = st.moves.len() - m0;
        let o0 = st.opts.len();
        let r = self.options_ids(cx, multi, fr, (black, white), (m0, n, n_left));
        self.st.moves.truncate(m0);
        let g = r.and_then(|()| {
            if n == 0 {
                return Ok(Ref::ZERO);
            }
            cx.sink
                .emit(options_header(n_left, n - n_left)?, &self.st.opts[o0..o0 + n])
        });
        self.st.opts.truncate(o0);
        let g = g?;
        self.computed += 1;
        cx.tick()?;
        Ok(g)
    }

    /// Push the references of the values of the positions after the moves
    /// `self.st.moves[m0..m0 + n]` (the first `n_left` by Black, the others by White) from
    /// `position` (black, white) onto `self.st.opts`.
    ///
    /// In one borrow of the tables, each move turned into the position stored for it (its
    /// representative under the frame's symmetries), its slot of the position table
    /// prefetched, then the positions looked up (the cache misses of one position's options
    /// overlap); then the missing ones computed ([`Walker::missing_options`]).  Alone, a
    /// walker looked each option up as it came to it before the helpers (one lookup each
    /// where one found missing is looked up again after another was computed): the two were
    /// not told apart on real-game positions, each faster on one position by some 10%.
    fn options_ids(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        fr: &Arc<Frame>,
        position: (Mask, Mask),
        (m0, n, n_left): (usize, usize, usize),
    ) -> Result<()> {
        let st = &mut *self.st;
        let r0 = st.reps.len();
        let o0 = st.opts.len();
        let images = images(&fr.syms, position.0, position.1);
        {
            let t = self.t.read();
            for i in 0..n {
                let (a, b) = st.moves[m0 + i];
                let (nb, nw) = if i < n_left { (a, b) } else { (b, a) };
                let (rb, rw, flag) = if nb & neighbours(nw, fr.stride) == 0 {
                    // no stone has an enemy next to it: no move, ever (cheaper than a lookup,
                    // and such positions are not stored)
                    (0, 0, DEAD)
                } else if fr.syms.is_empty() {
                    (nb, nw, 0)
                } else {
                    // only representatives are stored: look the representative up at once
                    let (rb, rw, swapped) = least_image_after(&fr.syms, &images, position, (nb, nw));
                    (rb, rw, u8::from(swapped))
                };
                // the key is made once, for the prefetch, the lookups and the store
                let k = if flag == DEAD {
                    PosKey::Narrow(0, 0) // not used
                } else {
                    let k = t.raw.key(fr.place, rb, rw);
                    t.raw.prefetch(k);
                    k
                };
                st.reps.push((rb, rw, flag, k));
            }
            // the options found in the table at once, the others (`MISSING`) after
            for &(_, _, flag, k) in &st.reps[r0..] {
                let r = match flag {
                    DEAD => Some(Ref::ZERO.0),
                    _ => t.raw.get_key(fr.place, k),
                };
                st.opts.push(r.unwrap_or(MISSING));
            }
        }
        let r = self.missing_options(cx, multi, fr, r0, o0, n);
        self.st.reps.truncate(r0);
        r
    }

    /// The options of [`Walker::options_ids`] not found in the table at once
    /// (`self.st.opts[o0 + j] == MISSING`, `self.st.reps[r0 + j]` the position stored), in the
    /// walker's [`order`]; then the colour-swapped options' references are made negatives.
    fn missing_options(
        &mut self,
        cx: &mut Call<'_, '_, '_>,
        multi: bool,
        fr: &Arc<Frame>,
        r0: usize,
        o0: usize,
        n: usize,
    ) -> Result<()> {
        // a missing option may have been computed while another was (by this walker, below
        // it, or by another): it is looked up again, unless nothing was computed since
        let mut computed = false;
        (0..n).try_for_each(|i| -> Result<()> {
            let j = order(self.turn, n, i);
            if self.st.opts[o0 + j] != MISSING {
                return Ok(());
            }
            let (rb, rw, _, k) = self.st.reps[r0 + j];
            let found = if computed {
                self.t.read().raw.get_key(fr.place, k)
            } else {
                None
            };
            let r = match found {
                Some(r) => Ref(r),
                None => {
                    computed = true;
                    engine::grow(|| self.play(cx, multi, fr, (rb, rw, k)))?
                }
            };
            self.st.opts[o0 + j] = r.0;
            Ok(())
        })?;
        for j in 0..n {
            if self.st.reps[r0 + j].2 == 1 {
                self.st.opts[o0 + j] = cx.sink.neg(Ref(self.st.opts[o0 + j]))?.0;
            }
        }
        Ok(())
    }
}

impl Call<'_, '_, '_> {
    /// Count a position computed by the caller's walk for the check callback, and now and
    /// then those its helpers have computed since.
    #[inline]
    fn tick(&mut self) -> Result<()> {
        self.ticker.tick()?;
        if self.ticker.count & (CHECK_EVERY - 1) == 0 {
            let helped = self.sink.helped();
            if helped > 0 {
                self.ticker.add(helped)?;
            }
        }
        Ok(())
    }
}
