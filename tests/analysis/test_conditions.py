"""Guards compiled once, evaluated per target: the forms mypy's reachability knows, and the ones users write."""

from __future__ import annotations

import ast
import types

import pytest

from pytest_claims.analysis.conditions import (
    MAX_COND_DEPTH,
    MAX_COND_SIZE,
    UNKNOWN,
    ConditionCompiler,
    Target,
    evaluate,
    measure,
)
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.records import Cond, CondHas, CondNot, CondPlatform


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


def test_negations_cancel_out_however_many() -> None:
    """`not not x` is `x` in three-valued logic too: a chain of negations compiles to at most one."""
    win32 = CondPlatform("platform", "==", "win32")
    assert compiled("not " * 900 + 'sys.platform == "win32"') == win32
    assert compiled("not " * 901 + 'sys.platform == "win32"') == CondNot(win32)
    assert compiled("not " * 41 + "feature()") == UNKNOWN


def _nested(depth: int) -> str:
    """`sys.platform == "linux" and (sys.platform == "p1" or (... and sys.platform == "linux"))`, `depth` deep."""
    text = 'sys.platform == "linux"'
    for level in reversed(range(depth)):
        text = f'(sys.platform == "linux" and {text})' if level % 2 == 0 else f'(sys.platform == "p{level}" or {text})'
    return text


def _sound(cond: Cond, text: str) -> list[bool | None]:
    """`cond`'s value on linux and on win32, each checked to be the test's own value or unknown."""
    values = []
    for platform in ("linux", "win32"):
        truth = eval(text, {"sys": types.SimpleNamespace(platform=platform)})  # our own generated test
        value = evaluate(cond, target(platform))
        assert value in (truth, None), (platform, truth, value)
        values.append(value)
    return values


def test_conditions_nested_past_the_bound_lose_only_their_deep_parts() -> None:
    """Past `MAX_COND_DEPTH` a part is unknown, from the top down: never a decided value the source does not give
    (a reach it hides), the outer tests still decide, and the records stay shallow enough for any recursive walk
    (pickle, comparisons, the cache codec, on a default interpreter's stack)."""
    text = _nested(MAX_COND_DEPTH - 2)
    assert _sound(compiled(text), text) == [True, False]
    for depth in (MAX_COND_DEPTH, 150):
        text = _nested(depth)
        cond = compiled(text)
        assert measure(cond)[0] <= MAX_COND_DEPTH
        assert _sound(cond, text) == [None, False]  # linux rests on the innermost test, cut off; win32 does not


def _aliases(step: str, count: int) -> Cond:
    """The test `if A<count-1>:` of a module binding `A0 = sys.platform == "win32"` and `A<i> = step(A<i-1>)`."""
    compiler = ConditionCompiler()
    compiler.bind_import("sys", "sys")
    compiler.aliases["A0"] = compiler.compile(ast.parse('sys.platform == "win32"', mode="eval").body)
    for i in range(1, count):
        cond = compiler.compile(ast.parse(step.format(a=f"A{i - 1}"), mode="eval").body)
        if cond != UNKNOWN:
            compiler.aliases[f"A{i}"] = cond
    return compiler.compile(ast.Name(f"A{count - 1}"))


def test_aliases_of_aliases_stay_within_the_bounds() -> None:
    """No parser limits how deep aliases of aliases nest, nor how often one doubles the last (`A1 = A0 and A0`):
    compiled conditions keep within depth and size, and decide nothing the source does not."""
    assert _aliases("not {a}", 1001) == CondPlatform("platform", "==", "win32")
    chained = _aliases("{a} and sys.platform != 'darwin'", 500)
    assert measure(chained)[0] <= MAX_COND_DEPTH
    assert evaluate(chained, target("darwin")) is False and evaluate(chained, target("win32")) is None
    assert evaluate(chained, target("linux")) is None  # rests on `A0`, cut off
    doubled = _aliases("{a} and {a}", 60)
    assert measure(doubled)[1] <= MAX_COND_SIZE
    assert evaluate(doubled, target("linux")) in (False, None) and evaluate(doubled, target("win32")) in (True, None)


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
