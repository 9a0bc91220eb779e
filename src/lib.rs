//! Native core of `konane-cgt`: the canonical-form engine of short partizan games.
//!
//! [`engine`] is plain Rust (no Python types); `bindings` is the thin PyO3 layer that
//! makes it the extension module `cgt._native`: the native backend behind `cgt.ops` (the engine
//! functions) and the native Konane solver of `konane` (the `konane_*` functions).

pub mod engine;
pub mod konane;

mod bindings;
mod census_bindings;
mod game_bindings;
mod konane_bindings;
mod play_bindings;
mod search_bindings;

/// The allocator of the whole crate: the engine and the solvers allocate many small
/// vectors (options, keys), where mimalloc is markedly faster than the system's malloc.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
