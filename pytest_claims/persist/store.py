"""What the last run concluded, kept in the cache directory so the next run redoes only what changed.

Two stores, each a single entry written with the module digests of the run that wrote it (each module's
content digest and where it lies: `analysis.validity.keys`); an item in it is valid while none of the modules it
was computed from (its dependencies) has changed since:

- `VerdictStore`: directive readings and verdicts, read on every run (a warm run is mostly this read);
- `SummaryStore`: per-function summaries (what a body reaches, calls and cannot see), read only when some
  verdict has to be walked again, so editing one file re-resolves only the functions that depended on it.

Both are keyed by everything besides the sources that their items depend on (plugin, facts layout,
config, catalogue, stubs, Python version), so a stale item cannot be served.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Collection, Container
from typing import Any, TypeVar, cast

from pytest_claims.codec import all_conform, conforms, decode, encode, schema
from pytest_claims.codekey import code_digest, modules_under
from pytest_claims.persist.cache import PLUGIN_VERSION, FactsCache, namespace, read_document, write_entry
from pytest_claims.records import (
    CALLED_NAMES,
    HIERARCHY,
    METHOD_NAMES,
    PLATFORM,
    BlindCalls,
    ChainStep,
    FrontierEntry,
    Node,
    Reading,
    StoredVerdict,
    Summary,
    SummaryKey,
    Verdict,
    VerdictKey,
    Violation,
)
from pytest_claims.vocabulary import STATUSES  # a store holding any other was not written by this version

STORE_MAKERS = (
    "pytest_claims.analysis",
    "pytest_claims.config",
    "pytest_claims.engine",
    "pytest_claims.records",
    "pytest_claims.codec",
    "pytest_claims.dotted",
    "pytest_claims.vocabulary",
    "pytest_claims.persist.store",
)
"""The code that builds and reads the stores' items (every module of these, `codekey.modules_under`): the digest
of its source is part of both stores' keys, so no item another version of it made is reused."""

_NAMES = dict[str, str]
VERDICTS_SHAPE: dict[str, object] = {
    # a renamed decorator's name -> the modules whose text mentions it
    "words": dict[str, tuple[str, ...]],
    # module -> its directive reading (`Reading`); valid while neither the module nor the modules its decorators
    # resolved through changed (an edit that leaves the facts as they were is no change)
    "directives": dict[str, Reading],
    # (module, function index, platform) -> (modules the walk read, the verdict or None: no such function there)
    "verdicts": dict[VerdictKey, tuple[tuple[str, ...], Verdict | None]],
    "digests": _NAMES,
    "shapes": _NAMES,
}
"""What the verdict store holds, part by part (`read_document` checks a stored one against it)."""
SUMMARIES_SHAPE: dict[str, object] = {
    # `SummaryKey` (the function in its context, and the platform or "*": its own summary, or its summary in a
    # context, `Summaries.summary_in`) -> (modules it was resolved from, the summary: checked apart, all at once,
    # when the store is first read: `_conforming`)
    "summaries": dict[SummaryKey, tuple[tuple[str, ...], object]],
    "digests": _NAMES,
    "shapes": _NAMES,
    "subclasses": dict[tuple[str, str, int], tuple[tuple[str, int], ...]],
}
"""What the summary store holds, part by part (`read_document` checks a stored one against it)."""


def store_key(cache: FactsCache, inputs: tuple[object, ...], *more: object) -> str:
    """`inputs`: everything besides the sources the stored items depend on (the engine names them: config,
    catalogue, stubs, Python version)."""
    return namespace(
        code_digest(*modules_under(*STORE_MAKERS)),
        PLUGIN_VERSION,
        schema(Summary, Verdict, SummaryKey, Reading),  # every record the stores write through the codec
        *inputs,
        cache.directory.name if cache.directory is not None else "",  # whatever the facts depend on
        *more,
    )


Same = Callable[[frozenset[str], dict[str, str]], tuple[frozenset[str], frozenset[str]]]
"""Of the modules whose bytes changed since the run that wrote the digests given: those whose facts did not (a
comment, a blank line's spaces), which are not changed at all, as every item of a store is a function of facts;
and those whose facts are the same but for where their lines lie (`lines.lines_ranked`), which have *moved*: a
verdict that read them is the same walk, its lines in them moved (`analysis.validity.Validity.verdict`); a
directive reading, and a summary of another module's function, hold lines of their own module only (but a
summary's reaches placed in a dataclass's module, which its stored dependencies name: `lines_of`)."""


def lines_of(module: str) -> str:
    """The pseudo-module a stored summary depends on when it holds lines of `module`, not its own."""
    return f"<lines>{module}"


Names = Callable[[frozenset[str], dict[str, str], dict[str, str]], frozenset[str]]
"""Of the modules changed since the run that wrote the digests (and class shapes) given, the method names they
bind otherwise in their classes (`records.method_name`) and the words their texts hold (`records.called_name`),
as pseudo-modules: an item that asked about one of them is stale. Asked only when such an item is about to be
reused (it reads the changed modules' facts and texts)."""


def _asked(deps: Collection[str]) -> bool:
    """Whether an item asked about names a change may give another meaning (`Names`): a method name the project's
    classes bind, or a name the calls of a function were looked for under."""
    return METHOD_NAMES in deps or CALLED_NAMES in deps


def _names_once(
    names: Names | None, changed: frozenset[str], old: dict[str, str], shapes: dict[str, str]
) -> Callable[[], frozenset[str]]:
    """`names` for these changes, computed on first need and kept."""
    if names is None or not changed:
        return lambda: frozenset()
    return functools.cache(lambda: names(changed, old, shapes))


def _changed(
    digests: dict[str, str], old: dict[str, str], same: Same | None = None
) -> tuple[frozenset[str], frozenset[str]]:
    """Modules new, gone or edited since the run that wrote `old` (less those `same` finds equal in substance),
    and those of them whose facts only moved."""
    changed = frozenset(m for m in set(digests) | set(old) if digests.get(m, "") != old.get(m, ""))
    if not changed or same is None:
        return changed, frozenset()
    equal, moved = same(changed, old)
    return changed - equal, moved


def _shared(entries: dict[Any, Any], old: dict[Any, Any], kept: Container[int] = ()) -> dict[Any, Any]:
    """Equal tuples become one object, so pickle writes each once: the same verdict, blind call group or
    violation reached by many claims is stored (and read back) once. Two levels into an entry's value (a
    verdict's parts, then their items), not to the leaves: deeper sharing saved a sixth of the size and cost
    three times the time. Entries kept from the last run (`old`, the very objects read back) are shared already,
    as pickle read them: only new ones are looked at, so a run that redoes a few claims does not walk them all.
    `kept`: the identities of new entries made from old ones with their sharing kept (`VerdictStore.move_lines`)."""
    seen: dict[Any, Any] = {}
    return {
        key: tuple(entry) if entry is old.get(key) or id(entry) in kept else _interned(entry, seen)
        for key, entry in entries.items()
    }


def _interned(entry: tuple[tuple[str, ...], object], seen: dict[Any, Any]) -> tuple[object, object]:
    """A stored (dependencies, value) pair, a plain tuple, its parts interned (`_shared`)."""
    deps, value = entry
    return (_intern(deps, 0, seen), _intern(value, 2, seen))


def _module(key: tuple[object, ...]) -> str:
    """The module of the function a stored summary is of (its key as stored, `SummaryKey`'s encoding)."""
    return decode(SummaryKey, key).node.module


def _deps(entry: tuple[tuple[str, ...], object]) -> tuple[str, ...]:
    """What a stored (dependencies, value) pair was built on."""
    deps, _ = entry
    return deps


def _status(raw: object) -> object:
    """The status of an encoded verdict (`Verdict.status`, its first field)."""
    status, *_ = cast(tuple[object, ...], raw)
    return status


def _intern(value: Any, depth: int, seen: dict[Any, Any]) -> Any:
    """`value`, or the equal tuple met first (its items interned `depth` levels down). A plain function, not a
    closure over `seen`: a recursive closure is a reference cycle, which would keep every tuple in `seen` alive
    until the next cyclic collection (the engine builds no cycles, so that its objects can skip the collector)."""
    if type(value) is not tuple:
        return value
    known = seen.get(value)
    if known is None:
        if depth:
            value = tuple([_intern(item, depth - 1, seen) for item in value])
        seen[value] = known = value
    return known


class _Lazy:
    """A yes/no answered once, on first need."""

    def __init__(self, answer: Callable[[], bool]) -> None:
        self._answer: Callable[[], bool] | None = answer
        self._value = False

    def __call__(self) -> bool:
        if self._answer is not None:
            self._value, self._answer = self._answer(), None
        return self._value


class VerdictStore:
    """Verdicts and directive readings from the last run, each with the modules it was built on."""

    def __init__(self, cache: FactsCache, inputs: tuple[object, ...]) -> None:
        base = cache.directory.parent if cache.directory is not None else None
        self.path = base / f"verdicts-{store_key(cache, inputs)}" if base is not None else None
        old = read_document(self.path, VERDICTS_SHAPE)
        verdicts = {key: StoredVerdict._make(entry) for key, entry in old.get("verdicts", {}).items()}
        if not all(entry.verdict is None or _status(entry.verdict) in STATUSES for entry in verdicts.values()):
            old, verdicts = {}, {}  # the right shape, but not a verdict this version can give
        self.old_directives: dict[str, Reading] = {n: decode(Reading, r) for n, r in old.get("directives", {}).items()}
        self.old_verdicts: dict[VerdictKey, StoredVerdict] = verdicts
        self.old_digests: dict[str, str] = old.get("digests", {})
        self.old_words: dict[str, tuple[str, ...]] = old.get("words", {})
        """word -> the modules whose text mentioned it (the names `claims` was rebound to: `Validity.mentioning`)."""
        self.words: dict[str, tuple[str, ...]] = {}
        self.old_shapes: dict[str, str] = old.get("shapes", {})
        """module -> the shape of its classes (`hierarchyshape.hierarchy_shape`, with where the module lies) when
        the last run had its facts."""
        self.shapes: dict[str, str] = {}
        self.directives: dict[str, Reading] = {}
        self.verdicts: dict[VerdictKey, StoredVerdict] = {}
        self.changed: frozenset[str] = frozenset()
        self.moved: frozenset[str] = frozenset()
        """The changed modules whose facts only moved (`Same`)."""
        self.substance: frozenset[str] = frozenset()
        """The changed modules less the moved ones."""
        self._names: Callable[[], frozenset[str]] = lambda: frozenset()
        """The method names the changed modules bind otherwise (`Names`), on first need."""
        self._hierarchy = _Lazy(lambda: False)
        self._moved: dict[int, StoredVerdict | None] = {}
        """Stored verdicts with their lines moved (`move_lines`), by the stored entry's identity."""
        self._moved_parts: dict[int, Any] = {}
        """Their parts in moved files, by the stored part's identity (`_moved_lines`)."""

    @property
    def written(self) -> bool:
        """Whether `save` writes the verdicts for the next run (not with the cache off)."""
        return self.path is not None

    def compare(
        self,
        digests: dict[str, str],
        hierarchy: Callable[[frozenset[str], dict[str, str]], bool],
        same: Same | None = None,
        names: Names | None = None,
    ) -> None:
        """Which modules differ from the stored run: a verdict that read none of them is valid. `hierarchy` says
        whether the changed modules changed the class hierarchy; it is asked only when a verdict that looked for
        overrides (HIERARCHY among its dependencies) is about to be reused. `same`: see `Same`; `names`: see
        `Names`."""
        self.changed, self.moved = _changed(digests, self.old_digests, same)
        self.substance = self.changed - self.moved
        self._names = _names_once(names, self.changed, self.old_digests, self.old_shapes)
        changed, shapes = self.changed, self.old_shapes  # not `self`: no reference cycle (see engine's collector)
        self._hierarchy = _Lazy(lambda: hierarchy(changed, shapes))

    def valid(self, deps: tuple[str, ...], moved: bool = False) -> bool:
        """Whether none of `deps` changed; `moved`: none but those whose facts only moved."""
        if not (self.substance if moved else self.changed).isdisjoint(deps):
            return False
        if _asked(deps) and not self._names().isdisjoint(deps):
            return False
        return HIERARCHY not in deps or not self._hierarchy()

    def move_lines(self, entry: StoredVerdict, lines: dict[str, dict[int, int]]) -> StoredVerdict | None:
        """A stored verdict with each line in the files of `lines` (file -> old line -> new line) moved, worked
        on the stored form (`_moved_lines`); None when a line there is not in its file's map."""
        key = id(entry)
        if key not in self._moved:
            raw = _moved_lines(entry.verdict, lines, self._moved_parts)
            self._moved[key] = StoredVerdict(entry.read, raw) if raw is not None else None
        return self._moved[key]

    def save(self, digests: dict[str, str]) -> None:
        """Written unless nothing in it would change. Edits that left the facts as they were (a comment) change
        nothing: the store keeps the digests of the content its items were built on, and the next run compares
        that content with the file's again (both facts from the cache), rather than rewriting the store."""
        if self.path is None:
            return
        self.verdicts = _encoded(self.verdicts)
        same = self.directives == self.old_directives and self.verdicts == self.old_verdicts
        if not self.changed and same and self.words == self.old_words:
            return
        document = {
            "words": self.words,
            "directives": {name: encode(reading) for name, reading in self.directives.items()},
            "verdicts": _shared(self.verdicts, self.old_verdicts, {id(e) for e in self._moved.values() if e}),
            "digests": digests,
            "shapes": self.shapes,
        }
        with contextlib.suppress(OSError):
            write_entry(self.path, self.path.name, document)


def _encoded(verdicts: dict[Any, StoredVerdict]) -> dict[Any, StoredVerdict]:
    """The run's verdicts with those its walks gave (`Verdict` records, kept as they are while the run needs
    them: an encoded copy of each, made as it was walked, would live beside it to the end) encoded for the
    store, each verdict object once."""
    done: dict[int, object] = {}
    encoded: dict[Any, StoredVerdict] = {}
    for key, entry in verdicts.items():
        verdict = entry.verdict
        if isinstance(verdict, Verdict):
            raw = done.get(id(verdict))
            if raw is None:
                raw = done[id(verdict)] = encode(verdict)
            entry = StoredVerdict(entry.read, raw)
        encoded[key] = entry
    return encoded


class SummaryStore:
    """Function summaries of the last run with the same targets, read on first need.

    Keyed by `SummaryKey`; a summary that consulted nothing platform-specific is kept once under platform "*"
    for every target of the run. Summaries in a context (a receiver, literal arguments) are kept as plain ones
    are: the walks an edit redoes enter most functions in the same contexts as before. The run's target list is
    part of the store's key: whether a summary is platform-specific is judged against the other targets of the
    run that made it.
    """

    def __init__(
        self,
        cache: FactsCache,
        inputs: tuple[object, ...],
        targets: tuple[str, ...],
        digests: dict[str, str],
        hierarchy: Callable[[frozenset[str], dict[str, str]], bool],
        shapes: dict[str, str],
        same: Same | None = None,
        names: Names | None = None,
    ) -> None:
        base = cache.directory.parent if cache.directory is not None else None
        self.path = base / f"summaries-{store_key(cache, inputs, targets)}" if base is not None else None
        self.digests = digests
        self.hierarchy = hierarchy
        self.same = same
        self.names = names
        self.shapes = shapes
        """The shapes the verdict store will save (the same dict): the summaries are judged by them too."""
        self._old: dict[Any, Any] | None = None
        self._changed: frozenset[str] = frozenset()
        """The modules changed since the stored run, less those whose facts only moved (`_moved`)."""
        self._moved: frozenset[str] = frozenset()
        self._names: Callable[[], frozenset[str]] = lambda: frozenset()
        self._hierarchy_changed = _Lazy(lambda: False)
        self._new: dict[Any, Any] = {}
        self._old_subclasses: dict[Any, Any] = {}
        self._new_subclasses: dict[Any, Any] = {}
        self.loaded = 0
        self.computed = 0

    def _stored(self) -> dict[Any, Any]:
        """The last run's summaries, read on first need, and which modules changed since that run."""
        if self._old is None:
            document = read_document(self.path, SUMMARIES_SHAPE)
            self._old = _conforming(document.get("summaries", {}))
            self._old_subclasses = document.get("subclasses", {})
            old_digests = document.get("digests", {})
            (changed, moved), shapes = _changed(self.digests, old_digests, self.same), document.get("shapes", {})
            self._changed, self._moved = changed - moved, moved
            self._names = _names_once(self.names, changed, old_digests, shapes)
            hierarchy = self.hierarchy  # not `self`: no reference cycle
            self._hierarchy_changed = _Lazy(lambda: bool(changed) and hierarchy(changed, shapes))
        return self._old

    def get(self, node: Node, platform: str) -> Summary | None:
        if self.path is None:
            return None
        stored = self._stored()
        # a named tuple equals, and hashes as, the plain tuple the store holds (`put`)
        entry = stored.get(SummaryKey(node, platform)) or stored.get(SummaryKey(node, "*"))
        if entry is None:
            return None
        deps, raw = entry
        if not self._valid(node.module, deps):
            return None
        self.loaded += 1
        return decode(Summary, raw)

    def subclasses(self, platform: str, key: tuple[str, int]) -> list[tuple[str, int]] | None:
        """The direct project subclasses of a class found on an earlier run, while no module changed its classes
        or imports since (the hierarchy search parses every module naming the class: a touched file need not)."""
        if self.path is None:
            return None
        self._stored()
        module, index = key
        found = self._old_subclasses.get((platform, module, index))
        if found is None or self._hierarchy_changed():
            return None
        return [(str(m), int(i)) for m, i in found]

    def put_subclasses(self, platform: str, key: tuple[str, int], found: list[tuple[str, int]]) -> None:
        if self.path is not None:
            module, index = key
            self._new_subclasses[platform, module, index] = tuple(found)

    def _valid(self, module: str, deps: tuple[str, ...]) -> bool:
        """Whether a summary of a function of `module` built on `deps` stands: none of them changed, but for
        moves of modules whose lines it does not hold (`Same`)."""
        if not self._changed.isdisjoint(deps) or (_asked(deps) and not self._names().isdisjoint(deps)):
            return False
        if self._moved and (module in self._moved or any(lines_of(m) in deps for m in self._moved)):
            return False
        return HIERARCHY not in deps or not self._hierarchy_changed()

    def put(self, node: Node, platform: str, summary: Summary) -> None:
        if self.path is not None:
            self.computed += 1
            where = platform if PLATFORM in summary.deps else "*"
            deps = summary.deps.union(lines_of(r.module) for r in summary.reaches if r.module)
            self._new[encode(SummaryKey(node, where))] = (tuple(sorted(deps)), summary)  # encoded on save

    def fresh(self) -> tuple[dict[Any, Any], dict[Any, Any]]:
        """The summaries and subclass lists this run computed, as `save` would keep them (another process's walks
        hand them to the run that saves: `adopt`)."""
        return self._new, self._new_subclasses

    def adopt(self, summaries: dict[Any, Any], subclasses: dict[Any, Any], counts: tuple[int, int]) -> None:
        """What `fresh` gave in another process with the same store: kept as if computed here. A summary computed
        in both is the same (it depends on its function and context alone); the first one stays."""
        if self.path is not None:
            for key, entry in summaries.items():
                self._new.setdefault(key, entry)
            for key, found in subclasses.items():
                self._new_subclasses.setdefault(key, found)
        computed, loaded = counts
        self.computed += computed
        self.loaded += loaded

    def save(self) -> None:
        """Still-valid old summaries and the new ones; nothing is written when nothing was computed."""
        if self.path is None or not (self._new or self._new_subclasses):
            return
        kept = {key: entry for key, entry in self._stored().items() if self._valid(_module(key), _deps(entry))}
        # encoded only now: the run's own summaries are the resolvers' until the walks end, and a copy of each
        # made as it was computed would have lived beside them
        kept.update((key, (deps, encode(summary))) for key, (deps, summary) in self._new.items())
        old = self._old_subclasses  # asked only when there is something to keep: it may parse changed modules
        subclasses = dict(old) if old and not self._hierarchy_changed() else {}
        subclasses.update(self._new_subclasses)
        with contextlib.suppress(OSError):
            document = {"summaries": _shared(kept, self._stored()), "digests": self.digests, "shapes": self.shapes}
            write_entry(self.path, self.path.name, {**document, "subclasses": subclasses})


def _conforming(summaries: dict[Any, Any]) -> dict[Any, Any]:
    """The stored summaries of the right shape: all checked at once (a run that reads the store at all uses
    hundreds of them), one by one only to drop the bad ones when some are."""
    if all_conform(Summary, [raw for _, raw in summaries.values()]):
        return summaries
    return {key: (deps, raw) for key, (deps, raw) in summaries.items() if conforms(Summary, raw)}


Moved = TypeVar("Moved", Violation, FrontierEntry, ChainStep)


def _moved(kind: type[Moved], stored: Any, lines: dict[str, dict[int, int]]) -> Any:
    """A stored violation, frontier entry or chain step with its line moved when its file is among `lines`
    (KeyError: the line is not in its file's map), read and rebuilt by the record's field names; the stored
    tuple itself when its file did not move. Always a plain tuple: the store holds no records."""
    item = kind._make(stored)
    if item.file not in lines:
        return stored
    return tuple(item._replace(line=lines[item.file][item.line]))


def _moved_steps(stored: Any, lines: dict[str, dict[int, int]], memo: dict[int, Any]) -> Any:
    """A stored violation with the lines of its steps in the files of `lines` moved (KeyError: one is not)."""
    violation = Violation._make(stored)
    steps = violation.steps
    if not any(ChainStep._make(step).file in lines for step in steps):
        return stored
    new = memo.get(id(steps))
    if new is None:
        new = memo[id(steps)] = tuple(_moved(ChainStep, step, lines) for step in steps)
    return tuple(violation._replace(steps=new))


def _moved_items(kind: type[Moved], items: Any, lines: dict[str, dict[int, int]], memo: dict[int, Any]) -> Any:
    """A stored verdict's violations or frontier entries with their lines moved, each moved once (`memo`)."""
    moved = []
    for stored in items:
        item = stored
        if kind._make(stored).file in lines:
            item = memo.get(id(stored))
            if item is None:
                item = memo[id(stored)] = _moved(kind, stored, lines)
        if kind is Violation:
            item = _moved_steps(item, lines, memo)
        moved.append(item)
    return tuple(moved)


def _moved_lines(raw: Any, lines: dict[str, dict[int, int]], memo: dict[int, Any]) -> Any:
    """A stored verdict with its lines in the files of `lines` moved; None when one is not in its file's map.

    Every list in it stays in order, as moving lines keeps their order. A part in no such file stays the very
    object read back, and `memo` (id -> moved part) moves a part shared by several verdicts once, so what the
    store shared stays shared without interning it again. Parts are read by their records' field names (`encode`
    keeps them in field order) and written back as plain tuples."""
    verdict = Verdict._make(raw)
    try:
        violations = _moved_items(Violation, verdict.violations, lines, memo)
        frontier = _moved_items(FrontierEntry, verdict.frontier, lines, memo)
        calls = []
        for stored in verdict.blind:
            group = BlindCalls._make(stored)
            part: Any = stored
            if group.file in lines:
                part = memo.get(id(stored))
                if part is None:
                    by = lines[group.file]
                    moved = tuple((by[line], code) for line, code in group.calls)
                    part = memo[id(stored)] = tuple(group._replace(calls=moved))
            calls.append(part)
    except KeyError:
        return None
    return tuple(verdict._replace(violations=violations, frontier=frontier, blind=tuple(calls)))


def encode_verdict(verdict: Verdict) -> tuple[object, ...]:
    """What a walk found, as plain tuples; the rest of a claim's result comes from its directive reading."""
    return encode(verdict)


def decode_verdict(raw: Any) -> Verdict:
    """A verdict back from `encode_verdict`."""
    return decode(Verdict, raw)
