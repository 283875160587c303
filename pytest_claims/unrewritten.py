"""Imported by the plugin before its other modules: they load as plain modules, not through pytest's assertion
rewriting.

pytest marks every module of a plugin's distribution for rewriting; where bytecode is not written
(`PYTHONDONTWRITEBYTECODE`, a read-only install) it parses, rewrites and compiles the whole engine again on every
run, about three times what compiling it costs, though no module here holds a test's assertion. What pytest
loaded already (the package, the plugin module) stays as it was; without that mark (another pytest) nothing
changes."""

from __future__ import annotations

import sys

for _finder in sys.meta_path:
    _marked = getattr(_finder, "_must_rewrite", None)
    if isinstance(_marked, set) and "pytest_claims" in _marked:
        _marked.discard("pytest_claims")
        _cache = getattr(_finder, "_marked_for_rewrite_cache", None)
        if isinstance(_cache, dict):
            _cache.clear()
