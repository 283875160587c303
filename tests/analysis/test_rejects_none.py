"""What `rejectsnone` counts as certainly applied to a value `None` cannot take, and what it leaves out."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.rejectsnone import none_rejected, stmt_rejected


def _names(found: list[ast.expr]) -> set[str]:
    return {ast.unparse(node) for node in found}


@pytest.mark.parametrize(
    ("source", "rejected"),
    [
        ("a in p", {"p"}),
        ("a not in p", {"p"}),
        ("not (a in p)", {"p"}),
        ("a in p and b in q", {"p"}),
        ("a in p or b in q", {"p"}),
        ("p[0] == 1", {"p"}),
        ("p.name", {"p"}),
        ("p.__class__", set()),
        ("p()", {"p"}),
        ("f(p.x)", {"p", "f"}),
        ("a < b in p", set()),
        ("x if a in p else b in q", {"p"}),
        ("[y for y in z if y in p]", set()),
        ("lambda: a in p", set()),
        ("len(p)", {"len"}),
        ("p in a", {"a"}),
        ("p is None", set()),
    ],
)
def test_an_expression_rejects_only_what_it_certainly_evaluates(source: str, rejected: set[str]) -> None:
    assert _names(none_rejected(ast.parse(source, mode="eval").body)) == rejected


@pytest.mark.parametrize(
    ("source", "rejected"),
    [
        ("if a in p:\n    pass", {"p"}),
        ("while a in p:\n    pass", {"p"}),
        ("assert a in p", {"p"}),
        ("p.update(x)", {"p", "p.update"}),
        ("x = p", set()),
        ("p.x = 1", {"p"}),
        ("p[k] = 1", {"p"}),
        ("p.x += 1", {"p"}),
        ("for x in p:\n    pass", {"p"}),
        ("with p:\n    pass", {"p"}),
        ("with a, p:\n    pass", {"a"}),
        ("return p.x", set()),
    ],
)
def test_a_statement_rejects_what_runs_before_the_next(source: str, rejected: set[str]) -> None:
    assert _names(stmt_rejected(ast.parse(source).body[0])) == rejected
