//! The win/loss search ([`crate::konane::wins`]): `konane_wins` and its tables.
//!
//! The search runs on the one engine of the process (the values of its small regions are
//! ids of `cgt.ops` on the native backend).  `konane/_native.py` wraps these functions.

use super::board::{Board, MaskInt};
use super::engine::with_engine;
use super::kernel::Kernel;
use crate::engine::Id;
use crate::konane::bits::Mask;
use crate::konane::board::Oriented;
use crate::konane::proof::{proof, Body, Node};
use crate::konane::wins::{Proved, Search, SplitRule};
use crate::konane::{Error, Rules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The search's tables of this process.
static SEARCH: Kernel<Search> = Kernel::new("win/loss search");

/// `(won, positions, settled)`: whether the player to move (Black if `black_to_move`) wins
/// the position `board` (`konane.Board.key`) under the rules `multi_jump`, with the nodes
/// expanded and the nodes settled by region values.
///
/// `check`, if given, is a Python callable `check(n)`, called with counts of nodes and of
/// positions of region values every few thousand of them and once at the end; an
/// exception it raises stops the search and propagates (the tables keep only proved
/// results).  `max_bytes`, if given, is the memory budget of the call, as for
/// `konane_value` (a growth past it stops the search with `cgt.errors.CGTMemoryError`).
/// `threads` is the number of threads of the search (1: the caller's alone; see
/// [`Search::threads`]); the answer does not depend on it, the nodes expanded do.
/// The search runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (board, black_to_move, multi_jump, check=None, max_bytes=None, threads=1))]
pub(super) fn konane_wins(
    py: Python<'_>,
    board: Board,
    black_to_move: bool,
    multi_jump: bool,
    check: Option<Bound<'_, PyAny>>,
    max_bytes: Option<usize>,
    threads: usize,
) -> PyResult<(bool, u64, u64)> {
    if threads == 0 {
        return Err(PyValueError::new_err("the search needs at least 1 thread, not 0"));
    }
    let b = board.oriented(SEARCH.what())?;
    let (won, stats) = SEARCH.run(py, check.as_ref(), false, max_bytes, move |s, e, hook| {
        s.threads = threads;
        let rules = Rules { multi_jump };
        s.wins(e, b.rows, b.cols, b.cells, b.black, b.white, black_to_move, rules, hook)
    })?;
    Ok((won, stats.positions, stats.settled))
}

/// A node of a proof as Python takes it: `(black, white, black_to_move, regions, moves)`,
/// `regions` the `(cells, black, white)` of a leaf settled by values, `moves` the
/// `(from, to, child)` kept (bits of the board's layout, the index of a node), both `None`
/// where the player to move has no move.
type ProofTuple = (
    MaskInt,
    MaskInt,
    bool,
    Option<Vec<(MaskInt, MaskInt, MaskInt)>>,
    Option<Vec<(u32, u32, u32)>>,
);

/// The nodes of a proof ([`konane_wins_proof`]), kept here until Python reads them in
/// slices ([`ProofTree::nodes`]): a proof of millions of nodes made Python tuples all at
/// once would take several times the memory of the nodes.
#[pyclass(frozen, module = "cgt._native")]
pub(super) struct ProofTree {
    b: Oriented,
    nodes: Vec<Node>,
}

#[pymethods]
impl ProofTree {
    fn __len__(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes `start` to `stop` (excluded; clipped to the tree), each a [`ProofTuple`].
    fn nodes(&self, start: usize, stop: usize) -> Vec<ProofTuple> {
        let b = &self.b;
        let back = |m: Mask| MaskInt(b.mask_back(m));
        let stop = stop.min(self.nodes.len());
        self.nodes[start.min(stop)..stop]
            .iter()
            .map(|n| {
                let (regions, moves) = match &n.body {
                    Body::NoMove => (None, None),
                    Body::Regions(r) => (
                        Some(
                            b.regions_back(r)
                                .into_iter()
                                .map(|[c, x, o]| (MaskInt(c), MaskInt(x), MaskInt(o)))
                                .collect(),
                        ),
                        None,
                    ),
                    Body::Moves(m) => (
                        None,
                        Some(m.iter().map(|&(f, t, c)| (b.bit_back(f), b.bit_back(t), c)).collect()),
                    ),
                };
                (back(n.black), back(n.white), n.black_to_move, regions, moves)
            })
            .collect()
    }
}

/// The proof that Black (if `black_wins`, else White) wins `board` with Black (if
/// `black_to_move`) to move, read from the search's tables ([`crate::konane::proof::proof`]):
/// its nodes (a [`ProofTree`]), every one after those it names, the root last; the leaves settled by values
/// are those whose live regions have at most `leaf_stones` stones.  `check` and `max_bytes`
/// as for [`konane_wins`]; a `RuntimeError` if the player said to win has no winning move
/// at some node.  Runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (board, black_to_move, black_wins, multi_jump, leaf_stones, check=None, max_bytes=None))]
#[allow(clippy::too_many_arguments)]
pub(super) fn konane_wins_proof(
    py: Python<'_>,
    board: Board,
    black_to_move: bool,
    black_wins: bool,
    multi_jump: bool,
    leaf_stones: u32,
    check: Option<Bound<'_, PyAny>>,
    max_bytes: Option<usize>,
) -> PyResult<ProofTree> {
    let b = board.oriented(SEARCH.what())?;
    let nodes = SEARCH
        .run(py, check.as_ref(), false, max_bytes, move |s, e, hook| {
            let rules = Rules { multi_jump };
            let position = (b.cells, b.black, b.white);
            match proof(
                s,
                e,
                (b.rows, b.cols),
                position,
                black_to_move,
                black_wins,
                rules,
                leaf_stones,
                hook,
            ) {
                Err(Error::NotWon(why)) => Ok(Err(why)),
                r => r.map(Ok),
            }
        })?
        .map_err(PyRuntimeError::new_err)?;
    Ok(ProofTree { b, nodes })
}

/// What the search's tables already know of `board` with the player to move (Black if
/// `black_to_move`), without searching: `True` or `False` (whether that player wins) where
/// the values of its small regions settle it or the transposition table holds it, else
/// `None` ([`Search::known`]).
#[pyfunction]
#[pyo3(signature = (board, black_to_move, multi_jump, max_bytes=None))]
pub(super) fn konane_wins_known(
    py: Python<'_>,
    board: Board,
    black_to_move: bool,
    multi_jump: bool,
    max_bytes: Option<usize>,
) -> PyResult<Option<bool>> {
    let b = board.oriented(SEARCH.what())?;
    SEARCH.run(py, None, false, max_bytes, move |s, e, _| {
        let rules = Rules { multi_jump };
        s.known(e, b.rows, b.cols, b.cells, b.black, b.white, black_to_move, rules)
    })
}

/// `(entries, positions, settled)`: the size of the transposition table and the search's
/// counters over the process's life.
#[pyfunction]
pub(super) fn konane_wins_info(py: Python<'_>) -> PyResult<(u64, u64, u64)> {
    let (entries, positions, settled) = SEARCH.with(py, |s| s.info())?;
    Ok((entries as u64, positions, settled))
}

/// Set the stone threshold of the regions settled by values and the size of the
/// transposition table (for measurements; the results do not depend on them), each if
/// given, whether it searches by proof numbers (df-pn), and how it splits a node into regions
/// (`"reach"`, `"footprint"`, `"footprint-always"`: [`SplitRule`]) and deep df-pn's `D` in
/// percent of the root's stones (`Search::deep`; 0: plain df-pn); returns the previous
/// `(small, max_entries, proof_numbers, split, deep)`.
#[pyfunction]
#[pyo3(signature = (small=None, max_entries=None, proof_numbers=None, split=None, deep=None))]
pub(super) fn konane_wins_configure(
    py: Python<'_>,
    small: Option<u32>,
    max_entries: Option<usize>,
    proof_numbers: Option<bool>,
    split: Option<&str>,
    deep: Option<u32>,
) -> PyResult<(u32, usize, bool, &'static str, u32)> {
    const RULES: [(&str, SplitRule); 3] = [
        ("reach", SplitRule::Reach),
        ("footprint", SplitRule::Footprint),
        ("footprint-always", SplitRule::FootprintAlways),
    ];
    let rule = match split {
        None => None,
        Some(name) => match RULES.iter().find(|(n, _)| *n == name) {
            Some(&(_, r)) => Some(r),
            None => {
                return Err(PyValueError::new_err(format!(
                    "split must be 'reach', 'footprint' or 'footprint-always', not {name:?}"
                )))
            }
        },
    };
    if max_entries.is_some_and(|n| n < 2) {
        return Err(PyValueError::new_err(format!(
            "max_entries must be at least 2, not {}",
            max_entries.unwrap_or(0)
        )));
    }
    SEARCH.with(py, |s| {
        let name = RULES.iter().find(|(_, r)| *r == s.split).map_or("reach", |(n, _)| *n);
        let old = (s.small, s.max_entries, s.proof_numbers, name, s.deep);
        if let Some(r) = rule {
            s.split = r;
        }
        if let Some(p) = proof_numbers {
            s.proof_numbers = p;
        }
        if let Some(n) = small {
            s.small = n;
        }
        if let Some(n) = max_entries {
            s.max_entries = n;
        }
        if let Some(d) = deep {
            s.deep = d;
        }
        old
    })
}

/// Empty the search's tables (the engine's table of games is kept).
#[pyfunction]
pub(super) fn konane_wins_clear(py: Python<'_>) -> PyResult<()> {
    SEARCH.with(py, |s| s.clear())
}

/// A proved result as Python gives and takes it: `(multi, stride, cells, me, en, g, wins,
/// work)` ([`crate::konane::wins::Proved`]).
type ProvedTuple = (bool, u32, Mask, Mask, Mask, Id, bool, u32);

/// The proved results that took at least [`crate::konane::wins::KEEP_WORK`] nodes, proved
/// since the last call (the first call, and the first after a clear: every such result of
/// the table), for a file that keeps them.
#[pyfunction]
pub(super) fn konane_wins_new_results(py: Python<'_>) -> PyResult<Vec<ProvedTuple>> {
    let ps = SEARCH.with(py, |s| s.new_results())?;
    Ok(ps
        .into_iter()
        .map(|p| (p.multi, p.stride, p.cells, p.me, p.en, p.g, p.wins, p.work))
        .collect())
}

/// Give the transposition table results proved before (nodes in the search's normal form,
/// `g` an id of this process's engine); the number it did not have.  A `ValueError` for a
/// node that is not a normal form or a `g` that is not a game's id (those before it are
/// kept).
#[pyfunction]
pub(super) fn konane_wins_put_results(py: Python<'_>, results: Vec<ProvedTuple>) -> PyResult<usize> {
    let known = with_engine(py, |e| Ok(e.len()))?;
    SEARCH
        .with(py, |s| {
            let mut added = 0;
            for (multi, stride, cells, me, en, g, wins, work) in results {
                if g as usize >= known {
                    return Err(format!("a proved result to keep: {g} is not a game's id"));
                }
                let p = Proved {
                    multi,
                    stride,
                    cells,
                    me,
                    en,
                    g,
                    wins,
                    work,
                };
                added += usize::from(s.put_result(p).map_err(|e| e.to_string())?);
            }
            Ok(added)
        })?
        .map_err(PyValueError::new_err)
}
