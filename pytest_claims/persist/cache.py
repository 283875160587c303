"""The cache's entries and the content-keyed ones: file facts, and data derived from fixed inputs (parsed
stubs, the parsed catalogue). The stores of verdicts and summaries (`store`) and the file-system snapshot
(`snapshot`) are written with the same entries.

Every entry is keyed by content (sha256 of the bytes it was made from) under a namespace that hashes every
version the entry depends on, so a stale fact cannot be served. Entries are plain tuples pickled behind a checksum and
read with an unpickler that refuses every class: a corrupt, truncated or foreign entry is detected and
rebuilt, never trusted, and never executes anything. Each entry carries, inside the checksummed payload, the
key it was made for (`write_entry`), so one copied under another name is not read back as that name's, and
its shape is checked before use (`codec.conforms`). Writes are atomic (temporary file + os.replace), so
concurrent runs sharing a directory see whole entries or none; during an engine run they are made by a writer
thread (`background_writes`), as a cold run writes some 900 entries and the file system's latency, not the
pickling, is most of their cost.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from pytest_claims import __version__
from pytest_claims.codec import conforms, decode, encode, pack, schema, unpack
from pytest_claims.codekey import code_digest
from pytest_claims.files import write_atomic
from pytest_claims.records import FACTS_MAKERS, FileFacts

PLUGIN_VERSION = __version__
DERIVED_MAKERS = ("pytest_claims.persist.cache", "pytest_claims.codec")
"""The code that lays out derived entries (parsed stubs, the parsed catalogue): the digest of its source is part of
their directory's name (`derived_namespace`); what each entry holds is keyed by its own maker (`stubs._maker`)."""


T = TypeVar("T")


def namespace(*parts: object) -> str:
    """A short stable hash of everything an entry depends on besides the content."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def derived_namespace(*inputs: object) -> str:
    """The name of the directory derived entries are kept in for these inputs (the typeshed version, the Python
    version): the code that lays them out and the plugin version besides."""
    return namespace(code_digest(*DERIVED_MAKERS), PLUGIN_VERSION, *inputs)


WRITES_PATIENCE_SECONDS = 60.0
"""How long the end of an engine run waits for its writer thread (a hung file system leaves the cache
incomplete, which costs the next run time, never correctness)."""


class _Writes:
    """Entries handed to one writer thread: file-system calls release the GIL, so the analysis goes on while
    they wait. An entry still queued is read from here, so a run reads back what it wrote."""

    def __init__(self) -> None:
        self.pending: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.ready = threading.Condition(self.lock)
        self.queue: deque[tuple[Path, bytes] | None] = deque()
        self.thread = threading.Thread(target=self._run, name="pytest-claims-writes", daemon=True)
        self.thread.start()

    def put(self, path: Path, data: bytes) -> None:
        with self.ready:
            self.pending[str(path)] = data
            self.queue.append((path, data))
            self.ready.notify()

    def get(self, path: Path) -> bytes | None:
        with self.lock:
            return self.pending.get(str(path))

    def _run(self) -> None:
        while True:
            with self.ready:
                while not self.queue:
                    self.ready.wait()
                item = self.queue.popleft()
            if item is None:
                return
            path, data = item
            with contextlib.suppress(Exception):  # OSError above all: a lost entry costs speed, never correctness
                write_atomic(path, data)
            with self.lock:
                if self.pending.get(str(path)) is data:
                    del self.pending[str(path)]

    def close(self) -> None:
        with self.ready:
            self.queue.append(None)
            self.ready.notify()
        self.thread.join(WRITES_PATIENCE_SECONDS)


_writes: _Writes | None = None
SWITCH_SECONDS = 0.0002
"""The GIL switch interval while the writer works: after each file-system call it waits for the GIL, and at
the default 5 ms it would write a few hundred entries a second while the analysis runs (so most at the end)."""


@contextmanager
def background_writes() -> Iterator[None]:
    """Entries written in the block go to a writer thread, all written (or given up on) when the block ends."""
    global _writes
    if _writes is not None:  # nested: the outer run's writer serves
        yield
        return
    _writes = _Writes()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
        writes, _writes = _writes, None
        writes.close()


def write_entry(path: Path, key: str, value: object) -> None:
    """`value` stored at `path`, bound to `key`: the name it is stored under (its namespace and digest)."""
    data = pack((key, value))
    writes = _writes
    if writes is not None:
        writes.put(path, data)
    else:
        write_atomic(path, data)


def read_entry(path: Path, key: str) -> object | None:
    """The value written for `key` at `path`, or None: missing, damaged, or made for another key (an entry
    copied under another file's digest, or another configuration's store)."""
    writes = _writes
    data = writes.get(path) if writes is not None else None
    try:
        data = data if data is not None else path.read_bytes()
    except OSError:
        return None
    try:
        raw = unpack(data)
    except ValueError:
        return None
    if type(raw) is not tuple or len(raw) != 2:
        return None
    made_for, value = raw
    return value if made_for == key else None


def read_document(path: Path | None, shape: dict[str, object]) -> dict[str, Any]:
    """A single-entry store (the verdicts, the summaries, the snapshot; its key is its name) as it was written,
    or empty when it is missing, damaged, made for another name, or not of `shape` (each part's stored type,
    `codec.conforms`): a checksum-valid entry of another shape is rebuilt like a damaged one, never used."""
    raw = read_entry(path, path.name) if path is not None else None
    if type(raw) is not dict or raw.keys() != shape.keys():
        return {}
    try:
        if not all(conforms(part, raw[name]) for name, part in shape.items()):
            return {}
    except RecursionError:  # nested deeper than anything this version writes: not of `shape`
        return {}
    return raw


class FactsCache:
    """Facts by file content. `parsed` and `hits` count what each run did (tests and benchmarks read them).

    `record` is the class the facts are kept as: its shape is part of the namespace, so facts of another shape
    (an older or newer plugin's) are never read back into it."""

    def __init__(self, directory: Path | None, record: type[FileFacts] = FileFacts) -> None:
        # the recursion limit decides how deep a file may nest before CPython's parser gives up on it
        versions: tuple[object, ...] = (
            code_digest(*FACTS_MAKERS),
            schema(record),
            PLUGIN_VERSION,
            sys.implementation.name,
        )
        versions += (sys.version_info[:3], sys.getrecursionlimit())
        self.directory = directory / f"facts-{namespace(*versions)}" if directory is not None else None
        self.record = record
        self.parsed = 0
        self.hits = 0
        self.rebuilt = 0

    def _path(self, digest: str) -> Path | None:
        if self.directory is None:
            return None
        return self.directory / digest[:2] / digest

    def _key(self, digest: str) -> str:
        return f"{self.directory.name if self.directory is not None else ''}/{digest}"

    def get(self, digest: str) -> FileFacts | None:
        path = self._path(digest)
        if path is None:
            return None
        raw = read_entry(path, self._key(digest))
        if raw is None and not path.exists():
            return None
        if raw is not None:
            # nested deeper than the stack allows: no facts this version makes are (`conditions.MAX_COND_DEPTH`),
            # so the entry is foreign, and rebuilt like any other of the wrong shape
            with contextlib.suppress(RecursionError):
                if conforms(self.record, raw):
                    facts = decode(self.record, raw)
                    self.hits += 1
                    return facts
        self.rebuilt += 1
        return None

    def put(self, digest: str, facts: FileFacts) -> None:
        path = self._path(digest)
        if path is None:
            return
        # a read-only or full cache directory costs speed, never correctness; so would facts too deeply nested to
        # encode or pickle (the extractor bounds conditions, `conditions.MAX_COND_DEPTH`): they would not be cached
        with contextlib.suppress(OSError, RecursionError):
            write_entry(path, self._key(digest), encode(facts))


class Derived:
    """Where data derived from fixed inputs persists between processes: parsed typeshed stubs and the parsed
    catalogue, which every process would otherwise parse again (about 0.3 s and 0.02 s). The engine points
    it at its cache directory for one check (`derived_in`); entries are keyed by a hash of the input, so a
    changed input is never served an old result. `built` and `kept` count per kind, for this process, the
    builds `derived` ran and the entries it wrote (tests read them, as they read `FactsCache`'s counters)."""

    directory: ClassVar[Path | None] = None
    built: ClassVar[Counter[str]] = Counter()
    kept: ClassVar[Counter[str]] = Counter()


@contextmanager
def derived_in(directory: Path | None) -> Iterator[None]:
    """Derived entries are kept in `directory` (None: nowhere) while the block runs, and where they were
    kept before once it ends."""
    before = Derived.directory
    Derived.directory = directory
    try:
        yield
    finally:
        Derived.directory = before


SHARED_ENV = "PYTEST_CLAIMS_SHARED_CACHE"
"""Names the per-machine cache's directory (`off`, `0` or empty: none); unset, the user's cache directory."""

_SHARED_OFF = frozenset({"", "0", "off", "false", "no"})


def shared_base() -> Path | None:
    """Where derived data shared by every project on the machine goes (`derived(..., shared=True)`): the
    directory `PYTEST_CLAIMS_SHARED_CACHE` names, else `pytest-claims` under the user's cache directory
    (`$XDG_CACHE_HOME`, else the platform's: `~/.cache`, `~/Library/Caches`, `%LOCALAPPDATA%`); None when it
    is turned off or there is no home to put it in."""
    named = os.environ.get(SHARED_ENV)
    if named is not None:
        named = named.strip()
        return None if named.lower() in _SHARED_OFF else Path(named).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "pytest-claims"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "pytest-claims"
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # no HOME and no password entry
        return None
    return home / ("Library/Caches" if sys.platform == "darwin" else ".cache") / "pytest-claims"


_usable: dict[Path, bool] = {}
"""Per process: whether a shared directory could be made and written to (asked once per directory)."""


def _shared_directory(directory: Path) -> Path:
    """Where a shared entry of `directory`'s namespace goes: that namespace under the per-machine cache, or
    `directory` itself when the per-machine cache is off or cannot be written (a read-only home)."""
    base = shared_base()
    if base is None:
        return directory
    shared = base / directory.name
    usable = _usable.get(shared)
    if usable is None:
        try:
            shared.mkdir(parents=True, exist_ok=True)
            usable = os.access(shared, os.W_OK | os.X_OK)
        except OSError:
            usable = False
        _usable[shared] = usable
    return shared if usable else directory


def derived(kind: str, source: bytes, build: Callable[[], T], record: type[T] | None = None, shared: bool = False) -> T:
    """`build()`, or what it built for the same `source` in an earlier process (read back as plain data: a
    `record` through its derived codec, anything else as it was pickled). A `shared` kind (parsed stubs: they
    depend on nothing of the project) is kept in the per-machine cache (`shared_base`) under the same namespace,
    so every project's first run reads what another parsed; only while the check keeps derived data at all."""
    directory = Derived.directory
    if directory is None:
        Derived.built[kind] += 1
        return build()
    if shared:
        directory = _shared_directory(directory)
    shape = schema(record) if record is not None else ""
    entry = directory / f"{kind}-{hashlib.sha256(source + shape.encode()).hexdigest()[:40]}"
    key = f"{directory.name}/{entry.name}"
    raw = read_entry(entry, key)
    if raw is not None and record is None:
        return raw  # type: ignore[return-value]
    if raw is not None:
        with contextlib.suppress(RecursionError):  # nested deeper than anything built here: rebuilt
            if conforms(record, raw):
                return decode(record, raw)  # type: ignore[arg-type]
    value = build()
    Derived.built[kind] += 1
    with contextlib.suppress(OSError, RecursionError):
        write_entry(entry, key, encode(value) if record is not None else value)
        Derived.kept[kind] += 1
    return value
