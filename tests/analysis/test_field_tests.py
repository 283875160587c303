"""`analysis.fieldtests`: which tests of a field of `self` read the parameter just stored there (kept in `tests` under
`arguments.field_test`), and the field names the walk must find plain (`FunctionFacts.plain`)."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.arguments import decide, field_test
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.fieldtests import class_field


def _method(body: str, params: str = "size=None, label='x'") -> tuple[tuple[str, ...], tuple[str, ...]]:
    source = f"class C:\n    def m(self, {params}):\n" + textwrap.indent(textwrap.dedent(body), "        ")
    func = next(f for f in extract(source).functions if f.qualname == "C.m")
    return tuple(n for n in func.tests if ">" in n and class_field(n) is None), func.plain


@pytest.mark.parametrize(
    "body",
    [
        "self.size = size\nif self.size:\n    g()\n",
        "self.size = size\nif self.size is not None:\n    g()\n",
        "self.size = size\nif not self.size or g():\n    g()\n",
        "self.size, self.other = size, 1\nx = label\nif self.size == 3:\n    g()\n",
        "self.size = size\nx = self.size and g()\n",
        "self.size = size\nif self.size is None:\n    return\ng()\n",
    ],
)
def test_a_test_right_after_the_store_reads_the_parameter(body: str) -> None:
    tests, plain = _method(body)
    assert tests == (field_test("size", "size"),)
    assert "size" in plain


@pytest.mark.parametrize(
    "body",
    [
        "self.size = size\nself.size = 5\nif self.size:\n    g()\n",  # stored again
        "self.size = size\nself.prepare()\nif self.size:\n    g()\n",  # a call in between
        "self.size = size\nx = label + 1\nif self.size:\n    g()\n",  # an operator may run code
        "self.size = size\nif label:\n    pass\nif self.size:\n    g()\n",  # an `if` in between
        "self.size = size\nif g() and self.size:\n    g()\n",  # read after a call of the same test
        "size = size or 2\nself.size = size\nif self.size:\n    g()\n",  # the parameter bound again
        "self.size = size\nself = other\nif self.size:\n    g()\n",  # `self` bound again
        "if self.size:\n    g()\n",  # never stored here
        "self.size = size\nfor x in label:\n    if self.size:\n        g()\n",  # not the def's own block
    ],
)
def test_a_test_the_field_may_have_changed_before_stays_open(body: str) -> None:
    assert _method(body) == ((), ())


def test_a_static_method_or_classmethod_has_no_self_field() -> None:
    source = "class C:\n    @classmethod\n    def m(cls, size=None):\n"
    source += "        cls.size = size\n        if cls.size:\n            g()\n"
    func = next(f for f in extract(source).functions if f.qualname == "C.m")
    assert not any(">" in n for n in func.tests)


def test_the_call_decides_it_by_the_parameter() -> None:
    source = "class C:\n    def __init__(self, base, size=None):\n"
    source += "        self.size = size\n        if self.size:\n            g()\n"
    func = next(f for f in extract(source).functions if f.qualname == "C.__init__")
    name = field_test("size", "size")
    assert decide(func.tests, func.accepts, ((("name", "b"),), ()), 1) == ((name, "None", None),)
    assert decide(func.tests, func.accepts, ((("name", "b"), ("int", 3)), ()), 1) == ((name, "int", 3),)
    assert decide(func.tests, func.accepts, ((("name", "b"), ("name", "n")), ()), 1) == ()
