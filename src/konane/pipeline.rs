//! The two halves of the value solver and the records that join them.
//!
//! Computing a value has two parts that need little of each other: the *walk* over the
//! positions ([`super::Solver`]: moves, symmetries, the decomposer, the position tables) and
//! the *valuation* of each position from the values of its options ([`Valuer`]: the
//! shortcuts and the engine's canonical forms, negations and sums).  The walk never looks at
//! a value: it only needs to know which positions it has met.  So the walk describes each
//! position it computes as a *record* (the references of its options, or of the regions to
//! add), in the order the sequential solver would value them (every record after those it
//! refers to), and the valuation values the records in that order:
//!
//! * inline (one thread), each record is valued as soon as it is made, and every reference
//!   is the id of a value;
//! * piped (two threads: the walk on the caller's, the valuation on a worker that owns the
//!   engine for the call), records go through a bounded channel in chunks, and a reference
//!   may name the *slot* of a record not valued yet (its rank in the call).  The tables keep
//!   such references until the call ends; then each is replaced by its value
//!   ([`super::Solver`]'s `resolve`), or dropped if the valuation stopped before it.
//!
//! A call in two threads starts inline and switches to piped after a number of records
//! ([`Sink::lazy`], [`super::Solver::pipe_after`]): the references made before are ids,
//! which the worker reads as well, so it can take over at any record, and the many calls
//! that finish sooner never pay for starting and joining a thread (some 0.1-0.2 ms).
//!
//! The records come in the same order in both modes and the values are the same (the ids too
//! on one engine; a fresh engine may number new games in another order, as the inline mode
//! negates the value of a colour-swapped option when the walk meets it, the piped mode when
//! its record is valued).  On the 5x6 start, the walk takes about 40% of the time of one
//! thread and the valuation 60%: piped on two cores, the walk is hidden behind the valuation
//! (34 s in one thread, 21 s in two, `benchmarks/README.md`).
//!
//! In three threads or more, *helpers* walk beside the caller's walk once the worker has
//! started ([`super::Solver::threads`]), and every walker's records go to the one worker
//! through one pipe ([`Shared`]): a record is put in the pipe (its slot given) under the
//! pipe's lock before its walker stores the slot in the tables, where another walker may find
//! it and refer to it, so the records still come after those they refer to, and the worker
//! values them in the order they come.  Records of positions two walkers computed both are
//! valued twice (the same value); a helper's records that the caller's value does not need
//! are valued all the same (until the call ends).

use super::{Error, Result};
use crate::engine::shortcut::Shortcuts;
use crate::engine::{self, memory, Engine, Hook, Id};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{Scope, ScopedJoinHandle};

/// A value in a record or a table of the solver: the id of a value, or (piped mode only) the
/// slot of a record of the current call; either possibly negated (piped mode only).
///
/// One `u32`: [`Ref::SLOT`] for a slot, [`Ref::NEG`] for the negative, and an id or a slot
/// below `2^30` (a table of games with more ids would need some hundred GB).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ref(pub(crate) u32);

impl Ref {
    const SLOT: u32 = 1 << 31;
    const NEG: u32 = 1 << 30;
    const PAYLOAD: u32 = Ref::NEG - 1;

    /// The value 0.
    pub(crate) const ZERO: Ref = Ref(Engine::ZERO);

    /// The reference of the id `g` (an error for an id of `2^30` or more).
    pub(crate) fn id(g: Id) -> Result<Ref> {
        if g > Ref::PAYLOAD {
            return Err(overflow("the table of games holds more than 2^30 games"));
        }
        Ok(Ref(g))
    }

    /// The reference of the record of rank `s` in its call.
    /// The slot `2^30 - 1` is not given: its negative would be `u32::MAX`, which the walk
    /// uses for an option not looked up yet.
    fn of_slot(s: usize) -> Result<Ref> {
        if s >= Ref::PAYLOAD as usize {
            return Err(overflow("more than 2^30 positions are computed in one call"));
        }
        Ok(Ref(Ref::SLOT | s as u32))
    }

    /// The id, if this is a plain one (not a slot, not negated).
    #[inline]
    pub(crate) fn as_id(self) -> Option<Id> {
        (self.0 & (Ref::SLOT | Ref::NEG) == 0).then_some(self.0)
    }

    /// Whether the value is still to come (a slot).
    #[inline]
    pub(crate) fn is_slot(self) -> bool {
        self.0 & Ref::SLOT != 0
    }

    /// The slot, if this names one.
    #[inline]
    pub(crate) fn slot(self) -> Option<usize> {
        self.is_slot().then_some((self.0 & Ref::PAYLOAD) as usize)
    }

    /// The reference of the negative (piped mode: the valuation negates).
    #[inline]
    fn negated(self) -> Ref {
        if self == Ref::ZERO {
            self
        } else {
            Ref(self.0 ^ Ref::NEG)
        }
    }
}

fn overflow(what: &str) -> Error {
    Error::Engine(engine::Error::Overflow(format!("{what} (the native solver's limit)")))
}

/// The header of a record: the sum of regions (`SUM | n`, `n` references), or a position
/// with `nl` Left options and `nr` Right options (`nl | nr << 15`, the Left options' then the
/// Right options' references).
const SUM: u32 = 1 << 31;
const SIDE_BITS: u32 = 15;
const SIDE_MAX: usize = (1 << SIDE_BITS) - 1;

/// The header of a position's record.
pub(crate) fn options_header(nl: usize, nr: usize) -> Result<u32> {
    if nl > SIDE_MAX || nr > SIDE_MAX {
        return Err(overflow("a position has more than 32767 moves for one side"));
    }
    Ok(nl as u32 | (nr as u32) << SIDE_BITS)
}

/// The header of a sum's record of `n` references.
pub(crate) fn sum_header(n: usize) -> u32 {
    debug_assert!(n < SUM as usize);
    SUM | n as u32
}

/// How many references follow `header`.
#[inline]
fn record_len(header: u32) -> usize {
    if header & SUM != 0 {
        (header & !SUM) as usize
    } else {
        (header & SIDE_MAX as u32) as usize + (header >> SIDE_BITS) as usize
    }
}

/// The valuation of records: the shortcuts before the engine's canonical form, the option
/// lists given to it, and (piped) the values of the call's records by slot.
#[derive(Default)]
pub(crate) struct Valuer {
    pub(crate) shortcuts: Shortcuts,
    lefts: Vec<Id>,
    rights: Vec<Id>,
    pub(crate) values: Vec<Id>,
}

/// The id a reference names (a slot's value must be known).
#[inline]
pub(crate) fn resolve(values: &[Id], e: &mut Engine, r: Ref) -> engine::Result<Id> {
    if r.0 & (Ref::SLOT | Ref::NEG) == 0 {
        return Ok(r.0);
    }
    let p = r.0 & Ref::PAYLOAD;
    let g = if r.is_slot() { values[p as usize] } else { p };
    if r.0 & Ref::NEG != 0 {
        e.neg(g)
    } else {
        Ok(g)
    }
}

impl Valuer {
    /// The id of the value of a record: `header` and its references `refs`.
    pub(crate) fn value(&mut self, e: &mut Engine, header: u32, refs: &[u32]) -> engine::Result<Id> {
        debug_assert_eq!(refs.len(), record_len(header));
        if header & SUM != 0 {
            let mut total = Engine::ZERO;
            for &r in refs {
                let g = resolve(&self.values, e, Ref(r))?;
                if g != Engine::ZERO {
                    total = if total == Engine::ZERO { g } else { e.add(total, g)? };
                }
            }
            return Ok(total);
        }
        let nl = (header & SIDE_MAX as u32) as usize;
        self.lefts.clear();
        for &r in &refs[..nl] {
            let g = resolve(&self.values, e, Ref(r))?;
            self.lefts.push(g);
        }
        self.rights.clear();
        for &r in &refs[nl..] {
            let g = resolve(&self.values, e, Ref(r))?;
            self.rights.push(g);
        }
        if self.lefts.is_empty() && self.rights.is_empty() {
            return Ok(Engine::ZERO);
        }
        self.shortcuts.value(e, &mut self.lefts, &mut self.rights)
    }

    /// Value the records of the chunks `rx` sends, in order, keeping each value in its slot;
    /// stops at the first error (or when the chunks end).
    pub(crate) fn drain(&mut self, e: &mut Engine, rx: Receiver<Vec<u32>>) -> engine::Result<()> {
        for chunk in rx {
            let mut i = 0;
            while i < chunk.len() {
                let n = record_len(chunk[i]);
                let g = self.value(e, chunk[i], &chunk[i + 1..i + 1 + n])?;
                memory::reserve(
                    &e.budget(),
                    "the native Konane solver's values of a call",
                    &mut self.values,
                    1,
                )?;
                self.values.push(g);
                i += 1 + n;
            }
        }
        Ok(())
    }
}

/// Words of records sent at once to the valuation.
const CHUNK_WORDS: usize = 4096;

/// Chunks on their way to the valuation at most (the walk waits when they are all full).
const CHANNEL_CHUNKS: usize = 64;

/// How many positions pass between two calls of the interrupt hook on the walk's side.
const HOOK_EVERY: u64 = 1 << 12;

/// What the walkers of a piped call share: the records made and not sent yet, the slots
/// given so far and the channel to the valuation (behind one lock: a record is put in the
/// pipe, and its slot given, before its walker stores the slot in the tables, where another
/// walker may find it, so every record comes after those it refers to); the flag that stops
/// the helpers when the call ends; what the helpers have counted.
pub(crate) struct Shared {
    records: Mutex<Records>,
    stop: AtomicBool,
    /// Positions the helpers have computed, not yet reported to the caller's check (in
    /// steps of [`HOOK_EVERY`]).
    unreported: AtomicU64,
    /// Positions computed, region hits and misses of the helpers that have ended.
    counts: [AtomicU64; 3],
}

struct Records {
    tx: Option<SyncSender<Vec<u32>>>,
    buf: Vec<u32>,
    slots: usize,
}

impl Records {
    /// The slot of the record `header`, `refs`, put in the pipe.
    #[inline]
    fn emit(&mut self, header: u32, refs: &[u32]) -> Result<Ref> {
        let r = Ref::of_slot(self.slots)?;
        self.slots += 1;
        self.buf.push(header);
        self.buf.extend_from_slice(refs);
        if self.buf.len() >= CHUNK_WORDS {
            self.send()?;
        }
        Ok(r)
    }

    /// Send what is left and close the channel (unless the walk failed: then only close it).
    fn close<T>(&mut self, walked: Result<T>) -> Result<T> {
        let walked = walked.and_then(|r| {
            if !self.buf.is_empty() {
                self.send()?;
            }
            Ok(r)
        });
        self.tx = None;
        walked
    }

    /// Send the chunk being filled.  An error if the valuation has stopped (an engine
    /// error, which the call reports) or the call has ended.
    fn send(&mut self) -> Result<()> {
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK_WORDS + 64));
        match &self.tx {
            Some(tx) if tx.send(chunk).is_ok() => Ok(()),
            _ => Err(Error::Engine(engine::Error::Interrupted)),
        }
    }
}

impl Shared {
    fn records(&self) -> MutexGuard<'_, Records> {
        // a walker that panicked is a bug that the call raises once its threads are joined
        self.records.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The slot of the record `header`, `refs`, put in the pipe.
    #[inline]
    fn emit(&self, header: u32, refs: &[u32]) -> Result<Ref> {
        self.records().emit(header, refs)
    }

    /// Add the counts of a helper that has ended (positions computed, region hits, misses).
    pub(crate) fn count(&self, counts: [u64; 3]) {
        for (c, n) in self.counts.iter().zip(counts) {
            c.fetch_add(n, Ordering::Relaxed);
        }
    }
}

/// The caller's end of a piped call: its records (its own while it walks alone, without a
/// lock; shared with its helpers once it has any), the worker, the helpers, and the
/// engine's interrupt hook (Ctrl-C), which the caller's walk calls while the worker's
/// engine answers only to the abort flag.
pub(crate) struct Pipe<'e, 's> {
    own: Records,
    shared: Option<Arc<Shared>>,
    steps: u64,
    hook: &'e mut Option<Hook>,
    abort: Arc<AtomicBool>,
    worker: ScopedJoinHandle<'s, engine::Result<()>>,
    /// The helpers walking beside the caller (calls in three threads or more).
    pub(crate) helpers: Vec<ScopedJoinHandle<'s, ()>>,
}

impl Pipe<'_, '_> {
    /// The pipe, for a helper: from the first call on, the records of the caller and of
    /// every helper go through it, under its lock.
    pub(crate) fn share(&mut self) -> Arc<Shared> {
        let own = &mut self.own;
        self.shared
            .get_or_insert_with(|| {
                Arc::new(Shared {
                    records: Mutex::new(Records {
                        tx: own.tx.take(),
                        buf: std::mem::take(&mut own.buf),
                        slots: own.slots,
                    }),
                    stop: AtomicBool::new(false),
                    unreported: AtomicU64::new(0),
                    counts: Default::default(),
                })
            })
            .clone()
    }

    #[inline]
    fn emit(&mut self, header: u32, refs: &[u32]) -> Result<Ref> {
        match &self.shared {
            None => self.own.emit(header, refs),
            Some(s) => s.emit(header, refs),
        }
    }

    /// End the call: send what is left (unless the walk failed), stop the helpers, close
    /// the channel, stop the valuation if the walk failed, and wait for the helpers and the
    /// worker; the walk's and the valuation's outcomes and the helpers' counts.
    fn end<T>(mut self, walked: Result<T>) -> (Result<T>, engine::Result<()>, [u64; 3]) {
        let walked = match &self.shared {
            None => self.own.close(walked),
            Some(s) => {
                s.stop.store(true, Ordering::Relaxed);
                s.records().close(walked)
            }
        };
        if walked.is_err() {
            self.abort.store(true, Ordering::Relaxed);
        }
        for h in self.helpers {
            h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        }
        let valued = self.worker.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        let counts = match &self.shared {
            None => [0; 3],
            Some(s) => s.counts.each_ref().map(|c| c.load(Ordering::Relaxed)),
        };
        (walked, valued, counts)
    }
}

/// Start the valuation on a worker of `scope` that takes `e` and `valuer` over: the walk's
/// end of the pipe to it, or `e` and `valuer` back if no thread could be started.  The
/// engine's interrupt hook is kept in `hook` (the walk calls it) while the engine has an
/// abort-flag hook: the caller gives it back when the scope has ended.
pub(crate) fn start_worker<'e, 's>(
    scope: &'s Scope<'s, '_>,
    e: &'e mut Engine,
    valuer: &'e mut Valuer,
    hook: &'e mut Option<Option<Hook>>,
) -> std::result::Result<Pipe<'e, 's>, (&'e mut Engine, &'e mut Valuer)>
where
    'e: 's,
{
    let (hand_tx, hand_rx) = sync_channel::<(&'e mut Engine, &'e mut Valuer)>(1);
    let (tx, rx) = sync_channel(CHANNEL_CHUNKS);
    let worker = std::thread::Builder::new()
        .name("konane-valuation".into())
        .spawn_scoped(scope, move || match hand_rx.recv() {
            Ok((e, valuer)) => valuer.drain(e, rx),
            Err(_) => Ok(()),
        });
    let Ok(worker) = worker else {
        return Err((e, valuer));
    };
    let abort = Arc::new(AtomicBool::new(false));
    let flag = abort.clone();
    let hook = hook.insert(e.replace_hook(Some(Box::new(move || flag.load(Ordering::Relaxed)))));
    valuer.values.clear();
    hand_tx.send((e, valuer)).expect("the worker waits for the engine");
    Ok(Pipe {
        own: Records {
            tx: Some(tx),
            buf: Vec::with_capacity(CHUNK_WORDS + 64),
            slots: 0,
        },
        shared: None,
        steps: 0,
        hook,
        abort,
        worker,
        helpers: Vec::new(),
    })
}

/// Starts the worker of a piped call (see [`start_worker`]).
pub(crate) type Starter<'e, 's> = Box<
    dyn FnOnce(&'e mut Engine, &'e mut Valuer) -> std::result::Result<Pipe<'e, 's>, (&'e mut Engine, &'e mut Valuer)>
        + 's,
>;

/// Where the walk puts its records.
pub(crate) enum Sink<'e, 's> {
    /// Valued at once, on the caller's thread; with a starter, the worker is started (and
    /// the sink becomes a [`Sink::Pipe`]) after `left` more records.
    Inline {
        e: &'e mut Engine,
        valuer: &'e mut Valuer,
        left: u64,
        start: Option<Starter<'e, 's>>,
    },
    /// Sent to the worker.
    Pipe(Pipe<'e, 's>),
    /// A helper's: sent to the worker through the caller's pipe.
    Helper { shared: Arc<Shared>, steps: u64 },
    /// Only while the worker is being started.
    Switching,
}

impl<'e, 's> Sink<'e, 's> {
    /// A sink that values `after` records on this thread, then sends the rest to a worker
    /// that `start` starts (all on this thread if it cannot, or with no starter).  Records
    /// valued before refer to ids only, so the worker may take over at any record.
    pub(crate) fn lazy(
        e: &'e mut Engine,
        valuer: &'e mut Valuer,
        after: u64,
        start: Option<Starter<'e, 's>>,
    ) -> Sink<'e, 's> {
        let switch = after == 0 && start.is_some();
        let mut sink = Sink::Inline {
            e,
            valuer,
            left: after,
            start,
        };
        if switch {
            sink.switch();
        }
        sink
    }

    /// Start the worker with the sink's starter.
    #[cold]
    fn switch(&mut self) {
        let Sink::Inline {
            e,
            valuer,
            start: Some(start),
            ..
        } = std::mem::replace(self, Sink::Switching)
        else {
            unreachable!("only an inline sink with a starter switches")
        };
        *self = match start(e, valuer) {
            Ok(pipe) => Sink::Pipe(pipe),
            Err((e, valuer)) => Sink::lazy(e, valuer, 0, None), // inline, for good
        };
    }

    /// End the call with the walk's outcome: the walk's outcome, and the valuation's if the
    /// records went to a worker ([`Pipe::end`]), `None` if they were valued on this thread.
    /// And the counts of the helpers (positions computed, region hits, misses).
    pub(crate) fn end<T>(self, walked: Result<T>) -> (Result<T>, Option<engine::Result<()>>, [u64; 3]) {
        match self {
            Sink::Pipe(p) => {
                let (walked, valued, counts) = p.end(walked);
                (walked, Some(valued), counts)
            }
            _ => (walked, None, [0; 3]),
        }
    }

    /// A helper's sink: its records go to the caller's pipe `shared`.
    pub(crate) fn helper(shared: Arc<Shared>) -> Sink<'e, 's> {
        Sink::Helper { shared, steps: 0 }
    }

    /// The positions the helpers have computed since the last call (in steps of
    /// [`HOOK_EVERY`]).
    pub(crate) fn helped(&self) -> u64 {
        match self {
            Sink::Pipe(Pipe { shared: Some(s), .. }) => s.unreported.swap(0, Ordering::Relaxed),
            _ => 0,
        }
    }

    /// The reference of the value of the record `header`, `refs`.
    #[inline]
    pub(crate) fn emit(&mut self, header: u32, refs: &[u32]) -> Result<Ref> {
        match self {
            Sink::Inline { e, valuer, left, start } => {
                let r = Ref::id(valuer.value(e, header, refs)?)?;
                if start.is_some() {
                    *left -= 1;
                    if *left == 0 {
                        self.switch();
                    }
                }
                Ok(r)
            }
            Sink::Pipe(p) => p.emit(header, refs),
            Sink::Helper { shared, .. } => shared.emit(header, refs),
            Sink::Switching => unreachable!("a sink is used while its worker starts"),
        }
    }

    /// The reference of the negative of `r`'s value.
    #[inline]
    pub(crate) fn neg(&mut self, r: Ref) -> Result<Ref> {
        match self {
            Sink::Inline { e, .. } => {
                let g = r.as_id().expect("inline references are ids");
                Ref::id(e.neg(g)?)
            }
            Sink::Pipe(_) | Sink::Helper { .. } => Ok(r.negated()),
            Sink::Switching => unreachable!("a sink is used while its worker starts"),
        }
    }

    /// One step of work: the interrupt hook now and then (Ctrl-C).
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<()> {
        match self {
            Sink::Inline { e, .. } => Ok(e.tick()?),
            Sink::Pipe(p) => {
                p.steps += 1;
                if p.steps & (HOOK_EVERY - 1) == 0 {
                    if let Some(h) = p.hook.as_mut() {
                        if h() {
                            return Err(Error::Engine(engine::Error::Interrupted));
                        }
                    }
                }
                Ok(())
            }
            Sink::Helper { shared, steps } => {
                *steps += 1;
                if *steps & (HOOK_EVERY - 1) == 0 {
                    shared.unreported.fetch_add(HOOK_EVERY, Ordering::Relaxed);
                }
                if shared.stop.load(Ordering::Relaxed) {
                    return Err(Error::Stopped);
                }
                Ok(())
            }
            Sink::Switching => unreachable!("a sink is used while its worker starts"),
        }
    }
}
