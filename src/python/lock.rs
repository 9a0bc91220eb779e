//! The locks of the process's native state: the engine's table and each kernel's tables.
//!
//! Native work runs with the GIL released, so that other Python threads run meanwhile;
//! the state it works on is therefore behind a [`Lock`] (a mutex), not behind the GIL.
//! Two rules keep the GIL and the locks from waiting on each other:
//!
//! * a thread never waits for a lock while it holds the GIL: it tries the lock, and if
//!   another thread has it, waits with the GIL released ([`Lock::with`]); a thread that
//!   holds a lock takes the GIL only to call Python back (the check callback of a kernel,
//!   the signal handlers), and the thread that has the GIL meanwhile lets it go at the
//!   latest when it waits for a lock (or at Python's switch interval);
//! * a Python callback that runs on the thread that holds a lock (a signal handler, a
//!   kernel's check callback) and calls into the same state would wait for itself: a lock
//!   knows the thread that holds it, and such a call is refused ([`Reentered`]), as a
//!   re-entry of the library was before.
//!
//! The locks are taken in one order: a kernel's tables, then the engine.  Calls wait in
//! turn: one native computation at a time works on the engine's table.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

/// A value guarded by a mutex that knows the thread holding it.
pub(super) struct Lock<T> {
    value: Mutex<T>,
    /// The [`me`] of the thread that holds the lock, 0 when none does.
    owner: AtomicUsize,
}

/// The lock is held by the thread asking for it (a callback of the work in progress).
pub(super) struct Reentered;

thread_local! {
    static TOKEN: u8 = const { 0 };
}

/// A number of this thread, distinct from every other running thread's and never 0 (the
/// address of a thread-local).
fn me() -> usize {
    TOKEN.with(|t| t as *const u8 as usize)
}

/// Clears the owner of a lock when dropped (before its guard is: a panic unwinds both).
struct Owned<'a>(&'a AtomicUsize);

impl Drop for Owned<'_> {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Relaxed);
    }
}

impl<T: Send> Lock<T> {
    pub(super) const fn new(value: T) -> Lock<T> {
        Lock {
            value: Mutex::new(value),
            owner: AtomicUsize::new(0),
        }
    }

    /// Whether this thread holds the lock (it is running a callback of the work that holds
    /// it): taking it again would wait for ever.
    pub(super) fn held_here(&self) -> bool {
        self.owner.load(Ordering::Relaxed) == me()
    }

    /// Run `f` on the value under the lock taken as `guard` (a panic of earlier work does not
    /// keep the value from later calls: every table only ever holds finished results).
    fn holding<R>(&self, mut guard: MutexGuard<'_, T>, f: impl FnOnce(&mut T) -> R) -> R {
        self.owner.store(me(), Ordering::Relaxed);
        let _owned = Owned(&self.owner);
        f(&mut guard)
    }

    /// Run `f` on the value, waiting for the lock if another thread has it.  For a thread
    /// that does not hold the GIL (inside `allow_threads`) and has checked that it does not
    /// hold the lock ([`Lock::held_here`]).
    pub(super) fn blocking<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let guard = self.value.lock().unwrap_or_else(PoisonError::into_inner);
        self.holding(guard, f)
    }

    /// Run the short work `f` on the value, for a thread that holds the GIL: at once if the
    /// lock is free (the GIL stays held: no cost for the small calls), else waiting for it
    /// with the GIL released, and `f` runs there; [`Reentered`] if this thread holds it.
    pub(super) fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut T) -> R + Send) -> Result<R, Reentered> {
        match self.value.try_lock() {
            Ok(guard) => Ok(self.holding(guard, f)),
            Err(TryLockError::Poisoned(p)) => Ok(self.holding(p.into_inner(), f)),
            Err(TryLockError::WouldBlock) if self.held_here() => Err(Reentered),
            Err(TryLockError::WouldBlock) => Ok(py.allow_threads(|| self.blocking(f))),
        }
    }
}
