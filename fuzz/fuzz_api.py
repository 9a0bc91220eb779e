"""Generated inputs into every public entry point of ``cgt`` and ``konane``, with oracles.

Each entry point gets inputs drawn from a seeded generator that favours the hostile ones:
pictures with odd characters, ragged rows and huge sizes; game texts with unbalanced braces,
huge numbers and deep nesting; ids that are negative, huge or of the wrong type; limits that are
negative, NaN, infinite or of the wrong type; move notation for squares off the board; files that
are not the library's.  Every call must end in one of two ways:

* a **value** (checked against an oracle where there is one: ``parse(str(g)) == g``, a colour
  swap negates a value, a board's picture reads back as the board, a solved winner agrees with
  the value's outcome, ...);
* a **documented error**: a class of ``cgt.errors`` or ``konane.errors`` (and
  :class:`konane.ComputationLimitError` for a limit).

Anything else -- another exception, a wrong value, a call that outlives its time (a hang), a
crash of the process -- is a *failure*, printed with the input that caused it.  Each call runs
under an alarm (``--timeout`` seconds) and the whole process under an address-space cap
(``--memory``), so that a runaway call shows up as a failure instead of taking the machine down.

Run from the repository root::

    python fuzz/fuzz_api.py                          # every entry point, 10^5 inputs each
    python fuzz/fuzz_api.py --count 2000             # a quick pass
    python fuzz/fuzz_api.py --only parse,board --seed 7 --json failures.json

The summary table gives, per entry point, the inputs tried, how many ended in a value, in a
documented error (by class) and in a failure, and the time.  The exit code is 1 if anything
failed.  ``tests/test_fuzz_smoke.py`` runs a few hundred inputs of each entry point in the test
suite.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import cgt  # noqa: E402
import konane  # noqa: E402

DOCUMENTED = (cgt.CGTError, konane.KonaneError)


class Hang(Exception):
    """A call outlived its alarm."""


class Wrong(Exception):
    """A value that an oracle refuses."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


# ---------------------------------------------------------------- generators of hostile values

ODD = ["", " ", "\x00", "\t", "\n", "é", "∗", "↑", "±", "\ufeff", "/", "//", "#", "{", "}", "|", "||", ",", "-",
       "+-", "^", "v", "*", "1/3", "0.5", "1e3", "nan", "inf", "🀄"]


def any_value(rng: random.Random) -> Any:
    """A value of any type, for arguments that should check their types."""
    return rng.choice([None, True, False, 0, 1, -1, 2 ** 64, -(2 ** 200), 1.5, math.nan, math.inf, -math.inf,
                       "", "x", "..ox", b"..ox", [1, 2], (1, 2), {}, object(), Fraction(1, 3), 3j])


def small_int(rng: random.Random) -> Any:
    r = rng.random()
    if r < 0.7:
        return rng.randint(-3, 12)
    if r < 0.85:
        return rng.choice([2 ** 31, 2 ** 40, 10 ** 6, -(10 ** 6), 10 ** 30])
    return any_value(rng)


def picture(rng: random.Random) -> str:
    """A board picture: mostly well formed, often not."""
    rows, cols = rng.randint(1, 6), rng.randint(1, 7)
    cells = "xo.#" if rng.random() < 0.85 else "xo.# XO?1\t"
    grid = ["".join(rng.choice(cells) for _ in range(cols)) for _ in range(rows)]
    r = rng.random()
    if r < 0.1:                                    # ragged
        grid[rng.randrange(rows)] += rng.choice(cells)
    elif r < 0.15:                                 # an empty row
        grid.insert(rng.randrange(rows + 1), "")
    sep = "/" if rng.random() < 0.8 else "\n"
    text = sep.join(grid)
    if rng.random() < 0.05:
        text = rng.choice(ODD) + text + rng.choice(ODD)
    return text


def game_text(rng: random.Random, depth: int = 0) -> str:
    """CGSuite notation: atoms, sums, braces; sometimes broken."""
    r = rng.random()
    if depth > 3 or r < 0.35:
        atom = rng.choice(["0", "1", "-2", "1/2", "-3/8", "*", "*3", "^", "v", "^^*", "v3", "+-1", "^*4",
                           str(rng.randint(-50, 50)), f"{rng.randint(-9, 9)}/{2 ** rng.randint(0, 6)}",
                           "tiny(1)", "miny(2)"])
        return atom
    if r < 0.45:
        return game_text(rng, depth + 1) + rng.choice(["+", "-", ""]) + game_text(rng, depth + 1)
    left = ",".join(game_text(rng, depth + 1) for _ in range(rng.randint(0, 2)))
    right = ",".join(game_text(rng, depth + 1) for _ in range(rng.randint(0, 2)))
    text = "{" + left + rng.choice(["|", "||", "|||"]) + right + "}"
    if rng.random() < 0.05:                         # broken on purpose
        i = rng.randrange(len(text))
        text = text[:i] + rng.choice(ODD) + text[i + 1:]
    return text


def limits(rng: random.Random) -> dict[str, Any]:
    """Keyword limits of a computing call: small budgets mostly, hostile values sometimes."""
    out: dict[str, Any] = {"progress": False}
    r = rng.random()
    if r < 0.8:
        out["max_positions"] = rng.choice([0, 1, 100, 5000, 50_000])
        out["time"] = rng.choice([None, 0.5, 2.0])
    else:
        key = rng.choice(["max_positions", "max_memory", "time", "progress"])
        out[key] = any_value(rng)
    return out


# ---------------------------------------------------------------- the entry points

def e_parse(rng: random.Random) -> None:
    text = game_text(rng) if rng.random() < 0.9 else rng.choice(
        ["{" * 2000 + "|" + "}" * 2000, "9" * 5000, "*" + "9" * 30, "^" + "9" * 30, rng.choice(ODD)])
    g = cgt.parse(text)
    if cgt.parse(str(g)) != g:
        raise Wrong(f"parse(str(g)) != g for {text!r} -> {g!s}")


def e_arithmetic(rng: random.Random) -> None:
    g, h = cgt.parse(game_text(rng)), cgt.parse(game_text(rng))
    s = g + h
    if s - h != g or g + (-g) != 0:
        raise Wrong(f"sums of {g} and {h}")
    if (g <= h) and (h <= g) and g != h:
        raise Wrong(f"{g} <= {h} <= {g} but not equal")
    _ = g.outcome, g.stops if hasattr(g, "stops") else None


def e_constructors(rng: random.Random) -> None:
    maker = rng.choice([cgt.nimber, cgt.number, cgt.up_multiple, cgt.tiny, cgt.miny])
    arg = small_int(rng) if rng.random() < 0.8 else rng.choice([Fraction(3, 8), Fraction(1, 3), any_value(rng)])
    g = maker(arg)
    if cgt.parse(str(g)) != g:
        raise Wrong(f"{maker.__name__}({arg!r}) = {g} does not read back")


def e_ops(rng: random.Random) -> None:
    ops = cgt.ops
    ids = [ops.ZERO, cgt.star.id, cgt.up.id, cgt.one.id]
    pick = (lambda: rng.choice(ids)) if rng.random() < 0.7 else (lambda: rng.choice([-1, 2 ** 62, 10 ** 9, 1.5, "0"]))
    fn = rng.choice(["add", "neg", "leq", "left_options", "stops", "canonical", "nus", "birthday"])
    if fn == "canonical":
        ops.canonical([pick() for _ in range(rng.randint(0, 2))], [pick() for _ in range(rng.randint(0, 2))])
    elif fn in ("add", "leq"):
        getattr(ops, fn)(pick(), pick())
    else:
        getattr(ops, fn)(pick())


def e_board(rng: random.Random) -> None:
    r = rng.random()
    if r < 0.6:
        b = konane.Board(picture(rng))
    elif r < 0.8:
        b = konane.Board.start(small_int(rng), small_int(rng) if rng.random() < 0.7 else None)
    else:
        b = konane.Board.from_masks(*(small_int(rng) for _ in range(5)))
    if konane.Board(b.picture) != b or eval(repr(b), {"konane": konane}) != b:
        raise Wrong(f"{b!r} does not read back")
    for color in ("x", "o"):
        for move, after in b.move_options(color):
            if b.play(move) != after:
                raise Wrong(f"{b!r}: {move} plays otherwise than its option")


def e_moves(rng: random.Random) -> None:
    b = konane.Board(picture(rng)) if rng.random() < 0.9 else konane.Board.start(4)
    text = rng.choice(["a1-c1", "c3-a3", "b2-b4-b6", "a1", "z9-a1", "a0-a2", "aa1-ac1", "", "a1 - c1", "A1-C1",
                       rng.choice(ODD)])
    mover = rng.choice([None, "x", "o", "black", "z", 3])
    if rng.random() < 0.5:
        b.play(text, player=mover)
    else:
        b.is_legal(text, player=mover)
        b.illegal_reason(text, player=mover)


def e_value(rng: random.Random) -> None:
    b = konane.Board(picture(rng))
    kw = limits(rng)
    v = konane.value(b, **kw)
    swapped = konane.value(b.color_swapped(), **{**kw, "max_positions": None, "time": None})
    if swapped != -v:
        raise Wrong(f"value({b!r}) = {v} but the colour swap is {swapped}")
    if rng.random() < 0.2:
        parts = sum((konane.value(x, progress=False) for x in konane.regions(b)), cgt.zero)
        if parts != v:
            raise Wrong(f"value({b!r}) = {v} but its regions sum to {parts}")


def e_solve(rng: random.Random) -> None:
    b = konane.Board(picture(rng))
    kw = limits(rng)
    who = rng.choice(["x", "o", "white", "z", None, 1])
    s = konane.solve(b, who, **kw)
    v = konane.value(b, progress=False)
    wins = (v.outcome.value in ("L", "N")) if s.to_move is konane.BLACK else (v.outcome.value in ("R", "N"))
    if s.wins != wins:
        raise Wrong(f"solve({b!r}, {who!r}) says {s.winner!r}, the value {v} says otherwise")


def e_outcome(rng: random.Random) -> None:
    b = konane.Board(picture(rng))
    o = konane.outcome(b, **limits(rng))
    if o != konane.value(b, progress=False).outcome:
        raise Wrong(f"outcome({b!r}) = {o}")


def e_census(rng: random.Random) -> None:
    rows, cols = (small_int(rng), small_int(rng)) if rng.random() < 0.3 else (rng.randint(1, 3), rng.randint(1, 4))
    kw = limits(rng)
    if kw.get("max_positions") is None and kw.get("time") is None:
        # no bound given: a census of 24 cells (8 x 3) is 2^24 positions, work that is long,
        # not a hang; the library's own time limit keeps it under the harness's alarm
        kw["time"] = 5.0
    c = konane.census(rows, cols, **kw)
    code = rng.randrange(len(c)) if rng.random() < 0.8 else small_int(rng)
    g = c.value(code)
    if g != konane.value(c.board(code), progress=False):
        raise Wrong(f"census({rows}, {cols}).value({code}) = {g}")
    rng.choice([lambda: c.first(game_text(rng), rng.choice(["=", ">=", "||", "~", 3])),
                lambda: c.firsts(rng.choice([lambda g: g.outcome, None, 3])),
                lambda: c.hottest(small_int(rng))])()


def e_find(rng: random.Random) -> None:
    shape = rng.choice([None, (2, 3), (1, 5), (3, 3), (2, 2.5), (0, 3), "3x3", (12, 12)])
    hits = konane.find(game_text(rng), shape, relation=rng.choice(["=", ">=", "<", "||", "?"]),
                       census_cells=rng.choice([0, 6, 9]), max_cells=rng.choice([6, 9]),
                       samples=rng.choice([0, 5, 20]), max_positions=rng.choice([100, 10_000, None]),
                       time=rng.choice([0.5, 1.0]), seed=rng.randrange(100))
    for i, hit in enumerate(hits):
        if i >= 3:
            break
        if konane.value(hit.board, progress=False) != hit.value:
            raise Wrong(f"find: {hit}")


def e_family(rng: random.Random) -> None:
    from konane.families import Family
    f = rng.choice([lambda n: "." + "xo" * n + ".", lambda n: "x" * n, lambda a, b: "xo" * a + "." * b,
                    lambda n: 42, lambda n: "x?" * n])
    names = rng.choice([None, ["n"], ["a", "b"], [1], "n", ["n", "n"]])
    fam = Family(f, names=names)
    idx = rng.choice([range(4), [(1, 2), (0, 1)], 0, [1.5], [-1]])
    fam.values(idx)
    if rng.random() < 0.3:
        fam.conjecture(range(6))


def e_match(rng: random.Random) -> None:
    m = konane.Match(konane.Board.start(rng.choice([4, 5, 6])))
    for _ in range(rng.randint(0, 6)):
        legal = m.legal_moves()
        if not legal:
            break
        m.push(rng.choice(legal) if rng.random() < 0.9 else rng.choice(["a1", "c3-c5", "z1", ""]))
    text = m.dumps()
    if rng.random() < 0.3:                          # a damaged record
        i = rng.randrange(len(text))
        text = text[:i] + rng.choice(ODD) + text[i + 1:]
    back = konane.Match.loads(text)
    if text == m.dumps() and back.moves != m.moves:
        raise Wrong("a match record does not read back")


def e_files(rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "f")
        content = rng.choice([b"", b"\x00" * 100, bytes(rng.randrange(256) for _ in range(300)),
                              b"6x6\nc3 c4", b"\xef\xbb\xbf6x6\n", b"SQLite format 3\x00" + b"\x00" * 84])
        with open(path, "wb") as f:
            f.write(content)
        target = rng.choice([path, tmp, os.path.join(tmp, "missing"), path + "\x00x", 3])
        rng.choice([lambda: konane.Match.load(target), lambda: konane.Census.load(target),
                    lambda: konane.value("..ox", cache=target)])()


def e_cli(rng: random.Random) -> None:
    from konane.cli import main
    args = rng.choice([["value", picture(rng)], ["value", rng.choice(["6x6", "99999x1", "0x3", "3x", "x"])],
                       ["value", "--help"], [], ["bogus"], ["value"], ["value", picture(rng), "--rules", "single"]])
    try:
        main(args)
    except SystemExit as exc:                    # argparse's usage errors and --help exit
        if exc.code not in (0, 1, 2):
            raise Wrong(f"konane {args}: exit code {exc.code!r}") from None


ENTRY_POINTS: dict[str, Callable[[random.Random], None]] = {
    "parse": e_parse, "arithmetic": e_arithmetic, "constructors": e_constructors, "ops": e_ops,
    "board": e_board, "moves": e_moves, "value": e_value, "solve": e_solve, "outcome": e_outcome,
    "census": e_census, "find": e_find, "family": e_family, "match": e_match, "files": e_files, "cli": e_cli,
}


# ---------------------------------------------------------------- the runner

def run(name: str, count: int, seed: int, timeout: float, failures: list[dict[str, Any]],
        quiet: bool = False, start: int = 0) -> Counter[str]:
    """Run ``count`` inputs into the entry point ``name``, those of indexes ``start`` on (each
    input depends only on the seed, the entry point and its index); the outcomes by kind."""
    fn = ENTRY_POINTS[name]
    outcomes: Counter[str] = Counter()
    devnull = open(os.devnull, "w")                 # the CLI prints
    for i in range(start, start + count):
        rng = random.Random(f"{seed}/{name}/{i}")
        signal.setitimer(signal.ITIMER_REAL, timeout)
        old_out, old_err = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = devnull
        try:
            fn(rng)
        except Hang:
            outcomes["failure: hang"] += 1
            failures.append({"entry": name, "seed": seed, "index": i, "kind": "hang"})
        except Wrong as exc:
            outcomes["failure: wrong value"] += 1
            failures.append({"entry": name, "seed": seed, "index": i, "kind": "wrong", "message": str(exc)})
        except DOCUMENTED as exc:
            outcomes[f"error: {type(exc).__name__}"] += 1
        except Exception as exc:                    # noqa: BLE001 (the point: anything else is a failure)
            outcomes[f"failure: {type(exc).__name__}"] += 1
            failures.append({"entry": name, "seed": seed, "index": i, "kind": type(exc).__name__,
                             "message": str(exc)[:300],
                             "where": traceback.format_exc().strip().splitlines()[-3:]})
        else:
            outcomes["value"] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            sys.stdout, sys.stderr = old_out, old_err
        if not quiet and (i + 1 - start) % max(1, count // 10) == 0:
            print(f"  {name}: {i + 1 - start}/{count}", file=sys.stderr, flush=True)
    devnull.close()
    return outcomes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="inputs per entry point (default 10^5)")
    ap.add_argument("--only", default=None, help="comma-separated entry points (default: all)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--start", type=int, default=0,
                    help="index of the first input (split a run over processes: --start 0, --start 50000, ...)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds a call may take before it counts as a hang")
    ap.add_argument("--memory", type=float, default=4.0, help="address-space cap of the process, GB")
    ap.add_argument("--json", default=None, help="write the summary and the failures to this file")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    names = list(ENTRY_POINTS) if args.only is None else args.only.split(",")
    unknown = [n for n in names if n not in ENTRY_POINTS]
    if unknown:
        ap.error(f"unknown entry points {unknown}: choose from {', '.join(ENTRY_POINTS)}")
    cap = int(args.memory * 2 ** 30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    signal.signal(signal.SIGALRM, _alarm)
    konane.set_progress(False)
    failures: list[dict[str, Any]] = []
    summary = []
    print(f"{'entry point':<13} {'inputs':>8} {'values':>8} {'errors':>8} {'failures':>9} {'seconds':>8}  "
          "errors by class")
    for name in names:
        t = time.perf_counter()
        outcomes = run(name, args.count, args.seed, args.timeout, failures, args.quiet, args.start)
        dt = time.perf_counter() - t
        errors = {k.removeprefix("error: "): n for k, n in outcomes.items() if k.startswith("error: ")}
        failed = sum(n for k, n in outcomes.items() if k.startswith("failure"))
        summary.append({"entry": name, "inputs": args.count, "values": outcomes["value"], "errors": errors,
                        "failures": {k: n for k, n in outcomes.items() if k.startswith("failure")}, "seconds": dt})
        shown = ", ".join(f"{k} {n}" for k, n in sorted(errors.items(), key=lambda kv: -kv[1])[:4])
        print(f"{name:<13} {args.count:>8} {outcomes['value']:>8} {sum(errors.values()):>8} {failed:>9} "
              f"{dt:>8.1f}  {shown}", flush=True)
    for f in failures[:30]:
        print("FAILURE", json.dumps(f))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"seed": args.seed, "count": args.count, "summary": summary, "failures": failures}, out,
                      indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
