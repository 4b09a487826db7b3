"""MILA's own Game tests, run against dip.mila with only the Game import changed.

The test files are taken at test time from MILA's published package (``diplomacy==1.1.2``,
installed into the test environment from its sdist on PyPI; never copied into this
project): ``diplomacy/tests/test_game.py``, ``test_datc.py``, ``test_datc_no_check.py``
and ``test_datc_no_expand.py``, 503 tests. In each, ``from diplomacy.engine.game import
Game`` becomes ``from dip.mila import Game``; the two files that subclass the DATC tests
import them from the changed copy (else their ``create_game`` would make MILA's games).
Nothing else changes: the tests keep MILA's result codes, its server game and its checks.

Every test passes but those listed in ``KNOWN_FAILURES``, each with its cause; a test that
fails and is not listed, or is listed and passes, fails this test.
"""

import importlib.util
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

FILES = ["test_game.py", "test_datc.py", "test_datc_no_check.py", "test_datc_no_expand.py"]
TOTAL = 503
AT_LEAST = 490

# Test id (file::class::name) → why dip's result differs from MILA's.
KNOWN_FAILURES = {
    "test_datc_no_expand.py::TestDATCNoExpand::test_6_b_9": (
        "Given with expand=False, MILA keeps a fleet's support of F MAO - SPA/NC as written and its "
        "resolver then finds it does not match F MAO - SPA/SC: void, so F WES takes Spain. Expanded "
        "(MILA's default, and MILA's own test_datc 6.B.9) the coast is dropped and the support counts, "
        "which is MILA's choice on DATC issue 4.B.4 that the mila preset takes; dip applies that one "
        "choice to every order, so the support counts and F WES bounces."
    ),
}


def mila_tests_dir() -> Path:
    spec = importlib.util.find_spec("diplomacy")
    assert spec is not None and spec.origin, "MILA's diplomacy 1.1.2 is not installed (cargo xtask test installs it)"
    return Path(spec.origin).parent / "tests"


def changed_copy(source: Path, target: Path) -> None:
    """A MILA test file with only its Game import (and its import of the DATC tests) changed."""
    text = source.read_text()
    changed, games = re.subn(r"^from diplomacy\.engine\.game import Game$", "from dip.mila import Game", text, flags=re.M)
    changed, bases = re.subn(r"^from diplomacy\.tests\.test_datc import", "from mila_tests.test_datc import", changed,
                             flags=re.M)
    assert games + bases >= 1, f"{source.name}: no import of MILA's Game to change"
    assert "diplomacy.engine" not in changed, f"{source.name}: another import of MILA's engine"
    target.write_text(changed)


def run_mila_tests(tmp_path: Path) -> dict:
    package = tmp_path / "mila_tests"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = mila_tests_dir()
    for name in FILES:
        changed_copy(source / name, package / name)
    report = tmp_path / "report.xml"
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml", str(report), "mila_tests"],
        cwd=tmp_path, capture_output=True, text=True, timeout=900,
    )
    outcomes = {}
    for case in ElementTree.parse(report).iter("testcase"):
        test_id = f"{case.get('classname').rsplit('.', 1)[-1]}::{case.get('name')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        outcomes[f"{case.get('classname').split('.')[1]}.py::{test_id}"] = "failed" if failed else "passed"
    return outcomes


def test_mila_game_tests_pass_with_only_the_import_changed(tmp_path):
    outcomes = run_mila_tests(tmp_path)
    assert len(outcomes) == TOTAL
    failed = {test for test, outcome in outcomes.items() if outcome == "failed"}
    passed = TOTAL - len(failed)
    assert failed - set(KNOWN_FAILURES) == set(), "failing and not known"
    assert set(KNOWN_FAILURES) - failed == set(), "known but passing: take them off the list"
    assert passed >= AT_LEAST
