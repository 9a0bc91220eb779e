//! The PyO3 layer of the Konane player's search ([`crate::konane::play`]).
//!
//! One function, `konane_search`: it converts the arguments (masks as Python ints in the
//! board layout of `konane._bitboard`), runs the search with the budget given, checks for
//! Ctrl-C every [`crate::konane::play::CHECK_EVERY`] nodes (a `KeyboardInterrupt` stops the
//! search and propagates), and returns the result as a tuple.  `konane/players.py` wraps it.

use crate::konane::bits::{fits, full_mask};
use crate::konane::play::{search, Budget, Position, MAX_PLY};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// The search result: `(move, score, depth, nodes, stopped, proven)` where `move` is
/// `(from_bit, to_bit)` or `None`, and `proven` is `True` (the player to move wins),
/// `False` (it loses) or `None` (not proved).
type Answer = (Option<(u32, u32)>, i32, u32, u64, bool, Option<bool>);

/// Search the `rows x cols` position `(cells, me, en)` (board layout, stride `cols + 1`;
/// `me` is the player to move) for at most `time` seconds, `max_nodes` nodes and
/// `max_depth` plies (each `None`: no such limit), under the rules `multi_jump`.
#[pyfunction]
#[pyo3(signature = (rows, cols, cells, me, en, multi_jump, time=None, max_nodes=None, max_depth=None, seed=None))]
#[allow(clippy::too_many_arguments)]
fn konane_search(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    cells: u128,
    me: u128,
    en: u128,
    multi_jump: bool,
    time: Option<f64>,
    max_nodes: Option<u64>,
    max_depth: Option<u32>,
    seed: Option<u64>,
) -> PyResult<Answer> {
    if !fits(rows, cols) {
        return Err(PyValueError::new_err(format!(
            "a {rows}x{cols} board does not fit the native search (rows * (cols + 1) <= 128)"
        )));
    }
    if cells & !full_mask(rows, cols) != 0 || (me | en) & !cells != 0 || me & en != 0 {
        return Err(PyValueError::new_err(
            "the masks are not a position: cells outside the grid, stones outside the cells, or both colours on one cell",
        ));
    }
    let time = match time {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(PyValueError::new_err(format!(
                "time must be a finite number of seconds >= 0, not {t}"
            )));
        }
        Some(t) => Some(Duration::from_secs_f64(t.min(1e9))),
        None => None,
    };
    let budget = Budget {
        max_nodes,
        time,
        max_depth: max_depth.unwrap_or(MAX_PLY),
    };
    let mut raised: Option<PyErr> = None;
    let mut check = || match py.check_signals() {
        Err(err) => {
            raised = Some(err);
            true
        }
        Ok(()) => false,
    };
    let pos = Position {
        cells,
        me,
        en,
        stride: cols + 1,
        multi: multi_jump,
    };
    let r = search(pos, budget, seed, Some(&mut check));
    if let Some(err) = raised {
        return Err(err);
    }
    Ok((
        r.best.map(|m| (m.from, m.to)),
        r.score,
        r.depth,
        r.nodes,
        r.stopped,
        r.proven(),
    ))
}

/// Add the player's functions to the extension module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(konane_search, m)?)?;
    Ok(())
}
