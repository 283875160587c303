"""Where pytest would put its rootdir, for the command line, which runs without pytest: the project root when no
`[tool.claims]` table is found above the paths."""

from __future__ import annotations

import os
import re
from pathlib import Path

from pytest_claims.config.pyproject import PYPROJECT
from pytest_claims.files import read_file

_PYTEST_FILES: tuple[tuple[str, re.Pattern[str] | None], ...] = (
    ("pytest.toml", None),
    (".pytest.toml", None),
    ("pytest.ini", None),
    (".pytest.ini", None),
    (PYPROJECT, re.compile(r"^[ \t]*\[[ \t]*tool[ \t]*\.[ \t]*pytest[ \t]*[\].]", re.MULTILINE)),
    ("tox.ini", re.compile(r"^[ \t]*\[pytest\]", re.MULTILINE)),
    ("setup.cfg", re.compile(r"^[ \t]*\[tool:pytest\]", re.MULTILINE)),
)
"""pytest's configuration files in its order of precedence, each with what makes it pytest's (None: always)."""


def _configures_pytest(file: Path, section: re.Pattern[str] | None) -> bool:
    try:
        if not file.is_file():
            return False
        return section is None or section.search(read_file(file).decode("utf-8", errors="replace")) is not None
    except OSError:
        return False


def pytest_rootdir(start: Path, invocation_dir: Path) -> Path:
    """The rootdir pytest finds from `start` (the common ancestor of its arguments) without `--rootdir` or `-c`,
    for the command line, which runs without pytest: the nearest directory holding one of pytest's
    configuration files, else the nearest holding a pyproject.toml, else one holding setup.py, else the common
    ancestor of `start` and the invocation directory (`start` when that is the file system's root)."""
    directories = (start, *start.parents)
    for directory in directories:
        if any(_configures_pytest(directory / name, section) for name, section in _PYTEST_FILES):
            return directory
    for marker in (PYPROJECT, "setup.py"):
        for directory in directories:
            if (directory / marker).is_file():
                return directory
    try:
        common = Path(os.path.commonpath([os.path.abspath(start), os.path.abspath(invocation_dir)]))
    except ValueError:  # another drive (Windows)
        return start
    return start if common == Path(common.anchor) else common
