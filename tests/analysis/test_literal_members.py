"""`hasattr` of a literal is decided by the running interpreter, except for the members some supported Python has
and another lacks (`specials.LITERAL_MEMBERS_BY_VERSION`): the table is checked against each version's `dir()`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pytest_claims.analysis.specials import LITERAL_MEMBERS_BY_VERSION

RECORDED = json.loads((Path(__file__).parent / "literal_members.json").read_text(encoding="utf-8"))
LITERALS: dict[str, object] = {"None": None, "bool": True, "int": 1, "float": 1.0, "str": "s", "tuple": ()}


def test_every_member_that_differs_between_versions_stays_open() -> None:
    differing = {name for extras in RECORDED["extra"].values() for names in extras.values() for name in names}
    assert differing, "the recording shows members that differ between versions"
    assert differing <= LITERAL_MEMBERS_BY_VERSION, sorted(differing - LITERAL_MEMBERS_BY_VERSION)


def test_the_recording_is_this_interpreters_dir() -> None:
    """On a recorded version, the recording is what `dir()` says: a stale one cannot vouch for the table."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if version not in RECORDED["extra"]:
        pytest.skip(f"Python {version} is not recorded in literal_members.json")
    extras = RECORDED["extra"][version]
    for name, value in LITERALS.items():
        assert sorted(dir(value)) == sorted([*RECORDED["common"][name], *extras.get(name, [])]), name
