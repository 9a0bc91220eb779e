//! `GameBase`, the native base class of `cgt.Game`: arithmetic on games without Python frames.
//!
//! `cgt.Game` (in `cgt/shortgame.py`) is a Python class; on the native backend it derives
//! from [`GameBase`], which holds the game's id and implements `+`, unary `-` and binary
//! `-` between two games, or a game and an `int` or a dyadic `Fraction`: the engine's sum,
//! then the one Python object of the result's id, looked up in a table indexed by id.  A
//! Python frame per operation (the dunder, then `cgt.ops.add`, then the dict of objects)
//! cost more than the sum itself.
//!
//! Python stays the owner of the objects and of the API: `cgt/shortgame.py` registers
//! (with [`game_register`]) the function that returns the one object of an id (called
//! here only for an id this table has not seen yet) and its own methods, which serve
//! every other operand (sympy numbers; `bool` and foreign types: `NotImplemented`; a
//! fraction that is not dyadic: their error).  The semantics are those of the Python
//! methods, which the pure-Python backend runs.

use super::engine::{is_exact_fraction, to_dyadic, with_engine};
use crate::engine::{Engine, Id, Nus};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::GILProtected;
use pyo3::types::PyInt;
use std::cell::RefCell;
use std::sync::LazyLock;

/// The base of `cgt.Game` on the native backend: a game's id.
#[pyclass(subclass, frozen, module = "cgt._native")]
pub(super) struct GameBase {
    id: Id,
}

/// What `cgt/shortgame.py` registers: the object of an id, and its methods for operands
/// that are not games.
struct Hooks {
    object: PyObject,
    add: PyObject,
    sub: PyObject,
    rsub: PyObject,
}

static HOOKS: LazyLock<GILProtected<RefCell<Option<Hooks>>>> = LazyLock::new(|| GILProtected::new(RefCell::new(None)));

/// The object of each id met here, indexed by id (a cache of the Python table of objects).
static OBJECTS: LazyLock<GILProtected<RefCell<Vec<Option<PyObject>>>>> =
    LazyLock::new(|| GILProtected::new(RefCell::new(Vec::new())));

/// The registered function `pick` chooses (a new reference: calling it runs Python code,
/// which may register again).
fn hook(py: Python<'_>, pick: fn(&Hooks) -> &PyObject) -> PyResult<PyObject> {
    match HOOKS.get(py).borrow().as_ref() {
        Some(h) => Ok(pick(h).clone_ref(py)),
        None => Err(PyRuntimeError::new_err(
            "cgt.Game is not registered with the native core",
        )),
    }
}

/// The one object of the id `r`: from the table, else from the registered function.
fn object(py: Python<'_>, r: Id) -> PyResult<PyObject> {
    let i = r as usize;
    if let Some(Some(o)) = OBJECTS.get(py).borrow().get(i) {
        return Ok(o.clone_ref(py));
    }
    // Python code runs here: no borrow is held
    let o = hook(py, |h| &h.object)?.call1(py, (r,))?;
    let mut t = OBJECTS.get(py).borrow_mut();
    if t.len() <= i {
        t.resize_with(i + 1, || None);
    }
    let old = t[i].replace(o.clone_ref(py));
    drop(t);
    drop(old); // with no borrow held: dropping may run Python code
    Ok(o)
}

fn result(py: Python<'_>, f: impl FnOnce(&mut Engine) -> crate::engine::Result<Id> + Send) -> PyResult<PyObject> {
    let r = with_engine(py, f)?;
    object(py, r)
}

/// The object of `a - b` (as `a + (-b)`), for `__sub__` and `__rsub__`.
fn difference(py: Python<'_>, a: Id, b: Id) -> PyResult<PyObject> {
    result(py, |e| {
        let n = e.neg(b)?;
        e.add(a, n)
    })
}

/// The id of an operand that is a game, an `int` or a dyadic `Fraction`, else None: the
/// Python methods judge the rest (a `bool` is no number, a subclass of `int` or `Fraction`
/// may mean something else, a `Fraction` that is not dyadic raises their error).
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<Id>> {
    if let Ok(h) = other.downcast::<GameBase>() {
        return Ok(Some(h.get().id));
    }
    let py = other.py();
    let x = if other.is_exact_instance_of::<PyInt>() {
        to_dyadic(py, other)?
    } else if is_exact_fraction(other)? {
        match to_dyadic(py, other) {
            Ok(x) => x,
            Err(_) => return Ok(None),
        }
    } else {
        return Ok(None);
    };
    with_engine(py, |e| e.nus_id(Nus::number(x))).map(Some)
}

#[pymethods]
impl GameBase {
    /// A handle on the id `gid` (checked against the table); `cgt/shortgame.py` makes
    /// the one object of each id this way.
    #[new]
    fn new(py: Python<'_>, gid: u64) -> PyResult<Self> {
        let id = with_engine(py, |e| e.check(gid))?;
        Ok(GameBase { id })
    }

    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        let g = slf.get().id;
        match operand(other)? {
            Some(h) => result(py, |e| e.add(g, h)),
            None => hook(py, |h| &h.add)?.call1(py, (slf, other)),
        }
    }

    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        Self::__add__(slf, other)
    }

    fn __sub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        let g = slf.get().id;
        match operand(other)? {
            Some(h) => difference(py, g, h),
            None => hook(py, |h| &h.sub)?.call1(py, (slf, other)),
        }
    }

    fn __rsub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        let g = slf.get().id;
        match operand(other)? {
            Some(h) => difference(py, h, g),
            None => hook(py, |h| &h.rsub)?.call1(py, (slf, other)),
        }
    }

    fn __neg__(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let g = slf.get().id;
        result(slf.py(), |e| e.neg(g))
    }
}

/// Register `cgt.Game`'s side: `object(gid)` returns the one object of an id, and `add`,
/// `sub`, `rsub` (its methods) serve operands that are not games.  Registering again
/// (a module imported anew) replaces the functions and forgets the objects met so far.
#[pyfunction]
pub(super) fn game_register(
    py: Python<'_>,
    object: PyObject,
    add: PyObject,
    sub: PyObject,
    rsub: PyObject,
) -> PyResult<()> {
    let old = HOOKS.get(py).replace(Some(Hooks { object, add, sub, rsub }));
    let objects = std::mem::take(&mut *OBJECTS.get(py).borrow_mut());
    drop((old, objects)); // dropped with no borrow held: dropping may run Python code
    Ok(())
}
