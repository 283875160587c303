"""The verdict and summary stores: an entry of the wrong shape is rebuilt, never a crash, and another
configuration's store is not trusted."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.persist.helpers import Mutation, each_item, forge, run_cached, store_entry, stored, two_modules


def _replace(part: str, value: object) -> Mutation:
    def mutate(document: Any) -> Any:
        document[part] = value
        return document

    return mutate


VERDICT_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: [document],
    "verdicts-a-list": lambda document: {**document, "verdicts": list(document["verdicts"].items())},
    "verdict-too-short": each_item("verdicts", lambda key, entry: (entry[0], ("held",))),
    "verdict-wrong-inner-type": each_item("verdicts", lambda key, entry: (entry[0], ("held", (1,), (), ()))),
    "verdict-unknown-status": each_item("verdicts", lambda key, entry: (entry[0], ("fine", (), (), ()))),
    "verdict-deps-not-names": each_item("verdicts", lambda key, entry: (5, entry[1])),
    "verdict-not-a-pair": each_item("verdicts", lambda key, entry: entry[1]),
    "reading-too-short": each_item("directives", lambda key, reading: reading[:2]),
    "reading-claim-too-short": each_item("directives", lambda key, reading: (((1, 2),), *reading[1:])),
    "reading-count-not-int": each_item("directives", lambda key, reading: (*reading[:2], "0")),
    "digests-not-names": each_item("digests", lambda key, digest: 1),
    "shapes-none": _replace("shapes", None),
    "unknown-part-missing": lambda document: {"verdicts": document["verdicts"]},
}


@pytest.mark.parametrize("mutation", VERDICT_SHAPES.values(), ids=VERDICT_SHAPES.keys())
def test_a_verdict_store_of_the_wrong_shape_is_rebuilt(project: Path, tmp_path: Path, mutation: Mutation) -> None:
    """Checksum-valid, but not what this version writes: the run recomputes, and the next one is warm again."""
    cold = run_cached(project, tmp_path / "cache")
    store = store_entry(tmp_path / "cache", "verdicts")
    forge(store, mutation(stored(store)))
    rebuilt = run_cached(project, tmp_path / "cache")
    assert rebuilt.claims == cold.claims
    assert rebuilt.errors == cold.errors and rebuilt.problems == cold.problems
    assert run_cached(project, tmp_path / "cache").reused == len(cold.claims)


SUMMARY_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: 3,
    "summary-too-short": each_item("summaries", lambda key, entry: (entry[0], entry[1][:2])),
    "summary-deps-not-names": each_item("summaries", lambda key, entry: (None, entry[1])),
    "summary-reaches-not-records": each_item("summaries", lambda key, entry: (entry[0], (("x",), *entry[1][1:]))),
    "subclasses-not-pairs": _replace("subclasses", {("linux", "vio.users", 0): ((1,),)}),
    "digests-a-list": _replace("digests", []),
}


@pytest.mark.parametrize("mutation", SUMMARY_SHAPES.values(), ids=SUMMARY_SHAPES.keys())
def test_a_summary_store_of_the_wrong_shape_is_rebuilt(project: Path, tmp_path: Path, mutation: Mutation) -> None:
    """Summaries are read when a verdict must be walked again: with the verdicts gone, every one is."""
    cold = run_cached(project, tmp_path / "cache")
    summaries = store_entry(tmp_path / "cache", "summaries")
    forge(summaries, mutation(stored(summaries)))
    store_entry(tmp_path / "cache", "verdicts").unlink()
    rebuilt = run_cached(project, tmp_path / "cache")
    assert rebuilt.claims == cold.claims


def test_another_configurations_verdict_store_is_not_trusted(tmp_path: Path) -> None:
    """With `pkg.helpers` trusted, `reads` holds; that store copied under the untrusting configuration's name
    would hold it there too."""
    trusting = two_modules(tmp_path / "trusting", 'trusted = ["pkg.helpers"]\n')
    strict = two_modules(tmp_path / "strict", "")
    cache = tmp_path / "cache"
    assert {c.status for c in run_cached(trusting, cache).claims} == {"held"}
    (trusted_store,) = cache.glob("verdicts-*")
    strict_run = run_cached(strict, cache)
    (strict_store,) = set(cache.glob("verdicts-*")) - {trusted_store}
    shutil.copyfile(trusted_store, strict_store)
    assert run_cached(strict, cache).claims == strict_run.claims
    assert {c.qualname: c.status for c in strict_run.claims} == {"same": "held", "reads": "violated"}
