"""dip.env: Diplomacy on any variant as a PettingZoo ``ParallelEnv``.

Needs the ``env`` extra (``pip install dip-adjudicator[env]``: PettingZoo, Gymnasium,
NumPy); ``import dip`` works without it. Diplomacy's orders are simultaneous, so the
parallel API fits: every power still in the game acts at every step, and one step is one
phase (movement, retreat or adjustment) of the game::

    import numpy as np
    import dip.env

    env = dip.env.parallel_env("standard", max_years=10, seed=0)
    observations, infos = env.reset(seed=0)
    while env.agents:
        actions = env.sample_actions()           # a random legal order for every unit
        observations, rewards, terminations, truncations, infos = env.step(actions)

``dip.env.env(...)`` (or ``aec_env``) is the same game in PettingZoo's AEC form, through
PettingZoo's own ``parallel_to_aec`` converter.

Agents
    The players of the variant (its powers that are not neutral), by their names on the
    map (``England``, ``France``, ...), while they are still in the game: a power with no
    unit, no dislodged unit and no supply centre is terminated.

Observations (per agent; fixed shapes per map: ``L`` locations, coasts included, ``P``
provinces, ``N`` powers of the map, neutral ones included, ``n`` players)
    A ``gymnasium.spaces.Dict`` of:

    ``board``: ``uint8`` of shape ``(L, 15 + 5N)``, one row a location (``env.locations``:
    ``PAR``, ``STP/NC``, in the map's order), 0 or 1 each. As in DipNet (Paquette et al.
    2019) and Cicero, a unit or dislodged unit on a coast is shown both on the coast's row
    and on its province's, and centre features are on every row of the province. The
    columns (``env.feature_names`` names them):

    ========================  =====  ===================================================
    columns                   count  feature
    ========================  =====  ===================================================
    ``0 .. 2``                3      unit: army, fleet, none
    ``3 .. 3+N``              N + 1  unit's owner: each power, none
    ``4+N .. 6+N``            3      dislodged unit: army, fleet, none
    ``7+N .. 7+2N``           N + 1  dislodged unit's owner: each power, none
    ``8+2N .. 10+2N``         3      terrain: land, sea, coast
    ``11+2N``                 1      supply centre
    ``12+2N .. 12+3N``        N + 1  centre's owner: each power, none (also for no centre)
    ``13+3N .. 12+4N``        N      home centre of each power
    ``13+4N``                 1      buildable: a build there is legal in this phase
    ``14+4N``                 1      removable: a removal of the unit there is legal
    ``15+4N .. 14+5N``        N      orders awaited from each power for the unit (or
                                     build site) there
    ========================  =====  ===================================================

    ``phase``: ``int32`` ``[season, kind, year]``: season 0 spring, 1 fall (the winter's
    adjustments have season 1); kind 0 movement, 1 retreat, 2 adjustment; the year.

    ``adjustments``: ``int32`` of shape ``(n,)``, per player in the adjustment phase the
    builds due (positive: centres over units, at most the free build sites) or removals
    due (negative); zeros in other phases.

    ``orderable``: ``int8`` of shape ``(P,)``: 1 for the provinces where the agent's orders
    are awaited (its units, its dislodged units, its build sites).

    ``power``: the agent's index among the players (``Discrete(n)``).

    ``board``, ``phase`` and ``adjustments`` are the same (read-only) arrays for every
    agent: the board is open information.

Actions
    The vocabulary of a map's orders is fixed and made once per map (``env.vocabulary``,
    in MILA's notation, ``A PAR - BUR``): for every place a unit may stand, its hold, its
    moves to every border, an army's moves by convoy from its coast to every other coastal
    province and along railroads, its supports of the hold of every unit in a province it
    borders and of the move of every unit that could reach such a province, a convoying
    fleet's convoys of an army from every coastal province to every other, its retreats,
    disband, removal, and in a supply centre its build; grouped by province (those of
    province ``p`` are ``vocabulary[vocabulary_starts[p]:vocabulary_starts[p + 1]]``) and
    sorted by unit type, location, kind of order (hold, move, move by railroad, move by
    convoy, support, convoy, retreat, disband, build, removal) and targets. It holds every
    order the engine can list (the environment refuses, with an error, a legal order it
    lacks). Sizes: 51,260 orders on Standard, most of them convoys (every sea's fleet may
    convoy any army between any two coasts).

    An action is an ``int`` array of shape ``(P,)`` (``MultiDiscrete``): for each province,
    ``k`` picks the province's ``k``-th order (``vocabulary[vocabulary_starts[p] + k - 1]``)
    and 0 no order (the unit holds; a dislodged unit is disbanded; no build; a removal
    missing is made by the civil-disorder rules). Only the provinces in ``orderable`` are
    read. Any order of the vocabulary may be chosen: the engine judges it, and an illegal
    order is reported so and its unit holds, as in a real game. In an adjustment phase
    every free build site is orderable: orders go to the engine in province order, and
    builds beyond those due fail (``too_many_builds``), as the engine rules; ``adjustments``
    says how many are due. An action may instead be a
    list of order texts, in any notation dip reads (``["A Paris - Burgundy", "F BRE -
    MAO"]``), for text-based agents (``env.legal_orders(agent)`` lists the texts).

Legal actions (the mask)
    A dense mask of a whole vocabulary (about 60,000 orders on the standard map) for every
    power every phase would cost more than the phase itself, so the mask is compact: the
    indices of the legal orders per province, in ``infos[agent]``:
    ``legal_ids[legal_starts[p]:legal_starts[p + 1]]`` are the legal ``k`` of province
    ``p`` (``legal_starts`` has ``P + 1`` entries, offsets into ``legal_ids``, which all
    agents share). They are the engine's own legal orders (``dip.legal_orders``) looked up
    in the vocabulary. ``dip.env.sample_legal`` and ``env.sample_actions()`` pick uniformly
    among them.

Rewards (``reward=``)
    ``"centres"`` (the default): each phase, the change in the agent's supply centres
    (that count). ``"solo"``: 1 to the winner when a power wins, else 0. ``"draw_size"``:
    at the end, 1 to a winner; at truncation 1/k to each of the k powers still in the
    game. ``"sum_of_squares"``: at the end, 1 to a winner; at truncation each power's
    centres squared over the sum of all players' squares. Or any callable taking a
    ``RewardInfo`` and returning one reward per player.

Termination and truncation
    A power that wins (the variant's victory condition, ``dip.Game.winner``) ends the game:
    every agent is terminated. A power out of the game is terminated alone. The game is
    truncated (every agent) when it reaches the year ``start year + max_years``.

Rendering
    ``render_mode="rgb_array"``: the board as ``dip render`` draws it, an ``(H, W, 3)``
    ``uint8`` array rasterised in Rust (``render_scale`` pixels a unit of the map's SVG).
    ``render_mode="ansi"``: a text board (phase, each power's centres and units).

Seeding
    The game itself is deterministic: the same actions give the same phases. ``reset(seed=)``
    seeds ``env.np_random`` (which ``sample_actions`` draws from) and each agent's action
    space, as Gymnasium does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import ParallelEnv
    from pettingzoo.utils.conversions import parallel_to_aec
except ImportError as missing:
    raise ImportError(
        f"dip.env needs the env extra (pip install dip-adjudicator[env]: PettingZoo, Gymnasium, NumPy): {missing}"
    ) from missing

from ._dip import EnvCore

__all__ = [
    "REWARDS",
    "DiplomacyEnv",
    "RewardInfo",
    "aec_env",
    "env",
    "parallel_env",
    "sample_legal",
]


@dataclass
class RewardInfo:
    """What a reward function sees after each phase, one entry a player."""

    players: Tuple[str, ...]
    centres: np.ndarray
    """Supply centres that count, after the phase."""
    previous_centres: np.ndarray
    """Supply centres that counted before the phase."""
    alive: np.ndarray
    """Whether each player is still in the game (bool)."""
    winner: Optional[int]
    """The winning player's index, if a power has won."""
    done: bool
    """Whether the game is over (a winner, or truncated at the year limit)."""


def centre_gain(info: RewardInfo) -> np.ndarray:
    """Each phase, the change in each player's supply centres."""
    return (info.centres - info.previous_centres).astype(np.float64)


def _winner_takes_all(info: RewardInfo) -> np.ndarray:
    reward = np.zeros(len(info.players))
    reward[info.winner] = 1.0
    return reward


def solo(info: RewardInfo) -> np.ndarray:
    """1 to the winner when a power wins, else 0."""
    if info.winner is not None:
        return _winner_takes_all(info)
    return np.zeros(len(info.players))


def draw_size(info: RewardInfo) -> np.ndarray:
    """At the end, 1 to a winner, or 1/k to each of the k powers still in the game."""
    if not info.done:
        return np.zeros(len(info.players))
    if info.winner is not None:
        return _winner_takes_all(info)
    alive = info.alive.astype(np.float64)
    return alive / max(alive.sum(), 1.0)


def sum_of_squares(info: RewardInfo) -> np.ndarray:
    """At the end, 1 to a winner, or each power's centres squared over the sum of squares."""
    if not info.done:
        return np.zeros(len(info.players))
    if info.winner is not None:
        return _winner_takes_all(info)
    squares = info.centres.astype(np.float64) ** 2
    total = squares.sum()
    return squares / total if total > 0 else squares


REWARDS: Dict[str, Callable[[RewardInfo], np.ndarray]] = {
    "centres": centre_gain,
    "solo": solo,
    "draw_size": draw_size,
    "sum_of_squares": sum_of_squares,
}
"""The reward functions by name, as ``reward=`` takes them."""


def sample_legal(rng: np.random.Generator, legal_starts: np.ndarray, legal_ids: np.ndarray) -> np.ndarray:
    """An action choosing, in each province, one of its legal orders uniformly (0, no
    order, where there is none): from an agent's ``infos[agent]["legal_starts"]`` and
    ``["legal_ids"]``."""
    low, high = legal_starts[:-1], legal_starts[1:]
    counts = high - low
    if len(legal_ids) == 0:
        return np.zeros(len(counts), dtype=np.int64)
    picks = low + (rng.random(len(counts)) * counts).astype(np.int64)
    chosen = legal_ids[np.minimum(picks, len(legal_ids) - 1)]
    return np.where(counts > 0, chosen, 0).astype(np.int64)


def _frombuffer(data: bytes, dtype, shape) -> np.ndarray:
    return np.frombuffer(data, dtype=dtype).reshape(shape)


class DiplomacyEnv(ParallelEnv):
    """A game of Diplomacy on one variant, as a PettingZoo ``ParallelEnv`` (see the module's
    documentation for the observations, actions, rewards and rendering)."""

    metadata = {"name": "dip_diplomacy_v0", "render_modes": ["ansi", "rgb_array"], "is_parallelizable": True}

    def __init__(
        self,
        variant: str = "standard",
        rules: Union[str, Sequence[str], None] = None,
        reward: Union[str, Callable[[RewardInfo], np.ndarray]] = "centres",
        max_years: int = 100,
        render_mode: Optional[str] = None,
        render_scale: float = 1.0,
        seed: Optional[int] = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}")
        if isinstance(reward, str):
            if reward not in REWARDS:
                raise ValueError(f"reward must be one of {', '.join(REWARDS)} or a callable, not {reward!r}")
            reward = REWARDS[reward]
        if not callable(reward):
            raise TypeError("reward must be the name of a reward function or a callable")
        if int(max_years) < 1:
            raise ValueError(f"max_years must be at least 1, not {max_years}")
        self._core = EnvCore(variant, rules)
        self._rules = rules
        self.variant: str = self._core.variant
        self.reward_function = reward
        self.max_years = int(max_years)
        self.render_mode = render_mode
        self.render_scale = float(render_scale)
        self.possible_agents: List[str] = list(self._core.players)
        self.agents: List[str] = []
        self.powers: List[str] = list(self._core.powers)
        self.locations: List[str] = list(self._core.locations)
        self.provinces: List[str] = list(self._core.provinces)
        self.vocabulary_starts: np.ndarray = np.asarray(self._core.vocabulary_starts, dtype=np.int64)
        self._vocabulary: Optional[List[str]] = None
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._players = tuple(self.possible_agents)
        n_players, n_provinces = len(self.possible_agents), len(self.provinces)
        self._shape = (n_players, n_provinces)
        self._board_shape = (len(self.locations), self._core.feature_count)
        self._year_limit = self._core.start_year + self.max_years
        sizes = np.diff(self.vocabulary_starts) + 1
        self.action_spaces = {agent: spaces.MultiDiscrete(sizes, seed=seed) for agent in self.possible_agents}
        board = spaces.Box(0, 1, self._board_shape, np.uint8, seed=seed)
        phase = spaces.Box(
            np.array([0, 0, 0], dtype=np.int32), np.array([1, 2, 65535], dtype=np.int32), (3,), np.int32, seed=seed
        )
        bound = max(n_provinces, 1)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "board": board,
                    "phase": phase,
                    "adjustments": spaces.Box(-bound, bound, (n_players,), np.int32, seed=seed),
                    "orderable": spaces.Box(0, 1, (n_provinces,), np.int8, seed=seed),
                    "power": spaces.Discrete(n_players, seed=seed),
                },
                seed=seed,
            )
            for agent in self.possible_agents
        }
        self.np_random, self.np_random_seed = seeding.np_random(seed)
        self._zeros = np.zeros(self._shape, dtype=np.int32)
        self._read()

    # PettingZoo's space accessors: the same object every call.
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def vocabulary(self) -> List[str]:
        """Every order of the map's vocabulary, in MILA's notation, province by province."""
        if self._vocabulary is None:
            self._vocabulary = self._core.vocabulary()
        return self._vocabulary

    @property
    def feature_names(self) -> List[str]:
        """The names of the board tensor's columns."""
        powers = self.powers
        return (
            ["unit_army", "unit_fleet", "unit_none"]
            + [f"unit_owner_{p}" for p in powers]
            + ["unit_owner_none", "dislodged_army", "dislodged_fleet", "dislodged_none"]
            + [f"dislodged_owner_{p}" for p in powers]
            + ["dislodged_owner_none", "terrain_land", "terrain_sea", "terrain_coast", "supply_centre"]
            + [f"centre_owner_{p}" for p in powers]
            + ["centre_owner_none"]
            + [f"home_centre_{p}" for p in powers]
            + ["buildable", "removable"]
            + [f"orders_awaited_{p}" for p in powers]
        )

    @property
    def phase(self) -> str:
        """The phase waiting for orders (``S1901M``)."""
        return self._phase_name

    @property
    def position(self):
        """The position waiting, a ``dip.Position``."""
        return self._core.position

    def _read(self) -> None:
        """Reads the engine's observation of the position waiting into numpy views (of
        immutable bytes: the arrays are read-only)."""
        board, numbers, starts, ids, orderable, name = self._core.observe()
        n = self._shape[0]
        numbers = np.frombuffer(numbers, dtype=np.int32)
        self._board = np.frombuffer(board, dtype=np.uint8).reshape(self._board_shape)
        self._phase = numbers[0:3]
        self._adjustments = numbers[3 : 3 + n]
        self._centres = numbers[3 + n : 3 + 2 * n]
        self._alive = numbers[3 + 2 * n : 3 + 3 * n]
        winner = int(numbers[3 + 3 * n])
        self._winner = winner if winner >= 0 else None
        self._legal_starts = np.frombuffer(starts, dtype=np.int32)
        self._legal_ids = np.frombuffer(ids, dtype=np.int32)
        self._orderable = np.frombuffer(orderable, dtype=np.int8).reshape(self._shape)
        self._phase_name = name

    def _observation(self, i: int) -> Dict[str, Any]:
        return {
            "board": self._board,
            "phase": self._phase,
            "adjustments": self._adjustments,
            "orderable": self._orderable[i],
            "power": i,
        }

    def _info(self, i: int) -> Dict[str, Any]:
        n_provinces = self._shape[1]
        return {
            "legal_starts": self._legal_starts[i * n_provinces : (i + 1) * n_provinces + 1],
            "legal_ids": self._legal_ids,
            "phase": self._phase_name,
        }

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        """Back to the variant's opening; returns ``(observations, infos)``."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self._core.reset()
        self._read()
        self.agents = [a for i, a in enumerate(self.possible_agents) if self._alive[i]]
        index = self._index
        observations = {a: self._observation(index[a]) for a in self.agents}
        infos = {a: self._info(index[a]) for a in self.agents}
        return observations, infos

    def step(self, actions: Dict[str, Any]):
        """Plays the phase with every agent's action; returns ``(observations, rewards,
        terminations, truncations, infos)`` for the agents that acted."""
        acted = self.agents
        if not acted:
            raise RuntimeError("the game is over: reset() starts a new one")
        indices = self._zeros.copy()
        texts = []
        index = self._index
        for agent, action in actions.items():
            i = index.get(agent)
            if i is None or not self._alive[i]:
                raise ValueError(f"{agent!r} is not an agent of the game (agents: {', '.join(acted)})")
            if action is None:
                continue
            if isinstance(action, str):
                texts.append((i, [action]))
            elif isinstance(action, (list, tuple)) and action and all(isinstance(a, str) for a in action):
                texts.append((i, list(action)))
            else:
                indices[i] = action
        before = self._centres
        self._core.step(indices.tobytes(), texts)
        self._read()
        winner = self._winner
        truncated = winner is None and int(self._phase[2]) >= self._year_limit
        done = winner is not None or truncated
        info = RewardInfo(self._players, self._centres, before, self._alive.astype(bool), winner, done)
        reward = np.asarray(self.reward_function(info), dtype=np.float64).tolist()
        alive = self._alive.tolist()
        observations, rewards, terminations, truncations, infos = {}, {}, {}, {}, {}
        board, phase, adjustments, orderable, name = (
            self._board,
            self._phase,
            self._adjustments,
            self._orderable,
            self._phase_name,
        )
        starts, ids, n_provinces = self._legal_starts, self._legal_ids, self._shape[1]
        for agent in acted:
            i = index[agent]
            observations[agent] = {
                "board": board,
                "phase": phase,
                "adjustments": adjustments,
                "orderable": orderable[i],
                "power": i,
            }
            rewards[agent] = reward[i]
            terminations[agent] = winner is not None or not alive[i]
            truncations[agent] = truncated
            infos[agent] = {
                "legal_starts": starts[i * n_provinces : (i + 1) * n_provinces + 1],
                "legal_ids": ids,
                "phase": name,
            }
        self.agents = [] if done else [a for a in acted if not terminations[a]]
        return observations, rewards, terminations, truncations, infos

    def sample_actions(self, rng: Optional[np.random.Generator] = None) -> Dict[str, np.ndarray]:
        """A random legal action for every agent: in each province where its orders are
        awaited, one of its legal orders chosen uniformly. The choice is made in Rust from
        a seed drawn from ``rng`` (``env.np_random`` by default)."""
        rng = self.np_random if rng is None else rng
        seed = int(rng.integers(0, 2**63))
        chosen = np.frombuffer(self._core.sample(seed), dtype=np.int32).reshape(self._shape)
        index = self._index
        return {agent: chosen[index[agent]] for agent in self.agents}

    def legal_orders(self, agent: str) -> Dict[str, List[str]]:
        """The agent's legal orders as texts, by province (``PAR``), from the vocabulary."""
        i = self._index[agent]
        info = self._info(i)
        starts, ids = info["legal_starts"], info["legal_ids"]
        vocabulary = self.vocabulary
        out: Dict[str, List[str]] = {}
        for p in np.flatnonzero(starts[1:] > starts[:-1]):
            base = int(self.vocabulary_starts[p]) - 1
            out[self.provinces[p]] = [vocabulary[base + int(k)] for k in ids[starts[p] : starts[p + 1]]]
        return out

    def order_text(self, province: Union[int, str], k: int) -> Optional[str]:
        """The order ``k`` picks in a province (None for 0, no order)."""
        p = self.provinces.index(province.upper()) if isinstance(province, str) else int(province)
        size = int(self.vocabulary_starts[p + 1] - self.vocabulary_starts[p])
        if not 0 <= k <= size:
            raise ValueError(f"{self.provinces[p]} has orders 1 to {size} (0: no order), not {k}")
        return None if k == 0 else self.vocabulary[int(self.vocabulary_starts[p]) + k - 1]

    def render(self):
        """The board: an ``(H, W, 3)`` image (``rgb_array``) or a text (``ansi``)."""
        if self.render_mode == "rgb_array":
            width, height, pixels = self._core.render_rgb(self.render_scale)
            return np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 3)
        if self.render_mode == "ansi":
            return self._text_board()
        return None

    def _text_board(self) -> str:
        position = self._core.position
        units, centres = position.units, position.centres
        lines = [f"{position.phase_long} ({position.phase})"]
        width = max(len(p) for p in self.powers)
        for power in self.powers:
            key = power.upper()
            owned = centres.get(key, [])
            held = units.get(key, [])
            lines.append(f"{power:<{width}}  {len(owned):>2} centres  {', '.join(held) if held else '-'}")
        return "\n".join(lines) + "\n"

    def close(self) -> None:
        pass


def parallel_env(variant: str = "standard", **kwargs: Any) -> DiplomacyEnv:
    """A ``DiplomacyEnv`` (the parallel API); keyword arguments as ``DiplomacyEnv`` takes them."""
    return DiplomacyEnv(variant, **kwargs)


def aec_env(variant: str = "standard", **kwargs: Any):
    """The environment in PettingZoo's AEC form, through PettingZoo's ``parallel_to_aec``."""
    return parallel_to_aec(DiplomacyEnv(variant, **kwargs))


env = aec_env
