"""dip on a Ray cluster: self-play and the replay of recorded games, spread over every core
Ray has (``pip install dip-adjudicator[ray]``).

Everything here runs on Ray's own primitives: a batch of games is one Ray task (one Ray
actor call for a policy that is a class), the driver waits on them with ``ray.wait``, and
Ray retries a task whose worker died. Nothing is distributed by code of dip's own; a game
is played and checked by the same dip calls as in one process (``dip.mila.Game``,
``dip.Game.from_saved_game``), so the results are those of one process, game for game.

Connect first (``ray.init()`` for this machine, ``ray.init(address="auto")`` on a node of
a cluster); without a connection Ray starts a local one on the first call.

``self_play(policy, games=N, ...)`` plays N games and writes them as saved-game JSONL
shards; ``replay(paths, ...)`` checks recorded games. See each for what it returns.

**The policy.** A picklable callable, ``policy(game, power, orders, rng)``, called once a
phase for each power with something to order, returning that power's orders (texts in
MILA's notation, as ``dip.mila.Game.set_orders`` takes them):

- ``game``: the ``dip.mila.Game`` being played (read it; do not play or change it);
- ``power``: the power's name (``"FRANCE"``);
- ``orders``: ``{location: [order text, ...]}``, the possible orders of each location the
  power orders this phase (``game.get_all_possible_orders()`` restricted to
  ``game.get_orderable_locations(power)``); in an adjustment phase those MILA lists for
  builds or removals, and the game keeps of the orders given what MILA's ``set_orders``
  keeps (WAIVE included);
- ``rng``: a ``random.Random`` of this game alone (seeded ``f"{seed}:{index}"``); a policy
  that draws its randomness from it plays the same games on any number of workers.

A class instead of a function is a stateful or model-backed policy: each Ray actor makes
one with ``policy(*policy_args)`` when it starts (loading a model once, on a GPU given
through ``ray_options={"num_gpus": 1}``) and calls it as above. The games are then the
same on any number of actors if its calls depend only on their arguments.
"""

import glob as _glob
import json
import os
import random
import re
import sys
import time
import traceback
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

try:
    import ray
    from ray.util import ActorPool
except ImportError as exc:  # pragma: no cover - exercised without Ray installed
    raise ImportError("dip.ray needs Ray: pip install 'dip-adjudicator[ray]'") from exc

import dip
from dip._dip import _write_text  # type: ignore[attr-defined]  # the package's atomic writer
from dip.mila import Game as MilaGame
from dip.mila.export import to_saved_game_format

__all__ = [
    "ReplayReport",
    "SelfPlayIncomplete",
    "SelfPlaySummary",
    "play_game",
    "replay",
    "replay_one",
    "self_play",
]

Rules = Union[str, Sequence[str], None]
Policy = Callable[[MilaGame, str, Dict[str, List[str]], random.Random], Iterable[str]]

# A shard holds the games first..end-1 of a run: `selfplay-00000000-00000064.jsonl`.
_SHARD = re.compile(r"^selfplay-(\d{8})-(\d{8})\.jsonl$")
_MANIFEST = "selfplay.json"


# ---------------------------------------------------------------- one game, one process


def game_id(seed: int, index: int) -> str:
    """The id of game ``index`` of a self-play run with ``seed``."""
    return f"s{seed}-g{index:08d}"


def play_game(
    policy: Policy,
    index: int,
    *,
    seed: int = 0,
    variant: str = "standard",
    rules: Rules = None,
    max_year: Optional[int] = None,
    refused: Optional[List[str]] = None,
) -> MilaGame:
    """Game ``index`` of a self-play run, played in this process: what ``self_play`` plays
    on a worker. Each phase every power with something to order is asked, in the map's
    order of powers, for its orders; the game ends when it is over (a win, or MILA's draw
    after a hundred years) or, with ``max_year``, before the first phase of the year after.
    An order the game refuses is left out, as MILA's ``set_orders`` leaves it, and named
    in ``refused`` (``"game, phase, power: why"``) when a list is given."""
    rng = random.Random(f"{seed}:{index}")
    game = MilaGame(game_id(seed, index), map_name=variant, dip_rules=rules)
    powers = list(game.powers)
    while not game.is_game_done:
        phase = game.get_current_phase()
        if max_year is not None and int(phase[1:-1]) > max_year:
            break
        possible = game.get_all_possible_orders()
        for power in powers:
            locations = game.get_orderable_locations(power)
            if not locations:
                continue
            orders = {loc: possible[loc] for loc in locations}
            chosen = list(policy(game, power, orders, rng))
            game.set_orders(power, chosen)
            if game.error:
                if refused is not None:
                    refused.extend(f"{game.game_id}, {phase}, {power}: {e}" for e in game.error)
                game.error = []
        game.process()
    return game


def _outcome(game: MilaGame) -> str:
    """``solo FRANCE``, ``draw AUSTRIA ENGLAND ...`` or ``unfinished`` (stopped at the year limit)."""
    outcome = game.outcome
    if not game.is_game_done or not outcome:
        return "unfinished"
    winners = outcome[1:]
    return f"solo {winners[0]}" if len(winners) == 1 else "draw " + " ".join(sorted(winners))


def _play_batch(
    policy: Policy, first: int, end: int, seed: int, variant: str, rules: Rules, max_year: Optional[int], output: str
) -> Dict[str, Any]:
    """Games first..end-1, written as one shard (all of it or nothing); what they came to.
    A game whose policy raised is reported and left out of the shard."""
    started = time.perf_counter()
    lines, outcomes, errors, refused = [], Counter(), [], []
    phases = 0
    for index in range(first, end):
        try:
            game = play_game(policy, index, seed=seed, variant=variant, rules=rules, max_year=max_year, refused=refused)
            saved = to_saved_game_format(game)
        except Exception:  # a fault of this game (its policy, most often), not the batch's
            errors.append(f"game {game_id(seed, index)}: {traceback.format_exc(limit=-3).strip()}")
            continue
        phases += len(saved["phases"]) - 1
        outcomes[_outcome(game)] += 1
        lines.append(json.dumps(saved) + "\n")
    shard = os.path.join(output, f"selfplay-{first:08d}-{end:08d}.jsonl")
    _write_text(shard, "".join(lines))
    return {
        "shard": shard,
        "games": len(lines),
        "phases": phases,
        "outcomes": dict(outcomes),
        "errors": errors,
        "refused": refused,
        "seconds": time.perf_counter() - started,
    }


# Ray's forms of the batch: a task for a policy that is a function, an actor for a class.
@ray.remote
def _play_batch_task(policy: Policy, *args: Any) -> Dict[str, Any]:
    return _play_batch(policy, *args)


@ray.remote
class _PolicyActor:
    def __init__(self, policy_class: type, policy_args: Tuple[Any, ...]) -> None:
        self.policy = policy_class(*policy_args)

    def play_batch(self, *args: Any) -> Dict[str, Any]:
        return _play_batch(self.policy, *args)


# ---------------------------------------------------------------- self-play


@dataclass
class SelfPlaySummary:
    """What a ``self_play`` run did. ``games`` and ``phases`` count the games played and
    written by this call (``resumed`` counts those already in shards, not played again);
    ``outcomes`` counts the games by how they ended (``solo FRANCE``, ``draw ...``,
    ``unfinished`` at the year limit); ``errors`` names each game left out (its policy
    raised) with why; ``refused`` each order the game refused (left out, as MILA does);
    ``failed`` each batch that was lost (its worker died more often than Ray retries) and
    that a call with the same arguments plays."""

    games: int = 0
    phases: int = 0
    resumed: int = 0
    seconds: float = 0.0
    outcomes: Dict[str, int] = field(default_factory=dict)
    shards: List[str] = field(default_factory=list)
    errors: List[str] = field(default_factory=list)
    refused: List[str] = field(default_factory=list)
    failed: List[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def phases_per_second(self) -> float:
        return self.phases / self.seconds if self.seconds else 0.0


class SelfPlayIncomplete(RuntimeError):
    """Some batches were lost (``summary.failed``); every other shard is written. Calling
    ``self_play`` again with the same arguments plays only the games missing."""

    def __init__(self, summary: SelfPlaySummary) -> None:
        super().__init__(
            f"self_play: {len(summary.failed)} batches lost (the others are written; run again to "
            f"play the rest): " + "; ".join(summary.failed[:3])
        )
        self.summary = summary


def _written_games(output: str) -> List[Tuple[int, int]]:
    """The ranges of games the shards in ``output`` hold (a shard is written whole or not at all)."""
    ranges = []
    for name in os.listdir(output):
        found = _SHARD.match(name)
        if found:
            ranges.append((int(found.group(1)), int(found.group(2))))
    return sorted(ranges)


def _missing_batches(games: int, batch_size: int, written: List[Tuple[int, int]]) -> List[Tuple[int, int]]:
    """The ranges of games 0..games-1 no shard holds, cut into batches of at most batch_size."""
    done = [False] * games
    for first, end in written:
        for i in range(first, min(end, games)):
            done[i] = True
    batches, index = [], 0
    while index < games:
        if done[index]:
            index += 1
            continue
        end = index
        while end < games and not done[end] and end - index < batch_size:
            end += 1
        batches.append((index, end))
        index = end
    return batches


def _check_manifest(output: str, run: Dict[str, Any]) -> None:
    """Writes the run's settings beside its shards; a folder of another run's shards is refused."""
    path = os.path.join(output, _MANIFEST)
    if os.path.exists(path):
        with open(path) as f:
            before = json.load(f)
        differing = [k for k in run if before.get(k) != run[k]]
        if differing:
            shown = ", ".join(f"{k}: {before.get(k)!r} there, {run[k]!r} now" for k in differing)
            raise ValueError(f"{path}: the shards in {output} are of another run ({shown}); use another folder")
        return
    _write_text(path, json.dumps(run, indent=1) + "\n")


class _Progress:
    """A line on standard error: on a terminal redrawn in place (``\\r``) at most twice a
    second; to a file or pipe (a log) a line every ten seconds, and the last."""

    def __init__(self, what: str, total: int, shown: bool) -> None:
        self.what, self.total, self.shown = what, total, shown
        self.started = self.last = time.perf_counter()  # a short run shows its last line only
        self.tty = sys.stderr.isatty()

    def update(self, done: int, text: str, final: bool = False) -> None:
        if not self.shown:
            return
        now = time.perf_counter()
        if not final and now - self.last < (0.5 if self.tty else 10.0):
            return
        self.last = now
        line = f"{self.what}: {done}/{self.total} {text}, {now - self.started:.1f} s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if final else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _cluster_cpus() -> int:
    if not ray.is_initialized():
        ray.init()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def self_play(
    policy: Union[Policy, type],
    games: int,
    *,
    output: str,
    variant: str = "standard",
    rules: Rules = None,
    seed: int = 0,
    max_year: Optional[int] = None,
    batch_size: int = 16,
    policy_args: Tuple[Any, ...] = (),
    actors: Optional[int] = None,
    max_retries: int = 3,
    ray_options: Optional[Dict[str, Any]] = None,
    progress: bool = True,
) -> SelfPlaySummary:
    """Plays games 0..games-1 on the Ray cluster with ``policy`` (see the module's doc) and
    writes them to the folder ``output`` (made if missing; on a cluster, a folder every
    node sees) as saved-game JSONL shards, ``selfplay-FIRST-END.jsonl``, one a batch of
    ``batch_size`` games, each written whole or not at all (a temporary file renamed over
    it). Game ``index`` is ``play_game(policy, index, seed=seed, ...)``: the same game in
    one process or on any number of workers.

    ``variant``: a map name; ``rules``: dip's rules (a preset such as ``"webdiplomacy"``,
    ``ISSUE=CHOICE`` overrides), as ``dip.mila.Game(dip_rules=...)`` takes them (None:
    the ``mila`` preset); ``max_year``: the last year played (None: to the end).

    Resuming: games already in a shard of ``output`` are not played again, so a call that
    stopped (a lost batch, a killed driver) is finished by calling again with the same
    arguments (more ``games`` adds games); ``output/selfplay.json`` records the run's
    settings, and a folder of another run's shards (another seed, variant, rules, year
    limit or policy) is refused.

    Failures: a task whose worker dies is run again by Ray, up to ``max_retries`` times
    (a class policy's actor is restarted as often). A batch lost beyond that is named in
    ``SelfPlayIncomplete``, raised once every other batch is written. A game whose policy
    raises is named in ``summary.errors`` and left out; the run goes on.

    ``actors``: for a class policy, how many actors (default: one a CPU of the cluster);
    ``ray_options``: Ray's ``.options()`` for each task or actor (``num_gpus``, ``memory``,
    ``runtime_env``, ...). ``progress``: a line on standard error as batches finish.
    """
    if games < 0 or batch_size < 1:
        raise ValueError(f"games must be at least 0 and batch_size at least 1, not {games} and {batch_size}")
    if isinstance(policy, ray.actor.ActorClass):
        raise TypeError("policy: pass the class itself, not ray.remote(class): dip.ray makes its actors")
    is_class = isinstance(policy, type)
    if not is_class and not callable(policy):
        raise TypeError(f"policy must be a callable or a class, not {type(policy).__name__}")
    os.makedirs(output, exist_ok=True)
    policy_name = f"{getattr(policy, '__module__', '?')}.{getattr(policy, '__qualname__', type(policy).__qualname__)}"
    run = {"seed": seed, "variant": variant, "rules": rules, "max_year": max_year, "policy": policy_name}
    _check_manifest(output, run)
    written = _written_games(output)
    batches = _missing_batches(games, batch_size, written)
    summary = SelfPlaySummary(resumed=games - sum(end - first for first, end in batches))
    cpus = _cluster_cpus()
    options = dict(ray_options or {})
    started = time.perf_counter()
    shown = _Progress("self_play", games, progress)

    def finished(result: Dict[str, Any]) -> None:
        summary.games += result["games"]
        summary.phases += result["phases"]
        summary.shards.append(result["shard"])
        summary.errors.extend(result["errors"])
        summary.refused.extend(result["refused"])
        for outcome, n in result["outcomes"].items():
            summary.outcomes[outcome] = summary.outcomes.get(outcome, 0) + n
        elapsed = time.perf_counter() - started
        shown.update(
            summary.resumed + summary.games + len(summary.errors),
            f"games ({summary.games / max(elapsed, 1e-9):.1f}/s), {summary.phases} phases",
        )

    args = lambda first, end: (first, end, seed, variant, rules, max_year, output)  # noqa: E731
    if is_class:
        count = min(actors or cpus, max(1, len(batches)))
        actor_options = {"max_restarts": max_retries, "max_task_retries": max_retries, **options}
        pool = ActorPool(
            [_PolicyActor.options(**actor_options).remote(policy, tuple(policy_args)) for _ in range(count)]
        )
        for first, end in batches:
            pool.submit(lambda actor, batch: actor.play_batch.remote(*args(*batch)), (first, end))
        for first, end in batches:
            try:
                finished(pool.get_next())
            except (ray.exceptions.RayError, OSError) as exc:
                summary.failed.append(f"games {first}..{end - 1}: {exc}")
    else:
        policy_ref = ray.put(policy)
        task = _play_batch_task.options(max_retries=max_retries, **options)
        # Twice the cluster's CPUs of batches submitted at a time: every CPU busy, and
        # each wait looks at a short list however many batches the run has.
        todo = list(reversed(batches))
        pending: Dict[Any, Tuple[int, int]] = {}
        while todo or pending:
            while todo and len(pending) < 2 * cpus:
                first, end = todo.pop()
                pending[task.remote(policy_ref, *args(first, end))] = (first, end)
            done, _ = ray.wait(list(pending), num_returns=1)
            first, end = pending.pop(done[0])
            try:
                finished(ray.get(done[0]))
            except (ray.exceptions.RayError, OSError) as exc:
                summary.failed.append(f"games {first}..{end - 1}: {exc}")
    summary.seconds = time.perf_counter() - started
    summary.shards.sort()
    shown.update(
        summary.resumed + summary.games + len(summary.errors),
        f"games ({summary.games_per_second:.1f}/s), {summary.phases} phases",
        final=True,
    )
    if summary.failed:
        raise SelfPlayIncomplete(summary)
    return summary


# ---------------------------------------------------------------- replay


def replay_one(text: str, rules: Rules = None, source: str = "") -> Dict[str, Any]:
    """One saved game (its JSON text) checked in this process, as ``replay`` checks each:
    ``dip.Game.from_saved_game(text, differing_boards="report", rules=rules)``, every
    recorded phase's orders played on the board recorded before them and compared with the
    board recorded next. Returns ``source``, ``agrees`` (every board agrees), ``phases``
    (phases played again), ``differences`` (a line for each phase that differs, naming
    game, phase and what differs, as ``dip replay`` and ``board_differences`` word them)
    and ``error`` (why the game cannot be played again, or None)."""
    result: Dict[str, Any] = {"source": source, "agrees": False, "phases": 0, "differences": [], "error": None}
    try:
        with warnings.catch_warnings():
            # The differences are returned; a warning for each would only repeat them.
            warnings.simplefilter("ignore", dip.DifferingBoardsWarning)
            # The text itself, read by dip: a third faster than a dict json.loads made.
            game = dip.Game.from_saved_game(text, differing_boards="report", rules=rules)
    except (ValueError, dip.DipError) as exc:  # not a game dip can play again
        result["error"] = f"{type(exc).__name__}: {exc}"
        return result
    result["differences"] = game.board_differences
    result["phases"] = len(game.history)
    result["agrees"] = not result["differences"]
    return result


# One piece of the corpus: (path, start byte, end byte, first line). The first line is
# None for a whole file, which the task reads as one game or as JSONL as the file holds.
_Piece = Tuple[str, int, int, Optional[int]]


def _lines(data: bytes, first: int) -> Iterator[Tuple[int, bytes]]:
    """The non-blank lines of `data` and their numbers, the first numbered `first`."""
    for number, raw in enumerate(data.split(b"\n"), start=first):
        if raw.strip():
            yield number, raw


def _replay_pieces(pieces: List[_Piece], rules: Rules) -> List[Dict[str, Any]]:
    results = []
    for path, start, end, line in pieces:
        try:
            with open(path, "rb") as f:
                f.seek(start)
                data = f.read(end - start)
        except OSError as exc:
            error = f"OSError: {exc}"
            results.append({"source": path, "agrees": False, "phases": 0, "differences": [], "error": error})
            continue
        if line is None:
            first = next(_lines(data, 1), None)
            if first is None or not _whole_json(first[1]):
                results.append(replay_one(data.decode("utf-8", errors="replace"), rules, path))
                continue
            line = 1
        for number, raw in _lines(data, line):
            results.append(replay_one(raw.decode("utf-8", errors="replace"), rules, f"{path}:{number}"))
    return results


@ray.remote
def _replay_task(pieces: List[_Piece], rules: Rules) -> List[Dict[str, Any]]:
    return _replay_pieces(pieces, rules)


def _paths(paths_or_glob: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]]) -> List[str]:
    """Files named, and the files each glob pattern matches (sorted), in the order given."""
    items = [paths_or_glob] if isinstance(paths_or_glob, (str, os.PathLike)) else list(paths_or_glob)
    out = []
    for item in items:
        item = os.fspath(item)
        if _glob.has_magic(item):
            matched = sorted(p for p in _glob.glob(item, recursive=True) if os.path.isfile(p))
            if not matched:
                raise FileNotFoundError(f"{item}: no file matches")
            out.extend(matched)
        else:
            if not os.path.isfile(item):
                raise FileNotFoundError(f"{item}: no such file")
            out.append(item)
    return out


def _whole_json(line: bytes) -> bool:
    """As ``dip replay`` tells a file of a game a line (JSONL) from a file of one game: its
    first non-blank line is a whole JSON value."""
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def _pieces(paths: List[str], piece_bytes: int) -> Iterator[_Piece]:
    """The corpus cut into pieces: a file of at most piece_bytes is one, read by its task
    alone (the driver only looks at its size); a larger JSONL file is cut at the first line
    end after each piece_bytes, read here as a stream; a larger file of one game is one."""
    for path in paths:
        size = os.path.getsize(path)
        if size <= piece_bytes:
            yield (path, 0, size, None)
            continue
        with open(path, "rb") as f:
            first = next((raw for raw in f if raw.strip()), b"")
            if not _whole_json(first):
                yield (path, 0, size, None)
                continue
            f.seek(0)
            start = offset = 0
            first_line = 1
            for number, raw in enumerate(f, start=1):
                offset += len(raw)
                if offset - start >= piece_bytes:
                    yield (path, start, offset, first_line)
                    start, first_line = offset, number + 1
            if offset > start:
                yield (path, start, offset, first_line)


@dataclass
class ReplayReport:
    """What ``replay`` found: ``games``, one dict a game in the corpus's order (files in
    the order given, each glob's files sorted, a file's games in its order), as
    ``replay_one`` returns it; the counts below add them up."""

    games: List[Dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def phases(self) -> int:
        return sum(g["phases"] for g in self.games)

    @property
    def agreeing(self) -> int:
        """Games every board of which agrees."""
        return sum(1 for g in self.games if g["agrees"])

    @property
    def differing(self) -> List[Dict[str, Any]]:
        """Games played again with boards that differ."""
        return [g for g in self.games if g["error"] is None and not g["agrees"]]

    @property
    def unreadable(self) -> List[Dict[str, Any]]:
        """Games that cannot be played again (not JSON, not a game, orders dip cannot read)."""
        return [g for g in self.games if g["error"] is not None]

    @property
    def phases_per_second(self) -> float:
        return self.phases / self.seconds if self.seconds else 0.0


def replay(
    paths_or_glob: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]],
    *,
    rules: Rules = None,
    piece_bytes: int = 16 << 20,
    max_retries: int = 3,
    ray_options: Optional[Dict[str, Any]] = None,
    progress: bool = True,
) -> ReplayReport:
    """Checks a corpus of saved games on the Ray cluster: each game as ``replay_one``
    checks it (``rules`` as ``dip.Game.from_saved_game`` takes them: the rules of games
    that record none). ``paths_or_glob``: a file, a glob (``"games/**/*.jsonl"``), or a
    list of them; a file holds one game (JSON) or a game a line (JSONL), told apart as
    ``dip replay`` does.

    The corpus is streamed, never loaded whole: a file of at most ``piece_bytes`` is one
    piece, a Ray task that reads it (the driver only asks its size), and a larger JSONL
    file is cut into pieces of about ``piece_bytes`` at line ends (read once by the driver,
    a block at a time, to find them); each task reads its piece itself, so on a cluster the
    files must be where every node sees them. No more pieces are waiting than twice the
    cluster's CPUs, and a piece's results are collected as it finishes. A game that cannot
    be read or played is reported in its entry (``error``), never fatal; a task whose
    worker dies is run again by Ray (``max_retries``), and a piece lost beyond that is one
    entry with its ``error``, its ``source`` naming the file and the line its games start at.
    """
    if piece_bytes < 1:
        raise ValueError(f"piece_bytes must be at least 1, not {piece_bytes}")
    paths = _paths(paths_or_glob)
    cpus = _cluster_cpus()
    task = _replay_task.options(max_retries=max_retries, **dict(ray_options or {}))
    window = 2 * cpus
    started = time.perf_counter()
    shown = _Progress("replay", len(paths), progress)
    done_pieces: Dict[int, List[Dict[str, Any]]] = {}
    pending: Dict[Any, Tuple[int, _Piece]] = {}
    games = phases = 0
    files_done = set()

    def collect(block: bool) -> None:
        nonlocal games, phases
        ready, _ = ray.wait(list(pending), num_returns=1, timeout=None if block else 0)
        for ref in ready:
            number, piece = pending.pop(ref)
            try:
                results = ray.get(ref)
            except ray.exceptions.RayError as exc:
                where = piece[0] if piece[3] is None else f"{piece[0]}, the games from line {piece[3]}"
                why = f"lost: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                results = [{"source": where, "agrees": False, "phases": 0, "differences": [], "error": why}]
            done_pieces[number] = results
            games += len(results)
            phases += sum(r["phases"] for r in results)
            files_done.add(piece[0])
            elapsed = time.perf_counter() - started
            rate = phases / max(elapsed, 1e-9)
            shown.update(len(files_done), f"files, {games} games, {phases} phases ({rate:.0f}/s)")

    for number, piece in enumerate(_pieces(paths, piece_bytes)):
        while len(pending) >= window:
            collect(block=True)
        pending[task.remote([piece], rules)] = (number, piece)
    while pending:
        collect(block=True)
    report = ReplayReport(seconds=time.perf_counter() - started)
    for number in sorted(done_pieces):
        report.games.extend(done_pieces[number])
    rate = report.phases_per_second
    shown.update(len(paths), f"files, {len(report.games)} games, {report.phases} phases ({rate:.0f}/s)", final=True)
    return report
