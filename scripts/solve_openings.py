"""Results: who wins the standard Konane openings, by konane.solve.

The French rules' opening (``konane.match.removals``): Black removes one of its stones on a
centre or corner cell, White one of its stones next to the hole, then Black moves first.
For each board and each pair of removals this solves the position with Black to move and
prints a table (board, opening, winner, positions, settled by values, seconds, memory);
then, per first removal, whether White has a reply that wins, and per board who wins the
whole game (Black wins when some first removal wins against every reply).

Norvig (2021) found, with both stones removed and Black to move, White wins 4x4 and 6x6
and Black 5x5, for the corner and the centre openings; Uiterwijk (2021) solved 1xn and
2xn, 3xn nearly and 4xn in part.

Run:  python scripts/solve_openings.py                               (4x4, 5x5, 6x6)
      python scripts/solve_openings.py --sizes 7 --limit-seconds 3600 --max-memory-gb 100 \\
          --max-entries-millions 300 --json openings-7x7.json         (a big machine)

``--sizes``: square sizes ``n`` or rectangles ``RxC``; ``--narrow R:N``: the boards
``R x n`` for ``n`` from 2 (or ``R``) to ``N``; ``--limit-seconds``: the budget of one
opening (past it the opening is reported unsolved); ``--json OUT``: also write the results
(after every opening, with ``"complete": false`` until the run ends, so that a run stopped by
Ctrl-C or a kill keeps the openings it solved; ``--hints`` reads such a file too).  Ctrl-C
stops the run after the opening in progress, whose row says ``"limit": "interrupt"`` (the proofs
of ``--cache`` kept; with ``--workers``, at once: the tasks not finished are cancelled, and their
rows say so), and the run ends as a run stopped by limits: its table, verdicts, ``--json``
and ``--merge`` (no certificate is joined), exit status 130.  ``--merge
FILE`` puts a run that ended into a data file kept over many runs (a board solved one opening a
run): the run joins the file's list of runs, each opening solved replaces its row (marked with
the run's number; a row stopped by a limit never replaces a solved one), the openings equal to a
solved one by a symmetry get rows ``same_as`` it, and the verdicts are recomputed from all rows.
The transposition table is shared by the openings of a run (openings equal by a symmetry
are then found at once: their row says 0 positions); ``--fresh`` clears it before each one.
``--workers N`` solves the openings at once on a Dask ``LocalCluster`` of N worker processes
(``konane.cluster.local_client``; ``--scheduler ADDRESS``: on a running Dask cluster instead),
for a machine or a cluster with many cores: each opening one task, in tables of its own (they
are emptied before it), openings equal by a symmetry solved once (their rows say ``same_as``);
a worker that dies has its opening given to another by Dask.  Needs Dask distributed
(``pip install "konane-cgt[cluster]"``).

``--first-win`` tries, after each first removal of Black, White's replies only until one wins
(enough to settle who wins the game; openings equal by a symmetry to one already tried are not
tried again: their rows say ``same_as``); ``--hints JSON`` (the ``--json`` of an earlier run) has it
try first the replies that run found winning, the fastest first.

``--certify DIR`` writes the certificate of each opening solved, ``DIR/RxC-r1-r2.cert`` (right
after its search, while the table holds the proof: ``konane.solve`` with ``certificate=``), and
joins the certificates of the board's openings in ``DIR``, this run's and those earlier runs
left there, into the certificate of the whole game, ``DIR/RxC.cert``
(``konane.join_certificates``), as soon as they settle who wins (an opening's certificate holds
for its images under the board's symmetries); the joined certificate is checked with
``konane.verify_certificate`` (the pure-Python reference code alone), or, while the game is
not settled, each certificate the run wrote.  So a big board is certified one opening at a
time, in runs of their own (``--openings``, ``--workers``, on machines of their own with a
shared ``DIR``).  ``--split`` solves each opening as the positions after each capture of Black
(White to move), one search and one certificate each (``DIR/RxC-r1-r2-CAPTURE.cert``), until
Black wins one (a capture whose position is the image of an earlier one's under a symmetry of
the board is not searched: its row says ``same_as``, and the earlier proof holds for it; on a
cluster each capture is a task of its own, all searched at once): for an
opening whose search outgrows the memory, or more tasks than openings for the workers; the join
walks from the opening through the captures to them.  ``--split PLIES`` splits each of those
positions again at the captures of the player to move, down to ``PLIES`` captures from the
opening (``DIR/RxC-r1-r2-CAPTURE-CAPTURE.cert`` for two; the rows nest their ``split``s; on a
cluster the first capture is the task): for an opening with one capture of Black (7x7 a1 a2:
c1-a1 only), whose replies are smaller searches.  On 6x6 the split searches 1.23 times the
positions of the whole openings (``benchmarks/results/2026-11-27-split-openings.json``).  The
sizes and the times go into the summaries and the JSON.  White wins 5x8,
certified (43 minutes on one core, by the former ``--certify``, which solved the whole game again
from its start for the certificate: ``notebooks/data/certified-boards.json``):

    python scripts/solve_openings.py --sizes 5x8 --first-win --limit-seconds 400 \
        --max-memory-gb 14 --max-entries-millions 120 --certify certificates --json 5x8.json
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import cgt  # noqa: E402
import konane  # noqa: E402
from konane._kernel import native  # noqa: E402
from konane._progress import resident_memory  # noqa: E402
from konane.match import removals  # noqa: E402


def boards(sizes: str, narrow: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for part in filter(None, (p.strip() for p in sizes.split(","))):
        if "x" in part:
            r_text, c_text = part.split("x")
            out.append((int(r_text), int(c_text)))
        else:
            out.append((int(part), int(part)))
    for part in filter(None, (p.strip() for p in narrow.split(","))):
        rows, n = (int(v) for v in part.split(":"))
        out += [(rows, c) for c in range(max(2, rows), n + 1) if (rows, c) not in out]
    return out


def openings(rows: int, cols: int) -> list[tuple[str, str, konane.Board]]:
    """The pairs of removals of a board, in order: (Black's removal, White's, the position)."""
    start = konane.Board.start(rows, cols)
    out = []
    for r1 in removals(start, konane.BLACK):
        b1 = start.play_removal(r1.source)
        for r2 in removals(b1, konane.WHITE, hole=r1.source):
            out.append((str(r1), str(r2), b1.play_removal(r2.source)))
    return out


def symmetry_class(board: konane.Board) -> tuple[str, bool]:
    """The same for two openings equal by a symmetry of the board (their positions' normal form,
    colours swapped alike): one is solved for both."""
    normal, swapped = board.normalized()
    return str(normal), swapped


#: An opening to solve: the board's size, the removals, the position after them, the limits,
#: whether the tables are emptied first, the cache, the folder of certificates and the plies of
#: captures it is split at (``--split [PLIES]``; 0: one search), the threads of each search (None:
#: konane's setting).
Task = tuple[int, int, str, str, konane.Board, "float | None", bool, "int | None", "str | None", "str | None", int,
             "int | None"]


def part_path(folder: str, rows: int, cols: int, r1: str, r2: str, captures: Sequence[str] = ()) -> str:
    """The file of the certificate of one opening (``--certify``), ``DIR/RxC-r1-r2.cert``, or of
    the position after captures from it (``--split``), ``DIR/RxC-r1-r2-CAPTURE.cert`` (one
    capture), ``DIR/RxC-r1-r2-CAPTURE-CAPTURE.cert`` (two), and so on."""
    return os.path.join(folder, f"{rows}x{cols}-{r1}-{r2}" + "".join(f"-{c}" for c in captures) + ".cert")


#: Not empty once Ctrl-C stopped a search: the run stops after the opening in progress (a list,
#: not a ``threading.Event``: Dask pickles the script's functions with the globals they use).
INTERRUPTED: list[bool] = []

#: Not empty with ``--quiet`` (only the summaries printed).
QUIET: list[bool] = []

#: Not empty with ``--progress``: each search shows its progress (a bar on a terminal, a line a
#: minute in a log or a Dask worker's log).
PROGRESS: list[bool] = []


def stopped_by(exc: BaseException) -> str:
    """The limit that stopped a search: a ``ComputationLimitError``'s, or ``"interrupt"`` for
    Ctrl-C (a ``KeyboardInterrupt``), after which the run stops (it is marked once, however
    many handlers the interrupt passes)."""
    if isinstance(exc, konane.ComputationLimitError):
        return exc.limit
    if not INTERRUPTED:
        INTERRUPTED.append(True)
    return "interrupt"


def search(position: konane.Board, mover: konane.Color, limit: float | None, max_memory: int | None,
           cache: str | None, threads: int | None, path: str | None,
           searched: Callable[[dict[str, object]], None]) -> dict[str, object]:
    """Who wins ``position`` with ``mover`` to capture: the search's figures; with ``path``, the
    certificate written there once the search ends (``searched`` is called with the figures
    before, so that a run stopped while it writes keeps the search's result).  ``max_memory``
    bounds the growth of the process over both: the writer has what the search left; ``limit``
    bounds each (the writer searches again what the table dropped).  Both run on ``threads``
    threads (None: konane's setting)."""
    t = time.perf_counter()
    row: dict[str, object]
    before = resident_memory()
    try:
        s = konane.solve(position, mover, time=limit, progress=bool(PROGRESS), max_memory=max_memory, cache=cache,
                         threads=threads)
    except (konane.ComputationLimitError, KeyboardInterrupt) as exc:
        # the search counts no positions for a call stopped by Ctrl-C
        row = {"winner": None, "positions": getattr(exc, "positions", None), "settled": None,
               "seconds": round(time.perf_counter() - t, 3), "limit": stopped_by(exc)}
    else:
        row = {"winner": s.winner.long_name, "move": str(s.move) if s.move else None, "positions": s.positions,
               "settled": s.settled_by_values, "seconds": round(time.perf_counter() - t, 3)}
    mem = resident_memory()
    row["rss_mb"] = None if mem is None else round(mem / 2**20)
    searched(row)
    if path is not None and row["winner"] is not None:
        # solved again with the certificate: the table holds the proof, so the search is short
        # and the writer reads the proof out of it (what it lost is searched again)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        t = time.perf_counter()
        left = max_memory
        if max_memory is not None and before is not None and mem is not None:
            left = max(0, max_memory - (mem - before))
        try:
            konane.solve(position, mover, progress=bool(PROGRESS), max_memory=left, cache=cache, certificate=path,
                         time=limit, threads=threads)
        except (konane.ComputationLimitError, KeyboardInterrupt) as exc:
            # the proof outgrew the limits (the file is written whole or not at all)
            row["certificate_stopped"] = {"limit": stopped_by(exc), "seconds": round(time.perf_counter() - t, 2)}
        else:
            row["certificate"] = {"path": path, "bytes": os.path.getsize(path),
                                  "write_seconds": round(time.perf_counter() - t, 2)}
    return row


def solve_opening(task: Task, searched: Callable[[dict[str, object]], None] = lambda row: None
                  ) -> dict[str, object]:
    """One row of the table: Black to move after the removals ``r1`` and ``r2``; with a folder
    of certificates, the certificate of the opening solved, written into it.  ``searched`` is
    called with the row once the search ends, before the certificate is written (so that a run
    stopped while it writes keeps the search's result).

    Split (``--split``), the opening is solved as the positions after each capture of Black,
    White to move, one search each in emptied tables (each with its certificate), in order
    until Black wins one: smaller searches than the opening's (a search bigger than the memory
    gets done), for some more work in all.  The row's ``split`` holds them.  Split at more
    plies (``--split PLIES``), each of those positions is split the same way at the captures of
    the player to move, down to the positions ``PLIES`` captures from the opening (a split
    position is its mover's once one of its captures is, the opponent's once all are)."""
    rows, cols, r1, r2, b2, limit, fresh, max_memory, cache, folder, split, threads = task
    head = opening_head(task)
    if not split:
        if fresh:
            konane.clear_caches()
        return dict(head, **search(b2, konane.BLACK, limit, max_memory, cache, threads,
                                   None if folder is None else part_path(folder, rows, cols, r1, r2),
                                   lambda r: searched(dict(head, **r))))
    return dict(head, **solve_split(task, b2, konane.BLACK, (), split, lambda r: searched(dict(head, **r))))


def solve_split(task: Task, position: konane.Board, mover: konane.Color, captures: tuple[str, ...], plies: int,
                searched: Callable[[dict[str, object]], None]) -> dict[str, object]:
    """The row of ``position``, reached by ``captures`` from the opening of ``task``, ``mover``
    to capture, split at its captures ``plies`` plies deep (:func:`split_row`): its captures in
    order until ``mover`` wins one (a capture whose position is the image of an earlier one's
    under a symmetry of the board takes the earlier one's result, :func:`twin_row`).
    ``searched`` is called with the row so far after each search."""
    done: list[dict[str, object]] = []
    options = position.move_options(mover)
    for i, twin in enumerate(capture_twins(position, mover)):
        capture, after = options[i]
        if twin is None:
            child = solve_capture(task, after, mover.opponent, (*captures, str(capture)), plies - 1,
                                  lambda r: searched(split_row(position, mover, [*done, r])))
        else:
            child = twin_row(done[twin], str(capture))
        done.append(child)
        if child["winner"] == mover.long_name or INTERRUPTED:
            break
    return split_row(position, mover, done)


def capture_twins(b2: konane.Board, mover: konane.Color = konane.BLACK) -> list[int | None]:
    """For each capture of ``mover`` in ``b2`` (in order), the earlier capture whose position is
    its image under a symmetry of the board (colours swapped alike), or None: a twin is not
    searched, the earlier one's result and proof hold for it (on 7x7, d2-d4 and d6-d4 after d4
    c4)."""
    first: dict[tuple[str, bool], int] = {}
    out: list[int | None] = []
    for i, (_, after) in enumerate(b2.move_options(mover)):
        j = first.setdefault(symmetry_class(after), i)
        out.append(None if j == i else j)
    return out


def twin_row(row: dict[str, object], capture: str) -> dict[str, object]:
    """The row of ``capture``, the twin of the capture of ``row``: its result and figures,
    ``same_as`` that capture (no search, no winning move, certificate or split of its own: the
    original's name squares of the other position)."""
    out = {k: v for k, v in row.items() if k not in ("certificate", "certificate_stopped", "split", "same_as")}
    return dict(out, capture=capture, move=None, same_as=row["capture"])


def twin_opening(row: dict[str, Any], r1: str, r2: str) -> dict[str, Any]:
    """The row of the opening ``r1 r2``, the image of the opening of ``row`` under a symmetry of
    the board: its result and figures, ``same_as`` that opening (not searched: no winning move,
    certificate or split of its own, as the original's name squares of the other opening)."""
    out = {k: v for k, v in row.items() if k not in ("certificate", "certificate_stopped", "split", "same_as")}
    return dict(out, opening=f"{r1} {r2}", move=None, same_as=row["opening"])


def solve_capture(task: Task, position: konane.Board, mover: konane.Color, captures: tuple[str, ...], plies: int,
                  searched: Callable[[dict[str, object]], None] = lambda row: None) -> dict[str, object]:
    """The row of ``position``, after ``captures`` from the opening of ``task`` (``--split``),
    ``mover`` to capture, named by its last capture: one search in emptied tables (with its
    certificate), or with ``plies`` left, split again (:func:`solve_split`)."""
    head: dict[str, object] = {"capture": captures[-1]}
    if plies > 0:
        return dict(head, **solve_split(task, position, mover, captures, plies, lambda r: searched(dict(head, **r))))
    rows, cols, r1, r2, b2, limit, fresh, max_memory, cache, folder, split, threads = task
    konane.clear_caches()
    path = None if folder is None else part_path(folder, rows, cols, r1, r2, captures)
    row = dict(head, **search(position, mover, limit, max_memory, cache, threads, path,
                              lambda r: searched(dict(head, **r))))
    if len(captures) > 1 and not QUIET:       # the searches below the first plies, as they end
        print(f"  {rows}x{cols} {r1} {r2}, {' '.join(captures)}: {row['winner'] or '?'} wins"
              f"{'' if row['winner'] else ' (stopped: ' + str(row.get('limit')) + ')'} "
              f"({row['positions'] or 0:,} positions, {row['seconds']} s)", flush=True)
    return row


def split_row(position: konane.Board, mover: konane.Color, children: list[dict[str, object]]) -> dict[str, object]:
    """The figures of ``position``, ``mover`` to capture, from the rows of its captures solved
    (``split``): ``mover``'s if it wins one, the opponent's if the opponent wins them all, the
    sums of their figures."""
    won = next((c for c in children if c["winner"] == mover.long_name), None)
    finished = len(children) == position.move_count(mover) and all(
        c["winner"] == mover.opponent.long_name for c in children)
    searched = [c for c in children if "same_as" not in c]      # the twins' figures are their originals'
    row: dict[str, object] = {
        "winner": mover.long_name if won else mover.opponent.long_name if finished else None,
        "move": won["capture"] if won else None,
        "positions": sum(int(str(c["positions"] or 0)) for c in searched), "settled": None,
        "seconds": round(sum(float(str(c["seconds"])) for c in searched), 3),
        "rss_mb": max((int(str(c["rss_mb"])) for c in searched if c["rss_mb"] is not None), default=None),
        "split": children}
    if row["winner"] is None:       # Ctrl-C if it stopped a capture's search, else the first limit that did
        limits = [c["limit"] for c in children if c.get("limit")]
        row["limit"] = "interrupt" if "interrupt" in limits else next(iter(limits), None)
    return row


def certificates_of(row: dict[str, Any]) -> list[str]:
    """The certificates written for ``row`` (an opening's), or for the positions it was split
    into, at any depth."""
    if "split" in row:
        return [p for c in row["split"] if "same_as" not in c for p in certificates_of(c)]
    return [str(row["certificate"]["path"])] if "certificate" in row else []


def verdicts(rows: int, cols: int, results: list[dict[str, object]]) -> dict[str, Any]:
    """Per first removal, whether White has a winning reply; who wins the whole game.

    A removal is Black's only when every reply of White was solved and lost, and the game
    White's only when every removal was solved and won by White: a run of some openings
    (``--openings``) leaves the others unknown.  An opening solved is solved for its images
    under the symmetries of the board too (the same normal form, :meth:`konane.Board.normalized`):
    on 6x8, a1 b1 settles h6 g6."""
    replies: dict[str, list[str]] = {}
    normal: dict[str, tuple[str, bool]] = {}
    for r1, r2, b2 in openings(rows, cols):
        replies.setdefault(r1, []).append(r2)
        normal[f"{r1} {r2}"] = symmetry_class(b2)
    by_form = {normal[str(r["opening"])]: r["winner"] for r in results if r["winner"] is not None}
    winners = {o: by_form.get(form) for o, form in normal.items()}
    winners.update({str(r["opening"]): r["winner"] for r in results if r["winner"] is not None})
    out: list[dict[str, Any]] = []
    for r1, r2s in replies.items():
        if all(winners.get(f"{r1} {r2}") is None for r2 in r2s):
            continue
        white_wins = [r2 for r2 in r2s if winners.get(f"{r1} {r2}") == "White"]
        black = all(winners.get(f"{r1} {r2}") == "Black" for r2 in r2s)
        winner = "White" if white_wins else "Black" if black else None
        out.append({"removal": r1, "winner": winner, "white_replies": white_wins})
    if any(v["winner"] == "Black" for v in out):
        game = "Black"
    elif len(out) == len(replies) and all(v["winner"] == "White" for v in out):
        game = "White"
    else:
        game = None
    return {"board": f"{rows}x{cols}", "openings": results, "removals": out, "game": game}


def first_wins(tasks: list[Task], solved: Callable[[list[dict[str, object]]], None] = lambda rows: None
               ) -> list[dict[str, object]]:
    """The openings of ``tasks`` in order, White's replies to a first removal only until one
    wins; an opening equal by a symmetry to one tried before is not tried again.  ``solved`` is
    called with the rows so far after each one."""
    rows_out: list[dict[str, object]] = []
    won: set[tuple[int, int, str]] = set()
    tried: dict[tuple[str, bool], dict[str, object]] = {}
    for task in tasks:
        rows, cols, r1, r2, b2 = task[:5]
        if (rows, cols, r1) in won:
            continue
        cls = symmetry_class(b2)
        seen = tried.get(cls)
        if seen is not None:
            row = twin_opening(seen, r1, r2)
        else:
            row = tried[cls] = solve_opening(task, lambda r: solved([*rows_out, r]))
        rows_out.append(row)
        solved(rows_out)
        if row["winner"] == "White":
            won.add((rows, cols, r1))
        if INTERRUPTED:
            break
    return rows_out


#: What every data file of the script says of the rules.
RULES = {"rules": "standard (multi-jumps), Black removes first and moves first"}


def write_json(path: str, doc: dict[str, Any]) -> None:
    """Write ``doc`` to ``path`` whole, by a rename: a reader never finds half a file (its
    folder made if needed)."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def merge(doc: dict[str, Any], boards_out: list[dict[str, Any]], run: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a file ``--merge`` wrote before, or empty) with the boards of a run put in: the
    run added to ``doc["runs"]``, each opening it solved put in its board as a row marked with
    the run's number (replacing the row of the same opening, unless this run stopped where the
    older row was solved), the rows of the openings equal to a solved one by a symmetry (as
    ``first_wins`` finds them: ``same_as``) made again, the verdicts recomputed from all the
    rows (:func:`verdicts`), and a game's certificate the run joined kept (with its run)."""
    runs = [*doc.get("runs", []), run]
    number = len(runs) - 1
    old = {b["board"]: b for b in doc.get("boards", [])}
    for res in boards_out:
        name = str(res["board"])
        rows, cols = (int(v) for v in name.split("x"))
        kept = {str(r["opening"]): r for r in old.get(name, {}).get("openings", []) if "same_as" not in r}
        for r in res["openings"]:
            if "same_as" in r:
                continue
            before = kept.get(str(r["opening"]))
            if r["winner"] is None and before is not None and before["winner"] is not None:
                continue
            kept[str(r["opening"])] = dict(r, run=number)
        solved = {symmetry_class(b2): kept[f"{r1} {r2}"]
                  for r1, r2, b2 in openings(rows, cols) if f"{r1} {r2}" in kept}
        column: list[dict[str, Any]] = []
        for r1, r2, b2 in openings(rows, cols):
            row = kept.get(f"{r1} {r2}")
            twin = solved.get(symmetry_class(b2))
            if row is None and twin is not None:
                row = twin_opening(twin, r1, r2)
            if row is not None:
                column.append(row)
        board = verdicts(rows, cols, column)
        certificate = res.get("certificate")
        if certificate is not None and certificate.get("path") is not None:
            board["certificate"] = dict(certificate, run=number)
        elif "certificate" in old.get(name, {}):
            board["certificate"] = old[name]["certificate"]
        old[name] = board
    order = [b["board"] for b in doc.get("boards", [])]
    order += [str(b["board"]) for b in boards_out if b["board"] not in order]
    return dict(doc, runs=runs, boards=[old[name] for name in order])


def hinted(tasks: list[Task], path: str) -> list[Task]:
    """``tasks`` with, after each first removal, the White replies that the run of the JSON file
    ``path`` found winning first (the fastest first), the others after them in their order."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    seconds = {(b["board"], *str(o["opening"]).split()): float(o["seconds"])
               for b in doc["boards"] for o in b["openings"] if o.get("winner") == "White" and "same_as" not in o}

    def rank(task: Task) -> tuple[int, float]:
        found = seconds.get((f"{task[0]}x{task[1]}", task[2], task[3]))
        return (0, found) if found is not None else (1, 0.0)

    groups: dict[tuple[int, int, str], list[Task]] = {}
    for task in tasks:
        groups.setdefault((task[0], task[1], task[2]), []).append(task)
    return [t for group in groups.values() for t in sorted(group, key=rank)]


def certify(rows: int, cols: int, folder: str, written: list[str]) -> dict[str, Any]:
    """The certificate of the ``rows x cols`` game joined from the certificates of its openings
    in ``folder`` (this run's and earlier runs'), ``DIR/RxC.cert``, checked with the reference
    code; where they do not settle the game yet, the parts this run wrote (``written``), each
    checked."""
    found = sorted(glob.glob(os.path.join(glob.escape(folder), f"{rows}x{cols}-*.cert")))
    path = os.path.join(folder, f"{rows}x{cols}.cert")
    t = time.perf_counter()
    try:
        konane.join_certificates(konane.Match(konane.Board.start(rows, cols)), found, path)
    except konane.CertificateError as exc:
        parts = []
        for part in written:
            report = konane.verify_certificate(part, progress=bool(PROGRESS))
            parts.append({"path": part, "winner": report.winner.long_name, "nodes": report.nodes,
                          "bytes": report.size, "verify_seconds": round(report.seconds, 2)})
        return {"path": None, "why": str(exc), "parts": parts}
    joined = time.perf_counter() - t
    report = konane.verify_certificate(path, progress=bool(PROGRESS))
    return {"path": path, "winner": report.winner.long_name, "nodes": report.nodes, "leaves": report.leaves,
            "dead_ends": report.dead_ends, "bytes": report.size, "parts": len(found),
            "join_seconds": round(joined, 2), "verify_seconds": round(report.seconds, 2)}


def opening_head(task: Task) -> dict[str, object]:
    """The names of the opening of ``task`` in its row."""
    return {"board": f"{task[0]}x{task[1]}", "opening": f"{task[2]} {task[3]}"}


def unit_head(task: Task, capture: int | None) -> dict[str, object]:
    """The names of a task on the cluster: the opening of ``task``, or its ``capture``-th
    capture of Black (``--split``)."""
    if capture is None:
        return opening_head(task)
    return {"capture": str(task[4].move_options(konane.BLACK)[capture][0])}


def finished(client: Any, futures: list[Any]) -> Iterator[tuple[int, dict[str, object]]]:
    """The index and row of each task of ``futures`` on the cluster of ``client`` as it finishes
    (Dask's ``as_completed``)."""
    from distributed import as_completed

    where = {f.key: k for k, f in enumerate(futures)}
    for future in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call,unused-ignore]
        yield where[future.key], future.result()


def gather_rows(client: Any, futures: list[Any], heads: list[dict[str, object]]) -> list[dict[str, Any]]:
    """The rows of the tasks of ``futures`` on the cluster of ``client``, in order.  Ctrl-C stops
    the wait: the tasks not finished are cancelled, their rows (named by ``heads``) say
    ``"limit": "interrupt"``, and the run stops as one stopped by Ctrl-C (the finished rows kept)."""
    t = time.perf_counter()
    out: list[dict[str, object] | None] = [None] * len(futures)
    try:
        for k, row in finished(client, futures):
            out[k] = row
    except KeyboardInterrupt as exc:
        stopped_by(exc)
        client.cancel(futures)
    return [row if row is not None else dict(head, winner=None, move=None, positions=None, settled=None,
                                             seconds=round(time.perf_counter() - t, 3), rss_mb=None,
                                             limit="interrupt")
            for row, head in zip(out, heads, strict=True)]


def init_worker(max_entries: int | None, proof_numbers: bool) -> None:
    """Settings of a process that solves openings (the main one or a Dask worker)."""
    konane.set_progress(False)
    if native.available():
        native.wins_configure(max_entries=max_entries, proof_numbers=proof_numbers)


def solve_on_worker(task: Task, capture: int | None, max_entries: int | None, proof_numbers: bool
                    ) -> dict[str, object]:
    """One opening as a task of a Dask worker (or, split, the position after its ``capture``-th
    capture): the run's settings, empty tables, the solve."""
    init_worker(max_entries, proof_numbers)
    konane.clear_caches()
    if capture is None:
        return solve_opening(task)
    move, after = task[4].move_options(konane.BLACK)[capture]
    return solve_capture(task, after, konane.WHITE, (str(move),), task[10] - 1)


HEADER = f"{'board':>6}  {'opening':<8} {'winner':<6} {'move':<7} {'positions':>11} {'settled':>10} " \
         f"{'seconds':>9} {'RSS MB':>7}"


def print_row(row: dict[str, object]) -> None:
    winner = row["winner"] or f"? ({row.get('limit')})"
    settled = "" if row["settled"] is None else f"{row['settled']:,}"
    positions = "" if row["positions"] is None else f"{row['positions']:,}"
    print(f"{row['board']:>6}  {row['opening']:<8} {winner:<6} {row.get('move') or '-':<7} "
          f"{positions:>11} {settled:>10} {row['seconds']:>9.2f} {row['rss_mb'] or '':>7}",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="4,5,6", help="square sizes n or rectangles RxC, comma-separated")
    ap.add_argument("--narrow", default="", help="R:N,...: the boards R x n for n up to N")
    ap.add_argument("--limit-seconds", type=float, default=300.0,
                    help="budget of one opening in seconds (0: none)")
    ap.add_argument("--max-memory-gb", type=float, default=None,
                    help="stop an opening (its search and certificate together) once the process grew by this "
                         "much (default: konane's default)")
    ap.add_argument("--max-entries-millions", type=float, default=None,
                    help="size of the native search's tables in millions of entries (default 33.5, "
                         "about 2-3 GB; raise it on a big machine)")
    ap.add_argument("--depth-first", action="store_true",
                    help="the plain depth-first search instead of proof numbers (df-pn)")
    ap.add_argument("--fresh", action="store_true", help="clear the transposition table before each opening")
    ap.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    ap.add_argument("--merge", metavar="FILE",
                    help="at the end, put the results into the data file FILE (made if missing): the run added "
                         "to its runs, the openings solved replacing theirs, the verdicts recomputed")
    ap.add_argument("--workers", type=int, default=0,
                    help="solve the openings at once on a Dask LocalCluster of this many worker processes, "
                         "each opening in tables of its own (openings equal by a symmetry are solved once)")
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="as --workers, on the running Dask cluster of this scheduler (tcp://host:8786)")
    ap.add_argument("--first-win", action="store_true",
                    help="after each first removal, stop at White's first winning reply")
    ap.add_argument("--hints", metavar="JSON",
                    help="with --first-win: try first the replies an earlier run (its --json) found winning")
    ap.add_argument("--certify", metavar="DIR",
                    help="write and check the certificate of each board whose winner the run settled")
    ap.add_argument("--openings", default="",
                    help="only these openings, comma-separated (such as 'a1 b1,d4 d3'; default: all)")
    ap.add_argument("--cache", metavar="FILE",
                    help="keep the proved results in FILE (konane.solve's cache=): a run stopped by a "
                         "limit, Ctrl-C or a kill goes on from them when run again")
    ap.add_argument("--split", nargs="?", type=int, const=1, default=0, metavar="PLIES",
                    help="solve each opening as the positions after each capture of Black, one search "
                         "(and one certificate) each: for an opening too big for the memory; with PLIES "
                         "(default 1), as the positions that many captures deep")
    ap.add_argument("--threads", type=int, default=None,
                    help="threads of each search (default: konane's, every processor this process may use)")
    ap.add_argument("--quiet", action="store_true", help="print only the summaries")
    ap.add_argument("--progress", action="store_true",
                    help="show each search's progress: a bar on a terminal, a line a minute in a log "
                         "(positions, rate, memory)")
    args = ap.parse_args(argv)
    INTERRUPTED.clear()
    QUIET[:] = [True] if args.quiet else []
    PROGRESS[:] = [True] if args.progress else []
    on_cluster = args.workers > 0 or args.scheduler is not None
    if on_cluster and args.first_win:
        ap.error("--first-win needs one process (it stops at the first winning reply of each removal)")
    if args.workers < 0:
        ap.error(f"--workers must be at least 1, not {args.workers}")
    if args.split < 0:
        ap.error(f"--split takes the plies to split at, at least 1, not {args.split}")
    if not native.available():
        print("the native search is not built: the pure-Python reference search is used (slow)",
              file=sys.stderr)
    limit = args.limit_seconds or None
    max_memory = konane._progress.DEFAULT_MAX_MEMORY if args.max_memory_gb is None \
        else int(args.max_memory_gb * 2**30)
    max_entries = None if args.max_entries_millions is None else int(args.max_entries_millions * 1e6)
    init_worker(max_entries, not args.depth_first)
    print(HEADER)
    out: list[dict[str, object]] = []
    t0 = time.perf_counter()
    shapes = boards(args.sizes, args.narrow)

    given = argv if argv is not None else sys.argv[1:]

    def save(boards_doc: list[dict[str, object]], complete: bool) -> None:
        """The JSON file (``complete`` false while the run goes on: the openings solved so far,
        without verdicts), replaced whole by a rename, never half written."""
        if args.json:
            write_json(args.json, dict(RULES, **this_run(complete), boards=boards_doc))

    def this_run(complete: bool) -> dict[str, object]:
        return {
            "command": shlex.join(["python", "scripts/solve_openings.py", *given]),
            "backend": cgt.backend,
            "native_search": native.available(),
            "search": "depth-first" if args.depth_first else "df-pn",
            "machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "cpus": os.cpu_count()},
            "limit_seconds": limit,
            "total_seconds": round(time.perf_counter() - t0, 2),
            "complete": complete,
        }

    def so_far(rows_so_far: list[dict[str, object]]) -> None:
        save([{"board": f"{r}x{c}", "openings": [o for o in rows_so_far if o["board"] == f"{r}x{c}"]}
              for r, c in shapes], False)

    only = {" ".join(o.split()) for o in args.openings.split(",") if o.strip()}
    tasks: list[Task] = [(rows, cols, r1, r2, b2, limit, args.fresh, max_memory, args.cache, args.certify, args.split,
                          args.threads)
                         for rows, cols in shapes for r1, r2, b2 in openings(rows, cols)
                         if not only or f"{r1} {r2}" in only]
    if only and not tasks:
        ap.error(f"no opening of the boards is one of {', '.join(sorted(only))}")
    if on_cluster:
        # each opening a task on a Dask worker, with tables of its own; openings equal by a
        # symmetry (same normal form, colours swapped alike) are solved once
        first: dict[tuple[str, bool], int] = {}
        index = []
        for i, task in enumerate(tasks):
            index.append(first.setdefault(symmetry_class(task[4]), i))
        todo = sorted(set(index), key=lambda i: -tasks[i][4].stone_count(konane.BLACK))
        # split: each capture of each opening a task (every one searched, even past one Black
        # wins), but the twins of earlier captures
        twins = {i: capture_twins(tasks[i][4]) for i in todo} if args.split else {}
        units: list[tuple[int, int | None]] = [(i, k) for i in todo for k in (
            [k for k, t in enumerate(twins[i]) if t is None] if args.split else [None])]
        # konane's max_memory bounds each search; Dask's own memory management stays out
        with konane.cluster.local_client(args.workers, memory_limit=None, address=args.scheduler) as client:
            futures = client.map(solve_on_worker, [tasks[i] for i, _ in units], [c for _, c in units],
                                 max_entries=max_entries, proof_numbers=not args.depth_first, pure=False)
            rows_units = gather_rows(client, futures, [unit_head(tasks[i], c) for i, c in units])
        solved = {i: r for (i, c), r in zip(units, rows_units, strict=True) if c is None}
        found = dict(zip(units, rows_units, strict=True))
        for i in todo if args.split else []:
            children: list[dict[str, object]] = []
            for k, t in enumerate(twins[i]):
                children.append(found[(i, k)] if t is None else twin_row(
                    found[(i, t)], str(tasks[i][4].move_options(konane.BLACK)[k][0])))
            solved[i] = dict(opening_head(tasks[i]), **split_row(tasks[i][4], konane.BLACK, children))
        rows_out = []
        for i, task in enumerate(tasks):
            row = solved[index[i]]
            rows_out.append(row if index[i] == i else twin_opening(row, task[2], task[3]))
    elif args.first_win:
        rows_out = first_wins(hinted(tasks, args.hints) if args.hints else tasks, so_far)
    else:
        rows_out = []
        for task in tasks:
            rows_out.append(solve_opening(task, lambda r: so_far([*rows_out, r])))
            so_far(rows_out)
            if INTERRUPTED:
                break
    for rows, cols in shapes:
        results = [r for r in rows_out if r["board"] == f"{rows}x{cols}"]
        if not args.quiet:
            for row in results:
                print_row(row)
        res = verdicts(rows, cols, results)
        out.append(res)
        removal_words = ", ".join(
            f"{v['removal']}: {v['winner'] or '?'}"
            + (f" (White replies {' '.join(v['white_replies'])})" if v["white_replies"] else "")
            for v in res["removals"])
        print(f"  {res['board']}: {res['game'] or 'unknown'} wins the game; by first removal: "
              f"{removal_words}", flush=True)
        if args.certify and not INTERRUPTED:
            written = [p for r in results if "same_as" not in r for p in certificates_of(r)]
            res["certificate"] = c = certify(rows, cols, args.certify, written)
            if c["path"] is not None:
                print(f"  {res['board']}: {c['winner']} wins, certified: {c['path']}, joined from {c['parts']} "
                      f"certificates: {c['nodes']:,} nodes, {c['bytes']:,} bytes, "
                      f"checked in {c['verify_seconds']:.1f} s",
                      flush=True)
            else:
                print(f"  {res['board']}: not certified yet ({c['why']}); the certificates of this run's "
                      f"openings checked: {', '.join(os.path.basename(p['path']) for p in c['parts']) or 'none'}",
                      flush=True)
    total = time.perf_counter() - t0
    print(f"total {total:.1f} s")
    if INTERRUPTED:
        print("interrupted (Ctrl-C): the run stopped after the opening in progress"
              + (f"; its proofs are kept in {args.cache}" if args.cache else ""), flush=True)
    if args.json:
        save(out, not INTERRUPTED)
        print(f"wrote {args.json}")
    if args.merge:
        before: dict[str, Any] = dict(RULES)
        if os.path.exists(args.merge):
            with open(args.merge, encoding="utf-8") as f:
                before = json.load(f)
        write_json(args.merge, merge(before, out, this_run(not INTERRUPTED)))
        print(f"merged into {args.merge}")
    return 130 if INTERRUPTED else 0


if __name__ == "__main__":
    sys.exit(main())
