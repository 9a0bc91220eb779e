//! Helpers of the unit tests of the Konane modules (compiled for tests only): boards from
//! pictures, and a small deterministic random generator.

use super::bits::Mask;

/// `(rows, cols, cells, black, white)` of a picture such as `".ox./o..x/...."`, rows top to
/// bottom, the top row first in the masks (as `konane.Board`); `#` or a space: no cell.
pub(crate) fn parse(pic: &str) -> (u32, u32, Mask, Mask, Mask) {
    let lines: Vec<&str> = pic.split('/').collect();
    let rows = lines.len() as u32;
    let cols = lines.iter().map(|l| l.len()).max().unwrap() as u32;
    let (mut cells, mut black, mut white) = (0, 0, 0);
    for (r, line) in lines.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let bit: Mask = 1 << (r as u32 * (cols + 1) + c as u32);
            match ch {
                'x' => black |= bit,
                'o' => white |= bit,
                '.' => {}
                _ => continue,
            }
            cells |= bit;
        }
    }
    (rows, cols, cells, black, white)
}

/// `(stride, cells, black, white)` of a picture, as [`parse`] reads it.
pub(crate) fn parse_strided(pic: &str) -> (u32, Mask, Mask, Mask) {
    let (_, cols, cells, black, white) = parse(pic);
    (cols + 1, cells, black, white)
}

/// The deterministic generator of the unit tests (the engine's).
pub(crate) use crate::engine::testkit::Rng;

/// A random `rows x cols` position (board layout, stride `cols + 1`): each cell a hole (1 in
/// 12), empty (3), black (4) or white (4).
pub(crate) fn random_board(rng: &mut Rng, rows: u32, cols: u32) -> (Mask, Mask, Mask) {
    let (mut cells, mut black, mut white) = (0, 0, 0);
    for r in 0..rows {
        for c in 0..cols {
            let bit: Mask = 1 << (r * (cols + 1) + c);
            match rng.below(12) {
                0 => continue,
                1..=3 => {}
                4..=7 => black |= bit,
                _ => white |= bit,
            }
            cells |= bit;
        }
    }
    (cells, black, white)
}

/// Whether `me` to move wins, by the whole game tree (no table, no values).
pub(crate) fn brute(cells: Mask, me: Mask, en: Mask, s: u32, multi: bool) -> bool {
    let mut moves = Vec::new();
    super::bits::captures(cells, me, en, s, multi, &mut moves);
    moves.iter().any(|&(m2, e2)| !brute(cells, e2, m2, s, multi))
}
