"""A drop-in for MILA's ``diplomacy.Game`` (``diplomacy`` 1.1.2), adjudicated by dip.

Code written for MILA's ``diplomacy`` package runs after changing its imports::

    from dip.mila import Game                                # was: from diplomacy import Game
    from dip.mila.export import to_saved_game_format         # was: from diplomacy.utils.export import ...

The game keeps MILA's semantics: board set-up (``set_units``, ``set_centers``,
``clear_units``, ``clear_centers``, ``set_current_phase``, a writable ``phase``), orders
checked as MILA checks them (dropped or voided, and named in ``game.error``; kept as
written under the ``NO_CHECK`` rule), units and centres in MILA's order, results in MILA's
codes (``result_history``, ``get_order_status``), MILA's end of the game (a win, or a draw
after a hundred years), MILA's rule flags (``add_rule``, ``remove_rule``), the phase
history, ``game.map`` and MILA's zobrist hash. Adjudication is dip's under the ``mila``
rules preset (MILA's choice on each DATC issue; ``dip_rules=`` chooses any other preset or
override). Where dip still differs from MILA is listed in the package's README.

Listing orders, processing and cloning run in Rust.
"""

import abc as _abc
import copy as _copy
import time as _time
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from .._dip import MilaCore, PhaseData

__all__ = ["Game", "Power", "GamePhaseData"]

# MILA's default rule flags.
DEFAULT_RULES = ["NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"]

# MILA's rule flags and how they bind each other: the rules a flag adds ("+"), removes ("-")
# and cannot be added beside ("!"). An unknown flag is passed over, as MILA passes it over.
_RULES: Dict[str, Dict[str, Tuple[str, ...]]] = {
    "POWER_CHOICE": {},
    "MULTIPLE_POWERS_PER_PLAYER": {},
    "NO_OBSERVATIONS": {},
    "SOLITAIRE": {"+": ("NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT")},
    "START_MASTER": {},
    "NO_PRESS": {"-": ("PUBLIC_PRESS",)},
    "PUBLIC_PRESS": {"-": ("NO_PRESS",)},
    "DONT_SKIP_PHASES": {},
    "IGNORE_ERRORS": {},
    "BUILD_ANY": {},
    "CIVIL_DISORDER": {"+": ("CD_DUMMIES",)},
    "CD_DUMMIES": {},
    "NO_DEADLINE": {},
    "REAL_TIME": {"!": ("ALWAYS_WAIT",)},
    "ALWAYS_WAIT": {"!": ("REAL_TIME",)},
    "PROPOSE_DIAS": {"!": ("NO_DIAS",)},
    "NO_DIAS": {"!": ("PROPOSE_DIAS",)},
    "HOLD_WIN": {},
    "SHARED_VICTORY": {},
    "NO_CHECK": {},
    "DIFFERENT_ADJUDICATION": {},
}


def _add_rule(rules: List[str], no_rules: set, rule: str, error: List[str]) -> None:
    """MILA's add_rule on a list of flags: the flag with those it adds and removes; an unknown
    flag, or one a flag present forbids (named in ``error``), is passed over."""
    if rule not in _RULES or rule in no_rules:
        return
    links = _RULES[rule]
    for forbidden in links.get("!", ()):
        if forbidden in rules:
            error.append(f"rule {rule} cannot be added beside {forbidden}")
            return
        no_rules.add(forbidden)
    for added in links.get("+", ()):
        if added not in rules:
            rules.append(added)
    for removed in links.get("-", ()):
        if removed in rules:
            rules.remove(removed)
    if rule not in rules:
        rules.append(rule)


def _default_rules() -> Tuple[Tuple[str, ...], frozenset]:
    rules: List[str] = []
    no_rules: set = set()
    for rule in DEFAULT_RULES:
        _add_rule(rules, no_rules, rule, [])
    return tuple(rules), frozenset(no_rules)


# MILA's default flags with those they add, and those they forbid.
_DEFAULT_RULES = _default_rules()


class _SyncedList(list):
    """A list that hands its content back to the game after every change (MILA code
    changes ``power.units`` and ``power.centers`` in place)."""

    __slots__ = ("_sync",)

    def __init__(self, items: Iterable[Any], sync: Any) -> None:
        super().__init__(items)
        self._sync = sync

    def _changed(self) -> None:
        self._sync(list(self))

    def append(self, item: Any) -> None:
        super().append(item)
        self._changed()

    def extend(self, items: Iterable[Any]) -> None:
        super().extend(items)
        self._changed()

    def insert(self, index: Any, item: Any) -> None:
        super().insert(index, item)
        self._changed()

    def remove(self, item: Any) -> None:
        super().remove(item)
        self._changed()

    def pop(self, *args: Any) -> Any:
        item = super().pop(*args)
        self._changed()
        return item

    def clear(self) -> None:
        super().clear()
        self._changed()

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self._changed()

    def __delitem__(self, index: Any) -> None:
        super().__delitem__(index)
        self._changed()

    def __iadd__(self, items: Iterable[Any]) -> "_SyncedList":
        super().extend(items)
        self._changed()
        return self

    def sort(self, *args: Any, **kwargs: Any) -> None:
        super().sort(*args, **kwargs)
        self._changed()

    def reverse(self) -> None:
        super().reverse()
        self._changed()


class _SyncedDict(dict):
    """A dict that hands its content back to the game after every change (MILA code
    deletes from and assigns into ``power.orders``)."""

    __slots__ = ("_sync",)

    def __init__(self, items: Dict[str, str], sync: Any) -> None:
        super().__init__(items)
        self._sync = sync

    def _changed(self) -> None:
        self._sync(dict(self))

    def __setitem__(self, key: str, value: str) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self._changed()

    def pop(self, *args: Any) -> Any:
        value = super().pop(*args)
        self._changed()
        return value

    def popitem(self) -> Tuple[str, str]:
        item = super().popitem()
        self._changed()
        return item

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key: str, default: Any = None) -> Any:
        value = super().setdefault(key, default)
        self._changed()
        return value


class Power:
    """One power of a game (MILA's ``Power``): a live view of the board.

    ``units`` and ``centers`` are lists the game reads back when they are changed in place
    (``power.units.remove('A PAR')`` takes the unit off the board); ``orders`` likewise.
    """

    __slots__ = ("_game", "name")

    def __init__(self, game: "Game", name: str) -> None:
        self._game = game
        self.name = name

    @property
    def game(self) -> "Game":
        return self._game

    @property
    def units(self) -> List[str]:
        """Units on the board (``A PAR``, ``F STP/SC``) in MILA's order, not the dislodged ones."""
        return _SyncedList(self._game._units(self.name, False), self._set_units)

    @units.setter
    def units(self, units: Iterable[str]) -> None:
        self._set_units(list(units))

    def _set_units(self, units: List[str]) -> None:
        self._game._replace_units(self.name, units)

    @property
    def centers(self) -> List[str]:
        """Supply centres owned, in MILA's order."""
        return _SyncedList(self._game._centers(self.name), self._set_centers)

    @centers.setter
    def centers(self, centers: Iterable[str]) -> None:
        self._set_centers(list(centers))

    def _set_centers(self, centers: List[str]) -> None:
        self._game.set_centers(self.name, centers, reset=True)

    @property
    def homes(self) -> List[str]:
        return self._game._homes(self.name)

    @property
    def retreats(self) -> Dict[str, List[str]]:
        """Units waiting to retreat and where each may go (``{"A MUN": ["BOH", "TYR"]}``)."""
        return self._game._retreats(self.name)

    @property
    def orders(self) -> Dict[str, str]:
        """MILA's dict of the movement orders: unit → order (``{"A PAR": "- BUR"}``), or
        under ``NO_CHECK`` ``{"ORDER 1": "A PAR - BUR"}``. Changing it changes the orders."""
        return _SyncedDict(self._game._orders_dict(self.name), self._set_orders)

    @orders.setter
    def orders(self, orders: Dict[str, str]) -> None:
        self._set_orders(dict(orders))

    def _set_orders(self, orders: Dict[str, str]) -> None:
        self._game._set_orders_dict(self.name, orders)

    @property
    def adjust(self) -> List[str]:
        """MILA's list of retreat and adjustment orders (void ones as ``VOID ...``)."""
        return self._game._adjust(self.name)

    @property
    def influence(self) -> List[str]:
        """Provinces where the power has a unit (MILA also keeps provinces its units left)."""
        return [unit.split()[1][:3] for unit in self._game._units(self.name, False)]

    @property
    def civil_disorder(self) -> int:
        return 0

    @property
    def role(self) -> str:
        return self.name

    def is_eliminated(self) -> bool:
        """No units, no centres and nothing waiting to retreat, as MILA decides it."""
        return self._game._is_eliminated(self.name)

    def is_dummy(self) -> bool:
        return True

    def clear_units(self) -> None:
        self._game.clear_units(self.name)

    def clear_centers(self) -> None:
        self._game.clear_centers(self.name)

    def clear_orders(self) -> None:
        self._game.clear_orders(self.name)

    def moves_submitted(self) -> bool:
        return bool(self._game.get_orders(self.name)) or not self.units

    def __repr__(self) -> str:
        return f"Power({self.name!r})"


def _complete_state(map_name: str, state: Dict[str, Any], note: str = "") -> Dict[str, Any]:
    """A board of MILA's ``get_state()`` with MILA's keys beside the board: ``timestamp``,
    ``zobrist_hash``, ``note``, ``influence``, ``civil_disorder``."""
    from .map import zobrist_hash

    state["timestamp"] = int(_time.time() * 1_000_000)
    state["zobrist_hash"] = zobrist_hash(map_name, state)
    state["note"] = note
    state["influence"] = {name: [unit.split()[1][:3] for unit in units if not unit.startswith("*")]
                          for name, units in state["units"].items()}
    state["civil_disorder"] = {name: 0 for name in state["units"]}
    return state


class GamePhaseData(metaclass=_abc.ABCMeta):
    """One phase (MILA's ``GamePhaseData``): ``name``, ``state``, ``orders``, ``results``,
    ``messages``. ``process()`` and ``get_phase_history()`` give phases played as
    ``dip._dip.PhaseData``, which is one of these (each part worked out when first asked for).
    """

    __slots__ = ("name", "state", "orders", "results", "messages")

    def __init__(
        self,
        name: str,
        state: Dict[str, Any],
        orders: Dict[str, Optional[List[str]]],
        results: Dict[str, List[str]],
        messages: Optional[Dict[int, Any]] = None,
    ) -> None:
        self.name = name
        self.state = state
        self.orders = orders
        self.results = results
        self.messages = {} if messages is None else messages

    def to_dict(self) -> Dict[str, Any]:
        return {"name": self.name, "state": self.state, "orders": self.orders, "results": self.results,
                "messages": list(self.messages.values())}

    def __repr__(self) -> str:
        return f"GamePhaseData({self.name!r})"


GamePhaseData.register(PhaseData)


class PhaseHistory:
    """A history by phase name in the order played (MILA's ``SortedDict`` of
    ``result_history``, ``state_history``, ``order_history``, ``message_history``)."""

    __slots__ = ("_items",)

    def __init__(self, items: List[Tuple[str, Any]]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self._items)

    def __getitem__(self, key: str) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        return default

    def keys(self) -> List[str]:
        return [k for k, _ in self._items]

    def values(self) -> List[Any]:
        return [v for _, v in self._items]

    def items(self) -> List[Tuple[str, Any]]:
        return list(self._items)

    def first_key(self) -> str:
        return self._items[0][0]

    def last_key(self) -> str:
        return self._items[-1][0]

    def first_value(self) -> Any:
        return self._items[0][1]

    def last_value(self) -> Any:
        return self._items[-1][1]

    def __repr__(self) -> str:
        return f"PhaseHistory({dict(self._items)!r})"


class Game(MilaCore):
    """A game as MILA's ``diplomacy.Game`` keeps and shows it, adjudicated by dip.

    As MILA's, it takes ``game_id`` by position and the rest by keyword.

    ``rules``: MILA's rule flags (``NO_CHECK``, ``HOLD_WIN``, ... act as in MILA; the
    rest are kept) and/or dip rule presets and overrides; ``dip_rules``: dip presets and
    overrides only (``"webdiplomacy"``, ``"4.A.2=all-hold"``), applied over the variant's
    defaults instead of the ``mila`` preset; an unknown one raises ``dip.RulesError``.

    The board, the orders and the phases played live in the Rust class this one extends;
    what agent code calls every phase (``get_all_possible_orders``,
    ``get_orderable_locations``, ``set_orders``, ``process``, ``get_current_phase``,
    ``is_game_done``, ``phase``, ``error``) is that class's own, with no Python in between.
    """

    # The Power views, made when first asked for (a copy starts without: a class default,
    # not an attribute each copy sets).
    _powers: Optional[Dict[str, Power]] = None

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
        if rules is None:
            # MILA's default flags, worked out once: none of them changes what the board does.
            self._rules, self.no_rules = list(_DEFAULT_RULES[0]), set(_DEFAULT_RULES[1])
        else:
            self._rules, self.no_rules = [], set()
            for rule in [rules] if isinstance(rules, str) else list(rules):
                _add_rule(self._rules, self.no_rules, rule, self.error)
            self._set_mila_rules(self._rules)
        self._dip_rules = [dip_rules] if isinstance(dip_rules, str) else list(dip_rules or [])
        self.game_id = game_id or "dip"
        self.map_name = map_name
        self.note = ""
        self.role = kwargs.get("role", "SERVER")
        self.deadline = 0 if "NO_DEADLINE" in self._rules else kwargs.get("deadline", 300)
        self.messages: Dict[int, Any] = {}
        # MILA accepts and ignores many keyword arguments (n_controls, registration_password, ...).
        self.metadata: Dict[str, Any] = dict(kwargs.get("metadata", {}))

    @classmethod
    def _from_core(cls, core: MilaCore) -> "Game":
        """A game with a copy of `core`'s board and history, and the defaults of the Python
        attributes MILA's Game has (game_id, note, messages, rules, ...: MilaCore's)."""
        game = cls.__new__(cls, _source=core)
        game._rules, game.no_rules = list(_DEFAULT_RULES[0]), set(_DEFAULT_RULES[1])
        game._dip_rules, game.game_id = [], "dip"
        game.map_name, game.metadata, game.note, game.role = core._map_name, {}, "", "SERVER"
        game.deadline, game.messages = 0, {}
        return game

    # Rules.
    @property
    def rules(self) -> List[str]:
        """MILA's rule flags of the game (a copy: change them with ``add_rule``/``remove_rule``)."""
        return list(self._rules)

    @rules.setter
    def rules(self, rules: Iterable[str]) -> None:
        self._rules, self.no_rules = [], set()
        for rule in rules:
            _add_rule(self._rules, self.no_rules, rule, self.error)
        self._set_mila_rules(self._rules)

    def add_rule(self, rule: str) -> None:
        """Adds a MILA rule flag with the flags it adds and removes, as MILA does (an
        unknown flag, or one a flag present forbids, is passed over)."""
        _add_rule(self._rules, self.no_rules, rule, self.error)
        self._set_mila_rules(self._rules)

    def remove_rule(self, rule: str) -> None:
        if rule in self._rules:
            self._rules.remove(rule)
            self._set_mila_rules(self._rules)

    # The phase: get_current_phase(), current_short_phase, phase, set_current_phase() and
    # is_game_done are MilaCore's.
    @property
    def phase_type(self) -> Optional[str]:
        """``M``, ``R`` or ``A``; None once the game is over."""
        phase = self.get_current_phase()
        return None if phase == "COMPLETED" else phase[-1]

    @property
    def outcome(self) -> List[str]:
        """``[phase, winner, ...]`` once the game ended by a win or a draw; else empty."""
        return self._outcome()

    @property
    def win(self) -> int:
        """Supply centres a win takes."""
        return len(self.map.scs) // 2 + 1 if self.map.victory is None else self.map.victory[0]

    @property
    def status(self) -> str:
        return "completed" if self.is_game_done else "active"

    @property
    def map(self) -> Any:
        """MILA's ``Map`` of the game (``dip.mila.map.Map``), shared by the games of the map."""
        from .map import Map

        return Map(self.map_name)

    # Powers and the board.
    @property
    def powers(self) -> Dict[str, Power]:
        powers = self._powers
        if powers is None:
            # Made when first asked for: a clone in a search rarely is.
            powers = self._powers = {name: Power(self, name) for name in self._power_names()}
        return powers

    def get_power(self, power_name: Optional[str]) -> Optional[Power]:
        """The power of that name (``FRANCE``), or None."""
        return self.powers.get(power_name) if power_name is not None else None

    def has_power(self, power_name: str) -> bool:
        return power_name in self.powers

    def get_map_power_names(self) -> List[str]:
        return list(self.powers)

    def get_units(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        """A power's units (``['A PAR', '*A MUN']``: ``*`` marks one waiting to retreat), or all by power."""
        if power_name is None:
            return {name: self._units(name) for name in self.powers}
        return self._units(power_name.upper())

    def get_centers(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]:
        if power_name is None:
            return {name: self._centers(name) for name in self.powers}
        return self._centers(power_name.upper())

    def _replace_units(self, power_name: str, units: List[str]) -> None:
        """A power's units on the board replaced (its units waiting to retreat stay)."""
        waiting = [unit for unit in self._units(power_name) if unit.startswith("*")]
        self.set_units(power_name, list(units) + waiting, reset=True)

    def _unit_owner(self, unit: str, coast_required: int = 1) -> Optional[Power]:
        """The power whose unit (not one waiting to retreat) is ``unit``; without
        ``coast_required``, ``F STP`` finds ``F STP/SC`` too."""
        for name in self.powers:
            for own in self._units(name, False):
                if own == unit or (not coast_required and own.split("/")[0] == unit):
                    return self.powers[name]
        return None

    def clear_cache(self) -> None:
        """MILA's caches are not needed: nothing to clear."""

    def build_caches(self) -> None:
        """MILA's caches are not needed: nothing to build."""

    # Orders: get_orderable_locations(), get_all_possible_orders(), set_orders(),
    # get_orders(), clear_orders() and process() are MilaCore's.
    def set_wait(self, power_name: str, wait: bool) -> None:
        """Kept for MILA's server code: a game here never waits."""

    @property
    def result(self) -> Dict[str, List[str]]:
        """MILA's results of the phase being processed: empty between phases (see
        ``result_history``)."""
        return {}

    def get_order_status(
        self, power_name: Optional[str] = None, unit: Optional[str] = None, loc: Optional[str] = None
    ) -> Any:
        """The results of the phase last processed, in MILA's codes: of one unit (a list), of
        a location (``(unit, list)``), of a power's units (a dict) or of every power's."""
        if unit or loc:
            assert bool(unit) != bool(loc), "Required either a unit or a location, not both."
            results = self._last_results()
            if unit:
                return list(results.get(unit, []))
            for result_unit, codes in results.items():
                if result_unit[2:5] == loc[:3]:
                    return result_unit, list(codes)
            return loc, []
        if power_name is not None:
            power_name = power_name.upper()
            status: Dict[str, List[str]] = {}
            if self._history_len():
                for ordered_unit in self._state(self._history_len() - 1)["units"][power_name]:
                    ordered_unit = ordered_unit.replace("*", "")
                    status[ordered_unit] = self.get_order_status(power_name, ordered_unit)
            return status
        return {name: self.get_order_status(name) for name in self.powers}

    # What the phase last processed shows, as MILA keeps it.
    def _last_view(self, key: str) -> Any:
        view = self._view()
        return view[key] if view else {}

    @property
    def command(self) -> Dict[str, str]:
        """Each unit's order in the movement phase last processed (``H`` when not ordered)."""
        return self._last_view("command")

    @property
    def ordered_units(self) -> Dict[str, List[str]]:
        """The units each power ordered in the phase last processed."""
        return self._last_view("ordered_units")

    @property
    def popped(self) -> List[str]:
        """Units removed in the phase last processed: dislodged with nowhere to retreat,
        or disbanded in a retreat phase."""
        view = self._view()
        return view["popped"] if view else []

    @property
    def dislodged(self) -> Dict[str, str]:
        """Units dislodged in the movement phase last processed, and where their attacker
        came from (empty once their retreat phase is over)."""
        return self._last_view("dislodged")

    # Histories.
    def _history(self, what: str) -> PhaseHistory:
        items = []
        for i in range(self._history_len()):
            view = self._view(i)
            if what == "results":
                value: Any = view["results"]
            elif what == "states":
                value = self._full_state(self._state(i))
            elif what == "orders":
                value = self._phase_orders(i)
            else:
                value = {}
            items.append((view["name"], value))
        return PhaseHistory(items)

    @property
    def result_history(self) -> PhaseHistory:
        return self._history("results")

    @property
    def state_history(self) -> PhaseHistory:
        return self._history("states")

    @property
    def order_history(self) -> PhaseHistory:
        return self._history("orders")

    @property
    def message_history(self) -> PhaseHistory:
        return self._history("messages")

    def _phase_orders(self, index: int) -> Dict[str, List[str]]:
        return self._phase_data(index).orders

    def get_phase_history(
        self, from_phase: Any = None, to_phase: Any = None, game_role: Any = None
    ) -> List[GamePhaseData]:
        """The phases played, oldest first (from ``from_phase`` to ``to_phase`` when given:
        phase names or indices)."""
        phases = [self._phase_data(i) for i in range(self._history_len())]
        names = [p.name for p in phases]
        start = 0 if from_phase is None else (from_phase if isinstance(from_phase, int) else names.index(from_phase))
        end = len(phases) if to_phase is None else (
            to_phase + 1 if isinstance(to_phase, int) else names.index(to_phase) + 1)
        return phases[start:end]

    def get_phase_from_history(self, short_phase_name: str, game_role: Any = None) -> GamePhaseData:
        return self.get_phase_history(short_phase_name, short_phase_name)[0]

    def get_phase_data(self) -> GamePhaseData:
        """The phase waiting for orders, with the orders set so far (None for a power that set none)."""
        orders = {name: (self.get_orders(name) or None) for name in self.powers}
        return GamePhaseData(self.get_current_phase(), self.get_state(), orders, {})

    def set_phase_data(self, phase_data: Any, clear_history: bool = True) -> None:
        """Sets the game from a ``GamePhaseData`` (or a list: the last is the board waiting)."""
        if not phase_data:
            return
        if isinstance(phase_data, GamePhaseData):
            phase_data = [phase_data]
        phase_data = list(phase_data)
        current = phase_data[-1]
        self.set_state(current.state, clear_history=clear_history)
        for name, orders in current.orders.items():
            if orders is not None:
                self.set_orders(name, orders)

    # State.
    def _full_state(self, state: Dict[str, Any]) -> Dict[str, Any]:
        """MILA's keys a state has beside the board."""
        return _complete_state(self.map_name, state, self.note)

    def get_state(self) -> Dict[str, Any]:
        return self._full_state(self._state())

    def set_state(self, state: Dict[str, Any], clear_history: bool = True) -> None:
        """Puts the board of a ``get_state()`` dict (or a saved game's phase ``state``) in place.

        As in MILA, the phase history is forgotten unless ``clear_history`` is false.
        """
        if clear_history:
            self._clear_history()
        if "rules" in state:
            self.rules = state["rules"]
        if "note" in state:
            self.note = state["note"]
        self._set_state(state)

    def draw(self, winners: Optional[Iterable[str]] = None) -> Tuple[GamePhaseData, GamePhaseData]:
        """Ends the game in a draw, as MILA's ``draw()``: of ``winners`` (power names), by
        default every power with units. The phase waiting is recorded unplayed; returns it
        and the game's phase now (``COMPLETED``), as MILA does."""
        self._draw(None if winners is None else list(winners))
        drawn = self._phase_data(self._history_len() - 1)
        return drawn, GamePhaseData(self.get_current_phase(), self.get_state(), {}, {})

    # MILA's zobrist hash of the board.
    def get_hash(self) -> str:
        from .map import zobrist_hash

        return zobrist_hash(self.map_name, self._state())

    def rebuild_hash(self) -> str:
        return self.get_hash()

    @property
    def zobrist_hash(self) -> int:
        return int(self.get_hash())

    # Copies.
    def clone(self) -> "Game":
        """An independent copy, made in Rust (no Python object graph to walk): the board,
        the history, and the attributes MILA's Game has (MilaCore's, each container copied);
        what the instance adds (`_powers`) starts from the class's."""
        cls = type(self)
        return cls.__new__(cls, _source=self)

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        game = self.clone()
        game.metadata = _copy.deepcopy(self.metadata, memo)
        return game

    def __repr__(self) -> str:
        return f"dip.mila.Game({self.map_name!r}, {self.get_current_phase()})"
