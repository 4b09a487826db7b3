"""dip under the `mila` rules preset adjudicates as MILA's `diplomacy` 1.1.2 does.

Every Standard-map DATC case of datc/ (the DATC's chapter 6 and dip's own cases) is set up
in MILA (clear_units, set_units, set_centers, set_current_phase, set_orders in MILA's
notation) and in dip (`dip.adjudicate`, rules="mila"); both play it (and the retreat phase
a case goes on to), and their boards must agree: units, dislodged units with their retreat
lists, centres, the phase that follows. So must each order's outcome (carried out, failed,
refused). Random games (MILA's random play, orders drawn from get_all_possible_orders) are
compared phase by phase: dip adjudicates each phase from MILA's state with MILA's orders.

Where they differ, the difference must be one of MILA's bugs listed in MILA_BUGS (each
recognised by what it does, and listed in crates/python/README.md), so a new difference
fails. Small positions (MILA_POSITIONS) show MILA's choices where no DATC case does.
"""

import json
import random
import re

import pytest
from diplomacy import Game as MilaGame

import dip

MAP = dip.Map("standard")
RULES = "mila"
PHASE_KIND = {"M": "movement", "R": "retreat", "A": "adjustment"}

# MILA's bugs: what each does, as crates/python/README.md lists them.
MILA_BUGS = {
    "retreat after convoy": "after an attack by convoy, the dislodged unit's retreat list holds every "
    "province next to it, occupied and standoff provinces too",
    "VIA self-dislodgement": "a support given by the attacked unit's own power counts towards dislodging "
    "it when the supported move is written VIA",
    "army support coast": "an army's support of a fleet's move naming the coast the fleet does not move "
    "to is void, though MILA ignores the coast in a fleet's support",
}

# The Standard DATC cases whose boards differ, and the bug that makes each differ.
DATC_BOARD_BUGS = {
    "6.F.21": "retreat after convoy",
    "6.F.25": "retreat after convoy",
    "6.G.10": "retreat after convoy",
    "6.G.15": "retreat after convoy",
    "6.H.11": "retreat after convoy",
    "6.H.12": "retreat after convoy",
}

# Orders whose outcome MILA reports otherwise while the boards agree: MILA's result codes
# mean something else there (crates/python/README.md). By case, the order as the case
# writes it, and why.
SUPPORT_VOID = "MILA marks void a support that cannot dislodge its own power's unit; dip: the support is given"
NO_CONVOY = "MILA marks `no convoy` the supports and convoys of a convoyed move that failed; dip: given"
WAIVE = "dip refuses WAIVE (4.D.7 not-allowed), MILA takes it as a filler: the board is the same"
OWN_CONVOY = "MILA lets no convoyed army cut a support for a fleet that convoys it; dip: cut, the board the same"
DATC_OUTCOME_CODES = {
    "6.C.5": {
        "Turkey: F Aegean Sea Convoys A Bulgaria - Trieste": NO_CONVOY,
        "Turkey: F Adriatic Sea Convoys A Bulgaria - Trieste": NO_CONVOY,
    },
    "6.C.8": {"Turkey: A Smyrna Supports A Bulgaria - Constantinople": SUPPORT_VOID},
    "6.C.9": {"Turkey: A Smyrna Supports A Bulgaria - Constantinople": SUPPORT_VOID},
    "6.D.10": {"Germany: A Munich Supports F Kiel - Berlin": SUPPORT_VOID},
    "6.D.11": {"Germany: A Munich Supports F Kiel - Berlin": SUPPORT_VOID},
    "6.D.12": {"Austria: A Vienna Supports A Venice - Trieste": SUPPORT_VOID},
    "6.D.13": {"Austria: A Vienna Supports A Venice - Trieste": SUPPORT_VOID},
    "6.D.14": {"Austria: A Vienna Supports A Venice - Trieste": SUPPORT_VOID},
    "6.D.19": {"Russia: A Smyrna Supports F Ankara - Constantinople": SUPPORT_VOID},
    "6.D.31": {
        "Turkey: F Black Sea Supports A Rumania - Armenia": "MILA accepts a support whose supported army "
        "could only be convoyed by the supporter itself, and marks it void; dip refuses it (DATC: illegal)"
    },
    "6.E.2": {"Germany: A Munich Supports A Berlin - Kiel": SUPPORT_VOID},
    "6.E.3": {"Germany: A Munich Supports F Kiel - Berlin": SUPPORT_VOID},
    "6.E.6": {"France: F English Channel Supports F Holland - North Sea": SUPPORT_VOID},
    "6.E.7": {"England: F Yorkshire Supports F Norway - North Sea": SUPPORT_VOID},
    "6.E.8": {"England: F Yorkshire Supports F Norway - North Sea": SUPPORT_VOID},
    "6.E.10": {"England: F Yorkshire Supports F Norway - North Sea": SUPPORT_VOID},
    "6.F.17": {"France: F Yorkshire Supports A Brest - London": NO_CONVOY},
    "6.F.18": {"England: F English Channel Supports A London - Belgium": NO_CONVOY},
    "6.G.6": {"England: F English Channel Convoys A Liverpool - Edinburgh": NO_CONVOY},
    "6.G.11": {"Russia: F Barents Sea Supports A Sweden - Norway": NO_CONVOY},
    "6.G.20": {"France: A Burgundy Supports A Picardy - Belgium": NO_CONVOY},
    "6.H.12": {
        "England: F Irish Sea Convoys A Liverpool - Edinburgh": NO_CONVOY,
        "England: F North Sea Convoys A Liverpool - Edinburgh": NO_CONVOY,
    },
    "dip.4.D.7.1": {"Germany: Waive": WAIVE},
}


# ---------------------------------------------------------------------------------------
# The DATC case files (datc/README.md): the subset of RON they are written in.

_TOKEN = re.compile(
    r"""\s+|//[^\n]*|\#!\[[^\]]*\]
    |(?P<str>"(?:[^"\\]|\\.)*")|(?P<word>[A-Za-z_][A-Za-z0-9_]*)|(?P<punct>[()\[\]{}:,])""",
    re.S | re.X,
)


def read_ron(text):
    """A case file as Python values: structs and maps as dicts, tuples as tuples, lists as
    lists, strings and names as strings, a name with content (`Fails(cut)`) as a tuple of
    the name and the content (`("Fails", "cut")`)."""
    tokens, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m, f"cannot read {text[pos:pos + 30]!r}"
        pos = m.end()
        if m.group("str") is not None:
            tokens.append(("str", json.loads(m.group("str"))))
        elif m.group("word") is not None:
            tokens.append(("word", m.group("word")))
        elif m.group("punct") is not None:
            tokens.append(("punct", m.group("punct")))

    def value(i):
        kind, tok = tokens[i]
        if kind == "word" and i + 1 < len(tokens) and tokens[i + 1] == ("punct", "("):
            content, end = value(i + 1)
            return (tok, *content), end
        if kind != "punct":
            return tok, i + 1
        close = {"[": "]", "{": "}", "(": ")"}[tok]
        named = tok == "{" or (tok == "(" and tokens[i + 1][0] == "word" and tokens[i + 2] == ("punct", ":"))
        items, i = [], i + 1
        while tokens[i] != ("punct", close):
            item, i = value(i)
            if named:
                assert tokens[i] == ("punct", ":")
                item_value, i = value(i + 1)
                item = (item, item_value)
            items.append(item)
            if tokens[i] == ("punct", ","):
                i += 1
        if named:
            return dict(items), i + 1
        return (tuple(items) if tok == "(" else items), i + 1

    result, end = value(0)
    assert end == len(tokens)
    return result


def standard_cases(root):
    cases = [read_ron(path.read_text()) for path in sorted((root / "datc").glob("*/*.ron"))]
    return {case["id"]: case for case in cases if case["variant"] == "standard"}


def power_and_text(line):
    power, text = line.split(":", 1)
    return power.strip(), text.strip()


def case_position(case):
    units = {}
    for line in case["units"]:
        power, unit = power_and_text(line)
        units.setdefault(power, []).append(unit)
    doc = {"variant": "standard", "phase": case.get("phase") or "Spring 1901 Movement", "units": units}
    if case.get("centres") is not None:
        doc["centres"] = case["centres"]
    return dip.Position.from_text(json.dumps(doc), MAP)


# ---------------------------------------------------------------------------------------
# One phase in each.


def dip_phase(position, orders):
    """dip's outcome of each order (S carried out, F failed, I refused or unreadable), the
    next position and the results document. A retreat phase in which no dislodged unit has
    anywhere to go is played at once, as MILA skips it."""
    result = dip.adjudicate(MAP, position, orders, rules=RULES, notation="mila")
    codes = [row["code"] for row in result["orders"]]
    outcomes = ["S" if c == "succeeds" else "I" if c in ("illegal", "unreadable") else "F" for c in codes]
    if position.phase.endswith("A"):
        outcomes = ["S" if o == "S" else "F" for o in outcomes]
    nxt = result["next"]
    if nxt.phase.endswith("R") and not any(r for rs in nxt.state()["retreats"].values() for r in rs.values()):
        nxt = dip.adjudicate(MAP, nxt, [], rules=RULES)["next"]
    return outcomes, nxt, result


def mila_game(position):
    game = MilaGame()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(position.phase)
    for power, units in position.units.items():
        if units:
            game.set_units(power, list(units))
    for power, centres in position.centres.items():
        if centres:
            game.set_centers(power, list(centres))
    return game


def mila_text(power, text, phase):
    """An order in MILA's notation, as dip reads it; None when dip cannot read it."""
    try:
        return dip.parse_order(MAP, text, power=power, phase=PHASE_KIND[phase[-1]]).mila
    except dip.ParseError:
        return None


def mila_reads(game, text):
    """The words MILA makes of an order before checking it (the steps of Game._add_order)."""
    word = game._expand_order(text.split())
    word = game._expand_coast(word)
    word = game._add_unit_types(word)
    word = game.map.default_coast(word)
    if word and len(word[-1]) == 1 and not word[-1].isalpha():
        word = word[:-1]
    return word


def mila_phase(game, orders):
    """Plays one phase in MILA, each power's orders given in one set_orders call as agents
    give them; returns the outcome of each order as dip_phase does."""
    phase = game.get_current_phase()
    kind = phase[-1]
    texts = [mila_text(power, text, phase) for power, text in orders]
    by_power = {}
    for (power, _), text in zip(orders, texts):
        if text is not None:
            by_power.setdefault(power.upper(), []).append(text)
    for power, texts_of_power in by_power.items():
        game.set_orders(power, texts_of_power)
    # The order MILA holds for each unit; of the orders that read the same, the first counts.
    counted = set()
    if kind in "MR":
        held = {}
        for power in by_power:
            p = game.get_power(power)
            table = dict(p.orders)
            for order in p.adjust if kind == "R" else ():
                words = order.split()
                if words[0] != "VOID":
                    table[" ".join(words[:2])] = " ".join(words[2:])
            for unit, order in table.items():
                held[(power, unit.split()[-1][:3])] = order.replace(" ?", "").split()
        for i, text in enumerate(texts):
            if text is None:
                continue
            words = mila_reads(game, text)
            key = (orders[i][0].upper(), words[1][:3]) if len(words) > 1 else None
            if key in held and held[key] == words[2:]:
                counted.add(i)
                del held[key]
    adjust = {p: list(game.get_power(p).adjust) for p in game.powers} if kind == "A" else {}
    before = {p: set(game.get_units(p)) for p in game.powers}
    game.process()
    result = game.result_history.last_value() if game.result_history else {}
    outcomes = []
    for i, (power, _) in enumerate(orders):
        text, power = texts[i], power.upper()
        if text is None:
            outcomes.append("I")
            continue
        words = text.split()
        loc = (words[1] if words[0] in ("A", "F") else words[0])[:3]
        if kind == "A":
            units = set(game.get_units(power))
            entry = next((e for e in adjust[power] if e.replace("VOID ", "").split()[-2:] == words[-2:]), None)
            if entry is not None:
                adjust[power].remove(entry)
            if entry is None or entry.startswith("VOID"):
                outcomes.append("F")
            elif words[0] == "WAIVE":
                outcomes.append("S")
            elif words[-1] == "B":
                outcomes.append("S" if any(u.split()[-1] == words[-2] for u in units - before[power]) else "F")
            else:
                outcomes.append("S" if not any(u.split()[-1][:3] == loc for u in units) else "F")
        elif i not in counted:
            outcomes.append("I")
        else:
            codes = [c for unit, cs in result.items() if unit.split()[-1][:3] == loc for c in cs]
            if kind == "R" and words[-1] == "D":
                outcomes.append("S")
            elif kind == "R":
                gone = any(u.split()[-1][:3] == loc for u in game.popped)
                outcomes.append("S" if not codes and not gone else "F")
            else:
                outcomes.append("S" if not codes else "F")
    return outcomes


# ---------------------------------------------------------------------------------------
# Boards, and the differences MILA's bugs make.


def board(state):
    """Units, centres and retreat lists of a saved-game state; a dislodged unit with nowhere
    to go is left out (MILA disbands it at once, dip in the retreat phase)."""
    gone = {"*" + unit for lists in state["retreats"].values() for unit, where in lists.items() if not where}
    units = {p: sorted(u for u in us if u not in gone) for p, us in state["units"].items()}
    retreats = {p: {u: sorted(w) for u, w in ls.items() if w} for p, ls in state["retreats"].items()}
    return {
        "phase": state["name"],
        "units": {p: us for p, us in units.items() if us},
        "centres": {p: sorted(cs) for p, cs in state["centers"].items() if cs},
        "retreats": {p: ls for p, ls in retreats.items() if ls},
    }


def destination(order):
    words = order.split()
    return words[-2] if words[-1] == "VIA" else words[-1]


def retreats_after_convoy(result, dip_board, mila_board):
    """MILA's board with the retreat lists the "retreat after convoy" bug widened put back as
    dip has them, when every such difference is that bug's: a unit dislodged by a convoyed
    army, whose list in MILA holds dip's and more, the more all provinces occupied after the
    phase or left empty by a standoff. None when the boards differ otherwise too."""
    by_convoy = {(row["power"].upper(), row["unit"]) for row in result["dislodged"] if row["by_convoy"]}
    if not by_convoy:
        return None
    occupied = {u.split()[-1][:3] for us in dip_board["units"].values() for u in us if not u.startswith("*")}
    standoff = {
        destination(row["order"])[:3]
        for row in result["orders"]
        if row["code"] == "bounced" and destination(row["order"])[:3] not in occupied
    }
    fixed = json.loads(json.dumps(mila_board))
    for power, lists in mila_board["retreats"].items():
        for unit, where in lists.items():
            mine = dip_board["retreats"].get(power, {}).get(unit, [])
            if where == mine:
                continue
            extra = set(where) - set(mine)
            if (power, unit) not in by_convoy or not set(mine) <= set(where):
                return None
            if not all(loc[:3] in occupied or loc[:3] in standoff for loc in extra):
                return None
            if mine:
                fixed["retreats"][power][unit] = mine
            else:
                del fixed["retreats"][power][unit]
                fixed["units"][power].remove("*" + unit)
    fixed["retreats"] = {p: ls for p, ls in fixed["retreats"].items() if ls}
    return fixed


def via_self_dislodgement(orders, start_units, mila_board):
    """Whether a move written VIA took a province against a support by its own defender's
    power, as only the "VIA self-dislodgement" bug allows."""
    owner = {u.split()[-1][:3]: p.upper() for p, us in start_units.items() for u in us if not u.startswith("*")}
    moved_in = {u.split()[-1][:3]: p for p, us in mila_board["units"].items() for u in us if not u.startswith("*")}
    for power, order in orders:
        words = order.split()
        if words[-1] != "VIA":
            continue
        origin, target = words[1][:3], words[-2][:3]
        defender = owner.get(target)
        if defender is None or defender == power.upper() or moved_in.get(target) != power.upper():
            continue
        supported = f"S A {origin} - {target}"
        if any(p.upper() == defender and supported in o for p, o in orders):
            return True
    return False


def fleet_moves(orders):
    """Each fleet's destination, by its location: `{"CON": "BUL/EC"}`."""
    return {o.split()[1]: o.split()[3] for _, o in orders if o.startswith("F ") and o.split()[2:3] == ["-"]}


def names_other_coast(order, moves):
    """Whether an order is an army's support of a fleet's move naming the coast the fleet
    does not go to."""
    words = order.split()
    if len(words) != 7 or words[0] != "A" or words[2:4] != ["S", "F"] or "/" not in words[6]:
        return False
    moving_to = moves.get(words[4], "")
    return moving_to[:3] == words[6][:3] and moving_to != words[6]


def army_support_coast(orders):
    moves = fleet_moves(orders)
    return any(names_other_coast(order, moves) for _, order in orders)


def bug_of(result, start_units, dip_board, mila_board):
    """The MILA bug that explains a phase's differing boards, or None."""
    orders = [(row["power"], row["order"]) for row in result["orders"] if "order" in row]
    fixed = retreats_after_convoy(result, dip_board, mila_board)
    # When the bug's retreat lists are all MILA stopped for, dip played the retreat phase
    # at once (dip_phase): MILA's board is then the one before it.
    if fixed is not None and fixed in (dip_board, board(result["next"].state())):
        return "retreat after convoy"
    if via_self_dislodgement(orders, start_units, mila_board):
        return "VIA self-dislodgement"
    if army_support_coast(orders):
        return "army support coast"
    return None


# ---------------------------------------------------------------------------------------
# The DATC cases.


@pytest.fixture(scope="module")
def datc_runs(root):
    """Each Standard case played in both: (dip outcomes, MILA outcomes, dip board, MILA
    board, dip's results document), for the movement or adjustment phase and for the
    retreat phase that follows when the case has one."""
    runs = {}
    for case_id, case in standard_cases(root).items():
        position = case_position(case)
        orders = [power_and_text(line) for line, _ in case["orders"]]
        d_out, d_next, d_result = dip_phase(position, orders)
        game = mila_game(position)
        m_out = mila_phase(game, orders)
        start = position.units
        phases = [(orders, start, d_out, m_out, board(d_next.state()), board(game.get_state()), d_result)]
        if case.get("retreat") and d_next.phase.endswith("R") and game.get_current_phase().endswith("R"):
            orders = [power_and_text(line) for line, _ in case["retreat"]["orders"]]
            start = d_next.units
            d_out, d_next, d_result = dip_phase(d_next, orders)
            m_out = mila_phase(game, orders)
            phases.append((orders, start, d_out, m_out, board(d_next.state()), board(game.get_state()), d_result))
        runs[case_id] = phases
    return runs


def test_every_standard_datc_case_is_compared(datc_runs, root):
    # The DATC's 164 cases of chapter 6 and every case of our own (datc/dip: all Standard).
    assert sum(case_id.startswith("6.") for case_id in datc_runs) == 164
    assert sum(case_id.startswith("dip.") for case_id in datc_runs) == len(list((root / "datc" / "dip").glob("*.ron")))
    # Some go on to their retreat phase.
    assert sum(len(phases) for phases in datc_runs.values()) > len(datc_runs)


def test_datc_boards_agree_but_for_mila_bugs(datc_runs):
    differing = {}
    for case_id, phases in datc_runs.items():
        for orders, start, _, _, dip_board, mila_board, result in phases:
            if dip_board != mila_board:
                differing[case_id] = bug_of(result, start, dip_board, mila_board) or "unexplained"
    assert differing == DATC_BOARD_BUGS


def test_datc_order_outcomes_agree_but_for_mila_codes(datc_runs, root):
    cases = standard_cases(root)
    differing = {}
    for case_id, phases in datc_runs.items():
        lines = [line for line, _ in cases[case_id]["orders"]]
        if cases[case_id].get("retreat"):
            lines += [line for line, _ in cases[case_id]["retreat"]["orders"]]
        outcomes = [(d, m) for _, _, d_out, m_out, _, _, _ in phases for d, m in zip(d_out, m_out)]
        for line, (d, m) in zip(lines, outcomes):
            if d != m:
                differing.setdefault(case_id, {})[line] = DATC_OUTCOME_CODES.get(case_id, {}).get(line, (d, m))
    assert differing == DATC_OUTCOME_CODES


# ---------------------------------------------------------------------------------------
# Positions that show MILA's choices where no DATC case does, and its bugs. Units, centres
# and orders in MILA's notation; "sets" are given to MILA one set_orders call after another
# and to dip as one list (4.D.1 combine).

MILA_POSITIONS = [
    {
        "name": "own fleet's convoy disrupted",
        "shows": "4.A.3 intent-or-land: an adjacent move meant as a convoy by the army's own fleet "
        "takes the land route when the convoy fails",
        "units": {"FRANCE": ["A PIC", "F ENG"], "ENGLAND": ["F LON", "F NTH"]},
        "sets": {"FRANCE": [["A PIC - BEL", "F ENG C A PIC - BEL"]], "ENGLAND": [["F LON - ENG", "F NTH S F LON - ENG"]]},
    },
    {
        "name": "typed order, then untyped",
        "shows": "4.C.1 valid and 4.D.3 last: the later order counts though only the earlier names the unit type",
        "units": {"GERMANY": ["A BER"]},
        "sets": {"GERMANY": [["A BER - SIL", "BER - PRU"]]},
    },
    {
        "name": "wrong unit type",
        "shows": "4.C.2 invalid: an order naming a fleet for an army is refused and the army holds",
        "units": {"GERMANY": ["A BER"], "RUSSIA": ["A WAR"]},
        "sets": {"GERMANY": [["F BER - PRU"]], "RUSSIA": [["A WAR - PRU"]]},
    },
    {
        "name": "two order sets",
        "shows": "4.D.1 combine: a second set_orders call adds to the first; a unit ordered again takes the later order",
        "units": {"FRANCE": ["A PAR", "A MAR"]},
        "sets": {"FRANCE": [["A PAR - BUR", "A MAR - SPA"], ["A PAR - PIC"]]},
    },
    {
        "name": "more units than centres",
        "shows": "4.E.6 until-adjustment: every unit on the board is adjudicated; none is removed before the winter",
        "units": {"AUSTRIA": ["A VIE", "A BUD", "A TRI", "A SER"]},
        "centres": {"AUSTRIA": ["VIE"]},
        "sets": {"AUSTRIA": [["A SER - GRE", "A TRI - ALB"]]},
    },
    {
        "name": "waive before a build",
        "shows": "4.D.7 not-allowed: MILA accepts WAIVE but drops it while the power ordered more builds and "
        "waives than it may build, so the build goes ahead; as when dip refuses the waive",
        "phase": "Winter 1901 Adjustment",
        "units": {"AUSTRIA": ["A SER", "A BUD"]},
        "centres": {"AUSTRIA": ["VIE", "BUD", "TRI"]},
        "sets": {"AUSTRIA": [["WAIVE", "A VIE B"]]},
    },
    {
        "name": "waives only",
        "shows": "4.D.7 not-allowed: a power that only waives builds nothing, in both",
        "phase": "Winter 1901 Adjustment",
        "units": {"AUSTRIA": ["A SER"]},
        "centres": {"AUSTRIA": ["VIE", "BUD", "TRI"]},
        "sets": {"AUSTRIA": [["WAIVE", "WAIVE"]]},
    },
    {
        "name": "civil disorder between two fleets",
        "shows": "4.D.8 mila: at equal distance from a home centre MILA removes by its unit names, F BOT before "
        "F FIN (by English name Finland would go first)",
        "phase": "Winter 1901 Adjustment",
        "units": {"RUSSIA": ["F BOT", "F FIN"]},
        "centres": {"RUSSIA": ["STP"]},
        "sets": {},
    },
    {
        "name": "VIA move supported by the defender",
        "bug": "VIA self-dislodgement",
        "units": {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG", "A YOR", "A LON"]},
        "sets": {"FRANCE": [["A PIC - LON VIA"]], "ENGLAND": [["F ENG C A PIC - LON", "A YOR S A PIC - LON", "A LON H"]]},
    },
    {
        "name": "army's support naming the other coast",
        "bug": "army support coast",
        "units": {"TURKEY": ["F CON", "A SER"], "ITALY": ["A BUL"]},
        "sets": {"TURKEY": [["F CON - BUL/EC", "A SER S F CON - BUL/SC"]], "ITALY": [["A BUL H"]]},
    },
]


def position_of(spec):
    doc = {
        "variant": "standard",
        "phase": spec.get("phase", "Spring 1901 Movement"),
        "units": {p.title(): us for p, us in spec["units"].items()},
    }
    if "centres" in spec:
        doc["centres"] = {p.title(): cs for p, cs in spec["centres"].items()}
    return dip.Position.from_text(json.dumps(doc), MAP)


def play_position(spec):
    position = position_of(spec)
    orders = [(p, o) for p, sets in spec["sets"].items() for one in sets for o in one]
    _, d_next, result = dip_phase(position, orders)
    game = mila_game(position)
    for power, sets in spec["sets"].items():
        for one in sets:
            game.set_orders(power, one)
    game.process()
    return position, result, board(d_next.state()), board(game.get_state())


@pytest.mark.parametrize("spec", MILA_POSITIONS, ids=[s["name"] for s in MILA_POSITIONS])
def test_mila_positions(spec):
    position, result, dip_board, mila_board = play_position(spec)
    if "bug" in spec:
        assert dip_board != mila_board
        assert bug_of(result, position.units, dip_board, mila_board) == spec["bug"]
    else:
        assert dip_board == mila_board


# ---------------------------------------------------------------------------------------
# Random games.

def random_phases(seed, games, phases):
    """MILA's random play: each phase's state, orders (one random possible order for each
    orderable location) and the outcome of each order in MILA, and MILA's state after."""
    rng = random.Random(seed)
    for _ in range(games):
        game = MilaGame()
        for _ in range(phases):
            if game.is_game_done:
                break
            state = game.get_state()
            possible = game.get_all_possible_orders()
            orders = [
                (power, rng.choice(sorted(possible[loc])))
                for power in sorted(game.powers)
                for loc in sorted(game.get_orderable_locations(power))
                if possible[loc]
            ]
            outcomes = mila_phase(game, orders)
            yield state, orders, outcomes, game.get_state()


def support_of_own_unit(order, power, start_units, result):
    """MILA marks void a support of a move into a province its own power holds (and keeps)."""
    words = order.split()
    if len(words) < 6 or words[2] != "S" or words[-2] != "-":
        return False
    target = words[-1][:3]
    holder = next((p for p, us in start_units.items() for u in us if u.split()[-1][:3] == target), None)
    if holder != power.upper():
        return False
    moves_out = [r for r in result["orders"] if r.get("order", "").split()[1:3] == [words[-1], "-"]]
    return not any(r["code"] == "succeeds" for r in moves_out)


def helps_failed_convoy(order, result):
    """MILA marks `no convoy` the supports and convoys of an army whose convoy failed."""
    words = order.split()
    if len(words) < 7 or words[2] not in ("S", "C") or words[3] != "A":
        return False
    army = f"A {words[4]}"
    moves = [r for r in result["orders"] if r.get("order", "").startswith(army + " - ")]
    return any(r["code"] in ("no_convoy", "disrupted") for r in moves)


def support_of_own_convoy(order, result):
    """MILA does not let a convoyed army cut a support for a fleet that convoys it (the board
    comes out the same: where that support matters, the convoy is a paradox both settle
    alike)."""
    words = order.split()
    if len(words) < 5 or words[2] != "S" or words[3] != "F":
        return False
    convoy = f"F {words[4]} C A "
    return any(r.get("order", "").startswith(convoy) and r["order"].split()[-1][:3] == words[1][:3] for r in result["orders"])


def compare_random_games(seed, games, phases):
    """Plays random games in MILA and each phase again in dip, from MILA's state with MILA's
    orders. Returns what was compared and every difference: boards by the MILA bug that
    explains them (None: unexplained), and the order outcomes that differ with nothing to
    explain them; the order outcomes explained, by reason."""
    report = {"phases": 0, "orders": 0, "bugs": {}, "unexplained": [], "outcomes": [], "codes": {}}
    for state, orders, mila_outcomes, after in random_phases(seed, games, phases):
        position = dip.Position.from_state(MAP, state)
        dip_outcomes, d_next, result = dip_phase(position, orders)
        dip_board, mila_board = board(d_next.state()), board(after)
        if mila_board["phase"] == "COMPLETED":
            dip_board["phase"] = "COMPLETED"
        report["phases"] += 1
        if dip_board != mila_board:
            bug = bug_of(result, position.units, dip_board, mila_board)
            if bug is None:
                report["unexplained"].append((state, orders, dip_board, mila_board))
            report["bugs"][bug] = report["bugs"].get(bug, 0) + 1
            continue
        moves = fleet_moves([(r["power"], r.get("order", "")) for r in result["orders"]])
        for (power, order), d, m in zip(orders, dip_outcomes, mila_outcomes):
            report["orders"] += 1
            if d == m:
                continue
            reason = None
            if (d, m) == ("S", "F"):
                if support_of_own_unit(order, power, position.units, result):
                    reason = SUPPORT_VOID
                elif helps_failed_convoy(order, result):
                    reason = NO_CONVOY
                elif names_other_coast(order, moves):
                    reason = "army support coast"
            elif (d, m) == ("F", "S"):
                if support_of_own_convoy(order, result):
                    reason = OWN_CONVOY
                elif order == "WAIVE":
                    reason = WAIVE
            if reason is None:
                report["outcomes"].append((state["name"], power, order, d, m))
            else:
                report["codes"][reason] = report["codes"].get(reason, 0) + 1
    return report


def test_random_games_agree_but_for_mila_bugs():
    report = compare_random_games(seed=2026, games=20, phases=100)
    assert report["unexplained"] == []
    assert set(report["bugs"]) <= set(MILA_BUGS)
    assert report["outcomes"] == []
    # Most games run their 100 phases; a phase has a dozen orders or more.
    assert report["phases"] >= 20 * 70 and report["orders"] > report["phases"] * 12
