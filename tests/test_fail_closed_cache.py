"""Issue 16, fail closed, the caches: an entry of the wrong shape is rebuilt, never a crash."""

from __future__ import annotations

import mmap
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.engine import Result, check
from pytest_claims.persist import snapshot as snapshot_module
from pytest_claims.persist.cache import FactsCache, read_entry, write_entry
from pytest_claims.persist.codec import encode

FIXTURE = Path(__file__).resolve().parent.parent / "testdata" / "violations"
PLATFORMS = ["linux", "win32"]


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


def _run(project: Path, cache: Path) -> Result:
    return check(project, PLATFORMS, cache=FactsCache(cache))


def _entry(cache: Path, kind: str) -> Path:
    (path,) = cache.glob(f"{kind}-*")
    return path


def _stored(path: Path) -> Any:
    """The document a store entry holds (its checksum and key checked; a store's key is its name)."""
    document = read_entry(path, path.name)
    assert document is not None
    return document


def _forge(path: Path, document: object, key: str | None = None) -> None:
    """Write `document` as a whole, checksum-valid entry under `path`, for the key it is read with there: only
    its shape is wrong."""
    write_entry(path, key or path.name, document)


Mutation = Callable[[Any], Any]


def _each(part: str, change: Callable[[Any, Any], Any]) -> Mutation:
    """Every item of one part of the document changed by `change(key, value)`."""

    def mutate(document: Any) -> Any:
        document[part] = {key: change(key, value) for key, value in document[part].items()}
        return document

    return mutate


def _replace(part: str, value: object) -> Mutation:
    def mutate(document: Any) -> Any:
        document[part] = value
        return document

    return mutate


VERDICT_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: [document],
    "verdicts-a-list": lambda document: {**document, "verdicts": list(document["verdicts"].items())},
    "verdict-too-short": _each("verdicts", lambda key, entry: (entry[0], ("held",))),
    "verdict-wrong-inner-type": _each("verdicts", lambda key, entry: (entry[0], ("held", (1,), (), ()))),
    "verdict-unknown-status": _each("verdicts", lambda key, entry: (entry[0], ("fine", (), (), ()))),
    "verdict-deps-not-names": _each("verdicts", lambda key, entry: (5, entry[1])),
    "verdict-not-a-pair": _each("verdicts", lambda key, entry: entry[1]),
    "reading-too-short": _each("directives", lambda key, reading: reading[:2]),
    "reading-claim-too-short": _each("directives", lambda key, reading: (((1, 2),), *reading[1:])),
    "reading-count-not-int": _each("directives", lambda key, reading: (*reading[:2], "0")),
    "digests-not-names": _each("digests", lambda key, digest: 1),
    "shapes-none": _replace("shapes", None),
    "unknown-part-missing": lambda document: {"verdicts": document["verdicts"]},
}


@pytest.mark.parametrize("mutation", VERDICT_SHAPES.values(), ids=VERDICT_SHAPES.keys())
def test_a_verdict_store_of_the_wrong_shape_is_rebuilt(project: Path, tmp_path: Path, mutation: Mutation) -> None:
    """Checksum-valid, but not what this version writes: the run recomputes, and the next one is warm again."""
    cold = _run(project, tmp_path / "cache")
    store = _entry(tmp_path / "cache", "verdicts")
    _forge(store, mutation(_stored(store)))
    rebuilt = _run(project, tmp_path / "cache")
    assert rebuilt.claims == cold.claims
    assert rebuilt.errors == cold.errors and rebuilt.problems == cold.problems
    assert _run(project, tmp_path / "cache").reused == len(cold.claims)


SNAPSHOT_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: (document,),
    "files-a-list": lambda document: {**document, "files": list(document["files"])},
    "file-too-short": _each("files", lambda path, entry: entry[:2]),
    "file-digest-not-text": _each("files", lambda path, entry: (entry[0], 7, *entry[2:])),
    "file-key-not-stat": _each("files", lambda path, entry: ("stat", *entry[1:])),
    "walk-result-not-modules": _each("walks", lambda key, entry: (entry[0], ((1, 2),))),
    "walk-directories-not-paths": _each("walks", lambda key, entry: (((1, 0),), entry[1])),
    "walk-not-a-pair": _each("walks", lambda key, entry: entry[0]),
}


@pytest.mark.parametrize("mutation", SNAPSHOT_SHAPES.values(), ids=SNAPSHOT_SHAPES.keys())
def test_a_snapshot_of_the_wrong_shape_is_ignored(settled: Path, tmp_path: Path, mutation: Mutation) -> None:
    """The snapshot only spares reads: one of the wrong shape is not trusted, and the run lists and hashes."""
    project = settled
    cold = _run(project, tmp_path / "cache")
    snapshot = _entry(tmp_path / "cache", "files")
    document = _stored(snapshot)
    assert document["files"] and document["walks"]  # the fixture is old enough to be recorded
    _forge(snapshot, mutation(document))
    warm = _run(project, tmp_path / "cache")
    assert warm.claims == cold.claims
    assert warm.errors == cold.errors and warm.problems == cold.problems
    assert sorted(warm.project.index.modules) == sorted(cold.project.index.modules)


SUMMARY_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: 3,
    "summary-too-short": _each("summaries", lambda key, entry: (entry[0], entry[1][:2])),
    "summary-deps-not-names": _each("summaries", lambda key, entry: (None, entry[1])),
    "summary-reaches-not-records": _each("summaries", lambda key, entry: (entry[0], (("x",), *entry[1][1:]))),
    "subclasses-not-pairs": _replace("subclasses", {("linux", "vio.users", 0): ((1,),)}),
    "digests-a-list": _replace("digests", []),
}


@pytest.mark.parametrize("mutation", SUMMARY_SHAPES.values(), ids=SUMMARY_SHAPES.keys())
def test_a_summary_store_of_the_wrong_shape_is_rebuilt(project: Path, tmp_path: Path, mutation: Mutation) -> None:
    """Summaries are read when a verdict must be walked again: with the verdicts gone, every one is."""
    cold = _run(project, tmp_path / "cache")
    summaries = _entry(tmp_path / "cache", "summaries")
    _forge(summaries, mutation(_stored(summaries)))
    _entry(tmp_path / "cache", "verdicts").unlink()
    rebuilt = _run(project, tmp_path / "cache")
    assert rebuilt.claims == cold.claims


def test_facts_of_the_wrong_shape_are_parsed_again(tmp_path: Path) -> None:
    """Every field the right length and kind of container, one number written as text: not these facts."""
    cache = FactsCache(tmp_path / "cache")
    facts = extract_fresh(b"import os\n\n\ndef f():\n    return os.getenv('X')\n", "m.py")
    digest = "ab" * 32
    cache.put(digest, facts)
    assert cache.get(digest) == facts
    (entry,) = (tmp_path / "cache").rglob(digest)
    _forge(entry, (*encode(facts)[:-1], str(facts.def_count)), f"{entry.parent.parent.name}/{digest}")
    assert cache.get(digest) is None
    assert cache.rebuilt == 1


# -- item 8: an entry is trusted only under the key it was made for ------------------------------------------


def _two_modules(root: Path, table: str) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text(f'[tool.claims]\npackages = ["pkg"]\n{table}')
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "helpers.py").write_text("import os\n\n\ndef env():\n    return os.getenv('X')\n")
    (root / "pkg" / "pure.py").write_text("# claims: deterministic\ndef same(x):\n    return x\n")
    (root / "pkg" / "uses.py").write_text(
        "from pkg.helpers import env\n\n\n# claims: deterministic\ndef reads():\n    return env()\n"
    )
    return root


def test_facts_copied_under_another_digest_are_not_trusted(tmp_path: Path) -> None:
    """`pure.py`'s facts stored under `uses.py`'s digest would make `reads` a function that reaches nothing."""
    root = _two_modules(tmp_path / "project", "")
    cache = tmp_path / "cache"
    cold = _run(root, cache)
    assert {c.qualname: c.status for c in cold.claims} == {"same": "held", "reads": "violated"}
    digests = cold.project.modules.digests
    (pure,) = cache.rglob(digests["pkg.pure"])
    (uses,) = cache.rglob(digests["pkg.uses"])
    shutil.copyfile(pure, uses)
    for store in [*cache.glob("verdicts-*"), *cache.glob("summaries-*")]:
        store.unlink()  # the facts are read again
    assert _run(root, cache).claims == cold.claims


def test_another_configurations_verdict_store_is_not_trusted(tmp_path: Path) -> None:
    """With `pkg.helpers` trusted, `reads` holds; that store copied under the untrusting configuration's name
    would hold it there too."""
    trusting = _two_modules(tmp_path / "trusting", 'trusted = ["pkg.helpers"]\n')
    strict = _two_modules(tmp_path / "strict", "")
    cache = tmp_path / "cache"
    assert {c.status for c in _run(trusting, cache).claims} == {"held"}
    (trusted_store,) = cache.glob("verdicts-*")
    strict_run = _run(strict, cache)
    (strict_store,) = set(cache.glob("verdicts-*")) - {trusted_store}
    shutil.copyfile(trusted_store, strict_store)
    assert _run(strict, cache).claims == strict_run.claims
    assert {c.qualname: c.status for c in strict_run.claims} == {"same": "held", "reads": "violated"}


def test_an_entry_read_under_another_key_is_not_trusted(tmp_path: Path) -> None:
    write_entry(tmp_path / "a", "facts-1/aa", ("facts", 1))
    shutil.copyfile(tmp_path / "a", tmp_path / "b")
    assert read_entry(tmp_path / "b", "facts-1/aa") == ("facts", 1)
    assert read_entry(tmp_path / "b", "facts-1/bb") is None
    assert read_entry(tmp_path / "b", "facts-2/aa") is None


# -- item 7: how far the snapshot trusts stat data -----------------------------------------------------------

STAMP = b"return time.time()  #"
CTIME = b"return time.ctime() #"  # the same length: a write through a mapping cannot change a file's size


def _reaches(result: Result) -> set[str]:
    return {v.reach for c in result.claims for v in c.violations}


def test_a_write_through_a_shared_mapping_is_seen(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first write through a shared mapping dirties the page and stamps the file's times; later writes to
    that dirty page change bytes and nothing else. Five seconds on, the file looked settled (two seconds was the
    whole racy window): its old digest was trusted while it said `time.ctime()`."""
    hour_ago = time.time() - 3600
    for path in sorted([project, *project.rglob("*")], key=lambda p: -len(p.parts)):
        os.utime(path, (hour_ago, hour_ago))
    helpers = project / "src" / "vio" / "helpers.py"
    at = helpers.read_bytes().index(STAMP)
    with helpers.open("r+b") as handle, mmap.mmap(handle.fileno(), 0) as mapped:
        mapped[at : at + len(STAMP)] = STAMP  # the page is dirty, the times stamped
        monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 5 * 10**9)
        before = _run(project, tmp_path / "cache")
        assert "time.time" in _reaches(before)
        mapped[at : at + len(CTIME)] = CTIME  # the same dirty page: stat data unchanged on Linux
        after = _run(project, tmp_path / "cache")
    assert after.claims == check(project, PLATFORMS).claims
    assert "time.ctime" in _reaches(after)


def test_a_stale_digest_does_not_outlive_the_next_edit(settled: Path, tmp_path: Path) -> None:
    """A file whose bytes changed while its stat data did not (a write through a mapping on a file system that
    never stamps those, like tmpfs): the first run that sees any module edited hashes every file again."""
    project = settled
    cache = tmp_path / "cache"
    _run(project, cache)
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_bytes(helpers.read_bytes().replace(STAMP, CTIME, 1))
    snapshot = _entry(cache, "files")
    document = _stored(snapshot)
    entry = document["files"][str(helpers)]
    stat = os.stat(helpers)
    document["files"][str(helpers)] = ((stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino), *entry[1:])
    _forge(snapshot, document)  # as if the snapshot had hashed the old bytes under today's stat data
    clean = project / "src" / "vio" / "clean.py"
    clean.write_text(clean.read_text() + "\n# an ordinary edit\n")
    after = _run(project, cache)
    assert after.claims == check(project, PLATFORMS).claims
    assert "time.ctime" in _reaches(after)


def test_a_stored_catalogue_parse_of_the_wrong_shape_is_parsed_again(tmp_path: Path) -> None:
    """Item 15 for the derived entries: a checksum-valid, correctly keyed parse of the catalogue that is not one
    (a section of the wrong type) is read as damage, not a ValueError on every later run."""
    import hashlib

    from pytest_claims.analysis import catalog
    from pytest_claims.persist.cache import derived_in, write_entry

    source = catalog._catalogue_text().encode()
    entry = tmp_path / f"catalogue-{hashlib.sha256(source).hexdigest()[:40]}"
    write_entry(entry, f"{tmp_path.name}/{entry.name}", {"capabilities": ["not", "a", "table"]})
    with derived_in(tmp_path):
        forged = catalog.load_catalogue.__wrapped__()  # past the per-process memo: this process loaded it already
    assert forged.entries == catalog.load_catalogue().entries
    assert forged.lookup("os.getenv") is not None
