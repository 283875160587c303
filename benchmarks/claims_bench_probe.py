"""A pytest plugin for the benchmarks only: counts engine runs (loaded through PYTEST_PLUGINS).

`run.py` puts benchmarks/ on PYTHONPATH and sets PYTEST_PLUGINS=claims_bench_probe and
CLAIMS_BENCH_PROBE=<file> for the `-n 2` runs; xdist workers inherit both, so a worker that re-ran the
engine would add a line too.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine_api import PROBE_ENV, install_probe

_trace = os.environ.get(PROBE_ENV)
if _trace:
    install_probe(Path(_trace))
