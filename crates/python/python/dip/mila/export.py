"""The saved-game format, as ``diplomacy.utils.export`` has it."""

import json
import logging
import os
import warnings
from typing import Any, Dict, Iterable, List, Optional, Union

from .._dip import DifferingBoardsWarning, MilaCore
from .._dip import _write_text  # type: ignore[attr-defined]  # private, not in the stubs
from . import Game

__all__ = ["to_saved_game_format", "from_saved_game_format", "load_saved_games_from_disk"]

_LOGGER = logging.getLogger(__name__)


def to_saved_game_format(game: Game, output_path: Optional[str] = None, output_mode: str = "a") -> Dict[str, Any]:
    """The game as a saved-game dict; with ``output_path``, also written there as one JSON line,
    after the games the file holds (``output_mode="a"``) or in their place (``"w"``).

    With ``"w"``, a regular file is replaced as dip replaces every file: a temporary file
    beside it, synced, then renamed over it, keeping its mode, owner and group. With ``"a"``,
    the line is added in one ``O_APPEND`` write, then synced: the cost is the game's, not
    the file's; if the file ends in a part of a line (a crash mid-write), the game starts a
    line of its own. A device or a FIFO is written straight to; a link is followed to its
    file. A dangling link, a folder, or a file the user may not write (or with no write bit
    at all, such as ``0444``, even for root) is refused: ``PermissionError`` or ``OSError``
    naming the file, which is left as it was.
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


def from_saved_game_format(
    saved_game: Union[Dict[str, Any], str], dip_rules: Iterable[str] = (), differing_boards: str = "refuse"
) -> Game:
    """A game from a saved-game dict (or its JSON text): its phases are played again by dip.

    The rules are ``dip_rules`` (presets such as ``"webdiplomacy"`` and ``ISSUE=CHOICE``
    overrides) when given, else those dip recorded in the game's metadata, else MILA's.

    Every board the game records after its first must be the one its orders make under
    those rules (each phase's orders played on the board recorded before them, as
    ``dip.Game.from_saved_game`` compares them; a unit MILA removed at once for having
    nowhere to retreat, a retreat phase it skipped and a drawn game are read as MILA
    records them). With ``differing_boards="refuse"`` (the default) a board that differs
    raises ``dip.GameError``, a line a phase naming the game, the phase and what differs.
    With ``"report"`` the game goes on from the boards its orders make and a
    ``dip.DifferingBoardsWarning`` is issued for each such phase. A game that cannot be
    played again (a phase it does not reach, a phase after ``COMPLETED``) raises
    ``dip.GameError`` either way.
    """
    core, differences = MilaCore._from_saved_game(saved_game, list(dip_rules), differing_boards)
    for line in differences:
        # Stack level 2: the warning names the line that called this function.
        warnings.warn(line, DifferingBoardsWarning, stacklevel=2)
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


def load_saved_games_from_disk(
    input_path: str, on_error: str = "raise", dip_rules: Iterable[str] = (), differing_boards: str = "refuse"
) -> List[Game]:
    """Every saved game of a JSONL file (one game a line), each as a ``Game`` made by
    ``from_saved_game_format`` (with ``dip_rules`` and ``differing_boards`` as it takes
    them), as MILA's ``load_saved_games_from_disk`` returns them.

    A line that cannot be made a game (not JSON, not a saved game, orders dip cannot
    play, a recorded board its orders do not make under ``differing_boards="refuse"``)
    raises its error with ``on_error="raise"``, is logged as a warning and left out with
    ``"warn"``, and is left out with ``"ignore"``. A file that does not exist gives no
    games and a warning, as in MILA. Blank lines hold no game and are passed over (MILA
    counts one as a line that cannot be read).
    """
    if on_error not in ("raise", "warn", "ignore"):
        raise ValueError(f"on_error {on_error!r}: expected 'raise', 'warn' or 'ignore'")
    if differing_boards.strip().lower() not in ("refuse", "report"):
        # Checked before any line is read: with on_error="ignore" every line would be left out.
        raise ValueError(f'differing_boards must be "refuse" or "report", not {differing_boards!r}')
    if not os.path.exists(input_path):
        _LOGGER.warning("File %s does not exist. Aborting.", input_path)
        return []
    games = []
    with open(input_path) as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                games.append(from_saved_game_format(json.loads(line), dip_rules, differing_boards))
            except Exception as exc:  # any fault of one line, as MILA's loader catches it
                if on_error == "raise":
                    raise
                if on_error == "warn":
                    _LOGGER.warning("%s, line %d: %s", input_path, number, exc)
    return games
