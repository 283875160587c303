"""Platforms named the everyday way, the sweep variables read alike, one did-you-mean rule, and the
`[tool.claims]` tables below a project that a run from it does not use."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.config import (
    DEFAULT_EXCLUDE,
    ConfigError,
    find_project_roots,
    load_config,
    nearest,
    sweep_env,
    tables_below,
    unknown_hint,
)
from pytest_claims.vocabulary import platform_name


def config_with(root: Path, body: str) -> Path:
    (root / "pyproject.toml").write_text(f"[tool.claims]\n{body}", encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("spelling", "platform"),
    [
        ("windows", "win32"),
        ("Windows", "win32"),
        ("win", "win32"),
        ("WIN32", "win32"),
        ("macos", "darwin"),
        ("macOS", "darwin"),
        ("osx", "darwin"),
        ("Darwin", "darwin"),  # as platform.system() spells it
        ("Linux", "linux"),
        ("linux", "linux"),
        ("plan9", None),
    ],
)
def test_platform_name(spelling: str, platform: str | None) -> None:
    assert platform_name(spelling) == platform


def test_config_platforms_read_everyday_names(tmp_path: Path) -> None:
    config = load_config(config_with(tmp_path, 'platform = "Windows"\nplatforms = ["macOS", "linux", "darwin"]\n'))
    assert config.platform == ("win32",)
    assert config.platforms == ("darwin", "linux")  # deduplicated after reading, in the configured order
    plain = load_config(config_with(tmp_path, 'platform = "win32"\nplatforms = ["darwin", "linux"]\n'))
    assert config.fingerprint() == plain.fingerprint()


def test_config_unknown_platform_suggests_an_alias_too(tmp_path: Path) -> None:
    config_with(tmp_path, 'platforms = ["windoes"]\n')
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert str(info.value) == (
        "pyproject.toml: [tool.claims] platforms: unknown platform 'windoes' (did you mean 'windows'? known: aix, "
        "cygwin, darwin, emscripten, freebsd, linux, wasi, win32; also: windows, win, macos, mac, osx)"
    )


@pytest.mark.parametrize("name", ["PYTEST_CLAIMS_ALL_PLATFORMS", "DEVLORE_CLAIMCHECK_ALL_PLATFORMS"])
def test_sweep_variables_read_alike(name: str) -> None:
    other = next(n for n in ("PYTEST_CLAIMS_ALL_PLATFORMS", "DEVLORE_CLAIMCHECK_ALL_PLATFORMS") if n != name)
    assert sweep_env({name: "Yes"}) is True
    assert sweep_env({name: "0", other: ""}) is False
    assert sweep_env({}) is False
    with pytest.raises(ConfigError, match=f"environment variable {name}='maybe'"):
        sweep_env({name: "maybe", other: "1"})  # a bad value is refused even when the other is on


def test_one_did_you_mean_rule() -> None:
    assert nearest("determinstic", ["sandboxed", "deterministic"]) == "deterministic"
    assert nearest("zzz", ["sandboxed", "deterministic"]) is None
    assert unknown_hint("sandboxd", ["sandboxed", "deterministic"], "known claims") == (
        "(did you mean 'sandboxed'? known claims: deterministic, sandboxed)"
    )
    assert unknown_hint("zzz", ["b", "a"]) == "(known: a, b)"


def test_tables_below(tmp_path: Path) -> None:
    for rel, text in {
        "pyproject.toml": "[tool.claims]\n",
        "pkgs/a/pyproject.toml": "[tool.claims]\npackages = []\n",
        "pkgs/b/pyproject.toml": "[project]\nname = 'claims'\n",
        "pkgs/c/pyproject.toml": "[tool.claims\n",  # malformed: not ours to judge here
        "pkgs/d/sub/pyproject.toml": "[tool.claims.define.offline]\ncategories = ['network']\n",
        "tests/e/pyproject.toml": "[tool.claims]\n",
        ".venv/f/pyproject.toml": "[tool.claims]\n",
        "env/g/pyproject.toml": "[tool.claims]\n",
        "env/pyvenv.cfg": "home = /usr\n",
        "src/pkg/__init__.py": "",  # code, not a project: not searched
        "src/pkg/data/pyproject.toml": "[tool.claims]\n",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    assert tables_below(tmp_path, DEFAULT_EXCLUDE) == ["pkgs/a/pyproject.toml", "pkgs/d/sub/pyproject.toml"]


def test_find_project_roots(tmp_path: Path) -> None:
    """Each path belongs to the project of its nearest table at or above it; a path with none above holds the
    projects below it, found as `tables_below` finds them; none at all: the one project found as before."""
    for rel, text in {
        "pyproject.toml": "[tool.pytest.ini_options]\n",
        "pkgs/a/pyproject.toml": "[tool.claims]\n",
        "pkgs/a/sub/pyproject.toml": "[tool.claims]\n",
        "pkgs/b/pyproject.toml": "[tool.claims]\npackages = [\n",  # malformed: found, so its error is named
        "pkgs/c/pyproject.toml": "[project]\nname = 'c'\n",
        "node_modules/d/pyproject.toml": "[tool.claims]\n",
        "build/e/pyproject.toml": "[tool.claims]\n",
        "examples/f/pyproject.toml": "[tool.claims]\n",
        "lone/x.py": "",
        "tests/data/pyproject.toml": "[tool.claims]\n",
        "tests/test_x.py": "",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    a, sub, b = tmp_path / "pkgs/a", tmp_path / "pkgs/a/sub", tmp_path / "pkgs/b"
    assert find_project_roots([], tmp_path) == (a, sub, b)
    assert find_project_roots([Path("pkgs")], tmp_path) == (a, sub, b)
    assert find_project_roots([Path("pkgs/a"), Path("pkgs/b")], tmp_path) == (a, b)
    assert find_project_roots([Path("pkgs/a/sub/x.py"), Path("pkgs/c")], tmp_path) == (sub,)
    assert find_project_roots([], a / "sub") == (sub,)
    assert find_project_roots([Path("lone")], tmp_path) == (tmp_path,)  # no table: pytest's rootdir
    # a file, or a directory the search would not enter, holds no project below it
    assert find_project_roots([Path("tests/test_x.py")], tmp_path) == (tmp_path,)
    assert find_project_roots([Path("tests")], tmp_path) == (tmp_path,)
    assert find_project_roots([Path("tests/data")], tmp_path) == (tmp_path / "tests/data",)
    with pytest.raises(ConfigError):
        load_config(b)
