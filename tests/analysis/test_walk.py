"""The shared breadth-first walk: witnesses, bounds, and chains spelled only where a finding asks."""

from __future__ import annotations

from collections.abc import Iterable

from pytest_claims.analysis.walk import Node, Via, breadth_first


def _chain_graph(n: int) -> dict[Node, list[tuple[str, Node]]]:
    return {("m", i): [(f"m.f{i + 1}", ("m", i + 1))] for i in range(n)}


def test_the_first_chain_met_is_the_shortest_and_sorts_first() -> None:
    graph: dict[Node, list[tuple[str, Node]]] = {
        ("m", 0): [("m.a", ("m", 1)), ("m.b", ("m", 2))],
        ("m", 1): [("m.c", ("m", 3))],
        ("m", 2): [("m.c", ("m", 3))],
        ("m", 3): [],
    }
    seen: dict[Node, tuple[str, ...]] = {}

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        seen[node] = via.names()
        return graph[node]

    assert breadth_first([(("m", 0), ("m.f",))], step, 100) is None
    assert seen == {
        ("m", 0): ("m.f",),
        ("m", 1): ("m.f", "m.a"),
        ("m", 2): ("m.f", "m.b"),
        ("m", 3): ("m.f", "m.a", "m.c"),
    }


def test_a_long_chain_is_walked_without_spelling_every_prefix() -> None:
    """Issue 16: a 40,000-helper chain took 48 s, each step copying the whole chain so far. Now a node's chain
    is a parent pointer; only the node whose finding asks spells its names, and nothing in between is built."""
    n = 200_000
    graph = _chain_graph(n)
    graph["m", n] = []
    reached: list[Via] = []

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        if node == ("m", n):
            reached.append(via)
        return graph[node]

    assert breadth_first([(("m", 0), ("m.f0",))], step, n + 1) is None
    (last,) = reached
    names = last.names()
    assert len(names) == n + 1 and names[:2] == ("m.f0", "m.f1") and names[-1] == f"m.f{n}"
    assert last.nodes()[0] == ("m", 0) and len(last.nodes()) == n + 1
    link = last.parent
    while link is not None and link.parent is not None:
        assert link._names is None, "an intermediate chain was spelled"
        link = link.parent


def test_past_max_walk_the_walk_says_where_it_stopped() -> None:
    graph = _chain_graph(10)

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        return graph[node]

    overflow = breadth_first([(("m", 0), ())], step, 3)
    assert overflow is not None
    assert overflow.node == ("m", 3) and overflow.chain == ("m.f1", "m.f2", "m.f3")
