//! How a Konane kernel is called from Python, written once for every kernel: its state in
//! this process, its check callback, and its errors.
//!
//! A kernel of [`crate::konane`] that runs long takes a [`Check`] callback, which it calls
//! now and then with a count (positions, nodes, codes) and which stops it by returning
//! `true`.  Here that callback is made of a Python callable `check(n)` (the limits and the
//! progress bar of `konane._progress`) and, for kernels whose loops do not reach the
//! engine's interrupt hook, Python's signal handlers (Ctrl-C): the first exception raised
//! there stops the kernel and is raised once it has stopped, so its tables stay valid.
//! [`Kernel`] is the state of a kernel with tables (the value solver, the win/loss search),
//! guarded by the GIL as the engine is, and refused to a second caller while a call works.

use super::engine::with_engine;
use crate::engine::Engine;
use crate::konane::{self, Check, Error};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use std::cell::{RefCell, RefMut};
use std::sync::LazyLock;

/// The state of a kernel in this process (its tables), made on first use, and the kernel's
/// name for messages.
pub(super) struct Kernel<T: Send + 'static> {
    what: &'static str,
    state: LazyLock<GILProtected<RefCell<T>>>,
}

impl<T: Default + Send> Kernel<T> {
    /// The state of the kernel named `what` (in messages: "the native Konane {what}").
    pub(super) const fn new(what: &'static str) -> Kernel<T> {
        Kernel {
            what,
            state: LazyLock::new(|| GILProtected::new(RefCell::new(T::default()))),
        }
    }
}

impl<T: Send> Kernel<T> {
    /// The kernel's name, for messages.
    pub(super) fn what(&self) -> &'static str {
        self.what
    }

    /// The kernel's state; a `RuntimeError` while a call of the kernel works (it was called
    /// again from a signal handler or from its check callback).
    pub(super) fn state<'py>(&'py self, py: Python<'py>) -> PyResult<RefMut<'py, T>> {
        self.state.get(py).try_borrow_mut().map_err(|_| {
            PyRuntimeError::new_err(format!(
                "the native Konane {} was called again while it was working (from a signal handler?)",
                self.what
            ))
        })
    }

    /// Run the kernel `f` on its state and on the process's engine, with the check callback
    /// made of `check` (see [`run`]).
    pub(super) fn run<R>(
        &self,
        py: Python<'_>,
        check: Option<&Bound<'_, PyAny>>,
        f: impl FnOnce(&mut T, &mut Engine, Option<Check<'_>>) -> konane::Result<R>,
    ) -> PyResult<R> {
        let mut state = self.state(py)?;
        run(py, self.what, check, false, |e, hook| f(&mut state, e, hook))
    }
}

/// Run `f` with a check callback made of `check` (called with the count the kernel
/// reports) and, if `signals`, of Python's signal handlers, run first (Ctrl-C, for kernels
/// whose loops do not reach the engine's interrupt hook); no callback if neither.  The first
/// exception raised there makes the callback return `true`, so that the kernel stops; it is
/// returned beside `f`'s result.
pub(super) fn checked<R>(
    py: Python<'_>,
    check: Option<&Bound<'_, PyAny>>,
    signals: bool,
    f: impl FnOnce(Option<Check<'_>>) -> R,
) -> (R, Option<PyErr>) {
    let mut raised: Option<PyErr> = None;
    let mut call = |n: u64| {
        let r = if signals { py.check_signals() } else { Ok(()) };
        match r.and_then(|()| check.map_or(Ok(()), |c| c.call1((n,)).map(drop))) {
            Ok(()) => false,
            Err(err) => {
                raised.get_or_insert(err);
                true
            }
        }
    };
    let hook: Option<Check<'_>> = if signals || check.is_some() {
        Some(&mut call)
    } else {
        None
    };
    let r = f(hook);
    (r, raised)
}

/// Run the Konane kernel `f` on the process's engine with the check callback of
/// [`checked`], and map its errors: the exception that stopped it is raised once it has
/// stopped ([`Error::Stopped`]; `what` names the kernel in the message of a stop without
/// one), the engine's errors map as in [`with_engine`] (Ctrl-C through the engine's
/// interrupt hook is `KeyboardInterrupt`), a bad board is a `ValueError`.
pub(super) fn run<R>(
    py: Python<'_>,
    what: &str,
    check: Option<&Bound<'_, PyAny>>,
    signals: bool,
    f: impl FnOnce(&mut Engine, Option<Check<'_>>) -> konane::Result<R>,
) -> PyResult<R> {
    let (r, raised) = checked(py, check, signals, |hook| {
        with_engine(py, |e| match f(e, hook) {
            Ok(x) => Ok(Ok(x)),
            Err(Error::Engine(x)) => Err(x),
            Err(other) => Ok(Err(other)),
        })
    });
    r?.map_err(|err| match err {
        Error::Stopped => {
            raised.unwrap_or_else(|| PyRuntimeError::new_err(format!("the native Konane {what} was stopped")))
        }
        other => PyValueError::new_err(other.to_string()),
    })
}
