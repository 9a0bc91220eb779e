//! The census ([`crate::konane::census`]): the values of every position of a small board.
//!
//! `konane/enumeration.py` calls these: the census fills a Python buffer of `u32`
//! (an `array('I')` of `2^cells` entries) with engine ids of the one engine of the process
//! (so they are those of `cgt.ops` on the native backend), and the summary reads such a
//! buffer back.  A check callable (the limits and progress bar of `konane._progress`) may
//! stop the census by raising; the exception propagates as it is, and Ctrl-C (checked with
//! the callable, and through the engine's interrupt hook) raises `KeyboardInterrupt`.

use super::kernel::Kernel;
use crate::engine::memory;
use crate::engine::Id;
use crate::konane::census::{census, summary};
use crate::konane::Rules;
use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The census has no tables of its own (it fills the caller's); its lock only tells a
/// census called again from its own check callback.
static CENSUS: Kernel<()> = Kernel::new("census");

/// Fill `out` (a writable buffer of `2^(rows * cols)` unsigned 32-bit ints, such as an
/// `array('I')`) with the ids of the values of all parity-consistent positions of a
/// `rows x cols` board, indexed by code (`konane.Census`'s numbering); returns the number
/// of positions computed from their options (one per orbit of the board's symmetries).
///
/// `check`, if given, is called with the number of codes settled since its last call
/// (every 16384 codes and once at the end); an exception it raises stops the census and
/// propagates (`out` is then partly filled and must be dropped).  `max_bytes`, if given,
/// is the memory budget of the call (its own table of ids and the engine's growth), as for
/// `konane_value`.  The census runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (rows, cols, multi_jump, out, check=None, max_bytes=None))]
pub(super) fn konane_census(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    multi_jump: bool,
    out: PyBuffer<u32>,
    check: Option<Bound<'_, PyAny>>,
    max_bytes: Option<usize>,
) -> PyResult<u64> {
    if out.readonly() || !out.is_c_contiguous() {
        return Err(PyValueError::new_err(
            "the census needs a writable contiguous buffer of u32",
        ));
    }
    let size = out.item_count();
    // Ctrl-C is checked with the callable: the census' own loop does not go through the
    // engine's hook
    let (table, stats) = CENSUS.run(py, check.as_ref(), true, max_bytes, move |_, e, hook| {
        let mut table: Vec<Id> = Vec::new();
        memory::reserve(&e.budget(), "the native Konane census' table", &mut table, size)?;
        table.resize(size, 0);
        let stats = census(e, rows, cols, Rules { multi_jump }, &mut table, hook)?;
        Ok((table, stats))
    })?;
    out.copy_from_slice(py, &table)?;
    Ok(stats.computed)
}

/// `[(id, count, first), ...]` for the values of a census table (a buffer of `2^cells`
/// unsigned 32-bit ids): how many codes have each value and its first code in the
/// smallest-first order (fewer stones, then lower code), smallest first code first.
#[pyfunction]
pub(super) fn konane_census_summary(py: Python<'_>, table: PyBuffer<u32>, cells: u32) -> PyResult<Vec<(Id, u64, u64)>> {
    if cells > crate::konane::census::MAX_CELLS || table.item_count() as u64 != 1u64 << cells {
        return Err(PyValueError::new_err(format!(
            "a census table of {cells} cells has 2^{cells} entries, not {}",
            table.item_count()
        )));
    }
    let ids = table.to_vec(py)?;
    Ok(summary(&ids))
}

/// `out[i] = table[src[i]]` for every `i` (buffers of unsigned 32-bit ints, `out` writable
/// and as long as `src`): the ids of a census to indices of saved games and back, for
/// `konane.Census.save` and `load`.  An entry of `src` past the end of `table` is a
/// `ValueError` (a damaged file) and leaves `out` unchanged.
#[pyfunction]
pub(super) fn konane_census_remap(
    py: Python<'_>,
    src: PyBuffer<u32>,
    table: PyBuffer<u32>,
    out: PyBuffer<u32>,
) -> PyResult<()> {
    if out.readonly() || out.item_count() != src.item_count() {
        return Err(PyValueError::new_err(
            "the output must be a writable buffer as long as the input",
        ));
    }
    let (src, table) = (src.to_vec(py)?, table.to_vec(py)?);
    let mapped: Option<Vec<u32>> = src.iter().map(|&i| table.get(i as usize).copied()).collect();
    let mapped = mapped
        .ok_or_else(|| PyValueError::new_err(format!("an index past the end of a table of {} entries", table.len())))?;
    out.copy_from_slice(py, &mapped)
}
