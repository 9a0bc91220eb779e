//! The canonical-form engine of short partizan games, in plain Rust.
//!
//! Every canonical game is stored once in an [`Engine`]'s table and is named by a small
//! integer id ([`Id`]); two games are equal exactly when their ids are.  The design follows
//! CGSuite's `CanonicalShortGameOps` and the pure-Python reference engine of the package
//! (`cgt/_pyengine.py`), which is the specification this module is tested against:
//!
//! * options are stored as sorted id slices in one arena, and an open hash index maps a pair
//!   of option slices to its id;
//! * number-up-star values `x + ^n + *m` ([`Nus`]) get closed-form sums, negation,
//!   comparison, stops and birthday, and their options are only built on demand, so
//!   `nus_id(10^6)` makes one record, not a million;
//! * canonicalisation removes dominated options and bypasses reversible ones, testing
//!   reversibility against the game under construction without interning it, and
//!   recognises results that are number-up-star values, so that each value has one id;
//! * sums, negation, comparison, birthday, canonical forms and the undominated options of a
//!   side are memoised in bounded caches keyed by ids (each is emptied when it outgrows
//!   [`CACHE_LIMIT`]), and comparisons are screened by the stops first.
//!
//! Numbers are exact at any size ([`Dyadic`]); up multiples and nimbers are 64-bit and any
//! overflow is an [`Error`], never a wrap.  Recursion over deep game trees grows the stack
//! on demand, up to a bound ([`MAX_STACK_SEGMENTS`] segments of [`STACK_SEGMENT`] bytes:
//! deeper work is an [`Error::Overflow`] that says so, never a failed allocation), and long
//! work calls an interrupt hook now and then ([`Engine::set_hook`]): only finished results
//! are ever interned or cached, so an interrupted or refused call leaves the table
//! consistent.  The table grows within the [`memory::Budget`] of the computation
//! ([`Engine::set_budget`]), its caches are emptied rather than grow past it, and a growth
//! it cannot make is an [`Error::Memory`], never an abort.
//!
//! One shortcut beyond the textbook recipe: a hot switch `{a | b}` of numbers plus a
//! number-up-star value `v` is `{a + v | b + v}` in closed form (`Engine::switch_plus_nus`),
//! so that `{1|0} + ^(10^7)` or `{1|0} + *3000` costs nothing.

mod arith;
mod canonical;
mod columns;
pub mod dyadic;
pub mod memory;
mod order;
pub mod shortcut;
mod table;

pub use dyadic::Dyadic;
pub use table::{CacheInfo, Engine, Hook, CACHE_LIMIT, MAX_NIMBER_OPTIONS, MAX_STACK_SEGMENTS};

use std::fmt;

/// The id of a canonical game in an [`Engine`]'s table.
pub type Id = u32;

/// Ask the processor to fetch the cache line of `p` (a hint: no effect on what the program
/// sees, and `p` is never read), so that a cache miss overlaps other work before the read.
/// Used on tables of millions of entries read at random: the engine's memo of comparisons
/// and the Konane solver's position table.
#[inline]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, whatever the address, and reads nothing.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// A number-up-star value `x + ^n + *m`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Nus {
    /// The number part.
    pub x: Dyadic,
    /// The multiple of up (negative for down).
    pub n: i64,
    /// The nimber.
    pub m: u64,
}

impl Nus {
    pub fn new(x: Dyadic, n: i64, m: u64) -> Nus {
        Nus { x, n, m }
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus { x, n: 0, m: 0 }
    }

    pub fn is_number(&self) -> bool {
        self.n == 0 && self.m == 0
    }

    pub fn is_zero(&self) -> bool {
        self.is_number() && self.x.is_zero()
    }
}

/// Why an engine call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The integer is not the id of a game in the table.
    InvalidId(u64),
    /// A value is out of the engine's range (an up multiple beyond 64 bits, a nimber with
    /// too many options to build, a table beyond 2^32 games).
    Overflow(String),
    /// The interrupt hook asked to stop.
    Interrupted,
    /// A table could not grow: past the computation's budget, or refused by the system
    /// (see [`memory`]).  The table is as it was before.
    Memory(memory::Refused),
}

impl From<memory::Refused> for Error {
    fn from(r: memory::Refused) -> Error {
        Error::Memory(r)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidId(g) => write!(f, "{g} is not the id of a game in this process's table"),
            Error::Overflow(msg) => f.write_str(msg),
            Error::Interrupted => f.write_str("interrupted"),
            Error::Memory(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

/// The result of an engine call.
pub type Result<T> = std::result::Result<T, Error>;

/// Red zone and segment size for growing the stack in deep recursion.
pub(crate) const STACK_RED_ZONE: usize = 128 * 1024;
pub const STACK_SEGMENT: usize = 16 * 1024 * 1024;

/// Run `f`, on a fresh stack segment if the current one is nearly used up.
#[inline]
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, f)
}

#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;
