"""The light reading of claims (`analysis.lightread`) agrees with the facts wherever it answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.analysis import comments
from pytest_claims.analysis.directives import _directive_problem
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.lightread import DIRECTIVE_LINE, NESTED, NOTHING, LightClaim, light_claims

KNOWN = frozenset({"deterministic", "pure", "no-io"})
TESTDATA = Path(__file__).resolve().parents[2] / "testdata"


def _from_facts(data: bytes) -> tuple[list[LightClaim], list[tuple[int, str]]]:
    """What the facts say of the same source: the claims on unguarded defs and the refusals by position."""
    facts = extract(data)
    claims, refused = [], []
    for directive in facts.directives:
        if directive.form != "comment":
            continue
        if directive.function < 0:
            refused.append((directive.line, _directive_problem(directive, KNOWN) or ""))
            continue
        func = facts.functions[directive.function]
        assert func.guard == 0
        claims.append(LightClaim(func.qualname, func.line, tuple(sorted(directive.names))))
    return claims, refused


def _agrees(data: bytes) -> bool:
    """Whether the light reading answered; when it did, it must say what the facts say."""
    light = light_claims(data, KNOWN, mutating=False)
    if light is None:
        return False
    claims, refused = _from_facts(data)
    assert sorted(light.claims) == sorted(claims)
    assert sorted(light.refused) == sorted(refused)
    return True


def test_patterns_and_messages_are_the_facts_own() -> None:
    assert DIRECTIVE_LINE.pattern == comments._DIRECTIVE_LINE.pattern
    from pytest_claims.records import Directive

    assert _directive_problem(Directive(1, "comment", ("pure",), -1, "", ""), KNOWN) == NOTHING
    assert _directive_problem(Directive(1, "comment", ("pure",), -2, "", ""), KNOWN) == NESTED


SHAPES = {
    "plain": "# claims: pure\ndef f():\n    pass\n",
    "decorated": (
        "import functools\n# claims: pure, deterministic\n# another comment\n@functools.cache\ndef f():\n    pass\n"
    ),
    "method": (
        "class A:\n    class B:\n        # claims: pure\n        async def m(self) -> int:\n            return 1\n"
    ),
    "nested": "def f():\n    # claims: pure\n    def g():\n        pass\n    return g\n",
    "local class": "def f():\n    class L:\n        # claims: pure\n        def m(self):\n            pass\n",
    "class": "# claims: pure\nclass A:\n    pass\n",
    "nothing": "# claims: pure\n\ndef f():\n    pass\n",
    "above decorator line": "@staticmethod\n# claims: pure\ndef f():\n    pass\n",
    "unicode text": "# claims: pure\ndef f():\n    return 'caf\u00e9'\n",
    "in brackets": "x = (1,\n# claims: pure\n2)\ndef f():\n    pass\n",
    "between methods": "class A:\n    x = 1\n\n    # claims: pure\n    def m(self):\n        pass\n",
}
"""Shapes the light reading answers for."""

DECLINED = {
    "guarded": "import sys\nif sys.platform == 'win32':\n    # claims: pure\n    def f():\n        pass\n",
    "guarded method": (
        "import sys\nclass A:\n    try:\n        # claims: pure\n        def m(self):\n            pass\n"
        "    except ImportError:\n        pass\n"
    ),
    "in a string": 'x = """\n# claims: pure\n# end"""\ndef f():\n    pass\n',
    "in a string closed below": 'x = """\n# claims: pure\n"""\ndef f():\n    pass\n',
    "in a method's string": 'class A:\n    def m(self):\n        return """\n# claims: pure\n"""\n',
    "in an f-string": 'class A:\n    x = f"""\n    # claims: pure\n    {1}"""\n    def m(self):\n        pass\n',
    "after an assert": "import sys\nassert sys.platform == 'win32'\n# claims: pure\ndef f():\n    pass\n",
    "decorator": "from pytest_claims import claims\n@claims('pure')\ndef f():\n    pass\n",
    "trailing": "def f():  # claims: pure\n    pass\n",
    "unknown": "# claims: pur\ndef f():\n    pass\n",
    "repeated": "# claims: pure\n# claims: pure\ndef f():\n    pass\n",
    "empty": "# claims:\ndef f():\n    pass\n",
    "full width": "# \uff43\uff4c\uff41\uff49\uff4d\uff53: pure\ndef f():\n    pass\n",
    "syntax error": "# claims: pure\ndef f(:\n    pass\n",
    "carriage return": "# claims: pure\r\ndef f():\r\n    pass\r\n",
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_light_reading_agrees_with_the_facts(name: str) -> None:
    assert _agrees(SHAPES[name].encode())


@pytest.mark.parametrize("name", sorted(DECLINED))
def test_light_reading_declines_what_only_the_facts_tell(name: str) -> None:
    assert light_claims(DECLINED[name].encode(), KNOWN, mutating=False) is None


def test_mutating_returns_declines() -> None:
    source = b"# claims: deterministic\ndef f() -> list[int]:\n    return []\n"
    assert light_claims(source, KNOWN, mutating=True) is None
    assert light_claims(source, KNOWN, mutating=False) is not None


def test_every_testdata_file_agrees() -> None:
    answered = sum(_agrees(path.read_bytes()) for path in sorted(TESTDATA.rglob("*.py")))
    assert answered > 10
