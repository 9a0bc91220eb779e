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
"""

import re
from fractions import Fraction

from . import _core
from .errors import GameParseError, NotDyadicError

__all__ = ["parse", "format_game", "latex_game", "display_key"]

_STR = {}


def _fmt_number(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _fmt_nus(x, n, m):
    if x == 0 and n == 0 and m == 0:
        return "0"
    s = _fmt_number(x) if x != 0 else ""
    if n:
        c = "^" if n > 0 else "v"
        k = abs(n)
        s += c * k if k <= 2 else f"{c}{k}"
    if m:
        s += "*" if m == 1 else f"*{m}"
    return s


def display_key(gid):
    """A sort key giving a stable, readable order of games (numbers first, by value)."""
    v = _core._NUS[gid]
    if v is not None:
        return (0, v[0], v[1], v[2], "")
    return (1, 0, _core.birthday(gid), 0, format_game(gid))


def _parts(gid):
    """``(text, bars)``: the game's text without outer braces, and its bar count (0 for atoms)."""
    cached = _STR.get(gid)
    if cached is not None:
        return cached
    v = _core._NUS[gid]
    if v is not None:
        r = (_fmt_nus(*v), 0)
    else:
        lo, ro = _core._LEFT[gid], _core._RIGHT[gid]
        if len(lo) == 1 and len(ro) == 1 and _core.neg(lo[0]) == ro[0]:
            body, k = _parts(lo[0])
            r = ("+-" + (body if k == 0 else "{" + body + "}"), 0)
        else:
            sides = []
            inner = 0
            for opts in (lo, ro):
                opts = sorted(opts, key=display_key)
                if len(opts) == 1:
                    body, k = _parts(opts[0])
                    inner = max(inner, k)
                    sides.append(body)
                else:
                    texts = []
                    for o in opts:
                        body, k = _parts(o)
                        texts.append(body if k == 0 else "{" + body + "}")
                    sides.append(",".join(texts))
            k = inner + 1
            r = (sides[0] + "|" * k + sides[1], k)
    if len(_STR) > _core.CACHE_LIMIT:
        _STR.clear()
    _STR[gid] = r
    return r


def format_game(gid):
    """CGSuite plain-text notation of the game with this id."""
    body, k = _parts(gid)
    return body if k == 0 else "{" + body + "}"


# ---------------------------------------------------------------- LaTeX

def _latex_number(x):
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"


def _latex(gid):
    v = _core._NUS[gid]
    if v is not None:
        x, n, m = v
        if x == 0 and n == 0 and m == 0:
            return "0", 0
        s = _latex_number(x) if x != 0 else ""
        if n:
            arrow = "\\uparrow" if n > 0 else "\\downarrow"
            k = abs(n)
            s += arrow * k if k <= 2 else f"{k}{{\\cdot}}{arrow}"
        if m:
            s += "\\ast" if m == 1 else f"\\ast{m}"
        return s, 0
    lo, ro = _core._LEFT[gid], _core._RIGHT[gid]
    if len(lo) == 1 and len(ro) == 1 and _core.neg(lo[0]) == ro[0]:
        body, k = _latex(lo[0])
        return "\\pm " + (body if k == 0 else "\\{" + body + "\\}"), 0
    sides = []
    inner = 0
    for opts in (lo, ro):
        opts = sorted(opts, key=display_key)
        if len(opts) == 1:
            body, k = _latex(opts[0])
            inner = max(inner, k)
            sides.append(body)
        else:
            parts = []
            for o in opts:
                body, k = _latex(o)
                parts.append(body if k == 0 else "\\{" + body + "\\}")
            sides.append(", ".join(parts))
    k = inner + 1
    return sides[0] + " " + "\\mid" * k + " " + sides[1], k


def latex_game(gid):
    """LaTeX for the game with this id (without surrounding ``$``)."""
    body, k = _latex(gid)
    return body if k == 0 else "\\{" + body + "\\}"


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

    def __init__(self, kind, text, pos):
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.pos}"


def _tokenize(text):
    toks = []
    pos = 0
    while pos < len(text):
        mt = _TOKEN.match(text, pos)
        if mt is None:
            raise GameParseError(f"unexpected character {text[pos]!r}", text, pos)
        kind = mt.lastgroup
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
    def __init__(self, text):
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0

    # helpers
    def peek(self, k=0):
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def take(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def error(self, msg, tok=None):
        tok = tok or self.peek()
        raise GameParseError(msg, self.text, tok.pos)

    def expect(self, kind):
        t = self.peek()
        if t.kind != kind:
            what = "end of input" if t.kind == "end" else repr(t.text)
            self.error(f"expected {kind!r} but found {what}", t)
        return self.take()

    # grammar
    def parse(self):
        if self.peek().kind == "end":
            raise GameParseError("empty game notation", self.text, 0)
        g = self.expr()
        if self.peek().kind != "end":
            self.error(f"unexpected {self.peek().text!r}")
        return g

    def expr(self):
        g = self.term()
        while True:
            k = self.peek().kind
            if k == "+":
                self.take()
                g = _core.add(g, self.term())
            elif k == "-":
                self.take()
                g = _core.add(g, _core.neg(self.term()))
            elif k == "pm":
                self.take()
                g = _core.add(g, _pm(self.term()))
            else:
                return g

    def term(self):
        t = self.peek()
        if t.kind == "-":
            if self.peek(1).kind == "num":
                self.take()
                return self.nus_literal(negative=True)
            self.take()
            return _core.neg(self.term())
        if t.kind == "+":
            self.take()
            return self.term()
        if t.kind == "pm":
            self.take()
            return _pm(self.term())
        return self.primary()

    def primary(self):
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

    def nus_literal(self, negative=False):
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
                    g = _core.neg(g)
                return self._nus_tail(_core.add(_core.nus_id(x), g))
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
        return _core.nus_id(x, n, m)

    def _nus_tail(self, g):
        if self.peek().kind == "*":
            self.take()
            m = 1
            if self.peek().kind == "num":
                m = self.integer()
            g = _core.add(g, _core.nus_id(0, 0, m))
        return g

    def integer(self):
        t = self.expect("num")
        if not t.text.isdigit():
            self.error(f"expected a whole number, found {t.text!r}", t)
        return int(t.text)

    def number(self):
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

    def braces(self, start, end, open_tok):
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
        return _core.canonical(left, right)

    def side(self, start, end, bar_tok):
        """Parse a comma-separated list of options (tokens ``start:end``).

        A side whose text has bars of its own (outside braces) is one option
        written without its braces, as in the right side of ``{3||2|1}``;
        commas in it belong to that option: ``{0||0,v*|vv}`` is ``{0|{0,v*|vv}}``.
        """
        opts = []
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
            t = self.toks[idx] if idx < end else None
            if t is not None and t.kind in ("{", "("):
                depth += 1
            elif t is not None and t.kind in ("}", ")"):
                depth -= 1
            elif t is not None and t.kind == "bars" and depth == 0:
                has_bar = True
            if t is None or (t.kind == "," and depth == 0):
                if idx == elem_start:
                    self.error("empty option", t or bar_tok)
                if has_bar:
                    opts.append(self.braces(elem_start, idx, self.toks[elem_start]))
                else:
                    sub = _Parser.__new__(_Parser)
                    sub.text = self.text
                    sub.toks = self.toks[elem_start:idx] + [_Tok("end", "", (t or bar_tok).pos)]
                    sub.i = 0
                    g = sub.expr()
                    if sub.peek().kind != "end":
                        sub.error(f"unexpected {sub.peek().text!r}")
                    opts.append(g)
                elem_start = idx + 1
                has_bar = False
        return opts


def _pm(g):
    return _core.canonical([g], [_core.neg(g)])


def _up_powers(k):
    """``[^<1>, ..., ^<k>]``: the up-nth powers, ``^<1> = ^`` and ``^<n+1> = {0 | v[n]*}``,
    where ``v[n] = -(^<1> + ... + ^<n>)`` (Berlekamp, Conway & Guy, *Winning Ways*, ch. 9)."""
    powers = [_core.nus_id(0, 1, 0)]
    total = powers[0]
    for _ in range(k - 1):
        nxt = _core.canonical([_core.ZERO], [_core.add(_core.neg(total), _core.nus_id(0, 0, 1))])
        powers.append(nxt)
        total = _core.add(total, nxt)
    return powers


def _up_power(k):
    """The up-nth power ``^<k>``."""
    return _up_powers(k)[-1]


def _up_power_sum(k):
    """``^[k] = ^<1> + ^<2> + ... + ^<k>``."""
    g = _core.ZERO
    for p in _up_powers(k):
        g = _core.add(g, p)
    return g


def _tiny(g):
    return _core.canonical([_core.ZERO], [_core.canonical([_core.ZERO], [_core.neg(g)])])


def _miny(g):
    return _core.neg(_tiny(g))


_FUNCTIONS = {"tiny": _tiny, "miny": _miny, "pm": _pm}


def parse_id(text):
    """Id of the game written ``text``."""
    if not isinstance(text, str):
        raise GameParseError(f"game notation must be a string, not {type(text).__name__} {text!r}")
    return _Parser(text).parse()


def parse(text):
    """Read a game written in CGSuite's plain-text notation.

    Parameters
    ----------
    text : str
        For example ``"{1|0}"``, ``"^^*"``, ``"{3||2|1}"``, ``"+-1"``, ``"3/8"``,
        ``"^^^+vvv*+*3"``, ``"Tiny(2)"``.

    Returns
    -------
    Game
        The canonical form.

    Raises
    ------
    GameParseError
        If the text is malformed; the message gives the position of the fault.
    NotDyadicError
        If a number in it is not dyadic (``1/3``).

    Examples
    --------
    >>> cgt.parse("{0|^*5}")
    cgt.parse('^^*4')
    >>> cgt.parse("*3+*5"), cgt.parse("{0,*|0,*}"), cgt.parse("{3/4|7/8}")
    (cgt.parse('*6'), cgt.parse('*2'), cgt.parse('13/16'))
    >>> cgt.parse("{3 | {2 | 1}}")
    cgt.parse('{3||2|1}')
    >>> cgt.parse("{1|2")
    Traceback (most recent call last):
    ...
    cgt.errors.GameParseError: unclosed '{' at position 0 in '{1|2'
      {1|2
      ^
    """
    from .game import _wrap
    from ._deep import deep
    return _wrap(deep(parse_id, text))
