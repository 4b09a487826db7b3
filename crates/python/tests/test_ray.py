"""dip.ray on a real Ray runtime: a local cluster of 2 CPUs started here on loopback (its
session files in the test's temporary folder), never a mock. Self-play writes the games one
process plays, game for game and byte for byte, with a function or a class as the policy;
replay gives the verdicts dip.Game.from_saved_game gives one game at a time; a worker killed
mid-batch loses no finished shard and the run resumes from the shards written; a bad game is
reported, never fatal. The README's example runs too."""

import json
import os
import random
import re
import signal
import subprocess
import sys
import uuid
import warnings
from pathlib import Path
from typing import Any, Dict, Iterable, List

import pytest

ray = pytest.importorskip("ray")

import dip  # noqa: E402
import dip.ray  # noqa: E402
from dip.mila import Game  # noqa: E402
from dip.mila.export import to_saved_game_format  # noqa: E402

SEED = 7
LAST_YEAR = 1903  # games of about ten phases keep the suite quick


@pytest.fixture(scope="module", autouse=True)
def cluster(tmp_path_factory: Any) -> Iterable[None]:
    # The policies below live in this module, which Ray's workers cannot import: sent by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with pytest.MonkeyPatch.context() as env:
        # Ray's token authentication (on by default) with a token of this cluster's own,
        # held in the environment: without one Ray would write one to ~/.ray/auth_token.
        # RAY_AUTH_MODE, which ray.init sets, is put back as it was. No usage report.
        env.delenv("RAY_AUTH_MODE", raising=False)
        env.setenv("RAY_AUTH_TOKEN", uuid.uuid4().hex)
        env.setenv("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(
            num_cpus=2,
            object_store_memory=80 * 1024 * 1024,
            include_dashboard=False,
            _node_ip_address="127.0.0.1",
            _temp_dir=str(tmp_path_factory.mktemp("ray")),
            log_to_driver=False,
        )
        yield
        ray.shutdown()


def random_orders(game: Game, power: str, orders: Dict[str, List[str]], rng: random.Random) -> List[str]:
    return [rng.choice(options) for options in orders.values() if options]


class RandomPlayer:
    """A class policy (one made per actor) playing as random_orders does."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, game: Game, power: str, orders: Dict[str, List[str]], rng: random.Random) -> List[str]:
        return random_orders(game, power, orders, rng)


def one_process(games: int, seed: int = SEED) -> List[str]:
    """The games, as JSON lines, played in this process by the loop dip.ray documents: each
    game its own Random(f"{seed}:{index}"), each phase every power with orderable locations,
    in the map's order, given the possible orders of those locations."""
    lines = []
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        game = Game(f"s{seed}-g{index:08d}", map_name="standard")
        while not game.is_game_done and int(game.get_current_phase()[1:-1]) <= LAST_YEAR:
            possible = game.get_all_possible_orders()
            for power in game.powers:
                locations = game.get_orderable_locations(power)
                if locations:
                    game.set_orders(power, random_orders(game, power, {loc: possible[loc] for loc in locations}, rng))
            game.process()
        lines.append(json.dumps(to_saved_game_format(game)) + "\n")
    return lines


def shard_lines(folder: Path) -> List[str]:
    names = sorted(n for n in os.listdir(folder) if n.startswith("selfplay-"))
    return [line for n in names for line in (folder / n).read_text().splitlines(keepends=True)]


def untimed(lines: List[str]) -> List[Dict[str, Any]]:
    """Saved games without each state's `timestamp` (the time of writing, as MILA records it)."""
    games = [json.loads(line) for line in lines]
    for game in games:
        for phase in game["phases"]:
            del phase["state"]["timestamp"]
    return games


def test_import_dip_needs_no_ray() -> None:
    script = (
        "import sys; sys.modules['ray'] = None\n"
        "import dip, dip.mila\n"
        "try:\n    import dip.ray\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    assert "pip install 'dip-adjudicator[ray]'" in out.stdout


@pytest.mark.parametrize("policy", [random_orders, RandomPlayer], ids=["function", "class"])
def test_self_play_writes_the_games_of_one_process(tmp_path: Path, policy: Any) -> None:
    games = 10
    summary = dip.ray.self_play(
        policy,
        games,
        output=str(tmp_path),
        seed=SEED,
        max_year=LAST_YEAR,
        batch_size=3,
        policy_args=("random",) if isinstance(policy, type) else (),
        progress=False,
    )
    expected = one_process(games)
    assert untimed(shard_lines(tmp_path)) == untimed(expected)
    assert [os.path.basename(s) for s in summary.shards] == [
        f"selfplay-{a:08d}-{b:08d}.jsonl" for a, b in [(0, 3), (3, 6), (6, 9), (9, 10)]
    ]
    assert summary.games == games and summary.resumed == 0 and not summary.errors and not summary.failed
    assert summary.phases == sum(len(json.loads(line)["phases"]) - 1 for line in expected)
    assert summary.outcomes == {"unfinished": games}
    assert summary.games_per_second > 0
    assert sorted(os.listdir(tmp_path)) == sorted(["selfplay.json"] + [os.path.basename(s) for s in summary.shards])


def test_self_play_shards_replay_and_agree(tmp_path: Path, capsys: Any) -> None:
    summary = dip.ray.self_play(random_orders, 4, output=str(tmp_path), seed=SEED, max_year=LAST_YEAR)
    report = dip.ray.replay(str(tmp_path / "selfplay-*.jsonl"))
    assert len(report.games) == 4 and report.agreeing == 4, report.games
    assert report.phases == summary.phases
    # The progress, on standard error: a run this short shows only its last line, where it ended.
    shown = capsys.readouterr().err.splitlines()
    assert len(shown) == 2, shown
    assert re.match(rf"self_play: 4/4 games \(.*/s\), {summary.phases} phases, .* s$", shown[0]), shown
    assert re.match(rf"replay: 1/1 files, 4 games, {report.phases} phases \(.*/s\), .* s$", shown[1]), shown


def kill_once(marker: Path) -> Any:
    """A policy that kills its own worker process the first time it plays game 4 (the
    marker file says it did)."""

    def policy(game: Game, power: str, orders: Dict[str, List[str]], rng: random.Random) -> List[str]:
        if game.game_id.endswith("g00000004") and not marker.exists():
            marker.write_text("killed")
            os.kill(os.getpid(), signal.SIGKILL)
        return random_orders(game, power, orders, rng)

    return policy


def test_a_killed_worker_loses_no_shard_and_the_run_resumes(tmp_path: Path) -> None:
    out, marker = tmp_path / "games", tmp_path / "killed"
    run = dict(output=str(out), seed=SEED, max_year=LAST_YEAR, batch_size=3, progress=False)
    # Ray may not run the task again: the batch of games 3..5 is lost, the others written.
    with pytest.raises(dip.ray.SelfPlayIncomplete) as lost:
        dip.ray.self_play(kill_once(marker), 9, max_retries=0, **run)
    assert marker.exists()
    assert lost.value.summary.failed and lost.value.summary.failed[0].startswith("games 3..5:")
    assert lost.value.summary.games == 6
    names = sorted(os.listdir(out))
    assert names == ["selfplay-00000000-00000003.jsonl", "selfplay-00000006-00000009.jsonl", "selfplay.json"]
    expected = one_process(9)
    assert untimed(shard_lines(out)) == untimed(expected[:3] + expected[6:])
    # Called again, only the games missing are played.
    summary = dip.ray.self_play(kill_once(marker), 9, **run)
    assert (summary.resumed, summary.games) == (6, 3)
    assert untimed(shard_lines(out)) == untimed(expected)
    # Another run's settings in the same folder are refused.
    with pytest.raises(ValueError, match="another run"):
        dip.ray.self_play(kill_once(marker), 9, **{**run, "seed": SEED + 1})
    # With Ray's retries, a worker killed mid-batch costs nothing: the batch runs again.
    marker.unlink()
    again = tmp_path / "again"
    summary = dip.ray.self_play(kill_once(marker), 9, **{**run, "output": str(again)})
    assert marker.exists() and not summary.failed and summary.games == 9
    assert untimed(shard_lines(again)) == untimed(expected)


def fails_game_2(game: Game, power: str, orders: Dict[str, List[str]], rng: random.Random) -> List[str]:
    if game.game_id.endswith("g00000002"):
        raise RuntimeError("this policy cannot play game 2")
    return random_orders(game, power, orders, rng)


def test_a_bad_game_is_reported_not_fatal(tmp_path: Path) -> None:
    summary = dip.ray.self_play(
        fails_game_2, 5, output=str(tmp_path), seed=SEED, max_year=LAST_YEAR, batch_size=5, progress=False
    )
    assert summary.games == 4 and len(summary.errors) == 1
    assert summary.errors[0].startswith(f"game s{SEED}-g00000002:") and "cannot play game 2" in summary.errors[0]
    expected = one_process(5)
    assert untimed(shard_lines(tmp_path)) == untimed(expected[:2] + expected[3:])
    # A policy that is not one is refused before anything is written.
    for wrong in (ray.remote(RandomPlayer), "random"):
        with pytest.raises(TypeError, match="policy"):
            dip.ray.self_play(wrong, 1, output=str(tmp_path / "refused"), progress=False)
    assert not (tmp_path / "refused").exists()


def one_process_verdict(text: str, rules: Any) -> Dict[str, Any]:
    """What dip.Game.from_saved_game says of one game, without dip.ray."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", dip.DifferingBoardsWarning)
            game = dip.Game.from_saved_game(text, differing_boards="report", rules=rules)
    except dip.DipError as exc:
        return {"error": str(exc)}
    return {"phases": len(game.history), "differences": game.board_differences}


def test_replay_gives_the_verdicts_of_one_process(root: Path, tmp_path: Path) -> None:
    cicero = sorted((root / "games" / "cicero").glob("*.json"))
    texts = [p.read_text() for p in cicero]
    # A JSONL corpus of the same games, one with a board changed, one line not JSON, one
    # not a game, blank lines between.
    tampered = json.loads(texts[3])
    state = tampered["phases"][5]["state"]
    power = next(p for p, units in state["units"].items() if units)
    state["units"][power] = state["units"][power][1:]
    lines = [json.dumps(json.loads(t)) for t in texts[:3]] + [json.dumps(tampered), "", "{not json", "[1, 2]"]
    lines += [json.dumps(json.loads(t)) for t in texts[3:]]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n")
    # A file of one game written over many lines.
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads(texts[7]), indent=1))

    paths = [str(root / "games" / "cicero" / "*.json"), corpus, pretty]
    # Pieces of about 200 kB: the JSONL file is cut at line ends (a cicero game is about 80 kB).
    report = dip.ray.replay(paths, rules="webdiplomacy", piece_bytes=200_000, progress=False)
    # The cicero files hold their game on one line: JSONL files of one game, as `dip replay` reads them.
    sources = [f"{p}:1" for p in cicero] + [f"{corpus}:{n}" for n, line in enumerate(lines, start=1) if line]
    assert [g["source"] for g in report.games] == sources + [str(pretty)]
    expected = [one_process_verdict(t, "webdiplomacy") for t in texts] + [
        one_process_verdict(line, "webdiplomacy") for line in lines if line
    ] + [one_process_verdict(pretty.read_text(), "webdiplomacy")]
    assert len(report.games) == len(expected) == 44
    for got, want in zip(report.games, expected):
        if "error" in want:
            assert got["error"] is not None and not got["agrees"], got
            if got["error"].startswith("GameError"):
                assert got["error"] == f"GameError: {want['error']}"
        else:
            assert got["error"] is None, got
            assert (got["phases"], got["differences"]) == (want["phases"], want["differences"])
            assert got["agrees"] == (not want["differences"])
    # The cicero games agree, 722 phases each time (as `dip replay --rules webdiplomacy`).
    assert sum(g["phases"] for g in report.games[:20]) == 722 and report.agreeing == 41
    [differs] = report.differing
    assert differs["source"] == f"{corpus}:4" and len(differs["differences"]) >= 1
    assert re.search(r"game \S+, \S+: its orders", differs["differences"][0]), differs
    assert [g["source"] for g in report.unreadable] == [f"{corpus}:6", f"{corpus}:7"]
    assert report.phases_per_second > 0


def test_the_readme_example_runs(root: Path, tmp_path: Path, capsys: Any) -> None:
    readme = (root / "crates" / "python" / "README.md").read_text()
    section = readme[readme.index("## Self-play and replay on a Ray cluster") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    cwd = os.getcwd()
    os.chdir(root)  # the example names games/cicero/ from the repository's root
    try:
        exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = capsys.readouterr().out
    assert "20 games, 722 phases: 20 agree" in printed, printed
