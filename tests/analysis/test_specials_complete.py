"""Every special name the running Python defines is judged by `specials`: called implicitly (a table the extractor
records from), called implicitly but not followed (a documented blind spot), or never called implicitly. A new
Python adding a special method fails here until it is judged, as a new syntax node fails the extractor's test."""

from __future__ import annotations

import builtins
import functools
import types

from pytest_claims.analysis import specials

_TYPES: tuple[type, ...] = (
    object, type, int, float, complex, bool, str, bytes, bytearray, memoryview, list, dict, set, frozenset, tuple,
    range, slice, property, staticmethod, classmethod, super, zip, map, filter, enumerate, reversed,
    types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.ModuleType, types.CodeType,
    types.FrameType, types.TracebackType, types.GenericAlias, types.UnionType, types.SimpleNamespace,
    types.MappingProxyType, types.CoroutineType, types.AsyncGeneratorType, types.GeneratorType,
    types.NoneType, types.NotImplementedType, types.EllipsisType, BaseException, functools.partial,
)  # fmt: skip

_REFERENCE = frozenset(
    {  # the language reference's data model, also the names no builtin type above defines
        "__new__", "__init__", "__del__", "__repr__", "__str__", "__bytes__", "__format__", "__lt__", "__le__",
        "__eq__", "__ne__", "__gt__", "__ge__", "__hash__", "__bool__", "__getattr__", "__getattribute__",
        "__setattr__", "__delattr__", "__dir__", "__get__", "__set__", "__delete__", "__set_name__", "__slots__",
        "__init_subclass__", "__prepare__", "__mro_entries__", "__instancecheck__", "__subclasscheck__",
        "__class_getitem__", "__call__", "__len__", "__length_hint__", "__getitem__", "__setitem__", "__delitem__",
        "__missing__", "__iter__", "__reversed__", "__contains__", "__add__", "__sub__", "__mul__", "__matmul__",
        "__truediv__", "__floordiv__", "__mod__", "__divmod__", "__pow__", "__lshift__", "__rshift__", "__and__",
        "__xor__", "__or__", "__radd__", "__rsub__", "__rmul__", "__rmatmul__", "__rtruediv__", "__rfloordiv__",
        "__rmod__", "__rdivmod__", "__rpow__", "__rlshift__", "__rrshift__", "__rand__", "__rxor__", "__ror__",
        "__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__",
        "__ilshift__", "__irshift__", "__iand__", "__ixor__", "__ior__", "__neg__", "__pos__", "__abs__",
        "__invert__", "__complex__", "__int__", "__float__", "__index__", "__round__", "__trunc__", "__floor__",
        "__ceil__", "__enter__", "__exit__", "__match_args__", "__buffer__", "__release_buffer__", "__await__",
        "__aiter__", "__anext__", "__aenter__", "__aexit__", "__fspath__", "__copy__", "__deepcopy__",
        "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__", "__getnewargs__", "__getnewargs_ex__",
        "__replace__", "__next__", "__sizeof__", "__subclasshook__",
    }
)  # fmt: skip


def _defined() -> set[str]:
    found = set(_REFERENCE)
    for kind in _TYPES:
        found.update(name for name in dir(kind) if name.startswith("__") and name.endswith("__"))
    found.update(name for name in dir(builtins) if name.startswith("__") and name.endswith("__"))
    return found


def test_every_special_name_is_judged() -> None:
    judged = specials.implicit_names() | set(specials.NOT_FOLLOWED) | set(specials.NEVER_IMPLICIT)
    assert sorted(_defined() - judged) == []


def test_the_judgements_do_not_overlap() -> None:
    implicit, blind, never = specials.implicit_names(), set(specials.NOT_FOLLOWED), set(specials.NEVER_IMPLICIT)
    assert not implicit & blind and not implicit & never and not blind & never


def test_every_judgement_has_a_reason() -> None:
    for table in (specials.NOT_FOLLOWED, specials.NEVER_IMPLICIT, specials.CALLED_BY_THE_EXTRACTOR):
        assert all(name.startswith("__") and name.endswith("__") and reason for name, reason in table.items())
