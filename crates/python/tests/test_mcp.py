"""`dip mcp` driven by a real client: the official MCP Python SDK (``mcp``, pinned in the
test environment) starts the server over stdio, lists its tools and plays whole games
through them, each phase checked against ``dip.Game`` playing the same orders.

The ``dip`` program is the one ``DIP_BINARY`` names, or else the debug build of
``dip-cli``, built here with cargo (``cargo build -p dip-cli``, which the Rust test run
has usually done already).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest

import dip

mcp = pytest.importorskip("mcp")
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
TOOLS = {
    "games",
    "new_game",
    "board",
    "legal_orders",
    "submit_orders",
    "ready",
    "advance",
    "results",
    "explain",
    "history",
    "saved_game",
}


@pytest.fixture(scope="module")
def dip_binary() -> str:
    named = os.environ.get("DIP_BINARY")
    if named:
        return named
    built = subprocess.run(
        ["cargo", "build", "-p", "dip-cli", "--locked", "--message-format=json-render-diagnostics"],
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    for line in built.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] == "dip":
            if message.get("executable"):
                return message["executable"]
    raise AssertionError("cargo built no `dip` program")


class Client:
    """One session with a `dip mcp` server, calling tools and unpacking their answers."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session

    async def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = await self.session.call_tool(tool, arguments)
        assert not result.is_error, f"{tool} {arguments}: {result.content}"
        assert isinstance(result.structured_content, dict), result
        return result.structured_content

    async def fails(self, tool: str, arguments: Any) -> str:
        result = await self.session.call_tool(tool, arguments)
        assert result.is_error, f"{tool} {str(arguments)[:200]} should fail: {str(result.content)[:500]}"
        return result.content[0].text


async def with_server(binary: str, games: Path, body, *extra: str) -> None:
    params = StdioServerParameters(command=binary, args=["mcp", "--games", str(games), *extra])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await body(Client(session))


def server_pid(binary: str) -> int:
    """The `dip mcp` child of this process (the SDK does not say which it started)."""
    me = os.getpid()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            exe = os.readlink(entry / "exe")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == me and Path(exe).resolve() == Path(binary).resolve():
            found.append(int(entry.name))
    assert len(found) == 1, found
    return found[0]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def province_of(mila_order: str) -> str:
    """The province an adjustment order names (`A PAR B`, `F STP/NC B`), or `WAIVE`."""
    words = mila_order.split()
    return words[1].split("/")[0] if len(words) > 1 else words[0]


async def random_orders(client: Client, game: str, rng: random.Random) -> list[tuple[str, str]]:
    """One random legal order a unit, in MILA notation; in an adjustment phase as many
    builds (at different sites) or removals as each power has."""
    legal = await client.call("legal_orders", game=game, notation="mila")
    if not legal["phase"].endswith("Adjustment"):
        return [(u["power"], rng.choice(u["orders"])) for u in legal["units"] if u["orders"]]
    board = await client.call("board", game=game)
    needed = {p["power"]: p["to_order"] for p in board["powers"]}
    orders = []
    for group in legal["units"]:
        power = group["power"]
        count = needed[power].get("builds", 0) or needed[power].get("removals", 0)
        choices = [o for o in group["orders"] if o != "WAIVE"]
        rng.shuffle(choices)
        taken: set[str] = set()
        for order in choices:
            if len(taken) == count:
                break
            if province_of(order) not in taken:
                taken.add(province_of(order))
                orders.append((power, order))
    return orders


def test_the_server_lists_its_tools(dip_binary: str, tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        tools = (await client.session.list_tools()).tools
        assert {t.name for t in tools} == TOOLS
        for tool in tools:
            assert tool.description and len(tool.description) > 40
            assert tool.input_schema["type"] == "object"
        submit = next(t for t in tools if t.name == "submit_orders")
        assert set(submit.input_schema["required"]) == {"game", "power", "orders"}

    anyio.run(with_server, dip_binary, tmp_path / "games", body)


@pytest.mark.parametrize("seed", [1])
def test_a_whole_game_through_the_tools_is_dip_game(dip_binary: str, tmp_path: Path, seed: int) -> None:
    """Random legal orders to a winner or 1920; after every phase the server's saved game
    is the saved game of `dip.Game` given the same orders. The server is stopped and started
    again halfway, on the same folder."""
    rng = random.Random(seed)
    reference = dip.Game("standard")
    folder = tmp_path / "games"
    state = {"phases": 0, "done": False}

    async def play(client: Client, phases: int) -> None:
        if state["phases"] == 0:
            made = await client.call("new_game", id="g", variant="standard")
            assert made["phase"] == reference.position.phase_long
        for _ in range(phases):
            board = await client.call("board", game="g")
            assert board["phase"] == reference.position.phase_long
            if board["winner"] or board["phase"].split()[1] == "1920":
                state["done"] = True
                return
            orders = await random_orders(client, "g", rng)
            by_power: dict[str, list[str]] = {}
            for power, order in orders:
                by_power.setdefault(power, []).append(order)
            for power, texts in by_power.items():
                submitted = await client.call("submit_orders", game="g", power=power, orders=texts)
                assert all(row["read"] for row in submitted["orders"]), submitted
            reference.play(orders)
            if state["phases"] % 4 == 3:
                played = await client.call("advance", game="g")
            else:
                # Every power says it is ready, those with nothing to order too; the last
                # one that had orders to give sets off the adjudication.
                played = {"adjudicated": False}
                for power in [p["power"] for p in board["powers"]]:
                    played = await client.call("ready", game="g", power=power)
                    if played["adjudicated"] is not False:
                        break
                assert played["adjudicated"] == board["phase"], played
            assert played["phase"] == reference.position.phase_long
            state["phases"] += 1
            saved = await client.call("saved_game", game="g")
            assert saved == reference.to_saved_game("g"), f"phase {state['phases']}"
            results = await client.call("results", game="g", notation="mila")
            assert results["schema"] == "dip-results"
            assert len(results["orders"]) == len(orders)
            if results["phase"].endswith("Movement") and results["orders"]:
                # One order's decision, named as `results` writes it.
                row = rng.choice(results["orders"])
                explained = await client.call("explain", game="g", order=row["order"], notation="mila")
                assert explained["phase"] == results["phase"]
                assert (explained["order"], explained["power"]) == (row["order"], row["power"])
                assert explained["index"] == row["index"]
                assert explained["explanation"]["lines"] or explained["explanation"]["kind"] == "other"
            # MILA's result codes for the same phase agree with dip.Game's.
            history = await client.call("history", game="g")
            assert history["phases"][-1]["results"] == reference.history[-1]["results"]

    anyio.run(with_server, dip_binary, folder, lambda c: play(c, 12))
    assert state["phases"] == 12
    # A server started again on the folder goes on where the first stopped.
    anyio.run(with_server, dip_binary, folder, lambda c: play(c, 10_000))
    assert state["done"]
    assert reference.winner is not None or reference.position.phase_long.split()[1] == "1920"
    print(f"seed {seed}: {state['phases']} phases, to {reference.position.phase_long}, winner {reference.winner}")


def test_bad_input_is_a_tool_error_with_memory_flat(dip_binary: str, tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        await client.call("new_game", id="g")
        pid = server_pid(dip_binary)
        start = rss_kib(pid)
        junk_rng = random.Random(7)
        hundred_thousand = ["A Paris - Burgundy"] * 100_000

        async def round_of_bad_input() -> None:
            assert "bad arguments" in await client.fails("board", {"game": 42})
            assert "bad arguments" in await client.fails("submit_orders", {"game": "g", "power": "France", "orders": "A Paris - Burgundy"})
            assert "missing field" in await client.fails("ready", {"game": "g"})
            assert "bad arguments" in await client.fails("new_game", {"variant": "standard", "colour": "red"})
            assert "no game" in await client.fails("board", {"game": "no-such-game"})
            assert "no power named" in await client.fails("legal_orders", {"game": "g", "power": "Atlantis"})
            assert "no tool" in await client.fails("adjudicate_everything", {})
            other = await client.fails("submit_orders", {"game": "g", "power": "France", "orders": ["A Berlin - Kiel"]})
            assert "not accepted" in other
            assert "at most" in await client.fails("submit_orders", {"game": "g", "power": "France", "orders": hundred_thousand})
            junk = bytes(junk_rng.randrange(256) for _ in range(4000)).decode("latin-1")
            await client.fails("submit_orders", {"game": "g", "power": "France", "orders": [junk, junk[:50]]})
            await client.fails("board", {"game": junk})

        for _ in range(5):
            await round_of_bad_input()
        before = rss_kib(pid)
        for _ in range(40):
            await round_of_bad_input()
        after = rss_kib(pid)
        # Forty more rounds of 11 refusals leave the server's memory where five rounds left
        # it, give or take the allocator's keeping of freed pages (a few MiB either way after
        # each 2 MB flood of orders): a round kept would be 40 × at least 5 MiB.
        assert after - before < 16 * 1024, (before, after)
        # And it still plays.
        await client.call("submit_orders", game="g", power="France", orders=["A Paris - Burgundy"])
        played = await client.call("advance", game="g")
        assert played["phase"] == "Fall 1901 Movement"
        print(f"dip mcp VmRSS: {start} KiB at first, {before} KiB after 5 rounds of bad input, {after} KiB after 45")

    anyio.run(with_server, dip_binary, tmp_path / "games", body)


def test_a_server_for_one_power(dip_binary: str, tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        names = {t.name for t in (await client.session.list_tools()).tools}
        assert names == TOOLS - {"advance"}
        await client.call("new_game", id="g")
        assert "France only" in await client.fails("submit_orders", {"game": "g", "power": "Germany", "orders": []})
        board = await client.call("board", game="g", power="France")
        assert [p["power"] for p in board["powers"]] == ["France"]
        legal = await client.call("legal_orders", game="g")
        assert {u["power"] for u in legal["units"]} == {"France"}

    anyio.run(with_server, dip_binary, tmp_path / "games", body, "--power", "France")


def test_the_board_as_a_picture(dip_binary: str, tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        await client.call("new_game", id="g")
        result = await client.session.call_tool("board", {"game": "g", "image": True, "power": "England"})
        assert not result.is_error
        kinds = [c.type for c in result.content]
        assert kinds == ["text", "text", "image"]
        assert "England: 3 units" in result.content[0].text
        assert result.content[2].mime_type == "image/png"
        import base64

        assert base64.b64decode(result.content[2].data)[:8] == b"\x89PNG\r\n\x1a\n"

    anyio.run(with_server, dip_binary, tmp_path / "games", body)
