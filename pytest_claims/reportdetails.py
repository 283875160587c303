"""What the reports show beyond the verdicts (`engine.check(..., details=True)`): records taken while the facts
were loaded, so a report never reads the project again. Plain data, as `records` is; this module imports nothing
of the project but `records`."""

from __future__ import annotations

from dataclasses import dataclass

from pytest_claims.records import Claimed


@dataclass(frozen=True, slots=True)
class ModuleDetail:
    """One indexed module as the reports see it (the revision, the catalogue's coverage table)."""

    name: str
    rel: str
    """Its path as the index gives it: relative to the project root, absolute for followed code outside it."""
    digest: str
    """sha256 of the file's bytes ("" for a namespace package or an unreadable file)."""
    followed: bool
    """Third-party code listed in `follow`: keyed by name in the revision, left out of the catalogue."""
    def_count: int
    """Functions and methods defined in it (`FileFacts.def_count`); 0 for followed code, never parsed for this."""


@dataclass(frozen=True, slots=True)
class Definition:
    """Where a dotted `module.qualname` is defined: the first line of its def or class."""

    name: str
    file: str
    """As `ModuleDetail.rel`."""
    line: int


@dataclass(frozen=True, slots=True)
class Details:
    """Everything the reports read besides the verdicts, taken while the facts were loaded, so a report never
    re-reads the project and the facts can be released as soon as the analysis returns."""

    modules: tuple[ModuleDetail, ...]
    """Every indexed module, sorted by name."""
    claimed: tuple[Claimed, ...]
    """Every valid claiming function whatever the platform (one defined only under `sys.platform == "win32"` is
    here on a linux run), in the order the directives were read: by module name, then as the module defines them."""
    definitions: tuple[Definition, ...]
    """The definition of every dotted name in a violation's or frontier entry's `via` and in a rule's `path`,
    sorted by name; a name that is not a project function or class (a stdlib reach) is absent."""
    typeshed: str
    """The typeshed stubs' version: an input of the analysis, part of the report revision."""
