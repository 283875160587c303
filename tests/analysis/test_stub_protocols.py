"""Which stub classes are protocols: those listing `Protocol` among their own bases (Python's rule), not every
class with a protocol somewhere above it."""

from __future__ import annotations

import sys

import pytest

from pytest_claims.analysis.stubs import stubs_for

VERSION = sys.version_info[:2]


@pytest.mark.parametrize(
    ("module", "qualname", "protocol"),
    [
        ("typing", "SupportsInt", True),
        ("typing", "Iterable", True),
        ("typing", "Iterator", True),
        ("os", "PathLike", True),
        ("contextlib", "AbstractContextManager", True),
        ("typing", "IO", False),  # Iterator is among its bases, Protocol is not
        ("typing", "Sequence", False),
        ("pathlib", "Path", False),
        ("builtins", "str", False),
        ("typing", "NoSuchClass", False),
    ],
)
def test_a_stub_protocol_says_so_in_its_own_bases(module: str, qualname: str, protocol: bool) -> None:
    assert stubs_for("linux", VERSION).is_protocol(module, qualname) is protocol
