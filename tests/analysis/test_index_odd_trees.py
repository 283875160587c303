"""The module index on odd trees: empty, namespace and missing packages, files that are not modules, and symlink
loops in and beside the package tree."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_claims.config import ConfigError, load_config
from pytest_claims.engine import check
from tests.helpers import statuses, write


def test_empty_odd_and_missing_packages(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["empty", "ns", "pkg"]\nfollow = ["no_such_dist_xyz"]\n',
            "empty/__init__.py": "",
            "ns/inner/mod.py": "# claims: deterministic\ndef f():\n    return 1\n",  # namespace packages
            "pkg/__init__.py": "",
            "pkg/my-module.py": "# claims: nonsense\n",  # not importable: not a module
            "pkg/1st.py": "# claims: nonsense\n",
            "pkg/.hidden.py": "# claims: nonsense\n",
            "pkg/__pycache__/x.py": "# claims: nonsense\n",
            "pkg/data.txt": "# claims: nonsense\n",
            "pkg/use.py": "import no_such_dist_xyz\n\n\n# claims: deterministic\ndef g():\n"
            "    return no_such_dist_xyz.x()\n",
        },
    )
    (tmp_path / "pkg" / "folder.py").mkdir()  # a directory with a module's name
    config = load_config(root)
    result = check(root, ["linux"], replace(config, packages=(*config.packages, "gone")))
    assert statuses(result) == {"ns.inner.mod.f": "held", "pkg.use.g": "unevaluable"}
    assert [str(p) for p in result.problems] == [
        "gone: configured package path does not exist",
        "no_such_dist_xyz: followed package not found on sys.path",
    ]
    # a claim in a file no import can name is refused at its line, never dropped; a hidden file, a cache
    # directory and a file that is no Python source are not project files at all
    assert sorted((e.file, e.line) for e in result.errors) == [("pkg/1st.py", 1), ("pkg/my-module.py", 1)]
    assert all("no import can name" in e.message for e in result.errors)


def test_symlink_loops_in_the_package_tree(tmp_path: Path) -> None:
    if not hasattr(os, "symlink"):
        pytest.skip("no symlinks here")
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/ok.py": "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n",
            "pkg/sub/__init__.py": "",
        },
    )
    pkg = root / "pkg"
    try:
        os.symlink("loop.py", pkg / "loop.py")  # a file that points at itself
    except OSError:
        pytest.skip("cannot create symlinks here")
    os.symlink("b.py", pkg / "a.py")  # two files that point at each other
    os.symlink("a.py", pkg / "b.py")
    os.symlink("nowhere.py", pkg / "dangling.py")
    os.symlink("..", pkg / "sub" / "up")  # directories pointing back up, at themselves, at each other
    os.symlink("me", pkg / "me")
    os.symlink("y", pkg / "x")
    os.symlink("x", pkg / "y")
    os.symlink(str(pkg / "me"), root / "loopback")  # a link into a loop, beside the package
    result = check(root, ["linux"])
    assert statuses(result) == {"pkg.ok.f": "violated"}
    problems = [str(p) for p in result.problems]
    assert [p.split(": ")[0] for p in problems] == ["pkg/a.py", "pkg/b.py", "pkg/loop.py"]
    assert all(": cannot read: " in p for p in problems)
    assert not any(name.startswith(("pkg.sub.up", "pkg.me", "pkg.x")) for name in result.project.modules)
    # a configured path, or a detected one, that is a loop is refused or skipped, never followed
    os.symlink("spin", root / "spin")
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["spin"]\n')
    with pytest.raises(ConfigError, match=r"packages: 'spin' is neither a directory nor a \.py file"):
        load_config(root)
    (root / "pyproject.toml").write_text("[tool.claims]\n")
    assert load_config(root).packages == ("pkg",)
