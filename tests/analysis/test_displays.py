"""A list, tuple or set display bound at module or class level gives its elements where the name is iterated, and
calling one enters it (semantics §4.7): the facts record the elements' chains, a copy keeps them, and a loop's call
stays a blind spot beside what it enters."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.engine import check
from pytest_claims.records import COPIED, DISPLAYED, holds_elements
from tests.analysis.helpers import pkg_project


def _bindings(source: str) -> dict[str, tuple[str, str, str]]:
    facts = extract(source, "m")
    return {b.name: (b.kind, b.target, b.member) for b in facts.bindings}


def test_a_display_records_its_elements_and_a_copy_its_source() -> None:
    found = _bindings("import os\nX = [os.getenv, len(''), lambda: 1]\nY = X[:]\nZ = X[0]\nW = []\n")
    assert found["X"] == ("alias", "<list>", DISPLAYED + "os.getenv;len.(s);")
    assert found["Y"] == ("var", "X", COPIED)
    assert found["Z"] == ("var", "X", "[]")  # an index is no copy
    assert found["W"] == ("alias", "<list>", DISPLAYED)
    assert all(holds_elements(b) for b in extract("X = (f,)\nY = X[:]\n", "m").bindings)


def test_a_display_inside_a_function_records_nothing() -> None:
    facts = extract("def f():\n    x = [len]\n    return x\n", "m")
    assert not any(holds_elements(b) for func in facts.functions for b in func.bindings)


def test_an_annotated_display_keeps_its_elements() -> None:
    found = _bindings("from typing import Sequence\nX: Sequence[object] = (len,)\n")
    assert found["X"] == ("alias", "<tuple>", DISPLAYED + "len")


LOOPS = {
    "a module list": (
        "HOOKS = [len, os.getenv]\n\n# claims: deterministic\ndef f():\n    for h in HOOKS:\n        h('X')\n"
    ),
    "a copy in a class body": (
        "HOOKS = (len, os.getenv)\n\nclass C:\n    hooks = HOOKS[:]\n\n"
        "# claims: deterministic\ndef f():\n    for h in C.hooks:\n        h('X')\n"
    ),
}


@pytest.mark.parametrize("shape", sorted(LOOPS))
def test_calling_an_element_reaches_it(tmp_path: Path, shape: str) -> None:
    source = f"import os\n\n{LOOPS[shape]}"
    (claim,) = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
    assert claim.status == "violated" and {v.reach for v in claim.violations} == {"os.getenv"}, claim
    assert any(spot.code == "h('X')" for spot in claim.blind_spots), claim.blind_spots


def test_pure_elements_hold(tmp_path: Path) -> None:
    source = "HOOKS = [len, str.lower]\n\n# claims: deterministic\ndef f():\n    for h in HOOKS:\n        h('X')\n"
    (claim,) = check(pkg_project(tmp_path, {"pkg/use.py": source}), ["linux"]).claims
    assert claim.status == "held", claim
