"""The saved-game format, as ``diplomacy.utils.export`` has it."""

import json
from typing import Any, Dict, Iterable, List, Optional, Union

from .._dip import MilaCore
from .._dip import _write_text  # type: ignore[attr-defined]  # private, not in the stubs
from . import Game

__all__ = ["to_saved_game_format", "from_saved_game_format", "load_saved_games_from_disk"]


def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game as a saved-game dict; with ``output_path``, also written there as one JSON line,
    after the games the file holds (``output_mode="a"``) or in their place (``"w"``).

    The file is written as dip writes every file: a temporary file beside it, then a rename,
    so a failed write (``OSError``) leaves it as it was.
    """
    if output_mode not in ("a", "w"):
        raise ValueError(f"output_mode {output_mode!r}: expected 'a' (append) or 'w' (write)")
    saved = game._saved_game(game.game_id)
    saved["rules"] = list(game.rules)
    # Each board as MILA's get_state() shows it: units and centres in MILA's order.
    phases = saved["phases"]
    for i, phase in enumerate(phases):
        state = game._full_state(game._state(i) if i < len(phases) - 1 else game._state())
        if phase.get("state", {}).get("name") == "COMPLETED":
            state["name"] = "COMPLETED"
        phase["state"] = state
    if output_path:
        _write_text(output_path, json.dumps(saved) + "\n", append=output_mode == "a")
    return saved


def from_saved_game_format(saved_game: Union[Dict[str, Any], str], dip_rules: Iterable[str] = ()) -> Game:
    """A game from a saved-game dict: its phases are played again by dip.

    The rules are those dip recorded in the game's metadata, or ``dip_rules`` (presets
    such as ``"webdiplomacy"`` and ``ISSUE=CHOICE`` overrides) when given.
    """
    core = MilaCore._from_saved_game(saved_game, list(dip_rules))
    game = Game._from_core(core)
    saved = json.loads(saved_game) if isinstance(saved_game, str) else saved_game
    phases = saved.get("phases") or []
    if phases and isinstance(phases[-1].get("state"), dict):
        # The units and centres in the order the game listed them last.
        game._arrange_as(phases[-1]["state"])
    if isinstance(saved_game, dict):
        game.game_id = str(saved_game.get("id") or "dip")
        game.rules = list(saved_game.get("rules", game.rules))
    game._dip_rules = list(dip_rules)
    return game


def load_saved_games_from_disk(input_path: str, on_error: str = "raise") -> List[Dict[str, Any]]:
    """Every saved game of a JSONL file (one game a line), as dicts."""
    games = []
    with open(input_path) as f:
        for line in f:
            if not line.strip():
                continue
            try:
                games.append(json.loads(line))
            except ValueError:
                if on_error == "raise":
                    raise
    return games
