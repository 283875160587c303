"""`pytest -p claims PATH` analyses the claims under the path alone, each with the whole run's verdict."""

from __future__ import annotations

import pytest

from tests.engine.test_engine_paths import PROJECT
from tests.helpers import write


def _items(result: pytest.RunResult) -> list[str]:
    """Each item's node id and outcome (without the progress percentage)."""
    return sorted(" ".join(line.split()[:2]) for line in result.outlines if "::" in line and line.startswith("pkg/"))


def test_a_path_run_collects_the_whole_runs_items_under_it(pytester: pytest.Pytester) -> None:
    write(pytester.path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', **PROJECT})
    whole = _items(pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v"))
    part = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v", "pkg/core")
    assert _items(part) == [line for line in whole if line.startswith("pkg/core/")]
    assert any("use[" in line and "FAILED" in line for line in _items(part))  # the override outside pkg/core
    assert not any(line.startswith("pkg/ext/") for line in part.outlines)
