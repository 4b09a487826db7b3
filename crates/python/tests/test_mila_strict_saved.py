"""dip.mila's saved-game loading is strict as dip.Game.from_saved_game is: a board the game
records that its orders do not make raises GameError naming the game, the phase and what
differs, unless differing_boards="report" asks to go on from the boards the orders make (a
DifferingBoardsWarning a phase). Games MILA saved at test time, and the recorded games of
games/, load as they are."""

import json
import warnings
from typing import Any, Dict

import pytest
from test_mila_saved import play_mila, saved_by_mila

import dip
from dip.mila import export


def clean() -> Dict[str, Any]:
    """A game MILA played and saved: 12 phases, waiting in S1905M."""
    saved = saved_by_mila(play_mila(4, 12))
    assert [p["name"] for p in saved["phases"]][2:7] == ["W1901A", "S1902M", "F1902M", "W1902A", "S1903M"]
    return saved


def moved() -> Dict[str, Any]:
    """The game with France's army in Gascony recorded in Burgundy at S1902M."""
    game = clean()
    units = game["phases"][3]["state"]["units"]["FRANCE"]
    assert "A GAS" in units and not any("BUR" in u for us in game["phases"][3]["state"]["units"].values() for u in us)
    units[units.index("A GAS")] = "A BUR"
    return game


def centre_changed() -> Dict[str, Any]:
    """The game with Germany's Holland recorded as England's at W1902A."""
    game = clean()
    centres = game["phases"][5]["state"]["centers"]
    assert "HOL" in centres["GERMANY"]
    centres["GERMANY"].remove("HOL")
    centres["ENGLAND"].append("HOL")
    return game


def everything(game: export.Game) -> Dict[str, Any]:
    """Every board and order of a game, as dip.mila saves it, its name and the time aside."""

    def board(state: Dict[str, Any]) -> Dict[str, Any]:
        return {k: v for k, v in state.items() if k != "timestamp"}

    phases = [{**p, "state": board(p["state"])} for p in export.to_saved_game_format(game)["phases"]]
    return {"phases": phases, "state": board(game.get_state()), "orders": game.get_orders()}


def test_a_game_mila_saved_loads_with_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game = export.from_saved_game_format(clean())
        assert game.get_current_phase() == "S1905M"
        assert export.from_saved_game_format(json.dumps(clean()), differing_boards="report").get_current_phase() == "S1905M"


def test_a_unit_moved_in_the_record_is_refused() -> None:
    with pytest.raises(dip.GameError) as refused:
        export.from_saved_game_format(moved())
    lines = str(refused.value).splitlines()
    assert lines[0].startswith("game mila-4, W1901A: "), lines
    assert "make another board than the one it records at S1902M" in lines[0]
    assert "FRANCE units: the game recorded A BUR, dip made A GAS" in lines[0]
    # The default made explicit, and the game as JSON text.
    with pytest.raises(dip.GameError, match="FRANCE units: the game recorded A BUR, dip made A GAS"):
        export.from_saved_game_format(json.dumps(moved()), differing_boards="refuse")


def test_a_centre_changed_in_the_record_is_refused() -> None:
    with pytest.raises(dip.GameError, match="game mila-4, F1902M: .* at W1902A: ENGLAND centres: the game recorded HOL, dip made nothing; GERMANY centres: the game recorded nothing, dip made HOL"):
        export.from_saved_game_format(centre_changed())


@pytest.mark.parametrize("changed", [moved, centre_changed])
def test_report_goes_on_from_the_boards_the_orders_make(changed: Any) -> None:
    with pytest.raises(dip.GameError) as refused:
        export.from_saved_game_format(changed())
    with pytest.warns(dip.DifferingBoardsWarning) as caught:
        game = export.from_saved_game_format(changed(), differing_boards="report")
    # A warning a phase, each a line of the refusal, naming this file as the caller.
    assert [str(w.message) for w in caught] == str(refused.value).splitlines()
    assert all(w.filename == __file__ for w in caught)
    # The game goes on from the boards the orders make: those of the record as MILA made it.
    assert everything(game) == everything(export.from_saved_game_format(clean()))
    with warnings.catch_warnings():
        warnings.simplefilter("error", dip.DifferingBoardsWarning)
        with pytest.raises(dip.DifferingBoardsWarning):
            export.from_saved_game_format(changed(), differing_boards="report")


def test_load_saved_games_from_disk_passes_the_choice_on(tmp_path: Any) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(clean()) + "\n" + json.dumps(moved()) + "\n")
    with pytest.raises(dip.GameError, match="FRANCE units: the game recorded A BUR"):
        export.load_saved_games_from_disk(str(path))
    assert len(export.load_saved_games_from_disk(str(path), on_error="ignore")) == 1
    with pytest.warns(dip.DifferingBoardsWarning) as caught:
        games = export.load_saved_games_from_disk(str(path), differing_boards="report")
    assert "FRANCE units: the game recorded A BUR, dip made A GAS" in str(caught[0].message)
    assert [g.get_current_phase() for g in games] == ["S1905M", "S1905M"]
    with pytest.raises(ValueError, match='differing_boards must be "refuse" or "report"'):
        export.load_saved_games_from_disk(str(path), on_error="ignore", differing_boards="replace")


def test_a_bad_choice_is_a_value_error() -> None:
    with pytest.raises(ValueError, match='differing_boards must be "refuse" or "report", not "replace"'):
        export.from_saved_game_format(clean(), differing_boards="replace")


def test_a_phase_after_completed_is_refused() -> None:
    game = clean()
    game["phases"].insert(6, {"name": "COMPLETED", "state": game["phases"][5]["state"], "orders": {}})
    with pytest.raises(dip.GameError, match="game mila-4, S1903M: a phase after `COMPLETED`: the game was over"):
        export.from_saved_game_format(game, differing_boards="report")


def test_recorded_games_load_under_the_rules_they_were_played_under(root: Any) -> None:
    # webDiplomacy's games, which record no rules, under webDiplomacy's.
    files = sorted((root / "games" / "cicero").glob("*.json"))
    assert len(files) == 20
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for f in files:
            export.from_saved_game_format(f.read_text(), dip_rules=["webdiplomacy"])
        # Games recorded as MILA and as dip record a unit with nowhere to retreat, a drawn game.
        for f in sorted((root / "games" / "handmade").glob("*.json")):
            export.from_saved_game_format(f.read_text())
        # MILA's rules (the default here) play webDiplomacy's games as webDiplomacy did.
        for f in files:
            export.from_saved_game_format(f.read_text())
    # Under the 2023 rulebook's (another civil-disorder rule) one of them differs.
    with pytest.raises(dip.GameError, match="W1908A: .*S1909M: FRANCE units: the game recorded A RUH, dip made A WAR"):
        export.from_saved_game_format(
            (root / "games" / "cicero" / "game_433761_ENGLAND_AG.json").read_text(), dip_rules=["2023"]
        )
