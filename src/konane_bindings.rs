//! The PyO3 layer of the native Konane solver ([`crate::konane`]).
//!
//! It converts arguments (masks as Python ints, in the board layout of
//! `konane._bitboard`), runs the solver on the one engine of the process (so the ids it
//! returns are those of `cgt.ops` on the native backend), and maps errors: the position
//! limit to `konane.errors.ComputationLimitError`, a bad board to `ValueError`, Ctrl-C
//! (through the engine's interrupt hook) to `KeyboardInterrupt`.  Python code wraps these
//! functions in `konane/_native.py`.

use crate::bindings::with_engine;
use crate::engine::Id;
use crate::konane::{Error, Rules, Solver};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use pyo3::types::{PyDict, PyTuple};
use std::cell::RefCell;
use std::sync::LazyLock;

/// The solver's tables of this process (the GIL guards them, as the engine's).
static SOLVER: LazyLock<GILProtected<RefCell<Solver>>> =
    LazyLock::new(|| GILProtected::new(RefCell::new(Solver::new())));

fn reentered() -> PyErr {
    PyRuntimeError::new_err("the native Konane solver was called again while it was working (from a signal handler?)")
}

fn limit_error(py: Python<'_>, max_positions: u64, msg: String) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let cls = py.import("konane.errors")?.getattr("ComputationLimitError")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("positions", max_positions)?;
        kwargs.set_item("limit", "max_positions")?;
        Ok(PyErr::from_value(cls.call((msg.clone(),), Some(&kwargs))?))
    };
    make().unwrap_or_else(|_| PyRuntimeError::new_err(msg))
}

/// Id of the value of the `rows x cols` position `(cells, black, white)` (board layout,
/// stride `cols + 1`), under the rules `multi_jump`; at most `max_positions` positions
/// are computed from their options in this call.
#[pyfunction]
#[pyo3(signature = (rows, cols, cells, black, white, multi_jump, max_positions=None))]
#[allow(clippy::too_many_arguments)]
fn konane_value(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    cells: u128,
    black: u128,
    white: u128,
    multi_jump: bool,
    max_positions: Option<u64>,
) -> PyResult<Id> {
    let r = {
        let mut s = SOLVER.get(py).try_borrow_mut().map_err(|_| reentered())?;
        let rules = Rules { multi_jump };
        with_engine(py, |e| {
            match s.value(e, rows, cols, cells, black, white, rules, max_positions) {
                Ok(g) => Ok(Ok(g)),
                Err(Error::Engine(x)) => Err(x),
                Err(other) => Ok(Err(other)),
            }
        })?
    };
    r.map_err(|err| match err {
        Error::Limit { max_positions } => limit_error(
            py,
            max_positions,
            format!(
                "the native Konane solver stopped after {max_positions} positions: the limit is \
                 max_positions={max_positions} (the caches keep what was finished)"
            ),
        ),
        other => PyValueError::new_err(other.to_string()),
    })
}

/// Whether a `rows x cols` board fits the native solver (`rows * (cols + 1) <= 128`).
#[pyfunction]
fn konane_fits(rows: u32, cols: u32) -> bool {
    crate::konane::bits::fits(rows, cols)
}

/// `(positions, regions, computed, hits, misses)`: sizes of the solver's tables and counters.
#[pyfunction]
fn konane_info(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let i = SOLVER.get(py).try_borrow().map_err(|_| reentered())?.info();
    PyTuple::new(py, [i.positions as u64, i.regions as u64, i.computed, i.hits, i.misses])
}

/// Empty the solver's tables (the engine's table of games is kept).
#[pyfunction]
fn konane_clear(py: Python<'_>) -> PyResult<()> {
    SOLVER.get(py).try_borrow_mut().map_err(|_| reentered())?.clear();
    Ok(())
}

/// Add the solver's functions to the extension module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(konane_value, m)?)?;
    m.add_function(wrap_pyfunction!(konane_fits, m)?)?;
    m.add_function(wrap_pyfunction!(konane_info, m)?)?;
    m.add_function(wrap_pyfunction!(konane_clear, m)?)?;
    Ok(())
}
