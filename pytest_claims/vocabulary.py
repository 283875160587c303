"""The fixed words of the contract: capability categories, built-in claims, platforms.

Kept apart from everything else so the run-time decorator, the config reader and the checker share one
definition and none of them needs to import the others.
"""

from __future__ import annotations

CATEGORIES: frozenset[str] = frozenset(
    {
        "fs",
        "process",
        "os",
        "env",
        "clock",
        "random",
        "network",
        "host",
        "interpreter",
        "dynamic",
        "concurrency",
        "stdin",
        "stdout",
    }
)
"""Every category a catalogue entry or a custom claim may name (SPEC §6)."""

BUILTIN_CLAIMS: dict[str, frozenset[str]] = {
    "deterministic": CATEGORIES - {"stdout"},
    "sandboxed": frozenset({"fs", "process", "os"}),
    "idempotent": frozenset(),
}
"""Built-in claim name -> the categories it forbids. `idempotent` is asserted, never checked."""

UNCHECKED_CLAIMS: frozenset[str] = frozenset({"idempotent"})
"""Claims the author asserts and reports record, but no static walk can prove."""

DEFAULT_PLATFORMS: tuple[str, ...] = ("darwin", "linux", "win32")
"""The full-sweep set when `platforms` is not configured."""

KNOWN_PLATFORMS: frozenset[str] = frozenset(
    {"darwin", "linux", "win32", "cygwin", "freebsd", "aix", "emscripten", "wasi"}
)
"""Values `sys.platform` can take that a target may name."""


STATUSES: tuple[str, ...] = ("held", "violated", "unevaluable")
"""A verdict's status, in the order summaries count them (SPEC §7)."""
