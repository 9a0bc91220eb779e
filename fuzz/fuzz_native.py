"""Coverage-guided fuzzing of the native engine (``cgt._native``) with atheris.

Not part of the test suite: pytest does not collect ``fuzz/``, and atheris is not a test dependency
(``pip install atheris``; needs the native engine built).  Run from the repository root::

    python fuzz/fuzz_native.py -runs=100000          # 10^5 inputs, about a minute or two
    python fuzz/fuzz_native.py -max_total_time=600   # or for a while

Each input is read as a short program over a small table of games: build games
from options (valid and invalid ids), add, negate, compare, ask for options,
number-up-star triples, stops and birthdays, and make ``x + ^n + *m`` from
numbers of every size and from values of the wrong type.  Every native result is
checked against the pure-Python reference engine on the same games (canonical
forms compared by structure, since ids differ).  Only the documented errors (the
classes of :mod:`cgt.errors`) may come out; anything else, a crash, or a
disagreement stops the fuzzer with the input that caused it.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import atheris

with atheris.instrument_imports():
    from cgt import errors, ops

N = ops.engine("native")        # the native engine and the Python reference, side by side
P = ops.engine("python")

DOCUMENTED = errors.CGTError
MAX_BIRTHDAY = 5            # sums of bigger games can take exponential time: not the point here


def form(E, g, memo):
    r = memo.get(g)
    if r is None:
        v = E.nus(g)
        if v is not None:
            r = "N({},{},{})".format(*v)
        else:
            r = "{{{}|{}}}".format(",".join(sorted(form(E, o, memo) for o in E.left_options(g))),
                             ",".join(sorted(form(E, o, memo) for o in E.right_options(g))))
        memo[g] = r
    return r


class Table:
    def __init__(self):
        self.games = [(N.ZERO, P.ZERO)]     # (native id, python id)
        self.mn, self.mp = {}, {}

    def agree(self, q, p):
        assert form(N, q, self.mn) == form(P, p, self.mp), (form(N, q, self.mn), form(P, p, self.mp))

    def add(self, q, p):
        self.agree(q, p)
        if N.birthday(q) <= MAX_BIRTHDAY and len(self.games) < 64:
            self.games.append((q, p))


def number(fdp):
    kind = fdp.ConsumeIntInRange(0, 5)
    if kind == 0:
        return fdp.ConsumeIntInRange(-8, 8)
    if kind == 1:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 40))             # up to 320 bits
    if kind == 2:
        return Fraction(fdp.ConsumeIntInRange(-64, 64), 2 ** fdp.ConsumeIntInRange(0, 100))
    if kind == 3:
        return Fraction(fdp.ConsumeIntInRange(-50, 50), fdp.ConsumeIntInRange(1, 50))   # maybe not dyadic
    if kind == 4:
        return fdp.ConsumeFloat()
    return fdp.PickValueInList([None, "1", b"\x00", [], 1j, object(), True])


def an_id(fdp, t):
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind <= 6:
        return fdp.PickValueInList(t.games)
    if kind == 7:
        return (fdp.ConsumeInt(8), None)                                # maybe valid, maybe not
    if kind == 8:
        return (-fdp.ConsumeIntInRange(1, 2**40), None)
    return (fdp.PickValueInList([None, 1.0, "0", [0], 2**70]), None)


def step(fdp, t):
    op = fdp.ConsumeIntInRange(0, 9)
    if op == 0:
        lo = [an_id(fdp, t) for _ in range(fdp.ConsumeIntInRange(0, 3))]
        ro = [an_id(fdp, t) for _ in range(fdp.ConsumeIntInRange(0, 3))]
        q = N.canonical([a for a, _ in lo], [a for a, _ in ro])
        if all(p is not None for _, p in lo + ro):
            t.add(q, P.canonical([p for _, p in lo], [p for _, p in ro]))
    elif op == 1:
        (a, pa), (b, pb) = an_id(fdp, t), an_id(fdp, t)
        q = N.add(a, b)
        if pa is not None and pb is not None:
            t.add(q, P.add(pa, pb))
    elif op == 2:
        a, pa = an_id(fdp, t)
        q = N.neg(a)
        if pa is not None:
            t.add(q, P.neg(pa))
    elif op == 3:
        (a, pa), (b, pb) = an_id(fdp, t), an_id(fdp, t)
        r = N.leq(a, b)
        if pa is not None and pb is not None:
            assert r == P.leq(pa, pb)
    elif op == 4:
        x = number(fdp)
        n = fdp.PickValueInList([0, 0, 1, -1, 2, -3, 2**62, 2**63, -(2**63), 2**64, None, 0.5])
        m = fdp.PickValueInList([0, 0, 1, 2, 3, 7, 2**40, 2**64, -1, None, "1"])
        q = N.nus_id(x, n, m)
        v = N.nus(q)
        assert v == (Fraction(x), n or 0, m or 0), (v, x, n, m)
        if isinstance(x, int) and abs(x) < 100 and abs(n or 0) < 5 and (m or 0) < 8:
            t.add(q, P.nus_id(x, n or 0, m or 0))
    else:
        a, pa = an_id(fdp, t)
        name = ["left_options", "right_options", "nus", "stops", "birthday", "number_value"][op - 5 if op < 9 else 5]
        r = getattr(N, name)(a)
        if pa is not None and name in ("stops", "birthday", "number_value"):
            assert r == getattr(P, name)(pa), name
        if name in ("left_options", "right_options"):
            assert list(r) == sorted(r)


def test_one_input(data):
    fdp = atheris.FuzzedDataProvider(data)
    t = Table()
    for _ in range(fdp.ConsumeIntInRange(1, 12)):
        try:
            step(fdp, t)
        except DOCUMENTED:
            pass


def main():
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
