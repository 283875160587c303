"""The stand-ins for capability entry points: each records the touch, then calls the original unchanged.

A wrapper passes the same arguments on and returns what the original returns; exceptions pass through, with the
wrapper's own frame taken off their traceback (`_hide`), so code that inspects a traceback sees the frames it
would see without observation. Those
of `__import__`, `compile`, `eval` and `exec` also pass on what the originals would have read from the frame
that calls them (an `import` statement is not a touch; future flags, globals and locals). Their code objects
(`WRAPPER_CODES`) are how the stack walk tells a touch made inside another wrapped call.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`:
`compile`/`exec`/`eval` inherit the future flags of the frame that calls them (see `observe.recorder`).
"""

import __future__

import builtins
import dis
import functools
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any

from pytest_claims.analysis.catalog import Entry

__all__ = ["WRAPPER_CODES", "Touch", "callable_wrapper", "constructor_wrapper", "environ_wrapper", "function_wrapper"]

Touch = Callable[[str, Entry], None]
"""What every wrapper calls first: record a touch of the dotted name under its catalogue entry."""

# Originals, taken before anything is wrapped: the wrappers only ever call these.
_getframe = sys._getframe
_object_init = object.__init__
_builtin_compile = builtins.compile
_builtin_eval = builtins.eval

_IMPORT_NAME = dis.opmap["IMPORT_NAME"]
_FUTURE_MASK = functools.reduce(
    lambda mask, name: mask | getattr(__future__, name).compiler_flag, __future__.all_feature_names, 0
)


def _hide(exc: BaseException) -> None:
    """Take the frame handling `exc` (a wrapper's, which calls this from its `except`) off the front of the
    exception's traceback. The wrapper then re-raises with a bare `raise`, which adds no entry for its frame:
    `traceback.extract_tb` in the code under test sees its caller, then the original's frames, as without
    observation. (On 3.10 a bare `raise` restores the traceback it caught, and the wrapper's frame stays.)"""
    tb = exc.__traceback__
    if tb is not None and tb.tb_frame is _getframe(1):
        exc.__traceback__ = tb.tb_next


class _Wrapped:
    """A wrapper for a callable that does not bind as a method (a builtin, a bound method): it must not
    bind either, whatever class attribute it is later stored in."""

    def __init__(self, original: Callable[..., Any], name: str, entry: Entry, touch: Touch):
        self.__wrapped__ = original
        self._claims_name = name
        self._claims_entry = entry
        self._claims_touch = touch
        for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
            if hasattr(original, attribute):
                self.__dict__[attribute] = getattr(original, attribute)

    def __call__(self, /, *args: Any, **kwargs: Any) -> Any:
        self._claims_touch(self._claims_name, self._claims_entry)
        try:
            return self.__wrapped__(*args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__wrapped__, name)

    def __repr__(self) -> str:
        return repr(self.__wrapped__)


class _Import(_Wrapped):
    """`__import__`: an `import` statement calls it, and so does C code importing a module (`PyImport_Import`,
    e.g. `datetime.strptime` loading `_strptime`), with the Python frame below it as the caller; neither is a
    reach. An explicit call is: its caller's code names `__import__` and is not at an IMPORT_NAME."""

    def __call__(self, /, *args: Any, **kwargs: Any) -> Any:
        code = _getframe(1).f_code
        if "__import__" in code.co_names:
            caller = _getframe(1)
            try:
                statement = code.co_code[caller.f_lasti] == _IMPORT_NAME
            except IndexError:  # pragma: no cover - defensive
                statement = False
            if not statement:
                self._claims_touch(self._claims_name, self._claims_entry)
        try:
            return self.__wrapped__(*args, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise


class _Compile(_Wrapped):
    """`compile`: inherits the future flags of the frame that calls it, which the wrapper passes on."""

    def __call__(
        self,
        source: Any,
        filename: Any,
        mode: str,
        flags: int = 0,
        dont_inherit: bool = False,
        optimize: int = -1,
        **kwargs: Any,
    ) -> Any:
        self._claims_touch(self._claims_name, self._claims_entry)
        if not dont_inherit:
            flags |= _getframe(1).f_code.co_flags & _FUTURE_MASK
            dont_inherit = True
        try:
            return self.__wrapped__(source, filename, mode, flags, dont_inherit, optimize, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise


class _Evaluate(_Wrapped):
    """`eval` / `exec`: default to the caller's globals and locals and compile source text with the caller's
    future flags, as the originals do from the frame that calls them."""

    def __call__(self, source: Any, /, *args: Any, **kwargs: Any) -> Any:
        self._claims_touch(self._claims_name, self._claims_entry)
        caller = _getframe(1)
        rest = list(args)
        namespaces = [rest.pop(0) if rest else kwargs.pop(key, None) for key in ("globals", "locals")]
        if namespaces[0] is None:
            namespaces[0] = caller.f_globals
            if namespaces[1] is None:
                namespaces[1] = caller.f_locals
        try:
            if isinstance(source, (str, bytes, bytearray)):  # a SyntaxError here is the caller's, as below
                mode = "eval" if self.__wrapped__ is _builtin_eval else "exec"
                if mode == "eval":
                    source = source.lstrip(" \t") if isinstance(source, str) else bytes(source).lstrip(b" \t")
                flags = caller.f_code.co_flags & _FUTURE_MASK
                source = _builtin_compile(source, "<string>", mode, flags, True)
            return self.__wrapped__(source, *namespaces, *rest, **kwargs)
        except BaseException as exc:
            _hide(exc)
            raise


_SPECIAL: dict[str, type[_Wrapped]] = {
    "builtins.__import__": _Import,
    "builtins.compile": _Compile,
    "builtins.eval": _Evaluate,
    "builtins.exec": _Evaluate,
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
    """The wrapper for a module-level function, builtin or bound method: the frame-aware ones for `__import__`,
    `compile`, `eval` and `exec`, a function for a Python function, a non-binding callable otherwise."""
    special = _SPECIAL.get(name)
    if special is not None:
        return special(original, name, entry, touch)
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
        _Import.__call__.__code__,
        _Compile.__call__.__code__,
        _Evaluate.__call__.__code__,
    }
)
"""The code objects a wrapper runs: a frame of one of them is inside a wrapped call."""
