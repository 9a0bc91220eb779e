//! The position argument of the Konane kernels, taken once for all of them.
//!
//! A kernel takes one value `board = (rows, cols, cells, black, white)`, exactly
//! `konane.Board.key`: the masks are Python ints in the board's own layout (bit
//! `r * (cols + 1) + c` is cell `(r, c)`).  [`Board`] reads it (a `TypeError` or a
//! `ValueError` saying what is wrong), and [`Board::oriented`] checks it and gives it to a
//! kernel in a layout it takes ([`crate::konane::board::orient`]: the board, or its
//! transpose), through which the kernel's findings are mapped back.  [`konane_fits`] says
//! which boards are taken, by the rule of [`crate::konane::bits`].

use crate::konane::bits;
use crate::konane::board::{orient, BoardMask, Oriented, BOARD_MASK_BITS};
use num_bigint::BigUint;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

/// What a board argument is, for the messages of [`Board`].
const FORM: &str = "a board is a tuple (rows, cols, cells, black, white) of ints, as konane.Board.key";

/// A board as Python gives it: its shape and its masks in its own layout.
pub(super) struct Board {
    rows: u32,
    cols: u32,
    masks: [BoardMask; 3],
}

/// Item `i` of the board tuple `t`, which must be an int (`name` says which in the message).
fn item<'py>(t: &Bound<'py, PyTuple>, i: usize, name: &str) -> PyResult<Bound<'py, PyInt>> {
    let x = t.get_item(i)?;
    match x.downcast_into::<PyInt>() {
        Ok(n) => Ok(n),
        Err(e) => {
            let kind = e.into_inner().get_type().name()?.to_string();
            Err(PyTypeError::new_err(format!(
                "{FORM}: its {name} is a {kind}, not an int"
            )))
        }
    }
}

/// A side of the board: an int from 0 (refused later, with the board's shape) up.
fn side(t: &Bound<'_, PyTuple>, i: usize, name: &str) -> PyResult<u32> {
    let n = item(t, i, name)?;
    n.extract::<u32>()
        .map_err(|_| PyValueError::new_err(format!("the board's {name} must be a number of {name}, not {n}")))
}

/// A mask: a non-negative int of at most [`BOARD_MASK_BITS`] bits (the cells of the board
/// are checked later).
fn mask(t: &Bound<'_, PyTuple>, i: usize, name: &str, (rows, cols): (u32, u32)) -> PyResult<BoardMask> {
    let n = item(t, i, name)?;
    if let Ok(m) = n.extract::<u128>() {
        return Ok(BoardMask::from(m));
    }
    if n.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "the board's {name} mask is negative: {n}"
        )));
    }
    let big: BigUint = n.extract()?;
    if big.bits() > BOARD_MASK_BITS as u64 {
        return Err(PyValueError::new_err(format!(
            "the board's {name} mask has bits outside the {rows}x{cols} board (bit {} is set)",
            big.bits() - 1
        )));
    }
    let digits = big.to_u64_digits();
    let word = |w: usize| -> u128 {
        let d = |k: usize| digits.get(k).copied().unwrap_or(0) as u128;
        d(2 * w) | d(2 * w + 1) << 64
    };
    Ok(BoardMask([word(0), word(1)]))
}

impl<'py> FromPyObject<'py> for Board {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let t = ob.downcast::<PyTuple>().map_err(|_| {
            let kind = ob
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_else(|_| "?".into());
            PyTypeError::new_err(format!("{FORM}, not a {kind}"))
        })?;
        if t.len() != 5 {
            return Err(PyTypeError::new_err(format!(
                "{FORM}, not a tuple of {} items",
                t.len()
            )));
        }
        let (rows, cols) = (side(t, 0, "rows")?, side(t, 1, "cols")?);
        let shape = (rows, cols);
        Ok(Board {
            rows,
            cols,
            masks: [
                mask(t, 2, "cells", shape)?,
                mask(t, 3, "black", shape)?,
                mask(t, 4, "white", shape)?,
            ],
        })
    }
}

impl Board {
    /// The position in a layout that the native `kernel` takes (the board, or its
    /// transpose); a `ValueError` saying what is wrong if the board fits neither way or
    /// the masks are not a position of it.
    pub(super) fn oriented(&self, kernel: &str) -> PyResult<Oriented> {
        orient(kernel, self.rows, self.cols, self.masks).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// A mask in a board's own layout, as a Python int.
pub(super) struct MaskInt(pub(super) BoardMask);

impl<'py> IntoPyObject<'py> for MaskInt {
    type Target = PyInt;
    type Output = Bound<'py, PyInt>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Self::Output> {
        match self.0.narrow() {
            Some(m) => Ok(m.into_pyobject(py)?),
            None => (BigUint::from(self.0 .0[1]) << 128u32 | BigUint::from(self.0 .0[0])).into_pyobject(py),
        }
    }
}

/// Whether the native kernels take a `rows x cols` board, itself or transposed
/// (`min(rows, cols) * (max(rows, cols) + 1) <= 128`).
#[pyfunction]
pub(super) fn konane_fits(rows: i64, cols: i64) -> bool {
    match (u32::try_from(rows), u32::try_from(cols)) {
        (Ok(rows), Ok(cols)) => bits::fits_either_way(rows, cols),
        _ => false,
    }
}
