"""Which claims a change to some files can affect, judged by the dependencies their stored verdicts record (a
changed-only run: `--claims-changed`, `check --changed`).

A stored verdict lists the modules its walk read, and markers for the whole-project questions it asked
(`records.HIERARCHY`, `records.method_name`, `records.called_name`). A claim is affected by a change when a
changed module is among the modules it read; when it searched the class hierarchy and a changed module's class
shape (`hierarchyshape.hierarchy_shape`) differs from its old content's; when it asked whether the project binds
a method name that a changed module's classes bind otherwise than before (`validity.bound_members`); when it looked for
the calls of a function under a name that a line the change added or removed holds (a module that called it
under that name before was read, and is among the modules); and always when it has no stored verdict (a cold
cache, a new claim). The old content is what the caller hands in (the front ends read it from git); nothing
here runs anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.hierarchyshape import hierarchy_shape
from pytest_claims.analysis.project import Project, text_words
from pytest_claims.analysis.validity import bound_members
from pytest_claims.records import CALLED_NAMES, HIERARCHY, METHOD_NAMES, StoredVerdict
from pytest_claims.sourcetext import searchable


class Change(NamedTuple):
    """What changed, as the analysis sees it: the modules whose files changed (by name, those gone included),
    whether any of them changed the class hierarchy, the method names they bind otherwise in their classes, and
    the words of the lines that differ (None: a text that cannot be read, which may hold any word)."""

    modules: frozenset[str]
    hierarchy: bool
    methods: frozenset[str]
    words: frozenset[str] | None


def change_of(project: Project, old: Mapping[str, bytes | None], places: Mapping[str, str]) -> Change:
    """The change from `old` (project-relative path of each changed file -> its old bytes, None when it did not
    exist) to the files as they are now. `places`: project-relative path -> module name, for modules gone since
    (a store's record of where each module lay); a path that is no module, now or then, is no change."""
    files = project.index.modules
    by_path = {file.rel: name for name, file in files.items() if file.path is not None}
    modules: set[str] = set()
    hierarchy = False
    methods: set[str] = set()
    words: set[str] | None = set()
    for rel, data in sorted(old.items()):
        name = by_path.get(rel) or places.get(rel)
        if name is None:
            continue
        modules.add(name)
        now = project.modules[name].facts if name in files else None
        before = extract(data, rel) if data is not None else None
        shape_now = hierarchy_shape(now) if now is not None else ""
        shape_before = hierarchy_shape(before) if before is not None else ""
        hierarchy = hierarchy or shape_now != shape_before
        bound_now = bound_members(now) if now is not None else frozenset()
        bound_before = bound_members(before) if before is not None else frozenset()
        methods.update(member for member, _ in bound_now ^ bound_before)
        found = _changed_words(data, _now(project, name))
        words = None if words is None or found is None else words | found
    return Change(frozenset(modules), hierarchy, frozenset(methods), None if words is None else frozenset(words))


def _changed_words(old: bytes | None, new: bytes | None) -> frozenset[str] | None:
    """The words of the lines one text holds and the other does not (each text as Python reads it): a name a
    module calls a function by that it did not before is on such a line. None when a text cannot be read."""
    if new is None:
        return None
    was, now = searchable(old) if old is not None else b"", searchable(new)
    if was is None or now is None:
        return None
    before, after = Counter(was.splitlines()), Counter(now.splitlines())
    differing = b"\n".join([*(before - after), *(after - before)])
    return text_words(differing)


def _now(project: Project, name: str) -> bytes | None:
    """The module's text now: empty when it is gone, None when it cannot be read (it may hold any word)."""
    file = project.index.modules.get(name)
    if file is None or file.path is None:
        return b""
    try:
        return file.path.read_bytes()
    except OSError:
        return None


def affects(change: Change, stored: StoredVerdict | None) -> bool:
    """Whether the change can alter a verdict stored with these dependencies (always, with none stored)."""
    if stored is None:
        return True
    read = stored.read
    if not change.modules:
        return False
    if not change.modules.isdisjoint(read):
        return True
    if change.hierarchy and HIERARCHY in read:
        return True
    return any(_asked(change, dep) for dep in read if dep.startswith("<"))


def _asked(change: Change, dep: str) -> bool:
    """Whether a marker among a verdict's dependencies names something the change may have given another meaning."""
    if dep.startswith(METHOD_NAMES):
        name = dep[len(METHOD_NAMES) :]  # the bare marker only says that some name was asked
        return bool(name) and name in change.methods
    if dep.startswith(CALLED_NAMES):
        name = dep[len(CALLED_NAMES) :]
        return bool(name) and (change.words is None or name in change.words)
    return False


Key = tuple[str, int, str]
"""A claim on a target: (module, function index, platform)."""


def affected(change: Change, keys: Iterable[Key], stored: Mapping[Key, StoredVerdict]) -> set[Key]:
    """Of the claims `keys` names ((module, function index, platform) each), those the change can affect."""
    return {key for key in keys if affects(change, stored.get(key))}
