"""Helpers shared by the analysis tests: a small project around `pkg`, and each claim's status."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path

from pytest_claims.engine import Result


def pkg_project(
    root: Path, files: Mapping[str, str | bytes], table: str = '[tool.claims]\npackages = ["pkg"]\n'
) -> Path:
    (root / "pyproject.toml").write_text(table)
    for name, text in {"pkg/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def statuses_of(result: Result) -> dict[str, str]:
    return {c.function: c.status for c in result.claims}
