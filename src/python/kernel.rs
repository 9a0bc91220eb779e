//! How a Konane kernel is called from Python, written once for every kernel: its state in
//! this process, its locks, its check callback, its memory budget and its errors.
//!
//! A kernel runs with the GIL released, so that other Python threads run meanwhile.  Its
//! state (its tables: the value solver's, the win/loss search's) and the process's engine
//! are behind [`Lock`]s, taken in that order with the GIL released: a call while another
//! thread computes waits for it (one native computation at a time works on the engine's
//! table), and a call from a callback of the computation on its own thread (a signal
//! handler, the check callback) is refused with a `RuntimeError` (the engine's: a
//! `cgt.errors.CGTError`), as it would wait for itself.
//!
//! A kernel of [`crate::konane`] that runs long takes a [`Check`] callback, which it calls
//! now and then with a count (positions, nodes, codes) and which stops it by returning
//! `true`.  Here that callback takes the GIL and calls a Python callable `check(n)` (the
//! limits and the progress bar of `konane._progress`) and, for kernels whose loops do not
//! reach the engine's interrupt hook, Python's signal handlers (Ctrl-C): the first
//! exception raised there stops the kernel and is raised once it has stopped, so its
//! tables stay valid.  `max_bytes`, if given, is the memory budget of the call
//! ([`crate::engine::memory::Budget`]): the bytes the process may grow by while it runs;
//! a table that would grow past it (or whose growth the system refuses) stops the kernel
//! with a `cgt.errors.CGTMemoryError`, its tables keeping only finished results.

use super::engine::{self, to_pyerr};
use super::lock::Lock;
use crate::engine::memory::Budget;
use crate::engine::Engine;
use crate::konane::{self, Check, Error};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::LazyLock;

/// The state of a kernel in this process (its tables), made on first use, and the kernel's
/// name for messages.
pub(super) struct Kernel<T: Send + 'static> {
    what: &'static str,
    state: LazyLock<Lock<T>>,
}

impl<T: Default + Send> Kernel<T> {
    /// The state of the kernel named `what` (in messages: "the native Konane {what}").
    pub(super) const fn new(what: &'static str) -> Kernel<T> {
        Kernel {
            what,
            state: LazyLock::new(|| Lock::new(T::default())),
        }
    }
}

impl<T: Send> Kernel<T> {
    /// The kernel's name, for messages.
    pub(super) fn what(&self) -> &'static str {
        self.what
    }

    fn reentered(&self) -> PyErr {
        PyRuntimeError::new_err(format!(
            "the native Konane {} was called again while it was working (from a signal handler?)",
            self.what
        ))
    }

    /// Run the short work `f` on the kernel's state (its sizes, emptying it): at once if it
    /// is free, else after the call that works on it (waiting with the GIL released); a
    /// `RuntimeError` from a callback of a call of the kernel on this thread.
    pub(super) fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut T) -> R + Send) -> PyResult<R> {
        self.state.with(py, f).map_err(|_| self.reentered())
    }

    /// Run the kernel `f` on its state and on the process's engine, with the GIL released,
    /// the check callback made of `check` and `signals` (see [`checked`]) and the memory
    /// budget `max_bytes` (see the module's documentation); map its errors: the exception
    /// that stopped it is raised once it has stopped ([`Error::Stopped`]), the engine's
    /// errors map as in [`to_pyerr`] (Ctrl-C through the engine's interrupt hook is
    /// `KeyboardInterrupt`, a table that could not grow `cgt.errors.CGTMemoryError`), a bad
    /// board is a `ValueError`.
    pub(super) fn run<R: Send>(
        &self,
        py: Python<'_>,
        check: Option<&Bound<'_, PyAny>>,
        signals: bool,
        max_bytes: Option<usize>,
        f: impl FnOnce(&mut T, &mut Engine, Option<Check<'_>>) -> konane::Result<R> + Send,
    ) -> PyResult<R> {
        if self.state.held_here() {
            return Err(self.reentered());
        }
        if engine::engine().held_here() {
            return Err(engine::reentered(py));
        }
        let check: Option<Py<PyAny>> = check.map(|c| c.clone().unbind());
        let (r, raised) = py.allow_threads(|| {
            // the one order of the locks: the kernel's tables, then the engine
            self.state.blocking(|state| {
                engine::engine().blocking(|e| {
                    let before = e.set_budget(Budget::new(max_bytes));
                    let out = checked(check.as_ref(), signals, |hook| f(state, e, hook));
                    e.set_budget(before);
                    out
                })
            })
        });
        r.map_err(|err| match err {
            Error::Stopped => raised
                .unwrap_or_else(|| PyRuntimeError::new_err(format!("the native Konane {} was stopped", self.what))),
            Error::Engine(x) => to_pyerr(py, x),
            other => PyValueError::new_err(other.to_string()),
        })
    }
}

/// Run `f` with a check callback made of `check` (called with the count the kernel
/// reports) and, if `signals`, of Python's signal handlers, run first (Ctrl-C, for kernels
/// whose loops do not reach the engine's interrupt hook); no callback if neither.  The
/// callback takes the GIL (`f` runs without it); with no `check`, at most every
/// few milliseconds ([`engine::signals_due`]).  The first exception raised there makes
/// the callback return `true`, so that the kernel stops; it is returned beside `f`'s result.
pub(super) fn checked<R>(
    check: Option<&Py<PyAny>>,
    signals: bool,
    f: impl FnOnce(Option<Check<'_>>) -> R,
) -> (R, Option<PyErr>) {
    let mut raised: Option<PyErr> = None;
    let mut call = |n: u64| {
        // with the signal handlers alone (the player's search), the GIL is taken at most
        // every few milliseconds, as the engine's interrupt hook does
        if check.is_none() && !engine::signals_due() {
            return false;
        }
        Python::with_gil(|py| {
            let r = if signals { py.check_signals() } else { Ok(()) };
            match r.and_then(|()| check.map_or(Ok(()), |c| c.call1(py, (n,)).map(drop))) {
                Ok(()) => false,
                Err(err) => {
                    raised.get_or_insert(err);
                    true
                }
            }
        })
    };
    let hook: Option<Check<'_>> = if signals || check.is_some() {
        Some(&mut call)
    } else {
        None
    };
    let r = f(hook);
    (r, raised)
}
