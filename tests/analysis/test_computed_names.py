"""The names a `getattr` with a computed name reads, where the function's syntax shows them all
(`analysis/computed.py`); the fixture tree (`vio/sample_cases.py`) pins the walk end to end."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.computed import computed_names


def _names(body: str) -> tuple[str, ...] | None:
    indented = "\n".join("    " + line for line in body.strip("\n").splitlines())
    func = ast.parse(f"def f(self):\n{indented}\n").body[0]
    assert isinstance(func, ast.FunctionDef)
    call = next(n for n in ast.walk(func) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "getattr")
    return computed_names(func, call)


DECONSTRUCT = """
possibles = {"a": 1, "b": 2}
overrides = {"b": "_b"}
for name, default in possibles.items():
    getattr(self, overrides.get(name, name))
"""


@pytest.mark.parametrize(
    ("body", "names"),
    [
        (DECONSTRUCT, ("_b", "a")),
        ('d = {"a": 1}\nfor n in d:\n    getattr(self, n)', ("a",)),
        ('d = {"a": 1}\nfor n in d.keys():\n    getattr(self, n, None)', ("a",)),
        ('d = {"a": 1}\nd["b"] = 2\nfor n in d:\n    getattr(self, n)', None),  # changed
        ('d = {"a": 1}\ng(d)\nfor n in d:\n    getattr(self, n)', None),  # handed out
        ('d = {"a": 1}\nd = e\nfor n in d:\n    getattr(self, n)', None),  # bound again
        ('d = {"a": 1, **e}\nfor n in d:\n    getattr(self, n)', None),  # keys not all shown
        ('d = {"a": 1}\nfor n in d:\n    n = "b"\n    getattr(self, n)', None),  # target bound again
        ('d = {"a": 1}\nfor n, v in d:\n    getattr(self, n)', None),  # a key unpacked
        ('d = {"a": 1}\nfor n in d.items():\n    getattr(self, n)', None),  # a pair
        ('n = "b"\nd = {}\nfor n in d:\n    pass\nelse:\n    getattr(self, n)', None),  # after the loop
        ('d = {"a": 1}\no = {"a": x}\nfor n in d:\n    getattr(self, o.get(n, n))', None),  # a value not shown
        ("getattr(self, name)", None),
    ],
)
def test_the_names_are_shown_only_by_an_unchanged_literal(body: str, names: tuple[str, ...] | None) -> None:
    assert _names(body) == names


def test_the_name_may_be_another_argument() -> None:
    """`super().__setattr__(n, v)` names the attribute first: `position` says which argument is the name."""
    func = ast.parse('def f(self):\n    d = {"a": 1}\n    for n in d:\n        super().__setattr__(n, 0)\n').body[0]
    assert isinstance(func, ast.FunctionDef)
    call = next(n for n in ast.walk(func) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "__setattr__")
    assert computed_names(func, call, 0) == ("a",)
    assert computed_names(func, call) is None  # the value `0` is no loop target
