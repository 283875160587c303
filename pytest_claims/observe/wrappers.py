"""The stand-ins for capability entry points: each records the touch, then hands the call to the original unchanged.

No wrapper has a frame on the stack while the original runs. A wrapper is an object whose `__call__` is a
descriptor (`_Enter`): calling it looks `__call__` up on its class, the descriptor records the touch and answers
with the original, and the call runs the original straight from the caller's frame, with the same arguments.
So a traceback passing through a wrapped call, `inspect.stack()` in code the original runs, and what reads its
caller's frame (`eval`'s globals, `compile`'s future flags, a module's `warnings.warn(stacklevel=2)` while
`__import__` runs it) see what they see without observation, on every Python version.

A catalogue entry with conditions (`time.strftime`, `gzip.compress`, `zipfile.ZipFile`) is the exception: its
wrapper must see the arguments to tell which categories the call reaches (`observe.conditions`), so its
`__call__` is a Python function, whose frame (of this module, which the stack walk passes through) stays below the
original while it runs. Only a traceback through such a call, and a `warnings.warn(stacklevel=...)` the original
makes, count that frame.

Without a frame of its own, a wrapped call is told from the stack by the original's code: a wrapper hands each
call to one Python function or to C code, and `handed_code` names that function's code object, which the stack
walk treats as inside a wrapped call (`observe.frames`).

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`:
`compile`/`exec`/`eval` inherit the future flags of the frame that calls them (see `observe.recorder`).
"""

import copy
import dis
import pkgutil
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any, cast

from pytest_claims.analysis.catalog import Entry
from pytest_claims.observe.conditions import reached

__all__ = [
    "Touch",
    "callable_wrapper",
    "constructor_wrapper",
    "environ_wrapper",
    "function_wrapper",
    "handed_code",
    "unwrapped",
]

Touch = Callable[[str, Entry], None]
"""What every wrapper calls first: record a touch of the dotted name under its catalogue entry."""

# Originals, taken before anything is wrapped: the wrappers only ever call these.
_getframe = sys._getframe
_id = id
_object_init = object.__init__
_MethodType = types.MethodType

_IMPORT_NAME = dis.opmap["IMPORT_NAME"]

_IGNORE: Callable[..., None] = _object_init.__get__(())
"""A C callable that takes any arguments and does nothing (`object.__init__` bound to a tuple, whose type has its
own `__new__`): what a constructor wrapper hands a call to when the class had no `__init__` of its own."""


def _python_code(original: object) -> "types.CodeType | None":
    """The code object a call of `original` runs in a frame of its own (None: C code)."""
    if isinstance(original, (types.MethodType, classmethod, staticmethod)):
        original = original.__func__
    return original.__code__ if isinstance(original, types.FunctionType) else None


class _Enter:
    """The `__call__` of every wrapper. Calling an instance looks `__call__` up on its class, and a descriptor
    found there is asked for the callable to call: this one records the touch and answers with the original,
    which the call then runs straight from the caller's frame."""

    def __get__(self, wrapper: "_Stand | None", owner: "type | None" = None) -> Any:
        if wrapper is None:  # looked up on the class (`inspect.signature`): no call
            return self
        wrapper._claims_touch(wrapper._claims_name, wrapper._claims_entry)
        return wrapper._claims_call


class _EnterImport(_Enter):
    """`__import__`: an `import` statement calls it, and so does C code importing a module (`PyImport_Import`,
    e.g. `datetime.strptime` loading `_strptime`), with the Python frame below it as the caller; neither is a
    reach. An explicit call is: its caller's code names `__import__` and is not at an IMPORT_NAME."""

    def __get__(self, wrapper: "_Stand | None", owner: "type | None" = None) -> Any:
        if wrapper is None:
            return self
        caller = _getframe(1)
        code = caller.f_code
        if "__import__" in code.co_names:
            try:
                statement = code.co_code[caller.f_lasti] == _IMPORT_NAME
            except IndexError:  # pragma: no cover - defensive
                statement = False
            if not statement:
                wrapper._claims_touch(wrapper._claims_name, wrapper._claims_entry)
        return wrapper._claims_call


class _Stand:
    """A wrapper that does not bind as a method (for a builtin or a bound method), whatever class attribute it is
    later stored in. It carries the original and its names, and forwards every other attribute to it."""

    __call__ = _Enter()

    def __init__(self, original: Callable[..., Any], name: str, entry: Entry, touch: Touch):
        self.__wrapped__ = original
        self._claims_call: Callable[..., Any] = original
        """What a call is handed to (the original, unless a subclass says otherwise)."""
        self._claims_name = name
        self._claims_entry = entry
        self._claims_touch = touch
        for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
            if hasattr(original, attribute):
                self.__dict__[attribute] = getattr(original, attribute)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_claims_") or name == "__wrapped__":  # not set up (yet): never the original's
            raise AttributeError(name)
        return getattr(self.__wrapped__, name)

    def __repr__(self) -> str:
        return repr(self.__wrapped__)

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Pickled by reference, as the original is. A bound method pickles as its instance and name; a
        function by its module and qualified name where that finds this wrapper, else (`os.getcwd` is
        `posix.getcwd`, and `posix` keeps the original) by the dotted name it is wrapped under."""
        if not isinstance(self.__wrapped__, types.FunctionType):
            reduced = self.__wrapped__.__reduce_ex__(protocol)
            if not isinstance(reduced, str):
                return reduced
        found: object = sys.modules.get(str(self.__dict__.get("__module__")))
        for part in str(self.__dict__.get("__qualname__")).split("."):
            found = getattr(found, part, None)
        if found is self:
            return self.__qualname__
        return (pkgutil.resolve_name, (self._claims_name,))

    def __eq__(self, other: object) -> bool:
        """Equal to what the original is equal to: itself and a copy of it taken before the session, and for a
        bound method an equal one (its copy, the same method looked up again on the instance)."""
        return bool(self.__wrapped__ == unwrapped(other))

    def __hash__(self) -> int:
        return hash(self.__wrapped__)

    def __copy__(self) -> Any:
        """Copied as the original is: a function or builtin is its own copy, and so is the wrapper; a bound
        method's copy is an equal bound method, which a wrapper of its own stands for (so it still records)."""
        return self._claims_copied(copy.copy(self.__wrapped__))

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """Deep-copied as the original is: itself for a function or builtin (a builtin bound to an instance too);
        where the original's deep copy is another object (a Python method bound to a copy of its instance), that."""
        return self._claims_copied(copy.deepcopy(self.__wrapped__, memo))

    def _claims_copied(self, copied: Any) -> Any:
        original = self.__wrapped__
        if copied is original:
            return self
        if type(self) is _Stand and type(copied) is type(original) and copied == original:
            return _Stand(copied, self._claims_name, self._claims_entry, self._claims_touch)
        return copied


class _Function(_Stand):
    """A wrapper for a Python function: it binds as a method exactly as the original, the bound method calling
    the wrapper with the instance first."""

    def __get__(self, instance: object, owner: "type | None" = None) -> Any:
        return self if instance is None else _MethodType(self, instance)


class _Import(_Stand):
    __call__ = _EnterImport()


class _EnvironMethod(_Stand):
    """A method of `os._Environ`: bound to one of the process environment mappings, it calls a wrapper that
    records under that mapping's name; bound to any other instance, it is the original's bound method."""

    def __init__(self, original: Callable[..., Any], environ: Mapping[int, tuple[object, str, Entry]], touch: Touch):
        name = f"{getattr(original, '__module__', '?')}.{getattr(original, '__qualname__', '?')}"
        super().__init__(original, name, cast(Entry, None), touch)  # records under the mapping's name instead
        self._claims_environ = environ
        self._claims_bound: dict[str, _Stand] = {}

    def __get__(self, instance: object, owner: "type | None" = None) -> Any:
        if instance is None:
            return self
        found = self._claims_environ.get(_id(instance))
        if found is None or found[0] is not instance:
            return self.__wrapped__.__get__(instance, owner)
        stand = self._claims_bound.get(found[1])
        if stand is None:
            stand = self._claims_bound[found[1]] = _Stand(self.__wrapped__, found[1], found[2], self._claims_touch)
        return _MethodType(stand, instance)


class _Judged(_Stand):
    """A wrapper of an entry with conditions: it records the categories the call's arguments show it reaches
    (nothing when none is left), then calls the original from a frame of its own (see the module doc).
    `_claims_leading` arguments come before the first parameter the entry's `positional` names (`self`)."""

    def __init__(self, original: Callable[..., Any], name: str, entry: Entry, touch: Touch, leading: int = 0):
        super().__init__(original, name, entry, touch)
        self._claims_leading = leading
        self._claims_narrowed: dict[Any, Entry] = {}
        """The entry narrowed to the categories a call reaches, by those categories."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True  # pytest leaves this frame out of the tracebacks it shows
        whole = self._claims_entry
        entry: Entry | None = whole
        try:
            entry = reached(whole, self.__wrapped__, args[self._claims_leading :], kwargs, self._claims_narrowed)
        except Exception:  # pragma: no cover - defensive: an argument that cannot be judged keeps the touch
            entry = whole
        if entry is not None:
            self._claims_touch(self._claims_name, entry)
        return self._claims_call(*args, **kwargs)


class _JudgedFunction(_Judged, _Function):
    """A wrapper of a Python function whose entry has conditions: binds as a method, as `_Function` does."""


_SPECIAL: dict[str, type[_Stand]] = {"builtins.__import__": _Import}


def _made(
    kind: "type[_Stand]", original: Callable[..., Any], name: str, entry: Entry, touch: Touch, leading: int
) -> _Stand:
    """A wrapper of `kind`, or of its judging kind when the entry has conditions for its own name."""
    if not entry.conditions or entry.key != name:
        return kind(original, name, entry, touch)
    return (_JudgedFunction if kind is _Function else _Judged)(original, name, entry, touch, leading)


def unwrapped(value: Any) -> Any:
    """What a wrapper wraps (itself otherwise): a module imported while the recorder is installed takes its own
    copy of a wrapper (`from os.path import exists`), and wrapping that copy again wraps the original."""
    if isinstance(value, (classmethod, staticmethod)) and isinstance(value.__func__, _Stand):
        return type(value)(value.__func__.__wrapped__)
    while isinstance(value, _Stand):
        value = value.__wrapped__
    return value


def handed_code(wrapper: object) -> "types.CodeType | None":
    """The code object of the Python function a wrapper hands its calls to (None: C code). A frame running it
    was entered through the wrapper, or through a copy of the original taken before it (see docs/observe.md)."""
    if isinstance(wrapper, (classmethod, staticmethod)):
        wrapper = wrapper.__func__
    return _python_code(wrapper._claims_call) if isinstance(wrapper, _Stand) else None


def function_wrapper(
    original: types.FunctionType, name: str, entry: Entry, touch: Touch, *, leading: int = 0
) -> Callable[..., Any]:
    """A wrapper for a Python function, which binds as a method exactly as the original. `leading`: how many
    arguments a call passes before the entry's `positional` ones (1 for a method's `self` or `cls`)."""
    return cast(Callable[..., Any], _made(_Function, original, name, entry, touch, leading))


def callable_wrapper(original: Callable[..., Any], name: str, entry: Entry, touch: Touch) -> Callable[..., Any]:
    """The wrapper for a module-level function, builtin or bound method: one that binds for a Python function,
    one that does not otherwise, and one that records only explicit calls for `__import__`."""
    special = _SPECIAL.get(name)
    if special is not None:
        return cast(Callable[..., Any], special(original, name, entry, touch))
    if isinstance(original, types.FunctionType):
        return function_wrapper(original, name, entry, touch)
    return cast(Callable[..., Any], _made(_Stand, original, name, entry, touch, 0))


def constructor_wrapper(cls: type, name: str, entry: Entry, touch: Touch) -> Callable[..., None]:
    """An `__init__` for a capability class that records, then runs the `__init__` it had (nothing, when that
    was `object.__init__`: it refuses arguments once a class defines `__init__`, and does nothing else)."""
    original = unwrapped(cls.__init__)  # type: ignore[misc]
    wrapper = _made(_Function, original, name, entry, touch, 1)
    if original is _object_init:
        wrapper._claims_call = _IGNORE
    wrapper.__dict__.update(__name__="__init__", __qualname__=f"{cls.__qualname__}.__init__", __module__=cls.__module__)
    return cast(Callable[..., None], wrapper)


def environ_wrapper(
    original: Callable[..., Any], environ: Mapping[int, tuple[object, str, Entry]], touch: Touch
) -> Callable[..., Any]:
    """A method of `os._Environ` that records when called on one of the process environment mappings."""
    return cast(Callable[..., Any], _EnvironMethod(original, environ, touch))
