"""What `rejectsnone` counts as certainly applying `in` to a value, and what it leaves out; how a rejecting test
guards what follows it in the facts."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.rejectsnone import none_rejected
from pytest_claims.records import CondParam


@pytest.mark.parametrize(
    ("source", "rejected"),
    [
        ("a in p", {"p"}),
        ("a not in p", {"p"}),
        ("not (a in p)", {"p"}),
        ("a in p and b in q", {"p"}),
        ("a in p or b in q", {"p"}),
        ("p in a", {"a"}),
        ("a < b in p", set()),
        ("x and a in p", set()),
        ("f(a in p)", set()),
        ("[y for y in z if y in p]", set()),
        ("p[0]", set()),
        ("p is None", set()),
    ],
)
def test_only_an_in_the_test_certainly_evaluates_counts(source: str, rejected: set[str]) -> None:
    assert {ast.unparse(n) for n in none_rejected(ast.parse(source, mode="eval").body)} == rejected


def _guards_at(source: str, line: int) -> set[tuple[CondParam, bool]]:
    facts = extract(source)
    found: set[tuple[CondParam, bool]] = set()
    for func in facts.functions:
        for use in func.uses:
            if use[2] == line:
                for cond, polarity in facts.guards[use[3]]:
                    found.add((facts.conds[cond], polarity))  # type: ignore[arg-type]
    return found


NOT_NONE = ("isnot", ("None", None))


def test_the_branches_and_the_rest_of_the_block_need_the_parameter_not_none() -> None:
    source = "def f(a, p):\n    if a in p:\n        g()\n    else:\n        h()\n    k()\n"
    for line in (3, 5, 6):
        guards = _guards_at(source, line)
        assert any(
            isinstance(c, CondParam) and (c.name, c.op, c.value) == ("p", *NOT_NONE) and held for c, held in guards
        )
    assert "p" in extract(source).functions[0].tests


def test_a_module_level_test_guards_nothing_more() -> None:
    assert _guards_at("if a in p:\n    g()\n", 2) == set()
