"""The capability catalogue (semantics §6): which stdlib names reach outside the process, and why.

The catalogue itself is data (`data/catalogue.toml`), not code, so it can be reviewed and extended without
touching the checker. This module loads it once, validates it (a typo in a category or a contradictory
judgement must fail loudly, never silently pass), and answers the checker's questions with a handful of
dict lookups per dotted prefix, because they are asked for every name every analysed function uses.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

from pytest_claims.analysis.ports import derived
from pytest_claims.vocabulary import CATEGORIES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["WRITING", "Catalogue", "Condition", "Entry", "load_catalogue", "parse_catalogue"]

WRITING = "wax+"
"""The letters of a file mode that open for writing: a `when_writing` mode holding none of them only reads."""

_SECTIONS = ("aliases", "capabilities", "exempt", "pure")
_ENTRY_FIELDS = frozenset({"categories", "reason", "positional", "conditions"})
_CLAUSES = ("unless-given", "when-writing", "when-path", "unless-instance", "unless-marked")
_CONDITION_FIELDS = frozenset({"categories", *_CLAUSES, "of", "marks", "all"})


@dataclass(frozen=True)
class Condition:
    """When some of an entry's categories are not reached, judged from the call's arguments (each named as the
    stub names the parameter). The categories are dropped when any clause given says so (with `all`: when every
    clause given says so, as `time.strftime` reads the host's zone unless given a tuple AND a format without
    `%Z`/`%z`):

    - `unless_given`: the argument is known not to be None;
    - `when_writing`: the argument (a mode) is left out, or is a literal with none of `w`, `a`, `x`, `+`;
    - `when_path`: the argument is known to be of a class other than str, bytes or a path;
    - `unless_instance`: the argument is known to be an instance of the class `of`;
    - `unless_marked`: the argument is a literal string holding none of the `marks` (`["%Z", "%z"]`).

    The static pass knows an argument from the call's syntax (`resolution.conditional`); the recorder from its
    value (`observe.wrappers`).
    """

    categories: frozenset[str]
    unless_given: str = ""
    when_writing: str = ""
    when_path: str = ""
    unless_instance: str = ""
    of: str = ""
    unless_marked: str = ""
    marks: tuple[str, ...] = ()
    all: bool = False

    def clauses(self) -> tuple[tuple[str, str], ...]:
        """The clauses given, as (kind, the parameter it judges): what the walk and the recorder both read."""
        named = (
            ("given", self.unless_given),
            ("writing", self.when_writing),
            ("path", self.when_path),
            ("instance", self.unless_instance),
            ("marked", self.unless_marked),
        )
        return tuple((kind, parameter) for kind, parameter in named if parameter)


@dataclass(frozen=True)
class Entry:
    """One [capabilities] entry: the key that matched, what it reaches, and the one-line reason why.
    `positional`: the names of the parameters a call passes by position (the stub's signature, `self` left
    out), for `conditions` to find an argument given by position."""

    key: str
    categories: frozenset[str]
    reason: str
    positional: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    """The loaded catalogue. Build it with `parse_catalogue` (or `load_catalogue`), which validates it."""

    aliases: Mapping[str, str]
    entries: Mapping[str, Entry]
    exempt: Mapping[str, str]
    pure: Mapping[str, str]
    # Every proper dotted prefix of an entry key ("os" and "os.path" for "os.path.exists"): answers
    # "does any entry lie under this module" in one lookup.
    _under: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    # First dotted components of the alias keys: most names start with none of them, and skip normalising.
    _alias_heads: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    # The checker asks about the same few thousand names again and again.
    _memo: dict[str, Entry | None] = field(default_factory=dict, repr=False, compare=False)
    fingerprint: str = field(default="", compare=False)
    """sha256 of the catalogue text: part of every cached verdict's key and of the report revision."""

    # claims: deterministic
    def normalize(self, dotted: str) -> str:
        """The canonical spelling: the longest leading prefix that is an alias key is replaced.

        "posixpath.exists" -> "os.path.exists", "_io.open" -> "io.open". Reaches are reported under it.
        """
        head, _, _ = dotted.partition(".")
        if head not in self._alias_heads:
            return dotted
        probe = dotted
        while True:
            target = self.aliases.get(probe)
            if target is not None:
                return target + dotted[len(probe) :]
            cut = probe.rfind(".")
            if cut < 0:
                return dotted
            probe = probe[:cut]

    # claims: deterministic
    def lookup(self, dotted: str) -> Entry | None:
        """The entry whose key is the longest dotted prefix of the normalised name, or None.

        An [exempt] key that is a longer (or equal) prefix than any entry wins: the name is not a reach.
        """
        memo = self._memo
        if dotted in memo:
            return memo[dotted]
        probe = self.normalize(dotted)
        found: Entry | None = None
        while True:
            if probe in self.exempt:
                break
            entry = self.entries.get(probe)
            if entry is not None:
                found = entry
                break
            cut = probe.rfind(".")
            if cut < 0:
                break
            probe = probe[:cut]
        memo[dotted] = found
        return found

    # claims: deterministic
    def constructs(self, dotted: str) -> Entry | None:
        """The entry judging a construction of the class `dotted`: its `lookup`, unless the class's `__new__` is
        [exempt] (pathlib.Path: building the value touches nothing, its methods do and stay judged by their keys
        and, unbound, by the class key)."""
        entry = self.lookup(dotted)
        if entry is not None and f"{self.normalize(dotted)}.__new__" in self.exempt:
            return None
        return entry

    # claims: deterministic
    def exact(self, dotted: str) -> Entry | None:
        """The entry of exactly this (normalised) name: how module variables such as os.environ are judged."""
        return self.entries.get(self.normalize(dotted))

    def touches(self, module: str) -> bool:
        """Could an attribute of this module (or class) be a capability?

        True when it or an ancestor is itself a (non-exempted) entry, or when any entry lies under it. Used
        for `getattr(module, non_literal)`, where the attribute cannot be known. A [pure] module's namespace
        is pure even when it is a package holding capable submodules (json, json.tool): False.
        """
        name = self.normalize(module)
        if name in self.pure:
            return False
        return name in self._under or self.lookup(name) is not None

    def judged(self, module: str) -> bool:
        """Has the catalogue judged this stdlib module (the coverage rule of tests/analysis/test_catalogue.py)?

        Judged: it is a [pure] key, or some entry key is the module itself or lies under it, or an ancestor
        module has a whole-module entry.
        """
        name = self.normalize(module)
        if name in self.pure or name in self._under:
            return True
        probe = name
        while True:
            if probe in self.entries:
                return True
            cut = probe.rfind(".")
            if cut < 0:
                return False
            probe = probe[:cut]


def _fail(section: str, key: str, problem: str) -> ValueError:
    return ValueError(f"capability catalogue: [{section}] {key!r}: {problem}")


def _check_key(section: str, key: object) -> str:
    if not isinstance(key, str) or not key or not all(part.isidentifier() for part in key.split(".")):
        raise _fail(section, str(key), "a key must be a dotted Python name")
    return key


def _check_reason(section: str, key: str, reason: object) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise _fail(section, key, "empty reason")
    if "\n" in reason or "\r" in reason:
        raise _fail(section, key, "a reason must be one line")
    return reason.strip()


def _table(document: Mapping[str, Any], section: str) -> Mapping[str, Any]:
    value = document.get(section, {})
    if not isinstance(value, Mapping):
        raise ValueError(f"capability catalogue: [{section}] must be a table")
    return value


def _parse_entry(key: str, raw: object) -> Entry:
    if not isinstance(raw, Mapping):
        raise _fail("capabilities", key, 'an entry must be a table { categories = [...], reason = "..." }')
    unknown = sorted(set(raw) - _ENTRY_FIELDS)
    if unknown:
        raise _fail("capabilities", key, f"unknown field(s) {', '.join(unknown)}")
    categories = raw.get("categories")
    if not isinstance(categories, list) or not categories:
        raise _fail("capabilities", key, "empty categories")
    for category in categories:
        if category not in CATEGORIES:
            known = ", ".join(sorted(CATEGORIES))
            raise _fail("capabilities", key, f"unknown category {category!r} (known: {known})")
    positional = raw.get("positional", [])
    if not isinstance(positional, list) or not all(isinstance(p, str) and p.isidentifier() for p in positional):
        raise _fail("capabilities", key, "positional must be a list of parameter names")
    conditions = raw.get("conditions", [])
    if not isinstance(conditions, list):
        raise _fail("capabilities", key, "conditions must be a list of tables")
    return Entry(
        key=key,
        categories=frozenset(categories),
        reason=_check_reason("capabilities", key, raw.get("reason")),
        positional=tuple(positional),
        conditions=tuple(_parse_condition(key, frozenset(categories), c) for c in conditions),
    )


def _parse_condition(key: str, categories: frozenset[str], raw: object) -> Condition:
    """One condition of an entry: it names some of the entry's categories and at least one clause."""
    if not isinstance(raw, Mapping):
        raise _fail("capabilities", key, "a condition must be a table")
    unknown = sorted(set(raw) - _CONDITION_FIELDS)
    if unknown:
        raise _fail("capabilities", key, f"unknown condition field(s) {', '.join(unknown)}")
    named = raw.get("categories")
    if not isinstance(named, list) or not named or not set(named) <= categories:
        raise _fail("capabilities", key, "a condition names some of the entry's own categories")
    clauses: dict[str, str] = {}
    for field_name in (*_CLAUSES, "of"):
        value = raw.get(field_name, "")
        if not isinstance(value, str) or (value and not all(p.isidentifier() for p in value.split("."))):
            raise _fail("capabilities", key, f"{field_name} must name a parameter (or, for of, a class)")
        clauses[field_name] = value
    given = [f for f in _CLAUSES if clauses[f]]
    if not given:
        raise _fail("capabilities", key, "a condition needs a clause")
    if bool(clauses["unless-instance"]) != bool(clauses["of"]):
        raise _fail("capabilities", key, "unless-instance and of go together")
    marks = raw.get("marks", [])
    if not isinstance(marks, list) or not all(isinstance(m, str) and m for m in marks):
        raise _fail("capabilities", key, "marks must be a list of non-empty strings")
    if bool(clauses["unless-marked"]) != bool(marks):
        raise _fail("capabilities", key, "unless-marked and marks go together")
    every = raw.get("all", False)
    if not isinstance(every, bool) or (every and len(given) < 2):
        raise _fail("capabilities", key, "all = true joins two clauses or more")
    return Condition(
        frozenset(named),
        clauses["unless-given"],
        clauses["when-writing"],
        clauses["when-path"],
        clauses["unless-instance"],
        clauses["of"],
        clauses["unless-marked"],
        tuple(marks),
        every,
    )


def _under_alias(key: str, aliases: Mapping[str, str]) -> str | None:
    """The alias key that `key` starts with (component-wise), if any: such a key could never match."""
    probe = key
    while True:
        if probe in aliases:
            return probe
        cut = probe.rfind(".")
        if cut < 0:
            return None
        probe = probe[:cut]


# claims: deterministic
def parse_catalogue(text: str) -> Catalogue:
    """Parse and validate catalogue TOML text; raises ValueError naming the offending key."""
    return _catalogue(tomllib.loads(text), hashlib.sha256(text.encode()).hexdigest())


# claims: deterministic
def _catalogue(document: Mapping[str, Any], fingerprint: str) -> Catalogue:
    """Validate a parsed catalogue document and build the lookup tables."""
    unknown_sections = sorted(set(document) - set(_SECTIONS))
    if unknown_sections:
        raise ValueError(f"capability catalogue: unknown section(s) {', '.join(unknown_sections)}")

    aliases = _aliases(document)
    entries: dict[str, Entry] = {}
    for key, raw in _table(document, "capabilities").items():
        entries[_check_key("capabilities", key)] = _parse_entry(key, raw)

    exempt = {
        _check_key("exempt", key): _check_reason("exempt", key, reason)
        for key, reason in _table(document, "exempt").items()
    }
    pure = {
        _check_key("pure", key): _check_reason("pure", key, reason) for key, reason in _table(document, "pure").items()
    }

    _check_canonical(aliases, (("capabilities", entries), ("exempt", exempt), ("pure", pure)))
    _check_disjoint(entries, exempt, pure)

    under = frozenset(prefix for key in entries for prefix in _prefixes(key))
    catalogue = Catalogue(
        aliases=MappingProxyType(aliases),
        entries=MappingProxyType(entries),
        exempt=MappingProxyType(exempt),
        pure=MappingProxyType(pure),
        _under=under,
        _alias_heads=frozenset(key.partition(".")[0] for key in aliases),
        fingerprint=fingerprint,
    )
    for key in pure:
        covering = catalogue.lookup(key)
        if covering is not None:
            raise _fail("pure", key, f"the module is pure but [capabilities] {covering.key!r} covers it")
    return catalogue


def _aliases(document: Mapping[str, Any]) -> dict[str, str]:
    """The [aliases] section validated: module names to canonical module names, no target itself aliased."""
    aliases: dict[str, str] = {}
    for key, target in _table(document, "aliases").items():
        _check_key("aliases", key)
        if not isinstance(target, str):
            raise _fail("aliases", key, "the target must be a module name")
        aliases[key] = _check_key("aliases", target)
    for key, target in aliases.items():
        if _under_alias(target, aliases) is not None:
            raise _fail("aliases", key, f"the target {target!r} is itself aliased")
    return aliases


def _check_canonical(aliases: Mapping[str, str], sections: Iterable[tuple[str, Iterable[str]]]) -> None:
    """Every key is written under its canonical name, never under an alias."""
    for section, keys in sections:
        for key in keys:
            alias = _under_alias(key, aliases)
            if alias is not None:
                raise _fail(section, key, f"{alias!r} is an alias of {aliases[alias]!r}: use the canonical name")


def _check_disjoint(entries: Mapping[str, Entry], exempt: Mapping[str, str], pure: Mapping[str, str]) -> None:
    """No key in two sections, and every exemption carves out of some capability."""
    for key in pure:
        if key in entries:
            raise _fail("pure", key, "the key is in both [pure] and [capabilities]")
        if key in exempt:
            raise _fail("pure", key, "the key is in both [pure] and [exempt]")
    for key in exempt:
        if key in entries:
            raise _fail("exempt", key, "the key is in both [exempt] and [capabilities]")
        if not any(prefix in entries for prefix in _prefixes(key)):
            raise _fail("exempt", key, "no [capabilities] key is a prefix of it, so there is nothing to exempt")


def _prefixes(key: str) -> list[str]:
    """The proper dotted prefixes of a key: "a.b.c" -> ["a", "a.b"]."""
    parts = key.split(".")
    return [".".join(parts[:index]) for index in range(1, len(parts))]


@functools.cache
def load_catalogue() -> Catalogue:
    """The built-in catalogue shipped in the package, loaded and validated once per process (the TOML parse,
    most of the cost, is kept between processes when the engine has a cache directory: in the per-machine cache,
    as it depends on nothing of the project, so a project's first run reads what another parsed)."""
    text = _catalogue_text()
    source = text.encode()
    fingerprint = hashlib.sha256(source).hexdigest()
    document = derived("catalogue", source, lambda: tomllib.loads(text), shared=True)
    if isinstance(document, dict):
        try:
            return _catalogue(document, fingerprint)
        except (ValueError, TypeError, AttributeError):
            pass  # a stored parse of another shape (the shipped text always validates): parsed again below
    return _catalogue(tomllib.loads(text), fingerprint)


@functools.cache
def _catalogue_text() -> str:
    return (resources.files("pytest_claims") / "data" / "catalogue.toml").read_text(encoding="utf-8")


def catalogue_fingerprint() -> str:
    """The built-in catalogue's identity without parsing it: what a warm run needs to trust its cache."""
    return hashlib.sha256(_catalogue_text().encode()).hexdigest()
