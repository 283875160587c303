"""The codecs derived from the records: round trips, and a shape change can never serve an old entry."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import NamedTuple

import pytest

from pytest_claims import records
from pytest_claims.analysis.facts import extract
from pytest_claims.codec import all_conform, conforms, decode, encode, pack, schema, unpack
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import (
    BlindCalls,
    BlindSpot,
    Edge,
    FileFacts,
    Frontier,
    FrontierEntry,
    Reach,
    Summary,
    Verdict,
    Violation,
)

SOURCE = """
import os, sys
from pathlib import Path as P

if sys.platform == "win32":
    import winreg

class Box(Base):
    size: int = 3

    # claims: deterministic
    def open(self, p: P) -> str:
        return os.getenv("X") or str(p)

handler = lambda x: x
"""


def test_facts_round_trip_through_plain_tuples() -> None:
    facts = extract(SOURCE)
    raw = encode(facts)
    assert type(raw) is tuple
    assert decode(FileFacts, raw) == facts
    bindings = raw[2]
    assert type(bindings) is tuple
    assert all(type(b) is tuple for b in bindings)  # Bindings travel as plain tuples, not as the class


CONDITIONS = """
import sys, os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typing
if not (sys.platform == "win32" or sys.version_info >= (3, 12)) and os.name in ("posix", "java"):
    pass
try:
    import winreg
except ImportError:
    pass
if hasattr(os, "startfile"):
    pass

def f(p, q=None):
    if isinstance(p, str) and q is None:
        return 1
"""


def _plain(value: object) -> bool:
    """No record left anywhere inside: what the cache's unpickler (which refuses every class) can read."""
    if isinstance(value, tuple):
        return type(value) is tuple and all(_plain(v) for v in value)
    return True


def test_conditions_travel_as_plain_tuples_and_come_back_as_their_records() -> None:
    facts = extract(CONDITIONS)
    kinds = set()
    todo: list[records.Cond] = list(facts.conds)
    while todo:
        cond = todo.pop()
        kinds.add(type(cond))
        todo.extend(cond.parts if isinstance(cond, (records.CondAnd, records.CondOr)) else ())
        todo.extend((cond.operand,) if isinstance(cond, records.CondNot) else ())
    assert kinds == set(typing.get_args(records.Cond)) - {records.CondUnknown}
    raw = encode(facts)
    assert _plain(raw[0])
    assert unpack(pack(raw)) == raw
    assert conforms(FileFacts, raw)
    back = decode(FileFacts, raw)
    assert back == facts
    assert [type(c) for c in back.conds] == [type(c) for c in facts.conds]


def test_conditions_of_another_kind_never_compare_equal() -> None:
    has: records.Cond = records.CondHas("os", "x")
    both: records.Cond = records.CondAnd(())
    assert has != records.CondImport("os", "x")
    assert both != records.CondOr(())
    assert len({records.CondHas("os", "x"), records.CondImport("os", "x")}) == 2


def test_a_stored_condition_of_no_known_tag_or_shape_is_refused() -> None:
    raw = encode(extract(CONDITIONS))
    conds = typing.cast(tuple[object, ...], raw[0])
    for bad in (("os", "x", "gone"), ("os", 3, "has"), ("os", "x"), ["os", "x", "has"]):
        assert not conforms(FileFacts, ((*conds, bad), *raw[1:]))


def test_summaries_and_verdicts_round_trip() -> None:
    summary = Summary(
        (Reach("os.getenv", "call", 3, frozenset({"env"}), "pkg.mod.Box"),),
        (Edge(("pkg.mod", 2), "pkg.mod.f", 4, "pkg.mod.f"),),
        (Frontier("requests.get", 5, "third-party", 'follow = ["requests"]', "requests.get"),),
        ((6, "handler(x)"),),
        ("os.getenv", "pkg.mod.f"),
        frozenset({"pkg.mod", records.PLATFORM}),
    )
    assert decode(Summary, encode(summary)) == summary
    verdict = Verdict(
        "violated",
        (Violation("deterministic", "call", "time.time", "src/a.py", 3, ("a.b",)),),
        (FrontierEntry("x.y", "src/a.py", 4, (), "why", "hint"),),
        (BlindCalls("src/a.py", ("a.b",), ((6, "handler(x)"), (2, "g()"))),),
    )
    assert decode(Verdict, encode(verdict)) == verdict
    assert verdict.blind_spots == (
        BlindSpot("src/a.py", 2, "g()", ("a.b",)),
        BlindSpot("src/a.py", 6, "handler(x)", ("a.b",)),
    )


def test_a_tuple_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(TypeError):
        decode(Verdict, ("held", ()))
    with pytest.raises(TypeError):
        decode(Verdict, "held")


UNIONS: list[tuple[object, list[object], bool]] = [
    (str | tuple[object, ...] | None, ["a", ("[]", "list", "str"), None, "b"], True),
    (str | tuple[object, ...] | None, ["a", ["list"]], False),
    (str | tuple[object, ...] | None, [1], False),
    (tuple[int] | tuple[str], [(1,), ("a",), (2,)], True),  # no option takes every tuple: value by value
    (tuple[int] | tuple[str], [(1,), (b"x",)], False),
    (int | str, [True], False),  # exact types: a bool is no int
    (int | str, [], True),
]


@pytest.mark.parametrize(("tp", "values", "expected"), UNIONS, ids=lambda x: repr(x)[:40])
def test_a_union_column_holds_when_each_value_is_one_of_its_options(
    tp: object, values: list[object], expected: bool
) -> None:
    assert all_conform(tp, values) is expected
    assert all(conforms(tp, v) for v in values) is expected


def test_the_schema_follows_every_field() -> None:
    @dataclasses.dataclass(frozen=True)
    class Before:
        name: str
        line: int

    @dataclasses.dataclass(frozen=True)
    class After:
        name: str
        line: int
        column: int

    class Renamed(NamedTuple):
        name: str
        row: int

    Before.__qualname__ = After.__qualname__ = Renamed.__qualname__ = "Record"
    assert schema(Before) != schema(After) != schema(Renamed)
    assert schema(FileFacts) == schema(FileFacts)
    # nested records count: Summary's hash changes when Reach changes, through the field types
    assert schema(Summary) != schema(Reach)


def test_a_record_change_never_serves_an_old_entry(tmp_path: Path) -> None:
    facts = extract(SOURCE)
    old = FactsCache(tmp_path)
    old.put("ab" * 32, facts)
    assert FactsCache(tmp_path).get("ab" * 32) == facts

    # the next version of the plugin has a FileFacts of another shape: its cache namespace is another one
    @dataclasses.dataclass(frozen=True)
    class NextFileFacts(FileFacts):
        column: int = 0

    NextFileFacts.__qualname__ = "FileFacts"
    new = FactsCache(tmp_path, record=NextFileFacts)
    assert new.directory != old.directory
    assert new.get("ab" * 32) is None
