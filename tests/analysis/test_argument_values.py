"""What a plain function's parameter may hold, as the facts keep it: the parameters its body never binds again nor
shadows (`FunctionFacts.received`), the only ones whose value is what a call passes."""

from __future__ import annotations

from pytest_claims.analysis.facts import extract


def _received(source: str, qualname: str) -> tuple[tuple[str, int], ...]:
    facts = extract(source)
    return next(f.received for f in facts.functions if f.qualname == qualname)


def test_parameters_kept_with_their_positions() -> None:
    source = "def f(a, /, b, c=1, *rest, d, e=2, **more):\n    return a, b, c, d, e\n"
    assert _received(source, "f") == (("a", 0), ("b", 1), ("c", 2), ("d", -1), ("e", -1))


def test_a_rebound_or_shadowed_parameter_is_not_kept() -> None:
    source = (
        "def f(a, b, c, d):\n"
        "    b = 1\n"
        "    def inner(c):\n"
        "        return c\n"
        "    for d in range(3):\n"
        "        pass\n"
        "    return a, inner\n"
    )
    assert _received(source, "f") == (("a", 0),)


def test_a_nonlocal_or_global_rebinding_is_not_kept() -> None:
    source = (
        "def f(a, b):\n"
        "    def inner():\n"
        "        nonlocal a\n"
        "        a = 2\n"
        "    return inner, b\n"
    )
    assert _received(source, "f") == (("b", 1),)


def test_methods_keep_none() -> None:
    source = "class C:\n    def m(self, x):\n        return x.now()\n"
    assert _received(source, "C.m") == ()


def _applied(source: str, qualname: str) -> str:
    facts = extract(source)
    return next(f.applied for f in facts.functions if f.qualname == qualname)


def test_a_class_decorators_call_takes_the_def_after_self() -> None:
    source = (
        "class Deco:\n"
        "    def __call__(self, func):\n"
        "        def wrapped(*a):\n"
        "            return func(*a)\n"
        "        return wrapped\n"
        "    def other(self, func):\n"
        "        return func\n"
    )
    assert _applied(source, "Deco.__call__") == "func"
    assert _applied(source, "Deco.other") == ""


def test_a_factory_hands_the_def_to_the_one_def_it_returns() -> None:
    source = (
        "def factory(tag):\n"
        "    def decorator(fn):\n"
        "        def wrapper(*a):\n"
        "            return fn(*a)\n"
        "        return wrapper\n"
        "    return decorator\n"
    )
    assert _applied(source, "factory") == "fn"


def test_a_shadowed_or_rebound_parameter_is_none() -> None:
    shadowed = (
        "def factory(tag):\n"
        "    def decorator(fn):\n"
        "        run = lambda fn: fn()\n"
        "        return run(fn)\n"
        "    return decorator\n"
    )
    rebound = "class Deco:\n    def __call__(self, func):\n        func = wrap(func)\n        return func\n"
    assert _applied(shadowed, "factory") == ""
    assert _applied(rebound, "Deco.__call__") == ""


def test_a_factory_returning_two_defs_or_a_decorated_one_is_none() -> None:
    two = (
        "def factory(flag):\n"
        "    def a(fn):\n"
        "        return fn\n"
        "    def b(fn):\n"
        "        return fn\n"
        "    if flag:\n"
        "        return a\n"
        "    return b\n"
    )
    decorated = (
        "def factory(tag):\n"
        "    @wrap\n"
        "    def decorator(fn):\n"
        "        return fn\n"
        "    return decorator\n"
    )
    assert _applied(two, "factory") == ""
    assert _applied(decorated, "factory") == ""
