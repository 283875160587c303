"""The index names modules as Python's finder does: for one name, a directory with `__init__.py` first, then the
module file, then a namespace portion; and it keeps apart, with the reason, the `.py` files no import can name."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pytest_claims.analysis import index as index_module
from pytest_claims.analysis.index import Index, build_index
from pytest_claims.persist import snapshot as snapshot_module
from pytest_claims.persist.snapshot import Snapshot


def tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def index(root: Path, snapshot: Snapshot | None = None) -> Index:
    return build_index(root, ("pkg",), (), (), snapshot)


def unnamable(found: Index) -> dict[str, str]:
    return {rel: why for rel, _, why in found.unnamable}


def test_a_module_beside_a_folder_without_init_is_the_module(tmp_path: Path) -> None:
    tree(tmp_path, {"pkg/__init__.py": "", "pkg/b.py": "", "pkg/b/helper.py": "", "pkg/b/deep/more.py": ""})
    found = index(tmp_path)
    assert found.modules["pkg.b"].rel == "pkg/b.py"
    assert not found.modules["pkg.b"].is_package
    assert not [name for name in found.modules if name.startswith("pkg.b.")]  # `import pkg.b.helper` fails
    assert unnamable(found) == {
        "pkg/b/helper.py": "`pkg.b` is the module pkg/b.py, which hides the directory beside it",
        "pkg/b/deep/more.py": "`pkg.b` is the module pkg/b.py, which hides the directory beside it",
    }


def test_a_folder_without_init_beside_no_module_is_a_namespace_package(tmp_path: Path) -> None:
    tree(tmp_path, {"pkg/__init__.py": "", "pkg/b/helper.py": ""})
    found = index(tmp_path)
    assert found.modules["pkg.b"].path is None
    assert found.modules["pkg.b.helper"].rel == "pkg/b/helper.py"
    assert found.unnamable == ()


def test_a_package_hides_the_module_beside_it(tmp_path: Path) -> None:
    tree(tmp_path, {"pkg/__init__.py": "", "pkg/b.py": "", "pkg/b/__init__.py": "", "pkg/b/helper.py": ""})
    found = index(tmp_path)
    assert found.modules["pkg.b"].rel == "pkg/b/__init__.py"
    assert found.modules["pkg.b.helper"].rel == "pkg/b/helper.py"
    assert unnamable(found) == {"pkg/b.py": "`pkg.b` is the package pkg/b/"}


def test_files_no_import_can_name_are_kept_apart(tmp_path: Path) -> None:
    tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/dash-name.py": "",
            "pkg/9lives.py": "",
            "pkg/sub-dir/__init__.py": "",
            "pkg/sub-dir/inner/x.py": "",
            "pkg/.hidden/y.py": "",  # tool state (.git, .tox): not listed
            "pkg/ok.py": "",
        },
    )
    found = index(tmp_path)
    assert sorted(found.modules) == ["pkg", "pkg.ok"]
    directory = "the directory name `sub-dir` is not a Python identifier"
    assert unnamable(found) == {
        "pkg/9lives.py": "`9lives` is not a Python identifier",
        "pkg/dash-name.py": "`dash-name` is not a Python identifier",
        "pkg/sub-dir/__init__.py": directory,
        "pkg/sub-dir/inner/x.py": directory,
    }


def test_a_warm_walk_keeps_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tree(tmp_path, {"pkg/__init__.py": "", "pkg/dash-name.py": "", "pkg/b.py": "", "pkg/b/c.py": ""})
    monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 600 * 10**9)  # the walk is settled
    snapshot = Snapshot(tmp_path / "snap")
    cold = index(tmp_path, snapshot)
    snapshot.save()
    assert len(cold.unnamable) == 2

    def no_listing(*args: object) -> object:
        raise AssertionError("a warm run lists no directory")

    monkeypatch.setattr(index_module, "_scan_package", no_listing)
    assert index(tmp_path, Snapshot(tmp_path / "snap")) == cold
