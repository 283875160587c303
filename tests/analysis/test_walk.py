"""The shared breadth-first walk: witnesses, bounds, and chains spelled only where a finding asks."""

from __future__ import annotations

from collections.abc import Iterable

from pytest_claims.analysis.walk import MAX_CONTEXTS, MAX_GROUPS, Via, breadth_first
from pytest_claims.records import Decided, Node


def _chain_graph(n: int) -> dict[Node, list[tuple[str, Node]]]:
    return {Node("m", i, None, ()): [(f"m.f{i + 1}", Node("m", i + 1, None, ()))] for i in range(n)}


def test_the_first_chain_met_is_the_shortest_and_sorts_first() -> None:
    graph: dict[Node, list[tuple[str, Node]]] = {
        Node("m", 0, None, ()): [("m.a", Node("m", 1, None, ())), ("m.b", Node("m", 2, None, ()))],
        Node("m", 1, None, ()): [("m.c", Node("m", 3, None, ()))],
        Node("m", 2, None, ()): [("m.c", Node("m", 3, None, ()))],
        Node("m", 3, None, ()): [],
    }
    seen: dict[Node, tuple[str, ...]] = {}

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        seen[node] = via.names()
        return graph[node]

    assert breadth_first([(Node("m", 0, None, ()), ("m.f",))], step, 100) is None
    assert seen == {
        Node("m", 0, None, ()): ("m.f",),
        Node("m", 1, None, ()): ("m.f", "m.a"),
        Node("m", 2, None, ()): ("m.f", "m.b"),
        Node("m", 3, None, ()): ("m.f", "m.a", "m.c"),
    }


def test_a_long_chain_is_walked_without_spelling_every_prefix() -> None:
    """Issue 16: a 40,000-helper chain took 48 s, each step copying the whole chain so far. Now a node's chain
    is a parent pointer; only the node whose finding asks spells its names, and nothing in between is built."""
    n = 200_000
    graph = _chain_graph(n)
    graph[Node("m", n, None, ())] = []
    reached: list[Via] = []

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        if node == Node("m", n, None, ()):
            reached.append(via)
        return graph[node]

    assert breadth_first([(Node("m", 0, None, ()), ("m.f0",))], step, n + 1) is None
    (last,) = reached
    names = last.names()
    assert len(names) == n + 1 and names[:2] == ("m.f0", "m.f1") and names[-1] == f"m.f{n}"
    assert last.nodes()[0] == Node("m", 0, None, ()) and len(last.nodes()) == n + 1
    link = last.parent
    while link is not None and link.parent is not None:
        assert link._names is None, "an intermediate chain was spelled"
        link = link.parent


def test_past_max_walk_the_walk_says_where_it_stopped() -> None:
    graph = _chain_graph(10)

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        return graph[node]

    overflow = breadth_first([(Node("m", 0, None, ()), ())], step, 3)
    assert overflow is not None
    assert overflow.node == Node("m", 3, None, ()) and overflow.chain == ("m.f1", "m.f2", "m.f3")


def test_a_function_is_entered_for_a_bounded_number_of_receivers() -> None:
    """Past `MAX_CONTEXTS` contexts of one function, the walk enters it in none (its own class, no arguments),
    which stands for all of them: the nodes of a walk stay within a few per function."""
    callers = MAX_CONTEXTS + 3
    start: Node = Node("m", 0, None, ())
    graph: dict[Node, list[tuple[str, Node]]] = {start: [(f"m.c{i}", Node("c", i, None, ())) for i in range(callers)]}
    for i in range(callers):
        graph[Node("c", i, None, ())] = [("m.helper", Node("m", 1, ("k", i), ()))]
    entered: list[Node] = []

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        if node[:2] == ("m", 1):
            entered.append(node)
            return []
        return graph[node]

    assert breadth_first([(Node("m", 0, None, ()), ("m.f",))], step, 1000) is None
    assert entered == [*(Node("m", 1, ("k", i), ()) for i in range(MAX_CONTEXTS)), Node("m", 1, None, ())]


def _entered_with(args: list[Decided]) -> list[Node]:
    """The helper nodes a walk enters when one caller per entry of `args` calls it with those arguments."""
    start: Node = Node("m", 0, None, ())
    graph: dict[Node, list[tuple[str, Node]]] = {start: [(f"m.c{i}", Node("c", i, None, ())) for i in range(len(args))]}
    for i, given in enumerate(args):
        graph[Node("c", i, None, ())] = [("m.helper", Node("m", 1, None, given))]
    entered: list[Node] = []

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        if node[:2] == ("m", 1):
            entered.append(node)
            return []
        return graph[node]

    assert breadth_first([(start, ("m.f",))], step, 1000) is None
    return entered


def test_widened_entries_keep_a_literal_the_contexts_give_one_of_two_values() -> None:
    """Past `MAX_CONTEXTS`, a call leaving `ready` at `True` is entered with `ready=True` though one of the first
    contexts passed `False`; the name, eight different strings, is open; `False` is a group of its own."""
    ready = [(("name", "str", f"n{i}"), ("ready", "bool", i != 0)) for i in range(MAX_CONTEXTS)]
    late = [(("name", "str", "x"), ("ready", "bool", True)), (("name", "str", "y"), ("ready", "bool", False))]
    entered = _entered_with([*ready, *late])
    assert entered[MAX_CONTEXTS:] == [
        ("m", 1, None, (("ready", "bool", True),)),
        ("m", 1, None, (("ready", "bool", False),)),
    ]


def test_past_max_groups_only_the_agreed_arguments_decide() -> None:
    """A bounded number of groups: past `MAX_GROUPS`, a widened entry keeps only what every context agreed on."""

    def args(i: int, f: int) -> Decided:
        bits = (("a", "int", i % 2), ("b", "int", i // 2 % 2), ("c", "int", i // 4 % 2))
        return (*bits, ("d", "int", 0), ("f", "int", f))

    entered = _entered_with([*(args(i, i) for i in range(MAX_CONTEXTS)), *(args(i, 100 + i) for i in range(8))])
    widened = entered[MAX_CONTEXTS:]
    assert [node[3] for node in widened[:MAX_GROUPS]] == [args(i, 0)[:4] for i in range(MAX_GROUPS)]
    assert widened[MAX_GROUPS:] == [("m", 1, None, (("d", "int", 0),))]
