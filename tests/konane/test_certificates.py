"""Certificates: konane.solve(..., certificate=path) and konane.verify_certificate.

The winners come from the literature and independent computations: White wins 4x4 Konane and
Black wins 5x5 (Norvig 2021; tests/konane/test_solving.py's script test finds the same), a
position's winner agrees with the outcome of its exact value (konane.value, itself tested
against a brute force).  Certificates are checked by the pure-Python reference code; damaged ones
(a byte changed, cut short, a proof edited with its digest made to match) are refused with the
node named.
"""

import gzip
import json
import random

import pytest

import cgt
import konane
from konane import BLACK, WHITE, Board, certificates
from konane._kernel import native
from konane._kernel import wins as wins_kernel
from konane.certificates import _pack, _Texts
from konane.errors import CertificateError

from .conftest import raised_in
from .helpers import random_grid


def _solved(tmp_path, what, to_move=None, name="c.cert", **kw):
    path = tmp_path / name
    s = konane.solve(what, to_move, certificate=path, progress=False, **kw)
    return s, path


@pytest.mark.parametrize("n, winner", [(4, WHITE), (5, BLACK)])
def test_the_openings_of_small_boards(tmp_path, n, winner):
    # expected: Norvig (2021), White wins 4x4, Black wins 5x5
    s, path = _solved(tmp_path, konane.Match(Board.start(n)))
    assert s.winner is winner
    report = konane.verify_certificate(path)
    assert report.winner is winner and report.to_move is BLACK and report.phase == "first removal"
    assert report.board == Board.start(n) and report.nodes > 5 and report.size < 50_000
    assert (report.winner is BLACK) == (s.move is not None) and (s.move is None or s.move.is_removal)
    # the first removals equal by a symmetry (a1 and the opposite corner) are proved once
    nodes = _nodes(path)
    assert any(len(item) == 3 for node in nodes for item in node.get("moves", []))


def test_the_check_shows_its_progress(tmp_path, monkeypatch, capsys, fake_tqdm):
    # the nodes checked, of the nodes written: a bar (here the fake one), or lines in a log
    from konane import _progress
    s, path = _solved(tmp_path, konane.Match(Board.start(5)))
    report = konane.verify_certificate(path, progress=True)
    (bar,) = fake_tqdm.made
    assert bar.total == report.nodes and bar.n == report.nodes and bar.closed and bar.desc == "konane verify"
    monkeypatch.setattr(_progress, "can_draw_bar", lambda: False)
    monkeypatch.setattr(_progress, "LOG_EVERY", 0.0)
    konane.verify_certificate(path, progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert lines and lines[-1].startswith(f"konane verify: ended after {report.nodes:,} of {report.nodes:,} nodes in ")
    konane.verify_certificate(path, progress=False)
    assert capsys.readouterr().err == "" and len(fake_tqdm.made) == 1


@pytest.mark.slow
def test_the_6x6_opening(tmp_path):
    # expected: White wins 6x6 Konane (Norvig 2021)
    s, path = _solved(tmp_path, konane.Match(Board.start(6)))
    assert s.winner is WHITE
    assert konane.verify_certificate(path).winner is WHITE


def test_positions_agree_with_their_values(tmp_path):
    rng = random.Random(28)
    checked = 0
    while checked < 40:
        b = Board(random_grid(rng, rng.choice([3, 4]), rng.choice([3, 4, 5]), holes=rng.random() < 0.3))
        for who in (BLACK, WHITE):
            s, path = _solved(tmp_path, b, who)
            outcome = konane.value(b).outcome.value
            assert (s.winner is who) == (outcome in (("L", "N") if who is BLACK else ("R", "N")))
            report = konane.verify_certificate(path)
            assert report.winner is s.winner and report.board == b and report.to_move is who
            checked += 1


@pytest.mark.skipif(not native.available(), reason="the native search is not built")
def test_the_native_writer_and_the_reference_extraction_write_proofs_that_verify(tmp_path, monkeypatch):
    # the native writer (src/konane/proof.rs) reads the proof out of the search's tables; the
    # extraction by questions to the search (known, then wins) is what the Python backend and
    # boards the native search does not take use: both proofs are checked by the reference code
    rng = random.Random(2026)
    boards = [Board.start(5).play_removal("c3").play_removal("b3"),
              Board.start(6).play_removal("a1").play_removal("a2")]
    boards += [Board(random_grid(rng, rng.choice([4, 5]), rng.choice([4, 5, 6]), holes=rng.random() < 0.3))
               for _ in range(12)]
    inner = "/".join("#" + row + "#" for row in Board.start(5).play_removal("c3").play_removal("b3").picture_rows())
    boards += [Board(f"#######/{inner}/#######").crop()]    # a board named from b2: written from a1
    boards += [Board.start(44, 2).play_removal("a22").play_removal("a23")]   # the native search takes it transposed
    for i, b in enumerate(boards):
        who = BLACK if i % 2 == 0 else WHITE
        konane.clear_caches()
        s, path = _solved(tmp_path, b, who, name=f"n{i}.cert")
        with monkeypatch.context() as m:
            m.setattr(wins_kernel, "proof", lambda *args: None)
            konane.clear_caches()
            t, ref = _solved(tmp_path, b, who, name=f"r{i}.cert")
        assert s.winner is t.winner
        for p in (path, ref):
            report = konane.verify_certificate(p)
            assert report.winner is s.winner and report.to_move is who and report.board == b.with_origin("a1")


@pytest.mark.skipif(not native.available(), reason="the native search is not built")
def test_the_native_writer_refuses_a_win_claimed_for_the_loser():
    # "xo." with Black to move: Black jumps a1-c1 and White has no move (by hand)
    b = Board("xo.")
    assert native.wins(b.key, True, True)[0] is True
    with pytest.raises(RuntimeError, match="White, said to win, has no move"):
        native.wins_proof(b.key, True, False, True, 0)
    # "x.xo" with White to move: d1-b1, then Black a1-c1 and White has no move (by hand)
    c = Board("x.xo")
    with pytest.raises(RuntimeError, match="White, said to win, has no winning move"):
        native.wins_proof(c.key, False, False, True, 0)
    tree = native.wins_proof(b.key, True, True, True, 0)
    nodes = tree.nodes(0, len(tree) + 5)           # (a slice past the end is clipped)
    assert len(nodes) == len(tree) and tree.nodes(3, 1) == []
    assert nodes[-1][:3] == (b.black_mask, b.white_mask, True) and nodes[-1][4] == [(0, 2, 0)]


def test_small_pieces_and_slices_write_the_same_certificate(tmp_path, monkeypatch):
    # the writer keeps the nodes' texts compressed a piece at a time (_Texts.CHUNK characters)
    # and reads a native proof a slice at a time (_SLICE nodes): neither changes a byte
    _, path = _solved(tmp_path, konane.Match(Board.start(5)))
    header, nodes = _load(path)
    monkeypatch.setattr(_Texts, "CHUNK", 40)
    texts = _Texts()
    for node in nodes:
        texts.append(json.dumps(node, separators=(",", ":")))
    assert _pack(dict(header), texts) == path.read_bytes() and len(nodes) > 10
    if native.available():
        b = Board.start(5).play_removal("c3").play_removal("b3")
        black_wins = native.wins(b.key, True, True)[0]           # (the proof of whoever wins)
        tree = native.wins_proof(b.key, True, black_wins, True, 0)
        monkeypatch.setattr(certificates, "_SLICE", 3)
        assert list(certificates._slices(tree)) == tree.nodes(0, len(tree)) and len(tree) > 10

        class Limits:                      # the limits are checked at every slice
            checks = 0

            def check(self):
                self.checks += 1

        limits = Limits()
        assert len(list(certificates._slices(tree, limits))) == len(tree)
        assert limits.checks == (len(tree) + 2) // 3


def test_the_nodes_of_a_certificate_are_parsed_when_asked_for():
    text = '[ {"a": 1} ,\t{"b": [2, 3]}, 4,"x" ]'          # JSON white space (the format keeps a line)
    nodes = certificates._Nodes(text)
    assert len(nodes) == 4 and list(nodes) == json.loads(text)
    assert nodes[-1] == "x" and nodes[1:3] == [{"b": [2, 3]}, 4]
    assert len(certificates._Nodes(" [ ] ")) == 0
    many = certificates._Nodes(json.dumps(list(range(200))))      # more than the nodes kept
    assert [many[i] for i in (150, 3, 199, 3, 0)] == [150, 3, 199, 3, 0]
    for past in (200, -201):
        with pytest.raises(IndexError):
            many[past]
    for broken in ("[1, 2", "[1 2]", "[1] x", "{}", "[1,]", ""):
        with pytest.raises(ValueError):
            certificates._Nodes(broken)


def test_a_certificate_written_with_spaces_is_read(tmp_path):
    # the format is JSON: a checker must not depend on this writer's compact separators
    s, path = _solved(tmp_path, Board.start(4).play_removal("b2").play_removal("c2"), WHITE)
    header, nodes = _load(path)
    texts = _Texts()
    for node in nodes:
        texts.append(json.dumps(node, separators=(" , ", " : ")))
    path.write_bytes(_pack(header, texts))
    assert konane.verify_certificate(path).winner is s.winner


def test_a_match_in_its_second_removal(tmp_path):
    m = konane.Match(Board.start(4))
    m.push("b2")
    s, path = _solved(tmp_path, m)
    assert s.to_move is WHITE and s.winner is WHITE and s.move is not None and s.move.is_removal
    assert konane.verify_certificate(path).phase == "second removal"


def _load(path):
    """The header and the nodes of a certificate."""
    head, nodes_text, _ = gzip.decompress(path.read_bytes()).decode().split("\n")
    return json.loads(head), json.loads(nodes_text)


def _edit(path, change):
    """Rewrite a certificate after ``change(header, nodes)``, with a digest that matches: what
    is refused is the proof, not the file."""
    header, nodes = _load(path)
    change(header, nodes)
    texts = _Texts()
    for node in nodes:
        texts.append(json.dumps(node, separators=(",", ":")))
    path.write_bytes(_pack(header, texts))


def _nodes(path):
    return _load(path)[1]


def test_a_wrong_symmetry_is_refused_and_format_1_is_read(tmp_path):
    _, path = _solved(tmp_path, konane.Match(Board.start(4)))
    original = path.read_bytes()

    def other_symmetry(header, nodes):
        item = next(item for node in nodes for item in node.get("moves", []) if len(item) == 3)
        item[2] = (item[2] + 1) % 8
    _edit(path, other_symmetry)
    with pytest.raises(CertificateError, match="which is not the position after it|whose first removal is not"):
        konane.verify_certificate(path)
    path.write_bytes(original)

    def as_format_1(header, nodes):
        header["format"] = "konane-cgt certificate 1"
    _edit(path, as_format_1)
    assert konane.verify_certificate(path).winner is WHITE
    # a symmetry that is not one of the eight
    path.write_bytes(original)
    _edit(path, lambda header, nodes: next(item for node in nodes for item in node.get("moves", [])
                                           if len(item) == 3).__setitem__(2, 8))
    with pytest.raises(CertificateError, match="a move is not"):
        konane.verify_certificate(path)


def test_damaged_files_are_refused(tmp_path):
    _, path = _solved(tmp_path, konane.Match(Board.start(4)))
    good = path.read_bytes()
    for i in [*range(10), *range(10, len(good), max(1, len(good) // 40))]:   # one byte changed, anywhere
        damaged = bytearray(good)
        damaged[i] ^= 0x20
        path.write_bytes(bytes(damaged))
        with pytest.raises(CertificateError):
            konane.verify_certificate(path)
    path.write_bytes(good[: len(good) // 2])                          # cut short
    with pytest.raises(CertificateError, match="damaged"):
        konane.verify_certificate(path)
    path.write_bytes(b"not a certificate")
    with pytest.raises(CertificateError, match="not a certificate"):
        konane.verify_certificate(path)
    with pytest.raises(CertificateError, match="No such file"):
        konane.verify_certificate(tmp_path / "missing.cert")


def test_a_proof_for_the_wrong_side_is_refused(tmp_path):
    _, path = _solved(tmp_path, konane.Match(Board.start(4)))

    def flip(header, nodes):
        for node in nodes:
            node["winner"] = "x" if node["winner"] == "o" else "o"
    _edit(path, flip)
    with pytest.raises(CertificateError, match=r"node \d+ \("):
        konane.verify_certificate(path)


def test_a_missing_reply_is_named(tmp_path):
    b = Board.start(5).play_removal("c3").play_removal("b3")
    _, path = _solved(tmp_path, b, "o")                  # White to move: Black wins, so White is the loser

    def drop(header, nodes):
        root = nodes[header["root"]]
        assert root["winner"] == "x" and len(root["moves"]) > 1
        root["moves"].pop()
    _edit(path, drop)
    with pytest.raises(CertificateError, match="every legal move must be answered: missing"):
        konane.verify_certificate(path)


def test_a_wrong_region_value_and_regions_that_are_not_independent_are_refused(tmp_path):
    b = Board.start(5).play_removal("c3").play_removal("b3")
    _, path = _solved(tmp_path, b, "x")
    original = path.read_bytes()

    def bad_value(header, nodes):
        leaf = next(n for n in nodes if n.get("regions"))
        leaf["regions"][0][1] = "42"
    _edit(path, bad_value)
    with pytest.raises(CertificateError, match="is worth .*, not 42"):
        konane.verify_certificate(path)
    path.write_bytes(original)

    def merged(header, nodes):
        # a leaf of two regions or more (or one that is not the whole board), written as one region
        leaf = next(n for n in nodes
                    if n.get("regions") and (len(n["regions"]) > 1 or n["regions"][0][0] != n["board"]))
        leaf["regions"] = [[leaf["board"], leaf["regions"][0][1]]]      # the whole board as one region
    _edit(path, merged)
    with pytest.raises(CertificateError, match="not those of the decomposer|more than"):
        konane.verify_certificate(path)


def test_bad_arguments(tmp_path):
    with pytest.raises(konane.errors.KonaneTypeError, match="path must be a str or a path"):
        konane.solve("..ox", "x", certificate=3)
    with pytest.raises(konane.errors.PlayerTypeError, match="a player to move is needed"):
        konane.solve("..ox")
    with pytest.raises(konane.errors.KonaneTypeError, match="path must be a str or a path"):
        konane.verify_certificate(None)


def test_a_node_named_only_through_a_symmetry_is_checked(tmp_path):
    """A move written with a symmetry names a node that the checker checks like any other: a
    bad node reached only that way is refused (the checker once followed only the moves
    written without a symmetry, and would have passed it)."""
    _, path = _solved(tmp_path, konane.Match(Board.start(4)))

    def hidden(header, nodes):
        item = next(item for node in nodes for item in node.get("moves", []) if len(item) == 3)
        bad = dict(nodes[item[1]])
        bad["moves"] = [["a1", bad["moves"][0][1]]]      # a removal that is not next to the hole
        nodes.append(bad)
        header["nodes"] = len(nodes)
        item[1] = len(nodes) - 1
    _edit(path, hidden)
    with pytest.raises(CertificateError, match=r"node \d+ .*the move a1 is not legal"):
        konane.verify_certificate(path)


# ---------------------------------------------------------------- the certificates of openings, joined

def _parts(tmp_path, n, openings):
    """The certificates of the openings ``[(r1, r2), ...]`` of the n x n board, each with its
    winner."""
    out = []
    for r1, r2 in openings:
        path = tmp_path / f"{n}x{n}-{r1}-{r2}.cert"
        konane.solve(Board.start(n).play_removal(r1).play_removal(r2), BLACK, certificate=path, progress=False)
        out.append(path)
    return out


def _all_openings(n):
    start = Board.start(n)
    return [(str(r1), str(r2)) for r1 in start.removals(BLACK)
            for r2 in start.play_removal(r1.source).removals(WHITE, r1.source)]


@pytest.mark.parametrize("n, winner", [(4, WHITE), (5, BLACK)])
def test_the_certificates_of_every_opening_join_into_the_game(tmp_path, n, winner):
    # expected: Norvig (2021), White wins 4x4 (every opening), Black wins 5x5 (every opening)
    parts = _parts(tmp_path, n, _all_openings(n))
    game = tmp_path / "game.cert"
    joined = konane.join_certificates(konane.Match(Board.start(n)), parts, game)
    report = konane.verify_certificate(game)
    assert joined.winner is report.winner is winner
    assert report.phase == "first removal" and report.to_move is BLACK and report.board == Board.start(n)
    assert report.nodes == joined.nodes and report.size == joined.size
    header, nodes = _load(game)
    root = nodes[header["root"]]
    removals = [str(m) for m in Board.start(n).removals(BLACK)]
    # White wins: every first removal answered; Black wins: one removal, then every reply of White
    assert [m[0] for m in root["moves"]] == (removals if winner is WHITE else root["moves"][0][:1])
    if winner is BLACK:
        (r1, second), = root["moves"]
        assert {m[0] for m in nodes[second]["moves"]} == {r2 for a, r2 in _all_openings(n) if a == r1}


def test_certificates_of_images_of_the_openings_join_with_symmetries(tmp_path):
    """The certificates of d4 c4 and c3 b3 settle 4x4 (White wins, Norvig 2021): d4 is the
    image of a1 under the half turn and c3 of b2, so their openings are proved through the
    symmetries."""
    parts = _parts(tmp_path, 4, [("d4", "c4"), ("c3", "b3")])
    game = tmp_path / "game.cert"
    konane.join_certificates(konane.Match(Board.start(4)), parts, game)
    assert konane.verify_certificate(game).winner is WHITE
    assert any(len(item) == 3 for node in _nodes(game) for item in node.get("moves", []))
    # a position met in two parts is one node
    (tmp_path / "again").mkdir()
    twice = _parts(tmp_path / "again", 4, [("a1", "b1")])
    konane.join_certificates(konane.Match(Board.start(4)), parts + twice + twice, game)
    boards = [(n["board"], n["to_move"], n.get("hole")) for n in _nodes(game)]
    assert len(boards) == len(set(boards))
    assert konane.verify_certificate(game).winner is WHITE


def _after_captures(tmp_path, board, mover, name):
    """The certificates of the positions after each capture of ``mover`` on ``board``, the
    other player to move: the parts of a split opening."""
    out = []
    for m, after in board.move_options(mover):
        path = tmp_path / f"{name}-{m}.cert"
        konane.solve(after, mover.opponent, certificate=path, progress=False)
        out.append(path)
    return out


def test_parts_after_the_first_captures_join_into_the_game(tmp_path):
    """4x4 (White wins, Norvig 2021) from the positions after each capture of Black in the
    opening d4 c4 (the image of a1 b1 under the half turn, of a1 a2 under a reflection) and the
    opening c3 b3 whole: the join writes the nodes of the openings it chose, Black to capture,
    with every capture of Black, each to a part, through a symmetry where the opening is an
    image of d4 c4."""
    start = Board.start(4)
    d4c4 = start.play_removal("d4").play_removal("c4")
    parts = _after_captures(tmp_path, d4c4, BLACK, "d4-c4") + _parts(tmp_path, 4, [("c3", "b3")])
    game = tmp_path / "game.cert"
    joined = konane.join_certificates(konane.Match(start), parts, game)
    report = konane.verify_certificate(game)
    assert joined.winner is report.winner is WHITE and report.nodes == joined.nodes
    header, nodes = _load(game)
    root = nodes[header["root"]]
    openings = {}
    for r1, removal in root["moves"]:
        (r2, child, *k), = nodes[removal]["moves"]
        openings[(r1, r2)] = nodes[child]
    assert {r1 for r1, _ in openings} == {"a1", "b2", "c3", "d4"}
    for r1, r2 in [(r1, r2) for r1, r2 in openings if r1 in ("a1", "d4")]:
        position = start.play_removal(r1).play_removal(r2)
        node = openings[(r1, r2)]
        assert node["phase"] == "capture" and node["to_move"] == "x" and node["winner"] == "o"
        assert node["board"] == position.picture
        assert sorted(m[0] for m in node["moves"]) == sorted(str(m) for m, _ in position.move_options(BLACK))


def test_parts_two_captures_deep_join_where_the_first_player_wins(tmp_path):
    """5x5 (Black wins, Norvig 2021; here Black removes a1): the parts are the positions after
    a1 a2, Black's capture c1-a1 and each reply of White (Black to move, Black wins them all,
    each by konane.solve).  The join chooses c1-a1 and writes every reply of White below it;
    a1 b1, the image of a1 a2 under the reflection in the diagonal, is settled through the
    symmetry two captures deep."""
    start = Board.start(5)
    b1 = start.play_removal("a1")
    a1a2 = b1.play_removal("a2")
    (after,) = [a for m, a in a1a2.move_options(BLACK) if str(m) == "c1-a1"]
    parts = _after_captures(tmp_path, after, WHITE, "a1-a2-c1-a1")
    game = tmp_path / "game.cert"
    konane.join_certificates(konane.Match(start), parts, game)
    report = konane.verify_certificate(game)
    assert report.winner is BLACK
    written = {(n["board"], n["to_move"]): n for n in _nodes(game)}
    a1b1 = b1.play_removal("b1")
    for position in (a1a2, a1b1):
        (capture, child, *k), = written[(position.picture, "x")]["moves"]
        assert position.parse_move(capture) in position.legal_moves(BLACK)
        node = _nodes(game)[child]
        assert node["to_move"] == "o" and node["winner"] == "x"
        played = position.play(position.parse_move(capture))
        assert sorted(m[0] for m in node["moves"]) == sorted(str(m) for m, _ in played.move_options(WHITE))
    assert written[(a1a2.picture, "x")]["moves"][0][0] == "c1-a1"
    # one reply's part missing: a1 a2 is not settled
    with pytest.raises(CertificateError, match="do not settle"):
        konane.join_certificates(konane.Match(start), parts[:-1], tmp_path / "short.cert")


def test_parts_join_into_the_certificate_of_a_position(tmp_path):
    """join_certificates from a position with its player to move (to_move=): 4x4 after a1 b1,
    Black to move, loses (Norvig 2021), from the positions after each capture of Black (White
    to move); the position of a part is that part whole; too few parts settle nothing."""
    b = Board.start(4).play_removal("a1").play_removal("b1")
    parts = _after_captures(tmp_path, b, BLACK, "a1-b1")
    path = tmp_path / "joined.cert"
    joined = konane.join_certificates(b, parts, path, to_move="x")
    report = konane.verify_certificate(path)
    assert joined.winner is report.winner is WHITE
    assert report.board == b and report.to_move is BLACK and report.phase == "capture"
    header, nodes = _load(path)
    assert sorted(m[0] for m in nodes[header["root"]]["moves"]) == sorted(str(m) for m, _ in b.move_options(BLACK))
    # the position of a part: that part, whole
    (m, after), *_ = b.move_options(BLACK)
    konane.join_certificates(after, parts, tmp_path / "one.cert", to_move=WHITE)
    assert konane.verify_certificate(tmp_path / "one.cert").nodes == konane.verify_certificate(parts[0]).nodes
    # its image under the half turn: its root written for it, the part's nodes below it
    image = after.transform(2)
    konane.join_certificates(image, parts, tmp_path / "image.cert", to_move=WHITE)
    report = konane.verify_certificate(tmp_path / "image.cert")
    assert report.board == image and report.to_move is WHITE and report.winner is WHITE
    header, nodes = _load(tmp_path / "image.cert")
    assert nodes[header["root"]]["board"] == image.picture != after.picture
    with pytest.raises(CertificateError, match="do not settle"):
        konane.join_certificates(b, [], tmp_path / "none.cert", to_move=BLACK)
    with pytest.raises(CertificateError, match="other rules"):
        konane.join_certificates(b, parts, tmp_path / "single.cert", to_move=BLACK, rules=konane.SINGLE_JUMP)


def test_joining_says_which_openings_are_missing(tmp_path):
    parts = _parts(tmp_path, 4, [("a1", "b1")])
    with pytest.raises(CertificateError, match="none for b2, c3"):
        konane.join_certificates(konane.Match(Board.start(4)), parts, tmp_path / "game.cert")
    assert not (tmp_path / "game.cert").exists()
    with pytest.raises(CertificateError, match="none for a1, b2, c3, d4"):
        konane.join_certificates(konane.Match(Board.start(4)), [], tmp_path / "game.cert")


def test_joining_refuses_parts_that_do_not_fit(tmp_path):
    (part,) = _parts(tmp_path, 4, [("a1", "b1")])
    match = konane.Match(Board.start(4))
    game = tmp_path / "game.cert"
    # another player to move: the part is of no opening
    b = Board.start(4).play_removal("a1").play_removal("b1")
    konane.solve(b, WHITE, certificate=tmp_path / "white.cert", progress=False)
    with pytest.raises(CertificateError, match="do not settle"):
        konane.join_certificates(match, [tmp_path / "white.cert"], game)
    # a certificate of a whole game is not a part
    konane.join_certificates(match, _parts(tmp_path, 4, [("b2", "c2")]) + [part], tmp_path / "whole.cert")
    with pytest.raises(CertificateError, match="its root is a position of the first removal"):
        konane.join_certificates(match, [tmp_path / "whole.cert"], game)
    # other rules
    konane.solve(b, BLACK, certificate=tmp_path / "single.cert", rules=konane.SINGLE_JUMP, progress=False)
    with pytest.raises(CertificateError, match="other rules") as info:
        konane.join_certificates(match, [tmp_path / "single.cert"], game)
    assert raised_in(info) == "join_certificates"        # found deep inside, the traceback ends in the call
    # a part changed after it was written
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0x20
    (tmp_path / "changed.cert").write_bytes(bytes(data))
    with pytest.raises(CertificateError):
        konane.join_certificates(match, [tmp_path / "changed.cert"], game)
    # a part of another board settles none of the openings
    konane.solve(Board.start(4, 5).play_removal("a1").play_removal("b1"), BLACK,
                 certificate=tmp_path / "4x5.cert", progress=False)
    with pytest.raises(CertificateError, match="do not settle"):
        konane.join_certificates(match, [tmp_path / "4x5.cert"], game)
    assert not game.exists()
    with pytest.raises(konane.errors.KonaneTypeError, match="a konane.Match at its start"):
        konane.join_certificates(konane.Match.from_moves(["a1"], Board.start(4)), [part], game)
    with pytest.raises(konane.errors.KonaneTypeError, match="the match's"):
        konane.join_certificates(match, [part], game, to_move="x")
    with pytest.raises(konane.errors.PlayerTypeError, match="player to move"):
        konane.join_certificates(Board.start(4), [part], game)
    with pytest.raises(konane.errors.KonaneTypeError, match="one path"):
        konane.join_certificates(match, str(part), game)
    with pytest.raises(konane.errors.KonaneTypeError, match="path must be a str or a path"):
        konane.join_certificates(match, [part], 3)


def test_a_first_removal_with_no_reply_wins_without_parts(tmp_path):
    """Under the rules that let any stone be removed first, Black's removal of a1 on 'x.o' leaves
    White no stone next to the hole to remove: White cannot move and loses (by the rules), so
    Black wins with no part at all."""
    match = konane.Match(Board("x.o"), rules=konane.Rules(opening="any"))
    game = tmp_path / "game.cert"
    joined = konane.join_certificates(match, [], game)
    report = konane.verify_certificate(game)
    assert joined.winner is report.winner is BLACK and report.dead_ends == 1


def test_the_nodes_of_a_part_are_copied_children_first_once_each():
    """The copy of a part's nodes (a walk in depth first): a node named by two others (a
    transposition) is copied once, after them nothing; a node whose moves lead back to it is
    refused, and so is a move that names no node (hand-made lists of nodes)."""
    from konane.certificates import _copy_nodes

    def n(board, *children):
        node = {"board": board, "to_move": "x", "phase": "capture", "winner": "o"}
        if children:
            node["moves"] = [[f"m{c}", c] for c in children]
        return node

    def emit(node):                                     # writes a node out: its index
        out.append(node)
        return len(out) - 1

    nodes = [n("A"), n("B", 0), n("R", 0, 1)]            # R -> A, B; B -> A
    out, index = [], {}
    root = _copy_nodes("p", nodes, 2, emit, index)
    assert [x["board"] for x in out] == ["A", "B", "R"] and root == 2
    assert out[2]["moves"] == [["m0", 0], ["m1", 1]] and out[1]["moves"] == [["m0", 0]]
    # a second part with the same positions adds nothing
    assert _copy_nodes("q", nodes, 2, emit, index) == 2 and len(out) == 3
    with pytest.raises(CertificateError, match="lead back"):
        _copy_nodes("p", [n("A", 1), n("B", 0)], 0, emit, {})
    with pytest.raises(CertificateError, match="names no node"):
        _copy_nodes("p", [n("A", 5)], 0, emit, {})


@pytest.mark.skipif(not native.available(), reason="the proof is read from the native search's tables")
def test_a_limit_reached_while_the_proof_is_searched_again_is_a_limit(tmp_path):
    # the root proved in a cache file, the tables emptied: the search answers from the file at
    # once and the writer searches the proof's nodes again, past max_positions here.  That
    # is the limit's error, no file written (it was a KonaneError "please report this": the
    # writer took the limit, a RuntimeError too, for a fault of the search; a 3 x 32 narrow
    # board's proof stopped by its time that way)
    b = Board.start(5).play_removal("c3").play_removal("b3")
    cache, path = str(tmp_path / "proofs.sqlite"), tmp_path / "5x5.cert"
    konane.clear_caches()
    assert konane.solve(b, BLACK, cache=cache, threads=1).winner is BLACK      # Norvig (2021)
    konane.clear_caches()
    with pytest.raises(konane.ComputationLimitError) as info:
        konane.solve(b, BLACK, cache=cache, certificate=path, max_positions=20, threads=1)
    assert info.value.limit == "max_positions" and not path.exists()
    konane.clear_caches()
    assert konane.solve(b, BLACK, cache=cache, certificate=path, threads=1).winner is BLACK
    assert konane.verify_certificate(path).winner is BLACK


def _swapped(picture):
    return picture.translate(str.maketrans("xo", "ox"))


def test_the_negative_of_a_certificate_proves_the_negative(tmp_path):
    """negate_certificate: every node of the other colour, the values of the leaves negated;
    the checker (reference code) passes it, with the other winner and player to move; twice
    gives the nodes back.  Expected outcomes: the negative of G with Right to move is won as G
    with Left to move, with the roles exchanged (hand calculation from the definition of -G)."""
    rng = random.Random(38)
    boards = [Board.start(5).play_removal("c3").play_removal("b3")]       # leaves settled by values
    boards += [Board(random_grid(rng, rng.choice([3, 4]), rng.choice([4, 5]), holes=rng.random() < 0.3))
               for _ in range(12)]
    leaves = 0
    for i, b in enumerate(boards):
        for who in (BLACK, WHITE):
            s, path = _solved(tmp_path, b, who, name=f"{i}{who.value}.cert")
            negative = tmp_path / f"{i}{who.value}-negative.cert"
            written = konane.negate_certificate(path, negative)
            report = konane.verify_certificate(negative)
            assert report.board == Board(_swapped(b.picture)) == written.board
            assert report.to_move is who.opponent and report.winner is s.winner.opponent is written.winner
            assert report.nodes == written.nodes == konane.verify_certificate(path).nodes
            # node by node: the colours exchanged, each value negated, the moves kept
            _, before = _load(path)
            _, after = _load(negative)
            for x, y in zip(before, after, strict=True):
                assert y["board"] == _swapped(x["board"]) and y.get("moves") == x.get("moves")
                assert {y["to_move"], y["winner"]} <= {"x", "o"} and y["to_move"] != x["to_move"]
                for (p, v), (q, w) in zip(x.get("regions", []), y.get("regions", []), strict=True):
                    assert q == _swapped(p) and cgt.parse(w) == -cgt.parse(v)
                    leaves += 1
            konane.negate_certificate(negative, tmp_path / "twice.cert")
            assert _load(tmp_path / "twice.cert") == _load(path)
    assert leaves > 0
    # a game from its opening: White removes first on the negative board, and Black wins
    _, path = _solved(tmp_path, konane.Match(Board.start(4)), name="4x4.cert")     # White wins (Norvig 2021)
    konane.negate_certificate(path, tmp_path / "4x4-negative.cert")
    report = konane.verify_certificate(tmp_path / "4x4-negative.cert")
    assert (report.phase, report.to_move, report.winner) == ("first removal", WHITE, BLACK)
    assert report.board == Board.start(4).color_swapped()


def test_a_board_that_is_its_own_negative_needs_one_search(tmp_path):
    """The 4 x n boards with the horizontal gap in the middle, n even, are their own negatives
    by the mirror left-right: the proof with Black to move, negated and joined to the board,
    proves who wins with White to move; the outcomes (P for 4 x 4, ...) from both searches."""
    for n in (4, 6):
        b = Board.start(4, n).play_removal(f"{'abcdefgh'[n // 2 - 1]}2").play_removal(f"{'abcdefgh'[n // 2]}2")
        assert Board(_swapped(b.picture)) in b.transforms()
        s, black = _solved(tmp_path, b, BLACK, name=f"4x{n}-x.cert")
        konane.negate_certificate(black, tmp_path / "negative.cert")
        konane.join_certificates(b, [tmp_path / "negative.cert"], tmp_path / f"4x{n}-o.cert", to_move=WHITE)
        report = konane.verify_certificate(tmp_path / f"4x{n}-o.cert")
        assert report.board == b and report.to_move is WHITE
        assert report.winner is s.winner.opponent is konane.solve(b, WHITE, progress=False).winner


def test_a_negative_is_refused_where_a_certificate_would_be(tmp_path):
    _, path = _solved(tmp_path, Board.start(5).play_removal("c3").play_removal("b3"), "x")
    original = path.read_bytes()
    out = tmp_path / "negative.cert"

    def bad_value(header, nodes):
        next(n for n in nodes if n.get("regions"))["regions"][0][1] = "{1|"
    _edit(path, bad_value)
    with pytest.raises(CertificateError, match=r"node \d+: the value '\{1\|' cannot be read"):
        konane.negate_certificate(path, out)
    path.write_bytes(original)

    def bad_node(header, nodes):
        nodes[-1]["to_move"] = "z"
    _edit(path, bad_node)
    with pytest.raises(CertificateError, match="not a node"):
        konane.negate_certificate(path, out)
    data = bytearray(original)
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))
    with pytest.raises(CertificateError):
        konane.negate_certificate(path, out)
    assert not out.exists()
    with pytest.raises(konane.errors.KonaneTypeError, match="path must be a str or a path"):
        konane.negate_certificate(path, None)
