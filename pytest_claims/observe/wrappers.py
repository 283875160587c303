"""The stand-ins for capability entry points: each records the touch, then calls the original unchanged.

A wrapper passes the same arguments on and returns what the original returns; exceptions pass through, with the
wrapper's own frame taken off their traceback (`_hide`), so code that inspects a traceback sees the frames it
would see without observation. The code objects of these wrappers (`WRAPPER_CODES`) are how the stack walk tells
a touch made inside another wrapped call. Those of `__import__`, `compile`, `eval` and `exec` have no frame at all
while the original runs (`_Enter`): the originals read the frame that calls them (an `import` statement's
caller, future flags, globals and locals), and the code they run may look at the stack; it is the caller's.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`:
`compile`/`exec`/`eval` inherit the future flags of the frame that calls them (see `observe.recorder`).
"""

import dis
import functools
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any, cast

from pytest_claims.analysis.catalog import Entry

__all__ = ["WRAPPER_CODES", "Touch", "callable_wrapper", "constructor_wrapper", "environ_wrapper", "function_wrapper"]

Touch = Callable[[str, Entry], None]
"""What every wrapper calls first: record a touch of the dotted name under its catalogue entry."""

# Originals, taken before anything is wrapped: the wrappers only ever call these.
_getframe = sys._getframe
_object_init = object.__init__

_IMPORT_NAME = dis.opmap["IMPORT_NAME"]


def _hide(exc: BaseException) -> None:
    """Take the frame handling `exc` (a wrapper's, which calls this from its `except`) off the front of the
    exception's traceback. The wrapper then re-raises with a bare `raise`, which adds no entry for its frame:
    `traceback.extract_tb` in the code under test sees its caller, then the original's frames, as without
    observation. (On 3.10 a bare `raise` restores the traceback it caught, and the wrapper's frame stays.)"""
    tb = exc.__traceback__
    if tb is not None and tb.tb_frame is _getframe(1):
        exc.__traceback__ = tb.tb_next


class _Stand:
    """What every class-based wrapper is: it carries the original and its names, forwards every other attribute
    to it, and does not bind as a method, whatever class attribute it is later stored in."""

    def __init__(self, original: Callable[..., Any], name: str, entry: Entry, touch: Touch):
        self.__wrapped__ = original
        self._claims_name = name
        self._claims_entry = entry
        self._claims_touch = touch
        for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
            if hasattr(original, attribute):
                self.__dict__[attribute] = getattr(original, attribute)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__wrapped__, name)

    def __repr__(self) -> str:
        return repr(self.__wrapped__)


class _Wrapped(_Stand):
    """A wrapper for a callable that does not bind as a method (a builtin, a bound method): its frame stays on
    the stack while the original runs, which is how a touch inside it is told (`WRAPPER_CODES`)."""

    def __call__(self, /, *args: Any, **kwargs: Any) -> Any:
        self._claims_touch(self._claims_name, self._claims_entry)
        try:
            return self.__wrapped__(*args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise


class _Enter:
    """The `__call__` of a frame-free wrapper. Calling an instance looks `__call__` up on its class, and a
    descriptor found there is asked for the callable to call: this one records the touch and answers with the
    original, which the call then runs straight from the caller's frame. No frame of the wrapper is on the stack
    while the original runs, so what reads its caller's frame (the globals, locals and future flags of `eval`,
    `exec` and `compile`, a module's `warnings.warn(stacklevel=2)` while `__import__` runs it) and every
    traceback or `inspect.stack()` see what they see without observation."""

    def __get__(self, wrapper: "_Stand | None", owner: "type | None" = None) -> Any:
        if wrapper is None:  # looked up on the class (`inspect.signature`): no call
            return self
        wrapper._claims_touch(wrapper._claims_name, wrapper._claims_entry)
        return wrapper.__wrapped__


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
        return wrapper.__wrapped__


class _FrameFree(_Stand):
    """`compile`, `eval`, `exec`: the original, run from the caller's frame, reads that frame itself."""

    __call__ = _Enter()


class _Import(_Stand):
    __call__ = _EnterImport()


_SPECIAL: dict[str, type[_Stand]] = {
    "builtins.__import__": _Import,
    "builtins.compile": _FrameFree,
    "builtins.eval": _FrameFree,
    "builtins.exec": _FrameFree,
}


def function_wrapper(original: types.FunctionType, name: str, entry: Entry, touch: Touch) -> Callable[..., Any]:
    """A wrapper for a Python function: a function too, so it binds as a method exactly as the original."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        touch(name, entry)
        try:
            return original(*args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise

    return functools.update_wrapper(wrapper, original)


def callable_wrapper(original: Callable[..., Any], name: str, entry: Entry, touch: Touch) -> Callable[..., Any]:
    """The wrapper for a module-level function, builtin or bound method: the frame-free ones for `__import__`,
    `compile`, `eval` and `exec`, a function for a Python function, a non-binding callable otherwise."""
    special = _SPECIAL.get(name)
    if special is not None:
        return cast(Callable[..., Any], special(original, name, entry, touch))  # called through `_Enter`
    if isinstance(original, types.FunctionType):
        return function_wrapper(original, name, entry, touch)
    return _Wrapped(original, name, entry, touch)


def constructor_wrapper(cls: type, name: str, entry: Entry, touch: Touch) -> Callable[..., None]:
    """An `__init__` for a capability class that records, then runs the `__init__` it had."""
    original = cls.__init__  # type: ignore[misc]
    plain = original is _object_init  # object.__init__ refuses arguments once a class defines __init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        touch(name, entry)
        try:
            if plain:
                original(self)
            else:
                original(self, *args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__doc__ = original.__doc__
    __init__.__wrapped__ = original  # type: ignore[attr-defined]
    return __init__


def environ_wrapper(
    original: Callable[..., Any], environ: Mapping[int, tuple[object, str, Entry]], touch: Touch
) -> Callable[..., Any]:
    """A method of `os._Environ` that records when called on one of the process environment mappings."""

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = environ.get(id(self))
        if found is not None and found[0] is self:
            touch(found[1], found[2])
        try:
            return original(self, *args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise

    return functools.update_wrapper(wrapper, original)


def _inner_code(factory: Callable[..., Any]) -> types.CodeType:
    """The code object of the closure a factory builds (one per `def`, shared by every closure)."""
    return next(c for c in factory.__code__.co_consts if isinstance(c, types.CodeType))


WRAPPER_CODES = frozenset(
    {
        _inner_code(function_wrapper),
        _inner_code(constructor_wrapper),
        _inner_code(environ_wrapper),
        _Wrapped.__call__.__code__,
    }
)
"""The code objects a wrapper runs: a frame of one of them is inside a wrapped call."""
