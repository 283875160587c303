"""What one body touches, deduplicated then sorted into a `Summary`, and the record of what some of its uses
recorded, so that another context of the same function replays those uses instead of resolving them again.

A use whose resolution asked nothing of the context (`Bodies.asked`: the receiver, the literal arguments)
records the same outcomes, in the same order, in every context that keeps it (its guard is tested first, in
each context: literal arguments may rule it out). Replaying its records into a fresh `Found`, in the order of
the body's uses, gives what resolving it would (`setdefault` keeps the first value under a key, so the order
matters where two uses record one key).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

from pytest_claims.analysis.arguments import Decided
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import Blind, Edge, Frontier, Reach, Summary

Record = tuple[int, Any, Any]
"""One thing a use recorded: (table, key, value), the table one of `REACH`, `EDGE`, `ENTRY`, `BLIND`, `NAME`
(the key and the value are what that table of `Found` holds)."""

REACH, EDGE, ENTRY, BLIND, NAME = range(5)

Replay = tuple[list[Record], frozenset[str]]
"""What one use recorded, and the modules its resolution read (the summary's `deps` take them in)."""

Tape = dict[int, Replay]
"""A function's uses that give the same outcomes in every context, by their index in `FunctionFacts.uses`."""


class Found:
    """What one body touches, deduplicated, then sorted into a Summary (the same input, the same bytes).
    `log`, when set, receives every record as it is made (`Record`), for a `Tape`."""

    __slots__ = ("blind", "edges", "entries", "keep_names", "log", "names", "reaches")

    def __init__(self, keep_names: bool) -> None:
        self.reaches: dict[tuple[str, str, int, str, str], Reach] = {}
        self.edges: dict[tuple[tuple[str, int], int, str, tuple[str, int] | None, Decided], Edge] = {}
        self.entries: dict[tuple[str, int, str, str], Frontier] = {}
        self.blind: dict[tuple[int, str], Blind] = {}
        self.names: set[str] = set()
        self.keep_names = keep_names
        self.log: list[Record] | None = None

    def reach(self, reach: Reach) -> None:
        key = (reach.reach, reach.kind, reach.line, reach.subject, reach.module)
        self.reaches.setdefault(key, reach)
        if self.log is not None:
            self.log.append((REACH, key, reach))

    def edge(self, edge: Edge) -> None:
        key = (edge.target, edge.line, edge.subject, edge.receiver, edge.args)
        self.edges.setdefault(key, edge)
        if self.log is not None:
            self.log.append((EDGE, key, edge))

    def frontier(self, entry: Frontier) -> None:
        key = (entry.reach, entry.line, entry.reason, entry.subject)
        self.entries.setdefault(key, entry)
        if self.log is not None:
            self.log.append((ENTRY, key, entry))

    def blind_spot(self, line: int, code: str, text: str) -> None:
        """A call the walk cannot follow at `line`, written `code` (shown as `text`)."""
        self.blind.setdefault((line, code), (line, text))
        if self.log is not None:
            self.log.append((BLIND, (line, code), (line, text)))

    def name(self, name: str) -> None:
        if self.keep_names:
            self.names.add(name)
            if self.log is not None:
                self.log.append((NAME, name, None))

    def absorb(self, other: Found, line: int, module: str) -> None:
        """What `other` found, its reaches placed at `line` of `module` (a dataclass field's factory)."""
        for reach in other.reaches.values():
            self.reach(dataclasses.replace(reach, line=line, module=module))
        for edge in other.edges.values():
            self.edge(edge)
        for entry in other.entries.values():
            self.frontier(entry)
        for name in other.names:
            self.name(name)

    def replay(self, records: list[Record]) -> None:
        """Record again, in order, what one use recorded in another context."""
        tables: tuple[dict[Any, Any], ...] = (self.reaches, self.edges, self.entries, self.blind)
        names = self.names
        for table, key, value in records:
            if table == NAME:
                names.add(key)
            else:
                tables[table].setdefault(key, value)

    def summary(self, deps: frozenset[str]) -> Summary:
        return Summary(
            tuple(sorted(self.reaches.values(), key=lambda r: (r.line, r.reach, r.kind, r.subject, r.module))),
            tuple(sorted(self.edges.values(), key=lambda e: (e.name, e.line, e.subject, e.receiver or (), e.args))),
            tuple(sorted(self.entries.values(), key=lambda f: (f.line, f.reach, f.reason, f.subject))),
            tuple(sorted(self.blind.values())),
            tuple(sorted(self.names)),
            deps,
        )


class Asks(Protocol):
    """How many times resolution asked the context of the function being summarised (`bodies.Bodies`)."""

    asked: int


def taped(found: Found, tracker: Tracker, bodies: Asks, resolve: Callable[[], None]) -> Replay | None:
    """`resolve()` one use into `found`; what it recorded and the modules it read, when it asked nothing of the
    context (`bodies.asked` unchanged) and met no cycle under way (it then records the same everywhere)."""
    asked, counts = bodies.asked, (tracker.cycles, tracker.partial_orders)
    log: list[Record] = []
    found.log = log
    try:
        with tracker.scope(state="outer") as read:
            resolve()
    finally:
        found.log = None
    tracker.modules(read.modules)
    if bodies.asked == asked and counts == (tracker.cycles, tracker.partial_orders):
        return log, tracker.frozen(read.modules)
    return None
