"""``to_saved_game_format(output_path=...)`` writes only where a careful program would:
a FIFO is written to and stays a FIFO, a link is followed (and stays a link), a dangling
link and a read-only file are refused with an error naming them, and an append adds the
line in place without rewriting the file. Everything happens in the test's own folder."""

import os
import stat
import subprocess
import sys
import threading
from typing import Any, List

import pytest

from dip.mila import Game
from dip.mila import export


def game() -> Game:
    g = Game(map_name="standard", game_id="safe")
    g.process()
    return g


def test_a_fifo_is_written_to_and_stays_a_fifo(tmp_path: Any) -> None:
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    got: List[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    # The writer runs in a process of its own, with a time limit: a writer that reads the
    # FIFO first (as appends once did) would wait for ever.
    script = (
        "import sys; from dip.mila import Game, export; g = Game(map_name='standard', game_id='safe'); "
        "g.process(); export.to_saved_game_format(g, output_path=sys.argv[1])"
    )
    subprocess.run([sys.executable, "-c", script, str(fifo)], check=True, timeout=60)
    # Checked before the reader is waited for: a replaced FIFO would keep it waiting.
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced by a file"
    reader.join(timeout=10)
    assert len(got) == 1 and got[0].count("\n") == 1, got
    assert export.from_saved_game_format(got[0]).get_current_phase() == game().get_current_phase()
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"]


def test_a_link_is_followed_and_stays(tmp_path: Any) -> None:
    (tmp_path / "saves").mkdir()
    target = tmp_path / "saves" / "games.jsonl"
    target.write_text("")
    link = tmp_path / "games.jsonl"
    os.symlink(os.path.join("saves", "games.jsonl"), link)
    for mode in ("a", "a", "w"):
        export.to_saved_game_format(game(), output_path=str(link), output_mode=mode)
        assert os.path.islink(link)
    assert len(target.read_text().splitlines()) == 1
    export.to_saved_game_format(game(), output_path=str(link))
    assert len(target.read_text().splitlines()) == 2
    assert len(export.load_saved_games_from_disk(str(link))) == 2
    assert sorted(os.listdir(tmp_path / "saves")) == ["games.jsonl"]


def test_a_dangling_link_is_refused(tmp_path: Any) -> None:
    link = tmp_path / "games.jsonl"
    os.symlink(tmp_path / "gone.jsonl", link)
    for mode in ("a", "w"):
        with pytest.raises(OSError, match="gone.jsonl.*does not exist"):
            export.to_saved_game_format(game(), output_path=str(link), output_mode=mode)
    assert os.path.islink(link) and sorted(os.listdir(tmp_path)) == ["games.jsonl"]


def test_a_read_only_file_is_refused_and_kept(tmp_path: Any) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("kept\n")
    os.chmod(path, 0o444)
    for mode in ("a", "w"):
        with pytest.raises(PermissionError, match="games.jsonl.*permission denied"):
            export.to_saved_game_format(game(), output_path=str(path), output_mode=mode)
    assert path.read_text() == "kept\n"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"]


def test_an_append_adds_in_place_and_keeps_a_torn_line_apart(tmp_path: Any) -> None:
    path = tmp_path / "games.jsonl"
    export.to_saved_game_format(game(), output_path=str(path))
    inode = os.stat(path).st_ino
    # A crash cut a game short.
    with open(path, "a") as f:
        f.write('{"id": "torn", "pha')
    export.to_saved_game_format(game(), output_path=str(path))
    assert os.stat(path).st_ino == inode, "the file was rewritten, not appended to"
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and lines[1] == '{"id": "torn", "pha'
    games = export.load_saved_games_from_disk(str(path), on_error="ignore")
    assert [g.game_id for g in games] == ["safe", "safe"]
