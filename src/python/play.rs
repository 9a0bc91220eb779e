//! The player's search ([`crate::konane::play`]): `konane_play`, the kernel of
//! `konane.best_move`.
//!
//! It searches the position with the budget given, runs Python's signal handlers every
//! [`crate::konane::play::CHECK_EVERY`] nodes (a `KeyboardInterrupt` stops the search and
//! propagates), and returns the result as a tuple, the move in the layout of the board as
//! given.  `konane/players.py` calls it.

use super::board::Board;
use super::kernel::checked;
use crate::konane::play::{search, Budget, Position, MAX_PLY};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// The search result: `(move, score, depth, nodes, stopped, proven)` where `move` is
/// `(from_bit, to_bit)` or `None`, and `proven` is `True` (the player to move wins),
/// `False` (it loses) or `None` (not proved).
type Answer = (Option<(u32, u32)>, i32, u32, u64, bool, Option<bool>);

/// Search the position `board` (`konane.Board.key`), the player to move Black if
/// `black_to_move`, for at most `time` seconds, `max_nodes` nodes and `max_depth` plies
/// (each `None`: no such limit), under the rules `multi_jump`; `seed`, if given, shuffles
/// the moves of equal score.
#[pyfunction]
#[pyo3(signature = (board, black_to_move, multi_jump, time=None, max_nodes=None, max_depth=None, seed=None))]
#[allow(clippy::too_many_arguments)]
pub(super) fn konane_play(
    py: Python<'_>,
    board: Board,
    black_to_move: bool,
    multi_jump: bool,
    time: Option<f64>,
    max_nodes: Option<u64>,
    max_depth: Option<u32>,
    seed: Option<u64>,
) -> PyResult<Answer> {
    let b = board.oriented("player")?;
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
    let (me, en) = if black_to_move {
        (b.black, b.white)
    } else {
        (b.white, b.black)
    };
    let pos = Position {
        cells: b.cells,
        me,
        en,
        stride: b.stride(),
        multi: multi_jump,
    };
    // the search runs with the GIL released (it works on no shared state), taken back to
    // run the signal handlers every few thousand nodes
    let (r, raised) = py.allow_threads(|| checked(None, true, |hook| search(pos, budget, seed, hook)));
    if let Some(err) = raised {
        return Err(err);
    }
    Ok((
        r.best.map(|m| (b.bit_back(m.from), b.bit_back(m.to))),
        r.score,
        r.depth,
        r.nodes,
        r.stopped,
        r.proven(),
    ))
}
