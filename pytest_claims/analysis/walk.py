"""The one walk over the resolved call graph, shared by claims and forbid-reaches rules.

Breadth-first, each node's neighbours taken in the order the caller gives (sorted by name), so every function
is first met along the shortest chain of hops and, among equally short chains, the one that sorts first by
name: the same input always gives the same witness. Iterative; past `max_walk` visited functions it stops and
says where, so an overlong walk is unevaluable, never held.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

Node = tuple[str, int]
"""A project function: (module name, index into its FileFacts.functions)."""

Step = Callable[[Node, tuple[str, ...]], Iterable[tuple[str, Node]] | None]
"""Handles one node reached along a chain of names; returns its neighbours as (name, node), or None to stop."""


class Overflow(NamedTuple):
    """The walk passed its capacity bound at `node`, reached along `chain`."""

    node: Node
    chain: tuple[str, ...]


def breadth_first(starts: Sequence[tuple[Node, tuple[str, ...]]], step: Step, max_walk: int) -> Overflow | None:
    """Visit every node reachable from `starts` (each with the chain that names it), nearest first."""
    chain_of: dict[Node, tuple[str, ...]] = {}
    queue: deque[Node] = deque()
    for node, chain in starts:
        if node not in chain_of:
            chain_of[node] = chain
            queue.append(node)
    visited = 0
    while queue:
        current = queue.popleft()
        chain = chain_of[current]
        visited += 1
        if visited > max_walk:
            return Overflow(current, chain)
        neighbours = step(current, chain)
        if neighbours is None:
            return None
        for name, node in neighbours:
            if node not in chain_of:
                chain_of[node] = (*chain, name)
                queue.append(node)
    return None
