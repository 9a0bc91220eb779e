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
//! The records come in the same order in both modes and the values are the same (the ids too
//! on one engine; a fresh engine may number new games in another order, as the inline mode
//! negates the value of a colour-swapped option when the walk meets it, the piped mode when
//! its record is valued).  On the 5x6 start, the walk takes about 40% of the time of one
//! thread and the valuation 60%: piped on two cores, the walk is hidden behind the valuation
//! (34 s in one thread, 21 s in two, `benchmarks/README.md`).

use super::{Error, Result};
use crate::engine::shortcut::Shortcuts;
use crate::engine::{self, Engine, Hook, Id};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::Arc;

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
    fn of_slot(s: usize) -> Result<Ref> {
        if s > Ref::PAYLOAD as usize {
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
pub(crate) const CHANNEL_CHUNKS: usize = 64;

/// How many positions pass between two calls of the interrupt hook on the walk's side.
const HOOK_EVERY: u64 = 1 << 12;

/// The walk's end of a piped call: the chunk being filled, the slots given so far, and the
/// engine's interrupt hook (Ctrl-C), which the walk calls in the caller's thread while the
/// worker's engine answers only to [`abort_hook`].
pub(crate) struct Pipe {
    tx: Option<SyncSender<Vec<u32>>>,
    buf: Vec<u32>,
    slots: usize,
    pub(crate) hook: Option<Hook>,
    steps: u64,
}

impl Pipe {
    pub(crate) fn new(tx: SyncSender<Vec<u32>>, hook: Option<Hook>) -> Pipe {
        Pipe {
            tx: Some(tx),
            buf: Vec::with_capacity(CHUNK_WORDS + 64),
            slots: 0,
            hook,
            steps: 0,
        }
    }

    /// Send the chunk being filled.  An error if the valuation has stopped (an engine
    /// error, which the call reports).
    fn send(&mut self) -> Result<()> {
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK_WORDS + 64));
        match &self.tx {
            Some(tx) if tx.send(chunk).is_ok() => Ok(()),
            _ => Err(Error::Engine(engine::Error::Interrupted)),
        }
    }

    /// Send what is left and close the channel (the valuation ends when it has valued it).
    pub(crate) fn finish(&mut self) -> Result<()> {
        let r = if self.buf.is_empty() { Ok(()) } else { self.send() };
        self.close();
        r
    }

    /// Close the channel (what was not sent is dropped).
    pub(crate) fn close(&mut self) {
        self.tx = None;
        self.buf.clear();
    }
}

/// The interrupt hook of the worker's engine during a piped call: stop when the walk has
/// stopped.
pub(crate) fn abort_hook(abort: Arc<AtomicBool>) -> Hook {
    Box::new(move || abort.load(Ordering::Relaxed))
}

/// Where the walk puts its records.
pub(crate) enum Sink<'a> {
    /// Valued at once, on the caller's thread.
    Inline { e: &'a mut Engine, valuer: &'a mut Valuer },
    /// Sent to the worker.
    Pipe(&'a mut Pipe),
}

impl Sink<'_> {
    /// The reference of the value of the record `header`, `refs`.
    #[inline]
    pub(crate) fn emit(&mut self, header: u32, refs: &[u32]) -> Result<Ref> {
        match self {
            Sink::Inline { e, valuer } => Ref::id(valuer.value(e, header, refs)?),
            Sink::Pipe(p) => {
                let r = Ref::of_slot(p.slots)?;
                p.slots += 1;
                p.buf.push(header);
                p.buf.extend_from_slice(refs);
                if p.buf.len() >= CHUNK_WORDS {
                    p.send()?;
                }
                Ok(r)
            }
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
            Sink::Pipe(_) => Ok(r.negated()),
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
        }
    }
}
