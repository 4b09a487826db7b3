"""The core API: maps, positions, orders, adjudication, legal orders, games, rules."""

import json

import pytest

import dip


def test_variants_and_map():
    assert "standard" in dip.variants()
    assert "colonial" in dip.variants()
    m = dip.Map("standard")
    assert m.name == "standard"
    assert len(m.powers) == 7 and "France" in m.powers
    assert len(m.centres) == 34
    assert m.province_names["par"] == "Paris"
    assert "STP/NC" in m.locations
    assert sorted(m.homes("France")) == ["bre", "mar", "par"]
    assert m.victory_centres == 18


def test_opening_position():
    m = dip.Map("standard")
    p = dip.Position.opening(m)
    assert p.phase == "S1901M"
    assert p.phase_long == "Spring 1901 Movement"
    assert sorted(p.units["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert sorted(p.centres["FRANCE"]) == ["BRE", "MAR", "PAR"]
    p.validate()


def test_position_text_round_trip(root):
    text = (root / "examples" / "midgame_34.ron").read_text()
    p = dip.Position.from_text(text)
    assert sum(len(u) for u in p.units.values()) == 34
    again = dip.Position.from_text(p.to_text())
    assert again == p
    assert dip.Position.from_text(p.to_json()) == p
    position, orders = dip.read_position_file(text)
    assert position == p and len(orders) == 34
    state = p.state()
    assert dip.Position.from_state(dip.Map("standard"), state) == p


def test_parse_and_display_in_each_notation():
    m = dip.Map("standard")
    o = dip.parse_order(m, "A Paris - Burgundy", power="France")
    assert o.power == "France"
    assert o.display("datc") == "A Paris - Burgundy"
    assert o.display("judge") == "A par - bur"
    assert o.display("mila") == o.mila == "A PAR - BUR"
    assert dip.parse_order(m, "A EDI - NWY VIA", power="England").mila == "A EDI - NWY VIA"
    retreat = dip.parse_order(m, "A MUN R BOH", power="Germany", phase="retreat")
    assert retreat.mila == "A MUN R BOH"
    build = dip.parse_order(m, "F STP/NC B", power="Russia", phase="adjustment")
    assert build.mila == "F STP/NC B"
    # Every display reads back to the same order.
    for notation in ("datc", "judge", "mila"):
        assert dip.parse_order(m, o.display(notation), power="France") == o


def test_adjudicate_codes_match_the_json_schema(root):
    m = dip.Map("standard")
    start = dip.Position.opening(m)
    orders = [("France", "A PAR - BUR"), ("Germany", "A MUN - BUR"), ("Germany", "A BER - XYZ")]
    result = dip.adjudicate(m, start, orders, notation="mila")
    assert result["schema"] == "dip-results" and result["version"] == 1
    codes = [o["code"] for o in result["orders"]]
    assert codes == ["bounced", "bounced", "unreadable"]
    assert result["orders"][0]["by"] == ["MUN"]
    assert result["next"].phase == "F1901M"
    # The same document as `dip adjudicate --json` on a position file.
    position, file_orders = dip.read_position_file((root / "examples" / "midgame_34.ron").read_text())
    document = dip.adjudicate(m, position, file_orders)
    assert len(document["orders"]) == 34
    assert any(o["code"] == "cut" for o in document["orders"])
    assert document["dislodged"][0]["unit"]
    json.dumps({k: v for k, v in document.items() if k != "next"})


def test_adjudicate_accepts_order_objects_and_prefixed_text():
    m = dip.Map("standard")
    start = dip.Position.opening(m)
    order = dip.parse_order(m, "A PAR - BUR", power="France")
    result = dip.adjudicate(m, start, [order, "Germany: A Munich - Ruhr"])
    assert [o["code"] for o in result["orders"]] == ["succeeds", "succeeds"]


def test_rules_presets_and_single_options():
    assert "webdiplomacy" in dip.rule_presets()
    m = dip.Map("standard")
    start = dip.Position.opening(m)
    # A support of a foreign unit that names no nationality: valid but under 4.C.5 a, which
    # a single option sets, after a preset too.
    orders = ["France: A PAR - BUR", "Germany: A MUN S A PAR - BUR"]
    for rules, support in (
        (None, "succeeds"),
        ("1982", "succeeds"),
        (["webdiplomacy", "4.A.2=all-hold"], "succeeds"),
        ("4.A.2=szykman", "succeeds"),
        ("4.C.5=a", "illegal"),
        (["webdiplomacy", "4.C.5=a"], "illegal"),
        (["4.C.5=a", "webdiplomacy"], "succeeds"),
    ):
        result = dip.adjudicate(m, start, orders, rules=rules)
        assert [o["code"] for o in result["orders"]] == ["succeeds", support], rules
    with pytest.raises(dip.RulesError, match="no rule preset"):
        dip.adjudicate(m, start, [], rules="1999")
    with pytest.raises(dip.RulesError):
        dip.adjudicate(m, start, [], rules="4.A.2=nonsense")


def test_legal_orders():
    m = dip.Map("standard")
    legal = dip.legal_orders(dip.Position.opening(m))
    assert len(legal) == 22
    paris = [orders for power, orders in legal if power == "France" and orders[0].mila.startswith("A PAR")][0]
    assert "A PAR - BUR" in [o.mila for o in paris]


def test_game_history_and_saved_game():
    g = dip.Game("standard", rules="webdiplomacy")
    results = g.play([("France", "A PAR - BUR"), ("Germany", "A MUN - BUR")])
    assert results["A PAR"] == ["bounce"] and results["A MUN"] == ["bounce"]
    assert g.phase == "F1901M"
    assert g.history[0]["name"] == "S1901M"
    assert g.history[0]["orders"]["FRANCE"] == ["A PAR - BUR"]
    saved = g.to_saved_game("g1")
    assert saved["id"] == "g1" and [p["name"] for p in saved["phases"]] == ["S1901M", "F1901M"]
    again = dip.Game.from_saved_game(saved)
    assert again.position == g.position
    assert dip.Game.from_saved_game(json.dumps(saved)).position == g.position
    assert g.winner is None
    assert dict(g.centre_counts())["France"] == 3


def test_other_variants_play():
    g = dip.Game("colonial")
    legal = g.legal_orders()
    g.play([orders[0] for _, orders in legal])
    assert g.phase.startswith("F")
