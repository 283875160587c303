"""Reach the entry points of modules imported before and after the recorder is installed.

After: a meta-path finder, first while installed, hands each catalogued module to the real finders and has the
entry points wrapped once the module has executed. Before: modules that took their own copy of an entry point
at import time (`from time import monotonic as _time`) get the wrapper bound in its place.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`).
"""

import sys
import threading
import types
from collections.abc import Callable, Iterable
from typing import Any

from pytest_claims.observe.frames import PROJECT, STDLIB
from pytest_claims.observe.patches import REFUSED, EntryPoints

__all__ = ["EarlyCopies", "ImportWatch"]

_NOT_REBOUND = frozenset(
    {"importlib", "_frozen_importlib", "_frozen_importlib_external", "zipimport", "encodings", "pytest_claims"}
)
"""Top-level packages whose early copies are left alone: the import system (the recorder must stay out of every
import), the codecs the import system decodes sources with, and pytest-claims itself (the recorder's own
copies of `sys._getframe` and friends must stay the originals)."""


class _Loader:
    """Delegates to a module's real loader and wraps the module's entry points once it has executed."""

    def __init__(self, inner: Any, watch: "ImportWatch") -> None:
        self._claims_inner = inner
        self._claims_watch = watch

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
        self._claims_watch.imported()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._claims_inner, name)


class _Finder:
    """First on `sys.meta_path` while installed: hands catalogued modules to the real finders, then wraps
    them once loaded."""

    def __init__(self, watch: "ImportWatch") -> None:
        self._watch = watch
        self._busy = False

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if self._busy or fullname not in self._watch.pending:
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
            spec.loader = _Loader(spec.loader, self._watch)
        return spec

    def invalidate_caches(self) -> None:
        return None


class ImportWatch:
    """The catalogued modules not wrapped yet, wrapped as soon as they are imported.

    `local` is the recorder's per-thread flag: set while wrapping, so wrapped calls made then are not touches.
    """

    def __init__(self, points: EntryPoints, local: threading.local) -> None:
        self._points = points
        self._local = local
        self.pending: set[str] = set()
        """Every module name a catalogue key lies under (each prefix of each key) that is not wrapped yet."""
        self._finder = _Finder(self)

    def start(self, keys: Iterable[str]) -> None:
        """Watch for the modules of `keys`, and wrap those already imported."""
        for key in keys:
            parts = key.split(".")
            self.pending.update(".".join(parts[:index]) for index in range(1, len(parts) + 1))
        sys.meta_path.insert(0, self._finder)
        self.imported()

    def stop(self) -> None:
        if self._finder in sys.meta_path:
            sys.meta_path.remove(self._finder)

    def imported(self) -> None:
        """Wrap the entry points of every catalogued module that has been imported since the last look."""
        busy = getattr(self._local, "busy", False)
        self._local.busy = True
        try:
            for name in sorted(self.pending):
                module = sys.modules.get(name)
                if isinstance(module, types.ModuleType):
                    self.pending.discard(name)
                    self._points.wrap_module(name, module)
        finally:
            self._local.busy = busy


class EarlyCopies:
    """The copies of entry points that modules imported before `install` keep under their own names.

    `path_kind` classifies a module's file (`Frames.path_kind`): only stdlib and project modules are rebound.
    """

    def __init__(self, points: EntryPoints, path_kind: Callable[[str], tuple[int, str | None]]) -> None:
        self._points = points
        self._path_kind = path_kind
        self.rebound: dict[str, str] = {}
        """`module.attribute` -> the wrapped dotted name: an early `from x import y` copy now bound to the wrapper."""
        self.imported_before: list[str] = []
        """Project modules already imported when the recorder was installed (their import-time copies rebound)."""

    def rebind(self) -> None:
        """Bind the wrappers where stdlib and project modules imported before `install` keep their own copy of
        an entry point (`from time import monotonic as _time`, `io.open` beside `builtins.open`): a module-level
        name still bound to a wrapped original is bound to its wrapper, and put back by `uninstall`.

        Copies held anywhere else (default arguments, closures, class attributes, containers, C modules such as
        `posix`, third-party modules) keep the original: a call through one of them is not seen."""
        for name, module in sorted(sys.modules.items(), key=lambda item: item[0]):
            if not isinstance(module, types.ModuleType) or name.split(".")[0] in _NOT_REBOUND:
                continue
            filename = getattr(module, "__file__", None)
            if not isinstance(filename, str) or not filename.endswith(".py"):
                continue  # C modules (`_socket`, `posix`) are where the originals live, not copies of them
            code_kind = self._path_kind(filename)[0]
            if code_kind == PROJECT:
                self.imported_before.append(name)
            elif code_kind != STDLIB:
                continue
            try:
                namespace = vars(module)
            except TypeError:  # pragma: no cover - a module object without a __dict__
                continue
            self._rebind_module(name, module, namespace)

    def _rebind_module(self, name: str, module: types.ModuleType, namespace: dict[str, Any]) -> None:
        copies = self._points.copies
        normalize = self._points.catalogue.normalize
        for attribute, value in list(namespace.items()):
            found = copies.get(id(value))
            if found is None or found[0] is not value:
                continue
            if normalize(f"{name}.{attribute}") in REFUSED or f"{name}.{attribute}" in REFUSED:
                continue  # compared by identity, or frame-sensitive, under this name
            self._points.bind(module, attribute, value, found[1])
            self.rebound[f"{name}.{attribute}"] = found[2]
