"""Policy, apart from resolution: what `trusted` and `external` make of a function's summary.

Resolution records what a body touches as it is (`Summary`); a walk sees it through a `Policy`. Trusted names
are never walked and never flagged (a summary entry goes when its name or its subject lies under a trusted
name); under `external = "trust"` third-party code is no frontier. With nothing trusted and third-party code
unevaluable, the judged summary is the summary itself: the common case costs nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from pytest_claims.dotted import under_any
from pytest_claims.records import THIRD_PARTY, Node, Summary


class Met(NamedTuple):
    """A function as a walk under one policy meets it (`Policy.steps`): learnt once, shared by every walk."""

    file: str
    """Its module's project-relative path."""
    read: frozenset[str]
    """The modules its summary read."""
    settled: frozenset[str]
    """What deciding its conditional blind spots read (`Leads.settle`), apart: a union with `read` would be a set
    of its own for nearly every function met."""
    summary: Summary
    """Its summary as the policy judges it."""
    edges: tuple[tuple[str, Node], ...]
    """The functions it enters, as (name, node), in the summary's order (each pair one object for every function
    entering that node: `Policy.edge`)."""


class Policy:
    """A walk's view of the summaries; judged views are kept, shared by every walk with the same policy."""

    def __init__(self, trusted: tuple[str, ...], external: str) -> None:
        self.trusted = trusted
        self.trust_external = external == "trust"
        self._judged: dict[int, tuple[Summary, Summary]] = {}
        self._steps: dict[int, tuple[object, dict[Node, Met]]] = {}
        self._edges: dict[tuple[str, Node], tuple[str, Node]] = {}

    def judge(self, summary: Summary) -> Summary:
        """The summary as this policy sees it. Kept per summary object (a function has one per target, or one
        shared by all); the object is held with its judged view, so its id cannot be reused meanwhile."""
        if not self.trusted and not self.trust_external:
            return summary
        known = self._judged.get(id(summary))
        if known is not None and known[0] is summary:
            return known[1]
        judged = self._filter(summary)
        self._judged[id(summary)] = (summary, judged)
        return judged

    def steps(self, owner: object) -> dict[Node, Met]:
        """What the walks under this policy learnt of each function through `owner` (a target's resolver):
        (its file, the modules its summary read, the judged summary, its edges as (name, function) in order).
        Built once per function, not once per walk that passes through it (a function is met by many walks);
        the owner is held with its table, so its id cannot be reused meanwhile."""
        known = self._steps.get(id(owner))
        if known is None or known[0] is not owner:
            known = self._steps[id(owner)] = (owner, {})
        return known[1]

    def edge(self, name: str, node: Node) -> tuple[str, Node]:
        """One object for equal (name, node) pairs of the `Met.edges` kept for the run: a function is entered by
        many others (tens of thousands of pairs on a large project, a fraction of them distinct)."""
        pair = (name, node)
        return self._edges.setdefault(pair, pair)

    def forget(self, owner: object) -> None:
        """Let go of what was learnt through `owner` (a released resolver), and of the judged views (each holds
        its summary, which may be that resolver's): they are judged again when asked."""
        self._steps.pop(id(owner), None)
        self._judged.clear()
        self._edges.clear()

    def trusts(self, name: str) -> bool:
        return under_any(name, self.trusted)

    def _filter(self, summary: Summary) -> Summary:
        trusted = self.trusted
        if not trusted:  # `external = "trust"` alone: only third-party frontier entries go
            frontier = tuple(f for f in summary.frontier if not f.reason.startswith(THIRD_PARTY))
            if len(frontier) == len(summary.frontier):
                return summary
            return Summary(summary.reaches, summary.edges, frontier, summary.blind, summary.names, summary.deps)

        def kept(name: str, subject: str) -> bool:
            return not (under_any(name, trusted) or (subject != name and under_any(subject, trusted)))

        return Summary(
            tuple(r for r in summary.reaches if kept(r.reach, r.subject)),
            tuple(e for e in summary.edges if kept(e.name, e.subject)),
            tuple(
                f
                for f in summary.frontier
                if kept(f.reach, f.subject) and not (self.trust_external and f.reason.startswith(THIRD_PARTY))
            ),
            summary.blind,
            summary.names,
            summary.deps,
        )
