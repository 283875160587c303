"""Hardening: bad and hostile input, and proof that the plugin never runs the code it checks.

- never executes: modules whose import writes a sentinel file, under every way of running the plugin;
- bad source: one line naming the file (and line) for each kind of unreadable file, the rest still judged;
- hostile structure: cycles, star-import chains, symlink loops, deep nesting, a 5 MB file, no RecursionError;
- malformed directives and `[tool.claims]` values: property tests pinning the exact message;
- the cache under eight concurrent runs, with damaged entries;
- the plugin's own determinism: hash seed and file-system order do not change a byte of its output.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
import types
import warnings
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

import pytest_claims.analysis.facts as facts_module
from pytest_claims.analysis.conditions import evaluate
from pytest_claims.analysis.directives import read_directives
from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.index import ModuleFile
from pytest_claims.analysis.project import Module
from pytest_claims.config import Config, ConfigError, load_config
from pytest_claims.engine import Result, check, target_for
from pytest_claims.output.report import json_report, markdown_catalogue, sarif_report
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import FileFacts
from pytest_claims.vocabulary import CATEGORIES, KNOWN_PLATFORMS

HOST = sys.platform
TESTDATA = Path(__file__).resolve().parent.parent / "testdata"
VIOLATIONS = TESTDATA / "violations"
RULES = TESTDATA / "rules"
HAS_XDIST = importlib.util.find_spec("xdist") is not None


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content), encoding="utf-8")
    return root


def statuses(result: Result) -> dict[str, str]:
    """function -> status, for a single-platform result."""
    assert len(result.platforms) == 1
    return {claim.function: claim.status for claim in result.claims}


def reaches(result: Result, function: str, platform: str = "linux") -> list[tuple[str, tuple[str, ...]]]:
    (claim,) = [c for c in result.claims if c.function == function and c.platform == platform]
    return [(v.reach, v.via) for v in claim.violations]


def reasons(result: Result, function: str) -> list[str]:
    (claim,) = [c for c in result.claims if c.function == function]
    return [entry.reason for entry in claim.frontier]


@contextlib.contextmanager
def headroom(frames: int) -> Iterator[None]:
    """Only `frames` more Python frames allowed: proves the code inside does not recurse with its input."""
    depth = 0
    frame: types.FrameType | None = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_ADDOPTS", "PYTEST_PLUGINS"))}
    env.update(extra)
    return env


# =========================================================================================================
# 1. The plugin never executes the code it checks


def trap(sentinel: Path, label: str) -> str:
    """A statement that leaves a mark if the module holding it is ever run."""
    return f"open({str(sentinel)!r}, 'a').write({label + chr(10)!r})\n"


def hostile_project(root: Path, site: Path, sentinel: Path) -> None:
    """A project in which every module, decorator, class body and `__main__` would write the sentinel.

    `trapdep` is a third-party package the config follows (walked like project code), on `site`.
    """
    s = str(sentinel)
    write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["src/trap"]\nfollow = ["trapdep"]\n',
            "src/trap/__init__.py": trap(sentinel, "trap/__init__") + "from trap.mod import pure as pure\n",
            "src/trap/__main__.py": trap(sentinel, "trap/__main__"),
            "src/trap/plain.py": trap(sentinel, "trap/plain") + "def helper():\n    return 1\n",
            "src/trap/broken.py": trap(sentinel, "trap/broken") + "# claims: deterministic\ndef nope(:\n    pass\n",
            "src/trap/mod.py": trap(sentinel, "trap/mod")
            + textwrap.dedent(
                f"""\
                import os

                import trapdep
                from trap.sub import deep


                def _trap_decorator(func):
                    open({s!r}, "a").write("decorator\\n")
                    return func


                class Loud:
                    open({s!r}, "a").write("class body\\n")

                    # claims: deterministic
                    def size(self):
                        return 1


                # claims: deterministic
                def pure(x):
                    return x + 1


                # claims: deterministic
                @_trap_decorator
                def decorated(x):
                    return x


                # claims: deterministic
                def env():
                    return os.getenv("HOME")


                # claims: deterministic
                def through_dependency():
                    return trapdep.helper()


                # claims: deterministic
                def default(x=open({s!r}, "a")):
                    return x


                # claims: sandboxed
                def via_deep():
                    return deep.value()


                if __name__ == "__main__":
                    open({s!r}, "a").write("main\\n")
                """
            ),
            "src/trap/sub/__init__.py": trap(sentinel, "trap/sub/__init__"),
            "src/trap/sub/deep.py": trap(sentinel, "trap/sub/deep")
            + 'from pytest_claims import claims\n\n\n@claims("deterministic")\ndef value():\n    return 42\n',
        },
    )
    dependency = "import time\n\n\ndef helper():\n    return time.time()\n"
    write(site, {"trapdep/__init__.py": trap(sentinel, "trapdep") + dependency})


HOSTILE_VERDICTS = {
    "trap.mod.Loud.size": "held",
    "trap.mod.pure": "held",
    "trap.mod.decorated": "violated",
    "trap.mod.env": "violated",
    "trap.mod.through_dependency": "violated",
    "trap.mod.default": "violated",
    "trap.mod.via_deep": "held",
    "trap.sub.deep.value": "held",
}


def test_engine_and_reports_never_import_the_analysed_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sentinel = tmp_path / "SENTINEL"
    root, site = tmp_path / "project", tmp_path / "site"
    hostile_project(root, site, sentinel)
    monkeypatch.syspath_prepend(str(site))  # trapdep is importable: the engine must still only read it
    before = set(sys.modules)
    for _ in range(2):  # cold, then warm from the cache
        result = check(root, ["darwin", "linux", "win32"], cache=FactsCache(tmp_path / "cache"), details=True)
        json_report(result, result.rules, "0")
        markdown_catalogue(result)
        sarif_report(result, result.rules, "0")
        for platform in result.platforms:
            assert {c.function: c.status for c in result.claims if c.platform == platform} == HOSTILE_VERDICTS
        assert [str(p) for p in result.problems] == ["src/trap/broken.py:3: syntax error: invalid syntax"]
    assert reaches(result, "trap.mod.through_dependency") == [("time.time", ("trapdep.helper",))]
    assert reaches(result, "trap.mod.decorated") == [("builtins.open", ("trap.mod._trap_decorator",))]
    assert not sentinel.exists(), sentinel.read_text()
    imported = sorted(n for n in set(sys.modules) - before if n.split(".")[0] in ("trap", "trapdep"))
    assert imported == []


OBSERVER = """
import os
import sys


def pytest_sessionfinish(session):
    # run in the controller and in every xdist worker: which analysed modules did this process import?
    names = sorted(n for n in sys.modules if n.split(".")[0] in ("trap", "trapdep"))
    with open(os.path.join({root!r}, "modules-%d.txt" % os.getpid()), "w") as handle:
        handle.write("\\n".join(names))
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "env", "outcomes"),
    [
        pytest.param([], {}, {"passed": 4, "failed": 4}, id="serial"),
        pytest.param(
            ["-n", "2", "--claims-report=report.json"],
            {"DEVLORE_CLAIMCHECK_ALL_PLATFORMS": "1"},
            {"passed": 12, "failed": 12},
            id="xdist-all-platforms-json",
        ),
        pytest.param(
            ["--claims-platform=win32,darwin", "--claims-report=claims.sarif"],
            {},
            {"passed": 8, "failed": 8},
            id="platforms-sarif",
        ),
        pytest.param(
            ["src/trap/mod.py", "src/trap/plain.py", "src/trap/__init__.py", "--claims-report=catalog.md"],
            {},
            {"passed": 3, "failed": 4},
            id="named-files-markdown",
        ),
        pytest.param(
            [f"src/trap/sub/deep.py::value[{HOST}]", "--claims-all-platforms"], {}, {"passed": 1}, id="one-node-id"
        ),
        pytest.param(["--collect-only", "-q", "--claims-all-platforms"], {}, {}, id="collect-only"),
    ],
)
def test_the_plugin_never_imports_the_analysed_code(
    pytester: pytest.Pytester,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str],
    outcomes: dict[str, int],
) -> None:
    if "-n" in args and not HAS_XDIST:
        pytest.skip("pytest-xdist is not installed")
    sentinel = tmp_path / "SENTINEL"
    site = tmp_path / "site"
    hostile_project(pytester.path, site, sentinel)
    (pytester.path / "conftest.py").write_text(OBSERVER.format(root=str(pytester.path)))  # excluded by default
    monkeypatch.setenv("PYTHONPATH", str(site))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    result = pytester.runpytest_subprocess("-p", "claims", *args)
    output = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    if outcomes:
        result.assert_outcomes(**outcomes)
    else:
        assert result.ret == pytest.ExitCode.OK
        result.stdout.fnmatch_lines([f"*src/trap/mod.py::pure[[]{p}[]]*" for p in ("darwin", "linux", "win32")])
    if len(args) > 1 or "--claims-all-platforms" in args or not args:
        result.stdout.fnmatch_lines(["*unreadable: src/trap/broken.py:3: syntax error: invalid syntax*"])
    for report in ("report.json", "claims.sarif", "catalog.md"):
        if f"--claims-report={report}" in args:
            assert (pytester.path / report).stat().st_size > 0
    assert not sentinel.exists(), f"analysed code ran: {sentinel.read_text()}"
    observed = sorted(pytester.path.glob("modules-*.txt"))
    assert observed, "the observer conftest did not run"
    assert {p.name: p.read_text() for p in observed} == {p.name: "" for p in observed}


# =========================================================================================================
# 2. Bad source: one line naming the file and line; what depends on it is unevaluable, the rest is judged

GOOD = "# claims: deterministic\ndef ok():\n    return 1\n"
USER = "from pkg.bad import helper\n\n\n# claims: deterministic\ndef uses():\n    return helper()\n"
HEAD = b"# claims: deterministic\ndef helper():\n    return 1\n"


def bad_project(root: Path, bad: bytes) -> Path:
    return write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/good.py": GOOD,
            "pkg/user.py": USER,
            "pkg/bad.py": bad,
        },
    )


def deep_blocks(depth: int, indent: bytes = b"\t") -> bytes:
    lines = [b"def helper(x):\n"] + [indent * (i + 1) + b"if x:\n" for i in range(depth)]
    return HEAD + b"".join(lines) + indent * (depth + 1) + b"pass\n"


BAD_SOURCES = [
    pytest.param(HEAD + b"def other(:\n    pass\n", r"pkg/bad.py:4: syntax error: invalid syntax", id="syntax-error"),
    pytest.param(HEAD + b"x = (\n", r"pkg/bad.py:4: syntax error: '\(' was never closed", id="unclosed-bracket"),
    pytest.param(HEAD + b'S = """\n# claims: nope\n', r"pkg/bad.py:4: syntax error: unterminated", id="open-string"),
    pytest.param(HEAD + b"if x:\n\tpass\n        pass\n", r"pkg/bad.py:6: syntax error: ", id="tabs-and-spaces"),
    pytest.param(HEAD + b"# caf\xe9\n", r"pkg/bad.py:4: cannot decode: byte 0xe9 is not valid utf-8", id="not-utf8"),
    pytest.param(
        b"# -*- coding: klingon -*-\n" + HEAD,
        r"pkg/bad.py:1: cannot decode: unknown encoding: klingon",
        id="unknown-cookie",
    ),
    pytest.param(
        b"#!/usr/bin/env python\n# -*- coding: klingon -*-\n" + HEAD,
        r"pkg/bad.py:2: cannot decode: unknown encoding: klingon",
        id="unknown-cookie-line-2",
    ),
    pytest.param(
        b"#!/usr/bin/env python\n# caf\xe9\n" + HEAD,
        r"pkg/bad.py:2: cannot decode: invalid or missing encoding declaration",
        id="undeclared-line-2",
    ),
    pytest.param(
        b"# coding: ascii\n" + HEAD + b"S = 'caf\xc3\xa9'\n",
        r"pkg/bad.py:5: cannot decode: byte 0xc3 is not valid ascii",
        id="cookie-mismatch",
    ),
    pytest.param(
        b"\xef\xbb\xbf# coding: latin-1\n" + HEAD,
        r"pkg/bad.py:1: cannot decode: encoding problem",
        id="bom-and-other-cookie",
    ),
    pytest.param(HEAD + b"x = 1\n\x00\n", r"pkg/bad.py:5: syntax error: source contains a null byte", id="nul-byte"),
    pytest.param(
        deep_blocks(150, b" "), r"pkg/bad.py:104: syntax error: too many levels of indentation", id="150-blocks"
    ),
    pytest.param(deep_blocks(1_000), r"pkg/bad.py:104: syntax error: too many levels of indentation", id="1000-blocks"),
    pytest.param(
        HEAD + b"x = " + b"(" * 10_000 + b"1" + b")" * 10_000 + b"\n",
        r"pkg/bad.py:4: syntax error: too many nested parentheses",
        id="10000-parentheses",
    ),
    pytest.param(
        HEAD + b"x = " + b"not " * 10_000 + b"1\n",
        r"pkg/bad.py:1: cannot parse: nested too deeply for Python's parser",
        id="10000-nots",
    ),
    pytest.param(
        HEAD + b"x = " + b"-" * 200_000 + b"1\n",
        r"pkg/bad.py:1: cannot parse: nested too deeply for Python's parser",
        id="200000-unary-minus",
    ),
    pytest.param(
        HEAD + b"f = " + b"lambda: " * 10_000 + b"1\n",
        r"pkg/bad.py:1: cannot parse: nested too deeply for Python's parser",
        id="10000-lambdas",
    ),
]


@pytest.mark.parametrize(("bad", "expected"), BAD_SOURCES)
def test_bad_source_is_one_line_naming_file_and_line(tmp_path: Path, bad: bytes, expected: str) -> None:
    root = bad_project(tmp_path, bad)
    with headroom(400):
        result = check(root, ["linux"])
    problems = [str(p) for p in result.problems]
    assert len(problems) == 1 and re.match(expected, problems[0]), problems
    assert "\n" not in problems[0]
    assert result.errors == ()
    assert statuses(result) == {"pkg.good.ok": "held", "pkg.user.uses": "unevaluable"}
    (reason,) = reasons(result, "pkg.user.uses")
    assert reason.startswith(problems[0].split(": ")[0] + ": ")  # the frontier names the same file:line


def test_an_unreadable_file_is_reported_and_makes_its_dependants_unevaluable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = bad_project(tmp_path, HEAD)
    real = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == "bad.py":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)  # chmod cannot refuse root, who runs CI containers
    result = check(root, ["linux"])
    assert [str(p) for p in result.problems] == ["pkg/bad.py: cannot read: Permission denied"]
    assert statuses(result) == {"pkg.good.ok": "held", "pkg.user.uses": "unevaluable"}
    assert "cannot read: Permission denied" in reasons(result, "pkg.user.uses")[0]


def test_odd_but_valid_files_are_read_right(tmp_path: Path) -> None:
    """Line numbers survive CR and CRLF endings, form feeds, U+2028 in strings, a BOM and a latin-1 cookie."""
    body = "# claims: deterministic\ndef f():\n    return time.time()\n\n\n"
    body += "# claims: deterministic\ndef g():\n    pass\n"
    files: dict[str, str | bytes] = {
        "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
        "pkg/__init__.py": "",
        "pkg/empty.py": b"",
        "pkg/crlf.py": ("import time\n" + body).replace("\n", "\r\n").encode(),
        "pkg/cr.py": ("import time\n" + body).replace("\n", "\r").encode(),
        "pkg/formfeed.py": ("import time\n\x0c\nS = 'a\u2028b\u2029c\x85d\x1ce'\n" + body).encode(),
        "pkg/bom.py": b"\xef\xbb\xbf" + ("import time\n" + body).encode(),
        "pkg/latin.py": b"# -*- coding: latin-1 -*-\nimport time\nS = 'caf\xe9'\n" + body.encode(),
        "pkg/long.py": ("import time\nS = '" + "x" * 1_000_000 + "'\n" + body).encode(),
    }
    root = write(tmp_path, files)
    result = check(root, ["linux"])
    assert result.problems == () and result.errors == ()
    lines = {(c.file, c.qualname): (c.status, [(v.reach, v.line) for v in c.violations]) for c in result.claims}
    first = {"crlf": 1, "cr": 1, "formfeed": 3, "bom": 1, "latin": 3, "long": 2}
    expected = {}
    for stem, offset in first.items():
        expected[(f"pkg/{stem}.py", "f")] = ("violated", [("time.time", offset + 3)])
        expected[(f"pkg/{stem}.py", "g")] = ("held", [])
    assert lines == expected
    assert {c.line for c in result.claims if c.file == "pkg/formfeed.py"} == {5, 10}


def test_empty_odd_and_missing_packages(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["empty", "ns", "pkg"]\nfollow = ["no_such_dist_xyz"]\n',
            "empty/__init__.py": "",
            "ns/inner/mod.py": "# claims: deterministic\ndef f():\n    return 1\n",  # namespace packages
            "pkg/__init__.py": "",
            "pkg/my-module.py": "# claims: nonsense\n",  # not importable: not a module
            "pkg/1st.py": "# claims: nonsense\n",
            "pkg/.hidden.py": "# claims: nonsense\n",
            "pkg/__pycache__/x.py": "# claims: nonsense\n",
            "pkg/data.txt": "# claims: nonsense\n",
            "pkg/use.py": "import no_such_dist_xyz\n\n\n# claims: deterministic\ndef g():\n"
            "    return no_such_dist_xyz.x()\n",
        },
    )
    (tmp_path / "pkg" / "folder.py").mkdir()  # a directory with a module's name
    config = load_config(root)
    result = check(root, ["linux"], replace(config, packages=(*config.packages, "gone")))
    assert statuses(result) == {"ns.inner.mod.f": "held", "pkg.use.g": "unevaluable"}
    assert [str(p) for p in result.problems] == [
        "gone: configured package path does not exist",
        "no_such_dist_xyz: followed package not found on sys.path",
    ]
    assert result.errors == ()


def test_a_package_path_that_does_not_exist_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["src/gone"]\n')
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*pyproject.toml: [[]tool.claims[]] packages: 'src/gone' is neither a directory nor a .py file*"]
    )
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_symlink_loops_in_the_package_tree(tmp_path: Path) -> None:
    if not hasattr(os, "symlink"):
        pytest.skip("no symlinks here")
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/ok.py": "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n",
            "pkg/sub/__init__.py": "",
        },
    )
    pkg = root / "pkg"
    try:
        os.symlink("loop.py", pkg / "loop.py")  # a file that points at itself
    except OSError:
        pytest.skip("cannot create symlinks here")
    os.symlink("b.py", pkg / "a.py")  # two files that point at each other
    os.symlink("a.py", pkg / "b.py")
    os.symlink("nowhere.py", pkg / "dangling.py")
    os.symlink("..", pkg / "sub" / "up")  # directories pointing back up, at themselves, at each other
    os.symlink("me", pkg / "me")
    os.symlink("y", pkg / "x")
    os.symlink("x", pkg / "y")
    os.symlink(str(pkg / "me"), root / "loopback")  # a link into a loop, beside the package
    result = check(root, ["linux"])
    assert statuses(result) == {"pkg.ok.f": "violated"}
    problems = [str(p) for p in result.problems]
    assert [p.split(": ")[0] for p in problems] == ["pkg/a.py", "pkg/b.py", "pkg/loop.py"]
    assert all(": cannot read: " in p for p in problems)
    assert not any(name.startswith(("pkg.sub.up", "pkg.me", "pkg.x")) for name in result.project.modules)
    # a configured path, or a detected one, that is a loop is refused or skipped, never followed
    os.symlink("spin", root / "spin")
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["spin"]\n')
    with pytest.raises(ConfigError, match=r"packages: 'spin' is neither a directory nor a \.py file"):
        load_config(root)
    (root / "pyproject.toml").write_text("[tool.claims]\n")
    assert load_config(root).packages == ("pkg",)


# =========================================================================================================
# 3. Hostile structure: cycles, chains, depth, size


def test_cycles_and_chains_get_verdicts_without_recursion(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
        "pkg/__init__.py": "from . import *\nfrom pkg import *\n",  # a package star-importing itself
        # call cycle across an import cycle, with one exit to the clock
        "pkg/a.py": "from pkg.b import ping\n\n\ndef pong(n):\n    return ping(n - 1)\n",
        "pkg/b.py": (
            "import time\n\nfrom pkg.a import pong\n\n\ndef ping(n):\n    return pong(n) if n else tick()\n\n\n"
            "def tick():\n    return time.time()\n\n\n"
            "def fact(n):\n    return n * fact(n - 1) if n else 1\n"
        ),
        # a name defined only through an import cycle
        "pkg/c.py": "from pkg.d import ghost\n",
        "pkg/d.py": "from pkg.c import ghost\n",
        # star-import chains: short enough to resolve, and far too long; and a star cycle
        **{f"pkg/s{i}.py": f"from pkg.s{i + 1} import *\n" for i in range(8)},
        "pkg/s8.py": "import os\n\n\ndef near():\n    return os.getenv('X')\n",
        **{f"pkg/t{i}.py": f"from pkg.t{i + 1} import *\n" for i in range(300)},
        "pkg/t300.py": "import os\n\n\ndef far():\n    return os.getenv('X')\n",
        "pkg/star_a.py": "from pkg.star_b import *\n\n\ndef in_a():\n    return 1\n",
        "pkg/star_b.py": "import time\n\nfrom pkg.star_a import *\n\n\ndef in_b():\n    return time.time()\n",
        # an alias chain of 2000 and a call chain of 3000
        "pkg/alias.py": "import time\n\na0 = time.time\n" + "".join(f"a{i} = a{i - 1}\n" for i in range(1, 2000)),
        "pkg/calls.py": "import time\n\n\n"
        + "".join(f"def c{i}():\n    return c{i + 1}()\n\n\n" for i in range(3000))
        + "def c3000():\n    return time.time()\n",
        # classes: a 600-deep hierarchy, a class that is its own base, a base cycle, a class-body alias cycle
        "pkg/classes.py": "import time\n\n\nclass K0:\n    def m(self):\n        return time.time()\n\n\n"
        + "".join(f"class K{i}(K{i - 1}):\n    pass\n\n\n" for i in range(1, 600))
        + "class A(A):\n    # claims: deterministic\n    def f(self):\n        return self.g()\n\n"
        "    def g(self):\n        return 1\n\n\n"
        "class B(C):\n    def m(self):\n        return time.time()\n\n\n"
        "class C(B):\n    # claims: deterministic\n    def f(self):\n        return self.m()\n\n\n"
        "class D:\n    a = b\n    b = a\n    __call__ = __call__\n\n"
        "    # claims: deterministic\n    def f(self):\n        return self.a() + self()\n",
        "pkg/claims.py": textwrap.dedent(
            """\
            from pkg import alias, b, calls, classes
            from pkg.c import ghost
            from pkg.s0 import *
            from pkg.star_a import *
            from pkg.t0 import *


            # claims: deterministic
            def cycle():
                return b.ping(3)


            # claims: deterministic
            def recursion():
                return b.fact(3)


            # claims: deterministic
            def cyclic_name():
                return ghost()


            # claims: deterministic
            def short_star():
                return near()


            # claims: deterministic
            def long_star():
                return far()


            # claims: deterministic
            def star_cycle():
                return in_a() + in_b()


            # claims: deterministic
            def short_alias():
                return alias.a5()


            # claims: deterministic
            def long_alias():
                return alias.a1999()


            # claims: deterministic
            def long_calls():
                return calls.c0()


            class Leaf(classes.K599):
                # claims: deterministic
                def f(self):
                    return self.m()

            """
        ),
    }
    root = write(tmp_path, files)
    with headroom(400):
        result = check(root, ["linux"])
    assert result.problems == () and result.errors == ()
    assert statuses(result) == {
        "pkg.claims.cycle": "violated",
        "pkg.claims.recursion": "held",
        "pkg.claims.cyclic_name": "unevaluable",
        "pkg.claims.short_star": "violated",
        "pkg.claims.long_star": "unevaluable",  # past the alias-depth bound: fail closed, never held
        "pkg.claims.star_cycle": "violated",
        "pkg.claims.short_alias": "violated",
        "pkg.claims.long_alias": "unevaluable",
        "pkg.claims.long_calls": "violated",
        "pkg.claims.Leaf.f": "violated",
        "pkg.classes.A.f": "held",
        "pkg.classes.C.f": "violated",  # a base cycle: each class once in the lookup order
        "pkg.classes.D.f": "unevaluable",  # a class-body alias cycle: fail closed
    }
    assert reaches(result, "pkg.claims.cycle") == [("time.time", ("pkg.b.ping", "pkg.b.tick"))]
    assert reaches(result, "pkg.claims.short_star") == [("os.getenv", ("pkg.s8.near",))]
    assert reaches(result, "pkg.claims.star_cycle") == [("time.time", ("pkg.star_b.in_b",))]
    ((reach, via),) = reaches(result, "pkg.claims.long_calls")
    assert reach == "time.time" and len(via) == 3001 and via[-1] == "pkg.calls.c3000"
    assert reaches(result, "pkg.claims.Leaf.f") == [("time.time", ("pkg.classes.K0.m",))]
    assert reaches(result, "pkg.classes.C.f") == [("time.time", ("pkg.classes.B.m",))]


def test_a_walk_past_max_walk_is_unevaluable_not_held(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\nmax-walk = 100\n',
            "pkg/__init__.py": "",
            "pkg/calls.py": "".join(f"def c{i}():\n    return c{i + 1}()\n\n\n" for i in range(500))
            + "def c500():\n    return 1\n\n\n# claims: deterministic\ndef start():\n    return c0()\n",
        },
    )
    result = check(root, ["linux"])
    assert statuses(result) == {"pkg.calls.start": "unevaluable"}
    assert reasons(result, "pkg.calls.start") == ["the walk visited more than max-walk = 100 functions"]


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
    (func,) = facts.functions
    assert func.qualname == "f" and facts.directives[0].function == 0
    uses = {(chain, ctx) for chain, ctx, _line, _guard, _code in func.uses}
    assert (("time", "time"), "call") in uses and (("g",), "call") in uses
    # platform guards are kept, however deep, and evaluated per target, iteratively too
    for reach in (("time", "time"), ("os", "getenv")):
        (guard,) = {guard for chain, _ctx, _line, guard, _code in func.uses if chain == reach}
        conds = [(facts.conds[index], polarity) for index, polarity in facts.guards[guard]]
        assert conds
        with headroom(120):
            assert all(evaluate(c, target_for("win32")) is polarity for c, polarity in conds)
            assert all(evaluate(c, target_for("linux")) is not polarity for c, polarity in conds)
    # facts too deep to pickle are not cached, and caching them is no error
    cache = FactsCache(tmp_path / "cache")
    with headroom(120):
        cache.put("0" * 64, facts)
    assert cache.get("0" * 64) in (None, facts)


def test_absurdly_deep_platform_conditions_are_judged_and_not_cached(tmp_path: Path) -> None:
    """`if not not ... sys.platform == "win32":` past pickle's depth: judged right, cached never, no crash."""
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


def test_the_analysed_codes_warnings_change_nothing(tmp_path: Path) -> None:
    """Under `-W error`, `"\\d"` or `x is 1` in an analysed file must not become a syntax error (nor be shown)."""
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/m.py": 'import re\n\n\n# claims: deterministic\ndef f(x):\n    return re.match("\\d+", x), x is 1\n',
        },
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = check(root, ["linux"], cache=FactsCache(tmp_path / "cache"))
    assert result.problems == ()
    assert statuses(result) == {"pkg.m.f": "held"}


@pytest.mark.slow
def test_a_5_mb_file_gets_its_verdicts(tmp_path: Path) -> None:
    pad = "Padding for size: " + "lorem ipsum " * 16
    parts = ["import os\nimport time\n\n\n"]
    expected: dict[str, str] = {}
    size, index = 0, 0
    while size < 5_000_000:
        if index % 500 == 0:
            violating = index % 1000 == 0
            callee = f"helper{index}" if violating else f"pure{index}"
            part = (
                f"# claims: deterministic\ndef claim{index}(x):\n    return {callee}(x)\n\n\n"
                f"def helper{index}(x):\n    return time.time() + x\n\n\n"
                f"def pure{index}(x):\n    return x * 2\n\n\n"
            )
            expected[f"pkg.big.claim{index}"] = "violated" if violating else "held"
        else:
            part = f'def f{index}(x):\n    """{pad}"""\n    return x + {index}\n\n\n'
        parts.append(part)
        size += len(part)
        index += 1
    parts.append("class Big:\n    # claims: sandboxed\n    def read(self):\n        return os.listdir('.')\n")
    expected["pkg.big.Big.read"] = "violated"
    source = "".join(parts)
    assert len(source.encode()) >= 5_000_000
    root = write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/__init__.py": ""})
    (root / "pkg" / "big.py").write_text(source)
    cache = FactsCache(tmp_path / "cache")
    result = check(root, ["linux"], cache=cache)
    assert result.problems == () and result.errors == ()
    assert statuses(result) == expected
    assert cache.parsed == 1
    assert reaches(result, "pkg.big.claim0") == [("time.time", ("pkg.big.helper0",))]


# =========================================================================================================
# 4. Malformed directives: every shape gets its precise message (property tests over the grammar)

KNOWN = ("deterministic", "idempotent", "offline", "sandboxed")
NAME_ALPHABET = st.characters(
    whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters="_-. :;!?$%&*+/<=>@^`|~'()[]{}é"
)
claim_names = st.one_of(
    st.sampled_from([*KNOWN, "Deterministic", "determinstic", "claims", "", " ", "a b", "x.y", "déterministe"]),
    st.text(NAME_ALPHABET, max_size=12),
)
separators = st.sampled_from([",", ", ", " ,", " , ", ",\t"])
prefixes = st.sampled_from(["# claims:", "#claims:", "#  claims  :", "#\tclaims:", "# claims :"])


@pytest.fixture(scope="module")
def claims_config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    root = tmp_path_factory.mktemp("directives")
    write(
        root,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n\n'
            '[tool.claims.define.offline]\ncategories = ["network"]\n',
            "pkg/__init__.py": "",
        },
    )
    return load_config(root)


def directives_of(source: str, config: Config) -> tuple[list[tuple[str, tuple[str, ...]]], list[str]]:
    """(qualname, claims) claimed and the refusals as shown, for `pkg/m.py` holding `source`."""
    module = Module(ModuleFile("pkg.m", Path("pkg/m.py"), "pkg/m.py", False), extract(source, "pkg/m.py"), "")
    assert module.facts.problems == (), module.facts.problems
    claimed, errors = read_directives(module, config)
    return [(c.qualname, c.claims) for c in claimed], [str(e) for e in errors]


def names_verdict(names: tuple[str, ...]) -> str | tuple[str, ...]:
    """The contract, restated: the refusal for a list of names, or the sorted claims."""
    if not names or all(not n for n in names):
        return "empty claims directive: name at least one claim"
    if any(not n for n in names):
        return "empty claim name in the directive (a stray comma?)"
    unknown = [n for n in names if n not in KNOWN]
    if unknown:
        return f"unknown claim {unknown[0]!r} (known claims: {', '.join(KNOWN)})"
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        return f"duplicate claim {duplicates[0]!r}"
    return tuple(sorted(names))


def comment_names(text: str) -> tuple[str, ...]:
    text = text.strip()
    return tuple(part.strip() for part in text.split(",")) if text else ()


PLACEMENTS: dict[str, tuple[str, int, str]] = {
    # name: (template with {d} for the directive, line of the directive, qualname or the refusal)
    "above-def": ("{d}\ndef f():\n    pass\n", 1, "f"),
    "above-decorators": ("import functools\n\n\n{d}\n@functools.cache\ndef f():\n    pass\n", 4, "f"),
    "comment-between": ("{d}\n# why it holds\ndef f():\n    pass\n", 1, "f"),
    "trailing": ("def f():  {d}\n    pass\n", 1, "f"),
    "trailing-multiline-signature": ("def f(\n    x,\n):  {d}\n    pass\n", 3, "f"),
    "method": ("class C:\n    {d}\n    def m(self):\n        pass\n", 2, "C.m"),
    "async": ("{d}\nasync def f():\n    pass\n", 1, "f"),
    "blank-line": ("{d}\n\ndef f():\n    pass\n", 1, "nothing"),
    "statement": ("{d}\nx = 1\n", 1, "nothing"),
    "end-of-file": ("x = 1\n{d}\n", 2, "nothing"),
    "trailing-statement": ("x = 1  {d}\n", 1, "nothing"),
    "trailing-decorator": ("import functools\n\n\n@functools.cache  {d}\ndef f():\n    pass\n", 4, "nothing"),
    "class": ("{d}\nclass C:\n    pass\n", 1, "nested"),
    "trailing-class": ("class C:  {d}\n    pass\n", 1, "nested"),
    "nested-def": ("def outer():\n    {d}\n    def inner():\n        pass\n", 2, "nested"),
    "in-string": ('S = """\n{d}\n"""\n\n\ndef f():\n    pass\n', 2, "ignored"),
}
NOTHING = "claims directive is attached to nothing: put it directly above a def or its decorators"
NESTED = "claims go on module-level functions and methods, not on nested functions or classes"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    placement=st.sampled_from(sorted(PLACEMENTS)),
    prefix=prefixes,
    names=st.lists(claim_names, max_size=4),
    sep=separators,
)
def test_comment_directives_get_precise_messages(
    claims_config: Config, placement: str, prefix: str, names: list[str], sep: str
) -> None:
    text = f"{prefix} {sep.join(names)}".rstrip()
    template, line, outcome = PLACEMENTS[placement]
    claimed, errors = directives_of(template.format(d=text), claims_config)
    if outcome == "ignored":
        assert (claimed, errors) == ([], [])
        return
    if outcome in ("nothing", "nested"):
        assert (claimed, errors) == ([], [f"pkg/m.py:{line}: {NOTHING if outcome == 'nothing' else NESTED}"])
        return
    verdict = names_verdict(comment_names(text.split(":", 1)[1]))
    if isinstance(verdict, str):
        assert (claimed, errors) == ([], [f"pkg/m.py:{line}: {verdict}"])
    else:
        assert (claimed, errors) == ([(outcome, verdict)], [])


DECORATOR_IMPORTS = [
    ("from pytest_claims import claims", "claims"),
    ("from pytest_claims import claims as promise", "promise"),
    ("import pytest_claims", "pytest_claims.claims"),
    ("import pytest_claims as pc", "pc.claims"),
]
NON_LITERALS = ["NAME", "1", "None", "f'{x}'", "*NAMES", "b'deterministic'"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    spelling=st.sampled_from(DECORATOR_IMPORTS),
    args=st.lists(st.one_of(claim_names.map(repr), st.sampled_from(NON_LITERALS)), max_size=4),
    bare=st.booleans(),
)
def test_decorator_directives_get_precise_messages(
    claims_config: Config, spelling: tuple[str, str], args: list[str], bare: bool
) -> None:
    imported, callee = spelling
    decorator = f"@{callee}" if bare else f"@{callee}({', '.join(args)})"
    source = f"{imported}\n\n\n{decorator}\ndef f():\n    pass\n"
    claimed, errors = directives_of(source, claims_config)
    if bare:
        expected: str | tuple[str, ...] = '@claims needs the claim names: @claims("deterministic")'
    elif any(a in NON_LITERALS for a in args):
        expected = "claim names must be string literals"
    else:
        expected = names_verdict(tuple(ast.literal_eval(a) for a in args))
    if isinstance(expected, str):
        assert (claimed, errors) == ([], [f"pkg/m.py:4: {expected}"])
    else:
        assert (claimed, errors) == ([("f", expected)], [])


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "from pytest_claims import claims\n\n\n# claims: sandboxed\n@claims('deterministic')\ndef f():\n    pass\n",
            ["pkg/m.py:5: pkg.m.f has both a # claims: comment and @claims(...): keep one"],
        ),
        (
            "# claims: sandboxed\ndef f():  # claims: deterministic\n    pass\n",
            ["pkg/m.py:2: pkg.m.f has more than one claims directive"],
        ),
        ("import other\n\n\n@other.claims('nonsense')\ndef f():\n    pass\n", []),  # not ours: no directive
        ("# Claims: deterministic\n# claims deterministic\ndef f():\n    pass\n", []),  # prose, not directives
    ],
    ids=["both-forms", "two-comments", "someone-elses-claims", "prose"],
)
def test_directive_shapes_beyond_the_grammar(claims_config: Config, source: str, expected: list[str]) -> None:
    assert directives_of(source, claims_config)[1] == expected


# =========================================================================================================
# 5. Malformed [tool.claims] values: the exact message for each shape


@pytest.fixture(scope="module")
def config_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("config")
    write(root, {"src/shop/__init__.py": ""})
    return root


def config_error(root: Path, table: dict[str, Any]) -> tuple[str, Any]:
    """The usage error for `[tool.claims]` = table, and the value of its first key as TOML read it back."""
    text = tomlkit.dumps({"tool": {"claims": table}})
    (root / "pyproject.toml").write_text(text, encoding="utf-8")
    value = next(iter(tomllib.loads(text)["tool"]["claims"].values()))
    with pytest.raises(ConfigError) as info:
        load_config(root)
    message = str(info.value)
    assert "\n" not in message and message.startswith("pyproject.toml")
    return message, value


def described(value: object) -> str:
    """How a message shows a value (restated from the contract: TOML types, short, one line)."""
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a float ({value})"
    if isinstance(value, str):
        shown = repr(value)
        return f"a string ({shown if len(shown) <= 60 else shown[:57] + '...'})"
    if isinstance(value, list):
        return "an array"
    return "a table"


toml_scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.characters(blacklist_categories=["Cs"]), max_size=70),
)
non_arrays = st.one_of(
    toml_scalars, st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), st.integers(), max_size=2)
)
ARRAY_KEYS = {
    "packages": "paths relative to pyproject.toml",
    "exclude": "glob patterns",
    "trusted": "dotted names",
    "follow": "dotted names",
    "mutating-returns": "dotted names",
}
dotted = st.from_regex(r"[a-z_][a-z0-9_]{0,6}(\.[a-z_][a-z0-9_]{0,6}){0,3}", fullmatch=True)
not_dotted = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12).filter(
    lambda s: not (s and all(part.isidentifier() for part in s.split(".")))
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(key=st.sampled_from(sorted(ARRAY_KEYS)), value=non_arrays)
def test_array_keys_refuse_other_types_precisely(config_root: Path, key: str, value: object) -> None:
    message, read = config_error(config_root, {key: value})
    expected = f"{key}: expected an array of {ARRAY_KEYS[key]}, got {described(read)}"
    assert message == f"pyproject.toml: [tool.claims] {expected}"


@SETTINGS
@given(
    where=st.sampled_from(["trusted", "follow", "mutating-returns", "deny", "allow", "trusted-for", "define"]),
    good=st.lists(dotted, max_size=3),
    bad=st.lists(not_dotted, min_size=1, max_size=2),
    at=st.integers(0, 3),
)
def test_dotted_names_name_the_first_bad_one(
    config_root: Path, where: str, good: list[str], bad: list[str], at: int
) -> None:
    names = [*good[:at], *bad, *good[at:]]
    shape = "(expected names like 'pkg.module.func')"
    if where in ("deny", "allow", "trusted-for"):
        table: dict[str, Any] = {where: {"deterministic": names}}
        prefix = f"[tool.claims.{where}] deterministic"
    elif where == "define":
        table = {"define": {"offline": {"categories": ["network"], "deny": names}}}
        prefix = "[tool.claims.define.offline] deny"
    else:
        table = {where: names}
        prefix = f"[tool.claims] {where}"
    message, _ = config_error(config_root, table)
    assert message == f"pyproject.toml: {prefix}: {bad[0]!r} is not a dotted name {shape}"


@SETTINGS
@given(
    key=st.sampled_from(["external", "on-unevaluable", "dynamic-calls"]),
    value=toml_scalars.filter(lambda v: v not in ("unevaluable", "trust", "fail", "skip", "ignore")),
)
def test_choices_refuse_everything_else_precisely(config_root: Path, key: str, value: object) -> None:
    message, read = config_error(config_root, {key: value})
    shown = {
        "external": '"unevaluable" or "trust"',
        "on-unevaluable": '"fail" or "skip"',
        "dynamic-calls": '"ignore" or "unevaluable"',
    }[key]
    assert message == f"pyproject.toml: [tool.claims] {key}: expected {shown}, got {described(read)}"


@SETTINGS
@given(value=st.one_of(st.integers(max_value=0), st.booleans(), st.floats(allow_nan=False), st.text(max_size=8)))
def test_max_walk_refuses_all_but_positive_integers(config_root: Path, value: object) -> None:
    message, read = config_error(config_root, {"max-walk": value})
    assert message == f"pyproject.toml: [tool.claims] max-walk: expected a positive integer, got {described(read)}"


@SETTINGS
@given(value=st.integers(1, 2**63 - 1))
def test_max_walk_accepts_positive_integers(config_root: Path, value: int) -> None:
    (config_root / "pyproject.toml").write_text(f"[tool.claims]\nmax-walk = {value}\n")
    assert load_config(config_root).max_walk == value


@SETTINGS
@given(
    key=st.sampled_from(["platform", "platforms"]),
    names=st.lists(st.one_of(st.sampled_from(sorted(KNOWN_PLATFORMS)), st.text(max_size=8)), min_size=1, max_size=4),
    as_string=st.booleans(),
)
def test_platforms_name_the_first_unknown_one(config_root: Path, key: str, names: list[str], as_string: bool) -> None:
    value: str | list[str] = ",".join(names) if as_string else names
    written = [p.strip() for p in value.split(",")] if isinstance(value, str) else [p.strip() for p in value]
    unknown = [p for p in written if p not in KNOWN_PLATFORMS]
    (config_root / "pyproject.toml").write_text(tomlkit.dumps({"tool": {"claims": {key: value}}}), encoding="utf-8")
    if not unknown:
        config = load_config(config_root)
        assert (config.platform if key == "platform" else config.platforms) == tuple(dict.fromkeys(written))
        return
    message, _ = config_error(config_root, {key: value})
    known = ", ".join(sorted(KNOWN_PLATFORMS))
    pattern = rf"pyproject\.toml: \[tool\.claims\] {key}: unknown platform {re.escape(repr(unknown[0]))} "
    pattern += rf"\((did you mean '[a-z0-9]+'\? )?known: {re.escape(known)}\)"
    assert re.fullmatch(pattern, message), message


VALID_KEYS = [
    *("allow", "claims-observe", "deny", "define", "dynamic-calls", "exclude", "external", "follow"),
    *("forbid-reaches", "max-walk", "mutating-returns", "on-unevaluable", "packages", "platform", "platforms"),
    *("trusted", "trusted-for"),
]


@SETTINGS
@given(key=st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,20}", fullmatch=True).filter(lambda k: k not in VALID_KEYS))
def test_unknown_keys_suggest_a_valid_one_or_list_them(config_root: Path, key: str) -> None:
    message, _ = config_error(config_root, {key: 1})
    head = f"pyproject.toml: [tool.claims] unknown key {key!r} "
    assert message.startswith(head)
    tail = message[len(head) :]
    suggestion = re.fullmatch(r"\(did you mean '([a-z-]+)'\?\)", tail)
    listed = f"(valid: {', '.join(sorted(VALID_KEYS))})"
    assert (suggestion is not None and suggestion.group(1) in VALID_KEYS) or tail == listed


@SETTINGS
@given(
    name=st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=10),
    categories=st.lists(st.one_of(st.sampled_from(sorted(CATEGORIES)), st.text(max_size=6)), min_size=1, max_size=3),
)
def test_custom_claims_are_refused_precisely(config_root: Path, name: str, categories: list[str]) -> None:
    (config_root / "pyproject.toml").write_text(
        tomlkit.dumps({"tool": {"claims": {"define": {name: {"categories": categories}}}}}), encoding="utf-8"
    )
    unknown = [c for c in categories if c not in CATEGORIES]
    if name in ("deterministic", "sandboxed", "idempotent"):
        expected = f"[tool.claims.define] {name!r} collides with the built-in claim of that name"
    elif not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        expected = f"[tool.claims.define] {name!r} is not a valid claim name"
    elif unknown:
        expected = f"[tool.claims.define.{name}] categories: unknown category {unknown[0]!r}"
    else:
        assert load_config(config_root).define[name].categories == frozenset(categories)
        return
    with pytest.raises(ConfigError) as info:
        load_config(config_root)
    assert str(info.value).startswith(f"pyproject.toml: {expected}")
    assert "\n" not in str(info.value)


# =========================================================================================================
# 6. The cache under eight concurrent runs, and with damaged entries


def pytest_run(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "claims", "-q", "-rA", "--color=no", *args],
        cwd=project,
        env=env or subprocess_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def normalized(output: str) -> str:
    """The run's text without its timing, nor the summary's analysis line (its time, and how much of the work
    the cache saved, differ between equivalent runs)."""
    output = re.sub(r"(?m)^analysis: [0-9.]+ s, .*$", "analysis: ...", output)
    return re.sub(r" in [0-9.]+s( \([0-9:]+\))?", "", output)


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    out, _ = process.communicate(timeout=300)
    return process.returncode, normalized(out)


@pytest.mark.slow
def test_eight_concurrent_runs_share_one_damaged_cache(tmp_path: Path) -> None:
    """A cold run fills the cache; every entry is then truncated or replaced by garbage, and eight runs share
    it at once: each reads damaged entries, rebuilds them and writes them over the others'. Same text, always."""
    project = tmp_path / "project"
    shutil.copytree(VIOLATIONS, project)
    shared = tmp_path / "shared-cache"
    trace = tmp_path / "trace.txt"
    env = subprocess_env(PYTEST_CLAIMS_TRACE=str(trace))
    args = ("-o", f"cache_dir={shared}", "--claims-all-platforms")
    reference = finish(pytest_run(project, *args, env=env))
    assert reference[0] == pytest.ExitCode.TESTS_FAILED and "Traceback" not in reference[1]
    assert "claims deterministic but reaches time.time" in reference[1]
    claims_cache = shared / "d" / "claims"  # pytest's cache.mkdir("claims")
    entries = sorted(p for p in claims_cache.rglob("*") if p.is_file() and not p.name.startswith(".tmp-"))
    facts = [p for p in entries if p.parent.parent.name.startswith("facts-")]
    verdicts = [p for p in entries if p.name.startswith("verdicts-")]
    assert len(facts) > 2 and len(verdicts) == 1, entries
    for index, entry in enumerate(facts + verdicts):
        data = entry.read_bytes()
        entry.write_bytes(data[: len(data) // 2] if index % 2 else b"\x80garbage" * 3)
    runs = [pytest_run(project, *args, env=env) for _ in range(8)]
    for code, text in (finish(run) for run in runs):
        assert (code, text) == reference, text
    lines = trace.read_text().splitlines()
    assert len(lines) == 9 and all(line.startswith("engine-run ") for line in lines)  # one per session
    assert any(" parsed=0 " not in line for line in lines[1:])  # damaged entries were rebuilt, not trusted


# =========================================================================================================
# 7. The plugin's own determinism


@pytest.mark.slow
def test_output_does_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(VIOLATIONS, project)
    runs = []
    for seed in ("0", "12345"):
        report = f"report-{seed}.json"
        process = pytest_run(
            project,
            "-p",
            "no:cacheprovider",
            "--claims-all-platforms",
            f"--claims-report={report}",
            env=subprocess_env(PYTHONHASHSEED=seed),
        )
        code, text = finish(process)
        runs.append((code, text.replace(report, "report.json"), (project / report).read_bytes()))
    assert runs[0][0] == pytest.ExitCode.TESTS_FAILED
    assert "claims deterministic but" in runs[0][1]
    assert runs[0] == runs[1]


class _Listing:
    def __init__(self, entries: list[os.DirEntry[str]]) -> None:
        self.entries = entries

    def __iter__(self) -> Iterator[os.DirEntry[str]]:
        return iter(self.entries)

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def close(self) -> None:
        return None


@pytest.mark.parametrize("fixture", [VIOLATIONS, RULES], ids=["violations", "rules"])
def test_results_do_not_depend_on_file_system_order(monkeypatch: pytest.MonkeyPatch, fixture: Path) -> None:
    def run() -> tuple[object, ...]:
        result = check(fixture, ["darwin", "linux", "win32"], details=True)
        return (result.claims, result.errors, result.problems, result.rules, json_report(result, result.rules, "0"))

    baseline = run()
    real = os.scandir

    def backwards(path: Any = ".") -> _Listing:
        with real(path) as listing:
            entries = list(listing)
        entries.sort(key=lambda entry: hashlib.sha256(entry.name.encode()).hexdigest(), reverse=True)
        return _Listing(entries)

    monkeypatch.setattr(os, "scandir", backwards)
    assert run() == baseline


# =========================================================================================================
# 8. Fail closed under the plugin


def test_unreadable_files_are_listed_and_their_dependants_fail(pytester: pytest.Pytester) -> None:
    bad_project(pytester.path, HEAD + b"# caf\xe9\n")
    result = pytester.runpytest("-p", "claims", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*pkg.user.uses claims deterministic but is unevaluable*",
            "*pkg.bad.helper at pkg/user.py:6: pkg/bad.py:4: cannot decode: byte 0xe9 is not valid utf-8*",
            "*unreadable: pkg/bad.py:4: cannot decode: byte 0xe9 is not valid utf-8",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_a_run_with_an_unreadable_claims_file_does_not_pass(pytester: pytest.Pytester) -> None:
    write(
        pytester.path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/good.py": GOOD,
            "pkg/bad.py": b"# claims: deterministic\ndef f(:\n    pass\n",
        },
    )
    result = pytester.runpytest("-p", "claims")
    result.stdout.fnmatch_lines(["*unreadable: pkg/bad.py:2: syntax error: invalid syntax"])
    assert result.ret != pytest.ExitCode.OK
