"""The wheel holds what the installed plugin needs: its data files (the `src/` layout used to guard this), and
Python alone unless a compiled build is asked for (setup.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_ships_the_package_and_its_data(tmp_path: Path) -> None:
    pytest.importorskip("setuptools")
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "pytest_claims", source / "pytest_claims", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "dist"
    build = "import sys; from setuptools import build_meta; print(build_meta.build_wheel(sys.argv[1]))"
    done = subprocess.run(
        [sys.executable, "-c", build, str(out)], cwd=source, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = out / done.stdout.strip().splitlines()[-1]
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name  # pure Python unless a compiled build is asked for
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not any(name.endswith((".so", ".pyd", ".c")) for name in names)
    for required in (
        "pytest_claims/data/catalogue.toml",
        "pytest_claims/data/sarif-2.1.0.schema.json",
        "pytest_claims/py.typed",
        "pytest_claims/records.py",
        "pytest_claims/analysis/resolve.py",
        "pytest_claims/codec.py",
        "pytest_claims/output/report.py",
        "pytest_claims/cli/suggest.py",
    ):
        assert required in names, required
    assert not any(name.startswith(("tests/", "testdata/", "benchmarks/", "examples/")) for name in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    declared = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "claims = pytest_claims.plugin" in declared
    assert "[console_scripts]\npytest-claims = pytest_claims.cli:main" in declared
