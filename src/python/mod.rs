//! The PyO3 layer: the extension module `cgt._native`.
//!
//! All the crate's Python code is here, one file per thing it serves; it converts
//! arguments and results, maps errors to Python's exceptions, and checks the interpreter
//! (signals, callbacks) during long work, on the plain Rust of [`crate::engine`] and
//! [`crate::konane`], which know nothing of Python.  The files only look down, never up
//! nor sideways into a file that looks at them: this one declares the module and lists
//! every function and class;
//!
//! * [`engine`]: the engine's functions (the native backend of `cgt.ops`), the process's
//!   engine and the mapping of its errors to `cgt.errors`;
//! * [`game`]: `GameBase`, the native base class of `cgt.Game` (on [`engine`]);
//! * [`kernel`]: how a Konane kernel is called (its state, its check callback and its
//!   errors, on [`engine`]); [`board`]: the position argument of the kernels;
//! * one file per Konane kernel, on those two: [`value`], [`wins`], [`play`],
//!   [`census`], [`footprint`].
//!
//! The Python package stays the API (docstrings, notation, errors): `konane/_native.py`
//! is the one door through which `konane` calls the kernels, and `cgt/_native.pyi` the
//! typed stub of everything this module holds.

mod board;
mod census;
mod engine;
mod footprint;
mod game;
mod kernel;
mod lock;
mod play;
mod value;
mod wins;

use crate::engine::Engine;
use pyo3::prelude::*;

/// The version of the module's Python-visible surface, which `konane/_native.py` checks
/// (a stale build, made from older sources, is then told apart): 2 since the Konane kernels
/// take one position value, `konane.Board.key`; 3 since they take a memory budget
/// (`max_bytes`) and run with the GIL released; 4 since the search says what its tables know
/// (`konane_wins_known`).
const API_VERSION: u32 = 4;

/// The extension module `cgt._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::engine::memory::give_back_freed_memory();
    m.add("API_VERSION", API_VERSION)?;
    // the engine
    m.add("ZERO", Engine::ZERO)?;
    m.add_function(wrap_pyfunction!(engine::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(engine::add, m)?)?;
    m.add_function(wrap_pyfunction!(engine::neg, m)?)?;
    m.add_function(wrap_pyfunction!(engine::leq, m)?)?;
    m.add_function(wrap_pyfunction!(engine::left_options, m)?)?;
    m.add_function(wrap_pyfunction!(engine::right_options, m)?)?;
    m.add_function(wrap_pyfunction!(engine::nus_id, m)?)?;
    m.add_function(wrap_pyfunction!(engine::nus, m)?)?;
    m.add_function(wrap_pyfunction!(engine::is_number, m)?)?;
    m.add_function(wrap_pyfunction!(engine::number_value, m)?)?;
    m.add_function(wrap_pyfunction!(engine::stops, m)?)?;
    m.add_function(wrap_pyfunction!(engine::birthday, m)?)?;
    m.add_function(wrap_pyfunction!(engine::cache_info, m)?)?;
    m.add_function(wrap_pyfunction!(engine::clear_caches, m)?)?;
    m.add_class::<game::GameBase>()?;
    m.add_function(wrap_pyfunction!(game::game_register, m)?)?;
    // the Konane kernels
    m.add_function(wrap_pyfunction!(board::konane_fits, m)?)?;
    m.add_function(wrap_pyfunction!(value::konane_value, m)?)?;
    m.add_function(wrap_pyfunction!(value::konane_value_info, m)?)?;
    m.add_function(wrap_pyfunction!(value::konane_value_clear, m)?)?;
    m.add_function(wrap_pyfunction!(value::konane_value_new_regions, m)?)?;
    m.add_function(wrap_pyfunction!(value::konane_value_put_regions, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_known, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_proof, m)?)?;
    m.add_class::<wins::ProofTree>()?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_info, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_new_results, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_put_results, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_configure, m)?)?;
    m.add_function(wrap_pyfunction!(wins::konane_wins_clear, m)?)?;
    m.add_function(wrap_pyfunction!(play::konane_play, m)?)?;
    m.add_function(wrap_pyfunction!(census::konane_census, m)?)?;
    m.add_function(wrap_pyfunction!(census::konane_census_summary, m)?)?;
    m.add_function(wrap_pyfunction!(census::konane_census_remap, m)?)?;
    m.add_function(wrap_pyfunction!(footprint::konane_footprint_regions, m)?)?;
    m.add_function(wrap_pyfunction!(footprint::konane_footprint_cache_info, m)?)?;
    m.add_function(wrap_pyfunction!(footprint::konane_footprint_cache_clear, m)?)?;
    Ok(())
}
