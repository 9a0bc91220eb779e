"""Families of Konane positions given by integer parameters, and their closed forms.

A :class:`Family` wraps a function ``f(n)`` (or ``f(a, b, c)``) that returns a
:class:`konane.Board` or a board picture.  :meth:`Family.values` computes the
exact values with :func:`konane.value`, and :meth:`Family.conjecture` looks for
an arithmetic-periodic closed form of them with
:func:`cgt.families.find_closed_form` (see that module for the rule it applies).

Examples
--------
Ernst's solid linear pattern (``N`` alternating stones, Black first, an empty
cell at each end):

>>> from konane.families import Family
>>> solid = Family(lambda N: "." + "xo" * (N // 2) + "x" * (N % 2) + ".")
>>> solid.board(5)
konane.Board('.xoxox.')
>>> conj = solid.conjecture(range(0, 21))
>>> print(conj)
period 4 from N = 0; supported by 21 values
  N = 4j      (j >= 0):  0
  N = 2j + 1  (j >= 0):  -j
  N = 4j + 2  (j >= 0):  *
>>> conj.check(range(21, 31)).ok
True
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import cgt
from cgt.families import ClosedForm, Index, find_closed_form, why_no_closed_form
from konane._calls import describe, public
from konane.board import Board
from konane.errors import BoardParseError, FamilyError, FamilyTypeError, NoClosedFormWarning
from konane.values import value

__all__ = ["Family"]


def _positional_names(f: Callable[..., Any]) -> tuple[str, ...] | None:
    try:
        signature = inspect.signature(f)
    except (TypeError, ValueError):
        return None
    names = []
    for p in signature.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            names.append(p.name)
        elif p.kind is p.VAR_POSITIONAL:
            return None
    return tuple(names)


class Family:
    """A family of Konane positions given by a function of integer parameters.

    Parameters
    ----------
    f : callable
        ``f(n)``, or ``f(a, b, ...)`` for several parameters, returning a
        :class:`konane.Board` or a board picture (``".xox."``).
    names : sequence of str, optional
        The parameters' names; by default those of ``f``'s required positional
        parameters.
    name : str, optional
        A name for the family, used in its ``repr``.

    Attributes
    ----------
    f : callable
    names : tuple of str
    arity : int
        The number of parameters.

    Examples
    --------
    Chan and Tsai's rows of three blocks of odd lengths, each block alternating
    and starting with White, separated by single empty cells:

    >>> from konane.families import Family
    >>> def block(k):
    ...     return ("ox" * k)[:k]
    >>> S = Family(lambda a, b, c: "." + ".".join(block(2 * m + 1) for m in (a, b, c)) + ".", name="S")
    >>> S.board(1, 0, 1)
    konane.Board('.oxo.o.oxo.')
    >>> print(S.conjecture([(a, b, c) for a in range(3) for b in range(3) for c in range(3)]))
    periods 1 in a, 1 in b, 1 in c from a = 0, b = 0, c = 0; supported by 27 values
      a >= 0, b >= 0, c >= 0:  a + b + c
    """

    @public
    def __init__(self, f: Callable[..., Any], *, names: Iterable[str] | None = None,
                 name: str | None = None) -> None:
        if not callable(f):
            raise FamilyTypeError(f"a family needs a function of its parameters, got {f!r}")
        self.f = f
        own = _positional_names(f)
        if names is None:
            found = own
        else:
            if isinstance(names, str):
                raise FamilyTypeError(f"names must be a list of the parameters' names, not the str {names!r}")
            try:
                found = tuple(names)
            except TypeError:
                raise FamilyTypeError(f"names must be a list of str, not {describe(names)}") from None
            bad = [n for n in found if not isinstance(n, str) or not n.isidentifier()]
            if bad:
                raise FamilyTypeError(f"names must be names of parameters (str such as 'n'), not {bad[0]!r}")
            if len(set(found)) != len(found):
                raise FamilyError(f"names {list(found)!r} name a parameter twice")
            if own is not None and len(own) != len(found):
                raise FamilyError(f"names {list(found)!r} give {len(found)} parameter(s), but {f!r} takes "
                                  f"{len(own)} ({', '.join(own)})")
        if not found:
            raise FamilyTypeError(f"cannot tell the parameters of {f!r}: pass names=[...]")
        self.names: tuple[str, ...] = found
        self.name = name if name is not None else getattr(f, "__name__", "family")

    @property
    def arity(self) -> int:
        """The number of parameters."""
        return len(self.names)

    def __repr__(self) -> str:
        return f"<konane Family {self.name}({', '.join(self.names)})>"

    def _index(self, args: tuple[Any, ...]) -> tuple[int, ...]:
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if not args or any(isinstance(v, bool) or not isinstance(v, int) for v in args):
            raise FamilyTypeError(f"index {args if len(args) != 1 else args[0]!r} is not an int or a tuple of ints")
        if len(args) != self.arity:
            shown = args if len(args) != 1 else args[0]
            raise FamilyTypeError(f"index {shown!r} has {len(args)} parameter(s), expected {self.arity} "
                                  f"({', '.join(self.names)})")
        return tuple(int(v) for v in args)

    def _public(self, idx: tuple[int, ...]) -> Index:
        return idx[0] if self.arity == 1 else idx

    def _describe(self, idx: tuple[int, ...]) -> str:
        return ", ".join(f"{n} = {v}" for n, v in zip(self.names, idx, strict=True))

    @public
    def board(self, *index: Any) -> Board:
        """The board of the family at an index.

        Raises
        ------
        FamilyTypeError
            If the index is malformed or ``f`` returns neither a board nor a picture.
        FamilyError
            If ``f`` returns a picture that cannot be read.

        Examples
        --------
        >>> from konane.families import Family
        >>> Family(lambda n: "." + "xo" * n + ".").board(2)
        konane.Board('.xoxo.')
        """
        idx = self._index(index)
        result = self.f(*idx)
        if isinstance(result, Board):
            return result
        if isinstance(result, str):
            try:
                return Board(result)
            except BoardParseError as exc:
                raise FamilyError(f"the picture for {self._describe(idx)} cannot be read: {exc}") from exc
        raise FamilyTypeError(f"the function returned {result!r} for {self._describe(idx)}: "
                              "expected a konane.Board or a picture")

    def value(self, *index: Any, **options: Any) -> cgt.Game:
        """The value of the family's board at an index, by :func:`konane.value`.

        Keyword arguments (``rules``, ``cache``, ``progress``) are passed on to
        :func:`konane.value`.

        Examples
        --------
        >>> from konane.families import Family
        >>> Family(lambda n: "." + "xo" * n + ".").value(1)
        cgt.parse('*')
        """
        return value(self.board(*index), **options)

    @public
    def values(self, indices: Iterable[Any], **options: Any) -> dict[Index, cgt.Game]:
        """The values at the given indices, in their order.

        Every index gets a value or raises; nothing is skipped.  Values come from
        :func:`konane.value` with its cache; keyword arguments (``rules``,
        ``cache``, ``progress``) are passed on to it.

        Parameters
        ----------
        indices : iterable
            Ints, or tuples of ints for a family of several parameters.

        Returns
        -------
        dict
            ``{index: cgt.Game}``.

        Examples
        --------
        >>> from konane.families import Family
        >>> values = Family(lambda n: "." + "xo" * n + ".").values(range(4))
        >>> [str(g) for g in values.values()]
        ['0', '*', '0', '*']
        """
        try:
            items = iter(indices)
        except TypeError:
            raise FamilyTypeError(f"indices must be an iterable of indices (range(10), a list of tuples), "
                                  f"not {describe(indices)}") from None
        out: dict[Index, cgt.Game] = {}
        for i in items:
            idx = self._index((i,))
            out[self._public(idx)] = self.value(idx, **options)
        return out

    @public
    def conjecture(self, indices: Iterable[Any], *, min_support: int = 3, max_period: int | None = None,
                   **options: Any) -> ClosedForm | None:
        """An arithmetic-periodic closed form fitted on the values at the given indices, or ``None``.

        The rule (smallest period, then earliest start; at least ``min_support``
        values per residue class beyond the start; the pre-period no larger
        than the periodic part) is that of :func:`cgt.families.find_closed_form`.
        The closed form's :meth:`~cgt.families.ClosedForm.check` computes further
        values of this family.

        Parameters
        ----------
        indices : iterable
            Ints, or tuples of ints for a family of several parameters.
        min_support, max_period : int, optional
            See :func:`cgt.families.find_closed_form`.
        **options
            Passed on to :func:`konane.value`.

        Returns
        -------
        cgt.families.ClosedForm or None
            None when the values support no closed form; a
            :class:`konane.errors.NoClosedFormWarning` then says why
            (:func:`cgt.families.why_no_closed_form`: too few values, values
            that keep growing or changing shape, numbers that are not affine,
            or no period within the range the values can test).

        Warns
        -----
        NoClosedFormWarning
            When None is returned, with the reason.

        Examples
        --------
        >>> from konane.families import Family
        >>> pairs = Family(lambda n: "." + "xo" * n + ".")      # n pairs: 0, *, 0, *, ...
        >>> print(pairs.conjecture(range(8)))
        period 2 from n = 0; supported by 8 values
          n = 2j      (j >= 0):  0
          n = 2j + 1  (j >= 0):  *
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     print(pairs.conjecture(range(2)))
        None
        >>> caught[0].message.reason.split(":")[0]
        'too few values'
        """
        values = self.values(indices, **options)

        def source(index: Any) -> cgt.Game:
            return self.value(index, **options)

        form = find_closed_form(values, min_support=min_support, max_period=max_period, names=self.names,
                                source=source)
        if form is None:
            reason = why_no_closed_form(values, min_support=min_support, max_period=max_period)
            warnings.warn(NoClosedFormWarning(f"{self!r} has no closed form on these {len(values)} values: {reason}",
                                              reason=reason), stacklevel=3)
        return form

    def fix(self, **fixed: int) -> Family:
        """The family of the remaining parameters, with some parameters held fixed.

        Use it to look for periodicity in one parameter with the others fixed.

        Raises
        ------
        FamilyTypeError
            If a name is not a parameter, a value is not an int, or no parameter is left.

        Examples
        --------
        >>> from konane.families import Family
        >>> two = Family(lambda a, b: "." + "xo" * a + "." + "ox" * b + ".")
        >>> two.fix(a=1)
        <konane Family <lambda>(b)>
        >>> two.fix(a=1).board(2)
        konane.Board('.xo.oxox.')
        """
        unknown = [k for k in fixed if k not in self.names]
        if unknown:
            raise FamilyTypeError(f"{unknown[0]!r} is not a parameter of {self!r}")
        if any(isinstance(v, bool) or not isinstance(v, int) for v in fixed.values()):
            raise FamilyTypeError(f"fixed values must be ints, got {fixed!r}")
        free = tuple(n for n in self.names if n not in fixed)
        if not free:
            raise FamilyTypeError("fix() would leave no parameter: use board() or value()")
        f = self.f
        names = self.names

        def restricted(*args: int) -> Any:
            given = dict(zip(free, args, strict=True))
            return f(*(given[n] if n in given else fixed[n] for n in names))

        return Family(restricted, names=free, name=self.name)

