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
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NoReturn

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
        s = str(num)
    else:
        s = d.fraction.format(sign="-" if num < 0 else "", num=abs(num), den=den)
    if n:
        arrow = d.up if n > 0 else d.down
        k = abs(n)
        s += arrow * k if k <= 2 else d.arrows.format(arrow=arrow, k=k)
    if m:
        s += d.star if m == 1 else d.star + str(m)
    return s


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

    The one walk of every dialect; ``memo`` keeps what it wrote, by id.
    """
    cached = memo.get(gid)
    if cached is not None:
        return cached
    v = ops.nus(gid)
    if v is not None:
        r = (_nus(v[0], v[1], v[2], d), 0)
    else:
        lo, ro = ops.left_options(gid), ops.right_options(gid)
        if len(lo) == 1 and len(ro) == 1 and ops.neg(lo[0]) == ro[0]:
            body, k = _parts(lo[0], d, memo)
            r = (d.pm + (body if k == 0 else d.open + body + d.close), 0)
        else:
            sides = []
            inner = 0
            for side in (lo, ro):
                if len(side) == 1:
                    body, k = _parts(side[0], d, memo)
                    inner = max(inner, k)
                    sides.append(body)
                else:
                    texts = []
                    for o in sorted(side, key=display_key):
                        body, k = _parts(o, d, memo)
                        texts.append(body if k == 0 else d.open + body + d.close)
                    sides.append(d.comma.join(texts))
            k = inner + 1
            r = (d.inside(sides[0], sides[1], k), k)
    if len(memo) > _STR_LIMIT:
        memo.clear()
    memo[gid] = r
    return r


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


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0

    # helpers
    def peek(self, k: int = 0) -> _Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self) -> _Tok:
        t = self.toks[self.i]
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
        g = self.expr()
        if self.peek().kind != "end":
            self.error(f"unexpected {self.peek().text!r}")
        return g

    def expr(self) -> int:
        g = self.term()
        while True:
            k = self.peek().kind
            if k == "+":
                self.take()
                g = ops.add(g, self.term())
            elif k == "-":
                self.take()
                g = ops.add(g, ops.neg(self.term()))
            elif k == "pm":
                self.take()
                g = ops.add(g, _pm(self.term()))
            else:
                return g

    def term(self) -> int:
        t = self.peek()
        if t.kind == "-":
            if self.peek(1).kind == "num":
                self.take()
                return self.nus_literal(negative=True)
            self.take()
            return ops.neg(self.term())
        if t.kind == "+":
            self.take()
            return self.term()
        if t.kind == "pm":
            self.take()
            return _pm(self.term())
        return self.primary()

    def primary(self) -> int:
        t = self.peek()
        if t.kind in ("num", "up", "down", "*"):
            return self.nus_literal()
        if t.kind == "{":
            self.take()
            start = self.i
            depth = 0
            while True:
                u = self.peek()
                if u.kind == "end":
                    self.error("unclosed '{'", t)
                if u.kind in ("{", "("):
                    depth += 1
                elif u.kind in ("}", ")"):
                    if depth == 0:
                        if u.kind == ")":
                            self.error("unbalanced ')'", u)
                        break
                    depth -= 1
                self.take()
            end = self.i
            self.take()  # '}'
            return self.braces(start, end, t)
        if t.kind == "(":
            self.take()
            g = self.expr()
            self.expect(")")
            return g
        if t.kind == "name":
            name = self.take().text
            fn = _FUNCTIONS.get(name.lower())
            if fn is None:
                self.error(f"unknown name {name!r}", t)
            self.expect("(")
            arg = self.expr()
            self.expect(")")
            return fn(arg)
        what = "end of input" if t.kind == "end" else repr(t.text)
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
        return int(t.text)

    def number(self) -> Fraction:
        t = self.expect("num")
        x = Fraction(t.text)
        if self.peek().kind == "/" and self.peek(1).kind == "num":
            self.take()
            d = self.take()
            if not d.text.isdigit() or not t.text.isdigit():
                self.error("a fraction is written p/q with whole numbers", d)
            q = int(d.text)
            if q == 0:
                self.error("division by zero", d)
            x = Fraction(int(t.text), q)
        den = x.denominator
        if den & (den - 1):
            raise NotDyadicError(
                f"{x} at position {t.pos} in {self.text!r} is not a dyadic rational: "
                f"its denominator {den} is not a power of 2")
        return x

    def braces(self, start: int, end: int, open_tok: _Tok) -> int:
        """Parse the tokens ``start:end`` as the inside of ``{...}``."""
        toks = self.toks[start:end]
        depth = 0
        best = 0
        where = []
        for idx, t in enumerate(toks):
            if t.kind in ("{", "("):
                depth += 1
            elif t.kind in ("}", ")"):
                depth -= 1
            elif t.kind == "bars" and depth == 0:
                k = len(t.text)
                if k > best:
                    best, where = k, [idx]
                elif k == best:
                    where.append(idx)
        if best == 0:
            self.error("missing '|' in braces", open_tok)
        if len(where) > 1:
            self.error(f"ambiguous braces: {'|' * best} appears {len(where)} times at the same level",
                       toks[where[1]])
        cut = where[0]
        left = self.side(start, start + cut, toks[cut])
        right = self.side(start + cut + 1, end, toks[cut])
        return ops.canonical(left, right)

    def side(self, start: int, end: int, bar_tok: _Tok) -> list[int]:
        """Parse a comma-separated list of options (tokens ``start:end``).

        A side whose text has bars of its own (outside braces) is one option
        written without its braces, as in the right side of ``{3||2|1}``;
        commas in it belong to that option: ``{0||0,v*|vv}`` is ``{0|{0,v*|vv}}``.
        """
        opts: list[int] = []
        if start == end:
            return opts
        depth = 0
        for t in self.toks[start:end]:
            if t.kind in ("{", "("):
                depth += 1
            elif t.kind in ("}", ")"):
                depth -= 1
            elif t.kind == "bars" and depth == 0:
                return [self.braces(start, end, self.toks[start])]
        depth = 0
        elem_start = start
        has_bar = False
        for idx in range(start, end + 1):
            u = self.toks[idx] if idx < end else None
            if u is not None and u.kind in ("{", "("):
                depth += 1
            elif u is not None and u.kind in ("}", ")"):
                depth -= 1
            elif u is not None and u.kind == "bars" and depth == 0:
                has_bar = True
            if u is None or (u.kind == "," and depth == 0):
                if idx == elem_start:
                    self.error("empty option", u or bar_tok)
                if has_bar:
                    opts.append(self.braces(elem_start, idx, self.toks[elem_start]))
                else:
                    sub = _Parser.__new__(_Parser)
                    sub.text = self.text
                    sub.toks = self.toks[elem_start:idx] + [_Tok("end", "", (u or bar_tok).pos)]
                    sub.i = 0
                    g = sub.expr()
                    if sub.peek().kind != "end":
                        sub.error(f"unexpected {sub.peek().text!r}")
                    opts.append(g)
                elem_start = idx + 1
                has_bar = False
        return opts


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
