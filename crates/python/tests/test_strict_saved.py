"""dip.Game.from_saved_game is strict: a board the game records that its orders do not make
raises GameError naming the game, the phase and what differs, unless differing_boards="report"
asks to go on from the boards the orders make (a DifferingBoardsWarning a phase, and
board_differences). Real recorded games that replay cleanly still load."""

import json
import warnings

import pytest

import dip


def handmade(root):
    """A game of F1901M and W1901A played, waiting in S1902M, recorded as MILA records it."""
    return json.loads((root / "games" / "handmade" / "no_retreat_removed.json").read_text())


def moved(root):
    """The game with Russia's army recorded in Finland at W1901A: its orders keep it in Sweden."""
    game = handmade(root)
    game["phases"][1]["state"]["units"]["RUSSIA"] = ["A FIN"]
    return game


def test_a_clean_game_loads(root) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game = dip.Game.from_saved_game(handmade(root))
    assert game.phase == "S1902M"
    assert game.board_differences == []


def test_a_unit_moved_in_the_record_is_refused(root) -> None:
    with pytest.raises(dip.GameError) as refused:
        dip.Game.from_saved_game(moved(root))
    lines = str(refused.value).splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("game no-retreat-removed, F1901M: ")
    assert "make another board than the one it records at W1901A" in lines[0]
    assert "RUSSIA units: the game recorded A FIN, dip made A SWE" in lines[0]
    assert lines[1].startswith("game no-retreat-removed, W1901A: ")
    # As JSON text too, and as the default made explicit.
    with pytest.raises(dip.GameError, match="RUSSIA units: the game recorded A FIN, dip made A SWE"):
        dip.Game.from_saved_game(json.dumps(moved(root)), differing_boards="refuse")


def test_a_centre_changed_in_the_record_is_refused(root) -> None:
    game = handmade(root)
    centres = game["phases"][1]["state"]["centers"]
    centres["GERMANY"] = ["BER", "KIE"]
    centres["RUSSIA"] = ["DEN", "SWE"]
    with pytest.raises(dip.GameError, match="F1901M: .*GERMANY centres: the game recorded nothing, dip made DEN"):
        dip.Game.from_saved_game(game)


def test_report_goes_on_from_the_boards_the_orders_make(root) -> None:
    with pytest.warns(dip.DifferingBoardsWarning) as caught:
        game = dip.Game.from_saved_game(moved(root), differing_boards="report")
    messages = [str(w.message) for w in caught]
    assert messages == game.board_differences
    assert len(messages) == 2
    assert "RUSSIA units: the game recorded A FIN, dip made A SWE" in messages[0]
    assert issubclass(dip.DifferingBoardsWarning, UserWarning)
    # The boards the orders make: those of the record as it was.
    clean = dip.Game.from_saved_game(handmade(root))
    assert game.position == clean.position
    assert game.history == clean.history
    # A caller that wants it so makes the warning an error.
    with warnings.catch_warnings():
        warnings.simplefilter("error", dip.DifferingBoardsWarning)
        with pytest.raises(dip.DifferingBoardsWarning):
            dip.Game.from_saved_game(moved(root), differing_boards="report")


def test_a_bad_choice_is_a_value_error(root) -> None:
    with pytest.raises(ValueError, match='differing_boards must be "refuse" or "report"'):
        dip.Game.from_saved_game(handmade(root), differing_boards="replace")


def test_real_games_load_under_the_rules_they_were_played_under(root) -> None:
    files = sorted((root / "games" / "cicero").glob("*.json"))
    assert len(files) == 20
    for f in files:
        game = dip.Game.from_saved_game(f.read_text(), rules="webdiplomacy")
        assert game.board_differences == [], f.name
    # Under the variant's defaults (another civil-disorder rule) one differs.
    with pytest.raises(dip.GameError, match="W1908A: .*S1909M"):
        dip.Game.from_saved_game((root / "games" / "cicero" / "game_433761_ENGLAND_AG.json").read_text())


def test_a_game_dip_wrote_keeps_its_rules() -> None:
    played = dip.Game("standard", rules="1982")
    played.play([])
    saved = played.to_saved_game("g1")
    assert dip.Game.from_saved_game(saved).position == played.position
    with pytest.raises(dip.GameError, match="cannot change the rules of a game under way"):
        dip.Game.from_saved_game(saved, rules="webdiplomacy")
