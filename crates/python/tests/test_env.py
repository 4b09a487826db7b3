"""dip.env, the PettingZoo environment: PettingZoo's own conformance tests on four variants,
the legal actions against the engine's legal orders, rewards, order texts, rendering."""

import re
import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import dip  # noqa: E402
import dip.env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

# Standard, and three maps unlike it: five powers on another board, a big map with
# railroads and canals, and ten powers with multi-coast provinces of their own.
VARIANTS = ["standard", "ancient_mediterranean", "colonial", "modern"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_parallel_api(variant):
    parallel_api_test(dip.env.parallel_env(variant, max_years=6), num_cycles=200)


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_api(variant):
    api_test(dip.env.aec_env(variant, max_years=4), num_cycles=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeds(variant):
    seed_test(lambda: dip.env.aec_env(variant, max_years=3), num_cycles=30)
    parallel_seed_test(lambda: dip.env.parallel_env(variant, max_years=3), num_cycles=30)


def _without_target_coast(text):
    # The vocabulary names the coast of a supported fleet (`A GAS S F SPA/NC`), as MILA
    # lists it; dip.legal_orders names its province only.
    return re.sub(r"( [SC] [AF] [A-Z]{3})/[A-Z]{2}", r"\1", text)


def _engine_legal(position):
    """The engine's legal orders by (power, province), as MILA texts (waives left out:
    not building is choosing no order)."""
    out = {}
    for power, orders in dip.legal_orders(position):
        for order in orders:
            text = order.mila
            if text == "WAIVE":
                continue
            province = text.split()[1].split("/")[0]
            out.setdefault((power, province), set()).add(_without_target_coast(text))
    return out


@pytest.mark.parametrize(
    "variant", VARIANTS + ["loeb9", "convoyable_coasts", "youngstown_redux", "cold_war", "1898"]
)
def test_legal_actions_are_the_engines_legal_orders(variant):
    """In every phase of random games (movement, retreats, adjustments), each agent's legal
    indices name exactly the engine's legal orders, province by province."""
    env = dip.env.parallel_env(variant, max_years=12, seed=7)
    env.reset(seed=7)
    kinds, phases = set(), 0
    while env.agents and (phases < 25 or kinds != {0, 1, 2}):
        kinds.add(int(env._phase[1]))
        listed = {}
        for agent in env.agents:
            for province, texts in env.legal_orders(agent).items():
                listed[(agent, province)] = {_without_target_coast(t) for t in texts}
        engine = {k: v for k, v in _engine_legal(env.position).items() if k[0] in env.agents}
        assert listed == engine, env.phase
        env.step(env.sample_actions())
        phases += 1
    # Random orders are mostly supports and seldom dislodge on the big maps; on Standard
    # (and most others) the games reach retreats.
    assert {0, 2} <= kinds and (1 in kinds or variant not in ("standard", "ancient_mediterranean", "modern"))


def test_observation_features():
    env = dip.env.parallel_env("standard")
    observations, infos = env.reset(seed=0)
    names = env.feature_names
    assert len(names) == env.observation_space("France")["board"].shape[1] == 15 + 5 * 7
    board = observations["France"]["board"]
    row = {name: board[env.locations.index("STP/SC")][i] for i, name in enumerate(names)}
    assert row["unit_fleet"] == 1 and row["unit_owner_Russia"] == 1 and row["orders_awaited_Russia"] == 1
    row = {name: board[env.locations.index("STP")][i] for i, name in enumerate(names)}
    assert row["unit_fleet"] == 1 and row["centre_owner_Russia"] == 1 and row["home_centre_Russia"] == 1
    row = {name: board[env.locations.index("BEL")][i] for i, name in enumerate(names)}
    assert row["unit_none"] == 1 and row["centre_owner_none"] == 1 and row["supply_centre"] == 1
    assert list(observations["France"]["phase"]) == [0, 0, 1901]
    orderable = observations["France"]["orderable"]
    assert {env.provinces[p] for p in np.flatnonzero(orderable)} == {"BRE", "MAR", "PAR"}


def test_actions_by_index_and_by_text():
    env = dip.env.parallel_env("standard")
    env.reset()
    paris = env.provinces.index("PAR")
    k = env.vocabulary[env.vocabulary_starts[paris] : env.vocabulary_starts[paris + 1]].index("A PAR - BUR") + 1
    assert env.order_text("PAR", k) == "A PAR - BUR"
    action = np.zeros(len(env.provinces), dtype=np.int64)
    action[paris] = k
    env.step({"France": action, "Germany": ["A Munich - Ruhr"]})
    units = env.position.units
    assert "A BUR" in units["FRANCE"] and "A RUH" in units["GERMANY"]


def test_bad_actions_are_refused_and_leave_the_game():
    env = dip.env.parallel_env("standard")
    env.reset()
    too_big = np.zeros(len(env.provinces), dtype=np.int64)
    too_big[0] = 10**6
    with pytest.raises(ValueError, match="no order"):
        env.step({"France": too_big})
    with pytest.raises(dip.ParseError, match="France"):
        env.step({"France": ["A Paris - Nowhere"]})
    with pytest.raises(ValueError, match="not an agent"):
        env.step({"Atlantis": None})
    assert env.phase == "S1901M"


def test_rewards():
    for name in ["draw_size", "sum_of_squares"]:
        env = dip.env.parallel_env("standard", reward=name, max_years=2, seed=3)
        env.reset(seed=3)
        total = {a: 0.0 for a in env.possible_agents}
        while env.agents:
            _, rewards, _, truncations, _ = env.step(env.sample_actions())
            for agent, r in rewards.items():
                total[agent] += r
        assert all(truncations.values())
        assert sum(total.values()) == pytest.approx(1.0)
        assert env.phase == "S1903M"
    env = dip.env.parallel_env("standard", reward="centres", max_years=2, seed=3)
    env.reset(seed=3)
    start = dict(zip(env.possible_agents, env._centres.tolist()))
    total = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        _, rewards, _, _, _ = env.step(env.sample_actions())
        for agent, r in rewards.items():
            total[agent] += r
    end = dict(zip(env.possible_agents, env._centres.tolist()))
    assert total == {a: float(end[a] - start[a]) for a in env.possible_agents}


def test_a_custom_reward_and_a_win():
    """A game played to a solo on a small board terminates every agent, the winner's
    reward from the callable given."""
    seen = []

    def reward(info):
        seen.append(info.winner)
        return np.array([1.0 if i == info.winner else 0.0 for i in range(len(info.players))])

    env = dip.env.parallel_env("italy_germany", reward=reward, max_years=200, seed=11)
    env.reset(seed=11)
    while env.agents:
        _, rewards, terminations, truncations, _ = env.step(env.sample_actions())
    if any(truncations.values()):
        pytest.skip("no power won in 200 years of random play")
    assert all(terminations.values())
    winner = seen[-1]
    assert rewards[env.possible_agents[winner]] == 1.0


def test_render():
    env = dip.env.parallel_env("standard", render_mode="rgb_array")
    env.reset()
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100 and len(np.unique(image.reshape(-1, 3), axis=0)) > 5
    text = dip.env.parallel_env("standard", render_mode="ansi")
    text.reset()
    board = text.render()
    assert board.startswith("Spring 1901 Movement (S1901M)") and "F STP/SC" in board


def test_import_dip_needs_no_numpy():
    code = (
        "import sys\n"
        "for name in ('numpy', 'pettingzoo', 'gymnasium'):\n"
        "    sys.modules[name] = None\n"
        "import dip\n"
        "dip.Game().play([('France', 'A PAR - BUR')])\n"
        "try:\n"
        "    import dip.env\n"
        "except ImportError as e:\n"
        "    print('env extra' in str(e))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_readme_example(root):
    """The README's random-policy example runs as written."""
    readme = (root / "crates" / "python" / "README.md").read_text()
    match = re.search(r"<!-- env example -->\s*```python\n(.*?)```", readme, re.S)
    assert match, "the README has no env example"
    namespace = {}
    exec(compile(match.group(1), "README.md", "exec"), namespace)
    assert namespace["phases"] > 0
