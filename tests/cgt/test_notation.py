"""Tests of cgt/notation.py: reading and writing CGSuite's notation (through cgt.parse and str)."""

import dataclasses
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import ops, parse
from cgt.notation import LATEX, TEXT, Dialect, display_key, format_game, latex_game, parse_id


@pytest.mark.parametrize("text", [
    "0", "3/8", "-5/4", "*", "*3", "^", "v", "^3", "v3", "v*", "^^*", "1^*", "-1/2v*3",
    "+-1", "{1|0}", "{3||2|1}", "{1|^^||^}", "{0||0|-2}", "+-{2|1}",
    "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "{0|v*}", "{3|2||1|0}",
])
def test_notation_round_trip(text):
    g = parse(text)
    assert str(g) == text
    assert parse(str(g)) == g
    assert eval(repr(g), {"cgt": cgt}) == g


def test_notation_variants():
    assert parse("±1") == parse("+-1")
    assert parse("↑↑*") == parse("^^*") == parse("^2*")
    assert parse("vv") == parse("v2") == -parse("^^")
    assert parse("(1/2) - 1") == parse("-1/2")
    assert parse("2-1^") == parse("1v")      # binary minus takes the whole term
    assert parse("-1^") == parse("-1") + cgt.up
    assert parse("0.75") == cgt.number("3/4")
    assert parse("Tiny(2)") == cgt.tiny(2) == parse("{0||0|-2}")
    assert parse("Miny(2)") == cgt.miny(2)
    assert parse("^<2>") == parse("{0|v*}")
    # a side with bars of its own is one unbraced option, commas included
    assert parse("{0||0,v*|vv}") == cgt.game([0], [parse("{0,v*|vv}")])
    assert parse("{1||+-(1*)|-1,{-1|-3}}") == cgt.game([1], [parse("{+-(1*)|-1,{-1|-3}}")])
    g = cgt.game([0], [parse("{0,v*|vv}")])
    assert parse(str(g)) == g
    # up-nth powers (Winning Ways ch. 9): ^<3> = {0 | v + v<2> + *}, each far smaller than the last
    u2, u3 = parse("^<2>"), parse("^<3>")
    assert u3 == cgt.game([0], [-(cgt.up + u2) + cgt.star]) and u3 != cgt.up
    assert all(sum([u3] * k, cgt.zero) < u2 for k in range(1, 5))
    assert parse("^[3]") == cgt.up + u2 + u3 and parse("v<2>") == -u2
    assert parse(" { 1 , 1/2 | 2 } ") == cgt.number("3/2")   # 1/2 is dominated by 1


def test_latex():
    up, pm1 = cgt.up, cgt.pm(1)
    assert up._repr_latex_() == "$\\displaystyle \\uparrow$"      # IPython's display hook
    assert "\\pm" in pm1._repr_latex_()
    assert "\\mid\\mid" in parse("{3||2|1}")._repr_latex_()
    assert parse("-3/8")._repr_latex_() == "$\\displaystyle -\\frac{3}{8}$"


def test_id_level_functions():
    g = parse("{3||2|1}")
    assert parse_id("{3||2|1}") == g.id and format_game(g.id) == "{3||2|1}" == str(g)
    assert "$\\displaystyle " + latex_game(g.id) + "$" == g._repr_latex_()
    ids = [parse(s).id for s in ("+-1", "*", "1/2", "-1", "^", "{3||2|1}")]
    assert [format_game(i) for i in sorted(ids, key=display_key)] == ["-1", "*", "^", "1/2", "+-1", "{3||2|1}"]
    assert ops.nus(parse_id("1/2 + ^^ + *3")) == (0.5, 2, 3)


def test_texts_survive_clearing_the_caches(fresh_caches):
    g = parse("{3|2||1|0}")
    assert str(g) == "{3|2||1|0}"
    cgt.clear_caches()
    assert str(g) == "{3|2||1|0}" and str(-g) == "{0|-1||-2|-3}"


# ---------------------------------------------------------------- the written forms, pinned

# (what cgt.parse reads, str(g), LaTeX of g): the expected texts were taken from the
# implementation as it stood before the text and the LaTeX became one walk.
WRITTEN = [
    # numbers: integers, big integers, dyadics (negative, big numerators and denominators)
    ("0", "0", "0"),
    ("7", "7", "7"),
    ("-12", "-12", "-12"),
    ("1180591620717411303424", "1180591620717411303424", "1180591620717411303424"),
    ("-1180591620717411303425", "-1180591620717411303425", "-1180591620717411303425"),
    ("3/8", "3/8", r"\frac{3}{8}"),
    ("-5/4", "-5/4", r"-\frac{5}{4}"),
    ("-1/2", "-1/2", r"-\frac{1}{2}"),
    ("-12345/1024", "-12345/1024", r"-\frac{12345}{1024}"),
    ("123456789/4096", "123456789/4096", r"\frac{123456789}{4096}"),
    ("-1099511627777/1099511627776", "-1099511627777/1099511627776", r"-\frac{1099511627777}{1099511627776}"),
    # nimbers, ups and downs, and their sums with numbers
    ("*", "*", r"\ast"),
    ("*2", "*2", r"\ast2"),
    ("*17", "*17", r"\ast17"),
    ("^", "^", r"\uparrow"),
    ("v", "v", r"\downarrow"),
    ("^^", "^^", r"\uparrow\uparrow"),
    ("vv", "vv", r"\downarrow\downarrow"),
    ("^3", "^3", r"3{\cdot}\uparrow"),
    ("v5", "v5", r"5{\cdot}\downarrow"),
    ("^*", "^*", r"\uparrow\ast"),
    ("v*", "v*", r"\downarrow\ast"),
    ("^^*3", "^^*3", r"\uparrow\uparrow\ast3"),
    ("v3*2", "v3*2", r"3{\cdot}\downarrow\ast2"),
    ("^* + ^^", "^3*", r"3{\cdot}\uparrow\ast"),
    ("1^*", "1^*", r"1\uparrow\ast"),
    ("-1/2v*3", "-1/2v*3", r"-\frac{1}{2}\downarrow\ast3"),
    ("-7/8^^", "-7/8^^", r"-\frac{7}{8}\uparrow\uparrow"),
    ("3*", "3*", r"3\ast"),
    ("-2*5", "-2*5", r"-2\ast5"),
    ("5/2^4*", "5/2^4*", r"\frac{5}{2}4{\cdot}\uparrow\ast"),
    # +-x
    ("+-1", "+-1", r"\pm 1"),
    ("+-1/2", "+-1/2", r"\pm \frac{1}{2}"),
    ("+-(1*)", "+-1*", r"\pm 1\ast"),
    ("+-{2|1}", "+-{2|1}", r"\pm \{2 \mid 1\}"),
    ("+-{3||2|1}", "+-{3||2|1}", r"\pm \{3 \mid\mid 2 \mid 1\}"),
    ("+-^", "*", r"\ast"),
    ("{+-1|-5}", "{+-1|-5}", r"\{\pm 1 \mid -5\}"),
    ("{+-3, 2 | -5}", "{2,+-3|-5}", r"\{2, \pm 3 \mid -5\}"),
    # switches and other single braces
    ("{3|1}", "{3|1}", r"\{3 \mid 1\}"),
    ("{-1|-5}", "{-1|-5}", r"\{-1 \mid -5\}"),
    ("{1|0}", "{1|0}", r"\{1 \mid 0\}"),
    ("{2|*}", "{2|*}", r"\{2 \mid \ast\}"),
    ("{1/2|-3/4*}", "{1/2|-3/4*}", r"\{\frac{1}{2} \mid -\frac{3}{4}\ast\}"),
    ("{1|0} + *", "{1*|*}", r"\{1\ast \mid \ast\}"),
    ("{3|1} + ^", "{3^|1^}", r"\{3\uparrow \mid 1\uparrow\}"),
    ("{^3*|v5}", "{^3*|v5}", r"\{3{\cdot}\uparrow\ast \mid 5{\cdot}\downarrow\}"),
    # tinies and minies
    ("Tiny(2)", "{0||0|-2}", r"\{0 \mid\mid 0 \mid -2\}"),
    ("Miny(2)", "{2|0||0}", r"\{2 \mid 0 \mid\mid 0\}"),
    ("Tiny(1/2)", "{0||0|-1/2}", r"\{0 \mid\mid 0 \mid -\frac{1}{2}\}"),
    ("Miny({3|1})", "{3|1||0|||0}", r"\{3 \mid 1 \mid\mid 0 \mid\mid\mid 0\}"),
    ("Tiny(+-1)", "1/2", r"\frac{1}{2}"),
    # nested braces: slashes, several options on a side, braced options among others
    ("{3||2|1}", "{3||2|1}", r"\{3 \mid\mid 2 \mid 1\}"),
    ("{3|2||1|0}", "{3|2||1|0}", r"\{3 \mid 2 \mid\mid 1 \mid 0\}"),
    ("{1|^^||^}", "{1|^^||^}", r"\{1 \mid \uparrow\uparrow \mid\mid \uparrow\}"),
    ("{4|||3||2|1}", "{4|||3||2|1}", r"\{4 \mid\mid\mid 3 \mid\mid 2 \mid 1\}"),
    ("{0|v*}", "{0|v*}", r"\{0 \mid \downarrow\ast\}"),
    ("^<3>", "{0||0|v*,0}", r"\{0 \mid\mid 0 \mid \downarrow\ast, 0\}"),
    ("{0||0,v*|vv}", "{0||v*,0|vv}", r"\{0 \mid\mid \downarrow\ast, 0 \mid \downarrow\downarrow\}"),
    ("{{4|3},{2|1}|-1}", "{4|3||-1}", r"\{4 \mid 3 \mid\mid -1\}"),
    ("{2,{3|1}|*,-1}", "{2,{3|1}|-1}", r"\{2, \{3 \mid 1\} \mid -1\}"),
    ("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
     r"\{\frac{3}{2}\ast \mid \frac{1}{2} \mid\mid \{0 \mid -3\},"
     r" \{-1\ast, \{-\frac{1}{2} \mid -1\ast\} \mid -\frac{5}{2}\}\}"),
    ("{1|0} + {4|0}", "{5|4||1|0}", r"\{5 \mid 4 \mid\mid 1 \mid 0\}"),
    ("{1|{0|-1/2}} + {1|0}", "{{2|1},{2||1|1/2}|{1|1/2||0|-1/2},{1||0|-1/2}}",
     r"\{\{2 \mid 1\}, \{2 \mid\mid 1 \mid \frac{1}{2}\} \mid \{1 \mid \frac{1}{2} \mid\mid 0 \mid -\frac{1}{2}\},"
     r" \{1 \mid\mid 0 \mid -\frac{1}{2}\}\}"),
]


@pytest.mark.parametrize("source,text,latex", WRITTEN)
def test_written_forms(source, text, latex):
    g = parse(source)
    for _ in range(2):      # cold caches, then warm ones
        assert str(g) == format_game(g.id) == text
        assert repr(g) == f"cgt.parse({text!r})"
        assert g._repr_latex_() == f"$\\displaystyle {latex}$" and latex_game(g.id) == latex
    assert parse(text) == g


@pytest.mark.parametrize("source,text,latex", WRITTEN[::7])
def test_written_forms_with_fresh_caches(fresh_caches, source, text, latex):
    g = parse(source)
    cgt.clear_caches()
    assert g._repr_latex_() == f"$\\displaystyle {latex}$"      # LaTeX first, with no text memoized
    cgt.clear_caches()
    assert str(g) == text


def test_dialects_share_one_walk():
    # another written form is one more Dialect value: here the Unicode signs that cgt.parse also reads
    unicode = dataclasses.replace(TEXT, up="↑", down="↓", star="∗", pm="±")
    assert isinstance(unicode, Dialect) and unicode != TEXT
    for source, text, latex in WRITTEN:
        g = parse(source)
        assert format_game(g.id, TEXT) == text and format_game(g.id, LATEX) == latex
        written = format_game(g.id, unicode)
        assert written == text.replace("+-", "±").replace("^", "↑").replace("v", "↓").replace("*", "∗")
        assert parse(written) == g
    assert format_game(parse("{1/2|-3/4^^*}").id, unicode) == "{1/2|-3/4↑↑∗}"
    with pytest.raises(dataclasses.FrozenInstanceError):
        TEXT.bar = "/"  # type: ignore[misc]


# Random games built by the arithmetic of cgt.Game: numbers (dyadic), nimbers and multiples of
# up as leaves, then sums, negatives, +-, {L | R} and Tiny/Miny over them.
_dyadics = st.builds(lambda p, k: Fraction(p, 2 ** k), st.integers(-40, 40), st.integers(0, 5))
_leaves = st.one_of(
    _dyadics.map(cgt.number),
    st.integers(0, 5).map(cgt.nimber),
    st.builds(lambda k, m, x: cgt.up_multiple(k, m, x), st.integers(-4, 4), st.integers(0, 3), _dyadics),
)


def _compound(children: st.SearchStrategy[cgt.Game]) -> st.SearchStrategy[cgt.Game]:
    return st.one_of(
        st.builds(lambda g, h: g + h, children, children),
        st.builds(lambda g, h: g - h, children, children),
        children.map(cgt.pm),
        children.map(cgt.tiny),
        children.map(cgt.miny),
        st.builds(cgt.game, st.lists(children, max_size=3), st.lists(children, max_size=3)),
    )


random_games = _compound(st.recursive(_leaves, _compound, max_leaves=8)).filter(lambda g: g.birthday <= 12)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(random_games)
def test_text_round_trips_through_parse(g):
    text = str(g)
    assert parse(text) == g
    assert eval(repr(g), {"cgt": cgt}) == g
    latex = g._repr_latex_()
    assert latex is not None and latex.startswith("$\\displaystyle ")


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("text,fragment", [
    ("{1|2", "unclosed '{'"),
    ("{1,|2}", "empty option"),
    ("1|2", "unexpected '|'"),
    ("{1|2|3}", "ambiguous braces"),
    ("{1 2}", "missing '|'"),
    ("", "empty game notation"),
    ("^^3", "write ^n or ^^.., not both"),
    ("#", "unexpected character '#'"),
    ("foo(1)", "unknown name 'foo'"),
    ("^<0>", "needs n >= 1"),
    ("{1|2}}", "unexpected '}'"),
])
def test_parse_errors(text, fragment):
    with pytest.raises(cgt.GameParseError) as info:
        parse(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_error_position():
    with pytest.raises(cgt.GameParseError) as info:
        parse("{1|2|3}")
    assert info.value.position == 4


@pytest.mark.parametrize("bad", ["1/3", "{0|1/3}", "2/6"])
def test_non_dyadic_in_notation(bad):
    with pytest.raises(cgt.NotDyadicError, match="not a dyadic"):
        parse(bad)


# ---------------------------------------------------------------- cgt.parse: the memo and the atoms

@given(st.integers(-10 ** 6, 10 ** 6), st.integers(0, 12), st.booleans(), st.integers(0, 3),
       st.one_of(st.none(), st.integers(0, 40)))
def test_plain_atoms_are_read_as_the_parser_reads_them(whole, shift, fraction, ups, nim):
    # the fast path against the parser (cgt.notation.parse_id), written every plain way
    number = f"{whole}/{2 ** shift}" if fraction else str(whole)
    star = "" if nim is None else ("*" if nim == 1 and shift % 2 else f"*{nim}")
    for text in (number + "^" * ups + star, "^" * ups + star or "0", star or "*", number):
        cgt.clear_caches()
        assert cgt.parse(text).id == parse_id(text), text


def test_parse_remembers_short_texts():
    cgt.clear_caches()
    assert cgt.cache_info()["parsed"] == 0
    g = cgt.parse("{3||2*|1*}")
    assert cgt.parse("{3||2*|1*}") is g and cgt.cache_info()["parsed"] == 1
    long = "+".join(["{1|0}"] * 20)                           # 119 characters: read, not remembered
    assert cgt.parse(long) == 10 and cgt.cache_info()["parsed"] == 1
    cgt.clear_caches()
    assert cgt.cache_info()["parsed"] == 0 and cgt.parse("{3||2*|1*}") == g


@pytest.mark.parametrize("text, error", [
    ("1/3", cgt.errors.NotDyadicError), ("1/0", cgt.errors.GameParseError),
    ("", cgt.errors.GameParseError), ("{1|", cgt.errors.GameParseError),
])
def test_parse_errors_are_not_remembered(text, error):
    for _ in range(2):
        with pytest.raises(error):
            cgt.parse(text)
    with pytest.raises(cgt.errors.CGTTypeError):
        cgt.parse(b"^*")
# ---------------------------------------------------------------- long and deep texts (issue 30)

@pytest.mark.parametrize("limit", [4300, 640])
def test_numbers_longer_than_python_converts_at_once_parse_and_write(limit):
    """A 5,000-digit integer raised the interpreter's digit-limit ValueError from inside
    cgt.parse: numbers are exact at any size, so their digits are read and written by halves
    within the limit (``sys.get_int_max_str_digits``: 4300 by default, 640 at the least)."""
    if not hasattr(sys, "set_int_max_str_digits"):
        pytest.skip("this interpreter converts integers of any length")
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(limit)
    try:
        sevens = sum(7 * 10**k for k in range(5000))                # 5,000 sevens
        den = 2**20000                                              # 6,021 digits
        den_text = "".join(str(den // 10**k % 10) for k in range(6020, -1, -1))
        for text, value in [("7" * 5000, sevens), ("-" + "7" * 5000, -sevens),
                            ("7" * 5000 + ".25", Fraction(4 * sevens + 1, 4)),
                            ("3/" + den_text, Fraction(3, den)),
                            ("-" + "7" * 5000 + "/" + den_text + "*", None)]:
            g = parse(text)
            if value is not None:
                assert g.number_value == value
            assert parse(str(g)) == g
        assert str(parse("7" * 5000)) == "7" * 5000
        assert str(parse("3/" + den_text)) == "3/" + den_text
        assert parse("{0|" + "7" * 6000 + "}") == cgt.number(1)
        with pytest.raises(cgt.NotDyadicError, match="is not a dyadic rational"):
            parse("1/" + "3" * 5000)
    finally:
        sys.set_int_max_str_digits(old)


def test_deeply_nested_braces_parse_in_linear_time_without_recursion():
    """Nested braces: 3,000 took 14 s and 10,000 took 142 s (the parser rescanned the text at
    each level, and recursed).  The reader is linear now: 20,000 levels in a second or two,
    with the recursion limit untouched (checked in a subprocess with a time-out that only
    catches a hang)."""
    code = textwrap.dedent("""
        import sys, cgt
        n = 20_000
        a = cgt.parse("{0|" * n + "0" + "}" * n)                  # {0|g} of ^k is ^(k+1)
        b = cgt.parse("{" * n + "0" + "|}" * n)                   # {g|} of the integer k is k+1
        c = cgt.parse("(" * n + "1/2" + ")" * n)                  # parentheses
        print(a, b, c, sys.getrecursionlimit())
        """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["^19999", "20000", "1/2", "1000"]


def test_slashes_nested_deep_read_back():
    g = cgt.zero
    for k in range(300):
        g = cgt.game([k + 1], [g])
    text = str(g)
    assert text.count("|") == 300 * 301 // 2 and parse(text) == g
