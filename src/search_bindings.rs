//! The PyO3 layer of the native win/loss search ([`crate::konane::search`]).
//!
//! As `src/konane_bindings.rs` for the value solver: it converts arguments (masks as
//! Python ints, in the board layout of `konane._bitboard`), runs the search on the one
//! engine of the process, and maps errors: an exception raised by the `check` callable
//! (the limits, the time budget and the progress bar of `konane.solving`) propagates as it
//! is, a bad board becomes `ValueError`, Ctrl-C (through the engine's interrupt hook)
//! `KeyboardInterrupt`.  Python code wraps these functions in `konane/_native.py`.

use crate::konane::search::Search;
use crate::konane::Rules;
use crate::konane_bindings::run_kernel;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use pyo3::types::PyTuple;
use std::cell::RefCell;
use std::sync::LazyLock;

/// The search's tables of this process (the GIL guards them, as the engine's).
static SEARCH: LazyLock<GILProtected<RefCell<Search>>> =
    LazyLock::new(|| GILProtected::new(RefCell::new(Search::new())));

fn reentered() -> PyErr {
    PyRuntimeError::new_err("the native Konane search was called again while it was working (from a signal handler?)")
}

/// `(wins, positions, settled)`: whether the player to move (Black if `black_to_move`)
/// wins the `rows x cols` position `(cells, black, white)` (board layout, stride
/// `cols + 1`) under the rules `multi_jump`, with the nodes expanded and the nodes settled
/// by region values.
///
/// `check`, if given, is a Python callable `check(n)`, called with counts of nodes and of
/// positions of region values every few thousand of them and once at the end; an
/// exception it raises stops the search and propagates (the tables keep only proved
/// results).
#[pyfunction]
#[pyo3(signature = (rows, cols, cells, black, white, black_to_move, multi_jump, check=None))]
#[allow(clippy::too_many_arguments)]
fn konane_search_wins(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    cells: u128,
    black: u128,
    white: u128,
    black_to_move: bool,
    multi_jump: bool,
    check: Option<Bound<'_, PyAny>>,
) -> PyResult<(bool, u64, u64)> {
    let mut s = SEARCH.get(py).try_borrow_mut().map_err(|_| reentered())?;
    let check = check.as_ref().map(|c| move |n: u64| c.call1((n,)).map(drop));
    let (won, stats) = run_kernel(py, "search", check, |e, hook| {
        s.wins(
            e,
            rows,
            cols,
            cells,
            black,
            white,
            black_to_move,
            Rules { multi_jump },
            hook,
        )
    })?;
    Ok((won, stats.positions, stats.settled))
}

/// `(entries, positions, settled)`: the size of the transposition table and the search's
/// counters over the process's life.
#[pyfunction]
fn konane_search_info(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let (entries, positions, settled) = SEARCH.get(py).try_borrow().map_err(|_| reentered())?.info();
    PyTuple::new(py, [entries as u64, positions, settled])
}

/// Set the stone threshold of the regions settled by values and the size of the
/// transposition table (for measurements; the results do not depend on them), each if
/// given, and whether it searches by proof numbers (df-pn); returns the previous
/// `(small, max_entries, proof_numbers)`.
#[pyfunction]
#[pyo3(signature = (small=None, max_entries=None, proof_numbers=None))]
fn konane_search_configure(
    py: Python<'_>,
    small: Option<u32>,
    max_entries: Option<usize>,
    proof_numbers: Option<bool>,
) -> PyResult<(u32, usize, bool)> {
    let mut s = SEARCH.get(py).try_borrow_mut().map_err(|_| reentered())?;
    let old = (s.small, s.max_entries, s.proof_numbers);
    if let Some(p) = proof_numbers {
        s.proof_numbers = p;
    }
    if let Some(n) = small {
        s.small = n;
    }
    if let Some(n) = max_entries {
        if n < 2 {
            return Err(PyValueError::new_err(format!(
                "max_entries must be at least 2, not {n}"
            )));
        }
        s.max_entries = n;
    }
    Ok(old)
}

/// Empty the search's tables (the engine's table of games is kept).
#[pyfunction]
fn konane_search_clear(py: Python<'_>) -> PyResult<()> {
    SEARCH.get(py).try_borrow_mut().map_err(|_| reentered())?.clear();
    Ok(())
}

/// Add the search's functions to the extension module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(konane_search_wins, m)?)?;
    m.add_function(wrap_pyfunction!(konane_search_info, m)?)?;
    m.add_function(wrap_pyfunction!(konane_search_configure, m)?)?;
    m.add_function(wrap_pyfunction!(konane_search_clear, m)?)?;
    Ok(())
}
