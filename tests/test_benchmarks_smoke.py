"""Smoke test of benchmarks/bench_engine.py: its quick workloads, this library only.

No peers and no timing: it checks that the workloads compute the right answers,
so that the benchmark code cannot rot.
"""

import functools
import sys
from pathlib import Path

import pytest

import cgt

from .konane.helpers import load_script

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))
import _peers  # noqa: E402
import bench_engine as be  # noqa: E402

sys.path.remove(str(BENCH))

QUICK = {w.key: w for w in be.workloads(quick=True)}


def run(key):
    w = QUICK[key]
    cgt.clear_caches()
    return w.run[be.OURS](cgt, *w.inputs())


def test_quick_workloads_are_the_expected_ones():
    assert sorted(QUICK) == sorted(["switch4", "switch6", "switch8", "day3", "upstar10",
                                    "multiples20", "parse", "trees"])
    full = {w.key for w in be.workloads()}
    assert {"switch8", "switch10", "switch12", "day3", "upstar20", "multiples20", "parse", "trees"} <= full


@pytest.mark.parametrize("k", [4, 6, 8])
def test_switch_sums_agree_with_other_association_orders(k):
    (g,) = run(f"switch{k}")
    terms = [cgt.pm(i) for i in range(1, k + 1)]
    right_first = functools.reduce(lambda acc, t: t + acc, reversed(terms), cgt.zero)

    def balanced(ts):
        if len(ts) == 1:
            return ts[0]
        mid = len(ts) // 2
        return balanced(ts[:mid]) + balanced(ts[mid:])

    assert g == right_first == balanced(terms)
    assert g == -g                          # a sum of switches +-x is its own negative
    assert g.temperature == k               # the hottest term decides
    assert g.left_options and g.right_options


def test_day3_count_and_structure():
    games = run("day3")
    assert len(games) == len(set(games)) == 1474
    assert max(g.birthday for g in games) == 3
    assert all(g.birthday <= 3 for g in games)
    assert sum(1 for g in games if g.birthday <= 2) == 22
    for g in (cgt.zero, cgt.star, cgt.up, cgt.pm(1), cgt.number(3), cgt.parse("{1|*}")):
        assert g in games


def test_up_plus_nimbers():
    games = run("upstar10")
    assert games == [cgt.up_multiple(1, n) for n in range(1, 11)]
    assert [str(g) for g in games[:3]] == ["^*", "^*2", "^*3"]


def test_multiples_of_up_star():
    games = run("multiples20")
    assert games == [cgt.up_multiple(n, n % 2) for n in range(1, 21)]


def test_random_trees_built_bottom_up():
    w = QUICK["trees"]
    n_nodes, seeds = w.extra["n_nodes"], w.extra["seeds"]
    values = run("trees")
    assert len(values) == len(seeds)
    for seed, value in zip(seeds, values, strict=True):
        root = be.random_tree(n_nodes, seed)
        nodes = be.postorder(root)
        assert len(nodes) == n_nodes
        assert all(j < i for i, (lo, ro) in enumerate(nodes) for j in lo + ro)
        assert all(len(lo) <= 3 and len(ro) <= 3 for lo, ro in nodes)
        # the same tree read as notation by the parser
        assert cgt.parse(be.tree_text(root)) == value
    assert be.random_tree(100, 7) == be.random_tree(100, 7)


def test_signature_is_order_free_for_sets():
    games = [cgt.star, cgt.up, cgt.zero]
    a = be.signature(be.OURS, games, ordered=False)
    b = be.signature(be.OURS, list(reversed(games)), ordered=False)
    assert a == b and a["count"] == 3
    assert be.signature(be.OURS, games)["digest"] != be.signature(be.OURS, games[::-1])["digest"]


def test_best_of_cold_repeats_only_short_computations():
    # a fake "fresh process" per call: the times it reports, in order
    def runner(*times, value="1"):
        it = iter(times)
        return lambda code: {"value": value, "time": next(it), "cpu": 1.0, "code": code}

    long = _peers.best_of_cold(runner(0.5), "c", repeats=5)             # 0.1 s or more: one run
    assert long == {"value": "1", "time": 0.5, "cpu": 1.0, "code": "c"}
    short = _peers.best_of_cold(runner(0.004, 0.002, 0.003), "c", repeats=3)
    assert (short["time"], short["runs"], short["times"]) == (0.002, 3, [0.004, 0.002, 0.003])
    assert _peers.best_of_cold(lambda c: {"timeout": 20}, "c") == {"timeout": 20}
    values = iter(["1", "2"])
    with pytest.raises(RuntimeError, match="a repeated run gave"):
        _peers.best_of_cold(lambda c: {"value": next(values), "time": 0.001}, "c", repeats=2)


def test_parse_reads_every_text_as_the_parser_does():
    from cgt.notation import parse_id
    texts = QUICK["parse"].inputs()[0]
    games = run("parse")
    assert len(games) == len(texts) == 2000 and set(texts) <= set(be.PARSE_TEXTS)
    assert all(g.id == parse_id(t) for g, t in zip(games, texts, strict=True))
    assert len(set(be.PARSE_TEXTS)) == 37


# ---------------------------------------------------------------- the real-game positions

def test_the_early_real_game_positions_are_regenerated():
    """scripts/realgames.py --set early: the stored file is what the seeded games give."""
    rg = load_script("scripts", "realgames")
    early = rg.SETS["early"]
    pos = rg.positions(early)
    assert pos == rg.load("early") and len(pos) == 48
    assert {p["ply"] for p in pos} == set(early.plies) == {24, 26, 28, 30, 32, 34}


# positions 5 and 11 of realgames-early.json (Black to move after 34 plies): values -9/2 and 0
# by konane.value in the test itself, so White wins both (a negative game, and a zero with
# Black to move)
EARLY_QUICK = "5,11"


def test_bench_realgames_solves_the_early_set(tmp_path, capsys):
    import json

    import konane

    bench = load_script("benchmarks", "bench_realgames")
    out = tmp_path / "solve.json"
    bench.main(["--set", "early", "--solve", "--only", EARLY_QUICK, "--threads", "1", "--limit", "60",
                "--repeats", "1", "--json", str(out)])
    rows = json.loads(out.read_text())
    positions = json.loads(bench.DATA["early"].read_text())["positions"]
    for r in rows:
        value = konane.value(positions[r["id"]]["picture"])
        # Black to move loses exactly when the outcome is R or P
        assert value.outcome in (cgt.Outcome.R, cgt.Outcome.P) and r["ours"]["value"] == "WHITE", (r, value)
        assert r["ours"]["positions"] > 0
    assert "konane-cgt finishes 2" in capsys.readouterr().out


def test_bench_search_split_gives_one_winner_for_every_rule(tmp_path, capsys):
    import json

    bench = load_script("benchmarks", "bench_search_split")
    out = tmp_path / "split.json"
    bench.main(["--only", EARLY_QUICK, "--limit", "60", "--rules", "reach,footprint,footprint-always",
                "--json", str(out)])
    rows = json.loads(out.read_text())["rows"]
    assert [r["id"] for r in rows] == [5, 11]
    for r in rows:
        assert {r[k]["winner"] for k in bench.RULES} == {"WHITE"}, r
    # the footprint rule splits what the reach rule keeps whole: more nodes settled by values
    assert sum(r["footprint"]["settled"] for r in rows) > sum(r["reach"]["settled"] for r in rows)
    with pytest.raises(SystemExit):
        bench.main(["--rules", "regions"])
    assert "settles 2" in capsys.readouterr().out


def test_bench_narrow_finds_the_winners_of_the_certified_narrow_data(tmp_path, capsys):
    import json

    bench = load_script("benchmarks", "bench_narrow")
    out = tmp_path / "narrow.json"
    boards = [(3, 10, "horizontal corner", "o"), (4, 9, "vertical corner", "x"), (4, 9, "vertical corner", "o")]
    bench.main(["--boards", ",".join(":".join(map(str, b)) for b in boards), "--limit", "60",
                "--base", str(BENCH.parent), "--json", str(out)])
    rows = json.loads(out.read_text())["rows"]
    # expected: the outcome classes of notebooks/data/narrow-setups.json (both proofs of each
    # board written and checked by the reference code)
    data = json.loads((BENCH.parent / "notebooks" / "data" / "narrow-setups.json").read_text())
    outcome = {(t["rows"], b["n"], setup): b["outcome"]
               for t in data["tables"] for setup, col in t["setups"].items() for b in col["boards"]}
    for r in rows:
        o = outcome[r["rows"], r["cols"], r["setup"]]
        first_wins = o == "N" or o == {"x": "L", "o": "R"}[r["to_move"]]
        mover, other = ("BLACK", "WHITE") if r["to_move"] == "x" else ("WHITE", "BLACK")
        assert o in "LRPN" and r["ours"]["value"] == (mover if first_wins else other), (r, o)
        assert r["base"]["value"] == r["ours"]["value"] and r["ours"]["positions"] > 0
    assert "konane-cgt finishes 3" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--boards", "4:9:diagonal corner:x"])
