"""The plugin reads platforms as the command line and the config do: `windows` / `macOS` as `win32` / `darwin`,
and `PYTEST_CLAIMS_ALL_PLATFORMS` beside `DEVLORE_CLAIMCHECK_ALL_PLATFORMS` (semantics §8)."""

from __future__ import annotations

import pytest

PYPROJECT = '[tool.claims]\npackages = ["shop"]\n'

SHOP = """\
# claims: deterministic
def add(a: int, b: int) -> int:
    return a + b
"""


@pytest.fixture
def shop(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.delenv("PYTEST_CLAIMS_ALL_PLATFORMS", raising=False)
    monkeypatch.delenv("DEVLORE_CLAIMCHECK_ALL_PLATFORMS", raising=False)
    pytester.makepyprojecttoml(PYPROJECT)
    (pytester.path / "shop").mkdir()
    (pytester.path / "shop" / "__init__.py").write_text(SHOP, encoding="utf-8")
    return pytester


def items(result: pytest.RunResult) -> list[str]:
    return sorted(line for line in result.stdout.lines if line.startswith("shop/__init__.py::add["))


def test_everyday_platform_names(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--claims-platform=Windows,macos", "--collect-only", "-q")
    assert items(result) == ["shop/__init__.py::add[darwin]", "shop/__init__.py::add[win32]"]
    result = shop.runpytest("-p", "claims", "--claims-platform=windoes", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--claims-platform: unknown platform 'windoes' (did you mean 'windows'? known: *"])


def test_pytest_claims_all_platforms(shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_CLAIMS_ALL_PLATFORMS", "yes")
    result = shop.runpytest("-p", "claims", "--collect-only", "-q")
    assert items(result) == [f"shop/__init__.py::add[{p}]" for p in ("darwin", "linux", "win32")]
    monkeypatch.setenv("PYTEST_CLAIMS_ALL_PLATFORMS", "maybe")
    result = shop.runpytest("-p", "claims", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*environment variable PYTEST_CLAIMS_ALL_PLATFORMS='maybe': expected 1, true*"])
