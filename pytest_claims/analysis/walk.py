"""The one walk over the resolved call graph, shared by claims and forbid-reaches rules.

Breadth-first, each node's neighbours taken in the order the caller gives (sorted by name), so every function
is first met along the shortest chain of hops and, among equally short chains, the one that sorts first by
name: the same input always gives the same witness. Iterative; past `max_walk` visited functions it stops and
says where, so an overlong walk is unevaluable, never held. A node's chain is a parent pointer (`Via`), spelled
out only where a finding needs it, so a walk down a chain of n helpers costs n steps, not n² name copies.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from pytest_claims.records import Decided, Node, Receiver

MAX_CONTEXTS = 8
"""How many contexts (receivers, literal arguments) one walk enters a function in before it enters it widened:
with the call's literal arguments grouped (`_grouped`), for the nearest class every receiver entered so far
derives from (`Join`), which stands for all of them (a base method called on every model of a project), or for
its own class when there is none. The walk stays within a few times the functions it meets, and the bound
depends on the walk alone, never on the order of the walks."""

MAX_GROUPS = 4
"""How many argument groups a function entered widened is walked in (`_grouped`): past them, it is entered with
only the literal arguments every context it was entered in decided alike."""

MAX_VALUES = 2
"""How many values a parameter may take across a function's first `MAX_CONTEXTS` contexts and still group its
widened entries (`require_ready` True or False does; a name passed as eight different strings does not)."""

Join = Callable[[Sequence[Receiver]], Receiver]
"""The nearest project class every one of the receivers derives from (None: the function's own class)."""


class Via:
    """How the walk first reached a node: the hop's name and the node it came from, back to a start."""

    __slots__ = ("_names", "name", "node", "parent")

    def __init__(self, node: Node, name: str | None, parent: Via | None, names: tuple[str, ...] = ()) -> None:
        self.node = node
        self.name = name
        self.parent = parent
        self._names: tuple[str, ...] | None = names if parent is None else None

    def names(self) -> tuple[str, ...]:
        """The chain of names from the start to this node (a start's own chain first), spelled once: its cost
        is the chain's length, as the finding that asks for it holds the whole chain anyway."""
        if self._names is None:
            tail: list[str] = []
            link: Via | None = self
            while link is not None and link._names is None:
                assert link.name is not None
                tail.append(link.name)
                link = link.parent
            head = () if link is None or link._names is None else link._names
            self._names = (*head, *reversed(tail))
        return self._names

    def nodes(self) -> list[Node]:
        """The nodes from the start to this one."""
        out: list[Node] = []
        link: Via | None = self
        while link is not None:
            out.append(link.node)
            link = link.parent
        return out[::-1]


Step = Callable[[Node, Via], Iterable[tuple[str, Node]] | None]
"""Handles one node and how it was reached; returns its neighbours as (name, node), or None to stop."""


class Overflow(NamedTuple):
    """The walk passed its capacity bound at `node`, reached along `chain`."""

    node: Node
    chain: tuple[str, ...]


def breadth_first(
    starts: Sequence[tuple[Node, tuple[str, ...]]], step: Step, max_walk: int, join: Join | None = None
) -> Overflow | None:
    """Visit every node reachable from `starts` (each with the chain that names it), nearest first. A function
    entered in more than `MAX_CONTEXTS` contexts is entered widened from then on: with the call's arguments
    grouped (`_grouped`), for the receivers' `join` (without one, for its own class)."""
    via_of: dict[Node, Via] = {}
    contexts: dict[tuple[str, int], set[tuple[Receiver, Decided]]] = {}
    groups: dict[tuple[str, int], tuple[Kept, set[Decided]]] = {}
    queue: deque[Node] = deque()
    for node, chain in starts:
        if node not in via_of:
            via_of[node] = Via(node, None, None, chain)
            queue.append(node)
    visited = 0
    while queue:
        current = queue.popleft()
        via = via_of[current]
        visited += 1
        if visited > max_walk:
            return Overflow(current, via.names())
        neighbours = step(current, via)
        if neighbours is None:
            return None
        for name, node in neighbours:
            if (node.receiver is not None or node.args) and node not in via_of:
                key = node.key
                entered = contexts.setdefault(key, set())
                if len(entered) < MAX_CONTEXTS:
                    entered.add((node.receiver, node.args))
                else:
                    group = groups.get(key)
                    if group is None:
                        group = groups[key] = (_kept(entered), set())
                    args = _grouped(entered, node.args, *group)
                    node = Node(node.module, node.function_index, _widened(entered, node.receiver, join), args)
            if node not in via_of:
                via_of[node] = Via(node, name, via)
                queue.append(node)
    return None


def _widened(entered: set[tuple[Receiver, Decided]], receiver: Receiver, join: Join | None) -> Receiver:
    """The receiver a function past its bound is entered for: one every receiver it was entered for derives from
    (so a method inherited by many subclasses is not walked for their siblings too), or its own class."""
    receivers = {found for found, _ in entered} | {receiver}
    if join is None or None in receivers:
        return None
    return join(sorted(r for r in receivers if r is not None))


Kept = dict[str, set[tuple[str, object]]]
"""Per parameter every one of a function's first contexts decided, to at most `MAX_VALUES` values: those values."""


def _kept(entered: set[tuple[Receiver, Decided]]) -> Kept:
    """The parameters that group a function's widened entries (`_grouped`), from its first contexts (once: they
    are all it is ever entered in apart)."""
    values: Kept = {}
    decided: dict[str, int] = {}
    for _, other in entered:
        for name, kind, value in other:
            values.setdefault(name, set()).add((kind, value))
            decided[name] = decided.get(name, 0) + 1
    return {k: v for k, v in values.items() if decided[k] == len(entered) and len(v) <= MAX_VALUES}


def _grouped(entered: set[tuple[Receiver, Decided]], args: Decided, kept: Kept, made: set[Decided]) -> Decided:
    """The literal arguments a function past its bound is entered with: those of `args` deciding a parameter every
    context decided, to one of at most `MAX_VALUES` values they gave it (`kept`: so the callers leaving
    `require_ready` at `True` keep it, though one context passed `False`). Each such group is a node of its own;
    past `MAX_GROUPS` of them (`made`), only the arguments every context agreed on (`_agreed`). Always a part of
    `args`: the node stands for the call that entered it."""
    grouped = tuple(d for d in args if (d[1], d[2]) in kept.get(d[0], ()))
    if grouped in made or len(made) < MAX_GROUPS:
        made.add(grouped)
        return grouped
    return _agreed(entered, args)


def _agreed(entered: set[tuple[Receiver, Decided]], args: Decided) -> Decided:
    """The literal arguments every context the function was entered in decided alike (a `require_ready=True`
    default no call overrides): they still decide its tests once it is entered widened."""
    common = set(args)
    for _, other in entered:
        common &= set(other)
        if not common:
            return ()
    return tuple(sorted(common, key=lambda decided: decided[0]))
