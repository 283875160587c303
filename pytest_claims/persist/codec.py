"""Records <-> plain tuples, derived from the records' field lists.

The caches hold only plain data (tuples, strings, numbers, frozensets), read back by an unpickler that refuses
every class. Each record's codec is derived once from its type hints: a field that holds records (directly,
in a `tuple[R, ...]`, in `R | None`, or as dict values) is converted, every other field passes as it is. And
`schema()` hashes every record's field names and types, so the cache namespace changes whenever a record
does: an entry of an old shape can never be read into a new one (the version cannot be forgotten).
"""

from __future__ import annotations

import dataclasses
import hashlib
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

R = TypeVar("R")
Convert = Callable[[Any], Any]


def _is_record(tp: object) -> bool:
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields")))


def _fields(cls: type) -> list[tuple[str, object]]:
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else list(cls._fields)  # type: ignore[attr-defined]
    return [(name, hints[name]) for name in names]


def _converters(tp: object, decode: bool) -> Convert | None:
    """How one field's value is converted (None: it is plain data already)."""
    if _is_record(tp):
        assert isinstance(tp, type)
        if (tp, decode) in _building:  # a record that holds itself (a stub class's members): looked up late
            return (lambda v: decoder(tp)(v)) if decode else (lambda v: encoder(tp)(v))
        return decoder(tp) if decode else encoder(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        optional = _converters(inner[0], decode) if len(inner) == 1 else None
        if optional is None:
            return None
        return lambda v: None if v is None else optional(v)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _converters(args[0], decode)
        if item is None:
            return None
        if origin is list and decode:
            return lambda v: [item(x) for x in v]
        return lambda v: tuple(map(item, v))
    if origin is dict:
        convert = _converters(args[1], decode)
        if convert is None:
            return None
        if decode:
            return lambda v: {k: convert(x) for k, x in v}
        return lambda v: tuple((k, convert(x)) for k, x in v.items())
    return None


_building: set[tuple[type, bool]] = set()


def _plan(cls: type, decode: bool) -> list[tuple[str, Convert | None]]:
    _building.add((cls, decode))
    try:
        return [(name, _converters(tp, decode)) for name, tp in _fields(cls)]
    finally:
        _building.discard((cls, decode))


@cache
def encoder(cls: type) -> Convert:
    """record -> tuple of its fields, nested records converted."""
    plan = _plan(cls, decode=False)
    items = [f"c{i}(record.{name})" if convert else f"record.{name}" for i, (name, convert) in enumerate(plan)]
    return _compiled(f"def convert(record):\n    return ({', '.join(items)},)", plan)


@cache
def decoder(cls: type) -> Convert:
    """tuple -> record; a tuple of the wrong length raises TypeError (the caller rebuilds the entry)."""
    plan = _plan(cls, decode=True)
    items = [f"c{i}(raw[{i}])" if convert else f"raw[{i}]" for i, (_, convert) in enumerate(plan)]
    # a named tuple of plain fields is the stored tuple itself, retyped (no argument parsing): a warm run
    # builds tens of thousands of them (blind spots)
    plain_tuple = issubclass(cls, tuple) and all(convert is None for _, convert in plan)
    made = "new(cls, raw)" if plain_tuple else f"cls({', '.join(items)})"
    source = (
        "def convert(raw):\n"
        f"    if len(raw) != {len(plan)}:\n"
        f"        raise TypeError('{cls.__qualname__}: {len(plan)} fields expected')\n"
        f"    return {made}"
    )
    return _compiled(source, plan, cls)


def _compiled(source: str, plan: list[tuple[str, Convert | None]], cls: type | None = None) -> Convert:
    """One straight-line function per record, as dataclasses and attrs build theirs: a warm run decodes
    thousands of verdicts, and a generic loop over the fields costs several times more."""
    namespace: dict[str, Any] = {"cls": cls, "new": tuple.__new__}
    namespace.update((f"c{i}", convert) for i, (_, convert) in enumerate(plan))
    exec(source, namespace)  # our own generated source, from field names only
    convert: Convert = namespace["convert"]
    return convert


def encode(record: object) -> tuple[object, ...]:
    result: tuple[object, ...] = encoder(type(record))(record)  # type: ignore[arg-type]
    return result


def decode(cls: type[R], raw: Any) -> R:
    if not isinstance(raw, tuple):
        raise TypeError(f"{cls.__name__}: a tuple was expected")
    result: R = decoder(cls)(raw)  # type: ignore[arg-type]
    return result


def schema(*classes: type) -> str:
    """A short hash of the records' shapes (names, field names and types, nested records included)."""
    seen: dict[str, str] = {}
    todo = list(classes)
    while todo:
        cls = todo.pop()
        if cls.__qualname__ in seen:
            continue
        fields = _fields(cls)
        seen[cls.__qualname__] = ";".join(f"{name}:{tp}" for name, tp in fields)
        for _, tp in fields:
            todo.extend(_records_in(tp))
    text = "\n".join(f"{name}({shape})" for name, shape in sorted(seen.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _records_in(tp: object) -> list[type]:
    if _is_record(tp):
        assert isinstance(tp, type)
        return [tp]
    return [r for arg in typing.get_args(tp) for r in _records_in(arg)]
