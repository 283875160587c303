"""What of the last run's conclusions still holds for this run's project: the incremental side of the engine.

The stores (`ports.VerdictSource`, `ports.SummarySource`) keep each directive reading, verdict and summary with
the modules it was built on; whether those modules changed is a question about the loaded project, answered here:

- a module is known to the stores by its content and its place (`keys`): the same bytes mean something else
  as a package's `__init__` (its relative imports start from itself, not its parent), and the reports name
  its file, so a module moved into or out of a package, or to another file, is changed;
- a module whose bytes changed but whose facts equal those of its old content is not changed (`SameFacts`,
  the early cutoff);
- the walks that looked for overrides are redone only when some changed module changed the class hierarchy
  (`hierarchy_changed`, over the class shapes `Validity.record_shapes` keeps);
- a directive reading, a verdict and the list of modules mentioning a word are the last run's while what they
  were built on is unchanged (`Validity`).

The engine asks `Validity` and records what it concluded in the stores; nothing here walks or judges.
"""

from __future__ import annotations

from functools import partial

from pytest_claims.analysis.hierarchyshape import hierarchy_shape
from pytest_claims.analysis.index import ModuleFile
from pytest_claims.analysis.lines import line_numbers, lines_ranked
from pytest_claims.analysis.ports import FactsSource, VerdictSource
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolution.target import class_bound
from pytest_claims.records import (
    CALLED_NAMES,
    METHOD_NAMES,
    FileFacts,
    Reading,
    StoredVerdict,
    VerdictKey,
    called_name,
    method_name,
)


def place(file: ModuleFile) -> str:
    """Where a module lies, as far as anything built on it can tell: the kind of file (a plain module, a
    package's `__init__`, a namespace folder; followed or not) and its path."""
    kind = "namespace" if file.path is None else "package" if file.is_package else "module"
    return f"{kind}{'+followed' if file.followed else ''}:{file.rel}"


def keys(project: Project) -> dict[str, str]:
    """module -> what the stores' items built on it depend on: its content digest and its `place` (a digest
    holds no "|"). Taken once, when the run compares: a file that changes under the run is saved with the key
    the run compared, so the next run finds it changed."""
    digests, files = project.modules.digests, project.index.modules
    return {name: f"{digests[name]}|{place(files[name])}" for name in digests}


def files_of(keys: dict[str, str]) -> dict[str, str]:
    """file (project-relative) -> module, from the keys a store was written with (`keys`, then `place`)."""
    return {_place_in(key).partition(":")[2]: name for name, key in keys.items()}


def _shape(project: Project, name: str) -> str:
    """`hierarchyshape.hierarchy_shape` with the module's place: the names its imports bind depend on it (a relative
    import), and a module that binds nothing of the kind stays "" wherever it lies."""
    shape = hierarchy_shape(project.modules[name].facts)
    return f"{shape}|{place(project.index.modules[name])}" if shape else ""


class SameFacts:
    """Of the modules whose bytes changed, those whose facts did not, and those whose facts only moved
    (`store.Same`), against the facts of their old content, still in the facts cache under its digest.

    Every verdict, summary and reading is computed from facts alone (directives, names, lines and call texts are
    facts; comments, docstrings and trailing spaces are not), so what was built on a module whose facts came out
    the same stands: an early cutoff, as build systems do for an output that came out the same. Facts equal
    but for where their lines lie (`lines.lines_ranked`) have moved: what was built on them stands but for its
    lines in that module (`lines` maps them). Never a file with problems (what cannot be read of it is reported
    with its line), and only where the module still lies (`place`): the same facts elsewhere mean something
    else. Each module is compared once per run (both stores ask)."""

    def __init__(self, project: Project, cache: FactsSource, keys: dict[str, str]) -> None:
        self.project = project
        self.cache = cache
        self.keys = keys
        self.known: dict[tuple[str, str], str] = {}
        self.lines: dict[str, dict[int, int]] = {}
        """A moved module's old line numbers -> its new ones (each line the facts hold)."""

    def __call__(self, changed: frozenset[str], old: dict[str, str]) -> tuple[frozenset[str], frozenset[str]]:
        """(the same, the moved) of the changed modules."""
        found = {name: self._compare(name, old.get(name, "")) for name in changed}
        return (
            frozenset(name for name, kind in found.items() if kind == "same"),
            frozenset(name for name, kind in found.items() if kind == "moved"),
        )

    def _compare(self, name: str, old_key: str) -> str:
        """same | moved | changed"""
        key = (name, old_key)
        known = self.known.get(key)
        if known is None:
            file = self.project.index.modules.get(name)
            old_digest, _, old_place = old_key.partition("|")
            moved = file is None or old_place != _place_in(self.keys[name])
            old_facts = self.cache.get(old_digest) if old_digest and not moved and file and file.path else None
            known = "changed"
            if old_facts is not None:
                facts = self.project.modules[name].facts
                if facts == old_facts:
                    known = "same"
                elif not facts.problems and not old_facts.problems and lines_ranked(facts) == lines_ranked(old_facts):
                    known = "moved"
                    self.lines[name] = dict(zip(line_numbers(old_facts), line_numbers(facts), strict=True))
            self.known[key] = known
        return known


class ChangedNames:
    """The names whose meaning for the project a change may have changed (`store.Names`): the words the changed
    modules' texts hold (`_called`), and the method names whose binding by the project's classes changed: every
    name a changed module binds in its classes otherwise than its old content did (its platform guards
    included), as `records.method_name` markers. What was built on asking whether the project binds such a name
    (a call on a value of unknown class, semantics §5) is stale; the rest stands. A module the last run never read
    (no class shape kept) decided none of the answers then: the names are read only from the modules whose
    text mentions them, until one binds the name unguarded (that one was read); every name it binds now counts
    as changed. `METHOD_NAMES` when a module the last run read has its old facts no longer in the facts
    cache: everything that asked is stale. Each module is compared once per run (both stores ask)."""

    def __init__(self, project: Project, cache: FactsSource, same: SameFacts) -> None:
        self.project = project
        self.cache = cache
        self.same = same
        self.known: dict[tuple[str, str, bool], frozenset[str]] = {}
        self.words: dict[tuple[str, str], frozenset[str]] = {}

    def __call__(self, changed: frozenset[str], old: dict[str, str], shapes: dict[str, str]) -> frozenset[str]:
        found: set[str] = set()
        for name in changed:
            found.update(self._changed(name, old.get(name, ""), name in shapes))
            found.update(self._called(name, old))
        return frozenset(found)

    def _called(self, name: str, old: dict[str, str]) -> frozenset[str]:
        """`records.called_name` markers for every word the changed module's text holds now: what was built on the
        project's calls of a function (found in the modules whose text names it, `Modules.naming`) is stale when
        the module may now call it under one of the names searched. What it held before needs no marker: a module
        that held one was read, and is a dependency itself. None for a module whose facts only moved (the same
        calls, at other lines: a dependency that reads it moves its lines); `CALLED_NAMES` alone for a text that
        cannot be read as Python reads it."""
        key = (name, old.get(name, ""))
        known = self.words.get(key)
        if known is None:
            _, moved = self.same(frozenset({name}), old)
            if name in moved:
                known = frozenset()
            else:
                words = self.project.modules.words_of(name)
                known = frozenset({CALLED_NAMES}) if words is None else frozenset(map(called_name, words))
            self.words[key] = known
        return known

    def _changed(self, name: str, old_key: str, was_read: bool) -> frozenset[str]:
        key = (name, old_key, was_read)
        known = self.known.get(key)
        if known is None:
            old_digest, _, old_place = old_key.partition("|")
            before: frozenset[tuple[str, str]] = frozenset()
            if was_read and old_digest and not old_place.startswith("namespace"):
                old_facts = self.cache.get(old_digest)
                if old_facts is None:
                    self.known[key] = known = frozenset({METHOD_NAMES})
                    return known
                before = bound_members(old_facts)
            modules = self.project.modules
            after = bound_members(modules[name].facts) if name in modules else frozenset()
            known = self.known[key] = frozenset(method_name(n) for n, _ in before ^ after)
        return known


def _place_in(key: str) -> str:
    """Where a module lies, from its key (`keys`: its content digest, then where it lies, after a `|`)."""
    _, _, place = key.partition("|")
    return place


def bound_members(facts: FileFacts) -> frozenset[tuple[str, str]]:
    """(name, the platform conditions over its binding) for every name the module's classes bind."""

    def conditions(*guards: int) -> str:
        return repr([(facts.conds[c], polarity) for guard in guards for c, polarity in facts.guards[guard]])

    return frozenset(
        (member, conditions(cls.guard, guard))
        for cls in facts.classes
        for member, guard in class_bound(facts.functions, cls)
    )


def hierarchy_changed(project: Project, changed: frozenset[str], old_shapes: dict[str, str]) -> bool:
    """Did the changed modules change any class, base or method name? Only then are the walks that looked for
    overrides in subclasses (HIERARCHY in their dependencies) redone."""
    for name in changed:
        old = old_shapes.get(name)
        if name not in project.index.modules:
            if old != "":
                return True  # a module is gone: unless it is known to have had no classes, assume it had
            continue
        new = _shape(project, name)
        if new != old and (old is not None or new != ""):
            # an unknown old shape is no change when the file has no class now: had it held a subclass the
            # hierarchy analysis used, that analysis would have read it (it names its base) and kept its shape
            return True
    return False


class Validity:
    """The verdict store compared with this run's project, and what of it may be reused.

    Made once per run, before anything is read from the store. The store and the summary store are given plain
    functions of the project (`hierarchy_changed`, `SameFacts`), never this object's methods: a store holding
    them would make a reference cycle of the run (see the engine's collector)."""

    def __init__(self, project: Project, cache: FactsSource, store: VerdictSource) -> None:
        self.project = project
        self.cache = cache
        self.store = store
        self.keys = keys(project)
        self.hierarchy = partial(hierarchy_changed, project)
        self.same = SameFacts(project, cache, self.keys)
        self.names = ChangedNames(project, cache, self.same)
        store.compare(self.keys, self.hierarchy, self.same, self.names)

    def reading(self, name: str) -> Reading | None:
        """The last run's directive reading of a module, while neither the module (in substance: `SameFacts`) nor
        any module its decorators were resolved through has changed; else None."""
        store = self.store
        reading = store.old_directives.get(name)
        if reading is None or name in store.changed or not store.substance.isdisjoint(reading.resolved_through):
            return None  # a reading holds lines of its own module only: others' may have moved
        return reading

    def verdict(self, key: VerdictKey) -> StoredVerdict | None:
        """The last run's stored verdict for a claim on a target, while none of the modules its
        walk read has changed (nor the class hierarchy, when it looked for overrides), its lines moved where some
        of them only moved (`store.Same`); else None."""
        store = self.store
        entry = store.old_verdicts.get(key)
        if entry is None or not store.changed or store.valid(entry.read):
            return entry
        if store.moved and entry.verdict is not None and store.valid(entry.read, moved=True):
            # the same walk over the same summaries: only where the moved modules' lines lie differs
            files = self.project.index.modules
            return store.move_lines(
                entry, {files[m].rel: self.same.lines[m] for m in store.moved.intersection(entry.read)}
            )
        return None

    def mentioning(self, word: str) -> tuple[str, ...]:
        """The modules whose text mentions `word`: the last run's answer for the unchanged ones (a warm run reads
        no file), the changed ones read again; every text read when the last run did not ask."""
        store, modules = self.store, self.project.modules
        old = store.old_words.get(word)
        if old is None:
            found = tuple(modules.holding(word))
        else:
            kept = [name for name in old if name not in store.changed and name in modules]
            fresh = [name for name in sorted(store.changed) if name in modules and modules.mentions_word(name, word)]
            found = tuple(sorted({*kept, *fresh}))
        store.words[word] = found
        return found

    def record_shapes(self) -> None:
        """The class shapes of every module whose facts this run had, and the earlier ones still valid."""
        project, store = self.project, self.store
        shapes = store.shapes
        shapes.update(
            (m, s) for m, s in store.old_shapes.items() if m not in store.changed and m in project.index.modules
        )
        for name in project.modules.loaded():
            shapes[name] = _shape(project, name)

    def save(self, partial: bool = False) -> None:
        """The class shapes recorded, then the verdict store written (unless nothing in it changed). `partial`: the
        run read and judged only some claims (a run given paths), so the last run's readings and verdicts that
        are still valid are kept beside this run's for the next."""
        self.record_shapes()
        if partial:
            store = self.store
            for name in store.old_directives.keys() - store.directives.keys():
                if self.reading(name) is not None:
                    store.directives[name] = store.old_directives[name]
            for key in store.old_verdicts.keys() - store.verdicts.keys():
                entry = self.verdict(key)  # with its lines moved where its modules only moved
                if entry is not None:
                    store.verdicts[key] = entry
        self.store.save(self.keys)
