//! The native Konane kernels, in plain Rust, on the engine's table of canonical forms.
//!
//! Ports of the reference backend in `konane/` (which they are tested against), on one
//! board layout:
//!
//! * [`bits`]: masks in the layout of `konane/_bitboard.py` (one `u128` per mask, so a
//!   board fits when `rows * (cols + 1) <= 128`, the rule [`bits::fits`]), captures with
//!   multi-jumps in one direction, mobility, the 8 symmetries and the normal form
//!   (symmetries and colour swap);
//! * [`board`]: the check of a position and its orientation (a board that fits only
//!   transposed is transposed, and what a kernel finds is mapped back);
//! * [`decompose`] and [`footprint`]: the decomposer of `konane/decomposition.py`, rule for
//!   rule (the reach rule, the exact cuts of a line, the footprint split), proved in
//!   `docs/decomposition.md`; [`unionfind`] merges their groups;
//! * [`solver`]: the value of a position ([`Solver`]), with [`pipeline`] (its valuation in
//!   a second thread) and [`postable`] (its position table);
//! * [`wins`]: the win/loss search, and [`proof`] the proof tree it found; [`play`]: the
//!   player's heuristic search; [`census`]: the values of every position of a small board.
//!
//! The types here are shared by the kernels: the [`Rules`], the [`Error`] of a call, and
//! the check callback ([`Check`]) by which a caller follows a long computation and stops it.

pub mod bits;
pub mod board;
pub mod census;
pub mod decompose;
pub mod footprint;
pub mod pipeline;
pub mod play;
pub mod postable;
pub mod proof;
pub mod solver;
pub mod unionfind;
pub mod wins;

#[cfg(test)]
pub(crate) mod testkit;

pub use solver::{Info, RegionValue, Solver, PIPE_AFTER};

use crate::engine;
use std::fmt;

/// The rules that change values: whether multi-jumps are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub multi_jump: bool,
}

impl Rules {
    /// Multi-jumps in a straight line (the traditional rules).
    pub const STANDARD: Rules = Rules { multi_jump: true };
    /// Every move is a single jump.
    pub const SINGLE_JUMP: Rules = Rules { multi_jump: false };
}

/// Why a kernel call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The engine failed (interrupted by its hook, out of range, or out of memory: a table,
    /// the engine's or the kernel's, could not grow within the call's budget).
    Engine(engine::Error),
    /// The check callback of the call asked to stop (see [`Check`]).
    Stopped,
    /// The board or masks are not acceptable (too large, stones off the board, ...).
    BadBoard(String),
    /// A proof was asked for a player who does not win ([`proof::proof`]).
    NotWon(String),
}

impl From<engine::Error> for Error {
    fn from(e: engine::Error) -> Error {
        Error::Engine(e)
    }
}

/// A table that may not grow (past the call's memory budget, or refused by the system) is
/// an engine error, as the engine's own tables' are: [`engine::Error::Memory`].
impl From<engine::memory::Refused> for Error {
    fn from(r: engine::memory::Refused) -> Error {
        Error::Engine(engine::Error::Memory(r))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Engine(e) => e.fmt(f),
            Error::Stopped => f.write_str("stopped by the check callback (the tables keep what was finished)"),
            Error::BadBoard(msg) | Error::NotWon(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {}

/// The result of a solver call.
pub type Result<T> = std::result::Result<T, Error>;

/// How many positions computed from their options pass between two calls of the check
/// callback of [`Solver::value`] (the step of the Python solver's counter; a power of 2).
pub const CHECK_EVERY: u64 = 4096;

/// The check callback of a kernel: called now and then with the work done since its last
/// call (positions computed from their options for [`Solver::value`], nodes for the
/// searches, codes for the census); returns `true` to stop the computation.
pub type Check<'a> = &'a mut dyn FnMut(u64) -> bool;

/// The positions of one call, counted for its check callback: [`Ticker::tick`] counts one
/// and calls the check every `EVERY` (a power of 2) with `EVERY`, [`Ticker::finish`] calls
/// it with the rest.  The value solver and the outcome search both count with it.
pub(crate) struct Ticker<'b, const EVERY: u64> {
    pub(crate) check: Option<Check<'b>>,
    pub(crate) count: u64,
}

impl<'b, const EVERY: u64> Ticker<'b, EVERY> {
    pub(crate) fn new(check: Option<Check<'b>>) -> Self {
        Ticker { check, count: 0 }
    }

    /// Count one position; every `EVERY`, call the check.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<()> {
        self.count += 1;
        if self.count & (EVERY - 1) == 0 {
            self.report(EVERY)?;
        }
        Ok(())
    }

    /// Call the check with `n` positions counted elsewhere (the helpers of a call in several
    /// threads).
    pub(crate) fn add(&mut self, n: u64) -> Result<()> {
        self.report(n)
    }

    /// Call the check with the positions counted since its last call (if any).
    pub(crate) fn finish(&mut self) -> Result<()> {
        let rest = self.count & (EVERY - 1);
        if rest != 0 {
            self.report(rest)?;
        }
        Ok(())
    }

    #[cold]
    fn report(&mut self, n: u64) -> Result<()> {
        if let Some(c) = self.check.as_mut() {
            if c(n) {
                return Err(Error::Stopped);
            }
        }
        Ok(())
    }
}
