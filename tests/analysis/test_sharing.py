"""Equal parts of one file's facts are one object (`analysis/sharing.py`), and say what they said apart."""

from __future__ import annotations

import math
import pickle

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.sharing import Sharing

SOURCE = b"""
import os

def first(self_like, path):
    os.path.join(self_like, "utf-8", None)
    open(path, "utf-8", None)

def second(path, mode="r"):
    os.path.join(path, "utf-8", None)
    print(path, "utf-8", None)

def third(path, mode="r"):
    round(0.0, -0.0)
    round(-0.0, 0.0)
"""


def test_equal_arguments_of_one_file_are_one_object() -> None:
    facts = extract(SOURCE, "m.py")
    first, second, third = facts.functions
    # `os.path.join(x, "utf-8", None)` of `first` and `second` differ by the name passed; the literals do not
    first_join, second_join = first.calls[0][1][0], second.calls[0][1][0]
    assert first_join[1] is second_join[1] and first_join[2] is second_join[2]
    # `second`'s two calls pass the same arguments (index aside): one argument list
    assert second.calls[0][1] is second.calls[1][1]
    assert second.locals is third.locals, [(f.qualname, id(f.locals), f.locals) for f in facts.functions]


def test_a_float_zero_keeps_its_sign() -> None:
    facts = extract(SOURCE, "m.py")
    zero, minus = facts.functions[2].calls[0][1][0], facts.functions[2].calls[1][1][0]
    assert [math.copysign(1, value[1]) for value in zero] == [1, -1]  # type: ignore[index]
    assert [math.copysign(1, value[1]) for value in minus] == [-1, 1]  # type: ignore[index]


def test_the_sharing_survives_pickle_and_changes_no_fact() -> None:
    facts = extract(SOURCE, "m.py")
    again = pickle.loads(pickle.dumps(facts))
    assert again == facts
    assert again.functions[1].calls[0][1] is again.functions[1].calls[1][1]


def test_the_table_keeps_the_first_of_equals() -> None:
    sharing = Sharing()
    a, b = ("str", "x" * 3), ("str", "xxx"[:2] + "x")
    assert a == b and a is not b
    assert sharing.one(a) is a and sharing.one(b) is a
