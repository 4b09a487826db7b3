"""A drop-in for MILA's ``diplomacy.Game``, adjudicated by dip.

Code written for MILA's ``diplomacy`` package runs after changing its imports::

    from dip.mila import Game                                # was: from diplomacy import Game
    from dip.mila.export import to_saved_game_format         # was: from diplomacy.utils.export import ...

Covered: ``Game(map_name=..., rules=...)``, ``get_current_phase()``, ``phase``,
``is_game_done``, ``powers`` (``.name``, ``.units``, ``.centers``, ``.homes``,
``.retreats``, ``is_eliminated()``), ``get_units``, ``get_centers``,
``get_orderable_locations``, ``get_all_possible_orders``, ``set_orders``, ``get_orders``,
``clear_orders``, ``process``, ``get_state``/``set_state``, ``get_phase_history``,
``result``, ``clone()`` and ``copy.deepcopy``, and the saved-game format in
``dip.mila.export``. Listing orders, processing and cloning run in Rust.

Where dip differs from MILA:

- Adjudication follows the DATC (v3.1 preferences, or the rules given as a dip preset
  such as ``dip_rules="webdiplomacy"`` or an override ``"4.A.2=all-hold"``) where MILA's
  adjudicator has known bugs; a phase MILA gets wrong comes out as the DATC says.
- ``get_all_possible_orders()`` lists dip's legal orders (the convoy of every fleet of a
  longer chain and every support of a move by convoy among them); MILA also lists moves
  by convoy (``VIA``) to provinces the army could walk to. Orders not listed are still
  read and adjudicated when given.
- MILA's own rule flags (``NO_PRESS``, ``IGNORE_ERRORS``, ...) are accepted and kept in
  ``game.rules`` but change nothing: orders that cannot be read, or that name a unit the
  power does not have, are always ignored (as with MILA's default ``IGNORE_ERRORS``) and
  listed in ``game.error``.
- ``get_state()`` has ``name``, ``units``, ``centers``, ``homes``, ``retreats`` and
  ``builds``; MILA's ``influence``, ``civil_disorder``, ``zobrist_hash`` and ``timestamp``
  are not kept. Result codes are plain strings (``"bounce"``), not MILA's code objects.
- ``powers`` holds live views of the board; press (messages), deadlines, server
  features and ``render`` are not provided. The Standard map has no Switzerland, so
  ``get_all_possible_orders()`` has no ``SWI`` key.
"""

import copy as _copy
from typing import Any, Dict, Iterable, List, Optional, Union

from .._dip import MilaCore

__all__ = ["Game", "Power", "GamePhaseData"]

# MILA's default rule flags, kept so code that reads game.rules sees what it expects.
DEFAULT_RULES = ["NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"]


class Power:
    """A live view of one power of a game (MILA's ``Power``)."""

    __slots__ = ("_game", "name")

    def __init__(self, game: "Game", name: str) -> None:
        self._game = game
        self.name = name

    @property
    def units(self) -> List[str]:
        """Units on the board (``A PAR``, ``F STP/SC``), not the dislodged ones."""
        return [u for u in self._game._units(self.name) if not u.startswith("*")]

    @property
    def centers(self) -> List[str]:
        return self._game._centers(self.name)

    @property
    def homes(self) -> List[str]:
        return self._game._homes(self.name)

    @property
    def retreats(self) -> Dict[str, List[str]]:
        """Dislodged units and where each may retreat (``{"A MUN": ["BOH", "TYR"]}``)."""
        return self._game._retreats(self.name)

    @property
    def orders(self) -> List[str]:
        return self._game._orders_of(self.name)

    def is_eliminated(self) -> bool:
        """No units, no centres and nothing to retreat, as MILA decides it."""
        game = self._game
        return not (game._units(self.name) or game._centers(self.name))

    def __repr__(self) -> str:
        return f"Power({self.name!r})"


class GamePhaseData:
    """One played phase (MILA's ``GamePhaseData``): ``name``, ``state``, ``orders``, ``results``."""

    __slots__ = ("name", "state", "orders", "results", "messages")

    def __init__(self, name: str, state: Dict[str, Any], orders: Dict[str, List[str]], results: Dict[str, List[str]]):
        self.name = name
        self.state = state
        self.orders = orders
        self.results = results
        self.messages: Dict[int, Any] = {}

    def to_dict(self) -> Dict[str, Any]:
        return {"name": self.name, "state": self.state, "orders": self.orders, "results": self.results, "messages": []}

    def __repr__(self) -> str:
        return f"GamePhaseData({self.name!r})"


class Game(MilaCore):
    """A game as MILA's ``diplomacy.Game`` shows it, adjudicated by dip.

    As MILA's, it takes ``game_id`` by position and the rest by keyword.

    ``rules``: MILA's rule flags (kept, not acted on) and/or dip rule presets and
    overrides; ``dip_rules``: dip presets and overrides only (``"webdiplomacy"``,
    ``"4.A.2=all-hold"``), applied over the variant's defaults; an unknown one raises
    ``dip.RulesError``.

    The board, the orders and the phases played live in the Rust class this one extends;
    what agent code calls every phase (``get_all_possible_orders``,
    ``get_orderable_locations``, ``set_orders``, ``process``, ``get_current_phase``,
    ``is_game_done``, ``phase``, ``error``) is that class's own, with no Python in between.
    """

    def __init__(
        self,
        game_id: Optional[str] = None,
        *,
        map_name: str = "standard",
        rules: Optional[Iterable[str]] = None,
        dip_rules: Union[str, Iterable[str], None] = None,
        **kwargs: Any,
    ) -> None:
        # The board was made from the same arguments by MilaCore.__new__.
        self.rules: List[str] = [rules] if isinstance(rules, str) else list(DEFAULT_RULES if rules is None else rules)
        self._dip_rules = [dip_rules] if isinstance(dip_rules, str) else list(dip_rules or [])
        self.game_id = game_id or "dip"
        self.map_name = map_name
        self._powers: Optional[Dict[str, Power]] = None
        # MILA accepts and ignores many keyword arguments (n_controls, deadline, ...).
        self.metadata: Dict[str, Any] = dict(kwargs.get("metadata", {}))

    @classmethod
    def _from_core(cls, core: MilaCore, like: Optional["Game"] = None) -> "Game":
        """A game with a copy of `core`'s board and history, and the Python attributes of
        `like` (copied) or the defaults."""
        game = cls.__new__(cls, _source=core)
        if like is None:
            game.rules, game._dip_rules, game.game_id = list(DEFAULT_RULES), [], "dip"
            game.map_name, game.metadata = core._map_name, {}
        else:
            game.rules, game._dip_rules, game.game_id = like.rules[:], like._dip_rules[:], like.game_id
            game.map_name, game.metadata = like.map_name, like.metadata.copy()
        game._powers = None
        return game

    # The phase: get_current_phase(), current_short_phase, phase and is_game_done are
    # MilaCore's.
    @property
    def phase_type(self) -> str:
        """``M``, ``R`` or ``A`` (``-`` when the game is over)."""
        phase = self.get_current_phase()
        return "-" if phase == "COMPLETED" else phase[-1]

    @property
    def outcome(self) -> List[str]:
        """``[last phase, winner]`` once a power has won, as MILA records it; else empty."""
        winner = self._winner()
        if not self.is_game_done or winner is None:
            return []
        history = self.get_phase_history()
        return [history[-1].name if history else "COMPLETED", winner]

    # Powers and the board.
    @property
    def powers(self) -> Dict[str, Power]:
        powers = self._powers
        if powers is None:
            # Made when first asked for: a clone in a search rarely is.
            powers = self._powers = {name: Power(self, name) for name in self._power_names()}
        return powers

    def get_power(self, power_name: str) -> Power:
        return self.powers[power_name.upper()]

    def get_units(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        """A power's units (``['A PAR', '*A MUN']``: ``*`` marks a dislodged one), or all by power."""
        if power_name is None:
            return {name: self._units(name) for name in self.powers}
        return self._units(power_name)

    def get_centers(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        if power_name is None:
            return {name: self._centers(name) for name in self.powers}
        return self._centers(power_name)

    # Orders: get_orderable_locations(), get_all_possible_orders(), set_orders(),
    # clear_orders() and process() are MilaCore's.
    def get_orders(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        if power_name is None:
            return {name: self._orders_of(name) for name in self.powers}
        return self._orders_of(power_name)

    @property
    def result(self) -> Dict[str, List[str]]:
        """What each unit's order did in the phase last processed, in MILA's codes."""
        return self._last_results()

    # State and history.
    def get_state(self) -> Dict[str, Any]:
        return self._state()

    def set_state(self, state: Dict[str, Any], clear_history: bool = True) -> None:
        """Puts the board of a ``get_state()`` dict (or a saved game's phase ``state``) in place.

        As in MILA, the phase history is forgotten unless ``clear_history`` is false.
        """
        self._set_state(state)
        if clear_history:
            self._clear_history()

    def get_phase_history(self) -> List[GamePhaseData]:
        phases = self._saved_game(self.game_id)["phases"][:-1]
        return [GamePhaseData(p["name"], p["state"], p["orders"], p["results"]) for p in phases]

    def get_phase_data(self) -> GamePhaseData:
        """The phase waiting for orders, with the orders set so far."""
        return GamePhaseData(self.get_current_phase(), self.get_state(), self.get_orders(), {})

    # Copies.
    def clone(self) -> "Game":
        """An independent copy, made in Rust (no Python object graph to walk)."""
        return type(self)._from_core(self, self)

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        game = self.clone()
        game.metadata = _copy.deepcopy(self.metadata, memo)
        return game

    def __repr__(self) -> str:
        return f"dip.mila.Game({self.map_name!r}, {self.get_current_phase()})"
