"""`suggest` never proposes a claim on a function that calls through a protocol-typed parameter whose implementer
touches the outside: the call dispatches structurally (semantics §5), it does not stop at the protocol's `...`."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.cli.suggest import analyse
from pytest_claims.config import load_config
from pytest_claims.persist.cache import FactsCache

SOURCE = """\
from typing import Protocol, SupportsInt


class Reader(Protocol):
    def read_all(self) -> str: ...


class FileReader:
    def read_all(self) -> str:
        with open("data.txt") as f:
            return f.read()


def use(reader: Reader) -> str:
    return reader.read_all()


def as_int(value: SupportsInt) -> int:
    return value.__int__()


def pure(x: int) -> int:
    return x + 1
"""


def test_a_call_through_a_protocol_is_no_candidate(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "io.py").write_text(SOURCE)
    config = load_config(tmp_path)
    suggestions, _ = analyse(tmp_path, config, ("deterministic", "sandboxed"), None, FactsCache(None))
    proposed = {c.function.name: c.claims for c in suggestions.candidates}
    assert "pkg.io.use" not in proposed  # it reaches builtins.open through FileReader.read_all
    assert "pkg.io.as_int" not in proposed  # a blind spot: `SupportsInt.__int__` may be any class's
    assert proposed["pkg.io.pure"] == ("deterministic", "sandboxed")
