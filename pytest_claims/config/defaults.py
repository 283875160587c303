"""What `[tool.claims]` is when it says nothing: the defaults a missing key takes."""

from __future__ import annotations

DEFAULT_MAX_WALK = 65536
"""Default capacity bound on one walk (visited nodes), semantics §10."""

DYNAMIC_CALLS: tuple[str, ...] = ("ignore", "unevaluable")
"""The values of `dynamic-calls` (semantics §5), the default first."""

DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*",
    "*.egg-info",
    "__pycache__",
    "benchmarks",
    "build",
    "conftest.py",
    "dist",
    "docs",
    "examples",
    "node_modules",
    "test",
    "test_*.py",
    "testdata",
    "tests",
    "venv",
    "*_test.py",
)
"""Glob patterns left out when `exclude` is not configured.

Test code (`tests`, `test`, `testdata`, `conftest.py`, pytest's default test-file names `test_*.py` and
`*_test.py`), build and packaging output (`build`, `dist`, `*.egg-info`, `__pycache__`), environments and tool
state (`venv`, and `.*`, which covers `.venv`, `.tox`, `.git`, ...), vendored JavaScript (`node_modules`) and
prose or sample code (`docs`, `examples`, `benchmarks`). A configured `exclude` replaces this list (as ruff's
`exclude` does); package detection always honours both. See `is_excluded` for how a pattern matches.
"""
