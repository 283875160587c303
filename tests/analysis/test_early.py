"""`FunctionFacts.early`: the calls at which a parameter the def binds again still holds its argument."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.arguments import EARLY
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolution.context import as_mapping, at_call, settled
from pytest_claims.analysis.resolvers import target_for


def _early(body: str) -> dict[str, list[int]]:
    """Per parameter, the lines of the calls `early` names, for `def f(p, q=None):` with `body`."""
    facts = extract(textwrap.dedent("def f(p, q=None):\n" + textwrap.indent(textwrap.dedent(body), "    ")))
    func = facts.functions[0]
    return {name: [func.uses[index][2] for index in uses] for name, uses in func.early}


def test_a_call_before_every_binding_holds_the_argument() -> None:
    assert _early("g(p)\nh(p, q)\np = wrap(p)\nq = 1\n") == {"p": [2, 3, 4], "q": [3]}


def test_an_assignment_value_runs_before_its_targets_are_bound() -> None:
    assert _early("p = g(p)\n") == {"p": [2]}
    assert _early("p, q = g(p), h(q)\n") == {"p": [2], "q": [2]}
    assert _early("p += g(p)\n") == {"p": [2]}
    assert _early("p, x[g(p)] = 1, 2\n") == {}  # the target's call runs after `p` is bound


def test_a_call_after_a_binding_does_not() -> None:
    assert _early("p = wrap(p)\ng(p)\n") == {"p": [2]}
    assert _early("g(p)\np = wrap(p)\ng(p)\n") == {"p": [2, 3]}
    assert _early("p = 1\ng(p)\n") == {}


def test_a_binding_in_a_branch_still_counts_for_the_calls_before_it() -> None:
    assert _early("g(p)\nif q:\n    p = wrap(p)\n    g(p)\n") == {"p": [2, 4]}


@pytest.mark.parametrize(
    "body",
    [
        "for _ in q:\n    g(p)\n    p = wrap(p)\n",
        "while q:\n    g(p)\n    p = wrap(p)\n",
        "for _ in q:\n    g(p)\nelse:\n    p = 1\n",
        "for p in g(p):\n    pass\n",
    ],
)
def test_a_loop_holding_the_call_and_a_binding_leaves_it_open(body: str) -> None:
    assert _early(body) == {}


def test_a_loop_holding_the_call_alone_does_not() -> None:
    assert _early("for _ in q:\n    g(p)\np = 1\n") == {"p": [3]}


@pytest.mark.parametrize(
    "body",
    [
        "x = g(p) if (p := 1) else None\n",
        "g(p)\ndel p\n",
        "g(p)\ntry:\n    pass\nexcept E as p:\n    pass\n",
        "g(p)\nmatch q:\n    case [p]:\n        pass\n",
        "g(p)\ndef inner():\n    nonlocal p\n    p = 1\n",
        "g(p)\nh = lambda p: p\n",
        "g(p)\nxs = [p for p in q]\n",
        "g(p)\nclass C:\n    p = 1\n",
    ],
)
def test_a_name_bound_in_an_odd_way_is_open_everywhere(body: str) -> None:
    assert _early(body) == {}


def test_a_call_in_a_nested_scope_may_run_later() -> None:
    assert _early("def later():\n    return g(p)\nh = lambda: g(p)\nxs = [g(p) for _ in q]\np = 1\n") == {}


def test_a_def_or_import_binding_the_name_counts_where_it_is_written() -> None:
    assert _early("g(p)\ndef p():\n    pass\ng(p)\n") == {"p": [2]}
    assert _early("g(p)\nfrom m import p\n") == {"p": [2]}
    assert _early("@deco(p)\ndef p():\n    pass\n") == {}  # a nested def's decorators are taken as nested


def test_a_parameter_never_bound_again_needs_no_early_entry() -> None:
    assert _early("g(p)\n") == {}


def test_a_builtin_call_is_no_early_call() -> None:
    assert _early("isinstance(p, int)\np = 1\n") == {}
    assert _early("def isinstance(a, b):\n    pass\nisinstance(p, int)\np = 1\n") == {"p": [4]}  # shadowed
    assert _early("len = g\nlen(p)\np = 1\n") == {"p": [3]}


def test_the_context_keeps_an_early_parameter_for_its_calls_alone() -> None:
    facts = extract("def f(p, q=None):\n    g(p)\n    p = wrap(p)\n    h(p)\n    if q:\n        p = 2\n")
    func = facts.functions[0]
    none = ("None", None)
    args = settled(facts, func, (("p", *none), ("q", *none)), target_for("linux"))
    assert args == ((EARLY, EARLY, (("p", *none),)), ("q", *none))  # no test of `p` reads it
    given = as_mapping(args)
    first, later = (index for index, use in enumerate(func.uses) if use[0] in (("g",), ("h",)))
    assert at_call(func, given, first)["p"] == none
    assert "p" not in at_call(func, given, later)
