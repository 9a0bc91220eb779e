//! The decomposer's split by footprints ([`crate::konane::footprint`]) and its cache.
//!
//! `konane.decomposition` lists the native cache beside its own; the tests and
//! `benchmarks/bench_footprint_cache.py` compare the native split with the Python one.

use super::board::{Board, MaskInt};
use crate::konane::footprint;
use pyo3::prelude::*;

/// The regions of `konane.decomposition.footprint_region_masks` computed natively, as
/// `(cells, black, white)` masks in the layout of `board` (`konane.Board.key`; a board
/// that fits only transposed is split transposed and its regions mapped back), in the
/// order of their lowest stone; `cached`: through the process's footprint cache (the one
/// the solver's split uses), else every bound computed afresh.
#[pyfunction]
#[pyo3(signature = (board, cached=true))]
pub(super) fn konane_footprint_regions(board: Board, cached: bool) -> PyResult<Vec<(MaskInt, MaskInt, MaskInt)>> {
    let b = board.oriented("decomposer")?;
    let regions = if cached {
        footprint::footprint_region_masks(b.cells, b.black, b.white, b.stride())
    } else {
        let mut fresh = footprint::FootprintCache::new(0);
        footprint::footprint_region_masks_with(b.cells, b.black, b.white, b.stride(), &mut fresh)
    };
    Ok(b.regions_back(&regions)
        .into_iter()
        .map(|[c, b, w]| (MaskInt(c), MaskInt(b), MaskInt(w)))
        .collect())
}

/// `(entries, capacity, hits, misses)` of the process's footprint cache.
#[pyfunction]
pub(super) fn konane_footprint_cache_info() -> (usize, usize, u64, u64) {
    let i = footprint::with_shared_cache(|c| c.info());
    (i.entries, i.capacity, i.hits, i.misses)
}

/// Empty the process's footprint cache.
#[pyfunction]
pub(super) fn konane_footprint_cache_clear() {
    footprint::with_shared_cache(|c| c.clear());
}
