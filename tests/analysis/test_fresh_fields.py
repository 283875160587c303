"""`__enter__`'s reads of fields it never stores (`fieldtests.entered_reads`), which a `with D(...):` decides by
what D's constructor left (`resolution/freshfields.py`)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from pytest_claims.analysis.fieldtests import constructor_leaves


def _enter(body: str, name: str = "__enter__", decorator: str = "") -> object:
    text = f"{decorator}\ndef {name}(self):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    node = ast.parse(text.strip()).body[0]
    assert isinstance(node, ast.FunctionDef)
    return constructor_leaves(node, "method", "self")


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
    assert _enter(body) == ()


def test_only_an_undecorated_enter_is_read() -> None:
    assert _enter("if self.language:\n    pass\n", name="run") == ()
    assert _enter("if self.language:\n    pass\n", decorator="@wrap") == ()
