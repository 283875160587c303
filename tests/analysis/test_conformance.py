"""Which defs a call's arguments fit (`arguments.fits`), the arity check of structural dispatch on protocols."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.arguments import arity, fits
from pytest_claims.analysis.facts import extract


def _arity(signature: str) -> tuple[object, ...]:
    node = ast.parse(f"def f{signature}: pass").body[0]
    assert isinstance(node, ast.FunctionDef)
    return arity(node.args)


@pytest.mark.parametrize(
    ("signature", "given", "keywords", "expected"),
    [
        ("(self)", 0, (), True),
        ("(self)", 1, (), False),
        ("(self, a)", 1, (), True),
        ("(self, a)", 0, ("a",), True),
        ("(self, a)", 0, ("b",), False),
        ("(self, a)", 1, ("a",), False),  # given twice
        ("(self, a)", 0, ("self",), False),  # `self` is bound already
        ("(self, a, b)", 1, (), False),  # `b` left unbound
        ("(self, a, b=1)", 1, (), True),
        ("(self, a, b=1)", 3, (), False),
        ("(self, *args)", 5, (), True),
        ("(self, *args)", 0, ("a",), False),
        ("(self, **kw)", 0, ("a", "b"), True),
        ("(self, a, /)", 0, ("a",), False),  # positional-only by keyword
        ("(self, a, /, **kw)", 1, ("a",), True),  # the keyword goes to `**kw`
        ("(self, *, a)", 0, (), False),
        ("(self, *, a)", 0, ("a",), True),
        ("(self, *, a=1)", 0, (), True),
        ("(self, *, a)", 1, ("a",), False),
    ],
)
def test_a_call_fits_a_bound_method(signature: str, given: int, keywords: tuple[str, ...], expected: bool) -> None:
    assert fits(_arity(signature), given, keywords, 1) is expected  # type: ignore[arg-type]


def test_a_staticmethod_binds_nothing_and_an_unknown_arity_fits_anything() -> None:
    assert fits(_arity("(a)"), 1, (), 0)  # type: ignore[arg-type]
    assert not fits(_arity("(a)"), 1, (), 1)  # type: ignore[arg-type]
    assert fits((), 9, ("x",), 1)


def test_the_facts_keep_the_arity_of_class_defs_whose_decorators_pass_arguments_through() -> None:
    facts = extract(
        "import functools\n"
        "class C:\n"
        "    def plain(self, a): ...\n"
        "    @staticmethod\n"
        "    def static(a, *, b=1): ...\n"
        "    @functools.cache\n"
        "    def wrapped(self, a): ...\n"
        "    @property\n"
        "    def prop(self): ...\n"
        "def module_level(a): ...\n"
    )
    arities = {f.qualname: f.arity for f in facts.functions}
    assert arities["C.plain"] == (("self", "a"), 2, 0, (), (), False, False)
    assert arities["C.static"] == (("a",), 1, 0, ("b",), (), False, False)
    assert arities["C.wrapped"] == ()  # a decorator may change what it accepts
    assert arities["C.prop"] == ()
    assert arities["module_level"] == ()
