"""process_many plays many games' phases at once, with the results of one by one."""

import random

import pytest

import dip
from dip.mila import Game


def board(game):
    """A game's state without its timestamp (MILA's get_state() stamps the time it is made)."""
    state = game.get_state()
    del state["timestamp"]
    return state


def random_orders(game, rng):
    possible = game.get_all_possible_orders()
    for power_name in game.powers:
        locations = game.get_orderable_locations(power_name)
        game.set_orders(power_name, [rng.choice(possible[loc]) for loc in locations if possible[loc]])


def test_process_many_equals_one_by_one():
    batch = [Game() for _ in range(24)]
    single = [Game() for _ in range(24)]
    rngs = [random.Random(seed) for seed in range(24)]
    for _ in range(30):
        for g, s, rng in zip(batch, single, rngs):
            state = rng.getstate()
            random_orders(g, rng)
            rng.setstate(state)
            random_orders(s, rng)
        dip.process_many(batch)
        for s in single:
            s.process()
        for g, s in zip(batch, single):
            assert board(g) == board(s)
            assert g.result == s.result
    assert {g.get_current_phase() for g in batch} != {"S1901M"}
    for g, s in zip(batch, single):
        assert [p.results for p in g.get_phase_history()] == [p.results for p in s.get_phase_history()]


def test_process_many_on_other_maps_and_rules():
    games = [Game(map_name="standard", dip_rules="1982"), Game(map_name="colonial"), Game(map_name="ancient_mediterranean")]
    expected = [g.clone() for g in games]
    for g in expected:
        g.process()
    dip.process_many(games)
    assert [board(g) for g in games] == [board(g) for g in expected]


def test_process_many_refuses_a_game_given_twice():
    g = Game()
    with pytest.raises(ValueError, match="twice"):
        dip.process_many([g, g])
    assert g.get_current_phase() == "S1901M"


def test_process_many_empty():
    """No games is no work: nothing is returned, and a game left out keeps its phase and orders."""
    left_out = Game()
    left_out.set_orders("FRANCE", ["A PAR - BUR"])
    before = board(left_out)
    assert dip.process_many([]) is None
    assert dip.process_many(g for g in []) is None
    assert board(left_out) == before
    assert left_out.get_current_phase() == "S1901M"
    assert left_out.get_orders("FRANCE") == ["A PAR - BUR"]
    dip.process_many([left_out])
    assert left_out.get_current_phase() == "F1901M"
