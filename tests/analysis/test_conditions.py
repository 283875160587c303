"""Guards compiled once, evaluated per target: the forms mypy's reachability knows, and the ones users write."""

from __future__ import annotations

import ast

import pytest

from pytest_claims.analysis.conditions import UNKNOWN, ConditionCompiler, Target, evaluate
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.records import Cond, CondHas, CondNot


def target(platform: str, version: tuple[int, int] = (3, 11)) -> Target:
    return Target(platform, version, lambda module, name: None)


def compiled(test: str, *imports: tuple[str, str]) -> Cond:
    compiler = ConditionCompiler()
    for local, dotted in imports or (("sys", "sys"), ("os", "os"), ("platform", "platform")):
        compiler.bind_import(local, dotted)
    return compiler.compile(ast.parse(test, mode="eval").body)


@pytest.mark.parametrize(
    ("test", "linux", "win32"),
    [
        ('sys.platform == "win32"', False, True),
        ('sys.platform != "win32"', True, False),
        ('"win32" == sys.platform', False, True),
        ('sys.platform in ("linux", "darwin")', True, False),
        ('sys.platform not in ("linux", "darwin")', False, True),
        ('sys.platform.startswith("linux")', True, False),
        ('os.name == "nt"', False, True),
        ('platform.system() == "Windows"', False, True),
        ('not sys.platform == "win32"', True, False),
        ('sys.platform == "win32" or os.name == "posix"', True, True),
        ('sys.platform == "win32" and os.name == "posix"', False, False),
        ("sys.version_info >= (3, 8)", True, True),
        ("sys.version_info[:2] < (3, 10)", False, False),
        ("sys.version_info[0] == 3", True, True),
        ("(3, 12) <= sys.version_info", False, False),
        ("TYPE_CHECKING", False, False),
        ("typing.TYPE_CHECKING", False, False),
    ],
)
def test_forms(test: str, linux: bool, win32: bool) -> None:
    cond = compiled(test, ("sys", "sys"), ("os", "os"), ("platform", "platform"), ("typing", "typing"))
    assert evaluate(cond, target("linux")) is linux
    assert evaluate(cond, target("win32")) is win32


def test_aliases_are_seen_through() -> None:
    assert evaluate(compiled('_sys.platform == "win32"', ("_sys", "sys")), target("win32")) is True
    assert evaluate(compiled('plat == "darwin"', ("plat", "sys.platform")), target("darwin")) is True


def test_unknown_conditions_keep_both_branches() -> None:
    assert compiled("x > 3") == UNKNOWN
    assert compiled('sys.platform == "win32" and feature()') != UNKNOWN
    cond = compiled('sys.platform == "win32" and feature()')
    assert evaluate(cond, target("linux")) is False
    assert evaluate(cond, target("win32")) is None
    assert evaluate(compiled('not (sys.platform == "win32" and feature())'), target("win32")) is None


def test_version_of_the_target() -> None:
    cond = compiled("sys.version_info >= (3, 12)")
    assert evaluate(cond, target("linux", (3, 11))) is False
    assert evaluate(cond, target("linux", (3, 12))) is True


def test_deeply_nested_boolean_conditions_do_not_recurse() -> None:
    test = " and ".join(['sys.platform == "linux"'] * 5000)
    assert evaluate(compiled(test), target("linux")) is True
    nested = "not " * 900 + 'sys.platform == "linux"'
    assert evaluate(compiled(nested), target("linux")) is True


@pytest.mark.parametrize(
    ("test", "imports", "cond"),
    [
        ('hasattr(sys, "_clear_type_descriptors")', (("sys", "sys"),), CondHas("sys", "_clear_type_descriptors")),
        ('hasattr(t, "tzset")', (("t", "time"),), CondHas("time", "tzset")),
        ('hasattr(os.path, "splitroot")', (("os", "os"),), CondHas("os.path", "splitroot")),
        ('not hasattr(os, "startfile")', (("os", "os"),), CondNot(CondHas("os", "startfile"))),
        ('hasattr(value, "read")', (("os", "os"),), UNKNOWN),
        ("hasattr(os, name)", (("os", "os"),), UNKNOWN),
        ('hasattr(sys, "ps1")', (("sys", "sys"),), UNKNOWN),
        ('hasattr(sys, "frozen")', (("sys", "sys"),), UNKNOWN),
    ],
)
def test_a_presence_test_of_an_imported_module_is_compiled(
    test: str, imports: tuple[tuple[str, str], ...], cond: Cond
) -> None:
    assert compiled(test, *imports) == cond


def test_a_presence_test_is_decided_by_the_target_stubs() -> None:
    cond = compiled('hasattr(os, "startfile") and not hasattr(sys, "_no_such_member")')
    assert evaluate(cond, target_for("win32")) is True
    assert evaluate(cond, target_for("linux")) is False
    assert evaluate(compiled('hasattr(vio, "x")', ("vio", "vio")), target_for("linux")) is None
