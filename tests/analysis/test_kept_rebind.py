"""`FunctionFacts.keeps`: a parameter bound again only by assignments that may keep a call's decision of it, and
what `context.settled` makes of a call's argument for it."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.arguments import TRUTH
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.keeps import AND, OR
from pytest_claims.analysis.resolution.context import settled
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.records import Decided, FileFacts, FunctionFacts

FALSE = ("bool", False)
TRUE = ("bool", True)


def _facts(body: str) -> tuple[FileFacts, FunctionFacts]:
    """The facts of `def f(p, q=None):` with `body` and a test `if p:` at its end."""
    source = "def f(p, q=None):\n" + textwrap.indent(textwrap.dedent(body) + "if p:\n    return g()\n", "    ")
    facts = extract(source)
    return facts, facts.functions[0]


def _settled(body: str, *args: tuple[str, str, object]) -> Decided:
    facts, func = _facts(body)
    return settled(facts, func, args, target_for("linux"))


def test_literals_and_self_short_circuits_are_kept_with_their_shapes() -> None:
    _, func = _facts("if q:\n    p = False\np = p and q()\np: bool = None\np = p or 0\n")
    assert func.keeps == (("p", (FALSE, AND, ("None", None), OR)),)
    assert "p" in func.tests


@pytest.mark.parametrize(
    "body",
    [
        "p = q()\n",
        "p = q and p\n",
        "p = p and q or r\n",
        "p += 1\n",
        "for p in q:\n    pass\n",
        "with q as p:\n    pass\n",
        "p, r = False, 1\n",
        "x = (p := False)\n",
        "del p\n",
        "try:\n    pass\nexcept E as p:\n    pass\n",
        "def inner():\n    nonlocal p\n    p = False\n",
        "h = lambda p: p\n",
        "xs = [p for p in q]\n",
        "from m import p\n",
        "p = False\np = g(p)\n",
    ],
)
def test_any_other_binding_keeps_nothing(body: str) -> None:
    _, func = _facts(body)
    assert func.keeps == ()
    assert "p" not in func.tests  # no call decides it


def test_a_falsy_argument_stays_decided_through_falsy_literals_and_and() -> None:
    assert _settled("if q:\n    p = False\np = p and q()\n", ("p", *FALSE)) == (("p", *FALSE),)


def test_a_literal_of_another_value_keeps_only_the_truth() -> None:
    assert _settled("if q:\n    p = False\n", ("p", "None", None)) == (("p", TRUTH, False),)
    assert _settled("p = p or 0\nif q:\n    p = 'x'\n", ("p", "int", 3)) == (("p", TRUTH, True),)
    assert _settled("p = p or 'x'\n", ("p", "int", 3)) == (("p", "int", 3),)  # `p` itself: its value is kept
    assert _settled("p = p and 1\n", ("p", TRUTH, False)) == (("p", TRUTH, False),)  # passed on so


@pytest.mark.parametrize(
    ("body", "arg"),
    [
        ("if q:\n    p = True\n", FALSE),  # a literal of the other truth
        ("p = p or q()\n", FALSE),  # `or` after a false value gives the other operand
        ("p = p and q()\n", TRUE),  # `and` after a true one too
        ("p = False\n", ("some", None)),  # the argument's truth is not known
    ],
)
def test_a_binding_that_may_change_the_truth_opens_the_parameter(body: str, arg: tuple[str, object]) -> None:
    assert _settled(body, ("p", *arg)) == ()


def test_a_binding_the_arguments_rule_out_still_needs_not_keep() -> None:
    assert _settled("if q:\n    p = True\n", ("p", *FALSE), ("q", "None", None)) == (("p", *FALSE), ("q", "None", None))


def test_guards_that_keep_the_value_win_over_bindings_that_keep_only_the_truth() -> None:
    body = "if p == 'wkt':\n    return 1\nelif q:\n    p = 'epsg'\n"
    assert _settled(body, ("p", "str", "wkt")) == (("p", "str", "wkt"),)  # `SpatialReference(wkt, srs_type="wkt")`
    assert _settled(body, ("p", "str", "user")) == (("p", TRUTH, True),)
