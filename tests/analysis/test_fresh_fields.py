"""The reads of fields a method never stores (`fieldtests.entered_reads`), which a `with D(...):` (its `__enter__`
and `__exit__`), `D(...).m()` or `x.m()` on a local only that reads (`freshlocals`) decide by what D's constructor
left (`resolution/freshfields.py`)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from pytest_claims.analysis.fieldtests import constructor_leaves
from pytest_claims.analysis.freshlocals import fresh_locals


def _enter(body: str, name: str = "__enter__", decorator: str = "", tests: tuple[str, ...] = ()) -> object:
    text = f"{decorator}\ndef {name}(self):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    node = ast.parse(text.strip()).body[0]
    assert isinstance(node, ast.FunctionDef)
    return constructor_leaves(node, "method", "self", tests)


def test_an_enter_keeps_the_fields_it_reads_and_never_stores() -> None:
    leaves = _enter("self.old = current()\nif self.language is not None:\n    activate(self.language)\n")
    assert leaves == ((("language", ""),), ("language", "old"), (("self",), 0, (), ()))


@pytest.mark.parametrize(
    "body",
    [
        "register(self)\nif self.language:\n    pass\n",  # hands `self` out
        "self.reset()\nif self.language:\n    pass\n",  # a method may store the field
        "self.language = None\nif self.language:\n    pass\n",  # stores the field itself
    ],
)
def test_an_enter_that_may_change_the_field_keeps_nothing_of_it(body: str) -> None:
    leaves = _enter(body)
    assert not leaves or "language" not in dict(leaves[0])  # type: ignore[index]


def test_an_enter_that_reads_no_field_still_says_what_it_stores() -> None:
    assert _enter("self.old = current()\n") == ((), ("old",), (("self",), 0, (), ()))
    assert _enter("register(self)\n") == ()


def test_another_method_is_read_only_where_it_tests_such_a_field() -> None:
    body = "if self.language:\n    pass\n"
    assert _enter(body, name="run") == ()
    assert _enter(body, name="run", tests=("<class>>self.other",)) == ()
    assert _enter(body, name="run", tests=("<class>>self.language",)) == (
        (("language", ""),),
        ("language",),
        (("self",), 0, (), ()),
    )
    assert _enter(body, name="run", decorator="@wrap", tests=("<class>>self.language",)) == ()
    assert _enter(body, decorator="@wrap") == ()


def _fresh(body: str, params: str = "") -> tuple[str, ...]:
    node = ast.parse(f"def f({params}):\n" + textwrap.indent(textwrap.dedent(body), "    ")).body[0]
    assert isinstance(node, ast.FunctionDef)
    return fresh_locals(node)


def test_a_local_bound_once_to_a_call_and_read_once_as_a_call_on_it_is_fresh() -> None:
    assert _fresh("x = D(None)\nreturn x.m()\n") == ("x",)
    assert _fresh("for i in r:\n    if i:\n        x = D(i)\n        x.m(1)\n") == ("x",)
    assert _fresh("x = D(None)\ndef g():\n    return x.m()\n") == ("x",)  # read only by what it calls


@pytest.mark.parametrize(
    ("body", "params"),
    [
        ("x = D(None)\nx.f = 1\nreturn x.m()\n", ""),  # read twice
        ("x = D(None)\nregister(x)\nreturn x.m()\n", ""),  # handed out
        ("x = D(None)\ny = x\nreturn y.m()\n", ""),
        ("x = D(None)\nreturn x.f.m()\n", ""),  # not a method call on it
        ("if p:\n    x = D(None)\nreturn x.m()\n", "x"),  # a parameter
        ("global x\nx = D(None)\nreturn x.m()\n", ""),
        ("x = D(None)\nx = D(1)\nreturn x.m()\n", ""),  # bound twice
        ("with D() as x:\n    return x.m()\n", ""),  # not `x = f(...)`
        ("x = other\nreturn x.m()\n", ""),
        ("def g():\n    x = D(None)\nreturn x.m()\n", ""),  # a nested scope's own `x`
        ("x = D(None)\nv = locals()\nreturn x.m()\n", ""),  # may reach it without naming it
        ("x = D(None)\ndel x\nreturn 1\n", ""),
        ("(x := D(None))\nreturn x.m()\n", ""),
    ],
)
def test_any_other_binding_or_read_leaves_the_local_out(body: str, params: str) -> None:
    assert _fresh(body, params) == ()
