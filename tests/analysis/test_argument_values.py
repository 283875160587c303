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
