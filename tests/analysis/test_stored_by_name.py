"""A store or delete by name (`setattr`, `delattr`, `object.__setattr__`, `super().__setattr__`) is recorded as the
store written out is (`facts._stored_by_name`): the implicit `__set__` / `__delete__` use on the attribute a
literal name (or each name a local dict literal shows) spells, else a `setattr` / `delattr` use whose chain ends
with the shape of the names. The fixture tree (`vio/setattr_cases.py`) pins the walk end to end."""

from __future__ import annotations

import pytest

from pytest_claims.analysis.facts import extract


def _uses(body: str) -> set[tuple[tuple[str, ...], str]]:
    indented = "\n".join("        " + line for line in body.strip("\n").splitlines())
    facts = extract(f"class C:\n    def m(self, o, name, part):\n{indented}\n")
    method = next(f for f in facts.functions if f.qualname == "C.m")
    return {(chain, ctx) for chain, ctx, *_ in method.uses if ctx in ("implicit", "setattr", "delattr")}


@pytest.mark.parametrize(
    ("body", "recorded", "absent"),
    [
        ('setattr(o, "x", 1)', {(("o", "x", "__set__"), "implicit"), (("o", "__setattr__"), "implicit")}, set()),
        ('delattr(o, "x")', {(("o", "x", "__delete__"), "implicit"), (("o", "__delattr__"), "implicit")}, set()),
        ('object.__setattr__(o, "x", 1)', {(("o", "x", "__set__"), "implicit")}, {(("o", "__setattr__"), "implicit")}),
        ('super().__setattr__("x", 1)', {(("self", "x", "__set__"), "implicit")}, set()),
        ('super().__delattr__("x")', {(("self", "x", "__delete__"), "implicit")}, set()),
        ("setattr(o, name, 1)", {(("o", "*"), "setattr")}, set()),
        ("delattr(o, name)", {(("o", "*"), "delattr")}, set()),
        ("object.__setattr__(o, name, 1)", {(("o", "*"), "setattr")}, set()),
        ('setattr(o, "get_%s" % part, 1)', {(("o", "get_*"), "setattr")}, set()),
        ('setattr(o, f"{part}_id", 1)', {(("o", "*_id"), "setattr")}, set()),
        (
            'names = {"a": 1, "b": 2}\nfor n in names:\n    setattr(o, n, 0)',
            {(("o", "a", "__set__"), "implicit"), (("o", "b", "__set__"), "implicit")},
            {(("o", "*"), "setattr")},
        ),
        ("setattr(*args)", set(), {(("o", "*"), "setattr")}),
    ],
)
def test_a_store_by_name_is_the_store_written_out(
    body: str, recorded: set[tuple[tuple[str, ...], str]], absent: set[tuple[tuple[str, ...], str]]
) -> None:
    uses = _uses(body)
    assert recorded <= uses
    assert not absent & uses


def test_a_literal_setattr_records_what_the_attribute_store_records() -> None:
    store = {u for u in _uses("o.x = 1") if u[0][-1] in ("__set__", "__setattr__")}
    assert store == {u for u in _uses('setattr(o, "x", 1)') if u[0][-1] in ("__set__", "__setattr__")}
