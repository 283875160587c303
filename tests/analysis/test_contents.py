"""What a function puts in the lists it builds (`analysis.contents`): each element a chain, and an unknown one ("")
for every use of the list that could add what the facts cannot see."""

from __future__ import annotations

import ast
import textwrap

import pytest

from pytest_claims.analysis.chains import value_chain
from pytest_claims.analysis.contents import contents


def holds(source: str, first: str = "") -> set[tuple[str, str]]:
    node = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(node, ast.FunctionDef)
    return {(name, value) for name, value, _ in contents(node, first, value_chain)}


def test_what_the_body_puts_in_a_list_it_only_reads_otherwise() -> None:
    source = """
    def f(names):
        out = [A()]
        for n in names:
            out.append(B(n))
        out.insert(0, C())
        out.extend([D(), E()])
        out += [F()]
        out.sort()
        print(len(out), sorted(out), ", ".join(out), out[0], f"{out}")
        if out and out[-1]:
            return [x for x in out]
        return out
    """
    expected = {("out", f"{c}.()") for c in "ABCDEF"}
    assert holds(source) == expected


@pytest.mark.parametrize(
    "use",
    [
        "fill(out)",
        "self.kept = out",
        "other = out",
        "out[0] = thing",
        "out.extend(things)",
        "out += things",
        "add = out.append",
        "out.append(*things)",
        "out = make()",
        "for out in things: pass",
        "yield out",
        "x = out or []",
        "def g():\n            out.append(thing)",
        "try:\n            pass\n        except E as out:\n            pass",
        "import out",
        "out.append(thing[0])",
    ],
)
def test_any_other_use_adds_an_unknown_element(use: str) -> None:
    source = f"""
    def f(things, thing):
        out = [A()]
        {use}
    """
    assert ("out", "") in holds(source)
    assert ("out", "A.()") in holds(source)


def test_a_declared_or_global_name_and_a_name_bound_to_no_display_hold_nothing() -> None:
    assert holds("def f():\n    out: list[A] = []\n    out.append(B())\n") == set()
    assert holds("def f():\n    global out\n    out = []\n    out.append(B())\n") == set()
    assert holds("def f(out):\n    out.append(B())\n") == set()


def test_a_parameter_of_the_same_name_is_unknown() -> None:
    assert holds("def f(out):\n    out = [A()]\n") == {("out", "A.()"), ("out", "")}


def test_what_a_method_puts_in_its_fields() -> None:
    source = """
    def note(self, extra):
        self.items = [A()]
        self.items.append(B())
        self.items.extend(extra)
        self.other.insert(0, C())
        self.items.append(extra[0])
    """
    assert holds(source, "self") == {("self.items", "A.()"), ("self.items", "B.()"), ("self.other", "C.()")}


def test_a_field_set_to_a_builtins_copy_of_a_comprehension_holds_its_elements() -> None:
    source = """
    def __init__(self, count, given):
        self.shards = tuple(Shard(n) for n in range(count))
        self.pages = list([Page(), Cover()])
        self.sorted = sorted(given)
        self.spread = tuple(*given)
        self.called = make(Thing() for n in given)
    """
    assert holds(source, "self") == {("self.shards", "Shard.()"), ("self.pages", "Page.()"), ("self.pages", "Cover.()")}
