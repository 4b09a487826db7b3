"""MILA's map object (``diplomacy.engine.map.Map``) for dip's maps, and MILA's zobrist hash.

Agent code written for MILA's ``diplomacy`` reads ``game.map``: its locations, terrain,
borders, homes, the phase calendar. ``Map`` gives that surface with MILA's semantics,
built from dip's map data (never from MILA's files)::

    from dip.mila.map import Map, zobrist_hash
    m = Map("standard")                     # MILA's names and dip's both work: Map("ancmed")
    m.abuts("A", "PAR", "-", "BUR")         # 1
    m.loc_abut["LVP"]                       # ['CLY', 'edi', 'IRI', 'NAO', 'WAL', 'yor']
    m.find_next_phase("FALL 1901 RETREATS") # 'WINTER 1901 ADJUSTMENTS'
    zobrist_hash(m, game.get_state())       # MILA's game.get_hash() of that board

Like MILA's, ``Map(name)`` returns one object per name per process (``use_cache=False``
makes a fresh one); ``copy.deepcopy`` gives a copy that may be changed (``drop``,
``add_homes``). Its tables are built once, in a few milliseconds, and ``abuts`` is a set
lookup.

Where it differs from MILA's (``crates/python/tests/test_mila_map.py`` checks each
attribute and query against MILA's, every map):

- Lists keep dip's order, not the order of lines in MILA's files: ``locs`` lists each
  province in dip's order (the coasts of a multi-coast province before it), a province's
  ``loc_abut`` is sorted, ``scs`` has home centres first. The same entries either way.
- ``loc_abut`` is written from dip's borders by MILA's convention (upper case: armies
  and fleets; lower case: armies only; ``Tar``: fleets only; a multi-coast province
  reached at a coast listed by the coast): on every MILA map dip has, each list holds
  MILA's entries, case included, and MILA's own reading of the lists gives ``abuts``.
- Names are dip's: a map whose abbreviations differ from MILA's (Ancient Mediterranean's
  ``SII``, ``THE``, ``TYS`` for MILA's ``SIN``, ``THB``, ``TYN``; 24 of Colonial's) shows
  dip's, as the rest of ``dip.mila`` does, and so does its zobrist hash. Powers are named
  as MILA names them (``NEWYORK``). A few full names are spelt otherwise
  (``HELIGOLAND BIGHT``; MILA's ``HELGOLAND BIGHT``).
- Where dip's variant has other borders than MILA's file (Colonial: six; dip follows
  njudge's 1994 map) or rules MILA's maps cannot say (railroads, canals, ice), the map
  shows dip's borders and leaves the rules out.
- ``aliases`` are dip's names and aliases of each place (MILA's files list others);
  ``abbrev``, ``unclear``, ``files``, ``owns`` and ``inhabits``, which only record how
  MILA's file was written, are empty. ``convoy_paths`` and ``rearrange`` are not
  provided; ``svg_path`` is None; ``abuts_cache`` is made when first read.
- The Standard board's Switzerland, which dip leaves out as it plays no part, is here as
  MILA has it: an impassable (``SHUT``) location in ``locs``, ``loc_type``, ``loc_name``
  and the neighbour lists of the five provinces it borders.
"""

import copy as _copy
import random as _random
import sys as _sys
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from .. import _dip

__all__ = ["Map", "ZobristTable", "map_names", "zobrist_hash", "zobrist_table"]

# The word types of ``Map.vet``, as MILA numbers them.
UNDETERMINED, POWER, UNIT, LOCATION, COAST, ORDER, MOVE_SEP, OTHER = 0, 1, 2, 3, 4, 5, 6, 7


def _keywords() -> Dict[str, str]:
    """The single words MILA's order reader replaces (``norm``), by what they become."""
    groups = (
        ("", ">", "THE", "MOVE", "MOVES", "MOVING", "ATTACK", "ATTACKS", "ATTACKING", "IS", "WILL", "IN", "AT", "ON", "TO"),
        ("-", "-"),
        ("A", "ARMY"),
        ("F", "FLEET"),
        ("W", "WING"),
        ("/NC", "NC"),
        ("/SC", "SC"),
        ("/EC", "EC"),
        ("/WC", "WC"),
        ("R", "RETREAT", "RETREATS", "RETREATING"),
        ("S", "SUPPORT", "SUPPORTS", "SUPPORTING"),
        ("C", "CONVOY", "CONVOYS", "CONVOYING"),
        ("H", "HOLD", "HOLDS", "HOLDING"),
        ("B", "BUILD", "BUILDS", "BUILDING"),
        ("D", "DISBAND", "DISBANDS", "DISBANDING", "DESTROY", "DESTROYS", "DESTROYING"),
        ("D", "REMOVE", "REMOVES", "REMOVING"),
        ("V", "WAIVE", "WAIVES", "WAIVING", "WAIVED"),
        ("K", "KEEP", "KEEPS", "KEEPING"),
        ("P", "PROXY", "PROXIES", "PROXYING"),
        ("\\", "OF", "FROM"),
        ("?", "WITH", "VOID"),
        ("=", "TSR"),
        ("VIA", "VIA"),
        ("~", "THROUGH", "OVER", "BY", "DISLODGED"),
        ("|", "OR", "BOUNCE", "CUT"),
        ("*", "DESTROYED"),
    )
    return {word: code for code, *words in groups for word in words}


def _phrases() -> Dict[str, str]:
    """The phrases of several words MILA's order reader replaces (``alias``)."""
    phrases = {f"{side} COAST \\": f"/{side[0]}C \\" for side in ("NORTH", "SOUTH", "EAST", "WEST")}
    phrases.update({"AN A": "A", "A F": "F", "A W": "W", "NO C": "?", "~ C": "^", "~ =": "=", "? =": "="})
    phrases.update({f"~ {kind}": "_" for kind in ("LAND", "WATER", "SEA")})
    phrases.update({"VIA C": "VIA", "TRANS SIBERIAN RAILROAD": "=", "V B": "B V"})
    return phrases


KEYWORDS = _keywords()
PHRASES = _phrases()

# Characters ``norm`` turns into spaces, and those it sets apart as words of their own.
_TO_SPACE = str.maketrans({c: " " for c in ".:-+,"})
_SET_APART = str.maketrans({c: f" {c} " for c in "|*?!~()[]=_^"})


def _norm(phrase: str, keywords: Dict[str, str]) -> str:
    # A coast is glued to its word after the slash; a slash standing alone is dropped.
    phrase = phrase.upper().replace("/", " /").replace(" / ", "")
    phrase = phrase.translate(_TO_SPACE).translate(_SET_APART)
    return " ".join(keywords.get(word, word) for word in phrase.split())


def _mila_names() -> Dict[str, Tuple[str, str]]:
    """MILA's map names: name → (dip's variant, MILA's root map)."""
    return {mila: (variant, root) for mila, variant, root in _dip._mila_map_names()}


def map_names() -> Dict[str, str]:
    """MILA's map names and the dip variant each is (``{"ancmed": "ancient_mediterranean", ...}``)."""
    return {mila: variant for mila, (variant, _) in _mila_names().items()}




class _Tables:
    """What a map's queries read and nothing changes: shared by a map and its copies."""

    __slots__ = ("abuts", "known", "variant", "abuts_cache")

    def __init__(self, variant: str, abuts: Dict[Tuple[str, str], Dict[str, frozenset]], known: frozenset):
        self.variant = variant
        # (unit type, order type) → unit location → the other locations it abuts.
        self.abuts = abuts
        # Every location in upper case: MILA answers only about these.
        self.known = known
        # MILA's table of every answer, made when first asked for.
        self.abuts_cache: Optional[Dict[Tuple[str, str, str, str], int]] = None


def _terrain(province: Dict[str, Any]) -> str:
    terrain = province["terrain"]
    if terrain == "sea":
        return "WATER"
    if terrain == "land":
        return "LAND"
    return "PORT" if province["convoyable"] else "COAST"


_CACHE: Dict[str, "Map"] = {}


class Map:
    """A map as MILA's ``diplomacy.engine.map.Map`` shows it, built from dip's variant.

    ``name``: a dip variant's name or MILA's name of a map dip has (``standard``,
    ``ancmed``, ``standard_france_austria``); an unknown one raises ``dip.LoadError``
    listing the known names.
    """

    __slots__ = (
        "name", "first_year", "victory", "phase", "validated", "flow_sign", "root_map", "homes", "loc_name",
        "loc_type", "loc_abut", "loc_coasts", "own_word", "abbrev", "centers", "units", "pow_name", "rules",
        "files", "powers", "scs", "owns", "inhabits", "flow", "dummies", "locs", "error", "seq", "phase_abbrev",
        "unclear", "unit_names", "keywords", "aliases", "dest_with_coasts", "_tables",
    )  # fmt: skip

    def __new__(cls, name: str = "standard", use_cache: bool = True) -> "Map":
        if use_cache:
            cached = _CACHE.get(name)
            if cached is not None:
                return cached
        self = object.__new__(cls)
        self._load(name)
        if use_cache:
            _CACHE[name] = self
        return self

    def __init__(self, name: str = "standard", use_cache: bool = True) -> None:
        # Everything is done in __new__, which returns the cached map when there is one.
        pass

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Map":
        other = object.__new__(type(self))
        for slot in self.__slots__:
            value = getattr(self, slot)
            setattr(other, slot, value if slot == "_tables" else _copy.deepcopy(value, memo))
        return other

    def __copy__(self) -> "Map":
        return self.__deepcopy__({})

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any]]]:
        # Not by __new__, which would hand back (and overwrite) the cached map.
        return _restore, ({slot: getattr(self, slot) for slot in self.__slots__},)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"dip.mila.map.Map({self.name!r})"

    @property
    def svg_path(self) -> None:
        """MILA's picture of the map: dip has none to give."""
        return None

    @property
    def abuts_cache(self) -> Dict[Tuple[str, str, str, str], int]:
        """MILA's table of ``abuts`` answers: ``(unit type, unit location, order type,
        other location)`` → 1 or 0 for armies and fleets, every pair of locations and
        ``-``, ``S``, ``C``. Made when first asked for (it has six entries a pair of
        locations) and shared by the map's copies: read it, do not change it."""
        tables = self._tables
        if tables.abuts_cache is None:
            locs = sorted(tables.known)
            tables.abuts_cache = {
                (unit_type, unit_loc, order_type, other): self.abuts(unit_type, unit_loc, order_type, other)
                for unit_type in "AF"
                for unit_loc in locs
                for other in locs
                for order_type in "-SC"
            }  # fmt: skip
        return tables.abuts_cache

    # ------------------------------------------------------------------ building

    def _load(self, name: str) -> None:
        data = _dip._mila_map_data(name)
        mila = _mila_names()
        variant = data["name"]
        # MILA's root map: of the MILA map asked for, or of the MILA map this variant is.
        asked = mila.get(name.lower())
        root = asked[1] if asked else next((r for v, r in mila.values() if v == variant), name)

        provinces, locations = data["provinces"], data["locations"]
        province_count = len(provinces)
        abbr = [p["abbr"].upper() for p in provinces]
        # A location's name in upper case (MILA's names: PAR, STP/SC), its province, its type.
        upper: List[str] = []
        of: List[int] = []
        for location in locations:
            coast = location["coast"]
            upper.append(abbr[location["province"]] + ("" if coast is None else "/" + coast.upper()))
            of.append(location["province"])
        multi = [bool(p["coasts"]) for p in provinces]
        terrain = [_terrain(p) for p in provinces]
        loc_type = [terrain[i] if i < province_count else "COAST" for i in range(len(locations))]
        # MILA writes the province of a multi-coast province in lower case (``bul``): only
        # armies stand there, fleets on its coasts.
        key = [upper[i].lower() if i < province_count and multi[i] else upper[i] for i in range(len(locations))]

        self.name = name
        self.root_map = root
        self.keywords = dict(KEYWORDS)

        # Powers, by MILA's names (``NEW-YORK`` is ``NEWYORK``).
        power_names = [self.norm_power(p["name"]) for p in data["powers"]]
        self.powers = sorted(power_names)
        self.pow_name = {n: p["name"].upper() for n, p in zip(power_names, data["powers"])}
        self.own_word = {n: p["adjective"].upper() for n, p in zip(power_names, data["powers"])}
        if None in [o for o, p in zip(data["owners"], provinces) if p["centre"]]:
            # MILA names the owner of the centres no one owns when its file lists them.
            self.own_word["UNOWNED"] = "UNOWNED"
        self.abbrev = {}
        self.dummies = [n for n, p in zip(power_names, data["powers"]) if p["neutral"]]
        self.homes = {n: [abbr[h] for h in p["homes"]] for n, p in zip(power_names, data["powers"])}
        self.units = {}
        for power, kind, loc in data["units"]:
            self.units.setdefault(power_names[power], []).append(f"{kind} {upper[loc]}")
        self.centers = {n: [] for n in power_names}
        for province, owner in enumerate(data["owners"]):
            if owner is not None:
                self.centers[power_names[owner]].append(abbr[province])
        self.scs = [h for n in power_names for h in self.homes[n]]
        self.scs += [abbr[i] for i, p in enumerate(provinces) if p["centre"] and abbr[i] not in self.scs]
        centres = len([p for p in provinces if p["centre"]])
        self.victory = None if data["victory"] == centres // 2 + 1 else [data["victory"]]
        self.rules = ["BUILD_ANY"] if data["build_rule"] == "any_owned_centre" else []
        self.files, self.owns, self.inhabits, self.error = [], [], [], []
        self.unclear = {}
        self.validated = 1

        # The calendar: MILA's sequence of seasons, a NEWYEAR line where the year changes.
        self.flow = ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]
        self.flow_sign = 1
        to_spring, to_fall = data["years_to_spring"], data["years_to_fall"]
        self.seq = ["NEWYEAR" if to_spring == 1 else f"NEWYEAR {to_spring}", "SPRING MOVEMENT", "SPRING RETREATS"]
        self.seq += [f"NEWYEAR {to_fall}"] if to_fall else []
        self.seq += ["FALL MOVEMENT", "FALL RETREATS", "WINTER ADJUSTMENTS"]
        self.phase_abbrev = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
        self.unit_names = {"A": "ARMY", "F": "FLEET"}
        self.first_year = data["start_year"]
        self.phase = f"{data['start_season'].upper()} {self.first_year} MOVEMENT"

        # Locations: each province in dip's order, the coasts of a multi-coast one first.
        order: List[int] = []
        for i, province in enumerate(provinces):
            order += province["coasts"]
            order.append(i)
        self.locs = [key[i] for i in order]
        self.loc_type = {key[i]: loc_type[i] for i in order}

        # Neighbour lists in MILA's convention. An entry in upper case is open to armies
        # and fleets, in lower case to armies only, capitalised (``Tar``) to fleets only;
        # an army reaches a multi-coast province through the entry of a coast its fleet
        # would reach, so the province itself is listed only when the fleet reaches none.
        fleet = [set(location["fleet"]) for location in locations]
        abut: Dict[str, List[str]] = {}
        for i in order:
            if i >= province_count or terrain[i] == "WATER":
                entries = [upper[n] for n in fleet[i]]
            elif terrain[i] == "LAND":
                entries = [abbr[n] for n in provinces[i]["army"]]
            elif multi[i]:
                # Armies only stand here; MILA also lists the seas its coasts touch.
                seas = {n for c in provinces[i]["coasts"] for n in fleet[c] if loc_type[n] == "WATER"}
                entries = [abbr[n] for n in provinces[i]["army"]] + [upper[n] for n in seas]
            else:
                entries, covered = [], set()
                for n in provinces[i]["army"]:
                    coasts = [c for c in provinces[n]["coasts"] if c in fleet[i]]
                    if coasts:
                        entries += [upper[c] for c in coasts]
                        covered.update(coasts)
                    elif n in fleet[i]:
                        entries.append(abbr[n])
                        covered.add(n)
                    else:
                        # A fleet cannot follow; MILA writes only coastal provinces so.
                        entries.append(abbr[n] if terrain[n] == "LAND" else abbr[n].lower())
                for n in fleet[i] - covered:
                    entries.append(upper[n] if loc_type[n] == "WATER" else upper[n].title())
            abut[key[i]] = sorted(entries, key=str.upper)

        # The abuts tables, by dip's borders (MILA's answers, without its string matching).
        army_valid = [i for i in range(province_count) if terrain[i] != "WATER"]
        fleet_valid = [i for i in range(len(locations)) if loc_type[i] != "LAND" and not (i < province_count and multi[i])]
        army_moves = {upper[i]: frozenset(abbr[n] for n in provinces[i]["army"]) for i in army_valid}
        army_convoys = {
            upper[i]: frozenset(e.upper().split("/")[0] for e in abut[key[i]]) for i in army_valid
        }  # fmt: skip
        fleet_moves = {upper[i]: frozenset(upper[n] for n in fleet[i] if loc_type[n] != "LAND") for i in fleet_valid}
        fleet_supports = {upper[i]: frozenset(abbr[of[n]] for n in fleet[i]) for i in fleet_valid}
        tables = {
            ("A", "-"): army_moves,
            ("A", "S"): army_moves,
            ("A", "C"): army_convoys,
            ("F", "-"): fleet_moves,
            ("F", "C"): fleet_moves,
            ("F", "S"): fleet_supports,
        }

        # Names: each location's full name, and the names and aliases orders may use.
        self.loc_name = {}
        self.aliases = dict(PHRASES)
        for n, p in zip(power_names, data["powers"]):
            self.aliases.setdefault(self.norm(n), n)
            adjective = self.norm(p["adjective"])
            if adjective != n:
                self.aliases.setdefault(adjective, n)
        for i in order:
            province = provinces[of[i]]
            coast_name = locations[i]["coast_name"]
            full = province["name"].upper() + ("" if coast_name is None else f" ({coast_name.upper()})")
            self.loc_name[full] = upper[i]
            self.aliases.setdefault(self.norm(full), upper[i])
            if i < province_count:
                for alias in province["aliases"]:
                    self.aliases.setdefault(self.norm(alias), upper[i])

        # Impassable provinces of MILA's boards, which dip's variants leave out as they play
        # no part (dip_formats::saved::MILA_IMPASSABLE).
        for shut, full, borders in _dip._mila_impassable(root):
            self.locs.append(shut)
            self.loc_type[shut] = "SHUT"
            self.loc_name[full.upper()] = shut
            self.aliases.setdefault(self.norm(full), shut)
            abut[shut] = sorted(borders)
            for border in borders:
                border_key = border if border in abut else border.lower()
                abut[border_key] = sorted(abut[border_key] + [shut], key=str.upper)
        self.loc_abut = abut

        self.loc_coasts = {}
        for loc in self.locs:
            up = loc.upper()
            head = up.split("/")[0]
            self.loc_coasts[up] = [other.upper() for other in self.locs if other.upper().split("/")[0] == head]
        self.dest_with_coasts = {}
        for loc in self.locs:
            up = loc.upper()
            reached = {c for dest in self.abut_list(up, incl_no_coast=True) for c in self.find_coasts(dest)}
            self.dest_with_coasts[up] = sorted(reached)
        self._tables = _Tables(variant, tables, frozenset(loc.upper() for loc in self.locs))

    # ------------------------------------------------------------------ geography

    def area_type(self, loc: str) -> Optional[str]:
        """``WATER``, ``COAST``, ``PORT`` (a coast whose fleet convoys), ``LAND``, ``SHUT``, or None."""
        return self.loc_type.get(loc.upper()) or self.loc_type.get(loc.lower())

    def find_coasts(self, loc: str) -> List[str]:
        """Every location of the province (``BUL`` → ``['BUL/EC', 'BUL/SC', 'BUL']``)."""
        return self.loc_coasts.get(loc.upper(), [])

    def abut_list(self, site: str, incl_no_coast: bool = False) -> List[str]:
        """The neighbour entries of a location (MILA's mixed case: see ``loc_abut``); with
        ``incl_no_coast``, each province reached only at a coast is added too."""
        entries = self.loc_abut[site] if site in self.loc_abut else self.loc_abut.get(site.lower(), [])
        if not incl_no_coast:
            return entries
        entries = entries[:]
        for entry in list(entries):
            head = entry.split("/")[0]
            if head != entry and head not in entries:
                entries.append(head)
        return entries

    def abuts(self, unit_type: str, unit_loc: str, order_type: str, other_loc: str) -> int:
        """1 if a unit (``A``, ``F``, or ``?`` for either) at ``unit_loc`` may move to
        (``-``), support into (``S``) or convoy to (``C``) ``other_loc``, else 0. A support
        names a province (its coast is ignored); an army's ``C`` asks whether it borders
        the place at all, as MILA's does."""
        if unit_type == "?":
            return self.abuts("A", unit_loc, order_type, other_loc) or self.abuts("F", unit_loc, order_type, other_loc)
        tables = self._tables
        other = other_loc.upper()
        if other not in tables.known:
            return 0
        if "/" in other:
            if order_type == "S":
                other = other.split("/")[0]
            elif unit_type == "A":
                return 0
        reached = tables.abuts.get((unit_type, order_type))
        if reached is None:
            return 0
        return 1 if other in reached.get(unit_loc.upper(), ()) else 0

    def is_valid_unit(self, unit: str, no_coast_ok: int = 0, shut_ok: int = 0) -> int:
        """1 if the unit (``A BUR``, ``F STP/SC``, ``? BUL``) may stand where it is.
        ``no_coast_ok``: a fleet may be named in a multi-coast province without its coast;
        ``shut_ok``: any unit may be named in an impassable place."""
        unit_type, loc = unit.upper().split()
        kind = self.area_type(loc)
        if kind == "SHUT":
            return 1 if shut_ok else 0
        if unit_type == "?":
            return 1 if kind is not None else 0
        if unit_type == "A":
            return 1 if "/" not in loc and kind in ("LAND", "COAST", "PORT") else 0
        if unit_type == "F" and kind in ("WATER", "COAST", "PORT"):
            # The lower-case province of a multi-coast province has neighbours of its own.
            return 1 if no_coast_ok or loc.lower() not in self.loc_abut else 0
        return 0

    def default_coast(self, word: List[str]) -> List[str]:
        """A fleet move (``['F', 'GRE', '-', 'BUL']``) to the one coast the fleet may reach
        (``BUL/SC``); unchanged when it names a coast, reaches the province itself, or may
        reach several coasts. Changes ``word`` and returns it, as MILA's does."""
        if len(word) != 4 or word[0] != "F" or word[2] != "-" or "/" in word[3]:
            return word
        target, only = word[3], None
        for entry in self.abut_list(word[1]):
            entry = entry.upper()
            if entry == target:
                return word
            if entry.split("/")[0] == target:
                if only:
                    return word
                only = entry
        word[3] = only or target
        return word

    # ------------------------------------------------------------------ changing the map

    def add_homes(self, power: str, homes: Iterable[str], reinit: int) -> None:
        """Adds home centres to a power (``-BUR`` removes one); with ``reinit``, its
        homes are emptied first. Each is taken from the unowned homes."""
        if reinit:
            self.homes[power] = []
        else:
            self.homes.setdefault(power, [])
        self.homes.setdefault("UNOWNED", [])
        for home in " ".join(homes).upper().split():
            remove = home.startswith("-")
            home = home.lstrip("-")
            if not home:
                continue
            if home in self.homes[power]:
                self.homes[power].remove(home)
            if power != "UNOWNED":
                self.homes["UNOWNED"].append(home)
            if not remove:
                self.homes[power].append(home)

    def drop(self, place: str) -> None:
        """Removes every location whose name starts with ``place`` (``STP``: the province
        and its coasts) from every table, as MILA's does."""

        def dropped(name: str) -> bool:
            return name.upper().startswith(place)

        self.locs = [loc for loc in self.locs if not dropped(loc)]
        self.loc_name = {name: loc for name, loc in self.loc_name.items() if not dropped(loc)}
        self.aliases = {alias: loc for alias, loc in self.aliases.items() if not dropped(loc)}
        for power, homes in self.homes.items():
            self.homes[power] = [h for h in homes if h != place]
        for power, units in self.units.items():
            self.units[power] = [u for u in units if u[2:5] != place[:3]]
        self.scs = [c for c in self.scs if not dropped(c)]
        for power, centres in self.centers.items():
            self.centers[power] = [c for c in centres if not dropped(c)]
        self.loc_abut = {
            site: [loc for loc in entries if not dropped(loc)]
            for site, entries in self.loc_abut.items()
            if not site.startswith(place)
        }  # fmt: skip
        self.loc_type = {loc: kind for loc, kind in self.loc_type.items() if not loc.startswith(place)}

    # ------------------------------------------------------------------ words

    def norm(self, phrase: str) -> str:
        """A phrase in MILA's normal form: upper case, punctuation apart, a coast glued
        to its slash, order words replaced (``'A Par - Bur'`` → ``'A PAR BUR'``)."""
        return _norm(phrase, self.keywords)

    def norm_power(self, power: str) -> str:
        """A power's name in MILA's form (``New-York`` → ``NEWYORK``)."""
        return _norm(power, self.keywords).replace(" ", "")

    def compact(self, phrase: str) -> List[str]:
        """An order or result in words to MILA's short words (``'England: Fleet Western
        Mediterranean -> Tyrrhenian Sea. (*bounce*)'`` → ``['F', 'WES', 'TYS', '|']``); a
        power's name before a colon is dropped."""
        if ":" in phrase:
            head, rest = phrase.split(":", 1)
            words = self.vet(self.compact(head))
            if len(words) == 1 and words[0][1] == POWER:
                phrase = rest
        words, result = self.norm(phrase).split(), []
        while words:
            alias, used = self.alias(words)
            if alias:
                result += alias.split()
            words = words[used:]
        return result

    def alias(self, word: List[str]) -> Tuple[str, int]:
        """The short form of the longest name at the start of ``word`` (normalised
        words), with a coast that follows joined to it, and how many words it used."""
        first = word[0]
        if first in "([":
            return self._bracketed(word)
        for used in range(len(word), 0, -1):
            short = self.aliases.get(" ".join(word[:used]))
            if short is not None:
                break
        else:
            short, used = first, 1
        if used == len(word):
            return self._resolve_unclear(short), used
        if short[0] != "/" and " " not in short:
            # A place may be followed by its coast.
            coast, more = self.alias(word[used:])
            if coast[0] != "/" or " " in coast:
                return self._resolve_unclear(short), used
        elif short.endswith(" \\"):
            # A coast written before its place (``north coast of Spain``).
            place, more = self.alias(word[used:])
            if place[0] == "/" or " " in place:
                return short, used
            short, coast = place, short[:-2]
        else:
            return self._resolve_unclear(short), used
        short = self._resolve_unclear(short)
        joined = self.aliases.get(f"{short} {coast}")
        return (joined if joined is not None else short + coast), used + more

    def _bracketed(self, word: List[str]) -> Tuple[str, int]:
        """``alias`` of words in round or square brackets: their short forms together."""
        close = ")" if word[0] == "(" else "]"
        end = next((j for j in range(1, len(word)) if word[j] == close), None)
        if end is None:
            return word[0], 1
        if end == 1:
            return "", 2
        if word[1] + word[end - 1] == "**":
            inner = word[2 : end - 1]
        else:
            inner = word[1:end]
            short = self.aliases.get(" ".join(inner) + " \\", "")
            if short.endswith(" \\"):
                return short[:-2], end + 1
        result = []
        while inner:
            short, used = self.alias(inner)
            if short:
                result.append(short)
            inner = inner[used:]
        return " ".join(result), end + 1

    def _resolve_unclear(self, alias: str) -> str:
        if alias in self.powers and alias in self.unclear:
            return self.unclear[alias]
        return alias

    def vet(self, word: List[str], strict: int = 0) -> List[Tuple[str, int]]:
        """Each short word with its type: 0 undetermined, 1 power, 2 unit, 3 location, 4
        coast, 5 order, 6 move operator, 7 other. With ``strict``, the type of a word that
        is no name or keyword of the map is negative."""
        known = set(self.aliases.values()) | set(self.keywords.values()) if strict else set()
        result = []
        for thing in word:
            if " " in thing:
                kind = UNDETERMINED
            elif len(thing) == 1:
                if thing in self.unit_names:
                    kind = UNIT
                elif thing.isalnum():
                    kind = ORDER
                elif thing in "-=_":
                    kind = MOVE_SEP
                else:
                    kind = OTHER
            elif "/" in thing:
                kind = COAST if thing.find("/") == 3 else POWER
            elif thing == "VIA":
                kind = ORDER
            elif len(thing) == 3:
                kind = LOCATION
            else:
                kind = POWER
            if strict and thing not in known:
                kind = -kind
            result.append((thing, kind))
        return result

    # ------------------------------------------------------------------ phases

    @staticmethod
    def phase_abbr(phase: str, default: str = "?????") -> str:
        """``SPRING 1901 MOVEMENT`` → ``S1901M`` (years of four digits: ``S0001M``)."""
        if phase in ("FORMING", "COMPLETED"):
            return phase
        parts = phase.split()
        if len(parts) != 3:
            return default
        return f"{parts[0][:1]}{int(parts[1]):04d}{parts[2][:1]}".upper()

    def phase_long(self, phase_abbr: str, default: str = "?????") -> str:
        """``S1901M`` → ``SPRING 1901 MOVEMENT``; ``default`` when it names no phase."""
        try:
            year = int(phase_abbr[1:-1])
        except ValueError:
            return default
        for season in self.seq:
            parts = season.split()
            if parts[0] in ("NEWYEAR", "IFYEARDIV"):
                continue
            if parts[0][0].upper() == phase_abbr[0].upper() and parts[1][0].upper() == phase_abbr[-1].upper():
                return f"{parts[0]} {year} {parts[1]}".upper()
        return default

    def _season_step(self, season: str, year: int, back: bool) -> int:
        """The year after passing a NEWYEAR line of the sequence (forwards or back)."""
        words = season.split()
        step = 1 if len(words) == 1 else int(words[1])
        return year - step if back else year + step

    def find_next_phase(self, phase: str, phase_type: Optional[str] = None, skip: int = 0) -> str:
        """The long name of the phase after ``phase`` (of ``phase_type`` ``M``, ``R`` or
        ``A`` if given; ``skip`` such phases passed over); FORMING and COMPLETED are
        their own next phase."""
        now = phase.split()
        if len(now) < 3:
            return phase
        year, seq = int(now[1]), self.seq
        at = (seq.index(f"{now[0]} {now[2]}") + 1) % len(seq)
        left = len(seq)
        while left:
            left -= 1
            words = seq[at].split()
            if words[0] == "NEWYEAR":
                year = self._season_step(seq[at], year, back=False)
            elif words[0] != "IFYEARDIV" and phase_type in (None, words[1][0]):
                if not skip:
                    return f"{words[0]} {year} {words[1]}"
                skip -= 1
                left = len(seq)
            at = (at + 1) % len(seq)
        return ""

    def find_previous_phase(self, phase: str, phase_type: Optional[str] = None, skip: int = 0) -> str:
        """The long name of the phase before ``phase`` (as ``find_next_phase``)."""
        now = phase.split()
        if len(now) < 3:
            return phase
        year, seq = int(now[1]), self.seq
        at = seq.index(f"{now[0]} {now[2]}")
        left = len(seq)
        while left:
            left -= 1
            at = (at - 1) % len(seq)
            words = seq[at].split()
            if words[0] == "NEWYEAR":
                year = self._season_step(seq[at], year, back=True)
            elif words[0] != "IFYEARDIV" and phase_type in (None, words[1][0]):
                if not skip:
                    return f"{words[0]} {year} {words[1]}"
                skip -= 1
                left = len(seq)
        return ""

    def compare_phases(self, phase1: str, phase2: str) -> int:
        """1 if ``phase1`` comes after ``phase2``, -1 if before, 0 if the same. Phases
        short (``S1901M``; ``S1901?`` is the season's last) or long; FORMING is before
        every phase and COMPLETED after."""
        phase1, phase2 = self._comparable(phase1), self._comparable(phase2)
        if phase1 == phase2:
            return 0
        now1, now2 = phase1.split(), phase2.split()
        if len(now1) < 3 or len(now2) < 3:
            rank = {"FORMING": 1, "COMPLETED": 3}
            rank1 = 2 if len(now1) > 2 else rank.get(phase1, 0)
            rank2 = 2 if len(now2) > 2 else rank.get(phase2, 0)
            return (rank1 > rank2) - (rank1 < rank2)
        year1, year2 = int(now1[1]), int(now2[1])
        if year1 != year2:
            return (1 if year1 > year2 else -1) * (self.flow_sign or 1)
        at1 = self.seq.index(f"{now1[0]} {now1[2]}")
        at2 = self.seq.index(f"{now2[0]} {now2[2]}")
        if at1 == at2:
            return 0
        low, high = min(at1, at2), max(at1, at2)
        # Seasons of one year number: a NEWYEAR line between them turns the order round.
        wraps = any(season.split()[0] == "NEWYEAR" for season in self.seq[low + 1 : high])
        later = 1 if at1 > at2 else -1
        return -later if wraps else later

    def _comparable(self, phase: str) -> str:
        if phase.endswith("?"):
            last = [s.split()[1][0] for s in self.seq if s[0] == phase[0]][-1]
            phase = phase[:-1] + last
        if len(phase.split()) == 1:
            phase = self.phase_long(phase, phase.upper())
        return phase


def _restore(state: Dict[str, Any]) -> Map:
    """A map from its pickled attributes (``Map.__reduce__``)."""
    restored = object.__new__(Map)
    for slot, value in state.items():
        setattr(restored, slot, value)
    return restored


# ---------------------------------------------------------------------- zobrist hash


class ZobristTable:
    """MILA's zobrist tables of one map: the random numbers a game's ``get_hash()``
    combines, drawn as MILA draws them (``random.Random`` seeded from the map's locations
    and supply centres; the global random state is left alone)."""

    __slots__ = ("powers", "locs", "unit_type", "units", "dis_unit_type", "dis_units", "centers", "homes",
                 "_power", "_loc", "_unit_values", "_centre_values", "_home_values")  # fmt: skip

    def __init__(self, map: Map) -> None:
        self.powers = sorted(map.powers)
        self.locs = sorted(loc.upper() for loc in map.locs if map.area_type(loc) != "SHUT")
        centres = "-".join(sorted(c.upper() for c in map.scs))
        # The same seed for maps of the same board (MILA's Standard variants share it).
        seed = (12345 + len(self.locs) + sum(ord(c) * 7**i for i, c in enumerate(centres))) % 2**32
        rng = _random.Random(seed)

        def rows(count: int) -> List[List[int]]:
            return [[rng.randint(1, _sys.maxsize) for _ in self.locs] for _ in range(count)]

        # Drawn in MILA's order.
        self.unit_type = rows(2)
        self.units = rows(len(self.powers))
        self.dis_unit_type = rows(2)
        self.dis_units = rows(len(self.powers))
        self.centers = rows(len(self.powers))
        self.homes = rows(len(self.powers))
        # Power names as MILA writes them; others are added as they are met.
        self._power = {p: i for i, p in enumerate(self.powers)}
        self._loc = {loc: i for i, loc in enumerate(self.locs)}
        # By power: what each unit text (``A PAR``, ``*F STP/SC``), centre and home adds.
        self._unit_values: List[Dict[str, int]] = []
        for p in range(len(self.powers)):
            values = {}
            for i, loc in enumerate(self.locs):
                for kind, k in (("A", 0), ("F", 1)):
                    values[f"{kind} {loc}"] = self.unit_type[k][i] ^ self.units[p][i]
                    values[f"*{kind} {loc}"] = self.dis_unit_type[k][i] ^ self.dis_units[p][i]
            self._unit_values.append(values)
        self._centre_values = [dict(zip(self.locs, row)) for row in self.centers]
        self._home_values = [dict(zip(self.locs, row)) for row in self.homes]

    def _power_index(self, power: str) -> int:
        index = self._power.get(power)
        if index is None:
            # dip.mila names powers as written (``NEW-YORK``), MILA without the hyphen.
            index = self._power.get(power.upper().replace("-", "").replace(" ", ""))
            if index is None:
                raise ValueError(f"no power {power!r} on this map (powers: {', '.join(self.powers)})")
            self._power[power] = index
        return index

    def _loc_index(self, loc: str) -> int:
        index = self._loc.get(loc.upper())
        if index is None:
            raise ValueError(f"no location {loc!r} on this map")
        return index

    def hash_board(
        self,
        units: Dict[str, Iterable[str]],
        centers: Dict[str, Iterable[str]],
        homes: Dict[str, Iterable[str]],
        dislodged: Optional[Dict[str, Iterable[str]]] = None,
    ) -> str:
        """MILA's hash (a decimal string) of a board: units by power (``A PAR``; ``*A MUN``
        is dislodged), centres and home centres by power, and more dislodged units (``A
        MUN``) by power."""
        value = 0
        try:
            # The texts as MILA writes them: one lookup each.
            for power, power_units in units.items():
                values = self._unit_values[self._power_index(power)]
                for unit in power_units:
                    value ^= values[unit]
            for power, power_units in (dislodged or {}).items():
                values = self._unit_values[self._power_index(power)]
                for unit in power_units:
                    value ^= values["*" + unit]
            for table, owned in ((self._centre_values, centers), (self._home_values, homes)):
                for power, places in owned.items():
                    values = table[self._power_index(power)]
                    for place in places:
                        value ^= values[place]
        except KeyError:
            # Lower case, a centre named by its coast, or a name not of the map.
            return str(self._hash_any(units, centers, homes, dislodged or {}))
        return str(value)

    def _hash_any(
        self,
        units: Dict[str, Iterable[str]],
        centers: Dict[str, Iterable[str]],
        homes: Dict[str, Iterable[str]],
        dislodged: Dict[str, Iterable[str]],
    ) -> int:
        value = 0
        marked = [(power, unit) for power, power_units in units.items() for unit in power_units]
        marked += [(power, "*" + unit) for power, power_units in dislodged.items() for unit in power_units]
        for power, unit in marked:
            p = self._power_index(power)
            text = unit.lstrip("*").upper()
            kind, loc = ("A", "F").index(text[0]) if text[:1] in ("A", "F") else -1, self._loc_index(text[2:])
            if kind < 0:
                raise ValueError(f"{unit!r} is not a unit (A or F and a location)")
            if unit.startswith("*"):
                value ^= self.dis_unit_type[kind][loc] ^ self.dis_units[p][loc]
            else:
                value ^= self.unit_type[kind][loc] ^ self.units[p][loc]
        for table, owned in ((self.centers, centers), (self.homes, homes)):
            for power, places in owned.items():
                row = table[self._power_index(power)]
                for place in places:
                    value ^= row[self._loc_index(place.split("/")[0])]
        return value

    def hash_state(self, state: Dict[str, Any]) -> str:
        """MILA's hash of a ``get_state()`` dict: its ``units`` (``*`` marks a dislodged
        unit), ``centers`` and ``homes``; a dislodged unit only in ``retreats`` counts too."""
        units = state.get("units") or {}
        extra = {}
        for power, retreats in (state.get("retreats") or {}).items():
            if retreats:
                listed = units.get(power, ())
                more = [unit for unit in retreats if "*" + unit not in listed]
                if more:
                    extra[power] = more
        return self.hash_board(units, state.get("centers") or {}, state.get("homes") or {}, extra)


_ZOBRIST: Dict[str, ZobristTable] = {}


def zobrist_table(map: Union[Map, str]) -> ZobristTable:
    """The zobrist tables of a map (a ``Map`` or a map's name), made once per process."""
    if isinstance(map, str):
        map = Map(map)
    tables = _ZOBRIST.get(map._tables.variant)
    if tables is None:
        tables = _ZOBRIST[map._tables.variant] = ZobristTable(map)
    return tables


def zobrist_hash(map: Union[Map, str], state: Dict[str, Any]) -> str:
    """MILA's ``game.get_hash()`` of the board in ``state`` (a ``get_state()`` dict with
    ``units``, ``centers`` and ``homes``): a decimal string, equal to MILA's for the same
    board on the same map."""
    return zobrist_table(map).hash_state(state)
