"""What the analysis asks of storage, as interfaces it declares and `persist` satisfies without being imported.

The analysis reads facts by content, the file-system snapshot, the last run's summaries and verdicts, and data
derived from fixed inputs (parsed stubs, the parsed catalogue) only through these; the composition roots (the
engine, the plugin, the command line) hand in the `persist` implementations. Without them the analysis works
alone: nothing is read back and nothing is kept (`NoFacts`, `NoSnapshot`, `build_only`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from pytest_claims.records import FileFacts, Node, Reading, StoredVerdict, Summary, VerdictKey

T = TypeVar("T")

StatKey = tuple[int, int, int, int]
"""A file's stat data as a snapshot compares it (`files.stat_key`)."""


class FactsSource(Protocol):
    """Facts by the digest of the file's content (`persist.cache.FactsCache`); `parsed` counts the parses."""

    parsed: int

    def get(self, digest: str) -> FileFacts | None: ...

    def put(self, digest: str, facts: FileFacts) -> None: ...


class NoFacts:
    """No facts kept: every file is parsed."""

    def __init__(self) -> None:
        self.parsed = 0

    def get(self, digest: str) -> FileFacts | None:
        return None

    def put(self, digest: str, facts: FileFacts) -> None:
        return None


class SnapshotSource(Protocol):
    """What the file system looked like on the last run (`persist.snapshot.Snapshot`)."""

    def walk(self, key: tuple[object, ...]) -> Any | None: ...

    def record_walk(self, key: tuple[object, ...], dirs: tuple[tuple[str, int], ...], result: Any) -> None: ...

    def vouch(self, paths: Iterable[str]) -> dict[str, tuple[str, bool]]: ...

    def record_file(self, path: str, key: StatKey, digest: str, mentions: bool) -> None: ...

    def save(self) -> None: ...


class NoSnapshot:
    """No snapshot: every package is walked and every file hashed."""

    def walk(self, key: tuple[object, ...]) -> Any | None:
        return None

    def record_walk(self, key: tuple[object, ...], dirs: tuple[tuple[str, int], ...], result: Any) -> None:
        return None

    def vouch(self, paths: Iterable[str]) -> dict[str, tuple[str, bool]]:
        return {}

    def record_file(self, path: str, key: StatKey, digest: str, mentions: bool) -> None:
        return None

    def save(self) -> None:
        return None


class SummarySource(Protocol):
    """The last run's function summaries, and where this run's go (`persist.store.SummaryStore`)."""

    def get(self, node: Node, platform: str) -> Summary | None: ...

    def put(self, node: Node, platform: str, summary: Summary) -> None: ...

    def subclasses(self, platform: str, key: tuple[str, int]) -> list[tuple[str, int]] | None: ...

    def put_subclasses(self, platform: str, key: tuple[str, int], found: list[tuple[str, int]]) -> None: ...


Same = Callable[[frozenset[str], dict[str, str]], tuple[frozenset[str], frozenset[str]]]
"""Of the changed modules, those whose facts did not change and those whose facts only moved (`validity.SameFacts`)."""
Names = Callable[[frozenset[str], dict[str, str], dict[str, str]], frozenset[str]]
"""The method names the changed modules bind otherwise in their classes, and the words their texts hold
(`validity.ChangedNames`)."""


class VerdictSource(Protocol):
    """The last run's directive readings and verdicts, and this run's (`persist.store.VerdictStore`): `old_*` as
    read back, the others what this run keeps; `changed` / `moved` / `substance` what `compare` found."""

    old_directives: dict[str, Reading]
    old_verdicts: dict[VerdictKey, StoredVerdict]
    old_words: dict[str, tuple[str, ...]]
    old_shapes: dict[str, str]
    directives: dict[str, Reading]
    verdicts: dict[VerdictKey, StoredVerdict]
    words: dict[str, tuple[str, ...]]
    shapes: dict[str, str]
    changed: frozenset[str]
    moved: frozenset[str]
    substance: frozenset[str]

    @property
    def written(self) -> bool:
        """Whether the run's verdicts are written for the next run (what a walk read is kept only then)."""
        ...

    def compare(
        self,
        digests: dict[str, str],
        hierarchy: Callable[[frozenset[str], dict[str, str]], bool],
        same: Same | None = None,
        names: Names | None = None,
    ) -> None: ...

    def valid(self, deps: tuple[str, ...], moved: bool = False) -> bool: ...

    def move_lines(self, entry: StoredVerdict, lines: dict[str, dict[int, int]]) -> StoredVerdict | None: ...

    def save(self, digests: dict[str, str]) -> None: ...


class Derive(Protocol):
    """`build()`, or what it built for the same `source` in an earlier process (`persist.cache.derived`)."""

    def __call__(
        self, kind: str, source: bytes, build: Callable[[], T], record: type[T] | None = None, shared: bool = False
    ) -> T: ...


def build_only(
    kind: str, source: bytes, build: Callable[[], T], record: type[T] | None = None, shared: bool = False
) -> T:
    """No derived data kept: built every time."""
    return build()


_DERIVE: list[Derive] = [build_only]
"""The `Derive` in use: `build_only` until a composition root installs the persistent one (`use_derived`)."""


def use_derived(derive: Derive) -> None:
    """Derived data goes through `derive` from now on (the engine installs `persist.cache.derived` on import)."""
    _DERIVE[0] = derive


def derived(kind: str, source: bytes, build: Callable[[], T], record: type[T] | None = None, shared: bool = False) -> T:
    """As the installed `Derive` does it."""
    return _DERIVE[0](kind, source, build, record, shared)
