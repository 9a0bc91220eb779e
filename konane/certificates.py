"""Certificates: proofs of who wins that a small independent program can check.

:func:`konane.solve` with ``certificate=path`` writes, beside its answer, the proof tree of it;
:func:`verify_certificate` checks such a file with the pure-Python reference code only: the
rules of :class:`konane.Board` (moves, removals), the decomposer
(``konane._kernel.decompose``), and the pure-Python engine of :mod:`cgt`
(``cgt.ops.engine("python")``) for the values of small regions, computed by brute force over
their options.  The native search that found the proof is never asked.  The format is
described in :doc:`docs/certificates.md </certificates>` precisely enough to write another checker.

A node is a position with the player to move (a capture, or a removal of the opening) and the
winner the certificate claims.  Where the winner moves, the node holds one winning move;
where the loser moves, every legal move; each move leads to the node of the position after it,
or of its image under a symmetry of the board (positions equal by a symmetry are proved once).
A leaf is a position with no move for the player to move (who loses), or a position whose
regions (:func:`konane.regions`) all have at most :data:`LEAF_STONES` stones, settled by the
sum of their exact values: the player to move wins exactly when Left moving first wins the sum
(it is not ``<= 0``) for Black, or Right (it is not ``>= 0``) for White.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "4x4.cert")
>>> b = konane.Board.start(4).play_removal("a1").play_removal("b1")
>>> konane.solve(b, "x", certificate=path).winner        # Norvig (2021): White wins
konane.WHITE
>>> report = konane.verify_certificate(path)
>>> report.winner, report.nodes > 0
(konane.WHITE, True)
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import itertools
import json
import os
import re
import struct
import tempfile
import time as _time
import zlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, overload

import cgt
from konane._calls import describe, public
from konane._files import check_path, replacing
from konane._kernel import bitboard as bb
from konane._kernel import native
from konane._kernel import wins as wins_kernel
from konane._kernel.decompose import region_masks
from konane._kernel.solver import value_id
from konane._progress import DEFAULT_MAX_MEMORY, Progress, computation
from konane.board import BLACK, WHITE, Board, Color, as_board, as_color
from konane.cache import as_cache
from konane.errors import CertificateError, ComputationLimitError, KonaneError, KonaneTypeError, PlayerTypeError
from konane.moves import Move
from konane.rules import Rules, as_rules

__all__ = ["verify_certificate", "join_certificates", "negate_certificate", "CertificateReport", "FORMAT",
           "LEAF_STONES"]

# (Also here, for konane.solve: game_wins and winning_moves, who wins in any phase of a game,
# the opening's removals included, and write, which writes a certificate.)

FORMAT = "konane-cgt certificate 2"
"""The format written in every certificate's header (format 1, which the checker reads too, had
no symmetries in its moves)."""

_FORMATS = ("konane-cgt certificate 1", FORMAT)

#: The start of the gzip header of a certificate of :data:`FORMAT`: a comment (flag 0x10), no
#: time, maximum compression, system unknown.  The comment is ``sha256:`` and the SHA-256 of the
#: bytes after it (the compressed data and gzip's trailer), so that every byte of the file is
#: checked: gzip checks what it decompresses to, not its own header nor the unused bits of the
#: last byte of the compressed data.
_GZIP_START = b"\x1f\x8b\x08\x10\x00\x00\x00\x00\x02\xff"

LEAF_STONES = 12
"""A position whose regions all have at most this many stones is a leaf, settled by their values
(the checker computes each by brute force over its options)."""

CAPTURE, FIRST, SECOND = "capture", "first removal", "second removal"


@dataclasses.dataclass(frozen=True)
class CertificateReport:
    """What :func:`verify_certificate` checked (and what :func:`konane.solve` wrote).

    Attributes
    ----------
    path : str
    board : Board
        The root position.
    to_move : Color
        The player to move at the root.
    winner : Color
        The winner the certificate proves.
    phase : str
        ``"capture"``, or ``"first removal"`` / ``"second removal"`` for a game proved from its
        opening.
    nodes : int
        Nodes of the proof (positions, each once).
    leaves : int
        Leaves settled by the values of their regions.
    dead_ends : int
        Leaves where the player to move has no move.
    size : int
        Bytes of the file (compressed).
    seconds : float
        The time of the writing or of the checking.
    """

    path: str
    board: Board
    to_move: Color
    winner: Color
    phase: str
    nodes: int
    leaves: int
    dead_ends: int
    size: int
    seconds: float

    def __str__(self) -> str:
        return (f"{self.winner.long_name} wins {self.board.picture!r} ({self.to_move.long_name} to move, "
                f"{self.phase}): {self.nodes:,} nodes, {self.leaves:,} settled by values, {self.dead_ends:,} with "
                f"no move; {self.size:,} bytes; {self.seconds:.3g} s")


# ---------------------------------------------------------------- writing

def _moves(board: Board, mover: Color, phase: str, hole: str | None, rules: Rules) -> list[Move]:
    if phase == CAPTURE:
        return board.legal_moves(mover, rules)
    return board.removals(mover, hole, rules)


def _after(board: Board, move: Move, mover: Color, rules: Rules) -> Board:
    return board.play_removal(move.source) if move.is_removal else board.play(move, rules, player=mover)


def _next_phase(phase: str) -> str:
    return SECOND if phase == FIRST else CAPTURE


def game_wins(board: Board, mover: Color, phase: str, hole: str | None, rules: Rules, progress: Progress,
              stats: wins_kernel.Stats) -> bool:
    """Whether ``mover`` wins ``board`` in ``phase``: the capture phase by the win/loss kernel
    (:func:`konane._kernel.wins.wins`); a removal of the opening if some removal leaves the
    opponent losing (after the second removal the player who removed first captures first),
    those the table knows lost first."""
    if phase == CAPTURE:
        return wins_kernel.wins(board.key, mover is BLACK, rules, progress, progress.tick, stats)
    children = [(m, _after(board, m, mover, rules)) for m in _moves(board, mover, phase, hole, rules)]
    return bool(_winners(children, mover, phase, rules, progress, stats, every=False))


def game_known(board: Board, mover: Color, phase: str, hole: str | None, rules: Rules,
               progress: Progress) -> bool | None:
    """Whether ``mover`` wins ``board`` in ``phase`` where the win/loss kernel's table (and the
    values of small regions) say it without searching, else None (:func:`game_wins` then
    searches)."""
    if phase == CAPTURE:
        return wins_kernel.known(board.key, mover is BLACK, rules, progress)
    nxt = _next_phase(phase)
    answers = {game_known(_after(board, m, mover, rules), mover.opponent, nxt, str(m) if nxt == SECOND else None,
                          rules, progress)
               for m in _moves(board, mover, phase, hole, rules)}
    return True if False in answers else False if answers <= {True} else None


def _winners(children: list[tuple[Move, Board]], mover: Color, phase: str, rules: Rules, progress: Progress,
             stats: wins_kernel.Stats, every: bool) -> list[tuple[Move, Board]]:
    """The children (moves of ``mover`` in ``phase``, with their boards) after which the
    opponent loses, in their order: every one, or one (``every`` False).  One is the first
    the kernel's table knows lost for the opponent, where there is one: the search that proved
    ``mover`` wins proved one of them, and any other may cost a search of its own."""
    nxt = _next_phase(phase)

    def hole(m: Move) -> str | None:
        return str(m) if nxt == SECOND else None

    known = [game_known(after, mover.opponent, nxt, hole(m), rules, progress) for m, after in children]
    if not every and False in known:
        return [children[known.index(False)]]
    found = []
    for (m, after), k in zip(children, known, strict=True):
        if not (k if k is not None else game_wins(after, mover.opponent, nxt, hole(m), rules, progress, stats)):
            found.append((m, after))
            if not every:
                break
    return found


def winning_moves(board: Board, mover: Color, phase: str, hole: str | None, rules: Rules, progress: Progress,
                  stats: wins_kernel.Stats, every: bool) -> list[Move]:
    """The moves of ``mover`` (captures, or removals in the opening) after which the opponent
    loses: every one, in legal order, or one (``every`` False; the first of them the search's
    table knows, where it knows one, else the first in legal order)."""
    children = [(m, _after(board, m, mover, rules)) for m in _moves(board, mover, phase, hole, rules)]
    return [m for m, _ in _winners(children, mover, phase, rules, progress, stats, every)]


class _Writer:
    """The proof tree of a solved position, read out of the native search's tables
    (:func:`konane._kernel.wins.proof`) for the capture phase where the native search takes the
    board, else extracted by asking the win/loss kernel again (its table keeps what the search
    proved, so the questions cost little)."""

    def __init__(self, rules: Rules, progress: Progress) -> None:
        self.rules = rules
        self.progress = progress
        # the nodes' texts, kept compressed (a proof of millions of nodes is held whole until it
        # is written)
        self.nodes = _Texts()
        # the nodes written, by (board.key, mover, phase, hole); those of the capture phase in a
        # table of their own per board shape, keyed by one int (a seventh of the memory of the tuple)
        self.index: dict[tuple[Any, ...], int] = {}
        self.captures: dict[tuple[int, int, int], dict[int, int]] = {}
        self.values: dict[tuple[int, ...], str] = {}
        self.move_texts: dict[tuple[int, int], str] = {}
        self.leaves = self.dead_ends = 0

    def leaf_regions(self, board: Board) -> list[Board] | None:
        """The live regions of ``board`` if they are all small enough for a leaf, else None."""
        parts = []
        for cells, black, white in region_masks(board.cells_mask, board.black_mask, board.white_mask, board.stride):
            if black and white:
                if (black | white).bit_count() > LEAF_STONES:
                    return None
                parts.append(Board.from_masks(board.rows, board.cols, cells, black, white))
        return parts

    def find(self, key: tuple[Any, ...]) -> int | None:
        """The index of the node written for ``key`` (``(board.key, mover, phase, hole)``), if any."""
        (rows, cols, cells, black, white), mover, phase, hole = key
        if phase == CAPTURE and hole is None:
            return self.captures.get((rows, cols, cells), {}).get(_packed(rows, cols, black, white, mover))
        return self.index.get(key)

    def put(self, key: tuple[Any, ...], text: str) -> int:
        """Write the node of ``key`` (:meth:`find`) as ``text``: its index."""
        (rows, cols, cells, black, white), mover, phase, hole = key
        i = len(self.nodes)
        if phase == CAPTURE and hole is None:
            self.captures.setdefault((rows, cols, cells), {})[_packed(rows, cols, black, white, mover)] = i
        else:
            self.index[key] = i
        self.nodes.append(text)
        return i

    def node(self, board: Board, mover: Color, phase: str, hole: str | None, winner: Color) -> int:
        key = (board.key, mover, phase, hole)
        found = self.find(key)
        if found is not None:
            return found
        if phase == CAPTURE:
            try:
                tree = wins_kernel.proof(board.key, mover is BLACK, winner is BLACK, self.rules, LEAF_STONES,
                                         self.progress)
            except ComputationLimitError:
                raise       # a limit reached while the proof is searched again: the caller's to say
            except RuntimeError as exc:
                raise KonaneError(f"{exc}: the search said so; please report this") from None
            if tree is not None:
                return self.native_tree(board, winner, tree)
        record: dict[str, Any] = {"board": board.picture, "to_move": mover.value, "phase": phase,
                                  "winner": winner.value}
        if hole is not None:
            record["hole"] = hole
        # a capture's moves with their boards at once (cheaper than playing each move again)
        if phase == CAPTURE:
            children = board.move_options(mover, self.rules)
        else:
            children = [(m, _after(board, m, mover, self.rules)) for m in _moves(board, mover, phase, hole, self.rules)]
        regions = self.leaf_regions(board) if phase == CAPTURE and children else None
        if not children:
            self.dead_ends += 1
        elif regions is not None:
            record["regions"] = [[r.picture, self.value_text(r)] for r in regions]
            self.leaves += 1
        else:
            nxt = _next_phase(phase)
            if winner is mover:
                # a winning move: in the order of the fewest replies (a smaller subtree), the
                # first the table knows, else the first a search proves
                if nxt == CAPTURE:
                    children.sort(key=lambda mc: mc[1].move_count(mover.opponent, self.rules))
                else:
                    children.sort(key=lambda mc: len(_moves(mc[1], mover.opponent, nxt, str(mc[0]), self.rules)))
                children = _winners(children, mover, phase, self.rules, self.progress, wins_kernel.Stats(),
                                    every=False)
                if not children:
                    raise KonaneError(f"no winning move for {mover.long_name} in {board.picture!r}, "
                                      "which the search said it wins: please report this")
            if phase == CAPTURE:     # (positions equal by a symmetry are rare past the opening)
                record["moves"] = [[str(m), self.node(after, mover.opponent, nxt, None, winner)]
                                   for m, after in children]
            else:
                record["moves"] = [self.entry(m, after, mover.opponent, nxt, winner) for m, after in children]
        i = self.put(key, _text(record))
        self.progress.tick(1)
        return i

    def entry(self, move: Move, after: Board, mover: Color, phase: str, winner: Color) -> list[Any]:
        """The entry of a move of the opening in its node's list: ``[notation, child]``, or
        ``[notation, child, k]`` where the node written already is the image of the position
        after the move under the symmetry ``k`` (:meth:`konane.Board.transform`), so that the
        positions of the opening equal by a symmetry are proved once."""
        hole = str(move) if phase == SECOND else None
        if self.find((after.key, mover, phase, hole)) is None:        # the position itself first
            for k in range(1, 8):
                image = after.transform(k)
                image_hole = None if hole is None else \
                    image.square_name(bb.transform_rc(*after.square(hole), after.rows, after.cols, k))
                found = self.find((image.key, mover, phase, image_hole))
                if found is not None:
                    return [str(move), found, k]
        return [str(move), self.node(after, mover, phase, hole, winner)]

    def native_tree(self, root: Board, winner: Color, tree: native.ProofTree) -> int:
        """Write the capture-phase proof ``tree`` of the native search (its nodes, each after
        those it names, the root last) for ``root``; the index of the root."""
        rows, cols, cells = root.rows, root.cols, root.cells_mask
        stride = cols + 1
        written = self.captures.setdefault((rows, cols, cells), {})

        def board(black: int, white: int, cells: int = cells) -> Board:    # the masks are the search's: valid
            return root._make(rows, cols, cells, black, white, root._origin)

        def move_text(f: int, t: int) -> str:
            text = self.move_texts.get((f, t))
            if text is None:
                text = str(Move(divmod(f, stride), divmod(t, stride), rows=rows, origin=root.origin))
                self.move_texts[(f, t)] = text
            return text

        at = array("L")                # the index here of each node of the tree
        for black, white, black_to_move, regions, moves in _slices(tree, self.progress):
            mover = BLACK if black_to_move else WHITE
            packed = _packed(rows, cols, black, white, mover)
            found = written.get(packed)
            if found is None:
                record: dict[str, Any] = {"board": board(black, white).picture, "to_move": mover.value,
                                          "phase": CAPTURE, "winner": winner.value}
                if regions is not None:
                    record["regions"] = [[r.picture, self.value_text(r)]
                                         for r in (board(b, w, c) for c, b, w in regions)]
                    self.leaves += 1
                elif moves is not None:
                    record["moves"] = [[move_text(f, t), at[c]] for f, t, c in moves]
                else:
                    self.dead_ends += 1
                found = written[packed] = len(self.nodes)
                self.nodes.append(_text(record))
            at.append(found)
        return at[-1]

    def value_text(self, region: Board) -> str:
        """The value of ``region``, written in CGSuite notation (each region valued once)."""
        text = self.values.get(region.key)
        if text is None:
            text = self.values[region.key] = str(_value(region, self.rules, self.progress))
        return text


def _packed(rows: int, cols: int, black: int, white: int, mover: Color) -> int:
    """A position of the capture phase on a ``rows x cols`` board with ``mover`` to move, as one
    int (the key of :attr:`_Writer.captures`)."""
    return (((black << (rows * (cols + 1))) | white) << 1) | (mover is BLACK)


#: The nodes of a native proof read at once (:func:`_slices`).
_SLICE = 1 << 16


def _slices(tree: native.ProofTree, progress: Progress | None = None) -> Iterator[native.ProofNode]:
    """The nodes of ``tree`` in order, read from the native core a slice at a time (the limits
    of ``progress`` checked at each: the memory the nodes take here is Python's)."""
    for start in range(0, len(tree), _SLICE):
        if progress is not None:
            progress.check()
        yield from tree.nodes(start, start + _SLICE)


class _Texts:
    """The JSON texts of the nodes of a certificate being written, in order, kept compressed
    until the certificate is written (the texts of a proof of millions of nodes would take
    gigabytes): :meth:`pieces` gives them back, joined by commas, as often as asked."""

    #: The characters gathered before they are compressed.
    CHUNK = 1 << 20

    def __init__(self) -> None:
        self._packer: Any = zlib.compressobj(1)
        self._packed: list[bytes] = []
        self._pending: list[str] = []
        self._pending_chars = 0
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def append(self, text: str) -> None:
        """Add the text of the next node."""
        if self._packer is None:
            raise RuntimeError("the texts were read already")     # (a bug of this module)
        self._pending.append(text)
        self._pending_chars += len(text) + 1
        self._count += 1
        if self._pending_chars >= self.CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            first = len(self._pending) == self._count    # nothing compressed before: no comma first
            piece = ("" if first else ",") + ",".join(self._pending)
            self._packed.append(self._packer.compress(piece.encode()))
            self._pending.clear()
            self._pending_chars = 0

    def pieces(self) -> Iterator[bytes]:
        """The texts, joined by commas, as UTF-8 in pieces (no more can be added after)."""
        if self._packer is not None:
            self._flush()
            self._packed.append(self._packer.flush())
            self._packer = None
        unpacker = zlib.decompressobj()
        for data in self._packed:
            yield unpacker.decompress(data)
        yield unpacker.flush()


def _value(board: Board, rules: Rules, progress: Progress) -> cgt.Game:
    return cgt.Game.from_id(value_id(board.key, rules, None, progress))


def _digest(header: dict[str, Any], nodes_text: Iterable[bytes | memoryview]) -> str:
    """The digest of a certificate: of its header (less the digest) and its nodes' text (as
    UTF-8, in pieces)."""
    h = hashlib.sha256()
    h.update(json.dumps({k: v for k, v in header.items() if k != "digest"}, sort_keys=True).encode())
    for piece in nodes_text:
        h.update(piece)
    return h.hexdigest()


def _pack(header: dict[str, Any], nodes: _Texts) -> bytes:
    """The bytes of a certificate: ``header`` with its digest, then the nodes' list, gzipped
    (compressed a piece at a time)."""
    header["digest"] = _digest(header, itertools.chain([b"["], nodes.pieces(), [b"]"]))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)          # raw deflate: the header is written here
    body: list[bytes] = []
    crc = size = 0
    for piece in itertools.chain([(json.dumps(header, sort_keys=True) + "\n[").encode()], nodes.pieces(), [b"]\n"]):
        body.append(packer.compress(piece))
        crc, size = zlib.crc32(piece, crc), size + len(piece)
    body.append(packer.flush())
    body.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
    data = b"".join(body)
    return _GZIP_START + b"sha256:" + hashlib.sha256(data).hexdigest().encode() + b"\0" + data


def write(path: Any, board: Board, to_move: Color, winner: Color, rules: Rules, progress: Progress,
          phase: str = CAPTURE, hole: str | None = None) -> CertificateReport:
    """Write the certificate that ``winner`` wins ``board`` with ``to_move`` to move (solved
    already: the win/loss kernel's table holds the proof) to ``path``."""
    start = _time.monotonic()
    name = check_path(path)
    # a picture has no origin: the squares of the certificate are named from its own a1
    named = board.with_origin("a1")
    if hole is not None:
        hole = named.square_name(Move.parse(hole, rows=board.rows, cols=board.cols, origin=board.origin).source)
    board = named
    writer = _Writer(rules, progress)
    root = writer.node(board, to_move, phase, hole, winner)
    size = _save(name, rules, root, writer.nodes)
    return CertificateReport(name, board, to_move, winner, phase, len(writer.nodes), writer.leaves,
                             writer.dead_ends, size, _time.monotonic() - start)


def _rules_field(rules: Rules) -> dict[str, Any]:
    """The header's ``"rules"``."""
    return {"multi_jump": rules.multi_jump, "opening": rules.opening}


def _text(node: dict[str, Any]) -> str:
    """A node as the certificate writes it (compact JSON)."""
    return json.dumps(node, separators=(",", ":"))


def _save(name: str, rules: Rules, root: int, nodes: _Texts) -> int:
    """Write the certificate of ``nodes`` (the root at ``root``) to ``name``, whole or not at
    all; its size in bytes."""
    header = {"format": FORMAT, "rules": _rules_field(rules), "root": root, "nodes": len(nodes)}
    data = _pack(header, nodes)
    with replacing(name) as tmp:
        with open(tmp, "wb") as f:
            f.write(data)
    return len(data)


@dataclasses.dataclass(frozen=True)
class Settled:
    """How a position of the capture phase is proved in a certificate made of parts
    (:func:`join_certificates`, :func:`write_joined`): by the part ``part`` (its root the
    position's image under ``symmetry``), or, with ``board`` and ``mover``, by its captures
    ``moves`` (each with how the position after it is proved; none: the mover cannot capture
    and loses)."""

    winner: Color
    part: int | None = None
    symmetry: int = 0
    board: Board | None = None
    mover: Color | None = None
    moves: list[tuple[Move, Settled]] = dataclasses.field(default_factory=list)


class _Joiner:
    """The nodes of a certificate made of parts (certificates of positions of the capture phase,
    read and their seals checked, under ``rules``) and of nodes joining them."""

    def __init__(self, rules: Rules, parts: Iterable[str | os.PathLike[str]]) -> None:
        self.rules = rules
        self.loaded: list[tuple[str, Sequence[Any], int, Board, Color, Color]] = []
        for part in parts:
            part_name = check_path(part)
            header, nodes = _read(part_name)
            if header.get("rules") != _rules_field(rules):
                raise CertificateError(f"{part_name!r} is a certificate under other rules ({header.get('rules')!r})")
            root = header.get("root")
            if not (type(root) is int and 0 <= root < len(nodes)):
                raise CertificateError(f"{part_name!r}: its header is damaged (root {root!r})")
            board, mover, phase, winner = _read_node(nodes[root], root, part_name)
            if phase != CAPTURE:
                raise CertificateError(f"{part_name!r} is not the certificate of a position after the removals "
                                       f"(its root is a position of the {phase})")
            self.loaded.append((part_name, nodes, root, board, mover, winner))
        self.out = _Texts()                            # the nodes written, as texts
        self.leaves = self.dead_ends = 0
        self.index: dict[tuple[Any, ...], int] = {}
        self.copied: dict[int, int] = {}              # a part's index -> the index of its root here
        # (a root position, its mover) -> the first part of it
        self.by_position: dict[tuple[Any, ...], int] = {}
        for i, (_, _, _, board, mover, _) in enumerate(self.loaded):
            self.by_position.setdefault((board.key, mover), i)
        # the fewest stones of a part: a walk through the captures goes no deeper (no part: no walk)
        self.floor = min((part[3].stone_count() for part in self.loaded),
                         default=1 << 30)
        self.settled: dict[tuple[Any, ...], Settled | None] = {}

    def settle(self, board: Board, mover: Color) -> Settled | None:
        """How the position with ``mover`` to capture is proved: by a part (of it or of its
        image), by having no move, or by its captures, each proved; None if it is not."""
        key = (board.key, mover)
        if key in self.settled:
            return self.settled[key]
        found: Settled | None = None
        for k in range(8):
            p = self.by_position.get((board.transform(k).key, mover))
            if p is not None:
                found = Settled(self.loaded[p][5], part=p, symmetry=k)
                break
        if found is None:
            children = board.move_options(mover, self.rules)
            if not children:
                found = Settled(mover.opponent, board=board, mover=mover)
            elif board.stone_count() > self.floor:
                found = self.by_captures(board, mover, children)
        self.settled[key] = found
        return found

    def by_captures(self, board: Board, mover: Color, children: list[tuple[Move, Board]]) -> Settled | None:
        """How the position is proved by its captures ``children``, each settled: one that the mover
        wins, or every one, each won by the other player; None if neither."""
        below = [(m, self.settle(after, mover.opponent)) for m, after in children]
        wins = [(m, c) for m, c in below if c is not None and c.winner is mover]
        if wins:
            return Settled(mover, board=board, mover=mover, moves=wins[:1])
        if all(c is not None for _, c in below):
            return Settled(mover.opponent, board=board, mover=mover, moves=[(m, c) for m, c in below if c is not None])
        return None

    def unfold(self, board: Board, mover: Color) -> Settled | None:
        """How the position is proved by its captures, down to the positions after the root of a
        part whose root is the position's image under a symmetry (a root node cannot name
        another node: the root is written anew, the rest of the part copied).  The nodes that
        the parts' roots name become parts themselves."""
        for name, nodes, root, _, _, _ in list(self.loaded):
            node = nodes[root]
            for item in node.get("moves", []) if isinstance(node, dict) else []:
                c = _named_node(item, nodes)
                if c is None:
                    raise CertificateError(f"{name!r}, node {root}: a move is not [move, node] or [move, node, k]")
                child, child_mover, _, child_winner = _read_node(nodes[c], c, name)
                self.by_position.setdefault((child.key, child_mover), len(self.loaded))
                self.loaded.append((name, nodes, c, child, child_mover, child_winner))
        self.settled.clear()
        children = board.move_options(mover, self.rules)
        return Settled(mover.opponent, board=board, mover=mover) if not children else \
            self.by_captures(board, mover, children)

    def link(self, s: Settled) -> list[Any]:
        """The node of a proved position written (its children first): ``[index]``, or
        ``[index, k]`` where it is a part's root, the image of the position under the symmetry k."""
        if s.part is not None:
            if s.part not in self.copied:
                self.copied[s.part] = _copy_nodes(*self.loaded[s.part][:3], self.emit, self.index)
            return [self.copied[s.part]] + ([s.symmetry] if s.symmetry else [])
        assert s.board is not None and s.mover is not None
        record: dict[str, Any] = {"board": s.board.picture, "to_move": s.mover.value, "phase": CAPTURE,
                                  "winner": s.winner.value}
        key = (record["board"], record["to_move"], CAPTURE, None, record["winner"])
        if key not in self.index:
            if s.moves:
                record["moves"] = [[str(m), *self.link(c)] for m, c in s.moves]
            self.index[key] = self.emit(record)
        return [self.index[key]]

    def emit(self, record: dict[str, Any]) -> int:
        """Write the node ``record`` (its children written before it): its index."""
        if "regions" in record:
            self.leaves += 1
        elif "moves" not in record:
            self.dead_ends += 1
        self.out.append(_text(record))
        return len(self.out) - 1

    def save(self, name: str, root: int, board: Board, mover: Color, winner: Color, phase: str,
             begun: float) -> CertificateReport:
        size = _save(name, self.rules, root, self.out)
        return CertificateReport(name, board, mover, winner, phase, len(self.out), self.leaves, self.dead_ends,
                                 size, _time.monotonic() - begun)


def write_joined(path: str | os.PathLike[str], rules: Rules, root: Settled,
                 parts: Iterable[str | os.PathLike[str]]) -> CertificateReport:
    """Write the certificate of ``root`` (a position with its mover, proved by its captures down
    to the ``parts``, which :attr:`Settled.part` indexes; ``konane.solve`` on a cluster: the
    top of the proof in the driver, the parts written by the workers)."""
    begun = _time.monotonic()
    name = check_path(path)
    return _write_root(_Joiner(rules, parts), name, root, begun)


def _write_root(joiner: _Joiner, name: str, root: Settled, begun: float) -> CertificateReport:
    """Write the certificate of the position ``root`` proves, from the parts of ``joiner``."""
    top, *symmetry = joiner.link(root)
    if root.part is not None:          # the root is a part's, whole
        if symmetry:
            raise CertificateError("the position is the image of a part's under a symmetry of the board: "
                                   "that part is its certificate")
        board, mover = joiner.loaded[root.part][3:5]
    else:
        assert root.board is not None and root.mover is not None
        board, mover = root.board.with_origin("a1"), root.mover
    return joiner.save(name, top, board, mover, root.winner, CAPTURE, begun)


class ProvedNode(Protocol):
    """A node of a proved tree whose top a certificate is made of (the driver's tree of
    :mod:`konane.cluster`): ``board`` with Black to move if ``black``, proved won or lost by
    the player to move (``won``), after ``move``, with its ``children`` where it was expanded,
    and the ``worker`` whose table proved it."""

    board: Board
    black: bool
    won: bool | None
    move: Move | None
    worker: str

    @property
    def children(self) -> Sequence[ProvedNode] | None: ...


def proof_top(root: ProvedNode, rules: Rules) -> tuple[Settled, list[ProvedNode]]:
    """The top of the proof of ``root`` from its proved tree (where the winner moves, a move
    proved winning; where the loser moves, every move), and its leaves (the nodes not expanded,
    with a move: their proofs are the parts, in the order of :attr:`Settled.part`)."""
    leaves: list[ProvedNode] = []
    at: dict[tuple[tuple[int, int, int, int, int], bool], Settled] = {}

    def settled(n: ProvedNode) -> Settled:
        """How ``n`` is proved (a tree a few captures deep: recursion is safe)."""
        key = (n.board.key, n.black)
        found = at.get(key)
        if found is not None:
            return found
        mover = BLACK if n.black else WHITE
        if n.won is None:
            raise KonaneError(f"proof_top: a node of the proof is not proved ({n.board.picture!r})")
        winner = mover if n.won else mover.opponent
        if n.children is None:
            if n.board.move_count(mover, rules) == 0:
                found = Settled(winner, board=n.board, mover=mover)
            else:
                found = Settled(winner, part=len(leaves))
                leaves.append(n)
        else:
            chosen = [c for c in n.children if c.won is False][:1] if n.won else list(n.children)
            if not chosen or any(c.won is None or c.move is None for c in chosen):
                raise KonaneError(f"proof_top: the children of {n.board.picture!r} do not prove it")
            found = Settled(winner, board=n.board, mover=mover,
                            moves=[(c.move, settled(c)) for c in chosen if c.move is not None])
        at[key] = found
        return found

    return settled(root), leaves


def certificate_job(position: tuple[int, int, int, int, int], black_to_move: bool, black_wins: bool, rules: Rules,
                    cache: str | None = None, threads: int = 1) -> tuple[bytes, int]:
    """A job of a certificate written on a cluster (:func:`konane.solve` with ``cluster=`` and
    ``certificate=``), run by a worker: the certificate that Black (if ``black_wins``) or White
    wins ``position`` (:attr:`konane.Board.key`) with Black (if ``black_to_move``) or White to
    move, as the bytes of its file, and the positions searched to write it.  The proof is read
    out of the worker's table, where the job that proved the position ran on this worker; what
    the table lost is searched again (with ``cache``, from the proofs kept there).

    Examples
    --------
    >>> from konane.certificates import certificate_job
    >>> data, positions = certificate_job(konane.Board("..ox/xo..").key, True, True, konane.STANDARD)
    >>> data[:2] == b"\\x1f\\x8b"                     # a gzip file
    True
    """
    board = Board.from_masks(*position)
    kept = None if cache is None else as_cache(cache)
    with computation("a certificate's job on a cluster", progress=False, max_positions=None,
                     max_memory=DEFAULT_MAX_MEMORY, threads=threads) as prog, wins_kernel.proofs_kept_in(kept), \
            tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "part.cert")
        write(path, board, BLACK if black_to_move else WHITE, BLACK if black_wins else WHITE, rules, prog)
        with open(path, "rb") as f:
            return f.read(), prog.count


def write_on_cluster(path: str | os.PathLike[str], search: Any, root: ProvedNode, rules: Rules
                     ) -> CertificateReport:
    """Write the certificate of ``root``, proved on a cluster (``search``: the driver's search
    of :mod:`konane.cluster`, still connected), to ``path``: the top of the proof from the
    driver's tree, each of its leaves by a job (:func:`certificate_job`) on the worker whose
    table proved it, joined (:func:`write_joined`)."""
    top, leaves = proof_top(root, rules)
    data = search.gather(certificate_job, [((n.board.key, n.black, n.black == n.won, rules), n.worker)
                                           for n in leaves])
    with tempfile.TemporaryDirectory() as folder:
        parts = []
        for i, d in enumerate(data):
            parts.append(os.path.join(folder, f"{i}.cert"))
            with open(parts[-1], "wb") as f:
                f.write(d)
        return write_joined(path, rules, top, parts)


@public
def join_certificates(start: Any, parts: Iterable[str | os.PathLike[str]], path: str | os.PathLike[str], *,
                      to_move: Any = None, rules: Any = None) -> CertificateReport:
    """Write the certificate of a whole game from its start, joined from the certificates of
    its openings, or of positions after them.

    Each part is a certificate written by :func:`konane.solve` (``certificate=``) for a
    position of the capture phase: after the two removals of an opening, the first remover to
    capture, or after some captures more, either player to move.  The joined certificate proves
    who wins ``match`` from its first removal: where the second player wins, every first removal
    with, for each, one reply whose opening the second player wins; where the first player
    wins, one first removal with every reply, each an opening the first player wins.  An
    opening is won by a part of it, or by its captures: the join walks from the opening through
    the captures, down to the parts (no deeper than the part with the fewest stones), and writes
    the nodes between (at each, one winning capture of the player to move, or every capture,
    each won by the other; a player who cannot capture loses).  A part may be of a position
    equal to the one needed by a symmetry of the board (the move then names its node with that
    symmetry, as the format allows).  So a game too big to solve in one process is certified one
    opening at a time, in runs of their own, on machines of their own
    (``scripts/solve_openings.py --certify``), and an opening too big as the positions after
    each of its first captures (``--split``).

    From a position of the capture phase instead of a match (``to_move=``, and ``rules=``), the
    same walk from it: its certificate joined from those of positions after some of its
    captures (``scripts/narrow_setups.py --split``), or from the certificate of its image under
    a symmetry of the board (its root is then written for the position, with the moves of the
    image's root: with :func:`negate_certificate`, the proof for one player to move of a board
    that is its own negative gives the proof for the other).

    The parts' nodes are copied (a position met in two parts is one node); only the seals of
    the parts are checked here (a changed part is refused), not their proofs: check the joined
    certificate with :func:`verify_certificate`, which checks every node.

    Parameters
    ----------
    start : Match, Board or str
        The game at its start (:class:`konane.Match`, with its opening: the board, the rules
        and the first player), or a position of the capture phase.
    parts : iterable of str or os.PathLike
        The certificates of openings or of positions after them (the unused ones are left out).
    path : str or os.PathLike
        Where to write the joined certificate.
    to_move : Color or str, optional
        With a position (and only then): the player to move.
    rules : Rules, optional
        With a position (and only then): the rules (default :data:`konane.STANDARD`).

    Returns
    -------
    CertificateReport
        What was written (``seconds``: the time of the joining).

    Raises
    ------
    CertificateError
        If a part cannot be read, was changed, is of other rules or of a position of the
        opening's removals, or if the parts do not settle the game (the message names the
        first removals for which no reply is settled) or the position.
    KonaneTypeError
        If ``start`` is a match not at its start or given with ``to_move`` or ``rules``, or a
        path is not a str or a path.
    PlayerTypeError
        If ``start`` is a position and ``to_move`` is not given.

    Examples
    --------
    Norvig (2021): White wins 4x4 Konane.  Black's first removals are a1, b2, c3 and d4 (d4 the
    image of a1 under the half turn, c3 of b2), and White's replies b1 to a1 and c2 to b2 win:

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> start = konane.Board.start(4)
    >>> parts = []
    >>> for r1, r2 in [("a1", "b1"), ("b2", "c2")]:
    ...     parts.append(os.path.join(folder, f"4x4-{r1}-{r2}.cert"))
    ...     b = start.play_removal(r1).play_removal(r2)
    ...     print(r1, r2, konane.solve(b, "x", certificate=parts[-1]).winner.long_name)
    a1 b1 White
    b2 c2 White
    >>> game = os.path.join(folder, "4x4.cert")
    >>> joined = konane.join_certificates(konane.Match(start), parts, game)
    >>> report = konane.verify_certificate(game)
    >>> report.phase, report.winner, report.nodes == joined.nodes
    ('first removal', konane.WHITE, True)
    """
    begun = _time.monotonic()
    # a konane.Match (read by its attributes: konane.match imports this module, through solving)
    match = start
    is_match = hasattr(match, "start") and hasattr(match, "opening")
    if is_match and not (isinstance(getattr(match, "start", None), Board) and getattr(match, "opening", None) is True
                         and getattr(match, "ply", None) == 0 and isinstance(getattr(match, "rules", None), Rules)
                         and isinstance(getattr(match, "first", None), Color)):
        raise KonaneTypeError(f"start must be a konane.Match at its start, with its opening, not {describe(match)}")
    if is_match and (to_move is not None or rules is not None):
        raise KonaneTypeError("to_move and rules are the match's: give them with a position only")
    name = check_path(path)
    if isinstance(parts, (str, os.PathLike)):
        raise KonaneTypeError("parts must be an iterable of paths, not one path")
    if not is_match:
        # a position of the capture phase, with its player to move
        board = as_board(start).with_origin("a1")
        if to_move is None:
            raise PlayerTypeError("a player to move is needed with a position: to_move='x' (Black) or 'o' (White)")
        mover = as_color(to_move)
        joiner = _Joiner(as_rules(rules), parts)
        settled = joiner.settle(board, mover)
        if settled is not None and settled.part is not None and settled.symmetry:
            # a part of the position's image (its negative's proof, for a board that is its own
            # negative by a symmetry, see negate_certificate): its root written for the position
            settled = joiner.unfold(board, mover)
        if settled is None:
            raise CertificateError(f"the parts do not settle who wins {board.picture!r} with {mover.long_name} "
                                   "to move")
        return _write_root(joiner, name, settled, begun)
    rules, first = match.rules, match.first
    second = first.opponent
    start = match.start.with_origin("a1")
    # the pairs of removals, with the position after them
    openings: dict[tuple[str, str], Board] = {}
    removed: dict[str, Board] = {}           # the position after each first removal
    replies: dict[str, list[str]] = {}       # the second removals after it (none: the second player loses)
    for m1 in start.removals(first, None, rules):
        b1 = removed[str(m1)] = start.play_removal(m1.source)
        replies[str(m1)] = []
        for m2 in b1.removals(second, str(m1), rules):
            openings[(str(m1), str(m2))] = b1.play_removal(m2.source)
            replies[str(m1)].append(str(m2))
    joiner = _Joiner(rules, parts)
    settles = {pair: joiner.settle(after, first) for pair, after in openings.items()}
    won_by_second = {r1: next((r2 for r2 in r2s if (s := settles[(r1, r2)]) is not None and s.winner is second),
                              None)
                     for r1, r2s in replies.items()}
    won_by_first = [r1 for r1, r2s in replies.items()
                    if all((s := settles[(r1, r2)]) is not None and s.winner is first for r2 in r2s)]
    if all(won_by_second.values()):
        winner = second
        chosen = {r1: [r2] for r1, r2 in won_by_second.items() if r2 is not None}
    elif won_by_first:
        winner = first
        chosen = {won_by_first[0]: replies[won_by_first[0]]}
    else:
        missing = [r1 for r1, r2 in won_by_second.items() if r2 is None]
        raise CertificateError(
            f"the parts do not settle who wins: {second.long_name} wins only if each first removal has a reply "
            f"it wins (none for {', '.join(missing)}), {first.long_name} only if some first removal wins against "
            "every reply (none does)")
    removal_nodes = []
    for r1, r2s in chosen.items():
        moves = []
        for r2 in r2s:
            s = settles[(r1, r2)]
            assert s is not None
            moves.append([r2, *joiner.link(s)])
        record: dict[str, Any] = {"board": removed[r1].picture, "to_move": second.value, "phase": SECOND,
                                  "hole": r1, "winner": winner.value}
        if moves:
            record["moves"] = moves
        # (no move: the second player cannot remove, and loses)
        removal_nodes.append([r1, joiner.emit(record)])
    root = joiner.emit({"board": start.picture, "to_move": first.value, "phase": FIRST, "winner": winner.value,
                        "moves": removal_nodes})
    return joiner.save(name, root, start, first, winner, FIRST, begun)


@public
def negate_certificate(path: str | os.PathLike[str], out: str | os.PathLike[str]) -> CertificateReport:
    """Write the certificate of the negative: every stone, player and value of the other colour.

    The negative of a game (``-G``) is the game with the roles of Left and Right exchanged:
    in Konane, the position with the colours of its stones exchanged.  A proof that Black
    wins a position with some player to move is then, with every colour exchanged (the
    stones of each node, the player to move, the winner, the regions of each leaf, and their
    values negated), a proof that White wins the negative with the other player to move;
    the moves keep their names.  A board that is its own negative up to a symmetry (a board
    of even width with a horizontal gap in the middle of a row) needs only one search: the
    proof for the other player to move is the negative of the first one, joined to the
    board itself by :func:`join_certificates`.

    Only the seal of ``path`` is checked here (a changed file is refused), not its proof:
    check the negative with :func:`verify_certificate`, which checks every node.

    Parameters
    ----------
    path : str or os.PathLike
        A certificate (:func:`konane.solve` with ``certificate=``, or a joined one).
    out : str or os.PathLike
        Where to write the certificate of the negative.

    Returns
    -------
    CertificateReport
        What was written (``seconds``: the time of the writing).

    Raises
    ------
    CertificateError
        If ``path`` cannot be read, is not a certificate, was changed after it was written, or
        a node or a value cannot be read (the message names it).
    KonaneTypeError
        If a path is not a str or a path.

    Examples
    --------
    The 4 x 4 board with the gap in the middle of its second row is its own negative under
    the mirror left-right (which exchanges the colours of a row of even length): the proof
    with Black to move gives the proof with White to move.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> b = konane.Board("oxox/xoxo/o..x/xoxo")
    >>> black = os.path.join(folder, "black.cert")
    >>> konane.solve(b, "x", certificate=black).winner.long_name
    'White'
    >>> negative = os.path.join(folder, "negative.cert")
    >>> konane.negate_certificate(black, negative).board.picture
    'xoxo/oxox/x..o/oxox'
    >>> white = os.path.join(folder, "white.cert")
    >>> _ = konane.join_certificates(b, [negative], white, to_move="o")
    >>> report = konane.verify_certificate(white)
    >>> report.board == b, report.to_move.long_name, report.winner.long_name
    (True, 'White', 'Black')
    """
    begun = _time.monotonic()
    source, name = check_path(path), check_path(out)
    nodes, rules, root = _opened(source)
    negatives: dict[str, str] = {}             # a value's text -> its negative's (values repeat)

    def negative(text: str, i: int) -> str:
        found = negatives.get(text)
        if found is None:
            try:
                found = negatives[text] = str(-cgt.parse(text))
            except (ValueError, cgt.CGTError) as exc:
                raise CertificateError(f"{source!r}, node {i}: the value {text!r} cannot be read ({exc})") from None
        return found

    texts = _Texts()
    leaves = dead_ends = 0
    for i in range(len(nodes)):
        node = nodes[i]
        _, to_move, _, won_by = _read_node(node, i, source)     # (a node that is not one is refused)
        record = dict(node, board=node["board"].translate(_SWAP), to_move=to_move.opponent.value,
                      winner=won_by.opponent.value)
        if "regions" in node:
            regions = _regions(node)
            if regions is None:
                raise CertificateError(f"{source!r}, node {i}: its regions are not a list of [picture, value]")
            record["regions"] = [[picture.translate(_SWAP), negative(value, i)] for picture, value in regions]
            leaves += 1
        elif "moves" not in node:
            dead_ends += 1
        texts.append(_text(record))
    board, mover, phase, winner = _read_node(nodes[root], root, source)
    size = _save(name, rules, root, texts)
    return CertificateReport(name, board.color_swapped(), mover.opponent, winner.opponent, phase,
                             len(texts), leaves, dead_ends, size, _time.monotonic() - begun)


#: The colours exchanged in a picture (:func:`negate_certificate`).
_SWAP = str.maketrans("xo", "ox")


def _copy_nodes(name: str, nodes: Sequence[Any], root: int, emit: Callable[[dict[str, Any]], int],
                index: dict[tuple[Any, ...], int]) -> int:
    """Copy the nodes of a certificate's ``nodes`` reachable from ``root`` out (``emit(node)``
    writes a node and gives its index), each after the nodes it names, a node whose position
    (with its player to move, phase and winner) is in ``index`` already not again; the index of
    the root.  A walk in depth first: a node goes out once its children have (a node whose moves
    lead back to it is refused)."""
    here: dict[int, int] = {}
    open_: set[int] = set()              # the nodes whose children are being copied (the path)
    todo = [root]
    while todo:
        i = todo[-1]
        if i in here:
            todo.pop()
            continue
        node = nodes[i]
        if not isinstance(node, dict):
            raise CertificateError(f"{name!r}, node {i}: not a node")
        key = (node.get("board"), node.get("to_move"), node.get("phase"), node.get("hole"), node.get("winner"))
        found = index.get(key)
        if found is not None:
            here[i] = found
            todo.pop()
            continue
        moves = node.get("moves", [])
        if i in open_:
            # every child is out: this node follows them
            open_.discard(i)
            record = dict(node)
            if moves:
                record["moves"] = [[m[0], here[m[1]], *m[2:]] for m in moves]
            index[key] = here[i] = emit(record)
            todo.pop()
            continue
        children = [m[1] for m in moves if isinstance(m, list) and len(m) in (2, 3)] \
            if isinstance(moves, list) else []
        if len(children) != (len(moves) if isinstance(moves, list) else -1) or \
                not all(type(c) is int and 0 <= c < len(nodes) for c in children):
            raise CertificateError(f"{name!r}, node {i}: a move names no node")
        if any(c in open_ for c in children):
            raise CertificateError(f"{name!r}, node {i}: its moves lead back to it")
        open_.add(i)
        todo.extend(c for c in children if c not in here)
    return here[root]


# ---------------------------------------------------------------- checking

class _Checker:
    """The checks of :func:`verify_certificate`, node by node, with the reference code only."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.py = cgt.ops.engine("python")
        # by stride, then by the position packed into one int (a third of the memory of a tuple)
        self.values: dict[int, dict[int, int]] = {}

    def value(self, board: Board) -> int:
        """The value of ``board`` in the pure-Python engine, by brute force over its options."""
        _, cols, cells, black, white = board.key
        stride = cols + 1
        return self._value(cells, black, white, stride, self.values.setdefault(stride, {}))

    def _value(self, cells: int, black: int, white: int, stride: int, memo: dict[int, int]) -> int:
        """:meth:`value` on masks (layout ``stride``, with its guard column; ``memo`` that
        layout's values)."""
        n = cells.bit_length()
        # the stones are cells: the key's length is 3n, so it tells its three parts apart
        key = (cells << n | black) << n | white
        found = memo.get(key)
        if found is None:
            multi = self.rules.multi_jump
            lefts = [self._value(cells, b, w, stride, memo)
                     for b, w in bb.captures(cells, black, white, stride, multi)]
            rights = [self._value(cells, b, w, stride, memo)
                      for w, b in bb.captures(cells, white, black, stride, multi)]
            found = memo[key] = self.py.canonical(lefts, rights)
        return found

    def game(self, gid: int, memo: dict[int, cgt.Game]) -> cgt.Game:
        """The game ``gid`` of the pure-Python engine as a :class:`cgt.Game` (to compare with a
        written value)."""
        found = memo.get(gid)
        if found is None:
            found = memo[gid] = cgt.game([self.game(h, memo) for h in self.py.left_options(gid)],
                                         [self.game(h, memo) for h in self.py.right_options(gid)])
        return found


def _sealed(data: bytes) -> bool:
    """Whether ``data`` starts as :func:`_pack` writes and its comment is the digest of the rest."""
    end = data.find(b"\0", len(_GZIP_START))
    return data.startswith(_GZIP_START + b"sha256:") and end > 0 and \
        data[len(_GZIP_START) + 7:end] == hashlib.sha256(data[end + 1:]).hexdigest().encode()


class _Nodes(Sequence[Any]):
    """The nodes of a certificate read, from the text of their list: each node is parsed when it
    is asked for (the last few kept), for a certificate of millions of nodes parsed at once would
    take several times the memory of its text.  Raises ValueError where the text is not a JSON
    list."""

    #: How many nodes parsed are kept.
    KEPT = 64

    def __init__(self, text: str) -> None:
        self._text = text
        self._starts = array("Q")               # where each node's text starts
        self._decoder = json.JSONDecoder()
        self._kept: dict[int, Any] = {}
        pos = _skip(text, 0)
        if not text.startswith("[", pos):
            raise ValueError("the nodes are not a JSON list")
        pos = _skip(text, pos + 1)
        if not text.startswith("]", pos):
            while True:
                self._starts.append(pos)
                _, pos = self._decoder.raw_decode(text, pos)
                pos = _skip(text, pos)
                if text.startswith(",", pos):
                    pos = _skip(text, pos + 1)
                elif text.startswith("]", pos):
                    break
                else:
                    raise ValueError(f"the list of nodes is broken at character {pos}")
        if _skip(text, pos + 1) != len(text):
            raise ValueError(f"text after the list of nodes, at character {pos + 1}")

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("no such node")
        node = self._kept.get(i)
        if node is None:
            node = self._decoder.raw_decode(self._text, self._starts[i])[0]
            if len(self._kept) >= self.KEPT:
                del self._kept[next(iter(self._kept))]
            self._kept[i] = node
        return node


_SPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, pos: int) -> int:
    """Where the JSON white space at ``pos`` of ``text`` ends."""
    m = _SPACE.match(text, pos)
    return pos if m is None else m.end()


def _read(name: str) -> tuple[dict[str, Any], _Nodes]:
    where = f"{name!r} is not a certificate of konane-cgt"
    try:
        with open(name, "rb") as f:
            data = f.read()
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CertificateError(f"cannot read the certificate {name!r}: {why}") from None
    try:
        raw = gzip.decompress(data)
        sealed = _sealed(data)
        del data
        # the header's line, the nodes' line, nothing after the second newline
        first = raw.find(b"\n")
        second = raw.find(b"\n", first + 1)
        if first < 0 or second < 0:
            raise ValueError("it has no line of nodes")
        header = json.loads(raw[:first])
        nodes_text = memoryview(raw)[first + 1:second]
        nodes = _Nodes(str(nodes_text, "utf-8"))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise CertificateError(f"{where} (or it was damaged): {exc}") from None
    if not isinstance(header, dict) or header.get("format") not in _FORMATS:
        raise CertificateError(f"{where}: its format is not {FORMAT!r}")
    if second != len(raw) - 1 or header.get("digest") != _digest(header, [nodes_text]) or \
            (header["format"] == FORMAT and not sealed):
        raise CertificateError(f"{name!r}: the certificate was changed after it was written (its digest "
                               "does not match its content)")
    if header.get("nodes") != len(nodes):
        raise CertificateError(f"{where}: its header counts {header.get('nodes')!r} nodes")
    return header, nodes


def _opened(name: str) -> tuple[_Nodes, Rules, int]:
    """A certificate read (:func:`_read`): its nodes, its rules and the index of its root."""
    header, nodes = _read(name)
    try:
        rules = Rules(multi_jump=bool(header["rules"]["multi_jump"]), opening=str(header["rules"]["opening"]))
        root = header["root"]
        assert isinstance(root, int) and 0 <= root < len(nodes)
    except (KeyError, TypeError, AssertionError, KonaneError) as exc:
        raise CertificateError(f"{name!r}: its header is damaged ({exc!r})") from None
    return nodes, rules, root


@public
def verify_certificate(path: str | os.PathLike[str], *, progress: bool | None = None) -> CertificateReport:
    """Check a certificate written by :func:`konane.solve` (``certificate=path``), with the
    pure-Python reference code only.

    Every node is checked: its position is read as a board, its moves are legal (captures by
    :meth:`konane.Board.legal_moves`, removals by :meth:`konane.Board.removals`), the loser's
    node lists every legal move and the winner's one, each move leads to the position of the
    node it names, with the other player to move and the same winner; a leaf with no move has
    no legal move for the player to move, who loses; a leaf settled by values lists exactly the
    regions the decomposer finds (so they are independent), each of at most
    :data:`LEAF_STONES` stones, with the value written for it (recomputed by brute force in the
    pure-Python engine), and their sum gives the winner.  Positions lose a stone at every move,
    so the proof is finite.

    Parameters
    ----------
    path : str or os.PathLike
    progress : bool, optional
        Show the nodes checked (a bar, or a line a minute in a log); None: the global switch
        (:func:`konane.set_progress`).  A big proof takes minutes (millions of nodes).

    Returns
    -------
    CertificateReport
        The root, the winner proved, the nodes checked, the time.

    Raises
    ------
    CertificateError
        If the file cannot be read, is not a certificate, was changed after it was written, or a
        node does not hold: the message names the first bad node (its number, position and
        player to move) and what is wrong.
    KonaneTypeError
        If ``path`` is not a str or a path.

    Examples
    --------
    See :mod:`konane.certificates`.
    """
    start = _time.monotonic()
    name = check_path(path)
    nodes, rules, root = _opened(name)
    # (a node takes a tenth of a millisecond to milliseconds: the bar is updated every 100)
    with computation("konane.verify_certificate", desc="konane verify", unit=" nodes", total=len(nodes),
                     progress=progress, max_positions=None, max_memory=None, threshold=100,
                     kept="nothing is kept: a check starts again from the root") as prog:
        leaves, dead_ends = _check_nodes(nodes, rules, root, name, prog.tick)
    board, mover, phase, winner = _read_node(nodes[root], root, name)
    return CertificateReport(name, board, mover, winner, phase, len(nodes), leaves, dead_ends,
                             os.path.getsize(name), _time.monotonic() - start)


def _check_nodes(nodes: Sequence[Any], rules: Rules, root: int, name: str,
                 tick: Callable[[int], object]) -> tuple[int, int]:
    """Check every node of a certificate reachable from its root (:func:`verify_certificate`),
    ``tick(1)`` at each: the leaves settled by values and the dead ends (no move) checked."""
    checker = _Checker(rules)
    leaves = dead_ends = 0
    # the nodes read for a move that names them, kept until they are checked themselves (the
    # nodes waiting in the walk: a few hundred), so that each is read once
    waiting: dict[int, tuple[Board, Color, str, Color]] = {}
    # the moves read, by their notation and the board's shape (a Move is immutable; a shape has
    # few of them)
    parsed: dict[tuple[str, int, int], Move] = {}
    done = bytearray(len(nodes))
    for i in _order(nodes, root, name):
        tick(1)
        done[i] = 1
        node = nodes[i]
        read = waiting.pop(i) if i in waiting else _read_node(node, i, name)
        board, mover, phase, winner = read

        def bad(why: str, i: int = i, board: Board = board, mover: Color = mover) -> CertificateError:
            return CertificateError(f"{name!r}, node {i} ({board.picture!r}, {mover.long_name} to move): {why}")

        hole = node.get("hole")
        try:
            legal = _moves(board, mover, phase, hole, rules)
        except KonaneError as exc:
            raise bad(f"its removals cannot be read ({exc})") from None
        if "moves" in node:
            moves = node["moves"]
            if not isinstance(moves, list) or not moves:
                raise bad("its list of moves is empty or not a list")
            written = []
            for item in moves:
                if not (isinstance(item, list) and len(item) in (2, 3) and isinstance(item[0], str)
                        and isinstance(item[1], int) and 0 <= item[1] < len(nodes)
                        and (len(item) == 2 or (type(item[2]) is int and 0 <= item[2] < 8))):
                    raise bad(f"a move is not [notation, node] or [notation, node, symmetry]: {item!r}")
                m = parsed.get((item[0], board.rows, board.cols))
                if m is None:
                    try:
                        m = parsed[(item[0], board.rows, board.cols)] = Move.parse(item[0], rows=board.rows,
                                                                                    cols=board.cols)
                    except KonaneError as exc:
                        raise bad(f"the move {item[0]!r} cannot be read ({exc})") from None
                written.append(m)
            if any(m not in legal for m in written):
                raise bad(f"the move {next(str(m) for m in written if m not in legal)} is not legal")
            if len(set(written)) != len(written):
                raise bad("a move is written twice")
            if winner is mover and len(written) != 1:
                raise bad(f"the winner ({winner.long_name}) moves here, so the node holds one move, not "
                          f"{len(written)}")
            if winner is not mover and set(written) != set(legal):
                missing = sorted(str(m) for m in set(legal) - set(written))
                raise bad(f"the loser moves here, so every legal move must be answered: missing {', '.join(missing)}")
            nxt = _next_phase(phase)
            for m, item in zip(written, moves, strict=True):
                child, k = item[1], item[2] if len(item) == 3 else 0
                c_read = waiting[child] if child in waiting else _read_node(nodes[child], child, name)
                if not done[child]:
                    waiting[child] = c_read
                c_board, c_mover, c_phase, c_winner = c_read
                # (the move is legal: found among the legal moves above)
                after = board.play_removal(m.source) if m.is_removal else board._apply(m)
                # the child may be the image of the position after the move under the symmetry k
                if c_board != after.transform(k):
                    raise bad(f"the move {m} leads to node {child}, which is not the position after it"
                              + (f" under the symmetry {k}" if k else ""))
                if c_mover is not mover.opponent or c_phase != nxt or c_winner is not winner:
                    raise bad(f"the move {m} leads to node {child}, which has another player to move, phase "
                              "or winner")
                if nxt == SECOND:
                    c_hole = c_board.square_name(bb.transform_rc(*m.source, after.rows, after.cols, k))
                    if nodes[child].get("hole") != c_hole:
                        raise bad(f"the removal {m} leads to node {child}, whose first removal is not {c_hole}")
        elif "regions" in node:
            if phase != CAPTURE or not legal:
                raise bad("a leaf settled by values must be a position with captures")
            found = sorted(Board.from_masks(board.rows, board.cols, *r).picture
                           for r in region_masks(board.cells_mask, board.black_mask, board.white_mask, board.stride)
                           if r[1] and r[2])
            regions = _regions(node)
            if regions is None:
                raise bad("its regions are not a list of [picture, value]")
            if sorted(r[0] for r in regions) != found:
                raise bad(f"its regions are not those of the decomposer ({len(found)} regions: {found})")
            total = checker.py.ZERO
            memo: dict[int, cgt.Game] = {}
            for picture, text in regions:
                region = Board(picture)
                if region.stone_count() > LEAF_STONES:
                    raise bad(f"the region {picture!r} has more than {LEAF_STONES} stones")
                gid = checker.value(region)
                try:
                    written_value = cgt.parse(text)
                except cgt.CGTError as exc:
                    raise bad(f"the value {text!r} of the region {picture!r} cannot be read ({exc})") from None
                if checker.game(gid, memo) != written_value:
                    raise bad(f"the region {picture!r} is worth {checker.game(gid, memo)}, not {text}")
                total = checker.py.add(total, gid)
            mover_wins = (not checker.py.leq(total, checker.py.ZERO)) if mover is BLACK else \
                (not checker.py.leq(checker.py.ZERO, total))
            if mover_wins != (winner is mover):
                raise bad(f"the sum of its regions, {checker.game(total, memo)}, says that "
                          f"{(mover if mover_wins else mover.opponent).long_name} wins")
            leaves += 1
        else:
            if legal:
                raise bad(f"it is written as a position with no move, but {legal[0]} is legal")
            if winner is mover:
                raise bad("the player to move has no move, so it loses")
            dead_ends += 1
    return leaves, dead_ends


def _named_node(item: Any, nodes: Sequence[Any]) -> int | None:
    """The index of the node a move of a node names (``[move, node]`` or ``[move, node, k]``),
    or None where the item is not such a move or names no node of ``nodes``."""
    if isinstance(item, list) and len(item) in (2, 3) and type(item[1]) is int and 0 <= item[1] < len(nodes):
        return item[1]
    return None


def _regions(node: dict[str, Any]) -> list[list[str]] | None:
    """The regions of a leaf settled by values, ``[picture, value]`` each, or None where its
    ``"regions"`` are not such a list."""
    regions = node["regions"]
    if isinstance(regions, list) and all(isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r)
                                         for r in regions):
        return regions
    return None


def _read_node(node: Any, i: int, name: str) -> tuple[Board, Color, str, Color]:
    try:
        board = Board(node["board"])
        mover, winner = as_color(node["to_move"]), as_color(node["winner"])
        phase = node["phase"]
        assert phase in (CAPTURE, FIRST, SECOND)
        assert (phase == SECOND) == ("hole" in node)
    except (KeyError, TypeError, AssertionError, KonaneError) as exc:
        raise CertificateError(f"{name!r}, node {i}: not a node ({exc!r})") from None
    return board, mover, phase, winner


def _order(nodes: Sequence[Any], root: int, name: str) -> Iterator[int]:
    """The nodes reachable from the root, each once (the others are not checked and not needed)."""
    seen = {root}
    todo = [root]
    while todo:
        i = todo.pop()
        yield i
        node = nodes[i]
        for item in node.get("moves", []) if isinstance(node, dict) and isinstance(node.get("moves"), list) else []:
            # a move written with a symmetry ([notation, node, k]) names a node to check as well
            c = _named_node(item, nodes)
            if c is not None and c not in seen:
                seen.add(c)
                todo.append(c)
