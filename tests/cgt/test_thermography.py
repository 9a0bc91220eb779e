"""Tests of cgt/thermograph.py: exact walls, CGSuite conventions, drawing."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import Thermograph, Trajectory, thermograph
from cgt.thermography import walls_from_scaffolds

F = Fraction


def cgsuite_string(th):
    """A thermograph in CGSuite's printed form.

    ``Thermograph(mast, [critical points, highest first], [slopes, top piece first], ...)``
    once for the left wall and once for the right wall; the mast entry is the
    value of the top (vertical) piece.
    """
    def fmt(x):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

    def wall(w):
        cps = ",".join(fmt(c) for c in reversed(w.critical_points))
        slopes = ",".join(fmt(s) for s in reversed(w.slopes))
        return f"{fmt(w.mast_value)},[{cps}],[{slopes}]"

    return f"Thermograph({wall(th.left_wall)},{wall(th.right_wall)})"


# Source: CGSuite's own test suite, aaron-siegel/cgsuite,
# lib/core/src/test/scala/org/cgsuite/lang2/CanonicalShortGameTestCase.scala,
# field "thermograph" of each CanonicalShortGameTestCase (the CGSuite input is in the
# comment when our notation differs).
CGSUITE_THERMOGRAPHS = [
    ("0", "Thermograph(0,[],[0],0,[],[0])"),
    ("5", "Thermograph(5,[],[0],5,[],[0])"),
    ("-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"),
    ("25/16", "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])"),
    ("*8", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("9/8*", "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])"),
    ("^", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("v*", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("6^*", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"),
    ("^*6", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("73/16v9*8", "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])"),
    ("{0|*||*|||*||||*}", "Thermograph(0,[0],[0,-1],0,[],[0])"),          # ^[4]
    ("{0||0|v*}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{0||0|vvv}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{^^^|vv}", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
    ("{0||0|-3/2}", "Thermograph(0,[0],[0,-1],0,[],[0])"),                # Tiny(3/2)
    ("{0|||0||-1|-3}", "Thermograph(0,[0],[0,-1],0,[],[0])"),             # Tiny({3|1})
    ("{5||3|1|||0||||0}", "Thermograph(0,[],[0],0,[0],[0,1])"),           # Miny({5||3|1})
    ("{1|^^||^}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{1|^^^||^}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    ("{3||2+*|1+*}", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
     "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"),
]


@pytest.mark.parametrize("text,expected", CGSUITE_THERMOGRAPHS)
def test_thermographs_match_cgsuite(text, expected):
    g = cgt.parse(text)
    assert cgsuite_string(g.thermograph) == expected


def test_issue_examples():
    th = cgt.parse("{3||2*|1*}").thermograph
    assert (th.temperature, th.mast, th.mean) == (F(3, 4), F(9, 4), F(9, 4))
    th = cgt.parse("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}").thermograph
    assert (th.temperature, th.mast) == (F(21, 16), F(-5, 16))


def test_temperature_conventions():
    # CGSuite: integers -1, m/2^k -1/2^k, infinitesimals 0.
    assert cgt.number(7).thermograph.temperature == -1
    assert cgt.number(-3).thermograph.temperature == -1
    assert cgt.number("3/8").thermograph.temperature == F(-1, 8)
    assert cgt.number("-5/32").thermograph.temperature == F(-1, 32)
    for text in ("*", "^", "v*", "^^*3", "{0||0|-1}", "*17"):
        assert cgt.parse(text).thermograph.temperature == 0


def _from_options(g):
    """The thermograph of g from its options' walls (the scaffolds), without any shortcut."""
    ls = rs = None
    for gl in g.left_options:
        w = gl.thermograph.right_wall
        ls = w if ls is None else ls.maximum(w)
    for gr in g.right_options:
        w = gr.thermograph.left_wall
        rs = w if rs is None else rs.minimum(w)
    return walls_from_scaffolds(ls.tilt(-1), rs.tilt(1))


def test_every_number_up_star_matches_its_options():
    """The shortcut (x+^n*m has the thermograph of x*, x^ or xv) agrees with the recursion."""
    for x in (F(0), F(3), F(-1, 2), F(5, 8)):
        for n in range(-5, 6):
            for m in range(0, 6):
                if n == 0 and m == 0:
                    continue
                g = cgt.up_multiple(n, m, x)
                assert _from_options(g) == g.thermograph, (x, n, m)


def test_value_at_and_walls():
    th = cgt.parse("{2|-1}").thermograph
    assert th.value_at(-1) == (3, -2)
    assert th.value_at(0) == (2, -1)
    assert th.value_at(1) == (1, 0)
    assert th.value_at(F(3, 2)) == (F(1, 2), F(1, 2))
    assert th.value_at(100) == (F(1, 2), F(1, 2))
    assert th.critical_temperatures == (F(3, 2),)
    assert th.left_wall.points() == [(-1, 3), (F(3, 2), F(1, 2))]
    with pytest.raises(ValueError):
        th.value_at(-2)


def test_walls_at_zero_are_the_stops():
    for text in ("{3||2*|1*}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "+-1", "^*", "{5||3|1|||0||||0}"):
        g = cgt.parse(text)
        assert g.thermograph.value_at(0) == (g.left_stop, g.right_stop)


def test_sum_of_switches():
    g = sum((cgt.pm(k) for k in range(1, 7)), cgt.zero)
    th = g.thermograph
    assert th.temperature == 6 and th.mast == 0
    assert th.value_at(0) == (g.left_stop, g.right_stop)


def test_trajectory_construction_and_repr():
    w = Trajectory(4, ["3/4"], [-1, 0])
    assert w.value_at(0) == 3 and w.value_at(F(3, 4)) == F(9, 4) and w(5) == F(9, 4)
    assert eval(repr(w), {"Trajectory": Trajectory}) == w
    assert hash(w) == hash(Trajectory(4, [F(3, 4)], [-1, 0]))
    # equal consecutive pieces are merged
    assert Trajectory(1, [0, 1], [0, 0, 0]) == Trajectory.constant(1)
    assert Trajectory(1, [0], [0, 0]).critical_points == ()
    assert str(w) == "(-1, 4) -- (3/4, 9/4) -- slope 0 to infinity"
    assert w.slope_below(F(3, 4)) == -1 and w.slope_above(F(3, 4)) == 0
    assert w.segments()[-1] == (F(3, 4), F(9, 4), None, None, 0)
    with pytest.raises(ValueError, match="increase"):
        Trajectory(0, [1, 0], [0, 0, 0])
    with pytest.raises(ValueError, match="increase"):
        Trajectory(0, [-1], [0, 0])
    with pytest.raises(ValueError, match="slopes"):
        Trajectory(0, [1], [0])
    with pytest.raises(ValueError, match="no vertical mast"):
        _ = Trajectory(0, [], [1]).mast_value


def test_thermograph_validation():
    m = Trajectory.constant(1)
    assert Thermograph(m, m).temperature == -1
    with pytest.raises(ValueError, match="mast"):
        Thermograph(Trajectory.constant(1), Trajectory.constant(0))
    with pytest.raises(ValueError, match="exceeds"):
        Thermograph(Trajectory(-1, [1], [1, 0]), Trajectory(3, [1], [-1, 0]))
    with pytest.raises(TypeError):
        Thermograph(1, 2)
    th = cgt.pm(1).thermograph
    assert Thermograph(th.left_wall, th.right_wall) == th
    assert eval(repr(th), {"Thermograph": Thermograph, "Trajectory": Trajectory}) == th
    assert "temperature 1, mast 0" in str(th)


def test_thermograph_accepts_numbers_and_strings():
    assert thermograph(3) == cgt.number(3).thermograph
    assert thermograph("{2|-1}") == cgt.parse("{2|-1}").thermograph


def test_deep_games_do_not_recurse(fresh_caches):
    g = cgt.pm(1)
    for _ in range(3000):
        g = cgt.game([g], [-5])
    th = g.thermograph
    assert th.mast == g.mean
    x = cgt.number(Fraction(1, 2**2500))
    assert x.thermograph.temperature == Fraction(-1, 2**2500)
    assert cgt.up_multiple(5000).thermograph == cgt.up.thermograph


# ---------------------------------------------------------------- drawing

def test_svg_is_valid_xml():
    for text in ("{3||2*|1*}", "7", "*", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"):
        svg = cgt.parse(text).thermograph._repr_svg_()
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 2
        assert "temperature" in svg


def test_svg_hook_never_raises():
    th = cgt.pm(1).thermograph
    broken = Thermograph._trusted(th.left_wall, None)
    assert broken._repr_svg_() is None


def test_plot_with_matplotlib():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    th = cgt.parse("{3||2*|1*}").thermograph
    ax = th.plot()
    assert ax.xaxis_inverted()
    assert len(ax.lines) >= 2
    fig, ax2 = plt.subplots()
    assert th.plot(ax=ax2, linewidth=3) is ax2
    plt.close("all")


@pytest.fixture
def plt():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    yield plt
    plt.close("all")


def test_plot_passes_label_and_color_through(plt):
    # expected: label= and color= are matplotlib's (label= used to raise "got multiple values
    # for keyword argument 'label'" and leave an empty axes)
    th = cgt.parse("{3||2*|1*}").thermograph
    fig, ax = plt.subplots()
    ax.set_title("my title")
    th.plot(ax=ax, label="G", color="C2", linewidth=3, linestyle="--")
    ax.legend()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["G"]
    assert ax.get_title() == "my title"                     # the caller's title is kept
    for line in ax.lines[:3]:                                # walls and mast: one color, the kwargs
        assert line.get_color() == "C2" and line.get_linewidth() == 3 and line.get_linestyle() == "--"
    assert th.plot().get_title() == "temperature 3/4, mean 9/4"   # a figure of its own: a title


def test_plot_marks_the_temperature_and_draws_the_mast(plt):
    th = cgt.parse("{3||2*|1*}").thermograph
    ax = th.plot()
    ticks = list(ax.get_yticks(minor=True))
    labels = [t.get_text() for t in ax.get_yticklabels(minor=True)]
    assert ticks == [0.75] and labels == ["t=3/4"]
    # the mast: a vertical black line at the mean from the temperature up, as in the SVG
    left, right, mast = ax.lines[:3]
    assert list(mast.get_xdata()) == [2.25, 2.25] and mast.get_ydata()[0] == 0.75
    assert mast.get_color() == "black"
    assert max(left.get_ydata()) == max(right.get_ydata()) == 0.75
    svg = ET.fromstring(th.to_svg())
    ns = "{http://www.w3.org/2000/svg}"
    blacks = [e for e in svg.iter(ns + "line") if e.get("stroke") == "black" and e.get("x1") == e.get("x2")]
    assert len(blacks) == 1
    # a temperature of 1 (a major tick) is marked too
    ax2 = cgt.pm(1).thermograph.plot()
    assert 1.0 in list(ax2.get_yticks(minor=True))


def test_plot_thermographs_overlays_with_a_legend(plt):
    from cgt.thermography import plot_thermographs
    games = [cgt.parse("{2|-1}"), cgt.pm(1), cgt.up]
    ax = plot_thermographs(games)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [str(g) for g in games]
    assert ax.get_title() == ""
    colors = {line.get_color() for line in ax.lines if line.get_gid() != "cgt-t0"}
    assert colors == {"C0", "C1", "C2"}
    assert sorted(ax.get_yticks(minor=True)) == [0.0, 1.0, 1.5]
    fig, ax2 = plt.subplots()
    ax2.set_title("three games")
    out = plot_thermographs([g.thermograph for g in games], ax=ax2, labels=["a", "b", "c"], linewidth=2)
    assert out is ax2 and ax2.get_title() == "three games"
    assert [t.get_text() for t in ax2.get_legend().get_texts()] == ["a", "b", "c"]
    with pytest.raises(cgt.errors.CGTTypeError):
        plot_thermographs([3])
    with pytest.raises(cgt.errors.CGTTypeError):
        plot_thermographs(games, labels=["a"])


def test_svg_text_is_readable():
    svg = cgt.parse("{3||2*|1*}").thermograph.to_svg()
    root = ET.fromstring(svg)
    sizes = [float(e.get("font-size")) for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sizes and min(sizes) >= 12
    assert ">t=3/4<" in svg and ">9/4<" in svg and "value" in svg


# ---------------------------------------------------------------- trajectory algebra

dyadic = st.builds(lambda n, k: F(n, 2**k), st.integers(-16, 16), st.integers(0, 3))


@st.composite
def trajectories(draw):
    cps = sorted(set(draw(st.lists(dyadic.filter(lambda x: x > -1), max_size=4))))
    slopes = draw(st.lists(st.sampled_from([-1, 0, 1]), min_size=len(cps) + 1, max_size=len(cps) + 1))
    return Trajectory(draw(dyadic), cps, slopes)


@settings(max_examples=200, deadline=None)
@given(trajectories(), trajectories(), st.lists(dyadic.filter(lambda x: x >= -1), min_size=1, max_size=6))
def test_max_and_min_are_pointwise(a, b, ts):
    mx, mn = a.maximum(b), a.minimum(b)
    points = set(ts) | set(a.critical_points) | set(b.critical_points) | set(mx.critical_points) | {F(-1), F(7)}
    for t in points:
        assert mx(t) == max(a(t), b(t))
        assert mn(t) == min(a(t), b(t))
    # the result is continuous at its critical points
    for c in mx.critical_points:
        i = mx.critical_points.index(c)
        assert mx.slopes[i] * c + mx._icpts[i] == mx.slopes[i + 1] * c + mx._icpts[i + 1]


@settings(max_examples=100, deadline=None)
@given(trajectories(), dyadic, st.lists(dyadic.filter(lambda x: x >= -1), min_size=1, max_size=4))
def test_tilt_and_translate(a, c, ts):
    for t in ts:
        assert a.tilt(-1)(t) == a(t) - t
        assert a.translate(c)(t) == a(t) + c
        assert (-a)(t) == -a(t)


SMALL = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- optional cross-check

def _full_notation(g):
    """Fully braced notation (numbers as fractions) that cgt-py's parser reads."""
    if g.is_number:
        x = g.number_value
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return ("{" + ",".join(_full_notation(o) for o in g.left_options) + "|"
            + ",".join(_full_notation(o) for o in g.right_options) + "}")


def _cgtpy_wall(w):
    def fmt(x):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    cps = ", ".join(fmt(x) for x in reversed(w.critical_points))
    slopes = ", ".join(fmt(x) for x in reversed(w.slopes))
    return f"Trajectory({fmt(w.mast_value)}, [{cps}], [{slopes}])"


def test_agrees_with_cgt_py_when_installed():
    """Thermographs, temperatures and cooled games agree with cgt-py (cgt-tools, Rust), if present."""
    import random

    c = pytest.importorskip("cgt_py")
    rng = random.Random(7)
    leaves = [cgt.parse(s) for s in ("0", "*", "^", "1", "-1", "1/2", "+-1", "{2|1}", "-3/4", "{3|-2}", "*2")]

    def rnd(depth):
        if depth == 0 or rng.random() < 0.3:
            return rng.choice(leaves)
        return cgt.game([rnd(depth - 1) for _ in range(rng.randint(0, 3))],
                        [rnd(depth - 1) for _ in range(rng.randint(0, 3))])

    for _ in range(300):
        g = rnd(4)
        cg = c.CanonicalForm(_full_notation(g))
        th = g.thermograph
        assert repr(cg.thermograph) == \
            f"Thermograph(Thermograph({_cgtpy_wall(th.left_wall)}, {_cgtpy_wall(th.right_wall)}))"
        assert repr(cg.temperature) == f"DyadicRationalNumber('{_full_notation(cgt.number(g.temperature))}')"
        for t in ("1/2", "1"):
            assert c.CanonicalForm(_full_notation(g.cool(t))) == cg.cool(t)
        assert c.CanonicalForm(_full_notation(g.reduced_canonical_form)) == cg.reduced


def test_plot_without_matplotlib_names_the_extra(monkeypatch):
    # matplotlib made unimportable (a None in sys.modules stops an import)
    import sys

    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    from cgt.thermography import plot_thermographs

    for call in (cgt.pm(1).thermograph.plot, lambda: plot_thermographs([cgt.pm(1)])):
        with pytest.raises(ModuleNotFoundError, match=r"pip install 'konane-cgt\[plot\]'") as info:
            call()
        assert info.value.name == "matplotlib"
    assert "<polyline" in cgt.pm(1).thermograph.to_svg()      # the drawing of its own still works
