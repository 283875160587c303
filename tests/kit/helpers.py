"""What the CI kit's tests share: a user's project that is hostile to pytest, the kit's files as shipped, and a
snapshot of this checkout that pip, tox and pre-commit can install from."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HOST = sys.platform
OSES = ("darwin", "linux", "win32")

CLOCK = """\
import time


def stamp():
    return time.time()
"""

PRICING = """\
from shop.clock import stamp


# claims: deterministic
def quote(amount):
    return amount * 2, stamp()


# claims: deterministic
def total(prices):
    return sum(prices)
"""

TEST_UNIT = """\
def test_unit():
    assert 1 + 1 == 2
"""

PYPROJECT = """\
[tool.claims]
packages = ["src/shop"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-p an_absent_plugin --cov=shop"
"""

CONFTEST = "import a_test_only_dependency_that_is_not_installed\n"


def hostile_project(root: Path) -> Path:
    """A user's project, one violated claim and one held, that `pytest` cannot even start in: its conftest
    imports a missing module and its `addopts` names an absent plugin."""
    (root / "src" / "shop").mkdir(parents=True)
    (root / "src" / "shop" / "__init__.py").write_text("")
    (root / "src" / "shop" / "clock.py").write_text(CLOCK)
    (root / "src" / "shop" / "pricing.py").write_text(PRICING)
    (root / "tests").mkdir()
    (root / "tests" / "test_unit.py").write_text(TEST_UNIT)
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "conftest.py").write_text(CONFTEST)
    return root


def run(
    args: list[str], cwd: Path, timeout: float = 600, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False, env=env)


def assert_checked(out: str, platforms: tuple[str, ...] = (HOST,)) -> None:
    """The hostile project's claims were judged on these platforms: one held, one violated; no test ran."""
    for platform in platforms:
        assert f"{platform}: 1 claim held, 1 claim violated, 0 claims unevaluable" in out, out
    assert "shop.pricing.quote claims deterministic but reaches time.time at src/shop/clock.py:5" in out, out
    assert "test_unit" not in out and "a_test_only_dependency" not in out and "an_absent_plugin" not in out, out


def load_yaml(path: Path) -> Any:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


def docs_block(after: str, language: str) -> str:
    """The first ```language block of docs/ci.md after the line starting with `after`."""
    text = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(rf"```{language}\n(.*?)```", text[start:], re.S)
    assert match is not None, f"no {language} block after {after!r}"
    return match.group(1)


def snapshot_of_checkout(destination: Path) -> Path:
    """This checkout's files as they are now (committed or not, ignored ones left out), committed to a git
    repository of their own: what pre-commit clones and pip installs, uncommitted work included."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout: the kit is installed from one")
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], REPO).stdout
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    commit(destination, "snapshot of the checkout")
    return destination


def commit(repository: Path, message: str) -> str:
    """`git init` (once), add everything, commit; the commit's id."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "kit",
        "GIT_AUTHOR_EMAIL": "kit@localhost",
        "GIT_COMMITTER_NAME": "kit",
        "GIT_COMMITTER_EMAIL": "kit@localhost",
    }
    if not (repository / ".git").exists():
        assert run(["git", "init", "-q", "-b", "main"], repository, env=env).returncode == 0
    for step in (["git", "add", "-A"], ["git", "commit", "-q", "--no-verify", "-m", message]):
        done = run(step, repository, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
    return run(["git", "rev-parse", "HEAD"], repository).stdout.strip()
