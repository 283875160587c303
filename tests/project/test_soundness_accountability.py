"""benchmarks/soundness.py's accountability: a miss is accounted when a blind spot of its claim lies on a call
frame of its runtime chain (same file and line), for every capability it was seen touching."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def soundness() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("soundness")
    finally:
        sys.path.remove(str(BENCHMARKS))


CLOSE = [
    ("click.utils.LazyFile.close", "src/click/utils.py", 178),
    ("click._compat._AtomicFile.close", "src/click/_compat.py", 502),
]


def test_blind_spot_on_a_frame_accounts_for_the_miss(soundness: ModuleType) -> None:
    spots = [["src/click/utils.py", 150, "self._f.read()"], ["src/click/utils.py", 178, "self._f.close()"]]
    result = soundness.account("click.utils.LazyFile.close", spots, {"os.replace": [CLOSE]})
    assert result["accounted"]
    assert result["accounted_by"]["os.replace"]["blind_spot"] == {
        "file": "src/click/utils.py",
        "line": 178,
        "code": "self._f.close()",
    }


def test_unaccounted_miss_names_the_nearest_blind_spot(soundness: ModuleType) -> None:
    spots = [["src/click/core.py", 619, "x()"], ["src/click/utils.py", 150, "a()"], ["src/click/utils.py", 181, "b()"]]
    result = soundness.account("click.utils.LazyFile.close", spots, {"os.replace": [CLOSE]})
    assert not result["accounted"]
    miss = result["unaccounted"]["os.replace"]
    assert miss["chains"] == [
        [
            "click.utils.LazyFile.close (src/click/utils.py:178)",
            "click._compat._AtomicFile.close (src/click/_compat.py:502)",
            "os.replace",
        ]
    ]
    assert miss["nearest_blind_spot"] == {
        "file": "src/click/utils.py",
        "line": 181,
        "code": "b()",
        "lines_away": 3,
        "frame": "click.utils.LazyFile.close (src/click/utils.py:178)",
    }
    assert (
        soundness.account("f", [], {"os.replace": [CLOSE]})["unaccounted"]["os.replace"]["nearest_blind_spot"] is None
    )


def test_every_capability_must_be_accounted(soundness: ModuleType) -> None:
    spots = [["src/click/utils.py", 178, "self._f.close()"]]
    other = [("click.utils.LazyFile.close", "src/click/utils.py", 179)]
    result = soundness.account("f", spots, {"os.replace": [CLOSE], "builtins.open": [other]})
    assert not result["accounted"]
    assert list(result["accounted_by"]) == ["os.replace"]
    assert list(result["unaccounted"]) == ["builtins.open"]
