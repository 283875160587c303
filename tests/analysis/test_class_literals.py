"""Class-body literals deciding a method's tests of `self.f` (`fieldtests.class_reads`, `ClassFacts.values`) and the
stores that no word shows (`namedstores.named_stores`), which keep such a test open."""

from __future__ import annotations

import ast
import textwrap

import pytest

from pytest_claims.analysis.arguments import field_test
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.fieldtests import CLASS, class_field
from pytest_claims.analysis.namedstores import named_stores


def _class_tests(body: str, kind: str = "") -> tuple[str, ...]:
    decorator = f"    @{kind}\n" if kind else ""
    first = "cls" if kind == "classmethod" else "self"
    source = f"class C:\n{decorator}    def m({first}):\n" + textwrap.indent(textwrap.dedent(body), "        ")
    func = next(f for f in extract(source).functions if f.qualname == "C.m")
    return tuple(n for n in func.tests if class_field(n) is not None)


@pytest.mark.parametrize(
    "body",
    [
        "if not self.ready:\n    return\ng()\n",
        "if self.ready is None:\n    g()\n",
        "if self.ready == 'x':\n    g()\n",
        "g()\nfor x in y:\n    if self.ready:\n        g()\n",  # anywhere in the body: nothing may store it
        "x = [i for i in y if self.ready]\nif self.ready:\n    g()\n",
    ],
)
def test_a_test_of_a_field_of_self_is_kept_for_the_class_to_decide(body: str) -> None:
    assert _class_tests(body) == (field_test(CLASS, "ready"),)


@pytest.mark.parametrize(
    "body",
    [
        "self = other\nif self.ready:\n    g()\n",  # `self` bound again
        "for self in xs:\n    pass\nif self.ready:\n    g()\n",
        "def inner():\n    nonlocal self\n    self = 1\nif self.ready:\n    g()\n",
        "if self.__ready:\n    g()\n",  # mangled per class
        "if self.__class__:\n    g()\n",
        "def inner(self):\n    if self.ready:\n        g()\n",  # another scope's `self`
    ],
)
def test_a_field_self_may_not_be_the_instance_for_stays_open(body: str) -> None:
    assert _class_tests(body) == ()


def test_a_classmethod_reads_no_instance_field() -> None:
    assert _class_tests("if cls.ready:\n    g()\n", "classmethod") == ()


def test_a_class_body_literal_bound_once_has_its_value() -> None:
    source = "import sys\nclass C:\n    a = False\n    b = 'x'\n    c = 1\n    c = 2\n"
    source += "    if sys.flag:\n        d = None\n"
    source += "    e = f()\n    g = None\n    def g(self):\n        pass\n"
    facts = extract(source).classes[0]
    assert dict(facts.values) == {"a": ("bool", False), "b": ("str", "x")}
    assert {"a", "b", "c", "d"} <= set(facts.literals)


def _stores(code: str) -> tuple[int, ...]:
    text = textwrap.dedent(code)
    return named_stores(ast.parse(text), text)


@pytest.mark.parametrize(
    "code",
    [
        "setattr(o, name, v)",
        "delattr(o, name)",
        "setattr(o, *args)",
        "object.__setattr__(o, name, v)",
        "super().__setattr__(name, v)",
        "o.__dict__[name] = v",
        "o.__dict__.update(d)",
        "del o.__dict__[name]",
        "o.__dict__ = d",
        "vars(o)[name] = v",
        "vars(o).update(d)",
        "keep(o.__dict__)",
        "namespace = vars(o)",
        "locals()[name] = v",
        "put = object.__setattr__",
        "o.__class__ = Other",
        "setattr(o, '__class__', Other)",
    ],
)
def test_a_store_under_a_computed_name_is_found(code: str) -> None:
    assert _stores(f"x = 1\n{code}\n") == (2,)


@pytest.mark.parametrize(
    "code",
    [
        "setattr(o, 'name', v)",
        "object.__setattr__(o, 'name', v)",
        "o.name = v",
        "state = o.__dict__.copy()",
        "x = o.__dict__.get(name)",
        "x = o.__dict__[name]",
        "if name in o.__dict__: pass",
        "f(**vars(o))",
        "x = [o.__class__]",
        "'setattr(o, name, v)'",
    ],
)
def test_a_read_or_a_store_of_a_written_name_is_not(code: str) -> None:
    assert _stores(f"x = 1\n{code}\n") == ()


def test_a_literal_the_body_deletes_or_binds_in_a_branch_has_no_value() -> None:
    source = "class C:\n    a = 1\n    b = 2\n    try:\n        c = 3\n    except E:\n        pass\n"
    source += "    if x:\n        del a\n"
    source += "    def m(self):\n        b = 1\n        del b\n"
    assert dict(extract(source).classes[0].values) == {"b": ("int", 2)}
