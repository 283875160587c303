"""Dotted names: the one prefix rule every layer uses for `trusted`, `deny`, `allow`, `follow` and rules."""

from __future__ import annotations

from collections.abc import Iterable


# claims: deterministic
def under(name: str, prefix: str) -> bool:
    """`name` equals `prefix` or lies under it as a dotted name (`a.b.c` is under `a.b`, `a.bc` is not)."""
    return name == prefix or name.startswith(prefix + ".")


# claims: deterministic
def under_any(name: str, prefixes: Iterable[str]) -> bool:
    """`name` equals or lies under one of `prefixes`."""
    return any(name == p or name.startswith(p + ".") for p in prefixes)
