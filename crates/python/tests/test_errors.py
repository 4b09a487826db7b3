"""dip's errors arrive as Python exceptions with dip's message, never as a crash."""

import pytest

import dip
from dip.mila import Game


def test_exception_hierarchy():
    for cls in (dip.ParseError, dip.LoadError, dip.PositionError, dip.RulesError, dip.AdjudicationError, dip.GameError):
        assert issubclass(cls, dip.DipError)
    assert issubclass(dip.DipError, Exception)


def test_bad_order_text():
    m = dip.Map("standard")
    with pytest.raises(dip.ParseError, match="Burgundyy|expected"):
        dip.parse_order(m, "A Paris - Burgundyy Xq", power="France")
    with pytest.raises(dip.ParseError):
        dip.parse_order(m, "", power="France")
    with pytest.raises(ValueError, match="no power"):
        dip.parse_order(m, "A PAR H", power="Narnia")
    with pytest.raises(ValueError, match="phase kind"):
        dip.parse_order(m, "A PAR H", power="France", phase="lunch")
    with pytest.raises(ValueError, match="notation"):
        dip.parse_order(m, "A PAR H", power="France").display("klingon")


def test_unknown_variant():
    with pytest.raises(dip.LoadError, match="no embedded variant"):
        dip.Map("narnia")
    with pytest.raises(dip.LoadError):
        Game(map_name="narnia")
    with pytest.raises(dip.LoadError):
        dip.Game("narnia")


def test_bad_position():
    with pytest.raises(dip.PositionError):
        dip.Position.from_text("this is not a position")
    text = '{"variant": "standard", "units": {"France": ["A Paris", "F Paris"]}}'
    with pytest.raises(dip.PositionError):
        dip.Position.from_text(text)
    with pytest.raises(dip.PositionError):
        dip.Position.from_text('{"variant": "standard", "units": {"France": ["A Mid-Atlantic Ocean"]}}')


def test_position_of_another_map():
    standard = dip.Map("standard")
    colonial = dip.Map("colonial")
    with pytest.raises(dip.PositionError):
        dip.adjudicate(colonial, dip.Position.opening(standard), [])


def test_bad_state_and_saved_game():
    g = Game()
    with pytest.raises(dip.GameError):
        g.set_state({"name": "X1901Q", "units": {}})
    with pytest.raises(dip.GameError):
        g.set_state({"name": "S1901M", "units": {"FRANCE": ["A XYZ"]}})
    with pytest.raises(dip.GameError):
        dip.Game.from_saved_game("{not json")
    with pytest.raises(dip.GameError):
        dip.Game.from_saved_game({"id": "x", "map": "standard", "phases": []})
    with pytest.raises(TypeError):
        g.set_state({"name": "S1901M", "units": {"FRANCE": [object()]}})


def test_mila_ignores_bad_orders_like_ignore_errors():
    g = Game()
    g.set_orders("FRANCE", ["A PAR - XYZ", "A MUN - BUR", "A PAR - BUR"])
    assert g.get_orders("FRANCE") == ["A PAR - BUR"]
    assert len(g.error) == 2


def test_set_orders_and_the_table_refuse_bad_input():
    from dip import _dip

    g = Game()
    # An item that is not a string: nothing is set.
    with pytest.raises(TypeError):
        g.set_orders("FRANCE", ["A PAR - BUR", 3])
    assert g.get_orders("FRANCE") == []
    # Orders that are neither a string nor iterable, a non-string item of a tuple or a
    # generator: refused, nothing set.
    with pytest.raises(TypeError):
        g.set_orders("FRANCE", 5)
    with pytest.raises(TypeError):
        g.set_orders("FRANCE", ("A PAR - BUR", None))
    with pytest.raises(TypeError):
        g.set_orders("FRANCE", (o for o in ["A PAR - BUR", b"A MAR H"]))
    assert g.get_orders("FRANCE") == []
    # A generator of strings is taken; `error` holds a list, and only a list.
    g.set_orders("FRANCE", (o for o in ["A PAR - BUR"]))
    assert g.get_orders("FRANCE") == ["A PAR - BUR"]
    g.clear_orders()
    with pytest.raises(TypeError):
        g.error = "not a list"
    g.error = []
    g.set_orders("FRANCE", ["A PAR - XYZ"])
    assert len(g.error) == 1 and g.error[0].startswith("A PAR - XYZ: ")
    # A power the map lacks, by a string of its own (not one power_names gave).
    with pytest.raises(ValueError, match="no power `NARNIA`"):
        g.set_orders("NARNIA", ["A PAR H"])
    with pytest.raises(ValueError, match="no power `NARNIA`"):
        g.get_orderable_locations("NARNIA")
    # A str subclass is read from its text.
    class Text(str):
        pass

    g.set_orders("FRANCE", [Text("A PAR - BUR")])
    assert g.get_orders("FRANCE") == ["A PAR - BUR"]
    # The tests' hook: an unknown map is an error, limits of nothing still list.
    with pytest.raises(dip.LoadError):
        _dip._set_text_table_limits("narnia", 1, 1)
    with pytest.raises(dip.LoadError):
        _dip._listing_dicts_reused("narnia")
    _dip._set_text_table_limits("standard", 0, 0)
    try:
        assert "A PAR - BUR" in Game().get_all_possible_orders()["PAR"]
    finally:
        _dip._set_text_table_limits("standard", 500_000, 4 << 20)


def test_saved_game_files_are_written_whole(tmp_path):
    from dip.mila import Game
    from dip.mila.export import load_saved_games_from_disk, to_saved_game_format

    out = tmp_path / "games.jsonl"
    first, second = Game(), Game()
    second.set_orders("FRANCE", ["A PAR - BUR"])
    second.process()
    to_saved_game_format(first, output_path=str(out))
    to_saved_game_format(second, output_path=str(out))
    assert [len(g.get_phase_history()) for g in load_saved_games_from_disk(str(out))] == [0, 1]
    to_saved_game_format(second, output_path=str(out), output_mode="w")
    assert len(load_saved_games_from_disk(str(out))) == 1
    # A write that cannot be made raises and leaves nothing behind.
    with pytest.raises(OSError):
        to_saved_game_format(first, output_path=str(tmp_path / "missing" / "games.jsonl"))
    with pytest.raises(ValueError):
        to_saved_game_format(first, output_path=str(out), output_mode="r+")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    assert len(load_saved_games_from_disk(str(out))) == 1
