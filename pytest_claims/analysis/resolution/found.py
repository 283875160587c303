"""What one body touches, as it is recorded (`Found`), and the record contexts replay (`Tape`); the call being
resolved (`Call`) and the two recorders the summary's collaborators are handed (`Outcome`, `Reads`).

`summaries.Summaries` resolves a body's uses; the collaborators beside it (`callbacks`, `hooks`, `escapes`,
`held`, `probes`) record what one kind of use touches into the same `Found`, through the summary's own
`Outcome` (one resolved symbol, recorded as it is) and `Reads` (module or class state read, as edges).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, NoReturn, Protocol

from pytest_claims.analysis.arguments import Passed
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.symbols import Sym
from pytest_claims.analysis.resolution.tracking import StateKey, Tracker
from pytest_claims.records import Blind, Decided, Edge, Frontier, FunctionFacts, Reach, Receiver, Summary

Key = tuple[str, int]


class Call(NamedTuple):
    """A call being resolved, for the literal arguments it passes: what it passes, its callee's chain, and the
    body it is written in (to tell a bound method from one called on its class)."""

    passed: Passed
    chain: tuple[str, ...]
    module: Module
    func: FunctionFacts
    use: int = -1
    """Its `call` use's index in `func.uses` (-1: not known), for what it passes on there (`context.at_call`)."""
    made: tuple[tuple[str, int], Passed] | None = None
    """For a method run on an instance a call just made (`with D(...):`'s `__enter__` and `__exit__`, `D(...).m()`,
    `x.m()` on a local `x = D(...)` nothing else reads): the class D (exactly) and what its construction passed
    (`freshfields`)."""


class Outcome(Protocol):
    """`Summaries._outcome`: one resolved use, recorded as it is."""

    def __call__(
        self,
        sym: Sym,
        ctx: str,
        line: int,
        found: Found,
        subject: str,
        call: Call | None = None,
        how: str = "",
        outside: Decided = (),
    ) -> None: ...


class Reads(Protocol):
    """`Summaries._reads`: module or class state read, as edges to what the read runs."""

    def __call__(self, reads: Iterable[StateKey], line: int, found: Found, how: str = "state") -> None: ...



def closed(*args: object, **kwargs: object) -> NoReturn:
    """What a collaborator's reference back to its owner becomes once the resolver is closed (`close`): the
    engine runs with the cyclic collector off, so a resolver must be freed by reference counting alone."""
    raise RuntimeError("the resolver is closed")


Record = tuple[int, Any, Any]
"""One thing a use recorded: (table, key, value), the table one of `REACH`, `EDGE`, `ENTRY`, `BLIND`, `NAME`
(the key and the value are what that table of `Found` holds)."""

REACH, EDGE, ENTRY, BLIND, NAME = range(5)

Replay = tuple[tuple[Record, ...], frozenset[str]]
"""What one use recorded, and the modules its resolution read (the summary's `deps` take them in)."""

Tape = dict[int, Replay]
"""A function's uses that give the same outcomes in every context, by their index in `FunctionFacts.uses`."""


class Found:
    """What one body touches, deduplicated, then sorted into a Summary (the same input, the same bytes).
    `log`, when set, receives every record as it is made (`Record`), for a `Tape`."""

    __slots__ = ("blind", "edges", "entries", "keep_names", "log", "names", "reaches")

    def __init__(self, keep_names: bool) -> None:
        self.reaches: dict[tuple[str, str, int, str, str], Reach] = {}
        self.edges: dict[tuple[tuple[str, int], int, str, Receiver, Decided], Edge] = {}
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

    def absorb(self, other: Found, at: tuple[int, int, str], module: str) -> None:
        """What `other` found, its reaches placed at line `at[0]` of `module` (a dataclass field's factory, a
        stored value's binding), met by the body's call at line `at[1]`, entered as `at[2]` says."""
        line, site, how = at
        for reach in other.reaches.values():
            self.reach(dataclasses.replace(reach, line=line, module=module, site=site, how=how))
        for edge in other.edges.values():
            self.edge(edge)
        for entry in other.entries.values():
            self.frontier(entry)
        for name in other.names:
            self.name(name)

    def placed(self, line: int, module: str) -> None:
        """Its edges placed at line `line` of `module` ("" the body's own), where the value they enter was handed
        over (the `@` applying a decorator to the def entered)."""
        edges = [dataclasses.replace(edge, line=line, module=module) for edge in self.edges.values()]
        self.edges = {}
        for edge in edges:
            self.edge(edge)

    def replay(self, records: tuple[Record, ...]) -> None:
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


def taped(found: Found, tracker: Tracker, bodies: Bodies, resolve: Callable[[], None]) -> Replay | None:
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
        return tuple(log), tracker.frozen(read.modules)  # kept for the run: a tuple (an empty one costs nothing)
    return None
