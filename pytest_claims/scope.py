"""What every step of an engine run runs in: no cyclic collection, parsed stubs kept beside the cache, cache
writes on a background thread (the engine's and a `-j` worker's alike)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from pytest_claims.analysis.stubs import typeshed_version
from pytest_claims.persist.cache import FactsCache, background_writes, derived_in, derived_namespace


@contextmanager
def _quiet_collector() -> Iterator[None]:
    """No cyclic collection while the engine runs: it allocates millions of small objects and frees almost none
    until it returns (and builds no reference cycles), so a collection would scan them all and find nothing; on
    W that was a tenth of a cold run. When it returns, what it allocated joins the oldest generation unscanned
    (`gc.freeze` then `gc.unfreeze` move objects without looking at them) -- unless the host froze objects of
    its own, which `unfreeze` would thaw: then the next collection scans them as usual."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


@contextmanager
def engine_scope(cache: FactsCache | None) -> Iterator[None]:
    """What every step of a run runs in: no cyclic collection, parsed stubs kept beside the cache, cache writes
    on a background thread."""
    with _quiet_collector(), _derived_beside(cache), background_writes():
        yield


@contextmanager
def _derived_beside(cache: FactsCache | None) -> Iterator[None]:
    """Parsed stubs and the parsed catalogue are kept beside the facts cache for this call, and only for it
    (a check without a cache directory writes nothing anywhere)."""
    directory = None
    if cache is not None and cache.directory is not None:
        directory = cache.directory.parent / f"derived-{derived_namespace(typeshed_version(), sys.version_info[:2])}"
    with derived_in(directory):
        yield
