"""Records <-> plain tuples, derived from the records' field lists.

The caches hold only plain data (tuples, strings, numbers, frozensets), read back by an unpickler that refuses
every class. Each record's codec is derived once from its type hints: a field that holds records (directly,
in a `tuple[R, ...]`, in `R | None`, or as dict values) is converted, every other field passes as it is. And
`schema()` hashes every record's field names and types, so the cache namespace changes whenever a record
does: an entry of an old shape can never be read into a new one (the version cannot be forgotten).
`conforms()` checks, from the same type hints, that data read back has the shape an encoded value of a type
has, so a checksum-valid entry of the wrong shape is rebuilt instead of crashing whoever uses it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
import types
import typing
from collections.abc import Callable, Iterable
from functools import cache, partial
from itertools import chain
from types import GenericAlias
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
        return _union_converter(args, decode)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _converters(args[0], decode)
        if item is None:
            return None
        if origin is list and decode:
            return lambda v: [item(x) for x in v]
        if decode and _plain_tuple(args[0]):
            # retyped at C speed, without a call per item (a warm run reads ~100,000 blind spots): their length
            # is checked with the whole entry's shape (`conforms`) before anything is decoded
            retype = partial(tuple.__new__, args[0])
            return lambda v: tuple(map(retype, v)) if v else ()
        return lambda v: tuple(map(item, v))
    if origin is dict:
        convert = _converters(args[1], decode)
        if convert is None:
            return None
        if decode:
            return lambda v: {k: convert(x) for k, x in v}
        return lambda v: tuple((k, convert(x)) for k, x in v.items())
    return None


def _union_converter(args: tuple[object, ...], decode: bool) -> Convert | None:
    """`R | None` as `R` is, None kept; a union of records by their tags (`_tagged`); other unions are plain."""
    inner = [a for a in args if a is not type(None)]
    if len(inner) > 1 and all(_is_record(a) for a in inner):
        tagged = _tagged(inner, decode)
        return tagged if len(inner) == len(args) else (lambda v: None if v is None else tagged(v))
    optional = _converters(inner[0], decode) if len(inner) == 1 else None
    if optional is None:
        return None
    return lambda v: None if v is None else optional(v)


_building: set[tuple[type, bool]] = set()

TAG = "tag"
"""The field that tells the records of a union apart (`_tagged`)."""


def tags(options: Iterable[object]) -> dict[object, type]:
    """The records of a union by their tags: each must be a named tuple whose last field is `TAG`, with a default
    of its own (its stored tuple then says which record it is)."""
    found: dict[object, type] = {}
    for option in options:
        fields = getattr(option, "_fields", ())
        defaults = getattr(option, "_field_defaults", {})
        if not (isinstance(option, type) and fields and fields[-1] == TAG and TAG in defaults):
            raise TypeError(f"{option!r}: a record in a union needs a last field {TAG!r} with a default")
        if defaults[TAG] in found:
            raise TypeError(f"{option!r}: tag {defaults[TAG]!r} taken by {found[defaults[TAG]]!r}")
        found[defaults[TAG]] = option
    return found


def _tagged(options: list[object], decode: bool) -> Convert:
    """A union of records (conditions): each is stored as its own tuple, read back by the tag it ends with."""
    by_tag = tags(options)
    if not decode:
        return lambda v: encoder(by_tag[v[-1]])(v)
    return lambda v: decoder(by_tag[v[-1]])(v)


def _plain_tuple(tp: object) -> bool:
    """A named tuple of plain fields: the stored tuple is the record's value as it is."""
    if not (isinstance(tp, type) and issubclass(tp, tuple) and _is_record(tp)) or (tp, True) in _building:
        return False
    return all(_converters(field, decode=True) is None for _, field in _fields(tp))


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
    made = "new(cls, raw)" if _plain_tuple(cls) else f"cls({', '.join(items)})"
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


_schemas: dict[tuple[type, ...], str] = {}


def schema(*classes: type) -> str:
    """A short hash of the records' shapes (names, field names and types, nested records included); computed
    once per process (every derived entry asks for its record's)."""
    known = _schemas.get(classes)
    if known is None:
        known = _schemas[classes] = _schema(classes)
    return known


def _schema(classes: tuple[type, ...]) -> str:
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


_LEAVES = frozenset({str, int, bool, float, bytes})


def conforms(tp: object, value: object) -> bool:
    """Whether a value read back has the shape `tp` has as stored: a record is the tuple of its fields as its
    encoder writes them (`stored_type`), containers are what they say (`dict` a dict, `tuple[X, ...]` a tuple
    of X), `object` anything. Exact types: a bool is no int, a list no tuple (pickle keeps them apart)."""
    return _all_of(tp)([value])


def all_conform(tp: object, values: list[Any]) -> bool:
    """`conforms` for every value at once: one pass per column over all of them, far cheaper than a call each."""
    return _all_of(tp)(values)


All = Callable[[list[Any]], bool]
"""A test that every value of a list has one shape. Checks go column by column, each a pass at C speed (the
set of the values' types, of their lengths), not value by value: a warm run checks a store of some 100,000
tuples, and a Python call per tuple would cost more than reading the store."""
_tests: dict[object, All] = {}


def _all_of(tp: object) -> All:
    test = _tests.get(tp)
    if test is None:
        if _is_record(tp):
            assert isinstance(tp, type)
            late: list[All] = []
            _tests[tp] = lambda values: late[0](values)  # a record may hold itself (a stub's members)
            test = _fixed([stored_type(t) for _, t in _fields(tp)])
            late.append(test)
        else:
            test = _container(tp)
        _tests[tp] = test
    return test


def _distinct(values: Iterable[Any]) -> list[Any]:
    """The values less repeats of one object: the stores write equal tuples once (`store._shared`), and a warm
    run's verdict store holds a third as many tuples as it reads."""
    values = list(values)
    return list(dict(zip(map(id, values), values, strict=True)).values())


def _items(containers: list[Any]) -> Iterable[Any]:
    return chain.from_iterable(_distinct(containers))


def _types(values: list[Any], *allowed: type) -> bool:
    return set(map(type, values)) <= set(allowed)


def _container(tp: object) -> All:
    if tp is object or tp is Any:
        return lambda values: True
    if tp is None or tp is type(None):
        return lambda values: _types(values, type(None))
    if tp in _LEAVES:
        assert isinstance(tp, type)
        return lambda values: _types(values, tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if origin is typing.Literal:
        allowed = frozenset(args)
        return lambda values: _types(values, *{type(a) for a in allowed}) and set(values) <= allowed
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return _fixed(list(args))
    if origin in (tuple, list, frozenset, set):
        if args[0] in _LEAVES:  # the commonest (names, hop chains): one pass over every item
            kinds = {args[0]}
            return lambda values: _types(values, origin) and set(map(type, _items(values))) <= kinds
        items = _all_of(args[0])
        return lambda values: _types(values, origin) and items(_distinct(_items(values)))
    if origin is dict:
        keys, items = _all_of(args[0]), _all_of(args[1])

        def mappings(values: list[Any]) -> bool:
            return (
                _types(values, dict)
                and keys(list(chain.from_iterable(values)))
                and items(list(chain.from_iterable(v.values() for v in values)))
            )

        return mappings
    raise TypeError(f"no stored shape for {tp!r}")


def _fixed(parts: list[object]) -> All:
    """Tuples of `len(parts)` items, the i-th of shape `parts[i]`: one column per part."""
    columns = [_all_of(part) for part in parts]

    def tuples(values: list[Any]) -> bool:
        if not values:
            return True
        if not _types(values, tuple) or set(map(len, values)) != {len(columns)}:
            return False
        flat = list(chain.from_iterable(values))  # row after row: column i is every len-th item from i
        return all(test(flat[i :: len(columns)]) for i, test in enumerate(columns))

    return tuples


def _union(options: tuple[object, ...]) -> All:
    """`X | None` splits its column; a union of records by their tags (`_tagged`); any other union splits it by
    the values' types, and a part no option takes whole (`tuple[int] | tuple[str]`) is tested value by value."""
    rest = [o for o in options if o is not type(None)]
    if len(rest) == 1 and len(options) == 2:
        inner = _all_of(rest[0])
        return lambda values: inner([v for v in values if v is not None])
    if len(rest) > 1 and all(_is_record(o) for o in rest):
        return _by_tag(rest, len(rest) < len(options))
    tests = [_all_of(o) for o in options]

    def each(values: list[Any]) -> bool:
        return all(any(test([v]) for test in tests) for v in values)

    def union(values: list[Any]) -> bool:
        parts: dict[type, list[Any]] = {}
        for value in values:
            parts.setdefault(type(value), []).append(value)
        return all(any(test(part) for test in tests) or each(part) for part in parts.values())

    return union


def _by_tag(options: list[object], optional: bool) -> All:
    """A column of a union of records (and None when `optional`), split by the tag each stored tuple ends with."""
    tests = {tag: _all_of(option) for tag, option in tags(options).items()}

    def tagged(values: list[Any]) -> bool:
        parts: dict[object, list[Any]] = {}
        for value in values:
            if value is None and optional:
                continue
            if type(value) is not tuple or not value:
                return False
            try:
                parts.setdefault(value[-1], []).append(value)
            except TypeError:  # an unhashable tag
                return False
        return all(tag in tests and tests[tag](part) for tag, part in parts.items())

    return tagged


def stored_type(tp: object) -> object:
    """The type of a field as its record's encoder writes it: records stay (as their tuples), the containers
    around them become tuples (`list[R]` a `tuple[R, ...]`, `dict[K, R]` a tuple of pairs); plain data as is."""
    if _converters(tp, decode=False) is None or _is_record(tp):
        return tp
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(stored_type(a) for a in args)]  # noqa: UP007 (built from a tuple)
    if origin is dict:
        return GenericAlias(tuple, (GenericAlias(tuple, (args[0], stored_type(args[1]))), ...))
    return GenericAlias(tuple, (stored_type(args[0]), ...))


def _records_in(tp: object) -> list[type]:
    if _is_record(tp):
        assert isinstance(tp, type)
        return [tp]
    return [r for arg in typing.get_args(tp) for r in _records_in(arg)]


_MAGIC = b"pytest-claims-cache\x00"


class _NoClasses(pickle.Unpickler):
    """Cached data is plain tuples, strings and numbers: any class reference means a foreign file."""

    def find_class(self, module: str, name: str) -> object:
        raise pickle.UnpicklingError(f"class {module}.{name} is not allowed in the claims cache")


def pack(value: object) -> bytes:
    payload = pickle.dumps(value, protocol=5)
    return _MAGIC + hashlib.sha256(payload).digest() + payload


def unpack(data: bytes) -> object:
    """The value, or raise ValueError for anything that is not a whole entry written by `pack`."""
    head = len(_MAGIC)
    if not data.startswith(_MAGIC) or len(data) < head + 32:
        raise ValueError("not a claims cache entry")
    checksum, payload = data[head : head + 32], data[head + 32 :]
    if hashlib.sha256(payload).digest() != checksum:
        raise ValueError("checksum mismatch (truncated or corrupt)")
    try:
        return _NoClasses(io.BytesIO(payload)).load()
    except Exception as exc:  # any failure to read back is a bad entry, whatever its kind
        raise ValueError(f"unreadable entry: {exc}") from None
