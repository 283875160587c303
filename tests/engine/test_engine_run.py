"""How an engine run treats its host process and its stores: the collector, the writer thread, shared tuples,
and blind calls kept per function (issue 12's speed work; none of it may change a verdict)."""

from __future__ import annotations

import gc
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.persist import cache as cache_module
from pytest_claims.persist.cache import FactsCache, background_writes, read_entry, write_entry
from pytest_claims.persist.store import _shared
from pytest_claims.records import BlindCalls, BlindSpot, Violation, blind_spots

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "project")
    return tmp_path / "project"


@pytest.fixture
def collector() -> Iterator[None]:
    """The host's collector state, restored whatever a test does to it."""
    enabled, threshold = gc.isenabled(), gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


# -- the collector ------------------------------------------------------------------------------------------


def test_a_run_leaves_no_reference_cycle_behind(project: Path, collector: None) -> None:
    """The engine disables the cyclic collector while it runs, so whatever it allocates must be freed by
    reference counting alone: a run whose result is dropped leaves nothing for the collector to find."""
    gc.collect()
    gc.disable()
    result = check(project, ["linux", "win32"])
    assert result.claims
    del result
    assert gc.collect() == 0


def test_a_run_with_its_stores_leaves_no_reference_cycle_behind(project: Path, collector: None) -> None:
    """The same with a cache: the stores a cold run writes (equal tuples interned) and a warm run reads back."""
    for _ in range(2):  # cold, then warm
        gc.collect()
        gc.disable()
        result = check(project, ["linux", "win32"], cache=FactsCache(project.parent / "cache"))
        assert {c.status for c in result.claims} >= {"held", "violated"}
        del result
        assert gc.collect() == 0


def test_the_collector_is_on_again_after_a_run(project: Path, collector: None) -> None:
    gc.enable()
    threshold = gc.get_threshold()
    check(project, ["linux"])
    assert gc.isenabled()
    assert gc.get_threshold() == threshold


def test_a_host_that_turned_the_collector_off_keeps_it_off(project: Path, collector: None) -> None:
    gc.disable()
    check(project, ["linux"])
    assert not gc.isenabled()


def test_objects_the_host_froze_stay_frozen(project: Path, collector: None) -> None:
    """A run moves what it allocated to the oldest generation through freeze/unfreeze, which would thaw the
    host's frozen objects too: with a freeze of the host's in place it does not."""
    held = [object() for _ in range(10)]
    gc.freeze()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    check(project, ["linux"])
    assert gc.get_freeze_count() >= frozen
    assert held


def test_without_a_host_freeze_a_run_freezes_nothing(project: Path, collector: None) -> None:
    gc.unfreeze()
    check(project, ["linux"])
    assert gc.get_freeze_count() == 0


# -- the writer thread --------------------------------------------------------------------------------------


def test_entries_written_during_a_run_are_on_disk_when_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "entries" / "one"
    with background_writes():
        write_entry(path, "k", ("value", 1))
        assert read_entry(path, "k") == ("value", 1)  # read back from the queue if not written yet
    assert path.exists()
    assert read_entry(path, "k") == ("value", 1)


def test_outside_a_run_an_entry_is_written_at_once(tmp_path: Path) -> None:
    path = tmp_path / "now"
    write_entry(path, "k", (1,))
    assert path.exists()


def test_a_write_that_fails_in_the_writer_costs_only_the_entry(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_bytes(b"")
    with background_writes():
        write_entry(blocked / "entry", "k", (1,))  # its directory cannot be made: a file holds the name
        write_entry(tmp_path / "fine", "k", (2,))
    assert not (blocked / "entry").exists()
    assert read_entry(tmp_path / "fine", "k") == (2,)


def test_runs_within_a_run_share_one_writer(tmp_path: Path) -> None:
    with background_writes():
        outer = cache_module._writes
        with background_writes():
            assert cache_module._writes is outer
            write_entry(tmp_path / "inner", "k", (1,))
        assert cache_module._writes is outer  # the inner block does not close the outer writer
    assert cache_module._writes is None
    assert (tmp_path / "inner").exists()


def test_a_cached_run_writes_every_store_before_it_returns(project: Path, tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache")
    cold = check(project, ["linux"], cache=cache)
    names = {p.name.split("-")[0] for p in (tmp_path / "cache").iterdir()}
    assert {"facts", "verdicts", "files"} <= names  # (parsed stubs only where this process had to parse one)
    warm_cache = FactsCache(tmp_path / "cache")
    warm = check(project, ["linux"], cache=warm_cache)
    assert warm_cache.parsed == 0 and warm.reused == len(warm.claims) == len(cold.claims)


# -- shared tuples in the stores ----------------------------------------------------------------------------


def test_equal_verdicts_are_stored_once() -> None:
    def verdict() -> tuple[object, ...]:
        group = ("src/a.py", ("a.f", "a.g"), ((3, "h()"),))
        violation = ("deterministic", "call", "time.time", "src/a.py", 4, ("a.f",))
        return ("violated", (violation,), (), (group,))

    first, second, other = verdict(), verdict(), ("held", (), (), ())
    assert first == second and first is not second
    shared = _shared({"a": (("m",), first), "b": (("m",), second), "c": (("m",), other)}, {})
    assert shared["a"][1] is shared["b"][1]
    assert shared["a"][0] is shared["b"][0] is shared["c"][0]
    assert shared["a"][1] == first


def test_a_new_verdict_shares_the_parts_it_has_in_common() -> None:
    group = ("src/a.py", ("a.f",), ((3, "h()"),))
    again = tuple(list(group))  # equal, another object (tuple(group) would be the same one)
    assert again == group and again is not group
    one = ("held", (), (), (group,))
    two = ("held", (), (), (again, ("src/b.py", (), ((1, "k()"),))))
    shared = _shared({"one": ((), one), "two": ((), two)}, {})
    assert shared["one"][1][3][0] is shared["two"][1][3][0]


def test_entries_kept_from_the_last_run_are_not_rebuilt() -> None:
    kept = (("m",), ("held", (), (), ()))
    assert _shared({"k": kept}, {"k": kept})["k"] is kept


# -- blind calls kept per function --------------------------------------------------------------------------


def test_blind_spots_are_spelled_out_sorted_with_the_chain_of_their_first_meeting() -> None:
    groups = (
        BlindCalls("src/b.py", (), ((9, "x()"), (2, "y()"))),
        BlindCalls("src/a.py", ("a.f",), ((5, "z()"),)),
        BlindCalls("src/b.py", ("a.f", "b.g"), ((2, "y()"),)),  # met again, farther: the first chain stays
    )
    assert blind_spots(groups) == (
        BlindSpot("src/a.py", 5, "z()", ("a.f",)),
        BlindSpot("src/b.py", 2, "y()", ()),
        BlindSpot("src/b.py", 9, "x()", ()),
    )


SHARED = """\
def relay(handler, value):
    return handler.process(value)


# claims: deterministic
def first(handler):
    return relay(handler, 1)


# claims: deterministic
def second(handler):
    return relay(handler, 2)


class Worker:  # binds `process`: `handler.process(value)` on a value of unknown class could lead here (semantics §5)
    def process(self, value):
        return value
"""


def test_claims_through_one_function_share_its_calls(tmp_path: Path) -> None:
    """Two claims whose walks meet one function hold that function's very tuple of calls, and each claim's blind
    spots come out one per site, sorted."""
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pkg" / "core.py").write_text(SHARED, encoding="utf-8")
    first, second = check(tmp_path, ["linux"]).claims
    assert first.status == second.status == "held"
    (one,), (two,) = first.blind, second.blind
    assert one.calls is two.calls
    assert first.blind_spots == (BlindSpot("pkg/core.py", 2, "handler.process(value)", ("pkg.core.relay",)),)


def test_equal_chains_and_findings_of_a_run_are_one_object(project: Path) -> None:
    """Thousands of claims pass the same helpers along the same hops: their equal chains, violations and blind
    call groups are one object each across the run's walks (peak memory on Django: 258 -> 218 MB)."""
    claims = check(project, ["linux", "win32"]).claims
    findings: list[Violation | BlindCalls] = [*(v for c in claims for v in c.violations)]
    findings += [g for c in claims for g in c.blind]
    chains = [f.via for f in findings if f.via]
    assert len(set(chains)) < len(chains) and len(set(findings)) < len(findings)  # repeats to share
    assert len({id(c) for c in chains}) == len(set(chains))
    assert len({id(f) for f in findings}) == len(set(findings))


# -- the word index of the hierarchy search -----------------------------------------------------------------


@pytest.mark.parametrize("word", ["Clock", "Shape", "Figure", "_posix", "_Private", "clock", "measured", "claims"])
def test_the_word_index_finds_every_module_naming_a_word(project: Path, word: str) -> None:
    """Capitalised words and the rest are indexed apart; both must find exactly the modules whose text holds the
    word as a whole word (a capitalised tail of a longer word may add a module, never lose one)."""
    result = check(project, ["linux"])
    modules = result.project.modules
    pattern = re.compile(rb"(?<![\w])" + word.encode() + rb"(?![\w])")
    expected = [name for name, data in modules.texts().items() if pattern.search(data)]
    found = modules.holding(word)
    assert set(expected) <= set(found)
    assert set(found) - set(expected) <= {n for n, d in modules.texts().items() if word.encode() in d}


SUBCLASSED = {
    "pkg/base.py": "class base:\n    def run(self):\n        return 1\n\n\n# claims: deterministic\ndef use(b: base):\n"
    "    return b.run()\n",
    "pkg/impl.py": "import time\n\nfrom pkg.base import base as root\n\n\nclass impl(root):\n    def run(self):\n"
    "        return time.time()\n",
}


def test_a_lower_case_class_and_alias_are_searched_too(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    for rel, text in SUBCLASSED.items():
        (tmp_path / rel).write_text(text, encoding="utf-8")
    (claim,) = check(tmp_path, ["linux"]).claims
    assert claim.status == "violated"
    assert [(v.reach, v.via) for v in claim.violations] == [("time.time", ("pkg.impl.impl.run",))]
