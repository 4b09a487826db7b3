"""dip.mila.Game behaves as MILA's diplomacy.Game for what agent code calls."""

import copy
import random

import pytest

import dip
from dip import _dip
from dip.mila import Game, GamePhaseData
from dip.mila.export import from_saved_game_format, load_saved_games_from_disk, to_saved_game_format


def timeless(phases):
    """Saved phases without the time each state was made."""
    return [{**p, "state": {k: v for k, v in p["state"].items() if k != "timestamp"}} for p in phases]


def board(game):
    """A game's state without its timestamp (MILA's get_state() stamps the time it is made)."""
    state = game.get_state()
    del state["timestamp"]
    return state


def test_opening_as_mila_shows_it():
    g = Game(map_name="standard")
    assert g.get_current_phase() == "S1901M"
    assert g.phase == "SPRING 1901 MOVEMENT"
    assert g.phase_type == "M"
    assert not g.is_game_done
    assert list(g.powers) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    russia = g.powers["RUSSIA"]
    assert russia.name == "RUSSIA"
    assert sorted(russia.units) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert sorted(russia.centers) == sorted(russia.homes) == ["MOS", "SEV", "STP", "WAR"]
    assert not russia.is_eliminated()
    assert sorted(g.get_units("FRANCE")) == ["A MAR", "A PAR", "F BRE"]
    assert sorted(g.get_centers("FRANCE")) == ["BRE", "MAR", "PAR"]
    assert sorted(g.get_orderable_locations("RUSSIA")) == ["MOS", "SEV", "STP", "WAR"]
    assert set(g.get_orderable_locations()) == set(g.powers)
    assert "NO_PRESS" in g.rules


def test_constructed_as_mila_code_constructs_it():
    # Rule flags as a list, tuple, set or one string; dip presets among them or apart;
    # MILA's other keyword arguments accepted and left alone.
    for rules in (["NO_PRESS"], ("NO_PRESS", "webdiplomacy"), {"NO_PRESS"}, "NO_PRESS", None):
        g = Game(map_name="standard", rules=rules, game_id="g1", n_controls=7, deadline=0)
        assert g.get_current_phase() == "S1901M" and g.game_id == "g1"
        assert "NO_PRESS" in g.rules
    assert Game(dip_rules="webdiplomacy").get_current_phase() == "S1901M"
    # As MILA's Game: the game id by position, the rest by keyword.
    g = Game("g7", map_name="standard")
    assert g.game_id == "g7" and g.map_name == "standard"
    with pytest.raises(TypeError):
        Game("g7", "standard")
    assert Game(dip_rules=("4.A.2=all-hold",)).get_current_phase() == "S1901M"
    with pytest.raises(dip.RulesError):
        Game(dip_rules=["no-such-preset"])
    saved = to_saved_game_format(Game())
    with pytest.raises(dip.RulesError):
        from_saved_game_format(saved, dip_rules=["no-such-preset"])
    assert from_saved_game_format(saved, dip_rules=["webdiplomacy"]).get_current_phase() == "S1901M"
    with pytest.raises(TypeError):
        Game(rules=[1, 2])


def test_possible_orders_cover_every_location():
    g = Game()
    possible = g.get_all_possible_orders()
    # Every location of the map, and MILA's impassable Switzerland (which MILA's map has).
    assert set(possible) == set(dip.Map("standard").locations) | {"SWI"}
    assert possible["SWI"] == []
    assert set(possible) == {loc.upper() for loc in g.map.locs}
    assert possible["STP"] == possible["STP/SC"]
    assert "F STP/SC - BOT" in possible["STP"]
    assert "A PAR - BUR" in possible["PAR"] and "A PAR H" in possible["PAR"]
    assert possible["BUR"] == [] and possible["STP/NC"] == []
    assert sum(len(v) for k, v in possible.items() if "/" not in k) > 22
    # As MILA writes it: a supported fleet on a coast is named with its coast.
    assert "A MOS S F STP/SC - LVN" in possible["MOS"]
    assert "A MOS S F STP/SC" in possible["MOS"]


def test_listed_strings_given_back_are_the_orders_their_texts_read_as():
    # set_orders takes a string a listing gave from the listing, unread: on every board of
    # random games on maps with coasts, convoys and railroads, that order is the one the
    # text reads as, and a game given the same orders as new strings (read) plays the same.
    kinds = set()
    for variant, seed in [("standard", 1), ("standard", 2), ("colonial", 3), ("north_sea_wars", 4), ("ancient_mediterranean", 5)]:
        rng = random.Random(seed)
        listed, read = Game(map_name=variant), Game(map_name=variant)
        for _ in range(30):
            if listed.is_game_done:
                break
            assert listed._listed_orders_unlike_read() == []
            kinds.add(listed.phase_type)
            possible = listed.get_all_possible_orders()
            if listed.phase_type == "R" and variant == "standard":
                retreat = next(o for orders in possible.values() for o in orders)
            for power_name in listed.powers:
                orders = [rng.choice(possible[loc]) for loc in listed.get_orderable_locations(power_name) if possible[loc]]
                listed.set_orders(power_name, orders)
                read.set_orders(power_name, [o.encode().decode() for o in orders])
                assert listed.get_orders(power_name) == read.get_orders(power_name)
            listed.process()
            read.process()
            assert board(listed) == board(read)
            assert listed.result == read.result
        # Both write the same phases out.
        assert timeless(to_saved_game_format(listed)["phases"]) == timeless(to_saved_game_format(read)["phases"])
    assert kinds == {"M", "R", "A"}
    # A listed string of another kind of phase is read, and refused, as before.
    g = Game()
    for power_name in g.powers:
        g.set_orders(power_name, [retreat])
        assert g.error[-1].startswith(f"{retreat}: ")
        assert g.get_orders(power_name) == []


def test_the_text_table_empties_and_fills_again_within_a_game():
    # Boards of a random game listed with the table as shipped, then again with a table so
    # small that it is emptied every few listings: the same lists, for fresh games, for a
    # game and its copies that listed before it was emptied, and strings of an emptied
    # table given back to set_orders are read from their text.
    from dip import _dip

    # (A game with a retreat phase: MILA's game, as dip.mila, passes over retreat phases in
    # which no unit may retreat.)
    rng = random.Random(23)
    g = Game()
    boards = []
    for _ in range(25):
        possible = g.get_all_possible_orders()
        boards.append((g.get_state(), possible, g.clone()))
        for power_name in g.powers:
            g.set_orders(power_name, [rng.choice(possible[loc]) for loc in g.get_orderable_locations(power_name) if possible[loc]])
        g.process()
    assert {state["name"][-1] for state, _, _ in boards} == {"M", "R", "A"}
    _dip._set_text_table_limits("standard", 40, 2048)
    try:
        def sorted_lists(possible):
            return {loc: sorted(orders) for loc, orders in possible.items()}

        for state, expected, listed in boards:
            # A board made from the state lists its units in another order.
            fresh = Game()
            fresh.set_state(state)
            assert sorted_lists(fresh.get_all_possible_orders()) == sorted_lists(expected)
            # Listed before the table was emptied: the listing is made again.
            assert listed.get_all_possible_orders() == expected
            assert listed.clone().get_all_possible_orders() == expected
        state, expected, listed = boards[0]
        orders = {p: [expected[loc][-1] for loc in listed.get_orderable_locations(p)] for p in listed.powers}
        read = listed.clone()
        for power_name, texts in orders.items():
            listed.set_orders(power_name, texts)
            read.set_orders(power_name, [t.encode().decode() for t in texts])
            assert listed.get_orders(power_name) == read.get_orders(power_name) != []
        listed.process()
        read.process()
        assert board(listed) == board(read)
    finally:
        _dip._set_text_table_limits("standard", 500_000, 4 << 20)


def test_possible_orders_read_back_as_written():
    # Every listed order, given back by its power, is read as the same order.
    m = dip.Map("standard")
    kinds = {"M": "movement", "R": "retreat", "A": "adjustment"}
    rng = random.Random(11)
    g = Game()
    checked = 0
    while g._year < 1905:
        possible = g.get_all_possible_orders()
        kind = kinds[g.phase_type]
        for power_name in g.powers:
            for loc in g.get_orderable_locations(power_name):
                for text in possible[loc]:
                    assert dip.parse_order(m, text, power=power_name, phase=kind).mila == text
                    checked += 1
            orders = [rng.choice(possible[loc]) for loc in g.get_orderable_locations(power_name) if possible[loc]]
            g.set_orders(power_name, orders)
        g.process()
    assert checked > 1000


def test_listings_are_the_legal_orders_of_each_board():
    # On every movement and retreat board of random games on maps with coasts, convoys and
    # railroads, the listing (each text found through the map's table of texts) holds
    # exactly dip's legal orders, each written as MILA does (which names the coast of a
    # supported fleet), and what MILA lists beside them: moves by convoy into provinces the
    # army could walk to, and supports of a fleet's move to one coast (each read as a legal
    # order: `_listed_orders_unlike_read`).
    import re

    def as_dip_writes_it(text):
        return re.sub(r"( S F [A-Z]+)/[A-Z]{2}", r"\1", text)

    def dip_lists_it(text, texts):
        if re.search(r" S F [A-Z]+(/[A-Z]{2})? - [A-Z]+/[A-Z]{2}$", text):
            return False
        return not (text.endswith(" VIA") and text[: -len(" VIA")] in texts)

    boards = 0
    for variant, seed in [("standard", 31), ("standard", 32), ("colonial", 33), ("north_sea_wars", 34)]:
        rng = random.Random(seed)
        m = dip.Map(variant)
        g = Game(map_name=variant)
        for _ in range(40):
            if g.is_game_done:
                break
            possible = g.get_all_possible_orders()
            if g.phase_type in "MR":
                assert g._listed_orders_unlike_read() == []
                listed = sorted(as_dip_writes_it(t) for loc, texts in possible.items() if "/" not in loc
                                for t in texts if dip_lists_it(t, texts))
                position = dip.Position.from_state(m, g.get_state())
                legal = sorted(o.mila for _, orders in dip.legal_orders(position) for o in orders)
                assert listed == legal, (variant, g.get_current_phase())
                boards += 1
            for power_name in g.powers:
                g.set_orders(power_name, [rng.choice(possible[loc]) for loc in g.get_orderable_locations(power_name) if possible[loc]])
            g.process()
    assert boards > 80


def test_a_movement_phase_with_results_in_mila_codes():
    g = Game()
    g.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"])
    g.set_orders("GERMANY", ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"])
    g.set_orders("ENGLAND", "F LON - NTH")
    assert g.get_orders("ENGLAND") == ["F LON - NTH"]
    before = g.get_state()
    played = g.process()
    assert g.get_current_phase() == "F1901M"
    # As MILA's, process() returns the phase played.
    assert isinstance(played, GamePhaseData)
    assert played.name == "S1901M" and played.results["A MUN"] == ["bounce"]
    assert played.orders["ENGLAND"] == ["F LON - NTH"] and played.orders["ITALY"] == []
    assert {k: v for k, v in played.state.items() if k != "timestamp"} == {
        k: v for k, v in before.items() if k != "timestamp"}
    assert played.to_dict()["results"] == played.results
    assert "A BUR" in g.get_units("FRANCE")
    # As in MILA: `result` is the phase being processed (empty between phases); the results
    # of the phase played are in the history.
    assert g.result == {}
    assert g.result_history.last_value()["A MUN"] == ["bounce"]
    assert g.get_order_status(unit="A PAR") == []
    assert g.get_order_status("FRANCE")["A MAR"] == []
    history = g.get_phase_history()
    assert [p.name for p in history] == ["S1901M"]
    assert history[0].orders["FRANCE"] == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]
    assert history[0].results["A MUN"] == ["bounce"]
    assert history[0].state["units"]["FRANCE"] == ["F BRE", "A MAR", "A PAR"]
    assert g.get_orders("FRANCE") == []


def test_dislodgement_retreat_and_builds():
    g = Game()
    g.set_orders("GERMANY", ["A MUN - TYR", "A BER - MUN"])
    g.set_orders("AUSTRIA", ["A VIE - TRI", "F TRI - ADR"])
    g.process()
    g.set_orders("GERMANY", ["A TYR - VEN", "A MUN - TYR"])
    g.set_orders("AUSTRIA", ["F ADR S A TYR - VEN"])
    g.process()
    assert g.get_current_phase() == "F1901R"
    assert g.phase == "FALL 1901 RETREATS"
    assert "*A VEN" in g.get_units("ITALY")
    assert g.get_order_status(unit="A VEN") == ["dislodged"]
    assert g.dislodged == {"A VEN": "TYR"}
    retreats = g.powers["ITALY"].retreats["A VEN"]
    assert "PIE" in retreats
    assert g.get_orderable_locations("ITALY") == ["VEN"]
    assert "A VEN R PIE" in g.get_all_possible_orders()["VEN"]
    g.set_orders("ITALY", ["A VEN R PIE"])
    g.process()
    assert g.get_current_phase() == "W1901A"
    assert g.phase == "WINTER 1901 ADJUSTMENTS"
    assert "VEN" in g.get_centers("GERMANY")
    sites = g.get_orderable_locations("GERMANY")
    assert sites and set(sites) <= {"BER", "KIE", "MUN"}
    possible = g.get_all_possible_orders()
    assert "WAIVE" in possible[sites[0]]
    g.set_orders("GERMANY", [possible[sites[0]][0]])
    g.process()
    assert g.get_current_phase() == "S1902M"
    assert len(g.get_units("GERMANY")) == 4


def test_state_round_trip_and_set_state():
    g = Game()
    g.set_orders("FRANCE", ["A PAR - BUR"])
    g.process()
    state = g.get_state()
    assert state["name"] == "F1901M"
    other = Game()
    other.set_state(state)
    assert board(other) == {k: v for k, v in state.items() if k != "timestamp"}
    assert other.get_current_phase() == "F1901M"


def test_clone_and_deepcopy_are_independent():
    g = Game()
    g.set_orders("FRANCE", ["A PAR - BUR"])
    for copied in (g.clone(), copy.deepcopy(g), copy.copy(g)):
        assert copied.get_orders("FRANCE") == ["A PAR - BUR"]
        copied.set_orders("GERMANY", ["A MUN - RUH"])
        copied.process()
        assert copied.get_current_phase() == "F1901M"
        assert g.get_current_phase() == "S1901M"
        assert g.get_orders("GERMANY") == []
        assert "A PAR" in g.get_units("FRANCE")
        assert "A BUR" in copied.get_units("FRANCE")
        assert "A RUH" in copied.get_units("GERMANY")
    g.process()
    assert "A BUR" in g.get_units("FRANCE") and "A MUN" in g.get_units("GERMANY")


def test_a_copy_has_its_own_attributes_and_a_game_in_a_cycle_is_freed():
    import gc
    import weakref

    g = Game("first", rules=["NO_PRESS"])
    g.metadata["k"] = [1]
    g.note = "a note"
    g.messages[1] = "hello"
    g.add_rule("NO_DEADLINE")
    marked = g.powers["FRANCE"]
    for copied in (g.clone(), copy.copy(g), copy.deepcopy(g)):
        assert (copied.game_id, copied.note, copied.map_name) == ("first", "a note", "standard")
        assert copied.rules == g.rules and "NO_DEADLINE" in copied.rules
        assert copied.messages == {1: "hello"} and copied.metadata == {"k": [1]}
        # Each container is the copy's own; the Power views are made anew for it.
        copied.messages[2] = "more"
        copied.metadata["other"] = 1
        copied.add_rule("NO_DIPLOMACY")
        copied.no_rules.add("X")
        assert copied.powers["FRANCE"] is not marked and copied.powers["FRANCE"].game is copied
    assert g.messages == {1: "hello"} and g.metadata == {"k": [1]}
    assert "NO_DIPLOMACY" not in g.rules and "X" not in g.no_rules
    assert g.powers["FRANCE"] is marked
    # set_state keeps the game's own containers.
    messages = g.messages
    g.set_state(Game().get_state())
    assert g.messages is messages
    # A game its own attributes refer to (through metadata, messages or its Power views)
    # is freed by the collector.
    for attach in (lambda game: game.metadata.update(me=game), lambda game: game.messages.update({0: game})):
        game = Game()
        game.powers  # noqa: B018 (the Power views refer back to the game)
        attach(game)
        copied = game.clone()
        alive = [weakref.ref(game), weakref.ref(copied)]
        del game, copied
        gc.collect()
        assert [ref() for ref in alive] == [None, None]


def random_game(seed, until=1920):
    rng = random.Random(seed)
    g = Game(map_name="standard")
    while not g.is_game_done and int(g.get_current_phase()[1:5]) < until:
        possible = g.get_all_possible_orders()
        for power_name in g.powers:
            orders = [rng.choice(possible[loc]) for loc in g.get_orderable_locations(power_name) if possible[loc]]
            g.set_orders(power_name, orders)
        g.process()
    return g


def test_agent_loop_with_only_imports_changed(tmp_path):
    g = random_game(7, until=1906)
    assert g.get_current_phase() in ("S1906M", "COMPLETED")
    assert g.error == []
    out = tmp_path / "games.jsonl"
    saved = to_saved_game_format(g, output_path=str(out))
    assert saved["phases"][-1]["name"] == g.get_current_phase()
    assert saved["rules"] == g.rules
    loaded = load_saved_games_from_disk(str(out))
    assert len(loaded) == 1
    again = loaded[0]
    assert board(again) == board(g)
    assert board(from_saved_game_format(saved)) == board(g)
    assert [p.name for p in again.get_phase_history()] == [p.name for p in g.get_phase_history()]
    assert [p.results for p in again.get_phase_history()] == [p.results for p in g.get_phase_history()]


def test_a_game_to_the_end():
    # Random play rarely ends in a win: play until 1935, the year limit of the loop.
    g = random_game(3, until=1935)
    if g.is_game_done:
        assert g.get_current_phase() == "COMPLETED"
        assert g.outcome[1] in g.powers
        assert g.get_all_possible_orders()["PAR"] == []
    else:
        assert g.get_current_phase() == "S1935M"
    eliminated = [p for p in g.powers.values() if p.is_eliminated()]
    for power in eliminated:
        assert power.units == [] and power.centers == []


def test_possible_orders_follow_the_board_through_clones_process_and_set_state():
    game = Game()
    first = game.get_all_possible_orders()
    copy_ = game.clone()
    assert copy_.get_all_possible_orders() == first
    # Fresh containers every call, even when the texts were worked out before.
    listed = game.get_all_possible_orders()
    listed["PAR"].append("A PAR - MARS")
    listed["ADR"].append("F ADR H")
    again = game.get_all_possible_orders()
    assert "A PAR - MARS" not in again["PAR"] and again["ADR"] == []
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    after = game.get_all_possible_orders()
    assert after != first and "A BUR H" in after["BUR"] and after["PAR"] == []
    # The copy is still at the opening, until it is given the new board.
    assert copy_.get_all_possible_orders() == first
    copy_.set_state(game.get_state())
    assert copy_.get_all_possible_orders() == after


def plain(listing):
    """A listing as plain data, to compare with later."""
    return [(key, list(value)) for key, value in listing.items()]


def played(seed, phases):
    """Boards of a random game, as states: the listings below are made on them."""
    rng, g, states = random.Random(seed), Game(), []
    for _ in range(phases):
        states.append(g.get_state())
        possible = g.get_all_possible_orders()
        for power_name in g.powers:
            g.set_orders(power_name, [rng.choice(possible[loc]) for loc in g.get_orderable_locations(power_name) if possible[loc]])
        g.process()
    return states


def listing_of(state):
    g = Game()
    g.set_state(state)
    return g.get_all_possible_orders()


def test_a_listing_dropped_and_made_again_is_the_listing_of_its_board():
    # Dicts handed out are filled again once no one holds them: the game where every
    # dict is kept (none can be reused) and the one where each is dropped list alike.
    states = played(3, 40)
    held = [listing_of(s) for s in states]
    kept = [plain(h) for h in held]
    reused = _dip._listing_dicts_reused("standard")
    assert all(plain(listing_of(s)) == k for s, k in zip(states, kept))
    assert _dip._listing_dicts_reused("standard") > reused
    # In a loop holding the last listing while it makes the next.
    previous = None
    for s, k in zip(states, kept):
        listing = listing_of(s)
        assert plain(listing) == k and listing is not previous
        previous = listing


def test_a_listing_someone_holds_is_never_changed():
    states = played(5, 12)
    held = [listing_of(s) for s in states]
    frozen = [plain(h) for h in held]
    one_list = held[0]["PAR"]
    del held[0]
    for s in states * 3:
        listing_of(s)
    assert [plain(h) for h in held] == frozen[1:]
    assert one_list == frozen[0][[k for k, _ in frozen[0]].index("PAR")][1]
    # A list held from a dict let go of: the dict is filled again, the list is not.
    listing = listing_of(states[0])
    par, snapshot = listing["PAR"], list(listing["PAR"])
    del listing
    reused = _dip._listing_dicts_reused("standard")
    for s in states:
        assert plain(listing_of(s)) == frozen[states.index(s)]
    assert par == snapshot and _dip._listing_dicts_reused("standard") > reused
    # Every key has a list of its own.
    listing = listing_of(states[4])
    assert len({id(v) for v in listing.values()}) == len(listing)


class Relists:
    """Lists again when dropped: Python code run while a listing's dict is filled."""

    calls = 0

    def __init__(self, state):
        self.state = state

    def __del__(self):
        Relists.calls += 1
        listing_of(self.state)


def test_a_dropped_listing_changed_by_its_holder_gives_correct_listings():
    states = played(7, 10)
    expected = [plain(listing_of(s)) for s in states]
    reused = _dip._listing_dicts_reused("standard")
    for i in range(30):
        listing = listing_of(states[i % len(states)])
        # Changes a holder may make before letting the dict go.
        change = i % 6
        if change == 0:
            del listing["PAR"]
        elif change == 1:
            listing["EXTRA"] = []
        elif change == 2:
            listing["BUR"] = "not a list"
        elif change == 3:
            listing["MUN"].append(Relists(states[0]))
        elif change == 4:
            listing["ADR"] = [Relists(states[1])]
        else:
            listing.clear()
            listing.update(dict(expected[0]))
        del listing
        for s, e in zip(states, expected):
            assert plain(listing_of(s)) == e
    assert Relists.calls > 0 and _dip._listing_dicts_reused("standard") > reused
