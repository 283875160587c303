"""Decided parameters passed on, and arguments of known class: how a call's arguments are carried into the next
callee, how an `isinstance` test compiles and evaluates, and which stub attributes are never None. The fixture
tree (`vio/forwarding_cases.py`) pins the walk end to end."""

from __future__ import annotations

import ast

from pytest_claims.analysis.arguments import HOPS, INSTANCE, MAX_HOPS, SOME, decide, signature
from pytest_claims.analysis.conditions import evaluate
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolution.context import forward, with_hops
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.analysis.stubs import Stubs
from pytest_claims.records import CondParam, FileFacts


def _facts(source: str) -> FileFacts:
    return extract(source)


def test_a_parameter_passed_on_is_decided_and_a_rebound_one_is_not() -> None:
    facts = _facts("def relay(flag, other):\n    other = make()\n    return g(flag, other)\n")
    assert facts.functions[0].tests == ("flag",)


def test_forward_replaces_decided_names_and_counts_the_calls() -> None:
    passed = ((("name", "flag"), ("name", "x")), (("k", ("name", "flag")),))
    given = {"flag": ("None", None)}
    assert forward(passed, given, "f", "g") == (((("None", None), ("name", "x")), (("k", ("None", None)),)), 1, "f")
    assert forward(((("name", "x"),), ()), given, "f", "g") is None  # nothing passed on
    deep = {**given, HOPS: ("hops", (MAX_HOPS, "f"))}
    assert forward(passed, deep, "h", "g") is None  # three calls deep already


def test_forward_counts_no_call_back_into_where_the_values_were_first_passed_on_from() -> None:
    passed = ((("name", "flag"),), ())
    given = {"flag": ("None", None), HOPS: ("hops", (MAX_HOPS, "f"))}
    assert forward(passed, given, "h", "f") == (((("None", None),), ()), 0, None)  # a lap of `f -> g -> h -> f`
    assert forward(passed, {"flag": ("None", None)}, "f", "f") == (((("None", None),), ()), 1, "f")  # no lap yet


def test_a_known_class_is_passed_on_as_never_none() -> None:
    given = {"arg": (INSTANCE, ((("tzinfo",), True),))}
    assert forward(((("name", "arg"),), ()), given, "f", "g") == ((((SOME, None),), ()), 1, "f")


def test_with_hops_adds_one_counting_entry() -> None:
    args = (("flag", "None", None),)
    assert with_hops(args, 2, "f") == ((HOPS, "hops", (2, "f")), ("flag", "None", None))
    assert with_hops(with_hops(args, 1, "f"), 2, "f") == ((HOPS, "hops", (2, "f")), ("flag", "None", None))
    assert with_hops(args, 0) == args
    assert with_hops((), 2, "f") == ()


def test_a_display_decides_only_a_test_against_none() -> None:
    accepts = signature(ast.parse("def f(p): pass").body[0].args)  # type: ignore[attr-defined]
    assert decide(("p",), accepts, ((("value", "list"),), ()), 0) == (("p", SOME, None),)
    target = target_for("linux")
    some = {"p": (SOME, None)}
    assert evaluate(CondParam(0, "p", "is", ("None", None)), target, some) is False
    assert evaluate(CondParam(0, "p", "isnot", ("None", None)), target, some) is True
    assert evaluate(CondParam(0, "p", "truth", None), target, some) is None  # an empty list is falsy


def test_isinstance_of_a_parameter_compiles_and_reads_its_answers() -> None:
    facts = _facts(
        "from datetime import tzinfo\n"
        "def f(arg):\n"
        "    if isinstance(arg, tzinfo):\n        return 1\n"
        "    elif isinstance(arg, (str, bytes)):\n        return 2\n"
    )
    assert facts.functions[0].tests == ("arg",)
    tests = [c for c in facts.conds if isinstance(c, CondParam)]
    assert CondParam(0, "arg", "isinstance", ("class", ("tzinfo",))) in tests
    assert CondParam(0, "arg", "isinstance", ("class", ("str", "bytes"))) in tests
    target = target_for("linux")
    known = {"arg": (INSTANCE, ((("tzinfo",), True),))}
    assert evaluate(CondParam(0, "arg", "isinstance", ("class", ("tzinfo",))), target, known) is True
    assert evaluate(CondParam(0, "arg", "isinstance", ("class", ("str", "bytes"))), target, known) is None
    assert evaluate(CondParam(0, "arg", "is", ("None", None)), target, known) is False
    literal = {"arg": ("str", "x")}
    assert evaluate(CondParam(0, "arg", "isinstance", ("class", ("str",))), target, literal) is None


def test_isinstance_of_a_local_class_name_is_not_compiled() -> None:
    facts = _facts("def f(arg, kind):\n    if isinstance(arg, kind):\n        return 1\n")
    assert not [c for c in facts.conds if isinstance(c, CondParam)]


def test_a_stub_attribute_of_one_class_is_never_none() -> None:
    stubs = Stubs("linux", (3, 11))
    assert stubs.never_none("datetime", "timezone.utc")
    assert not stubs.never_none("sys", "stdout")  # TextIO | MaybeNone
    assert not stubs.never_none("os", "environ")  # a subscripted class: not checked
