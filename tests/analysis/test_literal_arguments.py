"""Literal arguments (semantics §5): how a literal, a call and a def are read, which tests a call decides, and how a
parameter test evaluates. The fixture tree (`vio/literals_cases.py`) pins the walk end to end."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pytest_claims.analysis.arguments import decide, literal, passed, signature
from pytest_claims.analysis.conditions import ConditionCompiler, evaluate
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.resolution.context import settled
from pytest_claims.analysis.resolvers import target_for
from pytest_claims.records import CondNot, CondParam, CondUnknown


def _expr(text: str) -> ast.expr:
    node = ast.parse(text, mode="eval").body
    return node


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("None", ("None", None)),
        ("True", ("bool", True)),
        ("3", ("int", 3)),
        ("-3", ("int", -3)),
        ("0.5", ("float", 0.5)),
        ("'x'", ("str", "x")),
        ("'x' * 2", None),
        ("b'x'", None),
        ("-True", None),
        ("name", None),
        ("'" + "x" * 65 + "'", None),
        ("()", ("tuple", ())),
        ("(1,)", ("tuple", (("int", 1),))),
        ("(5, 'final', None)", ("tuple", (("int", 5), ("str", "final"), ("None", None)))),
        ("((1,),)", None),
        ("(name,)", None),
        ("(" + "1, " * 17 + ")", None),
    ],
)
def test_a_literal_is_kept_with_its_kind(text: str, kept: object) -> None:
    assert literal(_expr(text)) == kept


def test_a_call_passes_its_literals_and_nothing_when_it_unpacks() -> None:
    call = _expr("f(None, x, flag=True, other=y)")
    assert isinstance(call, ast.Call)
    assert passed(call) == ((("None", None), ("name", "x")), (("flag", ("bool", True)), ("other", ("name", "y"))))
    other = _expr("f(a.b, g(), key=c.d)")
    assert isinstance(other, ast.Call)
    assert passed(other) == ((("name", "a.b"), ("made", "g")), (("key", ("name", "c.d")),))
    shown = _expr("f(b'x', [1], f'{y}', a[0], g()(), key=x or y)")
    assert isinstance(shown, ast.Call)
    assert passed(shown) == ((("value", "bytes"), ("value", "list"), ("value", "str"), None, None), (("key", None),))
    for text in ("f(*a)", "f(**k)", "f(1, *a, flag=True)"):
        unpacking = _expr(text)
        assert isinstance(unpacking, ast.Call)
        assert passed(unpacking) is None


def test_a_name_the_body_shows_is_never_none_is_marked_sure() -> None:
    facts = extract(
        "import io\n"
        "from typing import Optional\n"
        "def f(a: io.BytesIO, b: Optional[io.BytesIO], c: io.BytesIO = None, d=None, e: 'io.BytesIO | None' = b''):\n"
        "    local = io.BytesIO()\n"
        "    twice = io.BytesIO()\n"
        "    twice = a if d else None\n"
        "    return g(a, b, c, d, e, local, twice)\n"
    )
    (func,) = facts.functions
    ((_, (given, _)),) = [call for call in func.calls if call[1][0]]
    kinds = [value[0] if isinstance(value, tuple) else None for value in given]
    assert kinds == ["sure", "name", "name", "name", "name", "sure", "name"]


def _def(text: str) -> ast.FunctionDef:
    node = ast.parse(text).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


REBINDINGS = [
    "p = g()",
    "p += 1",
    "p: int = g()",
    "a, (b, p) = x",
    "for p in xs: pass",
    "with x as p: pass",
    "import p",
    "import p.q",
    "from m import q as p",
    "try: pass\nexcept E as p: pass",
    "del p",
    "global p",
    "def inner():\n    nonlocal p",
    "def inner(p): pass",
    "def inner(*, p): pass",
    "def inner(*p): pass",
    "f = lambda p: p",
    "f = lambda **p: p",
    "[p for p in xs]",
    "{k: v for k, p in xs}",
    "(p := 1)",
    "def p(): pass",
    "class p: pass",
    "class C:\n    p = 1",
    "match x:\n    case [*p]: pass",
    "match x:\n    case {**p}: pass",
    "match x:\n    case p: pass",
    "match x:\n    case C(a=p): pass",
]


@pytest.mark.parametrize("body", REBINDINGS)
def test_a_parameter_the_body_binds_again_is_not_the_argument(body: str) -> None:
    indented = "\n".join("    " + line for line in body.splitlines())
    facts = extract(f"def f(p=None, q=None):\n    if p is None or q is None:\n        pass\n{indented}\n")
    assert facts.functions[0].tests == ("q",)


def _rebound(body: list[ast.stmt], names: frozenset[str]) -> frozenset[str]:
    """The oracle: every syntactic binding or shadowing of one of `names` anywhere in the body."""
    found: set[str] = set()
    for node in (inner for stmt in body for inner in ast.walk(stmt)):
        match node:
            case ast.Name(id=name, ctx=ast.Store() | ast.Del()) | ast.arg(arg=name):
                found.add(name)
            case ast.Global(names=declared) | ast.Nonlocal(names=declared):
                found.update(declared)
            case ast.alias(name=name, asname=asname):
                found.add(asname or name.split(".")[0])
            case ast.FunctionDef(name=name) | ast.AsyncFunctionDef(name=name) | ast.ClassDef(name=name):
                found.add(name)
            case ast.ExceptHandler(name=str(name)) | ast.MatchAs(name=str(name)) | ast.MatchStar(name=str(name)):
                found.add(name)
            case ast.MatchMapping(rest=str(name)):
                found.add(name)
    return frozenset(found & names)


def test_the_tested_parameters_are_those_no_syntax_binds_again_in_real_code() -> None:
    """The extractor tracks bindings as it walks; on the package's own code and the fixture tree every def's
    `tests` equal what the syntactic oracle leaves of the parameters its tests compare, but for the `guarded`
    ones, each bound again only under a guard, the `early` ones, decided only at calls before any binding, and the
    `keeps` ones, bound again only to what may keep a call's decision."""
    root = Path(__file__).resolve().parents[2]
    files = sorted((root / "pytest_claims").rglob("*.py")) + sorted((root / "testdata").rglob("*.py"))
    checked = 0
    for path in files:
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        facts = extract(source)
        defs = {
            node.lineno: node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        for func in facts.functions:
            node = defs.get(func.line)
            if node is None or not func.tests:
                continue
            guarded = frozenset(name for name, _ in func.guarded)
            early = frozenset(name for name, _ in func.early)
            keeps = frozenset(name for name, _ in func.keeps)
            rest = frozenset(func.tests) - guarded - early - keeps
            assert _rebound(node.body, rest) == frozenset(), (path, func.qualname)
            assert all(uses for _, uses in func.early), (path, func.qualname)
            assert all(guards and all(guards) for _, guards in func.guarded), (path, func.qualname)
            checked += 1
    assert checked > 20


def test_a_parameter_bound_again_only_under_tests_is_settled_by_the_call() -> None:
    """attrs's `attrib(converter=None)`: the rebinding sits under the test its default rules out, so the call
    decides the parameter; a rebinding the arguments do not rule out (another parameter left open, or the
    literal taking the branch) leaves it open, and dropping one parameter reopens the guards it decided."""
    facts = extract(
        "def f(p=None, q=None, r=None):\n"
        "    if p and isinstance(p, list):\n"
        "        p = g(*p)\n"
        "    if q is None:\n"
        "        q = 1\n"
        "    if r:\n"
        "        p = 2\n"
        "    return p, q\n"
    )
    func = facts.functions[0]
    assert func.tests == ("p", "q", "r")
    assert [name for name, _ in func.guarded] == ["p", "q"]
    linux = target_for("linux")
    none = ("None", None)
    both = (("p", *none), ("q", *none), ("r", *none))
    assert settled(facts, func, both, linux) == (("p", *none), ("r", *none))  # q = None takes its rebinding
    assert settled(facts, func, (("p", *none), ("q", *none)), linux) == ()  # r left open: p may be bound; q is
    assert settled(facts, func, (("r", "bool", True),), linux) == (("r", "bool", True),)


def test_a_call_decides_what_it_passes_and_the_literal_defaults_it_leaves() -> None:
    accepts = signature(_def("def f(self, a, b=None, /, c=True, *rest, d='x', e=g, **kw): pass").args)
    defaults = (("b", "None", None), ("c", "bool", True), ("d", "str", "x"))
    assert accepts == (("self", "a", "b", "c"), 3, ("d", "e"), defaults)
    tests = ("a", "b", "c", "d", "e")
    # bound (self not passed): a = 1 given, b and c and d at their defaults, e's default is no literal
    assert decide(tests, accepts, ((("int", 1),), ()), 1) == (
        ("a", "int", 1),
        ("b", "None", None),
        ("c", "bool", True),
        ("d", "str", "x"),
    )
    # a non-literal argument decides nothing for its parameter; a keyword overrides a default
    assert decide(tests, accepts, ((None, None), (("d", ("str", "y")),)), 1) == (("c", "bool", True), ("d", "str", "y"))
    # a positional-only name given as a keyword, a name given twice, too many positionals: nothing at all
    assert decide(tests, accepts, ((), (("b", ("int", 1)),)), 1) == ()
    assert decide(tests, accepts, ((None, None, ("int", 1)), (("c", ("int", 2)),)), 1) == ()
    plain = signature(_def("def g(a=None): pass").args)
    assert decide(("a",), plain, ((None, None), ()), 0) == ()


def test_tests_of_a_parameter_compile_to_param_conditions() -> None:
    compiler = ConditionCompiler()
    compiler.params = {"p": 7}
    assert compiler.compile(_expr("p is None")) == CondParam(7, "p", "is", ("None", None))
    assert compiler.compile(_expr("None is not p")) == CondParam(7, "p", "isnot", ("None", None))
    assert compiler.compile(_expr("p == 'x'")) == CondParam(7, "p", "==", ("str", "x"))
    assert compiler.compile(_expr("0 != p")) == CondParam(7, "p", "!=", ("int", 0))
    assert compiler.compile(_expr("not p")) == CondNot(CondParam(7, "p", "truth", None))
    for unknown in ("p is 1", "p < 3", "p == q", "p.x is None", "q is None", "p in ('a', 'b')"):
        assert compiler.compile(_expr(unknown)) == CondUnknown(), unknown
    assert compiler.tested == {(7, "p")}


@pytest.mark.parametrize(
    ("test", "args", "value"),
    [
        ("p is None", {"p": ("None", None)}, True),
        ("p is None", {"p": ("bool", False)}, False),
        ("p is not None", {"p": ("str", "")}, True),
        ("p is True", {"p": ("int", 1)}, False),
        ("p == 1", {"p": ("bool", True)}, True),  # Python's `==`: True == 1
        ("p == 'x'", {"p": ("str", "y")}, False),
        ("p != 'x'", {"p": ("str", "y")}, True),
        ("p", {"p": ("str", "")}, False),
        ("not p", {"p": ("int", 2)}, False),
        ("p is None", {"q": ("None", None)}, None),
        ("p is None and sys.platform == 'win32'", {"p": ("None", None)}, False),
        ("p is None or sys.platform == 'win32'", {"p": ("bool", True)}, False),
        ("p", {"p": ("tuple", ())}, False),
        ("p is None", {"p": ("tuple", ())}, False),
        ("hasattr(p, '__func__')", {"p": ("None", None)}, False),
        ("hasattr(p, 'upper')", {"p": ("str", "x")}, True),
        ("hasattr(p, 'upper')", {"p": ("some", None)}, None),
        ("hasattr(p, '__getstate__')", {"p": ("None", None)}, None),  # present from 3.11 only
    ],
)
def test_a_parameter_test_is_decided_by_the_arguments_and_unknown_without(
    test: str, args: dict[str, tuple[str, object]], value: bool | None
) -> None:
    compiler = ConditionCompiler()
    compiler.bind_import("sys", "sys")
    compiler.params = {"p": 0}
    cond = compiler.compile(_expr(test))
    assert evaluate(cond, target_for("linux"), args) is value
    assert evaluate(cond, target_for("linux")) is (False if "win32" in test and "and" in test else None)


def test_the_facts_keep_tests_signature_and_calls_only_where_they_matter() -> None:
    facts = extract(
        "def f(self_less, flag=None):\n"
        "    if flag is not None:\n"
        "        g(flag, 1, key='k')\n"
        "    if self_less:\n"
        "        self_less = 2\n"
        "    g(*x)\n"
        "class C:\n"
        "    def m(self, on=False):\n"
        "        if self:\n"
        "            pass\n"
        "        if on:\n"
        "            pass\n"
    )
    f, m = facts.functions
    # self_less is bound again only under its own test: decided where a call's arguments rule that test out
    assert f.tests == ("flag", "self_less")
    assert [name for name, _ in f.guarded] == ["self_less"]
    assert f.accepts == (("self_less", "flag"), 0, (), (("flag", "None", None),))
    assert [passed for _, passed in f.calls] == [((("name", "flag"), ("int", 1)), (("key", ("str", "k")),))]
    assert m.tests == ("on",)  # `self` is never a decided parameter
