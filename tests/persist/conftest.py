"""Fixtures of the persist tests: a copy of the fixture tree, and one dated so that it looks long settled."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from pytest_claims.persist import snapshot as snapshot_module
from tests.persist.helpers import FIXTURE


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "project")
    return tmp_path / "project"


@pytest.fixture
def settled(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project dated an hour back, and the runs ten minutes later than they are: as far as the snapshot
    knows, every file and directory is long settled (change times cannot be set back)."""
    hour_ago = time.time() - 3600
    for path in sorted([project, *project.rglob("*")], key=lambda p: -len(p.parts)):
        os.utime(path, (hour_ago, hour_ago))
    monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 600 * 10**9)
    return project
