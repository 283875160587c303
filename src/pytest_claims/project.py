"""The loaded project: the module index plus the facts of every module, read and parsed once.

Platform-independent by construction; `platforms.View` evaluates it for one target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pytest_claims.facts import FileFacts, extract
from pytest_claims.index import Index, ModuleFile


@dataclass(frozen=True)
class Module:
    file: ModuleFile
    facts: FileFacts
    digest: str
    """sha256 of the file's bytes ("" for a namespace package)."""

    @property
    def name(self) -> str:
        return self.file.name

    @property
    def rel(self) -> str:
        return self.file.rel


@dataclass(frozen=True)
class Project:
    root: Path
    index: Index
    modules: dict[str, Module]

    def get(self, name: str) -> Module | None:
        return self.modules.get(name)


_EMPTY = extract("")

FactsSource = Callable[[ModuleFile], tuple[FileFacts, str]]
"""Reads one module's facts and content digest (through the cache, or straight from the file)."""


def read_facts(module: ModuleFile) -> tuple[FileFacts, str]:
    """Read and parse one file, never raising: an unreadable file becomes facts with a problem."""
    import hashlib

    if module.path is None:
        return _EMPTY, ""
    try:
        data = module.path.read_bytes()
    except OSError as exc:
        return _problem(f"cannot read: {exc.strerror or exc}"), ""
    return extract(data, module.rel), hashlib.sha256(data).hexdigest()


def _problem(message: str) -> FileFacts:
    return FileFacts((), ((),), (), (), (), (), ((0, message),), 0)


def load_project(root: Path, index: Index, facts_of: FactsSource = read_facts) -> Project:
    modules = {}
    for name in sorted(index.modules):
        file = index.modules[name]
        facts, digest = facts_of(file)
        modules[name] = Module(file, facts, digest)
    return Project(root, index, modules)
