"""dip.ray's throughput on 1 and 2 CPUs: self-play games a second (random legal orders,
games to the year limit or a winner) and replayed phases a second (the 20 games of
games/cicero/ copied into a corpus of JSONL shards), each on a local Ray cluster started for the
measure, in a process of its own; beside them, the same work in one process without Ray
(the per-core rate) and Ray's cost of a task (an empty task, round trip and in bulk).

    python crates/python/bench/bench_ray.py [--games 2000] [--copies 50] [--rounds 3]

Needs dip and Ray installed (``pip install 'dip-adjudicator[ray]'``). Everything is written
to a temporary folder, removed after. Each figure is the median of ``--rounds`` runs."""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parents[3]


def random_orders(game: Any, power: str, orders: Dict[str, List[str]], rng: random.Random) -> List[str]:
    return [rng.choice(options) for options in orders.values() if options]


def corpus(folder: Path, copies: int) -> Path:
    """A corpus sharded as self_play writes one: `copies` JSONL files of the 20 cicero
    games (1.6 MB each, a Ray task each); the folder."""
    lines = [json.dumps(json.loads(p.read_text())) for p in sorted((ROOT / "games" / "cicero").glob("*.json"))]
    path = folder / "corpus"
    path.mkdir()
    for copy in range(copies):
        (path / f"cicero-{copy:04d}.jsonl").write_text("".join(line + "\n" for line in lines))
    return path


def one_process(args: Any, folder: Path) -> Dict[str, float]:
    """The per-core rate: dip.ray's own per-game functions in a loop, no Ray."""
    import dip.ray
    from dip.mila.export import to_saved_game_format

    games = max(50, args.games // 4)
    started, cpu = time.perf_counter(), time.process_time()
    phases = 0
    for index in range(games):
        game = dip.ray.play_game(random_orders, index, seed=1, max_year=args.max_year)
        saved = to_saved_game_format(game)
        json.dumps(saved)  # as a shard's line is made
        phases += len(saved["phases"]) - 1
    play, play_cpu = time.perf_counter() - started, time.process_time() - cpu
    path = corpus(folder, max(1, args.copies // 4))
    started, cpu = time.perf_counter(), time.process_time()
    replayed = 0
    for shard in sorted(path.iterdir()):
        with open(shard) as f:
            for line in f:
                replayed += dip.ray.replay_one(line, "webdiplomacy")["phases"]
    check, check_cpu = time.perf_counter() - started, time.process_time() - cpu
    return {
        "games_per_s": games / play,
        "phases_per_s": replayed / check,
        "games_per_cpu_s": games / play_cpu,
        "phases_per_cpu_s": replayed / check_cpu,
    }


def session_cpu() -> float:
    """CPU seconds used so far by this process and every process under it: the local
    cluster's GCS, raylet and workers, which ray.init started from here."""
    import psutil  # a dependency of Ray

    me = psutil.Process()
    total = 0.0
    for process in [me] + me.children(recursive=True):
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def on_ray(args: Any, folder: Path, cpus: int) -> Dict[str, float]:
    """Self-play and replay on a local cluster of `cpus` CPUs, and Ray's cost of a task."""
    import ray

    import dip.ray

    # Token authentication with a token held in the environment (Ray would write one to
    # ~/.ray/auth_token); no usage report.
    os.environ.update(RAY_AUTH_TOKEN=uuid.uuid4().hex, RAY_USAGE_STATS_ENABLED="0")
    ray.init(
        num_cpus=cpus,
        object_store_memory=100 * 1024 * 1024,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        _temp_dir=str(folder / "ray"),
        log_to_driver=False,
    )

    @ray.remote
    def noop() -> None:
        return None

    # Workers started and warm before anything is timed.
    ray.get([noop.remote() for _ in range(4 * cpus)])
    dip.ray.self_play(random_orders, 4 * cpus, output=str(folder / "warm"), max_year=1902, batch_size=1, progress=False)
    path = corpus(folder, args.copies)

    started = time.perf_counter()
    for _ in range(200):
        ray.get(noop.remote())
    latency = (time.perf_counter() - started) / 200
    started, cpu = time.perf_counter(), session_cpu()
    ray.get([noop.remote() for _ in range(4000)])
    bulk = (time.perf_counter() - started) / 4000
    task_cpu = (session_cpu() - cpu) / 4000  # the CPU a task costs the driver, raylet and worker together

    cpu = session_cpu()
    summary = dip.ray.self_play(
        random_orders, args.games, output=str(folder / "games"), seed=1, max_year=args.max_year, progress=False
    )
    play_cpu, cpu = session_cpu() - cpu, session_cpu()
    report = dip.ray.replay(str(path / "*.jsonl"), rules="webdiplomacy", progress=False)
    check_cpu = session_cpu() - cpu
    assert report.agreeing == len(report.games) == 20 * args.copies, "the corpus should replay without a difference"
    ray.shutdown()
    return {
        "games_per_s": summary.games_per_second,
        "phases_per_s": report.phases_per_second,
        "selfplay_phases_per_s": summary.phases_per_second,
        # How many cores the session got (the machine is shared), and the work per CPU second.
        "selfplay_cores_used": play_cpu / summary.seconds,
        "replay_cores_used": check_cpu / report.seconds,
        "games_per_cpu_s": summary.games / play_cpu,
        "phases_per_cpu_s": report.phases / check_cpu,
        "task_round_trip_s": latency,
        "task_in_bulk_s": bulk,
        "task_cpu_s": task_cpu,
    }


def child(args: Any) -> None:
    with tempfile.TemporaryDirectory(prefix="dip-bench-ray-") as tmp:
        folder = Path(tmp)
        result = one_process(args, folder) if args.cpus == 0 else on_ray(args, folder, args.cpus)
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="self-play games a run")
    parser.add_argument("--copies", type=int, default=50, help="copies of the 20 cicero games replayed a run")
    parser.add_argument("--max-year", type=int, default=1920)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpus", type=int, help=argparse.SUPPRESS)  # a child's measure; 0: no Ray
    args = parser.parse_args()
    if args.cpus is not None:
        child(args)
        return
    runs: Dict[int, List[Dict[str, float]]] = {0: [], 1: [], 2: []}
    for _ in range(args.rounds):
        for cpus in (0, 1, 2):  # alternated, so a busy spell of the machine hits all alike
            command = [sys.executable, __file__, "--cpus", str(cpus), "--games", str(args.games)]
            command += ["--copies", str(args.copies), "--max-year", str(args.max_year)]
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            runs[cpus].append(json.loads(out.strip().splitlines()[-1]))
    median = {c: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for c, rs in runs.items()}
    print(f"medians of {args.rounds} rounds; {args.games} games to {args.max_year}, {20 * args.copies} games replayed")
    print(f"{'':24}{'games/s':>10}{'phases/s':>12}")
    print(f"{'one process, no Ray':24}{median[0]['games_per_s']:>10.1f}{median[0]['phases_per_s']:>12.0f}")
    print(
        f"one process, no Ray: {median[0]['games_per_cpu_s']:.1f} games and "
        f"{median[0]['phases_per_cpu_s']:.0f} replayed phases a CPU second"
    )
    for cpus in (1, 2):
        m = median[cpus]
        print(f"{'Ray, ' + str(cpus) + ' CPU':24}{m['games_per_s']:>10.1f}{m['phases_per_s']:>12.0f}")
    print(
        f"scaling 1 -> 2 CPUs: self-play {median[2]['games_per_s'] / median[1]['games_per_s']:.2f}x, "
        f"replay {median[2]['phases_per_s'] / median[1]['phases_per_s']:.2f}x"
    )
    for cpus in (1, 2):
        m = median[cpus]
        print(
            f"Ray, {cpus} CPU: the session used {m['selfplay_cores_used']:.2f} cores in self-play "
            f"({m['games_per_cpu_s']:.1f} games a CPU second), {m['replay_cores_used']:.2f} in replay "
            f"({m['phases_per_cpu_s']:.0f} phases a CPU second)"
        )
    for cpus in (1, 2):
        m = median[cpus]
        print(
            f"Ray's task cost, {cpus} CPU: {m['task_round_trip_s'] * 1e6:.0f} us a round trip, "
            f"{m['task_in_bulk_s'] * 1e6:.0f} us a task in bulk, {m['task_cpu_s'] * 1e6:.0f} us of CPU a task"
        )
    print("runs:", json.dumps(runs))


if __name__ == "__main__":
    main()
