"""Type stubs of dip's compiled module (``dip._dip``); the public names are re-exported by ``dip``."""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

__version__: str

class DipError(Exception):
    """Base class of every error dip raises."""

class ParseError(DipError):
    """An order that cannot be read."""

class LoadError(DipError):
    """An unknown variant or a variant file that does not load."""

class PositionError(DipError):
    """A position that is not of the map or breaks the rules of the board."""

class RulesError(DipError):
    """An unknown rule preset, issue or choice."""

class AdjudicationError(DipError):
    """Orders or a phase that cannot be adjudicated."""

class GameError(DipError):
    """A saved game or game state that cannot be read."""

Rules = Union[str, Sequence[str], None]
"""A preset name (``"webdiplomacy"``), an override (``"4.A.2=all-hold"``), or a list of them."""

OrderInput = Union["Order", Tuple[str, str], str]
"""An ``Order``, a ``(power, text)`` pair, or a text with a power prefix (``"France: A PAR H"``)."""

def variants() -> List[str]:
    """The names of the variants dip embeds."""

def rule_presets() -> List[str]:
    """The names of the rule presets dip embeds (``datc``, ``1982``, ``webdiplomacy``, ...)."""

class Map:
    """A map (variant) loaded by name; maps are loaded once per process and shared."""

    def __init__(self, name: str) -> None:
        """A variant by name (``dip.variants()``), or by MILA's name of a map dip has
        (``ancmed``, ``standard_france_austria``: ``dip.mila.map.map_names()``)."""
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def powers(self) -> List[str]:
        """Power names in the map's order (``England``, ``France``, ...)."""
    @property
    def provinces(self) -> List[str]:
        """Province abbreviations (``lon``, ``par``, ...)."""
    @property
    def province_names(self) -> Dict[str, str]:
        """Abbreviation → full name."""
    @property
    def centres(self) -> List[str]: ...
    @property
    def locations(self) -> List[str]:
        """Every location, coasts included, as MILA names them (``PAR``, ``STP/NC``)."""
    @property
    def victory_centres(self) -> int: ...
    def homes(self, power: str) -> List[str]: ...

class Position:
    """Units, dislodged units, centre owners and the phase of one board."""

    @staticmethod
    def opening(map: Map) -> "Position": ...
    @staticmethod
    def from_text(text: str, map: Optional[Map] = None) -> "Position":
        """A position file's text, RON or JSON (its orders are ignored)."""
    @staticmethod
    def from_state(map: Map, state: Dict[str, Any]) -> "Position":
        """A saved game's ``state`` dict (MILA's ``get_state()``)."""
    @property
    def map(self) -> Map: ...
    @property
    def phase(self) -> str:
        """``S1901M``, ``F1901R``, ``W1901A``."""
    @property
    def phase_long(self) -> str:
        """``Spring 1901 Movement``."""
    @property
    def units(self) -> Dict[str, List[str]]:
        """Units by upper-case power name (``A PAR``, ``*A MUN`` for a dislodged unit)."""
    @property
    def centres(self) -> Dict[str, List[str]]: ...
    def state(self) -> Dict[str, Any]:
        """The saved-game ``state`` dict of this board."""
    def validate(self) -> None:
        """Raises ``PositionError`` if the board breaks the rules."""
    def to_text(self) -> str:
        """A position file in RON."""
    def to_json(self) -> str:
        """A position file in JSON."""
    def __eq__(self, other: object) -> bool: ...

class Order:
    """One order read against a map."""

    @property
    def power(self) -> str: ...
    @property
    def mila(self) -> str:
        """The order in MILA notation (``A PAR - BUR``)."""
    def display(self, notation: str = "datc") -> str:
        """``datc`` (``A Paris - Burgundy``), ``judge`` (``A par - bur``) or ``mila``."""
    def __eq__(self, other: object) -> bool: ...

def parse_order(map: Map, text: str, power: Optional[str] = None, phase: str = "movement") -> Order:
    """Reads an order in any notation dip reads; raises ``ParseError``."""

def read_position_file(text: str, map: Optional[Map] = None) -> Tuple[Position, List[Tuple[str, str]]]:
    """A position file's position and its orders as ``(power, text)`` pairs."""

def adjudicate(
    map: Map, position: Position, orders: Iterable[OrderInput], rules: Rules = None, notation: str = "datc"
) -> Dict[str, Any]:
    """One phase adjudicated: the ``dip-results`` document (``docs/json.md``) plus ``next``, a ``Position``."""

def legal_orders(position: Position) -> List[Tuple[str, List[Order]]]:
    """Every legal order, one entry a unit (a power in an adjustment phase)."""

class DifferingBoardsWarning(UserWarning):
    """A board a saved game records that its orders do not make, read with ``differing_boards="report"``."""

class Game:
    """A game with its history, on one map under one set of rules."""

    def __init__(self, variant: str = "standard", rules: Rules = None) -> None: ...
    @staticmethod
    def from_position(position: Position, rules: Rules = None) -> "Game": ...
    @staticmethod
    def from_saved_game(
        game: Union[str, Dict[str, Any]], differing_boards: str = "refuse", rules: Rules = None
    ) -> "Game":
        """A game read from saved-game JSON (text or dict): every recorded phase played again.

        Every board the game records after its first is compared with the one its orders
        make (each phase's orders played on the board recorded before them). With
        ``differing_boards="refuse"`` (the default) a board that differs raises
        ``GameError``, a line a phase naming the game, the phase and what differs. With
        ``"report"`` the game goes on from the boards its orders make, a
        ``DifferingBoardsWarning`` is issued for each such phase, and ``board_differences``
        lists them. A game that cannot be played again raises ``GameError`` either way.
        ``rules``: for a game that records none (from another engine), the rules it was
        played under; a game dip wrote keeps its own, and rules changing them raise ``GameError``.
        """
    @property
    def board_differences(self) -> List[str]:
        """For a game read with ``differing_boards="report"``: a line for each phase whose
        orders make a board other than the one recorded, naming game, phase and what differs."""
    @property
    def map(self) -> Map: ...
    @property
    def position(self) -> Position: ...
    @property
    def phase(self) -> str: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def history(self) -> List[Dict[str, Any]]:
        """Played phases: ``name``, ``state``, ``orders`` (MILA notation), ``results`` (MILA codes)."""
    def centre_counts(self) -> List[Tuple[str, int]]: ...
    def legal_orders(self) -> List[Tuple[str, List[Order]]]: ...
    def play(self, orders: Iterable[OrderInput]) -> Dict[str, List[str]]:
        """Plays the phase; returns each unit's result in MILA's codes."""
    def to_saved_game(self, id: str = "dip") -> Dict[str, Any]: ...

class MilaCore:
    """The Rust half of ``dip.mila.Game`` (which extends it); use that class instead.

    Public methods carry MILA's names and behave as ``diplomacy.Game``'s; the private ones
    are for ``dip.mila.Game``'s Python side.
    """

    def __init__(
        self,
        game_id: Optional[str] = None,
        *,
        map_name: str = "standard",
        rules: Optional[Iterable[str]] = None,
        dip_rules: Union[str, Iterable[str], None] = None,
        _source: Optional["MilaCore"] = None,
        **kwargs: Any,
    ) -> None: ...
    # MILA's Python attributes of a game, held by the Rust class so that a copy copies them
    # there (each container copied); ``dip.mila.Game`` sets them.
    game_id: Any
    map_name: Any
    note: Any
    role: Any
    deadline: Any
    messages: Any
    metadata: Any
    _rules: Any
    no_rules: Any
    _dip_rules: Any
    @property
    def phase(self) -> str:
        """``SPRING 1901 MOVEMENT``; ``COMPLETED`` once the game is over."""
    @phase.setter
    def phase(self, name: str) -> None: ...
    @property
    def current_short_phase(self) -> str: ...
    @property
    def is_game_done(self) -> bool: ...
    @property
    def error(self) -> List[str]:
        """What ``set_orders`` and the set-up methods refused, as ``"ORDER: why"``."""
    @error.setter
    def error(self, error: List[str]) -> None: ...
    def get_current_phase(self) -> str: ...
    def set_current_phase(self, new_phase: str) -> None: ...
    def get_orderable_locations(self, power_name: Optional[str] = None) -> Any:
        """A power's orderable provinces (a list), or every power's (a dict)."""
    def get_all_possible_orders(self) -> Dict[str, List[str]]: ...
    def set_orders(
        self, power_name: str, orders: Union[str, Iterable[str]], expand: bool = True, replace: bool = True
    ) -> None: ...
    def get_orders(self, power_name: Optional[str] = None) -> Any:
        """A power's orders (a list), or every power's (a dict)."""
    def clear_orders(self, power_name: Optional[str] = None) -> None: ...
    def process(self) -> Optional["PhaseData"]:
        """Plays the phase; the phase played (None when the game was over)."""
    def set_units(self, power_name: str, units: Union[str, Iterable[str]], reset: bool = False) -> None: ...
    def clear_units(self, power_name: Optional[str] = None) -> None: ...
    def set_centers(self, power_name: str, centers: Union[str, Iterable[str]], reset: bool = False) -> None: ...
    def clear_centers(self, power_name: Optional[str] = None) -> None: ...
    @property
    def _map_name(self) -> str: ...
    @property
    def _year(self) -> int: ...
    def _set_mila_rules(self, rules: List[str]) -> None: ...
    def _power_names(self) -> List[str]: ...
    def _units(self, power: str, waiting: bool = True) -> List[str]: ...
    def _centers(self, power: str) -> List[str]: ...
    def _homes(self, power: str) -> List[str]: ...
    def _retreats(self, power: str) -> Dict[str, List[str]]: ...
    def _is_eliminated(self, power: str) -> bool: ...
    def _listed_orders_unlike_read(self) -> List[str]: ...
    def _orders_dict(self, power: str) -> Dict[str, str]: ...
    def _set_orders_dict(self, power: str, orders: Dict[str, str]) -> None: ...
    def _adjust(self, power: str) -> List[str]: ...
    def _history_len(self) -> int: ...
    def _phase_data(self, index: int) -> "PhaseData": ...
    def _view(self, index: Optional[int] = None) -> Dict[str, Any]: ...
    def _last_results(self) -> Dict[str, List[str]]: ...
    def _state(self, index: Optional[int] = None) -> Dict[str, Any]: ...
    def _set_state(self, state: Dict[str, Any]) -> None: ...
    def _arrange_as(self, state: Dict[str, Any]) -> None: ...
    def _clear_history(self) -> None: ...
    def _saved_game(self, id: str) -> Dict[str, Any]: ...
    @staticmethod
    def _from_saved_game(
        game: Union[str, Dict[str, Any]], rules: List[str] = ..., differing_boards: str = "refuse"
    ) -> Tuple["MilaCore", List[str]]: ...
    def _outcome(self) -> List[str]: ...
    def _draw(self, winners: Optional[List[str]] = None) -> None: ...

class PhaseData:
    """One phase played, as MILA's ``GamePhaseData`` shows it; each part worked out when
    first asked for."""

    @property
    def name(self) -> str: ...
    @property
    def state(self) -> Dict[str, Any]: ...
    @property
    def orders(self) -> Dict[str, List[str]]: ...
    @property
    def results(self) -> Dict[str, List[str]]: ...
    @property
    def messages(self) -> Dict[int, Any]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def process_many(games: List[MilaCore]) -> None: ...

class EnvCore:
    """The Rust half of ``dip.env.DiplomacyEnv``: a game of one variant, with the map's
    fixed vocabulary of orders, its board tensor and its players' legal actions for the
    position waiting, handed over as bytes for numpy. Use ``dip.env`` instead."""

    def __init__(self, variant: str = "standard", rules: Rules = None) -> None: ...
    def reset(self) -> None:
        """Back to the opening."""
    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> List[str]:
        """Powers that are not neutral, in the map's order: the agents."""
    @property
    def powers(self) -> List[str]:
        """Every power, neutral ones included: the powers of the board tensor's features."""
    @property
    def locations(self) -> List[str]:
        """Rows of the board tensor (``PAR``, ``STP/SC``)."""
    @property
    def provinces(self) -> List[str]:
        """Entries of an action (``PAR``)."""
    @property
    def feature_count(self) -> int: ...
    @property
    def start_year(self) -> int: ...
    @property
    def vocabulary_starts(self) -> List[int]:
        """Per province, where its orders start in the vocabulary, then its size."""
    def vocabulary(self) -> List[str]:
        """The vocabulary in MILA's notation, province by province."""
    @property
    def position(self) -> Position: ...
    def observe(self) -> Tuple[bytes, bytes, bytes, bytes, bytes, str]:
        """Board tensor (u8, locations × features); numbers (int32: season, kind, year,
        then per player adjustments due, centres, alive, then the winner or -1); legal
        row starts (int32, players × provinces + 1); legal indices (int32); orderable
        (i8, players × provinces); the phase's name."""
    def sample(self, seed: int) -> bytes:
        """A random legal action for every player (int32, players × provinces)."""
    def step(self, actions: bytes, texts: List[Tuple[int, List[str]]] = ...) -> None:
        """Plays the phase: ``actions`` int32, players × provinces (index from 1 into the
        province's vocabulary, 0 no order); ``texts`` order texts for some players instead."""
    def render_rgb(self, scale: float) -> Tuple[int, int, bytes]:
        """The board drawn by dip-render: width, height, RGB rows."""
