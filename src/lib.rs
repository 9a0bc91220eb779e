//! Native core of `konane-cgt`: the canonical-form engine of short partizan games.
//!
//! [`engine`] is plain Rust (no Python types); `bindings` is the thin PyO3 layer that
//! makes it the extension module `cgt._native`, one of the backends behind `cgt.ops`.

pub mod engine;
pub mod konane;

mod bindings;
mod konane_bindings;
