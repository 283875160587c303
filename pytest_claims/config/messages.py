"""How a configuration problem is told: the one-line `ConfigError`, the "did you mean" hints (one rule for keys,
claims, platforms and the command line's options) and short descriptions of a wrong value."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pytest_claims.vocabulary import KNOWN_PLATFORMS, PLATFORM_ALIASES


class ConfigError(Exception):
    """A usage error: message names the file and the key, one line, no traceback needed."""


def unknown_platform(name: str) -> str:
    """`unknown platform 'x' (did you mean 'y'? known: ...; also: windows, ...)`: the aliases count as near."""
    close = nearest(name.strip().lower(), [*KNOWN_PLATFORMS, *PLATFORM_ALIASES])
    did = f"did you mean {close!r}? " if close is not None else ""
    known = ", ".join(sorted(KNOWN_PLATFORMS))
    return f"unknown platform {name!r} ({did}known: {known}; also: {', '.join(PLATFORM_ALIASES)})"


def nearest(word: str, valid: Iterable[str]) -> str | None:
    """The valid word nearest to a misspelt one (difflib's ratio of at least 0.6), else None: the one rule behind
    every "did you mean" (config keys, claim names, platforms; the command line's options too)."""
    close = difflib.get_close_matches(word, sorted(set(valid)), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_hint(word: str, valid: Iterable[str], listed: str = "known") -> str:
    """`(did you mean 'x'? known: a, b)` for an unknown claim or platform name: the nearest valid one when some
    is close, and always the list (`listed` names it: "known", "known claims")."""
    options = sorted(set(valid))
    close = nearest(word, options)
    did = f"did you mean {close!r}? " if close is not None else ""
    return f"({did}{listed}: {', '.join(options)})"


def suggest(word: str, valid: Iterable[str]) -> str:
    """` (did you mean 'x'?)` for the nearest valid key, else the list of valid ones."""
    close = nearest(word, valid)
    if close is not None:
        return f" (did you mean {close!r}?)"
    return f" (valid: {', '.join(sorted(valid))})"


def describe(value: object) -> str:
    """A TOML-flavoured description of a value for error messages, kept short and on one line."""
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a float ({value})"
    if isinstance(value, str):
        shown = repr(value)
        return f"a string ({shown if len(shown) <= 60 else shown[:57] + '...'})"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"
