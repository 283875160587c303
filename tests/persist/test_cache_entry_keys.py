"""The facts cache and the derived entries: an entry of the wrong shape is parsed again, and an entry is
trusted only under the key it was made for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.codec import encode
from pytest_claims.persist.cache import FactsCache, read_entry, write_entry
from tests.persist.helpers import forge, run_cached, two_modules


def test_facts_of_the_wrong_shape_are_parsed_again(tmp_path: Path) -> None:
    """Every field the right length and kind of container, one number written as text: not these facts."""
    cache = FactsCache(tmp_path / "cache")
    facts = extract_fresh(b"import os\n\n\ndef f():\n    return os.getenv('X')\n", "m.py")
    digest = "ab" * 32
    cache.put(digest, facts)
    assert cache.get(digest) == facts
    (entry,) = (tmp_path / "cache").rglob(digest)
    forge(entry, (*encode(facts)[:-1], str(facts.def_count)), f"{entry.parent.parent.name}/{digest}")
    assert cache.get(digest) is None
    assert cache.rebuilt == 1


def test_facts_copied_under_another_digest_are_not_trusted(tmp_path: Path) -> None:
    """`pure.py`'s facts stored under `uses.py`'s digest would make `reads` a function that reaches nothing."""
    root = two_modules(tmp_path / "project", "")
    cache = tmp_path / "cache"
    cold = run_cached(root, cache)
    assert {c.qualname: c.status for c in cold.claims} == {"same": "held", "reads": "violated"}
    digests = cold.project.modules.digests
    (pure,) = cache.rglob(digests["pkg.pure"])
    (uses,) = cache.rglob(digests["pkg.uses"])
    shutil.copyfile(pure, uses)
    for store in [*cache.glob("verdicts-*"), *cache.glob("summaries-*")]:
        store.unlink()  # the facts are read again
    assert run_cached(root, cache).claims == cold.claims


def test_an_entry_read_under_another_key_is_not_trusted(tmp_path: Path) -> None:
    write_entry(tmp_path / "a", "facts-1/aa", ("facts", 1))
    shutil.copyfile(tmp_path / "a", tmp_path / "b")
    assert read_entry(tmp_path / "b", "facts-1/aa") == ("facts", 1)
    assert read_entry(tmp_path / "b", "facts-1/bb") is None
    assert read_entry(tmp_path / "b", "facts-2/aa") is None


def test_a_stored_catalogue_parse_of_the_wrong_shape_is_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 15 for the derived entries: a checksum-valid, correctly keyed parse of the catalogue that is not one
    (a section of the wrong type) is read as damage, not a ValueError on every later run."""
    import hashlib

    from pytest_claims.analysis import catalog
    from pytest_claims.persist.cache import SHARED_ENV, derived_in, write_entry

    monkeypatch.setenv(SHARED_ENV, "off")  # the catalogue's parse is a shared entry: here it is read beside

    source = catalog._catalogue_text().encode()
    entry = tmp_path / f"catalogue-{hashlib.sha256(source).hexdigest()[:40]}"
    write_entry(entry, f"{tmp_path.name}/{entry.name}", {"capabilities": ["not", "a", "table"]})
    with derived_in(tmp_path):
        forged = catalog.load_catalogue.__wrapped__()  # past the per-process memo: this process loaded it already
    assert forged.entries == catalog.load_catalogue().entries
    assert forged.lookup("os.getenv") is not None
