"""`pytest-claims check` names the blind-spot sites that hide the most claims (semantics §9): the plugin's summary,
with paths relative to the current directory."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from tests.helpers import blind_sites_project

HINT = "annotate the receiver `x` with its class"


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue()


def sites_block(sites: dict[str, tuple[str, int]], prefix: str = "") -> list[str]:
    shown = [("h1", 12), ("h2", 10), ("h3", 8), ("h7", 8), ("h4", 6)]
    return [
        "blind-spot sites hiding the most claims (5 of 7 sites; the JSON report's blind_spot_sites lists every one):",
        *(f"  {prefix}{sites[h][0]}:{sites[h][1]}: x.m{h[1]}() hides {n} claims; {HINT}" for h, n in shown),
    ]


def test_check_lists_five_sites_most_claims_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sites = blind_sites_project(tmp_path / "p")
    monkeypatch.chdir(tmp_path / "p")
    status, out = run("check", "--platform", "linux,win32", "--no-cache")
    assert status == 0
    lines = out.splitlines()
    start = lines.index("claims checked: 12")
    assert lines[start : start + 9] == [
        "claims checked: 12",
        "linux: 6 claims held (6 claims with blind spots), "
        "0 claims violated, 0 claims unevaluable; blind spots at 7 sites",
        "win32: 6 claims held (6 claims with blind spots), "
        "0 claims violated, 0 claims unevaluable; blind spots at 7 sites",
        *sites_block(sites),
    ]
    assert lines[start + 9].startswith("analysis: ")
    assert "x.m5()" not in out and "x.m6()" not in out


def test_check_paths_are_relative_to_the_current_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sites = blind_sites_project(tmp_path / "p")
    monkeypatch.chdir(tmp_path / "p" / "src")
    _, out = run("check", "--platform", "linux,win32", "--no-cache", "sp")
    from_src = {h: (file.removeprefix("src/"), line) for h, (file, line) in sites.items()}
    assert "\n".join(sites_block(from_src)) in out  # `sp/a.py`, not `../src/sp/a.py`
    monkeypatch.chdir(tmp_path)
    _, out = run("check", "--platform", "linux,win32", "--no-cache", "p")
    assert "\n".join(sites_block(sites, "p/")) in out


def test_quiet_check_names_no_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blind_sites_project(tmp_path / "p")
    monkeypatch.chdir(tmp_path / "p")
    status, out = run("check", "-q", "--no-cache")
    assert status == 0 and "blind-spot sites" not in out
