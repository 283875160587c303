"""Structural dispatch on a protocol receiver depends on every class of the project: a warm run after a new
implementer appears in another file, or after a protocol's stub gains a body, says what a cold run says."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache

PLATFORMS = ["linux", "win32"]


def _project(root: Path) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["shop"]\n')
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "proto.py").write_text(
        "from typing import Protocol\n\n\nclass Clock(Protocol):\n    def read_clock(self) -> float: ...\n"
    )
    (root / "shop" / "fixed.py").write_text("class Fixed:\n    def read_clock(self) -> float:\n        return 0.0\n")
    (root / "shop" / "use.py").write_text(
        "from shop.proto import Clock\n\n\n"
        "# claims: deterministic\n"
        "def stamp(clock: Clock) -> float:\n"
        "    return clock.read_clock()\n"
    )
    return root


def _run(root: Path, cache_dir: Path) -> Result:
    return check(root, PLATFORMS, cache=FactsCache(cache_dir))


def _status(result: Result) -> str:
    (status,) = {claim.status for claim in result.claims}  # the same on linux and win32
    return status


def _same_as_cold(warm: Result, root: Path) -> None:
    cold = check(root, PLATFORMS)
    assert warm.claims == cold.claims
    assert [c.blind_spots for c in warm.claims] == [c.blind_spots for c in cold.claims]


def test_a_new_implementer_in_another_file_invalidates_the_stored_summary(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    assert _status(_run(root, tmp_path / "cache")) == "held"
    # a class of another file that never names the protocol, with a method of its name: a candidate now
    (root / "shop" / "wall.py").write_text(
        "import time\n\n\nclass Wall:\n    def read_clock(self) -> float:\n        return time.time()\n"
    )
    after = _run(root, tmp_path / "cache")
    assert (_status(after), after.reused) == ("violated", 0)
    (violation,) = {v for claim in after.claims for v in claim.violations}
    assert (violation.reach, violation.via) == ("time.time", ("shop.wall.Wall.read_clock",))
    _same_as_cold(after, root)


def test_a_protocol_stub_gaining_a_body_invalidates_the_stored_summary(tmp_path: Path) -> None:
    """A body is no part of the class shapes the hierarchy check compares: the protocol's module is read. Another
    protocol declaring the name is no candidate, body or not: no instance of it is ever the value."""
    root = _project(tmp_path / "p")
    other = root / "shop" / "other.py"
    timed = "import time\nfrom typing import Protocol\n\n\nclass Timed(Protocol):\n"
    other.write_text(timed + "    def read_clock(self) -> float: ...\n")
    assert _status(_run(root, tmp_path / "cache")) == "held"
    other.write_text(timed + "    def read_clock(self) -> float: return time.time()\n")
    assert _status(_run(root, tmp_path / "cache")) == "held"
    (root / "shop" / "proto.py").write_text(
        "import time\nfrom typing import Protocol\n\n\nclass Clock(Protocol):\n"
        "    def read_clock(self) -> float: return time.time()\n"
    )
    after = _run(root, tmp_path / "cache")
    assert _status(after) == "violated"
    _same_as_cold(after, root)


def test_an_implementer_that_stops_conforming_is_no_longer_entered(tmp_path: Path) -> None:
    """Conformance reads the implementer's class and the protocol's members: a protocol gaining a member the
    implementer lacks drops it; the implementer gaining that member brings it back."""
    root = _project(tmp_path / "p")
    wall = "import time\n\n\nclass Wall:\n    def read_clock(self) -> float:\n        return time.time()\n"
    (root / "shop" / "wall.py").write_text(wall)
    assert _status(_run(root, tmp_path / "cache")) == "violated"
    (root / "shop" / "proto.py").write_text(
        "from typing import Protocol\n\n\nclass Clock(Protocol):\n    zone: str\n\n"
        "    def read_clock(self) -> float: ...\n"
    )
    (root / "shop" / "fixed.py").write_text(
        "class Fixed:\n    zone = 'utc'\n\n    def read_clock(self) -> float:\n        return 0.0\n"
    )
    after = _run(root, tmp_path / "cache")
    assert _status(after) == "held"
    _same_as_cold(after, root)
    (root / "shop" / "wall.py").write_text(wall + "\n    @property\n    def zone(self) -> str:\n        return 'utc'\n")
    again = _run(root, tmp_path / "cache")
    assert _status(again) == "violated"
    _same_as_cold(again, root)


def test_the_last_implementer_removed_leaves_a_blind_spot(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    held = _run(root, tmp_path / "cache")
    assert _status(held) == "held"
    assert not any(claim.blind_spots for claim in held.claims)
    (root / "shop" / "fixed.py").write_text("class Fixed:\n    def other(self) -> float:\n        return 0.0\n")
    after = _run(root, tmp_path / "cache")
    assert _status(after) == "held"
    assert {b.code for claim in after.claims for b in claim.blind_spots} == {"clock.read_clock()"}
    _same_as_cold(after, root)


def test_an_implementer_losing_a_field_the_protocol_declares_is_dropped(tmp_path: Path) -> None:
    """A field set on `self` binds a data member: the implementer's module is read by the conformance check."""
    root = _project(tmp_path / "p")
    (root / "shop" / "proto.py").write_text(
        "from typing import Protocol\n\n\nclass Clock(Protocol):\n    zone: str\n\n"
        "    def read_clock(self) -> float: ...\n"
    )
    body = "    def read_clock(self) -> float:\n        return time.time()\n"
    (root / "shop" / "wall.py").write_text(
        "import time\n\n\nclass Wall:\n    def __init__(self) -> None:\n        self.zone = 'utc'\n\n" + body
    )
    assert _status(_run(root, tmp_path / "cache")) == "violated"
    (root / "shop" / "wall.py").write_text(
        "import time\n\n\nclass Wall:\n    def __init__(self) -> None:\n        self.other = 'utc'\n\n" + body
    )
    after = _run(root, tmp_path / "cache")
    assert {b.code for claim in after.claims for b in claim.blind_spots} == {"clock.read_clock()"}
    _same_as_cold(after, root)
