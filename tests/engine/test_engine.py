"""Engine invariants: static only, every ast node judged, one parse for every platform, directive errors."""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.facts import DEPRECATED, HANDLED, INERT, extract
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

ABSTRACT = {
    "AST",
    "mod",
    "stmt",
    "expr",
    "expr_context",
    "boolop",
    "operator",
    "unaryop",
    "cmpop",
    "excepthandler",
    "pattern",
    "type_ignore",
    "type_param",
}


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def test_every_ast_node_class_is_judged() -> None:
    judged = {cls.__name__ for cls in (*HANDLED, *INERT)}
    # Judge classes, not the names `ast` binds them to: 3.12+ also binds the deprecated `Ellipsis` class as
    # `_ast_Ellipsis` (for its deprecation shim), and an alias is not a new node class.
    bound = (getattr(ast, name) for name in dir(ast))
    classes = {cls.__name__ for cls in bound if isinstance(cls, type) and issubclass(cls, ast.AST)}
    unjudged = sorted(classes - judged - ABSTRACT - DEPRECATED)
    assert unjudged == [], f"the facts extractor does not judge {unjudged}: decide what each means"


def test_an_unknown_node_is_a_problem_not_a_silent_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(HANDLED, ast.Call)
    facts = extract("def f():\n    return g()\n")
    assert facts.problems == ((2, "unsupported syntax Call"),)


def test_never_imports_the_analysed_code(tmp_path: Path) -> None:
    sentinel = tmp_path / "imported.txt"
    hostile = f"open({str(sentinel)!r}, 'w').write('x')\n"
    write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["trap"]\nfollow = []\n',
            "trap/__init__.py": hostile,
            "trap/mod.py": hostile + "\n\n# claims: deterministic\ndef f():\n    return 1\n",
            "trap/sub/__init__.py": hostile,
        },
    )
    before = set(sys.modules)
    result = check(tmp_path, ["linux", "darwin", "win32"], cache=FactsCache(tmp_path / "cache"))
    assert {c.status for c in result.claims} == {"held"}
    assert not sentinel.exists()
    assert not any(name == "trap" or name.startswith("trap.") for name in set(sys.modules) - before)


def test_the_sweep_parses_each_file_once() -> None:
    fixture = Path(__file__).resolve().parents[2] / "testdata" / "violations"
    counts = FactsCache(None)  # keeps nothing: every file the run needs is parsed, and counted
    result = check(fixture, ["darwin", "linux", "win32"], cache=counts)
    assert counts.parsed == len(result.project.modules.loaded())  # no file parsed twice across the platforms
    assert {c.platform for c in result.claims} == {"darwin", "linux", "win32"}


def test_deep_nesting_does_not_overflow(tmp_path: Path) -> None:
    # CPython caps blocks at 100 levels; expressions nest as deep as its parser allows: walk both iteratively.
    blocks = "".join("    " * (i + 1) + "if x:\n" for i in range(90)) + "    " * 91 + "os.getenv('X')\n"
    chain = " + ".join(["x"] * 2000)
    calls = "f(" * 190 + "time.time()" + ")" * 190
    write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["deep"]\n', "deep/__init__.py": ""})
    (tmp_path / "deep" / "m.py").write_text(
        "import os\nimport time\n\n\n# claims: deterministic\ndef f(x):\n"
        + blocks
        + f"    return {chain}\n\n\n# claims: deterministic\ndef g(f):\n    return {calls}\n"
    )
    result = check(tmp_path, ["linux"])
    assert not result.problems
    assert [(c.qualname, c.status, [v.reach for v in c.violations]) for c in result.claims] == [
        ("f", "violated", ["os.getenv"]),
        ("g", "violated", ["time.time"]),
    ]


def test_unparseable_nesting_is_a_problem_naming_the_line(tmp_path: Path) -> None:
    blocks = "".join("    " * (i + 1) + "if x:\n" for i in range(150)) + "    " * 151 + "pass\n"
    facts = extract("def f(x):\n" + blocks)
    assert facts.problems == ((101, "syntax error: too many levels of indentation"),)
    assert extract("x = " + "-" * 200000 + "1\n").problems[0][1].startswith("cannot parse")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            "# claims: determinstic\ndef f():\n    pass\n",
            "1: unknown claim 'determinstic' (did you mean 'deterministic'? known claims: deterministic,",
        ),
        ("# claims: deterministic, deterministic\ndef f():\n    pass\n", "1: duplicate claim 'deterministic'"),
        ("# claims:\ndef f():\n    pass\n", "1: empty claims directive: name at least one claim"),
        ("# claims: deterministic,\ndef f():\n    pass\n", "1: empty claim name in the directive"),
        ("# claims: deterministic\n\nx = 1\n", "1: claims directive is attached to nothing"),
        (
            "from pytest_claims import claims\n\n\n# claims: sandboxed\n@claims('deterministic')\ndef f():\n    pass\n",
            "5: pkg.m.f has both a # claims: comment and @claims(...): keep one",
        ),
        (
            "def outer():\n    # claims: deterministic\n    def inner():\n        pass\n",
            "2: claims go on module-level functions and methods",
        ),
        (
            "from pytest_claims import claims\n\nNAME = 'x'\n\n\n@claims(NAME)\ndef f():\n    pass\n",
            "6: claim names must be string literals",
        ),
        (
            "from pytest_claims import claims\n\n\n@claims\ndef f():\n    pass\n",
            "4: @claims needs the claim names",
        ),
        (
            "from pkg.receipts import Receipt\n\n\n# claims: deterministic\ndef f() -> Receipt:\n    pass\n",
            '4: pkg.m.f: claims deterministic but returns "Receipt", which mutates by construction',
        ),
    ],
    ids=[
        "unknown",
        "duplicate",
        "empty",
        "stray-comma",
        "attached-to-nothing",
        "both-forms",
        "nested",
        "non-literal",
        "bare-decorator",
        "mutating-return",
    ],
)
def test_directive_errors_name_file_and_line(tmp_path: Path, source: str, message: str) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\nmutating-returns = ["pkg.receipts.Receipt"]\n',
            "pkg/__init__.py": "",
            "pkg/receipts.py": "class Receipt:\n    pass\n",
        },
    )
    (tmp_path / "pkg" / "m.py").write_text(source)
    result = check(tmp_path, ["linux"])
    assert len(result.errors) == 1
    assert str(result.errors[0]).startswith(f"pkg/m.py:{message}")


def test_claims_in_comments_inside_strings_are_not_directives(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/__init__.py": ""})
    (tmp_path / "pkg" / "m.py").write_text(
        'DOC = """\n# claims: nonsense\n"""\n\n\ndef f():  # claims: deterministic\n    pass\n'
    )
    result = check(tmp_path, ["linux"])
    assert not result.errors
    assert [c.function for c in result.claims] == ["pkg.m.f"]


def test_unparseable_file_makes_reaching_claims_unevaluable(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/broken.py": "def helper(:\n    pass\n",
            "pkg/user.py": (
                "from pkg.broken import helper\n\n\n# claims: deterministic\ndef f():\n    return helper()\n"
            ),
            "pkg/other.py": "# claims: deterministic\ndef g():\n    return 1\n",
        },
    )
    result = check(tmp_path, ["linux"])
    status = {c.function: c.status for c in result.claims}
    assert status == {"pkg.other.g": "held", "pkg.user.f": "unevaluable"}
    (f,) = [c for c in result.claims if c.function == "pkg.user.f"]
    assert "pkg/broken.py:1: syntax error" in f.frontier[0].reason


def test_released_facts_load_again_on_demand() -> None:
    fixture = Path(__file__).resolve().parents[2] / "testdata" / "violations"
    result = check(fixture, ["linux"])
    modules = result.project.modules
    before = {name: modules[name].facts for name in sorted(modules.loaded())}
    modules.release()
    assert modules.loaded() == frozenset()
    assert {name: modules[name].facts for name in before} == before
