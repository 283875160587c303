"""Judge a catalogue entry's conditions on the arguments a call really passes: which of its categories it reaches.

The static pass drops a condition's categories when the call's syntax shows they are not reached
(`analysis.resolution.conditional`); here the same clauses are read on the values themselves, so the recorder
counts a touch only when the call reaches the capability (`time.strftime("%Y", t)` reads no clock, nor the host's
zone). A value that cannot be judged keeps the categories, as an unknown argument does statically.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`). It calls nothing the recorder wraps.
"""

import os
import sys
import types
from collections.abc import Mapping
from typing import Any

from pytest_claims.analysis.catalog import WRITING, Condition, Entry

__all__ = ["ABSENT", "reached"]

# Originals, taken before anything is wrapped.
_PathLike = os.PathLike
_modules = sys.modules

ABSENT: Any = object()
"""An argument the call does not pass and the callable gives no default for."""


def reached(
    entry: Entry, original: object, args: tuple[Any, ...], kwargs: Mapping[str, Any], narrowed: dict[Any, Entry]
) -> "Entry | None":
    """The entry as the call reaches it: itself, a copy naming only the categories no condition drops (kept in
    `narrowed`), or None when every category is dropped. `args` start at the first parameter `positional` names."""
    dropped: set[str] = set()
    for condition in entry.conditions:
        if _drops(condition, entry.positional, original, args, kwargs):
            dropped |= condition.categories
    if not dropped:
        return entry
    left = entry.categories - dropped
    if not left:
        return None
    found = narrowed.get(left)
    if found is None:
        found = narrowed[left] = Entry(entry.key, left, entry.reason, entry.positional, entry.conditions)
    return found


def _drops(
    condition: Condition,
    positional: tuple[str, ...],
    original: object,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any],
) -> bool:
    """Whether the call's arguments show the condition's categories are not reached (any clause given says so,
    or, with `all`, every one)."""
    verdicts = (
        _clause(clause, _argument(name, positional, original, args, kwargs), condition)
        for clause, name in condition.clauses()
    )
    return all(verdicts) if condition.all else any(verdicts)


def _clause(clause: str, value: Any, condition: Condition) -> bool:
    if clause == "given":
        return value is not ABSENT and value is not None
    if clause == "writing":
        return value is ABSENT or value is None or (isinstance(value, str) and not any(c in value for c in WRITING))
    if clause == "path":
        return value is not ABSENT and not isinstance(value, (str, bytes, _PathLike))
    if clause == "marked":
        return isinstance(value, str) and not any(mark in value for mark in condition.marks)
    cls = _imported_class(condition.of)
    return cls is not None and isinstance(value, cls)


def _argument(
    name: str, positional: tuple[str, ...], original: object, args: tuple[Any, ...], kwargs: Mapping[str, Any]
) -> Any:
    """What the call passes for the parameter `name` (by keyword, or by its place in `positional`), else the
    default the original function gives it, else `ABSENT`."""
    if name in kwargs:
        return kwargs[name]
    if name in positional:
        index = positional.index(name)
        if index < len(args):
            return args[index]
    return _default(original, name)


def _default(original: object, name: str) -> Any:
    """The default a Python function gives its parameter `name` (`ABSENT` for C code, or none)."""
    function = getattr(original, "__func__", original)
    if not isinstance(function, types.FunctionType):
        return ABSENT
    keyword = function.__kwdefaults__ or {}
    if name in keyword:
        return keyword[name]
    code = function.__code__
    names = code.co_varnames[: code.co_argcount]
    defaults = function.__defaults__ or ()
    if name in names:
        index = names.index(name) - (len(names) - len(defaults))
        if index >= 0:
            return defaults[index]
    return ABSENT


def _imported_class(dotted: str) -> "type | None":
    """The class `dotted` names, found only in a module already imported (importing one here would be a touch)."""
    module, _, attribute = dotted.rpartition(".")
    parts = [attribute]
    while module:
        found = _modules.get(module)
        if found is not None:
            value: object = found
            for part in parts:
                value = getattr(value, part, None)
            return value if isinstance(value, type) else None
        module, _, outer = module.rpartition(".")
        parts.insert(0, outer)
    return None
