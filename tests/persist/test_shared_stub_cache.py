"""The per-machine cache of parsed stubs: shared by every project's cache, keyed so nothing stale is read, and
off wherever the project cache is off."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import typeshed_client

import pytest_claims.engine  # noqa: F401 - installs the persistent derived store (`analysis.ports.use_derived`)
from pytest_claims import __version__, codekey
from pytest_claims.analysis import stubfiles
from pytest_claims.analysis.stubdefs import StubModule
from pytest_claims.analysis.stubfiles import read_stub
from pytest_claims.persist import cache as cache_module
from pytest_claims.persist.cache import SHARED_ENV, Derived, derived_in, shared_base

NAMESPACE = "derived-0123456789abcdef0123"
"""The name the engine gives a project's derived directory (a hash of the versions the entries depend on)."""


@pytest.fixture
def shared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(SHARED_ENV, str(tmp_path / "machine"))
    monkeypatch.setattr(cache_module, "_usable", {})
    return tmp_path / "machine"


def _os_stub() -> Path:
    path = typeshed_client.get_stub_file("os")
    assert path is not None
    return Path(path)


def _read(project_cache: Path) -> tuple[StubModule, int]:
    """The `os` stub read with `project_cache` as the check's derived directory, and whether it was parsed."""
    built = Derived.built["stub"]
    with derived_in(project_cache / NAMESPACE):
        stub = read_stub(_os_stub(), "os")
    return stub, Derived.built["stub"] - built


def _entries(directory: Path) -> list[Path]:
    return sorted(directory.rglob("stub-*")) if directory.exists() else []


def test_a_stub_parsed_for_one_project_is_read_back_for_another(shared: Path, tmp_path: Path) -> None:
    first, parsed = _read(tmp_path / "a")
    assert parsed == 1 and first.names
    (entry,) = _entries(shared)
    assert entry.parent == shared / NAMESPACE  # the project's namespace, under the per-machine cache
    assert _entries(tmp_path / "a") == []  # not in the project's cache as well
    again, parsed = _read(tmp_path / "b")
    assert (again, parsed) == (first, 0)


def test_a_damaged_shared_entry_is_parsed_again_and_replaced(shared: Path, tmp_path: Path) -> None:
    first, _ = _read(tmp_path / "a")
    (entry,) = _entries(shared)
    for damage in (entry.read_bytes()[:-7], b"", b"pytest-claims-cache\x00" + bytes(40)):
        entry.write_bytes(damage)
        again, parsed = _read(tmp_path / "b")
        assert (again, parsed) == (first, 1)  # never trusted, never a crash
        assert _read(tmp_path / "c") == (first, 0)  # rewritten whole
    entry.unlink()
    entry.mkdir()  # unreadable as a file
    assert _read(tmp_path / "d") == (first, 1)


def test_another_namespace_or_parser_misses(shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = _read(tmp_path / "a")
    built = Derived.built["stub"]
    with derived_in(tmp_path / "a" / "derived-another-typeshed-or-python"):
        assert read_stub(_os_stub(), "os") == first
    assert Derived.built["stub"] == built + 1
    monkeypatch.setattr(stubfiles, "_maker", lambda: b"another parser")
    assert _read(tmp_path / "b") == (first, 1)
    assert len(_entries(shared)) == 3  # each key its own entry: none read for another


def test_the_parser_is_part_of_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two checkouts of one plugin version differ in their source: their stub entries must not mix."""
    stubfiles._maker.cache_clear()
    own = stubfiles._maker()
    assert own == stubfiles._maker() and own.startswith(f"{__version__}:".encode())
    edited = tmp_path / "stubtypes.py"
    edited.write_bytes(codekey.source_path("pytest_claims.analysis.stubtypes").read_bytes() + b"\n# edited\n")
    plain = codekey.source_path
    monkeypatch.setattr(codekey, "source_path", lambda m: edited if m.endswith(".stubtypes") else plain(m))
    codekey.code_digest.cache_clear()
    stubfiles._maker.cache_clear()
    try:
        assert stubfiles._maker() != own
    finally:
        monkeypatch.undo()
        codekey.code_digest.cache_clear()
        stubfiles._maker.cache_clear()


@pytest.mark.parametrize("value", ["off", "0", "", " OFF "])
def test_turned_off_the_entries_stay_in_the_project_cache(
    value: str, shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SHARED_ENV, value)
    assert shared_base() is None
    first, parsed = _read(tmp_path / "a")
    assert parsed == 1
    assert len(_entries(tmp_path / "a")) == 1 and not shared.exists()
    assert _read(tmp_path / "a") == (first, 0)


def test_a_check_without_a_cache_writes_no_shared_entry(shared: Path) -> None:
    built = Derived.built["stub"]
    with derived_in(None):
        read_stub(_os_stub(), "os")
    assert Derived.built["stub"] == built + 1
    assert not shared.exists()


def test_an_unwritable_shared_directory_falls_back_to_the_project_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(SHARED_ENV, str(blocker / "machine"))  # cannot be made: its parent is a file
    monkeypatch.setattr(cache_module, "_usable", {})
    first, parsed = _read(tmp_path / "a")
    assert parsed == 1 and len(_entries(tmp_path / "a")) == 1
    assert _read(tmp_path / "a") == (first, 0)


def test_where_the_shared_cache_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SHARED_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert shared_base() == tmp_path / "xdg" / "pytest-claims"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    assert shared_base() == tmp_path / "home" / ".cache" / "pytest-claims"
    monkeypatch.setenv(SHARED_ENV, " ~/elsewhere ")
    assert shared_base() == tmp_path / "home" / "elsewhere"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "a.py").write_text("import os\n\n\n# claims: deterministic\ndef f():\n    return os.getcwd()\n")
    return root


def test_a_check_keeps_its_stubs_on_the_machine_and_none_without_a_cache(shared: Path, tmp_path: Path) -> None:
    from pytest_claims.engine import check
    from pytest_claims.persist.cache import FactsCache

    root = _project(tmp_path)
    stubfiles.load_stub.cache_clear()  # this process may have read the stubs already
    try:
        uncached = check(root, ["linux"])
        assert not shared.exists()  # a check that keeps no cache writes nothing on the machine either
        stubfiles.load_stub.cache_clear()
        cached = check(root, ["linux"], cache=FactsCache(tmp_path / "cache"))
        assert _entries(shared) and _entries(tmp_path / "cache") == []
        stubfiles.load_stub.cache_clear()
        built = Derived.built["stub"]
        again = check(root, ["linux"], cache=FactsCache(tmp_path / "other"))
        assert Derived.built["stub"] == built  # another project's first run parses no stub
    finally:
        stubfiles.load_stub.cache_clear()
    assert uncached.claims == cached.claims == again.claims
    assert [c.status for c in again.claims] == ["violated"]
