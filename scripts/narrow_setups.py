"""Who wins narrow Konane boards from each of Uiterwijk's four setups.

Uiterwijk (2021, "Solving narrow Konane boards", ICGA Journal 43(3)) starts a ``rows x n``
board (``rows`` small, ``n`` its long side) full, checkered, with two adjacent squares empty:
the *setup*, the gap horizontal (along a row, the long side) or vertical (along a column), in
the middle of the board or at a corner.  He solved 1xn and 2xn for every setup, 3xn for all
but the horizontal corner setup, 4xn for the vertical middle setup only.

Here every board is the library's ``Board.start(rows, n)`` (Black on a1) with the two squares
of the setup taken away, and its *outcome class* is computed (``konane.outcome``: who wins
with Black moving first, and with White moving first), so the question of who moves first
needs no convention.  The squares (columns a, b, ... along the long side, rows 1, 2, ...):

- horizontal corner: a1 b1;  vertical corner: a1 a2;
- horizontal middle: the middle row (the lower of the two when ``rows`` is even), the two
  middle columns (when ``n`` is odd, the middle one and the one to its right);
- vertical middle: the middle column (the left of the two when ``n`` is even), the two
  middle rows (when ``rows`` is odd, the middle one and the one above it).

Where the middle is not unique, the other choice is a mirror image of this one: with the
same outcome when the mirrored side is odd (the mirror keeps the colours), and with the
colours exchanged (L and R swapped) when it is even.  The horizontal middle setup with ``n``
even is its own negative (the mirror left-right maps its gap onto itself and exchanges the
colours), and so is the vertical middle setup with ``rows`` even (the mirror top-bottom), as is
the vertical corner setup of 2 x n (:meth:`konane.Board.is_own_negative` finds them).  On
such a board White moving first wins exactly where Black moving first wins (its outcome is N or
P), and one search settles both sides: with ``--certify``, White's proof is Black's negated.

For each setup the outcomes along ``n`` are handed to the families tool
(:func:`cgt.families.find_closed_form`, on the games 1, -1, * and 0, one of each outcome
class L, R, N and P) for a periodic pattern, reported with the range it was found on.

Run:  python scripts/narrow_setups.py --rows 1:40,2:40,3:30,4:16,5:10 --threads 1 \\
          --limit-seconds 100 --json notebooks/data/narrow-setups.json
      python scripts/narrow_setups.py --rows 3:21-22 --setups "horizontal corner" \\
          --limit-seconds 6000 --max-memory-gb 14 --max-entries-millions 150 \\
          --json notebooks/data/narrow-setups.json                           (goes on)
      python scripts/narrow_setups.py --rows 2:8,3:6 --certify DIR           (certificates)

``--rows R:N`` or ``R:M-N``: the boards ``R x n`` for ``n`` from ``M`` (by default ``max(R, 2)``)
to ``N``; a column (one setup of one ``R``) stops at the first board not solved within
``--limit-seconds``.  ``--setups``: some of the four only.  ``--max-memory-gb`` and
``--max-entries-millions``: the memory limit of a board's searches together (what the process may
grow by from the board's start: each search gets what the earlier ones left, the tables emptied
first where less than a quarter is left) and the size of the native search's table (a long run
needs both raised; a board stopped by a limit says which in its row, ``"stopped"``).  ``--json
FILE``: the results, merged into FILE if it exists (a board solved again replaces its row, a board
stopped by a limit never replaces one solved; each row says which run of the file's list of runs
solved it, the patterns are recomputed on each column's solved boards from its first ``n`` up to
the first gap); the file is written after every board (with ``--certify``, after Black's proof
too, the row ``"stopped": "in progress"`` until White's is done), so a run stopped by a kill keeps
the boards it solved and the proofs it checked.  Ctrl-C stops the run at the board in progress
(its row says ``"stopped": "interrupt"``; the proofs of ``--cache`` kept): the file written, exit
status 130.  ``--certify DIR``: instead of the search of the outcome, each side's search (Black
first, White first) writes its proof into DIR right after it, within ``--limit-seconds``, and the
reference code checks it (``konane.verify_certificate``); the board's outcome is the one the two
checked proofs give, their sizes and times go into the results, and a side whose proof stopped
says what stopped it.  With
``--split``, each side is solved and proved as the positions after each first capture (one search
each, in emptied tables, each within ``--limit-seconds``), the proofs joined and checked: for a
board whose one search outgrows the memory.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import cgt  # noqa: E402
import konane  # noqa: E402
from cgt.families import find_closed_form  # noqa: E402
from konane._kernel import native  # noqa: E402
from konane._progress import resident_memory  # noqa: E402
from konane.errors import ComputationLimitError  # noqa: E402

SETUPS = ("horizontal corner", "vertical corner", "horizontal middle", "vertical middle")

#: A game of each outcome class, for the families tool.
REPRESENTATIVE = {"L": cgt.parse("1"), "R": cgt.parse("-1"), "N": cgt.parse("*"), "P": cgt.zero}
CLASS_OF = {str(g): o for o, g in REPRESENTATIVE.items()}


def square(col: int, row: int) -> str:
    """The name of the square in column ``col`` and row ``row`` (both from 1)."""
    return f"{chr(ord('a') + col - 1)}{row}"


def gap(rows: int, n: int, setup: str) -> tuple[str, str]:
    """The two squares left empty by ``setup`` on the ``rows x n`` board (module docstring)."""
    if setup == "horizontal corner":
        return square(1, 1), square(2, 1)
    if setup == "vertical corner":
        return square(1, 1), square(1, 2)
    if setup == "horizontal middle":
        row, col = (rows + 1) // 2, (n + 1) // 2 if n % 2 else n // 2
        return square(col, row), square(col + 1, row)
    if setup == "vertical middle":
        col, row = (n + 1) // 2, (rows + 1) // 2 if rows % 2 else rows // 2
        return square(col, row), square(col, row + 1)
    raise ValueError(f"unknown setup {setup!r}; the setups are {', '.join(SETUPS)}")


def exists(rows: int, n: int, setup: str) -> bool:
    """Whether the setup fits the board (a vertical gap needs two rows, a horizontal two columns)."""
    return (rows >= 2) if setup.startswith("vertical") else (n >= 2)


def board(rows: int, n: int, setup: str) -> konane.Board:
    """The ``rows x n`` start (Black on a1) with the setup's two squares empty."""
    b = konane.Board.start(rows, n)
    for name in gap(rows, n, setup):
        b = b.play_removal(name)
    return b


#: Not empty once Ctrl-C stopped a search: the run stops at the board in progress.
INTERRUPTED: list[bool] = []

#: Not empty with ``--progress``: each search shows its progress (a bar on a terminal, a line
#: a minute in a log).
PROGRESS: list[bool] = []


def stopped_by(exc: BaseException) -> str:
    """The limit that stopped a search: a ``ComputationLimitError``'s, or ``"interrupt"`` for
    Ctrl-C (a ``KeyboardInterrupt``), after which the run stops (it is marked once, however
    many handlers the interrupt passes)."""
    if isinstance(exc, ComputationLimitError):
        return exc.limit
    if not INTERRUPTED:
        INTERRUPTED.append(True)
    return "interrupt"


def outcome(b: konane.Board, limit: float | None, threads: int | None,
            max_memory: int | None, cache: str | None = None) -> tuple[str | None, float, str | None]:
    """The outcome class of ``b`` (``"L"``, ``"R"``, ``"N"``, ``"P"``), or None past ``limit``
    seconds or ``max_memory`` bytes; the seconds; the limit that stopped it (``"time"``,
    ``"max_memory"``), if one did.  With ``cache`` (a file), the search starts from the results
    proved there and keeps its own, so a board stopped by a limit goes on in the next run."""
    t = time.perf_counter()
    try:
        o = konane.outcome(b, time=limit, progress=bool(PROGRESS), threads=threads, max_memory=max_memory, cache=cache)
    except (ComputationLimitError, KeyboardInterrupt) as exc:
        return None, time.perf_counter() - t, stopped_by(exc)
    return o.name, time.perf_counter() - t, None


def room(max_memory: int | None, baseline: int | None) -> int | None:
    """The ``max_memory`` of the next search of a board: what the process may still grow by since
    ``baseline`` (its resident memory when the board began), so that the limit holds for the board's
    searches together (each call counts its own growth, and the tables of the earlier ones stay).
    Where less than a quarter of ``max_memory`` is left, the tables are emptied first (the proofs of
    ``--cache`` stay in the file)."""
    if max_memory is None or baseline is None:
        return max_memory
    for _ in range(2):
        now = resident_memory()
        if now is None:
            return max_memory
        left = max_memory - max(0, now - baseline)
        if left >= max_memory // 4:
            return left
        konane.clear_caches()
    return max(left, max_memory // 4)


def certify(b: konane.Board, directory: str, stem: str, max_memory: int | None = None,
            cache: str | None = None, split: bool = False, limit: float | None = None,
            threads: int | None = None, baseline: int | None = None,
            side_done: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Both solves of ``b`` written as certificates and verified; their reports (for a side
    whose proof could not be written within ``max_memory`` or ``limit`` seconds, the limit that
    stopped it and, as ``why``, its error's message; after Ctrl-C, the side in progress says
    ``stopped: interrupt`` and the other is not tried).

    With ``split``, each side's proof is written as those of the positions after each capture
    of the player to move (``STEM-SIDE-CAPTURE.cert``, each solved and written in emptied
    tables, until one the mover wins; a capture whose position is the image of an earlier
    one's under a symmetry of the board is not solved again, its report says ``same_as``),
    joined (:func:`konane.join_certificates` from the position): smaller searches, for a proof
    whose one search outgrows the memory, each stopped past ``limit`` seconds.  The searches run
    on ``threads`` threads (None: konane's setting), each within what :func:`room` leaves of
    ``max_memory`` since ``baseline``.  ``side_done``, if given, is called with the reports so far
    after Black's side (the run's file then keeps its checked proof should the run end during
    White's).

    A board that is its own negative by a symmetry (the middle setups, see above) is
    searched with Black to move only: White's proof is Black's with the colours exchanged
    (:func:`konane.negate_certificate`), joined to the board (:func:`konane.join_certificates`)
    and checked as any other, or, where Black's search stopped, White's stops with it (the
    same search); its report says ``"negative_of": "x"``."""
    out: dict[str, Any] = {}
    own_negative = b.is_own_negative()
    for color in (konane.BLACK, konane.WHITE):
        path = os.path.join(directory, f"{stem}-{color.value}.cert")
        t = time.perf_counter()
        report: dict[str, object] = {}
        if color is konane.WHITE and own_negative:
            if "winner" not in out["x"]:
                # Black's search stopped: White's is the same search (the colours exchanged)
                out["o"] = {"negative_of": "x", "stopped": out["x"]["stopped"], "seconds": 0.0}
                continue
            negated = os.path.join(directory, f"{stem}-x-negative.cert")
            konane.negate_certificate(os.path.join(directory, f"{stem}-x.cert"), negated)
            konane.join_certificates(b, [negated], path, to_move=konane.WHITE)
            os.remove(negated)
            seconds = time.perf_counter() - t
            checked = konane.verify_certificate(path, progress=bool(PROGRESS))
            out["o"] = {"negative_of": "x", "winner": checked.winner.long_name, "nodes": checked.nodes,
                        "bytes": checked.size, "solve_and_write_seconds": round(seconds, 3),
                        "verify_seconds": round(checked.seconds, 3)}
            continue
        try:
            if split:
                parts: list[str] = []
                report["split"] = captures = []
                seen: dict[tuple[konane.Board, bool], dict[str, object]] = {}
                for capture, after in b.move_options(color):
                    twin = seen.get(after.normalized())
                    if twin is not None:    # an image of an earlier capture's position: its proof holds
                        captures.append({"capture": str(capture), "winner": twin["winner"],
                                         "same_as": twin["capture"]})
                        continue
                    konane.clear_caches()
                    parts.append(os.path.join(directory, f"{stem}-{color.value}-{capture}.cert"))
                    started = time.perf_counter()
                    try:
                        s = konane.solve(after, color.opponent, certificate=parts[-1], progress=bool(PROGRESS),
                                         max_memory=room(max_memory, baseline), cache=cache, time=limit,
                                         threads=threads)
                    except (ComputationLimitError, KeyboardInterrupt) as exc:
                        # the capture whose search stopped, in the report (the side stops below)
                        captures.append({"capture": str(capture), "winner": None,
                                         "stopped": stopped_by(exc),
                                         "seconds": round(time.perf_counter() - started, 3)})
                        raise
                    captures.append({"capture": str(capture), "winner": s.winner.long_name,
                                     "positions": s.positions, "bytes": os.path.getsize(parts[-1])})
                    print(f"  {stem}, {color.long_name} first, {capture}: {s.winner.long_name} wins "
                          f"({s.positions:,} positions, {time.perf_counter() - started:.1f} s)", flush=True)
                    seen[after.normalized()] = captures[-1]
                    if s.winner is color:
                        break
                konane.join_certificates(b, parts, path, to_move=color)
            else:
                konane.solve(b, color, certificate=path, progress=bool(PROGRESS), max_memory=room(max_memory, baseline),
                             cache=cache, time=limit, threads=threads)
        except (ComputationLimitError, KeyboardInterrupt) as exc:
            out[color.value] = dict(report, stopped=stopped_by(exc), seconds=round(time.perf_counter() - t, 3))
            if isinstance(exc, ComputationLimitError):
                # what the limit refused (a table, how much it had grown): the next run's settings
                out[color.value]["why"] = str(exc)
                print(f"  {stem}, {color.long_name} first: {exc}", flush=True)
            if INTERRUPTED:
                break
            continue
        seconds = time.perf_counter() - t
        checked = konane.verify_certificate(path, progress=bool(PROGRESS))
        out[color.value] = dict(report, winner=checked.winner.long_name, nodes=checked.nodes, bytes=checked.size,
                                solve_and_write_seconds=round(seconds, 3), verify_seconds=round(checked.seconds, 3))
        if side_done is not None and color is konane.BLACK:
            side_done(out)
    return out


def proofs_seconds(certificates: dict[str, Any]) -> float:
    """The seconds of the searches and the writing of :func:`certify`'s proofs (a side stopped:
    until it stopped), as a whole search's seconds (not the checks)."""
    return sum(float(c.get("solve_and_write_seconds", c.get("seconds", 0.0))) for c in certificates.values())


def board_row(n: int, squares: tuple[str, str], o: str | None, seconds: float, stopped: str | None,
              certificates: dict[str, Any] | None) -> dict[str, Any]:
    """The row of the board ``R x n`` of the results: its gap, outcome class (None: not
    settled), seconds, what stopped it, and its proofs' reports."""
    row: dict[str, Any] = {"n": n, "gap": list(squares), "outcome": o, "seconds": round(seconds, 3)}
    if stopped:
        row["stopped"] = stopped
    if certificates is not None:
        row["certificates"] = certificates
    return row


def proved_outcome(certificates: dict[str, Any]) -> tuple[str | None, str | None]:
    """The outcome class that the two checked proofs of :func:`certify` give (Black first, White
    first), or None and what stopped them: Ctrl-C if it stopped one, else the first limit."""
    x, o = certificates.get("x", {}), certificates.get("o", {})
    if "winner" not in x or "winner" not in o:
        stops = [side["stopped"] for side in (x, o) if side.get("stopped")]
        return None, "interrupt" if "interrupt" in stops else str(next(iter(stops), None))
    return {(True, True): "N", (False, False): "P", (True, False): "L", (False, True): "R"}[
        (x["winner"] == "Black", o["winner"] == "White")], None


def pattern(results: dict[int, str]) -> str | None:
    """The families tool's periodic pattern of the outcomes of one setup along ``n``, if any."""
    if len(results) < 6:
        return None
    form = find_closed_form({n: REPRESENTATIVE[o] for n, o in results.items()})
    if form is None:
        return None
    lines = str(form).split("\n")
    for i, line in enumerate(lines[1:], 1):      # "  n = 4j + 2  (j >= 0):  *": the game after the colon
        head, _, shown = line.rpartition(":")
        lines[i] = f"{head}:  {CLASS_OF.get(shown.strip(), shown.strip())}"
    return "\n".join(lines)


def parse_rows(text: str) -> list[tuple[int, int, int]]:
    """``"R:N"`` (n from ``max(R, 2)`` to N) or ``"R:M-N"``, comma-separated: ``(R, M, N)``."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        r, span = part.split(":")
        rows = int(r)
        first, _, last = span.rpartition("-")
        out.append((rows, int(first) if first else max(rows, 2), int(last)))
    return out


def summary(column: list[dict[str, Any]]) -> tuple[str | None, list[int] | None]:
    """The pattern of a column and the range of ``n`` it rests on: the solved boards from
    the first ``n`` up to the first one not solved."""
    results: dict[int, str] = {}
    for row in sorted(column, key=lambda r: int(r["n"])):
        if row["outcome"] is None or (results and int(row["n"]) != max(results) + 1):
            break
        results[int(row["n"])] = str(row["outcome"])
    if not results:
        return None, None
    return pattern(results), [min(results), max(results)]


def merge(doc: dict[str, Any], tables: list[dict[str, Any]], run: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a data file written before, or empty) with the boards of ``tables`` put in:
    a board solved again replaces the row of the same ``n`` (a board stopped by a limit does
    not replace a solved one); the patterns recomputed."""
    runs = doc.get("runs", [])
    number = len(runs)
    old = {t["rows"]: t["setups"] for t in doc.get("tables", [])}
    for table in tables:
        setups = old.setdefault(table["rows"], {})
        for setup, entry in table["setups"].items():
            rows_by_n = {r["n"]: r for r in setups.get(setup, {}).get("boards", [])}
            for row in entry["boards"]:
                before = rows_by_n.get(row["n"])
                if row["outcome"] is None and before is not None and before["outcome"] is not None:
                    continue        # a board stopped by a limit keeps its solved row
                rows_by_n[row["n"]] = dict(row, run=number)
            column = [rows_by_n[n] for n in sorted(rows_by_n)]
            found, checked = summary(column)
            setups[setup] = {"boards": column, "pattern": found, "checked": checked}
    return {"a1": "Black", "runs": runs + [run],
            "tables": [{"rows": r, "setups": {s: old[r][s] for s in SETUPS if s in old[r]}} for r in sorted(old)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="2:12,3:8,4:6",
                        help="R:N or R:M-N,... the boards R x n for n up to N, from M (default: %(default)s)")
    parser.add_argument("--setups", default=",".join(SETUPS), help="which setups, comma-separated (default: all)")
    parser.add_argument("--limit-seconds", type=float, default=120.0, help="the budget of one board")
    parser.add_argument("--threads", type=int, default=None, help="threads of each search (default: all)")
    parser.add_argument("--progress", action="store_true",
                        help="show each search's progress: a bar on a terminal, a line a minute in a log "
                             "(positions, rate, memory)")
    parser.add_argument("--max-memory-gb", type=float, default=None,
                        help="how much a board's searches together may grow the process, in GiB (default: "
                             "konane's max_memory)")
    parser.add_argument("--max-entries-millions", type=float, default=None,
                        help="the entries of the native search's table past which the cheapest results "
                             "are dropped, in millions (default: the search's)")
    parser.add_argument("--cache", metavar="FILE",
                        help="keep the proved results in FILE (konane.outcome's cache=): a board stopped by a "
                             "limit goes on from them in the next run")
    parser.add_argument("--certify", metavar="DIR", help="write and verify the certificates in DIR")
    parser.add_argument("--split", action="store_true",
                        help="with --certify: no whole search; each side solved and proved as the positions after "
                             "each first capture (one search each, --limit-seconds each), the proofs joined and "
                             "checked, the outcome theirs (for a board too big for one search)")
    parser.add_argument("--json", metavar="OUT",
                        help="also write the results to OUT; if OUT exists, merge them into it (the boards "
                             "solved again replace theirs, the run is added to its list of runs)")
    args = parser.parse_args(argv)
    INTERRUPTED.clear()
    PROGRESS[:] = [True] if args.progress else []
    chosen = [s.strip() for s in args.setups.split(",") if s.strip()]
    for s in chosen:
        if s not in SETUPS:
            parser.error(f"unknown setup {s!r}; the setups are {', '.join(SETUPS)}")
    if args.split and not args.certify:
        parser.error("--split needs --certify DIR (the proofs of the first captures are written there)")
    if args.certify:
        os.makedirs(args.certify, exist_ok=True)
    max_memory = konane._progress.DEFAULT_MAX_MEMORY if args.max_memory_gb is None \
        else int(args.max_memory_gb * 2**30)
    if args.max_entries_millions is not None:
        if not native.available():
            parser.error("--max-entries-millions is a setting of the native search, which is not built")
        native.wins_configure(max_entries=int(args.max_entries_millions * 1e6))
    started = time.perf_counter()
    tables: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    if args.json and os.path.exists(args.json):
        with open(args.json, encoding="utf-8") as f:
            before = json.load(f)
    given = argv if argv is not None else sys.argv[1:]

    def save() -> None:
        """The file as it stands after the boards solved so far (written after every board,
        so a run stopped by Ctrl-C or a kill keeps them; replaced whole, never half written)."""
        run = {"command": shlex.join(["python", "scripts/narrow_setups.py", *given]),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
               "date": time.strftime("%Y-%m-%d"), "seconds": round(time.perf_counter() - started, 1)}
        doc = merge(copy.deepcopy(before), [t for t in tables if t["setups"]], run)
        os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
        tmp = f"{args.json}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        os.replace(tmp, args.json)

    for rows, first, last in parse_rows(args.rows):
        setups: dict[str, Any] = {}
        tables.append({"rows": rows, "setups": setups})
        for setup in (s for s in SETUPS if s in chosen):
            if not exists(rows, last, setup):      # 1 x n: no vertical gap
                continue
            column: list[dict[str, Any]] = []
            for n in range(first, last + 1):
                b, squares = board(rows, n, setup), gap(rows, n, setup)
                konane.clear_caches()           # each board's time and memory its own
                baseline = resident_memory()
                stem = f"{rows}x{n}-{setup.replace(' ', '-')}"
                certificates: dict[str, Any] | None = None
                if args.certify:

                    def half(reports: dict[str, Any], n: int = n, squares: tuple[str, str] = squares,
                             column: list[dict[str, Any]] = column, setup: str = setup,
                             setups: dict[str, Any] = setups) -> None:
                        """Save the board's row while White's side runs: unsettled, ``"stopped":
                        "in progress"`` (what the file says if the run ends there), Black's proof in."""
                        row = board_row(n, squares, None, proofs_seconds(reports), "in progress", dict(reports))
                        setups[setup] = {"boards": [*column, row], "pattern": None, "checked": None}
                        save()

                    # the outcome is what the two checked proofs say: each side's search writes its
                    # proof right after it (split: the proofs after each first capture), no search
                    # of the outcome first (its tables would have dropped the proofs' nodes)
                    certificates = certify(b, args.certify, stem, max_memory, args.cache, args.split,
                                           args.limit_seconds, args.threads, baseline,
                                           half if args.json else None)
                    o, stopped = proved_outcome(certificates)
                    seconds = proofs_seconds(certificates)
                else:
                    o, seconds, stopped = outcome(b, args.limit_seconds, args.threads, max_memory, args.cache)
                row = board_row(n, squares, o, seconds, stopped, certificates)
                column.append(row)
                why = f"  (stopped by {stopped})" if stopped else ""
                print(f"{rows}x{n:<3} {setup:<18} {squares}  {o or 'unsettled':<9} {seconds:8.2f} s{why}", flush=True)
                if args.json:
                    found, checked = summary(column)
                    setups[setup] = {"boards": column, "pattern": found, "checked": checked}
                    save()
                if o is None:
                    break
            found, checked = summary(column)
            if checked:
                solved = "".join(str(r["outcome"]) for r in column if r["outcome"])
                print(f"  {rows}xn {setup}, n = {checked[0]}..{checked[1]}: {solved}")
                print("  " + (found or "no periodic pattern found").replace("\n", "\n  "), flush=True)
            setups[setup] = {"boards": column, "pattern": found, "checked": checked}
            if INTERRUPTED:
                break
        if INTERRUPTED:
            print("interrupted (Ctrl-C): the run stopped at the board in progress"
                  + (f"; its proofs are kept in {args.cache}" if args.cache else ""), flush=True)
            break
    if args.json:
        save()
        print(f"{'merged into' if before else 'wrote'} {args.json}")
    return 130 if INTERRUPTED else 0


if __name__ == "__main__":
    sys.exit(main())
