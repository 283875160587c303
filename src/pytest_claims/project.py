"""The loaded project: the module index, a content digest per file, and facts loaded on first use.

Digests are taken eagerly (they key every cache and the report revision); facts lazily, each file at most
once per run, from the facts cache when its content was seen before. A claim walk therefore parses only the
files it reaches, and a warm run parses none. Platform-independent: `resolve.Resolver` evaluates it per target.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from pytest_claims.cache import FactsCache
from pytest_claims.facts import TOO_DEEP, FileFacts, extract
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


def _problem(message: str) -> FileFacts:
    return FileFacts((), ((),), (), (), (), (), ((0, message),), 0)


_EMPTY = FileFacts((), ((),), (), (), (), (), (), 0)


class Modules(Mapping[str, Module]):
    """Module name -> Module, parsing (or fetching from the cache) on first access only."""

    def __init__(self, index: Index, cache: FactsCache) -> None:
        self._index = index
        self._cache = cache
        self._loaded: dict[str, Module] = {}
        self.digests: dict[str, str] = {}
        self.mentions: set[str] = set()
        """Modules whose text mentions `claims`: the only ones that can hold a directive (the cheap pre-scan)."""
        self._pending: dict[str, bytes] = {}
        self._unreadable: dict[str, str] = {}
        for name in sorted(index.modules):
            file = index.modules[name]
            if file.path is None:
                self.digests[name] = ""
                continue
            try:
                data = file.path.read_bytes()
            except OSError as exc:
                self.digests[name] = ""
                self._unreadable[name] = f"cannot read: {exc.strerror or exc}"
                self.mentions.add(name)  # it may hold claims nobody can see: read_directives reports it
                continue
            self.digests[name] = hashlib.sha256(data).hexdigest()
            if b"claims" in data:
                self.mentions.add(name)
                self._pending[name] = data

    def __getitem__(self, name: str) -> Module:
        module = self._loaded.get(name)
        if module is None:
            file = self._index.modules[name]
            module = Module(file, self._facts(name, file), self.digests[name])
            self._loaded[name] = module
        return module

    def _facts(self, name: str, file: ModuleFile) -> FileFacts:
        if name in self._unreadable:
            return _problem(self._unreadable[name])
        if file.path is None:
            return _EMPTY
        digest = self.digests[name]
        cached = self._cache.get(digest)
        if cached is not None:
            self._pending.pop(name, None)
            return cached
        data = self._pending.pop(name, None)
        if data is None:
            try:
                data = file.path.read_bytes()
            except OSError as exc:
                return _problem(f"cannot read: {exc.strerror or exc}")
            if hashlib.sha256(data).hexdigest() != digest:
                # The file changed under us: keep the digest and the facts in agreement.
                self.digests[name] = digest = hashlib.sha256(data).hexdigest()
        facts = extract_fresh(data, file.rel)
        self._cache.parsed += 1
        self._cache.put(digest, facts)
        return facts

    def loaded(self) -> frozenset[str]:
        """The modules whose facts this run needed (the rest were only hashed)."""
        return frozenset(self._loaded)

    def __contains__(self, name: object) -> bool:
        return name in self._index.modules

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._index.modules))

    def __len__(self) -> int:
        return len(self._index.modules)


def extract_fresh(data: bytes, rel: str) -> FileFacts:
    """`extract`, with an outcome that does not depend on how deep the caller's stack is.

    CPython's parser turns nesting deeper than the *remaining* recursion budget into an error, so the same
    file could parse when the engine is called from a shallow stack and not from a deep one, and the cache
    would keep whichever came first. A file that fails that way is parsed again from a new thread (the
    shallowest stack there is, with a large C stack): its facts then depend on its bytes and the recursion
    limit alone, and the limit is part of the facts cache's key. Other files never pay for the thread.
    """
    facts = extract(data, rel)
    if not any(message == TOO_DEEP for _, message in facts.problems):
        return facts
    out: list[FileFacts] = []
    previous = threading.stack_size(64 * 1024 * 1024)
    try:
        thread = threading.Thread(target=lambda: out.append(extract(data, rel)), name="pytest-claims-parse")
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    return out[0] if out else facts


@dataclass(frozen=True)
class Project:
    root: Path
    index: Index
    modules: Modules


def load_project(root: Path, index: Index, cache: FactsCache | None = None) -> Project:
    return Project(root, index, Modules(index, cache or FactsCache(None)))
