//! The value solver ([`crate::konane::Solver`]): `konane_value` and its tables.
//!
//! The solver runs on the one engine of the process, so the ids it returns are those of
//! `cgt.ops` on the native backend.  `konane/_native.py` wraps these functions.

use super::board::Board;
use super::engine::with_engine;
use super::kernel::Kernel;
use crate::engine::Id;
use crate::konane::bits::Mask;
use crate::konane::{RegionValue, Rules, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The solver's tables of this process.
static SOLVER: Kernel<Solver> = Kernel::new("solver");

/// Id of the value of the position `board` (`konane.Board.key`) under the rules
/// `multi_jump`.
///
/// `check`, if given, is a Python callable `check(n)`, called with the number of positions
/// computed from their options since its last call: every 4096 of them
/// ([`crate::konane::CHECK_EVERY`]) and once at the end with the rest.  An exception it
/// raises (`konane.errors.ComputationLimitError`, `KeyboardInterrupt`) stops the
/// computation and propagates; the solver's tables keep only finished values.
///
/// `threads`: 1; 2 for the piped mode of [`crate::konane::pipeline`] (the second thread
/// starts once the call has valued [`crate::konane::PIPE_AFTER`] positions; the check is
/// called on this thread); 3 or more for helpers walking beside this thread's walk from
/// then on (see [`Solver::threads`]).
///
/// `max_bytes`, if given, is the memory budget of the call: the bytes the process may grow
/// by meanwhile (the tables, the engine's table of games); a growth past it, or one the system
/// refuses, stops the call with `cgt.errors.CGTMemoryError` (a `MemoryError`), the tables
/// keeping only finished values.  The call runs with the GIL released (see
/// [`super::kernel`]).
#[pyfunction]
#[pyo3(signature = (board, multi_jump, check=None, threads=1, max_bytes=None))]
pub(super) fn konane_value(
    py: Python<'_>,
    board: Board,
    multi_jump: bool,
    check: Option<Bound<'_, PyAny>>,
    threads: usize,
    max_bytes: Option<usize>,
) -> PyResult<Id> {
    let b = board.oriented(SOLVER.what())?;
    SOLVER.run(py, check.as_ref(), false, max_bytes, move |s, e, hook| {
        s.threads = threads;
        s.value(e, b.rows, b.cols, b.cells, b.black, b.white, Rules { multi_jump }, hook)
    })
}

/// `(positions, regions, computed, hits, misses, piped)`: sizes of the solver's tables and
/// counters.
#[pyfunction]
pub(super) fn konane_value_info(py: Python<'_>) -> PyResult<(u64, u64, u64, u64, u64, u64)> {
    let i = SOLVER.with(py, |s| s.info())?;
    Ok((
        i.positions as u64,
        i.regions as u64,
        i.computed,
        i.hits,
        i.misses,
        i.piped,
    ))
}

/// Empty the solver's tables (the engine's table of games is kept).
#[pyfunction]
pub(super) fn konane_value_clear(py: Python<'_>) -> PyResult<()> {
    SOLVER.with(py, |s| s.clear())
}

/// A region value as Python gives and takes it: `(multi, stride, cells, black, white, id)`
/// ([`crate::konane::RegionValue`]).
type RegionTuple = (bool, u32, Mask, Mask, Mask, Id);

/// The finished values of the regions the solver valued since the last call (the first call,
/// and the first after a clear: every region of its table), for a file that keeps them.
#[pyfunction]
pub(super) fn konane_value_new_regions(py: Python<'_>) -> PyResult<Vec<RegionTuple>> {
    let rs = SOLVER.with(py, |s| s.new_regions())?;
    Ok(rs
        .into_iter()
        .map(|r| (r.multi, r.stride, r.cells, r.black, r.white, r.id))
        .collect())
}

/// Give the solver's region table values computed before (regions in their normal form,
/// ids of this process's engine); the number it did not have.  A `ValueError` for a region
/// that is not a normal form or an id that is not a game's (the regions before it are kept).
#[pyfunction]
pub(super) fn konane_value_put_regions(py: Python<'_>, regions: Vec<RegionTuple>) -> PyResult<usize> {
    let known = with_engine(py, |e| Ok(e.len()))?;
    SOLVER
        .with(py, |s| {
            let mut added = 0;
            for (multi, stride, cells, black, white, id) in regions {
                if id as usize >= known {
                    return Err(format!("a region value to keep: {id} is not a game's id"));
                }
                let r = RegionValue {
                    multi,
                    stride,
                    cells,
                    black,
                    white,
                    id,
                };
                added += usize::from(s.put_region(r).map_err(|e| e.to_string())?);
            }
            Ok(added)
        })?
        .map_err(PyValueError::new_err)
}
