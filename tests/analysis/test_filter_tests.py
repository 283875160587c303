"""`analysis.filtertests` and the tests it lets a class statement's bases decide: which tests read whether any element
of a parameter is an instance of a class (`anyinstance`), and how a class statement's bases (`arguments.ELEMENTS`)
answer them and `if not bases`."""

from __future__ import annotations

import textwrap

import pytest

from pytest_claims.analysis.arguments import ELEMENTS
from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.facts import extract
from pytest_claims.records import CondParam, FileFacts, FunctionFacts

_TARGET = Target("linux", (3, 11), lambda module, name: None)


def _new(body: str) -> tuple[FileFacts, FunctionFacts]:
    source = "class M(type):\n    def __new__(cls, name, bases, attrs):\n"
    source += textwrap.indent(textwrap.dedent(body), "        ")
    facts = extract(source)
    return facts, next(f for f in facts.functions if f.qualname == "M.__new__")


def _filters(facts: FileFacts) -> list[CondParam]:
    """The `anyinstance` tests among a module's conditions (at the top, or under `not`)."""
    found = []
    for cond in facts.conds:
        inner = getattr(cond, "operand", cond)
        if isinstance(inner, CondParam) and inner.op == "anyinstance":
            found.append(inner)
    return found


@pytest.mark.parametrize(
    "body",
    [
        "parents = [b for b in bases if isinstance(b, M)]\nif not parents:\n    return 1\ng()\n",
        "parents = [b for b in bases if isinstance(b, M)]\nx = 1\nh()\nif parents:\n    g()\n",
        "if not any(isinstance(b, M) for b in bases):\n    return 1\ng()\n",
        "if not [b for b in bases if isinstance(b, M)]:\n    return 1\ng()\n",
    ],
)
def test_a_filter_of_a_parameter_is_a_test_of_it(body: str) -> None:
    facts, func = _new(body)
    assert [(c.name, c.value) for c in _filters(facts)] == [("bases", ("class", ("M",)))]
    assert "bases" in func.tests


@pytest.mark.parametrize(
    "body",
    [
        # the list changes before the test
        "parents = [b for b in bases if isinstance(b, M)]\nparents.append(cls)\nif not parents:\n    g()\n",
        # bound twice
        "parents = [b for b in bases if isinstance(b, M)]\nparents = []\nif not parents:\n    g()\n",
        # a nested scope names it: a call in between may change it
        "parents = [b for b in bases if isinstance(b, M)]\nf = lambda: parents.clear()\nf()\nif parents:\n    g()\n",
        # not the element itself, or not the generator's own target
        "parents = [b.x for b in bases if isinstance(b, M)]\nif parents:\n    g()\n",
        "parents = [b for b in bases if isinstance(name, M)]\nif parents:\n    g()\n",
        # of a local, not a parameter
        "xs = list(bases)\nparents = [b for b in xs if isinstance(b, M)]\nif parents:\n    g()\n",
        # `any` of something else
        "if any(b for b in bases):\n    g()\n",
        # the parameter bound again
        "bases = bases + (object,)\nparents = [b for b in bases if isinstance(b, M)]\nif parents:\n    g()\n",
    ],
)
def test_anything_else_stays_open(body: str) -> None:
    facts, func = _new(body)
    assert not _filters(facts) or "bases" not in func.tests


def test_a_class_statement_passes_its_metaclass_hooks_its_name_and_bases() -> None:
    facts = extract("class Meta(type):\n    pass\n\n\nclass K(a.B, C, metaclass=Meta, flag=True):\n    pass\n")
    state = next(f for f in facts.functions if f.qualname == "K")
    hooks = {state.uses[index][0][-1]: passed for index, passed in state.calls}
    passed = (("str", "K"), ("bases", ("a.B", "C")), ("namespace", "Meta"))
    assert hooks["__new__"] == (passed, (("flag", ("bool", True)),))
    assert hooks["__prepare__"] == ((("str", "K"), ("bases", ("a.B", "C"))), (("flag", ("bool", True)),))


def test_unpacked_bases_pass_nothing() -> None:
    facts = extract("class K(*bases, metaclass=Meta):\n    pass\n")
    state = next(f for f in facts.functions if f.qualname == "K")
    assert not state.calls


@pytest.mark.parametrize(
    ("count", "answers", "truth", "any_m"),
    [
        (1, ((("M",), False),), True, False),
        (2, ((("M",), True),), True, True),
        (0, ((("M",), False),), False, False),
        (1, (), True, None),  # a base whose metaclass is not known: the filter stays open
    ],
)
def test_the_bases_decide_their_truth_and_filters(
    count: int, answers: tuple[object, ...], truth: bool, any_m: bool | None
) -> None:
    args = {"bases": (ELEMENTS, (count, answers))}
    assert evaluate(CondParam(0, "bases", "truth", None), _TARGET, args) is truth
    assert evaluate(CondParam(0, "bases", "anyinstance", ("class", ("M",))), _TARGET, args) is any_m
    assert evaluate(CondParam(0, "bases", "isnot", ("None", None)), _TARGET, args) is True
    assert evaluate(CondParam(0, "bases", "isinstance", ("class", ("tuple",))), _TARGET, args) is None


def test_a_filter_of_anything_but_a_class_statements_bases_stays_open() -> None:
    cond = CondParam(0, "bases", "anyinstance", ("class", ("M",)))
    assert evaluate(cond, _TARGET, {"bases": ("tuple", ())}) is None
    assert evaluate(cond, _TARGET, {"bases": ("some", None)}) is None
