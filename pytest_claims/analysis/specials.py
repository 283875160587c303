"""The special-method protocol as data: which dunder an operator, a builtin or a statement calls, what Python
tries when a class does not define it, and which calls construct. The extractor records implicit calls with these
names (`facts`); the resolution enters the project methods they land on (`resolution.summaries`).
"""

from __future__ import annotations

import ast

COMPARE: dict[type[ast.cmpop], str] = {
    ast.Eq: "__eq__",
    ast.NotEq: "__ne__",
    ast.Lt: "__lt__",
    ast.LtE: "__le__",
    ast.Gt: "__gt__",
    ast.GtE: "__ge__",
}
"""`a < b` calls `a.__lt__(b)`."""

BINARY: dict[type[ast.operator], str] = {
    ast.Add: "__add__",
    ast.Sub: "__sub__",
    ast.Mult: "__mul__",
    ast.MatMult: "__matmul__",
    ast.Div: "__truediv__",
    ast.FloorDiv: "__floordiv__",
    ast.Mod: "__mod__",
    ast.Pow: "__pow__",
    ast.LShift: "__lshift__",
    ast.RShift: "__rshift__",
    ast.BitOr: "__or__",
    ast.BitAnd: "__and__",
    ast.BitXor: "__xor__",
}
"""`a + b` calls `a.__add__(b)` (`a += b`: `__iadd__`, falling back to `__add__`)."""

REFLECTED: dict[str, str] = {
    **{dunder: f"__r{dunder[2:]}" for dunder in BINARY.values()},
    **{f"__i{dunder[2:]}": f"__r{dunder[2:]}" for dunder in BINARY.values()},  # `x += y`
    "__eq__": "__eq__",
    "__ne__": "__ne__",
    "__lt__": "__gt__",
    "__le__": "__ge__",
    "__gt__": "__lt__",
    "__ge__": "__le__",
}
"""The right operand's method Python calls when the left's does not handle the operation."""

UNARY: dict[type[ast.unaryop], str] = {ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__"}

BUILTINS: dict[str, str] = {
    "len": "__len__",
    "hash": "__hash__",
    "bool": "__bool__",
    "str": "__str__",
    "repr": "__repr__",
    "format": "__format__",
    "iter": "__iter__",
    "next": "__next__",
    "abs": "__abs__",
    "reversed": "__reversed__",
}
"""`len(x)` calls `x.__len__()`."""

ITERATING = frozenset({"list", "tuple", "set", "frozenset", "sorted"})
"""Builtins that iterate the one value they are given: `list(c)` calls `c.__iter__()`."""

CONVERSIONS: dict[str | None, str] = {None: "__format__", "s": "__str__", "r": "__repr__", "a": "__repr__"}
"""What a `str.format` field calls on its value, by its conversion: `{}` formats it, `{!r}` takes its `repr`."""

PERCENT: dict[str, str] = {"s": "__str__", "r": "__repr__", "a": "__repr__"}
"""What a `%` conversion calls on its value: `"%s" % x` calls `x.__str__()` (numeric conversions: nothing the
project could define that is followed)."""

HASHING = frozenset({("set",), ("frozenset",), ("dict", "fromkeys")})
"""Calls that hash the elements they are given."""

FALLBACKS: dict[str, tuple[str, ...]] = {
    "__format__": ("__format__", "__str__", "__repr__"),
    "__str__": ("__str__", "__repr__"),
    "__bool__": ("__bool__", "__len__"),  # a truth test: `if x:`, `not x`, `bool(x)`
    "__ne__": ("__ne__", "__eq__"),  # object's `__ne__` calls `__eq__`
    **{  # `x += y`: `__iadd__`, else `__add__`
        f"__i{op}__": (f"__i{op}__", f"__{op}__")
        for op in (
            "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "or", "and", "xor"
        )
    },
}  # fmt: skip
"""The special methods Python calls, in order, where a class does not define the first (SPEC §5 implicit calls)."""

CONSTRUCTORS = ("__init__", "__new__", "__post_init__")
"""What calling a project class enters."""

RUNS_STORED_CALLABLES = frozenset(
    {
        "contextlib.ExitStack.close",
        "contextlib.ExitStack.__exit__",
        "contextlib.AsyncExitStack.aclose",
        "contextlib.AsyncExitStack.__aexit__",
    }
)
"""Stdlib methods that run callables the program stored in the object earlier (`stack.callback(f)`, then
`stack.close()` or the end of `with stack:`): the walk cannot tell which run, so each such call is a blind spot."""

CALLS_ITS_ARGUMENT: dict[tuple[str, ...], tuple[int | None, str | None]] = {
    ("map",): (0, None),
    ("filter",): (0, None),
    ("sorted",): (None, "key"),
    ("min",): (None, "key"),
    ("max",): (None, "key"),
    ("reduce",): (0, None),
    ("functools", "reduce"): (0, None),
    ("itertools", "starmap"): (0, None),
    ("functools", "partial"): (0, None),
    ("partial",): (0, None),
}
"""Builtins and stdlib functions that call a callable they are given (its position, or its keyword): the walk
cannot see into a callable passed in, so such a call site is a blind spot when the callable is of unknown class."""

CALLS_BY_NAME = frozenset({"operator.methodcaller"})
"""Stdlib classes whose instances, when called, call a method named by a string on what they are given
(`operator.methodcaller("now")(c)`): a call of one is a blind spot."""

PRESENCE_AT_RUN_TIME: frozenset[tuple[str, str]] = frozenset(
    {
        ("sys", "ps1"),  # set only in interactive mode, though the stubs declare it
        ("sys", "ps2"),
        ("sys", "last_type"),  # set only once an uncaught exception was reported
        ("sys", "last_value"),
        ("sys", "last_traceback"),
        ("sys", "last_exc"),
        ("sys", "tracebacklimit"),  # set only when a program sets it
        ("sys", "frozen"),  # set by freezing tools (PyInstaller, py2exe, cx_Freeze), in no stub
        ("sys", "_MEIPASS"),  # set by PyInstaller
        ("sys", "real_prefix"),  # set by old virtualenv
    }
)
"""Stdlib members whose presence the running process decides, not the target: `hasattr(sys, "ps1")` stays
unknown (both branches walked) where other presence tests are decided by the target's stubs."""
