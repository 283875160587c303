"""Record which project functions touch which capabilities while real code runs (SPEC §13a).

`Recorder(packages).install()` wraps the capability catalogue's entry points: module-level functions of
catalogued modules and catalogued members (`os.getenv`, `time.time`, `subprocess.run`), constructors of
catalogued classes (`subprocess.Popen`, `pathlib.Path`, `threading.Thread`), catalogued methods of classes
(`pathlib.Path.home`, and every public method of the classes named in `value_classes`, whose values are names
rather than handles: `Path(p).read_text()`), the builtins `open`, `input`, `hash`, `id`, `eval`, `exec`,
`compile` and `__import__`, and the reads and writes of `os.environ` / `os.environb`. A module not imported yet
is wrapped when it is first imported (a meta-path finder watches for the catalogued names).

A wrapper records the touch, then calls the original with the same arguments and returns what it returns;
exceptions pass through unchanged. A touch is attributed to the project functions on the stack: walking up
from the caller, the recorder's own frames and stdlib frames are skipped, project frames are collected, and
the walk stops at the first frame that is neither (test code, third-party code, pytest) or belongs to the
import system (what a module runs while it is imported is not a reach of the function that imported it). A
touch made while another wrapped call is in progress and with no project frame in between (`shutil.rmtree`
calling `os.unlink`) is not recorded again: the outer call is the touch. A touch made by stdlib code the
catalogue does not wrap (`ast.parse` calling `compile`, `copy.deepcopy` calling `id`) is recorded with that
function as the chain's `inside`, so a reader can tell it from one the project made itself. While the recorder
itself runs, every wrapper calls straight through (a per-thread flag), so it never recurses into itself.

Which project functions ran at all is recorded too (`sys.monitoring` on 3.12+, `sys.setprofile` before).

The recorder imports nothing from the project but the catalogue. It deliberately does not use
`from __future__ import annotations`: `compile`/`exec`/`eval` inherit the future flags of the frame that calls
them, and the wrappers pass the caller's flags on explicitly instead.
"""

import __future__

import _thread
import abc
import ast
import builtins
import dis
import enum
import functools
import inspect
import os
import sys
import sysconfig
import threading
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pytest_claims.analysis.catalog import Catalogue, Entry, load_catalogue

__all__ = ["VALUE_CLASSES", "Recorder", "function_name"]

# Originals, taken before anything is wrapped: the recorder itself only ever calls these.
_getframe = sys._getframe
_allocate_lock = _thread.allocate_lock
_sys_setprofile = sys.setprofile
_sys_getprofile = sys.getprofile
_threading_setprofile = threading.setprofile
_object_init = object.__init__
_builtin_compile = builtins.compile
_builtin_exec = builtins.exec
_builtin_eval = builtins.eval
_builtin_import = builtins.__import__
_isabs = os.path.isabs
_join = os.path.join
_normpath = os.path.normpath
_SEP = os.sep

_IMPORT_NAME = dis.opmap["IMPORT_NAME"]
_FUTURE_MASK = functools.reduce(
    lambda mask, name: mask | getattr(__future__, name).compiler_flag, __future__.all_feature_names, 0
)

VALUE_CLASSES: tuple[str, ...] = ("pathlib.Path",)
"""Classes whose values are names, not handles (SPEC §4): every public method is a touch, named
`Class.method` and judged by the catalogue entry that covers that name."""

# Frame kinds.
_OTHER, _PROJECT, _STDLIB, _RECORDER, _WRAPPER, _IMPORT = range(6)

_REFUSED: dict[str, str] = {
    "sys.getrefcount": "the wrapper's own references would change the count",
    "gc.get_referrers": "the wrapper's frame would be among the referrers",
    "inspect.currentframe": "returns its caller's frame: a wrapper would be that caller",
    "inspect.stack": "lists the caller's frames: a wrapper would be among them",
    "traceback.extract_stack": "starts from its caller's frame: a wrapper would be that frame",
    "traceback.format_stack": "starts from its caller's frame: a wrapper would be that frame",
    "traceback.print_stack": "starts from its caller's frame: a wrapper would be that frame",
    "traceback.walk_stack": "starts from its caller's frame: a wrapper would be that frame",
    "builtins.breakpoint": "stops in its caller's frame: a wrapper would be that frame",
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
    "warnings.warn": "its stacklevel counts frames: a wrapper would shift it",
    "pdb.set_trace": "stops in its caller's frame: a wrapper would be that frame",
}
"""Entry points deliberately left unwrapped: wrapping them would change what they do."""

_REFUSED_MODULES: dict[str, str] = {
    "importlib._bootstrap": "the import system's own machinery: wrapping it would put the recorder inside every import",
    "importlib._bootstrap_external": "the import system's own machinery: wrapping it would put the recorder "
    "inside every import",
    "importlib.machinery": "the import system's own finders and loaders: wrapping them would put the recorder "
    "inside every import",
    "_imp": "the import system's own primitives: wrapping them would put the recorder inside every import",
    "zipimport": "an import hook (sys.path_hooks): wrapping it would put the recorder inside every import",
    "logging": "module-level logging functions find their caller by walking frames: a wrapper would be it",
}
"""Whole-module entries whose members are left unwrapped (explicit member keys under them are still wrapped)."""

_NOT_REBOUND = frozenset(
    {"importlib", "_frozen_importlib", "_frozen_importlib_external", "zipimport", "encodings", "pytest_claims"}
)
"""Top-level packages whose early copies are left alone: the import system (the recorder must stay out of every
import), the codecs the import system decodes sources with, and pytest-claims itself (the recorder's own
copies of `sys._getframe` and friends must stay the originals)."""

_PROTOCOL_MODULES = frozenset({"_collections_abc", "collections.abc"})
"""Mixin methods of the abstract collections (`Mapping.get`, `Mapping.__contains__`) are how a stateful object
such as `os.environ` is read, not a stdlib function touching a capability on its own: never a chain's `inside`."""

_ENVIRON_METHODS = ("__getitem__", "__setitem__", "__delitem__", "__iter__", "__len__", "__repr__", "copy")


@dataclass
class _Touch:
    """What one project function was seen doing to one capability."""

    entry: Entry
    count: int = 0
    chains: dict[tuple[Any, ...], int] = field(default_factory=dict)


def function_name(code: types.CodeType, module: str) -> str:
    """`module.qualname` of a code object (`co_qualname` on 3.11+, the source's structure before)."""
    if sys.version_info >= (3, 11):
        return f"{module}.{code.co_qualname}"
    return f"{module}.{_qualname_from_source(code)}"  # pragma: no cover - 3.10 only


def _qualname_from_source(code: types.CodeType) -> str:
    """3.10: the qualname of a code object found by its first line in the parsed source file."""
    table = _qualnames(code.co_filename)
    return table.get((code.co_firstlineno, code.co_name), code.co_name)


@functools.cache
def _qualnames(filename: str) -> dict[tuple[int, str], str]:
    try:
        with open(filename, "rb") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    table: dict[tuple[int, str], str] = {}
    stack: list[tuple[ast.AST, str, bool]] = [(tree, "", False)]
    while stack:
        node, prefix, in_function = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qualname = f"{prefix}{child.name}"
                first = child.decorator_list[0].lineno if child.decorator_list else child.lineno
                table[(first, child.name)] = qualname
                is_function = not isinstance(child, ast.ClassDef)
                stack.append((child, f"{qualname}.<locals>." if is_function else f"{qualname}.", is_function))
            elif isinstance(child, ast.Lambda):
                table[(child.lineno, "<lambda>")] = f"{prefix}<lambda>"
                stack.append((child, f"{prefix}<lambda>.<locals>.", True))
            else:
                stack.append((child, prefix, in_function))
    return table


class _Wrapped:
    """A wrapper for a callable that does not bind as a method (a builtin, a bound method): it must not
    bind either, whatever class attribute it is later stored in."""

    def __init__(self, original: Callable[..., Any], name: str, entry: Entry, touch: Callable[[str, Entry], None]):
        self.__wrapped__ = original
        self._claims_name = name
        self._claims_entry = entry
        self._claims_touch = touch
        for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
            if hasattr(original, attribute):
                self.__dict__[attribute] = getattr(original, attribute)

    def __call__(self, /, *args: Any, **kwargs: Any) -> Any:
        self._claims_touch(self._claims_name, self._claims_entry)
        return self.__wrapped__(*args, **kwargs)

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
        return self.__wrapped__(*args, **kwargs)


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
        return self.__wrapped__(source, filename, mode, flags, dont_inherit, optimize, **kwargs)


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
        if isinstance(source, (str, bytes, bytearray)):
            mode = "eval" if self.__wrapped__ is _builtin_eval else "exec"
            if mode == "eval":
                source = source.lstrip(" \t") if isinstance(source, str) else bytes(source).lstrip(b" \t")
            flags = caller.f_code.co_flags & _FUTURE_MASK
            source = _builtin_compile(source, "<string>", mode, flags, True)
        return self.__wrapped__(source, *namespaces, *rest, **kwargs)


_SPECIAL: dict[str, type[_Wrapped]] = {
    "builtins.__import__": _Import,
    "builtins.compile": _Compile,
    "builtins.eval": _Evaluate,
    "builtins.exec": _Evaluate,
}


def _function_wrapper(
    original: types.FunctionType, name: str, entry: Entry, touch: Callable[[str, Entry], None]
) -> Callable[..., Any]:
    """A wrapper for a Python function: a function too, so it binds as a method exactly as the original."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        touch(name, entry)
        return original(*args, **kwargs)

    return functools.update_wrapper(wrapper, original)


def _constructor_wrapper(
    cls: type, name: str, entry: Entry, touch: Callable[[str, Entry], None]
) -> Callable[..., None]:
    """An `__init__` for a capability class that records, then runs the `__init__` it had."""
    original = cls.__init__  # type: ignore[misc]
    plain = original is _object_init  # object.__init__ refuses arguments once a class defines __init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        touch(name, entry)
        if plain:
            original(self)
        else:
            original(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__doc__ = original.__doc__
    __init__.__wrapped__ = original  # type: ignore[attr-defined]
    return __init__


def _environ_wrapper(
    original: Callable[..., Any], environ: Mapping[int, tuple[object, str, Entry]], touch: Callable[[str, Entry], None]
) -> Callable[..., Any]:
    """A method of `os._Environ` that records when called on one of the process environment mappings."""

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = environ.get(id(self))
        if found is not None and found[0] is self:
            touch(found[1], found[2])
        return original(self, *args, **kwargs)

    return functools.update_wrapper(wrapper, original)


def _inner_code(factory: Callable[..., Any]) -> types.CodeType:
    """The code object of the closure a factory builds (one per `def`, shared by every closure)."""
    return next(c for c in factory.__code__.co_consts if isinstance(c, types.CodeType))


_WRAPPER_CODES = frozenset(
    {
        _inner_code(_function_wrapper),
        _inner_code(_constructor_wrapper),
        _inner_code(_environ_wrapper),
        _Wrapped.__call__.__code__,
        _Import.__call__.__code__,
        _Compile.__call__.__code__,
        _Evaluate.__call__.__code__,
    }
)


class _Loader:
    """Delegates to a module's real loader and wraps the module's entry points once it has executed."""

    def __init__(self, inner: Any, recorder: "Recorder") -> None:
        self._claims_inner = inner
        self._claims_recorder = recorder

    def create_module(self, spec: Any) -> Any:
        create = getattr(self._claims_inner, "create_module", None)
        return None if create is None else create(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        inner = self._claims_inner
        try:
            inner.exec_module(module)
        finally:
            # The module keeps its real loader: nothing after the import can tell this proxy was there.
            if getattr(module, "__loader__", None) is self:
                module.__loader__ = inner
            spec = getattr(module, "__spec__", None)
            if spec is not None and spec.loader is self:
                spec.loader = inner
        self._claims_recorder._imported()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._claims_inner, name)


class _Finder:
    """First on `sys.meta_path` while installed: hands catalogued modules to the real finders, then wraps
    them once loaded."""

    def __init__(self, recorder: "Recorder") -> None:
        self._recorder = recorder
        self._busy = False

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if self._busy or fullname not in self._recorder._pending:
            return None
        self._busy = True
        try:
            for finder in list(sys.meta_path):
                find = getattr(finder, "find_spec", None)
                if finder is self or find is None:
                    continue
                spec = find(fullname, path, target)
                if spec is not None:
                    break
            else:
                return None
        finally:
            self._busy = False
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _Loader(spec.loader, self._recorder)
        return spec

    def invalidate_caches(self) -> None:
        return None


class Recorder:
    """Wraps the catalogue's entry points and records touches per project function; see the module doc.

    `packages` maps each top-level project package (or module) name to its directory (or file). Only entries
    whose categories meet `categories` are wrapped (all of them by default).
    """

    def __init__(
        self,
        packages: Mapping[str, "str | os.PathLike[str]"],
        *,
        categories: Iterable[str] | None = None,
        catalogue: Catalogue | None = None,
        value_classes: Iterable[str] = VALUE_CLASSES,
        executed: bool = True,
        rebind: bool = True,
        max_chains: int = 8,
    ) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        wanted = None if categories is None else frozenset(categories)
        self._keys = sorted(
            key for key, entry in self.catalogue.entries.items() if wanted is None or entry.categories & wanted
        )
        self._value_classes = frozenset(value_classes)
        self._track_executed = executed
        self._rebind_copies = rebind
        self._max_chains = max_chains
        self._packages: list[tuple[str, str, str]] = []  # (path prefix, package name, package directory)
        for name, location in packages.items():
            raw = os.fspath(location)
            for path in dict.fromkeys((os.path.abspath(raw), os.path.realpath(raw))):
                self._packages.append((path if path.endswith(".py") else path + _SEP, name, path))
        self._packages.sort(key=lambda item: -len(item[0]))
        self._stdlib = tuple(
            dict.fromkeys(
                os.path.realpath(p) + _SEP for key in ("stdlib", "platstdlib") if (p := sysconfig.get_paths().get(key))
            )
            | dict.fromkeys(
                os.path.abspath(p) + _SEP for key in ("stdlib", "platstdlib") if (p := sysconfig.get_paths().get(key))
            )
        )
        self._own_file = _normpath(os.path.abspath(__file__))
        self._cwd = os.getcwd()
        self._lock = _allocate_lock()
        self._local = threading.local()
        self._kinds: dict[types.CodeType, int] = {}
        self._touches: dict[types.CodeType, dict[str, _Touch]] = {}
        self._called: set[types.CodeType] = set()
        self._executed: set[types.CodeType] = set()
        self._modules: dict[types.CodeType, str] = {}
        self._undo: list[Callable[[], None]] = []
        self._done_keys: set[str] = set()
        self._done_members: set[tuple[int, str]] = set()
        self._environ: dict[int, tuple[object, str, Entry]] = {}
        self._copies: dict[int, tuple[Any, Any, str]] = {}  # id(original) -> (original, its wrapper, dotted)
        self._pending: set[str] = set()
        self._finder = _Finder(self)
        self._installed = False
        self._monitoring_tool: int | None = None
        self._previous_profile: Any = None
        self.errors = 0
        """Exceptions raised inside the recorder while recording (swallowed: the wrapped call goes on)."""
        self.wrapped: dict[str, str] = {}
        """Dotted name -> how it was wrapped (function, constructor, method, stateful)."""
        self.not_wrapped: dict[str, str] = {}
        """Dotted name -> why it was left alone (refused, not patchable, a plain value)."""
        self.rebound: dict[str, str] = {}
        """`module.attribute` -> the wrapped dotted name: an early `from x import y` copy now bound to the wrapper."""
        self.imported_before: list[str] = []
        """Project modules already imported when the recorder was installed (their import-time copies rebound)."""
        for code in _WRAPPER_CODES:
            self._kinds[code] = _WRAPPER

    @property
    def tracks_executed(self) -> bool:
        """Whether `executed()` is recorded (the `executed` argument)."""
        return self._track_executed

    # --- installing -----------------------------------------------------------------------------------

    def install(self) -> "Recorder":
        """Wrap every entry point now importable, watch imports for the rest, start recording."""
        if self._installed:
            raise RuntimeError("the recorder is already installed")
        self._installed = True
        self._local.busy = True
        try:
            for key in self._keys:
                parts = key.split(".")
                self._pending.update(".".join(parts[:index]) for index in range(1, len(parts) + 1))
            sys.meta_path.insert(0, self._finder)
            self._imported()
            if self._rebind_copies:
                self._rebind()
        finally:
            self._local.busy = False
        if self._track_executed:
            self._start_executed()
        return self

    def uninstall(self) -> None:
        """Put every original back (where it was not replaced since), stop watching and recording."""
        if not self._installed:
            return
        self._local.busy = True
        try:
            self._stop_executed()
            if self._finder in sys.meta_path:
                sys.meta_path.remove(self._finder)
            for undo in reversed(self._undo):
                undo()
            self._undo.clear()
        finally:
            self._installed = False
            self._local.busy = False

    def __enter__(self) -> "Recorder":
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.uninstall()

    def _imported(self) -> None:
        """Wrap the entry points of every catalogued module that has been imported since the last look."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True
        try:
            for name in sorted(self._pending):
                module = sys.modules.get(name)
                if isinstance(module, types.ModuleType):
                    self._pending.discard(name)
                    self._wrap_module(name, module)
        finally:
            self._local.busy = busy

    def _rebind(self) -> None:
        """Bind the wrappers where stdlib and project modules imported before `install` keep their own copy of
        an entry point (`from time import monotonic as _time`, `io.open` beside `builtins.open`): a module-level
        name still bound to a wrapped original is bound to its wrapper, and put back by `uninstall`.

        Copies held anywhere else (default arguments, closures, class attributes, containers, C modules such as
        `posix`, third-party modules) keep the original: a call through one of them is not seen."""
        copies = self._copies
        for name, module in sorted(sys.modules.items(), key=lambda item: item[0]):
            if not isinstance(module, types.ModuleType) or name.split(".")[0] in _NOT_REBOUND:
                continue
            filename = getattr(module, "__file__", None)
            if not isinstance(filename, str) or not filename.endswith(".py"):
                continue  # C modules (`_socket`, `posix`) are where the originals live, not copies of them
            code_kind = self._path_kind(filename)[0]
            if code_kind == _PROJECT:
                self.imported_before.append(name)
            elif code_kind != _STDLIB:
                continue
            try:
                namespace = vars(module)
            except TypeError:  # pragma: no cover - a module object without a __dict__
                continue
            for attribute, value in list(namespace.items()):
                found = copies.get(id(value))
                if found is None or found[0] is not value:
                    continue
                if self.catalogue.normalize(f"{name}.{attribute}") in _REFUSED or f"{name}.{attribute}" in _REFUSED:
                    continue  # compared by identity, or frame-sensitive, under this name
                self._rebind_one(module, attribute, value, found[1])
                self.rebound[f"{name}.{attribute}"] = found[2]

    def _rebind_one(self, module: types.ModuleType, attribute: str, original: Any, wrapper: Any) -> None:
        setattr(module, attribute, wrapper)

        def undo() -> None:
            if vars(module).get(attribute) is wrapper:
                setattr(module, attribute, original)

        self._undo.append(undo)

    def _wrap_module(self, name: str, module: types.ModuleType) -> None:
        prefix = name + "."
        for key in self._keys:
            if key in self._done_keys or not (key == name or key.startswith(prefix)):
                continue
            entry = self.catalogue.entries[key]
            if key == name:
                self._done_keys.add(key)
                if name in _REFUSED_MODULES:
                    self.not_wrapped[f"{name}.*"] = _REFUSED_MODULES[name]
                    continue
                for attribute in sorted(vars(module)):
                    if attribute.startswith("_"):
                        continue
                    dotted = f"{name}.{attribute}"
                    if self.catalogue.lookup(dotted) is entry:
                        self._wrap_member(module, attribute, dotted, entry, whole=True)
                continue
            owner: object = module
            parts = key[len(prefix) :].split(".")
            for part in parts[:-1]:
                owner = vars(owner).get(part) if isinstance(owner, (types.ModuleType, type)) else None
                if owner is None or isinstance(owner, types.ModuleType):
                    break  # absent here, or the key belongs to a submodule: wrapped when that is imported
            else:
                if isinstance(owner, (types.ModuleType, type)) and parts[-1] in vars(owner):
                    if isinstance(vars(owner)[parts[-1]], types.ModuleType):
                        continue
                    self._done_keys.add(key)
                    self._wrap_member(owner, parts[-1], key, entry, whole=False)
                elif isinstance(owner, type) and hasattr(owner, parts[-1]):
                    self._done_keys.add(key)
                    self._wrap_member(owner, parts[-1], key, entry, whole=False)

    def _wrap_member(self, owner: Any, attribute: str, dotted: str, entry: Entry, *, whole: bool) -> None:
        if dotted in _REFUSED:
            self.not_wrapped[dotted] = _REFUSED[dotted]
            return
        if (id(owner), attribute) in self._done_members:
            return
        self._done_members.add((id(owner), attribute))
        if isinstance(owner, type):
            self._wrap_method(owner, attribute, dotted, entry)
            return
        value = vars(owner)[attribute]
        if isinstance(value, type):
            if whole and self.catalogue.normalize(str(value.__module__)) != owner.__name__:
                return  # a class re-exported by the module (os.Mapping): not this module's to judge
            self._wrap_class(value, dotted, entry)
            return
        if isinstance(value, types.FunctionType):
            home = self.catalogue.normalize(str(value.__module__))
            if whole and home != owner.__name__ and self.catalogue.lookup(f"{home}.{value.__qualname__}") is None:
                return  # a function re-exported by the module (selectors.abstractmethod): not a capability
            special = _SPECIAL.get(dotted)
            if special is not None:
                self._replace(owner, attribute, special(value, dotted, entry, self._touch), dotted, "function")
            else:
                self._replace(owner, attribute, self._function_wrapper(value, dotted, entry), dotted, "function")
            return
        if isinstance(value, (types.BuiltinFunctionType, types.MethodType)):
            wrapper = _SPECIAL.get(dotted, _Wrapped)(value, dotted, entry, self._touch)
            self._replace(owner, attribute, wrapper, dotted, "function")
            return
        if whole:
            return  # constants, submodules and other values of a wholly catalogued module are not reaches
        if dotted in ("os.environ", "os.environb"):
            self._wrap_environ(value, dotted, entry)
            return
        kind = "a callable object (wrapping it would change its type and repr)" if callable(value) else "a value"
        self.not_wrapped[dotted] = f"{kind}: reads of a module attribute cannot be intercepted"

    def _replace(self, owner: Any, attribute: str, wrapper: Any, dotted: str, how: str) -> None:
        original = vars(owner)[attribute]
        setattr(owner, attribute, wrapper)
        self._copies.setdefault(id(original), (original, wrapper, dotted))

        def undo() -> None:
            if vars(owner).get(attribute) is wrapper:
                setattr(owner, attribute, original)

        self._undo.append(undo)
        self.wrapped[dotted] = how

    def _function_wrapper(self, original: types.FunctionType, name: str, entry: Entry) -> Callable[..., Any]:
        return _function_wrapper(original, name, entry, self._touch)

    def _wrap_class(self, cls: type, dotted: str, entry: Entry) -> None:
        if issubclass(cls, BaseException):
            return  # raising an exception is not a reach
        if isinstance(cls, enum.EnumMeta):
            return  # constructing an enum member is a conversion (SPEC §4)
        if type(cls) not in (type, abc.ABCMeta) or inspect.isabstract(cls):
            self.not_wrapped[dotted] = "an abstract class or one with its own metaclass: constructor not patched"
            return
        __init__ = _constructor_wrapper(cls, dotted, entry, self._touch)
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
        raw = next((vars(klass)[attribute] for klass in cls.__mro__ if attribute in vars(klass)), None)
        wrapper: Any
        if isinstance(raw, types.FunctionType):
            wrapper = self._function_wrapper(raw, dotted, entry)
        elif isinstance(raw, classmethod) and isinstance(raw.__func__, types.FunctionType):
            wrapper = classmethod(self._function_wrapper(raw.__func__, dotted, entry))
        elif isinstance(raw, staticmethod) and isinstance(raw.__func__, types.FunctionType):
            wrapper = staticmethod(self._function_wrapper(raw.__func__, dotted, entry))
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
            wrapper = _environ_wrapper(getattr(cls, method), self._environ, self._touch)
            self._patch(cls, method, wrapper, f"{dotted}.{method}")

    # --- recording ------------------------------------------------------------------------------------

    def _touch(self, name: str, entry: Entry) -> None:
        """Called by every wrapper, first thing: attribute the touch to the project frames above its caller."""
        local = self._local
        if getattr(local, "busy", False) or not self._installed:
            return
        local.busy = True
        try:
            self._attribute(name, entry, _getframe(2))
        except Exception:  # the wrapped call must go on whatever happens here
            self.errors += 1
        finally:
            local.busy = False

    def _attribute(self, name: str, entry: Entry, frame: types.FrameType | None) -> None:
        found = self._project_run(frame)
        if found is not None:
            self._record(name, entry, *found)

    def _project_run(
        self, frame: types.FrameType | None
    ) -> tuple[list[tuple[types.CodeType, int]], tuple[str, types.CodeType, int] | None] | None:
        """The project frames (code, line) from the touch outwards, up to the first test, third-party or import
        frame, and the stdlib frame the touch came through (protocol modules skipped). None: no project frame,
        or the touch is inside another wrapped call (that call is the touch)."""
        kinds = self._kinds
        run: list[tuple[types.CodeType, int]] = []
        via: tuple[str, types.CodeType, int] | None = None
        while frame is not None:
            code = frame.f_code
            kind = kinds.get(code)
            if kind is None:
                kind = self._classify(code)
            if kind == _PROJECT:
                run.append((code, frame.f_lineno))
            elif kind == _STDLIB:
                if via is None and not run:
                    module = str(frame.f_globals.get("__name__", "?"))
                    if module not in _PROTOCOL_MODULES:
                        via = (module, code, frame.f_lineno)
            elif kind == _WRAPPER:
                if not run:
                    return None  # inside another wrapped call: that call is the touch
            elif kind != _RECORDER:
                break  # test code, third-party code, or the import system
            frame = frame.f_back
        return (run, via) if run else None

    def _record(
        self,
        name: str,
        entry: Entry,
        run: list[tuple[types.CodeType, int]],
        via: tuple[str, types.CodeType, int] | None,
    ) -> None:
        """Count the touch once for each distinct project function in `run`, with its chain (bounded)."""
        with self._lock:
            seen: set[types.CodeType] = set()
            for index in range(len(run)):
                code = run[index][0]
                if code in seen:
                    continue
                seen.add(code)
                touches = self._touches.setdefault(code, {})
                touch = touches.get(name)
                if touch is None:
                    touch = touches[name] = _Touch(entry)
                touch.count += 1
                chain = (*reversed(run[: index + 1]), via)
                if chain in touch.chains:
                    touch.chains[chain] += 1
                elif len(touch.chains) < self._max_chains:
                    touch.chains[chain] = 1

    def _classify(self, code: types.CodeType) -> int:
        """The kind of a frame's code, by its file name: no system call, no wrapped function."""
        kind, module = self._path_kind(code.co_filename)
        if module is not None:
            self._modules[code] = module
        self._kinds[code] = kind
        return kind

    def _path_kind(self, filename: str) -> tuple[int, str | None]:
        """The kind of code a file holds, and the project module it is (None outside the project)."""
        if filename.startswith("<frozen "):
            return (_IMPORT if filename.startswith(("<frozen importlib", "<frozen zipimport")) else _STDLIB), None
        if filename.startswith("<"):
            return _OTHER, None
        path = _normpath(filename if _isabs(filename) else _join(self._cwd, filename))
        if path == self._own_file:
            return _RECORDER, None
        for prefix, package, _directory in self._packages:
            if path.startswith(prefix) or path == prefix[:-1]:
                relative = path[len(prefix) :] if path.startswith(prefix) else ""
                parts = [package, *relative[: -len(".py")].split(_SEP)] if relative else [package]
                if parts[-1] == "__init__":
                    parts.pop()
                return _PROJECT, ".".join(parts)
        if path.startswith(self._stdlib) and not any(
            part in path for part in (f"{_SEP}site-packages{_SEP}", f"{_SEP}dist-packages{_SEP}")
        ):
            return _STDLIB, None
        return _OTHER, None

    # --- which project functions ran ------------------------------------------------------------------

    def _start_executed(self) -> None:
        if sys.version_info >= (3, 12):
            monitoring = sys.monitoring
            for tool in (3, 4, 1, 2, 0, 5):
                if monitoring.get_tool(tool) is None:
                    monitoring.use_tool_id(tool, "pytest-claims")
                    self._monitoring_tool = tool
                    break
            else:  # pragma: no cover - every tool id taken
                return
            monitoring.register_callback(tool, monitoring.events.PY_START, self._started)
            monitoring.set_events(tool, monitoring.events.PY_START)
            return
        self._previous_profile = _sys_getprofile()  # pragma: no cover - 3.10 / 3.11
        _sys_setprofile(self._profile)  # pragma: no cover
        _threading_setprofile(self._profile)  # pragma: no cover

    def _stop_executed(self) -> None:
        if sys.version_info >= (3, 12):
            tool = self._monitoring_tool
            if tool is not None:
                sys.monitoring.set_events(tool, 0)
                sys.monitoring.register_callback(tool, sys.monitoring.events.PY_START, None)
                sys.monitoring.free_tool_id(tool)
                self._monitoring_tool = None
            return
        if _sys_getprofile() == self._profile:  # pragma: no cover - 3.10 / 3.11
            _sys_setprofile(self._previous_profile)
        _threading_setprofile(None)  # pragma: no cover

    def _started(self, code: types.CodeType, offset: int) -> object:  # pragma: no cover - 3.12+
        kind = self._kinds.get(code)
        if kind is None:
            kind = self._classify(code)
        if kind == _PROJECT:
            self._executed.add(code)
        return sys.monitoring.DISABLE  # type: ignore[attr-defined, unused-ignore]

    def _profile(self, frame: types.FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code in self._called:
            return
        self._called.add(code)
        kind = self._kinds.get(code)
        if kind is None:
            kind = self._classify(code)
        if kind == _PROJECT:
            self._executed.add(code)

    # --- results --------------------------------------------------------------------------------------

    def _name(self, code: types.CodeType) -> str:
        return function_name(code, self._modules.get(code, "?"))

    def executed(self) -> set[str]:
        """`module.qualname` of every project code object that ran (modules' own code as `<module>`)."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True  # naming a code object may read its source (3.10): never a recorded touch
        try:
            return {self._name(code) for code in list(self._executed)}
        finally:
            self._local.busy = busy

    def observations(self) -> dict[str, Any]:
        """What was recorded so far, structured and JSON-able, files as absolute paths (the `--claims-observe`
        plugin matches them against the static pass's blind spots, and merges xdist workers' records):

            {function: {"file", "line", "capabilities": {name: {"entry", "categories", "count",
                "chains": [{"frames": [[function, file, line], ...], "inside": [function, file, line] | None,
                            "count"}]}}}}

        `frames` run from the function down to the last project frame before the touch, each with the line it
        was executing (the call it was making); `inside` is the uncatalogued stdlib function that made the
        touch, if any. Two code objects of one name (a redefined function) share one record."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True
        try:
            with self._lock:
                observed: dict[str, Any] = {}
                for code, touches in self._touches.items():
                    function = self._name(code)
                    record = observed.setdefault(
                        function, {"file": code.co_filename, "line": code.co_firstlineno, "capabilities": {}}
                    )
                    for name, touch in sorted(touches.items()):
                        chains = []
                        for chain, count in touch.chains.items():
                            *frames, via = chain
                            inside = None
                            if via is not None:
                                module, c, line = via
                                inside = [self.catalogue.normalize(function_name(c, module)), c.co_filename, line]
                            chains.append(
                                {
                                    "frames": [[self._name(c), c.co_filename, line] for c, line in frames],
                                    "inside": inside,
                                    "count": count,
                                }
                            )
                        previous = record["capabilities"].get(name)
                        if previous is not None:
                            previous["count"] += touch.count
                            previous["chains"].extend(chains)
                            continue
                        record["capabilities"][name] = {
                            "entry": touch.entry.key,
                            "categories": sorted(touch.entry.categories),
                            "count": touch.count,
                            "chains": chains,
                        }
                return dict(sorted(observed.items()))
        finally:
            self._local.busy = busy

    def _short(self, filename: str, line: int) -> str:
        """`file:line` as the snapshot shows it: relative to the package's parent, or the bare file name."""
        for prefix, _package, directory in self._packages:
            if filename.startswith(prefix):
                filename = os.path.join(os.path.basename(directory), filename[len(prefix) :])
                break
        else:
            filename = os.path.basename(filename)
        return f"{filename}:{line}"

    def snapshot(self) -> dict[str, Any]:
        """Everything recorded so far, as plain JSON-able data (see docs/benchmarks.md, "Soundness")."""
        observed: dict[str, Any] = {}
        for function, record in self.observations().items():
            capabilities = {}
            for name, touch in record["capabilities"].items():
                chains = []
                for chain in touch["chains"]:
                    text = [f"{hop} ({self._short(file, line)})" for hop, file, line in chain["frames"]]
                    inside = chain["inside"]
                    if inside is not None:
                        text.append(f"{inside[0]} ({self._short(inside[1], inside[2])})")
                    text.append(name)
                    chains.append(
                        {"chain": text, "count": chain["count"], "inside": None if inside is None else inside[0]}
                    )
                capabilities[name] = {**touch, "chains": chains}
            observed[function] = {
                "file": self._short(record["file"], record["line"]),
                "capabilities": capabilities,
            }
        return {
            "python": ".".join(map(str, sys.version_info[:3])),
            "executed": sorted(self.executed()),
            "observed": observed,
            "wrapped": dict(sorted(self.wrapped.items())),
            "not_wrapped": dict(sorted(self.not_wrapped.items())),
            "rebound": dict(sorted(self.rebound.items())),
            "errors": self.errors,
        }
