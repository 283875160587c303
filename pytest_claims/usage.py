"""Usage warnings about `[tool.claims]`: settings that are valid but do nothing, which a run must name.

A misspelled `deny` is a rule the user believes in and does not have; an `exclude` pattern that matches nothing
leaves in what the user meant to leave out. Neither stops a run: each is one line, a warning, naming the key and
(for a dotted name) the nearest name that does exist.

A dotted name exists when it names a project module, or something a project module defines at its top level
(a function, a class, a binding: what lies inside one is not looked into, a class's method is accepted by its
class); a stdlib module or a member the stubs give it on one of the target platforms; or anything under an
installed top-level package (found on the path, never imported) or under a top-level name the project's source
text holds as a word (a dependency installed only on another Python version or OS: `tomli` under 3.10).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from functools import cache
from importlib.machinery import PathFinder

from pytest_claims.analysis.index import _find_installed as find_installed
from pytest_claims.analysis.stubs import is_stub_module, stdlib_tops, stub_names, stubs_for
from pytest_claims.config import DEFAULT_EXCLUDE, Config
from pytest_claims.engine import Result, host_version
from pytest_claims.excludes import unmatched


def usage_warnings(result: Result) -> list[str]:
    """Every warning for the run's configuration, in the order of its keys."""
    config = result.config
    where = f"{config.file_rel() or 'pyproject.toml'} [tool.claims]"
    lines = [
        f"{where} exclude: {pattern!r} matches no file or directory (a name, or a path relative to"
        f" {config.file_rel() or 'pyproject.toml'}'s directory or to a package's; `**/` for any directories)"
        for pattern in unmatched_excludes(config)
    ]
    names = _Names(result)
    for key, name in configured_names(config):
        if not names.exists(name):
            near = names.nearest(name)
            hint = f"; did you mean {near!r}?" if near else ""
            lines.append(
                f"{where} {key}: {name!r} names nothing the analysis can find (no project name, stdlib module or"
                f" member, or installed package){hint}"
            )
    return lines


def unmatched_excludes(config: Config) -> list[str]:
    """The configured `exclude` patterns that match nothing (the defaults are never named)."""
    if not config.present or config.exclude == DEFAULT_EXCLUDE:
        return []
    return unmatched(config.root, [p for p in config.exclude if p not in DEFAULT_EXCLUDE], config.packages)


def configured_names(config: Config) -> Iterator[tuple[str, str]]:
    """(key, dotted name) of every name `deny`, `allow`, `trusted`, `trusted-for` and `follow` give."""
    for name in config.trusted:
        yield "trusted", name
    for key, table in (("trusted-for", config.trusted_for), ("deny", config.deny), ("allow", config.allow)):
        for claim in sorted(table):
            for name in table[claim]:
                yield f"{key}.{claim}", name
    for claim in sorted(config.define):
        for name in config.define[claim].deny:
            yield f"define.{claim}.deny", name
    for name in config.follow:
        yield "follow", name


class _Names:
    """Does a dotted name exist, and which existing name is nearest to one that does not."""

    def __init__(self, result: Result) -> None:
        self.modules = result.project.modules
        self.platforms = tuple(dict.fromkeys((*result.platforms, *result.config.platforms)))
        self.version = host_version()

    def exists(self, name: str) -> bool:
        """Judged by whoever owns the top-level name: the project first, then the stdlib, then what is
        installed (a project installed in its own environment does not vouch for its misspelt names)."""
        parts = name.split(".")
        if self._project(parts) or parts[0] in self.modules:
            return self._project(parts)
        if parts[0] in stdlib_tops(self.version):
            return self._stdlib(parts)
        # not installed here, but named by the project's code: a dependency of another Python version or OS
        return _installed(parts[0]) or bool(self.modules.holding(parts[0]))

    def _project(self, parts: list[str]) -> bool:
        for cut in range(len(parts), 0, -1):
            module = ".".join(parts[:cut])
            if module in self.modules:
                return cut == len(parts) or parts[cut] in self._defined(module)
        prefix = ".".join(parts) + "."
        return any(m.startswith(prefix) for m in self.modules)  # a namespace package

    def _defined(self, module: str) -> set[str]:
        """The names a project module defines at its top level (its facts: parsed or from the cache)."""
        facts = self.modules[module].facts
        names = {b.name for b in facts.bindings}
        names.update(f.qualname.split(".")[0] for f in facts.functions)
        names.update(c.qualname.split(".")[0] for c in facts.classes)
        names.update(m.rpartition(".")[2] for m in self.modules if m.startswith(module + "."))
        return names

    def _stdlib(self, parts: list[str]) -> bool:
        for cut in range(len(parts), 0, -1):
            module = ".".join(parts[:cut])
            if is_stub_module(module, self.version):
                rest = tuple(parts[cut:])
                return not rest or any(
                    stubs_for(p, self.version).member(module, rest).kind != "missing" for p in self.platforms
                )
        return False

    def nearest(self, name: str) -> str | None:
        close = difflib.get_close_matches(name, sorted(set(self._candidates(name))), n=1, cutoff=0.6)
        return close[0] if close else None

    def _candidates(self, name: str) -> Iterable[str]:
        parts = name.split(".")
        yield from self.modules
        yield from stdlib_tops(self.version)
        for cut in range(len(parts) - 1, 0, -1):
            module = ".".join(parts[:cut])
            if module in self.modules:
                yield from (f"{module}.{n}" for n in self._defined(module))
            elif is_stub_module(module, self.version):
                yield from (f"{module}.{n}" for n in stub_names(module, self.version))


@cache
def _installed(top: str) -> bool:
    """An installed top-level package or module of that name, found on the path, never imported."""
    if not top.isidentifier():
        return False
    return find_installed(top) is not None or PathFinder.find_spec(top) is not None
