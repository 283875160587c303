"""The command line shows every path relative to the current directory (semantics §9): each test here runs from its
own temporary directory, which is the project root of most of them."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
