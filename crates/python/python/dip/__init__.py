"""dip: Diplomacy adjudication for any map described as data, right on the DATC.

The engine is Rust (the ``dip`` workspace); this package is a thin layer over it::

    import dip
    m = dip.Map("standard")
    start = dip.Position.opening(m)
    result = dip.adjudicate(m, start, [("France", "A PAR - BUR"), ("Germany", "A MUN - BUR")])
    [o["code"] for o in result["orders"]]          # ['bounced', 'bounced']

``dip.mila.Game`` is a drop-in for MILA's ``diplomacy.Game``; ``dip.process_many`` plays
the current phase of many such games at once on every core. ``dip.env`` (with the ``env``
extra: PettingZoo, Gymnasium, NumPy) is a PettingZoo environment of any variant, and
``dip.ray`` (the ``ray`` extra) plays and checks games across a Ray cluster; neither is
imported here, so ``import dip`` needs none of their packages.
"""

from typing import Iterable, Union

from ._dip import (
    AdjudicationError,
    DifferingBoardsWarning,
    DipError,
    Game,
    GameError,
    LoadError,
    Map,
    MilaCore,
    Order,
    ParseError,
    Position,
    PositionError,
    RulesError,
    __version__,
    adjudicate,
    legal_orders,
    parse_order,
    read_position_file,
    rule_presets,
    variants,
)
from ._dip import process_many as _process_many

__all__ = [
    "AdjudicationError",
    "DifferingBoardsWarning",
    "DipError",
    "Game",
    "GameError",
    "LoadError",
    "Map",
    "Order",
    "ParseError",
    "Position",
    "PositionError",
    "RulesError",
    "__version__",
    "adjudicate",
    "legal_orders",
    "parse_order",
    "process_many",
    "read_position_file",
    "rule_presets",
    "variants",
]


def process_many(games: Iterable[Union["dip.mila.Game", MilaCore]]) -> None:  # noqa: F821
    """Process the current phase of every game at once, across all cores, without the GIL.

    Each game moves on exactly as its own ``process()`` would (same orders, same rules,
    same result); games that are over are left alone. Accepts ``dip.mila.Game`` objects.
    """
    _process_many(list(games))
