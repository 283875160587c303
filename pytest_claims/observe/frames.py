"""Attribute a touch to the project: classify each frame's code, and walk the stack to the claiming frames.

A frame's kind comes from its file name alone (no system call, no wrapped function): the project's packages,
the standard library, the import system, the recorder's own modules, or anything else (test code, third-party
code, pytest), which ends the walk. The code of a wrapped Python function is marked as its own kind when it is
wrapped: a frame running it is inside a wrapped call.

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`).
"""

import ast
import functools
import os
import sys
import sysconfig
import types
from collections.abc import Iterable, Mapping

__all__ = ["IMPORT", "OTHER", "PROJECT", "RECORDER", "STDLIB", "WRAPPED", "Frames", "Run", "Via", "function_name"]

# Originals, taken before anything is wrapped.
_isabs = os.path.isabs
_join = os.path.join
_normpath = os.path.normpath
_SEP = os.sep

OTHER, PROJECT, STDLIB, RECORDER, WRAPPED, IMPORT = range(6)
"""Frame kinds."""

_PROTOCOL_MODULES = frozenset({"_collections_abc", "collections.abc"})
"""Mixin methods of the abstract collections (`Mapping.get`, `Mapping.__contains__`) are how a stateful object
such as `os.environ` is read, not a stdlib function touching a capability on its own: never a chain's `inside`."""

Run = list[tuple[types.CodeType, int]]
"""Project frames (code, line being executed), from the touch outwards."""
Via = tuple[str, types.CodeType, int] | None
"""The stdlib frame (module, code, line) a touch came through, if any."""


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


def _stdlib_prefixes() -> tuple[str, ...]:
    """The standard library's directories, real and as configured, each ending in a separator."""
    paths = [p for key in ("stdlib", "platstdlib") if (p := sysconfig.get_paths().get(key))]
    return tuple(
        dict.fromkeys(os.path.realpath(p) + _SEP for p in paths)
        | dict.fromkeys(os.path.abspath(p) + _SEP for p in paths)
    )


class Frames:
    """Which kind of code each frame runs, and the project frames a touch is attributed to.

    `packages` maps each top-level project package (or module) name to its directory (or file); `own_files`
    are the recorder's own source files, whose frames the walk passes through.
    """

    def __init__(self, packages: Mapping[str, "str | os.PathLike[str]"], own_files: Iterable[str]) -> None:
        self.packages: list[tuple[str, str, str]] = []  # (path prefix, package name, package directory)
        for name, location in packages.items():
            raw = os.fspath(location)
            for path in dict.fromkeys((os.path.abspath(raw), os.path.realpath(raw))):
                self.packages.append((path if path.endswith(".py") else path + _SEP, name, path))
        self.packages.sort(key=lambda item: -len(item[0]))
        self._stdlib = _stdlib_prefixes()
        self._own_files = frozenset(_normpath(os.path.abspath(f)) for f in own_files)
        self._cwd = os.getcwd()
        self.kinds: dict[types.CodeType, int] = {}
        """Code object -> its kind, filled as frames are met (and as Python functions are wrapped)."""
        self._modules: dict[types.CodeType, str] = {}

    def wrapped(self, code: types.CodeType) -> None:
        """`code` is a wrapped Python function's: a wrapper, which leaves no frame, hands its calls to it, so a
        frame running it is inside a wrapped call (a touch it makes is that call's)."""
        self.kinds[code] = WRAPPED

    def kind(self, code: types.CodeType) -> int:
        kind = self.kinds.get(code)
        return self.classify(code) if kind is None else kind

    def classify(self, code: types.CodeType) -> int:
        """The kind of a frame's code, by its file name: no system call, no wrapped function."""
        kind, module = self.path_kind(code.co_filename)
        if module is not None:
            self._modules[code] = module
        self.kinds[code] = kind
        return kind

    def path_kind(self, filename: str) -> tuple[int, str | None]:
        """The kind of code a file holds, and the project module it is (None outside the project)."""
        if filename.startswith("<frozen "):
            return (IMPORT if filename.startswith(("<frozen importlib", "<frozen zipimport")) else STDLIB), None
        if filename.startswith("<"):
            return OTHER, None
        path = _normpath(filename if _isabs(filename) else _join(self._cwd, filename))
        if path in self._own_files:
            return RECORDER, None
        for prefix, package, _directory in self.packages:
            if path.startswith(prefix) or path == prefix[:-1]:
                relative = path[len(prefix) :] if path.startswith(prefix) else ""
                parts = [package, *relative[: -len(".py")].split(_SEP)] if relative else [package]
                if parts[-1] == "__init__":
                    parts.pop()
                return PROJECT, ".".join(parts)
        if path.startswith(self._stdlib) and not any(
            part in path for part in (f"{_SEP}site-packages{_SEP}", f"{_SEP}dist-packages{_SEP}")
        ):
            return STDLIB, None
        return OTHER, None

    def project_run(self, frame: types.FrameType | None) -> tuple[Run, Via] | None:
        """The project frames (code, line) from the touch outwards, up to the first test, third-party or import
        frame, and the stdlib frame the touch came through (protocol modules skipped). None: no project frame,
        or the touch is inside another wrapped call (that call is the touch)."""
        kinds = self.kinds
        run: Run = []
        via: Via = None
        while frame is not None:
            code = frame.f_code
            kind = kinds.get(code)
            if kind is None:
                kind = self.classify(code)
            if kind == PROJECT:
                run.append((code, frame.f_lineno))
            elif kind == STDLIB:
                if via is None and not run:
                    module = str(frame.f_globals.get("__name__", "?"))
                    if module not in _PROTOCOL_MODULES:
                        via = (module, code, frame.f_lineno)
            elif kind == WRAPPED:
                if not run:
                    return None  # inside another wrapped call: that call is the touch
            elif kind != RECORDER:
                break  # test code, third-party code, or the import system
            frame = frame.f_back
        return (run, via) if run else None

    def name(self, code: types.CodeType) -> str:
        """`module.qualname` of a classified code object (`?.` for one outside the project)."""
        return function_name(code, self._modules.get(code, "?"))

    def short(self, filename: str, line: int) -> str:
        """`file:line` as the snapshot shows it: relative to the package's parent, or the bare file name."""
        for prefix, _package, directory in self.packages:
            if filename.startswith(prefix):
                filename = os.path.join(os.path.basename(directory), filename[len(prefix) :])
                break
        else:
            filename = os.path.basename(filename)
        return f"{filename}:{line}"
