"""Files of MILA's ``diplomacy`` 1.1.2 package, for tests that compare dip with it.

MILA's code is AGPL and is never copied into this repository: a test reads MILA's file at
test time from the published package. The installed package (``pip install
diplomacy==1.1.2``, which the test environment has) carries its tests; otherwise the
sdist is downloaded once with pip into ``target/mila-sdist/`` and read from there.
"""

import importlib.metadata
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Optional

VERSION = "1.1.2"

# crates/python/tests -> the repository root.
ROOT = Path(__file__).resolve().parents[3]
SDIST_DIR = ROOT / "target" / "mila-sdist"


def _installed(relative: str) -> Optional[Path]:
    try:
        import diplomacy

        installed = importlib.metadata.version("diplomacy")
    except (ImportError, importlib.metadata.PackageNotFoundError):
        return None
    if installed != VERSION:
        return None
    path = Path(diplomacy.__file__).parent / relative
    return path if path.is_file() else None


def _from_sdist(relative: str) -> Path:
    unpacked = SDIST_DIR / f"diplomacy-{VERSION}" / "diplomacy" / relative
    if unpacked.is_file():
        return unpacked
    SDIST_DIR.mkdir(parents=True, exist_ok=True)
    archive = SDIST_DIR / f"diplomacy-{VERSION}.tar.gz"
    if not archive.is_file():
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:"]
        command += ["--dest", str(SDIST_DIR), f"diplomacy=={VERSION}"]
        subprocess.run(command, check=True, capture_output=True)
    with tarfile.open(archive) as tar:
        # Only the package's own files, and none outside the folder.
        members = [m for m in tar.getmembers() if m.name.startswith(f"diplomacy-{VERSION}/") and ".." not in m.name]
        if hasattr(tarfile, "data_filter"):
            tar.extractall(SDIST_DIR, members=members, filter="data")
        else:
            tar.extractall(SDIST_DIR, members=members)
    if not unpacked.is_file():
        raise FileNotFoundError(f"{relative} is not in MILA's sdist diplomacy-{VERSION}")
    return unpacked


def mila_file(relative: str) -> Path:
    """A file of MILA's package by its path inside ``diplomacy/`` (``tests/test_map.py``)."""
    return _installed(relative) or _from_sdist(relative)
