//! The bitboard kernel: masks, captures, the 8 symmetries and the normal form.
//!
//! The layout is that of `konane/_bitboard.py`: cell `(r, c)` (row `r` from the top) is bit
//! `r * stride + c`, with `stride = cols + 1` (an always-off guard column) in a board's own
//! layout.  A position is three masks, `cells`, `black` and `white`, held in one `u128`, so
//! a board fits when `rows * (cols + 1) <= 128` (8x8 takes 72 bits, 10x10 takes 110).
//!
//! The symmetries are numbered as in Python, `k = 4 * f + q`: first mirror left-right if
//! `f == 1`, then rotate `q` quarter turns clockwise.  The normal form is the same as
//! `konane._bitboard.normal_form`, bit for bit.

use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A set of cells, one bit per cell.
pub type Mask = u128;

/// The number of bits of a [`Mask`].
pub const MASK_BITS: u32 = 128;

/// `x << n`, 0 when every bit is shifted out.
#[inline]
pub fn shl(x: Mask, n: u32) -> Mask {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when every bit is shifted out.
#[inline]
pub fn shr(x: Mask, n: u32) -> Mask {
    x.checked_shr(n).unwrap_or(0)
}

/// The lowest set bit of `x` (0 for 0).
#[inline]
pub fn lowest(x: Mask) -> Mask {
    x & x.wrapping_neg()
}

/// The number of bits needed to write `x` (Python's `int.bit_length`).
#[inline]
pub fn bit_length(x: Mask) -> u32 {
    MASK_BITS - x.leading_zeros()
}

/// The rows of the frame `cells` (layout `stride`, from row 0) if they hold at most 64 cells,
/// so that [`pack_rows`] takes its masks into 64 bits.
#[inline]
pub fn dense_rows(cells: Mask, stride: u32) -> Option<u32> {
    let rows = bit_length(cells).div_ceil(stride);
    (rows * (stride - 1) <= 64).then_some(rows)
}

/// The cells `(r, c)` of `m` (layout `stride`, rows `0..rows`, `rows * (stride - 1) <= 64`)
/// at bits `r * (stride - 1) + c` of a `u64`: the guard column taken out, so that a frame
/// of at most 64 cells (an 8x8 box takes 72 bits of the layout) fits in 64 bits.
#[inline]
pub fn pack_rows(m: Mask, stride: u32, rows: u32) -> u64 {
    let cols = stride - 1;
    let row = u64::MAX >> (64 - cols);
    (0..rows).fold(0, |out, r| out | ((((m >> (r * stride)) as u64) & row) << (r * cols)))
}

/// The inverse of [`pack_rows`].
#[inline]
pub fn unpack_rows(x: u64, stride: u32) -> Mask {
    let cols = stride - 1;
    let row = u64::MAX >> (64 - cols);
    (0..64u32.div_ceil(cols)).fold(0, |out, r| out | (Mask::from((x >> (r * cols)) & row) << (r * stride)))
}

/// The cells orthogonally next to a cell of `m` (off-board ones included).
#[inline]
pub fn neighbours(m: Mask, s: u32) -> Mask {
    (m << 1) | (m >> 1) | shl(m, s) | shr(m, s)
}

/// Whether a `rows x cols` board fits in a [`Mask`] as it is, with its guard column:
/// `rows * (cols + 1) <= 128`.
///
/// The one statement of the rule: which boards the kernels take ([`fits_either_way`]) and the
/// messages that refuse a board ([`refusal`]) are made from it.
pub fn fits(rows: u32, cols: u32) -> bool {
    rows >= 1 && cols >= 1 && (rows as u64) * (cols as u64 + 1) <= MASK_BITS as u64
}

/// Whether the native kernels take a `rows x cols` board: it [`fits`] as it is, or its
/// transpose does, that is `min(rows, cols) * (max(rows, cols) + 1) <= 128` (a board that fits
/// only transposed is transposed by [`super::board::orient`]).
pub fn fits_either_way(rows: u32, cols: u32) -> bool {
    fits(rows, cols) || fits(cols, rows)
}

/// The rule of [`fits`] in words, for the messages of [`refusal`].
const FIT_RULE: &str = "rows * (cols + 1) <= 128";

/// Why the native `kernel` refuses a `rows x cols` board, or `None` if it takes it: itself
/// or transposed when `either_way` (a caller that orients the board), else as it is (a
/// kernel given masks in the board's own layout).
pub fn refusal(rows: u32, cols: u32, kernel: &str, either_way: bool) -> Option<String> {
    let board = format_args!("a {rows}x{cols} board does not fit the native {kernel}");
    if either_way {
        (!fits_either_way(rows, cols))
            .then(|| format!("{board}: it takes a board when the board or its transpose has {FIT_RULE}"))
    } else {
        (!fits(rows, cols)).then(|| format!("{board} as it is ({FIT_RULE}): transpose it first"))
    }
}

/// All cells of the `rows x cols` grid in the board layout.
pub fn full_mask(rows: u32, cols: u32) -> Mask {
    let row: Mask = shl(1, cols).wrapping_sub(1);
    (0..rows).fold(0, |acc, r| acc | shl(row, r * (cols + 1)))
}

/// `(moves, movers)`: the number of captures of the `me` side and of its stones that have
/// one.  A multi-jump of `k` captures counts `k` moves when `multi`; without `multi`, `moves`
/// counts the first jumps (the measure of mobility of the win/loss search's move ordering).
#[inline]
pub fn mobility(cells: Mask, me: Mask, en: Mask, s: u32, multi: bool) -> (u32, u32) {
    let empty = cells & !(me | en);
    let mut moves = 0;
    let mut movers: Mask = 0;
    for d in [1, s] {
        let d2 = d + d;
        let mut cand = me & shr(en, d) & shr(empty, d2);
        movers |= cand;
        let mut shift = d2;
        while cand != 0 {
            moves += cand.count_ones();
            if !multi {
                break;
            }
            cand &= shr(en, shift + d) & shr(empty, shift + d2);
            shift += d2;
        }
        let mut cand = me & shl(en, d) & shl(empty, d2);
        movers |= cand;
        let mut shift = d2;
        while cand != 0 {
            moves += cand.count_ones();
            if !multi {
                break;
            }
            cand &= shl(en, shift + d) & shl(empty, shift + d2);
            shift += d2;
        }
    }
    (moves, movers.count_ones())
}

/// The `(mine, enemy)` masks after each capture by the `me` side, as
/// `konane._bitboard.captures` (the same moves, in the same order), appended to `out`.
pub fn captures(cells: Mask, me: Mask, en: Mask, s: u32, multi: bool, out: &mut Vec<(Mask, Mask)>) {
    let empty = cells & !(me | en);
    for d in [1, s] {
        let d2 = d + d;
        // towards higher bits
        let mut cand = me & shr(en, d) & shr(empty, d2);
        let mut shift = d2;
        let mut cap: Mask = shl(1, d);
        while cand != 0 {
            let mut c = cand;
            while c != 0 {
                let low = lowest(c);
                c ^= low;
                out.push((me ^ low ^ shl(low, shift), en ^ shl(cap, low.trailing_zeros())));
            }
            if !multi {
                break;
            }
            cand &= shr(en, shift + d) & shr(empty, shift + d2);
            cap |= shl(1, shift + d);
            shift += d2;
        }
        // towards lower bits
        let mut cand = me & shl(en, d) & shl(empty, d2);
        let mut shift = d2;
        let mut cap: Mask = shl(1, d);
        while cand != 0 {
            let mut c = cand;
            while c != 0 {
                let low = lowest(c);
                c ^= low;
                // the landing cell is `shift` below the source, the jumped cells between
                let land = low.trailing_zeros() - shift;
                out.push((me ^ low ^ shr(low, shift), en ^ shl(cap, land)));
            }
            if !multi {
                break;
            }
            cand &= shl(en, shift + d) & shl(empty, shift + d2);
            cap |= shl(1, shift + d);
            shift += d2;
        }
    }
}

/// 1 if the cells lie in one row, `stride` if in one column (and not in one row), 0
/// otherwise (`konane._bitboard.line_step`).
pub fn line_step(cells: Mask, stride: u32) -> u32 {
    if cells == 0 {
        return 0;
    }
    let low = cells.trailing_zeros();
    if shr(cells, low - low % stride) < shl(1, stride - 1) {
        return 1;
    }
    let col = low % stride;
    let rows = (bit_length(cells) - col).div_ceil(stride);
    let column = (0..rows).fold(0, |acc, r| acc | shl(1, col + r * stride));
    if cells & !column == 0 {
        stride
    } else {
        0
    }
}

/// `(r0, c0, rows, cols)`: the bounding box of the non-empty mask `cells`.
pub fn bounding_box(cells: Mask, stride: u32) -> (u32, u32, u32, u32) {
    let r0 = cells.trailing_zeros() / stride;
    let r1 = (bit_length(cells) - 1) / stride;
    let rowmask = shl(1, stride - 1) - 1;
    let mut union = 0;
    let mut m = shr(cells, r0 * stride);
    for _ in r0..=r1 {
        union |= m & rowmask;
        m = shr(m, stride);
    }
    let c0 = union.trailing_zeros();
    (r0, c0, r1 - r0 + 1, bit_length(union) - c0)
}

/// The image of cell `(r, c)` of a `rows x cols` grid under symmetry `k`.
pub fn transform_rc(mut r: u32, mut c: u32, mut rows: u32, mut cols: u32, k: u32) -> (u32, u32) {
    if k >= 4 {
        c = cols - 1 - c;
    }
    for _ in 0..k % 4 {
        (r, c) = (c, rows - 1 - r);
        (rows, cols) = (cols, rows);
    }
    (r, c)
}

/// The `(rows, cols)` of the image of a `rows x cols` grid under symmetry `k`.
pub fn transform_shape(rows: u32, cols: u32, k: u32) -> (u32, u32) {
    if k % 2 == 1 {
        (cols, rows)
    } else {
        (rows, cols)
    }
}

/// One symmetry as a map of bit indices: `map[i]` is the image of bit `i` (255: no cell),
/// and as the word operations of [`Sym::apply8`]: a transposition, then a mirror of the
/// columns (`(r, c) -> (r, w - 1 - c)`, stored as the shift `8 - w`), then of the rows
/// (`(r, c) -> (h - 1 - r, c)`, the shift `8 - h`), each if present.
#[derive(Clone)]
pub struct Sym {
    map: [u8; 128],
    transpose: bool,
    mirror_cols: Option<u32>,
    mirror_rows: Option<u32>,
    /// `rows, cols` of the box, its layout's stride and the image's (for [`Sym::apply_rows`]).
    frame: [u8; 4],
}

/// The cells of `m` (layout `stride`, in the box of `rows x cols` at its origin) at bits
/// `r * 8 + c` of a `u64`: the layout of [`Sym::apply8`].  The box must have at most 8 rows
/// and 8 columns.
#[inline]
pub fn to_grid8(m: Mask, stride: u32, rows: u32, cols: u32) -> u64 {
    debug_assert!(rows <= 8 && cols <= 8);
    let row = u64::MAX >> (64 - cols);
    (0..rows).fold(0, |out, r| out | ((((m >> (r * stride)) as u64) & row) << (8 * r)))
}

/// The inverse of [`to_grid8`] (into the layout `stride`, which has room for the box's
/// columns).
#[inline]
pub fn from_grid8(x: u64, stride: u32) -> Mask {
    (0..8).fold(0, |out, r| out | (Mask::from((x >> (8 * r)) & 0xff) << (r * stride)))
}

/// `(r, c) -> (r, cols - 1 - c)` on the 8-column layout, given `shift = 8 - cols`.
#[inline]
fn mirror8(x: u64, shift: u32) -> u64 {
    // reversing the 64 bits takes (r, c) to (7 - r, 7 - c); the bytes back in order, (r, 7 - c)
    x.reverse_bits().swap_bytes() >> shift
}

/// `(r, c) -> (rows - 1 - r, c)` on the 8-column layout, given `shift = 8 - rows`.
#[inline]
fn flip8(x: u64, shift: u32) -> u64 {
    x.swap_bytes() >> (8 * shift)
}

/// `(r, c) -> (c, r)` on the 8-column layout (three exchanges of blocks across the diagonal).
#[inline]
fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

impl Sym {
    /// Symmetry `k` of the `rows x cols` box laid out with `stride`, onto the board layout
    /// of the image shape.  The image must fit in a [`Mask`].
    pub fn new(rows: u32, cols: u32, stride: u32, k: u32) -> Sym {
        let nstride = transform_shape(rows, cols, k).1 + 1;
        let mut map = [u8::MAX; 128];
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = transform_rc(r, c, rows, cols, k);
                let (i, j) = (r * stride + c, r2 * nstride + c2);
                if i < MASK_BITS && j < MASK_BITS {
                    map[i as usize] = j as u8;
                }
            }
        }
        // symmetry k of transform_rc as a transposition T, then a mirror of the columns H
        // (of the width then), then of the rows V (of the height then): R = H T (a quarter
        // turn), R^2 = V H, R^3 = V T, and k >= 4 first mirrors the columns: R H = V H T,
        // R^2 H = V, R^3 H = T
        let (transpose, h, v) = match k {
            0 => (false, None, None),
            1 => (true, Some(rows), None),
            2 => (false, Some(cols), Some(rows)),
            3 => (true, None, Some(cols)),
            4 => (false, Some(cols), None),
            5 => (true, Some(rows), Some(cols)),
            6 => (false, None, Some(rows)),
            _ => (true, None, None),
        };
        Sym {
            map,
            transpose,
            mirror_cols: h.map(|w| 8u32.saturating_sub(w)),
            mirror_rows: v.map(|h| 8u32.saturating_sub(h)),
            frame: [rows, cols, stride, nstride].map(|x| x.min(u8::MAX.into()) as u8),
        }
    }

    /// The image of `mask` (its bits must be cells of the box).
    #[inline]
    pub fn apply(&self, mut mask: Mask) -> Mask {
        let mut out = 0;
        while mask != 0 {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            out |= 1u128 << self.map[i as usize];
        }
        out
    }

    /// [`Sym::apply`] by word operations where the symmetry keeps the box's rows as rows (the
    /// identity and the two mirrors: every symmetry of a box that is not square): each row
    /// moved by one shift, then the columns mirrored, where they are, by one reversal of the
    /// 128 bits (which turns the box half a turn: the rows are placed upside down first).  A
    /// transposition maps bit by bit.  The image is [`Sym::apply`]'s, in a few word operations
    /// a row instead of a few a stone: on long narrow boxes, such as the 4 x n boards, where
    /// [`Sym::apply8`] does not reach.
    #[inline]
    pub fn apply_rows(&self, mask: Mask) -> Mask {
        if self.transpose {
            return self.apply(mask);
        }
        let [rows, cols, stride, nstride] = self.frame.map(u32::from);
        let (flip_cols, flip_rows) = (self.mirror_cols.is_some(), self.mirror_rows.is_some());
        // the half turn below turns the rows upside down too
        let upside_down = flip_rows != flip_cols;
        let out = if stride == nstride && !upside_down {
            mask
        } else {
            let row = shl(1, cols) - 1;
            (0..rows).fold(0, |out, r| {
                let to = if upside_down { rows - 1 - r } else { r };
                out | (((mask >> (r * stride)) & row) << (to * nstride))
            })
        };
        if flip_cols {
            // bit r * nstride + c to 127 - that, shifted down to (rows - 1 - r) * nstride + (cols - 1 - c)
            out.reverse_bits() >> (MASK_BITS - 1 - ((rows - 1) * nstride + cols - 1))
        } else {
            out
        }
    }

    /// [`Sym::apply`] on the layout of [`to_grid8`] (the box has at most 8 rows and 8
    /// columns): the image in the 8-column layout, by at most three word operations (the
    /// symmetry of [`transform_rc`] as a transposition and two mirrors, see [`Sym`]) rather
    /// than a loop over the bits.  The order of masks is the same in both layouts (both are
    /// row-major), so the least image is the same.
    #[inline]
    pub fn apply8(&self, mut x: u64) -> u64 {
        if self.transpose {
            x = transpose8(x);
        }
        if let Some(shift) = self.mirror_cols {
            x = mirror8(x, shift);
        }
        if let Some(shift) = self.mirror_rows {
            x = flip8(x, shift);
        }
        x
    }

    /// The images of the bits of `cells`, in order (to tell symmetries apart on a shape).
    fn action(&self, mut cells: Mask) -> Vec<u8> {
        let mut out = Vec::new();
        while cells != 0 {
            let i = cells.trailing_zeros();
            cells &= cells - 1;
            out.push(self.map[i as usize]);
        }
        out
    }
}

/// `(rows, cols, cells)` of a normal shape (board layout).
pub type Shape = (u32, u32, Mask);

/// A normal shape and every symmetry that maps a box onto it (see [`Shapes::box_symmetries`]).
pub type BoxSyms = Arc<(Shape, Vec<Sym>)>;

/// `(black, white, false)`, or the colour swap `(white, black, true)` if that is smaller: the
/// candidate of one image in [`least_image`] and its kin.
#[inline]
pub fn oriented(black: Mask, white: Mask) -> (Mask, Mask, bool) {
    if black <= white {
        (black, white, false)
    } else {
        (white, black, true)
    }
}

/// The smallest `(black, white, swapped)` image of a position under `syms` and the colour
/// swap (`best`, if given, competes too), as `konane._bitboard.least_image`.
pub fn least_image(syms: &[Sym], black: Mask, white: Mask, mut best: Option<(Mask, Mask, bool)>) -> (Mask, Mask, bool) {
    for t in syms {
        let cand = oriented(t.apply_rows(black), t.apply_rows(white));
        if best.is_none_or(|b| cand < b) {
            best = Some(cand);
        }
    }
    best.unwrap_or((black, white, false))
}

/// The images `(t(black), t(white))` of a position under each symmetry of `syms`, for
/// [`least_image_after`] (at most 8 symmetries; the rest of the array is unused).
#[inline]
pub fn images(syms: &[Sym], black: Mask, white: Mask) -> [(Mask, Mask); 8] {
    assert!(syms.len() <= 8, "a box has at most 8 symmetries");
    let mut out = [(0, 0); 8];
    for (t, im) in syms.iter().zip(out.iter_mut()) {
        *im = (t.apply_rows(black), t.apply_rows(white));
    }
    out
}

/// [`least_image`] of the position `(nb, nw)` (with the position itself competing), from
/// the [`images`] of a position `(black, white)` that differs from it in a few cells (a
/// move): a symmetry is a permutation of bits, so `t(nb) = t(black) ^ t(black ^ nb)`, and
/// only the cells that changed are mapped.
#[inline]
pub fn least_image_after(
    syms: &[Sym],
    images: &[(Mask, Mask); 8],
    (black, white): (Mask, Mask),
    (nb, nw): (Mask, Mask),
) -> (Mask, Mask, bool) {
    let (db, dw) = (nb ^ black, nw ^ white);
    let mut best = oriented(nb, nw);
    for (t, &(ib, iw)) in syms.iter().zip(images.iter()) {
        let cand = oriented(ib ^ t.apply(db), iw ^ t.apply(dw));
        if cand < best {
            best = cand;
        }
    }
    best
}

/// The symmetries other than the identity that map a position (board layout, `stride`)
/// to itself or to its colour swap (`konane._bitboard.automorphisms`).
pub fn automorphisms(stride: u32, cells: Mask, black: Mask, white: Mask) -> Vec<Sym> {
    let cols = stride - 1;
    let rows = bit_length(cells).div_ceil(stride);
    let mut out = Vec::new();
    for k in 1..8 {
        if transform_shape(rows, cols, k) != (rows, cols) {
            continue;
        }
        let t = Sym::new(rows, cols, stride, k);
        if t.apply(cells) != cells {
            continue;
        }
        let image = (t.apply(black), t.apply(white));
        if image == (black, white) || image == (white, black) {
            out.push(t);
        }
    }
    out
}

/// A cache of the normal shapes of boxes and their symmetries.
#[derive(Default)]
pub struct Shapes {
    boxes: FxHashMap<(u32, u32, u32, Mask), BoxSyms>,
    /// The memory budget of the call: the cache is emptied rather than grow past it.
    pub budget: crate::engine::memory::Budget,
}

impl Shapes {
    /// For a cell shape filling the top-left `rows x cols` box of a `stride` layout: its
    /// normal shape (the smallest image under the 8 symmetries) and every symmetry that
    /// maps it there, straight from the `stride` layout (`konane._bitboard.box_symmetries`).
    pub fn box_symmetries(&mut self, stride: u32, rows: u32, cols: u32, cells: Mask) -> BoxSyms {
        let stride = if rows == 1 { cols + 1 } else { stride };
        let key = (stride, rows, cols, cells);
        if let Some(found) = self.boxes.get(&key) {
            return found.clone();
        }
        let compact = if stride == cols + 1 {
            cells
        } else {
            relayout(cells, rows, cols, stride, cols + 1)
        };
        // the smallest image has the smaller side as its rows; only those images are built
        // (they fit: they take no more bits than the box)
        let want = (rows.min(cols), rows.max(cols));
        let mut best: Option<Shape> = None;
        let mut ks: Vec<u32> = Vec::new();
        for k in 0..8 {
            let (r2, c2) = transform_shape(rows, cols, k);
            if (r2, c2) != want {
                continue;
            }
            let image = (r2, c2, Sym::new(rows, cols, cols + 1, k).apply(compact));
            match best {
                Some(b) if image > b => {}
                Some(b) if image == b => ks.push(k),
                _ => {
                    best = Some(image);
                    ks = vec![k];
                }
            }
        }
        // drop symmetries that move every cell as an earlier one does
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let mut syms = Vec::new();
        for k in ks {
            let action = Sym::new(rows, cols, cols + 1, k).action(compact);
            if !seen.contains(&action) {
                seen.push(action);
                syms.push(Sym::new(rows, cols, stride, k));
            }
        }
        if self.boxes.len() > 1_000_000 || !crate::engine::memory::cache_may_grow(&self.budget, &mut self.boxes) {
            self.boxes.clear();
        }
        let found = Arc::new((best.expect("at least the identity maps a box onto its shape"), syms));
        self.boxes.insert(key, found.clone());
        found
    }

    /// The normal form of a position: `(rows, cols, cells, black, white, swapped)` in the
    /// board layout of the normal shape (`konane._bitboard.normal_form`).  `cells` must
    /// not be 0.
    pub fn normal_form(
        &mut self,
        stride: u32,
        cells: Mask,
        black: Mask,
        white: Mask,
    ) -> (u32, u32, Mask, Mask, Mask, bool) {
        let (r0, c0, rows, cols) = bounding_box(cells, stride);
        let shift = r0 * stride + c0;
        let bs = self.box_symmetries(stride, rows, cols, shr(cells, shift));
        let ((nrows, ncols, ncells), syms) = (&bs.0, &bs.1);
        let (nb, nw, swapped) = least_image(syms, shr(black, shift), shr(white, shift), None);
        (*nrows, *ncols, *ncells, nb, nw, swapped)
    }

    /// Forget the cached shapes.
    pub fn clear(&mut self) {
        self.boxes.clear();
    }
}

/// The `rows x cols` box of `mask` (layout `stride`) laid out with `new_stride`.
pub fn relayout(mask: Mask, rows: u32, cols: u32, stride: u32, new_stride: u32) -> Mask {
    let rowmask = shl(1, cols) - 1;
    (0..rows).fold(0, |acc, r| acc | shl(shr(mask, r * stride) & rowmask, r * new_stride))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::konane::testkit::parse_strided as parse;

    /// The guard column taken out and put back, on frames of at most 64 cells.
    #[test]
    fn packed_rows_give_the_mask_back() {
        let mut rng = crate::konane::testkit::Rng(9);
        for (rows, cols) in [(8u32, 8u32), (2, 32), (1, 64), (7, 9), (3, 5)] {
            let s = cols + 1;
            for _ in 0..200 {
                let m = (0..rows * cols)
                    .filter(|_| rng.below(2) == 1)
                    .fold(0 as Mask, |m, i| m | 1 << ((i / cols) * s + i % cols));
                let x = pack_rows(m, s, rows);
                assert_eq!(unpack_rows(x, s), m);
                assert_eq!(x.count_ones(), m.count_ones());
            }
        }
    }

    /// Every symmetry of the boxes of 1 to 9 rows and 1 to 127 columns that fit a mask, in
    /// layouts of three strides (the narrow boards' boxes among them), on random, full and empty
    /// masks: [`Sym::apply_rows`] gives the image the map of bits gives, whether it keeps the
    /// rows (by words) or transposes (by the map).
    #[test]
    fn symmetries_by_rows_are_the_maps() {
        let mut rng = crate::konane::testkit::Rng(23);
        let mut by_words = 0;
        for rows in 1..=9u32 {
            for cols in 1..=127u32 {
                for stride in [cols + 1, cols + 2, cols + 7] {
                    if (rows - 1) * stride + cols > MASK_BITS || rows * cols > MASK_BITS {
                        continue;
                    }
                    let bit = |i: u32| (1 as Mask) << ((i / cols) * stride + i % cols);
                    let full = (0..rows * cols).fold(0, |m, i| m | bit(i));
                    for k in 0..8 {
                        let (r2, c2) = transform_shape(rows, cols, k);
                        if (r2 - 1) * (c2 + 1) + c2 > MASK_BITS {
                            continue;
                        }
                        let t = Sym::new(rows, cols, stride, k);
                        by_words += usize::from(!t.transpose);
                        for _ in 0..6 {
                            let m = (0..rows * cols)
                                .filter(|_| rng.below(3) == 1)
                                .fold(0, |m, i| m | bit(i));
                            for x in [m, full, 0] {
                                assert_eq!(t.apply_rows(x), t.apply(x), "{rows}x{cols} stride {stride} k={k}");
                            }
                        }
                    }
                }
            }
        }
        assert!(by_words > 2000, "{by_words} symmetries kept the rows");
    }

    /// Every symmetry of every box of at most 8 x 8, on random masks: the word operations of
    /// [`Sym::apply8`] give the image the map of bits gives.
    #[test]
    fn symmetries_by_words_are_the_maps() {
        let mut rng = crate::konane::testkit::Rng(17);
        for rows in 1..=8u32 {
            for cols in 1..=8u32 {
                let stride = cols + 3;
                for k in 0..8 {
                    let t = Sym::new(rows, cols, stride, k);
                    let nstride = transform_shape(rows, cols, k).1 + 1;
                    for _ in 0..20 {
                        let m = (0..rows * cols)
                            .filter(|_| rng.below(2) == 1)
                            .fold(0 as Mask, |m, i| m | 1 << ((i / cols) * stride + i % cols));
                        let x = to_grid8(m, stride, rows, cols);
                        assert_eq!(from_grid8(x, stride), m);
                        assert_eq!(from_grid8(t.apply8(x), nstride), t.apply(m), "{rows}x{cols} k={k}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_fit_rule() {
        // 8x8 takes 72 bits, 10x10 110, 11x10 121; 11x11 132 either way
        assert!(fits(8, 8) && fits(10, 10) && fits(11, 10) && fits(1, 127) && fits(64, 1));
        assert!(!fits(11, 11) && !fits(1, 128) && !fits(65, 1) && !fits(0, 5) && !fits(5, 0));
        // a tall board may fit only transposed: 65x1 takes 130 bits, 1x65 66
        assert!(!fits(65, 1) && fits_either_way(65, 1) && fits_either_way(1, 65));
        assert!(fits_either_way(100, 1) && fits_either_way(12, 9) && !fits(13, 9) && fits_either_way(13, 9));
        assert!(!fits_either_way(11, 11) && !fits_either_way(128, 1) && !fits_either_way(0, 3));
        for rows in 0..140u32 {
            for cols in 0..140u32 {
                let (lo, hi) = (rows.min(cols) as u64, rows.max(cols) as u64);
                assert_eq!(
                    fits_either_way(rows, cols),
                    lo >= 1 && lo * (hi + 1) <= 128,
                    "{rows}x{cols}"
                );
                assert_eq!(
                    refusal(rows, cols, "solver", true).is_none(),
                    fits_either_way(rows, cols)
                );
                assert_eq!(refusal(rows, cols, "solver", false).is_none(), fits(rows, cols));
            }
        }
    }

    #[test]
    fn refusals_say_what_does_not_fit() {
        let m = refusal(12, 12, "value solver", true).unwrap();
        assert!(
            m.starts_with("a 12x12 board does not fit the native value solver"),
            "{m}"
        );
        assert!(m.contains("rows * (cols + 1) <= 128") && m.contains("transpose"), "{m}");
        let m = refusal(65, 1, "census", false).unwrap();
        assert!(m.contains("65x1") && m.contains("as it is"), "{m}");
        assert!(FIT_RULE.ends_with(&MASK_BITS.to_string()));
    }

    #[test]
    fn mobility_counts_the_moves() {
        // x on a1 may jump to c1 or e1: 2 moves by one stone
        let (s, cells, b, w) = parse("xo.o.");
        assert_eq!(mobility(cells, b, w, s, true), (2, 1));
        assert_eq!(mobility(cells, b, w, s, false), (1, 1));
        assert_eq!(mobility(cells, w, b, s, true), (0, 0));
        let mut v = Vec::new();
        for pic in [".ox./o..x/....", "xoxo/oxox/x..o/oxox", "..xo.ox", "oxox./.x.o./xo..x"] {
            let (s, cells, b, w) = parse(pic);
            for (me, en) in [(b, w), (w, b)] {
                for multi in [true, false] {
                    v.clear();
                    captures(cells, me, en, s, multi, &mut v);
                    let (moves, movers) = mobility(cells, me, en, s, multi);
                    assert_eq!(moves as usize, v.len(), "{pic}");
                    // the movers are the stones that move in some capture
                    let from: Mask = v.iter().fold(0, |acc, &(nm, _)| acc | (me & !nm));
                    assert_eq!(movers, from.count_ones(), "{pic}");
                }
            }
        }
    }

    #[test]
    fn first_jumps_are_the_single_jump_moves() {
        // the win/loss search orders by first jumps: mobility without multi-jumps
        let (s, cells, b, w) = parse("xo.o.o./.......");
        assert_eq!(mobility(cells, b, w, s, true).0, 3);
        assert_eq!(mobility(cells, b, w, s, false).0, 1);
    }
}
