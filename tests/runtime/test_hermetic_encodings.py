"""The hermetic view reads claims as the static side does, whatever the source encoding."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims import hermetic


@pytest.fixture
def importable(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "bindings_rt" or n.startswith("bindings_rt.")]:
            del sys.modules[name]


def test_the_hermetic_view_reads_a_utf7_comment_claim(importable: Path) -> None:
    """The run-time side agrees with the static one: the UTF-7 comment is a claim there too."""
    (importable / "bindings_rt.py").write_bytes(
        b"# -*- coding: utf-7 -*-\n\n# +AGM-laims: deterministic\ndef f():\n    return 1\n"
    )
    module = importlib.import_module("bindings_rt")
    assert hermetic(module).f() == 1
