from pathlib import Path

import pytest

# crates/python/tests -> the repository root.
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
