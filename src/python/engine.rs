//! The engine's functions: the native backend of `cgt.ops`.
//!
//! They only convert arguments and results; this file also holds the process's one
//! [`Engine`] (behind a [`Lock`]: a Konane kernel works on it with the GIL released, and a
//! call from another thread meanwhile waits for it), with the interrupt hook that runs
//! Python's signal handlers (so that Ctrl-C stops long work), and maps the engine's errors
//! to the exception classes of `cgt.errors`, for every other file of the layer
//! ([`with_engine`], [`to_pyerr`]).  The semantics are those of `cgt/_pyengine.py`, the
//! reference backend.

use super::lock::Lock;
use crate::engine::{Dyadic, Engine, Error, Id, Nus};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive};
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyOverflowError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::sync::GILProtected;
use pyo3::types::{PyDict, PyInt, PyTuple};
use std::cell::{Cell, RefCell};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

/// Python objects made for results, kept per id (they are immutable, like the games), so
/// that asking twice costs a lookup.
#[derive(Default)]
struct PyObjects {
    nus: Vec<Option<PyObject>>,
    stops: Vec<Option<PyObject>>,
    left: Vec<Option<PyObject>>,
    right: Vec<Option<PyObject>>,
}

fn cached(v: &[Option<PyObject>], py: Python<'_>, g: Id) -> Option<PyObject> {
    v.get(g as usize).and_then(|o| o.as_ref().map(|o| o.clone_ref(py)))
}

fn remember(v: &mut Vec<Option<PyObject>>, py: Python<'_>, g: Id, o: &PyObject) {
    let i = g as usize;
    if v.len() <= i {
        v.resize_with(i + 1, || None);
    }
    v[i] = Some(o.clone_ref(py));
}

/// The one table of canonical forms of this process.  Native work on it runs with the GIL
/// released, so a lock guards it (see [`super::lock`]).
static ENGINE: LazyLock<Lock<Engine>> = LazyLock::new(|| {
    let mut engine = Engine::new();
    engine.set_hook(Some(Box::new(check_signals)));
    Lock::new(engine)
});

/// The Python objects of the results, per id (the GIL guards them: they are only touched
/// with it, never during native work).
static OBJECTS: LazyLock<GILProtected<RefCell<PyObjects>>> =
    LazyLock::new(|| GILProtected::new(RefCell::new(PyObjects::default())));

thread_local! {
    /// The exception raised by a signal handler during engine work (KeyboardInterrupt).
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
    /// When this thread last ran the signal handlers from the interrupt hook.
    static SIGNALS_RUN: Cell<Option<Instant>> = const { Cell::new(None) };
}

static ERRORS: GILOnceCell<Py<PyModule>> = GILOnceCell::new();
static FRACTION: GILOnceCell<PyObject> = GILOnceCell::new();

/// The interrupt hook runs the signal handlers at most this often: long work runs without
/// the GIL, and taking it costs (while another Python thread runs, up to Python's switch
/// interval); Ctrl-C is still seen within a fraction of a second.
const SIGNALS_EVERY: Duration = Duration::from_millis(10);

/// Whether this thread should run the signal handlers now: [`SIGNALS_EVERY`] has passed
/// since it last did (then it counts as done).
pub(super) fn signals_due() -> bool {
    let now = Instant::now();
    SIGNALS_RUN.with(|last| match last.get() {
        Some(t) if now.duration_since(t) < SIGNALS_EVERY => false,
        _ => {
            last.set(Some(now));
            true
        }
    })
}

/// The interrupt hook: run Python's signal handlers (taking the GIL if the work runs
/// without it), at most every [`SIGNALS_EVERY`]; stop if one raised.
fn check_signals() -> bool {
    signals_due()
        && Python::with_gil(|py| match py.check_signals() {
            Ok(()) => false,
            Err(e) => {
                PENDING.with(|p| *p.borrow_mut() = Some(e));
                true
            }
        })
}

fn errors(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    ERRORS
        .get_or_try_init(py, || Ok::<_, PyErr>(py.import("cgt.errors")?.unbind()))
        .map(|m| m.bind(py))
}

/// An instance of the first class of `names` that `cgt.errors` has (the class tree of
/// `cgt.errors` may grow: the more specific names come first), else of `builtin`.
fn cgt_error(py: Python<'_>, names: &[&str], builtin: fn(String) -> PyErr, msg: String) -> PyErr {
    let make = || -> PyResult<Option<PyErr>> {
        let m = errors(py)?;
        for name in names {
            if let Ok(cls) = m.getattr(*name) {
                return Ok(Some(PyErr::from_value(cls.call1((msg.clone(),))?)));
            }
        }
        Ok(None)
    };
    match make() {
        Ok(Some(e)) => e,
        _ => builtin(msg),
    }
}

fn type_error(py: Python<'_>, msg: String) -> PyErr {
    cgt_error(py, &["CGTTypeError", "NotAGameError"], PyTypeError::new_err, msg)
}

fn value_error(py: Python<'_>, msg: String) -> PyErr {
    cgt_error(py, &["CGTValueError", "NotAGameError"], PyValueError::new_err, msg)
}

/// The exception of an engine error (for every file of the layer: the Konane kernels' engine
/// errors too).  A table that could not grow is a `cgt.errors.CGTMemoryError` (a
/// `MemoryError`), which `konane` turns into its limit error.
pub(super) fn to_pyerr(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::InvalidId(g) => cgt_error(
            py,
            &["InvalidIdError"],
            PyValueError::new_err,
            format!("{g} is not the id of a game in this process's table"),
        ),
        Error::Overflow(msg) => cgt_error(
            py,
            &["CGTOverflowError", "CGTValueError", "NotAGameError"],
            PyOverflowError::new_err,
            msg,
        ),
        Error::Interrupted => PENDING
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted")),
        Error::Memory(r) => cgt_error(py, &["CGTMemoryError"], PyMemoryError::new_err, r.to_string()),
    }
}

/// The error of a call into the engine from a callback of the work that holds it.
pub(super) fn reentered(py: Python<'_>) -> PyErr {
    cgt_error(
        py,
        &["CGTError"],
        PyRuntimeError::new_err,
        "the native engine was called again while it was working (from a signal handler?)".into(),
    )
}

/// The process's engine, for the Konane kernels: they take it with the GIL released
/// ([`Lock::blocking`]), after checking that this thread does not hold it already
/// ([`Lock::held_here`], [`reentered`]).
pub(super) fn engine() -> &'static Lock<Engine> {
    &ENGINE
}

/// Run the short work `f` on the engine, mapping its errors (after the engine is released:
/// making the exception runs Python code, which may switch threads).  With the GIL held if
/// the engine is free, else waiting for it (a kernel works on it in another thread) with
/// the GIL released.
pub(super) fn with_engine<R: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut Engine) -> crate::engine::Result<R> + Send,
) -> PyResult<R> {
    let r = ENGINE.with(py, f).map_err(|_| reentered(py))?;
    r.map_err(|e| to_pyerr(py, e))
}

type Slot = fn(&mut PyObjects) -> &mut Vec<Option<PyObject>>;

/// Keep `o` as the object of `g` in `slot`.
fn store(py: Python<'_>, slot: Slot, g: Id, o: &PyObject) {
    remember(slot(&mut OBJECTS.get(py).borrow_mut()), py, g, o);
}

/// The object of `g` in `slot`: made by `make` (Python code may run there, so no engine
/// borrow is held) from what `get` reads from the engine, on first use.
fn memo_object<T: Send>(
    py: Python<'_>,
    slot: Slot,
    g: u64,
    get: impl FnOnce(&mut Engine, Id) -> crate::engine::Result<T> + Send,
    make: impl FnOnce(Python<'_>, T) -> PyResult<PyObject>,
) -> PyResult<PyObject> {
    let g = with_engine(py, |e| e.check(g))?;
    let hit = cached(slot(&mut OBJECTS.get(py).borrow_mut()), py, g);
    if let Some(o) = hit {
        return Ok(o);
    }
    let v = with_engine(py, |e| get(e, g))?;
    let o = make(py, v)?;
    store(py, slot, g, &o);
    Ok(o)
}

/// An id as the Python caller wrote it: an int (checked against the table later).
fn raw_id(ob: &Bound<'_, PyAny>) -> PyResult<u64> {
    if !ob.is_instance_of::<PyInt>() {
        return Err(type_error(
            ob.py(),
            format!("a game id must be an int, not {}", ob.get_type().name()?),
        ));
    }
    // negative or huge: no game has it
    ob.extract::<u64>().map_err(|_| {
        let r = ob.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
        cgt_error(
            ob.py(),
            &["InvalidIdError"],
            PyValueError::new_err,
            format!("{r} is not the id of a game in this process's table"),
        )
    })
}

fn check(e: &Engine, ids: &[u64]) -> crate::engine::Result<Vec<Id>> {
    ids.iter().map(|&g| e.check(g)).collect()
}

fn raw_ids(ob: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let mut v = Vec::new();
    let it = ob.try_iter().map_err(|_| {
        let t = ob
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into());
        type_error(ob.py(), format!("options must be an iterable of game ids, not {t}"))
    })?;
    for item in it {
        v.push(raw_id(&item?)?);
    }
    Ok(v)
}

/// The class `fractions.Fraction`.
fn fraction_class(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    FRACTION
        .get_or_try_init(py, || -> PyResult<PyObject> {
            Ok(py.import("fractions")?.getattr("Fraction")?.unbind())
        })
        .map(|c| c.bind(py))
}

/// Whether `x` is a `fractions.Fraction` (exactly: not of a subclass).
pub(super) fn is_exact_fraction(x: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(x.get_type().is(fraction_class(x.py())?))
}

fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let cls = fraction_class(py)?;
    match x {
        Dyadic::Small(n, e) => cls.call1((*n, 1i64 << e)),
        Dyadic::Big(b) => cls.call1((b.0.clone(), BigInt::one() << b.1)),
    }
}

fn not_dyadic(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyErr {
    let r = x.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    cgt_error(
        py,
        &["NotDyadicError"],
        PyValueError::new_err,
        format!("{r} is not a dyadic rational"),
    )
}

/// A Python int or dyadic `Fraction` as a [`Dyadic`].
pub(super) fn to_dyadic(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    if x.is_instance_of::<PyInt>() {
        if let Ok(n) = x.extract::<i64>() {
            return Ok(Dyadic::int(n));
        }
        let n: BigInt = x.extract()?;
        return Ok(Dyadic::from_parts(n, 0));
    }
    if x.is_instance(fraction_class(py)?)? {
        let num: BigInt = x.getattr("numerator")?.extract()?;
        let den: BigInt = x.getattr("denominator")?.extract()?;
        return Dyadic::from_ratio(num, &den).ok_or_else(|| not_dyadic(py, x));
    }
    Err(type_error(
        py,
        format!(
            "a number must be an int or a dyadic Fraction, not {}",
            x.get_type().name()?
        ),
    ))
}

fn nus_tuple<'py>(py: Python<'py>, v: &Nus) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(
        py,
        [
            fraction(py, &v.x)?,
            v.n.into_pyobject(py)?.into_any(),
            v.m.into_pyobject(py)?.into_any(),
        ],
    )
}

/// Id of the canonical form of `{left_ids | right_ids}` (iterables of ids).
#[pyfunction]
pub(super) fn canonical(py: Python<'_>, left_ids: &Bound<'_, PyAny>, right_ids: &Bound<'_, PyAny>) -> PyResult<Id> {
    let l = raw_ids(left_ids)?;
    let r = raw_ids(right_ids)?;
    with_engine(py, |e| {
        let l = check(e, &l)?;
        let r = check(e, &r)?;
        e.canonical(&l, &r)
    })
}

/// Id of `g + h`.
#[pyfunction]
pub(super) fn add(py: Python<'_>, g: &Bound<'_, PyAny>, h: &Bound<'_, PyAny>) -> PyResult<Id> {
    let (g, h) = (raw_id(g)?, raw_id(h)?);
    with_engine(py, |e| {
        let (g, h) = (e.check(g)?, e.check(h)?);
        e.add(g, h)
    })
}

/// Id of `-g`.
#[pyfunction]
pub(super) fn neg(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<Id> {
    let g = raw_id(g)?;
    with_engine(py, |e| {
        let g = e.check(g)?;
        e.neg(g)
    })
}

/// `g <= h` in the partial order of games.
#[pyfunction]
pub(super) fn leq(py: Python<'_>, g: &Bound<'_, PyAny>, h: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (g, h) = (raw_id(g)?, raw_id(h)?);
    with_engine(py, |e| {
        let (g, h) = (e.check(g)?, e.check(h)?);
        e.leq(g, h)
    })
}

/// The Left options of `g`: a tuple of ids, sorted ascending.
#[pyfunction]
pub(super) fn left_options(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let g = raw_id(g)?;
    memo_object(
        py,
        |o| &mut o.left,
        g,
        |e, g| e.left_options(g),
        |py, v| Ok(PyTuple::new(py, v)?.into_any().unbind()),
    )
}

/// The Right options of `g`: a tuple of ids, sorted ascending.
#[pyfunction]
pub(super) fn right_options(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let g = raw_id(g)?;
    memo_object(
        py,
        |o| &mut o.right,
        g,
        |e, g| e.right_options(g),
        |py, v| Ok(PyTuple::new(py, v)?.into_any().unbind()),
    )
}

/// Id of `x + ^n + *m` (x an int or a dyadic Fraction).
#[pyfunction]
#[pyo3(signature = (x, n=None, m=None))]
pub(super) fn nus_id(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    n: Option<&Bound<'_, PyAny>>,
    m: Option<&Bound<'_, PyAny>>,
) -> PyResult<Id> {
    let x = to_dyadic(py, x)?;
    let n = match n {
        None => 0,
        Some(n) => {
            if !n.is_instance_of::<PyInt>() {
                return Err(type_error(
                    py,
                    format!("an up multiple must be an int, not {}", n.get_type().name()?),
                ));
            }
            n.extract::<i64>().map_err(|_| {
                to_pyerr(
                    py,
                    Error::Overflow(format!("the up multiple {n} is beyond the native engine's 64 bits")),
                )
            })?
        }
    };
    let m = match m {
        None => 0,
        Some(m) => {
            if !m.is_instance_of::<PyInt>() {
                return Err(type_error(
                    py,
                    format!("a nimber must be an int, not {}", m.get_type().name()?),
                ));
            }
            let big: BigInt = m.extract()?;
            if big.sign() == num_bigint::Sign::Minus {
                return Err(value_error(
                    py,
                    format!("*{m} is not a nimber: nimbers are not negative"),
                ));
            }
            big.to_u64().ok_or_else(|| {
                to_pyerr(
                    py,
                    Error::Overflow(format!("the nimber *{m} is beyond the native engine's 64 bits")),
                )
            })?
        }
    };
    with_engine(py, |e| e.nus_id(Nus::new(x, n, m)))
}

/// `(x, n, m)` when `g` equals `x + ^n + *m` (x a Fraction), else None.
#[pyfunction]
pub(super) fn nus(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let g = raw_id(g)?;
    memo_object(
        py,
        |o| &mut o.nus,
        g,
        |e, g| Ok(e.nus(g)),
        |py, v| match v {
            None => Ok(py.None()),
            Some(v) => Ok(nus_tuple(py, &v)?.into_any().unbind()),
        },
    )
}

/// Whether `g` is a number.
#[pyfunction]
pub(super) fn is_number(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<bool> {
    let g = raw_id(g)?;
    with_engine(py, |e| {
        let g = e.check(g)?;
        Ok(e.is_number(g))
    })
}

/// The Fraction of a number id, or None.
#[pyfunction]
pub(super) fn number_value(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let t = nus(py, g)?;
    let t = t.bind(py);
    if t.is_none() {
        return Ok(py.None());
    }
    let t = t.downcast::<PyTuple>()?;
    let (n, m): (i64, u64) = (t.get_item(1)?.extract()?, t.get_item(2)?.extract()?);
    if n == 0 && m == 0 {
        Ok(t.get_item(0)?.unbind())
    } else {
        Ok(py.None())
    }
}

/// `(left stop, right stop)` as Fractions.
#[pyfunction]
pub(super) fn stops(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let g = raw_id(g)?;
    memo_object(
        py,
        |o| &mut o.stops,
        g,
        |e, g| e.stops(g),
        |py, (l, r)| {
            let lf = fraction(py, &l)?;
            let rf = if r == l { lf.clone() } else { fraction(py, &r)? };
            Ok(PyTuple::new(py, [lf, rf])?.into_any().unbind())
        },
    )
}

/// The birthday of `g`.
#[pyfunction]
pub(super) fn birthday(py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<BigInt> {
    let g = raw_id(g)?;
    with_engine(py, |e| {
        let g = e.check(g)?;
        e.birthday(g)
    })
}

/// Sizes of the table and of each operation cache, the cache limit and the bytes held.
#[pyfunction]
pub(super) fn cache_info(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let c = with_engine(py, |e| Ok(e.cache_info()))?;
    let d = PyDict::new(py);
    d.set_item("games", c.games)?;
    d.set_item("add", c.add)?;
    d.set_item("neg", c.neg)?;
    d.set_item("leq", c.leq)?;
    d.set_item("birthday", c.birthday)?;
    d.set_item("stops", c.stops)?;
    d.set_item("canonical", c.canonical)?;
    d.set_item("limit", c.limit)?;
    d.set_item("bytes", c.bytes)?;
    Ok(d)
}

/// Empty the operation caches (not the table of canonical forms).
#[pyfunction]
pub(super) fn clear_caches(py: Python<'_>) -> PyResult<()> {
    with_engine(py, |e| {
        e.clear_caches();
        Ok(())
    })
}
