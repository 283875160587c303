"""A method's `self` is no instance of a subclass whose override keeps it out of reach (`Unreached`): the
answer stands only while nothing reads the method past the lookup, here or in a module changed since (the
fixture tree pins the shapes: `testdata/violations/src/vio/override_dispatch_cases.py`)."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.analysis.helpers import pkg_project, statuses_of

_FIELDS = """\
import time


class DateLike:
    # claims: deterministic
    def db_value(self, value):
        return self.prep(value)

    def prep(self, value):
        return value


class DateTimeLike(DateLike):
    def db_value(self, value):
        return value

    def prep(self, value):
        return time.time()
"""


def test_a_warm_run_sees_a_read_past_the_override_added_in_another_module(tmp_path: Path) -> None:
    """`type(other).db_value(obj, v)`, written in a module that named neither the method nor a class of the
    hierarchy before, may run the base's method for any instance: the stored verdict, which rested on no such read,
    is redone; and again once the read is gone."""
    (tmp_path / "project").mkdir()
    root = pkg_project(tmp_path / "project", {"pkg/fields.py": _FIELDS, "pkg/use.py": "def nothing():\n    pass\n"})
    cache = FactsCache(tmp_path / "cache")
    assert statuses_of(check(root, ["linux"], cache=cache)) == {"pkg.fields.DateLike.db_value": "held"}
    (root / "pkg/use.py").write_text(
        "def convert(kind, field, value):\n    return type(kind).db_value(field, value)\n"
    )
    result = check(root, ["linux"], cache=FactsCache(tmp_path / "cache"))
    assert statuses_of(result) == {"pkg.fields.DateLike.db_value": "violated"}
    (root / "pkg/use.py").write_text("def nothing():\n    pass\n")
    result = check(root, ["linux"], cache=FactsCache(tmp_path / "cache"))
    assert statuses_of(result) == {"pkg.fields.DateLike.db_value": "held"}
