"""Closed forms of integer-indexed families of games: arithmetic periodicity.

Given the canonical values ``G(n)`` of a family for a range of integers ``n``,
:func:`find_closed_form` looks for a period ``p`` and a start ``n0`` after which,
in each residue class of ``n`` modulo ``p``, the values share one *shape* and
their numbers grow linearly in ``n`` (*arithmetic periodicity*, as in the
octal-games literature), and returns the closed form it found as a
:class:`ClosedForm`, or ``None`` when the data show no such regularity.

The shape of a game
-------------------
The *template* of a canonical game is its game tree in which every
sub-position of the form ``x + ^k + *m`` (a number ``x`` plus a multiple of up
plus a nimber, :attr:`cgt.Game.is_number_up_star`) is a leaf, a *slot*.  The
ups and the nimber of a slot are part of the shape; its number ``x`` is what may
vary.  Two games have the same shape when their templates agree except for the
numbers in the slots (:func:`shape` writes it with ``#`` for each number):

>>> from cgt.families import shape
>>> shape(cgt.parse("{3|*}")), shape(cgt.parse("{5|*}")), shape(cgt.parse("{3|^}"))
('{#|#*}', '{#|#*}', '{#|#^}')

Options are ordered by their shapes and then by their numbers, so the order
does not depend on how the engine lists them.  Only canonical forms are
compared: ``{a | b}`` with numbers ``a < b`` is a number, of shape ``#``, not a
switch.

The rule for a closed form
--------------------------
For one parameter, a closed form with period ``p`` and start ``n0`` (both taken
from the data) holds when

* every residue class of ``n`` modulo ``p`` has at least ``min_support`` values
  (default 3) with ``n >= n0``, so that linearity in ``n`` is tested on at least
  one value beyond the two that determine a line;
* in each class, all those values have the same shape, and each number slot
  is an affine function ``c n + d`` of ``n`` (exact rationals; the fit is exact,
  not least squares);
* the values with ``n < n0`` (the *pre-period*, kept as exceptions) are no more
  numerous than those with ``n >= n0``: at least half of the data supports the
  formula.

Among all closed forms allowed by these rules the smallest period is chosen,
and for it the earliest start.  If none exists ``None`` is returned: a family of
unrelated games never gets a forced formula.

For several parameters ``(a, b, ...)`` the same rule applies with one period
and one start per parameter: the periodic part is the box ``a >= a0, b >= b0,
...``, the classes are the residues of each parameter modulo its period, the
numbers must be affine in all parameters jointly, and in each class every
parameter must take at least ``min_support`` distinct values (and the points
must determine the affine function).  Period tuples are tried by increasing
product, starts by increasing sum of positions.  This covers families linear in
all parameters with no periodicity (Chan and Tsai's ``S(2a+1, 2b+1, 2c+1) =
a + b + c``) and families periodic in some parameters; exceptions outside the
box are kept only where they were fitted.  Piecewise families split by a
condition that is not a residue (such as ``a > b``) are not found: restrict
the family first.

Examples
--------
>>> from cgt.families import find_closed_form
>>> values = {n: cgt.game([n], [-n]) if n % 2 else cgt.number(n) for n in range(12)}
>>> conj = find_closed_form(values)
>>> print(conj)
period 2 from n = 0; supported by 12 values
  n = 2j      (j >= 0):  2j
  n = 2j + 1  (j >= 0):  {2j + 1 | -2j - 1}
>>> conj(101)
cgt.parse('+-101')
>>> conj.check({n: values[n] for n in range(6)}).ok
True
>>> find_closed_form([cgt.nimber(n) for n in range(12)]) is None
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeAlias

from ._deep import deep
from .errors import ClosedFormError, InvalidIndexError
from .notation import LATEX, TEXT, Dialect, format_game
from .shortgame import Game, as_game
from .values import game, up_multiple

__all__ = [
    # functions first, then the classes and types, then the exceptions (the order of the API page)
    "find_closed_form",
    "why_no_closed_form",
    "shape",
    "ClosedForm",
    "Case",
    "Slot",
    "Node",
    "Template",
    "CheckResult",
    "Index",
    "ClosedFormError",
    "InvalidIndexError",
]

def _sympy() -> Any:
    """sympy, imported on first use, so that ``import cgt`` stays light."""
    import sympy

    return sympy


_game = game
_up_multiple = up_multiple
_as_game = as_game


Index: TypeAlias = int | tuple[int, ...]
"""An index of a family: an ``int``, or a tuple of ``int`` for several parameters."""


# ---------------------------------------------------------------- templates

@dataclass(frozen=True)
class Slot:
    """A leaf of a template: ``x + ^ups + *nim`` with the number ``x`` affine in the parameters.

    Attributes
    ----------
    coefficients : tuple of Fraction
        The coefficient of each parameter.
    constant : Fraction
        The constant term.
    ups, nim : int
        The multiple of up and the nimber added to the number (part of the shape).
    expr : sympy.Expr
        ``x`` as a sympy expression in the parameters' symbols.

    Examples
    --------
    >>> from cgt.families import find_closed_form
    >>> conj = find_closed_form({n: cgt.number(2 * n + 1) + cgt.star for n in range(5)})
    >>> slot = conj.cases[0].template
    >>> slot.expr, slot.nim, slot.evaluate((3,))
    (2*n + 1, 1, cgt.parse('7*'))
    """

    coefficients: tuple[Fraction, ...]
    constant: Fraction
    ups: int
    nim: int
    expr: Any = field(compare=False)

    def number(self, index: tuple[int, ...]) -> Fraction:
        """The number ``x`` at ``index`` (a tuple with one int per parameter)."""
        return self.constant + sum((c * v for c, v in zip(self.coefficients, index, strict=True)), Fraction(0))

    def evaluate(self, index: tuple[int, ...]) -> Game:
        """The game ``x + ^ups + *nim`` at ``index``.

        Raises
        ------
        ClosedFormError
            If ``x`` is not a dyadic rational there.
        """
        x = self.number(index)
        d = x.denominator
        if d & (d - 1):
            raise ClosedFormError(f"the slot {self.expr} is {x} at {index!r}, not a dyadic rational")
        return _up_multiple(self.ups, self.nim, x)


@dataclass(frozen=True)
class Node:
    """An inner node of a template: ``{left | right}`` with templates as options.

    Evaluating it builds the game with :func:`cgt.game`, which puts it in
    canonical form.
    """

    left: tuple[Template, ...]
    right: tuple[Template, ...]

    def evaluate(self, index: tuple[int, ...]) -> Game:
        """The canonical game ``{left | right}`` at ``index``."""
        return _game([t.evaluate(index) for t in self.left], [t.evaluate(index) for t in self.right])


Template: TypeAlias = Slot | Node
"""A game template: a :class:`Slot` or a :class:`Node`."""


# The skeleton of a game: ("#", ups, nim) for a slot, ("{", left skeletons, right skeletons)
# for a node; the slot numbers are listed separately in depth-first order.
_Skeleton = tuple[Any, ...]
_OBSERVED: dict[Game, tuple[str, _Skeleton, tuple[Fraction, ...]]] = {}


def _clear_caches() -> None:
    """Forget the observed shapes (part of :func:`cgt.clear_caches`)."""
    _OBSERVED.clear()


def _infinitesimal(ups: int, nim: int, dialect: Dialect = TEXT) -> str:
    """``^ups *nim`` written in a dialect, or ``""`` for none."""
    return "" if ups == 0 and nim == 0 else format_game(_up_multiple(ups, nim).id, dialect)


def _observe(g: Game) -> tuple[str, _Skeleton, tuple[Fraction, ...]]:
    """(shape string, skeleton, slot numbers) of a canonical game."""
    found = _OBSERVED.get(g)
    if found is not None:
        return found
    if len(_OBSERVED) > 200_000:        # a memo, not a store: keep it bounded
        _OBSERVED.clear()
    if g.is_number_up_star:
        ups, nim = int(g.up_multiple), int(g.nim_part)
        result: tuple[str, _Skeleton, tuple[Fraction, ...]] = (
            "#" + _infinitesimal(ups, nim), ("#", ups, nim), (Fraction(g.number_part),))
    else:
        sides = []
        for options in (g.left_options, g.right_options):
            parts = sorted((_observe(o) for o in options), key=lambda t: (t[0], t[2]))
            sides.append(parts)
        text = "{" + ",".join(p[0] for p in sides[0]) + "|" + ",".join(p[0] for p in sides[1]) + "}"
        skeleton = ("{", tuple(p[1] for p in sides[0]), tuple(p[1] for p in sides[1]))
        numbers = tuple(x for side in sides for p in side for x in p[2])
        result = (text, skeleton, numbers)
    _OBSERVED[g] = result
    return result


def shape(g: Game) -> str:
    """The shape of a canonical game: its template with ``#`` for each number.

    Parameters
    ----------
    g : cgt.Game

    Returns
    -------
    str
        Options are separated by ``,`` and ordered by their shapes.

    Examples
    --------
    >>> from cgt.families import shape
    >>> shape(cgt.parse("7/4")), shape(cgt.parse("^*")), shape(cgt.parse("{2||1|0}"))
    ('#', '#^*', '{#|{#|#}}')
    >>> shape(cgt.game([3], [5]))       # a number, not a switch
    '#'
    """
    return _observe(_as_game(g))[0]


def _build(skeleton: _Skeleton, slots: Iterable[Slot]) -> Template:
    it = iter(slots)

    def walk(sk: _Skeleton) -> Template:
        if sk[0] == "#":
            s = next(it)
            return Slot(s.coefficients, s.constant, sk[1], sk[2], s.expr)
        return Node(tuple(walk(c) for c in sk[1]), tuple(walk(c) for c in sk[2]))

    return walk(skeleton)


# ---------------------------------------------------------------- formatting

def _format_coefficient(c: Fraction, name: str) -> str:
    if c == 1:
        return name
    if c == -1:
        return "-" + name
    if c.denominator == 1:
        return f"{c.numerator}{name}"
    if abs(c.numerator) == 1:
        return f"{'-' if c < 0 else ''}{name}/{c.denominator}"
    return f"{c.numerator}{name}/{c.denominator}"


def _format_linear(coefficients: Sequence[Fraction], constant: Fraction, names: Sequence[str]) -> str:
    text = ""
    for c, name in zip(coefficients, names, strict=True):
        if c == 0:
            continue
        term = _format_coefficient(c, name)
        if not text:
            text = term
        elif term.startswith("-"):
            text += " - " + term[1:]
        else:
            text += " + " + term
    if not text:
        return str(constant)
    if constant > 0:
        text += f" + {constant}"
    elif constant < 0:
        text += f" - {-constant}"
    return text


def _latex_linear(coefficients: Sequence[Fraction], constant: Fraction, names: Sequence[str]) -> str:
    expr = _sympy().Rational(constant.numerator, constant.denominator)
    for c, name in zip(coefficients, names, strict=True):
        expr += _sympy().Rational(c.numerator, c.denominator) * _sympy().Symbol(name, integer=True)
    return str(_sympy().latex(expr))


@dataclass(frozen=True)
class _Style:
    """How a closed form is written in one dialect: the tokens of its formulas beside the games' dialect.

    ``str(conj)`` is :data:`_TEXT` and ``conj._repr_latex_()`` is :data:`_LATEX`;
    another written form of games (a :class:`cgt.notation.Dialect`) gets its
    closed forms from one more value here.
    """

    game: Dialect
    """The games: slots' ups and nimbers, the pre-period's values."""
    template: Dialect
    """The braces of templates, spaced (``{2j - 1 | *}``)."""
    linear: Callable[[Sequence[Fraction], Fraction, Sequence[str]], str]
    """An affine form of the parameters: (coefficients, constant, names)."""
    group: str
    """A number of several terms before an infinitesimal, a pattern of ``{}``: ``(a - 2b)*``."""
    at_least: str
    """``{var} >= {value}``."""
    congruent: str
    """``{var} mod {modulus} = {residue}``."""
    note: str
    """The range of the new parameter beside a residue class (``n = 4j + 1  (j >= 1)``), a pattern of ``{}``."""
    sep: str
    """Between the conditions of a row."""


def _spaced(d: Dialect) -> Dialect:
    return replace(d, pad=" ", comma=", ")


_TEXT = _Style(game=TEXT, template=_spaced(TEXT), linear=_format_linear, group="({})", at_least="{var} >= {value}",
               congruent="{var} mod {modulus} = {residue}", note="({})", sep=", ")
_LATEX = _Style(game=LATEX, template=_spaced(LATEX), linear=_latex_linear, group="\\left({}\\right)",
                at_least="{var} \\ge {value}", congruent="{var} \\equiv {residue} \\pmod{{{modulus}}}", note="{}",
                sep=",\\ ")


def _substitute(slot: Slot, moduli: Sequence[int], residues: Sequence[int],
                change: Sequence[bool]) -> tuple[tuple[Fraction, ...], Fraction]:
    """Coefficients of a slot after n_i = d_i j_i + r_i for the parameters with change[i]."""
    coefficients = []
    constant = slot.constant
    for c, d, r, ch in zip(slot.coefficients, moduli, residues, change, strict=True):
        if ch:
            coefficients.append(c * d)
            constant += c * r
        else:
            coefficients.append(c)
    return tuple(coefficients), constant


def _write_template(t: Template, slot: Callable[[Slot], str], d: Dialect) -> str:
    """A template with ``slot`` writing its slots and ``d`` its braces."""
    if isinstance(t, Slot):
        return slot(t)
    left = d.comma.join(_write_template(o, slot, d) for o in t.left)
    right = d.comma.join(_write_template(o, slot, d) for o in t.right)
    return d.open + d.inside(left, right) + d.close


# ---------------------------------------------------------------- closed forms

@dataclass(frozen=True)
class Case:
    """One residue class of a :class:`ClosedForm` and its template.

    Attributes
    ----------
    residues : tuple of int
        The residue of each parameter modulo its period.
    template : Template
        The value on this class, with numbers affine in the parameters.
    condition : sympy.Boolean
        The class as a sympy condition, e.g. ``Eq(Mod(n, 4), 1) & (n >= 4)``.
    support : int
        How many fitted values lie in this class (beyond the start).
    """

    residues: tuple[int, ...]
    template: Template
    condition: Any = field(compare=False)
    support: int


@dataclass(frozen=True)
class CheckResult:
    """What :meth:`ClosedForm.check` found.

    Attributes
    ----------
    checked : tuple
        The indices compared with the closed form.
    disagreements : dict
        ``{index: (predicted, actual)}`` where the closed form is wrong.
    undetermined : tuple
        Indices outside the closed form's domain (no prediction; they make
        :attr:`ok` false).

    A result is true (``bool``) exactly when :attr:`ok` is.
    """

    checked: tuple[Index, ...]
    disagreements: dict[Index, tuple[Game, Game]]
    undetermined: tuple[Index, ...]

    @property
    def ok(self) -> bool:
        """True if every index was predicted and every prediction agrees."""
        return not self.disagreements and not self.undetermined

    @property
    def disagree(self) -> list[Index]:
        """The indices where the closed form is wrong, in the order checked."""
        return list(self.disagreements)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        text = f"checked {len(self.checked)} values: "
        if self.ok:
            return text + "all agree"
        parts = []
        if self.disagreements:
            parts.append(f"{len(self.disagreements)} disagree at "
                         + ", ".join(str(i) for i in self.disagreements))
        if self.undetermined:
            parts.append(f"{len(self.undetermined)} outside the domain: "
                         + ", ".join(str(i) for i in self.undetermined))
        return text + "; ".join(parts)


class ClosedForm:
    """An arithmetic-periodic closed form of a family of games, found by :func:`find_closed_form`.

    ``conj(n)`` (or ``conj(a, b, c)``) gives the canonical game the closed form
    predicts; ``str(conj)`` prints it by residue class, and in a notebook it
    renders as LaTeX.  It is a *conjecture* supported by :attr:`support` values;
    :meth:`check` tests it on further indices.

    Attributes
    ----------
    names : tuple of str
        The parameters' names.
    symbols : tuple of sympy.Symbol
        The parameters as sympy symbols (the slots' expressions use them).
    periods, starts : tuple of int
        The period and the start of each parameter.
    cases : tuple of Case
        One per residue class, in the order of the residues.
    exceptions : dict
        The fitted values outside the periodic part (the pre-period), by index.
    support : int
        How many fitted values lie in the periodic part.
    fitted : tuple
        Every index the closed form was fitted on.
    source : callable or None
        A function from an index to its actual value, used by :meth:`check`.

    Examples
    --------
    >>> from cgt.families import find_closed_form
    >>> conj = find_closed_form({n: cgt.switch(n, 0) + cgt.nimber(n % 3) for n in range(1, 13)})
    >>> conj.periods, conj.starts, conj.support
    ((3,), (1,), 12)
    >>> conj(40) == cgt.switch(40, 0) + cgt.star
    True
    """

    def __init__(self, names: tuple[str, ...], periods: tuple[int, ...], starts: tuple[int, ...],
                 cases: tuple[Case, ...], exceptions: dict[Index, Game], fitted: tuple[Index, ...],
                 source: Callable[[Index], Game] | None = None) -> None:
        self.names = names
        self.symbols: tuple[Any, ...] = tuple(_sympy().Symbol(n, integer=True) for n in names)
        self.periods = periods
        self.starts = starts
        self.cases = cases
        self.exceptions = exceptions
        self.fitted = fitted
        self.support = sum(c.support for c in cases)
        self.source = source
        self._by_residue = {c.residues: c for c in cases}

    @property
    def arity(self) -> int:
        """The number of parameters."""
        return len(self.names)

    @property
    def period(self) -> int:
        """The period of a one-parameter closed form (for several, see :attr:`periods`)."""
        return self.periods[0] if len(self.periods) == 1 else math.prod(self.periods)

    @property
    def start(self) -> int:
        """The start of a one-parameter closed form (for several, see :attr:`starts`)."""
        if len(self.starts) != 1:
            raise ClosedFormError("a closed form of several parameters has one start per parameter: use .starts")
        return self.starts[0]

    def _index(self, args: tuple[Any, ...]) -> tuple[int, ...]:
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        return _normalise(args, len(self.names))

    def _public(self, index: tuple[int, ...]) -> Index:
        return index[0] if len(index) == 1 else index

    def _describe(self, index: tuple[int, ...]) -> str:
        if len(index) == 1:
            return f"{self.names[0]} = {index[0]}"
        return "(" + ", ".join(f"{n} = {v}" for n, v in zip(self.names, index, strict=True)) + ")"

    def in_periodic_part(self, *index: Any) -> bool:
        """Whether an index lies in the periodic part (every parameter at or beyond its start).

        >>> from cgt.families import find_closed_form
        >>> conj = find_closed_form({n: cgt.number(n) for n in range(5)} | {-1: cgt.star})
        >>> conj.in_periodic_part(-1), conj.in_periodic_part(7)
        (False, True)
        """
        idx = self._index(index)
        return all(v >= s for v, s in zip(idx, self.starts, strict=True))

    def template(self, *index: Any) -> Template:
        """The template of the residue class of an index in the periodic part.

        Raises
        ------
        ClosedFormError
            If the index lies before the start.
        """
        idx = self._index(index)
        if not self.in_periodic_part(idx):
            raise ClosedFormError(f"{self._describe(idx)} is before the start of the periodic part")
        return self._by_residue[tuple(v % p for v, p in zip(idx, self.periods, strict=True))].template

    def __call__(self, *index: Any) -> Game:
        """The game the closed form predicts at an index.

        Raises
        ------
        ClosedFormError
            If the index lies before the start and was not fitted.
        InvalidIndexError
            If the index is not made of ints, or has the wrong number of them.
        """
        idx = self._index(index)
        if self.in_periodic_part(idx):
            return self._by_residue[tuple(v % p for v, p in zip(idx, self.periods, strict=True))] \
                .template.evaluate(idx)
        public = self._public(idx)
        if public in self.exceptions:
            return self.exceptions[public]
        raise ClosedFormError(f"{self._describe(idx)} is outside the domain of this closed form ({self._domain()})")

    def _domain(self) -> str:
        box = ", ".join(f"{n} >= {s}" for n, s in zip(self.names, self.starts, strict=True))
        return box + (" and the fitted exceptions" if self.exceptions else "")

    def check(self, values: Mapping[Any, Any] | Iterable[Any]) -> CheckResult:
        """Compare the closed form with actual values.

        Parameters
        ----------
        values : mapping or iterable
            Either ``{index: game}``, or indices whose actual values are computed
            by :attr:`source` (set by :meth:`konane.families.Family.conjecture`,
            or given to :func:`find_closed_form`).

        Returns
        -------
        CheckResult
            Which indices disagree, and which lie outside the domain.

        Raises
        ------
        ClosedFormError
            If indices are given and the closed form has no :attr:`source`.

        Examples
        --------
        >>> from cgt.families import find_closed_form
        >>> conj = find_closed_form({n: cgt.number(n % 4) for n in range(12)},
        ...                         source=lambda n: cgt.number(n % 4))
        >>> print(conj)
        period 4 from n = 0; supported by 12 values
          n = 4j      (j >= 0):  0
          n = 4j + 1  (j >= 0):  1
          n = 4j + 2  (j >= 0):  2
          n = 4j + 3  (j >= 0):  3
        >>> result = conj.check(range(12, 15))
        >>> result.ok, result.disagree
        (True, [])
        >>> print(conj.check({20: cgt.number(0), 21: cgt.number(2)}))
        checked 2 values: 1 disagree at 21
        """
        if isinstance(values, Mapping):
            items = [(self._index((i,)), _as_game(g)) for i, g in values.items()]
        else:
            if self.source is None:
                raise ClosedFormError("this closed form has no source of values: pass a mapping {index: game}")
            source = self.source
            items = []
            for i in values:
                idx = self._index((i,))
                items.append((idx, _as_game(source(self._public(idx)))))
        checked: list[Index] = []
        disagreements: dict[Index, tuple[Game, Game]] = {}
        undetermined: list[Index] = []
        for idx, actual in items:
            public = self._public(idx)
            checked.append(public)
            try:
                predicted = self(idx)
            except ClosedFormError:
                undetermined.append(public)
                continue
            if predicted != actual:
                disagreements[public] = (predicted, actual)
        return CheckResult(tuple(checked), disagreements, tuple(undetermined))

    # ------------------------------------------------------------ display
    def _groups(self) -> list[tuple[tuple[int, ...], tuple[int, ...], Template]]:
        """Residue classes merged where they share a template: (moduli, residues, template).

        A set of classes with one template is shown as one line when it is a
        whole residue class modulo divisors of the periods (``n = 2j + 1``
        for the classes 1 and 3 modulo 4).
        """
        by_template: dict[Template, set[tuple[int, ...]]] = {}
        for c in self.cases:
            by_template.setdefault(c.template, set()).add(c.residues)
        divisors = [[d for d in range(1, p + 1) if p % d == 0] for p in self.periods]
        moduli_choices = sorted(itertools.product(*divisors), key=lambda d: (math.prod(d), d))
        every = list(itertools.product(*(range(p) for p in self.periods)))
        groups = []
        for template, members in by_template.items():
            remaining = set(members)
            while remaining:
                first = min(remaining)
                for d in moduli_choices:
                    generated = {r for r in every
                                 if all((ri - fi) % di == 0 for ri, fi, di in zip(r, first, d, strict=True))}
                    if generated <= remaining:
                        groups.append((d, tuple(f % di for f, di in zip(first, d, strict=True)), template))
                        remaining -= generated
                        break
        groups.sort(key=lambda g: g[1])
        return groups

    def _j_names(self) -> list[str]:
        taken = set(self.names)
        out = []
        for candidate in ("j", "k", "m", "i", "l"):
            if candidate not in taken:
                out.append(candidate)
                taken.add(candidate)
        return out

    def _lines(self, style: _Style) -> tuple[str, list[tuple[str, str, str]]]:
        """(header, rows of (condition, note, value)) for display."""
        header = self._header()
        rows: list[tuple[str, str, str]] = []
        one = len(self.names) == 1
        j_name = self._j_names()[0]
        for moduli, residues, template in self._groups():
            names: Sequence[str] = self.names
            change = [False] * len(self.names)
            note = ""
            if one and moduli[0] > 1:
                d, r, s = moduli[0], residues[0], self.starts[0]
                j0 = -((r - s) // d)   # ceil((s - r) / d): the first j with d j + r >= s
                change, names = [True], [j_name]
                rhs = f"{d}{j_name}" + (f" + {r}" if r else "")
                cond = f"{self.names[0]} = {rhs}"
                note = style.note.format(style.at_least.format(var=j_name, value=j0))
            else:
                parts = []
                for var, d, r, s in zip(self.names, moduli, residues, self.starts, strict=True):
                    if d > 1:
                        parts.append(style.congruent.format(var=var, modulus=d, residue=r))
                    parts.append(style.at_least.format(var=var, value=s))
                cond = style.sep.join(parts)

            def write_slot(slot: Slot, moduli: tuple[int, ...] = moduli, residues: tuple[int, ...] = residues,
                           change: Sequence[bool] = change, names: Sequence[str] = names) -> str:
                co, const = _substitute(slot, moduli, residues, change)
                number = style.linear(co, const, names)
                inf = _infinitesimal(slot.ups, slot.nim, style.game)
                if not inf:
                    return number
                if number == "0":
                    return inf
                return (number if " " not in number else style.group.format(number)) + inf

            rows.append((cond, note, _write_template(template, write_slot, style.template)))
        for index, g in sorted(self.exceptions.items(), key=lambda kv: _key(kv[0])):
            idx = index if isinstance(index, tuple) else (index,)
            cond = style.sep.join(f"{n} = {v}" for n, v in zip(self.names, idx, strict=True))
            rows.append((cond, "", deep(format_game, g.id, style.game)))
        return header, rows

    def _header(self) -> str:
        if len(self.names) == 1:
            start = f"from {self.names[0]} = {self.starts[0]}"
            head = f"period {self.periods[0]} {start}"
        else:
            head = ("periods " + ", ".join(f"{p} in {n}" for n, p in zip(self.names, self.periods, strict=True))
                    + " from " + ", ".join(f"{n} = {s}" for n, s in zip(self.names, self.starts, strict=True)))
        return head + f"; supported by {self.support} values"

    def __str__(self) -> str:
        header, rows = self._lines(_TEXT)
        width = max((len(c) for c, note, _ in rows if note), default=0)
        labels = [(c.ljust(width) + "  " + note if note else c) + ":" for c, note, _ in rows]
        label_width = max((len(x) for x in labels), default=0)
        lines = [f"  {x.ljust(label_width)}  {v}" for x, (_, _, v) in zip(labels, rows, strict=True)]
        return "\n".join([header, *lines])

    def __repr__(self) -> str:
        return f"<ClosedForm in {', '.join(self.names)}: {self._header()}>"

    def _repr_latex_(self) -> str | None:
        try:
            _header, rows = self._lines(_LATEX)
            body = " \\\\ ".join(f"{v} & {c}" + (_LATEX.sep + note if note else "") for c, note, v in rows)
            lhs = "G(" + ", ".join(self.names) + ")"
            return f"$\\displaystyle {lhs} = \\begin{{cases}} {body} \\end{{cases}}$"
        except Exception:  # a display hook must never raise
            return None


# ---------------------------------------------------------------- fitting

def _normalise(index: Any, arity: int | None) -> tuple[int, ...]:
    items = index if isinstance(index, tuple) else (index,)
    if not items or any(isinstance(v, bool) or not isinstance(v, int) for v in items):
        raise InvalidIndexError(f"index {index!r} is not an int or a tuple of ints")
    if arity is not None and len(items) != arity:
        raise InvalidIndexError(f"index {index!r} has {len(items)} parameter(s), expected {arity}")
    return tuple(int(v) for v in items)


def _key(index: Index) -> tuple[int, ...]:
    return index if isinstance(index, tuple) else (index,)


def _solve_affine(points: Sequence[tuple[int, ...]], columns: Sequence[Sequence[Fraction]]
                  ) -> list[tuple[tuple[Fraction, ...], Fraction]] | None:
    """Exact affine fit of each column of values on the points; None if inconsistent or underdetermined."""
    k = len(points[0])
    m = len(columns)
    rows = [[Fraction(v) for v in p] + [Fraction(1)] + [col[i] for col in columns]
            for i, p in enumerate(points)]
    pivot_row = 0
    pivots = []
    for col in range(k + 1):
        pr = next((r for r in range(pivot_row, len(rows)) if rows[r][col] != 0), None)
        if pr is None:
            return None                     # the points do not determine an affine function
        rows[pivot_row], rows[pr] = rows[pr], rows[pivot_row]
        pivot = rows[pivot_row][col]
        rows[pivot_row] = [x / pivot for x in rows[pivot_row]]
        for r in range(len(rows)):
            if r != pivot_row and rows[r][col] != 0:
                f = rows[r][col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[pivot_row], strict=True)]
        pivots.append(pivot_row)
        pivot_row += 1
    for r in range(pivot_row, len(rows)):
        if any(x != 0 for x in rows[r][k + 1:]):
            return None                     # some value is off the affine function
    solution = []
    for j in range(m):
        coeffs = tuple(rows[pivots[c]][k + 1 + j] for c in range(k))
        solution.append((coeffs, rows[pivots[k]][k + 1 + j]))
    return solution


def _fit_class(points: list[tuple[int, ...]], observed: list[tuple[str, _Skeleton, tuple[Fraction, ...]]],
               min_support: int, symbols: tuple[Any, ...]) -> Template | None:
    skeleton = observed[0][1]
    if any(o[1] != skeleton for o in observed):
        return None
    for i in range(len(points[0])):
        if len({p[i] for p in points}) < min_support:
            return None
    nslots = len(observed[0][2])
    columns = [[o[2][s] for o in observed] for s in range(nslots)]
    solution = _solve_affine(points, columns)
    if solution is None:
        return None
    slots = []
    for coeffs, const in solution:
        expr = _sympy().Rational(const.numerator, const.denominator)
        for c, s in zip(coeffs, symbols, strict=True):
            expr += _sympy().Rational(c.numerator, c.denominator) * s
        slots.append(Slot(coeffs, const, 0, 0, expr))
    return _build(skeleton, slots)


def find_closed_form(values: Mapping[Any, Any] | Sequence[Any], *, min_support: int = 3,
                     max_period: int | None = None, names: Sequence[str] | None = None,
                     source: Callable[[Any], Any] | None = None) -> ClosedForm | None:
    """Find an arithmetic-periodic closed form of a family of games, or ``None``.

    Parameters
    ----------
    values : mapping or sequence
        ``{n: game}`` (``n`` an int, or a tuple of ints for several parameters),
        or a sequence of games indexed from 0.  Games may be given as anything
        :func:`cgt.as_game` accepts.
    min_support : int, optional
        The least number of values (for several parameters: of distinct values of
        each parameter) in each residue class beyond the start.  At least 3, so
        that linearity is tested.
    max_period : int, optional
        The largest period tried for each parameter; by default every period the
        data can support.
    names : sequence of str, optional
        Names of the parameters (default ``n``, or ``a, b, c, ...`` for several).
    source : callable, optional
        A function giving the actual value at an index, kept for
        :meth:`ClosedForm.check` on further indices.

    Returns
    -------
    ClosedForm or None
        The closed form with the smallest period and, for it, the earliest start
        (see the module's documentation for the rule), or ``None`` when no
        closed form is supported by the data.

    Raises
    ------
    InvalidIndexError
        If an index is not an int, or indices have different numbers of parameters.
    cgt.NotAGameError
        If a value is not a game.
    ValueError
        If ``min_support < 3``.

    Examples
    --------
    Ernst's solid linear pattern, from the formula (``-j`` for ``N = 2j + 1``,
    ``0`` for ``N = 4j``, ``*`` for ``N = 4j + 2``):

    >>> from cgt.families import find_closed_form
    >>> def solid(n):
    ...     return cgt.number(-(n // 2)) if n % 2 else (cgt.zero if n % 4 == 0 else cgt.star)
    >>> conj = find_closed_form({n: solid(n) for n in range(20)}, names=["N"])
    >>> print(conj)
    period 4 from N = 0; supported by 20 values
      N = 4j      (j >= 0):  0
      N = 2j + 1  (j >= 0):  -j
      N = 4j + 2  (j >= 0):  *
    >>> conj.cases[1].template.expr
    1/2 - N/2

    Three parameters, linear in all of them:

    >>> import itertools
    >>> data = {t: cgt.number(sum(t)) for t in itertools.product(range(4), repeat=3)}
    >>> print(find_closed_form(data))
    periods 1 in a, 1 in b, 1 in c from a = 0, b = 0, c = 0; supported by 64 values
      a >= 0, b >= 0, c >= 0:  a + b + c

    Games that are not arithmetic-periodic give ``None``:

    >>> find_closed_form([cgt.number(n * n) for n in range(30)]) is None
    True
    """
    if min_support < 3:
        raise ValueError(f"min_support must be at least 3, got {min_support!r}")
    items: list[tuple[Any, Any]]
    if isinstance(values, Mapping):
        items = list(values.items())
    else:
        items = list(enumerate(values))
    if not items:
        return None
    arity: int | None = None
    data: dict[tuple[int, ...], Game] = {}
    for i, g in items:
        idx = _normalise(i, arity)
        arity = len(idx)
        data[idx] = _as_game(g)
    assert arity is not None
    if names is None:
        names = ("n",) if arity == 1 else tuple("abcdefgh"[:arity]) if arity <= 8 \
            else tuple(f"n{i}" for i in range(arity))
    names = tuple(names)
    if len(names) != arity:
        raise InvalidIndexError(f"{len(names)} names for {arity} parameter(s)")
    symbols = tuple(_sympy().Symbol(n, integer=True) for n in names)
    points = sorted(data)
    observed = {p: _observe(g) for p, g in data.items()}
    total = len(points)
    distinct = [sorted({p[i] for p in points}) for i in range(arity)]
    bound = [max(1, len(d) // min_support) for d in distinct]
    if max_period is not None:
        bound = [min(b, max_period) for b in bound]
    periods_list = sorted(itertools.product(*(range(1, b + 1) for b in bound)),
                          key=lambda ps: (math.prod(ps), ps))
    starts_list = sorted(itertools.product(*(range(len(d)) for d in distinct)),
                         key=lambda ts: (sum(ts), ts))
    for periods in periods_list:
        for positions in starts_list:
            starts = tuple(distinct[i][t] for i, t in enumerate(positions))
            # enough distinct values of each parameter beyond its start
            if any(len(distinct[i]) - positions[i] < periods[i] * min_support for i in range(arity)):
                continue
            region = [p for p in points if all(v >= s for v, s in zip(p, starts, strict=True))]
            if 2 * len(region) < total:
                continue
            classes: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            for p in region:
                classes.setdefault(tuple(v % q for v, q in zip(p, periods, strict=True)), []).append(p)
            if len(classes) != math.prod(periods):
                continue
            if any(len({observed[p][1] for p in members}) != 1 for members in classes.values()):
                continue
            cases = []
            for residues in sorted(classes):
                members = classes[residues]
                template = _fit_class(members, [observed[p] for p in members], min_support, symbols)
                if template is None:
                    break
                condition = _sympy().And(*(
                    _sympy().And(_sympy().Eq(_sympy().Mod(s, q), r), s >= st) if q > 1 else s >= st
                    for s, q, r, st in zip(symbols, periods, residues, starts, strict=True)))
                cases.append(Case(residues, template, condition, len(members)))
            else:
                exceptions: dict[Index, Game] = {
                    (p[0] if arity == 1 else p): data[p]
                    for p in points if not all(v >= s for v, s in zip(p, starts, strict=True))}
                fitted = tuple(p[0] if arity == 1 else p for p in points)
                form = ClosedForm(names, periods, starts, tuple(cases), exceptions, fitted, source)
                # the law: the closed form reproduces every value it was fitted on
                if all(form(p) == data[p] for p in region):
                    return form
    return None


def why_no_closed_form(values: Mapping[Any, Any] | Sequence[Any], *, min_support: int = 3,
                       max_period: int | None = None) -> str:
    """Why :func:`find_closed_form` finds no closed form for ``values``: one sentence.

    The reasons, in the order they are looked for: too few values to test even
    period 1 (``min_support`` of them, for each parameter); values that keep
    growing or changing shape (no shape repeats in the second half of the
    data: nimbers ``*n``, games whose trees grow with ``n``), which no
    arithmetic-periodic form follows; values of one shape whose numbers are not
    affine (``n * n``); else no period up to the longest the data can test.

    Parameters
    ----------
    values, min_support, max_period
        As for :func:`find_closed_form`.

    Returns
    -------
    str

    Examples
    --------
    >>> why_no_closed_form([cgt.zero, cgt.star]).split(":")[0]
    'too few values'
    >>> why = why_no_closed_form([cgt.nimber(n) for n in range(12)])
    >>> why.split(":")[0], "(the last ones: #*9, #*10, #*11)" in why
    ('the values keep growing or changing shape', True)
    >>> why_no_closed_form([cgt.number(n * n) for n in range(12)]).split(" (in ")[0]
    'the values have one shape (#) but their numbers do not change linearly'
    """
    if min_support < 3:
        raise ValueError(f"min_support must be at least 3, got {min_support!r}")
    items = list(values.items()) if isinstance(values, Mapping) else list(enumerate(values))
    if not items:
        return "no values"
    arity: int | None = None
    data: dict[tuple[int, ...], Game] = {}
    for i, g in items:
        idx = _normalise(i, arity)
        arity = len(idx)
        data[idx] = _as_game(g)
    assert arity is not None
    names = "n" if arity == 1 else "each parameter"
    distinct = [sorted({p[i] for p in data}) for i in range(arity)]
    fewest = min(len(d) for d in distinct)
    if fewest < min_support:
        return (f"too few values: {fewest} value{'s' * (fewest != 1)} of {names}, and a closed form needs at "
                f"least {min_support} (min_support) in each residue class beyond its start")
    points = sorted(data)
    late = points[len(points) // 2:]
    shapes = [_observe(data[p])[0] for p in late]
    if len(set(shapes)) == len(shapes) and len(shapes) >= min_support:
        tail = ", ".join(shapes[-3:])
        return (f"the values keep growing or changing shape: no shape repeats in the second half of the data "
                f"(the last ones: {tail}), which no arithmetic-periodic form follows")
    longest = [max(1, len(d) // min_support) for d in distinct]
    if max_period is not None:
        longest = [min(b, max_period) for b in longest]
    periods = str(longest[0]) if arity == 1 else " x ".join(str(b) for b in longest)
    if len(set(shapes)) == 1:
        return (f"the values have one shape ({shapes[0]}) but their numbers do not change linearly (in every "
                f"residue class of the periods up to {periods})")
    more = "" if max_period is not None and any(b == max_period for b in longest) else (
        f"; {len(points)} values test periods up to {periods} (min_support={min_support} values per residue "
        "class): compute more values to test longer ones")
    return (f"no period up to {periods} fits: in some residue class the shapes differ or the numbers are not "
            f"affine{more}")
