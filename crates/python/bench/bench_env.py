"""dip.env's phases a second, beside the bare dip.mila loop, on one core.

Run it in a virtual environment with the dip wheel and the env extra (PettingZoo,
Gymnasium, NumPy) installed: ``python crates/python/bench/bench_env.py [--quick]
[--variant standard]``. Not a timed test: it prints figures.

Rows:

- ``dip.env``: one step of ``DiplomacyEnv``, a phase of every power: the random masked
  actions (``env.sample_actions()``, a legal order per unit drawn from the compact mask),
  the phase played, and the next phase's observations (board tensor, phase,
  adjustments, orderable provinces), masks (legal indices per province), rewards,
  terminations and truncations handed back as PettingZoo's dicts.
- ``EnvCore``: the same phase through the Rust half alone (sample, step, observe), with no
  dicts built: the floor the Python layer adds to.
- ``dip.mila``: the bare agent loop of ``dip.mila.Game``: ``get_all_possible_orders()``,
  ``get_orderable_locations()``, a ``random.choice`` per unit, ``set_orders`` per power,
  ``process()``: no observation tensor and no mask, MILA's texts only.

Each is random games from the opening to the year limit (or a winner), timed over whole
games; each figure is the median of several rounds.
"""

import os

# One core: NumPy's BLAS threads would otherwise spin on the other (dip uses none).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("RAYON_NUM_THREADS", "1")

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import dip.env  # noqa: E402
import dip.mila  # noqa: E402
from dip._dip import EnvCore  # noqa: E402


def env_phases(variant, years, games, seed):
    env = dip.env.parallel_env(variant, max_years=years, seed=seed)
    phases = 0
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=seed + g)
        while env.agents:
            env.step(env.sample_actions())
            phases += 1
    return phases, time.perf_counter() - start


def core_phases(variant, years, games, seed):
    core = EnvCore(variant)
    limit = core.start_year + years
    rng = np.random.default_rng(seed)
    phases = 0
    start = time.perf_counter()
    for _ in range(games):
        core.reset()
        while True:
            numbers = np.frombuffer(core.observe()[1], dtype=np.int32)
            if numbers[2] >= limit or numbers[-1] >= 0:
                break
            core.step(core.sample(int(rng.integers(0, 2**63))))
            phases += 1
    return phases, time.perf_counter() - start


def mila_phases(variant, years, games, seed):
    rng = random.Random(seed)
    phases = 0
    start = time.perf_counter()
    for _ in range(games):
        game = dip.mila.Game(map_name=variant)
        limit = game._year + years
        while not game.is_game_done and game._year < limit:
            possible = game.get_all_possible_orders()
            for power in game.powers:
                orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(power) if possible[loc]]
                game.set_orders(power, orders)
            game.process()
            phases += 1
    return phases, time.perf_counter() - start


def median_rate(run, rounds, *args):
    rates = []
    for r in range(rounds):
        phases, seconds = run(*args[:-1], args[-1] + 1000 * r)
        rates.append(phases / seconds)
    return statistics.median(rates), phases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--years", type=int, default=20)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds, games = (3, 4) if args.quick else (7, 20)
    print(f"{args.variant}, random games of {args.years} years, median of {rounds} rounds of {games} games")
    env_phases(args.variant, 2, 2, 0)  # warm up: the map and its vocabulary are made once
    rows = [
        ("dip.env (ParallelEnv.step + sample_actions)", env_phases),
        ("EnvCore (the Rust half alone)", core_phases),
        ("dip.mila bare loop", mila_phases),
    ]
    for name, run in rows:
        rate, phases = median_rate(run, rounds, args.variant, args.years, games, 1)
        print(f"{name:<46} {rate:>9,.0f} phases/s  {1e6 / rate:>7.1f} µs a phase  ({phases} phases a round)")


if __name__ == "__main__":
    main()
