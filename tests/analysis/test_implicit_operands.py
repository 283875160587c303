"""Implicit calls on values of unknown class pass their method the other operand (`x == "*"` is `x.__eq__("*")`):
where every project method of that name returns at once for an operand of that builtin class, the call leads
nowhere and is no blind spot; one whose method goes on for it, or an operand of unknown class, still is one."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import check
from tests.helpers import table_project

EXPR = """\
import time


class Expr:
    def __eq__(self, other):
        if not isinstance(other, Expr):
            return NotImplemented
        return time.time() == other.stamp


class Count:
    # claims: deterministic
    def __init__(self, expression):
        if expression == "*":
            expression = Expr()
        self.expression = expression


# claims: deterministic
def reflected(value):
    return "*" == value


# claims: deterministic
def against(value, other):
    return value == other


# claims: deterministic
def listed(value):
    return value != ["*"]
"""


def test_an_operand_of_builtin_class_decides_where_the_call_leads(tmp_path: Path) -> None:
    result = check(table_project(tmp_path, {"pkg/__init__.py": "", "pkg/m.py": EXPR}), ["linux"])
    blind = {c.function: [b.code for b in c.blind_spots] for c in result.claims}
    status = {c.function: c.status for c in result.claims}
    assert set(status.values()) == {"held"}
    assert blind["pkg.m.Count.__init__"] == []
    assert blind["pkg.m.reflected"] == []
    assert blind["pkg.m.listed"] == []
    assert blind["pkg.m.against"] == ["other.__eq__(...)", "value.__eq__(...)"]  # and reflected


def test_an_operand_the_method_goes_on_for_still_leads(tmp_path: Path) -> None:
    source = EXPR.replace("if not isinstance(other, Expr):", "if not isinstance(other, (Expr, str)):")
    result = check(table_project(tmp_path, {"pkg/__init__.py": "", "pkg/m.py": source}), ["linux"])
    blind = {c.function: [b.code for b in c.blind_spots] for c in result.claims}
    assert blind["pkg.m.Count.__init__"] == ["expression.__eq__(...)"]
    assert blind["pkg.m.reflected"] == ["value.__eq__(...)"]
    assert blind["pkg.m.listed"] == []


SLICED = """\
import time


class Window:
    def __getitem__(self, index):
        if isinstance(index, slice):
            return []
        return time.time()


# claims: deterministic
def sliced(value, a):
    return value[a:], value[::2]


# claims: deterministic
def indexed(value):
    return value[0]
"""


def test_a_subscript_passes_its_index_a_slice_for_a_b(tmp_path: Path) -> None:
    """`x[a:b]` passes `__getitem__` a `slice` (whatever `a` and `b` are), `x[0]` an `int`: a project
    `__getitem__` that returns at once for a slice leads nowhere from the first, somewhere from the second."""
    result = check(table_project(tmp_path, {"pkg/__init__.py": "", "pkg/m.py": SLICED}), ["linux"])
    blind = {c.function: [b.code for b in c.blind_spots] for c in result.claims}
    assert blind["pkg.m.sliced"] == []
    assert blind["pkg.m.indexed"] == ["value.__getitem__(...)"]
