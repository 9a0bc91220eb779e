"""Saves that replace their file whole or not at all, and loaders that refuse what is not theirs.

A process killed by SIGKILL while it saves (``Match.save``, ``Census.save``) must leave the
file it replaces loadable, holding the old record or the new one; a file changed after it
was saved, or a file that is not the library's, is refused with the library's own error and
left untouched.  The expected records are the ones the test itself saved.
"""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

import konane
from konane.errors import CensusFileError, CensusTypeError, KonaneTypeError, MatchFileError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SAVER = textwrap.dedent("""
    import sys, konane
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "match":
        a = konane.Match.from_moves(["c3", "c4"], konane.Board.start(6))
        b = konane.Match.from_moves(["a1", "b1"], konane.Board.start(4))
        records = [a, b]
    else:
        records = [konane.census(2, 4), konane.census(3, 3)]
    records[0].save(path)
    print("ready", flush=True)
    i = 0
    while True:                      # save the two records in turn until killed
        i += 1
        records[i % 2].save(path)
""")


def _killed_while_saving(kind, path, delay):
    proc = subprocess.Popen([sys.executable, "-c", SAVER, kind, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ, KONANE_PROGRESS="0"))
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()


@pytest.mark.parametrize("kind", ["match", "census"])
def test_kill_9_while_saving_leaves_the_old_or_the_new_file(kind, tmp_path):
    path = tmp_path / f"record.{kind}"
    if kind == "match":
        expected = [konane.Match.from_moves(["c3", "c4"], konane.Board.start(6)).moves,
                    konane.Match.from_moves(["a1", "b1"], konane.Board.start(4)).moves]
    else:
        expected = [konane.census(2, 4).ids, konane.census(3, 3).ids]
    for i in range(12):                                   # kills at 12 moments of the loop
        _killed_while_saving(kind, path, 0.05 + 0.037 * i)
        got = konane.Match.load(path).moves if kind == "match" else konane.Census.load(path).ids
        assert got in expected
        # beside it, at most the hidden temporary files of the save cut short (".record.*")
        assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(f".{path.name}.")] == [path.name]


def test_a_failed_save_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "census.sqlite"
    konane.census(2, 3).save(path)
    before = path.read_bytes()

    def broken(*args):
        raise KeyboardInterrupt             # as a Ctrl-C in the middle of the write
    monkeypatch.setattr(sqlite3, "connect", broken)
    with pytest.raises(KeyboardInterrupt):
        konane.census(3, 3).save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["census.sqlite"]
    assert konane.Census.load(path).ids == konane.census(2, 3).ids


def test_paths_only_never_a_file_descriptor(tmp_path):
    m = konane.Match(konane.Board.start(4))
    for bad in (3, 3.0, None, b"bytes"):
        with pytest.raises(KonaneTypeError, match="path must be a str or a path"):
            m.save(bad)
        with pytest.raises(KonaneTypeError, match="path must be a str or a path"):
            konane.Match.load(bad)
        with pytest.raises(CensusTypeError, match="path must be a str or a path"):
            konane.census(2, 2).save(bad)


def test_match_files_that_are_not_records(tmp_path):
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(MatchFileError, match="not UTF-8 text"):
        konane.Match.load(binary)
    nul = tmp_path / "nul.txt"
    nul.write_text("6x6\x00 c3 c4", encoding="utf-8")
    with pytest.raises(MatchFileError, match="null character"):
        konane.Match.load(nul)
    with pytest.raises(MatchFileError, match="Is a directory"):
        konane.Match.load(tmp_path)
    with pytest.raises(MatchFileError, match="No such file"):
        konane.Match.load(tmp_path / "missing.txt")
    # a UTF-8 byte-order mark (as some editors write) is allowed
    m = konane.Match.from_moves(["c3", "c4"], konane.Board.start(6))
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + m.dumps().encode("utf-8"))
    assert konane.Match.load(bom).moves == m.moves


def test_a_census_edited_after_its_save_is_refused(tmp_path):
    path = tmp_path / "census.sqlite"
    konane.census(4, 5).save(path)
    # the shape swapped (4x5 -> 5x4: the same number of positions, another census)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE meta SET value = '5' WHERE key = 'rows'")
        db.execute("UPDATE meta SET value = '4' WHERE key = 'cols'")
    db.close()
    with pytest.raises(CensusFileError, match="checksum does not match"):
        konane.Census.load(path)
    # the rules changed
    konane.census(2, 3).save(path)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'multi_jump'")
    db.close()
    with pytest.raises(CensusFileError, match="checksum does not match"):
        konane.Census.load(path)
    # one code's value changed
    konane.census(2, 3).save(path)
    db = sqlite3.connect(path)
    (blob,) = db.execute("SELECT ids FROM codes").fetchone()
    with db:
        db.execute("UPDATE codes SET ids = ?", (bytes([blob[0] ^ 1]) + blob[1:],))
    db.close()
    with pytest.raises(CensusFileError, match="checksum does not match"):
        konane.Census.load(path)
