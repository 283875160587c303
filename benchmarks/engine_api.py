"""Every call the benchmarks make into pytest-claims, in one place.

The engine API is still moving; when it changes, this is the only file of the harness to fix. Nothing here
imports the analysed corpus: the engine reads it statically.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

PLATFORMS = ("darwin", "linux", "win32")
"""The three-platform sweep."""

PLUGIN = "claims"
"""`pytest -p claims`: the plugin's entry-point name."""

SWEEP_OPTION = "--claims-all-platforms"
TRACE_ENV = "PYTEST_CLAIMS_TRACE"
"""The plugin appends one `engine-run pid=...` line per engine run to the file this names."""

SHARED_CACHE_ENV = "PYTEST_CLAIMS_SHARED_CACHE"
"""Where the engine keeps what every project shares (the parsed stubs): the harness points it at its own
directory (`measuring.SHARED_CACHE`), never the user's, and at a new one for the first-run row."""

PROBE_ENV = "CLAIMS_BENCH_PROBE"
"""The harness's own probe (benchmarks/probe.py) appends one line per `check` call to the file this names."""


def import_engine() -> None:
    """Import what an engine run needs, so the caller can time the imports apart from the run."""
    import pytest_claims.config
    import pytest_claims.engine  # noqa: F401


def use_shared_cache(directory: Path) -> None:
    """Make this process's engine keep its per-machine data in `directory` (an engine without such a cache
    ignores it). Call before the engine is imported."""
    os.environ[SHARED_CACHE_ENV] = str(directory)


def cache_available() -> bool:
    try:
        from pytest_claims.persist.cache import FactsCache  # noqa: F401
    except ImportError:
        return False
    return True


def new_cache(directory: Path) -> Any | None:
    """A facts cache stored in `directory`, or None while the engine has no cache."""
    try:
        from pytest_claims.persist.cache import FactsCache
    except ImportError:
        return None
    return FactsCache(directory)


def cache_counts(cache: Any | None) -> dict[str, int | None]:
    if cache is None:
        return {"parsed": None, "hits": None}
    parsed = getattr(cache, "parsed", None)
    hits = getattr(cache, "hits", None)
    return {
        "parsed": parsed if isinstance(parsed, int) else None,
        "hits": hits if isinstance(hits, int) else None,
    }


def run_check(
    root: Path, sweep: bool, cache: Any | None, platforms: list[str] | None = None, details: bool = False
) -> Any:
    """One engine run as the plugin does it: read the config, check (host only, or the three platforms, or the
    given platforms); `details` also gathers the definitions of the hops on violation chains."""
    from pytest_claims.config import load_config
    from pytest_claims.engine import check

    config = load_config(root)
    targets = platforms or (list(PLATFORMS) if sweep else None)
    options: dict[str, Any] = {"sweep": sweep}
    if cache is not None:
        options["cache"] = cache
    if details:  # only when asked: an older engine measured against this one (--engine) may not take it
        options["details"] = True
    return check(root, targets, config, **options)


def engine_path() -> str:
    """The directory the imported engine package came from: proves which engine an A/B run measured."""
    import pytest_claims

    return str(Path(pytest_claims.__file__).resolve().parent)


def use_catalogue(text: str) -> None:
    """Make this process's engine read the capability catalogue from `text` instead of the packaged file (to
    count violations under another revision of the catalogue). Call before the first check."""
    from pytest_claims.analysis import catalog

    catalog.load_catalogue.cache_clear()
    catalog._catalogue_text.cache_clear()
    setattr(catalog, "_catalogue_text", lambda: text)  # noqa: B010 - a module function replaced on purpose


SUGGEST_CLAIMS = ("deterministic", "sandboxed")
"""What `pytest-claims suggest` looks for by default."""


def import_suggest() -> None:
    """Import what a `suggest` run needs (the engine, and the command's own module)."""
    import_engine()
    import pytest_claims.cli.suggest  # noqa: F401


def run_suggest(root: Path, sweep: bool, cache: Any | None) -> dict[str, Any]:
    """`pytest-claims suggest`'s analysis, as the command runs it, without printing: every function and method
    judged with deterministic and sandboxed (host only, or the three platforms), then the candidates sorted out."""
    import sys

    from pytest_claims.cli.suggest import analyse
    from pytest_claims.config import load_config
    from pytest_claims.persist.cache import FactsCache

    config = load_config(root)
    platforms = None if sweep else [sys.platform]
    suggestions, result = analyse(root, config, SUGGEST_CLAIMS, platforms, cache or FactsCache(None))
    return {
        "platforms": list(result.platforms),
        "judged": suggestions.judged,
        "declared": suggestions.declared,
        "candidates": len(suggestions.candidates),
        "near_misses": len(suggestions.near_misses),
        "verdicts": len(result.claims),
    }


def summarize(result: Any) -> dict[str, Any]:
    statuses = Counter(f"{claim.platform}:{claim.status}" for claim in result.claims)
    return {
        "platforms": list(result.platforms),
        "claims": len(result.claims),
        "statuses": dict(sorted(statuses.items())),
        "refused": len(result.errors),
        "problems": len(result.problems),
    }


def indexed_files(root: Path) -> list[Path]:
    """The files the engine reads for the project at `root` (its index: excluded paths left out)."""
    from pytest_claims.config import load_config
    from pytest_claims.engine import load

    project = load(load_config(root))
    paths = [file.path for file in project.index.modules.values() if file.path is not None]
    return sorted(Path(path) for path in paths)


_CHECK = "check"


def install_probe(trace: Path) -> None:
    """Wrap `check` where the plugin calls it, so each engine run appends one line to `trace`.

    Observation only: the wrapped function runs unchanged. Used to prove `-n 2` runs the engine once when the
    plugin's own PYTEST_CLAIMS_TRACE is not there yet.
    """
    from pytest_claims import engine, plugin

    original = getattr(plugin, _CHECK, None) or engine.check

    def traced(*args: Any, **kwargs: Any) -> Any:
        with trace.open("a", encoding="utf-8") as out:
            out.write(f"probe-engine-run pid={os.getpid()}\n")
        return original(*args, **kwargs)

    for module in (plugin, engine):
        if hasattr(module, _CHECK):
            setattr(module, _CHECK, traced)
