"""`analysis.valueflow`: the stores of a parameter on an object a def names, and the operands of a local it calls."""

from __future__ import annotations

from pytest_claims.analysis.facts import extract
from pytest_claims.records import FunctionFacts


def _function(source: str, qualname: str) -> FunctionFacts:
    facts = extract(source)
    return next(f for f in facts.functions if f.qualname == qualname)


def test_a_parameter_stored_on_a_module_level_name_is_kept() -> None:
    source = (
        "class C:\n    pass\n\nCONFIG = C()\n\n"
        "def configure(wrapper=None, hook=None):\n"
        "    if wrapper is not None:\n        CONFIG.wrapper = wrapper\n"
        "    CONFIG.sub.hook = hook\n"
    )
    kept = _function(source, "configure").kept
    assert list(kept) == [("CONFIG", "wrapper", "wrapper"), ("CONFIG.sub", "hook", "hook")]


def test_no_store_is_kept_on_a_parameter_or_a_local_or_from_a_rebound_parameter() -> None:
    source = (
        "def f(obj, value, other):\n"
        "    obj.x = value\n"
        "    local = make()\n    local.y = value\n"
        "    other = 1\n    CONFIG.z = other\n"
    )
    assert _function(source, "f").kept == ()


def test_a_method_keeps_its_stores_on_self_annotated_or_not() -> None:
    source = (
        "class B:\n    def __init__(self, procs: list, name):\n        self._procs = procs\n        self.name = name\n"
    )
    kept = _function(source, "B.__init__").kept
    assert list(kept) == [("self", "_procs", "procs"), ("self", "name", "name")]


def test_a_called_local_keeps_each_dotted_operand() -> None:
    source = (
        "class P:\n    def bind(self):\n"
        "        cls = self._c or CONFIG.c\n        other = self._d or CONFIG.d\n"
        "        pick = A if flag else make()\n"
        "        pick()\n        return cls(procs=1)\n"
    )
    either = _function(source, "P.bind").either
    assert list(either) == [("cls", "self._c"), ("cls", "CONFIG.c"), ("pick", "A")]


def test_a_nested_def_is_not_the_def_s_own() -> None:
    source = "def f(p):\n    def g(q):\n        CONFIG.x = q\n        cls = A or B\n        cls()\n    return g\n"
    func = _function(source, "f")
    assert func.kept == () and func.either == ()
