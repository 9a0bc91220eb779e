"""Game notation in and out: CGSuite's plain text, and LaTeX.

Written forms (``str(g)``):

* numbers ``0``, ``3``, ``-2``, ``3/8``; nimbers ``*``, ``*3``; ups ``^``, ``^^``, ``^3``,
  downs ``v``, ``vv``, ``v3``; and their sums written together: ``1^*``, ``-1/2v*3``, ``^^*``;
* ``+-x`` for ``{x | -x}``;
* anything else in braces, with CGSuite's slashes: an option that stands alone on its side
  loses its braces and the outer bar gets one more stroke, so ``{3 | {2 | 1}}`` is ``{3||2|1}``.

:func:`parse` reads all of these back, and also sums and differences (``^^^+vvv*+*3``,
``{1|0} - 1/2``), parentheses, ``±`` and the arrows ``↑ ↓``, up-nth powers ``^<n>`` / ``v<n>`` and their sums ``^[n]``,
``Tiny(x)`` and ``Miny(x)``, and decimals such as ``0.75``.

The LaTeX of ``g._repr_latex_()`` is the same walk over the game in another
:class:`Dialect` (:data:`LATEX` beside :data:`TEXT`): ``\\pm 1``, ``\\uparrow\\ast``,
``\\{2 \\mid \\downarrow\\}``.  Another written form is another dialect.

The functions here work on ids of :mod:`cgt.ops`; :func:`cgt.parse` and
``str(g)`` are their faces on :class:`cgt.Game`.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left
from collections.abc import Callable, Generator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NoReturn

from . import ops
from .errors import CGTTypeError, GameParseError, NotDyadicError

__all__ = ["parse_id", "format_game", "latex_game", "display_key", "Dialect", "TEXT", "LATEX", "UNICODE"]

DisplayKey = tuple[int, Fraction | int, int, int, str]
"""The sort key of :func:`display_key`."""

_STR: dict[int, tuple[str, int]] = {}     # id -> (text without outer braces, bar count)
_STR_LIMIT: int = ops.cache_info()["limit"]


def _clear_caches() -> None:
    """Forget the memoized texts (called by :func:`cgt.clear_caches`)."""
    _STR.clear()


def _cache_size() -> int:
    """The number of memoized texts (reported by :func:`cgt.cache_info`)."""
    return len(_STR)


@dataclass(frozen=True, slots=True)
class Dialect:
    """The tokens of one written form of games.

    :func:`format_game` walks a game once for every dialect; a dialect only
    says what each piece looks like.  :data:`TEXT` is CGSuite's plain text
    (``str(g)``) and :data:`LATEX` the LaTeX of ``g._repr_latex_()``.  A number
    is written with its integer digits in every dialect; ``0`` is ``0``.

    Attributes
    ----------
    fraction : str
        A number ``p/q`` that is not an integer, as a :meth:`str.format`
        pattern of ``sign`` (``"-"`` or ``""``), ``num`` (``abs(p)``) and ``den`` (``q``).
    up, down : str
        One up, one down; two are written twice (``^^``).
    arrows : str
        Three or more ups or downs, a pattern of ``arrow`` and ``k``.
    star : str
        ``*``, and before the nimber's number for ``*m`` (``*3``).
    pm : str
        Before ``x`` in ``+-x``.
    open, close : str
        The braces around a game that is not written as an atom.
    bar : str
        One stroke of the bar between the sides, repeated for the slashes of
        nested games (``{3||2|1}``).
    pad : str
        On each side of the run of bars.
    pad_empty : bool
        Whether ``pad`` is written beside a side with no options too.
    comma : str
        Between the options of one side.

    Examples
    --------
    >>> g = cgt.parse("{1/2|-3/4^^*}")
    >>> print(format_game(g.id, TEXT))
    {1/2|-3/4^^*}
    >>> print(format_game(g.id, LATEX))
    \\{\\frac{1}{2} \\mid -\\frac{3}{4}\\uparrow\\uparrow\\ast\\}
    """

    fraction: str
    up: str
    down: str
    arrows: str
    star: str
    pm: str
    open: str
    close: str
    bar: str
    pad: str
    pad_empty: bool
    comma: str

    def inside(self, left: str, right: str, bars: int = 1) -> str:
        """The written sides of a game with ``bars`` strokes between them, without the braces."""
        pad = self.pad
        if self.pad_empty:
            return left + pad + self.bar * bars + pad + right
        return (left + pad if left else left) + self.bar * bars + (pad + right if right else right)


TEXT = Dialect(fraction="{sign}{num}/{den}", up="^", down="v", arrows="{arrow}{k}", star="*", pm="+-",
               open="{", close="}", bar="|", pad="", pad_empty=False, comma=",")
"""CGSuite's plain text: ``-1/2v*3``, ``^3``, ``+-1``, ``{3||2|1}`` (what ``str(g)`` gives)."""

UNICODE = Dialect(fraction="{sign}{num}/{den}", up="↑", down="↓", arrows="{arrow}{k}", star="∗", pm="±",
                  open="{", close="}", bar="|", pad="", pad_empty=False, comma=",")
"""The text with Unicode signs, for pictures and tables: ``-1/2↓∗3``, ``↑3``, ``±1``, ``{3||2|1}``
(:func:`cgt.parse` reads it too)."""

LATEX = Dialect(fraction="{sign}\\frac{{{num}}}{{{den}}}", up="\\uparrow", down="\\downarrow",
                arrows="{k}{{\\cdot}}{arrow}", star="\\ast", pm="\\pm ", open="\\{", close="\\}", bar="\\mid",
                pad=" ", pad_empty=True, comma=", ")
"""LaTeX: ``-\\frac{1}{2}\\downarrow\\ast3``, ``3{\\cdot}\\uparrow``, ``\\pm 1``,
``\\{3 \\mid\\mid 2 \\mid 1\\}`` (inside ``g._repr_latex_()``)."""


def _nus(x: Fraction, n: int, m: int, d: Dialect) -> str:
    """``x + n.^ + *m`` written together: ``0``, ``-3``, ``1^^*``, ``-1/2v3*2``."""
    num, den = x.numerator, x.denominator
    if num == 0 and (n or m):
        s = ""
    elif den == 1:
        s = _int_text(num)
    else:
        s = d.fraction.format(sign="-" if num < 0 else "", num=_int_text(abs(num)), den=_int_text(den))
    if n:
        arrow = d.up if n > 0 else d.down
        k = abs(n)
        s += arrow * k if k <= 2 else d.arrows.format(arrow=arrow, k=_int_text(k))
    if m:
        s += d.star if m == 1 else d.star + _int_text(m)
    return s


# Numbers are exact at any size: the decimal digits of an int longer than the interpreter
# converts at once (``sys.get_int_max_str_digits``, 4300 by default) are read and written
# by halves, each half within the limit.

def _read_int(digits: str) -> int:
    """The int written by the decimal ``digits``, of any length."""
    limit = sys.get_int_max_str_digits()
    if not limit or len(digits) <= limit:
        return int(digits)
    k = len(digits) // 2
    scale: int = 10**k
    return _read_int(digits[:-k]) * scale + _read_int(digits[-k:])


def _int_text(n: int) -> str:
    """``str(n)`` for an int of any size."""
    limit = sys.get_int_max_str_digits()
    if not limit or n.bit_length() <= 3 * limit:          # 3 bits a digit, fewer than 10/3
        return str(n)
    if n < 0:
        return "-" + _int_text(-n)
    k = (n.bit_length() * 3 // 10) // 2                   # about half its digits
    scale: int = 10**k
    hi, lo = divmod(n, scale)
    return _int_text(hi) + _int_text(lo).rjust(k, "0")


def display_key(gid: int) -> DisplayKey:
    """A sort key giving a stable, readable order of games (numbers first, by value).

    >>> from cgt import ops
    >>> ids = [cgt.star.id, cgt.pm(1).id, cgt.number(-1).id, cgt.up.id]
    >>> [format_game(g) for g in sorted(ids, key=display_key)]
    ['-1', '*', '^', '+-1']
    """
    v = ops.nus(gid)
    if v is not None:
        return (0, v[0], v[1], v[2], "")
    return (1, 0, ops.birthday(gid), 0, format_game(gid))


def _parts(gid: int, d: Dialect, memo: dict[int, tuple[str, int]]) -> tuple[str, int]:
    """``(written, bars)``: the game without outer braces, and its bar count (0 for atoms).

    The one walk of every dialect; ``memo`` keeps what it wrote, by id.  Iterative: the
    games to write wait on an explicit stack, each written after its options, so a game
    of any depth is written without recursion.
    """
    cached = memo.get(gid)
    if cached is not None:
        return cached
    if len(memo) > _STR_LIMIT:          # emptied before a walk, never during one
        memo.clear()
    stack = [gid]
    while stack:
        g = stack[-1]
        if g in memo:
            stack.pop()
            continue
        v = ops.nus(g)
        if v is not None:
            r = (_nus(v[0], v[1], v[2], d), 0)
        else:
            lo, ro = ops.left_options(g), ops.right_options(g)
            if len(lo) == 1 and len(ro) == 1 and ops.neg(lo[0]) == ro[0]:
                if lo[0] not in memo:
                    stack.append(lo[0])
                    continue
                body, k = memo[lo[0]]
                r = (d.pm + (body if k == 0 else d.open + body + d.close), 0)
            else:
                missing = [o for o in lo + ro if o not in memo]
                if missing:
                    stack.extend(missing)
                    continue
                sides = []
                inner = 0
                for side in (lo, ro):
                    if len(side) == 1:
                        body, k = memo[side[0]]
                        inner = max(inner, k)
                        sides.append(body)
                    else:
                        texts = []
                        for o in sorted(side, key=display_key):
                            body, k = memo[o]
                            texts.append(body if k == 0 else d.open + body + d.close)
                        sides.append(d.comma.join(texts))
                k = inner + 1
                r = (d.inside(sides[0], sides[1], k), k)
        stack.pop()
        memo[g] = r
    return memo[gid]


def format_game(gid: int, dialect: Dialect = TEXT) -> str:
    """The game with this id written in a dialect: CGSuite's plain text by default (what ``str(g)`` gives).

    The plain text is memoized (``str`` runs in loops over many games); another
    dialect reuses what it wrote within one call.

    >>> format_game(cgt.parse("{3|{2|1}}").id), format_game(cgt.ops.nus_id(1, 2, 1))
    ('{3||2|1}', '1^^*')
    >>> print(format_game(cgt.parse("{3|{2|1}}").id, LATEX))
    \\{3 \\mid\\mid 2 \\mid 1\\}
    """
    if dialect is TEXT:
        body, k = _STR.get(gid) or _parts(gid, TEXT, _STR)
    else:
        body, k = _parts(gid, dialect, {})
    return body if k == 0 else dialect.open + body + dialect.close


def latex_game(gid: int) -> str:
    """LaTeX for the game with this id (without surrounding ``$``): :func:`format_game` in :data:`LATEX`.

    >>> print(latex_game(cgt.parse("{1|-1/2}").id))
    \\{1 \\mid -\\frac{1}{2}\\}
    """
    return format_game(gid, LATEX)


# ---------------------------------------------------------------- parsing

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<pm>\+-|±)
  | (?P<num>\d+(?:\.\d+)?)
  | (?P<bars>\|+)
  | (?P<up>(?:\^|↑)+)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<down>↓+)
  | (?P<op>[{}(),/*+\-<>\[\]∗])
""", re.VERBOSE)


class _Tok:
    __slots__ = ("kind", "text", "pos")

    def __init__(self, kind: str, text: str, pos: int) -> None:
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self) -> str:
        return f"{self.kind}:{self.text!r}@{self.pos}"


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    pos = 0
    while pos < len(text):
        mt = _TOKEN.match(text, pos)
        if mt is None:
            raise GameParseError(f"unexpected character {text[pos]!r}", text, pos)
        kind = mt.lastgroup or ""
        s = mt.group()
        if kind == "name" and set(s) == {"v"}:
            kind = "down"
        elif kind == "name" and re.fullmatch(r"v+\d+", s):
            # "v3": three downs (the tokenizer reads it as one name)
            d = s.rstrip("0123456789")
            toks.append(_Tok("down", d, pos))
            toks.append(_Tok("num", s[len(d):], pos + len(d)))
            pos = mt.end()
            continue
        if kind == "op" and s == "∗":
            s = "*"
        if kind != "ws":
            toks.append(_Tok(kind if kind != "op" else s, s, pos))
        pos = mt.end()
    toks.append(_Tok("end", "", len(text)))
    return toks


_LITERALS = frozenset(("num", "up", "down", "*"))
_NO_INDICES: list[int] = []

Step = Generator["Step", Any, int]
"""A step of the parser that may need the value of a nested one: a generator that yields
the nested step and is sent its value back (see :meth:`_Parser._run`)."""


class _Parser:
    """CGSuite's notation read in one pass, in time linear in the text, without recursion.

    The tokens are read once to pair every bracket with its closer and to list, for each
    bracketed group, the bars and the commas at its own level; each brace group is then
    split at its longest run of bars with a binary search on those lists.  Nesting (of
    braces, parentheses, names) is followed on an explicit stack of generators
    (:meth:`_run`), so a text nested to any depth is read without recursion.  Inside
    braces, each option is read as an expression on a range of tokens (``end`` and
    ``end_tok``: what the parser sees at the end of the range).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0
        self.end = len(self.toks) - 1               # the index of the "end" token
        self.end_tok = self.toks[-1]
        self.match, self.bars, self.commas = _structure(self.toks)

    # helpers
    def peek(self, k: int = 0) -> _Tok:
        j = self.i + k
        return self.toks[j] if j < self.end else self.end_tok

    def take(self) -> _Tok:
        t = self.peek()
        self.i += 1
        return t

    def error(self, msg: str, tok: _Tok | None = None) -> NoReturn:
        tok = tok or self.peek()
        raise GameParseError(msg, self.text, tok.pos)

    def expect(self, kind: str) -> _Tok:
        t = self.peek()
        if t.kind != kind:
            what = "end of input" if t.kind == "end" else repr(t.text)
            self.error(f"expected {kind!r} but found {what}", t)
        return self.take()

    # grammar
    def parse(self) -> int:
        if self.peek().kind == "end":
            raise GameParseError("empty game notation", self.text, 0)
        if self.peek().kind in _LITERALS:           # a literal alone, the commonest text
            g = self.nus_literal()
            if self.peek().kind == "end":
                return g
            self.i = 0
        g = self._run(self.expr())
        if self.peek().kind != "end":
            self.error(f"unexpected {self.peek().text!r}")
        return g

    @staticmethod
    def _run(step: Step) -> int:
        """The value of ``step``, its nested steps run from an explicit stack."""
        stack = [step]
        value: int | None = None            # None starts a step
        while True:
            try:
                nested = stack[-1].send(value)
            except StopIteration as stop:
                stack.pop()
                value = stop.value
                if not stack:
                    return stop.value  # type: ignore[no-any-return]
                continue
            stack.append(nested)
            value = None

    def expr(self) -> Step:
        """``term (('+' | '-' | '+-') term)*``, where ``term`` is ``('-' | '+' | '+-')* primary``."""
        g = 0
        op = ""
        while True:
            prefixes: list[str] = []
            while True:
                k = self.peek().kind
                if k == "-":
                    if self.peek(1).kind == "num":      # a negative number
                        break
                    self.take()
                    prefixes.append(k)
                elif k == "+":
                    self.take()
                elif k == "pm":
                    self.take()
                    prefixes.append(k)
                else:
                    break
            k = self.peek().kind
            if k in _LITERALS:
                v = self.nus_literal()
            elif k == "-":                          # followed by a number: a negative one
                self.take()
                v = self.nus_literal(negative=True)
            else:
                v = yield from self.nested()
            for p in reversed(prefixes):
                v = ops.neg(v) if p == "-" else _pm(v)
            if not op:
                g = v
            elif op == "+":
                g = ops.add(g, v)
            elif op == "-":
                g = ops.add(g, ops.neg(v))
            else:
                g = ops.add(g, _pm(v))
            op = self.peek().kind
            if op not in ("+", "-", "pm"):
                return g
            self.take()

    def nested(self) -> Step:
        """A primary that is not a literal: braces, parentheses or a name's call."""
        t = self.peek()
        k = t.kind
        if k == "{":
            v: int = yield self.braces()
            return v
        if k == "(":
            self.take()
            v = yield self.expr()
            self.expect(")")
            return v
        if k == "name":
            name = self.take().text
            fn = _FUNCTIONS.get(name.lower())
            if fn is None:
                self.error(f"unknown name {name!r}", t)
            self.expect("(")
            arg = yield self.expr()
            self.expect(")")
            return fn(arg)
        what = "end of input" if k == "end" else repr(t.text)
        self.error(f"expected a game but found {what}", t)

    def nus_literal(self, negative: bool = False) -> int:
        start = self.peek()
        x = Fraction(0)
        n = 0
        m = 0
        seen = False
        if self.peek().kind == "num":
            x = self.number()
            if negative:
                x = -x
            seen = True
        t = self.peek()
        if t.kind in ("up", "down"):
            self.take()
            sign = 1 if t.kind == "up" else -1
            count = len(t.text)
            if self.peek().kind in ("<", "["):
                # up-nth power ^<k>, or the sum ^[k] of the first k of them
                if count != 1:
                    self.error("an up-nth power is written ^<n> (and their sum ^[n])", t)
                bracket = self.take().kind
                k = self.integer()
                if k < 1:
                    self.error(f"an up-nth power needs n >= 1, not {k}", self.toks[self.i - 1])
                self.expect(">" if bracket == "<" else "]")
                g = _up_power(k) if bracket == "<" else _up_power_sum(k)
                if sign < 0:
                    g = ops.neg(g)
                return self._nus_tail(ops.add(ops.nus_id(x), g))
            if self.peek().kind == "num":
                if count != 1:
                    self.error("write ^n or ^^.., not both", t)
                count = self.integer()
            n = sign * count
            seen = True
        if self.peek().kind == "*":
            self.take()
            m = 1
            if self.peek().kind == "num":
                m = self.integer()
            seen = True
        if not seen:
            self.error("expected a number, ups or a star", start)
        return ops.nus_id(x, n, m)

    def _nus_tail(self, g: int) -> int:
        if self.peek().kind == "*":
            self.take()
            m = 1
            if self.peek().kind == "num":
                m = self.integer()
            g = ops.add(g, ops.nus_id(0, 0, m))
        return g

    def integer(self) -> int:
        t = self.expect("num")
        if not t.text.isdigit():
            self.error(f"expected a whole number, found {t.text!r}", t)
        return _read_int(t.text)

    def number(self) -> Fraction:
        t = self.expect("num")
        whole, _, part = t.text.partition(".")
        x = Fraction(_read_int(whole + part), 10 ** len(part)) if part else Fraction(_read_int(whole))
        if self.peek().kind == "/" and self.peek(1).kind == "num":
            self.take()
            d = self.take()
            if not d.text.isdigit() or not t.text.isdigit():
                self.error("a fraction is written p/q with whole numbers", d)
            q = _read_int(d.text)
            if q == 0:
                self.error("division by zero", d)
            x = Fraction(x.numerator, q)
        den = x.denominator
        if den & (den - 1):
            raise NotDyadicError(
                f"{_int_text(x.numerator)}/{_int_text(den)} at position {t.pos} in {self.text!r} is not a "
                f"dyadic rational: its denominator {_int_text(den)} is not a power of 2")
        return x

    def braces(self) -> Step:
        """``{...}`` at the cursor: options split at the longest run of bars, sides of
        options separated by commas; a side whose text has bars of its own (outside
        brackets) is one option written without its braces, as in the right side of
        ``{3||2|1}``, and commas in it belong to that option: ``{0||0,v*|vv}`` is
        ``{0|{0,v*|vv}}``.  The sides written without braces are taken on a stack of
        regions ``[start, end, cut, left options]`` of the group's tokens."""
        open_tok = self.take()
        o = self.i - 1
        c = self.match[o]
        if c < 0 or c >= self.end:
            self.error("unclosed '{'", open_tok)
        if self.toks[c].kind == ")":
            self.error("unbalanced ')'", self.toks[c])
        bars = self.bars.get(o, _NO_INDICES)
        commas = self.commas.get(o, _NO_INDICES)
        outer = (self.end, self.end_tok)
        regions: list[list[Any]] = [[o + 1, c, self._cut(bars, o + 1, c, open_tok), None]]
        value = -1                          # the value of a region just finished
        while True:
            region = regions[-1]
            start, end, cut, lefts = region
            if value >= 0:
                opts = [value]
                value = -1
            else:
                a, b = (start, cut) if lefts is None else (cut + 1, end)
                if a < b and bisect_left(bars, a) < bisect_left(bars, b):
                    regions.append([a, b, self._cut(bars, a, b, self.toks[a]), None])
                    continue
                opts = []
                if a < b:
                    bar_tok = self.toks[cut]
                    first = bisect_left(commas, a)
                    last = bisect_left(commas, b)
                    elem = a
                    for j in range(first, last + 1):
                        comma = commas[j] if j < last else -1
                        stop = comma if comma >= 0 else b
                        stop_tok = self.toks[comma] if comma >= 0 else bar_tok
                        if stop == elem:
                            self.error("empty option", stop_tok)
                        self.i, self.end, self.end_tok = elem, stop, _Tok("end", "", stop_tok.pos)
                        g = -1
                        if self.toks[elem].kind in _LITERALS:       # a literal alone: no step needed
                            g = self.nus_literal()
                            if self.i != stop:
                                self.i = elem
                                g = -1
                        if g < 0:
                            g = yield self.expr()
                        if self.peek().kind != "end":
                            self.error(f"unexpected {self.peek().text!r}")
                        opts.append(g)
                        elem = stop + 1
            if lefts is None:
                region[3] = opts
                continue
            value = ops.canonical(lefts, opts)
            regions.pop()
            if not regions:
                break
        self.i = c + 1
        self.end, self.end_tok = outer
        return value

    def _cut(self, bars: list[int], start: int, end: int, open_tok: _Tok) -> int:
        """The index of the longest run of bars of the group in ``start:end`` (it must be the only one)."""
        best = count = 0
        first = second = -1
        for j in range(bisect_left(bars, start), bisect_left(bars, end)):
            idx = bars[j]
            k = len(self.toks[idx].text)
            if k > best:
                best, count, first = k, 1, idx
            elif k == best:
                count += 1
                if count == 2:
                    second = idx
        if best == 0:
            self.error("missing '|' in braces", open_tok)
        if count > 1:
            self.error(f"ambiguous braces: {'|' * best} appears {count} times at the same level", self.toks[second])
        return first


def _structure(toks: list[_Tok]) -> tuple[list[int], dict[int, list[int]], dict[int, list[int]]]:
    """``(match, bars, commas)``: the index of each bracket's closer (-1 if none), and the
    bars and the commas at the own level of each bracketed group (by its opener's index).

    A closer of either kind closes the latest open bracket of either kind, as the reader
    of braces always counted them; a mismatch is an error where the reader meets it."""
    match = [-1] * len(toks)
    bars: dict[int, list[int]] = {}
    commas: dict[int, list[int]] = {}
    open_: list[int] = []
    for i, t in enumerate(toks):
        k = t.kind
        if k == "{" or k == "(":
            open_.append(i)
        elif k == "}" or k == ")":
            if open_:
                match[open_.pop()] = i
        elif open_ and (k == "bars" or k == ","):
            (bars if k == "bars" else commas).setdefault(open_[-1], []).append(i)
    return match, bars, commas


def _pm(g: int) -> int:
    return ops.canonical([g], [ops.neg(g)])


def _up_powers(k: int) -> list[int]:
    """``[^<1>, ..., ^<k>]``: the up-nth powers, ``^<1> = ^`` and ``^<n+1> = {0 | v[n]*}``,
    where ``v[n] = -(^<1> + ... + ^<n>)`` (Berlekamp, Conway & Guy, *Winning Ways*, ch. 9)."""
    powers = [ops.nus_id(0, 1, 0)]
    total = powers[0]
    for _ in range(k - 1):
        nxt = ops.canonical([ops.ZERO], [ops.add(ops.neg(total), ops.nus_id(0, 0, 1))])
        powers.append(nxt)
        total = ops.add(total, nxt)
    return powers


def _up_power(k: int) -> int:
    """The up-nth power ``^<k>``."""
    return _up_powers(k)[-1]


def _up_power_sum(k: int) -> int:
    """``^[k] = ^<1> + ^<2> + ... + ^<k>``."""
    g = ops.ZERO
    for p in _up_powers(k):
        g = ops.add(g, p)
    return g


def _tiny(g: int) -> int:
    return ops.canonical([ops.ZERO], [ops.canonical([ops.ZERO], [ops.neg(g)])])


def _miny(g: int) -> int:
    return ops.neg(_tiny(g))


_FUNCTIONS: dict[str, Callable[[int], int]] = {"tiny": _tiny, "miny": _miny, "pm": _pm}


def parse_id(text: str) -> int:
    """The id of the game written ``text`` in CGSuite's notation (see :func:`cgt.parse`).

    Raises
    ------
    CGTTypeError
        If ``text`` is not a string.
    GameParseError
        If the text is malformed.
    NotDyadicError
        If a number in it is not dyadic.

    Examples
    --------
    >>> from cgt import ops
    >>> parse_id("{0|*}") == cgt.up.id
    True
    >>> ops.nus(parse_id("^^*3 + 1/2"))
    (Fraction(1, 2), 2, 3)
    """
    if not isinstance(text, str):
        raise CGTTypeError(f"game notation must be a string, not {type(text).__name__}: {text!r}")
    return _Parser(text).parse()
