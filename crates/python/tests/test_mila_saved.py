"""Games played and saved by MILA's ``diplomacy`` 1.1.2 at test time read in dip, replay with
no difference, play on in ``dip.mila`` and read back in MILA.

MILA writes ``null`` orders for every power whose orders for the phase in progress are not
set, in every game it saves; it removes a unit dislodged with nowhere to retreat at once and
skips a retreat phase left with nothing to do, where dip keeps the unit dislodged until the
retreat phase disbands it. The games here give no orders ``VIA`` (moves by convoy): dip's
default rules and MILA's agree on everything else these random games do, so any difference
is a fault of reading or replaying.
"""

import json
import logging
import random
from typing import Any, Dict, List, Tuple

import pytest
from diplomacy import Game as MilaGame
from diplomacy import Message
from diplomacy.utils import export as mila_export

import dip
from dip.mila import Game
from dip.mila import export


def random_orders(rng: random.Random, game: Any) -> Dict[str, List[str]]:
    """One random order a unit (none by convoy), the same on MILA and dip.mila given the
    same lists: locations and orders sorted, as set order may differ between runs."""
    possible = game.get_all_possible_orders()
    orders = {}
    for name in sorted(game.powers):
        chosen = []
        for loc in sorted(game.get_orderable_locations(name)):
            choices = sorted(o for o in possible[loc] if not o.endswith(" VIA"))
            if choices:
                chosen.append(rng.choice(choices))
        orders[name] = chosen
    return orders


def play_mila(seed: int, phases: int, *, draw: bool = False, pending: bool = False, press: bool = False) -> MilaGame:
    """A random game MILA played: `phases` phases, then a draw, or orders given for the
    phase in progress by one power only."""
    rng = random.Random(seed)
    game = MilaGame(game_id=f"mila-{seed}")
    for _ in range(phases):
        if game.is_game_done:
            break
        for name, orders in random_orders(rng, game).items():
            game.set_orders(name, orders)
        if press and game.phase_type == "M":
            sender, recipient = rng.sample(sorted(game.powers), 2)
            game.add_message(Message(sender=sender, recipient=recipient, message="hello", phase=game.get_current_phase()))
        game.process()
    if pending and not game.is_game_done:
        name = sorted(game.powers)[0]
        game.set_orders(name, random_orders(rng, game)[name])
    if draw and not game.is_game_done:
        game.draw()
    return game


def saved_by_mila(game: MilaGame) -> Dict[str, Any]:
    """The game as MILA saves it, through JSON text as a file holds it."""
    return json.loads(json.dumps(mila_export.to_saved_game_format(game)))


# (seed, phases, draw, pending orders, press, units dislodged with nowhere to retreat):
# finished by a draw, unfinished with orders pending for one power, with press; long enough
# for dislodgements and builds. Three have a unit MILA removed at once (random games have
# one about every 150 phases).
GAMES = [
    (1, 60, False, False, False, 0),
    (2, 45, True, False, False, 0),
    (3, 50, False, True, False, 0),
    (4, 35, False, False, True, 0),
    (6, 40, True, False, False, 0),
    (7, 55, False, True, False, 1),
    (15, 60, False, False, False, 1),
    (19, 60, False, False, False, 1),
]

Board = Tuple[str, Dict[str, Any]]


def board(name: str, state: Dict[str, Any]) -> Board:
    """A phase's name and board: units (dislodged ones marked ``*``), centres, and where each
    dislodged unit may retreat, by power, order aside."""
    units = {p: sorted(u or []) for p, u in state["units"].items()}
    centres = {p: sorted(c or []) for p, c in state["centers"].items()}
    retreats = {p: {u: sorted(r or []) for u, r in (by_unit or {}).items()} for p, by_unit in state["retreats"].items()}
    return name, {"units": units, "centers": centres, "retreats": retreats}


def removed_at_once(phase: Board) -> Tuple[Board, int]:
    """A board of dip's with the dislodged units that have nowhere to retreat removed, as
    MILA removes them; and how many there were."""
    name, b = phase
    stranded = {(p, u) for p, by_unit in b["retreats"].items() for u, r in by_unit.items() if not r}
    units = {p: [u for u in us if (p, u.lstrip("*")) not in stranded] for p, us in b["units"].items()}
    retreats = {p: {u: r for u, r in by_unit.items() if r} for p, by_unit in b["retreats"].items()}
    return (name, {"units": units, "centers": b["centers"], "retreats": retreats}), len(stranded)


def dip_boards(saved: Dict[str, Any]) -> Tuple[List[Board], int]:
    """The boards of every phase of the game as dip plays the saved game's orders again,
    written as MILA writes them: units with nowhere to retreat removed at once, and a retreat
    phase left with no unit dislodged skipped; and how many units were so removed."""
    played = dip.Game.from_saved_game(saved).to_saved_game("again")
    boards, removed = [], 0
    for phase in played["phases"]:
        b, n = removed_at_once(board(phase["name"], phase["state"]))
        removed += n
        dislodged = any(u.startswith("*") for us in b[1]["units"].values() for u in us)
        if b[0].endswith("R") and not dislodged:
            continue
        boards.append(b)
    return boards, removed


@pytest.mark.parametrize("seed,phases,draw,pending,press,stranded", GAMES)
def test_a_game_mila_saved_reads_and_replays(
    seed: int, phases: int, draw: bool, pending: bool, press: bool, stranded: int
) -> None:
    mila = play_mila(seed, phases, draw=draw, pending=pending, press=press)
    saved = saved_by_mila(mila)
    last = saved["phases"][-1]
    assert None in last["orders"].values(), "MILA writes null for orders not set"
    if press:
        assert any(p["messages"] for p in saved["phases"])

    # It reads in each entry point.
    game = export.from_saved_game_format(saved)
    assert isinstance(game, Game)
    assert game.game_id == saved["id"]
    recorded = [board(p["name"], p["state"]) for p in saved["phases"]]
    # As in MILA, the game is at the phase it was saved in (COMPLETED after a draw), with
    # the orders that were pending.
    assert game.get_current_phase() == mila.get_current_phase()
    assert game.get_orders() == mila.get_orders()
    if draw:
        # MILA's draw(): the phase in progress, unplayed, then COMPLETED on its board.
        assert recorded[-1][0] == "COMPLETED" and recorded[-1][1] == recorded[-2][1]
        assert game.is_game_done
        recorded.pop()
    else:
        assert game.get_current_phase() == recorded[-1][0]

    # Replayed by dip, every board is the one MILA recorded.
    boards, removed = dip_boards(saved)
    assert [b[0] for b in boards] == [b[0] for b in recorded]
    for made, kept in zip(boards, recorded):
        assert made == kept, made[0]
    assert removed == stranded

    # MILA reads dip's record of the game (a retreat phase with no retreats among it).
    played = json.loads(json.dumps(dip.Game.from_saved_game(saved).to_saved_game("again")))
    read = saved_by_mila(mila_export.from_saved_game_format(played))
    assert [board(p["name"], p["state"]) for p in read["phases"]] == [
        board(p["name"], p["state"]) for p in played["phases"]
    ]
    assert [given(p["orders"]) for p in read["phases"]] == [given(p["orders"]) for p in played["phases"]]


def given(orders: Dict[str, Any]) -> Dict[str, List[str]]:
    """The orders given, by power (a power with none, `[]` or `null`, left out)."""
    return {p: sorted(o) for p, o in orders.items() if o}


def test_a_game_mila_saved_plays_on_in_dip_and_mila_reads_it_back() -> None:
    saved = saved_by_mila(play_mila(11, 30, pending=True))
    game = export.from_saved_game_format(saved)
    rng = random.Random(11)
    for _ in range(12):
        for name, orders in random_orders(rng, game).items():
            game.set_orders(name, orders)
        game.process()
    written = json.loads(json.dumps(export.to_saved_game_format(game)))
    assert len(written["phases"]) > len(saved["phases"])

    mila = mila_export.from_saved_game_format(written)
    assert mila.get_current_phase() == game.get_current_phase()
    again = saved_by_mila(mila)
    assert [p["name"] for p in again["phases"]] == [p["name"] for p in written["phases"]]
    for read, wrote in zip(again["phases"], written["phases"]):
        assert board(read["name"], read["state"]) == board(wrote["name"], wrote["state"])
        assert given(read["orders"]) == given(wrote["orders"]), read["name"]
    # MILA plays on from it.
    mila.process()
    assert mila.get_current_phase() != game.get_current_phase()


def test_load_saved_games_from_disk_as_mila_does(tmp_path: Any, caplog: Any) -> None:
    path = tmp_path / "games.jsonl"
    for seed, phases, draw, pending, press, _ in GAMES[:3]:
        mila_export.to_saved_game_format(play_mila(seed, phases, draw=draw, pending=pending), output_path=str(path))
    good = path.read_text()
    path.write_text(good + "{not json\n" + good.splitlines()[0].replace('"phases"', '"phases": 7, "x"') + "\n")

    games = export.load_saved_games_from_disk(str(path), on_error="ignore")
    theirs = mila_export.load_saved_games_from_disk(str(path), on_error="ignore")
    assert len(games) == len(theirs) == 3
    assert all(isinstance(g, Game) for g in games)
    assert [g.game_id for g in games] == [g.game_id for g in theirs]
    # The second game was drawn: COMPLETED in both.
    assert theirs[1].get_current_phase() == "COMPLETED"
    assert [g.get_current_phase() for g in games] == [g.get_current_phase() for g in theirs]

    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="dip.mila.export"):
        games = export.load_saved_games_from_disk(str(path), on_error="warn")
    assert len(games) == 3
    warned = [r.getMessage() for r in caplog.records if r.name == "dip.mila.export"]
    assert len(warned) == 2 and f"{path}, line 4" in warned[0] and f"{path}, line 5" in warned[1], warned

    with pytest.raises(ValueError):
        export.load_saved_games_from_disk(str(path))
    with pytest.raises(ValueError):
        mila_export.load_saved_games_from_disk(str(path))
    path.write_text(good)
    assert len(export.load_saved_games_from_disk(str(path))) == 3

    missing = str(tmp_path / "missing.jsonl")
    assert export.load_saved_games_from_disk(missing) == [] == mila_export.load_saved_games_from_disk(missing)
    with pytest.raises(ValueError, match="on_error"):
        export.load_saved_games_from_disk(str(path), on_error="loud")


def test_null_reads_as_empty_at_any_level() -> None:
    saved = saved_by_mila(play_mila(21, 6))
    first = saved["phases"][0]
    first["messages"] = None
    first["results"] = {unit: None for unit in first["results"]}
    saved["phases"][-1]["orders"] = None
    saved["phases"][-1]["results"] = None
    game = dip.Game.from_saved_game(saved)
    assert game.phase == saved["phases"][-1]["name"]
    assert export.from_saved_game_format(json.dumps(saved)).get_current_phase() == game.phase
    bad = json.loads(json.dumps(saved))
    bad["phases"][0]["orders"]["FRANCE"] = 7
    with pytest.raises(dip.GameError, match="invalid type: integer `7`, expected a sequence"):
        dip.Game.from_saved_game(bad)
