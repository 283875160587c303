"""The implicit uses the extractor records for operators and truth tests: one per operand and test, with the
forward call a reflected one depends on (semantics §5 implicit calls)."""

from __future__ import annotations

from pytest_claims.analysis.facts import extract

SOURCE = """
class P: ...

def f(x: P, y: P, z: P, t: list[P]):
    total = 0
    if x and not y or z:
        return -x
    while x and y:
        pass
    assert x or y
    total += y
    t[0] += 1
    return (1 if (x and y) else 2, x <= y, 1 + x, x != y, make() and 1)
"""


def implicit_uses() -> list[tuple[tuple[str, ...], int, str]]:
    (function,) = [f for f in extract(SOURCE).functions if f.qualname == "f"]
    return [(chain, line, code) for chain, ctx, line, _, code in function.uses if ctx == "implicit"]


def test_each_operand_and_test_is_recorded_once() -> None:
    assert implicit_uses() == [
        (("z", "__bool__"), 6, ""),
        (("x", "__bool__"), 6, ""),
        (("y", "__bool__"), 6, ""),
        (("x", "__neg__"), 7, ""),
        (("y", "__bool__"), 8, ""),
        (("x", "__bool__"), 8, ""),
        (("y", "__bool__"), 10, ""),
        (("x", "__bool__"), 10, ""),
        (("total", "__iadd__"), 11, ""),  # a local's class is the resolution's question (an int here)
        (("y", "__radd__"), 11, "total.__iadd__"),
        (("t", "__getitem__"), 12, ""),
        (("t", "__setitem__"), 12, ""),
        (("x", "__bool__"), 13, ""),
        (("y", "__bool__"), 13, ""),
        (("x", "__le__"), 13, ""),
        (("y", "__ge__"), 13, "x.__le__"),
        (("x", "__radd__"), 13, ""),
        (("x", "__ne__"), 13, ""),
        (("y", "__ne__"), 13, "x.__ne__"),
    ]
