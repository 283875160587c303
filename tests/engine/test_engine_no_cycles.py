"""The engine leaves no reference cycles behind: it runs with the cyclic collector off and moves what it
allocated past the collector unscanned, so anything it frees must be freed by reference counting alone, or it
stays in memory until a full collection (in a pytest session, one that scans the whole heap)."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "providers"


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    """What the next collection finds unreachable, kept for the test to look at (`gc.DEBUG_SAVEALL`)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_cold_then_warm_check_leaves_no_cyclic_garbage(tmp_path: Path, saved_garbage: list[object]) -> None:
    root = tmp_path / "providers"
    shutil.copytree(EXAMPLE, root)
    for _ in range(2):  # cold (every store written), then warm (read back)
        result = check(root, ["darwin", "linux", "win32"], cache=FactsCache(tmp_path / "cache"))
        assert {c.status for c in result.claims} == {"held", "violated"}
        del result
        gc.collect()
        kinds = sorted({type(o).__qualname__ for o in saved_garbage})
        assert saved_garbage == [], f"{len(saved_garbage)} objects in reference cycles: {kinds}"
