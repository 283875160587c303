"""Nesting no parser accepts, or only just: the extractor and the guard evaluator work iteratively, conditions in
facts are bounded (so the cache takes them), and whether a file parses does not depend on the caller's stack
depth."""

from __future__ import annotations

import ast
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import pytest_claims.analysis.facts as facts_module
from pytest_claims.analysis.conditions import evaluate
from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import CondParam, FileFacts
from tests.helpers import headroom, patches_internals, write


def _located(node: ast.AST, line: int) -> ast.AST:
    for child in ast.walk(node):
        if "lineno" in child._attributes:
            child.lineno, child.col_offset = line, 4  # type: ignore[attr-defined]
            child.end_lineno, child.end_col_offset = line, 5  # type: ignore[attr-defined]
    return node


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def deep_tree(depth: int) -> ast.Module:
    """A module no parser would accept: blocks and expressions nested `depth` deep, built directly.

    def f(x):                       # line 5, below its directive
        if x: / for / while / with / try / if sys.platform / match / nested def and class ... (depth levels)
            return <depth-deep expression around time.time()>
    """
    call: ast.expr = _expr("time.time()")
    shapes: list[Callable[[ast.expr], ast.expr]] = [
        lambda e: ast.BinOp(_expr("x"), ast.Add(), e),
        lambda e: ast.Call(_expr("g"), [e], []),
        lambda e: ast.List([e], ast.Load()),
        lambda e: ast.IfExp(_expr("x"), e, _expr("0")),
        lambda e: ast.Lambda(ast.arguments([], [], None, [], [], None, []), e),
        lambda e: ast.UnaryOp(ast.Not(), e),
        lambda e: ast.Subscript(e, _expr("0"), ast.Load()),
        lambda e: ast.Await(e),
    ]
    for i in range(depth):
        call = shapes[i % len(shapes)](call)
    body: list[ast.stmt] = [ast.Return(call)]
    platform_test = _expr("not " * 2 + "sys.platform == 'win32'")
    blocks: list[Callable[[list[ast.stmt]], ast.stmt]] = [
        lambda b: ast.If(_expr("x"), b, []),
        lambda b: ast.For(_expr("i"), _expr("x"), b, []),
        lambda b: ast.While(_expr("x"), b, []),
        lambda b: ast.With([ast.withitem(_expr("x"), None)], b),
        lambda b: ast.Try(b, [ast.ExceptHandler(_expr("OSError"), None, [ast.Pass()])], [], []),
        lambda b: ast.If(platform_test, b, [ast.Pass()]),
        lambda b: ast.Match(_expr("x"), [ast.match_case(ast.MatchAs(None, None), None, b)]),
        lambda b: ast.FunctionDef("inner", ast.arguments([], [], None, [], [], None, []), b, [], None, None),
        lambda b: ast.ClassDef("Inner", [], [], b, []),
    ]
    for i in range(depth):
        stmt = blocks[i % len(blocks)](body)
        if "type_params" in stmt._fields and getattr(stmt, "type_params", None) is None:
            stmt.type_params = []  # type: ignore[attr-defined]  # 3.12: not defaulted
        body = [stmt]
    deep_not: ast.expr = _expr("sys.platform == 'win32'")
    for _ in range(depth - depth % 2):  # an even number of `not`: the same as the bare comparison
        deep_not = ast.UnaryOp(ast.Not(), deep_not)
    func = ast.parse("def f(x):\n    pass\n").body[0]
    assert isinstance(func, ast.FunctionDef)
    func.body = [ast.If(deep_not, [ast.Expr(_expr("os.getenv('X')"))], []), *body]
    tree = ast.parse("import os\nimport sys\nimport time\n")
    tree.body.append(func)
    _located(func.args, 5)
    for stmt in func.body:
        _located(stmt, 6)
    func.lineno = 5
    return tree


@patches_internals
@pytest.mark.parametrize("depth", [1_000, 10_000])
def test_the_extractor_walks_10000_deep_trees_iteratively(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, depth: int
) -> None:
    """CPython refuses such nesting at parse time, so the tree is built directly and handed to the walker."""
    tree = deep_tree(depth)
    source = "import os\nimport sys\nimport time\n# claims: deterministic\ndef f(x):\n    pass\n"
    proxy = types.SimpleNamespace(**{**vars(ast), "parse": lambda *args, **kwargs: tree})
    monkeypatch.setattr(facts_module, "ast", proxy)
    with headroom(120):
        facts = extract(source, "deep.py")
    assert facts.problems == ()
    func = facts.functions[0]
    assert func.qualname == "f" and facts.directives[0].function == 0
    # the methods of the classes nested in it are functions of their own (`f.<locals>.Inner.inner`), each
    # walked iteratively too
    assert all(f.qualname.startswith("f.<locals>.") for f in facts.functions[1:] if f.kind != "state")
    every = [use for f in facts.functions for use in f.uses]
    uses = {(chain, ctx) for chain, ctx, _line, _guard, _code in every}
    assert (("time", "time"), "call") in uses and (("g",), "call") in uses
    # platform guards are kept, however deep, and evaluated per target, iteratively too
    for reach in (("time", "time"), ("os", "getenv")):
        (guard,) = {guard for chain, _ctx, _line, guard, _code in every if chain == reach}
        held = facts.guards[guard]
        conds = [(facts.conds[i], polarity) for i, polarity in held if not isinstance(facts.conds[i], CondParam)]
        assert conds
        with headroom(120):
            assert all(evaluate(c, target_for("win32")) is polarity for c, polarity in conds)
            assert all(evaluate(c, target_for("linux")) is not polarity for c, polarity in conds)
    # conditions in facts are bounded, so caching them is no error
    cache = FactsCache(tmp_path / "cache")
    with headroom(120):
        cache.put("0" * 64, facts)
    assert cache.get("0" * 64) in (None, facts)


def test_absurdly_deep_platform_conditions_are_judged_and_not_cached(tmp_path: Path) -> None:
    """`if not not ... sys.platform == "win32":` past pickle's depth as written: judged right, cold and warm."""
    nots = "not " * 1500  # an even count: the same as the bare comparison
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/deep.py": f"import sys\nimport time\n\n\n# claims: deterministic\ndef f():\n"
            f"    if {nots}sys.platform == 'win32':\n        return time.time()\n    return 1\n",
        },
    )
    with headroom(900):  # what a default interpreter has left, a few frames into pytest
        for _ in range(2):  # cold, then warm (whether or not this Python could pickle the facts)
            result = check(root, ["linux", "win32"], cache=FactsCache(tmp_path / "cache"))
            assert result.problems == ()
            assert {c.platform: c.status for c in result.claims} == {"linux": "held", "win32": "violated"}


def test_facts_do_not_depend_on_the_callers_stack_depth() -> None:
    """Found by the fuzzing campaign: near CPython's nesting limit, whether a file parsed depended on how deep
    the engine was called from, and the facts cache froze whichever answer came first."""
    source = ("# claims: deterministic\ndef f(x):\n    return " + "-" * 2684 + "x\n").encode()

    def at_depth(frames: int) -> FileFacts:
        return at_depth(frames - 1) if frames else extract_fresh(source, "pkg/m.py")

    with headroom(950):
        shallow, deep = at_depth(0), at_depth(600)
    assert shallow == deep
    assert shallow.problems == () and len(shallow.functions) == 1
