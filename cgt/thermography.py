r"""Exact thermographs: :class:`Trajectory` (a wall) and :class:`Thermograph`.

A thermograph draws, for every temperature :math:`t \geq -1`, the stops of a game
cooled by :math:`t`: its *left wall* (the value when Left moves first) and its
*right wall* (the value when Right moves first).  Both walls are continuous
piecewise-linear functions of :math:`t` with dyadic breakpoints; here they are kept
exactly, as :class:`~fractions.Fraction` breakpoints, values and slopes, never
as floats.

Conventions are CGSuite's (``Thermograph.java`` and ``Trajectory.java`` in
aaron-siegel/cgsuite), so temperatures and means compare with published
tables:

* walls live on :math:`-1 \leq t < \infty`; an integer :math:`n` is a vertical mast
  at :math:`n` with temperature :math:`-1`; a number :math:`m/2^k` gets temperature
  :math:`-1/2^k`;
* for any other game :math:`G` the *scaffolds* are
  :math:`LS(t) = \max_{G^L} RW(G^L)(t) - t` and
  :math:`RS(t) = \min_{G^R} LW(G^R)(t) + t`; the walls follow the scaffolds
  while :math:`LS \geq RS` and merge into a vertical mast where they cross
  (Berlekamp, Conway and Guy, *Winning Ways*, ch. 6; Siegel, *Combinatorial
  Game Theory*, II.5);
* the temperature is the highest critical point of either wall, the mean is
  the value of the mast.

Plotted as value against temperature, a left wall only has slopes :math:`-1` and
:math:`0` and a right wall :math:`0` and :math:`+1` (the usual picture mirrors the value
axis, so that Left's wall is drawn on the left).

This module knows nothing of games: :func:`cgt.thermograph` (and
:attr:`cgt.Game.thermograph`) compute the thermograph of a game, from the
walls of its options, with :func:`walls_from_scaffolds`.
"""

from __future__ import annotations

import numbers
import xml.etree.ElementTree as ET
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .errors import CGTTypeError, CGTValueError, InvalidTemperatureError

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["Trajectory", "Thermograph", "walls_from_scaffolds", "plot_thermographs"]

Num = int | Fraction | str | numbers.Rational
"""What a coordinate may be given as: read exactly into a :class:`~fractions.Fraction`."""
Piece = tuple[Fraction, Fraction]
"""``(slope, intercept)`` of one linear piece."""

_MINUS_ONE = Fraction(-1)
_ZERO = Fraction(0)
_ONE = Fraction(1)


def _frac(x: object, what: str) -> Fraction:
    """``x`` as an exact Fraction; the library's errors name ``what`` it was meant to be."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool) or not isinstance(x, (int, str, numbers.Rational)):
        raise CGTTypeError(f"{what} must be an int, a Fraction or a string like '3/4', "
                           f"not {type(x).__name__}: {x!r}")
    try:
        return Fraction(x)
    except (ValueError, ZeroDivisionError):
        raise CGTValueError(f"{what} must be a number, got {x!r}") from None


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _lit(x: Fraction) -> str:
    """A literal that rebuilds ``x`` in a repr: an int, or a string like ``'3/4'``."""
    return str(x.numerator) if x.denominator == 1 else repr(_fmt(x))


class Trajectory:
    r"""A continuous piecewise-linear function of the temperature :math:`t \geq -1`.

    A trajectory is given by its value at the base :math:`t = -1`, its *critical
    points* (the temperatures where the slope changes, strictly increasing and
    :math:`> -1`) and one slope per piece, from the bottom piece to the top one
    (the last slope holds from the highest critical point to infinity).
    Everything is an exact :class:`~fractions.Fraction`.  Equal pieces are
    merged, so two trajectories are equal exactly when they are the same
    function.

    Parameters
    ----------
    base : number
        The value at :math:`t = -1`.
    critical_points : sequence of numbers
        Increasing temperatures :math:`> -1`.
    slopes : sequence of numbers
        ``len(critical_points) + 1`` slopes, bottom piece first.

    Raises
    ------
    CGTTypeError
        If an argument is not a number or a sequence of numbers.
    CGTValueError
        If the critical points are not increasing, not above :math:`-1`, or the
        number of slopes does not match.

    Examples
    --------
    The left wall of ``{3||2*|1*}``: slope :math:`-1` up to :math:`t = 3/4`, then the mast.

    >>> w = cgt.parse("{3||2*|1*}").thermograph.left_wall
    >>> w
    Trajectory(4, ['3/4'], [-1, 0])
    >>> w.value_at(0), w.value_at(1), w.mast_value
    (Fraction(3, 1), Fraction(9, 4), Fraction(9, 4))
    >>> Trajectory(4, ["3/4"], [-1, 0]) == w
    True
    """

    __slots__ = ("_cps", "_slopes", "_icpts", "__weakref__")

    _cps: tuple[Fraction, ...]
    _slopes: tuple[Fraction, ...]
    _icpts: tuple[Fraction, ...]

    def __init__(self, base: Num, critical_points: Iterable[Num] = (), slopes: Iterable[Num] = (0,)) -> None:
        value = _frac(base, "the base value of a trajectory")
        for name, seq in (("critical_points", critical_points), ("slopes", slopes)):
            if isinstance(seq, (str, bytes)) or not isinstance(seq, Iterable):
                raise CGTTypeError(f"{name} must be a sequence of numbers, not {type(seq).__name__}: {seq!r}")
        cps = tuple(_frac(c, "a critical point") for c in critical_points)
        sl = tuple(_frac(s, "a slope") for s in slopes)
        if len(sl) != len(cps) + 1:
            raise CGTValueError(
                f"a trajectory with {len(cps)} critical points needs {len(cps) + 1} slopes, "
                f"got {len(sl)}: {list(map(_fmt, sl))}")
        for a, b in zip((_MINUS_ONE,) + cps, cps, strict=False):
            if not a < b:
                raise CGTValueError(
                    f"critical points must increase strictly and lie above -1, got {list(map(_fmt, cps))}")
        t = _MINUS_ONE
        pieces: list[Piece] = []
        for i, s in enumerate(sl):
            pieces.append((s, value - s * t))
            if i < len(cps):
                value = value + s * (cps[i] - t)
                t = cps[i]
        self._set(list(cps), pieces)

    # ---------------------------------------------------------------- internals
    def _set(self, cps: Sequence[Fraction], pieces: Sequence[Piece]) -> Trajectory:
        """Store (critical points, [(slope, intercept)]) after merging equal pieces."""
        out_cps: list[Fraction] = []
        out_pieces = [pieces[0]]
        for c, p in zip(cps, pieces[1:], strict=True):
            if p == out_pieces[-1]:
                continue
            out_cps.append(c)
            out_pieces.append(p)
        self._cps = tuple(out_cps)
        self._slopes = tuple(p[0] for p in out_pieces)
        self._icpts = tuple(p[1] for p in out_pieces)
        return self

    @classmethod
    def _raw(cls, cps: Sequence[Fraction], pieces: Sequence[Piece]) -> Trajectory:
        t = object.__new__(cls)
        return t._set(cps, pieces)

    def _piece(self, i: int) -> Piece:
        return self._slopes[i], self._icpts[i]

    def _index_above(self, t: Fraction) -> int:
        """Index of the piece just above temperature ``t``."""
        return bisect_right(self._cps, t)

    # ---------------------------------------------------------------- constructors
    @classmethod
    def constant(cls, value: Num) -> Trajectory:
        """The constant trajectory (a vertical mast when drawn).

        >>> cgt.Trajectory.constant(2).value_at(5)
        Fraction(2, 1)
        """
        v = _frac(value, "the value of a constant trajectory")
        return cls._raw([], [(_ZERO, v)])

    # ---------------------------------------------------------------- queries
    @property
    def critical_points(self) -> tuple[Fraction, ...]:
        """The temperatures where the slope changes, increasing (a tuple of Fractions).

        >>> cgt.parse("{2|-1}").thermograph.right_wall.critical_points
        (Fraction(3, 2),)
        """
        return self._cps

    @property
    def slopes(self) -> tuple[Fraction, ...]:
        """The slopes of the pieces, bottom piece first (a tuple of Fractions).

        >>> cgt.parse("{2|-1}").thermograph.right_wall.slopes
        (Fraction(1, 1), Fraction(0, 1))
        """
        return self._slopes

    @property
    def base_value(self) -> Fraction:
        """The value at :math:`t = -1`.

        >>> cgt.parse("{2|-1}").thermograph.left_wall.base_value
        Fraction(3, 1)
        """
        return self._slopes[0] * _MINUS_ONE + self._icpts[0]

    @property
    def mast_value(self) -> Fraction:
        """The value above the highest critical point, if the top piece is vertical.

        Raises :class:`cgt.CGTValueError` if the top piece is slanted (which never
        happens for the walls of a thermograph).

        >>> cgt.pm(1).thermograph.left_wall.mast_value
        Fraction(0, 1)
        """
        if self._slopes[-1] != 0:
            raise CGTValueError(f"{self!r} has no vertical mast: its top slope is {_fmt(self._slopes[-1])}")
        return self._icpts[-1]

    @property
    def top_slope(self) -> Fraction:
        """The slope above the highest critical point.

        >>> cgt.Trajectory(0, [2], [1, 0]).top_slope
        Fraction(0, 1)
        """
        return self._slopes[-1]

    def value_at(self, t: Num) -> Fraction:
        r"""The value at temperature :math:`t` (:math:`t \geq -1`).

        >>> w = cgt.parse("{2|-1}").thermograph.left_wall
        >>> w.value_at(-1), w.value_at(1), w(Fraction(3, 2)), w(10)
        (Fraction(3, 1), Fraction(1, 1), Fraction(1, 2), Fraction(1, 2))
        """
        u = _frac(t, "a temperature")
        if u < _MINUS_ONE:
            raise InvalidTemperatureError(f"trajectories are defined for t >= -1, got {t!r}")
        i = bisect_right(self._cps, u)
        return self._slopes[i] * u + self._icpts[i]

    __call__ = value_at

    def slope_above(self, t: Num) -> Fraction:
        """The slope just above temperature :math:`t`.

        >>> w = cgt.Trajectory(4, ["3/4"], [-1, 0])
        >>> w.slope_above(0), w.slope_above("3/4")
        (Fraction(-1, 1), Fraction(0, 1))
        """
        return self._slopes[self._index_above(_frac(t, "a temperature"))]

    def slope_below(self, t: Num) -> Fraction:
        """The slope just below temperature :math:`t` (:math:`t > -1`).

        >>> cgt.Trajectory(4, ["3/4"], [-1, 0]).slope_below("3/4")
        Fraction(-1, 1)
        """
        u = _frac(t, "a temperature")
        i = bisect_right(self._cps, u)
        if i > 0 and self._cps[i - 1] == u:
            i -= 1
        return self._slopes[i]

    def points(self) -> list[tuple[Fraction, Fraction]]:
        """The vertices ``(t, value)``: the base point :math:`t = -1` and each critical point.

        >>> cgt.parse("{2|-1}").thermograph.right_wall.points()
        [(Fraction(-1, 1), Fraction(-2, 1)), (Fraction(3, 2), Fraction(1, 2))]
        """
        return [(t, self.value_at(t)) for t in (_MINUS_ONE,) + self._cps]

    def segments(self) -> list[tuple[Fraction, Fraction, Fraction | None, Fraction | None, Fraction]]:
        """The pieces as ``(t0, v0, t1, v1, slope)``; the top piece has ``t1 = v1 = None``.

        >>> [s[-1] for s in cgt.star.thermograph.left_wall.segments()]
        [Fraction(-1, 1), Fraction(0, 1)]
        """
        out: list[tuple[Fraction, Fraction, Fraction | None, Fraction | None, Fraction]] = []
        bounds = (_MINUS_ONE,) + self._cps
        for i, t0 in enumerate(bounds):
            s, c = self._piece(i)
            if i + 1 < len(bounds):
                t1 = bounds[i + 1]
                out.append((t0, s * t0 + c, t1, s * t1 + c, s))
            else:
                out.append((t0, s * t0 + c, None, None, s))
        return out

    # ---------------------------------------------------------------- arithmetic
    def tilt(self, slope: Num) -> Trajectory:
        r"""Add :math:`s t` (``slope`` :math:`= s`): the trajectory :math:`t \mapsto T(t) + s t` (:math:`T` this one).

        >>> cgt.Trajectory.constant(1).tilt(-1).value_at(2)
        Fraction(-1, 1)
        """
        s = _frac(slope, "a slope")
        return Trajectory._raw(list(self._cps),
                               [(a + s, c) for a, c in zip(self._slopes, self._icpts, strict=True)])

    def translate(self, value: Num) -> Trajectory:
        """Add the constant ``value``.

        >>> cgt.Trajectory.constant(1).translate("1/2").value_at(0)
        Fraction(3, 2)
        """
        v = _frac(value, "a translation")
        return Trajectory._raw(list(self._cps),
                               [(a, c + v) for a, c in zip(self._slopes, self._icpts, strict=True)])

    def __neg__(self) -> Trajectory:
        return Trajectory._raw(list(self._cps), [(-a, -c) for a, c in zip(self._slopes, self._icpts, strict=True)])

    def maximum(self, other: Trajectory) -> Trajectory:
        """The pointwise maximum of two trajectories.

        >>> a = cgt.Trajectory.constant(0).tilt(1)           # t
        >>> b = cgt.Trajectory.constant(0)                   # 0
        >>> a.maximum(b).critical_points, a.maximum(b).slopes
        ((Fraction(0, 1),), (Fraction(0, 1), Fraction(1, 1)))
        """
        return _combine(self, _trajectory(other), True)

    def minimum(self, other: Trajectory) -> Trajectory:
        """The pointwise minimum of two trajectories.

        >>> a = cgt.Trajectory.constant(0).tilt(1)
        >>> a.minimum(cgt.Trajectory.constant(0)).value_at(-1), a.minimum(cgt.Trajectory.constant(0)).value_at(3)
        (Fraction(-1, 1), Fraction(0, 1))
        """
        return _combine(self, _trajectory(other), False)

    # ---------------------------------------------------------------- dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trajectory):
            return NotImplemented
        return (self._cps == other._cps and self._slopes == other._slopes
                and self._icpts == other._icpts)

    def __hash__(self) -> int:
        return hash((self._cps, self._slopes, self._icpts))

    def __repr__(self) -> str:
        cps = ", ".join(_lit(c) for c in self._cps)
        sl = ", ".join(_lit(s) for s in self._slopes)
        return f"Trajectory({_lit(self.base_value)}, [{cps}], [{sl}])"

    def __str__(self) -> str:
        pts = " -- ".join(f"({_fmt(t)}, {_fmt(v)})" for t, v in self.points())
        return f"{pts} -- slope {_fmt(self._slopes[-1])} to infinity"


def _trajectory(x: object) -> Trajectory:
    if not isinstance(x, Trajectory):
        raise CGTTypeError(f"expected a Trajectory, not {type(x).__name__}: {x!r}")
    return x


def _combine(a: Trajectory, b: Trajectory, take_max: bool) -> Trajectory:
    """Pointwise max (``take_max``) or min of two trajectories, exactly."""
    cuts = sorted(set(a._cps) | set(b._cps))
    bounds = [_MINUS_ONE] + cuts
    starts: list[Fraction] = []
    pieces: list[Piece] = []
    for k, lo in enumerate(bounds):
        hi = bounds[k + 1] if k + 1 < len(bounds) else None
        pa = a._piece(a._index_above(lo))
        pb = b._piece(b._index_above(lo))
        subs: list[Fraction | None] = [lo]
        if pa[0] != pb[0]:
            x = (pb[1] - pa[1]) / (pa[0] - pb[0])
            if lo < x and (hi is None or x < hi):
                subs.append(x)
        subs.append(hi)
        for u, w in zip(subs, subs[1:], strict=False):
            assert u is not None            # only the last bound is open
            mid = u + 1 if w is None else (u + w) / 2
            va = pa[0] * mid + pa[1]
            vb = pb[0] * mid + pb[1]
            if take_max:
                p = pa if va >= vb else pb
            else:
                p = pa if va <= vb else pb
            starts.append(u)
            pieces.append(p)
    return Trajectory._raw(starts[1:], pieces)


class Thermograph:
    r"""The thermograph of a game: its left and right walls and the mast.

    Get one with :attr:`cgt.Game.thermograph` (or :func:`cgt.thermograph`).
    The walls are :class:`Trajectory` objects on :math:`t \geq -1`; the mast is the
    vertical line at :attr:`mast` above :attr:`temperature`.

    Parameters
    ----------
    left_wall, right_wall : Trajectory
        The walls; the right wall must never exceed the left one, and both must
        end in the same vertical mast.

    Raises
    ------
    CGTTypeError
        If a wall is not a :class:`Trajectory`.
    CGTValueError
        If the walls do not make a thermograph.

    Examples
    --------
    >>> th = cgt.parse("{3||2*|1*}").thermograph
    >>> th.temperature, th.mast
    (Fraction(3, 4), Fraction(9, 4))
    >>> th.value_at(0)
    (Fraction(3, 1), Fraction(2, 1))
    >>> th
    Thermograph(Trajectory(4, ['3/4'], [-1, 0]), Trajectory(1, [0, '1/2', '3/4'], [1, 0, 1, 0]))
    >>> cgt.number(5).thermograph.temperature, cgt.number("3/8").thermograph.temperature
    (Fraction(-1, 1), Fraction(-1, 8))
    """

    __slots__ = ("left_wall", "right_wall", "__weakref__")

    left_wall: Trajectory
    right_wall: Trajectory

    def __init__(self, left_wall: Trajectory, right_wall: Trajectory) -> None:
        for name, wall in (("left_wall", left_wall), ("right_wall", right_wall)):
            if not isinstance(wall, Trajectory):
                raise CGTTypeError(f"{name} must be a Trajectory, not {type(wall).__name__}: {wall!r}")
        if left_wall.top_slope != 0 or right_wall.top_slope != 0 or \
                left_wall._icpts[-1] != right_wall._icpts[-1]:
            raise CGTValueError(f"the walls {left_wall!r} and {right_wall!r} do not end in one vertical mast")
        for t in (_MINUS_ONE,) + left_wall._cps + right_wall._cps:
            if right_wall.value_at(t) > left_wall.value_at(t):
                raise CGTValueError(f"the right wall {right_wall!r} exceeds the left wall {left_wall!r} "
                                    f"at t = {_fmt(t)}")
        self.left_wall = left_wall
        self.right_wall = right_wall

    @classmethod
    def _trusted(cls, left_wall: Trajectory, right_wall: Trajectory) -> Thermograph:
        th = object.__new__(cls)
        th.left_wall = left_wall
        th.right_wall = right_wall
        return th

    @property
    def temperature(self) -> Fraction:
        """The temperature: the highest critical point of either wall (``-1`` for a bare mast).

        >>> cgt.pm(1).thermograph.temperature, cgt.up.thermograph.temperature
        (Fraction(1, 1), Fraction(0, 1))
        """
        lt = self.left_wall._cps[-1] if self.left_wall._cps else _MINUS_ONE
        rt = self.right_wall._cps[-1] if self.right_wall._cps else _MINUS_ONE
        return max(lt, rt)

    @property
    def mast(self) -> Fraction:
        """The value of the mast (the mean of the game).

        >>> cgt.parse("{2|-1}").thermograph.mast
        Fraction(1, 2)
        """
        return self.left_wall._icpts[-1]

    mean = mast

    @property
    def critical_temperatures(self) -> tuple[Fraction, ...]:
        """All critical points of both walls, increasing.

        >>> cgt.parse("{3||2*|1*}").thermograph.critical_temperatures
        (Fraction(0, 1), Fraction(1, 2), Fraction(3, 4))
        """
        return tuple(sorted(set(self.left_wall._cps) | set(self.right_wall._cps)))

    def value_at(self, t: Num) -> tuple[Fraction, Fraction]:
        """``(left wall, right wall)`` at temperature :math:`t`: the stops of :math:`G` cooled by :math:`t`.

        >>> cgt.parse("{2|-1}").thermograph.value_at("1/2")
        (Fraction(3, 2), Fraction(-1, 2))
        """
        return self.left_wall.value_at(t), self.right_wall.value_at(t)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self.left_wall == other.left_wall and self.right_wall == other.right_wall

    def __hash__(self) -> int:
        return hash((self.left_wall, self.right_wall))

    def __repr__(self) -> str:
        return f"Thermograph({self.left_wall!r}, {self.right_wall!r})"

    def __str__(self) -> str:
        return (f"thermograph: temperature {_fmt(self.temperature)}, mast {_fmt(self.mast)}\n"
                f"  left wall:  {self.left_wall}\n  right wall: {self.right_wall}")

    # ---------------------------------------------------------------- drawing
    def _top(self) -> Fraction:
        t = self.temperature
        return max(t, _ZERO) + max(_ONE, (t + 1) / 4)

    def _polyline(self, wall: Trajectory, top: Fraction) -> list[tuple[Fraction, Fraction]]:
        """``(t, value)`` points of ``wall`` from ``t = -1`` up to ``top``."""
        pts = [(t, v) for t, v in wall.points() if t <= top]
        pts.append((top, wall.value_at(top)))
        return pts

    def _drawing(self) -> tuple[Fraction, list[tuple[Fraction, Fraction]], list[tuple[Fraction, Fraction]]]:
        """What both drawings draw: the top of the picture, and each wall up to the
        temperature (the mast, above it, is drawn on its own from the temperature up)."""
        top = self._top()
        t = max(self.temperature, _MINUS_ONE)
        return top, self._polyline(self.left_wall, t), self._polyline(self.right_wall, t)

    def _repr_svg_(self) -> str | None:
        """An SVG drawing (standard library only); value axis reversed as usual."""
        try:
            return _svg(self)
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The same drawing as inline SVG, with its alternative text (``aria-label`` and
        ``<title>``): what an HTML export keeps (an ``image/svg+xml`` output becomes an
        ``<img>`` without one)."""
        return self._repr_svg_()

    def to_svg(self, width: int = 360, height: int = 300) -> str:
        """The thermograph as an SVG document (a string), drawn with the standard library.

        Larger values are drawn to the left (Left's side), temperature upwards;
        the left wall is blue, the right wall red, the mast black (as
        :meth:`plot` draws them).  The temperature is marked on the height
        axis, the mean under the mast.

        >>> svg = cgt.pm(1).thermograph.to_svg()
        >>> svg.startswith("<svg") and "polyline" in svg
        True
        """
        return _svg(self, width, height)

    def plot(self, ax: Axes | None = None, *, label: str | None = None, color: Any = None,
             **kwargs: Any) -> Axes:
        """Draw the thermograph with matplotlib (imported only here).

        The walls are drawn up to the temperature, the mast above it; larger
        values are on the left (the value axis is inverted), and the
        temperature is marked on the height axis (a minor tick on the right,
        labelled ``t=...``).

        Parameters
        ----------
        ax : matplotlib.axes.Axes, optional
            Where to draw.  If omitted, a new figure is made and given a title
            (temperature and mean); an ``ax`` of the caller keeps its title.
        label : str, optional
            The legend entry of this thermograph (one entry for the walls and
            the mast).  Without it the walls are labelled ``"left wall"`` and
            ``"right wall"``.
        color : matplotlib color, optional
            One color for the walls and the mast.  Without it the left wall
            is blue, the right wall red and the mast black, as in the SVG.
        **kwargs
            Passed on to every ``ax.plot`` call: matplotlib's own line
            keywords (``linewidth``, ``linestyle``, ``alpha``, ``zorder``, ...).

        Returns
        -------
        matplotlib.axes.Axes

        Raises
        ------
        ModuleNotFoundError
            Without matplotlib, with the extra to install: ``pip install 'konane-cgt[plot]'``.

        See Also
        --------
        plot_thermographs : several thermographs on one axes, with a legend.

        Examples
        --------
        >>> ax = cgt.parse("{3||2*|1*}").thermograph.plot(label="G", color="C2")  # doctest: +SKIP
        >>> ax.legend()                                                         # doctest: +SKIP
        """
        plt = _pyplot("Thermograph.plot")

        if color is None and "c" in kwargs:
            color = kwargs.pop("c")
        made = ax is None
        if ax is None:
            _, ax = plt.subplots()
        top, lw, rw = self._drawing()
        temp = self.temperature
        mast = float(self.mast)
        walls = "_nolegend_" if label is not None else None
        ax.plot([float(v) for _, v in lw], [float(t) for t, _ in lw],
                color="tab:blue" if color is None else color,
                label=label if label is not None else "left wall", **kwargs)
        ax.plot([float(v) for _, v in rw], [float(t) for t, _ in rw],
                color="tab:red" if color is None else color,
                label=walls if walls is not None else "right wall", **kwargs)
        ax.plot([mast, mast], [float(max(temp, _MINUS_ONE)), float(top)],
                color="black" if color is None else color, label="_nolegend_", **kwargs)
        if not ax.xaxis_inverted():
            ax.invert_xaxis()
        ax.set_xlabel("value")
        ax.set_ylabel("temperature")
        if not any(line.get_gid() == "cgt-t0" for line in ax.lines):
            ax.axhline(0, color="0.8", linewidth=0.8, zorder=0, gid="cgt-t0")
        # the temperature, a minor tick of the height axis (those of earlier plots are kept)
        marks: dict[float, str] = dict(getattr(ax, "_cgt_temperatures", {}))
        marks[float(temp)] = f"t={_fmt(temp)}"
        vars(ax)["_cgt_temperatures"] = marks          # remembered on the axes for later plots
        ticks = sorted(marks)
        ax.set_yticks(ticks, [marks[t] for t in ticks], minor=True)
        ax.yaxis.remove_overlapping_locs = False       # a temperature of 1 is marked too
        ax.tick_params(axis="y", which="minor", length=6, labelsize="small", labelcolor="0.3",
                       left=False, labelleft=False, right=True, labelright=True)
        if made:
            ax.set_title(f"temperature {_fmt(temp)}, mean {_fmt(self.mast)}")
        return ax


def _label_of(item: Any) -> str:
    return str(item) if not isinstance(item, Thermograph) else \
        f"temperature {_fmt(item.temperature)}, mean {_fmt(item.mast)}"


def plot_thermographs(items: Iterable[Any], ax: Axes | None = None, labels: Iterable[str] | None = None,
                      **kwargs: Any) -> Axes:
    """Overlay the thermographs of several games on one axes, with a legend.

    Parameters
    ----------
    items : iterable of cgt.Game or Thermograph
        Games (anything with a ``thermograph`` attribute) or thermographs.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure is made if omitted.  Its title is left alone.
    labels : iterable of str, optional
        The legend entries; by default the games as text (``"{2|-1}"``), or
        the temperature and mean of a bare thermograph.
    **kwargs
        Passed on to :meth:`Thermograph.plot` (and from there to ``ax.plot``),
        e.g. ``linewidth=2``.  Each thermograph gets the next color of the
        cycle (``"C0"``, ``"C1"``, ...) unless ``color=`` is given.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    CGTTypeError
        If an item is neither a thermograph nor has one, or the labels are too few.
    ModuleNotFoundError
        Without matplotlib, with the extra to install: ``pip install 'konane-cgt[plot]'``.

    Examples
    --------
    >>> from cgt.thermography import plot_thermographs
    >>> ax = plot_thermographs([cgt.parse("{2|-1}"), cgt.pm(1), cgt.up])       # doctest: +SKIP
    >>> [t.get_text() for t in ax.get_legend().get_texts()]                 # doctest: +SKIP
    ['{2|-1}', '+-1', '^']
    """
    plt = _pyplot("plot_thermographs")

    items = list(items)
    ths: list[Thermograph] = []
    for item in items:
        th = item if isinstance(item, Thermograph) else getattr(item, "thermograph", None)
        if not isinstance(th, Thermograph):
            raise CGTTypeError(f"expected a game or a Thermograph, not {type(item).__name__}: {item!r}")
        ths.append(th)
    names = [_label_of(item) for item in items] if labels is None else [str(x) for x in labels]
    if len(names) < len(ths):
        raise CGTTypeError(f"{len(ths)} thermographs but only {len(names)} labels: {names!r}")
    if ax is None:
        _, ax = plt.subplots()
    fixed = kwargs.pop("color", None)
    for i, (th, name) in enumerate(zip(ths, names[:len(ths)], strict=True)):
        th.plot(ax=ax, label=name, color=f"C{i % 10}" if fixed is None else fixed, **kwargs)
    ax.legend()
    return ax


def _pyplot(what: str) -> Any:
    """``matplotlib.pyplot``, or a :class:`ModuleNotFoundError` that names the ``plot`` extra."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        if not (exc.name or "").startswith("matplotlib"):
            raise
        raise ModuleNotFoundError(
            f"{what} draws with the optional package 'matplotlib', which is not installed: "
            "pip install 'konane-cgt[plot]' (or pip install matplotlib); without it a thermograph "
            "still draws itself in a notebook, and to_svg() gives the same drawing as SVG",
            name="matplotlib") from None
    return plt


def _svg(th: Thermograph, width: int = 360, height: int = 300) -> str:
    top, lw, rw = th._drawing()
    values = [v for _, v in th._polyline(th.left_wall, top) + th._polyline(th.right_wall, top)]
    vmin, vmax = min(values), max(values)
    if vmax - vmin < 1:
        mid = (vmax + vmin) / 2
        vmin, vmax = mid - Fraction(1, 2), mid + Fraction(1, 2)
    left, right, above, below = 14, 62, 30, 42
    bottom = _MINUS_ONE
    font = {"font-size": "13", "font-family": "sans-serif"}

    def x(v: Fraction) -> float:   # larger values on the left
        return left + float((vmax - v) / (vmax - vmin)) * (width - left - right)

    def y(t: Fraction) -> float:
        return height - below - float((t - bottom) / (top - bottom)) * (height - above - below)

    left_stop, right_stop = th.value_at(_ZERO)
    alt = (f"thermograph: temperature {_fmt(th.temperature)}, mean {_fmt(th.mast)}, "
           f"stops {_fmt(left_stop)} (Left first) and {_fmt(right_stop)} (Right first)")
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                     viewBox=f"0 0 {width} {height}", role="img", attrib={"aria-label": alt})
    ET.SubElement(svg, "title").text = alt
    ET.SubElement(svg, "rect", x="0", y="0", width=str(width), height=str(height), fill="white")
    # the height axis: t = 0, t = -1 and the temperature, labelled on the right
    temp = th.temperature
    marks = {_ZERO: "#999", _MINUS_ONE: "#ccc"}
    for t, style in marks.items():
        ET.SubElement(svg, "line", x1=str(left), x2=str(width - right), y1=f"{y(t):.2f}", y2=f"{y(t):.2f}",
                      stroke=style, attrib={"stroke-width": "1"})
    ticks = dict.fromkeys(marks, "#555")
    ticks[temp] = "black"
    placed: list[float] = []
    for t, fill in sorted(ticks.items(), key=lambda kv: kv[0] != temp):   # the temperature first
        if any(abs(y(t) - p) < 14 for p in placed):
            continue
        placed.append(y(t))
        ET.SubElement(svg, "line", x1=str(width - right), x2=str(width - right + 5), y1=f"{y(t):.2f}",
                      y2=f"{y(t):.2f}", stroke=fill, attrib={"stroke-width": "1"})
        lab = ET.SubElement(svg, "text", x=str(width - right + 8), y=f"{y(t) + 4.5:.2f}",
                            attrib={**font, "fill": fill})
        lab.text = f"t={_fmt(t)}"
    if temp > _MINUS_ONE:
        ET.SubElement(svg, "line", x1=f"{x(th.mast):.2f}", x2=str(width - right), y1=f"{y(temp):.2f}",
                      y2=f"{y(temp):.2f}", stroke="#999", attrib={"stroke-width": "1",
                                                              "stroke-dasharray": "3,3"})
    for wall, color in ((lw, "#1f77b4"), (rw, "#d62728")):
        ET.SubElement(svg, "polyline", fill="none", stroke=color, points=" ".join(
            f"{x(v):.2f},{y(t):.2f}" for t, v in wall), attrib={"stroke-width": "2.5",
                                                                 "stroke-linejoin": "round"})
    mast_x = f"{x(th.mast):.2f}"
    ET.SubElement(svg, "line", x1=mast_x, x2=mast_x, y1=f"{y(max(temp, _MINUS_ONE)):.2f}",
                  y2=f"{y(top):.2f}", stroke="black", attrib={"stroke-width": "2.5"})
    # the value axis: the mean under the mast, and the ends if they do not collide with it
    placed = []
    for v in [th.mast] + sorted({vmin, vmax} - {th.mast}):
        if any(abs(x(v) - p) < 30 for p in placed):
            continue
        placed.append(x(v))
        lab = ET.SubElement(svg, "text", x=f"{x(v):.2f}", y=str(height - below + 18),
                            attrib={**font, "text-anchor": "middle",
                                    "font-weight": "bold" if v == th.mast else "normal"})
        lab.text = _fmt(v)
    axis = ET.SubElement(svg, "text", x=f"{(left + width - right) / 2:.1f}", y=str(height - 6),
                         attrib={**font, "text-anchor": "middle", "fill": "#555"})
    axis.text = "value (Left's side on the left)"
    cap = ET.SubElement(svg, "text", x=str(left), y="19", attrib={**font, "font-size": "14"})
    cap.text = f"temperature {_fmt(th.temperature)}, mean {_fmt(th.mast)}"
    return ET.tostring(svg, encoding="unicode")


# ---------------------------------------------------------------- walls from scaffolds

def _truncate(traj: Trajectory, tau: Fraction, v: Fraction) -> Trajectory:
    """``traj`` up to ``tau``, then constant ``v`` (``traj(tau) == v``)."""
    cps = [c for c in traj._cps if c < tau]
    pieces = [traj._piece(i) for i in range(len(cps) + 1)]
    if tau > _MINUS_ONE:
        cps.append(tau)
        pieces.append((_ZERO, v))
    else:
        pieces = [(_ZERO, v)]
    return Trajectory._raw(cps, pieces)


def walls_from_scaffolds(ls: Trajectory, rs: Trajectory) -> Thermograph:
    r"""The thermograph whose walls follow the scaffolds ``ls`` and ``rs`` while :math:`LS \geq RS`, then a mast.

    For a game :math:`G` that is not an integer, the scaffolds are
    :math:`LS(t) = \max_{G^L} RW(G^L)(t) - t` and :math:`RS(t) = \min_{G^R} LW(G^R)(t) + t`
    over its options.

    Examples
    --------
    The scaffolds of ``{2 | -1}`` are :math:`2 - t` and :math:`-1 + t`; they meet at :math:`t = 3/2`.

    >>> th = walls_from_scaffolds(cgt.Trajectory.constant(2).tilt(-1), cgt.Trajectory.constant(-1).tilt(1))
    >>> th == cgt.parse("{2|-1}").thermograph
    True

    Notes
    -----
    For walls of short games :math:`LS - RS` never increases, so the region where
    :math:`LS \geq RS` is one interval :math:`[-1, \tau]` (CGSuite's "hill"); above
    :math:`\tau` the walls are the mast at :math:`LS(\tau)`.
    """
    d_base = ls.base_value - rs.base_value
    if d_base < 0:
        # Not reached for canonical short games; CGSuite's cave rule, for safety.
        a, b = ls.base_value, rs.base_value
        v = a if a > 0 else b if b < 0 else _ZERO
        w = Trajectory.constant(v)
        return Thermograph._trusted(w, w)
    cuts: list[Fraction | None] = [*sorted(set(ls._cps) | set(rs._cps)), None]
    tau: Fraction | None = None
    prev = _MINUS_ONE
    for c in cuts:
        i, j = ls._index_above(prev), rs._index_above(prev)
        ds = ls._slopes[i] - rs._slopes[j]
        dc = ls._icpts[i] - rs._icpts[j]
        # D(t) = ds * t + dc on [prev, c]; D(prev) >= 0
        d_end = None if c is None else ds * c + dc
        if c is None or d_end is None or d_end < 0:
            if ds >= 0:
                raise ArithmeticError("thermograph scaffolds never cross")  # not for short games
            tau = -dc / ds
            break
        prev = c
    assert tau is not None                  # the loop ends with c = None at the latest
    v = ls.value_at(tau)
    return Thermograph._trusted(_truncate(ls, tau, v), _truncate(rs, tau, v))

