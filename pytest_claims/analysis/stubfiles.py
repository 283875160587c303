"""Which stdlib stubs typeshed has for a Python version, and each one's definitions, read once per process.

typeshed-client locates the stub of a module for a Python version (its VERSIONS table); each stub file found
is parsed once (`stubdefs.parse_stub`) and kept in the per-machine cache, keyed by a digest of the code that
parses and encodes it, so the next process, in any project, reads it back instead. The facts here depend on the
Python version alone, never on the platform: the platform is decided later, by each target evaluating the
definitions' guards (`stubnames.StubNames`).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import typeshed_client

from pytest_claims import __version__
from pytest_claims.analysis.conditions import ConditionCompiler
from pytest_claims.analysis.ports import derived
from pytest_claims.analysis.stubdefs import StubModule, parse_stub
from pytest_claims.codekey import code_digest
from pytest_claims.records import Cond, CondAnd, CondConst, CondNot


def read_stub(path: Path, module: str) -> StubModule:
    """A stub's definitions: parsed, or read back from an earlier process's parse of the same bytes."""
    try:
        data = path.read_bytes()
    except OSError:
        return StubModule(is_package=path.name == "__init__.pyi")
    key = b"%s\0%s\0%s\0%s" % (_maker(), module.encode(), path.name.encode(), data)
    return derived("stub", key, lambda: parse_stub(data, path, module), StubModule, shared=True)


_MAKERS = (
    __name__,
    "pytest_claims.analysis.stubdefs",
    "pytest_claims.analysis.stubtypes",
    "pytest_claims.analysis.conditions",
    "pytest_claims.analysis.facts",
    "pytest_claims.records",
    "pytest_claims.codec",
)
"""The modules whose code decides a stub's definitions and their stored form (all imported by this one)."""


@cache
def _maker() -> bytes:
    """What makes a stub's definitions: the plugin version and a digest of the source of the modules that parse
    and encode them (`codekey.code_digest`). Part of every stub entry's key, so the per-machine cache, shared by
    every checkout and version of the plugin on the machine, never serves definitions another parser made (a
    plugin version alone would not tell two checkouts of one version apart)."""
    return f"{__version__}:{code_digest(*_MAKERS)}".encode()


@cache
def load_stub(module: str, version: tuple[int, int]) -> StubModule | None:
    """The parsed stub of a stdlib module for a Python version: shared by every platform."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return None
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        path = typeshed_client.get_stub_file(module, search_context=context)
    except (ValueError, OSError):
        return None
    return read_stub(path, module) if path is not None else None


@cache
def function_defaults(module: str, name: str, version: tuple[int, int]) -> tuple[tuple[Cond, dict[str, object]], ...]:
    """Each def of the module-level function `name` in its stub, under its guard (as a condition, `CondConst(True)`
    when none), with its parameters' number defaults. Read from the stub's text when a conditional
    catalogue entry asks (rare): the parsed stubs keep no defaults."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return ()
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        path = typeshed_client.get_stub_file(module, search_context=context)
        tree = ast.parse(path.read_bytes()) if path is not None else None
    except (ValueError, OSError, SyntaxError):
        return ()
    if tree is None:
        return ()
    compiler = ConditionCompiler()
    compiler.bind_import("sys", "sys")
    found: list[tuple[Cond, dict[str, object]]] = []
    todo: list[tuple[list[ast.stmt], Cond]] = [(tree.body, CondConst(True))]
    while todo:
        body, guard = todo.pop()
        for stmt in body:
            if isinstance(stmt, ast.If):
                test = compiler.compile(stmt.test)
                todo.append((stmt.body, CondAnd((guard, test))))
                todo.append((stmt.orelse, CondAnd((guard, CondNot(test)))))
            elif isinstance(stmt, ast.FunctionDef) and stmt.name == name:
                found.append((guard, _number_defaults(stmt.args)))
    return tuple(found)


def _number_defaults(args: ast.arguments) -> dict[str, object]:
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *zip(args.kwonlyargs, args.kw_defaults, strict=True),
    ]
    return {
        param.arg: default.value
        for param, default in pairs
        if isinstance(default, ast.Constant)
        and isinstance(default.value, (int, float))
        and not isinstance(default.value, bool)
    }


@cache
def is_stub_module(module: str, version: tuple[int, int]) -> bool | None:
    """Whether typeshed has a stub module of that dotted name for this Python version (found, not parsed); None
    when its top-level package is no stdlib module of that version at all."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return None
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        return typeshed_client.get_stub_file(module, search_context=context) is not None
    except (ValueError, OSError):
        return False


@cache
def _stdlib_tops(version: tuple[int, int]) -> frozenset[str]:
    """Top-level stdlib module names typeshed knows for this version: most project names fail here, cheaply."""
    versions = typeshed_client.finder.get_typeshed_versions(typeshed_client.finder.find_typeshed())
    tops = set()
    for name, data in versions.items():
        if data.min <= version and (data.max is None or version <= data.max):
            tops.add(name.split(".")[0])
    return frozenset(tops)


def typeshed_version() -> str:
    """Identifies the stub data, for cache keys and report revisions."""
    return str(getattr(typeshed_client, "__version__", "unknown"))


def stub_names(module: str, version: tuple[int, int]) -> frozenset[str]:
    """The public names a stdlib module's stub binds (on any platform): what a misspelt name is compared with."""
    stub = load_stub(module, version)
    return frozenset(n for n in stub.names if not n.startswith("_")) if stub is not None else frozenset()


def stdlib_tops(version: tuple[int, int]) -> frozenset[str]:
    """Top-level stdlib module names typeshed knows for this version."""
    return _stdlib_tops(version)
