"""What a class statement passes its metaclass's hooks for their parameters' classes (`arguments.NAMESPACE`,
`resolution/namespaces.py`), as the facts record it; the walk's answers are in `vio/metaclass_namespace_cases.py`."""

from __future__ import annotations

import pytest

from pytest_claims.analysis.arguments import NAMESPACE
from pytest_claims.analysis.facts import extract
from pytest_claims.records import FunctionFacts


def _function(source: str, qualname: str) -> FunctionFacts:
    return next(f for f in extract(source).functions if f.qualname == qualname)


@pytest.mark.parametrize(
    ("statement", "metaclass"),
    [
        ("class K(Base, metaclass=pkg.Meta):", "pkg.Meta"),
        ("class K(Base):", ""),
        ("class K(Base, metaclass=make_meta()):", "<?>"),
    ],
)
def test_the_namespace_passed_names_the_metaclass_written(statement: str, metaclass: str) -> None:
    state = _function(f"{statement}\n    pass\n", "K")
    passed = [given for index, (given, _) in state.calls if state.uses[index][0][-1] in ("__new__", "__init__")]
    assert passed and all(given[-1] == (NAMESPACE, metaclass) for given in passed)


def test_prepare_is_passed_no_namespace() -> None:
    state = _function("class K(Base, metaclass=Meta):\n    pass\n", "K")
    prepare = [given for index, (given, _) in state.calls if state.uses[index][0][-1] == "__prepare__"]
    assert prepare and all(not any(g[0] == NAMESPACE for g in given if isinstance(g, tuple)) for given in prepare)


def test_a_hook_that_tests_nothing_keeps_what_it_accepts() -> None:
    source = "class M(type):\n    def __init__(cls, name, bases, attrs):\n        attrs.clear()\n"
    hook = _function(source, "M.__init__")
    assert not hook.tests
    assert hook.accepts[0] == ("cls", "name", "bases", "attrs")
    other = _function("class C:\n    def run(self, name):\n        name.clear()\n", "C.run")
    assert other.accepts[0] == ()


def test_a_local_holding_what_super_finds_is_its_alias() -> None:
    source = "class M(type):\n    def __new__(mcs, *args):\n        super_new = super().__new__\n"
    source += "        return super_new(mcs, *args)\n"
    hook = _function(source, "M.__new__")
    assert [(b.kind, b.target) for b in hook.bindings if b.name == "super_new"] == [("alias", "<super>.__new__")]
    called = _function("class C:\n    def m(self):\n        made = super().make()\n", "C.m")
    assert [b.kind for b in called.bindings if b.name == "made"] != ["alias"]  # a call's result: not followed so
