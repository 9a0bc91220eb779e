//! The PyO3 layer of the native Konane solver ([`crate::konane`]).
//!
//! It converts arguments (masks as Python ints, in the board layout of
//! `konane._bitboard`), runs the solver on the one engine of the process (so the ids it
//! returns are those of `cgt.ops` on the native backend), and maps errors: an exception
//! raised by the `check` callable (the limits and the progress bar of `konane._progress`)
//! propagates as it is, a bad board becomes `ValueError`, Ctrl-C (through the engine's
//! interrupt hook) `KeyboardInterrupt`.  Python code wraps these
//! functions in `konane/_native.py`.

use crate::bindings::with_engine;
use crate::engine::{Engine, Id};
use crate::konane::{footprint, Check, Error, Rules, Solver};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use pyo3::types::PyTuple;
use std::cell::RefCell;
use std::sync::LazyLock;

/// The solver's tables of this process (the GIL guards them, as the engine's).
static SOLVER: LazyLock<GILProtected<RefCell<Solver>>> =
    LazyLock::new(|| GILProtected::new(RefCell::new(Solver::new())));

fn reentered() -> PyErr {
    PyRuntimeError::new_err("the native Konane solver was called again while it was working (from a signal handler?)")
}

/// Id of the value of the `rows x cols` position `(cells, black, white)` (board layout,
/// stride `cols + 1`), under the rules `multi_jump`.
///
/// `check`, if given, is a Python callable `check(n)`, called with the number of positions
/// computed from their options since its last call: every 4096 of them
/// ([`crate::konane::CHECK_EVERY`]) and once at the end with the rest.  An exception it
/// raises (`konane.errors.ComputationLimitError`, `KeyboardInterrupt`) stops the
/// computation and propagates; the solver's tables keep only finished values.
///
/// `threads`: 1, or 2 for the piped mode of [`crate::konane::pipeline`] (the second thread
/// starts once the call has valued [`crate::konane::PIPE_AFTER`] positions; the check is
/// called on this thread).
#[pyfunction]
#[pyo3(signature = (rows, cols, cells, black, white, multi_jump, check=None, threads=1))]
#[allow(clippy::too_many_arguments)]
fn konane_value(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    cells: u128,
    black: u128,
    white: u128,
    multi_jump: bool,
    check: Option<Bound<'_, PyAny>>,
    threads: usize,
) -> PyResult<Id> {
    let mut s = SOLVER.get(py).try_borrow_mut().map_err(|_| reentered())?;
    s.threads = threads;
    let check = check.as_ref().map(|c| move |n: u64| c.call1((n,)).map(drop));
    run_kernel(py, "solver", check, |e, hook| {
        s.value(e, rows, cols, cells, black, white, Rules { multi_jump }, hook)
    })
}

/// Run a Konane kernel `f` on the process's engine, with a check callback made of `check`
/// (none if `None`): the first error `check` returns stops the kernel ([`Error::Stopped`]) and
/// is raised once it has stopped; the engine's errors map as in [`with_engine`] (Ctrl-C is
/// `KeyboardInterrupt`), a bad board is a `ValueError`.  `what` names the kernel in the
/// message of a stop without an error.
pub(crate) fn run_kernel<T>(
    py: Python<'_>,
    what: &str,
    check: Option<impl FnMut(u64) -> PyResult<()>>,
    f: impl FnOnce(&mut Engine, Option<Check<'_>>) -> crate::konane::Result<T>,
) -> PyResult<T> {
    let mut raised: Option<PyErr> = None;
    let r = {
        let has = check.is_some();
        let mut check = check;
        let mut call = |n: u64| match check.as_mut().map(|c| c(n)) {
            Some(Err(err)) => {
                raised = Some(err);
                true
            }
            _ => false,
        };
        let hook: Option<Check<'_>> = if has { Some(&mut call) } else { None };
        with_engine(py, |e| match f(e, hook) {
            Ok(x) => Ok(Ok(x)),
            Err(Error::Engine(x)) => Err(x),
            Err(other) => Ok(Err(other)),
        })?
    };
    r.map_err(|err| match err {
        Error::Stopped => raised
            .take()
            .unwrap_or_else(|| PyRuntimeError::new_err(format!("the native Konane {what} was stopped"))),
        other => PyValueError::new_err(other.to_string()),
    })
}

/// Whether a `rows x cols` board fits the native solver (`rows * (cols + 1) <= 128`).
#[pyfunction]
fn konane_fits(rows: u32, cols: u32) -> bool {
    crate::konane::bits::fits(rows, cols)
}

/// `(positions, regions, computed, hits, misses, piped)`: sizes of the solver's tables and
/// counters.
#[pyfunction]
fn konane_info(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let i = SOLVER.get(py).try_borrow().map_err(|_| reentered())?.info();
    PyTuple::new(
        py,
        [
            i.positions as u64,
            i.regions as u64,
            i.computed,
            i.hits,
            i.misses,
            i.piped,
        ],
    )
}

/// Empty the solver's tables (the engine's table of games is kept).
#[pyfunction]
fn konane_clear(py: Python<'_>) -> PyResult<()> {
    SOLVER.get(py).try_borrow_mut().map_err(|_| reentered())?.clear();
    Ok(())
}

/// The regions of `konane.decomposition.footprint_region_masks` computed natively
/// (`src/konane/footprint.rs`), as `(cells, black, white)` masks in the layout `stride`;
/// `cached`: through the process's footprint cache (the one the solver's split uses), else
/// every bound computed afresh.
#[pyfunction]
#[pyo3(signature = (cells, black, white, stride, cached=true))]
fn konane_footprint_regions(
    cells: u128,
    black: u128,
    white: u128,
    stride: u32,
    cached: bool,
) -> PyResult<Vec<(u128, u128, u128)>> {
    if !(2..=128).contains(&stride) {
        return Err(PyValueError::new_err(format!(
            "stride must be from 2 to 128, not {stride}"
        )));
    }
    if (black | white) & !cells != 0 || black & white != 0 {
        return Err(PyValueError::new_err(
            "the stones must be disjoint sets of cells of the board",
        ));
    }
    Ok(if cached {
        footprint::footprint_region_masks(cells, black, white, stride)
    } else {
        footprint::footprint_region_masks_with(cells, black, white, stride, &mut footprint::FootprintCache::new(0))
    })
}

/// `(entries, capacity, hits, misses)` of the process's footprint cache.
#[pyfunction]
fn konane_footprint_cache_info() -> (usize, usize, u64, u64) {
    let i = footprint::with_shared_cache(|c| c.info());
    (i.entries, i.capacity, i.hits, i.misses)
}

/// Empty the process's footprint cache.
#[pyfunction]
fn konane_footprint_cache_clear() {
    footprint::with_shared_cache(|c| c.clear());
}

/// Add the solver's functions to the extension module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(konane_value, m)?)?;
    m.add_function(wrap_pyfunction!(konane_fits, m)?)?;
    m.add_function(wrap_pyfunction!(konane_info, m)?)?;
    m.add_function(wrap_pyfunction!(konane_clear, m)?)?;
    m.add_function(wrap_pyfunction!(konane_footprint_regions, m)?)?;
    m.add_function(wrap_pyfunction!(konane_footprint_cache_info, m)?)?;
    m.add_function(wrap_pyfunction!(konane_footprint_cache_clear, m)?)?;
    Ok(())
}
