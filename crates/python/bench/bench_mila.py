"""dip.mila against MILA's diplomacy 1.1.2, side by side in one run.

Run it with ``bash crates/python/bench/run.sh`` (it makes the virtual environment with
both packages). Each figure is the median of several timed rounds; the ratio is MILA's
time over dip's. ``--quick`` runs fewer rounds.
"""

import copy
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import diplomacy
import dip
import dip.mila

ROOT = Path(__file__).resolve().parents[3]
QUICK = "--quick" in sys.argv


def median_time(function, rounds, per_round):
    """Median seconds per call of `function`, over `rounds` rounds of `per_round` calls."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(per_round):
            function()
        times.append((time.perf_counter() - start) / per_round)
    return statistics.median(times)


def on_copies(game, copy_game, call, rounds, per_round):
    """Median seconds of `call` on a fresh copy of `game` (copies made outside the clock),
    so nothing one call leaves behind helps the next."""
    times = []
    for _ in range(rounds):
        copies = [copy_game(game) for _ in range(per_round)]
        start = time.perf_counter()
        for c in copies:
            call(c)
        times.append((time.perf_counter() - start) / per_round)
    return statistics.median(times)


def opening_orders():
    workloads = json.loads((ROOT / "bench" / "workloads.json").read_text())
    return workloads["opening_s1901"]["orders"]


def midgame_state():
    text = (ROOT / "examples" / "midgame_34.ron").read_text()
    return dip.Position.from_text(text).state()


def mila_midgame(state):
    game = diplomacy.Game()
    game.clear_units()
    for power, units in state["units"].items():
        game.set_units(power, units, reset=True)
        game.set_centers(power, state["centers"][power], reset=True)
    game.set_current_phase(state["name"])
    return game


def dip_midgame(state):
    game = dip.mila.Game()
    game.set_state(state)
    return game


def movement_phase(make, orders, rounds, per_round):
    """set_orders for seven powers and process(), on fresh openings made outside the clock."""
    times = []
    for _ in range(rounds):
        games = [make() for _ in range(per_round)]
        start = time.perf_counter()
        for game in games:
            for power, power_orders in orders.items():
                game.set_orders(power, power_orders)
            game.process()
        times.append((time.perf_counter() - start) / per_round)
        assert games[0].get_current_phase() == "F1901M"
    return statistics.median(times)


def random_game(make, seed):
    """Random legal orders for every power until 1920 or a winner; returns phases played."""
    rng = random.Random(seed)
    game = make()
    phases = 0
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1920:
        possible = game.get_all_possible_orders()
        for power_name in game.powers:
            locations = game.get_orderable_locations(power_name)
            game.set_orders(power_name, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
        game.process()
        phases += 1
    return phases


def played_to(make, year, seed=7):
    """A game played with random legal orders until `year` (or a winner)."""
    rng = random.Random(seed)
    game = make()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < year:
        possible = game.get_all_possible_orders()
        for power_name in game.powers:
            locations = game.get_orderable_locations(power_name)
            game.set_orders(power_name, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
        game.process()
    return game


def agent_loop_alone(rounds):
    """Seconds a phase of `random_game`'s own Python: the loop run against stub games that
    hand back the lists a dip game recorded (their methods cost what a Python call costs)."""
    recorded, game = [], dip.mila.Game()
    rng = random.Random(0)
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1920:
        possible = game.get_all_possible_orders()
        orderable = {p: game.get_orderable_locations(p) for p in game.powers}
        recorded.append((game.get_current_phase(), possible, orderable))
        for power_name in game.powers:
            game.set_orders(power_name, [rng.choice(possible[loc]) for loc in orderable[power_name] if possible[loc]])
        game.process()
    names = list(game.powers)

    class Stub:
        def __init__(self):
            self.i, self.powers = 0, {name: None for name in names}

        @property
        def is_game_done(self):
            return self.i >= len(recorded)

        def get_current_phase(self):
            return recorded[self.i][0]

        def get_all_possible_orders(self):
            return recorded[self.i][1]

        def get_orderable_locations(self, power_name):
            return recorded[self.i][2][power_name]

        def set_orders(self, power_name, orders):
            pass

        def process(self):
            self.i += 1

    return median_time(lambda: random_game(Stub, 0), rounds, 50) / len(recorded)


def random_play_rate(make, games, rounds):
    """Median phases a second of random games (`games` a round, seeds counting on from 0),
    and games a second: games differ in length, so the phases are what two packages' rates
    are compared by (a package whose set iteration differs plays other games from a seed)."""
    phase_rates, game_rates = [], []
    seed = 0
    for _ in range(rounds):
        phases = 0
        start = time.perf_counter()
        for _ in range(games):
            phases += random_game(make, seed)
            seed += 1
        spent = time.perf_counter() - start
        phase_rates.append(phases / spent)
        game_rates.append(games / spent)
    return statistics.median(phase_rates), statistics.median(game_rates)


def scaling_worker(games, phases):
    """Seconds spent in process_many for `games` games over `phases` phases of random play."""
    rng = random.Random(1)
    batch = [dip.mila.Game() for _ in range(games)]
    spent = 0.0
    for _ in range(phases):
        for game in batch:
            possible = game.get_all_possible_orders()
            for power_name in game.powers:
                locations = game.get_orderable_locations(power_name)
                game.set_orders(power_name, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
        start = time.perf_counter()
        dip.process_many(batch)
        spent += time.perf_counter() - start
    return spent


def scaling(games, phases, rounds):
    """process_many with one thread and with two, each in its own process (rayon's pool
    size is fixed when it starts); median seconds of each."""
    times = {1: [], 2: []}
    # Alternating, so a load that comes and goes weighs on both alike.
    for _ in range(rounds):
        for threads in (1, 2):
            env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
            out = subprocess.run(
                [sys.executable, __file__, "--scaling-worker", str(games), str(phases)],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            times[threads].append(float(out.stdout.strip()))
    return {threads: statistics.median(t) for threads, t in times.items()}


def row(name, mila_seconds, dip_seconds, unit="µs"):
    scale = 1e6 if unit == "µs" else 1e3
    ratio = mila_seconds / dip_seconds
    print(f"| {name} | {mila_seconds * scale:,.1f} {unit} | {dip_seconds * scale:,.2f} {unit} | {ratio:,.0f}× |")
    return ratio


def main():
    if "--scaling-worker" in sys.argv:
        i = sys.argv.index("--scaling-worker")
        print(scaling_worker(int(sys.argv[i + 1]), int(sys.argv[i + 2])))
        return
    rounds = 3 if QUICK else 7
    orders = opening_orders()
    state = midgame_state()
    print(f"diplomacy {getattr(diplomacy, '__version__', '1.1.2')} vs dip {dip.__version__}, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; medians of {rounds} rounds\n")
    print("| measure | MILA diplomacy 1.1.2 | dip.mila | dip faster |")
    print("| --- | ---: | ---: | ---: |")
    ratios = {}
    ratios["phase"] = row(
        "one movement phase (set_orders ×7 + process), opening",
        movement_phase(diplomacy.Game, orders, rounds, 20),
        movement_phase(dip.mila.Game, orders, rounds, 2000),
    )
    mila_game, dip_game = diplomacy.Game(), dip.mila.Game()
    possible = lambda g: g.get_all_possible_orders()  # noqa: E731
    ratios["possible_opening"] = row(
        "get_all_possible_orders(), opening",
        on_copies(mila_game, copy.deepcopy, possible, rounds, 20),
        on_copies(dip_game, dip.mila.Game.clone, possible, rounds, 2000),
    )
    mila_mid, dip_mid = mila_midgame(state), dip_midgame(state)
    # Listed on other games: dip keeps a board's listing for the copies made after it, and
    # these rows time the listing itself.
    mila_possible = mila_midgame(state).get_all_possible_orders()
    dip_possible = dip_midgame(state).get_all_possible_orders()
    assert sum(map(len, mila_possible.values())) > 0 and sum(map(len, dip_possible.values())) > 0
    ratios["possible_midgame"] = row(
        "get_all_possible_orders(), midgame (34 units)",
        on_copies(mila_mid, copy.deepcopy, possible, rounds, 10),
        on_copies(dip_mid, dip.mila.Game.clone, possible, rounds, 1000),
    )
    # A search lists the same board on many copies of a game: dip's copies share the
    # listing made before them (MILA lists again).
    listed_mila, listed_dip = diplomacy.Game(), dip.mila.Game()
    listed_mila.get_all_possible_orders()
    listed_dip.get_all_possible_orders()
    ratios["possible_on_copies"] = row(
        "get_all_possible_orders() on copies of a game that listed, opening",
        on_copies(listed_mila, copy.deepcopy, possible, rounds, 20),
        on_copies(listed_dip, dip.mila.Game.clone, possible, rounds, 2000),
    )
    ratios["clone_opening"] = row(
        "deepcopy (MILA) / clone() (dip), opening",
        median_time(lambda: copy.deepcopy(mila_game), rounds, 20),
        median_time(dip_game.clone, rounds, 20000),
    )
    ratios["deepcopy_opening"] = row(
        "deepcopy, opening",
        median_time(lambda: copy.deepcopy(mila_game), rounds, 20),
        median_time(lambda: copy.deepcopy(dip_game), rounds, 20000),
    )
    ratios["clone_midgame"] = row(
        "deepcopy (MILA) / clone() (dip), midgame",
        median_time(lambda: copy.deepcopy(mila_mid), rounds, 20),
        median_time(dip_mid.clone, rounds, 20000),
    )
    # A search clones games with their history: both played at random to 1910.
    mila_long, dip_long = played_to(diplomacy.Game, 1910), played_to(dip.mila.Game, 1910)
    ratios["clone_history"] = row(
        f"deepcopy (MILA) / clone() (dip), a game at 1910 ({len(mila_long.get_phase_history())} and "
        f"{len(dip_long.get_phase_history())} phases played)",
        median_time(lambda: copy.deepcopy(mila_long), rounds, 5),
        median_time(dip_long.clone, rounds, 20000),
    )
    # The games of the rows above are let go, so the collector's passes during the games
    # below walk neither package's leftovers.
    del mila_game, dip_game, mila_mid, dip_mid, listed_mila, listed_dip, mila_long, dip_long
    del mila_possible, dip_possible
    gc.collect()
    mila_phases, mila_games = random_play_rate(diplomacy.Game, 2, 3 if QUICK else 5)
    dip_phases, dip_games = random_play_rate(dip.mila.Game, 10 if QUICK else 40, rounds)
    ratios["random_game"] = dip_phases / mila_phases
    print(f"| random games to 1920 or a winner, a phase (set_orders, listing, process) | "
          f"{1e6 / mila_phases:,.0f} µs ({mila_games:.2f} games/s) | {1e6 / dip_phases:,.1f} µs "
          f"({dip_games:,.0f} games/s) | {ratios['random_game']:,.0f}× |")
    print(f"\nthe random game's own loop alone (stub games handing back recorded lists): "
          f"{agent_loop_alone(rounds) * 1e6:.2f} µs a phase")
    games, phases = (1024, 10) if QUICK else (2048, 20)
    times = scaling(games, phases, 3 if QUICK else 7)
    per_phase = {t: times[t] / (games * phases) for t in times}
    print(f"\nprocess_many, {games} games × {phases} phases of random play (time inside process_many):")
    for t in (1, 2):
        print(f"  {t} thread{'s' if t > 1 else ''}: {times[t]:.3f} s, {per_phase[t] * 1e6:.2f} µs a game-phase, "
              f"{1 / per_phase[t]:,.0f} game-phases/s")
    print(f"  scaling 1 → 2 threads: {times[1] / times[2]:.2f}×")
    print("\nratios: " + ", ".join(f"{k} {v:,.0f}×" for k, v in ratios.items()))


if __name__ == "__main__":
    main()
