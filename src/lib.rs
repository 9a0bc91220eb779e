//! Native core of `konane-cgt`: the canonical-form engine of short partizan games and the
//! Konane kernels.
//!
//! Three layers: [`engine`] (the game table, canonical forms, numbers) and [`konane`] (the
//! value solver, the searches, the census) are plain Rust with their own unit tests and no
//! Python types; `python` is the thin PyO3 layer that makes them the extension module
//! `cgt._native` (the native backend behind `cgt.ops`, and the native Konane kernels of
//! `konane`).  It looks down on them; they never mention it.

pub mod engine;
pub mod konane;

mod python;

/// The allocator of the whole crate: the engine and the solvers allocate many small
/// vectors (options, keys), where mimalloc is markedly faster than the system's malloc;
/// counted ([`engine::memory`]), so that a computation's budget of memory holds.
#[global_allocator]
static GLOBAL: engine::memory::Counting<mimalloc::MiMalloc> = engine::memory::Counting(mimalloc::MiMalloc);
