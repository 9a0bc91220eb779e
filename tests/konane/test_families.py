"""Tests of konane.families: families of positions and the closed forms of their values."""

import itertools

import pytest

import cgt
import konane
from cgt.families import ClosedForm, find_closed_form
from konane.errors import FamilyError, FamilyTypeError, NoClosedFormWarning
from konane.families import Family


def alternating(n, first="x"):
    other = "o" if first == "x" else "x"
    return "".join(first if i % 2 == 0 else other for i in range(n))


def solid(n):
    """Ernst's solid linear pattern: n alternating stones, Black first, an empty cell at each end."""
    return "." + alternating(n) + "."


def with_tail(n, offset=False, margin=2):
    """Ernst's tail patterns, built as in notebooks/02-ernst-1995.ipynb."""
    width = n + 2 * margin + (1 if offset else 0)
    grid = [["."] * width for _ in range(2 * margin + 2)]
    first = margin + (1 if offset else 0)
    for i, stone in enumerate(alternating(n)):
        grid[margin][first + i] = stone
    if offset:
        grid[margin + 1][first - 1] = "x"
    else:
        grid[margin + 1][first] = "o"
    return konane.Board("/".join("".join(row) for row in grid))


def row(*blocks):
    """Chan and Tsai's rows: blocks alternating from White, single empty cells between, empty ends."""
    return "." + ".".join(alternating(n, "o") for n in blocks) + "."


def strip(n, removed, rows=2):
    """A rows x n checkerboard (x at the top left) with the cells `removed` emptied."""
    grid = [["x" if (r + c) % 2 == 0 else "o" for c in range(n)] for r in range(rows)]
    for r, c in removed:
        grid[r][c] = "."
    return konane.Board("/".join("".join(line) for line in grid))


# ---------------------------------------------------------------- Family basics

def test_board_from_picture_and_from_board():
    fam = Family(solid)
    assert fam.names == ("n",) and fam.arity == 1
    assert fam.board(3) == konane.Board(".xox.")
    assert Family(lambda k: konane.Board("." * k + "xo")).board(2) == konane.Board("..xo")
    assert fam.board((3,)) == fam.board(3)


def test_values_in_order_and_complete():
    fam = Family(solid)
    values = fam.values([5, 1, 4])
    assert list(values) == [5, 1, 4]
    assert values == {5: cgt.number(-2), 1: cgt.zero, 4: cgt.zero}
    assert fam.value(6) == cgt.star == konane.value(solid(6))


def test_values_pass_options_to_konane_value():
    fam = Family(lambda n: "." + "xo" * n + "." + "x" * n)
    assert fam.values([2], rules=konane.SINGLE_JUMP, progress=False) == {2: konane.value(fam.board(2),
                                                                                         rules=konane.SINGLE_JUMP)}


def test_several_parameters():
    fam = Family(lambda a, b: row(a, b))
    assert fam.names == ("a", "b") and fam.arity == 2
    assert fam.board(3, 1) == fam.board((3, 1)) == konane.Board(".oxo.o.")
    assert fam.values([(1, 1), (3, 3)]) == {(1, 1): cgt.zero, (3, 3): cgt.number(2)}


def test_names_and_repr():
    def S(p, q):
        return row(p, q)
    assert repr(Family(S)) == "<konane Family S(p, q)>"
    assert Family(lambda *blocks: row(*blocks), names=["p", "q", "r"]).board(1, 1, 1) == konane.Board(".o.o.o.")
    assert repr(Family(S, name="two blocks")) == "<konane Family two blocks(p, q)>"


def test_fix():
    fam = Family(lambda a, b, c: row(a, b, c))
    one = fam.fix(a=3, c=1)
    assert one.names == ("b",)
    assert one.board(5) == fam.board(3, 5, 1)
    two = fam.fix(b=2)
    assert two.names == ("a", "c") and two.board(1, 3) == fam.board(1, 2, 3)
    with pytest.raises(FamilyTypeError):
        fam.fix(d=1)
    with pytest.raises(FamilyTypeError):
        fam.fix(a=1.5)
    with pytest.raises(FamilyTypeError):
        fam.fix(a=1, b=1, c=1)


# ---------------------------------------------------------------- errors

def test_errors():
    assert issubclass(FamilyError, konane.KonaneError) and issubclass(FamilyError, ValueError)
    assert issubclass(FamilyTypeError, konane.KonaneError) and issubclass(FamilyTypeError, TypeError)
    with pytest.raises(FamilyError, match="n = 2") as info:
        Family(lambda n: "x" * n + "q").board(2)
    assert isinstance(info.value.__cause__, konane.BoardParseError)
    with pytest.raises(FamilyTypeError, match="returned None"):
        Family(lambda n: None).value(1)
    with pytest.raises(FamilyTypeError):
        Family(solid).board(1.5)
    with pytest.raises(FamilyTypeError):
        Family(solid).board(True)
    with pytest.raises(FamilyTypeError, match="expected 1"):
        Family(solid).values([(1, 2)])
    with pytest.raises(FamilyTypeError):
        Family("not a function")
    with pytest.raises(FamilyTypeError, match="names"):
        Family(lambda *args: "x")


def test_errors_of_f_propagate():
    def f(n):
        if n == 3:
            raise RuntimeError("no board for 3")
        return solid(n)
    with pytest.raises(RuntimeError, match="no board for 3"):
        Family(f).values(range(5))


# ---------------------------------------------------------------- closed forms of real families

def test_ernst_solid_pattern():
    conj = Family(solid, names=["N"]).conjecture(range(0, 25))
    assert isinstance(conj, ClosedForm)
    assert (conj.period, conj.start, conj.support) == (4, 0, 25)
    assert str(conj).splitlines()[1:] == [
        "  N = 4j      (j >= 0):  0",
        "  N = 2j + 1  (j >= 0):  -j",
        "  N = 4j + 2  (j >= 0):  *"]
    assert conj.check(range(25, 41)).ok


def test_ernst_tail():
    conj = Family(with_tail, names=["N"]).conjecture(range(1, 21))
    assert (conj.period, conj.start) == (4, 4)
    assert str(conj).splitlines()[1:5] == [
        "  N = 4j      (j >= 1):  {2j - 1 | *}",
        "  N = 4j + 1  (j >= 1):  {0 | -2j + 1}",
        "  N = 4j + 2  (j >= 1):  {2j | 0}",
        "  N = 4j + 3  (j >= 1):  {* | -2j}"]
    assert conj.exceptions == {1: cgt.star, 2: cgt.star, 3: cgt.game([cgt.star], [cgt.down])}
    assert conj.check(range(21, 27)).ok


def test_ernst_offset_tail():
    conj = Family(lambda N: with_tail(N, offset=True)).conjecture(range(1, 21))
    assert (conj.period, conj.start) == (4, 3)
    assert conj.exceptions == {1: cgt.zero, 2: cgt.up}
    assert all(conj(n) == (cgt.number(-(n - 1) // 2) if n % 2 else
                           (cgt.star if n % 4 == 0 else cgt.zero)) for n in range(3, 60))


def test_chan_tsai_three_odd_blocks():
    S = Family(lambda a, b, c: row(2 * a + 1, 2 * b + 1, 2 * c + 1))
    conj = S.conjecture(itertools.product(range(3), repeat=3))
    assert conj.periods == (1, 1, 1) and conj.support == 27
    assert str(conj).splitlines()[1].endswith("a + b + c")
    assert conj.check([(3, 0, 1), (0, 4, 0)]).ok


def test_chan_tsai_two_blocks_even_even():
    fam = Family(lambda a, b: row(2 * a, 2 * b))
    conj = fam.conjecture(itertools.product(range(1, 7), repeat=2))
    assert conj.periods == (2, 2) and conj.starts == (1, 1)
    assert conj(10, 10) == cgt.pm(10) + cgt.star and conj(9, 9) == cgt.pm(9)


def test_chan_tsai_two_blocks_odd_even_splits_and_is_none():
    # S(2a+1, 2b) = a - b for a > b but 2^-(b-a+1) for 1 <= a <= b: no closed form by residues
    fam = Family(lambda a, b: row(2 * a + 1, 2 * b))
    with pytest.warns(NoClosedFormWarning) as caught:
        assert fam.conjecture(itertools.product(range(0, 6), range(1, 6))) is None
    # all numbers, so one shape; a - b or 2^-(b-a+1): not affine
    assert caught[0].message.reason.startswith("the values have one shape (#) but their numbers do not change "
                                               "linearly")
    # with b fixed it is a - b from a = b + 1 on
    conj = fam.fix(b=2).conjecture(range(0, 10))
    assert (conj.period, conj.start) == (1, 3) and conj(20) == cgt.number(18)


def test_strip_with_a_corner_removed():
    conj = Family(lambda n: strip(n, [(0, 0)])).conjecture(range(3, 15))
    assert conj.period == 2
    assert all(conj(n) == cgt.number((n - 1) // 2) for n in range(3, 60))


def test_unrelated_boards_get_no_closed_form():
    pictures = [".xo.", "..ox", ".ox./o..x/....", "..x.xo.o..", "..o.ox..xo..", "..ox.o.ox..", ".xoxox.",
                "xx.xo", "..o.ox..", "....oxxoox..oxxxxo....", "..ox.ox..", "..xx.x.xo.."]
    fam = Family(lambda n: pictures[n])
    with pytest.warns(NoClosedFormWarning, match="has no closed form on these 12 values: no period up to 4 fits"):
        assert fam.conjecture(range(len(pictures))) is None


def test_too_few_values_are_said():
    with pytest.warns(NoClosedFormWarning) as caught:
        assert Family(solid).conjecture(range(2)) is None
    assert caught[0].message.reason == ("too few values: 2 values of n, and a closed form needs at least 3 "
                                        "(min_support) in each residue class beyond its start")


def test_family_and_generic_fit_agree():
    fam = Family(with_tail)
    values = fam.values(range(1, 17))
    assert str(fam.conjecture(range(1, 17))) == str(find_closed_form(values))


@pytest.mark.slow
def test_ernst_solid_and_tails_longer():
    assert Family(solid).conjecture(range(0, 41)).check(range(41, 81)).ok
    assert Family(with_tail).conjecture(range(1, 33)).check(range(33, 49)).ok
