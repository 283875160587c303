"""PYTEST_CLAIMS_TRACEBACK reads like every boolean environment variable (semantics §8): `0` leaves it off."""

from __future__ import annotations

import argparse
import io
from typing import TextIO

import pytest

from pytest_claims import cli
from pytest_claims.cli.common import EXIT_INTERNAL, EXIT_USAGE, TRACEBACK_ENV


def crash(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    raise RuntimeError("a bug")


class _Crashing(argparse.ArgumentParser):
    def parse_args(self, *args: object, **kwargs: object) -> argparse.Namespace:  # type: ignore[override]
        return argparse.Namespace(run=crash)


def run() -> tuple[int, str]:
    err = io.StringIO()
    status = cli.main(["check"], io.StringIO(), err)
    return status, err.getvalue()


@pytest.fixture(autouse=True)
def crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "build_parser", _Crashing)


@pytest.mark.parametrize("value", [None, "", "0", "false", "No", " off "])
def test_off_is_one_line(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    else:
        monkeypatch.setenv(TRACEBACK_ENV, value)
    status, err = run()
    assert status == EXIT_INTERNAL
    assert err == f"pytest-claims: internal error: RuntimeError: a bug (set {TRACEBACK_ENV}=1 for the traceback)\n"


@pytest.mark.parametrize("value", ["1", "true", "YES", "on"])
def test_on_shows_the_traceback(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(TRACEBACK_ENV, value)
    with pytest.raises(RuntimeError, match="a bug"):
        run()


def test_anything_else_is_a_usage_error_naming_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TRACEBACK_ENV, "maybe")
    status, err = run()
    assert status == EXIT_USAGE
    assert TRACEBACK_ENV in err
    assert "internal error" not in err
