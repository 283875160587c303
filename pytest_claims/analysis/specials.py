"""The special-method protocol as data: which dunder an operator, a builtin or a statement calls, what Python
tries when a class does not define it, and which calls construct. The extractor records implicit calls with these
names (`facts`); the resolution enters the project methods they land on (`resolution.summaries`).
"""

from __future__ import annotations

import ast
from typing import NamedTuple


def reserved(name: str) -> bool:
    """A name of the form `__x__`: one Python reserves (a special method it looks up on the type, a module's or
    class's own attribute), which a stub may leave to `object` and the project rarely binds itself."""
    return len(name) > 4 and name[:2] == "__" and name[-2:] == "__"


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
    "__divmod__": "__rdivmod__",  # `divmod(x, y)`
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
    "int": "__int__",
    "float": "__float__",
    "complex": "__complex__",
    "bytes": "__bytes__",
    "hex": "__index__",
    "oct": "__index__",
    "bin": "__index__",
    "dir": "__dir__",
}
"""`len(x)` calls `x.__len__()`."""

ITERTOOLS_FIRST = (
    "islice",
    "cycle",
    "groupby",
    "tee",
    "accumulate",
    "pairwise",
    "batched",
    "permutations",
    "combinations",
    "combinations_with_replacement",
)
"""`itertools` functions that iterate their first argument only (`islice(c, n)`), spelled `itertools.islice` or, as
imported from it, `islice`."""

ITERTOOLS_FROM = {
    "chain": 0,
    "zip_longest": 0,
    "product": 0,
    "compress": 0,
    "dropwhile": 1,
    "takewhile": 1,
    "filterfalse": 1,
    "starmap": 1,
}
"""`itertools` functions that iterate every positional argument from this position on (`chain(a, b)`,
`takewhile(p, c)`)."""

FIRST_ARGUMENT: dict[tuple[str, ...], str] = {
    ("round",): "__round__",
    ("divmod",): "__divmod__",
    ("pow",): "__pow__",
    ("setattr",): "__setattr__",
    ("delattr",): "__delattr__",
    ("operator", "index"): "__index__",
    ("math", "floor"): "__floor__",
    ("math", "ceil"): "__ceil__",
    ("math", "trunc"): "__trunc__",
    ("sys", "getsizeof"): "__sizeof__",
    ("copy", "replace"): "__replace__",
    ("operator", "length_hint"): "__length_hint__",
    ("os", "fspath"): "__fspath__",
    ("open",): "__fspath__",
    ("memoryview",): "__buffer__",
    **{spelled: "__iter__" for name in ITERTOOLS_FIRST for spelled in (("itertools", name), (name,))},
}
"""Calls that call a special method of their first argument whatever else they are given: `round(x, 2)` calls
`x.__round__(2)`, `divmod(x, y)` `x.__divmod__(y)` (else `y.__rdivmod__(x)`), `islice(c, n)` `c.__iter__()`."""

ITERATING = frozenset({"list", "tuple", "set", "frozenset", "sorted", "sum", "any", "all", "enumerate", "dict"})
"""Builtins that iterate the one value they are given: `list(c)` calls `c.__iter__()` (`min(c)`, `max(c)` too;
given several values they compare them: `COMPARING`)."""

ITERATING_FROM: dict[tuple[str, ...], int] = {
    ("zip",): 0,
    ("map",): 1,
    ("filter",): 1,
    ("<str>", "join"): 0,
    **{spelled: start for name, start in ITERTOOLS_FROM.items() for spelled in (("itertools", name), (name,))},
}
"""Calls that iterate every positional argument from this position on: `zip(a, b)`, `map(f, c)`, `"".join(c)`,
`chain(a, b)`."""

COMPARING = frozenset({"min", "max"})
"""`max(a, b)` compares the values it is given: `b.__gt__(a)`, else `a.__lt__(b)` (`min`: the other way)."""

SUBSCRIPTED = ("__missing__", "__class_getitem__")
"""What `x[k]` may call besides `__getitem__`: a `dict` subclass's `__missing__` for a key it lacks, a class's
`__class_getitem__` (`Model[int]`); the resolution enters each only on a value of the kind that calls it."""

ASYNC_ITERATION = ("__aiter__", "__anext__")
"""`async for x in c` (and an `async for` comprehension) calls `c.__aiter__()`, then its `__anext__()`."""

ASYNC_CONTEXT = ("__aenter__", "__aexit__")
"""`async with c:` calls `c.__aenter__()` and `c.__aexit__(...)`."""

CONVERSIONS: dict[str | None, str] = {None: "__format__", "s": "__str__", "r": "__repr__", "a": "__repr__"}
"""What a `str.format` field calls on its value, by its conversion: `{}` formats it, `{!r}` takes its `repr`."""

SHOWN_BY_REPR = frozenset({"__format__", "__str__", "__repr__"})
"""Implicit calls whose default (`object`'s) ends in the class's own `__repr__`: on an instance of a project class
over a capable stdlib class that defines none of them, they run that class's `__repr__` (`f"{fut}"`:
`Future.__repr__` takes its lock), a reach the catalogue judges by the class's key. Any other special method a
stub leaves to `object` (`__setattr__`, `__eq__`) may be `object`'s own: a blind spot, never a made-up reach."""

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
    "__int__": ("__int__", "__index__", "__trunc__"),  # `int(x)`
    "__float__": ("__float__", "__index__"),
    "__complex__": ("__complex__", "__float__", "__index__"),
    "__bytes__": ("__bytes__", "__index__"),  # `bytes(x)`: else x zero bytes
    **{  # `x += y`: `__iadd__`, else `__add__`
        f"__i{op}__": (f"__i{op}__", f"__{op}__")
        for op in (
            "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "or", "and", "xor"
        )
    },
}  # fmt: skip
"""The special methods Python calls, in order, where a class does not define the first (semantics §5 implicit calls)."""

ITERATOR_NEXT = {"__iter__": "__next__"}
"""Iterating calls `__iter__`, then `__next__` on what it returned: a project iterator's `__iter__` returns the
instance itself (so does `collections.abc.Iterator`'s), so an implicit `__iter__` also enters the class's own
`__next__`, which is where such an iterator does its work (`time_limited.__next__` reads the clock)."""

ON_UNKNOWN: dict[str, tuple[str, ...]] = {
    "__contains__": ("__contains__", "__iter__", "__next__", "__getitem__"),  # `x in c`: else iteration, indexing
    "__iter__": ("__iter__", "__next__"),  # iteration runs `__next__` of what `__iter__` returns
    "__hash__": ("__hash__", "__eq__"),  # a set or a mapping compares the keys whose hashes meet
    "__enter__": ("__enter__", "__exit__"),  # the block's end is the same value's
    "__aenter__": ("__aenter__", "__aexit__"),
}
"""The special methods an implicit call on a value of unknown class may run where `FALLBACKS` says too little: a
project class defining any of them, with a method that leads somewhere, makes the call a blind spot
(`resolution.leads`)."""

NOT_ON_UNKNOWN = frozenset(
    {
        "__setattr__", "__delattr__", "__getattr__", "__getattribute__", "__get__", "__set__", "__delete__",
        "__set_name__", "__class_getitem__", "__missing__", "__init_subclass__", "__exit__", "__aexit__",
    }
)  # fmt: skip
"""Implicit calls on a value of unknown class that are no blind spot of their own: an attribute's store, delete or
lookup (the project's `__setattr__` hooks would make every `o.x = v` one), what only a class body's binding runs,
and a `with` block's end (its `__enter__` is the site)."""


CONSTRUCTORS = ("__init__", "__new__", "__post_init__")
"""What calling a project class enters (and its metaclass's `METACLASS_CALL`, when a project class defines it)."""

METACLASS_CALL = "__call__"
"""Calling a class calls its metaclass's `__call__` first (which, as `type.__call__`, calls the constructors)."""

CLASS_STATEMENT = ("__prepare__", "__new__", "__init__")
"""What a `class` statement calls on its metaclass (the keyword's, or a base's); it also calls the bases'
`__init_subclass__` and the `__set_name__` of what its body binds."""

IMPLICIT_CLASSMETHODS = frozenset({"__init_subclass__", "__class_getitem__"})
"""Methods Python makes classmethods without a decorator: their first parameter is the class."""

CALLED_ON_THE_CLASS = frozenset({*CLASS_STATEMENT, *IMPLICIT_CLASSMETHODS, *CONSTRUCTORS})
"""The implicit calls recorded on a class that run the class's own method (a metaclass's `__new__` for a `class`
statement, a base's `__init_subclass__`, `C[int]`). Any other special method Python calls on a class value
(`{C: 1}`, `hash(C)`, `C == D`, `str(C)`) is looked up on its type, the metaclass, as on any value."""

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

KEEPS_ITS_ARGUMENT: dict[str, tuple[str, ...]] = {
    "functools.wraps": ("0", "wrapped"),
    "functools.update_wrapper": ("1", "wrapped"),
}
"""Stdlib functions that keep a function given to them (the slots: position or keyword) without calling it:
`functools.wraps(func)` copies its name, docstring and `__dict__` and stores it as `__wrapped__`."""

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


CALLS_WHAT_IT_HOLDS = frozenset(
    {
        "builtins.type",
        "functools.partial",
        "functools._lru_cache_wrapper",
        "types.FunctionType",
        "types.MethodType",
        "types.LambdaType",
    }
)
"""Stdlib classes whose instances, when called, call what they were made from (a value typed `type`,
`functools.partial`, `types.FunctionType`, an `lru_cache` wrapper): the walk cannot tell what that is, so a
call of one is a blind spot."""


class Wraps(NamedTuple):
    """A wrapper whose result, when called, calls the callable it was given at `position` with the call's
    arguments: after its own other positional arguments (`prepends`, `functools.partial`) or alone (they
    configure the wrapper), its own keywords under the call's (`prepends`) or dropped."""

    position: int
    prepends: bool


CALLS_WHAT_IT_WRAPS: dict[str, Wraps] = {
    "functools.partial": Wraps(0, prepends=True),
    "asgiref.sync.sync_to_async": Wraps(0, prepends=False),
    "asgiref.sync.async_to_sync": Wraps(0, prepends=False),
    "asgiref.sync.SyncToAsync": Wraps(0, prepends=False),
    "asgiref.sync.AsyncToSync": Wraps(0, prepends=False),
}
"""Wrappers (stdlib, or a third-party package's, by the name the import resolves to) whose result called at once
(`sync_to_async(f, thread_sensitive=False)(request, e)`) is a call of what they wrap: `partial` calls `func(*args,
*more, **{**keywords, **more_keywords})`; asgiref's `sync_to_async` / `async_to_sync` (and the classes they
make) call `func(*args, **kwargs)` in a thread or an event loop, their own arguments being settings."""


class Callback(NamedTuple):
    """One argument a stdlib call may call back into: where it is passed (its position, or its keyword) and what
    the stdlib calls with it. Each of `tries` is a list of alternatives, the first the value's class defines
    being the one entered (`__copy__`, else `__reduce_ex__`, ...); `()` is a call of the value itself (a
    project instance's `__call__`, a project class's constructor). `blind`: a value of unknown class there is a
    blind spot (a callable or a time zone is handed over to be called back; a key or an object copied is no
    more blind than the implicit calls on it are). `cls`: the value is a class the stdlib instantiates
    (`json.dumps(cls=E)`), whose methods run on the instance it makes; any other project class given there is a
    value whose own special methods are not called. `takes`: the callee takes positional arguments only, at least
    and at most so many (a builtin method of `dict` or `set`): a call passing another number, or a keyword, raises
    `TypeError` before it calls anything back (`obj.add(self, conn)` is no `set.add`)."""

    position: int | None
    keyword: str | None
    tries: tuple[tuple[str, ...], ...]
    blind: bool = True
    cls: bool = False
    takes: tuple[int, int] | None = None


_ZONE = (("utcoffset",), ("dst",), ("tzname",), ("fromutc",))
"""What `datetime` calls on a `tzinfo` it is given or keeps (a stored zone answers later `utcoffset()`,
`astimezone()`, `strftime("%Z")` calls: they are entered where the zone is handed over)."""
KEY = (("__hash__",), ("__eq__",))
"""What a mapping or a set calls on a key."""
_CALLED = (("()",),)
_COPY = (("__copy__", "__reduce_ex__", "__reduce__", "__getstate__"), ("__setstate__",))
_DEEPCOPY = (("__deepcopy__", "__reduce_ex__", "__reduce__", "__getstate__"), ("__setstate__",))
_PICKLE = (("__reduce_ex__", "__reduce__", "__getstate__"), ("__getnewargs_ex__", "__getnewargs__"))
_ENCODER = (("()",), ("encode",), ("iterencode",), ("default",))


def _keyed(module: str, *classes_methods: str) -> dict[str, tuple[Callback, ...]]:
    """Methods of mappings and sets that hash and compare the key they are given first."""
    return {f"{module}.{name}": (Callback(0, None, KEY, blind=False),) for name in classes_methods}


_BUILTIN_KEYS: dict[str, tuple[int, int]] = {
    "dict.__getitem__": (1, 1), "dict.__setitem__": (2, 2), "dict.__delitem__": (1, 1),
    "dict.__contains__": (1, 1), "dict.get": (1, 2), "dict.setdefault": (1, 2), "dict.pop": (1, 2),
    "set.__contains__": (1, 1), "set.add": (1, 1), "set.discard": (1, 1), "set.remove": (1, 1),
    "frozenset.__contains__": (1, 1),
}  # fmt: skip
"""Methods of `dict`, `set` and `frozenset` that hash and compare the key they are given first, with how many
positional arguments each takes (`set.add(x)`, `dict.get(k[, default])`; none takes a keyword)."""


CALLS_BACK: dict[str, tuple[Callback, ...]] = {
    "datetime.datetime": (Callback(7, "tzinfo", _ZONE),),
    "datetime.datetime.astimezone": (Callback(0, "tz", _ZONE),),
    "datetime.datetime.now": (Callback(0, "tz", _ZONE),),
    "datetime.datetime.fromtimestamp": (Callback(1, "tz", _ZONE),),
    "datetime.datetime.combine": (Callback(2, "tzinfo", _ZONE),),
    "datetime.datetime.replace": (Callback(7, "tzinfo", _ZONE),),
    "datetime.time": (Callback(4, "tzinfo", _ZONE),),
    "datetime.time.replace": (Callback(4, "tzinfo", _ZONE),),
    **{
        f"builtins.{name}": (Callback(0, None, KEY, blind=False, takes=takes),)
        for name, takes in _BUILTIN_KEYS.items()
    },
    **_keyed(
        "typing",
        "Mapping.__getitem__", "Mapping.__contains__", "Mapping.get", "MutableMapping.__setitem__",
        "MutableMapping.__delitem__", "MutableMapping.setdefault", "MutableMapping.pop", "AbstractSet.__contains__",
        "MutableSet.add", "MutableSet.discard", "MutableSet.remove",
    ),
    "copy.copy": (Callback(0, None, _COPY, blind=False),),
    "copy.deepcopy": (Callback(0, None, _DEEPCOPY, blind=False),),
    "pickle.dumps": (Callback(0, "obj", _PICKLE, blind=False),),
    "pickle.dump": (Callback(0, "obj", _PICKLE, blind=False),),
    "pickle.Pickler.dump": (Callback(0, None, _PICKLE, blind=False),),
    "json.dumps": (Callback(None, "default", _CALLED), Callback(None, "cls", _ENCODER, cls=True)),
    "json.dump": (Callback(None, "default", _CALLED), Callback(None, "cls", _ENCODER, cls=True)),
    "json.JSONEncoder": (Callback(None, "default", _CALLED),),
    "builtins.list.sort": (Callback(None, "key", _CALLED),),
    "threading.Thread": (Callback(1, "target", _CALLED),),
    "threading.Timer": (Callback(1, "function", _CALLED),),
    "atexit.register": (Callback(0, None, _CALLED),),
    "contextlib.ExitStack.callback": (Callback(0, None, _CALLED),),
    "contextlib.ExitStack.push": (Callback(0, "exit", (("__exit__", "()"),)),),
    "contextlib.ExitStack.enter_context": (Callback(0, "cm", (("__enter__",), ("__exit__",))),),
    "contextlib.AsyncExitStack.callback": (Callback(0, None, _CALLED),),
    "contextlib.AsyncExitStack.push": (Callback(0, "exit", (("__exit__", "()"),)),),
    "contextlib.AsyncExitStack.push_async_callback": (Callback(0, None, _CALLED),),
    "contextlib.AsyncExitStack.push_async_exit": (Callback(0, "exit", (("__aexit__", "()"),)),),
    "weakref.finalize": (Callback(1, None, _CALLED),),
}  # fmt: skip
"""The stdlib calling back (semantics §5): stdlib callables, by the name the stubs give them, and the arguments they
call back into. The walk enters, where the call is made, the project methods those arguments' classes give
(and what a project function passed there reaches, as any function value's reference does). A method of a
mapping, a set or a list whose class the walk cannot see (`d.get(k)` on a value of unknown class) is looked up
by its name among the `builtins` entries (`KEYED_BY_NAME`)."""

ZONE_HOOKS: dict[str, str] = {
    **{name: name for name in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__format__")},
    "__ne__": "__eq__",
    "__str__": "isoformat",
    "__sub__": "__sub__",
}
"""The special methods of a `datetime` or `time` that ask the zones of aware values for their offsets (comparing two,
unless they carry the same zone; hashing one; subtracting one from another; `str()` and `format()`), each by the
method of `READS_ITS_ZONE` that says so where the stubs define it (`!=` is `object.__ne__` there, calling
`__eq__`; `str()` is `isoformat`)."""

READS_ITS_ZONE = frozenset(
    {
        *(f"datetime.datetime.{name}" for name in (
            "utcoffset", "dst", "tzname", "astimezone", "strftime", "timetuple", "utctimetuple", "timestamp",
            "isoformat", "__format__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__sub__",
        )),
        *(f"datetime.time.{name}" for name in (
            "utcoffset", "dst", "tzname", "strftime", "isoformat", "__format__", "__eq__", "__lt__", "__le__",
            "__gt__", "__ge__", "__hash__",
        )),
    }
)  # fmt: skip
"""Methods of a `datetime` or `time` that call back into the zone it carries (`dt.utcoffset()` calls
`dt.tzinfo.utcoffset(dt)`, `a < b` calls both zones' `utcoffset`): the walk cannot tell which zone a value carries,
so where the project defines a `tzinfo` of its own, such a call (written or implicit) is a blind spot (the zone is
entered where it is handed over: `CALLS_BACK`)."""

ZONE_SLOTS: dict[str, tuple[str, ...]] = {
    dotted: tuple(str(slot) for entry in entries if entry.tries == _ZONE for slot in (entry.position, entry.keyword))
    for dotted, entries in CALLS_BACK.items()
    if any(entry.tries == _ZONE for entry in entries)
}
"""The stdlib calls that make a `datetime` or `time` carrying the zone they are given, and where it is given (its
position, its keyword): `datetime(..., tzinfo=zone)`, `dt.replace(tzinfo=zone)`, `dt.astimezone(zone)`, ..."""

ZONE_READERS: dict[str, tuple[str, ...]] = {
    "utcoffset": ("utcoffset",),
    "dst": ("dst",),
    "tzname": ("tzname",),
    "astimezone": ("utcoffset",),
    "strftime": ("utcoffset", "tzname", "dst"),
    "timetuple": ("dst",),
    "utctimetuple": ("utcoffset",),
    "timestamp": ("utcoffset",),
    "isoformat": ("utcoffset",),
}
"""What a `datetime` method asks the zone it carries (`%z` / `%Z` of `strftime`, and `dst()` for the `timetuple()` it
formats; the offset `astimezone` converts from): a call of one on a value known to carry a project zone enters those
methods of the zone."""

ZONE_BY_NAME: dict[str, tuple[Callback, ...]] = {
    "replace": (Callback(None, "tzinfo", _ZONE),),
    "astimezone": (Callback(0, "tz", _ZONE),),
}
"""The calls that hand a `datetime` a zone, by name, for a receiver of unknown class: `x.replace(tzinfo=zone)`,
`x.astimezone(zone)` (no other class the stdlib or a project is known to define takes a zone so)."""


def hashes_a_key(entry: Callback) -> bool:
    """Whether the stdlib hashes and compares the value an entry names, as a key (a class given there runs its
    metaclass's `__hash__` and `__eq__`)."""
    return entry.tries == KEY


def hands_a_zone(entry: Callback) -> bool:
    """Whether the stdlib keeps or converts to the value an entry names, as a `tzinfo` (it checks the class: the
    value is an instance of some `tzinfo` subclass, or None)."""
    return entry.tries == _ZONE


def fills(entry: Callback, slot: str) -> bool:
    """Whether a `given` use's slot (a position, or a keyword) is the argument the entry calls back into."""
    return (entry.position is not None and str(entry.position) == slot) or entry.keyword == slot


KEYED_BY_NAME: dict[str, tuple[Callback, ...]] = {
    dotted.rsplit(".", 1)[1]: entries for dotted, entries in CALLS_BACK.items() if dotted.startswith("builtins.")
}
"""`builtins` entries by method name: for a receiver of unknown class, or a container the walk knows only by
its elements."""


def _slots() -> dict[str, tuple[frozenset[int], frozenset[str]]]:
    """Per last name of a table entry, the positions and keywords any entry of that name calls back into."""
    found: dict[str, tuple[set[int], set[str]]] = {}
    for dotted, entries in CALLS_BACK.items():
        positions, keywords = found.setdefault(dotted.rsplit(".", 1)[1], (set(), set()))
        for entry in entries:
            if entry.position is not None:
                positions.add(entry.position)
            if entry.keyword is not None:
                keywords.add(entry.keyword)
    return {name: (frozenset(p), frozenset(k)) for name, (p, k) in found.items()}


CALLS_BACK_SLOTS = _slots()
"""What the extractor records as `given` uses: the arguments, at these positions and keywords, of a call whose
callee's last name is one of the table's (resolution then tells whether it is the stdlib's)."""

CALLS_BACK_TYPED = frozenset(
    name
    for name in CALLS_BACK_SLOTS
    if not any(
        entry.blind for dotted, entries in CALLS_BACK.items() if dotted.endswith(f".{name}") for entry in entries
    )
)
"""Last names whose every entry leaves a value of unknown class alone (`d.get(k)`): their arguments are recorded
only where their class may be known, as an implicit call's operand is (a plain local is not)."""


def given_code(slot: str, callee: tuple[str, ...], text: str, passed: tuple[int, int] | None = None) -> str:
    """The `code` of a `given` use: the slot the value is passed in (a position or a keyword), the callee's chain,
    what the call passes (how many positional arguments and keywords; None: not a call written out, or one with
    `*` / `**`) and the call's source text, in one string (a use is a plain tuple)."""
    shape = "" if passed is None else f"{passed[0]},{passed[1]}"
    return "\x1f".join((slot, *callee)) + "\x1e" + shape + "\x1e" + text


def read_given(code: str) -> tuple[str, tuple[str, ...], str]:
    """`given_code` read back: (slot, callee chain, source text)."""
    head, _, rest = code.partition("\x1e")
    slot, *callee = head.split("\x1f")
    return slot, tuple(callee), rest.partition("\x1e")[2]


def given_passed(code: str) -> tuple[int, int] | None:
    """What the call of a `given` use passes (`given_code`): (positional arguments, keywords), or None."""
    shape = code.partition("\x1e")[2].partition("\x1e")[0]
    if not shape:
        return None
    positional, _, keywords = shape.partition(",")
    return int(positional), int(keywords)


def fits(entry: Callback, passed: tuple[int, int] | None) -> bool:
    """Whether a call passing `passed` (`given_passed`) may call back as `entry` says: a callee that takes only so
    many positional arguments (`entry.takes`) raises `TypeError` on any other call before it calls anything."""
    if entry.takes is None or passed is None:
        return True
    least, most = entry.takes
    return passed[1] == 0 and least <= passed[0] <= most


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

LITERAL_MEMBERS_BY_VERSION: frozenset[str] = frozenset(
    {
        "__getstate__",  # object, from 3.11
        "is_integer",  # int (and bool), from 3.12
        "from_number",  # float, from 3.14
        "__setformat__",  # float, until 3.10
        "__static_attributes__",  # classes, from 3.13
        "__firstlineno__",
        "__type_params__",  # classes and functions, from 3.12
    }
)
"""Members of the classes of literals (`None`, `bool`, `int`, `float`, `str`, `()`) that some supported Python has and
another lacks: `hasattr(p, "name")` of a parameter passed a literal is decided by the running interpreter's answer
(`conditions`), except for these names, which stay open."""


CALLED_BY_THE_EXTRACTOR: dict[str, str] = {
    "__iter__": '`for`, comprehensions, unpacking, `yield from`, `list(c)`, `sum(c)`, `zip(c)`, `"".join(c)`',
    "__contains__": "`k in c`",
    "__getitem__": "`c[k]`",
    "__setitem__": "`c[k] = v`",
    "__delitem__": "`del c[k]`",
    "__enter__": "`with c:`",
    "__exit__": "`with c:`",
    "__hash__": "`hash(c)`, set and dict literals and keys",
    "__getattr__": "an attribute the class does not define, `getattr` / `hasattr`",
    "__getattribute__": "every attribute read on an instance",
    "__setattr__": '`c.a = v`, `setattr(c, "a", v)`',
    "__delattr__": '`del c.a`, `delattr(c, "a")`',
    "__set_name__": "a class body binding an instance",
    "__await__": "`await c`",
    "__index__": "`[a, b][c]`, `operator.index(c)`, `hex(c)`, a fallback of `int(c)`",
    "__class__": "`type(c)()`, `c.__class__()` construct the receiver's class",
    "__missing__": "`d[k]` on a `dict` subclass",
    "__get__": "a descriptor (a class-body value of a class defining it) read on the owner or its instances",
    "__set__": "`o.x = v` where the class body binds x to a descriptor",
    "__delete__": "`del o.x` where the class body binds x to a descriptor",
    "__class_getitem__": "`C[int]` on a class",
}
"""Special methods the extractor records directly (not through one of the tables above), with what calls them."""

NOT_FOLLOWED: dict[str, str] = {
    "__del__": "a finalizer runs when the collector decides, at no site of the program",
    "__instancecheck__": "`isinstance(x, C)` runs C's metaclass's; a project metaclass is not followed there",
    "__subclasscheck__": "`issubclass(D, C)` runs C's metaclass's; a project metaclass is not followed there",
    "__subclasshook__": "`isinstance` against an ABC runs it through `ABCMeta.__subclasscheck__`",
    "__mro_entries__": "a class statement whose base is not a class; such a base is not followed",
    "__build_class__": "the builtin a class statement calls; a project replacing it is not followed",
    "__import__": "the builtin an import statement calls; a project replacing it is not followed",
    "__release_buffer__": "the end of a `memoryview` over the value, at no site the walk sees",
}
"""Special methods Python does call implicitly that the walk does not enter (calls it cannot place)."""

NEVER_IMPLICIT: dict[str, str] = {
    **dict.fromkeys(
        (
            "__abstractmethods__", "__annotations__", "__args__", "__base__", "__bases__", "__basicsize__",
            "__builtins__", "__cause__", "__closure__", "__code__", "__context__", "__defaults__", "__dict__",
            "__dictoffset__", "__doc__", "__flags__", "__func__", "__globals__", "__isabstractmethod__",
            "__itemsize__", "__kwdefaults__", "__module__", "__mro__", "__name__", "__origin__", "__parameters__",
            "__qualname__", "__self__", "__self_class__", "__suppress_context__", "__text_signature__",
            "__thisclass__", "__traceback__", "__typing_unpacked_tuple_args__", "__unpacked__",
            "__vectorcalloffset__", "__weakrefoffset__", "__wrapped__", "__slots__", "__match_args__",
            "__weakref__", "__file__", "__path__", "__spec__", "__package__", "__loader__", "__all__",
            "__orig_bases__", "__static_attributes__", "__firstlineno__", "__type_params__", "__objclass__",
            "__signature__", "__cached__", "__annotate__", "__annotations_cache__", "__debug__",
            "__notes__", "__protocol_attrs__", "__value__", "__default__", "__bound__", "__constraints__",
            "__covariant__", "__contravariant__", "__infer_variance__",
        ),
        "a data attribute, read, never called",
    ),
    "__alloc__": "a `bytearray` method, called only by name",
    "__getformat__": "a `float` classmethod, called only by name",
    "__setformat__": "a `float` classmethod of Python 3.10 and 3.11 (testing only), called only by name",
    "__subclasses__": "a `type` method, called only by name",
}  # fmt: skip
"""Special names Python defines that no syntax or builtin calls implicitly, each with why."""


def implicit_names() -> frozenset[str]:
    """Every special method the tables above record as called implicitly (the completeness test's left side)."""
    names = {
        *COMPARE.values(), *BINARY.values(), *REFLECTED, *REFLECTED.values(), *UNARY.values(), *BUILTINS.values(),
        *FIRST_ARGUMENT.values(), *CONVERSIONS.values(), *PERCENT.values(), *CONSTRUCTORS, METACLASS_CALL,
        *CLASS_STATEMENT, *IMPLICIT_CLASSMETHODS, *ASYNC_ITERATION, *ASYNC_CONTEXT, *SUBSCRIPTED,
        *CALLED_BY_THE_EXTRACTOR,
    }  # fmt: skip
    for tried in FALLBACKS.values():
        names.update(tried)
    for entries in CALLS_BACK.values():
        for entry in entries:
            names.update(name for tries in entry.tries for name in tries if name.startswith("__"))
    return frozenset(names)


_COLLECTION = ("__contains__", "__iter__", "__len__")
_SEQUENCE = ("__getitem__", "__len__", "__contains__", "__iter__", "__reversed__", "index", "count")
_SET = (*_COLLECTION, "__le__", "__lt__", "__eq__", "__ne__", "__gt__", "__ge__", "__and__", "__or__", "__sub__")
_MAPPING = ("__getitem__", *_COLLECTION, "keys", "items", "values", "get", "__eq__", "__ne__")
_MUTABLE_SEQUENCE = ("__setitem__", "__delitem__", "insert", "append", "reverse", "extend", "pop", "remove", "__iadd__")
_MUTABLE_SET = ("add", "discard", "clear", "pop", "remove", "__ior__", "__iand__", "__ixor__", "__isub__")
ABC_INTERFACES: dict[str, tuple[str, ...]] = {
    "Sequence": _SEQUENCE,
    "MutableSequence": (*_SEQUENCE, *_MUTABLE_SEQUENCE),
    "AbstractSet": (*_SET, "__xor__", "isdisjoint", "_hash"),
    "MutableSet": (*_SET, "__xor__", "isdisjoint", *_MUTABLE_SET),
    "Mapping": _MAPPING,
    "MutableMapping": (*_MAPPING, "__setitem__", "__delitem__", "pop", "popitem", "clear", "update", "setdefault"),
}
"""The `collections.abc` classes whose mixin methods (written in Python, `_collections_abc.py`) call methods of the
instance they run on, by the class the stubs define the method in (`typing.MutableMapping.update`): the names of
the class's interface, the only ones a mixin of it calls on `self` (`update` runs `self[key] = value`, `clear`
runs `self.popitem()`)."""
