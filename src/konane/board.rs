//! A position given to a kernel: its check, and its orientation.
//!
//! A caller gives a position as `konane.Board.key` does: `(rows, cols, cells, black, white)`,
//! the masks in the board's own layout (bit `r * (cols + 1) + c` is cell `(r, c)`).  The
//! kernels work on [`Mask`]s, so they take a board that fits as it is ([`bits::fits`]); a
//! board whose transpose fits instead ([`bits::fits_either_way`]) is transposed by
//! [`orient`], which keeps values and outcomes, and what a kernel finds on the transpose (a
//! move, regions) is mapped back through the [`Oriented`] it returns.  In its own layout such
//! a board takes more than 128 bits (up to 254, a `127 x 1` column): its masks are
//! [`BoardMask`]s.
//!
//! The transposition is the symmetry [`TRANSPOSE`] of [`bits`], a diagonal reflection and so
//! an involution: the same map takes a cell there and back.

use super::bits::{self, transform_rc, transform_shape, Mask};
use super::{Error, Result};

/// The symmetry (numbered as in [`bits`]) that transposes a board: the reflection in the
/// anti-diagonal (a mirror left-right, then a quarter turn clockwise), which swaps the rows
/// and the columns and is its own inverse.
pub const TRANSPOSE: u32 = 5;

/// A mask in a board's own layout, wider than a [`Mask`] (for a board that fits only
/// transposed): bit `i` is bit `i % 128` of word `i / 128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoardMask(pub [u128; 2]);

/// The number of bits of a [`BoardMask`].
pub const BOARD_MASK_BITS: u32 = 256;

impl From<Mask> for BoardMask {
    fn from(m: Mask) -> BoardMask {
        BoardMask([m, 0])
    }
}

impl BoardMask {
    /// The mask as a [`Mask`], if it has no bit past 127.
    pub fn narrow(self) -> Option<Mask> {
        (self.0[1] == 0).then_some(self.0[0])
    }

    /// The mask with bit `bit` (below [`BOARD_MASK_BITS`]) set.
    pub fn with(mut self, bit: u32) -> BoardMask {
        self.0[(bit / 128) as usize] |= 1 << (bit % 128);
        self
    }

    /// The bits of `self` that are not in `other`.
    pub fn minus(self, other: BoardMask) -> BoardMask {
        BoardMask([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }

    /// Whether `self` and `other` share a bit.
    pub fn meets(self, other: BoardMask) -> bool {
        self.0[0] & other.0[0] != 0 || self.0[1] & other.0[1] != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0, 0]
    }

    /// The set bits, lowest first.
    pub fn bits(self) -> impl Iterator<Item = u32> {
        (0..2u32).flat_map(move |w| {
            let mut x = self.0[w as usize];
            std::iter::from_fn(move || {
                (x != 0).then(|| {
                    let i = x.trailing_zeros();
                    x &= x - 1;
                    w * 128 + i
                })
            })
        })
    }
}

/// All cells of a `rows x cols` grid in its own layout (which must take at most
/// [`BOARD_MASK_BITS`] bits).
fn grid(rows: u32, cols: u32) -> BoardMask {
    if bits::fits(rows, cols) {
        return BoardMask::from(bits::full_mask(rows, cols));
    }
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| r * (cols + 1) + c))
        .fold(BoardMask::default(), BoardMask::with)
}

/// `Ok` if `(cells, black, white)` are the masks of a position of a `rows x cols` board
/// (in its own layout), else [`Error::BadBoard`] saying what is wrong.
fn check_masks(rows: u32, cols: u32, [cells, black, white]: [BoardMask; 3]) -> Result<()> {
    if !cells.minus(grid(rows, cols)).is_empty() {
        return Err(Error::BadBoard(format!("cells outside the {rows}x{cols} board")));
    }
    if !black.minus(cells).is_empty() || !white.minus(cells).is_empty() || black.meets(white) {
        return Err(Error::BadBoard(
            "the stones must be disjoint sets of cells of the board".into(),
        ));
    }
    Ok(())
}

/// `Ok` if `(cells, black, white)` is a position of a `rows x cols` board that fits the
/// native kernels as it is (board layout); else [`Error::BadBoard`] saying what is wrong
/// (`kernel` names the kernel in the message).  The check of a kernel given [`Mask`]s; a
/// caller with a board that may fit only transposed uses [`orient`].
pub(crate) fn check_board(kernel: &str, rows: u32, cols: u32, cells: Mask, black: Mask, white: Mask) -> Result<()> {
    if let Some(why) = bits::refusal(rows, cols, kernel, false) {
        return Err(Error::BadBoard(why));
    }
    check_masks(rows, cols, [cells, black, white].map(BoardMask::from))
}

/// Check a position read back from a file for the `kernel` (`what` says which position, for
/// the message): a frame of the layout `stride` (from 2 to 129) with cells, its masks those of
/// a board of `stride - 1` columns.
pub(crate) fn check_kept(kernel: &str, what: &str, stride: u32, cells: Mask, a: Mask, b: Mask) -> Result<()> {
    if !(2..=129).contains(&stride) || cells == 0 {
        return Err(Error::BadBoard(format!("{what}: no cells, or a row out of range")));
    }
    let rows = bits::bit_length(cells).div_ceil(stride);
    check_board(kernel, rows, stride - 1, cells, a, b)
}

/// A position in a layout the kernels take: the board as given, or its transpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Oriented {
    /// The shape of this layout (`cols + 1` is its stride).
    pub rows: u32,
    pub cols: u32,
    pub cells: Mask,
    pub black: Mask,
    pub white: Mask,
    /// Whether this is the transpose of the board as given ([`TRANSPOSE`]).
    pub transposed: bool,
}

/// The bit of the image of the cell at bit `bit` of a `rows x cols` board (its own layout)
/// under [`TRANSPOSE`], in the layout of the `cols x rows` image.
fn transpose_bit(rows: u32, cols: u32, bit: u32) -> u32 {
    let (r, c) = (bit / (cols + 1), bit % (cols + 1));
    let (r2, c2) = transform_rc(r, c, rows, cols, TRANSPOSE);
    debug_assert_eq!(transform_shape(rows, cols, TRANSPOSE), (cols, rows));
    r2 * (rows + 1) + c2
}

/// The position `(cells, black, white)` of a `rows x cols` board (masks in its own layout)
/// in a layout that the native `kernel` takes: the board itself where it fits
/// ([`bits::fits`]), else its transpose.  [`Error::BadBoard`] saying what is wrong when
/// neither fits (the message of [`bits::refusal`]; `kernel` names the kernel) or the masks
/// are not a position of the board.
pub fn orient(kernel: &str, rows: u32, cols: u32, masks: [BoardMask; 3]) -> Result<Oriented> {
    if let Some(why) = bits::refusal(rows, cols, kernel, true) {
        return Err(Error::BadBoard(why));
    }
    check_masks(rows, cols, masks)?;
    let transposed = !bits::fits(rows, cols);
    let [cells, black, white] = masks.map(|m| match m.narrow() {
        Some(m) if !transposed => m,
        _ => m.bits().fold(0, |acc: Mask, i| acc | 1 << transpose_bit(rows, cols, i)),
    });
    let (rows, cols) = if transposed { (cols, rows) } else { (rows, cols) };
    Ok(Oriented {
        rows,
        cols,
        cells,
        black,
        white,
        transposed,
    })
}

impl Oriented {
    /// The stride of this layout.
    pub fn stride(&self) -> u32 {
        self.cols + 1
    }

    /// The bit of the board as given that is the cell at bit `bit` of this layout.
    pub fn bit_back(&self, bit: u32) -> u32 {
        if self.transposed {
            transpose_bit(self.rows, self.cols, bit)
        } else {
            bit
        }
    }

    /// A mask of cells of this layout, in the layout of the board as given.
    pub fn mask_back(&self, m: Mask) -> BoardMask {
        if self.transposed {
            BoardMask::from(m)
                .bits()
                .fold(BoardMask::default(), |acc, i| acc.with(self.bit_back(i)))
        } else {
            BoardMask::from(m)
        }
    }

    /// Regions `(cells, black, white)` of this layout in the layout of the board as given,
    /// in the order of their lowest stone there (the order of
    /// [`footprint_region_masks`](super::footprint::footprint_region_masks)).
    pub fn regions_back(&self, regions: &[(Mask, Mask, Mask)]) -> Vec<[BoardMask; 3]> {
        let mut out: Vec<[BoardMask; 3]> = regions
            .iter()
            .map(|&(c, b, w)| [c, b, w].map(|m| self.mask_back(m)))
            .collect();
        if self.transposed {
            out.sort_by_key(|r| r[1].bits().chain(r[2].bits()).min());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::konane::bits::{captures, full_mask};
    use crate::konane::footprint::{footprint_region_masks_with, FootprintCache};
    use crate::konane::play::{search, Budget, Position};
    use crate::konane::testkit::{parse, Rng};
    use crate::konane::{Rules, Solver};

    /// The masks of a picture in the layout of its own board, however wide.
    fn wide(pic: &str) -> (u32, u32, [BoardMask; 3]) {
        let lines: Vec<&str> = pic.split('/').collect();
        let (rows, cols) = (lines.len() as u32, lines[0].len() as u32);
        let mut m = [BoardMask::default(); 3];
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let bit = r as u32 * (cols + 1) + c as u32;
                m[0] = m[0].with(bit);
                match ch {
                    'x' => m[1] = m[1].with(bit),
                    'o' => m[2] = m[2].with(bit),
                    _ => {}
                }
            }
        }
        (rows, cols, m)
    }

    /// The picture of a `rows x cols` board standing as one column.
    fn column(row: &str) -> String {
        row.chars().map(String::from).collect::<Vec<_>>().join("/")
    }

    #[test]
    fn transpose_is_an_involution_that_swaps_rows_and_columns() {
        for (rows, cols) in [(1, 1), (1, 5), (3, 4), (4, 3), (7, 2), (65, 1), (10, 11)] {
            assert_eq!(transform_shape(rows, cols, TRANSPOSE), (cols, rows));
            for r in 0..rows {
                for c in 0..cols {
                    let (r2, c2) = transform_rc(r, c, rows, cols, TRANSPOSE);
                    assert!(r2 < cols && c2 < rows);
                    assert_eq!(transform_rc(r2, c2, cols, rows, TRANSPOSE), (r, c));
                    let bit = r * (cols + 1) + c;
                    assert_eq!(transpose_bit(cols, rows, transpose_bit(rows, cols, bit)), bit);
                }
            }
        }
    }

    #[test]
    fn a_board_that_fits_stays_as_it_is() {
        let (rows, cols, cells, black, white) = parse("xo.x/o..x/..ox");
        let o = orient("solver", rows, cols, [cells, black, white].map(BoardMask::from)).unwrap();
        assert_eq!(
            o,
            Oriented {
                rows,
                cols,
                cells,
                black,
                white,
                transposed: false
            }
        );
        assert_eq!(o.bit_back(5), 5);
        assert_eq!(o.mask_back(black), BoardMask::from(black));
    }

    #[test]
    fn a_board_that_fits_only_transposed_is_transposed_and_maps_back() {
        // a 100 x 1 column takes 200 bits in its own layout; its transpose 101
        let row = ".".to_string() + &"xo.xxo..oxox.oox.".repeat(5) + ".";
        let (rows, cols, masks) = wide(&column(&row));
        assert_eq!((rows, cols), (87, 1));
        assert!(masks[0].narrow().is_none());
        let o = orient("solver", rows, cols, masks).unwrap();
        assert!(o.transposed && (o.rows, o.cols) == (1, 87));
        // the cells of the transpose are a full row, the stones those of the row picture read
        // from the bottom (the reflection is in the anti-diagonal)
        let (_, _, rc, rb, rw) = parse(&row.chars().rev().collect::<String>());
        assert_eq!((o.cells, o.black, o.white), (rc, rb, rw));
        // masks and bits map back
        assert_eq!([o.cells, o.black, o.white].map(|m| o.mask_back(m)), masks);
        for i in masks[0].bits() {
            let j = (0..o.cells.count_ones()).find(|&j| o.bit_back(j) == i).unwrap();
            assert_eq!(o.bit_back(j), i);
        }
        // the value is kept: that of the row picture
        let mut e = Engine::new();
        let mut s = Solver::new();
        let v = s.value(&mut e, o.rows, o.cols, o.cells, o.black, o.white, Rules::STANDARD, None);
        let (r, c, rc, rb, rw) = parse(&row);
        assert_eq!(v, s.value(&mut e, r, c, rc, rb, rw, Rules::STANDARD, None));
    }

    #[test]
    fn a_move_found_on_the_transpose_is_a_move_of_the_board() {
        // 13 x 9 does not fit (130 bits), 9 x 13 does (126 bits)
        let mut rng = Rng(77);
        let (rows, cols) = (13, 9);
        for _ in 0..20 {
            let pic: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| rng.pick(b"xxoo..")).collect())
                .collect();
            let (_, _, masks) = wide(&pic.join("/"));
            let o = orient("player", rows, cols, masks).unwrap();
            assert!(o.transposed);
            let pos = Position {
                cells: o.cells,
                me: o.black,
                en: o.white,
                stride: o.stride(),
                multi: true,
            };
            let budget = Budget {
                max_nodes: Some(200),
                time: None,
                max_depth: 2,
            };
            let r = search(pos, budget, None, None);
            let mut moves = Vec::new();
            captures(o.cells, o.black, o.white, o.stride(), true, &mut moves);
            let Some(m) = r.best else {
                assert!(moves.is_empty());
                continue;
            };
            // from a black stone to an empty cell, in one line of the board as given
            let (from, to) = (o.bit_back(m.from), o.bit_back(m.to));
            let empty = masks[0].minus(masks[1]).minus(masks[2]);
            assert!(masks[1].bits().any(|i| i == from));
            assert!(empty.bits().any(|i| i == to));
            let (d, s) = (from.abs_diff(to), cols + 1);
            assert!(d % 2 == 0 && (d < s || d % s == 0), "{from} -> {to}");
        }
    }

    #[test]
    fn regions_found_on_the_transpose_map_back() {
        // the decomposer commutes with the transposition: the regions of a transposed board,
        // mapped back, are the board's own, in the same order
        let mut rng = Rng(5);
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(7) as u32, 1 + rng.below(8) as u32);
            let pic: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| rng.pick(b"xxoo...#")).collect())
                .collect();
            let (_, _, cells, black, white) = parse(&pic.join("/"));
            let t = |m: Mask| {
                BoardMask::from(m)
                    .bits()
                    .fold(0, |acc: Mask, i| acc | 1 << transpose_bit(rows, cols, i))
            };
            let o = Oriented {
                rows: cols,
                cols: rows,
                cells: t(cells),
                black: t(black),
                white: t(white),
                transposed: true,
            };
            let fresh = || FootprintCache::new(0);
            let direct = footprint_region_masks_with(cells, black, white, cols + 1, &mut fresh());
            let found = footprint_region_masks_with(o.cells, o.black, o.white, o.stride(), &mut fresh());
            let direct: Vec<[BoardMask; 3]> = direct.iter().map(|&(c, b, w)| [c, b, w].map(BoardMask::from)).collect();
            assert_eq!(o.regions_back(&found), direct, "{}", pic.join("/"));
        }
    }

    #[test]
    fn bad_positions_say_what_is_wrong() {
        fn why<T: std::fmt::Debug>(r: Result<T>) -> String {
            match r {
                Err(Error::BadBoard(m)) => m,
                other => panic!("{other:?}"),
            }
        }
        let m = why(orient("solver", 11, 11, [BoardMask::default(); 3]));
        assert!(m.contains("11x11 board does not fit the native solver"), "{m}");
        let m = why(orient("solver", 0, 3, [BoardMask::default(); 3]));
        assert!(m.contains("0x3"), "{m}");
        // a cell off the grid: in the guard column, and past the last row
        for bad in [1 << 3, 1 << 12] {
            let cells = BoardMask::from(full_mask(3, 3) | bad);
            let m = why(orient(
                "solver",
                3,
                3,
                [cells, BoardMask::default(), BoardMask::default()],
            ));
            assert_eq!(m, "cells outside the 3x3 board");
        }
        // past 128 bits on a board that fits as it is
        let cells = BoardMask([full_mask(3, 3), 1]);
        assert!(orient("solver", 3, 3, [cells, BoardMask::default(), BoardMask::default()]).is_err());
        // stones off the cells, and both colours on one cell
        let cells = BoardMask::from(0b011);
        for (b, w) in [(0b100, 0), (0b001, 0b001)] {
            let m = why(orient("solver", 1, 3, [cells, BoardMask::from(b), BoardMask::from(w)]));
            assert!(m.contains("disjoint sets of cells"), "{m}");
        }
        // the check of a kernel given masks of its own layout
        assert!(check_board("search", 2, 2, 0b11, 0b1, 0b10).is_ok());
        let m = why(check_board("search", 65, 1, 0, 0, 0));
        assert!(m.contains("65x1") && m.contains("as it is"), "{m}");
    }

    #[test]
    fn board_masks() {
        let m = BoardMask::default().with(3).with(130).with(255);
        assert_eq!(m.bits().collect::<Vec<_>>(), vec![3, 130, 255]);
        assert_eq!(m.narrow(), None);
        assert_eq!(BoardMask::from(0b101).narrow(), Some(0b101));
        assert!(m.meets(BoardMask::default().with(130)) && !m.meets(BoardMask::from(0b10)));
        assert_eq!(
            m.minus(BoardMask::default().with(130).with(3)),
            BoardMask::default().with(255)
        );
        assert_eq!(grid(2, 2), BoardMask::from(0b11011));
    }
}
