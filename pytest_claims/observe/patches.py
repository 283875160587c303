"""Put wrappers in place of the catalogue's entry points in modules and classes, and take them out again.

Which members of a module or class are wrapped, and how: module-level functions and builtins, constructors of
catalogued classes, catalogued methods (every public one of the value classes), and the methods of
`os.environ`'s class. What is deliberately left alone, and why, is recorded as well as what was wrapped. Every
change registers its undo, which puts the original back only where nothing replaced the wrapper since.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`).
"""

import abc
import enum
import inspect
import types
from collections.abc import Callable, Iterable
from typing import Any

from pytest_claims.analysis.catalog import Catalogue, Entry
from pytest_claims.observe.wrappers import (
    Touch,
    callable_wrapper,
    constructor_wrapper,
    environ_wrapper,
    function_wrapper,
    handed_code,
    unwrapped,
)

__all__ = ["REFUSED", "EntryPoints"]

REFUSED: dict[str, str] = {
    "sys.getrefcount": "a call through a wrapper holds one more reference to the argument: the count would change",
    "gc.get_referrers": "looks at the references to its argument: left alone, as sys.getrefcount is",
    "inspect.currentframe": "returns its caller's frame: a stack tool, left to the code that inspects the stack",
    "inspect.stack": "lists the caller's frames: a stack tool, left to the code that inspects the stack",
    "traceback.extract_stack": "starts from its caller's frame: a stack tool, left to the code that inspects the stack",
    "traceback.format_stack": "starts from its caller's frame: a stack tool, left to the code that inspects the stack",
    "traceback.print_stack": "starts from its caller's frame: a stack tool, left to the code that inspects the stack",
    "traceback.walk_stack": "starts from its caller's frame: a stack tool, left to the code that inspects the stack",
    "builtins.breakpoint": "stops in its caller's frame: a debugging hook, left alone",
    "sys.breakpointhook": "stops in its caller's frame; compared by identity with sys.__breakpointhook__",
    "sys.__breakpointhook__": "compared by identity with sys.breakpointhook",
    "sys.excepthook": "compared by identity with sys.__excepthook__",
    "sys.__excepthook__": "compared by identity with sys.excepthook",
    "sys.displayhook": "compared by identity with sys.__displayhook__",
    "sys.__displayhook__": "compared by identity with sys.displayhook",
    "sys.unraisablehook": "compared by identity with sys.__unraisablehook__",
    "sys.__unraisablehook__": "compared by identity with sys.unraisablehook",
    "sys.__interactivehook__": "an interpreter hook, compared by identity",
    "threading.excepthook": "compared by identity with threading.__excepthook__",
    "threading.__excepthook__": "compared by identity with threading.excepthook",
    "signal.default_int_handler": "a handler value compared by identity (signal.getsignal(...) is ...)",
    "_signal.default_int_handler": "a handler value compared by identity (signal.getsignal(...) is ...)",
    "warnings.warn": "its stacklevel counts frames: left alone, as the logging functions are",
    "pdb.set_trace": "stops in its caller's frame: a debugging hook, left alone",
}
"""Entry points deliberately left unwrapped: what they do depends on their caller's frame, on references or on
identity, and a test uses them as tools."""

_REFUSED_MODULES: dict[str, str] = {
    "importlib._bootstrap": "the import system's own machinery: wrapping it would put the recorder inside every import",
    "importlib._bootstrap_external": "the import system's own machinery: wrapping it would put the recorder "
    "inside every import",
    "importlib.machinery": "the import system's own finders and loaders: wrapping them would put the recorder "
    "inside every import",
    "_imp": "the import system's own primitives: wrapping them would put the recorder inside every import",
    "zipimport": "an import hook (sys.path_hooks): wrapping it would put the recorder inside every import",
    "logging": "module-level logging functions find their caller by walking frames: left alone",
}
"""Whole-module entries whose members are left unwrapped (explicit member keys under them are still wrapped)."""

_ENVIRON_METHODS = ("__getitem__", "__setitem__", "__delitem__", "__iter__", "__len__", "__repr__", "copy")


class EntryPoints:
    """The wrapped entry points: wraps those of each catalogued module handed to it, undoes them all on demand.

    `keys` are the catalogue keys to wrap (already filtered by category); `touch` is what every wrapper calls;
    `wrapped_code` is told the code object of every Python function a wrapper hands its calls to.
    """

    def __init__(
        self,
        catalogue: Catalogue,
        keys: Iterable[str],
        value_classes: Iterable[str],
        touch: Touch,
        wrapped_code: Callable[[types.CodeType], None],
    ):
        self.catalogue = catalogue
        self.keys = sorted(keys)
        self._value_classes = frozenset(value_classes)
        self._touch = touch
        self._wrapped_code = wrapped_code
        self._undo: list[Callable[[], None]] = []
        self._done_keys: set[str] = set()
        self._done_members: set[tuple[int, str]] = set()
        self._environ: dict[int, tuple[object, str, Entry]] = {}
        self.copies: dict[int, tuple[Any, Any, str]] = {}
        """id(original) -> (original, its wrapper, dotted): where modules' own copies of an original are looked for."""
        self.wrapped: dict[str, str] = {}
        """Dotted name -> how it was wrapped (function, constructor, method, stateful)."""
        self.not_wrapped: dict[str, str] = {}
        """Dotted name -> why it was left alone (refused, not patchable, a plain value)."""

    def undo(self) -> None:
        """Put every original back, latest change first, where the wrapper was not replaced since."""
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()

    def bind(self, owner: Any, attribute: str, original: Any, wrapper: Any) -> None:
        """Set `owner.attribute` to the wrapper, and back to the original on `undo` if it is still the wrapper."""
        self._hands_to(wrapper)
        setattr(owner, attribute, wrapper)

        def undo() -> None:
            if vars(owner).get(attribute) is wrapper:
                setattr(owner, attribute, original)

        self._undo.append(undo)

    # --- modules --------------------------------------------------------------------------------------

    def wrap_module(self, name: str, module: types.ModuleType) -> None:
        """Wrap every entry point of a freshly imported module: the whole module's, or the keys under it."""
        prefix = name + "."
        for key in self.keys:
            if key in self._done_keys or not (key == name or key.startswith(prefix)):
                continue
            entry = self.catalogue.entries[key]
            if key == name:
                self._done_keys.add(key)
                self._wrap_whole(name, module, entry)
            else:
                self._wrap_key(module, key, key[len(prefix) :].split("."), entry)

    def _wrap_whole(self, name: str, module: types.ModuleType, entry: Entry) -> None:
        if name in _REFUSED_MODULES:
            self.not_wrapped[f"{name}.*"] = _REFUSED_MODULES[name]
            return
        for attribute in sorted(vars(module)):
            if attribute.startswith("_"):
                continue
            dotted = f"{name}.{attribute}"
            if self.catalogue.lookup(dotted) is entry:
                self._wrap_member(module, attribute, dotted, entry, whole=True)

    def _wrap_key(self, module: types.ModuleType, key: str, parts: list[str], entry: Entry) -> None:
        owner: object = module
        for part in parts[:-1]:
            owner = vars(owner).get(part) if isinstance(owner, (types.ModuleType, type)) else None
            if owner is None or isinstance(owner, types.ModuleType):
                return  # absent here, or the key belongs to a submodule: wrapped when that is imported
        if isinstance(owner, (types.ModuleType, type)) and parts[-1] in vars(owner):
            if isinstance(vars(owner)[parts[-1]], types.ModuleType):
                return
            self._done_keys.add(key)
            self._wrap_member(owner, parts[-1], key, entry, whole=False)
        elif isinstance(owner, type) and hasattr(owner, parts[-1]):
            self._done_keys.add(key)
            self._wrap_member(owner, parts[-1], key, entry, whole=False)

    def _wrap_member(self, owner: Any, attribute: str, dotted: str, entry: Entry, *, whole: bool) -> None:
        if dotted in REFUSED:
            self.not_wrapped[dotted] = REFUSED[dotted]
            return
        if (id(owner), attribute) in self._done_members:
            return
        self._done_members.add((id(owner), attribute))
        if isinstance(owner, type):
            self._wrap_method(owner, attribute, dotted, entry)
            return
        value = unwrapped(vars(owner)[attribute])
        if isinstance(value, type):
            if whole and self.catalogue.normalize(str(value.__module__)) != owner.__name__:
                return  # a class re-exported by the module (os.Mapping): not this module's to judge
            self._wrap_class(value, dotted, entry)
            return
        if isinstance(value, types.FunctionType):
            home = self.catalogue.normalize(str(value.__module__))
            if whole and home != owner.__name__ and self.catalogue.lookup(f"{home}.{value.__qualname__}") is None:
                return  # a function re-exported by the module (selectors.abstractmethod): not a capability
        if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
            self._replace(owner, attribute, value, callable_wrapper(value, dotted, entry, self._touch), dotted)
            return
        if whole:
            return  # constants, submodules and other values of a wholly catalogued module are not reaches
        if dotted in ("os.environ", "os.environb"):
            self._wrap_environ(value, dotted, entry)
            return
        kind = "a callable object (wrapping it would change its type and repr)" if callable(value) else "a value"
        self.not_wrapped[dotted] = f"{kind}: reads of a module attribute cannot be intercepted"

    def _hands_to(self, wrapper: Any) -> None:
        code = handed_code(wrapper)
        if code is not None:
            self._wrapped_code(code)

    def _replace(self, owner: Any, attribute: str, original: Any, wrapper: Any, dotted: str) -> None:
        self.bind(owner, attribute, original, wrapper)
        self.copies.setdefault(id(original), (original, wrapper, dotted))
        self.wrapped[dotted] = "function"

    # --- classes --------------------------------------------------------------------------------------

    def _wrap_class(self, cls: type, dotted: str, entry: Entry) -> None:
        if issubclass(cls, BaseException):
            return  # raising an exception is not a reach
        if isinstance(cls, enum.EnumMeta):
            return  # constructing an enum member is a conversion (semantics §4)
        if type(cls) not in (type, abc.ABCMeta) or inspect.isabstract(cls):
            self.not_wrapped[dotted] = "an abstract class or one with its own metaclass: constructor not patched"
            return
        if self.catalogue.constructs(dotted) is not None:
            __init__ = constructor_wrapper(cls, dotted, entry, self._touch)
            if not self._patch(cls, "__init__", __init__, dotted):
                return
            self.wrapped[dotted] = "constructor"
        if dotted in self._value_classes:
            for attribute, raw in sorted(vars(cls).items()):
                if attribute.startswith("_"):
                    continue
                member = f"{dotted}.{attribute}"
                found = self.catalogue.lookup(member)
                if found is not None and isinstance(raw, (types.FunctionType, classmethod, staticmethod)):
                    self._wrap_member(cls, attribute, member, found, whole=False)

    def _wrap_method(self, cls: type, attribute: str, dotted: str, entry: Entry) -> None:
        raw = unwrapped(next((vars(klass)[attribute] for klass in cls.__mro__ if attribute in vars(klass)), None))
        wrapper: Any
        if isinstance(raw, types.FunctionType):
            wrapper = function_wrapper(raw, dotted, entry, self._touch, leading=1)
        elif isinstance(raw, classmethod) and isinstance(raw.__func__, types.FunctionType):
            wrapper = classmethod(function_wrapper(raw.__func__, dotted, entry, self._touch, leading=1))
        elif isinstance(raw, staticmethod) and isinstance(raw.__func__, types.FunctionType):
            wrapper = staticmethod(function_wrapper(raw.__func__, dotted, entry, self._touch))
        else:
            self.not_wrapped[dotted] = "a method of an extension type or a descriptor: not patchable"
            return
        if self._patch(cls, attribute, wrapper, dotted):
            self.wrapped[dotted] = "method"

    def _patch(self, cls: type, attribute: str, wrapper: Any, dotted: str) -> bool:
        had = attribute in vars(cls)
        old = vars(cls).get(attribute)
        try:
            setattr(cls, attribute, wrapper)
        except (TypeError, AttributeError):
            self.not_wrapped[dotted] = "an extension type: its attributes cannot be set"
            return False
        self._hands_to(wrapper)

        def undo() -> None:
            if vars(cls).get(attribute) is not wrapper:
                return
            if had:
                setattr(cls, attribute, old)
            else:
                delattr(cls, attribute)

        self._undo.append(undo)
        return True

    def _wrap_environ(self, value: object, dotted: str, entry: Entry) -> None:
        self._environ[id(value)] = (value, dotted, entry)
        self.wrapped[dotted] = "stateful"
        cls = type(value)
        if any((id(cls), method) in self._done_members for method in _ENVIRON_METHODS):
            return
        for method in _ENVIRON_METHODS:
            self._done_members.add((id(cls), method))
            wrapper = environ_wrapper(getattr(cls, method), self._environ, self._touch)
            self._patch(cls, method, wrapper, f"{dotted}.{method}")
