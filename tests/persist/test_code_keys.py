"""Caches are keyed by the code that builds their entries (`codekey`), never by a number bumped by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims import codekey
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.store import STORE_MAKERS
from pytest_claims.records import FACTS_MAKERS


def _with_source(monkeypatch: pytest.MonkeyPatch, module: str, text: bytes, tmp_path: Path) -> None:
    """`module`'s source read as `text` from now on (the digests recomputed)."""
    edited = tmp_path / f"{module}.py"
    edited.write_bytes(text)
    plain = codekey.source_path
    monkeypatch.setattr(codekey, "source_path", lambda m: edited if m == module else plain(m))
    codekey.code_digest.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_digests() -> object:
    codekey.code_digest.cache_clear()
    yield
    codekey.code_digest.cache_clear()


def test_an_edit_of_the_fact_pass_starts_a_new_facts_namespace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change no record's shape shows (what a fact means) still keys the facts apart."""
    before = FactsCache(tmp_path).directory
    source = codekey.source_path("pytest_claims.analysis.specials").read_bytes()
    _with_source(monkeypatch, "pytest_claims.analysis.specials", source + b"\n# a new table entry\n", tmp_path)
    assert FactsCache(tmp_path).directory != before


def test_line_endings_do_not_change_a_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout with CRLF line endings (git on Windows) keys its caches as a LF one does."""
    before = codekey.code_digest(*FACTS_MAKERS)
    source = codekey.source_path("pytest_claims.analysis.facts").read_bytes()
    _with_source(monkeypatch, "pytest_claims.analysis.facts", source.replace(b"\n", b"\r\n"), tmp_path)
    assert codekey.code_digest(*FACTS_MAKERS) == before


def test_every_module_of_the_analysis_keys_the_stores() -> None:
    """A module added to the analysis is part of the stores' key without anyone listing it."""
    found = codekey.modules_under(*STORE_MAKERS)
    assert "pytest_claims.analysis.resolution.summaries" in found and "pytest_claims.analysis.claims" in found
    assert all(codekey.source_path(module).is_file() for module in found)


def test_the_digest_is_of_the_source_not_of_where_it_lies(tmp_path: Path) -> None:
    """The same bytes give the same digest wherever the package is installed (and whatever `__file__` says: a
    compiled module's is its extension)."""
    digest = codekey.code_digest("pytest_claims.records")
    assert len(digest) == 20 and digest == codekey.code_digest("pytest_claims.records")
    assert codekey.source_path("pytest_claims.records") == codekey.PACKAGE / "records.py"
    assert codekey.source_path("pytest_claims.analysis") == codekey.PACKAGE / "analysis" / "__init__.py"
