"""What a compiled build compiles (setup.py, `PYTEST_CLAIMS_COMPILE=1`), and that it is never the default. The
compiled build itself is built and tested by CI (`.ci/run`, where the machine has a C compiler): it takes
minutes, more than a test here should."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pytest_claims_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not `__main__`: setup() is not called
    return module


def test_the_analysis_is_compiled_and_the_records_stay_python() -> None:
    setup = _setup_module()
    sources = setup.compiled_sources()
    for hot in ("analysis/facts.py", "analysis/check.py", "analysis/resolve.py", "analysis/resolution/bodies.py"):
        assert f"pytest_claims/{hot}" in sources, hot
    # what the codec reads back by its classes' type hints, and the helper-process plumbing, stay Python
    kept_python = ("records.py", "analysis/stubdefs.py", "analysis/stubs.py", "analysis/extraction.py")
    for kept in (f"pytest_claims/{path}" for path in kept_python):
        assert kept not in sources, kept
    assert all((ROOT / path).is_file() for path in setup.LEFT_INTERPRETED), "a file left interpreted was renamed"
    assert all((ROOT / path).is_file() for path in sources)


def test_without_the_variable_nothing_is_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module()
    monkeypatch.delenv(setup.COMPILE_ENV, raising=False)
    assert setup.ext_modules() == []
    monkeypatch.setenv(setup.COMPILE_ENV, "0")
    assert setup.ext_modules() == []


def test_an_editable_install_is_never_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module()
    monkeypatch.setenv(setup.COMPILE_ENV, "1")
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel", "--dist-dir", "out"])
    with pytest.raises(SystemExit, match="never an editable install"):
        setup.ext_modules()
