"""A walk past the recursion limit stops the run with the claiming function's file, line and name: no traceback
and no verdict made up for it, from `check` and from the plugin alike."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.analysis.claims import ClaimWalks
from pytest_claims.cli import main
from pytest_claims.cli.common import EXIT_INTERNAL
from tests.helpers import patches_internals, write

PROJECT: dict[str, str | bytes] = {
    "pyproject.toml": '[tool.claims]\npackages = ["p"]\n',
    "p/__init__.py": "",
    "p/m.py": "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n",
}
SAID = "p/m.py:5: the walk of p.m.f went deeper than Python's recursion limit allows; no verdict was given"


@pytest.fixture
def too_deep(monkeypatch: pytest.MonkeyPatch) -> None:
    def deep(*args: object, **kwargs: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(ClaimWalks, "_walk", deep)


@patches_internals
def test_check_names_the_function_and_exits_internal(tmp_path: Path, too_deep: None) -> None:
    write(tmp_path, PROJECT)
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--root", str(tmp_path), "--no-cache", "--platform", "linux"], out, err)
    assert status == EXIT_INTERNAL
    assert SAID in err.getvalue()
    assert "VIOLATED" not in out.getvalue() and "held" not in out.getvalue()


@patches_internals
def test_the_plugin_stops_the_session_with_it(pytester: pytest.Pytester, too_deep: None) -> None:
    write(pytester.path, PROJECT)
    result = pytester.runpytest_inprocess("-p", "claims", "-p", "no:cacheprovider", "--claims-platform", "linux")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    assert SAID in result.stdout.str()
    assert "Traceback" not in result.stdout.str()
