"""`analysis/returned.py`: module constants, where a def's returned value comes from, and a parameter bound first to a
call's value; and the item tests (`p[3] == "x"`) a literal tuple decides."""

from __future__ import annotations

import textwrap

from pytest_claims.analysis.conditions import evaluate
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.records import FileFacts, FunctionFacts

VERSION = ("tuple", (("int", 5), ("int", 1), ("str", "final"), ("int", 0)))


def _facts(source: str) -> FileFacts:
    return extract(textwrap.dedent(source))


def _function(facts: FileFacts, name: str) -> FunctionFacts:
    return next(f for f in facts.functions if f.qualname == name)


def test_a_top_level_tuple_of_literals_is_a_constant() -> None:
    facts = _facts("""
        VERSION = (5, 1, "final", 0)
        EMPTY = ()
        MIXED = (5, name)
        NESTED = ((1,), 2)
        if flag:
            GUARDED = (1,)
        """)
    assert facts.constants == (("VERSION", VERSION),)


def test_the_argument_or_an_imported_constant_is_returned_per_path() -> None:
    facts = _facts("""
        def complete(version=None):
            '''Doc.'''
            if version is None:
                from m import VERSION as version
            else:
                assert len(version) == 5
            return version
        """)
    func = _function(facts, "complete")
    (kind_a, name_a, line_a, conds_a), (kind_b, name_b, _, conds_b) = sorted(func.returned)
    assert (kind_a, name_a, line_a) == ("import", "version", 5)
    assert (kind_b, name_b) == ("param", "version")
    assert [p for _, p in conds_a] == [True] and [p for _, p in conds_b] == [False]
    assert conds_a[0][0] == conds_b[0][0]
    assert func.accepts[3] == (("version", "None", None),)


def test_a_path_that_raises_gives_nothing() -> None:
    func = _function(
        _facts("""
        def complete(version=None):
            if version is None:
                raise ValueError
            return version
        """),
        "complete",
    )
    assert [(k, n) for k, n, _, _ in func.returned] == [("param", "version")]


def test_anything_less_plain_gives_no_sources() -> None:
    for body in (
        "if version is None:\n    version = make()\nreturn version",  # a call's value
        "if version is None:\n    return VERSION\nreturn version",  # two returns
        "for version in items:\n    pass\nreturn version",  # a loop binds it
        "global VERSION\nreturn version",
        "yield 1\nreturn version",
        "return version.x",
    ):
        source = "def f(version=None):\n" + textwrap.indent(body, "    ") + "\n"
        assert _function(_facts(source), "f").returned == (), body


def test_a_test_of_a_parameter_bound_again_is_no_path_condition() -> None:
    func = _function(
        _facts("""
        def f(version=None, other=None):
            other = 1
            if other is None:
                version = VERSION
            return version
        """),
        "f",
    )
    assert sorted((k, n, c) for k, n, _, c in func.returned) == [("global", "VERSION", ()), ("param", "version", ())]


def test_a_parameter_bound_first_to_a_call_goes_through_it() -> None:
    facts = _facts("""
        def g(version=None):
            '''Doc.'''
            version = complete(version)
            return version[3] == "alpha"

        def later(version=None):
            print(version)
            version = complete(version)

        def twice(version=None):
            version = complete(version)
            version = other(version)

        def nested(version=None):
            version = complete(wrap(version))
        """)
    func = _function(facts, "g")
    assert [(name, func.uses[use][0]) for name, use in func.through] == [("version", ("complete",))]
    assert dict(func.early) == {"version": func.through[0][1:]}
    for name in ("later", "twice", "nested"):
        assert _function(facts, name).through == (), name


def test_a_literal_tuple_decides_its_item_tests() -> None:
    facts = _facts("""
        def g(version):
            if version[3] == "alpha":
                pass
            if version[-1] != 0:
                pass
            if version[9] == "x":
                pass
        """)
    target = target_for("linux")
    alpha, last, beyond = facts.conds
    assert evaluate(alpha, target, {"version": VERSION}) is False
    assert evaluate(alpha, target, {"version": ("tuple", (("str", "alpha"),) * 4)}) is True
    assert evaluate(last, target, {"version": VERSION}) is False
    assert evaluate(beyond, target, {"version": VERSION}) is None  # out of range: raises, nothing decided
    assert evaluate(alpha, target, {"version": ("str", "alpha")}) is None
    assert evaluate(last, target, {"version": ("tuple", (("bool", False),))}) is False  # False == 0


def test_a_walrus_in_a_test_binding_the_parameter_gives_no_sources() -> None:
    func = _function(
        _facts("""
        def f(version=None):
            if (version := make()) is None:
                from m import VERSION as version
            return version
        """),
        "f",
    )
    assert func.returned == ()
