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
"""Every category a catalogue entry or a custom claim may name (semantics §6)."""

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


PLATFORM_ALIASES: dict[str, str] = {
    "windows": "win32",
    "win": "win32",
    "macos": "darwin",
    "mac": "darwin",
    "osx": "darwin",
}
"""Everyday names read as the `sys.platform` value they mean wherever a platform is named (`platform`,
`platforms`, `--platform`, `--claims-platform`), in any case like the values themselves (`Windows`, `macOS`,
`Darwin` as `platform.system()` spells it)."""


def platform_name(name: str) -> str | None:
    """The `sys.platform` value a user's spelling names (`win32`, `Linux`, `Windows`, `macOS`), else None."""
    key = name.strip().lower()
    if key in KNOWN_PLATFORMS:
        return key
    return PLATFORM_ALIASES.get(key)


SWEEP_ENVS: tuple[str, ...] = ("PYTEST_CLAIMS_ALL_PLATFORMS", "DEVLORE_CLAIMCHECK_ALL_PLATFORMS")
"""The environment variables asking for the full sweep (semantics §8), read alike: either one on turns it on."""

TRACEBACK_ENV = "PYTEST_CLAIMS_TRACEBACK"
"""On: an internal error shows its traceback (the command line, the plugin, a `-j` worker); off, one line."""


STATUSES: tuple[str, ...] = ("held", "violated", "unevaluable")
"""A verdict's status, in the order summaries count them (semantics §7)."""
