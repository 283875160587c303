"""The facts cache and the verdict store: warm runs parse nothing, nothing stale is ever served."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import typeshed_client

import pytest_claims.engine  # noqa: F401 - installs the persistent derived store (`analysis.ports.use_derived`)
from pytest_claims.analysis.catalog import load_catalogue
from pytest_claims.analysis.stubfiles import read_stub
from pytest_claims.codec import pack, unpack
from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import SHARED_ENV, Derived, FactsCache, derived_in
from tests.persist.helpers import package, traced

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "project")
    return tmp_path / "project"


def _run(project: Path, cache_dir: Path) -> tuple[FactsCache, Result]:
    cache = FactsCache(cache_dir)
    return cache, check(project, ["linux", "win32"], cache=cache)


def test_warm_run_parses_nothing(project: Path, tmp_path: Path) -> None:
    cold_cache, cold = _run(project, tmp_path / "cache")
    assert cold_cache.parsed == len(cold.project.modules.loaded())
    warm_cache, warm = _run(project, tmp_path / "cache")
    assert warm_cache.parsed == 0
    assert warm.claims == cold.claims
    assert warm.reused == len(warm.claims)


def test_only_what_claims_reach_is_parsed(project: Path) -> None:
    result = check(project, ["linux"])
    loaded = result.project.modules.loaded()
    assert "vio.helpers" in loaded
    assert "vio.receipts" not in loaded  # no claim reaches it, and it holds no directive


def test_touching_one_file_reparses_that_file_only(project: Path, tmp_path: Path) -> None:
    _run(project, tmp_path / "cache")
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_text(helpers.read_text().replace("return time.time()", "return time.monotonic()", 1))  # in stamp
    cache, touched = _run(project, tmp_path / "cache")
    assert cache.parsed == 1
    fresh = check(project, ["linux", "win32"])
    assert touched.claims == fresh.claims
    one_hop = [c for c in fresh.claims if c.qualname == "one_hop"]
    assert {v.reach for c in one_hop for v in c.violations} == {"time.monotonic"}


def _walks(result: Result) -> int:
    return len(result.claims) - result.reused


def test_an_edit_that_leaves_the_facts_as_they_were_redoes_nothing(project: Path, tmp_path: Path) -> None:
    """A comment changed, appended, or a line's trailing spaces: the file is parsed again, its facts are those of
    its old content, and nothing built on them is redone or written again (an early cutoff); the next runs
    compare the two contents' cached facts and parse nothing."""
    _, cold = _run(project, tmp_path / "cache")
    (store,) = (tmp_path / "cache").glob("verdicts-*")
    written = store.read_bytes()
    helpers = project / "src" / "vio" / "helpers.py"
    text = helpers.read_text()
    helpers.write_text(text.replace("return time.time()", "return time.time()  # now", 1) + "\n# the end\n")
    cache, edited = _run(project, tmp_path / "cache")
    assert cache.parsed == 1
    assert edited.claims == cold.claims
    assert _walks(edited) == 0
    assert store.read_bytes() == written
    cache, again = _run(project, tmp_path / "cache")
    assert (cache.parsed, _walks(again)) == (0, 0)
    assert again.claims == cold.claims


def test_an_edit_that_moves_lines_moves_the_stored_verdicts(project: Path, tmp_path: Path) -> None:
    """Every line of a helper module moved: no walk is redone, the violations in it lie one line lower."""
    _, before = _run(project, tmp_path / "cache")
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_text("# a new first line\n" + helpers.read_text())
    _, edited = _run(project, tmp_path / "cache")
    assert _walks(edited) == 0
    assert edited.claims == check(project, ["linux", "win32"]).claims

    def in_helpers(result: Result) -> list[int]:
        return [v.line for c in result.claims for v in c.violations if v.file.endswith("vio/helpers.py")]

    assert in_helpers(before) and in_helpers(edited) == [line + 1 for line in in_helpers(before)]


def test_a_directive_written_in_a_comment_is_an_edit(project: Path, tmp_path: Path) -> None:
    """Directives are facts: a claim added (a comment, same lines) is seen, and so is one taken away."""
    _, before = _run(project, tmp_path / "cache")
    helpers = project / "src" / "vio" / "helpers.py"
    text = helpers.read_text()
    lines = text.splitlines(keepends=True)
    blank = next(i for i, line in enumerate(lines) if not line.strip() and lines[i + 1].startswith("def "))
    claimed = "".join([*lines[:blank], "# claims: deterministic\n", *lines[blank + 1 :]])
    helpers.write_text(claimed)
    _, after = _run(project, tmp_path / "cache")
    assert len(after.claims) > len(before.claims)
    assert after.claims == check(project, ["linux", "win32"]).claims
    helpers.write_text(text)
    assert _run(project, tmp_path / "cache")[1].claims == before.claims


def test_without_the_old_facts_an_edit_counts_as_a_change(project: Path, tmp_path: Path) -> None:
    """The comparison needs the old content's facts from the cache: when they are gone, the file is changed."""
    _, cold = _run(project, tmp_path / "cache")
    for entry in (tmp_path / "cache").rglob("*"):
        if entry.is_file() and entry.parent.parent.name.startswith("facts-"):
            entry.unlink()
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_text(helpers.read_text() + "\n# the end\n")
    _, edited = _run(project, tmp_path / "cache")
    assert _walks(edited) > 0
    assert edited.claims == cold.claims


def test_a_new_module_invalidates_verdicts_that_looked_for_it(project: Path, tmp_path: Path) -> None:
    (project / "src" / "vio" / "late.py").write_text(
        "import vio.missing\n\n\n# claims: deterministic\ndef f():\n    return vio.missing.g()\n"
    )
    _, before = _run(project, tmp_path / "cache")
    late = next(c for c in before.claims if c.qualname == "f")
    assert late.status == "unevaluable"
    (project / "src" / "vio" / "missing.py").write_text("import os\n\n\ndef g():\n    return os.getenv('X')\n")
    _, after = _run(project, tmp_path / "cache")
    late = next(c for c in after.claims if c.qualname == "f")
    assert late.status == "violated"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: b"garbage",
        lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]),
        lambda data: b"",
    ],
    ids=["truncated", "garbage", "flipped", "empty"],
)
def test_damaged_entries_are_rebuilt_with_the_same_verdicts(
    project: Path, tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    _, cold = _run(project, tmp_path / "cache")
    entries = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        entry.write_bytes(damage(entry.read_bytes()))
    cache, rebuilt = _run(project, tmp_path / "cache")
    assert cache.parsed > 0
    assert rebuilt.claims == cold.claims
    again, _ = _run(project, tmp_path / "cache")
    assert again.parsed == 0


def test_foreign_entries_never_run_code(tmp_path: Path) -> None:
    import pickle

    class Evil:
        def __reduce__(self) -> tuple[object, ...]:
            return (print, ("owned",))

    payload = pickle.dumps(Evil())
    import hashlib

    forged = b"pytest-claims-cache\x00" + hashlib.sha256(payload).digest() + payload
    with pytest.raises(ValueError, match="not allowed"):
        unpack(forged)
    assert unpack(pack((1, "a", frozenset({"b"})))) == (1, "a", frozenset({"b"}))


def test_plugin_warm_run_and_cache_clear(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    trace = pytester.path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    first = pytester.runpytest_subprocess("-p", "claims", "-q")
    second = pytester.runpytest_subprocess("-p", "claims", "-q")
    cleared = pytester.runpytest_subprocess("-p", "claims", "-q", "--cache-clear")
    assert first.ret == second.ret == cleared.ret == pytest.ExitCode.TESTS_FAILED
    lines = trace.read_text().splitlines()
    assert len(lines) == 3
    assert "parsed=0 " not in lines[0]
    assert "parsed=0 " in lines[1]
    assert "parsed=0 " not in lines[2]


def test_xdist_runs_the_engine_once_with_the_same_outcomes(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("xdist")
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    trace = pytester.path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    serial = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-q", "-rA")
    parallel = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-q", "-rA", "-n", "2")
    assert serial.parseoutcomes() == parallel.parseoutcomes()

    def outcomes(result: pytest.RunResult) -> list[str]:
        return sorted(line for line in result.outlines if line.startswith(("PASSED ", "FAILED ")))

    assert outcomes(serial) == outcomes(parallel)
    assert len(trace.read_text().splitlines()) == 2  # one engine run per session, none in the workers


def test_parsed_stubs_persist_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SHARED_ENV, "off")  # kept beside the given cache, as without a per-machine cache
    path = typeshed_client.get_stub_file("os")
    assert path is not None
    parsed = Derived.built["stub"]
    with derived_in(tmp_path / "stubs"):
        first = read_stub(path, "os")
        assert Derived.built["stub"] == parsed + 1 and first.names
        again = read_stub(path, "os")
        assert Derived.built["stub"] == parsed + 1  # read back, not parsed
        assert again == first
        (entry,) = (tmp_path / "stubs").iterdir()
        entry.write_bytes(entry.read_bytes()[:-5])
        assert read_stub(path, "os") == first
        assert Derived.built["stub"] == parsed + 2  # a damaged entry is parsed again, never trusted


def test_touching_one_file_resolves_only_what_depended_on_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trace = tmp_path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    root = package(
        tmp_path / "project",
        dict(
            steady="def one():\n    return 1\n\n\ndef two():\n    return one() + 1\n",
            edited="def three():\n    return 3\n",
            a="from pkg.edited import three\nfrom pkg.steady import two\n\n\n"
            "# claims: deterministic\ndef f():\n    return two() + three()\n",
        ),
    )
    cache = tmp_path / "cache"
    check(root, ["linux"], cache=FactsCache(cache))
    assert traced(trace)["summarized"] == "4"  # f, two, one, three
    (root / "pkg" / "edited.py").write_text("import time\n\n\ndef three():\n    return time.time()\n")
    (touched,) = check(root, ["linux"], cache=FactsCache(cache)).claims
    line = traced(trace)
    assert line["summarized"] == "2"  # f (it resolved `three` through edited.py) and three
    assert line["summaries-reused"] == "2"  # two and one: nothing they read changed
    assert touched == check(root, ["linux"]).claims[0]
    assert [v.reach for v in touched.violations] == ["time.time"]


def test_summaries_are_judged_against_the_run_that_wrote_them(tmp_path: Path) -> None:
    """A run that walks nothing leaves the summary store as it was; a later run must still see that a module
    changed in between (the store keeps its own digests, not the verdict store's)."""
    claimed = "from pkg.m import h\n\n\n# claims: deterministic\ndef f():\n    return h()\n"
    modules = {
        "y": "def g():\n    return 1\n",
        "m": "from pkg.y import g\n\n\ndef h():\n    return g()\n",
        "a": claimed,
    }
    root = package(tmp_path / "project", modules)
    cache = tmp_path / "cache"
    assert {c.status for c in check(root, ["linux"], cache=FactsCache(cache)).claims} == {"held"}
    (root / "pkg" / "a.py").write_text(claimed.replace("# claims: deterministic\n", ""))
    (root / "pkg" / "y.py").write_text("import time\n\n\ndef g():\n    return time.time()\n")
    assert check(root, ["linux"], cache=FactsCache(cache)).claims == ()
    (root / "pkg" / "a.py").write_text(claimed)
    (again,) = check(root, ["linux"], cache=FactsCache(cache)).claims
    assert again.status == "violated"
    assert [v.via for v in again.violations] == [("pkg.m.h", "pkg.y.g")]


def test_derived_entries_go_beside_the_given_cache_only(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SHARED_ENV, "off")  # stubs too (else in the per-machine cache: test_shared_stub_cache)
    load_catalogue.cache_clear()  # this process may have parsed the catalogue already: it is parsed again
    try:
        kept = Derived.kept.total()
        _run(project, tmp_path / "cache")
        beside = list((tmp_path / "cache").glob("derived-*/*"))
        assert [p.name.partition("-")[0] for p in beside].count("catalogue") == 1
        assert Derived.kept.total() - kept == len(beside)  # every entry the run kept is beside its cache
        assert Derived.directory is None  # not left set for whatever runs next
        load_catalogue.cache_clear()
        built, kept = Derived.built["catalogue"], Derived.kept.total()
        check(project, ["linux"])
        assert Derived.built["catalogue"] == built + 1  # parsed again...
        assert Derived.kept.total() == kept  # ...and kept nowhere: a check without a cache writes nothing
    finally:
        load_catalogue.cache_clear()


def _hierarchy_project(root: Path) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["shop"]\n')
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "base.py").write_text(
        "class Step:\n"
        "    # claims: deterministic\n"
        "    def run(self):\n"
        "        return self.apply()\n\n"
        "    def apply(self):\n"
        "        return 1\n"
    )
    (root / "shop" / "other.py").write_text("def unrelated():\n    return 2\n")
    return root


def _status(result: Result) -> str:
    (status,) = {claim.status for claim in result.claims}  # the same on linux and win32
    return status


def test_an_assignment_turned_override_invalidates_the_stored_verdict(tmp_path: Path) -> None:
    """An override written as a class-body assignment (`apply = time.time`) is part of the hierarchy a stored
    verdict depends on, as a def is."""
    root = _hierarchy_project(tmp_path / "p")
    timed = root / "shop" / "timed.py"
    timed.write_text("import time\n\nfrom shop.base import Step\n\n\nclass Timed(Step):\n    other = time.time\n")
    assert _status(_run(root, tmp_path / "cache")[1]) == "held"
    # the same class, the same methods (none): only what its body assigns changed, and that is an override now
    timed.write_text("import time\n\nfrom shop.base import Step\n\n\nclass Timed(Step):\n    apply = time.time\n")
    _, after = _run(root, tmp_path / "cache")
    assert _status(after) == "violated"
    assert after.claims == check(root, ["linux", "win32"]).claims


def test_a_field_store_turned_shadowing_invalidates_the_stored_verdict(tmp_path: Path) -> None:
    """A field a subclass's method stores on `self` under a base method's name shadows it (`subfields`): which
    names a class's methods store is part of the hierarchy a stored verdict depends on."""
    root = _hierarchy_project(tmp_path / "p")
    timed = root / "shop" / "timed.py"
    store = (
        "import time\n\nfrom shop.base import Step\n\n\n"
        "class Timed(Step):\n    def arm(self):\n        self.{} = time.time\n"
    )
    timed.write_text(store.format("other"))
    assert _status(_run(root, tmp_path / "cache")[1]) == "held"
    timed.write_text(store.format("apply"))  # the same class and methods: only the name stored changed
    _, after = _run(root, tmp_path / "cache")
    assert _status(after) == "violated"
    assert after.claims == check(root, ["linux", "win32"]).claims


def test_a_new_override_in_another_file_invalidates_the_stored_verdict(tmp_path: Path) -> None:
    root = _hierarchy_project(tmp_path / "p")
    assert _status(_run(root, tmp_path / "cache")[1]) == "held"
    # a body-only edit elsewhere leaves the class hierarchy as it was: the verdict is reused
    (root / "shop" / "other.py").write_text("def unrelated():\n    return 3\n")
    _, same = _run(root, tmp_path / "cache")
    assert (_status(same), same.reused) == ("held", 2)
    # a new module overrides `apply` with a clock read: the base method's claim now fails, never stale
    (root / "shop" / "timed.py").write_text(
        "import time\n\nfrom shop.base import Step\n\n\n"
        "class Timed(Step):\n    def apply(self):\n        return time.time()\n"
    )
    _, after = _run(root, tmp_path / "cache")
    assert (_status(after), after.reused) == ("violated", 0)
    assert after.claims == check(root, ["linux", "win32"]).claims
    # and a method added to an existing subclass file is seen the same way
    (root / "shop" / "timed.py").write_text(
        "from shop.base import Step\n\n\nclass Timed(Step):\n    def other(self):\n        return 0\n"
    )
    _, removed = _run(root, tmp_path / "cache")
    assert _status(removed) == "held"
