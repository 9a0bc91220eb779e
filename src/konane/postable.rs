//! The value solver's position table: (place, black, white) -> entry (a `u32`: the
//! solver's reference to a value, see `konane::pipeline::Ref`).
//!
//! A place is the cells of one normalised frame under one rule set; every position of a
//! place is keyed by a single integer, chosen by the place's [`Codec`]:
//!
//! * [`Codec::Packed`]: `black | white << n` when the frame's bit length `n` is at most 32;
//! * [`Codec::Ternary`]: the position read as a number in base 3 (a cell is 0, 1 for Black or
//!   2 for White) when the frame's box has at most 40 cells (`3^40 < 2^64`), so the 5x6 and
//!   6x6 boards take one `u64` although their masks are 34 and 41 bits long;
//! * [`Codec::Wide`]: `black | white << n` in a `u128` when `n <= 64`;
//! * [`Codec::Dense`]: both masks without their guard column ([`pack_rows`]) in a `u128`
//!   when the box has at most 64 cells (an 8x8 box: 72 bits of the layout, 64 cells);
//! * [`Codec::Wider`]: both masks.
//!
//! A place of *parity-consistent* positions (every Black stone on cells of one colour of the
//! checkerboard, every White stone on the other colour: the positions of a game from a
//! start position, whose jumps keep each stone on its colour) of more than 32 bits needs
//! less: such a position is its occupied cells and the colour of Black's cells
//! ([`parity_class`]), so its key is the occupied cells, in one of the place's two maps (one
//! for each colour of Black's cells: the colour would be a 65th bit of an 8x8 frame):
//!
//! * [`Codec::Occupied`]: the occupied cells when `n <= 64`;
//! * [`Codec::OccupiedDense`]: the occupied cells without the guard column when the box has
//!   at most 64 cells (an 8x8 frame: 12 bytes a slot where [`Codec::Dense`] takes 20);
//! * [`Codec::OccupiedWide`]: the occupied cells in a `u128`.
//!
//! A place is one `(stride, cells, rules)` and whether its positions are parity-consistent
//! (the positions after the moves of a parity-consistent position are, and so are its
//! images under the symmetries of the board and the colour swap), so the positions of one
//! place all take its codec.
//!
//! Each place has open-addressing tables of its own ([`PosMap`]: linear probing, a slot of
//! 12 bytes for the `u64` keys, of 20 bytes for the `u128` keys of [`Codec::Wide`],
//! [`Codec::Dense`] and [`Codec::OccupiedWide`]), whose slot can be prefetched while the
//! other options of a position are still being generated: a lookup in a table of millions of
//! positions is a cache miss, and the options of one position are looked up together.
//! [`Codec::Wider`] is rare (frames beyond 64 cells of positions that are not
//! parity-consistent) and uses a general hash map.
//!
//! The table grows within the memory budget of the call ([`Table::budget`], see
//! [`crate::engine::memory`]): a growth past it, or one the system refuses, is a
//! [`Refused`] and leaves the table as it was.

use super::bits::{pack_rows, Mask, MASK_BITS};
use crate::engine::memory::{self, Budget, Refused};
use rustc_hash::FxHashMap;

/// What grows here, for the messages of [`Refused`].
const WHAT: &str = "the native Konane solver's position table";

/// How the positions of one place are turned into keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    /// `black | white << n` (`2 n <= 64`).
    Packed { n: u32 },
    /// Base 3 over the `rows x cols` box laid out with `stride` (`rows * cols <= 40`).
    Ternary { rows: u32, cols: u32, stride: u32 },
    /// `black | white << n` in a `u128` (`2 n <= 128`).
    Wide { n: u32 },
    /// `pack_rows(black) | pack_rows(white) << 64` (`rows * (stride - 1) <= 64`).
    Dense { rows: u32, stride: u32 },
    /// Both masks.
    Wider,
    /// The occupied cells of a parity-consistent position (`n <= 64`).
    Occupied,
    /// The occupied cells of a parity-consistent position, without the guard column
    /// ([`pack_rows`]; `rows * (stride - 1) <= 64`).
    OccupiedDense { rows: u32, stride: u32 },
    /// The occupied cells of a parity-consistent position in a `u128`.
    OccupiedWide,
}

/// The largest bit length of a frame whose positions are packed whole ([`Codec::Packed`]):
/// such a place takes every position, parity-consistent or not.
pub const PACKED_BITS: u32 = 32;

impl Codec {
    /// The codec of a frame with `cells` laid out with `stride`, whose positions are all
    /// parity-consistent if `parity` (see [`parity_class`]).
    pub fn of(cells: Mask, stride: u32, parity: bool) -> Codec {
        let n = super::bits::bit_length(cells);
        let rows = n.div_ceil(stride);
        let cols = if rows <= 1 { n } else { stride - 1 };
        if n <= PACKED_BITS {
            Codec::Packed { n }
        } else if parity {
            if n <= 64 {
                Codec::Occupied
            } else if let Some(rows) = super::bits::dense_rows(cells, stride) {
                Codec::OccupiedDense { rows, stride }
            } else {
                Codec::OccupiedWide
            }
        } else if rows * cols <= 40 && cols <= 64 {
            Codec::Ternary { rows, cols, stride }
        } else if n <= 64 {
            Codec::Wide { n }
        } else if let Some(rows) = super::bits::dense_rows(cells, stride) {
            Codec::Dense { rows, stride }
        } else {
            Codec::Wider
        }
    }

    /// How many maps of `u64` keys and of `u128` keys a place of this codec has.
    fn maps(self) -> (usize, usize) {
        match self {
            Codec::Packed { .. } | Codec::Ternary { .. } => (1, 0),
            Codec::Occupied | Codec::OccupiedDense { .. } => (2, 0),
            Codec::Wide { .. } | Codec::Dense { .. } => (0, 1),
            Codec::OccupiedWide => (0, 2),
            Codec::Wider => (0, 0),
        }
    }
}

/// `EVEN[stride]`: the cells `(r, c)` with `r + c` even of the layout `stride` (bit
/// `r * stride + c`; the guard column included, which holds no cell).
static EVEN: [Mask; MASK_BITS as usize + 1] = {
    let mut t = [0 as Mask; MASK_BITS as usize + 1];
    let mut s = 1;
    while s <= MASK_BITS as usize {
        let mut i = 0;
        while i < MASK_BITS as usize {
            if (i / s + i % s) % 2 == 0 {
                t[s] |= 1 << i;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Whether the position `(black, white)` (layout `stride`) is parity-consistent, and if so
/// which colour Black's stones stand on: `Some(true)` for the cells `(r, c)` with `r + c`
/// even, `Some(false)` for the others (a position without Black stones: the colour White's
/// are not on; the empty position: `Some(false)`), `None` for a position with stones of one
/// side on both colours or of both sides on one.
#[inline]
pub fn parity_class(stride: u32, black: Mask, white: Mask) -> Option<bool> {
    let even = EVEN[stride as usize];
    let (black_even, black_odd) = (black & even != 0, black & !even != 0);
    let (white_even, white_odd) = (white & even != 0, white & !even != 0);
    if !black_odd && !white_even && (black_even || white_odd) {
        Some(true)
    } else if !black_even && !white_odd {
        Some(false)
    } else {
        None
    }
}

/// [`parity_class`] of a position known to be parity-consistent, read from one side's stones
/// (Black's, or White's where Black has none): whether Black's cells are those with `r + c`
/// even.  For the keys of the value solver's table, where a full check would cost twice.
#[inline]
pub fn black_on_even(stride: u32, black: Mask, white: Mask) -> bool {
    debug_assert!(
        parity_class(stride, black, white).is_some(),
        "a position that is not parity-consistent in a place of those that are"
    );
    let even = EVEN[stride as usize];
    if black != 0 {
        black & even != 0
    } else {
        white & !even != 0
    }
}

/// `TERNARY[x]`: the bits of `x` (10 of them) read in base 3.
static TERNARY: [u32; 1024] = {
    let mut t = [0u32; 1024];
    let mut x = 0;
    while x < 1024 {
        let (mut v, mut p, mut i) = (0u32, 1u32, 0);
        while i < 10 {
            if x >> i & 1 == 1 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// `3^k` for `k <= 10`.
const POW3: [u64; 11] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049];

/// The base-3 key of a position in a `rows x cols` box laid out with `stride`
/// (`rows * cols <= 40`; 0 only for the empty position).
#[inline]
pub fn ternary(black: Mask, white: Mask, rows: u32, cols: u32, stride: u32) -> u64 {
    let row: Mask = (1 << cols) - 1;
    let mut code = 0u64;
    for r in 0..rows {
        let (mut b, mut w) = (
            ((black >> (r * stride)) & row) as u64,
            ((white >> (r * stride)) & row) as u64,
        );
        let mut c = 0;
        while c < cols {
            let k = (cols - c).min(10);
            let digit = TERNARY[(b & 1023) as usize] as u64 + 2 * TERNARY[(w & 1023) as usize] as u64;
            code = code * POW3[k as usize] + digit;
            b >>= 10;
            w >>= 10;
            c += 10;
        }
    }
    code
}

/// A key of a [`PosMap`]: a `u64` (the places of at most 40 cells) or a `u128` (the others
/// of at most 64 cells: an 8x8 frame); 0 is the key of no slot (the map keeps its entry
/// aside).
pub trait PosKey: Copy + Eq + Default {
    /// The key folded to 64 bits, for Fibonacci hashing.
    fn fold(self) -> u64;
}

impl PosKey for u64 {
    #[inline]
    fn fold(self) -> u64 {
        self
    }
}

impl PosKey for u128 {
    #[inline]
    fn fold(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }
}

/// A slot of a [`PosMap`]: 12 bytes for a `u64` key, 20 for a `u128` (aligned to 4, so the
/// key may straddle words; an unaligned read costs nothing on the processors this runs on),
/// not the 16 and 32 of a key beside a `u32` at its own alignment: the position table is the
/// largest table of the value solver.
#[derive(Clone, Copy, Default)]
#[repr(C, packed(4))]
struct Slot<K> {
    key: K,
    val: u32,
}

/// An open-addressing map from non-zero keys to ids (linear probing, Fibonacci hashing, at
/// most 3/4 full, or 7/8 where the budget refuses a growth); the key 0 has a slot of its
/// own.
pub struct PosMap<K = u64> {
    slots: Vec<Slot<K>>,
    shift: u32,
    len: usize,
    /// Past 3/4 full, the length at which to try a growth again (one was refused).
    retry: usize,
    zero: Option<u32>,
    /// Whether an entry was marked pending since the last [`PosMap::resolve`].
    pending: bool,
}

impl<K> Default for PosMap<K> {
    fn default() -> Self {
        PosMap {
            slots: Vec::new(),
            shift: 0,
            len: 0,
            retry: 0,
            zero: None,
            pending: false,
        }
    }
}

impl<K: PosKey> PosMap<K> {
    #[inline]
    fn index(&self, key: K) -> usize {
        (key.fold().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Ask the processor to fetch the slot of `key` (a hint; no effect on the contents).
    #[inline]
    pub fn prefetch(&self, key: K) {
        if self.slots.is_empty() {
            return;
        }
        crate::engine::prefetch(self.slots.as_ptr().wrapping_add(self.index(key)));
    }

    #[inline]
    pub fn get(&self, key: K) -> Option<u32> {
        if key == K::default() {
            return self.zero;
        }
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.index(key);
        loop {
            let s = self.slots[i];
            if { s.key } == key {
                return Some(s.val);
            }
            if { s.key } == K::default() {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Store `val` for `key`; a growth of the slots past `budget` (or that the system
    /// refuses) is refused, and the map is left as it was.
    pub fn insert(&mut self, key: K, val: u32, budget: &Budget) -> Result<(), Refused> {
        if key == K::default() {
            if self.zero.is_none() {
                self.len += 1;
            }
            self.zero = Some(val);
            return Ok(());
        }
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            // past 3/4 the slots double; where the budget refuses that, they take entries up
            // to 7/8 full (longer probes, a sixth more positions in the same memory: a
            // computation near its limit may still finish), trying again every 1/64 of them
            let full = 8 * (self.len + 1) > 7 * self.slots.len();
            if full || self.len >= self.retry {
                if let Err(r) = self.grow(budget) {
                    if full {
                        return Err(r);
                    }
                    self.retry = self.len + (self.slots.len() / 64).max(1);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.index(key);
        loop {
            let s = &mut self.slots[i];
            if { s.key } == key {
                s.val = val;
                return Ok(());
            }
            if { s.key } == K::default() {
                *s = Slot { key, val };
                self.len += 1;
                return Ok(());
            }
            i = (i + 1) & mask;
        }
    }

    /// Replace the value of `key`, which the map holds (no growth).
    fn replace(&mut self, key: K, val: u32) {
        if key == K::default() {
            self.zero = Some(val);
            return;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.index(key);
        while { self.slots[i].key } != key {
            i = (i + 1) & mask;
        }
        self.slots[i].val = val;
    }

    #[cold]
    fn grow(&mut self, budget: &Budget) -> Result<(), Refused> {
        self.rehash((self.slots.len() * 2).max(16), budget)
    }

    /// Put the entries (keys not 0) in `cap` fresh slots (a power of 2), allocated within
    /// `budget` (while the old slots are held) and without aborting; else nothing changes.
    fn rehash(&mut self, cap: usize, budget: &Budget) -> Result<(), Refused> {
        let mut fresh: Vec<Slot<K>> = Vec::new();
        memory::reserve(budget, WHAT, &mut fresh, cap)?;
        fresh.resize(cap, Slot::default());
        let old = std::mem::replace(&mut self.slots, fresh);
        self.shift = 64 - cap.trailing_zeros();
        self.retry = 0;
        let mask = cap - 1;
        for s in old.into_iter().filter(|s| { s.key } != K::default()) {
            let mut i = self.index(s.key);
            while { self.slots[i].key } != K::default() {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Remove the entry of `key`, if any (backward-shift deletion: the entries after it in
    /// its probe run move back, so no probe sequence is broken).
    pub fn remove(&mut self, key: K) {
        if key == K::default() {
            if self.zero.take().is_some() {
                self.len -= 1;
            }
            return;
        }
        if self.slots.is_empty() {
            return;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.index(key);
        loop {
            let k = self.slots[i].key;
            if k == K::default() {
                return;
            }
            if k == key {
                break;
            }
            i = (i + 1) & mask;
        }
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            let k = self.slots[j].key;
            if k == K::default() {
                break;
            }
            // the entry at j may move back to i unless its home lies cyclically in (i, j]
            let home = self.index(k);
            let stays = if i <= j {
                i < home && home <= j
            } else {
                i < home || home <= j
            };
            if !stays {
                self.slots[i] = self.slots[j];
                i = j;
            }
        }
        self.slots[i] = Slot::default();
        self.len -= 1;
    }

    /// Every entry's value (for tests).
    #[cfg(test)]
    fn values(&self) -> impl Iterator<Item = u32> + '_ {
        let slots = self.slots.iter().filter(|s| { s.key } != K::default()).map(|s| s.val);
        self.zero.into_iter().chain(slots)
    }

    /// Replace the entry of `key`, if any, by `f(entry)`, or remove it if that is `None`.
    fn resolve_key(&mut self, key: K, f: &mut impl FnMut(u32) -> Option<u32>) {
        if let Some(v) = self.get(key) {
            match f(v) {
                Some(x) => self.replace(key, x),
                None => self.remove(key),
            }
        }
    }

    /// Replace every entry by `f(entry)`, or remove it if that is `None`, if an entry was
    /// marked pending since the last call ([`Table::insert_pending`]); else do nothing.  If
    /// the slots cannot be placed again within `budget` after a removal, every entry is
    /// dropped (the table is a memo: it stays valid).
    pub fn resolve(&mut self, f: &mut impl FnMut(u32) -> Option<u32>, budget: &Budget) {
        if !std::mem::take(&mut self.pending) {
            return;
        }
        if let Some(z) = self.zero {
            self.zero = f(z);
            if self.zero.is_none() {
                self.len -= 1;
            }
        }
        let mut removed = false;
        for s in self.slots.iter_mut().filter(|s| { s.key } != K::default()) {
            match f(s.val) {
                Some(v) => s.val = v,
                None => {
                    s.key = K::default();
                    removed = true;
                }
            }
        }
        if removed {
            // the probe sequences crossed the cleared slots: place the rest again
            self.len =
                usize::from(self.zero.is_some()) + self.slots.iter().filter(|s| { s.key } != K::default()).count();
            if self.rehash(self.slots.len(), budget).is_err() {
                self.slots = Vec::new();
                self.len = usize::from(self.zero.is_some());
                self.retry = 0;
            }
        }
    }
}

/// Replace the entry of `k` in `map`, if any, by `f(entry)`, or remove it if that is `None`.
pub(crate) fn resolve_entry<K: std::hash::Hash + Eq>(
    map: &mut FxHashMap<K, u32>,
    k: K,
    f: &mut impl FnMut(u32) -> Option<u32>,
) {
    if let std::collections::hash_map::Entry::Occupied(mut o) = map.entry(k) {
        match f(*o.get()) {
            Some(x) => *o.get_mut() = x,
            None => {
                o.remove();
            }
        }
    }
}

/// Where the positions of one `(stride, cells, rules)`, parity-consistent or not, lie in the
/// [`Table`]: its id, its codec, and its first map (in the table's maps of `u64` keys or of
/// `u128` keys, after its codec; the `Occupied` codecs have two, the second for Black's
/// stones on the cells `(r, c)` with `r + c` even).
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub id: u32,
    pub codec: Codec,
    map: u32,
    stride: u32,
}

/// The position table of the value solver.
#[derive(Default)]
pub struct Table {
    places: FxHashMap<(u32, Mask, bool, bool), Place>,
    maps: Vec<PosMap>,
    /// The maps of the `u128` keys ([`Key::Wide`]).
    wides: Vec<PosMap<u128>>,
    wider: FxHashMap<(u32, [Mask; 2]), u32>,
    /// The memory budget within which the table grows (set for each call).
    pub budget: Budget,
}

/// A position's key: one `u64` or `u128` in one of the table's [`PosMap`]s (the first
/// field: its index), or a key of the general map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Narrow(u32, u64),
    Wide(u32, u128),
    Wider([Mask; 2]),
}

#[inline]
fn key(p: Place, black: Mask, white: Mask) -> Key {
    // the map of a parity-consistent position: the second where Black's cells are even
    let class = || p.map + u32::from(black_on_even(p.stride, black, white));
    match p.codec {
        Codec::Packed { n } => Key::Narrow(p.map, (black | white << n) as u64),
        Codec::Ternary { rows, cols, stride } => Key::Narrow(p.map, ternary(black, white, rows, cols, stride)),
        Codec::Wide { n } => Key::Wide(p.map, black | white << n),
        Codec::Dense { rows, stride } => Key::Wide(
            p.map,
            Mask::from(pack_rows(black, stride, rows)) | Mask::from(pack_rows(white, stride, rows)) << 64,
        ),
        Codec::Wider => Key::Wider([black, white]),
        Codec::Occupied => Key::Narrow(class(), (black | white) as u64),
        Codec::OccupiedDense { rows, stride } => Key::Narrow(class(), pack_rows(black | white, stride, rows)),
        Codec::OccupiedWide => Key::Wide(class(), black | white),
    }
}

impl Table {
    /// The place of the cells `cells` (layout `stride`) under the rules `multi`, for
    /// positions that are all parity-consistent if `parity` (see [`parity_class`]; a place
    /// of at most 32 bits takes every position: `parity` is then not looked at).
    pub fn place(&mut self, stride: u32, cells: Mask, multi: bool, parity: bool) -> Result<Place, Refused> {
        let parity = parity && super::bits::bit_length(cells) > PACKED_BITS;
        if let Some(&p) = self.places.get(&(stride, cells, multi, parity)) {
            return Ok(p);
        }
        let codec = Codec::of(cells, stride, parity);
        let (narrow, wide) = codec.maps();
        let p = Place {
            id: self.places.len() as u32,
            codec,
            map: (if narrow > 0 { self.maps.len() } else { self.wides.len() }) as u32,
            stride,
        };
        memory::reserve_map(&self.budget, WHAT, &mut self.places, 1)?;
        memory::reserve(&self.budget, WHAT, &mut self.maps, narrow)?;
        memory::reserve(&self.budget, WHAT, &mut self.wides, wide)?;
        self.places.insert((stride, cells, multi, parity), p);
        self.maps.extend((0..narrow).map(|_| PosMap::default()));
        self.wides.extend((0..wide).map(|_| PosMap::default()));
        Ok(p)
    }

    /// The key of a position of the place `p`.
    #[inline]
    pub fn key(&self, p: Place, black: Mask, white: Mask) -> Key {
        key(p, black, white)
    }

    #[inline]
    pub fn get(&self, p: Place, black: Mask, white: Mask) -> Option<u32> {
        self.get_key(p, key(p, black, white))
    }

    /// The id stored for the key `k` (of the place `p`), if any.
    #[inline]
    pub fn get_key(&self, p: Place, k: Key) -> Option<u32> {
        match k {
            Key::Narrow(m, k) => self.maps[m as usize].get(k),
            Key::Wide(m, k) => self.wides[m as usize].get(k),
            Key::Wider(k) => self.wider.get(&(p.id, k)).copied(),
        }
    }

    /// Prefetch the slot of a position (see [`PosMap::prefetch`]).
    #[inline]
    pub fn prefetch(&self, k: Key) {
        match k {
            Key::Narrow(m, k) => self.maps[m as usize].prefetch(k),
            Key::Wide(m, k) => self.wides[m as usize].prefetch(k),
            Key::Wider(_) => {}
        }
    }

    pub fn insert(&mut self, p: Place, black: Mask, white: Mask, g: u32) -> Result<(), Refused> {
        self.insert_key(p, key(p, black, white), g)
    }

    /// Store `g` for the key `k` (of the place `p`); a growth past the budget is refused.
    pub fn insert_key(&mut self, p: Place, k: Key, g: u32) -> Result<(), Refused> {
        match k {
            Key::Narrow(m, k) => self.maps[m as usize].insert(k, g, &self.budget)?,
            Key::Wide(m, k) => self.wides[m as usize].insert(k, g, &self.budget)?,
            Key::Wider(k) => {
                memory::reserve_map(&self.budget, WHAT, &mut self.wider, 1)?;
                self.wider.insert((p.id, k), g);
            }
        }
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every entry (for tests).
    #[cfg(test)]
    pub fn entries(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.wider.values().copied().collect();
        out.extend(self.maps.iter().flat_map(PosMap::values));
        out.extend(self.wides.iter().flat_map(PosMap::values));
        out
    }

    /// Insert an entry that must be resolved before the table is used again (a value still
    /// to come), by [`Table::resolve_keys`] or [`Table::resolve`].
    pub fn insert_pending(&mut self, p: Place, k: Key, g: u32) -> Result<(), Refused> {
        self.insert_key(p, k, g)?;
        match k {
            Key::Narrow(m, _) => self.maps[m as usize].pending = true,
            Key::Wide(m, _) => self.wides[m as usize].pending = true,
            Key::Wider(_) => {}
        }
        Ok(())
    }

    /// Replace the entries of the keys `keys` (place ids and keys) by `f(entry)`, or remove
    /// them where that is `None`, and clear the pending marks of their maps (which must be
    /// all the marked ones: every pending entry's key is in `keys`).
    pub fn resolve_keys(&mut self, keys: &[(u32, Key)], mut f: impl FnMut(u32) -> Option<u32>) {
        for &(p, k) in keys {
            match k {
                Key::Narrow(m, k) => self.maps[m as usize].resolve_key(k, &mut f),
                Key::Wide(m, k) => self.wides[m as usize].resolve_key(k, &mut f),
                Key::Wider(k) => resolve_entry(&mut self.wider, (p, k), &mut f),
            }
        }
        for &(_, k) in keys {
            match k {
                Key::Narrow(m, _) => self.maps[m as usize].pending = false,
                Key::Wide(m, _) => self.wides[m as usize].pending = false,
                Key::Wider(_) => {}
            }
        }
    }

    /// Replace every entry of the maps with pending entries (and of the general maps) by
    /// `f(entry)`, or remove it where that is `None`; every pending mark is cleared.  Costs
    /// the size of those maps: for calls that made more entries than a list of keys should
    /// hold.
    pub fn resolve(&mut self, mut f: impl FnMut(u32) -> Option<u32>) {
        for m in &mut self.maps {
            m.resolve(&mut f, &self.budget);
        }
        for m in &mut self.wides {
            m.resolve(&mut f, &self.budget);
        }
        let mut one = |v: &mut u32| match f(*v) {
            Some(x) => {
                *v = x;
                true
            }
            None => false,
        };
        self.wider.retain(|_, v| one(v));
    }

    /// The codecs of the places and the entries each holds (for tests).
    #[cfg(test)]
    pub fn codecs(&self) -> Vec<(Codec, usize)> {
        let mut places: Vec<&Place> = self.places.values().collect();
        places.sort_by_key(|p| p.id);
        places
            .iter()
            .map(|p| {
                let (narrow, wide) = p.codec.maps();
                let at = p.map as usize;
                let wider = self.wider.keys().filter(|k| k.0 == p.id).count();
                let held = if narrow > 0 {
                    self.maps[at..at + narrow].iter().map(PosMap::len).sum()
                } else {
                    self.wides[at..at + wide].iter().map(PosMap::len).sum::<usize>() + wider
                };
                (p.codec, held)
            })
            .collect()
    }

    pub fn len(&self) -> usize {
        self.maps.iter().map(PosMap::len).sum::<usize>()
            + self.wides.iter().map(PosMap::len).sum::<usize>()
            + self.wider.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::konane::testkit::Rng;

    #[test]
    fn ternary_is_injective_and_matches_a_direct_reading() {
        // every position of a 2x3 box (stride 4) and of a 1x12 line, against the direct sum
        for (rows, cols, stride) in [(2u32, 3u32, 4u32), (1, 12, 13)] {
            let cells: Vec<u32> = (0..rows).flat_map(|r| (0..cols).map(move |c| r * stride + c)).collect();
            let mut seen = std::collections::HashSet::new();
            let total = 3u64.pow(cells.len() as u32);
            for code in 0..total {
                let (mut b, mut w, mut x) = (0 as Mask, 0 as Mask, code);
                for &i in &cells {
                    match x % 3 {
                        1 => b |= 1 << i,
                        2 => w |= 1 << i,
                        _ => {}
                    }
                    x /= 3;
                }
                let k = ternary(b, w, rows, cols, stride);
                assert!(k < total);
                assert!(seen.insert(k), "two positions share the key {k}");
            }
            assert_eq!(seen.len() as u64, total);
        }
    }

    /// The dense keys of random 8x8 positions: equal exactly when the positions are.
    #[test]
    fn dense_keys_tell_positions_apart() {
        let (rows, stride) = (8u32, 9u32);
        let p = Place {
            id: 0,
            codec: Codec::Dense { rows, stride },
            map: 0,
            stride,
        };
        let mut rng = Rng(3);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..20_000 {
            let (mut b, mut w) = (0 as Mask, 0 as Mask);
            for r in 0..rows {
                for c in 0..stride - 1 {
                    match rng.below(3) {
                        1 => b |= 1 << (r * stride + c),
                        2 => w |= 1 << (r * stride + c),
                        _ => {}
                    }
                }
            }
            let Key::Wide(_, k) = key(p, b, w) else {
                panic!("a dense codec gives wide keys")
            };
            assert_eq!(*seen.entry(k).or_insert((b, w)), (b, w));
        }
    }

    #[test]
    fn ternary_fits_forty_cells() {
        // the largest key of a 5x8 box (all White) is 3^40 - 1
        let (rows, cols, stride) = (5u32, 8u32, 9u32);
        let all: Mask = (0..rows).fold(0, |m, r| m | (((1 as Mask) << cols) - 1) << (r * stride));
        assert_eq!(ternary(0, all, rows, cols, stride), 3u64.pow(40) - 1);
    }

    #[test]
    fn posmap_agrees_with_a_hash_map() {
        let mut rng = Rng(7);
        let mut m = PosMap::default();
        let mut reference = std::collections::HashMap::new();
        for i in 0..50_000u32 {
            let k = rng.next() % 20_000; // repeats and the key 0 included
            m.insert(k, i, &Budget::UNLIMITED).unwrap();
            reference.insert(k, i);
        }
        assert_eq!(m.len(), reference.len());
        for k in 0..25_000u64 {
            assert_eq!(m.get(k), reference.get(&k).copied(), "key {k}");
        }
    }

    /// Random inserts and removals (small key range: long probe runs, wrap-around at the
    /// end of the slots, the key 0), then a resolve that maps some entries and drops others,
    /// against std's map, with the keys `key(0..3_500)`.
    fn removes_and_resolves_as_a_hash_map<K: PosKey + std::hash::Hash + std::fmt::Debug>(key: impl Fn(u64) -> K) {
        let mut rng = Rng(19);
        let mut m: PosMap<K> = PosMap::default();
        let mut reference = std::collections::HashMap::new();
        for i in 0..60_000u32 {
            let k = key(rng.next() % 3_000);
            if rng.next().is_multiple_of(3) {
                m.remove(k);
                reference.remove(&k);
            } else {
                m.insert(k, i, &Budget::UNLIMITED).unwrap();
                reference.insert(k, i);
            }
            assert_eq!(m.len(), reference.len());
        }
        for k in (0..3_500u64).map(&key) {
            assert_eq!(m.get(k), reference.get(&k).copied(), "key {k:?}");
        }
        let f = |v: u32| (!v.is_multiple_of(5)).then_some(v / 2);
        // nothing is marked pending: resolve leaves the map alone
        m.resolve(&mut |v| f(v), &Budget::UNLIMITED);
        assert_eq!(m.len(), reference.len());
        m.pending = true;
        m.resolve(&mut |v| f(v), &Budget::UNLIMITED);
        reference.retain(|_, v| !v.is_multiple_of(5));
        reference.values_mut().for_each(|v| *v /= 2);
        assert_eq!(m.len(), reference.len());
        for k in (0..3_500u64).map(&key) {
            assert_eq!(m.get(k), reference.get(&k).copied(), "key {k:?}");
        }
    }

    #[test]
    fn posmap_removes_and_resolves_as_a_hash_map() {
        removes_and_resolves_as_a_hash_map(|k| k);
        // u128 keys with both halves used (equal low halves told apart by the high ones)
        removes_and_resolves_as_a_hash_map(|k| u128::from(k % 100) | u128::from(k / 100) << 70);
    }

    #[test]
    fn a_map_refused_its_doubling_fills_to_seven_eighths_as_a_hash_map() {
        // 4096 slots filled to 3/4 with no limit; then a budget of 0 bytes refuses every
        // doubling: new keys go in up to 7/8 full (3584), the next is refused and changes
        // nothing; every key reads as in a HashMap throughout, and with no limit again the
        // slots double and keep them all
        let mut rng = Rng(7);
        let mut m: PosMap<u64> = PosMap::default();
        let mut reference = std::collections::HashMap::new();
        while reference.len() < 3072 {
            let k = rng.next() | 1;
            m.insert(k, k as u32, &Budget::UNLIMITED).unwrap();
            reference.insert(k, k as u32);
        }
        assert_eq!((m.len(), m.slots.len()), (3072, 4096));
        let none = Budget::new(Some(0));
        let refused = loop {
            let k = rng.next() | 1;
            if reference.contains_key(&k) {
                continue;
            }
            match m.insert(k, k as u32, &none) {
                Ok(()) => reference.insert(k, k as u32),
                Err(r) => break (k, r),
            };
        };
        assert_eq!((m.len(), m.slots.len(), reference.len()), (3584, 4096, 3584));
        assert_eq!(refused.1.wanted, 8192 * std::mem::size_of::<Slot<u64>>());
        assert_eq!(m.get(refused.0), None);
        for (&k, &v) in &reference {
            assert_eq!(m.get(k), Some(v));
        }
        for _ in 0..1000 {
            let k = rng.next() | 1;
            assert_eq!(m.get(k), reference.get(&k).copied());
        }
        m.insert(refused.0, 1, &Budget::UNLIMITED).unwrap();
        assert_eq!((m.len(), m.slots.len(), m.get(refused.0)), (3585, 8192, Some(1)));
        for (&k, &v) in &reference {
            assert_eq!(m.get(k), Some(v));
        }
    }

    #[test]
    fn a_growth_past_the_budget_is_refused_and_the_map_stays_valid() {
        // 12 entries fill the first 16 slots to 3/4; the 13th would double them to 32 (512
        // bytes), which a budget of 256 bytes refuses: the slots take it and the 14th (7/8
        // full), and refuse the 15th, keeping their 14 entries
        let mut m = PosMap::default();
        let tight = Budget::new(Some(256));
        for k in 1..=14u64 {
            m.insert(k, k as u32, &tight).unwrap();
        }
        assert_eq!(m.slots.len(), 16);
        let r = m.insert(15, 15, &tight).unwrap_err();
        assert_eq!((r.what, r.wanted), (WHAT, 32 * std::mem::size_of::<Slot<u64>>()));
        assert_eq!(m.len(), 14);
        assert_eq!(m.get(15), None);
        for k in 1..=14u64 {
            assert_eq!(m.get(k), Some(k as u32));
        }
        // a key it holds is still replaced without a growth, and a larger budget lets it grow
        m.replace(5, 50);
        assert_eq!(m.get(5), Some(50));
        m.insert(15, 15, &Budget::UNLIMITED).unwrap();
        assert_eq!((m.len(), m.get(15), m.slots.len()), (15, Some(15), 32));
        // a resolve whose rehash is refused drops the entries (a memo may), never keeps a
        // broken probe sequence
        m.pending = true;
        m.resolve(&mut |v| (v != 7).then_some(v), &Budget::new(Some(0)));
        assert_eq!(m.len(), 0);
        for k in 0..20u64 {
            assert_eq!(m.get(k), None);
        }
        m.insert(3, 33, &Budget::UNLIMITED).unwrap();
        assert_eq!(m.get(3), Some(33));
    }

    #[test]
    fn table_resolves_by_keys_or_whole() {
        // the same entries (half of them pending) resolved through the pending keys and by
        // going through the map give the same table: pending entries mapped or dropped,
        // the others kept as they are
        // a place of u64 keys (2x3) and one of u128 keys (an 8x8 frame, dense keys)
        for (stride, cells) in [
            (4, super::super::bits::full_mask(2, 3)),
            (9, super::super::bits::full_mask(8, 8)),
        ] {
            resolves_by_keys_or_whole(stride, cells);
        }
    }

    fn resolves_by_keys_or_whole(stride: u32, cells: Mask) {
        let positions: Vec<(Mask, Mask)> = (0..16u32)
            .map(|x| (Mask::from(x & 0b111), Mask::from(x >> 3) << 4))
            .collect();
        let f = |v: u32| match v {
            0..=99 => Some(v),
            103 => None,
            _ => Some(v + 1000),
        };
        let mut tables = Vec::new();
        for by_keys in [true, false] {
            let mut t = Table::default();
            let p = t.place(stride, cells, true, false).unwrap();
            let mut pending = Vec::new();
            for (i, &(black, white)) in positions.iter().enumerate() {
                let k = t.key(p, black, white);
                if i % 2 == 0 {
                    t.insert_key(p, k, i as u32).unwrap();
                } else {
                    t.insert_pending(p, k, 100 + i as u32).unwrap();
                    pending.push((p.id, k));
                }
            }
            if by_keys {
                t.resolve_keys(&pending, f);
            } else {
                t.resolve(f);
            }
            assert_eq!(t.len(), positions.len() - 1);
            tables.push((t, p));
        }
        for (i, &(black, white)) in positions.iter().enumerate() {
            let expected = f(if i % 2 == 0 { i as u32 } else { 100 + i as u32 });
            for (t, p) in &tables {
                assert_eq!(t.get(*p, black, white), expected, "position {i}");
            }
        }
    }

    #[test]
    fn codecs_by_size() {
        let full = |rows: u32, cols: u32| super::super::bits::full_mask(rows, cols);
        assert_eq!(Codec::of(full(4, 6), 7, false), Codec::Packed { n: 27 });
        assert_eq!(
            Codec::of(full(5, 6), 7, false),
            Codec::Ternary {
                rows: 5,
                cols: 6,
                stride: 7
            }
        );
        assert_eq!(
            Codec::of(full(6, 6), 7, false),
            Codec::Ternary {
                rows: 6,
                cols: 6,
                stride: 7
            }
        );
        assert_eq!(Codec::of(full(7, 7), 8, false), Codec::Wide { n: 55 });
        assert_eq!(Codec::of(full(8, 8), 9, false), Codec::Dense { rows: 8, stride: 9 });
        assert_eq!(Codec::of(full(2, 32), 33, false), Codec::Dense { rows: 2, stride: 33 });
        assert_eq!(Codec::of(full(8, 9), 10, false), Codec::Wider);
        assert_eq!(Codec::of(full(5, 13), 14, false), Codec::Wider);
        assert_eq!(
            Codec::of(full(1, 40), 41, false),
            Codec::Ternary {
                rows: 1,
                cols: 40,
                stride: 41
            }
        );
    }

    #[test]
    fn codecs_of_parity_consistent_places() {
        let full = |rows: u32, cols: u32| super::super::bits::full_mask(rows, cols);
        assert_eq!(Codec::of(full(4, 6), 7, true), Codec::Packed { n: 27 });
        assert_eq!(Codec::of(full(6, 6), 7, true), Codec::Occupied);
        assert_eq!(Codec::of(full(7, 7), 8, true), Codec::Occupied);
        assert_eq!(
            Codec::of(full(8, 8), 9, true),
            Codec::OccupiedDense { rows: 8, stride: 9 }
        );
        assert_eq!(Codec::of(full(8, 9), 10, true), Codec::OccupiedWide);
        assert_eq!(Codec::of(full(3, 24), 25, true), Codec::OccupiedWide);
    }

    /// A random position of the `rows x cols` box (layout `cols + 1`): parity-consistent
    /// (Black on the cells of one colour, which `even` says) or not.
    fn random_position(rng: &mut Rng, rows: u32, cols: u32, consistent: Option<bool>) -> (Mask, Mask) {
        let (mut b, mut w) = (0 as Mask, 0 as Mask);
        for r in 0..rows {
            for c in 0..cols {
                let bit = 1 << (r * (cols + 1) + c);
                let stone = rng.below(3);
                if stone == 0 {
                    continue;
                }
                match consistent {
                    Some(even) if ((r + c) % 2 == 0) == even => b |= bit,
                    Some(_) => w |= bit,
                    None if stone == 1 => b |= bit,
                    None => w |= bit,
                }
            }
        }
        (b, w)
    }

    /// Parity classes against a direct reading of the cells' colours (a hand-made rule: the
    /// colour of a cell `(r, c)` is `r + c` mod 2), on boards of odd and even strides.
    #[test]
    fn parity_classes_read_the_colours_of_the_cells() {
        let mut rng = Rng(11);
        for (rows, cols) in [(6u32, 6u32), (7, 7), (8, 8), (3, 24), (5, 10), (1, 40)] {
            let stride = cols + 1;
            let colours = |m: Mask| -> (bool, bool) {
                let (mut even, mut odd) = (false, false);
                for i in 0..MASK_BITS {
                    if m >> i & 1 == 1 {
                        if (i / stride + i % stride) % 2 == 0 {
                            even = true;
                        } else {
                            odd = true;
                        }
                    }
                }
                (even, odd)
            };
            for t in 0..400 {
                let consistent = match t % 3 {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                };
                let (b, w) = random_position(&mut rng, rows, cols, consistent);
                let ((be, bo), (we, wo)) = (colours(b), colours(w));
                let expected = if !bo && !we && (be || wo) {
                    Some(true)
                } else if !be && !wo {
                    Some(false)
                } else {
                    None
                };
                assert_eq!(parity_class(stride, b, w), expected, "{rows}x{cols} {b:#x} {w:#x}");
                if let Some(even) = consistent {
                    // a consistent position's class is its Black cells' colour (or, without Black
                    // stones, the colour White's are not on; the empty position: odd)
                    let class = parity_class(stride, b, w).unwrap();
                    if b != 0 {
                        assert_eq!(class, even);
                    } else if w != 0 {
                        assert_eq!(class, !colours(w).0);
                    } else {
                        assert!(!class);
                    }
                    // and the key's reading from one side's stones agrees
                    assert_eq!(black_on_even(stride, b, w), class, "{rows}x{cols} {b:#x} {w:#x}");
                }
            }
        }
    }

    /// The keys of a place of parity-consistent positions, with Black on either colour (and
    /// either side absent): equal exactly when the positions are, in the table of every
    /// codec of such places.
    #[test]
    fn occupied_keys_tell_parity_consistent_positions_apart() {
        for (rows, cols) in [(6u32, 6u32), (7, 7), (8, 8), (3, 24), (2, 3)] {
            let (stride, cells) = (cols + 1, super::super::bits::full_mask(rows, cols));
            let mut t = Table::default();
            let p = t.place(stride, cells, false, true).unwrap();
            let mut rng = Rng(5 + u64::from(rows));
            let (mut seen, mut reference) = (std::collections::HashMap::new(), std::collections::HashMap::new());
            for i in 0..6_000u32 {
                let (mut b, mut w) = random_position(&mut rng, rows, cols, Some(i % 2 == 0));
                match i % 7 {
                    0 => b = 0,
                    1 => w = 0,
                    2 => (b, w) = (0, 0),
                    _ => {}
                }
                let k = t.key(p, b, w);
                assert_eq!(*seen.entry(k).or_insert((b, w)), (b, w), "{rows}x{cols}");
                t.insert(p, b, w, i).unwrap();
                reference.insert((b, w), i);
            }
            assert_eq!(t.len(), reference.len());
            for (&(b, w), &i) in &reference {
                assert_eq!(t.get(p, b, w), Some(i), "{rows}x{cols} {b:#x} {w:#x}");
            }
        }
    }
}
