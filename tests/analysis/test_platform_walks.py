"""One walk for the targets that see a claim alike: a walk that met something target-specific is reused on another
target when every such step is the same there (`check.same_walk`), and walked again when one differs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.analysis import claims
from pytest_claims.analysis.check import walk
from pytest_claims.analysis.claims import ClaimWalks
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.config import load_config
from pytest_claims.engine import Resolvers, check, load
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import PLATFORM, Node
from tests.helpers import patches_internals

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"
TARGETS = ["linux", "darwin", "win32"]

SOURCE = """\
import sys
import time

if sys.platform == "win32":
    SEP = "\\\\"

    def now():
        return 0
else:
    SEP = "/"

    def now():
        return time.time()


# claims: deterministic
def joined(a, b):
    return a + SEP + b


# claims: deterministic
def stamp():
    return now()


def tick():
    return time.monotonic()
"""


def _project(root: Path) -> Path:
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "paths.py").write_text(SOURCE, encoding="utf-8")
    return root


def _counting_walks(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    walked: Counter[str] = Counter()

    def counted(resolver: Any, policy: Any, node: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        walked[resolver.function_name(node[0], node[1])] += 1
        return walk(resolver, policy, node, *args, **kwargs)

    monkeypatch.setattr("pytest_claims.analysis.claims.walk", counted)  # as the claim walks imported it
    return walked


@patches_internals
def test_a_claim_the_targets_see_alike_is_walked_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    walked = _counting_walks(monkeypatch)
    results = {(r.function, r.platform): r.status for r in check(_project(tmp_path), TARGETS).claims}
    assert {p: results["pkg.paths.joined", p] for p in TARGETS} == dict.fromkeys(TARGETS, "held")
    assert walked["pkg.paths.joined"] == 1  # the module has platform conditions, yet what the walk met is alike


@patches_internals
def test_a_claim_the_targets_see_differently_is_walked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    walked = _counting_walks(monkeypatch)
    results = {(r.function, r.platform): r.status for r in check(_project(tmp_path), TARGETS).claims}
    assert results["pkg.paths.stamp", "win32"] == "held"
    assert results["pkg.paths.stamp", "linux"] == results["pkg.paths.stamp", "darwin"] == "violated"
    assert walked["pkg.paths.stamp"] == 2  # linux, then win32 (darwin meets what linux met)


@patches_internals
def test_the_verdicts_are_those_of_walking_every_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the fixture tree walks are spared (else this would compare a run with itself), and nothing changes."""
    with monkeypatch.context() as counting:
        walked = _counting_walks(counting)
        shared = check(FIXTURE, TARGETS).claims
        spared = sum(walked.values())
    monkeypatch.setattr(ClaimWalks, "same_walk", staticmethod(lambda resolver, specific: False))
    walked = _counting_walks(monkeypatch)
    assert check(FIXTURE, TARGETS).claims == shared
    assert sum(walked.values()) > spared


@patches_internals
def test_releasing_the_resolvers_between_targets_changes_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two targets' walks the resolvers are let go (one target's memo at a time): the verdicts and the
    reports' details are those of a run that keeps every resolver to the end."""
    released: list[int] = []
    real = Resolvers.release

    def counted(self: Resolvers) -> list[Any]:
        out = real(self)
        released.append(len(out))
        return out

    monkeypatch.setattr(Resolvers, "release", counted)
    apart = check(FIXTURE, TARGETS, details=True)
    assert len(released) == len(TARGETS) - 1 and all(released)
    monkeypatch.setattr(Resolvers, "release", lambda self: [])
    kept = check(FIXTURE, TARGETS, details=True)
    assert apart.claims == kept.claims and apart.details == kept.details


@patches_internals
def test_releasing_the_resolvers_within_a_target_changes_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a target's walks the resolvers are let go every `WALKS_PER_MEMO` walks, at the next module's claims
    (a bounded memo): the verdicts and the reports' details are those of a run that keeps every resolver."""
    released: list[int] = []
    real = Resolvers.release

    def counted(self: Resolvers) -> list[Any]:
        out = real(self)
        released.append(len(out))
        return out

    monkeypatch.setattr(Resolvers, "release", counted)
    monkeypatch.setattr(claims, "WALKS_PER_MEMO", 3)
    apart = check(FIXTURE, TARGETS, details=True)
    assert len(released) > 2 * len(TARGETS) and all(released)
    monkeypatch.setattr(Resolvers, "release", lambda self: [])
    kept = check(FIXTURE, TARGETS, details=True)
    assert apart.claims == kept.claims and apart.details == kept.details


def test_a_summary_is_shared_when_no_name_it_reads_is_under_a_platform_branch(tmp_path: Path) -> None:
    """The module has platform branches, but `tick` reads only names bound outside them: one summary for every
    target. `joined` reads `SEP`, bound in both branches: one summary per target."""
    config = load_config(_project(tmp_path))
    resolvers = Resolvers(load(config, FactsCache(None)), config, TARGETS)
    functions = resolvers("linux").module("pkg.paths").facts.functions
    index = {func.qualname: i for i, func in enumerate(functions)}
    ticks = [resolvers(p).summary(("pkg.paths", index["tick"])) for p in TARGETS]
    assert PLATFORM not in ticks[0].deps
    assert ticks[1] is ticks[0] and ticks[2] is ticks[0]
    joins = [resolvers(p).summary(("pkg.paths", index["joined"])) for p in TARGETS]
    assert all(PLATFORM in summary.deps for summary in joins)
    assert joins[1] is not joins[0]


def test_a_summary_in_a_context_is_shared_when_it_read_nothing_platform_specific(tmp_path: Path) -> None:
    """`helper` entered for `D` (its `self.other()` is `D.other`) is resolved once for every target; `joined`
    entered with a literal argument reads `SEP`, bound per platform: once per target."""
    config = load_config(_project(tmp_path))
    (tmp_path / "pkg" / "methods.py").write_text(
        "class Base:\n    def helper(self):\n        return self.other()\n\n"
        "class D(Base):\n    def other(self):\n        return 1\n",
        encoding="utf-8",
    )
    resolvers = Resolvers(load(config, FactsCache(None)), config, TARGETS)
    module = resolvers("linux").module("pkg.methods")
    helper = next(i for i, func in enumerate(module.facts.functions) if func.qualname == "Base.helper")
    node = Node("pkg.methods", helper, ("pkg.methods", 1), ())
    summaries = [resolvers(p).summary_for(node) for p in TARGETS]
    assert PLATFORM not in summaries[0].deps
    assert [edge.name for edge in summaries[0].edges] == ["pkg.methods.D.other"]
    assert summaries[1] is summaries[0] and summaries[2] is summaries[0]
    functions = resolvers("linux").module("pkg.paths").facts.functions
    joined = next(i for i, func in enumerate(functions) if func.qualname == "joined")
    entered = Node("pkg.paths", joined, None, (("a", "str", "x"),))
    per_target = [resolvers(p).summary_for(entered) for p in TARGETS]
    assert PLATFORM in per_target[0].deps and per_target[1] is not per_target[0]


@patches_internals
def test_a_subclass_search_that_read_nothing_platform_specific_is_not_repeated_on_the_other_targets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`E(Lone)` is in a module without platform branches: the other targets would find the same subclasses, so
    they are not searched to compare. The search for `Base` meets `W`, defined on win32 only: every target's is."""
    config = load_config(_project(tmp_path))
    (tmp_path / "pkg" / "plain.py").write_text("class Lone:\n    pass\n\nclass E(Lone):\n    pass\n")
    (tmp_path / "pkg" / "methods.py").write_text(
        "import sys\n\nclass Base:\n    pass\n\nclass D(Base):\n    pass\n\n"
        "if sys.platform == 'win32':\n    class W(Base):\n        pass\n",
        encoding="utf-8",
    )
    searched: list[tuple[str, str]] = []
    own = Hierarchy.own_direct_subclasses

    def counted(self: Hierarchy, key: tuple[str, int]) -> list[tuple[str, int]]:
        if key not in self._own_direct:
            searched.append((self.view.target.platform, self.view.class_name(*key)))
        return own(self, key)

    monkeypatch.setattr(Hierarchy, "own_direct_subclasses", counted)
    resolvers = Resolvers(load(config, FactsCache(None)), config, TARGETS)
    hierarchy = resolvers("linux").hierarchy
    assert hierarchy.direct_subclasses(("pkg.plain", 0)) == [("pkg.plain", 1)]  # E(Lone)
    assert searched == [("linux", "pkg.plain.Lone")]
    searched.clear()
    assert hierarchy.direct_subclasses(("pkg.methods", 0)) == [("pkg.methods", 1)]  # D(Base); W only on win32
    assert sorted(searched) == [(p, "pkg.methods.Base") for p in sorted(TARGETS)]


def test_a_run_storing_nothing_records_only_the_platform_and_gives_the_same_verdicts(tmp_path: Path) -> None:
    """A run with no cache writes no store, so its resolvers record of what each answer read only `PLATFORM` (what
    sharing a summary between targets, and a walk between targets, depends on): its verdicts and the reports'
    details are those of a run that records every module read and stores them."""
    stored = check(FIXTURE, TARGETS, cache=FactsCache(tmp_path / "cache"), details=True)
    plain = check(FIXTURE, TARGETS, details=True)
    assert plain.claims == stored.claims and plain.details == stored.details
    (tmp_path / "project").mkdir()
    config = load_config(_project(tmp_path / "project"))
    for reads in (True, False):
        resolvers = Resolvers(load(config, FactsCache(None)), config, TARGETS, reads=reads)
        functions = resolvers("linux").module("pkg.paths").facts.functions
        index = {func.qualname: i for i, func in enumerate(functions)}
        tick, joined = (resolvers("linux").summary(("pkg.paths", index[name])) for name in ("tick", "joined"))
        assert PLATFORM in joined.deps and PLATFORM not in tick.deps
        assert ("pkg.paths" in tick.deps) is reads and ("pkg.paths" in joined.deps) is reads
