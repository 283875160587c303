"""`suggest` proposes no claim for a stub body: a claim on `...`, `pass`, a docstring, `raise
NotImplementedError`, a Protocol member, an `@abstractmethod` or an `@overload` would read as a promise about every
implementation. It says how many it skipped, and `--write` writes none of them."""

from __future__ import annotations

import io
from pathlib import Path

from pytest_claims.cli import main
from pytest_claims.cli.stubs import stub_defs
from tests.helpers import write

MODULE = """\
import abc
import typing
from abc import abstractmethod
from typing import Protocol, overload


class Reader(Protocol):
    def read(self) -> str:
        return ""


class Generic(typing.Protocol[int]):
    def read(self) -> str: ...


class Base(abc.ABC):
    @abstractmethod
    def run(self) -> int:
        return 1

    @abc.abstractmethod
    def walk(self) -> int:
        return 2

    def concrete(self) -> int:
        return 3


def dots():
    ...


def passes():
    pass


def documented():
    "Only a docstring."


def not_yet(x):
    \"\"\"Later.\"\"\"
    raise NotImplementedError(x)


def not_yet_bare():
    raise NotImplementedError


@overload
def pick(x: int) -> int: ...
@overload
def pick(x: str) -> str: ...
def pick(x):
    return x


def real(x):
    return x + 1


def other_error():
    raise ValueError("no")
"""


def test_stub_defs_reads_every_shape() -> None:
    lines = stub_defs(MODULE.encode())
    source = MODULE.splitlines()
    names = sorted(source[n - 1].split("def ")[1].split("(")[0] + f":{n}" for n in lines)
    assert [n.split(":")[0] for n in names] == sorted(
        ["read", "read", "run", "walk", "dots", "passes", "documented", "not_yet", "not_yet_bare", "pick", "pick"]
    )
    assert stub_defs(b"def (:\n") == frozenset()


def test_suggest_skips_and_says_so(tmp_path: Path) -> None:
    config = '[tool.claims]\npackages = ["pkg"]\n'
    write(tmp_path, {"pyproject.toml": config, "pkg/__init__.py": "", "pkg/m.py": MODULE})
    out, err = io.StringIO(), io.StringIO()
    status = main(["suggest", "--write"], out, err)
    text = out.getvalue()
    assert status == 0, text + err.getvalue()
    assert "skipped 11 stub bodies" in text
    after = (tmp_path / "pkg/m.py").read_text()
    written = [after.splitlines()[i + 1].strip() for i, line in enumerate(after.splitlines()) if "# claims:" in line]
    assert written == [
        "def concrete(self) -> int:",
        "def pick(x):",
        "def real(x):",
        "def other_error():",
    ]
