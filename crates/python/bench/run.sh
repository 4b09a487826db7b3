#!/usr/bin/env bash
# Benchmarks dip.mila against MILA's diplomacy 1.1.2 in one run: makes the virtual
# environment target/bench-venv (diplomacy 1.1.2 and maturin from the package index),
# builds and installs the dip wheel, runs bench_mila.py. Extra arguments (--quick) go to it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/bench-venv"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check diplomacy==1.1.2 maturin==1.16.0
rm -rf "$target/bench-wheels"
"$venv/bin/maturin" build --release --quiet --interpreter "$venv/bin/python" \
    --out "$target/bench-wheels" --manifest-path "$root/crates/python/Cargo.toml"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
    "$target"/bench-wheels/*.whl
cd "$root"
exec "$venv/bin/python" crates/python/bench/bench_mila.py "$@"
